"""The course's weeks: the teaching notes' plans (``docs/teaching/*.yaml``), the chapters'
sessions in the course's order, packed into weeks of :data:`WEEKLY_HOURS` hours without
splitting a session, the optional chapters (``optional: true``) after them in weeks of
their own; and the week in which each chapter is done (its last session's). The guide's
pacing (:mod:`coursebuild.products.pacing`) prints them, and ``make colles WEEK=n``
(:mod:`coursebuild.products.sheets.colles`) draws from the chapters done by week n."""

from __future__ import annotations

from dataclasses import dataclass

from coursebuild.course import teaching_notes
from coursebuild.typeset import editions

WEEKLY_HOURS = 4
"""The hours a week the pacing gives the course (lecture, tutorial and lab together)."""


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


def done_in(lang: str = "fr") -> dict[str, int]:
    """Each chapter's page and the week (from 1) of its last session, in the course's
    order."""
    out: dict[str, int] = {}
    for k, week in enumerate(weeks(lang), 1):
        for s in week:
            out[s.page] = k
    return out
