"""The index: the entries of ``docs/data/index.yaml`` (each term in both languages and
the words that find it in the text), at the page where the book defines the term, in bold
(the term set in bold, the title of the theorem that states it, or its first use when
the entry says so), and at its first use in each chapter; a term set in bold in a
definition that the list lacks gets an entry of its own. Headings, captions and code are
not indexed."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bs4 import NavigableString, Tag

from coursebuild.latex.text import escape
from coursebuild.paths import ROOT

if TYPE_CHECKING:
    from coursebuild.latex.writer import Writer

ENTRIES = ROOT / "docs" / "data" / "index.yaml"
DEFINED = "\\hyperindexformat{\\defpage}"    # a page of definition, in the index file
NOT_INDEXED = ("h1", "h2", "h3", "h4", "figcaption", "summary", "pre", "code", "caption",
               "table")


@dataclass(frozen=True)
class Entry:
    """An entry of the index in one language."""

    printed: str                 # as the index prints it ("attractor!step")
    find: re.Pattern             # what finds it in the text
    only_definition: bool        # a word too common to index each use of
    defined_first: bool          # defined where it is first used


@functools.cache
def entries(lang: str) -> tuple[Entry, ...]:
    """The index's entries in ``lang``, from ``docs/data/index.yaml``."""
    import yaml

    out = []
    for item in yaml.safe_load(ENTRIES.read_text("utf-8"))["entries"]:
        words = item.get(f"find_{lang}") or re.escape(item[lang])
        out.append(Entry(item[lang], re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.I),
                         item.get("only") == "definition", item.get("defined") == "first"))
    return tuple(out)


@functools.cache
def any_entry(lang: str) -> re.Pattern:
    """What finds any entry indexed at each chapter's first use (most of the text holds
    none: the entries are then not tried one by one)."""
    return re.compile("|".join(f"(?:{e.find.pattern})" for e in entries(lang)
                               if not e.only_definition or e.defined_first), re.I)


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


def _prose(node: NavigableString) -> bool:
    return not any(p.name in NOT_INDEXED or {"admonition-title", "arena-exercise-title"}
                   & set(p.get("class", [])) for p in node.parents)


def heading(conv: Writer, text: str) -> str:
    """A section's title: the entries it names that are not defined yet are defined
    where the section opens (its ``\\index``, set after the heading: "4.3 The counter
    algorithm" is where the counter algorithm is defined); a word too common to index
    each use of ("counter") is defined by its first use in the section."""
    ctx = conv.ctx
    ctx.index_heading = set()
    if not ctx.index or not conv.numbered:
        return ""
    out = ""
    for k, entry in enumerate(entries(ctx.lang)):
        if k in ctx.index_defined or not entry.find.search(text):
            continue
        if entry.only_definition:
            ctx.index_heading.add(k)
        else:
            ctx.index_defined.add(k)
            ctx.index_seen.add((conv.slug, k))
            out += command(entry.printed, True)
    return out


def occurrences(conv: Writer, node: NavigableString, text: str) -> list[tuple[int, str]]:
    """The index entries a piece of the chapter's text holds: (position in ``text``
    after the term, its ``\\index``), the first use of each entry in the chapter."""
    ctx = conv.ctx
    if not ctx.index or not conv.numbered or not _prose(node):
        return []
    if not any_entry(ctx.lang).search(text) and not ctx.index_heading:
        return []
    found = []
    for k, entry in enumerate(entries(ctx.lang)):
        first_use = (entry.defined_first or k in ctx.index_heading) and \
            k not in ctx.index_defined
        if (conv.slug, k) in ctx.index_seen and not first_use:
            continue
        if entry.only_definition and not first_use:
            continue
        m = entry.find.search(text)
        if m is None:
            continue
        ctx.index_seen.add((conv.slug, k))
        if first_use:
            ctx.index_defined.add(k)
        found.append((m.end(), command(entry.printed, first_use)))
    return sorted(found)


def defined_here(conv: Writer, e: Tag, inner: str) -> str:
    """The index entry of a term set in bold (``inner`` is its LaTeX): the entry it
    names, at its definition when it is the first time; or, in a definition, an entry of
    its own for a term the list lacks; or nothing."""
    ctx = conv.ctx
    if not ctx.index or not conv.numbered:
        return ""
    term = " ".join(e.get_text(" ", strip=True).split())
    out = defining(conv, term, exact=True) if a_term(term) else ""
    if out:
        return out
    box = e.find_parent("div", class_="admonition")
    if box is None or "definition" not in box.get("class", []) or \
            e.find_parent("p", class_="admonition-title") is not None or not a_term(term):
        return ""
    if term.lower() in ctx.index_own:
        return ""
    ctx.index_own.add(term.lower())
    return f"\\index{{{index_key(term)}@{inner}|defpage}}"


def defining(conv: Writer, text: str, exact: bool = False) -> str:
    """The entries defined by ``text`` (a term in bold, ``exact``: the whole of it, or the
    note of a theorem's or a proof's title), the first time each is defined; a title that
    names an entry defined before is a use of it ("Proof: strategy stealing")."""
    ctx = conv.ctx
    out = ""
    for k, entry in enumerate(entries(ctx.lang)):
        if k in ctx.index_defined:
            if not exact and ctx.index and conv.numbered and not entry.only_definition \
                    and entry.find.search(text):
                ctx.index_seen.add((conv.slug, k))
                out += command(entry.printed, False)
            continue
        m = entry.find.search(text)
        if m is not None and (not exact or len(m[0]) * 2 >= len(text.rstrip(".:"))):
            ctx.index_defined.add(k)
            ctx.index_seen.add((conv.slug, k))
            out += command(entry.printed, True)
    return out


def a_term(text: str) -> bool:
    """Bold text in a definition that names a notion (an index entry), not a statement
    set in bold ("x est gagnante pour J_i")."""
    return len(text.split()) <= 4 and not re.match(r"[a-z]\b", text) and "\\(" not in text


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
