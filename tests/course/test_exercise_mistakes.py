# ruff: noqa: E501  (a table of code snippets: one mistake per line reads best)
"""The audit of the ten Python exercises: for each, the mistakes students typically make,
and the proof that Check refuses each one with a small counterexample (the checker tries
the smallest arenas first).

The arenas the checkers try have dead ends of both players that are victories of either
player or of nobody (the chapter's definition), and the course's own examples (exercise 4.2,
exercise 4.1's Nim, tic-tac-toe): an answer that treats every position without a move as
won (``all([])`` is true) is refused.
"""

from __future__ import annotations

import re

import pytest

from arena import solve
from arena.course import calcule_attracteur, chapter_dicts
from arena.games.tictactoe import tictactoe
from coursebuild.course.python_exercises import check as _check
from coursebuild.sources.exercise_source import python_exercises
from coursebuild.sources.glossary import english


def check(exercise_id: str, code: str, lang: str = "fr", **kw):
    """The Check as the page in ``lang`` runs it: this file's code is written with the
    French course's names, which the English student writes in English (issue 48)."""
    return _check(exercise_id, code if lang == "fr" else english(code), lang, **kw)

EXERCISES = python_exercises()

SOLUTION = {k: e.answer for k, e in EXERCISES.items()}


def _variant(exercise: str, old: str, new: str) -> str:
    code = SOLUTION[exercise]
    assert old in code, (exercise, old)
    return code.replace(old, new)


MISTAKES: dict[str, list[tuple[str, str]]] = {
    "nim-graph": [
        ("stuck positions are not marked as victories",
         _variant("nim-graph", "(V1 if i == 0 else V0)[s] = None", "pass")),
        ("the stuck player wins instead of losing",
         _variant("nim-graph", "(V1 if i == 0 else V0)[s] = None", "(V0 if i == 0 else V1)[s] = None")),
        ("J_1's vertices go up to n sticks", _variant("nim-graph", "range(n + 1 - i)", "range(n + 1)")),
    ],
    "degrees": [
        ("a vertex without predecessors has no in-degree",
         _variant("degrees", "dmoins = {s: 0 for s in A}\n    for s in A:\n        for t in A[s]:\n"
                  "            dmoins[t] += 1",
                  "dmoins = {}\n    for s in A:\n        for t in A[s]:\n"
                  "            dmoins[t] = dmoins.get(t, 0) + 1")),
        ("out- and in-degrees exchanged", _variant("degrees", "return dplus, dmoins", "return dmoins, dplus")),
    ],
    "reverse": [
        ("only vertices with a predecessor are keys",
         _variant("reverse", "R = {s: [] for s in A}\n    for s in A:\n        for t in A[s]:\n"
                  "            R[t].append(s)",
                  "R = {}\n    for s in A:\n        for t in A[s]:\n"
                  "            R.setdefault(t, []).append(s)")),
        ("the successors instead of the predecessors",
         _variant("reverse", "R[t].append(s)", "R[s].append(t)")),
    ],
    "naive-attractor": [
        ("all([]) is true: a dead end of J_1 enters the attractor",
         _variant("naive-attractor", "if dedans and (", "if (")),
        ("one pass over the vertices instead of a fixed point",
         _variant("naive-attractor", "                change = True\n", "")),
        ("one successor is enough for J_1 too",
         _variant("naive-attractor", "(s not in S0 and all(dedans))", "(s not in S0 and any(dedans))")),
    ],
    "attractor": [
        ("J_1's dead ends start in the attractor (its counter is already 0)",
         _variant("attractor", "    attr = dict(V0)\n    a_traiter = list(V0)\n",
                  "    attr = dict(V0)\n    attr.update({s: None for s in A if not A[s] and s not in S0})\n"
                  "    a_traiter = list(attr)\n")),
        ("no counter: one successor in the attractor is enough for J_1 too",
         _variant("attractor", "if s in S0 or compteur[s] == 0:", "if True:")),
        ("a vertex of J_0 waits for all its successors",
         _variant("attractor", "if s in S0 or compteur[s] == 0:", "if compteur[s] == 0:")),
    ],
    "ranks": [
        ("the rank is the distance to V0, whoever moves (the ourson article's rank)",
         _variant("ranks", "if s in S0 or compteur[s] == 0:", "if True:")),
        ("ranks counted from 1", _variant("ranks", "rang = {s: 0 for s in V0}", "rang = {s: 1 for s in V0}")),
        ("a vertex of J_1 gets its rank at its first successor",
         _variant("ranks", "compteur[s] -= 1\n", "compteur[s] = 0\n")),
    ],
    "strategy": [
        ("from a losing vertex, the first successor instead of delaying the defeat",
         _variant("strategy", "return max(A[s], key=lambda t: attr1[t])", "return A[s][0]")),
        ("from a winning vertex, any successor in the attractor",
         _variant("strategy", "if t in attr0 and attr0[t] < attr0[s]:", "if t in attr0:")),
        ("from a draw, any successor",
         _variant("strategy", "        if t not in attr1:\n            return t\n",
                  "        return t\n")),
    ],
    "grundy": [
        ("the mex taken as the largest number plus one",
         _variant("grundy", "            m = 0\n            while m in vus:\n                m += 1\n",
                  "            m = max(vus) + 1 if vus else 0\n")),
        ("the mex searched from 1", _variant("grundy", "            m = 0\n", "            m = 1\n")),
    ],
    "minimax": [
        ("the players do not alternate", _variant("minimax", "minimax(f, not joueur_max)", "minimax(f, joueur_max)")),
        ("max and min exchanged", _variant("minimax", "max(valeurs) if joueur_max else min(valeurs)",
                                           "min(valeurs) if joueur_max else max(valeurs)")),
    ],
    "alphabeta": [
        ("no pruning at all (it is minimax)",
         _variant("alphabeta", "            if alpha >= beta:\n                break\n", "")),
        ("alpha and beta exchanged in the recursive calls",
         _variant("alphabeta", "alphabeta(f, alpha, beta, False)", "alphabeta(f, beta, alpha, False)")),
    ],
}


def test_every_exercise_is_audited():
    assert set(MISTAKES) == set(EXERCISES)
    assert all(len(m) >= 2 for m in MISTAKES.values())


@pytest.mark.parametrize(("exercise", "why", "code"), [
    (k, why, code) for k, mistakes in MISTAKES.items() for why, code in mistakes])
def test_check_refuses_the_mistake_with_a_small_counterexample(exercise, why, code):
    verdict = check(exercise, code, "en")
    assert verdict["status"] == "fail", (why, verdict)
    # the smallest case found: the call shown fits on a line
    call = re.search(r"^Call: (.*)$", verdict["message"], re.M)
    if call:
        assert len(call.group(1)) <= 200, (why, call.group(1))


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
def test_the_reference_solutions_pass(exercise):
    assert check(exercise, SOLUTION[exercise], "en")["status"] == "pass"


def _run(code: str, name: str):
    namespace: dict = {}
    exec(code, namespace)
    return namespace[name]


def test_the_naive_attractor_on_tic_tac_toe():
    """The course's tic-tac-toe: × (J_0) wins 2,936 positions, and the empty grid is a draw;
    the all([]) mistake adds the full grids without a line and claims the empty grid."""
    g = tictactoe(3, 3)
    A, S0, S1, V0, V1 = chapter_dicts(g)
    right = _run(SOLUTION["naive-attractor"], "attracteur_naif")(A, S0, V0)
    wrong = _run(MISTAKES["naive-attractor"][0][1], "attracteur_naif")(A, S0, V0)
    sol = solve(g)
    assert len(right) == 2936 == sum(1 for v in g.vertices if sol.winner[v] == 0)
    assert g.start not in right and sol.winner[g.start] is None
    assert len(wrong) == 4004 and g.start in wrong
    # the chapter's claim: calcule_attracteur returns the same dict as attracteur_naif
    assert set(calcule_attracteur(A, S0, V0)) == set(right)
    assert set(_run(SOLUTION["attractor"], "calcule_attracteur")(A, S0, V0)) == set(right)
