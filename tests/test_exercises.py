"""The Python exercises' checkers (coursebuild.python_exercises), in CPython: every
reference solution passes, plausible wrong answers fail on the smallest case, with the
student's inputs, the expected and the obtained result."""

from __future__ import annotations

import pytest
from exercise_wrong import NAIVE_ONE_PASS, QUADRATIC, RECURSIVE, WRONG

from coursebuild.exercise_source import python_exercises
from coursebuild.glossary import english
from coursebuild.python_exercises import ENGLISH_FUNCTIONS, FUNCTIONS, check, random_arena

EXERCISES = python_exercises()

SPEC_IDS = ["nim-graph", "degrees", "reverse", "naive-attractor", "attractor", "ranks",
            "strategy", "grundy", "minimax", "alphabeta"]


def test_the_ten_exercises_of_the_spec_exist_with_their_french_function_names():
    assert sorted(EXERCISES) == sorted(SPEC_IDS) == sorted(FUNCTIONS)
    assert [FUNCTIONS[i] for i in SPEC_IDS] == [
        "jeu_de_nim", "degres", "renverse_graphe", "attracteur_naif", "calcule_attracteur",
        "rangs", "choix_coup", "grundy", "minimax", "alphabeta"]
    # the English edition asks for the English names (issue 48)
    assert [ENGLISH_FUNCTIONS[i] for i in SPEC_IDS] == [
        "nim_game", "degrees", "reverse_graph", "fixpoint_attractor", "compute_attractor",
        "attractor_ranks", "choose_move", "grundy", "minimax", "alphabeta"]
    for e in EXERCISES.values():
        assert set(e.title) == set(e.statement) == {"fr", "en"}
        for lang, names in (("fr", FUNCTIONS), ("en", ENGLISH_FUNCTIONS)):
            function = names[e.id]
            assert f"def {function}(" in e.code("starter", lang)
            assert f"def {function}(" in e.code("answer", lang)
            assert f"`{function}(" in e.statement[lang]


@pytest.mark.parametrize("exercise_id", SPEC_IDS)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_reference_solution_passes(exercise_id, lang):
    verdict = check(exercise_id, EXERCISES[exercise_id].code("answer", lang), lang)
    assert verdict["status"] == "pass", verdict["message"]
    assert verdict["message"].startswith("Réussi" if lang == "fr" else "Passed")


@pytest.mark.parametrize("exercise_id", SPEC_IDS)
def test_a_plausible_wrong_solution_fails_with_a_counterexample(exercise_id):
    code, piece = WRONG[exercise_id]
    verdict = check(exercise_id, english(code), "en")
    assert verdict["status"] == "fail"
    assert english(piece) in verdict["message"], verdict["message"]


def test_the_starter_code_fails_but_is_not_a_syntax_error():
    for exercise_id, e in EXERCISES.items():
        assert check(exercise_id, e.code("starter", "en"), "en")["status"] == "fail", exercise_id


def test_the_counterexample_is_the_smallest_one():
    # degres without the vertices of in-degree 0: already wrong on the one-vertex graph
    verdict = check("degrees", english(WRONG["degrees"][0]), "en")
    assert "Call: degrees({0: []})" in verdict["message"]
    assert "Obtained: ({0: 0}, {})" in verdict["message"]
    assert verdict["graph"] == {"vertices": ["0"], "edges": [], "S0": [], "V0": [], "V1": []}


def test_a_single_pass_is_not_the_attractor():
    verdict = check("naive-attractor", english(NAIVE_ONE_PASS), "en")
    assert verdict["status"] == "fail" and "Obtained:" in verdict["message"]


def test_the_attractor_check_names_a_recursive_version():
    verdict = check("attractor", english(RECURSIVE), "en")
    assert verdict["status"] == "fail"
    assert verdict["message"].startswith("Recursive version")


def test_the_attractor_check_names_a_quadratic_version():
    verdict = check("attractor", QUADRATIC, "fr")
    assert verdict["status"] == "fail"
    assert verdict["message"].startswith("Version quadratique")


def test_the_attractor_check_names_the_linear_version():
    verdict = check("attractor", EXERCISES["attractor"].code("answer", "en"), "en")
    assert "Linear version" in verdict["message"]


def test_alphabeta_must_prune_on_the_course_tree():
    verdict = check("alphabeta", EXERCISES["alphabeta"].code("answer", "en"), "en")
    assert "20 leaves evaluated on the course's tree instead of 27" in verdict["message"]


@pytest.mark.parametrize(("code", "words"), [
    ("def degrees(A)\n    return A", "Syntax error on line 1"),
    ("x = 1 / 0", "ZeroDivisionError: division by zero"),
    ("def autre(A):\n    pass", "does not define the function `degrees`"),
])
def test_code_that_cannot_be_checked_is_an_error_with_a_clear_message(code, words):
    verdict = check("degrees", code, "en")
    assert verdict["status"] == "error" and words in verdict["message"]


def test_random_arenas_follow_the_convention_of_the_exercises():
    for seed in range(5):
        A, S0, S1, V0, V1 = random_arena(seed, 12)
        assert set(A) == set(S0) | set(S1) and not set(S0) & set(S1)
        assert set(V0) == {v for v in S1 if not A[v]}
        assert set(V1) == {v for v in S0 if not A[v]}


CHAPTERS = {"modelling": ["nim-graph", "degrees", "reverse"],
            "attractors": ["naive-attractor", "ranks"], "algorithms": ["attractor", "strategy"],
            "beyond": ["grundy", "minimax", "alphabeta"], "exercises": []}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_exercise_is_in_its_chapter_and_only_there(site, lang):
    import re

    root = site / "en" if lang == "en" else site
    assert sorted(i for ids in CHAPTERS.values() for i in ids) == sorted(SPEC_IDS)
    for page, ids in CHAPTERS.items():
        text = (root / page / "index.html").read_text("utf-8")
        assert sorted(re.findall(r'data-exercise="([a-z-]+)"', text)) == sorted(ids), page
        assert not ids or f'data-lang="{lang}"' in text
    # Pyodide and the library are shipped once, at the site's root
    assert (site / "assets" / "pyodide" / "pyodide.asm.wasm").exists()
    assert (site / "assets" / "pyodide" / "arena.zip").exists()
    assert not (site / "en" / "assets" / "pyodide").exists()
