"""Teachers' guide: the figures and fragments of ``docs/fr/teachers.md`` and
``docs/en/teachers.md`` (the benchmarks, the command line in both languages, the library
from Python) and SPEC §3's loop (:func:`spec_loop`), which the guide's figure draws and
the teaching notes state. The notes' facts are :mod:`coursebuild.course.teaching_facts`, above
this module: it reads the pages, never the other way round."""

from __future__ import annotations

import io
import json
import re
from contextlib import contextmanager, redirect_stdout, suppress

from arena import Arena
from coursebuild.course import examples
from coursebuild.course.drawing import Drawing, Figure
from coursebuild.course.facts import claim
from coursebuild.paths import ROOT
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    code,
    dec,
    fence,
    fragment,
    num,
    table,
    text,
    who,
)

BENCH_FILE = ROOT / "build" / "bench.json"
"""This machine's quick benchmark, when ``make bench`` measured it here."""
RECORDED_BENCH = ROOT / "docs" / "data" / "bench-quick.json"
"""The quick benchmark as recorded in the project (``python scripts/bench.py --quick
--json docs/data/bench-quick.json``, with its date, machine and load): what the page
shows until ``make bench`` measures this machine. A build never measures it (issue 65: a
first build or ``make serve`` was silent for minutes there, before the first page)."""


def bench_data() -> dict:
    """The quick benchmark's measures the teachers' page shows: this machine's
    (:data:`BENCH_FILE`) if measured, else the recorded ones (:data:`RECORDED_BENCH`)."""
    path = BENCH_FILE if BENCH_FILE.is_file() else RECORDED_BENCH
    return json.loads(path.read_text(encoding="utf-8"))


def bench_note(data: dict, lang: str) -> str:
    """Where the measures come from: the command, the sizes, the date, the machine and
    its load when the file says them (``make bench`` measures again)."""
    fr = lang == "fr"
    sizes = (", tailles réduites" if fr else ", reduced sizes") if data.get("quick") else ""
    head = f"`scripts/bench.py` (Python {data['python']}{sizes})"
    m, load = data.get("machine"), data.get("load")
    if not (m and load and data.get("date")):       # a file of an older bench
        return (f"Mesuré par {head} ; `make bench` refait les mesures sur cette machine."
                if fr else f"Measured by {head}; `make bench` measures again on this machine.")
    low, high = dec(load["min"], lang, 1), dec(load["max"], lang, 1)
    return (f"Mesuré par {head} le {data['date']} : {m['cpu']}, {m['cores']} cœurs, charge "
            f"(moyenne sur 1 minute) de {low} à {high} pendant la mesure ; `make bench` "
            "refait les mesures sur cette machine." if fr else
            f"Measured by {head} on {data['date']}: {m['cpu']}, {m['cores']} cores, load "
            f"(1-minute average) {low} to {high} during the run; `make bench` measures "
            "again on this machine.")


_BENCH_GAMES = {   # scripts/bench_games.py's labels, as the pages write them
    "nim n=10 rule {1,2}": ("Nim, $n = 10$, règle $\\{1, 2\\}$", "Nim, $n = 10$, rule $\\{1, 2\\}$"),
    "nim n=15 rule {2,3,5}": ("Nim, $n = 15$, règle $\\{2, 3, 5\\}$",
                              "Nim, $n = 15$, rule $\\{2, 3, 5\\}$"),
    "marienbad 1,3,5,7": ("Nim à tas 1, 3, 5, 7 (misère)", "Heaps 1, 3, 5, 7 (misère)"),
    "chomp 2 × 3": ("Chomp $2 \\times 3$", "Chomp $2 \\times 3$"),
    "chomp 4 × 5": ("Chomp $4 \\times 5$", "Chomp $4 \\times 5$"),
    "ourson": ("Le jeu de l'ourson", "The bear cub game"),
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
    data = bench_data()
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
        note = "\n" + bench_note(data, lang) + "\n"
        out[lang] = text + "\n" + table(ghead, grows, "lrrlr") + note
    return out

@fragment
def bench_scale() -> Bilingual:
    """The teachers' page: building arenas, and the solver with and without numpy."""
    data = bench_data()
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

@fragment
def cli_help() -> Bilingual:
    """The command line's help as ``--help`` prints it, and on the French page its French
    rendering (:func:`french_help`): the same parsers, their words translated."""
    return {lang: "\n".join(f"```console\n$ {command} {' '.join(argv)}\n{out}\n```\n"
                            for command, argv, out in _help_blocks(lang))
            for lang in ("fr", "en")}


HELP_COMMANDS = (("arena", ["--help"]), ("arena", ["solve", "--help"]),
                 ("arena", ["render", "--help"]),
                 ("python -m coursebuild", ["figures", "--help"]))


def _help_blocks(lang: str) -> list[tuple[str, list[str], str]]:
    import os

    from arena.cli import main
    from coursebuild.sources.usage import PARSERS

    os.environ["COLUMNS"] = "90"   # argparse wraps to the terminal: fix it for stable pages
    blocks = []
    for command, argv in HELP_COMMANDS:
        buf = io.StringIO()
        with redirect_stdout(buf), suppress(SystemExit), french_help(lang == "fr"):
            if command == "arena":
                main(argv, out=buf)
            else:
                PARSERS[argv[0]]().parse_args(argv[1:])
        blocks.append((command, argv, buf.getvalue().rstrip()))
    return blocks


# The French of the command line's help: argparse's own words, then each help text and
# description (a pattern that must match all of it, and its French). A text without its
# French stops the build, naming it.
HELP_WORDS_FR = {"usage: ": "utilisation : ", "show this help message and exit":
                 "affiche cette aide et s'arrête",
                 # section headings, to which argparse adds the colon
                 "positional arguments": "arguments positionnels\u00a0",
                 "options": "options\u00a0"}
METAVARS_FR = {"FILE|GAME": "FICHIER|JEU", "VALUE": "VALEUR", "COMMAND": "COMMANDE",
               "OUT.svg|OUT.pdf": "SORTIE.svg|SORTIE.pdf", "OUT": "SORTIE"}
GAME_DEFAULT = r"[\w-]+ \(default [^()]*\)"
HELP_FR = [
    (r"Two-player reachability games on graphs\.",
     "Jeux d'accessibilité à deux joueurs sur des graphes."),
    (r"print the version and stop", "affiche la version et s'arrête"),
    (r"solve an arena file or a built-in game", "résout un fichier d'arène ou un jeu intégré"),
    (r"draw one arena file or built-in game as SVG or PDF",
     "dessine un fichier d'arène ou un jeu intégré, en SVG ou en PDF"),
    (r"Solve an arena file \(\.yaml, \.yml, \.json\) or a built-in game: (?P<games>.*)\.",
     "Résout un fichier d'arène (.yaml, .yml, .json) ou un jeu intégré : \\g<games>."),
    (r"an arena file \(\.yaml, \.yml, \.json; - reads standard input\), a game's rules as a "
     r"Python file \(\.py: START, STUCK, player, moves, winner; the file is run as code, "
     r"which can change anything the command writes, so only use files you trust\) or a "
     r"built-in game: (?P<games>.*)",
     "un fichier d'arène (.yaml, .yml, .json ; - lit l'entrée standard), les règles d'un jeu "
     "en fichier Python (.py : START, STUCK, player, moves, winner ; le fichier est exécuté "
     "comme du code, qui peut changer tout ce que la commande écrit : n'en donnez que de "
     "sûrs) ou un jeu intégré : \\g<games>"),
    (r"the most positions a rules file's exploration or a built-in game may reach; past it "
     r"the command stops, naming this option \(default (?P<n>[\d,]+)\)",
     "le plus de positions que l'exploration d'un fichier de règles ou un jeu intégré peut "
     "atteindre ; au-delà, la commande s'arrête en nommant cette option (\\g<n> par défaut)"),
    (r"with --json, write ids longer than (?P<n>\d+) characters whole \(by default they are "
     r"shortened, as in the table: their beginning, … and a digest of the whole id\)",
     "avec --json, écrit en entier les identifiants de plus de \\g<n> caractères (par "
     "défaut, ils sont raccourcis comme dans le tableau : leur début, … et une empreinte de "
     "l'identifiant entier)"),
    (r"print the solution as JSON", "affiche la solution en JSON"),
    (r"rows of the table without --json \(0: all; default (?P<n>\d+)\)",
     "lignes du tableau sans --json (0 : toutes ; \\g<n> par défaut)"),
    (r"Draw an arena with the course's conventions: circles for J_0, squares for J_1, "
     r"double border for victory positions\.",
     "Dessine une arène selon les conventions du cours : des cercles pour J_0, des carrés "
     "pour J_1, une double bordure pour les positions de victoire."),
    (r"the file to write \(its extension chooses the format\)",
     "le fichier à écrire (son extension choisit le format)"),
    (r"graph: the arena alone; winners: vertices coloured by winner with ranks; attractor: "
     r"the steps of --player's attractor up to --step; strategy: --player's strategy",
     "graph : l'arène seule ; winners : les sommets colorés selon leur gagnant, avec les "
     "rangs ; attractor : les étapes de l'attracteur de --player jusqu'à --step ; "
     "strategy : la stratégie de --player"),
    (r"attractor step to show \(default: the last\)",
     "l'étape de l'attracteur à montrer (par défaut : la dernière)"),
    (r"refuse to draw more vertices than this \(default (?P<n>[\d,]+): Graphviz slows down "
     r"beyond\)", "refuse de dessiner plus de sommets (\\g<n> par défaut : Graphviz ralentit "
     "au-delà)"),
    (r"refuse to draw more edges than this \(default (?P<n>[\d,]+)\)",
     "refuse de dessiner plus d'arêtes (\\g<n> par défaut)"),
    (r"stop a layout that takes longer \(default (?P<n>\d+); 0: no limit\)",
     "arrête un placement qui dure plus longtemps (\\g<n> par défaut ; 0 : sans limite)"),
    (rf"{GAME_DEFAULT}(?:; {GAME_DEFAULT})*", None),      # nim (default 10); chomp (...)
    (r"Build every figure of the catalogue \(or the ids given\) as SVG and PDF, with "
     r"manifest\.json; figures whose inputs did not change are kept\.",
     "Construit chaque figure du catalogue (ou celles dont les identifiants sont donnés) en "
     "SVG et en PDF, avec manifest.json ; les figures dont les entrées n'ont pas changé sont "
     "gardées."),
    (r"figure ids \(default: all\)", "identifiants des figures (par défaut : toutes)"),
    (r"output folder \(default: docs/figures\)", "dossier de sortie (par défaut : docs/figures)"),
    (r"rebuild even if up to date", "reconstruit même ce qui est à jour"),
    (r"processes \(default: cores\)", "processus (par défaut : un par cœur)"),
    (r"list the ids and stop", "liste les identifiants et s'arrête"),
]


def help_in_french(english: str) -> str:
    """The French of one help text or description of the command line (with French
    typography and French numbers); a text this table does not know stops the build."""
    from coursebuild.sources.typography import french

    for pattern, template in HELP_FR:
        m = re.fullmatch(pattern, english, re.S)
        if m is None:
            continue
        if template is None:          # the built-in games' defaults
            out = re.sub(r"\(default ([^()]*)\)", r"(\1 par défaut)", english).replace(
                "; ", " ; ")
        else:
            out = m.expand(template)
        out = re.sub(r"(?<=\d),(?=\d{3})", "\u202f", out)      # 2,000 -> 2 000
        return french(out)
    if english in HELP_WORDS_FR.values():      # argparse's own words, already French
        return english
    raise MissingFrench(f"teachers: the command line's help has no French for {english!r} "
                        "(add it to coursebuild.course.pages.teachers.HELP_FR)")


class MissingFrench(LookupError):
    """A help text of the command line that :data:`HELP_FR` does not translate."""


@contextmanager
def french_help(active: bool = True):
    """While it is active, argparse prints its help in French: its own words
    (``usage:``, ``options``), the metavariables, each help text and description."""
    import argparse

    if not active:
        yield
        return
    formatter = argparse.HelpFormatter
    saved = (argparse._, formatter._expand_help, formatter._format_text,
             formatter._metavar_formatter)
    expand, format_text, metavar = saved[1:]

    def words(text: str) -> str:
        return french(HELP_WORDS_FR.get(text, text))

    def metavars(self, action, default_metavar):
        inner = metavar(self, action, default_metavar)
        return lambda size: tuple(METAVARS_FR.get(m, m) for m in inner(size))

    from coursebuild.sources.typography import french

    argparse._ = words                                      # type: ignore[attr-defined]
    formatter._expand_help = lambda self, action: help_in_french(expand(self, action))
    formatter._format_text = lambda self, text: format_text(self, help_in_french(text))
    formatter._metavar_formatter = metavars
    try:
        yield
    finally:
        (argparse._, formatter._expand_help, formatter._format_text,  # type: ignore
         formatter._metavar_formatter) = saved


@fragment
def example_game_file() -> Bilingual:
    """The game file of exercise 4.2 as the teachers' guide shows it: without its
    leading comment, which is in English and tells the exercise's answers."""
    lines = (ROOT / examples.EX42).read_text(encoding="utf-8").splitlines()
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
                        code("--max-edges N")),
                       ("`arena render`" + colon[lang] + ("secondes de placement" if lang == "fr"
                                                           else "seconds of layout"),
                        num(cli.RENDER_SECONDS, lang), code("--time-limit N"))]
    return {"fr": table(("Commande", "Limite", "Option qui l'élève"), rows["fr"], "lrl"),
            "en": table(("Command", "Limit", "Option that raises it"), rows["en"], "lrl")}

@fragment
def solve_example() -> Bilingual:
    """``arena solve`` on exercise 4.2's file, and on the French page the same output in
    French (:func:`solve_in_french`)."""
    from arena.cli import main

    buf = io.StringIO()
    main(["solve", str(ROOT / examples.EX42)], out=buf)
    output = buf.getvalue().rstrip()
    title = (Arena.from_file(ROOT / examples.EX42).title or {}).get("fr")
    command = "$ arena solve docs/examples/exercise-6-2.yaml\n"
    return {"fr": fence(command + solve_in_french(output, title), "console"),
            "en": fence(command + output, "console")}


def _fr_num(n: str) -> str:
    return n.replace(",", "\u202f")          # 1,234 -> 1 234


def _fr_count(n: str, word: str, words: str) -> str:
    return f"{_fr_num(n)} {word if int(n.replace(',', '')) <= 1 else words}"


SOLVE_FR = [
    (r"(?P<v>[\d,]+) vert(?:ex|ices), (?P<e>[\d,]+) edges?; J_0 wins (?P<w0>[\d,]+), "
     r"J_1 wins (?P<w1>[\d,]+), (?P<d>[\d,]+) draws?",
     lambda m: f"{_fr_count(m['v'], 'sommet', 'sommets')}, "
               f"{_fr_count(m['e'], 'arête', 'arêtes')} ; J_0 gagne {_fr_num(m['w0'])}, "
               f"J_1 gagne {_fr_num(m['w1'])}, {_fr_count(m['d'], 'nul', 'nuls')}"),
    (r"start (?P<s>.+?): won by J_(?P<p>[01]) in (?P<r>[\d,]+) moves?",
     lambda m: f"départ {m['s']} : gagné par J_{m['p']} en {_fr_count(m['r'], 'coup', 'coups')}"),
    (r"start (?P<s>.+?): a draw \(neither player can force a win\)",
     lambda m: f"départ {m['s']} : match nul (aucun joueur ne peut forcer la victoire)"),
    (r"\.\.\. (?P<n>[\d,]+) more positions? \(--limit 0 shows all\)",
     lambda m: f"… {_fr_count(m['n'], 'position', 'positions')} de plus (--limit 0 les "
               "montre toutes)"),
]
SOLVE_HEADER_FR = {"vertex": "sommet", "owner": "joueur", "victory": "victoire",
                   "winner": "gagnant", "rank": "rang", "move": "coup"}


def solve_in_french(output: str, title: str | None) -> str:
    """The readable table of ``arena solve`` in French: the French title of the game, the
    counts and the start's result in French, the table's columns renamed and aligned
    again, a draw written ``nul``. A line this does not know stops the build."""
    from coursebuild.sources.typography import french

    lines = output.split("\n")
    out = [french(title) if title else lines[0]]
    k = 1
    while k < len(lines) and lines[k]:
        for pattern, make in SOLVE_FR:
            m = re.fullmatch(pattern, lines[k])
            if m:
                out.append(french(make(m)))
                break
        else:
            raise MissingFrench(f"teachers: arena solve printed a line without its French: "
                                f"{lines[k]!r}")
        k += 1
    out.append("")
    header, rows, tail = lines[k + 1], [], []
    starts = [m.start() for m in re.finditer(r"\S+", header)]
    for line in lines[k + 2:]:
        if line.startswith("..."):
            tail.append(line)
            continue
        cells = [line[a:b].strip() for a, b in zip(starts, starts[1:] + [None], strict=True)]
        rows.append(["nul" if c == "draw" else c for c in cells])
    rows.insert(0, [SOLVE_HEADER_FR[word] for word in header.split()])
    widths = [max(len(r[c]) for r in rows) for c in range(len(starts))]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    for line in tail:
        out.append(french(next(make(m) for pattern, make in SOLVE_FR
                               if (m := re.fullmatch(pattern, line)))))
    return "\n".join(out)

@fragment
def figure_catalogue() -> Bilingual:
    from coursebuild.sources.typography import french

    manifest = json.loads((ROOT / "docs/figures/manifest.json").read_text(encoding="utf-8"))
    out = {}
    for lang, head in (("fr", ("Identifiant", "Légende")), ("en", ("Id", "Caption"))):
        # the course's figures; the bank's samples are on its own page
        rows = [(code(e["id"]), text(french(e["caption"][lang]) if lang == "fr"
                                     else e["caption"][lang])) for e in manifest
                if not e["id"].startswith("bank-")]
        out[lang] = table(head, rows)
    return out


# the library from Python, for the teachers' guide: the code written once, its comments in
# the page's language; the fragment runs it, so the guide shows code that works
_PYTHON_EXAMPLE = '''\
from arena import Arena, solve, verify_strategy
from arena.games import nim

g = nim(15, [2, 3, 5])
sol = solve(g)
sol.winner[(15, 0)], sol.rank[(15, 0)]      # {winner}
sol.layers(1)                               # {layers}
verify_strategy(g, 1)                       # {verify}
Arena.from_file("docs/examples/exercise-6-2.yaml")'''
_PYTHON_EXAMPLE_COMMENTS = {
    "fr": {"winner": "le gagnant et le rang", "layers": "les étapes de l'attracteur de J_1",
           "verify": "explore toutes les réponses de J_0"},
    "en": {"winner": "the winner and the rank", "layers": "the steps of J_1's attractor",
           "verify": "explores every reply of J_0"},
}


@fragment
def python_example() -> Bilingual:
    runnable = _PYTHON_EXAMPLE.format(winner="", layers="", verify="").replace(
        '"docs/examples/', '"' + (ROOT / "docs" / "examples").as_posix() + "/")
    exec(runnable, {})  # noqa: S102 - our own code, shown on the page
    return {lang: fence(_PYTHON_EXAMPLE.format(**_PYTHON_EXAMPLE_COMMENTS[lang]), "python")
            for lang in ("fr", "en")}


def spec_loop_arena() -> Arena:
    """SPEC §3's example: a bipartite arena on which the chapter's strategie, following
    the numbers of marque_propage2, lets J_1 loop from x."""
    return Arena(S0=["x", "b", "w"], S1=["z", "a", "v"],
                 edges={"x": ["z", "a"], "z": ["x", "w"], "a": ["b"], "b": ["v"], "w": ["v"]},
                 V0=["v"], start="x")


def spec_loop() -> dict:
    """The numbers, the exact ranks, the moves of strategie and of the computed strategy,
    and the play that loops (found by exploring every reply of J_1)."""

    from arena import attractor, solve
    from arena.course import calcule_attracteur2, chapter_dicts, strategy_moves
    from arena.solver import StrategyError, verify_strategy

    g = spec_loop_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks, moves = calcule_attracteur2(A, S0, V0), attractor(g, 0), strategy_moves(g)
    try:
        verify_strategy(g, 0, moves)
        found = None
    except StrategyError as e:
        found = re.search(r"the play (.*) follows the strategy .* and loops", str(e))
    claim(found is not None, "SPEC §3's example: strategie does not loop")
    verify_strategy(g, 0)                       # the rank strategy wins (raises if not)
    loop = found.group(1).split(" -> ") if found else []
    claim(g.is_bipartite() and numbers["z"] < ranks["z"] and numbers["z"] < numbers["x"],
          "SPEC §3's example: z's number is not below its rank and x's number")
    return {"arena": g, "numbers": numbers, "ranks": ranks, "moves": moves, "loop": loop,
            "move": solve(g).move["x"]}


def spec_loop_figure() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    f = spec_loop()
    g = f["arena"]
    labels = {v: f"{f['ranks'][v]} | {f['numbers'][v]}" for v in g.vertices}
    dot = arena_dot(g, None, View(cycle=tuple(f["loop"][:-1]), labels=labels),
                    graph_attr={"rankdir": "LR"})
    ring = " → ".join(f["loop"])
    return Drawing(dot, {
        "fr": "Une arène bipartie où la stratégie qui suit les "
              "numéros de marque_propage2 boucle (cercles : J₀ joue ; carrés : J₁ joue ; "
              "double bordure : v, la victoire de J₀). À côté de chaque sommet : son rang | "
              f"son numéro. Arêtes épaisses : la partie infinie {ring} → … que J₁ impose.",
        "en": "A bipartite arena where the strategy that follows "
              "the mark_propagate2 numbers loops (circles: J₀ moves; squares: J₁ moves; double "
              "border: v, J₀'s victory). Beside each vertex: its rank | its number. Thick "
              f"edges: the endless play {ring} → … that J₁ forces."},
        describe(g), titles=vertex_titles(g))


FIGURES: tuple[Figure, ...] = (Figure("teach-numbering-loop", spec_loop_figure),)

