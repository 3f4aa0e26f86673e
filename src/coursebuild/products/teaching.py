"""The teachers' guide's text for each chapter, from its teaching notes
(:mod:`coursebuild.course.teaching_notes`, whose names are importable here too): the notes'
references written as numbers, titles and links, the bank's problems that fit the
chapter, the overview table and the English appendix on the French syllabus."""

from __future__ import annotations

import re
from collections.abc import Callable

from coursebuild.course.teaching_notes import (
    KINDS,
    REFERENCE,
    WORDS,
    Notes,
    NotesError,
    _fail,
    _problems,
    check_references,
    exercise_link,
    exercises_link,
    forget,
    notes,
    read_file,
)
from coursebuild.typeset import editions
from coursebuild.typeset.editions import chapters

__all__ = ["KINDS", "REFERENCE", "WORDS", "Notes", "NotesError", "chapters",
           "check_references", "forget", "notes", "read_file", "bank_table",
           "chapter_markdown", "overview", "syllabus_appendix"]


# ---------------------------------------------------------------------------------------
# the guide's text


def notebook_link(notes: Notes, lang: str) -> str:
    title = editions._nav_titles(lang)[f"notebooks/{notes.notebook}.ipynb"]
    return WORDS[lang]["notebook"].format(
        title=f"[*{title}*](notebooks/{notes.notebook}.ipynb)")


def fill(text: str, notes: Notes, lang: str) -> str:
    """A text of the notes with its references written: numbers, titles, links, facts."""
    from coursebuild.course.teaching_facts import note_facts

    problems = _problems()

    def write(m: re.Match) -> str:
        kind, arg = m["kind"], m["arg"]
        if kind in ("ex", "Ex"):
            return exercise_link(arg, lang, capital=kind == "Ex")
        if kind in ("exs", "Exs"):
            return exercises_link(arg.split(","), lang, capital=kind == "Exs")
        if kind == "bank":
            return f"[*{problems[arg].title[lang]}*](bank.md#bank-{arg})"
        if kind in ("notebook", "Notebook"):
            link = notebook_link(notes, lang)
            return link[0].upper() + link[1:] if kind == "Notebook" else link
        return note_facts(lang)[arg]

    text = REFERENCE.sub(write, text)
    if lang == "en":       # the sources' French words, quoted, marked as French
        text = re.sub(r"«[^»]*»", lambda m: f'<span lang="fr">{m[0]}</span>', text)
    return text


def _exercise_range(page: str, lang: str) -> str:
    from coursebuild.sources import exercise_source

    mine = exercise_source.by_page().get(page, [])
    words = WORDS[lang]
    if not mine:
        return words["none"]
    first, last = mine[0], mine[-1]
    if first is last:
        return exercise_link(first.id, lang)
    return words["from"].format(a=f"[{first.number}]({first.page}.md#{first.anchor})",
                                b=f"[{last.number}]({last.page}.md#{last.anchor})")


def bank_table(page: str, lang: str) -> str:
    """The bank's problems that follow the chapter: what each fits, its time and points,
    from the bank's own data."""
    from coursebuild.course.bank_samples import USES
    from coursebuild.course.bank_samples import WORDS as BANK

    words = BANK[lang]
    mine = [p for p in _problems().values() if p.chapter == page]
    if not mine:
        return WORDS[lang]["no_bank"] + "\n"
    head = [words["problem"], *(words[u] for u in USES), words["minutes"], words["points"]]
    lines = ["| " + " | ".join(head) + " |", "|---|" + ":---:|" * len(USES) + "---:|---:|"]
    for p in mine:
        marks = [words["yes"] if u in p.uses else "" for u in USES]
        lines.append(f"| [{p.title[lang]}](bank.md#bank-{p.id}) | " + " | ".join(marks)
                     + f" | {p.minutes} {words['min']} | {p.points} |")
    return "\n".join(lines) + "\n"


def chapter_markdown(number: int, title: str, notes: Notes, lang: str,
                     handed: Callable[[str, str, str], str] | None = None) -> str:
    """One chapter's notes, as the guide shows them; with ``handed``, each session of its
    plan ends with ``handed(kind, page, lang)``: what a session of that kind on this
    chapter projects and hands out."""
    words = WORDS[lang]
    if notes.chapter != number:
        raise _fail(notes.path, "name", f"the page {notes.page} is chapter {number} of the "
                    f"students' book, not {notes.chapter}")
    anchor = f"notes-{notes.page}"
    notebook = notebook_link(notes, lang) if notes.notebook else (
        "pas de carnet" if lang == "fr" else "no notebook")
    out = [f"## {words['chapter'].format(n=number, title=title)} {{: #{anchor} }}\n",
           words["context"].format(title=title, page=notes.page,
                                   exercises=_exercise_range(notes.page, lang),
                                   notebook=notebook) + "\n",
           f"### {words['outcomes']} {{: #{anchor}-outcomes }}\n",
           fill(notes.outcomes[lang], notes, lang)]
    if notes.prerequisites:
        out += [f"### {words['prerequisites']} {{: #{anchor}-prerequisites }}\n",
                fill(notes.prerequisites[lang], notes, lang)]
    if lang == "fr":      # the English guide gathers the French syllabus in its appendix
        out += [f"### {words['syllabus']} {{: #{anchor}-syllabus }}\n",
                fill(notes.syllabus[lang], notes, lang)]
    out.append(f"### {words['plan']} {{: #{anchor}-plan }}\n")
    for k, s in enumerate(notes.plan, 1):
        text = fill(s.text[lang], notes, lang).strip().replace("\n", "\n   ")
        out.append(f"{k}. **{words[s.kind]}, {words['hours'].format(h=s.hours)}.** {text}"
                   + (handed(s.kind, notes.page, lang) if handed else ""))
    out.append("")
    out.append(f"### {words['misconceptions']} {{: #{anchor}-misconceptions }}\n")
    for m in notes.misconceptions:
        belief = fill(m.belief[lang], notes, lang).strip()
        reveal = fill(m.reveal[lang], notes, lang).strip()
        out.append(f"**{fill(m.title[lang], notes, lang).strip()}.** {belief}\n")
        out.append(f"*{words['reveals']}.* {reveal}\n")
    if notes.oral:
        out.append(f"### {words['oral']} {{: #{anchor}-oral }}\n")
        for k, o in enumerate(notes.oral, 1):
            question = " ".join(fill(o.question[lang], notes, lang).split())
            answer = " ".join(fill(o.answer[lang], notes, lang).split())   # one paragraph
            out.append(f"{k}. **{question}**\n\n    *{words['answer']}.* {answer}\n")
    out.append(f"### {words['bank']} {{: #{anchor}-bank }}\n")
    out.append(bank_table(notes.page, lang))
    return "\n".join(out)


def overview(lang: str) -> str:
    """The whole course at a glance: each chapter's sessions by kind, its exercises, its
    notebook and its bank problems."""
    from coursebuild.sources import exercise_source

    words = WORDS[lang]
    known = notes()
    by_page = exercise_source.by_page()
    head = [words["course"], *(words[k] for k in KINDS), words["exercises"],
            words["problems"]]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * len(KINDS) + "---:|---:|"]
    totals = dict.fromkeys(KINDS, 0)

    def total(label: str) -> None:
        lines.append(f"| **{label}** | " + " | ".join(
            f"**{words['hours'].format(h=totals[k])}**" for k in KINDS) + " | | |")

    # the core chapters, their sum, then the optional ones and the sum of all
    core_summed = False
    for number, page, title in sorted(chapters(lang), key=lambda c: known[c[1]].optional):
        n = known[page]
        if n.optional and not core_summed:
            total(words["core"])
            core_summed = True
        hours = {k: sum(s.hours for s in n.plan if s.kind == k) for k in KINDS}
        for k in KINDS:
            totals[k] += hours[k]
        problems = sum(1 for p in _problems().values() if p.chapter == page)
        cells = [words["hours"].format(h=hours[k]) if hours[k] else "" for k in KINDS]
        mark = f" ({words['optional']})" if n.optional else ""
        lines.append(f"| [{number}. {title}](#notes-{page}){mark} | " + " | ".join(cells)
                     + f" | {len(by_page.get(page, []))} | {problems} |")
    total(words["all"] if any(n.optional for n in known.values()) else words["total"])
    return "\n".join(lines) + "\n"


def syllabus_appendix(lang: str = "en") -> str:
    """The English guide's appendix: each chapter's mapping to the French syllabus
    (MP2I/MPI), which an English lecturer does not teach from, gathered after the notes."""
    known = notes()
    out = ["## Optional appendix: the French CPGE syllabus, chapter by chapter "
           "{: #syllabus-appendix }\n",
           "This appendix is optional: it is for those who teach the module in France. "
           "The course was first written for the two-player reachability games of the "
           "French CPGE computer-science syllabus (MP2I/MPI, the two years before the "
           "grandes écoles). This appendix maps each chapter to that syllabus, quoting its "
           "words in French where the course's source texts give them; the "
           "[notes on the sources](sources.md) list those texts' slips.\n"]
    for number, page, title in chapters(lang):
        n = known[page]
        out.append(f"### {WORDS[lang]['course']} {number}: {title} "
                   f"{{: #notes-{page}-syllabus }}\n")
        out.append(fill(n.syllabus[lang], n, lang))
    return "\n".join(out)
