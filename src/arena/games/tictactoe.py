"""Tic-tac-toe (morpion) on an n × n board, p in a row to win (reference chapter, ex. 1.0.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.arena import Arena
from arena.rules import LimitError, from_rules

__all__ = ["tictactoe", "solve_tictactoe", "TicTacToe", "lines", "winner_of", "EMPTY_CELL"]

EMPTY_CELL = "-"
MARKS = ("x", "o")
"""J_0 plays ``x`` and moves first; J_1 plays ``o``."""


def lines(size: int, align: int) -> list[tuple[int, ...]]:
    """Every run of ``align`` cells in a row, column or diagonal, as cell indices.

    Examples
    --------
    >>> len(lines(3, 3)), lines(3, 3)[0]
    (8, (0, 1, 2))
    """
    runs = []
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (align - 1), c + dc * (align - 1)
                if 0 <= end_r < size and 0 <= end_c < size:
                    runs.append(tuple((r + dr * k) * size + c + dc * k for k in range(align)))
    return runs


def winner_of(board: str, runs: list[tuple[int, ...]]) -> int | None:
    """0 or 1 if that player has a full run on ``board``, else ``None``."""
    for run in runs:
        mark = board[run[0]]
        if mark != EMPTY_CELL and all(board[k] == mark for k in run):
            return MARKS.index(mark)
    return None


def tictactoe(size: int = 3, align: int = 3, max_positions: int = 1_000_000) -> Arena:
    """The positions of tic-tac-toe reachable from the empty board, as an arena.

    A vertex is the board, row by row, with ``x``, ``o`` and ``-`` (empty): for instance
    ``"x---o----"``. The player to move follows from the number of marks (x moves
    first), so the board is the whole id. A position where x has a full run is in V0,
    one where o has is in V1; plays stop there. A full board without a run has no move:
    a draw.

    Generation stops with a :class:`ValueError` past ``max_positions`` (4 × 4 boards have
    millions of positions).

    Examples
    --------
    >>> g = tictactoe(3, 3)
    >>> len(g), len(g.V0), len(g.V1)
    (5478, 626, 316)
    """
    if not 1 <= align <= size:
        raise ValueError(f"the run length must be between 1 and the board size {size}, "
                         f"not {align}")
    runs = lines(size, align)
    empty = EMPTY_CELL * (size * size)

    def moves(board: str) -> list[str]:
        mark = MARKS[player(board)]
        return [board[:k] + mark + board[k + 1:]
                for k, cell in enumerate(board) if cell == EMPTY_CELL]

    def player(board: str) -> int:
        return (board.count(EMPTY_CELL) - len(board)) % 2     # x has moved as often as o

    try:
        return from_rules(empty, moves, player, stuck="draw",
                          winner=lambda board: winner_of(board, runs), limit=max_positions,
                          title={"fr": f"Morpion {size} × {size}, {align} alignés",
                                 "en": f"Tic-tac-toe {size} × {size}, {align} in a row"})
    except LimitError:
        raise LimitError(f"{size} × {size} tic-tac-toe has more than {max_positions:,} "
                         "positions", hint="max_positions=N") from None


@dataclass(frozen=True)
class TicTacToe:
    """A board solved with compact arrays: every position with its winner (-1 for a
    draw), rank and move (the cell played, -1 if none), layer by layer (layer k holds
    the positions with k marks; x moves when k is even)."""

    size: int
    align: int
    x: tuple[Any, ...]         # per layer, uint64: the cells of x, bit k for cell k
    o: tuple[Any, ...]         # per layer, uint64: the cells of o
    layers: tuple[Any, ...]    # per layer, an arena.layered.Layer
    winner: tuple[Any, ...]
    rank: tuple[Any, ...]
    move: tuple[Any, ...]

    @property
    def positions(self) -> int:
        """Number of positions reachable from the empty board."""
        return sum(len(x) for x in self.x)

    @property
    def edges(self) -> int:
        """Number of moves between them."""
        return sum(len(layer.children) for layer in self.layers)

    @property
    def start_winner(self) -> int | None:
        w = int(self.winner[0][0])
        return None if w < 0 else w

    @property
    def start_rank(self) -> int | None:
        return None if self.start_winner is None else int(self.rank[0][0])

    def board(self, k: int, i: int) -> str:
        """The text id of position i of layer k, as :func:`tictactoe` names it."""
        x, o = int(self.x[k][i]), int(self.o[k][i])
        return "".join(MARKS[0] if x >> c & 1 else MARKS[1] if o >> c & 1 else EMPTY_CELL
                       for c in range(self.size * self.size))

    def summary(self) -> dict[str, int]:
        """How many positions each player wins, and how many are drawn."""
        import numpy as np

        w = np.concatenate(self.winner)
        return {"won_by_0": int((w == 0).sum()), "won_by_1": int((w == 1).sum()),
                "draws": int((w == -1).sum())}


def solve_tictactoe(size: int = 4, align: int | None = None,
                    max_positions: int = 50_000_000) -> TicTacToe:
    """Generate and solve tic-tac-toe with numpy arrays, layer by layer (needs numpy).

    A position is a pair of bit sets (the cells of x, the cells of o), packed into one
    integer key; the positions with k + 1 marks are the distinct children of those with
    k marks (``numpy.unique``), and each layer keeps the index of every child in the
    next one. A position where the player who just moved has ``align`` in a row is a
    victory and has no move. The values come from :func:`arena.layered.solve_layers`,
    which gives the winners, ranks and moves of :func:`arena.solve` on the same game
    (compared position by position on 3 × 3 in the tests). The 4 × 4 board, 4 in a row,
    has 9,722,011 positions and is a draw.

    Examples
    --------
    >>> t = solve_tictactoe(3)
    >>> t.positions, t.start_winner
    (5478, None)
    """
    from arena.layered import Layer, solve_layers

    try:
        import numpy as np
    except ImportError:
        raise ValueError("tic-tac-toe's compact generator needs numpy "
                         "(pip install numpy)") from None
    align = size if align is None else align
    if not 1 <= align <= size:
        raise ValueError(f"the run length must be between 1 and the board size {size}, "
                         f"not {align}")
    cells = size * size
    if cells > 31:
        raise ValueError(f"a {size} × {size} board is too large for the compact generator "
                         "(at most 31 cells)")
    runs = [np.uint64(sum(1 << k for k in run)) for run in lines(size, align)]
    shift = np.uint64(cells)
    low = (np.uint64(1) << shift) - np.uint64(1)
    x = np.zeros(1, dtype=np.uint64)
    o = np.zeros(1, dtype=np.uint64)
    xs, os_, layers = [], [], []
    total = 1
    for k in range(cells + 1):
        last = x if k % 2 else o          # the marks of the player who just moved
        terminal = np.zeros(len(x), dtype=bool)
        if k:
            for run in runs:
                terminal |= (last & run) == run
        free = ~(x | o) & low
        mover = x if k % 2 == 0 else o
        parents, kids, labels = [], [], []
        for c in range(cells):
            bit = np.uint64(1 << c)
            idx = np.flatnonzero(~terminal & ((free & bit) != 0))
            parents.append(idx)
            moved = mover[idx] | bit
            kx, ko = (moved, o[idx]) if k % 2 == 0 else (x[idx], moved)
            kids.append((kx << shift) | ko)
            labels.append(np.full(len(idx), c, dtype=np.int16))
        parent = np.concatenate(parents)
        order = np.argsort(parent, kind="stable")   # moves grouped by parent, cells in order
        keys, children = np.unique(np.concatenate(kids)[order], return_inverse=True)
        starts = np.searchsorted(parent[order], np.arange(len(x)), side="left")
        xs.append(x)
        os_.append(o)
        layers.append(Layer(terminal, starts, children.astype(np.int32).ravel(),
                            np.concatenate(labels)[order]))
        if not len(keys):
            break
        total += len(keys)
        if total > max_positions:
            raise LimitError(f"{size} × {size} tic-tac-toe has more than {max_positions:,} "
                             "positions", hint="max_positions=N")
        x, o = keys >> shift, keys & low
    winner, rank, move = solve_layers(layers)
    return TicTacToe(size, align, tuple(xs), tuple(os_), tuple(layers), tuple(winner),
                     tuple(rank), tuple(move))
