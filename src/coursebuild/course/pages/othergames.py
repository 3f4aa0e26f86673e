"""More games: the figures and fragments of ``docs/fr/othergames.md`` and
``docs/en/othergames.md``: misère play (Fort Boyard's sticks, reverse tic-tac-toe,
where a line loses), Grundy's game, and hex."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import product

from arena import Arena, solve
from coursebuild.course import examples
from coursebuild.course.counts import DRAWS, MOVES, POSITIONS, WAYS, count, said
from coursebuild.course.drawing import Drawing, Figure, _caption
from coursebuild.course.facts import claim
from coursebuild.sources.markdown import Bilingual, both, fragment, table

# ---------------------------------------------------------------- misère play


def misere(arena: Arena) -> Arena:
    """The same moves, the victories of normal play exchanged: where J_i had won, J_{1-i}
    wins. For a game whose positions without a move are the victories of the opponent of
    the player to move (normal play), this is the misère game: the player to move with no
    move left has won, since the other one made the last move."""
    edges = {v: list(arena.successors(v)) for v in arena.vertices if arena.successors(v)}
    return Arena(S0=arena.S0, S1=arena.S1, edges=edges, V0=arena.V1, V1=arena.V0,
                 start=arena.start)


STICKS = 20
"""Fort Boyard's sticks game: 20 sticks, take 1, 2 or 3; whoever takes the last loses."""


@lru_cache(maxsize=1)
def sticks() -> dict:
    from arena.games import nim

    normal = nim(STICKS, [1, 2, 3])
    rows = {}
    for name, g in (("normal", normal), ("misere", misere(normal))):
        sol = solve(g)
        lost = [k for k in range(STICKS + 1) if sol.winner[k, 0] == 1]
        rows[name] = {"lost": lost, "winner": sol.winner[g.start],
                      "move": sol.move[g.start], "rank": sol.rank[g.start]}
    claim(rows["normal"]["lost"] == [k for k in range(STICKS + 1) if k % 4 == 0],
          "normal play: the player to move loses exactly at multiples of 4")
    claim(rows["misere"]["lost"] == [k for k in range(STICKS + 1) if k % 4 == 1],
          "misère play: the player to move loses exactly at 1 modulo 4")
    return rows


def _list(values: list[int], lang: str) -> str:
    words = [str(v) for v in values]
    last = " et " if lang == "fr" else " and "
    return ", ".join(words[:-1]) + last + words[-1] if len(words) > 1 else words[0]


@count(MOVES)
def sticks_misere_length() -> int:
    """The longest play from 20 sticks in misère play when the first player follows its
    strategy: the rank of the start."""
    return sticks()["misere"]["rank"]


@fragment
def sticks_facts() -> Bilingual:
    s = sticks()
    normal, m = s["normal"], s["misere"]
    left = m["move"][0]
    return both(
        f"Le calcul des attracteurs, sur les {STICKS + 1} nombres de bâtonnets de 0 à {STICKS}, montre que "
        f"le joueur qui doit jouer perd exactement avec {_list(normal['lost'], 'fr')} "
        f"bâtonnets en partie normale, et avec {_list(m['lost'], 'fr')} bâtonnets en partie "
        f"misère. Depuis {STICKS} bâtonnets en partie misère, le premier joueur gagne en "
        f"prenant {STICKS - left} bâtonnets (il en laisse {left}), et la partie dure au plus "
        f"{said(sticks_misere_length, 'fr')} coups.\n",
        f"Computing the attractors for the {STICKS + 1} numbers of sticks from 0 to {STICKS} shows that the "
        f"player to move loses exactly with {_list(normal['lost'], 'en')} sticks in normal "
        f"play, and with {_list(m['lost'], 'en')} sticks in misère play. From {STICKS} sticks "
        f"in misère play, the first player wins by taking {STICKS - left} sticks (leaving "
        f"{left}), and the play lasts at most {said(sticks_misere_length, 'en')} moves.\n")


@lru_cache(maxsize=1)
def _misere_tictactoe():
    g, normal = examples.tictactoe_3x3()
    reverse = solve(misere(g))
    claim(normal.winner[g.start] is None and reverse.winner[g.start] is None,
          "both forms of tic-tac-toe are draws")
    return reverse.summary()


@count(POSITIONS)
def reverse_tictactoe_won_by_x() -> int:
    return _misere_tictactoe()["won_by_0"]


@count(POSITIONS)
def reverse_tictactoe_won_by_o() -> int:
    return _misere_tictactoe()["won_by_1"]


@count(DRAWS)
def reverse_tictactoe_draws() -> int:
    return _misere_tictactoe()["draws"]


@fragment
def misere_tictactoe() -> Bilingual:
    from coursebuild.course.pages.modelling import tictactoe_positions

    return {lang: (
        f"Calculé sur les {said(tictactoe_positions, lang)} positions : au morpion à l'envers, "
        "la grille vide est, comme au morpion, un match nul ; "
        f"{said(reverse_tictactoe_won_by_x, lang)} positions sont gagnées par ×, "
        f"{said(reverse_tictactoe_won_by_o, lang)} par o et {said(reverse_tictactoe_draws, lang)} "
        "sont nulles.\n"
        if lang == "fr" else
        f"Computed on the {said(tictactoe_positions, lang)} positions: in reverse tic-tac-toe "
        "the empty grid is, as in tic-tac-toe, drawn; "
        f"{said(reverse_tictactoe_won_by_x, lang)} positions are won by ×, "
        f"{said(reverse_tictactoe_won_by_o, lang)} by o and {said(reverse_tictactoe_draws, lang)} "
        "are drawn.\n") for lang in ("fr", "en")}


# ---------------------------------------------------------------- Grundy's game

GRUNDY_HEAPS = 30


def split_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Grundy's game: a move splits one heap into two non-empty heaps of different sizes.
    A position is the sorted tuple of its heaps.

    >>> split_moves((7,))
    [(1, 6), (2, 5), (3, 4)]
    >>> split_moves((1, 2))
    []
    """
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for a in range(1, (h + 1) // 2):
            out.add(tuple(sorted(rest + (a, h - a))))
    return sorted(out)


@lru_cache(maxsize=1)
def grundy_game() -> dict:
    from arena.grundy import grundy

    values = {n: grundy((n,), split_moves)[(n,)] for n in range(1, GRUNDY_HEAPS + 1)}
    # Sprague and Grundy: a position of two heaps has the xor of their numbers
    checked = 0
    for a in range(1, 13):
        for b in range(a, 13):
            g = grundy((a, b), split_moves)[(a, b)]
            claim(g == values[a] ^ values[b], f"Grundy's game: g({a}, {b}) is not the xor")
            checked += 1
    return {"values": values, "checked": checked,
            "lost": [n for n, g in values.items() if g == 0]}


@fragment
def grundy_game_table() -> Bilingual:
    values = grundy_game()["values"]
    out = {}
    for lang, to in (("fr", "à"), ("en", "to")):
        rows = [(f"{start} {to} {min(start + 9, GRUNDY_HEAPS)}",
                 " ".join(str(values[n]) for n in range(start, min(start + 10,
                                                                   GRUNDY_HEAPS + 1))))
                for start in range(1, GRUNDY_HEAPS + 1, 10)]
        out[lang] = table(("$n$", "$g(n)$"), rows)
    return out


@count(POSITIONS)
def grundy_pairs_checked() -> int:
    """The positions of two heaps of 1 to 12 objects where Sprague and Grundy's xor is
    checked."""
    return grundy_game()["checked"]


@fragment
def grundy_game_facts() -> Bilingual:
    f = grundy_game()
    return both(
        f"Le premier joueur perd, depuis un seul tas de $n \\le {GRUNDY_HEAPS}$ objets, "
        f"exactement pour $n \\in \\{{{', '.join(map(str, f['lost']))}\\}}$. Sur les "
        f"{said(grundy_pairs_checked, 'fr')} positions de deux tas de 1 à 12 objets, le nombre de Grundy "
        f"calculé sur la position entière est bien le ou exclusif de ceux des deux tas.\n",
        f"The first player loses, from a single heap of $n \\le {GRUNDY_HEAPS}$ objects, "
        f"exactly for $n \\in \\{{{', '.join(map(str, f['lost']))}\\}}$. On the "
        f"{said(grundy_pairs_checked, 'en')} positions of two heaps of 1 to 12 objects, the Grundy number "
        f"computed on the whole position is indeed the exclusive or of the two heaps' "
        f"numbers.\n")


# ---------------------------------------------------------------- hex

HEX_SIZE = 3


def hex_neighbours(n: int) -> list[list[int]]:
    """The neighbours of each cell of an n × n hex board, cell ``r * n + c`` at row ``r``
    and column ``c``: a rhombus of hexagons, where (r, c) touches (r, c ± 1), (r ± 1, c),
    (r - 1, c + 1) and (r + 1, c - 1).

    >>> hex_neighbours(2)
    [[1, 2], [0, 2, 3], [0, 1, 3], [1, 2]]
    """
    return [[rr * n + cc for rr, cc in ((r - 1, c), (r - 1, c + 1), (r, c - 1), (r, c + 1),
                                        (r + 1, c - 1), (r + 1, c))
             if 0 <= rr < n and 0 <= cc < n]
            for r in range(n) for c in range(n)]


def hex_connects(board: str, n: int, mark: str) -> bool:
    """Whether ``mark``'s cells join its two sides: ``x`` (J_0) the top and bottom rows,
    ``o`` (J_1) the left and right columns.

    >>> hex_connects("x-" "x-", 2, "x"), hex_connects("x-" "-x", 2, "x")
    (True, False)
    """
    nb = hex_neighbours(n)
    if mark == "x":
        start = [c for c in range(n) if board[c] == "x"]

        def arrived(k: int) -> bool:
            return k // n == n - 1
    else:
        start = [r * n for r in range(n) if board[r * n] == "o"]

        def arrived(k: int) -> bool:
            return k % n == n - 1
    seen, todo = set(start), list(start)
    while todo:
        k = todo.pop()
        if arrived(k):
            return True
        for j in nb[k]:
            if board[j] == mark and j not in seen:
                seen.add(j)
                todo.append(j)
    return False


def full_boards(n: int) -> Iterator[str]:
    return ("".join(cells) for cells in product("xo", repeat=n * n))


@cache
def full_board_counts(n: int) -> tuple[int, int, int]:
    """For every way of filling the n × n board: how many fillings, how many where both
    players join their sides, how many where neither does."""
    total = both_ = neither = 0
    for board in full_boards(n):
        x, o = hex_connects(board, n, "x"), hex_connects(board, n, "o")
        total += 1
        both_ += x and o
        neither += not x and not o
    return total, both_, neither


def hex_arena(n: int) -> Arena:
    """Hex on an n × n board from the empty board: × (J_0) plays first and joins the top
    and bottom rows, o (J_1) joins the left and right columns. A vertex is the board,
    row by row (``x``, ``o``, ``-``); the play stops at the first chain, which is a
    victory of the player who just completed it."""
    empty = "-" * (n * n)
    owner = {empty: 0}
    order = [empty]
    edges: dict[str, list[str]] = {}
    V: tuple[list[str], list[str]] = ([], [])
    for board in order:        # breadth-first: the list grows while it is read
        last = 1 - owner[board]
        if board != empty and hex_connects(board, n, "xo"[last]):
            V[last].append(board)
            continue
        children = []
        for k, cell in enumerate(board):
            if cell == "-":
                child = board[:k] + "xo"[owner[board]] + board[k + 1:]
                children.append(child)
                if child not in owner:
                    owner[child] = last
                    order.append(child)
        if children:
            edges[board] = children
    return Arena(S0=[b for b in order if owner[b] == 0], S1=[b for b in order if owner[b] == 1],
                 edges=edges, V0=V[0], V1=V[1], start=empty)


@lru_cache(maxsize=1)
def hex_game() -> dict:
    g = hex_arena(HEX_SIZE)
    sol = solve(g)
    openings = {}
    for child in g.successors(g.start):
        k = child.index("x")
        openings[k] = (sol.winner[child], sol.rank[child])
    claim(sol.winner[g.start] == 0, "hex: the first player does not win")
    claim(sol.summary()["draws"] == 0, "hex: a position is a draw")
    return {"arena": g, "solution": sol, "openings": openings}


@count(WAYS)
def hex_fillings_2() -> int:
    """The ways of filling a 2 × 2 hex board entirely with × and o."""
    return full_board_counts(2)[0]


@count(WAYS)
def hex_fillings_3() -> int:
    return full_board_counts(3)[0]


@count(WAYS)
def hex_fillings_4() -> int:
    return full_board_counts(4)[0]


@count(POSITIONS)
def hex_positions() -> int:
    return len(hex_game()["arena"])


@count(MOVES)
def hex_moves() -> int:
    return hex_game()["arena"].n_edges


@count(MOVES)
def hex_first_moves() -> int:
    return len(hex_game()["openings"])


@count(MOVES)
def hex_winning_first_moves() -> int:
    return sum(1 for w, _ in hex_game()["openings"].values() if w == 0)


@fragment
def hex_facts() -> Bilingual:
    for size in (2, 3, 4):
        _, twice, none = full_board_counts(size)
        claim(twice == 0 and none == 0,
              f"hex {size} × {size}: a full board without exactly one chain")
    h = hex_game()
    g, sol = h["arena"], h["solution"]
    claim(sol.summary()["draws"] == 0, "the text says: no position is a draw")
    return {lang: (
        "Vérifié par le calcul sur toutes les façons de remplir entièrement un plateau : "
        f"{said(hex_fillings_2, lang)} façons pour le plateau 2 × 2, {said(hex_fillings_3, lang)} "
        f"façons pour le 3 × 3 et {said(hex_fillings_4, lang)} façons pour le 4 × 4 ; chacune "
        f"a exactement un gagnant. Sur le plateau {HEX_SIZE} × {HEX_SIZE}, le graphe a "
        f"{said(hex_positions, lang)} positions et {said(hex_moves, lang)} coups, aucune position "
        "n'est nulle, et la grille vide est gagnée par × avec le rang "
        f"{sol.rank[g.start]} ; {said(hex_winning_first_moves, lang)} des "
        f"{said(hex_first_moves, lang)} premiers coups de × gagnent.\n"
        if lang == "fr" else
        "Checked by computation on every way of filling a board entirely: "
        f"{said(hex_fillings_2, lang)} ways for the 2 × 2 board, {said(hex_fillings_3, lang)} ways "
        f"for the 3 × 3 board and {said(hex_fillings_4, lang)} ways for the 4 × 4 board; each "
        f"one has exactly one winner. On the {HEX_SIZE} × {HEX_SIZE} board, the graph has "
        f"{said(hex_positions, lang)} positions and {said(hex_moves, lang)} moves, no position is "
        f"a draw, and the empty board is won by × with rank {sol.rank[g.start]}; "
        f"{said(hex_winning_first_moves, lang)} of the {said(hex_first_moves, lang)} first moves "
        "of × win.\n") for lang in ("fr", "en")}


def hex_openings() -> Drawing:
    import graphviz

    from arena.render import COLOURS, FONT, GREY, PAPER

    h = hex_game()
    n = HEX_SIZE
    dot = graphviz.Graph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.attr("node", fontname=FONT, fontsize="14", shape="hexagon", width="0.9",
             height="0.78", fixedsize="true", style="filled,setlinewidth(2)")
    words = []
    for k, (winner, rank) in sorted(h["openings"].items()):
        r, c = divmod(k, n)
        x, y = 66 * c + 33 * r, -57 * r
        colour = COLOURS[winner]
        dot.node(f"c{k}", label=f"J{winner}\n{rank}", pos=f"{x},{y}",
                 fillcolor=PAPER if winner else colour, color=colour,
                 fontcolor=colour if winner else PAPER,
                 style="filled,dashed,setlinewidth(3)" if winner else "filled,setlinewidth(3)")
        words.append(f"row {r + 1} column {c + 1}: J{winner}, rank {rank}")
    # the sides each player joins: × top and bottom, o left and right
    width = 66 * (n - 1)
    for name, label, x, y, colour in (
            ("top", "×", width / 2, 57, COLOURS[0]),
            ("bottom", "×", width / 2 + 33 * (n - 1), -57 * n, COLOURS[0]),
            ("left", "o", 33 * (n - 1) / 2 - 66, -57 * (n - 1) / 2, COLOURS[1]),
            ("right", "o", width + 33 * (n - 1) / 2 + 66, -57 * (n - 1) / 2, COLOURS[1])):
        dot.node(name, label=label, pos=f"{x},{y}", shape="plaintext", fontsize="22",
                 fontcolor=colour, style="")
    dot.attr("edge", color=GREY)
    return Drawing(dot, _caption(
        f"Hex sur un plateau {n} × {n} : × joint le haut et le bas, o la gauche et la droite. "
        "Dans chaque case, le gagnant de la partie (contre la meilleure défense) si × y joue "
        "son premier coup, et le rang de la position obtenue. Cases pleines à bord plein : "
        "premier coup gagnant pour × (J₀) ; cases blanches à bord tireté : gagnant pour o "
        "(J₁).",
        f"Hex on a {n} × {n} board: × joins top and bottom, o left and right. In each cell, "
        "the winner of the play (against the best defence) if × plays their first move there, "
        "and the rank of the position reached. Filled cells with a solid border: a winning "
        "first move for × (J₀); white cells with a dashed border: a win for o (J₁)."),
        f"Hex board {n} by {n}; first move of × in each cell: " + "; ".join(words) + ".",
        fixed=True)


FIGURES: tuple[Figure, ...] = (
    Figure("hex-openings", hex_openings),
)
