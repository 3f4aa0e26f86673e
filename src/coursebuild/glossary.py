"""The French names of the course's code, for English readers.

The course keeps its French names in both languages (``attracteur_naif``, ``rangs``,
``joueur_max``...): they are the names of the French chapters and of exam papers. One
source, ``docs/data/glossary.yaml``, gives each one's meaning. An English chapter shows
the names whose code first appears in it in a box (:func:`box`, a fragment of the page's
module, placed before the first of them); the English book prints every name in its
front matter (:func:`latex`). ``tests/test_glossary.py`` checks that every French name an
English page shows is in the glossary, at the page where it first appears.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache

from coursebuild.markdown import Bilingual, code, table
from coursebuild.paths import ROOT

GLOSSARY = "docs/data/glossary.yaml"

ENGLISH = frozenset({
    # notation of the course, letters, and names that read the same in English
    "A", "B", "F", "R", "S0", "S1", "Si", "V0", "V1", "d", "f", "g", "i", "j", "k", "m",
    "n", "p", "q", "s", "t", "u", "v", "x", "y", "A*", "α", "β", "alpha", "beta",
    "alphabeta", "minimax", "grundy", "attr", "attr0", "attr1", "succ", "pred", "change",
    "parent", "start", "goal",
})
"""Names of the course's code that an English reader reads as they are."""

WORDS = {"title": "French names in the code",
         "intro": "The code of this chapter keeps the course's French names, as the French "
                  "chapters and exam papers write them (the book lists them all at its "
                  "start):",
         "head": ("Name", "In French", "Meaning")}


@lru_cache(maxsize=1)
def _load(text: str) -> tuple[dict, ...]:
    import yaml

    return tuple(yaml.safe_load(text)["names"])


def entries() -> tuple[dict, ...]:
    """The glossary's entries, in its order: ``name``, ``fr``, ``en``, ``page``."""
    return _load((ROOT / GLOSSARY).read_text(encoding="utf-8"))


def box(page: str) -> Bilingual:
    """The English chapter ``page``'s box of the French names it shows first (the French
    chapter needs none: its fragment is empty)."""
    # the French words are marked as French, for screen readers (and for the tests that
    # find no French in the English pages' own sentences)
    rows = [(code(e["name"]), f'<i lang="fr">{e["fr"]}</i>', e["en"]) for e in entries()
            if e["page"] == page]
    if not rows:
        raise KeyError(f"no French name first appears in {page!r} ({GLOSSARY})")
    body = WORDS["intro"] + "\n\n" + table(WORDS["head"], rows)
    indented = "".join(f"    {line}\n" if line else "\n" for line in body.splitlines())
    return {"fr": "", "en": f'??? note "{WORDS["title"]}"\n{indented}'}


def latex() -> str:
    """The glossary as a chapter of the English book's front matter."""
    from coursebuild.latex import escape

    items = "".join(f"\\item[\\texttt{{{escape(e['name'], formulas=False)}}}] "
                    f"(\\emph{{{escape(e['fr'])}}}) {escape(e['en'])}\n"
                    for e in sorted(entries(), key=lambda e: e["name"]))
    return (f"\\chapter*{{{escape(WORDS['title'])}}}\n"
            f"\\addcontentsline{{toc}}{{chapter}}{{{escape(WORDS['title'])}}}\n"
            "The course's code keeps its French names, as the French chapters and exam "
            "subjects write them. Here is what each one means, with its French words.\n"
            f"\\begin{{description}}\n{items}\\end{{description}}\n")


def course_names() -> set[str]:
    """Every name the course's own code defines: the listings' functions, parameters and
    variables, the Python exercises' (starting code and solution), and the pseudo-code's
    functions, parameters and assigned names, as the English chapters print it."""
    from coursebuild.exercise_source import python_exercises

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
