"""What a printed page must keep off its edges (issue 47): every word of a PDF read with its
box (``pdftotext -bbox``) and checked against the paper's edge and the text block plus the
margin a wide item may take. Any PDF the course prints can be checked: the books, the
exercise sheets, given their page's layout.

Usage: python -m coursebuild.products.paper_edges FILE.pdf [...]   (the books' layout; exit 1 on
a word out of place, each one printed)
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PT_PER_MM = 72 / 25.4          # PDF points (big points) to a millimetre


@dataclass(frozen=True)
class Layout:
    """A page's layout in millimetres. ``inner`` is the margin on the spine's side (the
    left one of a right-hand page; on a one-sided page, the left one); ``overhang`` is
    what a wide item may take of the outer margin; ``head`` and ``foot`` what the running
    head and the page number take above and below the text block."""
    inner: float
    text_width: float
    top: float
    text_height: float
    overhang: float = 0.0
    head: float = 14.0
    foot: float = 14.0
    twoside: bool = True
    edge: float = 10.0            # no word nearer than this to the paper's edge


BOOK = Layout(inner=25, text_width=115, top=32, text_height=232, overhang=55)
"""The books' page (src/coursebuild/documents/book_preamble.tex's geometry)."""
SHEET = Layout(inner=20, text_width=164, top=20, text_height=257, overhang=17, head=2,
               foot=10, twoside=False)
"""An exam paper's page and its key's (handouts/preamble.tex, sheet-LANG.tex: margins of
2 cm, 2.6 cm on the right, where the marks of each question stand, in a margin note of
3 + 14 mm; no running head, but a listing continued at a page's top rises 1.2 mm above
the text block, its first line taller than the top skip)."""
HANDOUT = Layout(inner=20, text_width=170, top=20, text_height=257, head=0, foot=10,
                 twoside=False)
"""The exercise sheets' page (handouts/preamble.tex: margins of 2 cm)."""

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                  r"(.*?)</word>")
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def words(pdf: Path) -> list[tuple[int, float, float, list[tuple[str, tuple[float, ...]]]]]:
    """Each page of ``pdf``: its number (from 1), width and height in mm, and its words
    with their boxes (x0, y0, x1, y1 in mm from the top left corner)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = []
    for number, chunk in enumerate(out.split("<page ")[1:], start=1):
        size = PAGE.match("<page " + chunk)
        if size is None:
            raise ValueError(f"{pdf}: page {number} has no size in pdftotext's output")
        boxes = [(html.unescape(m[5]), tuple(float(m[k]) / PT_PER_MM for k in range(1, 5)))
                 for m in WORD.finditer(chunk)]
        pages.append((number, float(size[1]) / PT_PER_MM, float(size[2]) / PT_PER_MM,
                      boxes))
    return pages


def offences(pdf: Path, layout: Layout = BOOK, tolerance: float = 0.5) -> list[str]:
    """Every word of ``pdf`` nearer than ``layout.edge`` to the paper's edge, or outside
    the text block widened by the overhang on the outer side (the right of an odd page,
    the left of an even one, as a two-sided book is bound) and by the running head and
    the foot above and below; one line each: file, page, word, where it is."""
    found = []
    for number, width, height, boxes in words(pdf):
        recto = number % 2 == 1 or not layout.twoside
        left = layout.inner if recto else width - layout.inner - layout.text_width
        right = left + layout.text_width
        if recto:
            right += layout.overhang
        else:
            left -= layout.overhang
        top, bottom = layout.top - layout.head, layout.top + layout.text_height + layout.foot
        left, top = max(left, layout.edge), max(top, layout.edge)
        right, bottom = min(right, width - layout.edge), min(bottom, height - layout.edge)
        for text, (x0, y0, x1, y1) in boxes:
            where = []
            if x0 < left - tolerance:
                where.append(f"{left - x0:.1f} mm left of the limit")
            if x1 > right + tolerance:
                where.append(f"{x1 - right:.1f} mm right of the limit")
            if y0 < top - tolerance:
                where.append(f"{top - y0:.1f} mm above the limit")
            if y1 > bottom + tolerance:
                where.append(f"{y1 - bottom:.1f} mm below the limit")
            if where:
                found.append(f"{pdf.name} page {number}: {text!r} " + ", ".join(where))
    return found


def main(argv: list[str] | None = None) -> int:
    paths = [Path(a) for a in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("usage: python -m coursebuild.products.paper_edges FILE.pdf [...]", file=sys.stderr)
        return 2
    bad = []
    for path in paths:
        if not path.is_file():
            print(f"{path}: no such file", file=sys.stderr)
            return 2
        bad += offences(path)
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
