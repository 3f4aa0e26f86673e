"""Problems on the chapter *Parties et stratégies* / *Plays and strategies*: every play
and every memoryless strategy of a small game without cycle, counted and sorted."""

from __future__ import annotations

import itertools
from typing import Any

from arena import Arena
from arena.course import naive_attractor
from arena.strategies import play as follow
from arena.strategies import reachable
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

PLAYS = "plays-strategies-count"


def all_plays(g: Arena, x: Any) -> list[list[Any]]:
    """Every play from ``x`` in an arena without cycle, by a depth-first search: a play
    stops at a victory position or a dead end."""
    if g.victory(x) is not None or not g.successors(x):
        return [[x]]
    return [[x] + p for y in g.successors(x) for p in all_plays(g, y)]


def strategies(g: Arena, player: int) -> list[dict]:
    """Every memoryless strategy of ``player``: one successor at each of its positions
    that is not terminal, in the order of the successors."""
    mine = [v for v in sorted(g.vertices, key=name)
            if g.owner(v) == player and g.victory(v) is None and g.successors(v)]
    return [dict(zip(mine, choice))
            for choice in itertools.product(*(g.successors(v) for v in mine))]


def wins_from(g: Arena, player: int, strategy: dict, x: Any) -> bool:
    """Whether every play from ``x`` that follows ``strategy`` is won by ``player`` (the
    arena has no cycle: every play is finite)."""
    if g.victory(x) is not None:
        return g.victory(x) == player
    if not g.successors(x):
        return False
    if g.owner(x) == player:
        return wins_from(g, player, strategy, strategy[x])
    return all(wins_from(g, player, strategy, y) for y in g.successors(x))


def _arena(seed: int) -> Arena:
    r = rng(PLAYS, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(r.randint(1, 2), 1, 1, 1), ranks1=(1, 1, r.randint(0, 1)),
                    draws0=r.randint(0, 1), draws1=0, dead0=0, dead1=1)
        g, _ = planted(r, plan, extra=0.7, acyclic=True)
        if len(reach(g, "a")) != len(g) or not 8 <= len(g) <= 10:
            continue
        plays = all_plays(g, "a")
        if not 6 <= len(plays) <= 14:
            continue
        s0 = strategies(g, 0)
        if not 8 <= len(s0) <= 24:
            continue
        won = [s for s in s0 if wins_from(g, 0, s, "a")]
        ends = {g.victory(p[-1]) for p in plays}
        if 2 <= len(won) < len(s0) and ends == {0, 1, None}:
            return g
    raise RuntimeError(f"{PLAYS}: no arena found for the seed {seed}")


NAMES = {"parties": "plays", "resultat": "result", "issue": "outcome"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


CODE = listing('''
def parties(A, x):
    #fr La liste des parties depuis x, dans un graphe sans cycle (listes de sommets).
    #fr position terminale : la partie s'arrête
    #en The list of the plays from x, in a graph without cycle (lists of vertices).
    #en terminal position: the play stops
    if A[x] == []:
        return [[x]]
    resultat = []
    for y in A[x]:
        for p in parties(A, y):
            resultat.append([x] + p)
    return resultat''', NAMES)


def plays_count(seed: int) -> Variant:
    g = _arena(seed)
    sol = solve_small(g)
    plays = all_plays(g, "a")
    outcome = {0: [], 1: [], None: []}
    for p in plays:
        outcome[g.victory(p[-1])].append(p)
    s0, s1 = strategies(g, 0), strategies(g, 1)
    won = [s for s in s0 if wins_from(g, 0, s, "a")]
    mine = list(s0[0]) if s0 else []
    a0 = sol.attractor(0)
    longest = max(len(p) - 1 for p in plays)
    answers = {"plays": [list(p) for p in plays],
               "won_by": {"0": len(outcome[0]), "1": len(outcome[1]),
                          "draw": len(outcome[None])},
               "strategies0": len(s0), "strategies1": len(s1),
               "winning": [[s[v] for v in mine] for s in won],
               "attractor0": dict(sorted(a0.items())), "longest": longest}
    acyclic = bi("Le graphe n'a pas de cycle.", "The graph has no cycle.")
    figures = {"graph": arena_figure(g, game_caption(g, more=acyclic))}
    intro = bi(
        "On considère le jeu ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux carrés, "
        f"avec $V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$ ; le départ "
        "est $a$. Le graphe n'a pas de cycle. Une *partie* est maximale : elle ne "
        "s'arrête que sur une position terminale ; une stratégie est sans mémoire.\n\n"
        "<!-- figure: graph -->\n\n" + successor_table(g, "fr"),
        "Consider the game below, where $J_0$ moves at the circles and $J_1$ at the "
        f"squares, with $V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$; the start is $a$. The "
        "graph has no cycle. A *play* is maximal: it only stops at a terminal position; "
        "strategies are memoryless.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "en"))

    def play_text(p: list) -> str:
        return "$" + " \\to ".join(name(v) for v in p) + "$"

    def list_of(ps: list) -> str:
        return ", ".join(play_text(p) for p in ps) if ps else "∅"

    q1 = Q(bi("Énumérer toutes les parties depuis $a$. Combien y en a-t-il ? Combien sont "
              "gagnantes pour $J_0$, pour $J_1$, et combien sont des matchs nuls ?",
              "List all the plays from $a$. How many are there? How many are winning for "
              "$J_0$, for $J_1$, and how many are draws?"),
           bi(f"{len(plays)} parties. Gagnantes pour $J_0$ ({len(outcome[0])}) : "
              f"{list_of(outcome[0])} ; pour $J_1$ ({len(outcome[1])}) : "
              f"{list_of(outcome[1])} ; nulles ({len(outcome[None])}, elles finissent sur "
              f"le cul-de-sac) : {list_of(outcome[None])}.",
              f"{len(plays)} plays. Winning for $J_0$ ({len(outcome[0])}): "
              f"{list_of(outcome[0])}; for $J_1$ ({len(outcome[1])}): "
              f"{list_of(outcome[1])}; draws ({len(outcome[None])}, they end at the dead "
              f"end): {list_of(outcome[None])}."),
           [(2, bi("toutes les parties", "all the plays")),
            (1, bi("le décompte par issue", "the count by outcome"))],
           items=[play_text(p) for p in plays])
    degs0 = [len(g.successors(v)) for v in mine]
    mine1 = list(s1[0]) if s1 else []
    degs1 = [len(g.successors(v)) for v in mine1]
    times = " \\times "
    prod0, prod1 = times.join(map(str, degs0)), times.join(map(str, degs1)) or "1"
    q2 = Q(bi("Combien $J_0$ a-t-il de stratégies sans mémoire ? Et $J_1$ ?",
              "How many memoryless strategies does $J_0$ have? And $J_1$?"),
           bi("Une stratégie choisit un successeur en chaque position non terminale du "
              "joueur, indépendamment : c'est le produit des degrés sortants. Pour $J_0$ "
              f"(positions {words([f'${name(v)}$' for v in mine], 'fr')}) : "
              f"${prod0} = {len(s0)}$ ; pour $J_1$ (positions "
              f"{words([f'${name(v)}$' for v in mine1], 'fr')}) : "
              f"${prod1} = {len(s1)}$.",
              "A strategy chooses a successor at each non-terminal position of the player, "
              "independently: this is the product of the out-degrees. For $J_0$ (positions "
              f"{words([f'${name(v)}$' for v in mine], 'en')}): "
              f"${prod0} = {len(s0)}$; for $J_1$ (positions "
              f"{words([f'${name(v)}$' for v in mine1], 'en')}): "
              f"${prod1} = {len(s1)}$."),
           [(1, bi("le produit des degrés", "the product of the degrees")),
            (2, bi("les deux nombres", "the two numbers"))])

    def strat_text(s: dict) -> str:
        return ", ".join(f"${name(v)} \\mapsto {name(s[v])}$" for v in mine)

    q3 = Q(bi("Quelles stratégies de $J_0$ sont gagnantes depuis $a$ ? Les donner toutes, en "
              "justifiant.",
              "Which strategies of $J_0$ are winning from $a$? Give them all, justifying."),
           bi(f"Une stratégie est gagnante depuis $a$ si toutes les parties depuis $a$ qui "
              "la suivent finissent dans $V_0$ : on suit la stratégie aux positions de "
              "$J_0$ et toutes les réponses de $J_1$. Sur les "
              f"{len(s0)} stratégies, {len(won)} sont gagnantes : "
              + " ; ".join(f"({strat_text(s)})" for s in won)
              + ". Elles diffèrent en des positions que leurs parties n'atteignent pas, ou "
              "par des coups qui gagnent aussi.",
              "A strategy is winning from $a$ if all the plays from $a$ that follow it end "
              "in $V_0$: follow the strategy at the positions of $J_0$ and every answer of "
              f"$J_1$. Of the {len(s0)} strategies, {len(won)} are winning: "
              + "; ".join(f"({strat_text(s)})" for s in won)
              + ". They differ at positions their plays do not reach, or by moves that win "
              "too."),
           [(1, bi("la méthode (toutes les réponses de $J_1$)",
                   "the method (every answer of $J_1$)")),
            (3, bi("la liste exacte", "the exact list"))],
           items=[f"({strat_text(s)})" for s in won])
    ranks = ", ".join(f"${rg('fr')}({name(v)}) = {a0[v]}$" for v in sorted(a0, key=name))
    ranks_en = ", ".join(f"${rg('en')}({name(v)}) = {a0[v]}$" for v in sorted(a0, key=name))
    q4 = Q(bi("Calculer l'attracteur $\\mathcal{A}^0$ de $J_0$ avec les rangs. Comparer "
              "avec la question 3 : pourquoi $a \\in \\mathcal{A}^0$ était-il attendu ? Que "
              "vaut le rang de $a$, et que compte-t-il ?",
              "Compute the attractor $\\mathcal{A}^0$ of $J_0$ with the ranks. Compare with "
              "question 3: why was $a \\in \\mathcal{A}^0$ to be expected? What is the rank "
              "of $a$, and what does it count?"),
           bi(f"$\\mathcal{{A}}^0 = {mset(sorted(a0, key=name))}$, avec {ranks}. D'après le "
              "théorème du cours, les positions gagnantes pour $J_0$ sont celles de "
              "$\\mathcal{A}^0$ : $J_0$ a une stratégie gagnante depuis $a$ (question 3), "
              f"donc $a \\in \\mathcal{{A}}^0$. Le rang ${rg('fr')}(a) = {a0['a']}$ est le "
              "nombre de coups dont $J_0$ a besoin pour gagner contre la meilleure défense "
              f"(la plus longue partie, tous choix confondus, en compte {longest}).",
              f"$\\mathcal{{A}}^0 = {mset(sorted(a0, key=name))}$, with {ranks_en}. By the "
              "course's theorem, the positions winning for $J_0$ are those of "
              "$\\mathcal{A}^0$: $J_0$ has a winning strategy from $a$ (question 3), so "
              f"$a \\in \\mathcal{{A}}^0$. The rank ${rg('en')}(a) = {a0['a']}$ is the "
              "number of moves $J_0$ needs to win against the best defence (the longest "
              f"play, all choices together, has {longest})."),
           [(2, bi("l'attracteur et les rangs", "the attractor and the ranks")),
            (1, bi("le lien avec le théorème et le sens du rang",
                   "the link with the theorem and the meaning of the rank"))])
    q5 = Q(bi("Le graphe est donné par un dictionnaire `A` (chaque sommet associé à la liste "
              "de ses successeurs, vide pour une position terminale). Écrire une fonction "
              "récursive `parties(A, x)` qui renvoie la liste des parties depuis `x` (chacune "
              "une liste de sommets), pour un graphe sans cycle. Pourquoi termine-t-elle ?",
              "The graph is given by a dictionary `A` (each vertex mapped to the list of its "
              "successors, empty for a terminal position). Write a recursive function "
              "`parties(A, x)` that returns the list of the plays from `x` (each a list of "
              "vertices), for a graph without cycle. Why does it terminate?"),
           {lang: fence(CODE[lang]) + "\n\n" + (
               "Chaque appel récursif avance d'une arête ; sans cycle, un chemin a au plus "
               "$|S| - 1$ arêtes, donc la profondeur des appels est bornée et leur nombre "
               "fini (c'est le nombre de débuts de parties)." if lang == "fr" else
               "Each recursive call moves along one edge; without a cycle, a path has at "
               "most $|S| - 1$ edges, so the depth of the calls is bounded and their number "
               "finite (it is the number of beginnings of plays).")
            for lang in ("fr", "en")},
           [(3, bi("le code", "the code")), (1, bi("la terminaison", "the termination"))])
    q6 = Q(bi("Montrer que, dans un graphe sans cycle, toute partie a au plus $|S| - 1$ "
              "coups, et qu'un match nul s'y termine toujours sur un cul-de-sac. Sur ce jeu, "
              "combien de coups a la plus longue partie ?",
              "Show that, in a graph without cycle, every play has at most $|S| - 1$ moves, "
              "and that a draw there always ends at a dead end. In this game, how many "
              "moves does the longest play have?"),
           bi("Une partie ne passe pas deux fois par la même position (sinon la portion "
              "entre les deux passages serait un cycle) : elle a au plus $|S|$ positions, "
              "donc au plus $|S| - 1$ coups. Elle est donc finie et, étant maximale, "
              "s'arrête sur une position terminale ; si elle n'est gagnante pour personne, "
              "cette position n'est pas une position de victoire : c'est un cul-de-sac. "
              f"Ici, la plus longue partie compte {longest} coups.",
              "A play does not go twice through the same position (otherwise the part "
              "between the two visits would be a cycle): it has at most $|S|$ positions, so "
              "at most $|S| - 1$ moves. It is therefore finite and, being maximal, stops at "
              "a terminal position; if it is winning for nobody, that position is no "
              f"victory position: it is a dead end. Here the longest play has {longest} "
              "moves."),
           [(1, bi("pas de position répétée", "no position repeated")),
            (1, bi("le match nul finit sur un cul-de-sac", "the draw ends at a dead end")),
            (1, bi("la plus longue partie", "the longest play"))])
    return compose(PLAYS, seed, {"arena": arena_params(g)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_plays_count(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    need(8 <= len(g) <= 10 and g.is_bipartite())
    A = {x: ([] if g.victory(x) is not None else list(g.successors(x))) for x in g.vertices}
    for lang in ("fr", "en"):
        namespace: dict[str, Any] = {}
        exec(CODE[lang], namespace)
        need(namespace[own_name("parties", lang, NAMES)](A, "a") == ans["plays"])
    plays = ans["plays"]
    need(6 <= len(plays) <= 14 and len({tuple(p) for p in plays}) == len(plays))
    for p in plays:
        need(all(y in g.successors(x) for x, y in zip(p, p[1:])))
        need(not A[p[-1]] and all(A[x] for x in p[:-1]))
    counts = {"0": 0, "1": 0, "draw": 0}
    for p in plays:
        w = g.victory(p[-1])
        counts["draw" if w is None else str(w)] += 1
    need(counts == ans["won_by"] and all(counts.values()))
    s0 = strategies(g, 0)
    mine = sorted((x for x in g.S0 if A[x]), key=name)
    need(ans["strategies0"] == len(s0) == _product(len(A[x]) for x in mine))
    need(ans["strategies1"] == _product(len(A[x]) for x in g.S1 if A[x]))
    # a strategy wins from a when every position it lets the play reach that has no move
    # is a victory of J_0 (the library's sub-arena of the reachable positions)
    winning = []
    for s in s0:
        sub = reachable(g, "a", player=0, strategy=s)
        if all(g.victory(x) == 0 for x in sub.vertices if not sub.successors(x)):
            winning.append([s[x] for x in mine])
    need(winning == ans["winning"] and 2 <= len(winning) < len(s0))
    a0 = naive_attractor(g, 0)            # the definition, iterated to its fixpoint
    need(ans["attractor0"] == a0 and a0["a"] >= 3)
    need(ans["longest"] == max(len(p) - 1 for p in plays) <= len(g) - 1)


def _product(values) -> int:
    out = 1
    for x in values:
        out *= x
    return out


PROBLEMS = (
    problem(id=PLAYS, chapter="plays", generate=plays_count, check=check_plays_count,
            title=bi("Compter les parties et les stratégies",
                     "Counting plays and strategies"),
            names=NAMES),
)


# ---------------------------------------------------------------------------------
# plays-draw-cycle

DRAWS = "plays-draw-cycle"

OUTCOME_CODE = listing('''
def issue(A, V0, V1, coup, x):
    #fr L'issue de la partie depuis x quand chacun suit coup : 0 ou 1 (le gagnant), ou
    #fr None (match nul : cul-de-sac, ou retour sur une position déjà vue).
    #en The outcome of the play from x when each player follows coup: 0 or 1 (the
    #en winner), or None (a draw: a dead end, or back to a position already seen).
    vus = set()
    while x not in vus:
        if x in V0:
            return 0
        if x in V1:
            return 1
        #fr cul-de-sac
        #en dead end
        if A[x] == []:
            return None
        vus.add(x)
        x = coup[x]
    #fr la partie boucle
    #en the play loops
    return None''', NAMES)


def _stays_out(g: Arena, player: int, strategy: dict, x, avoid: set) -> bool:
    """Whether every play from ``x`` in which ``player`` follows ``strategy`` stays out of
    ``avoid`` (the other player plays anything): a search of the positions reached."""
    seen, todo = {x}, [x]
    while todo:
        y = todo.pop()
        if y in avoid:
            return False
        if g.victory(y) is not None:
            continue
        nexts = [strategy[y]] if g.owner(y) == player and y in strategy else list(
            g.successors(y))
        for z in nexts:
            if z not in seen:
                seen.add(z)
                todo.append(z)
    return True


def _draw_arena(seed: int):
    r = rng(DRAWS, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(1, 1, r.randint(0, 1)), ranks1=(1, 1, r.randint(0, 1)),
                    draws0=2, draws1=r.randint(1, 2), dead0=0, dead1=1)
        g, _ = planted(r, plan, extra=0.7)
        if not 9 <= len(g) <= 11:
            continue
        sol = solve_small(g)
        draws = sorted((x for x in g.vertices if sol.winner[x] is None and g.successors(x)
                        and g.owner(x) == 0), key=name)
        if not draws:
            continue
        x = draws[0]
        # from x, both players have a losing move (a draw is a choice, not a fate)
        bad0 = [y for y in g.successors(x) if sol.winner[y] == 1]
        others = [z for z in g.vertices if sol.winner[z] is None and g.owner(z) == 1
                  and any(sol.winner[w] == 0 for w in g.successors(z))]
        moves = {**sol.strategy(0), **sol.strategy(1)}
        p = follow(g, moves, x)
        if bad0 and others and p[-1] in p[:-1] and len(reach(g, x)) >= 6:
            return g, x
    raise RuntimeError(f"{DRAWS}: no arena found for the seed {seed}")


def draw_cycle(seed: int) -> Variant:
    g, x = _draw_arena(seed)
    sol = solve_small(g)
    a0, a1 = sol.attractor(0), sol.attractor(1)
    draws = sorted((v for v in g.vertices if sol.winner[v] is None), key=name)
    s0 = {v: y for v, y in sol.strategy(0).items() if v in draws}
    s1 = {v: y for v, y in sol.strategy(1).items() if v in draws}
    moves = {**sol.strategy(0), **sol.strategy(1)}
    loop = list(follow(g, moves, x))
    bad0 = [y for y in g.successors(x) if sol.winner[y] == 1][0]
    answers = {"draws": draws, "attractor0": sorted(a0, key=name),
               "attractor1": sorted(a1, key=name), "keep0": s0, "keep1": s1,
               "loop": loop, "bad_move": bad0}
    figures = {"graph": arena_figure(g, game_caption(g, start=False))}
    intro = bi(
        "On considère le jeu ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux carrés, avec "
        f"$V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$. On s'intéresse à la position "
        f"${name(x)}$.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "fr"),
        "Consider the game below, where $J_0$ moves at the circles and $J_1$ at the squares, with "
        f"$V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$. We look at the position "
        f"${name(x)}$.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "en"))
    q1 = Q(bi("Calculer les attracteurs $\\mathcal{A}^0$ et $\\mathcal{A}^1$ (sans les "
              "rangs). Quelles positions ne sont dans aucun des deux (les positions nulles) ?",
              "Compute the attractors $\\mathcal{A}^0$ and $\\mathcal{A}^1$ (without the "
              "ranks). Which positions are in neither of them (the drawn positions)?"),
           bi(f"$\\mathcal{{A}}^0 = {mset(sorted(a0, key=name))}$, "
              f"$\\mathcal{{A}}^1 = {mset(sorted(a1, key=name))}$ ; les positions nulles : "
              f"${mset(draws)}$.",
              f"$\\mathcal{{A}}^0 = {mset(sorted(a0, key=name))}$, "
              f"$\\mathcal{{A}}^1 = {mset(sorted(a1, key=name))}$; the drawn positions: "
              f"${mset(draws)}$."),
           [(2, bi("les deux attracteurs", "the two attractors")),
            (1, bi("les positions nulles", "the drawn positions"))],
           # the draws: the positions in neither attractor
           items=[f"${mset(sorted(set(g.vertices) - set(a0) - set(a1), key=name))}$"])
    keep1 = ", ".join(f"${name(v)} \\to {name(y)}$" for v, y in s1.items())
    keep0 = ", ".join(f"${name(v)} \\to {name(y)}$" for v, y in s0.items())
    q2 = Q(bi(f"Donner une stratégie de $J_1$ qui empêche $J_0$ de gagner depuis ${name(x)}$, "
              "quoi que fasse $J_0$, et justifier.",
              f"Give a strategy of $J_1$ that prevents $J_0$ from winning from ${name(x)}$, "
              "whatever $J_0$ does, and justify."),
           bi(f"Aux positions nulles de $J_1$ : {keep1} (hors de $\\mathcal{{A}}^0$) ; "
              "plus généralement, en toute position de $J_1$ hors de $\\mathcal{A}^0$, un "
              "successeur hors de $\\mathcal{A}^0$ (il en existe un, sinon elle serait dans "
              "$\\mathcal{A}^0$). Une partie qui part d'une position nulle et où "
              "$J_1$ joue ainsi reste hors de $\\mathcal{A}^0$ : $J_1$ n'y entre pas, et une "
              "position de $J_0$ hors de $\\mathcal{A}^0$ n'a aucun successeur dans "
              "$\\mathcal{A}^0$. Elle n'atteint donc jamais $V_0 \\subseteq \\mathcal{A}^0$.",
              f"At the drawn positions of $J_1$: {keep1} (out of $\\mathcal{{A}}^0$); "
              "elsewhere, any move. A play that starts at a drawn position and in which "
              "$J_1$ plays this way stays out of $\\mathcal{A}^0$: $J_1$ does not enter it, "
              "and a position of $J_0$ outside $\\mathcal{A}^0$ has no successor in "
              "$\\mathcal{A}^0$. So it never reaches $V_0 \\subseteq \\mathcal{A}^0$."),
           [(1, bi("la stratégie", "the strategy")),
            (2, bi("la justification par l'attracteur", "the justification by the attractor"))])
    q3 = Q(bi(f"Même question pour $J_0$ : une stratégie qui empêche $J_1$ de gagner depuis "
              f"${name(x)}$.",
              f"Same question for $J_0$: a strategy that prevents $J_1$ from winning from "
              f"${name(x)}$."),
           bi(f"Aux positions nulles de $J_0$ : {keep0}, hors de $\\mathcal{{A}}^1$ ; le même "
              "raisonnement, les rôles échangés. Attention : en "
              f"${name(x)}$, le coup ${name(x)} \\to {name(bad0)}$ perdrait, car "
              f"${name(bad0)} \\in \\mathcal{{A}}^1$.",
              f"At the drawn positions of $J_0$: {keep0}, out of $\\mathcal{{A}}^1$; the same "
              f"reasoning, roles swapped. Beware: at ${name(x)}$, the move "
              f"${name(x)} \\to {name(bad0)}$ would lose, since "
              f"${name(bad0)} \\in \\mathcal{{A}}^1$."),
           [(1, bi("la stratégie", "the strategy")),
            (2, bi("le coup à éviter, et pourquoi", "the move to avoid, and why"))])
    loop_text = " \\to ".join(name(v) for v in loop)
    q4 = Q(bi(f"Les deux joueurs suivent ces stratégies depuis ${name(x)}$. Donner la partie. "
              "Est-elle finie ?",
              f"Both players follow these strategies from ${name(x)}$. Give the play. Is it "
              "finite?"),
           bi(f"${loop_text} \\to \\dots$ : elle revient sur une position déjà vue et, les "
              "stratégies étant sans mémoire, tourne indéfiniment : c'est une partie infinie, "
              "un match nul.",
              f"${loop_text} \\to \\dots$: it comes back to a position already seen and, the "
              "strategies being memoryless, goes round forever: it is an infinite play, a "
              "draw."),
           [(2, bi("la partie", "the play")), (1, bi("infinie : nul", "infinite: a draw"))])
    q5 = Q(bi("Écrire `issue(A, V0, V1, coup, x)`, qui renvoie l'issue de la partie depuis "
              "`x` quand chaque joueur suit `coup` : `0` ou `1` pour le gagnant, `None` pour "
              "un match nul (cul-de-sac, ou partie qui boucle).",
              "Write `issue(A, V0, V1, coup, x)`, which returns the outcome of the play from "
              "`x` when each player follows `coup`: `0` or `1` for the winner, `None` for a "
              "draw (a dead end, or a play that loops)."),
           {lang: fence(OUTCOME_CODE[lang]) for lang in ("fr", "en")},
           [(2, bi("victoire et cul-de-sac", "victory and dead end")),
            (2, bi("la boucle détectée par l'ensemble des positions vues",
                   "the loop detected by the set of positions seen"))])
    q6 = Q(bi("Démontrer qu'une position ne peut pas être gagnante pour les deux joueurs, "
              "puis qu'une position nulle l'est pour toujours : si $x$ n'est dans aucun "
              "attracteur, aucun joueur ne peut forcer la victoire depuis $x$.",
              "Prove that a position cannot be winning for both players, then that a drawn "
              "position stays one: if $x$ is in neither attractor, no player can force a "
              "win from $x$."),
           bi("Si $\\sigma_0$ et $\\sigma_1$ étaient gagnantes depuis $x$, la partie où chacun "
              "suit la sienne serait gagnante pour les deux, donc finirait dans $V_0$ et "
              "dans $V_1$, disjoints : impossible. Si $x$ n'est pas dans $\\mathcal{A}^0$, "
              "la stratégie de $J_1$ de la question 2 (rester hors de $\\mathcal{A}^0$) "
              "empêche toute victoire de $J_0$ : aucune stratégie de $J_0$ n'est gagnante ; "
              "de même pour $J_1$ hors de $\\mathcal{A}^1$.",
              "If $\\sigma_0$ and $\\sigma_1$ were winning from $x$, the play in which each "
              "follows its own would be winning for both, hence end in $V_0$ and in $V_1$, "
              "which are disjoint: impossible. If $x$ is not in $\\mathcal{A}^0$, the "
              "strategy of $J_1$ of question 2 (stay out of $\\mathcal{A}^0$) prevents any "
              "win of $J_0$: no strategy of $J_0$ is winning; likewise for $J_1$ outside "
              "$\\mathcal{A}^1$."),
           [(2, bi("pas gagnante pour les deux", "not winning for both")),
            (2, bi("le match nul reste nul", "the draw stays a draw"))])
    return compose(DRAWS, seed, {"arena": arena_params(g), "x": x}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_draw_cycle(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    x = v.params["x"]
    ans: dict[str, Any] = dict(v.answers)
    need(9 <= len(g) <= 11 and g.is_bipartite())
    a0, a1 = naive_attractor(g, 0), naive_attractor(g, 1)
    need(ans["attractor0"] == sorted(a0, key=name))
    need(ans["attractor1"] == sorted(a1, key=name))
    draws = sorted((v_ for v_ in g.vertices if v_ not in a0 and v_ not in a1), key=name)
    need(ans["draws"] == draws and x in draws)
    # the strategies keep the play out of the opponent's attractor, on every reply
    sol = solve_small(g)         # elsewhere, the solver's moves (inside its attractor)
    full0 = {**sol.strategy(0), **ans["keep0"]}
    full1 = {**sol.strategy(1), **ans["keep1"]}
    need(_stays_out(g, 1, full1, x, set(a0)) and _stays_out(g, 0, full0, x, set(a1)))
    for p, avoid in ((0, a1), (1, a0)):
        need(all(z in g.successors(y) and z not in avoid for y, z in ans[f"keep{p}"].items()))
    need(set(ans["keep0"]) == {y for y in draws if g.owner(y) == 0 and g.successors(y)})
    need(set(ans["keep1"]) == {y for y in draws if g.owner(y) == 1 and g.successors(y)})
    need(ans["bad_move"] in g.successors(x) and ans["bad_move"] in a1)
    A = {y: ([] if g.victory(y) is not None else list(g.successors(y))) for y in g.vertices}
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(OUTCOME_CODE[lang], space)
        outcome = space[own_name("issue", lang, NAMES)]
        need(outcome(A, set(g.V0), set(g.V1), {**full0, **full1}, x) is None)
    loop = ans["loop"]
    need(loop[0] == x and loop[-1] in loop[:-1])
    for a, b in zip(loop, loop[1:]):
        need(b == {**ans["keep0"], **ans["keep1"]}[a])


PROBLEMS = PROBLEMS + (
    problem(id=DRAWS, chapter="plays", generate=draw_cycle, check=check_draw_cycle,
            uses=("tutorial", "exam"), minutes=35,
            title=bi("Un match nul sur un cycle", "A draw on a cycle"),
            names=NAMES),
)


FIELDS = {
    PLAYS: (
        ask(1, "won_by.0", "number", "Parties gagnées par $J_0$", "Plays won by $J_0$"),
        ask(1, "won_by.1", "number", "Parties gagnées par $J_1$", "Plays won by $J_1$"),
        ask(1, "won_by.draw", "number", "Parties nulles", "Draws"),
        ask(2, "strategies0", "number", "Stratégies sans mémoire de $J_0$",
            "Memoryless strategies of $J_0$"),
        ask(2, "strategies1", "number", "Stratégies sans mémoire de $J_1$",
            "Memoryless strategies of $J_1$"),
        ask(4, "attractor0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
            "Rank of each position of $\\mathcal{A}^0$"),
        ask(6, "longest", "number", "Coups de la plus longue partie",
            "Moves of the longest play"),
    ),
    DRAWS: (
        ask(1, "attractor0", "set", "$\\mathcal{A}^0$", "$\\mathcal{A}^0$"),
        ask(1, "attractor1", "set", "$\\mathcal{A}^1$", "$\\mathcal{A}^1$"),
        ask(1, "draws", "set", "Positions de match nul", "Draw positions"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
