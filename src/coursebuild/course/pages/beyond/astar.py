"""The chapter *Au-delà* / *Beyond*, its part on A*: the map and the steps of the search,
Dijkstra's count beside it, the exercise's graph and an admissible heuristic that is not
consistent (A* expands a vertex twice)."""

from __future__ import annotations

from typing import Any

from coursebuild.course.counts import POSITIONS, STEPS, count, plain, said
from coursebuild.course.drawing import Drawing, _caption, astar_map_digraph
from coursebuild.course.facts import _steps_text, claim
from coursebuild.course.pages.beyond._exercises import EXERCISES
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
)


@count(POSITIONS)
def astar_expanded() -> int:
    """The vertices A* expands on the small map, with the straight-line distance."""
    from arena.astar import EXAMPLE_GRAPH, astar, straight_line

    return len(astar(EXAMPLE_GRAPH, "s", "t", straight_line()).expanded)


@count(POSITIONS)
def dijkstra_expanded() -> int:
    """The same with no heuristic: Dijkstra's algorithm."""
    from arena.astar import EXAMPLE_GRAPH, astar

    return len(astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0).expanded)


def astar_map() -> Drawing:
    from arena.astar import EXAMPLE_GRAPH, EXAMPLE_POSITIONS, astar, straight_line
    from arena.render import COLOURS, coloured_text

    guided = astar(EXAMPLE_GRAPH, "s", "t", straight_line())
    astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
    on_path = set(zip(guided.path, guided.path[1:]))
    order = {v: k for k, v in enumerate(guided.expanded, start=1)}
    dot = astar_map_digraph()
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
        f"numéro : les {plain(astar_expanded, 'fr')} sommets développés par A*, dans l'ordre "
        f"(Dijkstra, sans heuristique, en développe {plain(dijkstra_expanded, 'fr')}). "
        "Flèches bleues "
        f"épaisses : le plus court chemin trouvé, de longueur {guided.cost}.",
        "A* from s to t on a small map; on each road, its length. The heuristic is the "
        "straight-line distance to t, which never overestimates. Blue border and number: "
        f"the {plain(astar_expanded, 'en')} vertices expanded by A*, in order (Dijkstra, with "
        f"no heuristic, expands {plain(dijkstra_expanded, 'en')}). Thick blue arrows: the "
        "shortest path "
        f"found, of length {guided.cost}."),
        f"Shortest path {' -> '.join(guided.path)}, length {guided.cost}.", fixed=True)


@count(STEPS)
def astar_trace_steps() -> int:
    from arena.astar import EXAMPLE_GRAPH, straight_line

    return len(astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())["steps"])


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

    def snapshot(current, fr, en, updates=""):
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
        # the row of the step in the book's table
        row = ["—" if current is None else current,
               {lang: "" if current is None else fmt(dist[current] + h(current), lang)
                for lang in ("fr", "en")}, updates,
               {lang: (" ; " if lang == "fr" else ", ").join(
                   f"{v}\u00a0({fmt(dist[v] + h(v), lang)})" for v in waiting) or "∅"
                for lang in ("fr", "en")}]
        steps.append({"text": {"fr": fr, "en": en}, "marks": marks, "labels": labels,
                      "row": row,
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
                 f"Expand {u} (f = g + h = {f_en}), the least f in the queue{tail_en}.",
                 ", ".join(news_en))
    ref = astar(graph, start, goal, h)
    claim(found == ref.path and tuple(done) == ref.expanded, 'the course says: found == ref.path and tuple(done) == ref.expanded')
    return {"kind": "astar", "nodes": {v: f"v-{v}" for v in graph}, "steps": steps,
            "goal_first_reached": {"from": first[0], "g": first[1]} if first else None,
            "columns": {"fr": ["Étape", "Développé", "f", "Mises à jour", "File de priorité (f)"],
                        "en": ["Step", "Expanded", "f", "Updates", "Priority queue (f)"]}}


def astar_steps() -> Drawing:
    from arena.astar import EXAMPLE_GRAPH, EXAMPLE_POSITIONS, straight_line

    trace = astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())
    claim(len(trace["steps"]) == astar_trace_steps(), "the trace changed length")
    dot = astar_map_digraph()
    for v, (x, y) in EXAMPLE_POSITIONS.items():
        dot.node(v, pos=f"{x * 60},{y * 60}", id=f"v-{v}", **{"class": "vertex"})
    for u, succ in EXAMPLE_GRAPH.items():
        for v, w in succ.items():
            dot.edge(u, v, label=str(w), id=f"e-{u}-{v}")
    return Drawing(dot, _caption(
        f"A* pas à pas de s à t sur la petite carte ({plain(astar_trace_steps, 'fr')} "
        "étapes) ; sur "
        "chaque route, sa longueur ; la figure fixe montre la carte. Dans la version animée, "
        "à côté d'un sommet atteint : g + h, la longueur du meilleur chemin trouvé jusqu'à "
        "lui plus la distance à vol d'oiseau jusqu'à t ; bordure épaisse : le sommet "
        "développé ; tiretée : dans la file ; bleu : déjà développé.",
        f"A* step by step from s to t on the small map ({plain(astar_trace_steps, 'en')} "
        "steps); on "
        "each road, its length; the still figure shows the map. In the animated version, "
        "beside a vertex reached: g + h, the length of the best path found to it plus the "
        "straight-line distance to t; thick border: the vertex expanded; dashed: in the "
        "queue; blue: already expanded."),
        "A* step by step on the small map.", fixed=True, trace=trace)


EX_ASTAR = {"s": {"a": 2, "b": 4, "d": 1}, "a": {"b": 1, "c": 5}, "b": {"c": 2, "t": 7},
            "c": {"t": 2}, "d": {"t": 9}, "t": {}}


EX_ASTAR_H = {"s": 6, "a": 4, "b": 3, "c": 1, "d": 9, "t": 0}


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
    return Drawing(dot, exercise_source.caption(
        EXERCISES, "astar-by-hand",
        "un graphe orienté pondéré ; sur chaque arête, son poids ; dans chaque sommet, la "
        "valeur de l'heuristique h. On cherche un plus court chemin de s à t.",
        "a weighted directed graph; on each edge, its weight; in each vertex, the value of "
        "the heuristic h. We look for a shortest path from s to t."),
        f"Edges with weights: {edges}. Heuristic: {hs}.")


@fragment
def astar_facts() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, astar, is_admissible, is_consistent, straight_line

    h = straight_line()
    guided = astar(EXAMPLE_GRAPH, "s", "t", h)
    astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
    far = astar(EXAMPLE_GRAPH, "s", "t", straight_line(scale=3))
    path = " → ".join(guided.path)
    far_path = " → ".join(far.path)
    yes = {"fr": ("oui", "non"), "en": ("yes", "no")}

    def yn(b, lang):
        return yes[lang][0] if b else yes[lang][1]

    return both(
        f"Avec la distance à vol d'oiseau (admissible : {yn(is_admissible(EXAMPLE_GRAPH, 't', h), 'fr')}, "
        f"cohérente : {yn(is_consistent(EXAMPLE_GRAPH, 't', h), 'fr')}), A* trouve {path}, de "
        f"longueur {guided.cost}, en développant {said(astar_expanded, 'fr')} sommets ; "
        f"Dijkstra en développe {said(dijkstra_expanded, 'fr')}. Avec trois fois cette distance, l'heuristique n'est "
        f"plus admissible et A* rend {far_path}, de longueur {far.cost} : pas le plus court.\n",
        f"With the straight-line distance (admissible: {yn(is_admissible(EXAMPLE_GRAPH, 't', h), 'en')}, "
        f"consistent: {yn(is_consistent(EXAMPLE_GRAPH, 't', h), 'en')}), A* finds {path}, of "
        f"length {guided.cost}, expanding {said(astar_expanded, 'en')} vertices; Dijkstra "
        f"expands {said(dijkstra_expanded, 'en')}. With three times that distance, the heuristic is no longer "
        f"admissible and A* returns {far_path}, of length {far.cost}: not the shortest.\n")


@fragment
def astar_steps_text() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, straight_line

    return _steps_text(astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line()))


@fragment
def astar_goal() -> Bilingual:
    from arena.astar import EXAMPLE_GRAPH, astar, straight_line

    trace = astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())
    first = trace["goal_first_reached"]
    final = astar(EXAMPLE_GRAPH, "s", "t", straight_line())
    claim(first["g"] > final.cost, "the example must show a first path that is not the best")
    return both(
        f"Sur la carte, $t$ est atteint une première fois depuis ${first['from']}$, par un chemin "
        f"de longueur {first['g']} ; il n'est retiré de la file qu'avec $g(t) = {final.cost}$, "
        f"par le chemin {' → '.join(final.path)}.\n",
        f"On the map, $t$ is first reached from ${first['from']}$, by a path of length "
        f"{first['g']}; it is taken out of the queue only with $g(t) = {final.cost}$, by the "
        f"path {' → '.join(final.path)}.\n")


@fragment(name="ex-astar-graph")
def ex_astar_graph_text() -> Bilingual:
    edges = ", ".join(f"{u} → {v} ({w})" for u, out in EX_ASTAR.items() for v, w in out.items())
    hs = ", ".join(f"$h({v}) = {h}$" for v, h in EX_ASTAR_H.items())
    return both(f"Arêtes (avec leur poids) : {edges}. Heuristique : {hs}.\n",
                f"Edges (with their weights): {edges}. Heuristic: {hs}.\n")


@fragment
def ex_astar() -> Bilingual:
    from arena.astar import astar, is_admissible, is_consistent

    h = EX_ASTAR_H.__getitem__
    claim(is_consistent(EX_ASTAR, "t", h) and is_admissible(EX_ASTAR, "t", h), 'the course says: is_consistent(EX_ASTAR, "t", h) and is_admissible(EX_ASTAR, "t", h)')
    a, d = astar(EX_ASTAR, "s", "t", h), astar(EX_ASTAR, "s", "t", lambda v: 0)
    only = [v for v in d.expanded if v not in a.expanded]
    before, after = EX_ASTAR["s"]["b"], EX_ASTAR["s"]["a"] + EX_ASTAR["a"]["b"]
    claim(after < before and a.expanded.index("a") < a.expanded.index("b"), 'the course says: after < before and a.expanded.index("a") < a.expanded.index("b")')
    return both(
        f"L'heuristique est cohérente. A* développe {', '.join(a.expanded)}, dans cet ordre, "
        f"et trouve {' → '.join(a.path)}, de longueur {a.cost}. En développant `a`, il "
        f"améliore la distance provisoire de `b` (de {before} à {after}). Dijkstra "
        f"($h = 0$) développe "
        f"{', '.join(d.expanded)} : il développe aussi {', '.join(only)}, que $h$ écarte.\n",
        f"The heuristic is consistent. A* expands {', '.join(a.expanded)}, in this order, "
        f"and finds {' → '.join(a.path)}, of length {a.cost}. Expanding `a` improves the "
        f"tentative distance of `b` (from {before} to {after}). Dijkstra ($h = 0$) expands "
        f"{', '.join(d.expanded)}: it also expands {', '.join(only)}, which $h$ rules out.\n")


# An admissible heuristic that is not consistent: A* expands b twice.
REOPEN_GRAPH: dict[str, dict[str, int]] = {"s": {"a": 1, "b": 3}, "a": {"b": 1},
                                           "b": {"t": 3}, "t": {}}


REOPEN_H: dict[str, int] = {"s": 0, "a": 4, "b": 0, "t": 0}


@fragment
def astar_reopen() -> Bilingual:
    from arena.astar import astar, dijkstra_to, is_admissible, is_consistent

    h = REOPEN_H.get
    result = astar(REOPEN_GRAPH, "s", "t", h)
    twice = sorted({v for v in result.expanded if result.expanded.count(v) > 1})
    claim(is_admissible(REOPEN_GRAPH, "t", h) and not is_consistent(REOPEN_GRAPH, "t", h),
          "the reopening example: h is not admissible-but-inconsistent")
    claim(twice and result.cost == dijkstra_to(REOPEN_GRAPH, "t")["s"],
          "the reopening example: no vertex expanded twice, or a wrong distance")
    edges = ", ".join(f"${u} \\to {v}$ ({w})" for u, succ in REOPEN_GRAPH.items()
                      for v, w in succ.items())
    order = ", ".join(result.expanded)
    path = " → ".join(result.path)
    bad = next((u, v) for u, succ in REOPEN_GRAPH.items() for v, w in succ.items()
               if h(u) > w + h(v))
    again = ", ".join(f"${v}$" for v in twice)
    return both(
        f"Sur le graphe {edges}, avec $h(a) = {h('a')}$ et $h = 0$ ailleurs, $h$ est "
        f"admissible mais pas cohérente (sur l'arête ${bad[0]} \\to {bad[1]}$). A\\* développe "
        f"les sommets dans l'ordre {order} : {again} est développé deux fois, et le chemin "
        f"trouvé, {path}, de longueur {result.cost}, est bien un plus court chemin.\n",
        f"On the graph {edges}, with $h(a) = {h('a')}$ and $h = 0$ elsewhere, $h$ is "
        f"admissible but not consistent (on the edge ${bad[0]} \\to {bad[1]}$). A\\* expands "
        f"the vertices in the order {order}: {again} is expanded twice, and the path found, "
        f"{path}, of length {result.cost}, is indeed a shortest path.\n")
