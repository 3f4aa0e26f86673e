"""A pacing of the course over a term, made from the teaching notes' plans
(``docs/teaching/*.yaml``): the core chapters' sessions, in the course's order, packed
into weeks of :data:`WEEKLY_HOURS` hours without splitting a session; the optional
chapters (``optional: true``, outside the syllabus) after them, in weeks of their own.
Every number the guide prints here is summed from the plans, never typed."""

from __future__ import annotations

from dataclasses import dataclass

from coursebuild import editions, teaching_notes

WEEKLY_HOURS = 4
"""The hours a week the pacing gives the course (lecture, tutorial and lab together)."""
TERM_WEEKS = (8, 12)
"""The length of a real term's module, in weeks: the core must fit in it."""


@dataclass(frozen=True)
class Slot:
    """One session placed in a week."""

    number: int                      # the chapter's number in the students' book
    page: str
    title: str
    kind: str                        # lecture, tutorial or lab
    hours: int
    optional: bool


def weeks(lang: str, per_week: int = WEEKLY_HOURS) -> list[list[Slot]]:
    """The weeks of the pacing: the core's sessions packed in order, then the optional
    chapters', starting a new week (a session longer than ``per_week`` has a week)."""
    known = teaching_notes.notes()
    out: list[list[Slot]] = []
    for optional in (False, True):
        week: list[Slot] = []
        for number, page, title in editions.chapters(lang):
            n = known[page]
            if n.optional != optional:
                continue
            for s in n.plan:
                if week and sum(x.hours for x in week) + s.hours > per_week:
                    out.append(week)
                    week = []
                week.append(Slot(number, page, title, s.kind, s.hours, optional))
        if week:
            out.append(week)
    return out


WORDS = {
    "fr": {"title": "Une progression sur un semestre", "week": "Semaine",
           "sessions": "Séances", "hours": "Heures",
           "intro": "À {per} h par semaine (cours, TD et TP ensemble), les séances des "
                    "chapitres du cœur, dans l'ordre du cours, remplissent {core_weeks} "
                    "semaines ({core} h) ; les chapitres facultatifs ({optional} h) en "
                    "prennent encore {optional_weeks}, pour un semestre de {all_weeks} "
                    "semaines. "
                    "Une séance n'est jamais coupée entre deux semaines.",
           "optional": "facultatif", "chapter": "Chapitre {n}", "colon": " : "},
    "en": {"title": "A pacing for a module of 8 to 12 weeks", "week": "Week",
           "sessions": "Sessions", "hours": "Hours",
           "intro": "At {per} h a week (lecture, tutorial and lab together), the sessions "
                    "of the core chapters, in the course's order, fill {core_weeks} weeks "
                    "({core} h); the optional chapters ({optional} h) take {optional_weeks} more, "
                    "for a module of {all_weeks} weeks. A session is never split between "
                    "two weeks.",
           "optional": "optional", "chapter": "Chapter {n}", "colon": ": "},
}


def _word(kind: str) -> str:
    """A session's kind inside a sentence: ``lecture``, ``cours``, but ``TD``, ``TP``."""
    return kind if kind.isupper() else kind.lower()


def markdown(lang: str) -> str:
    """The pacing as the guide shows it: a sentence of sums, then a table of weeks."""
    words, kinds = WORDS[lang], teaching_notes.WORDS[lang]
    plan = weeks(lang)
    core = [w for w in plan if not w[0].optional]
    optional = [w for w in plan if w[0].optional]
    hours = {o: sum(s.hours for w in plan for s in w if s.optional == o) for o in (False, True)}
    out = [f"### {words['title']} {{: #pacing }}\n",
           words["intro"].format(per=WEEKLY_HOURS, core_weeks=len(core), core=hours[False],
                                 optional=hours[True], optional_weeks=len(optional),
                                 all_weeks=len(plan)) + "\n",
           f"| {words['week']} | {words['sessions']} | {words['hours']} |",
           "|---:|---|---:|"]
    for k, week in enumerate(plan, 1):
        groups: list[list[Slot]] = []       # the week's sessions, chapter by chapter
        for s in week:
            if groups and groups[-1][0].number == s.number:
                groups[-1].append(s)
            else:
                groups.append([s])
        cells = (" ; " if lang == "fr" else "; ").join(
            f"[{words['chapter'].format(n=g[0].number)}](#notes-{g[0].page})"
            + (f" ({words['optional']})" if g[0].optional else "") + words["colon"]
            + ", ".join(f"{_word(kinds[s.kind])} {kinds['hours'].format(h=s.hours)}"
                        for s in g) for g in groups)
        out.append(f"| {k} | {cells} | {kinds['hours'].format(h=sum(s.hours for s in week))} |")
    return "\n".join(out) + "\n"
