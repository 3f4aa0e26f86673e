"""What the commands that draw the bank's variants (``sheets``, ``moodle``) read from
their options, checked the same way: a wrong value is said in one line that names the
option as typed (``--seed (SEED)``: the command's option and the Makefile's variable),
and the command exits with status 2."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from arena.numbers import parse_int


class OptionError(ValueError):
    """A wrong option (said in one line, exit status 2)."""


def number(text: str, what: str, low: int, high: int) -> int:
    """The integer ``text`` names, between ``low`` and ``high``.

    >>> number("12", "--seed (SEED)", 0, 100)
    12
    >>> number("1000", "--students (STUDENTS)", 1, 200)
    Traceback (most recent call last):
    ...
    coursebuild.sources.options.OptionError: --students (STUDENTS): 1000 is more than 200
    """
    try:
        return parse_int(text, minimum=low, maximum=high)
    except ValueError as exc:
        raise OptionError(f"{what}: {exc}") from None


def problem_ids(text: str | None, known: Mapping[str, object],
                default: Iterable[str]) -> list[str]:
    """The bank's problems ``text`` names, separated by commas (``default`` when the option
    is not given, ``None``), each known and given once; a list that names none (``''``,
    ``,,``) is refused, not read as the default.

    >>> problem_ids(" a, b ", {"a": 1, "b": 2}, ["a"])
    ['a', 'b']
    >>> problem_ids(None, {"a": 1, "b": 2}, ["a"])
    ['a']
    >>> problem_ids("a,a", {"a": 1, "b": 2}, ["a"])
    Traceback (most recent call last):
    ...
    coursebuild.sources.options.OptionError: --problems (PROBLEMS): a problem is given twice: a,a
    >>> problem_ids(",,", {"a": 1, "b": 2}, ["a"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    coursebuild.sources.options.OptionError: --problems (PROBLEMS): ',,' names no problem (...)
    """
    if text is None:
        return list(default)
    problems = [p.strip() for p in text.split(",") if p.strip()]
    if not problems:
        raise OptionError(f"--problems (PROBLEMS): {text!r} names no problem (python -m "
                          f"coursebuild sheets --list shows the {len(known)} problems)")
    for p in problems:
        if p not in known:
            raise OptionError(f"--problems (PROBLEMS): unknown problem {p!r} (python -m "
                              f"coursebuild sheets --list shows the {len(known)} problems)")
    if len(set(problems)) != len(problems):
        raise OptionError(f"--problems (PROBLEMS): a problem is given twice: "
                          f"{','.join(problems)}")
    return problems
