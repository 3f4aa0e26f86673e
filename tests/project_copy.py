"""A copy of the project to build with a change (the tests that build a site of their
own): its tracked files, the editor bundle and npm's packages, and the main build's
caches, so that only what the change touches is made again (each product is keyed on all
its inputs)."""

from __future__ import annotations

import compileall
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHES = ("docs/figures", "docs/generated", "build/notebooks", "build/handout", "build/cache",
          "build/wheel", ".cache/mkdocs-jupyter")
STAMPS = ("build/stamps/wheel",)     # the wheel's key: made again only if its inputs change


def copy_with_caches(dest: Path) -> Path:
    """The project copied into ``dest`` (a folder that does not exist yet), ready for
    ``python -m coursebuild site`` with ``PYTHONPATH`` set to its ``src``."""
    from coursebuild.paths import copy_project

    copy = copy_project(dest)
    compileall.compile_dir(str(copy / "src"), quiet=1)   # as conftest does for the project
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    (copy / "build" / "js").mkdir(parents=True)
    shutil.copy2(ROOT / "build" / "js" / "editor.js", copy / "build" / "js" / "editor.js")
    for cache in CACHES:
        if (ROOT / cache).is_dir():
            shutil.copytree(ROOT / cache, copy / cache, symlinks=True,
                            ignore=shutil.ignore_patterns("sockets"), dirs_exist_ok=True)
    for stamp in STAMPS:
        if (ROOT / stamp).exists():
            (copy / stamp).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / stamp, copy / stamp)
    if (ROOT / "build" / "bench.json").exists():     # the teachers' page's measures
        shutil.copy2(ROOT / "build" / "bench.json", copy / "build" / "bench.json")
    return copy


def with_project_venv(copy: Path) -> Path:
    """``copy`` runs its `make` commands with the project's virtual environment (a link
    to it). make installs the project again when pyproject.toml or constraints.txt is
    newer than the environment's stamp, and an install from the copy would point the
    project's environment at the copy's ``src/`` (its .pth files) for good: the copy's
    two files get the stamp's time when they are newer (a checkout whose environment
    predates an edit of pyproject.toml), so that make never installs from the copy."""
    import os

    (copy / ".venv").symlink_to(ROOT / ".venv")
    stamps = [s for s in (ROOT / ".venv" / ".docs-installed",
                          ROOT / ".venv" / ".test-installed") if s.exists()]
    if stamps:
        oldest = min(s.stat().st_mtime for s in stamps)
        for name in ("pyproject.toml", "constraints.txt"):
            if (copy / name).stat().st_mtime > oldest:
                os.utime(copy / name, (oldest - 1, oldest - 1))
    return copy
