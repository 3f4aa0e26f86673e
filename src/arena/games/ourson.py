"""The ourson game (« jeu de l'ourson »): one bear cub against two puppies on a small graph.

From A. Busser, « La théorie des graphes appliquée aux jeux sur graphes », MathémaTICE
73 (2021). The board has six vertices; the ourson (J_0) moves first, the two
indistinguishable puppies (J_1) move one of them at a time; a piece moves along an edge
to a free vertex. The puppies win when the ourson, to move, is blocked; the ourson wins
if it is still free after 16 moves.

The article colours the 120 positions and finds the start ``0450`` lost for the ourson,
then tries a strategy for the puppies: "always move to a winning position of smaller
rank", where its rank is the length of a shortest path to a blocked position. That
strategy can cycle (:func:`article_rank_cycle`). The attractor rank has no such problem:
it counts moves against the *best defence*, and it falls by one at each move of the
winner, so the puppies' strategy of :func:`arena.solve` cannot cycle.
:func:`arena.verify_strategy` proves it: from ``0450`` every play that follows it ends
with the ourson blocked after at most 10 moves (5 by each side), the attractor rank of
``0450``, well inside the 16-move rule.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from arena.arena import Arena, Vertex
from arena.rules import from_rules

__all__ = ["BOARD", "START", "MOVE_LIMIT", "PLAYERS", "PIECES", "ourson", "pieces", "move",
           "board_rules", "article_rank", "article_rank_cycle"]

BOARD: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (0, 2, 3), (0, 1, 4), (0, 1, 5),
                                      (0, 2), (0, 3))
"""The board: the neighbours of each of its vertices 0-5 (undirected)."""

START = "0450"
"""Ourson on 0, puppies on 4 and 5, the ourson to move."""

MOVE_LIMIT = 16
"""The ourson wins if it is not blocked after this many moves (of both sides)."""

PLAYERS = ({"fr": "l'ourson", "en": "the cub"}, {"fr": "les chiots", "en": "the puppies"})
"""Who is who: J_0 is the ourson (the bear cub, "the cub" in English), J_1 the puppies."""

PIECES = {"ourson": (0, {"fr": "ourson", "en": "cub"}),
          "puppy": (1, {"fr": "chiot", "en": "puppy"})}
"""The pieces: the player who moves each one, and its name in French and English."""


def _position(v: int, a: int, b: int, t: int) -> str:
    a, b = min(a, b), max(a, b)
    return f"{v}{a}{b}{t}"


def ourson(board: tuple[tuple[int, ...], ...] = BOARD) -> Arena:
    """The state graph of the ourson game: 120 positions on the article's board.

    Vertex ``"vabt"``: the ourson on ``v``, the puppies on ``a < b``, ``t = 0`` when the
    ourson is to move (J_0), ``t = 1`` for the puppies (J_1). The positions where the
    ourson is to move and blocked form V1; nothing is in V0 (the 16-move rule is a bound
    on the length of the play, checked with :func:`arena.verify_strategy`).

    Examples
    --------
    >>> g = ourson()
    >>> len(g), g.n_edges, g.V1
    (120, 324, ('4020', '5030'))
    """
    n = len(board)
    places = [(v, a, b) for v in range(n) for a in range(n) for b in range(a + 1, n)
              if v not in (a, b)]

    def moves(position: str) -> list[str]:
        v, a, b, t = map(int, position)
        occupied = {v, a, b}
        if t == 0:                         # the ourson moves
            return sorted(_position(w, a, b, 1) for w in board[v] if w not in occupied)
        return sorted({_position(v, w, other, 0)        # one puppy moves
                       for moving, other in ((a, b), (b, a))
                       for w in board[moving] if w not in occupied})

    def winner(position: str) -> int | None:
        """The ourson blocked, to move, has lost."""
        return 1 if position[3] == "0" and not moves(position) else None

    # every position, the ourson's first; puppies that cannot move (never on the
    # article's board) end the play without a winner
    positions = ([_position(v, a, b, 0) for v, a, b in places]
                 + [_position(v, a, b, 1) for v, a, b in places])
    return from_rules(START, moves, lambda p: int(p[3]), stuck="draw", winner=winner,
                      include=positions,
                      limit=len(positions),
                      title={"fr": "Le jeu de l'ourson", "en": "The ourson game"})


def pieces(position: str) -> dict[int, str]:
    """Which vertex of the board holds which piece in ``position`` (a vertex ``"vabt"``).

    Examples
    --------
    >>> pieces("0450")
    {0: 'ourson', 4: 'puppy', 5: 'puppy'}
    """
    return {int(position[0]): "ourson", int(position[1]): "puppy", int(position[2]): "puppy"}


def move(a: str, b: str) -> tuple[str, int, int]:
    """The move from position ``a`` to position ``b``: the piece that moves, the vertex it
    leaves and the vertex it reaches (one piece moves, to a free vertex).

    Examples
    --------
    >>> move("0450", "1451")
    ('ourson', 0, 1)
    >>> move("1451", "1250")
    ('puppy', 4, 2)
    """
    before, after = pieces(a), pieces(b)
    (start,) = set(before) - set(after)
    (end,) = set(after) - set(before)
    return before[start], start, end


def board_rules(arena: Arena | None = None) -> dict:
    """The rules a board needs to show a play, as plain data (JSON): the players' and the
    pieces' names, each move's label (a template naming the piece, ``{from}`` and
    ``{to}``), the move limit and what it means, the prompt to pick one of several pieces;
    for every position, which vertex of the board holds which piece, and for every move,
    the piece that moves, from where and to where. Vertices of the board are strings.

    Examples
    --------
    >>> rules = board_rules()
    >>> rules["positions"]["0450"], rules["moves"]["0450"]["1451"]
    ({'0': 'ourson', '4': 'puppy', '5': 'puppy'}, {'piece': 'ourson', 'from': '0', 'to': '1'})
    >>> rules["limit"]["moves"], rules["players"][1]["en"]
    (16, 'the puppies')
    """
    arena = arena or ourson()

    def cells(position: str) -> dict[str, str]:
        return {str(v): piece for v, piece in sorted(pieces(position).items())}

    moves: dict[str, dict[str, dict[str, str]]] = {}
    for a in arena.vertices:
        moves[a] = {}
        for b in arena.successors(a):
            piece, start, end = move(a, b)
            moves[a][b] = {"piece": piece, "from": str(start), "to": str(end)}
    return {
        "players": list(PLAYERS),
        "pieces": {piece: {"player": player,
                           "move": {lang: f"{word} {{from}} → {{to}}"
                                    for lang, word in name.items()}}
                   for piece, (player, name) in PIECES.items()},
        "limit": {"moves": MOVE_LIMIT, "text": {
            "fr": f"L'ourson n'est pas bloqué après {MOVE_LIMIT} coups : il a gagné.",
            "en": f"The cub is not blocked after {MOVE_LIMIT} moves: the cub has won."}},
        "pick": {"fr": "Choisissez un chiot, puis sa destination.",
                 "en": "Pick a puppy, then where it goes."},
        "positions": {v: cells(v) for v in arena.vertices},
        "moves": moves,
    }


def article_rank(arena: Arena) -> dict[Vertex, int]:
    """The article's "rank": the length of a shortest path to a position without a move.

    It ignores who moves, which is why it misleads: the ourson does not help the puppies
    shorten the game.

    Examples
    --------
    >>> r = article_rank(ourson())
    >>> r["0450"], max(r.values())
    (6, 6)
    """
    pred: dict[Vertex, list[Vertex]] = {v: [] for v in arena.vertices}
    for x, y in arena.edges():
        pred[y].append(x)
    rank = {v: 0 for v in arena.vertices if not arena.successors(v)}
    queue = deque(rank)
    while queue:
        y = queue.popleft()
        for x in pred[y]:
            if x not in rank:
                rank[x] = rank[y] + 1
                queue.append(x)
    return rank


def article_rank_cycle(arena: Arena | None = None,
                       winner: Mapping[Vertex, int | None] | None = None) -> list[Vertex]:
    """A cycle, reachable from the start, of plays in which the puppies always move to a
    position they win and whose article rank is smaller, while the ourson moves freely.

    Returns the cycle as a list of positions, starting at the position nearest to the
    start and ending just before it comes back.

    Examples
    --------
    >>> cycle = article_rank_cycle()
    >>> len(cycle) >= 2 and cycle[0] in cycle[1:] + cycle[:1]
    True
    """
    from arena.solver import solve

    arena = arena or ourson()
    winner = winner if winner is not None else solve(arena).winner
    rank = article_rank(arena)

    def options(v: Vertex) -> list[Vertex]:
        succ = arena.successors(v)
        if arena.owner(v) == 0:
            return list(succ)
        return [y for y in succ if winner[y] == 1 and rank[y] < rank[v]]

    # Breadth-first order from the start, then the first back edge of a depth-first search.
    state: dict[Vertex, int] = {}
    path: list[Vertex] = [arena.start]
    cursor = [0]
    state[arena.start] = 1
    while path:
        v = path[-1]
        nexts = options(v)
        if cursor[-1] == len(nexts):
            state[v] = 2
            path.pop()
            cursor.pop()
            continue
        y = nexts[cursor[-1]]
        cursor[-1] += 1
        if state.get(y) == 1:
            return path[path.index(y):]
        if y not in state:
            state[y] = 1
            path.append(y)
            cursor.append(0)
    raise ValueError("no cycle: the article's strategy happens to work on this board")
