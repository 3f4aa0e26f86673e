"""The checks of the exercises on game trees (:mod:`coursebuild.course.python_exercises`):
minimax's and alpha-beta's values on the slides' tree and seeded random trees, and the
leaves alpha-beta reads (fewer than all of them)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from coursebuild.course.examples import SLIDES_TREE
from coursebuild.course.exercise_cases import _trees
from coursebuild.course.exercise_verdicts import _Failure, _say
from coursebuild.course.python_exercises.asking import _asking, _call, _measured, _settle, _wrong


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
