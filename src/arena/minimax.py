"""Minimax and alpha-beta pruning, on explicit trees and on games given by functions.

When a game is too large for its whole graph, a player looks a few moves ahead and
scores the positions reached with a *heuristic*. Minimax backs the scores up the tree:
the player to move (J_max) takes the greatest value of its children, the opponent
(J_min) the least. Alpha-beta gets the same value at the root while skipping subtrees
that cannot change it.

Nodes are named by their *path*: the tuple of child indices from the root, ``()`` for
the root, ``(2, 0)`` for the first child of its third child. Results list the visited
and the pruned nodes by path, so figures can draw them.

References
----------
.. [1] J. von Neumann, « Zur Theorie der Gesellschaftsspiele », Math. Annalen 100 (1928).
.. [2] D. Knuth, R. Moore, « An analysis of alpha-beta pruning », Artificial
   Intelligence 6 (1975).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SearchResult", "minimax", "alphabeta", "minimax_tree", "alphabeta_tree",
           "OTHELLO_WEIGHTS", "weighted_score"]

Path = tuple[int, ...]
Tree = Any
"""A number (a leaf, its heuristic value) or a list of subtrees."""


@dataclass
class SearchResult:
    """What a minimax or alpha-beta search found."""

    value: float
    """The backed-up value of the root."""
    move: int | None
    """Index of the best child of the root (the first one on a tie), ``None`` at a leaf."""
    principal_variation: list[Path] = field(default_factory=list)
    """The paths of the nodes along the best play, from the root's best child down."""
    visited: list[Path] = field(default_factory=list)
    """Every node evaluated, in the order of the search."""
    pruned: list[Path] = field(default_factory=list)
    """The roots of the subtrees alpha-beta skipped (empty for minimax)."""
    values: dict[Path, float] = field(default_factory=dict)
    """The value backed up at each visited node (a bound, for nodes cut by alpha-beta)."""


def _search(position: Hashable, moves: Callable[[Any], Sequence[Any]],
            evaluate: Callable[[Any], float], depth: float, maximizing: bool,
            pruning: bool) -> SearchResult:
    result = SearchResult(value=0.0, move=None)
    best_child: dict[Path, int] = {}

    def visit(p: Any, path: Path, d: float, maxing: bool, alpha: float, beta: float) -> float:
        result.visited.append(path)
        children = moves(p) if d > 0 else ()
        if not children:
            value = evaluate(p)
            result.values[path] = value
            return value
        value = -math.inf if maxing else math.inf
        for i, child in enumerate(children):
            v = visit(child, path + (i,), d - 1, not maxing, alpha, beta)
            if (v > value) if maxing else (v < value):
                value = v
                best_child[path] = i
            if maxing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if pruning and alpha >= beta:
                result.pruned.extend(path + (j,) for j in range(i + 1, len(children)))
                break
        result.values[path] = value
        return value

    result.value = visit(position, (), depth, maximizing, -math.inf, math.inf)
    result.move = best_child.get(())
    path: Path = ()
    while path in best_child:
        path = path + (best_child[path],)
        result.principal_variation.append(path)
    return result


def minimax(position: Hashable, moves: Callable[[Any], Sequence[Any]],
            evaluate: Callable[[Any], float], depth: float, maximizing: bool = True
            ) -> SearchResult:
    """Minimax value of ``position`` looking ``depth`` moves ahead.

    ``moves(p)`` lists the positions after each move (none: the game is over);
    ``evaluate(p)`` scores a position for J_max, at the depth limit and at the end of
    the game (the heuristic). ``maximizing`` says whether J_max is to move.

    Examples
    --------
    Take 1 or 2 sticks; whoever takes the last one wins (+1 for J_max, -1 for J_min):

    >>> moves = lambda s: [(s[0] - q, not s[1]) for q in (1, 2) if q <= s[0]]
    >>> score = lambda s: 0 if s[0] else (-1 if s[1] else 1)
    >>> minimax((4, True), moves, score, depth=10).value
    1

    Notes
    -----
    Visits every node down to the depth limit: O(b^d) for b moves per position.
    """
    return _search(position, moves, evaluate, depth, maximizing, pruning=False)


def alphabeta(position: Hashable, moves: Callable[[Any], Sequence[Any]],
              evaluate: Callable[[Any], float], depth: float, maximizing: bool = True
              ) -> SearchResult:
    """:func:`minimax` with alpha-beta pruning: the same value, fewer nodes.

    ``alpha`` is the value J_max is already sure of, ``beta`` the value J_min is sure
    of; once ``alpha >= beta`` on a node, its remaining children cannot change the value
    at the root, and are skipped (``pruned``).

    Notes
    -----
    O(b^(d/2)) nodes with the best move ordering, O(b^d) with the worst.
    """
    return _search(position, moves, evaluate, depth, maximizing, pruning=True)


def _tree_moves(tree: Tree) -> Callable[[Path], list[Path]]:
    def moves(path: Path) -> list[Path]:
        node = _node(tree, path)
        return [path + (i,) for i in range(len(node))] if isinstance(node, list) else []
    return moves


def _node(tree: Tree, path: Path) -> Tree:
    for i in path:
        tree = tree[i]
    return tree


def minimax_tree(tree: Tree, maximizing: bool = True) -> SearchResult:
    """Minimax on an explicit tree of nested lists whose leaves are numbers.

    The slides' example: J_max at A0 looks three moves ahead.

    Examples
    --------
    >>> tree = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
    ...         [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
    ...         [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]
    >>> r = minimax_tree(tree)
    >>> r.value, r.move, r.principal_variation, len(r.visited)
    (3, 2, [(2,), (2, 0), (2, 0, 0)], 40)
    """
    return minimax((), _tree_moves(tree), lambda p: _node(tree, p), math.inf, maximizing)


def alphabeta_tree(tree: Tree, maximizing: bool = True) -> SearchResult:
    """Alpha-beta on an explicit tree (see :func:`minimax_tree`).

    Examples
    --------
    >>> tree = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
    ...         [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
    ...         [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]
    >>> r = alphabeta_tree(tree)
    >>> r.value, r.move, len(r.visited), r.pruned
    (3, 2, 33, [(0, 1, 1), (0, 1, 2), (0, 2, 2), (2, 1, 1), (2, 1, 2), (2, 2, 1), (2, 2, 2)])
    """
    return alphabeta((), _tree_moves(tree), lambda p: _node(tree, p), math.inf, maximizing)


OTHELLO_WEIGHTS: tuple[tuple[int, ...], ...] = (
    (500, -150, 30, 10, 10, 30, -150, 500),
    (-150, -250, 0, 0, 0, 0, -250, -150),
    (30, 0, 1, 2, 2, 1, 0, 30),
    (10, 0, 2, 16, 16, 2, 0, 10),
    (10, 0, 2, 16, 16, 2, 0, 10),
    (30, 0, 1, 2, 2, 1, 0, 30),
    (-150, -250, 0, 0, 0, 0, -250, -150),
    (500, -150, 30, 10, 10, 30, -150, 500),
)
"""The slides' weights of the Othello squares: corners are worth most, the squares next
to them are dangerous (they let the opponent take the corner), edges and the centre help."""


def weighted_score(board: Sequence[Sequence[int]],
                   weights: Sequence[Sequence[int]] = OTHELLO_WEIGHTS) -> int:
    """A positional heuristic: the sum of the weights of J_max's squares (``1``) minus
    those of J_min's (``-1``); empty squares are ``0``.

    Examples
    --------
    >>> board = [[0] * 8 for _ in range(8)]
    >>> board[0][0], board[1][1] = 1, -1        # J_max holds a corner, J_min its diagonal
    >>> weighted_score(board)
    750
    """
    return sum(w * cell for row_w, row_b in zip(weights, board) for w, cell in zip(row_w, row_b))
