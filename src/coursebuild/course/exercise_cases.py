"""The cases the checkers of the course's programming exercises
(:mod:`coursebuild.course.python_exercises`) try, from the smallest up: seeded random arenas in
the course's representation (every dead end a victory of the other player), the course's
own example arenas, random graphs without cycle and game trees. Runs in Pyodide too."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arena.arena import Arena
from coursebuild.paths import EXAMPLES


def random_arena(seed: int, n: int, plain_dead_ends: bool = False
                 ) -> tuple[dict, dict, dict, dict, dict]:
    """A seeded random arena with ``n`` vertices 0..n-1 in the course's representation:
    ``(A, S0, S1, V0, V1)``. Dead ends of J_1 form V0 and those of J_0 form V1; with
    ``plain_dead_ends``, each dead end is instead a victory of its owner's opponent, a
    victory of its owner, or no victory at all (a dead end where the play stops without a
    winner), as the chapter's definition allows: the mistakes that treat every position
    without a move as won (``all([])`` is true) show only there."""
    rng = random.Random(seed * 7919 + n + (104723 if plain_dead_ends else 0))
    A: dict[int, list[int]] = {}
    S0: dict[int, None] = {}
    S1: dict[int, None] = {}
    for v in range(n):
        (S0 if rng.random() < 0.5 else S1)[v] = None
        k = 0 if rng.random() < 0.25 else rng.randint(1, min(3, n))
        A[v] = sorted(rng.sample(range(n), k))
    V0: dict[int, None] = {}
    V1: dict[int, None] = {}
    for v in range(n):
        if A[v]:
            continue
        owner = 0 if v in S0 else 1
        kind = rng.randrange(3) if plain_dead_ends else 0
        if kind == 0:                        # the player to move is stuck: they lose
            (V1 if owner == 0 else V0)[v] = None
        elif kind == 1:                      # a victory of the player to move
            (V0 if owner == 0 else V1)[v] = None
    return A, S0, S1, V0, V1


def _library_arena(A: dict, S0: dict, S1: dict, V0: dict, V1: dict) -> Arena:
    return Arena(S0=list(S0), S1=list(S1), edges={v: list(A[v]) for v in A},
                 V0=list(V0), V1=list(V1))


def _example_file(name: str) -> Path:
    """A game file of ``docs/examples`` (``name`` without its extension). In the browser,
    the course's zip carries it beside this module as JSON, which Pyodide reads without
    PyYAML (:func:`coursebuild.products.site_assets.library_zip`)."""
    here = Path(__file__).resolve().parent / "examples" / f"{name}.json"
    return here if here.exists() else EXAMPLES / f"{name}.yaml"


COURSE_EXAMPLES = ("exercise-6-2",)
"""The course's game files the checkers try, besides its built-in games."""


def course_arenas() -> Iterator[tuple]:
    """The course's own examples in the chapter's representation: exercise 4.2, the Nim
    of exercise 4.1, tic-tac-toe (whose dead ends are full grids without a line: no
    victory)."""
    from arena.course import chapter_dicts
    from arena.games import nim
    from arena.games.tictactoe import tictactoe

    for name in COURSE_EXAMPLES:
        yield chapter_dicts(Arena.from_file(_example_file(name)))
    yield chapter_dicts(nim(15, [2, 3, 5]))
    yield chapter_dicts(tictactoe(3, 3))


def _arenas(count: int = 60, course: bool = True) -> Iterator[tuple]:
    """Random arenas from 1 to 12 vertices, smallest first, half of them with dead ends
    that are no victory or a victory of the player stuck there; then the course's own
    examples (:func:`course_arenas`)."""
    for n in range(1, 13):
        for seed in range(count // 12):
            yield random_arena(seed, n)
            yield random_arena(seed, n, plain_dead_ends=True)
    if course:
        yield from course_arenas()


def _random_dag(seed: int, n: int) -> dict[int, list[int]]:
    rng = random.Random(seed * 104729 + n)
    return {v: sorted(rng.sample(range(v), rng.randint(0, min(3, v)))) for v in range(n)}


def _random_tree(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.2:
        return rng.randint(-9, 9)
    return [_random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]


def _trees() -> Iterator[Any]:
    yield 4
    yield [1, 5]
    for depth in range(1, 5):
        for seed in range(8):
            yield _random_tree(random.Random(depth * 100 + seed), depth)


