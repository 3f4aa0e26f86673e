"""Counts the chapters state, each tied to the computation that gives it.

A sentence of a chapter that states a count ("the graph has 118 positions", "5 plays",
"8 strategies") takes it from a *count*: a function of a page module, registered with
:func:`count`, that computes one whole number from the course's examples (the arenas
the figures draw and the tables use, :mod:`coursebuild.course.examples`) and says which nouns
it counts. A fragment writes it with :func:`said`, which marks the number on the page
(``<span class="arena-count" data-count="NAME">``); a figure's caption writes it with
:func:`plain`, which the figure build records in the manifest beside the caption. A few
numbers are *givens*, rules of a game the chapters state in words (the ourson's 16-move
limit): they may be typed, and are checked against the constant of the rules.

:func:`count_phrases` reads a built page and finds every count its sentences state (a
number, or a list of numbers, followed by a noun that counts: positions, moves, plays,
strategies...), each with where it comes from; the course's test recomputes each one from
its count and checks its noun (``tests/course/test_counts.py``). A count typed by hand has no
source and fails that test.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from coursebuild.sources.markdown import num

Nouns = dict[str, str]
"""The nouns of a kind of count, per language, as a regular expression."""

POSITIONS: Nouns = {"fr": r"positions?|sommets?|grilles?|tablettes?",
                    "en": r"positions?|vertices|vertex|grids?|bars?"}
MOVES: Nouns = {"fr": r"coups?|arêtes?", "en": r"moves?|edges?"}
"""A move is an edge of the game graph; a play's length is counted in moves too."""
PLAYS: Nouns = {"fr": r"parties|partie", "en": r"plays?|games?"}
STRATEGIES: Nouns = {"fr": r"stratégies?", "en": r"strateg(?:y|ies)"}
NODES: Nouns = {"fr": r"nœuds?", "en": r"nodes?"}
LEAVES: Nouns = {"fr": r"feuilles?", "en": r"leaves|leaf"}
WAYS: Nouns = {"fr": r"façons?|manières?", "en": r"ways?"}
LAYERS: Nouns = {"fr": r"étages?", "en": r"layers?"}
STEPS: Nouns = {"fr": r"étapes?", "en": r"steps?"}
DRAWS: Nouns = {"fr": r"matchs nuls|match nul|nulles?", "en": r"draws?"}
CELLS: Nouns = {"fr": r"cases?", "en": r"cells?"}
PAIRS: Nouns = {"fr": r"couples?", "en": r"pairs?"}
CALLS: Nouns = {"fr": r"appels?", "en": r"calls?"}
KINDS = (POSITIONS, MOVES, PLAYS, STRATEGIES, NODES, LEAVES, WAYS, LAYERS, STEPS, DRAWS,
         CELLS, PAIRS, CALLS)


@dataclass(frozen=True)
class Count:
    """A registered count: its name (the function's, with dashes), the function that
    computes it, the nouns it counts, and, for a given, the pages that may type it."""

    name: str
    compute: Callable[[], int]
    nouns: Nouns
    given: tuple[str, ...] = ()


COUNTS: dict[str, Count] = {}


def count(nouns: Nouns, *, given: tuple[str, ...] = ()) -> Callable:
    """Register a function of no argument that returns a count of ``nouns``; ``given``
    names the pages (``"ourson"``) where the count is a rule of the game a sentence may
    state by hand."""
    def register(fn: Callable[[], int]) -> Callable[[], int]:
        name = fn.__name__.replace("_", "-")
        if name in COUNTS and COUNTS[name].compute.__qualname__ != fn.__qualname__:
            raise ValueError(f"count {name!r} is defined twice")
        COUNTS[name] = Count(name, fn, nouns, given)
        return fn
    return register


def _name(fn: Callable[[], int]) -> str:
    name = fn.__name__.replace("_", "-")
    if name not in COUNTS:
        raise KeyError(f"{fn.__name__} is not a registered count (decorate it with @count)")
    return name


def value(fn: Callable[[], int]) -> int:
    """The count ``fn`` computes, checked to be a whole number."""
    v = fn()
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"count {fn.__name__} returned {v!r}, not an int")
    return v


def said(fn: Callable[[], int], lang: str) -> str:
    """The count for a Markdown page: the number in the language's format, marked with
    the count's name (a fragment writes ``f"{said(ourson_positions, lang)} positions"``)."""
    return (f'<span class="arena-count" data-count="{_name(fn)}">'
            f"{num(value(fn), lang)}</span>")


def said_math(fn: Callable[[], int], tex: str) -> str:
    """A formula whose last number is the count (``$6 \\times 10 \\times 2 = 120$``), as
    a Markdown page writes it, marked like :func:`said`; the formula must end with it."""
    v = value(fn)
    if not re.search(rf"(?<![\d,]){v}\s*$", tex):
        raise ValueError(f"the formula {tex!r} does not end with the count {v}")
    return f'<span class="arena-count" data-count="{_name(fn)}">${tex}$</span>'


_recording: list[dict[str, int]] = []


def plain(fn: Callable[[], int], lang: str) -> str:
    """The count as plain text, for a figure's caption: the figure build records it
    (:func:`recorded`) in the manifest, where the test finds the caption's source."""
    v = value(fn)
    for seen in _recording:
        seen[_name(fn)] = v
    return num(v, lang)


@contextlib.contextmanager
def recorded() -> Iterator[dict[str, int]]:
    """Collect the counts :func:`plain` writes while the block runs: name -> value."""
    seen: dict[str, int] = {}
    _recording.append(seen)
    try:
        yield seen
    finally:
        _recording.remove(seen)


# ---------------------------------------------------------------------------------------
# reading a built page


@dataclass(frozen=True)
class Phrase:
    """A count a page states: the number, the noun after it, the sentence around it, and
    its source: ``("count", NAME)`` for a marked number, ``("caption", FIGURE)`` for a
    number of a figure's caption, ``None`` for a number typed in the page."""

    number: int
    noun: str
    context: str
    source: tuple[str, str] | None


_NUMBER = {"fr": r"\d{1,3}(?:\u202f\d{3})+|\d+", "en": r"\d{1,3}(?:,\d{3})+|\d+"}
_JOIN = {"fr": r",\s|\s(?:et|ou|puis)\s|\ssur\s|\s(?:des|parmi\sles)\s",
         "en": r",\s|,?\s(?:and|or|then)\s|\sout\sof\s|\sof\s(?:the\s)?"}
# words that may stand between a number and its noun ("5 framed cells", "9 premiers
# coups"), but not these, which start another phrase ("1 at each move")
_STOP = {"fr": {"à", "au", "aux", "chaque", "de", "du", "des", "d", "le", "la", "les", "l",
                "un", "une", "en", "par", "pour", "sur", "est", "sont", "a", "ont", "et",
                "ou", "qui", "que", "dont", "sans", "avec", "plus", "moins", "dans", "ce",
                "cette", "ces", "se", "ne", "pas", "il", "elle", "on", "y"},
         "en": {"at", "each", "by", "to", "of", "the", "a", "an", "in", "on", "for", "is",
                "are", "has", "have", "was", "with", "from", "than", "and", "or", "that",
                "which", "it", "its", "their", "this", "these", "those", "per", "more",
                "less", "into", "as", "be", "so", "not", "no", "if", "then", "when"}}


def _phrase_pattern(lang: str) -> re.Pattern:
    nouns = "|".join(k[lang] for k in KINDS)
    word = r"[^\W\d][\w'’-]*"
    return re.compile(
        rf"(?P<numbers>{_number(lang)}(?:(?:{_JOIN[lang]}){_number(lang)})*)"
        rf"(?P<between>(?:[^\S\n]+{word}){{0,2}}?)[^\S\n]+(?P<noun>{nouns})\b", re.I)


# words after which a number is a label, not a count ("line 5", "at step 4", "rank 7")
_LABELS = ("line", "lines", "ligne", "lignes", "step", "étape", "rank", "rang", "exercise",
           "exercice", "figure", "chapter", "chapitre", "section", "algorithm",
           "algorithme", "example", "exemple", "definition", "définition", "move", "coup",
           "column", "colonne", "row", "vertex", "sommet", "cell", "case", "heap", "tas")


def _number(lang: str) -> str:
    # not a part of a dimension (2 × 3), a section (6.2), a name (J1) or a label (line 5)
    labels = "".join(rf"(?<!\b{w} )" for w in _LABELS)
    return (rf"(?<![\d.,\u202f\w])(?<!× ){labels}(?:{_NUMBER[lang]})(?![\d]|[.,]\d)"
            r"(?![^\S\n]*[×x][^\S\n]*\d)")


_SKIP = {"pre", "code", "script", "style", "svg", "textarea", "button", "nav", "select"}
_SKIP_CLASSES = {"arena-exercise", "arena-design", "headerlink", "arena-pdf", "jp-CodeCell",
                 "arena-noscript"}


_FORMULA_COUNT = re.compile(r"^\\\(\s*(?:.*=\s*)?(?P<n>\d+(?:(?:\\,|\{,\}|,)\d{3})*)\s*\\\)$", re.S)


def _formula_number(tex: str) -> str:
    """A formula as the phrase finder reads it: its number if it is one (``$120$``) or
    ends with one after ``=`` (``$6 \\times 10 \\times 2 = 120$``), else a word without
    digits (``$n^2$ moves`` states no count)."""
    m = _FORMULA_COUNT.match(tex.strip())
    return f" {re.sub(r'[^0-9]', '', m.group('n'))} " if m else " formula "


def _flatten(node, source, out: list[tuple[str, tuple[str, str] | None]]) -> None:
    from bs4 import NavigableString, Tag

    from coursebuild.sources.maths import tex_of

    for child in node.children:
        if isinstance(child, Tag):
            classes = set(child.get("class") or [])
            if child.name in _SKIP or classes & _SKIP_CLASSES:
                out.append((" ", None))
                continue
            here = source
            if child.name == "span" and "arithmatex" in classes:
                out.append((_formula_number(tex_of(child)), source))
                continue
            if child.name == "span" and "arena-count" in classes:
                here = ("count", child.get("data-count", ""))
            elif child.name == "figure" and (child.get("id") or "").startswith("fig-"):
                here = ("caption", child["id"][4:])
            if child.name in ("p", "li", "td", "th", "div", "figcaption", "h1", "h2", "h3",
                              "h4", "dt", "dd", "summary", "br", "tr"):
                out.append((" \n ", None))      # a block ends a sentence
            _flatten(child, here, out)
        elif type(child) is NavigableString:
            out.append((str(child), source))


def count_phrases(html: str, lang: str) -> list[Phrase]:
    r"""Every count stated by the prose of a built page's article (code, exercises' code
    and notebooks' code cells left out), in order.

    >>> page = ('<article><p>The graph has <span class="arena-count" data-count="x">'
    ...         '118</span> positions, 16 moves and 2 framed cells; it falls by 1 at each '
    ...         'move (section 6.2 has positions; its line 5 gives every vertex).</p></article>')
    >>> [(p.number, p.noun, p.source) for p in count_phrases(page, "en")]
    [(118, 'positions', ('count', 'x')), (16, 'moves', None), (2, 'cells', None)]
    >>> page = ('<p>A <span class="arithmatex">\\(2 \\times 3\\)</span> bar has '
    ...         '<span class="arithmatex">\\(2n + 1\\)</span> positions, '
    ...         '<span class="arithmatex">\\(6 \\times 10 = 60\\)</span> edges.</p>')
    >>> [(p.number, p.noun) for p in count_phrases(page, "en")]
    [(60, 'edges')]
    """
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    root = soup.find("article") or soup
    pieces: list[tuple[str, tuple[str, str] | None]] = []
    _flatten(root, None, pieces)
    text = "".join(p for p, _ in pieces)
    owner: list[tuple[str, str] | None] = []
    for piece, source in pieces:
        owner.extend([source] * len(piece))
    found = []
    number = re.compile(_number(lang))
    for m in _phrase_pattern(lang).finditer(text):
        between = m.group("between").split()
        if any(w.lower().strip("'’") in _STOP[lang] for w in between):
            continue
        context = " ".join(text[max(0, m.start() - 60):m.end() + 20].split())
        for k in number.finditer(m.group("numbers")):
            at = m.start("numbers") + k.start()
            digits = re.sub(r"\D", "", k.group())
            found.append(Phrase(int(digits), m.group("noun"), context, owner[at]))
    return found


def kind_of(noun: str, lang: str) -> Nouns | None:
    """The kind of count a noun names (None: not a counting noun)."""
    for kind in KINDS:
        if re.fullmatch(kind[lang], noun, re.I):
            return kind
    return None


def check(phrase: Phrase, lang: str, page: str, captions: dict[str, dict[str, int]],
          counts: dict[str, Count]) -> str | None:
    """What is wrong with a stated count (None: it is its source's value, with a noun of
    the source's kind). ``captions`` maps a figure id to the counts its caption used;
    ``counts`` is every count of the course (:func:`coursebuild.course.pages.counts`: the page
    modules register them, above this module)."""
    kind = kind_of(phrase.noun, lang)
    stated = f"{phrase.number} {phrase.noun} in “{phrase.context}”"

    def matches(c: Count) -> bool:
        return c.nouns is kind and value(c.compute) == phrase.number

    if phrase.source is None:
        givens = [c for c in counts.values() if page in c.given and matches(c)]
        return None if givens else f"{page}: {stated}: a count typed by hand (no source)"
    what, name = phrase.source
    if what == "count":
        c = counts.get(name)
        if c is None:
            return f"{page}: {stated}: unknown count {name!r}"
        v = value(c.compute)
        if v != phrase.number:
            return f"{page}: {stated}: the count {name} is now {v}"
        if c.nouns is not kind:
            return f"{page}: {stated}: {name} does not count {phrase.noun}"
        return None
    used: dict[str, Any] = captions.get(name, {})
    for cname, v in used.items():
        c = counts.get(cname)
        if c is not None and v == phrase.number and matches(c):
            return None
    return f"{page}: {stated}: not a count the caption of {name} was written with"
