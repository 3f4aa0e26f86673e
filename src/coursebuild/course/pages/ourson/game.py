"""The ourson game on the chapter's page: its counts (positions, moves, draws, the longest
plays), the board, the states, the strategy and the cycle drawn, and the exercises on it."""

from __future__ import annotations

from functools import lru_cache

from arena import Arena, solve, verify_strategy
from arena.games.ourson import BOARD, MOVE_LIMIT
from arena.strategies import reachable
from coursebuild.course import examples
from coursebuild.course.counts import DRAWS, MOVES, POSITIONS, count, plain, said, said_math
from coursebuild.course.drawing import Drawing, _caption
from coursebuild.course.facts import claim
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
)


@count(POSITIONS)
def ourson_positions() -> int:
    """Every position of the game: the graph drawn and solved (120)."""
    return len(examples.ourson_game().arena)


@count(POSITIONS)
def ourson_reachable() -> int:
    """The positions a play from the start 0450 can reach (118: not 4021 nor 5031)."""
    from coursebuild.course.pages.theory import reachable_count

    return reachable_count(examples.ourson_game().arena)


@count(MOVES)
def ourson_moves() -> int:
    return examples.ourson_game().arena.n_edges


@count(POSITIONS)
def ourson_blocked() -> int:
    """The positions where the ourson, to move, is blocked: V_1."""
    return len(examples.ourson_game().arena.V1)


@count(POSITIONS)
def ourson_won_by_puppies() -> int:
    return examples.ourson_game().solution.summary()["won_by_1"]


@count(POSITIONS)
def ourson_won_by_ourson() -> int:
    return examples.ourson_game().solution.summary()["won_by_0"]


@count(DRAWS)
def ourson_draws() -> int:
    return examples.ourson_game().solution.summary()["draws"]


@lru_cache(maxsize=1)
def _longest() -> dict:
    g, sol = examples.ourson_game()
    return verify_strategy(g, 1, solution=sol)


@count(MOVES)
def ourson_longest_from_start() -> int:
    """The longest play from 0450 when the puppies follow the attractor-rank strategy,
    every reply of the ourson explored."""
    return _longest()[examples.ourson_game().arena.start]


@count(MOVES)
def ourson_longest_anywhere() -> int:
    return max(_longest().values())


@count(MOVES, given=("ourson", "modelling", "notebooks/07-case-studies"))
def ourson_move_limit() -> int:
    """The 16-move rule: a rule of the game, which the pages state in words."""
    return MOVE_LIMIT


@count(POSITIONS, given=("ourson",))
def ourson_free_vertices() -> int:
    """The vertices of the board left to the puppies once the ourson is placed."""
    return len(BOARD) - 1


@count(POSITIONS)
def ourson_strategy_positions() -> int:
    """The positions reached when the puppies follow their strategy from 0450."""
    g, sol = examples.ourson_game()
    return len(reachable(g, player=1, strategy=sol.move))


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
        "The board of the bear cub game: six vertices numbered 0 to 5. Start position 0450: "
        "the cub (blue disc, solid border) on 0, the two puppies (vermilion discs, "
        "dashed border) on 4 and 5; the cub moves first."),
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
    claim(ourson_won_by_puppies() == len(g), "the caption says: all are won by the puppies")
    return Drawing(dot, _caption(
        f"Les {plain(ourson_positions, 'fr')} positions du jeu de l'ourson et leurs "
        f"{plain(ourson_moves, 'fr')} coups. Toutes sont "
        "gagnantes pour les chiots (vermillon, bord tireté), y compris le départ 0450 : il "
        "n'y a aucun match nul malgré les nombreux cycles du graphe.",
        f"The {plain(ourson_positions, 'en')} positions of the bear cub game and their "
        f"{plain(ourson_moves, 'en')} moves. All are "
        "winning for the puppies (vermilion, dashed border), the start 0450 included: there "
        "is no draw despite the many cycles of the graph."),
        describe(g, sol), prog="neato", titles=vertex_titles(g), arena=g, board=board)


def ourson_strategy() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    g, sol = examples.ourson_game()
    sub = reachable(g, player=1, strategy=sol.move)
    subsol = solve(sub)
    dot = arena_dot(sub, subsol, View(winners=True, ranks=True))
    claim(len(sub) == ourson_strategy_positions()
          and ourson_longest_from_start() == sol.rank[g.start],
          "the caption says: the cub is blocked within the start's rank")
    return Drawing(dot, _caption(
        f"La stratégie des chiots depuis 0450 : les {plain(ourson_strategy_positions, 'fr')} "
        "positions atteignables quand "
        "les chiots suivent la stratégie du rang de l'attracteur et que l'ourson joue "
        "n'importe quoi. Le nombre à côté d'une position est son rang : il baisse à chaque "
        f"coup, donc aucun cycle ; l'ourson est bloqué en "
        f"{plain(ourson_longest_from_start, 'fr')} coups au "
        f"plus, bien avant la limite de {MOVE_LIMIT}.",
        f"The puppies' strategy from 0450: the {plain(ourson_strategy_positions, 'en')} "
        "positions reachable when the "
        "puppies follow the attractor-rank strategy and the cub plays anything. The "
        "number beside a position is its rank: it falls at each move, so there is no "
        f"cycle; the cub is blocked within {plain(ourson_longest_from_start, 'en')} moves, "
        f"well before the limit of {MOVE_LIMIT}."), describe(sub, subsol),
        titles=vertex_titles(sub))


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
        "each move, the cub raises it again, and the play goes round. Right, from the "
        f"same position {root}, the attractor-rank strategy (number beside): it falls at "
        "each move, by exactly one at each move of the puppies, and the cub ends "
        "blocked."),
        describe(both, name=lambda v: f"{v[1]}"))


@fragment
def ourson_facts() -> Bilingual:
    from arena.games.ourson import article_rank, article_rank_cycle

    g, sol = examples.ourson_game()
    rank = article_rank(g)
    cycle = article_rank_cycle(g, sol.winner)
    ring = " → ".join(f"`{v}`" for v in cycle + [cycle[0]])
    blocked = ", ".join(f"`{v}`" for v in g.V1)
    claim(ourson_longest_from_start() == sol.rank[g.start],
          "the text says: blocked within the start's rank")
    return {lang: (
        f"Le graphe des positions a {said(ourson_positions, lang)} sommets et "
        f"{said(ourson_moves, lang)} arêtes ; depuis le départ `0450`, une partie peut en "
        f"atteindre {said(ourson_reachable, lang)}. L'ourson est bloqué "
        f"dans {said(ourson_blocked, lang)} positions ({blocked}). Les attracteurs donnent "
        f"{said(ourson_won_by_puppies, lang)} positions gagnantes pour les chiots, "
        f"{said(ourson_won_by_ourson, lang)} pour l'ourson et {said(ourson_draws, lang)} nulle. "
        f"Le « rang » de l'article vaut {rank['0450']} au départ `0450` (et au plus "
        f"{max(rank.values())}) ; le rang de l'attracteur y vaut {sol.rank['0450']}. Avec la "
        f"stratégie du rang de l'attracteur, l'exploration de toutes les réponses de "
        f"l'ourson montre que toute partie depuis "
        f"`0450` finit par le blocage de l'ourson en {said(ourson_longest_from_start, lang)} "
        f"coups au plus, et jamais en plus de {said(ourson_longest_anywhere, lang)} coups "
        f"depuis n'importe quelle position : la règle des {MOVE_LIMIT} coups est largement "
        f"respectée. Un cycle que permet la stratégie du « rang » de l'article (trouvé par "
        f"le calcul) : {ring}.\n"
        if lang == "fr" else
        f"The position graph has {said(ourson_positions, lang)} vertices and "
        f"{said(ourson_moves, lang)} edges; a play from the start `0450` can reach "
        f"{said(ourson_reachable, lang)} of them. The cub is blocked "
        f"in {said(ourson_blocked, lang)} positions ({blocked}). The attractors give "
        f"{said(ourson_won_by_puppies, lang)} positions won by the puppies, "
        f"{said(ourson_won_by_ourson, lang)} by the cub and {said(ourson_draws, lang)} draws. "
        f"The article's “rank” is {rank['0450']} at the start `0450` (and at most "
        f"{max(rank.values())}); the attractor rank there is {sol.rank['0450']}. With the "
        f"attractor-rank strategy, exploring every reply of the cub shows that every play "
        f"from `0450` ends with the cub blocked within "
        f"{said(ourson_longest_from_start, lang)} moves, and never later than "
        f"{said(ourson_longest_anywhere, lang)} moves from any position: the {MOVE_LIMIT}-move "
        f"rule holds with room to spare. A cycle that the article's “rank” strategy allows "
        f"(found by computation): {ring}.\n") for lang in ("fr", "en")}


def unreachable_positions() -> list[str]:
    """The positions no play from the start reaches, each checked to be one where the
    ourson has just moved (the puppies to move) to a vertex whose neighbours on the board
    both hold puppies: it cannot have come from anywhere."""
    from arena.games.ourson import pieces

    g = examples.ourson_game().arena
    seen, todo = {g.start}, [g.start]
    while todo:
        for w in g.successors(todo.pop()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    missing = sorted(v for v in g.vertices if v not in seen)
    for v in missing:
        cells = pieces(v)
        ourson = next(c for c, piece in cells.items() if piece == "ourson")
        claim(v[3] == "1" and all(cells.get(w) == "puppy" for w in BOARD[ourson]),
              f"{v} is unreachable for another reason than the page says")
    claim(len(missing) == ourson_positions() - ourson_reachable(),
          "the unreachable positions are not the difference of the two counts")
    return missing


@fragment
def ex_ourson_count() -> Bilingual:
    from math import comb

    board = len(BOARD)
    claim(ourson_positions() == board * comb(board - 1, 2) * 2,
          "the ourson graph is not every placement of the pieces, with either player to move")
    formula = f"{board} \\times {comb(board - 1, 2)} \\times 2 = {ourson_positions()}"
    missing = unreachable_positions()
    a, b = (f"`{v}`" for v in missing)
    return {lang: (
        f"On trouve {said_math(ourson_positions, formula)} sommets : toutes les positions, "
        "celles du graphe des positions. Une partie partant de `0450` n'en atteint que "
        f"{said(ourson_reachable, lang)} : {a} et {b} n'arrivent jamais, car l'ourson ne peut "
        f"pas venir d'arriver en {missing[0][0]} (ou en {missing[1][0]}) quand les deux "
        "voisins de ce sommet portent les chiots.\n"
        if lang == "fr" else
        f"This gives {said_math(ourson_positions, formula)} vertices: all the positions, those "
        "of the graph of positions. A play from `0450` reaches only "
        f"{said(ourson_reachable, lang)} of them: {a} and {b} never occur, since the cub cannot "
        f"have just moved to {missing[0][0]} (or to {missing[1][0]}) when both neighbours of "
        "that vertex hold the puppies.\n") for lang in ("fr", "en")}


@count(POSITIONS)
def ourson_rank_strictly_above() -> int:
    """The puppies' winning positions whose attractor rank is above the article's
    "rank" (the distance to a blocked position)."""
    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    short = article_rank(g)
    return sum(short[x] < r for x, r in sol.attractor(1).items())


@fragment
def ex_ourson_ranks() -> Bilingual:
    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    short, rank = article_rank(g), sol.attractor(1)
    # the text says: the article's "rank" is the distance to V_1, a lower bound of the rank
    claim({x for x in g.vertices if not g.successors(x)} == set(g.V1),
          "the positions without a move are not exactly V_1")
    claim(all(short[x] <= r for x, r in rank.items()),
          "the article's rank is not a lower bound of the attractor rank")
    claim(len(rank) == ourson_won_by_puppies(), "the puppies' attractor changed")
    return {lang: (
        f"Sur le jeu de l'ourson, l'inégalité est stricte pour "
        f"{said(ourson_rank_strictly_above, lang)} des {said(ourson_won_by_puppies, lang)} "
        f"positions gagnantes des chiots ; au départ `0450`, le « rang » de l'article vaut "
        f"{short['0450']} et le rang de l'attracteur {rank['0450']}.\n"
        if lang == "fr" else
        f"On the bear cub game, the inequality is strict for "
        f"{said(ourson_rank_strictly_above, lang)} of the {said(ourson_won_by_puppies, lang)} "
        f"positions won by the puppies; at the start `0450`, the article's “rank” is "
        f"{short['0450']} and the attractor rank is {rank['0450']}.\n") for lang in ("fr", "en")}


@fragment
def ex_ourson_clock() -> Bilingual:

    g, sol = examples.ourson_game()
    r, worst = sol.rank["0450"], max(sol.attractor(1).values())
    return both(
        f"Le départ `0450` a le rang {r} $\\le {MOVE_LIMIT}$ : les chiots gagnent aussi avec "
        f"la règle des {MOVE_LIMIT} coups. Le plus grand rang d'une position gagnante des "
        f"chiots est {worst}.\n",
        f"The start `0450` has rank {r} $\\le {MOVE_LIMIT}$: the puppies also win under the "
        f"{MOVE_LIMIT}-move rule. The largest rank of a position won by the puppies is "
        f"{worst}.\n")
