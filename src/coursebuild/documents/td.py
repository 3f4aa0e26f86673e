"""Tutorial (TD) sheets (``make td``, issue 63 §2): each chapter's exercises on a sheet of
one or two pages, and their answers on a separate sheet.

``python -m coursebuild td [--lang fr] [--chapters 3,4]`` writes ``build/td/fr/``:
``td-03.pdf`` (chapter 3's exercises, in the chapter's order and numbering) and
``td-03-corrige.pdf`` (their solutions), for every chapter that has exercises
(``tutorial-03.pdf`` and ``tutorial-03-answers.pdf`` in English). The exercises are the
course's, each written once (``docs/exercises``): their LaTeX is
:func:`coursebuild.documents.handout.exercise_files`', the handouts' and the books' converter with
the site's figures. The layout is ``handouts/td-LANG.tex``. Every sheet of a language is
set in one LaTeX document and cut into one PDF per chapter, as the exam papers are
(:mod:`coursebuild.products.sheets`), whose one build at a time and whole folder replaced at once
it shares. A sheet of more than two pages is set again smaller (9 pt, then 8 pt); the answers
take the pages they need.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT
from coursebuild.sources.options import OptionError

OUT = ROOT / "build" / "td"
PAGES = 2
"""At most this many pages a sheet of exercises (its answers take what they take: a
chapter's worked solutions, with their figures and tables, may run to five)."""
WORDS = {"fr": {"file": "td", "answers": "corrige"},
         "en": {"file": "tutorial", "answers": "answers"}}
SIZES = ("", "\\small", "\\footnotesize")
"""The text's size of a sheet, tried in turn until it fits in :data:`PAGES` pages."""


class TdError(OptionError):
    """Bad arguments (said in one line, exit status 2)."""


def chapters_with_exercises() -> dict[int, list]:
    """The course's exercises by chapter number, in their order."""
    from coursebuild.sources.exercise_source import exercises

    out: dict[int, list] = {}
    for e in exercises().values():
        out.setdefault(int(e.number.split(".")[0]), []).append(e)
    return {n: sorted(es, key=lambda e: int(e.number.split(".")[1]))
            for n, es in sorted(out.items())}


def chosen(text: str | None, known: Sequence[int], missing: str = "has no exercises",
           option: str = "--chapters (CHAPTERS)", item: str = "chapter") -> list[int]:
    """The chapters (or, with ``option`` and ``item``, the notebooks) ``text`` names,
    ``1,3`` or ``2-4``; every one of ``known`` when not given."""
    if text is None:
        return list(known)
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        ends = part.split("-")
        if not all(x.strip().isdigit() for x in ends) or len(ends) > 2:
            raise TdError(f"{option} {text!r}: {item} numbers, e.g. 3 or 1,3 or 2-4")
        first, last = int(ends[0]), int(ends[-1])
        for n in range(first, last + 1):
            if n not in known:
                raise TdError(f"{option}: {item} {n} {missing} (the {item}s: "
                              f"{', '.join(map(str, known))})")
            if n not in out:
                out.append(n)
    if not out:
        raise TdError(f"{option} {text!r} names no {item}")
    return sorted(out)


def run(command: str, langs: list[str] | None, kept: str,
        work: Callable[[list[str], Callable[[str], None]], None]) -> int:
    """What ``make td``, ``make summaries`` and ``make labs`` share once their arguments
    are read: the languages checked (both when none is given), pdflatex found, then
    ``work(languages, log)``; a bad argument is one line and exit status 2, an
    interruption 130 with the previous ``kept`` (sheets, briefs) left as they were."""
    from coursebuild.products.sheets import Interrupted

    try:
        languages = list(dict.fromkeys(langs or LANGS))
        for lang in languages:
            if lang not in LANGS:
                raise TdError(f"--lang (LANG) {lang!r}: fr or en")
        if shutil.which("pdflatex") is None:
            raise TdError(f"pdflatex is missing: make {command} installs TeX Live")
        work(languages, lambda line: print(line, file=sys.stderr, flush=True))
    except OptionError as exc:
        print(f"coursebuild: {command}: {exc}", file=sys.stderr)
        return 2
    except (Interrupted, KeyboardInterrupt) as exc:
        print(f"coursebuild: {command}: interrupted ({str(exc) or 'SIGINT'}): the previous "
              f"{kept} are left as they were", file=sys.stderr)
        return 130
    return 0


def file_names(lang: str, n: int) -> tuple[str, str]:
    """A chapter's sheet and its answers, without ``.pdf``."""
    word = WORDS[lang]
    return f"{word['file']}-{n:02d}", f"{word['file']}-{n:02d}-{word['answers']}"


def _body(lang: str, numbers: Sequence[int], files: dict[str, str], exercises: dict,
          part: str, sizes: dict[int, int]) -> str:
    from coursebuild.products.sheets import STUDENT_MARK
    from coursebuild.products.sheets.layout import document
    from coursebuild.typeset import editions
    from coursebuild.typeset.latex import escape

    headings = editions.chapter_headings(lang)
    titles = {n: title for n, title in headings.values()}
    out = ["\\tdanswerstrue\n" if part == "solution" else ""]
    for k, n in enumerate(numbers, 1):
        texts = [files[f"{part}-{e.number}.tex"] for e in exercises[n]]
        # the legend of the figures (circles, squares) only on a sheet that has one
        shown = any("\\includegraphics" in t for t in texts)
        out.append(f"{STUDENT_MARK}{k}\n\\csname tdfigures{'true' if shown else 'false'}"
                   "\\endcsname"
                   f"\\tdnumber{{{n}}}\\sheetstudent{{{escape(titles[n])}}}"
                   f"{SIZES[sizes[n]]}\n")
        out += [t + "\n" for t in texts]
    return document(lang, "", "".join(out), name="td")


def build(langs: Sequence[str], numbers: Sequence[int], out: Path = OUT,
          log=print) -> list[Path]:
    """Write each chapter's sheet and answers of each language into ``out/LANG``;
    return them."""
    from coursebuild.products.sheets import guarded

    return guarded(out, log, lambda work: _build(langs, numbers, out, work, log),
                   "make td")


def _build(langs, numbers, out, work, log) -> list[Path]:
    from coursebuild.documents.handout import exercise_files, figures_named, included
    from coursebuild.products import fragments
    from coursebuild.products.sheets import publish, split

    names = included()
    if names:
        fragments.build(names=names)
    exercises = chapters_with_exercises()
    shutil.rmtree(work, ignore_errors=True)
    figures = work / "figures"
    figures.mkdir(parents=True)
    pdfs = {p.stem: p for p in (ROOT / "docs" / "figures").glob("*.pdf")}
    written: list[Path] = []
    for lang in langs:
        files = exercise_files(lang)
        for fid in sorted(figures_named(list(files.values()), set(pdfs))):
            shutil.copyfile(pdfs[fid], figures / f"{fid}.pdf")
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        for part in ("exercise", "solution"):
            spans = fit(lang, numbers, lambda sizes, lang=lang, files=files, part=part: _body(
                lang, numbers, files, exercises, part, sizes), work / lang / part, part,
                PAGES if part == "exercise" else None, len(SIZES), "td", log)
            split(work / lang / part / f"{part}.pdf", [spans[n] for n in numbers],
                  [file_names(lang, n)[part == "solution"] for n in numbers], ready)
        target = publish(ready, out, lang, work)
        written += sorted(target.glob("*.pdf"))
        log(f"td: {lang}: the sheets and answers of chapters "
            f"{', '.join(map(str, numbers))} -> {target}")
    return written


def fit(lang: str, numbers: Sequence[int], body, folder: Path, name: str,
        pages: int | None, steps: int, command: str, log=print) -> dict[int, range]:
    """One document of a sheet per chapter of ``numbers`` (``body(sizes)``: its body,
    each chapter at its step of size, from 0) typeset into ``folder/name.pdf``, a sheet of
    more than ``pages`` pages set again one step smaller, down to ``steps - 1`` (a warning
    names one still longer); each chapter's pages in it. The layout is
    ``handouts/NAME-LANG.tex`` for the name the body's document gives."""
    import pikepdf

    from coursebuild.products.sheets import _pages
    from coursebuild.products.sheets.layout import compile_pdf

    sizes = dict.fromkeys(numbers, 0)
    while True:
        compile_pdf(body(sizes), folder, name)
        with pikepdf.open(folder / f"{name}.pdf") as whole:
            total = len(whole.pages)
        spans = dict(zip(numbers, _pages(folder / f"{name}.pages", total), strict=True))
        over = [n for n in numbers if pages and len(spans[n]) > pages
                and sizes[n] < steps - 1]
        if not over:
            break
        for n in over:
            sizes[n] += 1
    for n in numbers:
        if pages and len(spans[n]) > pages:
            log(f"{command}: warning: {lang}: chapter {n}'s sheet takes {len(spans[n])} "
                "pages")
    return spans


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild td",
        description="Write each chapter's tutorial sheet (its exercises) and its answers "
                    "into build/td/LANG/.")
    parser.add_argument("--lang", action="append",
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--chapters", help="chapter numbers, e.g. 3 or 1,3 or 2-4 "
                        "(default: every chapter with exercises)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/td)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return run("td", args.lang, "sheets", lambda langs, log: build(
        langs, chosen(args.chapters, list(chapters_with_exercises())), args.out, log=log))


if __name__ == "__main__":
    raise SystemExit(main())
