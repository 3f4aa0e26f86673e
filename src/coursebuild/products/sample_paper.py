"""The teachers' guide's sample exam paper (issue 49 §3), from
``docs/data/sample-paper.yaml``: problems of the bank fit for an exam, whose sample
variants the teachers' book prints with their solutions and marking schemes (its chapter
on the bank), the paper's points and time summed from the bank's data, grade descriptors
whose point bands are computed from the paper's total, and worked partial credit for
typical half-right answers, each mark checked against its question's points in the
variant's marking scheme. The file is refused, naming it and the key, when a problem is
unknown or unfit for an exam, the time runs over, or a partial mark is not partial."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

SOURCE = ROOT / "docs" / "data" / "sample-paper.yaml"
WORDS = {
    "fr": {"title": "Un sujet d'examen complet", "problem": "Problème",
           "chapter": "Chapitre", "questions": "Points des questions 1, 2…", "points": "Points",
           "time": "Durée", "total": "Total", "min": "min",
           "intro": "Un devoir surveillé de {duration}, sur {points} points : {n} problèmes "
                    "de la banque qui conviennent à un examen, de {minutes} min en tout. Le "
                    "sujet est la variante d'exemple de chacun, que le chapitre "
                    "*Banque de problèmes* du livre de l'enseignant imprime avec son corrigé "
                    "et son barème ; `{command}` imprime en copie d'examen un sujet des mêmes "
                    "problèmes (une autre variante de chacun, de même difficulté), avec son "
                    "corrigé.",
           "grades": "Les niveaux de réussite", "band": "Points", "descriptor": "Ce que "
           "montre la copie", "partial": "Les points partiels, sur des réponses à moitié "
           "justes", "of": "{a} sur {b}", "question": "question {q}",
           "range": "{a} à {b}"},
    "en": {"title": "A complete sample exam paper", "problem": "Problem",
           "chapter": "Chapter", "questions": "Points of questions 1, 2…", "points": "Points",
           "time": "Time", "total": "Total", "min": "min",
           "intro": "An exam of {duration}, out of {points} points: {n} problems of the "
                    "bank fit for an exam, of {minutes} min in all. The paper is the sample "
                    "variant of each, which the chapter *Problem bank* of the teacher's book "
                    "prints with its solution and marking scheme; `{command}` prints an exam "
                    "paper of the same problems (another variant of each, of the same "
                    "difficulty), with its key.",
           "grades": "Grade descriptors", "band": "Points", "descriptor": "What the paper "
           "shows", "partial": "Partial credit, on half-right answers", "of": "{a} of {b}",
           "question": "question {q}", "range": "{a} to {b}"},
}


UK_SCALE = ((70, "First class"), (60, "Upper second class (2:1)"),
            (50, "Lower second class (2:2)"), (40, "Third class"), (0, "Fail"))
"""The classes of a UK degree by their lowest percentage, which the English guide gives
the paper's marks in, beside its own grades."""


class PaperError(ValueError):
    """A sample paper that cannot be right (the message names the file and the key)."""


@dataclass(frozen=True)
class Partial:
    problem: str
    question: int
    points: int
    text: dict


@dataclass(frozen=True)
class Paper:
    problems: tuple[str, ...]
    minutes: int
    grades: tuple[tuple[int, dict], ...]     # (lowest percentage, descriptor)
    partial: tuple[Partial, ...]


def _fail(where: str, message: str) -> PaperError:
    return PaperError(f"{SOURCE.relative_to(ROOT)}: {where}: {message}")


def _bilingual(where: str, item: dict) -> dict:
    if not all(isinstance(item.get(lang), str) and item[lang].strip() for lang in LANGS):
        raise _fail(where, "give both languages (fr: and en:)")
    return {lang: " ".join(item[lang].split()) for lang in LANGS}


def read(text: str | None = None) -> Paper:
    """The sample paper, checked against the bank."""
    from arena._yaml import load_yaml
    from coursebuild.course.bank_samples import question_marks

    data = load_yaml(SOURCE.read_text("utf-8") if text is None else text, SOURCE)
    bank = _bank()
    ids = tuple(data.get("problems") or ())
    for pid in ids:
        if pid not in bank.problems():
            raise _fail("problems", f"no problem {pid!r} in the bank")
        if "exam" not in bank.problems()[pid].uses:
            raise _fail("problems", f"{pid} is not fit for an exam")
    minutes = int(data.get("minutes", 0))
    if not ids or sum(bank.problems()[p].minutes for p in ids) > minutes:
        raise _fail("minutes", f"the problems take {sum(bank.problems()[p].minutes for p in ids)}"
                    f" min, more than {minutes}")
    grades = []
    for k, g in enumerate(data.get("grades") or [], 1):
        grades.append((int(g["from"]), _bilingual(f"grades[{k}]", g)))
    if not grades or grades[-1][0] != 0 or any(a[0] <= b[0] for a, b in zip(grades, grades[1:])):
        raise _fail("grades", "bands from the highest percentage down to 0")
    partial = []
    for k, item in enumerate(data.get("partial") or [], 1):
        where = f"partial[{k}]"
        pid, q, pts = item.get("problem"), int(item.get("question", 0)), int(item.get("points", -1))
        if pid not in ids:
            raise _fail(where, f"{pid!r} is not a problem of the paper")
        marks = question_marks(sample(pid).marking["en"])
        if not 1 <= q <= len(marks):
            raise _fail(where, f"{pid} has no question {q}")
        if not 0 < pts < marks[q - 1]:
            raise _fail(where, f"{pts} points is no partial mark of question {q} "
                        f"({marks[q - 1]} points)")
        partial.append(Partial(pid, q, pts, _bilingual(where, item)))
    return Paper(ids, minutes, tuple(grades), tuple(partial))


def _bank():
    from coursebuild.course import bank_samples

    return bank_samples.bank()


def sample(pid: str):
    from coursebuild.course import bank_samples

    return bank_samples.sample(pid)


@cache
def paper() -> Paper:
    return read()


def total(p: Paper | None = None) -> int:
    """The paper's points: the sum of its problems' marking schemes."""
    from coursebuild.course.bank_samples import question_marks

    p = p or paper()
    return sum(sum(question_marks(sample(pid).marking["en"])) for pid in p.problems)


def bands(p: Paper | None = None, scale=None) -> list[tuple[int, int, dict]]:
    """Each grade's points, from its lowest percentage of the total up to the next's
    (the paper's grades, or ``scale``: (lowest percentage, text) from the highest)."""
    p = p or paper()
    top = total(p)
    grades = p.grades if scale is None else scale
    lows = [math.ceil(pct * top / 100) for pct, _ in grades]
    return [(low, (lows[k - 1] - 1 if k else top), text)
            for k, (low, (_, text)) in enumerate(zip(lows, grades))]


def uk_scale(p: Paper) -> str:
    """The English guide's table of the paper's marks as UK percentages and classes."""
    top = total(p)
    out = ["#### On the UK scale {: #sample-paper-uk }\n",
           f"The same bands as a percentage of the {top} marks, with the UK's classes:\n",
           "| Points | Percentage | Class |", "|---|---|---|"]
    scale = bands(p, UK_SCALE)
    for k, (low, high, text) in enumerate(scale):
        pct = (f"{UK_SCALE[k][0]}% and above" if k == 0 else
               f"{UK_SCALE[k][0]}–{UK_SCALE[k - 1][0] - 1}%" if UK_SCALE[k][0] else
               f"below {UK_SCALE[k - 1][0]}%")
        out.append(f"| {low} to {high} | {pct} | {text} |")
    return "\n".join(out) + "\n"


def markdown(lang: str) -> str:
    """The guide's section on the sample paper."""
    from coursebuild.course.bank_samples import question_marks
    from coursebuild.typeset.editions import chapters
    from coursebuild.typeset.texts import duration_tex

    p, words, bank = paper(), WORDS[lang], _bank()
    problems = bank.problems()
    numbers = {page: n for n, page, _ in chapters(lang)}
    top = total(p)
    minutes = sum(problems[pid].minutes for pid in p.problems)
    duration = duration_tex(p.minutes, lang).replace("~", " ")
    command = (f"make sheets STUDENTS=1 SAME=yes LANG={lang} DURATION={p.minutes // 60}h"
               f"{p.minutes % 60 or ''} PROBLEMS={','.join(p.problems)}")
    out = [f"## {words['title']} {{: #sample-paper }}\n",
           words["intro"].format(duration=duration, points=top, n=len(p.problems),
                                 minutes=minutes, command=command) + "\n",
           f"| {words['problem']} | {words['chapter']} | {words['questions']} | "
           f"{words['points']} | {words['time']} |", "|---|---:|---|---:|---:|"]
    for pid in p.problems:
        marks = question_marks(sample(pid).marking[lang])
        per = " + ".join(map(str, marks))           # questions 1, 2, ... in order
        out.append(f"| [{problems[pid].title[lang]}](bank.md#bank-{pid}) | "
                   f"{numbers[problems[pid].chapter]} | {per} | {sum(marks)} | "
                   f"{problems[pid].minutes} {words['min']} |")
    out.append(f"| **{words['total']}** | | | **{top}** | **{minutes} {words['min']}** |\n")
    out += [f"### {words['grades']} {{: #sample-paper-grades }}\n",
            f"| {words['band']} | {words['descriptor']} |", "|---|---|"]
    for low, high, text in bands(p):
        out.append(f"| {words['range'].format(a=low, b=high)} | {text[lang]} |")
    if lang == "en":
        out += ["", uk_scale(p)]
    out += ["", f"### {words['partial']} {{: #sample-paper-partial }}\n"]
    for item in p.partial:
        marks = question_marks(sample(item.problem).marking[lang])
        out.append(f"- **{problems[item.problem].title[lang]}, "
                   f"{words['question'].format(q=item.question)} : "
                   if lang == "fr" else
                   f"- **{problems[item.problem].title[lang]}, "
                   f"{words['question'].format(q=item.question)}: ")
        out[-1] += (words["of"].format(a=item.points, b=marks[item.question - 1])
                    + f".** {item.text[lang]}")
    return "\n".join(out) + "\n"
