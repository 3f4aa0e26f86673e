"""The bank of problems as the course's facts see it, below the pages that print it: the
bank's module (None where it is not installed), each problem's sample variant (the one the
site shows, ``bank.SAMPLE_SEED``), the catalogue ids of its drawings and the digest of the
bank's code. The bank's figures (:mod:`coursebuild.pages.bank`), its pages and book part
(:mod:`coursebuild.bank_pages`), the sample paper and the teaching notes read it here."""

from __future__ import annotations

import re
from functools import cache

from coursebuild.paths import ROOT

BANK_DIR = ROOT / "src" / "coursebuild" / "bank"


def bank():
    """The bank's module, or None where it is not installed."""
    try:
        from coursebuild import bank as module
    except ImportError:
        return None
    return module


@cache
def sample(problem_id: str):
    """A problem's sample variant (generated once per process)."""
    module = bank()
    return module.variant(problem_id, module.SAMPLE_SEED)


def forget() -> None:
    sample.cache_clear()


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
    from coursebuild import keys

    return keys.files_digest([BANK_DIR]) if BANK_DIR.exists() else "no bank"
