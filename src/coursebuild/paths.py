"""Where the project's files are: the course package works inside a checkout of the
project (``src/coursebuild`` beside ``docs/``); the library never reads these paths."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
FIGURES = DOCS / "figures"
GENERATED = DOCS / "generated"
BUILD = ROOT / "build"


def project_file(relative: str | Path) -> Path:
    """A file of the project named by its path from the project's root."""
    return ROOT / relative


def copy_project(dest: Path) -> Path:
    """The project's tracked files (``git ls-files``) copied into ``dest``: a clean
    checkout, without any build product, for the benchmarks and the tests that build one."""
    import shutil
    import subprocess

    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest
