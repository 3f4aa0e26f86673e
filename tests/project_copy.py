"""Copies of the project: one to build with a change (the tests that build a site of their
own: its tracked files, the editor bundle and npm's packages, and the main build's caches,
so that only what the change touches is made again, each product being keyed on all its
inputs); and a fresh checkout whose `make` targets the tests run as the guides print them
(conftest's ``checkout``, :func:`make`)."""

from __future__ import annotations

import compileall
import os
import re
import shutil
import subprocess
import unicodedata
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


# The variables the course's `make` targets read (LANG, CHAPTERS, ROSTER...) and make's
# own: left out of a test's environment, so that only the arguments a test types reach
# the command (as for a teacher typing the command in a shell that sets none of them).
MAKE_VARIABLES = frozenset({
    "LANG", "CHAPTERS", "NOTEBOOKS", "PROBLEMS", "STUDENTS", "ROSTER", "VARIANTS", "SEED",
    "TITLE", "DATE", "DURATION", "SPACE", "SAME", "RATIO",
    "MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES"})


def make(checkout: Path, target: str, *args: str, ok: bool = True,
         timeout: float = 1800) -> subprocess.CompletedProcess:
    """``make TARGET ARGS...`` as typed in ``checkout`` (a fresh checkout whose commands
    run its own code with the project's environment: :func:`with_project_venv`); when
    ``ok``, its exit status is 0."""
    env = {k: v for k, v in os.environ.items() if k not in MAKE_VARIABLES}
    env["PYTHONPATH"] = str(checkout / "src")
    done = subprocess.run(["make", target, *args], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if ok:
        assert done.returncode == 0, (target, args, done.stdout[-1500:], done.stderr[-1500:])
    return done


def pdf_text(pdf: Path, page: int | None = None) -> str:
    """The text of ``pdf`` (of its page ``page`` alone, laid out, when given) as pdftotext
    reads it, its spaces (thin, no-break) one space and its apostrophes straight."""
    pages = ["-layout", "-f", str(page), "-l", str(page)] if page else []
    out = subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    out = out.replace("\u202f", " ").replace("\u00a0", " ").replace("\u2019", "'")
    return " ".join(out.split())


def plain(text: str) -> str:
    """Letters and digits, lower case, without their accents, words joined by a space (an
    apostrophe, straight or curly, parts two words; a stacked accent reads back from a
    PDF as a dot: "Thi." for "Thị", here "thi")."""
    folded = unicodedata.normalize("NFKD", text.replace("\u2019", "'"))
    return " ".join(re.findall(r"[a-z0-9]+", folded.encode("ascii", "ignore").decode().lower()))
