"""The command line: the JSON of SPEC §4.3, the table, and exit status 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from arena.cli import main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_nim_json_matches_the_specification_example():
    status, out, err = run("solve", "nim", "--n", "10", "--rule", "1,2", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    head = {k: data[k] for k in ("game", "params", "vertices", "edges", "start",
                                 "start_winner", "start_rank", "summary")}
    assert head == {"game": "nim", "params": {"n": 10, "rule": [1, 2]}, "vertices": 21,
                    "edges": 36, "start": "10,0", "start_winner": 0, "start_rank": 7,
                    "summary": {"won_by_0": 11, "won_by_1": 10, "draws": 0}}
    assert data["positions"][0] == {"id": "10,0", "owner": 0, "victory": None, "winner": 0,
                                    "rank": 7, "move": "9,1", "successors": ["8,1", "9,1"]}
    by_id = {p["id"]: p for p in data["positions"]}
    assert by_id["0,1"]["victory"] == 0 and by_id["0,1"]["move"] is None
    # (9,0) is lost: both moves have rank 5 for J_1, so the tie goes to the first one.
    assert by_id["9,0"] == {"id": "9,0", "owner": 0, "victory": None, "winner": 1,
                            "rank": 6, "move": "7,1", "successors": ["7,1", "8,1"]}


def test_exercise_4_1_is_won_by_J1():
    status, out, _ = run("solve", "nim", "--n", "15", "--rule", "2,3,5", "--json")
    data = json.loads(out)
    assert status == 0 and data["start_winner"] == 1 and data["params"]["rule"] == [2, 3, 5]


def test_file_json_has_string_ids_and_no_game(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("start: a\nS0: [a]\nS1: [b, w]\nV0: [w]\nedges: {a: [b, w], b: [a]}\n")
    status, out, _ = run("solve", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["game"] is None and data["params"] == {}
    assert [(p["id"], p["winner"], p["rank"], p["move"]) for p in data["positions"]] == [
        ("a", 0, 1, "w"), ("b", 0, 2, "a"), ("w", 0, 0, None)]


def test_table_without_json(tmp_path):
    status, out, _ = run("solve", "nim", "--n", "4", "--limit", "3")
    lines = out.splitlines()
    assert status == 0
    assert lines[1] == "9 vertices, 12 edges; J_0 wins 5, J_1 wins 4, 0 draws"
    assert lines[2] == "start 4,0: won by J_0 in 3 moves"
    assert lines[4].split() == ["vertex", "owner", "victory", "winner", "rank", "move"]
    assert lines[5].split() == ["4,0", "J_0", "J_0", "3", "3,1"]
    assert lines[-1] == "... 6 more positions (--limit 0 shows all)"


def test_warning_for_victory_vertices_with_edges(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("S0: [a]\nS1: [w]\nV0: [w]\nedges: {a: [w], w: [a]}\n")
    status, _, err = run("solve", str(path))
    assert status == 0
    assert err == f"warning: {path}: key 'edges': vertex 'w' is a victory position; " \
                  "its outgoing edges are ignored\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "nope"], "'nope' is neither a file nor a built-in game"),
    (["solve", "missing.yaml"], "missing.yaml: cannot read the file"),
    (["solve", "nim", "--rule", "x"],
     "--rule: 'x' is not a list of integers such as 1,2,3: 'x' is not an integer"),
    (["solve", "nim", "--rule", "1,,2"], "--rule: '1,,2' is not a list of integers such as "
                                         "1,2,3: item 2 is empty"),
    (["solve", "marienbad", "--heaps", "1,٣"], "--heaps: '1,٣' is not a list of integers such "
                                               "as 1,3,5,7: '٣' is not an integer"),
    (["solve", "nim", "--n", "1_0"], "--n: '1_0' is not an integer"),
    (["solve", "nim", "--n", "9" * 31], "--n: '999999999999'… has more than 30 digits"),
    (["solve", "nim", "--limit", "x"], "argument --limit: 'x' is not an integer"),
    (["render", "nim", "-o", "x.svg", "--max-vertices", "0"],
     "argument --max-vertices: 0 is less than 1"),
    (["solve", "nim", "--rule", "0,1"], "--rule: a rule is a non-empty set of positive"),
    (["solve", "nim", "--n", "-1"], "nim: the number of sticks is a non-negative integer"),
    (["solve"], "the following arguments are required"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_status_2(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.startswith("arena: error: ") and message in err and err.count("\n") == 1


def test_bad_file_names_file_key_and_vertex(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("S0: [a]\nS1: [b]\nedges: {a: [z]}\n")
    status, out, err = run("solve", str(path), "--json")
    assert (status, out) == (2, "")
    assert err == (f"arena: error: {path}: key 'edges': vertex 'a': has a successor 'z' "
                   "that is not in S0 or S1\n")


def test_console_script_runs_without_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe")
    proc = subprocess.run([sys.executable, "-m", "arena", "solve", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "not valid UTF-8" in proc.stderr
