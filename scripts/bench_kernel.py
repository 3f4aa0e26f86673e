"""The solver's paths against a C yardstick (``python scripts/bench.py --only kernel``).

The yardstick, ``scripts/attractor_ref.c``, is compiled by ``gcc -O2`` into a temporary
folder at each run and called through ctypes on the very arrays ``solve`` reads; it
computes one attractor with ranks (the reversed graph included), where ``solve`` computes
both attractors, the ranks and both strategies. Both are timed in the same run, on the
same arenas; the ratio's target is at most 2 for the compiled path. The first call's cost
(numba's import, then compiling, or loading the compiled code from the disk cache) is
measured in fresh processes with an empty cache folder.
"""

from __future__ import annotations

import ctypes
import gc
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from bench_common import LABELS, chain_arena, grid_arena, random_arena, spread

import arena.solver as solver
from arena import Arena, solve

SOURCE = Path(__file__).with_name("attractor_ref.c")
KINDS: dict[str, tuple[Callable[[int], Arena], Callable[[int], int]]] = {
    "random": (random_arena, lambda n: n),
    "chain": (chain_arena, lambda n: n),
    "grid": (grid_arena, lambda n: round(n ** 0.5)),
}


def compile_reference(folder: Path) -> Callable[..., None]:
    """``attractor(n, offsets, targets, owner, victory, i, rank, pred, bounds,
    remaining, queue)`` from the C file, built by gcc -O2 in ``folder``."""
    library = folder / "attractor_ref.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(library), str(SOURCE)],
                   check=True)
    fn = ctypes.CDLL(str(library)).attractor
    fn.restype = None
    fn.argtypes = [ctypes.c_int64, *[ctypes.c_void_p] * 4, ctypes.c_int64,
                   *[ctypes.c_void_p] * 5]
    return fn


def reference_call(fn: Callable[..., None], arena: Arena) -> Callable[[], np.ndarray]:
    """A call of the C attractor of J_0 on the arena's arrays (made once, outside the
    timing, like the arena's own), returning the ranks."""
    offsets, targets = arena._csr_arrays()
    owner = np.frombuffer(arena._owner, dtype=np.uint8)
    victory = arena._victory_array()
    n, m = len(owner), len(targets)
    rank = np.empty(n, np.int64)
    work = [np.empty(m, np.int64), np.empty(n + 1, np.int64), np.empty(n, np.int64),
            np.empty(n, np.int64)]

    def call() -> np.ndarray:
        fn(n, offsets.ctypes.data, targets.ctypes.data, owner.ctypes.data,
           victory.ctypes.data, 0, rank.ctypes.data, *(w.ctypes.data for w in work))
        return rank
    return call


def _per_call(fn: Callable[[], object], inner: int) -> float:
    """Processor seconds per call of ``fn``, over ``inner`` calls in a row."""
    gc.collect()
    t0 = time.process_time()
    for _ in range(inner):
        fn()
    return (time.process_time() - t0) / inner


def interleaved(fns: dict[str, Callable[[], object]], rounds: int,
                least: float = 0.02) -> dict[str, list[float]]:
    """Processor seconds per call of each function, in ``rounds`` rounds that call them in
    turn (a change of the machine's load falls on all of them alike). Within a round a
    function is called enough times in a row to last about ``least`` seconds (timer and
    scheduler noise on calls of a millisecond)."""
    inner = {key: max(1, math.ceil(least / max(_per_call(fn, 1), 1e-6)))
             for key, fn in fns.items()}                    # also the warm-up call
    times: dict[str, list[float]] = {key: [] for key in fns}
    for _ in range(rounds):
        for key, fn in fns.items():
            times[key].append(_per_call(fn, inner[key]))
    return times


def _solve_on(kernel: str, arena: Arena) -> Callable[[], object]:
    def call() -> object:
        solver.KERNEL = kernel
        try:
            return solve(arena)
        finally:
            solver.KERNEL = None
    return call


def kernel_rows(quick: bool, rounds: int = 7) -> list[dict]:
    """For each arena: the C attractor, ``solve`` compiled and ``solve`` with numpy, in
    interleaved rounds (processor seconds per call, every round kept)."""
    sizes = [10_000, 100_000] if quick else [100_000, 1_000_000]
    solve(chain_arena(10))          # the compiled path ready (compiled or loaded)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        fn = compile_reference(Path(tmp))
        for kind, (make, size) in KINDS.items():
            for n in sizes:
                arena = make(size(n))
                call = reference_call(fn, arena)
                sol = solve(arena)
                ranks = [r for w, r in zip(sol._win, sol._rk) if w == 0]
                if sorted(ranks) != sorted(int(r) for r in call() if r >= 0):
                    raise SystemExit(f"bench: the C attractor disagrees with solve ({kind})")
                times = interleaved({"c": call, "compiled": _solve_on("compiled", arena),
                                     "numpy": _solve_on("numpy", arena)},
                                    3 if quick else rounds)
                rows.append({"kind": kind, "vertices": len(arena), "edges": arena.n_edges,
                             **times})
                print(kernel_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def _ratios(r: dict, key: str) -> list[float]:
    """``key`` over C, round by round."""
    return [a / b for a, b in zip(r[key], r["c"])]


def kernel_line(r: dict) -> str:
    return (f"| {LABELS[r['kind']]} | {r['vertices']:,} | {r['edges']:,} | "
            f"{spread(r['c'], 4)} | {spread(r['compiled'], 4)} | "
            f"{spread(_ratios(r, 'compiled'))} | {spread(r['numpy'], 3)} | "
            f"{spread(_ratios(r, 'numpy'), 1)} |")


def kernel_table(rows: list[dict]) -> list[str]:
    rounds = len(rows[0]["c"]) if rows else 0
    return [f"Processor seconds per call, median (min-max) of {rounds} interleaved rounds; "
            "a ratio is taken round by round (target: compiled / C at most 2).", "",
            "| arena | vertices | edges | C, one attractor | `solve`, compiled "
            "| compiled / C | `solve`, numpy | numpy / C |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
            *map(kernel_line, rows)]


FIRST_CALL = """
import time
t0 = time.perf_counter()
import arena
from arena import solve
from arena.games import chain
t1 = time.perf_counter()
c1 = time.process_time()
solve(chain(10))
t2 = time.perf_counter()
c2 = time.process_time()
if CONNECT4:
    from arena.games.connect4_plies import solve_connect4_plies
    solve_connect4_plies(3, 4, 3)
print(t1 - t0, t2 - t1, time.perf_counter() - t2, c2 - c1)
"""


def _first_call(kernel: str, cache: str, connect4: bool = False) -> list[float]:
    """Wall seconds of ``import arena``, of the first ``solve`` (a 10-vertex chain) and,
    with ``connect4``, of the first Connect-4 ply solve, then processor seconds of the
    first ``solve``, in a new process on one path."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, ARENA_KERNEL=kernel)
    out = subprocess.run([sys.executable, "-c", f"CONNECT4 = {connect4}\n{FIRST_CALL}"],
                         env=env, check=True, capture_output=True, text=True).stdout
    return [float(x) for x in out.split()]


def first_call_rows(rounds: int = 5) -> list[dict]:
    """The first call in a new process (wall seconds): with an empty numba cache (numba
    compiles the loops: once), then with the cache on disk (numba's import and the
    loops loaded) and on numpy's path, in interleaved rounds."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        t_import, t_first, t_connect4, c_first = _first_call("compiled", tmp, connect4=True)
        rows.append({"case": "compiled, empty cache: compile", "import": [t_import],
                     "first": [t_first], "connect4": [t_connect4], "first_cpu": [c_first]})
        cases = {"compiled, cache on disk: load": "compiled", "numpy": "numpy"}
        measured: dict[str, list[list[float]]] = {case: [] for case in cases}
        for _ in range(rounds):
            for case, kernel in cases.items():
                measured[case].append(_first_call(kernel, tmp, connect4=kernel == "compiled"))
        for case, runs in measured.items():
            rows.append({"case": case, "import": [r[0] for r in runs],
                         "first": [r[1] for r in runs],
                         "connect4": [r[2] for r in runs] if case != "numpy" else None,
                         "first_cpu": [r[3] for r in runs]})
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def first_call_table(rows: list[dict]) -> list[str]:
    return ["Seconds in a new process, median (min-max) of the runs: `import arena`, the "
            "first `solve` (a 10-vertex chain: numba's import and its loops compiled or "
            "loaded, on the compiled path), in wall and processor seconds, then the first "
            "`solve_connect4_plies(3, 4, 3)` (its own loops).", "",
            "| path | runs | `import arena` | first `solve` | first `solve`, processor "
            "| first Connect-4 ply solve |",
            "|---|---:|---:|---:|---:|---:|",
            *(f"| {r['case']} | {len(r['first'])} | {spread(r['import'])} | "
              f"{spread(r['first'])} | {spread(r['first_cpu'])} | "
              f"{'–' if r['connect4'] is None else spread(r['connect4'])} |" for r in rows)]


def load_cost(first: list[dict]) -> float:
    """What the compiled path's first solve costs more than numpy's in a new process
    (numba's import, the loops loaded from the disk cache), in processor seconds like the
    savings it is weighed against: the difference of medians."""
    by_case = {r["case"]: statistics.median(r["first_cpu"]) for r in first}
    return by_case["compiled, cache on disk: load"] - by_case["numpy"]


BREAK_EVEN_SIZES = (100_000, 300_000, 1_000_000, 3_000_000)
"""Sizes (vertices plus edges) at which the compiled path's saving is measured."""


def _of_size(kind: str, size: int) -> Arena:
    """An arena of the kind with about ``size`` vertices plus edges."""
    make, _ = KINDS[kind]
    if kind == "random":
        return make(size // 4)          # degree 3
    if kind == "chain":
        return make(size // 2)
    return make(round((size / 3) ** 0.5))      # a grid: 3 side² vertices and edges


def break_even_rows(rounds: int = 3) -> list[dict]:
    """``solve`` on numpy's path and on the compiled one (loaded), at each size of
    :data:`BREAK_EVEN_SIZES` and each kind: processor seconds per call, interleaved."""
    solve(chain_arena(10))
    rows = []
    for size in BREAK_EVEN_SIZES:
        for kind in KINDS:
            arena = _of_size(kind, size)
            times = interleaved({"compiled": _solve_on("compiled", arena),
                                 "numpy": _solve_on("numpy", arena)}, rounds)
            rows.append({"kind": kind, "size": len(arena) + arena.n_edges, **times})
            print(f"  break-even {kind} {rows[-1]['size']:,}: numpy "
                  f"{spread(times['numpy'], 3)}, compiled {spread(times['compiled'], 4)}",
                  file=sys.stderr, flush=True)
    return rows


def break_even(rows: list[dict], cost: float) -> tuple[int, int | None]:
    """``(lo, hi)``: from the measured size ``hi`` on (``None``: at no size measured), one
    solve on the compiled path saves at least ``cost`` on average over the kinds of
    arena; at size ``lo`` (the largest measured size below ``hi`` where it does not; 0:
    none) it does not."""
    saved: dict[int, list[float]] = {}
    for r in rows:
        step = min(s for s in BREAK_EVEN_SIZES if s >= r["size"] * 0.9)
        saved.setdefault(step, []).append(statistics.median(r["numpy"])
                                          - statistics.median(r["compiled"]))
    pays = {size: statistics.mean(values) >= cost for size, values in saved.items()}
    hi = next((s for s in sorted(pays) if all(pays[t] for t in pays if t >= s)), None)
    lo = max((s for s in pays if not pays[s] and (hi is None or s < hi)), default=0)
    return lo, hi


def break_even_table(rows: list[dict], first: list[dict]) -> list[str]:
    cost = load_cost(first)
    lo, hi = break_even(rows, cost)
    where = (f"from {hi:,} vertices plus edges on (not at {lo:,})" if hi is not None else
             f"at no size measured (up to {max(BREAK_EVEN_SIZES):,})")
    return [f"`solve` on numpy's path and on the compiled one (loaded), processor seconds "
            f"per call, median of {len(rows[0]['numpy'])} interleaved rounds. The compiled "
            f"path's first solve in a new process costs {cost:.2f} processor seconds more "
            "than numpy's (numba's import and its loops loaded, from the table above): on "
            f"average over the three kinds, one solve repays it {where}; "
            f"`arena.solver.COMPILED_FROM` is {solver.COMPILED_FROM:,}.", "",
            "| arena | vertices plus edges | numpy | compiled | saved | repays the load |",
            "|---|---:|---:|---:|---:|---|", *(_break_even_line(r, cost) for r in rows)]


def _break_even_line(r: dict, cost: float) -> str:
    numpy, compiled = statistics.median(r["numpy"]), statistics.median(r["compiled"])
    return (f"| {LABELS[r['kind']]} | {r['size']:,} | {numpy:.3f} | {compiled:.4f} | "
            f"{numpy - compiled:.3f} | {'yes' if numpy - compiled >= cost else 'no'} |")
