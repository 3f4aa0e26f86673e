# ruff: noqa: E501  (tables of cases: one case per line reads best)
"""Games given by their rules (arena.rules, SPEC §9): the builder against the hand-built
games and against a brute force of the definition on random rule sets, each error case,
and the command line on a rules file."""

from __future__ import annotations

import json
import random

import pytest

from arena import ArenaError, solve
from arena.cli import main
from arena.games import chain, chomp, marienbad, nim, ourson, tictactoe
from arena.rules import from_rules
from arena.rules_file import load_rules


def _nim_rules(rule):
    def moves(p):
        k, i = p
        return [(k - q, 1 - i) for q in rule if q <= k]
    return moves


@pytest.mark.parametrize(("n", "rule"), [(10, (1, 2)), (15, (2, 3, 5)), (20, (1, 3, 4))])
def test_nim_from_its_rules_is_the_hand_built_nim(n, rule):
    g = from_rules((n, 0), _nim_rules(rule), lambda p: p[1], stuck="loses")
    hand = nim(n, list(rule))
    s, h = solve(g), solve(hand)
    assert set(g.vertices) <= set(hand.vertices)
    for v in g.vertices:
        assert set(g.successors(v)) == set(hand.successors(v))
        assert g.owner(v) == hand.owner(v) and g.victory(v) == hand.victory(v)
        assert (s.winner[v], s.rank[v]) == (h.winner[v], h.rank[v])


def _brute_force(succ, owner, won, stuck):
    """Winner and rank of every position, from the definition of the attractor: A_0 the
    victories of J_i, then the positions of J_i with a successor in A_n and those of
    J_{1-i} with successors, all in A_n."""
    n = len(succ)
    victory = {p: won.get(p) for p in range(n)}
    for p in range(n):
        if victory[p] is None and not succ[p] and stuck == "loses":
            victory[p] = 1 - owner[p]
    winner, rank = {}, {}
    for i in (0, 1):
        level = {p for p in range(n) if victory[p] == i}
        r = dict.fromkeys(level, 0)
        step = 0
        while True:
            step += 1
            new = {p for p in range(n) if p not in r and victory[p] is None and succ[p] and (
                any(q in r for q in succ[p]) if owner[p] == i else all(q in r for q in succ[p]))}
            if not new:
                break
            r.update(dict.fromkeys(new, step))
        for p, k in r.items():
            winner[p], rank[p] = i, k
    return winner, rank


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("stuck", ["loses", "draw"])
def test_the_builder_agrees_with_a_brute_force_on_random_rules(seed, stuck):
    rng = random.Random(seed)
    n = rng.randint(1, 12)
    succ = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    owner = [rng.randint(0, 1) for _ in range(n)]
    won = {p: rng.randint(0, 1) for p in range(n) if rng.random() < 0.15}
    g = from_rules(list(range(n)), lambda p: succ[p], lambda p: owner[p], stuck=stuck,
                   winner=won.get)
    assert len(g) == n and g.start == 0
    sol = solve(g)
    winner, rank = _brute_force(succ, owner, won, stuck)
    for p in range(n):
        assert sol.winner[p] == winner.get(p), (seed, p)
        if p in winner:
            assert sol.rank[p] == rank[p], (seed, p)
        if p in won:                       # a victory position: no move was asked of it
            assert g.successors(p) == ()


def test_a_position_listed_twice_by_moves_counts_once():
    g = from_rules("a", lambda p: ["b", "b"] if p == "a" else [], lambda p: 0, stuck="draw")
    assert g.successors("a") == ("b",)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"moves": lambda p: [p + 1] if p < 3 else 1 / 0}, "position 3: moves raised ZeroDivisionError"),
    ({"moves": lambda p: [[p]]}, "position [0]: a position must be hashable (a move of 0)"),
    ({"player": lambda p: 2}, "position 0: player must be 0 or 1, not 2"),
    ({"player": lambda p: True}, "position 0: player must be 0 or 1, not True"),
    ({"winner": lambda p: "x"}, "position 0: winner must be 0, 1 or None, not 'x'"),
    ({"moves": lambda p: [p + 1], "limit": 50}, "position 50: more than 50 positions"),
    ({"stuck": "lose"}, "stuck must be one of 'loses', 'draw', not 'lose'"),
])
def test_each_broken_rule_is_one_line_naming_the_position(kwargs, message):
    args = {"start": 0, "moves": lambda p: [], "player": lambda p: 0, "stuck": "loses"}
    args.update(kwargs)
    with pytest.raises(ArenaError) as info:
        from_rules(args.pop("start"), args.pop("moves"), args.pop("player"), **args)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_stuck_has_no_default():
    with pytest.raises(TypeError):
        from_rules(0, lambda p: [], lambda p: 0)     # type: ignore[call-arg]


RULES = '''# take 2, 3 or 5 of 15 sticks; the player who cannot move loses
START = (15, 0)
STUCK = "loses"

def player(p):
    return p[1]

def moves(p):
    k, i = p
    return [(k - r, 1 - i) for r in (2, 3, 5) if r <= k]

def winner(p):
    return None
'''


def test_the_command_line_solves_a_rules_file(tmp_path, capsys):
    path = tmp_path / "takeaway.py"
    path.write_text(RULES, encoding="utf-8")
    assert main(["solve", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    hand = solve(nim(15, [2, 3, 5]))
    assert report["start"] == "(15, 0)"
    assert report["start_winner"] == hand.winner[(15, 0)] == 1
    assert report["start_rank"] == hand.rank[(15, 0)]
    ids = {p["id"] for p in report["positions"]}
    assert "(0, 1)" in ids and all(i.startswith("(") for i in ids)
    assert main(["solve", str(path)]) == 0
    table = capsys.readouterr().out
    assert table.startswith("takeaway\n") and "start (15, 0): won by J_1" in table
    assert load_rules(path) == from_rules((15, 0), _nim_rules((2, 3, 5)), lambda p: p[1],
                                          stuck="loses", title={"fr": "takeaway", "en": "takeaway"})


@pytest.mark.parametrize(("text", "message"), [
    (RULES.replace('STUCK = "loses"\n', ""), "takeaway.py: STUCK is missing"),
    (RULES.replace("return p[1]", "return p[1] + 5"), "takeaway.py: position (15, 0): player must be 0 or 1, not 5"),
    (RULES + "\nmoves = 3\n", "takeaway.py: moves must be a function"),
    ("START = (", "takeaway.py: line 1: syntax error"),
    ("raise SystemError('no')\n", "takeaway.py: the file raised SystemError: no"),
])
def test_a_broken_rules_file_is_one_line_and_exit_2(tmp_path, capsys, text, message):
    path = tmp_path / "takeaway.py"
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


# The arenas of the library's games, recorded (sha256 of their repr: vertices in order,
# successors in order, V0, V1, start, title) from the hand enumeration each game used
# before it was rebuilt on from_rules: the rules give the same arenas, byte for byte.
HAND_ENUMERATION = [
    (lambda: nim(10, [1, 2]), "f6044c8b1b0d2f3f", 21, 36),
    (lambda: nim(11, [2, 3]), "d19973a2490889b9", 23, 36),
    (lambda: chomp(3, 4), "f11702f633ae58cd", 68, 352),
    (lambda: marienbad((1, 3, 5, 7)), "b8946ea427399ec4", 768, 6144),
    (lambda: marienbad((2, 2, 1), misere=False), "dbda6221006088c0", 36, 90),
    (lambda: ourson(), "565642deee067394", 120, 324),
    (lambda: tictactoe(3, 3), "7c5b6eafc2968630", 5478, 16167),
]


@pytest.mark.parametrize("build, digest, n, m", HAND_ENUMERATION)
def test_the_games_built_from_their_rules_are_the_arenas_they_were(build, digest, n, m):
    import hashlib

    g = build()
    assert (len(g), g.n_edges) == (n, m)
    assert hashlib.sha256(repr(g).encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize("n", range(8))
def test_the_chain_is_the_arena_of_its_rules(n):
    """The chain keeps its array construction (it is the benchmarks' arena of a million
    vertices); its rules give the same arena."""
    evens, odds = list(range(0, n + 1, 2)), list(range(1, n + 1, 2))
    g = from_rules(0, lambda k: [k + 1] if k < n else [], lambda k: k % 2, stuck="draw",
                   winner=lambda k: 0 if k == n else None, include=evens + odds,
                   title={"fr": f"Chaîne de {n + 1} sommets", "en": f"Chain of {n + 1} vertices"})
    assert g == chain(n)


def test_positions_given_to_include_come_first_in_their_order():
    g = from_rules(5, lambda k: [k - 1] if k else [], lambda k: k % 2, stuck="loses",
                   include=[0, 2, 1])
    assert g.start == 5 and g.S0 == (0, 2, 4) and g.S1 == (1, 5, 3)


@pytest.mark.parametrize("seed", range(30))
def test_without_numpy_the_builder_makes_the_same_arena(seed, monkeypatch):
    """The pure-Python assembly (Pyodide's: no from_csr checks, rows renumbered by map)
    against numpy's, on random rules that list positions twice and mix the owners."""
    import arena.rules as rules

    rng = random.Random(seed)
    n = rng.randint(1, 30)
    succ = [[rng.randrange(n) for _ in range(rng.randint(0, 4))] for _ in range(n)]
    owner = [rng.randint(0, 1) for _ in range(n)]
    won = {p: rng.randint(0, 1) for p in range(n) if rng.random() < 0.1}
    args = dict(start=[0, n - 1], moves=lambda p: succ[p], player=lambda p: owner[p],
                stuck=rng.choice(["loses", "draw"]), winner=won.get,
                include=[n // 2] if seed % 3 == 0 else ())
    with_numpy = from_rules(**args)
    monkeypatch.setattr(rules, "_np", None)
    pure = from_rules(**args)
    assert pure == with_numpy and pure.start == with_numpy.start
    assert pure.n_edges == with_numpy.n_edges == sum(map(len, map(pure.successors, pure.vertices)))
    assert [pure.index(v) for v in pure.vertices] == list(range(len(pure)))
    assert solve(pure)._win == solve(with_numpy)._win


def test_progress_is_called_every_so_many_positions_and_can_stop_the_exploration():
    seen = []
    g = from_rules(0, lambda k: [k + 1] if k < 9 else [], lambda k: k % 2, stuck="loses",
                   progress=seen.append, progress_every=3)
    assert len(g) == 10 and seen == [3, 6, 9]

    def stop(k):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        from_rules(0, lambda k: [k + 1], lambda k: k % 2, stuck="loses", progress=stop,
                   progress_every=5)
    with pytest.raises(ArenaError, match="progress_every must be a positive integer, not 0"):
        from_rules(0, lambda k: [], lambda k: 0, stuck="loses", progress=seen.append,
                   progress_every=0)
