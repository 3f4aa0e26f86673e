"""Exercises on the course pages: each solution is folded and follows its statement.

An answer never appears before its exercise: every ``??? solution`` block (folded,
collapsible) comes after an ``!!! exercise`` block of the same page with no heading
between them, no solution is ever written open (``!!! solution`` or ``???+ solution``),
and the French and English pages carry the same number of exercises.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p.name for p in (DOCS / "fr").glob("*.md"))


def _blocks(text: str) -> list[str]:
    """Kinds of top-level blocks in order: 'exercise', 'solution', 'heading'."""
    kinds = []
    for line in text.splitlines():
        if re.match(r"!!! exercise\b", line):
            kinds.append("exercise")
        elif re.match(r"(\?\?\?\+?|!!!) solution\b", line):
            assert line.startswith("??? "), f"solution written open: {line!r}"
            kinds.append("solution")
        elif re.match(r"#{1,6} ", line):
            kinds.append("heading")
    return kinds


@pytest.mark.parametrize("page", PAGES)
def test_solutions_follow_their_exercise(page: str) -> None:
    counts = {}
    for lang in ("fr", "en"):
        kinds = _blocks((DOCS / lang / page).read_text(encoding="utf-8"))
        for k, kind in enumerate(kinds):
            if kind == "solution":
                before = [x for x in kinds[:k] if x != "solution"]
                assert before and before[-1] == "exercise", (
                    f"{lang}/{page}: solution #{k} not right after an exercise")
        counts[lang] = kinds.count("exercise")
    assert counts["fr"] == counts["en"], f"{page}: {counts}"


def test_attractors_page_has_its_exercises() -> None:
    for lang in ("fr", "en"):
        kinds = _blocks((DOCS / lang / "attractors.md").read_text(encoding="utf-8"))
        assert kinds.count("exercise") >= 3
        assert kinds.count("solution") == kinds.count("exercise")
