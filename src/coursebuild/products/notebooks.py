"""Execute the course's notebooks (jupytext percent-format ``.py``) into ``.ipynb``.

One source per notebook, ``docs/notebooks/NN-name.py``, holds the code once and the prose
in both languages: a markdown cell is tagged ``# %% [markdown] lang="fr"`` or
``lang="en"``, and a code line that must differ (a printed label, a figure's text
alternative) ends with ``# [fr]`` or ``# [en]``. :func:`split` makes one notebook per
language from it; each is executed in a fresh kernel, errors stop the build, and the
result (with its outputs) is written to ``docs/<lang>/notebooks/NN-name.ipynb``, which
mkdocs-jupyter renders and offers for download. An executed notebook is cached in
``build/notebooks`` under a key made of its source, its language, the data files it
names, the library and the versions (:func:`cache_key`), so a warm build reuses it but
any change to ``arena`` executes it again.

Usage: python -m coursebuild notebooks [NAME ...]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild.course import keys
from coursebuild.languages import LANGS
from coursebuild.paths import ROOT
from coursebuild.sources.progress import Progress

CACHE = ROOT / "build" / "notebooks"
SOURCES = ROOT / "docs" / "notebooks"
_LANG_LINE = re.compile(r"^(?P<code>.*?)\s*# \[(?P<lang>fr|en)\]$")


def data_files(source: Path) -> list[Path]:
    """The project files the notebook names (``Path("docs/examples/exercise-6-2.yaml")``):
    they enter its key."""
    named = keys._PATH_LITERAL.findall(source.read_text(encoding="utf-8"))
    return sorted({ROOT / name for name in named})


def cache_key(source: Path, lang: str) -> str:
    """The key of the executed notebook of ``source`` in ``lang``: the source, the language,
    the data files it names, the library (every file of ``src/arena``), this module (it
    splits the languages) and the glossary (the English names), the versions (Python,
    nbclient, jupytext...)."""
    h = hashlib.sha256(source.read_bytes() + b"\0" + lang.encode() + b"\0")
    h.update(keys.library_digest().encode())
    from coursebuild.sources.glossary import GLOSSARY

    h.update(keys.files_digest([Path(__file__), ROOT / GLOSSARY, *data_files(source)]).encode())
    h.update(keys.versions().encode())
    return h.hexdigest()[:16]


def sources() -> list[Path]:
    return sorted(SOURCES.glob("*.py"))


def target(source: Path, lang: str) -> Path:
    """Where the executed notebook of ``source`` in ``lang`` goes (a page of that site)."""
    return ROOT / "docs" / lang / "notebooks" / f"{source.stem}.ipynb"


def _keep_lines(code: str, lang: str) -> str:
    """The lines of a code cell for ``lang``: untagged lines, and lines tagged with
    ``# [lang]`` without their tag."""
    kept = []
    for line in code.split("\n"):
        m = _LANG_LINE.match(line)
        if m is None:
            kept.append(line)
        elif m["lang"] == lang:
            kept.append(m["code"])
    return "\n".join(kept)


_FROM_FILE = re.compile(r'Arena\.from_file\(Path\("(?P<path>docs/examples/[\w.-]+\.ya?ml)"\)\)')


def _triple_quoted(text: str) -> str:
    """``text`` as a Python triple-quoted literal whose value is ``text`` exactly (any
    backslash and quote escaped), readable as the file when it holds neither."""
    return '"""' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""'


INLINED = {"fr": "# le jeu décrit en YAML (ses positions, leurs joueurs, les coups, les "
                  "victoires), écrit ici pour que le carnet s'exécute partout",
           "en": "# the game described in YAML (its positions, their players, the moves, the "
                 "victories), written here so that the notebook runs anywhere"}
"""The comment above a game file written into a cell: it says what the text is, not
where the course keeps it (a student reads about the game, not about the project)."""


def _inline_data(code: str, lang: str) -> str:
    """A downloaded notebook runs anywhere: ``Arena.from_file(Path("docs/examples/X.yaml"))``
    becomes the file's text, written into the cell, read by ``Arena.from_dict``. The
    comments that open the file (notes for teachers, in English) are left out: the cell
    speaks the notebook's language."""
    paths = list(dict.fromkeys(m["path"] for m in _FROM_FILE.finditer(code)))
    if not paths:
        return code
    head = ["import yaml", ""]
    for k, path in enumerate(paths, start=1):
        name = "GAME" if len(paths) == 1 else f"GAME_{k}"
        text = (ROOT / path).read_text(encoding="utf-8")
        lines = text.splitlines(True)
        while lines and lines[0].lstrip().startswith("#"):      # the file's leading notes
            lines.pop(0)
        text = "".join(lines)
        head += [INLINED[lang], f"{name} = {_triple_quoted(text)}", ""]
        code = code.replace(f'Arena.from_file(Path("{path}"))',
                            f"Arena.from_dict(yaml.safe_load({name}))")
    return "\n".join(head) + "\n" + code


INSTALL = {
    "fr": "Pour exécuter ce carnet sur votre ordinateur, la section «\u00a0Télécharger\u00a0» "
          "de sa page donne le carnet, la bibliothèque et la commande qui l'installe.",
    "en": "To run this notebook on your computer, the \"Download\" section of its page gives "
          "the notebook, the library and the command that installs it.",
}
"""What the notebook's second cell says, under its title, as executed here; the site and
the zip give it the command that installs the library from where it is read (the hook
writes :func:`coursebuild.products.release.install_text` there)."""


def split(source: Path, lang: str):
    """The notebook of ``source`` in ``lang``: its markdown cells tagged ``lang`` (an
    untagged markdown cell is an error: every cell of prose is written in both languages)
    and every code cell, with the lines of ``lang`` only.

    >>> nb = split(SOURCES / "02-plays.py", "en")
    >>> nb.cells[0].source.splitlines()[0]
    '# Plays and strategies'
    """
    import jupytext

    nb = jupytext.read(source)
    cells = []
    for k, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            tag = cell.metadata.pop("lang", None)
            if tag not in LANGS:
                raise SystemExit(f"notebooks: {source.relative_to(ROOT)}: markdown cell {k} "
                                 f'has no lang="fr" or lang="en" tag (found {tag!r})')
            if tag == lang:
                cells.append(cell)
        else:
            code = _keep_lines(cell.source, lang)
            if lang != "fr":                # the English edition's names of the course's code
                from coursebuild.sources.glossary import english

                code = english(code)
            cell.source = _inline_data(code, lang)
            cells.append(cell)
    import nbformat

    cells.insert(1, nbformat.v4.new_markdown_cell(INSTALL[lang]))
    nb.cells = cells
    return nb


def _execute(source: Path, lang: str, target: Path) -> None:
    import nbformat
    from jupyter_client import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = split(source, lang)
    for k, cell in enumerate(nb.cells):  # stable ids: the same source gives the same file
        cell["id"] = f"cell-{k}"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    # Local sockets rather than TCP ports: nothing listens on the network.
    sockets = CACHE / "sockets"
    sockets.mkdir(parents=True, exist_ok=True)
    km = KernelManager(kernel_name="python3", transport="ipc",
                       ip=str(sockets / f"{lang}-{source.stem}"))
    client = NotebookClient(nb, km=km, timeout=300, kernel_name="python3", allow_errors=False,
                            record_timing=False, resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    except CellExecutionError as err:
        raise SystemExit(f"notebooks: {source.relative_to(ROOT)} ({lang}) failed:\n{err}"
                         ) from None
    finally:
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    nb.metadata.pop("jupytext", None)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = nbformat.writes(nb)
    write_atomic(target, text if text.endswith("\n") else text + "\n")   # as nbformat.write


def build(names: list[str] | None = None, jobs: int = 2) -> list[Path]:
    """Execute the notebooks that are not cached; copy all to ``docs/<lang>/notebooks``."""
    keys.clear()        # the library and versions are read afresh for this build
    todo, outputs = [], []
    for source in sources():
        if names and source.stem not in names:
            continue
        for lang in LANGS:
            cached = CACHE / lang / f"{source.stem}-{cache_key(source, lang)}.ipynb"
            outputs.append((cached, target(source, lang)))
            if not cached.exists():
                todo.append((source, lang, cached))
    t0 = time.perf_counter()
    if todo:
        print(f"notebooks: executing {len(todo)} of {len(outputs)}", file=sys.stderr, flush=True)

        def run(item):
            source, lang, cached = item
            start = time.perf_counter()
            _execute(source, lang, cached)
            progress.advance(f"{source.relative_to(ROOT)} ({lang}) "
                             f"{time.perf_counter() - start:.1f} s")

        with Progress("notebooks", len(todo)) as progress, ThreadPoolExecutor(jobs) as pool:
            list(pool.map(run, todo))
    changed = []
    for cached, out in outputs:
        data = cached.read_bytes()
        out.parent.mkdir(parents=True, exist_ok=True)    # not in git: no .py beside it
        if write_if_changed(out, data):
            changed.append(out)
        for stale in cached.parent.glob(f"{out.stem}-*.ipynb"):
            if stale != cached:
                stale.unlink()
    print(f"notebooks: {len(outputs)} ready ({len(todo)} executed) in "
          f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook names (default: all)")
    args = parser.parse_args(argv)
    build(args.names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
