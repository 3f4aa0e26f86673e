"""The checks of the exercises on graphs and attractors
(:mod:`coursebuild.course.python_exercises`):
Nim's graph, the degrees, the reverse graph, the attractor (naive or not), its ranks, the
choice of a move, the Grundy numbers; each on the cases of :mod:`coursebuild.course.exercise_cases`,
from the smallest, against the library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from arena.arena import Arena
from coursebuild.course.exercise_cases import _arenas, _library_arena, _random_dag
from coursebuild.course.exercise_verdicts import _say, _short
from coursebuild.course.python_exercises.asking import (
    _asking,
    _call,
    _graph,
    _keys,
    _OneOf,
    _settle,
    _wrong,
)
from coursebuild.course.python_exercises.state import _named


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
