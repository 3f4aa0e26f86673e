"""A problem on the chapter *Calculer une stratégie* / *Computing a strategy*: both players'
strategies, draws included."""

from __future__ import annotations

from typing import Any

from arena import Arena, verify_strategy
from arena.course import (
    naive_attractor,
)
from arena.render import View
from arena.strategies import play as follow
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.strategies import NAMES

BOTH = "strategy-both-players"

PLAY_CODE = listing('''
def partie(A, coup, x):
    #fr La partie depuis x quand chaque joueur suit coup ; elle s'arrête sur une position
    #fr terminale ou sur la première position vue deux fois (la partie boucle alors).
    #en The play from x when each player follows coup; it stops at a terminal position or
    #en at the first position seen twice (the play then loops).
    p = [x]
    vus = {x}
    while A[x] != []:
        x = coup[x]
        p.append(x)
        if x in vus:
            return p
        vus.add(x)
    return p''', NAMES)


def rule_moves(g: Arena, ranks: dict[int, dict], p: int) -> dict[str, tuple[str, str]]:
    """The course's strategy of J_p, from the ranks of both attractors: at each position of
    J_p with a successor, the move and the case (``"win"``, ``"lose"``, ``"draw"``); ties
    go to the first successor in the order of the graph."""
    out = {}
    mine, theirs = ranks[p], ranks[1 - p]
    for x in sorted(g.vertices, key=name):
        succ = g.successors(x)
        if g.owner(x) != p or g.victory(x) is not None or not succ:
            continue
        if x in mine:
            out[x] = (next(y for y in succ if mine.get(y) == mine[x] - 1), "win")
        elif x in theirs:
            best = max(theirs[y] for y in succ)
            out[x] = (next(y for y in succ if theirs[y] == best), "lose")
        else:
            out[x] = (next(y for y in succ if y not in theirs), "draw")
    return out


def _both_arena(seed: int) -> tuple[Arena, str, str]:
    r = rng(BOTH, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(1, r.randint(1, 2), 1, 1), ranks1=(1, r.randint(1, 2), 1, 1),
                    draws0=r.randint(1, 2), draws1=1, dead0=0, dead1=r.randint(0, 1))
        g, _ = planted(r, plan, extra=0.6)
        if not 11 <= len(g) <= 14:
            continue
        sol = solve_small(g)
        a1 = sol.attractor(1)
        deep = sorted((x for x in a1 if a1[x] == 3 and g.owner(x) == 1), key=name)
        draws = sorted((x for x in g.vertices if sol.winner[x] is None
                        and g.successors(x) and g.owner(x) == 0), key=name)
        if not deep or not draws:
            continue
        # the draw play must go round a cycle, not stop at a dead end
        moves = {**sol.strategy(0), **sol.strategy(1)}
        loop = follow(g, moves, draws[0])
        risky = any(sol.winner[y] == 1 - g.owner(x) for x in draws for y in g.successors(x))
        if loop[-1] in loop[:-1] and risky:
            return g, deep[0], draws[0]
    raise RuntimeError(f"{BOTH}: no arena found for the seed {seed}")


def both_players(seed: int) -> Variant:
    g, lose_start, draw_start = _both_arena(seed)
    sol = solve_small(g)
    ranks = {0: sol.attractor(0), 1: sol.attractor(1)}
    moves = {p: rule_moves(g, ranks, p) for p in (0, 1)}
    coup = {x: y for p in (0, 1) for x, (y, _) in moves[p].items()}
    play1 = list(follow(g, coup, lose_start))
    play2 = list(follow(g, coup, draw_start))
    answers = {"moves0": {x: y for x, (y, _) in moves[0].items()},
               "moves1": {x: y for x, (y, _) in moves[1].items()},
               "cases0": {x: c for x, (_, c) in moves[0].items()},
               "play_win1": play1, "play_draw": play2}
    figures = {"graph": arena_figure(g, game_caption(g, start=False)),
        "solved": arena_figure(g, bi(
            "Corrigé : les attracteurs avec les rangs (bleu : J₀, vermillon à bord tireté : "
            "J₁, blanc : nul) ; flèches épaisses bleues : la stratégie de J₀.",
            "Solution: the attractors with the ranks (blue: J₀, vermilion with a dashed "
            "border: J₁, white: draw); thick blue arrows: the strategy of J₀."),
            solution=sol, view=View(winners=True, ranks=True, strategy=0))}

    def rank_rows(lang: str) -> str:
        head = (("Position", "Gagnant", "Rang") if lang == "fr"
                else ("Position", "Winner", "Rank"))
        rows = []
        for x in sorted(g.vertices, key=name):
            w = sol.winner[x]
            rows.append((f"${name(x)}$", ("nul" if lang == "fr" else "draw") if w is None
                         else f"$J_{w}$", "" if w is None else ranks[w][x]))
        return table(head, rows, "llr")

    intro = bi(
        "On considère le jeu ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux carrés, avec "
        f"$V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$. Le tableau des successeurs les donne "
        "dans l'ordre du graphe.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "fr")
        + "\n\nOn admet le calcul des attracteurs : pour chaque position, le joueur qui "
        "peut forcer la victoire (ou « nul ») et le rang dans son attracteur.\n\n"
        + rank_rows("fr") + "\n\nLa *stratégie calculée* de $J_i$ choisit, en chaque "
        "position $x$ de $J_i$ qui a un successeur : si $x \\in \\mathcal{A}^i$, un "
        "successeur de rang $\\mathrm{rg}(x) - 1$ ; si $x \\in \\mathcal{A}^{1-i}$, le "
        "successeur de plus grand rang (pour $J_{1-i}$) ; sinon, un successeur hors de "
        "$\\mathcal{A}^{1-i}$. Quand plusieurs successeurs conviennent, elle prend le "
        "premier dans l'ordre du tableau.",
        "Consider the game below, where $J_0$ moves at the circles and $J_1$ at the squares, with "
        f"$V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$. The table of successors gives them "
        "in the order of the graph.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "en")
        + "\n\nThe attractors are given: for each position, the player who can force a "
        "win (or \"draw\") and the rank in its attractor.\n\n" + rank_rows("en")
        + "\n\nThe *computed strategy* of $J_i$ chooses, at each position $x$ of $J_i$ "
        "that has a successor: if $x \\in \\mathcal{A}^i$, a successor of rank "
        "$\\mathrm{rank}(x) - 1$; if $x \\in \\mathcal{A}^{1-i}$, the successor of greatest "
        "rank (for $J_{1-i}$); otherwise, a successor outside $\\mathcal{A}^{1-i}$. When "
        "several successors fit, it takes the first in the order of the table.")
    case_name = {"fr": {"win": "gagnante", "lose": "perdante", "draw": "nulle"},
                 "en": {"win": "winning", "lose": "losing", "draw": "draw"}}

    def asked(p: int) -> list[str]:
        """A row for each position of J_p that has a successor (read on the arena)."""
        return [f"| ${name(x)}$ | " for x in sorted(g.vertices, key=name)
                if g.owner(x) == p and g.victory(x) is None and g.successors(x)]

    def moves_table(p: int, lang: str) -> str:
        head = (("Position", "Cas", "Coup") if lang == "fr" else ("Position", "Case", "Move"))
        return table(head, [(f"${name(x)}$", case_name[lang][c], f"${name(y)}$")
                            for x, (y, c) in moves[p].items()])

    q1 = Q(bi("Donner la stratégie calculée de $J_0$ en chacune de ses positions qui ont un "
              "successeur, en indiquant le cas (gagnante, perdante, nulle).",
              "Give the computed strategy of $J_0$ at each of their positions that have a "
              "successor, stating the case (winning, losing, draw)."),
           {lang: moves_table(0, lang) for lang in ("fr", "en")},
           [(1, bi("les cas", "the cases")), (3, bi("les coups", "the moves"))],
           items=asked(0))
    q2 = Q(bi("Même question pour $J_1$.", "Same question for $J_1$."),
           {lang: moves_table(1, lang) for lang in ("fr", "en")},
           [(3, bi("les coups, avec les cas", "the moves, with the cases"))],
           items=asked(1))
    p1 = " \\to ".join(name(x) for x in play1)
    p2 = " \\to ".join(name(x) for x in play2)
    r1 = ranks[1][lose_start]
    q3 = Q(bi(f"Les deux joueurs suivent leur stratégie calculée depuis ${name(lose_start)}$, "
              f"puis depuis ${name(draw_start)}$. Donner les deux parties. Combien de coups "
              "compte la première ? Que devient la seconde ?",
              f"Both players follow their computed strategies from ${name(lose_start)}$, then "
              f"from ${name(draw_start)}$. Give the two plays. How many moves does the first "
              "have? What becomes of the second?"),
           bi(f"Depuis ${name(lose_start)}$ : ${p1}$, soit {len(play1) - 1} coups, le rang "
              f"${rg('fr')}({name(lose_start)}) = {r1}$ : $J_1$ gagne au plus vite, $J_0$ "
              f"retarde sa défaite au plus. Depuis ${name(draw_start)}$ : ${p2} \\to \\dots$ "
              "revient sur une position déjà vue ; les stratégies étant sans mémoire, la "
              "partie répète ce cycle indéfiniment : c'est un match nul.",
              f"From ${name(lose_start)}$: ${p1}$, that is {len(play1) - 1} moves, the rank "
              f"${rg('en')}({name(lose_start)}) = {r1}$: $J_1$ wins as fast as they can, $J_0$ "
              f"delays their defeat as long as they can. From ${name(draw_start)}$: "
              f"${p2} \\to \\dots$ comes back to a position already seen; the strategies "
              "being memoryless, the play repeats this cycle forever: it is a draw."),
           [(1, bi("la première partie et sa longueur", "the first play and its length")),
            (1, bi("le lien avec le rang", "the link with the rank")),
            (1, bi("la seconde partie boucle : match nul", "the second play loops: a draw"))])
    q4 = Q(bi("Démontrer que si $J_0$ suit sa stratégie calculée depuis une position "
              "$x \\in \\mathcal{A}^1$, toute partie gagnée par $J_1$ compte au moins "
              "$\\mathrm{rg}(x)$ coups.",
              "Prove that if $J_0$ follows their computed strategy from a position "
              "$x \\in \\mathcal{A}^1$, every play won by $J_1$ has at least "
              "$\\mathrm{rank}(x)$ moves."),
           bi("Tant que la partie est dans $\\mathcal{A}^1$, le rang (pour $J_1$) baisse d'au "
              "plus 1 à chaque coup : en une position de $J_0$ de rang $r$, tous les "
              "successeurs sont de rang au plus $r - 1$ et l'un vaut exactement $r - 1$, donc "
              "le successeur de plus grand rang que choisit $J_0$ est de rang $r - 1$ ; en une "
              "position de $J_1$ de rang $r$, aucun successeur n'a un rang plus petit que "
              "$r - 1$ (sinon elle serait entrée plus tôt). Si la partie sort de "
              "$\\mathcal{A}^1$, elle n'y revient plus (depuis une position nulle, $J_0$ reste "
              "hors de $\\mathcal{A}^1$ et $J_1$ ne peut pas y entrer ; depuis "
              "$\\mathcal{A}^0$, on y reste) et $J_1$ ne gagne pas. Une partie gagnée par "
              "$J_1$ va donc du rang $\\mathrm{rg}(x)$ au rang 0 en perdant au plus 1 par "
              "coup : elle compte au moins $\\mathrm{rg}(x)$ coups.",
              "While the play is in $\\mathcal{A}^1$, the rank (for $J_1$) goes down by at "
              "most 1 at each move: at a position of $J_0$ of rank $r$, all successors have "
              "rank at most $r - 1$ and one has exactly $r - 1$, so the successor of "
              "greatest rank that $J_0$ chooses has rank $r - 1$; at a position of $J_1$ of "
              "rank $r$, no successor has a rank less than $r - 1$ (otherwise it would have "
              "entered earlier). If the play leaves $\\mathcal{A}^1$, it never comes back "
              "(from a drawn position, $J_0$ stays out of $\\mathcal{A}^1$ and $J_1$ cannot "
              "enter it; from $\\mathcal{A}^0$, the play stays there) and $J_1$ does not "
              "win. A play won by $J_1$ thus goes from rank $\\mathrm{rank}(x)$ to rank 0 "
              "losing at most 1 per move: it has at least $\\mathrm{rank}(x)$ moves."),
           [(1, bi("le coup de $J_0$ : rang $r - 1$", "the move of $J_0$: rank $r - 1$")),
            (1, bi("le coup de $J_1$ : pas moins de $r - 1$",
                   "the move of $J_1$: no less than $r - 1$")),
            (1, bi("la partie ne sort pas de $\\mathcal{A}^1$ si $J_1$ gagne",
                   "the play does not leave $\\mathcal{A}^1$ if $J_1$ wins"))])
    q5 = Q(bi("Le graphe est un dictionnaire `A` (liste vide pour une position terminale) "
              "et `coup` réunit les deux stratégies (un successeur pour chaque position "
              "non terminale). Écrire `partie(A, coup, x)`, qui renvoie la partie depuis `x` "
              "jusqu'à une position terminale ou jusqu'à la première position vue deux fois, "
              "en temps proportionnel à sa longueur. Pourquoi une partie qui revient sur une "
              "position boucle-t-elle forcément ?",
              "The graph is a dictionary `A` (an empty list for a terminal position) and "
              "`coup` joins both strategies (a successor for each non-terminal position). "
              "Write `partie(A, coup, x)`, which returns the play from `x` up to a terminal "
              "position or up to the first position seen twice, in time proportional to its "
              "length. Why must a play that comes back to a position loop?"),
           {lang: fence(PLAY_CODE[lang]) + "\n\n" + (
               "L'ensemble `vus` teste en temps constant (en moyenne) si une position revient. "
               "Les stratégies sont sans mémoire : depuis une position, le coup joué est "
               "toujours le même, donc la suite de la partie aussi, et le cycle se répète."
               if lang == "fr" else
               "The set `vus` tests in constant time (on average) whether a position comes "
               "back. The strategies are memoryless: from a position, the move played is "
               "always the same, so the rest of the play too, and the cycle repeats.")
            for lang in ("fr", "en")},
           [(3, bi("le code", "the code")), (1, bi("la boucle, par l'absence de mémoire",
                                                     "the loop, by memorylessness"))])
    q6 = Q(bi("Vrai ou faux : aucune position nulle n'a de successeur dans l'attracteur de "
              "l'adversaire de son propriétaire ? Répondre sur ce jeu. Démontrer ensuite "
              "qu'une position nulle de $J_i$ qui a un successeur en a au moins un hors "
              "de $\\mathcal{A}^{1-i}$, et qu'une position nulle de $J_{1-i}$ n'en a aucun "
              "dans $\\mathcal{A}^{1-i}$.",
              "True or false: no drawn position has a successor in the attractor of its "
              "owner's opponent? Answer on this game. Then prove that a drawn position of "
              "$J_i$ that has a successor has at least one outside $\\mathcal{A}^{1-i}$, "
              "and that a drawn position of $J_{1-i}$ has none in $\\mathcal{A}^{1-i}$."),
           _draw_answer(g, sol),
           [(1, bi("le contre-exemple sur le jeu, ou l'absence de contre-exemple",
                   "the counterexample on the game, or its absence")),
            (1, bi("la position de $J_i$", "the position of $J_i$")),
            (1, bi("la position de $J_{1-i}$", "the position of $J_{1-i}$"))])
    return compose(BOTH, seed, {"arena": arena_params(g), "from": [lose_start, draw_start]},
                   intro=intro, questions=[q1, q2, q3, q4, q5, q6], figures=figures,
                   answers=answers,
                   solution_intro=bi("<!-- figure: solved -->", "<!-- figure: solved -->"))


def _draw_answer(g: Arena, sol) -> dict[str, str]:
    """Question 6: a drawn position whose owner has a move into the opponent's attractor
    (the statement of the question is too strong), or none."""
    found = None
    for x in sorted(g.vertices, key=name):
        w, p = sol.winner[x], g.owner(x)
        if w is None and g.successors(x):
            bad = [y for y in g.successors(x) if sol.winner[y] == 1 - p]
            if bad:
                found = (x, bad[0])
                break
    proof = bi("Une position nulle $x$ de $J_i$ qui a un successeur ne peut pas les avoir "
               "tous dans $\\mathcal{A}^{1-i}$ : ils seraient tous dans une même étape "
               "$\\mathcal{A}^{1-i}_n$, et $x$ entrerait à l'étape $n + 1$. Une position "
               "nulle $x$ de $J_{1-i}$ n'a aucun successeur $y \\in \\mathcal{A}^{1-i}_n$ : "
               "sinon $x$ entrerait dans $\\mathcal{A}^{1-i}_{n+1}$.",
               "A drawn position $x$ of $J_i$ that has a successor cannot have all its "
               "successors in $\\mathcal{A}^{1-i}$: they would all be in one step "
               "$\\mathcal{A}^{1-i}_n$, and $x$ would enter at step $n + 1$. A drawn position "
               "$x$ of $J_{1-i}$ has no successor $y \\in \\mathcal{A}^{1-i}_n$: otherwise "
               "$x$ would enter $\\mathcal{A}^{1-i}_{n+1}$.")
    if found:
        x, y = found
        p = g.owner(x)
        lead = bi(f"Faux : ${name(x)}$, position nulle de $J_{p}$, a son successeur ${name(y)}$ "
                  f"dans $\\mathcal{{A}}^{1 - p}$ (un coup perdant que $J_{p}$ évite). ",
                  f"False: ${name(x)}$, a drawn position of $J_{p}$, has its successor "
                  f"${name(y)}$ in $\\mathcal{{A}}^{1 - p}$ (a losing move that $J_{p}$ "
                  "avoids). ")
    else:
        lead = bi("Vrai ici, mais pas en général : une position nulle peut avoir un "
                  "coup perdant, que son propriétaire évite. ",
                  "True here, but not in general: a drawn position may have a losing "
                  "move, which its owner avoids. ")
    return {lang: lead[lang] + proof[lang] for lang in ("fr", "en")}


def check_both_players(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    lose_start, draw_start = v.params["from"]
    ans: dict[str, Any] = dict(v.answers)
    need(11 <= len(g) <= 14 and g.is_bipartite())
    ranks = {0: naive_attractor(g, 0), 1: naive_attractor(g, 1)}     # the definition
    need(ranks[1][lose_start] == 3 and g.owner(lose_start) == 1)
    need(draw_start not in ranks[0] and draw_start not in ranks[1])
    for p in (0, 1):
        moves = rule_moves(g, ranks, p)
        need(ans[f"moves{p}"] == {x: y for x, (y, _) in moves.items()})
    need(ans["cases0"] == {x: c for x, (_, c) in rule_moves(g, ranks, 0).items()})
    need(set(ans["cases0"].values()) == {"win", "lose", "draw"})
    sol = solve_small(g)
    # the solver's strategies are the course's, and they prove out on every reply
    need(ans["moves0"] == sol.strategy(0) and ans["moves1"] == sol.strategy(1))
    for p in (0, 1):
        verify_strategy(g, p, ans[f"moves{p}"], solution=sol)
    coup = {**ans["moves0"], **ans["moves1"]}
    A = {x: ([] if g.victory(x) is not None else list(g.successors(x))) for x in g.vertices}
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(PLAY_CODE[lang], space)
        need(space[own_name("partie", lang, NAMES)](A, coup, lose_start) == ans["play_win1"])
        need(space[own_name("partie", lang, NAMES)](A, coup, draw_start) == ans["play_draw"])
    need(list(follow(g, coup, lose_start)) == ans["play_win1"])
    need(len(ans["play_win1"]) - 1 == 3 and ans["play_win1"][-1] in g.V1)
    need(ans["play_draw"][-1] in ans["play_draw"][:-1])


PROBLEMS: tuple[Problem, ...] = (
    problem(id=BOTH, chapter="strategies", generate=both_players, check=check_both_players,
            uses=("tutorial", "exam"),
            title=bi("Les stratégies des deux joueurs, matchs nuls compris",
                     "Both players' strategies, draws included"),
            names=NAMES),
)


FIELDS = {
    BOTH: (
        ask(1, "moves0", "map", "Stratégie calculée de $J_0$ (comme $x \\to y$)",
            "Computed strategy of $J_0$ (as $x \\to y$)"),
        ask(2, "moves1", "map", "Stratégie calculée de $J_1$ (comme $x \\to y$)",
            "Computed strategy of $J_1$ (as $x \\to y$)"),
        ask(3, "play_win1", "sequence", "La partie depuis $j$", "The play from $j$"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
