"""A problem on the chapter *Attracteurs* / *Attractors*: the steps of both attractors
with their ranks on an arena with cycles, draws and a dead end. Removing or adding an
edge is :mod:`coursebuild.course.bank.monotone`, which shares :data:`NAMES`."""

from __future__ import annotations

from arena import Arena, StrategyError, verify_strategy
from arena.course import naive_attractor_steps
from arena.render import View
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

NAMES = {"aretes_decisives": "decisive_edges", "resultat": "result"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""

# ---------------------------------------------------------------------------------
# attractor-ranks-draws

RANKS_DRAWS = "attractor-ranks-draws"
DEPTHS = (3, 5, 7)
"""The rank of the start in J_0's attractor, the greatest rank there (one a variant)."""
SIZE = (11, 15)


def _layers(steps: list[set]) -> list[list[str]]:
    """The vertices added at each step of the definition, sorted."""
    out, seen = [], set()
    for step in steps:
        out.append(sorted(step - seen, key=name))
        seen |= step
    return out


def _looping_choice(g: Arena, ranks0: dict) -> tuple[str, str] | None:
    """A move x -> y of J_0 inside its attractor whose rank does not go down, with y of
    J_1 able to answer y -> x: the shortest loop a strategy into 𝒜⁰ can fall into."""
    for x in sorted(g.S0, key=name):
        if x not in ranks0 or g.victory(x) is not None:
            continue
        for y in g.successors(x):
            if y in ranks0 and ranks0[y] >= ranks0[x] and x in g.successors(y):
                return x, y
    return None


def _draw_arena(seed: int) -> tuple[Arena, tuple[str, str]]:
    r = rng(RANKS_DRAWS, seed)
    depth = r.choice(DEPTHS)
    for _ in range(10_000):
        wide = {3: 0.8, 5: 0.5, 7: 0.15}[depth]
        plan = Plan(ranks0=tuple(r.randint(1, 2) if k < depth and r.random() < wide else 1
                                 for k in range(depth + 1)),
                    ranks1=(1, r.randint(1, 2), 1),
                    draws0=r.randint(1, 2), draws1=r.randint(1, 2), dead0=0, dead1=1)
        g, _ = planted(r, plan)
        if not SIZE[0] <= len(g) <= SIZE[1] or len(reach(g, "a")) != len(g):
            continue
        sol = solve_small(g)
        loop = _looping_choice(g, sol.attractor(0))
        if loop is not None:
            return g, loop
    raise RuntimeError(f"{RANKS_DRAWS}: no arena found for the seed {seed}")


def ranks_draws(seed: int) -> Variant:
    g, (lx, ly) = _draw_arena(seed)
    sol = solve_small(g)
    a0, a1 = sol.attractor(0), sol.attractor(1)
    layers0, layers1 = sol.layers(0), sol.layers(1)
    terminal = sorted((v for v in g.vertices if g.victory(v) is not None
                       or not g.successors(v)), key=name)
    dead = [v for v in terminal if g.victory(v) is None]
    draws = sorted((v for v in g.vertices if sol.winner[v] is None), key=name)
    draw_moves = {v: sol.move[v] for v in draws if sol.move[v] is not None}
    strategy0 = sol.strategy(0)
    play = [g.start]
    while g.victory(play[-1]) is None:
        play.append(sol.move[play[-1]])
    loop_strategy = dict(strategy0)
    loop_strategy[lx] = ly
    answers = {
        "terminal": terminal, "dead_ends": dead,
        "layers0": [sorted(layer, key=name) for layer in layers0],
        "layers1": [sorted(layer, key=name) for layer in layers1],
        "ranks0": dict(sorted(a0.items())), "ranks1": dict(sorted(a1.items())),
        "draws": draws, "draw_moves": draw_moves,
        "winner": 0, "start_rank": a0["a"],
        "strategy0": dict(sorted(strategy0.items())), "play": play,
        "loop": {"strategy": dict(sorted(loop_strategy.items())), "from": lx,
                 "play": [lx, ly, lx]},
    }
    figures = {
        "graph": arena_figure(g, bi(
            f"Le jeu du problème : {len(g)} positions, cercles pour J₀, carrés pour J₁, "
            "double bordure pour les positions de victoire ; la flèche désigne le départ a.",
            f"The game of the problem: {len(g)} positions, circles for J₀, squares for J₁, "
            "a double border for victory positions; the arrow points at the start a.")),
        "solved": arena_figure(g, bi(
            "Corrigé : en bleu l'attracteur de J₀, en vermillon à bord tireté celui de J₁, "
            "avec le rang à côté de chaque position ; en blanc les positions nulles. Flèches "
            "épaisses bleues : la stratégie de J₀.",
            "Solution: in blue the attractor of J₀, in vermilion with a dashed border that "
            "of J₁, with the rank beside each position; in white the drawn positions. Thick blue "
            "arrows: the strategy of J₀."), solution=sol,
            view=View(winners=True, ranks=True, strategy=0)),
    }

    def steps_table(layers: list[list], i: int, lang: str) -> str:
        rows = []
        for n, layer in enumerate(layers):
            for v in layer:
                rows.append((n, f"${name(v)}$", _reason(g, v, i, n, layers, lang)))
        head = (("Étape $n$", "Position ajoutée", "Raison") if lang == "fr"
                else ("Step $n$", "Position added", "Reason"))
        return table(head, rows, "rll")

    def cumulative(layers: list[list], i: int) -> str:
        acc: list = []
        parts = []
        for n, layer in enumerate(layers):
            acc = acc + layer
            parts.append(rf"- $\mathcal{{A}}^{i}_{n} = {mset(sorted(acc, key=name))}$")
        return "\n".join(parts)

    depth0, depth1 = len(layers0) - 1, len(layers1) - 1
    v0, v1 = mset(g.V0), mset(g.V1)
    intro = bi(
        "On considère le jeu ci-dessous. Les cercles sont les positions de $J_0$, les "
        "carrés celles de $J_1$ ; une double bordure marque une position de victoire, "
        f"avec $V_0 = {v0}$ et $V_1 = {v1}$ ; la flèche venue de nulle part désigne le "
        "départ $a$. Le tableau donne les successeurs de chaque position, dans l'ordre où "
        "le graphe les donne.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "fr")
        + "\n\nOn note $T$ l'ensemble des positions terminales (sans successeur) et "
        r"$\mathcal{A}^i_n$ les étapes de l'attracteur de $J_i$ ; un coup est le "
        "déplacement d'un joueur.",
        "Consider the game below. Circles are the positions of $J_0$, squares those of "
        "$J_1$; a double border marks a victory position, with "
        f"$V_0 = {v0}$ and $V_1 = {v1}$; the arrow coming from nowhere points at the start "
        "$a$. The table gives the successors of each position, in the order the graph "
        "gives them.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "en")
        + "\n\n$T$ is the set of terminal positions (without successor) and "
        r"$\mathcal{A}^i_n$ are the steps of the attractor of $J_i$; a move is one "
        "player's step.")

    dead_list_fr = words([f"${name(v)}$" for v in dead], "fr")
    dead_list_en = words([f"${name(v)}$" for v in dead], "en")
    q1 = Q(
        bi("Donner les positions terminales du jeu, puis ses culs-de-sac. Un cul-de-sac "
           r"peut-il appartenir à $\mathcal{A}^0$ ou à $\mathcal{A}^1$ ? Justifier à "
           "partir de la définition.",
           "Give the terminal positions of the game, then its dead ends. Can a dead end "
           r"belong to $\mathcal{A}^0$ or to $\mathcal{A}^1$? Justify from the definition."),
        bi(f"$T = {mset(terminal)}$ : les positions de victoire et le cul-de-sac "
           f"{dead_list_fr}, seule position sans successeur qui n'est pas une victoire. "
           r"Un cul-de-sac $x$ n'est pas dans $V_0 \cup V_1$, donc pas dans "
           r"$\mathcal{A}^i_0 = V_i$ ; et les étapes suivantes n'ajoutent que des "
           r"positions de $S_i \setminus T$ ou de $S_{1-i} \setminus T$. Comme $x \in T$, "
           "il n'entre dans aucun des deux attracteurs : c'est une position nulle.",
           f"$T = {mset(terminal)}$: the victory positions and the dead end "
           f"{dead_list_en}, the only position without successor that is not a victory position. A "
           r"dead end $x$ is not in $V_0 \cup V_1$, hence not in $\mathcal{A}^i_0 = V_i$; "
           r"and the later steps only add positions of $S_i \setminus T$ or of "
           r"$S_{1-i} \setminus T$. As $x \in T$, it enters neither attractor: it is a "
           "drawn position."),
        [(1, bi("$T$ et le cul-de-sac", "$T$ and the dead end")),
         (1, bi("justification par $x \\in T$ (pas seulement « il n'a pas de coup »)",
                "justified by $x \\in T$ (not only \"it has no move\")"))])
    q2 = Q(
        bi(r"Calculer les étapes $\mathcal{A}^0_0, \mathcal{A}^0_1, \dots$ de l'attracteur "
           "de $J_0$ jusqu'à ce qu'elles ne changent plus, en justifiant chaque position "
           "ajoutée, puis donner le rang de chaque position de $\\mathcal{A}^0$.",
           r"Compute the steps $\mathcal{A}^0_0, \mathcal{A}^0_1, \dots$ of the attractor "
           "of $J_0$ until they no longer change, justifying each position added, then "
           "give the rank of each position of $\\mathcal{A}^0$."),
        {lang: steps_table(layers0, 0, lang) + "\n\n" + cumulative(layers0, 0) + "\n\n"
         + (f"L'étape {depth0 + 1} n'ajoute rien : $\\mathcal{{A}}^0 = "
            f"\\mathcal{{A}}^0_{depth0}$, et le rang de chaque position est l'étape où elle "
            "est ajoutée : " if lang == "fr" else
            f"Step {depth0 + 1} adds nothing: $\\mathcal{{A}}^0 = \\mathcal{{A}}^0_{depth0}$, "
            "and the rank of each position is the step where it is added: ")
         + ", ".join(f"${rg(lang)}({name(v)}) = {a0[v]}$" for v in sorted(a0, key=name))
         + "." for lang in ("fr", "en")},
        [(1, bi("$\\mathcal{A}^0_0 = V_0$", "$\\mathcal{A}^0_0 = V_0$")),
         (3, bi("les étapes suivantes, justifiées (un successeur suffit pour $J_0$, tous "
                "les successeurs pour $J_1$)",
                "the later steps, justified (one successor is enough for $J_0$, all "
                "successors for $J_1$)")),
         (1, bi("l'arrêt, quand une étape n'ajoute rien", "the end, when a step adds nothing")),
         (1, bi("les rangs", "the ranks"))])
    q3 = Q(
        bi(r"Faire de même pour l'attracteur $\mathcal{A}^1$ de $J_1$.",
           r"Do the same for the attractor $\mathcal{A}^1$ of $J_1$."),
        {lang: steps_table(layers1, 1, lang) + "\n\n" + cumulative(layers1, 1) + "\n\n"
         + (f"L'étape {depth1 + 1} n'ajoute rien ; rangs : " if lang == "fr"
            else f"Step {depth1 + 1} adds nothing; ranks: ")
         + ", ".join(f"${rg(lang)}({name(v)}) = {a1[v]}$" for v in sorted(a1, key=name))
         + "." for lang in ("fr", "en")},
        [(1, bi("$\\mathcal{A}^1_0 = V_1$ et les étapes",
                "$\\mathcal{A}^1_0 = V_1$ and the steps")),
         (2, bi("les justifications", "the justifications")),
         (1, bi("les rangs", "the ranks"))])

    def draw_sentence(v: str, lang: str) -> str:
        p, y = g.owner(v), draw_moves[v]
        if lang == "fr":
            return (f"en ${name(v)}$, $J_{p}$ joue ${name(y)}$, hors de "
                    f"$\\mathcal{{A}}^{1 - p}$")
        return f"at ${name(v)}$, $J_{p}$ plays ${name(y)}$, outside $\\mathcal{{A}}^{1 - p}$"

    moving = [v for v in draws if v in draw_moves]
    q4 = Q(
        bi("Quelles positions ne sont dans aucun des deux attracteurs ? Pour chacune de "
           "celles qui ont un successeur, donner un coup de son propriétaire qui reste hors "
           "de l'attracteur de l'adversaire, puis décrire ce qui se passe depuis ces "
           "positions quand chacun joue au mieux.",
           "Which positions are in neither attractor? For each of those that have a "
           "successor, give a move of its owner that stays out of the opponent's "
           "attractor, then describe what happens from these positions when both play "
           "their best."),
        bi(f"Les positions nulles sont {words([f'${name(v)}$' for v in draws], 'fr')}. "
           + "Coups qui conviennent : " + " ; ".join(draw_sentence(v, "fr") for v in moving)
           + ". Un tel coup existe toujours : si tous les successeurs d'une position nulle "
           "de $J_i$ étaient dans $\\mathcal{A}^{1-i}$, elle y serait aussi. Et une position "
           "nulle de l'adversaire n'a aucun successeur dans $\\mathcal{A}^{1-i}$. Depuis ces "
           "positions, chaque joueur garde donc la partie hors de l'attracteur de l'autre : "
           "elle tourne indéfiniment entre positions nulles, ou s'arrête sur le cul-de-sac : "
           "c'est un match nul.",
           f"The drawn positions are {words([f'${name(v)}$' for v in draws], 'en')}. "
           "Moves that keep them drawn: "
           + "; ".join(draw_sentence(v, "en") for v in moving)
           + ". Such a move always exists: if all the successors of a drawn position of "
           "$J_i$ were in $\\mathcal{A}^{1-i}$, it would be there too. And a drawn position "
           "of the opponent has no successor in $\\mathcal{A}^{1-i}$. From these positions, "
           "each player therefore keeps the play out of the other's attractor: it goes on "
           "forever among drawn positions, or stops at the dead end: it is a draw."),
        [(1, bi("les positions nulles", "the drawn positions")),
         (1, bi("un coup correct pour chacune (tout coup hors de l'attracteur adverse)",
                "a correct move for each (any move out of the opponent's attractor)")),
         (1, bi("la partie reste nulle, avec la raison",
                "the play stays a draw, with the reason"))],
        items=[f"${name(v)}$" for v in sorted(g.vertices, key=name) if sol.winner[v] is None]
        + [f"${name(v)}$, $J_{g.owner(v)}$" for v in sorted(g.vertices, key=name)
           if sol.winner[v] is None and g.successors(v)])
    strat_fr = ", ".join(f"${name(x)} \\to {name(y)}$" for x, y in sorted(strategy0.items())
                         if x in a0)
    play_text = r" \to ".join(name(v) for v in play)
    q5 = Q(
        bi("Qui gagne depuis le départ $a$, et en au plus combien de coups (des deux "
           "joueurs) contre la meilleure défense ? Donner une stratégie gagnante de ce "
           "joueur sur les positions de son attracteur, et la partie obtenue quand "
           "l'adversaire retarde sa défaite le plus possible.",
           "Who wins from the start $a$, and within how many moves (of both players) "
           "against the best defence? Give a winning strategy of that player on the "
           "positions of their attractor, and the play obtained when the opponent delays their "
           "defeat as long as possible."),
        bi(f"$a \\in \\mathcal{{A}}^0$ avec ${rg('fr')}(a) = {a0['a']}$ : $J_0$ gagne, en au "
           f"plus {a0['a']} coups, et pas moins contre la meilleure défense (le rang compte "
           "exactement ces coups). Une stratégie gagnante joue depuis chaque position de "
           "$J_0$ de rang $r$ un successeur de rang $r - 1$ : " + strat_fr + ". "
           "L'adversaire, qui perd, joue le successeur de plus grand rang : la partie est "
           f"${play_text}$, de {len(play) - 1} coups.",
           f"$a \\in \\mathcal{{A}}^0$ with ${rg('en')}(a) = {a0['a']}$: $J_0$ wins, within "
           f"{a0['a']} moves, and not fewer against the best defence (the rank counts "
           "exactly these moves). A winning strategy plays, from each position of $J_0$ of "
           "rank $r$, a successor of rank $r - 1$: " + strat_fr + ". The opponent, who "
           "loses, plays the successor of greatest rank: the play is "
           f"${play_text}$, of {len(play) - 1} moves."),
        [(1, bi("$J_0$, en au plus " + str(a0["a"]) + " coups",
                "$J_0$, within " + str(a0["a"]) + " moves")),
         (1, bi("une stratégie qui fait baisser le rang de 1",
                "a strategy that lowers the rank by 1")),
         (1, bi("la partie", "the play"))])
    rx, ry = a0[lx], a0[ly]
    q6 = Q(
        bi(r"Une stratégie de $J_0$ qui joue toujours vers une position de "
           r"$\mathcal{A}^0$ est-elle toujours gagnante depuis les positions de "
           r"$\mathcal{A}^0$ ? Répondre sur ce jeu.",
           r"Is a strategy of $J_0$ that always moves to a position of $\mathcal{A}^0$ "
           r"always winning from the positions of $\mathcal{A}^0$? Answer on this game."),
        bi(f"Non. Modifions la stratégie de la question 5 en ${name(lx)}$ : jouer "
           f"${name(ly)}$, de rang {ry}, alors que ${rg('fr')}({name(lx)}) = {rx}$. Tous ses "
           r"coups mènent encore dans $\mathcal{A}^0$, mais $J_1$ répond "
           f"${name(ly)} \\to {name(lx)}$ : la partie "
           f"${name(lx)} \\to {name(ly)} \\to {name(lx)} \\to \\dots$ suit la stratégie, elle "
           f"est infinie, donc pas gagnante pour $J_0$, depuis ${name(lx)} \\in "
           r"\mathcal{A}^0$. Il faut faire baisser le rang à chaque coup.",
           f"No. Change the strategy of question 5 at ${name(lx)}$: play ${name(ly)}$, of "
           f"rank {ry}, while ${rg('en')}({name(lx)}) = {rx}$. All its moves still lead into "
           r"$\mathcal{A}^0$, but $J_1$ answers "
           f"${name(ly)} \\to {name(lx)}$: the play "
           f"${name(lx)} \\to {name(ly)} \\to {name(lx)} \\to \\dots$ follows the strategy, is "
           f"infinite, hence not winning for $J_0$, from ${name(lx)} \\in \\mathcal{{A}}^0$. "
           "The rank must go down at each move."),
        [(1, bi("non, avec une stratégie de ce jeu", "no, with a strategy of this game")),
         (1, bi("la partie infinie qui la suit", "the infinite play that follows it"))])
    params = {"arena": arena_params(g)}
    return compose(RANKS_DRAWS, seed, params, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers,
                   solution_intro=bi("<!-- figure: solved -->", "<!-- figure: solved -->"))


def _reason(g: Arena, v: str, i: int, n: int, layers: list[list], lang: str) -> str:
    """Why ``v`` enters the attractor of J_i at step n."""
    if n == 0:
        return f"${name(v)} \\in V_{i}$"
    prev = {x for layer in layers[:n] for x in layer}
    succ = g.successors(v)
    if g.owner(v) == i:
        y = next(y for y in succ if y in prev and y in layers[n - 1])
        return (f"$J_{i}$ joue ${name(y)} \\in \\mathcal{{A}}^{i}_{{{n - 1}}}$" if lang == "fr"
                else f"$J_{i}$ plays ${name(y)} \\in \\mathcal{{A}}^{i}_{{{n - 1}}}$")
    inside = mset(succ)
    return (f"tous ses successeurs, ${inside}$, sont dans $\\mathcal{{A}}^{i}_{{{n - 1}}}$"
            if lang == "fr" else
            f"all its successors, ${inside}$, are in $\\mathcal{{A}}^{i}_{{{n - 1}}}$")


def check_ranks_draws(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans = v.answers
    need(SIZE[0] <= len(g) <= SIZE[1] and g.is_bipartite())
    need(len(reach(g, "a")) == len(g), "every position is reachable from the start")
    # the definition, iterated to its fixpoint
    steps = {i: naive_attractor_steps(g, i) for i in (0, 1)}
    need(_layers(steps[0]) == ans["layers0"] and _layers(steps[1]) == ans["layers1"])
    ranks = {i: {x: n for n, layer in enumerate(_layers(steps[i])) for x in layer}
             for i in (0, 1)}
    need(ranks[0] == ans["ranks0"] and ranks[1] == ans["ranks1"])
    terminal = sorted((x for x in g.vertices if not g.successors(x)
                       or g.victory(x) is not None), key=name)
    need(terminal == ans["terminal"])
    need(ans["dead_ends"] == [x for x in terminal if g.victory(x) is None])
    need(len(ans["dead_ends"]) == 1)
    draws = sorted((x for x in g.vertices if x not in ranks[0] and x not in ranks[1]),
                   key=name)
    need(draws == ans["draws"])
    moving = [x for x in draws if g.successors(x)]
    need(len(moving) >= 2 and sorted(ans["draw_moves"]) == moving)
    for x, y in ans["draw_moves"].items():
        need(y in g.successors(x) and y not in ranks[1 - g.owner(x)])
    # difficulty: the start is J_0's, at the greatest rank; J_1 wins somewhere too
    need(ans["winner"] == 0)
    depth = ans["start_rank"]
    need(depth == ranks[0]["a"] == max(ranks[0].values()) and depth in DEPTHS)
    need(len(ranks[1]) - len(g.V1) >= 2)
    # the strategy wins: every reply of J_1 explored
    sol = solve_small(g)
    longest = verify_strategy(g, 0, ans["strategy0"], solution=sol)
    need(longest["a"] == depth)
    play = ans["play"]
    need(play[0] == "a" and play[-1] in g.V0 and len(play) - 1 == depth)
    for x, y in zip(play, play[1:]):
        need(y in g.successors(x))
        if g.owner(x) == 0:
            need(ans["strategy0"][x] == y)
        else:       # the loser delays: the successor of greatest rank
            need(ranks[0][y] == max(ranks[0][z] for z in g.successors(x)))
    # the strategy into 𝒜⁰ that loops
    loop = ans["loop"]
    x, y = loop["play"][0], loop["play"][1]
    need(loop["play"] == [x, y, x] and y in g.successors(x) and x in g.successors(y))
    need(all(loop["strategy"][s] in ranks[0] for s in loop["strategy"] if s in ranks[0]))
    try:
        verify_strategy(g, 0, loop["strategy"], solution=sol)
    except StrategyError as e:
        need("loops" in str(e))
    else:
        raise AssertionError("the strategy into the attractor should loop")


PROBLEMS = (
    problem(id=RANKS_DRAWS, chapter="attractors", generate=ranks_draws, check=check_ranks_draws,
            title=bi("Attracteurs, rangs et matchs nuls", "Attractors, ranks and draws"),
            names=NAMES),
)


FIELDS = {
    RANKS_DRAWS: (
        ask(1, "terminal", "set", "Positions terminales", "Terminal positions"),
        ask(1, "dead_ends", "set", "Culs-de-sac", "Dead ends"),
        ask(2, "ranks0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
            "Rank of each position of $\\mathcal{A}^0$"),
        ask(3, "ranks1", "map", "Rang de chaque position de $\\mathcal{A}^1$",
            "Rank of each position of $\\mathcal{A}^1$"),
        ask(4, "draws", "set", "Positions dans aucun attracteur",
            "Positions in neither attractor"),
        ask(5, "winner", "winner", "Qui gagne depuis $a$ ?", "Who wins from $a$?"),
        ask(5, "start_rank", "number", "En combien de coups", "Within how many moves"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
