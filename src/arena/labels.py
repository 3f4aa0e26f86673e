"""Labels beside vertices (a rank, a value), placed once the graph is laid out where they
touch no vertex, edge, arrowhead or other label (:func:`place_labels`)."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable

from arena.fonts import FONT, text_width
from arena.graphviz_messages import graphviz_messages

# -- labels beside vertices ----------------------------------------------------------------
#
# Graphviz puts a vertex's ``xlabel`` where no other node or label is, but not where no
# edge is: a rank written beside a vertex could sit on an arrowhead. The labels are
# placed here instead, once the graph is laid out and drawn without them, in the first
# free spot around their vertex, and drawn as nodes pinned there (``xl-<vertex id>``,
# class ``xlabel``).

_Box = tuple[float, float, float, float]
"""A rectangle ``(x0, y0, x1, y1)``, in points, in the drawing's coordinates (an SVG's:
y grows downwards)."""
LABEL_GAP = 1.5
"""The least distance, in points, between a label and what it must not touch."""
LABEL_CLEAR = 4.0
"""How much nearer, in points, a vertex's label is to its vertex than to any other."""


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def _curve(d: str) -> list[tuple[float, float]]:
    """Points every point or so along an SVG path made of M and C commands."""
    out: list[tuple[float, float]] = []
    current = (0.0, 0.0)
    for command, args in re.findall(r"([MC])([^MC]*)", d):
        values = _numbers(args)
        if command == "M":
            current = (values[0], values[1])
            out.append(current)
            continue
        for k in range(0, len(values) - 5, 6):
            p0, p3 = current, (values[k + 4], values[k + 5])
            p1, p2 = (values[k], values[k + 1]), (values[k + 2], values[k + 3])
            n = max(2, int(math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)))
            for j in range(n + 1):
                t = j / n
                a, b, c, e = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
                out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                            a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
            current = p3
    return out


def _filled(points: str) -> list[tuple[float, float]]:
    """Points along the sides of a polygon and across it (an arrowhead)."""
    values = _numbers(points)
    corners = list(zip(values[::2], values[1::2]))
    out = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        n = max(2, int(math.dist(a, b)))
        out += [(a[0] + (b[0] - a[0]) * j / n, a[1] + (b[1] - a[1]) * j / n)
                for j in range(n + 1)]
    cx = sum(x for x, _ in corners) / len(corners)
    cy = sum(y for _, y in corners) / len(corners)
    return out + [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in corners
                  for f in (0, 0.5)]


def _attribute(attrs: str, name: str, default: str = "0") -> str:
    m = re.search(rf' {name}="([^"]*)"', attrs)
    return m[1] if m else default


def _text_box(attrs: str, text: str) -> _Box:
    """The box of a text an SVG draws (its glyphs above and below the baseline)."""
    x, y = float(_attribute(attrs, "x")), float(_attribute(attrs, "y"))
    size = float(_attribute(attrs, "font-size", "14"))
    width = text_width(html.unescape(text), size, 'font-weight="bold"' in attrs)
    anchor = re.search(r'text-anchor="(\w+)"', attrs)
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor[1] if anchor else
                                                               "start"]
    return (x0, y - 0.75 * size, x0 + width, y + 0.25 * size)


def _drawn(svg: str) -> tuple[dict[str, list[tuple[_Box, bool]]],
                              dict[str, tuple[list[tuple[float, float]], list[_Box], int]]]:
    """What a drawing holds: each node's shapes by id (box, whether an ellipse), and each
    edge's points (along its line, then across its arrowheads), the boxes of its labels
    and how many of the points are its line's, by id."""
    shapes: dict[str, list[tuple[_Box, bool]]] = {}
    edges: dict[str, tuple[list[tuple[float, float]], list[_Box], int]] = {}
    for gid, cls, body in re.findall(r'<g id="([^"]+)" class="([^"]+)">(.*?)</g>', svg, re.S):
        gid = html.unescape(gid)
        if "edge" in cls.split():
            points = [p for d in re.findall(r'<path[^>]* d="([^"]+)"', body)
                      for p in _curve(d)]
            line = len(points)
            points += [p for corners in re.findall(r'<polygon[^>]* points="([^"]+)"', body)
                       for p in _filled(corners)]
            edges[gid] = (points, [_text_box(a, t) for a, t in
                                   re.findall(r"<text([^>]*)>([^<]*)</text>", body)], line)
        elif "node" in cls.split():
            mine = shapes.setdefault(gid, [])
            for cx, cy, rx, ry in re.findall(r'<ellipse[^>]* cx="([-\d.]+)" cy="([-\d.]+)" '
                                             r'rx="([\d.]+)" ry="([\d.]+)"', body):
                x, y, a, b = float(cx), float(cy), float(rx), float(ry)
                mine.append(((x - a, y - b, x + a, y + b), True))
            for corners in re.findall(r'<polygon[^>]* points="([^"]+)"', body):
                values = _numbers(corners)
                mine.append(((min(values[::2]), min(values[1::2]), max(values[::2]),
                              max(values[1::2])), False))
            for d in re.findall(r'<path[^>]* d="([^"]+)"', body):   # a rounded box
                points = _curve(d)
                mine.append(((min(x for x, _ in points), min(y for _, y in points),
                              max(x for x, _ in points), max(y for _, y in points)), False))
            if not mine:           # a node of text alone (a leaf's value): its text
                mine += [(_text_box(a, t), False)
                         for a, t in re.findall(r"<text([^>]*)>([^<]*)</text>", body)]
    return shapes, edges


def _hits(box: _Box, points: Iterable[tuple[float, float]], margin: float) -> int:
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    return sum(1 for x, y in points if x0 <= x <= x1 and y0 <= y <= y1)


def _meets(a: _Box, b: _Box, margin: float) -> bool:
    return not (a[2] + margin <= b[0] or b[2] + margin <= a[0]
                or a[3] + margin <= b[1] or b[3] + margin <= a[1])


def _meets_shape(box: _Box, shape: _Box, ellipse: bool, margin: float) -> bool:
    """Whether a label's box comes within ``margin`` of a node's shape."""
    if not _meets(box, shape, margin) or not ellipse:
        return _meets(box, shape, margin)
    cx, cy = (shape[0] + shape[2]) / 2, (shape[1] + shape[3]) / 2
    rx, ry = (shape[2] - shape[0]) / 2 + margin, (shape[3] - shape[1]) / 2 + margin
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return ((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 <= 1


def _side_by_side(a: _Box, b: _Box, apart: float) -> bool:
    """Whether two labels' boxes share a line of text with less than ``apart`` points
    between them (a reader takes them for one label)."""
    return a[1] < b[3] and b[1] < a[3] and max(b[0] - a[2], a[0] - b[2]) < apart


def _distance(a: _Box, b: _Box) -> float:
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0))


def _union(boxes: Iterable[_Box]) -> _Box:
    bs = list(boxes)
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs),
            max(b[3] for b in bs))


def _restore_sizes(graph, source: str) -> None:
    """Give each node of a laid-out ``graph`` the width and height its ``source`` asks
    for: a layout writes the size it drew (outer borders included), which a second
    layout would take as the size to draw inside them."""
    import pygraphviz

    asked = {str(n): (n.attr.get("width"), n.attr.get("height"))
             for n in pygraphviz.AGraph(string=source).nodes()}
    for node in graph.nodes():
        if str(node) in asked:
            for key, value in zip(("width", "height"), asked[str(node)]):
                node.attr[key] = value or graph.node_attr.get(key) or \
                    {"width": "0.75", "height": "0.5"}[key]


def _cost(box: _Box, points, shapes, taken, margin: float = LABEL_GAP) -> int:
    """How much a label's box touches: points of lines, node shapes, other labels."""
    bad = _hits(box, points, margin)
    bad += sum(10 for mine in shapes for shape, ellipse in mine
               if _meets_shape(box, shape, ellipse, margin))
    return bad + sum(10 for other in taken if _meets(box, other, margin))


def place_labels(graph) -> bool:
    """Place the labels of ``graph`` (a laid-out pygraphviz graph) where they touch
    nothing: an edge's label that sits on another edge, a node or a label moves along
    its edge; the ``xlabel`` of a node goes to the first spot around it that keeps
    :data:`LABEL_GAP` from every edge, arrowhead, node and label and is nearer its own
    node than any other: above left first (where the course's figures write ranks),
    then the other corners, the sides, and further out; it becomes a node pinned there.
    Returns whether anything moved."""
    labelled = [n for n in graph.nodes() if n.attr.get("xlabel")]
    if not labelled and not any(e.attr.get("label") for e in graph.edges()):
        return False
    labels = {n: n.attr["xlabel"] for n in labelled}
    for n in labelled:
        del n.attr["xlabel"]
    with graphviz_messages("drawing without labels"):
        svg = graph.draw(format="svg").decode("utf-8")
    shapes, edges = _drawn(svg)
    boxes = {gid: _union(b for b, _ in mine) for gid, mine in shapes.items() if mine}
    # the drawing's coordinates are the layout's, y downwards, moved by the drawing's pad
    ox = oy = 0.0
    for node in graph.nodes():
        gid = node.attr.get("id") or str(node)
        if gid in boxes and node.attr.get("pos"):
            x, y = map(float, node.attr["pos"].rstrip("!").split(",")[:2])
            box = boxes[gid]
            ox, oy = (box[0] + box[2]) / 2 - x, -(box[1] + box[3]) / 2 - y
            break
    everything = [p for points, _, _ in edges.values() for p in points]
    taken = [b for _, texts, _ in edges.values() for b in texts]
    moved = bool(labelled)
    for edge in graph.edges():                     # edges' labels first, along their edge
        gid = edge.attr.get("id") or ""
        if gid not in edges or not edges[gid][1] or not edge.attr.get("lp"):
            continue
        own, texts, along = edges[gid]
        others = [p for other, (points, _, _) in edges.items() if other != gid for p in points]
        box = texts[0]
        rest = [b for b in taken if b is not box]
        if _cost(box, others, shapes.values(), rest) == 0:
            continue
        w, h = box[2] - box[0], box[3] - box[1]
        line = own[:along]
        best, fewest = None, None
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
            k = min(len(line) - 2, int(t * (len(line) - 1)))
            (ax, ay), (bx, by) = line[k], line[k + 1]
            length = math.hypot(bx - ax, by - ay) or 1.0
            nx, ny = -(by - ay) / length, (bx - ax) / length
            for side in (1, -1):
                for far in (0.5, 2, 4):
                    d = far + abs(nx) * w / 2 + abs(ny) * h / 2
                    cx, cy = ax + side * nx * d, ay + side * ny * d
                    candidate = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                    bad = _cost(candidate, others + own, shapes.values(), rest, 1.0)
                    if fewest is None or bad < fewest:
                        best, fewest = candidate, bad
        if best is not None and fewest is not None and fewest == 0:
            dx, dy = (best[0] + best[2]) / 2 - (box[0] + box[2]) / 2, \
                (best[1] + best[3]) / 2 - (box[1] + box[3]) / 2
            lx, ly = map(float, edge.attr["lp"].split(","))
            edge.attr["lp"] = f"{lx + dx:.2f},{ly - dy:.2f}"
            taken[taken.index(box)] = best
            moved = True
    placed: list[tuple[float, float]] = []      # each label's lower left corner
    for node in labelled:
        gid = node.attr.get("id") or str(node)
        if gid not in boxes:
            continue
        text = html.unescape(re.sub(r"<[^>]*>", "", labels[node]))
        size = float(node.attr.get("fontsize") or graph.node_attr.get("fontsize") or 14)
        w, h = text_width(text, size, "<B>" in labels[node]) + 1, size
        x0, y0, x1, y1 = mine = boxes[gid]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        best_spot, least = (x0 - w / 2, y0 - h / 2), None
        for gap in (LABEL_GAP, 5, 10, 16, 24):
            for sx, sy in ((x0 - gap - w / 2, y0 - gap - h / 2),      # above left
                           (x1 + gap + w / 2, y0 - gap - h / 2),      # above right
                           (x0 - gap - w / 2, y1 + gap + h / 2),      # below left
                           (x1 + gap + w / 2, y1 + gap + h / 2),      # below right
                           (x0 - gap - w / 2, cy), (x1 + gap + w / 2, cy),
                           (cx, y0 - gap - h / 2), (cx, y1 + gap + h / 2)):
                box = (sx - w / 2, sy - h / 2, sx + w / 2, sy + h / 2)
                bad = _cost(box, everything, shapes.values(), taken)
                # two labels on a line an em apart read as one ("3 1")
                bad += sum(10 for other in taken if _side_by_side(box, other, size))
                # clearly nearer its own node than any other (not halfway between two)
                near = _distance(box, mine)
                bad += sum(5 for other_id, other in boxes.items()
                           if other_id != gid and _distance(box, other) < near + LABEL_CLEAR)
                if least is None or bad < least:
                    best_spot, least = (sx, sy), bad
                if bad == 0:
                    break
            if least == 0:
                break
        sx, sy = best_spot
        taken.append((sx - w / 2, sy - h / 2, sx + w / 2, sy + h / 2))
        x, y = sx - ox, -sy - oy                  # in the layout's coordinates
        placed.append((x - w / 2, y - h / 2))
        name = f"xl-{gid}"
        graph.add_node(name, shape="plaintext", label=f"<{labels[node]}>",
                       pos=f"{x:.2f},{y:.2f}!", width="0", height="0", margin="0",
                       fixedsize="false", fontsize=str(size),
                       fontname=node.attr.get("fontname") or FONT, id=name,
                       **{"class": "xlabel"})
    # a label out on the left or below: everything moves right or up (a layout that keeps
    # the positions it is given would move the nodes, not the edges)
    dx = max(0.0, -min((x for x, _ in placed), default=0.0) + 2)
    dy = max(0.0, -min((y for _, y in placed), default=0.0) + 2)
    if placed and (dx > 2 or dy > 2):
        _shift(graph, dx, dy)
    return moved


def _shift(graph, dx: float, dy: float) -> None:
    """Move every node, edge and label of a laid-out ``graph`` by ``(dx, dy)`` points."""
    def moved(pos: str) -> str:
        out = []
        for item in pos.split():
            parts = item.split(",")
            if parts[0] in ("e", "s"):
                out.append(f"{parts[0]},{float(parts[1]) + dx:.2f},{float(parts[2]) + dy:.2f}")
            else:
                bang = "!" if parts[-1].endswith("!") else ""
                out.append(f"{float(parts[0]) + dx:.2f},{float(parts[1].rstrip('!')) + dy:.2f}"
                           f"{bang}")
        return " ".join(out)

    for node in graph.nodes():
        for key in ("pos", "xlp"):
            if node.attr.get(key):
                node.attr[key] = moved(node.attr[key])
    for edge in graph.edges():
        for key in ("pos", "lp", "xlp", "head_lp", "tail_lp"):
            if edge.attr.get(key):
                edge.attr[key] = moved(edge.attr[key])
    bb = graph.graph_attr.get("bb")
    if bb:
        x0, y0, x1, y1 = map(float, re.split(r"[ ,]+", bb.strip()))
        graph.graph_attr["bb"] = f"{x0:.2f},{y0:.2f},{x1 + dx:.2f},{y1 + dy:.2f}"


