"""Grundy numbers of impartial games, the Sprague-Grundy theorem, and subtraction games.

An impartial game is one where both players have the same moves from a position
(Nim, subtraction games, chomp...): who is to move does not matter, only the position.
Under normal play (the player who cannot move loses), the Grundy number of a position
is the *mex* (minimum excluded value) of the Grundy numbers of its successors; the
player to move wins exactly when it is not 0.

References
----------
.. [1] C. L. Bouton, « Nim, a game with a complete mathematical theory », Annals of
   Mathematics 3 (1901).
.. [2] R. P. Sprague (1935), P. M. Grundy (1939); E. Berlekamp, J. Conway, R. Guy,
   *Winning Ways for your Mathematical Plays*, chapter 4.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from arena.arena import Arena, Vertex, vertex_id

__all__ = ["mex", "grundy_numbers", "grundy", "game_sum", "subtraction_grundy", "period"]

Position = Any
Moves = Callable[[Position], Iterable[Position]]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not in ``values``.

    Examples
    --------
    >>> mex([0, 1, 3]), mex([]), mex([1, 2])
    (2, 0, 0)
    """
    seen = set(values)
    k = 0
    while k in seen:
        k += 1
    return k


def grundy(position: Position, moves: Moves) -> dict[Position, int]:
    """Grundy numbers of every position reachable from ``position``.

    ``moves(p)`` lists the positions one move away from ``p``; the game must be finite
    and acyclic. Positions without a move have Grundy number 0.

    Raises
    ------
    ValueError
        If a position can be reached from itself (the mex recursion is undefined).

    Examples
    --------
    Subtraction game with rule {1, 2}: the Grundy numbers repeat 0, 1, 2.

    >>> g = grundy(7, lambda k: [k - q for q in (1, 2) if k - q >= 0])
    >>> [g[k] for k in range(8)]
    [0, 1, 2, 0, 1, 2, 0, 1]

    Notes
    -----
    Each position and each move is handled once: O(positions + moves). Iterative, so
    long games do not hit the recursion limit.
    """
    value: dict[Position, int] = {}
    on_path: set[Position] = set()
    stack: list[tuple[Position, list[Position]]] = [(position, list(moves(position)))]
    on_path.add(position)
    while stack:
        p, children = stack[-1]
        pending = next((c for c in children if c not in value), None)
        if pending is None:
            value[p] = mex(value[c] for c in children)
            on_path.discard(p)
            stack.pop()
        elif pending in on_path:
            raise ValueError(f"the game has a cycle through {vertex_id(pending)!r}: "
                             "Grundy numbers need an acyclic game")
        else:
            on_path.add(pending)
            stack.append((pending, list(moves(pending))))
    return value


def grundy_numbers(arena: Arena) -> dict[Vertex, int]:
    """Grundy numbers of every vertex of an acyclic arena, read as an impartial game.

    Owners are ignored; victory vertices are terminal (Grundy number 0), like dead ends.

    Examples
    --------
    >>> from arena.games import nim
    >>> g = grundy_numbers(nim(6, [1, 2]))
    >>> [g[(k, 0)] for k in range(7)]
    [0, 1, 2, 0, 1, 2, 0]
    """
    def moves(v: Vertex) -> Sequence[Vertex]:
        return () if arena.victory(v) is not None else arena.successors(v)

    numbers: dict[Vertex, int] = {}
    for v in arena.vertices:
        if v not in numbers:
            numbers.update(grundy(v, moves))
    return {v: numbers[v] for v in arena.vertices}


def game_sum(moves_g: Moves, moves_h: Moves) -> Moves:
    """The moves of the sum G + H: a position is a pair, and a move plays in one of them.

    Sprague-Grundy theorem: g(G + H) = g(G) xor g(H).

    Examples
    --------
    >>> heap = lambda k: range(k)            # one Nim heap: take any number
    >>> grundy((3, 5), game_sum(heap, heap))[(3, 5)] == 3 ^ 5
    True
    """
    def moves(pair: tuple[Position, Position]) -> list[tuple[Position, Position]]:
        a, b = pair
        return [(x, b) for x in moves_g(a)] + [(a, y) for y in moves_h(b)]

    return moves


def subtraction_grundy(rule: Iterable[int], n: int) -> list[int]:
    """Grundy numbers 0..n of the subtraction game with ``rule`` (take q ∈ rule sticks).

    Examples
    --------
    >>> subtraction_grundy([2, 3, 5], 13)
    [0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1, 2, 2, 3]
    """
    moves = sorted(set(rule))
    g: list[int] = []
    for k in range(n + 1):
        g.append(mex(g[k - q] for q in moves if q <= k))
    return g


def period(sequence: Sequence[int], max_preperiod: int | None = None) -> tuple[int, int]:
    """``(preperiod, period)``: the shortest period p such that ``s[k + p] == s[k]`` for
    every k ≥ preperiod within the sequence, with p at most a third of the sequence,
    the smallest preperiod first.

    Subtraction games with a finite rule are ultimately periodic; with enough terms this
    finds the period.

    Raises
    ------
    ValueError
        If no period fits in the sequence.

    Examples
    --------
    >>> period(subtraction_grundy([2, 3, 5], 60))
    (0, 7)
    """
    n = len(sequence)
    limit = n // 2 if max_preperiod is None else max_preperiod
    for start in range(limit + 1):
        for p in range(1, (n - start) // 3 + 1):
            if all(sequence[k + p] == sequence[k] for k in range(start, n - p)):
                return start, p
    raise ValueError("no period found; compute more terms")
