"""The built site's pages as LaTeX, for the printed book (:mod:`coursebuild.documents.book`) and
for whatever else prints the course's HTML (:func:`fragment`).

The book is typeset from the pages the site shows (the same text, the same computed
numbers and figures), converted element by element, each kind by its own module:

- :mod:`~coursebuild.typeset.latex.text`: characters, Unicode mathematics as formulas, numbers;
- :mod:`~coursebuild.typeset.latex.headings`: chapters and sections, the course's boxes
  (definitions, theorems, proofs, exercises and their solutions at the chapter's end);
- :mod:`~coursebuild.typeset.latex.figures`: figures (size, place, the margin, turned figures,
  references by number), widgets as their still figure;
- :mod:`~coursebuild.typeset.latex.listings`: code;
- :mod:`~coursebuild.typeset.latex.tables`: tables;
- :mod:`~coursebuild.typeset.latex.steppers`: an algorithm's steps as one table;
- :mod:`~coursebuild.typeset.latex.links`: links, citations, addresses;
- :mod:`~coursebuild.typeset.latex.index`: the index;
- :mod:`~coursebuild.typeset.latex.converter`: the walk that hands each element to its converter.

What speaks to a screen (buttons, editors, "click") is left out; passages with a paper
wording print that one. Each conversion is a pure function of the HTML and the book's
settings, so the same site gives the same ``.tex``.
"""

from pathlib import Path

from coursebuild.typeset.latex.context import WORDS, Context, Figure
from coursebuild.typeset.latex.converter import Chapter, fragment
from coursebuild.typeset.latex.figures import print_caption
from coursebuild.typeset.latex.listings import CODE_WIDTH, SMALL_CODE_WIDTH, fold_output, wrap_code
from coursebuild.typeset.latex.text import UnknownCharacter, escape, plain, unicode_declarations

MACROS = Path(__file__).with_name("converter.tex")
"""Every command and environment the converter can write, defined once for the books and
the sheets (the book puts it in its preamble; the sheets input a copy of it)."""


def macro_definitions() -> str:
    """The text of :data:`MACROS`."""
    return MACROS.read_text(encoding="utf-8")


__all__ = ["CODE_WIDTH", "MACROS", "SMALL_CODE_WIDTH", "WORDS", "Chapter", "Context", "Figure",
           "UnknownCharacter", "escape", "fold_output", "fragment", "macro_definitions", "plain",
           "print_caption", "unicode_declarations", "wrap_code"]
