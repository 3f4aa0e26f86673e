"""Tables: a column of long text wraps (tabularx), a table of short cells keeps its
natural width (set smaller when wider than the text), a long table goes across pages with
its head on each."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.latex.converter import Converter

LONG_TABLE_ROWS = 24      # a table of more rows may go across pages


def table(conv: Converter, e: Tag) -> str:
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
        texts = [conv.inlines(c).strip() for c in row_cells]
        if row in head:
            texts = [f"\\textbf{{{t}}}" if t else "" for t in texts]
        texts += [""] * (ncols - len(texts))
        lines.append(" & ".join(texts) + r" \\" + (r" \hline" if row in head else ""))
    body = "\n".join(lines)
    columns = "".join(spec)
    if len(rows) > LONG_TABLE_ROWS:                # across pages, its head on each
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
