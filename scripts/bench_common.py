"""What every section of the benchmarks uses (``scripts/bench.py`` and its ``bench_*.py``):
the arenas measured, the clocks, the spread of a list of measures. Below the sections,
which import it; it imports none of them."""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

from arena import Arena
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


LABELS = {"random": "random, degree 3", "chain": "chain", "grid": "grid, right or down"}


ROOT = Path(__file__).resolve().parents[1]
