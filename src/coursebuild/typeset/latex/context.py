"""What the conversion of a page needs from the book: its language and words, the
figures and their captions, the chapters and their labels, the sizes of the page."""

from __future__ import annotations

from dataclasses import dataclass, field

WORDS = {
    "fr": {"solution": "Solution", "solutions": "Solutions des exercices",
           "proof": "Démonstration", "chapter": "chapitre", "figure": "figure",
           "figures": "figures", "and": "et",
           "steps_table": "{what}\u00a0: une ligne par étape, avec ce que l'étape change.",
           "rank": "Rang", "won_by": "gagnées par", "draw": "nul",
           "all_won": "toutes sont gagnées par {player}",
           "won_counts": "{zero} gagnées par \\(J_0\\), {one} par \\(J_1\\), {draws} nulles",
           "by_rank": "Ici par rang (le nombre de coups en lequel le gagnant gagne contre la "
                      "meilleure défense)~; {who}.",
           "live": "Version interactive sur le site :",
           "playable": "La figure, en version jouable sur le site :",
           "more_lines": "[... {n} lignes de plus]",
           "introduction": "Introduction", "on_site": "dans les pages web du cours",
           "algorithm": "algorithme",
           "online": "En ligne",
           "online_unset": "Les pages web du cours (qui se distribuent aussi sous forme "
                           "de dossier) ajoutent à ce chapitre\u202f:",
           "online_set": "Le site du cours ajoute à ce chapitre, à l'adresse {url}\u202f:",
           "online_live": "ses figures, en version jouable ou pas à pas.",
           "of_students_book": "du livre des élèves",
           "in_teachers_book": "dans le livre de l'enseignant"},
    "en": {"solution": "Solution", "solutions": "Solutions to the exercises",
           "proof": "Proof", "chapter": "chapter", "figure": "figure",
           "figures": "figures", "and": "and",
           "steps_table": "{what}: a row per step, with what the step changes.",
           "rank": "Rank", "won_by": "won by", "draw": "draw",
           "all_won": "all are won by {player}",
           "won_counts": "{zero} won by \\(J_0\\), {one} by \\(J_1\\), {draws} draws",
           "by_rank": "Here by rank (the number of moves within which the winner wins "
                      "against the best defence); {who}.",
           "live": "Interactive version on the site:",
           "playable": "The figure, playable on the site:",
           "more_lines": "[... {n} more lines]",
           "introduction": "Introduction", "on_site": "in the course's web pages",
           "algorithm": "Algorithm",
           "online": "Online",
           "online_unset": "The course's web pages (which can also be handed out as a "
                           "folder) add to this chapter:",
           "online_set": "The course's site adds to this chapter, at {url}:",
           "online_live": "its figures, playable or step by step.",
           "of_students_book": "of the students' book",
           "in_teachers_book": "in the teacher's book"},
}
"""The words the converters write (the book's own, for its title page and apparatus, are
in :mod:`coursebuild.documents.book`)."""


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
    margin_pt: float = 156.0                # what a wide figure may take of the outer margin
    code_margin: bool = True                # and a listing (a sheet's page has no margin)
    floats: bool = True                     # figures float (a sheet sets them in place)
    cite_figures: bool = False              # a sheet's text names its figures by number
    online_box: bool = True                 # site-only sentences go to an Online box
    data: dict[str, dict] = field(default_factory=dict)  # figures' data (games, steppers)
    other_book: dict[str, int] = field(default_factory=dict)  # page -> its chapter there
    teachers_pages: set[str] = field(default_factory=set)     # in the teacher's book
    printed: set[str] = field(default_factory=set)  # figures already in the book
    notations: dict[str, tuple[str, str]] = field(default_factory=dict)  # key -> (pattern,
    placed: set[str] = field(default_factory=set)    # "text" or "definition"), and placed
    index: bool = False                   # the book has an index (coursebuild.typeset.latex.index)
    online_live: bool = False           # a chapter's figure is live on the site
    online_said: bool = False           # the book has said once where the pages are
    cited: list[str] = field(default_factory=list)   # works of the bibliography
    referenced: list[str] = field(default_factory=list)   # figures cited by number
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.words = {**WORDS[self.lang], **self.words}
