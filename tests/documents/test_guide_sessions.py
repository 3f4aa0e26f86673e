"""The teachers' guide says which deck and sheets go with which session (issue 63), in
both languages, generated from the sessions of ``docs/data/progressions.yaml`` (their
kind and chapters), never typed: each lecture names the decks of its chapters and their
summaries, each tutorial its chapters' tutorial sheets and answers, by the names the
commands write."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from coursebuild.documents import summaries, td
from coursebuild.paths import ROOT
from coursebuild.products import pacing
from coursebuild.typeset import editions


def _sessions(site, lang: str, progression: str) -> list[str]:
    html = (site / ("" if lang == "fr" else "en") / "teachers" / "index.html").read_text(
        encoding="utf-8")
    soup = BeautifulSoup(html, "lxml")
    head = soup.find(id=f"progression-{progression}")
    listing = head.find_next("ol")
    return [" ".join(li.get_text(" ", strip=True).split()) for li in
            listing.find_all("li", recursive=False)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_session_names_its_deck_and_sheets(site, lang):
    numbers = {page: n for page, (n, _) in editions.chapter_headings(lang).items()}
    with_summary = summaries.chapters(lang)
    with_sheet = td.chapters_with_exercises()
    named = 0
    for p in pacing.progressions():
        shown = _sessions(site, lang, p.id)
        assert len(shown) == len(p.sessions)
        for session, text in zip(p.sessions, shown, strict=True):
            files = re.findall(r"[\w-]+\.pdf", text)
            expected = []
            if session.kind == "lecture":
                expected += [editions.deck_file(numbers[c], c) for c in session.chapters]
                expected += [summaries.file_name(lang, numbers[c]) + ".pdf"
                             for c in session.chapters if numbers[c] in with_summary]
            if session.kind == "tutorial":
                expected += [f + ".pdf" for c in session.chapters if numbers[c] in with_sheet
                             for f in td.file_names(lang, numbers[c])]
            assert files == expected, (p.id, session.kind, files)
            named += len(files)
    assert named >= 20
    # typed nowhere: the sessions' file names no file, the guide's source no session
    assert ".pdf" not in pacing.PROGRESSIONS.read_text(encoding="utf-8")
    source = (ROOT / "docs" / lang / "teachers.md").read_text(encoding="utf-8")
    assert 'id="progression-' not in source and "progression-mpi" not in source


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_session_of_a_chapters_plan_names_what_it_hands_out(site, lang):
    """A chapter's full plan, session by session: a lecture names its deck and summary, a
    tutorial its sheet and answers, a lab the brief of the chapter's notebook (``make
    labs``), by the names the commands write; a chapter without a notebook names no brief."""
    from coursebuild.course import teaching_notes
    from coursebuild.documents import labs

    html = (site / ("" if lang == "fr" else "en") / "teachers" / "index.html").read_text(
        encoding="utf-8")
    soup = BeautifulSoup(html, "lxml")
    numbers = {page: n for page, (n, _) in editions.chapter_headings(lang).items()}
    briefs = 0
    for page, notes in teaching_notes.notes().items():
        shown = [" ".join(li.get_text(" ", strip=True).split()) for li in
                 soup.find(id=f"notes-{page}-plan").find_next("ol").find_all(
                     "li", recursive=False)]
        assert len(shown) == len(notes.plan), page
        n = numbers[page]
        for session, text in zip(notes.plan, shown, strict=True):
            expected = {
                "lecture": [editions.deck_file(n, page)]
                + ([summaries.file_name(lang, n) + ".pdf"] if n in summaries.chapters(lang)
                   else []),
                "tutorial": [f + ".pdf" for f in td.file_names(lang, n)]
                if n in td.chapters_with_exercises() else [],
                "lab": [labs.file_name(lang, int(notes.notebook[:2])) + ".pdf"]
                if notes.notebook else [],
            }[session.kind]
            assert re.findall(r"[\w-]+\.pdf", text) == expected, (page, session.kind, text)
            briefs += session.kind == "lab" and bool(notes.notebook)
    # every notebook's brief is named by a lab session of the plans (07 by two chapters)
    assert briefs >= len(labs.notebooks())
    assert ("tp-03.pdf" if lang == "fr" else "lab-03.pdf") in html
