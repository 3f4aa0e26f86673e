"""A Check judges the student's function alone (issue 26.5), here in CPython; the same
code runs in the page's worker (tests/test_pyodide.py runs the page-side attacks): code
that patches the checker, the builtins or the library, at its top level or inside its
function, changes no verdict, and a returned object whose comparisons lie is refused."""

from __future__ import annotations

import builtins

import pytest

from coursebuild import python_exercises as px
from coursebuild.exercise_source import python_exercises
from coursebuild.python_exercises import check

EXERCISES = python_exercises()

REAL_ISINSTANCE = builtins.isinstance

# a wrong answer for each exercise: the function returns something useless
WRONG = {
    "nim-graph": "def jeu_de_nim(n, R):\n    return {}, {}, {}, {}, {}\n",
    "ranks": "def rangs(A, S0, V0):\n    return {}\n",
    "grundy": "def grundy(A):\n    return {}\n",
    "minimax": "def minimax(arbre, joueur_max=True):\n    return 0\n",
}

PATCHES = {
    "the checker": "import coursebuild.python_exercises as p\n"
                   "p._check_nim = p._check_ranks = p._check_grundy = "
                   "p._check_tree_values = lambda *a: 999\n"
                   "p._wrong = lambda *a, **k: Exception()\n",
    "isinstance": "import builtins\nbuiltins.isinstance = lambda *a: True\n",
    "the library": "import arena.solver, arena.grundy, arena.minimax\n"
                   "arena.solver.attractor = lambda *a, **k: {}\n"
                   "arena.grundy.grundy_numbers = lambda *a, **k: {}\n"
                   "arena.minimax.minimax_tree = lambda *a, **k: 0\n",
}


@pytest.mark.parametrize("where", ["top", "inside"])
@pytest.mark.parametrize("patch", sorted(PATCHES))
@pytest.mark.parametrize("exercise", sorted(WRONG))
def test_code_that_patches_what_judges_it_is_still_judged(exercise, patch, where):
    wrong = WRONG[exercise]
    if where == "top":
        code = PATCHES[patch] + wrong
    else:                                 # the patch runs when the function is called
        head, body = wrong.split("\n", 1)
        code = head + "\n" + "".join("    " + line + "\n"
                                     for line in PATCHES[patch].splitlines()) + body
    try:
        verdict = check(exercise, code, "en")
    finally:                  # should the guard fail, the other tests keep a real isinstance
        builtins.isinstance = REAL_ISINSTANCE
    assert verdict["status"] == "fail", verdict
    # and nothing of the patch stays: the reference solution passes afterwards
    assert check(exercise, EXERCISES[exercise].answer, "en")["status"] == "pass"
    assert builtins.isinstance is REAL_ISINSTANCE and px._check_nim.__name__ == "_check_nim"


LIAR = """class Liar:
    def __eq__(self, other):
        return True
    def __ne__(self, other):
        return False
    def __hash__(self):
        return 0
"""

LIARS = {
    "ranks": LIAR + "def rangs(A, S0, V0):\n    return Liar()\n",
    "grundy": LIAR + "def grundy(A):\n    return Liar()\n",
    "minimax": LIAR + "def minimax(arbre, joueur_max=True):\n    return Liar()\n",
    "alphabeta": LIAR + "def alphabeta(arbre, alpha=-1000, beta=1000, joueur_max=True):\n"
                        "    return Liar()\n",
    "naive-attractor": "class D(dict):\n    def __eq__(self, o):\n        return True\n"
                       "    def __ne__(self, o):\n        return False\n"
                       "def attracteur_naif(A, S0, V0):\n    return D()\n",
    "degrees": "class I(int):\n    def __eq__(self, o):\n        return True\n"
               "    def __ne__(self, o):\n        return False\n    __hash__ = int.__hash__\n"
               "def degres(A):\n    return {v: I(0) for v in A}, {v: I(0) for v in A}\n",
}


@pytest.mark.parametrize("exercise", sorted(LIARS))
def test_an_answer_whose_comparisons_lie_is_refused(exercise):
    verdict = check(exercise, LIARS[exercise], "en")
    assert verdict["status"] == "fail", verdict
    assert "type" in verdict["message"]                 # it says why: the value's type


def test_plain_values_are_kept_and_others_named():
    assert px._plain({(1, 0): [1, {2}], "a": (None, 1.5, True)}) == \
        {(1, 0): [1, {2}], "a": (None, 1.5, True)}
    with pytest.raises(TypeError, match="a value of type Liar"):
        px._plain([type("Liar", (), {})()])
    with pytest.raises(TypeError, match="a value of type D"):
        px._plain(type("D", (dict,), {})())


def test_a_run_that_patches_the_builtins_leaves_the_next_job_clean():
    """The page's Runs share an interpreter: what one patches is undone after it."""
    assert px.run("import builtins\nbuiltins.isinstance = None\nbuiltins.print = None\n"
                  "import coursebuild.python_exercises as p\np.check = None\n",
                  "en")["status"] == "ok"
    assert builtins.isinstance is REAL_ISINSTANCE and callable(builtins.print)
    assert callable(px.check)
    assert check("grundy", EXERCISES["grundy"].answer, "en")["status"] == "pass"


@pytest.mark.parametrize(("code", "status", "last"), [
    ("def grundy(A):\n    raise SystemExit(3)\n", "fail", "SystemExit: 3"),
    ("raise KeyboardInterrupt\n", "error", "KeyboardInterrupt: "),
    ("class E(Exception):\n    def __str__(self):\n        raise ValueError\n"
     "def grundy(A):\n    raise E()\n", "fail",
     "E: (its message cannot be shown: its __str__ raised)"),
])
def test_what_the_student_raises_is_the_students_error_with_its_line(code, status, last):
    verdict = check("grundy", code, "en")
    assert verdict["status"] == status
    lines = verdict["message"].split("\n")
    assert lines[-1] == last
    assert lines[-2].strip().startswith("raise")      # the student's own source line
