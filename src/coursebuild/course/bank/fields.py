"""The form of a problem's answers (issue 66 §5): each problem module of the bank declares,
next to its ``PROBLEMS``, the fields its questions are answered in (``FIELDS``, by problem
id): which answer of ``Variant.answers`` each field is checked against and how it is typed
(:data:`KINDS`). The practice page (:mod:`coursebuild.course.practice_fields`) and the Moodle
export's blanks read them from the bank, so that a new family is its module and its name
in the bank's registry, nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

KINDS = ("number", "position", "set", "sequence", "map", "winner", "mover", "yesno")
"""How a field is typed: an integer; one position (or move); a set of positions (any
order); a sequence (in order); a value per position (``a: 3, b: 1``, or a move per
position ``a → g``); a player (J₀ or J₁); whether the player to move or the other
wins; yes or no."""


@dataclass(frozen=True)
class Field:
    """One field of a problem's form: the question it answers, the answer it is checked
    against (a key of ``Variant.answers``, with ``.k`` for an entry of a dictionary and
    ``[1:]`` for a list without its first item), its kind and its label."""

    question: int
    key: str
    kind: str
    label: Mapping[str, str]


def ask(question: int, key: str, kind: str, fr: str, en: str) -> Field:
    """A field of question ``question`` (from 1), checked against answer ``key``, typed as
    ``kind``, labelled in French and English."""
    if kind not in KINDS:
        raise ValueError(f"field {key!r}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
    return Field(question, key, kind, {"fr": fr, "en": en})
