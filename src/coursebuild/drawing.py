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

def _both_labels(labels: dict) -> dict:
    return {"fr": labels, "en": labels}
