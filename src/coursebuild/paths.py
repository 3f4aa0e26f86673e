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
