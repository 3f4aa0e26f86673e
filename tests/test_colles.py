"""`make colles` (issue 63 §2) as the teachers' guide prints it, on the real bank, from a
checkout with no build product: a one-page question set per student of a roster (a graph
and the first three questions of a family, a variant each) and the examiner's page of
answers per student; the same arguments give the same bytes; bad input is one line and
exit status 2."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from project_copy import make, pdf_text, plain

from coursebuild import bank
from coursebuild.bank_samples import _fingerprint, question_marks
from coursebuild.sheets import colles

ROOT = Path(__file__).resolve().parents[1]
ROSTER = "Nom;Prénom\nDurand;Zoé\nMartin;Léo\nNguyễn;Thị Minh\nOkafor;Chidi\n"


def test_a_colle_is_each_family_s_first_three_questions_and_their_answers():
    """For every family that draws a graph: the question set stops before question 4,
    the answers before the answer to question 4, the marking lines are questions 1-3's
    with their total (no TeX needed)."""
    with_graph = 0
    for pid in bank.problems():
        v = bank.variant(pid, 3)
        for lang in ("fr", "en"):
            text = colles.statement(v, lang)
            assert re.findall(r"(?m)^(\d+)\. ", text)[-3:] == ["1", "2", "3"], pid
            assert not re.search(r"(?m)^4\. ", text), pid
            assert v.statement[lang].startswith(text.rstrip()), pid      # cut, not retyped
            answer = colles.answers(v, lang)
            assert "**3.**" in answer and "**4.**" not in answer, pid
            assert v.solution[lang].startswith(answer.rstrip()), pid
            table = colles.marking(v, lang)
            total = sum(question_marks(v.marking[lang])[:3])
            assert table.rstrip().endswith(f"| Total | {total} | |"), pid
            assert question_marks(table) == question_marks(v.marking[lang])[:3], pid
        with_graph += colles.shows_a_figure(v, "fr")
    assert with_graph >= 12


def test_the_families_are_given_in_turn_and_no_variant_twice():
    mine = colles.given(list(colles.DEFAULT_PROBLEMS), 12, 2026)
    assert [v.problem for v in mine] == list(colles.DEFAULT_PROBLEMS) * 4
    for family in colles.DEFAULT_PROBLEMS:
        prints = [_fingerprint(v) for v in mine if v.problem == family]
        assert len(set(prints)) == len(prints) == 4
    assert [v.seed for v in colles.given(["kayles"], 3, 1)] == \
        [v.seed for v in colles.given(["kayles"], 3, 1)]
    assert mine[0].seed != colles.given(list(colles.DEFAULT_PROBLEMS), 1, 2027)[0].seed


needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None or
                               not (ROOT / ".venv" / "bin" / "python").exists(),
                               reason="make colles needs TeX Live and the project's .venv")


def _words(md: str) -> str:
    """A question's first words as the PDF prints them (no formulas, no code)."""
    first = re.split(r"[$`*]", md)[0]
    return " ".join(first.replace("\u2019", "'").split()[:4])


@needs_tex
def test_make_colles_as_typed_in_each_language(checkout, tmp_path):
    roster = tmp_path / "colle.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    names = ["Durand Zoé", "Martin Léo", "Nguyễn Thị Minh", "Okafor Chidi"]
    files = ["01-durand-zoe", "02-martin-leo", "03-nguyen-thi-minh", "04-okafor-chidi"]
    mine = colles.given(list(colles.DEFAULT_PROBLEMS), 4, 2026)
    for lang, key in (("fr", "examinateur"), ("en", "examiner")):
        done = make(checkout, "colles", f"ROSTER={roster}", "SEED=2026", f"LANG={lang}")
        assert f"--lang {lang} --roster {roster}" in done.stdout
        folder = checkout / "build" / "colles" / lang
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            [f"{f}.pdf" for f in files] + [f"{key}.pdf"])
        digest = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                  for p in folder.iterdir()}
        with pikepdf.open(folder / f"{key}.pdf") as pdf:
            assert len(pdf.pages) == 4                      # a page per student
        for k, (name, file, v) in enumerate(zip(names, files, mine, strict=True), 1):
            with pikepdf.open(folder / f"{file}.pdf") as pdf:
                assert len(pdf.pages) == 1, file            # one page each
            sheet = pdf_text(folder / f"{file}.pdf")
            assert plain(name) in plain(sheet)
            title = " ".join(bank.problems()[v.problem].title[lang].split())
            assert title.replace("\u2019", "'") in sheet
            questions = re.split(r"(?m)^\d+\. ", v.statement[lang])
            for q in questions[1:4]:
                assert _words(q) in sheet, (file, _words(q))
            assert _words(questions[4]) not in sheet, file  # question 4 is not asked
            answers = pdf_text(folder / f"{key}.pdf", k)
            assert plain(name) in plain(answers)
            assert f"{v.problem}, {colles.WORDS[lang]['seed']} {v.seed}" in answers
            total = sum(question_marks(v.marking[lang])[:3])
            assert re.search(rf"Total {total}\b", answers), (file, total)
        # the same arguments, the same bytes
        make(checkout, "colles", f"ROSTER={roster}", "SEED=2026", f"LANG={lang}")
        assert digest == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                          for p in folder.iterdir()}
    assert not (checkout / "build" / "colles" / ".work").exists()


@needs_tex
def test_bad_input_is_one_line_and_exit_status_2(checkout, tmp_path):
    before = sorted((checkout / "build" / "colles").rglob("*")) \
        if (checkout / "build" / "colles").exists() else []
    empty = tmp_path / "empty.csv"
    empty.write_text("Nom;Prénom\n", encoding="utf-8")
    cases = [
        (["LANG=de"], "coursebuild: colles: --lang (LANG) 'de': fr or en"),
        ([f"ROSTER={tmp_path}/missing.csv"], f"coursebuild: colles: roster {tmp_path}/missing"
                                             ".csv: No such file or directory"),
        ([f"ROSTER={empty}"], f"coursebuild: colles: roster {empty}: no name in it"),
        (["PROBLEMS=chomp-staircase"], "coursebuild: colles: --problems (PROBLEMS): "
                                       "chomp-staircase draws no graph"),
        (["PROBLEMS=nope"], "coursebuild: colles: --problems (PROBLEMS): unknown problem"),
        (["SEED=x"], "coursebuild: colles: --seed (SEED)"),
    ]
    for args, message in cases:
        done = make(checkout, "colles", "LANG=fr", *args, ok=False)
        assert done.returncode == 2, (args, done.stderr)
        assert message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    after = sorted((checkout / "build" / "colles").rglob("*")) \
        if (checkout / "build" / "colles").exists() else []
    assert [p for p in after if p.suffix == ".pdf"] == [p for p in before if p.suffix == ".pdf"]


def _weeks(lang: str) -> list[tuple[list[int], list[str]]]:
    """The guide's table of the problems for each week's colles: each row's chapters and
    its PROBLEMS."""
    text = (ROOT / "docs" / lang / "teachers.md").read_text(encoding="utf-8")
    rows = re.findall(r"(?m)^\| (\d+)(?: (?:et|and|à|to) (\d+))?\s*:[^|]*\| `([a-z0-9,-]+)` \|$",
                      text)
    out = []
    for first, last, problems in rows:
        out.append((list(range(int(first), int(last or first) + 1)), problems.split(",")))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guide_s_colles_of_each_week_are_its_chapters_problems_with_a_graph(lang):
    from coursebuild import editions

    number = {page: n for page, (n, _) in editions.chapter_headings(lang).items()}
    weeks = _weeks(lang)
    assert len(weeks) == 7
    listed = []
    for chapters, problems in weeks:
        for pid in problems:
            assert number[bank.problems()[pid].chapter] in chapters, (pid, chapters)
            listed.append(pid)
    # every family a colle can be made of, once, and no other
    drawn = [pid for pid in bank.problems()
             if colles.shows_a_figure(bank.variant(pid, 0), lang)]
    assert listed == drawn
    assert _weeks("fr") == _weeks("en")


@needs_tex
def test_every_family_of_the_guide_s_weeks_fits_on_a_page(checkout):
    """Two students for each family the guide lists (two variants each), in each
    language: every colle on one page, every examiner's page on one."""
    every = [pid for _, problems in _weeks("en") for pid in problems]
    done = make(checkout, "colles", f"STUDENTS={2 * len(every)}", "SEED=11",
                 "PROBLEMS=" + ",".join(every))
    assert "warning" not in done.stderr, done.stderr[-2000:]
    for lang, key in (("fr", "examinateur"), ("en", "examiner")):
        folder = checkout / "build" / "colles" / lang
        sheets = sorted(p for p in folder.glob("*.pdf") if p.stem != key)
        assert len(sheets) == 2 * len(every)
        for pdf in sheets:
            with pikepdf.open(pdf) as whole:
                assert len(whole.pages) == 1, pdf.name
        with pikepdf.open(folder / f"{key}.pdf") as whole:
            assert len(whole.pages) == 2 * len(every)
