"""Figures in a notebook, with or without Graphviz.

:func:`figure` returns an arena's drawing for Jupyter (the course's notebooks use it).
Drawing needs the ``[figures]`` extra (Graphviz); without it, a figure cell prints one
line saying what to install instead of stopping the notebook.
"""

from __future__ import annotations

from typing import Any

from arena.arena import Arena
from arena.solver import Solution

__all__ = ["figure", "Drawing", "MISSING"]

MISSING = {
    "fr": "(Figure non dessinée : pour dessiner, installez Graphviz avec {command}.)",
    "en": "(Figure not drawn: to draw, install Graphviz with {command}.)",
}
"""The line a figure cell prints without the ``[figures]`` extra, in each language (the
command: :func:`arena._install.pip_command`, from where this installation came)."""


def figure(arena: Arena, solution: Solution | None = None, *, title: str, lang: str = "en",
           **view: Any) -> Any:
    """``arena`` drawn with the course's conventions (:func:`arena.render.arena_svg`,
    ``view`` the fields of :class:`arena.render.View`), as an ``IPython.display.SVG`` (a
    :class:`Drawing` without IPython);
    ``title`` is its text alternative. Without Graphviz, prints :data:`MISSING` in ``lang``
    and returns ``None``."""
    try:
        from arena.render import View, arena_svg
    except ModuleNotFoundError:
        from arena._install import pip_command

        print(MISSING.get(lang, MISSING["en"]).format(command=pip_command("figures")))
        return None
    svg = arena_svg(arena, solution, View(**view), title=title)
    try:
        from IPython.display import SVG
    except ModuleNotFoundError:     # outside Jupyter (Python in a browser page, say)
        return Drawing(svg)
    return SVG(svg)


class Drawing:
    """An SVG drawing that any notebook front end shows (``_repr_svg_``), for Python
    without IPython."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg
