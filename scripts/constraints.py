"""constraints.txt from pip's installation report (``make constraints``).

``make constraints`` asks pip which versions a new environment would get for
``-e '.[test,bench]'`` (``pip install --dry-run --ignore-installed --report FILE``: the
newest that pyproject.toml allows, resolved as for an installation, nothing installed).
This writes them pinned, one ``name==version`` a line, sorted without regard to case,
under the file's header: what ``pip freeze --exclude-editable`` lists in such an
environment (neither the project itself nor pip's own tools, which freeze leaves out).
The file is replaced only once it is whole.

Usage: python scripts/constraints.py REPORT [OUT]   (OUT: constraints.txt by default)
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEADER = ("# Pinned versions the site and the tests are built with (make site, make test, CI).\n"
          "# Refresh on purpose with: make constraints\n")

# what `pip freeze` leaves out of its list (pip's own tools)
NOT_FROZEN = {"pip", "setuptools", "wheel", "distribute"}


def canonical(name: str) -> str:
    """A distribution's name as the package index compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(report: dict) -> list[str]:
    """``name==version`` of every distribution the report installs, the project itself
    left out (the one requirement given by its path: ``is_direct``), sorted without
    regard to case."""
    found = []
    for item in report["install"]:
        meta = item["metadata"]
        if item.get("is_direct") or canonical(meta["name"]) in NOT_FROZEN:
            continue
        found.append(f"{meta['name']}=={meta['version']}")
    return sorted(found, key=str.lower)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (1, 2):
        print("usage: python scripts/constraints.py REPORT [OUT]", file=sys.stderr)
        return 2
    report, out = Path(args[0]), Path(args[1]) if len(args) == 2 else ROOT / "constraints.txt"
    try:
        lines = pins(json.loads(report.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"constraints: {report}: not pip's installation report "
              f"({type(error).__name__}: {error})", file=sys.stderr)
        return 2
    if not lines:
        print(f"constraints: {report}: installs nothing besides the project", file=sys.stderr)
        return 2
    # beside the file, then renamed over it: never half-written
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(HEADER + "".join(line + "\n" for line in lines))
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.exists() else 0o644)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    print(f"constraints: {len(lines)} pinned in {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
