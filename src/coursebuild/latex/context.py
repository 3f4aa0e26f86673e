"""What the conversion of a page needs from the book: its language and words, the
figures and their captions, the chapters and their labels, the sizes of the page."""

from __future__ import annotations

from dataclasses import dataclass, field

WORDS = {
    "fr": {"solution": "Solution", "solutions": "Solutions des exercices",
           "proof": "Démonstration", "chapter": "chapitre", "figure": "figure",
           "figures": "figures", "and": "et", "page": "p.", "table": "Tableau",
           "live": "Version interactive sur le site :",
           "playable": "La figure, en version jouable sur le site :",
           "more_lines": "[... {n} lignes de plus]",
           "introduction": "Introduction", "on_site": "sur le site du cours",
           "of_students_book": "du livre des élèves",
           "in_teachers_book": "dans le livre de l'enseignant"},
    "en": {"solution": "Solution", "solutions": "Solutions to the exercises",
           "proof": "Proof", "chapter": "chapter", "figure": "figure",
           "figures": "figures", "and": "and", "page": "p.", "table": "Table",
           "live": "Interactive version on the site:",
           "playable": "The figure, playable on the site:",
           "more_lines": "[... {n} more lines]",
           "introduction": "Introduction", "on_site": "on the course's site",
           "of_students_book": "of the students' book",
           "in_teachers_book": "in the teacher's book"},
}
"""The words the converters write (the book's own, for its title page and apparatus, are
in :mod:`coursebuild.book`)."""


@dataclass
class Figure:
    """A figure the book includes: the site's PDF and what the size rule needs."""

    id: str
    width_pt: float        # natural size of the PDF
    height_pt: float
    min_font_pt: float     # its smallest text at natural size


@dataclass
class Context:
    """What the conversion of a page needs from the book. Only the language is required:
    a fragment converted alone (an exercise statement) needs nothing else."""

    lang: str
    words: dict[str, str] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    captions: dict[str, str] = field(default_factory=dict)    # figure id -> caption (text)
    site_url: str = ""                      # the language's published address, or ""
    page_path: str = ""                     # e.g. "attractors/" ("" for the home page)
    chapter_of: dict[str, str] = field(default_factory=dict)  # page path -> chapter label
    references: set[str] = field(default_factory=set)         # bibliography keys
    text_width_pt: float = 326.0            # the text block (book_preamble.tex)
    text_height_pt: float = 660.0
    margin_pt: float = 142.0                # what a wide figure may take of the outer margin
    traces: dict[str, dict] = field(default_factory=dict)     # steppers' data, by figure
    other_book: dict[str, int] = field(default_factory=dict)  # page -> its chapter there
    teachers_pages: set[str] = field(default_factory=set)     # in the teacher's book
    printed: set[str] = field(default_factory=set)  # figures already in the book
    cited: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.words = {**WORDS[self.lang], **self.words}
