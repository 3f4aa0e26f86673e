"""The command line's limit on positions: one option, ``--max-positions N``, with one
default (:data:`DEFAULT_MAX_POSITIONS`) for rules files and every built-in game, and the
checks that refuse a game too large before it is built.

Every refusal names the option (:data:`LIMIT_OPTION`): the library's own messages name
its argument instead (``limit=N``, ``max_positions=N``), and :func:`in_cli_words` turns
them into the command line's words.
"""

from __future__ import annotations

import os
from typing import Any

from arena.games import BuiltinGame
from arena.numbers import parse_int
from arena.rules import LimitError

__all__ = ["UsageError", "DEFAULT_MAX_POSITIONS", "LIMIT_OPTION", "max_positions",
           "check_size", "in_cli_words"]

DEFAULT_MAX_POSITIONS = 2_000_000
"""The most positions ``arena solve`` and ``arena render`` build without
``--max-positions``: a rules file's exploration, tic-tac-toe's and connect-4's generators
and every other built-in game stop or are refused past it (a rules file's two million
positions take about a gigabyte of memory; connect-4 on 6 × 4, 94,910,577 positions,
needs ``--max-positions 100000000``)."""

LIMIT_OPTION = "--max-positions N"
"""How every message about the limit of positions says what raises it."""

ABSURD = 10 ** 30
"""Positions no machine holds: refused even where a game counts its positions itself."""

BYTES_PER_POSITION = 9
"""What a position stored by a game that counts its positions itself takes at least: its
key (8 bytes) and its value (1 byte) in connect-4's ply solver."""


class UsageError(Exception):
    """Bad command-line input (exit status 2)."""


def max_positions(given: dict[str, Any]) -> int:
    """The ``--max-positions`` option, read (a whole number of at least 1), or
    :data:`DEFAULT_MAX_POSITIONS`."""
    if "max_positions" not in given:
        return DEFAULT_MAX_POSITIONS
    try:
        return parse_int(given["max_positions"], minimum=1)
    except ValueError as exc:
        raise UsageError(f"--max-positions: {exc}") from None


def in_cli_words(exc: LimitError) -> LimitError:
    """The library's limit error ``exc`` with the command line's option as what raises
    the limit (``--max-positions N raises it``)."""
    return exc.with_hint(LIMIT_OPTION)


def check_size(game: BuiltinGame, params: dict[str, Any], limit: int,
               draw_limit: int | None) -> None:
    """Refuse, before anything is built, a game whose positions would not fit."""
    if game.size is None:
        return
    try:
        estimate = game.size(**params)
    except (TypeError, ValueError):
        return                  # the generator itself says what is wrong with the values
    if draw_limit is not None and estimate > draw_limit:
        raise UsageError(f"{game.name}: up to {big(estimate)} positions, too many to draw "
                         f"(limit {draw_limit:,} vertices; --max-vertices N raises it)")
    if game.counts:
        # the generator counts its positions and stops at the limit by itself, but only
        # once it has built that many: a game far past it is refused now
        if estimate > ABSURD:
            raise UsageError(f"{game.name}: up to {big(estimate)} positions, far more than "
                             "any machine holds")
        reached = game.reached(**params) if game.reached is not None else 0
        if reached > limit:
            raise UsageError(f"{game.name}: about {big(reached)} positions or more (up to "
                             f"{big(estimate)}), more than the limit of {limit:,} "
                             f"positions ({LIMIT_OPTION} raises it)")
        room = _room()
        if reached * BYTES_PER_POSITION > room:
            raise UsageError(f"{game.name}: about {big(reached)} positions or more (up to "
                             f"{big(estimate)}), about {_bytes(reached * BYTES_PER_POSITION)}"
                             f" stored, more than the {_bytes(room)} of memory and free "
                             "disk this machine offers")
    elif estimate > limit:
        raise UsageError(f"{game.name}: up to {big(estimate)} positions, more than the "
                         f"limit of {limit:,} positions ({LIMIT_OPTION} raises it)")


def _room() -> int:
    """The bytes a game may store: the memory (the process's address-space limit when it
    is smaller) and the free space of the temporary folder, where plies spill."""
    import shutil
    import tempfile

    try:
        import resource

        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            memory = min(memory, soft)
    except (ImportError, AttributeError, ValueError, OSError):   # not a POSIX system
        return ABSURD
    try:
        disk = shutil.disk_usage(tempfile.gettempdir()).free
    except OSError:
        disk = 0
    return memory + disk


def _bytes(n: int) -> str:
    for unit, size in (("TB", 10 ** 12), ("GB", 10 ** 9), ("MB", 10 ** 6)):
        if n >= size:
            return f"{n / size:,.1f} {unit}"
    return f"{n:,} bytes"


def big(n: int) -> str:
    """``n`` with thousands separators, or its order of magnitude past 10^15."""
    return f"{n:,}" if n < 10 ** 15 else f"about 10^{len(str(n)) - 1}"
