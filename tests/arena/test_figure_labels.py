"""No label of a figure sits on an edge, an arrowhead, a vertex (a circle, a box, a
rounded box) or another label, each vertex's label is clearly nearer its vertex than any
other, and no two vertices' labels stand side by side as one number (issues 40, 47):
checked on the drawn coordinates of every figure the build writes (the SVG the site shows;
the book's PDF is drawn from the same layout)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from arena.render import text_width

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures"
MARGIN = 0.5         # points between a label's glyphs and anything else
CLEAR = 2.0          # how much nearer a vertex's label is to it than to another vertex

Box = tuple[float, float, float, float]


def _floats(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def _path_points(d: str) -> list[tuple[float, float]]:
    """Points every half point along an SVG path of M and C commands (Graphviz's)."""
    out: list[tuple[float, float]] = []
    current = (0.0, 0.0)
    for command, args in re.findall(r"([MC])([^MC]*)", d):
        values = _floats(args)
        if command == "M":
            current = (values[0], values[1])
            out.append(current)
            continue
        for k in range(0, len(values) - 5, 6):
            p0, p1, p2, p3 = current, values[k:k + 2], values[k + 2:k + 4], values[k + 4:k + 6]
            length = math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)
            n = max(2, int(length * 2))
            for j in range(n + 1):
                t = j / n
                a, b, c, e = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
                out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                            a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
            current = (p3[0], p3[1])
    return out


def _polygon_points(points: str) -> list[tuple[float, float]]:
    """Points along the sides of a polygon and across it (an arrowhead is filled)."""
    values = _floats(points)
    corners = list(zip(values[::2], values[1::2], strict=True))
    out = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        n = max(2, int(math.dist(a, b) * 2))
        out += [(a[0] + (b[0] - a[0]) * j / n, a[1] + (b[1] - a[1]) * j / n)
                for j in range(n + 1)]
    cx = sum(x for x, _ in corners) / len(corners)
    cy = sum(y for _, y in corners) / len(corners)
    out += [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in corners for f in (0.3, 0.6)]
    return out + [(cx, cy)]


def _text_box(attrs: str, text: str) -> Box:
    x, y = float(re.search(r' x="([-\d.]+)"', attrs)[1]), float(re.search(r' y="([-\d.]+)"',
                                                                          attrs)[1])
    size = float(re.search(r'font-size="([\d.]+)"', attrs)[1])
    width = text_width(text, size, 'font-weight="bold"' in attrs)
    anchor = re.search(r'text-anchor="(\w+)"', attrs)
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor[1] if anchor else "start"]
    # the glyphs of a label: digits, signs and letters without descenders, above the
    # baseline (SVG's y grows downwards)
    return (x0, y - 0.68 * size, x0 + width, y + 0.02 * size)


def _inside(box: Box, points, margin: float) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    return [(x, y) for x, y in points if x0 <= x <= x1 and y0 <= y <= y1]


def _meets(a: Box, b: Box, margin: float) -> bool:
    return not (a[2] + margin <= b[0] or b[2] + margin <= a[0]
                or a[3] + margin <= b[1] or b[3] + margin <= a[1])


def parse(svg: str) -> dict:
    """A figure's drawn elements: each label (a vertex's, an edge's) with its box, each
    edge's points and arrowheads, each vertex's shapes."""
    labels, edges, shapes = [], {}, []
    for gid, cls, body in re.findall(r'<g id="([^"]+)" class="([^"]+)">(.*?)</g>', svg, re.S):
        texts = [(_text_box(a, t), t) for a, t in re.findall(r"<text([^>]*)>([^<]*)</text>",
                                                               body)]
        if "edge" in cls.split():
            lines = [p for d in re.findall(r'<path[^>]* d="([^"]+)"', body)
                     for p in _path_points(d)]
            heads = [p for pts in re.findall(r'<polygon[^>]* points="([^"]+)"', body)
                     for p in _polygon_points(pts)]
            edges[gid] = (lines, heads)
            labels += [(gid, "edge", box, text) for box, text in texts]
        elif "xlabel" in cls.split():
            labels += [(gid, "vertex", box, text) for box, text in texts]
        elif "node" in cls.split():
            for cx, cy, rx, ry in re.findall(r'<ellipse[^>]* cx="([-\d.]+)" cy="([-\d.]+)" '
                                             r'rx="([\d.]+)" ry="([\d.]+)"', body):
                cx, cy, rx, ry = float(cx), float(cy), float(rx), float(ry)
                shapes.append((gid, (cx - rx, cy - ry, cx + rx, cy + ry), "ellipse"))
            for pts in re.findall(r'<polygon[^>]* points="([^"]+)"', body):
                values = _floats(pts)
                shapes.append((gid, (min(values[::2]), min(values[1::2]), max(values[::2]),
                                     max(values[1::2])), "box"))
            for d in re.findall(r'<path[^>]* d="([^"]+)"', body):    # a rounded box
                points = _path_points(d)
                shapes.append((gid, (min(x for x, _ in points), min(y for _, y in points),
                                     max(x for x, _ in points), max(y for _, y in points)),
                               "box"))
    return {"labels": labels, "edges": edges, "shapes": shapes}


def _ellipse_meets(box: Box, shape: Box, margin: float) -> bool:
    cx, cy = (shape[0] + shape[2]) / 2, (shape[1] + shape[3]) / 2
    rx, ry = (shape[2] - shape[0]) / 2 + margin, (shape[3] - shape[1]) / 2 + margin
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return ((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 <= 1


def _gap(a: Box, b: Box) -> float:
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0))


def _side_by_side(a: Box, b: Box) -> bool:
    """Two labels on one line of text, less than an em (their height) apart: "3 1"."""
    em = max(a[3] - a[1], b[3] - b[1]) / 0.7
    return a[1] < b[3] and b[1] < a[3] and max(b[0] - a[2], a[0] - b[2]) < em


def clashes(figure: dict) -> list[str]:
    """What each label of a figure touches: edges (but its own), arrowheads, vertices
    and other labels."""
    out = []
    labels = figure["labels"]
    for k, (owner, kind, box, text) in enumerate(labels):
        for gid, (lines, heads) in figure["edges"].items():
            if gid == owner:
                continue                 # an edge's label is placed along its own edge
            if _inside(box, heads, MARGIN):
                out.append(f"{kind} label {text!r} ({owner}) on the arrowhead of {gid}")
            elif _inside(box, lines, MARGIN):
                out.append(f"{kind} label {text!r} ({owner}) on the edge {gid}")
        for gid, shape, form in figure["shapes"]:
            if _meets(box, shape, MARGIN) and (form == "box" or _ellipse_meets(box, shape,
                                                                                MARGIN)):
                out.append(f"{kind} label {text!r} ({owner}) on the vertex {gid}")
        if kind == "vertex":             # its own vertex clearly the nearest
            mine = [_gap(box, shape) for gid, shape, _ in figure["shapes"]
                    if f"xl-{gid}" == owner]
            near = min(mine, default=0.0)
            rival = [gid for gid, shape, _ in figure["shapes"] if f"xl-{gid}" != owner
                     and _gap(box, shape) < near + CLEAR]
            if rival:
                out.append(f"vertex label {text!r} ({owner}) as near the vertex {rival[0]}")
        for other_owner, other_kind, other, other_text in labels[k + 1:]:
            if _meets(box, other, MARGIN):
                out.append(f"{kind} label {text!r} ({owner}) on the label {other_text!r} "
                           f"({other_owner})")
            elif kind == other_kind == "vertex" and _side_by_side(box, other):
                out.append(f"vertex labels {text!r} ({owner}) and {other_text!r} "
                           f"({other_owner}) read as one")
    return out


def _svgs() -> list[Path]:
    paths = sorted(FIGURES.glob("*.svg"))
    if not paths:
        pytest.skip("the figures are built by `make site` (make test runs it)")
    return paths


def test_no_label_touches_an_edge_an_arrowhead_a_vertex_or_a_label():
    checked, found = 0, {}
    for path in _svgs():
        figure = parse(path.read_text("utf-8"))
        checked += sum(kind == "vertex" for _, kind, _, _ in figure["labels"])
        bad = clashes(figure)
        if bad:
            found[path.stem] = bad[:4]
    assert checked > 200             # the rank labels of the course's figures were found
    assert found == {}


def test_the_check_finds_a_label_on_an_arrowhead():
    # an edge from (0, 0) to (50, 0) whose arrowhead is at x = 40..50, and a label at 45
    svg = ('<g id="e-a-b" class="edge"><path d="M0,0C10,0 30,0 40,0"/>'
           '<polygon points="40,-3 50,0 40,3 40,-3"/></g>'
           '<g id="xl-v-b" class="node xlabel"><text text-anchor="start" x="42" y="4" '
           'font-size="14.00">3</text></g>')
    assert clashes(parse(svg)) == ["vertex label '3' (xl-v-b) on the arrowhead of e-a-b"]
    moved = svg.replace('x="42" y="4"', 'x="42" y="-8"')
    assert clashes(parse(moved)) == []


def _rounded(gid: str, x0: float, x1: float) -> str:
    """A vertex drawn as Graphviz draws a rounded box, from x0 to x1, y -20 to 0."""
    return (f'<g id="{gid}" class="node"><path d="M{x0 + 5},-20C{x0 + 5},-20 {x1 - 5},-20 '
            f'{x1 - 5},-20 {x1 - 2},-20 {x1},-18 {x1},-15 {x1},-15 {x1},-5 {x1},-5 {x1},-2 '
            f'{x1 - 2},0 {x1 - 5},0 {x1 - 5},0 {x0 + 5},0 {x0 + 5},0 {x0 + 2},0 {x0},-2 '
            f'{x0},-5 {x0},-5 {x0},-15 {x0},-15 {x0},-18 {x0 + 2},-20 {x0 + 5},-20"/></g>')


def _label(gid: str, x: float, y: float, text: str) -> str:
    return (f'<g id="xl-{gid}" class="node xlabel"><text text-anchor="start" x="{x}" '
            f'y="{y}" font-size="14.00">{text}</text></g>')


def test_the_check_finds_a_label_on_a_rounded_box_and_labels_that_mislead():
    # Fig. 9.1 (Nim's positions in rounded boxes): "2 0.0.2", a label inside its box
    assert clashes(parse(_rounded("v-a", 10, 60) + _label("v-a", 12, -6, "2"))) == [
        "vertex label '2' (xl-v-a) on the vertex v-a"]
    assert clashes(parse(_rounded("v-a", 10, 60) + _label("v-a", 0, -24, "2"))) == []
    # Fig. 8.4: "3 1", two ranks on one line 4 points apart
    pair = _label("v-b", 100, 0, "3") + _label("v-c", 111, 0, "1")
    assert clashes(parse(pair)) == ["vertex labels '3' (xl-v-b) and '1' (xl-v-c) read as one"]
    assert clashes(parse(_label("v-b", 100, 0, "3") + _label("v-c", 130, 0, "1"))) == []
    # "0.2.0 2 0.0.2": a label halfway between its vertex and another
    two = _rounded("v-a", 10, 60) + _rounded("v-d", 80, 130)
    assert clashes(parse(two + _label("v-a", 66, -6, "2"))) == [
        "vertex label '2' (xl-v-a) as near the vertex v-d"]
    assert clashes(parse(two + _label("v-a", 62, -6, "2"))) == []
