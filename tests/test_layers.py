"""The project's imports only look down (issue 46), read from the code's own imports by
scripts/import_graph.py: the library is a tree but for its one documented upward import,
the LaTeX converter's element modules see an interface below the converter, and the
benchmarks' shared helpers sit below their sections, the command on top."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import import_graph  # noqa: E402

GRAPH = import_graph.graph()


def _within(prefix: str) -> dict[str, set[str]]:
    return {a: {b for b in bs if b.startswith(prefix)}
            for a, bs in GRAPH.items() if a.startswith(prefix)}


def test_the_library_is_a_tree_but_for_its_drawing_of_an_arena_in_a_notebook():
    library = _within("arena")
    assert import_graph.circles(library) == []
    assert not any(b.startswith("coursebuild") for a in library for b in GRAPH[a])
    # the one upward import is where it says it is: the model's _repr_svg_, lazily
    assert {("arena.arena", "arena.render")} == import_graph.UPWARD
    source = (ROOT / "src" / "arena" / "arena.py").read_text(encoding="utf-8")
    method = source[source.index("def _repr_svg_"):]
    assert "from arena import render" in method.split("\n    def ")[0]
    assert source.count("from arena import render") == 1
    # errors name vertices with the formatting below both
    assert "arena.vertices" in GRAPH["arena.errors"] and "arena.arena" not in GRAPH["arena.errors"]


def test_the_converters_element_modules_never_import_the_converter():
    latex = _within("coursebuild.latex")
    assert import_graph.circles(latex) == []
    elements = ("figures", "headings", "index", "links", "listings", "steppers", "tables")
    for name in elements:
        assert "coursebuild.latex.converter" not in GRAPH[f"coursebuild.latex.{name}"], name
    assert GRAPH["coursebuild.latex.writer"] == {"coursebuild.latex.context"}


def test_the_benchmarks_helpers_are_below_their_sections_and_the_command_on_top():
    scripts = {a: {b for b in bs if b.startswith("bench")}
               for a, bs in GRAPH.items() if a.startswith("bench")}
    assert import_graph.circles(scripts) == []
    assert scripts["bench_common"] == set()
    assert not any("bench" in bs for bs in scripts.values())   # nothing imports the command


def test_the_graph_script_as_typed_counts_the_graph_the_tests_read():
    """Exit 1 while a circle is left, and the same count of files and imports."""
    done = subprocess.run([sys.executable, "scripts/import_graph.py"], cwd=ROOT,
                          capture_output=True, text=True)
    found = import_graph.circles(GRAPH)
    assert done.returncode == (1 if found else 0)
    assert done.stdout.rstrip().endswith(
        f"{len(found)} circle(s), {len(GRAPH)} files, "
        f"{sum(map(len, GRAPH.values()))} imports")
    edges = subprocess.run([sys.executable, "scripts/import_graph.py", "--edges"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert "coursebuild.latex.converter -> coursebuild.latex.writer" not in edges
    assert "arena.errors -> arena.vertices" in edges
