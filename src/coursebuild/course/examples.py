"""The course's examples, each defined here once and solved once per build.

Every figure, fragment and the handout that shows one of these examples takes it from
here: the arena and its solution (:class:`Solved`), built and solved on first use and
kept for the rest of the build (:func:`forget` starts afresh; the build calls it through
:func:`coursebuild.course.keys.clear`). The data files an example reads are named by constants
(``EX42``...), so the cache keys of every product that uses the example cover the
file's content (:mod:`coursebuild.course.keys`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import NamedTuple, TypeVar

from arena import Arena, solve, verify_strategy
from arena.solver import Solution
from coursebuild.paths import ROOT

EX42 = "docs/examples/exercise-6-2.yaml"
"""The arena of exercise 6.2 (the source's exercise 4.2 gives no figure: the file is the
course's own)."""
EX313 = "docs/examples/exercise-1-3.yaml"
"""The arena of exercise 1.3 (the source's exercise 3.1.3)."""
EXERCISES_6 = "docs/exercises/06-exercises.yaml"
"""The exercises of chapter 6, whose parameters (Nim's sticks and rule, chomp's bar) make
the examples below."""
SLIDES_TREE = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
               [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
               [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]
"""The minimax tree of the slides: three levels, MAX at the root, leaves for MAX."""
EX_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The tree of the minimax and alpha-beta exercises (MAX at the root)."""


class Solved(NamedTuple):
    """An example's arena and its solution: ``g, sol = examples.nim_10()``."""

    arena: Arena
    solution: Solution


T = TypeVar("T")
_made: dict[tuple, object] = {}


def _once(make: Callable[[], T]) -> Callable[[], T]:
    """``make()`` computed on first use, then kept until :func:`forget`."""
    @wraps(make)
    def once() -> T:
        if (make.__name__,) not in _made:
            _made[(make.__name__,)] = make()
        return _made[(make.__name__,)]  # type: ignore[return-value]
    return once


def _once_per_file(constant: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Like :func:`_once`, kept as long as the file the constant ``constant`` names holds
    the same bytes (a test, or an author, may point it elsewhere or edit it)."""
    def decorate(make: Callable[[], T]) -> Callable[[], T]:
        @wraps(make)
        def once() -> T:
            path = ROOT / globals()[constant]
            key = (make.__name__, str(path), path.read_bytes())
            if key not in _made:
                for old in [k for k in _made if k[0] == make.__name__]:
                    del _made[old]
                _made[key] = make()
            return _made[key]  # type: ignore[return-value]
        return once
    return decorate


def forget() -> None:
    """Drop every example made (their code or data files may have changed)."""
    _made.clear()


def _solved(g: Arena) -> Solved:
    return Solved(g, solve(g))


@_once
def nim_10() -> Solved:
    """The chapters' running example: Nim with 10 sticks, take 1 or 2."""
    from arena.games import nim

    return _solved(nim(10, [1, 2]))


def exercise_6(exercise_id: str):
    """An exercise of chapter 6, from its file
    (:func:`coursebuild.sources.exercise_source.in_file`)."""
    from coursebuild.sources.exercise_source import in_file

    return in_file(EXERCISES_6, exercise_id)


@_once
def ex41() -> Solved:
    """Exercise 6.1 (the source's 4.1): Nim with the sticks and rule of its parameters
    (15 sticks, take 2, 3 or 5)."""
    from arena.games import nim

    exercise = exercise_6("nim15")
    return _solved(nim(exercise.int("n"), exercise.ints("rule")))


@_once_per_file("EX42")
def ex42() -> Solved:
    """Exercise 6.2 (the source's 4.2): the arena of ``docs/examples/exercise-6-2.yaml``."""
    return _solved(Arena.from_file(ROOT / EX42))


@_once_per_file("EX313")
def ex313() -> Solved:
    """Exercise 1.3 (the source's 3.1.3): the arena of
    ``docs/examples/exercise-1-3.yaml``."""
    return _solved(Arena.from_file(ROOT / EX313))


@_once
def chomp_2x3() -> Solved:
    """Chomp on the bar of exercise 6.3's parameters (2 rows of 3 squares)."""
    from arena.games import chomp

    exercise = exercise_6("chomp-2x3")
    return _solved(chomp(exercise.int("rows"), exercise.int("columns")))


@_once
def ourson_game() -> Solved:
    """The ourson game (the ourson against two puppies), all its 120 positions."""
    from arena.games import ourson

    return _solved(ourson())


@_once
def tictactoe_3x3() -> Solved:
    """Tic-tac-toe on a 3 × 3 grid, three in a row: the positions reachable from the
    empty grid."""
    from arena.games import tictactoe

    return _solved(tictactoe(3, 3))


class Ex41Facts(NamedTuple):
    """What the solution of exercise 6.1 states."""

    lost: list[int]
    """The numbers of sticks k for which the player to move loses."""
    longest: dict
    """From each vertex J_1 wins, the longest play following J_1's strategy (every reply
    of J_0 explored by :func:`arena.verify_strategy`)."""


@_once
def ex41_facts() -> Ex41Facts:
    g, sol = ex41()
    lost = sorted(k for k, i in g.vertices if i == 0 and sol.winner[(k, 0)] == 1)
    return Ex41Facts(lost, verify_strategy(g, 1, solution=sol))


class Ex42Facts(NamedTuple):
    """What the solution of exercise 6.2 states."""

    attractors: tuple[list, list]
    """Each player's attractor as (vertex, rank) pairs, by rank then name."""
    draws: list
    """The vertices no player wins, in the graph's order."""


def ex42_facts() -> Ex42Facts:
    g, sol = ex42()
    attractors = tuple(sorted(sol.attractor(i).items(), key=lambda t: (t[1], t[0]))
                       for i in (0, 1))
    return Ex42Facts(attractors, [v for v in g.vertices if sol.winner[v] is None])
