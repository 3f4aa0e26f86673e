"""`make colles` (issue 63 §2) as the teachers' guide prints it, on the real bank, from a
checkout with no build product: a one-page question set per student of a roster (a graph
and the first three questions of a family, a variant each) and the examiner's page of
answers per student; the same arguments give the same bytes; bad input is one line and
exit status 2."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from project_copy import make, pdf_text, plain

from coursebuild.course import bank
from coursebuild.course.bank_samples import _fingerprint, question_marks
from coursebuild.products.sheets import colles
from coursebuild.products.sheets.layout import SheetError

ROOT = Path(__file__).resolve().parents[2]
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
def test_an_english_colle_is_titled_in_english():
    """Fresh reading (issue 61): the English colle and its examiner's answers were titled
    "Colle", a French word an English student does not know; they say "Oral
    examination" (TITLE= still changes it), the French ones "Colle"."""
    assert colles.WORDS["en"]["title"] == "Oral examination"
    assert colles.WORDS["fr"]["title"] == "Colle"
    assert all("colle" not in w.lower() for w in colles.WORDS["en"].values())


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
            heading = {"fr": "Colle", "en": "Oral examination"}[lang]
            assert f"{heading} \u2014 " in sheet, file
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
def test_make_colles_week_5_as_the_guide_types_it(checkout, tmp_path):
    """`make colles ROSTER=classe.csv SEED=2026 LANG=fr WEEK=5`: the roster's students get
    the families of the chapters done by week 5 in turn, the latest chapter's first."""
    roster = tmp_path / "classe.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    done = make(checkout, "colles", f"ROSTER={roster}", "SEED=2026", "LANG=fr", "WEEK=5")
    assert f"--lang fr --roster {roster} --week 5" in done.stdout
    families = colles.week_problems(5)
    folder = checkout / "build" / "colles" / "fr"
    for k, file in enumerate(["01-durand-zoe", "02-martin-leo", "03-nguyen-thi-minh",
                              "04-okafor-chidi"]):
        title = bank.problems()[families[k]].title["fr"]
        assert " ".join(title.split()).replace("\u2019", "'") in pdf_text(folder / f"{file}.pdf")
        assert f"{families[k]}, graine" in pdf_text(folder / "examinateur.pdf", k + 1)
    # the first is the counter algorithm's, whose listing and table leave its graph the
    # rest of the page: it takes it, down to a line or so of its foot
    assert families[0] == "counter-queue-trace"
    xml = subprocess.run(["pdftotext", "-bbox", str(folder / "01-durand-zoe.pdf"), "-"],
                         capture_output=True, text=True, check=True).stdout
    page = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', xml)[1])
    lowest = max(float(y) for y in re.findall(r'yMax="([\d.]+)"', xml))
    assert lowest > page - 1.5 / 2.54 * 72 - 40, (lowest, page)


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
        (["WEEK=11"], "coursebuild: colles: --week (WEEK) 11: the course has weeks 1 to 10"),
        (["WEEK=x"], "coursebuild: colles: --week (WEEK)"),
        (["WEEK=2", "PROBLEMS=kayles"], "coursebuild: colles: --week (WEEK) and --problems "
                                        "(PROBLEMS): give one or the other"),
    ]
    for args, message in cases:
        done = make(checkout, "colles", "LANG=fr", *args, ok=False)
        assert done.returncode == 2, (args, done.stderr)
        assert message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    after = sorted((checkout / "build" / "colles").rglob("*")) \
        if (checkout / "build" / "colles").exists() else []
    assert [p for p in after if p.suffix == ".pdf"] == [p for p in before if p.suffix == ".pdf"]


def _done_by(week: int) -> list[str]:
    """The chapters whose last session of the guide's pacing is in week ``week`` or
    before, in the course's order (read here from the pacing's weeks)."""
    from coursebuild.products import pacing

    last = {}
    for k, sessions in enumerate(pacing.weeks("fr"), 1):
        for s in sessions:
            last[s.page] = k
    return [page for page, k in last.items() if k <= week]


def test_make_colles_week_n_draws_from_the_chapters_done_by_week_n():
    """WEEK=n: every family with a graph of each chapter done by then, the latest
    chapter's first, and no other family."""
    from coursebuild.products import pacing

    drawn = [pid for pid in bank.problems()
             if all(colles.shows_a_figure(bank.variant(pid, 0), lang) for lang in ("fr", "en"))]
    assert "chomp-staircase" not in drawn and len(drawn) >= 12
    for week in range(1, len(pacing.weeks("fr")) + 1):
        done = _done_by(week)
        if not any(bank.problems()[pid].chapter in done for pid in drawn):
            with pytest.raises(SheetError, match=rf"--week \(WEEK\) {week}: no chapter"):
                colles.week_problems(week)
            continue
        mine = colles.week_problems(week)
        assert sorted(mine) == sorted(p for p in drawn if bank.problems()[p].chapter in done)
        order = [done.index(bank.problems()[p].chapter) for p in mine]
        assert order == sorted(order, reverse=True), week
    assert colles.week_problems(len(pacing.weeks("fr"))) != colles.week_problems(2)
    assert [bank.problems()[p].chapter for p in colles.week_problems(5)][:4] == \
        ["algorithms", "algorithms", "attractors", "attractors"]   # as the guide says
    with pytest.raises(SheetError, match="the course has weeks 1 to"):
        colles.week_problems(len(pacing.weeks("fr")) + 1)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guide_s_colles_by_week_are_generated_not_typed(lang, site):
    """The guide's source has the marker and no table of problems typed by hand; its
    page has a row per week of the pacing, each naming the families that week adds."""
    from coursebuild.products import pacing

    source = (ROOT / "docs" / lang / "teachers.md").read_text(encoding="utf-8")
    assert source.count("<!-- colle-weeks -->") == 1
    assert not re.search(r"(?m)^\|.*`[a-z0-9-]+,[a-z0-9,-]+` \|$", source)
    from bs4 import BeautifulSoup

    page = BeautifulSoup((site / ("" if lang == "fr" else "en") / "teachers" /
                          "index.html").read_text(encoding="utf-8"), "lxml")
    head = {"fr": "Familles nouvelles", "en": "New families"}[lang]
    table = next(t for t in page.select("table") if head in t.find("thead").get_text())
    rows = [[td.get_text(strip=True) for td in tr.find_all("td")]
            for tr in table.select("tbody tr")]
    weeks = len(pacing.weeks(lang))
    assert [int(r[0]) for r in rows] == list(range(1, weeks + 1))
    added = {int(r[0]): ([] if r[2] == "—" else r[2].split(",")) for r in rows}
    # each family its own code, so that a line breaks between two ids, not inside one
    codes = [[c.get_text() for c in tr.find_all("td")[2].find_all("code")]
             for tr in table.select("tbody tr")]
    assert [c for c in codes] == [added[week] for week in range(1, weeks + 1)]
    for week in range(1, weeks + 1):
        before, now = set(_done_by(week - 1)), set(_done_by(week))
        assert {bank.problems()[p].chapter for p in added[week]} <= now - before
        try:
            whole = colles.week_problems(week)
        except SheetError:
            whole = []
        assert sorted(p for k in range(1, week + 1) for p in added[k]) == sorted(whole)


@needs_tex
def test_every_family_of_the_guide_s_weeks_fits_on_a_page(checkout):
    """Two students for each family the guide lists (two variants each), in each
    language: every colle on one page, every examiner's page on one."""
    every = [pid for problems in colles.colle_families().values() for pid in problems]
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
