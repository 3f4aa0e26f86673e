"""Connect-4 solved ply by ply: backward induction over sorted arrays of keys.

Every move adds a stone, so the positions with ``k`` stones (the ply ``k``) only lead to
positions with ``k + 1`` stones. The attractor's rank can therefore be computed one ply
at a time, from the full boards back to the empty one; solving a ply reads only the next
ply's keys and values:

- a position where the previous move made a run is lost by the player to move, rank 0;
- otherwise the player to move wins if one of their moves reaches a position lost by the
  opponent (rank: 1 + the least such rank), loses if every move reaches a position won by
  the opponent (rank: 1 + the greatest), and the position is a draw otherwise (this
  includes a full board without a run).

This is the attractor algorithm of the course, evaluated layer by layer; it gives
exactly :func:`arena.solve`'s winners and ranks (tests compare them on small boards).

Representation. A position is one ``uint64`` key: column ``c`` uses the bits
``c*(rows+1) ... c*(rows+1)+rows``; below the lowest empty cell of each column lie the
stones of the player to move (1) and of the opponent (0), and the lowest empty cell holds
a 1 (Tromp's encoding: ``key = current + mask + bottom``). A position and its mirror image
have the same value, so each ply stores only the smaller of the two keys, sorted; a
position is found with :func:`numpy.searchsorted` on queries sorted first (sorted queries
walk the array in order, which is dozens of times faster than random ones). Each ply's
values are one ``int8`` per stored key (see :func:`score_to_value`). When the keys take
more memory than ``memory_budget``, the plies go to files in a temporary directory.

Cost: the positions are generated once, from the empty board up (each ply's children
sorted and deduplicated, by chunks of :data:`.induction.CHUNK` positions merged by key ranges), and
looked up once, from the full boards down (each ply's children sorted again and
searched), so time is O(M log M) for M moves. Every ply's keys are kept (8 bytes per
stored position, in memory or on disk) with its values (1 byte); the working memory is
that of a few chunks and of one ply's sorted children.

Where numba is installed (and ``ARENA_KERNEL`` does not ask for another path), the inner
loops run compiled (:mod:`arena.games._connect4_compiled`): each position's children in
one pass, a radix sort, a merge with the next ply by galloping search instead of binary
searches, work arrays reused, two chunks at a time on two threads. The results are the
same, key for key (the tests compare them).

References: J. Tromp, *John's Connect Four Playground* (position counts, outcomes of
small boards), https://tromp.github.io/c4/c4.html; L. V. Allis, *A Knowledge-Based
Approach of Connect-Four*, 1988.

The solver is in parts: the board and its keys (:mod:`.board`), the plies' storage
(:mod:`.storage`), the sorted arrays' operations (:mod:`.arrays`), the two passes
(:mod:`.induction`); this module holds the result and the entry point. Its provenance
(:func:`code_hash`) covers every part.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from arena.games.connect4_plies.board import BIG as BIG
from arena.games.connect4_plies.board import _Board
from arena.games.connect4_plies.board import score_to_value as score_to_value
from arena.games.connect4_plies.induction import _child_scores, _generate, _line, _solve
from arena.games.connect4_plies.storage import _Plies

__all__ = ["PlySolution", "solve_connect4_plies", "score_to_value", "code_hash", "BIG"]


@dataclass(frozen=True)
class PlySolution:
    """Connect-4 solved ply by ply: counts, the start's value, each first move's value and
    the perfect game (both players follow the course's strategy: the first column, left
    to right, that keeps the value and brings the rank one step lower)."""

    rows: int
    cols: int
    align: int
    counts: tuple[int, ...]
    """Positions with k stones, for k = 0, 1, ... (mirror images counted)."""
    stored: tuple[int, ...]
    """Keys stored for each ply (one per pair of mirror images)."""
    edges: int
    summary: dict[str, int]
    start_score: int
    first_moves: tuple[int | None, ...]
    """Score, for J_1 to move, of the position after J_0 plays column c (None: full)."""
    line: tuple[int, ...]
    """Columns played in the perfect game, from the empty board to its end."""
    seconds: tuple[float, ...] = field(default=(), compare=False)
    """Time spent on each ply, generation and solving together."""
    ply_scores: tuple[dict[int, int], ...] | None = field(default=None, compare=False,
                                                          repr=False)
    """With ``keep=True``: key -> score of every stored position, ply by ply."""

    @property
    def positions(self) -> int:
        return sum(self.counts)

    @property
    def start_winner(self) -> int | None:
        return score_to_value(self.start_score, 0)[0]

    @property
    def start_rank(self) -> int | None:
        return score_to_value(self.start_score, 0)[1]

    @property
    def start_move(self) -> int | None:
        return self.line[0] if self.line else None

    def first_move_values(self) -> list[tuple[int, int | None, int | None]]:
        """(column, winner, rank) of the position reached by each first move of J_0."""
        return [(c, *score_to_value(s, 1)) for c, s in enumerate(self.first_moves)
                if s is not None]

    def record(self) -> dict:
        """The facts of the solution as plain data (what the course's data file holds):
        counts, the start's winner and rank, each first move's, the perfect game."""
        return {
            "cols": self.cols, "rows": self.rows, "align": self.align,
            "positions": self.positions, "moves": self.edges, "plies": list(self.counts),
            "summary": dict(self.summary),
            "start": {"winner": self.start_winner, "rank": self.start_rank},
            "first_moves": [{"column": c, "winner": w, "rank": r}
                            for c, w, r in self.first_move_values()],
            "perfect_game": list(self.line),
        }

    def key(self, current: int, mask: int) -> int:
        """The stored key of a position (stones of the player to move, all stones)."""
        b = _Board(self.rows, self.cols, self.align)
        k = b.canonical(b.encode(np.array([current], np.uint64), np.array([mask], np.uint64)))
        return int(k[0])


def code_hash() -> str:
    """SHA-256 of the solver's sources, each named: every module of this package and the
    compiled loops (``arena/games/_connect4_compiled.py``), the provenance of a recorded
    result (a result recorded with other code must be computed again, ``make
    connect-four``). A module added to the package is covered with no list to update."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in [*sorted(here.glob("*.py")), here.parent / "_connect4_compiled.py"]:
        digest.update(f"{path.relative_to(here.parent).as_posix()}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def solve_connect4_plies(rows: int = 4, cols: int = 6, align: int = 4, *,
                         max_positions: int = 3_000_000_000,
                         memory_budget: int = 2 << 30, spill_dir: Path | None = None,
                         progress: Callable[[str], None] | None = None,
                         keep: bool = False) -> PlySolution:
    """Solve connect-4 on ``rows`` × ``cols`` (``align`` in a row) by backward induction,
    one ply at a time; see the module's documentation for the method.

    ``max_positions`` stops the generation with a :class:`ValueError` past that many
    positions; ``memory_budget`` (bytes of keys) sends the plies to a temporary folder in
    ``spill_dir`` (default: the system's); ``progress`` receives one line per ply.

    Examples
    --------
    >>> s = solve_connect4_plies(4, 4)
    >>> s.positions, s.start_winner, s.counts[:4]
    (161029, None, (1, 4, 16, 52))
    >>> s = solve_connect4_plies(3, 4, 3)
    >>> s.start_winner, s.start_rank, s.line[:3]
    (0, 9, (1, 0, 1))
    """
    if rows < 1 or cols < 1 or align < 1:
        raise ValueError(f"a board has positive sizes, not {rows} × {cols} with {align} in a row")
    if (rows + 1) * cols > 64:
        raise ValueError(f"a {rows} × {cols} board is too large for this solver "
                         "((rows + 1) × cols must be at most 64)")
    board = _Board(rows, cols, align)
    plies = _Plies(memory_budget, spill_dir)
    say = progress or (lambda line: None)
    try:
        counts, seconds = _generate(board, plies, max_positions, say)
        edges, summary = _solve(board, plies, counts, seconds, say)
        start = np.array([board.empty_key], np.uint64)
        cur, mask = board.decode(start)
        start_score = int(plies.scores(0)[0])
        first = _child_scores(board, plies, 0, cur, mask)
        line = _line(board, plies)
        kept = None
        if keep:
            kept = tuple(dict(zip(map(int, plies.keys(k)), map(int, plies.scores(k))))
                         for k in range(len(plies)))
        return PlySolution(rows, cols, align, tuple(counts),
                           tuple(plies.lengths), edges, summary, start_score,
                           tuple(None if s is None else int(s[0]) for s in first), line,
                           tuple(seconds), kept)
    finally:
        plies.close()

