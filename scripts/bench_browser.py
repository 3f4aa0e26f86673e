"""A game given by its rules, explored and solved in the browser (``bench.py --only browser``).

The page's path: Pyodide (the site's, in Debian's Chromium) runs the library without
numpy, so :func:`arena.from_rules` and the pure-Python path of :func:`arena.solve` do the
work. The rules are Connect-4 on 4 rows × 4 columns as a student types them
(:data:`CONNECT4_4X4`: 161,029 positions, a draw). The same rules are measured in
CPython, without numpy (the same pure-Python path) and with it, so that the browser's
cost is read beside the interpreter's. The library is the checkout's (its sources zipped
as the site zips them, handed to the page in place of the built site's copy), so a change
of ``src/arena`` is measured without building the site again. Goal: at least 200,000
positions explored and solved within 20 s in the page.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

CONNECT4_4X4 = '''\
ROWS, COLS = 4, 4
START = ("." * (ROWS * COLS), 0)    # the board row by row from the bottom, and who moves
STUCK = "draw"                      # a full board without four in a row

LINES = []                          # every run of four cells: rows, columns, diagonals
for r in range(ROWS):
    for c in range(COLS):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLS:
                LINES.append([(r + k * dr) * COLS + c + k * dc for k in range(4)])


def player(p):
    return p[1]


def moves(p):
    board, who = p
    out = []
    for c in range(COLS):
        for r in range(ROWS):
            k = r * COLS + c
            if board[k] == ".":
                out.append((board[:k] + "xo"[who] + board[k + 1:], 1 - who))
                break
    return out


def winner(p):
    board = p[0]
    for a, b, c, d in LINES:
        if board[a] != "." and board[a] == board[b] == board[c] == board[d]:
            return "xo".index(board[a])
    return None
'''
"""Connect-4 on 4 × 4 as a rules file (SPEC §9), written as a student would write it."""

# Python run in the page and in CPython: explore, then solve, timed apart; the progress
# callback counts its calls (what the page shows while it waits)
MEASURE = '''
import json, time
from arena.rules_file import rules_arena
from arena import solve
names = {"__name__": "__rules__"}
exec(compile(RULES, "<rules>", "exec"), names)
calls = []
t0 = time.perf_counter()
g = rules_arena(names, limit=10 ** 6, progress=lambda *a: calls.append(a))
t1 = time.perf_counter()
sol = solve(g)
t2 = time.perf_counter()
w = sol.winner[g.start]
json.dumps({"positions": len(g), "moves": g.n_edges, "winner": w,
            "rank": sol.rank[g.start], "explore": t1 - t0, "solve": t2 - t1,
            "progress_calls": len(calls)})
'''

NO_NUMPY = '''
import sys
class _Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ImportError("numpy is not installed here")
sys.meta_path.insert(0, _Blocked())
'''


def _cpython(numpy: bool) -> dict:
    """The measure in a fresh CPython process, with or without numpy."""
    code = ("" if numpy else NO_NUMPY) + f"RULES = {CONNECT4_4X4!r}\n" + \
        MEASURE.replace("json.dumps(", "print(json.dumps(").rstrip() + ")\n"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd=ROOT).stdout
    return json.loads(out.splitlines()[-1])


PAGE = """async ({base, code}) => {
  if (!window.loadPyodide) {
    await new Promise((ok, fail) => {
      const s = document.createElement("script");
      s.src = base + "pyodide.js"; s.onload = ok; s.onerror = fail;
      document.head.appendChild(s);
    });
  }
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: base });
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib')");
  const boot = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const out = JSON.parse(py.runPython(code));
  return { ...out, boot, wall: (performance.now() - t1) / 1000 };
}"""


def _pages(runs: int) -> list[dict]:
    """The measure in Chromium, ``runs`` times, each in a fresh page (a fresh Pyodide)."""
    from browsing import SITE, launch, served
    from playwright.sync_api import sync_playwright

    from coursebuild.products.site_assets import library_zip

    if not (SITE / "assets" / "pyodide" / "pyodide.js").exists():
        raise SystemExit("bench browser: build the site first (make site)")
    library = library_zip()
    code = f"RULES = {CONNECT4_4X4!r}\n{MEASURE}"
    out = []
    with served() as root, sync_playwright() as p:
        browser = launch(p)
        for _ in range(runs):
            page = browser.new_page()
            page.route("**/assets/pyodide/arena.zip",
                       lambda route: route.fulfill(body=library,
                                                   content_type="application/zip"))
            page.goto(root, wait_until="load")
            out.append(page.evaluate(PAGE, {"base": root + "assets/pyodide/", "code": code}))
            page.close()
        browser.close()
    return out


def browser_rows(quick: bool = False, rounds: int = 3) -> list[dict]:
    """The rules explored and solved in Chromium (Pyodide), in CPython without numpy and
    in CPython with numpy, in interleaved rounds: seconds of each phase, every round."""
    rows: dict[str, list[dict]] = {"Chromium (Pyodide)": [], "CPython, no numpy": [],
                                   "CPython, numpy": []}
    for _ in range(1 if quick else rounds):
        rows["Chromium (Pyodide)"] += _pages(1)
        rows["CPython, no numpy"].append(_cpython(numpy=False))
        rows["CPython, numpy"].append(_cpython(numpy=True))
        for where, runs in rows.items():
            r = runs[-1]
            print(f"  {where}: explore {r['explore']:.2f} s, solve {r['solve']:.2f} s",
                  file=sys.stderr, flush=True)
    return [{"where": where, "runs": runs} for where, runs in rows.items()]


def browser_table(rows: list[dict]) -> list[str]:
    from bench_common import spread

    first = rows[0]["runs"][0]
    result = "a draw" if first["winner"] is None else \
        f"J_{first['winner']} wins in {first['rank']}"
    lines = [f"Connect-4 on 4 rows × 4 columns typed as a rules file "
             f"(`scripts/bench_browser.py`): {first['positions']:,} positions, "
             f"{first['moves']:,} moves, {result}. Wall seconds, median (min-max) of "
             f"{len(rows[0]['runs'])} runs, each in a fresh interpreter (goal: at least "
             "200,000 positions within 20 s in the page).", "",
             "| where | explore (`from_rules`) | solve | both | thousand positions per second |",
             "|---|---:|---:|---:|---:|"]
    for r in rows:
        runs = r["runs"]
        both = [x["explore"] + x["solve"] for x in runs]
        rate = [x["positions"] / (x["explore"] + x["solve"]) / 1000 for x in runs]
        lines.append(f"| {r['where']} | {spread([x['explore'] for x in runs])} | "
                     f"{spread([x['solve'] for x in runs])} | {spread(both)} | "
                     f"{spread(rate, 0)} |")
    return lines


if __name__ == "__main__":
    print("\n".join(browser_table(browser_rows("--quick" in sys.argv))))
