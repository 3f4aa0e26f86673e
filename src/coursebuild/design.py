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
from collections import Counter
from collections.abc import Callable
from typing import Any

DRAW_LIMIT = 200
"""More positions than this: the game is solved, not drawn."""

DRAW_MOVES = 400
"""More moves than this: the game is solved, not drawn (Graphviz's layout of a dense graph
grows much faster than its size: 45 positions that all move to all others took a minute)."""

PLAIN_MOVES = 150
"""More moves than this (and at most :data:`DRAW_MOVES`): laid out with Graphviz's effort
bounded and straight edges, a few seconds at most where curves could take minutes."""

QUICK_LAYOUT = {"mclimit": "0.1", "nslimit": "1", "nslimit1": "1", "searchsize": "10",
                "splines": "line"}

SOLVE_LIMIT = 50_000
"""More positions than this: the exploration stops (the page's worker would take long)."""

LABEL_SIZE = 40
"""The longest text a position is shown with (longer ones are cut, with an ellipsis)."""

WORDS = {
    "fr": {
        "raised": "ligne {line} : {kind} : {message}",
        "raised_nowhere": "{kind} : {message}",
        "syntax": "ligne {line} : erreur de syntaxe : {message}",
        "syntax_nowhere": "erreur de syntaxe : {message}",
        "rules": "règles : {message}",
        "too_big": "plus de {limit} positions : le jeu est trop grand pour être résolu dans "
                   "la page (utilisez arena solve sur votre ordinateur)",
        "title": "TITLE : un texte, ou un texte par langue ({{\"fr\": ..., \"en\": ...}}), "
                 "pas {value}",
        "game": "Votre jeu",
    },
    "en": {
        "raised": "line {line}: {kind}: {message}",
        "raised_nowhere": "{kind}: {message}",
        "syntax": "line {line}: syntax error: {message}",
        "syntax_nowhere": "syntax error: {message}",
        "rules": "rules: {message}",
        "too_big": "more than {limit} positions: the game is too large to be solved in the "
                   "page (use arena solve on your computer)",
        "title": "TITLE: a text, or one text per language ({{\"fr\": ..., \"en\": ...}}), "
                 "not {value}",
        "game": "Your game",
    },
}


def _line(exc: BaseException) -> int | None:
    """The line of the student's code where ``exc`` was raised (its last frame there)."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == "<rules>":
            line = frame.lineno
    return line


def shown(value: Any, size: int = 200, how: Callable[[Any], str] = str) -> str:
    """``str(value)`` (or ``how(value)``) on one line, at most ``size`` characters,
    whatever the value does: a ``__str__`` that raises, an integer too long to convert, a
    text of a million lines.

    Examples
    --------
    >>> shown((9, 0)), shown("a\\nb"), shown("x" * 50, size=10)
    ('(9, 0)', 'a b', 'xxxxxxxxx…')
    >>> class Odd:
    ...     def __str__(self):
    ...         raise ValueError
    >>> shown(Odd()), shown(10 ** 5000)
    ('<an Odd that cannot be written>', '<an integer of about 10^5000>')
    """
    try:
        text = how(value)
        if not isinstance(text, str):
            raise TypeError
    except BaseException:       # the student's __str__: whatever it raises, one line
        if isinstance(value, int):          # more digits than Python converts
            return f"<an integer of about 10^{int(value.bit_length() * 0.30103)}>"
        try:
            kind = str(type(value).__name__)
        except BaseException:
            kind = "value"
        article = "an" if kind[:1].upper() in "AEIOU" else "a"
        return f"<{article} {kind} that cannot be written>"
    text = " ".join(text[: 2 * size].split())
    return text if len(text) <= size else text[: size - 1] + "…"


def _failure(exc: BaseException, words: dict[str, str]) -> str:
    """One line for anything the student's code raised, SystemExit, KeyboardInterrupt and
    the student's own BaseException included (the line of their code, if any)."""
    line = _line(exc)
    kind = shown(type(exc).__name__, 80)
    message = shown(exc)
    text = words["raised_nowhere" if line is None else "raised"].format(
        line=line, kind=kind, message=message)
    return text if message else text.rstrip(": \u00a0")


def _title(names: dict[str, Any], lang: str, words: dict[str, str]) -> str | None:
    """The rules' ``TITLE`` in ``lang``: a text, or one per language (SPEC §9)."""
    title = names.get("TITLE")
    if title is None:
        return None
    if isinstance(title, dict) and title and all(
            isinstance(k, str) and isinstance(v, str) for k, v in title.items()):
        title = title.get(lang, title.get("en", next(iter(title.values()))))
    if not isinstance(title, str) or not title.strip():
        raise ValueError(words["title"].format(value=shown(title, 60)))
    return shown(title, 120)


def labels(vertices: list[Any]) -> list[str]:
    """The text the page shows for each position: ``str(position)`` as the command line
    writes it (``(9, 0)``), cut to :data:`LABEL_SIZE`; where two positions would read the
    same (``1`` and ``"1"``), their ``repr`` (``1`` and ``'1'``), and if that is not
    enough, their number in the exploration as well.

    Examples
    --------
    >>> labels([(9, 0), 1, "1", "---"])
    ['(9, 0)', '1', "'1'", '---']
    """
    texts = [shown(v, LABEL_SIZE) for v in vertices]
    counts = Counter(texts)
    texts = [shown(v, LABEL_SIZE, repr) if counts[t] > 1 else t
             for v, t in zip(vertices, texts)]
    counts = Counter(texts)
    return [f"{t} #{k}" if counts[t] > 1 else t for k, t in enumerate(texts)]


def design(code: str, lang: str = "en", *, limit: int = SOLVE_LIMIT,
           draw_limit: int = DRAW_LIMIT, draw_moves: int = DRAW_MOVES,
           progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """What the design page shows for the rules ``code``: ``{"error": line}`` for rules
    that cannot be explored (one line, in ``lang``, whatever the code raises), else the
    title, counts, the start's winner and rank, and, for at most ``draw_limit`` positions
    and ``draw_moves`` moves, ``dot`` and ``data``.

    Positions are named by their number in the exploration (``"0"``, ``"1"``, ...: two
    positions never share a name, even when their texts coincide) and shown with
    :func:`labels`.

    Examples
    --------
    >>> r = design(EXAMPLES["takeaway"]["code"]["en"])
    >>> r["positions"], r["start"], r["start_winner"], r["start_rank"], r["drawn"]
    (20, '(10, 0)', 0, 5, True)
    >>> design("START = 0")["error"][:25]
    'rules: STUCK is missing ('
    >>> design("raise SystemExit(3)", "fr")["error"]
    'ligne 1 : SystemExit : 3'
    """
    words = WORDS.get(lang, WORDS["en"])
    try:
        return _design(code, lang, words, limit, draw_limit, draw_moves, progress)
    except BaseException as exc:    # the student's code, wherever it ran: one line
        return {"error": _failure(exc, words)}


def _design(code: str, lang: str, words: dict[str, str], limit: int, draw_limit: int,
            draw_moves: int, progress: Callable[[int], None] | None) -> dict[str, Any]:
    from arena import ArenaError, solve
    from arena.rules import rules_arena

    names: dict[str, Any] = {"__name__": "__rules__"}
    try:
        exec(compile(code, "<rules>", "exec"), names)
    except SyntaxError as exc:
        return {"error": words["syntax" if exc.lineno else "syntax_nowhere"].format(
            line=exc.lineno, message=shown(exc.msg))}
    try:
        title = _title(names, lang, words)
    except ValueError as exc:
        return {"error": shown(exc, 300)}
    try:
        g = rules_arena(names, limit=limit, progress=progress,
                        title={"fr": title or WORDS["fr"]["game"],
                               "en": title or WORDS["en"]["game"]})
    except ArenaError as exc:
        if "more than" in str(exc) and "positions" in str(exc):
            return {"error": words["too_big"].format(limit=f"{limit:,}".replace(
                ",", "\u202f" if lang == "fr" else ","))}
        return {"error": words["rules"].format(message=shown(exc, 300))}
    sol = solve(g)
    summary = sol.summary()
    texts = labels(list(g.vertices))
    number = {v: k for k, v in enumerate(g.vertices)}
    out: dict[str, Any] = {
        "title": title, "positions": len(g), "moves": g.n_edges,
        "won_by_0": summary["won_by_0"], "won_by_1": summary["won_by_1"],
        "draws": summary["draws"], "start": texts[number[g.start]],
        "start_winner": sol.winner[g.start], "start_rank": sol.rank[g.start],
        "limits": {"positions": draw_limit, "moves": draw_moves},
        "too_many": "positions" if len(g) > draw_limit
        else "moves" if g.n_edges > draw_moves else None,
    }
    out["drawn"] = out["too_many"] is None
    if out["drawn"]:
        from arena.render import View, arena_dot, describe, plain_label
        from coursebuild.widgets import figure_data

        def name(v: Any) -> str:
            return str(number[v])

        def text(v: Any) -> str:
            return texts[number[v]]

        # uncoloured, like a chapter's interactive figure: the stepper colours the steps
        out["dot"] = arena_dot(g, sol, View(), name=name, label=lambda v: plain_label(text(v)),
                               graph_attr=QUICK_LAYOUT if g.n_edges > PLAIN_MOVES else None
                               ).source
        out["desc"] = describe(g, sol, name=text)
        out["data"] = figure_data("design", g, name, label=text)
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
