"""Characters as LaTeX: plain text escaped, the Unicode mathematics the pages write as
text (J₀, 𝒜⁰₃, x → y) set as formulas, the formulas generated text writes plainly
(``n = 10``, ``(k, 0)``) set as such, numbers in the language's format, and text for the
PDF's bookmarks. Every converter of :mod:`coursebuild.typeset.latex` writes its text through
:func:`escape`."""

from __future__ import annotations

import re
import unicodedata

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
        tex = re.sub(r" +", " ", math_unicode(m[0]))
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
    lines += [r"\DeclareUnicodeCharacter{202F}{\,}", r"\DeclareUnicodeCharacter{2009}{\,}",
              # the mark of a line of code broken at the measure (listings.wrap_code)
              r"\DeclareUnicodeCharacter{21AA}{\ensuremath{\hookrightarrow}}"]
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




def math_unicode(tex: str) -> str:
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


_VERBATIM = re.compile(r"(\\begin\{verbatim\}.*?\\end\{verbatim\})", re.S)


def book_wording(tex: str, lang: str) -> str:
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
        text = re.sub(r"\b(chapitre|chapter) +(\\ref|\d)", r"\1~\2", text)
        # a number and its unit on one line: "9 semaines (35 h)" broke before its "h"
        text = re.sub(r"(?<=\d) (?=(?:h|min|pts?)\b)", "~", text)
        if lang == "en":        # "the chapter 5 of the students' book" is French (issue 61)
            text = re.sub(r"\b([Tt])he (chapter~(?:\\ref|\d+ of the students))",
                          lambda m: ("C" if m[1] == "T" else "c") + m[2][1:], text)
        return text

    return "".join(part if part.startswith("\\begin{verbatim}") else prose(part)
                   for part in _VERBATIM.split(tex))


def label(name: str) -> str:
    """A name (a heading's id, a figure's, a page's) as the key of ``\\label`` and
    ``\\ref``: letters, digits and ``:._-`` as they are, any other character as its code.

    >>> label("ex:modelling:fig-1"), label("a}\\\\input{b")
    ('ex:modelling:fig-1', 'a+7D+5Cinput+7Bb')
    """
    return "".join(c if c.isascii() and (c.isalnum() or c in ":._-") else f"+{ord(c):02X}"
                   for c in name)


class UnsafeFormula(ValueError):
    """A formula that would make TeX read or write files or define commands (the pages'
    formulas are mathematics, which needs none of these)."""


_UNSAFE = re.compile(
    r"\\(input|include|openin|openout|read|readline|write|immediate|catcode|[egx]?def|let|"
    r"futurelet|csname|special|newcommand|renewcommand|providecommand|usepackage|"
    r"endinput|IfFileExists|InputIfFileExists|includegraphics|pdf[a-z]+|directlua|"
    r"makeatletter|scantokens|everyjob|everypar|shipout|output|jobname)(?![a-zA-Z])|\^\^")


def check_formula(tex: str) -> str:
    """``tex``, when it is mathematics and nothing else.

    >>> check_formula(r"x \\in \\mathcal{A}^i_n")
    'x \\\\in \\\\mathcal{A}^i_n'
    >>> check_formula(r"\\input{/etc/hostname}")  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    coursebuild.typeset.latex.text.UnsafeFormula: the formula '\\\\input{/etc/hostname}' uses
    \\input, ...
    """
    m = _UNSAFE.search(tex)
    if m:
        raise UnsafeFormula(f"the formula {tex[:60]!r} uses {m[0]}, which a formula may not "
                            "(it reads or writes files, or defines commands)")
    return tex


def glossary_latex() -> str:
    """The concordance as an appendix of the English book."""
    from coursebuild.sources.glossary import WORDS, _chapter_titles, entries

    titles = _chapter_titles()
    items = "".join(f"\\item[\\texttt{{{escape(e['english'], formulas=False)}}}] "
                    f"\\texttt{{{escape(e['name'], formulas=False)}}}: {escape(e['en'])} "
                    f"({escape(titles[e['page']])})\n"
                    for e in sorted(entries(), key=lambda e: e["english"]))
    return (f"\\chapter{{{escape(WORDS['title'])}}}\n"
            f"{escape(WORDS['intro'])}\n"
            f"\\begin{{description}}\n{items}\\end{{description}}\n")
