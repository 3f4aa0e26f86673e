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
from pathlib import Path
from typing import Any

from arena.arena import Arena
from arena.errors import ArenaError

__all__ = ["from_rules", "load_rules", "STUCK_RULES", "DEFAULT_LIMIT"]

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
               limit: int = DEFAULT_LIMIT,
               progress: Callable[[int], None] | None = None,
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
    limit : int
        More positions than this stops the exploration with an :class:`ArenaError`.
    progress : function, optional
        Called with the number of positions explored so far, every 100,000 positions.
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

    for p in starts:
        number(p, None)
    owners: list[int] = []
    rows: list[list[int]] = []
    victory: list[int | None] = []
    k = 0
    while k < len(order):                  # the list grows while it is read
        p = order[k]
        k += 1
        if progress is not None and k % 100_000 == 0:
            progress(k)
        try:
            who = player(p)
        except Exception as exc:
            raise _fail(p, f"player raised {type(exc).__name__}: {exc}") from None
        if type(who) is not int or who not in (0, 1):
            raise _fail(p, f"player must be 0 or 1, not {who!r}")
        owners.append(who)
        won = None
        if winner is not None:
            try:
                won = winner(p)
            except Exception as exc:
                raise _fail(p, f"winner raised {type(exc).__name__}: {exc}") from None
            if won is not None and (type(won) is not int or won not in (0, 1)):
                raise _fail(p, f"winner must be 0, 1 or None, not {won!r}")
        if won is not None:
            rows.append([])
            victory.append(won)
            continue
        try:
            children = list(moves(p))
        except Exception as exc:
            raise _fail(p, f"moves raised {type(exc).__name__}: {exc}") from None
        row: list[int] = []
        for child in children:            # number(child, p), inlined: the hot loop
            try:
                j = index.get(child)
            except TypeError:
                j = number(child, p)          # raises, naming the position
            if j is None:
                j = number(child, p)
            row.append(j)
        if len(row) > 1 and len(set(row)) != len(row):      # a position listed twice
            row = list(dict.fromkeys(row))
        rows.append(row)
        victory.append(1 - who if not row and stuck == "loses" else None)
    # from_csr numbers J_0's vertices first, then J_1's
    S0 = [i for i in range(len(order)) if owners[i] == 0]
    S1 = [i for i in range(len(order)) if owners[i] == 1]
    renumber = [0] * len(order)
    for new, old in enumerate(S0 + S1):
        renumber[old] = new
    offsets: list[int] = [0]
    targets: list[int] = []
    for old in S0 + S1:
        targets.extend(renumber[j] for j in rows[old])
        offsets.append(len(targets))
    return Arena.from_csr(
        [order[i] for i in S0], [order[i] for i in S1], offsets, targets,
        V0=[renumber[i] for i in range(len(order)) if victory[i] == 0],
        V1=[renumber[i] for i in range(len(order)) if victory[i] == 1], start=starts[0],
        title=title)


def load_rules(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT,
               progress: Callable[[int], None] | None = None) -> Arena:
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
    for key in ("START", "STUCK", "player", "moves"):
        if key not in names:
            raise ArenaError(f"{key} is missing (a rules file defines START, STUCK, player, "
                             "moves and optionally winner)", file=path)
    for key in ("player", "moves", "winner"):
        if key in names and not callable(names[key]):
            raise ArenaError(f"{key} must be a function", file=path)
    try:
        return from_rules(names["START"], names["moves"], names["player"],
                          stuck=names["STUCK"], winner=names.get("winner"), limit=limit,
                          progress=progress, title={"fr": path.stem, "en": path.stem})
    except ArenaError as exc:
        raise exc.in_file(path) from None
