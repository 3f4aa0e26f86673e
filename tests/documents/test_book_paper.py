"""The book is paper (issues 24.2 and 29): a passage written for the screen gives way to its
paper wording (``.arena-screen`` / ``.arena-print``), and no figure is printed twice in the
students' chapters (a widget whose figure the book already shows prints as one line)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]
SCREEN = {"fr": "Choisissez votre camp", "en": "Choose your side"}
# the paper wording names the course's pages as the book does when no address is set
# (coursebuild.documents.markers.links.site_phrase expands "<!-- On-site -->"), in the chapter's
# "Online" box
PAPER = {"fr": "En ligne. Les pages web du cours (qui se distribuent aussi sous forme "
               "de dossier) ajoutent à ce chapitre : – On joue au jeu de Nim du premier "
               "chapitre",
         "en": "Online. The course's web pages (which can also be handed out as a folder) "
               "add to this chapter: • The game of Nim of the first chapter is played"}


def _text(lang: str) -> str:
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return " ".join(text.replace("\u2019", "'").split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_prints_the_paper_wording_not_the_screen_one(lang, site):
    text = _text(lang)
    assert SCREEN[lang] not in text and PAPER[lang] in text
    # on the site it is the other way round: the paper wording is there, hidden by the
    # stylesheet, and the screen wording is shown
    page = (site / ("" if lang == "fr" else "en") / "strategies" / "index.html").read_text(
        encoding="utf-8")
    assert SCREEN[lang] in page and 'class="arena-print"' in page
    css = (site / "assets" / "stylesheets" / "course.css").read_text(encoding="utf-8")
    assert re.search(r"\.arena-print\s*\{\s*display:\s*none;\s*\}", css)


@pytest.mark.parametrize("lang", LANGS)
def test_no_figure_is_printed_twice_in_the_students_chapters(lang):
    text = _text(lang)        # the students' book (the teachers' lists every caption)
    captions = re.findall(r"(?i)Figure \d+\.\d+(?: –|:) (.{100})", text)
    assert len(captions) >= 25      # an attractor's steps print as one figure, with a table
    twice = {c: text.count(c) for c in captions if text.count(c) > 1}
    assert twice == {}


ON_PAPER = {   # what only makes sense on the site: in no book's text but an "Online" box
    "fr": [r"\(dans les pages web du cours\)", r"que votre enseignant peut distribuer",
           r"Le site du cours dessine", r"Version interactive sur le site",
           r"en version jouable sur le site", r"le carnet \w+ \(", r"\bci-dessous\s*:"],
    "en": [r"\(in the course's web pages\)", r"which your teacher can hand out",
           r"The course's site draws", r"Interactive version on the site",
           r"playable on the site", r"The notebook \w+ \(", r"\bbelow\s*:"],
}
BOX = {"fr": "En ligne. Les pages web du cours (qui se distribuent aussi sous forme de "
             "dossier) ajoutent à ce chapitre :",
       "en": "Online. The course's web pages (which can also be handed out as a folder) "
             "add to this chapter:"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_website_on_paper_but_one_online_box_per_chapter(lang):
    """Issue 47 §4: the sentences that point to the course's pages (a notebook, a game to
    play, exercises run in the browser) are not printed in the students' text: each
    chapter that has some gathers them in one "Online" box, which says once where the
    pages are. (The teacher's guide plans sessions on the site: it names its pages.)"""
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    boxes = 0
    for number, page in enumerate(pages, 1):
        text = " ".join(page.replace("\u2019", "'").replace("\u202f", " ").split())
        boxes += text.count(BOX[lang])
        outside = text.replace(BOX[lang], "")
        for words in ON_PAPER[lang]:
            assert not re.search(words, outside), (number, words)
    assert boxes >= 6
    # the notebooks' sentences are there, in the boxes, without "(in the web pages)"
    notebook = {"fr": "– Le carnet Parties fait jouer", "en": "• The notebook Plays plays"}
    assert notebook[lang] in _text(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_sentence_that_announced_a_figure_ends_as_a_sentence(lang):
    """A figure is a float on paper (at the top or foot of a page): the paragraph that
    ends on a colon before it on the site ends on a full stop in the book (issue 47 §4,
    "whatever the cub replies:" with nothing after)."""
    from bs4 import BeautifulSoup

    text = _text(lang)
    folder = ROOT / "site" / ("" if lang == "fr" else "en")
    checked = []
    for page in book.book_pages(lang, "/", "students")[2]:
        if not page.numbered:
            continue
        soup = BeautifulSoup((folder / page.url.lstrip("/") / "index.html")
                             .read_text("utf-8"), "lxml")
        for figure in soup.select("article figure.arena-figure"):
            before = figure.find_previous_sibling()
            said = " ".join(before.get_text(" ").split()) if before is not None \
                and before.name == "p" else ""
            if not said.endswith(":") or "$" in said or "\\(" in said:
                continue
            words = said.rstrip(" :\u202f\u00a0").replace("\u2019", "'").split()[-3:]
            if not all(re.fullmatch(r"[^\W\d_]+(?:['-][^\W\d_]+)*,?", w) for w in words):
                continue
            # (the book may add the figure's number and page before the stop)
            m = re.search(r"\s".join(map(re.escape, words)) + r"\s?(?:\([^)]*\))?\s?([.:])",
                          text)
            assert m, (page.slug, words)
            checked.append((page.slug, m[1]))
    assert len(checked) >= 2 and {mark for _, mark in checked} == {"."}, checked


@pytest.mark.parametrize("lang", LANGS)
def test_paper_says_once_where_the_pages_are_and_points_to_no_page_around(lang):
    """The teachers' book says once that a notebook is in the course's web pages, not at
    each session that uses one; the students' book points to nothing "below" or "above"
    that only the site has (issue 47 §4)."""
    path = ROOT / "build" / "pdf" / book.book_name(lang, "teachers")
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    teachers = " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                                       text=True, check=True).stdout.replace("\u2019", "'")
                        .split())
    where = {"fr": "(dans les pages web du cours)", "en": "(in the course's web pages)"}[lang]
    notebooks = {"fr": r"carnet \w+", "en": r"notebook \w+"}[lang]
    assert teachers.count(where) == 1 and len(re.findall(notebooks, teachers)) >= 5
    text = _text(lang)
    for words in {"fr": ["l'exercice en Python ci-dessous", "graphe dessiné plus haut"],
                  "en": ["Python exercise below", "graph drawn above"]}[lang]:
        assert words not in text


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_ends_on_a_solutions_number_alone(lang):
    """A solution's number ("5.") before its listing stays on the listing's page (it
    was left alone at a page's foot in the teachers' book, its code on the next page)."""
    path = ROOT / "build" / "pdf" / book.book_name(lang, "teachers")
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    pages = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")[:-1]
    alone = [k + 1 for k, page in enumerate(pages)
             if [ln for ln in page.splitlines() if ln.strip()][-1:] and
             re.fullmatch(r"\d+\.", [ln for ln in page.splitlines() if ln.strip()][-1].strip())]
    numbered = sum(len(re.findall(r"(?m)^\s*\d+\.\s*$", page)) for page in pages)
    assert numbered >= 5 and alone == []
