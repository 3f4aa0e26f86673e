"""The built-in games: positions, edges, winner of the start, time and peak memory.

Each game runs in a fresh process so that its peak memory is its own.
"""

from __future__ import annotations

import json
import subprocess
import sys

CASES = [
    ("nim n=10 rule {1,2}", "from arena.games import nim; g = nim(10, [1, 2])"),
    ("nim n=15 rule {2,3,5}", "from arena.games import nim; g = nim(15, [2, 3, 5])"),
    ("marienbad 1,3,5,7", "from arena.games import marienbad; g = marienbad((1, 3, 5, 7))"),
    ("chomp 2 × 3", "from arena.games import chomp; g = chomp(2, 3)"),
    ("chomp 4 × 5", "from arena.games import chomp; g = chomp(4, 5)"),
    ("ourson", "from arena.games import ourson; g = ourson()"),
    ("tic-tac-toe 3 × 3", "from arena.games import tictactoe; g = tictactoe(3, 3)"),
    ("tic-tac-toe 4 × 4 (compact generator)", "T 4"),
    ("connect-4, 4 rows × 4 columns", "C4 4 4"),
    ("connect-4, 4 rows × 5 columns", "C4 4 5"),
    ("connect-4, 5 rows × 4 columns", "C4 5 4"),
]

PROBE = r"""
import json, resource, sys, time
import arena.games  # imports are not part of the measure
setup = sys.argv[1]
t0 = time.perf_counter()
if setup.startswith("C4"):
    from arena.games import solve_connect4
    _, rows, cols = setup.split()
    c = solve_connect4(int(rows), int(cols))
    out = dict(positions=c.positions, edges=c.edges, winner=c.start_winner, rank=c.start_rank)
elif setup.startswith("T "):
    from arena.games.tictactoe import solve_tictactoe
    t = solve_tictactoe(int(setup.split()[1]))
    out = dict(positions=t.positions, edges=t.edges, winner=t.start_winner, rank=t.start_rank)
else:
    from arena import solve
    scope = {}
    exec(setup, scope)
    g = scope["g"]
    sol = solve(g)
    out = dict(positions=len(g), edges=g.n_edges, winner=sol.winner[g.start],
               rank=sol.rank[g.start])
out["seconds"] = time.perf_counter() - t0
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def games_rows(quick: bool = False) -> list[dict]:
    """Each built-in game generated and solved in a fresh process."""
    rows = []
    for label, setup in CASES:
        if quick and ("5 columns" in label or "4 × 4 (compact" in label):
            continue
        proc = subprocess.run([sys.executable, "-c", PROBE, setup], capture_output=True,
                              text=True, check=True)
        rows.append({"game": label, **json.loads(proc.stdout)})
        print(games_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def games_line(r: dict) -> str:
    who = "draw" if r["winner"] is None else f"J_{r['winner']}"
    rank = "" if r["rank"] is None else str(r["rank"])
    return (f"| {r['game']} | {r['positions']:,} | {r['edges']:,} | {who} | {rank} | "
            f"{r['seconds']:.2f} | {r['peak_mb']:.0f} MB |")


def games_table(rows: list[dict]) -> list[str]:
    return ["### Built-in games: generated and solved (seconds include generation; peak "
            "memory of the whole process)", "",
            "| game | positions | edges | start won by | rank | seconds | peak memory |",
            "|---|---:|---:|---|---:|---:|---:|", *map(games_line, rows)]
