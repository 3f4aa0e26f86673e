"""The course's games: sizes, winners and theorems, all checked by the solver."""

from __future__ import annotations

import json

import pytest

from arena import Arena, StrategyError, solve, verify_strategy
from arena.cli import main
from arena.games import chain, chomp, connect4, marienbad, nim, ourson, solve_connect4, tictactoe
from arena.games.marienbad import bouton_wins
from arena.games.ourson import START, article_rank, article_rank_cycle
from arena.games.tictactoe import solve_tictactoe
from arena.grundy import grundy_numbers, subtraction_grundy


class TestNim:
    def test_vertices_and_edges_follow_example_1_0_5(self):
        g = nim(10, [1, 2])
        assert set(g.S0) == {(k, 0) for k in range(11)}
        assert set(g.S1) == {(k, 1) for k in range(10)}
        assert g.successors((5, 1)) == ((3, 0), (4, 0))
        # the chapter's code says V1 = {(1, 0)}: a slip for (0, 0)
        assert g.V1 == ((0, 0),) and g.V0 == ((0, 1),)

    def test_exercise_4_1_is_won_by_J1_who_keeps_a_multiple_of_7_plus_0_or_1(self):
        g = nim(15, [2, 3, 5])
        sol = solve(g)
        assert sol.winner[(15, 0)] == 1
        lost_for_mover = sorted(k for k in range(16) if sol.winner[(k, 0)] == 1)
        assert lost_for_mover == [0, 1, 7, 8, 14, 15]
        verify_strategy(g, 1, solution=sol)

    @pytest.mark.parametrize("rule", [(1, 2), (1, 2, 3), (2, 3, 5), (1, 3, 4), (3, 4)])
    def test_the_mover_loses_exactly_at_grundy_number_zero(self, rule):
        g = nim(40, rule)
        sol, numbers = solve(g), subtraction_grundy(rule, 40)
        for k in range(41):
            assert (sol.winner[(k, 0)] == 1) == (numbers[k] == 0)

    def test_large_rule_minimum_makes_several_victory_vertices(self):
        g = nim(5, [3, 4])
        assert g.V1 == ((2, 0), (1, 0), (0, 0)) and solve(g).winner[(5, 0)] == 0


class TestChain:
    def test_the_path_of_n_moves_as_defined(self):
        for n in range(12):
            g = chain(n)
            assert sorted(g.vertices) == list(range(n + 1))
            assert set(g.edges()) == {(k, k + 1) for k in range(n)}
            assert all(g.owner(k) == k % 2 for k in g)
            assert (g.V0, g.V1, g.start) == ((n,), (), 0)

    def test_every_step_of_the_attractor_adds_one_vertex(self):
        sol = solve(chain(9))
        assert sol.layers(0) == [[9], [8], [7], [6], [5], [4], [3], [2], [1], [0]]
        assert sol.attractor(1) == {}

    def test_a_chain_of_a_million_vertices_is_solved_by_its_rank(self):
        g = chain(999_999)
        assert len(g) == 1_000_000 and g.n_edges == 999_999
        assert solve(g).rank[0] == 999_999

    @pytest.mark.parametrize("n", [-1, 2.0, "3", True])
    def test_a_bad_length_is_refused(self, n):
        with pytest.raises(ValueError, match="a non-negative integer"):
            chain(n)


class TestMarienbad:
    @pytest.mark.parametrize("misere", [False, True])
    def test_bouton_theorem_agrees_with_the_attractor_everywhere(self, misere):
        g = marienbad((1, 3, 5, 7), misere=misere)
        sol = solve(g)
        assert len(g) == 768
        for heaps, player in g:
            expected = player if bouton_wins(heaps, misere) else 1 - player
            assert sol.winner[(heaps, player)] == expected

    def test_the_film_position_is_lost_for_the_first_player(self):
        assert solve(marienbad((1, 3, 5, 7))).winner[((1, 3, 5, 7), 0)] == 1

    def test_misere_differs_from_normal_play_when_heaps_are_small(self):
        normal, misere = solve(marienbad((1, 1), False)), solve(marienbad((1, 1), True))
        assert normal.winner[((1, 1), 0)] == 1 and misere.winner[((1, 1), 0)] == 0

    def test_grundy_number_of_a_heap_position_is_the_nim_sum(self):
        numbers = grundy_numbers(marienbad((2, 3, 4), misere=False))
        for (heaps, _player), value in numbers.items():
            assert value == heaps[0] ^ heaps[1] ^ heaps[2]


class TestChomp:
    def test_2_by_3_graph(self):
        g = chomp(2, 3)
        sol = solve(g)
        assert (len(g), g.n_edges) == (18, 42)
        # the winning first bite takes only the bottom-right square
        assert sol.winner[g.start] == 0 and sol.move[g.start] == ((3, 2), 1)

    def test_first_player_wins_every_bar_up_to_4_by_5_except_1_by_1(self):
        for rows in range(1, 5):
            for cols in range(1, 6):
                g = chomp(rows, cols)
                expected = 1 if (rows, cols) == (1, 1) else 0
                assert solve(g).winner[g.start] == expected, (rows, cols)

    def test_the_number_of_shapes_is_a_binomial_coefficient(self):
        from math import comb

        assert len(chomp(4, 5)) == 2 * (comb(9, 4) - 1)


class TestOurson:
    def test_the_state_graph_has_120_positions_all_won_by_the_puppies(self):
        g = ourson()
        sol = solve(g)
        assert len(g) == 120 and set(g.V1) == {"4020", "5030"}
        assert sol.summary() == {"won_by_0": 0, "won_by_1": 120, "draws": 0}

    def test_the_article_rank_of_the_start_is_6_but_its_attractor_rank_is_10(self):
        g = ourson()
        assert article_rank(g)[START] == 6 and solve(g).rank[START] == 10

    def test_the_attractor_strategy_of_the_puppies_wins_within_the_16_move_rule(self):
        g = ourson()
        longest = verify_strategy(g, 1)
        assert longest[START] == 10 <= 16
        assert max(longest.values()) <= 16

    def test_the_article_cycle_follows_rank_lowering_winning_moves(self):
        g, sol = ourson(), solve(ourson())
        rank = article_rank(g)
        cycle = ["0141", "0120", "5121", "5140"]   # the cycle the article shows
        for x, y in zip(cycle, cycle[1:] + cycle[:1]):
            assert y in g.successors(x)
            if g.owner(x) == 1:
                assert sol.winner[y] == 1 and rank[y] < rank[x]

    def test_the_rank_lowering_strategy_can_loop(self):
        g = ourson()
        sol = solve(g)
        cycle = article_rank_cycle(g, sol.winner)
        strategy = dict(sol.strategy(1))
        for x, y in zip(cycle, cycle[1:] + cycle[:1]):
            if g.owner(x) == 1:
                strategy[x] = y
        with pytest.raises(StrategyError, match="loops"):
            verify_strategy(g, 1, strategy, solution=sol)


class TestTicTacToe:
    def test_3_by_3_has_5478_positions_and_is_a_draw(self):
        g = tictactoe(3, 3)
        sol = solve(g)
        assert (len(g), len(g.V0), len(g.V1)) == (5478, 626, 316)
        assert sol.winner[g.start] is None
        verify_strategy(g, 0, solution=sol)
        verify_strategy(g, 1, solution=sol)

    def test_two_in_a_row_on_3_by_3_is_won_by_x_at_its_second_move(self):
        g = tictactoe(3, 2)
        sol = solve(g)
        assert sol.winner[g.start] == 0 and sol.rank[g.start] == 3

    def test_too_many_positions_are_refused_with_a_limit_to_raise(self):
        with pytest.raises(ValueError, match="more than 1,000 positions"):
            tictactoe(4, 3, max_positions=1000)

    @pytest.mark.parametrize(("size", "align"), [(3, 3), (3, 2), (2, 2), (3, 1)])
    def test_compact_generator_agrees_with_the_arena_position_by_position(self, size, align):
        pytest.importorskip("numpy")
        t, g = solve_tictactoe(size, align), tictactoe(size, align)
        sol = solve(g)
        assert (t.positions, t.edges) == (len(g), g.n_edges)
        assert t.summary() == sol.summary()
        seen = set()
        for k, layer in enumerate(t.x):
            for i in range(len(layer)):
                board = t.board(k, i)
                seen.add(board)
                w, r, cell = (int(a[k][i]) for a in (t.winner, t.rank, t.move))
                assert (sol.winner[board], sol.rank[board]) == \
                    (None if w < 0 else w, None if r < 0 else r)
                mark = "xo"[k % 2]
                assert sol.move[board] == (None if cell < 0 else
                                           board[:cell] + mark + board[cell + 1:])
        assert seen == set(g.vertices)

    def test_4_by_4_has_9722011_positions_and_is_a_draw(self):
        pytest.importorskip("numpy")
        t = solve_tictactoe(4)
        assert (t.positions, t.start_winner) == (9_722_011, None)


class TestConnect4:
    def test_compact_solver_matches_the_attractor_on_a_small_board(self):
        rows, cols, align = 3, 4, 3
        g = connect4(rows, cols, align)
        sol, c = solve(g), solve_connect4(rows, cols, align)
        assert len(g) == c.positions and g.n_edges == c.edges
        assert sol.summary() == c.summary()
        assert sol.winner[g.start] == c.start_winner and sol.rank[g.start] == c.start_rank
        first_move = sol.move[g.start]
        assert first_move.index("x") % cols == c.start_move

    @pytest.mark.parametrize(("rows", "cols", "positions"),
                             [(4, 4, 161_029), (4, 5, 3_945_711), (5, 4, 1_706_255)])
    def test_position_counts(self, rows, cols, positions):
        assert solve_connect4(rows, cols).positions == positions

    def test_4_by_4_is_a_draw(self):
        assert solve_connect4(4, 4).start_winner is None

    @pytest.mark.parametrize(("rows", "cols", "align"), [(3, 3, 3), (3, 4, 3), (2, 4, 2)])
    def test_start_value_agrees_with_an_independent_negamax(self, rows, cols, align):
        c = solve_connect4(rows, cols, align)
        value = {None: 0, 0: 1, 1: -1}[c.start_winner]
        assert value == _negamax("-" * (rows * cols), 0, rows, cols, align)

    def test_three_in_a_row_on_3_by_4_is_won_at_move_9_starting_in_column_1(self):
        c = solve_connect4(3, 4, 3)
        assert (c.start_winner, c.start_rank, c.start_move) == (0, 9, 1)


@pytest.mark.parametrize(("argv", "check"), [
    (["chomp"], lambda d: d["start"] == "3.3,0" and d["start_winner"] == 0),
    (["ourson"], lambda d: d["start"] == "0450" and d["start_rank"] == 10),
    (["tictactoe"], lambda d: d["vertices"] == 5478 and d["start_winner"] is None),
    (["marienbad", "--heaps", "1,3,5,7"], lambda d: d["start"] == "1.3.5.7,0"
     and d["start_winner"] == 1),
    (["marienbad", "--heaps", "1,1", "--misere", "normal"], lambda d: d["start_winner"] == 1),
    (["connect4", "--rows", "4", "--cols", "4"],
     lambda d: d["vertices"] == 161_029 and d["start_winner"] is None
     and len(d["positions"][0]["successors"]) == 4),
    (["nim", "--n", "15", "--rule", "2,3,5"], lambda d: d["start_winner"] == 1),
])
def test_builtin_games_from_the_command_line(argv, check, capsys):
    assert main(["solve", *argv, "--json"]) == 0
    assert check(json.loads(capsys.readouterr().out))


def test_every_builtin_game_returns_an_arena_with_a_start():
    from arena.games import GAMES

    for game in GAMES.values():
        params = dict(game.defaults)
        if game.name == "connect4":
            params.update(rows=3, cols=3)
        g = game.build(**params)
        assert isinstance(g, Arena) and g.start in g


def _negamax(board: str, turn: int, rows: int, cols: int, align: int) -> int:
    """Value for the player to move (1 win, 0 draw, -1 loss), by plain recursion on a
    board string (row 0 at the bottom), independent of the library."""
    memo: dict[tuple[str, int], int] = {}

    def won(b: str, mark: str) -> bool:
        return any(all(0 <= r + dr * i < rows and 0 <= c + dc * i < cols
                       and b[(r + dr * i) * cols + c + dc * i] == mark for i in range(align))
                   for r in range(rows) for c in range(cols)
                   for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))

    def value(b: str, t: int) -> int:
        if (b, t) not in memo:
            mark, best = "xo"[t], None
            for c in range(cols):
                k = next((r * cols + c for r in range(rows) if b[r * cols + c] == "-"), None)
                if k is not None:
                    nb = b[:k] + mark + b[k + 1:]
                    v = 1 if won(nb, mark) else -value(nb, 1 - t)
                    best = v if best is None else max(best, v)
            memo[(b, t)] = 0 if best is None else best
        return memo[(b, t)]

    return value(board, turn)


class TestExercise42:
    """The arena designed for exercise 4.2 meets the specification's requirements."""

    def test_the_designed_game_has_what_the_exercise_needs(self):
        from pathlib import Path

        g = Arena.from_file(Path(__file__).parent.parent.parent / "docs/examples/exercise-6-2.yaml")
        sol = solve(g)
        assert 10 <= len(g) <= 16 and g.S0 and g.S1 and g.is_bipartite()
        assert "b" in g.successors("e") and "e" in g.successors("b")      # a cycle
        draws = {v for v in g if sol.winner[v] is None}
        assert draws == {"j", "k", "l"}
        assert not g.successors("j") and g.victory("j") is None          # dead-end draw
        assert (sol.winner["a"], sol.rank["a"], sol.move["a"]) == (0, 5, "b")
        assert sol.move["e"] == "h"          # the winner leaves the cycle
        # what the exercises and strategies chapters say of the draw region
        assert (sol.move["k"], sol.move["l"]) == ("l", "k")
        assert sol.winner["d"] == 1 and sol.winner["m"] == 1 and "d" in g.successors("k")
        assert sol.winner["g"] == 0 and "g" in g.successors("l")
        verify_strategy(g, 0, solution=sol)
        verify_strategy(g, 1, solution=sol)


class TestGeneratorsBuiltFromArrays:
    """Nim, Marienbad and chomp number their positions and build the arena with
    :meth:`Arena.from_csr`; each equals the arena of its definition, built from lists."""

    @pytest.mark.parametrize(("n", "rule"), [(10, (1, 2)), (15, (2, 3, 5)), (0, (1,)),
                                             (3, (4, 5))])
    def test_nim(self, n, rule):
        S0 = [(k, 0) for k in range(n, -1, -1)]
        S1 = [(k, 1) for k in range(n - 1, -1, -1)]
        edges = {(k, i): [(k - q, 1 - i) for q in sorted(rule, reverse=True) if k - q >= 0]
                 for k, i in S0 + S1}
        low = min(rule)
        expected = Arena(S0, S1, {x: ys for x, ys in edges.items() if ys},
                         V0=[(k, 1) for k in range(min(low, n))],
                         V1=[(k, 0) for k in range(min(low, n + 1))], start=(n, 0))
        assert nim(n, rule).to_dict() | {"title": None} == expected.to_dict() | {"title": None}
        assert Arena(**{**nim(n, rule).to_dict()}) == nim(n, rule)

    @pytest.mark.parametrize(("heaps", "misere"), [((1, 3, 5, 7), True), ((2, 2), False),
                                                   ((3,), True), ((0, 1), False)])
    def test_marienbad(self, heaps, misere):
        from itertools import product

        from arena.games.marienbad import heap_moves

        positions = [tuple(p) for p in product(*(range(h, -1, -1) for h in heaps))]
        S0, S1 = [(h, 0) for h in positions], [(h, 1) for h in positions]
        edges = {(h, i): [(m, 1 - i) for m in heap_moves(h)] for h, i in S0 + S1 if any(h)}
        empty = tuple(0 for _ in heaps)
        won = ([(empty, 0)], [(empty, 1)]) if misere else ([(empty, 1)], [(empty, 0)])
        expected = Arena(S0, S1, edges, V0=won[0], V1=won[1], start=(heaps, 0))
        g = marienbad(heaps, misere)
        assert g.to_dict() | {"title": None} == expected.to_dict() | {"title": None}
        assert Arena(**g.to_dict()) == g

    @pytest.mark.parametrize(("rows", "cols"), [(2, 3), (4, 5), (1, 1), (3, 1)])
    def test_chomp(self, rows, cols):
        from arena.games.chomp import _bites, shapes

        all_shapes = shapes(rows, cols)
        S0, S1 = [(s, 0) for s in all_shapes], [(s, 1) for s in all_shapes]
        edges = {(s, i): [(t, 1 - i) for t in _bites(s)] for s, i in S0 + S1 if s != (1,)}
        expected = Arena(S0, S1, {x: ys for x, ys in edges.items() if ys},
                         V0=[((1,), 1)], V1=[((1,), 0)], start=((cols,) * rows, 0))
        g = chomp(rows, cols)
        assert g.to_dict() | {"title": None} == expected.to_dict() | {"title": None}
        assert Arena(**g.to_dict()) == g
