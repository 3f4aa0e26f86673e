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


def example_figure(path: str, view, caption: dict[str, str], *,
                   interactive: bool = False) -> Drawing:
    """The figure of a game file of the project, in one line: the arena of ``path`` (a
    YAML or JSON file, or a rules file ``.py`` read by :func:`arena.rules.load_rules`,
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
        from arena.rules import load_rules

        g = load_rules(project_file(path))
    else:
        g = Arena.from_file(project_file(path))
    sol = solve(g)
    return Drawing(arena_dot(g, sol, view), caption, describe(g, sol),
                   titles=vertex_titles(g), arena=g if interactive else None)
