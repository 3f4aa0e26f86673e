"""Summary sheets (``make summaries``, issue 63 §2): a page per chapter holding its
definitions and theorems, and its algorithm with its complexity, taken from the chapter's
one source, never retyped.

``python -m coursebuild summaries [--lang fr] [--chapters 3,4]`` writes
``build/summaries/fr/fiche-03.pdf`` (``summary-03.pdf`` in English) for every chapter
whose page (``docs/LANG/PAGE.md``) states a definition or a theorem: its
``!!! definition`` and ``!!! theorem`` boxes in the page's order (their statements: the
proofs are elsewhere), and, where a theorem of a section states a cost (``O(...)``), the
longest pseudo-code of such a section (```` ```text ````), the chapter's algorithm, just
before the theorem that gives its cost. They are set by the converter the books and
sheets use (:mod:`coursebuild.typeset.texts`), in the layout ``handouts/summary-LANG.tex``, one
document per language cut into a PDF per chapter, a sheet longer than a page set again
smaller (:func:`coursebuild.documents.td.fit`).
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coursebuild.paths import ROOT

OUT = ROOT / "build" / "summaries"

WORDS = {"fr": {"file": "fiche"}, "en": {"file": "summary"}}
SIZES = ("", "\\small", "\\footnotesize", "\\scriptsize")
"""The text's size of a sheet, tried in turn until it fits on one page."""

_BOX = re.compile(r'(?m)^!!! (?P<kind>definition|theorem)(?: "[^"]*")?\n(?:(?:    .*)?\n)+')
_CODE = re.compile(r"(?ms)^```text\n.*?^```\n")


@dataclass(frozen=True)
class Part:
    kind: str           # "definition", "theorem" or "algorithm"
    text: str           # its Markdown, as the page writes it


def parts(lang: str, page: str) -> list[Part]:
    """What a chapter's summary holds, from ``docs/LANG/PAGE.md``, in the page's order."""
    text = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
    found: list[tuple[int, Part]] = []
    costly: list[tuple[int, int, str]] = []      # (theorem's place, code's length, code)
    for section in _sections(text):
        start, body = section
        codes = [m for m in _CODE.finditer(body)]
        for m in _BOX.finditer(body):
            found.append((start + m.start(), Part(m["kind"], m[0])))
            if m["kind"] == "theorem" and "O(" in m[0] and codes:
                before = [c for c in codes if c.start() < m.start()] or codes
                code = max(before, key=lambda c: len(c[0].splitlines()))
                costly.append((start + m.start(), len(code[0].splitlines()), code[0]))
    if costly:
        at, _, code = max(costly, key=lambda c: (c[1], -c[0]))
        found.append((at - 1, Part("algorithm", code)))
    return [part for _, part in sorted(found, key=lambda x: x[0])]


def _sections(text: str) -> list[tuple[int, str]]:
    """The page's ``##`` sections (the text before the first one too), with their start."""
    starts = [0, *(m.start() for m in re.finditer(r"(?m)^## ", text))]
    return [(a, text[a:b]) for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def chapters(lang: str = "fr") -> dict[int, str]:
    """The chapters that have a summary (a definition or a theorem), number -> page."""
    from coursebuild.typeset import editions

    out = {}
    for page, (n, _) in editions.chapter_headings(lang).items():
        if any(p.kind != "algorithm" for p in parts(lang, page)):
            out[n] = page
    return out


def file_name(lang: str, n: int) -> str:
    return f"{WORDS[lang]['file']}-{n:02d}"


def _body(convert, lang: str, numbers: Sequence[int], pages: dict[int, str],
          sizes: dict[int, int]) -> str:
    from coursebuild.products.sheets import STUDENT_MARK
    from coursebuild.products.sheets.layout import document
    from coursebuild.typeset import editions
    from coursebuild.typeset.latex import escape

    titles = {n: title for n, title in editions.chapter_headings(lang).values()}
    out = []
    for k, n in enumerate(numbers, 1):
        out.append(f"{STUDENT_MARK}{k}\n\\summarynumber{{{n}}}\\sheetstudent{{"
                   f"{escape(titles[n])}}}{SIZES[sizes[n]]}\n")
        for part in parts(lang, pages[n]):
            out.append(convert.latex(part.text, pages[n], f"summary{n}") + "\n")
    return document(lang, "", "".join(out), name="summary")


def build(langs: Sequence[str], numbers: Sequence[int], out: Path = OUT,
          log=print) -> list[Path]:
    """Write each chapter's summary of each language into ``out/LANG``; return them."""
    from coursebuild.products.sheets import guarded

    return guarded(out, log, lambda work: _build(langs, numbers, out, work, log),
                   "make summaries")


def _build(langs, numbers, out, work, log) -> list[Path]:
    from coursebuild.documents.td import fit
    from coursebuild.products.sheets import publish, split
    from coursebuild.typeset.texts import Converter

    shutil.rmtree(work, ignore_errors=True)
    written: list[Path] = []
    for lang in langs:
        pages = chapters(lang)
        convert = Converter(lang)
        folder = work / lang / "summaries"
        spans = fit(lang, numbers, lambda sizes, c=convert, lang=lang, pages=pages: _body(
            c, lang, numbers, pages, sizes), folder, "summaries", 1, len(SIZES),
            "summaries", log)
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        split(folder / "summaries.pdf", [spans[n] for n in numbers],
              [file_name(lang, n) for n in numbers], ready)
        target = publish(ready, out, lang, work)
        written += sorted(target.glob("*.pdf"))
        for warning in convert.warnings:
            log(f"summaries: {lang}: {warning}")
        log(f"summaries: {lang}: chapters {', '.join(map(str, numbers))} -> {target}")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild summaries",
        description="Write each chapter's summary sheet (its definitions, theorems and "
                    "algorithm, on one page) into build/summaries/LANG/.")
    parser.add_argument("--lang", action="append",
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--chapters", help="chapter numbers, e.g. 3 or 1,3 or 2-4 "
                        "(default: every chapter that has a summary)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/summaries)")
    return parser


def main(argv: list[str] | None = None) -> int:
    from coursebuild.documents.td import TdError, chosen, run

    args = _parser().parse_args(argv)

    def work(langs: list[str], log) -> None:
        known = list(chapters("fr"))
        if known != list(chapters("en")):
            raise TdError("the French and English chapters do not state definitions or "
                          "theorems in the same chapters")
        build(langs, chosen(args.chapters, known, "has no definition or theorem"), args.out,
              log=log)

    return run("summaries", args.lang, "sheets", work)


if __name__ == "__main__":
    raise SystemExit(main())
