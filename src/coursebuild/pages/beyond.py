"""Beyond reachability: the figures and fragments of ``docs/fr/beyond.md`` and
``docs/en/beyond.md``."""

from __future__ import annotations

from typing import Any

from arena import solve
from coursebuild import exercise_source
from coursebuild.counts import LEAVES, NODES, POSITIONS, STEPS, count, plain, said
from coursebuild.drawing import Drawing, Figure, _both_labels, _caption, astar_map_digraph
from coursebuild.examples import EX_TREE, SLIDES_TREE
from coursebuild.facts import _listing_fragment, _steps_text, claim, listing_namespace
from coursebuild.markdown import (
    Bilingual,
    both,
    fragment,
    table,
    who,
)
from coursebuild.paths import ROOT

EXERCISES = "docs/exercises/09-beyond.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""



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

@count(NODES)
def minimax_nodes() -> int:
    """The nodes minimax evaluates on the slides' tree: all of them."""
    from arena.minimax import minimax_tree as search

    return len(search(SLIDES_TREE).visited)


@count(NODES)
def alphabeta_nodes() -> int:
    from arena.minimax import alphabeta_tree as search

    return len(search(SLIDES_TREE).visited)


@count(LEAVES)
def alphabeta_pruned_leaves() -> int:
    """The leaves alpha-beta never evaluates on the slides' tree (every pruned node is a
    leaf there)."""
    from arena.minimax import alphabeta_tree as search

    pruned = search(SLIDES_TREE).pruned
    claim(all(len(p) == 3 for p in pruned), "a pruned node of the slides' tree is not a leaf")
    return len(pruned)


def minimax_tree() -> Drawing:
    from arena.minimax import minimax_tree as search

    r = search(SLIDES_TREE)
    values = [r.values[(i,)] for i in range(3)]
    return Drawing(_search_tree(r), _caption(
        "Minimax sur un arbre de profondeur 3 : Jₘₐₓ (cercles) joue en A0 et voit trois "
        "coups à l'avance ; les feuilles portent la valeur de l'heuristique. Les valeurs "
        f"remontent : maximum aux cercles, minimum aux carrés ; B0, B1, B2 valent "
        f"{', '.join(map(str, values))} et A0 vaut {r.value}. En couleur, le chemin joué si "
        "chacun joue au mieux.",
        "Minimax on a tree of depth 3: Jₘₐₓ (circles) moves at A0 and looks three moves "
        "ahead; the leaves carry the value of the heuristic. Values are backed up: maximum "
        f"at circles, minimum at squares; B0, B1, B2 are worth {', '.join(map(str, values))} "
        f"and A0 is worth {r.value}. In colour, the path played when both play their best."),
        f"Minimax tree of depth 3; root value {r.value}; best move to B{r.move}.")

def alphabeta_tree() -> Drawing:
    from arena.minimax import alphabeta_tree as search

    r = search(SLIDES_TREE)
    return Drawing(_search_tree(r), _caption(
        f"Élagage alpha-bêta sur le même arbre : la valeur de A0 est la même ({r.value}), "
        f"mais {plain(alphabeta_pruned_leaves, 'fr')} feuilles ne sont jamais évaluées "
        "(entre parenthèses, "
        "reliées par des traits tiretés) : "
        "dès qu'un carré trouve une valeur inférieure ou égale à ce que Jₘₐₓ s'est déjà "
        "assuré, ou qu'un cercle une valeur supérieure ou égale à ce que Jₘᵢₙ s'est "
        "assuré, ses autres fils sont inutiles. Un nœud ainsi arrêté porte une borne "
        "(≤ ou ≥), pas sa valeur.",
        f"Alpha-beta pruning on the same tree: the value of A0 is the same ({r.value}), but "
        f"{plain(alphabeta_pruned_leaves, 'en')} leaves are never evaluated (in brackets, "
        "reached by dashed lines): "
        "as soon as a square "
        "finds a value at most what Jₘₐₓ is already sure of, or a circle a value at least "
        "what Jₘᵢₙ is sure of, its remaining children cannot matter. A node stopped this "
        "way carries a bound (≤ or ≥), not its value."),
        f"Alpha-beta on the same tree; {len(r.visited)} nodes visited, {len(r.pruned)} "
        "pruned.")

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

    def step(p, fr, en, alpha, beta, event):
        marks = dict(status)
        for q in stack:
            marks[q] = "path"
        marks[name(p)] = "current"
        labels = dict(shown)
        if len(p) < 3:
            labels[name(p)] = f"α={_bound(alpha)} β={_bound(beta)}"
        # the row of the step in the book's table
        row = [_tree_name(p), _bound(alpha), _bound(beta), event]
        steps.append({"text": {"fr": fr, "en": en}, "marks": marks, "row": row,
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
                 f"{n} is a leaf: its value is {_bound(node)}.", alpha, beta,
                 {"fr": f"feuille, valeur {_bound(node)}", "en": f"leaf, value {_bound(node)}"})
            return node
        who = "Jₘₐₓ" if maxing else "Jₘᵢₙ"
        step(p, f"On entre en {n} ({who}) avec α = {_bound(alpha)} et β = {_bound(beta)}.",
             f"Enter {n} ({who}) with α = {_bound(alpha)} and β = {_bound(beta)}.",
             alpha, beta, {"fr": f"entrée ({who})", "en": f"enter ({who})"})
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
                one = len(cut) == 1
                verb_fr = "n'est pas exploré" if one else "ne sont pas explorés"
                verb_en = "is not explored" if one else "are not explored"
                step(p, f"{c} renvoie {_bound(v)} ; en {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)} : coupure, {names} {verb_fr}. {n} renvoie "
                     f"{_bound(value)}, une borne : sa vraie valeur est {bound}.",
                     f"{c} returns {_bound(v)}; at {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)}: cut, {names} {verb_en}. {n} returns "
                     f"{_bound(value)}, a bound: its true value is {bound}.", alpha, beta,
                     {"fr": f"{c} renvoie {_bound(v)} ; coupure : {names} ; {n} vaut {bound}",
                      "en": f"{c} returns {_bound(v)}; cut: {names}; {n} is {bound}"})
                return value
            step(p, f"{c} renvoie {_bound(v)} ; en {n}, la meilleure valeur est "
                 f"{_bound(value)}, d'où α = {_bound(alpha)}, β = {_bound(beta)}.",
                 f"{c} returns {_bound(v)}; at {n}, the best value is {_bound(value)}, "
                 f"hence α = {_bound(alpha)}, β = {_bound(beta)}.", alpha, beta,
                 {"fr": f"{c} renvoie {_bound(v)}", "en": f"{c} returns {_bound(v)}"})
        stack.pop()
        shown[name(p)] = _bound(value)
        status[name(p)] = "done"
        steps[-1]["text"]["fr"] += f" {n} renvoie sa valeur {_bound(value)}."
        steps[-1]["text"]["en"] += f" {n} returns its value {_bound(value)}."
        steps[-1]["row"][-1] = {
            "fr": steps[-1]["row"][-1]["fr"] + f" ; {n} vaut {_bound(value)}",
            "en": steps[-1]["row"][-1]["en"] + f"; {n} is {_bound(value)}"}
        return value

    value = visit(tree, (), True, -math.inf, math.inf)
    ref = search(tree)
    claim(value == ref.value and evaluated == [p for p in ref.visited if len(p) == 3], 'the course says: value == ref.value and evaluated == [p for p in ref.visited if len(p) == 3]')
    nodes = {name(p): name(p) for p in _all_paths(tree)}
    columns = {"fr": ["Étape", "Nœud", "α", "β", "Ce qui se passe"],
               "en": ["Step", "Node", "α", "β", "What happens"]}
    return {"kind": "alphabeta", "nodes": nodes, "steps": steps, "columns": columns}

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

@count(STEPS)
def alphabeta_trace_steps() -> int:
    return len(alphabeta_trace(SLIDES_TREE)["steps"])


@count(STEPS)
def astar_trace_steps() -> int:
    from arena.astar import EXAMPLE_GRAPH, straight_line

    return len(astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())["steps"])


def alphabeta_steps() -> Drawing:
    from arena.minimax import minimax_tree as full

    r = full(SLIDES_TREE)     # every node drawn, nothing marked: the stepper marks them
    bare = type(r)(value=r.value, move=None, visited=list(r.visited), values={})
    trace = alphabeta_trace(SLIDES_TREE)
    claim(len(trace["steps"]) == alphabeta_trace_steps(), "the trace changed length")
    return Drawing(_search_tree(bare), _caption(
        f"Alpha-bêta pas à pas sur l'arbre de profondeur 3 "
        f"({plain(alphabeta_trace_steps, 'fr')} étapes) ; "
        "la figure fixe montre l'arbre et ses feuilles. Dans la version animée : au nœud en "
        "cours (bordure épaisse), ses bornes α et β ; sur un nœud terminé, sa "
        "valeur, ou une borne (≤ ou ≥) quand une coupure l'a arrêté ; tireté : le chemin "
        "depuis la racine ; grisé et barré : les nœuds coupés, jamais explorés.",
        f"Alpha-beta step by step on the tree of depth 3 "
        f"({plain(alphabeta_trace_steps, 'en')} steps); the "
        "still figure shows the tree and its leaves. In the animated version: at the "
        "current node (thick border), its bounds α and β; on a finished node, its value, or "
        "a bound (≤ or ≥) when a cut stopped it; dashed: the path from the root; greyed "
        "and struck out: the cut nodes, never explored."),
        "Alpha-beta step by step on the tree of depth 3.", trace=trace)

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
               {lang: ", ".join(f"{v} ({fmt(dist[v] + h(v), lang)})" for v in waiting) or "∅"
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
def grundy_sequences() -> Bilingual:
    from arena.grundy import period, subtraction_grundy

    rows = []
    for rule in ((1, 2), (1, 2, 3), (2, 3, 5), (1, 3, 4), (3, 4)):
        seq = subtraction_grundy(rule, 80)
        start, p = period(seq)
        rows.append(("$\\{" + ", ".join(map(str, rule)) + "\\}$",
                     " ".join(map(str, seq[:21])), p, start))
    return both(table(("Règle", "$g(0), \\dots, g(20)$", "Période", "Prépériode"), rows, "llrr"),
                table(("Rule", "$g(0), \\dots, g(20)$", "Period", "Preperiod"), rows, "llrr"))

def _marienbad(misere: bool) -> tuple[int, int, int | None]:
    """(positions, positions where Bouton's rule and the attractor agree, winner from the
    start) for the heaps 1, 3, 5, 7."""
    from arena.games import marienbad
    from arena.games.marienbad import bouton_wins

    g = marienbad((1, 3, 5, 7), misere=misere)
    sol = solve(g)
    agree = sum(sol.winner[v] == (v[1] if bouton_wins(v[0], misere) else 1 - v[1]) for v in g)
    return len(g), agree, sol.winner[g.start]


@count(POSITIONS)
def marienbad_positions() -> int:
    return _marienbad(False)[0]


@count(POSITIONS)
def marienbad_agree_normal() -> int:
    return _marienbad(False)[1]


@count(POSITIONS)
def marienbad_agree_misere() -> int:
    return _marienbad(True)[1]


@fragment
def marienbad_facts() -> Bilingual:
    out = {"fr": "", "en": ""}
    claim(_marienbad(True)[0] == marienbad_positions(), "misère play has other positions")
    for misere, agree in ((False, marienbad_agree_normal), (True, marienbad_agree_misere)):
        w = _marienbad(misere)[2]
        mode_fr, mode_en = ("misère", "misère") if misere else ("normale", "normal")
        out["fr"] += (f"- Partie {mode_fr} : le théorème de Bouton et l'attracteur s'accordent "
                      f"sur {said(agree, 'fr')} positions sur {said(marienbad_positions, 'fr')} ; au "
                      f"départ $(1, 3, 5, 7)$, le gagnant est {who(w, 'fr')}.\n")
        out["en"] += (f"- {mode_en.capitalize()} play: Bouton's theorem and the attractor agree "
                      f"on {said(agree, 'en')} positions out of {said(marienbad_positions, 'en')}; "
                      f"from the start $(1, 3, 5, 7)$, the winner is {who(w, 'en')}.\n")
    return out

@fragment
def othello_weights() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    head = ("", *"abcdefgh")
    rows = [(i + 1, *(str(w).replace("-", "−") for w in row))
            for i, row in enumerate(OTHELLO_WEIGHTS)]
    text = table(head, rows, "r" * 9)
    return both(text, text)

@fragment
def search_facts() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    a, b = minimax_tree(SLIDES_TREE), alphabeta_tree(SLIDES_TREE)
    claim(a.value == b.value, "alpha-beta does not find minimax's value")
    return {lang: (
        f"Minimax évalue les {said(minimax_nodes, lang)} nœuds de l'arbre et trouve la valeur "
        f"{a.value} en A0, par le coup vers B{a.move}. Alpha-bêta trouve la même valeur en "
        f"n'évaluant que {said(alphabeta_nodes, lang)} nœuds : "
        f"{said(alphabeta_pruned_leaves, lang)} feuilles sont élaguées.\n"
        if lang == "fr" else
        f"Minimax evaluates the {said(minimax_nodes, lang)} nodes of the tree and finds the "
        f"value {a.value} at A0, by the move to B{a.move}. Alpha-beta finds the same value "
        f"evaluating only {said(alphabeta_nodes, lang)} nodes: "
        f"{said(alphabeta_pruned_leaves, lang)} leaves are pruned.\n") for lang in ("fr", "en")}

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

BEYOND_LISTINGS = ROOT / "docs" / "listings" / "beyond.py"

@fragment
def listing_minimax() -> Bilingual:
    return _listing_fragment("minimax", BEYOND_LISTINGS)

@fragment
def listing_othello() -> Bilingual:
    return _listing_fragment("othello", BEYOND_LISTINGS)

@fragment
def othello_example() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    score = listing_namespace("fr", BEYOND_LISTINGS)["heuristique_othello"]
    board = [[0] * 8 for _ in range(8)]
    board[0][0], board[1][1] = 1, -1
    corner = score(board, OTHELLO_WEIGHTS)
    board2 = [[0] * 8 for _ in range(8)]
    board2[0][0], board2[1][1] = -1, 1
    given = score(board2, OTHELLO_WEIGHTS)
    return both(
        f"Si $J_{{\\max}}$ tient le coin a1 et $J_{{\\min}}$ la case b2 voisine, la note vaut "
        f"{corner} ; dans la situation inverse, elle vaut {given}.\n".replace("-", "−"),
        f"If $J_{{\\max}}$ holds the corner a1 and $J_{{\\min}}$ the square b2 next to it, the "
        f"score is {corner}; the other way round, it is {given}.\n".replace("-", "−"))

@fragment
def alphabeta_steps_text() -> Bilingual:

    return _steps_text(alphabeta_trace(SLIDES_TREE))

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

@fragment
def ex_grundy_14() -> Bilingual:
    from arena.games import nim
    from arena.grundy import period, subtraction_grundy

    exercise = exercise_source.in_file(EXERCISES, "grundy-rule-14")
    n, rule = exercise.int("n"), exercise.ints("rule")
    seq = subtraction_grundy(tuple(rule), 60)
    start, p = period(seq)
    sol = solve(nim(n, rule))
    zeros = [k for k in range(n + 1) if seq[k] == 0]
    claim(zeros == [k for k in range(n + 1) if sol.winner[(k, 0)] == 1],
          "the Grundy numbers and the attractor disagree on the lost positions")
    shown = ", ".join(map(str, seq[:n + 1]))
    return both(
        f"$g(0), \\dots, g({n})$ = {shown}. La suite est périodique de période {p} dès "
        f"$k = {start}$. Le joueur qui doit jouer perd exactement quand $g(k) = 0$ : "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, comme le trouve l'attracteur du jeu "
        f"de Nim à {n} bâtonnets.\n",
        f"$g(0), \\dots, g({n})$ = {shown}. The sequence is periodic with period {p} from "
        f"$k = {start}$. The player to move loses exactly when $g(k) = 0$: "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, as the attractor of Nim with {n} "
        "sticks finds.\n")


@fragment
def ex_minimax() -> Bilingual:
    from arena.minimax import minimax_tree

    r = minimax_tree(EX_TREE)
    mins = [min(t) for t in EX_TREE]
    return both(
        f"Les trois nœuds $J_{{\\min}}$ valent {', '.join(map(str, mins))} ; la racine "
        f"vaut leur maximum, {r.value}, atteint par le coup vers le fils numéro "
        f"{r.move + 1} (de gauche à droite).\n",
        f"The three $J_{{\\min}}$ nodes are worth {', '.join(map(str, mins))}; the root is "
        f"worth their maximum, {r.value}, reached by the move to child number {r.move + 1} "
        "(from left to right).\n")

@count(LEAVES)
def ex_tree_leaves() -> int:
    """The leaves of the exercises' tree."""
    from arena.minimax import minimax_tree

    return sum(1 for p in minimax_tree(EX_TREE).visited if len(p) == 2)


@count(LEAVES)
def ex_tree_leaves_read() -> int:
    """Those alpha-beta reads."""
    from arena.minimax import alphabeta_tree

    return sum(1 for p in alphabeta_tree(EX_TREE).visited if len(p) == 2)


@fragment
def ex_alphabeta() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    a, b = minimax_tree(EX_TREE), alphabeta_tree(EX_TREE)
    # the text explains the cuts: only in the second child, nothing in the third
    claim(a.value == b.value and {path[0] for path in b.pruned} == {1}, 'the course says: a.value == b.value and {path[0] for path in b.pruned} == {1}')
    cut = ", ".join(str(EX_TREE[i][j]) for i, j in b.pruned)
    return both(
        f"Alpha-bêta lit {said(ex_tree_leaves_read, 'fr')} feuilles sur "
        f"{said(ex_tree_leaves, 'fr')} : les feuilles "
        f"{cut} ne sont pas lues. Après le premier fils, $\\alpha = {min(EX_TREE[0])}$ ; "
        f"dans le deuxième, la première feuille donne $\\beta = {EX_TREE[1][0]}$, "
        f"et $\\alpha \\ge \\beta$ coupe le reste. Dans le troisième, $\\beta$ ne "
        f"descend sous $\\alpha$ qu'à la dernière feuille : rien n'est coupé. La valeur reste "
        f"{b.value}.\n",
        f"Alpha-beta reads {said(ex_tree_leaves_read, 'en')} leaves out of "
        f"{said(ex_tree_leaves, 'en')}: the leaves {cut} "
        f"are not read. After the first child, $\\alpha = {min(EX_TREE[0])}$; in the second, "
        f"the first leaf gives $\\beta = {EX_TREE[1][0]}$, and $\\alpha \\ge \\beta$ cuts the "
        f"rest. In the third, $\\beta$ only falls below $\\alpha$ at the last leaf: nothing is "
        f"cut. The value is still {b.value}.\n")

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



FIGURES: tuple[Figure, ...] = (
    Figure("minimax-tree", minimax_tree),
    Figure("alphabeta-tree", alphabeta_tree),
    Figure("marienbad-graph", marienbad_graph),
    Figure("astar-map", astar_map),
    Figure("alphabeta-steps", alphabeta_steps),
    Figure("astar-steps", astar_steps),
    Figure("ex-astar-graph", ex_astar_graph),
)

