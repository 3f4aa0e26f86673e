"""The library without numpy (and without PyYAML), as in Pyodide's core: it imports,
solves with the pure-Python path, and gives the same results as the numpy path."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from arena import Arena, attractor, solve
from arena.games import chain, chomp, marienbad, nim, ourson

ROOT = Path(__file__).resolve().parents[2]

BLOCK = """
import sys
class _Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is not installed here")
sys.meta_path.insert(0, _Blocked())
"""


def _run(code: str, blocked: tuple[str, ...]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", f"BLOCKED = {blocked!r}\n{BLOCK}\n{code}"],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=600)


def _random_arenas(count: int) -> list[dict]:
    rng = random.Random(20261123)
    out = []
    for _ in range(count):
        n = rng.randint(1, 40)
        owner = [rng.randint(0, 1) for _ in range(n)]
        victory = [rng.choice([None, None, None, 0, 1]) for _ in range(n)]
        edges = {str(x): [str(y) for y in rng.sample(range(n), rng.randint(0, min(n, 4)))]
                 for x in range(n)}
        out.append({"S0": [str(x) for x in range(n) if owner[x] == 0],
                    "S1": [str(x) for x in range(n) if owner[x] == 1],
                    "V0": [str(x) for x in range(n) if victory[x] == 0],
                    "V1": [str(x) for x in range(n) if victory[x] == 1], "edges": edges})
    return out


SOLVE = """
import json, sys
from arena import Arena, attractor, solve
from arena.games import chain, chomp, marienbad, nim, ourson
def result(g):
    s = solve(g)
    return [[str(v), s.winner[v], s.rank[v], None if s.move[v] is None else str(s.move[v])]
            for v in g.vertices] + [sorted(map(str, attractor(g, 0)))]
docs = json.load(sys.stdin)
games = [nim(10, [1, 2]), nim(15, [2, 3, 5]), chomp(3, 4), ourson(), marienbad((1, 3, 5)),
         chain(7)]
print(json.dumps([result(Arena.from_dict(d)) for d in docs] + [result(g) for g in games]))
"""


def _result(g: Arena) -> list:
    s = solve(g)
    return [[str(v), s.winner[v], s.rank[v], None if s.move[v] is None else str(s.move[v])]
            for v in g.vertices] + [sorted(map(str, attractor(g, 0)))]


def test_the_pure_python_path_gives_the_numpy_results():
    docs = _random_arenas(300)
    games = [nim(10, [1, 2]), nim(15, [2, 3, 5]), chomp(3, 4), ourson(), marienbad((1, 3, 5)),
             chain(7)]
    expected = [_result(Arena.from_dict(d)) for d in docs] + [_result(g) for g in games]
    done = subprocess.run([sys.executable, "-c",
                           f"BLOCKED = ('numpy', 'yaml')\n{BLOCK}\n{SOLVE}"],
                          input=json.dumps(docs), cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected


def test_the_solver_tests_pass_with_numpy_unimportable():
    code = ("import pytest, sys; sys.exit(pytest.main(['-q', '-p', 'no:xdist', '-p', "
            "'no:cacheprovider', 'tests/arena/test_solve.py', 'tests/course/test_course.py', "
            "'tests/arena/test_strategies.py', '-k', "
            "'not numpy_levels']))")
    done = _run(code, ("numpy",))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    progress = done.stdout.split("[100%]")[0]
    assert progress.count(".") >= 25 and "F" not in progress and "E" not in progress


def test_connect_4_without_numpy_is_the_same_arena():
    """Without numpy (a notebook run in the browser), connect4() explores the rules
    instead of the compact generator: the same vertices, owners, victory positions and
    successors in the same order; the compact solver alone still needs numpy."""
    from arena.games import connect4

    code = ("import json\nfrom arena.games import connect4\nout = {}\n"
            "for size in [(3, 3, 3), (3, 4, 3), (4, 3, 3), (2, 4, 2)]:\n"
            "    g = connect4(*size)\n"
            "    out[repr(size)] = {v: [g.owner(v), g.victory(v), g.successors(v)] "
            "for v in g.vertices}\n"
            "print(json.dumps(out))")
    done = _run(code, ("numpy",))
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    for size in [(3, 3, 3), (3, 4, 3), (4, 3, 3), (2, 4, 2)]:
        g = connect4(*size)
        assert pure[repr(size)] == {v: [g.owner(v), g.victory(v), list(g.successors(v))]
                                    for v in g.vertices}
    assert len(pure["(3, 4, 3)"]) == 7157
    done = _run("from arena.games import solve_connect4\nsolve_connect4(4, 4)", ("numpy",))
    assert done.returncode == 1 and "connect-4's compact generator needs numpy" in done.stderr
