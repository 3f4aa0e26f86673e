"""Acyclic games whose moves go from one layer to the next, solved layer by layer.

In tic-tac-toe or Connect-4 every move adds a mark, so the positions with k marks form
the layer k and every move goes from layer k to layer k + 1. The attractor's steps can
then be taken in the opposite order of the layers: the values of a layer need only the
values of the next one. With the owner of layer k being J_{k mod 2}, a position x of
layer k owned by p is

- a victory position of the player who just moved (1 - p) if it is marked terminal
  (rank 0);
- won by p if some move reaches a position won by p (rank: 1 + the least such rank);
- won by 1 - p if it has a move and every move reaches a position won by 1 - p (rank:
  1 + the greatest such rank);
- a draw otherwise (no move and not terminal, or a move to a draw).

This is exactly the definition of the attractor and of the rank (course, definitions
2.2.2 and 3.1.4) restricted to a layered graph, evaluated with numpy one layer at a time,
so a layer's positions are held as arrays and never as Python objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["Layer", "solve_layers"]


@dataclass(frozen=True)
class Layer:
    """The positions of one layer and their moves, as arrays.

    ``children[starts[i]:starts[i + 1]]`` (up to ``len(children)`` for the last one) are
    the indices, in the next layer, of the positions that the moves of position i reach,
    in the order that breaks ties; ``labels`` names each move (a column, a cell).
    """

    terminal: np.ndarray     # bool: a victory of the player who just moved
    starts: np.ndarray       # int64: first move of each position in ``children``
    children: np.ndarray     # int32/int64: index in the next layer
    labels: np.ndarray       # small ints: what each move is (a cell, a column)


def solve_layers(layers: Sequence[Layer]) -> tuple[list[np.ndarray], list[np.ndarray],
                                                   list[np.ndarray]]:
    """Winner (-1 for a draw), rank (-1 for a draw) and move label (-1 if none) of every
    position, layer by layer from the last one; layer k is owned by J_{k mod 2}.

    The move is the one :func:`arena.solve` chooses: the first move to a position won by
    the same player with rank one less, or, on a draw, the first move to a position the
    opponent does not win.

    Examples
    --------
    Layer 0: one position with two moves; layer 1: a victory of J_0, and a dead end.

    >>> import numpy as np
    >>> top = Layer(np.array([False]), np.array([0]), np.array([0, 1]), np.array([7, 8]))
    >>> end = Layer(np.array([False, True]), np.array([0, 0]), np.array([], dtype=int),
    ...             np.array([], dtype=int))
    >>> w, r, m = solve_layers([top, end])
    >>> w[0].tolist(), r[0].tolist(), m[0].tolist(), w[1].tolist()
    ([0], [1], [8], [-1, 0])

    Notes
    -----
    O(|S| + |A|) time; the memory of two consecutive layers' values at once, plus the
    layers themselves.
    """
    n_layers = len(layers)
    winner: list = [None] * n_layers
    rank: list = [None] * n_layers
    move: list = [None] * n_layers
    big = np.iinfo(np.int64).max
    for k in range(n_layers - 1, -1, -1):
        layer = layers[k]
        n = len(layer.terminal)
        p, q = k % 2, 1 - k % 2
        w = np.full(n, -1, dtype=np.int8)
        r = np.full(n, -1, dtype=np.int32)
        mv = np.full(n, -1, dtype=np.int16)
        w[layer.terminal] = q
        r[layer.terminal] = 0
        counts = np.diff(np.append(layer.starts, len(layer.children)))
        has_moves = (counts > 0) & ~layer.terminal
        if has_moves.any():
            cw = winner[k + 1][layer.children]
            cr = rank[k + 1][layer.children].astype(np.int64)
            # one segment per position with moves; those of terminal positions are dropped
            seg = layer.starts[counts > 0]
            keep = has_moves[counts > 0]
            rows = np.flatnonzero(has_moves)
            best_mine = np.minimum.reduceat(np.where(cw == p, cr, big), seg)
            all_theirs = np.logical_and.reduceat(cw == q, seg)
            worst_theirs = np.maximum.reduceat(np.where(cw == q, cr, -1), seg)
            best_mine, all_theirs, worst_theirs = (best_mine[keep], all_theirs[keep],
                                                   worst_theirs[keep])
            wins = best_mine < big
            loses = ~wins & all_theirs
            w[rows[wins]] = p
            r[rows[wins]] = best_mine[wins] + 1
            w[rows[loses]] = q
            r[rows[loses]] = worst_theirs[loses] + 1
            owner_w, owner_r = np.repeat(w, counts), np.repeat(r, counts)
            good = np.where(owner_w >= 0, (cw == owner_w) & (cr == owner_r - 1), cw != q)
            first = np.minimum.reduceat(np.where(good, np.arange(len(cw)), big), seg)[keep]
            mv[rows] = layer.labels[first]
        winner[k], rank[k], move[k] = w, r, mv
    return winner, rank, move
