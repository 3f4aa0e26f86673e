"""The project's imports only look down (issues 46 and 66). The rules are import-linter
contracts in pyproject.toml (``[tool.importlinter]``), checked by ``lint-imports`` (make
test, make lint): the library never imports the course build, the course build runs in
stages, the LaTeX converter's elements and the hook's markers sit above what they share,
and no two modules or packages import each other. This file runs the check as typed, shows
that each contract catches the import it is there for (in a copy of the sources), and
checks what the contracts cannot see: the imports made through ``import_module``, the
library's one lazy upward import, the benchmarks' scripts (not a package)."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "importlinter"]
CONTRACTS = {c["name"]: c for c in CONFIG["contracts"]}
STAGES = CONTRACTS["the course build runs in stages that only look down"]["layers"]


def _lint(cwd: Path, src: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([LINT_IMPORTS, "--no-cache"], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False)


def test_lint_imports_as_typed_keeps_every_contract():
    done = subprocess.run([LINT_IMPORTS], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in done.stdout
    for name in CONTRACTS:
        assert " ".join(f"{name} KEPT".split()) in " ".join(done.stdout.split()), name


def test_make_test_and_make_lint_run_it():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("test", "lint"):
        recipe = makefile.split(f"\n{target}: ", 1)[1].split("\n\n", 1)[0]
        assert "\t$(BIN)/lint-imports\n" in recipe + "\n", target


def _layer(module: str) -> int:
    """The rank of a course build's module in the stages' contract (0: the top)."""
    top = module.split(".")[1]
    for rank, layer in enumerate(STAGES):
        if top in re.split(r"\s*[:|]\s*", layer):
            return rank
    raise AssertionError(f"{module} is in no layer")


BREAKS = [
    # the three package cycles gone (issue 66): the counts' registry read the pages, the
    # pages re-exported the teaching notes' facts, the bank ran the algorithms' page
    ("coursebuild/course/counts.py", "from coursebuild.course import pages", "no circle"),
    ("coursebuild/course/pages/teachers.py", "from coursebuild.course import teaching_facts",
     "no circle"),
    ("coursebuild/course/bank/algorithms.py", "from coursebuild.course.pages import algorithms",
     "no circle"),
    ("arena/errors.py", "from arena import arena", "no circle"),
    ("arena/solver.py", "import coursebuild", "the library never imports"),
    ("coursebuild/sources/exercise_source.py", "from coursebuild.commands import site", "stages"),
    ("coursebuild/course/bank/_kit.py", "from coursebuild.products import moodle", "stages"),
    ("coursebuild/products/moodle/__init__.py", "from coursebuild.products import sheets",
     "stages"),  # a product
    ("coursebuild/documents/guide.py", "from coursebuild import hook", "stages"),
    ("coursebuild/typeset/latex/figures.py", "from coursebuild.typeset.latex import converter",
     "LaTeX"),
    ("coursebuild/documents/markers/state.py", "from coursebuild.documents.markers import links",
     "markers"),
]


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The sources and pyproject.toml, copied (each case adds one import, then puts the
    file back)."""
    top = tmp_path_factory.mktemp("layers")
    shutil.copytree(ROOT / "src", top / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.egg-info"))
    shutil.copy(ROOT / "pyproject.toml", top / "pyproject.toml")
    return top


@pytest.mark.parametrize(("path", "line", "contract"), BREAKS)
def test_each_contract_catches_the_import_it_is_there_for(copy, path, line, contract):
    file = copy / "src" / path
    before = file.read_text(encoding="utf-8")
    file.write_text(before + f"\n\ndef _added():\n    {line}\n", encoding="utf-8")
    try:
        done = _lint(copy, copy / "src")
    finally:
        file.write_text(before, encoding="utf-8")
    assert done.returncode == 1, done.stdout
    broken = [n for n in CONTRACTS if " ".join(f"{n} BROKEN".split())
              in " ".join(done.stdout.split())]
    assert len(broken) >= 1 and any(contract in n for n in broken), (broken, done.stdout)


def _import_module_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
            and getattr(n.func, "attr", getattr(n.func, "id", None)) == "import_module"]


def test_the_imports_made_through_import_module_look_down_too():
    """import-linter reads import statements: the commands' table, the bank's problem
    modules, the page modules and the checkers' modules are imported by name at run time.
    Each such place is known, and what it imports sits at its stage or below."""
    from coursebuild.course import bank, exercise_verdicts, pages

    src = ROOT / "src" / "coursebuild"
    found = {p.relative_to(src).as_posix(): len(_import_module_calls(p))
             for p in sorted(src.rglob("*.py")) if _import_module_calls(p)}
    assert found == {"__main__.py": 1, "course/bank/__init__.py": 1,
                     "course/exercise_verdicts.py": 1,
                     "course/judging.py": 1, "course/pages/__init__.py": 1}
    source = (src / "__main__.py").read_text(encoding="utf-8")
    commands = re.findall(r'_module_main\("([\w.]+)"\)', source)
    assert commands and all(_layer(f"coursebuild.{c}") >= _layer("coursebuild.__main__")
                            for c in commands)
    for c in commands:
        assert hasattr(__import__(f"coursebuild.{c}", fromlist=["main"]), "main"), c
    # the bank's and the pages' modules are their own package's (the contracts see what
    # those import), and the checkers' modules are the library's
    assert all((src / "course" / "bank" / f"{m}.py").is_file() for m in bank._MODULES)
    assert {m.__name__.rpartition(".")[0] for m in pages.modules()} == {"coursebuild.course.pages"}
    assert all(m.startswith("arena.") for m in exercise_verdicts.CHECKERS_MODULES)
    # judging runs a "module:function" target given by its caller: the library's checks
    judged = re.findall(r'"((?:\w+\.)+\w+):\w+"', "".join(
        p.read_text(encoding="utf-8") for p in src.rglob("*.py")))
    assert not [t for t in judged if t.startswith("coursebuild.")
                and _layer(t) < _layer("coursebuild.course.judging")]


def test_the_practice_worker_ships_no_chapter_page():
    """The bank no longer imports the algorithms' page (its queue moved down to the bank's
    kit), so the worker's zip ships the bank, not the chapters' modules."""
    from coursebuild.products import practice_page

    shipped = practice_page.pyodide_modules()
    assert "course/bank/_kit.py" in shipped and "course/bank/algorithms.py" in shipped
    assert [m for m in shipped if m.startswith("course/pages/")] == []


def test_the_librarys_one_upward_import_is_lazy_and_where_it_says():
    """The contract ignores arena.arena -> arena.render: the model's _repr_svg_ draws an
    arena in a notebook, importing the drawing when it is called, nowhere else."""
    acyclic = CONTRACTS["no circle between the modules or packages of one package"]
    assert acyclic["ignore_imports"] == ["arena.arena -> arena.render"]
    source = (ROOT / "src" / "arena" / "arena.py").read_text(encoding="utf-8")
    method = source[source.index("def _repr_svg_"):]
    assert "from arena import render" in method.split("\n    def ")[0]
    assert source.count("from arena import render") == 1


def test_the_benchmarks_helpers_are_below_their_sections_and_the_command_on_top():
    """scripts/ is not a package (import-linter reads packages): its imports are read here."""
    scripts = ROOT / "scripts"
    names = {p.stem for p in scripts.glob("bench*.py")}
    imports = {}
    for name in names:
        tree = ast.parse((scripts / f"{name}.py").read_text(encoding="utf-8"))
        imports[name] = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                         for a in n.names} | {n.module.split(".")[0] for n in ast.walk(tree)
                                              if isinstance(n, ast.ImportFrom) and n.module}
        imports[name] &= names
    assert imports["bench_common"] == set()
    assert not any("bench" in found for found in imports.values())   # nothing imports the command
    assert any("bench_common" in found for found in imports.values())


def test_the_hook_holds_the_mkdocs_events_and_is_imported_by_no_writer():
    """``hook.py`` (the path mkdocs.base.yml names) defines MkDocs' events and their own
    helpers; its layer is above every writer's, below the commands'."""
    tree = ast.parse((ROOT / "src" / "coursebuild" / "hook.py").read_text(encoding="utf-8"))
    public = [n.name for n in tree.body
              if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    assert "on_page_markdown" in public and all(n.startswith("on_") for n in public), public
    assert "src/coursebuild/hook.py" in (ROOT / "mkdocs.base.yml").read_text(encoding="utf-8")
    assert STAGES[1] == "hook"


def test_the_package_states_the_stages_the_contract_checks():
    """``coursebuild``'s docstring says the four stages in order, and each module in the
    stage whose layers the contract places it in (the writers: the hook, the composers,
    the products, the tools)."""
    import coursebuild

    doc = " ".join(coursebuild.__doc__.split())
    stages = ["sources", "facts", "writers", "commands"]
    assert " -> ".join(f"**{s}**" for s in stages) in doc
    parts = re.split(r"\d\. \*\*(\w+)\*\* --", doc)
    assert parts[1::2] == stages
    said = {name.split(".")[1]: stage
            for stage, text in zip(parts[1::2], parts[2::2], strict=True)
            for name in re.findall(r":mod:`(coursebuild\.[\w.]+)`", text)}
    layers = [re.split(r"\s*[:|]\s*", layer) for layer in STAGES]
    placed = {m: stage for stage, group in (("commands", layers[:1]), ("writers", layers[1:5]),
                                            ("facts", layers[5:6]), ("sources", layers[6:]))
              for layer in group for m in layer}
    assert said == placed
