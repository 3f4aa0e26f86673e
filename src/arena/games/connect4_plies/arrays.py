"""The operations of :mod:`arena.games.connect4_plies` on sorted arrays of keys: the
compiled loops when numba is there, the union of sorted parts by key ranges, the lookup of
sorted queries."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import numpy as np


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

