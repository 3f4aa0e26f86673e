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
    return both(
        f"Pour $n = 10$ et la règle $\\{{1, 2\\}}$, le graphe a {len(g)} sommets et "
        f"{g.n_edges} arêtes ; $S_0 = \\{{{s0.replace('$', '')}\\}}$ compte {len(g.S0)} sommets, "
        f"$S_1$ en compte {len(g.S1)}. Les positions de victoire sont $V_0 = \\{{{v0.replace('$', '')}\\}}$ "
        f"et $V_1 = \\{{{v1.replace('$', '')}\\}}$. Le graphe est biparti : "
        f"{'oui' if g.is_bipartite() else 'non'}.\n",
        f"For $n = 10$ and the rule $\\{{1, 2\\}}$, the graph has {len(g)} vertices and "
        f"{g.n_edges} edges; $S_0 = \\{{{s0.replace('$', '')}\\}}$ has {len(g.S0)} vertices, "
        f"$S_1$ has {len(g.S1)}. The victory positions are $V_0 = \\{{{v0.replace('$', '')}\\}}$ "
        f"and $V_1 = \\{{{v1.replace('$', '')}\\}}$. The graph is bipartite: "
        f"{'yes' if g.is_bipartite() else 'no'}.\n")


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


@fragment
def nim_positions() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    sol = solve(g)

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
    return both(f"Le sommet $(1, 0)$ a pour successeur(s) {succ} : son degré sortant est "
                f"$d^+ = {d[x]}$. Il a pour prédécesseurs {preds} : son degré entrant est "
                f"$d^- = {len(B[x])}$.\n",
                f"The vertex $(1, 0)$ has the successor(s) {succ}: its out-degree is "
                f"$d^+ = {d[x]}$. Its predecessors are {preds}: its in-degree is "
                f"$d^- = {len(B[x])}$.\n")


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
    from arena.course import naive_attractor_steps

    rows = []
    for n in (10, 100, 1000):
        g = Arena(S0=range(0, n, 2), S1=range(1, n, 2),
                  edges={k: [k + 1] for k in range(n - 1)}, V0=[n - 1])
        steps = len(naive_attractor_steps(g, 0))
        rows.append((num(n, "fr"), num(n, "en"), steps, steps * (len(g) + g.n_edges)))
    return both(
        table(("Sommets de la chaîne", "Étapes", "Sommets et arêtes relus"),
              [(a, s, num(c, "fr")) for a, _, s, c in rows], "rrr"),
        table(("Vertices of the chain", "Steps", "Vertices and edges read"),
              [(b, s, num(c, "en")) for _, b, s, c in rows], "rrr"))


@fragment
def recursion_limit() -> Bilingual:
    limit = sys.getrecursionlimit()
    return both(f"La limite par défaut de Python est de {num(limit, 'fr')} appels imbriqués.\n",
                f"Python's default limit is {num(limit, 'en')} nested calls.\n")


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
        grows = [(g["game"], num(g["positions"], lang), num(g["edges"], lang),
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
        f"stratégie du rang de l'attracteur, `verify_strategy` prouve que toute partie depuis "
        f"`0450` finit par le blocage de l'ourson en {longest['0450']} coups au plus, "
        f"et jamais en plus de {max(longest.values())} coups depuis n'importe quelle position : "
        f"la règle des 16 coups est largement respectée. Un cycle de la stratégie de l'article : "
        f"{ring}.\n",
        f"The position graph has {len(g)} vertices and {g.n_edges} edges; the ourson is blocked "
        f"in {len(g.V1)} positions ({blocked}). The solver finds {s['won_by_1']} positions won "
        f"by the puppies, {s['won_by_0']} by the ourson and {s['draws']} draws. The article's "
        f"“rank” is {rank['0450']} at the start `0450` (and at most {max(rank.values())}); the "
        f"attractor rank there is {sol.rank['0450']}. With the attractor-rank strategy, "
        f"`verify_strategy` proves that every play from `0450` ends with the ourson blocked "
        f"within {longest['0450']} moves, and never later than {max(longest.values())} moves "
        f"from any position: the 16-move rule holds with room to spare. A cycle of the "
        f"article's strategy: {ring}.\n")


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
def solve_example() -> Bilingual:
    from arena.cli import main

    buf = io.StringIO()
    main(["solve", str(ROOT / "docs/examples/exercise-4-2.yaml")], out=buf)
    text = fence(f"$ arena solve docs/examples/exercise-4-2.yaml\n{buf.getvalue().rstrip()}",
                 "console")
    return both(text, text)


@fragment
def figure_catalogue() -> Bilingual:
    manifest = json.loads((ROOT / "docs/figures/manifest.json").read_text(encoding="utf-8"))
    out = {}
    for lang, head in (("fr", ("Identifiant", "Légende")), ("en", ("Id", "Caption"))):
        rows = [(f"`{e['id']}`", e["caption"][lang].replace("|", "\\|")) for e in manifest]
        out[lang] = table(head, rows)
    return out


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
