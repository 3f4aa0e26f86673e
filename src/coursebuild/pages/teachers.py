"""Teachers' guide: the figures and fragments of ``docs/fr/teachers.md`` and
``docs/en/teachers.md``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stdout, suppress
from pathlib import Path

from coursebuild import examples
from coursebuild.catalogue import Figure
from coursebuild.markdown import (
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
from coursebuild.paths import ROOT

BENCH_FILE = ROOT / "build" / "bench.json"


def ensure_bench(path: Path = BENCH_FILE) -> None:
    """Quick benchmark measures, made once per machine (``make bench`` refreshes them)."""
    if not path.exists():
        print("fragments: measuring the quick benchmark once (build/bench.json)", file=sys.stderr)
        subprocess.run([sys.executable, str(ROOT / "scripts/bench.py"), "--quick", "--json",
                        str(path)], check=True, stdout=subprocess.DEVNULL)


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
    import os

    from arena.cli import main
    from coursebuild.__main__ import main as course_main

    os.environ["COLUMNS"] = "90"   # argparse wraps to the terminal: fix it for stable pages
    blocks = []
    for command, argv in (("arena", ["--help"]), ("arena", ["solve", "--help"]),
                          ("arena", ["render", "--help"]),
                          ("python -m coursebuild", ["figures", "--help"])):
        buf = io.StringIO()
        with redirect_stdout(buf), suppress(SystemExit):
            if command == "arena":
                main(argv, out=buf)
            else:
                course_main(argv)
        blocks.append(f"```console\n$ {command} {' '.join(argv)}\n{buf.getvalue().rstrip()}\n```\n")
    text = "\n".join(blocks)
    return both(text, text)

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
                        code("--max-edges N"))]
    return {"fr": table(("Commande", "Limite", "Option qui l'élève"), rows["fr"], "lrl"),
            "en": table(("Command", "Limit", "Option that raises it"), rows["en"], "lrl")}

@fragment
def solve_example() -> Bilingual:
    from arena.cli import main

    buf = io.StringIO()
    main(["solve", str(ROOT / examples.EX42)], out=buf)
    text = fence(f"$ arena solve docs/examples/exercise-4-2.yaml\n{buf.getvalue().rstrip()}",
                 "console")
    return both(text, text)

@fragment
def figure_catalogue() -> Bilingual:
    from coursebuild.typography import french

    manifest = json.loads((ROOT / "docs/figures/manifest.json").read_text(encoding="utf-8"))
    out = {}
    for lang, head in (("fr", ("Identifiant", "Légende")), ("en", ("Id", "Caption"))):
        rows = [(code(e["id"]), text(french(e["caption"][lang]) if lang == "fr"
                                     else e["caption"][lang])) for e in manifest]
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
Arena.from_file("docs/examples/exercise-4-2.yaml")'''
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


FIGURES: tuple[Figure, ...] = ()

