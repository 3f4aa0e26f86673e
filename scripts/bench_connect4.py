"""Connect-4 solved ply by ply: time, peak memory, and the course's data file.

``python scripts/bench_connect4.py`` solves 6 columns × 4 rows and prints the time, the
peak memory and the result; ``--write`` also records the result, with its provenance
(this command, the library's version, a hash of the solver's code), in
``docs/data/connect4-6x4.json``, the file the course's fragments and figures read
(``make connect-four`` does both). Tests check the same path on smaller boards and that the
recorded hash is the solver's.

Usage: python scripts/bench_connect4.py [--cols C] [--rows R] [--write] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arena import __version__  # noqa: E402
from arena._files import write_atomic  # noqa: E402
from arena.games.connect4_plies import code_hash, solve_connect4_plies  # noqa: E402

DATA = ROOT / "docs" / "data" / "connect4-6x4.json"


def result(cols: int, rows: int, align: int = 4, **options) -> dict:
    """The solved board as the data file holds it: facts, then provenance."""
    sol = solve_connect4_plies(rows, cols, align, max_positions=10 ** 10, **options)
    command = f"python scripts/bench_connect4.py --cols {cols} --rows {rows} --write"
    return {**sol.record(),
            "provenance": {"command": command, "arena_version": __version__,
                           "solver": "arena.games.connect4_plies.solve_connect4_plies",
                           "solver_sha256": code_hash()}}


def text(data: dict) -> str:
    """The data file's bytes: sorted keys, one fact a line where short."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cols", type=int, default=6)
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--write", action="store_true",
                        help="record the result (6 × 4 only) in docs/data/connect4-6x4.json")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--progress", action="store_true", help="one line per ply on stderr")
    args = parser.parse_args(argv)
    if args.write and (args.cols, args.rows) != (6, 4) and args.out == DATA:
        parser.error("the course's data file is for 6 columns × 4 rows (give --out)")
    t0 = time.perf_counter()
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None
    data = result(args.cols, args.rows, progress=say)
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = data["start"]
    winner = "draw" if start["winner"] is None else f"J_{start['winner']} in {start['rank']}"
    print(f"{'board':<22}{'positions':>16}{'moves':>16}  {'start':<12}{'seconds':>9}"
          f"{'peak MB':>9}")
    print(f"{f'{args.cols} cols × {args.rows} rows':<22}{data['positions']:>16,}"
          f"{data['moves']:>16,}  {winner:<12}{seconds:>9.1f}{peak:>9,.0f}")
    if args.write:
        write_atomic(args.out, text(data).encode("utf-8"))
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
