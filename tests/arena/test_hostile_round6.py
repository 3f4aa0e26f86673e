# ruff: noqa: E501  (tables of cases: one case per line reads best)
"""Hostile round 6 (issue 62, items 8 to 12): the command line on rules files. A rules
file that is not UTF-8 text says what it is; a text, bytes or a mapping where positions
are expected is refused; long positions are shown shortened; one limit of positions,
named the same everywhere; ``--json`` cannot be forged by replacing the ``json``
module's functions."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena import ArenaError, from_rules
from arena.cli import main
from arena.cli_limits import DEFAULT_MAX_POSITIONS
from arena.rules_file import BOMS, SHOWN_LENGTH, short_id

ROOT = Path(__file__).resolve().parents[2]
GAME = "START = 0\nSTUCK = 'loses'\ndef player(p):\n    return p % 2\ndef moves(p):\n    return [p + 1] if p < 3 else []\n"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _refused(status: int, out: str, err: str, *words: str) -> None:
    assert status == 2 and out == "", (status, err)
    assert err.startswith("arena: error: ") and err.count("\n") == 1, err
    assert "line None" not in err and "Traceback" not in err, err
    for w in words:
        assert w in err, err


# item 8: every byte-order mark of another encoding, every wide encoding without one
@pytest.mark.parametrize(("mark", "encoding"), BOMS, ids=[e for _, e in BOMS])
def test_a_rules_file_with_another_encodings_mark_says_which(tmp_path, mark, encoding):
    (tmp_path / "g.py").write_bytes(mark + GAME.encode("ascii"))
    _refused(*_run("solve", str(tmp_path / "g.py")), "g.py: not UTF-8 text: its byte-order mark says " + encoding)


@pytest.mark.parametrize(("codec", "family"), [
    ("utf-16", "UTF-16 (little-endian)"), ("utf-32", "UTF-32 (little-endian)"),   # Python's own: with a mark
    ("utf-16-be", "UTF-16 (big-endian)"), ("utf-16-le", "UTF-16 (little-endian)"),
    ("utf-32-be", "UTF-32 (big-endian)"), ("utf-32-le", "UTF-32 (little-endian)"),
])
def test_a_rules_file_in_utf16_or_utf32_says_so(tmp_path, codec, family):
    (tmp_path / "g.py").write_bytes(GAME.encode(codec))
    status, out, err = _run("solve", str(tmp_path / "g.py"))
    _refused(status, out, err, "not UTF-8 text", family, "save it as UTF-8")


@pytest.mark.parametrize(("data", "words"), [
    (GAME.encode() + b"# \x00\n", (f"byte {len(GAME) + 2} (line 7) is a NUL byte",)),
    (b"\x00" + GAME.encode(), ("byte 0 (line 1) is a NUL byte",)),
    (b"PK\x03\x04\x14\x00\x00\x00", ("byte 5 (line 1) is a NUL byte",)),      # a zip file
    (GAME.encode() + "# caf\u00e9\n".encode("latin-1"), (f"not UTF-8 text: byte {len(GAME) + 5} (line 7, 0xe9) is not UTF-8",)),
    (b"# coding: klingon\n" + GAME.encode(), ("line 1: unknown encoding: klingon",)),
])
def test_nul_bytes_and_bytes_that_are_not_utf8_are_placed(tmp_path, data, words):
    (tmp_path / "g.py").write_bytes(data)
    _refused(*_run("solve", str(tmp_path / "g.py")), "g.py: ", *words)


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf" + GAME.encode(),
                                  b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + GAME.encode()])
def test_what_python_reads_is_still_read(tmp_path, data):
    (tmp_path / "g.py").write_bytes(data)
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--json")
    assert status == 0, err
    assert json.loads(out)["vertices"] == 4


def test_a_folder_named_like_a_rules_file_is_not_run(tmp_path):
    (tmp_path / "g.py").mkdir()
    (tmp_path / "g.py" / "__main__.py").write_text("raise SystemExit(7)\n")
    _refused(*_run("solve", str(tmp_path / "g.py")), "g.py: not a regular file")


# item 9: a text, bytes or a mapping where positions are expected
NOT_POSITIONS = ["'xy'", "type('S', (str,), {})('xy')", "b'xy'", "bytearray(b'xy')", "memoryview(b'xy')",
                 "{'x': 1, 'y': 2}", "__import__('collections').OrderedDict(x=1)",
                 "__import__('collections').Counter('xy')", "__import__('types').MappingProxyType({'x': 1})"]


@pytest.mark.parametrize("value", NOT_POSITIONS)
def test_moves_giving_a_text_bytes_or_a_mapping_is_refused(tmp_path, value):
    (tmp_path / "g.py").write_text(f"START = 'ab'\nSTUCK = 'loses'\ndef player(p):\n    return 0\n"
                                   f"def moves(p):\n    return {value} if p == 'ab' else []\n")
    _refused(*_run("solve", str(tmp_path / "g.py"), "--json"), "g.py: position 'ab': moves gave ", "not ")


def test_a_set_of_one_letter_positions_is_positions(tmp_path):
    (tmp_path / "g.py").write_text("START = 'ab'\nSTUCK = 'loses'\ndef player(p):\n    return 0\n"
                                   "def moves(p):\n    return set('xy') if p == 'ab' else []\n")
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--json")
    assert status == 0, err
    assert sorted(p["id"] for p in json.loads(out)["positions"]) == ["ab", "x", "y"]


@pytest.mark.parametrize("value", ["ab", b"ab", {"a": 1}])
def test_include_as_a_text_bytes_or_mapping_is_refused(value):
    with pytest.raises(ArenaError, match="include gave"):
        from_rules("a", lambda p: [], lambda p: 0, stuck="loses", include=value)


# item 10: long positions shown shortened everywhere
HUGE = "START = 0\nSTUCK = 'loses'\nBIG = 'x' * 10_000_000\ndef player(p):\n    return 0\ndef moves(p):\n    return [BIG] if p == 0 else []\n"


def test_a_huge_position_is_shortened_in_the_table_and_the_json(tmp_path):
    (tmp_path / "g.py").write_text(HUGE)
    status, out, err = _run("solve", str(tmp_path / "g.py"))
    assert status == 0, err
    assert len(out) < 2_000 and max(map(len, out.splitlines())) < 2 * SHOWN_LENGTH + 60
    cut = short_id("x" * 10_000_000)
    assert len(cut) == SHOWN_LENGTH and cut in out
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--json")
    report = json.loads(out)
    assert [p["id"] for p in report["positions"]] == ["0", cut]
    assert report["positions"][0]["move"] == cut and report["positions"][0]["successors"] == [cut]
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--json", "--full-ids")
    assert status == 0 and json.loads(out)["positions"][1]["id"] == "x" * 10_000_000
    _refused(*_run("solve", str(tmp_path / "g.py"), "--full-ids"), "--full-ids applies to --json")


@pytest.mark.parametrize("fault", ["def player(p):\n    return 0 if p == 0 else 2\n",
                                   "def player(p):\n    return 0\ndef winner(p):\n    return None if p == 0 else 'x'\n",
                                   "def player(p):\n    return 0 if p == 0 else 1 / 0\n"])
def test_a_huge_position_is_shortened_in_messages(tmp_path, fault):
    text = HUGE.replace("def player(p):\n    return 0\n", fault)
    (tmp_path / "g.py").write_text(text)
    status, out, err = _run("solve", str(tmp_path / "g.py"))
    _refused(status, out, err, "position 'xxxx")
    assert len(err) < 2 * SHOWN_LENGTH + 200, len(err)


def test_a_limit_error_shortens_the_position(tmp_path):
    (tmp_path / "g.py").write_text(HUGE)
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--max-positions", "1")
    _refused(status, out, err, "more than 1 position (--max-positions N raises it)")
    assert len(err) < 2 * SHOWN_LENGTH + 200


def test_a_position_written_as_anothers_shortened_id_is_refused(tmp_path):
    cut = short_id("y" * 500)
    (tmp_path / "g.py").write_text(f"START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\n"
                                   f"def moves(p):\n    return ['y' * 500, {cut!r}] if p == 0 else []\n")
    _refused(*_run("solve", str(tmp_path / "g.py"), "--json"), "are shown with the same id", "--full-ids")
    status, out, _ = _run("solve", str(tmp_path / "g.py"), "--json", "--full-ids")
    assert status == 0 and len(json.loads(out)["positions"]) == 3


# item 11: one limit, one default, one name
@pytest.mark.parametrize("command", ["solve", "render"])
def test_the_help_gives_the_one_limit_for_rules_files_and_games(command):
    out = io.StringIO()
    with pytest.raises(SystemExit):
        sys.stdout, saved = out, sys.stdout
        try:
            main([command, "--help"])
        finally:
            sys.stdout = saved
    text = " ".join(out.getvalue().split()).replace("built- in", "built-in")
    assert f"--max-positions N the most positions a rules file's exploration or a built-in game may reach; past it the command stops, naming this option (default {DEFAULT_MAX_POSITIONS:,})" in text
    assert "3000000000" not in text and "1000000" not in text


@pytest.mark.parametrize(("argv", "words"), [
    (("solve", "tictactoe", "--size", "4"), "tictactoe: 4 × 4 tic-tac-toe has more than 2,000,000 positions (--max-positions N raises it)"),
    (("solve", "connect4", "--rows", "4", "--cols", "6"), "more than the limit of 2,000,000 positions (--max-positions N raises it)"),
    (("solve", "connect4", "--rows", "4", "--cols", "4", "--max-positions", "20000"), "connect4: 4 × 4 connect-4 has more than 20,000 positions (--max-positions N raises it)"),
    (("solve", "tictactoe", "--max-positions", "100"), "tic-tac-toe has more than 100 positions (--max-positions N raises it)"),
    (("solve", "nim", "--n", "1000001"), "more than the limit of 2,000,000 positions (--max-positions N raises it)"),
])
def test_every_limit_refusal_names_the_option(argv, words):
    status, out, err = _run(*argv)
    last = err.splitlines(keepends=True)[-1]           # connect-4 says each ply before
    _refused(status, out, last, words)
    assert "minutes" not in err


def test_a_rules_file_has_the_same_default_limit_and_names_the_option(tmp_path):
    (tmp_path / "g.py").write_text("START = 0\nSTUCK = 'loses'\ndef player(p):\n    return 0\ndef moves(p):\n    return [p + 1]\n")
    status, out, err = _run("solve", str(tmp_path / "g.py"), "--json")
    *progress, last = err.splitlines(keepends=True)
    assert all(line.endswith(" positions explored\n") for line in progress)
    _refused(status, out, last, f"more than {DEFAULT_MAX_POSITIONS:,} positions (--max-positions N raises it)")


def test_max_positions_on_an_arena_file_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text("S0: [a]\nS1: []\n")
    _refused(*_run("solve", str(tmp_path / "a.yaml"), "--max-positions", "5"), "--max-positions applies to rules files (.py) and built-in games")


def test_the_readme_gives_the_same_default():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"`--max-positions N` (default {DEFAULT_MAX_POSITIONS:,})" in readme


# item 12: --json written with what the command imported before the rules ran
FORGERS = ["import json\njson.dumps = lambda *a, **k: '{\"forged\": true}'\n",
           "import json.encoder\njson.encoder.encode_basestring = lambda s: '\"forged\"'\n",
           "import json\njson.JSONEncoder.encode = lambda self, o: '{\"forged\": true}'\n"
           "json.JSONEncoder.iterencode = lambda self, o, _one_shot=False: iter(['{\"forged\": true}'])\n"]


@pytest.mark.parametrize("forger", FORGERS)
def test_a_rules_file_replacing_json_does_not_forge_the_output(tmp_path, forger):
    (tmp_path / "clean.py").write_text(GAME)
    (tmp_path / "g.py").write_text(forger + GAME)
    runs = [subprocess.run([sys.executable, "-m", "arena", "solve", name, "--json"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120) for name in ("clean.py", "g.py")]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stderr
    clean, forged = (json.loads(r.stdout) for r in runs)
    assert "forged" not in runs[1].stdout
    clean["title"] = forged["title"]                  # the file's name
    assert forged == clean


def test_the_help_and_readme_say_a_rules_file_can_change_any_output():
    out = io.StringIO()
    sys.stdout, saved = out, sys.stdout
    try:
        with pytest.raises(SystemExit):
            main(["solve", "--help"])
    finally:
        sys.stdout = saved
    assert "the file is run as code, which can change anything the command writes" in " ".join(out.getvalue().split())
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "can change anything the command writes, `--json` included" in readme
