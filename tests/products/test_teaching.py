"""The teachers' guide as teaching material (issue 39 §3): every chapter of the course has
its notes in both languages (outcomes, syllabus, plan, misconceptions, bank problems),
every exercise, problem and fact they name exists and is written with its current number
or value, the counterexamples' numbers are the solver's, and the build manual is in the
appendix page of the teachers' tab, not in the teacher's book."""

from __future__ import annotations

import re
import subprocess
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT
from coursebuild.products import teaching
from coursebuild.sources import exercise_source

PARTS = ("outcomes", "syllabus", "plan", "misconceptions", "bank")


def _page(site: Path, lang: str, page: str) -> str:
    return (site / ("" if lang == "fr" else "en") / page / "index.html").read_text("utf-8")


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&nbsp;", " ").split())


# ---------------------------------------------------------------------------------------
# every chapter, both languages, the same structure


def test_every_chapter_of_the_course_has_its_notes():
    notes = teaching.notes()
    for lang in LANGS:
        pages = [page for _, page, _ in teaching.chapters(lang)]
        assert len(pages) == 11 and pages[0] == "modelling" and pages[-1] == "othergames"
        assert sorted(notes) == sorted(pages)
    for n in notes.values():
        assert n.plan and len(n.misconceptions) >= 3, n.page
        assert {s.kind for s in n.plan} <= set(teaching.KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_shows_each_chapters_five_parts(site, lang):
    html = _page(site, lang, "teachers")
    for _, page, _ in teaching.chapters(lang):
        for part in PARTS:
            assert f'id="notes-{page}-{part}"' in html, (page, part)
    # the overview sums each chapter's sessions: the core's, then all (issue 49 §3: the
    # optional chapters are summed apart)
    total = sum(s.hours for n in teaching.notes().values() for s in n.plan)
    core = sum(s.hours for n in teaching.notes().values() if not n.optional for s in n.plan)
    shown = [int(h) for h in re.findall(r"<strong>(\d+) h</strong>", html)]
    assert len(shown) == 2 * len(teaching.KINDS) and core < total
    assert sum(shown[:3]) == core and sum(shown[3:]) == total


def test_both_languages_name_the_same_things():
    """Each text of the notes refers, in French and in English, to the same exercises,
    problems, facts and figures (a translation that drops a reference is caught)."""
    for n in teaching.notes().values():
        for where, text in n.texts():
            refs = {lang: Counter((m["kind"].lower(), m["arg"])
                                  for m in teaching.REFERENCE.finditer(text[lang]))
                    for lang in LANGS}
            assert refs["fr"] == refs["en"], (n.page, where)
            figures = {lang: re.findall(r"<!-- figure: (\S+) -->", text[lang]) for lang in LANGS}
            assert figures["fr"] == figures["en"], (n.page, where)


def _notes_file(tmp_path: Path, body: str, name: str = "03-attractors.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


GOOD = """\
    page: attractors
    outcomes: {fr: "- un", en: "- one"}
    syllabus: {fr: "- un", en: "- one"}
    plan:
      - {kind: lecture, hours: 1, fr: "cours", en: "lecture"}
    misconceptions:
      - title: {fr: "t", en: "t"}
        belief: {fr: "b", en: "b"}
        reveal: {fr: "{{ex:growth}}", en: "{{ex:growth}}"}
    prerequisites: {fr: "- un", en: "- one"}
    oral:
      - question: {fr: "q1", en: "q1"}
        answer: {fr: "a1", en: "a1"}
      - question: {fr: "q2", en: "q2"}
        answer: {fr: "a2", en: "a2"}
      - question: {fr: "q3", en: "q3"}
        answer: {fr: "a3", en: "a3"}
"""


@pytest.mark.parametrize(("change", "message"), [
    (("en: \"- one\"}\n    syllabus", "en: \"\"}\n    syllabus"), r"outcomes: en is empty"),
    (("{fr: \"- un\", en: \"- one\"}\n    plan", "{fr: \"- un\"}\n    plan"),
     r"syllabus: give both languages"),
    (("en: \"- one\"}\n    syllabus", "en: \"- one\\n- two\"}\n    syllabus"),
     r"outcomes: a list .* \(1 in fr, 2 in en\)"),
    (("kind: lecture", "kind: seminar"), r"plan\[1\]: kind 'seminar' is none of"),
    (("hours: 1", "hours: 1.5"), r"plan\[1\]: hours '1.5' is not a whole number"),
    (("page: attractors", "page: attractors\n    homework: x"), r"homework: unknown key"),
    (('{fr: "{{ex:growth}}", en: "{{ex:growth}}"}', '{fr: "{{ex:growth}}", en: "{{ex:grow}}"}'),
     r"reveal.en: \{\{ex:grow\}\} names no exercise"),
    (('{fr: "{{ex:growth}}", en: "{{ex:growth}}"}', '{fr: "{{fact:nope}}", en: "x"}'),
     r"reveal.fr: \{\{fact:nope\}\} names no fact"),
    (('{fr: "{{ex:growth}}", en: "{{ex:growth}}"}', '{fr: "{{bank:nope}}", en: "x"}'),
     r"\{\{bank:nope\}\} names no bank"),
    (('{fr: "{{ex:growth}}", en: "{{ex:growth}}"}', '{fr: "voir le cours", en: "x"}'),
     r"misconceptions\[1\].reveal.fr: name the exercise, the problem or the counterexample"),
    (('{fr: "{{ex:growth}}", en: "{{ex:growth}}"}', '{fr: "{{notebook}}", en: "x"}'),
     r"the chapter's notebook is written \{\{notebook\}\}, where it has one"),
    (("      - question: {fr: \"q3\", en: \"q3\"}\n        answer: {fr: \"a3\", en: \"a3\"}\n",
      ""), r"oral: 3 to 5 oral questions, not 2"),
    (("answer: {fr: \"a2\", en: \"a2\"}", "answer: {fr: \"a2\"}"),
     r"oral\[2\].answer: give both languages"),
    (("page: attractors", "page: attractors\n    optional: maybe"),
     r"optional: true or false, not 'maybe'"),
    (("    prerequisites: {fr: \"- un\", en: \"- one\"}\n", ""), r"prerequisites: give both"),
])
def test_notes_that_cannot_be_right_are_refused(tmp_path, change, message):
    assert GOOD.count(change[0]) >= 1, change[0]
    path = _notes_file(tmp_path, GOOD.replace(change[0], change[1], 1))
    with pytest.raises(teaching.NotesError, match=message) as caught:
        teaching.check_references(teaching.read_file(path))
    assert "03-attractors.yaml" in str(caught.value)


def test_a_good_file_reads_and_a_chapter_out_of_place_is_refused(tmp_path):
    notes = teaching.read_file(_notes_file(tmp_path, GOOD))
    teaching.check_references(notes)
    assert notes.chapter == 3 and notes.plan[0].hours == 1
    with pytest.raises(teaching.NotesError, match="is chapter 3 of the students' book, not 4"):
        teaching.chapter_markdown(3, "Attractors", teaching.read_file(
            _notes_file(tmp_path, GOOD, "04-attractors.yaml")), "en")


# ---------------------------------------------------------------------------------------
# what the notes name exists, with its current number


@pytest.mark.parametrize("lang", LANGS)
def test_every_exercise_the_notes_name_is_written_with_its_number(site, lang):
    html = _page(site, lang, "teachers")
    word = "exercices?" if lang == "fr" else "exercises?"
    by_anchor = {(e.page, e.anchor): e for e in exercise_source.exercises().values()}
    links = re.findall(r'<a href="\.\./([a-z]+)/#(ex-\d+-\d+)">((?:' + word
                       + r' )?(\d+\.\d+))</a>', html, re.I)
    assert len(links) > 60
    for page, anchor, _, number in links:
        assert by_anchor[page, anchor].number == number, (page, anchor, number)
    used = {m["arg"] for n in teaching.notes().values() for _, text in n.texts()
            for m in teaching.REFERENCE.finditer(text[lang]) if m["kind"].lower() == "ex"}
    assert {by_anchor[p, a].id for p, a, _, _ in links} >= used


@pytest.mark.parametrize("lang", LANGS)
def test_every_problem_the_notes_name_is_on_the_bank_page(site, lang):
    html, bank = _page(site, lang, "teachers"), _page(site, lang, "bank")
    named = set(re.findall(r'href="\.\./bank/#bank-([a-z0-9-]+)"', html))
    from coursebuild.course import bank as problems

    assert named == set(problems.problems())       # the tables name every problem
    for pid in named:
        assert f'id="bank-{pid}"' in bank


def test_the_bank_tables_are_made_from_the_banks_data(monkeypatch):
    from coursebuild.course import bank

    real = teaching.bank_table("beyond", "en")
    rows = [line for line in real.splitlines()[2:] if line.startswith("| [")]
    mine = [p for p in bank.problems().values() if p.chapter == "beyond"]
    assert len(rows) == len(mine) >= 2
    for row, p in zip(rows, mine):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == f"[{p.title['en']}](bank.md#bank-{p.id})"
        assert cells[1:4] == ["yes" if u in p.uses else "" for u in
                              ("homework", "tutorial", "exam")]
        assert cells[4:] == [f"{p.minutes} min", str(p.points)]

    class Fake:
        id, chapter, uses, minutes, points = "fake", "beyond", frozenset({"exam"}), 77, 13
        title = {"fr": "Faux", "en": "Fake"}

    monkeypatch.setattr(teaching, "_problems", lambda: {"fake": Fake()})
    assert teaching.bank_table("beyond", "en").splitlines()[2] == \
        "| [Fake](bank.md#bank-fake) |  |  | yes | 77 min | 13 |"
    assert teaching.bank_table("plays", "fr") == \
        "La banque n'a pas de problème pour ce chapitre.\n"


# ---------------------------------------------------------------------------------------
# the counterexamples are the solver's


def test_the_specifications_example_loops_and_its_numbers_are_computed():
    """SPEC §3: the numbering gives x 3 and z 2, z's rank is 4; strategie plays x -> z and
    J_1 answers z -> x. Checked here by the definition (the naive fixpoint) and by playing
    the moves, not by the functions the page uses."""
    from arena.course import naive_attractor
    from arena.strategies import play
    from coursebuild.course import teaching_facts
    from coursebuild.course.pages import teachers

    g = teachers.spec_loop_arena()
    ranks = naive_attractor(g, 0)
    assert ranks["x"] == 3 and ranks["z"] == 4
    f = teachers.spec_loop()
    assert f["numbers"]["z"] == 2 and f["numbers"]["x"] == 3
    assert play(g, {**f["moves"], "z": "x", "a": "b"}) == ("x", "z", "x")
    assert f["loop"] == ["x", "z", "x"] and f["move"] == "a"
    en = teaching_facts.note_facts("en")
    assert en["spec-numbers"] == "z gets the number 2 but has rank 4; x gets the number 3, its rank"
    assert "| `z` | $J_1$ | 4 | 2 |  |" in en["spec-loop-table"]


def test_the_other_counterexamples_are_the_solvers_and_the_checkers():
    import sys

    from arena.course import naive_attractor
    from arena.games import chomp
    from coursebuild.course import teaching_facts

    for m, n in ((1, 2), (2, 1)):
        g = chomp(m, n)
        assert naive_attractor(g, 0)[g.start] == 1          # by the definition
    en = teaching_facts.note_facts("en")
    assert en["chomp-thin-bars"].endswith("and the start has rank 1")
    assert "Call: fixpoint_attractor({0: []}, {}, {})\nExpected: {}\nObtained: {0: None}" in \
        en["dead-end-check"]
    assert "RecursionError) on a chain of 4001 vertices" in en["recursion-check"]
    assert en["recursion-limit-value"] == f"{sys.getrecursionlimit():,}"
    assert en["bouton-123"].endswith("won by $J_1$, the second player, within 6 moves")
    fr = teaching_facts.note_facts("fr")
    assert "Appel\u00a0: attracteur_naif({0: []}, {}, {})" in fr["dead-end-check"]


def test_the_notes_write_the_facts_they_are_given(monkeypatch):
    """No number of a counterexample is typed: replace a fact, and the page says the new
    value."""
    from coursebuild.course import teaching_facts

    real = teaching_facts.note_facts("en")
    monkeypatch.setattr(teaching_facts, "note_facts",
                        lambda lang: {**real, "spec-numbers": "SENTINEL 12345"})
    n = teaching.notes()["algorithms"]
    assert "SENTINEL 12345" in teaching.chapter_markdown(4, "Computing the attractor", n, "en")


# ---------------------------------------------------------------------------------------
# the build manual: in the appendix page, not in the teacher's book


BUILD_MANUAL = ("make figures", "make serve", "make bench", "--max-positions", "--help",
                "manifest.json", "nim-graph-a", "arena render")


def _book_text(lang: str) -> str:
    from coursebuild.documents import book

    pdf = ROOT / "build" / "pdf" / book.book_name(lang, "teachers")
    if not pdf.exists():
        pytest.skip("make site typesets the books")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return " ".join(text.replace("\u00ad", "").split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_book_has_no_build_manual_and_the_appendix_has_it(site, lang):
    book_text = _book_text(lang)
    for words in BUILD_MANUAL:
        assert words not in book_text, words
    assert not re.search(r"(?i)\b(usage|utilisation) ?: arena", book_text)
    # the teaching notes are there, with their counterexamples computed
    from coursebuild.course import teaching_facts

    assert book_text.count("Les erreurs des élèves" if lang == "fr"     # (and the contents)
                           else "Students’ misconceptions") >= 11
    assert "4001" in book_text
    appendix = _text(_page(site, lang, "building"))
    for words in BUILD_MANUAL:
        assert words in appendix, words
    assert ("utilisation : arena" if lang == "fr" else "usage: arena") in \
        appendix.replace("\u00a0", " ")
    assert teaching_facts.NOTE_FACTS           # the notes' facts are registered


def test_a_play_the_figure_shows_is_not_a_drawn_play():
    """Fresh reading (issue 61): chapter 2's notes (on the slides' notes pages) said "The
    chapter's drawn play" for the play its figure shows; in a course where a draw is a
    result, a drawn play reads as a play that ends in a draw."""
    for path in sorted((ROOT / "docs" / "teaching").glob("*.yaml")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert not re.search(r"\bdrawn (?:play|plays|game|games)\b", text), path.name
    notes = (ROOT / "docs" / "teaching" / "02-plays.yaml").read_text(encoding="utf-8")
    assert "The play the chapter's figure shows, on Nim with 10 sticks" in notes


def test_the_english_notes_point_at_no_french_source_outside_the_syllabus():
    """Fresh reading (issue 61): the English misconceptions, printed on the slides' notes
    pages, said "Definition 18 of the game-theory chapter makes the same mistake",
    "Formula (9) of the game-theory chapter", "the reference chapter's function strategy"
    (French source texts, which the English edition keeps to the guide's appendix, and
    which read as the course's own chapter 10 being wrong). Only the syllabus part,
    printed in that appendix, names them."""
    import yaml

    def strings(x, path=()):
        if isinstance(x, dict):
            for k, v in x.items():
                if k != "syllabus":
                    yield from strings(v, (*path, k))
        elif isinstance(x, list):
            for v in x:
                yield from strings(v, path)
        elif isinstance(x, str) and path and path[-1] == "en":
            yield x

    found = []
    for path in sorted((ROOT / "docs" / "teaching").glob("*.yaml")):
        for text in strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            m = re.search(r"(?i)game-theory chapter|reference chapter", " ".join(text.split()))
            if m:
                found.append((path.name, " ".join(text.split())[:80]))
    assert found == []


def test_the_ourson_notes_say_each_rise_of_the_rank_whole():
    """'leurs coups y font passer le rang de 7 à 8 et 5 à 10' lacked its second 'de', and
    'L'exercice 8.2 ; en 0450...' opened its fact on a semicolon (a fresh reading, issue
    61)."""
    from coursebuild.course import teaching_facts

    for lang, rise in (("fr", r"(\w+) \d+ à \d+"), ("en", r"(\w+) \d+ to \d+")):
        fact = teaching_facts.NOTE_FACTS["ourson-stay-in-attractor"]()[lang]
        words = re.findall(rise, fact)
        assert len(words) >= 2 and set(words) == {"de" if lang == "fr" else "from"}, fact
    fr, en = (teaching.notes()["ourson"].misconceptions[0].reveal[lang]
              for lang in ("fr", "en"))
    assert fr.startswith("L'{{ex:article-rank}} : "), fr
    assert en.startswith("{{Ex:article-rank}}: "), en


def test_the_dilemma_note_says_only_one_year_as_a_sentence_does():
    """'se taire tous deux ne coûterait que 1 an' (a fresh reading, issue 61): French
    elides before 'un', and a sentence spells the year it counts."""
    from coursebuild.course import teaching_facts

    fact = teaching_facts.NOTE_FACTS["dilemma-outcome"]()
    assert "ne coûterait qu'un an" in fact["fr"] and "que 1 an" not in fact["fr"], fact
    assert fact["en"].endswith("would cost only one year"), fact
