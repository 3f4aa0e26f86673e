"""What the element modules (``figures``, ``headings``, ``index``, ``links``, ``listings``,
``steppers``, ``tables``) may ask of the page being converted: the book's context, and the
state the page's boxes collect on the way (its solutions, the exercise they answer, the
figures waiting for their citation). :class:`coursebuild.typeset.latex.converter.Converter` is the
one writer; the element modules see only this interface, below the converter, so that
none of them imports the converter that imports them."""

from __future__ import annotations

from typing import Protocol

from bs4 import Tag

from coursebuild.typeset.latex.context import Context


class Writer(Protocol):
    """The conversion of one page, as the element modules see it."""

    ctx: Context
    slug: str
    numbered: bool
    solutions: list[str]
    online: list[str]           # the sentences of its "Online" box
    exercise_label: str
    exercise_title: str
    exercise_count: int
    listings: int
    tables: int

    def defer(self, fid: str, tex: str) -> str:
        """A figure's LaTeX, held back until the text that cites it (or now)."""

    def release(self, everything: bool = False) -> str:
        """The figures held back that can go now."""

    def blocks(self, node: Tag) -> str:
        """The LaTeX of an element's blocks."""

    def inlines(self, node: Tag) -> str:
        """The LaTeX of an element's inline content."""

    def notations(self, tex: str, where: str) -> str:
        """The notation marks for the symbols that ``tex`` uses first."""
