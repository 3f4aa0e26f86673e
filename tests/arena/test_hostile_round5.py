"""Hostile round 5 (issue 45), the command line's cases: each is the right answer, or one
line on standard error and exit 2, in a process of its own as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES_END = "STUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return []\n"


def _arena(cwd: Path, *argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arena", *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=120, **kwargs)


def _one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-800:])
    assert done.stdout == ""
    assert done.stderr.startswith("arena: error: ") and done.stderr.count("\n") == 1, done.stderr
    for w in words:
        assert w in done.stderr, done.stderr


@pytest.mark.parametrize(("data", "words"), [
    (b"start: a\nS0: [a]\nS1: []\x00\nedges: {}\n", ("bad.yaml", "offset 23", "U+0000")),
    (b"start: a\nS0: [a, \x07]\nS1: []\n", ("bad.yaml", "offset 17", "U+0007")),
    (b"S0: [a\n", ("bad.yaml", "not valid YAML (line 2")),
    (b"S0: [a]\n---\nS1: []\n", ("bad.yaml", "another document")),
    (b"S0: !!python/object:os.system x\n", ("bad.yaml", "constructor")),
    (b"%YAML 9.1\n---\nS0: [a]\n", ("bad.yaml", "version")),
    (b'S0: "\\q"\n', ("bad.yaml", "escape")),
])
def test_every_yaml_reader_error_is_one_line(tmp_path, data, words):
    (tmp_path / "bad.yaml").write_bytes(data)
    _one_line(_arena(tmp_path, "solve", "bad.yaml"), *words)


@pytest.mark.parametrize("data", [b'{"S0": ["a"], "S1": []\x00}', b'{"S0": ["a"]', b"\xff\xfe{}",
                                  b"[" * 100_000])
def test_every_json_reader_error_is_one_line(tmp_path, data):
    (tmp_path / "bad.json").write_bytes(data)
    _one_line(_arena(tmp_path, "solve", "bad.json"), "bad.json")


def test_a_closed_standard_output_is_one_line(tmp_path):
    done = subprocess.run(f"'{sys.executable}' -m arena solve nim >&-", shell=True, cwd=tmp_path,
                          capture_output=False, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("arena: error: the standard output is closed: nothing could be "
                           "written (redirect it to a file or to /dev/null instead)\n")


def _speaking(at_exit: str, speak: str, then: str = "") -> str:
    """Rules that speak from a thread all the time and at exit (``at_exit`` and
    ``speak``, Python expressions), then ``then``, before a game of 3001 positions."""
    return f"""import atexit, os, sys, threading
atexit.register(lambda: {at_exit})
started = threading.Event()
def chatter():
    started.set()
    while True:
        {speak}
threading.Thread(target=chatter, daemon=True).start()
started.wait()
{then}START = 0
STUCK = "loses"
def player(p):
    return p % 2
def moves(p):
    return [p + 1] if p < 3000 else []
"""


CHATTY = _speaking('print("said at exit")', 'print("a thread speaks")')


def test_the_json_stays_whole_whatever_the_rules_print_later(tmp_path):
    """A thread that prints all the time and an atexit handler: their text goes to
    standard error, and the JSON on standard output is whole."""
    (tmp_path / "chatty.py").write_text(CHATTY)
    done = _arena(tmp_path, "solve", "chatty.py", "--json")
    assert done.returncode == 0, done.stderr[-500:]
    report = json.loads(done.stdout)
    assert report["vertices"] == 3001 and report["start_winner"] == 1
    assert "said at exit" in done.stderr and "a thread speaks" in done.stderr


RAW = _speaking('os.write(1, b"raw at exit\\n")', 'os.write(1, b"raw thread\\n")',
                'sys.__stdout__.write("the original stdout\\n")\n')


def test_the_json_stays_whole_when_the_rules_write_on_descriptor_1(tmp_path):
    """Writing on file descriptor 1 itself (os.write, from a thread and at exit) or on
    sys.__stdout__ reaches standard error, not the JSON."""
    (tmp_path / "raw.py").write_text(RAW)
    done = _arena(tmp_path, "solve", "raw.py", "--json")
    assert done.returncode == 0, done.stderr[-500:]
    report = json.loads(done.stdout)
    assert report["vertices"] == 3001 and report["start_winner"] == 1
    assert "raw at exit" in done.stderr and "the original stdout" in done.stderr


@pytest.mark.parametrize(("start", "words"), [
    ("(x for x in range(3))", ("position <generator object", "memory address")),
    ("(1, lambda: 0)", ("position (1, <function <lambda>", "memory address")),
    ("object()", ("memory address",)),
    ("type('P', (), {'__repr__': lambda self: 'P'})()", ("position P", "hashed by identity")),
])
def test_a_position_without_a_value_of_its_own_is_refused(tmp_path, start, words):
    (tmp_path / "game.py").write_text(f"START = {start}\n{RULES_END}")
    _one_line(_arena(tmp_path, "solve", "game.py", "--json"), "game.py: ", *words)


def test_ids_that_print_alike_after_unicode_normalisation_are_refused(tmp_path):
    (tmp_path / "game.py").write_text(
        'START = "\\u00e9"\nSTUCK = "loses"\ndef player(p):\n    return 0\n'
        'def moves(p):\n    return ["e\\u0301"] if p == "\\u00e9" else []\n')
    _one_line(_arena(tmp_path, "solve", "game.py", "--json"),
              "positions 'e\\u0301' and '\\xe9' have ids that print alike", "NFC")


@pytest.mark.parametrize("extra", [(), ("--max-positions", "100000000000000")])
def test_a_hopeless_connect_four_is_refused_at_once(tmp_path, extra):
    began = time.monotonic()
    done = _arena(tmp_path, "solve", "connect4", "--rows", "6", "--cols", "7", *extra)
    _one_line(done, "connect4: about 3,536,431,999,774 positions or more (up to "
                    "70,728,639,995,483)")
    assert ("more than the limit of 2,000,000 positions" in done.stderr if not extra else
            "TB stored, more than the" in done.stderr)
    # refused before anything is built: no progress line was printed
    assert "ply" not in done.stderr
    assert time.monotonic() - began < 60


def test_a_connect_four_that_fits_is_still_solved(tmp_path):
    done = _arena(tmp_path, "solve", "connect4", "--rows", "4", "--cols", "4", "--json")
    assert done.returncode == 0, done.stderr[-300:]
    assert json.loads(done.stdout)["vertices"] == 161029


def test_the_serve_commands_answer_only_their_own_host_names():
    from coursebuild.commands.launcher.serve import host_allowed

    assert [host_allowed(h, "127.0.0.1") for h in (
        "127.0.0.1", "127.0.0.1:8000", "localhost:8000", "LOCALHOST", "evil.test",
        "evil.test:8000", "127.0.0.1.evil.test", "", None, "[::1]:8000")] == [
        True, True, True, True, False, False, False, False, False, False]


def test_the_zips_launcher_refuses_another_host(tmp_path):
    import shutil
    import urllib.error
    import urllib.request

    shutil.copy(ROOT / "src/coursebuild/commands/launcher/serve.py", tmp_path / "serve.py")
    (tmp_path / "index.html").write_text("<p>course</p>")
    child = subprocess.Popen([sys.executable, "serve.py", "--no-browser"], cwd=tmp_path,
                             stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        url = child.stdout.readline().split(" is at ")[1].split(" ")[0]
        assert urllib.request.urlopen(url, timeout=30).read() == b"<p>course</p>"
        request = urllib.request.Request(url, headers={"Host": "rebound.evil.test"})
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(request, timeout=30)
        assert info.value.code == 400
    finally:
        child.terminate()
        child.wait()
