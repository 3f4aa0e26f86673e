"""The same sources give the same bytes: pages, figures (see test_figures) and notebooks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def test_a_second_build_of_the_pages_is_byte_identical(site, tmp_path):
    from coursebuild.commands import site as build_site

    outputs = {"fr": tmp_path / "fr", "en": tmp_path / "en"}
    build_site.mkdocs_builds(outputs)
    build_site.assemble(tmp_path / "site", outputs)
    built = _files(tmp_path / "site")
    from coursebuild.documents import book

    books = {("" if lang == "fr" else "en/") + book.book_name(lang, edition)
             for lang in ("fr", "en") for edition in book.EDITIONS}   # typeset from the site
    published = {k: v for k, v in _files(site).items() if k not in books}
    assert sorted(built) == sorted(published)
    different = [name for name in built if built[name] != published[name]]
    assert different == []


def test_a_notebook_executed_again_gives_the_same_file(tmp_path):
    from coursebuild.products import notebooks

    source = ROOT / "docs/notebooks/02-plays.py"
    notebooks._execute(source, "en", tmp_path / "again.ipynb")
    built = notebooks.target(source, "en")
    assert (tmp_path / "again.ipynb").read_bytes() == built.read_bytes()
