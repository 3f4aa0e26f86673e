"""A figure too large to be read on one slide, shown in parts: cut into a grid of at most
:data:`MOST` parts, each shown in turn on one frame (an overlay per part, at one scale),
so that its smallest label reaches the deck's least size. The cuts go where the figure
draws least (its lightest row or column of pixels near the even cut, found on the
figure's PDF rendered at 1 px a point by ``pdftoppm``): between a grid's boards, across a
graph's edges rather than through its positions. A figure that would need more parts
stays in the book, with the reason in the deck's report."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MOST = 4
"""The most parts a figure is cut into (more, and no part reads as the figure)."""
WINDOW = 0.25
"""How far from the even cut a cut may move, as a share of a part's length."""


@dataclass(frozen=True)
class Tiling:
    """Where a figure is cut (in its points, from its left and its top) and the scale its
    parts are shown at."""

    columns: tuple[float, ...]       # the x of each part's left edge, then the width
    rows: tuple[float, ...]          # the y of each part's top edge, then the height
    scale: float

    def parts(self) -> list[tuple[float, float, float, float]]:
        """Each part as (left, top, right, bottom), row by row."""
        return [(x0, y0, x1, y1) for y0, y1 in zip(self.rows, self.rows[1:])
                for x0, x1 in zip(self.columns, self.columns[1:])]


@cache
def _ink(pdf: Path) -> tuple[list[int], list[int]]:
    """How much the figure draws in each row and each column of its pixels (1 px a
    point): the darkness summed."""
    raw = subprocess.run(["pdftoppm", "-r", "72", "-gray", "-singlefile", str(pdf)],
                         capture_output=True, check=True).stdout
    # a binary PGM: "P5", width, height, maxval, then a byte a pixel
    fields, at = [], 0
    while len(fields) < 4:
        while raw[at:at + 1].isspace():
            at += 1
        end = at
        while not raw[end:end + 1].isspace():
            end += 1
        fields.append(raw[at:end])
        at = end
    at += 1
    width, height = int(fields[1]), int(fields[2])
    pixels = raw[at:at + width * height]
    rows = [255 * width - sum(pixels[y * width:(y + 1) * width]) for y in range(height)]
    columns = [255 * height - sum(pixels[x::width]) for x in range(width)]
    return rows, columns


def _cuts(ink: list[int], length: float, parts: int) -> tuple[float, ...]:
    """The edges of ``parts`` parts of a length: 0, the lightest line near each even
    cut (the nearest of the lightest), the length."""
    scale = len(ink) / length
    out = [0.0]
    for k in range(1, parts):
        even = k * length / parts
        reach = WINDOW * length / parts
        lo, hi = int((even - reach) * scale), int((even + reach) * scale)
        best = min(range(max(lo, 1), min(hi, len(ink) - 1) + 1),
                   key=lambda p: (ink[p], abs(p - even * scale)))
        out.append(best / scale)
    out.append(length)
    return tuple(out)


def tiling(pdf: Path, fig, width: float, height: float, least: float,
           most: int = MOST) -> Tiling | None:
    """The fewest parts (then the largest scale) at which the figure's smallest label,
    scaled to fit a part in ``width`` x ``height``, is at least ``least``; None when it
    needs more than ``most``."""
    rows_ink, columns_ink = _ink(pdf)
    for count in range(2, most + 1):
        found = []
        for rows in range(1, count + 1):
            if count % rows:
                continue
            cols = count // rows
            xs = _cuts(columns_ink, fig.width_pt, cols)
            ys = _cuts(rows_ink, fig.height_pt, rows)
            widest = max(b - a for a, b in zip(xs, xs[1:]))
            tallest = max(b - a for a, b in zip(ys, ys[1:]))
            scale = min(width / widest, height / tallest, 1.6)
            if fig.min_font_pt * scale >= least:
                found.append(Tiling(xs, ys, scale))
        if found:
            return max(found, key=lambda t: t.scale)
    return None


def needed(fig, width: float, height: float, least: float) -> int:
    """How many even parts the figure would need (rows times columns), for the report's
    reason."""
    scale = least / fig.min_font_pt
    cols = -(-fig.width_pt * scale // width)
    rows = -(-fig.height_pt * scale // height)
    return int(cols * rows)


def tiled_tex(fid: str, fig, tiling: Tiling, part_word: str) -> tuple[str, int]:
    """The frame's body: each part on a slide of its own (the figure's PDF trimmed to
    it), its number below; and the number of parts."""
    parts = tiling.parts()
    out = []
    for k, (x0, y0, x1, y1) in enumerate(parts, 1):
        trim = (f"{x0:.1f} {fig.height_pt - y1:.1f} {fig.width_pt - x1:.1f} {y0:.1f}")
        out.append(f"\\only<{k}>{{\\makebox[\\textwidth][c]{{\\includegraphics[trim={trim},"
                   f"clip,width={(x1 - x0) * tiling.scale:.1f}bp]{{{fid}.pdf}}}}\\par\n"
                   f"{{\\footnotesize {part_word.format(k=k, n=len(parts))}}}}}")
    return "%\n".join(out) + "\n", len(parts)
