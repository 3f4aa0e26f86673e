"""Exam and homework sheets from the bank of problems (``make sheets``): one PDF per
student, each with its own variant of each problem, and the key.

``python -m coursebuild sheets --students 30 --seed 2026 --lang fr [--problems a,b,c]
[--roster names.csv]`` writes ``build/sheets/fr/``: ``eleve-01.pdf`` ... (``student-01.pdf``
in English; with a roster, ``01-dupont-marie.pdf`` ...) and ``key.pdf``, every student's
solutions and marking schemes. The problems are the bank's (:mod:`coursebuild.course.bank`),
``bank.DEFAULT_PROBLEMS`` by default. Each student's variant of a problem is the bank's
generator run on a seed derived from ``--seed``, the student's place and the problem
(:func:`variant_seed`); two students never get the same variant of a problem while the
generator can give another one. The same arguments give the same bytes.

A sheet is set as the course's sheets are (:mod:`coursebuild.typeset.texts`): the bank's Markdown
becomes HTML then LaTeX by the book's converter, the variants' drawings are laid out and
rendered as PDF like the course's figures (``arena.render``), and the layout is
``handouts/sheet-LANG.tex`` (a teacher edits it: title, header). The sheets are written in
a working folder and the language's folder is replaced only when every file is ready:
an interruption leaves the previous sheets, never half of them. The roster and the names
as pdfLaTeX prints them are :mod:`coursebuild.products.sheets.roster` (what pdfLaTeX prints is
asked of it: :mod:`coursebuild.products.sheets.printable`); a name in other letters is set by
LuaLaTeX (:mod:`coursebuild.products.sheets.names`). A paper's problems, their figures and their
LaTeX are :mod:`coursebuild.products.sheets.problems`; this module gives each student a paper and
runs the command.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import fcntl
import shutil
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# what each student gets is below the sheets and the Moodle export, which both give it
from coursebuild.course.bank_samples import _fingerprint as _fingerprint
from coursebuild.course.bank_samples import assign as assign
from coursebuild.course.bank_samples import question_marks as question_marks
from coursebuild.course.bank_samples import variant_drawings as variant_drawings
from coursebuild.course.bank_samples import variant_seed as variant_seed
from coursebuild.languages import LANGS
from coursebuild.paths import ROOT
from coursebuild.products.sheets.layout import _CHILDREN as _CHILDREN
from coursebuild.products.sheets.layout import LAYOUTS as LAYOUTS
from coursebuild.products.sheets.layout import SETTINGS as SETTINGS
from coursebuild.products.sheets.layout import LatexError, Paper, SheetError
from coursebuild.products.sheets.layout import compile_pdf as compile_pdf
from coursebuild.products.sheets.layout import duration_minutes as duration_minutes
from coursebuild.products.sheets.problems import WORDS as WORDS
from coursebuild.products.sheets.problems import _tex_text as _tex_text
from coursebuild.products.sheets.problems import document as document
from coursebuild.products.sheets.problems import figure_id as figure_id
from coursebuild.products.sheets.problems import fit as fit
from coursebuild.products.sheets.problems import mark_questions as mark_questions
from coursebuild.products.sheets.problems import paper_problems as paper_problems
from coursebuild.products.sheets.problems import problem_tex as problem_tex
from coursebuild.products.sheets.problems import render_figures as render_figures
from coursebuild.products.sheets.problems import render_pdf as render_pdf
from coursebuild.products.sheets.problems import totals as totals
from coursebuild.products.sheets.problems import with_figure_ids as with_figure_ids
from coursebuild.products.sheets.roster import (
    MAX_STUDENTS,
    check_name,
    latin_tex,
    name_tex,
    read_roster,
    slug,
)
from coursebuild.sources.forked import stop
from coursebuild.sources.options import OptionError, number
from coursebuild.typeset.texts import duration_tex as duration_tex

OUT = ROOT / "build" / "sheets"


# ---------------------------------------------------------------------------------------
# what each student gets (the roster and the names: coursebuild.products.sheets.roster)


@dataclass(frozen=True)
class Student:
    index: int          # from 1
    name: str           # as printed on the sheet
    file: str           # the PDF's name, without .pdf
    number: str = ""    # the candidate number printed in its box (empty: a line to fill in)


def students(lang: str, count: int, names: list[str] | None,
             shared: bool = False, numbers: Sequence[str] | None = None) -> list[Student]:
    """Who gets a paper: the roster's names (with their candidate ``numbers``, which name
    the files when given: ``0423-dupont-marie``, else ``01-dupont-marie``), else numbered
    students; ``shared``: one paper for the whole class, with no name on it."""
    word = WORDS[lang]
    if shared:
        return [Student(1, "", word["paper"])]
    if names is None:
        width = max(2, len(str(count)))
        return [Student(k, f"{word['student']} {k:0{width}d}", f"{word['file']}-{k:0{width}d}")
                for k in range(1, count + 1)]
    width = max(2, len(str(len(names))))
    numbers = list(numbers or [""] * len(names))
    people = [Student(k, name, f"{slug(number) if number else f'{k:0{width}d}'}-{slug(name)}",
                      number)
              for k, (name, number) in enumerate(zip(names, numbers, strict=True), 1)]
    files: dict[str, Student] = {}
    for person in people:
        if person.file in files:
            raise SheetError(f"the sheets of {files[person.file].name} and {person.name} "
                             f"would both be {person.file}.pdf (their candidate numbers)")
        files[person.file] = person
    return people




# ---------------------------------------------------------------------------------------
# the command


_CONVERTER: list = []
"""The converter of the language being written, made before the worker processes fork
(they inherit it, with its figures)."""


def _student_tex(job: tuple) -> tuple[str, str]:
    """A student's problems (for the sheets) and their solutions (for the key), as
    LaTeX: run in a worker process."""
    index, name, number, mine, space = job
    convert = _CONVERTER[0]
    typeset = _CONVERTER[1] if len(_CONVERTER) > 1 else None
    start = (f"{STUDENT_MARK}{index}\n\\def\\sheetcandidate{{{latin_tex(number)}}}"
             f"\\sheetstudent{{{name_tex(name, typeset)}}}\n")
    sheet = start + "".join(problem_tex(convert, v, k, space=space)
                            for k, v in enumerate(mine, 1))
    head = name_tex(name, typeset) if name else ""
    key = (f"{STUDENT_MARK}{index}\n\\keystudent{{{head}}}\n"
           + "".join(problem_tex(convert, v, k, "key") for k, v in enumerate(mine, 1)))
    return sheet, key


STUDENT_MARK = "% student "
"""The line that starts each student's part of a document (a LaTeX error is told with
the student it was in)."""


def whose(tex: str, line: int | None) -> int | None:
    """The student (from 1) whose part of the document ``tex`` holds ``line``."""
    if line is None:
        return None
    marks = [ln for ln in tex.splitlines()[:line] if ln.startswith(STUDENT_MARK)]
    return int(marks[-1].removeprefix(STUDENT_MARK)) if marks else None


def _worker_start() -> None:
    """A worker of the pool: ended by the command (an interruption reaches the command,
    which stops its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pages(log: Path, total: int) -> list[range]:
    """Each student's pages in the document of all the sheets (0-based), from the page
    numbers ``\\sheetstudent`` wrote into ``log``."""
    starts = [int(line) for line in log.read_text(encoding="utf-8").split()]
    return [range(a, b) for a, b in zip(starts, [*starts[1:], total], strict=True)]


def split(pdf: Path, pages: list[range], names: list[str], folder: Path) -> None:
    """One PDF per student, cut from the document of all the sheets (the same bytes from
    the same document)."""
    import pikepdf

    with pikepdf.open(pdf) as whole:
        for name, span in zip(names, pages, strict=True):
            one = pikepdf.new()
            for k in span:
                one.pages.append(whole.pages[k])
            one.save(folder / f"{name}.pdf", deterministic_id=True,
                     compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)


class Interrupted(Exception):
    """The command was asked to stop (SIGINT, SIGTERM, SIGHUP)."""


def _stop(signum, frame) -> None:
    for proc in list(_CHILDREN):
        proc.kill()
    raise Interrupted(signal.Signals(signum).name)


def build(langs: Sequence[str], problems: list[str], count: int, seed: int,
          names: list[str] | None, out: Path = OUT, jobs: int = 2, log=print,
          paper: Paper | None = None, numbers: Sequence[str] | None = None,
          where: Sequence[str] | None = None) -> list[Path]:
    """Write the sheets and the key of each language into ``out/LANG``; return them.

    Every student's sheet is set in one LaTeX document, cut into one PDF per student; the
    key is another document. The texts are converted on ``jobs`` processes; the figures
    are drawn once for both languages. One build at a time writes into ``out`` (another
    is refused); an interrupted build (SIGINT, SIGTERM, SIGHUP) stops its processes and
    leaves the previous sheets and no work folder. A work folder a killed build left
    (``kill -9``, a power cut) is put away first (:func:`_recover`). ``numbers``: the
    students' candidate numbers (:func:`students`); ``where``: each name's place in the
    roster, as warnings and errors name it (a name pdfLaTeX cannot print is set by
    LuaLaTeX, else transliterated: :func:`coursebuild.products.sheets.names.typeset`)."""
    return guarded(out, log, lambda work: _build(
        langs, problems, count, seed, names, out, work, jobs, log, paper or Paper(),
        numbers, where))


def guarded(out: Path, log, run, command: str = "make sheets"):
    """``run(work)`` as one build into ``out`` at a time (another is refused, naming
    ``command``), with ``out/.work`` its work folder: a work folder a killed build left is
    put away first (:func:`_recover`); an interruption (SIGINT, SIGTERM, SIGHUP) stops its
    LaTeX processes and leaves no work folder. The colles (:mod:`.colles`) are built so
    too."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SheetError(f"{out}: another {command} is writing there; run this one "
                             "when it has finished") from None
        work = out / ".work"
        _recover(out, work, log)
        previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM,
                                                      signal.SIGHUP)}
        try:
            for s in previous:
                signal.signal(s, _stop)
            return run(work)
        finally:
            for proc in list(_CHILDREN):
                proc.kill()
            for s, handler in previous.items():
                signal.signal(s, handler)
            shutil.rmtree(work, ignore_errors=True)


def publish(ready: Path, out: Path, lang: str, work: Path) -> Path:
    """Put the folder ``ready`` (every file of a language, written) in the place of
    ``out/LANG`` at once: the previous one is moved aside into ``work`` first, then
    deleted (:func:`_recover` puts it back after a ``kill -9`` between the two)."""
    target = out / lang
    old = work / f"{lang}-old"
    if target.exists():
        target.rename(old)
    ready.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return target


def _recover(out: Path, work: Path, log=print) -> None:
    """Put away the work folder of a build that was killed before it could (``kill -9``):
    a language's previous sheets it had moved aside (``.work/LANG-old``, while the new
    ones took their place) go back where they were if the new ones are not there, and the
    rest is deleted."""
    if not work.exists():
        return
    for old in sorted(work.glob("*-old")):
        target = out / old.name.removesuffix("-old")
        if old.is_dir() and target.name in LANGS and not target.exists():
            old.rename(target)
    shutil.rmtree(work, ignore_errors=True)
    log(f"sheets: {work}: left by a build that was stopped, deleted")


def _build(langs, problems, count, seed, names, out, work, jobs, log, paper,
           numbers=None, where=None) -> list[Path]:
    import multiprocessing

    import pikepdf

    from coursebuild.course import bank
    from coursebuild.typeset.texts import Converter

    t0 = time.perf_counter()
    given = assign(problems, count, seed, same=paper.same)
    shutil.rmtree(work, ignore_errors=True)
    drawn = render_figures([v for mine in given for v in mine], work / "figures", jobs)
    typeset = None
    heads = [(text, what) for text, what in ((paper.title, "TITLE"), (paper.date, "DATE"))
             if text]
    if names or heads:
        # the names, the title and the date: each as pdfLaTeX prints it, else set by
        # LuaLaTeX (Контрольная), else transliterated with a warning
        from coursebuild.products.sheets.names import typeset as typeset_names

        people = list(names or [])
        typeset = typeset_names(people + [t for t, _ in heads],
                                list(where or [f"student {k}" for k in
                                               range(1, len(people) + 1)])
                                + [w for _, w in heads],
                                work / "names", work / "figures", log, _CHILDREN)
    log(f"sheets: {count} students x {len(problems)} problems: {len(drawn)} figures in "
        f"{time.perf_counter() - t0:.1f} s")
    total, minutes = totals(problems, bank.problems())
    written = []
    for lang in langs:
        people = students(lang, count, names, shared=paper.same and names is None,
                          numbers=numbers)
        convert = Converter(lang)
        for fid, figure in drawn.items():
            convert.add_figure(fid, figure["caption"], figure["metrics"])
        _CONVERTER[:] = [convert, typeset]
        todo = [(person.index, person.name, person.number, mine, paper.space)
                for person, mine in zip(people, given, strict=True)]
        pool = concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
        try:
            parts = []
            for part in pool.map(_student_tex, todo):
                parts.append(part)
                if len(parts) % 10 == 0 or len(parts) == len(todo):
                    log(f"sheets: {lang}: {len(parts)}/{len(todo)} students set "
                        f"({time.perf_counter() - t0:.1f} s)")
        except BaseException:
            stop(pool)
            raise
        pool.shutdown()
        word = WORDS[lang]
        title = typeset[paper.title] if paper.title else word["exam"]
        date = typeset[paper.date] if paper.date else ""
        tex = {"sheets": document(lang, title, "".join(s for s, _ in parts), paper, total,
                                  minutes, date),
               "key": document(lang, title, "".join(k for _, k in parts), paper, total,
                               minutes, date)}
        with concurrent.futures.ThreadPoolExecutor(2) as threads:
            done = [threads.submit(compile_pdf, tex[n], work / lang / n, n) for n in tex]
        for n, future in zip(tex, done, strict=True):
            try:
                future.result()
            except LatexError as exc:
                k = whose(tex[n], exc.line)
                if not k or k > len(people):
                    raise
                person = people[k - 1]
                place = where[k - 1] if where else person.name
                raise SheetError(f"{lang}: LaTeX failed on the {n} of {person.name!r} "
                                 f"({place}): {exc.error}") from None
        log(f"sheets: {lang}: typeset ({time.perf_counter() - t0:.1f} s)")
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        with pikepdf.open(work / lang / "sheets" / "sheets.pdf") as whole:
            pages = len(whole.pages)
        split(work / lang / "sheets" / "sheets.pdf",
              _pages(work / lang / "sheets" / "sheets.pages", pages),
              [p.file for p in people], ready)
        shutil.copyfile(work / lang / "key" / "key.pdf", ready / "key.pdf")
        target = publish(ready, out, lang, work)
        written += sorted(target.glob("*.pdf"))
        log(f"sheets: {lang}: {len(people) + 1} PDF in {time.perf_counter() - t0:.1f} s "
            f"-> {target}")
    for warning in _CONVERTER[0].warnings if _CONVERTER else []:
        log(f"sheets: {warning}")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild sheets",
        description="Write an exam paper per student (their own variant of each problem "
                    "of the bank) and the key, into build/sheets/LANG/.")
    parser.add_argument("--students", help="how many students (default 30; with a roster, "
                        "its number of names; 1: one paper for the whole class)")
    parser.add_argument("--seed", default="2026", help="the sheets' seed (default 2026): "
                        "the same seed gives the same sheets")
    parser.add_argument("--lang", action="append", choices=LANGS,
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--problems", help="problem ids, separated by commas (default: "
                        "the bank's DEFAULT_PROBLEMS, or with --duration the problems "
                        "that fit in it)")
    parser.add_argument("--roster", default="", help="a CSV file, one student a row")
    parser.add_argument("--title", default="", help='the paper\'s title (e.g. "DS 3")')
    parser.add_argument("--duration", default="", help="e.g. 2h, 1h30, 90min (default: "
                        "the problems' times added up); without --problems, the problems "
                        "are chosen to fit in it")
    parser.add_argument("--date", default="", help="the date printed (default: a field "
                        "to fill in)")
    parser.add_argument("--space", default="no", help="yes: room to answer under each "
                        "question; no (default): answers on a separate sheet")
    parser.add_argument("--same", default="no", help="yes: one paper for the whole class")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/sheets)")
    parser.add_argument("--list", action="store_true", help="list the problems and stop")
    return parser


def _yes(text: str, what: str) -> bool:
    word = text.strip().lower()
    if word in ("yes", "oui", "y", "o", "1", "true"):
        return True
    if word in ("no", "non", "n", "0", "false", ""):
        return False
    raise SheetError(f"{what}: {text!r} is neither yes nor no")


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        try:
            from coursebuild.course import bank
        except ImportError:
            raise SheetError("the bank of problems (coursebuild.course.bank) is not installed "
                             "in this checkout") from None
        known = bank.problems()
        if args.list:
            for pid, p in known.items():
                print(f"{pid}\t{p.chapter}\t{p.minutes} min\t{p.points} points\t"
                      f"{','.join(sorted(p.uses))}\t{p.title['en']}")
            return 0
        if args.duration:
            duration_minutes(args.duration)
        problems = paper_problems(args.problems, args.duration, known, bank.DEFAULT_PROBLEMS)
        seed = number(args.seed, "--seed (SEED)", 0, 2**62)
        for value, what in ((args.title, "--title (TITLE)"), (args.date, "--date (DATE)")):
            if len(value) > 200:
                raise SheetError(f"{what}: {len(value)} characters, at most 200")
            try:           # any letters: LuaLaTeX sets those pdfLaTeX cannot print
                check_name(value)
            except SheetError as exc:
                raise SheetError(f"{what}: {str(exc).removesuffix(' in the name')}") from None
        space = _yes(args.space, "--space (SPACE)")
        same = _yes(args.same, "--same (SAME)")
        roster = read_roster(Path(args.roster)) if args.roster else None
        names = roster.names if roster is not None else None
        if roster is not None:
            students(LANGS[0], len(roster.names), roster.names, numbers=roster.numbers)
        if names is not None and args.students and \
                number(args.students, "--students (STUDENTS)", 1, MAX_STUDENTS) != len(names):
            raise SheetError(f"--students {args.students}, but the roster {args.roster} has "
                             f"{len(names)} names (give one or the other)")
        count = len(names) if names is not None else number(
            args.students or "30", "--students (STUDENTS)", 1, MAX_STUDENTS)
        if names is None and count == 1:
            same = True
        if same and names is None:
            count = 1
        if shutil.which("pdflatex") is None:
            raise SheetError("pdflatex is missing: make sheets installs TeX Live")
        if roster is not None:
            print(f"sheets: {roster.summary(Path(args.roster))}", file=sys.stderr, flush=True)
        if args.problems is None and args.duration:
            points, minutes = totals(problems, known)
            print(f"sheets: DURATION {args.duration}: {','.join(problems)} ({minutes} min, "
                  f"{points} points)", file=sys.stderr, flush=True)
        build(args.lang or list(LANGS), problems, count, seed, names, args.out,
              log=lambda line: print(line, file=sys.stderr, flush=True),
              paper=Paper(title=args.title, duration=args.duration, date=args.date,
                          space=space, same=same),
              numbers=roster.numbers if roster is not None else None,
              where=roster.where(Path(args.roster)) if roster is not None else None)
    except OptionError as exc:
        print(f"coursebuild: sheets: {exc}", file=sys.stderr)
        return 2
    except (Interrupted, KeyboardInterrupt) as exc:
        print(f"coursebuild: sheets: interrupted ({str(exc) or 'SIGINT'}): the previous sheets "
              "are left as they were", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
