"""The project's imports only look down (issue 46), read from the code's own imports by
scripts/import_graph.py: the library is a tree but for its one documented upward import,
the LaTeX converter's element modules see an interface below the converter, the
benchmarks' shared helpers sit below their sections, the command on top, and the course
build runs in stages, sources -> facts -> writers -> commands, with no circle anywhere, and
a writer never borrows a helper from another writer's module."""

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


def test_no_two_files_of_the_project_import_each_other_even_through_others():
    assert import_graph.circles(GRAPH) == []


def test_the_course_build_runs_in_stages_that_only_look_down():
    course = [name for name in GRAPH if name.startswith("coursebuild.")]
    assert [n for n in course if import_graph.stage(n) is None] == []   # each one placed
    assert import_graph.upward(GRAPH) == []
    # the edges that closed the circle are gone: a reader never imports a writer, a
    # writer never borrows from another writer's module what lives below both
    for a, b in [("exercise_source", "bank_pages"), ("bank", "catalogue"),
                 ("pages.teachers", "__main__"), ("release", "site"), ("texts", "hook"),
                 ("texts", "book"), ("bank_pages", "book"), ("teaching", "book"),
                 ("teaching", "pacing"), ("teaching", "sample_paper"),
                 ("glossary", "exercise_source"), ("pages.bank", "bank_pages")]:
        assert f"coursebuild.{b}" not in GRAPH[f"coursebuild.{a}"], (a, b)
    assert import_graph.stage("coursebuild.pages.ourson") == "facts"
    assert import_graph.stage("coursebuild.latex.converter") == "writers"


def test_a_writer_never_borrows_from_another_writers_module():
    """Writers use the writers' tools (the LaTeX converter, editions, texts) and only the
    composers import other writers' products; the helpers two writers shared live below
    both now: what each student gets and a marking scheme's points (bank_samples), a
    duration as LaTeX (texts), the book's chapters and the problems in their order
    (editions), the practice page's fields (practice, a fact its page and the Moodle export
    read), the teaching notes (teaching_notes), a figure's layout job (drawing)."""
    assert import_graph.borrowings(GRAPH) == []
    for a, b in [("moodle", "sheets"), ("practice_page", "bank_pages"),
                 ("sample_paper", "sheets"), ("sample_paper", "teaching"),
                 ("pacing", "teaching"), ("teaching", "bank_pages"), ("sheets", "catalogue")]:
        assert f"coursebuild.{b}" not in GRAPH[f"coursebuild.{a}"], (a, b)
    assert import_graph.stage("coursebuild.practice") == "facts"
    assert import_graph.stage("coursebuild.teaching_notes") == "facts"
    # the tools are writers that import no writer but one another
    tools = set(import_graph.TOOLS)
    for a, bs in GRAPH.items():
        if import_graph._entry(a) in tools:
            assert {import_graph._entry(b) for b in bs
                    if import_graph.stage(b) == "writers"} <= tools, a
    # each composer does compose: it (or, a package, one of its modules) imports a writer
    # that is not a tool (else it need not be named), and says what
    for name, what in import_graph.COMPOSERS.items():
        assert import_graph.stage(name) == "writers" and what
        assert any(import_graph.stage(b) == "writers" and import_graph._entry(b) != name
                   and import_graph._entry(b) not in tools
                   for a, bs in GRAPH.items() if import_graph._entry(a) == name
                   for b in bs), name


def test_a_borrowing_is_caught_and_a_tool_a_composer_or_a_package_is_not():
    made = {"coursebuild.moodle": {"coursebuild.sheets", "coursebuild.texts",
                                   "coursebuild.practice"},
            "coursebuild.sheets": {"coursebuild.latex.converter", "coursebuild.editions"},
            "coursebuild.editions": {"coursebuild.bank_pages"},
            "coursebuild.hook": {"coursebuild.bank_pages", "coursebuild.guide"},
            "coursebuild.latex.figures": {"coursebuild.latex.context"}}
    assert import_graph.borrowings(made) == [("coursebuild.editions", "coursebuild.bank_pages"),
                                             ("coursebuild.moodle", "coursebuild.sheets")]


def test_an_import_from_a_lower_stage_up_is_caught():
    """The check is not vacuous: a reader importing a command, or a fact a writer, is
    reported; the same imports downward are not."""
    up = {"coursebuild.exercise_source": {"coursebuild.site", "coursebuild.paths"},
          "coursebuild.pages.ourson": {"coursebuild.hook"},
          "coursebuild.hook": {"coursebuild.pages.ourson"}}
    assert import_graph.upward(up) == [("coursebuild.exercise_source", "coursebuild.site"),
                                       ("coursebuild.pages.ourson", "coursebuild.hook")]


def test_the_package_states_the_stages_the_graph_checks():
    """``coursebuild``'s docstring says the stages in order, and each module in the stage
    the graph places it in."""
    import re

    import coursebuild

    doc = " ".join(coursebuild.__doc__.split())
    assert " -> ".join(f"**{s}**" for s in import_graph.STAGES) in doc
    parts = re.split(r"\d\. \*\*(\w+)\*\* --", doc)
    assert parts[1::2] == list(import_graph.STAGES)
    said = {name: stage for stage, text in zip(parts[1::2], parts[2::2], strict=True)
            for name in re.findall(r":mod:`(coursebuild\.[\w.]+)`", text)}
    placed = {name: stage for name, stage in import_graph.LAYERS.items()}
    assert said == placed


def test_the_graph_script_as_typed_counts_the_graph_the_tests_read():
    """Exit 1 while a circle, an upward import or a borrowing is left, and the same count
    of files and imports."""
    done = subprocess.run([sys.executable, "scripts/import_graph.py"], cwd=ROOT,
                          capture_output=True, text=True)
    found = import_graph.circles(GRAPH)
    up = import_graph.upward(GRAPH)
    borrowed = import_graph.borrowings(GRAPH)
    assert done.returncode == (1 if found or up or borrowed else 0)
    assert done.stdout.rstrip().endswith(
        f"{len(found)} circle(s), {len(up)} upward import(s), {len(borrowed)} borrowing(s), "
        f"{len(GRAPH)} files, {sum(map(len, GRAPH.values()))} imports")
    edges = subprocess.run([sys.executable, "scripts/import_graph.py", "--edges"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert "coursebuild.latex.converter -> coursebuild.latex.writer" not in edges
    assert "arena.errors -> arena.vertices" in edges


def test_the_hook_holds_the_mkdocs_events_and_what_markers_become_sits_below_it():
    """``hook.py`` (the path mkdocs.base.yml names) defines MkDocs' events and their own
    helpers; what a page's markers become is written by ``coursebuild.markers``, whose
    modules share the build's state (``markers.state``) and never import the hook."""
    import ast

    tree = ast.parse((ROOT / "src" / "coursebuild" / "hook.py").read_text(encoding="utf-8"))
    public = [n.name for n in tree.body
              if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    assert "on_page_markdown" in public and all(n.startswith("on_") for n in public), public
    assert "src/coursebuild/hook.py" in (ROOT / "mkdocs.base.yml").read_text(encoding="utf-8")
    assert GRAPH["coursebuild.markers.state"] == {"coursebuild.paths"}
    assert not any("coursebuild.hook" in bs for bs in GRAPH.values())
    assert {b for b in GRAPH["coursebuild.hook"] if b.startswith("coursebuild.markers")} == {
        f"coursebuild.markers.{m}" for m in ("check", "exercises", "figures", "links",
                                             "notebook_pages", "state")}
