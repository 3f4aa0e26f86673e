"""Drawing helpers shared by several pages' figures."""

from __future__ import annotations

from pathlib import Path

from arena import Arena
from arena.arena import Vertex
from coursebuild.catalogue import Drawing
from coursebuild.paths import project_file


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

def _reachable_under(g: Arena, sol, player: int | None, root: Vertex) -> Arena:
    """The subgraph reachable from ``root`` when ``player`` follows the solver's strategy
    (every move is followed when ``player`` is ``None``)."""
    seen, order = {root}, [root]
    edges: dict[Vertex, list[Vertex]] = {}
    for v in order:
        if g.victory(v) is not None:
            continue
        nexts = [sol.move[v]] if g.owner(v) == player and sol.move[v] is not None \
            else list(g.successors(v))
        edges[v] = nexts
        for w in nexts:
            if w not in seen:
                seen.add(w)
                order.append(w)
    return Arena([v for v in order if g.owner(v) == 0], [v for v in order if g.owner(v) == 1],
                 edges, V0=[v for v in order if g.victory(v) == 0],
                 V1=[v for v in order if g.victory(v) == 1], start=root)

def _both_labels(labels: dict) -> dict:
    return {"fr": labels, "en": labels}
