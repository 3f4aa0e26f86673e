"""The teachers' guide, what ``<!-- teaching -->`` stands for on the guide's page: the
short progressions, the overview and the pacing over a term (:mod:`coursebuild.products.pacing`),
each chapter's teaching notes (:mod:`coursebuild.products.teaching`), the sample paper
(:mod:`coursebuild.products.sample_paper`) and, in English, the optional appendix on the French
CPGE programme; and what ``<!-- descriptor -->`` stands for on the module descriptor's
page (:mod:`coursebuild.products.descriptor`, given the sample paper's problems). It sits above the
four it puts together, which read the notes from :mod:`coursebuild.products.teaching` and never
this page. ``<!-- colle-weeks -->`` stands for the colles' families by week of the
course (:func:`coursebuild.products.sheets.colles.weeks_markdown`)."""

from __future__ import annotations

import re

from coursebuild.products import descriptor, pacing, sample_paper, teaching
from coursebuild.products.sheets import colles

MARKER = re.compile(r"^<!-- teaching -->[ \t]*$", re.M)
COLLE_WEEKS = re.compile(r"^<!-- colle-weeks -->[ \t]*$", re.M)
"""The guide's table of the colles' families by week (:func:`coursebuild.products.sheets.colles.
weeks_markdown`)."""


def forget() -> None:
    """Read the notes and the sample paper again at the next use (a long-running server
    rebuilds)."""
    teaching.forget()
    pacing.progressions.cache_clear()
    sample_paper.paper.cache_clear()
    descriptor.forget()


def page_markdown(lang: str) -> str:
    """What ``<!-- teaching -->`` stands for: the short progressions, the overview of the
    chapters' full plans and their pacing, then each chapter's notes, in the course's
    order; a chapter without notes stops the build."""
    known = teaching.notes()
    parts = [pacing.short_markdown(lang, lambda kind, page: session_sheets(kind, page, lang)),
             f"### {pacing.SHORT[lang]['plans']} {{: #plans }}\n", teaching.overview(lang)]
    missing = [page for _, page, _ in teaching.chapters(lang) if page not in known]
    if missing:
        raise teaching.NotesError(f"docs/teaching: no notes for the chapter {missing[0]} "
                                  f"(write docs/teaching/NN-{missing[0]}.yaml)")
    parts.append(pacing.markdown(lang))
    for number, page, title in teaching.chapters(lang):
        parts.append(teaching.chapter_markdown(number, title, known[page], lang,
                                               plan_handed_out))
    parts.append(sample_paper.markdown(lang))
    if lang == "en":
        parts.append(teaching.syllabus_appendix(lang))
    return "\n".join(parts)


def plan_handed_out(kind: str, page: str, lang: str) -> str:
    """The end of a session's line in a chapter's full plan: what a session of ``kind``
    on the chapter ``page`` projects and hands out, its lab's brief included."""
    return pacing.handed_out(kind, [page], lang,
                             lambda k, p: session_sheets(k, p, lang, labs=True))


def session_sheets(kind: str, page: str, lang: str, labs: bool = False) -> list[str]:
    """The sheets that go with a session of ``kind`` on a chapter: after a lecture, the
    chapter's summary (``make summaries``); at a tutorial, its sheet and, apart, its
    answers (``make td``); with ``labs``, at a lab, the brief of the chapter's notebook
    (``make labs``: a chapter's full plan runs its lab on the notebook, while a lab of the
    short progressions is done in the pages, on their exercises)."""
    from coursebuild.documents import labs as lab_briefs
    from coursebuild.documents import summaries, td
    from coursebuild.typeset import editions

    number = editions.chapter_headings(lang)[page][0]
    if kind == "lecture" and number in summaries.chapters(lang):
        return [summaries.file_name(lang, number) + ".pdf"]
    if kind == "tutorial" and number in td.chapters_with_exercises():
        return [name + ".pdf" for name in td.file_names(lang, number)]
    notebook = teaching.notes()[page].notebook
    if kind == "lab" and labs and notebook:
        return [lab_briefs.file_name(lang, int(notebook.split("-")[0])) + ".pdf"]
    return []


def descriptor_markdown(lang: str) -> str:
    """What ``<!-- descriptor -->`` stands for: the module descriptor, with the sample
    paper's problems and time."""
    paper = sample_paper.paper()
    return descriptor.markdown(lang, paper.problems, paper.minutes)


def expand(markdown: str, lang: str) -> str:
    """The guide's page, or the descriptor's, with its marker written out."""
    markdown = descriptor.MARKER.sub(lambda m: descriptor_markdown(lang).rstrip("\n"),
                                     markdown)
    markdown = COLLE_WEEKS.sub(lambda m: colles.weeks_markdown(lang).rstrip("\n"), markdown)
    return MARKER.sub(lambda m: page_markdown(lang).rstrip("\n"), markdown)
