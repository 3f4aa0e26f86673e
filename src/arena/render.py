"""Drawing arenas, attractor steps, strategies, plays and game trees with Graphviz.

The course's conventions (SPEC §6): J_0's vertices are circles, J_1's are squares;
victory vertices have a double border; the start has an arrow coming from nowhere.
Each player has one colour-blind-safe colour (Okabe-Ito blue for J_0, vermilion for
J_1), and colour is never alone: a vertex won by J_1 also has a dashed border, ranks
are written beside vertices, strategy edges are thick as well as coloured. Figures hold
no words, only the course's symbols, so one SVG serves both languages.

The DOT is built with the ``graphviz`` package; layout and rendering run in-process
with ``pygraphviz`` (whose wheel bundles Graphviz), pointed by fontconfig at the font
of the pinned package ``font-source-sans-pro`` only, so every machine lays out the same
text with the same metrics and writes the same bytes.
"""

from __future__ import annotations

import html
import math
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

try:
    import graphviz
except ModuleNotFoundError as _missing:     # the package without its [figures] extra
    from arena._install import pip_command

    raise ModuleNotFoundError(
        f"arena.render draws with Graphviz, which the package installs with its figures "
        f"extra: {pip_command('figures')} ({_missing.name} is missing)",
        name=_missing.name) from None

from arena._files import write_atomic
from arena.arena import Arena, Player, Vertex, vertex_id
from arena.errors import RenderError
from arena.solver import Solution, solve

__all__ = [
    # the course's palette and font
    "COLOURS", "TINTS", "GREY", "INK_ON_ANY", "INK", "PAPER", "FONT", "FONT_FILES",
    "font_files",
    # arenas and trees as DOT
    "View", "arena_dot", "tree_dot", "svg_id", "plain_label", "coloured_text", "html_table",
    # layout and rendering, labels placed where they touch nothing
    "render", "render_pdf", "render_svg", "place_labels", "text_width", "LABEL_GAP",
    "LABEL_CLEAR",
    "positions_of", "arena_svg", "vertex_titles", "describe",
    "PDF_DATE", "RenderError", "SVG_ENGINE",
]

COLOURS = {0: "#0072B2", 1: "#D55E00"}
"""One colour per player (Okabe-Ito blue and vermilion, safe for colour-blind readers)."""
TINTS = {0: "#9FCCE8", 1: "#F2BE99"}
"""Lighter tints of the player colours, for vertices of an attractor not just added."""
GREY = "#8C8C8C"
"""Edges and outlines: mid-grey reads on both the light and the dark palette."""
INK_ON_ANY = "#808080"
"""Text outside any fill: a grey readable on white and on Material's dark slate."""
INK = "#1A1A1A"
"""Text on a white or light fill."""
PAPER = "#FFFFFF"
"""The fill of a vertex that shows no winner (and text on a player's colour)."""
FONT = "Source Sans Pro"
"""The font of every figure: the pinned package ``font-source-sans-pro`` (see
:func:`font_files`), the same on every machine."""
FONT_FILES = {400: "SourceSansPro-Regular.ttf", 700: "SourceSansPro-Bold.ttf"}
"""The files of :data:`FONT` by weight (in :func:`font_files`), embedded in SVGs."""
PDF_DATE = b"D:20000101000000Z"
"""The creation and modification date written in every PDF, so that the same figure
gives the same bytes."""


def font_files() -> Path:
    """The folder of the pinned font's files (also served by the site)."""
    import font_source_sans_pro

    return Path(font_source_sans_pro.__file__).parent / "files"


_font_ready: list[str] = []
"""The configuration this process pointed fontconfig at (set once, by the first layout)."""


def _use_pinned_font() -> None:
    """Make fontconfig see the pinned font and nothing else (before the first layout)."""
    if _font_ready and os.environ.get("FONTCONFIG_FILE") == _font_ready[0]:
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "arena-fontconfig"
    cache.mkdir(parents=True, exist_ok=True)
    conf = cache / "fonts.conf"
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"  <dir>{html.escape(str(font_files()))}</dir>\n"
            f"  <cachedir>{html.escape(str(cache / 'cache'))}</cachedir>\n</fontconfig>\n")
    if not conf.exists() or conf.read_text() != text:
        write_atomic(conf, text)        # parallel figure builds may read it meanwhile
    os.environ["FONTCONFIG_FILE"] = str(conf)
    _font_ready[:] = [str(conf)]


def svg_id(name: str) -> str:
    """An id safe in HTML and CSS: letters and digits kept, any other character written
    ``_<hex>_``, so that ``e-<from>-<to>`` is unambiguous.

    Examples
    --------
    >>> svg_id("10,0"), svg_id("a-b")
    ('10_2c_0', 'a_2d_b')
    """
    return "".join(c if c.isascii() and c.isalnum() else f"_{ord(c):x}_" for c in name)


@dataclass(frozen=True)
class View:
    """What a figure of an arena shows, besides the graph itself."""

    winners: bool = False
    """Fill each vertex with the colour of its winner (a draw stays white)."""
    ranks: bool = False
    """Write the rank of each won vertex beside it."""
    step: int | None = None
    """Show the attractor of ``player`` up to this step: A_step filled, its newest
    vertices emphasised, their ranks written."""
    player: Player = 0
    strategy: Player | None = None
    """Highlight the moves of this player's strategy."""
    play: tuple[Vertex, ...] = ()
    """A play to draw: its edges highlighted and numbered in order."""
    cycle: tuple[Vertex, ...] = ()
    """A cycle to highlight (its last vertex goes back to the first)."""
    labels: Mapping[Vertex, str] = field(default_factory=dict)
    """Text to write beside some vertices (replaces ranks there)."""


def plain_label(text: str) -> str:
    """A label drawn exactly as written: DOT's backslash escapes neutralised, and every
    ``&`` written as ``&amp;``, since Graphviz passes a character reference such as
    ``&amp;`` through to the SVG unchanged (so that ``&amp;`` would be drawn as ``&``)."""
    return graphviz.nohtml(graphviz.escape(text.replace("&", "&amp;")))


def _vertex_style(arena: Arena, v: Vertex, sol: Solution | None, view: View
                  ) -> tuple[dict[str, str], list[str]]:
    """Graphviz attributes and SVG classes of vertex ``v``."""
    owner = arena.owner(v)
    attrs = {"shape": "circle" if owner == 0 else "square", "color": GREY,
             "fillcolor": PAPER, "fontcolor": INK, "style": "filled", "penwidth": "1.2"}
    classes = ["vertex", f"owner-{owner}"]
    if arena.victory(v) is not None:
        attrs["peripheries"] = "2"
        classes.append(f"victory-{arena.victory(v)}")
    winner = None if sol is None else sol.winner[v]
    if sol is not None:
        classes.append("draw" if winner is None else f"winner-{winner}")
    xlabel = view.labels.get(v)
    label_colour = INK_ON_ANY
    if view.step is not None and sol is not None:
        rank = sol.ranks(view.player)[v]
        if rank is not None and rank <= view.step:
            p = view.player
            newest = rank == view.step
            attrs.update(fillcolor=COLOURS[p] if newest else TINTS[p], color=COLOURS[p],
                         fontcolor=PAPER if newest else INK, penwidth="3" if newest else "1.5")
            classes += [f"step-{rank}", "new" if newest else "old"]
            if p == 1:
                attrs["style"] = "filled,dashed"
            if xlabel is None:
                xlabel = str(rank)
                label_colour = COLOURS[p]
    elif view.winners and winner is not None:
        attrs.update(fillcolor=COLOURS[winner], color=COLOURS[winner], fontcolor=PAPER)
        if winner == 1:
            attrs["style"] = "filled,dashed"
    if (view.ranks and xlabel is None and sol is not None and winner is not None
            and sol.rank[v] is not None):
        xlabel = str(sol.rank[v])
        label_colour = COLOURS[winner]
    if xlabel is not None:
        attrs["xlabel"] = coloured_text(xlabel, label_colour)
    return attrs, classes


def coloured_text(text: str, colour: str, *, bold: bool = True) -> str:
    """An HTML-like label: ``text`` in ``colour`` (a label beside a vertex does not take
    the vertex's font colour, which may be white on its fill)."""
    body = html.escape(text)
    if bold:
        body = f"<B>{body}</B>"
    return f'<<FONT COLOR="{colour}">{body}</FONT>>'


def arena_dot(arena: Arena, solution: Solution | None = None, view: View = View(), *,
              name: Callable[[Vertex], str] = vertex_id,
              label: Callable[[Vertex], str] | None = None,
              positions: Mapping[Vertex, tuple[float, float]] | None = None,
              graph_attr: Mapping[str, str] | None = None) -> graphviz.Digraph:
    """The DOT of an arena drawn with the course's conventions and ``view``.

    ``name`` gives the text id of a vertex (its label, and its SVG id ``v-<svg_id>``);
    ``label`` may return an HTML-like label (``<...>``) instead. With ``positions``
    (points), vertices are pinned there: used to keep a series of figures aligned.
    """
    if (view.step is not None or view.winners or view.ranks or view.strategy is not None) \
            and solution is None:
        solution = solve(arena)
    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, nodesep="0.35", ranksep="0.5",
             forcelabels="true", **(graph_attr or {}))
    dot.attr("node", fontname=FONT, fontsize="14", width="0.5", height="0.5", margin="0.04")
    dot.attr("edge", color=GREY, arrowsize="0.7", penwidth="1.1")
    ids = {v: svg_id(name(v)) for v in arena.vertices}
    for v in arena.vertices:
        attrs, classes = _vertex_style(arena, v, solution, view)
        text = label(v) if label is not None else None
        attrs["label"] = text if text is not None else plain_label(name(v))
        if positions is not None:
            x, y = positions[v]
            attrs["pos"] = f"{x:.2f},{y:.2f}"
        dot.node(f"v-{ids[v]}", id=f"v-{ids[v]}", **{"class": " ".join(classes)}, **attrs)
    highlighted = _highlighted_edges(arena, solution, view)
    for x, y in arena.edges():
        attrs = {"id": f"e-{ids[x]}-{ids[y]}"}
        classes = []
        if (x, y) in highlighted:
            colour, width, kind, edge_label = highlighted[(x, y)]
            attrs.update(color=colour, penwidth=width, arrowsize="0.9")
            classes.append(kind)
            if edge_label:
                attrs.update(label=plain_label(edge_label), fontcolor=colour, fontname=FONT)
        elif highlighted:
            classes.append("dim")
        if classes:
            attrs["class"] = " ".join(classes)
        dot.edge(f"v-{ids[x]}", f"v-{ids[y]}", **attrs)
    if arena.start is not None:
        start = f"v-{ids[arena.start]}"
        extra: dict[str, str] = {}
        if positions is not None:
            sx, sy = positions[arena.start]
            extra["pos"] = f"{sx - 60:.2f},{sy:.2f}"
        dot.node("start", shape="point", style="invis", width="0.01", id="start", **extra)
        dot.edge("start", start, id="start-arrow", color=GREY, **{"class": "start-arrow"})
    return dot


def _highlighted_edges(arena: Arena, sol: Solution | None, view: View
                       ) -> dict[tuple[Vertex, Vertex], tuple[str, str, str, str]]:
    """Edge -> (colour, width, class, label) for the strategy, play and cycle shown."""
    out: dict[tuple[Vertex, Vertex], tuple[str, str, str, str]] = {}
    if view.strategy is not None and sol is not None:
        for x, y in sol.strategy(view.strategy).items():
            out[(x, y)] = (COLOURS[view.strategy], "3", "strategy", "")
    for k, (x, y) in enumerate(zip(view.play, view.play[1:]), start=1):
        out[(x, y)] = (COLOURS[arena.owner(x)], "3", "play", str(k))
    cycle = list(view.cycle)
    for x, y in zip(cycle, cycle[1:] + cycle[:1]):
        out[(x, y)] = (COLOURS[arena.owner(x)], "3", "cycle", "")
    return out


def positions_of(dot: graphviz.Digraph | str, prog: str = "dot") -> dict[str, tuple[float, float]]:
    """Lay ``dot`` out once and return the position (points) of each node by DOT name."""
    graph = _layout(getattr(dot, "source", dot), prog)
    out = {}
    for node in graph.nodes():
        x, y = node.attr["pos"].split(",")[:2]
        out[str(node)] = (float(x), float(y))
    return out


# The bundled fontconfig scans its compiled-in template folder after reading our
# configuration; on newer systems that folder holds elements it does not know. The
# fonts still come from our configuration only, so this notice is dropped.
_HARMLESS = re.compile(r"Fontconfig warning: .*conf\.avail.*|^\s*$")


@contextmanager
def _graphviz_messages(what: str):
    """Collect what Graphviz writes on the C stderr; raise :class:`RenderError` on any
    real warning or error."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines = sink.read().decode("utf-8", "replace").splitlines()
    problems = [line for line in lines if not _HARMLESS.match(line)]
    if problems:
        raise RenderError(f"Graphviz, {what}: " + " | ".join(problems))


def _layout(source: str, prog: str):
    _use_pinned_font()
    import pygraphviz

    graph = pygraphviz.AGraph(string=source)
    with _graphviz_messages(f"laying out with {prog}"):
        graph.layout(prog=prog)
    return graph


def _laid_out(source: str, prog: str):
    """``source`` laid out by ``prog``, each label beside a vertex then placed where it
    touches nothing (:func:`place_labels`): what every rendering draws."""
    graph = _layout(source, prog)
    if place_labels(graph):               # labels moved: laid out again where they are,
        _restore_sizes(graph, source)     # every node at the size its attributes ask
        with _graphviz_messages("placing the labels"):
            graph.layout(prog="nop2")
    return graph


_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_NODE_TITLE = re.compile(r'(<g id="([^"]+)" class="[^"]*">\n)<title>[^<]*</title>')


def render(dot: graphviz.Digraph | str, *, title: str, desc: str, prog: str = "dot",
           fixed: bool = False, titles: Mapping[str, str] | None = None
           ) -> tuple[bytes, bytes]:
    """Lay out ``dot`` and return ``(svg, pdf)`` bytes, cleaned for the web and stable.

    ``fixed`` keeps the ``pos`` of every node (neato -n2). ``titles`` maps SVG ids to
    the text of each element's ``<title>`` (the vertex name, rather than DOT's).
    """
    source = getattr(dot, "source", dot)
    graph = _laid_out(source, "nop2" if fixed else prog)
    with _graphviz_messages("rendering"):
        svg = graph.draw(format="svg").decode("utf-8")
        _inked(graph)
        pdf = graph.draw(format="pdf")
    return _clean_svg(svg, title, desc, titles or {}), _clean_pdf(pdf)


def _inked(graph) -> None:
    """The PDF is print: the text that the screen sets in :data:`INK_ON_ANY` (a grey
    readable on a light or a dark page: a leaf's value, an edge's label) is ink there,
    :data:`INK` (the layout is the same: only colours change)."""
    for attrs in (graph.graph_attr, graph.node_attr, graph.edge_attr,
                  *(n.attr for n in graph.nodes()), *(e.attr for e in graph.edges())):
        if (attrs.get("fontcolor") or "").upper() == INK_ON_ANY:
            attrs["fontcolor"] = INK
        for key in ("label", "xlabel"):          # an HTML label's <FONT COLOR=...>
            value = attrs.get(key) or ""
            if f'COLOR="{INK_ON_ANY}"' in value.upper():
                # (read without its outer brackets: set as HTML again with them)
                attrs[key] = "<" + re.sub(f'(?i)COLOR="{INK_ON_ANY}"', f'COLOR="{INK}"',
                                          value) + ">"


def render_pdf(dot: graphviz.Digraph | str, *, prog: str = "dot", fixed: bool = False
               ) -> bytes:
    """The PDF of :func:`render` alone, for print (no SVG: its font subset is most of a
    figure's cost): the same layout and the same stable bytes."""
    source = getattr(dot, "source", dot)
    graph = _laid_out(source, "nop2" if fixed else prog)
    _inked(graph)
    with _graphviz_messages("rendering"):
        return _clean_pdf(graph.draw(format="pdf"))


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


@lru_cache(maxsize=4)
def _advances(weight: int) -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont

    font = TTFont(font_files() / FONT_FILES[weight], lazy=True)
    metrics = font["hmtx"].metrics
    return ({code: metrics[name][0] for code, name in font.getBestCmap().items()},
            font["head"].unitsPerEm)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in points of ``text`` set in :data:`FONT` at ``size`` points."""
    advances, em = _advances(700 if bold else 400)
    return sum(advances.get(ord(c), em // 2) for c in text) * size / em


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
    with _graphviz_messages("drawing without labels"):
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


SVG_ENGINE: Callable[[str, str], str] | None = None
"""Where pygraphviz cannot run (Python in a browser, under Pyodide): a function
``(DOT source, layout program) -> SVG text`` that lays out and draws, such as Graphviz
compiled to WebAssembly. :func:`render_svg` uses it when it is set."""


def render_svg(dot: graphviz.Digraph | str, *, title: str, desc: str, prog: str = "dot",
               titles: Mapping[str, str] | None = None, font: bool = True) -> bytes:
    """The SVG of :func:`render` alone (no PDF), laid out by :data:`SVG_ENGINE` when it is
    set, by pygraphviz otherwise; ``font=False`` leaves out the embedded font (most of
    the bytes and of the time: the text is then shown in the reader's font)."""
    source = getattr(dot, "source", dot)
    if SVG_ENGINE is not None:
        svg = SVG_ENGINE(source, prog)
    else:
        graph = _laid_out(source, prog)
        with _graphviz_messages("rendering"):
            svg = graph.draw(format="svg").decode("utf-8")
    return _clean_svg(svg, title, desc, titles or {}, font=font)


_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


# The characters a figure's labels are made of: the first cut of the font (see
# :func:`_font_base`), ASCII, Latin-1 and Latin Extended-A (French), punctuation, sub- and
# superscripts, arrows and mathematical operators.
_BASE_CHARS = "".join(chr(c) for first, end in ((0x20, 0x7F), (0xA0, 0x180), (0x2000, 0x20A0),
                                                  (0x2190, 0x2300)) for c in range(first, end))


def _subset_options(flavor: str | None):
    from fontTools import subset

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = ["kern", "liga"]
    options.name_IDs = [1, 2]
    options.notdef_outline = True
    options.glyph_names = flavor is None          # the first cut keeps them for the second
    return options


@cache
def _font_base(weight: int) -> tuple[bytes, frozenset[str], frozenset[str]]:
    """The pinned font cut down once per process to :data:`_BASE_CHARS` (a TrueType in
    memory), the characters it has, and the characters the whole font has. A subset of it
    is the same bytes as the same subset of the whole font, made in a fifth of the time:
    most of a subset's time is reading the whole font's kerning tables, which the cut
    leaves small."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(font_files() / FONT_FILES[weight], recalcTimestamp=False)
    whole = frozenset(chr(c) for c in font.getBestCmap())
    subsetter = subset.Subsetter(_subset_options(None))
    subsetter.populate(text=_BASE_CHARS)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue(), frozenset(chr(c) for c in font.getBestCmap()), whole


_SUBSETS: dict[int, int] = {}
"""How many subsets of each weight this process has made (:func:`_font_subset`)."""


@lru_cache(maxsize=256)
def _font_subset(weight: int, chars: str) -> bytes:
    """A WOFF of the pinned font with only ``chars``: small, and the same bytes each time.
    Cut from :func:`_font_base` when every one of ``chars`` that the font has is there
    (the others are left out either way), and there is one (an empty subset keeps some of
    its source's header fields); from the whole font otherwise, and for the first two
    subsets of a weight in a process: the cut (0.6 s) pays for itself from the third, so a
    command that draws one figure (``arena render``) does not make it."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    _SUBSETS[weight] = _SUBSETS.get(weight, 0) + 1
    font = None
    if _SUBSETS[weight] > 2:
        base, has, whole = _font_base(weight)
        drawn = set(chars) & whole
        if drawn and drawn <= has:
            font = TTFont(io.BytesIO(base), recalcTimestamp=False)
    if font is None:
        font = TTFont(font_files() / FONT_FILES[weight], recalcTimestamp=False)
    subsetter = subset.Subsetter(_subset_options("woff"))
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _embedded_font(svg: str) -> str:
    """A ``<style>`` with the font, so the SVG renders as laid out wherever it is shown
    (an ``<img>`` cannot use the page's fonts). Without fontTools (Python in a browser,
    where the SVG is drawn inside the page, with the page's fonts), nothing."""
    import base64
    import importlib.util

    if importlib.util.find_spec("fontTools") is None:
        return ""

    chars = "".join(sorted({c for text in _TEXT.findall(svg) for c in html.unescape(text)}))
    if not chars.strip():
        return ""
    rules = []
    for weight in FONT_FILES:
        data = base64.b64encode(_font_subset(weight, chars)).decode("ascii")
        rules.append(f'@font-face{{font-family:"{FONT}";font-weight:{weight};'
                     f"src:url(data:font/woff;base64,{data}) format(\"woff\")}}")
    return "\n<defs><style>" + "".join(rules) + "</style></defs>"


def _clean_svg(svg: str, title: str, desc: str, titles: Mapping[str, str], *,
               font: bool = True) -> bytes:
    svg = _COMMENT.sub("", svg).replace("&#45;", "-")
    svg = svg[svg.index("<svg"):]

    def node_title(m: re.Match[str]) -> str:
        text = titles.get(m.group(2))
        return m.group(0) if text is None else f"{m.group(1)}<title>{html.escape(text)}</title>"

    svg = _NODE_TITLE.sub(node_title, svg)
    head_end = svg.index(">") + 1
    head = svg[:head_end].replace("<svg ", '<svg role="img" aria-labelledby="fig-title '
                                           'fig-desc" ', 1)
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + head
            + f'\n<title id="fig-title">{html.escape(title)}</title>'
            + f'\n<desc id="fig-desc">{html.escape(desc)}</desc>'
            + (_embedded_font(svg) if font else "")
            + svg[head_end:]).encode()


def _clean_pdf(pdf: bytes) -> bytes:
    """Fix cairo's creation date to a constant of the same length (offsets stay valid)."""
    def fixed(m: re.Match[bytes]) -> bytes:
        return m.group(1) + PDF_DATE.ljust(len(m.group(2)))[:len(m.group(2))]
    return re.sub(rb"(/(?:Creation|Mod)Date \()([^)]*)", fixed, pdf)


def vertex_titles(arena: Arena, name: Callable[[Vertex], str] = vertex_id) -> dict[str, str]:
    """SVG id -> text of its ``<title>``: the vertex name, or ``x → y`` for an edge."""
    titles = {f"v-{svg_id(name(v))}": name(v) for v in arena.vertices}
    for x, y in arena.edges():
        titles[f"e-{svg_id(name(x))}-{svg_id(name(y))}"] = f"{name(x)} → {name(y)}"
    return titles


def arena_svg(arena: Arena, solution: Solution | None = None, view: View = View(), *,
              title: str | None = None) -> str:
    """An SVG of ``arena`` (for notebooks: ``Arena._repr_svg_``); ``title`` is its text
    alternative (the arena's English title by default)."""
    dot = arena_dot(arena, solution, view)
    if title is None:
        title = (arena.title or {}).get("en") or f"An arena of {len(arena)} vertices"
    svg = render_svg(dot, title=title, desc=describe(arena, solution),
                     titles=vertex_titles(arena))
    return svg.decode("utf-8").split("\n", 1)[1]


def describe(arena: Arena, solution: Solution | None = None, *,
             name: Callable[[Vertex], str] = vertex_id) -> str:
    """A text alternative listing the graph: owners, victory sets, start and winners."""
    parts = [f"{len(arena)} vertices, {arena.n_edges} edges.",
             "J_0: " + ", ".join(map(name, arena.S0)) + ".",
             "J_1: " + ", ".join(map(name, arena.S1)) + "."]
    for i, vs in ((0, arena.V0), (1, arena.V1)):
        if vs:
            parts.append(f"V_{i}: " + ", ".join(map(name, vs)) + ".")
    if arena.start is not None:
        parts.append(f"Start: {name(arena.start)}.")
    if solution is not None:
        for i in (0, 1):
            won = [v for v in arena.vertices if solution.winner[v] == i]
            parts.append(f"Won by J_{i}: " + (", ".join(map(name, won)) or "none") + ".")
    return " ".join(parts)


def html_table(cells: Sequence[Sequence[str]], *, colours: Mapping[str, str] | None = None,
               size: int = 10) -> str:
    """An HTML-like label: a grid of small squares, ``cells[r][c]`` a character drawn in
    its square (``" "`` for an empty square, ``""`` for no square); a character that is a
    key of ``colours`` is drawn as a square of that colour instead."""
    colours = colours or {}
    rows = []
    for row in cells:
        tds = []
        for c in row:
            if c == "":
                tds.append(f'<TD BORDER="0" WIDTH="{size}" HEIGHT="{size}"></TD>')
            else:
                bg = colours.get(c, PAPER)
                text = "" if c in colours else html.escape(c.strip())
                font = round(size * 0.8)
                tds.append(f'<TD BGCOLOR="{bg}" WIDTH="{size}" HEIGHT="{size}">'
                           f'<FONT POINT-SIZE="{font}" COLOR="{INK}">{text or " "}</FONT></TD>')
        rows.append("<TR>" + "".join(tds) + "</TR>")
    return ('<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="'
            + GREY + '">' + "".join(rows) + "</TABLE>>")


def tree_dot(nodes: Iterable[tuple[str, dict[str, Any]]],
             edges: Iterable[tuple[str, str, dict[str, Any]]]) -> graphviz.Digraph:
    """A top-down tree: ``nodes`` are (id, attributes), ``edges`` (parent, child, attrs)."""
    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="TB", nodesep="0.15",
             ranksep="0.45")
    dot.attr("node", fontname=FONT, fontsize="13", width="0.45", height="0.45",
             margin="0.03", color=GREY, fontcolor=INK, style="filled", fillcolor=PAPER)
    dot.attr("edge", color=GREY, arrowsize="0.6", penwidth="1.1")
    for node_id, attrs in nodes:
        dot.node(node_id, id=node_id, **attrs)
    for a, b, attrs in edges:
        dot.edge(a, b, **attrs)
    return dot
