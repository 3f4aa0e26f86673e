"""Benchmark of the start position's value alone (``bench.py --only search``).

:func:`arena.search.start_value` (alpha-beta with a table, winner and exact rank) against
easyAI's solvers on the same rules, in the same run: Negamax with a transposition table
at full depth, SSS* with one, iterative deepening (its depths one by one, with one) and
its depth-first solver with one. Each easyAI game is written on the very functions our
search reads (``moves``, ``player``, ``winner`` on the board's text), with ``unmake_move``
and ``ttentry``, the fastest way easyAI offers. A solver that passes the time limit is
stopped and shown as such. Every answer is checked against ``arena.solve``'s winner.
"""

from __future__ import annotations

import multiprocessing
import sys
import time

LIMIT = 120.0       # seconds per solver and game


def _games(quick: bool) -> list[tuple[str, tuple]]:
    games = [("tic-tac-toe 3 × 3", ("tictactoe", 3, 3, 3)),
             ("connect-4, 4 rows × 4 columns", ("connect4", 4, 4, 4))]
    if not quick:
        games += [("connect-4, 5 rows × 4 columns", ("connect4", 5, 4, 4)),
                  ("connect-4, 4 rows × 5 columns", ("connect4", 4, 5, 4))]
    return games


def _rules(spec: tuple):
    kind, rows, cols, align = spec
    if kind == "connect4":
        from arena.games.connect4 import connect4_rules

        return connect4_rules(rows, cols, align)
    from arena.games.tictactoe import lines, winner_of

    runs = lines(rows, align)

    def player(b):
        return (rows * cols - b.count("-")) % 2

    def moves(b):
        return [b[:k] + "xo"[player(b)] + b[k + 1:] for k in range(rows * cols) if b[k] == "-"]

    return "-" * (rows * cols), moves, player, lambda b: winner_of(b, runs)


def _easyai_game(spec: tuple):
    from easyAI import TwoPlayerGame

    start, moves, player, winner = _rules(spec)

    class Game(TwoPlayerGame):
        def __init__(self):
            self.players, self.current_player = [None, None], 1
            self.board, self.history = start, []

        def possible_moves(self):
            return list(range(len(moves(self.board)))) if winner(self.board) is None else []

        def make_move(self, k):
            self.history.append(self.board)
            self.board = moves(self.board)[k]

        def unmake_move(self, k):
            self.board = self.history.pop()

        def lose(self):                 # the player to move faces the other's run
            return winner(self.board) is not None

        def is_over(self):
            return self.lose() or not moves(self.board)

        def scoring(self):
            return -100 if self.lose() else 0

        def ttentry(self):
            return self.board

    return Game


def _run(method: str, spec: tuple, out) -> None:
    """One solver on one game, in its own process (so that the time limit can stop it):
    sends (seconds, winner: 0, 1 or None)."""
    t0 = time.perf_counter()
    if method == "arena":
        from arena.search import start_value

        start, moves, player, winner = _rules(spec)
        r = start_value(start, moves, player, stuck="draw", winner=winner)
        out.send((time.perf_counter() - t0, r.winner, r.rank))
        return
    from easyAI import SSS, Negamax, solve_with_depth_first_search, solve_with_iterative_deepening
    from easyAI.AI import TranspositionTable

    Game = _easyai_game(spec)
    depth = spec[1] * spec[2] + 1
    game, tt = Game(), TranspositionTable()
    if method == "negamax":
        ai = Negamax(depth, tt=tt)
        ai(game)
        score = ai.alpha
    elif method == "sss":
        ai = SSS(depth, tt=tt)
        ai(game)
        score = ai.alpha
    elif method == "iterative":
        score, _, _ = solve_with_iterative_deepening(game, range(1, depth + 1), win_score=90,
                                                     tt=tt, verbose=False)
        score *= 100
    else:
        score = 100 * solve_with_depth_first_search(game, 90, maxdepth=depth + 2, tt=tt)
    out.send((time.perf_counter() - t0, 0 if score >= 90 else 1 if score <= -90 else None, None))


def _timed(method: str, spec: tuple) -> tuple[float | None, int | None, int | None]:
    ctx = multiprocessing.get_context("fork")
    here, there = ctx.Pipe()
    proc = ctx.Process(target=_run, args=(method, spec, there))
    proc.start()
    result = here.recv() if here.poll(LIMIT) else (None, None, None)
    proc.kill()
    proc.join()
    return result


METHODS = [("arena", "arena start_value (winner and rank)"),
           ("negamax", "easyAI Negamax + table"), ("sss", "easyAI SSS* + table"),
           ("iterative", "easyAI iterative deepening + table"),
           ("dfs", "easyAI depth-first + table")]


def _truth(spec: tuple) -> dict:
    """The start's winner and rank by the solvers of every position (Connect-4's compact
    one for the boards too large for an arena)."""
    from arena import from_rules, solve
    from arena.games import solve_connect4

    kind, rows, cols, align = spec
    if kind == "connect4":
        c = solve_connect4(rows, cols, align)
        return {"winner": c.start_winner, "rank": c.start_rank}
    start, moves, player, winner = _rules(spec)
    sol = solve(from_rules(start, moves, player, stuck="draw", winner=winner))
    return {"winner": sol.winner[start], "rank": sol.rank[start]}


def search_rows(quick: bool = False) -> list[dict]:
    try:
        import easyAI  # noqa: F401
    except ImportError:
        return []
    rows = []
    for name, spec in _games(quick):
        row = {"game": name, **_truth(spec)}
        for key, _ in METHODS:
            seconds, who, rank = _timed(key, spec)
            row[key] = seconds
            if seconds is not None and who != row["winner"]:
                raise SystemExit(f"bench search: {key} says {who} wins {name}, "
                                 f"solve says {row['winner']}")
            if key == "arena" and rank != row["rank"]:
                raise SystemExit(f"bench search: rank {rank}, solve says {row['rank']}")
        print(f"  {name}: " + ", ".join(f"{k} {row[k]}" for k, _ in METHODS), file=sys.stderr)
        rows.append(row)
    return rows


def search_table(rows: list[dict]) -> list[str]:
    if not rows:
        return ["easyAI is not installed (`pip install easyAI`): no search comparison."]
    head = "| start position of | result | " + " | ".join(t for _, t in METHODS) + " |"
    lines = [f"### The start position alone, seconds (a dash: stopped after {LIMIT:.0f} s)",
             "", head, "|---|---|" + "---:|" * len(METHODS)]
    for r in rows:
        result = "draw" if r["winner"] is None else f"J_{r['winner']} in {r['rank']}"
        cells = ["–" if r[k] is None else f"{r[k]:.3f}" for k, _ in METHODS]
        lines.append(f"| {r['game']} | {result} | " + " | ".join(cells) + " |")
    return lines


if __name__ == "__main__":
    print("\n".join(search_table(search_rows("--quick" in sys.argv))))
