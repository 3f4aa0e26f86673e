"""Grundy numbers and the Sprague-Grundy theorem, against the attractor."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena import Arena, solve
from arena.grundy import game_sum, grundy, grundy_numbers, mex, period, subtraction_grundy


def subtraction(rule):
    return lambda k: [k - q for q in rule if q <= k]


def test_mex():
    assert (mex([]), mex([0, 2]), mex([1, 0, 3, 2])) == (0, 1, 4)


@pytest.mark.parametrize(("rule", "expected"), [
    ((1, 2), (0, 3)), ((1, 2, 3), (0, 4)), ((2, 3, 5), (0, 7)), ((1, 3, 4), (0, 7)),
])
def test_subtraction_games_are_periodic(rule, expected):
    assert period(subtraction_grundy(rule, 100)) == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True),
       st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True),
       st.integers(0, 14), st.integers(0, 14))
def test_sprague_grundy_sum_is_the_xor(rule_g, rule_h, a, b):
    g, h = subtraction(rule_g), subtraction(rule_h)
    total = grundy((a, b), game_sum(g, h))[(a, b)]
    assert total == grundy(a, g)[a] ^ grundy(b, h)[b]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3, unique=True),
       st.lists(st.integers(1, 5), min_size=1, max_size=3, unique=True),
       st.integers(0, 9), st.integers(0, 9))
def test_the_sum_is_lost_for_the_mover_iff_its_grundy_number_is_zero(rule_g, rule_h, a, b):
    # build the sum as an arena (both players' copies) and solve it by the attractor
    moves = game_sum(subtraction(rule_g), subtraction(rule_h))
    numbers = grundy((a, b), moves)
    positions = list(numbers)
    edges = {(p, i): [(c, 1 - i) for c in moves(p)] for p in positions for i in (0, 1)
             if moves(p)}
    stuck = [p for p in positions if not moves(p)]
    arena = Arena(S0=[(p, 0) for p in positions], S1=[(p, 1) for p in positions],
                  edges=edges, V0=[(p, 1) for p in stuck], V1=[(p, 0) for p in stuck])
    sol = solve(arena)
    for p in positions:
        assert (sol.winner[(p, 0)] == 0) == (numbers[p] != 0)


def test_cycles_are_refused():
    with pytest.raises(ValueError, match="cycle through 'a'"):
        grundy("a", lambda p: {"a": ["b"], "b": ["a"]}[p])
    cyclic = Arena(S0=["a"], S1=["b"], edges={"a": ["b"], "b": ["a"]})
    with pytest.raises(ValueError, match="acyclic"):
        grundy_numbers(cyclic)


def test_a_long_game_does_not_hit_the_recursion_limit():
    assert grundy(20_000, subtraction((1,)))[20_000] == 0
