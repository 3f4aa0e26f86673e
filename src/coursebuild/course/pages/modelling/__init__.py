"""Modelling a game by a graph: the figures and fragments of ``docs/fr/modelling.md`` and
``docs/en/modelling.md``. Connect-4's part (the recorded solve of the 6 x 4 board) is
:mod:`.connect4`; its names are read here too."""

from __future__ import annotations

from arena import solve
from arena.arena import vertex_id
from coursebuild.course import examples
from coursebuild.course.counts import DRAWS, MOVES, POSITIONS, count, plain, said
from coursebuild.course.drawing import Drawing, Figure, _caption, _nim_drawing
from coursebuild.course.facts import ClaimError, _set, claim
from coursebuild.course.pages.modelling.connect4 import (
    CONNECT4_DATA as CONNECT4_DATA,
)
from coursebuild.course.pages.modelling.connect4 import (
    CONNECT4_RESULT as CONNECT4_RESULT,
)
from coursebuild.course.pages.modelling.connect4 import (
    _connect4 as _connect4,
)
from coursebuild.course.pages.modelling.connect4 import (
    _connect4_run as _connect4_run,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_facts as connect4_facts,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_first_moves as connect4_first_moves,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_game_moves as connect4_game_moves,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_largest_layer as connect4_largest_layer,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_layers as connect4_layers,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_moves as connect4_moves,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_perfect_game as connect4_perfect_game,
)
from coursebuild.course.pages.modelling.connect4 import (
    connect4_positions as connect4_positions,
)
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    code,
    fence,
    fragment,
    num,
    pos,
    table,
    who,
)

EXERCISES = "docs/exercises/01-modelling.yaml"
"""The chapter's exercises (a figure names its exercise by its number)."""


def nim_graph_a() -> Drawing:
    from arena.render import View

    g = examples.nim_10().arena
    return _nim_drawing(g, View(), interactive=True, caption=_caption(
        "Graphe du jeu de Nim, n = 10, règle {1, 2}, dessiné sur deux lignes : en haut les "
        "sommets (k, 0) où J₀ joue (cercles), en bas les sommets (k, 1) où J₁ joue (carrés), "
        "rangés par nombre k de bâtonnets décroissant. Double bordure : positions de victoire "
        "(0, 1) pour J₀ et (0, 0) pour J₁ ; flèche entrante : le départ (10, 0).",
        "Graph of Nim, n = 10, rule {1, 2}, drawn as two rows: on top the vertices (k, 0) "
        "where J₀ moves (circles), below the vertices (k, 1) where J₁ moves (squares), by "
        "decreasing number k of sticks. Double border: victory positions (0, 1) for J₀ and "
        "(0, 0) for J₁; incoming arrow: the start (10, 0)."))


def nim_graph_b() -> Drawing:
    from arena.render import arena_dot, describe, vertex_titles

    g = examples.nim_10().arena
    dot = arena_dot(g, graph_attr={"rankdir": "LR"})
    return Drawing(dot, _caption(
        "Le même graphe du jeu de Nim (n = 10, règle {1, 2}) dans une autre disposition, "
        "calculée par Graphviz : les coups vont de gauche à droite. Un même graphe peut se "
        "dessiner de bien des manières.",
        "The same graph of Nim (n = 10, rule {1, 2}) in another layout, computed by "
        "Graphviz: moves go from left to right. One graph can be drawn in many ways."),
        describe(g), titles=vertex_titles(g))


def tictactoe_tree() -> Drawing:
    from arena import solve
    from arena.games import tictactoe
    from arena.render import COLOURS, html_table, svg_id, tree_dot

    g = tictactoe(3, 3)
    sol = solve(g)
    root = "-" * 9
    fragment = {root: ["x--------", "-x-------", "----x----"],
                "----x----": ["o---x----", "-o--x----"]}
    nodes, edges = [], []

    def board_label(b: str) -> str:
        cells = [[{"-": " ", "x": "×", "o": "o"}[b[3 * r + c]] for c in range(3)]
                 for r in range(3)]
        return html_table(cells, size=16)

    for b in [root, *fragment[root], *fragment["----x----"]]:
        w = sol.winner[b]
        attrs = {"shape": "circle" if g.owner(b) == 0 else "square", "label": board_label(b),
                 "class": "board " + ("draw" if w is None else f"winner-{w}"),
                 "penwidth": "2.5", "margin": "0.12"}
        if w is not None:
            attrs.update(color=COLOURS[w], fillcolor=COLOURS[w])
            if w == 1:
                attrs["style"] = "filled,dashed"
        nodes.append((f"v-{svg_id(b)}", attrs))
    for parent, kids in fragment.items():
        for k in kids:
            edges.append((f"v-{svg_id(parent)}", f"v-{svg_id(k)}",
                          {"id": f"e-{svg_id(parent)}-{svg_id(k)}"}))
    outcome = {b: sol.winner[b] for b in fragment["----x----"]}
    return Drawing(tree_dot(nodes, edges), _caption(
        "Un fragment de l'arbre du morpion : la grille vide, les trois premiers coups de × "
        "à une symétrie près (coin, bord, centre), puis deux réponses de o au centre. "
        "Cercle : × doit jouer ; carré : o doit jouer. Blanc : match nul si chacun joue "
        "au mieux ; bleu : × gagne. Après × au centre, o doit répondre dans un coin : "
        "au bord, il perd.",
        "A fragment of the tic-tac-toe game tree: the empty grid, the first three moves of "
        "× up to symmetry (corner, edge, centre), then two answers of o to the centre. "
        "Circle: × to move; square: o to move. White: a draw with best play; blue: × wins. "
        "After × in the centre, o must answer in a corner: on an edge, o loses."),
        "Tic-tac-toe tree fragment; outcomes after x in the centre: "
        + ", ".join(f"{b}: {'draw' if w is None else 'J_' + str(w)}"
                    for b, w in outcome.items()) + ".")


def ex1_3_graph() -> Drawing:
    """The graph of the chapter's exercise 3 (degrees; exercise 3.1.3 of the reference
    chapter), drawn plainly: no owners, no victory marks."""
    import graphviz

    from arena.render import FONT, GREY, INK, PAPER, plain_label, svg_id

    g = examples.ex313().arena
    dot = graphviz.Digraph()
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="LR")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=INK, fontcolor=INK, width="0.45")
    dot.attr("edge", color=GREY, arrowsize="0.7")
    # DOT names of our own (a name from the file may hold ':', which DOT reads as a port);
    # the file's names are the labels, drawn as written
    node = {v: f"n{k}" for k, v in enumerate(sorted(g.vertices))}
    for v in sorted(g.vertices):
        dot.node(node[v], label=plain_label(vertex_id(v)), id=f"v-{svg_id(vertex_id(v))}")
    for x, y in g.edges():
        dot.edge(node[x], node[y], id=f"e-{svg_id(vertex_id(x))}-{svg_id(vertex_id(y))}")
    names = ", ".join(sorted(g.vertices))
    edges = ", ".join(f"{x} -> {y}" for x, y in g.edges())
    return Drawing(dot, exercise_source.caption(
        EXERCISES, "degrees-by-hand",
        f"un graphe orienté à {plain(ex313_vertices, 'fr')} sommets ({names}) et "
        f"{plain(ex313_edges, 'fr')} arêtes.",
        f"a directed graph with {plain(ex313_vertices, 'en')} vertices ({names}) and "
        f"{plain(ex313_edges, 'en')} edges."),
        f"{len(g)} vertices, {g.n_edges} edges: {edges}.")


@count(POSITIONS)
def ex313_vertices() -> int:
    return len(examples.ex313().arena)


@count(MOVES)
def ex313_edges() -> int:
    return examples.ex313().arena.n_edges


@fragment
def game_sizes() -> Bilingual:
    """The size of the games of exercise 1.1 and who wins them; the winner and the rank of
    a game that a later exercise asks for are left to that exercise (a pointer to it)."""
    from arena.games import marienbad, solve_connect4, tictactoe

    nim15, bar = examples.exercise_6("nim15"), examples.exercise_6("chomp-2x3")
    rule = ", ".join(map(str, nim15.ints("rule")))
    rows = []
    for label_fr, label_en, g, asked in (
        ("Nim, $n = 10$, règle $\\{1, 2\\}$", "Nim, $n = 10$, rule $\\{1, 2\\}$",
         examples.nim_10().arena, None),
        (f"Nim, $n = {nim15.int('n')}$, règle $\\{{{rule}\\}}$",
         f"Nim, $n = {nim15.int('n')}$, rule $\\{{{rule}\\}}$", examples.ex41().arena, nim15),
        (f"Chomp ${bar.int('rows')} \\times {bar.int('columns')}$",
         f"Chomp ${bar.int('rows')} \\times {bar.int('columns')}$", examples.chomp_2x3().arena,
         bar),
        ("Le jeu de l'ourson", "The bear cub game", examples.ourson_game().arena, None),
        ("Nim à tas 1, 3, 5, 7 (misère)", "Heaps 1, 3, 5, 7 (misère)", marienbad((1, 3, 5, 7)),
         None),
        ("Morpion $3 \\times 3$", "Tic-tac-toe $3 \\times 3$", tictactoe(3, 3), None),
    ):
        sol = solve(g)
        rows.append((label_fr, label_en, len(g), g.n_edges, sol.winner[g.start],
                     sol.rank[g.start], asked))
    for r, c in ((4, 4), (5, 4), (4, 5)):
        s = solve_connect4(r, c)
        rows.append((f"Puissance 4, {r} lignes × {c} colonnes",
                     f"Connect-4, {r} rows × {c} columns", s.positions, s.edges,
                     s.start_winner, s.start_rank, None))
    out = {}
    for lang, head, see in (
            ("fr", ("Jeu", "Positions", "Coups", "Gagnant au départ", "Rang"), "exercice"),
            ("en", ("Game", "Positions", "Moves", "Winner from the start", "Rank"),
             "exercise")):
        body = [(fr if lang == "fr" else en, num(n, lang), num(m, lang),
                 f"{see} {asked.number}" if asked else who(w, lang),
                 "" if rk is None or asked else rk) for fr, en, n, m, w, rk, asked in rows]
        out[lang] = table(head, body, "lrrlr")
    return out


@count(POSITIONS)
def nim10_vertices() -> int:
    return len(examples.nim_10().arena)


@count(MOVES)
def nim10_edges() -> int:
    return examples.nim_10().arena.n_edges


@count(POSITIONS)
def nim10_s0() -> int:
    return len(examples.nim_10().arena.S0)


@count(POSITIONS)
def nim10_s1() -> int:
    return len(examples.nim_10().arena.S1)


@fragment
def nim_sets() -> Bilingual:

    g = examples.nim_10().arena
    s0 = ", ".join(pos(v) for v in reversed(g.S0))
    v0, v1 = ", ".join(map(pos, g.V0)), ", ".join(map(pos, g.V1))
    if not g.is_bipartite():
        raise ClaimError("nim_sets: the graph of Nim is not bipartite")
    sets = (f"$S_0 = \\{{{s0.replace('$', '')}\\}}$", f"$V_0 = \\{{{v0.replace('$', '')}\\}}$",
            f"$V_1 = \\{{{v1.replace('$', '')}\\}}$")
    return {lang: (
        f"Pour $n = 10$ et la règle $\\{{1, 2\\}}$, le graphe a {said(nim10_vertices, lang)} "
        f"sommets et {said(nim10_edges, lang)} arêtes ; {sets[0]} compte "
        f"{said(nim10_s0, lang)} sommets, $S_1$ en compte {said(nim10_s1, lang)}. Les positions de "
        f"victoire sont {sets[1]} et {sets[2]}. Chaque coup change le joueur qui doit "
        "jouer : le graphe est biparti.\n"
        if lang == "fr" else
        f"For $n = 10$ and the rule $\\{{1, 2\\}}$, the graph has {said(nim10_vertices, lang)} "
        f"vertices and {said(nim10_edges, lang)} edges; {sets[0]} has {said(nim10_s0, lang)} "
        f"vertices, $S_1$ has {said(nim10_s1, lang)}. The victory positions are {sets[1]} and "
        f"{sets[2]}. Every move changes the player to move: the graph is bipartite.\n")
        for lang in ("fr", "en")}


@count(POSITIONS)
def tictactoe_positions() -> int:
    """Tic-tac-toe 3 × 3: the positions reachable from the empty grid."""
    return len(examples.tictactoe_3x3().arena)


@count(POSITIONS)
def tictactoe_x_has_won() -> int:
    """The positions where × has just lined up three marks: V_0."""
    return len(examples.tictactoe_3x3().arena.V0)


@count(POSITIONS)
def tictactoe_o_has_won() -> int:
    return len(examples.tictactoe_3x3().arena.V1)


@count(POSITIONS)
def tictactoe_won_by_x() -> int:
    return examples.tictactoe_3x3().solution.summary()["won_by_0"]


@count(POSITIONS)
def tictactoe_won_by_o() -> int:
    return examples.tictactoe_3x3().solution.summary()["won_by_1"]


@count(DRAWS)
def tictactoe_draws() -> int:
    return examples.tictactoe_3x3().solution.summary()["draws"]


@fragment
def tictactoe_facts() -> Bilingual:
    g, sol = examples.tictactoe_3x3()
    claim(sol.winner[g.start] is None, "the text says: the empty grid is a draw")
    return {lang: (
        f"Depuis la grille vide, on atteint {said(tictactoe_positions, lang)} positions ; × a "
        f"gagné dans {said(tictactoe_x_has_won, lang)} d'entre elles et o dans "
        f"{said(tictactoe_o_has_won, lang)}. Les attracteurs donnent "
        f"{said(tictactoe_won_by_x, lang)} positions gagnantes pour × ($J_0$), "
        f"{said(tictactoe_won_by_o, lang)} pour o ($J_1$) et {said(tictactoe_draws, lang)} matchs "
        "nuls ; la grille vide est un match nul.\n"
        if lang == "fr" else
        f"From the empty grid, {said(tictactoe_positions, lang)} positions can be reached; × "
        f"has won in {said(tictactoe_x_has_won, lang)} of them and o in "
        f"{said(tictactoe_o_has_won, lang)}. The attractors give {said(tictactoe_won_by_x, lang)} "
        f"positions won by × ($J_0$), {said(tictactoe_won_by_o, lang)} by o ($J_1$) and "
        f"{said(tictactoe_draws, lang)} draws; the empty grid is a draw.\n")
        for lang in ("fr", "en")}


# the code is written once; its comments are in the page's language
_NIM_DICTS = '''\
n, R = 10, [1, 2]
A, S0, S1, V0, V1 = {{}}, {{}}, {{}}, {{}}, {{}}
for i in (0, 1):                  # {to_move}
    for k in range(n + 1 - i):    # {at_most}
        x = (k, i)
        # {order}
        A[x] = [(k - q, 1 - i) for q in sorted(R, reverse=True) if q <= k]
        if i == 0:
            S0[x] = None
        else:
            S1[x] = None
        if not A[x]:              # {stuck}
            if i == 0:
                V1[x] = None
            else:
                V0[x] = None'''


_NIM_DICTS_COMMENTS = {
    "fr": {"to_move": "J_i doit jouer", "order": "les successeurs : le moins de bâtonnets restants d'abord",
           "at_most": "J_0 voit au plus n bâtonnets, J_1 au plus n - 1",
           "stuck": "le joueur qui doit jouer est bloqué : il a perdu"},
    "en": {"to_move": "J_i is to move", "order": "the successors: the fewest sticks left first",
           "at_most": "J_0 faces at most n sticks, J_1 at most n - 1",
           "stuck": "the player to move is stuck and has lost"},
}


def _nim_dicts(lang: str) -> str:
    return _NIM_DICTS.format(**_NIM_DICTS_COMMENTS[lang])


@fragment
def ex_nim_dicts() -> Bilingual:
    from arena.course import chapter_dicts

    expected = chapter_dicts(examples.nim_10().arena)
    for source in (_nim_dicts("fr"), _nim_dicts("en")):
        scope: dict = {}
        exec(source, scope)  # noqa: S102 - our own code, shown on the page
        got = tuple(scope[k] for k in ("A", "S0", "S1", "V0", "V1"))
        # the same successors in the same order: the tables of the next chapters, which
        # break ties by this order, are those of the graph a student builds with this code
        claim(got == expected, "the code of exercise 2 no longer builds the course's graph "
              "of Nim, successors in the same order")
    A, S0, S1, V0, V1 = expected
    claim((len(A), len(S0), len(S1), sum(map(len, A.values())))
          == (nim10_vertices(), nim10_s0(), nim10_s1(), nim10_edges()),
          "the code shown does not give the chapter's counts")
    return both(
        fence(_nim_dicts("fr"), "python") + f"\nOn obtient {said(nim10_vertices, 'fr')} sommets "
        f"({said(nim10_s0, 'fr')} dans `S0`, {said(nim10_s1, 'fr')} dans `S1`) et "
        f"{said(nim10_edges, 'fr')} arêtes ; `V0` = {_set(V0)} et `V1` = {_set(V1)}. "
        "Pour la fonction demandée, il suffit de placer ces lignes dans "
        "`def jeu_de_nim(n, R):` et de renvoyer `A, S0, S1, V0, V1` : c'est l'exercice en "
        "Python du chapitre.\n",
        fence(_nim_dicts("en"), "python") + f"\nThis gives {said(nim10_vertices, 'en')} vertices "
        f"({said(nim10_s0, 'en')} in `S0`, {said(nim10_s1, 'en')} in `S1`) and "
        f"{said(nim10_edges, 'en')} edges; `V0` = {_set(V0)} and `V1` = {_set(V1)}. "
        "For the function, put these lines inside `def nim_game(n, R):` and return "
        "`A, S0, S1, V0, V1`: that is the chapter's Python exercise.\n")


@fragment
def ex1_3_solution() -> Bilingual:
    g = examples.ex313().arena
    A = {v: list(g.successors(v)) for v in g.vertices}
    dminus = {v: 0 for v in A}
    for x in A:
        for y in A[x]:
            dminus[y] += 1
    claim(sum(dminus.values()) == sum(map(len, A.values())) == g.n_edges, 'the course says: sum(dminus.values()) == sum(map(len, A.values())) == g.n_edges')
    names = sorted(A)
    rows = [(code(v), len(A[v]), dminus[v]) for v in names]
    literal = "A = {" + ",\n     ".join(
        f"{v!r}: [{', '.join(map(repr, A[v]))}]" for v in names) + "}"
    return both(
        table(("Sommet", "$d^+$", "$d^-$"), rows, "lrr") +
        f"\nLes deux colonnes ont la même somme, {g.n_edges} : chaque arête sort d'un sommet "
        "et entre dans un autre.\n\n" + fence(literal, "python"),
        table(("Vertex", "$d^+$", "$d^-$"), rows, "lrr") +
        f"\nBoth columns add up to {g.n_edges}: every edge leaves one vertex and enters "
        "one.\n\n" + fence(literal, "python"))


FIGURES: tuple[Figure, ...] = (
    Figure("nim-graph-a", nim_graph_a),
    Figure("nim-graph-b", nim_graph_b),
    Figure("tictactoe-tree", tictactoe_tree),
    Figure("connect4-perfect-game", connect4_perfect_game),
    Figure("ex1-3-graph", ex1_3_graph),
)


# Nim given by its rules (the chapter shows this code, and the facts below are computed by
# running exactly the code shown); one comment line per language
NIM_RULES = """from arena import from_rules

def moves(p):                 # {comment}
    k, i = p
    return [(k - q, 1 - i) for q in (1, 2) if q <= k]

nim_rules = from_rules((10, 0), moves, lambda p: p[1], stuck="loses")
"""


NIM_RULES_COMMENT = {"fr": "p = (k, i) : il reste k bâtonnets, J_i joue",
                     "en": "p = (k, i): k sticks left, J_i to move"}


def _nim_from_rules():
    """The arena the code shown builds, run as the page shows it."""
    namespace: dict = {}
    exec(NIM_RULES.format(comment=NIM_RULES_COMMENT["en"]), namespace)
    return namespace["nim_rules"]


@count(POSITIONS)
def nim_rules_positions() -> int:
    return len(_nim_from_rules())


@count(MOVES)
def nim_rules_moves() -> int:
    return _nim_from_rules().n_edges


@fragment
def nim_rules() -> Bilingual:
    chapter = examples.nim_10().arena
    shown = {lang: NIM_RULES.format(comment=c) for lang, c in NIM_RULES_COMMENT.items()}
    g = _nim_from_rules()
    missing = sorted(set(chapter.vertices) - set(g.vertices))
    claim(missing == [(9, 0)] and set(g.vertices) < set(chapter.vertices),
          "the text says: the rules reach every vertex of the chapter's graph but (9, 0)")
    claim(all(set(g.successors(v)) == set(chapter.successors(v)) for v in g.vertices),
          "the text says: the other vertices have the same successors")
    claim(set(g.V0) | set(g.V1) == (set(chapter.V0) | set(chapter.V1)) - {(9, 0)}
          and set(g.V0) <= set(chapter.V0), "the text says: the same victory positions")
    far = missing[0]
    return both(
        "Les règles suffisent à construire ce graphe : la fonction `from_rules` de la "
        "bibliothèque part de la position de départ, demande les coups de chaque position "
        "rencontrée et numérote les positions dans l'ordre où elle les découvre (un parcours "
        "en largeur). L'argument `stuck=\"loses\"` dit ce que signifie une position sans coup : "
        "le joueur qui doit jouer a perdu ; il n'a pas de valeur par défaut, car l'oublier "
        "changerait le jeu.\n\n" + fence(shown["fr"].rstrip(), "python") + "\n"
        f"On obtient {said(nim_rules_positions, 'fr')} positions et {said(nim_rules_moves, 'fr')} "
        "coups : tous les sommets du graphe "
        f"ci-dessus sauf {pos(far)}, qu'aucune partie partant de $(10, 0)$ n'atteint. En effet, "
        f"$J_0$ ne peut faire face à 9 bâtonnets qu'après un coup de $J_1$ depuis $(10, 1)$ "
        "ou $(11, 1)$, et $J_1$ fait face à 9 bâtonnets au plus. Les autres sommets ont les "
        "mêmes successeurs dans les deux graphes, et les positions de victoire sont les "
        "mêmes.\n",
        "The rules are enough to build this graph: the library's function `from_rules` "
        "starts from the start position, asks for the moves of each position it meets and "
        "numbers the positions in the order it discovers them (a breadth-first search). The "
        "argument `stuck=\"loses\"` says what a position without a move means: the player "
        "to move has lost; it has no default value, since forgetting it would change the "
        "game.\n\n" + fence(shown["en"].rstrip(), "python") + "\n"
        f"This gives {said(nim_rules_positions, 'en')} positions and {said(nim_rules_moves, 'en')} "
        "moves: every vertex of the graph "
        f"above but {pos(far)}, which no play from $(10, 0)$ reaches. Indeed, $J_0$ can face "
        "9 sticks only after a move of $J_1$ from $(10, 1)$ or $(11, 1)$, and $J_1$ faces "
        "at most 9 sticks. The other vertices have the same successors in both graphs, and "
        "the victory positions are the same.\n")
