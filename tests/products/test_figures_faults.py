"""The figure build recovers from any state of its cache and outputs: corrupt, truncated
or deleted sidecars and outputs are rebuilt, concurrent builds are safe, and the result
is always identical to a clean build."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from coursebuild.course import examples
from coursebuild.products import catalogue as fig

IDS = ["ex6-2-graph", "nim-play"]       # one interactive figure (with JSON), one plain


def _snapshot(out: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    out = tmp_path_factory.mktemp("clean")
    fig.build(out, IDS, jobs=1, stream=io.StringIO())
    return out, _snapshot(out)


def _copy(clean_out: Path, tmp_path: Path) -> Path:
    import shutil

    out = tmp_path / "figures"
    shutil.copytree(clean_out, out)
    return out


@pytest.mark.parametrize("damage", [
    ("sidecar", b"null"), ("sidecar", b"[]"), ("sidecar", b"{\"key\": 3}"),
    ("sidecar", b"{not json"), ("sidecar", None),
    ("svg", b"<svg"), ("svg", None), ("pdf", b"%PDF-1.5"), ("json", b"{\"vert"),
    ("json", None),
])
def test_any_damaged_entry_is_rebuilt_to_the_clean_result(clean, tmp_path, damage):
    clean_out, expected = clean
    out = _copy(clean_out, tmp_path)
    kind, content = damage
    target = (out / ".cache" / "ex6-2-graph.json" if kind == "sidecar"
              else out / f"ex6-2-graph.{kind}")
    if content is None:
        target.unlink()
    else:
        target.write_bytes(content)
    stream = io.StringIO()
    rebuilt = fig.build(out, IDS, jobs=1, stream=stream)
    assert rebuilt == ["ex6-2-graph"], stream.getvalue()
    assert _snapshot(out) == expected
    assert fig.build(out, IDS, jobs=1, stream=io.StringIO()) == []     # then up to date


def test_concurrent_builds_in_the_same_folder_agree(clean, tmp_path):
    _, expected = clean
    out = tmp_path / "figures"
    code = ("import io, sys; from pathlib import Path; from coursebuild.products import catalogue "
            "as f; "
            f"f.build(Path(sys.argv[1]), {IDS!r}, jobs=1, stream=io.StringIO())")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(out)]) for _ in range(4)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0, 0, 0]
    assert _snapshot(out) == expected
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]


def test_a_build_killed_midway_leaves_a_tree_the_next_build_repairs(clean, tmp_path):
    import signal

    _, expected = clean
    out = tmp_path / "figures"
    code = ("import sys; from pathlib import Path; from coursebuild.products import catalogue as "
            "f; "
            f"f.build(Path(sys.argv[1]), {IDS!r}, jobs=1, force=True)")
    # killed where the build says it is (its progress lines), not after fixed delays that
    # a busy machine may not reach: drawing, nothing written yet; one figure written,
    # not the other; both written, not the manifest
    for said in ("figures: building", f"figures 1/{len(IDS)} ", f"figures 2/{len(IDS)} "):
        proc = subprocess.Popen([sys.executable, "-c", code, str(out)],
                                stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        for line in proc.stderr:
            if said in line:
                break
        else:
            raise AssertionError(f"the build ended without saying {said!r}")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stderr.close()
        fig.build(out, IDS, jobs=1, stream=io.StringIO())
        assert _snapshot(out) == expected, said


def test_example_names_with_any_character_are_drawn(tmp_path, monkeypatch):
    example = tmp_path / "exercise-6-2.yaml"
    example.write_text("S0: [\"j'\", 'a b', '&amp;']\nS1: ['<k>', 'é']\nV0: ['é']\n"
                       "edges:\n  \"j'\": ['<k>', 'é']\n  '<k>': ['a b', '&amp;']\n"
                       "start: \"j'\"\n", encoding="utf-8")
    monkeypatch.setattr(examples, "EX42", str(example))
    out = tmp_path / "figures"
    assert fig.build(out, ["ex6-2-graph", "ex6-2-strategy"], jobs=1,
                     stream=io.StringIO()) == ["ex6-2-graph", "ex6-2-strategy"]
    import xml.etree.ElementTree as ET

    root = ET.fromstring((out / "ex6-2-graph.svg").read_bytes())
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"j'", "a b", "&amp;", "<k>", "é"} <= texts
