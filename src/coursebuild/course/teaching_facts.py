"""The teaching notes' facts: the counterexamples that the teaching notes
(``docs/teaching/*.yaml``, read by :mod:`coursebuild.course.teaching_notes`, written out by
:mod:`coursebuild.products.teaching`) show to reveal a misconception, computed here by the library
and by the exercises' own checkers. A note writes ``{{fact:NAME}}`` where ``NAME`` is a key
of :data:`NOTE_FACTS`, and each value is checked by :func:`coursebuild.course.facts.claim` before
it is written. (The teachers' guide's own figures and fragments are
:mod:`coursebuild.course.pages.teachers`, which computes and draws the loop of
:func:`~coursebuild.course.pages.teachers.spec_loop`; this module, above the pages, reads it.)"""

from __future__ import annotations

import functools
import subprocess
import sys
from collections.abc import Callable

from coursebuild.course import examples
from coursebuild.course.facts import claim
from coursebuild.course.pages.teachers import spec_loop, spec_loop_arena
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    code,
    fence,
    fragment,
    num,
    pos,
    table,
)

NOTE_FACTS: dict[str, Callable[[], Bilingual]] = {}


def note_fact(fn: Callable[[], Bilingual]) -> Callable[[], Bilingual]:
    """Register a fact of the teaching notes under its function's name with dashes; it is
    also a fragment, ``note-NAME`` (:mod:`coursebuild.products.fragments`), which the build
    computes again only when its key changes."""
    name = fn.__name__.replace("_", "-")
    NOTE_FACTS[name] = fn
    return fragment(name=f"note-{name}")(fn)


def _and(items: list[str], lang: str) -> str:
    last = " et " if lang == "fr" else " and "
    return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else items[0]


def _bar(rows) -> str:
    """A chomp bar as the chapter writes it: the lengths of its rows, ``$(3, 2)$``."""
    return "$(" + ", ".join(map(str, rows)) + ")$"


def _verdict(exercise_id: str, code_text: str, lang: str) -> str:
    """What the Check of a programming exercise answers to ``code_text`` (the checker the
    page runs in the browser, run here by CPython)."""
    from coursebuild.course.python_exercises import check
    from coursebuild.sources.glossary import english

    # the notes' code is written with the French course's names; the English student
    # writes it with the English ones
    result = check(exercise_id, code_text if lang == "fr" else english(code_text), lang)
    claim(result["status"] == "fail", f"teaching notes: the check of {exercise_id} accepts "
          "the mistaken version the notes show")
    return result["message"]


@note_fact
def nim_positions() -> Bilingual:
    """Nim with 10 sticks and the rule {1, 2}: 11 numbers of sticks, 21 positions."""
    from arena.games import nim

    g = nim(10, [1, 2])
    claim(len(g) == 2 * 10 + 1, "nim: 10 sticks do not make 21 positions")
    return both(f"{len(g)} positions pour 11 nombres de bâtonnets",
                f"{len(g)} positions for 11 numbers of sticks")


@note_fact
def nim_victories() -> Bilingual:
    from arena.games import nim

    g = nim(10, [1, 2])
    v0, v1 = (", ".join(pos(v)[1:-1] for v in sorted(vs)) for vs in (g.V0, g.V1))
    claim(g.V1 == ((0, 0),), "nim: V1 is not {(0, 0)}")
    return both(f"$V_0 = \\{{{v0}\\}}$ et $V_1 = \\{{{v1}\\}}$",
                f"$V_0 = \\{{{v0}\\}}$ and $V_1 = \\{{{v1}\\}}$")


@note_fact
def nim15_victories() -> Bilingual:
    """Nim with 15 sticks and the rule {2, 3, 5} (exercise 6.1): with 0 or 1 stick the
    player to move cannot move."""
    from arena.games import nim

    g = nim(15, [2, 3, 5])
    v0, v1 = (", ".join(pos(v)[1:-1] for v in sorted(vs)) for vs in (g.V0, g.V1))
    claim(set(g.V1) == {(0, 0), (1, 0)}, "nim 15 {2, 3, 5}: V1 is not {(0, 0), (1, 0)}")
    return both(f"$V_0 = \\{{{v0}\\}}$ et $V_1 = \\{{{v1}\\}}$",
                f"$V_0 = \\{{{v0}\\}}$ and $V_1 = \\{{{v1}\\}}$")


@note_fact
def chomp23_positions() -> Bilingual:
    """Chomp 2 x 3 (exercise 6.3): its bars, each once per player to move but the poison
    alone."""
    from math import comb

    from arena.games import chomp

    g = chomp(2, 3)
    shapes = comb(2 + 3, 2) - 1
    bars = {v[0] for v in g.vertices}
    claim(len(bars) == shapes and len(g) > shapes, "chomp 2 x 3: the positions are the bars")
    return both(f"{len(g)} positions pour {shapes} formes de tablette",
                f"{len(g)} positions for {shapes} shapes of the bar")


@note_fact
def nim_degrees_10() -> Bilingual:
    from arena.course import chapter_dicts, dplus, renverse_graphe

    A, *_ = chapter_dicts(examples.nim_10().arena)
    out, into = dplus(A)[(1, 0)], len(renverse_graphe(A)[(1, 0)])
    claim(out != into, "nim: the in- and out-degrees of (1, 0) are equal")
    return both(f"$d^+(1, 0) = {out}$ et $d^-(1, 0) = {into}$",
                f"$d^+(1, 0) = {out}$ and $d^-(1, 0) = {into}$")


@note_fact
def nim_moves_by_player() -> Bilingual:
    """The play of Nim (10, {1, 2}) where both follow the computed strategies: its moves,
    those of each player, and the start's rank."""
    from arena.strategies import play

    g, sol = examples.nim_10().arena, examples.nim_10().solution
    line = play(g, sol.move)
    moves = [g.owner(x) for x in line[:-1]]
    rank = sol.rank[g.start]
    claim(len(moves) == rank, "nim: the play of best moves does not last the rank")
    return both(f"le départ a le rang {rank}, et la partie où chacun joue au mieux compte "
                f"{moves.count(0)} coups de $J_0$ et {moves.count(1)} de $J_1$",
                f"the start has rank {rank}, and the play where both play their best has "
                f"{moves.count(0)} moves of $J_0$ and {moves.count(1)} of $J_1$")


# an attractor that reads "all its successors are in A_n" of a dead end as true
VACUOUS_NAIVE = """\
def attracteur_naif(A, S0, V0):
    att = dict(V0)
    while True:
        new = [x for x in A if x not in att and (any(y in att for y in A[x]) if x in S0
                                                 else all(y in att for y in A[x]))]
        if not new:
            return att
        for x in new:
            att[x] = None
"""

# the chapter's recursive marque_propage, handed in for exercise 4.1
RECURSIVE_ATTRACTOR = """\
def calcule_attracteur(A, S0, V0):
    B = {s: [] for s in A}
    for s in A:
        for t in A[s]:
            B[t].append(s)
    d = {s: len(A[s]) for s in A}
    attr = {}
    def marque(s):
        if s not in attr:
            attr[s] = None
            for x in B[s]:
                d[x] -= 1
                if x in S0 or d[x] == 0:
                    marque(x)
    for s in V0:
        marque(s)
    return attr
"""

# the naive fixpoint of exercise 3.7, handed in for exercise 4.1
NAIVE_ATTRACTOR = VACUOUS_NAIVE.replace("attracteur_naif", "calcule_attracteur").replace(
    "all(y in att for y in A[x])", "A[x] and all(y in att for y in A[x])")


@note_fact
def dead_end_check() -> Bilingual:
    """The Check of exercise 3.7 against the attractor that counts dead ends in."""
    return {lang: fence(_verdict("naive-attractor", VACUOUS_NAIVE, lang), "text")
            for lang in ("fr", "en")}


@note_fact
def recursion_check() -> Bilingual:
    """The Check of exercise 4.1 against the chapter's recursive version."""
    return {lang: "« " + _verdict("attractor", RECURSIVE_ATTRACTOR, lang) + " »"
            if lang == "fr" else "“" + _verdict("attractor", RECURSIVE_ATTRACTOR, lang) + "”"
            for lang in ("fr", "en")}


@note_fact
def recursion_limit_value() -> Bilingual:
    """Python's default limit of nested calls, asked of a fresh interpreter (a build may
    run with a limit its tools raised)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print(sys.getrecursionlimit())"],
                          capture_output=True, text=True, check=True)
    limit = int(done.stdout)
    return {lang: num(limit, lang) for lang in ("fr", "en")}


@note_fact
def naive_check() -> Bilingual:
    """The Check of exercise 4.1 against the naive fixpoint (correct, but quadratic)."""
    return {lang: ("« " if lang == "fr" else "“") + _verdict("attractor", NAIVE_ATTRACTOR, lang)
            + (" »" if lang == "fr" else "”") for lang in ("fr", "en")}


@note_fact
def ex62_outcomes() -> Bilingual:
    """The game of exercise 6.2: its positions by outcome (draws included)."""
    g, sol = examples.ex42().arena, examples.ex42().solution
    counts = sol.summary()
    claim(counts["draws"] > 0, "exercise 6.2: the game has no draw")
    return both(f"sur ses {len(g)} positions, {counts['won_by_0']} sont gagnées par $J_0$, "
                f"{counts['won_by_1']} par $J_1$ et {counts['draws']} sont nulles",
                f"of its {len(g)} positions, {counts['won_by_0']} are won by $J_0$, "
                f"{counts['won_by_1']} by $J_1$ and {counts['draws']} are drawn")


@note_fact
def spec_loop_arena_text() -> Bilingual:
    g = spec_loop_arena()
    edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
    sets = (f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
            f"$V_0 = \\{{{', '.join(g.V0)}\\}}$")
    return both(f"{sets}, arêtes {edges}", f"{sets}, edges {edges}")


@note_fact
def spec_loop_table() -> Bilingual:
    f = spec_loop()
    g = f["arena"]
    rows = [(code(v), "$J_0$" if g.owner(v) == 0 else "$J_1$", f["ranks"][v], f["numbers"][v],
             code(f["moves"][v]) if v in f["moves"] else "") for v in g.vertices]
    return {"fr": table(("Sommet", "Joueur", "Rang", "Numéro (`marque_propage2`)",
                         "Coup de `strategie`"), rows, "llrrl"),
            "en": table(("Vertex", "Player", "Rank", "Number (`mark_propagate2`)",
                         "Move of `strategy`"), rows, "llrrl")}


@note_fact
def spec_loop_play() -> Bilingual:
    f = spec_loop()
    ring = " → ".join(f["loop"])
    return both(f"la partie {ring} → …, que $J_1$ impose ; la stratégie calculée, elle, "
                f"joue x → {f['move']} et gagne en au plus {f['ranks']['x']} coups",
                f"the play {ring} → …, which $J_1$ forces; the computed strategy plays "
                f"x → {f['move']} instead and wins within {f['ranks']['x']} moves")


@note_fact
def spec_numbers() -> Bilingual:
    f = spec_loop()
    n, r = f["numbers"], f["ranks"]
    return both(f"z reçoit le numéro {n['z']} mais a le rang {r['z']} ; x reçoit le numéro "
                f"{n['x']}, son rang",
                f"z gets the number {n['z']} but has rank {r['z']}; x gets the number "
                f"{n['x']}, its rank")


@note_fact
def chomp_losing_moves() -> Bilingual:
    """Chomp 2 x 3 (exercise 6.3): after J_0's winning first move, J_1 faces a bar it
    loses whatever it plays, its moves of different ranks, and the delaying move."""
    from arena import solve
    from arena.games import chomp

    g = chomp(2, 3)
    sol = solve(g)
    x = sol.move[g.start]                  # J_1 to move, after J_0's winning first move
    ranks = sorted(sol.rank[y] for y in g.successors(x))
    claim(g.owner(x) == 1 and sol.winner[x] == 0 and len(set(ranks)) > 1,
          "chomp 2 x 3: after the first move, J_1 does not lose with moves of different ranks")
    low, high = ranks[0], ranks[-1]
    return both(f"le premier coup gagnant de $J_0$ laisse à $J_1$ la tablette {_bar(x[0])} : "
                f"$J_1$ y a {len(ranks)} coups, tous perdants ; {ranks.count(low)} perdent en "
                f"{low} coup, {ranks.count(high)} en {high} coups, et la stratégie calculée de "
                f"$J_1$ joue {_bar(sol.move[x][0])}, de rang {high}",
                f"$J_0$'s winning first move leaves $J_1$ the bar {_bar(x[0])}: $J_1$ has "
                f"{len(ranks)} moves there, all losing; {ranks.count(low)} lose within {low} "
                f"move, {ranks.count(high)} within {high} moves, and $J_1$'s computed strategy "
                f"plays {_bar(sol.move[x][0])}, of rank {high}")


@note_fact
def chomp_thin_bars() -> Bilingual:
    """Chomp 1 x 2 and 2 x 1: after the first bite only the poison is left, a position
    without a move (a victory of J_0): there is no answer of J_1 to steal."""
    from arena import solve
    from arena.games import chomp

    for m, n in ((1, 2), (2, 1)):
        g = chomp(m, n)
        sol = solve(g)
        after = sol.move[g.start]
        claim(after[0] == (1,) and not g.successors(after) and g.victory(after) == 0
              and sol.rank[g.start] == 1, f"chomp {m} x {n}: the first bite does not win at "
              "once")
    one = chomp(1, 1)
    claim(solve(one).winner[one.start] == 1, "chomp 1 x 1: the first player does not lose")
    return both("sur $1 \\times 2$ comme sur $2 \\times 1$, la première bouchée ne laisse que "
                "le carré empoisonné : $J_1$ n'a plus aucun coup (la position est une victoire "
                "de $J_0$), et le départ a le rang 1",
                "on $1 \\times 2$ as on $2 \\times 1$, the first bite leaves only the poisoned "
                "square: $J_1$ has no move left (the position is a victory of $J_0$), and the "
                "start has rank 1")


@note_fact
def chomp_first_moves() -> Bilingual:
    """The winning first moves the attractor finds on a few bars (the stealing argument
    names none)."""
    from arena import solve
    from arena.games import chomp

    parts = {"fr": [], "en": []}
    for m, n in ((3, 4), (4, 5)):
        g = chomp(m, n)
        sol = solve(g)
        good = [y for y in g.successors(g.start) if sol.winner[y] == 0]
        claim(good, f"chomp {m} x {n}: no winning first move")
        bars = {lang: _and([_bar(y[0]) for y in good], lang) for lang in parts}
        parts["fr"].append(f"sur ${m} \\times {n}$, {len(good)} premier coup gagnant sur "
                           f"{len(g.successors(g.start))} (laisser {bars['fr']})"
                           if len(good) == 1 else
                           f"sur ${m} \\times {n}$, {len(good)} premiers coups gagnants sur "
                           f"{len(g.successors(g.start))} (laisser {bars['fr']})")
        parts["en"].append(f"on ${m} \\times {n}$, {len(good)} winning first move"
                           f"{'' if len(good) == 1 else 's'} out of "
                           f"{len(g.successors(g.start))} (leave {bars['en']})")
    return {lang: _and(parts[lang], lang) for lang in parts}


@note_fact
def ourson_ranks() -> Bilingual:
    from arena.games.ourson import article_rank

    g, sol = examples.ourson_game()
    short, rank = article_rank(g), sol.attractor(1)
    strict = sum(short[x] < r for x, r in rank.items())
    claim(short[g.start] < rank[g.start], "ourson: the article's rank of the start is not "
          "below its attractor rank")
    return both(f"en `{g.start}`, le « rang » de l'article vaut {short[g.start]} et le rang "
                f"de l'attracteur {rank[g.start]} ; l'inégalité est stricte pour {strict} des "
                f"{len(rank)} positions gagnées par les chiots",
                f"at `{g.start}`, the article's “rank” is {short[g.start]} and the attractor "
                f"rank {rank[g.start]}; the inequality is strict for {strict} of the "
                f"{len(rank)} positions won by the puppies")


@note_fact
def ourson_stay_in_attractor() -> Bilingual:
    """The article's first strategy graph keeps only winning moves and still has the
    cycle 1450 -> 3451 -> 3250 -> 1251."""
    from coursebuild.course.pages.ourson import ARTICLE_CYCLE, article_cycle_facts

    f = article_cycle_facts()
    ring = " → ".join(f"`{v}`" for v in (*ARTICLE_CYCLE, ARTICLE_CYCLE[0]))
    return both(f"le cycle {ring}, dont chaque position est gagnée par les chiots et chaque "
                f"coup reste dans leur attracteur ; leurs coups y font passer le rang "
                f"{_and([f'de {a} à {b}' for a, b in f['rises']], 'fr')}",
                f"the cycle {ring}, whose every position is won by the puppies and every "
                f"move stays in their attractor; their moves there take the rank "
                f"{_and([f'from {a} to {b}' for a, b in f['rises']], 'en')}")


@note_fact
def bouton_123() -> Bilingual:
    """Nim with heaps 1, 2, 3 in normal play: xor 0, and the player to move loses."""
    from arena import solve
    from arena.games.marienbad import marienbad

    g = marienbad((1, 2, 3), misere=False)
    sol = solve(g)
    claim(1 ^ 2 ^ 3 == 0 and sol.winner[g.start] == 1, "Nim 1, 2, 3: the first player wins")
    return both(f"avec les tas 1, 2 et 3, $1 \\oplus 2 \\oplus 3 = 0$ et l'attracteur donne "
                f"le départ gagné par $J_1$, le second joueur, en {sol.rank[g.start]} coups",
                f"with heaps 1, 2 and 3, $1 \\oplus 2 \\oplus 3 = 0$ and the attractor finds "
                f"the start won by $J_1$, the second player, within {sol.rank[g.start]} moves")


@note_fact
def alphabeta_orders() -> Bilingual:
    """The course's depth-3 tree: the leaves alpha-beta evaluates in the course's order,
    with the best move first at every node, and with the worst first."""
    from arena.minimax import alphabeta_tree, minimax_tree
    from coursebuild.course.examples import SLIDES_TREE

    def value(tree, maxing: bool):
        return minimax_tree(tree, maxing).value if isinstance(tree, list) else tree

    def ordered(tree, maxing: bool, best: bool):
        """The tree with each node's children sorted, best move for its player first
        (``best``) or last."""
        if not isinstance(tree, list):
            return tree
        kids = [ordered(t, not maxing, best) for t in tree]
        return sorted(kids, key=lambda t: value(t, not maxing), reverse=maxing == best)

    course = alphabeta_tree(SLIDES_TREE)
    best, worst = (alphabeta_tree(ordered(SLIDES_TREE, True, b)) for b in (True, False))
    counts = [len(r.visited) for r in (best, course, worst)]
    claim(counts[0] < counts[1] < counts[2] and best.value == course.value == worst.value,
          "alpha-beta: the orders do not change the count, or change the value")
    total = len(minimax_tree(SLIDES_TREE).visited)
    return both(f"alpha-bêta évalue {counts[1]} des {total} nœuds dans l'ordre du cours, "
                f"{counts[0]} quand le meilleur coup vient toujours en premier, {counts[2]} "
                f"quand il vient en dernier, et trouve chaque fois la valeur {course.value}",
                f"alpha-beta evaluates {counts[1]} of the {total} nodes in the course's "
                f"order, {counts[0]} when the best move always comes first, {counts[2]} when "
                f"it comes last, and finds the value {course.value} each time")


@note_fact
def astar_twice() -> Bilingual:
    from arena.astar import astar, is_admissible, is_consistent
    from coursebuild.course.pages.beyond import REOPEN_GRAPH, REOPEN_H

    h = REOPEN_H.get
    result = astar(REOPEN_GRAPH, "s", "t", h)
    twice = sorted({v for v in result.expanded if result.expanded.count(v) > 1})
    claim(twice and is_admissible(REOPEN_GRAPH, "t", h)
          and not is_consistent(REOPEN_GRAPH, "t", h), "A*: no vertex expanded twice under "
          "the admissible, inconsistent heuristic")
    order = ", ".join(result.expanded)
    return both(f"A\\* y développe {order} : {_and(twice, 'fr')} deux fois",
                f"A\\* expands {order} there: {_and(twice, 'en')} twice")


@note_fact
def tictactoe_tree() -> Bilingual:
    from arena.games.tictactoe import tictactoe
    from coursebuild.course.pages.theory import reachable_count, tree_size

    g = tictactoe(3, 3)
    positions, size = reachable_count(g), tree_size(g)
    claim(size is not None and size[0] > 50 * positions, "tic-tac-toe: the tree is not much "
          "larger than the graph")
    nodes, plays = size if size else (0, 0)
    return {lang: (f"{num(positions, lang)} positions, mais {num(nodes, lang)} nœuds dans "
                   f"l'arbre et {num(plays, lang)} parties complètes" if lang == "fr" else
                   f"{num(positions, lang)} positions, but {num(nodes, lang)} nodes in the "
                   f"tree and {num(plays, lang)} complete plays") for lang in ("fr", "en")}


@note_fact
def dilemma_outcome() -> Bilingual:
    from coursebuild.course.pages.theory import PRISON_YEARS, _years, dilemma

    d = dilemma()
    betray, silent = d["equilibrium_years"][0], PRISON_YEARS[0, 0][0]
    claim(silent < betray, "prisoner's dilemma: silence is not better for both")
    claim(silent > 0, "prisoner's dilemma: silence costs nothing")
    # "qu'un an", "only one year": French elides before "un", a sentence spells one
    only = {"fr": "qu'un an" if silent == 1 else f"que {_years(silent, 'fr')}",
            "en": "only one year" if silent == 1 else f"only {_years(silent, 'en')}"}
    return both(f"le seul équilibre, où chacun dénonce, coûte {_years(betray, 'fr')} à chacun ; "
                f"se taire tous deux ne coûterait {only['fr']}",
                f"the only equilibrium, where both betray, costs each {_years(betray, 'en')}; "
                f"both keeping silent would cost {only['en']}")


@note_fact
def misere_sticks() -> Bilingual:
    from coursebuild.course.pages.othergames import STICKS, sticks

    s = sticks()
    normal, misere = s["normal"]["lost"], s["misere"]["lost"]
    claim(set(misere) != set(range(STICKS + 1)) - set(normal), "misère sticks: the losing "
          "positions are the complement of normal play's")
    return {lang: (f"de 0 à {STICKS} bâtonnets, le joueur qui doit jouer perd avec "
                   f"{_and([str(k) for k in normal], lang)} bâtonnets en partie normale, avec "
                   f"{_and([str(k) for k in misere], lang)} en partie misère" if lang == "fr"
                   else f"from 0 to {STICKS} sticks, the player to move loses with "
                   f"{_and([str(k) for k in normal], lang)} sticks in normal play, with "
                   f"{_and([str(k) for k in misere], lang)} in misère play")
            for lang in ("fr", "en")}


@note_fact
def hex_first_moves() -> Bilingual:
    from coursebuild.course.pages.othergames import HEX_SIZE, hex_game

    h = hex_game()
    good = sum(1 for w, _ in h["openings"].values() if w == 0)
    claim(0 < good < len(h["openings"]), "hex 3 x 3: every first move wins, or none")
    return both(f"sur le plateau {HEX_SIZE} × {HEX_SIZE}, {good} des {len(h['openings'])} "
                "premiers coups de × gagnent",
                f"on the {HEX_SIZE} × {HEX_SIZE} board, {good} of the "
                f"{len(h['openings'])} first moves of × win")


@functools.cache
def note_facts(lang: str) -> dict[str, str]:
    """Every fact of the teaching notes in ``lang``, read once per build: as the build's
    products wrote it (the fragment ``note-NAME``, written before MkDocs runs and made
    again when its key changes), or computed here where no fragment was written yet.
    (Computing them took each of MkDocs's four runs of a build about 1.5 s of CPU.)"""
    from coursebuild.paths import GENERATED

    facts = {}
    for name, fn in NOTE_FACTS.items():
        written = GENERATED / lang / f"note-{name}.md"
        facts[name] = written.read_text("utf-8") if written.is_file() else fn()[lang]
    return facts
