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
sorted and deduplicated, by chunks of :data:`CHUNK` positions merged by key ranges), and
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
"""

from __future__ import annotations

import hashlib
import queue
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

__all__ = ["PlySolution", "solve_connect4_plies", "score_to_value", "code_hash", "BIG"]

BIG = 100
"""Scores: ``BIG - r`` for a position the player to move wins with rank ``r``,
``-(BIG - r)`` for one they lose with rank ``r``, 0 for a draw."""

CHUNK = 1 << 22
"""Positions handled in one vectorised pass (bounds the working memory)."""


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


class _Plies:
    """The sorted keys and the scores of each ply, in memory or, past a budget, in files
    (mapped only while they are read, so that few are mapped at once)."""

    def __init__(self, budget: int, spill_dir: Path | None) -> None:
        self.budget, self.spill_dir = budget, spill_dir
        self._keys: list[np.ndarray | None] = []       # None: in the file keysNN
        self._scores: dict[int, np.ndarray | None] = {}
        self.lengths: list[int] = []
        self.folder: Path | None = None
        self.parts_bytes = 0

    def new_parts(self) -> None:
        """The parts of a new ply start: none is kept yet."""
        self.parts_bytes = 0

    def __len__(self) -> int:
        return len(self.lengths)

    def keys(self, k: int) -> np.ndarray:
        arr = self._keys[k]
        return self._map(f"keys{k:02d}", np.uint64) if arr is None else arr

    def scores(self, k: int) -> np.ndarray:
        arr = self._scores[k]
        return self._map(f"scores{k:02d}", np.int8) if arr is None else arr

    def _path(self, name: str) -> Path:
        assert self.folder is not None
        return self.folder / name

    def _map(self, name: str, dtype: type) -> np.ndarray:
        path = self._path(name)
        if path.stat().st_size == 0:
            return np.zeros(0, dtype=dtype)
        return np.memmap(path, dtype=dtype, mode="r")

    def _spill(self) -> None:
        parent = None if self.spill_dir is None else str(self.spill_dir)
        self.folder = Path(tempfile.mkdtemp(prefix="arena-connect4-", dir=parent))
        for k, arr in enumerate(self._keys):
            if arr is not None:
                arr.tofile(self._path(f"keys{k:02d}"))
                self._keys[k] = None

    def add(self, parts: Iterable[np.ndarray]) -> int:
        """Append a ply made of sorted, disjoint, increasing parts; return its length."""
        k = len(self._keys)
        if self.folder is None:
            arrays = list(parts)
            if len(arrays) == 1:
                keys = arrays[0]                # no copy of a ply made in one piece
            else:
                keys = np.concatenate(arrays) if arrays else np.zeros(0, np.uint64)
            self._keys.append(keys)
            self.lengths.append(len(keys))
            if sum(self.lengths) * 8 > self.budget:
                self._spill()
        else:
            n = 0
            with open(self._path(f"keys{k:02d}"), "wb") as f:
                for part in parts:
                    part.tofile(f)
                    n += len(part)
            self._keys.append(None)
            self.lengths.append(n)
        return self.lengths[k]

    def drop_last(self) -> None:
        self._keys.pop()
        self.lengths.pop()

    def set_scores(self, k: int, scores: np.ndarray) -> None:
        if self.folder is None:
            self._scores[k] = scores
        else:
            scores.tofile(self._path(f"scores{k:02d}"))
            self._scores[k] = None

    def spill_part(self, part: np.ndarray, name: str) -> np.ndarray:
        """A temporary sorted part of the next ply: kept while the parts of the ply take
        less than the budget (see :meth:`new_parts`), else written out."""
        self.parts_bytes += part.nbytes
        if self.folder is None or self.parts_bytes <= self.budget:
            return part
        part.tofile(self._path(name))
        return self._map(name, np.uint64)

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _loops() -> ModuleType | None:
    """The compiled loops (:mod:`arena.games._connect4_compiled`) when the solver's
    compiled path is chosen (numba installed, ``ARENA_KERNEL`` not set to another path),
    else ``None``: numpy's whole-array passes."""
    from arena.solver import _kernel

    if _kernel() != "compiled":
        return None
    from arena.games import _connect4_compiled

    return _connect4_compiled


def _unique(a: np.ndarray) -> np.ndarray:
    """The sorted distinct values of ``a`` (a plain sort: ``np.unique`` is far slower on
    large integer arrays in numpy 2.4)."""
    s = np.sort(a)
    if len(s) < 2:
        return s
    keep = np.empty(len(s), dtype=bool)
    keep[0] = True
    np.not_equal(s[1:], s[:-1], out=keep[1:])
    return s[keep]


def _merge(parts: list[np.ndarray], loops: ModuleType | None) -> np.ndarray:
    """The sorted distinct values of sorted arrays without repeats: merged two by two,
    in rounds (O(N log k) for k arrays of N values in all), with the compiled loops; by
    one sort of them all with numpy's, or when the arrays are small (a call each would
    cost more than the sort)."""
    if not parts:
        return np.zeros(0, np.uint64)
    if loops is None or sum(map(len, parts)) < 4096 * len(parts):
        return _unique(np.concatenate(parts))
    arrays = [np.asarray(p) for p in parts]
    while len(arrays) > 1:
        merged = [loops.merge_two(a, b) for a, b in zip(arrays[::2], arrays[1::2])]
        arrays = merged + arrays[len(merged) * 2:]
    return arrays[0]


def _union(parts: list[np.ndarray], limit: int, loops: ModuleType | None = None
           ) -> Iterator[np.ndarray]:
    """The sorted union of sorted arrays, as consecutive sorted pieces of at most about
    ``limit`` elements each (buckets cut at quantiles of a sample)."""
    total = sum(len(p) for p in parts)
    if total <= limit:
        if total:
            yield _merge(parts, loops)
        return
    buckets = -(-total // limit) * 2
    step = max(1, total // (64 * buckets))
    sample = np.sort(np.concatenate([np.asarray(p[::step]) for p in parts]))
    cuts = _unique(sample[np.linspace(0, len(sample), buckets + 1)[1:-1].astype(np.int64)])
    lows = [None, *cuts]
    highs = [*cuts, None]
    for lo, hi in zip(lows, highs):
        pieces = []
        for p in parts:
            a = 0 if lo is None else int(np.searchsorted(p, lo))
            b = len(p) if hi is None else int(np.searchsorted(p, hi))
            pieces.append(np.asarray(p[a:b]))
        yield _merge(pieces, loops)


def _lookup(keys: np.ndarray, scores: np.ndarray, queries: np.ndarray, free_bits: int
            ) -> np.ndarray:
    """The scores of ``queries`` (keys present in the sorted ``keys``).

    The queries are sorted first, with their index packed in the low bits when the key
    leaves room (one plain sort), so that the binary searches go through ``keys`` in order.
    """
    n = len(queries)
    if n == 0:
        return np.zeros(0, dtype=np.int8)
    if n < (1 << free_bits):
        packed = np.sort((queries << np.uint64(free_bits)) | np.arange(n, dtype=np.uint64))
        order = (packed & np.uint64((1 << free_bits) - 1)).astype(np.int64)
        sorted_q = packed >> np.uint64(free_bits)
    else:
        order = np.argsort(queries, kind="stable")
        sorted_q = queries[order]
    at = np.searchsorted(keys, sorted_q)
    if not (at < len(keys)).all() or not (np.asarray(keys[np.minimum(at, len(keys) - 1)])
                                           == sorted_q).all():
        raise AssertionError("a child position is missing from the next ply")
    out = np.empty(n, dtype=np.int8)
    out[order] = scores[at]
    return out


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
    """SHA-256 of this module's source and of its compiled loops': the provenance of a
    recorded result (a result recorded with other code must be computed again)."""
    here = Path(__file__)
    return hashlib.sha256(here.read_bytes() + here.with_name("_connect4_compiled.py")
                          .read_bytes()).hexdigest()


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


def _peak() -> str:
    """The process's peak resident memory so far, for the progress lines."""
    try:
        import resource
    except ImportError:             # not on every platform
        return ""
    return f", peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB"


def _positions(board: _Board, keys: np.ndarray, loops: ModuleType | None) -> int:
    """How many positions the keys stand for (mirror images counted)."""
    if loops is not None:
        return int(loops.mirror_count(keys, board.rows, board.cols))
    return int(_weights(board, keys).sum())


def _weights(board: _Board, keys: np.ndarray) -> np.ndarray:
    """2 for a key standing for two mirror images, 1 for a symmetric position."""
    return np.where(board.mirror(keys) == keys, 1, 2).astype(np.int64)


def _chunks(n: int, size: int | None = None) -> Iterator[tuple[int, int]]:
    size = size or CHUNK
    for a in range(0, n, size):
        yield a, min(a + size, n)


THREADS = 2
"""Chunks handled at once by the compiled loops, which release the GIL (the machines
the benchmarks run on have 2 cores)."""


class _Workers:
    """Runs ``task(a, b, buffers)`` over the chunks of ``n`` positions and yields the
    results in order: one chunk at a time with numpy's passes; with the compiled loops,
    :data:`THREADS` chunks of ``CHUNK / THREADS`` positions at most at a time, each
    thread with its own work arrays (so that they take the memory of one chunk's)."""

    def __init__(self, loops: ModuleType | None, cols: int) -> None:
        self.threads = THREADS if loops is not None else 1
        self.size = max(1, CHUNK // self.threads)
        self.spare: queue.SimpleQueue[_Buffers] = queue.SimpleQueue()
        for _ in range(self.threads):
            self.spare.put(_Buffers(self.size if loops is not None else 0, cols))

    def map(self, task: Callable[[int, int, _Buffers], Any], n: int) -> Iterator[Any]:
        size = min(self.size, max(1, -(-n // self.threads)))

        def run(chunk: tuple[int, int]) -> Any:
            buffers = self.spare.get()
            try:
                return task(*chunk, buffers)
            finally:
                self.spare.put(buffers)

        chunks = list(_chunks(n, size))
        if self.threads == 1 or len(chunks) == 1:
            yield from map(run, chunks)
            return
        with ThreadPoolExecutor(self.threads) as pool:
            yield from pool.map(run, chunks)


def _expand(board: _Board, keys: np.ndarray, k: int, loops: ModuleType | None,
            buffers: _Buffers) -> np.ndarray:
    """The sorted distinct children of the positions of ply ``k`` that are not over: with
    the compiled loops, one pass per position into a reused buffer, a radix sort and a
    pass that drops repeats; else numpy's passes column by column, and a sort."""
    if loops is None:
        cur, mask = board.decode(keys)
        open_ = ~board.won(mask ^ cur) if k else np.ones(len(keys), dtype=bool)
        return _unique(np.concatenate([child for _, _, child
                                       in board.children(cur, mask, open_)]))
    n = loops.expand(keys, board.rows, board.cols, board.align, buffers.packed)
    children = buffers.packed[:n]
    loops.radix_sort(children, buffers.spare[:n], 0, board.bits)
    return children[:loops.dedupe(children)].copy()


def _generate(board: _Board, plies: _Plies, max_positions: int, say: Callable[[str], None]
              ) -> tuple[list[int], list[float]]:
    plies.add([np.array([board.empty_key], np.uint64)])
    counts, seconds = [1], [0.0]
    loops = _loops()
    workers = _Workers(loops, board.cols)
    for k in range(board.rows * board.cols):
        t0 = time.perf_counter()
        keys = plies.keys(k)

        def task(a: int, b: int, buffers: _Buffers, keys=keys, k=k) -> np.ndarray:
            return _expand(board, np.asarray(keys[a:b]), k, loops, buffers)

        plies.new_parts()
        parts = [plies.spill_part(part, f"part{n_part:05d}")
                 for n_part, part in enumerate(workers.map(task, len(keys)))]
        n = plies.add(_union(parts, 2 * CHUNK * board.cols, loops))
        if plies.folder is not None:
            for path in plies.folder.glob("part*"):
                path.unlink()
        if n == 0:
            plies.drop_last()
            break
        new = plies.keys(k + 1)
        count = sum(_positions(board, np.asarray(new[a:b]), loops) for a, b in _chunks(n))
        del new, keys, parts
        counts.append(count)
        seconds.append(time.perf_counter() - t0)
        say(f"ply {k + 1}: {count:,} positions ({n:,} stored), "
            f"{sum(counts):,} in all ({seconds[-1]:.1f} s{_peak()})")
        if sum(counts) > max_positions:
            from arena.rules import LimitError

            raise LimitError(f"{board.rows} × {board.cols} connect-4 has more than "
                             f"{max_positions:,} positions", hint="max_positions=N")
    return counts, seconds


def _child_scores(board: _Board, plies: _Plies, k: int, cur: np.ndarray, mask: np.ndarray,
                  open_: np.ndarray | None = None) -> list[np.ndarray | None]:
    """For each column, the scores of the children (-128 where the column is full or the
    position over), or None when no position plays it."""
    n = len(cur)
    if open_ is None:
        open_ = np.ones(n, dtype=bool) if k == 0 else ~board.won(mask ^ cur)
    out: list[np.ndarray | None] = []
    if k + 1 >= len(plies):
        return [None] * board.cols
    keys, scores = plies.keys(k + 1), plies.scores(k + 1)
    free = 64 - board.bits
    for _, idx, child in board.children(cur, mask, open_):
        if len(idx) == 0:
            out.append(None)
            continue
        s = np.full(n, -128, dtype=np.int8)
        s[idx] = _lookup(keys, scores, child, free)
        out.append(s)
    return out


def _solve(board: _Board, plies: _Plies, counts: list[int], seconds: list[float],
           say: Callable[[str], None]) -> tuple[int, dict[str, int]]:
    edges = 0
    won = [0, 0]
    draws = 0
    loops = _loops()
    workers = _Workers(loops, board.cols)
    for k in range(len(plies) - 1, -1, -1):
        t0 = time.perf_counter()
        keys = plies.keys(k)
        out = np.empty(len(keys), dtype=np.int8)
        mover = k % 2

        def task(a: int, b: int, buffers: _Buffers, keys=keys, out=out, k=k) -> Totals:
            chunk = np.asarray(keys[a:b])
            if loops is None:
                return _score_chunk(board, plies, k, chunk, out[a:b])
            return _score_chunk_compiled(board, plies, k, chunk, out[a:b], loops, buffers)

        for totals in workers.map(task, len(keys)):
            edges += totals[0]
            won[mover] += totals[1]
            won[1 - mover] += totals[2]
            draws += totals[3]
        plies.set_scores(k, out)
        del keys, out
        seconds[k] += time.perf_counter() - t0
        say(f"ply {k} solved ({time.perf_counter() - t0:.1f} s{_peak()})")
    return edges, {"won_by_0": won[0], "won_by_1": won[1], "draws": draws}


Totals = tuple[int, int, int, int]
"""Moves, positions won by the player to move, won by the other, draws (mirror images
counted)."""


def _score_chunk(board: _Board, plies: _Plies, k: int, chunk: np.ndarray, out: np.ndarray
                 ) -> Totals:
    """The scores of some positions of ply ``k`` from their children's in ply ``k + 1``
    (see the module's documentation), by numpy's passes over whole arrays, written into
    ``out``; returns the totals of the chunk."""
    cur, mask = board.decode(chunk)
    over = board.won(mask ^ cur) if k else np.zeros(len(chunk), dtype=bool)
    best = np.full(len(chunk), -BIG - 1, dtype=np.int16)     # no move yet
    moves = np.zeros(len(chunk), dtype=np.int64)
    for s in _child_scores(board, plies, k, cur, mask, ~over):
        if s is None:
            continue
        ok = s != -128
        moves += ok
        np.maximum(best, np.where(ok, -s.astype(np.int16), -BIG - 1), out=best)
    score = np.where(best > 0, best - 1, np.where(best < 0, best + 1, 0))
    score[best == -BIG - 1] = 0                     # a full board without a run
    score[over] = -BIG                              # the previous move made a run
    out[:] = score
    w = _weights(board, chunk)
    return (int((w * moves).sum()), int(w[score > 0].sum()), int(w[score < 0].sum()),
            int(w[score == 0].sum()))


class _Buffers:
    """The compiled path's work arrays for a chunk of positions, made once and reused
    (fresh memory costs a page fault per 4 KB)."""

    def __init__(self, n: int, cols: int) -> None:
        self.over = np.empty(n, dtype=np.bool_)
        self.packed = np.empty(n * cols, dtype=np.uint64)
        self.spare = np.empty(n * cols, dtype=np.uint64)
        self.child_scores = np.empty(n * cols, dtype=np.int8)


def _score_chunk_compiled(board: _Board, plies: _Plies, k: int, chunk: np.ndarray,
                          out: np.ndarray, loops: ModuleType, buffers: _Buffers) -> Totals:
    """:func:`_score_chunk` by the compiled loops: the children of each position in one
    pass, packed with where they come from; one sort of them; one merge with the next
    ply's sorted keys; the rule in one more pass. O(c log c) for the c children."""
    n, cols = len(chunk), board.cols
    free = 64 - board.bits
    if n * cols >= 1 << free:       # no room to pack where each child comes from
        return _score_chunk(board, plies, k, chunk, out)
    over, packed = buffers.over[:n], buffers.packed
    child_scores = buffers.child_scores[:n * cols]
    count = loops.pack_children(chunk, board.rows, cols, board.align, free, over, packed)
    queries = packed[:count]
    loops.radix_sort(queries, buffers.spare[:count], free, 64)
    child_scores[:] = -128
    if count:               # a ply without children is the last one
        missing = loops.merge_scatter(np.asarray(plies.keys(k + 1)),
                                      np.asarray(plies.scores(k + 1)), queries, free,
                                      child_scores)
        if missing >= 0:
            raise AssertionError("a child position is missing from the next ply")
    return loops.score_table(chunk, over, child_scores, board.rows, cols, BIG, out)


def _line(board: _Board, plies: _Plies) -> tuple[int, ...]:
    """The perfect game: each player plays the first column whose child has the best
    score for them (and so keeps the value, one rank lower)."""
    cur = np.zeros(1, np.uint64)
    mask = np.zeros(1, np.uint64)
    line: list[int] = []
    for k in range(board.rows * board.cols):
        if k and board.won(mask ^ cur)[0]:
            break
        scores = _child_scores(board, plies, k, cur, mask)
        options = [(c, -int(s[0])) for c, s in enumerate(scores)
                   if s is not None and s[0] != -128]
        if not options:
            break
        best = max(v for _, v in options)
        c = next(c for c, v in options if v == best)
        line.append(c)
        new_mask = mask | (mask + board.bottom[c])
        cur, mask = cur ^ mask, new_mask
    return tuple(line)
