"""Connect-4 solved ply by ply: time, peak memory, and the course's data file.

``python scripts/bench_connect4.py`` solves 6 columns × 4 rows and prints the time, the
peak memory and the result; ``--write`` also records the result, with its provenance
(this command, the library's version, a hash of the solver's code), in
``docs/data/connect4-6x4.json``, the file the course's fragments and figures read
(``make connect-four`` does both). Tests check the same path on smaller boards and that the
recorded hash is the solver's.

``python scripts/bench.py --only connect4`` runs it in fresh processes, several times, on
the compiled path and on numpy's (:func:`connect4_rows`); ``--big`` adds 7 × 4.

Usage: python scripts/bench_connect4.py [--cols C] [--rows R] [--write] [--out FILE] [--json]
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


class _Parser(argparse.ArgumentParser):
    """Bad options in one line (the usage is in ``--help``), exit 2."""

    def error(self, message: str):  # type: ignore[override]
        print(f"bench_connect4.py: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--cols", type=int, default=6)
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--write", action="store_true",
                        help="record the result (6 × 4 only) in docs/data/connect4-6x4.json")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--progress", action="store_true", help="one line per ply on stderr")
    parser.add_argument("--json", action="store_true",
                        help="print the measures as one JSON line (bench.py reads it)")
    args = parser.parse_args(argv)
    if args.write and (args.cols, args.rows) != (6, 4) and args.out == DATA:
        parser.error("the course's data file is for 6 columns × 4 rows (give --out FILE; "
                     "make connect-four: OUT=FILE)")
    if args.cols < 1 or args.rows < 1:
        parser.error(f"a board has positive sizes, not {args.cols} columns × {args.rows} rows")
    t0 = time.perf_counter()
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None
    data = result(args.cols, args.rows, progress=say)
    seconds = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    peak = usage.ru_maxrss / 1024
    start = data["start"]
    if args.json:
        print(json.dumps({"cols": args.cols, "rows": args.rows, "positions": data["positions"],
                          "winner": start["winner"], "rank": start["rank"],
                          "seconds": seconds, "user": usage.ru_utime,
                          "system": usage.ru_stime, "peak_mb": peak}))
        return 0
    winner = "draw" if start["winner"] is None else f"J_{start['winner']} in {start['rank']}"
    print(f"{'board':<22}{'positions':>16}{'moves':>16}  {'start':<12}{'seconds':>9}"
          f"{'peak MB':>9}")
    print(f"{f'{args.cols} cols × {args.rows} rows':<22}{data['positions']:>16,}"
          f"{data['moves']:>16,}  {winner:<12}{seconds:>9.1f}{peak:>9,.0f}")
    if args.write:
        write_atomic(args.out, text(data).encode("utf-8"))
        print(f"wrote {args.out}")
    return 0


def connect4_rows(big: bool = False, runs: int = 5) -> list[dict]:
    """6 × 4 solved ``runs`` times on the compiled path and twice on numpy's passes, each
    in a fresh process (the runs of both paths in turn), and with ``big`` 7 × 4 once on
    the compiled path: wall clock, processor time (user and system) and peak memory."""
    import os
    import subprocess

    def run(cols: int, kernel: str) -> dict:
        env = dict(os.environ, ARENA_KERNEL=kernel)
        out = subprocess.run([sys.executable, __file__, "--cols", str(cols), "--rows", "4",
                              "--json"], env=env, check=True, capture_output=True,
                             text=True).stdout
        return {**json.loads(out.splitlines()[-1]), "path": kernel}

    rows = []
    for k in range(runs):
        rows.append(run(6, "compiled"))
        if k < 2:
            rows.append(run(6, "numpy"))
        print(f"  connect4 6 x 4: {rows[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
    if big:
        rows.append(run(7, "compiled"))
    return rows


def connect4_table(runs: list[dict]) -> list[str]:
    """One line per board and path: median (min-max) over the runs."""
    from bench_common import spread

    groups: dict[tuple, list[dict]] = {}
    for r in runs:
        groups.setdefault((r["cols"], r["rows"], r["path"]), []).append(r)
    lines = ["Each run in a fresh process: wall clock, processor time (user + system: the "
             "compiled loops run two threads) and peak memory, median (min-max) of the runs. "
             "Targets: 6 × 4 within 8 s; 7 × 4 within 5 minutes and 6 GB.", "",
             "| board | positions | start | path | runs | wall clock (s) | processor (s) "
             "| peak memory (MB) |", "|---|---:|---|---|---:|---:|---:|---:|"]
    order = sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][2] != "compiled"))
    for (cols, rows, path), group in order:
        r0 = group[0]
        start = "draw" if r0["winner"] is None else f"J_{r0['winner']} in {r0['rank']}"
        name = "compiled" if path == "compiled" else "numpy's passes"
        lines.append(f"| {cols} × {rows} | {r0['positions']:,} | {start} | {name} | "
                     f"{len(group)} | {spread([r['seconds'] for r in group], 1)} | "
                     f"{spread([r['user'] + r['system'] for r in group], 1)} | "
                     f"{spread([r['peak_mb'] for r in group], 0)} |")
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
