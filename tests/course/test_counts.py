"""Every count a sentence of the course states is tied to its computation (issue 36 §1).

The built pages are read as a student reads them (chapters, exercises and their
solutions, captions, notebooks' text, the notes on the sources): every number followed
by a noun that counts (positions, vertices, edges, moves, plays, strategies, nodes...) must
come from a registered count (:mod:`coursebuild.course.counts`), which the test computes again
from the library; its noun must be of the count's kind. A count typed by hand, a count the
build wrote from a computation that has since changed, and a count stated with the wrong
noun all fail. Numbers are written in one format per language (5,478 / 5 478)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursebuild.course import counts, pages
from coursebuild.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]
# the teachers' pages speak of the tools (timings, the API's doctests: the guide's appendix
# building/), not of the games; the bank's problems state the numbers of their variants,
# computed by each problem's generator and checked by its own checks (tests/course/test_bank.py);
# the slide pages are the chapters' own sentences, cut into slides (read on the chapters), and
# the play's length, which the plan computes from the solver's play and test_slides checks
# against the start's rank by the definition
NOT_READ = ("teachers", "building", "bank", "reference", "search", "assets", "examples",
            "slides")


def _pages(site: Path, lang: str) -> list[tuple[str, Path]]:
    base = site if lang == "fr" else site / "en"
    found = []
    for path in sorted(base.rglob("index.html")):
        rel = path.parent.relative_to(base).as_posix()
        if lang == "fr" and (rel == "en" or rel.startswith("en/")):
            continue
        if rel.split("/")[0] in NOT_READ:
            continue
        found.append((rel or "index", path))
    assert len(found) >= 20
    return found


def _captions(site: Path) -> dict[str, dict[str, int]]:
    manifest = json.loads((ROOT / "docs" / "figures" / "manifest.json").read_text("utf-8"))
    return {e["id"]: e.get("counts", {}) for e in manifest}


@pytest.fixture(scope="module")
def stated(site):
    """Every count each page states: (lang, page, phrase)."""
    return [(lang, page, phrase) for lang in LANGS for page, path in _pages(site, lang)
            for phrase in counts.count_phrases(path.read_text("utf-8"), lang)]


def test_every_count_a_page_states_is_computed(site, stated):
    captions = _captions(site)
    registry = pages.counts()
    wrong = [problem for lang, page, phrase in stated
             if (problem := counts.check(phrase, lang, page, captions, registry))]
    assert wrong == []
    # the pages do state counts, from every kind of source
    sources = {p.source[0] if p.source else "given" for _, _, p in stated}
    assert sources == {"count", "caption", "given"}
    assert len(stated) > 150


def test_the_ourson_position_count_says_which_graph(site):
    """The solution's 6 × 10 × 2 = 120 positions are all the positions; from the start,
    only 118 are reachable (4021 and 5031 are not), as the theory page counts: both
    counts are stated on the page, each from its own computation."""
    from arena.games import ourson
    from coursebuild.course.pages.theory import reachable_count

    g = ourson()
    assert len(g) == 120 and reachable_count(g) == 118
    for base in (site, site / "en"):
        page = (base / "ourson" / "index.html").read_text("utf-8")
        stated = re.findall(r'<span class="arena-count" data-count="(ourson-positions|'
                            r'ourson-reachable)">(?:<span class="arithmatex">'
                            r'(?:(?!</annotation>).)*?= )?(\d+)', page, re.S)
        assert ("ourson-positions", "120") in stated and ("ourson-reachable", "118") in stated
        solution = page[page.index("6 \\times 10 \\times 2"):]
        # in the same paragraph (its formula typeset: HTML and MathML)
        assert re.search(r'data-count="ourson-reachable">118<', solution[:solution.index("</p>")])


def _page(body: str) -> str:
    return f"<article>{body}</article>"


def test_a_count_typed_by_hand_is_refused():
    phrases = counts.count_phrases(_page("<p>The graph has 118 positions.</p>"), "en")
    assert [(p.number, p.noun, p.source) for p in phrases] == [(118, "positions", None)]
    problem = counts.check(phrases[0], "en", "ourson", {}, pages.counts())
    assert problem is not None and "typed by hand" in problem


def test_a_stale_or_misnamed_count_is_refused():
    registry = pages.counts()
    name = "ourson-reachable"
    right = counts.value(registry[name].compute)
    for body, expected in (
            (f'<span class="arena-count" data-count="{name}">{right + 2}</span> positions',
             f"the count {name} is now {right}"),
            (f'<span class="arena-count" data-count="{name}">{right}</span> moves',
             f"{name} does not count moves"),
            ('<span class="arena-count" data-count="no-such-count">3</span> plays',
             "unknown count 'no-such-count'")):
        (phrase,) = counts.count_phrases(_page(f"<p>It has {body}.</p>"), "en")
        assert expected in (counts.check(phrase, "en", "ourson", {}, registry) or "")
    (phrase,) = counts.count_phrases(_page(
        f'<p>It has <span class="arena-count" data-count="{name}">{right}</span> '
        "positions.</p>"), "en")
    assert counts.check(phrase, "en", "ourson", {}, registry) is None


def test_a_caption_states_only_the_counts_it_was_written_with():
    registry = pages.counts()
    right = counts.value(registry["ourson-positions"].compute)
    html = _page(f'<figure id="fig-ourson-states"><figcaption>The {right} positions and '
                 f"their {right} moves.</figcaption></figure>")
    first, second = counts.count_phrases(html, "fr" if False else "en")
    captions = {"ourson-states": {"ourson-positions": right}}
    assert counts.check(first, "en", "ourson", captions, registry) is None
    assert "not a count the caption" in counts.check(second, "en", "ourson", captions,
                                                      registry)


def test_a_given_is_accepted_only_on_its_pages():
    from arena.games.ourson import MOVE_LIMIT

    (phrase,) = counts.count_phrases(_page(f"<p>after {MOVE_LIMIT} moves</p>"), "en")
    assert counts.check(phrase, "en", "ourson", {}, pages.counts()) is None
    assert "typed by hand" in counts.check(phrase, "en", "chomp", {}, pages.counts())


def test_lists_and_shares_are_each_read():
    html = _page("<p>on the 16 ways, 512 ways and 65,536 ways; 79 of the 120 positions; "
                 "5 des 9 premiers coups</p>")
    assert [p.number for p in counts.count_phrases(html, "en")] == [16, 512, 65536, 79, 120]
    assert [p.number for p in counts.count_phrases(_page(
        "<p>5 des 9 premiers coups, 1\u202f846 sommets</p>"), "fr")] == [5, 9, 1846]


# ---------------------------------------------------------------- one number format

_BARE = re.compile(r"(?<![\w.,\u202f\u00a0/#-])\d{4,}(?![\w.,/-])")
_WRONG = {"fr": re.compile(r"\d,\d{3}(?!\d)|\d(?: |\u00a0)\d{3}(?!\d)"),
          "en": re.compile(r"\d[ \u00a0\u202f]\d{3}(?!\d)")}


def _prose(path: Path) -> list[str]:
    """The text of a page's prose, tables included (code, formulas, links' addresses and
    the exercises' editors left out), one block at a time."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text("utf-8"), "html.parser")
    article = soup.find("article")
    for tag in article.find_all(["pre", "code", "script", "style", "svg", "textarea"]):
        tag.decompose()
    for tag in article.select(".arithmatex, .arena-exercise, .arena-design, .jp-CodeCell"):
        tag.decompose()
    return [block.get_text(" ") for block in article.find_all(["p", "li", "td", "th",
                                                                "figcaption", "dd"])]


@pytest.mark.parametrize("lang", LANGS)
def test_one_number_format_per_language(site, lang):
    """5,478 in English, 5 478 (a thin non-breaking space) in French, from the one
    formatter :func:`coursebuild.sources.markdown.num`; a year is a bare four-digit number, and so
    is the name of a position of the bear cub game (0450: its four digits say where the
    pieces are)."""
    from arena.games import ourson

    names = set(ourson().vertices)
    wrong = []
    for page, path in _pages(site, lang):
        for block in _prose(path):
            for m in _BARE.finditer(block):
                year = len(m.group()) == 4 and 1600 <= int(m.group()) <= 2030
                if not year and m.group() not in names:
                    wrong.append(f"{page}: {m.group()} in “{block.strip()[:80]}”")
            wrong += [f"{page}: {m.group()!r} in “{block.strip()[:80]}”"
                      for m in _WRONG[lang].finditer(block)]
    assert wrong == []
