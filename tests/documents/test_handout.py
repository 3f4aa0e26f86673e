"""The LaTeX exercise sheets (`make handout`), made from the course's exercises (one source,
docs/exercises), and the teacher's guide LaTeX example."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

needs_tex = pytest.mark.skipif(
    shutil.which("latexmk") is None or shutil.which("pdffonts") is None,
    reason="TeX Live could not be installed here (make test installs it with apt-get "
           "when it runs as root or may sudo)")


@pytest.fixture(scope="module")
def handouts() -> dict[str, Path]:
    from coursebuild.documents import handout

    handout.main()
    return {lang: handout.OUT / f"handout-{lang}.pdf" for lang in ("fr", "en")}


def _pdftext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def _set(tex: Path, kind: str) -> list[str]:
    return re.findall(rf"\\input\{{generated/(?:fr|en)/{kind}-([\d.]+)\}}", tex.read_text("utf-8"))


def test_a_sheet_sets_the_course_s_exercises_by_their_numbers():
    """A sheet's .tex holds its layout and inputs the course's exercises, in the chapters'
    numbering (no statement typed twice), their solutions after them; both languages set
    the same ones."""
    from coursebuild.sources.exercise_source import by_number

    sets = {}
    for lang in ("fr", "en"):
        tex = ROOT / "handouts" / f"handout-{lang}.tex"
        numbers = _set(tex, "exercise")
        assert numbers and numbers == _set(tex, "solution")
        for number in numbers:
            by_number(number)
        text = tex.read_text("utf-8")
        assert "\\begin{enumerate}" not in text and "\\item" not in text  # no statement
        sets[lang] = numbers
    assert sets["fr"] == sets["en"] == ["6.1", "6.2", "6.3"]


def test_every_exercise_is_written_for_the_sheets_in_both_languages():
    from coursebuild.documents import handout
    from coursebuild.sources.exercise_source import exercises

    for lang in ("fr", "en"):
        files = handout.exercise_files(lang)
        assert set(files) == {f"{kind}-{e.number}.tex" for e in exercises().values()
                              for kind in ("exercise", "solution")}
        # the chapter's words: chomp's lower-right quarter, the proof of the chapter that
        # handles the bars 1 x 2 and 2 x 1 (issue 36: the sheet kept an older proof)
        chomp = files["exercise-6.3.tex"]
        assert ("quart inférieur droit" if lang == "fr" else "lower-right quadrant") in chomp
        assert "\\section*{" + ("Exercice 6.3 (chomp)" if lang == "fr"
                                 else "Exercise 6.3 (chomp)") + "}" in chomp
        stealing = files["solution-6.3.tex"]
        assert "\\(1 \\times 2\\)" in stealing and "\\(2 \\times 1\\)" in stealing
        assert "ex6-2-graph" in files["exercise-6.2.tex"]
        assert "\\begin{verbatim}" in files["solution-1.4.tex"]   # a Python exercise's answer


def test_the_sheets_print_the_manifest_s_captions():
    """No caption is retyped: each figure's caption is the figure build's, escaped."""
    import json

    from coursebuild.documents import handout

    handout.write_captions()
    manifest = {e["id"]: e["caption"] for e in json.loads(
        (ROOT / "docs/figures/manifest.json").read_text("utf-8"))}
    for lang in ("fr", "en"):
        text = (handout.OUT / "generated" / lang / "captions.tex").read_text("utf-8")
        line = next(x for x in text.splitlines() if "arenacaption@ex6-2-strategy" in x)
        assert line.endswith("{" + handout.caption_tex(manifest["ex6-2-strategy"][lang]) + "}")
        assert "\\(J_{0}\\)" in line and "J₀" not in line


@needs_tex
def test_both_sheets_compile_to_a_few_pages(handouts):
    for lang, pdf in handouts.items():
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                              check=True).stdout
        pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
        assert 3 <= pages <= 12, (lang, pages)


@needs_tex
def test_every_font_is_embedded(handouts):
    for pdf in handouts.values():
        rows = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                              check=True).stdout.splitlines()[2:]
        assert rows and all(re.search(r"\s+yes\s+yes\s+", row) for row in rows), rows
        assert any("SourceSansPro" in row for row in rows)     # the figures' font


@needs_tex
def test_the_printed_answers_match_the_solver(handouts):
    from arena import solve
    from arena.games import nim

    sol = solve(nim(15, [2, 3, 5]))
    fr, en = _pdftext(handouts["fr"]), _pdftext(handouts["en"])
    assert f"gagne en {sol.rank[(15, 0)]} coups au plus" in " ".join(fr.split())
    assert f"wins within {sol.rank[(15, 0)]} moves" in " ".join(en.split())
    assert "Corrigés" in fr and "Solutions" in en
    assert "Exercice 6.2 (un jeu sur un graphe)" in fr
    assert "Figure 1: Exercise 6.2: a game on a graph" in " ".join(en.split())


@needs_tex
def test_the_teacher_guide_example_compiles(tmp_path):
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           f"-output-directory={tmp_path}", "handouts/example.tex"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "example.pdf").stat().st_size > 5000


@needs_tex
def test_a_checkout_in_a_folder_with_a_quote_compiles_its_sheets(tmp_path):
    """latexmk refuses a path holding `"` (issue 26, Low): the sheets compile in a
    temporary copy and come back, the same pages."""
    import os
    import sys

    from coursebuild.paths import copy_project

    copy = copy_project(tmp_path / 'a "quoted" folder' / "arena")
    shutil.copytree(ROOT / "docs" / "figures", copy / "docs" / "figures")
    shutil.copytree(ROOT / "docs" / "generated", copy / "docs" / "generated")  # up to date
    proc = subprocess.run([sys.executable, "-m", "coursebuild", "handout"], cwd=copy,
                          env=dict(os.environ, PYTHONPATH=str(copy / "src")),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    pages = re.compile(r"^Pages:\s+(\d+)$", re.M)

    def count(root: Path, lang: str) -> str:
        info = subprocess.run(["pdfinfo", str(root / "build/handout" / f"handout-{lang}.pdf")],
                              capture_output=True, text=True, check=True).stdout
        return pages.search(info)[1]

    for lang in ("fr", "en"):
        assert count(copy, lang) == count(ROOT, lang)


def test_the_sheets_key_covers_the_figures_they_show_and_no_other(tmp_path, monkeypatch):
    """`make handout` (and every `make site`, every save under `make serve`) typesets the
    sheets again when their key changes: a figure a sheet shows changes it (its PDF or its
    caption); a chapter's figure no sheet shows does not (an edited caption of the plays
    chapter made both sheets again, issue 50)."""
    from coursebuild.documents import handout

    if not (handout.OUT / "generated" / "fr" / "captions.tex").exists():
        pytest.skip("the sheets' LaTeX is written by `make site` (make test runs it)")
    shutil.copytree(handout.SOURCES, tmp_path / "handouts")
    shutil.copytree(handout.OUT / "generated", tmp_path / "build" / "handout" / "generated")
    figures = tmp_path / "docs" / "figures"
    figures.mkdir(parents=True)
    for pdf in (ROOT / "docs" / "figures").glob("*.pdf"):
        shutil.copy2(pdf, figures / pdf.name)
    monkeypatch.setattr(handout, "ROOT", tmp_path)
    monkeypatch.setattr(handout, "SOURCES", tmp_path / "handouts")
    monkeypatch.setattr(handout, "OUT", tmp_path / "build" / "handout")
    captions = tmp_path / "build" / "handout" / "generated" / "en" / "captions.tex"
    before = handout.inputs_key()

    def edited(figure: str) -> tuple[str, str]:
        """The key after ``figure``'s PDF changed, then after its caption changed."""
        (figures / f"{figure}.pdf").write_bytes((figures / f"{figure}.pdf").read_bytes() + b"%")
        pdf = handout.inputs_key()
        text = captions.read_text("utf-8")
        mark = f"arenacaption@{figure}\\endcsname{{"
        assert text.count(mark) == 1
        captions.write_text(text.replace(mark, mark + "Edited. "), encoding="utf-8")
        return pdf, handout.inputs_key()

    assert "nim-play" not in handout.figures_named(
        [p.read_text("utf-8") for p in (tmp_path / "handouts").glob("*.tex")], {"nim-play"})
    assert edited("nim-play") == (before, before)          # the plays chapter's figure
    pdf, caption = edited("ex6-2-graph")                    # exercise 6.2's, on the sheets
    assert len({before, pdf, caption}) == 3
