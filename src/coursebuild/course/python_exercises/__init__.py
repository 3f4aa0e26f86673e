"""The checkers of the course's programming exercises (run in the browser by Pyodide).

A student writes one function in the course's representation (a graph is a dict ``A``
mapping every vertex to the list of its successors; the sets ``S0, S1, V0, V1`` and an
attractor are dicts whose keys are the elements). :func:`check` runs that code and
compares the function with the library on the course's examples and on seeded random
cases, tried from the smallest up: the verdict names the smallest case where the
function is wrong, with the student's inputs, the expected and the obtained result.

In the random arenas every vertex either has successors or is a victory vertex of the
opponent of its owner (a player who cannot move loses, as in Nim): J_1's dead ends form
V0 and J_0's form V1. The chapters' definitions of the attractor (with "all successors
in A_n" read literally) and the library's then agree.

The student's code never runs where the verdict is made (:mod:`coursebuild.course.judging`):
:func:`answers` runs it, in an interpreter of its own, and writes its function's answers
to the checker's questions on a tape of plain data; :func:`judge`, in an interpreter
that never runs it, runs the same checker again on the answers of the tape. :func:`check`
does both, the first in a fresh process.

The same module runs in CPython (``tests/course/test_exercises.py``) and in Pyodide
(``assets/javascripts/exercises-worker.js``); it needs neither numpy nor PyYAML. The cases
it tries are :mod:`coursebuild.course.exercise_cases`, the words and the guard of its verdicts
:mod:`coursebuild.course.exercise_verdicts`.

The checker is in parts: the exercises' functions (:mod:`.names`), the check in progress
(:mod:`.state`), how a checker questions the student's function (:mod:`.asking`), and the
checks by subject: graphs and attractors (:mod:`.graphs`), the attractor's cost
(:mod:`.complexity`), game trees (:mod:`.trees`). This module holds the table of checkers,
the Run, and the Check with its two sides.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, cast

from coursebuild.course.exercise_cases import COURSE_EXAMPLES as COURSE_EXAMPLES
from coursebuild.course.exercise_cases import course_arenas as course_arenas
from coursebuild.course.exercise_cases import random_arena as random_arena
from coursebuild.course.exercise_verdicts import (
    _Failure,
    _Guard,
    _say,
    _source,
    _tb,
    import_checkers,
)
from coursebuild.course.exercise_verdicts import _plain as _plain
from coursebuild.course.judging import CappedText, Tape, TapeError, fresh_process
from coursebuild.course.python_exercises.asking import _left_out
from coursebuild.course.python_exercises.complexity import _complexity
from coursebuild.course.python_exercises.graphs import (
    _check_attractor_keys,
    _check_degrees,
    _check_grundy,
    _check_nim,
    _check_ranks,
    _check_reverse,
    _check_strategy,
)
from coursebuild.course.python_exercises.names import ENGLISH_FUNCTIONS as ENGLISH_FUNCTIONS
from coursebuild.course.python_exercises.names import FUNCTIONS as FUNCTIONS
from coursebuild.course.python_exercises.names import function_name
from coursebuild.course.python_exercises.state import NOW, _students_time
from coursebuild.course.python_exercises.trees import _check_alphabeta, _check_tree_values

__all__ = ["ENGLISH_FUNCTIONS", "FUNCTIONS", "MEASURED", "answers", "check", "judge", "ready",
           "run"]


def ready() -> None:
    """Import now what a Run or a Check would import when it first needs it: the page's
    worker calls it while Python starts, so that none of that start falls within the
    student's time (:func:`coursebuild.course.exercise_verdicts.import_checkers`)."""
    import_checkers()



def _load(code: str, name: str, lang: str) -> tuple[Callable | None, dict | None]:
    """The student's function, or the error verdict; in the judge, what the tape says of
    the code's loading (the function itself is never there)."""
    tape = NOW.tape
    if tape is not None and tape.replaying:
        error = tape.load["error"]
        if error is not None:
            return None, {"status": "error", "message": error}
        return _never_called, None
    f, error = _loaded(code, name, lang, out := CappedText())
    if tape is not None:
        tape.set_load(error["message"] if error else None, out.text(_left_out(lang)))
    return f, error


def _loaded(code: str, name: str, lang: str, out: CappedText
            ) -> tuple[Callable | None, dict | None]:
    try:
        compiled = compile(code, "<exercice>", "exec")
    except SyntaxError as exc:
        return None, {"status": "error",
                      "message": _say("syntax", lang, line=exc.lineno, msg=exc.msg)}
    _source(code)
    namespace: dict[str, Any] = {"__name__": "__exercice__"}
    try:
        with _students_time(), redirect_stdout(out), redirect_stderr(out):
            exec(compiled, namespace)
    except BaseException as exc:  # anything, SystemExit included, is the student's error
        return None, {"status": "error", "message": _say("load", lang) + "\n" + _tb(exc)}
    finally:
        if NOW.guard is not None:
            NOW.guard.restore()
    f = namespace.get(name)
    if not callable(f):
        return None, {"status": "error", "message": _say("missing", lang, f=name)}
    return f, None


def _never_called(*args: Any) -> Any:
    """The judge's stand-in for the student's function: its answers come from the tape."""
    raise AssertionError("the judge never calls the student's code")


def run(code: str, lang: str = "fr", clock: Callable[[bool], Any] | None = None
        ) -> dict[str, str]:
    """Run the code as a script (the Run button): its output is printed by the caller.
    ``clock`` is told ``True`` when the code starts and ``False`` when it ends
    (:attr:`.state.CheckInProgress.clock`).

    >>> said = []
    >>> run("x = 1", "en", said.append), said
    ({'status': 'ok', 'message': ''}, [True, False])
    """
    try:
        compiled = compile(code, "<exercice>", "exec")
    except SyntaxError as exc:
        return {"status": "error", "message": _say("syntax", lang, line=exc.lineno, msg=exc.msg)}
    _source(code)
    guard = _Guard()       # what the code patches is undone after it: the next job is clean
    NOW.clock = clock
    try:
        with _students_time():
            exec(compiled, {"__name__": "__main__"})
    except BaseException as exc:        # SystemExit, KeyboardInterrupt: the student's too
        return {"status": "error", "message": _tb(exc)}
    finally:
        guard.restore()
        NOW.clock = None
    return {"status": "ok", "message": ""}


MEASURED = {"attractor": {"fr": "le temps et les lectures du graphe",
                          "en": "its time and its reads of the graph"},
            "alphabeta": {"fr": "les feuilles lues", "en": "the leaves it reads"}}
"""The checks that take a measure of the student's function (:func:`.asking._measured`),
besides its answers: taken where the code runs, code that tampers with its Python can fake
them (the page says so)."""


def _alone(check_cases: Callable[[Callable, str], int]
           ) -> Callable[[Callable, str, str], tuple[int, str]]:
    """A checker that counts its cases and adds no note."""
    return lambda f, lang, name: (check_cases(f, lang), "")


CHECKERS: dict[str, Callable[[Callable, str, str], tuple[int, str]]] = {
    "nim-graph": _alone(_check_nim),
    "degrees": _alone(_check_degrees),
    "reverse": _alone(_check_reverse),
    "naive-attractor": lambda f, lang, name: (_check_attractor_keys(f, lang, name), ""),
    "attractor": lambda f, lang, name: (_check_attractor_keys(f, lang, name),
                                        _complexity(f, lang)),
    "ranks": _alone(_check_ranks),
    "strategy": _alone(_check_strategy),
    "grundy": _alone(_check_grundy),
    "minimax": lambda f, lang, name: (_check_tree_values(f, lang, "minimax", False), ""),
    "alphabeta": lambda f, lang, name: _check_alphabeta(f, lang),
}
"""Each exercise's checker, by id: called with the student's function, the language and
the function's name, it gives the number of cases passed and a note (or raises
:class:`_Failure` on the first wrong answer). An exercise of :data:`FUNCTIONS` needs one."""


def checker(exercise_id: str) -> Callable[[Callable, str, str], tuple[int, str]]:
    """The checker of ``exercise_id``; an id without one is an error, never another
    exercise's check."""
    try:
        return CHECKERS[exercise_id]
    except KeyError:
        raise ValueError(f"exercise {exercise_id!r} has no checker (CHECKERS in "
                         "coursebuild.course.python_exercises)") from None


def check(exercise_id: str, code: str, lang: str = "fr", timeout: float = 120.0
          ) -> dict[str, Any]:
    """Check the student's ``code`` for an exercise: ``{"status", "message", "output"}``
    with status ``pass``, ``fail``, ``error`` (the code does not compile, raises on
    loading, or does not define the function) or ``timeout``; ``graph`` is added when the
    failing case is small; ``output`` is what the code printed at its top level and in
    the case shown (the failing one, or the first).

    The code runs in a fresh process (:func:`answers`), the verdict is made here
    (:func:`judge`): nothing the code does reaches the verdict, or a later check.

    >>> check("degrees", "def degrees(A):\\n    return ({s: len(A[s]) for s in A}, "
    ...       "{s: sum(s in A[t] for t in A) for s in A})", "en")["status"]
    'pass'
    >>> print(check("degrees", "def degrees(A):\\n    return {}, {}", "en")["message"])
    Wrong on the smallest case found:
    Call: degrees({0: [0]})
    Expected: ({0: 1}, {0: 1})
    Obtained: ({}, {})
    """
    function_name(exercise_id, lang)   # an unknown id is a ValueError here, not in the process,
    checker(exercise_id)               # and so is one without a checker
    # the solver's compiled path (numba), when installed, is imported once, by the server
    # the process is forked from
    done, text = fresh_process("coursebuild.course.python_exercises:answers",
                               (exercise_id, code, lang), timeout,
                               preload=("coursebuild.course.python_exercises", "arena._compiled"))
    if done == "timeout":
        return {"status": "timeout", "message": _say("timeout", lang, s=f"{timeout:g}"),
                "output": ""}
    if done != "ok":
        return {"status": "error", "message": _say("died", lang) + (f"\n{text}" if text else ""),
                "output": ""}
    return judge(exercise_id, text, lang)


def answers(exercise_id: str, code: str, lang: str = "fr",
            clock: Callable[[bool], Any] | None = None) -> str:
    """The student's side of a Check, run in an interpreter of its own: the code's
    loading, then its function's answer to each question of the checker, on a tape of
    plain data (:class:`coursebuild.course.judging.Tape`, as JSON). The checker stops at the
    first wrong answer it sees, but its verdict here is not kept: :func:`judge` makes it
    again from the tape, elsewhere. ``clock`` is told ``True`` as each stretch of the
    student's code starts (its top level, then each call of its function) and ``False``
    as it ends (:attr:`.state.CheckInProgress.clock`).

    >>> said = []
    >>> _ = answers("minimax", "def minimax(a, j):\\n    return 0", "en", said.append)
    >>> said[:4], len(said) % 2, set(said)
    ([True, False, True, False], 0, {False, True})
    """
    function = function_name(exercise_id, lang)
    checker(exercise_id)
    NOW.lang, NOW.clock = lang, clock
    tape = NOW.tape = Tape()
    guard = NOW.guard = _Guard()
    guard.keep(vars(NOW))           # the check in progress too, as it is now
    try:
        _check(exercise_id, function, code, lang)
    except BaseException:   # noqa: BLE001 - only code that broke the checker gets here:
        pass                # its tape ends early, and the judge says so
    finally:
        guard.restore()
        NOW.guard = NOW.tape = NOW.clock = None
    return tape.dumps()


def judge(exercise_id: str, tape_text: str, lang: str = "fr") -> dict[str, Any]:
    """The verdict on the answers of a tape (:func:`answers`), made in an interpreter that
    never ran the student's code: the checker computes the expected answers and reads the
    student's from the tape. The result is :func:`check`'s.

    >>> print(judge("minimax", answers("minimax", "def minimax(a, j):\\n    print(a)\\n"
    ...                                "    return 0", "en"), "en")["output"])
    What the failing call prints:
    4
    """
    function = function_name(exercise_id, lang)
    checker(exercise_id)
    NOW.lang = lang
    tape = None
    try:
        tape = NOW.tape = Tape.replay(tape_text)
        verdict = _check(exercise_id, function, "", lang)
    except TapeError as exc:
        return {"status": "error", "output": tape.load["out"] if tape else "",
                "message": _say("incomplete" if exc.early else "unreadable", lang)}
    finally:
        NOW.tape = None
    # what the code printed: at its top level, then in the case shown (failing or first)
    passed = verdict["status"] == "pass"
    index = 0 if passed else tape.position - 1
    printed = tape.printed(index)
    head = _say("printed-first" if passed and len(tape.entries) > 1 else "printed-fail", lang)
    parts = [tape.load["out"].rstrip("\n")] + ([head, printed.rstrip("\n")] if printed else [])
    verdict["output"] = "\n".join(p for p in parts if p)
    return verdict


def _check(exercise_id: str, function: str, code: str, lang: str) -> dict[str, Any]:
    f, error = _load(code, function, lang)
    if error is not None:
        return error
    f = cast(Callable, f)           # _load gives a function or an error
    try:
        n, note = checker(exercise_id)(f, lang, function)
    except _Failure as failure:
        return failure.args[0]
    except RecursionError:
        return {"status": "fail", "message": "RecursionError"}
    message = _say("pass", lang, n=n)
    return {"status": "pass", "message": message + (" " + note if note else "")}
