"""The ourson game: the figures and fragments of ``docs/fr/ourson.md`` and
``docs/en/ourson.md``."""

from __future__ import annotations

from functools import lru_cache

from arena import Arena, solve, verify_strategy
from arena.games.ourson import MOVE_LIMIT
from arena.strategies import reachable
from coursebuild import examples
from coursebuild.catalogue import Drawing, Figure
from coursebuild.drawing import _caption
from coursebuild.facts import claim
from coursebuild.markdown import (
    Bilingual,
    both,
    fragment,
)

OURSON_BOARD_POSITIONS = {0: (0, 0), 1: (0, 110), 2: (-115, 45), 3: (115, 45),
                          4: (-85, -95), 5: (85, -95)}

def ourson_board() -> Drawing:
    import graphviz

    from arena.games.ourson import BOARD, PIECES, START, pieces
    from arena.render import COLOURS, FONT, GREY, INK, PAPER

    start = {v: PIECES[piece][0] for v, piece in pieces(START).items()}
    dot = graphviz.Graph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.attr("node", fontname=FONT, fontsize="16", width="0.55", height="0.55",
             style="filled", fixedsize="true")
    dot.attr("edge", color=GREY, penwidth="2")
    for v, (x, y) in OURSON_BOARD_POSITIONS.items():
        attrs = {"shape": "circle", "fillcolor": PAPER, "color": GREY, "fontcolor": INK}
        role = ""
        if v in start:       # a piece of J_0 or J_1: filled with its colour
            attrs.update(fillcolor=COLOURS[start[v]], color=COLOURS[start[v]], fontcolor=PAPER,
                         penwidth="3", **({"style": "filled,dashed"} if start[v] else {}))
            role = f" piece piece-{start[v]}"
        dot.node(f"b{v}", label=str(v), id=f"board-{v}", pos=f"{x},{y}",
                 **{"class": f"board-vertex{role}"}, **attrs)
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
    from arena.games.ourson import BOARD, board_rules
    from arena.render import View, arena_dot, describe, vertex_titles

    g, sol = examples.ourson_game()
    dot = arena_dot(g, sol, View(winners=True), graph_attr={
        "layout": "neato", "overlap": "false", "splines": "false", "sep": "+4"})
    # played on the board drawn by ourson_board(), whose vertex v has the id board-v
    board = {**board_rules(g), "cells": {str(v): f"board-{v}" for v in range(len(BOARD))}}
    return Drawing(dot, _caption(
        f"Les {len(g)} positions du jeu de l'ourson et leurs {g.n_edges} coups. Toutes sont "
        "gagnantes pour les chiots (vermillon, bord tireté), y compris le départ 0450 : il "
        "n'y a aucun match nul malgré les nombreux cycles du graphe.",
        f"The {len(g)} positions of the ourson game and their {g.n_edges} moves. All are "
        "winning for the puppies (vermillion, dashed border), the start 0450 included: there is no "
        "draw despite the many cycles of the graph."),
        describe(g, sol), prog="neato", titles=vertex_titles(g), arena=g, board=board)

def ourson_strategy() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    g, sol = examples.ourson_game()
    sub = reachable(g, player=1, strategy=sol.move)
    subsol = solve(sub)
    dot = arena_dot(sub, subsol, View(winners=True, ranks=True))
    return Drawing(dot, _caption(
        f"La stratégie des chiots depuis 0450 : les {len(sub)} positions atteignables quand "
        "les chiots suivent la stratégie du rang de l'attracteur et que l'ourson joue "
        "n'importe quoi. Le nombre à côté d'une position est son rang : il baisse à chaque "
        f"coup, donc aucun cycle ; l'ourson est bloqué en {sol.rank[g.start]} coups au "
        f"plus, bien avant la limite de {MOVE_LIMIT}.",
        f"The puppies' strategy from 0450: the {len(sub)} positions reachable when the "
        "puppies follow the attractor-rank strategy and the ourson plays anything. The "
        "number beside a position is its rank: it falls at each move, so there is no "
        f"cycle; the ourson is blocked within {sol.rank[g.start]} moves, well before the "
        f"limit of {MOVE_LIMIT}."), describe(sub, subsol), titles=vertex_titles(sub))

def ourson_cycle() -> Drawing:
    from arena.games.ourson import article_rank, article_rank_cycle
    from arena.render import View, arena_dot, describe, plain_label

    g, sol = examples.ourson_game()
    rank = article_rank(g)
    cycle = article_rank_cycle(g, sol.winner)
    root = cycle[0]
    sub = reachable(g, root, player=1, strategy=sol.move)
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

@fragment
def ourson_facts() -> Bilingual:
    from arena.games.ourson import article_rank, article_rank_cycle

    g, sol = examples.ourson_game()
    rank = article_rank(g)
    longest = verify_strategy(g, 1, solution=sol)
    cycle = article_rank_cycle(g, sol.winner)
    ring = " → ".join(f"`{v}`" for v in cycle + [cycle[0]])
    s = sol.summary()
    blocked = ", ".join(f"`{v}`" for v in g.V1)
    return both(
        f"Le graphe des positions a {len(g)} sommets et {g.n_edges} arêtes ; l'ourson est bloqué "
        f"dans {len(g.V1)} positions ({blocked}). Les attracteurs donnent {s['won_by_1']} positions "
        f"gagnantes pour les chiots, {s['won_by_0']} pour l'ourson et {s['draws']} nulle. "
        f"Le « rang » de l'article vaut {rank['0450']} au départ `0450` (et au plus "
        f"{max(rank.values())}) ; le rang de l'attracteur y vaut {sol.rank['0450']}. Avec la "
        f"stratégie du rang de l'attracteur, l'exploration de toutes les réponses de "
        f"l'ourson montre que toute partie depuis "
        f"`0450` finit par le blocage de l'ourson en {longest['0450']} coups au plus, "
        f"et jamais en plus de {max(longest.values())} coups depuis n'importe quelle position : "
        f"la règle des {MOVE_LIMIT} coups est largement respectée. Un cycle que permet la stratégie "
        f"du « rang » de l'article (trouvé par le calcul) : "
        f"{ring}.\n",
        f"The position graph has {len(g)} vertices and {g.n_edges} edges; the ourson is blocked "
        f"in {len(g.V1)} positions ({blocked}). The attractors give {s['won_by_1']} positions won "
        f"by the puppies, {s['won_by_0']} by the ourson and {s['draws']} draws. The article's "
        f"“rank” is {rank['0450']} at the start `0450` (and at most {max(rank.values())}); the "
        f"attractor rank there is {sol.rank['0450']}. With the attractor-rank strategy, "
        f"exploring every reply of the ourson shows that every play from `0450` ends with "
        f"the ourson blocked "
        f"within {longest['0450']} moves, and never later than {max(longest.values())} moves "
        f"from any position: the {MOVE_LIMIT}-move rule holds with room to spare. A cycle that the "
        f"article's “rank” strategy allows (found by computation): {ring}.\n")

@fragment
def ex_ourson_count() -> Bilingual:
    from math import comb

    from arena.games.ourson import BOARD
    from arena.strategies import reachable

    g = examples.ourson_game().arena
    board = len(BOARD)
    pairs = comb(board - 1, 2)
    claim(len(g) == board * pairs * 2, "the graph is not every position of the board")
    text = f"{board} \\times {pairs} \\times 2 = {len(g)}"
    reached = set(reachable(g).vertices)
    missed = sorted(set(g.vertices) - reached)
    # what the text says of each position no play reaches: the puppies are to move, and
    # every neighbour of the ourson's vertex holds a puppy, so it cannot have just come
    # from one of them
    for v in missed:
        ourson, a, b, turn = map(int, v)
        claim(turn == 1 and set(BOARD[ourson]) <= {a, b},
              f"the text explains why {v} is not reached from the start")
    quoted = [f"`{v}`" for v in missed]
    names = {lang: ", ".join(quoted[:-1]) + f" {word} " + quoted[-1] if len(quoted) > 1
             else "".join(quoted) for lang, word in (("fr", "et"), ("en", "and"))}
    return both(
        f"On trouve ${text}$ positions : ce sont les sommets du graphe des positions. Depuis "
        f"le départ `{g.start}`, une partie n'en atteint que {len(reached)} : "
        f"{'les positions' if len(missed) > 1 else 'la position'} {names['fr']} "
        f"{'sont' if len(missed) > 1 else 'est'} hors d'atteinte. Les chiots doivent y "
        "jouer, donc l'ourson vient d'arriver sur son sommet, depuis un sommet voisin ; or "
        "tous ces voisins sont occupés par les chiots, qui n'ont pas encore rejoué.\n",
        f"This gives ${text}$ positions: they are the vertices of the position graph. From "
        f"the start `{g.start}`, a play reaches only {len(reached)} of them: "
        f"{'the positions' if len(missed) > 1 else 'the position'} {names['en']} "
        f"{'are' if len(missed) > 1 else 'is'} out of reach. The puppies are to move there, "
        "so the ourson has just arrived on its vertex, from a neighbouring vertex; but all "
        "those neighbours are held by the puppies, which have not moved since.\n")

@fragment
def ex_ourson_ranks() -> Bilingual:
    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    short, rank = article_rank(g), sol.attractor(1)
    # the text says: the article's "rank" is the distance to V_1, a lower bound of the rank
    claim({x for x in g.vertices if not g.successors(x)} == set(g.V1), 'the course says: {x for x in g.vertices if not g.successors(x)} == set(g.V1)')
    claim(all(short[x] <= r for x, r in rank.items()), 'the course says: all(short[x] <= r for x, r in rank.items())')
    strict = sum(short[x] < r for x, r in rank.items())
    return both(
        f"Sur le jeu de l'ourson, l'inégalité est stricte pour {strict} des {len(rank)} "
        f"positions gagnantes des chiots ; au départ `0450`, le « rang » de l'article vaut "
        f"{short['0450']} et le rang de l'attracteur {rank['0450']}.\n",
        f"On the ourson game, the inequality is strict for {strict} of the {len(rank)} "
        f"positions won by the puppies; at the start `0450`, the article's “rank” is "
        f"{short['0450']} and the attractor rank is {rank['0450']}.\n")

@fragment
def ex_ourson_clock() -> Bilingual:

    g, sol = examples.ourson_game()
    r, worst = sol.rank["0450"], max(sol.attractor(1).values())
    return both(
        f"Le départ `0450` a le rang {r} $\\le {MOVE_LIMIT}$ : les chiots gagnent aussi avec "
        f"la règle des {MOVE_LIMIT} coups. Le plus grand rang d'une position gagnante des chiots est {worst}.\n",
        f"The start `0450` has rank {r} $\\le {MOVE_LIMIT}$: the puppies also win under the "
        f"{MOVE_LIMIT}-move "
        f"rule. The largest rank of a position won by the puppies is {worst}.\n")


# ---------------------------------------------------------------- the article's own cycle

ARTICLE_CYCLE = ("1450", "3451", "3250", "1251")
"""The cycle the article shows in its first strategy graph (it goes back to 1450)."""


def article_strategy_graph(g: Arena, winner) -> dict:
    """The article's first strategy graph: from a position won by its player to move,
    only the moves to positions that the opponent loses; every move elsewhere."""
    return {v: [w for w in g.successors(v) if winner[w] == g.owner(v)]
            if winner[v] == g.owner(v) else list(g.successors(v)) for v in g.vertices}


def _reach(graph: dict, root) -> set:
    seen, todo = {root}, [root]
    while todo:
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def _on_cycles(graph: dict, vertices: set) -> set:
    """The vertices of ``vertices`` that lie on a cycle of ``graph`` inside ``vertices``."""
    inside = {u: [w for w in graph[u] if w in vertices] for u in vertices}
    return {v for v in vertices if any(v in _reach(inside, w) for w in inside[v])}


def article_cycle_facts() -> dict:
    g, sol = examples.ourson_game()
    graph = article_strategy_graph(g, sol.winner)
    ring = list(ARTICLE_CYCLE) + [ARTICLE_CYCLE[0]]
    claim(all(y in graph[x] for x, y in zip(ring, ring[1:])),
          "the article's cycle 1450 -> 3451 -> 3250 -> 1251 is not in its strategy graph")
    claim(all(sol.winner[v] == 1 for v in ARTICLE_CYCLE),
          "a position of the article's cycle is not won by the puppies")
    reached = _reach(graph, g.start)
    cyclic = _on_cycles(graph, reached)
    claim(set(ARTICLE_CYCLE) <= cyclic, "the article's cycle is not found on cycles")
    claim(all(sol.rank[y] > sol.rank[x] for x, y in zip(ring, ring[1:]) if g.owner(x) == 1),
          "a move of the puppies on the article's cycle does not raise the rank")
    return {"reached": len(reached), "cyclic": len(cyclic),
            "ranks": [sol.rank[v] for v in ARTICLE_CYCLE],
            "rises": [(sol.rank[x], sol.rank[y]) for x, y in zip(ring, ring[1:])
                      if g.owner(x) == 1],
            "exits": {v: sol.move[v] for v in ARTICLE_CYCLE if g.owner(v) == 1}}


@fragment
def ourson_article_graph() -> Bilingual:
    f = article_cycle_facts()
    ring = " → ".join(f"`{v}`" for v in ARTICLE_CYCLE + ARTICLE_CYCLE[:1])
    rises = {lang: (" puis " if lang == "fr" else " then ").join(
        f"de {x} à {y}" if lang == "fr" else f"from {x} to {y}" for x, y in f["rises"])
        for lang in ("fr", "en")}
    exits_fr = " et ".join(f"`{v}` → `{w}`" for v, w in f["exits"].items())
    exits_en = " and ".join(f"`{v}` → `{w}`" for v, w in f["exits"].items())
    return both(
        f"Depuis `0450`, ce graphe atteint {f['reached']} positions, dont {f['cyclic']} sont "
        f"sur un cycle. Le cycle de l'article, {ring}, en fait partie : ses quatre positions "
        f"sont gagnées par les chiots, mais chaque coup des chiots sur ce cycle fait remonter "
        f"le rang ({rises['fr']}). La stratégie du rang de l'attracteur en sort : elle joue "
        f"{exits_fr}.\n",
        f"From `0450`, this graph reaches {f['reached']} positions, {f['cyclic']} of which lie "
        f"on a cycle. The article's cycle, {ring}, is one of them: its four positions are won "
        f"by the puppies, but each move of the puppies on this cycle raises the rank "
        f"({rises['en']}). The attractor-rank strategy leaves it: it plays {exits_en}.\n")


def ourson_article_cycle() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    g, sol = examples.ourson_game()
    f = article_cycle_facts()
    vertices = list(ARTICLE_CYCLE) + [w for w in f["exits"].values() if w not in ARTICLE_CYCLE]
    ring = list(ARTICLE_CYCLE) + [ARTICLE_CYCLE[0]]
    edges: dict = {x: [y] for x, y in zip(ring, ring[1:])}
    for v, w in f["exits"].items():
        edges[v] = edges[v] + [w]
    sub = Arena([v for v in vertices if g.owner(v) == 0], [v for v in vertices if g.owner(v) == 1],
                edges)
    labels = {v: str(sol.rank[v]) for v in vertices}
    dot = arena_dot(sub, sol, View(winners=True, cycle=ARTICLE_CYCLE, labels=labels))
    ring_text = " → ".join(ring)
    exits = ", ".join(f"{v} → {w}" for v, w in f["exits"].items())
    return Drawing(dot, _caption(
        f"Le cycle {ring_text} du graphe de stratégie de l'article : toutes ses positions sont "
        "gagnées par les chiots (vermillon, bord tireté), et le nombre à côté de chacune est "
        "son rang. Les chiots y jouent vers des positions gagnantes sans faire baisser le "
        f"rang ; la stratégie du rang de l'attracteur joue les coups {exits}, qui quittent "
        "le cycle.",
        f"The cycle {ring_text} of the article's strategy graph: all its positions are won by "
        "the puppies (vermillion, dashed border), and the number beside each one is its rank. "
        "The puppies move there to winning positions without lowering the rank; the "
        f"attractor-rank strategy plays the moves {exits}, which leave the cycle."),
        describe(sub, sol), titles=vertex_titles(sub))


# ---------------------------------------------------------------- random play

PLAYS = 10_000
SEED = 2026


def _simulate(g: Arena, ourson_move, puppies_move, rng) -> int | None:
    """One play from the start: the number of moves after which the ourson is blocked,
    or ``None`` if it is still free after the 16-move rule's limit."""
    v = g.start
    for moves in range(MOVE_LIMIT + 1):
        succ = g.successors(v)
        if not succ:
            return moves
        if moves == MOVE_LIMIT:
            return None
        v = (ourson_move if g.owner(v) == 0 else puppies_move)(v, succ, rng)
    return None


@lru_cache(maxsize=1)
def random_plays() -> list[tuple[str, str, int, float, int]]:
    """Plays from 0450 with each player following one of several ways of playing, the
    random ones drawn with a fixed seed: for each pair, the number of plays where the
    ourson is blocked within the limit, the mean and the largest number of moves then."""
    import random

    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    rank = article_rank(g)

    def uniform(v, succ, rng):
        return rng.choice(succ)

    def attractor(v, succ, rng):
        return sol.move[v]

    def defence(v, succ, rng):       # the loser's best: a successor of largest rank
        return max(succ, key=lambda w: (sol.rank[w], succ.index(w)))

    def article(v, succ, rng):       # the article: a winning move of smaller "rank"
        good = [w for w in succ if sol.winner[w] == 1 and rank[w] < rank[v]]
        return rng.choice(good or list(succ))

    pairs = [("attractor", "uniform"), ("attractor", "defence"), ("article", "uniform"),
             ("article", "defence"), ("uniform", "uniform"), ("uniform", "defence")]
    ways = {"uniform": uniform, "attractor": attractor, "defence": defence,
            "article": article}
    rng = random.Random(SEED)
    rows = []
    for puppies, bear in pairs:
        lengths = [_simulate(g, ways[bear], ways[puppies], rng) for _ in range(PLAYS)]
        blocked = [n for n in lengths if n is not None]
        rows.append((puppies, bear, len(blocked),
                     sum(blocked) / len(blocked) if blocked else 0.0,
                     max(blocked, default=0)))
    claim(rows[0][2] == PLAYS and rows[0][4] <= sol.rank[g.start],
          "the attractor strategy does not always block the ourson within its rank")
    claim(rows[1][2] == PLAYS and rows[1][4] == sol.rank[g.start],
          "against the best defence the attractor strategy does not take exactly the rank")
    # what the page says of the other lines
    claim(rows[2][2] > PLAYS / 2 > rows[3][2], "the article's strategy: not most plays won "
          "against a random ourson and most lost against the best defence")
    claim(rows[4][2] < PLAYS / 2 and rows[5][2] < rows[4][2],
          "random puppies: not most plays lost")
    return rows


WAYS = {"uniform": {"fr": "au hasard", "en": "at random"},
        "attractor": {"fr": "rang de l'attracteur", "en": "attractor rank"},
        "defence": {"fr": "meilleure défense", "en": "best defence"},
        "article": {"fr": "« rang » de l'article", "en": "the article's “rank”"}}


@fragment
def ourson_random_plays() -> Bilingual:
    from coursebuild.markdown import dec, num, table

    out = {}
    for lang, head in (
            ("fr", ("Chiots", "Ourson", "Parties gagnées par les chiots",
                    "Coups en moyenne", "Coups au plus")),
            ("en", ("Puppies", "Ourson", "Plays won by the puppies", "Mean moves",
                    "Most moves"))):
        rows = [(WAYS[p][lang], WAYS[o][lang], f"{num(b, lang)} / {num(PLAYS, lang)}",
                 dec(mean, lang, 1) if b else "–", most if b else "–")
                for p, o, b, mean, most in random_plays()]
        out[lang] = table(head, rows, "llrrr")
    out["fr"] += (f"\n{num(PLAYS, 'fr')} parties par ligne, graine {SEED} ; le rang du départ "
                  f"`0450` vaut {examples.ourson_game().solution.rank['0450']}.\n")
    out["en"] += (f"\n{num(PLAYS, 'en')} plays per line, seed {SEED}; the rank of the start "
                  f"`0450` is {examples.ourson_game().solution.rank['0450']}.\n")
    return out


FIGURES: tuple[Figure, ...] = (
    Figure("ourson-board", ourson_board),
    Figure("ourson-states", ourson_states),
    Figure("ourson-strategy", ourson_strategy),
    Figure("ourson-cycle", ourson_cycle),
    Figure("ourson-article-cycle", ourson_article_cycle),
)

