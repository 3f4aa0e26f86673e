"""The teaching notes of the teachers' guide, written once per chapter, as read from
``docs/teaching`` and checked (the guide's text is :mod:`coursebuild.products.teaching`).

For each chapter of the course, ``docs/teaching/NN-PAGE.yaml`` says in both languages
(``NN`` is the chapter's number in the students' book, ``PAGE`` its page):

- ``outcomes``: what a student can do after the chapter (a Markdown list);
- ``syllabus``: the syllabus items it covers, in the French programme's own words where
  the course's source texts give them (quoted, with the text that says them), otherwise
  said plainly (a Markdown list);
- ``plan``: a suggested plan in sessions, each a ``kind`` (lecture, tutorial or lab),
  its ``hours`` and what it does;
- ``misconceptions``: the mistakes students make, each with its ``title``, what the
  student believes or does (``belief``) and what reveals it (``reveal``): an exercise, a
  bank problem, or a counterexample computed by the library;
- ``notebook``: the chapter's notebook, if it has one;
- ``prerequisites``: what the chapter uses that the students met before (graphs, BFS,
  topological order, recursion, ...), each with where they met it (a Markdown list);
- ``optional``: ``true`` for a chapter outside the syllabus (its hours are summed apart
  from the core's);
- ``oral``: 3 to 5 oral questions (colles), each a ``question`` and its ``answer``, an
  answer's numbers written as ``{{fact:NAME}}`` (computed), never typed.

The bank's problems that fit the chapter are not written here: their table is made from
the bank's own data (:func:`coursebuild.course.bank.problems`: chapter, uses, minutes, points,
title).

A text names what it refers to, and the build writes its current number or value:
``{{ex:ID}}`` an exercise (``exercise 3.4``, linked; ``{{Ex:ID}}`` at a sentence's
start), ``{{exs:ID,ID}}`` several (``exercises 3.4 and 3.5``), ``{{bank:ID}}`` a problem
of the bank, ``{{fact:NAME}}`` a fact that :data:`coursebuild.course.teaching_facts.NOTE_FACTS`
computes, ``{{notebook}}`` the chapter's notebook (``{{Notebook}}`` at a sentence's
start). ``<!-- teaching -->`` in the guide stands for the overview table and every
chapter's notes (:func:`coursebuild.documents.guide.expand`); this module refuses, naming the file
and the key, a language missing, an unknown key, kind or reference. It sits with the
facts its references name, below the guide's writers (:mod:`coursebuild.products.teaching`,
:mod:`coursebuild.products.pacing`), which read the notes here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

SOURCES = ROOT / "docs" / "teaching"
KINDS = ("lecture", "tutorial", "lab")
KEYS = {"page", "notebook", "outcomes", "syllabus", "plan", "misconceptions",
        "prerequisites", "optional", "oral"}
ORAL = (3, 5)                         # how many oral questions a chapter has
REFERENCE = re.compile(r"\{\{(?P<kind>exs?|Exs?|bank|fact|notebook|Notebook)"
                       r"(?::(?P<arg>[\w.,-]+))?\}\}")
_FILE = re.compile(r"(?P<chapter>\d\d)-(?P<page>[a-z]+)\.yaml")
WORDS = {
    "fr": {"lecture": "Cours", "tutorial": "TD", "lab": "TP", "exercise": "exercice",
           "chapter": "Chapitre {n} : {title}", "outcomes": "Ce que l'élève sait faire ensuite",
           "syllabus": "Programme", "plan": "Un plan en séances",
           "misconceptions": "Les erreurs des élèves", "bank": "Problèmes de la banque",
           "reveals": "Ce qui la révèle", "notebook": "le carnet {title}",
           "hours": "{h} h", "total": "Total", "course": "Chapitre",
           "exercises": "Exercices", "problems": "Problèmes",
           "none": "pas d'exercice", "from": "exercices {a} à {b}",
           "no_bank": "La banque n'a pas de problème pour ce chapitre.",
           "context": "[{title}]({page}.md) : {exercises} ; {notebook}.",
           "prerequisites": "Prérequis", "oral": "Questions de colle",
           "answer": "Réponse", "optional": "facultatif, hors programme",
           "core": "Total sans les chapitres facultatifs",
           "all": "Total avec les chapitres facultatifs"},
    "en": {"lecture": "Lecture", "tutorial": "Tutorial", "lab": "Lab", "exercise": "exercise",
           "chapter": "Chapter {n}: {title}",
           "outcomes": "By the end of this chapter, students can",
           "syllabus": "Syllabus", "plan": "A plan in sessions",
           "misconceptions": "Students' misconceptions", "bank": "Bank problems",
           "reveals": "What reveals it", "notebook": "the notebook {title}",
           "hours": "{h} h", "total": "Total", "course": "Chapter",
           "exercises": "Exercises", "problems": "Problems",
           "none": "no exercise", "from": "exercises {a} to {b}",
           "no_bank": "The bank has no problem for this chapter.",
           "context": "[{title}]({page}.md): {exercises}; {notebook}.",
           "prerequisites": "Prerequisites", "oral": "Oral questions",
           "answer": "Answer", "optional": "optional",
           "core": "Core total", "all": "Total with the optional chapters"},
}


class NotesError(ValueError):
    """Teaching notes that cannot be read (the message names the file and the key)."""


@dataclass(frozen=True)
class Session:
    """One session of a chapter's plan."""

    kind: str                         # lecture, tutorial or lab
    hours: int
    text: Mapping[str, str]


@dataclass(frozen=True)
class Misconception:
    """A mistake students make, and what reveals it."""

    title: Mapping[str, str]
    belief: Mapping[str, str]
    reveal: Mapping[str, str]


@dataclass(frozen=True)
class Oral:
    """An oral question (colle) and its answer."""

    question: Mapping[str, str]
    answer: Mapping[str, str]


@dataclass(frozen=True)
class Notes:
    """The teaching notes of one chapter, as its file writes them."""

    chapter: int                      # its number in the students' book
    page: str                         # its page ("attractors")
    notebook: str                     # "03-attractors", or "" without a notebook
    outcomes: Mapping[str, str]
    syllabus: Mapping[str, str]
    plan: tuple[Session, ...]
    misconceptions: tuple[Misconception, ...]
    path: Path = SOURCES
    prerequisites: Mapping[str, str] | None = None
    optional: bool = False
    oral: tuple[Oral, ...] = ()

    def texts(self) -> list[tuple[str, Mapping[str, str]]]:
        """Every text of the notes, with the key it is under."""
        out = [("outcomes", self.outcomes), ("syllabus", self.syllabus)]
        out += [(f"plan[{k}]", s.text) for k, s in enumerate(self.plan, 1)]
        for k, m in enumerate(self.misconceptions, 1):
            out += [(f"misconceptions[{k}].{key}", getattr(m, key))
                    for key in ("title", "belief", "reveal")]
        if self.prerequisites:
            out.append(("prerequisites", self.prerequisites))
        for k, o in enumerate(self.oral, 1):
            out += [(f"oral[{k}].question", o.question), (f"oral[{k}].answer", o.answer)]
        return out


# ---------------------------------------------------------------------------------------
# reading


def _fail(path: Path, where: str, message: str) -> NotesError:
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return NotesError(f"{shown}: {where}: {message}")


def _bilingual(path: Path, where: str, value: object) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise _fail(path, where, "give both languages (fr: and en:)")
    out = {}
    for lang in LANGS:
        text = value[lang]
        if not isinstance(text, str) or not text.strip():
            raise _fail(path, where, f"{lang} is empty")
        out[lang] = text.strip() + "\n"
    return out


def _items(path: Path, where: str, value: object) -> dict[str, str]:
    """A Markdown list in both languages, with as many items in each."""
    texts = _bilingual(path, where, value)
    counts = {lang: len(re.findall(r"^- ", texts[lang], re.M)) for lang in LANGS}
    if not counts["fr"] or counts["fr"] != counts["en"]:
        raise _fail(path, where, f"a list (lines starting with '- ') with as many items in "
                    f"both languages ({counts['fr']} in fr, {counts['en']} in en)")
    return texts


def read_file(path: Path) -> Notes:
    """One chapter's notes, checked (references are checked by :func:`check_references`)."""
    from arena._yaml import load_yaml
    from arena.errors import ArenaError

    m = _FILE.fullmatch(path.name)
    if m is None:
        raise _fail(path, "name", "a notes file is named NN-PAGE.yaml (03-attractors.yaml)")
    try:
        data = load_yaml(path.read_text(encoding="utf-8"), path)
    except ArenaError as exc:
        raise NotesError(str(exc)) from None
    if not isinstance(data, dict) or data.get("page") != m["page"]:
        raise _fail(path, "page", f"the file holds 'page: {m['page']}'")
    unknown = set(data) - KEYS
    if unknown:
        raise _fail(path, sorted(unknown)[0], f"unknown key (keys: {', '.join(sorted(KEYS))})")
    notebook = data.get("notebook") or ""
    if notebook and not (ROOT / "docs" / "notebooks" / f"{notebook}.py").is_file():
        raise _fail(path, "notebook", f"no notebook docs/notebooks/{notebook}.py")
    plan = []
    for k, item in enumerate(data.get("plan") or [], 1):
        where = f"plan[{k}]"
        if not isinstance(item, dict) or set(item) != {"kind", "hours", "fr", "en"}:
            raise _fail(path, where, "a session is kind:, hours:, fr: and en:")
        if item["kind"] not in KINDS:
            raise _fail(path, where, f"kind {item['kind']!r} is none of {', '.join(KINDS)}")
        hours = str(item["hours"])
        if not hours.isdigit() or int(hours) == 0:
            raise _fail(path, where, f"hours {hours!r} is not a whole number of hours")
        plan.append(Session(item["kind"], int(hours),
                            _bilingual(path, where, {lang: item[lang] for lang in LANGS})))
    misconceptions = []
    for k, item in enumerate(data.get("misconceptions") or [], 1):
        where = f"misconceptions[{k}]"
        if not isinstance(item, dict) or set(item) != {"title", "belief", "reveal"}:
            raise _fail(path, where, "a misconception is title:, belief: and reveal:")
        title = _bilingual(path, f"{where}.title", item["title"])
        if any("\n" in t.strip() for t in title.values()):
            raise _fail(path, f"{where}.title", "a title is one line")
        misconceptions.append(Misconception(
            title, _bilingual(path, f"{where}.belief", item["belief"]),
            _bilingual(path, f"{where}.reveal", item["reveal"])))
    if not plan or not misconceptions:
        raise _fail(path, "plan" if not plan else "misconceptions", "at least one")
    oral = []
    for k, item in enumerate(data.get("oral") or [], 1):
        where = f"oral[{k}]"
        if not isinstance(item, dict) or set(item) != {"question", "answer"}:
            raise _fail(path, where, "an oral question is question: and answer:")
        oral.append(Oral(_bilingual(path, f"{where}.question", item["question"]),
                         _bilingual(path, f"{where}.answer", item["answer"])))
    if not ORAL[0] <= len(oral) <= ORAL[1]:
        raise _fail(path, "oral", f"{ORAL[0]} to {ORAL[1]} oral questions, not {len(oral)}")
    optional = {True: True, False: False, "true": True, "false": False}.get(
        data.get("optional", False))
    if optional is None:
        raise _fail(path, "optional", f"true or false, not {data['optional']!r}")
    return Notes(chapter=int(m["chapter"]), page=m["page"], notebook=notebook,
                 outcomes=_items(path, "outcomes", data.get("outcomes")),
                 syllabus=_items(path, "syllabus", data.get("syllabus")),
                 plan=tuple(plan), misconceptions=tuple(misconceptions), path=path,
                 prerequisites=_items(path, "prerequisites", data.get("prerequisites")),
                 optional=optional, oral=tuple(oral))


def check_references(notes: Notes) -> None:
    """Refuse a reference to an exercise, a problem or a fact that does not exist, a
    ``{{notebook}}`` in a chapter without one, and a misconception whose ``reveal``
    names nothing that reveals it (an exercise, a problem, a fact or a figure)."""
    from coursebuild.course.teaching_facts import NOTE_FACTS
    from coursebuild.sources import exercise_source

    problems = _problems()
    exercises = exercise_source.exercises()
    for where, text in notes.texts():
        for lang in LANGS:
            for m in REFERENCE.finditer(text[lang]):
                kind, arg = m["kind"], m["arg"]
                known = {"ex": exercises, "bank": problems,
                         "fact": NOTE_FACTS}.get(kind.lower().rstrip("s"))
                if kind in ("notebook", "Notebook"):
                    if arg is not None or not notes.notebook:
                        raise _fail(notes.path, f"{where}.{lang}", f"{m[0]}: the chapter's "
                                    "notebook is written {{notebook}}, where it has one")
                    continue
                names = (arg or "").split(",") if kind.lower() == "exs" else [arg]
                if known is None or any(name not in known for name in names) \
                        or (kind.lower() == "exs") != (len(names) > 1):
                    raise _fail(notes.path, f"{where}.{lang}", f"{m[0]} names no "
                                f"{'exercise' if kind.lower().startswith('ex') else kind} "
                                "(several exercises: {{exs:ID,ID}})")
    for k, item in enumerate(notes.misconceptions, 1):
        for lang in LANGS:
            found = {m["kind"].lower().rstrip("s") for m in REFERENCE.finditer(item.reveal[lang])}
            if not found & {"ex", "bank", "fact"} and "<!-- figure:" not in \
                    item.reveal[lang]:
                raise _fail(notes.path, f"misconceptions[{k}].reveal.{lang}",
                            "name the exercise, the problem or the counterexample "
                            "({{ex:ID}}, {{bank:ID}}, {{fact:NAME}}) that reveals it")


def files() -> list[Path]:
    return sorted(SOURCES.glob("*.yaml"))


@cache
def _all() -> tuple[Notes, ...]:
    out = tuple(read_file(path) for path in files())
    for notes in out:
        check_references(notes)
    return out


def forget() -> None:
    """Read the files again at the next use (a long-running server rebuilds)."""
    _all.cache_clear()


def notes() -> dict[str, Notes]:
    """Every chapter's notes, by page, in the course's order."""
    return {n.page: n for n in _all()}


def exercise_link(exercise_id: str, lang: str, capital: bool = False) -> str:
    """``exercise 3.4``, linked to the exercise (``Exercise`` with ``capital``)."""
    from coursebuild.sources import exercise_source

    e = exercise_source.get(exercise_id)
    word = WORDS[lang]["exercise"]
    return f"[{word.capitalize() if capital else word} {e.number}]({e.page}.md#{e.anchor})"


def exercises_link(exercise_ids: list[str], lang: str, capital: bool = False) -> str:
    """``exercises 1.4, 1.5 and 1.6``, each number linked to its exercise."""
    from coursebuild.sources import exercise_source

    word = WORDS[lang]["exercises"].lower()
    links = [f"[{e.number}]({e.page}.md#{e.anchor})"
             for e in map(exercise_source.get, exercise_ids)]
    last = " et " if lang == "fr" else " and "
    return (word.capitalize() if capital else word) + " " + ", ".join(links[:-1]) + last \
        + links[-1]


def _problems() -> dict:
    from coursebuild.course import bank_samples

    module = bank_samples.bank()
    return module.problems() if module is not None else {}
