"""attractor, solve and verify_strategy against the definition and the theorems."""

from __future__ import annotations

import types
from unittest.mock import patch

import pytest
from conftest import arenas
from hypothesis import given, settings

import arena.solver as SOLVER
from arena import Arena, StrategyError, attractor, solve, verify_strategy
from arena.course import naive_attractor
from arena.games import nim

try:
    import arena._kernel_numpy as NUMPY_KERNEL
except ImportError:      # numpy unimportable (tests/arena/test_without_numpy.py): the Python path
    # runs whatever the numpy kernel's threshold says; a stand-in takes the patches
    NUMPY_KERNEL = types.SimpleNamespace(_LARGE_LEVEL=64)

# the numpy path where numpy is importable (the compiled one would run by default); the
# pure-Python path where it is not (tests/arena/test_without_numpy.py runs these tests so)
NUMPY_PATH = "numpy" if SOLVER.HAVE_NUMPY else None


class TestAttractorAgainstDefinition:
    @settings(max_examples=400, deadline=None)
    @given(arenas())
    def test_same_sets_and_exact_ranks_as_the_naive_fixpoint(self, g):
        for i in (0, 1):
            assert attractor(g, i) == naive_attractor(g, i)

    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_the_two_attractors_are_disjoint(self, g):
        assert not set(attractor(g, 0)) & set(attractor(g, 1))

    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_rank_falls_by_one_along_a_winning_move(self, g):
        sol = solve(g)
        for v in g:
            w, move = sol.winner[v], sol.move[v]
            if w is not None and move is not None and g.owner(v) == w:
                assert sol.ranks(w)[move] == sol.rank[v] - 1

    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_layers_partition_the_attractor_by_rank(self, g):
        sol = solve(g)
        for i in (0, 1):
            layers = sol.layers(i)
            assert {v: n for n, layer in enumerate(layers) for v in layer} == attractor(g, i)
            assert all(layers), "every step up to the last adds a vertex"


    @settings(max_examples=400, deadline=None)
    @given(arenas())
    def test_the_numpy_levels_agree_with_the_definition_too(self, g):
        # small arenas run in the Python queue; force the numpy path on every level
        with patch.object(NUMPY_KERNEL, "_LARGE_LEVEL", 1), \
                patch.object(SOLVER, "KERNEL", NUMPY_PATH):
            sol = solve(g)
            for i in (0, 1):
                assert attractor(g, i) == naive_attractor(g, i)
            for p in (0, 1):
                assert verify_strategy(g, p, solution=sol) == sol.attractor(p)

    def test_a_large_arena_uses_both_paths_and_matches_the_python_queue(self):
        from scripts_bench import random_arena

        g = random_arena(20_000, seed=3)
        with patch.object(NUMPY_KERNEL, "_LARGE_LEVEL", 10**9), \
                patch.object(SOLVER, "KERNEL", NUMPY_PATH):
            reference = solve(g)                       # the Python queue only
        assert max(len(layer) for layer in reference.layers(0)) > 64
        with patch.object(NUMPY_KERNEL, "_LARGE_LEVEL", 64), \
                patch.object(SOLVER, "KERNEL", NUMPY_PATH):
            mixed = solve(g)                           # numpy levels, then the queue
        assert mixed._win == reference._win and mixed._rk == reference._rk
        assert mixed._moves == reference._moves


class TestStrategies:
    @settings(max_examples=400, deadline=None)
    @given(arenas())
    def test_computed_strategies_are_proved_winning_and_drawing(self, g):
        sol = solve(g)
        for p in (0, 1):
            longest = verify_strategy(g, p, solution=sol)
            # the solver's strategy is optimal: the longest play is exactly the rank
            assert longest == sol.attractor(p)

    @settings(max_examples=200, deadline=None)
    @given(arenas())
    def test_moves_follow_the_rules_of_the_specification(self, g):
        sol = solve(g)
        for v in g:
            succ, move = g.successors(v), sol.move[v]
            if g.victory(v) is not None or not succ:
                assert move is None
                continue
            p, w = g.owner(v), sol.winner[v]
            assert move in succ
            if w == p:
                best = min(sol.ranks(p)[y] for y in succ if sol.ranks(p)[y] is not None)
                assert sol.ranks(p)[move] == best
                assert move == next(y for y in succ if sol.ranks(p)[y] == best)
            elif w == 1 - p:
                assert sol.ranks(w)[move] == max(sol.ranks(w)[y] for y in succ)
            else:
                assert sol.winner[move] != 1 - p

    def test_a_looping_strategy_is_refused_with_the_play(self):
        g = Arena(S0=["a"], S1=["b", "w"], edges={"a": ["b", "w"], "b": ["a"]}, V0=["w"])
        with pytest.raises(StrategyError, match="a -> b -> a .* loops"):
            verify_strategy(g, 0, {"a": "b"})

    def test_a_strategy_into_a_dead_end_is_refused(self):
        g = Arena(S0=["a", "w"], S1=["b", "d"], edges={"a": ["d", "b"], "b": ["w"]}, V0=["w"])
        with pytest.raises(StrategyError, match="a -> d .*dead end"):
            verify_strategy(g, 0, {"a": "d"})

    def test_a_strategy_that_is_slower_than_the_rank_is_refused(self):
        # from a, J_0 can win at once (a -> w) or in three moves (a -> b -> c -> w).
        g = Arena(S0=["a", "c"], S1=["b", "w"],
                  edges={"a": ["b", "w"], "b": ["c"], "c": ["w"]}, V0=["w"])
        with pytest.raises(StrategyError, match="lasts 3 moves, more than the rank 1"):
            verify_strategy(g, 0, {"a": "b", "c": "w"})

    def test_a_drawing_strategy_must_avoid_the_opponent_attractor(self):
        # d is a draw for J_0 (the loop d -> e -> d), but the move d -> l loses.
        g = Arena(S0=["d", "l"], S1=["e", "x"],
                  edges={"d": ["l", "e"], "e": ["d"], "l": ["x"]}, V1=["x"])
        assert solve(g).winner["d"] is None
        verify_strategy(g, 0, {"d": "e", "l": "x"})
        with pytest.raises(StrategyError, match="from a draw into the attractor of J_1"):
            verify_strategy(g, 0, {"d": "l", "l": "x"})

    @pytest.mark.skipif(not SOLVER.HAVE_NUMPY, reason="the numpy path")
    def test_ranks_that_break_the_theorem_stop_the_solver_even_under_python_O(self):
        g = Arena(S0=["a"], S1=["w"], edges={"a": ["w"]}, V0=["w"])
        edges = SOLVER._edge_arrays(g)
        assert SOLVER._strategy_moves(g._owner, edges, [0, 0], [1, 0]) == [1, -1]
        with pytest.raises(RuntimeError, match="solver bug: vertex number 0 has no move"):
            SOLVER._strategy_moves(g._owner, edges, [0, 0], [5, 0])   # no successor of rank 4

    def test_a_move_that_is_not_an_edge_is_refused(self):
        g = Arena(S0=["a"], S1=["w"], edges={"a": ["w"]}, V0=["w"])
        with pytest.raises(StrategyError, match="not an edge"):
            verify_strategy(g, 0, {"a": "a"})


class TestSemantics:
    def test_a_dead_end_outside_the_victory_sets_is_a_draw(self):
        g = Arena(S0=["a"], S1=["d"], edges={"a": ["d"]})
        sol = solve(g)
        assert sol.winner["a"] is None and sol.winner["d"] is None
        assert sol.move["a"] == "d" and sol.move["d"] is None

    def test_edges_leaving_a_victory_vertex_are_ignored(self):
        # w is a victory of J_0 even though J_1 could "move on" to l, a victory of J_1.
        g = Arena(S0=["a"], S1=["w", "l"], edges={"a": ["w"], "w": ["l"]}, V0=["w"], V1=["l"])
        sol = solve(g)
        assert sol.winner["w"] == 0 and sol.winner["a"] == 0 and sol.move["w"] is None
        assert g.victory_with_edges() == ["w"]

    def test_opponent_vertex_joins_after_its_last_successor(self):
        # x (J_1) must choose between a quick loss (w) and a slow one (y -> z -> v).
        g = Arena(S0=["y"], S1=["x", "z", "v", "w"],
                  edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]}, V0=["v", "w"])
        sol = solve(g)
        assert sol.rank["x"] == 3 and sol.move["x"] == "y"

    def test_ties_go_to_the_first_successor(self):
        g = Arena(S0=["a"], S1=["u", "v"], edges={"a": ["v", "u"]}, V0=["u", "v"])
        assert solve(g).move["a"] == "v"

    def test_non_bipartite_arenas_are_solved(self):
        g = Arena(S0=["a", "b"], S1=["w"], edges={"a": ["b"], "b": ["w"]}, V0=["w"])
        assert not g.is_bipartite()
        assert attractor(g, 0) == {"a": 2, "b": 1, "w": 0}

    def test_a_chain_of_a_million_vertices_needs_no_recursion(self):
        n = 1_000_000
        g = Arena(S0=range(0, n, 2), S1=range(1, n, 2),
                  edges={k: [k + 1] for k in range(n - 1)}, V0=[n - 1])
        assert attractor(g, 0)[0] == n - 1

    def test_bad_player_is_refused(self):
        with pytest.raises(ValueError, match="a player is 0 or 1"):
            attractor(nim(3), 2)


class TestNimFacts:
    """The running example of the chapter: n = 10, rule {1, 2}."""

    def test_the_start_is_won_by_J0_in_seven_moves_and_the_attractor_has_eight_steps(self):
        sol = solve(nim(10, [1, 2]))
        assert (sol.winner[(10, 0)], sol.rank[(10, 0)], sol.move[(10, 0)]) == (0, 7, (9, 1))
        assert len(sol.layers(0)) == 8
        assert sol.summary() == {"won_by_0": 11, "won_by_1": 10, "draws": 0}

    def test_example_2_1_9_position_2_0_is_winning_by_moving_to_0_1(self):
        sol = solve(nim(10, [1, 2]))
        assert sol.winner[(2, 0)] == 0 and sol.move[(2, 0)] == (0, 1)
