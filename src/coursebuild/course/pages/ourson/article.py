"""The ourson game as the article plays it: its strategy's graph and the cycle it lets the
cub force, and random plays against each defence (how many the article's strategy loses)."""

from __future__ import annotations

from functools import lru_cache

from arena import Arena
from arena.games.ourson import MOVE_LIMIT
from coursebuild.course import examples
from coursebuild.course.counts import MOVES, POSITIONS, count, said
from coursebuild.course.counts import PLAYS as PLAYS_KIND
from coursebuild.course.drawing import Drawing, _caption
from coursebuild.course.facts import claim
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
)

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


@lru_cache(maxsize=1)
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


@count(POSITIONS)
def article_graph_reached() -> int:
    """The positions the article's first strategy graph reaches from 0450."""
    return article_cycle_facts()["reached"]


@count(POSITIONS)
def article_graph_on_cycles() -> int:
    """Those of them that lie on a cycle of that graph."""
    return article_cycle_facts()["cyclic"]


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
        f"Depuis `0450`, ce graphe atteint {said(article_graph_reached, 'fr')} positions, dont "
        f"{said(article_graph_on_cycles, 'fr')} sont "
        f"sur un cycle. Le cycle de l'article, {ring}, en fait partie : ses quatre positions "
        f"sont gagnées par les chiots, mais chaque coup des chiots sur ce cycle fait remonter "
        f"le rang ({rises['fr']}). La stratégie du rang de l'attracteur en sort : elle joue "
        f"{exits_fr}.\n",
        f"From `0450`, this graph reaches {said(article_graph_reached, 'en')} positions, "
        f"{said(article_graph_on_cycles, 'en')} of which lie "
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
        "the puppies (vermilion, dashed border), and the number beside each one is its rank. "
        "The puppies move there to winning positions without lowering the rank; the "
        f"attractor-rank strategy plays the moves {exits}, which leave the cycle."),
        describe(sub, sol), titles=vertex_titles(sub))


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


def best_defence(tie: str):
    """The cub's best defence: a successor of greatest rank, and when several have it, the
    first of them in the graph's order (``tie="first"``: positions sorted by their four
    digits) or the last (``tie="last"``)."""
    g, sol = examples.ourson_game()

    def defence(v, succ, rng):
        top = max(sol.rank[w] for w in succ)
        tied = [w for w in succ if sol.rank[w] == top]
        return tied[0] if tie == "first" else tied[-1]
    return defence


@count(POSITIONS)
def ourson_cub_to_move() -> int:
    return len(examples.ourson_game().arena.S0)


@count(POSITIONS)
def ourson_defence_ties_count() -> int:
    """The cub's positions where several successors have the greatest rank: the two tie
    rules of the best defence play differently there."""
    g, sol = examples.ourson_game()
    return sum(1 for v in g.S0 if g.successors(v) and
               sum(sol.rank[w] == max(sol.rank[x] for x in g.successors(v))
                   for w in g.successors(v)) > 1)


@fragment
def ourson_defence_ties() -> Bilingual:
    return {lang: (
        f"Les deux règles ne jouent autrement qu'en {said(ourson_defence_ties_count, lang)} "
        f"des {said(ourson_cub_to_move, lang)} positions où l'ourson doit jouer.\n"
        if lang == "fr" else
        f"The two rules play differently at only {said(ourson_defence_ties_count, lang)} of the "
        f"{said(ourson_cub_to_move, lang)} positions where the cub is to move.\n")
        for lang in ("fr", "en")}


PAIRS = (("attractor", "uniform"), ("attractor", "first"), ("attractor", "last"),
         ("article", "uniform"), ("article", "first"), ("article", "last"),
         ("uniform", "uniform"), ("uniform", "first"), ("uniform", "last"))
"""The ways of playing simulated: (the puppies', the cub's)."""


@lru_cache(maxsize=1)
def random_plays() -> dict[tuple[str, str], tuple[int, float, int]]:
    """Plays from 0450 with each side following one of several ways of playing, the random
    ones drawn with a generator of fixed seed, started afresh for each pair: for each
    pair, the number of plays where the cub is blocked within the limit, the mean and the
    largest number of moves then. What the page concludes is checked for both tie rules
    of the best defence."""
    import random

    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    rank = article_rank(g)

    def uniform(v, succ, rng):
        return rng.choice(succ)

    def attractor(v, succ, rng):
        return sol.move[v]

    def article(v, succ, rng):       # the article: a winning move of smaller "rank"
        good = [w for w in succ if sol.winner[w] == 1 and rank[w] < rank[v]]
        return rng.choice(good or list(succ))

    ways = {"uniform": uniform, "attractor": attractor, "article": article,
            "first": best_defence("first"), "last": best_defence("last")}
    rows = {}
    for puppies, cub in PAIRS:
        rng = random.Random(SEED)
        lengths = [_simulate(g, ways[cub], ways[puppies], rng) for _ in range(PLAYS)]
        blocked = [k for k in lengths if k is not None]
        rows[puppies, cub] = (len(blocked), sum(blocked) / len(blocked) if blocked else 0.0,
                              max(blocked, default=0))
    r = sol.rank[g.start]
    for tie in ("first", "last"):
        won, mean, most = rows["attractor", tie]
        claim(won == PLAYS and mean == most == r,
              f"against the best defence ({tie}), the attractor strategy does not always "
              "block the cub in exactly the start's rank")
        claim(PLAYS - rows["article", tie][0] > 0,
              f"the article's strategy loses no play against the best defence ({tie})")
        claim(rows["uniform", tie][0] < PLAYS / 2, "random puppies: not most plays lost")
    claim(rows["attractor", "uniform"][0] == PLAYS and rows["attractor", "uniform"][2] <= r,
          "the attractor strategy does not always block the cub within its rank")
    claim(rows["article", "uniform"][0] > PLAYS / 2,
          "the article's strategy: not most plays won against a random cub")
    claim(rows["uniform", "uniform"][0] < PLAYS / 2, "random puppies: not most plays lost")
    claim(rows["article", "first"][0] != rows["article", "last"][0],
          "the page says the tie rule changes the article's score")
    return rows


@count(PLAYS_KIND)
def ourson_plays_per_line() -> int:
    return PLAYS


@count(PLAYS_KIND)
def article_lost_first() -> int:
    """Plays the article's strategy loses against the best defence, first of the ties."""
    return PLAYS - random_plays()["article", "first"][0]


@count(PLAYS_KIND)
def article_lost_last() -> int:
    """The same with the last of the ties."""
    return PLAYS - random_plays()["article", "last"][0]


WAYS = {"uniform": {"fr": "au hasard", "en": "at random"},
        "attractor": {"fr": "rang de l'attracteur", "en": "attractor rank"},
        "first": {"fr": "meilleure défense, premier ex æquo",
                  "en": "best defence, first of the ties"},
        "last": {"fr": "meilleure défense, dernier ex æquo",
                 "en": "best defence, last of the ties"},
        "article": {"fr": "« rang » de l'article", "en": "the article's “rank”"}}


@fragment
def ourson_random_plays() -> Bilingual:
    from coursebuild.sources.markdown import dec, num, table

    out = {}
    plays = random_plays()
    for lang, head in (
            ("fr", ("Chiots", "Ourson", "Parties gagnées par les chiots",
                    "Coups en moyenne", "Coups au plus")),
            ("en", ("Puppies", "Cub", "Plays won by the puppies", "Mean moves",
                    "Most moves"))):
        rows = [(WAYS[p][lang], WAYS[o][lang], f"{num(b, lang)} / {num(PLAYS, lang)}",
                 dec(mean, lang, 1) if b else "–", most if b else "–")
                for (p, o), (b, mean, most) in plays.items()]
        out[lang] = table(head, rows, "llrrr")
    r = examples.ourson_game().solution.rank["0450"]
    out["fr"] += (f"\n{said(ourson_plays_per_line, 'fr')} parties par ligne, graine {SEED} ; le "
                  f"rang du départ `0450` vaut {r}.\n")
    out["en"] += (f"\n{said(ourson_plays_per_line, 'en')} plays per line, seed {SEED}; the rank "
                  f"of the start `0450` is {r}.\n")
    return out


@count(MOVES)
def ourson_start_rank() -> int:
    """The rank of the start 0450: the length of every play against the best defence."""
    g, sol = examples.ourson_game()
    return sol.rank[g.start]


@fragment
def ourson_random_conclusion() -> Bilingual:
    r = said(ourson_start_rank, "fr"), said(ourson_start_rank, "en")
    return {lang: (
        "Quelle que soit la règle des ex æquo, la stratégie du rang de l'attracteur gagne "
        f"toutes les parties, en {r[0]} coups exactement contre la meilleure défense (le rang du "
        "départ) et en au plus autant contre toute autre : c'est le théorème du chapitre "
        "[Attracteurs](attractors.md). Celle de l'article gagne la plupart des parties contre "
        "un ourson qui joue au hasard, mais en perd contre la meilleure défense : "
        f"{said(article_lost_first, lang)} parties sur {said(ourson_plays_per_line, lang)} avec le "
        f"premier ex æquo, {said(article_lost_last, lang)} avec le dernier, où les cycles la "
        f"retiennent jusqu'à la limite des {MOVE_LIMIT} coups. La règle des ex æquo change "
        "beaucoup ce score, pas la conclusion : une stratégie qui perd des parties contre "
        "une défense n'est pas gagnante. Au hasard, les chiots perdent le plus souvent.\n"
        if lang == "fr" else
        "Whatever the tie rule, the attractor-rank strategy wins every play, in exactly "
        f"{r[1]} moves against the best defence (the rank of the start) and within as many "
        "against any other: this is the theorem of the chapter "
        "[Attractors](attractors.md). The article's strategy wins most plays against a cub "
        "playing at random, but loses some against the best defence: "
        f"{said(article_lost_first, lang)} plays out of {said(ourson_plays_per_line, lang)} with "
        f"the first of the ties, {said(article_lost_last, lang)} with the last, where the "
        f"cycles hold it up until the {MOVE_LIMIT}-move limit. The tie rule changes this "
        "score a great deal, not the conclusion: a strategy that loses plays against some "
        "defence is not a winning strategy. Playing at random, the puppies lose most "
        "often.\n") for lang in ("fr", "en")}
