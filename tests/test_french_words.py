"""French pages are French (issue 24): the notebooks' code comments, docstrings and
printed messages, the command line's help on the teachers' page and the introduction of
the API reference speak French on the French site; none of the English sentences the
reviewers found (or their like) is left there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# English the French pages used to show: library messages printed by the notebooks, the
# notebooks' docstrings and comments, argparse's help, the reference's introduction
KNOWN_ENGLISH = (
    "follows the strategy of", "and loops", "is owned by both players",
    "maximum recursion depth exceeded", "Draw an arena with the course's conventions",
    "A play from the start", "counts the elements read from it",
    "Run the naive fixpoint", "so that the notebook runs anywhere",
    "of the reference chapter", "The chapter's figure is lost",
    "show this help message and exit", "positional arguments", "usage:",
    "print the version and stop", "solve an arena file or a built-in game",
    "Two-player reachability games on graphs", "the file to write",
    "refuse to draw more", "rows of the table", "(default ", "figure ids",
    "This page is generated from the docstrings", "Copied!",
    # arena solve's readable table, printed on the teachers' page
    "vertex owner victory winner rank move", "won by J_0 in", "20 edges;",
)


def _french_pages(site: Path) -> list[Path]:
    return [p for p in sorted(site.rglob("index.html"))
            if p.relative_to(site).parts[0] not in ("en", "assets")]


def _article(path: Path) -> str:
    """The article of a page, code and outputs included, without its tags."""
    page = path.read_text(encoding="utf-8")
    body = page[page.find("<article"):page.rfind("</article>")]
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#39;", "'")


def _english_in(text: str) -> list[str]:
    return [s for s in KNOWN_ENGLISH if s in text]


def test_french_pages_show_none_of_the_known_english(site):
    found = {}
    for page in _french_pages(site):
        text = _article(page)
        if page.parent.name == "reference":     # the docstrings stay English: the intro
            text = text[:text.find("arena.arena.Arena")]
        if hits := _english_in(text):
            found[str(page.relative_to(site))] = hits
    assert found == {}
    footer = (site / "index.html").read_text(encoding="utf-8")
    assert "solver and course" not in footer and "solveur et cours, licence MIT" in footer
    # and the English pages still show them: the list is of sentences that exist
    english = " ".join(_article(p) for p in sorted((site / "en").rglob("index.html")))
    assert len(_english_in(english)) >= len(KNOWN_ENGLISH) - 4


@pytest.mark.parametrize("name", [p.stem for p in sorted((ROOT / "docs/notebooks").glob("*.py"))])
def test_french_notebooks_comment_and_print_in_french(name):
    path = ROOT / "docs" / "fr" / "notebooks" / f"{name}.ipynb"
    if not path.exists():
        pytest.skip("the notebooks are executed by `make site`")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = []
    for cell in cells:
        text.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            text.append("".join(out.get("text", "")))
            text.append("".join(out.get("data", {}).get("text/plain", "")))
    assert _english_in("\n".join(text)) == []


def test_the_french_help_is_the_same_command_line_in_french(site):
    """Every option of the English help is on the French page, with French words."""
    fr = _article(site / "building" / "index.html")
    en = _article(site / "en" / "building" / "index.html")
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", en))
    assert len(options) >= 15
    assert options == set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", fr))
    for words in ("utilisation\u00a0:", "arguments positionnels\u00a0:",
                  "affiche cette aide et s'arrête", "2\u202f000 par défaut"):
        assert words in fr
    assert "usage:" in en and "show this help message and exit" in en


def test_an_untranslated_help_text_stops_the_build():
    from coursebuild.course.pages.teachers import MissingFrench, help_in_french

    assert help_in_french("rows of the table without --json (0: all; default 40)") == (
        "lignes du tableau sans --json (0\u00a0: toutes\u202f; 40 par défaut)")
    with pytest.raises(MissingFrench, match="no French for 'a new option'"):
        help_in_french("a new option")


def test_arena_solve_in_french_says_the_same_table():
    from coursebuild.course.pages.teachers import MissingFrench, solve_in_french

    english = ("T\n1,200 vertices, 1 edge; J_0 wins 1,000, J_1 wins 0, 1 draw\n"
               "start x: a draw (neither player can force a win)\n\n"
               "vertex  owner  victory  winner  rank  move\n"
               "x       J_0             draw\n"
               "yy      J_1    V0       J_0     0\n"
               "... 1,199 more positions (--limit 0 shows all)")
    assert solve_in_french(english, "Un jeu : le mien").split("\n") == [
        "Un jeu\u00a0: le mien",
        "1\u202f200 sommets, 1 arête\u202f; J_0 gagne 1\u202f000, J_1 gagne 0, 1 nul",
        "départ x\u00a0: match nul (aucun joueur ne peut forcer la victoire)",
        "",
        "sommet  joueur  victoire  gagnant  rang  coup",
        "x       J_0               nul",
        "yy      J_1     V0        J_0      0",
        "… 1\u202f199 positions de plus (--limit 0 les montre toutes)"]
    with pytest.raises(MissingFrench, match="a new line"):
        solve_in_french("T\na new line\n\nvertex  owner", None)


# the French slips a reader found (issue 48 §4): a preposition not contracted before a
# noun ("de le carnet"), and "bipartites" where the course says "biparties"
FRENCH_SLIPS = re.compile(r"\b(?:de|à) (?:le|les) (?:carnet|graphe|jeu|chapitre|cours|"
                          r"sujet|corrigé|livre)s?\b|\bbipartites?\b")


def test_the_french_pages_and_the_teachers_books_sources_have_no_known_slip(site):
    # (the API reference quotes the library's docstrings, which are English)
    pages = " ".join(_article(p) for p in _french_pages(site) if "reference" not in p.parts)
    assert FRENCH_SLIPS.findall(pages) == []
    found = {p.name: FRENCH_SLIPS.findall(p.read_text("utf-8"))
             for p in (ROOT / "docs" / "fr").glob("*.md")}
    assert {k: v for k, v in found.items() if v} == {}
    # the teachers' notes write {{notebook}} as "le carnet ...": never after "de" or "à"
    notes = " ".join(p.read_text("utf-8") for p in (ROOT / "docs" / "teaching").glob("*.yaml"))
    assert re.findall(r"\b(?:de|à) \{\{notebook\}\}", notes) == []


def test_the_french_bibliography_numbers_its_issues_in_french(site):
    """The French site wrote "vol. 4, no. 2" where the French book writes "n° 2" (issue 61):
    one rule, in coursebuild.course.pages.bibliography.field."""
    text = _article(site / "bibliography" / "index.html")
    assert re.findall(r"\bno\. \d", text) == []
    assert len(re.findall("n\u00b0\u00a0\\d", text)) >= 5
    english = _article(site / "en" / "bibliography" / "index.html")
    assert "n\u00b0" not in english and len(re.findall(r"\bno\. \d", english)) >= 5
