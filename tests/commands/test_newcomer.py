"""What a newcomer trips on (issue 37 §5): the first build's log holds no benchmark rows
without their header; a notebook page of the zip loads no MathJax (its formulas are typeset
at build time) and KaTeX's stylesheet from inside the folder; the README lists every make
target."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_build_never_measures_the_quick_benchmark(tmp_path, monkeypatch, capfd):
    """Without this machine's build/bench.json the teachers' page shows the recorded
    quick benchmark, its date, machine and load (issue 65: a first build and `make serve`
    were silent for minutes measuring it, before the first page); nothing is measured."""
    import json

    from coursebuild.course.pages import teachers
    from coursebuild.products import fragments

    recorded = json.loads(teachers.RECORDED_BENCH.read_text(encoding="utf-8"))
    monkeypatch.setattr(teachers, "BENCH_FILE", tmp_path / "build" / "bench.json")
    assert fragments.build(tmp_path / "generated", ["bench"], force=True) == ["bench"]
    _, err = capfd.readouterr()
    assert "measuring" not in err and not (tmp_path / "build").exists()
    en = (tmp_path / "generated" / "en" / "bench.md").read_text(encoding="utf-8")
    fr = (tmp_path / "generated" / "fr" / "bench.md").read_text(encoding="utf-8")
    assert f"reduced sizes) on {recorded['date']}: {recorded['machine']['cpu']}, 2 cores" in en
    assert f"le {recorded['date']} : " in fr
    rows = [line for line in en.splitlines() if line.startswith("| ")]  # 2 tables' rows
    assert len(rows) == len(recorded["solver"]) + len(recorded["games"]) + 4


def test_this_machine_s_quick_benchmark_comes_before_the_recorded_one(tmp_path,
                                                                      monkeypatch):
    """`make bench` keeps build/bench.json: the page shows it, an older one without its
    date and load too."""
    import json

    from coursebuild.course.pages import teachers

    mine = tmp_path / "bench.json"
    mine.write_text(json.dumps({"python": "3.99.0", "quick": False, "solver": [],
                                "games": []}), encoding="utf-8")
    monkeypatch.setattr(teachers, "BENCH_FILE", mine)
    assert teachers.bench_data()["python"] == "3.99.0"
    assert teachers.bench()["en"].endswith(
        "\nMeasured by `scripts/bench.py` (Python 3.99.0); `make bench` measures again on "
        "this machine.\n")


def test_the_benchmark_says_where_it_is_on_standard_error():
    """scripts/bench.py's own lines: a step per section, its tables on standard output."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "scripts/bench.py", "--quick", "--only",
                           "construction"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert re.search(r"^bench 1/1 construction \d+\.\d s$", done.stderr, re.M), done.stderr
    assert "bench 1/1" not in done.stdout and "|" in done.stdout


def test_the_benchmark_s_json_says_its_date_machine_and_load(tmp_path):
    """What the teachers' page says of the measures it shows (bench_note) is in the file."""
    import json
    import subprocess
    import sys

    out = tmp_path / "quick.json"
    subprocess.run([sys.executable, "scripts/bench.py", "--quick", "--only", "construction",
                    "--json", str(out)], cwd=ROOT, capture_output=True, check=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", data["date"]) and data["quick"] is True
    assert data["machine"]["cores"] >= 1 and 0 <= data["load"]["min"] <= data["load"]["max"]
    assert len(data["construction"]) >= 1


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
