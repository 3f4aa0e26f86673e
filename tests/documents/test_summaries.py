"""`make summaries` (issue 63 §2) as the teachers' guide prints it, from a checkout with no
build product: each chapter's summary sheet, on one page, holds its page's definitions
and theorems (the boxes of docs/LANG/PAGE.md, in order) and no proof, and the chapter of
the counter algorithm its pseudo-code with its cost; the same command gives the same
bytes; bad input is one line and exit status 2."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from project_copy import make, plain

from coursebuild.documents import summaries
from coursebuild.typeset import editions

ROOT = Path(__file__).resolve().parents[2]


def test_a_summary_is_its_page_s_boxes_in_order_and_its_costed_algorithm():
    for lang in ("fr", "en"):
        known = summaries.chapters(lang)
        assert list(known) == [1, 2, 3, 4, 5, 7, 9, 10, 11]
        for page in known.values():
            text = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
            found = summaries.parts(lang, page)
            boxes = [p.text for p in found if p.kind != "algorithm"]
            assert boxes == re.findall(r'(?m)^!!! (?:definition|theorem)(?: "[^"]*")?\n'
                                       r"(?:(?:    .*)?\n)+", text)
            assert all(b in text for b in boxes)                 # as written, not retyped
            algorithms = [p for p in found if p.kind == "algorithm"]
            assert len(algorithms) == (page == "algorithms"), page
        algorithm = next(p for p in summaries.parts(lang, "algorithms")
                         if p.kind == "algorithm").text
        name = "calcule_attracteur" if lang == "fr" else "compute_attractor"
        assert f"Fonction {name}(" in algorithm or f"Function {name}(" in algorithm
        # the algorithm just before the theorem that gives its cost
        kinds = [(p.kind, p.text) for p in summaries.parts(lang, "algorithms")]
        at = [k for k, _ in kinds].index("algorithm")
        assert "O(|S| + |A|)" in kinds[at + 1][1] and name in kinds[at + 1][1]


def test_a_summary_s_theorem_names_the_function_it_speaks_of():
    """A summary prints a page's boxes without the listing between them: a theorem that
    says "the function" after a listing the summary leaves out has nothing to refer to
    (chapter 4's theorem on `strategy` did)."""
    for lang in ("fr", "en"):
        for page in summaries.chapters(lang).values():
            for part in summaries.parts(lang, page):
                if part.kind != "algorithm":
                    text = " ".join(part.text.split()).lower()
                    assert "the function runs" not in text, (lang, page)
                    assert "la fonction tourne" not in text, (lang, page)
                    if "three choices" in text or "trois choix" in text:
                        assert "`strategy`" in text or "`strategie`" in text, (lang, page)


def test_a_summary_calls_a_position_in_neither_attractor_drawn_never_a_draw():
    """Fresh reading (issue 61): chapter 5's summary, its definition of the computed
    strategy, said 'x est un match nul' of a position (a draw, match nul, is a play:
    plays.md), and chapter 1's drawing conventions 'une position sans couleur est un match
    nul'; a position in neither attractor is drawn (nulle), as the algorithms chapter
    says."""
    said = re.compile(r"(?i)\$x\$ est un match nul|position sans couleur est un match nul"
                      r"|\$x\$ is a draw\b|position without colour is a draw")
    for lang in ("fr", "en"):
        for page in summaries.chapters(lang).values():
            for part in summaries.parts(lang, page):
                assert not said.search(part.text), (lang, page)
        for page in ("strategies", "modelling"):
            text = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
            assert not said.search(text), (lang, page)
    fr = next(p.text for p in summaries.parts("fr", "strategies") if p.kind != "algorithm")
    assert "**$x$ est nulle** (dans aucun des deux attracteurs)" in fr
    en = next(p.text for p in summaries.parts("en", "strategies") if p.kind != "algorithm")
    assert "**$x$ is drawn** (in neither attractor)" in en


needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None or
                               not (ROOT / ".venv" / "bin" / "python").exists(),
                               reason="make summaries needs TeX Live and the project's .venv")


def _opening(box: str) -> str:
    """A box's title words (``Définition (rang)``: rang), else its first words."""
    title = re.match(r'!!! \w+(?: "([^"]*)")?', box)[1] or ""
    inner = re.search(r"\(([^)]*)\)", title)
    if inner:
        return plain(inner[1])
    for line in box.splitlines()[1:]:
        for piece in re.split(r"\$[^$]*\$|\*\*|<!--.*?-->|[\[\]{}]", line):
            words = plain(piece).split()
            if len(words) >= 3:
                return " ".join(words[:3])
    return ""


def _proofs(lang: str, page: str) -> list[str]:
    """The first words of each proof of the page (``??? proof``), none of which a summary
    prints."""
    text = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
    boxes = re.findall(r'(?m)^\?\?\? proof(?: "[^"]*")?\n((?:(?:    .*)?\n)+)', text)
    return [o for o in (_opening("!!! x\n" + b) for b in boxes) if o]


@needs_tex
def test_make_summaries_as_typed_in_each_language(checkout):
    for lang in ("fr", "en"):
        done = make(checkout, "summaries", f"LANG={lang}")
        assert f"coursebuild summaries --lang {lang}" in done.stdout
        folder = checkout / "build" / "summaries" / lang
        known = summaries.chapters(lang)
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            f"{summaries.file_name(lang, n)}.pdf" for n in known)
        titles = {n: t for n, t in editions.chapter_headings(lang).values()}
        for n, page in known.items():
            pdf = folder / f"{summaries.file_name(lang, n)}.pdf"
            with pikepdf.open(pdf) as whole:
                assert len(whole.pages) == 1, pdf.name
            text = plain(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                         text=True, check=True).stdout)
            assert plain(titles[n]) in text
            last = -1
            for part in summaries.parts(lang, page):
                if part.kind == "algorithm":
                    continue
                opening = _opening(part.text)
                assert opening, part.text[:80]
                at = text.find(opening, last + 1)
                assert at > last, (pdf.name, opening)            # there, in the page's order
                last = at
            assert not [o for o in _proofs(lang, page) if o in text], pdf.name
        algorithm = plain(subprocess.run(
            ["pdftotext", str(folder / f"{summaries.file_name(lang, 4)}.pdf"), "-"],
            capture_output=True, text=True, check=True).stdout)
        assert ("calcule attracteur" if lang == "fr" else "compute attractor") in algorithm
    assert not (checkout / "build" / "summaries" / ".work").exists()


@needs_tex
def test_make_summaries_gives_the_same_bytes_and_refuses_bad_input(checkout):
    folder = checkout / "build" / "summaries" / "fr"
    make(checkout, "summaries", "LANG=fr", "CHAPTERS=3-4")
    first = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}
    assert sorted(first) == ["fiche-03.pdf", "fiche-04.pdf"]
    make(checkout, "summaries", "LANG=fr", "CHAPTERS=3-4")
    assert first == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                     for p in folder.iterdir()}
    for args, message in ((["LANG=es"], "coursebuild: summaries: --lang (LANG) 'es': fr or en"),
                          (["LANG=fr", "CHAPTERS=6"], "coursebuild: summaries: --chapters "
                           "(CHAPTERS): chapter 6 has no definition or theorem")):
        done = make(checkout, "summaries", *args, ok=False)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
