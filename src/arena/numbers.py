"""Reading integers written as text: a game's parameters on the command line (``--n 10``,
``--rule 1,2``, ``--heaps 1,3,5,7``) and the limits set by options or the environment.

One grammar everywhere: an integer is ASCII digits with an optional sign (no spaces
inside, no ``_``, no other script's digits, at most :data:`MAX_DIGITS` digits); a list
is integers separated by commas, with spaces allowed around each. Every error is a
``ValueError`` whose message quotes the text and says which part of it is wrong; the
caller puts the option or key in front (``--rule: ...``).
"""

from __future__ import annotations

import re

__all__ = ["parse_int", "parse_int_list", "MAX_DIGITS"]

MAX_DIGITS = 30
"""Longest integer read from text: far beyond any size a game can have, far below what
makes Python's conversion slow or refused."""

_INTEGER = re.compile(r"[+-]?[0-9]+")


def _integer(part: str) -> int | str:
    """``part`` as an integer, or the reason it is not one."""
    if not _INTEGER.fullmatch(part):
        return f"{part!r} is not an integer"
    if len(part.lstrip("+-")) > MAX_DIGITS:
        return f"{part[:12]!r}… has more than {MAX_DIGITS} digits"
    return int(part)


def parse_int(text: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """An integer written as text, such as ``"10"`` or ``"-3"``.

    Parameters
    ----------
    text : str
        ASCII digits with an optional sign, spaces allowed around them.
    minimum : int, optional
        The least value accepted.
    maximum : int, optional
        The greatest value accepted.

    Raises
    ------
    ValueError
        If ``text`` is not an integer, or is below ``minimum`` or above ``maximum``.

    Examples
    --------
    >>> parse_int(" 12 ")
    12
    >>> parse_int("1e3")
    Traceback (most recent call last):
    ...
    ValueError: '1e3' is not an integer
    >>> parse_int("0", minimum=1)
    Traceback (most recent call last):
    ...
    ValueError: 0 is less than 1
    >>> parse_int("120", maximum=100)
    Traceback (most recent call last):
    ...
    ValueError: 120 is more than 100
    """
    value = _integer(text.strip())
    if isinstance(value, str):
        raise ValueError(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{value} is less than {minimum}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{value} is more than {maximum}")
    return value


def parse_int_list(text: str, *, example: str = "1,2,3") -> tuple[int, ...]:
    """Integers written as text, separated by commas, in the order written: ``"1,3,5"``.

    Parameters
    ----------
    text : str
        At least one integer (as for :func:`parse_int`); items are separated by commas,
        with spaces allowed around each; an empty item (``"1,,2"``, ``"1,2,"``) is an
        error.
    example : str
        A well-written value, shown in the messages.

    Returns
    -------
    tuple of ints
        Repetitions and order kept: the caller decides whether they matter, and checks
        the values.

    Raises
    ------
    ValueError
        If ``text`` is empty, or has an empty item or an item that is not an integer;
        the message quotes the text, gives ``example`` and says which item is wrong.

    Examples
    --------
    >>> parse_int_list("1, 3,5 ,7")
    (1, 3, 5, 7)
    >>> parse_int_list("1,x")
    Traceback (most recent call last):
    ...
    ValueError: '1,x' is not a list of integers such as 1,2,3: 'x' is not an integer
    >>> parse_int_list("1,,2", example="1,3,5,7")
    Traceback (most recent call last):
    ...
    ValueError: '1,,2' is not a list of integers such as 1,3,5,7: item 2 is empty

    Notes
    -----
    O(len(text)).
    """
    head = f"{text!r} is not a list of integers such as {example}"
    if not text.strip():
        raise ValueError(f"{head}: it is empty")
    values = []
    for k, part in enumerate(text.split(","), start=1):
        part = part.strip()
        if not part:
            raise ValueError(f"{head}: item {k} is empty")
        value = _integer(part)
        if isinstance(value, str):
            raise ValueError(f"{head}: {value}")
        values.append(value)
    return tuple(values)
