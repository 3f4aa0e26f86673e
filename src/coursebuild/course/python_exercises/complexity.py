"""The attractor's check of its cost (:mod:`coursebuild.course.python_exercises`): its reads of
a graph on growing chains, a deterministic measure, then its time on long chains, which
catches a recursive or a quadratic version."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from arena.games.chain import chain
from coursebuild.course.exercise_verdicts import _Failure, _say, _short
from coursebuild.course.judging import TapeError
from coursebuild.course.python_exercises.asking import _answer, _measured, _raised, _wrong
from coursebuild.course.python_exercises.state import _named


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
