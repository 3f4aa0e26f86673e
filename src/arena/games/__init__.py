"""Generators of the course's games; each returns an :class:`~arena.arena.Arena`.

:data:`GAMES` lists the built-in games the command line knows (``arena solve nim ...``),
with their parameters, defaults and the text ids of their vertices.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arena.arena import Arena, vertex_id
from arena.games.chain import chain
from arena.games.chomp import chomp, chomp_id
from arena.games.connect4 import connect4, solve_connect4
from arena.games.marienbad import marienbad, marienbad_id, parse_heaps
from arena.games.nim import nim, parse_rule
from arena.games.ourson import ourson
from arena.games.tictactoe import tictactoe
from arena.numbers import parse_int

__all__ = ["nim", "chain", "chomp", "ourson", "tictactoe", "connect4", "solve_connect4",
           "marienbad", "GAMES", "BuiltinGame", "parse_rule"]


@dataclass(frozen=True)
class BuiltinGame:
    """A game the command line can build: ``build(**params)`` returns its arena."""

    name: str
    build: Callable[..., Arena]
    defaults: dict[str, Any]
    """Parameter name -> default value; the command line offers ``--<name>``."""
    parse: dict[str, Callable[[str], Any]] = field(default_factory=dict)
    """How to read a parameter given as text (:func:`~arena.numbers.parse_int` when not
    listed)."""
    vertex_id: Callable[[Any], str] = vertex_id
    """The text id of a vertex, in JSON and in figures."""
    report: Callable[..., dict[str, Any]] | None = None
    """For games too large for an :class:`Arena`: ``report(**params)`` gives the JSON."""
    size: Callable[..., int] | None = None
    """An upper bound on the number of positions, computed from the parameters alone
    (before anything is built), so that the command line refuses a game too large."""

    counts: bool = False
    """Whether the generator counts its positions and stops past its ``max_positions``
    argument, which the command line sets to ``--max-positions`` (one option and one
    default for every game and rules file, not a parameter of the game)."""

    reached: Callable[..., int] | None = None
    """For a game that counts its positions itself (:attr:`counts`): an estimate of
    the positions it reaches, below :attr:`size`, from the parameters alone, so that a game
    far past the limit is refused at once rather than after minutes of building."""

    def read(self, name: str, text: str) -> Any:
        """The parameter ``name`` read from the command line's ``text``."""
        return self.parse.get(name, parse_int)(text)


def _play(text: str) -> bool:
    if text not in ("normal", "misere", "misère"):
        raise ValueError(f"play is normal or misere, not {text!r}")
    return text != "normal"


def connect4_report(rows: int, cols: int, align: int, max_positions: int,
                    progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """``arena solve connect4 --json``: solved ply by ply (:func:`~arena.games.
    connect4_plies.solve_connect4_plies`), so only the start position is listed (millions
    of positions would not make a readable file); ``progress`` receives a line per ply."""
    from arena.games.connect4 import board_text
    from arena.games.connect4_plies import solve_connect4_plies

    c = solve_connect4_plies(rows, cols, align, max_positions=max_positions,
                             progress=progress)
    h = rows + 1
    kids = {col: board_text(0, 1 << (col * h), 1, rows, cols)
            for col, score in enumerate(c.first_moves) if score is not None}
    move = c.start_move
    start = "-" * (rows * cols)
    return {
        "game": "connect4",
        "params": {"rows": rows, "cols": cols, "align": align, "max_positions": max_positions},
        "vertices": c.positions, "edges": c.edges, "start": start,
        "start_winner": c.start_winner, "start_rank": c.start_rank, "summary": c.summary,
        "positions": [{"id": start, "owner": 0, "victory": None, "winner": c.start_winner,
                       "rank": c.start_rank,
                       "move": None if move is None else kids[move],
                       "successors": list(kids.values())}],
    }


def _nim_size(n: int, rule: Any = ()) -> int:
    return 2 * max(n, 0) + 1                       # (k, 0) for k <= n, (k, 1) for k < n


def _chomp_size(rows: int, cols: int) -> int:
    # a state is a staircase inside the bar (a path from one corner to the other) and the
    # player to move
    return 2 * math.comb(max(rows, 0) + max(cols, 0), max(rows, 0))


def _marienbad_size(heaps: tuple[int, ...], misere: bool = True) -> int:
    return 2 * math.prod(h + 1 for h in heaps)


def _tictactoe_size(size: int, align: int = 3, max_positions: int = 0) -> int:
    # each cell empty, X or O: 3^(size²) bounds the positions (and the board's memory)
    return 3 ** (max(size, 0) ** 2) if size <= 12 else 10 ** 100


def _connect4_size(rows: int, cols: int, align: int = 4, max_positions: int = 0) -> int:
    """The boards a game of connect-4 can show, wins aside: a height for each column, then
    as many X as O (one more X after an odd number of moves) among the stones. An upper
    bound: 201,755 on 4 × 4, which has 161,029 positions.

    >>> _connect4_size(4, 4), _connect4_size(6, 7)
    (201755, 70728639995483)
    """
    rows, cols = max(rows, 0), max(cols, 0)
    if rows * cols > 200:
        return 10 ** 100
    heights = [1]                   # heights[k]: the ways for the columns to hold k stones
    for _ in range(cols):
        more = [0] * (len(heights) + rows)
        for k, n in enumerate(heights):
            for h in range(rows + 1):
                more[k + h] += n
        heights = more
    return sum(n * math.comb(k, (k + 1) // 2) for k, n in enumerate(heights))


CONNECT4_REACHED = 20
""":func:`_connect4_size` divided by this estimates the positions a game reaches: wins
end plays early, and more so on larger boards (the bound is 1.25 times the positions on
4 × 4, 15.6 times on the classic 7 × 6, whose 4,531,985,219,092 positions are known); so
the estimate is below the positions of every board large enough to be refused."""


def _connect4_reached(rows: int, cols: int, align: int = 4, max_positions: int = 0) -> int:
    return _connect4_size(rows, cols) // CONNECT4_REACHED


GAMES: dict[str, BuiltinGame] = {g.name: g for g in (
    BuiltinGame("nim", nim, {"n": 10, "rule": (1, 2)}, {"rule": parse_rule}, size=_nim_size),
    BuiltinGame("chomp", chomp, {"rows": 2, "cols": 3}, vertex_id=chomp_id, size=_chomp_size),
    BuiltinGame("ourson", ourson, {}, size=lambda: 120),
    BuiltinGame("tictactoe", tictactoe, {"size": 3, "align": 3}, size=_tictactoe_size,
                counts=True),
    BuiltinGame("connect4", connect4,
                {"rows": 4, "cols": 5, "align": 4}, report=connect4_report,
                size=_connect4_size, reached=_connect4_reached, counts=True),
    BuiltinGame("marienbad", marienbad, {"heaps": (1, 3, 5, 7), "misere": True},
                {"heaps": parse_heaps, "misere": _play}, vertex_id=marienbad_id,
                size=_marienbad_size),
)}
