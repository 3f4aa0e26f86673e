"""The site build's own caches (coursebuild.commands.site): a step runs again exactly when one
of its inputs changed or an output is missing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
from coursebuild.commands import site as build_site  # noqa: E402
from coursebuild.course import keys  # noqa: E402


def test_a_step_runs_again_only_when_its_key_changes_or_an_output_is_missing(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(keys, "STAMPS", tmp_path / "stamps")
    out = tmp_path / "out"
    runs = []

    def run():
        runs.append(1)
        out.write_text("x")

    assert keys.cached_step("s", "k1", [out], run) is True
    assert keys.cached_step("s", "k1", [out], run) is False
    assert keys.cached_step("s", "k2", [out], run) is True      # an input changed
    out.unlink()
    assert keys.cached_step("s", "k2", [out], run) is True      # an output is missing
    assert len(runs) == 3


def test_a_failed_step_is_not_recorded(tmp_path, monkeypatch):
    monkeypatch.setattr(keys, "STAMPS", tmp_path / "stamps")

    def fail():
        raise RuntimeError("mkdocs failed")

    with pytest.raises(RuntimeError):
        keys.cached_step("s", "k", [], fail)
    assert not (tmp_path / "stamps" / "s").exists()


def test_the_digest_covers_names_contents_and_environment(tmp_path, monkeypatch):
    monkeypatch.setattr(keys, "ROOT", tmp_path)
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.md").write_text("one")
    first = keys.inputs_digest(("d",), ("SITE_URL",))
    (tmp_path / "d" / "a.md").write_text("two")
    second = keys.inputs_digest(("d",), ("SITE_URL",))
    (tmp_path / "d" / "a.md").rename(tmp_path / "d" / "b.md")
    third = keys.inputs_digest(("d",), ("SITE_URL",))
    monkeypatch.setenv("SITE_URL", "https://example.com/")
    fourth = keys.inputs_digest(("d",), ("SITE_URL",))
    assert len({first, second, third, fourth}) == 4


def test_every_file_the_site_reads_is_an_input():
    """What MkDocs reads (its configurations, the docs, the templates, the hook and the
    library it imports, the snippets' folders, the exercise sheets, the bundled editor)."""
    inputs = set(build_site.SITE_INPUTS)
    assert {"docs", "overrides", "src/arena", "src/coursebuild", "handouts",
            "mkdocs.base.yml", "mkdocs.yml", "mkdocs.en.yml", "build/js/editor.js",
            "package-lock.json"} <= inputs
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    base = yaml.load((ROOT / "mkdocs.base.yml").read_text("utf-8"), Loader=Loader)
    snippets = next(e["pymdownx.snippets"] for e in base["markdown_extensions"]
                    if isinstance(e, dict) and "pymdownx.snippets" in e)
    for folder in snippets["base_path"]:
        assert any(folder == i or folder.startswith(i + "/") for i in inputs), folder


_PRODUCTS = """
import io, json, sys
import io
from pathlib import Path
from coursebuild.products import catalogue, fragments, notebooks
figures = catalogue.build(jobs=1, stream=io.StringIO())
texts = fragments.build(stream=io.StringIO())
# the notebooks are not executed here (seconds each): their keys say which would be
keys = {f"{s.stem}-{lang}": notebooks.cache_key(s, lang)
        for s in notebooks.sources() for lang in notebooks.LANGS}
stamps = Path("build/notebook-keys.json")
old = json.loads(stamps.read_text()) if stamps.exists() else {}
stamps.write_text(json.dumps(keys))
print(json.dumps({"figures": sorted(figures), "fragments": sorted(texts),
                  "notebooks": sorted(k for k in keys if old.get(k) != keys[k])}))
"""


def _products(project: Path) -> dict[str, list[str]]:
    """Build the figures and fragments of the project copy ``project`` (its own
    ``coursebuild`` and ``arena``); return what was rebuilt."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=str(project / "src"), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", _PRODUCTS], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_editing_an_example_rebuilds_exactly_its_products(tmp_path):
    """In a copy of the project, elsewhere: nothing is rebuilt; editing
    docs/examples/exercise-6-2.yaml then rebuilds the
    figures, fragments and notebooks that show exercise 4.2, and nothing else; a second
    build after that rebuilds nothing."""
    import shutil

    project = tmp_path / "project"
    for name in ("src", "docs", "scripts", "handouts", "pyproject.toml", "mkdocs.yml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.egg-info", "*.ipynb"))
        else:
            shutil.copy2(source, project / name)
    (project / "build").mkdir()
    if (ROOT / "build" / "bench.json").exists():     # make bench's, when it was run here
        shutil.copy2(ROOT / "build" / "bench.json", project / "build" / "bench.json")
    # the figures and fragments built here (by make test) are up to date in the copy too:
    # their keys do not depend on where the project is
    first = _products(project)
    assert first["figures"] == [] and first["fragments"] == []
    assert len(first["notebooks"]) == 16
    example = project / "docs" / "examples" / "exercise-6-2.yaml"
    example.write_text(example.read_text(encoding="utf-8").replace("start: a", "start: b"),
                       encoding="utf-8")
    second = _products(project)
    assert second == {
        "figures": ["ex6-2-attractors", "ex6-2-counter", "ex6-2-graph", "ex6-2-strategy"],
        # the figure list shows the figures' captions, which name the start; the
        # teaching notes count the game's positions by outcome
        "fragments": ["ex6-2-counter-steps", "ex6-2-solution", "example-game-file",
                      "figure-catalogue", "note-ex62-outcomes", "python-example",
                      "solve-example"],
        "notebooks": ["06-exercises-en", "06-exercises-fr"]}
    assert _products(project) == {"figures": [], "fragments": [], "notebooks": []}


def test_a_second_build_at_once_says_so_and_waits(site):
    """Two `make site` at once: the second says another build is running, waits, and both
    end well (one used to crash on site/figures/manifest.json)."""
    import subprocess
    import sys
    import time

    from coursebuild.paths import ROOT

    command = [sys.executable, "-m", "coursebuild", "site", "--no-zip", "--no-book"]
    first = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        line = first.stderr.readline()            # the first holds the lock by now
        assert line, "the first build said nothing"
        second = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                                timeout=600)
        first.wait(timeout=600)
    finally:
        if first.poll() is None:
            first.kill()
            time.sleep(1)
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert "site: another build is running in this folder; waiting for it to end" in \
        second.stderr


def test_a_folder_that_cannot_be_written_is_named_in_one_line(tmp_path):
    import os
    import subprocess
    import sys

    from coursebuild.paths import ROOT

    if os.geteuid() == 0:
        # root writes anywhere: a file stands where the folder should be
        out = tmp_path / "figures"
        out.write_text("not a folder")
    else:
        out = tmp_path / "figures"
        out.mkdir()
        out.chmod(0o500)
    proc = subprocess.run([sys.executable, "-m", "coursebuild", "figures", "--out", str(out),
                           "nim-graph-a"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"coursebuild: figures: {out}") and \
        "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


def test_a_removed_fragment_leaves_no_file_behind(tmp_path, monkeypatch):
    """A fragment renamed or removed from its page module: a full fragments build deletes
    its old files (both languages and its sidecar), and only those."""
    from coursebuild.products import fragments as frag

    monkeypatch.setattr(frag, "registry", lambda: {"kept": lambda: {"fr": "f\n", "en": "e\n"}})
    monkeypatch.setattr(frag.keys, "key", lambda fn, name: "k")
    frag.build(tmp_path, stream=io.StringIO())
    for old in ("fr/old.md", "en/old.md", ".cache/old.json"):
        (tmp_path / old).write_text("an old fragment", encoding="utf-8")
    frag.build(tmp_path, ["kept"], stream=io.StringIO())        # a partial build keeps them
    assert (tmp_path / "fr" / "old.md").exists()
    assert frag.build(tmp_path, stream=io.StringIO()) == []     # nothing to compute, but
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
                   if p.is_file())
    assert files == [".cache/kept.json", "en/kept.md", "fr/kept.md"]
