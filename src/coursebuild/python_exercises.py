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

The student's code never runs where the verdict is made (:mod:`coursebuild.judging`):
:func:`answers` runs it, in an interpreter of its own, and writes its function's answers
to the checker's questions on a tape of plain data; :func:`judge`, in an interpreter
that never runs it, runs the same checker again on the answers of the tape. :func:`check`
does both, the first in a fresh process.

The same module runs in CPython (``tests/test_exercises.py``) and in Pyodide
(``assets/javascripts/exercises-worker.js``); it needs neither numpy nor PyYAML. The cases
it tries are :mod:`coursebuild.exercise_cases`, the words and the guard of its verdicts
:mod:`coursebuild.exercise_verdicts`.
"""

from __future__ import annotations

import copy
import marshal
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import Any, cast

from arena.arena import Arena
from arena.games.chain import chain
from coursebuild.examples import SLIDES_TREE
from coursebuild.exercise_cases import COURSE_EXAMPLES as COURSE_EXAMPLES
from coursebuild.exercise_cases import _arenas, _library_arena, _random_dag, _trees
from coursebuild.exercise_cases import course_arenas as course_arenas
from coursebuild.exercise_cases import random_arena as random_arena
from coursebuild.exercise_verdicts import (
    _WORDS,
    _Failure,
    _Guard,
    _plain,
    _say,
    _short,
    _source,
    _tb,
    import_checkers,
)
from coursebuild.judging import CappedText, Tape, TapeError, fresh_process

__all__ = ["ENGLISH_FUNCTIONS", "FUNCTIONS", "MEASURED", "answers", "check", "judge", "ready",
           "run"]


FUNCTIONS: dict[str, str] = {
    "nim-graph": "jeu_de_nim", "degrees": "degres", "reverse": "renverse_graphe",
    "naive-attractor": "attracteur_naif", "attractor": "calcule_attracteur",
    "ranks": "rangs", "strategy": "choix_coup", "grundy": "grundy", "minimax": "minimax",
    "alphabeta": "alphabeta",
}
"""Each exercise's id and the function the student writes: what :func:`check` calls. The
exercises' texts (statement, starting code, an answer) are in ``docs/exercises``
(:mod:`coursebuild.exercise_source`)."""

ENGLISH_FUNCTIONS: dict[str, str] = {
    "nim-graph": "nim_game", "degrees": "degrees", "reverse": "reverse_graph",
    "naive-attractor": "fixpoint_attractor", "attractor": "compute_attractor",
    "ranks": "attractor_ranks", "strategy": "choose_move", "grundy": "grundy",
    "minimax": "minimax", "alphabeta": "alphabeta",
}
"""The same functions as the English edition names them (the English names of
``docs/data/glossary.yaml``, which this module cannot read in Pyodide: a test checks that
they agree)."""


def function_name(exercise_id: str, lang: str) -> str:
    """The function the student writes for ``exercise_id`` in the edition in ``lang``."""
    return (FUNCTIONS if lang == "fr" else ENGLISH_FUNCTIONS)[exercise_id]


def _named(exercise_id: str) -> str:
    return function_name(exercise_id, _lang)


_guard: _Guard | None = None
"""The guard of the check in progress (``None`` outside a check)."""

_clock: Callable[[bool], Any] | None = None
"""Told ``True`` as each stretch of the student's code starts and ``False`` as it ends,
in a Run or a Check that was given one (:func:`run`, :func:`answers`): the page's time
limit counts the student's code alone, not Python's start nor the checker's work between
the calls (issue 61 §14). ``None`` elsewhere."""


def ready() -> None:
    """Import now what a Run or a Check would import when it first needs it: the page's
    worker calls it while Python starts, so that none of that start falls within the
    student's time (:func:`coursebuild.exercise_verdicts.import_checkers`)."""
    import_checkers()


@contextmanager
def _students_time() -> Iterator[None]:
    """The student's code runs inside this block: :data:`_clock` is told that it starts,
    then that it ends, whatever the code does (the clock is read before the code runs:
    replacing the module's does not stop this one)."""
    clock = _clock
    if clock is None:
        yield
        return
    clock(True)
    try:
        yield
    finally:
        clock(False)


def _load(code: str, name: str, lang: str) -> tuple[Callable | None, dict | None]:
    """The student's function, or the error verdict; in the judge, what the tape says of
    the code's loading (the function itself is never there)."""
    tape = _tape
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
        if _guard is not None:
            _guard.restore()
    f = namespace.get(name)
    if not callable(f):
        return None, {"status": "error", "message": _say("missing", lang, f=name)}
    return f, None


def _never_called(*args: Any) -> Any:
    """The judge's stand-in for the student's function: its answers come from the tape."""
    raise AssertionError("the judge never calls the student's code")


def _left_out(lang: str) -> Callable[[int], str]:
    sep = "\u202f" if lang == "fr" else ","
    return lambda n: _WORDS["left-out"][lang if lang == "fr" else "en"].format(
        n=f"{n:,}".replace(",", sep))


def run(code: str, lang: str = "fr", clock: Callable[[bool], Any] | None = None
        ) -> dict[str, str]:
    """Run the code as a script (the Run button): its output is printed by the caller.
    ``clock`` is told ``True`` when the code starts and ``False`` when it ends (:data:`_clock`).

    >>> said = []
    >>> run("x = 1", "en", said.append), said
    ({'status': 'ok', 'message': ''}, [True, False])
    """
    global _clock
    try:
        compiled = compile(code, "<exercice>", "exec")
    except SyntaxError as exc:
        return {"status": "error", "message": _say("syntax", lang, line=exc.lineno, msg=exc.msg)}
    _source(code)
    guard = _Guard()       # what the code patches is undone after it: the next job is clean
    _clock = clock
    try:
        with _students_time():
            exec(compiled, {"__name__": "__main__"})
    except BaseException as exc:        # SystemExit, KeyboardInterrupt: the student's too
        return {"status": "error", "message": _tb(exc)}
    finally:
        guard.restore()
        _clock = None
    return {"status": "ok", "message": ""}


# --------------------------------------------------------------------------- checks

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


_tape: Tape | None = None
"""The tape of the check in progress: written by :func:`answers`, read by :func:`judge`."""

_lang = "fr"
"""The language of the check in progress (the note on printed text left out)."""

MEASURED = {"attractor": {"fr": "le temps et les lectures du graphe",
                          "en": "its time and its reads of the graph"},
            "alphabeta": {"fr": "les feuilles lues", "en": "the leaves it reads"}}
"""The checks that take a measure of the student's function (:func:`_measured`), besides
its answers: taken where the code runs, code that tampers with its Python can fake them
(the page says so)."""


def _answer(thunk: Callable[[], Any], lang: str) -> tuple[str, Any]:
    """The answer of the student's code to one question of the checker, ``(kind, value)``
    (:data:`coursebuild.judging.KINDS`). Where the code runs, ``thunk()`` is called with
    its prints kept apart, and what it gave, made of plain values, is written on the tape;
    in the judge, it is read from the tape."""
    tape = cast(Tape, _tape)
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
        if _guard is not None:
            _guard.restore()
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
    return _tape is not None and not _tape.replaying


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
    kind, value = _answer(lambda: f(*[_fresh(a) for a in args]), _lang)
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


def _check_nim(f: Callable, lang: str) -> int:
    from arena.games import nim

    n_cases = 0
    for n in range(0, 9):
        for rule in ({1, 2}, {1}, {2, 3}, {1, 3, 4}, {2}):
            n_cases += 1
            got = _call(f, (n, set(rule)))
            if _asking():
                continue
            game = nim(n, sorted(rule))
            want_A = {v: set(game.successors(v)) for v in game.vertices}
            want = {"S0": {v for v in game.vertices if game.owner(v) == 0},
                    "S1": {v for v in game.vertices if game.owner(v) == 1},
                    "V0": {v for v in game.vertices if game.victory(v) == 0},
                    "V1": {v for v in game.vertices if game.victory(v) == 1}}
            shown = f"{_named('nim-graph')}({n}, {rule!r})"
            _settle(got, lang, shown, "(A, S0, S1, V0, V1)")
            if not (isinstance(got, tuple | list) and len(got) == 5):
                raise _wrong(lang, shown, "(A, S0, S1, V0, V1)", got)
            A, *sets = got
            if not isinstance(A, dict) or {v: set(A[v]) for v in A} != want_A:
                raise _wrong(lang, shown + "[0]  (A)", {v: sorted(s) for v, s in want_A.items()},
                             A)
            for name, got_set in zip(("S0", "S1", "V0", "V1"), sets, strict=True):
                if _keys(got_set) != want[name]:
                    raise _wrong(lang, f"{shown}  ({name})", sorted(want[name]), got_set)
    return n_cases


def _on_arenas(f: Callable, graph_only: bool) -> Iterator[tuple[tuple, Any]]:
    """The student's function called on each arena the checks try (:func:`_arenas`, from
    the smallest), on ``A`` alone or on ``(A, S0, V0)``: ``((A, S0, S1, V0, V1), answer)``."""
    for arena in _arenas():
        A, S0, _, V0, _ = arena
        yield arena, _call(f, (A,) if graph_only else (A, S0, V0))


def _check_degrees(f: Callable, lang: str) -> int:
    n_cases = 0
    for (A, S0, S1, V0, V1), got in _on_arenas(f, graph_only=True):
        n_cases += 1
        if _asking():
            continue
        g = _library_arena(A, S0, S1, V0, V1)
        dplus = {v: len(g.successors(v)) for v in g.vertices}
        dmoins = dict.fromkeys(g.vertices, 0)
        for v in g.vertices:
            for w in g.successors(v):
                dmoins[w] += 1
        shown = f"{_named('degrees')}({_short(A)})"
        _settle(got, lang, shown, (dplus, dmoins))
        if not (isinstance(got, tuple | list) and len(got) == 2
                and (got[0], got[1]) == (dplus, dmoins)):
            raise _wrong(lang, shown, (dplus, dmoins), got, drawing=_graph(A))
    return n_cases


def _check_reverse(f: Callable, lang: str) -> int:
    n_cases = 0
    for (A, S0, S1, V0, V1), got in _on_arenas(f, graph_only=True):
        n_cases += 1
        if _asking():
            continue
        g = _library_arena(A, S0, S1, V0, V1)
        want: dict[Any, list[Any]] = {v: [] for v in g.vertices}
        for v in g.vertices:
            for w in g.successors(v):
                want[w].append(v)
        shown = f"{_named('reverse')}({_short(A)})"
        _settle(got, lang, shown, want)
        ok = (isinstance(got, dict) and set(got) == set(want)
              and all(Counter(got[v]) == Counter(want[v]) for v in want))
        if not ok:
            raise _wrong(lang, shown, want, got, drawing=_graph(A))
    return n_cases


def _check_attractor_keys(f: Callable, lang: str, name: str) -> int:
    from arena.solver import attractor

    n_cases = 0
    for (A, S0, S1, V0, V1), got in _on_arenas(f, graph_only=False):
        n_cases += 1
        if _asking():
            continue
        want = attractor(_library_arena(A, S0, S1, V0, V1), 0)
        shown = f"{name}({_short(A)}, {_short(S0)}, {_short(V0)})"
        _settle(got, lang, shown, dict.fromkeys(want))
        if not isinstance(got, dict) or set(got) != set(want):
            raise _wrong(lang, shown, dict.fromkeys(sorted(want)), got,
                         drawing=_graph(A, S0, V0, V1))
    return n_cases


def _chain(n: int) -> tuple[dict, dict, dict]:
    """``(A, S0, V0)`` of :func:`arena.games.chain`: 0 → 1 → … → n, owners alternating,
    n ∈ V0. Everything is in the attractor, one vertex per step, discovered last by a
    pass that follows the dict's order (``A`` lists the vertices 0, 1, …, n)."""
    g = chain(n)
    A = {v: list(g.successors(v)) for v in range(n + 1)}
    return A, dict.fromkeys(g.S0), dict.fromkeys(g.V0)


class _Counter:
    """Counts the reads of a graph: a deterministic measure of the work done on it."""

    def __init__(self) -> None:
        self.reads = 0


class _Counting:
    """What :class:`_CountingList` and :class:`_CountingGraph` share: each item read, by
    iterating or by indexing, is counted on their :class:`_Counter`."""

    _counter: _Counter

    def __iter__(self):
        for x in super().__iter__():
            self._counter.reads += 1
            yield x

    def __getitem__(self, key):
        self._counter.reads += 1
        return super().__getitem__(key)


class _CountingList(_Counting, list):
    def __init__(self, items: list, counter: _Counter) -> None:
        super().__init__(items)
        self._counter = counter


class _CountingGraph(_Counting, dict):
    def __init__(self, A: dict, counter: _Counter) -> None:
        super().__init__({s: _CountingList(t, counter) for s, t in A.items()})
        self._counter = counter

    def keys(self):
        return list(self.__iter__())

    def items(self):
        return [(s, self[s]) for s in self.__iter__()]

    def values(self):
        return [self[s] for s in self.__iter__()]


def _timed(f: Callable, A: dict, S0: dict, V0: dict) -> tuple[float, Any]:
    """``(seconds, answer)`` of the student's function on one arena."""
    start = time.perf_counter()
    got = f(A, S0, V0)
    return time.perf_counter() - start, got


def _reads(f: Callable, n: int) -> int:
    A, S0, V0 = _chain(n)
    counter = _Counter()
    f(_CountingGraph(A, counter), S0, V0)
    return counter.reads


def _complexity(f: Callable, lang: str) -> str:
    """Raise on a quadratic or a recursive version of the attractor.

    1. The reads of the graph (vertices and successor lists) on chains of 100 to 800
       vertices, a deterministic measure: a version that passes over the graph again
       and again reads 4 times as much when the chain doubles, a linear one 2 times.
    2. A chain of 16001 vertices: a recursive version goes as deep and fails. Its time
       catches a quadratic version that works on its own lists (``list.remove``...):
       more than 0.1 s and 3.2 times as much on two doublings in a row."""
    def chain_call(n: int) -> str:
        return (f"{_named('attractor')}(<{n + 1} sommets en chaîne>, …)" if lang == "fr"
                else f"{_named('attractor')}(<chain of {n + 1} vertices>, …)")

    reads: list[tuple[int, int]] = []
    for n in (100, 200, 400, 800):
        try:
            reads.append((n, _measured(lambda n=n: _reads(f, n), lang, chain_call(n), int)))
        except RecursionError:
            break
        if len(reads) >= 3:
            (_, r0), (a, ra), (b, rb) = reads[-3:]
            if rb > 3 * ra and ra > 3 * r0:
                raise _Failure({"status": "fail", "message": _say(
                    "quadratic-reads", lang, a=a + 1, b=b + 1, ra=ra, rb=rb)})
    times: list[tuple[int, float]] = []
    for n in (4000, 8000, 16000):
        A, S0, V0 = _chain(n)
        kind, answer = _answer(lambda A=A, S0=S0, V0=V0: _timed(f, A, S0, V0), lang)
        if kind == "recursion":
            message = _say("recursive", lang, n=n + 1)
            raise _Failure({"status": "fail", "message": message}) from None
        if kind == "raised":
            raise _raised(lang, chain_call(n), answer)
        if kind == "unplain":
            raise _wrong(lang, chain_call(n), f"{n + 1} keys", f"<{answer}>")
        if not (type(answer) is tuple and len(answer) == 2 and type(answer[0]) is float):
            raise TapeError("not a timed answer")
        seconds, got = answer
        times.append((n, seconds))
        if not isinstance(got, dict) or set(got) != set(range(n + 1)):
            raise _wrong(lang, chain_call(n), f"{n + 1} keys", f"{len(got)} keys"
                         if isinstance(got, dict) else _short(got))
        if len(times) == 3:
            (_, t0), (a, ta), (b, tb) = times
            if tb > 0.1 and tb > 3.2 * ta and ta > 3.2 * t0:
                # a pause of the machine looks like a quadratic jump: the best of two more
                # runs on the same chain (a quadratic version stays slow)
                for _ in range(2):
                    again = _measured(lambda A=A, S0=S0, V0=V0: _timed(f, A, S0, V0)[0], lang,
                                      chain_call(n), float)
                    tb = min(tb, again)
            if tb > 0.1 and tb > 3.2 * ta and ta > 3.2 * t0:
                raise _Failure({"status": "fail", "message": _say(
                    "quadratic", lang, r=tb / ta, a=a + 1, b=b + 1, ta=ta, tb=tb)})
        if times[-1][1] > 1.0:
            break
    return _say("linear", lang, n=times[-1][0] + 1, t=times[-1][1])


def _check_ranks(f: Callable, lang: str) -> int:
    from arena.solver import attractor

    n_cases = 0
    for (A, S0, S1, V0, V1), got in _on_arenas(f, graph_only=False):
        n_cases += 1
        if _asking():
            continue
        want = attractor(_library_arena(A, S0, S1, V0, V1), 0)
        shown = f"{_named('ranks')}({_short(A)}, {_short(S0)}, {_short(V0)})"
        _settle(got, lang, shown, want)
        if got != want:
            raise _wrong(lang, shown, dict(sorted(want.items())), got,
                         drawing=_graph(A, S0, V0, V1))
    return n_cases


def _check_strategy(f: Callable, lang: str) -> int:
    from arena.solver import attractor

    n_cases = 0
    for A, S0, S1, V0, V1 in _arenas():
        g = _library_arena(A, S0, S1, V0, V1)
        attr0, attr1 = attractor(g, 0), attractor(g, 1)
        head = f"{_named('strategy')}({_short(A)}, {_short(attr0)}, {_short(attr1)}, "
        positions = [s for s in S0 if A[s]]
        # a large example (tic-tac-toe): a spread of 200 of its positions is enough
        for s in positions[::max(1, len(positions) // 200)]:
            n_cases += 1
            got = _call(f, (A, attr0, attr1, s))
            if _asking():
                continue
            shown = f"{head}{s!r})"
            if s in attr0:
                good = [t for t in A[s] if t in attr0 and attr0[t] < attr0[s]]
                rule = _say("winning", lang, s=s, r=attr0[s])
            elif s not in attr1:
                good = [t for t in A[s] if t not in attr1]
                rule = _say("draw", lang, s=s)
            else:            # losing: every successor is in attr1; delay the defeat
                top = max(attr1[t] for t in A[s])
                good = [t for t in A[s] if attr1[t] == top]
                rule = _say("losing", lang, s=s, r=top)
            _settle(got, lang, shown, good)
            if got not in A[s]:
                raise _wrong(lang, shown, _OneOf(good), got,
                             _say("not-successor", lang, t=got, s=s), _graph(A, S0, V0, V1))
            if got not in good:
                raise _wrong(lang, shown, _OneOf(good), got, rule,
                             _graph(A, S0, V0, V1))
    return n_cases


def _check_grundy(f: Callable, lang: str) -> int:
    from arena.grundy import grundy_numbers

    n_cases = 0
    for n in range(1, 13):
        for seed in range(5):
            n_cases += 1
            A = _random_dag(seed, n)
            got = _call(f, (A,))
            if _asking():
                continue
            want = grundy_numbers(Arena(S0=list(A), S1=[], edges=A))
            shown = f"grundy({_short(A)})"
            _settle(got, lang, shown, want)
            if got != want:
                raise _wrong(lang, shown, want, got, drawing=_graph(A))
    return n_cases


def _minimax_value(tree: Any, maxing: bool) -> int:
    from arena.minimax import minimax_tree

    return int(minimax_tree(tree, maxing).value)


class _Node(list):
    """A node of a tree that records which of its leaves were read."""

    def __init__(self, items: list, seen: set) -> None:
        super().__init__(items)
        self._seen = seen

    def _mark(self, i: int) -> None:
        if not isinstance(list.__getitem__(self, i), list):
            self._seen.add((id(self), i))

    def __iter__(self):
        for i in range(len(self)):
            self._mark(i)
            yield list.__getitem__(self, i)

    def __getitem__(self, i):
        if isinstance(i, int):
            self._mark(i % len(self))
        return list.__getitem__(self, i)


def _counting(tree: Any, seen: set) -> Any:
    return _Node([_counting(t, seen) for t in tree], seen) if isinstance(tree, list) else tree


def _count_leaves(tree: Any) -> int:
    return sum(map(_count_leaves, tree)) if isinstance(tree, list) else 1


def _check_tree_values(f: Callable, lang: str, name: str, pruning: bool) -> int:
    n_cases = 0
    trees = [SLIDES_TREE, *_trees()]
    trees.sort(key=lambda t: len(repr(t)))
    for tree in trees:
        for maxing in (True, False):
            n_cases += 1
            args: tuple[Any, ...]
            if pruning:
                args = (tree, -math.inf, math.inf, maxing)
                shown = f"alphabeta({tree!r}, -inf, inf, {maxing})"
            else:
                args, shown = (tree, maxing), f"minimax({tree!r}, {maxing})"
            got = _call(f, args)
            if _asking():
                continue
            want = _minimax_value(tree, maxing)
            _settle(got, lang, shown, want)
            if got != want:
                raise _wrong(lang, shown, want, got)
    return n_cases


def _check_alphabeta(f: Callable, lang: str) -> tuple[int, str]:
    n_cases = _check_tree_values(f, lang, "alphabeta", True)

    def leaves_read() -> int:
        seen: set = set()
        f(_counting(SLIDES_TREE, seen), -math.inf, math.inf, True)
        return len(seen)

    k = _measured(leaves_read, lang, f"alphabeta({SLIDES_TREE!r}, -inf, inf, True)", int)
    total = _count_leaves(SLIDES_TREE)
    if k >= total:
        raise _Failure({"status": "fail", "message": _say("pruning", lang, k=k, m=total)})
    return n_cases, _say("pruned", lang, k=k, m=total)


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
                         "coursebuild.python_exercises)") from None


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
    FUNCTIONS[exercise_id]             # an unknown id is a KeyError here, not in the process
    checker(exercise_id)               # and one without a checker a ValueError
    # the solver's compiled path (numba), when installed, is imported once, by the server
    # the process is forked from
    done, text = fresh_process("coursebuild.python_exercises:answers",
                               (exercise_id, code, lang), timeout,
                               preload=("coursebuild.python_exercises", "arena._compiled"))
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
    plain data (:class:`coursebuild.judging.Tape`, as JSON). The checker stops at the
    first wrong answer it sees, but its verdict here is not kept: :func:`judge` makes it
    again from the tape, elsewhere. ``clock`` is told ``True`` as each stretch of the
    student's code starts (its top level, then each call of its function) and ``False``
    as it ends (:data:`_clock`).

    >>> said = []
    >>> _ = answers("minimax", "def minimax(a, j):\\n    return 0", "en", said.append)
    >>> said[:4], len(said) % 2, set(said)
    ([True, False, True, False], 0, {False, True})
    """
    global _guard, _tape, _lang, _clock
    function = function_name(exercise_id, lang)
    checker(exercise_id)
    _lang = lang
    _clock = clock
    tape = _tape = Tape()
    guard = _guard = _Guard()
    guard.remember(globals())
    try:
        _check(exercise_id, function, code, lang)
    except BaseException:   # noqa: BLE001 - only code that broke the checker gets here:
        pass                # its tape ends early, and the judge says so
    finally:
        guard.restore()
        _guard = _tape = _clock = None
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
    global _tape, _lang
    function = function_name(exercise_id, lang)
    checker(exercise_id)
    _lang = lang
    tape = None
    try:
        tape = _tape = Tape.replay(tape_text)
        verdict = _check(exercise_id, function, "", lang)
    except TapeError as exc:
        return {"status": "error", "output": tape.load["out"] if tape else "",
                "message": _say("incomplete" if exc.early else "unreadable", lang)}
    finally:
        _tape = None
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
