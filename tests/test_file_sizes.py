"""No file of ``src/`` over 600 lines (issue 66 §4), but those still waiting for their split,
each with its reason: a new long file fails here, and one of these, split, leaves the list."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 600

WAITING = {
    # its provenance is the SHA-256 of this file (code_hash): split, it would change the
    # recorded 6 x 4 solve's provenance, which make connect-four computes again (minutes)
    "src/arena/games/connect4_plies.py",
    # the checks share the state of the check in progress (the tape, the guard, the
    # clock), which the guard saves and restores as this module's globals
    "src/coursebuild/python_exercises.py",
    # not yet split
    "src/coursebuild/sheets/__init__.py",
    "src/coursebuild/moodle.py",
}


def test_no_file_of_src_is_over_600_lines_but_those_waiting():
    long = {p.relative_to(ROOT).as_posix() for p in (ROOT / "src").rglob("*.py")
            if len(p.read_text(encoding="utf-8").splitlines()) > LIMIT}
    assert long <= WAITING, sorted(long - WAITING)
    assert "src/arena/solver.py" not in long and "src/coursebuild/bank/grundy.py" not in long
