"""Benchmarks of arena, printed as Markdown tables (``make bench``).

Speed is measured here, never asserted in tests. Each table says what it measures;
``--quick`` runs smaller sizes. ``--json`` keeps the measures for the course site, whose
algorithms chapter shows them (``make bench`` refreshes them).

``--record`` keeps each section's measures, with the command, the machine and the load, in
``docs/data/bench/SECTION.json`` and writes the README's table of that section from them
(``scripts/bench_record.py``): the README's figures are the bench's.

Usage: python scripts/bench.py [--quick] [--json FILE] [--record]
       [--only construction|solver|kernel|games|rules|search|connect4|build|cold|serve|
               exercises|notebooks|sheets|browser] [--big]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from unittest.mock import patch

from arena import Arena, solve
from arena.games import chain


def random_arena(n: int, degree: int = 3, seed: int = 1) -> Arena:
    """``n`` vertices with random owners, ``degree`` random successors each, 2% victories."""
    rng = random.Random(seed)
    owner = [rng.getrandbits(1) for _ in range(n)]
    marks = [rng.random() for _ in range(n)]
    edges = {x: list(dict.fromkeys(rng.randrange(n) for _ in range(degree))) for x in range(n)}
    return Arena(S0=[x for x in range(n) if owner[x] == 0],
                 S1=[x for x in range(n) if owner[x] == 1], edges=edges,
                 V0=[x for x in range(n) if marks[x] < 0.01],
                 V1=[x for x in range(n) if 0.01 <= marks[x] < 0.02])


def chain_arena(n: int) -> Arena:
    """A path 0 -> 1 -> ... -> n-1 with alternating owners, won by J_0 at its end."""
    return chain(n - 1)


def grid_arena(side: int) -> Arena:
    """A ``side`` × ``side`` grid, moves right or down, owners in a checkerboard, won by
    J_0 in the bottom-right corner: levels of the backward search are its diagonals."""
    n = side * side
    edges = {}
    for k in range(n):
        r, c = divmod(k, side)
        row = ([k + 1] if c + 1 < side else []) + ([k + side] if r + 1 < side else [])
        if row:
            edges[k] = row
    return Arena(S0=[k for k in range(n) if (k // side + k % side) % 2 == 0],
                 S1=[k for k in range(n) if (k // side + k % side) % 2 == 1], edges=edges,
                 V0=[n - 1])


def random_lists(n: int, degree: int = 3, seed: int = 1) -> tuple[list, list, dict]:
    """The Python lists of :func:`random_arena`, vertices numbered 0 .. n-1."""
    rng = random.Random(seed)
    owner = [rng.getrandbits(1) for _ in range(n)]
    edges = {x: list(dict.fromkeys(rng.randrange(n) for _ in range(degree))) for x in range(n)}
    return ([x for x in range(n) if owner[x] == 0], [x for x in range(n) if owner[x] == 1],
            edges)


def construction_rows(quick: bool, rounds: int = 3) -> list[dict]:
    """Building an arena of n vertices and about 3n edges three ways: successor lists of
    integer vertices, of text vertices (``"v17"``), and :meth:`Arena.from_csr` arrays;
    processor seconds of each way in every round (the ways taken in turn)."""
    rows = []
    for n in ([10_000, 100_000] if quick else [10_000, 100_000, 1_000_000]):
        rows.append(_construction_row(n, rounds))
        print(construction_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def _construction_row(n: int, rounds: int) -> dict:
    import numpy as np

    S0, S1, edges = random_lists(n)
    V0 = S0[::50]
    name = [f"v{k}" for k in range(n)]
    T0, T1 = [name[k] for k in S0], [name[k] for k in S1]
    text_edges = {name[x]: [name[y] for y in ys] for x, ys in edges.items()}
    W0 = [name[k] for k in V0]
    g = Arena(S0, S1, edges, V0=V0)
    offsets, targets = (np.asarray(a) for a in g._csr_arrays())
    labels0, labels1 = list(g.S0), list(g.S1)
    won = [g.index(v) for v in V0]
    ways: dict[str, Callable[[], object]] = {
        "int": lambda: Arena(S0, S1, edges, V0=V0),
        "text": lambda: Arena(T0, T1, text_edges, V0=W0),
        "csr": lambda: Arena.from_csr(labels0, labels1, offsets, targets, V0=won)}
    times: dict[str, list[float]] = {key: [] for key in ways}
    for _ in range(rounds):
        for key, fn in ways.items():
            times[key].append(timed(fn)[0])
    # the medians under the names the teachers' page reads, every round beside them
    return {"vertices": n, "edges": g.n_edges,
            **{key: statistics.median(values) for key, values in times.items()},
            "rounds": times}


def construction_line(r: dict) -> str:
    return (f"| {r['vertices']:,} | {r['edges']:,} | {spread(r['rounds']['int'], 3)} | "
            f"{spread(r['rounds']['text'], 3)} | {spread(r['rounds']['csr'], 3)} |")


def construction_table(rows: list[dict]) -> list[str]:
    rounds = len(rows[0]["rounds"]["int"]) if rows else 0
    return ["### Construction: `Arena(...)` from Python successor lists, and "
            "`Arena.from_csr` from numpy arrays", "",
            f"Processor seconds, median (min-max) of {rounds} rounds (target: 1,000,000 "
            "vertices in at most 2 s).", "",
            "| vertices | edges | lists, integer vertices | lists, text vertices "
            "| `from_csr` |", "|---:|---:|---:|---:|---:|",
            *map(construction_line, rows)]


def plain_bfs(succ: Sequence[Sequence[int]]) -> int:
    """A breadth-first search from every unvisited vertex: the yardstick for `solve`."""
    seen = [False] * len(succ)
    visited = 0
    for root in range(len(succ)):
        if seen[root]:
            continue
        seen[root] = True
        queue = deque([root])
        while queue:
            x = queue.popleft()
            visited += 1
            for y in succ[x]:
                if not seen[y]:
                    seen[y] = True
                    queue.append(y)
    return visited


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds of processor time of this process (not of the wall clock: the machine
    may be shared, and every measure here runs on one core)."""
    gc.collect()
    t0 = time.process_time()
    value = fn()
    return time.process_time() - t0, value


def best_of(k: int, fn: Callable[[], object]) -> float:
    return min(timed(fn)[0] for _ in range(k))


def spread(values: Sequence[float], digits: int = 2) -> str:
    """``median (min-max)`` of a list of measures, or the value alone for one.

    >>> spread([0.5, 0.25, 1.0]), spread([2.0], 1)
    ('0.50 (0.25-1.00)', '2.0')
    """
    med = statistics.median(values)
    if len(values) == 1:
        return f"{med:.{digits}f}"
    return f"{med:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def solver_rows(quick: bool) -> list[dict]:
    """One measure per arena: sizes, build and solve times (the numpy path; ``--only
    kernel`` measures the compiled one), and the BFS yardstick."""
    sizes = [10_000, 100_000] if quick else [10_000, 100_000, 1_000_000]
    sides = [100, 316] if quick else [100, 316, 1000]
    cases = [("random", n, random_arena) for n in sizes]
    cases += [("chain", n, chain_arena) for n in sizes]
    cases += [("grid", side, grid_arena) for side in sides]
    rows = []
    for kind, n, make in cases:
        build, arena = timed(lambda make=make, n=n: make(n))
        repeat = 3 if n <= 200_000 else 1
        with patch.object(importlib.import_module("arena.solver"), "KERNEL", "numpy"):
            t_solve = best_of(repeat, lambda arena=arena: solve(arena))  # --only kernel: compiled
        succ = arena._compact().succ
        t_bfs = best_of(repeat, lambda succ=succ: plain_bfs(succ))
        with patch.object(importlib.import_module("arena.solver"), "HAVE_NUMPY", False):
            t_pure = best_of(repeat, lambda arena=arena: solve(arena))  # as in Pyodide
        rows.append({"kind": kind, "vertices": len(arena), "edges": arena.n_edges,
                     "build": build, "solve": t_solve, "bfs": t_bfs, "pure": t_pure})
        print(solver_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


LABELS = {"random": "random, degree 3", "chain": "chain", "grid": "grid, right or down"}


def solver_line(r: dict) -> str:
    return (f"| {LABELS[r['kind']]} | {r['vertices']:,} | {r['edges']:,} | {r['build']:.2f} | "
            f"{r['solve']:.3f} | {r['edges'] / r['solve'] / 1e6:.2f} M | {r['bfs']:.3f} | "
            f"{r['solve'] / r['bfs']:.2f} |")


def solver_table(rows: list[dict]) -> list[str]:
    return ["### Solver: `solve` (both players, exact ranks, strategies) against a plain "
            "breadth-first search over the same successor lists (target: solve / BFS at "
            "most 2.5)", "",
            "| arena | vertices | edges | build (s) | solve (s) | edges/s | BFS (s) "
            "| solve / BFS |", "|---|---:|---:|---:|---:|---:|---:|---:|",
            *map(solver_line, rows)]


def pure_table(rows: list[dict]) -> list[str]:
    """The pure-Python path (numpy unimportable, as in Pyodide) against the numpy path."""
    return ["### Solver without numpy (the browser's path) against the numpy path "
            "(target: at most 3 times slower on 100,000-vertex random arenas)", "",
            "| arena | vertices | edges | numpy (s) | pure Python (s) | pure / numpy |",
            "|---|---:|---:|---:|---:|---:|",
            *(f"| {LABELS[r['kind']]} | {r['vertices']:,} | {r['edges']:,} | {r['solve']:.3f} "
              f"| {r['pure']:.3f} | {r['pure'] / r['solve']:.2f} |" for r in rows)]


ROOT = Path(__file__).resolve().parents[1]


def _run_seconds(command: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def build_rows() -> list[dict]:
    """The figures cold (into an empty folder) then warm, and the site warm (nothing
    changed: after one untimed run): ``make site``, ``python -m coursebuild site``, and
    the same without the books and the copy for folders; best of 3."""
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        figures = [sys.executable, "-m", "coursebuild", "figures", "--out", tmp]
        rows.append({"step": "figures", "cold": _run_seconds(figures),
                     "warm": min(_run_seconds(figures) for _ in range(3))})
    site = [sys.executable, "-m", "coursebuild", "site"]
    for label, command in (("make site", ["make", "site"]), ("site", site),
                           ("site --no-book --no-zip", [*site, "--no-book", "--no-zip"])):
        _run_seconds(command)
        rows.append({"step": label, "cold": None,
                     "warm": min(_run_seconds(command) for _ in range(3))})
    for r in rows:
        print(build_line(r), file=sys.stderr)
    return rows


# the build's progress lines that start each step of a cold `coursebuild site` (the
# figures, sheets, fragments and notebooks overlap: LaTeX runs beside the other two)
COLD_STEPS = (("figures, exercise sheets, fragments, notebooks", "figures:"),
              ("quick benchmark (once per machine)", "fragments: measuring"),
              ("both sites (mkdocs)", "site: building"),
              ("the four books (LaTeX)", "site: the books"),
              ("the zip's copy", "site: the copy"), ("", "site: done"))


def _cold_products(copy: Path) -> None:
    """Remove what a site build made in ``copy`` (everything git ignores there but the
    environment, npm's packages, the editor bundle and the quick benchmark's file)."""
    import shutil

    for name in ("site", "docs/figures", "docs/generated", "site.new"):
        shutil.rmtree(copy / name, ignore_errors=True)
    for path in (copy / "build").iterdir():
        if path.name not in ("js", "bench.json"):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for notebook in copy.glob("docs/*/notebooks/*.ipynb"):
        notebook.unlink()


def cold_site_rows(runs: int = 2, bench_json: bool = True) -> list[dict]:
    """A newcomer's cold ``make site``, in a copy of the project's tracked files: the set-up
    first, timed apart (the virtual environment with the ``docs`` extra, as the Makefile
    makes it: no numba), then ``runs`` cold builds with that environment (no figure,
    sheet, fragment, notebook, page or book: each run starts from none), timed step by
    step from the build's own progress lines. npm's packages and the editor bundle are
    this checkout's. With ``bench_json``, the machine's quick benchmark (measured once
    per machine) is copied in, as on a machine that built once."""
    import shutil
    import tempfile

    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        from coursebuild.paths import copy_project

        copy = copy_project(Path(tmp) / "arena")
        (copy / "node_modules").symlink_to(ROOT / "node_modules")
        (copy / "build" / "js").mkdir(parents=True)
        shutil.copy2(ROOT / "build" / "js" / "editor.js", copy / "build" / "js")
        if bench_json and (ROOT / "build" / "bench.json").exists():
            shutil.copy2(ROOT / "build" / "bench.json", copy / "build")
        t0 = time.perf_counter()
        subprocess.run(["make", "-s", ".venv/.docs-installed", "PYTHON=python3"], cwd=copy,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        python = str(copy / ".venv" / "bin" / "python")
        numba = subprocess.run([python, "-c", "import importlib.util as u; "
                                "print(u.find_spec('numba') is not None)"], check=True,
                               capture_output=True, text=True).stdout.strip() == "True"
        rows.append({"step": "set-up: the virtual environment (pip, the docs extra)",
                     "seconds": [time.perf_counter() - t0], "numba": numba})
        steps: dict[str, list[float]] = {}
        for _ in range(runs):
            _cold_products(copy)
            for step, seconds in _cold_build(copy, python).items():
                steps.setdefault(step, []).append(seconds)
            print(f"  cold build: {steps[COLD_TOTAL][-1]:.1f} s", file=sys.stderr, flush=True)
    rows += [{"step": step, "seconds": seconds} for step, seconds in steps.items()]
    return rows


COLD_TOTAL = "cold `coursebuild site`, in all"


def _cold_build(copy: Path, python: str) -> dict[str, float]:
    """One cold ``python -m coursebuild site`` in ``copy``: wall seconds of each step."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "coursebuild", "site"], cwd=copy,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    starts: dict[str, float] = {}
    for line in proc.stderr:  # type: ignore[union-attr]
        for step, prefix in COLD_STEPS:
            if line.startswith(prefix) and step not in starts:
                starts[step] = time.perf_counter() - t0
                break
    if proc.wait():
        raise SystemExit("bench: the cold site build failed")
    total = time.perf_counter() - t0
    order = [step for step, _ in COLD_STEPS if step in starts]
    out = {}
    for step, after in zip(order, order[1:] + [None]):
        if step:
            out[step] = (starts[after] if after is not None else total) - starts[step]
    out[COLD_TOTAL] = total
    return out


def cold_table(rows: list[dict]) -> list[str]:
    setup = rows[0] if rows and "numba" in rows[0] else None
    runs = max(len(r["seconds"]) for r in rows) if rows else 0
    return ["### A newcomer's cold `make site`, step by step (wall seconds)", "",
            f"The environment that `make site` makes (the `docs` extra: numba "
            f"{'installed' if setup and setup['numba'] else 'not installed'}), set up once, "
            f"then {runs} cold builds: median (min-max).", "",
            "| step | seconds |", "|---|---:|",
            *(f"| {r['step']} | {spread(r['seconds'], 1)} |" for r in rows)]


def build_line(r: dict) -> str:
    cold = "–" if r["cold"] is None else f"{r['cold']:.1f}"
    return f"| {r['step']} | {cold} | {r['warm']:.2f} |"


def build_table(rows: list[dict]) -> list[str]:
    return ["### Build: cold (no cache) and warm (nothing changed), seconds", "",
            "| build | cold (s) | warm (s) |", "|---|---:|---:|",
            *(build_line(r) for r in rows)]


ONLY = ["construction", "solver", "kernel", "games", "rules", "search", "connect4", "build",
        "cold", "serve", "exercises", "notebooks", "sheets", "browser"]


def _measure(section: str, args: argparse.Namespace) -> tuple[dict, list[list[str]]]:
    """A section's measures (the names its record and ``--json`` keep) and tables."""
    quick = args.quick
    if section == "construction":
        rows = construction_rows(quick)
        return {"construction": rows}, [construction_table(rows)]
    if section == "solver":
        rows = solver_rows(quick)
        return {"solver": rows}, [solver_table(rows), pure_table(rows)]
    if section == "kernel":                                 # numba and gcc
        import bench_kernel as k

        kernel, first = k.kernel_rows(quick), k.first_call_rows()
        even = k.break_even_rows()
        return ({"kernel": kernel, "first_call": first, "break_even": even},
                [k.kernel_table(kernel), k.first_call_table(first),
                 k.break_even_table(even, first)])
    if section == "games":
        from bench_games import games_rows, games_table

        rows = games_rows(quick)
        return {"games": rows}, [games_table(rows)]
    if section == "rules":
        from bench_rules import easyai_rows, easyai_table, rules_rows, rules_table

        rules, easy = rules_rows(quick), easyai_rows(quick)
        return {"rules": rules, "rules_easyai": easy}, [rules_table(rules), easyai_table(easy)]
    if section == "search":
        from bench_search import search_rows, search_table

        rows = search_rows(quick)
        return {"search": rows}, [search_table(rows)]
    if section == "connect4":
        from bench_connect4 import connect4_rows, connect4_table

        rows = connect4_rows(big=args.big)
        return {"connect4": rows}, [connect4_table(rows)]
    if section == "cold":
        rows = cold_site_rows()
        return {"cold_site": rows}, [cold_table(rows)]
    if section == "build":
        rows = build_rows()
        return {"build": rows}, [build_table(rows)]
    if section == "serve":                                  # edits, restores
        from bench_serve import serve_rows, serve_table

        rows = serve_rows()
        return {"serve": rows}, [serve_table(rows)]
    if section == "exercises":                              # the built site and Chromium
        from bench_exercises import exercises_rows, exercises_table

        rows = exercises_rows()
        return {"exercises": rows}, [exercises_table(rows)]
    if section == "notebooks":                              # the built site and Chromium
        from bench_notebooks import notebooks_rows, notebooks_table

        rows = notebooks_rows()
        return {"notebooks": rows}, [notebooks_table(rows)]
    if section == "sheets":                                 # TeX Live and the bank
        from bench_sheets import sheets_rows, sheets_table

        rows = sheets_rows()
        return {"sheets": rows}, [sheets_table(rows)]
    assert section == "browser"                             # the built site and Chromium
    from bench_browser import browser_rows, browser_table

    rows = browser_rows(quick)
    return {"browser": rows}, [browser_table(rows)]


# what a run without --only measures (--quick: the site's quick benchmark)
FULL = ["construction", "solver", "kernel", "games", "rules", "search", "cold", "build",
        "serve"]
QUICK = ["construction", "solver", "games", "rules", "search"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--only", choices=ONLY)
    parser.add_argument("--big", action="store_true",
                        help="with --only connect4: also 7 × 4 (5 minutes, 6 GB)")
    parser.add_argument("--json", type=Path,
                        help="also write the measures to this file (the site shows "
                             "build/bench.json)")
    parser.add_argument("--record", action="store_true",
                        help="keep each section's measures in docs/data/bench/SECTION.json "
                             "and write its README table from them")
    args = parser.parse_args(argv)
    if args.record and args.quick:
        parser.error("--record keeps full measures: not with --quick")
    print(f"python {sys.version.split()[0]}", file=sys.stderr)
    from bench_record import load_watch, save

    tables, measures = [], {"python": sys.version.split()[0], "quick": args.quick}
    for section in [args.only] if args.only else QUICK if args.quick else FULL:
        with load_watch() as load:
            found, shown = _measure(section, args)
        measures.update(found)
        tables += shown
        if args.record:
            save(section, found, load, sys.argv[1:] if argv is None else list(argv))
    print("\n\n".join("\n".join(t) for t in tables))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(measures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
