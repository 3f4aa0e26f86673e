"""Code: listings set verbatim (a size smaller when a line is long, never a line of code
broken inside a token), what a command prints folded to its first lines, and code within
a sentence."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from coursebuild.latex.text import escape, label

if TYPE_CHECKING:
    from coursebuild.latex.writer import Writer

CHAR_PT = {"small": 5.25, "footnotesize": 4.725}   # a typewriter character's width
CODE_INDENT_PT = 11.0     # a listing is indented by 1 em
LINE_PT = 12.0            # a listing's line (at \small)
OUTPUT_LINES = 14        # an output longer than this (and 2) is folded
CODE_WIDTH = 60          # columns of a listing line at \small in the text's width, indented
SMALL_CODE_WIDTH = 66    # at \footnotesize

CONTINUED = "\u21aa"     # ↪, the mark that opens the rest of a line of code broken at the measure
BREAK_AFTER = ",([{=+-*/:"


def wrap_code(text: str, width: int) -> list[str]:
    """Lines of a listing no longer than ``width`` columns (:func:`columns`), each long
    line broken at the last space that leaves it short enough (else after a comma, an
    opening bracket or an operator, else at the measure itself), the rest going on one
    step deeper after a continuation mark ``↪`` (a comment goes on as a comment), as a
    printed textbook breaks code at the measure.

    >>> wrap_code("    # a long comment here", 20)
    ['    # a long comment', '    ↪ # here']
    >>> wrap_code("x = f(alpha,beta,gamma)", 12)
    ['x =', '↪ f(alpha,', '↪ beta,', '↪ gamma)']
    """
    out: list[str] = []
    for line in text.rstrip("\n").split("\n"):
        line = line.expandtabs(4).rstrip()
        indent = min(len(line) - len(line.lstrip(" ")), width // 2)
        comment = line.lstrip().startswith("#")
        start = indent + 1
        while columns(line) > width:
            fits = start
            while fits < len(line) and columns(line[:fits + 1]) <= width:
                fits += 1
            cut = line.rfind(" ", start, fits + 1)
            if cut > start and line[start:cut].strip():
                head, rest = line[:cut], line[cut + 1:].lstrip()
            else:
                marks = [line.rfind(c, start, fits) for c in BREAK_AFTER]
                cut = max(marks) + 1 if max(marks) >= start else fits
                head, rest = line[:cut], line[cut:].lstrip()
            if not rest:
                break
            out.append(head.rstrip())
            comment = comment or " # " in head or head.lstrip().startswith("# ")
            lead = " " * indent + CONTINUED + " " + ("# " if comment else "")
            line = lead + rest
            start = len(lead)
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


def listing(conv: Writer, text: str) -> str:
    """A listing, verbatim, in the text's width: at ``\\small``, or ``\\footnotesize``
    when a line would not fit, and a line longer still broken at the measure with a
    continuation mark (:func:`wrap_code`). One shorter than half a page is one box,
    never broken across pages; a longer one may go on over a page. What a command
    prints (a shell session, ``$ ...``) is folded to its first lines."""
    ctx = conv.ctx
    lines = text.rstrip("\n").split("\n")
    if lines[0].startswith("$ "):
        lines = fold_output(lines, OUTPUT_LINES, ctx.words)
    longest = max((columns(ln) for ln in lines), default=0)
    # every listing holds in the text's width (nothing goes into the margin): at
    # \small, or \footnotesize when a line would not fit, longer lines broken at the
    # measure with a continuation mark
    room = ctx.text_width_pt - CODE_INDENT_PT
    size = "small" if longest * CHAR_PT["small"] <= room else "footnotesize"
    fits = int(room // CHAR_PT[size])
    if longest > fits:
        lines = wrap_code("\n".join(lines), fits)
    body = "\n".join(_verbatim_line(line) for line in lines)
    if len(lines) * LINE_PT <= ctx.text_height_pt / 2:          # one box
        conv.listings += 1
        key = label(f"code:{conv.slug}:{conv.listings}")
        return (f"\\begin{{codebox}}{{{key}}}{{\\{size}}}{{{room - 1:.1f}pt}}\n"
                f"\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n\\end{{codebox}}\n")
    env = "codeblock" if size == "small" else "smallcodeblock"
    return (f"\\begin{{{env}}}\n\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n"
            f"\\end{{{env}}}\n")


def columns(line: str) -> int:
    """How many characters of a typewriter font a line of code takes: a symbol beyond
    ASCII (``←``, ``∈``, set as mathematics) takes two.

    >>> columns("x ← y"), columns("if x ∈ S0:")
    (6, 11)
    """
    return sum(2 if ord(c) > 0x7F else 1 for c in line.expandtabs(4).rstrip())


SHORT_GROUP = re.compile(r"\((?:\d+|[a-z])(?:, (?:\d+|[a-z]))+\)")
"""A tuple of numbers (or one-letter names) in code, ``(1, 2)``, ``(k, 0)``: one
unbreakable word, as a pair is in a formula."""


def inline_code(text: str) -> str:
    """Code within a sentence, in typewriter type: it may break after a dot or a comma
    (as a listing may not), never inside a name nor a tuple such as a pair ``(1, 2)``;
    quotes as typed.

    >>> print(inline_code("{(0, 0): None}"))
    \\texttt{\\{(0,~0): None\\}}
    >>> print(inline_code("f(A, S0)"))
    \\texttt{f(\\allowbreak{}A, \\allowbreak{}S0)}
    """
    body = escape(text, formulas=False).replace("-", "-{}")
    body = body.replace("'", r"\textquotesingle{}")
    body = body.replace('"', r"\textquotedbl{}")
    body = body.replace("`", r"\textasciigrave{}")
    out, last = [], 0
    for m in SHORT_GROUP.finditer(body):
        out += [_breaks(body[last:m.start()]), "(" + m[0][1:].replace(" ", "~")]
        last = m.end()
    return r"\texttt{" + "".join(out) + _breaks(body[last:]) + "}"


def _breaks(code: str) -> str:
    """Where a piece of code in a sentence may break: after a comma, a slash, a dot or
    an opening bracket, never inside a name (not at its underscores, issue 47).

    >>> print(_breaks(r"jeu\\_de\\_nim.from\\_rules(g)"))
    jeu\\_de\\_nim.\\allowbreak{}from\\_rules(\\allowbreak{}g)
    """
    return re.sub(r"(, |/|-\{\}|\.(?=\w)|\((?=\w))", r"\1\\allowbreak{}", code)


def _verbatim_line(line: str) -> str:
    # \end{verbatim} never closes a listing early
    return line.replace("\\end{verbatim}", "\\end {verbatim}")
