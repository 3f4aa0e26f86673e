"""The search benchmark's easyAI games (scripts/bench_search.py): the rules are read once
per node, easyAI's own Connect-4 plays on the corner of its board that the bench uses, and
the distances easyAI's solvers report are read as the bench reads them."""

from __future__ import annotations

from collections import Counter

import pytest
import scripts_bench  # noqa: F401  (scripts/ on the path)

pytest.importorskip("easyAI")

import bench_search  # noqa: E402


def _counted_game(spec: tuple, stuck: str = "draw"):
    """The bench's easyAI game on counted rules, and the counts: calls of ``moves`` and
    ``winner``, and the nodes easyAI entered (the start and every move made)."""
    start, moves, _, winner = bench_search.rules_of(spec)
    calls: Counter[str] = Counter()

    def counted_moves(p):
        calls["moves"] += 1
        return moves(p)

    def counted_winner(p):
        calls["winner"] += 1
        return winner(p)

    base = bench_search.rules_game(start, counted_moves, counted_winner, stuck)

    class Counted(base):  # type: ignore[misc, valid-type]
        def __init__(self):
            calls["nodes"] += 1
            super().__init__()

        def make_move(self, k):
            calls["nodes"] += 1
            super().make_move(k)

    return Counted(), calls


@pytest.mark.parametrize("method", ["negamax", "sss", "dual", "iterative", "dfs"])
def test_each_node_s_rules_are_read_once(method):
    game, calls = _counted_game(("connect4", 3, 4, 3))
    who, _ = bench_search._verdict(method, game, 13)
    assert who == 0                                  # J_0 wins Connect-4 3 × 4, 3 in a row
    assert calls["winner"] == calls["nodes"] > 100   # once when a position is entered
    # once where its moves are asked, never at a won position: fewer than the nodes
    assert 0 < calls["moves"] < calls["nodes"]


def test_negamax_reads_the_win_distance_and_the_mt_searches_report_a_wrong_one():
    """Connect-4 on 3 rows × 4 columns, 3 in a row: J_0 wins in 9 moves (arena.solve);
    Negamax and iterative deepening say 9, SSS* and DUAL (easyAI 2.0.12) say 7."""
    truth = bench_search._truth(("connect4", 3, 4, 3))
    assert (truth["winner"], truth["rank"]) == (0, 9)
    said = {}
    for method in ("negamax", "iterative", "sss", "dual"):
        game, _ = _counted_game(("connect4", 3, 4, 3))
        said[method] = bench_search._verdict(method, game, 13)
    assert said == {"negamax": (0, 9), "iterative": (0, 9), "sss": (0, 7), "dual": (0, 7)}


def test_easyai_s_connect_four_plays_on_the_corner_of_its_board():
    game = bench_search.native_game("connect4", 4, 3)
    assert game.possible_moves() == [0, 1, 2]
    for column in (0, 1, 0, 1, 0, 1):                # three in a column for each: no run
        game.make_move(column)
        game.switch_player()
    assert not game.lose() and game.possible_moves() == [0, 1, 2]
    game.make_move(0)                                # the first player's fourth in column 0
    game.switch_player()
    assert game.lose()                               # the player to move has lost
    assert game.possible_moves() == [1, 2]           # column 0 is full at 4 rows


def test_nim_with_stuck_loses_is_won_by_the_right_player():
    game, calls = _counted_game(("tictactoe", 3, 3, 3))
    assert bench_search._verdict("dfs", game, 10) == (None, None)   # tic-tac-toe: a draw
    from easyAI import solve_with_depth_first_search

    def moves(p):
        return [(p[0] - q, 1 - p[1]) for q in (1, 2) if q <= p[0]]

    for n, first_wins in ((9, False), (10, True)):   # take 1 or 2: lost on multiples of 3
        game = bench_search.rules_game((n, 0), moves, stuck="loses")()
        assert solve_with_depth_first_search(game, 90, maxdepth=n + 2) == (
            1 if first_wins else -1)
