"""The arena: a finite game graph whose vertices are shared between two players.

An :class:`Arena` is immutable. It keeps the vertices in a fixed order and indexes
them by integers, so that the algorithms of :mod:`arena.solver` run on compact lists
of successors rather than on dictionaries of arbitrary vertices.

Two constructors: ``Arena(S0, S1, edges, ...)`` from successor lists (integer vertices
are numbered by numpy all at once, other vertices by one dictionary look-up per edge),
and :meth:`Arena.from_csr` from arrays (offsets and targets, the compressed sparse row
form), which game generators use to build large arenas without one Python list per
vertex. With numpy, the arrays are what the solver reads; the tuples of successors are
built only when something asks for them.

Files use the format of the course (YAML or JSON, the same keys)::

    title: {fr: "Un jeu sur un graphe", en: "A game on a graph"}
    start: a
    S0: [a, c, e]
    S1: [b, d, f]
    V0: [f]
    V1: [e]
    edges:
      a: [b, d]
      b: [c]
"""

from __future__ import annotations

import json
import numbers
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import Any, Literal, NamedTuple

from arena.errors import ArenaError
from arena.numbers import parse_int
from arena.vertices import Vertex, vertex_id

try:
    import numpy as _np
except ImportError:     # Pyodide's core: the arrays stay Python lists
    _np = None  # type: ignore[assignment]

__all__ = ["Arena", "ArenaError", "Player", "Vertex", "vertex_id", "MAX_FILE_BYTES"]

Player = Literal[0, 1]
"""J_0 is ``0`` and plays first; J_1 is ``1``."""

FILE_KEYS = ("title", "start", "S0", "S1", "V0", "V1", "edges")
MAX_FILE_BYTES = 2_000_000
"""Arena files larger than this are refused before they are parsed (a course's arena
is a few kilobytes; parsing megabytes of YAML takes seconds). The environment variable
``ARENA_MAX_FILE_BYTES`` raises the limit."""
_ARRAYS_FROM = 64
"""Successor lists with at least this many rows are numbered by numpy and kept as arrays
(integer vertices by one gather, others by identity, :func:`_mapped_csr`); smaller ones (a
course's examples) as tuples, without numpy's overhead."""
_TABLE_SPAN = 8
"""Vertices spread over at most this many slots each are numbered through a table
indexed by address (see :class:`_ByAddress`); more spread, by a binary search."""
_VICTORY_CODES = {None: 2, 0: 0, 1: 1}
"""A vertex's victory mark as one byte: 0 or 1 (its player), 2 (none)."""


_MOST_FILE_BYTES = 2 ** 40
"""The most ``ARENA_MAX_FILE_BYTES`` may say (1 TiB): far beyond any arena a machine
parses, far below what a read's size argument overflows at."""


def _max_file_bytes() -> int:
    """:data:`MAX_FILE_BYTES`, or the limit the environment sets (a bad value is refused,
    not ignored: a whole number from 1 to 2^40)."""
    value = os.environ.get("ARENA_MAX_FILE_BYTES")
    if not value:
        return MAX_FILE_BYTES
    try:
        limit = parse_int(value, minimum=1)
    except ValueError as exc:
        raise ArenaError(f"the environment variable ARENA_MAX_FILE_BYTES: {exc}") from None
    if limit > _MOST_FILE_BYTES:
        raise ArenaError(f"the environment variable ARENA_MAX_FILE_BYTES: {limit} is more "
                         f"than {_MOST_FILE_BYTES} (1 TiB)")
    return limit


class Compact(NamedTuple):
    """An arena indexed by integers, as the algorithms read it: vertex k is
    ``Arena.vertices[k]``.

    Examples
    --------
    >>> c = Arena(S0=["x"], S1=["y"], edges={"x": ["y"]}, V1=["y"])._compact()
    >>> c.owner[1], c.victory, c.succ
    (1, (None, 1), ((1,), ()))
    """

    owner: bytes
    """``owner[k]``: the player who moves at vertex k (0 or 1)."""
    victory: tuple[int | None, ...]
    """``victory[k]``: i if vertex k is in V_i, else ``None``."""
    succ: tuple[tuple[int, ...], ...]
    """``succ[k]``: the successors of vertex k, as vertex numbers in input order."""


class Arena:
    """A two-player game graph (S, A) with S = S0 ⊔ S1, victory sets V0, V1 and a start.

    Parameters
    ----------
    S0, S1 : iterables of vertices
        The vertices owned by J_0 and by J_1. Together they list every vertex once;
        their order (S0 first, then S1) is the order of :attr:`vertices`.
    edges : mapping from a vertex to its successors
        A vertex without a key has no successor. The order of each list matters: it
        breaks ties between strategy moves.
    V0, V1 : iterables of vertices, optional
        Victory positions of J_0 and of J_1; they are disjoint. A play stops as soon as
        it reaches one of them, so their outgoing edges (if any) are ignored by the solver.
    start : vertex, optional
    title : mapping from a language code to a title, optional

    Raises
    ------
    ArenaError
        If a vertex is owned by both players, an edge or a set names an unknown vertex,
        an edge is listed twice, or V0 and V1 meet.

    Examples
    --------
    >>> a = Arena(S0=["x", "z"], S1=["y"], edges={"x": ["y"], "y": ["z"]}, V0=["z"])
    >>> a
    Arena(S0=['x', 'z'], S1=['y'], edges={'x': ['y'], 'y': ['z']}, V0=['z'], V1=[], start=None)
    >>> a.successors("x"), a.is_bipartite()
    (('y',), True)
    """

    __slots__ = ("_vertices", "_index", "_owner", "_victory", "_rows", "_csr", "_start",
                 "_title", "_n_edges", "_codes")

    def __init__(self, S0: Iterable[Vertex], S1: Iterable[Vertex],
                 edges: Mapping[Any, Iterable[Any]] | None = None,
                 V0: Iterable[Vertex] = (), V1: Iterable[Vertex] = (),
                 start: Vertex | None = None,
                 title: Mapping[str, str] | None = None) -> None:
        vertices, index, owner = _vertex_index(S0, S1)
        victory = _victory_marks(index, len(vertices), V0, V1)

        if start is not None:
            _lookup(index, start, "start")
        self._vertices = tuple(vertices)
        self._index = index
        self._owner = owner
        self._victory = victory
        self._codes: Any = None
        self._start = start
        self._title = dict(title) if title else None
        self._rows: tuple[tuple[int, ...], ...] | None = None
        self._csr: tuple[Any, Any] | None = None
        csr = None
        if _np is not None and edges and len(edges) >= _ARRAYS_FROM:
            csr = _int_csr(vertices, edges)
            if csr is None:
                csr = _mapped_csr(vertices, index, edges)
        if csr is not None:         # integer vertices: every edge numbered by numpy at once
            self._csr, self._n_edges = csr, len(csr[1])
            return

        # One dictionary look-up per edge, done by ``map`` in C; the checks that name a
        # faulty vertex run only when the fast path fails.
        succ: list[tuple[int, ...]] = [()] * len(vertices)
        n_edges = 0
        get = index.__getitem__
        for x, targets in (edges or {}).items():
            i = _lookup(index, x, "edges")
            if type(targets) not in (list, tuple, range):
                if isinstance(targets, (str, bytes)) or not isinstance(targets, Iterable):
                    raise ArenaError("successors must be a list of vertices", key="edges",
                                     vertex=x)
                targets = list(targets)
            try:
                row = tuple(map(get, targets))
            except (KeyError, TypeError):
                row = tuple(_lookup(index, y, "edges", source=x) for y in targets)
            if len(row) > 1 and len(set(row)) != len(row):
                dup = next(vertices[j] for j in row if row.count(j) > 1)
                raise ArenaError(f"lists the edge to {vertex_id(dup)!r} twice", key="edges",
                                 vertex=x)
            succ[i] = row
            n_edges += len(row)
        self._rows = tuple(succ)
        self._n_edges = n_edges

    @classmethod
    def from_csr(cls, S0: Iterable[Vertex], S1: Iterable[Vertex], offsets: Sequence[int],
                 targets: Sequence[int], V0: Iterable[int] = (), V1: Iterable[int] = (),
                 start: Vertex | None = None,
                 title: Mapping[str, str] | None = None) -> Arena:
        """Build an arena from arrays: the successors in compressed sparse row (CSR) form.

        Vertex ``k`` is the k-th of S0 followed by S1 (the order of :attr:`vertices`); its
        successors are ``targets[offsets[k]:offsets[k + 1]]``, as vertex numbers, in the
        order that breaks ties between strategy moves. A game generator that numbers its
        positions builds these arrays (numpy arrays or lists of ints) without one Python
        list per vertex.

        Parameters
        ----------
        S0, S1 : iterables of vertices
            The labels of J_0's then J_1's vertices, as for :class:`Arena`.
        offsets : sequence of ints
            ``len(S0) + len(S1) + 1`` non-decreasing numbers from 0 to ``len(targets)``.
        targets : sequence of ints
            Vertex numbers, row after row.
        V0, V1 : iterables of ints
            The *numbers* of the victory positions of J_0 and of J_1.
        start : vertex, optional
            A label, as for :class:`Arena`.
        title : mapping from a language code to a title, optional

        Raises
        ------
        ArenaError
            On the same faults as :class:`Arena` (a label listed twice, an edge listed
            twice, V0 and V1 meeting, an unknown start), or arrays of the wrong shape.

        Notes
        -----
        The arena equals the one the main constructor builds from the same successors
        (``==`` is true); with numpy, the arrays are kept as they are for the solver, and
        the successor tuples are built only if something asks for them. O(|S| + |A|).

        Examples
        --------
        >>> a = Arena.from_csr(["x", "z"], ["y"], offsets=[0, 1, 1, 2], targets=[2, 1],
        ...                    V0=[1])
        >>> a == Arena(S0=["x", "z"], S1=["y"], edges={"x": ["y"], "y": ["z"]}, V0=["z"])
        True
        """
        vertices, index, owner = _vertex_index(S0, S1)
        n = len(vertices)
        victory: list[int | None] = [None] * n
        for player, key, group in ((0, "V0", V0), (1, "V1", V1)):
            for k in group:
                k = int(k)
                if not 0 <= k < n:
                    raise ArenaError(f"vertex number {k} is not between 0 and {n - 1}", key=key)
                if victory[k] is not None:
                    reason = ("is a victory position of both players (in V0 and V1)"
                              if victory[k] != player else f"listed twice in {key}")
                    raise ArenaError(reason, key=key, vertex=vertices[k])
                victory[k] = player
        if start is not None:
            _lookup(index, start, "start")
        self = cls.__new__(cls)
        self._vertices = tuple(vertices)
        self._index = index
        self._owner = owner
        self._victory = tuple(victory)
        self._codes = None
        self._start = start
        self._title = dict(title) if title else None
        for key, values in (("offsets", offsets), ("targets", targets)):
            dtype = getattr(values, "dtype", None)
            kind = getattr(dtype, "kind", None)
            if kind is not None:
                bad = dtype if kind not in "iu" and len(values) else None
            elif all(type(v) is int for v in values):          # the common case, fast
                bad = None
            else:
                bad = next((v for v in values if not isinstance(v, numbers.Integral)), None)
            if bad is not None:
                raise ArenaError(f"{key} must hold vertex numbers (integers), not {bad!r}",
                                 key="edges")
        if _np is not None:
            off = _np.asarray(offsets, dtype=_np.int64)
            tgt = _np.asarray(targets, dtype=_np.int64)
            _check_csr_numpy(off, tgt, vertices)
            self._rows, self._csr = None, (off, tgt)
            self._n_edges = len(tgt)
        else:
            off, tgt = list(offsets), list(targets)
            rows = _check_csr_python(off, tgt, vertices)
            self._rows, self._csr = rows, None
            self._n_edges = len(tgt)
        return self

    @classmethod
    def _from_rows(cls, vertices: list[Vertex], n0: int, rows: tuple[tuple[int, ...], ...],
                   victory: tuple[int | None, ...], n_edges: int, start: Vertex | None,
                   title: Mapping[str, str] | None) -> Arena:
        """An arena from parts its maker has already checked, without checking them again:
        ``vertices`` distinct (J_0's ``n0`` first), ``rows`` the successors of each as
        vertex numbers without repeats, ``victory`` the mark of each, ``start`` one of
        them. :func:`arena.rules.from_rules` builds its arena so, without numpy (in
        Pyodide, where :meth:`from_csr`'s checks cost as much as the exploration's own
        work). O(|S|): the index of the vertices."""
        self = cls.__new__(cls)
        self._vertices = tuple(vertices)
        self._index = dict(zip(vertices, range(len(vertices))))
        self._owner = bytes(n0) + b"\x01" * (len(vertices) - n0)
        self._victory = victory
        self._codes = None
        self._start = start
        self._title = dict(title) if title else None
        self._rows, self._csr, self._n_edges = rows, None, n_edges
        return self

    # -- reading ---------------------------------------------------------------------

    @property
    def vertices(self) -> tuple[Vertex, ...]:
        """Every vertex, S0 first, in the order given."""
        return self._vertices

    @property
    def S0(self) -> tuple[Vertex, ...]:
        """Vertices owned by J_0."""
        return tuple(v for v, p in zip(self._vertices, self._owner) if p == 0)

    @property
    def S1(self) -> tuple[Vertex, ...]:
        """Vertices owned by J_1."""
        return tuple(v for v, p in zip(self._vertices, self._owner) if p == 1)

    @property
    def V0(self) -> tuple[Vertex, ...]:
        """Victory positions of J_0."""
        return tuple(v for v, w in zip(self._vertices, self._victory) if w == 0)

    @property
    def V1(self) -> tuple[Vertex, ...]:
        """Victory positions of J_1."""
        return tuple(v for v, w in zip(self._vertices, self._victory) if w == 1)

    @property
    def start(self) -> Vertex | None:
        """The start vertex, or ``None``."""
        return self._start

    @property
    def title(self) -> dict[str, str] | None:
        """The title by language code (``{"fr": ..., "en": ...}``), or ``None``."""
        return dict(self._title) if self._title else None

    def __len__(self) -> int:
        return len(self._vertices)

    def __contains__(self, v: object) -> bool:
        return v in self._index

    def __iter__(self):
        return iter(self._vertices)

    @property
    def n_edges(self) -> int:
        """Number of edges, counting those that leave victory positions."""
        return self._n_edges

    def index(self, v: Vertex) -> int:
        """The integer index of ``v`` (its position in :attr:`vertices`)."""
        return self._index[v]

    def owner(self, v: Vertex) -> Player:
        """The player who moves at ``v``."""
        return self._owner[self._index[v]]  # type: ignore[return-value]

    def victory(self, v: Vertex) -> Player | None:
        """``i`` if ``v`` is in V_i, else ``None``."""
        return self._victory[self._index[v]]  # type: ignore[return-value]

    def successors(self, v: Vertex) -> tuple[Vertex, ...]:
        """The successors of ``v`` in input order (victory vertices keep theirs here)."""
        vs = self._vertices
        return tuple(vs[j] for j in self._succ[self._index[v]])

    def edges(self) -> Iterable[tuple[Vertex, Vertex]]:
        """Every edge ``(x, y)``, in vertex order then successor order."""
        vs = self._vertices
        for i, row in enumerate(self._succ):
            for j in row:
                yield vs[i], vs[j]

    def is_bipartite(self) -> bool:
        """Whether every edge joins vertices of different owners (the course's setting)."""
        own = self._owner
        return all(own[i] != own[j] for i, row in enumerate(self._succ) for j in row)

    def victory_with_edges(self) -> list[Vertex]:
        """Victory vertices that have outgoing edges (accepted; the solver ignores them)."""
        return [v for v, w, row in zip(self._vertices, self._victory, self._succ)
                if w is not None and row]

    # -- compact form used by the algorithms -------------------------------------------

    def _compact(self) -> Compact:
        """Owners, victory marks and successor rows, indexed by integers (see
        :class:`Compact`)."""
        return Compact(self._owner, self._victory, self._succ)

    @property
    def _succ(self) -> tuple[tuple[int, ...], ...]:
        """The successor rows as tuples of vertex numbers (built from the arrays of
        :meth:`from_csr` on first use)."""
        rows = self._rows
        if rows is None:
            off, tgt = self._csr  # type: ignore[misc]
            flat, bounds = tgt.tolist(), off.tolist()
            rows = self._rows = tuple(
                tuple(flat[a:b]) for a, b in zip(bounds, bounds[1:]))  # type: ignore[misc]
        return rows

    def _csr_arrays(self) -> tuple[Any, Any]:
        """``(offsets, targets)`` as numpy int64 arrays (needs numpy): the successors of
        vertex k are ``targets[offsets[k]:offsets[k + 1]]``. Built once, then kept."""
        csr = self._csr
        if csr is None:
            rows = self._rows
            n = len(rows)  # type: ignore[arg-type]
            offsets = _np.zeros(n + 1, dtype=_np.int64)
            _np.cumsum(_np.fromiter(map(len, rows), dtype=_np.int64, count=n),  # type: ignore
                       out=offsets[1:])
            targets = _np.fromiter(chain.from_iterable(rows),  # type: ignore[arg-type]
                                   dtype=_np.int64, count=self._n_edges)
            csr = self._csr = (offsets, targets)
        return csr

    def _victory_array(self) -> Any:
        """The victory marks as a numpy uint8 array (needs numpy): 0 or 1 for V0 or V1, 2
        elsewhere (translated by ``bytes`` and a dictionary in C, not by a Python loop).
        Built once, then kept."""
        codes = self._codes
        if codes is None:
            marks = bytes(map(_VICTORY_CODES.__getitem__, self._victory))
            codes = self._codes = _np.frombuffer(marks, dtype=_np.uint8)  # type: ignore
        return codes

    # -- equality and printing ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The arena as the keys of the file format (vertices kept as they are)."""
        data: dict[str, Any] = {}
        if self._title:
            data["title"] = dict(self._title)
        if self._start is not None:
            data["start"] = self._start
        data["S0"] = list(self.S0)
        data["S1"] = list(self.S1)
        data["V0"] = list(self.V0)
        data["V1"] = list(self.V1)
        data["edges"] = {v: list(self.successors(v)) for v in self._vertices
                         if self._succ[self._index[v]]}
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arena):
            return NotImplemented
        return (self._vertices == other._vertices and self._owner == other._owner
                and self._victory == other._victory and self._succ == other._succ
                and self._start == other._start and self._title == other._title)

    def __hash__(self) -> int:
        return hash((self._vertices, self._owner, self._victory, self._succ, self._start))

    def __repr__(self) -> str:
        d = self.to_dict()
        title = f", title={d['title']!r}" if "title" in d else ""
        return (f"Arena(S0={d['S0']!r}, S1={d['S1']!r}, edges={d['edges']!r}, "
                f"V0={d['V0']!r}, V1={d['V1']!r}, start={self._start!r}{title})")

    def _repr_svg_(self) -> str | None:
        """Drawn by :mod:`arena.render` (imported only when a notebook asks); without the
        drawing packages, one line says what to install and Jupyter shows the text."""
        # The core's only upward import, and lazy (as python-chess's boards import
        # chess.svg): render draws with the model and the solver, which never import it.
        try:
            from arena import render
        except ModuleNotFoundError as exc:
            print(f"(Not drawn: {exc})")
            return None
        return render.arena_svg(self)

    # -- files ---------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any, *, source: str | os.PathLike[str] | None = None) -> Arena:
        """Build an arena from the keys of the file format, checking every value.

        Vertex names are read as strings. ``source`` names the file in error messages.
        """
        try:
            return cls(**_parse_file_data(data))
        except ArenaError as err:
            raise (err.in_file(source) if source is not None else err) from None

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Arena:
        """Read an arena from a ``.yaml``/``.yml`` or ``.json`` file.

        Raises
        ------
        ArenaError
            If the file cannot be read, is not UTF-8, is not valid YAML/JSON, or breaks
            a rule of the model; the message names the file, the key and the vertex.
        """
        path = Path(path)
        try:
            if path.exists() and not path.is_file():
                raise ArenaError("not a regular file (a folder, a device or a pipe; use - "
                                 "for standard input)", file=path)
            size, limit = path.stat().st_size, _max_file_bytes()
            if size > limit:
                raise ArenaError(f"file is {size:,} bytes, more than the limit of {limit:,} "
                                 "(set ARENA_MAX_FILE_BYTES to raise it)", file=path)
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as err:
            raise ArenaError(f"not valid UTF-8 (byte {err.start})", file=path) from None
        except OSError as err:
            raise ArenaError(f"cannot read the file ({err.strerror})", file=path) from None
        data = _load_text(text, path)
        return cls.from_dict(data, source=path)

    @classmethod
    def from_stream(cls, stream: Any, *, source: str = "<stdin>") -> Arena:
        """Read an arena (YAML, or JSON which YAML reads too) from a binary stream, such
        as standard input for ``arena solve -``; ``source`` names it in error messages.
        """
        limit = _max_file_bytes()
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise ArenaError(f"more than the limit of {limit:,} bytes "
                             "(set ARENA_MAX_FILE_BYTES to raise it)", file=source)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ArenaError(f"not valid UTF-8 (byte {err.start})", file=source) from None
        path = Path(source)
        stripped = text.lstrip()
        data = (_load_json(text, path) if stripped.startswith(("{", "["))
                else _load_text(text, path))
        return cls.from_dict(data, source=source)

    def to_file(self, path: str | os.PathLike[str]) -> None:
        """Write the arena to ``path`` (YAML or JSON by extension); vertices become strings.

        The file is written to a temporary name first, so an error leaves nothing behind.
        """
        path = Path(path)
        data = _file_data(self)
        if path.suffix.lower() == ".json":
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        else:
            import yaml

            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        from arena._files import write_atomic

        write_atomic(path, text)


def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _vertex_index(S0: Iterable[Vertex], S1: Iterable[Vertex]
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


def _victory_marks(index: Mapping[Vertex, int], n: int, V0: Iterable[Vertex],
                   V1: Iterable[Vertex]) -> tuple[int | None, ...]:
    """The victory mark of every vertex: 0 (in V0), 1 (in V1) or ``None``."""
    victory: list[int | None] = [None] * n
    for player, key, group in ((0, "V0", V0), (1, "V1", V1)):
        for v in group:
            i = _lookup(index, v, key)
            if victory[i] is not None:
                reason = ("is a victory position of both players (in V0 and V1)"
                          if victory[i] != player else f"listed twice in {key}")
                raise ArenaError(reason, key=key, vertex=v)
            victory[i] = player
    return tuple(victory)



def _int_csr(vertices: list[Vertex], edges: Mapping[Any, Iterable[Any]]
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


def _mapped_csr(vertices: list[Vertex], index: Mapping[Any, int],
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


def _check_csr_numpy(offsets: Any, targets: Any, vertices: Sequence[Vertex]) -> None:
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


def _check_csr_python(offsets: list[int], targets: list[int], vertices: Sequence[Vertex]
                      ) -> tuple[tuple[int, ...], ...]:
    """:func:`_check_csr_numpy` without numpy; returns the successor rows."""
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


def _lookup(index: Mapping[Vertex, int], v: Any, key: str, source: Any = None) -> int:
    try:
        return index[v]
    except (KeyError, TypeError):
        if source is not None:
            raise ArenaError(f"has a successor {vertex_id(v)!r} that is not in S0 or S1",
                             key=key, vertex=source) from None
        raise ArenaError("is not in S0 or S1", key=key, vertex=v) from None


def _file_data(arena: Arena) -> dict[str, Any]:
    """The keys of the file format with every vertex written as its text id."""
    data = arena.to_dict()
    for key in ("S0", "S1", "V0", "V1"):
        data[key] = [vertex_id(v) for v in data[key]]
    if "start" in data:
        data["start"] = vertex_id(data["start"])
    data["edges"] = {vertex_id(x): [vertex_id(y) for y in ys] for x, ys in data["edges"].items()}
    return data


def _load_json(text: str, path: Path) -> Any:
    """JSON as written: a number is kept as its text (``0450`` is not valid JSON, but
    ``1e3`` and ``1.50`` stay names, never ``1000.0`` or ``1.5``), and a key written twice
    in an object is refused with its line."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                pattern = re.compile(re.escape(json.dumps(key, ensure_ascii=False)) + r"\s*:")
                lines = [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]
                where = f"line {lines[1]}: " if len(lines) > 1 else ""
                raise ArenaError(f"{where}key {key!r} is written twice in the same object",
                                 file=path)
            obj[key] = value
        return obj

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_int=str, parse_float=str,
                          parse_constant=str)
    except json.JSONDecodeError as err:
        raise ArenaError(f"not valid JSON (line {err.lineno}: {err.msg})", file=path) from None
    except RecursionError:
        raise ArenaError("not valid JSON (nested too deeply)", file=path) from None


def _load_text(text: str, path: Path) -> Any:
    if path.suffix.lower() == ".json":
        return _load_json(text, path)
    from arena._yaml import load_yaml

    # YAML reads these as line breaks, even inside a quoted name: a name holding one would
    # come out changed, so the file is refused (JSON keeps them, and the names' check
    # refuses them there)
    found = re.search("[\x85\u2028\u2029]", text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise ArenaError(f"line {line}: U+{ord(found.group()):04X} is a line break for YAML, "
                         "which would change the name that holds it", file=path)
    return load_yaml(text, path)


MAX_NAME_LENGTH = 200
"""Longest vertex name a file may give (a drawing writes names inside its vertices)."""


# letters that draw nothing (Hangul fillers, the braille blank)
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _check_text(text: str, key: str, owner: Any = None) -> str:
    """A name from a file: printable text of reasonable length (no control or format
    character, no lone surrogate, no noncharacter such as U+FDD0), so that it lands
    unchanged in a table, an SVG, a DOT file, a page or a terminal."""
    shown = text if len(text) <= 40 else text[:40] + "…"
    problem = None
    if len(text) > MAX_NAME_LENGTH:
        problem = f"is {len(text):,} characters long, more than {MAX_NAME_LENGTH}"
    elif text == "":
        problem = "is empty"
    else:
        bad = next((c for c in text
                    if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), None)
        odd = next((c for c in text if 0xFDD0 <= ord(c) <= 0xFDEF
                    or ord(c) & 0xFFFE == 0xFFFE), None)
        if bad is not None:
            problem = f"contains the character U+{ord(bad):04X}, which is not printable"
        elif odd is not None:      # reserved by Unicode, never text: Graphviz cannot draw it
            problem = f"contains U+{ord(odd):04X}, a Unicode noncharacter (never text)"
        elif all(c.isspace() or c in _INVISIBLE for c in text):
            problem = "is invisible (only spaces or blank characters)"
    if problem is not None:
        where = {"vertex": owner} if owner is not None else {}
        raise ArenaError(f"the name {shown!r} {problem}", key=key, **where)
    return text


def _scalar_name(value: Any, key: str, owner: Any = None) -> str:
    """Vertex names are strings; YAML scalars such as 3 or true are read as their text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return _check_text(str(value), key, owner)
    what = f"a vertex name, not {type(value).__name__}"
    if owner is not None:
        raise ArenaError(f"successors must be {what}", key=key, vertex=owner)
    raise ArenaError(f"expected {what}", key=key)


def _name_list(data: Mapping[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise ArenaError(f"expected a list of vertex names, not {type(value).__name__}", key=key)
    return [_scalar_name(v, key) for v in value]


def _parse_file_data(data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise ArenaError(f"expected a mapping with keys {', '.join(FILE_KEYS)}, "
                         f"not {type(data).__name__}")
    unknown = [k for k in data if k not in FILE_KEYS]
    if unknown:
        raise ArenaError(f"unknown key (allowed: {', '.join(FILE_KEYS)})", key=str(unknown[0]))
    for key in ("S0", "S1"):
        if key not in data:
            raise ArenaError("missing (every arena lists the vertices of each player)", key=key)
    edges_in = data.get("edges") or {}
    if not isinstance(edges_in, Mapping):
        raise ArenaError(f"expected a mapping from a vertex to its successors, "
                         f"not {type(edges_in).__name__}", key="edges")
    edges: dict[str, list[str]] = {}
    for x, targets in edges_in.items():
        name = _scalar_name(x, "edges")
        if targets is None:
            targets = []
        if not isinstance(targets, list):
            raise ArenaError(f"successors must be a list, not {type(targets).__name__}",
                             key="edges", vertex=name)
        edges[name] = [_scalar_name(y, "edges", owner=name) for y in targets]
    title = data.get("title")
    if title is not None:
        if isinstance(title, str):
            title = {"fr": title, "en": title}
        elif not (isinstance(title, Mapping)
                  and all(isinstance(k, str) and isinstance(v, str) for k, v in title.items())):
            raise ArenaError("expected a text or a mapping from a language to a text",
                             key="title")
        for text in title.values():
            _check_text(text, "title")
    start = data.get("start")
    seen: dict[str, str] = {}
    for key in ("S0", "S1"):
        for name in _name_list(data, key):
            same = seen.setdefault(unicodedata.normalize("NFC", name), name)
            if same != name:
                raise ArenaError(f"the names {same!r} and {name!r} look the same (they differ "
                                 "only in how their accents are encoded): use one of them",
                                 key=key, vertex=name)
    return {
        "S0": _name_list(data, "S0"), "S1": _name_list(data, "S1"),
        "V0": _name_list(data, "V0"), "V1": _name_list(data, "V1"),
        "edges": edges,
        "start": None if start is None else _scalar_name(start, "start"),
        "title": title,
    }
