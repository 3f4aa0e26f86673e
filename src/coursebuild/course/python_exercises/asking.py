"""How a checker asks the student's function its questions, and says it is wrong
(:mod:`coursebuild.course.python_exercises`): each call on fresh copies of its arguments, its
answer made of plain values and written on the tape where the code runs, read from the tape
in the judge; the verdict's failures (a wrong answer, an exception) with what the page
draws next to a small counterexample."""

from __future__ import annotations

import copy
import marshal
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, cast

from coursebuild.course.exercise_verdicts import _WORDS, _Failure, _plain, _say, _short, _tb
from coursebuild.course.judging import CappedText, Tape, TapeError
from coursebuild.course.python_exercises.state import NOW, _students_time

_ATOMS = (int, str, float, bool, type(None))


def _fresh(x: Any) -> Any:
    """A copy of ``x`` the student's function may change at will: built-in values (the
    chapter's representation) copied by :mod:`marshal`, in C (a check copies tic-tac-toe's
    graph 200 times), anything else by :func:`copy.deepcopy`.

    >>> A = {(0, 1): [(1, 0)], (1, 0): []}
    >>> B = _fresh(A)
    >>> B == A and B[(0, 1)] is not A[(0, 1)]
    True
    """
    try:
        return marshal.loads(marshal.dumps(x))
    except ValueError:                 # not made of built-in values only
        return _copied(x)


def _copied(x: Any) -> Any:
    t = type(x)
    if t is dict:
        return {k: _copied(v) for k, v in x.items()}
    if t is list:
        return [_copied(v) for v in x]
    if t in _ATOMS or (t is tuple and all(type(e) in _ATOMS for e in x)):
        return x
    return copy.deepcopy(x)



def _left_out(lang: str) -> Callable[[int], str]:
    sep = "\u202f" if lang == "fr" else ","
    return lambda n: _WORDS["left-out"][lang if lang == "fr" else "en"].format(
        n=f"{n:,}".replace(",", sep))


def _answer(thunk: Callable[[], Any], lang: str) -> tuple[str, Any]:
    """The answer of the student's code to one question of the checker, ``(kind, value)``
    (:data:`coursebuild.course.judging.KINDS`). Where the code runs, ``thunk()`` is called with
    its prints kept apart, and what it gave, made of plain values, is written on the tape;
    in the judge, it is read from the tape."""
    tape = cast(Tape, NOW.tape)
    if tape.replaying:
        return tape.next()
    out = CappedText()
    kind, value = "value", None
    try:
        with _students_time(), redirect_stdout(out), redirect_stderr(out):
            value = thunk()
    except RecursionError:
        kind = "recursion"
    except BaseException as exc:        # SystemExit, KeyboardInterrupt: the student's too
        kind, value = "raised", _tb(exc)
    finally:
        if NOW.guard is not None:
            NOW.guard.restore()
    printed = out.text(_left_out(lang))
    if kind == "value":
        try:
            value = _plain(value)
            tape.record(kind, value, printed)
            return kind, value
        except (TypeError, ValueError, RecursionError) as exc:
            kind, value = "unplain", str(exc)
    tape.record(kind, value, printed)
    return kind, value


def _asking() -> bool:
    """Whether this interpreter is the one that runs the student's code (:func:`answers`):
    there, a checker asks its questions and computes no expected answer at all, so that
    nothing the student's function can reach (the frames above it, the checker's locals,
    the objects :mod:`gc` finds) holds one; the judge (:func:`judge`) computes them."""
    return NOW.tape is not None and not NOW.tape.replaying


class _Stop(Exception):
    """Where the code runs: its function raised or gave no plain answer, so the judge will
    stop at this question; the questions after it are not asked."""


class _Broken:
    """In the judge: an answer that is no answer (the function raised, or gave something
    that is not plain data), said by :func:`_settle` once the expected answer is known."""

    def __init__(self, kind: str, value: Any) -> None:
        self.kind, self.value = kind, value


def _settle(got: Any, lang: str, shown: str, expected: Any) -> None:
    """In the judge, once the expected answer is known: the failure of a call whose answer
    is :class:`_Broken`."""
    if isinstance(got, _Broken):
        if got.kind == "raised":
            raise _raised(lang, shown, got.value, expected)
        raise _wrong(lang, shown, expected, f"<{got.value}>")


def _raised(lang: str, shown: str, traceback_text: str, expected: Any = None) -> _Failure:
    c = _colon(lang)
    lines = [_say("raised", lang), f"{_say('call', lang)}{c}{shown}"]
    if expected is not None:
        lines.append(f"{_say('expected', lang)}{c}{_short(expected)}")
    return _Failure({"status": "fail", "message": "\n".join([*lines, traceback_text])})


def _call(f: Callable, args: tuple) -> Any:
    """The student's function called on copies of ``args``, in a frame that holds only
    them: its answer, made of plain values. A checker calls it before it computes the
    expected answer, and computes that only in the judge (:func:`_asking`); there, an
    answer that is no answer is a :class:`_Broken`, for :func:`_settle`."""
    kind, value = _answer(lambda: f(*[_fresh(a) for a in args]), NOW.lang)
    if kind == "recursion":
        raise RecursionError
    if kind in ("raised", "unplain"):
        if _asking():
            raise _Stop
        return _Broken(kind, value)
    return value


def _measured(thunk: Callable[[], Any], lang: str, shown: str, kind_of: type) -> Any:
    """A measure of the student's function (its reads of a graph, its time, the leaves it
    evaluates), taken where it runs: a number of type ``kind_of``."""
    kind, value = _answer(thunk, lang)
    if kind == "recursion":
        raise RecursionError
    if kind == "raised":
        raise _raised(lang, shown, value)
    if type(value) is not kind_of:
        raise TapeError(f"a measure of type {type(value).__name__}")
    return value


def _colon(lang: str) -> str:
    return "\u00a0: " if lang == "fr" else ": "


class _OneOf(tuple):
    """Several acceptable answers, shown as ``a | b``, each in its own type."""

    def __repr__(self) -> str:
        return " | ".join(map(repr, self))


def _wrong(lang: str, shown: str, expected: Any, obtained: Any, extra: str = "",
           drawing: dict | None = None) -> _Failure:
    c = _colon(lang)
    lines = [_say("fail", lang), f"{_say('call', lang)}{c}{shown}",
             f"{_say('expected', lang)}{c}{_short(expected)}",
             f"{_say('obtained', lang)}{c}{_short(obtained)}"]
    if extra:
        lines.append(extra)
    verdict: dict[str, Any] = {"status": "fail", "message": "\n".join(lines)}
    if drawing is not None:
        verdict["graph"] = drawing
    return _Failure(verdict)


def _graph(A: dict, S0: dict | None = None, V0: dict | None = None,
           V1: dict | None = None) -> dict | None:
    """What the page draws next to a small counterexample (at most 8 vertices)."""
    if len(A) > 8:
        return None
    return {"vertices": [repr(v) for v in A],
            "edges": [[repr(s), repr(t)] for s in A for t in A[s]],
            "S0": [repr(v) for v in (S0 or {})], "V0": [repr(v) for v in (V0 or {})],
            "V1": [repr(v) for v in (V1 or {})]}


def _keys(result: Any) -> Any:
    return set(result) if isinstance(result, dict) else result
