"""A Check judges the student's function alone (issue 26.5), here in CPython; the same
code runs in the page's worker (tests/course/test_pyodide.py runs the page-side attacks): code
that patches the checker, the builtins or the library, at its top level or inside its
function, changes no verdict, and a returned object whose comparisons lie is refused."""

from __future__ import annotations

import builtins

import pytest
from check_tampering import ROUTES, SCAN, STEAL, WRONG_DEGRES

import arena.arena
from coursebuild.course import python_exercises as px
from coursebuild.course.python_exercises import check as _check
from coursebuild.sources.exercise_source import python_exercises
from coursebuild.sources.glossary import english

# where the verdict is the subject, not the time limit: a limit no busy machine reaches (the
# code that scans its whole interpreter takes a minute of a loaded machine; issue 50)
NO_LIMIT = 3600.0


def check(exercise_id: str, code: str, lang: str = "fr", **kw):
    """The Check as the page in ``lang`` runs it: this file's code is written with the
    French course's names, which the English student writes in English (issue 48)."""
    kw.setdefault("timeout", NO_LIMIT)
    return _check(exercise_id, code if lang == "fr" else english(code), lang, **kw)

EXERCISES = python_exercises()

REAL_ISINSTANCE = builtins.isinstance
REAL_SUCCESSORS = arena.arena.Arena.successors
REAL_CHECK_CODE = px._check_degrees.__code__

# a wrong answer for each exercise: the function returns something useless
WRONG = {
    "nim-graph": "def jeu_de_nim(n, R):\n    return {}, {}, {}, {}, {}\n",
    "ranks": "def rangs(A, S0, V0):\n    return {}\n",
    "grundy": "def grundy(A):\n    return {}\n",
    "minimax": "def minimax(arbre, joueur_max=True):\n    return 0\n",
}

PATCHES = {
    "the checker": "import coursebuild.course.python_exercises as p\n"
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


def test_a_run_leaves_no_setting_of_its_python_to_the_next_run():
    """The page's Runs share a Python: a recursion limit just above the current depth, a
    trace function or a stream replaced by one Run would break the next one."""
    import sys

    before = (sys.getrecursionlimit(), sys.gettrace(), sys.stdout)
    assert px.run("import inspect, sys\nsys.setrecursionlimit(len(inspect.stack()) + 30)\n"
                  "sys.settrace(lambda *a: None)\nsys.stdout = None\n", "en")["status"] == "ok"
    assert (sys.getrecursionlimit(), sys.gettrace(), sys.stdout) == before
    assert px.run("def f(n):\n    return n and f(n - 1)\nf(200)\n", "en")["status"] == "ok"


def test_a_run_that_patches_the_builtins_leaves_the_next_job_clean():
    """The page's Runs share an interpreter: what one patches is undone after it."""
    assert px.run("import builtins\nbuiltins.isinstance = None\nbuiltins.print = None\n"
                  "import coursebuild.course.python_exercises as p\np.check = None\n",
                  "en")["status"] == "ok"
    assert builtins.isinstance is REAL_ISINSTANCE and callable(builtins.print)
    assert callable(px.check)
    assert check("grundy", EXERCISES["grundy"].answer, "en")["status"] == "pass"


@pytest.mark.parametrize(("code", "status", "last"), [
    ("class E(Exception):\n    def __str__(self):\n        raise ValueError\n"
     "def grundy(A):\n    raise E()\n", "fail",
     "E: (its message cannot be shown: its __str__ raised)"),
    ("def grundy(A):\n    return 1 / 0\n", "fail", "ZeroDivisionError: division by zero"),
])
def test_what_the_student_raises_is_the_students_error_with_its_line(code, status, last):
    verdict = check("grundy", code, "en")
    assert verdict["status"] == status
    lines = verdict["message"].split("\n")
    assert lines[-1] == last
    assert lines[-2].strip().startswith(("raise", "return"))   # the student's source line


@pytest.mark.parametrize(("code", "status", "last"), [
    ("def grundy(A):\n    raise SystemExit(3)\n", "fail", "SystemExit: 3 (line 2)"),
    ("import sys\nsys.exit()\n", "error", "SystemExit (line 2)"),
    ("raise KeyboardInterrupt\n", "error", "KeyboardInterrupt (line 1)"),
    ("class Out(BaseException):\n    pass\n\ndef grundy(A):\n    raise Out('bye')\n", "fail",
     "Out: bye (line 5)"),
])
def test_a_way_out_of_python_is_one_line(code, status, last):
    """SystemExit, KeyboardInterrupt or another BaseException that is not an error: one
    line (its name, its message, its line), in a Check and in a Run (issue 38)."""
    verdict = check("grundy", code, "en")
    assert verdict["status"] == status
    assert verdict["message"].split("\n")[-1] == last
    assert verdict["message"].count("line") == 1
    ran = px.run(code.replace("def grundy(A):\n    ", ""), "en")
    assert ran["status"] == "error" and "\n" not in ran["message"]
    assert ran["message"].startswith(last.split(" (")[0])


# -- the Check's guarantee (issue 38): the code runs in a fresh process, the verdict is
# made where it never ran; the same routes run in the page in tests/course/test_pyodide.py -------

@pytest.mark.parametrize("route", sorted(ROUTES))
def test_code_that_tampers_with_its_python_cannot_pass_a_wrong_function(route):
    import sys

    verdict = check("degrees", ROUTES[route], "en")
    try:
        assert verdict["status"] != "pass", verdict
        # the wrong answer on the smallest graph, or: its Python stopped answering
        assert ("Call: degrees({0: [0]})\nExpected: ({0: 1}, {0: 1})\n"
                "Obtained: ({0: 0}, {0: 0})" in verdict["message"]
                or verdict["message"].startswith("The check stopped before your function "
                                                 "had answered every case")), verdict
    finally:
        tracer = sys.gettrace()
        sys.settrace(None)
    # nothing of it reached this process, nor a later check
    assert tracer is None and arena.arena.Arena.successors is REAL_SUCCESSORS
    assert px._check_degrees.__code__ is REAL_CHECK_CODE
    later = check("degrees", WRONG_DEGRES, "en")
    assert later["status"] == "fail" and "Call: degrees({0: [0]})" in later["message"]
    assert check("degrees", EXERCISES["degrees"].answer, "en")["status"] == "pass"


def test_the_judge_refuses_a_tape_it_did_not_write():
    """Answers that are not what the checker writes (forged in the student's Python) are
    an error, never a pass."""
    from coursebuild.course.judging import Tape

    good = px.answers("grundy", EXERCISES["grundy"].answer, "en")
    assert px.judge("grundy", good, "en")["status"] == "pass"
    short = Tape.replay(good)
    short.entries = short.entries[:3]
    forged = [
        "not json", "[]", '{"load": {"error": null, "out": ""}, "entries": []}',
        short.dumps(),
        good.replace('"kind":"value"', '"kind":"passed"', 1),
        good.replace('"value":{"d"', '"value":{"zz"', 1),
        '{"load": {"error": null, "out": ""}, "entries": [{"kind": "value", "out": "", '
        '"value": {"d": [[[1], 0]]}}]}',
        "[" * 100_000 + "]" * 100_000,
    ]
    for text in forged:
        verdict = px.judge("grundy", text, "en")
        assert verdict["status"] == "error", (text[:80], verdict)
        assert verdict["message"].startswith(("Your function's answers could not be read",
                                              "The check stopped before")), verdict


def test_check_shows_the_prints_of_the_failing_case_alone():
    """Issue 37 §5: not the ~80 lines of every case, the prints of the case shown."""
    code = "print('top')\ndef degres(A):\n    print('graph', A)\n" \
           "    return {v: len(A[v]) for v in A}, {v: 0 for v in A}\n"
    verdict = check("degrees", code, "en")
    assert verdict["status"] == "fail" and "Call: degrees({0: [0]})" in verdict["message"]
    assert verdict["output"] == "top\nWhat the failing call prints:\ngraph {0: [0]}"
    verdict = check("degrees", code.replace("{v: 0 for v in A}", "{v: sum(v in A[u] for u in A)"
                                            " for v in A}"), "fr")
    assert verdict["status"] == "pass"
    assert verdict["output"] == ("top\nCe qu'affiche le premier cas (ceux des autres cas ne "
                                 "sont pas montrés)\u00a0:\ngraph {0: [0]}")


def test_a_check_that_loops_or_ends_its_process_says_so():
    verdict = check("grundy", "def grundy(A):\n    while True:\n        pass\n", "en",
                    timeout=3)
    assert verdict == {"status": "timeout", "output": "",
                       "message": "Time limit exceeded (3 s): check stopped."}
    verdict = check("grundy", "import os\nos._exit(0)\n", "en")
    assert verdict["status"] == "error"
    assert verdict["message"] == "Python stopped during the check (the code may have ended it)."


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_exercise_says_what_check_guarantees(site, lang):
    """One sentence beside the buttons, in the page's language; where the check measures
    the work done, it says that this measure is taken where the code runs."""
    import html
    import re

    root = site / "en" if lang == "en" else site
    said = {}
    for page in ("modelling", "attractors", "algorithms", "beyond"):
        text = (root / page / "index.html").read_text("utf-8")
        for block in re.findall(r'<div class="arena-exercise" data-exercise="([a-z-]+)"(.*?)'
                                r'<details class="arena-exercise-solution">', text, re.S):
            found = re.search(r'class="arena-exercise-help arena-exercise-guarantee" hidden>'
                              r"([^<]*)</p>", block[1])
            said[block[0]] = html.unescape(found.group(1)) if found else None
    assert set(said) == set(EXERCISES)
    for exercise, sentence in said.items():
        assert sentence and sentence.count(".") == 1, (exercise, sentence)
        assert ("que votre code ne peut pas atteindre" if lang == "fr"
                else "which your code cannot reach") in sentence
        measured = px.MEASURED.get(exercise)
        assert (measured is not None) == (("fausser" if lang == "fr" else "fake") in sentence)
        if measured:
            assert measured[lang] in sentence


@pytest.mark.parametrize("exercise", sorted(px.FUNCTIONS))
def test_the_expected_answer_cannot_be_read_where_the_code_runs(exercise):
    code = STEAL.replace("{name}", px.FUNCTIONS[exercise])
    verdict = check(exercise, code, "en")
    assert verdict["status"] == "fail", verdict
    assert verdict["message"].startswith("Wrong on the smallest case found:"), verdict


@pytest.mark.parametrize("exercise", sorted(px.FUNCTIONS))
def test_the_expected_answer_is_nowhere_in_the_code_s_interpreter(exercise):
    """Scanning every thread's frames, every tracked object and every module finds no
    expected value: the code's interpreter never held one."""
    verdict = check(exercise, SCAN.replace("{name}", px.FUNCTIONS[exercise]), "en")
    assert verdict["status"] == "fail", verdict
    assert verdict["message"].startswith("Wrong on the smallest case found:"), verdict
