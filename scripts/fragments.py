"""Markdown fragments of the course: every table and number the chapters show.

Each fragment is computed by the solver and written in French and English to
``docs/generated/{fr,en}/<name>.md``; chapters include them with pymdownx.snippets
(``--8<-- "fr/<name>.md"``). Files are rewritten only when their text changes.

Usage: python scripts/fragments.py [--out docs/generated] [--bench build/bench.json]
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stdout, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arena import Arena, solve, verify_strategy  # noqa: E402
from arena._files import write_atomic  # noqa: E402
from arena.arena import vertex_id  # noqa: E402

Bilingual = dict[str, str]
FRAGMENTS: dict[str, Callable[[], Bilingual]] = {}


def fragment(fn: Callable[[], Bilingual]) -> Callable[[], Bilingual]:
    """Register a fragment under its function name, with dashes."""
    FRAGMENTS[fn.__name__.replace("_", "-")] = fn
    return fn


def both(fr: str, en: str) -> Bilingual:
    return {"fr": fr, "en": en}


def table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str = "") -> str:
    """A Markdown table; ``align`` has one letter per column (l or r, default l)."""
    marks = ["---:" if (align[i:i + 1] == "r") else "---" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def num(n: int, lang: str) -> str:
    """A whole number with the thousands separator of the language."""
    return f"{n:,}".replace(",", "\u202f" if lang == "fr" else ",")


def dec(x: float, lang: str, digits: int = 2) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def who(player: int | None, lang: str) -> str:
    if player is None:
        return "nul" if lang == "fr" else "draw"
    return f"$J_{player}$"


def code(text: str) -> str:
    """``text`` as a Markdown code span, whatever it holds: the fence is longer than any
    run of backticks inside, and ``|`` is escaped for tables (markup shows as written)."""
    run = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (run + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" else ""
    return f"{fence}{pad}{text.replace('|', chr(92) + '|')}{pad}{fence}"


# what Markdown (and the maths extension) would read as syntax in text from a file
_MARKDOWN_SPECIALS = re.compile(r"[\\`*_{}\[\]()#+\-!|~$<>&:'\"]")


def text(words: str) -> str:
    """``words`` for a Markdown page (a table cell, a caption), shown as written: every
    character Markdown, the maths extension or HTML would read as syntax becomes a
    character reference. Captions name vertices, and vertex names come from files.

    >>> text("[k](javascript:x) `g` $x$ <i>")
    '&#91;k&#93;&#40;javascript&#58;x&#41; &#96;g&#96; &#36;x&#36; &#60;i&#62;'
    """
    return _MARKDOWN_SPECIALS.sub(lambda m: f"&#{ord(m.group())};", words)


def fence(text: str, info: str = "") -> str:
    """``text`` as a fenced code block whose fence no line of ``text`` can close."""
    run = max((len(m) for m in re.findall(r"`+", text)), default=0)
    marks = "`" * max(3, run + 1)
    return f"{marks}{info}\n{text}\n{marks}\n"


def pos(v) -> str:
    return f"$({v[0]}, {v[1]})$" if isinstance(v, tuple) else code(vertex_id(v))


# -- modelling -----------------------------------------------------------------------------

@fragment
def game_sizes() -> Bilingual:
    from arena.games import chomp, marienbad, nim, ourson, solve_connect4, tictactoe

    rows = []
    for label_fr, label_en, g in (
        ("Nim, $n = 10$, règle $\\{1, 2\\}$", "Nim, $n = 10$, rule $\\{1, 2\\}$", nim(10, [1, 2])),
        ("Nim, $n = 15$, règle $\\{2, 3, 5\\}$", "Nim, $n = 15$, rule $\\{2, 3, 5\\}$",
         nim(15, [2, 3, 5])),
        ("Chomp $2 \\times 3$", "Chomp $2 \\times 3$", chomp(2, 3)),
        ("Le jeu de l'ourson", "The ourson game", ourson()),
        ("Nim à tas 1, 3, 5, 7 (misère)", "Heaps 1, 3, 5, 7 (misère)", marienbad((1, 3, 5, 7))),
        ("Morpion $3 \\times 3$", "Tic-tac-toe $3 \\times 3$", tictactoe(3, 3)),
    ):
        sol = solve(g)
        rows.append((label_fr, label_en, len(g), g.n_edges, sol.winner[g.start], sol.rank[g.start]))
    for r, c in ((4, 4), (5, 4), (4, 5)):
        s = solve_connect4(r, c)
        rows.append((f"Puissance 4, {r} lignes × {c} colonnes",
                     f"Connect-4, {r} rows × {c} columns", s.positions, s.edges,
                     s.start_winner, s.start_rank))
    out = {}
    for lang, head in (("fr", ("Jeu", "Positions", "Coups", "Gagnant au départ", "Rang")),
                       ("en", ("Game", "Positions", "Moves", "Winner from the start", "Rank"))):
        body = [(fr if lang == "fr" else en, num(n, lang), num(m, lang), who(w, lang),
                 "" if rk is None else rk) for fr, en, n, m, w, rk in rows]
        out[lang] = table(head, body, "lrrlr")
    return out


@fragment
def nim_sets() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    s0 = ", ".join(pos(v) for v in reversed(g.S0))
    v0, v1 = ", ".join(map(pos, g.V0)), ", ".join(map(pos, g.V1))
    if not g.is_bipartite():
        raise ClaimError("nim_sets: the graph of Nim is not bipartite")
    return both(
        f"Pour $n = 10$ et la règle $\\{{1, 2\\}}$, le graphe a {len(g)} sommets et "
        f"{g.n_edges} arêtes ; $S_0 = \\{{{s0.replace('$', '')}\\}}$ compte {len(g.S0)} sommets, "
        f"$S_1$ en compte {len(g.S1)}. Les positions de victoire sont $V_0 = \\{{{v0.replace('$', '')}\\}}$ "
        f"et $V_1 = \\{{{v1.replace('$', '')}\\}}$. Chaque coup change le "
        "joueur qui doit jouer : le graphe est biparti.\n",
        f"For $n = 10$ and the rule $\\{{1, 2\\}}$, the graph has {len(g)} vertices and "
        f"{g.n_edges} edges; $S_0 = \\{{{s0.replace('$', '')}\\}}$ has {len(g.S0)} vertices, "
        f"$S_1$ has {len(g.S1)}. The victory positions are $V_0 = \\{{{v0.replace('$', '')}\\}}$ "
        f"and $V_1 = \\{{{v1.replace('$', '')}\\}}$. Every move changes the "
        "player to move: the graph is bipartite.\n")


@fragment
def tictactoe_facts() -> Bilingual:
    from arena.games import tictactoe

    g = tictactoe(3, 3)
    sol = solve(g)
    s = sol.summary()
    return both(
        f"Depuis la grille vide, on atteint {num(len(g), 'fr')} positions ; × a gagné dans "
        f"{len(g.V0)} d'entre elles et o dans {len(g.V1)}. Le solveur trouve {num(s['won_by_0'], 'fr')} "
        f"positions gagnantes pour × ($J_0$), {num(s['won_by_1'], 'fr')} pour o ($J_1$) et "
        f"{num(s['draws'], 'fr')} matchs nuls ; la grille vide est un match nul.\n",
        f"From the empty grid, {num(len(g), 'en')} positions can be reached; × has won in "
        f"{len(g.V0)} of them and o in {len(g.V1)}. The solver finds {num(s['won_by_0'], 'en')} "
        f"positions won by × ($J_0$), {num(s['won_by_1'], 'en')} by o ($J_1$) and "
        f"{num(s['draws'], 'en')} draws; the empty grid is a draw.\n")


# Connect-4 on 6 columns × 4 rows: read from the recorded result (``make connect-four``
# solves it again, in about 20 s; tests check that the record is the current solver's)
CONNECT4_DATA = ROOT / "docs" / "data" / "connect4-6x4.json"


def _connect4() -> dict:
    return json.loads(CONNECT4_DATA.read_text(encoding="utf-8"))


@fragment
def connect4_facts() -> Bilingual:
    d = _connect4()
    cols, rows, w, rank = d["cols"], d["rows"], d["start"]["winner"], d["start"]["rank"]
    plies = d["plies"]
    big = max(range(len(plies)), key=plies.__getitem__)
    assert w is not None and len(d["perfect_game"]) == rank, "the text says a player wins"
    full = rank == rows * cols
    first = {"fr": "le premier joueur" if w == 0 else "le second joueur",
             "en": "the first player" if w == 0 else "the second player"}
    lost = all(m["winner"] == w for m in d["first_moves"])
    return both(
        f"Sur la grille de {cols} colonnes et {rows} lignes, on atteint "
        f"{num(d['positions'], 'fr')} positions depuis la grille vide, reliées par "
        f"{num(d['moves'], 'fr')} coups. Rangées selon leur nombre de jetons, elles forment "
        f"{len(plies)} étages, de 0 à {len(plies) - 1} jetons ; le plus peuplé est celui des "
        f"positions à {big} jetons, qui en compte {num(plies[big], 'fr')}. La position de "
        f"départ est gagnante pour {who(w, 'fr')}, {first['fr']}, avec le rang {rank} : "
        + ("quel que soit son premier coup, $J_0$ perd, et " if lost and w == 1 else "")
        + f"si chacun joue au mieux, la partie dure {rank} coups"
        + (", jusqu'à remplir la grille.\n" if full else ".\n"),
        f"On the grid of {cols} columns and {rows} rows, {num(d['positions'], 'en')} positions "
        f"can be reached from the empty grid, linked by {num(d['moves'], 'en')} moves. Sorted "
        f"by their number of stones, they form {len(plies)} layers, from 0 to "
        f"{len(plies) - 1} stones; the largest is the layer of positions with {big} stones, "
        f"{num(plies[big], 'en')} of them. The start is won by {who(w, 'en')}, "
        f"{first['en']}, with rank {rank}: "
        + ("whatever its first move, $J_0$ loses, and " if lost and w == 1 else "")
        + f"when both play their best, the game lasts {rank} moves"
        + (", until the grid is full.\n" if full else ".\n"))


@fragment
def connect4_first_moves() -> Bilingual:
    d = _connect4()
    out = {}
    for lang, head in (("fr", ("Premier coup de $J_0$", "Gagnant", "Rang de la position atteinte",
                               "Coups de la partie, ce premier coup compris")),
                       ("en", ("First move of $J_0$", "Winner", "Rank of the position reached",
                               "Moves in the game, this first move included"))):
        column = "colonne" if lang == "fr" else "column"
        rows = [(f"{column} {m['column'] + 1}", who(m["winner"], lang),
                 "" if m["rank"] is None else m["rank"],
                 "" if m["rank"] is None else m["rank"] + 1) for m in d["first_moves"]]
        out[lang] = table(head, rows, "llrr")
    return out


# -- plays and attractors --------------------------------------------------------------

@fragment
def nim_layers() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)
    # the chapter's text says: J_0's positions come in at odd steps, J_1's at even steps,
    # and the start at the last step
    assert all(g.owner(v) == (0 if n % 2 else 1) for n, layer in enumerate(sol.layers(0))
               for v in layer if n), "the steps no longer alternate"
    assert g.start in sol.layers(0)[-1]
    rows, total = [], 0
    for n, layer in enumerate(sol.layers(0)):
        total += len(layer)
        rows.append((f"$\\mathcal{{A}}^0_{{{n}}}$", ", ".join(pos(v) for v in layer), total))
    return both(table(("Étape", "Sommets ajoutés (de rang $n$)", "Taille"), rows, "llr"),
                table(("Step", "Vertices added (of rank $n$)", "Size"), rows, "llr"))


class ClaimError(RuntimeError):
    """A sentence of a chapter is contradicted by the computation: the page is not written."""


def best_defence_moves(g: Arena, player: int) -> dict:
    """For an arena without cycles: the number of moves ``player`` needs to win from each
    position when both play their best (``None`` where it cannot force a win).

    A direct recursion on the plays, independent of the attractor: 0 on the player's
    victory positions; at the player's positions, one more than the best successor; at
    the opponent's, one more than the worst one, and no win if one successor has none.
    The chapter's theorem says this is the rank; :func:`nim_positions` checks it.
    """
    memo: dict = {}

    def moves(v, depth=0):
        if v in memo:
            return memo[v]
        if depth > len(g):
            raise ClaimError("best_defence_moves: the arena has a cycle")
        succ = g.successors(v)
        if g.victory(v) is not None or not succ:
            result = 0 if g.victory(v) == player else None
        else:
            values = [moves(y, depth + 1) for y in succ]
            if g.owner(v) == player:
                wins = [m for m in values if m is not None]
                result = 1 + min(wins) if wins else None
            else:
                result = None if None in values else 1 + max(values)
        memo[v] = result
        return result

    return {v: moves(v) for v in g.vertices}


@fragment
def nim_positions() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)
    # the chapter's theorem: the rank is the number of moves under the best defence
    # (both bounds), computed here by a recursion that does not use the attractor
    for p in (0, 1):
        for v, m in best_defence_moves(g, p).items():
            rank = sol.rank[v] if sol.winner[v] == p else None
            if m != rank:
                raise ClaimError(f"nim_positions: at {v}, J_{p} needs {m} moves under the "
                                 f"best defence, but the rank is {rank}")

    def cell(v, lang):
        if v not in g:
            return "", "", ""
        move = sol.move[v]
        return who(sol.winner[v], lang), sol.rank[v], "" if move is None else pos(move)

    out = {}
    for lang, head in (("fr", ("$k$", "$(k,0)$ : gagnant", "rang", "coup", "$(k,1)$ : gagnant",
                                "rang", "coup")),
                       ("en", ("$k$", "$(k,0)$: winner", "rank", "move", "$(k,1)$: winner",
                               "rank", "move"))):
        rows = [(k, *cell((k, 0), lang), *cell((k, 1), lang)) for k in range(10, -1, -1)]
        out[lang] = table(head, rows, "rlrllrl")
    return out


@fragment
def nim_play() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)
    play = [g.start]
    while sol.move[play[-1]] is not None:
        play.append(sol.move[play[-1]])
    text = " → ".join(pos(v) for v in play)
    return both(f"La partie dessinée : {text}. Elle compte {len(play) - 1} coups, autant que le "
                f"rang {sol.rank[g.start]} du départ.\n",
                f"The play drawn: {text}. It has {len(play) - 1} moves, as many as the rank "
                f"{sol.rank[g.start]} of the start.\n")


# -- algorithms ------------------------------------------------------------------------

@fragment
def nim_degrees() -> Bilingual:
    from arena.course import chapter_dicts, dplus, renverse_graphe
    from arena.games import nim

    A, *_ = chapter_dicts(nim(10, [1, 2]))
    B, d = renverse_graphe(A), dplus(A)
    x = (1, 0)
    succ = ", ".join(map(pos, A[x]))
    preds = ", ".join(map(pos, sorted(B[x])))
    one = len(A[x]) == 1
    s_fr = "Le seul successeur du sommet $(1, 0)$ est" if one else \
        "Les successeurs du sommet $(1, 0)$ sont"
    s_en = "The only successor of the vertex $(1, 0)$ is" if one else \
        "The successors of the vertex $(1, 0)$ are"
    return both(f"{s_fr} {succ} : son degré sortant est $d^+ = {d[x]}$. Ses prédécesseurs "
                f"sont {preds} : son degré entrant est $d^- = {len(B[x])}$.\n",
                f"{s_en} {succ}: its out-degree is $d^+ = {d[x]}$. Its predecessors are "
                f"{preds}: its in-degree is $d^- = {len(B[x])}$.\n")


def _numbering_examples() -> list[tuple[str, Arena]]:
    return [
        ("a", Arena(S0=["a", "c"], S1=["b", "v", "w"],
                    edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])),
        ("x", Arena(S0=["y"], S1=["x", "z", "v", "w"],
                    edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]}, V0=["v", "w"])),
    ]


@fragment
def numbering_examples() -> Bilingual:
    from arena import attractor
    from arena.course import calcule_attracteur2, chapter_dicts

    out = {"fr": "", "en": ""}
    for k, (vertex, g) in enumerate(_numbering_examples(), start=1):
        A, S0, _, V0, _ = chapter_dicts(g)
        numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
        edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
        rows = [(f"`{v}`", "$J_0$" if g.owner(v) == 0 else "$J_1$", ranks[v], numbers[v])
                for v in g.vertices]
        fr_cmp = "supérieur" if numbers[vertex] > ranks[vertex] else "inférieur"
        en_cmp = "above" if numbers[vertex] > ranks[vertex] else "below"
        out["fr"] += (f"**Arène {k}.** $S_0 = \\{{{', '.join(g.S0)}\\}}$, "
                      f"$S_1 = \\{{{', '.join(g.S1)}\\}}$, $V_0 = \\{{{', '.join(g.V0)}\\}}$ ; "
                      f"arêtes {edges}. Le numéro de `{vertex}` est {fr_cmp} à son rang.\n\n"
                      + table(("Sommet", "Joueur", "Rang exact", "Numéro du chapitre"), rows,
                              "llrr") + "\n")
        out["en"] += (f"**Arena {k}.** $S_0 = \\{{{', '.join(g.S0)}\\}}$, "
                      f"$S_1 = \\{{{', '.join(g.S1)}\\}}$, $V_0 = \\{{{', '.join(g.V0)}\\}}$; "
                      f"edges {edges}. The number of `{vertex}` is {en_cmp} its rank.\n\n"
                      + table(("Vertex", "Player", "Exact rank", "Chapter's number"), rows,
                              "llrr") + "\n")
    return out


@fragment
def naive_cost() -> Bilingual:
    rows = []
    for n in (10, 100, 1000):
        g = Arena(S0=range(0, n, 2), S1=range(1, n, 2),
                  edges={k: [k + 1] for k in range(n - 1)}, V0=[n - 1])
        steps, reads = naive_reads(g)
        assert steps == n, "on a chain, each step adds one vertex"
        rows.append((n, g.n_edges, steps, reads))
    return {lang: table(head, [(num(n, lang), num(m, lang), num(s, lang), num(r, lang))
                               for n, m, s, r in rows], "rrrr")
            for lang, head in (("fr", ("Sommets de la chaîne", "Arêtes", "Étapes",
                                       "Successeurs lus")),
                               ("en", ("Vertices of the chain", "Edges", "Steps",
                                       "Successors read")))}


@fragment
def recursion_limit() -> Bilingual:
    limit = sys.getrecursionlimit()
    return both(f"La limite par défaut de Python est de {num(limit, 'fr')} appels imbriqués.\n",
                f"Python's default limit is {num(limit, 'en')} nested calls.\n")


_BENCH_GAMES = {   # scripts/bench_games.py's labels, as the pages write them
    "nim n=10 rule {1,2}": ("Nim, $n = 10$, règle $\\{1, 2\\}$", "Nim, $n = 10$, rule $\\{1, 2\\}$"),
    "nim n=15 rule {2,3,5}": ("Nim, $n = 15$, règle $\\{2, 3, 5\\}$",
                              "Nim, $n = 15$, rule $\\{2, 3, 5\\}$"),
    "marienbad 1,3,5,7": ("Nim à tas 1, 3, 5, 7 (misère)", "Heaps 1, 3, 5, 7 (misère)"),
    "chomp 2 × 3": ("Chomp $2 \\times 3$", "Chomp $2 \\times 3$"),
    "chomp 4 × 5": ("Chomp $4 \\times 5$", "Chomp $4 \\times 5$"),
    "ourson": ("Le jeu de l'ourson", "The ourson game"),
    "tic-tac-toe 3 × 3": ("Morpion $3 \\times 3$", "Tic-tac-toe $3 \\times 3$"),
}


def _bench_game(label: str, lang: str) -> str:
    """A benchmark's game label in the page's language (``{1,2}`` kept as maths)."""
    m = re.fullmatch(r"connect-4, (\d+) rows × (\d+) columns", label)
    if m:
        r, c = m.groups()
        return (f"Puissance 4, {r} lignes × {c} colonnes" if lang == "fr" else
                f"Connect-4, {r} rows × {c} columns")
    fr, en = _BENCH_GAMES.get(label, (code(label), code(label)))
    return fr if lang == "fr" else en


@fragment
def bench() -> Bilingual:
    data = json.loads(BENCH_FILE.read_text(encoding="utf-8"))
    solver, games = data.get("solver", []), data.get("games", [])
    out = {}
    for lang in ("fr", "en"):
        kinds = {"random": "aléatoire, degré 3" if lang == "fr" else "random, degree 3",
                 "chain": "chaîne" if lang == "fr" else "chain",
                 "grid": "grille" if lang == "fr" else "grid"}
        rows = [(kinds[r["kind"]], num(r["vertices"], lang), num(r["edges"], lang),
                 dec(r["solve"], lang, 3), dec(r["edges"] / r["solve"] / 1e6, lang),
                 dec(r["bfs"], lang, 3), dec(r["solve"] / r["bfs"], lang))
                for r in solver]
        head = (("Arène", "Sommets", "Arêtes", "`solve` (s)", "M arêtes/s", "BFS (s)",
                 "`solve` / BFS") if lang == "fr" else
                ("Arena", "Vertices", "Edges", "`solve` (s)", "M edges/s", "BFS (s)",
                 "`solve` / BFS"))
        text = table(head, rows, "lrrrrrr")
        grows = [(_bench_game(g["game"], lang), num(g["positions"], lang), num(g["edges"], lang),
                  who(g["winner"], lang), dec(g["seconds"], lang)) for g in games]
        ghead = (("Jeu", "Positions", "Coups", "Gagnant", "Secondes") if lang == "fr" else
                 ("Game", "Positions", "Moves", "Winner", "Seconds"))
        note = (f"\nMesuré par `scripts/bench.py` (Python {data['python']}"
                f"{', tailles réduites' if data.get('quick') else ''}) sur la machine qui a "
                "construit ce site ; `make bench` refait les mesures.\n" if lang == "fr" else
                f"\nMeasured by `scripts/bench.py` (Python {data['python']}"
                f"{', reduced sizes' if data.get('quick') else ''}) on the machine that built "
                "this site; `make bench` measures again.\n")
        out[lang] = text + "\n" + table(ghead, grows, "lrrlr") + note
    return out


@fragment
def bench_scale() -> Bilingual:
    """The teachers' page: building arenas, and the solver with and without numpy."""
    data = json.loads(BENCH_FILE.read_text(encoding="utf-8"))
    built = data.get("construction", [])
    solver = [r for r in data.get("solver", []) if "pure" in r]   # older files lack it
    out = {}
    for lang in ("fr", "en"):
        fr = lang == "fr"
        kinds = {"random": "aléatoire, degré 3" if fr else "random, degree 3",
                 "chain": "chaîne" if fr else "chain", "grid": "grille" if fr else "grid"}
        parts = []
        if built:
            parts.append(("Construire une arène de *n* sommets et environ 3*n* arêtes, en "
                          "secondes : à partir de listes de successeurs (sommets entiers, puis "
                          "sommets textes), puis de tableaux avec `Arena.from_csr`.\n\n")
                         if fr else
                         ("Building an arena of *n* vertices and about 3*n* edges, in "
                          "seconds: from successor lists (integer vertices, then text "
                          "vertices), then from arrays with `Arena.from_csr`.\n\n"))
            head = (("Sommets", "Arêtes", "Listes, entiers", "Listes, textes",
                     "`from_csr`") if fr else
                    ("Vertices", "Edges", "Lists, integers", "Lists, texts", "`from_csr`"))
            parts.append(table(head, [(num(r["vertices"], lang), num(r["edges"], lang),
                                       dec(r["int"], lang, 3), dec(r["text"], lang, 3),
                                       dec(r["csr"], lang, 3)) for r in built], "rrrrr"))
        if solver:
            parts.append(("\n`solve` avec numpy, puis sans numpy (le chemin du navigateur), "
                          "en secondes, et le rapport des deux.\n\n") if fr else
                         ("\n`solve` with numpy, then without numpy (the browser's path), in "
                          "seconds, and the ratio of the two.\n\n"))
            head = (("Arène", "Sommets", "Avec numpy", "Sans numpy", "Rapport") if fr else
                    ("Arena", "Vertices", "With numpy", "Without numpy", "Ratio"))
            parts.append(table(head, [(kinds[r["kind"]], num(r["vertices"], lang),
                                       dec(r["solve"], lang, 3), dec(r["pure"], lang, 3),
                                       dec(r["pure"] / r["solve"], lang)) for r in solver],
                               "lrrrr"))
        if not parts:
            parts.append("Pas encore de mesures : `make bench`.\n" if fr else
                         "No measures yet: `make bench`.\n")
        out[lang] = "".join(parts)
    return out


# -- strategies and exercises ------------------------------------------------------------

def _strategy_table(g: Arena, player: int, lang: str) -> str:
    sol = solve(g)
    rows = []
    for x, y in sol.strategy(player).items():
        rows.append((pos(x), who(sol.winner[x], lang), "" if sol.rank[x] is None else sol.rank[x],
                     pos(y), "" if sol.rank[y] is None else sol.rank[y]))
    head = (("Position", "Gagnant", "Rang", "Coup joué", "Rang après") if lang == "fr" else
            ("Position", "Winner", "Rank", "Move", "Rank after"))
    return table(head, rows, "llrlr")


@fragment
def nim_strategy() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)
    # the chapter's text says the winning moves leave a multiple of 3: check it
    assert all(sol.move[v][0] % 3 == 0 for v in g.S0 if sol.winner[v] == 0 and sol.move[v])
    return {lang: _strategy_table(g, 0, lang) for lang in ("fr", "en")}


@fragment
def ex41_solution() -> Bilingual:
    from arena.games import nim

    g = nim(15, [2, 3, 5])
    sol = solve(g)
    lost = [k for k in range(16) if sol.winner[(k, 0)] == 1]
    longest = verify_strategy(g, 1, solution=sol)
    ks = ", ".join(map(str, lost))
    return both(
        f"Le joueur qui doit jouer avec $k$ bâtonnets perd exactement pour "
        f"$k \\in \\{{{ks}\\}}$, c'est-à-dire quand $k$ vaut 0 ou 1 modulo 7. Avec 15 "
        f"bâtonnets, $J_0$ perd : $J_1$ gagne en {sol.rank[g.start]} coups au plus, et "
        f"`verify_strategy` a vérifié que toute partie suivant sa stratégie finit en "
        f"{longest[g.start]} coups au plus.\n\n" + _strategy_table(g, 1, "fr"),
        f"The player to move with $k$ sticks loses exactly for $k \\in \\{{{ks}\\}}$, that is "
        f"when $k$ is 0 or 1 modulo 7. With 15 sticks, $J_0$ loses: $J_1$ wins within "
        f"{sol.rank[g.start]} moves, and `verify_strategy` checked that every play following "
        f"its strategy ends within {longest[g.start]} moves.\n\n" + _strategy_table(g, 1, "en"))


@fragment
def ex42_solution() -> Bilingual:
    g = Arena.from_file(ROOT / "docs/examples/exercise-4-2.yaml")
    sol = solve(g)

    def attr(i):
        return ", ".join(f"{code(v)} ({r})" for v, r in sorted(sol.attractor(i).items(),
                                                               key=lambda t: (t[1], t[0])))

    draws = ", ".join(code(v) for v in g.vertices if sol.winner[v] is None)
    s = g.start
    return both(
        f"$\\mathcal{{A}}^0$ (avec les rangs) : {attr(0)}.\n\n$\\mathcal{{A}}^1$ : {attr(1)}.\n\n"
        f"Matchs nuls : {draws}. Le départ {code(s)} est dans $\\mathcal{{A}}^0$ : $J_0$ est sûr de "
        f"gagner, en {sol.rank[s]} coups au plus. Sa stratégie :\n\n" + _strategy_table(g, 0, "fr"),
        f"$\\mathcal{{A}}^0$ (with ranks): {attr(0)}.\n\n$\\mathcal{{A}}^1$: {attr(1)}.\n\n"
        f"Draws: {draws}. The start {code(s)} is in $\\mathcal{{A}}^0$: $J_0$ is sure to win, "
        f"within {sol.rank[s]} moves. Its strategy:\n\n" + _strategy_table(g, 0, "en"))


def _shape(shape) -> str:
    return "(" + ", ".join(map(str, shape)) + ")"


@fragment
def chomp_solution() -> Bilingual:
    from arena.games import chomp

    g = chomp(2, 3)
    sol = solve(g)
    move = sol.move[g.start][0]
    winning = [y for y in g.successors(g.start) if sol.winner[y] == 0]
    # the invariant the text explains: J_1 to move with a top row one square longer loses
    staircase = [((a, a - 1) if a > 1 else (1,), 1) for a in range(1, 4)]
    assert all(sol.winner[v] == 0 for v in staircase), "the staircase invariant is wrong"
    count_fr = "Le seul premier coup gagnant" if len(winning) == 1 else \
        f"Un des {len(winning)} premiers coups gagnants"
    count_en = "The only winning first move" if len(winning) == 1 else \
        f"One of the {len(winning)} winning first moves"
    return both(
        f"La tablette entière $(3, 3)$ (longueurs des lignes) est gagnante pour $J_0$, en "
        f"{sol.rank[g.start]} coups au plus. {count_fr} laisse {_shape(move)} : manger le carré "
        "en bas à droite. Ensuite, $J_0$ peut toujours rendre à $J_1$ une tablette dont la "
        "ligne du haut a exactement un carré de plus que celle du bas ; le solveur confirme "
        "que ces positions sont perdantes pour $J_1$.\n",
        f"The whole bar $(3, 3)$ (row lengths) is won by $J_0$, within {sol.rank[g.start]} "
        f"moves. {count_en} leaves {_shape(move)}: eat the bottom-right square. Then $J_0$ can "
        "always hand $J_1$ a bar whose top row has exactly one square more than the bottom "
        "row; the solver confirms these positions are lost for $J_1$.\n")


@fragment
def chomp_rectangles() -> Bilingual:
    from arena.games import chomp

    rows = []
    for m in range(1, 5):
        for n in range(1, 6):
            g = chomp(m, n)
            sol = solve(g)
            first = sol.move[g.start]
            # the chapter's text: one row, eat all but the poison; two rows, the corner
            if m == 1 and n > 1:
                assert first[0] == (1,)
            if m == 2:
                assert first[0] == tuple(k for k in (n, n - 1) if k)
            # and the same by symmetry on one or two columns
            if n == 1 and m > 1 and first[0] != (1,):
                raise ClaimError(f"chomp_rectangles: {m} × 1: eating all but the poison loses")
            if n == 2 and m > 1 and first[0] != (2,) * (m - 1) + (1,):
                raise ClaimError(f"chomp_rectangles: {m} × 2: eating the corner loses")
            wins = [y for y in g.successors(g.start) if sol.winner[y] == 0]
            rows.append((f"${m} \\times {n}$", len(g), sol.winner[g.start], sol.rank[g.start],
                         "" if sol.winner[g.start] != 0 else _shape(first[0]), len(wins)))
    out = {}
    for lang, head in (("fr", ("Tablette", "Sommets", "Gagnant", "Rang", "Premier coup",
                                "Coups gagnants")),
                       ("en", ("Bar", "Vertices", "Winner", "Rank", "First move",
                               "Winning moves"))):
        out[lang] = table(head, [(a, b, who(c, lang), d, e, f) for a, b, c, d, e, f in rows],
                          "lrlrlr")
    return out


def _l_shape(arm: int) -> tuple[int, ...]:
    """The bar left after eating the square of the second row and second column of a
    square bar: the top row and the left column, each with ``arm`` squares besides the
    poisoned one."""
    return (arm + 1,) + (1,) * arm


@fragment
def chomp_squares() -> Bilingual:
    from arena.games import chomp

    rows = []
    sizes = range(1, 7)
    for n in sizes:
        g = chomp(n, n)
        sol = solve(g)
        where = f"chomp_squares: on the {n} × {n} bar,"
        for p in (0, 1):   # the rank is the number of moves under the best defence
            for v, m in best_defence_moves(g, p).items():
                if m != (sol.rank[v] if sol.winner[v] == p else None):
                    raise ClaimError(f"{where} at {v}, the rank of J_{p} is not the "
                                     "number of moves under the best defence")
        if n == 1:
            # the exception: the first player must eat the poison
            if g.start not in g.V1 or sol.winner[g.start] != 1:
                raise ClaimError(f"{where} the first player should lose at once")
            rows.append((n, 1, sol.rank[g.start], "", 0))
            continue
        first = (_l_shape(n - 1), 1)
        if first not in g.successors(g.start) or sol.winner[first] != 0:
            raise ClaimError(f"{where} leaving the symmetric L {first[0]} does not win")
        # the mirror rule: from a symmetric L with J_1 to move, every move of J_1 leaves
        # an L with unequal arms, and J_0's mirror reply restores a symmetric L, lost
        # for J_1
        for arm in range(n):
            v = (_l_shape(arm), 1)
            if sol.winner[v] != 0:
                raise ClaimError(f"{where} the symmetric L {v[0]} is not lost for J_1")
            for y in g.successors(v):
                shape = y[0]
                top, left = shape[0] - 1, len(shape) - 1
                if shape != (top + 1,) + (1,) * left or top == left:
                    raise ClaimError(f"{where} J_1's move {v[0]} -> {shape} does not leave "
                                     "an L with unequal arms")
                reply = (_l_shape(min(top, left)), 1)
                if reply not in g.successors(y) or sol.winner[reply] != 0:
                    raise ClaimError(f"{where} the mirror reply {shape} -> {reply[0]} fails")
        wins = [y for y in g.successors(g.start) if sol.winner[y] == 0]
        rows.append((n, 0, sol.rank[g.start], _shape(first[0]), len(wins)))
    out = {}
    for lang, head in (("fr", ("Tablette", "Gagnant", "Rang du départ", "L symétrique laissé",
                                "Premiers coups gagnants")),
                       ("en", ("Bar", "Winner", "Rank of the start", "Symmetric L left",
                               "Winning first moves"))):
        out[lang] = table(head, [(f"${n} \\times {n}$", who(w, lang), r, shape, k)
                                 for n, w, r, shape, k in rows], "llrlr")
    last = sizes[-1]
    intro = {
        "fr": "Le programme qui écrit cette page vérifie la règle, contre toutes les réponses "
              f"de $J_1$, sur toutes les tablettes carrées jusqu'à ${last} \\times {last}$ ; si "
              "elle était fausse, la construction du site s'arrêterait avec un message "
              "d'erreur. Le tableau donne aussi le nombre de premiers coups gagnants :\n\n",
        "en": "The program that writes this page checks the rule, against every reply of "
              f"$J_1$, on every square bar up to ${last} \\times {last}$; if it were false, the "
              "build of the site would stop with an error message. The table also gives the "
              "number of winning first moves:\n\n"}
    return {lang: intro[lang] + out[lang] for lang in out}


# -- case studies ------------------------------------------------------------------------

@fragment
def ourson_facts() -> Bilingual:
    from arena.games import ourson
    from arena.games.ourson import article_rank, article_rank_cycle

    g = ourson()
    sol = solve(g)
    rank = article_rank(g)
    longest = verify_strategy(g, 1, solution=sol)
    cycle = article_rank_cycle(g, sol.winner)
    ring = " → ".join(f"`{v}`" for v in cycle + [cycle[0]])
    s = sol.summary()
    blocked = ", ".join(f"`{v}`" for v in g.V1)
    return both(
        f"Le graphe des positions a {len(g)} sommets et {g.n_edges} arêtes ; l'ourson est bloqué "
        f"dans {len(g.V1)} positions ({blocked}). Le solveur trouve {s['won_by_1']} positions "
        f"gagnantes pour les chiots, {s['won_by_0']} pour l'ourson et {s['draws']} nulle. "
        f"Le « rang » de l'article vaut {rank['0450']} au départ `0450` (et au plus "
        f"{max(rank.values())}) ; le rang de l'attracteur y vaut {sol.rank['0450']}. Avec la "
        f"stratégie du rang de l'attracteur, l'exploration de toutes les réponses de "
        f"l'ourson montre que toute partie depuis "
        f"`0450` finit par le blocage de l'ourson en {longest['0450']} coups au plus, "
        f"et jamais en plus de {max(longest.values())} coups depuis n'importe quelle position : "
        f"la règle des 16 coups est largement respectée. Un cycle que permet la stratégie "
        f"du « rang » de l'article (trouvé par le calcul) : "
        f"{ring}.\n",
        f"The position graph has {len(g)} vertices and {g.n_edges} edges; the ourson is blocked "
        f"in {len(g.V1)} positions ({blocked}). The solver finds {s['won_by_1']} positions won "
        f"by the puppies, {s['won_by_0']} by the ourson and {s['draws']} draws. The article's "
        f"“rank” is {rank['0450']} at the start `0450` (and at most {max(rank.values())}); the "
        f"attractor rank there is {sol.rank['0450']}. With the attractor-rank strategy, "
        f"exploring every reply of the ourson shows that every play from `0450` ends with "
        f"the ourson blocked "
        f"within {longest['0450']} moves, and never later than {max(longest.values())} moves "
        f"from any position: the 16-move rule holds with room to spare. A cycle that the "
        f"article's “rank” strategy allows (found by computation): {ring}.\n")


# -- beyond ----------------------------------------------------------------------------------

@fragment
def grundy_sequences() -> Bilingual:
    from arena.grundy import period, subtraction_grundy

    rows = []
    for rule in ((1, 2), (1, 2, 3), (2, 3, 5), (1, 3, 4), (3, 4)):
        seq = subtraction_grundy(rule, 80)
        start, p = period(seq)
        rows.append(("$\\{" + ", ".join(map(str, rule)) + "\\}$",
                     " ".join(map(str, seq[:21])), p, start))
    return both(table(("Règle", "$g(0), \\dots, g(20)$", "Période", "Prépériode"), rows, "llrr"),
                table(("Rule", "$g(0), \\dots, g(20)$", "Period", "Preperiod"), rows, "llrr"))


@fragment
def marienbad_facts() -> Bilingual:
    from arena.games import marienbad
    from arena.games.marienbad import bouton_wins

    out = {"fr": "", "en": ""}
    lines = []
    for misere in (False, True):
        g = marienbad((1, 3, 5, 7), misere=misere)
        sol = solve(g)
        agree = sum(sol.winner[v] == (v[1] if bouton_wins(v[0], misere) else 1 - v[1]) for v in g)
        lines.append((misere, len(g), agree, sol.winner[g.start]))
    for misere, n, agree, w in lines:
        mode_fr, mode_en = ("misère", "misère") if misere else ("normale", "normal")
        out["fr"] += (f"- Partie {mode_fr} : le théorème de Bouton et l'attracteur s'accordent sur "
                      f"{agree} positions sur {n} ; au départ $(1, 3, 5, 7)$, le gagnant est "
                      f"{who(w, 'fr')}.\n")
        out["en"] += (f"- {mode_en.capitalize()} play: Bouton's theorem and the attractor agree on "
                      f"{agree} positions out of {n}; from the start $(1, 3, 5, 7)$, the winner "
                      f"is {who(w, 'en')}.\n")
    return out


@fragment
def othello_weights() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    head = ("", *"abcdefgh")
    rows = [(i + 1, *(str(w).replace("-", "−") for w in row))
            for i, row in enumerate(OTHELLO_WEIGHTS)]
    text = table(head, rows, "r" * 9)
    return both(text, text)


@fragment
def search_facts() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    tree = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]], [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
            [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]
    a, b = minimax_tree(tree), alphabeta_tree(tree)
    return both(
        f"Minimax évalue les {len(a.visited)} nœuds de l'arbre et trouve la valeur {a.value} "
        f"en A0, par le coup vers B{a.move}. Alpha-bêta trouve la même valeur en n'évaluant "
        f"que {len(b.visited)} nœuds : {len(b.pruned)} feuilles sont élaguées.\n",
        f"Minimax evaluates the {len(a.visited)} nodes of the tree and finds the value {a.value} "
        f"at A0, by the move to B{a.move}. Alpha-beta finds the same value evaluating only "
        f"{len(b.visited)} nodes: {len(b.pruned)} leaves are pruned.\n")


@fragment
def astar_facts() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, astar, is_admissible, is_consistent, straight_line

    h = straight_line()
    guided = astar(EXAMPLE_GRAPH, "s", "t", h)
    blind = astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
    far = astar(EXAMPLE_GRAPH, "s", "t", straight_line(scale=3))
    path = " → ".join(guided.path)
    far_path = " → ".join(far.path)
    yes = {"fr": ("oui", "non"), "en": ("yes", "no")}

    def yn(b, lang):
        return yes[lang][0] if b else yes[lang][1]

    return both(
        f"Avec la distance à vol d'oiseau (admissible : {yn(is_admissible(EXAMPLE_GRAPH, 't', h), 'fr')}, "
        f"cohérente : {yn(is_consistent(EXAMPLE_GRAPH, 't', h), 'fr')}), A* trouve {path}, de "
        f"longueur {guided.cost}, en développant {len(guided.expanded)} sommets ; Dijkstra en "
        f"développe {len(blind.expanded)}. Avec trois fois cette distance, l'heuristique n'est "
        f"plus admissible et A* rend {far_path}, de longueur {far.cost} : pas le plus court.\n",
        f"With the straight-line distance (admissible: {yn(is_admissible(EXAMPLE_GRAPH, 't', h), 'en')}, "
        f"consistent: {yn(is_consistent(EXAMPLE_GRAPH, 't', h), 'en')}), A* finds {path}, of "
        f"length {guided.cost}, expanding {len(guided.expanded)} vertices; Dijkstra expands "
        f"{len(blind.expanded)}. With three times that distance, the heuristic is no longer "
        f"admissible and A* returns {far_path}, of length {far.cost}: not the shortest.\n")


# -- algorithms and beyond: the listings, the looping strategy, the searches ---------------

LISTINGS = ROOT / "docs" / "listings" / "attractors.py"
BEYOND_LISTINGS = ROOT / "docs" / "listings" / "beyond.py"


def listing_sections(lang: str, path: Path = LISTINGS) -> dict[str, str]:
    """The sections (``# listing: NAME``) of a listing file, as the page in ``lang`` shows
    them: comment lines ``#fr ...`` / ``#en ...`` kept (as ``# ...``) in their language only."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r"# listing: ([a-z0-9-]+)$", line)
        if head:
            current = sections.setdefault(head.group(1), [])
            continue
        if current is None:
            continue
        tag = re.match(r"(\s*)#(fr|en) (.*)$", line)
        if tag:
            if tag.group(2) == lang:
                current.append(f"{tag.group(1)}# {tag.group(3)}")
            continue
        current.append(line)
    return {name: "\n".join(lines).strip("\n") + "\n" for name, lines in sections.items()}


def _listing_fragment(name: str, path: Path = LISTINGS) -> Bilingual:
    return {lang: fence(listing_sections(lang, path)[name].rstrip("\n"), "python")
            for lang in ("fr", "en")}


@fragment
def listing_minimax() -> Bilingual:
    return _listing_fragment("minimax", BEYOND_LISTINGS)


@fragment
def listing_othello() -> Bilingual:
    return _listing_fragment("othello", BEYOND_LISTINGS)


@fragment
def listing_naif() -> Bilingual:
    return _listing_fragment("naif")


@fragment
def listing_compteurs() -> Bilingual:
    return _listing_fragment("compteurs")


@fragment
def listing_file() -> Bilingual:
    return _listing_fragment("file")


@fragment
def listing_strategie() -> Bilingual:
    return _listing_fragment("strategie")


def source_strategy(g: Arena) -> dict:
    from arena.course import strategie_moves

    return strategie_moves(g)


def listing_namespace(lang: str = "en", path: Path = LISTINGS) -> dict:
    """The functions of the listings, run from the text the page in ``lang`` shows."""
    namespace: dict = {}
    exec("from collections import deque\n\n"
         + "\n\n".join(listing_sections(lang, path).values()), namespace)
    return namespace


@fragment
def othello_example() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    score = listing_namespace("en", BEYOND_LISTINGS)["heuristique_othello"]
    board = [[0] * 8 for _ in range(8)]
    board[0][0], board[1][1] = 1, -1
    corner = score(board, OTHELLO_WEIGHTS)
    board2 = [[0] * 8 for _ in range(8)]
    board2[0][0], board2[1][1] = -1, 1
    given = score(board2, OTHELLO_WEIGHTS)
    return both(
        f"Si $J_{{\\max}}$ tient le coin a1 et $J_{{\\min}}$ la case b2 voisine, la note vaut "
        f"{corner} ; dans la situation inverse, elle vaut {given}.\n".replace("-", "−"),
        f"If $J_{{\\max}}$ holds the corner a1 and $J_{{\\min}}$ the square b2 next to it, the "
        f"score is {corner}; the other way round, it is {given}.\n".replace("-", "−"))


class _Counted(list):
    """A successor list that counts the successors read through it."""

    reads = 0

    def __iter__(self):
        for y in super().__iter__():
            _Counted.reads += 1
            yield y


def naive_reads(arena: Arena) -> tuple[int, int]:
    """(steps, successors read) of the page's naive fixpoint for J_0 on ``arena``:
    counted while it runs, not by a formula."""
    from arena.course import chapter_dicts

    A, S0, _, V0, _ = chapter_dicts(arena)
    counted = {x: _Counted(ys) for x, ys in A.items()}
    _Counted.reads = 0
    rang = listing_namespace()["attracteur_naif"](counted, S0, V0)
    return max(rang.values(), default=0) + 1, _Counted.reads


def looping_arena() -> tuple[Arena, str]:
    from arena.course import looping_strategie_arena

    return looping_strategie_arena()


@fragment
def looping_strategy() -> Bilingual:
    from arena import attractor
    from arena.course import calcule_attracteur2, chapter_dicts

    g, play = looping_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
    moves = source_strategy(g)
    loop = play.split(" -> ")
    assert all(v in ranks for v in g.S0), "the text says: J_0's vertices are all winning"
    assert loop[0] == loop[-1] and loop[0] in ranks, "the play must loop inside J_0's attractor"
    edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
    rows = [(f"`{v}`", "$J_0$" if g.owner(v) == 0 else "$J_1$", ranks.get(v, ""),
             numbers.get(v, ""), f"`{moves[v]}`" if v in moves else "") for v in g.vertices]
    ring = " → ".join(f"`{v}`" for v in loop)
    start = loop[0]
    low = next(v for v in loop if g.owner(v) == 1)       # J_1's vertex on the loop
    assert numbers[low] < ranks[low] and numbers[low] < numbers[start]
    why_fr = (f" La cause : le numéro de `{low}` vaut {numbers[low]}, moins que son rang "
              f"{ranks[low]} ; depuis `{start}` (numéro {numbers[start]}), `strategie` y voit "
              f"un pas vers la victoire, mais $J_1$ revient en `{start}`.")
    why_en = (f" The cause: the number of `{low}` is {numbers[low]}, less than its rank "
              f"{ranks[low]}; from `{start}` (number {numbers[start]}), `strategie` sees a step "
              f"towards victory there, but $J_1$ goes back to `{start}`.")
    return both(
        f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
        f"$V_0 = \\{{{', '.join(g.V0)}\\}}$, arêtes {edges} (dans cet ordre dans `A`). "
        f"L'arène est bipartie : chaque coup change de joueur.\n\n"
        + table(("Sommet", "Joueur", "Rang", "Numéro `marque_propage2`", "Coup de `strategie`"),
                rows, "llrrl")
        + f"\nTous les sommets de $J_0$ sont dans son attracteur, mais en suivant `strategie`, "
        f"$J_0$ laisse $J_1$ jouer la partie infinie {ring} → … : la vérification de toutes "
        f"les réponses de $J_1$ trouve ce cycle. Depuis `{start}`, de rang {ranks[start]}, "
        f"$J_0$ devait gagner en {ranks[start]} coups au plus.{why_fr}\n",
        f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
        f"$V_0 = \\{{{', '.join(g.V0)}\\}}$, edges {edges} (in this order in `A`). "
        f"The arena is bipartite: every move changes the player.\n\n"
        + table(("Vertex", "Player", "Rank", "`marque_propage2` number", "Move of `strategie`"),
                rows, "llrrl")
        + f"\nEvery vertex of $J_0$ is in its attractor, yet following `strategie`, $J_0$ lets "
        f"$J_1$ play the endless play {ring} → …: checking every reply of $J_1$ finds this "
        f"cycle. From `{start}`, of rank {ranks[start]}, $J_0$ should have won within "
        f"{ranks[start]} moves.{why_en}\n")


def _steps_text(trace: dict) -> Bilingual:
    """Every step of an algorithm stepper as a numbered list (the stepper's text, readable
    without JavaScript)."""
    out = {}
    for lang in ("fr", "en"):
        word = "Étape" if lang == "fr" else "Step"
        colon = " :" if lang == "fr" else ":"
        lines = []
        for k, step in enumerate(trace["steps"]):
            state = " ".join(f"{line}." for line in step["state"][lang])
            lines.append(f"{k + 1}. **{word} {k}{colon}** {step['text'][lang]} {state}"
                         .replace("*", "\\*").replace("\\*\\*", "**"))
        out[lang] = "\n".join(lines) + "\n"
    return out


@fragment
def nim_counter_steps() -> Bilingual:
    from arena.figures import counter_trace
    from arena.games import nim

    return _steps_text(counter_trace(nim(10, [1, 2]), 0))


@fragment
def ex42_counter_steps() -> Bilingual:
    from arena.figures import counter_trace

    return _steps_text(counter_trace(Arena.from_file(ROOT / "docs/examples/exercise-4-2.yaml"), 0))


@fragment
def alphabeta_steps_text() -> Bilingual:
    from arena.figures import SLIDES_TREE, alphabeta_trace

    return _steps_text(alphabeta_trace(SLIDES_TREE))


@fragment
def astar_steps_text() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, straight_line
    from arena.figures import astar_trace

    return _steps_text(astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line()))


@fragment
def astar_goal() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, astar, straight_line
    from arena.figures import astar_trace

    trace = astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())
    first = trace["goal_first_reached"]
    final = astar(EXAMPLE_GRAPH, "s", "t", straight_line())
    assert first["g"] > final.cost, "the example must show a first path that is not the best"
    return both(
        f"Sur la carte, $t$ est atteint une première fois depuis ${first['from']}$, par un chemin "
        f"de longueur {first['g']} ; il n'est retiré de la file qu'avec $g(t) = {final.cost}$, "
        f"par le chemin {' → '.join(final.path)}.\n",
        f"On the map, $t$ is first reached from ${first['from']}$, by a path of length "
        f"{first['g']}; it is taken out of the queue only with $g(t) = {final.cost}$, by the "
        f"path {' → '.join(final.path)}.\n")


# -- teachers ------------------------------------------------------------------------------

@fragment
def cli_help() -> Bilingual:
    import os

    from arena.cli import main

    os.environ["COLUMNS"] = "90"   # argparse wraps to the terminal: fix it for stable pages
    blocks = []
    for argv in (["--help"], ["solve", "--help"], ["render", "--help"], ["figures", "--help"]):
        buf = io.StringIO()
        with redirect_stdout(buf), suppress(SystemExit):
            main(argv, out=buf)
        blocks.append(f"```console\n$ arena {' '.join(argv)}\n{buf.getvalue().rstrip()}\n```\n")
    text = "\n".join(blocks)
    return both(text, text)


@fragment
def example_game_file() -> Bilingual:
    """The game file of exercise 4.2 as the teachers' guide shows it: without its
    leading comment, which is in English and tells the exercise's answers."""
    lines = (ROOT / "docs/examples/exercise-4-2.yaml").read_text(encoding="utf-8").splitlines()
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    text = fence("\n".join(lines), "yaml")
    return both(text, text)


@fragment
def cli_limits() -> Bilingual:
    """The work the command line accepts before it refuses (exit 2, naming the option)."""
    from arena import cli
    from arena.games import GAMES

    colon = {"fr": " : ", "en": ": "}
    rows: dict[str, list] = {"fr": [], "en": []}
    for game in GAMES.values():
        limit = game.defaults.get("max_positions", cli.DEFAULT_MAX_POSITIONS)
        for lang in rows:
            rows[lang].append((code(f"arena solve {game.name}") + colon[lang] + "positions",
                               num(limit, lang), code("--max-positions N")))
    for lang, (v, e) in {"fr": ("sommets dessinés", "arêtes dessinées"),
                         "en": ("vertices drawn", "edges drawn")}.items():
        rows[lang] += [("`arena render`" + colon[lang] + v, num(cli.RENDER_LIMIT, lang),
                        code("--max-vertices N")),
                       ("`arena render`" + colon[lang] + e, num(cli.RENDER_EDGE_LIMIT, lang),
                        code("--max-edges N"))]
    return {"fr": table(("Commande", "Limite", "Option qui l'élève"), rows["fr"], "lrl"),
            "en": table(("Command", "Limit", "Option that raises it"), rows["en"], "lrl")}


@fragment
def solve_example() -> Bilingual:
    from arena.cli import main

    buf = io.StringIO()
    main(["solve", str(ROOT / "docs/examples/exercise-4-2.yaml")], out=buf)
    text = fence(f"$ arena solve docs/examples/exercise-4-2.yaml\n{buf.getvalue().rstrip()}",
                 "console")
    return both(text, text)


@fragment
def figure_catalogue() -> Bilingual:
    from arena.exercises import french

    manifest = json.loads((ROOT / "docs/figures/manifest.json").read_text(encoding="utf-8"))
    out = {}
    for lang, head in (("fr", ("Identifiant", "Légende")), ("en", ("Id", "Caption"))):
        rows = [(code(e["id"]), text(french(e["caption"][lang]) if lang == "fr"
                                     else e["caption"][lang])) for e in manifest]
        out[lang] = table(head, rows)
    return out


# -- notes on the sources -------------------------------------------------------------

# Example 3.2.2 of the reference chapter, as printed (a comma is missing at the end of
# its second line); the page shows what Python makes of it.
SOURCE_NIM_CODE = """A = {(1,0) : [(0,1)],
     (1,1) : [(0,0)]
     (10,0) : [(8,1), (9,1)]}
for k in range(2,10) :
    for i in [0,1] :
        A[(k,i)] = [(k-2,1-i), (k-1,1-i)]"""


def _run_source(text: str) -> tuple[dict | None, str | None]:
    """Run ``text``; return its ``A`` and the one-line error it raised, if any."""
    scope: dict = {}
    try:
        exec(compile(text, "exemple-3-2-2", "exec"), scope)
    except SyntaxError as e:
        return None, f"SyntaxError: {e.msg} (line {e.lineno})"
    return scope["A"], None


@fragment
def source_nim_code() -> Bilingual:
    from arena.course import renverse_graphe
    from arena.games import nim

    _, printed_error = _run_source(SOURCE_NIM_CODE)
    if printed_error is None:
        raise ClaimError("source_nim_code: the printed code of example 3.2.2 runs")
    fixed = SOURCE_NIM_CODE.replace("(1,1) : [(0,0)]\n", "(1,1) : [(0,0)],\n")
    A, error = _run_source(fixed)
    if error is not None or A is None:
        raise ClaimError(f"source_nim_code: the code with its comma fails: {error}")
    try:
        renverse_graphe(A)
    except KeyError as e:
        key_error = f"KeyError: {e}"
    else:
        raise ClaimError("source_nim_code: renverse_graphe accepts the chapter's dictionary")
    g = nim(10, [1, 2])
    missing = sorted(v for v in g.vertices if v not in A)
    extra = sorted(v for v in A if v not in g)
    if extra or any(sorted(A[v]) != sorted(g.successors(v)) for v in A):
        raise ClaimError("source_nim_code: the fixed code's edges are not Nim's")
    miss = ", ".join(pos(v) for v in missing)
    return both(
        fence(SOURCE_NIM_CODE, "python") +
        f"\nTel quel, Python refuse ce code : `{printed_error}`, car une virgule manque à "
        "la fin de la deuxième ligne. Avec la virgule, le dictionnaire se construit, ses "
        f"arêtes sont bien celles du jeu, mais il lui manque les sommets {miss}, qui n'ont "
        "pas de successeur et ne sont donc jamais des clés. Donné à `renverse_graphe`, "
        f"qui crée une liste vide pour chaque clé puis ajoute chaque arête, il lève "
        f"`{key_error}`. Correction : ajouter la virgule, et une clé de liste vide pour "
        f"chaque position sans successeur, par exemple `A[(0,0)] = []` et "
        "`A[(0,1)] = []`.\n",
        fence(SOURCE_NIM_CODE, "python") +
        f"\nAs printed, Python rejects this code: `{printed_error}`, because a comma is "
        "missing at the end of the second line. With the comma, the dictionary is built, "
        f"its edges are those of the game, but it lacks the vertices {miss}, which have no "
        "successor and so are never keys. Given to `renverse_graphe`, which creates an "
        f"empty list for each key and then adds each edge, it raises `{key_error}`. "
        "Correction: add the comma, and a key with an empty list for each position "
        "without successor, for instance `A[(0,0)] = []` and `A[(0,1)] = []`.\n")


@fragment
def source_nim_v1() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    stuck = [v for v in g.S0 if not g.successors(v)]
    succ = ", ".join(pos(v) for v in g.successors((1, 0)))
    if stuck != [(0, 0)] or not g.successors((1, 0)) or list(g.V1) != [(0, 0)]:
        raise ClaimError("source_nim_v1: J_0 is not stuck at (0, 0) alone")
    return both(
        f"Avec un bâtonnet, $J_0$ peut encore jouer : le seul successeur de $(1, 0)$ est {succ}. "
        f"La seule position de $S_0$ sans successeur est {pos(stuck[0])}.\n",
        f"With one stick, $J_0$ can still move: $(1, 0)$ has the successor {succ}. The only "
        f"position of $S_0$ without successor is {pos(stuck[0])}.\n")


def _source_numbering_arena() -> Arena:
    """A bipartite arena where the chapter's numbering is below the rank: J_1 at ``x``
    can move to ``w`` (a victory of J_0) or take the long way ``y z v``."""
    return Arena(S0=["v", "y", "w"], S1=["x", "z"],
                 edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]},
                 V0=["v", "w"], start="x")


@fragment
def source_numbering() -> Bilingual:
    from arena.course import calcule_attracteur2, chapter_dicts

    g = _source_numbering_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    number = calcule_attracteur2(A, S0, V0)
    sol = solve(g)
    if not g.is_bipartite() or not number["x"] < sol.rank["x"]:
        raise ClaimError("source_numbering: the numbering is not below the rank at x")
    def m(v: str) -> str:
        return f"${v}$"

    order = ", ".join(map(m, V0))
    edges = ", ".join(f"${a} \\to {b}$" for a, b in sorted(g.edges()))
    s1 = [m(v) for v in g.S1 if g.successors(v)]
    s0 = ", ".join(m(v) for v in g.S0 if g.successors(v))
    v0 = ", ".join(g.V0)
    return both(
        f"Dans ce graphe biparti, $J_1$ joue en {' et '.join(s1)}, $J_0$ en {s0} ; "
        f"$V_0 = \\{{{v0}\\}}$ ; les arêtes sont {edges}. "
        f"Le rang de $x$ est {sol.rank['x']} : $J_1$ prend le long chemin. Mais en "
        f"parcourant $V_0$ dans l'ordre {order}, `calcule_attracteur2` donne à $x$ le "
        f"numéro {number['x']}, car son compteur tombe à 0 au moment où l'on marque $w$.\n",
        f"In this bipartite graph, $J_1$ moves at {' and '.join(s1)}, $J_0$ at {s0}; "
        f"$V_0 = \\{{{v0}\\}}$; the edges are {edges}. "
        f"The rank of $x$ is {sol.rank['x']}: $J_1$ takes the long way. But going through "
        f"$V_0$ in the order {order}, `calcule_attracteur2` gives $x$ the number "
        f"{number['x']}, because its counter falls to 0 when $w$ is marked.\n")


@fragment
def source_bouton() -> Bilingual:
    from arena.games import marienbad

    rows = []
    for heaps in ((1, 2), (1, 2, 3), (2, 2), (3, 5, 7)):
        g = marienbad(heaps, misere=False)
        sol = solve(g)
        xor = 0
        for h in heaps:
            xor ^= h
        winner = sol.winner[g.start]
        if (winner == 0) != (xor != 0):
            raise ClaimError(f"source_bouton: heaps {heaps}: Bouton's theorem fails")
        rows.append((", ".join(map(str, heaps)), xor, winner))
    out = {}
    for lang, head in (("fr", ("Tas", "Ou exclusif", "Gagnant (celui qui joue : $J_0$)")),
                       ("en", ("Heaps", "Exclusive or", "Winner (the player to move: $J_0$)"))):
        out[lang] = table(head, [(h, x, who(w, lang)) for h, x, w in rows], "lrl")
    return out


# -- end-of-chapter exercises (solutions folded after their statements) --------------------

def _set(vs) -> str:
    """A set of vertices in maths: ``$\\{(1, 0), (3, 1)\\}$``."""
    return "$\\{" + ", ".join(pos(v).replace("$", "") for v in vs) + "\\}$"


_NIM_DICTS_FR = '''\
n, R = 10, [1, 2]
A, S0, S1, V0, V1 = {}, {}, {}, {}, {}
for i in (0, 1):                  # J_i doit jouer
    for k in range(n + 1 - i):    # J_0 voit au plus n bâtonnets, J_1 au plus n - 1
        x = (k, i)
        A[x] = [(k - q, 1 - i) for q in R if q <= k]
        if i == 0:
            S0[x] = None
        else:
            S1[x] = None
        if not A[x]:              # le joueur qui doit jouer est bloqué : il a perdu
            if i == 0:
                V1[x] = None
            else:
                V0[x] = None'''

_NIM_DICTS_EN = '''\
n, R = 10, [1, 2]
A, S0, S1, V0, V1 = {}, {}, {}, {}, {}
for i in (0, 1):                  # J_i is to move
    for k in range(n + 1 - i):    # J_0 faces at most n sticks, J_1 at most n - 1
        x = (k, i)
        A[x] = [(k - q, 1 - i) for q in R if q <= k]
        if i == 0:
            S0[x] = None
        else:
            S1[x] = None
        if not A[x]:              # the player to move is stuck: they have lost
            if i == 0:
                V1[x] = None
            else:
                V0[x] = None'''


@fragment
def ex_nim_dicts() -> Bilingual:
    from arena.course import chapter_dicts
    from arena.games import nim

    expected = chapter_dicts(nim(10, [1, 2]))
    for source in (_NIM_DICTS_FR, _NIM_DICTS_EN):
        scope: dict = {}
        exec(source, scope)  # noqa: S102 - our own code, shown on the page
        got = tuple(scope[k] for k in ("A", "S0", "S1", "V0", "V1"))
        same_edges = {x: sorted(ys) for x, ys in got[0].items()} == {
            x: sorted(ys) for x, ys in expected[0].items()}
        assert same_edges and got[1:] == expected[1:], "the code of exercise 2.1.10 no longer builds Nim's graph"
    A, S0, S1, V0, V1 = expected
    edges = sum(map(len, A.values()))
    return both(
        fence(_NIM_DICTS_FR, "python") + f"\nOn obtient {len(A)} sommets ({len(S0)} dans `S0`, "
        f"{len(S1)} dans `S1`) et {edges} arêtes ; `V0` = {_set(V0)} et `V1` = {_set(V1)}. "
        "Pour la fonction demandée, il suffit de placer ces lignes dans "
        "`def jeu_de_nim(n, R):` et de renvoyer `A, S0, S1, V0, V1` : c'est l'exercice en "
        "Python ci-dessous.\n",
        fence(_NIM_DICTS_EN, "python") + f"\nThis gives {len(A)} vertices ({len(S0)} in `S0`, "
        f"{len(S1)} in `S1`) and {edges} edges; `V0` = {_set(V0)} and `V1` = {_set(V1)}. "
        "For the function, put these lines inside `def jeu_de_nim(n, R):` and return "
        "`A, S0, S1, V0, V1`: that is the Python exercise below.\n")


EX313 = ROOT / "docs/examples/exercise-3-1-3.yaml"


@fragment
def ex313_solution() -> Bilingual:
    g = Arena.from_file(EX313)
    A = {v: list(g.successors(v)) for v in g.vertices}
    dminus = {v: 0 for v in A}
    for x in A:
        for y in A[x]:
            dminus[y] += 1
    assert sum(dminus.values()) == sum(map(len, A.values())) == g.n_edges
    names = sorted(A)
    rows = [(code(v), len(A[v]), dminus[v]) for v in names]
    literal = "A = {" + ",\n     ".join(
        f"{v!r}: [{', '.join(map(repr, A[v]))}]" for v in names) + "}"
    return both(
        table(("Sommet", "$d^+$", "$d^-$"), rows, "lrr") +
        f"\nLes deux colonnes ont la même somme, {g.n_edges} : chaque arête sort d'un sommet "
        "et entre dans un autre.\n\n" + fence(literal, "python"),
        table(("Vertex", "$d^+$", "$d^-$"), rows, "lrr") +
        f"\nBoth columns add up to {g.n_edges}: every edge leaves one vertex and enters "
        "one.\n\n" + fence(literal, "python"))


def _maximal_plays(g: Arena, x) -> list[list]:
    """Every play from ``x`` that stops on a position without a move (the graph has no
    cycle): depth first, successors in the graph's order."""
    if g.victory(x) is not None or not g.successors(x):
        return [[x]]
    return [[x, *p] for y in g.successors(x) for p in _maximal_plays(g, y)]


@fragment
def ex_nim4_plays() -> Bilingual:
    from arena.games import nim

    g = nim(4, [1, 2])
    plays = _maximal_plays(g, g.start)
    won = [p for p in plays if g.victory(p[-1]) == 0]
    word = {"fr": ("coups, gagnée par", " : "), "en": ("moves, won by", ": ")}
    lines = {lang: "".join(
        f"- {' → '.join(pos(v) for v in p)}{word[lang][1]}{len(p) - 1} {word[lang][0]} "
        f"{who(g.victory(p[-1]), lang)}\n" for p in plays) for lang in ("fr", "en")}
    return both(
        f"Il y a {len(plays)} parties, dont {len(won)} gagnées par $J_0$ :\n\n{lines['fr']}\n"
        "Une partie est gagnée par $J_0$ exactement quand elle compte un nombre impair de "
        "coups : c'est alors $J_0$ qui a retiré le dernier bâtonnet.\n",
        f"There are {len(plays)} plays, {len(won)} of them won by $J_0$:\n\n{lines['en']}\n"
        "A play is won by $J_0$ exactly when it has an odd number of moves: then $J_0$ took "
        "the last stick.\n")


def _winning_from(g: Arena, s: dict, x, player: int) -> bool:
    """Does every play from ``x`` following ``s`` (player's strategy) end in V_player?
    The graph must have no cycle."""
    if g.victory(x) is not None:
        return g.victory(x) == player
    succ = g.successors(x)
    if not succ:
        return False
    if g.owner(x) == player:
        return _winning_from(g, s, s[x], player)
    return all(_winning_from(g, s, y, player) for y in succ)


@fragment
def ex_nim4_strategies() -> Bilingual:
    from itertools import product

    from arena.games import nim

    g = nim(4, [1, 2])
    mine = [x for x in g.S0 if g.victory(x) is None and g.successors(x)]
    choices = [g.successors(x) for x in mine]
    total = winning = 0
    for pick in product(*choices):
        total += 1
        winning += _winning_from(g, dict(zip(mine, pick, strict=True)), g.start, 0)
    degrees = " × ".join(str(len(c)) for c in choices)
    return both(
        f"Les positions de $J_0$ qui ont un successeur sont {_set(mine)} ; une stratégie "
        f"choisit un successeur en chacune, d'où {degrees} = {total} stratégies. En "
        f"explorant toutes les réponses de $J_1$, on trouve que {winning} d'entre elles "
        "sont gagnantes depuis $(4, 0)$ : celles qui jouent $(4, 0) \\to (3, 1)$ et "
        "$(2, 0) \\to (0, 1)$ ; le choix en $(3, 0)$ est libre, car cette position n'est "
        "jamais atteinte après $(3, 1)$.\n",
        f"The positions of $J_0$ with a successor are {_set(mine)}; a strategy picks one "
        f"successor at each, hence {degrees} = {total} strategies. Exploring every reply of "
        f"$J_1$, {winning} of them are winning from $(4, 0)$: those that play "
        "$(4, 0) \\to (3, 1)$ and $(2, 0) \\to (0, 1)$; the choice at $(3, 0)$ is free, "
        "since that position is never reached after $(3, 1)$.\n")


def _three_positions(back_edge: bool) -> Arena:
    """a (J_0), b (J_1), v in V_0: a -> b, b -> a, and b -> v (plays) or a -> v
    (strategies)."""
    edges = {"a": ["b"], "b": ["a", "v"]} if back_edge else {"a": ["b", "v"], "b": ["a"]}
    return Arena(S0=["a"], S1=["b", "v"], edges=edges, V0=["v"])


@fragment
def ex_draw_arena() -> Bilingual:
    sol = solve(_three_positions(True))
    assert sol.winner["a"] is None and sol.winner["b"] is None
    return both("Le solveur le confirme : ni `a` ni `b` n'est dans un attracteur.\n",
                "The solver confirms it: neither `a` nor `b` is in an attractor.\n")


@fragment
def ex_looping_strategy() -> Bilingual:
    from arena import StrategyError

    g = _three_positions(False)
    sol = solve(g)
    ra, rb = sol.rank["a"], sol.rank["b"]
    assert sol.winner["a"] == sol.winner["b"] == 0 and rb > ra
    try:
        verify_strategy(g, 0, {"a": "b"}, solution=sol)
    except StrategyError:
        pass
    else:
        raise AssertionError("the strategy a -> b should not win")
    return both(
        f"Alors $a \\in \\mathcal{{A}}^0_{{{ra}}}$ (rang {ra}, par le coup vers $v$) et "
        f"$b \\in \\mathcal{{A}}^0_{{{rb}}}$ (son seul successeur est $a$). La stratégie "
        "$a \\mapsto b$ joue vers une position de $\\mathcal{A}^0$, mais la seule partie "
        "qui la suit depuis $a$ est $(a, b, a, b, \\dots)$ : elle est infinie, donc pas "
        f"gagnante. Le rang interdit ce choix : $\\mathrm{{rg}}(b) = {rb}$ n'est pas plus "
        f"petit que $\\mathrm{{rg}}(a) = {ra}$.\n",
        f"Then $a \\in \\mathcal{{A}}^0_{{{ra}}}$ (rank {ra}, by the move to $v$) and "
        f"$b \\in \\mathcal{{A}}^0_{{{rb}}}$ (its only successor is $a$). The strategy "
        "$a \\mapsto b$ moves to a position of $\\mathcal{A}^0$, but the only play "
        "following it from $a$ is $(a, b, a, b, \\dots)$: it is infinite, hence not won. "
        f"The rank forbids this choice: $\\mathrm{{rg}}(b) = {rb}$ is not smaller than "
        f"$\\mathrm{{rg}}(a) = {ra}$.\n")


@fragment
def ex_nim8_layers() -> Bilingual:
    from arena.games import nim

    g = nim(8, [1, 3])
    sol = solve(g)
    assert sol.winner[g.start] == 1
    assert all(sol.winner[(k, i)] == (1 - i if k % 2 == 0 else i) for k, i in g.vertices)
    rows = [(f"$\\mathcal{{A}}^1_{{{n}}}$", ", ".join(pos(v) for v in layer))
            for n, layer in enumerate(sol.layers(1))]
    r = sol.rank[g.start]
    return both(
        table(("Étape", "Positions ajoutées"), rows) +
        f"\nLe départ $(8, 0)$ entre à l'étape {r} : $J_1$ gagne, en {r} coups au plus. "
        "Les deux coups de la règle sont impairs : chaque coup change la parité du nombre de "
        "bâtonnets, et le joueur qui doit jouer face à un nombre pair perd.\n",
        table(("Step", "Positions added"), rows) +
        f"\nThe start $(8, 0)$ enters at step {r}: $J_1$ wins, within {r} moves. Both moves "
        "of the rule are odd: every move changes the parity of the number of sticks, and "
        "the player to move facing an even number loses.\n")


@fragment
def ex_rank_bound() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)
    a0 = sol.attractor(0)
    r, bound = sol.rank[g.start], len(a0) - len(g.V0)
    assert all(rk <= bound for rk in a0.values())
    return both(
        f"Pour le jeu de Nim à 10 bâtonnets et la règle $\\{{1, 2\\}}$ : "
        f"$|\\mathcal{{A}}^0| = {len(a0)}$, $|V_0| = {len(g.V0)}$, et le rang du départ vaut "
        f"{r} $\\le {bound}$.\n",
        f"For Nim with 10 sticks and the rule $\\{{1, 2\\}}$: $|\\mathcal{{A}}^0| = {len(a0)}$, "
        f"$|V_0| = {len(g.V0)}$, and the rank of the start is {r} $\\le {bound}$.\n")


@fragment
def ex_counter_trace() -> Bilingual:
    from collections import deque

    from arena.course import chapter_dicts
    from arena.games import nim

    g = nim(5, [1, 2])
    A, S0, _, V0, _ = chapter_dicts(g)
    pred: dict = {x: [] for x in A}
    for x in A:
        for y in A[x]:
            pred[y].append(x)
    count = {x: len(A[x]) for x in A}
    rank = {x: 0 for x in sorted(V0)}
    queue, order = deque(rank), []
    while queue:
        y = queue.popleft()
        order.append(y)
        for x in sorted(pred[y]):
            if x in rank:
                continue
            count[x] -= 1
            if x in S0 or count[x] == 0:
                rank[x] = rank[y] + 1
                queue.append(x)
    assert rank == solve(g).attractor(0), "the trace disagrees with the solver"
    seq = ", ".join(f"{pos(x)} ({rank[x]})" for x in order)
    out = sorted(x for x in A if x not in rank)
    left = ", ".join(f"{pos(x)} : {count[x]}" for x in out)
    left_en = left.replace(" : ", ": ")
    s = g.start
    assert s in rank and s not in V0
    return both(
        f"Ordre de sortie de la file, avec les rangs : {seq}. Hors de l'attracteur restent "
        f"{_set(out)}, avec les compteurs finaux {left} (la position $(0, 0)$ n'a pas de "
        "successeur : son compteur vaut 0 dès le début, mais elle n'est le prédécesseur de "
        f"personne, et elle est dans $V_1$). Le départ {pos(s)} est gagnant pour $J_0$, de "
        f"rang {rank[s]}.\n",
        f"Order in which vertices leave the queue, with their ranks: {seq}. Outside the "
        f"attractor remain {_set(out)}, with final counters {left_en} (the position "
        "$(0, 0)$ has no successor: its counter is 0 from the start, but it is nobody's "
        f"predecessor, and it is in $V_1$). The start {pos(s)} is won by $J_0$, with rank "
        f"{rank[s]}.\n")


@fragment
def ex_nim12_strategy() -> Bilingual:
    from arena.games import nim

    g = nim(12, [1, 3, 4])
    sol = solve(g)
    lost = [k for k in range(13) if sol.winner[(k, 0)] == 1]
    assert lost == [k for k in range(13) if k % 7 in (0, 2)], "the rule mod 7 changed"
    s = g.start
    return both(
        f"Le joueur qui doit jouer perd exactement pour $k \\in \\{{{', '.join(map(str, lost))}\\}}$, "
        f"c'est-à-dire $k \\equiv 0$ ou $2 \\pmod 7$. Le départ $(12, 0)$ est gagnant pour "
        f"{who(sol.winner[s], 'fr')}, de rang {sol.rank[s]} ; la stratégie calculée joue "
        f"{pos(sol.move[s])}, en laissant {sol.move[s][0]} bâtonnets.\n",
        f"The player to move loses exactly for $k \\in \\{{{', '.join(map(str, lost))}\\}}$, "
        f"that is $k \\equiv 0$ or $2 \\pmod 7$. The start $(12, 0)$ is won by "
        f"{who(sol.winner[s], 'en')}, with rank {sol.rank[s]}; the computed strategy plays "
        f"{pos(sol.move[s])}, leaving {sol.move[s][0]} sticks.\n")


@fragment
def ex_chomp_count() -> Bilingual:
    from math import comb

    from arena.games import chomp

    rows = []
    for m, n in ((1, 4), (2, 3), (3, 3), (4, 5), (6, 6)):
        size = len(chomp(m, n))
        assert size == 2 * (comb(m + n, m) - 1), (m, n)
        rows.append((f"${m} \\times {n}$", comb(m + n, m) - 1, size))
    return both(table(("Tablette", "Escaliers", "Sommets du graphe"), rows, "lrr"),
                table(("Bar", "Staircases", "Vertices of the graph"), rows, "lrr"))


@fragment
def ex_chomp_square() -> Bilingual:
    from arena.games import chomp

    sizes = range(2, 7)
    for n in sizes:
        g = chomp(n, n)
        sol = solve(g)
        ell = ((n,) + (1,) * (n - 1), 1)
        assert ell in g.successors(g.start) and sol.winner[ell] == 0, n
    last = sizes[-1]
    return both(
        f"Le solveur confirme que ce premier coup est gagnant pour $n = 2, \\dots, {last}$.\n",
        f"The solver confirms that this first move wins for $n = 2, \\dots, {last}$.\n")


@fragment
def ex_ourson_count() -> Bilingual:
    from math import comb

    from arena.games import ourson

    g = ourson()
    board = 6
    assert len(g) == board * comb(board - 1, 2) * 2, "the ourson graph changed size"
    text = f"{board} \\times {comb(board - 1, 2)} \\times 2 = {len(g)}"
    return both(f"On trouve ${text}$ sommets, le nombre que donne le solveur.\n",
                f"This gives ${text}$ vertices, the number the solver finds.\n")


@fragment
def ex_ourson_ranks() -> Bilingual:
    from arena.games import ourson
    from arena.games.ourson import article_rank

    g = ourson()
    sol = solve(g)
    short, rank = article_rank(g), sol.attractor(1)
    # the text says: the article's "rank" is the distance to V_1, a lower bound of the rank
    assert {x for x in g.vertices if not g.successors(x)} == set(g.V1)
    assert all(short[x] <= r for x, r in rank.items())
    strict = sum(short[x] < r for x, r in rank.items())
    return both(
        f"Sur le jeu de l'ourson, l'inégalité est stricte pour {strict} des {len(rank)} "
        f"positions gagnantes des chiots ; au départ `0450`, le « rang » de l'article vaut "
        f"{short['0450']} et le rang de l'attracteur {rank['0450']}.\n",
        f"On the ourson game, the inequality is strict for {strict} of the {len(rank)} "
        f"positions won by the puppies; at the start `0450`, the article's “rank” is "
        f"{short['0450']} and the attractor rank is {rank['0450']}.\n")


@fragment
def ex_ourson_clock() -> Bilingual:
    from arena.games import ourson

    g = ourson()
    sol = solve(g)
    r, worst = sol.rank["0450"], max(sol.attractor(1).values())
    return both(
        f"Le départ `0450` a le rang {r} $\\le 16$ : les chiots gagnent aussi avec la règle "
        f"des 16 coups. Le plus grand rang d'une position gagnante des chiots est {worst}.\n",
        f"The start `0450` has rank {r} $\\le 16$: the puppies also win under the 16-move "
        f"rule. The largest rank of a position won by the puppies is {worst}.\n")


@fragment
def ex_grundy_14() -> Bilingual:
    from arena.games import nim
    from arena.grundy import period, subtraction_grundy

    seq = subtraction_grundy((1, 4), 60)
    start, p = period(seq)
    sol = solve(nim(12, [1, 4]))
    zeros = [k for k in range(13) if seq[k] == 0]
    assert zeros == [k for k in range(13) if sol.winner[(k, 0)] == 1]
    shown = ", ".join(map(str, seq[:13]))
    return both(
        f"$g(0), \\dots, g(12)$ = {shown}. La suite est périodique de période {p} dès "
        f"$k = {start}$. Le joueur qui doit jouer perd exactement quand $g(k) = 0$ : "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, comme le trouve l'attracteur du jeu "
        "de Nim à 12 bâtonnets.\n",
        f"$g(0), \\dots, g(12)$ = {shown}. The sequence is periodic with period {p} from "
        f"$k = {start}$. The player to move loses exactly when $g(k) = 0$: "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, as the attractor of Nim with 12 "
        "sticks finds.\n")


EX_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@fragment
def ex_minimax() -> Bilingual:
    from arena.minimax import minimax_tree

    r = minimax_tree(EX_TREE)
    mins = [min(t) for t in EX_TREE]
    return both(
        f"Les trois nœuds $J_{{\\min}}$ valent {', '.join(map(str, mins))} ; la racine "
        f"vaut leur maximum, {r.value}, atteint par le coup vers le fils numéro "
        f"{r.move + 1} (de gauche à droite).\n",
        f"The three $J_{{\\min}}$ nodes are worth {', '.join(map(str, mins))}; the root is "
        f"worth their maximum, {r.value}, reached by the move to child number {r.move + 1} "
        "(from left to right).\n")


@fragment
def ex_alphabeta() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    a, b = minimax_tree(EX_TREE), alphabeta_tree(EX_TREE)
    # the text explains the cuts: only in the second child, nothing in the third
    assert a.value == b.value and {path[0] for path in b.pruned} == {1}
    leaves = lambda r: [p for p in r.visited if len(p) == 2]  # noqa: E731
    cut = ", ".join(str(EX_TREE[i][j]) for i, j in b.pruned)
    return both(
        f"Alpha-bêta lit {len(leaves(b))} feuilles sur {len(leaves(a))} : les feuilles "
        f"{cut} ne sont pas lues. Après le premier fils, $\\alpha = {min(EX_TREE[0])}$ ; "
        f"dans le deuxième, la première feuille donne $\\beta = {EX_TREE[1][0]}$, "
        f"et $\\alpha \\ge \\beta$ coupe le reste. Dans le troisième, $\\beta$ ne "
        f"descend sous $\\alpha$ qu'à la dernière feuille : rien n'est coupé. La valeur reste "
        f"{b.value}.\n",
        f"Alpha-beta reads {len(leaves(b))} leaves out of {len(leaves(a))}: the leaves {cut} "
        f"are not read. After the first child, $\\alpha = {min(EX_TREE[0])}$; in the second, "
        f"the first leaf gives $\\beta = {EX_TREE[1][0]}$, and $\\alpha \\ge \\beta$ cuts the "
        f"rest. In the third, $\\beta$ only falls below $\\alpha$ at the last leaf: nothing is "
        f"cut. The value is still {b.value}.\n")


from arena.figures import EX_ASTAR, EX_ASTAR_H  # noqa: E402 - drawn by the figure build


@fragment
def ex_astar_graph() -> Bilingual:
    edges = ", ".join(f"{u} → {v} ({w})" for u, out in EX_ASTAR.items() for v, w in out.items())
    hs = ", ".join(f"$h({v}) = {h}$" for v, h in EX_ASTAR_H.items())
    return both(f"Arêtes (avec leur poids) : {edges}. Heuristique : {hs}.\n",
                f"Edges (with their weights): {edges}. Heuristic: {hs}.\n")


@fragment
def ex_astar() -> Bilingual:
    from arena.astar import astar, is_admissible, is_consistent

    h = EX_ASTAR_H.__getitem__
    assert is_consistent(EX_ASTAR, "t", h) and is_admissible(EX_ASTAR, "t", h)
    a, d = astar(EX_ASTAR, "s", "t", h), astar(EX_ASTAR, "s", "t", lambda v: 0)
    only = [v for v in d.expanded if v not in a.expanded]
    before, after = EX_ASTAR["s"]["b"], EX_ASTAR["s"]["a"] + EX_ASTAR["a"]["b"]
    assert after < before and a.expanded.index("a") < a.expanded.index("b")
    return both(
        f"L'heuristique est cohérente. A* développe {', '.join(a.expanded)}, dans cet ordre, "
        f"et trouve {' → '.join(a.path)}, de longueur {a.cost}. En développant `a`, il "
        f"améliore la distance provisoire de `b` (de {before} à {after}). Dijkstra "
        f"($h = 0$) développe "
        f"{', '.join(d.expanded)} : il développe aussi {', '.join(only)}, que $h$ écarte.\n",
        f"The heuristic is consistent. A* expands {', '.join(a.expanded)}, in this order, "
        f"and finds {' → '.join(a.path)}, of length {a.cost}. Expanding `a` improves the "
        f"tentative distance of `b` (from {before} to {after}). Dijkstra ($h = 0$) expands "
        f"{', '.join(d.expanded)}: it also expands {', '.join(only)}, which $h$ rules out.\n")


# -- writing -----------------------------------------------------------------------------------

BENCH_FILE = ROOT / "build" / "bench.json"


def _ensure_bench(path: Path) -> None:
    """Quick benchmark measures, made once per machine (``make bench`` refreshes them)."""
    if not path.exists():
        print("fragments: measuring the quick benchmark once (build/bench.json)", file=sys.stderr)
        subprocess.run([sys.executable, str(ROOT / "scripts/bench.py"), "--quick", "--json",
                        str(path)], check=True, stdout=subprocess.DEVNULL)


def write(out: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write the fragments; return the files whose text changed."""
    changed = []
    for name in names or FRAGMENTS:
        texts = FRAGMENTS[name]()
        for lang, text in texts.items():
            path = out / lang / f"{name}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                write_atomic(path, text)
                changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    global BENCH_FILE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "generated")
    parser.add_argument("--bench", type=Path, default=BENCH_FILE)
    args = parser.parse_args(argv)
    BENCH_FILE = args.bench
    _ensure_bench(BENCH_FILE)
    changed = write(args.out)
    print(f"fragments: {len(FRAGMENTS)} fragments in 2 languages, {len(changed)} files "
          f"changed -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
