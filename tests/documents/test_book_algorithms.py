"""The books print the course's pseudo-code as a textbook does (issue 47 §2): each block a
numbered algorithm float ("Algorithm 4.1 — name", numbered within its chapter), keywords
in bold, lines numbered; Python stays a listing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.sources.glossary import english
from coursebuild.typeset.latex import listings

ROOT = Path(__file__).resolve().parents[2]
NAME = {"fr": "Algorithme", "en": "Algorithm"}


def _blocks(lang: str) -> list[str]:
    """The pseudo-code blocks of the course's chapters, as written."""
    blocks = []
    for page in sorted((ROOT / "docs" / lang).glob("*.md")):
        text = page.read_text(encoding="utf-8")
        blocks += [b for b in re.findall(r"```text\n(.*?)```", text, re.S)
                   if listings.is_pseudocode(b)]
    return blocks


def test_a_pseudocode_line_has_its_keywords_in_bold_and_its_depth():
    line = listings.algorithm_line("      Si α ≥ β Alors sortir de la boucle      (coupure)")
    assert line.startswith("\\State \\hspace*{3.6em}\\parbox")
    assert "{\\raggedright \\textbf{Si} " in line
    assert "\\textbf{Alors} sortir de la boucle" in line
    assert line.endswith("\\Comment{coupure}}")
    # a keyword inside a name or a word stays as it is
    assert "textbf" not in listings.algorithm_line("  Dansons ← Info")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_pseudocode_block_is_a_numbered_algorithm_in_the_book(lang):
    blocks = _blocks(lang)
    assert len(blocks) >= 7        # the algorithms chapter's five, minimax, alpha-beta
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    text = " ".join(text.replace("\u2019", "'").split())
    found = re.findall(NAME[lang] + r" (\d+)\.(\d+) — (\S+)", text)
    first = [re.match(r"\S+ ([^\s(]+)\(", b).group(1) for b in blocks]
    assert sorted(name.rstrip(",") for _, _, name in found) == sorted(first)
    # numbered within their chapter, from 1
    by_chapter: dict[str, list[int]] = {}
    for chapter, number, _ in found:
        by_chapter.setdefault(chapter, []).append(int(number))
    assert all(sorted(n) == list(range(1, len(n) + 1)) for n in by_chapter.values())
    # each line numbered: the first line of the naive fixpoint is line 1
    naive = "attracteur_naif" if lang == "fr" else english("attracteur_naif")
    assert re.search(rf"\b1 (Function|Fonction) {naive}\(", text), naive


@pytest.mark.parametrize("edition", ["students-fr", "students-en", "teachers-fr",
                                     "teachers-en"])
def test_every_listing_of_every_book_is_kept_whole(edition):
    """A function is printed on one page, as a textbook keeps it (the teachers' book split
    ``strategie`` after ``else:``): a listing is one box, or (longer than half a page) it
    asks for the room of all its lines, so that it starts on a new page rather than
    break."""
    tex = ROOT / "build" / "book" / edition / "book.tex"
    if not tex.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    text = tex.read_text(encoding="utf-8")
    assert text.count("\\begin{codebox}") >= 20
    blocks = re.findall(r"([^\n]*)\n\\begin\{(?:small)?codeblock\}\n\\begin\{verbatim\}\n(.*?)"
                        r"\\end\{verbatim\}", text, re.S)
    assert all(re.fullmatch(r"\\needspace\{\d+pt\}", before) for before, _ in blocks)
    # (a listing that holds in a page and takes the margin is one box, issue 61 §3: the
    # books have no other long one today; no box is taller than a page)
    boxes = re.findall(r"\\begin\{codebox\}[^\n]*\n\\begin\{verbatim\}\n(.*?)\\end\{verbatim\}",
                       text, re.S)
    assert len(blocks) + sum(b.count("\n") * 12 > 660 / 2 for b in boxes) >= 1
    assert all(b.count("\n") * 12 <= 660 * 0.9 for b in boxes)


@pytest.mark.parametrize("edition", ["students-fr", "students-en", "teachers-fr",
                                     "teachers-en"])
def test_no_line_of_an_algorithm_is_broken_in_any_book(edition):
    """A line of pseudo-code is printed on one line, as a line of a listing is (issue 61
    section 3: the naive fixpoint's 'Si ... Alors ajouter' went on under itself, and the
    minimax's and A*'s longest lines too): LaTeX measures each algorithm's widest line
    against the line and says in the log that it fits, or fits a size smaller; one
    that would still be broken says 'wraps'."""
    tex = ROOT / "build" / "book" / edition / "book.tex"
    if not tex.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    algorithms = tex.read_text(encoding="utf-8").count("\\begin{algorithmic}")
    said = re.findall(r"^Book algorithm: (fits|set small|wraps)",
                      tex.with_suffix(".log").read_text(encoding="latin-1"), re.M)
    assert algorithms >= 3
    assert len(said) == algorithms
    assert "wraps" not in said
    # the widest lines are long enough that some need the smaller size
    assert "set small" in said


@pytest.mark.parametrize("lang", ("fr", "en"))
def test_the_text_cites_its_algorithms_by_number(lang):
    """The paragraph that introduces an algorithm cites it ("... adds nothing (Algorithm
    4.1)."): the float may go to the next page, its number says which it is."""
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are typeset by `make site`")
    text = " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                                   text=True, check=True).stdout.split())
    numbers = re.findall(rf"{NAME[lang]} (\d+\.\d+) —", text)
    assert len(numbers) >= 8
    cited = [n for n in numbers if re.search(rf"\({NAME[lang]} {re.escape(n)}\)", text, re.I)]
    # all but an algorithm that follows a definition's box (A*: nothing introduces it)
    assert len(cited) >= len(numbers) - 1, (numbers, cited)


@pytest.mark.parametrize("lang", ("fr", "en"))
def test_no_item_of_a_table_cell_is_split_over_two_lines(lang):
    """Issue 47 §2: "r(n) =" / "0", "d" / "(11.1)": the items of a step's cell (a value, a
    vertex with its priority) are each kept on one line; the cell breaks between them."""
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are typeset by `make site`")
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    # an equation cut after its sign, or a priority alone at the start of a cell's line
    cut = [line for line in text.splitlines() if re.search(r"\b\w\(\w\) =(?: {2,}|[ ]*$)", line)
           and not re.search(r"\b(if|si)\b", line)]       # (a displayed case is no cell)
    alone = re.findall(r"(?:^|  )\s*\(\d+[.,]\d+\)(?:,|  |$)", text, re.M)
    assert cut == [] and alone == []
    # and the step tables that hold such items are there
    assert len(re.findall(r"\b[a-z] \(\d+[.,]\d+\)", text)) >= 15


def _colours(pdf: Path) -> dict[tuple[float, ...], str]:
    """The text of a figure's PDF by the colour it is set in."""
    from pdfminer.high_level import extract_pages

    from coursebuild.typeset.editions import pdf_chars

    out: dict[tuple[float, ...], str] = {}
    for char in pdf_chars(next(iter(extract_pages(str(pdf))))):
        colour = tuple(round(float(v), 2) for v in (char.graphicstate.ncolor or (0,)))
        out[colour] = out.get(colour, "") + char.get_text()
    return out


def test_the_printed_figures_set_their_text_in_ink(site):
    """Issue 47 §2: the grey the screen gives text outside any fill (readable on a light
    and a dark page: the trees' leaf values, edges' labels) is ink on paper: the figures'
    PDFs (the books') have none; on the minimax tree every value is ink, and on the
    alpha-beta tree only the pruned leaves, "(8)", never looked at, stay grey."""
    from arena.render import INK, INK_ON_ANY

    grey = tuple(round(int(INK_ON_ANY[k:k + 2], 16) / 255, 2) for k in (1, 3, 5))
    ink = tuple(round(int(INK[k:k + 2], 16) / 255, 2) for k in (1, 3, 5))
    pdfs = sorted((site / "figures").glob("*.pdf"))
    assert len(pdfs) >= 40
    for pdf in pdfs:
        assert grey not in _colours(pdf), pdf.name
    minimax = _colours(site / "figures" / "minimax-tree.pdf")
    assert list(minimax) == [ink] and sum(c.isdigit() for c in minimax[ink]) >= 40
    alphabeta = _colours(site / "figures" / "alphabeta-tree.pdf")
    pruned = "".join(text for colour, text in alphabeta.items() if colour != ink)
    assert re.fullmatch(r"(\(\d+\))+", pruned) and len(pruned) >= 9
    # the screen keeps its grey (the SVG the site shows)
    assert INK_ON_ANY in (site / "figures" / "minimax-tree.svg").read_text("utf-8").upper()
