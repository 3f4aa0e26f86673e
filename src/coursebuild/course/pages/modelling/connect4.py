"""Connect-4 on the chapter's page: the recorded solve of the 6 x 4 board (its counts, its
layers, the first moves) and the perfect game drawn from it."""

from __future__ import annotations

import json

from coursebuild.course.counts import LAYERS, MOVES, POSITIONS, count, said
from coursebuild.course.drawing import Drawing, _caption
from coursebuild.course.facts import claim
from coursebuild.paths import ROOT
from coursebuild.sources.markdown import (
    Bilingual,
    fragment,
    table,
    who,
)

CONNECT4_RESULT = "docs/data/connect4-6x4.json"


def _connect4_run(grid: list[list[int | None]], player: int) -> set[tuple[int, int]]:
    """The cells of ``player``'s runs of four on ``grid`` (``grid[row][col]``, row 0 at
    the bottom)."""
    rows, cols = len(grid), len(grid[0])
    cells: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(r + dr * i, c + dc * i) for i in range(4)]
                if all(0 <= y < rows and 0 <= x < cols and grid[y][x] == player
                       for y, x in run):
                    cells.update(run)
    return cells


def connect4_perfect_game() -> Drawing:
    import graphviz

    from arena.render import COLOURS, FONT, GREY, INK, PAPER

    # the file in the project (the cache key of the figure reads the same file)
    source = ROOT / CONNECT4_RESULT
    data = json.loads(source.read_text(encoding="utf-8"))
    rows, cols, game = data["rows"], data["cols"], data["perfect_game"]
    marks = ("×", "o")
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    heights = [0] * cols
    dot = graphviz.Graph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.attr("node", fontname=FONT, shape="plain")
    per_line, size = 6, 16
    for n, column in enumerate(game):
        player = n % 2
        row = heights[column]
        grid[row][column] = player
        heights[column] += 1
        run = _connect4_run(grid, player)
        trs = []
        for r in range(rows - 1, -1, -1):
            tds = []
            for c in range(cols):
                who = grid[r][c]
                attrs = f'WIDTH="{size}" HEIGHT="{size}"'
                if (r, c) == (row, column):
                    attrs += ' BGCOLOR="#D9D9D9"'          # the stone just played
                if (r, c) in run:
                    attrs += f' BORDER="2" COLOR="{COLOURS[player]}"'
                # × is drawn larger than o (its glyph is smaller); an empty cell holds a
                # space as tall as ×, so that every grid has the same height
                points = size - (5 if who == 1 else 2)
                text = (f'<FONT POINT-SIZE="{points}"> </FONT>' if who is None else
                        f'<FONT COLOR="{COLOURS[who]}" POINT-SIZE="{points}">'
                        f"<B>{marks[who]}</B></FONT>")
                tds.append(f"<TD {attrs}>{text}</TD>")
            trs.append("<TR>" + "".join(tds) + "</TR>")
        board = ('<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
                 f'COLOR="{GREY}" BGCOLOR="{PAPER}">' + "".join(trs) + "</TABLE>")
        label = (f'<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="0"><TR><TD>'
                 f'<FONT COLOR="{INK}" POINT-SIZE="12">{n + 1}</FONT></TD></TR>'
                 f"<TR><TD>{board}</TD></TR></TABLE>>")
        x, y = (n % per_line) * (cols * size + 40), -(n // per_line) * (rows * size + 64)
        dot.node(f"move-{n + 1}", label=label, pos=f"{x},{y}", id=f"move-{n + 1}")
    winner, rank = data["start"]["winner"], data["start"]["rank"]
    played = ", ".join(str(c + 1) for c in game)
    last = _connect4_run(grid, (len(game) - 1) % 2)
    full = len(game) == rows * cols
    return Drawing(dot, _caption(
        f"La partie parfaite sur la grille de {cols} colonnes et {rows} lignes, coup par "
        f"coup (le numéro du coup au-dessus de chaque grille). × (J₀) commence ; case "
        "grisée : le jeton qui vient d'être joué. Chacun joue au mieux : le gagnant vers la "
        "victoire la plus rapide, le perdant vers la défense la plus longue, et la colonne "
        "la plus à gauche quand plusieurs conviennent. "
        f"Colonnes jouées (numérotées de 1 à {cols} de gauche à droite) : {played}. "
        f"{'o (J₁)' if winner == 1 else '× (J₀)'} aligne au moins quatre jetons "
        f"(cases encadrées) au coup {rank}"
        + (", le dernier : la grille est alors pleine." if full else "."),
        f"The perfect game on the grid of {cols} columns and {rows} rows, move by move (the "
        "move number above each grid). × (J₀) starts; grey cell: the stone just played. "
        "Both play their best: the winner towards the fastest win, the loser towards the "
        "longest defence, and the leftmost column when several qualify. Columns played "
        f"(numbered 1 to {cols} from left to right): {played}. "
        f"{'o (J₁)' if winner == 1 else '× (J₀)'} lines up at least four stones "
        "(framed cells) "
        f"at move {rank}" + (", the last one: the grid is then full." if full else ".")),
        f"Connect-4 perfect game on {cols} x {rows}, columns {played}; "
        f"{'o' if winner == 1 else 'x'} wins at move {len(game)} with the cells "
        + ", ".join(f"(row {r + 1}, column {c + 1})" for r, c in sorted(last)) + ".",
        fixed=True)


# Connect-4 on 6 columns × 4 rows: read from the recorded result (``make connect-four``
# solves it again, in about 20 s; tests check that the record is the current solver's)
CONNECT4_DATA = ROOT / "docs" / "data" / "connect4-6x4.json"


def _connect4() -> dict:
    return json.loads(CONNECT4_DATA.read_text(encoding="utf-8"))


@count(POSITIONS)
def connect4_positions() -> int:
    """Connect-4 on 6 columns and 4 rows: the positions reachable from the empty grid
    (the recorded result of ``make connect-four``)."""
    return _connect4()["positions"]


@count(MOVES)
def connect4_moves() -> int:
    return _connect4()["moves"]


@count(MOVES)
def connect4_game_moves() -> int:
    """The length of the game when both play their best: the rank of the empty grid."""
    return _connect4()["start"]["rank"]


@count(LAYERS)
def connect4_layers() -> int:
    """The layers of positions by number of stones, from the empty grid to the full one."""
    return len(_connect4()["plies"])


@count(POSITIONS)
def connect4_largest_layer() -> int:
    plies = _connect4()["plies"]
    return max(plies)


@fragment
def connect4_facts() -> Bilingual:
    d = _connect4()
    cols, rows, w, rank = d["cols"], d["rows"], d["start"]["winner"], d["start"]["rank"]
    claim(w is not None and len(d["perfect_game"]) == rank, "the text says a player wins")
    full = rank == rows * cols
    first = {"fr": "le premier joueur" if w == 0 else "le second joueur",
             "en": "the first player" if w == 0 else "the second player"}
    lost = all(m["winner"] == w for m in d["first_moves"])
    return {lang: (
        f"Sur la grille de {cols} colonnes et {rows} lignes, on atteint "
        f"{said(connect4_positions, lang)} positions depuis la grille vide, reliées par "
        f"{said(connect4_moves, lang)} coups. Si chacun joue au mieux, {who(w, 'fr')}, "
        f"{first['fr']}, gagne, et la partie dure {said(connect4_game_moves, lang)} coups"
        + (", jusqu'à remplir la grille" if full else "")
        + (" : quel que soit son premier coup, $J_0$ perd.\n" if lost and w == 1 else ".\n")
        if lang == "fr" else
        f"On the grid of {cols} columns and {rows} rows, {said(connect4_positions, lang)} "
        f"positions can be reached from the empty grid, linked by {said(connect4_moves, lang)} "
        f"moves. When both play their best, {who(w, 'en')}, {first['en']}, wins, and the "
        f"game lasts {said(connect4_game_moves, lang)} moves"
        + (", until the grid is full" if full else "")
        + (": whatever their first move, $J_0$ loses.\n" if lost and w == 1 else ".\n"))
        for lang in ("fr", "en")}


@fragment
def connect4_first_moves() -> Bilingual:
    d = _connect4()
    out = {}
    for lang, head in (("fr", ("Premier coup de $J_0$", "Gagnant",
                               "Coups de la partie, ce premier coup compris")),
                       ("en", ("First move of $J_0$", "Winner",
                               "Moves in the game, this first move included"))):
        column = "colonne" if lang == "fr" else "column"
        rows = [(f"{column} {m['column'] + 1}", who(m["winner"], lang),
                 "" if m["rank"] is None else m["rank"] + 1) for m in d["first_moves"]]
        out[lang] = table(head, rows, "llr")
    return out
