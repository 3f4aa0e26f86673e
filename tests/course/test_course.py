"""The course's teaching algorithms agree with the library, and their limits show."""

from __future__ import annotations

import sys

import pytest
from conftest import arenas
from hypothesis import given, settings

from arena import Arena, attractor
from arena.course import (
    calcule_attracteur,
    calcule_attracteur2,
    chapter_dicts,
    choix_coup,
    choose_move,
    dplus,
    naive_attractor_steps,
    renverse_graphe,
)
from arena.games import chain, nim


def _chapter_attractor(g, i, numbered=False):
    A, S0, S1, V0, V1 = chapter_dicts(g)
    compute = calcule_attracteur2 if numbered else calcule_attracteur
    return compute(A, S0 if i == 0 else S1, V0 if i == 0 else V1)


@settings(max_examples=300, deadline=None)
@given(arenas())
def test_the_recursive_algorithm_finds_the_same_winning_sets(g):
    for i in (0, 1):
        assert set(_chapter_attractor(g, i)) == set(attractor(g, i))


def test_reversed_graph_and_degrees_of_example_3_1_2():
    A, *_ = chapter_dicts(nim(10, [1, 2]))
    B, d = renverse_graphe(A), dplus(A)
    # (1,0) has one successor, (0,1), and two predecessors, (2,1) and (3,1): the chapter
    # says "degré sortant" twice where the second is the in-degree.
    assert A[(1, 0)] == [(0, 1)] and d[(1, 0)] == 1
    assert sorted(B[(1, 0)]) == [(2, 1), (3, 1)]


def test_the_chapter_numbering_can_exceed_the_rank():
    # J_0 at a can win at once (a -> w), but the search reaches a first from the far
    # victory vertex v, through the long way a -> b -> c -> v.
    g = Arena(S0=["a", "c"], S1=["b", "v", "w"],
              edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])
    numbers, ranks = _chapter_attractor(g, 0, numbered=True), attractor(g, 0)
    assert ranks["a"] == 1 and numbers["a"] == 3
    assert all(numbers[v] >= ranks[v] for v in ("b", "c", "v", "w"))


def test_the_chapter_numbering_can_also_fall_below_the_rank():
    # J_1 at x chooses between y (rank 2) and w (rank 0): rank(x) = 3, but x is numbered
    # from w, its last successor to be marked.
    g = Arena(S0=["y"], S1=["x", "z", "v", "w"],
              edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]}, V0=["v", "w"])
    assert attractor(g, 0)["x"] == 3
    assert _chapter_attractor(g, 0, numbered=True)["x"] == 1


def test_the_chapter_numbering_is_the_rank_on_nim():
    g = nim(10, [1, 2])
    assert _chapter_attractor(g, 0, numbered=True) == attractor(g, 0)


def test_the_recursion_limit_stops_the_chapter_algorithm_on_a_long_chain():
    n = 4 * sys.getrecursionlimit()
    g = chain(n - 1)
    with pytest.raises(RecursionError):
        _chapter_attractor(g, 0)
    assert len(attractor(g, 0)) == n


def test_naive_steps_of_the_nim_attractor():
    steps = naive_attractor_steps(nim(10, [1, 2]), 0)
    assert len(steps) == 8
    assert steps[1] - steps[0] == {(1, 0), (2, 0)}
    assert steps[2] - steps[1] == {(3, 1)}


def test_chapter_strategy_plays_like_the_example():
    A, S0, S1, V0, V1 = chapter_dicts(nim(10, [1, 2]))
    attr0, attr1 = attractor(nim(10, [1, 2]), 0), attractor(nim(10, [1, 2]), 1)
    assert choose_move(A, attr0, attr1, (10, 0)) == (9, 1)
    # a lost position: both moves have the greatest rank, 5: the first one
    assert A[9, 0] == [(7, 1), (8, 1)] and attr1[7, 1] == attr1[8, 1] == 5
    assert choose_move(A, attr0, attr1, (9, 0)) == (7, 1)
    # J_1 wins at a at once, or at c after b: from s, J_0 delays the defeat by b
    g = Arena(S0=["s", "c"], S1=["a", "b", "d"], edges={"s": ["a", "b"], "b": ["c"],
                                                        "c": ["d"]}, V1=["a", "d"])
    A, *_ = chapter_dicts(g)
    assert choose_move(A, attractor(g, 0), attractor(g, 1), "s") == "b"


@settings(max_examples=300, deadline=None)
@given(arenas())
def test_choose_move_is_the_chapter_s_rule(g):
    """``arena.course.choose_move`` (the exercise's function, ``choix_coup`` in French)
    plays what the chapter's listing plays: winning, a rank one less; losing, the
    successor of greatest rank (the first of them); drawn, a successor outside the
    opponent's attractor (SPEC §8)."""
    from coursebuild.course.facts import listing_namespace

    chapter = listing_namespace("en")["strategy"]
    assert choix_coup is choose_move
    A, S0, *_ = chapter_dicts(g)
    ranks = attractor(g, 0), attractor(g, 1)
    moves = chapter(A, S0, ranks[0], ranks[1])
    for s, x in moves.items():
        assert choose_move(A, ranks[0], ranks[1], s) == x
        if s in ranks[1]:
            assert ranks[1][x] == max(ranks[1][y] for y in A[s])
