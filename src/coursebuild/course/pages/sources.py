"""Notes on the sources: the figures and fragments of ``docs/fr/sources.md`` and
``docs/en/sources.md``."""

from __future__ import annotations

from arena import Arena, solve
from coursebuild.course import examples
from coursebuild.course.drawing import Figure
from coursebuild.course.facts import ClaimError
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fence,
    fragment,
    pos,
    table,
    who,
)

# Example 3.2.2 of the reference chapter, as printed (a comma is missing at the end of
# its second line); the page shows what Python makes of it.
SOURCE_NIM_CODE = """A = {(1,0) : [(0,1)],
     (1,1) : [(0,0)]
     (10,0) : [(8,1), (9,1)]}
for k in range(2,10) :
    for i in [0,1] :
        A[(k,i)] = [(k-2,1-i), (k-1,1-i)]"""

def _run_source(text: str) -> tuple[dict | None, str | None]:
    """Run ``text``; return its ``A`` and the one-line error it raised, if any."""
    scope: dict = {}
    try:
        exec(compile(text, "exemple-3-2-2", "exec"), scope)
    except SyntaxError as e:
        return None, f"SyntaxError: {e.msg} (line {e.lineno})"
    return scope["A"], None

@fragment
def source_nim_code() -> Bilingual:
    from arena.course import renverse_graphe

    _, printed_error = _run_source(SOURCE_NIM_CODE)
    if printed_error is None:
        raise ClaimError("source_nim_code: the printed code of example 3.2.2 runs")
    fixed = SOURCE_NIM_CODE.replace("(1,1) : [(0,0)]\n", "(1,1) : [(0,0)],\n")
    A, error = _run_source(fixed)
    if error is not None or A is None:
        raise ClaimError(f"source_nim_code: the code with its comma fails: {error}")
    try:
        renverse_graphe(A)
    except KeyError as e:
        key_error = f"KeyError: {e}"
    else:
        raise ClaimError("source_nim_code: renverse_graphe accepts the chapter's dictionary")
    g = examples.nim_10().arena
    missing = sorted(v for v in g.vertices if v not in A)
    extra = sorted(v for v in A if v not in g)
    if extra or any(sorted(A[v]) != sorted(g.successors(v)) for v in A):
        raise ClaimError("source_nim_code: the fixed code's edges are not Nim's")
    miss = ", ".join(pos(v) for v in missing)
    return both(
        fence(SOURCE_NIM_CODE, "python") +
        f"\nTel quel, Python refuse ce code : `{printed_error}`, car une virgule manque à "
        "la fin de la deuxième ligne. Avec la virgule, le dictionnaire se construit, ses "
        f"arêtes sont bien celles du jeu, mais il lui manque les sommets {miss}, qui n'ont "
        "pas de successeur et ne sont donc jamais des clés. Donné à `renverse_graphe`, "
        f"qui crée une liste vide pour chaque clé puis ajoute chaque arête, il lève "
        f"`{key_error}`. Correction : ajouter la virgule, et une clé de liste vide pour "
        f"chaque position sans successeur, par exemple `A[(0,0)] = []` et "
        "`A[(0,1)] = []`.\n",
        fence(SOURCE_NIM_CODE, "python") +
        f"\nAs printed, Python rejects this code: `{printed_error}`, because a comma is "
        "missing at the end of the second line. With the comma, the dictionary is built, "
        f"its edges are those of the game, but it lacks the vertices {miss}, which have no "
        "successor and so are never keys. Given to `reverse_graph`, which creates an "
        f"empty list for each key and then adds each edge, it raises `{key_error}`. "
        "Correction: add the comma, and a key with an empty list for each position "
        "without successor, for instance `A[(0,0)] = []` and `A[(0,1)] = []`.\n")

@fragment
def source_nim_v1() -> Bilingual:

    g = examples.nim_10().arena
    stuck = [v for v in g.S0 if not g.successors(v)]
    succ = ", ".join(pos(v) for v in g.successors((1, 0)))
    if stuck != [(0, 0)] or not g.successors((1, 0)) or list(g.V1) != [(0, 0)]:
        raise ClaimError("source_nim_v1: J_0 is not stuck at (0, 0) alone")
    return both(
        f"Avec un bâtonnet, $J_0$ peut encore jouer : le seul successeur de $(1, 0)$ est {succ}. "
        f"La seule position de $S_0$ sans successeur est {pos(stuck[0])}.\n",
        f"With one stick, $J_0$ can still move: $(1, 0)$ has the successor {succ}. The only "
        f"position of $S_0$ without successor is {pos(stuck[0])}.\n")

def _source_numbering_arena() -> Arena:
    from coursebuild.course.facts import numbering_below_rank_arena

    return numbering_below_rank_arena()

@fragment
def source_numbering() -> Bilingual:
    from arena.course import calcule_attracteur2, chapter_dicts

    g = _source_numbering_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    number = calcule_attracteur2(A, S0, V0)
    sol = solve(g)
    if not g.is_bipartite() or not number["x"] < sol.rank["x"]:
        raise ClaimError("source_numbering: the numbering is not below the rank at x")
    def m(v: str) -> str:
        return f"${v}$"

    order = ", ".join(map(m, V0))
    edges = ", ".join(f"${a} \\to {b}$" for a, b in sorted(g.edges()))
    s1 = [m(v) for v in g.S1 if g.successors(v)]
    s0 = ", ".join(m(v) for v in g.S0 if g.successors(v))
    v0 = ", ".join(g.V0)
    return both(
        f"Dans ce graphe biparti, $J_1$ joue en {' et '.join(s1)}, $J_0$ en {s0} ; "
        f"$V_0 = \\{{{v0}\\}}$ ; les arêtes sont {edges}. "
        f"Le rang de $x$ est {sol.rank['x']} : $J_1$ prend le long chemin. Mais en "
        f"parcourant $V_0$ dans l'ordre {order}, `calcule_attracteur2` donne à $x$ le "
        f"numéro {number['x']}, car son compteur tombe à 0 au moment où l'on marque $w$.\n",
        f"In this bipartite graph, $J_1$ moves at {' and '.join(s1)}, $J_0$ at {s0}; "
        f"$V_0 = \\{{{v0}\\}}$; the edges are {edges}. "
        f"The rank of $x$ is {sol.rank['x']}: $J_1$ takes the long way. But going through "
        f"$V_0$ in the order {order}, `compute_attractor2` gives $x$ the number "
        f"{number['x']}, because its counter falls to 0 when $w$ is marked.\n")

@fragment
def source_bouton() -> Bilingual:
    from arena.games import marienbad

    rows = []
    for heaps in ((1, 2), (1, 2, 3), (2, 2), (3, 5, 7)):
        g = marienbad(heaps, misere=False)
        sol = solve(g)
        xor = 0
        for h in heaps:
            xor ^= h
        winner = sol.winner[g.start]
        if (winner == 0) != (xor != 0):
            raise ClaimError(f"source_bouton: heaps {heaps}: Bouton's theorem fails")
        rows.append((", ".join(map(str, heaps)), xor, winner))
    out = {}
    for lang, head in (("fr", ("Tas", "Ou exclusif", "Gagnant (celui qui joue : $J_0$)")),
                       ("en", ("Heaps", "Exclusive or", "Winner (the player to move: $J_0$)"))):
        out[lang] = table(head, [(h, x, who(w, lang)) for h, x, w in rows], "lrl")
    return out


def source_astar(graph: dict[str, dict[str, float]], start: str,
                 h) -> tuple[dict[str, float], list[str]]:
    """Algorithm 4 of the chapter on game theory, as printed: Dijkstra's algorithm on the
    weights ``w(s, p) - h(s) + h(p)``, each vertex fixed once (it is never taken again),
    the distances of the start's successors set first, and no goal: it returns every
    reweighted distance, and the order in which it fixes the vertices. (Its line 5 gives
    every vertex ``w̃(a, s)``; a vertex that is no successor of ``a`` gets +∞ here, the
    only reading that makes sense.)"""
    known, order = {start}, [start]
    dist = {v: graph[start][v] - h(start) + h(v) if v in graph[start] else float("inf")
            for v in graph}
    dist[start] = 0
    while len(known) < len(graph):
        u = min((v for v in graph if v not in known), key=lambda v: (dist[v], v))
        known.add(u)
        order.append(u)
        for x, w in graph[u].items():
            if x not in known and dist[x] > dist[u] + w - h(u) + h(x):
                dist[x] = dist[u] + w - h(u) + h(x)
    return dist, order


@fragment
def source_astar_text() -> Bilingual:
    from arena.astar import astar, dijkstra_to, is_admissible, is_consistent
    from coursebuild.course.pages.beyond import REOPEN_GRAPH, REOPEN_H

    h = REOPEN_H.get
    dist, order = source_astar(REOPEN_GRAPH, "s", h)
    reweighted = dist["t"]
    found = reweighted + h("s") - h("t")          # back to a length: the sum of w̃ telescopes
    shortest = dijkstra_to(REOPEN_GRAPH, "t")["s"]
    course = astar(REOPEN_GRAPH, "s", "t", h).cost
    if not (is_admissible(REOPEN_GRAPH, "t", h) and not is_consistent(REOPEN_GRAPH, "t", h)):
        raise ClaimError("source_astar: the example's heuristic is not admissible-only")
    if not found > shortest == course or not order.index("b") < order.index("a"):
        raise ClaimError("source_astar: the printed algorithm finds the shortest length, "
                         "or does not fix b before a")
    edges = ", ".join(f"${u} \\to {v}$ ({w})" for u, succ in REOPEN_GRAPH.items()
                      for v, w in succ.items())
    return both(
        f"Sur le graphe {edges}, avec l'heuristique admissible $h(a) = {h('a')}$ et $h = 0$ "
        f"ailleurs (l'exemple du chapitre [Au-delà](beyond.md)), l'algorithme tel qu'il "
        f"est écrit fixe $b$ avant $a$ et ne le reprend jamais : il donne à $t$ la longueur "
        f"{found:g}, alors que le plus court chemin, $s \\to a \\to b \\to t$, est de "
        f"longueur {shortest:g}, celle que trouve l'A\\* du cours.\n",
        f"On the graph {edges}, with the admissible heuristic $h(a) = {h('a')}$ and $h = 0$ "
        f"elsewhere (the example of the chapter [Beyond](beyond.md)), the algorithm as "
        f"printed fixes $b$ before $a$ and never takes it again: it gives $t$ the length "
        f"{found:g}, whereas the shortest path, $s \\to a \\to b \\to t$, has length "
        f"{shortest:g}, the one the course's A\\* finds.\n")


FIGURES: tuple[Figure, ...] = ()

