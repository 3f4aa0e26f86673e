"""The rules builder's speed (arena.from_rules), beside the hand enumeration of the same
games: positions explored per second, best of several runs (scripts/bench.py --only rules).

easyAI (the peer the rules issue names) is timed only where it is installed: it is not a
dependency of the package or of the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from arena import from_rules, solve
from arena.arena import Arena
from arena.games import chain, tictactoe
from arena.games.chomp import _bites


def _best(k: int, fn: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(k):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def _nim_by_hand(n: int, rule: tuple[int, ...]) -> Arena:
    """Nim as ``arena.games.nim`` enumerated it by hand before it was built on
    ``from_rules``: CSR arrays written out directly (the reference for the builder)."""
    S0 = [(k, 0) for k in range(n, -1, -1)]
    S1 = [(k, 1) for k in range(n - 1, -1, -1)]
    offsets, targets = [0], []
    for i, top in ((0, n), (1, n - 1)):
        base = 2 * n if i == 0 else n
        for k in range(top, -1, -1):
            targets += [base - (k - q) for q in reversed(rule) if k - q >= 0]
            offsets.append(len(targets))
    low = rule[0]
    return Arena.from_csr(S0, S1, offsets, targets, V0=[n + 1 + (n - 1 - k) for k in
                                                        range(min(low, n))],
                          V1=[n - k for k in range(min(low, n + 1))], start=(n, 0))


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
                return from_rules(0, lambda k: [k + 1] if k < n else [], lambda k: k & 1,
                                  stuck="draw", winner=lambda k: 0 if k == n else None,
                                  limit=n + 5)

            def hand(n=n):
                return chain(n)
        elif name == "nim":
            start, moves, player = _nim_rules(size, rule)

            def build(start=start, moves=moves, player=player):
                return from_rules(start, moves, player, stuck="loses", limit=10**7)

            def hand(size=size, rule=rule):
                return _nim_by_hand(size, rule)
        else:
            start, moves, player = _chomp_rules(*size)

            def build(start=start, moves=moves, player=player):
                return from_rules(start, moves, player, stuck="loses", limit=10**7)

            hand = None             # arena.games.chomp is itself built on from_rules
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


# -- easyAI, solving the same start position ----------------------------------------------

def easyai_rows(quick: bool) -> list[dict]:
    """The start position's winner: from_rules + solve (every position, ranks and
    strategies) against easyAI's depth-first solver with a transposition table (the start
    position only) on the same rules (:func:`bench_search.rules_game`: each position's
    rules read once), best of three runs each; both winners are checked to agree. Empty
    when easyAI is not installed."""
    try:
        from easyAI import solve_with_depth_first_search
        from easyAI.AI import TranspositionTable
    except ImportError:
        return []
    from bench_search import rules_game, rules_of

    n = 200 if quick else 2_000
    start, moves, _, winner = rules_of(("tictactoe", 3, 3, 3))
    TicTacToe = rules_game(start, moves, winner)
    Nim = rules_game((n, 0), _nim_rules(n, (1, 2, 3))[1], stuck="loses")
    cases = [
        ("tic-tac-toe 3 × 3", lambda: solve(tictactoe(3, 3)).winner["---------"],
         lambda: solve_with_depth_first_search(TicTacToe(), 90, maxdepth=20,
                                               tt=TranspositionTable())),
        (f"Nim {n}, rule {{1, 2, 3}}",
         lambda: solve(from_rules((n, 0), *_nim_rules(n, (1, 2, 3))[1:],
                                  stuck="loses")).winner[(n, 0)],
         lambda: solve_with_depth_first_search(Nim(), 90, maxdepth=n + 5,
                                               tt=TranspositionTable())),
    ]
    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * n))
    rows = []
    for name, ours, theirs in cases:
        t_ours, winner_ = _best(3, ours)
        t_easy, value = _best(3, theirs)
        # easyAI: 1 the first player wins, -1 loses, 0 draw; ours: 0, 1 or None (draw)
        agree = {1: 0, -1: 1, 0: None}[value] == winner_
        rows.append({"game": name, "from_rules_solve": t_ours, "easyai_dfs_tt": t_easy,
                     "agree": agree})
    return rows


def easyai_table(rows: list[dict]) -> list[str]:
    if not rows:
        return ["easyAI is not installed (`pip install easyAI`): no comparison."]
    lines_ = ["| start position of | from_rules + solve (s), every position | "
              "easyAI depth-first + table (s), start only | same winner |",
              "|---|---:|---:|---|"]
    for r in rows:
        lines_.append(f"| {r['game']} | {r['from_rules_solve']:.3f} | {r['easyai_dfs_tt']:.3f} "
                      f"| {'yes' if r['agree'] else 'NO'} |")
    return lines_
