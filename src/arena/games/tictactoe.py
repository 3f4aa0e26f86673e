"""Tic-tac-toe (morpion) on an n × n board, p in a row to win (reference chapter, ex. 1.0.2)."""

from __future__ import annotations

from arena.arena import Arena

__all__ = ["tictactoe", "lines", "winner_of", "EMPTY_CELL"]

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
    owner = {empty: 0}
    order = [empty]
    edges: dict[str, list[str]] = {}
    V: tuple[list[str], list[str]] = ([], [])
    for board in order:  # breadth-first: the list grows while it is read
        won = winner_of(board, runs)
        if won is not None:
            V[won].append(board)
            continue
        player = owner[board]
        children = []
        for k, cell in enumerate(board):
            if cell == EMPTY_CELL:
                child = board[:k] + MARKS[player] + board[k + 1:]
                children.append(child)
                if child not in owner:
                    owner[child] = 1 - player
                    order.append(child)
                    if len(order) > max_positions:
                        raise ValueError(f"{size} × {size} tic-tac-toe has more than "
                                         f"{max_positions:,} positions (raise max_positions "
                                         "to go on)")
        if children:
            edges[board] = children
    return Arena(S0=[b for b in order if owner[b] == 0], S1=[b for b in order if owner[b] == 1],
                 edges=edges, V0=V[0], V1=V[1], start=empty,
                 title={"fr": f"Morpion {size} × {size}, {align} alignés",
                        "en": f"Tic-tac-toe {size} × {size}, {align} in a row"})
