"""Code: listings set verbatim (a size smaller when a line is long, never a line of code
broken inside a token), what a command prints folded to its first lines, and code within
a sentence."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from coursebuild.latex.text import escape

if TYPE_CHECKING:
    from coursebuild.latex.converter import Converter

CODE_WIDTH = 84          # characters of a listing line at \small (10 pt, the text width)
SMALL_CODE_WIDTH = 95    # at \footnotesize (9 pt)
OUTPUT_LINES = 14        # an output longer than this (and 2) is folded


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


def listing(conv: Converter, text: str) -> str:
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
        lines = fold_output(lines, OUTPUT_LINES, conv.ctx.words)
    body = "\n".join(_verbatim_line(line) for line in lines)
    return (f"\\begin{{{env}}}\n\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n"
            f"\\end{{{env}}}\n")


def inline_code(text: str) -> str:
    """Code within a sentence, in typewriter type: a long name may break after an
    underscore, a dot or a comma (as a listing may not); quotes as typed.

    >>> inline_code("f(a, b)")
    '\\\\texttt{f(a, \\\\allowbreak{}b)}'
    """
    body = escape(text, formulas=False).replace("-", "-{}")
    body = body.replace("'", r"\textquotesingle{}")
    body = body.replace('"', r"\textquotedbl{}")
    body = body.replace("`", r"\textasciigrave{}")
    body = re.sub(r"(, |/)", r"\1\\allowbreak{}", body)
    return r"\texttt{" + body + "}"


def _verbatim_line(line: str) -> str:
    # \end{verbatim} never closes a listing early
    return line.replace("\\end{verbatim}", "\\end {verbatim}")
