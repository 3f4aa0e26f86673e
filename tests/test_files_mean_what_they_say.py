"""A teacher's file means what it says: every scalar is the text written, and a key
written twice is refused with its line, in YAML and in JSON, through the library and
through the command line (issue: 0450 read as octal 296, `on` as true, `1:30` as 90)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from arena import Arena, ArenaError
from arena.cli import main

NAMES = ["0450", "1451", "on", "010", "1:30", "1e3", "yes", "0x1F", "1_000", "~x"]


def _yaml(names: list[str]) -> str:
    half = len(names) // 2
    s0, s1 = names[:half], names[half:]
    edges = "\n".join(f"  {x}: [{y}]" for x, y in zip(s0, s1))
    return f"S0: [{', '.join(s0)}]\nS1: [{', '.join(s1)}]\nV0: [{s1[-1]}]\nedges:\n{edges}\n"


def test_yaml_scalars_are_the_text_written(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(_yaml(NAMES), encoding="utf-8")
    arena = Arena.from_file(path)
    assert sorted(arena.vertices) == sorted(NAMES)
    assert arena.successors("0450") == ("1e3",)
    assert arena.successors("on") == ("0x1F",) and arena.successors("1:30") == ("~x",)


def test_json_numbers_keep_their_text(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"S0": ["a", 1e3, 1.50], "S1": [10, -0], "edges": {"a": [1e3, 10]},'
                    ' "V1": [-0]}', encoding="utf-8")
    arena = Arena.from_file(path)
    assert sorted(arena.vertices) == sorted(["a", "1e3", "1.50", "10", "-0"])
    assert arena.successors("a") == ("1e3", "10")


@pytest.mark.parametrize(("name", "text", "line", "key"), [
    ("twice.yaml", "S0: [a]\nS1: [b]\nedges:\n  a: [b]\nedges:\n  b: [a]\n", 5, "edges"),
    ("inner.yaml", "S0: [a]\nS1: [b]\nedges:\n  a: [b]\n  a: [a]\n", 5, "a"),
    ("twice.json", '{"S0": ["a"],\n "S1": ["b"],\n "S1": []}', 3, "S1"),
    ("title.json", '{"S0": ["a"], "S1": [],\n "title": {"fr": "x",\n "fr": "y"}}', 3, "fr"),
])
def test_a_key_written_twice_is_refused_with_its_line(tmp_path, name, text, line, key):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArenaError) as info:
        Arena.from_file(path)
    message = str(info.value)
    assert message.startswith(str(path)) and f"line {line}" in message
    assert f"key {key!r} is written twice" in message
    err = io.StringIO()
    assert main(["solve", str(path)], out=io.StringIO(), err=err) == 2
    assert err.getvalue().count("\n") == 1 and f"line {line}" in err.getvalue()


def test_the_cli_solves_the_ourson_states_as_written(tmp_path):
    path = tmp_path / "ourson.yaml"
    path.write_text("S0: [0450]\nS1: [1451]\nV1: [1451]\nedges:\n  0450: [1451]\n"
                    "start: 0450\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", str(path), "--json"], out=out, err=io.StringIO()) == 0
    report = json.loads(out.getvalue())
    assert report["start"] == "0450" and report["start_winner"] == 1
    assert [p["id"] for p in report["positions"]] == ["0450", "1451"]


def test_version_and_standard_input():
    from arena import __version__

    out = io.StringIO()
    assert main(["--version"], out=out, err=io.StringIO()) == 0
    assert out.getvalue() == f"arena {__version__}\n"
    text = "S0: [010]\nS1: [on]\nV0: [on]\nedges:\n  010: [on]\nstart: 010\n"
    done = subprocess.run([sys.executable, "-m", "arena", "solve", "-", "--json"], input=text,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["start"] == "010" and report["start_rank"] == 1
    bad = subprocess.run([sys.executable, "-m", "arena", "solve", "-"], input="S0: [a\n",
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("arena: error: <stdin>: not valid YAML")
    assert "Traceback" not in bad.stderr


@pytest.mark.parametrize(("rank", "words"), [(1, "in 1 move"), (2, "in 2 moves")])
def test_counted_words_agree_with_their_number(tmp_path, rank, words):
    chain = [f"v{k}" for k in range(rank + 1)]
    s0 = [v for k, v in enumerate(chain) if k % 2 == 0]
    s1 = [v for k, v in enumerate(chain) if k % 2 == 1]
    edges = "\n".join(f"  {a}: [{b}]" for a, b in zip(chain, chain[1:]))
    path = tmp_path / "chain.yaml"
    path.write_text(f"S0: [{', '.join(s0)}]\nS1: [{', '.join(s1)}]\nV0: [{chain[-1]}]\n"
                    f"edges:\n{edges}\nstart: v0\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", str(path)], out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert f"won by J_0 {words}\n" in text
    assert ("1 edge;" in text) == (rank == 1) and "0 draws" in text
