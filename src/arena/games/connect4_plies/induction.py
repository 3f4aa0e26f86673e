"""The two passes of :mod:`arena.games.connect4_plies`: the positions generated ply by ply
from the empty board up, by chunks of :data:`CHUNK` (on :data:`THREADS` threads on the
compiled path), then scored from the full boards down, each ply from the next one's
scores; and the perfect game read off the scores."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import numpy as np

from arena.games.connect4_plies.arrays import _lookup, _loops, _union, _unique
from arena.games.connect4_plies.board import BIG, _Board
from arena.games.connect4_plies.storage import _Plies

CHUNK = 1 << 22
"""Positions handled in one vectorised pass (bounds the working memory)."""



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
