"""The figure catalogue of the course, and its incremental build (``make figures``).

Each :class:`Figure` has a stable id and a function that draws it from the solver's
results; the page modules (:mod:`coursebuild.course.pages`) list their figures in ``FIGURES``.
:func:`build` writes ``<id>.svg`` and ``<id>.pdf`` into the output folder (``<id>.json``
too for interactive figures and steppers), and ``manifest.json`` with the captions in
French and English (the pages, the handout and the figure list read them there) and the
counts each caption states (:mod:`coursebuild.course.counts`).

A figure is rebuilt only when its key changes (:func:`coursebuild.course.keys.key`: its recipe
and what the recipe uses, the data files it reads, the library, the versions). The key and
the caption are kept in a sidecar file written after the figure, so an interrupted build
redoes that figure. Files are replaced only when their bytes change, so unchanged figures
keep their timestamps. Drawing (solving the examples) happens in this process, once per
example; only the Graphviz layouts run on several processes.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from arena._files import write_if_changed
from coursebuild.course import counts, keys
from coursebuild.course.drawing import Drawing, Figure, layout_job
from coursebuild.course.widgets import figure_data
from coursebuild.paths import FIGURES
from coursebuild.sources.forked import ignore_interrupt, stop
from coursebuild.sources.progress import Progress

__all__ = ["Figure", "Drawing", "catalogue", "build", "figure_ids", "figure_data",
           "figure_key", "DEFAULT_OUT"]

DEFAULT_OUT = FIGURES


def figure_key(figure: Figure) -> str:
    """What ``figure`` depends on, hashed: rebuilt when this changes (its recipe, and the
    functions here that turn its drawing into files)."""
    return keys.key(*figure.recipe(), figure_data, _drawn, layout_job, _render)


def catalogue() -> tuple[Figure, ...]:
    """Every figure of the course, page by page (:mod:`coursebuild.course.pages`)."""
    from coursebuild.course import pages

    figures = tuple(f for module in pages.modules() for f in getattr(module, "FIGURES", ()))
    ids = [f.id for f in figures]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"figure id {twice[0]!r} is defined twice")
    return figures


def figure_ids() -> list[str]:
    """The ids of the catalogue, in order."""
    return [f.id for f in catalogue()]


def _by_id() -> dict[str, Figure]:
    return {f.id: f for f in catalogue()}


def _drawn(figure: Figure) -> tuple[Drawing, bytes | None, dict[str, int]]:
    """Draw ``figure`` (in this process): the drawing, its JSON for the pages if it has
    one, and the counts its caption states (:func:`coursebuild.course.counts.plain`)."""
    with counts.recorded() as stated:
        drawing = figure.draw()
    data = None
    if drawing.trace is not None:
        data = json.dumps({"id": figure.id, **drawing.trace}, ensure_ascii=False,
                          sort_keys=True, separators=(",", ":")).encode("utf-8")
    elif drawing.arena is not None:
        data = json.dumps(figure_data(figure.id, drawing.arena, drawing.name, drawing.board),
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return drawing, data, dict(sorted(stated.items()))


def _render(job: tuple) -> tuple[bytes, bytes, float]:
    """Lay out and render one drawing (run in a worker process)."""
    from arena.render import render

    t0 = time.perf_counter()
    source, title, desc, prog, fixed, titles = job
    svg, pdf = render(source, title=title, desc=desc, prog=prog, fixed=fixed, titles=titles)
    return svg, pdf, time.perf_counter() - t0


def build(out: Path = DEFAULT_OUT, ids: Sequence[str] | None = None, *, jobs: int | None = None,
          force: bool = False, stream: TextIO | None = None) -> list[str]:
    """Build the figures (all, or ``ids``) into ``out``; return the ids rebuilt.

    Up-to-date figures are skipped; the others are drawn here and laid out on ``jobs``
    processes (all cores by default), one progress line each. ``manifest.json`` lists
    every figure.
    """
    stream = sys.stderr if stream is None else stream
    t0 = time.perf_counter()
    keys.clear()    # the sources read serve one build: they may change between builds
    by_id = _by_id()
    wanted = list(ids) if ids else list(by_id)
    unknown = [i for i in wanted if i not in by_id]
    if unknown:
        raise KeyError(f"unknown figure id {unknown[0]!r} (see `python -m coursebuild "
                       "figures --list`)")
    out.mkdir(parents=True, exist_ok=True)
    sidecars = out / ".cache"
    sidecars.mkdir(exist_ok=True)
    figure_keys = {i: figure_key(by_id[i]) for i in wanted}
    todo = [i for i in wanted if force or not _up_to_date(out, sidecars, i, figure_keys[i])]
    if todo:
        workers = min(len(todo), jobs or os.cpu_count() or 1)
        stream.write(f"figures: building {len(todo)} of {len(wanted)} on {workers} "
                     f"process{'es' if workers > 1 else ''}\n")
        stream.flush()
        drawn = {}
        for fid in todo:
            start = time.perf_counter()
            drawing, data, stated = _drawn(by_id[fid])
            drawn[fid] = (drawing, data, stated, time.perf_counter() - start)
        results = _run([layout_job(drawn[fid][0]) for fid in todo], workers)
        with Progress("figures", len(todo), stream) as progress:
            for fid, (svg, pdf, seconds) in zip(todo, results):
                drawing, data, stated, draw_seconds = drawn[fid]
                files = {"svg": svg, "pdf": pdf,
                         **({"json": data} if data is not None else {})}
                for ext, content in files.items():
                    write_if_changed(out / f"{fid}.{ext}", content)
                # what was written, hashed: a deleted, truncated or edited output is rebuilt
                sidecar = {"key": figure_keys[fid], "caption": drawing.caption,
                           "counts": stated,
                           "outputs": {ext: _digest(c) for ext, c in files.items()}}
                write_if_changed(sidecars / f"{fid}.json", json.dumps(
                    sidecar, ensure_ascii=False, indent=1).encode())
                progress.advance(f"{fid} {draw_seconds + seconds:.2f} s")
    _write_manifest(out, sidecars, list(by_id))
    _remove_stale(out, sidecars, set(by_id))
    elapsed = time.perf_counter() - t0
    if todo:
        stream.write(f"figures: {len(todo)} built, {len(wanted) - len(todo)} up to date, "
                     f"in {elapsed:.1f} s -> {out}\n")
    else:
        stream.write(f"figures: all {len(wanted)} up to date ({elapsed:.2f} s)\n")
    return todo


def _run(jobs: list[tuple], workers: int):
    """The layouts of ``jobs``, in their order, on ``workers`` forked processes. The
    processes ignore Ctrl-C: this one, interrupted or failing, kills them at once
    (:func:`coursebuild.sources.forked.stop`), so that nothing is left running and the
    interruption is said once, by the command."""
    if workers <= 1:
        yield from map(_render, jobs)
        return
    import multiprocessing

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=ignore_interrupt)
    try:
        yield from pool.map(_render, jobs)
    except BaseException:
        stop(pool)
        raise
    finally:
        pool.shutdown()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_sidecar(sidecars: Path, fid: str) -> dict[str, Any] | None:
    """The sidecar of ``fid``, or None when it is missing or not what the build wrote
    (any such cache entry is simply rebuilt)."""
    try:
        data = json.loads((sidecars / f"{fid}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("key"), str)
            and isinstance(data.get("caption"), dict)
            and all(isinstance(data["caption"].get(lang), str) for lang in ("fr", "en"))
            and isinstance(data.get("counts", {}), dict)
            and isinstance(data.get("outputs"), dict)
            and {"svg", "pdf"} <= set(data["outputs"])):
        return None
    return data


def _up_to_date(out: Path, sidecars: Path, fid: str, key: str) -> bool:
    """The figure's inputs have not changed and its outputs are the bytes written."""
    sidecar = _read_sidecar(sidecars, fid)
    if sidecar is None or sidecar["key"] != key:
        return False
    for ext, digest in sidecar["outputs"].items():
        try:
            if _digest((out / f"{fid}.{ext}").read_bytes()) != digest:
                return False
        except OSError:
            return False
    return True


def _remove_stale(out: Path, sidecars: Path, ids: set[str]) -> None:
    """The outputs and sidecars of a figure no page module lists any more (renamed or
    removed): deleted, so that nothing stale is served or printed."""
    for folder, extensions in ((out, (".svg", ".pdf", ".json")), (sidecars, (".json",))):
        for path in folder.glob("*"):
            if path.suffix in extensions and path.name != "manifest.json" \
                    and path.stem not in ids:
                path.unlink()


def _write_manifest(out: Path, sidecars: Path, ids: list[str]) -> None:
    entries = []
    for fid in ids:
        sidecar = _read_sidecar(sidecars, fid)
        if sidecar is not None:
            caption = sidecar["caption"]
            entries.append({"id": fid, "svg": f"{fid}.svg", "pdf": f"{fid}.pdf",
                            "caption": caption, "counts": sidecar.get("counts", {})})
    text = json.dumps(entries, ensure_ascii=False, indent=2) + "\n"
    write_if_changed(out / "manifest.json", text.encode("utf-8"))
