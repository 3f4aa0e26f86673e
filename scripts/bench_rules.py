"""The rules builder's speed (arena.from_rules), beside the hand enumeration of the same
games: positions explored per second, best of several runs (scripts/bench.py --only rules).

easyAI (the peer the rules issue names) is timed only where it is installed: it is not a
dependency of the package or of the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from arena import from_rules
from arena.games import chomp, nim
from arena.games.chomp import _bites


def _best(k: int, fn: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(k):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def _nim_rules(n: int, rule: tuple[int, ...]):
    def moves(p):
        k, i = p
        return [(k - q, 1 - i) for q in rule if q <= k]
    return (n, 0), moves, (lambda p: p[1])


def _chomp_rules(rows: int, cols: int):
    full = tuple([cols] * rows)

    def moves(p):
        shape, i = p
        return [(s, 1 - i) for s in _bites(shape)]
    return (full, 0), moves, (lambda p: p[1])


def rules_rows(quick: bool) -> list[dict]:
    rows = []
    cases = [
        ("chain", 10**5 if quick else 10**6, None),
        ("nim", 20_000 if quick else 200_000, (1, 2, 3)),
        ("chomp", (4, 5) if quick else (5, 6), None),
    ]
    for name, size, rule in cases:
        if name == "chain":
            n = size

            def build(n=n):
                return from_rules(0, lambda p: (p + 1, p + 2) if p < n else (),
                                  lambda p: p & 1, stuck="loses", limit=n + 5)
            hand = None
        elif name == "nim":
            start, moves, player = _nim_rules(size, rule)

            def build(start=start, moves=moves, player=player):
                return from_rules(start, moves, player, stuck="loses", limit=10**7)

            def hand(size=size, rule=rule):
                return nim(size, list(rule))
        else:
            start, moves, player = _chomp_rules(*size)

            def build(start=start, moves=moves, player=player):
                return from_rules(start, moves, player, stuck="loses", limit=10**7)

            def hand(size=size):
                return chomp(*size)
        t, g = _best(3, build)
        row = {"game": name, "size": str(size), "positions": len(g), "seconds": t,
               "per_second": len(g) / t}
        if hand is not None:
            th, h = _best(3, hand)
            row.update(hand_seconds=th, hand_positions=len(h))
        rows.append(row)
    return rows


def rules_table(rows: list[dict]) -> list[str]:
    lines = ["| game | size | positions | from_rules (s) | positions/s | hand-built (s) |",
             "|---|---|---:|---:|---:|---:|"]
    for r in rows:
        hand = f"{r['hand_seconds']:.3f} ({r['hand_positions']:,} positions)" \
            if "hand_seconds" in r else "–"
        lines.append(f"| {r['game']} | {r['size']} | {r['positions']:,} | {r['seconds']:.3f} | "
                     f"{r['per_second']:,.0f} | {hand} |")
    return lines
