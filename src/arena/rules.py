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
import runpy
from collections.abc import Callable, Hashable, Iterable
from itertools import compress
from pathlib import Path
from typing import Any

from arena.arena import Arena
from arena.errors import ArenaError

try:
    import numpy as _np
except ImportError:                 # Pyodide without numpy: the pure-Python path
    _np = None  # type: ignore[assignment]

__all__ = ["from_rules", "load_rules", "rules_arena", "STUCK_RULES", "DEFAULT_LIMIT"]

STUCK_RULES = ("loses", "draw")
"""What a position without a move and without a winner means for the player to move."""

DEFAULT_LIMIT = 1_000_000
"""The number of positions after which the exploration stops with an error."""

Position = Hashable


def _name(p: Any) -> str:
    text = repr(p)
    return text if len(text) <= 80 else text[:77] + "..."


def _fail(p: Any, reason: str) -> ArenaError:
    return ArenaError(f"position {_name(p)}: {reason}")


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
        More positions than this stops the exploration with an :class:`ArenaError`.
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
        One line naming the position that breaks a rule: ``moves`` or ``player`` raised,
        a position is unhashable, ``player`` is not 0 or 1, ``winner`` not 0, 1 or None,
        more positions than ``limit``; or ``stuck`` is not one of :data:`STUCK_RULES`.

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
    if stuck not in STUCK_RULES:
        raise ArenaError(f"stuck must be one of {', '.join(map(repr, STUCK_RULES))}, "
                         f"not {stuck!r}")
    if progress is not None and (type(progress_every) is not int or progress_every < 1):
        raise ArenaError(f"progress_every must be a positive integer, not {progress_every!r}")
    starts = list(start) if isinstance(start, list) else [start]
    if not starts:
        raise ArenaError("no start position")
    index: dict[Any, int] = {}
    order: list[Any] = []

    def number(p: Any, parent: Any) -> int:
        try:
            k = index.get(p)
        except TypeError:
            where = f" (a move of {_name(parent)})" if parent is not None else ""
            raise _fail(p, f"a position must be hashable{where}") from None
        if k is None:
            if len(order) >= limit:
                raise _fail(p, f"more than {limit:,} positions (raise the limit to go on)")
            k = index[p] = len(order)
            order.append(p)
        return k

    for p in include:
        number(p, None)
    for p in starts:
        number(p, None)
    owners = bytearray()
    victory: list[int | None] = []
    targets: list[int] = []                # successors of every position, one after another
    ends = [0]                             # where each position's successors end
    get, add, end = index.get, targets.append, ends.append
    loses = stuck == "loses"
    k = 0
    while k < len(order):                  # the list grows while it is read
        p = order[k]
        k += 1
        if progress is not None and k % progress_every == 0:
            progress(k)
        try:
            who = player(p)
        except Exception as exc:
            raise _fail(p, f"player raised {type(exc).__name__}: {exc}") from None
        if type(who) is not int or (who != 0 and who != 1):
            raise _fail(p, f"player must be 0 or 1, not {who!r}")
        owners.append(who)
        if winner is not None:
            try:
                won = winner(p)
            except Exception as exc:
                raise _fail(p, f"winner raised {type(exc).__name__}: {exc}") from None
            if won is not None:
                if type(won) is not int or won not in (0, 1):
                    raise _fail(p, f"winner must be 0, 1 or None, not {won!r}")
                end(len(targets))
                victory.append(won)
                continue
        begin = len(targets)
        try:
            for child in moves(p):        # number(child, p), inlined: the hot loop
                try:
                    j = get(child)
                except TypeError:
                    j = number(child, p)      # raises, naming the position
                if j is None:
                    j = len(order)
                    if j >= limit:
                        number(child, p)      # raises, naming the position
                    index[child] = j
                    order.append(child)
                add(j)
        except ArenaError:
            raise
        except Exception as exc:
            raise _fail(p, f"moves raised {type(exc).__name__}: {exc}") from None
        end(len(targets))
        victory.append(None if len(targets) > begin else 1 - who if loses else None)
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


def load_rules(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT,
               progress: Callable[[int], None] | None = None,
               progress_every: int = 100_000) -> Arena:
    """The arena of the game a rules file describes (``arena solve mygame.py``).

    The file is Python, run as a script: it defines ``START`` (a position, or a list of
    them), ``STUCK`` (``"loses"`` or ``"draw"``), ``player(p)``, ``moves(p)`` and
    optionally ``winner(p)``, as the arguments of :func:`from_rules`. Running it runs its
    code: only solve rules files you trust.

    Raises
    ------
    ArenaError
        Naming the file: a name missing, the file failing to run, or a rule broken (the
        position named, see :func:`from_rules`).
    """
    path = Path(path)
    try:
        names = runpy.run_path(str(path), run_name="__rules__")
    except FileNotFoundError:
        raise ArenaError("no such file", file=path) from None
    except SyntaxError as exc:
        raise ArenaError(f"line {exc.lineno}: syntax error: {exc.msg}", file=path) from None
    except Exception as exc:
        raise ArenaError(f"the file raised {type(exc).__name__}: {exc}", file=path) from None
    try:
        return rules_arena(names, limit=limit, progress=progress,
                           progress_every=progress_every,
                           title={"fr": path.stem, "en": path.stem})
    except ArenaError as exc:
        raise exc.in_file(path) from None


def rules_arena(names: dict[str, Any], *, limit: int = DEFAULT_LIMIT,
                progress: Callable[[int], None] | None = None,
                progress_every: int = 100_000,
                title: dict[str, str] | None = None) -> Arena:
    """The arena of the rules a rules file's code defined (its global names): ``START``,
    ``STUCK``, ``player``, ``moves`` and optionally ``winner`` (see :func:`load_rules`).

    Raises
    ------
    ArenaError
        A name missing or not a function, or a rule broken (see :func:`from_rules`).
    """
    for key in ("START", "STUCK", "player", "moves"):
        if key not in names:
            raise ArenaError(f"{key} is missing (a rules file defines START, STUCK, player, "
                             "moves and optionally winner)")
    for key in ("player", "moves", "winner"):
        if key in names and not callable(names[key]):
            raise ArenaError(f"{key} must be a function")
    return from_rules(names["START"], names["moves"], names["player"], stuck=names["STUCK"],
                      winner=names.get("winner"), limit=limit, progress=progress,
                      progress_every=progress_every, title=title)
