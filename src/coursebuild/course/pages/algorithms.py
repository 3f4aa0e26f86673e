"""Computing attractors: the figures and fragments of ``docs/fr/algorithms.md`` and
``docs/en/algorithms.md``."""

from __future__ import annotations

import sys
from functools import lru_cache

from arena import Arena, solve
from arena.arena import Player, Vertex, vertex_id
from arena.games import chain
from coursebuild.course import examples
from coursebuild.course.bank._kit import queue_steps
from coursebuild.course.counts import CALLS, MOVES, POSITIONS, STEPS, count, plain, said
from coursebuild.course.drawing import Drawing, Figure, _both_labels, _caption, _nim_rows
from coursebuild.course.facts import (
    _listing_fragment,
    _set,
    _steps_text,
    claim,
    listing_namespace,
    numbering_below_rank_arena,
)
from coursebuild.course.pages.modelling import (
    _connect4,
    connect4_largest_layer,
    connect4_layers,
    connect4_positions,
)
from coursebuild.sources import exercise_source, glossary
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    num,
    pos,
    table,
)

EXERCISES = "docs/exercises/04-algorithms.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""



def _show(v) -> str:
    """A vertex as the pages write it: (k, i) for Nim, its name otherwise."""
    return f"({v[0]}, {v[1]})" if isinstance(v, tuple) else vertex_id(v)

def _names(vs) -> str:
    return ", ".join(map(_show, vs)) if vs else "∅"

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

    def snapshot(current, touched, fr: str, en: str, found=()) -> dict:
        # the row of the step in the book's table: what changed, nothing else
        row = ["—" if current is None else _show(current),
               ", ".join(f"d{_arg(x)} = {d[x]}" for x in touched if x not in rang),
               ", ".join(f"r{_arg(x)} = {rang[x]}" for x in found), _names(queue)]
        marks = {vertex_id(v): "done" for v in done}
        marks.update({vertex_id(v): "queued" for v in queue})
        marks.update({vertex_id(v): "touched" for v in touched if v not in rang})
        if current is not None:
            marks[vertex_id(current)] = "current"
        labels = {vertex_id(v): (f"r={rang[v]}" if v in rang else f"d={d[v]}")
                  for v in A if A[v] or v in rang}
        q = _names(queue)
        return {"text": {"fr": fr, "en": en}, "marks": marks, "labels": _both_labels(labels),
                "row": row,
                "state": {"fr": [f"File : {q}", "Rangs trouvés : " + _ranks_text(rang)],
                          "en": [f"Queue: {q}", "Ranks found: " + _ranks_text(rang)]}}

    steps = [snapshot(None, (), f"Départ : chaque compteur d(x) vaut le degré sortant de x ; "
                      f"la file contient les positions de victoire de {J}, de rang 0 : "
                      f"{_names(queue)}.",
                      f"Start: each counter d(x) is the out-degree of x; the queue holds the "
                      f"victory positions of {J}, of rank 0: {_names(queue)}.", list(queue))]
    for y, visits in queue_steps(B, Si, rang, d, queue):
        fr, en = [], []
        for x, what in visits:
            if what == "known":
                fr.append(f"{_show(x)} est déjà gagnant")
                en.append(f"{_show(x)} is already winning")
                continue
            change = f"d{_arg(x)} : {d[x] + 1} → {d[x]}"
            change_en = f"d{_arg(x)}: {d[x] + 1} → {d[x]}"
            if what == "enters":
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
        steps.append(snapshot(y, B[y], head_fr + body_fr, head_en + body_en,
                              [x for x, what in visits if what == "enters"]))
        done.append(y)
    claim(rang == attractor(g, player), "the stepper must find the solver's ranks")
    steps.append(snapshot(None, (), "La file est vide : chaque position de l'attracteur de "
                          f"{J} a son rang ; les autres ne sont pas gagnantes pour {J}.",
                          f"The queue is empty: every position of the attractor of {J} "
                          f"has its rank; the others are not winning for {J}."))
    nodes = {vertex_id(v): f"v-{svg_id(vertex_id(v))}" for v in g.vertices}
    columns = {"fr": ["Étape", "Sort de la file", "Compteurs baissés", "Rangs trouvés",
                      "File après"],
               "en": ["Step", "Out of the queue", "Counters lowered", "Ranks found",
                      "Queue after"]}
    return {"kind": "counter", "nodes": nodes, "steps": steps, "columns": columns}

def _ranks_text(rang: dict) -> str:
    return ", ".join(f"r{_arg(v)} = {r}" for v, r in rang.items()) or "∅"

def _arg(v) -> str:
    """``v`` as the argument of a function: d(2, 0), d(c)."""
    return _show(v) if isinstance(v, tuple) else f"({_show(v)})"

@count(STEPS)
def nim_counter_steps_count() -> int:
    """The steps of the queue algorithm on Nim: the start, one per position taken out of
    the queue (the positions of J_0's attractor), the end."""
    g, sol = examples.nim_10()
    return len(sol.attractor(0)) + 2


@count(STEPS)
def ex42_counter_steps_count() -> int:
    g, sol = examples.ex42()
    return len(sol.attractor(0)) + 2


def nim_counter() -> Drawing:
    from arena.render import View, arena_dot, describe, vertex_titles

    g = examples.nim_10().arena
    trace = counter_trace(g, 0)
    claim(len(trace["steps"]) == nim_counter_steps_count(), "the trace changed length")
    dot = arena_dot(g, None, View(), positions=_nim_rows(g))
    return Drawing(dot, _caption(
        "L'algorithme des compteurs avec une file, pour J₀, sur le jeu de Nim (n = 10, "
        f"règle {{1, 2}}) : {plain(nim_counter_steps_count, 'fr')} étapes, le départ puis "
        "une par position sortie de la file, et la dernière. "
        "La figure fixe montre le graphe de départ (cercles : J₀ joue ; carrés : J₁ joue). "
        "Dans la version animée, à côté de chaque sommet, d = son compteur (successeurs pas "
        "encore gagnants) ou r = son rang une fois gagnant ; bordure épaisse noire : la "
        "position sortie de la file ; tiretée : dans la file ; bleu : déjà traitée ; orange "
        "pointillé : compteur modifié.",
        "The counter algorithm with a queue, for J₀, on Nim (n = 10, rule {1, 2}): "
        f"{plain(nim_counter_steps_count, 'en')} steps, the start, one per position taken "
        "out of the queue, and the last one. The still "
        "figure shows the graph at the start (circles: J₀ moves; squares: J₁ moves). In the "
        "animated version, beside each vertex, d = its counter (successors not yet winning) "
        "or r = its rank once winning; thick black border: the position taken out of the "
        "queue; dashed: in the queue; blue: already processed; dotted orange: counter "
        "changed."),
        describe(g), fixed=True, titles=vertex_titles(g), trace=trace)

def ex6_2_counter() -> Drawing:
    from arena.render import View, arena_dot, describe, positions_of, svg_id, vertex_titles

    g = examples.ex42().arena
    trace = counter_trace(g, 0)
    claim(len(trace["steps"]) == ex42_counter_steps_count(), "the trace changed length")
    base = positions_of(arena_dot(g, graph_attr={"rankdir": "LR"}))
    positions = {v: base[f"v-{svg_id(vertex_id(v))}"] for v in g.vertices}
    dot = arena_dot(g, None, View(), positions=positions)
    return Drawing(dot, exercise_source.caption(
        examples.EXERCISES_6, "graph-game",
        "l'algorithme des compteurs avec une file, pour J₀, sur le jeu de l'exercice : "
        f"{plain(ex42_counter_steps_count, 'fr')} étapes. La figure fixe montre le graphe de départ. Dans la "
        "version animée, à côté de chaque sommet, d = son compteur ou r = son rang une fois "
        "gagnant ; bordure épaisse noire : la position sortie de la file ; tiretée : dans la "
        "file ; bleu : déjà traitée ; orange pointillé : compteur modifié.",
        "the counter algorithm with a queue, for J₀, on the game of the exercise: "
        f"{plain(ex42_counter_steps_count, 'en')} steps. The still figure shows the graph at the start. In the "
        "animated version, beside each vertex, d = its counter or r = its rank once winning; "
        "thick black border: the position taken out of the queue; dashed: in the queue; "
        "blue: already processed; dotted orange: counter changed."),
        describe(g), fixed=True, titles=vertex_titles(g), trace=trace)

def looping_figure() -> Drawing:
    from arena.course import (
        calcule_attracteur2,
        chapter_dicts,
        strategy_moves,
    )
    from arena.render import View, arena_dot, describe, vertex_titles
    from arena.solver import attractor

    g, play = looping_arena()
    loop = play.split(" -> ")
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
    moves = strategy_moves(g)
    labels = {v: f"{ranks[v]} | {numbers[v]}" for v in g.vertices if v in ranks}
    dot = arena_dot(g, None, View(cycle=tuple(loop[:-1]), labels=labels),
                    graph_attr={"rankdir": "LR"})
    chosen = ", ".join(f"{s} → {x}" for s, x in moves.items())
    ring = " → ".join(loop)
    return Drawing(dot, _caption(
        f"Une arène bipartie de {plain(looping_arena_vertices, 'fr')} sommets où une "
        "stratégie qui suit les numéros boucle "
        "(cercles : J₀ joue ; carrés : J₁ joue ; double bordure : v, la victoire de J₀). À "
        "côté de chaque sommet : son rang | son numéro par marque_propage2. Les coups de "
        f"strategie pour J₀ : {chosen}. Arêtes épaisses : la partie infinie {ring} → …, "
        "que J₁ peut imposer.",
        f"A bipartite arena of {plain(looping_arena_vertices, 'en')} vertices where a "
        "strategy that follows the numbers loops "
        "(circles: J₀ moves; squares: J₁ moves; double border: v, J₀'s victory). Beside each "
        "vertex: its rank | its mark_propagate2 number. The moves of strategy for J₀: "
        f"{chosen}. Thick edges: the endless play {ring} → …, which J₁ can force."),
        describe(g), titles=vertex_titles(g))

@fragment
def nim_degrees() -> Bilingual:
    from arena.course import chapter_dicts, dplus, renverse_graphe

    A, *_ = chapter_dicts(examples.nim_10().arena)
    B, d = renverse_graphe(A), dplus(A)
    x = (1, 0)
    succ = ", ".join(map(pos, A[x]))
    preds = ", ".join(map(pos, sorted(B[x])))
    one = len(A[x]) == 1
    s_fr = "Le seul successeur du sommet $(1, 0)$ est" if one else \
        "Les successeurs du sommet $(1, 0)$ sont"
    s_en = "The only successor of the vertex $(1, 0)$ is" if one else \
        "The successors of the vertex $(1, 0)$ are"
    return both(f"{s_fr} {succ} : son degré sortant est $d^+ = {d[x]}$. Ses prédécesseurs "
                f"sont {preds} : son degré entrant est $d^- = {len(B[x])}$.\n",
                f"{s_en} {succ}: its out-degree is $d^+ = {d[x]}$. Its predecessors are "
                f"{preds}: its in-degree is $d^- = {len(B[x])}$.\n")

def _numbering_examples() -> list[tuple[str, Arena]]:
    return [
        ("a", Arena(S0=["a", "c"], S1=["b", "v", "w"],
                    edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])),
        ("x", numbering_below_rank_arena()),
    ]

@fragment
def numbering_examples() -> Bilingual:
    from arena import attractor
    from arena.course import calcule_attracteur2, chapter_dicts

    out = {"fr": "", "en": ""}
    for k, (vertex, g) in enumerate(_numbering_examples(), start=1):
        A, S0, _, V0, _ = chapter_dicts(g)
        numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
        edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
        rows = [(f"`{v}`", "$J_0$" if g.owner(v) == 0 else "$J_1$", ranks[v], numbers[v])
                for v in g.vertices]
        fr_cmp = "supérieur" if numbers[vertex] > ranks[vertex] else "inférieur"
        en_cmp = "above" if numbers[vertex] > ranks[vertex] else "below"
        # the section says: arena 1 numbers above the rank, arena 2 below, both bipartite
        claim(g.is_bipartite() and (numbers[vertex] > ranks[vertex]) == (k == 1),
              f"numbering arena {k}: bipartite, number above the rank in arena 1 only")
        out["fr"] += (f"**Arène {k}.** $S_0 = \\{{{', '.join(g.S0)}\\}}$, "
                      f"$S_1 = \\{{{', '.join(g.S1)}\\}}$, $V_0 = \\{{{', '.join(g.V0)}\\}}$ ; "
                      f"arêtes {edges} ; l'arène est bipartie. Le numéro de `{vertex}` est "
                      f"{fr_cmp} à son rang.\n\n"
                      + table(("Sommet", "Joueur", "Rang exact", "Numéro (marque_propage2)"), rows,
                              "llrr") + "\n")
        out["en"] += (f"**Arena {k}.** $S_0 = \\{{{', '.join(g.S0)}\\}}$, "
                      f"$S_1 = \\{{{', '.join(g.S1)}\\}}$, $V_0 = \\{{{', '.join(g.V0)}\\}}$; "
                      f"edges {edges}; the arena is bipartite. The number of `{vertex}` is "
                      f"{en_cmp} its rank.\n\n"
                      + table(("Vertex", "Player", "Exact rank", "Number (mark_propagate2)"), rows,
                              "llrr") + "\n")
    return out

@fragment
def naive_cost() -> Bilingual:
    rows = []
    for n in (10, 100, 1000):
        g = chain(n - 1)
        steps, reads = naive_reads(g)
        claim(steps == n, "on a chain, each step adds one vertex")
        rows.append((n, g.n_edges, steps, reads))
    return {lang: table(head, [(num(n, lang), num(m, lang), num(s, lang), num(r, lang))
                               for n, m, s, r in rows], "rrrr")
            for lang, head in (("fr", ("Sommets de la chaîne", "Arêtes", "Étapes",
                                       "Successeurs lus")),
                               ("en", ("Vertices of the chain", "Edges", "Steps",
                                       "Successors read")))}

@count(CALLS)
def python_recursion_limit() -> int:
    """How deep Python lets calls nest, by default."""
    return sys.getrecursionlimit()


@fragment
def recursion_limit() -> Bilingual:
    return {lang: (
        "`marque_propage` s'appelle elle-même pour chaque position qu'elle marque. Sur une "
        "chaîne de positions, les appels s'imbriquent aussi profondément que la chaîne est "
        f"longue, et Python n'admet par défaut que {said(python_recursion_limit, lang)} appels "
        "imbriqués : au-delà, il lève `RecursionError`. Le même algorithme, correct et "
        "linéaire, échoue donc sur un jeu un peu long.\n"
        if lang == "fr" else
        "`mark_propagate` calls itself for every position it marks. On a chain of "
        "positions, the calls nest as deep as the chain is long, and Python allows "
        f"{said(python_recursion_limit, lang)} nested calls by default: beyond that, it "
        "raises `RecursionError`. The same algorithm, correct and linear, therefore fails "
        "on a game only slightly long.\n") for lang in ("fr", "en")}

@fragment
def listing_naif() -> Bilingual:
    return _listing_fragment("naif")

@fragment
def listing_compteurs() -> Bilingual:
    return _listing_fragment("compteurs")

@fragment
def listing_file() -> Bilingual:
    return _listing_fragment("file")

@fragment
def listing_strategie() -> Bilingual:
    return _listing_fragment("strategie")

@fragment
def listing_tableaux() -> Bilingual:
    return _listing_fragment("tableaux")

def source_strategy(g: Arena) -> dict:
    from arena.course import strategy_moves

    return strategy_moves(g)

class _Counted(list):
    """A successor list that counts the successors read through it."""

    reads = 0

    def __iter__(self):
        for y in super().__iter__():
            _Counted.reads += 1
            yield y

def naive_reads(arena: Arena) -> tuple[int, int]:
    """(steps, successors read) of the page's naive fixpoint for J_0 on ``arena``:
    counted while it runs, not by a formula."""
    from arena.course import chapter_dicts

    A, S0, _, V0, _ = chapter_dicts(arena)
    counted = {x: _Counted(ys) for x, ys in A.items()}
    _Counted.reads = 0
    rang = listing_namespace("fr")["attracteur_naif"](counted, S0, V0)
    return max(rang.values(), default=0) + 1, _Counted.reads

@lru_cache(maxsize=1)
def looping_arena() -> tuple[Arena, str]:
    from arena.course import looping_strategy_arena

    return looping_strategy_arena()


@count(POSITIONS)
def looping_arena_vertices() -> int:
    return len(looping_arena()[0])


@count(MOVES)
def looping_start_rank() -> int:
    """The moves within which J_0 should win from the start of the loop: its rank."""
    from arena import attractor

    g, play = looping_arena()
    return attractor(g, 0)[play.split(" -> ")[0]]

@fragment
def looping_strategy() -> Bilingual:
    from arena import attractor
    from arena.course import calcule_attracteur2, chapter_dicts

    g, play = looping_arena()
    A, S0, _, V0, _ = chapter_dicts(g)
    numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(g, 0)
    moves = source_strategy(g)
    loop = play.split(" -> ")
    claim(all(v in ranks for v in g.S0), "the text says: J_0's vertices are all winning")
    claim(loop[0] == loop[-1] and loop[0] in ranks, "the play must loop inside J_0's attractor")
    edges = ", ".join(f"{x} → {y}" for x, y in g.edges())
    rows = [(f"`{v}`", "$J_0$" if g.owner(v) == 0 else "$J_1$", ranks.get(v, ""),
             numbers.get(v, ""), f"`{moves[v]}`" if v in moves else "") for v in g.vertices]
    ring = " → ".join(f"`{v}`" for v in loop)
    start = loop[0]
    low = next(v for v in loop if g.owner(v) == 1)       # J_1's vertex on the loop
    claim(numbers[low] < ranks[low] and numbers[low] < numbers[start], 'the course says: numbers[low] < ranks[low] and numbers[low] < numbers[start]')
    why_fr = (f" La cause : le numéro de `{low}` vaut {numbers[low]}, moins que son rang "
              f"{ranks[low]} ; depuis `{start}` (numéro {numbers[start]}), `strategie` y voit "
              f"un pas vers la victoire, mais $J_1$ revient en `{start}`.")
    why_en = (f" The cause: the number of `{low}` is {numbers[low]}, less than its rank "
              f"{ranks[low]}; from `{start}` (number {numbers[start]}), `strategy` sees a step "
              f"towards victory there, but $J_1$ goes back to `{start}`.")
    return both(
        f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
        f"$V_0 = \\{{{', '.join(g.V0)}\\}}$, arêtes {edges} (dans cet ordre dans `A`). "
        f"L'arène est bipartie : chaque coup change de joueur.\n\n"
        + table(("Sommet", "Joueur", "Rang", "Numéro `marque_propage2`", "Coup de `strategie`"),
                rows, "llrrl")
        + f"\nTous les sommets de $J_0$ sont dans son attracteur, mais en suivant `strategie`, "
        f"$J_0$ laisse $J_1$ jouer la partie infinie {ring} → … : la vérification de toutes "
        f"les réponses de $J_1$ trouve ce cycle. Depuis `{start}`, de rang {ranks[start]}, "
        f"$J_0$ devait gagner en {said(looping_start_rank, 'fr')} coups au plus.{why_fr}\n",
        f"$S_0 = \\{{{', '.join(g.S0)}\\}}$, $S_1 = \\{{{', '.join(g.S1)}\\}}$, "
        f"$V_0 = \\{{{', '.join(g.V0)}\\}}$, edges {edges} (in this order in `A`). "
        f"The arena is bipartite: every move changes the player.\n\n"
        + table(("Vertex", "Player", "Rank", "`mark_propagate2` number", "Move of `strategy`"),
                rows, "llrrl")
        + f"\nEvery vertex of $J_0$ is in their attractor, yet following `strategy`, $J_0$ lets "
        f"$J_1$ play the endless play {ring} → …: checking every reply of $J_1$ finds this "
        f"cycle. From `{start}`, of rank {ranks[start]}, $J_0$ should have won within "
        f"{said(looping_start_rank, 'en')} moves.{why_en}\n")

@fragment
def nim_counter_steps() -> Bilingual:

    return _steps_text(counter_trace(examples.nim_10().arena, 0))

@fragment
def ex6_2_counter_steps() -> Bilingual:

    return _steps_text(counter_trace(examples.ex42().arena, 0))

@fragment
def ex_counter_trace() -> Bilingual:
    from collections import deque

    from arena.course import chapter_dicts, dplus, renverse_graphe
    from arena.games import nim

    exercise = exercise_source.in_file(EXERCISES, "counters-by-hand")
    g = nim(exercise.int("n"), exercise.ints("rule"))
    A, S0, _, V0, _ = chapter_dicts(g)
    # the exercise takes the predecessors, and the victory positions, in increasing order
    pred = {y: sorted(xs) for y, xs in renverse_graphe(A).items()}
    count = dplus(A)
    rank = {x: 0 for x in sorted(V0)}
    order = [y for y, _ in queue_steps(pred, S0, rank, count, deque(rank))]
    claim(rank == solve(g).attractor(0), "the trace disagrees with the solver")
    seq = ", ".join(f"{pos(x)} ({rank[x]})" for x in order)
    out = sorted(x for x in A if x not in rank)
    left = ", ".join(f"{pos(x)} : {count[x]}" for x in out)
    left_en = left.replace(" : ", ": ")
    s = g.start
    claim(s in rank and s not in V0, 'the course says: s in rank and s not in V0')
    return both(
        f"Ordre de sortie de la file, avec les rangs : {seq}. Hors de l'attracteur restent "
        f"{_set(out)}, avec les compteurs finaux {left} (la position $(0, 0)$ n'a pas de "
        "successeur : son compteur vaut 0 dès le début, mais elle n'est le prédécesseur de "
        f"personne, et elle est dans $V_1$). Le départ {pos(s)} est gagnant pour $J_0$, de "
        f"rang {rank[s]}.\n",
        f"Order in which vertices leave the queue, with their ranks: {seq}. Outside the "
        f"attractor remain {_set(out)}, with final counters {left_en} (the position "
        "$(0, 0)$ has no successor: its counter is 0 from the start, but it is nobody's "
        f"predecessor, and it is in $V_1$). The start {pos(s)} is won by $J_0$, with rank "
        f"{rank[s]}.\n")


# ---------------------------------------------------------------- Connect-4 6 × 4, layer by layer

@fragment
def connect4_layers_text() -> Bilingual:
    d = _connect4()
    plies = d["plies"]
    big = max(range(len(plies)), key=plies.__getitem__)
    claim(plies[0] == 1 and len(plies) == d["rows"] * d["cols"] + 1,
          "a layer per number of stones, from the empty grid to the full one")
    return {lang: (
        f"Sur la grille de 6 colonnes et 4 lignes, les {said(connect4_positions, lang)} "
        f"positions forment {said(connect4_layers, lang)} étages, de 0 à {len(plies) - 1} "
        f"jetons ; le plus peuplé, celui des positions à {big} jetons, en compte "
        f"{said(connect4_largest_layer, lang)}.\n"
        if lang == "fr" else
        f"On the grid of 6 columns and 4 rows, the {said(connect4_positions, lang)} positions "
        f"form {said(connect4_layers, lang)} layers, from 0 to {len(plies) - 1} stones; the "
        f"largest, the layer of positions with {big} stones, holds "
        f"{said(connect4_largest_layer, lang)} positions.\n") for lang in ("fr", "en")}


@fragment
def concordance() -> Bilingual:
    """The English page's concordance of the code's English and French names
    (docs/en/reference.md)."""
    return glossary.concordance()


FIGURES: tuple[Figure, ...] = (
    Figure("nim-counter", nim_counter),
    Figure("ex6-2-counter", ex6_2_counter),
    Figure("looping-strategy", looping_figure),
)

