"""The benchmarks' sections on the library's core: building arenas (``construction``) and
solving them against a plain breadth-first search (``solver``, and its pure-Python path)."""

from __future__ import annotations

import importlib
import statistics
import sys
from collections.abc import Callable
from unittest.mock import patch

from bench_common import (
    LABELS,
    best_of,
    chain_arena,
    grid_arena,
    plain_bfs,
    random_arena,
    random_lists,
    spread,
    timed,
)

from arena import Arena, solve


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
