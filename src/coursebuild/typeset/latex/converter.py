"""The walk: a page's elements, block by block and inline, each handed to the converter
of its kind (:mod:`~coursebuild.typeset.latex.headings` for headings and boxes,
:mod:`~coursebuild.typeset.latex.figures`, :mod:`~coursebuild.typeset.latex.listings`,
:mod:`~coursebuild.typeset.latex.tables`, :mod:`~coursebuild.typeset.latex.steppers`,
:mod:`~coursebuild.typeset.latex.links`); paragraphs, lists, formulas and emphasis are converted
here. :func:`fragment` converts a piece of HTML, :class:`Chapter` a whole page."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Comment, NavigableString, Tag

from coursebuild.typeset.latex import figures, headings, index, links, listings, steppers, tables
from coursebuild.typeset.latex.context import Context
from coursebuild.typeset.latex.text import book_wording, check_formula, escape, math_unicode

DROPPED = ("script, style, .md-content__button, a.headerlink, a.anchor-link, .md-source-file, "
           ".arena-exercise-editor, .arena-exercise-help, .arena-exercise-buttons, "
           ".arena-exercise-output, .arena-exercise-verdict, .arena-noscript, "
           ".arena-handouts, .arena-trace, a.arena-pdf, button, .md-clipboard, .arena-book, "
           ".arena-screen, .arena-notebook-run, .arena-download, .arena-deck-link")
"""What speaks to a screen: left out of the book."""
BLOCKS = {"h1", "h2", "h3", "h4", "p", "hr", "blockquote", "section", "img", "div",
          "details", "figure", "table", "pre", "ul", "ol", "dl"}
"""The elements a page's text is made of, each converted by :meth:`Converter.block`."""


_LABEL = re.compile(r"\\textbf\{[^{}]{1,24}\}\s*")
"""A label alone in its paragraph ("5.", "Solution.", "Marking scheme."), which stays with
what follows it."""


class Converter:
    """The conversion of one page (or fragment): the book's context and what the page's
    boxes collect on the way (its solutions, the exercise they answer)."""

    def __init__(self, ctx: Context, slug: str, numbered: bool = True) -> None:
        self.ctx, self.slug, self.numbered = ctx, slug, numbered
        self.solutions: list[str] = []
        self.online: list[str] = []
        self.exercise_label = ""
        self.exercise_title = ""
        self.exercise_count = 0
        self.listings = 0
        self.tables = 0
        self.depth = 0
        # figures waiting for the text that cites them: (figure, its LaTeX, the depth of
        # the blocks it is in)
        self.pending: list[tuple[str, str, int]] = []

    def defer(self, fid: str, tex: str) -> str:
        """A figure goes after the paragraph that first cites it (a float may rise to the
        top of that paragraph's page, never above its citation's page)."""
        if fid in self.ctx.referenced:
            return tex
        self.pending.append((fid, tex, self.depth))
        return ""

    def release(self, everything: bool = False) -> str:
        """The figures now cited (or, with ``everything``, all those of this depth and
        deeper: the end of a box, a section or the page)."""
        out = [tex for fid, tex, depth in self.pending
               if fid in self.ctx.referenced or (everything and depth >= self.depth)]
        self.pending = [p for p in self.pending if p[1] not in out]
        return "".join(out)

    # -- blocks --------------------------------------------------------------------------

    def blocks(self, node: Tag) -> str:
        self.depth += 1
        try:
            return self._blocks(node) + self.release(everything=True)
        finally:
            self.depth -= 1

    def _blocks(self, node: Tag) -> str:
        parts: list[str] = []
        inline: list[str] = []

        def flush() -> None:
            text = "".join(inline).strip()
            if text:
                parts.append(text + "\n")
            inline.clear()
            released = self.release()
            if released:
                parts.append(released)

        proof: list[str] | None = None     # the blocks of a proof written as paragraphs
        for child in list(node.children):
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    inline.append(self.text(child))
                elif isinstance(child, Comment):
                    inline.append(index.mark(self, str(child)) or "")
                continue
            if not isinstance(child, Tag):
                continue
            if child.name == "p" and headings.opens_proof(child):
                flush()
                proof = []
            if proof is not None and child.name in ("p", "ul", "ol", "div", "pre", "table"):
                ends = headings.closes_proof(child)
                proof.append(self.block(child))
                if ends or child.find_next_sibling() is None or \
                        child.find_next_sibling().name in ("h1", "h2", "h3", "h4"):
                    parts.append("\\begin{proof}\n" + headings.qed_in_list("".join(proof))
                                 + "\\end{proof}\n")
                    proof = None
                continue
            if child.name in BLOCKS:
                flush()
                if child.name == "figure" and parts and figures.floats(self, child):
                    # the figure goes to the top or foot of a page: the sentence that
                    # announced it ends as a sentence, not on a colon
                    parts[-1] = figures.cite_below(self, child, no_colon(parts[-1]))
                out = self.block(child)
                if out.startswith(("\\begin{codebox}", "\\begin{center}")) and parts and \
                        _LABEL.fullmatch(parts[-1]):
                    # a label alone ("5.", a solution's number, "Marking scheme.") stays
                    # with its listing or its table
                    parts[-1] = parts[-1].rstrip() + "\\bookkeepwithnext\n"
                    # and a label before it ("Solution." over "1."): the three go together
                    if len(parts) > 1 and _LABEL.fullmatch(parts[-2]):
                        parts[-2] = parts[-2].rstrip() + "\\bookkeepwithnext\n"
                    if out.startswith("\\begin{center}"):
                        out = "\\begingroup\\booknobreakbefore\n" + out + "\\endgroup\n"
                if out.startswith("\\begin{algorithm}"):
                    _cite_algorithm(parts, out, self.ctx)
                if out:
                    parts.append(out)
                released = self.release()
                if released:
                    parts.append(released)
            else:
                inline.append(self.inline(child))
        flush()
        # a label alone before a paragraph ("Solution." over "1. ...") never ends a page
        for k in range(len(parts) - 1):
            if _LABEL.fullmatch(parts[k]) and \
                    not parts[k + 1].startswith(("\\begin", "\\section", "\\subsection",
                                                 "\\needspace", "\\chapter")):
                parts[k] = parts[k].rstrip() + "\\par\\nopagebreak\n"
        return "\n".join(parts)

    def block(self, e: Tag) -> str:
        name = e.name
        classes = set(e.get("class", []))
        if name in ("h1", "h2", "h3", "h4"):
            return headings.heading(self, e)
        if name == "p":
            text = links.online_sentences(self, self.inlines(e).strip())
            return text + self.notations(text, "text") + "\n" if text else ""
        if name in ("ul", "ol"):
            env = "itemize" if name == "ul" else "enumerate"
            items = [r"\item " + self.blocks(li).strip()
                     for li in e.find_all("li", recursive=False)]
            return f"\\begin{{{env}}}\n" + "\n".join(items) + f"\n\\end{{{env}}}\n"
        if name == "dl":
            items = []
            for dt in e.find_all("dt", recursive=False):
                dd = dt.find_next_sibling("dd")
                items.append(f"\\item[{self.inlines(dt)}] " + (self.blocks(dd) if dd else ""))
            return "\\begin{description}\n" + "\n".join(items) + "\n\\end{description}\n"
        if name == "pre":
            return listings.listing(self, e.get_text())
        if name == "table":
            return tables.table(self, e)
        if name == "figure":
            return figures.figure(self, e)
        if name == "details":
            if steppers.trace_of(self, e):
                return steppers.steps(self, e)
            return headings.details(self, e)
        if name == "hr":
            return "\\medskip\n"
        if name == "blockquote":
            return "\\begin{quote}\n" + self.blocks(e) + "\\end{quote}\n"
        if name == "div":
            if "arithmatex" in classes:
                return display_math(e.get_text())
            if "admonition" in classes:
                return headings.admonition(self, e, classes)
            if "highlight" in classes or "highlight-ipynb" in classes:
                pre = e.find("pre")
                code = pre.get_text() if pre else ""
                if self.ctx.chapter_of and listings.is_pseudocode(code):   # a book
                    return listings.algorithm(self, code)
                return listings.listing(self, code)
            if "arena-exercise" in classes:
                return headings.python_exercise(self, e)
            if classes & {"arena-game", "arena-stepper"}:
                return figures.widget(self, e)
            if "arena-print" in classes:
                return self.blocks(e) + links.live_line(self, self.ctx.words["live"])
            if "tabbed-set" in classes:
                return figures.tabbed(self, e)
            return self.blocks(e)
        if name == "img":
            return figures.image(self, e)
        return self.blocks(e)

    def notations(self, tex: str, where: str) -> str:
        """The labels of the notations the book's list points to, at the first paragraph
        ("text") or definition of a chapter that writes them."""
        out = ""
        for key, (pattern, kind) in self.ctx.notations.items():
            if self.numbered and kind == where and key not in self.ctx.placed and \
                    re.search(pattern, tex):
                self.ctx.placed.add(key)
                out += f"\\label{{{key}}}"
        return out

    # -- inline --------------------------------------------------------------------------

    def text(self, node: NavigableString) -> str:
        """A piece of the page's text (its line breaks are spaces)."""
        return escape(str(node).replace("\n", " "))

    def inlines(self, node: Tag) -> str:
        out = []
        for child in node.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    out.append(self.text(child))
                elif isinstance(child, Comment):       # an index mark, or nothing
                    out.append(index.mark(self, str(child)) or "")
            elif isinstance(child, Tag):
                if child.name in ("ul", "ol", "pre", "table", "div", "figure", "details"):
                    out.append("\n" + self.block(child))
                elif child.name == "sub" and out and re.search(r"(?<![\w\\])[A-Za-z]$",
                                                               out[-1]):
                    # J<sub>i</sub>, V<sub>0</sub>: the letter and its index, a formula
                    letter = out[-1][-1]
                    out[-1] = out[-1][:-1]
                    out.append(f"\\({letter}_{{{escape(child.get_text())}}}\\)")
                else:
                    out.append(self.inline(child))
        return "".join(out)

    def inline(self, e: Tag) -> str:
        name = e.name
        classes = set(e.get("class", []))
        if name == "span" and "arithmatex" in classes:
            return inline_math(e.get_text())
        if name == "span" and "arena-online" in classes:     # the course's pages, named
            return links.ONLINE + self.inlines(e) + links.ONLINE
        if name == "span" and "arena-web-only" in classes:   # a pointer to the site's
            return ""                       # own page for what the book names by its file
        if name == "strong" or name == "b":
            inner = self.inlines(e)
            return f"\\textbf{{{inner}}}"
        if name in ("em", "i", "dfn", "cite"):
            return f"\\emph{{{self.inlines(e)}}}"
        if name in ("code", "kbd", "samp", "tt"):
            return listings.inline_code(e.get_text())
        if name == "sub":
            return f"\\textsubscript{{{self.inlines(e)}}}"
        if name == "sup":
            return f"\\textsuperscript{{{self.inlines(e)}}}"
        if name == "br":
            return "\\\\\n"
        if name in ("a", "span") and figures.referenced(e):
            return figures.reference(self, e, figures.referenced(e) or "")
        if name == "a":
            return links.link(self, e)
        if name == "img":
            return figures.image(self, e)
        return self.inlines(e)


def no_colon(paragraph: str) -> str:
    r"""A paragraph that ends on a colon (French: "~:"), ending on a full stop instead
    (a block ends on an ``\end``: it is left as it is).

    >>> print(no_colon("Figure~\\ref{fig:a} shows every position reached, whatever the cub "
    ...                "replies:\\label{not:3}\n").strip())
    Figure~\ref{fig:a} shows every position reached, whatever the cub replies.\label{not:3}
    >>> no_colon("L'ourson~:\n"), no_colon("\\end{itemize}\n")
    ("L'ourson.\n", '\\end{itemize}\n')
    """
    return re.sub(r"(?:~|\\,)?:((?:\\(?:label|index)\{(?:[^{}]|\{[^{}]*\})*\})*)\s*$",
                  r".\1\n", paragraph)


def _cite_algorithm(parts: list[str], algorithm: str, ctx: Context) -> None:
    r"""The paragraph that introduces an algorithm (the one just before it) cites it by
    number, as a textbook does: "... stop when a step adds nothing (Algorithm 4.1)."; an
    algorithm after a heading or a box is cited by nothing (it is a float: its number is
    in its caption).

    >>> parts = ["Apply the definition as it stands:\n"]
    >>> _cite_algorithm(parts, r"\begin{algorithm}\label{alg:a:1}", Context("en"))
    >>> print(parts[0].strip())
    Apply the definition as it stands~(Algorithm~\ref{alg:a:1}).
    """
    key = re.search(r"\\label\{(alg:[^}]*)\}", algorithm)
    if not key or not parts:
        return
    last = parts[-1].rstrip("\n")
    if not last or "\n" in last.strip() or re.match(r"\\(begin|end|section|subsection|"
                                                   r"label|medskip|needspace|par\b)", last):
        return
    cite = f"({ctx.words['algorithm']}~\\ref{{{key[1]}}})"
    # (the labels a paragraph ends with, of its notations, stay after it)
    m = re.search(r"\s*([.:;]?)((?:\\label\{[^{}]*\})*)\s*$", last)
    if m is None:                    # (never: the pattern matches at the end of any text)
        return
    end = "." if m[1] in (".", ":", "") else m[1]
    parts[-1] = last[:m.start()] + "~" + cite + end + m[2] + "\n"


def inline_math(tex: str) -> str:
    """A formula within a sentence; a long set or list may break after its commas.

    >>> inline_math(r"\\(x \\in S_0\\)")
    '\\\\(x \\\\in S_0\\\\)'
    """
    tex = tex.strip()
    if tex.startswith(r"\(") and tex.endswith(r"\)"):
        tex = tex[2:-2]
    elif tex.startswith("$") and tex.endswith("$"):
        tex = tex.strip("$")
    tex = math_unicode(check_formula(tex))
    # a long set or list may break after its commas (a list in brackets sooner)
    if len(tex) > (12 if tex.startswith("[") and tex.endswith("]") else 20):
        tex = _breaks_between_items(tex)
    return r"\(" + tex + r"\)"


def _breaks_between_items(tex: str) -> str:
    """A break allowed after each comma that separates the items of a set or a list,
    never inside a pair or an argument list: ``(2, 0)`` stays on one line. A formula
    that is a list in brackets breaks between its items.

    >>> print(_breaks_between_items(r"\\{(0, 1), (2, 0)\\}"))
    \\{(0, 1),\\allowbreak{} (2, 0)\\}
    >>> print(_breaks_between_items(r"[g(0), \\dots, g(n)]"))
    [g(0),\\allowbreak{} \\dots,\\allowbreak{} g(n)]
    """
    out, depth = [], 0
    top = 1 if tex.startswith("[") and tex.endswith("]") else 0
    for k, c in enumerate(tex):
        if c in "([" and tex[k - 1:k] != "\\":
            depth += 1
        elif c in ")]" and tex[k - 1:k] != "\\":
            depth = max(0, depth - 1)
        out.append(c)
        if c == "," and depth == top and re.match(r"\s*[(\\\w]", tex[k + 1:]):
            out.append("\\allowbreak{}")
    return "".join(out)


def display_math(tex: str) -> str:
    """A displayed formula."""
    tex = tex.strip()
    if (tex.startswith(r"\[") and tex.endswith(r"\]")) or (
            tex.startswith("$$") and tex.endswith("$$")):
        tex = tex[2:-2]
    return "\\[\n" + math_unicode(check_formula(tex.strip())) + "\n\\]\n"


def _clean(root: Tag) -> Tag:
    for e in root.select(DROPPED):
        e.decompose()
    return root


def fragment(html: str, ctx: Context, slug: str = "fragment") -> str:
    """A piece of a page's HTML (what Markdown makes of an exercise's statement, a
    paragraph, a table) as LaTeX, by the same converters as the book's chapters; the
    solutions it holds follow it. ``slug`` names it in labels and messages.

    >>> print(fragment("<p>Let <strong>x</strong> be in <code>S0</code>.</p>",
    ...                Context("en")).strip())
    Let \\textbf{x} be in \\texttt{S0}.
    """
    from coursebuild.sources.maths import restore_tex

    conv = Converter(ctx, slug, numbered=False)
    root = BeautifulSoup(html, "lxml").body or BeautifulSoup("", "lxml")
    restore_tex(root)
    root = _clean(root)
    body = conv.blocks(root) + links.online_box(conv) + headings.solutions_section(conv)
    return book_wording(_unmarked(body, ctx), ctx.lang)


def _unmarked(body: str, ctx: Context) -> str:
    """What the "Online" box could not take (a phrase or a notebook's link outside a
    paragraph: in a list, a table) printed as the site prints it; where a notebook's
    link leads ("the notebook Plays (in the course's web pages)") only the first time in
    the book: a book says once where the pages are, not at each notebook."""
    body = re.sub(r"\x01([^\x01]*)\x01", r"\1", body)

    def where(m: re.Match) -> str:
        said, ctx.online_said = ctx.online_said, True
        return "" if said else f" ({escape(ctx.words['on_site'])})"

    return re.sub(links.ONLINE_LINK, where, body)


class Chapter:
    """One page of the site as a chapter of the book."""

    def __init__(self, html: str, ctx: Context, slug: str, numbered: bool = True) -> None:
        article = BeautifulSoup(html, "lxml").select_one("article.md-content__inner")
        if article is None:
            raise ValueError("no article in the page")
        from coursebuild.sources.maths import restore_tex

        restore_tex(article)       # the formulas' TeX, as the page's source wrote it
        self.article = _clean(article)
        self.conv = Converter(ctx, slug, numbered)

    def latex(self) -> str:
        """The chapter: its text, its "Online" box (what the course's pages add to it),
        its exercises' solutions."""
        body = (self.conv.blocks(self.article) + links.online_box(self.conv)
                + headings.solutions_section(self.conv))
        return book_wording(_unmarked(body, self.conv.ctx), self.conv.ctx.lang)
