"""The index, from marks the chapters' Markdown places where a term is defined and where
it is really used (not from a search of its words): ``<!-- defines: game graph -->`` just
after the definition (its page in bold), ``<!-- index: game graph -->`` just after a use;
several terms are separated by ``;``, a sub-entry follows its entry after ``!``
(``strategy!winning``). A mark is an HTML comment: the site's pages carry it unseen, the
book's converter turns it into an ``\\index``. Its headwords are those of
``docs/data/index.yaml`` in the page's language; a mark naming another is refused."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coursebuild.paths import ROOT
from coursebuild.typeset.latex.text import escape

if TYPE_CHECKING:
    from coursebuild.typeset.latex.writer import Writer

ENTRIES = ROOT / "docs" / "data" / "index.yaml"
DEFINED = "\\hyperindexformat{\\defpage}"    # a page of definition, in the index file
MARK = re.compile(r"\s*(?P<kind>index|defines)\s*:(?P<terms>.*?)\s*$", re.S)
"""A mark, the text of an HTML comment of the page."""


@dataclass(frozen=True)
class Entry:
    """An entry of the index in one language."""

    printed: str                 # as the index prints it, its headword ("attractor!step")
    find: re.Pattern             # the words that name it in the text (a check's, not a search)


@functools.cache
def entries(lang: str) -> tuple[Entry, ...]:
    """The index's entries in ``lang``, from ``docs/data/index.yaml``."""
    import yaml

    out = []
    for item in yaml.safe_load(ENTRIES.read_text("utf-8"))["entries"]:
        words = item.get(f"find_{lang}") or re.escape(item[lang])
        out.append(Entry(item[lang], re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.I)))
    return tuple(out)


@functools.cache
def headwords(lang: str) -> frozenset[str]:
    """The headwords a mark may name in ``lang``."""
    return frozenset(e.printed for e in entries(lang))


def marks(comment: str) -> list[tuple[str, bool]] | None:
    """The terms a mark names, each with whether it is defined there; None when the
    comment is not a mark.

    >>> marks(" defines: game graph; arena ")
    [('game graph', True), ('arena', True)]
    >>> marks(" figure: nim-play ") is None
    True
    """
    m = MARK.match(comment)
    if m is None:
        return None
    return [(" ".join(t.split()), m["kind"] == "defines") for t in m["terms"].split(";")]


def mark(conv: Writer, comment: str) -> str | None:
    """The ``\\index`` commands of a mark of the page (nothing in a book without an index,
    or outside the numbered chapters); None when the comment is not a mark. A term the
    index does not hold is refused (ValueError), naming it."""
    terms = marks(comment)
    if terms is None:
        return None
    lang = conv.ctx.lang
    for term, defining in terms:
        if term not in headwords(lang):
            kind = "defines" if defining else "index"
            raise ValueError(f"index mark <!-- {kind}: {term} -->: no entry {term!r} in "
                             f"docs/data/index.yaml ({lang})")
    if not conv.ctx.index or not conv.numbered:
        return ""
    return "".join(command(term, defining) for term, defining in terms)


def command(printed: str, defining: bool) -> str:
    """The ``\\index`` of an entry (``!`` separates an entry from its sub-entry), its page
    in bold where the term is defined.

    >>> command("attractor!step", True)
    '\\\\index{attractor@attractor!step@step|defpage}'
    """
    levels = []
    for part in printed.split("!"):
        shown = re.sub(r'(["@!|])', r'"\1', escape(part))
        levels.append(f"{index_key(part)}@{shown}")
    return "\\index{" + "!".join(levels) + ("|defpage" if defining else "") + "}"


def index_key(term: str) -> str:
    """The sort key of an entry: lower case, accents removed (makeindex sorts bytes).

    >>> index_key("Élagage alpha-bêta")
    'elagage alpha-beta'
    """
    folded = unicodedata.normalize("NFKD", term.lower())
    key = "".join(c for c in folded if c.isalnum() or c in " -'")
    return key.replace("@", "").replace("!", "").replace("|", "") or "zz"


def tidy(ind: str) -> str:
    """makeindex's output (one line an entry) with a page listed once: in bold when it is
    the page of the definition (an entry is met there as a use too).

    >>> print(tidy(r"  \\item rank, \\hyperpage{20}, \\hyperindexformat{\\defpage}{20}"))
      \\item rank, \\hyperindexformat{\\defpage}{20}
    """
    out = []
    for line in ind.split("\n"):
        m = re.match(r"(\s*\\(?:sub)*item .*?, )(\\(?:hyperpage|hyperindexformat)\{.*)$", line)
        if m:
            pages = m[2].split(", ")
            bold = {p.removeprefix(DEFINED) for p in pages if p.startswith(DEFINED)}
            pages = [p for p in pages if not (p.startswith("\\hyperpage")
                                              and p.removeprefix("\\hyperpage") in bold)]
            line = m[1] + ", ".join(pages)
        out.append(line)
    return "\n".join(out)
