"""Nothing past the paper (issue 47): every word of every page of the printed books, read
with its box, keeps 10 mm off the paper's edge and stays in the text block or the outer
margin a wide item may take (:mod:`coursebuild.products.paper_edges`, reusable for any PDF)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.products import paper_edges

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [(lang, edition) for lang in ("fr", "en") for edition in book.EDITIONS]


def _pdf(lang: str, edition: str) -> Path:
    path = ROOT / "build" / "pdf" / book.book_name(lang, edition)
    if not path.exists():
        pytest.skip("the books are typeset by `make site` (make test runs it)")
    return path


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_word_of_a_book_is_past_its_text_block_and_outer_margin(lang, edition):
    path = _pdf(lang, edition)
    pages = paper_edges.words(path)
    assert len(pages) >= 40 and sum(len(p[3]) for p in pages) > 10_000   # read, not empty
    assert paper_edges.offences(path) == []


def test_the_check_finds_a_word_past_the_edge(tmp_path):
    """The check is not blind: a page whose words overhang the inner margin, or come
    nearer than 10 mm to the paper's edge, is reported, word and page."""
    tex = tmp_path / "edge.tex"
    tex.write_text(r"""\documentclass{article}
\usepackage[a4paper,textwidth=115mm,textheight=232mm,inner=25mm,top=32mm,twoside]{geometry}
\pagestyle{empty}
\begin{document}
Inside.\par\noindent\hspace*{-20mm}\mbox{Spineward}\par
\newpage
Inside.\par\noindent\hspace*{120mm}\mbox{Edgeward}\par
\end{document}
""", encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
                   cwd=tmp_path, capture_output=True, check=True)
    found = paper_edges.offences(tmp_path / "edge.pdf")
    assert len(found) == 2
    assert found[0].startswith("edge.pdf page 1: 'Spineward'") and "left of" in found[0]
    assert found[1].startswith("edge.pdf page 2: 'Edgeward'") and "right of" in found[1]
    # the command: exit 1 and a line per word; 2 and one line for a missing file
    run = subprocess.run([sys.executable, "-m", "coursebuild.products.paper_edges",
                          str(tmp_path / "edge.pdf")], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout.count("\n") == 2
    run = subprocess.run([sys.executable, "-m", "coursebuild.products.paper_edges",
                          str(tmp_path / "none.pdf")], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr == f"{tmp_path / 'none.pdf'}: no such file\n"


def test_no_word_of_an_exercise_sheet_is_past_its_page():
    """The sheets are paper too (issue 47 §1): the exercise sheets `make site` writes keep
    10 mm off the edge and within their page's text block (the page numbers once stood
    8 mm from the foot). The exam papers and keys of every problem of the bank are checked
    where `make sheets` writes them as typed
    (tests/products/test_sheets_real.py::test_make_sheets_with_every_problem_of_the_bank)."""
    found = []
    for lang in ("fr", "en"):
        handout = ROOT / "build" / "handout" / f"handout-{lang}.pdf"
        if not handout.exists():
            pytest.skip("the exercise sheets are typeset by `make site` (make test runs it)")
        pages = paper_edges.words(handout)
        assert pages and sum(len(p[3]) for p in pages) > 300, handout.name      # read
        found += paper_edges.offences(handout, paper_edges.HANDOUT)
    assert found == []
