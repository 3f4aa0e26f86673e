"""The figures' data types (:class:`Drawing`, :class:`Figure`: what the page modules
and the bank make, below the catalogue that writes them) and the drawing helpers
shared by several pages' figures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena import Arena
from arena.arena import Vertex
from coursebuild.paths import project_file


@dataclass(frozen=True)
class Drawing:
    """A drawn figure: its DOT and how to lay it out, its text alternative, its captions."""

    dot: object
    caption: dict[str, str]
    desc: str
    fixed: bool = False
    prog: str = "dot"
    titles: dict[str, str] | None = None
    arena: Arena | None = None
    """For interactive figures: the arena drawn, written to ``<id>.json`` with its solution."""
    name: Callable[[Vertex], str] | None = None
    """The text id of a vertex of ``arena`` (its SVG id is ``v-`` + ``svg_id(name)``)."""
    trace: dict | None = None
    """For algorithm steppers: the steps computed here, written to ``<id>.json``."""
    board: dict | None = None
    """For games played with pieces on a board: the game's rules, see :func:`figure_data`."""



def layout_job(drawing: Drawing) -> tuple:
    """What a worker process needs to lay out ``drawing`` (plain data: it is pickled): the
    figures (:mod:`coursebuild.products.catalogue`) and the sheets' drawings are laid out from
    it."""
    title = f"{drawing.caption['fr']} / {drawing.caption['en']}"
    return (getattr(drawing.dot, "source", drawing.dot), title, drawing.desc, drawing.prog,
            drawing.fixed, drawing.titles)

@dataclass(frozen=True)
class Figure:
    """An entry of the catalogue: an id and the function that draws it."""

    id: str
    draw: Callable[[], Drawing]

    def recipe(self) -> tuple:
        """What makes the figure, for its key (:func:`coursebuild.products.catalogue.figure_key`):
        its drawing function, its id, and any input that function's code does not show."""
        return (self.draw, self.id)


def _nim_rows(g: Arena, dx: float = 70, dy: float = 150) -> dict[Vertex, tuple[float, float]]:
    """Nim as two rows, J_0 above and J_1 below, by decreasing number of sticks."""
    n = max(k for k, _ in g.vertices)
    return {(k, i): ((n - k) * dx + (dx / 2 if i else 0), dy * (1 - i)) for k, i in g.vertices}

def _caption(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}

def _nim_drawing(g: Arena, view, caption: dict[str, str], sol=None,
                 interactive: bool = False) -> Drawing:
    from arena.render import arena_dot, describe, vertex_titles

    dot = arena_dot(g, sol, view, positions=_nim_rows(g))
    return Drawing(dot, caption, describe(g, sol), fixed=True, titles=vertex_titles(g),
                   arena=g if interactive else None)


def _project_file(relative: str) -> Path:
    return project_file(relative)

def _both_labels(labels: dict) -> dict:
    return {"fr": labels, "en": labels}


def example_figure(path: str, view, caption: dict[str, str], *,
                   interactive: bool = False) -> Drawing:
    """The figure of a game file of the project, in one line: the arena of ``path`` (a
    YAML or JSON file, or a rules file ``.py`` read by :func:`arena.rules_file.load_rules`,
    from the project's root, e.g. ``"docs/examples/mygame.yaml"``)
    solved and drawn with the course's conventions and ``view`` (an
    :class:`arena.render.View`), with ``caption`` in French and English (``{"fr": ...,
    "en": ...}``); ``interactive=True`` also writes the data the ``stepper`` and ``game``
    markers need. The figure build rebuilds it when the file changes (its path, written
    in the page module, enters the figure's key).

    A page module's drawing function is then::

        def mygame() -> Drawing:
            return example_figure("docs/examples/mygame.yaml", View(winners=True),
                                  {"fr": "Mon jeu.", "en": "My game."}, interactive=True)
    """
    from arena import solve
    from arena.render import arena_dot, describe, vertex_titles

    if path.endswith(".py"):
        from arena.rules_file import load_rules

        g = load_rules(project_file(path))
    else:
        g = Arena.from_file(project_file(path))
    sol = solve(g)
    return Drawing(arena_dot(g, sol, view), caption, describe(g, sol),
                   titles=vertex_titles(g), arena=g if interactive else None)


def astar_map_digraph():
    """The A* map's drawing, before its vertices and edges: the chapter's (astar-map,
    astar-steps) and the bank's maps (bank/astar.py)."""
    import graphviz

    from arena.render import FONT, GREY, INK, INK_ON_ANY, PAPER

    dot = graphviz.Digraph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT, forcelabels="true")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=GREY, fontcolor=INK, width="0.45", fixedsize="true")
    dot.attr("edge", color=GREY, fontname=FONT, fontsize="12", fontcolor=INK_ON_ANY,
             arrowsize="0.7")
    return dot
