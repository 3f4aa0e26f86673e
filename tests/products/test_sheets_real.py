"""`make sheets` as the teachers' guide prints it, on the real bank, from a checkout with
no build product (issue 44 §1): the command builds the figures it needs, writes a paper
per student and the key in each language, and the PDFs read back hold each student's
name, each problem's statement and, in the key, every answer the solver computed. (The
stand-in bank of tests/products/test_sheets.py tests the mechanics; this is the command itself.)"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from project_copy import make, pdf_text

from coursebuild.course import bank
from coursebuild.products import paper_edges, sheets

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None or
                                not (ROOT / ".venv" / "bin" / "python").exists(),
                                reason="make sheets needs TeX Live and the project's .venv")


def _numbers(x: object) -> set[str]:
    """The whole numbers of a variant's answers, as the key prints them (no sign)."""
    if isinstance(x, bool):
        return set()
    if isinstance(x, int):
        return {str(abs(x))}
    if isinstance(x, dict):
        x = list(x.values())
    if isinstance(x, list | tuple):
        return set().union(*map(_numbers, x)) if x else set()
    return set()


def _check(folder: Path, lang: str, problems: list[str], count: int = 2) -> None:
    word = sheets.WORDS[lang]
    given = sheets.assign(problems, count, 2026)
    key = pdf_text(folder / "key.pdf")
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(
        [f"{word['file']}-{k:02d}.pdf" for k in range(1, count + 1)] + ["key.pdf"])
    for k, mine in enumerate(given, 1):
        paper = pdf_text(folder / f"{word['file']}-{k:02d}.pdf")
        name = f"{word['student']} {k:02d}"
        assert paper.count(name) >= 1 and name in key
        for number, variant in enumerate(mine, 1):
            title = bank.problems()[variant.problem].title[lang].replace("\u2019", "'")
            title = " ".join(title.split())
            assert f"{word['problem']} {number}" in paper and title in paper, (k, title)
            # the key: this variant (its problem and seed), and every number it answers
            # (the French key names the problem by its title alone, the English one by its id)
            found = (f"{word['seed']} {variant.seed}" if lang == "fr" else
                     f"{variant.problem}, {word['seed']} {variant.seed}")
            assert found in key
            printed = set(re.findall(r"\d+", key))
            assert _numbers(variant.answers) <= printed, (variant.problem,
                                                         _numbers(variant.answers) - printed)


def test_make_sheets_as_typed_in_each_language_from_a_fresh_checkout(checkout):
    figures = checkout / "docs" / "figures"
    # the checkout is shared by the teachers' commands (conftest's checkout): when another
    # one built the figures first, one of them is deleted, which this command builds again
    missing = "all" if not figures.exists() else "1"
    if missing == "1":
        sorted(figures.glob("*.svg"))[0].unlink()
    for lang in ("fr", "en"):
        done = make(checkout, "sheets", "STUDENTS=2", "SEED=2026", f"LANG={lang}")
        # the figures the sheets need were built first, by the same command
        assert done.stdout.index("coursebuild figures") < done.stdout.index("coursebuild sheets")
        if lang == "en":
            assert "figures: all" in done.stderr
        elif missing == "1":
            assert "figures: building 1 of" in done.stderr
        else:
            assert re.search(r"figures: building (\d+) of \1\b", done.stderr), done.stderr
        assert (figures / "manifest.json").exists()
        _check(checkout / "build" / "sheets" / lang, lang, list(bank.DEFAULT_PROBLEMS))


def test_make_sheets_with_every_problem_of_the_bank(checkout):
    everything = sorted(bank.problems())
    assert len(everything) == 24
    # the README's way to see them: `python -m coursebuild sheets --list`
    listed = subprocess.run([sys.executable, "-m", "coursebuild", "sheets", "--list"],
                            cwd=checkout, env=dict(os.environ, PYTHONPATH=str(checkout / "src")),
                            capture_output=True, text=True, check=True).stdout
    assert sorted(line.split("\t")[0] for line in listed.splitlines() if "\t" in line) == \
        everything
    make(checkout, "sheets", "STUDENTS=2", "SEED=2026", "PROBLEMS=" + ",".join(everything))
    found = []
    for lang in ("fr", "en"):
        folder = checkout / "build" / "sheets" / lang
        _check(folder, lang, everything)
        # nothing past the paper (issue 47 §1): every word of the papers, with the marks
        # in the right margin, and of the key keeps 10 mm off the edge and within its
        # page's text block
        pdfs = sorted(folder.glob("*.pdf"))
        assert len(pdfs) == 3                            # two papers and the key
        for pdf in pdfs:
            pages = paper_edges.words(pdf)
            assert pages and sum(len(p[3]) for p in pages) > 300, pdf.name      # read
            found += [f"{lang}/{line}" for line in paper_edges.offences(pdf, paper_edges.SHEET)]
    assert found == []


def test_values_reach_the_command_as_they_are(checkout, tmp_path):
    """A roster whose file name holds a quote and a `$`, a title that holds make's own
    syntax (`$(shell ...)`, `$(HOME)`), and a problem list that holds shell code: the
    values are the command's arguments as typed, never make's text nor the shell's."""
    roster = tmp_path / "classe d'anglais $x.csv"
    roster.write_text("Nom;Prénom\nDurand;Zoé\nMartin;Léo\n", encoding="utf-8")
    title = "DS $(HOME) $(shell touch PWNED) ${USER} $$"
    done = make(checkout, "sheets", "LANG=fr", f"ROSTER={roster}", "PROBLEMS=kayles",
                f"TITLE={title}")
    assert f"--roster {roster}" in done.stdout and f"--title {title}" in done.stdout
    assert not (checkout / "PWNED").exists()
    names = sorted(p.name for p in (checkout / "build" / "sheets" / "fr").glob("*.pdf"))
    assert names == ["01-durand-zoe.pdf", "02-martin-leo.pdf", "key.pdf"]
    assert title in pdf_text(checkout / "build" / "sheets" / "fr" / "01-durand-zoe.pdf")
    env = {k: v for k, v in os.environ.items() if k != "LANG"}
    env["PYTHONPATH"] = str(checkout / "src")
    done = subprocess.run(["make", "sheets", "LANG=fr",
                           f"PROBLEMS=nope'; touch {tmp_path}/PWNED; echo '"], cwd=checkout,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode != 0
    assert "coursebuild: sheets: --problems (PROBLEMS): unknown problem" in done.stderr
    assert not (tmp_path / "PWNED").exists()


def _marks(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"\[(\d+)\]", text)]


def test_an_exam_paper_for_the_whole_class_with_its_header_rules_and_marks(checkout):
    """`STUDENTS=1` (or `SAME=yes`): one paper, no name on it; TITLE, DURATION and SPACE
    set its header and rules; each question's points in the margin add up to the total."""
    problems = list(bank.DEFAULT_PROBLEMS)
    total = sum(bank.problems()[p].points for p in problems)
    make(checkout, "sheets", "STUDENTS=1", "LANG=fr", "TITLE=DS 3", "DURATION=2h", "SPACE=yes")
    folder = checkout / "build" / "sheets" / "fr"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["key.pdf", "sujet.pdf"]
    paper, key = pdf_text(folder / "sujet.pdf"), pdf_text(folder / "key.pdf")
    assert "DS 3" in paper and f"Durée : 2 h — {total} points" in paper
    assert "Calculatrice interdite" in paper and "Répondre sur le sujet" in paper
    assert "Nom et prénom :" in paper and "de candidat :" in paper
    (mine,) = sheets.assign(problems, 1, 2026)
    expected = [m for v in mine for m in sheets.question_marks(v.marking["fr"])]
    assert _marks(paper) == expected and sum(expected) == total and len(expected) == 18
    assert "Corrigé et barème — DS 3" in key and key.count("Barème") == len(problems)
    # the same paper for everyone, in English, answered on a separate sheet
    # the same paper for everyone, in English, of an hour and a half: problems that fit
    done = make(checkout, "sheets", "STUDENTS=30", "SAME=yes", "LANG=en", "DURATION=1h30")
    chosen = sheets.paper_problems(None, "1h30", bank.problems(), bank.DEFAULT_PROBLEMS)
    points, minutes = sheets.totals(chosen, bank.problems())
    assert minutes <= 90 and set(chosen) != set(problems)
    assert f"sheets: DURATION 1h30: {','.join(chosen)} ({minutes} min, {points} points)" \
        in done.stderr
    folder = checkout / "build" / "sheets" / "en"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["key.pdf", "paper.pdf"]
    paper = pdf_text(folder / "paper.pdf")
    assert f"Time: 1 h 30 min — {points} points" in paper and "Exam" in paper
    assert "Answer on a separate sheet" in paper and "No calculator" in paper
    for pid in chosen:
        assert bank.problems()[pid].title["en"] in paper
    (mine,) = sheets.assign(chosen, 1, 2026)
    assert _marks(paper) == [m for v in mine for m in sheets.question_marks(v.marking["en"])]
    assert sum(_marks(paper)) == points


def test_names_of_every_script_the_fonts_show_are_printed_and_hostile_ones_are_text(
        checkout, tmp_path):
    roster = tmp_path / "roster.csv"
    long = "Wolfeschlegelsteinhausenbergerdorff" * 8
    hostile = "\\input{/etc/hostname}"
    roster.write_text("Nom;Prénom;E-mail\nNguyễn;Thị Thủy;a@b.fr\nΠαπαδόπουλος;Αλέξης;\n"
                      f"Петров;Алёша;\n{hostile};Jean;\n{long};Zoé;\n", encoding="utf-8")
    make(checkout, "sheets", "LANG=en", f"ROSTER={roster}", "PROBLEMS=kayles")
    folder = checkout / "build" / "sheets" / "en"
    files = sorted(p.name for p in folder.glob("*.pdf"))
    assert len(files) == 6 and all(len(f) <= 70 for f in files), files
    key = pdf_text(folder / "key.pdf")
    names = ["Nguyễn Thị Thủy", "Παπαδόπουλος Αλέξης", "Петров Алёша", hostile + " Jean"]
    for file, name in zip(files, names, strict=False):
        assert name in pdf_text(folder / file) and name in key, (file, name)
    assert "a@b.fr" not in key
    host = Path("/etc/hostname").read_text().strip() if Path("/etc/hostname").exists() else ""
    if host:
        assert host not in key.replace(hostile, "")
