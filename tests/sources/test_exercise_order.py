"""The course's exercises, each written once (``docs/exercises``, read by
:mod:`coursebuild.sources.exercise_source`), on their chapters: both languages complete, one
numbering (chapter.number, the book's chapters), each chapter ending with its exercises,
each solution folded right after its statement, a "write it yourself" exercise set where
the student has what it needs with its listing behind the fold, and no answer before its
exercise: no fragment of a solution shown openly, and no winner or rank of a game that an
exercise asks for stated earlier in the course, in a table or in a sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.documents.chapter_text import page_text
from coursebuild.sources import exercise_source
from coursebuild.sources.exercise_source import exercises

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
CHAPTERS = ["modelling", "plays", "attractors", "algorithms", "strategies", "chomp", "ourson",
            "beyond"]
HEADING = {"fr": "## Exercices", "en": "## Exercises"}
SNIPPET = re.compile(r'^(?P<indent>[ \t]*)--8<-- "(?:fr|en)/(?P<name>[a-z0-9-]+)\.md"', re.M)
MARK = re.compile(r"<!-- (figure|stepper|game|trace): ([a-z0-9 -]+) -->")


def _raw(lang: str, page: str) -> str:
    return (DOCS / lang / f"{page}.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------
# the source


def test_every_exercise_is_complete_in_both_languages() -> None:
    """The same figures, widgets, fragments and numbers in both languages of each text."""
    for e in exercises().values():
        for part in ("statement", "solution"):
            texts = {lang: e.text(part, lang) for lang in ("fr", "en")}
            marks = {lang: MARK.findall(t) for lang, t in texts.items()}
            assert marks["fr"] == marks["en"], (e.number, part, marks)
            pieces = {lang: [m["name"] for m in SNIPPET.finditer(t)]
                      for lang, t in texts.items()}
            assert pieces["fr"] == pieces["en"], (e.number, part, pieces)
            for lang, t in texts.items():      # each language includes its own fragments
                other = "en" if lang == "fr" else "fr"
                assert f'"{other}/' not in t, (e.number, part, lang)
            numbers = {lang: sorted(re.findall(r"(?<![\w{^_])\d+(?![\w}])", _words(t)))
                       for lang, t in texts.items()}
            assert numbers["fr"] == numbers["en"], (e.number, part, numbers)
        assert e.title["fr"] and e.title["en"]
    assert len(exercises()) >= 44
    assert sum(not e.python for e in exercises().values()) >= 34


def _words(text: str) -> str:
    """A text without what only one language writes: fragment names, links' targets,
    French thousands separators."""
    text = re.sub(r'--8<-- "[^"]*"|\]\([^)]*\)|<[^>]+>', " ", text)
    return re.sub(r"(\d)[\u202f\u00a0 ](\d{3})\b", r"\1\2", text)


def test_a_player_is_not_it_in_english() -> None:
    """Issue 36: one pronoun for a player, not "it" ("as many sticks as it likes")."""
    it = re.compile(r"\b(it|its) (has lost|has won|likes|first move|turn)\b|stuck: it\b")
    found = [(e.number, m[0]) for e in exercises().values()
             for part in ("statement", "solution")
             for m in it.finditer(e.text(part, "en"))]
    assert found == []
    said = " ".join(e.text(part, "en") for e in exercises().values()
                    for part in ("statement", "solution"))
    assert "they have lost" in said and "as many sticks as they like" in said


def test_the_numbers_are_the_books_chapters_then_the_order_of_each_chapter() -> None:
    """Exercise 3.2 is the second exercise of the book's chapter 3, on both sites."""
    for lang in ("fr", "en"):
        _, _, pages = book.book_pages(lang, "/", "students")
        numbered = [p.url.strip("/") for p in pages if p.numbered]
        by_page = exercise_source.by_page()
        assert set(by_page) <= set(numbered)
        for page, found in by_page.items():
            chapter = numbered.index(page) + 1
            assert [e.number for e in found] == [f"{chapter}.{k}" for k in
                                                  range(1, len(found) + 1)], page
            exercise_source.check_page(_raw(lang, page), page, lang)


def test_a_page_whose_markers_differ_from_its_file_is_refused() -> None:
    text = _raw("en", "attractors")
    swapped = text.replace("<!-- exercise: growth -->", "<!-- exercise: X -->").replace(
        "<!-- exercise: least-stable-set -->", "<!-- exercise: growth -->").replace(
        "<!-- exercise: X -->", "<!-- exercise: least-stable-set -->")
    with pytest.raises(exercise_source.SourceError, match="in another order"):
        exercise_source.check_page(swapped, "attractors", "en")
    with pytest.raises(exercise_source.SourceError, match=r"missing \['growth'\]"):
        exercise_source.check_page(text.replace("<!-- exercise: growth -->", ""),
                                   "attractors", "en")


def test_a_faulty_exercise_file_is_refused_with_the_file_the_exercise_and_the_key(
        tmp_path) -> None:
    good = (DOCS / "exercises" / "03-attractors.yaml").read_text(encoding="utf-8")
    cases = [
        (good.replace('number: "3.2"', 'number: "3.3"', 1), "exercise 2: number is '3.3'"),
        (good.replace("    en: |\n      Prove by induction on $n$", "    de: |\n      Prove by "
                      "induction on $n$", 1), "exercise 3.1: statement must give both"),
        (good.replace("  id: growth\n", "  id: growth\n  hint: x\n", 1), "unknown key 'hint'"),
        (good.replace("exercice {{ref:growth}}", "exercice {{ref:gowth}}", 1),
         "which is no exercise's id"),
        (good.replace("Montrer par récurrence sur $n$", "Montrer pour {{n}}", 1),
         "writes {{n}}, which params does not give"),
    ]
    for text, words in cases:
        path = tmp_path / "03-attractors.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(exercise_source.SourceError, match=re.escape(words)):
            # references are checked across the files, once every file is read
            exercise_source.check_references(exercise_source.read_file(path),
                                             set(exercises()))


def test_a_parameter_is_written_in_the_text_and_read_by_its_answer() -> None:
    nim15 = exercise_source.get("nim15")
    assert nim15.ints("rule") == [2, 3, 5] and nim15.int("n") == 15
    assert "Nim avec 15 bâtonnets" in nim15.text("statement", "fr")
    assert r"$\{ 2, 3, 5 \}$" in nim15.text("statement", "en")
    assert exercise_source.get("nim12-strategy").heading("en") == (
        "Exercise 5.1 (Nim with the rule {1, 3, 4})")
    assert exercise_source.by_number("6.2").id == "graph-game"


# ---------------------------------------------------------------------------------------
# the chapters


@pytest.mark.parametrize("page", CHAPTERS)
def test_chapter_ends_with_its_exercises(page: str) -> None:
    for lang in ("fr", "en"):
        text = _raw(lang, page)
        headings = [line for line in text.splitlines() if line.startswith("## ")]
        assert headings and headings[-1] == HEADING[lang], (
            f"{lang}/{page}: the last section is {headings[-1:]}, not {HEADING[lang]!r}")
        start = text.index(HEADING[lang] + "\n")
        assert "!!! exercise" not in text and "??? solution" not in text, (
            f"{lang}/{page}: an exercise written in the chapter, not in docs/exercises")
        # before the exercises section: only the "write it yourself" exercises
        early = re.findall(r"<!-- exercise: ([a-z0-9-]+) -->", text[:start])
        assert set(early) <= set(WRITE_IT_YOURSELF), f"{lang}/{page}: {early}"
        assert all(exercise_source.get(e).python for e in early)
        found = exercise_source.by_page()[page]
        assert sum(not e.python for e in found) >= 2, f"{page}: too few written exercises"


# a programming exercise set in the text ("write it yourself"): (what it needs, shown in
# the text before it; the listing that answers it, shown only in its solution; a listing
# of the text that answers it too, which comes after it)
WRITE_IT_YOURSELF = {
    "attractor": ("recursion-limit", None, "listing-file"),
    "strategy": ("listing-compteurs", "listing-strategie", None),
    "minimax": (None, "listing-minimax", None),
}


@pytest.mark.parametrize("exercise_id", sorted(WRITE_IT_YOURSELF))
def test_a_write_it_yourself_exercise_comes_after_what_it_needs_and_before_its_answer(
        exercise_id: str) -> None:
    """Its answer is behind a real break: in its folded solution (the book moves it to the
    chapter's solutions), never in the chapter's text; what it needs comes before it."""
    needs, answer, later = WRITE_IT_YOURSELF[exercise_id]
    exercise = exercise_source.get(exercise_id)
    for lang in ("fr", "en"):
        text = _raw(lang, exercise.page)
        at = text.index(f"<!-- exercise: {exercise_id} -->")
        if needs:
            assert text.index(f'--8<-- "{lang}/{needs}.md"') < at, (lang, exercise_id)
        if later:
            assert text.index(f'--8<-- "{lang}/{later}.md"') > at, (lang, exercise_id)
        if answer:
            include = f'--8<-- "{lang}/{answer}.md"'
            assert include in exercise.text("solution", lang)
            everywhere = [p for p in CHAPTERS + ["exercises"] if include in _raw(lang, p)]
            assert everywhere == [], f"{lang}: {answer} shown in the text of {everywhere}"


def test_the_built_pages_fold_the_listing_of_a_write_it_yourself_exercise(site) -> None:
    from bs4 import BeautifulSoup

    from coursebuild.sources import glossary

    heads = {"listing-strategie": "def strategie(A, Si,",
             "listing-minimax": "def minimax(p, profondeur, joueur_max"}
    for root in (site, site / "en"):
        for exercise_id, (_, answer, _) in WRITE_IT_YOURSELF.items():
            if answer is None:
                continue
            page = exercise_source.get(exercise_id).page
            soup = BeautifulSoup((root / page / "index.html").read_text("utf-8"), "lxml")
            block = soup.select_one(f'div.arena-exercise[data-exercise="{exercise_id}"]')
            fold = block.select_one("details.arena-exercise-solution")
            head = heads[answer] if root == site else glossary.english(heads[answer])
            assert head in fold.get_text(), (root, answer)
            fold.decompose()
            assert head not in soup.get_text(), (root, answer)


def _text(html: str) -> str:
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "", html))


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


@pytest.mark.parametrize("page", CHAPTERS + ["exercises"])
def test_no_fragment_of_a_solution_is_shown_outside_it(page: str) -> None:
    for lang in ("fr", "en"):
        text = page_text(lang, page)
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
        include = f'--8<-- "{lang}/game-sizes.md"'
        assert include in exercise_source.get("game-sizes").text("solution", lang)
        other = [p for p in CHAPTERS + ["exercises"] if include in _raw(lang, p)]
        assert not other, other


def test_strategies_page_keeps_the_draws_of_exercise_6_2_for_its_solution() -> None:
    for lang in ("fr", "en"):
        text = page_text(lang, "strategies")
        assert "`k` et `l` sont des matchs nuls" not in text
        assert "`k` and\n`l` are draws" not in text and "`k` and `l` are draws" not in text


def test_answer_fragments_are_computed_the_same_in_both_languages() -> None:
    """The solutions' numbers come from the build; both languages give the same ones."""
    from coursebuild.products.fragments import registry

    fragments = registry()
    used = set()
    for e in exercises().values():
        for lang in ("fr", "en"):
            used |= {m.group("name") for m in SNIPPET.finditer(e.text("solution", lang))}
    missing = used - set(fragments)
    assert not missing, f"solutions include unknown fragments: {missing}"
    for name in sorted(n for n in used if n.startswith("ex")):
        texts = fragments[name]()
        digits = {lang: re.findall(r"\d+", texts[lang]) for lang in ("fr", "en")}
        assert digits["fr"] == digits["en"], name


def test_exercise_facts() -> None:
    """A few answers checked here against the definitions, not against the fragments."""
    from arena.games import nim
    from coursebuild.course.pages.plays import _maximal_plays
    from coursebuild.products.fragments import registry

    g = nim(4, [1, 2])
    plays = _maximal_plays(g, g.start)
    # compositions of 4 into parts 1 and 2; J_0 wins the plays with an odd number of moves
    assert sorted(len(p) - 1 for p in plays) == [2, 3, 3, 3, 4]
    assert [g.victory(p[-1]) for p in plays if (len(p) - 1) % 2] == [0, 0, 0]
    text = registry()["ex-nim4-strategies"]()["en"]
    assert re.search(r"2 × 2 × 2 × 1 = <span [^>]*>8</span> strategies", text)
    assert "those that play $(4, 0) \\to (3, 1)$ and $(2, 0) \\to (0, 1)$; the choice at " \
           "$(3, 0)$ is free" in text
    text = registry()["ex1-3-solution"]()["en"]
    assert "| `f` | 0 | 2 |" in text and "Both columns add up to 9" in text
    text = registry()["ex-ourson-count"]()["en"]
    assert re.search(r">\$6 \\times 10 \\times 2 = 120\$</span> vertices", text)
    assert re.search(r"reaches only <span [^>]*>118</span> of them: `4021` and `5031` never",
                     text)


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
def test_the_exercises_page_lists_the_python_exercises_where_they_are(site, lang) -> None:
    """The exercises page does not reprint the Python exercises: it lists them by
    chapter, with their numbers, from the same source."""
    root = site if lang == "fr" else site / "en"
    html = (root / "exercises" / "index.html").read_text(encoding="utf-8")
    section = _text(html[html.index('id="exercices-en-python"' if lang == "fr"
                                     else 'id="exercises-in-python"'):])
    python = exercise_source.python_exercises().values()
    assert len(python) == 10
    for e in python:
        title = e.title[lang]
        assert f"{e.number} ({title})" in " ".join(section.split()), (lang, e.number)
    assert 'class="arena-exercise"' not in html


# ---------------------------------------------------------------------------------------
# one numbering everywhere


def test_the_figures_of_an_exercise_are_named_after_its_number() -> None:
    """A figure ``exN-M-...`` belongs to exercise N.M (issue 36: not the sources' numbers)."""
    import json

    manifest = json.loads((DOCS / "figures" / "manifest.json").read_text(encoding="utf-8"))
    named = [e["id"] for e in manifest if re.match(r"ex\d", e["id"])]
    assert len(named) >= 6
    for fid in named:
        number = ".".join(re.match(r"ex(\d+)-(\d+)-", fid).groups())
        exercise = exercise_source.by_number(number)
        texts = "".join(exercise.text(part, lang) for part in ("statement", "solution")
                        for lang in ("fr", "en"))
        shown_elsewhere = [e.number for e in exercises().values() if e is not exercise
                           and fid in e.text("statement", "en") + e.text("solution", "en")]
        assert fid in texts or _on_its_page(fid, exercise), fid
        assert shown_elsewhere == [], (fid, shown_elsewhere)
        assert manifest[[m["id"] for m in manifest].index(fid)]["caption"]["en"].startswith(
            f"Exercise {number}: "), fid


def _on_its_page(fid: str, exercise) -> bool:
    """A figure of the exercise played on its chapter (the games to play against the
    strategy)."""
    return fid in _raw("en", exercise.page)


def test_every_exercise_named_by_its_number_exists(site) -> None:
    """Every "exercice 6.2" / "exercise 6.2" that a page or a notebook writes names an
    exercise of the course, and the chapters refer to no exercise by a bare number."""
    numbers = {e.number for e in exercises().values()}
    pages = list(site.rglob("index.html"))
    assert len(pages) > 30
    for path in pages:
        if "sources" in path.parts or "reference" in path.parts:   # the sources' numbers
            continue
        text = " ".join(_text(path.read_text(encoding="utf-8")).split())
        for m in re.finditer(r"(?i)\bexerci[cs]es? (\d+(?:\.\d+)?)(?!\.?\d|\s*h\b)", text):
            assert m[1] in numbers, f"{path.relative_to(site)}: {m[0]!r}"
    for source in (DOCS / "notebooks").glob("*.py"):
        for m in re.finditer(r"(?i)\bexerci[cs]es? (\d+(?:\.\d+)?)(?!\.?\d|\s*h\b)",
                             source.read_text(encoding="utf-8")):
            assert m[1] in numbers, f"{source.name}: {m[0]!r}"


# ---------------------------------------------------------------------------------------
# no answer before its exercise: the winners and ranks of the games the exercises ask for


def _games(exercise) -> list[re.Pattern]:
    """How a text names the game an exercise is about, from the exercise's parameters:
    Nim with its sticks and its rule, chomp with its bar."""
    p = exercise.params
    if "rule" in p and "n" in p and "grundy" not in exercise.id:
        rule = r"\{\s*" + r",\s*".join(map(str, exercise.ints("rule"))) + r"\s*\}"
        n = rf"(?<![\d.,]){exercise.int('n')}(?![\d])"
        return [re.compile(rf"{rule}.*{n}|{n}.*{rule}")]
    if "rows" in p and "columns" in p:
        return [re.compile(rf"(?i)chomp.*\b{exercise.int('rows')}\s*×\s*"
                           rf"{exercise.int('columns')}\b")]
    return []


_WINNER = re.compile(r"\bJ\s*_?\s*\{?[01]\}?|J[₀₁]|premier joueur|second joueur|first "
                     r"player|second player")
_FACT = re.compile(r"(?i)gagn|perd|\bwins?\b|\bwon\b|\blos(?:e|es|t|ing)\b|\brang\b|\brank\b")


def _normal(text: str) -> str:
    text = text.replace("\\times", "×").replace("\\{", "{").replace("\\}", "}")
    text = re.sub(r"\\[()\[\]]|\$", "", text)
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _units(html: str):
    """The statements of a page in order, with their place: each table row (with its
    table's header) and each sentence of a paragraph, a list item or a caption."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "lxml")
    article = soup.select_one("article") or soup
    for place, e in enumerate(article.find_all(True)):
        if e.get("id", "").startswith("ex-"):
            yield place, "anchor", e["id"]
        if e.name == "tr":
            table = e.find_parent("table")
            head = [_normal(th.get_text(" ")) for th in table.find_all("th")] if table else []
            cells = [_normal(td.get_text(" ")) for td in e.find_all("td")]
            if cells:
                yield place, "row", (head, cells)
        elif e.name in ("p", "li", "figcaption", "summary"):
            text = _normal(e.get_text(" "))
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                yield place, "sentence", sentence


def _states_an_answer(kind: str, unit, game: re.Pattern) -> bool:
    if kind == "sentence":
        return bool(game.search(unit) and _FACT.search(unit) and _WINNER.search(unit)
                    and not unit.rstrip().endswith("?"))
    head, cells = unit
    if not game.search(" | ".join(cells)):
        return False
    columns = [k for k, h in enumerate(head) if _FACT.search(h) or re.search(
        r"(?i)gagnant|winner", h)]
    return any(k < len(cells) and cells[k] and not re.match(r"(?i)exerci", cells[k])
               for k in columns)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_winner_or_rank_of_an_exercise_is_stated_before_it(site, lang) -> None:
    """For each exercise about a game given by its parameters (Nim with n sticks and a rule,
    chomp on a bar), no table row and no sentence before its statement, in the course's
    order (earlier chapters, their solutions and notebooks included), names that game with
    a winner or a rank (issue 36: chapter 1's solution answered exercises 6.1 and 6.3)."""
    _, _, pages = book.book_pages(lang, "/", notebooks=True)
    root = site if lang == "fr" else site / "en"
    asked = [(e, g) for e in exercises().values() for g in _games(e)]
    assert {e.id for e, _ in asked} >= {"nim15", "chomp-2x3", "nim8-by-hand",
                                         "counters-by-hand", "nim12-strategy", "nim4-plays"}
    seen: list[tuple[str, str, object]] = []       # (page, kind, unit) in reading order
    early = []
    checked = set()
    for page in pages:
        html = (root / page.url.lstrip("/") / "index.html").read_text(encoding="utf-8")
        for _, kind, unit in _units(html):
            if kind == "anchor":
                number = unit.removeprefix("ex-").replace("-", ".")
                for exercise, game in asked:
                    if exercise.number != number:
                        continue
                    checked.add(exercise.id)
                    early += [f"exercise {number}: {where}: {str(u)[:120]}"
                              for where, k, u in seen if _states_an_answer(k, u, game)]
                continue
            seen.append((page.url, kind, unit))
    assert early == []
    assert checked == {e.id for e, _ in asked}


def test_the_order_check_sees_a_winner_in_a_table_and_in_a_sentence() -> None:
    """The check above finds what it looks for: chapter 1's old table of game sizes and a
    sentence that gives exercise 6.1's answer."""
    nim15 = exercise_source.get("nim15")
    (game,) = _games(nim15)
    head = ["Jeu", "Positions", "Coups", "Gagnant au départ", "Rang"]
    assert _states_an_answer("row", (head, ["Nim, n = 15, règle {2, 3, 5}", "31", "73",
                                            "J 1", "4"]), game)
    assert not _states_an_answer("row", (head, ["Nim, n = 15, règle {2, 3, 5}", "31", "73",
                                                "exercice 6.1", ""]), game)
    said = _normal(r"Avec 15 bâtonnets et la règle \(\{2, 3, 5\}\), \(J_1\) gagne en 4 coups.")
    assert _states_an_answer("sentence", said, game)
    assert not _states_an_answer("sentence", "Qui gagne au Nim à 15 bâtonnets, règle "
                                             "{2, 3, 5} ?", game)
    (bar,) = _games(exercise_source.get("chomp-2x3"))
    assert _states_an_answer("row", (head, ["Chomp 2 × 3", "18", "42", "J 0", "5"]), bar)
