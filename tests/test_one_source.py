"""One source per exercise (issues 36 and 39): a statement changed in ``docs/exercises``
shows on its chapter's page, in the book and on an exercise sheet, and nowhere is it typed
a second time. A copy of the project is built with one statement changed (the real build:
figures, sheets, fragments, notebooks, MkDocs, from the main build's caches), and the
book's LaTeX is made from the copy's pages."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAID = {"fr": "Phrase témoin de la source unique", "en": "Witness sentence of the one source"}


def _pdf_text(path: Path) -> str:
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.split())


@pytest.mark.skipif(shutil.which("latexmk") is None, reason="TeX Live could not be installed")
def test_a_statement_changed_in_its_source_shows_on_the_chapter_the_book_and_the_sheet(
        tmp_path):
    if not (ROOT / "build" / "js" / "editor.js").exists():
        pytest.skip("the editor bundle is built by `make test` (make js)")
    from project_copy import copy_with_caches

    copy = copy_with_caches(tmp_path / "arena")
    # exercise 2.3's statement, changed in its one source, in both languages
    source = copy / "docs" / "exercises" / "02-plays.yaml"
    text = source.read_text(encoding="utf-8")
    for lang, start in (("fr", "      On considère trois positions"),
                        ("en", "      Consider three positions")):
        assert text.count(start) == 1
        text = text.replace(start, f"      {SAID[lang]}. " + start.strip())
    source.write_text(text, encoding="utf-8")
    # a sheet of one's own sets exercise 2.3: its layout inputs it, nothing more
    for lang in ("fr", "en"):
        sheet = copy / "handouts" / f"handout-{lang}.tex"
        sheet.write_text(sheet.read_text(encoding="utf-8").replace(
            f"\\input{{generated/{lang}/exercise-6.1}}",
            f"\\input{{generated/{lang}/exercise-2.3}}\n\\input{{generated/{lang}/exercise-6.1}}"),
            encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(copy / "src"))
    done = subprocess.run([sys.executable, "-m", "coursebuild", "site", "--no-zip", "--no-book"],
                          cwd=copy, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    book = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from coursebuild import book; site = Path('site'); "
         "figures = book.figure_metrics(site); "
         "[sys.stdout.write(book.book_source(lang, 'students', site, figures)[0]) "
         "for lang in ('fr', 'en')]"],
        cwd=copy, env=env, capture_output=True, text=True, check=False)
    assert book.returncode == 0, book.stderr[-3000:]
    for lang in ("fr", "en"):
        page = (copy / "site" / ("" if lang == "fr" else "en") / "plays" / "index.html")
        html = page.read_text(encoding="utf-8")
        assert html.count(SAID[lang]) == 1                                  # the chapter
        assert SAID[lang] not in (ROOT / "site" / ("" if lang == "fr" else "en") / "plays" /
                                  "index.html").read_text(encoding="utf-8")
        assert book.stdout.count(SAID[lang]) == 1                           # the book
        sheet = _pdf_text(copy / "build" / "handout" / f"handout-{lang}.pdf")
        assert SAID[lang] in sheet                                          # the sheet
        assert ("Exercice 2.3 (un match nul)" if lang == "fr" else
                "Exercise 2.3 (a draw)") in sheet
