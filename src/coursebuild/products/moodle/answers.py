"""The accepted answers of the Moodle export's fields (:mod:`coursebuild.products.moodle`): each
answer field of a variant as a Cloze sub-question, NUMERICAL, MULTICHOICE or SHORTANSWER,
and every spelling of a set, a sequence or a value per position that the practice page
also reads as right (:func:`spellings`)."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


def _natural(value: Any) -> tuple:
    """The order a student writes elements in: numbers by value, names with their digits
    read as numbers (``f4`` before ``f10``), pairs element by element."""
    if isinstance(value, int):     # a bool too
        return (0, int(value))
    if isinstance(value, str):
        return (1, tuple((0, int(c), "") if c.isdigit() else (1, 0, c)
                         for c in re.findall(r"\d+|\D+", value)))
    return (2, tuple(_natural(x) for x in value))


def _plain(value: Any) -> tuple:
    """Alphabetical order, character by character (``f10`` before ``f4``)."""
    if isinstance(value, int):     # a bool too
        return (0, int(value))
    if isinstance(value, str):
        return (1, value)
    return (2, tuple(_plain(x) for x in value))


def _text(value: Any, tight: bool) -> str:
    """An element as the statements write it: ``a``, ``7``, ``(3, 2)`` (``(3,2)`` tight)."""
    if isinstance(value, (list, tuple)):
        return "(" + ("," if tight else ", ").join(_text(x, tight) for x in value) + ")"
    return str(value)


ANY_ORDER = 4
"""A set of up to this many elements is accepted in any order (each of its orders is an
answer: 24 for four elements); a larger one in increasing order, as the question says."""
COMMAS = (", ", ",")
"""Between two elements: a comma, with or without a space after it."""
WRAPS = {"set": ("", "{}"), "map": ("", "{}"), "sequence": ("", "{}", "()", "[]")}
"""Around the elements, as the practice page reads them: nothing or braces (a set, a
value per position), or a sequence's parentheses or brackets."""
PAIRS = {"number": (": ", ":", " : ", "=", " = "),
         "move": (": ", ":", " : ", " → ", "→", " -> ", "->")}
"""Between a position and its value (``a: 2``, ``a : 2`` as French typography spaces
it, ``a = 2``) or its move (``a → b``, ``a -> b``)."""


def _orders(values: Sequence, every: bool = False) -> list[list]:
    """The orders a student may write ``values`` in: the increasing ones (one or two),
    and with ``every`` all the others after them."""
    out: list[list] = []
    for key in (_natural, _plain):
        ordered = sorted(values, key=key)
        if ordered not in out:
            out.append(ordered)
    if every:
        out += [list(p) for p in itertools.permutations(out[0]) if list(p) not in out]
    return out


def _unique(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(texts))


def _joined(items: Sequence[Sequence[str]], wraps: Sequence[str]) -> list[str]:
    """Every way of writing ``items`` (each element in its loose and tight spelling) with
    each comma of :data:`COMMAS` and each wrap of ``wraps``, the loose one first."""
    out = []
    for wrap in wraps:
        for comma in COMMAS:
            for tight in (0, 1):
                body = comma.join(item[tight] for item in items)
                out.append(wrap[:1] + body + wrap[1:])
    return out


def spellings(kind: str, value: Any, lang: str) -> tuple[str, ...]:
    """Every spelling of the answer ``value`` of a short-answer field that the practice
    page reads as right and the question's instructions allow, the canonical one first:
    commas with or without a space (:data:`COMMAS`), braces or none (:data:`WRAPS`), pairs
    spaced or not, a set in any order up to :data:`ANY_ORDER` elements, a value per
    position with each separator of :data:`PAIRS`.

    >>> spellings("set", ["f10", "f4", "b"], "en")[:3]
    ('b, f4, f10', 'b,f4,f10', '{b, f4, f10}')
    >>> "f4, b, f10" in spellings("set", ["f10", "f4", "b"], "en")
    True
    >>> spellings("map", {"b": 1, "a": 0}, "en")[:3]
    ('a: 0, b: 1', 'a: 0,b: 1', '{a: 0, b: 1}')
    >>> spellings("set", [], "fr")
    ('∅', '{}', 'aucun', 'aucune')
    """
    def both(x: Any) -> tuple[str, str]:
        return (_text(x, False), _text(x, True))

    if kind == "set":
        values = list(value)
        if not values:
            from coursebuild.course.practice_answers import WORDS as READ

            return ("∅", "{}", *READ[lang]["none"])
        return _unique(text for order in _orders(values, len(values) <= ANY_ORDER)
                       for text in _joined([both(x) for x in order], WRAPS["set"]))
    if kind == "sequence":
        return _unique(_joined([both(x) for x in value], WRAPS["sequence"]))
    if kind == "position":
        return _unique(both(value))
    if kind == "map":
        moves = any(not isinstance(v, int) or isinstance(v, bool) for v in value.values())
        out = []
        for order in _orders(list(value)):
            for pair in PAIRS["move" if moves else "number"]:
                items = [tuple(f"{k[t]}{pair}{v[t]}" for t in (0, 1))
                         for k, v in ((both(k), both(value[k])) for k in order)]
                out += _joined(items, WRAPS["map"])
        return _unique(out)
    raise ValueError(f"no spelling for a {kind!r} field")


@dataclass(frozen=True)
class Part:
    """A Cloze sub-question: its type, the answers given full marks, and (for a menu)
    the other choices, which give none."""

    field: Any
    """The practice page's :class:`coursebuild.course.practice.Field` it asks for."""
    qtype: str
    """``NUMERICAL``, ``SHORTANSWER``, ``SHORTANSWER_C`` or ``MULTICHOICE``."""
    right: tuple[str, ...]
    wrong: tuple[str, ...] = ()

    def cloze(self, number: int | None = None) -> str:
        """The sub-question in Moodle's Cloze syntax, ``{1:TYPE:=answer~...}`` (the
        weight 1 left implicit unless ``number`` is given)."""
        if self.qtype == "NUMERICAL":
            alternatives = [f"={x}:0" for x in self.right]
        else:
            alternatives = [f"={_escape(x)}" for x in self.right]
            alternatives += [_escape(x) for x in self.wrong]
        weight = "" if number is None else str(number)
        return "{" + f"{weight}:{self.qtype}:" + "~".join(alternatives) + "}"


def _escape(answer: str) -> str:
    r"""An answer inside a Cloze sub-question: HTML (Moodle decodes its entities), with
    ``}`` and ``#`` escaped by a backslash (Moodle undoes ``\}`` and ``\#`` alone: an
    answer cannot hold ``~``, nor end with ``\`` or ``&``)."""
    if "~" in answer or answer.endswith(("\\", "&")) or "*" in answer:
        raise ValueError(f"{answer!r} cannot be an answer of a Cloze sub-question")
    return html.escape(answer, quote=False).replace("}", "\\}").replace("#", "\\#")


def _choices(kind: str, lang: str) -> tuple[str, str]:
    from coursebuild.course import practice

    if kind == "winner":
        return ("J₀", "J₁")
    words = practice.WORDS[lang]["mover" if kind == "mover" else "yes"]
    return (words[0], words[1])


def part(v, f, lang: str) -> Part:
    """The sub-question of field ``f`` of variant ``v``, its answers from the bank's key
    (:func:`coursebuild.course.practice.expected`)."""
    from coursebuild.course import practice

    want = practice.expected(v, f.key)
    if f.kind == "number":
        if isinstance(want, bool) or not isinstance(want, int):
            raise ValueError(f"{v.problem} (seed {v.seed}): {f.key} is not an integer")
        return Part(f, "NUMERICAL", (str(want),))
    if f.kind in ("winner", "mover", "yesno"):
        first, second = _choices(f.kind, lang)
        index = int(want) if f.kind == "winner" else (0 if want else 1)
        if index not in (0, 1):
            raise ValueError(f"{v.problem} (seed {v.seed}): {f.key} is {want!r}")
        right, wrong = (first, second) if index == 0 else (second, first)
        return Part(f, "MULTICHOICE", (right,), (wrong,))
    right = spellings(f.kind, want, lang)
    letters = any(c.isalpha() for x in right[:1] for c in x)
    return Part(f, "SHORTANSWER_C" if letters else "SHORTANSWER", right)


def parts(v, lang: str) -> list[Part]:
    """The sub-questions of a variant, in the order of its questions."""
    from coursebuild.course import practice

    return [part(v, f, lang) for f in practice.fields(v.problem)]
