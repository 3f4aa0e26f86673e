"""Student pages speak of the games, not of the texts the course comes from (issue 24.3):
what the sources got wrong is on the notes-on-sources page and the teachers' guide. Each
chapter, with the fragments it includes and the captions of its figures, is read for the
words that name the sources. (The home page, which also speaks to teachers, points to the
notes.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STUDENT_PAGES = ["modelling", "plays", "attractors", "algorithms", "strategies",
                 "exercises", "chomp", "ourson", "beyond", "theory", "othergames", "design",
                 "practice"]
SOURCE_WORDS = {
    "fr": ["chapitre source", "chapitre de référence", "transparents", "nous est pas parvenu",
           "proposés par le cours", "textes dont ce cours est tiré", "vocabulaire des sources"],
    "en": ["source chapter", "reference chapter", "slides", "come down to us",
           "the course proposes", "texts this course comes from", "vocabulary of the sources"],
}


def _page_text(lang: str, page: str) -> str:
    from coursebuild.documents.chapter_text import page_text

    source = page_text(lang, page)       # the chapter with its exercises
    parts = [source]
    for name in re.findall(r'--8<-- "([^":]+)"', source):
        parts.append((ROOT / "docs" / "generated" / name).read_text(encoding="utf-8"))
    manifest = {e["id"]: e for e in json.loads(
        (ROOT / "docs" / "figures" / "manifest.json").read_text(encoding="utf-8"))}
    for fid in re.findall(r"<!-- (?:figure|stepper|game|trace): ([a-z0-9-]+)", source):
        parts.append(manifest[fid]["caption"][lang])
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("page", STUDENT_PAGES)
def test_a_student_page_does_not_speak_of_the_sources(lang, page):
    text = _page_text(lang, page).lower()
    found = [w for w in SOURCE_WORDS[lang] if w in text]
    assert found == [], f"docs/{lang}/{page}.md: {found}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_notebook_does_not_speak_of_the_sources(lang):
    """The notebooks are student pages too: their prose and what their code prints or
    titles (the lines of ``lang`` and the shared ones), read before they are executed."""
    from coursebuild.products import notebooks

    for source in notebooks.sources():
        nb = notebooks.split(source, lang)
        text = "\n".join(c.source for c in nb.cells).lower()
        found = [w for w in SOURCE_WORDS[lang] if w in text]
        assert found == [], f"{source.name} ({lang}): {found}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_exercises_page_numbers_its_exercises_by_its_own_chapter(lang):
    """Chapter 6 (the exercises page) has exercises 6.1 to 6.3: no "Exercise 4.1" that
    would clash with section 4.1."""
    from coursebuild.documents.chapter_text import page_text

    text = page_text(lang, "exercises")
    word = "Exercice" if lang == "fr" else "Exercise"
    assert re.findall(rf'!!! exercise "{word} (\S+) ', text) == ["6.1", "6.2", "6.3"]
    assert not re.search(rf"{word} 4\.\d", text)
