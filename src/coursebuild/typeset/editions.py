"""What the books hold, below the writers that make them: the site's pages each edition
prints, in navigation order (read from the sites' configurations), the editions' file
names, the book's own words, and the figures' measured sizes (read from their PDFs) that
the LaTeX converter lays out. The books (:mod:`coursebuild.documents.book`), the exercise sheets'
texts (:mod:`coursebuild.typeset.texts`), the bank's pages and the teachers' guide read them
here; none of them imports another's module for them."""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from arena._files import write_if_changed
from coursebuild.languages import CONFIGS
from coursebuild.paths import ROOT
from coursebuild.sources import address

SKIPPED = {"reference.md", "design.md", "practice.md", "bibliography.md", "bank.md",
           "building.md", "descriptor.md"}
"""Pages of the site that are in no book: the API reference is the library's, the
game-design and practice pages are tools that run in the browser, the bibliography is the
book's own (set by LaTeX, from the same file), the bank's page is the teachers' book's own
chapter, with the solutions the site does not show (:mod:`coursebuild.products.bank_pages`), and
the appendix on building the course (make, the command line, the figures' ids) is a
manual for the site, not teaching material; the module descriptor is a page for a
module's paperwork, whose wide table of what assesses each outcome a book's page cannot hold."""
TEACHERS = {"teachers", "descriptor", "sources"}
"""The pages of the teachers' book (by their slug); the others are the students'."""
EDITIONS = ("students", "teachers")
WORK = ROOT / "build" / "book"
WORDS = {
    "fr": {"contents": "Table des matières",
           "students": "Cours et exercices", "teachers": "Guide de l'enseignant",
           "site": "Le site du cours :", "edition": "Édition", "version": "version",
           "licence": "Texte, figures et code sous licence MIT.",
           "made": "Composé avec LaTeX à partir des sources du site ; chaque figure et chaque "
                   "nombre y sont calculés par le solveur arena.",
           "bibliography": "Bibliographie", "index": "Index",
           "notations": "Notations", "notation": "Notation", "meaning": "Sens",
           "defined": "Définie"},
    "en": {"contents": "Contents",
           "students": "Course and exercises", "teachers": "Teacher's guide",
           "site": "The course's site:", "edition": "Edition", "version": "version",
           "licence": "Text, figures and code under the MIT licence.",
           "made": "Typeset with LaTeX from the site's sources; every figure and every number "
                   "in it is computed by the arena solver.",
           "bibliography": "Bibliography", "index": "Index",
           "notations": "Notations", "notation": "Notation", "meaning": "Meaning",
           "defined": "Defined"},
}
"""The book's own words (title page, its verso, the front and back matter); the
converters' are :data:`coursebuild.typeset.latex.WORDS`."""


@dataclass(frozen=True)
class Page:
    """One page of the site in the book."""

    slug: str        # the id of its chapter in the book
    url: str         # its address from the language's root ("/attractors/")
    part: str        # the navigation section it opens, or ""
    numbered: bool   # chapters are numbered; the home page is not


@functools.cache
def _config(lang: str):
    from mkdocs.config import load_config

    return load_config(str(CONFIGS[lang]))


def book_name(lang: str, edition: str = "students") -> str:
    """A book's file name, in its language (``extra.book`` of the site's configuration,
    which the home page links to; the teachers' book adds ``-teachers``)."""
    return edition_name(_config(lang)["extra"]["book"], lang, edition)


def edition_name(students: str, lang: str, edition: str) -> str:
    """The file name of an edition, from the students' book's (``extra.book``)."""
    if edition == "teachers":
        return students.removesuffix(".pdf") + ("-enseignants.pdf" if lang == "fr"
                                                else "-teachers.pdf")
    return students


def book_pages(lang: str, root: str, edition: str | None = None, *,
               notebooks: bool = False) -> tuple[str, str, list[Page]]:
    """The site's title, published address and the pages of a book (of both when
    ``edition`` is None), in navigation order. Notebooks are run, not printed: no book
    has them (``notebooks=True`` lists them too, in their place)."""
    config = _config(lang)
    pages: list[Page] = []
    parts: set[str] = set()

    def walk(items, part: str) -> None:
        for item in items:
            (title, value), = item.items() if isinstance(item, dict) else ((None, item),)
            if isinstance(value, list):
                walk(value, title)
                continue
            if value in SKIPPED or (value.endswith(".ipynb") and not notebooks):
                continue
            path = value.rsplit(".", 1)[0]
            slug = "home" if path == "index" else path.replace("/", "-")
            if edition is not None and (slug in TEACHERS) != (edition == "teachers"):
                continue
            url = root + ("" if path == "index" else path + "/")
            first = part and part not in parts     # a part's name opens its first chapter
            parts.add(part)
            pages.append(Page(slug, url, part if first else "", path != "index"))

    walk(config["nav"], "")
    return config["site_name"], address.published(lang), pages


def chapters(lang: str) -> list[tuple[int, str, str]]:
    """The students' book's chapters: (number, page, title as the navigation gives it)."""
    root = "/" if lang == "fr" else "/en/"
    titles = _nav_titles(lang)
    numbered = [p for p in book_pages(lang, root, "students")[2] if p.numbered]
    out = []
    for k, p in enumerate(numbered, 1):
        page = p.url[len(root):].strip("/")
        out.append((k, page, titles[f"{page}.md"]))
    return out


def _nav_titles(lang: str) -> dict[str, str]:
    """Each page of the site's navigation (``attractors.md``, ``notebooks/03-...ipynb``)
    with its title there."""
    out: dict[str, str] = {}

    def walk(items) -> None:
        for item in items:
            if isinstance(item, dict):
                for title, value in item.items():
                    if isinstance(value, list):
                        walk(value)
                    else:
                        out[value] = title
    walk(_config(lang)["nav"])
    return out


def chapter_headings(lang: str) -> dict[str, tuple[int, str]]:
    """Each chapter page's number in the book and its title (its page's heading)."""
    out = {}
    for k, page, _ in chapters(lang):
        title = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
        out[page] = (k, title.split("\n", 1)[0].removeprefix("# ").strip())
    return out


def in_course_order(items, lang: str) -> list:
    """``items`` (the bank's problems: each has a ``chapter``) in the course's order:
    their chapter's, then the bank's."""
    numbers = chapter_headings(lang)
    return sorted(items, key=lambda p: numbers.get(p.chapter, (99, ""))[0])


def pdf_chars(obj):
    """Every character (pdfminer's ``LTChar``) of a page read by pdfminer, in order."""
    from pdfminer.layout import LTChar

    if isinstance(obj, LTChar):
        yield obj
    elif hasattr(obj, "__iter__"):
        for child in obj:
            yield from pdf_chars(child)


def pdf_metrics(path: Path, fid: str):
    """A figure's natural size and smallest text (points), read from its PDF: what the
    converter sizes it by (the books' figures, the sheets' and the handouts')."""
    from pdfminer.high_level import extract_pages

    from coursebuild.typeset.latex import Figure

    page = next(iter(extract_pages(str(path))))
    sizes = [c.size for c in pdf_chars(page)]
    return Figure(fid, page.width, page.height, min(sizes, default=0.0))


def figure_metrics(site: Path) -> dict:
    """Each figure's natural size and smallest text (points), read from the site's PDFs
    (cached by content in build/book/figures.json)."""
    from coursebuild.typeset.latex import Figure

    cache_path = WORK / "figures.json"
    try:
        cache = json.loads(cache_path.read_text("utf-8"))
    except (OSError, ValueError):
        cache = {}
    out, fresh = {}, {}
    for pdf in sorted((site / "figures").glob("*.pdf")):
        digest = hashlib.sha256(pdf.read_bytes()).hexdigest()
        entry = cache.get(pdf.stem)
        if not entry or entry[0] != digest:
            fig = pdf_metrics(pdf, pdf.stem)
            entry = [digest, fig.width_pt, fig.height_pt, fig.min_font_pt]
        fresh[pdf.stem] = entry
        out[pdf.stem] = Figure(pdf.stem, entry[1], entry[2], entry[3])
    WORK.mkdir(parents=True, exist_ok=True)
    write_if_changed(cache_path, json.dumps(fresh, indent=1, sort_keys=True) + "\n")
    return out


def deck_file(number: int, page: str) -> str:
    """A chapter's deck's file name in ``build/slides/LANG/`` (its notes version adds
    ``-notes``): ``03-attractors.pdf``; here, below the slides, so that the teachers'
    progressions (:mod:`coursebuild.products.pacing`) name the decks without importing them."""
    return f"{number:02d}-{page}.pdf"
