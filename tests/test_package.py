"""The package looks like one: a licence, a changelog, one version read everywhere,
a free distribution name, pinned linters and build versions, a Pages workflow that
deploys only after the tests."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import arena

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once_and_read_everywhere():
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "arena.__version__"}
    assert importlib.metadata.version(project["name"]) == arena.__version__
    assert f"## {arena.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_licence_classifiers_and_a_free_distribution_name():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    # `arena` on the package index is an unrelated project
    assert project["name"] != "arena" and project["scripts"] == {"arena": "arena.cli:main"}
    assert "Typing :: Typed" in project["classifiers"]
    assert any(c.startswith("Natural Language :: French") for c in project["classifiers"])


def test_linters_and_build_versions_are_pinned():
    test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy"):
        assert any(re.fullmatch(rf"{tool}==[\d.]+", d) for d in test_extra), tool
    pins = {line.split("==")[0].lower() for line in
            (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
            if "==" in line}
    assert {"mkdocs", "mkdocs-material", "mkdocs-jupyter", "pymdown-extensions",
            "pygraphviz", "ruff", "mypy", "playwright"} <= pins
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-c constraints.txt" in makefile and "\n\t$(BIN)/mypy\n" in makefile


def test_pages_deploy_only_after_the_tests():
    workflow = (ROOT / ".github/workflows/pages.yml").read_text(encoding="utf-8")
    jobs = workflow.split("\njobs:\n", 1)[1]
    assert re.search(r"\n  test:\n(?:    .*\n|\n)*?      - run: make test\n", jobs)
    assert re.search(r"\n  build:\n    needs: test\n", jobs)
    assert re.search(r"\n  deploy:\n    needs: build\n", jobs)


def test_the_extras_refer_to_this_distribution():
    """`arena[figures]` would now name the unrelated `arena` of the package index."""
    name = PYPROJECT["project"]["name"]
    for extra, requirements in PYPROJECT["project"]["optional-dependencies"].items():
        for requirement in requirements:
            base = re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0]
            assert base != "arena", (extra, requirement)
            if "[" in requirement and base.startswith("arena"):
                assert base == name, (extra, requirement)
