"""The bank of problems on the teachers' side: its page of the site and its part of the
teachers' book.

The page (``docs/*/bank.md``, the marker ``<!-- bank -->``) gives, chapter by chapter,
which problems fit a homework, a tutorial or an exam, and each problem's statement for
its sample variant (``bank.SAMPLE_SEED``), never a solution: students can read the site.
The teachers' book adds each sample variant's solution and marking scheme
(:func:`book_html`). The sample variants' drawings are figures of the catalogue
(:mod:`coursebuild.course.pages.bank`), made again when the bank's code changes.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

from coursebuild.course.bank_samples import (
    USES,
    WORDS,
    bank,
    bank_digest,
    figure_id,
    sample,
    with_figures,
)
from coursebuild.paths import ROOT
from coursebuild.typeset import editions

MARKER = re.compile(r"^<!-- bank -->[ \t]*$", re.M)


def _ordered(lang: str) -> list:
    """The problems in the course's order (their chapter's, then the bank's)."""
    return editions.in_course_order(bank().problems().values(), lang)


def table(lang: str, links: bool = True) -> str:
    """Which problem fits what, chapter by chapter (Markdown): on the site, a column a use
    and links to the chapters and the problems; in the book (``links=False``), the names
    alone and the uses after the problem's, to fit the page."""
    words = WORDS[lang]
    chapters = editions.chapter_headings(lang)
    if links:
        head = [words["chapter"], words["problem"], *(words[u] for u in USES),
                words["minutes"], words["points"]]
        lines = ["| " + " | ".join(head) + " |", "|---|---|" + ":---:|" * 3 + "---:|---:|"]
    else:
        head = [words["chapter"], f"{words['problem']} ({words['fits']})", words["minutes"],
                words["points"], words["spreadhead"]]
        lines = ["| " + " | ".join(head) + " |", "|---|---|---:|---:|---:|"]
        measured = spreads()
    shown = None
    for p in _ordered(lang):
        number, title = chapters.get(p.chapter, (0, p.chapter))
        named = f"[{title}]({p.chapter}.md)" if links else title
        chapter = f"{number}. {named}" if number else p.chapter
        chapter, shown = ("" if chapter == shown else chapter), chapter   # once a chapter
        if links:
            problem = f"[{p.title[lang]}](#bank-{p.id})"
            uses = " | ".join(words["yes"] if u in p.uses else "" for u in USES)
        else:
            fits = ", ".join(words["uses"][u] for u in USES if u in p.uses)
            problem, uses = f"{p.title[lang]} ({fits})", ""
        cells = [chapter, problem, *([uses] if links else []), f"{p.minutes} {words['min']}",
                 str(p.points)]
        if not links:
            cells.append(_spread_cell(measured[p.id], lang))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


SPREAD_SEEDS = 200
"""The seeds over which the teachers' book measures each problem's spread. Not fewer: the
column prints the number of distinct answer sets over these seeds, which grows with them
for 22 of the 24 problems up to the last one (measured once on 2026-12-02, each row
against its row over 200 seeds: over 30, 60, ..., 180 or 190 seeds none was the same, over
199 two were); and the largest share in a class moves for 4 of them below 90 to 150
seeds."""
SPREADS = ROOT / "build" / "bank-spread.json"
"""The measured spreads, kept with the digest of the bank's code (measuring makes every
problem's 200 variants: done once per change of the bank)."""


def spreads(jobs: int | None = None) -> dict[str, dict]:
    """Each problem's :func:`coursebuild.course.bank.spread` over :data:`SPREAD_SEEDS` seeds, as
    a dictionary, from :data:`SPREADS` when the bank's code is the same; else measured on
    ``jobs`` processes (all the cores by default), the problems shared among them (the
    same file whatever their number), by one caller at a time: the two teachers' books
    typeset together, and the second waits for the first's measure and reads it."""
    import json
    import os
    import sys
    import time

    from arena._files import write_atomic
    from coursebuild.sources.forked import map_forked

    ids = list(bank().problems())
    digest = bank_digest() + " " + " ".join(ids)      # a stand-in bank: other problems
    kept = _kept_spreads(digest)
    if kept is not None:
        return kept
    with _locked(SPREADS.with_name(SPREADS.name + ".lock"),
                 "bank: waiting for the spreads being measured"):
        kept = _kept_spreads(digest)        # measured by the caller this one waited for
        if kept is not None:
            return kept
        t0 = time.perf_counter()
        workers = max(1, min(len(ids), jobs or os.cpu_count() or 1))
        print(f"bank: measuring each problem's spread over {SPREAD_SEEDS} seeds "
              f"({len(ids)} problems, {workers} process{'es' if workers > 1 else ''})",
              file=sys.stderr, flush=True)
        # a problem to a process (the tables its variants draw from, made once in a
        # process, are made once), one at a time: one takes 1.8 s, another 70 s (load 12)
        measured = dict(zip(ids, map_forked(_spread_of, ids, workers, chunksize=1),
                            strict=True))
        write_atomic(SPREADS, json.dumps({"digest": digest, "seeds": SPREAD_SEEDS,
                                          "spreads": measured}, indent=1, sort_keys=True))
        print(f"bank: spreads measured in {time.perf_counter() - t0:.1f} s -> "
              f"{SPREADS.name}", file=sys.stderr, flush=True)
    return measured


def start_measuring():
    """Start measuring the spreads (:func:`spreads`) in a process of its own, at a lower
    priority, behind a build's other steps, so that the teachers' books find them made
    (issue 65: each waited 16 s for them); ``None`` when they are kept or there is no
    bank. The books' :func:`spreads` waits for it on the lock, then reads its file; the
    caller waits for the process (:func:`finish_measuring`)."""
    import os
    import subprocess
    import sys

    if bank() is None or not bank().problems():
        return None
    if _kept_spreads(bank_digest() + " " + " ".join(bank().problems())) is not None:
        return None
    return subprocess.Popen(
        # SIGINT stops it (finish_measuring), even started from a shell that ignores it
        [sys.executable, "-c", "import signal; signal.signal(signal.SIGINT, "
         "signal.default_int_handler); from coursebuild.products import bank_pages; "
         "bank_pages.measure_spreads()"], cwd=ROOT, preexec_fn=lambda: os.nice(5))


def finish_measuring(proc, stop: bool = False) -> None:
    """Wait for :func:`start_measuring`'s process (``stop``: interrupt it first, its
    processes stopped as on Ctrl-C, no file written)."""
    import signal

    if proc is None:
        return
    if stop and proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    if proc.wait() and not stop:
        raise SystemExit("bank: measuring the spreads failed (its error is above)")


def measure_spreads() -> None:
    """Measure the spreads the teachers' books print (:func:`spreads`) unless they are
    kept, before the books are typeset on threads: the measuring processes fork from
    one thread, and both languages' books then read the same file."""
    if bank() is not None and bank().problems():
        spreads()


def _spread_of(problem_id: str) -> dict:
    """One problem's spread over :data:`SPREAD_SEEDS` seeds (in a forked process)."""
    from dataclasses import asdict

    return asdict(bank().spread(problem_id, SPREAD_SEEDS))


def _kept_spreads(digest: str) -> dict[str, dict] | None:
    """The spreads :data:`SPREADS` keeps, if measured from ``digest`` over as many seeds."""
    import json

    try:
        kept = json.loads(SPREADS.read_text(encoding="utf-8"))
        if kept["digest"] == digest and kept["seeds"] == SPREAD_SEEDS:
            return kept["spreads"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


@contextlib.contextmanager
def _locked(path: Path, waiting: str = "") -> Iterator[None]:
    """Hold the lock file ``path`` (``flock``: another process's or thread's hold of it
    makes this one wait, saying ``waiting``), released on leaving, even on an error."""
    import fcntl
    import sys

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting:
                print(waiting, file=sys.stderr, flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _spread_cell(s: dict, lang: str) -> str:
    """``198 ; 7 %`` (``198; 7%``): distinct answer sets, largest share of one numeric
    answer in a class (a dash for a problem whose answers hold no number)."""
    share = "—" if s["share"] is None else (
        f"{round(100 * s['share'])}\u202f%" if lang == "fr" else f"{round(100 * s['share'])}%")
    return f"{s['distinct']}\u202f; {share}" if lang == "fr" else f"{s['distinct']}; {share}"


def _meta(p, lang: str) -> str:
    words = WORDS[lang]
    uses = ", ".join(words["uses"][u] for u in USES if u in p.uses)
    return (f"*{words['id']} `{p.id}` ; {words['fits']} : {uses} ; {p.minutes} {words['min']} ; "
            f"{p.points} {words['points'].lower()}*" if lang == "fr" else
            f"*{words['id']} `{p.id}`; {words['fits']}: {uses}; {p.minutes} {words['min']}; "
            f"{p.points} {words['points'].lower()}*")


def page_markdown(lang: str) -> str:
    """What ``<!-- bank -->`` stands for on the site: the table, then each problem's
    sample statement (no solution)."""
    if bank() is None or not bank().problems():
        return WORDS[lang]["none"] + "\n"
    out = [table(lang)]
    for p in _ordered(lang):
        v = sample(p.id)
        out.append(f"## {p.title[lang]} {{: #bank-{p.id} }}\n\n{_meta(p, lang)}\n\n"
                   + with_figures(v.statement[lang], p.id))
    return "\n".join(out)


def expand(markdown: str, lang: str) -> str:
    return MARKER.sub(lambda m: page_markdown(lang).rstrip("\n"), markdown)


def book_html(lang: str) -> str:
    """The teachers' book's chapter on the bank: the table, and for each problem the
    statement, the worked solution and the marking scheme of its sample variant (HTML as
    the site's, for the book's converter); "" without a bank."""
    from coursebuild.typeset.texts import manifest, markdown_html

    if bank() is None or not bank().problems():
        return ""
    figures = manifest()          # the samples' drawings: their captions are the bank's
    for p in bank().problems().values():
        for name, drawing in sample(p.id).figures.items():
            figures[figure_id(p.id, name)] = {"caption": drawing.caption}
    words = WORDS[lang]
    title = "Banque de problèmes" if lang == "fr" else "Problem bank"
    intro = {"fr": "Chaque problème est une famille de variantes : `make sheets` en donne une "
                   "à chaque élève, avec son corrigé et son barème. Voici, pour chacun, la "
                   "variante d'exemple que montre le site (sans corrigé), avec son corrigé et "
                   "son barème.",
             "en": "Each problem is a family of variants: `make sheets` gives one to each "
                   "student, with its solution and marking scheme. Here is, for each, the "
                   "sample variant the site shows (without its solution), with its solution "
                   "and marking scheme."}[lang]
    intro += " " + words["spread"].format(n=SPREAD_SEEDS, c=bank().CLASS)
    parts = [f"<h1>{title}</h1>", markdown_html(intro + "\n\n" + table(lang, links=False), lang,
                                                       figures)]
    for p in _ordered(lang):
        v = sample(p.id)
        head = (f"## {p.title[lang]} {{: #bank-{p.id} }}\n\n{_meta(p, lang)}\n\n"
                f"**{words['statement']}.**")
        rest = (f"**{words['solution']}.**\n\n" + with_figures(v.solution[lang], p.id)
                + f"\n\n**{words['marking']}.**\n\n" + with_figures(v.marking[lang], p.id))
        # the statement in a block of its own: its figures, cited or not, are set before
        # its solution (issue 61: the board, the graph or the tree after the answers)
        parts.append(markdown_html(head, lang, figures) + '<div class="bank-statement">'
                     + markdown_html(with_figures(v.statement[lang], p.id), lang, figures)
                     + "</div>" + markdown_html(rest, lang, figures))
    return '<article class="md-content__inner">' + "\n".join(parts) + "</article>"


def book_figures() -> set[str]:
    """The figures the teachers' book shows in the bank's solutions and marking schemes
    (the site shows only the statements')."""
    if bank() is None:
        return set()
    out = set()
    for pid in bank().problems():
        v = sample(pid)
        for lang in ("fr", "en"):
            text = with_figures(v.solution[lang] + "\n" + v.marking[lang], pid)
            out |= set(re.findall(r"<!-- figure: ([a-z0-9-]+) -->", text))
    return out


def inputs_digest() -> str:
    """What the bank's pages and book part are made from: the bank's code, this module
    and the one it reads the sample variants from."""
    from coursebuild.course import keys

    return bank_digest() + keys.files_digest([ROOT / "src" / "coursebuild" / name
                                              for name in ("products/bank_pages.py",
                                                           "course/bank_samples.py")])
