"""Minimax and alpha-beta: the slides' tree, and agreement on random trees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena import solve
from arena.games import tictactoe
from arena.games.tictactoe import EMPTY_CELL, MARKS, lines, winner_of
from arena.minimax import OTHELLO_WEIGHTS, alphabeta, alphabeta_tree, minimax, minimax_tree

SLIDES = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
          [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
          [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]


def test_the_slides_tree_backs_up_to_3_through_B2():
    r = minimax_tree(SLIDES)
    assert r.value == 3 and r.move == 2
    assert [r.values[(i,)] for i in range(3)] == [2, 0, 3]
    assert [r.values[(i, j)] for i in range(3) for j in range(3)] == [2, 9, 3, 7, 4, 0, 3, 4, 5]
    assert r.pruned == [] and len(r.visited) == 1 + 3 + 9 + 27


def test_alpha_beta_on_the_slides_tree_skips_seven_leaves():
    r = alphabeta_tree(SLIDES)
    assert r.value == 3 and r.move == 2
    assert r.pruned == [(0, 1, 1), (0, 1, 2), (0, 2, 2), (2, 1, 1), (2, 1, 2), (2, 2, 1),
                        (2, 2, 2)]
    assert not set(r.pruned) & set(r.visited)


trees = st.recursive(st.integers(-20, 20), lambda sub: st.lists(sub, min_size=1, max_size=4),
                     max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(trees, st.booleans())
def test_alpha_beta_returns_the_minimax_value(tree, maximizing):
    a, b = minimax_tree(tree, maximizing), alphabeta_tree(tree, maximizing)
    assert a.value == b.value
    assert len(b.visited) <= len(a.visited)


def test_alpha_beta_visits_fewer_nodes_on_most_random_trees():
    import random

    rng = random.Random(7)

    def random_tree(depth):
        if depth == 0:
            return rng.randint(-50, 50)
        return [random_tree(depth - 1) for _ in range(rng.randint(2, 4))]

    fewer = sum(len(alphabeta_tree(t).visited) < len(minimax_tree(t).visited)
                for t in (random_tree(4) for _ in range(200)))
    assert fewer >= 180


def test_minimax_on_tic_tac_toe_agrees_with_the_attractor():
    runs = lines(3, 3)

    def moves(board):
        if winner_of(board, runs) is not None:
            return []
        mark = MARKS[(9 - board.count(EMPTY_CELL)) % 2]
        return [board[:k] + mark + board[k + 1:] for k, c in enumerate(board) if c == EMPTY_CELL]

    def score(board):
        won = winner_of(board, runs)
        return 0 if won is None else (1 if won == 0 else -1)

    start = EMPTY_CELL * 9
    g = tictactoe()
    sol = solve(g)
    for board in [start, "x--------", "x---o----", "xo-------"]:
        maximizing = board.count(EMPTY_CELL) % 2 == 1
        value = alphabeta(board, moves, score, depth=9, maximizing=maximizing).value
        expected = {None: 0, 0: 1, 1: -1}[sol.winner[board]]
        assert value == expected, board


def test_depth_limit_uses_the_heuristic():
    moves = lambda k: [k + 1, k + 2]          # noqa: E731
    r = minimax(0, moves, evaluate=lambda k: k, depth=2)
    assert r.value == 3 and r.principal_variation == [(1,), (1, 0)]


def test_othello_weights_are_symmetric():
    w = OTHELLO_WEIGHTS
    assert all(w[i][j] == w[j][i] == w[7 - i][j] == w[i][7 - j] for i in range(8)
               for j in range(8))
