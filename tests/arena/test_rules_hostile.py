# ruff: noqa: E501  (tables of cases: one case per line reads best)
"""Rules files and rules that break the one-line contract (issue 38): each is one line on
standard error naming the file and the position, exit 2, nothing on standard output; what
the rules print goes to standard error, never into ``--json``; positions equal in Python but
of different types, and ids written alike, are refused with both named; an endless
``moves`` is bounded; the environment's limits are read in one line; ``arena render``
stops a layout past its time limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena import ArenaError
from arena.rules import MOVES_PER_POSITION, from_rules

ROOT = Path(__file__).resolve().parents[2]
BASE = "STUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return []\n"


def _arena(tmp_path: Path, text: str, *args: str, env: dict | None = None
           ) -> subprocess.CompletedProcess:
    """``python -m arena solve game.py --json ARGS`` on ``text``, in a process of its own
    (a crash must not take the test runner with it)."""
    (tmp_path / "game.py").write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "arena", "solve", "game.py", "--json", *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, **(env or {})))


DEEP = "def moves(p):\n    d = ()\n    for _ in range(10 ** 6):\n        d = (d,)\n    return [d] if p == 0 else []\n"


@pytest.mark.parametrize(("text", "args", "message"), [
    ("import sys\nsys.exit(0)\n", (), "game.py: the file called sys.exit(0) while it ran"),
    ("START = 0\n" + BASE + "raise GeneratorExit\n", (), "game.py: the file raised GeneratorExit"),
    ("class Mine(BaseException):\n    pass\nraise Mine('no')\n", (), "game.py: the file raised Mine: no"),
    ("START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    raise SystemExit(3)\n", (),
     "game.py: position 0: moves raised SystemExit: 3"),
    ("START = 0\nSTUCK = 'loses'\ndef player(p):\n    raise GeneratorExit\ndef moves(p):\n    return []\n", (),
     "game.py: position 0: player raised GeneratorExit"),
    ("class R:\n    def __repr__(self):\n        raise RuntimeError('r')\n    def __str__(self):\n        raise RuntimeError('s')\n"
     "    def __eq__(self, other):\n        return type(other) is R\n    def __hash__(self):\n        return 1\n"
     "START = R()\n" + BASE, (),
     "game.py: position <a position of type R whose repr raised RuntimeError>: its id, str(position), raised RuntimeError: s"),
    ("class H:\n    def __hash__(self):\n        raise RuntimeError('h')\nSTART = H()\n" + BASE, (),
     ": hashing it or comparing it with another position raised RuntimeError: h"),
    ("class H:\n    def __hash__(self):\n        raise RuntimeError('h')\nSTART = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\n"
     "def moves(p):\n    return [H()]\n", (),
     ": hashing it or comparing it with another position raised RuntimeError: h (a move of 0)"),
    ("START = 10 ** 5000\n" + BASE, (),
     "game.py: position <a position of type int whose repr raised ValueError>: its id, str(position), raised ValueError"),
    ("START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\n" + DEEP, (),
     "game.py: position <a position of type tuple whose repr raised RecursionError>: nested more than 2,000 levels deep (a move of 0)"),
    ("START = 1\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return ['1'] if p == 1 else []\n", (),
     "game.py: positions '1' and 1 have the same id '1' (str): make their texts differ"),
    ("START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    while True:\n        yield p\n", (),
     "game.py: position 0: moves gave more than 2,000,000 moves, the limit of positions (an endless iterator?)"),
    ("START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return [p + 1]\n", ("--max-positions", "1"),
     "game.py: position 1: more than 1 position (--max-positions N raises it)"),
    ("START = 1\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return [1.0, True] if type(p) is int else []\n", (),
     "game.py: position 1.0 (a move of 1) equals the position 1 but has another type (float, not int)"),
    ("START = [0, 0]\nSTUCK = 'loses'\ndef player(p):\n    return p[1]\ndef moves(p):\n    return []\n", (),
     "game.py: position 0: player raised TypeError: 'int' object is not subscriptable (START is a list, so it gives 2 start positions: 0, 0; one position must be hashable, a tuple, not a list: START = (0, 0))"),
    ("START = (0, 0)\nSTUCK = 'loses'\nTITLE = ['a title']\n" + BASE.split("\n", 1)[1], (),
     """game.py: TITLE must be a text or {"fr": ..., "en": ...}, not ['a title']"""),
])
def test_a_rules_file_that_breaks_a_rule_is_one_line_and_exit_2(tmp_path, text, args, message):
    done = _arena(tmp_path, text, *args)
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert done.stdout == ""
    assert done.stderr.startswith("arena: error: ") and done.stderr.count("\n") == 1
    assert message in done.stderr, done.stderr


@pytest.mark.parametrize("text", [
    "print('loading')\nSTART = 0\nSTUCK = 'loses'\ndef player(p):\n    print('player', p)\n    return 0\n"
    "def moves(p):\n    print('moves', p)\n    return [p + 1] if p < 2 else []\n",
    "import os\nSTART = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    os.write(1, b'moves\\n')\n    return [p + 1] if p < 2 else []\n",
    "import sys\nsys.stdout.close()\nSTART = 0\nSTUCK = 'loses'\ndef player(p):\n    sys.stderr.close()\n    return 0\n"
    "def moves(p):\n    return [p + 1] if p < 2 else []\n",
])
def test_what_the_rules_print_goes_to_standard_error(tmp_path, text):
    """print(), a write to descriptor 1, closing sys.stdout or sys.stderr: the JSON on
    standard output stays whole."""
    done = _arena(tmp_path, text)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [p["id"] for p in report["positions"]] == ["0", "1", "2"]
    assert report["start_winner"] == 1
    if "print(" in text:
        assert "loading\n" in done.stderr and "moves 1\n" in done.stderr
    if "os.write" in text:
        assert done.stderr.count("moves\n") == 3


def test_positions_equal_in_python_of_other_types_are_refused_naming_both():
    def case(start, moves):
        with pytest.raises(ArenaError) as info:
            from_rules(start, moves, lambda p: 0, stuck="loses")
        return str(info.value)

    assert case(1, lambda p: [True] if type(p) is int else []) == (
        "position True (a move of 1) equals the position 1 but has another type (bool, not "
        "int): Python would merge them; write each position with one type")
    assert "position 0.0 (a move of 0) equals the position 0 but has another type (float, " \
        "not int)" in case(0, lambda p: [0.0])
    # inside a tuple: `not i` for `1 - i` gives (2, True) beside (2, 1)
    text = case((3, 0), lambda p: [(p[0] - 1, 1 - p[1]), (p[0] - 1, not p[1])] if p[0] else [])
    assert "position (2, True) (a move of (3, 0)) equals the position (2, 1) but has another " \
        "type (tuple of int, bool, not tuple of int, int)" in text
    # equal frozensets whose elements differ in type
    assert "frozenset of float, int" in case(frozenset({1, 2}), lambda p: [frozenset({1, 2.0})])
    # what stays accepted: the same values of the same types, frozensets in any order,
    # named tuples
    from collections import namedtuple

    g = from_rules(frozenset({1, 9, 17}), lambda p: [frozenset({17, 9, 1})] if len(p) == 3 else [],
                   lambda p: 0, stuck="loses")
    assert len(g) == 1
    Heap = namedtuple("Heap", "k i")
    g = from_rules(Heap(5, 0), lambda p: [Heap(p.k - q, 1 - p.i) for q in (1, 2) if q <= p.k],
                   lambda p: p.i, stuck="loses")
    plain = from_rules((5, 0), lambda p: [(p[0] - q, 1 - p[1]) for q in (1, 2) if q <= p[0]],
                       lambda p: p[1], stuck="loses")
    assert len(g) == len(plain) == 10 and g.n_edges == plain.n_edges


def test_moves_read_in_all_are_bounded():
    """Every position repeats one move 100,000 times (a limit of 100,000 positions lets
    each position through): the moves read in all stop the exploration."""
    limit = 100_000
    bound = MOVES_PER_POSITION * limit
    with pytest.raises(ArenaError) as info:
        from_rules(0, lambda p: [p + 1] * limit, lambda p: 0, stuck="loses", limit=limit)
    k = bound // limit
    assert str(info.value).startswith(f"position {k}: more than {bound:,} moves read in all "
                                      f"({MOVES_PER_POSITION} per position of the limit of 100,000")


@pytest.mark.parametrize(("env", "message"), [
    ({"ARENA_MAX_FILE_BYTES": "9223372036854775807"},
     "the environment variable ARENA_MAX_FILE_BYTES: 9223372036854775807 is more than 1099511627776 (1 TiB)"),
    ({"ARENA_MAX_FILE_BYTES": "ten"}, "the environment variable ARENA_MAX_FILE_BYTES: 'ten' is not an integer"),
    ({"ARENA_MAX_FILE_BYTES": "0"}, "the environment variable ARENA_MAX_FILE_BYTES: 0 is less than 1"),
    ({"ARENA_KERNEL": "fastest"}, "the environment variable ARENA_KERNEL: 'fastest' is not one of python, numpy, compiled"),
])
def test_each_environment_limit_is_read_and_bounded_in_one_line(tmp_path, env, message):
    (tmp_path / "game.yaml").write_text("S0: [a]\nS1: []\n", encoding="utf-8")
    for argv, stdin in ((["solve", "-"], "S0: [a]\nS1: []\n"), (["solve", "game.yaml"], None),
                        (["solve", "nim"], None)):
        done = subprocess.run([sys.executable, "-m", "arena", *argv], input=stdin, cwd=tmp_path,
                              capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, **env))
        assert done.returncode == 2 and done.stdout == "", (argv, done.stderr)
        assert done.stderr == f"arena: error: {message}\n", (argv, done.stderr)


def _complete(tmp_path: Path, n: int) -> Path:
    names = [f"v{k}" for k in range(n)]
    lines = ["S0: [" + ", ".join(names[::2]) + "]", "S1: [" + ", ".join(names[1::2]) + "]",
             "edges:"] + [f"  {x}: [" + ", ".join(y for y in names if y != x) + "]" for x in names]
    path = tmp_path / "complete.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_layout_past_its_time_limit_is_stopped_in_one_line(tmp_path):
    """Every position of 45 moving to every other one (1,980 edges, within the limits of
    vertices and edges) took 102 s to lay out; the time limit stops it, nothing written."""
    path = _complete(tmp_path, 45)
    done = subprocess.run([sys.executable, "-m", "arena", "render", str(path), "-o",
                           str(tmp_path / "c.svg"), "--time-limit", "1"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("arena: error: the layout took more than 1 second (Graphviz lays "
                           "dense or tangled graphs out slowly; --time-limit N raises the "
                           "limit, 0 removes it)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["complete.yaml"]
    done = subprocess.run([sys.executable, "-m", "arena", "render", "nim", "-o",
                           str(tmp_path / "n.svg"), "--time-limit", "86401"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "86401 is more than a day" in done.stderr


def test_ctrl_c_during_a_long_layout_ends_it(tmp_path):
    """Graphviz's layout, in C, held Ctrl+C until it returned (minutes): it now runs in a
    process of its own, which the interrupt ends with the command."""
    import signal
    import time

    path = _complete(tmp_path, 45)
    mark = f"arena-layout-test-{os.getpid()}"
    proc = subprocess.Popen([sys.executable, "-m", "arena", "render", str(path), "-o",
                             str(tmp_path / "c.svg"), "--time-limit", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=dict(os.environ, ARENA_TEST_MARK=mark),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    def layouts() -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and int(entry.name) != proc.pid and \
                        mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
        return found

    deadline = time.monotonic() + 300
    while not layouts():                        # the layout's process has started
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err == "arena: interrupted\n"
    deadline = time.monotonic() + 10
    while layouts():                            # and it is gone
        assert time.monotonic() < deadline, "the layout outlived the command"
        time.sleep(0.1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["complete.yaml"]


def test_a_rules_files_title_is_shown_by_the_command_line(tmp_path, capsys):
    """TITLE (SPEC §9): a text or one per language; the table's first line and the JSON's
    "title" show it (the file's name without it)."""
    from arena.cli import main

    rules = "START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return []\n"
    path = tmp_path / "game.py"
    for title, shown, both in (
            ("TITLE = 'Mon jeu'\n", "Mon jeu", {"fr": "Mon jeu", "en": "Mon jeu"}),
            ("TITLE = {'fr': 'Soustraction', 'en': 'Subtraction'}\n", "Subtraction",
             {"fr": "Soustraction", "en": "Subtraction"}),
            ("", "game", {"fr": "game", "en": "game"})):
        path.write_text(rules + title, encoding="utf-8")
        assert main(["solve", str(path)]) == 0
        assert capsys.readouterr().out.splitlines()[0] == shown
        assert main(["solve", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["title"] == both
