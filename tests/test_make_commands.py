"""Every `make` command the README, the teachers' guide and the building manual print is
known here (issue 44 §1): either a test runs it as typed (the test is named), or it is
listed with the reason it is not run by the suite. A command added to the documentation
and to neither list fails the first test. The cheap ones are run here, as typed."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from project_copy import with_project_venv

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*/teachers.md")),
             *sorted((ROOT / "docs").glob("*/building.md"))]

RUN_AS_TYPED = {
    "make help": "test_make_commands.py::test_make_help_lists_every_target",
    "make figures": "test_make_commands.py::test_make_figures_as_typed",
    "make handout": "test_make_commands.py::test_make_handout_as_typed",
    "make sheets":
        "test_sheets_real.py::test_make_sheets_as_typed_in_each_language_from_a_fresh_checkout "
        "(STUDENTS=2: the same command with the class's size given)",
    "make sheets STUDENTS=30 SEED=2026 LANG=fr":
        "test_sheets_real.py::test_make_sheets_as_typed_in_each_language_from_a_fresh_checkout "
        "(STUDENTS=2: the same command for two students)",
    'make sheets STUDENTS=1 LANG=fr TITLE="DS 3" DURATION=2h SPACE=yes':
        "test_sheets_real.py::test_an_exam_paper_for_the_whole_class_with_its_header_rules"
        "_and_marks",
    "make sheets STUDENTS=30 SAME=yes LANG=en DURATION=1h30":
        "test_sheets_real.py::test_an_exam_paper_for_the_whole_class_with_its_header_rules"
        "_and_marks",
    "make td LANG=fr": "test_td.py::test_make_td_as_typed_in_each_language",
    "make td LANG=en": "test_td.py::test_make_td_as_typed_in_each_language",
    "make summaries LANG=fr":
        "test_summaries.py::test_make_summaries_as_typed_in_each_language",
    "make summaries LANG=en":
        "test_summaries.py::test_make_summaries_as_typed_in_each_language",
    "make labs LANG=fr": "test_labs.py::test_make_labs_as_typed_in_each_language",
    "make labs LANG=en": "test_labs.py::test_make_labs_as_typed_in_each_language",
    "make colles ROSTER=classe.csv SEED=2026 LANG=fr":
        "test_colles.py::test_make_colles_as_typed_in_each_language (the roster a file of "
        "a temporary folder)",
    "make colles ROSTER=class.csv SEED=2026 LANG=en":
        "test_colles.py::test_make_colles_as_typed_in_each_language (the roster a file of "
        "a temporary folder)",
    "make moodle LANG=fr VARIANTS=50":
        "test_moodle.py::test_make_moodle_writes_a_bank_moodle_reads_the_same_every_time "
        "(VARIANTS=2 and three problems: the same command, smaller)",
    "make moodle LANG=en VARIANTS=50":
        "test_moodle.py::test_make_moodle_as_typed_has_a_category_per_problem (VARIANTS=2)",
    "make slides": "test_slides.py::decks (the fixture of every test of the decks)",
    "make slides LANG=en RATIO=4:3": "test_slides.py::test_make_slides_ratio_4_3_as_typed",
}
RUN_AS_TYPED.update({
    "make colles ROSTER=classe.csv SEED=2026 LANG=fr WEEK=5":
        "test_colles.py::test_make_colles_week_5_as_the_guide_types_it",
    "make site": "test_make_commands.py::test_make_site_and_make_pdf_as_typed",
    "make pdf": "test_make_commands.py::test_make_site_and_make_pdf_as_typed",
    "make serve": "test_make_commands.py::test_make_serve_as_typed",
    "make serve PORT=8001": "test_make_commands.py::test_make_serve_as_typed",
    "make constraints":
        "test_make_commands.py::test_make_constraints_as_typed_pins_the_newest_allowed_versions"
        " (in a copy of the checkout)",
    "make connect-four":
        "test_make_commands.py::test_make_connect_four_as_typed_on_a_smaller_board "
        "(COLS=4 ROWS=4 OUT=file: the same command on 4 × 4, the course's 6 × 4 takes two "
        "minutes)",
    "make connect-four COLS=4 ROWS=4 OUT=c4.json":
        "test_make_commands.py::test_make_connect_four_as_typed_on_a_smaller_board "
        "(OUT: a file of a temporary folder, its name with a space and a quote)",
    "make bench":
        "test_make_commands.py::test_make_bench_quick_as_typed (QUICK=1 BENCH_JSON=file: the "
        "same command on the smaller sizes, the full run takes minutes on a quiet machine)",
    "make bench QUICK=1":
        "test_make_commands.py::test_make_bench_quick_as_typed (BENCH_JSON: a file of a "
        "temporary folder, its name with a space and a quote)",
})
NOT_RUN_BY_THE_SUITE = {
    "make test": "the suite itself",
    "make test-fast": "the suite's part without its end-to-end tests (what it selects: "
                      "test_make_commands.py::test_make_test_fast_leaves_out_only_the_end_to_end_tests)",
    # the guide names the commands of a session's sheets without a language: both
    # languages in turn, each run as typed above (make td LANG=fr, LANG=en, ...)
    "make td": "make td LANG=fr then LANG=en (the recipe's default), each run as typed by "
               "test_td.py::test_make_td_as_typed_in_each_language",
    "make summaries": "make summaries LANG=fr then LANG=en, each run as typed by "
                      "test_summaries.py::test_make_summaries_as_typed_in_each_language",
    "make colles ROSTER=class.csv SEED=2026 LANG=en WEEK=5":
        "the French guide's command (run as typed by test_colles.py::"
        "test_make_colles_week_5_as_the_guide_types_it) in English: LANG=en with its "
        "roster is run by test_colles.py::test_make_colles_as_typed_in_each_language",
}


def printed_commands() -> set[str]:
    """The make commands the documents print (in code spans or code blocks, comments
    left out)."""
    found = set()
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        spans = re.findall(r"`(make [^`]+)`", text)
        blocks = re.findall(r"^(make [a-z-]+(?: [A-Z][A-Z_]*=\S+)*)\s*(?:#.*)?$", text, re.M)
        for command in [*spans, *blocks]:
            command = " ".join(command.split())
            if re.fullmatch(r"make [a-z-]+(?: [A-Z][A-Z_]*=(?:\"[^\"]*\"|\S+))*", command) and \
                    "id,id" not in command:
                found.add(command)
    return found


def test_every_printed_make_command_is_run_by_a_test_or_said_why_not():
    printed = printed_commands()
    assert {"make site", "make sheets STUDENTS=30 SEED=2026 LANG=fr"} <= printed
    unknown = printed - set(RUN_AS_TYPED) - set(NOT_RUN_BY_THE_SUITE)
    assert unknown == set(), unknown


# as a user types it: not as a make inside make test (whose MAKELEVEL and MAKEFLAGS
# would make it say which folder it enters)
ENV = {k: v for k, v in os.environ.items()
       if k not in ("LANG", "MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")}


def _make(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(["make", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


def test_make_test_fast_leaves_out_only_the_end_to_end_tests():
    """`make test-fast` is `make test`'s pytest with -m "not slow": it leaves out the tests
    that drive the browser and the modules that build copies, and keeps the rest (the
    serve's quick tests among them)."""
    recipe = _make("-n", "test-fast").stdout
    fast = [line for line in recipe.splitlines() if " -m pytest " in line]
    assert fast == [".venv/bin/python -m pytest -n 3 "
                    '--dist loadfile --no-loadscope-reorder -m "not slow"'], recipe
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--co",
                           "-m", "not slow", "tests"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    kept = {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    for module in ("test_release", "test_wheel", "test_edited_copy", "test_sheets_real"):
        assert f"{module}.py" not in {k.rpartition("/")[2] for k in kept}, module
    # the browser's tests go, a module's other tests stay
    assert not any(i.startswith("tests/commands/"
                                "test_browser.py::test_every_page_loads") for i in ids)
    assert "tests/commands/test_browser.py::test_pages_of_both_languages_are_checked" in ids
    assert "tests/commands/test_serve.py::test_a_reload_keeps_the_build_lock_of_its_process" in ids
    assert not any("test_make_moodle_as_typed" in i for i in ids)       # a copy: slow
    assert sum(i.startswith("tests/course/test_exercises.py::") for i in ids) >= 20
    assert len(ids) > 1500, len(ids)


def test_make_help_lists_every_target():
    done = _make("help")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = re.findall(r"^([a-z-]+):.*## ", makefile, re.M)
    listed = [line.split()[0] for line in done.stdout.splitlines() if line.strip()]
    assert done.returncode == 0 and listed == targets and "sheets" in listed


def test_make_figures_as_typed(site):
    done = _make("figures")
    assert done.returncode == 0, done.stderr[-1500:]
    manifest = ROOT / "docs" / "figures" / "manifest.json"
    import json

    ids = [entry["id"] for entry in json.loads(manifest.read_text(encoding="utf-8"))]
    assert re.search(rf"figures: all {len(ids)} up to date", done.stderr), done.stderr
    assert all((ROOT / "docs" / "figures" / f"{i}.pdf").exists() for i in ids)


def test_make_handout_as_typed(site):
    """The sheets of every exercise with their solutions, in both languages: a PDF each,
    whose text holds its chapters' exercises."""
    done = _make("handout")
    assert done.returncode == 0, done.stderr[-1500:]
    assert re.search(r"^handout: ", done.stdout + done.stderr, re.M), done.stdout[-500:]
    for lang, word in (("fr", "Exercice"), ("en", "Exercise")):
        pdf = ROOT / "build" / "handout" / f"handout-{lang}.pdf"
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert text.count(word) >= 10, (lang, text[:300])


def test_make_site_and_make_pdf_as_typed(site):
    """After the suite's own build, `make site` finds everything up to date, and `make pdf`
    lists the four books it leaves in build/pdf."""
    done = _make("site")
    assert done.returncode == 0, done.stderr[-1500:]
    assert "site: done in" in done.stdout + done.stderr
    done = _make("pdf")
    assert done.returncode == 0, done.stderr[-1500:]
    listed = [line for line in done.stdout.splitlines() if line.startswith("build/pdf/")]
    assert listed == ["build/pdf/jeux-d-accessibilite-enseignants.pdf",
                      "build/pdf/jeux-d-accessibilite.pdf",
                      "build/pdf/reachability-games-teachers.pdf",
                      "build/pdf/reachability-games.pdf"]
    assert all((ROOT / path).read_bytes()[:5] == b"%PDF-" for path in listed)


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.mark.parametrize("command, port", [("make serve", 8000), ("make serve PORT=8001", 8001)])
def test_make_serve_as_typed(site, command, port):
    """As the README prints it: the site is brought up to date, served in both languages
    at the port, and Ctrl-C (an interrupt to the terminal's process group) stops it."""
    if not _port_is_free(port):
        pytest.fail(f"port {port} is in use on this machine: `{command}` cannot run as typed")
    # as from a terminal: its own process group, and Ctrl-C not ignored (a pytest-xdist
    # worker ignores it, and a child would inherit that)
    proc = subprocess.Popen(command.split(), cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 600           # an out-of-date site is built first
        pages = {}
        for lang, path in (("fr", "/ourson/"), ("en", "/en/ourson/")):
            while lang not in pages:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                assert time.monotonic() < deadline, f"{command}: nothing served"
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}",
                                                timeout=10) as answer:
                        pages[lang] = answer.read().decode("utf-8")
                except OSError:
                    time.sleep(0.5)
        assert '<html lang="fr"' in pages["fr"] and '<html lang="en"' in pages["en"]
        # the site is served while it is brought up to date, its pages saying so until
        # the build is done (issue 65: a cold `make serve` answered nothing for minutes)
        while 'id="arena-serve-building"' in pages["fr"]:
            assert time.monotonic() < deadline, f"{command}: the build never ended"
            time.sleep(0.5)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ourson/",
                                        timeout=10) as answer:
                pages["fr"] = answer.read().decode("utf-8")
    finally:
        os.killpg(proc.pid, signal.SIGINT)          # Ctrl-C in the terminal
        try:
            out, _ = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:           # never left running for the next test
            os.killpg(proc.pid, signal.SIGKILL)
            raise
    assert f"serve: serving http://127.0.0.1:{port}/ (French)" in out, out[-1500:]
    # said before the build, which runs behind the server
    assert out.index("(the rest is still building)") < out.index("serve: built everything"), \
        out[-1500:]
    assert "serve: stopped" in out and "Traceback" not in out, out[-1500:]


# --- make constraints ------------------------------------------------------------------

def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(text: str) -> dict[str, str]:
    return {_canonical(line.split("==")[0]): line.split("==")[1]
            for line in text.splitlines() if line and not line.startswith("#")}


def test_the_committed_constraints_are_what_make_constraints_writes():
    """Its header, one `name==version` a line, sorted without regard to case (`-` and `=`
    before `_` and letters), neither the project nor pip's own tools."""
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    header, body = lines[:2], lines[2:]
    assert "\n".join(header) + "\n" == _constraints_script().HEADER
    assert all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*==[0-9][0-9A-Za-z.+!-]*", line)
               for line in body), body
    assert body == sorted(body, key=str.lower) and len(body) > 100
    assert not {"arena-reachability", "pip", "setuptools", "wheel"} & set(_pins("\n".join(body)))


def _constraints_script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("constraints_script",
                                                  ROOT / "scripts" / "constraints.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_constraints_as_typed_pins_the_newest_allowed_versions(tmp_path):
    """In a copy of the checkout (with the project's environment): pip resolves the
    extras as for a new environment, nothing installed, and the file gets every package
    the committed one pins, at the same or a newer version, and each exact pin of
    pyproject.toml as it is."""
    from packaging.version import Version

    from coursebuild.paths import copy_project

    copy = copy_project(tmp_path / "arena")
    with_project_venv(copy)
    before = sorted(p.name for p in copy.iterdir())
    done = subprocess.run(["make", "constraints"], cwd=copy, env=ENV, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-1500:])
    assert "--dry-run --ignore-installed --report" in done.stdout
    text = (copy / "constraints.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert text.startswith(_constraints_script().HEADER) and text.endswith("\n")
    assert lines[2:] == sorted(lines[2:], key=str.lower)
    new, old = _pins(text), _pins((ROOT / "constraints.txt").read_text(encoding="utf-8"))
    assert set(old) <= set(new), set(old) - set(new)
    assert [n for n in old if Version(new[n]) < Version(old[n])] == []
    assert not {"arena-reachability", "pip", "setuptools", "wheel"} & set(new)
    pyproject = (copy / "pyproject.toml").read_text(encoding="utf-8")
    exact = dict(re.findall(r'"([A-Za-z0-9._-]+)==([^",;\s]+)"', pyproject))
    assert exact and all(new[_canonical(n)] == v for n, v in exact.items()), exact
    assert sorted(p.name for p in copy.iterdir()) == before    # no report left beside it
    assert (ROOT / ".venv" / "bin" / "python").exists()


def test_make_constraints_keeps_the_file_when_the_report_is_not_pip_s(tmp_path):
    out = tmp_path / "constraints.txt"
    out.write_text("# kept\n", encoding="utf-8")
    (tmp_path / "report.json").write_text('{"version": "1"}', encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "constraints.py"),
                           str(tmp_path / "report.json"), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "report.json: not pip's installation report" in done.stderr
    assert out.read_text(encoding="utf-8") == "# kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["constraints.txt", "report.json"]


# --- make connect-four -----------------------------------------------------------------

COURSE_DATA = ROOT / "docs" / "data" / "connect4-6x4.json"


def _four_in_a_row(grid: list[list[int | None]], player: int) -> bool:
    rows, cols = len(grid), len(grid[0])
    return any(all(0 <= r + dr * i < rows and 0 <= c + dc * i < cols and
                   grid[r + dr * i][c + dc * i] == player for i in range(4))
               for r in range(rows) for c in range(cols)
               for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


def test_make_connect_four_as_typed_on_a_smaller_board(tmp_path):
    """The documented command on 4 × 4 (the course's 6 × 4 takes two minutes), into a file
    whose name holds a space and a quote: Tromp's count of positions, the compact solver's
    plies, moves and start, a perfect game that fills the board without four in a row
    (a draw), the current solver's digest; the course's file is left as it was."""
    import json

    from arena.games import solve_connect4
    from arena.games.connect4_plies import code_hash

    course = COURSE_DATA.read_bytes()
    out = tmp_path / "puissance 4 d'essai.json"
    done = _make("connect-four", "COLS=4", "ROWS=4", f"OUT={out}")
    assert done.returncode == 0, done.stderr[-1500:]
    assert f"wrote {out}" in done.stdout and "4 cols × 4 rows" in done.stdout, done.stdout
    d = json.loads(out.read_text(encoding="utf-8"))
    c = solve_connect4(4, 4)
    assert (d["cols"], d["rows"], d["positions"]) == (4, 4, 161_029)
    assert (d["moves"], d["plies"]) == (c.edges, [len(level.mask) for level in c.levels])
    assert d["start"] == {"winner": None, "rank": None} == {"winner": c.start_winner,
                                                            "rank": c.start_rank}
    grid: list[list[int | None]] = [[None] * 4 for _ in range(4)]
    heights = [0] * 4
    for n, column in enumerate(d["perfect_game"]):
        assert not _four_in_a_row(grid, 0) and not _four_in_a_row(grid, 1)
        grid[heights[column]][column] = n % 2
        heights[column] += 1
    assert heights == [4] * 4 and not _four_in_a_row(grid, 0) and not _four_in_a_row(grid, 1)
    assert d["provenance"]["solver_sha256"] == code_hash()
    assert COURSE_DATA.read_bytes() == course


def test_make_connect_four_on_another_board_without_out_says_so_in_one_line():
    course = COURSE_DATA.read_bytes()
    done = _make("connect-four", "COLS=4", "ROWS=4")
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines() if not line.startswith("make")]
    assert said == ["bench_connect4.py: the course's data file is for 6 columns × 4 rows "
                    "(give --out FILE; make connect-four: OUT=FILE)"], done.stderr
    assert COURSE_DATA.read_bytes() == course


# --- make bench ------------------------------------------------------------------------

def _built_in_games() -> dict:
    """The built-in games the quick benchmark solves, by its labels, built here."""
    from arena.games import chomp, marienbad, nim, ourson, tictactoe

    return {"nim n=10 rule {1,2}": lambda: nim(10, [1, 2]),
            "nim n=15 rule {2,3,5}": lambda: nim(15, [2, 3, 5]),
            "marienbad 1,3,5,7": lambda: marienbad((1, 3, 5, 7)),
            "chomp 2 × 3": lambda: chomp(2, 3), "chomp 4 × 5": lambda: chomp(4, 5),
            "ourson": ourson, "tic-tac-toe 3 × 3": lambda: tictactoe(3, 3)}


def test_make_bench_quick_as_typed(tmp_path):
    """`make bench QUICK=1 BENCH_JSON=file` (the smaller sizes, seconds instead of the
    full run's minutes), into a file whose name holds a space and a quote: every section
    of the quick run is printed and kept; each measure of the construction is the median
    of its rounds, printed with their range; the arenas measured have the sizes their
    shapes give; every game's positions, moves, winner and rank are the solver's (or
    Tromp's published counts for Connect-4); every solver of the search finds the same
    winner as arena."""
    import json
    import statistics

    from arena import solve
    from arena.games import connect4

    out = tmp_path / "mesures d'essai.json"
    done = _make("bench", "QUICK=1", f"BENCH_JSON={out}")
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.startswith(f".venv/bin/python scripts/bench.py --json {out} --quick\n")
    m = json.loads(out.read_text(encoding="utf-8"))
    assert m["quick"] is True
    assert {"construction", "solver", "games", "rules", "rules_easyai", "search"} <= set(m)
    for heading in ("### Construction", "### Solver: `solve`", "### Solver without numpy",
                    "### Built-in games"):
        assert heading in done.stdout, heading

    for row in m["construction"]:
        for way in ("int", "text", "csr"):
            rounds = row["rounds"][way]
            assert len(rounds) == 3 and min(rounds) > 0
            assert row[way] == statistics.median(rounds)
    spreads = re.findall(r"(\d+\.\d+) \((\d+\.\d+)-(\d+\.\d+)\)", done.stdout)
    assert len(spreads) >= 3 * len(m["construction"])
    assert all(float(low) <= float(med) <= float(high) for med, low, high in spreads)

    kinds = {row["kind"] for row in m["solver"]}
    assert kinds == {"random", "chain", "grid"}
    for row in m["solver"]:
        n, side = row["vertices"], round(row["vertices"] ** 0.5)
        assert {"chain": n - 1, "grid": 2 * side * (side - 1),
                "random": row["edges"]}[row["kind"]] == row["edges"] <= 3 * n
        assert min(row["solve"], row["bfs"], row["pure"]) > 0

    games = {row["game"]: row for row in m["games"]}
    for label, build in _built_in_games().items():
        g = build()
        sol = solve(g)
        assert (games[label]["positions"], games[label]["edges"], games[label]["winner"],
                games[label]["rank"]) == (len(g), g.n_edges, sol.winner[g.start],
                                          sol.rank[g.start]), label
    assert games["connect-4, 4 rows × 4 columns"]["positions"] == 161_029
    assert games["connect-4, 5 rows × 4 columns"]["positions"] == 1_706_255
    assert all(row["seconds"] > 0 for row in m["games"])

    assert m["rules_easyai"] and all(row["agree"] for row in m["rules_easyai"])
    c4 = connect4(3, 4, 3)
    c4_value = solve(c4)
    known = {"tic-tac-toe 3 × 3": (None, None),
             "Connect-4, 3 rows × 4 columns, 3 in a row": (c4_value.winner[c4.start],
                                                          c4_value.rank[c4.start])}
    for row in m["search"]:
        assert (row["winner"], row["rank"]) == known[row["game"]], row["game"]
        assert all(s["winner"] == row["winner"] for s in row["solvers"].values()), row
        if "arena" in row["solvers"]:
            assert row["solvers"]["arena"]["rank"] == row["rank"]


def test_make_bench_says_a_wrong_quick_in_one_line(tmp_path):
    out = tmp_path / "m.json"
    done = _make("bench", "QUICK=maybe", f"BENCH_JSON={out}")
    said = [line for line in done.stderr.splitlines() if not line.startswith("make: ")]
    assert done.returncode == 2 and not out.exists()
    assert said == ["make bench: QUICK=1 (smaller sizes) or nothing, not QUICK=maybe"], said
