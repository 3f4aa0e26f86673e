"""The Python exercises' checkers (coursebuild.course.python_exercises), in CPython: every
reference solution passes, plausible wrong answers fail on the smallest case, with the
student's inputs, the expected and the obtained result."""

from __future__ import annotations

import re

import pytest
from exercise_wrong import NAIVE_ONE_PASS, QUADRATIC, RECURSIVE, WRONG

from coursebuild.course.python_exercises import ENGLISH_FUNCTIONS, FUNCTIONS, check, random_arena
from coursebuild.sources.exercise_source import python_exercises
from coursebuild.sources.glossary import english

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


def test_every_exercise_has_its_own_checker_and_an_id_without_one_is_an_error(monkeypatch):
    """The checkers are a table by id: an exercise added to the functions without its
    checker is refused in one sentence, never checked by another exercise's checker
    (the last branch of a chain of ifs once checked any unknown id as alpha-beta)."""
    from coursebuild.course import python_exercises as px

    assert set(px.CHECKERS) == set(FUNCTIONS) == set(ENGLISH_FUNCTIONS)
    monkeypatch.setitem(px.FUNCTIONS, "new-one", "nouvelle")
    monkeypatch.setitem(px.ENGLISH_FUNCTIONS, "new-one", "new_one")
    code = "def nouvelle(a, b, c):\n    return 0\n"
    for call in (lambda: px.check("new-one", code, "fr"), lambda: px.answers("new-one", code),
                 lambda: px.judge("new-one", "{}", "en")):
        with pytest.raises(ValueError, match="exercise 'new-one' has no checker"):
            call()
    for call in (lambda: px.check("no-such", code, "fr"), lambda: px.answers("no-such", code),
                 lambda: px.judge("no-such", "{}", "en")):
        with pytest.raises(ValueError, match="unknown exercise 'no-such'"):
            call()


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


def test_every_verdict_is_said_with_each_value_its_words_name():
    """Every call of ``_say`` in the checkers passes each field its text names, in both
    languages, and every text filled with such values keeps no placeholder: a message with
    ``{s}`` left in it was shown (issue 61 §14)."""
    import ast
    import importlib
    import inspect
    import pkgutil
    import string

    from coursebuild.course import exercise_verdicts, python_exercises

    def fields(text: str) -> set[str]:
        return {re.split(r"[.\[]", f)[0] for _, f, _, _ in string.Formatter().parse(text)
                if f is not None}

    words = exercise_verdicts._WORDS
    needs = {}
    for key, texts in words.items():
        assert set(texts) == {"fr", "en"}, key
        assert fields(texts["fr"]) == fields(texts["en"]), key
        needs[key] = fields(texts["en"])
    calls = []
    checkers = [importlib.import_module(f"{python_exercises.__name__}.{m.name}")
                for m in pkgutil.iter_modules(python_exercises.__path__)]
    for module in (python_exercises, *checkers, exercise_verdicts):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "_say"):
                # the key, or the keys a conditional expression chooses from
                keys = [c.value for c in ast.walk(node.args[0]) if isinstance(c, ast.Constant)
                        and isinstance(c.value, str)]
                assert keys, ast.unparse(node)
                assert all(k.arg for k in node.keywords), ast.unparse(node)
                calls += [(key, {k.arg for k in node.keywords}, ast.unparse(node))
                          for key in keys]
    assert len(calls) >= 20
    for key, given, call in calls:
        assert key in words, call
        assert given == needs[key], call
    for key, names in needs.items():
        for lang in ("fr", "en"):
            said = exercise_verdicts._say(key, lang, **dict.fromkeys(names, 7))
            assert "{" not in said and "}" not in said, (key, lang, said)
    assert exercise_verdicts._say("timeout", "fr", s="2.5") == \
        "Temps limite dépassé (2,5 s)\u00a0: vérification arrêtée."


def test_python_started_imports_all_that_a_run_or_a_check_needs():
    """Once the page's Python has started (``import coursebuild.course.python_exercises`` then
    ``ready()``, as exercises-worker.js does), a Run and the Check of every exercise, in
    both languages, import no module of the library or the course: on a slow machine an
    import takes seconds, which would fall within the student's time limit (issue 61
    §14). A fresh interpreter, as the page's is."""
    import subprocess
    import sys

    code = """
import sys
import coursebuild.course.python_exercises as pe
pe.ready()
before = set(sys.modules)
from coursebuild.sources.exercise_source import python_exercises
mine = lambda names: sorted(n for n in names if n.split(".")[0] in ("arena", "coursebuild"))
codes = [(exercise_id, lang, e.code(which, lang)) for lang in ("fr", "en")
         for exercise_id, e in sorted(python_exercises().items())
         for which in ("answer", "starter")]
known = set(sys.modules)           # the exercises' texts are the test's, not the page's
for exercise_id, lang, code in codes:
    pe.run(code, lang)
    pe.judge(exercise_id, pe.answers(exercise_id, code, lang), lang)
print(len(mine(before)), mine(set(sys.modules) - known))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    count, later = done.stdout.split(" ", 1)
    assert int(count) >= 20 and later.strip() == "[]", done.stdout
