"""The inner loops of :mod:`arena.games.connect4_plies` compiled by numba (the optional
extra ``arena-reachability[fast]``): one pass per position instead of a dozen numpy
passes over whole arrays, and a merge of sorted arrays instead of binary searches.

Imported on first use when the solver's compiled path is chosen (see
:func:`arena.solver._kernel`); compiled on the first call and kept on disk
(``cache=True``). Keys use Tromp's encoding, as in :mod:`arena.games.connect4_plies`:
column ``c`` has the bits ``c*h ... c*h + rows`` with ``h = rows + 1``; below the lowest
empty cell of each column lie the stones of the player to move (1) and of the opponent
(0), and the lowest empty cell holds a 1. Every function gives exactly what the numpy code
it replaces gives (the tests compare the two on small boards).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["expand", "radix_sort", "dedupe", "merge_two", "pack_children", "merge_scatter",
           "score_table", "mirror_count"]

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
NONE = np.uint64(0)
"""Stands for a missing child: no key is 0 (each column holds its marker bit)."""


@njit(cache=True, inline="always")
def _mirror(key, rows, cols):  # pragma: no cover - compiled
    """The key of the mirror image: column c goes to column cols - 1 - c. O(cols)."""
    h = rows + 1
    field = (_ONE << np.uint64(h)) - _ONE
    out = _ZERO
    for c in range(cols):
        out |= ((key >> np.uint64(c * h)) & field) << np.uint64((cols - 1 - c) * h)
    return out


@njit(cache=True, inline="always")
def _bottoms(rows, cols):  # pragma: no cover - compiled
    """The lowest bit of every column."""
    bottoms = _ZERO
    for c in range(cols):
        bottoms |= _ONE << np.uint64(c * (rows + 1))
    return bottoms


@njit(cache=True, inline="always")
def _decode(key, rows, bottoms):  # pragma: no cover - compiled
    """(stones of the player to move, all stones) of a key: in each column, the bits
    below its highest set bit (the marker), found by smearing every bit downwards within
    its column (shifts by d = 1, 2, 4, ... below the column's height h, each masked to
    keep the column's low h - d bits), as ``_Board.decode`` does."""
    h = rows + 1
    s = key
    d = 1
    while d < h:
        s |= (s >> np.uint64(d)) & (bottoms * ((_ONE << np.uint64(h - d)) - _ONE))
        d *= 2
    mask = (s >> _ONE) & (bottoms * ((_ONE << np.uint64(rows)) - _ONE))
    return key & mask, mask


@njit(cache=True, inline="always")
def _won(stones, rows, align):  # pragma: no cover - compiled
    """Whether ``stones`` hold ``align`` in a row: vertically, horizontally or along a
    diagonal (shifts by 1, h, h - 1 and h + 1, as in ``_Board.won``). O(align)."""
    h = rows + 1
    for step in (1, h, h - 1, h + 1):
        run = stones
        for k in range(1, align):
            run &= stones >> np.uint64(k * step)
        if run:
            return True
    return False


@njit(cache=True, inline="always")
def _child(cur, mask, c, rows, cols, bottoms):  # pragma: no cover - compiled
    """The stored (canonical) key after the player to move plays column c, or
    :data:`NONE` when the column is full."""
    h = rows + 1
    if mask & (_ONE << np.uint64(c * h + rows - 1)):
        return NONE
    new_mask = mask | (mask + (_ONE << np.uint64(c * h)))
    key = (cur ^ mask) | (new_mask + bottoms)
    return min(key, _mirror(key, rows, cols))


@njit(cache=True, nogil=True)
def expand(keys, rows, cols, align, out):  # pragma: no cover - compiled
    """The children of every position of ``keys`` that is not over (the previous move
    made no run), written into ``out`` (room for ``len(keys) * cols``) in no particular
    order and with repeats; returns how many. What ``_generate`` sorts and deduplicates
    into the next ply. O(len(keys) × cols × rows)."""
    bottoms = _bottoms(rows, cols)
    n = 0
    for i in range(len(keys)):
        cur, mask = _decode(keys[i], rows, bottoms)
        if _won(mask ^ cur, rows, align):
            continue
        for c in range(cols):
            child = _child(cur, mask, c, rows, cols, bottoms)
            if child != NONE:
                out[n] = child
                n += 1
    return n


@njit(cache=True, nogil=True)
def radix_sort(values, spare, low, high):  # pragma: no cover - compiled
    """Sort ``values`` in place by their bits ``low .. high - 1`` (the bits above must be
    0; the bits below ride along, in their first order among equal keys).

    Least-significant-digit radix sort: one stable counting sort per digit of at most 11
    bits, from the lowest digit up, between ``values`` and ``spare`` (as long). Sorting
    the keys of a ply, which have 30-35 significant bits, takes 3-4 passes over memory in
    order, about three times faster than ``numpy.sort``. O(len(values) × (high - low) /
    11) time. Reference: D. E. Knuth, *The Art of Computer Programming*, vol. 3, §5.2.5.
    """
    n = len(values)
    passes = (high - low + 10) // 11
    if passes == 0 or n < 2:
        return
    digit = (high - low + passes - 1) // passes
    count = np.empty(1 << digit, dtype=np.int64)
    top = np.uint64((1 << digit) - 1)
    src, dst = values, spare
    for p in range(passes):
        shift = np.uint64(low + p * digit)
        count[:] = 0
        for i in range(n):
            count[(src[i] >> shift) & top] += 1
        total = 0
        for d in range(len(count)):
            c = count[d]
            count[d] = total
            total += c
        for i in range(n):
            d = (src[i] >> shift) & top
            dst[count[d]] = src[i]
            count[d] += 1
        src, dst = dst, src
    if passes % 2:
        values[:] = src


@njit(cache=True, nogil=True)
def dedupe(values):  # pragma: no cover - compiled
    """Move the distinct values of the sorted array ``values`` to its front, in place;
    return how many there are. O(len(values))."""
    if len(values) == 0:
        return 0
    n = 1
    for i in range(1, len(values)):
        if values[i] != values[n - 1]:
            values[n] = values[i]
            n += 1
    return n


@njit(cache=True, nogil=True)
def merge_two(a, b):  # pragma: no cover - compiled
    """The sorted distinct values of two sorted arrays without repeats, by one merge.
    O(len(a) + len(b))."""
    out = np.empty(len(a) + len(b), dtype=a.dtype)
    i = j = n = 0
    while i < len(a) and j < len(b):
        if a[i] < b[j]:
            out[n] = a[i]
            i += 1
        elif b[j] < a[i]:
            out[n] = b[j]
            j += 1
        else:
            out[n] = a[i]
            i += 1
            j += 1
        n += 1
    while i < len(a):
        out[n] = a[i]
        i += 1
        n += 1
    while j < len(b):
        out[n] = b[j]
        j += 1
        n += 1
    return out[:n]


@njit(cache=True, nogil=True)
def pack_children(keys, rows, cols, align, free_bits, over, packed):  # pragma: no cover
    """For each position: ``over[i]``, whether the previous move made a run; and, for
    each child through column c, ``child << free_bits | (i * cols + c)`` written into
    ``packed`` (room for ``len(keys) * cols``), so that one sort orders the children by
    key and keeps where each came from. Returns how many children.
    O(len(keys) × cols × rows)."""
    bottoms = _bottoms(rows, cols)
    n = 0
    shift = np.uint64(free_bits)
    for i in range(len(keys)):
        cur, mask = _decode(keys[i], rows, bottoms)
        over[i] = _won(mask ^ cur, rows, align)
        if over[i]:
            continue
        for c in range(cols):
            child = _child(cur, mask, c, rows, cols, bottoms)
            if child != NONE:
                packed[n] = (child << shift) | np.uint64(i * cols + c)
                n += 1
    return n


@njit(cache=True, inline="always")
def _gallop(keys, j, q):  # pragma: no cover - compiled
    """The first index at or after ``j`` whose key is not below ``q`` (``len(keys)``
    when none): steps of 1, 2, 4, ... from ``j``, then a binary search in the last step,
    so O(log d) for a distance d. Reference: J. L. Bentley, A. C. Yao, *An almost optimal
    algorithm for unbounded searching*, Information Processing Letters 5 (1976)."""
    n = len(keys)
    if j >= n or keys[j] >= q:
        return j
    lo, step = j, 1                     # keys[lo] < q
    hi = lo + 1
    while hi < n and keys[hi] < q:
        lo = hi
        step *= 2
        hi = lo + step
    hi = min(hi, n)                     # hi == n or keys[hi] >= q
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if keys[mid] < q:
            lo = mid
        else:
            hi = mid
    return hi


@njit(cache=True, nogil=True)
def merge_scatter(keys, scores, packed, free_bits, child_scores):  # pragma: no cover
    """``child_scores[where] = score of child`` for the sorted packed children of
    :func:`pack_children`, found in the sorted ``keys`` of the next ply by one pass
    forwards through both (a galloping search from the last match, so that a chunk's
    children, spread over the whole ply, cost O(c log(n / c)) and not O(n)); the other
    entries are left as they are. Returns the number of a child missing from ``keys``
    (-1: none), which the caller reports."""
    shift = np.uint64(free_bits)
    low = (np.uint64(1) << shift) - np.uint64(1)
    j = 0
    n = len(keys)
    for i in range(len(packed)):
        q = packed[i] >> shift
        j = _gallop(keys, j, q)
        if j == n or keys[j] != q:
            return i
        child_scores[packed[i] & low] = scores[j]
    return -1


@njit(cache=True, nogil=True)
def score_table(keys, over, child_scores, rows, cols, big, out):  # pragma: no cover
    """The score of each position from its children's (``child_scores[i * cols + c]``,
    -128: no child) by the module's rule, written into ``out``: ``-big`` when over; else
    the best of ``-child`` moved one step towards 0 (a rank one more), 0 without a move.
    Returns the totals ``(moves, won by the player to move, won by the other, draws)``,
    each position counted twice unless it is its own mirror image.
    O(len(keys) × cols)."""
    moves = won = lost = draws = 0
    for i in range(len(keys)):
        w = 1 if _mirror(keys[i], rows, cols) == keys[i] else 2
        if over[i]:
            out[i] = -big
            lost += w
            continue
        best = -big - 1
        for c in range(cols):
            s = child_scores[i * cols + c]
            if s != -128:
                moves += w
                best = max(best, -np.int64(s))
        score = best - 1 if best > 0 else (best + 1 if best > -big - 1 and best < 0 else 0)
        out[i] = score
        if score > 0:
            won += w
        elif score < 0:
            lost += w
        else:
            draws += w
    return moves, won, lost, draws


@njit(cache=True, nogil=True)
def mirror_count(keys, rows, cols):  # pragma: no cover - compiled
    """The positions the keys stand for: 2 for a key standing for two mirror images, 1
    for a symmetric position. O(len(keys) × cols)."""
    total = 0
    for i in range(len(keys)):
        total += 1 if _mirror(keys[i], rows, cols) == keys[i] else 2
    return total
