"""An algorithm's steps on paper. The site steps through them (a stepper, and its steps
as text); the book sets one compact table per run instead: a row per step, holding only
what the step changes (the columns and rows the figure build computed with the steps,
``columns`` and each step's ``row``), under the first sentence of the figure's caption.
The run's outcome is a figure of its own that the chapter prints and cites."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coursebuild.typeset.latex.figures import figure_id
from coursebuild.typeset.latex.text import escape, label

SHORT_RUN = 24            # a run of more steps is a table that may go over pages

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.typeset.latex.writer import Writer


def trace_of(conv: Writer, e: Tag) -> str | None:
    """The stepper a folded block shows step by step (its still figure is in it), or
    None."""
    for img in e.find_all("img"):
        fid = figure_id(img.get("src", ""))
        if fid and "steps" in conv.ctx.data.get(fid, {}) and \
                img.find_parent("details") is e:
            return fid
    return None


ITEM = 20
"""An item of a cell's list ("d (11.1)", "r(n) = 0") of at most this many characters is
never split over two lines."""


def cell(value: str | dict, lang: str) -> str:
    r"""A cell of a step's row: the same in both languages, or one per language; the
    items of a list (separated by commas outside brackets) each kept on one line.

    >>> print(cell("a (9.1), e (9.6), d (11.1)", "en"))
    \mbox{a (9.1)}, \mbox{e (9.6)}, \mbox{d (11.1)}
    """
    text = value[lang] if isinstance(value, dict) else value
    items, depth, start = [], 0, 0
    for k, c in enumerate(text):
        depth += (c in "([{") - (c in ")]}")
        if c == "," and depth == 0 and text[k + 1:k + 2] == " ":
            items.append(text[start:k])
            start = k + 2
    items.append(text[start:])
    return ", ".join(f"\\mbox{{{escape(item)}}}" if " " in item and len(item) <= ITEM
                     else escape(item) for item in items)


def steps(conv: Writer, e: Tag) -> str:
    """The steps of a stepper as one table, numbered with the book's tables: in one piece
    where the text gives it, or, for a run of more than :data:`SHORT_RUN` steps, a long
    table that goes on over the pages, its head on each."""
    fid = trace_of(conv, e) or ""
    trace = conv.ctx.data[fid]
    lang = conv.ctx.lang
    heads = [escape(h) for h in trace["columns"][lang]]
    rows = [[str(k)] + [cell(c, lang) for c in step["row"]]
            for k, step in enumerate(trace["steps"])]
    raw = [trace["columns"][lang]] + [[str(k)] + [c[lang] if isinstance(c, dict) else c
                                              for c in step["row"]]
                                      for k, step in enumerate(trace["steps"])]
    lengths = [max(len(r[k]) for r in raw) for k in range(len(heads))]
    spec = step_columns(lengths)
    caption = conv.ctx.words["steps_table"].format(
        what=first_clause(conv.ctx.captions.get(fid, "")))
    head = " & ".join(f"\\textbf{{{h}}}" for h in heads) + r" \\ \hline"
    body = "\n".join(" & ".join(r) + r" \\" for r in rows)
    key = label("tab:" + fid)
    if len(rows) <= SHORT_RUN:        # one piece, in place
        return ("\\begin{steptable}\n\\small\\setlength{\\tabcolsep}{4pt}"
                f"\\caption{{{escape(caption)}}}\\label{{{key}}}\n"
                f"\\begin{{tabular}}{{{spec}}}\n\\hline\n{head}\n{body}\n\\hline\n"
                "\\end{tabular}\n\\end{steptable}\n")
    return ("{\\small\\setlength{\\tabcolsep}{4pt}\n\\begin{longtable}{" + spec + "}\n"
            f"\\caption{{{escape(caption)}}}\\label{{{key}}}\\\\\n\\hline\n{head}\n"
            "\\endfirsthead\n\\hline\n" + head + "\n\\endhead\n"
            + body + "\n\\hline\n\\end{longtable}}\n")


def first_clause(caption: str) -> str:
    """What a stepper's caption says it shows, up to its first colon or semicolon (or
    full stop) outside parentheses.

    >>> first_clause("A* step by step on the map (7 steps); on each road, its length.")
    'A* step by step on the map (7 steps)'
    """
    depth = 0
    for k, c in enumerate(caption):
        depth += (c == "(") - (c == ")")
        if depth == 0 and c in ":;." and (k + 1 == len(caption) or caption[k + 1] == " "):
            return caption[:k].rstrip(" \u00a0\u202f")
    return caption


def step_columns(lengths: list[int]) -> str:
    """The columns of a table of steps, as wide as the text: the step's number and the
    short columns at their width, the others sharing what is left, wrapped.

    >>> print(step_columns([2, 5, 30, 30]).replace(chr(92), "/"))
    rl>{/raggedright/arraybackslash}p{0.36/linewidth}>{/raggedright/arraybackslash}p{0.36/linewidth}
    """
    lengths = [max(n, 4) for n in lengths]
    narrow = [k for k, n in enumerate(lengths) if k == 0 or n <= 10]
    share = sum(n for k, n in enumerate(lengths) if k not in narrow) or 1
    # at \\small, a character takes about 1.8 % of the text's width (in bold), a column's
    # two separations 2.5 %
    room = 0.98 - sum(0.018 * lengths[k] + 0.025 for k in narrow) \
        - 0.025 * (len(lengths) - len(narrow))
    return "".join(("r" if k == 0 else "l") if k in narrow else
                   f">{{\\raggedright\\arraybackslash}}p{{{room * n / share:.2f}\\linewidth}}"
                   for k, n in enumerate(lengths))
