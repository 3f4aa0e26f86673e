"""The bank of problems' page (``docs/fr/bank.md``, ``docs/en/bank.md``, on the teachers'
side): the drawings of each problem's sample variant, as figures of the catalogue
(:mod:`coursebuild.bank_pages` writes the page). A figure is drawn again when the bank's
code changes (its key covers ``src/coursebuild/bank``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from coursebuild import keys
from coursebuild.bank_pages import BANK_DIR, bank, bank_digest, figure_id, sample
from coursebuild.catalogue import Drawing, Figure


def sample_drawing(problem_id: str, name: str) -> Drawing:
    """A drawing of a problem's sample variant (the bank draws it)."""
    return sample(problem_id).figures[name]


@dataclass(frozen=True)
class BankFigure(Figure):
    """A figure of the bank: its key covers the bank's code, which its drawing runs
    through the bank's registry (a path :mod:`coursebuild.keys` cannot follow)."""

    def key(self) -> str:
        from coursebuild.catalogue import _drawn, _layout_job, _render
        from coursebuild.widgets import figure_data

        return keys.key(sample_drawing, self.id, bank_digest(), str(BANK_DIR),
                        figure_data, _drawn, _layout_job, _render)


def _figures() -> tuple[Figure, ...]:
    module = bank()
    if module is None:
        return ()
    return tuple(BankFigure(figure_id(pid, name), partial(sample_drawing, pid, name))
                 for pid in module.problems() for name in sample(pid).figures)


def __getattr__(name: str):
    # the figures are known once the bank's sample variants are made: on first use
    if name == "FIGURES":
        return _figures()
    raise AttributeError(name)
