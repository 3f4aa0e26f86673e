"""The board of :mod:`arena.games.connect4_plies`: its bit masks, its positions as keys
(Tromp's encoding, a position and its mirror image stored once), the vectorised moves and
runs, and the scores a ply stores (:func:`score_to_value`)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

BIG = 100
"""Scores: ``BIG - r`` for a position the player to move wins with rank ``r``,
``-(BIG - r)`` for one they lose with rank ``r``, 0 for a draw."""


def score_to_value(score: int, stones: int) -> tuple[int | None, int | None]:
    """The (winner, rank) of a position with ``stones`` stones and this score.

    J_0 moves when the number of stones is even; the winner is ``None`` on a draw.

    Examples
    --------
    >>> score_to_value(-BIG, 7)     # J_0 has just made a run: J_1 to move, lost, rank 0
    (0, 0)
    >>> score_to_value(BIG - 3, 2), score_to_value(0, 5)
    ((0, 3), (None, None))
    """
    mover = stones % 2
    if score > 0:
        return mover, BIG - score
    if score < 0:
        return 1 - mover, BIG + score
    return None, None


class _Board:
    """Bit masks of a ``rows`` × ``cols`` board and the vectorised operations on keys."""

    def __init__(self, rows: int, cols: int, align: int) -> None:
        self.rows, self.cols, self.align = rows, cols, align
        self.h = h = rows + 1
        u = np.uint64
        self.bits = h * cols
        self.bottom = [u(1 << (c * h)) for c in range(cols)]
        self.top = [u(1 << (c * h + rows - 1)) for c in range(cols)]
        self.bottoms = u(sum(1 << (c * h) for c in range(cols)))
        self.field = u((1 << h) - 1)
        # keep[d]: every bit except the top d bits of each column's field
        self.keep = {d: u(sum(((1 << (h - d)) - 1) << (c * h) for c in range(cols)))
                     for d in (1, 2, 4, 8, 16, 32) if d < h}
        self.steps = [u(s) for s in (1, h, h - 1, h + 1)]
        self.empty_key = self.bottoms

    def decode(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(stones of the player to move, all stones) of each key."""
        s = keys.copy()
        for d, keep in self.keep.items():
            s |= (s >> np.uint64(d)) & keep        # every bit below the marker of its column
        mask = (s >> np.uint64(1)) & self.keep[1]
        return keys & mask, mask

    def encode(self, current: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return current | (mask + self.bottoms)

    def mirror(self, keys: np.ndarray) -> np.ndarray:
        out = np.zeros_like(keys)
        h, last = self.h, self.cols - 1
        for c in range(self.cols):
            out |= ((keys >> np.uint64(c * h)) & self.field) << np.uint64((last - c) * h)
        return out

    def canonical(self, keys: np.ndarray) -> np.ndarray:
        return np.minimum(keys, self.mirror(keys))

    def won(self, stones: np.ndarray) -> np.ndarray:
        """Whether ``stones`` hold ``align`` in a row (vertically, horizontally, diagonally)."""
        found = np.zeros(stones.shape, dtype=bool)
        for step in self.steps:
            run = stones.copy()
            for k in range(1, self.align):
                run &= stones >> np.uint64(k * int(step))
            found |= run != 0
        return found

    def children(self, current: np.ndarray, mask: np.ndarray, open_: np.ndarray
                 ) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        """For each column: the open positions that can play it and the keys reached."""
        for c in range(self.cols):
            idx = np.flatnonzero(open_ & ((mask & self.top[c]) == 0))
            m = mask[idx]
            new_mask = m | (m + self.bottom[c])
            yield c, idx, self.canonical(self.encode(current[idx] ^ m, new_mask))

