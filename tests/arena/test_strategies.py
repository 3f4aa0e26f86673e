"""play and reachable (arena.strategies) against their definitions on random arenas."""

from __future__ import annotations

import pytest
from conftest import arenas
from hypothesis import given, settings

from arena import Arena, StrategyError, solve, verify_strategy
from arena.games import nim
from arena.strategies import play, reachable


def _moves(g, x, player, strategy):
    """The moves the definition allows at x: none out of a victory position, the
    strategy's move for ``player``, every move for the other."""
    if g.victory(x) is not None:
        return []
    if g.owner(x) == player and g.successors(x):
        return [strategy[x]]
    return list(g.successors(x))


def _reachable_by_definition(g, root, player, strategy):
    """The least set holding root and closed under the allowed moves (a fixpoint)."""
    found = {root}
    while True:
        more = {y for x in found for y in _moves(g, x, player, strategy)} - found
        if not more:
            return found
        found |= more


class TestPlay:
    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_the_solver_play_from_any_vertex_ends_as_its_winner_and_rank_say(self, g):
        sol = solve(g)
        for x in g:
            p = play(g, sol.move, x)
            assert p[0] == x
            for a, b in zip(p, p[1:]):
                assert b in g.successors(a) and b == sol.move[a]
            assert all(g.victory(v) is None for v in p[:-1]), "a play stops at a victory"
            assert len(set(p[:-1])) == len(p) - 1, "no vertex twice before the last"
            last = p[-1]
            ended = g.victory(last) is not None or not g.successors(last) or last in p[:-1]
            assert ended
            w = sol.winner[x]
            if w is not None:
                # the winner shortens, the loser delays: exactly rank(x) moves to V_w
                assert g.victory(last) == w
                assert len(p) - 1 == sol.rank[x]
            else:
                assert all(sol.winner[v] is None for v in p)
                assert g.victory(last) is None

    def test_nim_10_the_play_of_the_chapter(self):
        g = nim(10, [1, 2])
        sol = solve(g)
        assert play(g, sol.move) == ((10, 0), (9, 1), (7, 0), (6, 1), (4, 0), (3, 1),
                                     (1, 0), (0, 1))
        both = {**sol.strategy(0), **sol.strategy(1)}
        assert play(g, both) == play(g, sol.move)

    def test_a_cycle_is_cut_at_the_first_vertex_seen_twice(self):
        g = Arena(S0=["a", "c"], S1=["b"], edges={"a": ["b"], "b": ["c"], "c": ["b"]})
        assert play(g, {"a": "b", "b": "c", "c": "b"}, "a") == ("a", "b", "c", "b")

    def test_a_victory_position_ends_the_play_even_with_edges_out(self):
        g = Arena(S0=["a"], S1=["w"], edges={"a": ["w"], "w": ["a"]}, V0=["w"], start="a")
        assert play(g, {"a": "w", "w": "a"}) == ("a", "w")
        assert play(g, {}, "w") == ("w",)

    def test_a_dead_end_ends_the_play(self):
        g = Arena(S0=["a"], S1=["d"], edges={"a": ["d"]})
        assert play(g, {"a": "d"}, "a") == ("a", "d")

    def test_a_missing_move_is_refused_with_the_vertex(self):
        g = nim(4, [1, 2])
        with pytest.raises(StrategyError, match=r"no move at '3,1', which has 2 successors"):
            play(g, solve(g).strategy(0))

    def test_a_move_that_is_not_an_edge_is_refused(self):
        g = Arena(S0=["a", "c"], S1=["b"], edges={"a": ["b"]})
        with pytest.raises(StrategyError, match=r"plays 'a' -> 'c', which is not an edge"):
            play(g, {"a": "c"}, "a")

    def test_a_start_is_needed(self):
        g = Arena(S0=["a"], S1=[])
        with pytest.raises(ValueError, match="no vertex to start from"):
            play(g, {})
        with pytest.raises(ValueError, match="'z' is not in the arena"):
            play(g, {}, "z")


class TestReachable:
    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_same_vertices_edges_owners_and_victories_as_the_definition(self, g):
        sol = solve(g)
        for root in g:
            for player in (None, 0, 1):
                sub = reachable(g, root, player=player, strategy=sol.move)
                want = _reachable_by_definition(g, root, player, sol.move)
                assert set(sub.vertices) == want
                assert set(sub.edges()) == {(x, y) for x in want
                                            for y in _moves(g, x, player, sol.move)}
                assert all(sub.owner(v) == g.owner(v) and sub.victory(v) == g.victory(v)
                           for v in sub)
                assert sub.start == root

    @settings(max_examples=300, deadline=None)
    @given(arenas())
    def test_under_a_winning_strategy_everything_is_won_with_the_same_ranks(self, g):
        sol = solve(g)
        for root in g:
            w = sol.winner[root]
            if w is None:
                continue
            sub = reachable(g, root, player=w, strategy=sol.move)
            subsol = solve(sub)
            assert all(subsol.winner[v] == w and subsol.rank[v] == sol.rank[v] for v in sub)
            verify_strategy(sub, w)

    def test_every_move_kept_nim_4_misses_only_3_0(self):
        g = nim(4, [1, 2])
        sub = reachable(g)
        assert set(g.vertices) - set(sub.vertices) == {(3, 0)}
        assert sub.n_edges == g.n_edges - len(g.successors((3, 0)))

    def test_the_order_is_breadth_first_within_each_player(self):
        g = nim(4, [1, 2])
        sub = reachable(g, player=0, strategy=solve(g).move)
        assert sub.S0 == ((4, 0), (1, 0), (2, 0))
        assert sub.S1 == ((3, 1), (0, 1))
        assert sub.V0 == ((0, 1),)

    def test_moves_are_needed_only_where_the_plays_go(self):
        g = Arena(S0=["a", "x"], S1=["b"], edges={"a": ["b"], "x": ["b"], "b": ["a"]})
        assert set(reachable(g, "a", player=0, strategy={"a": "b"}).vertices) == {"a", "b"}
        with pytest.raises(StrategyError, match="the strategy of J_0 has no move at 'a'"):
            reachable(g, "x", player=0, strategy={"x": "b"})

    def test_bad_arguments_are_refused(self):
        g = nim(2)
        with pytest.raises(ValueError, match="J_1 follows a strategy: give it"):
            reachable(g, player=1)
        with pytest.raises(ValueError, match="a player is 0, 1 or None, not 2"):
            reachable(g, player=2, strategy={})  # type: ignore[arg-type]
