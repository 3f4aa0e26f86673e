"""The LaTeX exercise sheets (`make handout`) and the teacher's guide LaTeX example."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

needs_tex = pytest.mark.skipif(
    shutil.which("latexmk") is None or shutil.which("pdffonts") is None,
    reason="TeX Live could not be installed here (make test installs it with apt-get "
           "when it runs as root or may sudo)")


@pytest.fixture(scope="module")
def handouts() -> dict[str, Path]:
    from coursebuild import handout

    handout.main()
    return {lang: handout.OUT / f"handout-{lang}.pdf" for lang in ("fr", "en")}


def _pdftext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_every_figure_the_sheets_include_exists():
    for tex in (ROOT / "handouts").glob("handout-*.tex"):
        names = re.findall(r"\\arenafigure(?:\[[^]]*\])?\{([^}]+)\}", tex.read_text("utf-8"))
        assert len(names) == 4
        for name in names:
            assert (ROOT / "docs/figures" / f"{name}.pdf").exists(), name


def test_the_sheets_print_the_manifest_s_captions():
    """No caption is retyped: each figure's caption is the figure build's, escaped."""
    import json

    from coursebuild import handout

    handout.write_captions()
    manifest = {e["id"]: e["caption"] for e in json.loads(
        (ROOT / "docs/figures/manifest.json").read_text("utf-8"))}
    for lang in ("fr", "en"):
        text = (handout.OUT / "generated" / lang / "captions.tex").read_text("utf-8")
        line = next(x for x in text.splitlines() if "arenacaption@ex42-strategy" in x)
        assert line.endswith("{" + handout.caption_tex(manifest["ex42-strategy"][lang]) + "}")
        assert "$J_0$" in line and "J₀" not in line


def test_answers_are_the_solver_s():
    from arena import solve
    from arena.games import nim
    from coursebuild import handout

    sol = solve(nim(15, [2, 3, 5]))
    lost = ", ".join(str(k) for k in range(16) if sol.winner[(k, 0)] == 1)
    fr, en = handout.answers("fr"), handout.answers("en")
    assert f"k \\in \\{{{lost}\\}}" in fr["ExOneAnswer"] and f"\\{{{lost}\\}}" in en["ExOneAnswer"]
    assert f"en {sol.rank[(15, 0)]} coups au plus" in fr["ExOneAnswer"]
    assert "$a \\to b$" in en["ExTwoAnswer"] and "Draws: $j$" not in en["ExTwoAnswer"]


@needs_tex
def test_both_sheets_compile_to_a_few_pages(handouts):
    for lang, pdf in handouts.items():
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                              check=True).stdout
        pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
        assert 2 <= pages <= 4, (lang, pages)


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
    assert f"en {sol.rank[(15, 0)]} coups au plus" in fr
    assert f"within {sol.rank[(15, 0)]} moves" in en
    assert "Corrigés" in fr and "Solutions" in en


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
