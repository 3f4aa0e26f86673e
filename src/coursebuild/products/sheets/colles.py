"""Colle sheets (``make colles``, issue 63 §2): each student of a roster gets a one-page
oral question set, a graph and three questions of one of the bank's families, in a
variant of their own, and the examiner a page of answers per student.

``python -m coursebuild colles --roster names.csv --seed 2026 --lang fr [--problems a,b |
--week n]`` writes ``build/colles/fr/``: one PDF per student (``01-dupont-marie.pdf`` ..., or
``eleve-01.pdf`` ... without a roster) and ``examinateur.pdf`` (``examiner.pdf`` in
English), a page per student: the worked answers of their three questions and the
marking scheme's lines for them.

Everything but the question set is the exam sheets' (:mod:`coursebuild.products.sheets`): the
roster and its names (:func:`coursebuild.products.sheets.roster.read_roster`, LuaLaTeX for other
letters), who gets which variant (:func:`coursebuild.course.bank_samples.variant_seed`, never the
same variant of a family twice in a class while the family has another), the figures,
pdfLaTeX, one build at a time and the language's folder replaced only when it is
complete. The families are given in turn: the first student gets the first family, the
second the second... ``--week n`` gives the families of the chapters done by week n of
the course (:mod:`coursebuild.typeset.weeks`), the latest chapter's first; the guide's table of
them by week is :func:`weeks_markdown`'s. A question set is a variant's statement up to
its third question (the graph, its table and questions 1 to 3), its answers the worked
solution up to the third, both as the bank wrote them. The layout is ``handouts/colle-LANG.tex``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from coursebuild.course.bank_samples import _fingerprint, variant_seed
from coursebuild.paths import ROOT
from coursebuild.products.sheets import (
    _CHILDREN,
    LANGS,
    Interrupted,
    _pages,
    guarded,
    publish,
    render_figures,
    split,
    students,
    with_figure_ids,
)
from coursebuild.products.sheets.layout import LatexError, Paper, SheetError, compile_pdf, document
from coursebuild.products.sheets.roster import MAX_STUDENTS, latin_tex, name_tex, read_roster
from coursebuild.sources.options import OptionError, number, problem_ids

OUT = ROOT / "build" / "colles"
QUESTIONS = 3
"""The questions of a colle: a family's first three (each builds on the one before)."""
DEFAULT_PROBLEMS = ("attractor-ranks-draws", "counter-queue-trace", "minimax-alphabeta")
"""The families ``make colles`` gives in turn by default: the attractor and its ranks,
the counter algorithm, minimax (the bank's default exam's)."""
WORDS = {
    "fr": {"title": "Colle", "key": "examinateur", "seed": "graine", "marking": "Barème",
           "answers": "Corrigé"},
    "en": {"title": "Oral examination", "key": "examiner", "seed": "seed",
           "marking": "Marking scheme", "answers": "Answers"},
}


class ColleError(SheetError):
    """A family whose texts a colle cannot be cut from (said in one line, exit 2)."""


def _questions_at(text: str) -> list[re.Match]:
    """The items ``1.``, ``2.``... of a statement's last top-level numbered list."""
    items = list(re.finditer(r"(?m)^(\d+)\. ", text))
    start = max((k for k, m in enumerate(items) if m[1] == "1"), default=None)
    if start is None:
        return []
    out = []
    for m in items[start:]:
        if int(m[1]) != len(out) + 1:
            break
        out.append(m)
    return out


def statement(variant, lang: str, count: int = QUESTIONS) -> str:
    """A variant's statement up to its question ``count`` (what comes before the
    questions, the graph and its table, kept)."""
    text = variant.statement[lang]
    items = _questions_at(text)
    if len(items) < count:
        raise ColleError(f"problem {variant.problem}: its statement ({lang}) has "
                         f"{len(items)} numbered questions, a colle asks {count}")
    return text[:items[count].start()].rstrip() + "\n" if len(items) > count else text


def answers(variant, lang: str, count: int = QUESTIONS) -> str:
    """A variant's worked solution up to its question ``count`` (each begins with
    ``**k.**``)."""
    text = variant.solution[lang]
    found = {int(m[1]): m.start() for m in re.finditer(r"(?m)^\*\*(\d+)\.\*\*", text)}
    if any(k not in found for k in range(1, count + 1)):
        raise ColleError(f"problem {variant.problem}: its solution ({lang}) does not answer "
                         f"questions 1 to {count} one by one (**1.** ...)")
    return text[:found[count + 1]].rstrip() + "\n" if count + 1 in found else text


def marking(variant, lang: str, count: int = QUESTIONS) -> str:
    """The marking scheme's table for questions 1 to ``count``, with their total."""
    lines = variant.marking[lang].splitlines()
    table = [ln for ln in lines if ln.startswith("|")]
    rows = {int(m[1]): (ln, int(m[2])) for ln in table
            for m in [re.match(r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|", ln)] if m}
    if len(table) < 2 or any(k not in rows for k in range(1, count + 1)):
        raise ColleError(f"problem {variant.problem}: its marking scheme ({lang}) has no "
                         f"line for each of questions 1 to {count}")
    total = sum(rows[k][1] for k in range(1, count + 1))
    return "\n".join([*table[:2], *(rows[k][0] for k in range(1, count + 1)),
                      f"| Total | {total} | |"]) + "\n"


def shows_a_figure(variant, lang: str) -> bool:
    return "<!-- figure: " in statement(variant, lang)


def colle_families() -> dict[str, list[str]]:
    """The bank's families a colle can be made of (a graph before their third question,
    in both languages), by chapter page, in the bank's order."""
    from coursebuild.course import bank

    out: dict[str, list[str]] = {}
    for pid, problem in bank.problems().items():
        v = bank.variant(pid, 0)
        if all(shows_a_figure(v, lang) for lang in LANGS):
            out.setdefault(problem.chapter, []).append(pid)
    return out


def week_problems(week: int) -> list[str]:
    """The families of ``make colles WEEK=n``: those of the chapters done by week n of the
    course's weeks (:func:`coursebuild.typeset.weeks.done_in`, a chapter done in the week of its
    last session), the latest chapter's first."""
    from coursebuild.typeset.weeks import done_in

    done = done_in()
    if not 1 <= week <= max(done.values()):
        raise SheetError(f"--week (WEEK) {week}: the course has weeks 1 to "
                         f"{max(done.values())}")
    families = colle_families()
    chapters = [page for page, k in done.items() if k <= week and page in families]
    if not chapters:
        first = min(k for page, k in done.items() if page in families)
        raise SheetError(f"--week (WEEK) {week}: no chapter with a colle's family is done "
                         f"by then (the first is, in week {first})")
    return [pid for page in reversed(chapters) for pid in families[page]]


WEEK_WORDS = {
    "fr": {"head": "| Semaine | Chapitres terminés | Familles nouvelles |",
           "none": "aucun", "and": " ; "},
    "en": {"head": "| Week | Chapters done | New families |", "none": "none", "and": "; "},
}


def weeks_markdown(lang: str) -> str:
    """The guide's table of the colles by week (what ``<!-- colle-weeks -->`` stands
    for): each week of the course, the chapters done in it and their families, which
    ``make colles WEEK=n`` adds to those of the weeks before."""
    from coursebuild.typeset import editions
    from coursebuild.typeset.weeks import done_in

    words = WEEK_WORDS[lang]
    titles = {page: (n, title) for n, page, title in editions.chapters(lang)}
    done = done_in(lang)
    families = colle_families()
    rows = [words["head"], "| ---: | --- | --- |"]
    for week in range(1, max(done.values()) + 1):
        pages = [page for page, k in done.items() if k == week]
        chapters = words["and"].join(f"[{titles[p][0]}. {titles[p][1]}](#notes-{p})"
                                     for p in pages) or words["none"]
        new = [pid for page in pages for pid in families.get(page, [])]
        # each id its own code, a space after each comma: a line breaks between ids,
        # not at a hyphen inside one (a fresh reading of the teachers' book, issue 61)
        rows.append(f"| {week} | {chapters} | "
                    + (", ".join(f"`{pid}`" for pid in new) if new else "—") + " |")
    return "\n".join(rows) + "\n"


def ends_on_a_figure(tex: str) -> bool:
    """Whether a statement's LaTeX ends on a figure (nothing but space after it)."""
    return tex.rstrip().endswith("\\end{herefigure}")


def given(problems: Sequence[str], count: int, seed: int, tries: int = 20) -> list:
    """Each student's variant (from 1 to ``count``): the families in turn, a variant of
    its family that no earlier student has (up to ``tries`` seeds, for a family with few
    variants), from the seed alone."""
    from coursebuild.course import bank

    seen: dict[str, set[str]] = {p: set() for p in problems}
    out = []
    for student in range(1, count + 1):
        family = problems[(student - 1) % len(problems)]
        for attempt in range(tries):
            v = bank.variant(family, variant_seed(seed, student, family, attempt))
            if _fingerprint(v) not in seen[family]:
                break
        seen[family].add(_fingerprint(v))
        out.append(v)
    return out


def _title(problem, lang: str) -> str:
    from coursebuild.typeset.latex import escape

    return escape(problem.title[lang])


def colle_tex(convert, variant, person, typeset) -> tuple[str, str]:
    """A student's question set and the examiner's page for it, as LaTeX."""
    from coursebuild.course import bank
    from coursebuild.products.sheets import STUDENT_MARK

    lang = convert.lang
    word = WORDS[lang]
    problem = bank.problems()[variant.problem]
    name = name_tex(person.name, typeset)
    title = _title(problem, lang)
    body = convert.latex(with_figure_ids(statement(variant, lang), variant))
    # a graph that ends the page (the converter sets it after the statement's text) takes
    # the room left on it (handouts/colle-LANG.tex); the answers' figures keep their heights
    room = "\\colleroomtrue" if ends_on_a_figure(body) else "\\colleroomfalse"
    sheet = (f"{STUDENT_MARK}{person.index}\n\\sheetstudent{{{name}}}\n"
             f"\\colleproblem{{{title}}}{room}\n" + body)
    found = f"{title} ({variant.problem}, {word['seed']} {variant.seed})"
    key = (f"{STUDENT_MARK}{person.index}\n\\keypage{{{name}}}{{{found}}}\\colleroomfalse\n"
           + convert.latex(with_figure_ids(answers(variant, lang), variant))
           + f"\\paragraph{{{word['marking']}}}\n"
           + convert.latex(marking(variant, lang)))
    return sheet, key


def build(langs: Sequence[str], problems: Sequence[str], count: int, seed: int,
          names: list[str] | None, out: Path = OUT, jobs: int = 2, log=print,
          paper: Paper | None = None, numbers: Sequence[str] | None = None,
          where: Sequence[str] | None = None) -> list[Path]:
    """Write each language's colles and the examiner's answers into ``out/LANG``; return
    them (one build at a time, the folder replaced when complete:
    :func:`coursebuild.products.sheets.guarded`)."""
    return guarded(out, log, lambda work: _build(
        langs, problems, count, seed, names, out, work, jobs, log, paper or Paper(),
        numbers, where), "make colles")


def _build(langs, problems, count, seed, names, out, work, jobs, log, paper, numbers,
           where) -> list[Path]:
    from coursebuild.typeset.texts import Converter

    t0 = time.perf_counter()
    mine = given(problems, count, seed)
    for v in dict.fromkeys(v.problem for v in mine):
        first = next(x for x in mine if x.problem == v)
        for lang in langs:
            if not shows_a_figure(first, lang):
                raise ColleError(f"--problems (PROBLEMS): {v} draws no graph before its "
                                 f"first {QUESTIONS} questions; a colle shows one")
    shutil.rmtree(work, ignore_errors=True)
    drawn = render_figures(mine, work / "figures", jobs)
    typeset = None
    if names:
        from coursebuild.products.sheets.names import typeset as typeset_names

        typeset = typeset_names(names, where or [f"student {k}" for k in
                                                 range(1, len(names) + 1)],
                                work / "names", work / "figures", log, _CHILDREN)
    log(f"colles: {count} students, {len(problems)} families: {len(drawn)} figures in "
        f"{time.perf_counter() - t0:.1f} s")
    written: list[Path] = []
    for lang in langs:
        word = WORDS[lang]
        people = students(lang, count, names, numbers=numbers)
        convert = Converter(lang)
        for fid, figure in drawn.items():
            convert.add_figure(fid, figure["caption"], figure["metrics"])
        parts = [colle_tex(convert, v, person, typeset) for person, v in
                 zip(people, mine, strict=True)]
        title = latin_tex(paper.title) if paper.title else word["title"]
        date = latin_tex(paper.date)
        names_of = {"colles": "colles", "key": word["key"]}
        levels = {"colles": [0] * len(parts), "key": [1] * len(parts)}
        spans: dict[str, list[range]] = {}
        for n, which in (("colles", 0), ("key", 1)):
            while True:
                spans[n] = _typeset(lang, title, date, paper, [p[which] for p in parts],
                                    levels[n], work / lang / names_of[n], names_of[n],
                                    people)
                over = [k for k, span in enumerate(spans[n]) if len(span) > 1]
                if not over or all(levels[n][k] >= FITS[n] for k in over):
                    break
                for k in over:
                    levels[n][k] = min(levels[n][k] + 1, FITS[n])
            for k in over:
                what = "question set" if n == "colles" else "examiner's page"
                log(f"colles: warning: {lang}: the {what} of {people[k].name} "
                    f"({mine[k].problem}) takes {len(spans[n][k])} pages")
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        pdfs = {n: work / lang / names_of[n] / f"{names_of[n]}.pdf" for n in names_of}
        pages = spans["colles"]
        split(pdfs["colles"], pages, [p.file for p in people], ready)
        shutil.copyfile(pdfs["key"], ready / f"{word['key']}.pdf")
        target = publish(ready, out, lang, work)
        written += sorted(target.glob("*.pdf"))
        log(f"colles: {lang}: {len(people)} colles and the examiner's answers in "
            f"{time.perf_counter() - t0:.1f} s -> {target}")
    return written


FITS = {"colles": 2, "key": 3}
"""How small a page may be set (``\\collefit`` in ``handouts/colle-LANG.tex``, from 0:
the text at 10 pt; 2: at 8 pt; 3: at 7 pt): a student's page that takes more than one is
set again one step smaller, the question sets down to 8 pt, the answers to 7 pt."""


def _typeset(lang, title, date, paper, parts, levels, folder, name, people) -> list[range]:
    """One document of ``parts`` (a student each, at their ``levels``) typeset into
    ``folder/name.pdf``; each student's pages in it."""
    import pikepdf

    from coursebuild.products.sheets import whose

    body = "".join(part.replace("\n", f"\n\\collefit{{{level}}}\n", 1)
                   for part, level in zip(parts, levels, strict=True))
    source = document(lang, title, body, paper, date=date, name="colle")
    try:
        compile_pdf(source, folder, name)
    except LatexError as exc:
        k = whose(source, exc.line)
        if not k or k > len(people):
            raise
        raise SheetError(f"{lang}: LaTeX failed on the colle of {people[k - 1].name!r}: "
                         f"{exc.error}") from None
    with pikepdf.open(folder / f"{name}.pdf") as whole:
        total = len(whole.pages)
    return _pages(folder / f"{name}.pages", total)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild colles",
        description="Write a one-page colle per student (a graph and three questions of a "
                    "family of the bank, a variant each) and the examiner's answers, a page "
                    "per student, into build/colles/LANG/.")
    parser.add_argument("--roster", default="", help="a CSV file, one student a row (as "
                        "make sheets reads it)")
    parser.add_argument("--students", help="without a roster: how many students "
                        "(default 30)")
    parser.add_argument("--seed", default="2026", help="the colles' seed (default 2026): "
                        "the same seed gives the same colles")
    parser.add_argument("--lang", action="append",
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--problems", help="the families given in turn, ids separated by "
                        "commas (default: " + ",".join(DEFAULT_PROBLEMS) + ")")
    parser.add_argument("--week", help="the week of the course (1, 2...): the families of "
                        "the chapters done by then, the latest first (instead of --problems)")
    parser.add_argument("--title", default="",
                        help='the title (default "Colle", in English "Oral examination")')
    parser.add_argument("--date", default="", help="the date printed (default: a field "
                        "to fill in)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/colles)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        from coursebuild.course import bank

        langs = list(dict.fromkeys(args.lang or LANGS))
        for lang in langs:
            if lang not in LANGS:
                raise SheetError(f"--lang (LANG) {lang!r}: fr or en")
        if args.week and args.problems:
            raise SheetError("--week (WEEK) and --problems (PROBLEMS): give one or the other")
        problems = week_problems(number(args.week, "--week (WEEK)", 1, 99)) if args.week \
            else problem_ids(args.problems, bank.problems(), DEFAULT_PROBLEMS)
        seed = number(args.seed, "--seed (SEED)", 0, 2**62)
        for value, what in ((args.title, "--title (TITLE)"), (args.date, "--date (DATE)")):
            if len(value) > 200:
                raise SheetError(f"{what}: {len(value)} characters, at most 200")
            try:
                latin_tex(value)
            except SheetError as exc:
                raise SheetError(f"{what}: {exc}") from None
        roster = read_roster(Path(args.roster)) if args.roster else None
        names = roster.names if roster is not None else None
        if roster is not None:
            students(LANGS[0], len(roster.names), roster.names, numbers=roster.numbers)
            if args.students and number(args.students, "--students (STUDENTS)", 1,
                                        MAX_STUDENTS) != len(names):
                raise SheetError(f"--students {args.students}, but the roster "
                                 f"{args.roster} has {len(names)} names (give one or the "
                                 "other)")
        count = len(names) if names is not None else number(
            args.students or "30", "--students (STUDENTS)", 1, MAX_STUDENTS)
        if shutil.which("pdflatex") is None:
            raise SheetError("pdflatex is missing: make colles installs TeX Live")
        if roster is not None:
            print(f"colles: {roster.summary(Path(args.roster))}", file=sys.stderr, flush=True)
        build(langs, problems, count, seed, names, args.out,
              log=lambda line: print(line, file=sys.stderr, flush=True),
              paper=Paper(title=args.title, date=args.date),
              numbers=roster.numbers if roster is not None else None,
              where=roster.where(Path(args.roster)) if roster is not None else None)
    except OptionError as exc:
        print(f"coursebuild: colles: {exc}", file=sys.stderr)
        return 2
    except (Interrupted, KeyboardInterrupt) as exc:
        print(f"coursebuild: colles: interrupted ({str(exc) or 'SIGINT'}): the previous "
              "colles are left as they were", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
