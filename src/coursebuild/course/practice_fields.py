"""The practice page's forms (:mod:`coursebuild.course.practice`): for each problem of the bank,
the fields its questions are answered in, the answer of ``Variant.answers`` each field is
checked against and how it is typed (:data:`KINDS`), as each problem's module in the bank
declares them (:mod:`coursebuild.course.bank.fields`), with the few functions that read them.

>>> from coursebuild.course.practice_fields import fields, field_id
>>> [field_id(f) for f in fields("chomp-two-bars")]
['value/mover', 'winning/set']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from coursebuild.course.bank.fields import KINDS as KINDS
from coursebuild.course.bank.fields import Field as Field


class _Forms(Mapping):
    """Each problem's fields, by id, as its module of the bank declares them (its
    ``FIELDS``, :mod:`coursebuild.course.bank.fields`): read from the bank, not listed here."""

    def __getitem__(self, problem_id: str) -> tuple[Field, ...]:
        from coursebuild.course import bank

        return bank.problems()[problem_id].form

    def __iter__(self) -> Iterator[str]:
        from coursebuild.course import bank

        return iter(bank.problems())

    def __len__(self) -> int:
        from coursebuild.course import bank

        return len(bank.problems())


FIELDS: Mapping[str, tuple[Field, ...]] = _Forms()
"""The fields of each problem's form, by problem id (a :class:`KeyError` for an id the bank
does not hold)."""


def fields(problem_id: str) -> tuple[Field, ...]:
    """The fields of a problem's form, in the order of its questions."""
    return tuple(sorted(FIELDS[problem_id], key=lambda f: f.question))


def field_id(f: Field) -> str:
    """A field's id in its form (one answer may be asked twice, in two kinds)."""
    return f"{f.key}/{f.kind}"


def expected(v, key: str) -> Any:
    """The answer a field is checked against: ``v.answers[key]``, ``.k`` for an entry of
    a dictionary, ``[1:]`` for a list without its first item."""
    name, _, rest = key.partition("[")
    name, _, entry = name.partition(".")
    value = v.answers[name]
    if entry:
        value = value[entry]
    if rest:
        value = value[int(rest.split(":")[0]):]
    return value
