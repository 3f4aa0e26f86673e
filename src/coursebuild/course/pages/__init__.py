"""One module per chapter page, named after the page: ``docs/fr/ourson.md`` and
``docs/en/ourson.md`` take their figures and fragments from :mod:`coursebuild.course.pages.ourson`.

A page module defines its figures (drawing functions listed in its ``FIGURES``) and its
fragments (functions registered with :func:`coursebuild.sources.markdown.fragment`). A new page
module is found by name: nothing else lists it. A page in several parts is a folder
(``pages/beyond/``, ``pages/ourson/``, ``pages/modelling/``): its ``__init__`` lists the
figures and reads every part, so the page's module holds all of them.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module
from types import ModuleType

from coursebuild.course.counts import COUNTS, Count

# the order of the course (it orders the figure catalogue)
ORDER = ("modelling", "plays", "attractors", "algorithms", "strategies", "exercises", "chomp",
         "ourson", "beyond", "theory", "othergames", "bibliography", "sources", "teachers")


def modules() -> list[ModuleType]:
    """Every page module: the course's in its order, then any other one by name."""
    names = [m.name for m in pkgutil.iter_modules(__path__)]
    ordered = [n for n in ORDER if n in names] + sorted(n for n in names if n not in ORDER)
    return [import_module(f"{__name__}.{n}") for n in ordered]


def counts() -> dict[str, Count]:
    """Every count of the course, by name: importing the page modules registers them
    (:func:`coursebuild.course.counts.count`), so the registry is read here, above both."""
    modules()
    return COUNTS
