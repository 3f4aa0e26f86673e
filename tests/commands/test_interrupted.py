"""Nothing stale after an interruption (issue 26.1): each product of the build is written so
that an interruption at its write leaves the old product under its old stamp, or nothing
under no stamp, never a new product under an old stamp. Each test builds from inputs A,
is interrupted while writing from inputs B, then builds from A again: the product must be
A's, as a clean build makes it. (The books: tests/documents/test_book.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena._files import write_if_changed


class Interrupted(KeyboardInterrupt):
    pass


def _interrupt_after(real, times: int):
    """A writer that writes ``times`` files, then is interrupted (after writing)."""
    calls = {"n": 0}

    def write(path, data, *args, **kwargs):
        result = real(path, data, *args, **kwargs)
        calls["n"] += 1
        if calls["n"] >= times:
            raise Interrupted
        return result
    return write


def test_a_fragment_interrupted_between_its_two_languages(tmp_path, monkeypatch):
    from coursebuild.products import fragments

    inputs = {"key": "A"}
    texts = {"A": {"fr": "A fr\n", "en": "A en\n"}, "B": {"fr": "B fr\n", "en": "B en\n"}}
    monkeypatch.setattr(fragments, "registry", lambda: {"x": lambda: texts[inputs["key"]]})
    monkeypatch.setattr(fragments.keys, "key", lambda fn, name: inputs["key"])
    fragments.build(tmp_path, ["x"])
    inputs["key"] = "B"
    with monkeypatch.context() as m:       # B's French written, then the interruption
        m.setattr(fragments, "write_if_changed", _interrupt_after(write_if_changed, 1))
        with pytest.raises(Interrupted):
            fragments.build(tmp_path, ["x"])
    assert (tmp_path / "fr" / "x.md").read_text() == "B fr\n"
    inputs["key"] = "A"
    assert fragments.build(tmp_path, ["x"]) == ["x"]      # not taken for up to date
    assert [(tmp_path / lang / "x.md").read_text() for lang in ("fr", "en")] == \
        ["A fr\n", "A en\n"]


def test_a_figure_interrupted_after_its_drawing(tmp_path, monkeypatch):
    from coursebuild.products import catalogue

    clean = tmp_path / "clean"
    catalogue.build(clean, ["nim-graph-a"], jobs=1)
    out = tmp_path / "out"
    catalogue.build(out, ["nim-graph-a"], jobs=1)
    with monkeypatch.context() as m:       # B's drawing written, its PDF and stamp not
        def write_b(path, data, *args, **kwargs):
            write_if_changed(path, b"<svg>B</svg>")
            raise Interrupted
        m.setattr(catalogue, "write_if_changed", write_b)
        m.setattr(catalogue, "_up_to_date", lambda *a: False)        # B's inputs
        with pytest.raises(Interrupted):
            catalogue.build(out, ["nim-graph-a"], jobs=1)
    assert (out / "nim-graph-a.svg").read_bytes() == b"<svg>B</svg>"
    assert catalogue.build(out, ["nim-graph-a"], jobs=1) == ["nim-graph-a"]   # A again
    for ext in ("svg", "pdf", "json"):
        assert (out / f"nim-graph-a.{ext}").read_bytes() == \
            (clean / f"nim-graph-a.{ext}").read_bytes()
    assert json.loads((out / "manifest.json").read_text()) == \
        json.loads((clean / "manifest.json").read_text())


def test_the_exercise_sheets_interrupted_between_the_languages(tmp_path, monkeypatch):
    from coursebuild.documents import handout

    inputs = {"key": "A"}
    monkeypatch.setattr(handout, "OUT", tmp_path)
    monkeypatch.setattr(handout, "included", lambda: [])
    monkeypatch.setattr(handout, "write_exercises", lambda: None)
    monkeypatch.setattr(handout, "write_captions", lambda: None)
    monkeypatch.setattr(handout, "inputs_key", lambda: inputs["key"])
    monkeypatch.setattr(handout.shutil, "which", lambda name: "/usr/bin/" + name)
    compiled = []

    def compile_pdf(lang):
        if inputs["key"] == "B" and lang == "en":
            raise Interrupted
        compiled.append(lang)
        (tmp_path / f"handout-{lang}.pdf").write_text(f"{inputs['key']}-{lang}")
        return tmp_path / f"handout-{lang}.pdf"
    monkeypatch.setattr(handout, "compile_pdf", compile_pdf)
    monkeypatch.setattr(handout, "ROOT", tmp_path)
    handout.main()
    inputs["key"] = "B"
    with pytest.raises(Interrupted):
        handout.main()
    assert not (tmp_path / "inputs.key").exists()      # no stamp vouches for B's French
    inputs["key"] = "A"
    compiled.clear()
    handout.main()
    assert compiled == ["fr", "en"]
    assert [(tmp_path / f"handout-{lang}.pdf").read_text() for lang in ("fr", "en")] == \
        ["A-fr", "A-en"]


@pytest.mark.parametrize("step", ["site", "offline"])
def test_a_site_or_the_zip_interrupted_is_built_again(tmp_path, monkeypatch, step):
    """Both sites and the zip are made by cached_step: its stamp goes before the product
    is written and comes back after."""
    from coursebuild.course import keys

    monkeypatch.setattr(keys, "STAMPS", tmp_path / "stamps")
    product = tmp_path / "product"

    def make(key: str, interrupt: bool = False):
        def run():
            product.write_text(key)
            if interrupt:
                raise Interrupted
        return run
    assert keys.cached_step(step, "A", [product], make("A"))
    with pytest.raises(Interrupted):
        keys.cached_step(step, "B", [product], make("B", interrupt=True))
    assert product.read_text() == "B" and not (tmp_path / "stamps" / step).exists()
    assert keys.cached_step(step, "A", [product], make("A"))      # built again
    assert product.read_text() == "A"
    assert not keys.cached_step(step, "A", [product], make("A"))  # and now up to date


def test_a_notebook_interrupted_while_it_runs_is_run_again(tmp_path, monkeypatch):
    """Executed notebooks are kept under their key's name, each written whole: an
    interrupted execution leaves no file, and the next build executes it."""
    from coursebuild.products import notebooks

    monkeypatch.setattr(notebooks, "CACHE", tmp_path / "cache")
    source = sorted(notebooks.sources())[0]
    monkeypatch.setattr(notebooks, "sources", lambda: [source])
    monkeypatch.setattr(notebooks, "target",
                        lambda src, lang: tmp_path / "docs" / lang / f"{src.stem}.ipynb")
    runs = []

    def execute(src, lang, cached: Path):
        if lang == "en" and "interrupted" not in runs:
            runs.append("interrupted")
            raise Interrupted
        runs.append(lang)
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(f'{{"lang": "{lang}"}}\n')
    monkeypatch.setattr(notebooks, "_execute", execute)
    with pytest.raises(Interrupted):
        notebooks.build(jobs=1)
    notebooks.build(jobs=1)
    assert runs[-1] == "en"                   # the interrupted one ran again
    assert (tmp_path / "docs" / "en" / f"{source.stem}.ipynb").read_text() == \
        '{"lang": "en"}\n'
