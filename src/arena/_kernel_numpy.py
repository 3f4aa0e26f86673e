"""The solver's numpy path (:data:`arena.solver.KERNELS`): numpy's vectorised levels of
the backward search with a Python queue for the small ones, and each vertex's move found
over all edges at once. :mod:`arena.solver` chooses the path (:func:`arena.solver._kernel`)
and imports this module only where numpy is installed."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena.arena import Arena


def _edge_arrays(arena: Arena) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(lengths, sources, targets, terminal)``: every edge as numpy arrays, in row order,
    and which vertices are victory positions (from the arena's CSR arrays)."""
    offsets, targets = arena._csr_arrays()
    n = len(offsets) - 1
    lengths = np.diff(offsets)
    sources = np.repeat(np.arange(n, dtype=np.int64), lengths)
    terminal = arena._victory_array() < 2
    return lengths, sources, targets, terminal


def _reversed_csr(n: int, sources: np.ndarray, targets: np.ndarray, terminal: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The reversed graph of the edges the solver uses (victory vertices are terminal),
    in compressed form: the predecessors of y are ``pred[bounds[y]:bounds[y + 1]]``, in
    increasing order.

    numpy sorts the edges by the unique key ``target * n + source`` in C, instead of one
    Python append per edge.
    """
    if terminal.any():
        keep = ~terminal[sources]
        targets, sources = targets[keep], sources[keep]
    pred = np.sort(targets * n + sources) % n if n else targets
    bounds = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(targets, minlength=n), out=bounds[1:])
    return pred, bounds


_LARGE_LEVEL = 512
"""Levels of the backward search with at least this many vertices are handled by numpy
all at once; smaller ones (chains, the tail of a search) by a Python queue."""


def _numpy_levels(own: np.ndarray, winner: np.ndarray, rank: np.ndarray,
                  remaining: np.ndarray, pred: np.ndarray, bounds: np.ndarray,
                  level: np.ndarray) -> np.ndarray:
    """Run the backward search level by level while levels are large; return the first
    level left to process (its vertices have rank ``rank.max()``)."""
    r = 0
    while len(level) >= _LARGE_LEVEL:
        starts = bounds[level]
        counts = bounds[level + 1] - starts
        # positions in ``pred`` of every predecessor edge of the level
        offsets = np.repeat(starts - np.cumsum(counts) + counts, counts)
        xs = pred[offsets + np.arange(int(counts.sum()))]
        ws = np.repeat(winner[level], counts)
        undecided = winner[xs] < 0
        xs, ws = xs[undecided], ws[undecided]
        mine = own[xs] == ws
        won = np.unique(xs[mine])                   # a successor won by their owner
        others, hits = np.unique(xs[~mine], return_counts=True)
        remaining[others] -= hits
        lost = others[remaining[others] == 0]       # every successor won by the opponent
        r += 1
        winner[won] = own[won]
        winner[lost] = 1 - own[lost]
        rank[won] = rank[lost] = r
        level = np.concatenate((won, lost))
    return level


def _winners_and_ranks_numpy(arena: Arena, edges=None) -> tuple[list[int], list[int]]:
    """:func:`arena.solver._winners_and_ranks` by numpy: large levels all at once
    (:func:`_numpy_levels`), the rest by a first-in first-out queue in Python."""
    owner = arena._owner
    n = len(owner)
    lengths, sources, targets, terminal = edges or _edge_arrays(arena)
    pred, bounds = _reversed_csr(n, sources, targets, terminal)
    own = np.frombuffer(owner, dtype=np.uint8).astype(np.int8)
    winner = arena._victory_array().astype(np.int8)
    winner[winner == 2] = -1
    rank = np.where(terminal, 0, -1).astype(np.int64)
    remaining = lengths.copy()
    level = _numpy_levels(own, winner, rank, remaining, pred, bounds, np.flatnonzero(terminal))

    winner, rank, remaining = winner.tolist(), rank.tolist(), remaining.tolist()
    flat, bounds = pred.tolist(), bounds.tolist()
    queue = level.tolist()
    for y in queue:  # the queue grows while it is read
        w = winner[y]
        r = rank[y] + 1
        for x in flat[bounds[y]:bounds[y + 1]]:
            if winner[x] < 0:
                if owner[x] == w:
                    winner[x] = w
                    rank[x] = r
                    queue.append(x)
                else:
                    remaining[x] -= 1
                    if not remaining[x]:
                        winner[x] = w
                        rank[x] = r
                        queue.append(x)
    return winner, rank


def _strategy_moves(owner: bytes, edges, winner: Sequence[int], rank: Sequence[int]
                    ) -> list[int]:
    """The move of the owner at each non-terminal vertex with a successor (-1 elsewhere).

    With exact ranks, the least rank of a winning owner's successors and the greatest
    rank of a losing owner's successors are both ``rank - 1``: in both cases the move is
    the first successor won by the same player with that rank. On a draw, it is the first
    successor the opponent does not win. The first qualifying edge of each row is found
    with numpy, over all edges at once.
    """
    lengths, sources, targets, terminal = edges
    n, m = len(lengths), len(targets)
    moves = np.full(n, -1, dtype=np.int64)
    if m:
        w = np.asarray(winner, dtype=np.int64)
        r = np.asarray(rank, dtype=np.int64)
        opponent = 1 - np.frombuffer(owner, dtype=np.uint8).astype(np.int64)
        ws = w[sources]
        good = np.where(ws >= 0, (w[targets] == ws) & (r[targets] == r[sources] - 1),
                        w[targets] != opponent[sources])
        rows = np.flatnonzero(lengths)
        offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
        first = np.minimum.reduceat(np.where(good, np.arange(m), m), offsets[rows])
        playing = ~terminal[rows]
        missing = first[playing] >= m       # never, by the theorem; checked even under -O
        if missing.any():
            x = int(rows[playing][np.argmax(missing)])
            raise RuntimeError(f"solver bug: vertex number {x} has no move of the kind the "
                               "theory promises")
        moves[rows[playing]] = targets[first[playing]]
    return moves.tolist()
