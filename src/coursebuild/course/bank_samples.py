"""The bank of problems as the course's facts see it, below the pages that print it: the
bank's module (None where it is not installed), each problem's sample variant (the one the
site shows, ``bank.SAMPLE_SEED``), the catalogue ids of its drawings and the digest of the
bank's code. The bank's figures (:mod:`coursebuild.course.pages.bank`), its pages and book part
(:mod:`coursebuild.products.bank_pages`), the sample paper and the teaching notes read it here."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from functools import cache

from coursebuild.paths import ROOT

BANK_DIR = ROOT / "src" / "coursebuild" / "course" / "bank"

USES = ("homework", "tutorial", "exam")
WORDS = {
    "fr": {"chapter": "Chapitre", "problem": "Problème", "homework": "Devoir",
           "tutorial": "TD", "exam": "Examen", "minutes": "Durée", "points": "Points",
           "min": "min", "id": "identifiant", "statement": "Énoncé (variante d'exemple)",
           "solution": "Corrigé", "marking": "Barème", "none": "La banque n'a pas de "
           "problème dans cette installation (le paquet coursebuild.course.bank manque).",
           "uses": {"homework": "devoir", "tutorial": "TD", "exam": "examen"},
           "fits": "convient à", "yes": "oui",
           "spreadhead": "Variété",
           "spread": "La colonne « Variété » donne, pour chaque problème, le nombre de jeux "
                     "de réponses distincts sur {n} graines, puis la plus grande part d'une "
                     "même réponse chiffrée dans une classe de {c} élèves."},
    "en": {"chapter": "Chapter", "problem": "Problem", "homework": "Homework",
           "tutorial": "Tutorial", "exam": "Exam", "minutes": "Time", "points": "Points",
           "min": "min", "id": "id", "statement": "Statement (sample variant)",
           "solution": "Solution", "marking": "Marking scheme", "none": "The bank has no "
           "problem in this installation (the package coursebuild.course.bank is missing).",
           "uses": {"homework": "homework", "tutorial": "tutorial", "exam": "exam"},
           "fits": "fits", "yes": "yes",
           "spreadhead": "Spread",
           "spread": "The Spread column gives, for each problem, the number of distinct "
                     "answer sets over {n} seeds, then the largest share of one numeric "
                     "answer in a class of {c} students."},
}
"""The words of the bank's table and problems, on its page, in the teachers' book and
in each chapter's teaching notes."""


def bank():
    """The bank's module, or None where it is not installed."""
    try:
        from coursebuild.course import bank as module
    except ImportError:
        return None
    return module


SAMPLES_FROM = ("src/arena", "src/coursebuild", "docs/data", "docs/listings", "docs/examples")
"""What a sample variant may be made from: the library, the bank and the course modules it
imports, the glossary, the listings and the examples."""


def sample(problem_id: str):
    """A problem's sample variant."""
    samples = _samples()
    if problem_id not in samples:       # not a problem: the bank says so
        module = bank()
        return module.variant(problem_id, module.SAMPLE_SEED)
    return samples[problem_id]


@cache
def _samples() -> dict:
    """Every problem's sample variant, read once per process. They are made again only
    when a file they may be made from changes (:data:`SAMPLES_FROM`, the versions), and
    kept in between (:func:`coursebuild.course.keys.cached_bytes`): every run of MkDocs shows
    them all."""
    import pickle
    from importlib import metadata

    from coursebuild.course import keys

    module = bank()
    if module is None:
        return {}

    def make() -> dict:
        return {p: module.variant(p, module.SAMPLE_SEED) for p in module.problems()}

    if getattr(module, "__file__", None) != str(BANK_DIR / "__init__.py"):
        return make()                   # another bank in its place (a test's): not kept
    key = keys.files_digest([ROOT / name for name in SAMPLES_FROM]) + keys.versions() + \
        f"; graphviz {metadata.version('graphviz')}"     # the drawings' DOT objects
    return pickle.loads(keys.cached_bytes("bank-samples.pickle", key,
                                          lambda: pickle.dumps(make())))


def forget() -> None:
    _samples.cache_clear()


def figure_id(problem_id: str, name: str) -> str:
    """The catalogue id of a sample variant's drawing."""
    return f"bank-{problem_id}-{name}".lower()


def with_figures(text: str, problem_id: str) -> str:
    """A sample variant's Markdown with its figures named by their catalogue ids."""
    return re.sub(r"^(?P<indent>[ \t]*)<!-- figure: (?P<name>[A-Za-z0-9_-]+) -->[ \t]*$",
                  lambda m: f"{m['indent']}<!-- figure: {figure_id(problem_id, m['name'])} -->",
                  text, flags=re.M)


def bank_digest() -> str:
    """The bank's code (what its drawings are made by)."""
    from coursebuild.course import keys

    return keys.files_digest([BANK_DIR]) if BANK_DIR.exists() else "no bank"


# ---------------------------------------------------------------------------------------
# what each student gets (the sheets and the Moodle export give a class the same variants)

def variant_seed(seed: int, student: int, problem: str, attempt: int = 0) -> int:
    """The seed of the variant of ``problem`` for the ``student``-th student (from 1): a
    function of the sheet's seed alone, the same on every machine.

    >>> variant_seed(2026, 1, "p") == variant_seed(2026, 1, "p") != variant_seed(2026, 2, "p")
    True
    """
    digest = hashlib.sha256(f"{seed}:{student}:{problem}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def _fingerprint(variant) -> str:
    """What makes a variant, to tell two apart (its parameters)."""
    import json

    return json.dumps(variant.params, sort_keys=True, ensure_ascii=False, default=str)


def assign(problems: Sequence[str], students: int, seed: int, tries: int = 20,
           same: bool = False) -> list[list]:
    """Each student's variants, one per problem, in the problems' order: a student's
    variant differs from every earlier student's (up to ``tries`` seeds each, for a
    problem that has few variants); with ``same``, every student has the first one's."""
    from coursebuild.course import bank

    seen: dict[str, set[str]] = {p: set() for p in problems}
    out: list[list] = []
    for student in range(1, students + 1):
        if same and out:
            out.append(out[0])
            continue
        mine = []
        for problem in problems:
            for attempt in range(tries):
                v = bank.variant(problem, variant_seed(seed, student, problem, attempt))
                if _fingerprint(v) not in seen[problem]:
                    break
            seen[problem].add(_fingerprint(v))
            mine.append(v)
        out.append(mine)
    return out


def variant_figure_id(v, name: str) -> str:
    """The id of a variant's drawing among the figures of a class's sheets or Moodle bank:
    its problem, its seed and its name."""
    return f"{v.problem}-{v.seed}-{name}"


def variant_drawings(variants: Sequence) -> dict:
    """Every drawing of ``variants`` by its id (:func:`variant_figure_id`), each once (the
    variants of several students or languages may share one), in the ids' order."""
    todo: dict = {}
    for v in variants:
        for name, drawing in v.figures.items():
            todo.setdefault(variant_figure_id(v, name), drawing)
    return {fid: todo[fid] for fid in sorted(todo)}


def question_marks(marking: str) -> list[int]:
    """The points of each question, from a marking scheme's table (``| 1 | 2 | ... |``)."""
    return [int(m[2]) for m in re.finditer(r"(?m)^\|\s*(\d+)\s*\|\s*(\d+)\s*\|", marking)]
