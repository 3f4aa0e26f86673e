"""Exercises: the figures and fragments of ``docs/fr/exercises.md`` and
``docs/en/exercises.md``."""

from __future__ import annotations

from arena import solve
from arena.arena import vertex_id
from arena.strategies import reachable
from coursebuild import examples
from coursebuild.catalogue import Drawing, Figure
from coursebuild.drawing import _caption, _nim_drawing
from coursebuild.facts import _shape, _strategy_table, claim
from coursebuild.markdown import (
    Bilingual,
    both,
    code,
    fragment,
)


def ex41_graph() -> Drawing:
    from arena.render import View

    g, sol = examples.ex41()
    lost = examples.ex41_facts().lost
    return _nim_drawing(g, View(winners=True, ranks=True), caption=_caption(
        "Exercice 6.1 : Nim avec 15 bâtonnets et la règle {2, 3, 5}. Sommets bleus : "
        "gagnants pour J₀ ; vermillon à bord tireté : gagnants pour J₁ ; à côté, le rang. "
        f"Le joueur qui doit jouer perd avec k ∈ {{{', '.join(map(str, lost))}}} "
        "bâtonnets : le départ (15, 0) est gagnant pour J₁.",
        "Exercise 6.1: Nim with 15 sticks and the rule {2, 3, 5}. Blue vertices: winning "
        "for J₀; vermillion with a dashed border: winning for J₁; beside, the rank. The "
        f"player to move loses with k ∈ {{{', '.join(map(str, lost))}}} sticks: the start "
        "(15, 0) is winning for J₁."), sol=sol)

def ex41_play() -> Drawing:
    """Exercise 6.1's graph to play on, without its solution (the page shows it before
    the solutions are opened)."""
    from arena.render import View

    g, sol = examples.ex41()
    return _nim_drawing(g, View(), interactive=True, caption=_caption(
        "Exercice 6.1 : le graphe du jeu de Nim avec 15 bâtonnets et la règle {2, 3, 5}, "
        "sommets de J₀ en haut, de J₁ en bas ; départ (15, 0).",
        "Exercise 6.1: the graph of Nim with 15 sticks and the rule {2, 3, 5}, J₀'s "
        "vertices above, J₁'s below; start (15, 0)."), sol=sol)

def ex41_strategy() -> Drawing:
    from arena.render import View

    g, sol = examples.ex41()
    return _nim_drawing(g, View(winners=True, ranks=True, strategy=1), _caption(
        "Exercice 6.1 : une stratégie gagnante de J₁, le joueur qui gagne depuis le départ. "
        "Flèches épaisses vermillon : le coup de J₁ en chaque sommet (k, 1) ; depuis une "
        "position gagnante, il mène à un sommet de rang inférieur de 1.",
        "Exercise 6.1: a winning strategy of J₁, the player who wins from the start. Thick "
        "vermillion arrows: J₁'s move at each vertex (k, 1); from a winning position, it "
        "leads to a vertex whose rank is one less."), sol)

def _ex42(view, caption: dict[str, str], interactive: bool = False) -> Drawing:
    from arena.render import arena_dot, describe, positions_of, svg_id, vertex_titles

    g, sol = examples.ex42()
    base = positions_of(arena_dot(g, graph_attr={"rankdir": "LR"}))
    positions = {v: base[f"v-{svg_id(vertex_id(v))}"] for v in g.vertices}
    dot = arena_dot(g, sol, view, positions=positions)
    return Drawing(dot, caption, describe(g, sol), fixed=True, titles=vertex_titles(g),
                   arena=g if interactive else None)

def ex42_graph() -> Drawing:
    from arena.render import View

    g = examples.ex42().arena
    v0, v1 = ", ".join(g.V0), ", ".join(g.V1)
    return _ex42(View(), _caption(
        f"Exercice 6.2 : un jeu sur un graphe de {len(g)} sommets (cercles : J₀ joue ; "
        f"carrés : J₁ joue ; double bordure : positions de victoire, {v0} pour J₀, {v1} pour "
        f"J₁). Le départ est {g.start}.",
        f"Exercise 6.2: a game on a graph of {len(g)} vertices (circles: J₀ moves; squares: "
        f"J₁ moves; double border: victory positions, {v0} for J₀, {v1} for J₁). The start "
        f"is {g.start}."), interactive=True)

def ex42_attractors() -> Drawing:
    from arena.render import View

    sol = examples.ex42().solution
    a0, a1 = sol.attractor(0), sol.attractor(1)
    draws = sorted(v for v in sol.arena.vertices if sol.winner[v] is None)
    return _ex42(View(winners=True, ranks=True), _caption(
        f"Exercice 6.2 : les attracteurs. En bleu, 𝒜⁰ ({len(a0)} sommets : "
        f"{', '.join(sorted(a0))}) ; en vermillon à bord tireté, 𝒜¹ ({len(a1)} sommets : "
        f"{', '.join(sorted(a1))}) ; le nombre à côté est le rang. Les sommets blancs "
        f"({', '.join(draws)}) sont des matchs nuls.",
        f"Exercise 6.2: the attractors. In blue, 𝒜⁰ ({len(a0)} vertices: "
        f"{', '.join(sorted(a0))}); in vermillion with a dashed border, 𝒜¹ ({len(a1)} "
        f"vertices: {', '.join(sorted(a1))}); the number beside is the rank. The white "
        f"vertices ({', '.join(draws)}) are draws."))

def ex42_strategy() -> Drawing:
    from arena.render import View

    sol = examples.ex42().solution
    start = sol.arena.start
    return _ex42(View(winners=True, ranks=True, strategy=0), _caption(
        f"Exercice 6.2 : J₀ gagne depuis le départ {start} en {sol.rank[start]} coups au plus. "
        "Flèches épaisses bleues : sa stratégie, qui fait baisser le rang de 1 à chaque coup "
        "depuis une position gagnante, et reste hors de 𝒜¹ depuis un match nul.",
        f"Exercise 6.2: J₀ wins from the start {start} within {sol.rank[start]} moves. "
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
    from arena.games.chomp import chomp_id
    from arena.render import arena_dot, describe, vertex_titles

    whole = examples.chomp_2x3().arena
    g = reachable(whole)   # drop shapes no play reaches
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
    from arena.render import View

    g, sol = examples.chomp_2x3()
    return _chomp(View(winners=True, ranks=True, strategy=0), _caption(
        f"Chomp 2 × 3 résolu : J₀ gagne depuis la tablette entière en {sol.rank[g.start]} "
        "coups au plus, en mangeant d'abord le seul carré en bas à droite (flèches bleues "
        "épaisses : sa stratégie). Bleu : gagnant pour J₀ ; vermillon à bord tireté : pour "
        "J₁ ; à côté, le rang.",
        f"Chomp 2 × 3 solved: J₀ wins from the whole bar within {sol.rank[g.start]} moves, "
        "by first eating only the bottom-right square (thick blue arrows: its strategy). "
        "Blue: winning for J₀; vermillion with a dashed border: for J₁; beside, the rank."))

@fragment
def ex41_solution() -> Bilingual:

    g, sol = examples.ex41()
    lost, longest = examples.ex41_facts()
    ks = ", ".join(map(str, lost))
    return both(
        f"Le joueur qui doit jouer avec $k$ bâtonnets perd exactement pour "
        f"$k \\in \\{{{ks}\\}}$, c'est-à-dire quand $k$ vaut 0 ou 1 modulo 7. Avec 15 "
        f"bâtonnets, $J_0$ perd : $J_1$ gagne en {sol.rank[g.start]} coups au plus"
        "[](#fig-ex41-strategy), et "
        f"`verify_strategy` a vérifié que toute partie suivant sa stratégie finit en "
        f"{longest[g.start]} coups au plus.\n\n" + _strategy_table(g, 1, "fr"),
        f"The player to move with $k$ sticks loses exactly for $k \\in \\{{{ks}\\}}$, that is "
        f"when $k$ is 0 or 1 modulo 7. With 15 sticks, $J_0$ loses: $J_1$ wins within "
        f"{sol.rank[g.start]} moves[](#fig-ex41-strategy), and `verify_strategy` checked that every play following "
        f"its strategy ends within {longest[g.start]} moves.\n\n" + _strategy_table(g, 1, "en"))

@fragment
def ex42_solution() -> Bilingual:
    g, sol = examples.ex42()
    facts = examples.ex42_facts()

    def attr(i):
        return ", ".join(f"{code(v)} ({r})" for v, r in facts.attractors[i])

    draws = ", ".join(code(v) for v in facts.draws)
    s = g.start
    return both(
        f"$\\mathcal{{A}}^0$ (avec les rangs)[](#fig-ex42-attractors) : {attr(0)}.\n\n$\\mathcal{{A}}^1$ : {attr(1)}.\n\n"
        f"Matchs nuls : {draws}. Le départ {code(s)} est dans $\\mathcal{{A}}^0$ : $J_0$ est sûr de "
        f"gagner, en {sol.rank[s]} coups au plus. Sa stratégie[](#fig-ex42-strategy) :\n\n" + _strategy_table(g, 0, "fr"),
        f"$\\mathcal{{A}}^0$ (with ranks)[](#fig-ex42-attractors): {attr(0)}.\n\n$\\mathcal{{A}}^1$: {attr(1)}.\n\n"
        f"Draws: {draws}. The start {code(s)} is in $\\mathcal{{A}}^0$: $J_0$ is sure to win, "
        f"within {sol.rank[s]} moves. Its strategy[](#fig-ex42-strategy):\n\n" + _strategy_table(g, 0, "en"))

@fragment
def chomp_solution() -> Bilingual:

    g, sol = examples.chomp_2x3()
    move = sol.move[g.start][0]
    winning = [y for y in g.successors(g.start) if sol.winner[y] == 0]
    # the invariant the text explains: J_1 to move with a top row one square longer loses
    staircase = [((a, a - 1) if a > 1 else (1,), 1) for a in range(1, 4)]
    claim(all(sol.winner[v] == 0 for v in staircase), "the staircase invariant is wrong")
    count_fr = "Le seul premier coup gagnant" if len(winning) == 1 else \
        f"Un des {len(winning)} premiers coups gagnants"
    count_en = "The only winning first move" if len(winning) == 1 else \
        f"One of the {len(winning)} winning first moves"
    return both(
        f"La tablette entière $(3, 3)$ (longueurs des lignes) est gagnante pour $J_0$, en "
        f"{sol.rank[g.start]} coups au plus[](#fig-chomp-attractor). {count_fr} laisse {_shape(move)} : manger le carré "
        "en bas à droite. Ensuite, $J_0$ peut toujours rendre à $J_1$ une tablette dont la "
        "ligne du haut a exactement un carré de plus que celle du bas ; le calcul des attracteurs confirme "
        "que ces positions sont perdantes pour $J_1$.\n",
        f"The whole bar $(3, 3)$ (row lengths) is won by $J_0$, within {sol.rank[g.start]} "
        f"moves[](#fig-chomp-attractor). {count_en} leaves {_shape(move)}: eat the bottom-right square. Then $J_0$ can "
        "always hand $J_1$ a bar whose top row has exactly one square more than the bottom "
        "row; computing the attractors confirms these positions are lost for $J_1$.\n")


FIGURES: tuple[Figure, ...] = (
    Figure("ex41-graph", ex41_graph),
    Figure("ex41-play", ex41_play),
    Figure("ex41-strategy", ex41_strategy),
    Figure("ex42-graph", ex42_graph),
    Figure("ex42-attractors", ex42_attractors),
    Figure("ex42-strategy", ex42_strategy),
    Figure("chomp-graph", chomp_graph),
    Figure("chomp-attractor", chomp_attractor),
)

