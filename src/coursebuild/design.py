"""The game-design page: a student's rules, typed in the page, solved in the page.

This module runs in Pyodide (the page's worker calls :func:`design`): it runs the code the
student wrote, builds the arena of the rules with :func:`arena.rules.rules_arena`, solves
it, and returns what the page shows, as plain data (JSON): the counts, the winner of the
start and its rank, and for a game small enough to draw, the DOT the page lays out with
Graphviz (compiled to WebAssembly) and the data the stepper and the game read, the same as
the figure build writes for a chapter's interactive figure.

The examples the page offers are here too, one per game, in both languages.
"""

from __future__ import annotations

import traceback
from typing import Any

DRAW_LIMIT = 200
"""More positions than this: the game is solved, not drawn."""

SOLVE_LIMIT = 50_000
"""More positions than this: the exploration stops (the page's worker would take long)."""

WORDS = {
    "fr": {
        "raised": "ligne {line} : {kind} : {message}",
        "syntax": "ligne {line} : erreur de syntaxe : {message}",
        "rules": "règles : {message}",
        "too_big": "plus de {limit} positions : le jeu est trop grand pour être résolu dans "
                   "la page (utilisez arena solve sur votre ordinateur)",
    },
    "en": {
        "raised": "line {line}: {kind}: {message}",
        "syntax": "line {line}: syntax error: {message}",
        "rules": "rules: {message}",
        "too_big": "more than {limit} positions: the game is too large to be solved in the "
                   "page (use arena solve on your computer)",
    },
}


def _line(exc: BaseException) -> int | None:
    """The line of the student's code where ``exc`` was raised (its last frame there)."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == "<rules>":
            line = frame.lineno
    return line


def design(code: str, lang: str = "en", *, limit: int = SOLVE_LIMIT,
           draw_limit: int = DRAW_LIMIT) -> dict[str, Any]:
    """What the design page shows for the rules ``code``: ``{"error": line}`` for rules
    that cannot be explored (one line, in ``lang``), else the counts, the start's winner
    and rank, and, for at most ``draw_limit`` positions, ``dot`` and ``data``.

    Examples
    --------
    >>> r = design(EXAMPLES["takeaway"]["code"]["en"])
    >>> r["positions"], r["start_winner"], r["start_rank"], r["drawn"]
    (20, 0, 5, True)
    >>> design("START = 0")["error"][:25]
    'rules: STUCK is missing ('
    """
    from arena import ArenaError, solve
    from arena.arena import vertex_id
    from arena.rules import rules_arena

    words = WORDS.get(lang, WORDS["en"])
    names: dict[str, Any] = {"__name__": "__rules__"}
    try:
        exec(compile(code, "<rules>", "exec"), names)
    except SyntaxError as exc:
        return {"error": words["syntax"].format(line=exc.lineno, message=exc.msg)}
    except Exception as exc:         # the student's code: any error is theirs, said in a line
        return {"error": words["raised"].format(line=_line(exc), kind=type(exc).__name__,
                                                message=exc)}
    try:
        g = rules_arena(names, limit=limit, title={"fr": "Votre jeu", "en": "Your game"})
    except ArenaError as exc:
        if "more than" in str(exc) and "positions" in str(exc):
            return {"error": words["too_big"].format(limit=f"{limit:,}".replace(
                ",", "\u202f" if lang == "fr" else ","))}
        return {"error": words["rules"].format(message=exc)}
    sol = solve(g)
    summary = sol.summary()
    out: dict[str, Any] = {
        "positions": len(g), "moves": g.n_edges, "won_by_0": summary["won_by_0"],
        "won_by_1": summary["won_by_1"], "draws": summary["draws"],
        "start": vertex_id(g.start), "start_winner": sol.winner[g.start],
        "start_rank": sol.rank[g.start], "drawn": len(g) <= draw_limit,
    }
    if out["drawn"]:
        from arena.render import View, arena_dot, describe
        from coursebuild.widgets import figure_data

        out["dot"] = arena_dot(g, sol, View(winners=True, ranks=True)).source
        out["desc"] = describe(g, sol)
        out["data"] = figure_data("design", g)
    return out


# Each example is written once; its comments and the names a student reads are in the
# page's language (``{...}`` fields, filled from the words below).
_TEMPLATES = {
    "takeaway": '''# {intro}
# {position}
START = (10, 0)

# {stuck}
STUCK = "loses"


def player(p):
    return p[1]


def moves(p):
    k, i = p
    return [(k - q, 1 - i) for q in (1, 2, 3) if q <= k]
''',
    "putback": '''# {intro}
# {cycles}
START = (6, 0)
STUCK = "loses"


def player(p):
    return p[1]


def moves(p):
    k, i = p
    {options} = [(k - q, 1 - i) for q in (1, 2) if q <= k]
    if 0 < k < 6:
        {options}.append((k + 1, 1 - i))
    return {options}
''',
    "tictactoe": '''# {intro}
# {rules}
START = "---------"
STUCK = "draw"
{LINES} = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
{pad}(0, 4, 8), (2, 4, 6)]


def player({grid}):
    return (9 - {grid}.count("-")) % 2


def winner({grid}):
    for a, b, c in {LINES}:
        if {grid}[a] != "-" and {grid}[a] == {grid}[b] == {grid}[c]:
            return "xo".index({grid}[a])
    return None


def moves({grid}):
    {mark} = "xo"[player({grid})]
    return [{grid}[:k] + {mark} + {grid}[k + 1:] for k in range(9) if {grid}[k] == "-"]
''',
}
_WORDS = {
    "takeaway": {
        "fr": {"intro": "10 bâtonnets ; chacun son tour, on en retire 1, 2 ou 3.",
               "position": "Une position est (bâtonnets restants, joueur qui doit jouer).",
               "stuck": "qui ne peut plus jouer (il ne reste rien) a perdu"},
        "en": {"intro": "10 sticks; in turn, each player takes 1, 2 or 3.",
               "position": "A position is (sticks left, player to move).",
               "stuck": "a player who cannot move (nothing is left) has lost"}},
    "putback": {
        "fr": {"intro": "6 bâtonnets ; on en retire 1 ou 2, ou on en remet un (jamais plus de 6).",
               "cycles": "Remettre un bâtonnet permet de revenir à une position : des parties "
                         "infinies.",
               "options": "coups"},
        "en": {"intro": "6 sticks; take 1 or 2, or put one back (never more than 6).",
               "cycles": "Putting a stick back returns to a position: plays can go on forever.",
               "options": "options"}},
    "tictactoe": {
        "fr": {"intro": 'Le morpion : une grille de 9 cases, "-" pour une case vide.',
               "rules": "× (J_0) commence ; trois marques alignées gagnent ; grille pleine : "
                        "match nul.",
               "LINES": "LIGNES", "pad": " " * 10, "grid": "grille", "mark": "marque"},
        "en": {"intro": 'Tic-tac-toe: a grid of 9 cells, "-" for an empty cell.',
               "rules": "× (J_0) starts; three marks in a row win; a full grid: a draw.",
               "LINES": "LINES", "pad": " " * 9, "grid": "grid", "mark": "mark"}},
}

EXAMPLES: dict[str, dict[str, Any]] = {
    name: {"title": title,
           "code": {lang: _TEMPLATES[name].format(**_WORDS[name][lang]) for lang in ("fr", "en")}}
    for name, title in (
        ("takeaway", {"fr": "Un jeu de retrait", "en": "A take-away game"}),
        ("putback", {"fr": "Un jeu avec des matchs nuls", "en": "A game with draws"}),
        ("tictactoe", {"fr": "Le morpion", "en": "Tic-tac-toe"}))
}
"""The games the page offers to load, the first one in the editor when the page opens."""
