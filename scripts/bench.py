"""Benchmarks of arena, printed as Markdown tables (``make bench``).

Speed is measured here, never asserted in tests. Each table says what it measures;
``--quick`` runs smaller sizes. ``--json`` keeps the measures for the course site, whose
algorithms chapter shows them (``make bench`` refreshes them).

Usage: python scripts/bench.py [--quick] [--json FILE]
       [--only construction|solver|kernel|games|rules|search|build|cold|serve|exercises|
               notebooks|sheets]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
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


def construction_rows(quick: bool) -> list[dict]:
    """Building an arena of n vertices and about 3n edges three ways: successor lists of
    integer vertices, of text vertices (``"v17"``), and :meth:`Arena.from_csr` arrays."""
    rows = []
    for n in ([10_000, 100_000] if quick else [10_000, 100_000, 1_000_000]):
        rows.append(_construction_row(n, 3 if n <= 100_000 else 1))
        print(construction_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def _construction_row(n: int, repeat: int) -> dict:
    import numpy as np

    S0, S1, edges = random_lists(n)
    V0 = S0[::50]
    t_int = best_of(repeat, lambda: Arena(S0, S1, edges, V0=V0))
    name = [f"v{k}" for k in range(n)]
    T0, T1 = [name[k] for k in S0], [name[k] for k in S1]
    text_edges = {name[x]: [name[y] for y in ys] for x, ys in edges.items()}
    W0 = [name[k] for k in V0]
    t_text = best_of(repeat, lambda: Arena(T0, T1, text_edges, V0=W0))
    g = Arena(S0, S1, edges, V0=V0)
    offsets, targets = (np.asarray(a) for a in g._csr_arrays())
    labels0, labels1 = list(g.S0), list(g.S1)
    won = [g.index(v) for v in V0]
    t_csr = best_of(repeat, lambda: Arena.from_csr(labels0, labels1, offsets, targets,
                                                   V0=won))
    return {"vertices": n, "edges": g.n_edges, "int": t_int, "text": t_text, "csr": t_csr}


def construction_line(r: dict) -> str:
    return (f"| {r['vertices']:,} | {r['edges']:,} | {r['int']:.3f} | {r['text']:.3f} | "
            f"{r['csr']:.3f} |")


def construction_table(rows: list[dict]) -> list[str]:
    return ["### Construction: `Arena(...)` from Python successor lists, and "
            "`Arena.from_csr` from numpy arrays (seconds; target: 1,000,000 vertices in "
            "at most 2 s)", "",
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


def cold_site_rows(bench_json: bool = True) -> list[dict]:
    """A cold ``python -m coursebuild site``, set-up excluded (the environment, npm's
    packages and the editor bundle exist; no figure, sheet, fragment, notebook, page or
    book does), in a copy of the project's tracked files, timed step by step from the
    build's own progress lines. With ``bench_json``, the machine's quick benchmark
    (measured once per machine) is copied in, as on a machine that built once."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        from coursebuild.paths import copy_project

        copy = copy_project(Path(tmp) / "arena")
        (copy / "node_modules").symlink_to(ROOT / "node_modules")
        (copy / "build" / "js").mkdir(parents=True)
        shutil.copy2(ROOT / "build" / "js" / "editor.js", copy / "build" / "js")
        if bench_json and (ROOT / "build" / "bench.json").exists():
            shutil.copy2(ROOT / "build" / "bench.json", copy / "build")
        env = dict(os.environ, PYTHONPATH=str(copy / "src"))
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "coursebuild", "site"], cwd=copy,
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
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
    rows = []
    for step, after in zip(order, order[1:] + [None]):
        if step:
            end = starts[after] if after is not None else total
            rows.append({"step": step, "seconds": end - starts[step]})
    rows.append({"step": "cold `coursebuild site`, in all", "seconds": total})
    return rows


def cold_table(rows: list[dict]) -> list[str]:
    return ["### A cold site build, step by step (set-up excluded), seconds", "",
            "| step | seconds |", "|---|---:|",
            *(f"| {r['step']} | {r['seconds']:.1f} |" for r in rows)]


def build_line(r: dict) -> str:
    cold = "–" if r["cold"] is None else f"{r['cold']:.1f}"
    return f"| {r['step']} | {cold} | {r['warm']:.2f} |"


def build_table(rows: list[dict]) -> list[str]:
    return ["### Build: cold (no cache) and warm (nothing changed), seconds", "",
            "| build | cold (s) | warm (s) |", "|---|---:|---:|",
            *(build_line(r) for r in rows)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--only", choices=["construction", "solver", "kernel", "games", "rules",
                                           "search", "build", "cold", "serve", "exercises",
                                           "notebooks", "sheets"])
    parser.add_argument("--json", type=Path,
                        help="also write the measures to this file (the site shows "
                             "build/bench.json)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}", file=sys.stderr)
    tables, measures = [], {"python": sys.version.split()[0], "quick": args.quick}
    if args.only in (None, "construction"):
        measures["construction"] = construction_rows(args.quick)
        tables.append(construction_table(measures["construction"]))
    if args.only in (None, "solver"):
        measures["solver"] = solver_rows(args.quick)
        tables.append(solver_table(measures["solver"]))
        tables.append(pure_table(measures["solver"]))
    if args.only == "kernel" or (args.only is None and not args.quick):   # numba and gcc
        from bench_kernel import first_call_rows, first_call_table, kernel_rows, kernel_table

        measures["kernel"] = kernel_rows(args.quick)
        tables.append(kernel_table(measures["kernel"]))
        measures["first_call"] = first_call_rows()
        tables.append(first_call_table(measures["first_call"]))
    if args.only in (None, "games"):
        from bench_games import games_rows, games_table

        measures["games"] = games_rows(args.quick)
        tables.append(games_table(measures["games"]))
    if args.only in (None, "rules"):
        from bench_rules import easyai_rows, easyai_table, rules_rows, rules_table

        measures["rules"] = rules_rows(args.quick)
        tables.append(rules_table(measures["rules"]))
        measures["rules_easyai"] = easyai_rows(args.quick)
        tables.append(easyai_table(measures["rules_easyai"]))
    if args.only in (None, "search"):
        from bench_search import search_rows, search_table

        measures["search"] = search_rows(args.quick)
        tables.append(search_table(measures["search"]))
    if args.only in ("build", "cold") or (args.only is None and not args.quick):
        measures["cold_site"] = cold_site_rows()
        tables.append(cold_table(measures["cold_site"]))
    if args.only == "build" or (args.only is None and not args.quick):
        measures["build"] = build_rows()
        tables.append(build_table(measures["build"]))
    if args.only == "serve" or (args.only is None and not args.quick):   # edits, restores
        from bench_serve import serve_rows, serve_table

        measures["serve"] = serve_rows()
        tables.append(serve_table(measures["serve"]))
    if args.only == "exercises":      # needs the built site and Chromium
        from bench_exercises import exercises_rows, exercises_table

        measures["exercises"] = exercises_rows()
        tables.append(exercises_table(measures["exercises"]))
    if args.only == "notebooks":      # needs the built site and Chromium
        from bench_notebooks import notebooks_rows, notebooks_table

        measures["notebooks"] = notebooks_rows()
        tables.append(notebooks_table(measures["notebooks"]))
    if args.only == "sheets":         # needs TeX Live and the bank
        from bench_sheets import sheets_rows, sheets_table

        measures["sheets"] = sheets_rows()
        tables.append(sheets_table(measures["sheets"]))
    print("\n\n".join("\n".join(t) for t in tables))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(measures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
