"""What a newcomer trips on (issue 37 §5): the first build's log holds no benchmark rows
without their header; a notebook page of the zip loads no MathJax (its formulas are typeset
at build time) and KaTeX's stylesheet from inside the folder; the README lists every make
target."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_first_quick_benchmark_prints_its_steps_not_its_rows(tmp_path, monkeypatch, capfd):
    """One line saying what it measures, then a line per section measured (issue 65: the
    build was silent for minutes there, read as a hang), never a row of its tables."""
    from coursebuild.pages import teachers

    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "bench.py").write_text(
        "import sys, json\n"
        "print('| random | 1000 | 3000 | 0.01 |', file=sys.stderr)\n"     # a row as it goes
        "print('bench 1/2 construction 0.1 s', file=sys.stderr)\n"       # where it is
        "print('| kind | vertices | edges | solve |')\n"                   # the tables
        "print('bench 2/2 solver 0.2 s', file=sys.stderr)\n"
        "json.dump({'solver': []}, open(sys.argv[-1], 'w'))\n", encoding="utf-8")
    monkeypatch.setattr(teachers, "ROOT", tmp_path)
    teachers.ensure_bench(tmp_path / "bench.json")
    out, err = capfd.readouterr()
    assert (tmp_path / "bench.json").exists()
    assert out == "" and err == (
        "fragments: measuring the quick benchmark once (build/bench.json)\n"
        "quick benchmark 1/2 construction 0.1 s\nquick benchmark 2/2 solver 0.2 s\n")


def test_the_benchmark_says_where_it_is_on_standard_error():
    """scripts/bench.py's own lines, which ensure_bench reads: a step per section."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "scripts/bench.py", "--quick", "--only",
                           "construction"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert re.search(r"^bench 1/1 construction \d+\.\d s$", done.stderr, re.M), done.stderr
    assert "bench 1/1" not in done.stdout and "|" in done.stdout


def test_a_notebook_page_of_the_zip_loads_no_mathjax_and_its_maths_from_inside(site):
    with zipfile.ZipFile(ROOT / "build" / "arena-site.zip") as archive:
        names = [n for n in archive.namelist() if re.search(r"notebooks/[^/]+\.html$", n)]
        assert len(names) == 16
        for name in names:
            page = archive.read(name).decode("utf-8")
            assert "mathjax" not in page.lower(), name
            sheets = re.findall(r'<link [^>]*href="([^"]*katex\.min\.css)"', page)
            depth = name.count("/") - 1             # arena-site/[en/]notebooks/x.html
            assert sheets == ["../" * depth + "assets/katex/katex.min.css"], (name, sheets)
    for page in (site / "notebooks").glob("*/index.html"):
        assert "mathjax" not in page.read_text(encoding="utf-8").lower()


def test_the_readme_lists_every_make_target():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = re.findall(r"^([a-z-]+):.*## ", makefile, re.M)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme.split("## Make targets", 1)[1]
    assert {"pdf", "js", "connect-four", "serve", "site"} <= set(targets)
    assert [t for t in targets if f"`{t}`" not in listed and t != "help"] == []


def test_the_zip_is_the_students_edition(site):
    """No teachers' tab, page or book in the zip handed to students; the site keeps them."""
    with zipfile.ZipFile(ROOT / "build" / "arena-site.zip") as archive:
        names = set(archive.namelist())
        home = {lang: archive.read(f"arena-site/{root}index.html").decode("utf-8")
                for lang, root in (("fr", ""), ("en", "en/"))}
    for root in ("", "en/"):
        for page in ("teachers", "sources", "bank", "building", "reference"):
            assert f"arena-site/{root}{page}.html" not in names
            assert (site / root / page / "index.html").exists()
    books = sorted(n for n in names if n.endswith(".pdf") and "/handouts/" not in n
                   and "/figures/" not in n)
    assert books == ["arena-site/en/reachability-games.pdf",
                     "arena-site/jeux-d-accessibilite.pdf"]
    assert (site / "jeux-d-accessibilite-enseignants.pdf").exists()
    for lang, page in home.items():
        assert "teachers.html" not in page and "sources.html" not in page
        assert ("Enseignants" if lang == "fr" else "Teachers") not in page
        assert "notebooks/01-modelling.html" in page
