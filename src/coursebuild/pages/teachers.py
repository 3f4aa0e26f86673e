"""Teachers' guide: the figures and fragments of ``docs/fr/teachers.md`` and
``docs/en/teachers.md``."""

from __future__ import annotations

import functools
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from contextlib import contextmanager, redirect_stdout, suppress
from pathlib import Path

from arena import Arena
from coursebuild import examples
from coursebuild.drawing import Drawing, Figure
from coursebuild.facts import claim
from coursebuild.markdown import (
    Bilingual,
    both,
    code,
    dec,
    fence,
    fragment,
    num,
    pos,
    table,
    text,
    who,
)
from coursebuild.paths import ROOT

BENCH_FILE = ROOT / "build" / "bench.json"


def ensure_bench(path: Path = BENCH_FILE) -> None:
    """Quick benchmark measures, made once per machine (``make bench`` refreshes them)."""
    if not path.exists():
        print("fragments: measuring the quick benchmark once (build/bench.json)", file=sys.stderr)
        # its tables and the rows it prints as it goes stay out of the build's log (a row
        # without its table's header read as noise); they are in build/bench.json
        done = subprocess.run([sys.executable, str(ROOT / "scripts/bench.py"), "--quick",
                               "--json", str(path)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise SystemExit(f"fragments: the quick benchmark failed:\n{done.stderr[-2000:]}")


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
    ensure_bench()
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
    ensure_bench()
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
    from coursebuild.usage import PARSERS

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
     r"Python file \(\.py: START, STUCK, player, moves, winner; the file is run, so only use "
     r"files you trust\) or a built-in game: (?P<games>.*)",
     "un fichier d'arène (.yaml, .yml, .json ; - lit l'entrée standard), les règles d'un jeu "
     "en fichier Python (.py : START, STUCK, player, moves, winner ; le fichier est exécuté : "
     "n'en donnez que de sûrs) ou un jeu intégré : \\g<games>"),
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
    from coursebuild.typography import french

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
                        "(add it to coursebuild.pages.teachers.HELP_FR)")


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

    from coursebuild.typography import french

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
    from arena import Arena
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
    from coursebuild.typography import french

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
    from coursebuild.typography import french

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


# ------------------------------------------------------------- the teaching notes' facts
#
# The counterexamples that the teaching notes (docs/teaching/*.yaml, rendered by
# coursebuild.teaching) show to reveal a misconception, computed here by the library and
# by the exercises' own checkers: a note writes {{fact:NAME}} where NAME is a key of
# NOTE_FACTS, and each value is checked by claim() before it is written.

NOTE_FACTS: dict[str, Callable[[], Bilingual]] = {}


def note_fact(fn: Callable[[], Bilingual]) -> Callable[[], Bilingual]:
    """Register a fact of the teaching notes under its function's name with dashes."""
    NOTE_FACTS[fn.__name__.replace("_", "-")] = fn
    return fn


def _and(items: list[str], lang: str) -> str:
    last = " et " if lang == "fr" else " and "
    return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else items[0]


def _bar(rows) -> str:
    """A chomp bar as the chapter writes it: the lengths of its rows, ``$(3, 2)$``."""
    return "$(" + ", ".join(map(str, rows)) + ")$"


def _verdict(exercise_id: str, code_text: str, lang: str) -> str:
    """What the Check of a programming exercise answers to ``code_text`` (the checker the
    page runs in the browser, run here by CPython)."""
    from coursebuild.glossary import english
    from coursebuild.python_exercises import check

    # the notes' code is written with the French course's names; the English student
    # writes it with the English ones
    result = check(exercise_id, code_text if lang == "fr" else english(code_text), lang)
    claim(result["status"] == "fail", f"teaching notes: the check of {exercise_id} accepts "
          "the mistaken version the notes show")
    return result["message"]


@note_fact
def nim_positions() -> Bilingual:
    """Nim with 10 sticks and the rule {1, 2}: 11 numbers of sticks, 21 positions."""
    from arena.games import nim

    g = nim(10, [1, 2])
    claim(len(g) == 2 * 10 + 1, "nim: 10 sticks do not make 21 positions")
    return both(f"{len(g)} positions pour 11 nombres de bâtonnets",
                f"{len(g)} positions for 11 numbers of sticks")


@note_fact
def nim_victories() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    v0, v1 = (", ".join(pos(v)[1:-1] for v in sorted(vs)) for vs in (g.V0, g.V1))
    claim(g.V1 == ((0, 0),), "nim: V1 is not {(0, 0)}")
    return both(f"$V_0 = \\{{{v0}\\}}$ et $V_1 = \\{{{v1}\\}}$",
                f"$V_0 = \\{{{v0}\\}}$ and $V_1 = \\{{{v1}\\}}$")


@note_fact
def nim15_victories() -> Bilingual:
    """Nim with 15 sticks and the rule {2, 3, 5} (exercise 6.1): with 0 or 1 stick the
    player to move cannot move."""
    from arena.games import nim

    g = nim(15, [2, 3, 5])
    v0, v1 = (", ".join(pos(v)[1:-1] for v in sorted(vs)) for vs in (g.V0, g.V1))
    claim(set(g.V1) == {(0, 0), (1, 0)}, "nim 15 {2, 3, 5}: V1 is not {(0, 0), (1, 0)}")
    return both(f"$V_0 = \\{{{v0}\\}}$ et $V_1 = \\{{{v1}\\}}$",
                f"$V_0 = \\{{{v0}\\}}$ and $V_1 = \\{{{v1}\\}}$")


@note_fact
def chomp23_positions() -> Bilingual:
    """Chomp 2 x 3 (exercise 6.3): its bars, each once per player to move but the poison
    alone."""
    from math import comb

    from arena.games import chomp

    g = chomp(2, 3)
    shapes = comb(2 + 3, 2) - 1
    bars = {v[0] for v in g.vertices}
    claim(len(bars) == shapes and len(g) > shapes, "chomp 2 x 3: the positions are the bars")
    return both(f"{len(g)} positions pour {shapes} formes de tablette",
                f"{len(g)} positions for {shapes} shapes of the bar")


@note_fact
def nim_degrees_10() -> Bilingual:
    from arena.course import chapter_dicts, dplus, renverse_graphe

    A, *_ = chapter_dicts(examples.nim_10().arena)
    out, into = dplus(A)[(1, 0)], len(renverse_graphe(A)[(1, 0)])
    claim(out != into, "nim: the in- and out-degrees of (1, 0) are equal")
    return both(f"$d^+(1, 0) = {out}$ et $d^-(1, 0) = {into}$",
                f"$d^+(1, 0) = {out}$ and $d^-(1, 0) = {into}$")


@note_fact
def nim_moves_by_player() -> Bilingual:
    """The play of Nim (10, {1, 2}) where both follow the computed strategies: its moves,
    those of each player, and the start's rank."""
    from arena.strategies import play

    g, sol = examples.nim_10().arena, examples.nim_10().solution
    line = play(g, sol.move)
    moves = [g.owner(x) for x in line[:-1]]
    rank = sol.rank[g.start]
    claim(len(moves) == rank, "nim: the play of best moves does not last the rank")
    return both(f"le départ a le rang {rank}, et la partie où chacun joue au mieux compte "
                f"{moves.count(0)} coups de $J_0$ et {moves.count(1)} de $J_1$",
                f"the start has rank {rank}, and the play where both play their best has "
                f"{moves.count(0)} moves of $J_0$ and {moves.count(1)} of $J_1$")


# an attractor that reads "all its successors are in A_n" of a dead end as true
VACUOUS_NAIVE = """\
def attracteur_naif(A, S0, V0):
    att = dict(V0)
    while True:
        new = [x for x in A if x not in att and (any(y in att for y in A[x]) if x in S0
                                                 else all(y in att for y in A[x]))]
        if not new:
            return att
        for x in new:
            att[x] = None
"""

# the chapter's recursive marque_propage, handed in for exercise 4.1
RECURSIVE_ATTRACTOR = """\
def calcule_attracteur(A, S0, V0):
    B = {s: [] for s in A}
    for s in A:
        for t in A[s]:
            B[t].append(s)
    d = {s: len(A[s]) for s in A}
    attr = {}
    def marque(s):
        if s not in attr:
            attr[s] = None
            for x in B[s]:
                d[x] -= 1
                if x in S0 or d[x] == 0:
                    marque(x)
    for s in V0:
        marque(s)
    return attr
"""

# the naive fixpoint of exercise 3.7, handed in for exercise 4.1
NAIVE_ATTRACTOR = VACUOUS_NAIVE.replace("attracteur_naif", "calcule_attracteur").replace(
    "all(y in att for y in A[x])", "A[x] and all(y in att for y in A[x])")


@note_fact
def dead_end_check() -> Bilingual:
    """The Check of exercise 3.7 against the attractor that counts dead ends in."""
    return {lang: fence(_verdict("naive-attractor", VACUOUS_NAIVE, lang), "text")
            for lang in ("fr", "en")}


@note_fact
def vacuous_code() -> Bilingual:
    from coursebuild.glossary import english

    return both(fence(VACUOUS_NAIVE.rstrip("\n"), "python"),
                fence(english(VACUOUS_NAIVE).rstrip("\n"), "python"))


@note_fact
def recursion_check() -> Bilingual:
    """The Check of exercise 4.1 against the chapter's recursive version."""
    return {lang: "« " + _verdict("attractor", RECURSIVE_ATTRACTOR, lang) + " »"
            if lang == "fr" else "“" + _verdict("attractor", RECURSIVE_ATTRACTOR, lang) + "”"
            for lang in ("fr", "en")}


@note_fact
def recursion_limit_value() -> Bilingual:
    """Python's default limit of nested calls, asked of a fresh interpreter (a build may
    run with a limit its tools raised)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print(sys.getrecursionlimit())"],
                          capture_output=True, text=True, check=True)
    limit = int(done.stdout)
    return {lang: num(limit, lang) for lang in ("fr", "en")}


@note_fact
def naive_check() -> Bilingual:
    """The Check of exercise 4.1 against the naive fixpoint (correct, but quadratic)."""
    return {lang: ("« " if lang == "fr" else "“") + _verdict("attractor", NAIVE_ATTRACTOR, lang)
            + (" »" if lang == "fr" else "”") for lang in ("fr", "en")}


@note_fact
def ex62_outcomes() -> Bilingual:
    """The game of exercise 6.2: its positions by outcome (draws included)."""
    g, sol = examples.ex42().arena, examples.ex42().solution
    counts = sol.summary()
    claim(counts["draws"] > 0, "exercise 6.2: the game has no draw")
    return both(f"sur ses {len(g)} positions, {counts['won_by_0']} sont gagnées par $J_0$, "
                f"{counts['won_by_1']} par $J_1$ et {counts['draws']} sont nulles",
                f"of its {len(g)} positions, {counts['won_by_0']} are won by $J_0$, "
                f"{counts['won_by_1']} by $J_1$ and {counts['draws']} are draws")


def spec_loop_arena() -> Arena:
    """SPEC §3's example: a bipartite arena on which the chapter's strategie, following
    the numbers of marque_propage2, lets J_1 loop from x."""
    return Arena(S0=["x", "b", "w"], S1=["z", "a", "v"],
                 edges={"x": ["z", "a"], "z": ["x", "w"], "a": ["b"], "b": ["v"], "w": ["v"]},
                 V0=["v"], start="x")


def spec_loop() -> dict:
    """The numbers, the exact ranks, the moves of strategie and of the computed strategy,
    and the play that loops (found by exploring every reply of J_1)."""
    import re

    from arena import attractor, solve
    from arena.course import calcule_attracteur2, chapter_dicts, strategie_moves
    from arena.solver import StrategyError, verify_strategy

    g = spec_loop_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks, moves = calcule_attracteur2(A, S0, V0), attractor(g, 0), strategie_moves(g)
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


@note_fact
def spec_loop_arena_text() -> Bilingual:
    g = spec_loop_arena()
    edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
    sets = (f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
            f"$V_0 = \\{{{', '.join(g.V0)}\\}}$")
    return both(f"{sets}, arêtes {edges}", f"{sets}, edges {edges}")


@note_fact
def spec_loop_table() -> Bilingual:
    f = spec_loop()
    g = f["arena"]
    rows = [(code(v), "$J_0$" if g.owner(v) == 0 else "$J_1$", f["ranks"][v], f["numbers"][v],
             code(f["moves"][v]) if v in f["moves"] else "") for v in g.vertices]
    return {"fr": table(("Sommet", "Joueur", "Rang", "Numéro (`marque_propage2`)",
                         "Coup de `strategie`"), rows, "llrrl"),
            "en": table(("Vertex", "Player", "Rank", "Number (`mark_propagate2`)",
                         "Move of `strategy`"), rows, "llrrl")}


@note_fact
def spec_loop_play() -> Bilingual:
    f = spec_loop()
    ring = " → ".join(f["loop"])
    return both(f"la partie {ring} → …, que $J_1$ impose ; la stratégie calculée, elle, "
                f"joue x → {f['move']} et gagne en au plus {f['ranks']['x']} coups",
                f"the play {ring} → …, which $J_1$ forces; the computed strategy plays "
                f"x → {f['move']} instead and wins within {f['ranks']['x']} moves")


@note_fact
def spec_numbers() -> Bilingual:
    f = spec_loop()
    n, r = f["numbers"], f["ranks"]
    return both(f"z reçoit le numéro {n['z']} mais a le rang {r['z']} ; x reçoit le numéro "
                f"{n['x']}, son rang",
                f"z gets the number {n['z']} but has rank {r['z']}; x gets the number "
                f"{n['x']}, its rank")


@note_fact
def chomp_losing_moves() -> Bilingual:
    """Chomp 2 x 3 (exercise 6.3): after J_0's winning first move, J_1 faces a bar it
    loses whatever it plays, its moves of different ranks, and the delaying move."""
    from arena import solve
    from arena.games import chomp

    g = chomp(2, 3)
    sol = solve(g)
    x = sol.move[g.start]                  # J_1 to move, after J_0's winning first move
    ranks = sorted(sol.rank[y] for y in g.successors(x))
    claim(g.owner(x) == 1 and sol.winner[x] == 0 and len(set(ranks)) > 1,
          "chomp 2 x 3: after the first move, J_1 does not lose with moves of different ranks")
    low, high = ranks[0], ranks[-1]
    return both(f"le premier coup gagnant de $J_0$ laisse à $J_1$ la tablette {_bar(x[0])} : "
                f"$J_1$ y a {len(ranks)} coups, tous perdants ; {ranks.count(low)} perdent en "
                f"{low} coup, {ranks.count(high)} en {high} coups, et la stratégie calculée de "
                f"$J_1$ joue {_bar(sol.move[x][0])}, de rang {high}",
                f"$J_0$'s winning first move leaves $J_1$ the bar {_bar(x[0])}: $J_1$ has "
                f"{len(ranks)} moves there, all losing; {ranks.count(low)} lose within {low} "
                f"move, {ranks.count(high)} within {high} moves, and $J_1$'s computed strategy "
                f"plays {_bar(sol.move[x][0])}, of rank {high}")


@note_fact
def chomp_thin_bars() -> Bilingual:
    """Chomp 1 x 2 and 2 x 1: after the first bite only the poison is left, a position
    without a move (a victory of J_0): there is no answer of J_1 to steal."""
    from arena import solve
    from arena.games import chomp

    for m, n in ((1, 2), (2, 1)):
        g = chomp(m, n)
        sol = solve(g)
        after = sol.move[g.start]
        claim(after[0] == (1,) and not g.successors(after) and g.victory(after) == 0
              and sol.rank[g.start] == 1, f"chomp {m} x {n}: the first bite does not win at "
              "once")
    one = chomp(1, 1)
    claim(solve(one).winner[one.start] == 1, "chomp 1 x 1: the first player does not lose")
    return both("sur $1 \\times 2$ comme sur $2 \\times 1$, la première bouchée ne laisse que "
                "le carré empoisonné : $J_1$ n'a plus aucun coup (la position est une victoire "
                "de $J_0$), et le départ a le rang 1",
                "on $1 \\times 2$ as on $2 \\times 1$, the first bite leaves only the poisoned "
                "square: $J_1$ has no move left (the position is a victory of $J_0$), and the "
                "start has rank 1")


@note_fact
def chomp_first_moves() -> Bilingual:
    """The winning first moves the attractor finds on a few bars (the stealing argument
    names none)."""
    from arena import solve
    from arena.games import chomp

    parts = {"fr": [], "en": []}
    for m, n in ((3, 4), (4, 5)):
        g = chomp(m, n)
        sol = solve(g)
        good = [y for y in g.successors(g.start) if sol.winner[y] == 0]
        claim(good, f"chomp {m} x {n}: no winning first move")
        bars = {lang: _and([_bar(y[0]) for y in good], lang) for lang in parts}
        parts["fr"].append(f"sur ${m} \\times {n}$, {len(good)} premier coup gagnant sur "
                           f"{len(g.successors(g.start))} (laisser {bars['fr']})"
                           if len(good) == 1 else
                           f"sur ${m} \\times {n}$, {len(good)} premiers coups gagnants sur "
                           f"{len(g.successors(g.start))} (laisser {bars['fr']})")
        parts["en"].append(f"on ${m} \\times {n}$, {len(good)} winning first move"
                           f"{'' if len(good) == 1 else 's'} out of "
                           f"{len(g.successors(g.start))} (leave {bars['en']})")
    return {lang: _and(parts[lang], lang) for lang in parts}


@note_fact
def ourson_ranks() -> Bilingual:
    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    short, rank = article_rank(g), sol.attractor(1)
    strict = sum(short[x] < r for x, r in rank.items())
    claim(short[g.start] < rank[g.start], "ourson: the article's rank of the start is not "
          "below its attractor rank")
    return both(f"en `{g.start}`, le « rang » de l'article vaut {short[g.start]} et le rang "
                f"de l'attracteur {rank[g.start]} ; l'inégalité est stricte pour {strict} des "
                f"{len(rank)} positions gagnées par les chiots",
                f"at `{g.start}`, the article's “rank” is {short[g.start]} and the attractor "
                f"rank {rank[g.start]}; the inequality is strict for {strict} of the "
                f"{len(rank)} positions won by the puppies")


@note_fact
def ourson_stay_in_attractor() -> Bilingual:
    """The article's first strategy graph keeps only winning moves and still has the
    cycle 1450 -> 3451 -> 3250 -> 1251."""
    from coursebuild.pages.ourson import ARTICLE_CYCLE, article_cycle_facts

    f = article_cycle_facts()
    ring = " → ".join(f"`{v}`" for v in (*ARTICLE_CYCLE, ARTICLE_CYCLE[0]))
    return both(f"le cycle {ring}, dont chaque position est gagnée par les chiots et chaque "
                f"coup reste dans leur attracteur ; leurs coups y font passer le rang de "
                f"{_and([f'{a} à {b}' for a, b in f['rises']], 'fr')}",
                f"the cycle {ring}, whose every position is won by the puppies and every "
                f"move stays in their attractor; their moves there take the rank from "
                f"{_and([f'{a} to {b}' for a, b in f['rises']], 'en')}")


@note_fact
def bouton_123() -> Bilingual:
    """Nim with heaps 1, 2, 3 in normal play: xor 0, and the player to move loses."""
    from arena import solve
    from arena.games.marienbad import marienbad

    g = marienbad((1, 2, 3), misere=False)
    sol = solve(g)
    claim(1 ^ 2 ^ 3 == 0 and sol.winner[g.start] == 1, "Nim 1, 2, 3: the first player wins")
    return both(f"avec les tas 1, 2 et 3, $1 \\oplus 2 \\oplus 3 = 0$ et l'attracteur donne "
                f"le départ gagné par $J_1$, le second joueur, en {sol.rank[g.start]} coups",
                f"with heaps 1, 2 and 3, $1 \\oplus 2 \\oplus 3 = 0$ and the attractor finds "
                f"the start won by $J_1$, the second player, within {sol.rank[g.start]} moves")


@note_fact
def alphabeta_orders() -> Bilingual:
    """The course's depth-3 tree: the leaves alpha-beta evaluates in the course's order,
    with the best move first at every node, and with the worst first."""
    from arena.minimax import alphabeta_tree, minimax_tree
    from coursebuild.examples import SLIDES_TREE

    def value(tree, maxing: bool):
        return minimax_tree(tree, maxing).value if isinstance(tree, list) else tree

    def ordered(tree, maxing: bool, best: bool):
        """The tree with each node's children sorted, best move for its player first
        (``best``) or last."""
        if not isinstance(tree, list):
            return tree
        kids = [ordered(t, not maxing, best) for t in tree]
        return sorted(kids, key=lambda t: value(t, not maxing), reverse=maxing == best)

    course = alphabeta_tree(SLIDES_TREE)
    best, worst = (alphabeta_tree(ordered(SLIDES_TREE, True, b)) for b in (True, False))
    counts = [len(r.visited) for r in (best, course, worst)]
    claim(counts[0] < counts[1] < counts[2] and best.value == course.value == worst.value,
          "alpha-beta: the orders do not change the count, or change the value")
    total = len(minimax_tree(SLIDES_TREE).visited)
    return both(f"alpha-bêta évalue {counts[1]} des {total} nœuds dans l'ordre du cours, "
                f"{counts[0]} quand le meilleur coup vient toujours en premier, {counts[2]} "
                f"quand il vient en dernier, et trouve chaque fois la valeur {course.value}",
                f"alpha-beta evaluates {counts[1]} of the {total} nodes in the course's "
                f"order, {counts[0]} when the best move always comes first, {counts[2]} when "
                f"it comes last, and finds the value {course.value} each time")


@note_fact
def astar_twice() -> Bilingual:
    from arena.astar import astar, is_admissible, is_consistent
    from coursebuild.pages.beyond import REOPEN_GRAPH, REOPEN_H

    h = REOPEN_H.get
    result = astar(REOPEN_GRAPH, "s", "t", h)
    twice = sorted({v for v in result.expanded if result.expanded.count(v) > 1})
    claim(twice and is_admissible(REOPEN_GRAPH, "t", h)
          and not is_consistent(REOPEN_GRAPH, "t", h), "A*: no vertex expanded twice under "
          "the admissible, inconsistent heuristic")
    order = ", ".join(result.expanded)
    return both(f"A\\* y développe {order} : {_and(twice, 'fr')} deux fois",
                f"A\\* expands {order} there: {_and(twice, 'en')} twice")


@note_fact
def tictactoe_tree() -> Bilingual:
    from arena.games.tictactoe import tictactoe
    from coursebuild.pages.theory import reachable_count, tree_size

    g = tictactoe(3, 3)
    positions, size = reachable_count(g), tree_size(g)
    claim(size is not None and size[0] > 50 * positions, "tic-tac-toe: the tree is not much "
          "larger than the graph")
    nodes, plays = size if size else (0, 0)
    return {lang: (f"{num(positions, lang)} positions, mais {num(nodes, lang)} nœuds dans "
                   f"l'arbre et {num(plays, lang)} parties complètes" if lang == "fr" else
                   f"{num(positions, lang)} positions, but {num(nodes, lang)} nodes in the "
                   f"tree and {num(plays, lang)} complete plays") for lang in ("fr", "en")}


@note_fact
def dilemma_outcome() -> Bilingual:
    from coursebuild.pages.theory import PRISON_YEARS, _years, dilemma

    d = dilemma()
    betray, silent = d["equilibrium_years"][0], PRISON_YEARS[0, 0][0]
    claim(silent < betray, "prisoner's dilemma: silence is not better for both")
    return both(f"le seul équilibre, où chacun dénonce, coûte {_years(betray, 'fr')} à chacun ; "
                f"se taire tous deux ne coûterait que {_years(silent, 'fr')}",
                f"the only equilibrium, where both betray, costs each {_years(betray, 'en')}; "
                f"both keeping silent would cost only {_years(silent, 'en')}")


@note_fact
def misere_sticks() -> Bilingual:
    from coursebuild.pages.othergames import STICKS, sticks

    s = sticks()
    normal, misere = s["normal"]["lost"], s["misere"]["lost"]
    claim(set(misere) != set(range(STICKS + 1)) - set(normal), "misère sticks: the losing "
          "positions are the complement of normal play's")
    return {lang: (f"de 0 à {STICKS} bâtonnets, le joueur qui doit jouer perd avec "
                   f"{_and([str(k) for k in normal], lang)} bâtonnets en partie normale, avec "
                   f"{_and([str(k) for k in misere], lang)} en partie misère" if lang == "fr"
                   else f"from 0 to {STICKS} sticks, the player to move loses with "
                   f"{_and([str(k) for k in normal], lang)} sticks in normal play, with "
                   f"{_and([str(k) for k in misere], lang)} in misère play")
            for lang in ("fr", "en")}


@note_fact
def hex_first_moves() -> Bilingual:
    from coursebuild.pages.othergames import HEX_SIZE, hex_game

    h = hex_game()
    good = sum(1 for w, _ in h["openings"].values() if w == 0)
    claim(0 < good < len(h["openings"]), "hex 3 x 3: every first move wins, or none")
    return both(f"sur le plateau {HEX_SIZE} × {HEX_SIZE}, {good} des {len(h['openings'])} "
                "premiers coups de × gagnent",
                f"on the {HEX_SIZE} × {HEX_SIZE} board, {good} of the "
                f"{len(h['openings'])} first moves of × win")


@functools.cache
def note_facts(lang: str) -> dict[str, str]:
    """Every fact of the teaching notes in ``lang`` (computed once per build)."""
    return {name: fn()[lang] for name, fn in NOTE_FACTS.items()}


def spec_loop_figure() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    f = spec_loop()
    g = f["arena"]
    labels = {v: f"{f['ranks'][v]} | {f['numbers'][v]}" for v in g.vertices}
    dot = arena_dot(g, None, View(cycle=tuple(f["loop"][:-1]), labels=labels),
                    graph_attr={"rankdir": "LR"})
    ring = " → ".join(f["loop"])
    return Drawing(dot, {
        "fr": "L'exemple de la spécification : une arène bipartie où la stratégie qui suit les "
              "numéros de marque_propage2 boucle (cercles : J₀ joue ; carrés : J₁ joue ; "
              "double bordure : v, la victoire de J₀). À côté de chaque sommet : son rang | "
              f"son numéro. Arêtes épaisses : la partie infinie {ring} → … que J₁ impose.",
        "en": "The specification's example: a bipartite arena where the strategy that follows "
              "the mark_propagate2 numbers loops (circles: J₀ moves; squares: J₁ moves; double "
              "border: v, J₀'s victory). Beside each vertex: its rank | its number. Thick "
              f"edges: the endless play {ring} → … that J₁ forces."},
        describe(g), titles=vertex_titles(g))


FIGURES: tuple[Figure, ...] = (Figure("teach-numbering-loop", spec_loop_figure),)

