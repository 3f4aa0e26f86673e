"""Nim as a subtraction game: the running example of the reference chapter (ex. 1.0.5)."""

from __future__ import annotations

from collections.abc import Iterable

from arena.arena import Arena
from arena.numbers import parse_int_list
from arena.rules import from_rules

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

    Built from these rules by :func:`arena.rules.from_rules`, with every position as a
    start: positions no play reaches (``(n - 1, 0)`` with the rule {2, 3}) are vertices
    too, in the chapter's order.

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
    # every position, in the chapter's order: (n, 0), ..., (0, 0), then J_1's
    positions = [(k, 0) for k in range(n, -1, -1)] + [(k, 1) for k in range(n - 1, -1, -1)]
    backwards = moves[::-1]                 # the fewest sticks left first
    return from_rules((n, 0), lambda p: [(p[0] - q, 1 - p[1]) for q in backwards
                                            if q <= p[0]],
                      lambda p: p[1], stuck="loses", include=positions,
                      limit=len(positions),
                      title={"fr": f"Nim, n = {n}, règle {{{', '.join(map(str, moves))}}}",
                             "en": f"Nim, n = {n}, rule {{{', '.join(map(str, moves))}}}"})
