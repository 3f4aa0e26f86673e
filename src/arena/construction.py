"""How an :class:`arena.Arena` numbers its vertices and builds its successor rows: from
lists (integer vertices numbered by numpy at once, others by address or one look-up per
edge) or from CSR arrays (offsets and targets), with the checks of every edge. Below the
model: it knows vertices, numbers and arrays, not the :class:`~arena.Arena` class."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

from arena.errors import ArenaError
from arena.vertices import Vertex, vertex_id

try:
    import numpy as _np
except ImportError:     # Pyodide's core: the arrays stay Python lists
    _np = None  # type: ignore[assignment]

_TABLE_SPAN = 8
"""Vertices spread over at most this many slots each are numbered through a table
indexed by address (see :class:`_ByAddress`); more spread, by a binary search."""

def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def vertex_index(S0: Iterable[Vertex], S1: Iterable[Vertex]
                  ) -> tuple[list[Vertex], dict[Vertex, int], bytes]:
    """Vertices (S0 then S1), their numbers and their owners; a vertex listed twice is
    refused with its name."""
    for key, group in (("S0", S0), ("S1", S1)):
        if isinstance(group, (str, bytes)) or not isinstance(group, Iterable):
            raise ArenaError(f"expected a list of vertices, not {type(group).__name__} "
                             f"{_short_repr(group)}", key=key)
    s0, s1 = list(S0), list(S1)
    vertices = s0 + s1
    index = dict(zip(vertices, range(len(vertices))))
    if len(index) != len(vertices):            # find the first repeated vertex, by name
        seen: dict[Vertex, int] = {}
        for k, v in enumerate(vertices):
            key = "S0" if k < len(s0) else "S1"
            if v in seen:
                other = "S0" if seen[v] < len(s0) else "S1"
                reason = (f"listed twice in {key}" if other == key
                          else "is owned by both players (it is in S0 and in S1)")
                raise ArenaError(reason, key=key, vertex=v)
            seen[v] = k
    return vertices, index, bytes(len(s0)) + b"\x01" * len(s1)


def victory_marks(index: Mapping[Vertex, int], n: int, V0: Iterable[Vertex],
                   V1: Iterable[Vertex]) -> tuple[int | None, ...]:
    """The victory mark of every vertex: 0 (in V0), 1 (in V1) or ``None``."""
    victory: list[int | None] = [None] * n
    for player, key, group in ((0, "V0", V0), (1, "V1", V1)):
        for v in group:
            i = lookup(index, v, key)
            if victory[i] is not None:
                reason = ("is a victory position of both players (in V0 and V1)"
                          if victory[i] != player else f"listed twice in {key}")
                raise ArenaError(reason, key=key, vertex=v)
            victory[i] = player
    return tuple(victory)



def int_csr(vertices: list[Vertex], edges: Mapping[Any, Iterable[Any]]
             ) -> tuple[Any, Any] | None:
    """``(offsets, targets)`` for an arena whose vertices are non-negative integers (as
    in benchmarks and generated graphs), every edge translated to a vertex number by one
    numpy gather instead of one dictionary look-up; ``None`` whenever anything is
    unusual (other vertices, a successor list of another type, an unknown vertex, an
    edge listed twice), so that the general path finds and names the fault."""
    n = len(vertices)
    sources, rows = list(edges), list(edges.values())
    if (not all(type(v) is int for v in vertices) or not all(type(v) is int for v in sources)
            or not all(type(r) in (list, tuple, range) for r in rows)):
        return None
    top = max(vertices, default=0)
    if n == 0 or min(vertices) < 0 or top > 4 * n + 64:
        return None
    number = _np.full(top + 1, -1, dtype=_np.int64)
    number[_np.asarray(vertices, dtype=_np.int64)] = _np.arange(n, dtype=_np.int64)
    lengths = _np.fromiter(map(len, rows), dtype=_np.int64,  # type: ignore[arg-type]
                           count=len(rows))
    m = int(lengths.sum())
    try:
        flat = _np.fromiter(chain.from_iterable(rows), dtype=_np.int64, count=m)
    except (TypeError, ValueError, OverflowError):
        return None
    src = _np.asarray(sources, dtype=_np.int64)
    if ((len(flat) and (flat.min() < 0 or flat.max() > top))
            or len(src) and (src.min() < 0 or src.max() > top)):
        return None
    targets, src = number[flat], number[src]
    if (targets < 0).any() or (src < 0).any():
        return None
    return _rows_to_csr(src, lengths, targets, n)


def mapped_csr(vertices: list[Vertex], index: Mapping[Any, int],
                edges: Mapping[Any, Iterable[Any]]) -> tuple[Any, Any] | None:
    """``(offsets, targets)`` for an arena of any vertices (``"v17"``, tuples); ``None``
    whenever anything is unusual (a successor list of another type, an unknown vertex, an
    edge listed twice), so that the general path finds and names the fault.

    An edge whose ends are the very objects of S0 and S1 (as when a program builds the
    lists) is numbered by identity, with numpy (:class:`_ByAddress`); only the others cost a
    dictionary look-up, which on a large graph is a cache miss per edge. O(|S| + |A|)."""
    sources, rows = list(edges), list(edges.values())
    if not set(map(type, rows)) <= {list, tuple, range}:
        return None
    ids = _np.fromiter(map(id, vertices), dtype=_np.int64, count=len(vertices))
    lengths = _np.fromiter(map(len, rows), dtype=_np.int64,  # type: ignore[arg-type]
                           count=len(rows))
    m = int(lengths.sum())
    by_address = _ByAddress(ids)
    src = by_address.numbers(lambda: sources, len(sources), index)
    targets = by_address.numbers(lambda: chain.from_iterable(rows), m, index)
    if src is None or targets is None:
        return None
    return _rows_to_csr(src, lengths, targets, len(vertices))


class _ByAddress:
    """Vertex numbers by identity: a table indexed by address, where the vertices (their
    addresses ``ids``) lie close enough together in memory, else a binary search among
    the sorted addresses.

    A slot is ``(address - lowest) >> shift``, with ``2 ** shift`` at most the smallest
    gap between two vertices' addresses: two vertices never share a slot (objects of 64
    bytes, as short strings are, take one slot each of 64 bytes, not four of 16)."""

    def __init__(self, ids: Any) -> None:
        self.ids, n = ids, len(ids)
        self.table: Any = None
        self.order: Any = None
        if n == 0:
            return
        ordered = _np.sort(ids)
        gap = int(_np.diff(ordered).min()) if n > 1 else 16
        self.low, self.shift = int(ordered[0]), max(gap.bit_length() - 1, 0)
        span = ((int(ordered[-1]) - self.low) >> self.shift) + 1
        if span <= _TABLE_SPAN * n + 1024:
            self.table = _np.full(span, -1, dtype=_np.int64)
            self.table[(ids - self.low) >> self.shift] = _np.arange(n, dtype=_np.int64)
        else:
            self.order = _np.argsort(ids)
            self.sorted = ordered

    def numbers(self, objects: Callable[[], Iterable[Any]], count: int,
                index: Mapping[Any, int]) -> Any | None:
        """The vertex numbers of the ``count`` objects that ``objects()`` yields (asked
        again only for those not found by identity): by identity where an object is one of
        the vertices themselves, else by a dictionary look-up (an equal vertex); ``None``
        if one is not a vertex."""
        ids, n = self.ids, len(self.ids)
        query = _np.fromiter(map(id, objects()), dtype=_np.int64, count=count)
        if n == 0:
            return None if len(query) else query
        if self.table is not None:                  # one gather
            slot = (query - self.low) >> self.shift
            inside = (slot >= 0) & (slot < len(self.table))
            numbers = _np.full(len(query), -1, dtype=_np.int64)
            numbers[inside] = self.table[slot[inside]]
            hit = numbers >= 0
            hit[hit] = ids[numbers[hit]] == query[hit]
        else:
            at = _np.minimum(_np.searchsorted(self.sorted, query), n - 1)
            numbers = self.order[at]
            hit = ids[numbers] == query
        missed = _np.flatnonzero(~hit)
        if len(missed):
            listed = list(objects())
            try:
                numbers[missed] = list(map(index.__getitem__, (listed[k] for k in missed)))
            except (KeyError, TypeError):
                return None
        return numbers


def _rows_to_csr(src: Any, lengths: Any, targets: Any, n: int) -> tuple[Any, Any] | None:
    """Rows given for the vertices ``src`` (distinct numbers, any order), ``lengths``
    edges each, ``targets`` row after row: the CSR arrays in vertex order, or ``None``
    if a row lists a target twice."""
    m = len(targets)
    if len(src) > 1 and not (src[1:] > src[:-1]).all():   # rows in vertex order
        order = _np.argsort(src, kind="stable")
        starts = _np.concatenate(([0], _np.cumsum(lengths)[:-1]))[order]
        lengths, src = lengths[order], src[order]
        pick = _np.repeat(starts - _np.cumsum(lengths) + lengths, lengths) + _np.arange(m)
        targets = targets[pick]
    per_vertex = _np.zeros(n, dtype=_np.int64)
    per_vertex[src] = lengths
    offsets = _np.zeros(n + 1, dtype=_np.int64)
    _np.cumsum(per_vertex, out=offsets[1:])
    if _has_repeated_edge(offsets, targets, n):
        return None
    return offsets, targets


def _has_repeated_edge(offsets: Any, targets: Any, n: int) -> Any:
    """Whether some row lists a target twice: rows of up to 8 edges compare each edge
    with the next few of its row; longer rows sort their keys ``source * n + target``."""
    lengths = _np.diff(offsets)
    m = len(targets)
    if m == 0:
        return None
    longest = int(lengths.max())
    if longest <= 8:
        ends = _np.repeat(offsets[1:], lengths)
        at = _np.arange(m)
        for d in range(1, longest):
            same = (targets[:m - d] == targets[d:]) & (at[:m - d] + d < ends[:m - d])
            if same.any():
                return True
        return False
    sources = _np.repeat(_np.arange(n, dtype=_np.int64), lengths)
    keys = _np.sort(sources * n + targets)
    return bool((keys[1:] == keys[:-1]).any())


def check_csr_numpy(offsets: Any, targets: Any, vertices: Sequence[Vertex]) -> None:
    """Refuse CSR arrays of the wrong shape, a target out of range or an edge listed
    twice (found by sorting the keys ``source * n + target`` of rows with 2+ edges)."""
    n = len(vertices)
    if offsets.ndim != 1 or targets.ndim != 1 or len(offsets) != n + 1:
        raise ArenaError(f"offsets must be one array of {n + 1} numbers (the vertices "
                         "plus one) and targets one array", key="edges")
    lengths = _np.diff(offsets)
    if offsets[0] != 0 or offsets[-1] != len(targets) or (lengths < 0).any():
        raise ArenaError("offsets must rise from 0 to the number of targets", key="edges")
    if len(targets) and (targets.min() < 0 or targets.max() >= n):
        raise ArenaError(f"a target is not a vertex number between 0 and {n - 1}",
                         key="edges")
    sources = _np.repeat(_np.arange(n, dtype=_np.int64), lengths)
    several = (lengths > 1)[sources]
    keys = _np.sort(sources[several] * n + targets[several])
    same = _np.flatnonzero(keys[1:] == keys[:-1])
    if len(same):
        x, y = divmod(int(keys[same[0]]), n)
        raise ArenaError(f"lists the edge to {vertex_id(vertices[y])!r} twice", key="edges",
                         vertex=vertices[x])


def check_csr_python(offsets: list[int], targets: list[int], vertices: Sequence[Vertex]
                      ) -> tuple[tuple[int, ...], ...]:
    """:func:`check_csr_numpy` without numpy; returns the successor rows."""
    n = len(vertices)
    if len(offsets) != n + 1 or offsets[0] != 0 or offsets[-1] != len(targets):
        raise ArenaError(f"offsets must be {n + 1} numbers (the vertices plus one) rising "
                         "from 0 to the number of targets", key="edges")
    rows = []
    for x, (a, b) in enumerate(zip(offsets, offsets[1:])):
        if b < a:
            raise ArenaError("offsets must rise from 0 to the number of targets", key="edges")
        row = tuple(targets[a:b])
        if len(row) > 1 and len(set(row)) != len(row):
            dup = next(vertices[j] for j in row if row.count(j) > 1)
            raise ArenaError(f"lists the edge to {vertex_id(dup)!r} twice", key="edges",
                             vertex=vertices[x])
        rows.append(row)
    if targets and not (min(targets) >= 0 and max(targets) < n):
        raise ArenaError(f"a target is not a vertex number between 0 and {n - 1}",
                         key="edges")
    return tuple(rows)


def lookup(index: Mapping[Vertex, int], v: Any, key: str, source: Any = None) -> int:
    try:
        return index[v]
    except (KeyError, TypeError):
        if source is not None:
            raise ArenaError(f"has a successor {vertex_id(v)!r} that is not in S0 or S1",
                             key=key, vertex=source) from None
        raise ArenaError("is not in S0 or S1", key=key, vertex=v) from None
