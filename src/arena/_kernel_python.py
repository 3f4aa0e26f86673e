"""The solver's pure-Python path (:data:`arena.solver.KERNELS`): Pyodide's, without
numpy. The same backward search in one first-in first-out queue and the same rule for the
moves as the numpy and compiled paths, so the same winners, ranks and moves.
:mod:`arena.solver` chooses the path (:func:`arena.solver._kernel`)."""

from __future__ import annotations

import gc
from collections.abc import Sequence


def _winners_and_ranks_python(owner: bytes, victory: Sequence[int | None],
                              succ: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """:func:`_winners_and_ranks` without numpy (for Pyodide): the same backward search
    in one first-in first-out queue, so vertices are processed in increasing rank and get
    the same winners and exact ranks.

    The predecessors of each vertex are kept in two lists, by owner, so that the inner
    loops need not test who owns the vertex; see :func:`_backward_queue`.
    """
    n = len(succ)
    collecting = gc.isenabled()
    gc.disable()    # millions of new lists, none in a cycle: no collection is needed
    try:
        preds: tuple[list[list[int]], list[list[int]]] = ([[] for _ in range(n)],
                                                          [[] for _ in range(n)])
        for x, row in enumerate(succ):
            if victory[x] is None:                 # victory vertices are terminal
                into = preds[owner[x]]
                for y in row:
                    into[y].append(x)
        state = [-1 if w is None else w for w in victory]
        remaining = [len(s) for s in succ]
        queue = [x for x in range(n) if victory[x] is not None]
        _backward_queue(queue, state, remaining, preds[0].__getitem__, preds[1].__getitem__)
        return _unpack(state)
    finally:
        if collecting:
            gc.enable()


def _backward_queue(queue: list[int], state: list[int], remaining: list[int],
                    pred0, pred1) -> None:
    """The backward search in a first-in first-out queue, on packed states.

    ``state[x]`` is -1 while x is undecided, else ``2 * rank + winner``; so a vertex
    decided from a successor y gets ``state[y] + 2`` (same winner, rank one more), in
    either case. ``pred0(y)`` and ``pred1(y)`` give the predecessors of y owned by J_0
    and by J_1; those owned by the winner of y join at once, the others when their
    counter of successors not yet won by the winner reaches 0.
    """
    push = queue.append
    for y in queue:  # the queue grows while it is read
        s = state[y] + 2
        if s & 1:
            mine, theirs = pred1(y), pred0(y)
        else:
            mine, theirs = pred0(y), pred1(y)
        for x in mine:
            if state[x] < 0:
                state[x] = s
                push(x)
        for x in theirs:
            if state[x] < 0:
                k = remaining[x] - 1
                remaining[x] = k
                if not k:
                    state[x] = s
                    push(x)


def _unpack(state: list[int]) -> tuple[list[int], list[int]]:
    """Winners and ranks (-1 for a draw) from packed states."""
    return [s if s < 0 else s & 1 for s in state], [s if s < 0 else s >> 1 for s in state]


def _strategy_moves_python(owner: bytes, victory: Sequence[int | None],
                           succ: Sequence[Sequence[int]], winner: Sequence[int],
                           rank: Sequence[int]) -> list[int]:
    """:func:`_strategy_moves` without numpy: the first qualifying successor of each
    row, by the same rule."""
    moves = [-1] * len(succ)
    for x, row in enumerate(succ):
        if victory[x] is not None or not row:
            continue
        w = winner[x]
        if w >= 0:
            r = rank[x] - 1
            for y in row:
                if winner[y] == w and rank[y] == r:
                    moves[x] = y
                    break
        else:
            opponent = 1 - owner[x]
            for y in row:
                if winner[y] != opponent:
                    moves[x] = y
                    break
    return moves
