"""How the guide spreads the course over time. The short progressions
(``docs/data/progressions.yaml``: a compact core, a variant for non-specialists), each a
few sessions and the chapters it leaves as options; then a pacing of the whole course
over a term, made from the teaching notes' plans (``docs/teaching/*.yaml``): the
chapters' sessions, in the course's order, packed into weeks of :data:`WEEKLY_HOURS`
hours without splitting a session; the optional chapters (``optional: true``, outside
the syllabus) after them, in weeks of their own. Every number the guide prints here is
summed from the sessions and the plans, never typed."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from coursebuild.course import teaching_notes
from coursebuild.paths import ROOT
from coursebuild.typeset import editions
from coursebuild.typeset.weeks import WEEKLY_HOURS, Slot, weeks

PROGRESSIONS = ROOT / "docs" / "data" / "progressions.yaml"
_LINKS = re.compile(r"\{\{(?P<kind>exs?|Exs?|bank):(?P<arg>[\w.,-]+)\}\}")

TERM_WEEKS = (8, 12)
"""The length of a real term's module, in weeks: the core must fit in it."""


WORDS = {
    "fr": {"title": "Le cours entier, semaine par semaine", "week": "Semaine",
           "sessions": "Séances", "hours": "Heures",
           "intro": "Pour qui traite le cours en entier, avec le plan complet de chaque "
                    "chapitre, sur plusieurs semestres ou dans une option : à {per} h par "
                    "semaine (cours, TD et TP ensemble), les séances des chapitres qui ne "
                    "sont pas facultatifs, dans l'ordre du cours, remplissent {core_weeks} "
                    "semaines ({core} h) ; les chapitres facultatifs ({optional} h) en "
                    "prennent encore {optional_weeks}, pour {all_weeks} semaines en tout. "
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


# ---------------------------------------------------------------------------------------
# the short progressions


class ProgressionError(ValueError):
    """A progressions file that cannot be read (the message names the file and the key)."""


@dataclass(frozen=True)
class Session:
    """One session of a progression, drawing on some chapters (their pages)."""

    kind: str                        # lecture, tutorial or lab
    hours: int
    chapters: tuple[str, ...]
    text: Mapping[str, str]


@dataclass(frozen=True)
class Progression:
    """A short progression: its sessions, and the chapters it leaves as options."""

    id: str
    title: Mapping[str, str]
    intro: Mapping[str, str]
    sessions: tuple[Session, ...]
    options: tuple[str, ...]

    def hours(self, kind: str | None = None) -> int:
        """The hours of its sessions (of one kind)."""
        return sum(s.hours for s in self.sessions if kind in (None, s.kind))


def _fail(where: str, message: str) -> ProgressionError:
    return ProgressionError(f"{PROGRESSIONS.relative_to(ROOT)}: {where}: {message}")


def _texts(where: str, value: object) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(teaching_notes.LANGS) or not all(
            isinstance(value[lang], str) and value[lang].strip() for lang in value):
        raise _fail(where, "give both languages, each a text (fr: and en:)")
    return {lang: " ".join(value[lang].split()) for lang in teaching_notes.LANGS}


def _pages(where: str, value: object, known: Mapping) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise _fail(where, "a list of chapters, by their page ([attractors, strategies])")
    for page in value:
        if page not in known:
            raise _fail(where, f"no chapter {page!r} (chapters: {', '.join(known)})")
    return tuple(value)


def _references(where: str, texts: Mapping[str, str]) -> None:
    """Refuse an exercise or a problem that does not exist, and any other ``{{...}}``."""
    from coursebuild.sources import exercise_source

    known = {"ex": exercise_source.exercises(), "bank": teaching_notes._problems()}
    for lang, text in texts.items():
        for m in re.finditer(r"\{\{[^}]*\}\}", text):
            link = _LINKS.fullmatch(m[0])
            names = link["arg"].split(",") if link else []
            kind = link["kind"].lower().rstrip("s") if link else ""
            if link is None or any(n not in known[kind] for n in names) or \
                    (link["kind"].lower() == "exs") != (len(names) > 1):
                raise _fail(f"{where}.{lang}", f"{m[0]} names no exercise or problem "
                            "({{ex:ID}}, {{exs:ID,ID}}, {{bank:ID}})")


def read(text: str | None = None) -> tuple[Progression, ...]:
    """The progressions, checked: each session's kind, hours and chapters, each option a
    chapter that none of its sessions draws on."""
    from arena._yaml import load_yaml
    from arena.errors import ArenaError

    try:
        data = load_yaml(PROGRESSIONS.read_text("utf-8") if text is None else text,
                         PROGRESSIONS)
    except ArenaError as exc:
        raise ProgressionError(str(exc)) from None
    items = data.get("progressions") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise _fail("progressions", "a list of progressions")
    known = teaching_notes.notes()
    out = []
    for k, item in enumerate(items, 1):
        where = f"progressions[{k}]"
        if not isinstance(item, dict) or set(item) != {"id", "title", "intro", "sessions",
                                                       "options"}:
            raise _fail(where, "a progression is id:, title:, intro:, sessions: and options:")
        sessions = []
        for j, s in enumerate(item["sessions"] or [], 1):
            at = f"{where}.sessions[{j}]"
            if not isinstance(s, dict) or set(s) != {"kind", "hours", "chapters", "fr", "en"}:
                raise _fail(at, "a session is kind:, hours:, chapters:, fr: and en:")
            if s["kind"] not in teaching_notes.KINDS:
                raise _fail(at, f"kind {s['kind']!r} is none of "
                            f"{', '.join(teaching_notes.KINDS)}")
            hours = str(s["hours"])
            if not hours.isdigit() or int(hours) == 0:
                raise _fail(at, f"hours {hours!r} is not a whole number of hours")
            texts = _texts(at, {lang: s[lang] for lang in teaching_notes.LANGS})
            _references(at, texts)
            sessions.append(Session(s["kind"], int(hours),
                                    _pages(f"{at}.chapters", s["chapters"], known), texts))
        if not sessions:
            raise _fail(f"{where}.sessions", "at least one session")
        options = _pages(f"{where}.options", item["options"], known)
        drawn = {page for s in sessions for page in s.chapters}
        if drawn & set(options):
            raise _fail(f"{where}.options", f"{sorted(drawn & set(options))[0]} is drawn "
                        "on by a session: an option is a chapter the sessions leave")
        out.append(Progression(str(item["id"]), _texts(f"{where}.title", item["title"]),
                               _texts(f"{where}.intro", item["intro"]), tuple(sessions),
                               options))
    return tuple(out)


@cache
def progressions() -> tuple[Progression, ...]:
    return read()


SHORT = {
    "fr": {"session": "**{kind}, {hours}** ({chapters}).", "chapter": "chapitre",
           "chapters": "chapitres", "and": " et ",
           "total": "**En tout : {total}**, dont {parts}.",
           "part": {"lecture": "{h} de cours", "tutorial": "{h} de TD", "lab": "{h} de TP"},
           "options": "En option, chacun avec le plan complet de ses notes, plus bas :",
           "slides": "Diapositives\u00a0: {decks}.",
           "sheets": {"lecture": "Fiches de synthèse\u00a0: {files}.",
                      "tutorial": "Feuilles de TD et corrigés\u00a0: {files}.",
                      "lab": "Fiche de TP\u00a0: {files}."},
           "sheet": {"lecture": "Fiche de synthèse\u00a0: {files}."},
           "project": "à projeter depuis le site",
           "plans": "Les plans complets, chapitre par chapitre"},
    "en": {"session": "**{kind}, {hours}** ({chapters}).", "chapter": "chapter",
           "chapters": "chapters", "and": " and ",
           "total": "**In all: {total}**: {parts}.",
           "part": {"lecture": "{h} of lectures", "tutorial": "{h} of tutorials",
                    "lab": "{h} of labs"},
           "options": "As options, each with the full plan of its notes, below:",
           "slides": "Slides: {decks}.",
           "sheets": {"lecture": "Summaries: {files}.",
                      "tutorial": "Tutorial sheets and answers: {files}.",
                      "lab": "Lab brief: {files}."},
           "sheet": {"lecture": "Summary: {files}."},
           "project": "to project from the site",
           "plans": "The full plans, chapter by chapter"},
}


def _listed(items: list[str], lang: str) -> str:
    """``a, b et c``."""
    last = SHORT[lang]["and"]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + last + items[-1]


def _write(text: str, lang: str) -> str:
    """A session's text with its exercises and problems written as links."""
    def link(m: re.Match) -> str:
        kind, arg = m["kind"], m["arg"]
        if kind == "bank":
            return f"[*{teaching_notes._problems()[arg].title[lang]}*](bank.md#bank-{arg})"
        if kind.lower() == "exs":
            return teaching_notes.exercises_link(arg.split(","), lang, kind == "Exs")
        return teaching_notes.exercise_link(arg, lang, kind == "Ex")

    return _LINKS.sub(link, text)


def handed_out(kind: str, pages: Sequence[str], lang: str,
               sheets: Callable[[str, str], list[str]] | None = None) -> str:
    """What a session of ``kind`` on the chapters ``pages`` projects and hands out, as the
    end of its line (`` Slides: … Summaries: …``, or ``""``): a lecture its chapters'
    decks (``make slides``, and, on the site only, its slide page), then ``sheets(kind, page)``, the
    files of the commands that go with such a session on each chapter."""
    words = SHORT[lang]
    numbers = {page: n for n, page, _ in editions.chapters(lang)}
    out = ""
    if kind == "lecture":         # the decks of make slides it projects
        out = " " + words["slides"].format(decks=_listed(
            [f"`{editions.deck_file(numbers[page], page)}`<span class=\"arena-web-only\"> "
             f"(<a href=\"../slides/{page}/\">{words['project']}</a>)</span>"
             for page in pages], lang))
    handed = [f"`{name}`" for page in pages for name in (sheets(kind, page) if sheets else [])]
    if handed:
        said = words["sheet"] if len(handed) == 1 and kind in words["sheet"] else words["sheets"]
        out += " " + said[kind].format(files=_listed(handed, lang))
    return out


def progression_markdown(p: Progression, lang: str,
                         sheets: Callable[[str, str], list[str]] | None = None) -> str:
    """One short progression: its sessions (each lecture with the decks it projects, and
    with ``sheets(kind, page)``, the sheets that go with a session of that kind on that
    chapter), their sum by kind, then its options with the hours of their full plans."""
    words, kinds = SHORT[lang], teaching_notes.WORDS[lang]
    numbers = {page: (n, title) for n, page, title in editions.chapters(lang)}
    hours = kinds["hours"]
    out = [f"### {p.title[lang]} {{: #progression-{p.id} }}\n", p.intro[lang] + "\n"]
    for k, s in enumerate(p.sessions, 1):
        pages = [f"[{numbers[page][0]}](#notes-{page})" for page in s.chapters]
        chapters = words["chapter" if len(pages) == 1 else "chapters"] + " " + \
            _listed(pages, lang)
        out.append(f"{k}. " + words["session"].format(
            kind=kinds[s.kind], hours=hours.format(h=s.hours), chapters=chapters)
            + " " + _write(s.text[lang], lang).rstrip()
            + handed_out(s.kind, s.chapters, lang, sheets))
    parts = [words["part"][kind].format(h=hours.format(h=p.hours(kind)))
             for kind in teaching_notes.KINDS if p.hours(kind)]
    out += ["", words["total"].format(total=hours.format(h=p.hours()),
                                      parts=_listed(parts, lang)) + "\n", words["options"] + "\n"]
    known = teaching_notes.notes()
    for k, page in enumerate(p.options, 1):
        plan = known[page].plan
        by_kind = ", ".join(f"{_word(kinds[kind])} {hours.format(h=h)}" for kind in
                            teaching_notes.KINDS
                            if (h := sum(s.hours for s in plan if s.kind == kind)))
        end = "." if k == len(p.options) else (" ;" if lang == "fr" else ";")
        number, title = numbers[page]
        out.append(f"- [{number}. {title}](#notes-{page}){WORDS[lang]['colon']}"
                   f"{hours.format(h=sum(s.hours for s in plan))} ({by_kind}){end}")
    return "\n".join(out) + "\n"


def short_markdown(lang: str, sheets: Callable[[str, str], list[str]] | None = None) -> str:
    """Every short progression, in the file's order."""
    return "\n".join(progression_markdown(p, lang, sheets) for p in progressions())
