"""The game-design page: a student's rules, typed in the page, solved in the page.

This module runs in Pyodide (the page's worker calls :func:`design`): it runs the code the
student wrote, builds the arena of the rules with :func:`arena.rules_file.rules_arena`, solves
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

SOLVE_LIMIT = 1_000_000
"""More positions than this: the exploration stops (as the library's default limit)."""

MEMORY_LIMIT = 1 << 30
"""More bytes than this held by the page's Python: the exploration stops (a game whose
positions are large would otherwise take the browser's memory before the position limit).
Connect-4 on 4 x 4 (161,029 positions) takes about 90 MB."""

PROGRESS_EVERY = 4096
"""The page hears of the exploration, and checks the memory, every so many positions."""

FIRST_MOVES = 30
"""A game too large to draw: its best first moves shown, at most so many."""

BOARD_SIZE = 2000
"""The longest text ``draw(position)`` may give (a board, not a book)."""

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
        "memory": "plus de {size} Mo de mémoire après {explored} positions explorées : le jeu "
                  "est trop grand pour la page (utilisez arena solve sur votre ordinateur)",
        "board": "draw doit renvoyer un texte, pas un {value}",
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
        "memory": "more than {size} MB of memory after {explored} positions explored: the "
                  "game is too large for the page (use arena solve on your computer)",
        "board": "draw must return a text, not a {value}",
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


def design(code: str, lang: str = "en", **options: Any) -> dict[str, Any]:
    """What the design page shows for the rules ``code`` (see :class:`Design`, whose
    ``result`` it is; ``options`` are its own).

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
    return Design(code, lang, **options).result


class _OutOfMemory(BaseException):
    """Raised in the exploration when the page's memory limit is passed (a BaseException,
    so that the library does not report it as an error of ``moves``)."""

    def __init__(self, explored: int) -> None:
        super().__init__(explored)
        self.explored = explored


class _NotABoard(Exception):
    """``draw`` returned something other than a text (the message says what)."""


class Design:
    """One Solve of the design page: the rules ``code`` run, explored and solved.

    ``result`` is what the page shows: ``{"error": line}`` for rules that cannot be
    explored (one line, in ``lang``, whatever the code raises), else the title, counts,
    the start's winner and rank, and, for at most ``draw_limit`` positions and
    ``draw_moves`` moves, ``dot`` and ``data`` (the drawing and the widgets' data). A
    game too large to draw has instead its best first moves (``first_moves``), and, when
    the rules give ``draw(position)``, ``board``: the start's text, and
    :meth:`position` answers for each position a play reaches.

    Positions are named by their number in the exploration (``"0"``, ``"1"``, ...: two
    positions never share a name, even when their texts coincide) and shown with
    :func:`labels`.

    ``progress(phase, n)`` is told ``("explore", n)`` every :data:`PROGRESS_EVERY`
    positions explored, then ``("solve", n)``, and ``("draw", 0)`` before the board;
    ``memory()`` gives the bytes the page's Python holds, checked as often: past
    ``memory_limit`` the exploration stops.
    """

    def __init__(self, code: str, lang: str = "en", *, limit: int = SOLVE_LIMIT,
                 draw_limit: int = DRAW_LIMIT, draw_moves: int = DRAW_MOVES,
                 progress: Callable[[str, int], None] | None = None,
                 memory: Callable[[], int] | None = None,
                 memory_limit: int = MEMORY_LIMIT) -> None:
        self.lang = lang if lang in WORDS else "en"
        self.words = WORDS[self.lang]
        self.names: dict[str, Any] = {"__name__": "__rules__"}
        self.arena: Any = None
        self.solution: Any = None
        try:
            self.result = self._solve(code, limit, draw_limit, draw_moves, progress, memory,
                                      memory_limit)
        except _OutOfMemory as exc:
            self.result = {"error": self.words["memory"].format(
                size=_number(memory_limit >> 20, self.lang),
                explored=_number(exc.explored, self.lang))}
        except BaseException as exc:    # the student's code, wherever it ran: one line
            self.result = {"error": _failure(exc, self.words)}

    def _solve(self, code: str, limit: int, draw_limit: int, draw_moves: int,
               progress: Callable[[str, int], None] | None, memory: Callable[[], int] | None,
               memory_limit: int) -> dict[str, Any]:
        from arena import ArenaError, solve
        from arena.rules_file import rules_arena

        words, names = self.words, self.names
        try:
            exec(compile(code, "<rules>", "exec"), names)
        except SyntaxError as exc:
            return {"error": words["syntax" if exc.lineno else "syntax_nowhere"].format(
                line=exc.lineno, message=shown(exc.msg))}
        try:
            title = _title(names, self.lang, words)
        except ValueError as exc:
            return {"error": shown(exc, 300)}
        rules = dict(names)
        watch = (_watch(progress, memory, memory_limit)
                 if progress is not None or memory is not None else None)
        try:
            g = rules_arena(rules, limit=limit, progress=watch, progress_every=PROGRESS_EVERY,
                            title={"fr": title or WORDS["fr"]["game"],
                                   "en": title or WORDS["en"]["game"]})
        except ArenaError as exc:
            if "positions" in str(exc) and f"{limit:,}" in str(exc):
                return {"error": words["too_big"].format(limit=_number(limit, self.lang))}
            return {"error": words["rules"].format(message=shown(exc, 300))}
        if progress is not None:
            progress("solve", len(g))
        sol = solve(g)
        self.arena, self.solution = g, sol
        summary = sol.summary()
        too_many = ("positions" if len(g) > draw_limit
                    else "moves" if g.n_edges > draw_moves else None)
        out: dict[str, Any] = {
            "title": title, "positions": len(g), "moves": g.n_edges,
            "won_by_0": summary["won_by_0"], "won_by_1": summary["won_by_1"],
            "draws": summary["draws"], "start": shown(g.start, LABEL_SIZE),
            "start_winner": sol.winner[g.start], "start_rank": sol.rank[g.start],
            "limits": {"positions": draw_limit, "moves": draw_moves},
            "too_many": too_many, "drawn": too_many is None,
        }
        if too_many is None:
            out.update(self._drawing())
            return out
        first = self.position(g.index(g.start), texts=False)["successors"]
        out["first_moves"] = first[:FIRST_MOVES]
        out["more_first_moves"] = max(0, len(first) - FIRST_MOVES)
        if callable(names.get("draw")):
            if progress is not None:
                progress("draw", 0)
            out["board"] = self.position(g.index(g.start))
        return out

    def _drawing(self) -> dict[str, Any]:
        """The drawing (DOT), its text alternative and the widgets' data."""
        from arena.render import View, arena_dot, describe, plain_label
        from coursebuild.course.widgets import figure_data

        g, sol = self.arena, self.solution
        texts = labels(list(g.vertices))
        number = {v: k for k, v in enumerate(g.vertices)}

        def name(v: Any) -> str:
            return str(number[v])

        def text(v: Any) -> str:
            return texts[number[v]]

        # uncoloured, like a chapter's interactive figure: the stepper colours the steps
        dot = arena_dot(g, sol, View(), name=name, label=lambda v: plain_label(text(v)),
                        graph_attr=QUICK_LAYOUT if g.n_edges > PLAIN_MOVES else None)
        return {"dot": dot.source, "desc": describe(g, sol, name=text),
                "data": figure_data("design", g, name, label=text)}

    def position(self, k: int, texts: bool = True) -> dict[str, Any]:
        """What a play at position number ``k`` shows: its text (``draw``'s, with
        ``texts``), owner, victory, winner and rank, the strategy's move there, and each
        move with its text, winner and rank, best first for the player to move (winning
        moves by rank, then draws, then losing moves, the longest defence first).
        ``{"error": line}`` when ``draw`` fails."""
        g, sol = self.arena, self.solution
        try:
            v = g.vertices[k]
            draw = self.names.get("draw") if texts else None
            owner = g.owner(v)
            rank = sol.ranks(owner)

            def entry(x: Any) -> dict[str, Any]:
                return {"id": g.index(x), "label": shown(x, LABEL_SIZE),
                        "winner": sol.winner[x], "rank": sol.rank[x],
                        **({"text": _board(draw, x, self.words)} if draw else {})}

            def best(x: Any) -> tuple:
                w, r = sol.winner[x], rank[x]
                return ((0, r) if w == owner else (1, 0) if w is None
                        else (2, -(sol.rank[x] or 0)))

            moves = sorted(g.successors(v), key=best) if g.victory(v) is None else []
            move = sol.move[v]
            return {**entry(v), "owner": owner, "victory": g.victory(v),
                    "move": None if move is None else g.index(move),
                    "successors": [entry(x) for x in moves]}
        except _NotABoard as exc:
            return {"error": str(exc)}
        except BaseException as exc:
            return {"error": _failure(exc, self.words)}


def _number(n: int, lang: str) -> str:
    return f"{n:,}".replace(",", "\u202f" if lang == "fr" else ",")


def _board(draw: Callable[[Any], Any], position: Any, words: dict[str, str]) -> str:
    """``draw(position)``: a text of at most :data:`BOARD_SIZE` characters."""
    text = draw(position)
    if not isinstance(text, str):
        raise _NotABoard(words["board"].format(value=shown(type(text).__name__, 40)))
    return text if len(text) <= BOARD_SIZE else text[:BOARD_SIZE - 1] + "…"


def _watch(progress: Callable[[str, int], None] | None, memory: Callable[[], int] | None,
           memory_limit: int) -> Callable[[int], None]:
    """What the exploration calls every :data:`PROGRESS_EVERY` positions explored
    (:func:`arena.from_rules`'s ``progress``): the memory checked, then the page told how
    many. Past the limit it raises :class:`_OutOfMemory`, which the library lets through
    (it comes from the progress callback, not from the rules)."""
    def watch(explored: int) -> None:
        if memory is not None and memory() > memory_limit:
            raise _OutOfMemory(explored)
        if progress is not None:
            progress("explore", explored)

    return watch


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
