"""Designing one's own game: ``docs/fr/design.md`` and ``docs/en/design.md`` state the
limits of the page's worker in words; they are :mod:`coursebuild.course.design`'s."""

from __future__ import annotations

from coursebuild.course.counts import MOVES, POSITIONS, count
from coursebuild.course.design import DRAW_LIMIT, DRAW_MOVES, SOLVE_LIMIT


@count(POSITIONS, given=("design",))
def design_draw_limit() -> int:
    """Beyond this many positions, a game is solved but not drawn."""
    return DRAW_LIMIT


@count(MOVES, given=("design",))
def design_draw_moves() -> int:
    """Beyond this many moves, a game is solved but not drawn."""
    return DRAW_MOVES


@count(POSITIONS, given=("design",))
def design_solve_limit() -> int:
    """Beyond this many positions, the page stops exploring."""
    return SOLVE_LIMIT
