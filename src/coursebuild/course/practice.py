"""Practice in the page (issue 49 §1): a student picks a problem of the bank, gets a
variant for a seed, answers its questions in fields and has each answer checked.

This module runs in the site's Python worker (Pyodide, ``practice-worker.js``) as well as
here: the variant is the bank's own (:func:`coursebuild.course.bank.variant`), its statement and
worked solution are the bank's Markdown turned into HTML (:func:`html_of`), its figures
the bank's DOT (laid out by the in-page Graphviz), and each field is checked against the
answers the bank computed with the library (``Variant.answers``). What this module adds
is the form only: :data:`FIELDS` says, per problem, which of those answers a question's
field asks for and how it is typed (a number, a set of positions, a sequence, a value
per position, a player); :func:`check` reads what a student typed, in any of the forms
the statement uses, and says which part is wrong.

Its parts are modules of their own, whose names this one gives again (the worker, the
Moodle export and the tests import them from here): the forms,
:mod:`coursebuild.course.practice_fields`
(:data:`FIELDS`, :func:`fields`, :func:`expected`); reading and checking what a student
typed, :mod:`coursebuild.course.practice_answers` (:func:`check`, :data:`WORDS`); the statement
and the solution as HTML, :mod:`coursebuild.course.practice_html` (:func:`html_of`). This module
makes what the page shows of a variant (:func:`view`).

Examples
--------
>>> from coursebuild.course import practice
>>> v = practice.variant("nim-subtraction-period", 3)
>>> practice.check(v, "lost", "{11, 8, 7, 4, 1, 0}", "en")["ok"]
True
>>> practice.check(v, "lost", "0, 1, 4, 7, 8", "en")["message"]
'Not right: 1 missing.'
>>> practice.check(v, "winner", "J₀", "en")["ok"]
True
"""

from __future__ import annotations

from typing import Any

from coursebuild.course.practice_answers import WORDS as WORDS
from coursebuild.course.practice_answers import Unread as Unread
from coursebuild.course.practice_answers import _depth as _depth
from coursebuild.course.practice_answers import _key as _key
from coursebuild.course.practice_answers import _show as _show
from coursebuild.course.practice_answers import check as check
from coursebuild.course.practice_fields import FIELDS as FIELDS
from coursebuild.course.practice_fields import KINDS as KINDS
from coursebuild.course.practice_fields import Field as Field
from coursebuild.course.practice_fields import expected as expected
from coursebuild.course.practice_fields import field_id as field_id
from coursebuild.course.practice_fields import fields as fields
from coursebuild.course.practice_html import _inline as _inline
from coursebuild.course.practice_html import html_of as html_of

__all__ = ["FIELDS", "Field", "fields", "variant", "check", "html_of", "view", "expected",
           "KINDS"]


def variant(problem_id: str, seed: int):
    """The bank's variant (:func:`coursebuild.course.bank.variant`)."""
    from coursebuild.course import bank

    return bank.variant(problem_id, seed)


def view(problem_id: str, seed: int, lang: str) -> dict[str, Any]:
    """What the page shows of a variant: its statement and solution as HTML, its
    figures (DOT, laid out in the page), and its fields (id, question, kind, label as
    HTML); plain data, for the worker to send."""
    from coursebuild.course import bank

    v = variant(problem_id, seed)
    p = bank.problems()[problem_id]
    figures = {}
    for name, d in v.figures.items():
        figures[name] = {"dot": getattr(d.dot, "source", d.dot), "prog": d.prog,
                         "fixed": bool(d.fixed), "desc": d.desc,
                         "caption": d.caption[lang]}
    words = WORDS[lang]
    return {
        "problem": problem_id, "seed": seed, "title": p.title[lang],
        "statement": html_of(v.statement[lang]), "solution": html_of(v.solution[lang]),
        "figures": figures,
        "fields": [{"id": field_id(f), "question": f.question, "kind": f.kind,
                    "label": _inline(_french(f.label[lang], lang)),
                    "choices": list(words["mover"] if f.kind == "mover" else
                                    words["yes"] if f.kind == "yesno" else
                                    ("J₀", "J₁") if f.kind == "winner" else ())}
                   for f in fields(problem_id)],
    }


def _french(text: str, lang: str) -> str:
    if lang != "fr":
        return text
    from coursebuild.course.bank._kit import french_md

    return french_md(text)
