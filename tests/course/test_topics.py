"""The facts of the pages on the wider theory and on other games (theory.md,
othergames.md), of the ourson's article cycle and random plays, and of A*'s reopening
example, each checked against an independent computation or a published value."""

from __future__ import annotations

from functools import cache

import pytest

from arena import solve
from coursebuild.course.pages import beyond, othergames, ourson, theory


def test_tree_sizes_match_published_counts():
    rows = {name["en"]: (n, t) for name, n, t in theory.tree_rows()}
    # tic-tac-toe: 5,478 legal positions, 255,168 complete games, 549,946 tree nodes
    assert rows["Tic-tac-toe 3 × 3"] == (5478, (549946, 255168))
    # Nim 10 sticks, take 1 or 2: the plays are the compositions of 10 into 1s and 2s,
    # a Fibonacci number
    fib = [1, 1]
    while len(fib) < 12:
        fib.append(fib[-1] + fib[-2])
    assert rows["Nim, 10 sticks, take 1 or 2"][1][1] == fib[10] == 89
    assert rows["The bear cub game"][1] is None        # cycles: an infinite tree


def test_tree_size_of_a_small_tree_by_hand():
    from arena.games import nim

    # 3 sticks, take 1 or 2: plays 1+1+1, 1+2, 2+1; nodes: the empty play, (1), (2),
    # (1,1), (1,2), (2,1), (1,1,1)
    assert theory.tree_size(nim(3, [1, 2])) == (7, 3)


def test_prisoners_dilemma_and_rock_paper_scissors():
    facts = theory.dilemma()
    assert facts["equilibria"] == [(1, 1)] and facts["equilibrium_years"] == (2, 2)
    assert facts["rps_equilibria"] == []
    # a coordination game has two pure equilibria: the enumeration finds both
    assert theory.pure_equilibria({(0, 0): (2, 2), (0, 1): (0, 0), (1, 0): (0, 0),
                                   (1, 1): (1, 1)}, 2) == [(0, 0), (1, 1)]


def test_shannon():
    s = theory.shannon()
    assert s["games"] == 120 and 42.6 < s["positions"] < 42.7


def test_sticks_in_misere_play():
    s = othergames.sticks()
    assert s["misere"]["lost"] == [1, 5, 9, 13, 17]
    assert s["misere"]["move"] == (17, 1) and s["misere"]["winner"] == 0
    assert s["normal"]["lost"] == [0, 4, 8, 12, 16, 20]


# Grundy's game, n = 1..30 (OEIS A002188, which starts at n = 0)
A002188 = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0,
           4, 1, 2, 3]


def test_grundy_game_matches_oeis():
    g = othergames.grundy_game()
    assert [g["values"][n] for n in range(1, 31)] == A002188
    assert g["lost"] == [n for n in range(1, 31) if A002188[n - 1] == 0]


def test_split_moves():
    assert othergames.split_moves((8,)) == [(1, 7), (2, 6), (3, 5)]
    assert othergames.split_moves((2, 3)) == [(1, 2, 2)]


def _negamax_hex(n: int):
    """Who wins hex from the empty n × n board, by a direct recursion on boards that
    knows nothing of arenas: +1 if the player to move wins."""
    @cache
    def value(board: str, mark: str) -> int:
        other = "o" if mark == "x" else "x"
        if othergames.hex_connects(board, n, other):
            return -1
        best = -1
        for k, c in enumerate(board):
            if c == "-":
                child = board[:k] + mark + board[k + 1:]
                best = max(best, -value(child, other))
                if best == 1:
                    break
        return best

    return value


@pytest.mark.parametrize("n", [2, 3])
def test_hex_solved_agrees_with_a_direct_recursion(n):
    g = othergames.hex_arena(n)
    sol = solve(g)
    value = _negamax_hex(n)
    assert value("-" * (n * n), "x") == 1 and sol.winner[g.start] == 0
    for child in g.successors(g.start):     # every first move, its winner
        assert (sol.winner[child] == 0) == (value(child, "o") == -1)


def test_hex_has_exactly_one_chain_on_full_boards():
    assert othergames.full_board_counts(3) == (512, 0, 0)
    # a board where × joins top to bottom down the first column, and ○ cannot cross
    assert othergames.hex_connects("xoo" "xoo" "xoo", 3, "x")
    assert not othergames.hex_connects("xoo" "xoo" "xoo", 3, "o")
    assert othergames.hex_connects("ooo" "xxx" "xxx", 3, "o")


def test_hex_openings():
    openings = othergames.hex_game()["openings"]
    assert sorted(k for k, (w, _) in openings.items() if w == 0) == [2, 3, 4, 5, 6]


def test_misere_exchanges_victories():
    from arena.games import nim

    g = nim(5, [1, 2, 3])
    m = othergames.misere(g)
    assert set(m.V0) == set(g.V1) and set(m.V1) == set(g.V0)
    assert solve(m).winner[5, 0] == 1          # 5 ≡ 1 (mod 4): the first player loses


def test_ourson_article_cycle_and_strategy_graph():
    f = ourson.article_cycle_facts()
    assert f["reached"] == 118 and f["cyclic"] == 116
    assert f["rises"] == [(7, 8), (5, 10)]
    g, sol = ourson.examples.ourson_game()
    for v, w in f["exits"].items():
        assert sol.rank[w] == sol.rank[v] - 1


def test_ourson_random_plays():
    rows = ourson.random_plays()
    assert list(rows) == list(ourson.PAIRS)
    assert rows["attractor", "uniform"][0] == ourson.PLAYS
    assert rows["attractor", "uniform"][2] <= 10
    for tie in ("first", "last"):               # the best defence lasts exactly the rank
        assert rows["attractor", tie] == (ourson.PLAYS, 10.0, 10)
    # the tie rule of the best defence changes the article's score a great deal (from
    # about a quarter of the plays lost to most of them), not the conclusion: it loses
    lost = {tie: ourson.PLAYS - rows["article", tie][0] for tie in ("first", "last")}
    assert 0 < lost["first"] < ourson.PLAYS / 2 < lost["last"]
    assert ourson.article_lost_first() == lost["first"]


def test_the_best_defence_s_two_tie_rules_differ_where_ranks_tie():
    g, sol = ourson.examples.ourson_game()
    first, last = ourson.best_defence("first"), ourson.best_defence("last")
    differ = [v for v in g.S0 if g.successors(v)
              and first(v, g.successors(v), None) != last(v, g.successors(v), None)]
    assert len(differ) == ourson.ourson_defence_ties_count() > 0
    for v in differ:                            # both play a successor of greatest rank
        succ = g.successors(v)
        top = max(sol.rank[w] for w in succ)
        assert sol.rank[first(v, succ, None)] == sol.rank[last(v, succ, None)] == top


def test_astar_reopening_example():
    from arena.astar import astar

    r = astar(beyond.REOPEN_GRAPH, "s", "t", beyond.REOPEN_H.get)
    assert r.expanded == ("s", "b", "a", "b", "t") and r.cost == 5


def test_pages_exist_in_both_languages_and_are_in_the_nav():
    from coursebuild.paths import ROOT

    for lang, config in (("fr", "mkdocs.yml"), ("en", "mkdocs.en.yml")):
        nav = (ROOT / config).read_text(encoding="utf-8")
        for page in ("theory.md", "othergames.md"):
            assert (ROOT / "docs" / lang / page).exists()
            assert page in nav
