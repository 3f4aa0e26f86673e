"""The bank of exam problems (issue 39 §2): problems that are not in the students' book,
each a family of variants.

A :class:`Problem` is a generator: ``problem.generate(seed)`` gives one
:class:`Variant` (another arena, rule, tree or board, of the same difficulty) with its
statement, its worked solution and its marking scheme in French and English, its
figures (:class:`coursebuild.course.drawing.Drawing`, drawn as the course draws them) and
the answers it computed with the library; ``problem.check(variant)`` verifies those
answers by an independent route (the definition iterated to its fixpoint, brute force,
every reply of the opponent explored, Bouton's xor against Grundy numbers, minimax
against alpha-beta...) and the difficulty bounds, and raises :class:`AssertionError`
when one fails. Generation is pure and deterministic: each problem draws from
``random.Random`` seeded with a string made of its id and the seed, and never iterates
over a set or a dict whose order could vary.

The registry :func:`problems` lists the problems in the course's order; one module of
this package holds each problem (or a small family), and lists them in its
``PROBLEMS``. The pages, sheets and books made from the bank (``make sheets``, the
teachers' pages) are built elsewhere (:mod:`coursebuild.products.sheets` and the teachers'
page module) from this interface only.

Examples
--------
>>> from coursebuild.course import bank
>>> v = bank.variant("attractor-ranks-draws", 7)
>>> again = bank.variant("attractor-ranks-draws", 7)
>>> (v.statement, v.answers) == (again.statement, again.answers)
True
>>> bank.problems()["attractor-ranks-draws"].check(v)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module

from coursebuild.course.drawing import Drawing

__all__ = ["Variant", "Problem", "problems", "variant", "names", "SAMPLE_SEED", "DEFAULT_PROBLEMS",
           "Spread", "spread", "numbers", "CLASS",
           "CHAPTERS", "USES"]


@dataclass(frozen=True)
class Variant:
    """One variant of a problem: what a student gets, and what the teacher keeps."""

    problem: str
    """The problem's id."""
    seed: int
    params: Mapping[str, object]
    """JSON-able: what makes this variant (arena, rule, tree, board...)."""
    statement: Mapping[str, str]
    """``{"fr": md, "en": md}``: the subject, its questions numbered."""
    solution: Mapping[str, str]
    """``{"fr": md, "en": md}``: the worked solution, question by question."""
    marking: Mapping[str, str]
    """``{"fr": md, "en": md}``: the marking scheme (points per question and step)."""
    figures: Mapping[str, Drawing]
    """Local names -> drawings used by the statement and the solution
    (``<!-- figure: NAME -->`` on a line of its own)."""
    answers: Mapping[str, object]
    """JSON-able answers computed by the library (what :attr:`Problem.check` verifies)."""
    asks: Mapping[str, Sequence[str | Mapping[str, str]]] = field(default_factory=dict)
    """Question number (``"3"``) -> the items it asks for, each a text that the answer
    to that question holds in both languages (or ``{"fr": ..., "en": ...}``, one in
    each; see :attr:`coursebuild.course.bank._kit.Q.items`)."""


@dataclass(frozen=True)
class Problem:
    """A problem of the bank: a family of variants, one per seed."""

    id: str
    """Stable kebab-case id, e.g. ``"attractor-ranks-draws"``."""
    chapter: str
    """The page module it follows (one of :data:`CHAPTERS`)."""
    title: Mapping[str, str]
    """``{"fr": ..., "en": ...}``."""
    uses: frozenset[str]
    """A subset of :data:`USES`."""
    minutes: int
    """The time a student needs."""
    points: int
    """The marking scheme's total."""
    generate: Callable[[int], Variant]
    """seed -> variant: deterministic and pure."""
    check: Callable[[Variant], None]
    """Independent verification of a variant's answers and difficulty (raises
    :class:`AssertionError`)."""
    names: Mapping[str, str] = field(default_factory=dict)
    """The French names of the problem's own code (its functions, its variables: the
    course's shared names are the glossary's, :mod:`coursebuild.sources.glossary`) and their
    English names, which the English statement, solution and marking scheme show in
    their code (listings, code spans)."""
    form: tuple = ()
    """The fields its answers are typed in (:class:`coursebuild.course.bank.fields.Field`), in
    the order its module's ``FIELDS`` gives them: set from that table by :func:`problems`."""


CHAPTERS = ("modelling", "plays", "attractors", "algorithms", "strategies", "exercises",
            "chomp", "ourson", "beyond", "theory", "othergames")
"""The chapters a problem may follow, in the course's order."""
USES = ("homework", "tutorial", "exam")
"""What a problem fits: a homework sheet, a tutorial session, an exam (DS)."""

_MODULES = ("modelling", "plays", "attractors", "monotone", "algorithms", "naive_fixpoint",
            "strategies", "both_players", "nim", "chomp", "pursuit", "minimax", "astar", "grundy",
            "bouton", "token_graph", "theory", "othergames", "kayles")
"""The modules of the package that hold problems (each lists them in ``PROBLEMS``)."""

SAMPLE_SEED = 0
"""The variant shown on the teachers' pages of the site."""

DEFAULT_PROBLEMS = ("attractor-ranks-draws", "counter-queue-trace", "minimax-alphabeta")
"""The three problems ``make sheets`` sets by default: a two-hour exam on the core of
the course (attractors with ranks and draws, the counter algorithm run by hand,
minimax and alpha-beta), 120 minutes of work at the students' pace."""

_registry: dict[str, Problem] | None = None


def problems() -> dict[str, Problem]:
    """Every problem of the bank by id, in the course's order (chapter, then the order
    of its module)."""
    global _registry
    if _registry is None:
        found: list[Problem] = []
        for name in _MODULES:
            found.extend(_with_form(name, import_module(f"{__name__}.{name}")))
        ids = [p.id for p in found]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"problem id {twice[0]!r} is defined twice")
        for p in found:
            if p.chapter not in CHAPTERS:
                raise ValueError(f"problem {p.id!r}: unknown chapter {p.chapter!r}")
            if not p.uses or not p.uses <= set(USES):
                raise ValueError(f"problem {p.id!r}: uses {sorted(p.uses)} not in {USES}")
        order = {c: k for k, c in enumerate(CHAPTERS)}
        found.sort(key=lambda p: order[p.chapter])      # stable: module order within
        _registry = {p.id: p for p in found}
    return dict(_registry)


def _with_form(name: str, module) -> list[Problem]:
    """The problems of a module of the bank, each with its form from the module's
    ``FIELDS`` (issue 66 §5: the family declares it; no other table lists it)."""
    form = getattr(module, "FIELDS", {})
    ids = [p.id for p in module.PROBLEMS]
    for pid in ids:
        if pid not in form:
            raise ValueError(f"coursebuild/course/bank/{name}.py: problem {pid!r} has no FIELDS "
                             "entry (the form of its answers)")
    extra = sorted(set(form) - set(ids))
    if extra:
        raise ValueError(f"coursebuild/course/bank/{name}.py: FIELDS names {extra[0]!r}, which is "
                         "not one of its PROBLEMS")
    return [replace(p, form=tuple(form[p.id])) for p in module.PROBLEMS]


def variant(problem_id: str, seed: int) -> Variant:
    """The variant of ``problem_id`` for ``seed``: ``problems()[problem_id].generate(seed)``.

    Raises
    ------
    KeyError
        For an unknown problem id, naming the known ones.
    """
    known = problems()
    if problem_id not in known:
        raise KeyError(f"unknown problem {problem_id!r}; the bank has: "
                       + ", ".join(known))
    problem = known[problem_id]
    return _english_names(problem.generate(seed), problem.names)


def names() -> dict[str, str]:
    """The French names of the bank's own code (:attr:`Problem.names`, every problem's)
    with their English names.

    Raises
    ------
    ValueError
        When two problems give one French name two English names.
    """
    found: dict[str, str] = {}
    for p in problems().values():
        for french, english in p.names.items():
            if found.setdefault(french, english) != english:
                raise ValueError(f"problem {p.id!r}: {french!r} is {english!r} in English, "
                                 f"but {found[french]!r} in another problem")
    return found


def _english_names(v: Variant, own: Mapping[str, str]) -> Variant:
    """The variant with its English texts' code (code spans, listings) in the English
    edition's names: a problem is written once with the French course's names and its
    own French names (``own``, :attr:`Problem.names`;
    :func:`coursebuild.sources.glossary.english_markdown`)."""
    from dataclasses import replace

    from coursebuild.sources.glossary import english_markdown

    def texts(bilingual: Mapping[str, str]) -> dict[str, str]:
        return {**bilingual, "en": english_markdown(bilingual["en"], own)}

    def item(x: str | Mapping[str, str]) -> str | Mapping[str, str]:
        both = {"fr": x, "en": x} if isinstance(x, str) else x
        english = english_markdown(both["en"], own)
        return x if english == both["en"] else {**both, "en": english}

    return replace(v, statement=texts(v.statement), solution=texts(v.solution),
                   marking=texts(v.marking),
                   asks={k: [item(x) for x in items] for k, items in v.asks.items()})


CLASS = 30
"""The size of a class, for the spread of a problem's answers (:func:`spread`)."""


@dataclass(frozen=True)
class Spread:
    """How a problem's answers differ from one student to the next, over seeds
    ``0, ..., seeds - 1`` taken in classes of :data:`CLASS` consecutive seeds (a student's
    seed in ``make sheets`` is a hash, as unrelated to the next one's as two consecutive
    seeds are here)."""

    seeds: int
    distinct: int
    """Distinct answer sets (the JSON of :attr:`Variant.answers`)."""
    repeats: int
    """Consecutive seeds with the same answer set (neighbours could copy)."""
    share: float | None
    """The largest share, in one class, of one numeric answer (the numbers of the answer
    set, in order); ``None`` for a problem whose answers hold no number."""


def numbers(value: object) -> tuple:
    """The numbers of an answer, in order (booleans are not numbers)."""
    if isinstance(value, bool):
        return ()
    if isinstance(value, int | float):
        return (value,)
    if isinstance(value, Mapping):
        return tuple(n for k in sorted(value, key=str) for n in numbers(value[k]))
    if isinstance(value, list | tuple):
        return tuple(n for item in value for n in numbers(item))
    return ()


def spread(problem_id: str, seeds: int = 200,
           made: Sequence[Variant] | None = None) -> Spread:
    """The :class:`Spread` of a problem over ``seeds`` seeds (``made``: its variants of
    seeds ``0, ..., seeds - 1`` when already made)."""
    import json
    from collections import Counter

    vs = list(made) if made is not None else [variant(problem_id, s) for s in range(seeds)]
    sets = [json.dumps(v.answers, sort_keys=True) for v in vs]
    repeats = sum(a == b for a, b in zip(sets, sets[1:]))
    nums = [numbers(v.answers) for v in vs]
    share = None
    if any(nums):
        starts = sorted({*range(0, max(len(vs) - CLASS, 0) + 1, CLASS),
                         max(len(vs) - CLASS, 0)})
        share = max(Counter(nums[k:k + CLASS]).most_common(1)[0][1] / len(nums[k:k + CLASS])
                    for k in starts)
    return Spread(len(vs), len(set(sets)), repeats, share)
