"""Nim as a subtraction game: the running example of the reference chapter (ex. 1.0.5)."""

from __future__ import annotations

from collections.abc import Iterable

from arena.arena import Arena
from arena.numbers import parse_int_list

__all__ = ["nim", "parse_rule"]


def parse_rule(rule: Iterable[int] | str) -> tuple[int, ...]:
    """A rule as a sorted tuple of distinct positive integers (``"1,2"`` is accepted, read
    by :func:`arena.numbers.parse_int_list`).

    Examples
    --------
    >>> parse_rule("3,1,2")
    (1, 2, 3)
    """
    if isinstance(rule, str):
        rule = parse_int_list(rule, example="1,2,3")
    rule = list(rule)
    twice = sorted({q for q in rule if rule.count(q) > 1})
    if twice:
        raise ValueError(f"a rule lists each number once, and {twice[0]} is listed twice")
    values = tuple(sorted(set(rule)))
    if not values or values[0] < 1:
        raise ValueError(f"a rule is a non-empty set of positive integers, not {list(values)}")
    return values


def nim(n: int = 10, rule: Iterable[int] | str = (1, 2)) -> Arena:
    """The game graph of Nim with ``n`` sticks and the given rule.

    Vertex ``(k, i)``: ``k`` sticks are left and J_i is to move. A move takes q sticks,
    q in the rule, q ≤ k: ``(k, i) -> (k - q, 1 - i)``. The player who cannot move has
    lost, so ``V0 = {(k, 1) : k < min(rule)}`` (J_1 is stuck) and
    ``V1 = {(k, 0) : k < min(rule)}``. J_0 starts with ``n`` sticks, so the vertices are
    ``(k, 0)`` for 0 ≤ k ≤ n and ``(k, 1)`` for 0 ≤ k ≤ n - 1. Successors are listed by
    increasing number of sticks left, as in the chapter's adjacency dictionary.

    Text ids: ``"k,i"``, e.g. ``"10,0"``.

    Examples
    --------
    >>> g = nim(10, [1, 2])
    >>> len(g), g.n_edges, g.start, g.successors((10, 0))
    (21, 36, (10, 0), ((8, 1), (9, 1)))
    >>> g.V0, g.V1
    (((0, 1),), ((0, 0),))
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of sticks is a non-negative integer, not {n!r}")
    moves = parse_rule(rule)
    S0 = [(k, 0) for k in range(n, -1, -1)]
    S1 = [(k, 1) for k in range(n - 1, -1, -1)]
    # vertex numbers: (k, 0) is n - k, (k, 1) is (n + 1) + (n - 1 - k); built as arrays
    offsets, targets = [0], []
    for i, top in ((0, n), (1, n - 1)):
        for k in range(top, -1, -1):
            base = n + 1 + (n - 1) if i == 0 else n
            targets += [base - (k - q) for q in reversed(moves) if k - q >= 0]
            offsets.append(len(targets))
    low = moves[0]
    return Arena.from_csr(S0, S1, offsets, targets,
                          V0=[n + 1 + (n - 1 - k) for k in range(min(low, n))],
                          V1=[n - k for k in range(min(low, n + 1))],
                          start=(n, 0),
                          title={"fr": f"Nim, n = {n}, règle {{{', '.join(map(str, moves))}}}",
                                 "en": f"Nim, n = {n}, rule {{{', '.join(map(str, moves))}}}"})
