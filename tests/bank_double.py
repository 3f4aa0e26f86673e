"""A bank of two problems with the interface of ``coursebuild.course.bank`` (its types), for the
tests of what is built from the bank that need problems they know (what each variant
says, how many figures it draws): ``install(monkeypatch)`` puts it in place of
``coursebuild.course.bank``. Its answers are the solver's, as the bank's must be."""

from __future__ import annotations

import random
import sys
import types

import coursebuild.course.bank as real
from arena import Arena, solve
from coursebuild.course.bank import Problem, Variant  # the bank's own types
from coursebuild.course.drawing import Drawing


def _nim(seed: int) -> Variant:
    from arena.games import nim
    from arena.render import View
    from coursebuild.course.drawing import _nim_drawing

    rng = random.Random(seed)
    n = rng.randint(9, 14)
    rule = rng.choice([[1, 2], [1, 3], [2, 3], [1, 2, 4], [1, 4]])
    g = nim(n, rule)
    sol = solve(g)
    w, r = sol.winner[g.start], sol.rank[g.start]
    shown = ", ".join(map(str, rule))
    drawing = _nim_drawing(g, View(), {
        "fr": f"Le graphe du jeu de Nim à {n} bâtonnets, règle {{{shown}}}.",
        "en": f"The graph of Nim with {n} sticks, rule {{{shown}}}."})
    return Variant(
        "nim-by-hand", seed, {"n": n, "rule": rule},
        {"fr": f"On joue au jeu de Nim à {n} bâtonnets avec la règle $\\{{{shown}\\}}$.\n\n"
               "<!-- figure: graph -->\n\n"
               "1. Calculer les étapes de l'attracteur de chaque joueur.\n"
               f"2. Qui gagne depuis $({n}, 0)$, et en combien de coups au plus ?\n",
         "en": f"Nim is played with {n} sticks and the rule $\\{{{shown}\\}}$.\n\n"
               "<!-- figure: graph -->\n\n"
               "1. Compute the steps of each player's attractor.\n"
               f"2. Who wins from $({n}, 0)$, and within how many moves?\n"},
        {"fr": f"1. Voir le graphe.\n2. $J_{w}$ gagne, en {r} coups au plus.\n",
         "en": f"1. See the graph.\n2. $J_{w}$ wins, within {r} moves.\n"},
        {"fr": "1. 4 points.\n2. 2 points : le gagnant ; 2 points : le rang.\n",
         "en": "1. 4 points.\n2. 2 points: the winner; 2 points: the rank.\n"},
        {"graph": drawing}, {"winner": w, "rank": r})


def _check_nim(v: Variant) -> None:
    from arena.games import nim

    sol = solve(nim(v.params["n"], v.params["rule"]))
    start = (v.params["n"], 0)
    assert (sol.winner[start], sol.rank[start]) == (v.answers["winner"], v.answers["rank"])


def _graph(seed: int) -> Variant:
    from arena.render import View, arena_dot, describe

    rng = random.Random(seed)
    while True:
        names = "abcdefg"[:rng.randint(5, 7)]
        edges = {x: sorted(rng.sample([y for y in names if y != x], rng.randint(1, 2)))
                 for x in names[:-2]}
        g = Arena(S0=list(names[::2]), S1=list(names[1::2]), edges=edges,
                  V0=[names[-1]], V1=[names[-2]], start="a")
        sol = solve(g)
        if sol.winner["a"] is not None:
            break
    a0 = ", ".join(f"`{x}` ({r})" for x, r in sorted(sol.attractor(0).items()))
    drawing = Drawing(arena_dot(g, None, View()), {"fr": "Le jeu.", "en": "The game."},
                      describe(g))
    return Variant(
        "graph-attractor", seed, {"edges": edges},
        {"fr": "<!-- figure: game -->\n\nCalculer l'attracteur de $J_0$ avec les rangs.\n",
         "en": "<!-- figure: game -->\n\nCompute $J_0$'s attractor with the ranks.\n"},
        {"fr": f"$\\mathcal{{A}}^0$ : {a0}.\n", "en": f"$\\mathcal{{A}}^0$: {a0}.\n"},
        {"fr": "Un point par position juste.\n", "en": "One point per right position.\n"},
        {"game": drawing}, {"attractor": sol.attractor(0)})


def _check_graph(v: Variant) -> None:
    assert v.answers["attractor"]


PROBLEMS = {
    "nim-by-hand": Problem("nim-by-hand", "attractors", {"fr": "Un jeu de Nim à la main",
                                                         "en": "A game of Nim by hand"},
                           frozenset({"homework", "tutorial"}), 20, 8, _nim, _check_nim),
    "graph-attractor": Problem("graph-attractor", "algorithms",
                               {"fr": "Un attracteur", "en": "An attractor"},
                               frozenset({"exam"}), 15, 6, _graph, _check_graph),
}


def module() -> types.ModuleType:
    bank = types.ModuleType("coursebuild.course.bank")
    # a package whose modules are the real bank's (its families, _kit), as the pages import
    bank.__path__ = real.__path__
    bank.Variant, bank.Problem = Variant, Problem
    bank.problems = lambda: dict(PROBLEMS)
    bank.variant = lambda problem_id, seed: PROBLEMS[problem_id].generate(seed)
    bank.SAMPLE_SEED = 0
    bank.DEFAULT_PROBLEMS = ("nim-by-hand", "graph-attractor")
    # the spread of its variants, measured by the bank's own function on the double's
    bank.CLASS = real.CLASS
    bank.spread = lambda problem_id, seeds=200, made=None: real.spread(
        problem_id, seeds, made if made is not None else
        [bank.variant(problem_id, s) for s in range(seeds)])
    return bank


def install(monkeypatch) -> types.ModuleType:
    """Put the double in place of ``coursebuild.course.bank`` for one test."""
    import coursebuild.course

    bank = module()
    monkeypatch.setitem(sys.modules, "coursebuild.course.bank", bank)
    monkeypatch.setattr(coursebuild.course, "bank", bank, raising=False)
    return bank
