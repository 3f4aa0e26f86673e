"""Writing files safely: no fixed temporary name to plant a link at, nothing left behind
after a failure, the old file intact (issue: `OUT.tmp` was followed and left behind)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from arena import Arena
from arena._files import write_atomic
from arena.cli import main


def test_a_planted_link_at_the_old_temporary_name_is_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "out.svg"
    os.symlink(victim, tmp_path / "out.svg.tmp")
    err = io.StringIO()
    assert main(["render", "nim", "--n", "4", "-o", str(out)], out=io.StringIO(), err=err) == 0
    assert victim.read_text(encoding="utf-8") == "precious"
    assert out.read_bytes().startswith(b"<?xml") or b"<svg" in out.read_bytes()[:400]
    game = tmp_path / "game.yaml"
    os.symlink(victim, tmp_path / "game.yaml.tmp")
    Arena(S0=["a"], S1=["b"], edges={"a": ["b"]}).to_file(game)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert Arena.from_file(game).successors("a") == ("b",)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "figure.svg"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figure.svg"]


def test_render_to_an_unwritable_place_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    folder = tmp_path / "d.svg"
    folder.mkdir()
    for output in (folder, blocker / "below.svg"):
        err = io.StringIO()
        status = main(["render", "nim", "--n", "4", "-o", str(output)], out=io.StringIO(),
                      err=err)
        assert status == 2 and err.getvalue().count("\n") == 1, err.getvalue()
        assert "Traceback" not in err.getvalue()
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["d.svg", "file"]
    assert list(folder.iterdir()) == []
