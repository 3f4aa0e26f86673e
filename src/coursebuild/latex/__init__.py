"""The built site's pages as LaTeX, for the printed book (:mod:`coursebuild.book`) and
for whatever else prints the course's HTML (:func:`fragment`).

The book is typeset from the pages the site shows (the same text, the same computed
numbers and figures), converted element by element, each kind by its own module:

- :mod:`~coursebuild.latex.text`: characters, Unicode mathematics as formulas, numbers;
- :mod:`~coursebuild.latex.headings`: chapters and sections, the course's boxes
  (definitions, theorems, proofs, exercises and their solutions at the chapter's end);
- :mod:`~coursebuild.latex.figures`: figures (size, place, the margin, turned figures,
  references by number), widgets as their still figure;
- :mod:`~coursebuild.latex.listings`: code;
- :mod:`~coursebuild.latex.tables`: tables;
- :mod:`~coursebuild.latex.steppers`: an algorithm's steps as one table;
- :mod:`~coursebuild.latex.links`: links, citations, addresses;
- :mod:`~coursebuild.latex.index`: the index;
- :mod:`~coursebuild.latex.converter`: the walk that hands each element to its converter.

What speaks to a screen (buttons, editors, "click") is left out; passages with a paper
wording print that one. Each conversion is a pure function of the HTML and the book's
settings, so the same site gives the same ``.tex``.
"""

from pathlib import Path

from coursebuild.latex.context import WORDS, Context, Figure
from coursebuild.latex.converter import Chapter, fragment
from coursebuild.latex.figures import print_caption
from coursebuild.latex.listings import CODE_WIDTH, SMALL_CODE_WIDTH, fold_output, wrap_code
from coursebuild.latex.text import UnknownCharacter, escape, plain, unicode_declarations

MACROS = Path(__file__).with_name("converter.tex")
"""Every command and environment the converter can write, defined once for the books and
the sheets (the book puts it in its preamble; the sheets input a copy of it)."""


def macro_definitions() -> str:
    """The text of :data:`MACROS`."""
    return MACROS.read_text(encoding="utf-8")


__all__ = ["CODE_WIDTH", "MACROS", "SMALL_CODE_WIDTH", "WORDS", "Chapter", "Context", "Figure",
           "UnknownCharacter", "escape", "fold_output", "fragment", "macro_definitions", "plain",
           "print_caption", "unicode_declarations", "wrap_code"]
