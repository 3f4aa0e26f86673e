"""Links: a citation of the bibliography, another chapter referred to as a book does
("chapter 3 (Attractors)"), an outside address in a footnote, a page the book does not
print named as such; and every address the book prints, checked and escaped once
(:func:`url`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from coursebuild.typeset.latex.text import escape, label

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.typeset.latex.writer import Writer


def link(conv: Writer, e: Tag) -> str:
    ctx = conv.ctx
    href = e.get("href", "")
    inner = conv.inlines(e)
    m = re.search(r"(?:^|/)bibliography/#(\w+)$", href)     # a citation
    if m and m[1] in ctx.references:
        if m[1] not in ctx.cited:
            ctx.cited.append(m[1])
        return f"{inner}~\\cite{{{m[1]}}}"
    if href.startswith(("http://", "https://", "mailto:")):
        if "127.0.0.1" in href:            # a local server's page: not printed
            return inner
        return f"\\href{{{url(href)}}}{{{inner}}}\\footnote{{\\url{{{url(href)}}}}}"
    target = page_target(ctx.page_path, href)
    if target is not None:
        chapter, anchor = target
        if chapter in ctx.chapter_of and chapter != ctx.page_path and \
                ctx.chapter_of[chapter] == "bank" and anchor.startswith("bank-"):
            # a problem of the bank: its page, since "chapter 3" of the teacher's book
            # would read as the students' chapter 3 (a fresh reading, issue 61)
            return page_reference(e, inner, label("bank:" + anchor))
        if chapter in ctx.chapter_of and chapter != ctx.page_path:
            ref = label("ch:" + ctx.chapter_of[chapter])
            return chapter_reference(conv, e, inner, f"\\ref{{{ref}}}")
        if chapter == ctx.page_path:
            return inner
        if chapter in ctx.other_book and re.fullmatch(r"ex-\d+-\d+", anchor):
            return inner          # an exercise of the students' book: its number says where
        if chapter in ctx.teachers_pages:   # a page of the teacher's book
            return f"{inner} ({escape(ctx.words['in_teachers_book'])})"
        if chapter in ctx.other_book:       # a chapter of the students' book
            return chapter_reference(conv, e, inner, f"{ctx.other_book[chapter]} "
                                     + escape(ctx.words["of_students_book"]))
        # a page no book prints (a notebook, the API reference, the building manual):
        # its sentence goes into the chapter's "Online" box; a deck has none (a slide
        # and its notes keep the sentence, the link's words)
        return inner + ONLINE_LINK if ctx.online_box else inner
    return inner


def _inside_parentheses(e: Tag) -> tuple[str, bool]:
    """The text of the link's paragraph before it, and whether the link is inside
    parentheses there."""
    before = "".join(t for t in e.find_all_previous(string=True, limit=12)[::-1]
                     if t.find_parent("p") is e.find_parent("p"))
    return before, before.count("(") > before.count(")")


def page_reference(e: Tag, inner: str, key: str) -> str:
    """A link to a section of the book by its page: "Title (p. 63)", or "Title,
    p. 63" inside parentheses."""
    _, inside = _inside_parentheses(e)
    ref = f"p.~\\pageref{{{key}}}"
    return f"{inner}, {ref}" if inside else f"{inner} ({ref})"


def chapter_reference(conv: Writer, e: Tag, inner: str, ref: str) -> str:
    """A link to another chapter, as a book refers to one: "au chapitre 3
    (Attracteurs)" when the text says "chapitre" before it, else "Attracteurs
    (chapitre 3)", or "Attracteurs, chapitre 3" inside parentheses."""
    before, inside = _inside_parentheses(e)
    word = conv.ctx.words["chapter"]
    if re.search(rf"(?i)\b{word}\s*$", before):
        return f"{ref}, {inner}" if inside else f"{ref} ({inner})"
    if inside:
        return f"{inner}, {word}~{ref}"
    return f"{inner} ({word}~{ref})"


def page_target(page_path: str, href: str) -> tuple[str, str] | None:
    """The site page (path from the language root) and anchor a relative link from the
    page at ``page_path`` points to, or None for a file or an outside address.

    >>> page_target("plays/", "../attractors/#rank")
    ('attractors/', 'rank')
    >>> page_target("plays/", "../examples/ex42.yaml") is None
    True
    """
    if not href or href.startswith(("http:", "https:", "mailto:", "data:")):
        return None
    path, _, anchor = href.partition("#")
    if not path:
        return page_path, anchor
    stack: list[str] = []
    for p in (page_path + path).split("/"):
        if p == "..":
            if stack:
                stack.pop()
        elif p and p != ".":
            stack.append(p)
    if stack and "." in stack[-1] and not stack[-1].endswith(".html"):
        return None
    if stack and stack[-1] == "index.html":
        stack.pop()
    return ("/".join(stack) + "/" if stack else ""), anchor


ONLINE = "\x01"
"""Marks the phrase that names the course's pages (``<!-- On-site -->``, marked by the
hook with ``.arena-online``): its sentence goes into the chapter's "Online" box."""
ONLINE_LINK = "\x02"
"""Marks a link to a page no book prints (a notebook): its sentence goes there too."""


def live_line(conv: Writer, words: str) -> str:
    """What paper can only show still: the chapter's "Online" box gives the live page's
    address (nothing is printed here)."""
    conv.ctx.online_live = bool(conv.ctx.site_url)
    return ""


def online_sentences(conv: Writer, text: str) -> str:
    """A paragraph's sentences that only make sense on the site (they name the course's
    pages, or a notebook) go into the chapter's "Online" box, without the words that say
    where (the box says it); the paragraph keeps the others."""
    if ONLINE not in text and ONLINE_LINK not in text:
        return text
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z\x01])", text):
        if ONLINE in sentence or ONLINE_LINK in sentence:
            moved = re.sub(r"\s*\x01[^\x01]*\x01(?:,\s*)?", " ", sentence)
            moved = re.sub(r" (?=[.,;:])", "", moved.replace(ONLINE_LINK, ""))
            moved = moved.strip()
            if moved:
                conv.online.append(moved[0].upper() + moved[1:])
        else:
            kept.append(sentence)
    return " ".join(kept)


def online_box(conv: Writer) -> str:
    """The chapter's "Online" box: what the course's pages add to it (its address when
    the site has one), or nothing."""
    ctx = conv.ctx
    items = list(conv.online)
    if ctx.online_live:
        items.append(escape(ctx.words["online_live"]))
    conv.online.clear()
    ctx.online_live = False
    if not items:
        return ""
    if ctx.site_url:
        before, _, after = ctx.words["online_set"].partition("{url}")
        intro = (escape(before) + "\\url{" + url(ctx.site_url + ctx.page_path) + "}"
                 + escape(after))
    else:
        intro = escape(ctx.words["online_unset"])
    body = ("\\begin{itemize}\n" + "".join(f"\\item {item}\n" for item in items)
            + "\\end{itemize}\n")
    return f"\\begin{{aside}}{{{escape(ctx.words['online'])}}}\n{intro}\n{body}\\end{{aside}}\n"


class BadAddress(ValueError):
    """An address the book refuses: it holds a character no address may hold (the
    build names the page and the link)."""


# what an address may hold (RFC 3986: unreserved and reserved characters, and % of an
# escaped byte); a character beyond ASCII is escaped as its UTF-8 bytes
_ADDRESS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")


def url(address: str) -> str:
    """An address as the argument of ``\\url`` or ``\\href``: ``%`` and ``#`` escaped,
    letters beyond ASCII as their UTF-8 bytes; any other character that is not an
    address's (a space, a quote, ``\\``, ``{``, ``}``, ``^``, ``|``, ``<``, ``>``, a
    backquote, a control character) is refused with one line that names the link.

    >>> print(url("https://fr.wikipedia.org/wiki/Théorème#Énoncé"))
    https://fr.wikipedia.org/wiki/Th\\%C3\\%A9or\\%C3\\%A8me\\#\\%C3\\%89nonc\\%C3\\%A9
    >>> url("https://x.org/}{A}")  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    coursebuild.typeset.latex.links.BadAddress: the link 'https://x.org/}{A}' holds '}' (U+007D),
    ...
    """
    encoded = "".join(c if ord(c) < 0x80 else "".join(f"%{b:02X}" for b in c.encode())
                      for c in address)
    if _ADDRESS.fullmatch(encoded) is None:
        c = next(c for c in encoded if _ADDRESS.fullmatch(c) is None)
        raise BadAddress(f"the link {address!r} holds {c!r} (U+{ord(c):04X}), which no "
                         f"address may hold (write it %{ord(c):02X})")
    return encoded.replace("%", r"\%").replace("#", r"\#")
