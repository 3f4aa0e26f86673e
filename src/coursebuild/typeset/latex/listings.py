"""Code: listings set verbatim (into the book's outer margin when a line is long, a size
smaller when longer still, never a line of code broken inside a token), what a command
prints folded to its first lines, and code within a sentence."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from coursebuild.typeset.latex.text import escape, label

if TYPE_CHECKING:
    from coursebuild.typeset.latex.writer import Writer

CHAR_PT = {"small": 5.25, "footnotesize": 4.725}   # a typewriter character's width
CODE_INDENT_PT = 11.0     # a listing is indented by 1 em
LINE_PT = 12.0            # a listing's line (at \small)
OUTPUT_LINES = 14        # an output longer than this (and 2) is folded
CODE_WIDTH = 60          # columns of a listing line at \small in the text's width, indented
SMALL_CODE_WIDTH = 66    # at \footnotesize
PAGE_SHARE = 0.9         # a listing of more lines than this share of a page goes over pages

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
    """A listing, verbatim, as a table is set: at ``\\small`` in the text's width, or
    into the book's outer margin when a line is longer (its edge on the spine's side),
    at ``\\footnotesize`` only when a line is longer than both, and a line longer still
    broken at the measure with a continuation mark (:func:`wrap_code`). One that holds
    in half a page, or that holds in a page and takes the margin, is one box, never
    broken across pages; a longer one that holds in a page starts on a new page when the
    rest of this one cannot hold it (a textbook keeps a function whole); only one longer
    than a page goes on over a page, in the text's width. What a command prints (a shell
    session, ``$ ...``) is folded to its first lines."""
    ctx = conv.ctx
    lines = text.rstrip("\n").split("\n")
    if lines[0].startswith("$ "):
        lines = fold_output(lines, OUTPUT_LINES, ctx.words)
    longest = max((columns(ln) for ln in lines), default=0)
    text_room = ctx.text_width_pt - CODE_INDENT_PT
    height = len(lines) * LINE_PT
    # the margin is the page's, on its outer side: a box takes it (the side read from
    # the page it lands on), a listing that goes over a page cannot
    margin = ctx.code_margin and height <= ctx.text_height_pt * PAGE_SHARE
    room = text_room + (ctx.margin_pt if margin else 0.0)
    size = "small" if longest * CHAR_PT["small"] <= room else "footnotesize"
    fits = int(room // CHAR_PT[size])
    if longest > fits:
        lines = wrap_code("\n".join(lines), fits)
        longest = max(columns(ln) for ln in lines)
    body = "\n".join(_verbatim_line(line) for line in lines)
    wide = longest * CHAR_PT[size] > text_room - 1
    if height <= ctx.text_height_pt / 2 or (margin and wide):      # one box
        conv.listings += 1
        key = label(f"code:{conv.slug}:{conv.listings}")
        # as wide as the text, or as its longest line when that is wider (the box's far
        # edge is then flush with the text's on a left-hand page)
        width = min(longest * CHAR_PT[size] + 1, room) if wide else text_room - 1
        return (f"\\begin{{codebox}}{{{key}}}{{\\{size}}}{{{width:.1f}pt}}\n"
                f"\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n\\end{{codebox}}\n")
    env = "codeblock" if size == "small" else "smallcodeblock"
    height += LINE_PT
    whole = f"\\needspace{{{height:.0f}pt}}\n" if height < ctx.text_height_pt else ""
    return (f"{whole}\\begin{{{env}}}\n\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n"
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
SHORT_CALL = re.compile(r"(?<![\w\\])[A-Za-z][\w\\]*\([^()]*\)")
"""A call (escaped: ``jeu\\_de\\_nim(n, R)``): one unbreakable word when it is short
(:data:`SHORT_CALL_CHARS`), its name never at a line's end without its arguments."""
SHORT_CALL_CHARS = 16


def inline_code(text: str) -> str:
    """Code within a sentence, in typewriter type: it may break at a space, after a
    dot, a slash or a comma, never inside a name, nor between a name and the bracket
    that opens its arguments and the first of them, nor inside a tuple such as a pair
    ``(1, 2)`` or a short call ``f(n, R)`` (a longer one only after a comma); quotes as
    typed.

    >>> print(inline_code("{(0, 0): None}"))
    \\texttt{\\{(0,~0): None\\}}
    >>> print(inline_code("f(A, S0)"))
    \\texttt{f(A,~S0)}
    >>> print(inline_code("solve(game, target=frozenset(range(10)))"))
    \\texttt{solve(game, \\allowbreak{}target=frozenset(range(10)))}
    >>> print(inline_code("attractor_ranks(A, S0, V0)"))
    \\texttt{attractor\\_ranks(A, \\allowbreak{}S0, \\allowbreak{}V0)}
    >>> print(inline_code("PROBLEMS=,,"))
    \\texttt{PROBLEMS=,{},}
    """
    body = escape(text, formulas=False).replace("-", "-{}")
    body = body.replace("'", r"\textquotesingle{}")
    body = body.replace('"', r"\textquotedbl{}")
    body = body.replace("`", r"\textasciigrave{}")
    body = re.sub(",(?=,)", ",{}", body)     # ",," would print the ligature „ (issue 61)
    out, last = [], 0
    for m in re.finditer(f"{SHORT_GROUP.pattern}|{SHORT_CALL.pattern}", body):
        if _printed_length(m[0]) > SHORT_CALL_CHARS:
            continue             # a long call may break after a comma of its arguments
        out += [_breaks(body[last:m.start()]), m[0].replace(" ", "~")]
        last = m.end()
    return r"\texttt{" + "".join(out) + _breaks(body[last:]) + "}"


def _printed_length(tex: str) -> int:
    """How many characters a piece of escaped code prints.

    >>> _printed_length(r"f(\\textquotesingle{}a-{}b\\_c\\textquotesingle{})")
    10
    """
    return len(re.sub(r"\\[a-z]+\{\}", "'", re.sub(r"\\(?=[^a-z])|(?<=[-,])\{\}", "", tex)))


def _breaks(code: str) -> str:
    """Where a piece of code in a sentence may break: after a comma, a slash, a dot or
    a hyphen, never inside a name (not at its underscores, issue 47) nor after the
    bracket that opens a call's arguments (issue 61).

    >>> print(_breaks(r"jeu\\_de\\_nim.from\\_rules(g)"))
    jeu\\_de\\_nim.\\allowbreak{}from\\_rules(g)
    """
    return re.sub(r"(, |/|-\{\}|\.(?=\w))", r"\1\\allowbreak{}", code)


def _verbatim_line(line: str) -> str:
    # \end{verbatim} never closes a listing early
    return line.replace("\\end{verbatim}", "\\end {verbatim}")


KEYWORDS = ("End Function", "Fin Fonction", "Function", "Fonction", "For each", "Pour chaque",
            "In", "Dans", "Do", "Faire", "If", "Si", "Then", "Alors", "Else", "Sinon",
            "Return", "Renvoyer", "Repeat", "Répéter", "While", "Tant que", "Until",
            "Jusqu'à")
"""The words of the course's pseudo-code, set in bold in an algorithm."""
_KEYWORD = re.compile(r"(?<![\w'])(" + "|".join(re.escape(k) for k in KEYWORDS) + r")(?![\w'])")
_FUNCTION = re.compile(r"^(?:Function|Fonction) ([^\s(]+)\(")
_COMMENT = re.compile(r"^(.*?\S) {2,}(\(.*\))$")


def is_pseudocode(text: str) -> bool:
    """Whether a block of code is the course's pseudo-code (``Function f(...):`` ... ``End
    Function``, or in French), which the book sets as a numbered algorithm.

    >>> is_pseudocode("Function f(x):\\n  Return x\\nEnd Function")
    True
    >>> is_pseudocode("def f(x):\\n    return x")
    False
    """
    lines = text.strip("\n").split("\n")
    return bool(_FUNCTION.match(lines[0])) and lines[-1].strip() in ("End Function",
                                                                     "Fin Fonction")


def _algorithm_parts(line: str) -> tuple[str, str]:
    """A line of pseudo-code's indent (``1.2em`` a level) and its text in LaTeX: its
    keywords in bold, a trailing ``(remark)`` set as a comment."""
    depth = (len(line) - len(line.lstrip(" "))) // 2
    text, comment = line.strip(), ""
    found = _COMMENT.match(text)
    if found:
        text, comment = found.group(1), found.group(2)[1:-1]
    parts = _KEYWORD.split(text)
    body = "".join(f"\\textbf{{{escape(p, formulas=False)}}}" if k % 2 else
                   escape(p, formulas=False) for k, p in enumerate(parts))
    tail = f" \\Comment{{{escape(comment, formulas=False)}}}" if comment else ""
    return f"{depth * 1.2:.1f}em", body + tail


def algorithm_line(line: str) -> str:
    """A line of pseudo-code as a numbered line of an algorithm: indented by its depth,
    its keywords in bold, a trailing ``(remark)`` set as a comment.

    >>> print(algorithm_line("  If x ∈ S0 Then add x")[-58:])
    \\raggedright \\textbf{If} x \\(\\in\\) S0 \\textbf{Then} add x}
    """
    em, text = _algorithm_parts(line)
    if em == "0.0em":
        return f"\\State {text}"
    # a long line goes on under its own start, not under the line number
    return (f"\\State \\hspace*{{{em}}}\\parbox[t]{{\\dimexpr\\linewidth-{em}\\relax}}"
            f"{{\\raggedright {text}}}")


def _measured(indent: str, text: str) -> str:
    return f"\\bookalgline{{{indent}}}{{{text}}}"


def algorithm(conv: Writer, text: str) -> str:
    """The course's pseudo-code as a textbook prints it: a numbered float (``Algorithm
    4.1 — attracteur_naif``, numbered within the chapter), keywords in bold, each line
    numbered; its key ``alg:CHAPTER:N`` lets the text cite it by number."""
    lines = [ln.rstrip() for ln in text.strip("\n").split("\n") if ln.strip()]
    names = [m.group(1) for m in map(_FUNCTION.match, lines) if m]
    conv.listings += 1
    key = label(f"alg:{conv.slug}:{conv.listings}")
    caption = ", ".join(f"\\texttt{{{escape(n, formulas=False)}}}" for n in names)
    body = "\n".join(algorithm_line(ln) for ln in lines)
    # its widest line measured first: a size smaller when that keeps every line whole
    fit = "".join(_measured(*_algorithm_parts(ln)) for ln in lines)
    return (f"\\begin{{algorithm}}[htbp]\n\\caption{{{caption}}}\\label{{{key}}}\n"
            f"\\begin{{algorithmic}}[1]\n\\bookalgfit{{{fit}}}\n{body}\n"
            "\\end{algorithmic}\n\\end{algorithm}\n")
