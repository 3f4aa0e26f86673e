"""Benchmark of the start position's value alone (``bench.py --only search``).

:func:`arena.search.start_value` (alpha-beta with a table: winner and exact rank) against
easyAI's solvers, each with its transposition table: Negamax at full depth, SSS* and DUAL
(both MT searches), iterative deepening (Negamax at depths 1, 2, ... until the start is
decided) and the depth-first solver. easyAI plays each game two ways:

- on the very rules our search reads (:func:`rules_game`): the rules are called once per
  node, as ``start_value`` calls them: ``winner`` once when a position is entered,
  ``moves`` once when its moves are first asked (``make_move`` takes the child from that
  list, ``unmake_move`` restores the parent's), and easyAI's fastest way (``unmake_move``,
  ``ttentry``);
- with easyAI's own game classes (:mod:`easyAI.games`' ``TicTacToe`` and ``ConnectFour``,
  :func:`native_game`), given only the ``ttentry`` that a table needs; its Connect-4 is a
  6 × 7 board, played here on its bottom-left corner (the other cells hold a third
  value, a stone of nobody), on 4 × 4 only (see :data:`GAMES`).

Every solver runs in a process of its own (a table starts empty; one that passes the time
limit is stopped), in rounds that take the solvers in turn, so that a change of the
machine's load falls on all of them; the table gives each one's median and range. Each
answer is checked against :func:`arena.solve`'s winner (or the ply solver's for boards
too large for an arena), and each reported win distance against its rank.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_common import spread

LIMIT = 60.0        # seconds per solver, game and round
ROUNDS = 3          # rounds of the full benchmark (1 with --quick)

# (label, rules, easyAI's own class for the same game or None)
GAMES: list[tuple[str, tuple, str | None]] = [
    ("tic-tac-toe 3 × 3", ("tictactoe", 3, 3, 3), "tictactoe"),
    ("Connect-4, 3 rows × 4 columns, 3 in a row", ("connect4", 3, 4, 3), None),
    ("Connect-4, 4 rows × 4 columns", ("connect4", 4, 4, 4), "connect4"),
    ("Connect-4, 5 rows × 4 columns", ("connect4", 5, 4, 4), None),
    ("Connect-4, 4 rows × 5 columns", ("connect4", 4, 5, 4), None),
]
"""easyAI's own ``ConnectFour`` has no ``unmake_move``: easyAI copies its board (a numpy
array) at every node, and it runs on 4 × 4 only (its row shows the cost)."""
QUICK = 2           # the games of --quick: the first two

SOLVERS = [("arena", "`start_value`"), ("negamax", "Negamax"), ("sss", "SSS*"),
           ("dual", "DUAL"), ("iterative", "iterative deepening"),
           ("dfs", "depth-first")]
"""Each solver's key and its column's title (all with a transposition table)."""


def rules_of(spec: tuple) -> tuple[Any, Callable, Callable, Callable]:
    """``(start, moves, player, winner)`` of a game: Connect-4's from
    :func:`arena.games.connect4.connect4_rules`, tic-tac-toe's on the board's text."""
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


def rules_game(start: Any, moves: Callable, winner: Callable | None = None,
               stuck: str = "draw") -> type:
    """An easyAI ``TwoPlayerGame`` class on the rules (a game where the players alternate,
    as easyAI's do): a position's ``winner`` is read once, when the position is entered,
    and its ``moves`` once, when they are first asked; a move is the index of the child in
    that list. The player to move at the start is easyAI's player 1; ``stuck`` says what
    a position without a move and without a winner is (as for :func:`arena.from_rules`)."""
    from easyAI import TwoPlayerGame

    def ended(p: Any) -> bool:
        return winner is not None and winner(p) is not None

    class RulesGame(TwoPlayerGame):
        def __init__(self) -> None:
            self.players, self.current_player = [None, None], 1
            self.board, self.over = start, ended(start)
            self.children: list | None = None
            self.parents: list[tuple] = []

        def possible_moves(self) -> list[int]:
            if self.over:
                return []
            if self.children is None:
                self.children = list(moves(self.board))
            return list(range(len(self.children)))

        def make_move(self, k: int) -> None:
            assert self.children is not None
            self.parents.append((self.board, self.over, self.children))
            self.board = self.children[k]
            self.over, self.children = ended(self.board), None

        def unmake_move(self, k: int) -> None:
            self.board, self.over, self.children = self.parents.pop()

        def lose(self) -> bool:
            """The player to move has lost: the previous move made a run, or (``stuck``
            "loses") there is no move."""
            return self.over or (stuck == "loses" and not self.possible_moves())

        def is_over(self) -> bool:
            return self.over or not self.possible_moves()

        def scoring(self) -> int:
            return -100 if self.lose() else 0

        def ttentry(self) -> Any:
            return self.board

    return RulesGame


def native_game(kind: str, rows: int, cols: int) -> Any:
    """A fresh game of easyAI's own class: ``TicTacToe`` (3 × 3), or ``ConnectFour`` on
    the bottom-left ``rows`` × ``cols`` corner of its 6 × 7 board (the other cells hold 3,
    no player's stone: no move goes there and no run uses them), with the ``ttentry`` a
    transposition table needs."""
    from easyAI.games import ConnectFour, TicTacToe

    if kind == "tictactoe":
        class NativeTicTacToe(TicTacToe):
            def ttentry(self):
                return tuple(self.board)

        return NativeTicTacToe([None, None])
    import numpy as np

    class NativeConnectFour(ConnectFour):
        def ttentry(self):
            return self.board.tobytes()

    board = np.full((6, 7), 3, dtype=np.int64)
    board[:rows, :cols] = 0           # row 0 is the bottom one
    return NativeConnectFour([None, None], board)


def _verdict(method: str, game: Any, depth: int) -> tuple[int | None, int | None]:
    """Run one easyAI solver on ``game``: (winner: 0 for the player to move at the start,
    1 for the other, None for a draw; the win's distance in moves it reports, or None)."""
    from easyAI import (
        DUAL,
        SSS,
        Negamax,
        solve_with_depth_first_search,
        solve_with_iterative_deepening,
    )
    from easyAI.AI import TranspositionTable

    tt = TranspositionTable()
    if method in ("negamax", "sss", "dual"):
        ai = {"negamax": Negamax, "sss": SSS, "dual": DUAL}[method](depth, tt=tt)
        ai(game)
        value = ai.alpha
        if abs(value) < 50:
            return None, None
        # the depth left when the play ended, from the end's score: Negamax scores it
        # ±100 × (1 + 0.001 × depth left), the MT searches (SSS*, DUAL) ±(100 - 0.99 ×
        # depth left)
        if method == "negamax":
            left = round((abs(value) / 100 - 1) / 0.001)
        else:
            left = round((100 - abs(value)) / 0.99)
        return (0 if value > 0 else 1), depth - left
    if method == "iterative":
        result, reached, _ = solve_with_iterative_deepening(game, range(1, depth + 1),
                                                            win_score=90, tt=tt,
                                                            verbose=False)
        return {1: (0, reached), -1: (1, reached)}.get(result, (None, None))
    result = solve_with_depth_first_search(game, 90, maxdepth=depth + 2, tt=tt)
    return {1: 0, -1: 1}.get(result), None


def _run(method: str, spec: tuple, way: str, out) -> None:
    """One solver on one game, in its own process: sends (seconds, winner, rank)."""
    sys.setrecursionlimit(10_000)
    start, moves, player, winner = rules_of(spec)
    t0 = time.perf_counter()
    if method == "arena":
        from arena.search import start_value

        r = start_value(start, moves, player, stuck="draw", winner=winner)
        out.send((time.perf_counter() - t0, r.winner, r.rank))
        return
    _, rows, cols, _ = spec
    game = rules_game(start, moves, winner)() if way == "rules" else \
        native_game(spec[0], rows, cols)
    who, rank = _verdict(method, game, rows * cols + 1)
    out.send((time.perf_counter() - t0, who, rank))


def _timed(method: str, spec: tuple, way: str) -> tuple[float | None, Any, Any]:
    ctx = multiprocessing.get_context("fork")
    here, there = ctx.Pipe()
    proc = ctx.Process(target=_run, args=(method, spec, way, there))
    proc.start()
    result = here.recv() if here.poll(LIMIT) else (None, None, None)
    proc.kill()
    proc.join()
    return result


def _truth(spec: tuple) -> dict:
    """The start's winner and rank by the solvers of every position (Connect-4's ply
    solver for the boards too large for an arena)."""
    from arena import from_rules, solve
    from arena.games.connect4_plies import solve_connect4_plies

    kind, rows, cols, align = spec
    if kind == "connect4" and rows * cols > 12:
        c = solve_connect4_plies(rows, cols, align)
        return {"winner": c.start_winner, "rank": c.start_rank}
    start, moves, player, winner = rules_of(spec)
    sol = solve(from_rules(start, moves, player, stuck="draw", winner=winner))
    return {"winner": sol.winner[start], "rank": sol.rank[start]}


def search_rows(quick: bool = False) -> list[dict]:
    """For each game and way (our rules, easyAI's class): each solver's seconds in every
    round (None: stopped at the limit), and what it said (winner, distance)."""
    try:
        import easyAI  # noqa: F401
    except ImportError:
        return []
    rounds = 1 if quick else ROUNDS
    rows = []
    for label, spec, native in GAMES[:QUICK] if quick else GAMES:
        truth = _truth(spec)
        ways = ["rules"] + (["native"] if native else [])
        cells = {(way, key): {"seconds": [], "winner": None, "rank": None}
                 for way in ways for key, _ in SOLVERS if way == "rules" or key != "arena"}
        for _ in range(rounds):
            for (way, key), cell in cells.items():
                if None in cell["seconds"]:         # stopped once: not run again
                    continue
                seconds, who, rank = _timed(key, spec, way)
                cell["seconds"].append(seconds)
                if seconds is None:
                    continue
                if who != truth["winner"]:
                    raise SystemExit(f"bench search: {key} ({way}) says {who} wins {label}, "
                                     f"solve says {truth['winner']}")
                if key == "arena" and rank != truth["rank"]:
                    raise SystemExit(f"bench search: rank {rank}, solve says {truth['rank']}")
                cell["winner"], cell["rank"] = who, rank
        for way in ways:
            row = {"game": label, "way": way, **truth,
                   "solvers": {key: cells[way, key] for key, _ in SOLVERS
                               if (way, key) in cells}}
            print("  " + search_line(row, rows), file=sys.stderr, flush=True)
            rows.append(row)
    return rows


def _seconds(cell: dict) -> str:
    values = cell["seconds"]
    if None in values:
        return f"stopped after {LIMIT:.0f} s"
    return spread(values, 3 if statistics.median(values) < 1 else 2)


def _result(winner: int | None, rank: int | None) -> str:
    return "draw" if winner is None else f"J_{winner} in {rank}"


def search_line(row: dict, rows: list[dict]) -> str:
    """One row of the table: seconds, a wrong win distance named, and Negamax against
    ``start_value`` (the ratios of the same rounds; on easyAI's class, against the rules'
    ``start_value``)."""
    way = "our rules" if row["way"] == "rules" else "easyAI's class"
    cells = []
    for key, _ in SOLVERS:
        cell = row["solvers"].get(key)
        if cell is None:
            cells.append("–")
            continue
        text = _seconds(cell)
        if (cell["rank"] is not None and row["rank"] is not None
                and cell["rank"] != row["rank"]):
            text += f", **says in {cell['rank']}**"
        cells.append(text)
    ours = row["solvers"].get("arena") or next(
        (r["solvers"]["arena"] for r in rows if r["game"] == row["game"]
         and r["way"] == "rules"), None)
    negamax = row["solvers"]["negamax"]["seconds"]
    ratio = "–"
    if ours is not None and None not in ours["seconds"] and None not in negamax:
        ratio = spread([a / b for a, b in zip(negamax, ours["seconds"])])
    return (f"| {row['game']} | {way} | {_result(row['winner'], row['rank'])} | "
            + " | ".join(cells) + f" | {ratio} |")


def search_table(rows: list[dict]) -> list[str]:
    if not rows:
        return ["easyAI is not installed (`pip install easyAI`): no search comparison."]
    rounds = max(len(cell["seconds"]) for r in rows for cell in r["solvers"].values())
    head = ("| start position of | easyAI plays | result | "
            + " | ".join(title for _, title in SOLVERS) + " | Negamax / `start_value` |")
    return [f"Wall seconds of each solver in a process of its own, median (min-max) of "
            f"{rounds} rounds that take the solvers in turn (a solver stopped once is not "
            "run again); the last column is the ratio of the same rounds (on easyAI's "
            "class, against `start_value` on the rules). **says in r**: the win's distance "
            "the solver reports, where it is not the rank.", "",
            head, "|---|---|---|" + "---:|" * (len(SOLVERS) + 1),
            *(search_line(r, rows[:k]) for k, r in enumerate(rows))]


if __name__ == "__main__":
    print("\n".join(search_table(search_rows("--quick" in sys.argv))))
