"""Problems on the chapter *Modéliser un jeu par un graphe* / *Modelling a game as a
graph*: a small game given by its rules, turned into the course's graph, counted,
solved and programmed."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from arena import Arena, from_rules
from arena.course import renverse_graphe
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.drawing import Drawing

GRID = "model-token-grid"

MOVES = {"R": (0, 1), "RR": (0, 2), "D": (1, 0), "DR": (1, 1)}
"""The moves a rule may allow: right by one, right by two, down by one, diagonally."""
MOVE_NAMES = {"fr": {"R": "d'une case vers la droite", "RR": "de deux cases vers la droite",
                     "D": "d'une case vers le bas", "DR": "d'une case en diagonale vers le "
                                                          "bas à droite"},
              "en": {"R": "one cell to the right", "RR": "two cells to the right",
                     "D": "one cell down", "DR": "one cell diagonally down and right"}}


def cell_moves(rows: int, cols: int, walls: frozenset, rule: tuple[str, ...], cell):
    """The cells the token can reach from ``cell`` in one move."""
    r, c = cell
    out = []
    for m in rule:
        dr, dc = MOVES[m]
        to = (r + dr, c + dc)
        if to[0] < rows and to[1] < cols and to not in walls:
            out.append(to)
    return out


def grid_arena(rows: int, cols: int, walls: frozenset, rule: tuple[str, ...]):
    """The course's graph of the game: ``(r, c, i)`` with the token on (r, c) and J_i to
    move, for every free cell and both players; the player who cannot move loses."""
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in walls]
    starts = [(r, c, i) for i in (0, 1) for r, c in cells]
    return from_rules(starts, lambda p: [(r, c, 1 - p[2]) for r, c in
                                         cell_moves(rows, cols, walls, rule, p[:2])],
                      lambda p: p[2], stuck="loses")


def losing_cells(rows: int, cols: int, walls: frozenset, rule: tuple[str, ...]) -> list:
    """The cells from which the player to move loses, from the bottom right corner back
    (every move goes down or right: a second writing, by the recursion on the cells)."""
    lost: set = set()
    for r in range(rows - 1, -1, -1):
        for c in range(cols - 1, -1, -1):
            if (r, c) in walls:
                continue
            if not any(t in lost for t in cell_moves(rows, cols, walls, rule, (r, c))):
                lost.add((r, c))
    return sorted(lost)


@cache
def _candidates() -> list[tuple]:
    rules = [("R", "D"), ("RR", "D"), ("R", "DR"), ("R", "RR", "D"), ("R", "D", "DR"),
             ("RR", "D", "DR"), ("RR", "DR")]
    out = []
    for rows, cols in ((3, 4), (3, 5), (4, 4), (4, 5), (3, 6), (4, 6)):
        inner = [(r, c) for r in range(rows) for c in range(cols)
                 if r + c > 0]
        for k in (1, 2):
            for walls in itertools.combinations(inner, k):
                w = frozenset(walls)
                for rule in rules:
                    cells = rows * cols - k
                    reach = _reachable(rows, cols, w, rule)
                    if len(reach) < cells - 1:
                        continue
                    lost = losing_cells(rows, cols, w, rule)
                    if (0, 0) in lost:
                        continue
                    wins = [t for t in cell_moves(rows, cols, w, rule, (0, 0)) if t in lost]
                    if len(wins) == 1 and 4 <= len(lost) <= cells // 2:
                        out.append((rows, cols, tuple(sorted(walls)), rule))
    return out


def _reachable(rows: int, cols: int, walls: frozenset, rule) -> set:
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        for t in cell_moves(rows, cols, walls, rule, todo.pop()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


NAMES = {"jeu_du_jeton": "token_game", "murs": "walls", "suivantes": "reachable",
         "verifie_arene": "check_arena"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


CODE = listing('''
def jeu_du_jeton(L, C, murs, coups):
    #fr Le graphe du jeu : A, S0, S1, V0, V1 (dictionnaires, valeurs None pour les
    #fr ensembles). murs : ensemble de cases ; coups : liste de déplacements (dl, dc).
    #en The graph of the game: A, S0, S1, V0, V1 (dictionaries, values None for the
    #en sets). murs: a set of cells; coups: a list of steps (dl, dc).
    A, S0, S1, V0, V1 = {}, {}, {}, {}, {}
    for l in range(L):
        for c in range(C):
            if (l, c) in murs:
                continue
            suivantes = [(l + dl, c + dc) for dl, dc in coups
                         if l + dl < L and c + dc < C and (l + dl, c + dc) not in murs]
            for i in (0, 1):
                A[(l, c, i)] = [(a, b, 1 - i) for a, b in suivantes]
                (S0 if i == 0 else S1)[(l, c, i)] = None
                #fr bloqué : le joueur qui doit jouer a perdu
                #en stuck: the player to move has lost
                if suivantes == []:
                    (V1 if i == 0 else V0)[(l, c, i)] = None
    return A, S0, S1, V0, V1''', NAMES)


def board(rows: int, cols: int, walls, caption: dict[str, str]) -> Drawing:
    """The board: free cells white, walls dark, the start (top left) in J₀'s blue."""
    import graphviz

    from arena.render import COLOURS, FONT, html_table

    cells = [["S" if (r, c) == (0, 0) else ("W" if (r, c) in walls else " ")
              for c in range(cols)] for r in range(rows)]
    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT)
    dot.node("board", shape="plaintext", id="board",
             label=html_table(cells, colours={"S": COLOURS[0], "W": "#4D4D4D"}, size=28))
    return Drawing(dot, caption, f"A board of {rows} rows and {cols} columns; walls: "
                   + (", ".join(f"({r}, {c})" for r, c in sorted(walls)) or "none")
                   + "; the token starts at the top left, (0, 0).")


def token_grid(seed: int) -> Variant:
    rows, cols, walls_t, rule = pick(GRID, seed, _candidates())
    walls = frozenset(walls_t)
    g = grid_arena(rows, cols, walls, rule)
    sol = solve_small(g)
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in walls]
    stuck = [t for t in free if not cell_moves(rows, cols, walls, rule, t)]
    lost = losing_cells(rows, cols, walls, rule)
    wins = [t for t in cell_moves(rows, cols, walls, rule, (0, 0)) if t in lost]
    answers = {"vertices": len(g), "edges": g.n_edges, "stuck": [list(t) for t in stuck],
               "lost": [list(t) for t in lost], "first_move": list(wins[0]),
               "start_rank": sol.rank[(0, 0, 0)]}
    moves_fr = words([MOVE_NAMES["fr"][m] for m in rule], "fr", either=True)
    moves_en = words([MOVE_NAMES["en"][m] for m in rule], "en", either=True)
    walls_text = words([f"$({r}, {c})$" for r, c in sorted(walls)], "fr")
    walls_text_en = words([f"$({r}, {c})$" for r, c in sorted(walls)], "en")
    figures = {"board": board(rows, cols, walls, bi(
        f"Le plateau : {rows} lignes et {cols} colonnes ; en gris foncé les murs, en bleu la "
        "case de départ (0, 0), en haut à gauche.",
        f"The board: {rows} rows and {cols} columns; in dark grey the walls, in blue the "
        "start cell (0, 0), at the top left."))}
    steps = ", ".join(f"${MOVES[m]}$" for m in rule)
    intro = bi(
        f"Un jeton est posé sur la case en haut à gauche du plateau ci-dessous, de {rows} "
        f"lignes et {cols} colonnes ; la case de la ligne $l$ et de la colonne $c$ est notée "
        "$(l, c)$, numérotées à partir de 0 depuis le coin en haut à gauche. "
        + (f"La case {walls_text} est un mur" if len(walls) == 1
           else f"Les cases {walls_text} sont des murs")
        + ", où le jeton ne peut pas aller. À son tour, un joueur "
        f"déplace le jeton {moves_fr}, sans sortir du plateau ni aller sur un mur. $J_0$ "
        "joue le premier ; le joueur qui ne peut plus déplacer le jeton a perdu."
        "\n\n<!-- figure: board -->",
        f"A token stands on the top left cell of the board below, of {rows} rows and "
        f"{cols} columns; the cell of row $l$ and column $c$ is written $(l, c)$, numbered from 0 "
        "from the top left corner. "
        + (f"The cell {walls_text_en} is a wall" if len(walls) == 1
           else f"The cells {walls_text_en} are walls")
        + ", where the token "
        f"cannot go. At each turn, the player to move moves the token {moves_en}, without "
        "leaving the "
        "board or going onto a wall. $J_0$ moves first; the player who cannot move the "
        "token loses.\n\n<!-- figure: board -->")
    q1 = Q(bi("Modéliser ce jeu par un graphe biparti comme le jeu de Nim du cours : que "
              "faut-il mettre dans une position ? Donner $S_0$, $S_1$, et le nombre de "
              "sommets si l'on prend toutes les cases libres pour chaque joueur.",
              "Model this game as a bipartite graph, like the course's Nim: what must a "
              "position hold? Give $S_0$, $S_1$, and the number of vertices if every free "
              "cell is taken for each player."),
           bi("Une position est la case du jeton **et** le joueur qui doit jouer : "
              "$(l, c, i)$. $S_0 = \\{(l, c, 0)\\}$ et $S_1 = \\{(l, c, 1)\\}$ pour les "
              f"{len(free)} cases libres : {len(g)} sommets. Un coup $(l, c, i) \\to "
              "(l', c', 1 - i)$ change de joueur : le graphe est biparti.",
              "A position is the cell of the token **and** the player to move: "
              "$(l, c, i)$. $S_0 = \\{(l, c, 0)\\}$ and $S_1 = \\{(l, c, 1)\\}$ for the "
              f"{len(free)} free cells: {len(g)} vertices. A move $(l, c, i) \\to "
              "(l', c', 1 - i)$ changes player: the graph is bipartite."),
           [(1, bi("la case et le joueur", "the cell and the player")),
            (2, bi("$S_0$, $S_1$ et le nombre de sommets",
                   "$S_0$, $S_1$ and the number of vertices"))])
    stuck_text = ", ".join(f"$({r}, {c})$" for r, c in stuck)
    q2 = Q(bi("Quelles cases ne permettent aucun coup ? En déduire $V_0$ et $V_1$. Combien "
              "le graphe a-t-il d'arêtes ?",
              "Which cells allow no move? Deduce $V_0$ and $V_1$. How many edges does the "
              "graph have?"),
           # one stuck cell is named in the singular (a fresh reading, issue 61)
           bi((f"La seule case bloquée : {stuck_text}. Le joueur qui doit y jouer a perdu : "
               "$V_0 = \\{(l, c, 1)\\}$ et $V_1 = \\{(l, c, 0)\\}$ pour cette case."
               if len(stuck) == 1 else
               f"Les cases bloquées : {stuck_text}. Le joueur qui doit y jouer a perdu : "
               "$V_0 = \\{(l, c, 1)\\}$ et $V_1 = \\{(l, c, 0)\\}$ pour ces cases.")
              + " Chaque case libre a autant d'arêtes sortantes que de coups possibles, une "
              f"fois par joueur : {g.n_edges} arêtes.",
              (f"The only stuck cell: {stuck_text}. The player who must move there has lost: "
               "$V_0 = \\{(l, c, 1)\\}$ and $V_1 = \\{(l, c, 0)\\}$ for this cell."
               if len(stuck) == 1 else
               f"The stuck cells: {stuck_text}. The player who must move there has lost: "
               "$V_0 = \\{(l, c, 1)\\}$ and $V_1 = \\{(l, c, 0)\\}$ for these cells.")
              + " Each free cell has as many outgoing edges as possible moves, once per "
              f"player: {g.n_edges} edges."),
           [(1, bi("les cases bloquées", "the stuck cells")),
            (1, bi("$V_0$ et $V_1$", "$V_0$ and $V_1$")),
            (1, bi("le nombre d'arêtes", "the number of edges"))],
           items=[f"$({x[0]}, {x[1]})$" for x in sorted(g.vertices)    # read on the graph
                  if x[2] == 0 and (g.victory(x) is not None or not g.successors(x))])

    def grid_table(lang: str) -> str:
        mark = {"fr": ("P", "G"), "en": ("L", "W")}[lang]
        head = ["$l \\backslash c$"] + [str(c) for c in range(cols)]
        rows_ = [[str(r)] + ["—" if (r, c) in walls else mark[0] if (r, c) in lost
                             else mark[1] for c in range(cols)] for r in range(rows)]
        return table(head, rows_)

    q3 = Q(bi("Pour chaque case libre, dire si le joueur qui doit jouer avec le jeton sur "
              "cette case gagne (G) ou perd (P), en justifiant l'ordre du calcul.",
              "For each free cell, say whether the player to move with the token on that "
              "cell wins (W) or loses (L), justifying the order of the computation."),
           {lang: ("Chaque coup descend ou va à droite : on traite les cases de la dernière "
                   "ligne à la première, et dans chaque ligne de droite à gauche ; une case "
                   "est perdante si aucun coup ne mène à une case perdante (en particulier "
                   "si aucun coup n'est possible)." if lang == "fr" else
                   "Every move goes down or right: cells are handled from the last row to "
                   "the first, and in each row from right to left; a cell is losing if no "
                   "move leads to a losing cell (in particular if no move is possible).")
            + "\n\n" + grid_table(lang) for lang in ("fr", "en")},
           [(1, bi("l'ordre du calcul", "the order of the computation")),
            (3, bi("le tableau (−1 par erreur)", "the table (−1 per mistake)"))])
    w = wins[0]
    q4 = Q(bi("Qui gagne depuis le départ ? Donner un premier coup gagnant ; est-il unique ? "
              "En combien de coups (des deux joueurs) le gagnant peut-il forcer la victoire ?",
              "Who wins from the start? Give a winning first move; is it unique? Within how "
              "many moves (of both players) can the winner force the victory?"),
           bi(f"$(0, 0)$ est gagnante : $J_0$ gagne, en jouant vers $({w[0]}, {w[1]})$, seule "
              "case perdante atteignable en un coup. Le rang de $(0, 0, 0)$ dans "
              f"$\\mathcal{{A}}^0$ vaut {sol.rank[(0, 0, 0)]} : $J_0$ gagne en au plus "
              f"{sol.rank[(0, 0, 0)]} coups, et $J_1$ peut tenir jusque-là.",
              f"$(0, 0)$ is winning: $J_0$ wins, by moving to $({w[0]}, {w[1]})$, the only "
              "losing cell reachable in one move. The rank of $(0, 0, 0)$ in "
              f"$\\mathcal{{A}}^0$ is {sol.rank[(0, 0, 0)]}: $J_0$ wins within "
              f"{sol.rank[(0, 0, 0)]} moves, and $J_1$ can hold out that long."),
           [(1, bi("le gagnant et le coup unique", "the winner and the unique move")),
            (2, bi("le nombre de coups (le rang)", "the number of moves (the rank)"))])
    q5 = Q(bi("Écrire `jeu_du_jeton(L, C, murs, coups)`, qui renvoie `(A, S0, S1, V0, V1)` "
              "dans la représentation du cours (un dictionnaire de listes de successeurs et "
              "des dictionnaires dont les clés forment les ensembles), pour un plateau de "
              "`L` lignes et `C` colonnes, l'ensemble `murs` des murs et la liste `coups` "
              f"des déplacements permis (ici {steps}).",
              "Write `jeu_du_jeton(L, C, murs, coups)`, which returns `(A, S0, S1, V0, V1)` "
              "in the course's representation (a dictionary of successor lists and "
              "dictionaries whose keys form the sets), for a board of `L` rows and `C` "
              "columns, the set `murs` of walls and the list `coups` of allowed steps (here "
              f"{steps})."),
           {lang: fence(CODE[lang]) for lang in ("fr", "en")},
           [(2, bi("les successeurs, sans sortir ni aller sur un mur",
                   "the successors, without leaving or going onto a wall")),
            (1, bi("les deux joueurs", "both players")),
            (1, bi("$V_0$ et $V_1$ sur les cases bloquées",
                   "$V_0$ and $V_1$ on the stuck cells"))])
    q6 = Q(bi("Montrer que toute partie de ce jeu est finie, et qu'il n'y a jamais de match "
              "nul. Combien de coups une partie compte-t-elle au plus ?",
              "Show that every play of this game is finite, and that there is never a draw. "
              "How many moves does a play have at most?"),
           bi(f"Chaque coup augmente $l + c$ d'au moins 1, et $l + c \\le {rows + cols - 2}$ : "
              f"une partie compte au plus {rows + cols - 2} coups, elle est finie. Elle "
              "s'arrête donc sur une position terminale ; les seules sont les cases "
              "bloquées, qui sont des positions de victoire (il n'y a pas de cul-de-sac) : "
              "toute partie est gagnante pour l'un des joueurs.",
              f"Each move increases $l + c$ by at least 1, and $l + c \\le {rows + cols - 2}$: "
              f"a play has at most {rows + cols - 2} moves, it is finite. It therefore stops "
              "at a terminal position; the only ones are the stuck cells, which are victory "
              "positions (there is no dead end): every play is winning for one of the "
              "players."),
           [(1, bi("la quantité $l + c$ qui croît", "the quantity $l + c$ that grows")),
            (1, bi("la borne", "the bound")), (1, bi("pas de cul-de-sac", "no dead end"))])
    params = {"rows": rows, "cols": cols, "walls": [list(t) for t in sorted(walls)],
              "rule": list(rule)}
    return compose(GRID, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers)


def check_token_grid(v: Variant) -> None:
    rows, cols = v.params["rows"], v.params["cols"]
    walls = frozenset(tuple(t) for t in v.params["walls"])
    rule = tuple(v.params["rule"])
    ans: dict[str, Any] = dict(v.answers)
    g = grid_arena(rows, cols, walls, rule)
    sol = solve_small(g)
    # the solution's program gives the library's graph
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(CODE[lang], space)
        A, S0, S1, V0, V1 = space[own_name("jeu_du_jeton", lang, NAMES)](rows, cols, walls,
                                                  [MOVES[m] for m in rule])
        need(set(A) == set(g.vertices))
        need(all(sorted(A[x]) == sorted(g.successors(x)) for x in A))
        need(set(S0) == set(g.S0) and set(S1) == set(g.S1))
        need(set(V0) == set(g.V0) and set(V1) == set(g.V1))
    need(ans["vertices"] == len(g) == 2 * (rows * cols - len(walls)))
    need(ans["edges"] == g.n_edges)
    stuck = sorted(x[:2] for x in g.V1)
    need(ans["stuck"] == [list(t) for t in stuck])
    # the attractors against the recursion on the cells
    lost = sorted(x[:2] for x in g.vertices if x[2] == 0 and sol.winner[x] == 1)
    need(ans["lost"] == [list(t) for t in lost] == [list(t) for t in
                                                      losing_cells(rows, cols, walls, rule)])
    wins = [t for t in cell_moves(rows, cols, walls, rule, (0, 0)) if list(t) in ans["lost"]]
    need(len(wins) == 1 and ans["first_move"] == list(wins[0]))
    need(ans["start_rank"] == sol.rank[(0, 0, 0)] and sol.winner[(0, 0, 0)] == 0)
    need(all(sol.winner[x] is not None for x in g.vertices), "no draw")


PROBLEMS = (
    problem(id=GRID, chapter="modelling", generate=token_grid, check=check_token_grid,
            title=bi("Un jeton sur un plateau", "A token on a board"),
            names=NAMES),
)


# ---------------------------------------------------------------------------------
# model-arena-representation

REPRESENTATION = "model-arena-representation"

CHECK_CODE = listing('''
def verifie_arene(A, S0, S1, V0, V1):
    #fr True si (A, S0, S1, V0, V1) décrit une arène du cours : S0 et S1 partagent les
    #fr sommets, V0 et V1 sont disjoints, une position de victoire n'a pas de successeur et
    #fr chaque arête change de joueur.
    #en True if (A, S0, S1, V0, V1) describes an arena of the course: S0 and S1 split the
    #en vertices, V0 and V1 are disjoint, a victory position has no successor and every
    #en edge changes player.
    for x in A:
        #fr dans aucun des deux, ou dans les deux
        #en in neither, or in both
        if (x in S0) == (x in S1):
            return False
        if x in V0 and x in V1:
            return False
        if (x in V0 or x in V1) and A[x] != []:
            return False
        for y in A[x]:
            if y not in A or (x in S0) == (y in S0):
                return False
    return len(S0) + len(S1) == len(A)''', NAMES)


def _representation_arena(seed: int):
    r = rng(REPRESENTATION, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(1, r.randint(1, 2), 1, 1), ranks1=(1, 1), draws0=1, draws1=1,
                    dead0=0, dead1=r.randint(0, 1))
        g, _ = planted(r, plan, extra=0.6)
        if not 9 <= len(g) <= 11 or len(reach(g, "a")) != len(g):
            continue
        # an edge out of a victory position, as a careless statement would give it
        victories = sorted(set(g.V0) | set(g.V1))
        v = r.choice(victories)
        others = sorted(x for x in g.vertices if g.owner(x) != g.owner(v))
        extra = r.choice(others)
        edges = {x: list(g.successors(x)) for x in g.vertices if g.successors(x)}
        edges[v] = [extra]
        h = Arena(S0=g.S0, S1=g.S1, edges=edges, V0=g.V0, V1=g.V1, start="a")
        return g, h, v, extra
    raise RuntimeError(f"{REPRESENTATION}: no arena found for the seed {seed}")


def representation(seed: int) -> Variant:
    g, h, v, extra = _representation_arena(seed)
    order = sorted(g.vertices, key=name)
    A = {x: ([] if g.victory(x) is not None else sorted(g.successors(x), key=name))
         for x in order}
    B = renverse_graphe(A)
    dplus = {x: len(A[x]) for x in order}
    dminus = {x: len(B[x]) for x in order}
    m = sum(dplus.values())
    from0 = sum(dplus[x] for x in order if g.owner(x) == 0)
    answers = {"dplus": dplus, "dminus": dminus, "edges": m, "B": B, "from0": from0,
               "terminal": [x for x in order if not A[x]],
               "dead_ends": [x for x in order if not A[x] and g.victory(x) is None]}
    figures = {"graph": arena_figure(h, bi(
        f"Le jeu tel qu'il est donné : {len(h)} positions, cercles pour J₀, carrés pour J₁, "
        "double bordure pour les positions de victoire ; départ a.",
        f"The game as given: {len(h)} positions, circles for J₀, squares for J₁, a double "
        "border for victory positions; start a."))}
    intro = bi(
        "On donne le jeu ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux carrés, avec "
        f"$V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$ ; le départ est $a$. Sur la figure, "
        f"une arête part de la position de victoire ${name(v)}$ : "
        f"${name(v)} \\to {name(extra)}$.\n\n<!-- figure: graph -->",
        "The game below is given, where $J_0$ moves at the circles and $J_1$ at the "
        "squares, with "
        f"$V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$; the start is $a$. On the figure, "
        f"an edge leaves the victory position ${name(v)}$: ${name(v)} \\to {name(extra)}$."
        "\n\n<!-- figure: graph -->")
    q1 = Q(bi(f"Pourquoi peut-on retirer l'arête ${name(v)} \\to {name(extra)}$ sans changer "
              "le jeu ? On la retire dans toute la suite.",
              f"Why can the edge ${name(v)} \\to {name(extra)}$ be removed without changing "
              "the game? It is removed from now on."),
           bi("Une partie s'arrête dès qu'elle atteint une position de victoire : aucune "
              "partie n'emprunte une arête qui en part. Le cours convient donc qu'une "
              "position de victoire n'a pas de successeur.",
              "A play stops as soon as it reaches a victory position: no play uses an edge "
              "leaving it. The course therefore agrees that a victory position has no "
              "successor."),
           [(2, bi("la partie s'arrête sur une victoire", "the play stops at a victory")),
            (1, bi("la convention du cours", "the course's convention"))])
    succ_text = ", ".join(f"`{x!r}: {A[x]!r}`" for x in order)
    q2 = Q(bi("Écrire le dictionnaire `A` de la représentation du cours, les clés et les "
              "listes de successeurs dans l'ordre alphabétique, puis les dictionnaires `S0` "
              "et `V0`.",
              "Write the dictionary `A` of the course's representation (keys in alphabetical "
              "order, successors in alphabetical order), then the dictionaries `S0` and "
              "`V0`."),
           bi(f"`A` associe : {succ_text}. `S0` a pour clés "
              f"{', '.join(f'`{x!r}`' for x in order if g.owner(x) == 0)} (valeurs `None`), "
              f"`V0` a pour {'clé' if len(g.V0) == 1 else 'clés'} "
              f"{', '.join(f'`{x!r}`' for x in g.V0)}.",
              f"`A` maps: {succ_text}. `S0` has as keys "
              f"{', '.join(f'`{x!r}`' for x in order if g.owner(x) == 0)} (values `None`), "
              f"`V0` has as {'its key' if len(g.V0) == 1 else 'keys'} "
              f"{', '.join(f'`{x!r}`' for x in g.V0)}."),
           [(2, bi("`A`", "`A`")), (1, bi("`S0` et `V0`", "`S0` and `V0`"))])

    def moves_of(x: Any) -> list[Any]:
        """The moves of ``x`` in the arena, none at a victory position (question 1)."""
        return [] if x in g.V0 or x in g.V1 else list(g.successors(x))

    def degree_table(lang: str) -> str:
        return table(("Position", "$d^+$", "$d^-$"),
                     [(f"${name(x)}$", dplus[x], dminus[x]) for x in order], "lrr")

    q3 = Q(bi("Donner le degré sortant $d^+$ et le degré entrant $d^-$ de chaque position. "
              "Vérifier que $\\sum d^+ = \\sum d^-$ et démontrer cette égalité en général.",
              "Give the out-degree $d^+$ and the in-degree $d^-$ of each position. Check "
              "that $\\sum d^+ = \\sum d^-$ and prove this equality in general."),
           {lang: degree_table(lang) + "\n\n" + (
               f"Les deux sommes valent {m} : chacune compte chaque arête $(x, y)$ une fois, "
               "la première en $x$, la seconde en $y$ ; elles valent $|A|$."
               if lang == "fr" else
               f"Both sums are {m}: each counts every edge $(x, y)$ once, the first at $x$, "
               "the second at $y$; they are $|A|$.") for lang in ("fr", "en")},
           [(2, bi("les degrés", "the degrees")), (1, bi("la preuve", "the proof"))],
           # each position's row, its degrees counted on the arena's own edges
           items=[f"| ${name(x)}$ | {len(moves_of(x))} | "
                  f"{sum(x in moves_of(y) for y in order)} |" for x in order])
    b_text = ", ".join(f"`{x!r}: {B[x]!r}`" for x in order)
    q4 = Q(bi("Donner le graphe renversé `B = renverse_graphe(A)` du cours, les listes dans "
              "l'ordre où la fonction les remplit.",
              "Give the course's reversed graph `B = renverse_graphe(A)`, the lists in the "
              "order in which the function fills them."),
           bi(f"`B` associe : {b_text}. Les prédécesseurs sont ajoutés en parcourant les clés "
              "de `A` dans l'ordre, donc dans l'ordre alphabétique.",
              f"`B` maps: {b_text}. Predecessors are added going through the keys of `A` in "
              "order, hence in alphabetical order."),
           [(3, bi("`B`, dans l'ordre", "`B`, in order"))])
    q5 = Q(bi("Montrer que, dans une arène bipartie, $\\sum_{x \\in S_0} d^+(x) = "
              "\\sum_{y \\in S_1} d^-(y)$. Que vaut cette somme ici ? Quelles sont les "
              "positions terminales, et les culs-de-sac ?",
              "Show that, in a bipartite arena, $\\sum_{x \\in S_0} d^+(x) = "
              "\\sum_{y \\in S_1} d^-(y)$. What is this sum here? Which are the terminal "
              "positions, and the dead ends?"),
           bi("Les deux sommes comptent les arêtes de $S_0$ vers $S_1$, c'est-à-dire toutes "
              "celles qui partent de $S_0$ (il n'y en a pas de $S_0$ vers $S_0$) et toutes "
              f"celles qui arrivent dans $S_1$. Ici : {from0}. Positions terminales : "
              f"${mset(answers['terminal'])}$ ; culs-de-sac (terminales hors de "
              f"$V_0 \\cup V_1$) : ${mset(answers['dead_ends'])}$.",
              "Both sums count the edges from $S_0$ to $S_1$, that is all those leaving "
              "$S_0$ (there is none from $S_0$ to $S_0$) and all those arriving in $S_1$. "
              f"Here: {from0}. Terminal positions: ${mset(answers['terminal'])}$; dead ends "
              f"(terminal outside $V_0 \\cup V_1$): ${mset(answers['dead_ends'])}$."),
           [(2, bi("la preuve", "the proof")), (1, bi("la somme", "the sum")),
            (1, bi("terminales et culs-de-sac", "terminal positions and dead ends"))],
           items=[f"${mset(x for x in order if not moves_of(x))}$",
                  f"${mset(x for x in order if not moves_of(x) and x not in g.V0 + g.V1)}$"])
    q6 = Q(bi("Écrire `verifie_arene(A, S0, S1, V0, V1)`, qui renvoie `True` si et seulement "
              "si ces dictionnaires décrivent une arène bipartie du cours : chaque sommet "
              "dans exactement un des ensembles $S_0$ et $S_1$, $V_0$ et $V_1$ disjoints, "
              "pas de successeur aux positions de victoire, chaque successeur est une clé de "
              "`A` et chaque arête change de joueur. Quelle est sa complexité ?",
              "Write `verifie_arene(A, S0, S1, V0, V1)`, which returns `True` if and only if "
              "these dictionaries describe a bipartite arena of the course: each vertex in "
              "exactly one of the sets $S_0$ and $S_1$, $V_0$ and $V_1$ disjoint, no "
              "successor at victory positions, every successor a key of `A` and every edge "
              "changing player. What is its complexity?"),
           {lang: fence(CHECK_CODE[lang]) + "\n\n" + (
               "Chaque sommet et chaque arête sont examinés une fois, avec des tests "
               "d'appartenance en $O(1)$ : $O(|S| + |A|)$." if lang == "fr" else
               "Each vertex and each edge is examined once, with membership tests in "
               "$O(1)$: $O(|S| + |A|)$.") for lang in ("fr", "en")},
           [(3, bi("les conditions, toutes", "the conditions, all of them")),
            (1, bi("la complexité", "the complexity"))])
    params = {"arena": arena_params(g), "extra_edge": [v, extra]}
    return compose(REPRESENTATION, seed, params, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_representation(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    x0, y0 = v.params["extra_edge"]
    need(g.victory(x0) is not None and g.owner(y0) != g.owner(x0))
    order = sorted(g.vertices, key=name)
    A = {x: ([] if g.victory(x) is not None else sorted(g.successors(x), key=name))
         for x in order}
    need(ans["dplus"] == {x: len(A[x]) for x in order})
    dminus = {x: sum(1 for y in order if x in A[y]) for x in order}
    need(ans["dminus"] == dminus and ans["edges"] == g.n_edges == sum(dminus.values()))
    need(ans["B"] == renverse_graphe(A) and ans["B"] == {
        x: [y for y in order if x in A[y]] for x in order})
    need(ans["from0"] == sum(dminus[x] for x in order if g.owner(x) == 1))
    need(ans["terminal"] == [x for x in order if not g.successors(x) or g.victory(x)
                               is not None])
    need(ans["dead_ends"] == [x for x in ans["terminal"] if g.victory(x) is None])
    S0 = {x: None for x in order if g.owner(x) == 0}
    S1 = {x: None for x in order if g.owner(x) == 1}
    V0, V1 = dict.fromkeys(g.V0), dict.fromkeys(g.V1)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(CHECK_CODE[lang], space)
        check = space[own_name("verifie_arene", lang, NAMES)]
        need(check(A, S0, S1, V0, V1) is True)
        bad = dict(A)
        bad[x0] = [y0]                      # the edge out of a victory position
        need(check(bad, S0, S1, V0, V1) is False)
        need(check(A, S0, {**S1, order[0]: None}, V0, V1) is False)
        loop = {**A, order[1]: A[order[1]] + [order[1]]}
        need(check(loop, S0, S1, V0, V1) is False)


PROBLEMS = PROBLEMS + (
    problem(id=REPRESENTATION, chapter="modelling", generate=representation,
            check=check_representation, uses=("homework", "tutorial"), minutes=35,
            title=bi("Une arène dans la représentation du cours",
                     "An arena in the course's representation"),
            names=NAMES),
)


FIELDS = {
    GRID: (
        ask(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        ask(2, "stuck", "set", "Cases sans coup possible", "Cells allowing no move"),
        ask(2, "edges", "number", "Nombre d'arêtes", "Number of edges"),
        ask(3, "lost", "set", "Cases perdantes (P) pour le joueur qui doit jouer",
            "Cells losing (L) for the player to move"),
        ask(4, "start_rank", "number", "Nombre de coups (le rang du départ)",
            "Number of moves (the rank of the start)"),
    ),
    REPRESENTATION: (
        ask(3, "dplus", "map", "$d^+$ de chaque position", "$d^+$ of each position"),
        ask(3, "dminus", "map", "$d^-$ de chaque position", "$d^-$ of each position"),
        ask(5, "from0", "number", "La somme", "The sum"),
        ask(5, "terminal", "set", "Positions terminales", "Terminal positions"),
        ask(5, "dead_ends", "set", "Culs-de-sac", "Dead ends"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
