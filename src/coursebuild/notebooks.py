"""Execute the course's notebooks (jupytext percent-format ``.py``) into ``.ipynb``.

Sources: ``docs/{fr,en}/notebooks/*.py``. Each is executed in a fresh kernel, errors
stop the build, and the result (with its outputs) is written next to it as ``.ipynb``,
which mkdocs-jupyter renders and offers for download. An executed notebook is cached in
``build/notebooks`` under a key made of its source, the library's code and the Python
version, so a warm build reuses it but any change to ``arena`` executes it again.

Usage: python -m coursebuild notebooks [NAME ...]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild.paths import ROOT

CACHE = ROOT / "build" / "notebooks"
LANGS = ("fr", "en")


def library_hash() -> str:
    """A hash of the library's code and of the example files: notebooks show their
    results (the notebooks read ``docs/examples/``)."""
    h = hashlib.sha256(sys.version.encode())
    files = [*(ROOT / "src" / "arena").rglob("*.py"), *(ROOT / "docs" / "examples").glob("*")]
    for path in sorted(files):
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def sources() -> list[Path]:
    return sorted(p for lang in LANGS for p in (ROOT / "docs" / lang / "notebooks").glob("*.py"))


def _execute(source: Path, target: Path) -> None:
    import jupytext
    import nbformat
    from jupyter_client import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = jupytext.read(source)
    for k, cell in enumerate(nb.cells):  # stable ids: the same source gives the same file
        cell["id"] = f"cell-{k}"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    # Local sockets rather than TCP ports: nothing listens on the network.
    sockets = CACHE / "sockets"
    sockets.mkdir(parents=True, exist_ok=True)
    km = KernelManager(kernel_name="python3", transport="ipc",
                       ip=str(sockets / f"{source.parent.parent.name}-{source.stem}"))
    client = NotebookClient(nb, km=km, timeout=300, kernel_name="python3", allow_errors=False,
                            record_timing=False, resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    except CellExecutionError as err:
        raise SystemExit(f"notebooks: {source.relative_to(ROOT)} failed:\n{err}") from None
    finally:
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    nb.metadata.pop("jupytext", None)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = nbformat.writes(nb)
    write_atomic(target, text if text.endswith("\n") else text + "\n")   # as nbformat.write


def build(names: list[str] | None = None, jobs: int = 2) -> list[Path]:
    """Execute the notebooks that are not cached; copy all to ``docs/<lang>/notebooks``."""
    lib = library_hash()
    todo, outputs = [], []
    for source in sources():
        if names and source.stem not in names:
            continue
        lang = source.parent.parent.name
        key = hashlib.sha256(source.read_bytes() + lib.encode()).hexdigest()[:16]
        cached = CACHE / lang / f"{source.stem}-{key}.ipynb"
        outputs.append((cached, source.with_suffix(".ipynb")))
        if not cached.exists():
            todo.append((source, cached))
    t0 = time.perf_counter()
    if todo:
        print(f"notebooks: executing {len(todo)} of {len(outputs)}", file=sys.stderr, flush=True)

        def run(item):
            source, cached = item
            start = time.perf_counter()
            _execute(source, cached)
            print(f"  {source.relative_to(ROOT)}  {time.perf_counter() - start:5.1f} s",
                  file=sys.stderr, flush=True)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(run, todo))
    changed = []
    for cached, target in outputs:
        data = cached.read_bytes()
        if write_if_changed(target, data):
            changed.append(target)
        for stale in cached.parent.glob(f"{target.stem}-*.ipynb"):
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
