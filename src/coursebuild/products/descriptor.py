"""The module descriptor of the teachers' guide (issue 61 §2): what
``<!-- descriptor -->`` stands for on ``docs/*/descriptor.md`` (written there by
:func:`coursebuild.documents.guide.expand`). The module's intended learning outcomes, read from
``docs/data/outcomes.yaml``, each with the chapters, exercises and bank problems that
assess it and the problems of the sample exam that do; then the teaching hours, summed
from the chapters' plans (:mod:`coursebuild.course.teaching_notes`), and the assessment, from the
sample paper that :mod:`coursebuild.documents.guide` hands it (read by
:mod:`coursebuild.products.sample_paper`).

The file names exercises and problems by their ids only: their numbers, titles and
chapters are read from the course's own data. It is refused, naming it and the key, when
an outcome lacks a language, names an exercise or a problem that does not exist, or
assesses nothing, and when an exercise or a problem of the bank assesses no outcome."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

SOURCE = ROOT / "docs" / "data" / "outcomes.yaml"
KEYS = {"id", "fr", "en", "exercises", "problems", "optional"}
MARKER = re.compile(r"^<!-- descriptor -->[ \t]*$", re.M)
WORDS = {
    "fr": {"outcomes": "Acquis d'apprentissage visés",
           "lead": "À la fin du module, l'élève sait :",
           "optional": "facultatif",
           "map": "Comment chaque acquis est évalué",
           "map_lead": "Pour chaque acquis, les chapitres qui l'enseignent, les exercices et "
                       "les problèmes de la banque qui l'évaluent, et les problèmes du "
                       "[sujet d'examen complet](teachers.md#sample-paper) qui l'évaluent.",
           "outcome": "Acquis", "chapters": "Chapitres", "exercises": "Exercices",
           "problems": "Problèmes de la banque", "exam": "Sujet d'examen",
           "exam_cell": "problème {n} ({points} points)", "none": "—",
           "hours": "Enseignement et évaluation",
           "teaching": "Enseignement : {lecture} h de cours, {tutorial} h de TD et {lab} h "
                       "de TP pour les chapitres du cœur ({core}), {more} h de plus avec les "
                       "chapitres facultatifs ({optional}) ; la "
                       "[progression](teachers.md) les répartit en séances.",
           "assessment": "Évaluation : le [sujet d'examen complet](teachers.md#sample-paper), "
                         "de {duration}, sur {points} points, évalue les acquis {exam} ; les "
                         "problèmes de la banque donnés en devoir à la maison évaluent aussi "
                         "les autres, chaque élève recevant sa variante."},
    "en": {"outcomes": "Intended learning outcomes",
           "lead": "By the end of this module, students can:",
           "optional": "optional",
           "map": "How each outcome is assessed",
           "map_lead": "For each outcome, the chapters that teach it, the exercises and the "
                       "bank problems that assess it, and the problems of the "
                       "[sample exam paper](teachers.md#sample-paper) that assess it.",
           "outcome": "Outcome", "chapters": "Chapters", "exercises": "Exercises",
           "problems": "Bank problems", "exam": "Sample exam",
           "exam_cell": "problem {n} ({points} marks)", "none": "—",
           "hours": "Teaching and assessment",
           "teaching": "Teaching: {lecture} h of lectures, {tutorial} h of tutorials and "
                       "{lab} h of labs for the core chapters ({core}), {more} h more with "
                       "the optional chapters ({optional}); the [teacher's guide](teachers.md) "
                       "spreads them over a term.",
           "assessment": "Assessment: the [sample exam paper](teachers.md#sample-paper), of "
                         "{duration}, out of {points} marks, assesses outcomes {exam}; the "
                         "bank problems set as homework assess the others too, each student "
                         "with their own variant."},
}


class DescriptorError(ValueError):
    """Outcomes that cannot be right (the message names the file and the key)."""


@dataclass(frozen=True)
class Outcome:
    """One intended learning outcome, and what assesses it (by id)."""

    id: str
    text: Mapping[str, str]
    exercises: tuple[str, ...]
    problems: tuple[str, ...]
    optional: bool = False


def _fail(where: str, message: str) -> DescriptorError:
    return DescriptorError(f"{SOURCE.relative_to(ROOT)}: {where}: {message}")


def _ids(where: str, value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(where, "a list of ids ([a, b])")
    return tuple(value)


def read(text: str | None = None) -> tuple[Outcome, ...]:
    """The outcomes, checked against the exercises and the bank."""
    from arena._yaml import load_yaml
    from arena.errors import ArenaError
    from coursebuild.course import bank
    from coursebuild.sources import exercise_source

    try:
        data = load_yaml(SOURCE.read_text("utf-8") if text is None else text, SOURCE)
    except ArenaError as exc:
        raise DescriptorError(str(exc)) from None
    items = data.get("outcomes") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise _fail("outcomes", "a list of outcomes")
    exercises, problems = exercise_source.exercises(), bank.problems()
    out, seen = [], set()
    for k, item in enumerate(items, 1):
        where = f"outcomes[{k}]"
        if not isinstance(item, dict):
            raise _fail(where, "an outcome is id:, fr:, en:, exercises: and problems:")
        unknown = set(item) - KEYS
        if unknown:
            raise _fail(f"{where}.{sorted(unknown)[0]}",
                        f"unknown key (keys: {', '.join(sorted(KEYS))})")
        oid = item.get("id")
        if not isinstance(oid, str) or not oid or oid in seen:
            raise _fail(f"{where}.id", "each outcome has its own id")
        seen.add(oid)
        for lang in LANGS:
            if not isinstance(item.get(lang), str) or not item[lang].strip():
                raise _fail(f"{where}.{lang}", "give both languages (fr: and en:)")
        ex = _ids(f"{where}.exercises", item.get("exercises"))
        pb = _ids(f"{where}.problems", item.get("problems"))
        for key, ids, known in (("exercises", ex, exercises), ("problems", pb, problems)):
            for name in ids:
                if name not in known:
                    raise _fail(f"{where}.{key}", f"no {key[:-1]} {name!r} in the course")
        if not ex and not pb:
            raise _fail(where, f"the outcome {oid} is assessed by no exercise and no problem")
        optional = {True: True, False: False, "true": True, "false": False}.get(
            item.get("optional", False))
        if optional is None:
            raise _fail(f"{where}.optional", f"true or false, not {item['optional']!r}")
        out.append(Outcome(oid, {lang: " ".join(item[lang].split()) for lang in LANGS},
                           ex, pb, optional))
    for key, known in (("exercises", exercises), ("problems", problems)):
        assessed = {name for o in out for name in getattr(o, key)}
        left = [name for name in known if name not in assessed]
        if left:
            raise _fail("outcomes", f"the {key[:-1]} {left[0]} assesses no outcome "
                        f"(add it to an outcome's {key})")
    return tuple(out)


@cache
def outcomes() -> tuple[Outcome, ...]:
    return read()


def forget() -> None:
    """Read the file again at the next use (a long-running server rebuilds)."""
    outcomes.cache_clear()


def exam_problems(outcome: Outcome, paper: tuple[str, ...]) -> list[tuple[int, str, int]]:
    """The problems of the sample exam ``paper`` (their ids, in its order) that assess
    ``outcome``: (their number in the paper, their id, their marks, summed from the
    marking scheme of the sample variant the paper prints)."""
    return [(k, pid, _marks(pid)) for k, pid in enumerate(paper, 1)
            if pid in outcome.problems]


def _marks(pid: str) -> int:
    """A problem's marks on the sample exam: its sample variant's marking scheme, summed."""
    from coursebuild.course.bank_samples import question_marks, sample

    return sum(question_marks(sample(pid).marking["en"]))


def chapters_of(outcome: Outcome) -> list[int]:
    """The chapters whose exercises or problems assess ``outcome``, in the course's order
    (their numbers in the students' book)."""
    from coursebuild.course import bank
    from coursebuild.sources import exercise_source
    from coursebuild.typeset import editions

    numbers = {page: n for n, page, _ in editions.chapters("en")}
    pages = {exercise_source.get(e).page for e in outcome.exercises}
    pages |= {bank.problems()[p].chapter for p in outcome.problems}
    return sorted(numbers[p] for p in pages)


def _order(exercise) -> tuple[int, ...]:
    """An exercise's place in the book: its number, 9.5 before 9.10."""
    return tuple(int(k) for k in exercise.number.split("."))


def _numbers(numbers: list[int], lang: str) -> str:
    """``1, 2 and 3`` (``1, 2 et 3``)."""
    words = [str(n) for n in numbers]
    last = " et " if lang == "fr" else " and "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + last + words[-1]


def markdown(lang: str, paper: tuple[str, ...], minutes: int) -> str:
    """The descriptor page's body: the outcomes, their assessment, the hours. ``paper``
    is the sample exam's problems (ids, in order) and ``minutes`` its time."""
    from coursebuild.course import bank, teaching_notes
    from coursebuild.typeset import editions
    from coursebuild.typeset.texts import duration_tex

    words, items = WORDS[lang], outcomes()
    pages = {n: page for n, page, _ in editions.chapters(lang)}
    problems = bank.problems()
    out = [f"## {words['outcomes']} {{: #descriptor-outcomes }}\n", words["lead"] + "\n"]
    for k, o in enumerate(items, 1):
        mark = f" *({words['optional']})*" if o.optional else ""
        out.append(f"{k}. {o.text[lang]}{mark}")
    out += ["", f"## {words['map']} {{: #descriptor-assessment }}\n", words["map_lead"] + "\n",
            f"| {words['outcome']} | {words['chapters']} | {words['exercises']} | "
            f"{words['problems']} | {words['exam']} |", "|---:|---|---|---|---|"]
    from coursebuild.sources import exercise_source

    for k, o in enumerate(items, 1):
        chapters = ", ".join(f"[{n}]({pages[n]}.md)" for n in chapters_of(o))
        exercises = ", ".join(f"[{e.number}]({e.page}.md#{e.anchor})"
                              for e in sorted(map(exercise_source.get, o.exercises),
                                            key=_order)) or words["none"]
        bank_cells = "; ".join(f"[{problems[p].title[lang]}](bank.md#bank-{p})"
                               for p in o.problems) or words["none"]
        exam = "; ".join(words["exam_cell"].format(n=n, points=points)
                         for n, _, points in exam_problems(o, paper)) or words["none"]
        out.append(f"| {k} | {chapters} | {exercises} | {bank_cells} | {exam} |")
    known = teaching_notes.notes()
    core = [n for n, page in pages.items() if not known[page].optional]
    optional = [n for n, page in pages.items() if known[page].optional]
    hours = {kind: sum(s.hours for n in core for s in known[pages[n]].plan if s.kind == kind)
             for kind in teaching_notes.KINDS}
    more = sum(s.hours for n in optional for s in known[pages[n]].plan)
    exam = [k for k, o in enumerate(items, 1) if exam_problems(o, paper)]
    total = sum(_marks(pid) for pid in paper)
    out += ["", f"## {words['hours']} {{: #descriptor-hours }}\n",
            words["teaching"].format(core=_span(core, lang), optional=_span(optional, lang),
                                     more=more, **hours) + "\n",
            words["assessment"].format(duration=duration_tex(minutes, lang).replace("~", " "),
                                       points=total, exam=_numbers(exam, lang)) + "\n"]
    return "\n".join(out)


def _span(numbers: list[int], lang: str) -> str:
    """``chapters 1 to 9`` when the numbers follow each other, else their list."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return (f"chapitres {numbers[0]} à {numbers[-1]}" if lang == "fr"
                else f"chapters {numbers[0]} to {numbers[-1]}")
    word = ("chapitre" if lang == "fr" else "chapter") + ("s" if len(numbers) > 1 else "")
    return f"{word} {_numbers(numbers, lang)}"
