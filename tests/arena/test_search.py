"""The start position's value by alpha-beta with a table (arena.search.start_value): the
same winner and rank as arena.solve on every game tried, a best move that keeps them."""

from __future__ import annotations

import random

import pytest

from arena import ArenaError, from_rules, solve
from arena.games.connect4 import connect4_rules
from arena.search import start_value


def nim_rules(rule):
    def moves(p):
        k, i = p
        return [(k - q, 1 - i) for q in rule if q <= k]
    return moves, lambda p: p[1]


def random_dag(seed):
    """A random game without cycles: positions 0..n-1, moves only to larger numbers,
    some victory positions of each player, dead ends that lose or draw."""
    rng = random.Random(seed)
    n = rng.randint(1, 25)
    succ = {k: sorted(rng.sample(range(k + 1, n), rng.randint(0, min(3, n - k - 1))))
            for k in range(n)}
    owner = {k: rng.randint(0, 1) for k in range(n)}
    won = {k: rng.choice([None, None, None, 0, 1]) for k in range(n)}
    return succ, owner, won, rng.choice(["loses", "draw"])


def _agrees(start, moves, player, stuck, winner=None):
    g = from_rules(start, moves, player, stuck=stuck, winner=winner)
    sol = solve(g)
    r = start_value(start, moves, player, stuck=stuck, winner=winner)
    assert (r.winner, r.rank) == (sol.winner[start], sol.rank[start])
    if r.move is not None and r.winner is not None:
        # the move keeps the win (one move nearer) or, for the loser, the longest loss
        assert sol.winner[r.move] == r.winner and sol.rank[r.move] == r.rank - 1
    elif r.move is not None:
        assert sol.winner[r.move] is None              # a draw stays a draw
    return r, g


@pytest.mark.parametrize("seed", range(300))
def test_random_games_without_cycles(seed):
    succ, owner, won, stuck = random_dag(seed)
    _agrees(0, succ.__getitem__, owner.__getitem__, stuck, won.__getitem__)


@pytest.mark.parametrize(("n", "rule"), [(10, (1, 2)), (15, (2, 3, 5)), (21, (1, 3, 4)),
                                         (0, (1,)), (30, (1, 2, 3))])
def test_nim(n, rule):
    r, g = _agrees((n, 0), *nim_rules(rule), stuck="loses")
    assert r.positions <= len(g)


@pytest.mark.parametrize("size", [(3, 3, 3), (3, 4, 3), (4, 3, 3), (2, 4, 2), (4, 4, 4)])
def test_connect4_and_tictactoe(size):
    start, moves, player, winner = connect4_rules(*size)
    r, g = _agrees(start, moves, player, "draw", winner)
    assert r.positions < len(g)         # alpha-beta did not need every position


def test_tictactoe_is_a_draw_found_without_every_position():
    from arena.games.tictactoe import lines, winner_of
    runs = lines(3, 3)

    def player(b):
        return (9 - b.count("-")) % 2

    def moves(b):
        return [b[:k] + "xo"[player(b)] + b[k + 1:] for k in range(9) if b[k] == "-"]

    r, g = _agrees("-" * 9, moves, player, "draw", lambda b: winner_of(b, runs))
    assert r.winner is None and r.positions < len(g) == 5478


def test_a_cycle_is_refused():
    with pytest.raises(ArenaError, match="cycle"):
        start_value(0, lambda p: [1 - p], lambda p: p, stuck="loses")
