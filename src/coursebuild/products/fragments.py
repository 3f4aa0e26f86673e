"""Markdown fragments of the course: every table and number the chapters show.

Each fragment is a function of a page module (:mod:`coursebuild.course.pages`) registered with
:func:`coursebuild.sources.markdown.fragment`; it computes its facts with the solver and returns
its text in French and English, written to ``docs/generated/{fr,en}/<name>.md``. Chapters
include them with pymdownx.snippets (``--8<-- "fr/<name>.md"``).

A fragment is computed again only when its key changes (:func:`coursebuild.course.keys.key`: its
function and what it uses, the data files those name, the library, the versions); the key
and the digests of what was written are kept in ``docs/generated/.cache/<name>.json``.
Files are rewritten only when their text changes.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from arena._files import write_atomic, write_if_changed
from coursebuild.course import keys
from coursebuild.languages import LANGS
from coursebuild.paths import GENERATED
from coursebuild.sources.progress import Progress


def registry() -> dict[str, Callable[[], dict[str, str]]]:
    """Every fragment of the course, by name (importing the page modules and the teaching
    notes' facts registers them)."""
    from coursebuild.course import (
        pages,
        teaching_facts,  # noqa: F401 - registers the notes' facts
    )
    from coursebuild.sources.markdown import FRAGMENTS

    pages.modules()
    return FRAGMENTS


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _up_to_date(out: Path, name: str, key: str) -> bool:
    try:
        sidecar = json.loads((out / ".cache" / f"{name}.json").read_text(encoding="utf-8"))
        return sidecar["key"] == key and all(
            _digest((out / lang / f"{name}.md").read_text(encoding="utf-8")) == sidecar[lang]
            for lang in LANGS)
    except (OSError, ValueError, KeyError, TypeError):
        return False


def build(out: Path = GENERATED, names: Sequence[str] | None = None, *, force: bool = False,
          stream: TextIO | None = None) -> list[str]:
    """Write the fragments (all, or ``names``) whose key changed; return their names."""
    stream = sys.stderr if stream is None else stream
    t0 = time.perf_counter()
    keys.clear()
    fragments = registry()
    wanted = list(names) if names else list(fragments)
    unknown = [n for n in wanted if n not in fragments]
    if unknown:
        raise KeyError(f"unknown fragment {unknown[0]!r}")
    for folder in (*LANGS, ".cache"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    todo = {}
    for name in wanted:
        key = keys.key(fragments[name], name)
        if force or not _up_to_date(out, name, key):
            todo[name] = key
    with Progress("fragments", len(todo), stream) as progress:
        for name, key in todo.items():
            start = time.perf_counter()
            texts = fragments[name]()
            for lang in LANGS:
                path = out / lang / f"{name}.md"
                write_if_changed(path, texts[lang])
            sidecar = {"key": key, **{lang: _digest(texts[lang]) for lang in LANGS}}
            write_atomic(out / ".cache" / f"{name}.json", json.dumps(sidecar, indent=1))
            progress.advance(f"{name} {time.perf_counter() - start:.1f} s")
    if not names:         # a fragment renamed or removed leaves no file behind
        for path in [*(p for lang in LANGS for p in (out / lang).glob("*.md")),
                     *(out / ".cache").glob("*.json")]:
            if path.stem not in fragments:
                path.unlink()
    elapsed = time.perf_counter() - t0
    if todo:
        stream.write(f"fragments: {len(todo)} of {len(wanted)} computed in {elapsed:.1f} s "
                     f"-> {out}\n")
    else:
        stream.write(f"fragments: all {len(wanted)} up to date ({elapsed:.2f} s)\n")
    return list(todo)
