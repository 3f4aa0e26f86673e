# ruff: noqa: E501  (a table of cases: one case per line reads best)
"""The "low" cases of the adversarial pass: each bad input is one line, exit status 2 from
the command line (a clear exception from the API), never a traceback or silence."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arena import Arena, ArenaError, solve
from arena.cli import main


@pytest.mark.parametrize(("build", "error", "words"), [
    (lambda: solve(None), TypeError, "solve expects an Arena, not NoneType"),
    (lambda: Arena(S0="abc", S1=[]), ArenaError, "key 'S0': expected a list of vertices, not str"),
    (lambda: Arena.from_csr(["a"], [], [0, 1], [0.7]), ArenaError, "targets must hold vertex numbers"),
    (lambda: Arena.from_dict({"S0": ["a\u2028b"], "S1": []}), ArenaError, "U+2028"),
    (lambda: Arena.from_dict({"S0": ["a\u2029b"], "S1": []}), ArenaError, "U+2029"),
    (lambda: Arena.from_dict({"S0": ["\u3164"], "S1": []}), ArenaError, "is invisible"),
    # a noncharacter: cairo could not draw it ("out of memory"), found by test_hostile
    (lambda: Arena.from_dict({"S0": [], "S1": ["\ufdd0"]}), ArenaError,
     "U+FDD0, a Unicode noncharacter"),
    (lambda: Arena.from_dict({"S0": ["a\U0001fffe"], "S1": []}), ArenaError, "U+1FFFE"),
    (lambda: Arena.from_dict({"S0": [" "], "S1": []}), ArenaError, "is invisible"),
    # default-ignorable code points alone: Graphviz could not measure U+E01F0 and warned,
    # found by test_hostile
    (lambda: Arena.from_dict({"S0": [], "S1": ["\U000e01f0"]}), ArenaError, "is invisible"),
    (lambda: Arena.from_dict({"S0": ["\ufe0f\u034f "], "S1": []}), ArenaError, "is invisible"),
    (lambda: Arena.from_dict({"S0": ["caf\u00e9"], "S1": ["cafe\u0301"]}), ArenaError,
     "look the same"),
])
def test_the_api_refuses_with_a_clear_message(build, error, words):
    with pytest.raises(error) as info:
        build()
    assert words in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(("argv", "words"), [
    (["solve", ""], "'' is neither a file nor a built-in game"),
    (["solve", "nim", "--rule", "1,1"], "1 is listed twice"),
    (["render", "nim", "-o", "x.svg", "--show", "attractor", "--step", "-1"], "has steps 0 to"),
    (["render", "nim", "-o", "x.svg", "--show", "attractor", "--step", "999999999"],
     "has steps 0 to"),
    (["render", "nim", "-o", "x.svg", "--step", "2"], "--step applies to --show attractor"),
    # a negative number of rows was taken as "all" (0 is all)
    (["solve", "nim", "--limit", "-1"], "argument --limit: -1 is less than 0"),
])
def test_the_command_line_refuses_in_one_line(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not (tmp_path / "x.svg").exists()


def test_a_game_too_large_for_the_memory_is_one_line():
    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (600_000_000, 600_000_000));"
            "from arena.cli import main; raise SystemExit(main(['solve', 'connect4', '--rows', '5',"
            " '--cols', '6', '--max-positions', '1000000000']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr[-500:]
    assert "not enough memory" in done.stderr and "Traceback" not in done.stderr
