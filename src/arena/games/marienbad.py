"""Multi-heap Nim, and Marienbad (its misère form, as played in Resnais's film).

A move takes any positive number of sticks from one heap. In normal play the player
who cannot move loses; in misère play the player who takes the last stick loses.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from itertools import product
from operator import xor

from arena.arena import Arena
from arena.numbers import parse_int_list
from arena.rules import from_rules

__all__ = ["marienbad", "marienbad_id", "heap_moves", "bouton_wins", "parse_heaps"]

Heaps = tuple[int, ...]


def parse_heaps(heaps: Iterable[int] | str) -> Heaps:
    """Heap sizes as a tuple (``"1,3,5,7"`` is accepted, read by
    :func:`arena.numbers.parse_int_list`).

    Examples
    --------
    >>> parse_heaps("1, 3,5,7"), parse_heaps([2, 0])
    ((1, 3, 5, 7), (2, 0))
    """
    if isinstance(heaps, str):
        heaps = parse_int_list(heaps, example="1,3,5,7")
    values = tuple(heaps)
    if not values or min(values) < 0:
        raise ValueError(f"heaps are a non-empty list of non-negative sizes, not {list(values)}")
    return values


def heap_moves(heaps: Heaps) -> list[Heaps]:
    """Positions after one move: take k ≥ 1 sticks from one heap (heap by heap, from
    taking all to taking one).

    Examples
    --------
    >>> heap_moves((1, 2))
    [(0, 2), (1, 0), (1, 1)]
    """
    return [heaps[:i] + (left,) + heaps[i + 1:]
            for i, h in enumerate(heaps) for left in range(h)]


def bouton_wins(heaps: Heaps, misere: bool = False) -> bool:
    """Bouton's theorem (1901): does the player to move win?

    Normal play: yes iff the nim-sum (xor of the heaps) is not 0. Misère play: the same,
    except when every heap has at most one stick, where the player to move wins iff the
    number of sticks is even.

    Examples
    --------
    >>> bouton_wins((1, 3, 5, 7)), bouton_wins((1, 3, 5, 7), misere=True)
    (False, False)
    """
    if misere and max(heaps, default=0) <= 1:
        return sum(heaps) % 2 == 0
    return reduce(xor, heaps, 0) != 0


def marienbad_id(v: tuple[Heaps, int]) -> str:
    """Text id: heap sizes joined by dots, then the player to move: ``"1.3.5.7,0"``."""
    heaps, player = v
    return ".".join(map(str, heaps)) + f",{player}"


def marienbad(heaps: Iterable[int] | str = (1, 3, 5, 7), misere: bool = True) -> Arena:
    """The game graph of multi-heap Nim from ``heaps``; misère (Marienbad) by default.

    Vertex ``(h, i)``: heap sizes ``h`` and J_i to move; every tuple of sizes up to the
    starting ones, for each player. With every heap empty and J_i to move, J_i wins in
    misère play (the opponent took the last stick) and loses in normal play.

    Examples
    --------
    >>> g = marienbad((1, 3, 5, 7))
    >>> len(g), g.start, g.V0
    (768, ((1, 3, 5, 7), 0), (((0, 0, 0, 0), 0),))
    """
    start = parse_heaps(heaps)
    heaps_list = [tuple(p) for p in product(*(range(h, -1, -1) for h in start))]
    # every position, J_0's then J_1's, the starting heaps first
    positions = [(h, 0) for h in heaps_list] + [(h, 1) for h in heaps_list]
    moves = {h: heap_moves(h) for h in heaps_list}
    # every heap empty: in misère play the player to move wins (the other took the last
    # stick); in normal play the player to move is stuck, and loses
    winner = (lambda p: None if any(p[0]) else p[1]) if misere else None
    rule = {"fr": "misère" if misere else "normale", "en": "misère" if misere else "normal"}
    sizes = ", ".join(map(str, start))
    return from_rules(positions[0], lambda p: [(h, 1 - p[1]) for h in moves[p[0]]],
                      lambda p: p[1], stuck="loses", winner=winner, include=positions,
                      limit=len(positions),
                      title={"fr": f"Nim à plusieurs tas ({sizes}), partie {rule['fr']}",
                             "en": f"Multi-heap Nim ({sizes}), {rule['en']} play"})
