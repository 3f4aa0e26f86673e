"""The solver's loops compiled by numba (the optional extra ``arena-reachability[fast]``).

Imported by :mod:`arena.solver` at the first solve that uses it, never when ``arena`` is
imported (importing numba takes about half a second). Each function is compiled on its
first call and kept on disk (``cache=True``, in ``__pycache__`` beside this file or in
numba's user cache), so a later process loads it instead of compiling it again.

The functions read the arrays :func:`arena.solver.solve` builds from an arena: ``offsets``
and ``targets`` (int64, CSR: the successors of x are ``targets[offsets[x]:offsets[x+1]]``),
``owner`` (uint8, 0 or 1) and ``victory`` (uint8: 0 or 1 for V0 or V1, 2 elsewhere). They
compute what the numpy and pure-Python paths compute, in the same order, so that the three
paths give the same winners, ranks and moves (the tests compare them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["solve_arrays", "reversed_csr", "backward_search", "strategy_moves"]


@njit(cache=True, nogil=True)
def reversed_csr(offsets, targets, victory):  # pragma: no cover - compiled
    """The reversed graph of the edges the solver uses (edges out of victory vertices are
    left out), in compressed form: the predecessors of y are
    ``pred[bounds[y]:bounds[y + 1]]``, in increasing order (uint32 arrays: the caller
    checks that n + m < 2^31; unsigned, so that an index read from them costs no check
    for a negative index, which numba makes for a signed one).

    A counting sort: count the predecessors of each vertex, sum the counts, then drop each
    edge in its target's slot, sources in increasing order. O(n + m) time, n + 1 + m
    integers of memory.
    """
    n = len(victory)
    bounds = np.zeros(n + 1, dtype=np.uint32)
    for x in range(n):
        if victory[x] == 2:
            for e in range(offsets[x], offsets[x + 1]):
                bounds[np.uint64(targets[e]) + np.uint64(1)] += 1
    for x in range(n):
        bounds[x + 1] += bounds[x]
    fill = bounds[:-1].copy()
    pred = np.empty(bounds[n], dtype=np.uint32)
    for x in range(n):
        if victory[x] == 2:
            for e in range(offsets[x], offsets[x + 1]):
                y = np.uint64(targets[e])
                pred[fill[y]] = x
                fill[y] += 1
    return pred, bounds


@njit(cache=True, nogil=True)
def backward_search(offsets, owner, victory, pred, bounds):  # pragma: no cover - compiled
    """Both attractors with exact ranks, as packed states: ``2 * rank + winner`` for a
    vertex won by ``winner``, a negative number for a draw.

    The breadth-first search of :func:`arena.solver._winners_and_ranks`: from V0 ∪ V1
    backwards, a vertex owned by p joins the winner w of a successor at once when p = w,
    and when its counter of successors not yet won by w reaches 0 otherwise. Vertices
    leave the first-in first-out queue in increasing rank, so every rank is exact.

    One int32 per vertex holds all that the search asks of it, so that each predecessor
    costs one memory access: ``-1 - (2 * counter + owner)`` while it is undecided, its
    packed state once decided. The queue holds unsigned numbers, as ``pred`` does: the
    vertex numbers read from them index ``state`` without numba's check for a negative
    index, which on a chain (one long dependent walk, a vertex per step) was a third of
    the search's time (issue 65). O(n + m) time.
    """
    n = len(owner)
    state = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.uint32)
    tail = 0
    for x in range(n):
        if victory[x] != 2:
            state[x] = victory[x]
            queue[tail] = x
            tail += 1
        else:
            state[x] = -1 - (2 * (offsets[x + 1] - offsets[x]) + owner[x])
    head = 0
    while head < tail:
        y = queue[head]
        head += 1
        s = state[y] + 2                # same winner, rank one more
        w = s & 1
        for e in range(bounds[y], bounds[y + 1]):
            x = pred[e]
            u = state[x]
            if u >= 0:
                continue
            u = -1 - u                  # 2 * counter + owner
            if (u & 1) != w:
                u -= 2
                if u >= 2:
                    state[x] = -1 - u
                    continue
            state[x] = s
            queue[tail] = x
            tail += 1
    return state


@njit(cache=True, nogil=True)
def strategy_moves(offsets, targets, owner, victory, state):  # pragma: no cover - compiled
    """The move of the owner at each non-terminal vertex with a successor (-1 elsewhere),
    by the rule of :func:`arena.solver._strategy_moves`: the first successor won by the
    same player with rank one less (winning or losing), or on a draw the first successor
    the opponent does not win. The second value is a vertex where no successor qualifies,
    which the theorem rules out (the caller checks), or -1. O(n + m) time.
    """
    n = len(owner)
    moves = np.full(n, -1, dtype=np.int64)
    broken = -1
    for x in range(n):
        a, b = offsets[x], offsets[x + 1]
        if victory[x] != 2 or a == b:
            continue
        s = state[x]
        for e in range(a, b):
            y = targets[e]
            t = state[np.uint64(y)]             # unsigned: no negative-index check
            if (t == s - 2) if s >= 0 else (t < 0 or (t & 1) == owner[x]):
                moves[x] = y
                break
        if moves[x] < 0 and broken < 0:
            broken = x
    return moves, broken


@njit(cache=True, nogil=True)
def solve_arrays(offsets, targets, owner, victory):  # pragma: no cover - compiled
    """Winner (int8, -1 for a draw), rank (int64, -1 for a draw) and move (int64, -1 at
    victory vertices and dead ends) of every vertex, and a vertex where the theory is
    broken (-1: none): the three functions above in a row. O(n + m) time and memory."""
    pred, bounds = reversed_csr(offsets, targets, victory)
    state = backward_search(offsets, owner, victory, pred, bounds)
    moves, broken = strategy_moves(offsets, targets, owner, victory, state)
    n = len(state)
    winner = np.empty(n, dtype=np.int8)
    rank = np.empty(n, dtype=np.int64)
    for x in range(n):
        s = state[x]
        if s < 0:
            winner[x] = -1
            rank[x] = -1
        else:
            winner[x] = s & 1
            rank[x] = s >> 1
    return winner, rank, moves, broken
