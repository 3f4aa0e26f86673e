"""Following memoryless strategies: the play they produce, and the sub-arena they leave.

A memoryless strategy of player i maps each vertex x ∈ S_i (outside V0 ∪ V1, with a
successor) to a successor of x; :attr:`Solution.move <arena.solver.Solution>` holds one
for each player, and :meth:`Solution.strategy <arena.solver.Solution.strategy>` one
player's. A play stops as soon as it reaches a victory position, so the moves out of a
victory position are never followed.

- :func:`play`: the play from a vertex when both players follow their strategies;
- :func:`reachable`: the sub-arena of the positions reachable from a vertex when one
  player follows a strategy and the other plays anything (or both play anything).

References
----------
.. [1] « Jeux d'accessibilité à deux joueurs », CPGE informatique course chapter,
   the definitions of a play and of a memoryless strategy.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.arena import Arena, Player, Vertex, vertex_id
from arena.errors import StrategyError

__all__ = ["play", "reachable"]


def _move(arena: Arena, strategy: Mapping[Vertex, Vertex | None], x: Vertex,
          successors: tuple[Vertex, ...], whose: str) -> Vertex:
    """The move ``strategy`` gives at ``x``, checked to be an edge of ``arena``."""
    y = strategy.get(x)
    if y is None:
        raise StrategyError(f"{whose} has no move at {vertex_id(x)!r}, which has "
                            f"{len(successors)} successor{'s' if len(successors) > 1 else ''}")
    if y not in successors:
        raise StrategyError(f"{whose} plays {vertex_id(x)!r} -> {vertex_id(y)!r}, which is not "
                            "an edge")
    return y


def _start(arena: Arena, start: Vertex | None) -> Vertex:
    if start is None:
        if arena.start is None:
            raise ValueError("no vertex to start from: give one, or an arena with a start")
        return arena.start
    if start not in arena:
        raise ValueError(f"the vertex {vertex_id(start)!r} is not in the arena")
    return start


def play(arena: Arena, strategy: Mapping[Vertex, Vertex | None],
         start: Vertex | None = None) -> tuple[Vertex, ...]:
    """The play from ``start`` in which the owner of each vertex moves as ``strategy`` says.

    The play is x_0 = start, then x_{k+1} = strategy(x_k), until it reaches a victory
    position (of either player) or a dead end. With memoryless strategies a play that
    comes back to a vertex repeats the same cycle forever: it is then returned up to the
    first vertex seen twice, which is its last element (and ``play[-1]`` appears earlier
    in it).

    Parameters
    ----------
    arena : Arena
    strategy : mapping vertex -> vertex
        The move of the owner at every vertex the play meets, for both players (such as
        :attr:`Solution.move <arena.solver.Solution>`, or the strategies of J_0 and J_1
        merged: ``{**sol.strategy(0), **sol.strategy(1)}``). Victory positions and dead
        ends need no move (their value, if any, is ignored).
    start : vertex, optional
        The first vertex (the arena's start by default).

    Returns
    -------
    tuple of vertices
        x_0, x_1, ..., ending at a victory position, at a dead end, or at the first
        vertex met twice.

    Raises
    ------
    StrategyError
        If ``strategy`` has no move at a vertex of the play that has successors, or
        plays a move that is not an edge.
    ValueError
        If there is no start, or ``start`` is not a vertex of the arena.

    Examples
    --------
    Both players follow the solver's strategies on Nim with 4 sticks and rule {1, 2}:
    J_0 wins in 3 moves, the rank of the start.

    >>> from arena import solve
    >>> from arena.games import nim
    >>> g = nim(4, [1, 2])
    >>> sol = solve(g)
    >>> play(g, sol.move)
    ((4, 0), (3, 1), (1, 0), (0, 1))
    >>> sol.rank[(4, 0)]
    3

    A cycle is returned up to the first repeated vertex:

    >>> from arena import Arena
    >>> loop = Arena(S0=["a"], S1=["b"], edges={"a": ["b"], "b": ["a"]})
    >>> play(loop, {"a": "b", "b": "a"}, "a")
    ('a', 'b', 'a')

    Notes
    -----
    O(k) time and memory for a play of k moves, and k ≤ |S|.

    See Also
    --------
    arena.solver.verify_strategy : every play that follows one player's strategy.
    reachable : every position such plays reach.
    """
    x = _start(arena, start)
    out = [x]
    seen = {x}
    while arena.victory(x) is None:
        successors = arena.successors(x)
        if not successors:
            break
        x = _move(arena, strategy, x, successors, "the strategy")
        out.append(x)
        if x in seen:
            break
        seen.add(x)
    return tuple(out)


def reachable(arena: Arena, root: Vertex | None = None, *, player: Player | None = None,
              strategy: Mapping[Vertex, Vertex | None] | None = None) -> Arena:
    """The sub-arena of the positions reachable from ``root`` when ``player`` follows
    ``strategy`` and the opponent plays anything (every move of both players when
    ``player`` is ``None``).

    Its vertices are the smallest set R with root ∈ R and, for x ∈ R outside V0 ∪ V1:
    strategy(x) ∈ R when x ∈ S_player, every successor of x in R otherwise. Its edges are
    exactly the moves that define R: one edge out of each vertex of ``player`` (none
    out of a victory position), every edge out of the others. Owners and victory sets
    are those of ``arena``; the start is ``root``.

    Parameters
    ----------
    arena : Arena
    root : vertex, optional
        The arena's start by default.
    player : 0, 1 or None
        The player who follows ``strategy``; ``None``: nobody, every move is kept.
    strategy : mapping vertex -> vertex, optional
        A move for each vertex of ``player`` that R meets (such as
        :attr:`Solution.move <arena.solver.Solution>` or ``Solution.strategy(player)``);
        required when ``player`` is given.

    Returns
    -------
    Arena
        Vertices in the order they are first reached (breadth first, in successor order)
        within S0 then within S1, so the same inputs give the same arena.

    Raises
    ------
    StrategyError
        If ``strategy`` has no move at a vertex of ``player`` in R that has successors,
        or plays a move that is not an edge.
    ValueError
        If there is no root, ``root`` is not a vertex, ``player`` is not 0, 1 or
        ``None``, or ``player`` is given without a strategy.

    Examples
    --------
    On Nim with 4 sticks and rule {1, 2}, J_0 follows the solver's strategy from
    (4, 0): J_1 may take 1 or 2 sticks from (3, 1), and every play reaches (0, 1).

    >>> from arena import solve
    >>> from arena.games import nim
    >>> g = nim(4, [1, 2])
    >>> sub = reachable(g, player=0, strategy=solve(g).move)
    >>> sub.vertices
    ((4, 0), (1, 0), (2, 0), (3, 1), (0, 1))
    >>> sub.successors((4, 0)), sub.successors((3, 1))
    (((3, 1),), ((1, 0), (2, 0)))

    With every move kept, only (3, 0) is out of reach: when J_0 is to move again, two
    moves have taken at least 2 sticks.

    >>> [v for v in g.vertices if v not in reachable(g)]
    [(3, 0)]

    Notes
    -----
    O(|R| + |A_R|) time and memory, where A_R are the edges out of R (one breadth-first
    search).

    See Also
    --------
    arena.solver.verify_strategy : proves that the plays in this sub-arena are won.
    play : one play, when both players follow a strategy.
    """
    x0 = _start(arena, root)
    if player not in (0, 1, None) or isinstance(player, bool):
        raise ValueError(f"a player is 0, 1 or None, not {player!r}")
    if player is not None and strategy is None:
        raise ValueError(f"J_{player} follows a strategy: give it")
    whose = f"the strategy of J_{player}"
    follow: Mapping[Vertex, Vertex | None] = strategy if strategy is not None else {}
    seen, order = {x0}, [x0]
    edges: dict[Vertex, list[Vertex]] = {}
    for x in order:             # the list grows while it is read
        if arena.victory(x) is not None:
            continue
        successors = arena.successors(x)
        if arena.owner(x) == player and successors:
            nexts = [_move(arena, follow, x, successors, whose)]
        else:
            nexts = list(successors)
        edges[x] = nexts
        for y in nexts:
            if y not in seen:
                seen.add(y)
                order.append(y)
    return Arena([v for v in order if arena.owner(v) == 0],
                 [v for v in order if arena.owner(v) == 1], edges,
                 V0=[v for v in order if arena.victory(v) == 0],
                 V1=[v for v in order if arena.victory(v) == 1], start=x0)
