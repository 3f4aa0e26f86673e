"""The course's exercises, each written once: ``docs/exercises/NN-PAGE.yaml``.

One file per chapter (``NN`` is the chapter's number in the book, ``PAGE`` its page:
``03-attractors.yaml`` holds the exercises of ``docs/fr/attractors.md`` and
``docs/en/attractors.md``), the exercises in the chapter's order, each with its number
(``"3.2"``: chapter 3, second exercise), its id, and in both languages its title, its
statement and its solution (Markdown, as the chapters write it: formulas, figure markers,
fragments included with ``--8<--``). A programming exercise also has its starting code
(``starter``) and an answer (``answer``); the function it asks for and its checker are in
:mod:`coursebuild.course.python_exercises`. ``params`` holds what the exercise is about (the
number of sticks, the rule...): ``{{name}}`` in a text writes it, and the fragments that
solve the exercise read it (:meth:`Exercise.ints`), so that the statement and its answer
cannot drift apart.

The chapter shows an exercise where its marker ``<!-- exercise: ID -->`` stands
(:func:`page_markdown` for the site's hook); the book takes it from the site, moving the
solution to the chapter's end; the exercise sheets (``make handout``) print it from here
too. The file is the one source: this module refuses, naming the file, the exercise and
the key, a number out of sequence, a language missing, an unknown key.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

SOURCES = ROOT / "docs" / "exercises"
KEYS = {"number", "id", "title", "statement", "solution", "params", "starter", "answer"}
WORDS = {
    "fr": {"exercise": "Exercice", "solution": "Corrigé", "python": "en Python"},
    "en": {"exercise": "Exercise", "solution": "Solution", "python": "in Python"},
}
_FILE = re.compile(r"(?P<chapter>\d\d)-(?P<page>[a-z]+)\.yaml")
_PLACEHOLDER = re.compile(r"\{\{(?P<ref>ref:)?(?P<name>[\w-]+)\}\}")


class SourceError(ValueError):
    """An exercise file that cannot be read as the course's exercises (the message names
    the file, the exercise and the key)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise of the course, as its file writes it."""

    number: str                       # "3.2": chapter 3 of the book, second exercise
    id: str                           # its marker in the chapter: <!-- exercise: ID -->
    page: str                         # the chapter's page ("attractors")
    title: Mapping[str, str]
    statement: Mapping[str, str]
    solution: Mapping[str, str]       # Markdown (for a Python exercise: after its answer)
    params: Mapping[str, object] = field(default_factory=dict)
    starter: str = ""                 # a programming exercise: the starting code
    answer: str = ""                  # and an answer that its checker accepts
    path: Path = SOURCES

    @property
    def python(self) -> bool:
        """A programming exercise, run and checked in the browser."""
        return bool(self.starter)

    def code(self, key: str, lang: str) -> str:
        """The starting code (``key`` "starter") or the answer ("answer") as the edition in
        ``lang`` prints it: written once with the French course's names, given to the
        English edition with its English names (:func:`coursebuild.sources.glossary.english`)."""
        code = {"starter": self.starter, "answer": self.answer}[key]
        if lang == "fr":
            return code
        from coursebuild.sources.glossary import english

        return english(code)

    @property
    def chapter(self) -> int:
        return int(self.number.split(".")[0])

    def heading(self, lang: str) -> str:
        """``Exercice 3.2 (plus petit ensemble stable)``: the exercise's name everywhere
        (site, book, sheets)."""
        words = WORDS[lang]
        title = self._fill(self.title[lang]) + (f", {words['python']}" if self.python else "")
        return f"{words['exercise']} {self.number} ({title})"

    @property
    def anchor(self) -> str:
        """The id of the exercise on its page, the same in both languages: ``ex-3-2``."""
        return "ex-" + self.number.replace(".", "-")

    def text(self, part: str, lang: str) -> str:
        """The statement or the solution in ``lang``, its parameters written in."""
        return self._fill(getattr(self, part)[lang])

    def _fill(self, raw: str) -> str:
        return _PLACEHOLDER.sub(lambda m: get(m["name"]).number if m["ref"]
                                else _shown(self.params[m["name"]]), raw)

    def ints(self, name: str) -> list[int]:
        """A parameter as whole numbers (``rule: [2, 3, 5]``, ``n: 15`` -> ``[15]``)."""
        value = self.params[name]
        items = value if isinstance(value, list) else [value]
        return [int(str(v)) for v in items]

    def int(self, name: str) -> int:
        (value,) = self.ints(name)
        return value


def _shown(value: object) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


# ---------------------------------------------------------------------------------------
# reading


def files() -> list[Path]:
    """The exercise files, in the order of the chapters."""
    return sorted(SOURCES.glob("*.yaml"))


def _fail(path: Path, where: str, message: str) -> SourceError:
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return SourceError(f"{shown}: {where}: {message}")


def _bilingual(path: Path, where: str, key: str, value: object, *, empty: bool = False
               ) -> dict[str, str]:
    if value is None and empty:
        return {lang: "" for lang in LANGS}
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise _fail(path, where, f"{key} must give both languages (fr: and en:)")
    out = {}
    for lang in LANGS:
        text = value[lang]
        if not isinstance(text, str) or (not text.strip() and not empty):
            raise _fail(path, where, f"{key}.{lang} is empty")
        out[lang] = text if text.endswith("\n") or not text else text + "\n"
    return out


def read_file(path: Path) -> list[Exercise]:
    """The exercises of one chapter's file, checked."""
    from arena._yaml import load_yaml
    from arena.errors import ArenaError

    m = _FILE.fullmatch(path.name)
    if m is None:
        raise _fail(path, "name", "an exercise file is named NN-PAGE.yaml (03-attractors.yaml)")
    chapter, page = int(m["chapter"]), m["page"]
    try:
        data = load_yaml(path.read_text(encoding="utf-8"), path)
    except ArenaError as exc:
        raise SourceError(str(exc)) from None
    if not isinstance(data, dict) or data.get("chapter") != page or \
            not isinstance(data.get("exercises"), list):
        raise _fail(path, "top", f"the file holds 'chapter: {page}' and a list 'exercises:'")
    out = []
    for k, item in enumerate(data["exercises"], 1):
        where = f"exercise {k}"
        if not isinstance(item, dict):
            raise _fail(path, where, "an exercise is a mapping (number:, id:, title:...)")
        unknown = set(item) - KEYS
        if unknown:
            raise _fail(path, where, f"unknown key {sorted(unknown)[0]!r} (keys: "
                        f"{', '.join(sorted(KEYS))})")
        number = f"{chapter}.{k}"
        if item.get("number") != number:
            raise _fail(path, where, f"number is {item.get('number')!r}, expected "
                        f"{number!r} (the exercises are numbered in the file's order)")
        where = f"exercise {number}"
        ident = item.get("id")
        if not isinstance(ident, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", ident):
            raise _fail(path, where, f"id {ident!r} is not kebab-case (a-z, 0-9, -)")
        python = "starter" in item or "answer" in item
        for key in ("starter", "answer") if python else ():
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise _fail(path, where, f"a programming exercise has its {key}")
        title = _bilingual(path, where, "title", item.get("title"))
        if any('"' in t or "\n" in t.strip() for t in title.values()):
            raise _fail(path, where, "a title is one line, without double quotes")
        params = item.get("params") or {}
        if not isinstance(params, dict):
            raise _fail(path, where, "params is a mapping (name: value)")
        exercise = Exercise(
            number=number, id=ident, page=page,
            title={lang: t.strip() for lang, t in title.items()},
            statement=_bilingual(path, where, "statement", item.get("statement")),
            solution=_bilingual(path, where, "solution", item.get("solution"), empty=python),
            params=params, starter=item.get("starter", ""), answer=item.get("answer", ""),
            path=path)
        for part in ("title", "statement", "solution"):
            for lang in LANGS:
                for m in _PLACEHOLDER.finditer(getattr(exercise, part)[lang]):
                    name = m["name"]
                    if not m["ref"] and name not in params:
                        raise _fail(path, where, f"{part}.{lang} writes {{{{{name}}}}}, "
                                    "which params does not give")
        out.append(exercise)
    return out


@cache
def _all() -> tuple[Exercise, ...]:
    seen: dict[str, Exercise] = {}
    chapters: dict[int, Path] = {}
    out = []
    for path in files():
        for exercise in read_file(path):
            if exercise.id in seen:
                raise _fail(path, f"exercise {exercise.number}", f"id {exercise.id!r} is "
                            f"also exercise {seen[exercise.id].number}")
            seen[exercise.id] = exercise
            out.append(exercise)
        number = int(path.name[:2])
        if number in chapters:
            raise _fail(path, "name", f"chapter {number} is also {chapters[number].name}")
        chapters[number] = path
    check_references(out, set(seen))
    return tuple(out)


def check_references(found: list[Exercise], known: set[str]) -> None:
    """Refuse a ``{{ref:ID}}`` whose ID is no exercise's."""
    for exercise in found:
        for part in ("title", "statement", "solution"):
            for lang in LANGS:
                for m in _PLACEHOLDER.finditer(getattr(exercise, part)[lang]):
                    if m["ref"] and m["name"] not in known:
                        raise _fail(exercise.path, f"exercise {exercise.number}",
                                    f"{part}.{lang} refers to {{{{ref:{m['name']}}}}}, "
                                    "which is no exercise's id")


def forget() -> None:
    """Read the files again at the next use (a long-running server rebuilds)."""
    _all.cache_clear()


def exercises() -> dict[str, Exercise]:
    """Every exercise, by id, in the course's order."""
    return {e.id: e for e in _all()}


def by_page() -> dict[str, list[Exercise]]:
    """The exercises of each chapter page, in its order."""
    out: dict[str, list[Exercise]] = {}
    for e in _all():
        out.setdefault(e.page, []).append(e)
    return out


def get(exercise_id: str) -> Exercise:
    try:
        return exercises()[exercise_id]
    except KeyError:
        raise KeyError(f"unknown exercise {exercise_id!r} (not in docs/exercises)") from None


def in_file(path: str | Path, exercise_id: str) -> Exercise:
    """The exercise ``exercise_id``, which the file ``path`` holds. What computes an
    exercise's answer from its parameters names its file by a constant (``EXERCISES =
    "docs/exercises/03-attractors.yaml"``): the cache keys of the figures and fragments
    then cover that file (:mod:`coursebuild.course.keys`)."""
    exercise = get(exercise_id)
    if (ROOT / path).resolve() != exercise.path.resolve():
        raise KeyError(f"exercise {exercise_id!r} is in {exercise.path.name}, not {path}")
    return exercise


def caption(path: str | Path, exercise_id: str, fr: str, en: str) -> dict[str, str]:
    """A figure's caption that names its exercise by its number: ``Exercice 6.2 : ...``."""
    number = in_file(path, exercise_id).number
    return {"fr": f"{WORDS['fr']['exercise']} {number} : {fr}",
            "en": f"{WORDS['en']['exercise']} {number}: {en}"}


def by_number(number: str) -> Exercise:
    """The exercise a teacher names: ``by_number("6.2")``."""
    for e in _all():
        if e.number == number:
            return e
    raise KeyError(f"no exercise {number} in docs/exercises")


def python_exercises() -> dict[str, Exercise]:
    """The programming exercises, by id."""
    return {e.id: e for e in _all() if e.python}


# ---------------------------------------------------------------------------------------
# the chapter's text


def _indent(text: str) -> str:
    return "".join(("    " + line if line.strip() else "") + "\n"
                   for line in text.rstrip("\n").split("\n"))


def page_markdown(exercise: Exercise, lang: str) -> str:
    """A written exercise as the chapter shows it: an anchor, the statement in an
    ``exercise`` box and the solution folded right after it (the book moves the folded
    solution to the chapter's end)."""
    if exercise.python:
        raise ValueError(f"{exercise.id} is a programming exercise (the hook builds it)")
    return (f'<div class="arena-anchor" id="{exercise.anchor}"></div>\n\n'
            f'!!! exercise "{exercise.heading(lang)}"\n'
            + _indent(exercise.text("statement", lang)) + "\n"
            f'??? solution "{WORDS[lang]["solution"]}"\n'
            + _indent(exercise.text("solution", lang)))


MARKER = re.compile(r"^(?P<indent>[ \t]*)<!-- exercise: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
_CODE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1|`[^`\n]+`", re.M | re.S)


def _markers(markdown: str) -> list[re.Match]:
    """The exercise markers of a page, not those shown as code (a guide that explains
    them)."""
    masked = _CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), markdown)
    return [m for m in MARKER.finditer(masked)]


def check_page(markdown: str, page: str, lang: str) -> None:
    """Refuse a chapter whose exercise markers are not its file's exercises, each once,
    in the file's order (the numbers follow the chapter's order)."""
    found = [m["id"] for m in _markers(markdown)]
    wanted = [e.id for e in by_page().get(page, [])]
    if found != wanted:
        missing = [i for i in wanted if i not in found]
        extra = [i for i in found if i not in wanted]
        detail = (f"missing {missing}" if missing else f"not in its file {extra}" if extra
                  else "in another order")
        raise SourceError(f"docs/{lang}/{page}.md: its exercise markers are not those of "
                          f"docs/exercises/ for this chapter ({detail}): {found} here, "
                          f"{wanted} there")


LIST = re.compile(r"^<!-- exercises: python -->[ \t]*$", re.M)


def python_list(lang: str) -> str:
    """The programming exercises, chapter by chapter, as a Markdown list of links (the
    exercises' page lists them where the chapters set them)."""
    lines = []
    for page, exercises in by_page().items():
        mine = [e for e in exercises if e.python]
        if not mine:
            continue
        title = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
        title = title.split("\n", 1)[0].removeprefix("# ").strip()
        colon = " : " if lang == "fr" else ": "
        named = [f"{e.number} ({e._fill(e.title[lang])})" for e in mine]
        word = WORDS[lang]["exercise"].lower() + ("s" if len(named) > 1 else "")
        last = " et " if lang == "fr" else " and "
        listed = ", ".join(named[:-1]) + last + named[-1] if len(named) > 1 else named[0]
        lines.append(f"- [{title}]({page}.md){colon}{word} {listed} ;")
    if lines:
        lines[-1] = lines[-1][:-2] + "."
    if lang == "en":
        lines = [line.replace(" ;", ";") for line in lines]
    return "\n".join(lines) + "\n"


def expand(markdown: str, lang: str) -> str:
    """A chapter's Markdown with its written exercises put in (the Python exercises' markers
    are left to the hook, which needs the page's address), and the list of the programming
    exercises where ``<!-- exercises: python -->`` stands."""
    markdown = LIST.sub(lambda m: python_list(lang).rstrip("\n"), markdown)
    out, pos = [], 0
    for m in _markers(markdown):
        exercise = get(m["id"])
        out.append(markdown[pos:m.start()])
        out.append(m[0] if exercise.python else "".join(
            m["indent"] + line if line.strip() else line
            for line in page_markdown(exercise, lang).splitlines(True)).rstrip("\n"))
        pos = m.end()
    return "".join(out) + markdown[pos:]


def course_names() -> set[str]:
    """Every name the course's own code defines: the listings' functions, parameters and
    variables, the Python exercises' (starting code and solution), and the pseudo-code's
    functions, parameters and assigned names, as the English chapters print it."""
    names: set[str] = set()

    def visit(source: str) -> None:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)

    for path in sorted((ROOT / "docs" / "listings").glob("*.py")):
        visit(path.read_text(encoding="utf-8"))
    for exercise in python_exercises().values():
        visit(exercise.starter)
        visit(exercise.answer)
    for path in sorted((ROOT / "docs" / "en").glob("*.md")):
        for block in re.findall(r"```text\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            for m in re.finditer(r"Function ([\w*]+)\(([^)]*)\)", block):
                names.add(m.group(1))
                names.update(a.strip() for a in m.group(2).split(","))
            names.update(re.findall(r"([A-Za-z_]\w*)(?:\[[^\]]*\])? ←", block))
    return names
