"""The data the course's widgets read (the attractor stepper, the game against the
strategy): written beside each interactive figure by the figure build, and computed in the
page by the game-design page (this module runs in Pyodide too: it needs the library
only)."""

from __future__ import annotations

from collections.abc import Callable

from arena.arena import Arena, Vertex, vertex_id


def value_order(vertex: Vertex) -> tuple:
    """A sort key that orders positions by value, whatever their types: numbers by size,
    strings alphabetically, tuples element by element (so that (2, 0) comes before
    (10, 0), which their text would put after it), and values of other types by type name,
    then text, after those.

    Examples
    --------
    >>> sorted([(10, 0), (2, 1), (2, 0), "b", 3, "a", None], key=value_order)
    [3, 'a', 'b', (2, 0), (2, 1), (10, 0), None]
    """
    if isinstance(vertex, (int, float)):
        return (0, vertex)
    if isinstance(vertex, str):
        return (1, vertex)
    if isinstance(vertex, tuple):
        return (2, tuple(value_order(part) for part in vertex))
    return (3, type(vertex).__name__, repr(vertex))


def figure_data(figure_id: str, arena: Arena, name: Callable[[Vertex], str] | None = None,
                board: dict | None = None,
                label: Callable[[Vertex], str] | None = None) -> dict:
    """What the interactive pages need about an interactive figure's arena: for every
    vertex its owner, victory, winner, ranks for each player, the owner's strategy move,
    and its successors with the SVG ids of the vertex and the edges; the attractor layers
    of each player. Vertices are named by their text id.

    A game played with pieces on a board also has ``board``, everything game-specific
    the page's script needs (it knows no game): ``cells``, the SVG id of each vertex of
    the board drawing; ``positions``, for each vertex of the arena, the piece on each
    cell; ``moves``, for each edge, the piece moved, ``from`` and ``to`` cells;
    ``pieces``, each piece's player and move label (``{from}``, ``{to}``) per language;
    ``players``, their names per language; ``pick``, the prompt to choose one of several
    pieces; ``limit``, the number of moves after which the play stops and its message
    (see :func:`arena.games.ourson.board_rules`).

    ``order`` lists the vertices by value (:func:`value_order`: the start menu's order).
    With ``label``, each vertex also has the text the page shows for it (its name is
    then only a key)."""
    from arena.render import svg_id
    from arena.solver import solve

    name = name or vertex_id
    sol = solve(arena)
    ranks = (sol.ranks(0), sol.ranks(1))
    vertices = {}
    for v in arena.vertices:
        n, move = name(v), sol.move[v]
        vertices[n] = {
            "svg": f"v-{svg_id(n)}", "owner": arena.owner(v), "victory": arena.victory(v),
            "winner": sol.winner[v], "rank": sol.rank[v], "ranks": [ranks[0][v], ranks[1][v]],
            "move": None if move is None else name(move),
            "successors": {name(y): f"e-{svg_id(n)}-{svg_id(name(y))}"
                           for y in arena.successors(v)},
        }
        if label is not None:
            vertices[n]["label"] = label(v)
    return {"id": figure_id, "start": None if arena.start is None else name(arena.start),
            "vertices": vertices,
            "order": [name(v) for v in sorted(arena.vertices, key=value_order)],
            "layers": [[[name(v) for v in layer] for layer in sol.layers(i)] for i in (0, 1)],
            **({} if board is None else {"board": board})}
