"""arena.numbers: one grammar for integers and lists of integers written as text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.games import parse_rule
from arena.games.marienbad import parse_heaps
from arena.numbers import MAX_DIGITS, parse_int, parse_int_list


@given(st.lists(st.integers(-10 ** 12, 10 ** 12), min_size=1),
       st.sampled_from([",", ", ", " ,", " , "]))
def test_a_written_list_reads_back_in_order(values, comma):
    assert parse_int_list(comma.join(map(str, values))) == tuple(values)


@given(st.integers(-10 ** MAX_DIGITS + 1, 10 ** MAX_DIGITS - 1))
def test_a_written_integer_reads_back(value):
    assert parse_int(f" {value} ") == value


@pytest.mark.parametrize(("text", "value"), [("7", 7), ("+7", 7), ("-0", 0), ("007", 7)])
def test_signs_and_leading_zeros(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize(("text", "reason"), [
    ("", "'' is not an integer"),
    ("1.0", "'1.0' is not an integer"),
    ("1e3", "'1e3' is not an integer"),
    ("1_000", "'1_000' is not an integer"),    # int() would read 1000
    ("٣", "'٣' is not an integer"),            # int() would read 3
    ("1 2", "'1 2' is not an integer"),
    ("1" * (MAX_DIGITS + 1), f"'111111111111'… has more than {MAX_DIGITS} digits"),
])
def test_what_is_not_an_integer(text, reason):
    with pytest.raises(ValueError) as err:
        parse_int(text)
    assert str(err.value) == reason


def test_a_minimum_is_checked():
    assert parse_int("1", minimum=1) == 1
    with pytest.raises(ValueError, match=r"^-3 is less than 0$"):
        parse_int("-3", minimum=0)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "it is empty"),
    ("  ", "it is empty"),
    ("1,,2", "item 2 is empty"),
    ("1,2,", "item 3 is empty"),
    (",1", "item 1 is empty"),
    ("1;2", "'1;2' is not an integer"),
    ("1, two", "'two' is not an integer"),
    ("1,٢", "'٢' is not an integer"),
])
def test_what_is_not_a_list_of_integers(text, reason):
    with pytest.raises(ValueError) as err:
        parse_int_list(text, example="4,5")
    assert str(err.value) == f"{text!r} is not a list of integers such as 4,5: {reason}"


def test_the_games_read_their_lists_with_it():
    assert parse_rule(" 3, 1,2") == (1, 2, 3)       # a rule is a set
    with pytest.raises(ValueError, match=r"^a rule lists each number once, and 1 is listed twice$"):
        parse_rule("1,2,1")
    assert parse_heaps("1, 3,5,7") == (1, 3, 5, 7)     # heaps keep their order
    with pytest.raises(ValueError, match=r"^'1,,2' is not a list of integers such as 1,2,3"):
        parse_rule("1,,2")
    with pytest.raises(ValueError, match=r"such as 1,3,5,7: 'x' is not an integer$"):
        parse_heaps("1,x")
