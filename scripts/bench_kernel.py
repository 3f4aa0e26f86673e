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
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from bench import LABELS, best_of, chain_arena, grid_arena, random_arena

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


def solve_with(kernel: str, arena: Arena) -> float:
    """Processor seconds of ``solve`` on one path (best of 3)."""
    solver.KERNEL = kernel
    try:
        return best_of(3, lambda: solve(arena))
    finally:
        solver.KERNEL = None


def kernel_rows(quick: bool) -> list[dict]:
    """For each arena: the C attractor, and ``solve`` compiled and with numpy."""
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
                rows.append({"kind": kind, "vertices": len(arena), "edges": arena.n_edges,
                             "c": best_of(3, call), "compiled": solve_with("compiled", arena),
                             "numpy": solve_with("numpy", arena)})
                print(kernel_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def kernel_line(r: dict) -> str:
    return (f"| {LABELS[r['kind']]} | {r['vertices']:,} | {r['edges']:,} | {r['c']:.4f} | "
            f"{r['compiled']:.4f} | {r['compiled'] / r['c']:.2f} | {r['numpy']:.4f} | "
            f"{r['numpy'] / r['c']:.2f} |")


def kernel_table(rows: list[dict]) -> list[str]:
    return ["### Compiled solver: `solve` (both players, exact ranks, strategies) against "
            "one attractor with ranks in C (gcc -O2, same arrays), processor seconds "
            "(target: compiled / C at most 2)", "",
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
solve(chain(10))
t2 = time.perf_counter()
from arena.games.connect4_plies import solve_connect4_plies
solve_connect4_plies(3, 4, 3)
print(t1 - t0, t2 - t1, time.perf_counter() - t2)
"""


def first_call_rows() -> list[dict]:
    """Wall seconds of ``import arena``, of the first ``solve`` and of the first
    Connect-4 ply solve (its own loops) in a new process: with an empty numba cache
    (compiling), then again (loading from it)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, ARENA_KERNEL="compiled")
        for label in ("empty cache: compile", "cache on disk: load"):
            out = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, check=True,
                                 capture_output=True, text=True).stdout
            t_import, t_first, t_connect4 = map(float, out.split())
            rows.append({"case": label, "import": t_import, "first": t_first,
                         "connect4": t_connect4})
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def first_call_table(rows: list[dict]) -> list[str]:
    return ["### The compiled path's first call in a new process (wall seconds; numba is "
            "imported at the first solve, not with `arena`)", "",
            "| numba's cache | `import arena` | first `solve` (10-vertex chain) "
            "| then first `solve_connect4_plies(3, 4, 3)` |",
            "|---|---:|---:|---:|",
            *(f"| {r['case']} | {r['import']:.2f} | {r['first']:.2f} | {r['connect4']:.2f} |"
              for r in rows)]
