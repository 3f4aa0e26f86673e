"""The figure catalogue of the course, and its incremental build (``make figures``).

Each :class:`Figure` has a stable id, a function that draws it from the solver's
results, and the modules whose code it depends on. :func:`build` writes
``<id>.svg`` and ``<id>.pdf`` into the output folder, and ``manifest.json`` with the
captions in French and English.

A figure is rebuilt only when its key changes: a hash of its id, of the code of its
drawing function, of the modules it uses (the game, the solver, the renderer), of the
Graphviz and font versions. The key and the caption are kept in a sidecar file written
after the figure, so an interrupted build redoes that figure. Files are replaced only
when their bytes change, so unchanged figures keep their timestamps.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import import_module, metadata
from pathlib import Path
from typing import Any, TextIO

from arena._files import write_atomic
from arena.arena import Arena, Player, Vertex, vertex_id

__all__ = ["Figure", "Drawing", "CATALOGUE", "build", "figure_ids", "figure_data",
           "DEFAULT_OUT"]

DEFAULT_OUT = Path("docs/figures")
SHARED_MODULES = ("arena.arena", "arena.solver", "arena.render")


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


@dataclass(frozen=True)
class Figure:
    """An entry of the catalogue."""

    id: str
    draw: Callable[[], Drawing]
    modules: tuple[str, ...] = ()
    """Modules (besides the solver and the renderer) whose code the figure depends on."""

    def key(self) -> str:
        """What the figure depends on, hashed: rebuilt when this changes."""
        h = hashlib.sha256()
        h.update(self.id.encode())
        for source in _sources_used(self.draw):
            h.update(source.encode())
        for writer in (figure_data, _render_one):   # what turns a drawing into files
            h.update(_source(writer).encode())
        for name in (*SHARED_MODULES, *self.modules):
            h.update(_module_bytes(name))
        h.update(_versions().encode())
        return h.hexdigest()


def _module_bytes(name: str) -> bytes:
    """The source file of module ``name`` (part of the cache key of its figures)."""
    source = import_module(name).__file__
    if source is None:
        raise RuntimeError(f"module {name} has no source file")
    return Path(source).read_bytes()


@cache
def _source(fn: Callable) -> str:
    return inspect.getsource(fn)


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _sources_used(draw: Callable[[], Drawing]) -> list[str]:
    """The source of ``draw`` and of every function or constant of this module it uses,
    directly or through another one (so a change of a shared helper rebuilds its users)."""
    module = sys.modules[__name__]
    seen: dict[str, str] = {}
    pending = [_source(draw)]
    out = []
    while pending:
        source = pending.pop()
        out.append(source)
        for name in _IDENTIFIER.findall(source):
            value = getattr(module, name, None)
            if name in seen or value is None:
                continue
            if inspect.isfunction(value) and value.__module__ == __name__:
                seen[name] = _source(value)
                pending.append(seen[name])
            elif name.isupper() and isinstance(value, (str, dict, list, tuple)):
                seen[name] = repr(value)
                out.append(seen[name])
                if isinstance(value, str) and value.endswith((".yaml", ".yml", ".json")):
                    # a data file the figure reads (an example's arena): its content too
                    data = _project_file(value)
                    out.append(data.read_text("utf-8", "replace") if data.exists() else "")
    return out


def _versions() -> str:
    try:
        font = metadata.version("font-source-sans-pro")
        gv = metadata.version("pygraphviz")
    except metadata.PackageNotFoundError:  # pragma: no cover - the figures extra is missing
        font = gv = "?"
    return f"pygraphviz {gv}; font {font}"


# -- the course's figures --------------------------------------------------------------

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


def nim_graph_a() -> Drawing:
    from arena.games import nim
    from arena.render import View

    g = nim(10, [1, 2])
    return _nim_drawing(g, View(), interactive=True, caption=_caption(
        "Graphe du jeu de Nim, n = 10, règle {1, 2}, dessiné sur deux lignes : en haut les "
        "sommets (k, 0) où J₀ joue (cercles), en bas les sommets (k, 1) où J₁ joue (carrés), "
        "rangés par nombre k de bâtonnets décroissant. Double bordure : positions de victoire "
        "(0, 1) pour J₀ et (0, 0) pour J₁ ; flèche entrante : le départ (10, 0).",
        "Graph of Nim, n = 10, rule {1, 2}, drawn as two rows: on top the vertices (k, 0) "
        "where J₀ moves (circles), below the vertices (k, 1) where J₁ moves (squares), by "
        "decreasing number k of sticks. Double border: victory positions (0, 1) for J₀ and "
        "(0, 0) for J₁; incoming arrow: the start (10, 0)."))


def nim_graph_b() -> Drawing:
    from arena.games import nim
    from arena.render import arena_dot, describe, vertex_titles

    g = nim(10, [1, 2])
    dot = arena_dot(g, graph_attr={"rankdir": "LR"})
    return Drawing(dot, _caption(
        "Le même graphe du jeu de Nim (n = 10, règle {1, 2}) dans une autre disposition, "
        "calculée par Graphviz : les coups vont de gauche à droite. Un même graphe peut se "
        "dessiner de bien des manières.",
        "The same graph of Nim (n = 10, rule {1, 2}) in another layout, computed by "
        "Graphviz: moves go from left to right. One graph can be drawn in many ways."),
        describe(g), titles=vertex_titles(g))


def _winning_play(g: Arena, sol) -> tuple[Vertex, ...]:
    """From the start, both players follow the solver's strategies until the end."""
    play = [g.start]
    while sol.move[play[-1]] is not None:
        play.append(sol.move[play[-1]])
    return tuple(play)


def nim_play() -> Drawing:
    from arena import solve
    from arena.games import nim
    from arena.render import View

    g = nim(10, [1, 2])
    sol = solve(g)
    play = _winning_play(g, sol)
    steps = " → ".join(f"({k}, {i})" for k, i in play)
    return _nim_drawing(g, View(play=play), _caption(
        f"Une partie gagnante pour J₀ : {steps}. Les coups sont numérotés dans l'ordre, "
        "en bleu ceux de J₀, en vermillon ceux de J₁ ; la partie s'arrête en (0, 1), "
        "position de victoire de J₀, sans être passée par une autre position de victoire.",
        f"A winning play for J₀: {steps}. Moves are numbered in order, J₀'s in blue, J₁'s "
        "in vermillion; the play stops at (0, 1), a victory position of J₀, without going "
        "through another victory position."), sol)


def _nim_attractor(step: int) -> Drawing:
    from arena import solve
    from arena.games import nim
    from arena.render import View

    g = nim(10, [1, 2])
    sol = solve(g)
    layers = sol.layers(0)
    added = ", ".join(f"({k}, {i})" for k, i in layers[step])
    total = sum(len(layer) for layer in layers[:step + 1])
    if step == 0:
        fr = (f"Étape 𝒜⁰₀ de l'attracteur de J₀ : les positions de victoire V₀ = {{{added}}}, "
              "de rang 0.")
        en = f"Step 𝒜⁰₀ of J₀'s attractor: the victory positions V₀ = {{{added}}}, of rank 0."
    else:
        fr = (f"Étape 𝒜⁰{_sub(step)} de l'attracteur de J₀ ({total} sommets) : en bleu vif "
              f"et bordure épaisse, les sommets ajoutés à cette étape, de rang {step} : "
              f"{added} ; en bleu clair, ceux des étapes précédentes. Le nombre écrit à côté "
              "d'un sommet est son rang.")
        en = (f"Step 𝒜⁰{_sub(step)} of J₀'s attractor ({total} vertices): in bright blue with "
              f"a thick border, the vertices added at this step, of rank {step}: {added}; in "
              "light blue, those of earlier steps. The number beside a vertex is its rank.")
    return _nim_drawing(g, View(step=step, player=0), _caption(fr, en), sol)


def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def nim_strategy() -> Drawing:
    from arena import solve
    from arena.games import nim
    from arena.render import View

    g = nim(10, [1, 2])
    sol = solve(g)
    won = sorted(k for (k, i) in g.vertices if i == 0 and sol.winner[(k, 0)] == 0
                 and g.victory((k, 0)) is None)
    return _nim_drawing(g, View(winners=True, ranks=True, strategy=0), _caption(
        "Une stratégie gagnante de J₀ : en chaque sommet (k, 0), la flèche épaisse bleue est "
        "le coup choisi. Sommets bleus : gagnants pour J₀ ; vermillon à bord tireté : "
        "gagnants pour J₁ ; le nombre à côté est le rang. Depuis les positions gagnantes "
        f"(k = {', '.join(map(str, won))}), J₀ joue vers un sommet de rang inférieur de 1 ; "
        "depuis les autres, il retarde sa défaite.",
        "A winning strategy of J₀: at each vertex (k, 0), the thick blue arrow is the move "
        "chosen. Blue vertices: winning for J₀; vermillion with a dashed border: winning for "
        "J₁; the number beside is the rank. From the winning positions "
        f"(k = {', '.join(map(str, won))}), J₀ moves to a vertex whose rank is one less; "
        "from the others, it delays its defeat."), sol)


def ex41_graph() -> Drawing:
    from arena import solve
    from arena.games import nim
    from arena.render import View

    g = nim(15, [2, 3, 5])
    sol = solve(g)
    lost = [k for k in range(16) if sol.winner[(k, 0)] == 1]
    return _nim_drawing(g, View(winners=True, ranks=True), interactive=True, caption=_caption(
        "Exercice 4.1 : Nim avec 15 bâtonnets et la règle {2, 3, 5}. Sommets bleus : "
        "gagnants pour J₀ ; vermillon à bord tireté : gagnants pour J₁ ; à côté, le rang. "
        f"Le joueur qui doit jouer perd avec k ∈ {{{', '.join(map(str, lost))}}} "
        "bâtonnets : le départ (15, 0) est gagnant pour J₁.",
        "Exercise 4.1: Nim with 15 sticks and the rule {2, 3, 5}. Blue vertices: winning "
        "for J₀; vermillion with a dashed border: winning for J₁; beside, the rank. The "
        f"player to move loses with k ∈ {{{', '.join(map(str, lost))}}} sticks: the start "
        "(15, 0) is winning for J₁."), sol=sol)


def ex41_strategy() -> Drawing:
    from arena import solve
    from arena.games import nim
    from arena.render import View

    g = nim(15, [2, 3, 5])
    sol = solve(g)
    return _nim_drawing(g, View(winners=True, ranks=True, strategy=1), _caption(
        "Exercice 4.1 : une stratégie gagnante de J₁, le joueur qui gagne depuis le départ. "
        "Flèches épaisses vermillon : le coup de J₁ en chaque sommet (k, 1) ; depuis une "
        "position gagnante, il mène à un sommet de rang inférieur de 1.",
        "Exercise 4.1: a winning strategy of J₁, the player who wins from the start. Thick "
        "vermillion arrows: J₁'s move at each vertex (k, 1); from a winning position, it "
        "leads to a vertex whose rank is one less."), sol)


EX42 = "docs/examples/exercise-4-2.yaml"


def _ex42(view, caption: dict[str, str], interactive: bool = False) -> Drawing:
    from arena import solve
    from arena.render import arena_dot, describe, positions_of, svg_id, vertex_titles

    g = Arena.from_file(_project_file(EX42))
    sol = solve(g)
    base = positions_of(arena_dot(g, graph_attr={"rankdir": "LR"}))
    positions = {v: base[f"v-{svg_id(vertex_id(v))}"] for v in g.vertices}
    dot = arena_dot(g, sol, view, positions=positions)
    return Drawing(dot, caption, describe(g, sol), fixed=True, titles=vertex_titles(g),
                   arena=g if interactive else None)


def _project_file(relative: str) -> Path:
    here = Path(__file__).resolve().parents[2] / relative
    return here if here.exists() else Path(relative)


def ex42_graph() -> Drawing:
    from arena.render import View

    g = Arena.from_file(_project_file(EX42))
    v0, v1 = ", ".join(g.V0), ", ".join(g.V1)
    return _ex42(View(), _caption(
        f"Exercice 4.2 : un jeu sur un graphe de {len(g)} sommets (cercles : J₀ joue ; "
        f"carrés : J₁ joue ; double bordure : positions de victoire, {v0} pour J₀, {v1} pour "
        f"J₁). Le départ est {g.start}.",
        f"Exercise 4.2: a game on a graph of {len(g)} vertices (circles: J₀ moves; squares: "
        f"J₁ moves; double border: victory positions, {v0} for J₀, {v1} for J₁). The start "
        f"is {g.start}."), interactive=True)


def ex42_attractors() -> Drawing:
    from arena import solve
    from arena.render import View

    sol = solve(Arena.from_file(_project_file(EX42)))
    a0, a1 = sol.attractor(0), sol.attractor(1)
    draws = sorted(v for v in sol.arena.vertices if sol.winner[v] is None)
    return _ex42(View(winners=True, ranks=True), _caption(
        f"Exercice 4.2 : les attracteurs. En bleu, 𝒜⁰ ({len(a0)} sommets : "
        f"{', '.join(sorted(a0))}) ; en vermillon à bord tireté, 𝒜¹ ({len(a1)} sommets : "
        f"{', '.join(sorted(a1))}) ; le nombre à côté est le rang. Les sommets blancs "
        f"({', '.join(draws)}) sont des matchs nuls.",
        f"Exercise 4.2: the attractors. In blue, 𝒜⁰ ({len(a0)} vertices: "
        f"{', '.join(sorted(a0))}); in vermillion with a dashed border, 𝒜¹ ({len(a1)} "
        f"vertices: {', '.join(sorted(a1))}); the number beside is the rank. The white "
        f"vertices ({', '.join(draws)}) are draws."))


def ex42_strategy() -> Drawing:
    from arena import solve
    from arena.render import View

    sol = solve(Arena.from_file(_project_file(EX42)))
    start = sol.arena.start
    return _ex42(View(winners=True, ranks=True, strategy=0), _caption(
        f"Exercice 4.2 : J₀ gagne depuis le départ {start} en {sol.rank[start]} coups au plus. "
        "Flèches épaisses bleues : sa stratégie, qui fait baisser le rang de 1 à chaque coup "
        "depuis une position gagnante, et reste hors de 𝒜¹ depuis un match nul.",
        f"Exercise 4.2: J₀ wins from the start {start} within {sol.rank[start]} moves. "
        "Thick blue arrows: its strategy, which lowers the rank by one at each move from a "
        "winning position, and stays out of 𝒜¹ from a draw."))


def _chomp_label(v) -> str:
    from arena.render import html_table

    shape, _ = v
    rows = max(2, len(shape))
    cols = max(shape)
    cells = [["P" if (r, c) == (0, 0) else (" " if r < len(shape) and c < shape[r] else "")
              for c in range(cols)] for r in range(rows)]
    return html_table(cells, colours={"P": "#4D4D4D"})


def _chomp(view, caption, interactive: bool = False) -> Drawing:
    from arena import solve
    from arena.games import chomp
    from arena.games.chomp import chomp_id
    from arena.render import arena_dot, describe, vertex_titles

    whole = chomp(2, 3)
    g = _reachable_under(whole, None, None, whole.start)   # drop shapes no play reaches
    sol = solve(g)
    dot = arena_dot(g, sol, view, name=chomp_id, label=_chomp_label)
    return Drawing(dot, caption, describe(g, sol, name=chomp_id),
                   titles=vertex_titles(g, chomp_id), arena=g if interactive else None,
                   name=chomp_id)


def chomp_graph() -> Drawing:
    from arena.render import View

    return _chomp(View(), _caption(
        "Chomp sur une tablette 2 × 3 : les positions atteignables depuis la tablette "
        "entière. Chaque sommet dessine la tablette restante (le carré sombre est "
        "empoisonné) ; cercle : J₀ joue, carré : J₁ joue. Quand il ne reste que le carré "
        "empoisonné, le joueur qui doit le manger a perdu (double bordure).",
        "Chomp on a 2 × 3 bar: the positions reachable from the whole bar. Each vertex "
        "draws the remaining bar (the dark square is poisoned); circle: J₀ moves, square: "
        "J₁ moves. When only the poisoned square is left, the player who must eat it has "
        "lost (double border)."), interactive=True)


def chomp_attractor() -> Drawing:
    from arena import solve
    from arena.games import chomp
    from arena.render import View

    g = chomp(2, 3)
    sol = solve(g)
    return _chomp(View(winners=True, ranks=True, strategy=0), _caption(
        f"Chomp 2 × 3 résolu : J₀ gagne depuis la tablette entière en {sol.rank[g.start]} "
        "coups au plus, en mangeant d'abord le seul carré en bas à droite (flèches bleues "
        "épaisses : sa stratégie). Bleu : gagnant pour J₀ ; vermillon à bord tireté : pour "
        "J₁ ; à côté, le rang.",
        f"Chomp 2 × 3 solved: J₀ wins from the whole bar within {sol.rank[g.start]} moves, "
        "by first eating only the bottom-right square (thick blue arrows: its strategy). "
        "Blue: winning for J₀; vermillion with a dashed border: for J₁; beside, the rank."))


OURSON_BOARD_POSITIONS = {0: (0, 0), 1: (0, 110), 2: (-115, 45), 3: (115, 45),
                          4: (-85, -95), 5: (85, -95)}


def ourson_board() -> Drawing:
    import graphviz

    from arena.games.ourson import BOARD, START
    from arena.render import COLOURS, FONT, GREY, INK, PAPER

    cub, pups = int(START[0]), {int(START[1]), int(START[2])}
    dot = graphviz.Graph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.attr("node", fontname=FONT, fontsize="16", width="0.55", height="0.55",
             style="filled", fixedsize="true")
    dot.attr("edge", color=GREY, penwidth="2")
    for v, (x, y) in OURSON_BOARD_POSITIONS.items():
        attrs = {"shape": "circle", "fillcolor": PAPER, "color": GREY, "fontcolor": INK}
        role = "free"
        if v == cub:
            attrs.update(fillcolor=COLOURS[0], color=COLOURS[0], fontcolor=PAPER, penwidth="3")
            role = "ourson"
        elif v in pups:
            attrs.update(fillcolor=COLOURS[1], color=COLOURS[1], fontcolor=PAPER,
                         style="filled,dashed", penwidth="3")
            role = "puppy"
        dot.node(f"b{v}", label=str(v), id=f"board-{v}", pos=f"{x},{y}",
                 **{"class": f"board-vertex {role}"}, **attrs)
    for v, neighbours in enumerate(BOARD):
        for w in neighbours:
            if v < w:
                dot.edge(f"b{v}", f"b{w}", id=f"board-{v}-{w}")
    return Drawing(dot, _caption(
        "Le plateau du jeu de l'ourson : six sommets numérotés de 0 à 5. Position de départ "
        "0450 : l'ourson (disque bleu à bord plein) sur 0, les deux chiots (disques "
        "vermillon à bord tireté) sur 4 et 5 ; l'ourson joue le premier.",
        "The board of the ourson game: six vertices numbered 0 to 5. Start position 0450: "
        "the ourson (blue disc, solid border) on 0, the two puppies (vermillion discs, "
        "dashed border) on 4 and 5; the ourson moves first."),
        "Board graph with edges " + ", ".join(f"{v}-{w}" for v, ns in enumerate(BOARD)
                                              for w in ns if v < w)
        + ". Ourson on 0, puppies on 4 and 5.", fixed=True)


def ourson_states() -> Drawing:
    from arena import solve
    from arena.games import ourson
    from arena.render import View, arena_dot, describe, vertex_titles

    g = ourson()
    sol = solve(g)
    dot = arena_dot(g, sol, View(winners=True), graph_attr={
        "layout": "neato", "overlap": "false", "splines": "false", "sep": "+4"})
    return Drawing(dot, _caption(
        f"Les {len(g)} positions du jeu de l'ourson et leurs {g.n_edges} coups. Toutes sont "
        "gagnantes pour les chiots (vermillon, bord tireté), y compris le départ 0450 : il "
        "n'y a aucun match nul malgré les nombreux cycles du graphe.",
        f"The {len(g)} positions of the ourson game and their {g.n_edges} moves. All are "
        "winning for the puppies (vermillion, dashed border), the start 0450 included: there is no "
        "draw despite the many cycles of the graph."),
        describe(g, sol), prog="neato", titles=vertex_titles(g), arena=g)


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


def ourson_strategy() -> Drawing:
    from arena import solve
    from arena.games import ourson
    from arena.render import View, arena_dot, describe, vertex_titles

    g = ourson()
    sol = solve(g)
    sub = _reachable_under(g, sol, 1, g.start)
    subsol = solve(sub)
    dot = arena_dot(sub, subsol, View(winners=True, ranks=True))
    return Drawing(dot, _caption(
        f"La stratégie des chiots depuis 0450 : les {len(sub)} positions atteignables quand "
        "les chiots suivent la stratégie du rang de l'attracteur et que l'ourson joue "
        "n'importe quoi. Le nombre à côté d'une position est son rang : il baisse à chaque "
        f"coup, donc aucun cycle ; l'ourson est bloqué en {sol.rank[g.start]} coups au "
        "plus, bien avant la limite de 16.",
        f"The puppies' strategy from 0450: the {len(sub)} positions reachable when the "
        "puppies follow the attractor-rank strategy and the ourson plays anything. The "
        "number beside a position is its rank: it falls at each move, so there is no "
        f"cycle; the ourson is blocked within {sol.rank[g.start]} moves, well before the "
        "limit of 16."), describe(sub, subsol), titles=vertex_titles(sub))


def ourson_cycle() -> Drawing:
    from arena import solve
    from arena.games import ourson
    from arena.games.ourson import article_rank, article_rank_cycle
    from arena.render import View, arena_dot, describe, plain_label

    g = ourson()
    sol = solve(g)
    rank = article_rank(g)
    cycle = article_rank_cycle(g, sol.winner)
    root = cycle[0]
    sub = _reachable_under(g, sol, 1, root)
    tagged_edges = {("a", x): [("a", y)] for x, y in zip(cycle, cycle[1:] + cycle[:1])}
    tagged_edges.update({("b", x): [("b", y) for y in ys]
                         for x, ys in ((v, sub.successors(v)) for v in sub.vertices) if ys})
    vertices = [("a", v) for v in cycle] + [("b", v) for v in sub.vertices]
    both = Arena([v for v in vertices if g.owner(v[1]) == 0],
                 [v for v in vertices if g.owner(v[1]) == 1], tagged_edges,
                 V1=[v for v in vertices if g.victory(v[1]) == 1])
    labels = {v: str(rank[v[1]] if v[0] == "a" else sol.rank[v[1]]) for v in vertices}
    dot = arena_dot(both, None, View(cycle=tuple(("a", v) for v in cycle), labels=labels),
                    name=lambda v: f"{v[0]}{v[1]}", label=lambda v: plain_label(v[1]))
    ring = " → ".join(cycle + [cycle[0]])
    return Drawing(dot, _caption(
        f"À gauche, un cycle que permet la stratégie du « rang » de l'article, trouvé par le "
        f"calcul (ce n'est pas l'un des cycles que l'article dessine) : {ring}. À côté de "
        "chaque position, le « rang » de l'article (longueur d'un plus court chemin vers "
        "une position bloquée) ; les chiots "
        "le font baisser à chaque coup, l'ourson le fait remonter, et la partie tourne en "
        f"rond. À droite, depuis la même position {root}, la stratégie du rang de "
        "l'attracteur (nombre à côté) : il baisse à chaque coup, de 1 exactement à chaque "
        "coup des chiots, et l'ourson finit bloqué.",
        f"Left, a cycle that the article's “rank” strategy allows, found by computation (not "
        f"one of the cycles the article draws): {ring}. Beside each position, the article's "
        "“rank” (length of a shortest path to a blocked position); the puppies lower it at "
        "each move, the ourson raises it again, and the play goes round. Right, from the "
        f"same position {root}, the attractor-rank strategy (number beside): it falls at "
        "each move, by exactly one at each move of the puppies, and the ourson ends "
        "blocked."),
        describe(both, name=lambda v: f"{v[1]}"))


SLIDES_TREE = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
               [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
               [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]


def _tree_name(path: tuple[int, ...]) -> str:
    """A0 for the root, B0-B2 for its children, C0-C8 below: the slides' names."""
    index = 0
    for i in path:
        index = index * 3 + i
    return "ABCDEFG"[len(path)] + str(index)


def _search_tree(result) -> object:
    import html

    from arena.render import COLOURS, GREY, INK_ON_ANY, tree_dot

    paths = sorted(set(result.visited) | set(result.pruned), key=lambda p: (len(p), p))
    pv = set(result.principal_variation) | {()}
    pruned_roots = set(result.pruned)
    stopped = {p[:-1] for p in pruned_roots}      # their value is only a bound

    def under_pruned(p):
        return any(p[:k] in pruned_roots for k in range(1, len(p) + 1))

    nodes, edges = [], []
    for p in paths:
        leaf = len(p) == 3
        maxing = len(p) % 2 == 0
        name = f"n{''.join(map(str, p))}"
        cut = under_pruned(p)
        value = SLIDES_TREE[p[0]][p[1]][p[2]] if leaf else result.values.get(p)
        text = "" if value is None else str(value).replace("-", "−")
        if text and p in stopped:
            text = ("≥ " if maxing else "≤ ") + text
        attrs = {"shape": "circle" if maxing else "square",
                 "class": "node pruned" if cut else ("node chosen" if p in pv else "node")}
        if leaf:
            shown = f"({text})" if cut else text      # a pruned value is never looked at
            attrs.update(shape="plaintext", width="0.3", height="0.3", style="",
                         fontcolor=INK_ON_ANY, label=html.escape(shown))
        else:
            attrs["label"] = f"<{_tree_name(p)}<BR/><B>{html.escape(text)}</B>>" \
                if text else _tree_name(p)
            if p in pv:
                attrs.update(color=COLOURS[0 if maxing else 1], penwidth="2.5")
        if cut:
            attrs.update(style="dashed", color=GREY, fontcolor=GREY)
        nodes.append((name, attrs))
        if p:
            parent = f"n{''.join(map(str, p[:-1]))}"
            e = {"id": f"e-{parent}-{name}"}
            if cut:
                e.update(style="dashed", color=GREY, **{"class": "pruned"})
            elif p in pv:
                e.update(color=COLOURS[0 if len(p) % 2 else 1], penwidth="3",
                         **{"class": "chosen"})
            edges.append((parent, name, e))
    return tree_dot(nodes, edges)


def minimax_tree() -> Drawing:
    from arena.minimax import minimax_tree as search

    r = search(SLIDES_TREE)
    values = [r.values[(i,)] for i in range(3)]
    return Drawing(_search_tree(r), _caption(
        "Minimax sur l'arbre des transparents : Jₘₐₓ (cercles) joue en A0 et voit trois "
        "coups à l'avance ; les feuilles portent la valeur de l'heuristique. Les valeurs "
        f"remontent : maximum aux cercles, minimum aux carrés ; B0, B1, B2 valent "
        f"{', '.join(map(str, values))} et A0 vaut {r.value}. En couleur, le chemin joué si "
        "chacun joue au mieux.",
        "Minimax on the slides' tree: Jₘₐₓ (circles) moves at A0 and looks three moves "
        "ahead; the leaves carry the value of the heuristic. Values are backed up: maximum "
        f"at circles, minimum at squares; B0, B1, B2 are worth {', '.join(map(str, values))} "
        f"and A0 is worth {r.value}. In colour, the path played when both play their best."),
        f"Minimax tree of depth 3; root value {r.value}; best move to B{r.move}.")


def alphabeta_tree() -> Drawing:
    from arena.minimax import alphabeta_tree as search

    r = search(SLIDES_TREE)
    return Drawing(_search_tree(r), _caption(
        f"Élagage alpha-bêta sur le même arbre : la valeur de A0 est la même ({r.value}), "
        f"mais {len(r.pruned)} feuilles ne sont jamais évaluées (entre parenthèses, "
        "reliées par des traits tiretés) : "
        "dès qu'un carré trouve une valeur inférieure ou égale à ce que Jₘₐₓ s'est déjà "
        "assuré, ou qu'un cercle une valeur supérieure ou égale à ce que Jₘᵢₙ s'est "
        "assuré, ses autres fils sont inutiles. Un nœud ainsi arrêté porte une borne "
        "(≤ ou ≥), pas sa valeur.",
        f"Alpha-beta pruning on the same tree: the value of A0 is the same ({r.value}), but "
        f"{len(r.pruned)} leaves are never evaluated (in brackets, reached by dashed lines): "
        "as soon as a square "
        "finds a value at most what Jₘₐₓ is already sure of, or a circle a value at least "
        "what Jₘᵢₙ is sure of, its remaining children cannot matter. A node stopped this "
        "way carries a bound (≤ or ≥), not its value."),
        f"Alpha-beta on the same tree; {len(r.visited)} nodes visited, {len(r.pruned)} "
        "pruned.")


def tictactoe_tree() -> Drawing:
    from arena import solve
    from arena.games import tictactoe
    from arena.render import COLOURS, html_table, svg_id, tree_dot

    g = tictactoe(3, 3)
    sol = solve(g)
    root = "-" * 9
    fragment = {root: ["x--------", "-x-------", "----x----"],
                "----x----": ["o---x----", "-o--x----"]}
    nodes, edges = [], []

    def board_label(b: str) -> str:
        cells = [[{"-": " ", "x": "×", "o": "o"}[b[3 * r + c]] for c in range(3)]
                 for r in range(3)]
        return html_table(cells, size=16)

    for b in [root, *fragment[root], *fragment["----x----"]]:
        w = sol.winner[b]
        attrs = {"shape": "circle" if g.owner(b) == 0 else "square", "label": board_label(b),
                 "class": "board " + ("draw" if w is None else f"winner-{w}"),
                 "penwidth": "2.5", "margin": "0.12"}
        if w is not None:
            attrs.update(color=COLOURS[w], fillcolor=COLOURS[w])
            if w == 1:
                attrs["style"] = "filled,dashed"
        nodes.append((f"v-{svg_id(b)}", attrs))
    for parent, kids in fragment.items():
        for k in kids:
            edges.append((f"v-{svg_id(parent)}", f"v-{svg_id(k)}",
                          {"id": f"e-{svg_id(parent)}-{svg_id(k)}"}))
    outcome = {b: sol.winner[b] for b in fragment["----x----"]}
    return Drawing(tree_dot(nodes, edges), _caption(
        "Un fragment de l'arbre du morpion : la grille vide, les trois premiers coups de × "
        "à une symétrie près (coin, bord, centre), puis deux réponses de o au centre. "
        "Cercle : × doit jouer ; carré : o doit jouer. Blanc : match nul si chacun joue "
        "au mieux ; bleu : × gagne. Après × au centre, o doit répondre dans un coin : "
        "au bord, il perd.",
        "A fragment of the tic-tac-toe game tree: the empty grid, the first three moves of "
        "× up to symmetry (corner, edge, centre), then two answers of o to the centre. "
        "Circle: × to move; square: o to move. White: a draw with best play; blue: × wins. "
        "After × in the centre, o must answer in a corner: on an edge, it loses."),
        "Tic-tac-toe tree fragment; outcomes after x in the centre: "
        + ", ".join(f"{b}: {'draw' if w is None else 'J_' + str(w)}"
                    for b, w in outcome.items()) + ".")


CONNECT4_RESULT = "docs/data/connect4-6x4.json"
"""Connect-4 on 6 columns × 4 rows, solved ply by ply (``make connect-four`` records it)."""


def _connect4_run(grid: list[list[int | None]], player: int) -> set[tuple[int, int]]:
    """The cells of ``player``'s runs of four on ``grid`` (``grid[row][col]``, row 0 at
    the bottom)."""
    rows, cols = len(grid), len(grid[0])
    cells: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(r + dr * i, c + dc * i) for i in range(4)]
                if all(0 <= y < rows and 0 <= x < cols and grid[y][x] == player
                       for y, x in run):
                    cells.update(run)
    return cells


def connect4_perfect_game() -> Drawing:
    import graphviz

    from arena.render import COLOURS, FONT, GREY, INK, PAPER

    # the file in the project (the cache key of the figure reads the same file)
    source = Path(__file__).resolve().parents[2] / CONNECT4_RESULT
    data = json.loads(source.read_text(encoding="utf-8"))
    rows, cols, game = data["rows"], data["cols"], data["perfect_game"]
    marks = ("×", "o")
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    heights = [0] * cols
    dot = graphviz.Graph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.attr("node", fontname=FONT, shape="plain")
    per_line, size = 6, 16
    for n, column in enumerate(game):
        player = n % 2
        row = heights[column]
        grid[row][column] = player
        heights[column] += 1
        run = _connect4_run(grid, player)
        trs = []
        for r in range(rows - 1, -1, -1):
            tds = []
            for c in range(cols):
                who = grid[r][c]
                attrs = f'WIDTH="{size}" HEIGHT="{size}"'
                if (r, c) == (row, column):
                    attrs += ' BGCOLOR="#D9D9D9"'          # the stone just played
                if (r, c) in run:
                    attrs += f' BORDER="2" COLOR="{COLOURS[player]}"'
                # × is drawn larger than o (its glyph is smaller); an empty cell holds a
                # space as tall as ×, so that every grid has the same height
                points = size - (5 if who == 1 else 2)
                text = (f'<FONT POINT-SIZE="{points}"> </FONT>' if who is None else
                        f'<FONT COLOR="{COLOURS[who]}" POINT-SIZE="{points}">'
                        f"<B>{marks[who]}</B></FONT>")
                tds.append(f"<TD {attrs}>{text}</TD>")
            trs.append("<TR>" + "".join(tds) + "</TR>")
        board = ('<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
                 f'COLOR="{GREY}" BGCOLOR="{PAPER}">' + "".join(trs) + "</TABLE>")
        label = (f'<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="0"><TR><TD>'
                 f'<FONT COLOR="{INK}" POINT-SIZE="12">{n + 1}</FONT></TD></TR>'
                 f"<TR><TD>{board}</TD></TR></TABLE>>")
        x, y = (n % per_line) * (cols * size + 40), -(n // per_line) * (rows * size + 64)
        dot.node(f"move-{n + 1}", label=label, pos=f"{x},{y}", id=f"move-{n + 1}")
    winner, rank = data["start"]["winner"], data["start"]["rank"]
    played = ", ".join(str(c + 1) for c in game)
    last = _connect4_run(grid, (len(game) - 1) % 2)
    full = len(game) == rows * cols
    return Drawing(dot, _caption(
        f"La partie parfaite sur la grille de {cols} colonnes et {rows} lignes, coup par "
        f"coup (le numéro du coup au-dessus de chaque grille). × (J₀) commence ; case "
        "grisée : le jeton qui vient d'être joué. Chacun joue la colonne la plus à gauche "
        "parmi celles qui gardent la valeur de la position et font baisser le rang de 1. "
        f"Colonnes jouées (numérotées de 1 à {cols} de gauche à droite) : {played}. "
        f"{'o (J₁)' if winner == 1 else '× (J₀)'} aligne au moins quatre jetons "
        f"({len(last)} cases encadrées) au coup {rank}"
        + (", le dernier : la grille est alors pleine." if full else "."),
        f"The perfect game on the grid of {cols} columns and {rows} rows, move by move (the "
        "move number above each grid). × (J₀) starts; grey cell: the stone just played. "
        "Each player plays the leftmost of the columns that keep the value of the position "
        "and lower its rank by 1. Columns played (numbered 1 to "
        f"{cols} from left to right): {played}. "
        f"{'o (J₁)' if winner == 1 else '× (J₀)'} lines up at least four stones "
        f"({len(last)} framed cells) "
        f"at move {rank}" + (", the last one: the grid is then full." if full else ".")),
        f"Connect-4 perfect game on {cols} x {rows}, columns {played}; "
        f"{'o' if winner == 1 else 'x'} wins at move {len(game)} with the cells "
        + ", ".join(f"(row {r + 1}, column {c + 1})" for r, c in sorted(last)) + ".",
        fixed=True)


def marienbad_graph() -> Drawing:
    import graphviz

    from arena.games.marienbad import heap_moves
    from arena.grundy import grundy
    from arena.render import FONT, GREY, INK, INK_ON_ANY, PAPER, coloured_text, svg_id

    start = (1, 2, 3)
    numbers = grundy(start, heap_moves)
    order = sorted(numbers, key=lambda h: (-sum(h), [-x for x in h]))
    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, ranksep="0.55", nodesep="0.2",
             forcelabels="true")
    dot.attr("node", fontname=FONT, fontsize="13", shape="box", style="rounded,filled",
             color=GREY, fillcolor=PAPER, fontcolor=INK, height="0.4")
    dot.attr("edge", color=GREY, arrowsize="0.6")
    for h in order:
        name = ".".join(map(str, h))
        zero = numbers[h] == 0
        attrs = {"xlabel": coloured_text(str(numbers[h]), INK_ON_ANY),
                 "class": "position" + (" zero" if zero else "")}
        if zero:
            attrs.update(fillcolor="#4D4D4D", fontcolor=PAPER, penwidth="2.5")
        dot.node(f"v-{svg_id(name)}", label=name, id=f"v-{svg_id(name)}", **attrs)
    for h in order:
        for m in heap_moves(h):
            a, b = svg_id(".".join(map(str, h))), svg_id(".".join(map(str, m)))
            dot.edge(f"v-{a}", f"v-{b}", id=f"e-{a}-{b}")
    zeros = [".".join(map(str, h)) for h in order if numbers[h] == 0]
    return Drawing(dot, _caption(
        "Nim à trois tas (1, 2, 3) en partie normale, positions sans joueur (le jeu est "
        "impartial). À côté de chaque position, son nombre de Grundy, le mex de ceux de ses "
        "successeurs ; il vaut le ou exclusif des tas (théorème de Bouton). Les positions "
        f"de nombre 0 (foncées : {', '.join(zeros)}) sont perdantes pour le joueur qui doit "
        "jouer, comme le départ 1.2.3 car 1 ⊕ 2 ⊕ 3 = 0.",
        "Nim with three heaps (1, 2, 3) in normal play, positions without players (the game "
        "is impartial). Beside each position, its Grundy number, the mex of its "
        "successors'; it equals the exclusive or of the heaps (Bouton's theorem). The "
        f"positions of number 0 (dark: {', '.join(zeros)}) are lost for the player to move, "
        "like the start 1.2.3 since 1 ⊕ 2 ⊕ 3 = 0."),
        f"{len(numbers)} positions; Grundy number 0 at " + ", ".join(zeros) + ".")


def _astar_map_digraph():
    """The A* map's drawing, before its vertices and edges (astar-map, astar-steps)."""
    import graphviz

    from arena.render import FONT, GREY, INK, INK_ON_ANY, PAPER

    dot = graphviz.Digraph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT, forcelabels="true")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=GREY, fontcolor=INK, width="0.45", fixedsize="true")
    dot.attr("edge", color=GREY, fontname=FONT, fontsize="12", fontcolor=INK_ON_ANY,
             arrowsize="0.7")
    return dot


def astar_map() -> Drawing:
    from arena.astar import EXAMPLE_GRAPH, EXAMPLE_POSITIONS, astar, straight_line
    from arena.render import COLOURS, coloured_text

    guided = astar(EXAMPLE_GRAPH, "s", "t", straight_line())
    blind = astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
    on_path = set(zip(guided.path, guided.path[1:]))
    order = {v: k for k, v in enumerate(guided.expanded, start=1)}
    dot = _astar_map_digraph()
    for v, (x, y) in EXAMPLE_POSITIONS.items():
        attrs = {"pos": f"{x * 60},{y * 60}", "id": f"v-{v}"}
        if v in order:
            attrs.update(color=COLOURS[0], penwidth="2.5",
                         xlabel=coloured_text(str(order[v]), COLOURS[0]))
        dot.node(v, **attrs)
    for u, succ in EXAMPLE_GRAPH.items():
        for v, w in succ.items():
            attrs = {"label": str(w), "id": f"e-{u}-{v}"}
            if (u, v) in on_path:
                attrs.update(color=COLOURS[0], penwidth="3", fontcolor=COLOURS[0])
            dot.edge(u, v, **attrs)
    return Drawing(dot, _caption(
        "A* de s à t sur une petite carte ; sur chaque route, sa longueur. L'heuristique est "
        "la distance à vol d'oiseau jusqu'à t, qui ne surestime jamais. Bordure bleue et "
        f"numéro : les {len(guided.expanded)} sommets développés par A*, dans l'ordre "
        f"(Dijkstra, sans heuristique, en développe {len(blind.expanded)}). Flèches bleues "
        f"épaisses : le plus court chemin trouvé, de longueur {guided.cost}.",
        "A* from s to t on a small map; on each road, its length. The heuristic is the "
        "straight-line distance to t, which never overestimates. Blue border and number: "
        f"the {len(guided.expanded)} vertices expanded by A*, in order (Dijkstra, with no "
        f"heuristic, expands {len(blind.expanded)}). Thick blue arrows: the shortest path "
        f"found, of length {guided.cost}."),
        f"Shortest path {' -> '.join(guided.path)}, length {guided.cost}.", fixed=True)


# -- algorithms and beyond: steppers of the algorithms (steps computed here) ---------------

def _show(v) -> str:
    """A vertex as the pages write it: (k, i) for Nim, its name otherwise."""
    return f"({v[0]}, {v[1]})" if isinstance(v, tuple) else vertex_id(v)


def _names(vs) -> str:
    return ", ".join(map(_show, vs)) if vs else "∅"


def _both_labels(labels: dict) -> dict:
    return {"fr": labels, "en": labels}


def counter_trace(g: Arena, player: Player) -> dict:
    """The steps of the chapter's queue algorithm (``calcule_rangs``) for J_``player``:
    after each vertex taken out of the queue, the queue, the counters d(x), the ranks found
    and a sentence in each language. Checked against the solver's attractor."""
    from collections import deque

    from arena.course import chapter_dicts, dplus, renverse_graphe
    from arena.render import svg_id
    from arena.solver import attractor

    A, S0, S1, V0, V1 = chapter_dicts(g)
    Si, Vi = (S0, V0) if player == 0 else (S1, V1)
    d, B = dplus(A), renverse_graphe(A)
    rang = {s: 0 for s in Vi}
    queue, done = deque(Vi), list[Vertex]()
    J = f"J{'₀₁'[player]}"

    def snapshot(current, touched, fr: str, en: str) -> dict:
        marks = {vertex_id(v): "done" for v in done}
        marks.update({vertex_id(v): "queued" for v in queue})
        marks.update({vertex_id(v): "touched" for v in touched if v not in rang})
        if current is not None:
            marks[vertex_id(current)] = "current"
        labels = {vertex_id(v): (f"r={rang[v]}" if v in rang else f"d={d[v]}")
                  for v in A if A[v] or v in rang}
        q = _names(queue)
        return {"text": {"fr": fr, "en": en}, "marks": marks, "labels": _both_labels(labels),
                "state": {"fr": [f"File : {q}", "Rangs trouvés : " + _ranks_text(rang)],
                          "en": [f"Queue: {q}", "Ranks found: " + _ranks_text(rang)]}}

    steps = [snapshot(None, (), f"Départ : chaque compteur d(x) vaut le degré sortant de x ; "
                      f"la file contient les positions de victoire de {J}, de rang 0 : "
                      f"{_names(queue)}.",
                      f"Start: each counter d(x) is the out-degree of x; the queue holds the "
                      f"victory positions of {J}, of rank 0: {_names(queue)}.")]
    while queue:
        y = queue.popleft()
        fr, en = [], []
        for x in B[y]:
            if x in rang:
                fr.append(f"{_show(x)} est déjà gagnant")
                en.append(f"{_show(x)} is already winning")
                continue
            d[x] -= 1
            change = f"d{_arg(x)} : {d[x] + 1} → {d[x]}"
            change_en = f"d{_arg(x)}: {d[x] + 1} → {d[x]}"
            if x in Si or d[x] == 0:
                rang[x] = rang[y] + 1
                queue.append(x)
                why_fr = f"{_show(x)} est à {J}" if x in Si else "tous ses successeurs gagnent"
                why_en = f"{_show(x)} is {J}'s" if x in Si else "all its successors win"
                fr.append(f"{change}, {why_fr} : rang {rang[x]}, il entre dans la file")
                en.append(f"{change_en}, {why_en}: rank {rang[x]}, it joins the queue")
            else:
                fr.append(change)
                en.append(change_en)
        head_fr = f"On sort {_show(y)} (rang {rang[y]}) de la file. "
        head_en = f"Take {_show(y)} (rank {rang[y]}) out of the queue. "
        body_fr = ("Ses prédécesseurs : " + " ; ".join(fr) + ".") if fr else \
            "Il n'a pas de prédécesseur."
        body_en = ("Its predecessors: " + "; ".join(en) + ".") if en else \
            "It has no predecessor."
        steps.append(snapshot(y, B[y], head_fr + body_fr, head_en + body_en))
        done.append(y)
    assert rang == attractor(g, player), "the stepper must find the solver's ranks"
    steps.append(snapshot(None, (), f"La file est vide : l'attracteur de {J} compte {len(rang)} "
                          "positions, chacune avec son rang ; les autres ne sont pas "
                          f"gagnantes pour {J}.",
                          f"The queue is empty: the attractor of {J} has {len(rang)} "
                          "positions, each with its rank; the others are not winning for "
                          f"{J}."))
    nodes = {vertex_id(v): f"v-{svg_id(vertex_id(v))}" for v in g.vertices}
    return {"kind": "counter", "nodes": nodes, "steps": steps}


def _ranks_text(rang: dict) -> str:
    return ", ".join(f"r{_arg(v)} = {r}" for v, r in rang.items()) or "∅"


def _arg(v) -> str:
    """``v`` as the argument of a function: d(2, 0), d(c)."""
    return _show(v) if isinstance(v, tuple) else f"({_show(v)})"


def nim_counter() -> Drawing:
    from arena.games import nim
    from arena.render import View, arena_dot, describe, vertex_titles

    g = nim(10, [1, 2])
    trace = counter_trace(g, 0)
    dot = arena_dot(g, None, View(), positions=_nim_rows(g))
    return Drawing(dot, _caption(
        "L'algorithme des compteurs avec une file, pour J₀, sur le jeu de Nim (n = 10, "
        f"règle {{1, 2}}) : {len(trace['steps'])} étapes, une par position sortie de la file. "
        "La figure fixe montre le graphe de départ (cercles : J₀ joue ; carrés : J₁ joue). "
        "Dans la version animée, à côté de chaque sommet, d = son compteur (successeurs pas "
        "encore gagnants) ou r = son rang une fois gagnant ; bordure épaisse noire : la "
        "position sortie de la file ; tiretée : dans la file ; bleu : déjà traitée ; orange "
        "pointillé : compteur modifié.",
        "The counter algorithm with a queue, for J₀, on Nim (n = 10, rule {1, 2}): "
        f"{len(trace['steps'])} steps, one per position taken out of the queue. The still "
        "figure shows the graph at the start (circles: J₀ moves; squares: J₁ moves). In the "
        "animated version, beside each vertex, d = its counter (successors not yet winning) "
        "or r = its rank once winning; thick black border: the position taken out of the "
        "queue; dashed: in the queue; blue: already processed; dotted orange: counter "
        "changed."),
        describe(g), fixed=True, titles=vertex_titles(g), trace=trace)


def ex42_counter() -> Drawing:
    from arena.render import View, arena_dot, describe, positions_of, svg_id, vertex_titles

    g = Arena.from_file(_project_file(EX42))
    trace = counter_trace(g, 0)
    base = positions_of(arena_dot(g, graph_attr={"rankdir": "LR"}))
    positions = {v: base[f"v-{svg_id(vertex_id(v))}"] for v in g.vertices}
    dot = arena_dot(g, None, View(), positions=positions)
    return Drawing(dot, _caption(
        "L'algorithme des compteurs avec une file, pour J₀, sur le jeu de l'exercice 4.2 : "
        f"{len(trace['steps'])} étapes. La figure fixe montre le graphe de départ. Dans la "
        "version animée, à côté de chaque sommet, d = son compteur ou r = son rang une fois "
        "gagnant ; bordure épaisse noire : la position sortie de la file ; tiretée : dans la "
        "file ; bleu : déjà traitée ; orange pointillé : compteur modifié.",
        "The counter algorithm with a queue, for J₀, on the game of exercise 4.2: "
        f"{len(trace['steps'])} steps. The still figure shows the graph at the start. In the "
        "animated version, beside each vertex, d = its counter or r = its rank once winning; "
        "thick black border: the position taken out of the queue; dashed: in the queue; "
        "blue: already processed; dotted orange: counter changed."),
        describe(g), fixed=True, titles=vertex_titles(g), trace=trace)


def _bound(x: float) -> str:
    return "+∞" if x == float("inf") else ("−∞" if x == float("-inf") else
                                            str(x).replace("-", "−"))


def alphabeta_trace(tree) -> dict:
    """The steps of alpha-beta on ``tree``, as the chapter's pseudo-code runs: entering a
    node with its bounds (α, β), a leaf evaluated, a value backed up, a cut. Checked
    against :func:`arena.minimax.alphabeta_tree` (same value, same leaves evaluated)."""
    import math

    from arena.minimax import alphabeta_tree as search

    steps: list[dict] = []
    shown: dict[str, str] = {}          # what each finished node shows: value or bound
    status: dict[str, str] = {}
    stack: list[str] = []
    evaluated: list[tuple[int, ...]] = []

    def name(p):
        return f"n{''.join(map(str, p))}"

    def step(p, fr, en, alpha, beta):
        marks = dict(status)
        for q in stack:
            marks[q] = "path"
        marks[name(p)] = "current"
        labels = dict(shown)
        if len(p) < 3:
            labels[name(p)] = f"α={_bound(alpha)} β={_bound(beta)}"
        steps.append({"text": {"fr": fr, "en": en}, "marks": marks,
                      "labels": _both_labels(labels),
                      "state": {"fr": [f"En {_tree_name(p)} : α = {_bound(alpha)}, "
                                       f"β = {_bound(beta)}"],
                                "en": [f"At {_tree_name(p)}: α = {_bound(alpha)}, "
                                       f"β = {_bound(beta)}"]}})

    def visit(node, p, maxing, alpha, beta):
        n = _tree_name(p)
        if not isinstance(node, list):
            evaluated.append(p)
            status[name(p)] = "done"
            step(p, f"{n} est une feuille : sa valeur est {_bound(node)}.",
                 f"{n} is a leaf: its value is {_bound(node)}.", alpha, beta)
            return node
        who = "Jₘₐₓ" if maxing else "Jₘᵢₙ"
        step(p, f"On entre en {n} ({who}) avec α = {_bound(alpha)} et β = {_bound(beta)}.",
             f"Enter {n} ({who}) with α = {_bound(alpha)} and β = {_bound(beta)}.",
             alpha, beta)
        stack.append(name(p))
        value = -math.inf if maxing else math.inf
        for i, child in enumerate(node):
            v = visit(child, p + (i,), not maxing, alpha, beta)
            value = max(value, v) if maxing else min(value, v)
            if maxing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            c = _tree_name(p + (i,))
            if alpha >= beta and i + 1 < len(node):
                cut = [p + (j,) for j in range(i + 1, len(node))]
                for q in cut:
                    status[name(q)] = "pruned"
                    if isinstance(_subtree(tree, q), list):
                        for leaf in _leaves(_subtree(tree, q), q):
                            status[name(leaf)] = "pruned"
                bound = ("≥ " if maxing else "≤ ") + _bound(value)
                names = ", ".join(_tree_name(q) for q in cut)
                stack.pop()
                shown[name(p)] = bound
                status[name(p)] = "done"
                step(p, f"{c} renvoie {_bound(v)} ; en {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)} : coupure, {names} ne sont pas explorés. {n} renvoie "
                     f"{_bound(value)}, une borne : sa vraie valeur est {bound}.",
                     f"{c} returns {_bound(v)}; at {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)}: cut, {names} are not explored. {n} returns "
                     f"{_bound(value)}, a bound: its true value is {bound}.", alpha, beta)
                return value
            step(p, f"{c} renvoie {_bound(v)} ; en {n}, la meilleure valeur est "
                 f"{_bound(value)}, d'où α = {_bound(alpha)}, β = {_bound(beta)}.",
                 f"{c} returns {_bound(v)}; at {n}, the best value is {_bound(value)}, "
                 f"hence α = {_bound(alpha)}, β = {_bound(beta)}.", alpha, beta)
        stack.pop()
        shown[name(p)] = _bound(value)
        status[name(p)] = "done"
        steps[-1]["text"]["fr"] += f" {n} renvoie sa valeur {_bound(value)}."
        steps[-1]["text"]["en"] += f" {n} returns its value {_bound(value)}."
        return value

    value = visit(tree, (), True, -math.inf, math.inf)
    ref = search(tree)
    assert value == ref.value and evaluated == [p for p in ref.visited if len(p) == 3]
    nodes = {name(p): name(p) for p in _all_paths(tree)}
    return {"kind": "alphabeta", "nodes": nodes, "steps": steps}


def _subtree(tree, p):
    for i in p:
        tree = tree[i]
    return tree


def _leaves(node, p):
    if not isinstance(node, list):
        return [p]
    return [q for i, child in enumerate(node) for q in _leaves(child, p + (i,))]


def _all_paths(node, p=()):
    out = [p]
    if isinstance(node, list):
        for i, child in enumerate(node):
            out += _all_paths(child, p + (i,))
    return out


def alphabeta_steps() -> Drawing:
    from arena.minimax import minimax_tree as full

    r = full(SLIDES_TREE)     # every node drawn, nothing marked: the stepper marks them
    plain = type(r)(value=r.value, move=None, visited=list(r.visited), values={})
    trace = alphabeta_trace(SLIDES_TREE)
    return Drawing(_search_tree(plain), _caption(
        f"Alpha-bêta pas à pas sur l'arbre des transparents ({len(trace['steps'])} étapes) ; "
        "la figure fixe montre l'arbre et ses feuilles. Dans la version animée : au nœud en "
        "cours (bordure épaisse), ses bornes α et β ; sur un nœud terminé, sa "
        "valeur, ou une borne (≤ ou ≥) quand une coupure l'a arrêté ; tireté : le chemin "
        "depuis la racine ; grisé et barré : les nœuds coupés, jamais explorés.",
        f"Alpha-beta step by step on the slides' tree ({len(trace['steps'])} steps); the "
        "still figure shows the tree and its leaves. In the animated version: at the "
        "current node (thick border), its bounds α and β; on a finished node, its value, or "
        "a bound (≤ or ≥) when a cut stopped it; dashed: the path from the root; greyed "
        "and struck out: the cut nodes, never explored."),
        "Alpha-beta step by step on the slides' tree.", trace=trace)


def astar_trace(graph, start, goal, h) -> dict:
    """The steps of A* (the chapter's pseudo-code): each vertex taken out of the priority
    queue with its g, h and f = g + h, the queue afterwards. Checked against
    :func:`arena.astar.astar` (same expansions, same path)."""
    import heapq
    import math

    from arena.astar import astar

    dist, parent, order = {start: 0}, dict[Any, Any](), {start: 0}
    heap = [(h(start), 0, start)]
    done: list = []
    steps: list[dict] = []

    def fmt(x, lang="fr"):
        text = f"{round(x, 1):g}"
        return text.replace(".", ",") if lang == "fr" else text

    def snapshot(current, fr, en):
        waiting = sorted({v for _, _, v in heap if v not in done},
                         key=lambda v: (dist[v] + h(v), order[v]))
        marks = {v: "done" for v in done}
        marks.update({v: "queued" for v in waiting})
        if current is not None:
            marks[current] = "current"
        labels = {lang: {v: f"{fmt(dist[v], lang)} + {fmt(h(v), lang)}" for v in dist}
                  for lang in ("fr", "en")}
        q = {lang: "; ".join(f"{v} (f = {fmt(dist[v] + h(v), lang)})" for v in waiting) or "∅"
             for lang in ("fr", "en")}
        steps.append({"text": {"fr": fr, "en": en}, "marks": marks, "labels": labels,
                      "state": {"fr": [f"File de priorité : {q['fr'].replace('; ', ' ; ')}"],
                                "en": [f"Priority queue: {q['en']}"]}})

    snapshot(None, f"Départ : g({start}) = 0 ; {start} est dans la file.",
             f"Start: g({start}) = 0; {start} is in the queue.")
    found, first = None, None
    while heap:
        _, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.append(u)
        f, f_en = fmt(dist[u] + h(u)), fmt(dist[u] + h(u), "en")
        if u == goal:
            path = [u]
            while path[-1] in parent:
                path.append(parent[path[-1]])
            found = tuple(reversed(path))
            snapshot(u, f"On sort {u}, le but, de la file (f = {f}) : le chemin "
                     f"{' → '.join(found)}, de longueur {dist[u]}, est le plus court.",
                     f"Take {u}, the goal, out of the queue (f = {f_en}): the path "
                     f"{' → '.join(found)}, of length {dist[u]}, is a shortest one.")
            break
        news_fr, news_en = [], []
        for v, w in graph.get(u, {}).items():
            d = dist[u] + w
            if d < dist.get(v, math.inf):
                dist[v], parent[v] = d, u
                if v == goal and first is None:
                    first = (u, d)
                order.setdefault(v, len(order))
                heapq.heappush(heap, (d + h(v), order[v], v))
                news_fr.append(f"g({v}) = {d}")
                news_en.append(f"g({v}) = {d}")
        tail_fr = (" ; mises à jour : " + ", ".join(news_fr)) if news_fr else \
            " ; aucune mise à jour"
        tail_en = ("; updates: " + ", ".join(news_en)) if news_en else "; no update"
        snapshot(u, f"On développe {u} (f = g + h = {f}), le plus petit f de la file"
                 f"{tail_fr}.",
                 f"Expand {u} (f = g + h = {f_en}), the least f in the queue{tail_en}.")
    ref = astar(graph, start, goal, h)
    assert found == ref.path and tuple(done) == ref.expanded
    return {"kind": "astar", "nodes": {v: f"v-{v}" for v in graph}, "steps": steps,
            "goal_first_reached": {"from": first[0], "g": first[1]} if first else None}


def astar_steps() -> Drawing:
    from arena.astar import EXAMPLE_GRAPH, EXAMPLE_POSITIONS, straight_line

    trace = astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())
    dot = _astar_map_digraph()
    for v, (x, y) in EXAMPLE_POSITIONS.items():
        dot.node(v, pos=f"{x * 60},{y * 60}", id=f"v-{v}", **{"class": "vertex"})
    for u, succ in EXAMPLE_GRAPH.items():
        for v, w in succ.items():
            dot.edge(u, v, label=str(w), id=f"e-{u}-{v}")
    return Drawing(dot, _caption(
        f"A* pas à pas de s à t sur la petite carte ({len(trace['steps'])} étapes) ; sur "
        "chaque route, sa longueur ; la figure fixe montre la carte. Dans la version animée, "
        "à côté d'un sommet atteint : g + h, la longueur du meilleur chemin trouvé jusqu'à "
        "lui plus la distance à vol d'oiseau jusqu'à t ; bordure épaisse : le sommet "
        "développé ; tiretée : dans la file ; bleu : déjà développé.",
        f"A* step by step from s to t on the small map ({len(trace['steps'])} steps); on "
        "each road, its length; the still figure shows the map. In the animated version, "
        "beside a vertex reached: g + h, the length of the best path found to it plus the "
        "straight-line distance to t; thick border: the vertex expanded; dashed: in the "
        "queue; blue: already expanded."),
        "A* step by step on the small map.", fixed=True, trace=trace)



def looping_strategie() -> Drawing:
    from arena.course import (
        calcule_attracteur2,
        chapter_dicts,
        looping_strategie_arena,
        strategie_moves,
    )
    from arena.render import View, arena_dot, describe, vertex_titles
    from arena.solver import attractor

    g, play = looping_strategie_arena()
    loop = play.split(" -> ")
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
    moves = strategie_moves(g)
    labels = {v: f"{ranks[v]} | {numbers[v]}" for v in g.vertices if v in ranks}
    dot = arena_dot(g, None, View(cycle=tuple(loop[:-1]), labels=labels),
                    graph_attr={"rankdir": "LR"})
    chosen = ", ".join(f"{s} → {x}" for s, x in moves.items())
    ring = " → ".join(loop)
    return Drawing(dot, _caption(
        f"Une arène bipartie de {len(g)} sommets où la stratégie du chapitre source boucle "
        "(cercles : J₀ joue ; carrés : J₁ joue ; double bordure : v, la victoire de J₀). À "
        "côté de chaque sommet : son rang | son numéro par marque_propage2. Les coups de "
        f"strategie pour J₀ : {chosen}. Arêtes épaisses : la partie infinie {ring} → …, "
        "que J₁ peut imposer.",
        f"A bipartite arena of {len(g)} vertices where the source chapter's strategy loops "
        "(circles: J₀ moves; squares: J₁ moves; double border: v, J₀'s victory). Beside each "
        "vertex: its rank | its marque_propage2 number. The moves of strategie for J₀: "
        f"{chosen}. Thick edges: the endless play {ring} → …, which J₁ can force."),
        describe(g), titles=vertex_titles(g))


EX313 = "docs/examples/exercise-3-1-3.yaml"


def ex313_graph() -> Drawing:
    """The graph of exercise 3.1.3 (degrees), drawn plainly: no owners, no victory marks."""
    import graphviz

    from arena.render import FONT, GREY, INK, PAPER, plain_label, svg_id

    path = Path(__file__).resolve().parents[2] / EX313   # the project's copy, else the
    g = Arena.from_file(path if path.exists() else Path(EX313))  # working directory's
    dot = graphviz.Digraph()
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="LR")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=INK, fontcolor=INK, width="0.45")
    dot.attr("edge", color=GREY, arrowsize="0.7")
    # DOT names of our own (a name from the file may hold ':', which DOT reads as a port);
    # the file's names are the labels, drawn as written
    node = {v: f"n{k}" for k, v in enumerate(sorted(g.vertices))}
    for v in sorted(g.vertices):
        dot.node(node[v], label=plain_label(vertex_id(v)), id=f"v-{svg_id(vertex_id(v))}")
    for x, y in g.edges():
        dot.edge(node[x], node[y], id=f"e-{svg_id(vertex_id(x))}-{svg_id(vertex_id(y))}")
    names = ", ".join(sorted(g.vertices))
    edges = ", ".join(f"{x} -> {y}" for x, y in g.edges())
    return Drawing(dot, _caption(
        f"Exercice 3.1.3 : un graphe orienté à {len(g)} sommets ({names}) et "
        f"{g.n_edges} arêtes.",
        f"Exercise 3.1.3: a directed graph with {len(g)} vertices ({names}) and "
        f"{g.n_edges} edges."), f"{len(g)} vertices, {g.n_edges} edges: {edges}.")

EX_ASTAR = {"s": {"a": 2, "b": 4, "d": 1}, "a": {"b": 1, "c": 5}, "b": {"c": 2, "t": 7},
            "c": {"t": 2}, "d": {"t": 9}, "t": {}}
"""The weighted graph of the A* exercise of the chapter Beyond (from ``s`` to ``t``)."""
EX_ASTAR_H = {"s": 6, "a": 4, "b": 3, "c": 1, "d": 9, "t": 0}
"""Its heuristic: consistent, so admissible (scripts/fragments.py checks it)."""


def ex_astar_graph() -> Drawing:
    """The A* exercise's graph: weights on the edges, the heuristic under each vertex."""
    import graphviz

    from arena.render import FONT, GREY, INK, INK_ON_ANY, PAPER

    dot = graphviz.Digraph()
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="LR")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=INK, fontcolor=INK, width="0.55", fixedsize="true")
    dot.attr("edge", color=GREY, fontname=FONT, fontsize="12", fontcolor=INK_ON_ANY,
             arrowsize="0.7")
    for v, h in EX_ASTAR_H.items():
        dot.node(v, label=f"{v}\\nh = {h}", id=f"v-{v}")
    for u, out in EX_ASTAR.items():
        for v, w in out.items():
            dot.edge(u, v, label=str(w), id=f"e-{u}-{v}")
    edges = ", ".join(f"{u} -> {v} ({w})" for u, out in EX_ASTAR.items() for v, w in out.items())
    hs = ", ".join(f"h({v}) = {h}" for v, h in EX_ASTAR_H.items())
    return Drawing(dot, _caption(
        "Exercice A* : un graphe orienté pondéré ; sur chaque arête, son poids ; dans chaque "
        "sommet, la valeur de l'heuristique h. On cherche un plus court chemin de s à t.",
        "A* exercise: a weighted directed graph; on each edge, its weight; in each vertex, "
        "the value of the heuristic h. We look for a shortest path from s to t."),
        f"Edges with weights: {edges}. Heuristic: {hs}.")

def _attractor_figure(step: int) -> Figure:
    draw = lambda: _nim_attractor(step)  # noqa: E731
    draw.__name__ = f"nim_attractor_{step}"
    return Figure(f"nim-attractor-{step}", draw, ("arena.games.nim",))


CATALOGUE: tuple[Figure, ...] = (
    Figure("nim-graph-a", nim_graph_a, ("arena.games.nim",)),
    Figure("nim-graph-b", nim_graph_b, ("arena.games.nim",)),
    Figure("nim-play", nim_play, ("arena.games.nim",)),
    *(_attractor_figure(k) for k in range(8)),
    Figure("nim-strategy", nim_strategy, ("arena.games.nim",)),
    Figure("ex41-graph", ex41_graph, ("arena.games.nim",)),
    Figure("ex41-strategy", ex41_strategy, ("arena.games.nim",)),
    Figure("ex42-graph", ex42_graph, ("arena._yaml",)),
    Figure("ex42-attractors", ex42_attractors, ("arena._yaml",)),
    Figure("ex42-strategy", ex42_strategy, ("arena._yaml",)),
    Figure("chomp-graph", chomp_graph, ("arena.games.chomp",)),
    Figure("chomp-attractor", chomp_attractor, ("arena.games.chomp",)),
    Figure("ourson-board", ourson_board, ("arena.games.ourson",)),
    Figure("ourson-states", ourson_states, ("arena.games.ourson",)),
    Figure("ourson-strategy", ourson_strategy, ("arena.games.ourson",)),
    Figure("ourson-cycle", ourson_cycle, ("arena.games.ourson",)),
    Figure("minimax-tree", minimax_tree, ("arena.minimax",)),
    Figure("alphabeta-tree", alphabeta_tree, ("arena.minimax",)),
    Figure("tictactoe-tree", tictactoe_tree, ("arena.games.tictactoe",)),
    Figure("connect4-perfect-game", connect4_perfect_game),
    Figure("marienbad-graph", marienbad_graph, ("arena.games.marienbad", "arena.grundy")),
    Figure("astar-map", astar_map, ("arena.astar",)),
    Figure("nim-counter", nim_counter, ("arena.games.nim", "arena.course")),
    Figure("ex42-counter", ex42_counter, ("arena._yaml", "arena.course")),
    Figure("alphabeta-steps", alphabeta_steps, ("arena.minimax",)),
    Figure("astar-steps", astar_steps, ("arena.astar",)),
    Figure("looping-strategie", looping_strategie, ("arena.course",)),
    Figure("ex313-graph", ex313_graph, ("arena._yaml",)),
    Figure("ex-astar-graph", ex_astar_graph),
)


def figure_ids() -> list[str]:
    """The ids of the catalogue, in order."""
    return [f.id for f in CATALOGUE]


# -- the build ------------------------------------------------------------------------

def _by_id() -> dict[str, Figure]:
    return {f.id: f for f in CATALOGUE}


def figure_data(figure_id: str, arena: Arena, name: Callable[[Vertex], str] | None = None
                ) -> dict:
    """What the interactive pages need about an interactive figure's arena: for every
    vertex its owner, victory, winner, ranks for each player, the owner's strategy move,
    and its successors with the SVG ids of the vertex and the edges; the attractor layers
    of each player. Vertices are named by their text id."""
    from arena.render import svg_id
    from arena.solver import solve

    name = name or vertex_id
    sol = solve(arena)
    ranks = (sol.ranks(0), sol.ranks(1))
    vertices = {}
    for v in arena.vertices:
        n, move = name(v), sol.move[v]
        vertices[n] = {
            "svg": f"v-{svg_id(n)}", "owner": arena.owner(v), "victory": arena.victory(v),
            "winner": sol.winner[v], "rank": sol.rank[v], "ranks": [ranks[0][v], ranks[1][v]],
            "move": None if move is None else name(move),
            "successors": {name(y): f"e-{svg_id(n)}-{svg_id(name(y))}"
                           for y in arena.successors(v)},
        }
    return {"id": figure_id, "start": None if arena.start is None else name(arena.start),
            "vertices": vertices,
            "layers": [[[name(v) for v in layer] for layer in sol.layers(i)] for i in (0, 1)]}


def _render_one(figure_id: str) -> tuple[str, bytes, bytes, bytes | None, dict[str, str],
                                         float]:
    """Draw and render one figure (run in a worker process)."""
    from arena.render import render

    t0 = time.perf_counter()
    drawing = _by_id()[figure_id].draw()
    title = f"{drawing.caption['fr']} / {drawing.caption['en']}"
    svg, pdf = render(drawing.dot, title=title, desc=drawing.desc, prog=drawing.prog,
                      fixed=drawing.fixed, titles=drawing.titles)
    data = None
    if drawing.trace is not None:
        data = json.dumps({"id": figure_id, **drawing.trace}, ensure_ascii=False,
                          sort_keys=True, separators=(",", ":")).encode("utf-8")
    elif drawing.arena is not None:
        data = json.dumps(figure_data(figure_id, drawing.arena, drawing.name),
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return figure_id, svg, pdf, data, drawing.caption, time.perf_counter() - t0


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Replace ``path`` with ``data`` (atomically) only if the bytes differ."""
    if path.exists() and path.read_bytes() == data:
        return False
    write_atomic(path, data)
    return True


def build(out: Path = DEFAULT_OUT, ids: Sequence[str] | None = None, *, jobs: int | None = None,
          force: bool = False, stream: TextIO | None = None) -> list[str]:
    """Build the figures (all, or ``ids``) into ``out``; return the ids rebuilt.

    Up-to-date figures are skipped; the others are rendered on ``jobs`` processes (all
    cores by default), one progress line each. ``manifest.json`` lists every figure.
    """
    stream = sys.stderr if stream is None else stream
    t0 = time.perf_counter()
    _source.cache_clear()   # the cache serves one build: sources may change between builds
    catalogue = _by_id()
    wanted = list(ids) if ids else figure_ids()
    unknown = [i for i in wanted if i not in catalogue]
    if unknown:
        raise KeyError(f"unknown figure id {unknown[0]!r} (see `arena figures --list`)")
    out.mkdir(parents=True, exist_ok=True)
    sidecars = out / ".cache"
    sidecars.mkdir(exist_ok=True)
    keys = {i: catalogue[i].key() for i in wanted}
    todo = [i for i in wanted if force or not _up_to_date(out, sidecars, i, keys[i])]
    if todo:
        workers = min(len(todo), jobs or os.cpu_count() or 1)
        stream.write(f"figures: building {len(todo)} of {len(wanted)} on {workers} "
                     f"process{'es' if workers > 1 else ''}\n")
        results = _run(todo, workers)
        for k, (fid, svg, pdf, data, caption, seconds) in enumerate(results, start=1):
            files = {"svg": svg, "pdf": pdf, **({"json": data} if data is not None else {})}
            for ext, content in files.items():
                _write_if_changed(out / f"{fid}.{ext}", content)
            # what was written, hashed: a deleted, truncated or edited output is rebuilt
            sidecar = {"key": keys[fid], "caption": caption,
                       "outputs": {ext: _digest(c) for ext, c in files.items()}}
            _write_if_changed(sidecars / f"{fid}.json",
                              json.dumps(sidecar, ensure_ascii=False, indent=1).encode())
            stream.write(f"  [{k:>2}/{len(todo)}] {fid:<18} {seconds:5.2f} s\n")
    _write_manifest(out, sidecars)
    elapsed = time.perf_counter() - t0
    if todo:
        stream.write(f"figures: {len(todo)} built, {len(wanted) - len(todo)} up to date, "
                     f"in {elapsed:.1f} s -> {out}\n")
    else:
        stream.write(f"figures: all {len(wanted)} up to date ({elapsed:.2f} s)\n")
    return todo


def _run(todo: list[str], workers: int):
    if workers <= 1:
        yield from map(_render_one, todo)
        return
    import multiprocessing

    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        yield from pool.map(_render_one, todo)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_sidecar(sidecars: Path, fid: str) -> dict[str, Any] | None:
    """The sidecar of ``fid``, or None when it is missing or not what the build wrote
    (any such cache entry is simply rebuilt)."""
    try:
        data = json.loads((sidecars / f"{fid}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("key"), str)
            and isinstance(data.get("caption"), dict)
            and all(isinstance(data["caption"].get(lang), str) for lang in ("fr", "en"))
            and isinstance(data.get("outputs"), dict)
            and {"svg", "pdf"} <= set(data["outputs"])):
        return None
    return data


def _up_to_date(out: Path, sidecars: Path, fid: str, key: str) -> bool:
    """The figure's inputs have not changed and its outputs are the bytes written."""
    sidecar = _read_sidecar(sidecars, fid)
    if sidecar is None or sidecar["key"] != key:
        return False
    for ext, digest in sidecar["outputs"].items():
        try:
            if _digest((out / f"{fid}.{ext}").read_bytes()) != digest:
                return False
        except OSError:
            return False
    return True


def _write_manifest(out: Path, sidecars: Path) -> None:
    entries = []
    for fid in figure_ids():
        sidecar = _read_sidecar(sidecars, fid)
        if sidecar is not None:
            caption = sidecar["caption"]
            entries.append({"id": fid, "svg": f"{fid}.svg", "pdf": f"{fid}.pdf",
                            "caption": caption})
    text = json.dumps(entries, ensure_ascii=False, indent=2) + "\n"
    _write_if_changed(out / "manifest.json", text.encode("utf-8"))
