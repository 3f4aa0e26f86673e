"""Exercises on the course pages: each chapter ends with its exercises, each solution is
folded and follows its statement, and no answer appears before its exercise.

An exercise is an ``!!! exercise`` block (written, with a folded ``??? solution`` right
after it) or an ``<!-- exercise: ID -->`` marker (a Python exercise run in the browser,
whose solution the hook folds). No solution is ever written open (``!!! solution`` or
``???+ solution``), and the French and English pages carry the same exercises. A fragment
included in a solution (``--8<-- "fr/NAME.md"``) is an answer: it appears nowhere else on
its page, and the statement that asks for it comes first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p.name for p in (DOCS / "fr").glob("*.md"))
CHAPTERS = ["modelling.md", "plays.md", "attractors.md", "algorithms.md", "strategies.md",
            "chomp.md", "ourson.md", "beyond.md"]
HEADING = {"fr": "## Exercices", "en": "## Exercises"}
SNIPPET = re.compile(r'^(?P<indent>[ \t]*)--8<-- "(?:fr|en)/(?P<name>[a-z0-9-]+)\.md"', re.M)


def _text(lang: str, page: str) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


def _blocks(text: str) -> list[tuple[str, int]]:
    """Top-level blocks in order, with their line numbers: 'exercise' (written),
    'python' (a Python exercise marker), 'solution', 'heading'."""
    kinds = []
    for n, line in enumerate(text.splitlines()):
        if re.match(r"!!! exercise\b", line):
            kinds.append(("exercise", n))
        elif re.match(r"<!-- exercise: [a-z0-9-]+ -->", line):
            kinds.append(("python", n))
        elif re.match(r"(\?\?\?\+?|!!!) solution\b", line):
            assert line.startswith("??? "), f"solution written open: {line!r}"
            kinds.append(("solution", n))
        elif re.match(r"#{1,6} ", line):
            kinds.append(("heading", n))
    return kinds


def _solution_spans(text: str) -> list[tuple[int, int]]:
    """(first, last) line numbers of each folded solution: its title and indented body."""
    lines = text.splitlines()
    spans = []
    for n, line in enumerate(lines):
        if line.startswith("??? solution"):
            end = n
            for m in range(n + 1, len(lines)):
                if lines[m].strip() and not lines[m].startswith((" ", "\t")):
                    break
                end = m
            spans.append((n, end))
    return spans


def _count(text: str) -> int:
    return sum(kind in ("exercise", "python") for kind, _ in _blocks(text))


@pytest.mark.parametrize("page", PAGES)
def test_solutions_follow_their_exercise(page: str) -> None:
    counts = {}
    for lang in ("fr", "en"):
        kinds = [kind for kind, _ in _blocks(_text(lang, page))]
        for k, kind in enumerate(kinds):
            if kind == "solution":
                assert k and kinds[k - 1] == "exercise", (
                    f"{lang}/{page}: solution #{k} not right after a written exercise")
        written = kinds.count("exercise")
        solved = kinds.count("solution")
        if page in CHAPTERS:
            assert solved == written, f"{lang}/{page}: {written} exercises, {solved} solutions"
        counts[lang] = (written, kinds.count("python"))
    assert counts["fr"] == counts["en"], f"{page}: {counts}"


@pytest.mark.parametrize("page", CHAPTERS)
def test_chapter_ends_with_its_exercises(page: str) -> None:
    markers = {}
    for lang in ("fr", "en"):
        text = _text(lang, page)
        headings = [line for line in text.splitlines() if line.startswith("## ")]
        assert headings and headings[-1] == HEADING[lang], (
            f"{lang}/{page}: the last section is {headings[-1:]}, not {HEADING[lang]!r}")
        start = text.index(HEADING[lang] + "\n")
        before = _blocks(text[:start])
        assert not [k for k, _ in before if k in ("exercise", "solution")], (
            f"{lang}/{page}: an exercise or a solution stands before the exercises section")
        # a Python exercise stands in the text only just before the listing that answers it
        for exercise in re.findall(r"<!-- exercise: ([a-z0-9-]+) -->", text[:start]):
            assert exercise in ANSWERED_BY, f"{lang}/{page}: {exercise} before the exercises"
        assert _count(text) >= 3, f"{lang}/{page}: only {_count(text)} exercises"
        markers[lang] = re.findall(r"<!-- exercise: ([a-z0-9-]+) -->", text)
    assert markers["fr"] == markers["en"], f"{page}: Python exercises differ {markers}"


# the Python exercises whose answer the chapter then shows as its listing: each stands just
# before that listing ("write it yourself, then read it"), never after
ANSWERED_BY = {"attractor": "listing-compteurs", "strategy": "listing-strategie",
               "minimax": "listing-minimax"}


@pytest.mark.parametrize("exercise", sorted(ANSWERED_BY))
def test_a_python_exercise_comes_before_the_listing_that_answers_it(exercise: str) -> None:
    """In reading order (the navigation's), the first place an exercise is set comes
    before the first place its answer is printed, in both languages."""
    import yaml

    class _Loader(yaml.SafeLoader):
        pass
    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["nav"]

    def files(items):
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            yield from (files(value) if isinstance(value, list) else [value])

    for lang in ("fr", "en"):
        text = "\n".join((DOCS / lang / page).read_text(encoding="utf-8")
                         for page in files(nav) if page.endswith(".md"))
        set_at = text.index(f"<!-- exercise: {exercise} -->")
        shown_at = text.index(f'--8<-- "{lang}/{ANSWERED_BY[exercise]}.md"')
        assert set_at < shown_at, f"{lang}: {exercise} is set after its answer is shown"
        between = text[set_at:shown_at]
        assert between.count("\n") < 8, f"{lang}: {exercise} is far from its listing"


def test_enough_exercises_in_all() -> None:
    for lang in ("fr", "en"):
        written = {page: sum(k == "exercise" for k, _ in _blocks(_text(lang, page)))
                   for page in CHAPTERS}
        assert sum(written.values()) >= 25, f"{lang}: {written}"
        # every chapter has written exercises with solutions, not only Python ones
        assert all(n >= 2 for n in written.values()), f"{lang}: {written}"


@pytest.mark.parametrize("page", PAGES)
def test_no_answer_before_its_exercise(page: str) -> None:
    for lang in ("fr", "en"):
        text = _text(lang, page)
        spans = _solution_spans(text)
        inside, outside = set(), []
        for m in SNIPPET.finditer(text):
            line = text.count("\n", 0, m.start())
            if any(a <= line <= b for a, b in spans):
                inside.add(m.group("name"))
            else:
                outside.append((m.group("name"), line))
        early = [(name, line + 1) for name, line in outside if name in inside]
        assert not early, f"{lang}/{page}: answers shown outside their solution: {early}"
        assert "bench" not in inside, f"{lang}/{page}: an exercise depends on the benchmark"


def test_game_sizes_only_in_its_solution() -> None:
    """The modelling page used to print the game sizes before asking for them."""
    for lang in ("fr", "en"):
        text = _text(lang, "modelling.md")
        ask = text.index("!!! exercise")
        include = f'--8<-- "{lang}/game-sizes.md"'
        assert text.count(include) == 1 and text.index(include) > ask
        other = [p for p in PAGES if p != "modelling.md" and include in _text(lang, p)]
        assert not other, other


def test_strategies_page_keeps_the_draws_of_exercise_4_2_for_its_solution() -> None:
    for lang in ("fr", "en"):
        text = _text(lang, "strategies.md")
        assert "`k` et `l` sont des matchs nuls" not in text
        assert "`k` and\n`l` are draws" not in text and "`k` and `l` are draws" not in text


def test_answer_fragments_are_computed_the_same_in_both_languages() -> None:
    """The solutions' numbers come from the build; both languages give the same ones."""
    from coursebuild.fragments import registry

    fragments = registry()
    used = set()
    for lang in ("fr", "en"):
        for page in CHAPTERS:
            text = _text(lang, page)
            for a, b in _solution_spans(text):
                body = "\n".join(text.splitlines()[a:b + 1])
                used |= {m.group("name") for m in SNIPPET.finditer(body)}
    missing = used - set(fragments)
    assert not missing, f"solutions include unknown fragments: {missing}"
    for name in sorted(n for n in used if n.startswith(("ex-", "ex313"))):
        texts = fragments[name]()
        digits = {lang: re.findall(r"\d+", texts[lang]) for lang in ("fr", "en")}
        assert digits["fr"] == digits["en"], name


def test_exercise_facts() -> None:
    """A few answers checked here against the definitions, not against the fragments."""
    from arena.games import nim
    from coursebuild.fragments import registry
    from coursebuild.pages.plays import _maximal_plays

    g = nim(4, [1, 2])
    plays = _maximal_plays(g, g.start)
    # compositions of 4 into parts 1 and 2; J_0 wins the plays with an odd number of moves
    assert sorted(len(p) - 1 for p in plays) == [2, 3, 3, 3, 4]
    assert [g.victory(p[-1]) for p in plays if (len(p) - 1) % 2] == [0, 0, 0]
    assert re.search(r"2 × 2 × 2 × 1 = <span [^>]*>8</span> strategies",
                     registry()["ex-nim4-strategies"]()["en"])
    text = registry()["ex313-solution"]()["en"]
    assert "| `f` | 0 | 2 |" in text and "Both columns add up to 9" in text


def test_built_pages_show_the_game_sizes_only_folded(site) -> None:
    """In the built pages, the table of game sizes is inside a folded solution only."""
    for page, row in (("modelling/index.html", "Puissance 4, 5 lignes"),
                      ("en/modelling/index.html", "Connect-4, 5 rows")):
        html = (site / page).read_text(encoding="utf-8")
        assert html.count(row) == 1
        unfolded = re.sub(r'<details class="solution".*?</details>', "", html, flags=re.S)
        assert row not in unfolded, page
        assert "<details class=\"solution\" open" not in html


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_exercises_page_lists_the_python_exercises_where_they_are(lang: str) -> None:
    """The exercises page does not reprint the Python exercises (issue 24.2): it lists
    them by chapter, as the chapters set them."""
    from coursebuild.python_exercises import EXERCISES

    text = _text(lang, "exercises.md")
    assert "<!-- exercise:" not in text
    head = "## Exercices en Python" if lang == "fr" else "## Exercises in Python"
    listed = {}
    for page, titles in re.findall(r"^- \[[^\]]+\]\(([a-z]+\.md)\) ?: (.*?)[;.]$",
                                   " ".join(text[text.index(head):].split("\n  ")), re.M):
        listed[page] = [t.strip().lower() for t in titles.split(";")]
    wanted = {}
    for page in listed:
        ids = re.findall(r"<!-- exercise: ([a-z0-9-]+) -->", _text(lang, page))
        wanted[page] = [EXERCISES[i].title[lang].lower() for i in ids]
    assert listed == wanted
    assert sum(map(len, listed.values())) == len(EXERCISES)
