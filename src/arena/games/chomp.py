"""Chomp: a chocolate bar whose top-left square is poisoned (slides, « jeu de chomp »).

A move picks a remaining square and eats it with every square to its right and below.
Whoever has to eat the poisoned square loses.
"""

from __future__ import annotations

from itertools import product

from arena.arena import Arena
from arena.rules import from_rules

__all__ = ["chomp", "chomp_id", "shapes"]

Shape = tuple[int, ...]


def shapes(rows: int, cols: int) -> list[Shape]:
    """Every staircase that keeps the poisoned square: non-increasing row lengths, the
    first row not empty, trailing empty rows dropped. Largest shape first.

    Examples
    --------
    >>> shapes(2, 2)
    [(2, 2), (2, 1), (2,), (1, 1), (1,)]
    """
    out = []
    for lengths in product(range(cols, -1, -1), repeat=rows):
        if lengths[0] >= 1 and all(a >= b for a, b in zip(lengths, lengths[1:])):
            out.append(tuple(k for k in lengths if k))
    return out


def _bites(shape: Shape) -> list[Shape]:
    """Shapes left after each bite, square by square, row by row (the poison excluded)."""
    out = []
    for r, length in enumerate(shape):
        for c in range(length):
            if (r, c) == (0, 0):
                continue
            rest = tuple(min(k, c) if i >= r else k for i, k in enumerate(shape))
            out.append(tuple(k for k in rest if k))
    return out


def chomp_id(v: tuple[Shape, int]) -> str:
    """Text id: row lengths joined by dots, then the player to move: ``"3.3,0"``."""
    shape, player = v
    return ".".join(map(str, shape)) + f",{player}"


def chomp(rows: int = 2, cols: int = 3) -> Arena:
    """The game graph of chomp on a ``rows`` × ``cols`` bar; J_0 moves first.

    Vertex ``(shape, i)``: the remaining bar (its row lengths, top row first) and the
    player to move. When only the poisoned square is left, the player to move must eat
    it: ``((1,), i)`` is a victory of player 1 - i.

    The first player wins on every bar larger than 1 × 1, by *strategy stealing*:
    suppose the second player had a winning answer to every first move. Eating only the
    bottom-right square is a first move; let B be the second player's winning answer.
    Every square B eats includes the bottom-right one, so the first player could have
    played B at once and then followed the second player's strategy: the first player
    would win, a contradiction. The argument proves a winning move exists without
    saying which; the solver finds it.

    Examples
    --------
    >>> g = chomp(2, 3)
    >>> len(g), g.start, g.V1
    (18, ((3, 3), 0), (((1,), 0),))
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"a bar has at least one row and one column, not {rows} × {cols}")
    all_shapes = shapes(rows, cols)
    # each shape's bites are found once, for both players' copies; the poisoned square
    # alone has none: the player to move there loses
    bites = {s: _bites(s) for s in all_shapes}
    # every position, J_0's then J_1's, largest bar first
    positions = [(s, 0) for s in all_shapes] + [(s, 1) for s in all_shapes]
    return from_rules(positions[0], lambda p: [(t, 1 - p[1]) for t in bites[p[0]]],
                      lambda p: p[1], stuck="loses", include=positions,
                      limit=len(positions),
                      title={"fr": f"Chomp {rows} × {cols}", "en": f"Chomp {rows} × {cols}"})
