"""The value of one position of a game given by its rules: alpha-beta with a table.

:func:`arena.solve` computes every position's winner and rank. When only the start
position matters, a search from it can stop early: :func:`start_value` evaluates the
attractor's definition top-down, from the start, with alpha-beta pruning and a
transposition table (positions met again are looked up, which is memoisation of the
ranks), and returns the start's winner, its exact rank and a best move.

Values are integers seen from J_0: a win of J_0 in ``r`` moves is ``WIN - r``, a win of
J_1 in ``r`` moves is ``-(WIN - r)``, a draw is 0. J_0 maximises and J_1 minimises, so a
winner prefers the shortest win and a loser the longest loss, exactly as the rank does
(the winner's own positions take 1 + the least rank of a won successor, the loser's
1 + the greatest). One move later a value moves one step towards 0 (:func:`_later`), an
order-preserving map, so alpha-beta's windows carry through it (:func:`_sooner`).

Only games without cycles are searched (each move must lead to a position not on the
current line of play); :func:`arena.solve` handles the others.

References: Knuth and Moore, An analysis of alpha-beta pruning, Artificial Intelligence 6
(1975); transposition tables: Greenblatt, Eastlake and Crocker, The Greenblatt chess
program (1967).

>>> def moves(p):                 # Nim: take 1 or 2 of p[0] sticks, p[1] is to move
...     k, i = p
...     return [(k - q, 1 - i) for q in (1, 2) if q <= k]
>>> r = start_value((10, 0), moves, lambda p: p[1], stuck="loses")
>>> r.winner, r.rank, r.move
(0, 7, (9, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from arena.errors import ArenaError

__all__ = ["start_value", "SearchResult", "WIN"]

WIN = 1 << 40
"""The value of a victory of J_0 reached now; ``WIN - r`` is one reached in ``r`` moves."""
_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True)
class SearchResult:
    """The start position's winner (0, 1 or ``None`` for a draw), its rank (moves to the
    end under best play; ``None`` for a draw), a best move of the player to move (the
    successor, ``None`` at an end), and the number of positions searched."""

    winner: int | None
    rank: int | None
    move: Any
    positions: int


def _later(value: int) -> int:
    """A value one move further from its end."""
    return value - 1 if value > 0 else value + 1 if value < 0 else 0


def _sooner(bound: int) -> int:
    """The inverse of :func:`_later` on bounds: ``_later(v) <= b`` iff ``v <= _sooner(b)``."""
    return bound + 1 if bound > 0 else bound - 1 if bound < 0 else 0


def start_value(start: Hashable, moves: Callable[[Any], Iterable[Any]],
                player: Callable[[Any], int], *, stuck: str,
                winner: Callable[[Any], int | None] | None = None) -> SearchResult:
    """Winner, exact rank and best move of ``start`` in the game given by the rules
    (the arguments of :func:`arena.from_rules`), by alpha-beta with a transposition table.

    Equal to ``solve(from_rules(...))``'s winner and rank of the start (tested), without
    building the arena. Time: at most one visit per reachable position with the table;
    usually far fewer, since a winning move found cuts off the others.

    Raises :class:`ArenaError` on a cycle (a move back to a position of the current line).
    """
    if stuck not in ("loses", "draw"):
        raise ArenaError(f'stuck must be "loses" or "draw", not {stuck!r}', key="stuck")
    line: set[Any] = set()
    top = WIN + 1

    def end_value(p: Any) -> int | None:
        """The value of ``p`` if the play stops there (a victory), else ``None``."""
        if winner is not None:
            w = winner(p)
            if w is not None:
                return WIN if w == 0 else -WIN
        return None

    def searcher(later: Callable[[int], int], sooner: Callable[[int], int]):
        """Alpha-beta (fail-soft) with its own table, for values that change by ``later``
        one move further from their end."""
        table: dict[Any, tuple[int, int, Any]] = {}   # position -> (value, flag, move)

        def search(p: Any, alpha: int, beta: int) -> int:
            known = table.get(p)
            if known is not None:
                value, flag, _ = known
                if flag == _EXACT or (flag == _LOWER and value >= beta) or (
                        flag == _UPPER and value <= alpha):
                    return value
            mover = player(p)
            children = list(dict.fromkeys(moves(p)))
            if not children:
                value = (-WIN if mover == 0 else WIN) if stuck == "loses" else 0
                table[p] = (value, _EXACT, None)
                return value
            ends = {c: end_value(c) for c in children}     # each child's rules read once
            # a move that ends the play with the mover's victory is the best there is
            for c, end in ends.items():
                if end is not None and (end > 0) == (mover == 0):
                    value = later(end)
                    table[p] = (value, _EXACT, c)
                    return value
            if known is not None and known[2] is not None:   # the table's move first
                children.remove(known[2])
                children.insert(0, known[2])
            line.add(p)
            a0, b0 = alpha, beta
            best, best_move = (-top if mover == 0 else top), children[0]
            for c in children:
                if c in line:
                    raise ArenaError("the game has a cycle: start_value searches games "
                                     "without cycles (arena.solve handles the others)",
                                     vertex=c)
                end = ends[c]
                value = later(search(c, sooner(alpha), sooner(beta)) if end is None else end)
                if mover == 0:
                    if value > best:
                        best, best_move = value, c
                    alpha = max(alpha, value)
                else:
                    if value < best:
                        best, best_move = value, c
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            line.discard(p)
            flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
            table[p] = (best, flag, best_move)
            return best

        return search, table

    end = end_value(start)
    if end is not None:
        return SearchResult(0 if end > 0 else 1, 0, None, 1)
    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))
    try:
        # first who wins, if anyone (values WIN, 0, -WIN: a move changes nothing, and
        # many more branches are cut), then, for a win, in how many moves
        outcome, table = searcher(lambda v: v, lambda b: b)
        value = outcome(start, -top, top)
        searched = set(table)
        if value != 0:
            distance, table = searcher(_later, _sooner)
            value = distance(start, 0 if value > 0 else -top, top if value > 0 else 0)
            searched.update(table)
        positions = len(searched)
    finally:
        sys.setrecursionlimit(limit)
    move = table[start][2]
    if value == 0:
        return SearchResult(None, None, move, positions)
    return SearchResult(0 if value > 0 else 1, WIN - abs(value), move, positions)
