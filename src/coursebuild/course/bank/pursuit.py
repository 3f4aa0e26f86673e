"""Problems on the chapter *Le jeu de l'ourson* / *The bear cub game*: the article's
"rank", a shortest distance that ignores who moves, against the rank of the attractor."""

from __future__ import annotations

from collections import deque
from typing import Any

from arena import Arena, StrategyError, verify_strategy
from arena.course import naive_attractor
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.strategies import loops_from

DISTANCE = "bear-cub-distance-rank"
# the seeds' string keeps the problem's first id, a French word that no longer shows:
# the same variants as before, under an English id (issue 61)
DISTANCE_SEEDS = "ourson-distance-rank"

CODE = listing('''
from collections import deque

def distances(A, V):
    #fr La longueur d'un plus court chemin de chaque sommet vers V (s'il y en a un).
    #fr le graphe renversé
    #en The length of a shortest path from each vertex to V (if there is one).
    #en the reversed graph
    B = {x: [] for x in A}
    for x in A:
        for y in A[x]:
            B[y].append(x)
    dist = {v: 0 for v in V}
    F = deque(V)
    #fr parcours en largeur depuis V
    #en breadth-first search from V
    while F:
        y = F.popleft()
        for x in B[y]:
            if x not in dist:
                dist[x] = dist[y] + 1
                F.append(x)
    return dist''')


def distances(g: Arena, targets) -> dict:
    """The article's "rank": the number of moves of a shortest path to ``targets``,
    whoever moves (a breadth-first search backwards)."""
    preds: dict = {v: [] for v in g.vertices}
    for x in g.vertices:
        if g.victory(x) is None:
            for y in g.successors(x):
                preds[y].append(x)
    dist = {v: 0 for v in targets}
    queue = deque(targets)
    while queue:
        y = queue.popleft()
        for x in sorted(preds[y], key=name):
            if x not in dist:
                dist[x] = dist[y] + 1
                queue.append(x)
    return dist


def distance_moves(g: Arena, won: dict, dist: dict) -> dict:
    """The article's strategy for J_1: from a winning position, the first successor that
    is winning and of least distance."""
    out = {}
    for x in sorted(g.S1, key=name):
        if x in won and g.victory(x) is None and g.successors(x):
            best = min(dist[y] for y in g.successors(x) if y in won)
            out[x] = next(y for y in g.successors(x) if y in won and dist[y] == best)
    return out


def _loop_from(g: Arena, moves: dict, x) -> list | None:
    """A play from ``x`` following ``moves`` for J_1 (J_0 free) that comes back to a
    position, ``None`` when every such play ends (the search of
    :func:`coursebuild.course.bank.strategies.loops_from`)."""
    A = {y: ([] if g.victory(y) is not None else list(g.successors(y))) for y in g.vertices}
    return loops_from(A, moves, moves, x)


def _arena(seed: int) -> Arena:
    r = rng(DISTANCE_SEEDS, seed)
    letters = list("bcdefghijkmnpqrstu")
    for _ in range(100_000):
        n0, n1 = r.randint(3, 5), r.randint(3, 4)
        names = r.sample(letters, n0 + n1 - 1)
        S0, S1 = ["a"] + names[:n0 - 1], names[n0 - 1:]
        edges = {x: r.sample(S1, r.randint(1, min(2, len(S1)))) for x in S0}
        edges.update({x: r.sample(S0 + ["w"], r.randint(1, min(3, len(S0) + 1)))
                      for x in S1})
        owner = {x: 0 for x in S0 + ["w"]} | {x: 1 for x in S1}
        while True:     # link the positions the start does not reach, while it can be
            g = Arena(S0=sorted(S0 + ["w"]), S1=sorted(S1), edges=edges, V1=["w"],
                      start="a")
            seen = reach(g, "a")
            missing = sorted(set(owner) - set(seen))
            links = [(x, u) for u in missing for x in sorted(seen, key=name)
                     if x in edges and owner[x] != owner[u] and len(edges[x]) < 3]
            if not missing or not links:
                break
            x, u = r.choice(links)
            edges[x] = edges[x] + [u]
        if len(reach(g, "a")) != len(g) or not 8 <= len(g) <= 10:
            continue
        sol = solve_small(g)
        won = sol.attractor(1)
        if "a" not in won or won["a"] < 4 or len(won) != len(g):
            continue
        dist = distances(g, g.V1)
        moves = distance_moves(g, won, dist)
        loop = _loop_from(g, moves, "a")
        if loop and any(dist[x] != won[x] for x in won):
            return g
    raise RuntimeError(f"{DISTANCE}: no arena found for the seed {seed}")


def distance_rank(seed: int) -> Variant:
    g = _arena(seed)
    sol = solve_small(g)
    won = sol.attractor(1)
    dist = distances(g, g.V1)
    moves = distance_moves(g, won, dist)
    loop = _loop_from(g, moves, "a") or []
    rank_moves = sol.strategy(1)
    delay = {**sol.strategy(0), **rank_moves}
    play = ["a"]
    while g.victory(play[-1]) is None:
        play.append(delay[play[-1]])
    differ = sorted((x for x in won if dist[x] != won[x]), key=name)
    answers = {"ranks1": dict(sorted(won.items())), "distances": dict(sorted(dist.items())),
               "moves": moves, "loop": loop, "rank_moves": dict(sorted(rank_moves.items())),
               "play": play, "differ": differ}
    figures = {"graph": arena_figure(g, bi(
        f"Le jeu du problème : {len(g)} positions, cercles pour J₀ (l'ourson), carrés pour "
        "J₁ (les chiots) ; w, double bordure, est la position de victoire des chiots ; "
        "départ a.",
        f"The game of the problem: {len(g)} positions, circles for J₀ (the cub), "
        "squares for J₁ (the puppies); w, double border, is the victory position of the "
        "puppies; start a."))}
    intro = bi(
        "Comme dans le jeu de l'ourson, $J_0$ (l'ourson) cherche à durer et $J_1$ (les "
        "chiots) à l'emporter : ici $V_1 = \\{w\\}$ et $V_0 = \\varnothing$. L'article "
        "étudié en cours proposait, pour guider les chiots, un « rang » : la longueur "
        "$\\delta(x)$ d'un plus court chemin de $x$ vers une position de $V_1$, sans tenir "
        "compte de qui joue ; les chiots jouent alors, depuis une position gagnante pour "
        "eux, vers un successeur gagnant de plus petite distance $\\delta$ (le premier "
        "dans l'ordre du tableau en cas d'égalité).\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "fr"),
        "As in the bear cub game, $J_0$ (the cub) tries to hold out and $J_1$ (the puppies) "
        "to win: here $V_1 = \\{w\\}$ and $V_0 = \\varnothing$. To guide the puppies, the "
        "article studied in the course proposed a \"rank\": the length $\\delta(x)$ of a "
        "shortest path from $x$ to a position of $V_1$, whoever moves; the puppies then "
        "move, from a position winning for them, to a winning successor of least distance "
        "$\\delta$ (the first in the order of the table on a tie).\n\n"
        "<!-- figure: graph -->\n\n" + successor_table(g, "en"))

    def both_table(lang: str) -> str:
        head = (("Position", "$\\mathrm{rg}$ dans $\\mathcal{A}^1$", "$\\delta$")
                if lang == "fr" else
                ("Position", "$\\mathrm{rank}$ in $\\mathcal{A}^1$", "$\\delta$"))
        return table(head, [(f"${name(x)}$", won[x], dist[x]) for x in sorted(won, key=name)],
                     "lrr")

    q1 = Q(bi("Calculer l'attracteur $\\mathcal{A}^1$ des chiots avec les rangs. Qui gagne "
              "depuis $a$ ?",
              "Compute the attractor $\\mathcal{A}^1$ of the puppies with the ranks. Who wins "
              "from $a$?"),
           bi(f"$\\mathcal{{A}}^1 = {mset(sorted(won, key=name))}$ : toutes les positions. "
              f"Les chiots gagnent depuis $a$, de rang {won['a']} (rangs dans le tableau de "
              "la question 2).",
              f"$\\mathcal{{A}}^1 = {mset(sorted(won, key=name))}$: every position. The "
              f"puppies win from $a$, of rank {won['a']} (ranks in the table of question 2)."),
           [(2, bi("les rangs", "the ranks")), (1, bi("le gagnant", "the winner"))])
    q2 = Q(bi("Calculer $\\delta(x)$ pour chaque position $x$, et comparer au rang.",
              "Compute $\\delta(x)$ for each position $x$, and compare with the rank."),
           {lang: ("Par un parcours en largeur depuis $w$ dans le graphe renversé :"
                   if lang == "fr" else "By a breadth-first search from $w$ in the reversed "
                   "graph:") + "\n\n" + both_table(lang) + "\n\n"
            + ((f"$\\delta$ diffère du rang en {', '.join(f'${name(x)}$' for x in differ)} : "
                "$\\delta$ suppose que l'ourson aide les chiots, le rang qu'il se défend.")
               if lang == "fr" else
               (f"$\\delta$ differs from the rank at {', '.join(f'${name(x)}$' for x in differ)}: "
                "$\\delta$ assumes that the cub helps the puppies, the rank that the cub "
                "resists them.")) for lang in ("fr", "en")},
           [(2, bi("les distances", "the distances")),
            (1, bi("la comparaison et sa raison", "the comparison and its reason"))],
           items=[f"| ${name(x)}$ | {won[x]} | {dist[x]} |" for x in g.vertices])
    moves_text = ", ".join(f"${name(x)} \\to {name(y)}$" for x, y in moves.items())
    loop_text = " \\to ".join(name(x) for x in loop)
    q3 = Q(bi("Donner la stratégie des chiots selon $\\delta$. Montrer que l'ourson peut "
              "alors jouer indéfiniment depuis $a$.",
              "Give the puppies' strategy by $\\delta$. Show that the cub can then play "
              "forever from $a$."),
           bi(f"Les coups : {moves_text}. L'ourson peut jouer de sorte que la partie soit "
              f"${loop_text} \\to \\dots$ : elle revient sur une position déjà vue, et, les "
              "chiots rejouant les mêmes coups, la partie ne finit jamais.",
              f"The moves: {moves_text}. The cub can play so that the play is "
              f"${loop_text} \\to \\dots$: it comes back to a position already seen, and, "
              "the puppies repeating the same moves, the play never ends."),
           [(1, bi("la stratégie", "the strategy")), (2, bi("la partie qui boucle",
                                                             "the play that loops"))])
    q4 = Q(bi("Expliquer pourquoi $\\delta$ ne convient pas, alors que le rang de "
              "l'attracteur convient.",
              "Explain why $\\delta$ does not work, while the rank of the attractor does."),
           bi("En une position de l'ourson, $\\delta$ est 1 de plus que le plus **petit** "
              "$\\delta$ des successeurs : l'ourson peut choisir un successeur de $\\delta$ "
              "plus grand, et faire remonter $\\delta$. Le rang d'une position de l'ourson "
              "est 1 de plus que le plus **grand** rang de ses successeurs : aucun coup de "
              "l'ourson ne le fait remonter, et chaque coup des chiots le fait baisser de 1 : "
              "le rang baisse strictement, la partie ne peut pas boucler.",
              "At a position of the cub, $\\delta$ is 1 more than the **least** $\\delta$ "
              "of the successors: the cub can choose a successor of greater $\\delta$, "
              "and make $\\delta$ go up. The rank of a position of the cub is 1 more than "
              "the **greatest** rank of its successors: no move of the cub makes it go "
              "up, and each move of the puppies lowers it by 1: the rank goes strictly down, "
              "the play cannot loop."),
           [(2, bi("$\\delta$ : minimum sur les successeurs de l'ourson",
                   "$\\delta$: minimum over the cub's successors")),
            (2, bi("le rang : maximum, donc décroissance stricte",
                   "the rank: maximum, hence a strict decrease"))])
    rank_text = ", ".join(f"${name(x)} \\to {name(y)}$" for x, y in sorted(rank_moves.items()))
    play_text = " \\to ".join(name(x) for x in play)
    q5 = Q(bi("Donner la stratégie des chiots selon le rang de l'attracteur, et la partie "
              "depuis $a$ quand l'ourson retarde sa défaite le plus possible. Combien de "
              "coups compte-t-elle ?",
              "Give the puppies' strategy by the rank of the attractor, and the play from "
              "$a$ when the cub holds out as long as possible. How many moves "
              "does it have?"),
           bi(f"{rank_text}. La partie ${play_text}$ compte {len(play) - 1} coups, "
              f"${rg('fr')}(a) = {won['a']}$.",
              f"{rank_text}. The play ${play_text}$ has {len(play) - 1} moves, "
              f"${rg('en')}(a) = {won['a']}$."),
           [(2, bi("la stratégie", "the strategy")), (1, bi("la partie et sa longueur",
                                                             "the play and its length"))])
    q6 = Q(bi("Écrire `distances(A, V)`, qui renvoie le dictionnaire des $\\delta(x)$ pour les "
              "sommets qui peuvent atteindre l'ensemble `V` (une liste), en $O(|S| + |A|)$.",
              "Write `distances(A, V)`, which returns the dictionary of the $\\delta(x)$ for "
              "the vertices that can reach the set `V` (a list), in $O(|S| + |A|)$."),
           {lang: fence(CODE[lang]) + "\n\n" + (
               "Le graphe renversé se construit en $O(|S| + |A|)$ ; le parcours en largeur "
               "enfile chaque sommet une fois et lit chaque liste `B[y]` une fois : "
               "$O(|S| + |A|)$. C'est l'algorithme des compteurs sans compteurs : tous les "
               "prédécesseurs entrent, quel que soit le joueur."
               if lang == "fr" else
               "The reversed graph is built in $O(|S| + |A|)$; the breadth-first search "
               "enqueues each vertex once and reads each list `B[y]` once: "
               "$O(|S| + |A|)$. It is the counter algorithm without counters: every "
               "predecessor enters, whoever moves.") for lang in ("fr", "en")},
           [(3, bi("le code : graphe renversé et parcours en largeur",
                   "the code: reversed graph and breadth-first search")),
            (1, bi("la complexité", "the complexity"))])
    return compose(DISTANCE, seed, {"arena": arena_params(g)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_distance_rank(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    need(8 <= len(g) <= 10 and g.is_bipartite() and len(reach(g, "a")) == len(g))
    won = naive_attractor(g, 1)
    need(ans["ranks1"] == won and len(won) == len(g) and won["a"] >= 4)
    A = {x: ([] if g.victory(x) is not None else list(g.successors(x))) for x in g.vertices}
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(CODE[lang], space)
        need(space["distances"](A, list(g.V1)) == ans["distances"])
    dist = ans["distances"]
    need(ans["differ"] == sorted((x for x in won if dist[x] != won[x]), key=name))
    need(ans["differ"])
    need(ans["moves"] == distance_moves(g, won, dist))
    loop = ans["loop"]
    need(loop[0] == "a" and loop[-1] in loop[:-1])
    for x, y in zip(loop, loop[1:]):
        need(y in g.successors(x) and (g.owner(x) == 0 or ans["moves"][x] == y))
    sol = solve_small(g)
    try:
        verify_strategy(g, 1, ans["moves"], solution=sol)
    except StrategyError as e:
        need("loops" in str(e))
    else:
        raise AssertionError("the distance strategy should loop")
    need(verify_strategy(g, 1, ans["rank_moves"], solution=sol)["a"] == won["a"])
    play = ans["play"]
    need(play[0] == "a" and play[-1] in g.V1 and len(play) - 1 == won["a"])


PROBLEMS = (
    problem(id=DISTANCE, chapter="ourson", generate=distance_rank, check=check_distance_rank,
            uses=("homework", "exam"),
            title=bi("Le « rang » de l'article et le rang de l'attracteur",
                     "The article's \"rank\" and the rank of the attractor")),
)


FIELDS = {
    DISTANCE: (
        ask(1, "ranks1", "map", "Rang de chaque position de $\\mathcal{A}^1$",
            "Rank of each position of $\\mathcal{A}^1$"),
        ask(2, "distances", "map", "$\\delta(x)$ de chaque position",
            "$\\delta(x)$ of each position"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
