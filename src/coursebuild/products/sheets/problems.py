"""A paper's problems (:mod:`coursebuild.products.sheets`): the sheets' words, which problems a
paper
holds (PROBLEMS, or those that fit DURATION: :func:`fit`), their figures rendered as PDF,
and each problem as LaTeX, its statement with each question's points in the margin or its
solution and marking for the key; a sheet's LaTeX around them (:func:`document`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from coursebuild.course.bank_samples import question_marks, variant_drawings
from coursebuild.course.bank_samples import variant_figure_id as figure_id
from coursebuild.products.sheets import layout
from coursebuild.products.sheets.layout import Paper, SheetError, duration_minutes
from coursebuild.products.sheets.roster import latin_tex
from coursebuild.sources.forked import map_forked
from coursebuild.sources.options import problem_ids

WORDS = {
    "fr": {"student": "Élève", "file": "eleve", "problem": "Problème", "points": "points",
           "minutes": "min", "solution": "Corrigé", "marking": "Barème", "key": "Corrigé",
           "variant": "variante", "sheet": "Sujet", "seed": "graine",
           "exam": "Devoir surveillé", "paper": "sujet"},
    "en": {"student": "Student", "file": "student", "problem": "Problem", "points": "points",
           "minutes": "min", "solution": "Solution", "marking": "Marking scheme",
           "key": "Key", "variant": "variant", "sheet": "Sheet", "seed": "seed",
           "exam": "Exam", "paper": "paper"},
}


# ---------------------------------------------------------------------------------------
# figures


def render_pdf(drawing) -> bytes:
    """A drawing laid out and rendered as the course's figures are, as PDF alone (a sheet
    needs no SVG, whose font subset is most of a figure's cost)."""
    from arena.render import render_pdf as render
    from coursebuild.course.drawing import layout_job

    source, _, _, prog, fixed, _ = layout_job(drawing)
    return render(source, prog=prog, fixed=fixed)


def _render_one(job: tuple[object, Path]) -> int:
    drawing, path = job
    return path.write_bytes(render_pdf(drawing))


def render_figures(variants: list, folder: Path, jobs: int = 1) -> dict[str, dict]:
    """Lay out and render every drawing of ``variants`` as PDF into ``folder`` (once per
    variant: both languages share it), on ``jobs`` processes; their captions and sizes,
    by figure id."""
    from coursebuild.typeset.editions import pdf_metrics

    folder.mkdir(parents=True, exist_ok=True)
    todo = variant_drawings(variants)
    ids = list(todo)
    map_forked(_render_one, [(todo[fid], folder / f"{fid}.pdf") for fid in ids], jobs)
    return {fid: {"caption": todo[fid].caption,
                  "metrics": pdf_metrics(folder / f"{fid}.pdf", fid)} for fid in ids}


_FIGURE = re.compile(r"^(?P<indent>[ \t]*)<!-- figure: (?P<name>[A-Za-z0-9_-]+) -->[ \t]*$",
                     re.M)


def with_figure_ids(text: str, variant) -> str:
    """A variant's Markdown with its figures named by their sheets' ids."""
    def one(m: re.Match) -> str:
        if m["name"] not in variant.figures:
            raise SheetError(f"problem {variant.problem} (seed {variant.seed}): its text "
                             f"shows figure {m['name']!r}, which the variant does not draw")
        return f"{m['indent']}<!-- figure: {figure_id(variant, m['name'])} -->"
    return _FIGURE.sub(one, text)


# ---------------------------------------------------------------------------------------
# LaTeX


def _tex_text(text: str) -> str:
    from coursebuild.typeset.latex import escape

    return escape(text)


_LIST = re.compile(r"\\begin\{(?:enumerate|itemize)\}|\\end\{(?:enumerate|itemize)\}|"
                   r"\\item\b")


def mark_questions(tex: str, marks: list[int], space: bool) -> str:
    """A statement's LaTeX with each question's points in the margin (``\\questionmarks``)
    and, with ``space``, room to answer under it (``\\answerspace``): the questions are
    the items of the outermost numbered list that has as many items as ``marks``."""
    spans: list[tuple[int, int, list[int]]] = []        # (begin, end, items) of outer lists
    depth, begin, items = 0, 0, []
    for m in _LIST.finditer(tex):
        word = m[0]
        if word.startswith("\\begin"):
            depth += 1
            if depth == 1:
                begin, items = m.start(), []
        elif word.startswith("\\end"):
            depth -= 1
            if depth == 0 and tex.startswith("\\begin{enumerate}", begin):
                spans.append((begin, m.start(), items))
        elif depth == 1:
            items.append(m.end())
    span = next((s for s in reversed(spans) if len(s[2]) == len(marks)), None)
    if span is None or not marks:
        return tex
    _, end, items = span
    out, last = [], 0
    for k, (at, points) in enumerate(zip(items, marks, strict=True)):
        if space and k:
            before = tex.rfind("\\item", 0, at)
            out.append(tex[last:before] + f"\\answerspace{{{marks[k - 1]}}}\n")
            last = before
        out.append(tex[last:at] + f"\\questionmarks{{{points}}}")
        last = at
    if space:
        out.append(tex[last:end] + f"\\answerspace{{{marks[-1]}}}\n")
        last = end
    return "".join(out) + tex[last:]


def problem_tex(convert, variant, number: int, part: str = "statement",
                space: bool = False) -> str:
    """One problem of a sheet (``statement``: each question's points in the margin, room
    to answer under it with ``space``), or its solution and marking (``key``)."""
    from coursebuild.course import bank

    lang = convert.lang
    word = WORDS[lang]
    problem = bank.problems()[variant.problem]
    title = _tex_text(problem.title[lang])
    colon = "~: " if lang == "fr" else ": "
    if part == "statement":
        head = (f"\\section*{{{word['problem']} {number}{colon}{title}}}\n"
                f"\\problemmeta{{{problem.points} {word['points']}}}"
                f"{{{problem.minutes}~{word['minutes']}}}\n")
        body = convert.latex(with_figure_ids(variant.statement[lang], variant))
        return head + mark_questions(body, question_marks(variant.marking[lang]), space)
    # the variant as the edition's practice page finds it: the French one by its title
    # (the heading's) and its seed, the English one by its id too
    found = f"{word['seed']} {variant.seed}" if lang == "fr" else \
        f"{_tex_text(variant.problem)}, {word['seed']} {variant.seed}"
    head = (f"\\subsection*{{{word['problem']} {number}{colon}{title}}}\n"
            f"\\problemmeta{{{problem.points} {word['points']}}}{{{found}}}\n")
    return (head + convert.latex(with_figure_ids(variant.solution[lang], variant))
            + f"\\paragraph{{{_tex_text(word['marking'])}}}\n"
            + convert.latex(with_figure_ids(variant.marking[lang], variant)))


def fit(minutes: int, known: Mapping[str, object], default: Sequence[str]) -> list[str]:
    """The problems of a paper of ``minutes`` when PROBLEMS is not given: the ones whose
    times add up closest to ``minutes`` without going over, the default problems
    (``bank.DEFAULT_PROBLEMS``) first, then the bank's problems that fit an exam, in the
    course's order; among equal times, the earliest of these (so a two-hour paper is
    the default one). Returned in the course's order.

    Raises
    ------
    SheetError
        When no problem is short enough, naming the shortest.
    """
    order = list(dict.fromkeys([*default, *(pid for pid, p in known.items()
                                            if "exam" in p.uses)]))
    best: dict[int, tuple[int, ...]] = {0: ()}       # time -> earliest choice taking it
    for k, pid in enumerate(order):
        step = known[pid].minutes
        for time_, chosen in sorted(best.items(), reverse=True):
            if time_ + step <= minutes:
                option = (*chosen, k)
                if time_ + step not in best or option < best[time_ + step]:
                    best[time_ + step] = option
    longest = max(best)
    if not longest:
        shortest = min(order, key=lambda pid: known[pid].minutes)
        raise SheetError(f"DURATION {minutes} min: the shortest problem of the bank for an "
                         f"exam, {shortest}, takes {known[shortest].minutes} min")
    chosen = {order[k] for k in best[longest]}
    return [pid for pid in known if pid in chosen]


def totals(problems: Sequence[str], known: Mapping[str, object]) -> tuple[int, int]:
    """The points and the minutes of a paper of ``problems``: each problem's, added up."""
    return (sum(known[p].points for p in problems), sum(known[p].minutes for p in problems))


def paper_problems(text: str | None, duration: str, known: Mapping[str, object],
                   default: Sequence[str]) -> list[str]:
    """The problems of the paper: PROBLEMS (``text``; ``None`` when not given), which must
    fit in DURATION when both are given; else the ones that fit DURATION (:func:`fit`);
    else the default ones."""
    if text is None:
        if duration:
            return fit(duration_minutes(duration), known, default)
        return problem_ids(None, known, default)
    problems = problem_ids(text, known, default)
    if duration:
        need = totals(problems, known)[1]
        if need > duration_minutes(duration):
            raise SheetError(f"--problems (PROBLEMS) {','.join(problems)} take {need} min, "
                             f"more than --duration (DURATION) {duration} "
                             f"({duration_minutes(duration)} min)")
    return problems


def document(lang: str, title: str, body: str, paper: Paper | None = None,
             total: int = 0, minutes: int = 0, date: str | None = None) -> str:
    """A sheet's LaTeX: the layout ``handouts/sheet-LANG.tex`` with its settings (title,
    duration, total, date, rules) and body (:func:`coursebuild.products.sheets.layout.document`);
    ``date``: the date as LaTeX (default: ``paper.date`` as pdfLaTeX's text)."""
    paper = paper or Paper()
    return layout.document(lang, title, body, paper, total, minutes,
                           latin_tex(paper.date) if date is None else date)
