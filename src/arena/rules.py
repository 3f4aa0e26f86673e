"""A game given by its rules: the start, the moves, whose turn it is, what ends the game.

:func:`from_rules` explores every position reachable from the start, breadth-first, and
returns the :class:`~arena.arena.Arena` of the game, ready for :func:`arena.solve`.
:func:`load_rules` reads the same five things from a Python file (``arena solve
mygame.py``): ``START``, ``STUCK``, ``player``, ``moves`` and, optionally, ``winner``.

A position without a move and without a winner needs a rule, given explicitly: with
``stuck="loses"`` the player to move there has lost (normal play: it is a victory of the
other), with ``stuck="draw"`` the play stops there without a winner. There is no default:
forgetting the rule used to turn every such position into a draw silently.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from itertools import compress, islice
from marshal import dumps as _dumps
from typing import Any

from arena.arena import Arena
from arena.errors import ArenaError

try:
    import numpy as _np
except ImportError:                 # Pyodide without numpy: the pure-Python path
    _np = None  # type: ignore[assignment]

__all__ = ["from_rules",
           "LimitError", "STUCK_RULES", "DEFAULT_LIMIT", "MOVES_PER_POSITION", "MAX_DEPTH"]

STUCK_RULES = ("loses", "draw")
"""What a position without a move and without a winner means for the player to move."""

DEFAULT_LIMIT = 1_000_000
"""The number of positions after which the exploration stops with an error."""

MOVES_PER_POSITION = 16
"""The moves read in all stop the exploration past this many per position of the limit
(at least 10^6 moves): an endless ``moves`` is refused, not read until memory runs out.
One position's moves stop past the limit of positions (more cannot be different)."""

MAX_DEPTH = 2_000
"""Positions nested deeper than this (a tuple in a tuple...) are refused: hashing them
would overflow the interpreter's C stack (a crash, not an error)."""

Position = Hashable
_NOWHERE = object()
"""No position (an error that names none)."""


SHOWN = 200
"""The most characters of a position's ``repr`` a message shows (the longest vertex name
an arena file may give, :data:`arena.fileformat.MAX_NAME_LENGTH`)."""


def _name(p: Any) -> str:
    """How a message writes a position: its ``repr``, cut at :data:`SHOWN` characters
    (ending in ``…``), or what it is when its ``repr`` fails (a class of the rules' own,
    an integer of more than 4,300 digits, a tuple nested too deep)."""
    try:
        text = repr(p)
    except BaseException as exc:            # noqa: BLE001 (any failure: said, not raised)
        if isinstance(exc, KeyboardInterrupt):
            raise
        return f"<a position of type {type(p).__name__} whose repr raised " \
            f"{type(exc).__name__}>"
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def _raised(exc: BaseException) -> str:
    """``ValueError: message``, the message left out when turning it into text fails."""
    try:
        text = str(exc)
    except BaseException:                   # noqa: BLE001
        text = ""
    text = text if len(text) <= 200 else text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _fail(p: Any, reason: str) -> ArenaError:
    error = ArenaError(f"position {_name(p)}: {reason}")
    setattr(error, "position", p)       # noqa: B010 (which position: for the START hint)
    return error


class LimitError(ArenaError):
    """More positions, or more moves, than the limit of an exploration or of a game's
    generator. ``hint`` names what raises the limit in the caller's words: the library's
    argument (``limit=N``, ``max_positions=N``); the command line names its option
    (:meth:`with_hint`)."""

    def __init__(self, text: str, *, hint: str, file: str | os.PathLike[str] | None = None,
                 position: Any = None) -> None:
        self.text, self.hint, self.position = text, hint, position
        super().__init__(f"{text} ({hint} raises it)", file=file)

    def in_file(self, file: str | os.PathLike[str]) -> LimitError:
        return LimitError(self.text, hint=self.hint, file=file, position=self.position)

    def with_hint(self, hint: str) -> LimitError:
        """The same error, ``hint`` raising the limit."""
        return LimitError(self.text, hint=hint, file=self.file, position=self.position)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


class _TooDeep(Exception):
    """A position nested deeper than :data:`MAX_DEPTH`."""


def _signature(p: Any) -> Any:
    """What tells two equal positions of different types apart (``1``, ``1.0`` and
    ``True``; ``(3, 0)`` and ``(3, False)``): the type of a position that is not a tuple
    or a frozenset; for those, the ``marshal`` bytes when they hold Python's own values
    (version 0: no references, no interning, so equal values of the same types give the
    same bytes, frozensets' order aside), else the types of their parts (:func:`_shape`).
    Computed before the position is hashed: a tuple nested deeper than :data:`MAX_DEPTH`
    raises :class:`_TooDeep` here (marshal stops at 2,000 levels), not a crash there."""
    if p.__class__ is not tuple and p.__class__ is not frozenset:
        return p.__class__      # a value of one piece: its type (the hot loop's shortcut)
    try:
        return _dumps(p, 0)
    except ValueError:          # a class of the rules' own inside, or too deep
        return _shape(p)


def _shape(p: Any) -> tuple[Any, ...]:
    """The types of ``p`` and of its parts, tuples followed (named tuples too), as a flat
    tuple; :class:`_TooDeep` past :data:`MAX_DEPTH` levels. No recursion: it must reach
    the depth that hashing would not survive."""
    out: list[Any] = []
    stack = [(p, 0)]
    while stack:
        x, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _TooDeep
        out.append(type(x))
        if isinstance(x, tuple):
            out.append(len(x))
            stack.extend((y, depth + 1) for y in reversed(x))
    return tuple(out)


def _same_types(a: Any, b: Any) -> bool:
    """Whether the equal positions ``a`` and ``b`` have the same type in every part
    (tuples element by element, frozensets element by equal element), the exact check
    behind :func:`_signature` when the signatures differ."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, tuple):
            stack.extend(zip(x, y))
        elif isinstance(x, frozenset):
            match = {e: e for e in y}
            stack.extend((e, match[e]) for e in x)
    return True


_ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]{4,}")
"""What a default ``repr`` shows of an object: its memory address (``<... at 0x7f...>``)."""

_PLAIN = frozenset({int, str, float, bool, bytes, complex, type(None), tuple, frozenset})


def _by_identity(p: Any, signature: Any) -> str | None:
    """Why position ``p`` (of :func:`_signature` ``signature``) has no id of its own
    value, or ``None``: a ``repr`` that holds a memory address (a generator, a function,
    an object of a class without ``__repr__``) differs from run to run, and a part hashed
    by identity (a class without ``__eq__`` and ``__hash__``) makes equal-looking
    positions different. Python's own values (``marshal`` took them) need no look."""
    if isinstance(signature, bytes) or signature in _PLAIN:
        return None
    if _ADDRESS.search(_name(p)):
        return ("its repr holds a memory address, so its id would change from run to run: "
                "a position must be a value (a number, a text, a tuple of them...)")
    parts = signature if isinstance(signature, tuple) else (signature,)
    for cls in parts:
        if isinstance(cls, type) and cls.__hash__ is object.__hash__:
            return (f"a position of type {cls.__name__} is hashed by identity, not by "
                    "its value (two equal-looking positions would differ): give the class "
                    "__eq__ and __hash__, or use a tuple")
    return None


_NOT_POSITIONS = (str, bytes, bytearray, memoryview, Mapping)
"""What is never a collection of positions, though Python iterates over it: a text (its
characters), bytes (numbers), a mapping (its keys only)."""


def _not_positions(what: str, value: Any) -> str:
    """Why ``value``, given by ``what`` where positions are expected, is refused."""
    kind = type(value).__name__
    if isinstance(value, Mapping):
        return (f"{what} gave a mapping ({kind}) {_name(value)}, not positions: only its "
                "keys would be read; give a list of positions (list(...) of the keys)")
    if isinstance(value, str):
        return (f"{what} gave a text ({kind}) {_name(value)}, not a list of positions: "
                f"each character would be a position; a single position is written "
                f"[{_name(value)}]")
    return (f"{what} gave {kind} {_name(value)}, not a list of positions: each byte "
            "would be a position (a number); give a list of positions")


def _start_hint(start: Any) -> str:
    """What a START written as a list of values means, said where a rule then fails on
    one of those values (``START = [0, 0]`` for the pair (0, 0))."""
    items = ", ".join(map(_name, start))
    hint = f" (START is a list, so it gives {_plural(len(start), 'start position')}: {items}"
    if len(start) > 1:
        hint += (f"; one position must be hashable, a tuple, not a list: START = "
                 f"{_name(tuple(start))}")
    return hint + ")"


def from_rules(start: Position | list[Position], moves: Callable[[Any], Iterable[Any]],
               player: Callable[[Any], int], *, stuck: str,
               winner: Callable[[Any], int | None] | None = None,
               include: Iterable[Position] = (),
               limit: int = DEFAULT_LIMIT,
               progress: Callable[[int], None] | None = None,
               progress_every: int = 100_000,
               title: dict[str, str] | None = None) -> Arena:
    """The arena of the positions reachable from ``start`` under the rules.

    Parameters
    ----------
    start : a position, or a list of positions
        Any hashable value (a tuple, a string, a number...). A *list* gives several start
        positions (the arena's ``start`` is then the first).
    moves : function
        ``moves(p)`` lists the positions reachable from ``p`` in one move (any iterable;
        a position listed twice counts once). It is never asked at a victory position.
    player : function
        ``player(p)`` is 0 or 1: who is to move at ``p`` (J_0 or J_1).
    stuck : "loses" or "draw"
        What a position without a move and without a winner means: the player to move
        there has lost (``"loses"``, normal play), or the play is a draw (``"draw"``).
    winner : function, optional
        ``winner(p)`` is 0 or 1 when ``p`` is a victory position of that player (the
        play stops there), ``None`` otherwise.
    include : iterable of positions, optional
        Positions numbered first, in this order, whether the start reaches them or not
        (a game's every position, in the order a chapter lists them); the exploration
        goes on from all of them.
    limit : int
        More positions than this stops the exploration with an :class:`ArenaError`; so
        do more moves from one position, or more than :data:`MOVES_PER_POSITION` times
        as many moves in all (an endless ``moves``).
    progress : function, optional
        Called with the number of positions explored so far, every ``progress_every``
        positions (it may raise to stop the exploration: the exception goes through).
        Exploring is most of the work; once :func:`from_rules` returns, what is left is
        :func:`arena.solve`, a few times faster. So a page shows "n positions explored"
        at each call, then "solving" until ``solve`` returns (the command line prints a
        line every 100,000 positions)::

            g = from_rules(start, moves, player, stuck="draw", winner=winner,
                           progress=lambda k: show(f"{k:,} positions explored"),
                           progress_every=5_000)
            show(f"solving {len(g):,} positions")
            sol = solve(g)
    progress_every : int
        Positions explored between two calls of ``progress`` (default 100,000).
    title : mapping from a language code to a title, optional

    Returns
    -------
    Arena
        Vertices in breadth-first order from the start (J_0's, then J_1's, as for any
        arena); successors in the order ``moves`` gives them.

    Raises
    ------
    ArenaError
        One line naming the position that breaks a rule: ``moves``, ``player`` or
        ``winner`` raised (any exception, ``SystemExit`` included), a position is
        unhashable or its hash raised, nested deeper than :data:`MAX_DEPTH`, equal to
        another of a different type (``1``, ``1.0`` and ``True``: both are named),
        ``player`` is not 0 or 1, ``winner`` not 0, 1 or None, more positions than
        ``limit`` or too many moves; or ``stuck`` is not one of :data:`STUCK_RULES`.
        When START is a list of values that are not tuples (``START = [0, 0]``) and a
        rule fails on one of them, the message says that a list gives several start
        positions and that a position is a tuple.

    Notes
    -----
    Breadth-first exploration: O(|S| + |A|) calls of the rules and dictionary operations.

    Examples
    --------
    A take-away game: 7 sticks, take 1 or 2, the player who cannot move loses.

    >>> from arena import solve
    >>> g = from_rules((7, 0), lambda p: [(p[0] - q, 1 - p[1]) for q in (1, 2) if q <= p[0]],
    ...                lambda p: p[1], stuck="loses")
    >>> len(g), solve(g).winner[(7, 0)], solve(g).rank[(7, 0)]
    (14, 0, 5)

    References
    ----------
    The same five things as easyAI's ``TwoPlayerGame`` (Zulko, 2013) or OpenSpiel's
    ``State`` (Lanctot et al., 2019), without classes.
    """
    if not isinstance(stuck, str) or stuck not in STUCK_RULES:
        raise ArenaError(f"stuck must be one of {', '.join(map(repr, STUCK_RULES))}, "
                         f"not {_name(stuck)}")
    if progress is not None and (type(progress_every) is not int or progress_every < 1):
        raise ArenaError(f"progress_every must be a positive integer, not {progress_every!r}")
    starts = list(start) if isinstance(start, list) else [start]
    if not starts:
        raise ArenaError("no start position")
    try:
        return _explore(starts, moves, player, stuck == "loses", winner, include, limit,
                        progress, progress_every, title)
    except LimitError:
        raise
    except ArenaError as exc:
        at = getattr(exc, "position", _NOWHERE)
        if isinstance(start, list) and not any(isinstance(s, tuple) for s in start) \
                and any(s is at for s in starts):
            raise ArenaError(str(exc) + _start_hint(start)) from None
        raise


def _explore(starts: list[Any], moves: Callable[[Any], Iterable[Any]],
             player: Callable[[Any], int], loses: bool,
             winner: Callable[[Any], int | None] | None, include: Iterable[Position],
             limit: int, progress: Callable[[int], None] | None, progress_every: int,
             title: dict[str, str] | None) -> Arena:
    """:func:`from_rules`'s breadth-first exploration, its arguments checked."""
    index: dict[Any, int] = {}
    order: list[Any] = []
    signatures: list[Any] = []              # of each position (:func:`_signature`)
    per_position = limit                    # moves read from one position
    in_all = max(MOVES_PER_POSITION * limit, 10 ** 6)

    def number(p: Any, parent: Any) -> int:
        """Position ``p``'s number (a new one if it is new), every check made; raises
        the error that ``p`` deserves, naming ``parent`` when it is a move of it."""
        where = f" (a move of {_name(parent)})" if parent is not None else ""
        try:
            signature = _signature(p)
        except _TooDeep:
            raise _fail(p, f"nested more than {MAX_DEPTH:,} levels deep{where}") from None
        try:
            k = index.get(p)
        except TypeError:
            raise _fail(p, f"a position must be hashable{where}") from None
        except BaseException as exc:        # noqa: BLE001 (its __hash__ or __eq__)
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise _fail(p, f"hashing it or comparing it with another position raised "
                           f"{_raised(exc)}{where}") from None
        if k is None:
            reason = _by_identity(p, signature)
            if reason is not None:
                raise _fail(p, reason + where)
            if len(order) >= limit:
                raise LimitError(f"position {_name(p)}: more than "
                                 f"{_plural(limit, 'position')}", hint="limit=N", position=p)
            k = index[p] = len(order)
            order.append(p)
            signatures.append(signature)
        elif signature != signatures[k] and not _same_types(p, order[k]):
            raise _alias(p, order[k], parent)
        return k

    def _alias(p: Any, known: Any, parent: Any) -> ArenaError:
        where = f" (a move of {_name(parent)})" if parent is not None else ""
        error = ArenaError(f"position {_name(p)}{where} equals the position {_name(known)} "
                           f"but has another type ({_types(p)}, not {_types(known)}): "
                           "Python would merge them; write each position with one type")
        setattr(error, "position", p)       # noqa: B010
        return error

    if isinstance(include, _NOT_POSITIONS):
        raise ArenaError(_not_positions("include", include))
    for p in include:
        number(p, None)
    for p in starts:
        number(p, None)
    owners = bytearray()
    victory: list[int | None] = []
    targets: list[int] = []                # successors of every position, one after another
    ends = [0]                             # where each position's successors end
    get, add, end, sign = index.get, targets.append, ends.append, _dumps
    k = 0
    while k < len(order):                  # the list grows while it is read
        p = order[k]
        k += 1
        if progress is not None and k % progress_every == 0:
            progress(k)
        try:
            who = player(p)
        except BaseException as exc:        # noqa: BLE001 (SystemExit too: one line)
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise _fail(p, f"player raised {_raised(exc)}") from None
        if type(who) is not int or (who != 0 and who != 1):
            raise _fail(p, f"player must be 0 or 1, not {_name(who)}")
        owners.append(who)
        if winner is not None:
            try:
                won = winner(p)
            except BaseException as exc:    # noqa: BLE001
                if isinstance(exc, KeyboardInterrupt):
                    raise
                raise _fail(p, f"winner raised {_raised(exc)}") from None
            if won is not None:
                if type(won) is not int or won not in (0, 1):
                    raise _fail(p, f"winner must be 0, 1 or None, not {_name(won)}")
                end(len(targets))
                victory.append(won)
                continue
        begin = len(targets)
        try:
            listed = moves(p)
            if type(listed) is not list and type(listed) is not tuple:
                if isinstance(listed, _NOT_POSITIONS):
                    raise _fail(p, _not_positions("moves", listed))
                listed = islice(listed, per_position + 1)     # an iterator may not end
            for child in listed:
                # number(child, p), inlined: the hot loop. The signature first: it stops
                # a position too deep to hash, and tells equal positions' types apart
                try:
                    signature = child.__class__
                    if signature is tuple or signature is frozenset:
                        signature = sign(child, 0)
                    j = get(child)
                except Exception:           # noqa: BLE001 (not marshal's, not hashable...)
                    j = number(child, p)    # raises, naming the position, or numbers it
                    add(j)
                    continue
                if j is None:
                    j = len(order)
                    if j >= limit:
                        number(child, p)      # raises, naming the position
                    index[child] = j
                    order.append(child)
                    signatures.append(signature)
                elif signature != signatures[j] and not _same_types(child, order[j]):
                    raise _alias(child, order[j], p)
                add(j)
        except ArenaError:
            raise
        except BaseException as exc:        # noqa: BLE001 (GeneratorExit, SystemExit...)
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise _fail(p, f"moves raised {_raised(exc)}") from None
        read = len(targets) - begin
        if read > per_position:
            raise _fail(p, f"moves gave more than {_plural(per_position, 'move')}, the "
                           "limit of positions (an endless iterator?)")
        if len(targets) > in_all:
            raise LimitError(f"position {_name(p)}: more than {_plural(in_all, 'move')} read "
                             f"in all ({MOVES_PER_POSITION} per position of the limit of "
                             f"{limit:,}: an endless moves?)", hint="limit=N", position=p)
        end(len(targets))
        victory.append(None if read else 1 - who if loses else None)
    try:
        return _arena(order, owners, ends, targets, victory, starts[0], title)
    except ArenaError as exc:          # a position listed twice among one position's moves
        if "twice" not in str(exc):    # (rare: checked once, by from_csr, not per position)
            raise
    rows = [list(dict.fromkeys(targets[a:b])) for a, b in zip(ends, ends[1:])]
    ends = [0]
    for row in rows:
        ends.append(ends[-1] + len(row))
    return _arena(order, owners, ends, [j for row in rows for j in row], victory, starts[0],
                  title)


def _types(p: Any) -> str:
    """The type of ``p``, with those of its parts when it is a tuple (``tuple of int,
    bool``)."""
    if type(p) is tuple:
        return "tuple of " + ", ".join(type(x).__name__ for x in p[:6]) + \
            (", ..." if len(p) > 6 else "")
    if type(p) is frozenset:
        return "frozenset of " + ", ".join(sorted({type(x).__name__ for x in p}))
    return type(p).__name__


def _arena(order: list[Any], owners: bytearray, ends: list[int], targets: list[int],
           victory: list[int | None], start: Any, title: dict[str, str] | None) -> Arena:
    """The arena of an exploration: positions numbered in ``order`` (their owners,
    successors as CSR lists and victory marks), renumbered J_0's first, then J_1's, as
    :meth:`Arena.from_csr` numbers them. With numpy, the renumbering is vectorised and
    :meth:`Arena.from_csr` checks the arrays (a position listed twice in a row raises);
    without numpy, see :func:`_arena_python`."""
    if _np is None:
        return _arena_python(order, owners, ends, targets, victory, start, title)
    n = len(order)
    S0 = [i for i in range(n) if not owners[i]]
    S1 = [i for i in range(n) if owners[i]]
    if S1 and S1[0] < len(S0):             # not already in that order: renumber
        victory = [victory[old] for old in S0 + S1]
        perm = _np.asarray(S0 + S1, dtype=_np.int64)               # new -> old
        renumber = _np.empty(n, dtype=_np.int64)
        renumber[perm] = _np.arange(n, dtype=_np.int64)
        old_ends = _np.asarray(ends, dtype=_np.int64)
        lengths = _np.diff(old_ends)[perm]
        new_ends = _np.zeros(n + 1, dtype=_np.int64)
        _np.cumsum(lengths, out=new_ends[1:])
        gather = _np.repeat(old_ends[perm] - new_ends[:-1], lengths) + \
            _np.arange(int(new_ends[-1]), dtype=_np.int64)
        targets = renumber[_np.asarray(targets, dtype=_np.int64)[gather]]  # type: ignore
        ends = new_ends  # type: ignore[assignment]
    return Arena.from_csr(
        [order[i] for i in S0], [order[i] for i in S1], ends, targets,
        V0=[i for i, w in enumerate(victory) if w == 0],
        V1=[i for i, w in enumerate(victory) if w == 1], start=start, title=title)


_FLIP = bytes([1, 0]) + bytes(254)
"""``owners.translate(_FLIP)``: 1 where J_0 moves, 0 where J_1 does."""


def _arena_python(order: list[Any], owners: bytearray, ends: list[int], targets: list[int],
                  victory: list[int | None], start: Any, title: dict[str, str] | None
                  ) -> Arena:
    """:func:`_arena` without numpy (Pyodide's path), in passes that run in C (``map``,
    ``compress``, slices): the successor rows renumbered J_0's positions first, a
    position listed twice in a row kept once (its first place), and the arena made
    without :meth:`Arena.from_csr`'s checks, which the exploration guarantees (each
    position numbered once; rows of valid numbers, without repeats once deduplicated)."""
    n = len(order)
    S0 = list(compress(range(n), owners.translate(_FLIP)))
    perm = S0 + list(compress(range(n), owners))              # new number -> old number
    if len(S0) < n and perm[len(S0)] < len(S0):               # not in that order: renumber
        renumber = [0] * n
        for new, old in enumerate(perm):
            renumber[old] = new
        targets = list(map(renumber.__getitem__, targets))
        rows = [tuple(targets[ends[old]:ends[old + 1]]) for old in perm]
        order = list(map(order.__getitem__, perm))
        victory = list(map(victory.__getitem__, perm))
    else:
        rows = [tuple(targets[a:b]) for a, b in zip(ends, ends[1:])]
    if sum(map(len, map(set, rows))) != len(targets):      # a position listed twice
        rows = [tuple(dict.fromkeys(row)) if len(set(row)) < len(row) else row
                for row in rows]
    return Arena._from_rows(order, len(S0), tuple(rows), tuple(victory),
                            sum(map(len, rows)), start, title)

