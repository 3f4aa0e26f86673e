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
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

try:
    import graphviz
except ModuleNotFoundError as _missing:     # the package without its [figures] extra
    from arena._install import pip_command

    raise ModuleNotFoundError(
        f"arena.render draws with Graphviz, which the package installs with its figures "
        f"extra: {pip_command('figures')} ({_missing.name} is missing)",
        name=_missing.name) from None

from arena.arena import Arena, Player, Vertex, vertex_id
from arena.errors import RenderError
from arena.fonts import FONT, FONT_FILES, embedded_font, font_files, use_pinned_font
from arena.graphviz_messages import graphviz_messages
from arena.labels import LABEL_CLEAR, LABEL_GAP, _restore_sizes, place_labels, text_width
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
PDF_DATE = b"D:20000101000000Z"
"""The creation and modification date written in every PDF, so that the same figure
gives the same bytes."""


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
def _layout(source: str, prog: str):
    use_pinned_font()
    import pygraphviz

    graph = pygraphviz.AGraph(string=source)
    with graphviz_messages(f"laying out with {prog}"):
        graph.layout(prog=prog)
    return graph


def _laid_out(source: str, prog: str):
    """``source`` laid out by ``prog``, each label beside a vertex then placed where it
    touches nothing (:func:`place_labels`): what every rendering draws."""
    graph = _layout(source, prog)
    if place_labels(graph):               # labels moved: laid out again where they are,
        _restore_sizes(graph, source)     # every node at the size its attributes ask
        with graphviz_messages("placing the labels"):
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
    with graphviz_messages("rendering"):
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
    with graphviz_messages("rendering"):
        return _clean_pdf(graph.draw(format="pdf"))


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
        with graphviz_messages("rendering"):
            svg = graph.draw(format="svg").decode("utf-8")
    return _clean_svg(svg, title, desc, titles or {}, font=font)


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
            + (embedded_font(svg) if font else "")
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
