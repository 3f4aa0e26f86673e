"""The course as Beamer decks, one per chapter and language (``make slides``), typeset by
LaTeX from the built site, as the books are.

A deck is made of its chapter's page (:mod:`coursebuild.documents.slides.deck`): its definitions
and theorems as blocks under their section's title (the text the book prints), its
figures that stay readable when projected, the attractor's steps as overlays on one
figure drawn from the solver's layers, the counter algorithm run line by line on the
chapter's pseudocode (:mod:`coursebuild.documents.slides.counter`), and so is the strategy; a play
against the strategy, move by move, the rank going down (:mod:`coursebuild.documents.slides.play`).
Each deck has a notes version
(``-notes.pdf``, Beamer's ``show notes``): its slides, then a page of speaker notes for
each of the chapter's teaching notes (the misconceptions to watch, the questions to ask
with their answers), from the teachers' guide. One LaTeX run makes both: the slides are
the notes version's pages before its notes.

Readable from the back of a room: nothing smaller than 14 pt on a slide of PowerPoint's
size (13.33 in wide at 16:9), that is nothing under 14 x 160 mm / 338.7 mm = 6.6 pt on
Beamer's 160 mm page (7.1 pt at 4:3: 14 x 128 mm / 254 mm; the body is 11 pt, the
smallest words, the frame numbers and figures' labels, 9 pt, a listing run line by line
8 pt). A figure whose labels would be smaller is shown in parts, one after the other on
its frame (:mod:`coursebuild.documents.slides.tiles`); one that would need more parts than a frame
shows is left out of its deck (``report.json`` lists them, each with why).

Decks go to ``build/slides/LANG/NN-PAGE.pdf`` (and ``NN-PAGE-notes.pdf``), 16:9 or
``--ratio 43``; their ``.tex`` are kept in ``build/slides/tex/LANG/``. A deck is typeset
again only when its source changed (its ``.tex`` holds everything it is made of, and
the figures it includes are hashed with it); the same inputs give the same bytes
(``SOURCE_DATE_EPOCH``, no trailer id nor file path in the PDF).

Usage: python -m coursebuild slides [--site site] [--out build/slides] [--lang fr|en]
[--ratio 169|43] [--force]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild.paths import ROOT
from coursebuild.typeset.editions import deck_file

HERE = Path(__file__).resolve().parent
RATIOS = ("169", "43")


def deck_sources(lang: str, site: Path, ratio: str = "169") -> list[tuple[str, str, dict]]:
    """Each chapter's deck as LaTeX (its notes version: the slides, then the notes):
    (file stem, LaTeX, its report)."""
    from coursebuild.documents.book import book_date, course_authors, figure_data
    from coursebuild.documents.slides.deck import chapter_deck, teaching_notes
    from coursebuild.typeset.editions import _config, chapters, figure_metrics
    from coursebuild.typeset.latex import Context, escape, macro_definitions, unicode_declarations

    root = site / ("" if lang == "fr" else "en")
    teachers = (root / "teachers" / "index.html").read_text("utf-8")
    figures = figure_metrics(site)
    data = figure_data(site)
    preamble = (HERE / "preamble.tex").read_text("utf-8")
    course = _config(lang)["site_name"]
    out = []
    for number, page, _ in chapters(lang):
        html = (root / page / "index.html").read_text("utf-8")
        ctx = Context(lang=lang, figures=figures, data=data, floats=False, code_margin=False,
                      page_path=f"{page}/", online_box=False)
        try:
            deck = chapter_deck(html, ctx, lang, number, page, ratio, site / "figures")
            deck.notes = teaching_notes(teachers, page, ctx)
        except ValueError as exc:
            raise SystemExit(f"slides: {lang}: page {page}: {exc}") from exc
        body = ["\\begin{frame}[plain]\n\\titlepage\n\\end{frame}\n"]
        body += [f.tex for f in deck.frames]
        body += deck.notes
        settings = "\n".join([
            f"\\newcommand{{\\slidelanguage}}{{{'french' if lang == 'fr' else 'english'}}}",
            f"\\newcommand{{\\slidetitle}}{{{number}. {escape(deck.title)}}}",
            f"\\newcommand{{\\slidesubtitle}}{{{escape(course)}}}",
            f"\\newcommand{{\\slidedate}}{{{escape(book_date(lang))}}}",
            f"\\newcommand{{\\slideauthors}}{{{escape(course_authors(lang))}}}",
            f"\\newcommand{{\\slidepdftitle}}{{{escape(course)} -- {number}. "
            f"{escape(deck.title)}}}",
        ])
        common = (preamble.replace("%%RATIO%%", ratio)
                  .replace("%%SETTINGS%%", settings)
                  .replace("%%UNICODE%%", unicode_declarations())
                  .replace("%%CONVERTER%%", macro_definitions().rstrip("\n"))
                  .replace("%%GRAPHICS%%", (site / "figures").as_posix() + "/")
                  .replace("%%BODY%%", "".join(body)))
        # one LaTeX run gives both: the notes version, whose last pages are the notes
        # (the slides are the others); without its \setbeameroption line, the .tex
        # gives the slides alone
        tex = common.replace("%%NOTES%%", "").replace(
            "\\begin{document}", "\\setbeameroption{show notes}\n\\begin{document}")
        stem = deck_file(number, page).removesuffix(".pdf")
        report = {"deck": stem, "lang": lang, "ratio": ratio,
                  "frames": [{"kind": f.kind, "title": f.title, "overlays": f.overlays}
                             for f in deck.frames],
                  "notes": len(deck.notes), "left_out": deck.left_out,
                  "left_out_why": deck.left_out_why,
                  "attractor_levels": deck.levels}
        out.append((stem, tex, report))
    return out


def _latex_env() -> dict[str, str]:
    from coursebuild.documents.book import _latex_env

    return _latex_env(ROOT)


def typeset(tex: str, folder: Path, name: str) -> bytes:
    """latexmk (pdfLaTeX, until the frame numbers settle) on ``tex`` in ``folder``; the
    PDF's bytes. The log is kept beside it (the tests read its overfull boxes)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_if_changed(folder / f"{name}.tex", tex)
    done = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           "-silent", f"{name}.tex"], cwd=folder, env=_latex_env(),
                          capture_output=True, text=True, errors="replace")
    if done.returncode != 0:
        log = (folder / f"{name}.log").read_text("utf-8", errors="replace") \
            if (folder / f"{name}.log").exists() else done.stdout
        errors = [ln for ln in log.splitlines() if ln.startswith("!")]
        context = log[log.find(errors[0]):][:800] if errors else done.stdout[-1500:]
        raise SystemExit(f"slides: {name}: LaTeX failed:\n{context}")
    return (folder / f"{name}.pdf").read_bytes()


def overflows(log: str) -> list[str]:
    """What LaTeX set past a frame's edges: the log's overfull boxes (a frame taller than
    the slide, a line wider than the frame) by more than 1 pt."""
    return [m[0] for m in re.finditer(
        r"Overfull \\[hv]box \((\d+\.\d+)pt too (?:wide|high)\)[^\n]*", log)
        if float(m[1]) > 1.0]


def _key(tex: str, site: Path) -> str:
    digest = hashlib.sha256(tex.encode())
    for fid in sorted(set(re.findall(r"\\includegraphics\[[^]]*\]\{([^}]+)\}", tex))):
        digest.update((site / "figures" / fid).read_bytes())
    return digest.hexdigest()


def split(pdf: bytes, notes: int) -> bytes:
    """The slides alone: the notes version without its last ``notes`` pages (the notes
    follow the last frame), written with the same bytes every time (no file id)."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for _ in range(notes):
            del doc.pages[-1]
        out = io.BytesIO()
        doc.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()


def build_deck(stem: str, tex: str, notes: int, lang: str, site: Path, out: Path,
               force: bool) -> list[Path]:
    """Typeset one deck's notes version when its source changed (one LaTeX run for
    both), and the slides from it."""
    folder = out / "tex" / lang
    targets = [out / lang / f"{stem}.pdf", out / lang / f"{stem}-notes.pdf"]
    key = _key(tex, site)
    stamp = folder / f"{stem}.inputs"
    if not force and all(t.exists() for t in targets) and stamp.exists() and \
            stamp.read_text() == key:
        return targets
    stamp.unlink(missing_ok=True)
    t0 = time.perf_counter()
    pdf = typeset(tex, folder, stem)
    targets[0].parent.mkdir(parents=True, exist_ok=True)
    write_atomic(targets[1], pdf)
    write_atomic(targets[0], split(pdf, notes))
    write_atomic(stamp, key)
    print(f"slides: {lang}/{stem}.pdf and -notes.pdf in {time.perf_counter() - t0:.1f} s",
          file=sys.stderr, flush=True)
    return targets


def build(site: Path = ROOT / "site", out: Path = ROOT / "build" / "slides",
          langs: tuple[str, ...] = ("fr", "en"), ratio: str = "169",
          force: bool = False) -> list[Path]:
    """Every chapter's deck and notes version in each language; their paths."""
    if not (site / "index.html").exists():
        raise SystemExit(f"slides: no site in {site} (make site builds it)")
    if shutil.which("latexmk") is None:
        raise SystemExit("slides: latexmk is missing (make slides installs TeX Live)")
    if ratio not in RATIOS:
        raise SystemExit(f"slides: RATIO must be 169 (16:9) or 43 (4:3), not {ratio}")
    if ratio != "169":
        out = out / f"ratio-{ratio}"
    jobs = []
    reports = {}
    for lang in langs:
        for stem, tex, report in deck_sources(lang, site, ratio):
            jobs.append((stem, tex, report["notes"], lang))
            reports.setdefault(lang, []).append(report)
    paths = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        futures = [pool.submit(build_deck, stem, tex, notes, lang, site, out, force)
                   for stem, tex, notes, lang in jobs]
        for future in futures:
            paths += future.result()
    for lang, items in reports.items():
        for item in items:
            log = (out / "tex" / lang / f"{item['deck']}.log").read_text(
                "utf-8", errors="replace")
            item["overflows"] = overflows(log)
        write_if_changed(out / lang / "report.json",
                         json.dumps(items, indent=1, ensure_ascii=False) + "\n")
    print(f"slides: {len(paths)} decks in {out}", file=sys.stderr)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coursebuild slides",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides")
    parser.add_argument("--lang", choices=("fr", "en"), action="append")
    parser.add_argument("--ratio", default="169", choices=RATIOS,
                        help="169 (16:9, the default) or 43 (4:3)")
    parser.add_argument("--force", action="store_true", help="typeset even if up to date")
    args = parser.parse_args(argv)
    build(args.site, args.out, tuple(args.lang or ("fr", "en")), args.ratio, args.force)
    return 0
