"""The bank of problems' page (``docs/fr/bank.md``, ``docs/en/bank.md``, on the teachers'
side): the drawings of each problem's sample variant, as figures of the catalogue
(:mod:`coursebuild.products.bank_pages` writes the page). A figure is drawn again when the bank's
code changes (its key covers ``src/coursebuild/course/bank``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from coursebuild.course.bank_samples import bank, bank_digest, figure_id, sample
from coursebuild.course.drawing import Drawing, Figure
from coursebuild.paths import ROOT


def sample_drawing(problem_id: str, name: str) -> Drawing:
    """A drawing of a problem's sample variant (the bank draws it)."""
    return sample(problem_id).figures[name]


@dataclass(frozen=True)
class BankFigure(Figure):
    """A figure of the bank: its key covers the bank's code, which its drawing runs
    through the bank's registry (a path :mod:`coursebuild.course.keys` cannot follow)."""

    def recipe(self) -> tuple:
        return (sample_drawing, self.id, bank_digest())


NAMES = ROOT / "build" / "bank-figures.json"
"""The names of the sample variants' drawings, kept with the digest of the bank's code:
listing the catalogue then makes no variant (it is listed at every build)."""


def _names() -> dict[str, list[str]]:
    """Each problem's drawings' names (its sample variant's), from :data:`NAMES` when the
    bank's code is the same."""
    import json

    from arena._files import write_atomic

    digest = bank_digest()
    try:
        kept = json.loads(NAMES.read_text(encoding="utf-8"))
        if kept["digest"] == digest:
            return kept["names"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    names = {pid: list(sample(pid).figures) for pid in bank().problems()}
    NAMES.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(NAMES, json.dumps({"digest": digest, "names": names}, indent=1))
    return names


def _figures() -> tuple[Figure, ...]:
    if bank() is None:
        return ()
    return tuple(BankFigure(figure_id(pid, name), partial(sample_drawing, pid, name))
                 for pid, names in _names().items() for name in names)


def __getattr__(name: str):
    # the figures are known once the bank's sample variants are made: on first use
    if name == "FIGURES":
        return _figures()
    raise AttributeError(name)
