"""A problem on the chapter *Au-delà* / *Beyond*, its search part: A* with heuristics to
check (minimax and alpha-beta are :mod:`coursebuild.course.bank.minimax`)."""

from __future__ import annotations

import math
from typing import Any

from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.drawing import Drawing, astar_map_digraph

# ---------------------------------------------------------------------------------
# astar-heuristics

ASTAR = "astar-heuristics"


def _astar_trace(g: dict, h: dict, start: str = "s", goal: str = "t"
                 ) -> list[tuple[str, int, int]] | None:
    """The course's A*: ``(vertex, g, f)`` at each expansion, until the goal is taken out;
    ``None`` when two entries of the queue ever tie for the least priority (a run by
    hand would then depend on a convention)."""
    import heapq

    dist = {start: 0}
    heap = [(h[start], 0, start)]
    order = {start: 0}
    done: set[str] = set()
    out = []
    while heap:
        f, _, u = heapq.heappop(heap)
        if u in done or f != dist[u] + h[u]:
            continue
        if any(ff == f and uu != u and uu not in done and ff == dist[uu] + h[uu]
               for ff, _, uu in heap):
            return None
        done.add(u)
        out.append((u, dist[u], f))
        if u == goal:
            return out
        for v, w in g[u].items():
            if dist[u] + w < dist.get(v, math.inf):
                dist[v] = dist[u] + w
                done.discard(v)
                order.setdefault(v, len(order))
                heapq.heappush(heap, (dist[v] + h[v], order[v], v))
    return out


def _astar_map(r) -> tuple[dict, dict, dict, dict] | None:
    """A graph where A* with ``h'`` (admissible, not consistent) expands a vertex twice:
    ``(graph, positions, h, h')``, or ``None`` when this draw does not give one."""
    from arena.astar import dijkstra_to

    names = ["s"] + list("abcdefg"[:r.randint(5, 6)]) + ["t"]
    pts = {"s": (0, r.randint(1, 3)), "t": (10, r.randint(1, 3))}
    used = set(pts.values())
    for v in names[1:-1]:
        while True:
            p = (r.randint(1, 9), r.randint(0, 4))
            if p not in used:
                used.add(p)
                pts[v] = p
                break

    def dist(u: str, v: str) -> float:
        return math.dist(pts[u], pts[v])

    base: dict[str, dict[str, int]] = {v: {} for v in names}
    for u in names[:-1]:
        targets = [v for v in names if v not in (u, "s") and pts[v][0] >= pts[u][0] - 1
                   and dist(u, v) <= 6]
        r.shuffle(targets)
        for v in targets[:r.randint(1, 3)]:
            if u not in base[v]:
                base[u][v] = math.ceil(dist(u, v)) + r.randint(0, 2)
    if _crossing(base, pts):
        return None
    h = {v: math.floor(dist(v, "t")) for v in names}
    mids = names[1:-1]
    pairs = [(u, v) for u in mids for v in mids if u != v and pts[u][0] <= pts[v][0]]
    r.shuffle(pairs)
    for u, v in pairs[:8]:
        g = {x: dict(y) for x, y in base.items()}
        w1, w2 = math.ceil(dist("s", u)), math.ceil(dist(u, v))
        g["s"][u], g[u] = w1, {v: w2}
        g["s"][v] = w1 + w2 + r.randint(1, 3)
        g[v].pop(u, None)
        delta = dijkstra_to(g, "t")
        if "s" not in delta or v not in delta or delta["s"] != w1 + delta[u]:
            continue
        if any(x not in delta for x in names):
            continue
        h2 = dict(h)
        h2[u], h2[v] = delta[u], 0
        once = _astar_trace(g, h)
        twice = _astar_trace(g, h2)
        blind = _astar_trace(g, {x: 0 for x in names})
        if once is None or twice is None or blind is None:
            continue
        seen = [x for x, _, _ in twice]
        if (sorted(set(x for x in seen if seen.count(x) > 1)) != [v]
                or seen.count(v) != 2 or len(blind) - len(once) < 2):
            continue
        # a unique shortest path from s; no edge drawn across another vertex
        if _count_shortest(g, delta) != 1 or _crossing(g, pts):
            continue
        return g, pts, h, h2
    return None


def _crossing(g: dict, pts: dict) -> bool:
    """Whether an edge, drawn straight, passes within 0.6 of a vertex not its end (the
    figure would be misread)."""
    for u in g:
        for v in g[u]:
            (x1, y1), (x2, y2) = pts[u], pts[v]
            for w, (x, y) in pts.items():
                if w in (u, v):
                    continue
                dx, dy = x2 - x1, y2 - y1
                t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
                if math.dist((x, y), (x1 + t * dx, y1 + t * dy)) < 0.6:
                    return True
    return False


def _count_shortest(g: dict, delta: dict, start: str = "s") -> int:
    """The number of shortest paths from ``start`` to the goal (distances ``delta``)."""
    memo: dict[str, int] = {}

    def count(u: str) -> int:
        if delta[u] == 0:
            return 1
        if u not in memo:
            memo[u] = sum(count(v) for v, w in g[u].items()
                          if v in delta and w + delta[v] == delta[u])
        return memo[u]

    return count(start)


def map_figure(g: dict, pts: dict, caption: dict[str, str], *,
               path: tuple[str, ...] = ()) -> Drawing:
    """The weighted directed graph at its points, the weight on each arc (the chapter's
    A* map); ``path`` thick and coloured."""
    from arena.render import COLOURS

    dot = astar_map_digraph()
    on_path = set(zip(path, path[1:]))
    for v, (x, y) in sorted(pts.items()):
        dot.node(v, pos=f"{x * 60},{y * 60}", id=f"v-{v}")
    for u in sorted(g):
        for v, w in g[u].items():
            attrs = {"label": str(w), "id": f"e-{u}-{v}"}
            if (u, v) in on_path:
                attrs.update(color=COLOURS[0], penwidth="3", fontcolor=COLOURS[0])
            dot.edge(u, v, **attrs)
    arcs = ", ".join(f"{u} -> {v} ({w})" for u in sorted(g) for v, w in g[u].items())
    return Drawing(dot, caption, f"A weighted directed graph; arcs with weights: {arcs}.",
                   fixed=True)


ASTAR_PSEUDO = (
    "```text\n"
    "Fonction A*(départ, but) :\n"
    "  g[départ] ← 0\n"
    "  F ← file de priorité contenant départ, de priorité h(départ)\n"
    "  Tant que F n'est pas vide, Faire\n"
    "    u ← retirer de F le sommet de plus petite priorité g[u] + h(u)\n"
    "    Si u = but Alors\n"
    "      Renvoyer g[u] et le chemin mémorisé jusqu'à u\n"
    "    Pour chaque arc (u, v) de poids w, Faire\n"
    "      Si v n'a pas de g ou g[u] + w < g[v] Alors\n"
    "        g[v] ← g[u] + w ; parent[v] ← u\n"
    "        mettre v dans F avec la priorité g[v] + h(v)\n"
    "  Renvoyer « pas de chemin »\n"
    "Fin Fonction\n```",
    "```text\n"
    "Function A*(start, goal):\n"
    "  g[start] ← 0\n"
    "  F ← priority queue holding start, of priority h(start)\n"
    "  While F is not empty, Do\n"
    "    u ← take out of F the vertex of least priority g[u] + h(u)\n"
    "    If u = goal Then\n"
    "      Return g[u] and the path remembered up to u\n"
    "    For each arc (u, v) of weight w, Do\n"
    "      If v has no g or g[u] + w < g[v] Then\n"
    "        g[v] ← g[u] + w; parent[v] ← u\n"
    "        put v in F with the priority g[v] + h(v)\n"
    "  Return \"no path\"\n"
    "End Function\n```")


def astar_heuristics(seed: int) -> Variant:
    from arena.astar import astar, dijkstra_to

    r = rng(ASTAR, seed)
    for _ in range(10_000):
        found = _astar_map(r)
        if found is not None:
            break
    else:
        raise RuntimeError(f"{ASTAR}: no graph found for the seed {seed}")
    g, pts, h, h2 = found
    names = sorted(g, key=lambda v: (v != "s", v == "t", v))
    delta = dijkstra_to(g, "t")
    once = _astar_trace(g, h)
    twice = _astar_trace(g, h2)
    blind = _astar_trace(g, {v: 0 for v in g})
    need(once is not None and twice is not None and blind is not None)
    res1, res2 = astar(g, "s", "t", h.get), astar(g, "s", "t", h2.get)
    again = sorted({x for x, _, _ in twice if [y for y, _, _ in twice].count(x) > 1})
    bad = [(u, v) for u in sorted(g) for v, w in g[u].items() if h2[u] > w + h2[v]]
    extra = sorted({x for x, _, _ in blind} - {x for x, _, _ in once})
    answers = {"delta": {v: delta[v] for v in names}, "h_consistent": True,
               "h_admissible": True, "h2_consistent": False, "h2_admissible": True,
               "h2_bad_edges": [list(e) for e in bad],
               "expanded_h": [x for x, _, _ in once], "path": list(res1.path),
               "cost": res1.cost, "expanded_h2": [x for x, _, _ in twice],
               "twice": again, "path_h2": list(res2.path),
               "expanded_dijkstra": [x for x, _, _ in blind], "dijkstra_extra": extra}
    figures = {
        "map": map_figure(g, pts, bi(
            "Le graphe du problème : sur chaque arête, son poids. On cherche un plus court "
            "chemin de s à t.",
            "The graph of the problem: on each edge, its weight. We look for a shortest path "
            "from s to t.")),
        "path": map_figure(g, pts, bi(
            f"Corrigé : le plus court chemin de s à t, de longueur {res1.cost}, en bleu.",
            f"Solution: the shortest path from s to t, of length {res1.cost}, in blue."),
            path=res1.path)}
    arcs = ", ".join(f"${u} \\to {v}$ ({w})" for u in names for v, w in g[u].items())
    htable = table(["$x$"] + [f"${v}$" for v in names],
                   [["$h(x)$"] + [str(h[v]) for v in names],
                    ["$h'(x)$"] + [str(h2[v]) for v in names]])
    intro = bi(
        "On cherche un plus court chemin de $s$ à $t$ dans le graphe orienté pondéré "
        "ci-dessous ; ses arêtes, avec leur poids, sont " + arcs + ".\n\n<!-- figure: map -->"
        "\n\nOn dispose de deux heuristiques $h$ et $h'$ :\n\n" + htable + "\n\n"
        "On note $\\delta(x)$ la distance de $x$ à $t$. Rappels : $h$ est *admissible* si "
        "$h(x) \\le \\delta(x)$ pour tout $x$, *cohérente* si $h(t) = 0$ et "
        "$h(x) \\le w(x, y) + h(y)$ pour toute arête $(x, y)$ de poids $w(x, y)$. A\\* est "
        "l'algorithme du cours, où $g$ désigne la longueur du meilleur chemin trouvé depuis "
        "$s$ et $f = g + h$ la priorité ; un sommet retiré de la file est dit *développé* "
        "(dans ce problème, deux sommets de la file n'ont jamais la même priorité "
        "minimale) :\n\n" + ASTAR_PSEUDO[0],
        "We look for a shortest path from $s$ to $t$ in the weighted directed graph below; "
        "its edges, with their weights, are " + arcs + ".\n\n<!-- figure: map -->\n\n"
        "Two heuristics $h$ and $h'$ are given:\n\n" + htable + "\n\n"
        "$\\delta(x)$ is the distance from $x$ to $t$. Recall: $h$ is *admissible* if "
        "$h(x) \\le \\delta(x)$ for every $x$, *consistent* if $h(t) = 0$ and "
        "$h(x) \\le w(x, y) + h(y)$ for every edge $(x, y)$ of weight $w(x, y)$. A\\* is the "
        "course's algorithm, where $g$ is the length of the best path found from $s$ and "
        "$f = g + h$ the priority; a vertex taken out of the queue is *expanded* (in this "
        "problem, two vertices of the queue never share the least priority):\n\n"
        + ASTAR_PSEUDO[1])

    def run_table(run: list, heur: str, lang: str) -> str:
        head = (("Étape", "Sommet développé", "$g$", f"$f = g + {heur}$") if lang == "fr"
                else ("Step", "Vertex expanded", "$g$", f"$f = g + {heur}$"))
        return table(head, [(k, f"${x}$", gx, fx) for k, (x, gx, fx) in
                            enumerate(run, start=1)], "rlrr")

    dtable = table(["$x$"] + [f"${v}$" for v in names],
                   [["$\\delta(x)$"] + [str(delta[v]) for v in names]])
    # the distances by another route than Dijkstra's: Bellman and Ford's relaxations
    relaxed = {v: math.inf for v in names} | {"t": 0}
    for _ in names:
        for u in g:
            for v, w in g[u].items():
                relaxed[u] = min(relaxed[u], w + relaxed.get(v, math.inf))
    q1 = Q(bi("Calculer la distance $\\delta(x)$ de chaque sommet $x$ à $t$.",
              "Compute the distance $\\delta(x)$ from each vertex $x$ to $t$."),
           bi("On remonte depuis $t$ (Dijkstra sur le graphe renversé) : "
              "$\\delta(x) = \\min_y (w(x, y) + \\delta(y))$.\n\n" + dtable,
              "Going back from $t$ (Dijkstra on the reversed graph): "
              "$\\delta(x) = \\min_y (w(x, y) + \\delta(y))$.\n\n" + dtable),
           [(3, bi("les distances (−1 par erreur)", "the distances (−1 per mistake)"))],
           items=["| $\\delta(x)$ | " + " | ".join(str(relaxed[v]) for v in names) + " |"])
    bad_text = ", ".join(f"${u} \\to {v}$ : ${h2[u]} > {g[u][v]} + {h2[v]}$"
                         for u, v in bad)
    bad_text_en = ", ".join(f"${u} \\to {v}$: ${h2[u]} > {g[u][v]} + {h2[v]}$"
                            for u, v in bad)
    q2 = Q(bi("L'heuristique $h$ est-elle admissible ? cohérente ? Même question pour $h'$. "
              "Justifier.",
              "Is the heuristic $h$ admissible? consistent? Same question for $h'$. Justify."),
           bi("$h(t) = 0$ et, arête par arête, $h(x) \\le w(x, y) + h(y)$ : $h$ est cohérente, "
              "donc admissible (théorème du cours ; on le voit aussi en comparant avec "
              "$\\delta$). Pour $h'$, on compare avec $\\delta$ sommet par sommet : "
              "$h'(x) \\le \\delta(x)$ partout, $h'$ est admissible. Elle n'est pas "
              f"cohérente : {bad_text}.",
              "$h(t) = 0$ and, edge by edge, $h(x) \\le w(x, y) + h(y)$: $h$ is consistent, "
              "hence admissible (the course's theorem; comparing with $\\delta$ shows it "
              "too). For $h'$, we compare with $\\delta$ vertex by vertex: "
              "$h'(x) \\le \\delta(x)$ everywhere, $h'$ is admissible. It is not "
              f"consistent: {bad_text_en}."),
           [(1, bi("$h$ cohérente et admissible, vérifié",
                   "$h$ consistent and admissible, checked")),
            (1, bi("$h'$ admissible, par $\\delta$", "$h'$ admissible, by $\\delta$")),
            (1, bi("$h'$ non cohérente, avec une arête", "$h'$ not consistent, with an edge"))])
    path_text = " \\to ".join(res1.path)
    q3 = Q(bi("Exécuter A\\* avec $h$ : donner dans l'ordre les sommets développés avec leurs "
              "valeurs $g$ et $f$, le chemin trouvé et sa longueur.",
              "Run A\\* with $h$: give in order the vertices expanded with their values $g$ "
              "and $f$, the path found and its length."),
           {lang: run_table(once, "h", lang) + "\n\n"
            + (f"Le chemin trouvé est ${path_text}$, de longueur {res1.cost} "
               f"$= \\delta(s)$." if lang == "fr" else
               f"The path found is ${path_text}$, of length {res1.cost} $= \\delta(s)$.")
            for lang in ("fr", "en")},
           [(3, bi("l'ordre des développements avec $g$ et $f$",
                   "the order of expansions with $g$ and $f$")),
            (2, bi("le chemin et sa longueur", "the path and its length"))])
    path2_text = " \\to ".join(res2.path)
    (w,) = again
    u = res2.path[res2.path.index(w) - 1]
    runs = [k for k, (x, _, _) in enumerate(twice) if x == w]
    _, g_first, f_first = twice[runs[0]]
    _, g_second, _ = twice[runs[1]]
    f_u = next(f for x, _, f in twice if x == u)
    first_from = next(x for x in g if w in g[x] and x != u and any(
        y == x and gy + g[x][w] == g_first for y, gy, _ in twice[:runs[0]]))
    q4 = Q(bi("Exécuter A\\* avec $h'$. Un sommet est-il développé deux fois ? Pourquoi ? "
              "Le chemin trouvé est-il un plus court chemin ?",
              "Run A\\* with $h'$. Is a vertex expanded twice? Why? Is the path found a "
              "shortest path?"),
           {lang: run_table(twice, "h'", lang) + "\n\n" + (
               f"${w}$ est développé deux fois. Il est d'abord atteint par l'arête "
               f"${first_from} \\to {w}$, avec $g = {g_first}$ et la priorité {f_first}, "
               f"plus petite que celle de ${u}$ ({f_u}) : il est développé avec ce $g$ trop "
               f"grand. Quand ${u}$ est développé, $g({w})$ baisse à {g_second} et ${w}$ "
               f"revient dans la file. Cela ne peut arriver qu'avec une heuristique non "
               f"cohérente : ici $h'({u}) = {h2[u]} > w({u}, {w}) + h'({w}) = "
               f"{g[u][w] + h2[w]}$. Le chemin trouvé est ${path2_text}$, de longueur "
               f"{res2.cost} $= \\delta(s)$ : $h'$ est admissible, donc le chemin renvoyé quand "
               "$t$ est retiré est un plus court chemin (théorème du cours)." if lang == "fr"
               else
               f"${w}$ is expanded twice. It is first reached by the edge "
               f"${first_from} \\to {w}$, with $g = {g_first}$ and the priority {f_first}, "
               f"less than that of ${u}$ ({f_u}): it is expanded with that $g$, too large. "
               f"When ${u}$ is expanded, $g({w})$ goes down to {g_second} and ${w}$ comes "
               "back into the queue. This can only happen with a heuristic that is not "
               f"consistent: here $h'({u}) = {h2[u]} > w({u}, {w}) + h'({w}) = "
               f"{g[u][w] + h2[w]}$. The path found is ${path2_text}$, of length "
               f"{res2.cost} $= \\delta(s)$: $h'$ is admissible, so the path returned when "
               "$t$ is taken out is a shortest path (the course's theorem).")
            for lang in ("fr", "en")},
           [(2, bi("l'ordre des développements", "the order of expansions")),
            (1, bi("le sommet développé deux fois, et pourquoi",
                   "the vertex expanded twice, and why")),
            (1, bi("le chemin est le plus court, par l'admissibilité",
                   "the path is shortest, by admissibility"))])
    q5 = Q(bi("Avec $h = 0$ (l'algorithme de Dijkstra), combien de sommets sont développés "
              "jusqu'à ce que $t$ soit retiré de la file ? Lesquels A\\* avec $h$ "
              "évite-t-il ?",
              "With $h = 0$ (Dijkstra's algorithm), how many vertices are expanded until $t$ "
              "is taken out of the queue? Which ones does A\\* with $h$ avoid?"),
           bi(f"Dijkstra développe {len(blind)} sommets, dans l'ordre "
              + ", ".join(f"${x}$" for x, _, _ in blind)
              + f" ; A\\* avec $h$ en développe {len(once)} et évite "
              + words([f"${x}$" for x in extra], "fr") + ".",
              f"Dijkstra expands {len(blind)} vertices, in the order "
              + ", ".join(f"${x}$" for x, _, _ in blind)
              + f"; A\\* with $h$ expands {len(once)} and avoids "
              + words([f"${x}$" for x in extra], "en") + "."),
           [(1, bi("le nombre", "the number")), (1, bi("les sommets évités",
                                                         "the vertices avoided"))])
    q6 = Q(bi("On suppose $h$ cohérente. Montrer que les priorités $f$ des sommets développés "
              "par A\\*, dans l'ordre où ils le sont, forment une suite croissante au sens "
              "large.",
              "Assume $h$ consistent. Show that the priorities $f$ of the vertices expanded "
              "by A\\*, in the order they are expanded, form a non-decreasing sequence."),
           bi("Soit $u$ un sommet développé, de priorité $f(u) = g(u) + h(u)$, la plus petite "
              "de la file à ce moment. En développant $u$, on met (ou remet) dans la file "
              "des sommets $v$ avec la priorité $g(u) + w(u, v) + h(v) \\ge g(u) + h(u) = "
              "f(u)$, par cohérence. Les autres éléments de la file avaient déjà une priorité "
              "au moins $f(u)$. Après le développement de $u$, toute la file a donc des "
              "priorités au moins $f(u)$, et le sommet développé ensuite aussi. Par "
              "récurrence, la suite des priorités développées ne décroît jamais (c'est ce "
              "qu'on voit dans la colonne $f$ de la question 3, et pas dans celle de la "
              "question 4).",
              "Let $u$ be a vertex expanded, of priority $f(u) = g(u) + h(u)$, the least of "
              "the queue at that moment. Expanding $u$ puts (or puts back) into the queue "
              "vertices $v$ with the priority $g(u) + w(u, v) + h(v) \\ge g(u) + h(u) = "
              "f(u)$, by consistency. The other elements of the queue already had a "
              "priority at least $f(u)$. After $u$ is expanded, the whole queue therefore "
              "has priorities at least $f(u)$, and so does the next vertex expanded. By "
              "induction, the sequence of priorities expanded never decreases (as the column "
              "$f$ of question 3 shows, and not that of question 4)."),
           [(1, bi("l'inégalité par cohérence sur les sommets ajoutés",
                   "the inequality by consistency on the vertices added")),
            (1, bi("les éléments déjà dans la file", "the elements already in the queue")),
            (1, bi("la récurrence", "the induction"))])
    params = {"graph": {u: dict(sorted(g[u].items())) for u in sorted(g)},
              "points": {v: list(p) for v, p in sorted(pts.items())},
              "h": dict(sorted(h.items())), "h2": dict(sorted(h2.items()))}
    return compose(ASTAR, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers,
                   solution_intro=bi("<!-- figure: path -->", "<!-- figure: path -->"))


def check_astar_heuristics(v: Variant) -> None:
    from arena.astar import astar, dijkstra_to, is_admissible, is_consistent

    p: dict[str, Any] = dict(v.params)
    ans: dict[str, Any] = dict(v.answers)
    g, h, h2 = p["graph"], p["h"], p["h2"]
    need(7 <= len(g) <= 8)
    # distances by relaxing every arc until nothing changes (Bellman-Ford), against Dijkstra
    delta = {x: (0 if x == "t" else math.inf) for x in g}
    for _ in range(len(g)):
        for x in g:
            for y, w in g[x].items():
                delta[x] = min(delta[x], w + delta[y])
    need(delta == dijkstra_to(g, "t") and ans["delta"] == delta)
    need(_count_shortest(g, delta) == 1)
    need(not _crossing(g, {x: tuple(q) for x, q in p["points"].items()}))
    for name_, heur in (("h", h), ("h2", h2)):
        adm = all(heur[x] <= delta[x] for x in g)
        cons = heur["t"] == 0 and all(heur[x] <= w + heur[y] for x in g for y, w in g[x].items())
        need((adm, cons) == (ans[f"{name_}_admissible"], ans[f"{name_}_consistent"]))
        need((adm, cons) == (is_admissible(g, "t", heur.get), is_consistent(g, "t", heur.get)))
    need(ans["h2_bad_edges"] == [[x, y] for x in sorted(g) for y, w in g[x].items()
                                   if h2[x] > w + h2[y]])
    once, twice = astar(g, "s", "t", h.get), astar(g, "s", "t", h2.get)
    blind = astar(g, "s", "t", lambda x: 0)
    need(ans["expanded_h"] == list(once.expanded) and ans["path"] == list(once.path))
    need(ans["cost"] == once.cost == delta["s"] == twice.cost)
    need(ans["expanded_h2"] == list(twice.expanded) and ans["path_h2"] == list(twice.path))
    need(ans["twice"] and all(twice.expanded.count(x) == 2 for x in ans["twice"]))
    need(ans["expanded_dijkstra"] == list(blind.expanded))
    need(ans["dijkstra_extra"] == sorted(set(blind.expanded) - set(once.expanded)))
    need(len(ans["dijkstra_extra"]) >= 2)
    # no tie for the least priority: the runs by hand are unambiguous
    for heur in (h, h2, {x: 0 for x in g}):
        need(_astar_trace(g, heur) is not None)
    fs = [f for _, _, f in _astar_trace(g, h) or []]
    need(fs == sorted(fs))


PROBLEMS = (
    problem(id=ASTAR, chapter="beyond", generate=astar_heuristics, check=check_astar_heuristics,
            minutes=45,
            title=bi("A* et ses heuristiques", "A* and its heuristics")),
)


FIELDS = {
    ASTAR: (
        ask(1, "delta", "map", "$\\delta(x)$ de chaque sommet", "$\\delta(x)$ of each vertex"),
        ask(2, "h_admissible", "yesno", "$h$ admissible ?", "$h$ admissible?"),
        ask(2, "h_consistent", "yesno", "$h$ cohérente ?", "$h$ consistent?"),
        ask(2, "h2_admissible", "yesno", "$h'$ admissible ?", "$h'$ admissible?"),
        ask(2, "h2_consistent", "yesno", "$h'$ cohérente ?", "$h'$ consistent?"),
        ask(3, "expanded_h", "sequence", "Sommets développés, dans l'ordre",
            "Vertices expanded, in order"),
        ask(3, "path", "sequence", "Le chemin trouvé", "The path found"),
        ask(3, "cost", "number", "Sa longueur", "Its length"),
        ask(4, "twice", "set", "Sommets développés deux fois", "Vertices expanded twice"),
        ask(5, "dijkstra_extra", "set", "Sommets que A* avec $h$ évite",
            "Vertices A* with $h$ avoids"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
