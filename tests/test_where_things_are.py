"""The README's "Where things are" names files and folders that exist (issue 66 §3): each
path in its left column, read from the project's root or, indented, from the folder above
it, is in the checkout, so the table cannot drift from the tree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _paths() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("### Where things are", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    found, base = [], ""
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip() or indent >= 20:            # a description's next line
            continue
        if "written by the build" in line:              # not in a fresh checkout
            continue
        left = re.split(r"\s{2,}", line.strip())[0]
        if indent == 0:
            base = ""
        for token in left.split():
            if not re.fullmatch(r"[\w.<>-]+(/[\w.<>-]*)*", token) \
                    or not ("." in token or token.endswith("/")):
                break                                   # the description, one space after
            if "<" in token:
                continue
            path = f"{base}{token}" if indent else token
            found.append(path)
            if indent == 0 and token.endswith("/") and len(left.split()) == 1:
                base = token
    return found


def test_every_path_the_table_names_exists():
    paths = _paths()
    assert "src/coursebuild/languages.py" in paths and "src/arena/solver.py" in paths
    assert "docs/en/" in paths and "mkdocs.base.yml" in paths
    assert [p for p in paths if not (ROOT / p).exists()] == []
