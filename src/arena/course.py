"""The course's own algorithms, written plainly so that notebooks can show and time them.

Two ways of computing an attractor that the library does *not* use, kept for teaching:

- :func:`naive_attractor_steps` applies definition 2.2.2 literally, one step after
  another, re-reading the whole graph at each step: O(|S|·|A|) in the worst case;
- the chapter's recursive algorithm (section 3.2-3.3): :func:`reverse_graph`,
  :func:`out_degrees`, :func:`mark_propagate`, :func:`compute_attractor`, and the numbered
  version :func:`mark_propagate2` / :func:`compute_attractor2`. It runs in linear time
  but recurses once per vertex on a chain, so Python's recursion limit stops it on long
  games; and its numbering is *not* the rank (see :func:`compute_attractor2`).

These functions take the chapter's data structures: an adjacency dictionary ``A``
(vertex -> list of successors) and dictionaries used as sets (``S0``, ``V0``).
:func:`chapter_dicts` builds them from an :class:`~arena.arena.Arena`. The names are the
English edition's, so a student can put the pseudo-code and the Python side by side; the
French course's names of the same functions, for the French chapters and notebooks, are
defined at the end of the module (``docs/data/glossary.yaml`` pairs the names).

The library's :func:`arena.solver.attractor` computes the same sets with exact ranks,
iteratively.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from arena.arena import Arena, Player, Vertex

__all__ = ["chapter_dicts", "naive_attractor_steps", "naive_attractor", "reverse_graph",
           "out_degrees", "mark_propagate", "compute_attractor", "mark_propagate2",
           "compute_attractor2", "choose_move", "strategy_moves", "looping_strategy_arena"]

Adjacency = dict[Hashable, list[Hashable]]


def chapter_dicts(arena: Arena) -> tuple[Adjacency, dict, dict, dict, dict]:
    """``(A, S0, S1, V0, V1)`` as the chapter writes them: an adjacency dictionary
    and dictionaries with ``None`` values used as sets.

    Victory vertices are terminal, so they get no successors in ``A``.

    Examples
    --------
    >>> from arena.games import nim
    >>> A, S0, S1, V0, V1 = chapter_dicts(nim(3, [1, 2]))
    >>> A[(3, 0)], list(V1)
    ([(1, 1), (2, 1)], [(0, 0)])
    """
    A = {v: ([] if arena.victory(v) is not None else list(arena.successors(v)))
         for v in arena.vertices}
    as_set = dict.fromkeys
    return A, as_set(arena.S0), as_set(arena.S1), as_set(arena.V0), as_set(arena.V1)


def naive_attractor_steps(arena: Arena, i: Player) -> list[set[Vertex]]:
    """The steps A_0 ⊆ A_1 ⊆ ... of definition 2.2.2, computed literally.

    Each step re-reads every vertex and all its successors, until a step adds nothing.
    The last set of the list is the attractor.

    Notes
    -----
    Up to |S| steps of O(|S| + |A|) each: O(|S|·(|S| + |A|)).

    Examples
    --------
    >>> from arena.games import nim
    >>> [len(step) for step in naive_attractor_steps(nim(4, [1, 2]), 0)]
    [1, 3, 4, 5]
    """
    targets = {v for v in arena.vertices if arena.victory(v) is not None}
    step = set(arena.V0 if i == 0 else arena.V1)
    steps = [set(step)]
    while True:
        added = set()
        for x in arena.vertices:
            if x in step or x in targets:
                continue
            succ = arena.successors(x)
            if arena.owner(x) == i:
                wins = any(y in step for y in succ)
            else:
                wins = bool(succ) and all(y in step for y in succ)
            if wins:
                added.add(x)
        if not added:
            return steps
        step = step | added
        steps.append(step)


def naive_attractor(arena: Arena, i: Player) -> dict[Vertex, int]:
    """``{vertex: rank}`` from :func:`naive_attractor_steps` (the definition of the rank)."""
    rank: dict[Vertex, int] = {}
    for n, step in enumerate(naive_attractor_steps(arena, i)):
        for v in step:
            rank.setdefault(v, n)
    return rank


# --8<-- [start:linear]
def reverse_graph(A: Mapping[Any, list]) -> Adjacency:
    """The reversed graph: each vertex with the list of its predecessors."""
    B: Adjacency = {x: [] for x in A}
    for x in A:
        for y in A[x]:
            B[y].append(x)
    return B


def out_degrees(A: Mapping[Any, list]) -> dict[Hashable, int]:
    """The out-degree d+(x) of every vertex."""
    return {x: len(A[x]) for x in A}


def mark_propagate(s, d, B, S0, attractor) -> None:
    """Mark the winning vertex ``s`` and propagate to its predecessors (recursive).

    ``d[x]`` counts the successors of ``x`` not yet known to be winning. A predecessor
    owned by the player wins at once; one owned by the opponent wins when its counter
    reaches 0. Side effects on ``d`` and ``attractor``.
    """
    if s not in attractor:
        attractor[s] = None
        for x in B[s]:
            d[x] -= 1
            if x in S0 or d[x] == 0:
                mark_propagate(x, d, B, S0, attractor)
# --8<-- [end:linear]


def compute_attractor(A, S0, V0) -> dict:
    """The attractor of the player who owns ``S0`` and wins on ``V0`` (a dict as a set).

    Examples
    --------
    >>> from arena.games import nim
    >>> A, S0, S1, V0, V1 = chapter_dicts(nim(4, [1, 2]))
    >>> sorted(compute_attractor(A, S0, V0))
    [(0, 1), (1, 0), (2, 0), (3, 1), (4, 0)]
    """
    d = out_degrees(A)
    B = reverse_graph(A)
    attractor: dict = {}
    for s in V0:
        mark_propagate(s, d, B, S0, attractor)
    return attractor


def mark_propagate2(s, d, B, S0, attractor, n) -> None:
    """:func:`mark_propagate` that also writes the depth ``n`` of the recursion."""
    if s not in attractor:
        attractor[s] = n
        for x in B[s]:
            d[x] -= 1
            if x in S0 or d[x] == 0:
                mark_propagate2(x, d, B, S0, attractor, n + 1)


def compute_attractor2(A, S0, V0) -> dict:
    """The attractor with the chapter's numbering of each vertex.

    The number is the depth of the recursive call that marked the vertex. The chapter
    presents it as an upper bound of the rank, but it is neither an upper nor a lower
    bound in general: a depth-first search may reach a vertex by a long path first
    (number above the rank), and an opponent's vertex is numbered from its *last* marked
    successor, which may be near a victory vertex while an earlier one was far
    (number below the rank). The exact rank needs the vertices in rank order, which
    :func:`arena.solver.attractor` does.

    Examples
    --------
    >>> A = {"x": ["y", "w"], "y": ["z"], "z": ["v"], "v": [], "w": []}
    >>> S0 = {"y": None}                  # J_0 owns y; J_1 owns x and z
    >>> compute_attractor2(A, S0, {"v": None, "w": None})["x"]   # its rank is 3
    1
    """
    d = out_degrees(A)
    B = reverse_graph(A)
    attractor: dict = {}
    for s in V0:
        mark_propagate2(s, d, B, S0, attractor, 0)
    return attractor


def choose_move(A, attr0, attr1, s):
    """The chapter's choice of move for J_0 at ``s`` (with successors, not terminal), the
    rule of the chapter's ``strategy`` and of the course's exercise.

    ``attr0`` and ``attr1`` map the vertices of each attractor to their ranks (or to the
    numbers of :func:`compute_attractor2`). Winning (``s`` in ``attr0``): the first
    successor with a smaller rank (with exact ranks, a rank one less). Losing (``s`` in
    ``attr1``): the successor of greatest rank in ``attr1``, which delays the defeat
    longest; the first of them in ``A[s]`` when several have it. Otherwise: the first
    successor outside ``attr1``.

    Examples
    --------
    >>> A = {"s": ["a", "b"], "a": [], "b": ["c"], "c": []}   # J_1 wins at a and c
    >>> choose_move(A, {}, {"a": 0, "c": 0, "b": 1, "s": 2}, "s")   # b holds out longer
    'b'
    """
    if s in attr0:
        for x in A[s]:
            if x in attr0 and attr0[x] < attr0[s]:
                return x
    elif s in attr1:
        return max(A[s], key=lambda x: attr1[x])
    else:
        for x in A[s]:
            if x not in attr1:
                return x
    return None


# The French course's names of the same functions (its chapters and exam papers write
# them; docs/data/glossary.yaml pairs each English name with its French one). Not in
# __all__: the API reference, in English, documents the English names.
renverse_graphe = reverse_graph
dplus = out_degrees
marque_propage = mark_propagate
calcule_attracteur = compute_attractor
marque_propage2 = mark_propagate2
calcule_attracteur2 = compute_attractor2
choix_coup = choose_move


def strategy_moves(arena: Arena) -> dict:
    """J_0's move at each of its vertices with a successor, as :func:`choose_move` chooses
    it from the :func:`compute_attractor2` numbering of both attractors."""
    A, S0, S1, V0, V1 = chapter_dicts(arena)
    a0, a1 = compute_attractor2(A, S0, V0), compute_attractor2(A, S1, V1)
    return {s: choose_move(A, a0, a1, s) for s in arena.S0 if A[s]}


def looping_strategy_arena(seed: int = 2026, trials: int = 20000) -> tuple[Arena, str]:
    """A small bipartite arena on which :func:`choose_move` loops, and the looping play.

    A seeded random search over bipartite arenas with at most three vertices per player
    and one victory vertex ``v`` of J_0 keeps the smallest one (fewest vertices, then
    fewest edges) on which J_1 can force an endless play against :func:`strategy_moves`
    from J_0's attractor; :func:`arena.solver.verify_strategy` finds the play. The reason:
    the numbering can put an opponent's vertex *below* its rank, so J_0 "lowers the
    number" by moving to it, and J_1 moves back up.

    Examples
    --------
    >>> g, play = looping_strategy_arena()
    >>> len(g), g.is_bipartite(), play
    (5, True, 'a1 -> b1 -> a1')
    """
    import random
    import re

    from arena.solver import StrategyError, verify_strategy

    rng = random.Random(seed)
    best: tuple[tuple[int, int], Arena, str] | None = None
    for _ in range(trials):
        n0, n1 = rng.randint(1, 3), rng.randint(1, 3)
        S0, S1 = [f"a{k}" for k in range(n0)], [f"b{k}" for k in range(n1)]
        edges: dict[Vertex, list[Vertex]] = {
            x: rng.sample(S1 + ["v"], rng.randint(1, n1 + 1)) for x in S0}
        edges.update({x: rng.sample(S0, rng.randint(1, n0)) for x in S1})
        g = Arena(S0=S0, S1=S1 + ["v"], edges=edges, V0=["v"])
        if not g.is_bipartite() or (best is not None and (len(g), g.n_edges) >= best[0]):
            continue
        try:
            verify_strategy(g, 0, strategy_moves(g))
        except StrategyError as e:
            found = re.search(r"the play (.*) follows the strategy .* and loops", str(e))
            if found:
                best = ((len(g), g.n_edges), g, found.group(1))
    if best is None:
        raise RuntimeError("no looping arena found: widen the search")
    return best[1], best[2]
