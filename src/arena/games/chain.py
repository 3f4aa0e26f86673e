"""The chain 0 → 1 → … → n: the arena whose attractor grows by one vertex per step.

The course and the benchmarks use it as the worst case of the step-by-step attractor
(n + 1 steps, each re-reading the whole graph) and of a recursive one (n nested calls).
"""

from __future__ import annotations

from arena.arena import Arena

__all__ = ["chain"]


def chain(n: int) -> Arena:
    """The path 0 → 1 → … → n with alternating owners, won by J_0 at its end.

    Vertex k (0 ≤ k ≤ n) is owned by J_{k mod 2}; its only move goes to k + 1. The end
    n is the victory position of J_0 (V0 = {n}, V1 = ∅) and the start is 0. Every
    vertex is then in the attractor of J_0, with rank n - k: step j of the attractor
    adds the vertex n - j alone, so there are n + 1 steps.

    Parameters
    ----------
    n : int
        The number of moves (edges), at least 0; the chain has n + 1 vertices.

    Returns
    -------
    Arena
        Vertices 0, 2, 4, … (S0) then 1, 3, 5, … (S1), integers.

    Raises
    ------
    ValueError
        If ``n`` is not a non-negative integer.

    Examples
    --------
    >>> g = chain(3)
    >>> g.S0, g.S1, g.V0, g.start, list(g.edges())
    ((0, 2), (1, 3), (3,), 0, [(0, 1), (2, 3), (1, 2)])
    >>> from arena import attractor
    >>> attractor(g, 0)
    {0: 3, 2: 1, 1: 2, 3: 0}

    Notes
    -----
    Its rules (the move k → k + 1, J_0 winning at n) given to :func:`arena.from_rules`
    give the same arena, but the chain is the benchmarks' arena of a million vertices:
    O(n) time and memory; built from arrays (:meth:`Arena.from_csr`), without one
    Python list per vertex, so a chain of a million vertices takes a fraction of a second.
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"the number of moves of a chain is a non-negative integer, not {n!r}")
    evens, odds = range(0, n + 1, 2), range(1, n + 1, 2)
    n0, n1 = len(evens), len(odds)
    # vertex numbers: 2j is j, 2j + 1 is n0 + j; the move of 2j goes to n0 + j, the move
    # of 2j + 1 to j + 1; the last vertex (n) has none
    e0, e1 = (n + 1) // 2, n // 2            # vertices with a move, in S0 and in S1
    targets = [*range(n0, n0 + e0), *range(1, 1 + e1)]
    offsets = [*range(e0 + 1), *[e0] * (n0 - e0), *range(e0 + 1, e0 + e1 + 1),
               *[e0 + e1] * (n1 - e1)]
    return Arena.from_csr(evens, odds, offsets, targets,
                          V0=[n // 2 if n % 2 == 0 else n0 + n // 2], start=0,
                          title={"fr": f"Chaîne de {n + 1} sommets",
                                 "en": f"Chain of {n + 1} vertices"})
