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
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import Any, Literal, NamedTuple

from arena.construction import (
    check_csr_numpy,
    check_csr_python,
    int_csr,
    lookup,
    mapped_csr,
    vertex_index,
    victory_marks,
)
from arena.errors import ArenaError
from arena.fileformat import (
    MAX_FILE_BYTES,
    file_data,
    load_json,
    load_text,
    max_file_bytes,
    parse_file_data,
)
from arena.vertices import Vertex, vertex_id

try:
    import numpy as _np
except ImportError:     # Pyodide's core: the arrays stay Python lists
    _np = None  # type: ignore[assignment]

__all__ = ["Arena", "ArenaError", "Player", "Vertex", "vertex_id", "MAX_FILE_BYTES"]

Player = Literal[0, 1]
"""J_0 is ``0`` and plays first; J_1 is ``1``."""

_ARRAYS_FROM = 64
"""Successor lists with at least this many rows are numbered by numpy and kept as arrays
(integer vertices by one gather, others by identity, :func:`mapped_csr`); smaller ones (a
course's examples) as tuples, without numpy's overhead."""
_VICTORY_CODES = {None: 2, 0: 0, 1: 1}
"""A vertex's victory mark as one byte: 0 or 1 (its player), 2 (none)."""


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
        vertices, index, owner = vertex_index(S0, S1)
        victory = victory_marks(index, len(vertices), V0, V1)

        if start is not None:
            lookup(index, start, "start")
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
            csr = int_csr(vertices, edges)
            if csr is None:
                csr = mapped_csr(vertices, index, edges)
        if csr is not None:         # integer vertices: every edge numbered by numpy at once
            self._csr, self._n_edges = csr, len(csr[1])
            return

        # One dictionary look-up per edge, done by ``map`` in C; the checks that name a
        # faulty vertex run only when the fast path fails.
        succ: list[tuple[int, ...]] = [()] * len(vertices)
        n_edges = 0
        get = index.__getitem__
        for x, targets in (edges or {}).items():
            i = lookup(index, x, "edges")
            if type(targets) not in (list, tuple, range):
                if isinstance(targets, (str, bytes)) or not isinstance(targets, Iterable):
                    raise ArenaError("successors must be a list of vertices", key="edges",
                                     vertex=x)
                targets = list(targets)
            try:
                row = tuple(map(get, targets))
            except (KeyError, TypeError):
                row = tuple(lookup(index, y, "edges", source=x) for y in targets)
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
        vertices, index, owner = vertex_index(S0, S1)
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
            lookup(index, start, "start")
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
            check_csr_numpy(off, tgt, vertices)
            self._rows, self._csr = None, (off, tgt)
            self._n_edges = len(tgt)
        else:
            off, tgt = list(offsets), list(targets)
            rows = check_csr_python(off, tgt, vertices)
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
            return cls(**parse_file_data(data))
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
            size, limit = path.stat().st_size, max_file_bytes()
            if size > limit:
                raise ArenaError(f"file is {size:,} bytes, more than the limit of {limit:,} "
                                 "(set ARENA_MAX_FILE_BYTES to raise it)", file=path)
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as err:
            raise ArenaError(f"not valid UTF-8 (byte {err.start})", file=path) from None
        except OSError as err:
            raise ArenaError(f"cannot read the file ({err.strerror})", file=path) from None
        data = load_text(text, path)
        return cls.from_dict(data, source=path)

    @classmethod
    def from_stream(cls, stream: Any, *, source: str = "<stdin>") -> Arena:
        """Read an arena (YAML, or JSON which YAML reads too) from a binary stream, such
        as standard input for ``arena solve -``; ``source`` names it in error messages.
        """
        limit = max_file_bytes()
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
        data = (load_json(text, path) if stripped.startswith(("{", "["))
                else load_text(text, path))
        return cls.from_dict(data, source=source)

    def to_file(self, path: str | os.PathLike[str]) -> None:
        """Write the arena to ``path`` (YAML or JSON by extension); vertices become strings.

        The file is written to a temporary name first, so an error leaves nothing behind.
        """
        path = Path(path)
        data = file_data(self)
        if path.suffix.lower() == ".json":
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        else:
            import yaml

            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        from arena._files import write_atomic

        write_atomic(path, text)
