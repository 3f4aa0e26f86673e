"""Exercises: the figures and fragments of ``docs/fr/exercises.md`` and
``docs/en/exercises.md``."""

from __future__ import annotations

from arena import solve
from arena.arena import vertex_id
from arena.strategies import reachable
from coursebuild.course import examples
from coursebuild.course.counts import MOVES, POSITIONS, count, plain, said
from coursebuild.course.drawing import Drawing, Figure, _caption, _nim_drawing
from coursebuild.course.facts import _shape, _strategy_table, claim
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    code,
    fragment,
)


@count(MOVES)
def ex41_start_rank() -> int:
    """The moves within which J_1 wins exercise 6.1's Nim from the start: its rank."""
    g, sol = examples.ex41()
    return sol.rank[g.start]


@count(MOVES)
def ex41_longest() -> int:
    """The longest play from the start that follows J_1's strategy, every reply of J_0
    explored."""
    g = examples.ex41().arena
    return examples.ex41_facts().longest[g.start]


@count(POSITIONS)
def ex42_vertices() -> int:
    return len(examples.ex42().arena)


@count(POSITIONS)
def ex42_attractor_0() -> int:
    return len(examples.ex42().solution.attractor(0))


@count(POSITIONS)
def ex42_attractor_1() -> int:
    return len(examples.ex42().solution.attractor(1))


@count(MOVES)
def ex42_start_rank() -> int:
    g, sol = examples.ex42()
    return sol.rank[g.start]


@count(MOVES)
def chomp_2x3_start_rank() -> int:
    g, sol = examples.chomp_2x3()
    return sol.rank[g.start]


def _nim15() -> tuple[str, str]:
    """Exercise 6.1's game in words, from its parameters: its sticks and its rule."""
    g, _ = examples.ex41()
    exercise = examples.exercise_6("nim15")
    rule = ", ".join(map(str, exercise.ints("rule")))
    n = g.start[0]
    return (f"Nim avec {n} bâtonnets et la règle {{{rule}}}",
            f"Nim with {n} sticks and the rule {{{rule}}}")


def _pair(v) -> str:
    return f"({v[0]}, {v[1]})"


def ex6_1_play() -> Drawing:
    """Exercise 6.1's graph to play on, without its solution (the page shows it before
    the solutions are opened)."""
    from arena.render import View

    g, sol = examples.ex41()
    game = _nim15()
    return _nim_drawing(g, View(), interactive=True, caption=exercise_source.caption(
        examples.EXERCISES_6, "nim15",
        f"le graphe du jeu de {game[0]}, sommets de J₀ en haut, de J₁ en bas ; départ "
        f"{_pair(g.start)}.",
        f"the graph of {game[1]}, J₀'s vertices above, J₁'s below; start "
        f"{_pair(g.start)}."), sol=sol)


def ex6_1_strategy() -> Drawing:
    from arena.render import View

    g, sol = examples.ex41()
    lost = ", ".join(map(str, examples.ex41_facts().lost))
    w = sol.winner[g.start]
    claim(w is not None, "the caption names the winner from the start")
    colour = ("bleu", "blue") if w == 0 else ("vermillon", "vermilion")
    player = f"J{'₀₁'[w]}"
    return _nim_drawing(g, View(winners=True, ranks=True, strategy=w), exercise_source.caption(
        examples.EXERCISES_6, "nim15",
        f"{_nim15()[0]}. Sommets bleus : gagnants pour J₀ ; vermillon à bord tireté : "
        f"gagnants pour J₁ ; à côté, le rang. Le joueur qui doit jouer perd avec "
        f"k ∈ {{{lost}}} bâtonnets : le départ {_pair(g.start)} est gagnant pour {player}. "
        f"Flèches épaisses {colour[0]} : une stratégie gagnante de {player}, son coup en "
        f"chaque sommet (k, {w}) ; depuis une position gagnante, il mène à un sommet de rang "
        "inférieur de 1.",
        f"{_nim15()[1]}. Blue vertices: winning for J₀; vermilion with a dashed border: "
        f"winning for J₁; beside, the rank. The player to move loses with k ∈ {{{lost}}} "
        f"sticks: the start {_pair(g.start)} is winning for {player}. Thick {colour[1]} "
        f"arrows: a winning strategy of {player}, {player}'s move at each vertex (k, {w}); from a "
        "winning position, it leads to a vertex whose rank is one less."), sol)


def _ex42(view, caption: dict[str, str], interactive: bool = False) -> Drawing:
    from arena.render import arena_dot, describe, positions_of, svg_id, vertex_titles

    g, sol = examples.ex42()
    base = positions_of(arena_dot(g, graph_attr={"rankdir": "LR"}))
    positions = {v: base[f"v-{svg_id(vertex_id(v))}"] for v in g.vertices}
    dot = arena_dot(g, sol, view, positions=positions)
    return Drawing(dot, caption, describe(g, sol), fixed=True, titles=vertex_titles(g),
                   arena=g if interactive else None)

def ex6_2_graph() -> Drawing:
    from arena.render import View

    g = examples.ex42().arena
    v0, v1 = ", ".join(g.V0), ", ".join(g.V1)
    return _ex42(View(), exercise_source.caption(
        examples.EXERCISES_6, "graph-game",
        f"un jeu sur un graphe de {plain(ex42_vertices, 'fr')} sommets (cercles : J₀ joue ; "
        f"carrés : J₁ joue ; double bordure : positions de victoire, {v0} pour J₀, {v1} pour "
        f"J₁). Le départ est {g.start}.",
        f"a game on a graph of {plain(ex42_vertices, 'en')} vertices (circles: J₀ moves; squares: "
        f"J₁ moves; double border: victory positions, {v0} for J₀, {v1} for J₁). The start "
        f"is {g.start}."), interactive=True)

def ex6_2_attractors() -> Drawing:
    from arena.render import View

    sol = examples.ex42().solution
    a0, a1 = sol.attractor(0), sol.attractor(1)
    draws = sorted(v for v in sol.arena.vertices if sol.winner[v] is None)
    return _ex42(View(winners=True, ranks=True), exercise_source.caption(
        examples.EXERCISES_6, "graph-game",
        f"les attracteurs. En bleu, 𝒜⁰ ({plain(ex42_attractor_0, 'fr')} sommets : "
        f"{', '.join(sorted(a0))}) ; en vermillon à bord tireté, 𝒜¹ ({plain(ex42_attractor_1, 'fr')} sommets : "
        f"{', '.join(sorted(a1))}) ; le nombre à côté est le rang. Les sommets blancs "
        f"({', '.join(draws)}) sont des positions nulles.",
        f"the attractors. In blue, 𝒜⁰ ({plain(ex42_attractor_0, 'en')} vertices: "
        f"{', '.join(sorted(a0))}); in vermilion with a dashed border, 𝒜¹ ({plain(ex42_attractor_1, 'en')} "
        f"vertices: {', '.join(sorted(a1))}); the number beside is the rank. The white "
        f"vertices ({', '.join(draws)}) are drawn positions."))

def ex6_2_strategy() -> Drawing:
    from arena.render import View

    sol = examples.ex42().solution
    start = sol.arena.start
    return _ex42(View(winners=True, ranks=True, strategy=0), exercise_source.caption(
        examples.EXERCISES_6, "graph-game",
        f"J₀ gagne depuis le départ {start} en {plain(ex42_start_rank, 'fr')} coups au plus. "
        "Flèches épaisses bleues : sa stratégie, qui fait baisser le rang de 1 à chaque coup "
        "depuis une position gagnante, et reste hors de 𝒜¹ depuis un match nul.",
        f"J₀ wins from the start {start} within {plain(ex42_start_rank, 'en')} moves. "
        "Thick blue arrows: the strategy of J₀, which lowers the rank by one at each move "
        "from a winning position, and stays out of 𝒜¹ from a draw."))

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

def _bar() -> str:
    """The size of exercise 6.3's bar, rows × columns (its parameters)."""
    exercise = examples.exercise_6("chomp-2x3")
    return f"{exercise.int('rows')} × {exercise.int('columns')}"


def chomp_graph() -> Drawing:
    from arena.render import View

    return _chomp(View(), _caption(
        f"Chomp sur une tablette {_bar()} : les positions atteignables depuis la tablette "
        "entière. Chaque sommet dessine la tablette restante (le carré sombre est "
        "empoisonné) ; cercle : J₀ joue, carré : J₁ joue. Quand il ne reste que le carré "
        "empoisonné, le joueur qui doit le manger a perdu (double bordure).",
        f"Chomp on a {_bar()} bar: the positions reachable from the whole bar. Each vertex "
        "draws the remaining bar (the dark square is poisoned); circle: J₀ moves, square: "
        "J₁ moves. When only the poisoned square is left, the player who must eat it has "
        "lost (double border)."), interactive=True)

def chomp_attractor() -> Drawing:
    from arena.render import View

    g, sol = examples.chomp_2x3()
    return _chomp(View(winners=True, ranks=True, strategy=0), _caption(
        f"Chomp {_bar()} résolu : J₀ gagne depuis la tablette entière en {plain(chomp_2x3_start_rank, 'fr')} "
        "coups au plus, en mangeant d'abord le seul carré en bas à droite (flèches bleues "
        "épaisses : sa stratégie). Bleu : gagnant pour J₀ ; vermillon à bord tireté : pour "
        "J₁ ; à côté, le rang.",
        f"Chomp {_bar()} solved: J₀ wins from the whole bar within {plain(chomp_2x3_start_rank, 'en')} moves, "
        "by first eating only the bottom-right square (thick blue arrows: the strategy of J₀). "
        "Blue: winning for J₀; vermilion with a dashed border: for J₁; beside, the rank."))

@fragment
def ex6_1_solution() -> Bilingual:
    g, sol = examples.ex41()
    lost, longest = examples.ex41_facts()
    rule = examples.exercise_6("nim15").ints("rule")
    n, s = g.start[0], g.start
    period = min(rule) + max(rule)
    claim(lost == [k for k in range(n + 1) if k % period < min(rule)],
          f"the text says: lost exactly when k mod {period} < {min(rule)}")
    claim(sol.winner[s] == 1, "the text says J_0 loses from the start")
    ks = ", ".join(map(str, lost))
    residues = " ou ".join(map(str, range(min(rule))))
    return both(
        f"Le joueur qui doit jouer avec $k$ bâtonnets perd exactement pour "
        f"$k \\in \\{{{ks}\\}}$, c'est-à-dire quand $k$ vaut {residues} modulo {period}. "
        f"Avec {n} bâtonnets, $J_0$ perd : $J_1$ gagne en {said(ex41_start_rank, 'fr')} coups au plus[](#fig-ex6-1-strategy) ; en "
        f"explorant toutes les réponses de $J_0$, toute partie qui suit la stratégie de $J_1$ "
        f"finit en {said(ex41_longest, 'fr')} coups au plus.\n\n" + _strategy_table(g, 1, "fr"),
        f"The player to move with $k$ sticks loses exactly for $k \\in \\{{{ks}\\}}$, that "
        f"is when $k$ is {residues.replace(' ou ', ' or ')} modulo {period}. With {n} sticks, "
        f"$J_0$ loses: $J_1$ wins within {said(ex41_start_rank, 'en')} moves[](#fig-ex6-1-strategy); exploring every reply of $J_0$, "
        f"every play that follows $J_1$'s strategy ends within {said(ex41_longest, 'en')} moves."
        "\n\n" + _strategy_table(g, 1, "en"))

@fragment
def ex6_2_solution() -> Bilingual:
    g, sol = examples.ex42()
    facts = examples.ex42_facts()

    def attr(i):
        return ", ".join(f"{code(v)} ({r})" for v, r in facts.attractors[i])

    draws = ", ".join(code(v) for v in facts.draws)
    s = g.start
    return both(
        f"$\\mathcal{{A}}^0$ (avec les rangs)[](#fig-ex6-2-attractors) : {attr(0)}.\n\n$\\mathcal{{A}}^1$ : {attr(1)}.\n\n"
        f"Matchs nuls : {draws}. Le départ {code(s)} est dans $\\mathcal{{A}}^0$ : $J_0$ est sûr de "
        f"gagner, en {said(ex42_start_rank, 'fr')} coups au plus. La stratégie de $J_0$[](#fig-ex6-2-strategy) :\n\n"
        + _strategy_table(g, 0, "fr"),
        f"$\\mathcal{{A}}^0$ (with ranks)[](#fig-ex6-2-attractors): {attr(0)}.\n\n$\\mathcal{{A}}^1$: {attr(1)}.\n\n"
        f"Draws: {draws}. The start {code(s)} is in $\\mathcal{{A}}^0$: $J_0$ is sure to win, "
        f"within {said(ex42_start_rank, 'en')} moves. The strategy of $J_0$[](#fig-ex6-2-strategy):\n\n" + _strategy_table(g, 0, "en"))

@fragment
def chomp_solution() -> Bilingual:

    g, sol = examples.chomp_2x3()
    whole = g.start[0]
    columns = whole[0]
    move = sol.move[g.start][0]
    winning = [y for y in g.successors(g.start) if sol.winner[y] == 0]
    claim(len(whole) == 2 and move == (columns, columns - 1),
          "the text explains two rows, and a first move that eats the bottom-right square")
    # the invariant the text explains: J_1 to move with a top row one square longer loses
    staircase = [((a, a - 1) if a > 1 else (1,), 1) for a in range(1, columns + 1)]
    claim(all(sol.winner[v] == 0 for v in staircase), "the staircase invariant is wrong")
    count_fr = "Le seul premier coup gagnant" if len(winning) == 1 else \
        f"Un des {len(winning)} premiers coups gagnants"
    count_en = "The only winning first move" if len(winning) == 1 else \
        f"One of the {len(winning)} winning first moves"
    return both(
        f"La tablette entière ${_shape(whole)}$ (longueurs des lignes) est gagnante pour $J_0$, en "
        f"{said(chomp_2x3_start_rank, 'fr')} coups au plus[](#fig-chomp-attractor). {count_fr} laisse {_shape(move)} : manger le carré "
        "en bas à droite. Ensuite, $J_0$ peut toujours rendre à $J_1$ une tablette dont la "
        "ligne du haut a exactement un carré de plus que celle du bas ; le calcul des attracteurs confirme "
        "que ces positions sont perdantes pour $J_1$.\n",
        f"The whole bar ${_shape(whole)}$ (row lengths) is won by $J_0$, within {said(chomp_2x3_start_rank, 'en')} "
        f"moves[](#fig-chomp-attractor). {count_en} leaves {_shape(move)}: eat the bottom-right square. Then $J_0$ can "
        "always hand $J_1$ a bar whose top row has exactly one square more than the bottom "
        "row; computing the attractors confirms these positions are lost for $J_1$.\n")


FIGURES: tuple[Figure, ...] = (
    Figure("ex6-1-play", ex6_1_play),
    Figure("ex6-1-strategy", ex6_1_strategy),
    Figure("ex6-2-graph", ex6_2_graph),
    Figure("ex6-2-attractors", ex6_2_attractors),
    Figure("ex6-2-strategy", ex6_2_strategy),
    Figure("chomp-graph", chomp_graph),
    Figure("chomp-attractor", chomp_attractor),
)

