"""The bank of problems turned into sheets (``make sheets``), its page on the site and its
part of the teachers' book. The bank's generators are tested with the bank; here, a bank
of two problems with the same interface (``bank_double``) stands in for it, so that these
tests know what each variant says."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import bank_double
import pytest

ROOT = Path(__file__).resolve().parents[2]

needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None,
                               reason="TeX Live could not be installed here")


def _text(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.replace("\u2019", "'").split())


@pytest.fixture
def double(monkeypatch):
    from coursebuild.course import bank_samples

    bank_samples.forget()
    yield bank_double.install(monkeypatch)
    bank_samples.forget()


def test_each_student_gets_a_variant_of_their_own_from_the_seed(double):
    from coursebuild.products import sheets

    given = sheets.assign(["nim-by-hand", "graph-attractor"], 12, 2026)
    again = sheets.assign(["nim-by-hand", "graph-attractor"], 12, 2026)
    assert [[(v.seed, v.params) for v in m] for m in given] == \
        [[(v.seed, v.params) for v in m] for m in again]
    for k, problem in enumerate(("nim-by-hand", "graph-attractor")):
        shown = [sheets._fingerprint(mine[k]) for mine in given]
        assert len(set(shown)) == len(shown), problem           # neighbours differ
        assert all(mine[k].problem == problem for mine in given)
    other = sheets.assign(["nim-by-hand", "graph-attractor"], 12, 2027)
    assert [m[0].params for m in other] != [m[0].params for m in given]


def test_a_roster_is_read_as_names(tmp_path):
    from coursebuild.products import sheets
    from coursebuild.products.sheets.roster import read_roster

    roster = tmp_path / "classe.csv"
    roster.write_text("nom,prénom\nDupont,Marie-Hélène\n\n  Ngoma , Paul\n", encoding="utf-8")
    assert read_roster(roster).names == ["Dupont Marie-Hélène", "Ngoma Paul"]
    people = sheets.students("fr", 2, read_roster(roster).names)
    assert [p.file for p in people] == ["01-dupont-marie-helene", "02-ngoma-paul"]
    assert [p.file for p in sheets.students("en", 3, None)] == [
        "student-01", "student-02", "student-03"]
    (tmp_path / "empty.csv").write_text("nom\n", encoding="utf-8")
    with pytest.raises(sheets.SheetError, match="no name"):
        read_roster(tmp_path / "empty.csv")


@pytest.mark.parametrize(("data", "names"), [
    # French Excel: semicolons, a heading row, extra columns left out
    ("NOM;Prénom;E-mail;Classe\nDurand;Zoé;zoe@lycee.fr;MP2I\nMartin;Léo;;MP2I\n".encode(),
     ["Durand Zoé", "Martin Léo"]),
    # tabs, a byte-order mark, the first name first
    ("\ufeffFirst name\tLast name\tEmail\nAda\tLovelace\tada@x.org\n".encode(),
     ["Ada Lovelace"]),
    # Windows-1252, commas, no heading row, an e-mail field left out
    ("Dupré,Hélène,h@x.fr\nŒuvray,Zoë\n".encode("cp1252"), ["Dupré Hélène", "Œuvray Zoë"]),
    # quoted fields holding the separator
    ('Nom,Prénom\n"Le Goff, dit Yann",Yann\n'.encode(), ["Le Goff, dit Yann Yann"]),
])
def test_a_roster_is_read_as_spreadsheets_write_it(tmp_path, data, names):
    from coursebuild.products.sheets.roster import read_roster

    (tmp_path / "r.csv").write_bytes(data)
    assert read_roster(tmp_path / "r.csv").names == names


@pytest.mark.parametrize(("line", "words"), [
    ("\x00\\input{/etc/hostname}\x01", "row 2: a control character (U+0000) in the name"),
    ("李 小龍\x1b", "row 2: a control character (U+001B) in the name"),
])
def test_a_name_the_sheets_cannot_print_is_refused_naming_its_row(tmp_path, line, words):
    """A name in any letters prints (tests/products/test_sheet_names.py); one holding a control
    character is refused."""
    from coursebuild.products import sheets
    from coursebuild.products.sheets.roster import read_roster

    (tmp_path / "r.csv").write_text(f"Nom\n{line}\n", encoding="utf-8")
    with pytest.raises(sheets.SheetError) as info:
        read_roster(tmp_path / "r.csv")
    assert str(info.value).startswith(f"roster {tmp_path / 'r.csv'}, ") and words in str(info.value)


def test_names_with_every_latin_accent_are_typeset_and_long_ones_cut():
    from coursebuild.products import sheets
    from coursebuild.products.sheets.roster import MAX_FILE_NAME, name_tex

    assert name_tex("Nguyễn Đặng Zoé Łukasz Şükrü") == (
        "Nguy\\~{\\^{e}}n Đ\\u{\\d{a}}ng Zoé Łukasz Şükrü")
    people = sheets.students("fr", 1, ["Wolfeschlegelsteinhausenbergerdorff " * 9])
    assert len(people[0].file) <= 3 + MAX_FILE_NAME


@needs_tex
def test_make_sheets_on_a_small_roster_writes_the_right_files(double, tmp_path, capsys):
    from coursebuild.products import sheets

    roster = tmp_path / "roster.csv"
    roster.write_text("Nom,Prénom\nDupont,Marie\nNgoma,Paul\nZhou,Lin\n", encoding="utf-8")
    runs = [tmp_path / "a", tmp_path / "b"]
    for out in runs:
        assert sheets.main(["--roster", str(roster), "--seed", "5", "--lang", "fr",
                            "--out", str(out)]) == 0
    names = ["01-dupont-marie.pdf", "02-ngoma-paul.pdf", "03-zhou-lin.pdf", "key.pdf"]
    assert sorted(p.name for p in (runs[0] / "fr").iterdir()) == names
    for name in names:        # the same seed gives the same bytes
        assert (runs[0] / "fr" / name).read_bytes() == (runs[1] / "fr" / name).read_bytes()
    given = sheets.assign(list(double.DEFAULT_PROBLEMS), 3, 5)
    for k, (pdf, person) in enumerate(zip(names, ["Dupont Marie", "Ngoma Paul", "Zhou Lin"],
                                          strict=False)):
        text = _text(runs[0] / "fr" / pdf)
        n = given[k][0].params["n"]
        assert person in text and "Problème 1 : Un jeu de Nim à la main" in text
        assert f"Nim à {n} bâtonnets" in text and "Calculer l'attracteur" in text
        assert "gagne, en" not in text and "Barème" not in text     # no solution
    key = _text(runs[0] / "fr" / "key.pdf")
    for mine in given:
        assert f"gagne, en {mine[0].answers['rank']} coups au plus" in key
    assert key.count("Barème") == 6 and "Corrigé et barème — Devoir surveillé — Zhou Lin" in key
    assert "sheets: fr: 3/3 students set" in capsys.readouterr().err       # progress shown
    # a smaller roster replaces the folder: no sheet of the earlier run is left
    roster.write_text("Dupont,Marie\n", encoding="utf-8")
    assert sheets.main(["--roster", str(roster), "--lang", "fr", "--out", str(runs[0])]) == 0
    assert sorted(p.name for p in (runs[0] / "fr").iterdir()) == ["01-dupont-marie.pdf",
                                                                   "key.pdf"]


def test_bad_arguments_are_refused_in_one_line(double, tmp_path, capsys):
    from coursebuild.products import sheets

    cases = [(["--problems", "nim-by-hand,nope"], "unknown problem 'nope'"),
             (["--students", "0"], "--students (STUDENTS)"),
             (["--students", "many"], "--students (STUDENTS)"),
             (["--seed", "-3"], "--seed (SEED)"),
             (["--roster", str(tmp_path / "missing.csv")], "missing.csv"),
             (["--problems", "nim-by-hand,nim-by-hand"], "given twice")]
    roster = tmp_path / "two.csv"
    roster.write_text("A\nB\n", encoding="utf-8")
    cases.append((["--roster", str(roster), "--students", "3"], "has 2 names"))
    for argv, words in cases:
        assert sheets.main([*argv, "--out", str(tmp_path / "out")]) == 2, argv
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()        # nothing written


def test_the_bank_page_shows_each_statement_and_no_solution(double):
    from coursebuild.course import bank_samples
    from coursebuild.products import bank_pages

    for lang in ("fr", "en"):
        page = bank_pages.page_markdown(lang)
        for pid, problem in double.problems().items():
            v = bank_samples.sample(pid)
            assert bank_samples.with_figures(v.statement[lang], pid) in page
            for line in (v.solution[lang] + v.marking[lang]).splitlines():
                assert line.strip() not in page, line
            assert f"[{problem.title[lang]}](#bank-{pid})" in page
        assert "| 3. [Attrac" in page and "| 4. [" in page          # by chapter
        row = next(line for line in page.splitlines() if "#bank-graph-attractor" in line)
        assert row.endswith(" |  |  | " + ("oui" if lang == "fr" else "yes") + " | 15 min | 6 |")


def test_the_teachers_book_has_the_bank_s_solutions_and_the_students_book_none(
        double, site, tmp_path):
    from coursebuild.course import bank_samples
    from coursebuild.documents import book
    from coursebuild.products import sheets

    variants = [bank_samples.sample(pid) for pid in double.problems()]
    drawn = sheets.render_figures(variants, tmp_path)
    figures = dict(book.figure_metrics(site))
    for v in variants:                      # the sample drawings, named as the site names them
        for name in v.figures:
            figures[bank_samples.figure_id(v.problem, name)] = \
                drawn[sheets.figure_id(v, name)]["metrics"]
    for lang, said in (("fr", "gagne, en"), ("en", "wins, within")):
        teachers, _ = book.book_source(lang, "teachers", site, figures)
        students, _ = book.book_source(lang, "students", site, figures)
        title = "Banque de problèmes" if lang == "fr" else "Problem bank"
        marking = ("2 points~: le gagnant\\,; 2 points~: le rang" if lang == "fr"
                   else "2 points: the winner; 2 points: the rank")
        assert said in teachers and marking in teachers and f"\\chapter{{{title}}}" in teachers
        assert marking not in students and title not in students


def test_the_built_students_book_holds_no_solution_of_the_real_bank(site):
    """With the bank installed, its samples' solutions are in no students' book."""
    from coursebuild.course import bank_samples

    if bank_samples.bank() is None:
        pytest.skip("the bank (coursebuild.course.bank) is not installed in this checkout")
    from coursebuild.documents import book

    for lang in ("fr", "en"):
        folder = site if lang == "fr" else site / "en"
        students = _text(folder / book.book_name(lang, "students"))
        teachers = _text(folder / book.book_name(lang, "teachers"))
        found = 0
        for pid in bank_samples.bank().problems():
            v = bank_samples.sample(pid)
            for line in v.solution[lang].splitlines():     # its sentences, not its code
                words = re.sub(r"<!--.*?-->", "", line).strip(" 0123456789.")
                if len(words) >= 30 and not re.search(r"[$`*|=(){}\[\]_\\<>#]", words):
                    assert words[:30] not in students, (pid, words)
                    found += words[:30] in teachers
        assert found > 0


def test_each_question_gets_its_points_in_the_margin_and_room_under_it():
    from coursebuild.products import sheets

    tex = ("Intro.\n\\begin{enumerate}\n\\item A\n\\begin{itemize}\n\\item inner\n"
           "\\end{itemize}\n\\item B\n\\end{enumerate}\nEnd.")
    marking = ("| Question | Points | Détail |\n| ---: | ---: | --- |\n| 1 | 3 | x |\n"
               "| 2 | 5 | y |\n")
    assert sheets.question_marks(marking) == [3, 5]
    assert sheets.mark_questions(tex, [3, 5], False) == (
        "Intro.\n\\begin{enumerate}\n\\item\\questionmarks{3} A\n\\begin{itemize}\n"
        "\\item inner\n\\end{itemize}\n\\item\\questionmarks{5} B\n\\end{enumerate}\nEnd.")
    spaced = sheets.mark_questions(tex, [3, 5], True)
    assert spaced.count("\\answerspace{3}\n\\item\\questionmarks{5}") == 1
    assert spaced.endswith("B\n\\answerspace{5}\n\\end{enumerate}\nEnd.")
    assert sheets.mark_questions(tex, [1, 2, 3], True) == tex      # not these questions
    for typed, minutes in (("2h", 120), ("1h30", 90), ("45min", 45), ("90", 90)):
        assert sheets.duration_minutes(typed) == minutes
    assert sheets.duration_tex(90, "fr") == "1~h~30" and sheets.duration_tex(120, "en") == "2~h"
    with pytest.raises(sheets.SheetError, match="DURATION 'soon'"):
        sheets.duration_minutes("soon")


OVERFULL = re.compile(r"Overfull \\hbox \(([\d.]+)pt too wide\) in paragraph at lines "
                      r"\d+--\d+\n(.*)")


@pytest.fixture(scope="module")
def real_bank_sheets(tmp_path_factory):
    """Every problem of the real bank on one student's paper and key, each language: the
    build's folder (``out/LANG``) and its work folder, whose LaTeX logs are kept."""
    if shutil.which("pdflatex") is None:
        pytest.skip("TeX Live could not be installed here")
    from coursebuild.course import bank
    from coursebuild.products import sheets

    folder = tmp_path_factory.mktemp("real-bank")
    work, out = folder / "work", folder / "out"
    out.mkdir()
    sheets._build(["fr", "en"], sorted(bank.problems()), 1, 2026, None, out, work, 2,
                  lambda *a: None, sheets.Paper())
    return out, work


def test_no_line_of_any_problem_of_the_real_bank_runs_past_the_text(real_bank_sheets):
    """Fresh reading (issue 61): the alpha-beta problem's last question began 'Écrire une
    fonction Python récursive alphabeta_compte(arbre, alpha, beta, joueur_max)', a line
    pdfLaTeX could not break (the call holds together up to its first argument), set 13 pt
    past the text over the question's points. Every problem of the bank, each language,
    paper and key: no line of text is overfull (a figure a little wider than the text may
    take the margin, as paper_edges.SHEET allows: its line is a lone box, '[][]')."""
    _, work = real_bank_sheets
    found = []
    for log in sorted(work.glob("*/*/*.log")):
        text = log.read_text("latin-1")
        found += [f"{log.parent.parent.name}/{log.name}: {m[1]} pt: {m[2].strip()}"
                  for m in OVERFULL.finditer(text) if m[2].strip() != "[][]"]
    assert len(list(work.glob("*/*/*.log"))) == 4 and found == []


def test_a_problem_names_its_figure_by_number_as_the_paper_sets_it_after_the_questions(
        real_bank_sheets):
    """Fresh reading (issue 61): 'On considère le jeu ci-dessous' opened a problem whose
    figure the paper sets after its questions, often at the top of the next page; the
    paper now says 'le jeu de la figure 1', the number its caption prints."""
    out, _ = real_bank_sheets
    for lang, below, cited in (
            ("fr", r"ci-dessous", r"de la figure (\d+)"),
            ("en", r"(?:game|graph|board) below", r"in figure (\d+)")):
        text = _text(next((out / lang).glob("*-01.pdf")))
        assert not re.search(below, text), lang
        numbers = re.findall(cited, text)
        assert len(numbers) >= 12, (lang, numbers)
        captions = set(re.findall(r"(?:Figure|FIGURE) (\d+) ?[–:]", text))
        assert set(numbers) <= captions, (lang, set(numbers) - captions)


def test_a_second_build_into_the_same_folder_is_refused_in_one_line(tmp_path, capsys):
    import fcntl

    from coursebuild.products import sheets

    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "key.pdf").write_bytes(b"previous")
    with open(tmp_path / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)        # a build is running
        assert sheets.main(["--students", "2", "--lang", "fr", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another make sheets is writing there" in err, err
    assert (tmp_path / "fr" / "key.pdf").read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "fr"]


def _children_in(folder: Path) -> list[int]:
    """The processes whose working folder is in ``folder``."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and Path(os.readlink(proc / "cwd")).is_relative_to(folder):
                found.append(int(proc.name))
        except OSError:
            continue
    return found


@needs_tex
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT", "SIGHUP", "SIGKILL"])
def test_an_interrupted_build_leaves_no_process_no_work_folder_and_the_previous_sheets(
        tmp_path, signame):
    """The real bank, the command as make runs it; a signal while LaTeX runs. A signal the
    command can catch is named in its one line (Ctrl-C is SIGINT); after one it cannot
    (``kill -9``) the next run puts the work folder away, says so, and writes whole sheets."""
    import signal
    import sys
    import time

    out = tmp_path / "out"
    argv = [sys.executable, "-m", "coursebuild", "sheets", "--students", "2", "--lang", "fr",
            "--problems", "kayles", "--out", str(out)]
    subprocess.run(argv, check=True, capture_output=True, cwd=ROOT)
    before = {p.name: p.read_bytes() for p in (out / "fr").iterdir()}
    assert sorted(before) == ["eleve-01.pdf", "eleve-02.pdf", "key.pdf"]
    proc = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while not list((out / ".work").glob("fr/*/*.tex")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)                                    # LaTeX is running
    proc.send_signal(getattr(signal, signame))
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err
    assert {p.name: p.read_bytes() for p in (out / "fr").iterdir()} == before
    if signame == "SIGKILL":
        assert proc.returncode == -signal.SIGKILL and (out / ".work").exists()
        deadline = time.monotonic() + 60          # its LaTeX, orphaned, ends on its own
        while _children_in(out) and time.monotonic() < deadline:
            time.sleep(0.1)
        again = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        assert again.returncode == 0, again.stderr[-1500:]
        assert f"sheets: {out / '.work'}: left by a build that was stopped, deleted" in \
            again.stderr.splitlines(), again.stderr
        assert not (out / ".work").exists()
        assert sorted(p.name for p in (out / "fr").iterdir()) == sorted(before)
        return
    assert proc.returncode == 130 and err.strip().splitlines()[-1] == (
        f"coursebuild: sheets: interrupted ({signame}): the previous sheets are left as "
        "they were"), err
    assert not (out / ".work").exists()
    # the children it killed are gone (a busy machine may take a moment to reap them)
    deadline = time.monotonic() + 60
    while _children_in(out) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _children_in(out) == []


def test_a_killed_build_that_had_moved_the_previous_sheets_aside_gets_them_back(tmp_path):
    """Killed between moving a language's sheets aside and putting the new ones in place:
    the next run's recovery puts the previous ones back; a language whose new sheets are
    in place keeps them; the rest of the work folder goes."""
    from coursebuild.products import sheets

    out, work = tmp_path, tmp_path / ".work"
    (work / "fr-old").mkdir(parents=True)
    (work / "fr-old" / "key.pdf").write_bytes(b"previous fr")
    (work / "en-old").mkdir()
    (work / "en-old" / "key.pdf").write_bytes(b"previous en")
    (out / "en").mkdir()
    (out / "en" / "key.pdf").write_bytes(b"new en")
    (work / "fr" / "half").mkdir(parents=True)
    said: list[str] = []
    sheets._recover(out, work, said.append)
    assert (out / "fr" / "key.pdf").read_bytes() == b"previous fr"
    assert (out / "en" / "key.pdf").read_bytes() == b"new en"
    assert not work.exists() and sorted(p.name for p in out.iterdir()) == ["en", "fr"]
    assert said == [f"sheets: {work}: left by a build that was stopped, deleted"]
    sheets._recover(out, work, said.append)              # nothing left: nothing said
    assert len(said) == 1
