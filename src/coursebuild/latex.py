"""The built site's pages as LaTeX, for the printed book (:mod:`coursebuild.book`).

The book is typeset from the pages the site shows (the same text, the same computed
numbers and figures), converted element by element: headings become chapters and
sections, the course's boxes become theorem-like environments (definitions, theorems,
proofs, exercises, as a textbook sets them), formulas keep their TeX, code becomes
verbatim listings wrapped between tokens, figures are the site's vector PDFs at a size
where no text is under 7 pt, solutions move to the end of their chapter, and a widget
becomes its still figure and the address of the live page. What speaks to a screen
(buttons, editors, "click") is left out; passages with a paper wording print that one.

Each conversion is a pure function of the page's HTML and the book's settings, so the
same site gives the same ``.tex``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, NavigableString, Tag

# ---------------------------------------------------------------------------------------
# text


_SPECIALS = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
             "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
             "~": r"\textasciitilde{}", "\u00a0": "~", "\u202f": r"\,", "\u2009": r"\,",
             "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}

SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉ᵢⱼₐₑₒₓₕₖₗₘₙₚₛₜ₊₋"
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹ⁱⁿ⁺⁻"
_SUB = dict(zip(SUBSCRIPTS, "0123456789ijaeoxhklmnpst+-", strict=True))
_SUP = dict(zip(SUPERSCRIPTS, "0123456789in+-", strict=True))

MATH_CHARS = {
    "𝒜": r"\mathcal{A}", "→": r"\to", "←": r"\leftarrow", "↦": r"\mapsto",
    "≤": r"\leq", "≥": r"\geq", "≠": r"\neq", "∈": r"\in", "∉": r"\notin",
    "×": r"\times", "⊕": r"\oplus", "∅": r"\emptyset", "∪": r"\cup", "∩": r"\cap",
    "⊆": r"\subseteq", "⊂": r"\subset", "∞": r"\infty", "−": "-", "∀": r"\forall",
    "∃": r"\exists", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow", "·": r"\cdot",
    "σ": r"\sigma", "τ": r"\tau", "α": r"\alpha", "β": r"\beta", "π": r"\pi",
    "≈": r"\approx", "∧": r"\wedge", "∨": r"\vee", "¬": r"\neg", "∘": r"\circ",
    "√": r"\surd", "…": r"\dots", "⋯": r"\cdots", "±": r"\pm", "↔": r"\leftrightarrow",
    "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil", "∑": r"\sum",
    "○": r"\bigcirc", "Δ": r"\Delta", "ε": r"\varepsilon", "≡": r"\equiv",
    "⟨": r"\langle", "⟩": r"\rangle",
}
"""Characters the pages write as text that LaTeX sets in mathematics (the site's
captions and tables say J₀, 𝒜⁰₀, x → y in Unicode; the book sets them as formulas)."""

TEXT_CHARS = {"…": r"\dots{}", "–": "--", "—": "---", "’": "'", "‘": "`", "“": "``",
              "”": "''", "«": r"\guillemotleft{}", "»": r"\guillemotright{}", "•": r"\textbullet{}",
              "✓": r"\checkmark{}", "×": r"\(\times\)", "°": r"\textdegree{}",
              "\u2011": "-", "\u200b": "", "\ufe0f": "", "\u2060": ""}

# a letter with Unicode sub- and superscripts (J₀, 𝒜⁰₀, Vᵢ): one formula
_INDEXED = re.compile(rf"([A-Za-z𝒜σ])([{SUPERSCRIPTS}]*)([{SUBSCRIPTS}]+)([{SUPERSCRIPTS}]*)"
                      rf"|([A-Za-z𝒜σ)])([{SUPERSCRIPTS}]+)")
_MATH_RUN = re.compile("[" + re.escape("".join(k for k in MATH_CHARS if k != "…")) + "]")


def _indexed(m: re.Match) -> str:
    if m[5]:
        base, sup, sub = m[5], m[6], ""
    else:
        base, sup, sub = m[1], m[2] + m[4], m[3]
    base = MATH_CHARS.get(base, base)
    out = base
    if sup:
        out += "^{" + "".join(_SUP[c] for c in sup) + "}"
    if sub:
        index = "".join(_SUB[c] for c in sub)
        # a word as index (J_max) is upright, a letter or a number (J_i, V_0) is not
        out += "_{" + (f"\\mathrm{{{index}}}" if len(index) > 1 and index.isalpha()
                       else index) + "}"
    return "\x00" + out + "\x01"


# formulas that generated text (captions, exercise statements) writes as plain text: a
# chain of comparisons with a one-letter variable (n = 10, 0 ≤ k ≤ n, k ∈ {0, 1, 7}), a
# pair with a variable ((k, 0)); a pair of numbers (a vertex, (10, 0)) is kept on one line
_TERM = r"(?:\d+|[a-zA-Z](?![\w'’-])|\{[\d, ]*\})"
_CHAIN = re.compile(rf"(?<![\w'’\-]){_TERM}(?:\s*[=≤≥<>∈∉≠]\s*{_TERM})+")
_PAIR = re.compile(r"\(([a-zA-Z]|\d+), ([a-zA-Z]|\d+)\)")


def _plain_formulas(text: str) -> str:
    def chain(m: re.Match) -> str:
        if not re.search(r"(?<![\w'’-])[a-zA-Z](?![\w'’-])", m[0]):
            return m[0]                 # numbers alone (4 ≤ 5) stay text
        tex = re.sub(r" +", " ", _math_unicode(m[0]))
        return "\x00" + tex.replace("{", "\\{").replace("}", "\\}") + "\x01"

    def pair(m: re.Match) -> str:
        if m[1].isdigit() and m[2].isdigit():
            return f"({m[1]},\x02{m[2]})"
        return f"\x00({m[1]}, {m[2]})\x01"

    return _PAIR.sub(pair, _CHAIN.sub(chain, text))


class UnknownCharacter(ValueError):
    """A character the book has no LaTeX for (the build names it and its page)."""


def escape(text: str, formulas: bool = True) -> str:
    """Plain text as LaTeX: specials escaped, Unicode mathematics as formulas, and (with
    ``formulas``, outside code) the formulas generated text writes plainly set as such.

    >>> print(escape("J₀ wins 50% of {a, b} → 𝒜⁰₀"))
    \\(J_{0}\\) wins 50\\% of \\{a, b\\} \\(\\to\\) \\(\\mathcal{A}^{0}_{0}\\)
    >>> print(escape("Nim, n = 10, the vertices (k, 0) for 0 ≤ k ≤ n, start (10, 0)"))
    Nim, \\(n = 10\\), the vertices \\((k, 0)\\) for \\(0 \\leq k \\leq n\\), start (10,~0)
    """
    text = unicodedata.normalize("NFC", text)
    if formulas:
        text = _plain_formulas(text)
    text = _INDEXED.sub(_indexed, text)
    out: list[str] = []
    math = False
    for c in text:
        if c == "\x02":
            out.append("~")
        elif c == "\x00":
            out.append(r"\(")
            math = True
        elif c == "\x01":
            out.append(r"\)")
            math = False
        elif math:
            out.append(c)
        elif c in _SPECIALS:
            out.append(_SPECIALS[c])
        elif c in TEXT_CHARS:
            out.append(TEXT_CHARS[c])
        elif c in MATH_CHARS:
            out.append(r"\(" + MATH_CHARS[c] + r"\)")
        elif c in _SUB or c in _SUP:
            out.append(r"\(" + ("_{" + _SUB[c] if c in _SUB else "^{" + _SUP[c]) + r"}\)")
        elif ord(c) < 0x250 or c in "\n\t":
            out.append(c)
        else:
            raise UnknownCharacter(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, '?')})")
    # J\(_{0}\): the letter goes into the formula with its index
    return re.sub(r"\\\(([^()]*?)\\\)\\\(", r"\\(\1", "".join(out)).replace(r"\)\(", "")


_ANIMATED = re.compile(r"\s*(Dans la version animée|In the animated version)\b.*$", re.S)


def print_caption(text: str) -> str:
    """A widget's caption for its still figure on paper: the catalogue's captions end with
    what the animated version shows (``Dans la version animée...``), which paper leaves
    out (the book gives the live version's address instead)."""
    return _ANIMATED.sub("", text)


def unicode_declarations() -> str:
    """LaTeX definitions of the Unicode characters a listing may hold as they are
    (verbatim text is not converted: ``x ← y``, ``J₀``)."""
    lines = []
    for c, tex in sorted({**MATH_CHARS, **{k: "_{" + v + "}" for k, v in _SUB.items()},
                          **{k: "^{" + v + "}" for k, v in _SUP.items()}}.items()):
        if ord(c) >= 0x250 and c not in "…":
            lines.append(f"\\DeclareUnicodeCharacter{{{ord(c):04X}}}{{\\ensuremath{{{tex}}}}}")
    for c, tex in sorted(TEXT_CHARS.items()):
        if ord(c) >= 0x250 and tex and not tex.startswith("\\("):
            lines.append(f"\\DeclareUnicodeCharacter{{{ord(c):04X}}}{{{tex}}}")
    lines += [r"\DeclareUnicodeCharacter{202F}{\,}", r"\DeclareUnicodeCharacter{2009}{\,}"]
    return "\n".join(lines)


def plain(text: str) -> str:
    """Text for a PDF bookmark, where no formula is set: simple TeX (J_0, \\mathcal{A}^0_3,
    \\times) as Unicode text.

    >>> plain(r"Le joueur \\(J_0\\) et \\(\\mathcal{A}^0_3\\)")
    'Le joueur J₀ et 𝒜⁰₃'
    """
    def formula(m: re.Match) -> str:
        tex = m[1] or m[2]
        tex = tex.replace(r"\mathcal{A}", "𝒜").replace(r"\times", "×").replace(r"\le", "≤")
        tex = re.sub(r"\^\{?(\d+)\}?", lambda n: "".join("⁰¹²³⁴⁵⁶⁷⁸⁹"[int(d)] for d in n[1]), tex)
        tex = re.sub(r"_\{?(\d+)\}?", lambda n: "".join("₀₁₂₃₄₅₆₇₈₉"[int(d)] for d in n[1]), tex)
        return re.sub(r"\\[a-zA-Z]+|[{}]", "", tex)

    text = re.sub(r"\\\((.*?)\\\)|\$([^$]+)\$", formula, unicodedata.normalize("NFC", text))
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------
# code


def wrap_code(text: str, width: int) -> list[str]:
    """Lines of a listing no longer than ``width`` characters, each long line broken at
    a space (never inside a token): a comment goes on as a comment, anything else one
    step deeper. A line with no space to break at is kept whole (and reported).

    >>> wrap_code("    # a long comment here", 18)
    ['    # a long', '    # comment here']
    """
    out: list[str] = []
    for line in text.rstrip("\n").split("\n"):
        line = line.expandtabs(4).rstrip()
        indent = len(line) - len(line.lstrip(" "))
        comment = line.lstrip().startswith("#")
        while len(line) > width:
            cut = line.rfind(" ", indent + 1, width)
            if cut <= indent:
                break
            out.append(line[:cut])
            line = " " * indent + ("# " if comment else "    ") + line[cut + 1:].lstrip()
        out.append(line)
    return out


def fold_output(lines: list[str], keep: int, words: dict[str, str]) -> list[str]:
    """An output of more than 1.5 ``keep`` lines shortened to its first ``keep`` lines
    and a line saying how many were left out.

    >>> fold_output([str(k) for k in range(30)], 3, {"more_lines": "[{n} more]"})
    ['0', '1', '2', '[27 more]']
    """
    if len(lines) <= keep * 3 // 2:
        return lines
    return lines[:keep] + [words["more_lines"].format(n=len(lines) - keep)]


# ---------------------------------------------------------------------------------------
# the converter


@dataclass
class Figure:
    """A figure the book includes: the site's PDF and what the size rule needs."""

    id: str
    width_pt: float        # natural size of the PDF
    height_pt: float
    min_font_pt: float     # its smallest text at natural size


@dataclass
class Context:
    """What the conversion of a page needs from the book."""

    lang: str
    words: dict[str, str]
    figures: dict[str, Figure]
    captions: dict[str, str]                # figure id -> caption (plain text)
    site_url: str                           # the language's published address, or ""
    page_path: str                          # e.g. "attractors/" ("" for the home page)
    chapter_of: dict[str, str]              # page path -> chapter label (pages in the book)
    references: set[str]                    # bibliography keys
    text_width_pt: float
    text_height_pt: float
    traces: set[str] = field(default_factory=set)     # steppers' still figures
    other_book: dict[str, int] = field(default_factory=dict)   # page -> its chapter there
    teachers_pages: set[str] = field(default_factory=set)      # in the teacher's book
    printed: set[str] = field(default_factory=set)    # figures already in the book
    cited: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


THEOREMS = {
    "définition": "definition", "définitions": "definition", "definition": "definition",
    "definitions": "definition", "théorème": "theorem", "theorem": "theorem",
    "proposition": "proposition", "lemme": "lemma", "lemma": "lemma",
    "corollaire": "corollary", "corollary": "corollary", "remarque": "remark",
    "remark": "remark", "exemple": "example", "example": "example",
}
SOLUTION_CLASSES = {"solution", "success", "arena-exercise-solution", "answer"}
DROPPED = ("script, style, .md-content__button, a.headerlink, a.anchor-link, .md-source-file, "
           ".arena-exercise-editor, .arena-exercise-help, .arena-exercise-buttons, "
           ".arena-exercise-output, .arena-exercise-verdict, .arena-noscript, "
           ".arena-handouts, .arena-trace, a.arena-pdf, button, .md-clipboard, .arena-book, "
           ".arena-screen, .arena-notebook-run, .arena-download")
CODE_WIDTH = 84          # characters of a listing line at \small (10 pt, the text width)
SMALL_CODE_WIDTH = 95    # at \footnotesize (9 pt)
OUTPUT_LINES = 14        # an output longer than this (and 2) is folded


class Chapter:
    """One page of the site as a chapter of the book."""

    def __init__(self, html: str, ctx: Context, slug: str, numbered: bool = True) -> None:
        self.ctx, self.slug, self.numbered = ctx, slug, numbered
        soup = BeautifulSoup(html, "lxml")
        article = soup.select_one("article.md-content__inner")
        if article is None:
            raise ValueError("no article in the page")
        for e in article.select(DROPPED):
            e.decompose()
        self.article = article
        self.solutions: list[str] = []
        self.exercise_label = ""
        self.exercise_title = ""
        self.exercise_count = 0

    # -- entry point ---------------------------------------------------------------------

    def latex(self) -> str:
        body = self.blocks(self.article)
        if self.solutions:
            body += ("\n\\needspace{14\\baselineskip}\\section*{"
                     + escape(self.ctx.words["solutions"]) + "}\n"
                     "\\markright{" + escape(self.ctx.words["solutions"]) + "}\n"
                     + "\n".join(self.solutions))
        return _book_wording(body, self.ctx.lang)

    # -- blocks --------------------------------------------------------------------------

    def blocks(self, node: Tag) -> str:
        parts: list[str] = []
        inline: list[str] = []

        def flush() -> None:
            text = "".join(inline).strip()
            if text:
                parts.append(text + "\n")
            inline.clear()

        proof: list[str] | None = None     # the blocks of a proof written as paragraphs
        for child in list(node.children):
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    inline.append(self.text(str(child)))
                continue
            if not isinstance(child, Tag):
                continue
            if child.name == "p" and _opens_proof(child):
                flush()
                proof = []
            if proof is not None and child.name in ("p", "ul", "ol", "div", "pre", "table"):
                ends = _closes_proof(child)
                proof.append(self.block(child))
                if ends or child.find_next_sibling() is None or \
                        child.find_next_sibling().name in ("h1", "h2", "h3", "h4"):
                    parts.append("\\begin{proof}\n" + _qed_in_list("".join(proof))
                                 + "\\end{proof}\n")
                    proof = None
                continue
            if child.name in BLOCKS:
                flush()
                out = self.block(child)
                if out:
                    parts.append(out)
            else:
                inline.append(self.inline(child))
        flush()
        return "\n".join(parts)

    def block(self, e: Tag) -> str:
        name = e.name
        classes = set(e.get("class", []))
        if name == "h1":
            head = r"\chapter" if self.numbered else r"\chapter*"
            title = self.inlines(e) if self.numbered else escape(self.ctx.words["introduction"])
            out = f"{head}{{{title}}}\n\\label{{ch:{self.slug}}}\n"
            if not self.numbered:
                out += (f"\\addcontentsline{{toc}}{{chapter}}{{{title}}}\n"
                        f"\\markboth{{{title}}}{{{title}}}\n")
            return out
        if name in ("h2", "h3", "h4"):
            command = {"h2": "section", "h3": "subsection", "h4": "subsubsection*"}[name]
            if not self.numbered:
                command = command.rstrip("*") + "*"
            label = f"\\label{{{self.slug}:{e['id']}}}" if e.get("id") else ""
            title = self.inlines(e)
            bookmark = plain(e.get_text(" ", strip=True))
            heading = f"\\texorpdfstring{{{title}}}{{{escape(bookmark)}}}"
            return (self._room_for_what_follows(e) + f"\\{command}{{{heading}}}"
                    f"{label}\n")
        if name == "p":
            text = self.inlines(e).strip()
            return text + "\n" if text else ""
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
            return self.listing(e.get_text())
        if name == "table":
            return self.table(e)
        if name == "figure":
            return self.figure(e)
        if name == "details":
            return self.details(e)
        if name == "hr":
            return "\\medskip\n"
        if name == "blockquote":
            return "\\begin{quote}\n" + self.blocks(e) + "\\end{quote}\n"
        if name == "div":
            if "arithmatex" in classes:
                return self.display_math(e.get_text())
            if "admonition" in classes:
                return self.admonition(e, classes)
            if "highlight" in classes or "highlight-ipynb" in classes:
                pre = e.find("pre")
                return self.listing(pre.get_text() if pre else "")
            if "arena-exercise" in classes:
                return self.python_exercise(e)
            if classes & {"arena-game", "arena-stepper"}:
                return self.widget(e)
            if "arena-print" in classes:
                return self.blocks(e) + self.live_line(self.ctx.words["live"])
            if "tabbed-set" in classes:
                return self.tabbed(e)
            return self.blocks(e)
        if name in ("section", "article", "main", "span", "center"):
            return self.blocks(e)
        if name == "img":
            return self.image(e)
        return self.blocks(e)

    def _room_for_what_follows(self, heading: Tag) -> str:
        """A heading followed by a short paragraph and a figure needs room for the three:
        the figure, were it to float to the next page, would leave the heading and its
        few lines at the foot of this one."""
        following = [s for s in heading.find_next_siblings(limit=2) if isinstance(s, Tag)]
        short = following and (following[0].name == "p" or "arena-print" in following[0].get(
            "class", []))
        if len(following) < 2 or not short or len(following[0].get_text()) > 400:
            return ""
        nxt = following[1]
        fid = None
        if nxt.name == "figure" and nxt.find("img") is not None:
            fid = self.figure_id(nxt.find("img").get("src", ""))
        elif set(nxt.get("class", [])) & {"arena-game", "arena-stepper"}:
            fid = nxt.get("data-figure") or self.figure_id(nxt.get("data-svg", ""))
            if fid in self.ctx.printed:
                return ""
        fig = self.ctx.figures.get(fid or "")
        if fig is None:
            return ""
        width = min(fig.width_pt, self.ctx.text_width_pt)
        height = min(fig.height_pt * width / fig.width_pt, self.ctx.text_height_pt * 0.72)
        return f"\\needspace{{{height + 110:.0f}pt}}\n"

    def text(self, s: str) -> str:
        # the page's line breaks are spaces; "quoted" words take the language's quotes
        return escape(s.replace("\n", " "))

    def inlines(self, node: Tag) -> str:
        out = []
        for child in node.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    out.append(self.text(str(child)))
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
            return self.inline_math(e.get_text())
        if name == "strong" or name == "b":
            inner = self.inlines(e)
            term = e.get_text(" ", strip=True)
            if self._in_definition(e) and _a_term(term):
                return f"\\textbf{{{inner}}}\\index{{{index_key(term)}@{inner}}}"
            return f"\\textbf{{{inner}}}"
        if name in ("em", "i", "dfn", "cite"):
            return f"\\emph{{{self.inlines(e)}}}"
        if name == "code":
            return self.inline_code(e.get_text())
        if name == "sub":
            return f"\\textsubscript{{{self.inlines(e)}}}"
        if name == "sup":
            return f"\\textsuperscript{{{self.inlines(e)}}}"
        if name == "br":
            return "\\\\\n"
        if name == "a":
            return self.link(e)
        if name == "img":
            return self.image(e)
        if name in ("kbd", "samp", "tt"):
            return self.inline_code(e.get_text())
        if name == "abbr":
            return self.inlines(e)
        return self.inlines(e)

    def _in_definition(self, e: Tag) -> bool:
        box = e.find_parent("div", class_="admonition")
        return box is not None and "definition" in box.get("class", []) and \
            e.find_parent("p", class_="admonition-title") is None

    # -- mathematics and code -------------------------------------------------------------

    @staticmethod
    def inline_math(tex: str) -> str:
        tex = tex.strip()
        if tex.startswith(r"\(") and tex.endswith(r"\)"):
            tex = tex[2:-2]
        elif tex.startswith("$") and tex.endswith("$"):
            tex = tex.strip("$")
        tex = _math_unicode(tex)
        if len(tex) > 20:       # a long set or list may break after its commas
            tex = re.sub(r",(?=\s*[(\\\w])", r",\\allowbreak{}", tex)
        return r"\(" + tex + r"\)"

    @staticmethod
    def display_math(tex: str) -> str:
        tex = tex.strip()
        if (tex.startswith(r"\[") and tex.endswith(r"\]")) or (
                tex.startswith("$$") and tex.endswith("$$")):
            tex = tex[2:-2]
        return "\\[\n" + _math_unicode(tex.strip()) + "\n\\]\n"

    def inline_code(self, text: str) -> str:
        # a long name may break after an underscore, a dot or a comma (as a listing may
        # not): \allowbreak between characters of a token would cut it
        body = escape(text, formulas=False).replace("-", "-{}")
        body = body.replace("'", r"\textquotesingle{}")
        body = body.replace('"', r"\textquotedbl{}")
        body = body.replace("`", r"\textasciigrave{}")
        body = re.sub(r"(, |/)", r"\1\\allowbreak{}", body)
        return r"\texttt{" + body + "}"

    def listing(self, text: str) -> str:
        """A listing, verbatim: a size smaller when a line is longer than the text at
        ``\\small``, never a line of code broken (but beyond the smaller size). What a
        command prints (a shell session, ``$ ...``) is folded to its first lines."""
        lines = text.rstrip("\n").split("\n")
        longest = max((len(ln.expandtabs(4).rstrip()) for ln in lines), default=0)
        env = "codeblock"
        if longest > CODE_WIDTH:        # \footnotesize holds SMALL_CODE_WIDTH characters
            lines = wrap_code(text, SMALL_CODE_WIDTH)
            env = "smallcodeblock"
        if lines[0].startswith("$ "):
            lines = fold_output(lines, OUTPUT_LINES, self.ctx.words)
        body = "\n".join(_verbatim_line(line) for line in lines)
        return (f"\\begin{{{env}}}\n\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n"
                f"\\end{{{env}}}\n")

    # -- links, figures, tables -------------------------------------------------------------

    def link(self, e: Tag) -> str:
        href = e.get("href", "")
        inner = self.inlines(e)
        m = re.search(r"(?:^|/)bibliography/#(\w+)$", href)     # a citation
        if m and m[1] in self.ctx.references:
            if m[1] not in self.ctx.cited:
                self.ctx.cited.append(m[1])
            return f"{inner}~\\cite{{{m[1]}}}"
        if href.startswith(("http://", "https://", "mailto:")):
            if "127.0.0.1" in href:            # a local server's page: not printed
                return inner
            return f"\\href{{{_url(href)}}}{{{inner}}}\\footnote{{\\url{{{_url(href)}}}}}"
        target = self._page_target(href)
        if target is not None:
            chapter, anchor = target
            if chapter in self.ctx.chapter_of and chapter != self.ctx.page_path:
                return self._chapter_reference(
                    e, inner, f"\\ref{{ch:{self.ctx.chapter_of[chapter]}}}")
            if chapter == self.ctx.page_path:
                return inner
            if chapter in self.ctx.other_book and re.fullmatch(r"ex-\d+-\d+", anchor):
                return inner          # an exercise of the students' book: its number says where
            if self.ctx.site_url:
                address = self.ctx.site_url + chapter + (("#" + anchor) if anchor else "")
                return f"{inner}\\footnote{{\\url{{{_url(address)}}}}}"
            if chapter in self.ctx.teachers_pages:   # a page of the teacher's book
                return f"{inner} ({escape(self.ctx.words['in_teachers_book'])})"
            if chapter in self.ctx.other_book:       # a chapter of the students' book
                return self._chapter_reference(e, inner, f"{self.ctx.other_book[chapter]} "
                                               + escape(self.ctx.words["of_students_book"]))
            # a page the book does not print (a notebook, the API reference)
            return f"{inner} ({escape(self.ctx.words['on_site'])})"
        return inner

    def _chapter_reference(self, e: Tag, inner: str, ref: str) -> str:
        """A link to another chapter, as a book refers to one: "au chapitre 3
        (Attracteurs)" when the text says "chapitre" before it, else "Attracteurs
        (chapitre 3)", or "Attracteurs, chapitre 3" inside parentheses."""
        before = "".join(t for t in e.find_all_previous(string=True, limit=12)[::-1]
                         if t.find_parent("p") is e.find_parent("p"))
        word = self.ctx.words["chapter"]
        inside = before.count("(") > before.count(")")
        if re.search(rf"(?i)\b{word}\s*$", before):
            return f"{ref}, {inner}" if inside else f"{ref} ({inner})"
        if inside:
            return f"{inner}, {word}~{ref}"
        return f"{inner} ({word}~{ref})"

    def _page_target(self, href: str) -> tuple[str, str] | None:
        """The site page (path from the language root) and anchor a relative link points
        to, or None for a file."""
        if not href or href.startswith(("http:", "https:", "mailto:", "data:")):
            return None
        path, _, anchor = href.partition("#")
        if not path:
            return self.ctx.page_path, anchor
        parts = [p for p in (self.ctx.page_path + path).split("/")]
        stack: list[str] = []
        for p in parts:
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

    def live_line(self, words: str) -> str:
        if not self.ctx.site_url:
            return ""
        address = self.ctx.site_url + self.ctx.page_path
        return f"{escape(words)} \\url{{{_url(address)}}}\n"

    def figure_id(self, src: str) -> str | None:
        m = re.search(r"figures/([\w.-]+)\.svg", src)
        return m[1] if m else None

    def figure(self, e: Tag) -> str:
        img = e.find("img")
        fid = self.figure_id(img.get("src", "")) if img else None
        if fid is None or fid not in self.ctx.figures:
            raise ValueError(f"{self.slug}: a figure the book cannot include: {e.get('id')}")
        if fid in self.ctx.traces:
            # a stepper's still figure: the graph at its start, printed already; its steps
            # follow as text
            return ""
        caption = e.find("figcaption")
        text = ""
        if caption is not None:
            label = caption.find("strong")
            if label is not None and re.fullmatch(r"(Figure|Fig\.) ?\d+\.",
                                                  label.get_text().strip()):
                label.decompose()
            text = self.inlines(caption).strip()
            text = print_caption(text)
        self.ctx.printed.add(fid)
        previous = e.find_previous_sibling() or (
            e.parent.find_previous_sibling() if e.parent.name == "p" else None)
        here = previous is not None and bool(re.search(
            r"(?i)ci-dessous|ci-après|suivante?s?\b|below|following", previous.get_text()))
        return self.float_figure(fid, text, here=here)

    def float_figure(self, fid: str, caption: str, extra: str = "", here: bool = False
                     ) -> str:
        """A figure at the size where its smallest text is 7 pt (never larger than its
        natural size), turned a quarter on a page of its own when it is wider than the
        text. It floats to the top or bottom of a page near its place, or stays exactly
        there (``here``) when the text announces it ("ci-dessous", "below")."""
        fig = self.ctx.figures[fid]
        need = fig.width_pt * 7.0 / fig.min_font_pt if fig.min_font_pt else 0.0
        width = min(fig.width_pt, self.ctx.text_width_pt)
        # no taller than 45 % of the text unless its text would get under 7 pt
        width = min(width, fig.width_pt * self.ctx.text_height_pt * 0.45 / fig.height_pt)
        width = max(width, min(need, fig.width_pt))
        height_room = self.ctx.text_height_pt * 0.72
        caption_tex = caption + (" " + extra if extra else "")
        if width <= self.ctx.text_width_pt + 0.5:
            height = fig.height_pt * width / fig.width_pt
            if height > height_room:        # tall: set by its height, if still legible
                width = fig.width_pt * height_room / fig.height_pt
                if width < need - 0.5:
                    self.ctx.warnings.append(f"{self.slug}: figure {fid} too tall to be legible")
            env = "herefigure" if here else "figure"
            place = "" if here else "[!htbp]"
            return (f"\\begin{{{env}}}{place}\n\\centering\n"
                    f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n"
                    f"\\caption{{{caption_tex}}}\\label{{fig:{fid}}}\n\\end{{{env}}}\n")
        if here:     # wider than the text, announced here: in place, over the margins
            return ("\\begin{herefigure}\n\\centering\n"
                    f"\\makebox[\\linewidth]{{\\includegraphics[width={min(need, 560):.1f}pt]"
                    f"{{{fid}}}}}\n\\caption{{{caption_tex}}}\\label{{fig:{fid}}}\n"
                    "\\end{herefigure}\n")
        # wider than the text: the figure and its caption turned a quarter, across the
        # page's height, on a page of its own that comes right after the current page
        # (\afterpage{\clearpage}: the figures after it are not held back)
        room = self.ctx.text_height_pt * 0.97
        width = min(max(need, min(fig.width_pt, room)), room)
        if fig.height_pt * width / fig.width_pt > self.ctx.text_width_pt - 60:
            # too large for the text either way: a plate of its own, as wide as legibility
            # asks, over the margins
            if need > 580:
                self.ctx.warnings.append(f"{self.slug}: figure {fid} needs {need:.0f} pt")
            return ("\\begin{figure}[p]\n\\centering\n"
                    f"\\makebox[\\textwidth]{{\\includegraphics[width={need:.1f}pt]{{{fid}}}}}\n"
                    f"\\caption{{{caption_tex}}}\\label{{fig:{fid}}}\n\\end{{figure}}\n"
                    "\\afterpage{\\clearpage}\n")
        return ("\\begin{figure}[p]\n\\centering\n"
                f"\\rotatebox{{90}}{{\\begin{{minipage}}{{{room:.1f}pt}}\\centering\n"
                f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n"
                f"\\caption{{{caption_tex}}}\\label{{fig:{fid}}}\n\\end{{minipage}}}}\n"
                "\\end{figure}\n\\afterpage{\\clearpage}\n")

    def image(self, e: Tag) -> str:
        fid = self.figure_id(e.get("src", ""))
        if fid and fid in self.ctx.figures:
            self.ctx.printed.add(fid)
            return self.float_figure(fid, escape(self.ctx.captions.get(fid, e.get("alt", ""))))
        self.ctx.warnings.append(f"{self.slug}: an image left out: {e.get('src', '')[:60]}")
        return escape(e.get("alt", ""))

    def widget(self, e: Tag) -> str:
        fid = e.get("data-figure") or self.figure_id(e.get("data-svg", "")) or ""
        if fid in self.ctx.printed or fid not in self.ctx.figures:
            return self.live_line(self.ctx.words["playable"])
        self.ctx.printed.add(fid)
        live = ""
        if self.ctx.site_url:
            live = escape(self.ctx.words["live"]) + " \\url{" + _url(
                self.ctx.site_url + self.ctx.page_path) + "}"
        return self.float_figure(fid, escape(self.ctx.captions.get(fid, "")), live)

    def table(self, e: Tag) -> str:
        rows = e.find_all("tr")
        if not rows:
            return ""
        cells = [r.find_all(["th", "td"], recursive=False) for r in rows]
        ncols = max(len(c) for c in cells)
        aligns = []
        for k in range(ncols):
            style = ""
            for row in cells:
                if k < len(row) and row[k].get("style"):
                    style = row[k]["style"]
                    break
            aligns.append("r" if "right" in style else "c" if "center" in style else "l")
        # columns of long text wrap (tabularx's X columns, as wide as their text asks);
        # a table of short cells keeps its natural width, set smaller if it is too wide
        lengths = [max((len(row[k].get_text(" ", strip=True)) for row in cells if k < len(row)),
                       default=0) for k in range(ncols)]
        wide = [k for k in range(ncols) if lengths[k] > 25] if sum(lengths) > 80 else []
        spec = []
        share = sum(lengths[k] for k in wide) or 1
        for k in range(ncols):
            if k in wide:
                size = len(wide) * lengths[k] / share
                spec.append(f">{{\\raggedright\\arraybackslash\\hsize={size:.2f}\\hsize}}X")
            else:
                spec.append(aligns[k])
        head = [r for r in rows if r.find_parent("thead") is not None]
        lines = []
        for row, row_cells in zip(rows, cells, strict=True):
            texts = [self.inlines(c).strip() for c in row_cells]
            if row in head:
                texts = [f"\\textbf{{{t}}}" if t else "" for t in texts]
            texts += [""] * (ncols - len(texts))
            lines.append(" & ".join(texts) + r" \\" + (r" \hline" if row in head else ""))
        body = "\n".join(lines)
        columns = "".join(spec)
        if len(rows) > 24:                        # across pages, its head on each
            if wide:     # longtable has no X column: p columns share what is left
                narrow = sum(lengths[k] for k in range(ncols) if k not in wide)
                room = max(0.3, 0.92 - 0.011 * narrow)
                columns = "".join(
                    f">{{\\raggedright\\arraybackslash}}p{{{room * lengths[k] / share:.2f}"
                    f"\\linewidth}}" if k in wide else aligns[k] for k in range(ncols))
            if head:
                body = body.replace(r"\hline", r"\hline\endhead", 1)
            return ("{\\small\n\\begin{longtable}{" + columns + "}\n\\hline\n" + body
                    + "\n\\hline\n\\end{longtable}\n}\n")
        if wide:
            return ("\\begin{center}\\small\n\\begin{tabularx}{\\linewidth}{" + columns
                    + "}\n\\hline\n" + body + "\n\\hline\n\\end{tabularx}\n\\end{center}\n")
        return ("\\begin{center}\\small\n\\fitwidth{\\begin{tabular}{" + columns + "}\n\\hline\n"
                + body + "\n\\hline\n\\end{tabular}}\n\\end{center}\n")

    def tabbed(self, e: Tag) -> str:
        labels = [lab.get_text(" ", strip=True) for lab in e.select(".tabbed-labels > label")]
        blocks = e.select(".tabbed-content > .tabbed-block")
        out = []
        for label, block in zip(labels, blocks, strict=False):
            only_figure = block.find("figure") is not None and not "".join(
                t for t in block.find_all(string=True)
                if t.find_parent("figure") is None).strip()
            head = "" if only_figure else f"\\paragraph{{{escape(label)}}}\n"
            out.append(head + self.blocks(block))
        return "\n".join(out)

    # -- boxes ------------------------------------------------------------------------------

    def admonition(self, e: Tag, classes: set[str]) -> str:
        title_p = e.find("p", class_="admonition-title", recursive=False)
        title = title_p.get_text(" ", strip=True) if title_p else ""
        title_tex = self.inlines(title_p) if title_p else ""
        if title_p:
            title_p.extract()
        body = self.blocks(e)
        kind = "exercise" if "exercise" in classes else None
        word, note, note_tex = _split_title(title, title_tex)
        if kind is None:
            kind = THEOREMS.get(word.lower())
        if kind == "exercise":
            return self.exercise(title_tex, body)
        if kind is not None:
            opt = f"[{note_tex}]" if note_tex else ""
            if body.lstrip().startswith(("\\begin{itemize}", "\\begin{enumerate}")):
                body = "\\leavevmode\n" + body
            return f"\\begin{{{kind}}}{opt}\n{body}\\end{{{kind}}}\n"
        # a box of the page (info, remark without a word): a titled aside
        return f"\\begin{{aside}}{{{title_tex}}}\n{body}\\end{{aside}}\n"

    def exercise(self, title_tex: str, body: str) -> str:
        self.exercise_count += 1
        self.exercise_label = f"ex:{self.slug}:{self.exercise_count}"
        self.exercise_title = title_tex
        return (f"\\begin{{exercise}}{{{title_tex}}}\\label{{{self.exercise_label}}}\n"
                f"{body}\\end{{exercise}}\n")

    def python_exercise(self, e: Tag) -> str:
        title_p = e.find("p", class_="arena-exercise-title")
        title_tex = self.inlines(title_p.find("strong") or title_p) if title_p else ""
        if title_p:
            title_p.decompose()
        solution = e.find("details", class_="arena-exercise-solution")
        if solution is not None:
            solution.extract()
        body = self.blocks(e)
        out = self.exercise(title_tex, body)
        if solution is not None:
            out += self.details(solution)
        return out

    def details(self, e: Tag) -> str:
        classes = set(e.get("class", []))
        summary = e.find("summary", recursive=False)
        summary_text = summary.get_text(" ", strip=True) if summary else ""
        summary_tex = self.inlines(summary) if summary else ""
        if summary is not None:
            summary.extract()
        if classes & SOLUTION_CLASSES:
            number = len(self.solutions) + 1
            label = f"sol:{self.slug}:{number}"
            answers = self.exercise_label
            head = escape(self.ctx.words["solution"])
            if "answer" in classes and summary_text:
                head += " (" + summary_tex + ")"
            elif answers:
                colon = "~: " if self.ctx.lang == "fr" else ": "
                head += f"{colon}{self.exercise_title}, p.~\\pageref{{{answers}}}"
            self.solutions.append(f"\\subsection*{{{head}}}\\label{{{label}}}\n"
                                  + self.blocks(e))
            colon = "~:" if self.ctx.lang == "fr" else ":"
            return (f"\\solutionpointer{{{escape(self.ctx.words['solution'])}{colon}}}"
                    f"{{\\pageref{{{label}}}}}\n")
        if "proof" in classes:
            note = summary_tex
            for word in ("Démonstration", "Proof"):
                if summary_text.startswith(word):
                    rest = summary_text[len(word):].lstrip(" :\u00a0\u202f")
                    note = escape(rest.removeprefix("(").removesuffix(")"))
            colon = "~: " if self.ctx.lang == "fr" else ": "
            opt = f"[{escape(self.ctx.words['proof'])}{colon}{note}]" \
                if note else ""
            return f"\\begin{{proof}}{opt}\n{_qed_in_list(self.blocks(e))}\\end{{proof}}\n"
        return f"\\begin{{aside}}{{{summary_tex}}}\n{self.blocks(e)}\\end{{aside}}\n"


BLOCKS = {"h1", "h2", "h3", "h4", "p", "hr", "blockquote", "section", "img", "div",
          "details", "figure", "table", "pre", "ul", "ol", "dl"}
"""The elements a page's text is made of, each converted by :meth:`Chapter.block`."""
PROOF_WORDS = ("Preuve.", "Proof.", "Démonstration.")


def _opens_proof(p: Tag) -> bool:
    """A paragraph that opens a proof: ``*Preuve.* ...`` (the label is removed; the
    proof environment prints its own)."""
    first = next((c for c in p.children if not (isinstance(c, NavigableString)
                                                 and not c.strip())), None)
    if isinstance(first, Tag) and first.name == "em" and first.get_text().strip() in PROOF_WORDS:
        first.decompose()
        return True
    return False


def _closes_proof(block: Tag) -> bool:
    """A block that ends a proof with its square (removed: the environment sets it)."""
    for m in block.find_all("span", class_="arithmatex"):
        if m.get_text().strip() in (r"\(\square\)", "$\\square$"):
            m.decompose()
            return True
    for t in block.find_all(string=lambda x: x and x.rstrip().endswith("□")):
        t.replace_with(t.rstrip()[:-1])
        return True
    return False


def _qed_in_list(body: str) -> str:
    """A proof ending with a list gets its square on the list's last line."""
    stripped = body.rstrip()
    for env in ("itemize", "enumerate"):
        end = f"\\end{{{env}}}"
        if stripped.endswith(end):
            return stripped[:-len(end)] + "\\qedhere\n" + end + "\n"
    return body


_VERBATIM = re.compile(r"(\\begin\{verbatim\}.*?\\end\{verbatim\})", re.S)


def _book_wording(tex: str, lang: str) -> str:
    """What a chapter's LaTeX needs once whole: prose quotes "..." as the language's
    quotation marks, paired over each paragraph (a formula may sit between them); a tie
    between "chapitre" and its number, and no article before "chapter 3" in English.
    Listings are left as they are."""
    def prose(text: str) -> str:
        paragraphs = text.split("\n\n")
        out = []
        for para in paragraphs:
            pieces = para.split('"')
            if len(pieces) % 2 == 1 and len(pieces) > 1:
                opening, closing = (("\\guillemotleft{}~", "~\\guillemotright{}")
                                    if lang == "fr" else ("``", "''"))
                para = "".join(piece + (opening if k % 2 == 0 else closing)
                               for k, piece in enumerate(pieces[:-1])) + pieces[-1]
            out.append(para)
        text = "\n\n".join(out)
        text = re.sub(r"\b(chapitre|chapter) +\\ref", r"\1~\\ref", text)
        if lang == "en":
            text = re.sub(r"\b([Tt])he chapter~\\ref", lambda m: ("C" if m[1] == "T" else "c")
                          + "hapter~\\ref", text)
        return text

    return "".join(part if part.startswith("\\begin{verbatim}") else prose(part)
                   for part in _VERBATIM.split(tex))


def _split_title(title: str, title_tex: str) -> tuple[str, str, str]:
    """'Théorème (Bouton, 1901)' -> ('Théorème', 'Bouton, 1901', its LaTeX)."""
    m = re.match(r"\s*([^\s(]+)\s*(?:\((.*)\))?\s*$", title)
    if not m:
        return "", "", ""
    word = m[1]
    note_tex = ""
    if m[2]:
        inner = re.match(r"\s*[^\s(]+\s*\((.*)\)\s*$", title_tex, re.S)
        note_tex = inner[1] if inner else escape(m[2])
    return word, m[2] or "", note_tex


def _math_unicode(tex: str) -> str:
    """Unicode symbols a formula may hold, as TeX commands."""
    out = []
    for c in tex:
        if c in MATH_CHARS:
            out.append(MATH_CHARS[c] + " ")
        elif c == "\u00a0":
            out.append("~")
        else:
            out.append(c)
    return "".join(out)


def _url(address: str) -> str:
    return address.replace("%", r"\%").replace("#", r"\#")


def _verbatim_line(line: str) -> str:
    # \end{verbatim} never closes a listing early
    return line.replace("\\end{verbatim}", "\\end {verbatim}")


def _a_term(text: str) -> bool:
    """Bold text in a definition that names a notion (an index entry), not a statement
    set in bold ("x est gagnante pour J_i")."""
    return len(text.split()) <= 4 and not re.match(r"[a-z]\b", text) and "\\(" not in text


def index_key(term: str) -> str:
    """The sort key of an index entry: lower case, accents removed (makeindex sorts
    bytes)."""
    folded = unicodedata.normalize("NFKD", term.lower())
    key = "".join(c for c in folded if c.isalnum() or c in " -")
    return key.replace("@", "").replace("!", "").replace("|", "") or "zz"
