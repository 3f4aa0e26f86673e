"""Tables: a table of short cells keeps its natural width (in the outer margin when it is
wider than the text, set smaller only when wider than both); a table with a column of
long text takes the text and the outer margin, that column wrapped (tabularx); a long
table goes across pages with its head on each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coursebuild.typeset.latex.text import label

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.typeset.latex.writer import Writer

LONG_TABLE_ROWS = 24      # a table of more rows may go across pages
LONG_CELL = 40            # a cell of more characters wraps
# a table's formulas never break at a relation or an operator ("r(n) =" / "0")
UNBROKEN = "\\booktableformulas"


def table(conv: Writer, e: Tag) -> str:
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
    head = [r for r in rows if r.find_parent("thead") is not None]
    body_cells = [c for r, c in zip(rows, cells, strict=True) if r not in head]
    lengths = [max((len(row[k].get_text(" ", strip=True)) for row in body_cells
                    if k < len(row)), default=0) for k in range(ncols)]
    # a head longer than its column goes on two lines
    heads = {k for row in cells for k, c in enumerate(row) if c.parent in head
             and len(c.get_text(" ", strip=True)) > lengths[k] + 3
             and " " in c.get_text(" ", strip=True)}
    lengths = [max(n, *(len(row[k].get_text(" ", strip=True)) // (2 if k in heads else 1)
                        for row in cells if k < len(row)))
               for k, n in enumerate(lengths)]
    long = len(rows) > LONG_TABLE_ROWS
    # a table whose cells are short keeps its natural width (into the outer margin if it
    # must); columns of long text wrap
    wraps = long or max(lengths, default=0) > LONG_CELL
    columns = column_spec(lengths, aligns, long) if wraps else "".join(aligns)
    lines = []
    for row, row_cells in zip(rows, cells, strict=True):
        texts = [conv.inlines(c).strip() for c in row_cells]
        if row in head:
            texts = [(two_lines(t, aligns[k]) if k in heads else None)
                     or (f"\\textbf{{{t}}}" if t else "") for k, t in enumerate(texts)]
        texts += [""] * (ncols - len(texts))
        lines.append(" & ".join(texts) + r" \\" + (r" \hline" if row in head else ""))
    body = "\n".join(lines)
    if long:                                       # across pages, its head on each
        if head:
            body = body.replace(r"\hline", r"\hline\endhead", 1)
        return ("{\\small" + UNBROKEN + "\n\\begin{longtable}{" + columns + "}\n\\hline\n" + body
                + "\n\\hline\n\\end{longtable}\n}\n")
    conv.tables += 1
    key = label(f"table:{conv.slug}:{conv.tables}")
    if "X" in columns:           # long text: as wide as the text and the outer margin
        return ("\\begin{center}\\small" + UNBROKEN + "\n\\booktable{" + key
                + "}{\\begin{tabularx}{\\bookfullwidth}{" + columns
                + "}\n\\hline\n" + body + "\n\\hline\n\\end{tabularx}}\n\\end{center}\n")
    return ("\\begin{center}\\small" + UNBROKEN + "\n\\booktable{" + key
            + "}{\\begin{tabular}{" + columns
            + "}\n\\hline\n" + body + "\n\\hline\n\\end{tabular}}\n\\end{center}\n")


def _wide(lengths: list[int]) -> list[int]:
    """The columns that wrap: those of long text, when the table is wider than a line."""
    return [k for k, n in enumerate(lengths) if n > 25] if sum(lengths) > 60 else []


def two_lines(tex: str, align: str) -> str | None:
    """A column's head (its LaTeX) on two lines, cut at the space nearest its middle that
    is neither in a formula nor in braces nor before a colon; None if there is none.

    >>> print(two_lines("Positions atteignables", "r"))
    \\begin{tabular}[b]{@{}r@{}}\\textbf{Positions}\\\\\\textbf{atteignables}\\end{tabular}
    >>> print(two_lines(r"Won by \\(J_0 + J_1\\)", "l"))
    \\begin{tabular}[b]{@{}l@{}}\\textbf{Won by}\\\\\\textbf{\\(J_0 + J_1\\)}\\end{tabular}
    """
    spaces, depth, math = [], 0, False
    for k, c in enumerate(tex):
        if tex.startswith(r"\(", k) or tex.startswith(r"\)", k):
            math = tex[k + 1] == "("
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == " " and depth == 0 and not math and tex[k + 1:k + 2] not in (":", ";", ")"):
            spaces.append(k)
    if not spaces:
        return None
    cut = min(spaces, key=lambda k: abs(k - len(tex) / 2))
    return (f"\\begin{{tabular}}[b]{{@{{}}{align}@{{}}}}\\textbf{{{tex[:cut]}}}\\\\"
            f"\\textbf{{{tex[cut + 1:]}}}\\end{{tabular}}")


def column_spec(lengths: list[int], aligns: list[str], long: bool) -> str:
    """The columns of a table whose longest cells hold ``lengths`` characters: columns of
    long text wrap, sharing what the others leave (tabularx's X columns, or p columns in
    a long table), the others keep their alignment.

    >>> print(column_spec([2, 40, 30], ["r", "l", "l"], long=False).replace(chr(92), "/"))
    r>{/raggedright/arraybackslash/hsize=1.14/hsize}X>{/raggedright/arraybackslash/hsize=0.86/hsize}X
    >>> column_spec([2, 5], ["r", "c"], long=True)
    'rc'
    """
    wide = _wide(lengths)
    share = sum(lengths[k] for k in wide) or 1
    if not long:
        return "".join(f">{{\\raggedright\\arraybackslash\\hsize={len(wide) * n / share:.2f}"
                       "\\hsize}X" if k in wide else aligns[k] for k, n in enumerate(lengths))
    # what the narrow columns take of the line (a character of \small, bold in a head,
    # is about 1.7 % of it) and the space between all columns (3.7 % each)
    narrow = sum(n for k, n in enumerate(lengths) if k not in wide)
    room = max(0.3, 0.98 - 0.017 * narrow - 0.037 * len(lengths))
    return "".join(f">{{\\raggedright\\arraybackslash}}p{{{room * n / share:.2f}\\linewidth}}"
                   if k in wide else aligns[k] for k, n in enumerate(lengths))
