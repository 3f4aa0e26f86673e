"""Problems on the chapter *La théorie des jeux, plus largement* / *Game theory, more
broadly*: Bachet's game with a twist, modelled and solved; the game tree against the
graph of positions."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from arena import Arena, from_rules
from arena.course import naive_attractor
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

# ---------------------------------------------------------------------------------
# bachet-no-repeat

BACHET = "bachet-no-repeat"


def bachet_moves(N: int, R: tuple[int, ...], p):
    """Positions after one move from ``p = (total, last, player)``: a number of ``R``,
    not the one the opponent just said, without going past ``N``."""
    s, d, i = p
    return [(s + k, k, 1 - i) for k in R if k != d and s + k <= N]


def bachet_arena(N: int, R: tuple[int, ...]) -> Arena:
    """The graph of the game: the player who reaches ``N`` wins; a player who cannot
    say a number has lost."""
    return from_rules((0, 0, 0), lambda p: bachet_moves(N, R, p), lambda p: p[2],
                      stuck="loses", winner=lambda p: (1 - p[2]) if p[0] == N else None)


def losing_positions(N: int, R: tuple[int, ...]) -> set:
    """The pairs (total, last) where the player to say a number loses, from N down (a
    second writing: every move increases the total)."""
    lost: set = set()
    for s in range(N, -1, -1):
        for d in (0,) + R:
            if s == N:
                lost.add((s, d))         # the other player has just reached N
                continue
            nexts = [(s + k, k) for k in R if k != d and s + k <= N]
            if all((t, k) not in lost for t, k in nexts):
                lost.add((s, d))
    return lost


@cache
def _candidates() -> list[tuple[int, tuple[int, ...]]]:
    """Three numbers from 1 to 6 and a target from 10 to 24 such that the first player,
    when it wins, has a unique winning first move, and the extra rule matters: whether a
    total is losing depends on the last number said."""
    out = []
    for R in itertools.combinations(range(1, 7), 3):
        for N in range(10, 25):
            lost = losing_positions(N, R)
            wins = [k for k in R if k <= N and (k, k) in lost]
            if (0, 0) not in lost and len(wins) != 1:
                continue
            mixed = any(0 < len([d for d in R if (s, d) in lost]) < len(R)
                        for s in range(1, N))
            if mixed:
                out.append((N, R))
    return out


def _plain_losing(N: int, R: tuple[int, ...]) -> set[int]:
    """Totals losing for the player to move without the twist (Bachet's game)."""
    lost: set[int] = set()
    for s in range(N, -1, -1):
        if s == N or all(s + k not in lost for k in R if s + k <= N):
            lost.add(s)
    return lost


NAMES = {"noeuds": "nodes"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


RULES_CODE = listing('''
N, R = {N}, {R}
#fr (total, dernier nombre dit, joueur qui doit jouer)
#en (total, last number said, player to move)
START = (0, 0, 0)
#fr qui ne peut rien dire a perdu
#en whoever cannot say a number has lost
STUCK = "loses"

def player(p):
    return p[2]

def moves(p):
    s, d, i = p
    return [(s + k, k, 1 - i) for k in R if k != d and s + k <= N]

def winner(p):
    s, d, i = p
    #fr l'autre vient d'atteindre N
    #en the other one has just reached N
    return 1 - i if s == N else None''', NAMES)


def bachet(seed: int) -> Variant:
    N, R = pick(BACHET, seed, _candidates())
    g = bachet_arena(N, R)
    sol = solve_small(g)
    lost = losing_positions(N, R)
    plain = sorted(_plain_losing(N, R))
    wins = [k for k in R if (k, k) in lost]
    k0 = wins[0] if wins else None
    seen = {(s, d) for s, d, _ in g.vertices}
    twist_lost = sorted((s, d) for s, d in lost if s < N and (s, d) in seen)
    answers = {"plain_losing": plain, "plain_winner": 1 if 0 in plain else 0,
               "vertices": len(g), "winner": sol.winner[(0, 0, 0)], "first": k0,
               "rank": sol.rank[(0, 0, 0)], "losing": [list(x) for x in twist_lost]}
    Rt = "\\{" + ", ".join(map(str, R)) + "\\}"
    intro = bi(
        "Deux joueurs disent tour à tour un nombre de l'ensemble "
        f"$R = {Rt}$ ; on additionne les nombres dits depuis 0, sans jamais dépasser "
        f"$N = {N}$. Le joueur qui atteint exactement $N$ a gagné ; celui qui ne peut dire "
        "aucun nombre a perdu. $J_0$ commence. C'est le problème de Bachet (1612), ici avec "
        "une règle de plus, sauf à la question 1 : **on ne peut pas dire le nombre que "
        "l'adversaire vient de dire.**",
        "Two players say in turn a number of the set "
        f"$R = {Rt}$; the numbers said are added from 0, never going past $N = {N}$. The "
        "player who reaches exactly $N$ wins; the player who cannot say any number loses. "
        "$J_0$ starts. This is Bachet's problem (1612), here with one more rule, except in "
        "question 1: **one cannot say the number the opponent has just said.**")
    plain_text = mset(plain)
    q1 = Q(bi("Sans la règle de plus, montrer que c'est un jeu de Nim du cours (préciser le "
              "nombre de bâtonnets et la règle), puis donner les totaux perdants pour le "
              "joueur qui doit jouer, et qui gagne.",
              "Without the extra rule, show that this is a Nim game of the course (give the "
              "number of sticks and the rule), then give the totals losing for the player to "
              "move, and who wins."),
           bi(f"Un total $s$ correspond à $N - s$ bâtonnets, et dire $k$ retire $k$ "
              f"bâtonnets : c'est le Nim à {N} bâtonnets avec la règle $R$ ; atteindre $N$, "
              "c'est prendre le dernier bâtonnet, et l'adversaire ne peut plus jouer. En "
              "remontant depuis $N$, les totaux perdants pour le joueur qui doit jouer sont "
              f"${plain_text}$ : " + ("0 en fait partie, $J_1$ gagne." if 0 in plain
                                      else "0 n'en fait pas partie, $J_0$ gagne."),
              f"A total $s$ stands for $N - s$ sticks, and saying $k$ takes $k$ sticks: this "
              f"is Nim with {N} sticks and the rule $R$; reaching $N$ is taking the last "
              "stick, and the opponent cannot move any more. Going back from $N$, the totals "
              f"losing for the player to move are ${plain_text}$: "
              + ("0 is one of them, $J_1$ wins." if 0 in plain
                 else "0 is not one of them, $J_0$ wins.")),
           [(1, bi("le lien avec Nim", "the link with Nim")),
            (2, bi("les totaux perdants et le gagnant", "the losing totals and the winner"))])
    q2 = Q(bi("Avec la règle de plus, pourquoi le total et le joueur ne suffisent-ils plus "
              "à décrire une position ? Proposer des positions, et compter les sommets du "
              "graphe atteignables depuis le départ.",
              "With the extra rule, why are the total and the player no longer enough to "
              "describe a position? Propose positions, and count the vertices of the graph "
              "reachable from the start."),
           bi("Les coups permis dépendent du dernier nombre dit : une position est "
              "$(s, d, i)$, total $s$, dernier nombre $d$ (0 au départ), joueur $J_i$ qui "
              f"doit jouer. Depuis $(0, 0, 0)$, on atteint {len(g)} positions.",
              "The moves allowed depend on the last number said: a position is "
              "$(s, d, i)$, total $s$, last number $d$ (0 at the start), player $J_i$ to "
              f"move. From $(0, 0, 0)$, {len(g)} positions are reached."),
           [(1, bi("le dernier nombre dans la position", "the last number in the position")),
            (2, bi("le compte", "the count"))])
    lost_rows = []
    for s in range(N - 1, -1, -1):
        ds = [d for d in (0,) + R if (s, d) in lost and (s, d) in seen]
        if ds:
            lost_rows.append((s, ", ".join(map(str, ds))))
    solved_lost = {(s, d) for s, d, i in g.vertices if s < N and sol.winner[(s, d, i)] == 1 - i}
    q3 = Q(bi("Déterminer les couples $(s, d)$ atteignables depuis le départ, avec $s < N$, "
              "pour lesquels le joueur qui doit jouer perd, en remontant depuis $s = N$. Qui "
              "gagne depuis le départ ?",
              "Determine the pairs $(s, d)$ reachable from the start, with $s < N$, for which "
              "the player to move loses, going back from $s = N$. Who wins from the start?"),
           {lang: ("Chaque coup augmente le total : on traite $s$ de $N$ à 0 ; $(s, d)$ est "
                   "perdant si aucun coup permis ne mène à un couple perdant (le couple "
                   "$(N, d)$ est perdant : l'autre vient de gagner). Couples perdants, parmi "
                   "les atteignables :"
                   if lang == "fr" else
                   "Every move increases the total: $s$ is handled from $N$ down to 0; "
                   "$(s, d)$ is losing if no allowed move leads to a losing pair (the pair "
                   "$(N, d)$ is losing: the other has just won). Losing pairs, among those "
                   "reachable:")
            + "\n\n" + table(("$s$", "$d$"), lost_rows, "rl") + "\n\n"
            + _verdict(0 in plain, (0, 0) in lost, lang) for lang in ("fr", "en")},
           [(1, bi("l'ordre du calcul", "the order of the computation")),
            (2, bi("les couples perdants", "the losing pairs")),
            (1, bi("le gagnant", "the winner"))],
           # each row of losing pairs, read on the solved graph: the player to move at
           # (s, d, i) loses when the other wins there
           items=[f"| {s} | {', '.join(str(d) for d in (0,) + R if (s, d) in solved_lost)} |"
                  for s in sorted({s for s, _ in solved_lost}, reverse=True)])
    rank = sol.rank[(0, 0, 0)]
    if k0 is not None:
        a4 = bi(f"Dire {k0}, qui laisse le couple perdant $({k0}, {k0})$ ; c'est le seul. Le "
                f"rang de $(0, 0, 0)$ dans $\\mathcal{{A}}^0$ vaut {rank} : $J_0$ gagne en "
                f"au plus {rank} coups.",
                f"Say {k0}, which leaves the losing pair $({k0}, {k0})$; it is the only one. "
                f"The rank of $(0, 0, 0)$ in $\\mathcal{{A}}^0$ is {rank}: $J_0$ wins "
                f"within {rank} moves.")
    else:
        a4 = bi("Aucun : tous les premiers coups laissent un couple gagnant pour $J_1$. Le "
                f"rang de $(0, 0, 0)$ dans $\\mathcal{{A}}^1$ vaut {rank} : $J_1$ gagne en "
                f"au plus {rank} coups, et $J_0$ peut tenir jusque-là.",
                "None: every first move leaves a pair winning for $J_1$. The rank of "
                f"$(0, 0, 0)$ in $\\mathcal{{A}}^1$ is {rank}: $J_1$ wins within {rank} "
                "moves, and $J_0$ can hold out that long.")
    q4 = Q(bi("Quel premier coup gagne pour $J_0$, s'il y en a un ? En combien de coups (des "
              "deux joueurs), au plus, le gagnant peut-il gagner contre la meilleure "
              "défense ?",
              "Which first move wins for $J_0$, if any? Within how many moves (of both "
              "players), at most, can the winner win against the best defence?"),
           a4, [(1, bi("le coup, ou aucun", "the move, or none")), (2, bi("le rang", "the rank"))])
    code = {lang: RULES_CODE[lang].replace("{N}", str(N)).replace("{R}", repr(list(R)))
            for lang in ("fr", "en")}
    q5 = Q(bi("Écrire ce jeu comme un fichier de règles du cours : `START`, `STUCK`, et les "
              "fonctions `player(p)`, `moves(p)` et `winner(p)`.",
              "Write this game as a rules file of the course: `START`, `STUCK`, and the "
              "functions `player(p)`, `moves(p)` and `winner(p)`."),
           {lang: fence(code[lang]) for lang in ("fr", "en")},
           [(1, bi("`START` et `player`", "`START` and `player`")),
            (2, bi("`moves` avec la règle de plus", "`moves` with the extra rule")),
            (1, bi("`winner` et `STUCK`", "`winner` and `STUCK`"))])
    q6 = Q(bi("Montrer que toute partie compte au plus $N$ coups et qu'il n'y a pas de match "
              "nul. Le jeu est-il à information parfaite ? à somme nulle ?",
              "Show that every play has at most $N$ moves and that there is no draw. Is the "
              "game of perfect information? zero-sum?"),
           bi("Chaque coup augmente le total d'au moins 1, qui reste au plus $N$ : au plus "
              "$N$ coups. Une partie finit donc sur une position sans coup : total $N$ "
              "(victoire de celui qui l'a atteint) ou joueur bloqué (qui a perdu) : pas de "
              "match nul. Le jeu est séquentiel à information parfaite (chacun connaît les "
              "nombres dits) et, avec les gains $+1$ et $-1$, à somme nulle.",
              "Each move increases the total by at least 1, which stays at most $N$: at most "
              "$N$ moves. A play thus ends at a position without move: total $N$ (a victory "
              "of whoever reached it) or a stuck player (who has lost): no draw. The game "
              "is sequential with perfect information (each player knows the numbers said) "
              "and, with the payoffs $+1$ and $-1$, zero-sum."),
           [(1, bi("la borne", "the bound")), (1, bi("pas de match nul", "no draw")),
            (1, bi("information parfaite, somme nulle", "perfect information, zero-sum"))])
    return compose(BACHET, seed, {"N": N, "R": list(R)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def _verdict(plain_loses: bool, twist_loses: bool, lang: str) -> str:
    """The winner with the extra rule, compared with question 1."""
    now = "$J_1$" if twist_loses else "$J_0$"
    same = plain_loses == twist_loses
    if lang == "fr":
        return (f"$(0, 0)$ {'y est' if twist_loses else 'n' + chr(39) + 'y est pas'} : "
                f"{now} gagne" + (", comme sans la règle de plus." if same else
                                   ", alors que sans la règle de plus l'autre gagnait."))
    return (f"$(0, 0)$ is {'' if twist_loses else 'not '}there: {now} wins"
            + (", as without the extra rule." if same else
               ", while without the extra rule the other won."))


def check_bachet(v: Variant) -> None:
    from arena.rules_file import rules_arena

    N, R = v.params["N"], tuple(v.params["R"])
    ans: dict[str, Any] = dict(v.answers)
    g = bachet_arena(N, R)
    sol = solve_small(g)
    # the Nim of question 1, solved by the library
    from arena.games import nim

    plain = nim(N, R)
    ps = solve_small(plain)
    need(ans["plain_losing"] == [s for s in range(N + 1) if ps.winner[(N - s, 0)] == 1])
    need(ans["plain_winner"] == ps.winner[(N, 0)])
    # the solution's rules file, read as the course reads one, gives the same graph
    for lang in ("fr", "en"):
        code = RULES_CODE[lang].replace("{N}", str(N)).replace("{R}", repr(list(R)))
        names: dict[str, Any] = {}
        exec(code, names)
        h = rules_arena(names)
        need(set(h.vertices) == set(g.vertices) and h.n_edges == g.n_edges)
    need(ans["vertices"] == len(g))
    lost = losing_positions(N, R)
    seen = {(s, d) for s, d, _ in g.vertices}
    need(ans["losing"] == [list(x) for x in sorted((s, d) for s, d in lost
                                                     if s < N and (s, d) in seen)])
    for (s, d, i) in g.vertices:      # the attractor against the recursion on totals
        need((sol.winner[(s, d, i)] == 1 - i) == ((s, d) in lost))
    w = ans["winner"]
    need(w == sol.winner[(0, 0, 0)] == (1 if (0, 0) in lost else 0))
    need(ans["rank"] == sol.rank[(0, 0, 0)] == naive_attractor(g, w)[(0, 0, 0)])
    wins = [k for k in R if k <= N and sol.winner[(k, k, 1)] == 0]
    need(wins == ([ans["first"]] if w == 0 else []) and (w == 1) == (ans["first"] is None))


PROBLEMS = (
    problem(id=BACHET, chapter="theory", generate=bachet, check=check_bachet,
            title=bi("Le jeu de Bachet, avec une règle de plus",
                     "Bachet's game, with one more rule"),
            names=NAMES),
)


# ---------------------------------------------------------------------------------
# game-tree-vs-graph

TREE = "game-tree-vs-graph"

TREE_CODE = listing('''
def noeuds(A, x, memo):
    #fr Le nombre de nœuds de l'arbre du jeu depuis x (graphe sans cycle).
    #en The number of nodes of the game tree from x (graph without cycle).
    if x not in memo:
        memo[x] = 1 + sum(noeuds(A, y, memo) for y in A[x])
    return memo[x]''', NAMES)


def tree_counts(g: Arena) -> tuple[dict, dict]:
    """Nodes and leaves of the game tree below each position (a graph without cycle)."""
    nodes: dict = {}
    leaves: dict = {}

    def visit(x) -> None:
        if x in nodes:
            return
        succ = [] if g.victory(x) is not None else list(g.successors(x))
        for y in succ:
            visit(y)
        nodes[x] = 1 + sum(nodes[y] for y in succ)
        leaves[x] = sum(leaves[y] for y in succ) if succ else 1

    for x in sorted(g.vertices, key=name):
        visit(x)
    return nodes, leaves


def minimax_values(g: Arena) -> dict:
    """The minimax value of each position with the scores +1 (V0), -1 (V1), 0 (dead end),
    J_0 maximising: by the library's minimax, from each position."""
    from arena.minimax import minimax

    def moves(x):
        return [] if g.victory(x) is not None else list(g.successors(x))

    def score(x):
        return {0: 1, 1: -1}.get(g.victory(x), 0)

    return {x: minimax(x, moves, score, depth=len(g), maximizing=g.owner(x) == 0).value
            for x in sorted(g.vertices, key=name)}


def _tree_arena(seed: int) -> Arena:
    r = rng(TREE, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(1, 1, r.randint(1, 2), 1, 1, 1),
                    ranks1=(1, 1, r.randint(0, 1)), draws0=r.randint(0, 1), draws1=0,
                    dead0=0, dead1=1)
        g, _ = planted(r, plan, extra=1.0, acyclic=True)
        if not 9 <= len(g) <= 11 or len(reach(g, "a")) != len(g):
            continue
        nodes, leaves = tree_counts(g)
        if 20 <= nodes["a"] <= 40 and leaves["a"] >= 8:
            return g
    raise RuntimeError(f"{TREE}: no arena found for the seed {seed}")


def tree_vs_graph(seed: int) -> Variant:
    g = _tree_arena(seed)
    nodes, leaves = tree_counts(g)
    values = minimax_values(g)
    sol = solve_small(g)
    order = sorted(g.vertices, key=name)
    answers = {"nodes": nodes, "leaves": leaves, "values": values,
               "positions": len(reach(g, "a")), "winner": sol.winner["a"]}
    acyclic = bi("Le graphe n'a pas de cycle.", "The graph has no cycle.")
    figures = {"graph": arena_figure(g, game_caption(g, more=acyclic))}
    intro = bi(
        "On considère le jeu sans cycle ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux "
        "carrés, avec "
        f"$V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$ ; le départ est $a$. Son *arbre* a "
        "pour nœuds les débuts de partie depuis $a$ (la racine est le début vide), et pour "
        "feuilles les parties complètes.\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "fr"),
        "Consider the game without cycle below, where $J_0$ moves at the circles and $J_1$ at the "
        "squares, with "
        f"$V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$; the start is $a$. Its *tree* has "
        "as nodes the beginnings of plays from $a$ (the root is the empty beginning), and "
        "as leaves the complete plays.\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "en"))

    def counts_table(lang: str) -> str:
        head = (("Position", "$n$ (nœuds)", "$f$ (feuilles)") if lang == "fr"
                else ("Position", "$n$ (nodes)", "$f$ (leaves)"))
        return table(head, [(f"${name(x)}$", nodes[x], leaves[x]) for x in order], "lrr")

    q1 = Q(bi("Pour chaque position $p$, calculer le nombre $n(p)$ de nœuds et le nombre "
              "$f(p)$ de feuilles de l'arbre du jeu depuis $p$, sans dessiner l'arbre. "
              "Combien l'arbre depuis $a$ a-t-il de nœuds et de feuilles ?",
              "For each position $p$, compute the number $n(p)$ of nodes and the number "
              "$f(p)$ of leaves of the game tree from $p$, without drawing the tree. How "
              "many nodes and leaves does the tree from $a$ have?"),
           {lang: ("$n(p) = 1 + \\sum_q n(q)$ et $f(p) = \\sum_q f(q)$ sur les successeurs "
                   "$q$ de $p$, avec $f(p) = 1$ si $p$ est terminale ; on calcule les "
                   "successeurs d'abord :" if lang == "fr" else
                   "$n(p) = 1 + \\sum_q n(q)$ and $f(p) = \\sum_q f(q)$ over the successors "
                   "$q$ of $p$, with $f(p) = 1$ if $p$ is terminal; the successors are "
                   "computed first:") + "\n\n" + counts_table(lang) + "\n\n"
            + (f"Depuis $a$ : {nodes['a']} nœuds et {leaves['a']} feuilles (parties)."
               if lang == "fr" else
               f"From $a$: {nodes['a']} nodes and {leaves['a']} leaves (plays).")
            for lang in ("fr", "en")},
           [(1, bi("les formules", "the formulas")), (2, bi("les valeurs", "the values"))],
           items=[f"| ${name(x)}$ | {nodes[x]} | {leaves[x]} |" for x in g.vertices])
    q2 = Q(bi("Comparer avec le nombre de positions atteignables depuis $a$, et expliquer "
              "la différence.",
              "Compare with the number of positions reachable from $a$, and explain the "
              "difference."),
           bi(f"{len(g)} positions pour {nodes['a']} nœuds : une position atteinte par "
              "plusieurs chemins depuis $a$ est un seul sommet du graphe, mais autant de "
              "nœuds de l'arbre que de chemins (l'arbre est le déplié du graphe).",
              f"{len(g)} positions for {nodes['a']} nodes: a position reached by several "
              "paths from $a$ is one vertex of the graph, but as many nodes of the tree as "
              "there are paths (the tree is the unfolding of the graph)."),
           [(1, bi("les deux nombres", "the two numbers")),
            (1, bi("l'explication par les chemins", "the explanation by the paths"))])

    def values_table(lang: str) -> str:
        head = (("Position", "$v$", "Attracteur") if lang == "fr"
                else ("Position", "$v$", "Attractor"))
        where = {0: "$\\mathcal{A}^0$", 1: "$\\mathcal{A}^1$"}
        return table(head, [(f"${name(x)}$", f"${values[x]:+d}$".replace("+0", "0"),
                             where.get(sol.winner[x], "nul" if lang == "fr" else "draw"))
                            for x in order], "lrl")

    q3 = Q(bi("On note $+1$ les positions de $V_0$, $-1$ celles de $V_1$ et $0$ les "
              "culs-de-sac ; $J_0$ maximise et $J_1$ minimise. Calculer la valeur minimax "
              "$v(p)$ de chaque position, puis comparer avec les attracteurs.",
              "Score $+1$ the positions of $V_0$, $-1$ those of $V_1$ and $0$ the dead ends; "
              "$J_0$ maximises and $J_1$ minimises. Compute the minimax value $v(p)$ of each "
              "position, then compare with the attractors."),
           {lang: values_table(lang) + "\n\n" + (
               "$v(p) = +1$ exactement sur $\\mathcal{A}^0$, $-1$ sur $\\mathcal{A}^1$ et 0 "
               "sur les positions nulles." if lang == "fr" else
               "$v(p) = +1$ exactly on $\\mathcal{A}^0$, $-1$ on $\\mathcal{A}^1$ and 0 on "
               "the drawn positions.") for lang in ("fr", "en")},
           [(2, bi("les valeurs", "the values")), (1, bi("la comparaison", "the comparison"))])
    q4 = Q(bi("Démontrer que, dans tout jeu sans cycle, $v(p) = +1$ si et seulement si "
              "$p \\in \\mathcal{A}^0$.",
              "Prove that, in every game without cycle, $v(p) = +1$ if and only if "
              "$p \\in \\mathcal{A}^0$."),
           bi("Par récurrence sur la longueur $\\ell(p)$ de la plus longue partie depuis $p$ "
              "(finie, faute de cycle). Si $\\ell(p) = 0$, $p$ est terminale : $v(p) = +1$ "
              "si et seulement si $p \\in V_0$, et une position terminale n'est dans "
              "$\\mathcal{A}^0$ que si elle est dans $V_0$. Sinon, les successeurs $q$ ont "
              "$\\ell(q) < \\ell(p)$. Si $p \\in S_0$ : $v(p) = +1$ ssi un successeur a la "
              "valeur $+1$, ssi (récurrence) un successeur est dans $\\mathcal{A}^0$, ssi "
              "$p \\in \\mathcal{A}^0$ (stabilité et minimalité de l'attracteur). Si "
              "$p \\in S_1$ : $v(p) = +1$ ssi tous les successeurs valent $+1$, ssi tous "
              "sont dans $\\mathcal{A}^0$, ssi $p \\in \\mathcal{A}^0$ ($p$ a un successeur).",
              "By induction on the length $\\ell(p)$ of the longest play from $p$ (finite, "
              "for want of a cycle). If $\\ell(p) = 0$, $p$ is terminal: $v(p) = +1$ if and "
              "only if $p \\in V_0$, and a terminal position is in $\\mathcal{A}^0$ only if it "
              "is in $V_0$. Otherwise, the successors $q$ have $\\ell(q) < \\ell(p)$. If "
              "$p \\in S_0$: $v(p) = +1$ iff some successor has the value $+1$, iff (induction) "
              "some successor is in $\\mathcal{A}^0$, iff $p \\in \\mathcal{A}^0$ (the "
              "attractor is stable and least). If $p \\in S_1$: $v(p) = +1$ iff all "
              "successors are worth $+1$, iff all are in $\\mathcal{A}^0$, iff "
              "$p \\in \\mathcal{A}^0$ ($p$ has a successor)."),
           [(1, bi("la récurrence bien fondée (pas de cycle)",
                   "the induction is well founded (no cycle)")),
            (1, bi("les positions terminales", "the terminal positions")),
            (2, bi("les deux cas $S_0$ et $S_1$", "the two cases $S_0$ and $S_1$"))])
    q5 = Q(bi("Écrire `noeuds(A, x, memo)`, qui renvoie $n(x)$ en mémorisant les valeurs "
              "déjà calculées dans le dictionnaire `memo`. Quel est son coût, comparé à "
              "celui d'un parcours de l'arbre ?",
              "Write `noeuds(A, x, memo)`, which returns $n(x)$, remembering the values "
              "already computed in the dictionary `memo`. What does it cost, compared with a "
              "walk through the tree?"),
           {lang: fence(TREE_CODE[lang]) + "\n\n" + (
               "Chaque position est calculée une fois, en lisant sa liste de successeurs : "
               "$O(|S| + |A|)$, alors qu'un parcours de l'arbre coûte son nombre de nœuds "
               f"({nodes['a']} ici, et bien plus en général)." if lang == "fr" else
               "Each position is computed once, reading its list of successors: "
               "$O(|S| + |A|)$, while a walk through the tree costs its number of nodes "
               f"({nodes['a']} here, and far more in general).") for lang in ("fr", "en")},
           [(2, bi("le code mémoïsé", "the memoised code")),
            (1, bi("le coût linéaire", "the linear cost")),
            (1, bi("la comparaison avec l'arbre", "the comparison with the tree"))])
    q6 = Q(bi("Pour $k \\ge 1$, on enchaîne $k$ losanges : depuis $x_0$, deux positions "
              "$y_1, z_1$ mènent toutes deux à $x_1$, puis $y_2, z_2$ à $x_2$, etc. jusqu'à "
              "$x_k$. Combien ce graphe a-t-il de positions, et l'arbre depuis $x_0$ de "
              "feuilles ? Qu'en conclure pour minimax sur l'arbre et l'attracteur sur le "
              "graphe ?",
              "For $k \\ge 1$, $k$ diamonds are chained: from $x_0$, two positions "
              "$y_1, z_1$ both lead to $x_1$, then $y_2, z_2$ to $x_2$, and so on up to "
              "$x_k$. How many positions does this graph have, and how many leaves the tree "
              "from $x_0$? What follows for minimax on the tree and the attractor on the "
              "graph?"),
           bi("$3k + 1$ positions ; chaque losange double le nombre de chemins : $2^k$ "
              "feuilles (et $2^{k+2} - 3$ nœuds, car $n(x_{i}) = 3 + 2\\,n(x_{i+1})$). "
              "Minimax sur l'arbre coûte au moins "
              "le nombre de feuilles, exponentiel en la taille du graphe ; l'attracteur "
              "coûte $O(|S| + |A|)$, linéaire.",
              "$3k + 1$ positions; each diamond doubles the number of paths: $2^k$ leaves "
              "(and $2^{k+2} - 3$ nodes, since $n(x_{i}) = 3 + 2\\,n(x_{i+1})$). "
              "Minimax on the tree costs at least the number "
              "of leaves, exponential in the size of the graph; the attractor costs "
              "$O(|S| + |A|)$, linear."),
           [(1, bi("$3k + 1$ positions", "$3k + 1$ positions")),
            (2, bi("$2^k$ feuilles, justifié", "$2^k$ leaves, justified")),
            (1, bi("la conclusion", "the conclusion"))])
    return compose(TREE, seed, {"arena": arena_params(g)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_tree_vs_graph(v: Variant) -> None:
    from coursebuild.course.bank.plays import all_plays

    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    need(9 <= len(g) <= 11 and len(reach(g, "a")) == len(g) == ans["positions"])
    A = {x: ([] if g.victory(x) is not None else list(g.successors(x))) for x in g.vertices}
    for x in g.vertices:            # the tree itself: its leaves are the plays
        plays = all_plays(g, x)
        prefixes = {tuple(p[:k]) for p in plays for k in range(1, len(p) + 1)}
        need(ans["leaves"][x] == len(plays) and ans["nodes"][x] == len(prefixes))
    need(20 <= ans["nodes"]["a"] <= 40)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(TREE_CODE[lang], space)
        memo: dict = {}
        nodes = space[own_name("noeuds", lang, NAMES)]
        need(all(nodes(A, x, memo) == ans["nodes"][x] for x in g.vertices))
    a0, a1 = naive_attractor(g, 0), naive_attractor(g, 1)
    for x, value in ans["values"].items():
        need(value == (1 if x in a0 else -1 if x in a1 else 0))
    need(ans["values"] == minimax_values(g))
    need(ans["winner"] == (0 if "a" in a0 else 1 if "a" in a1 else None))


PROBLEMS = PROBLEMS + (
    problem(id=TREE, chapter="theory", generate=tree_vs_graph, check=check_tree_vs_graph,
            uses=("homework", "exam"),
            title=bi("L'arbre du jeu et le graphe des positions",
                     "The game tree and the graph of positions"),
            names=NAMES),
)


FIELDS = {
    BACHET: (
        ask(1, "plain_losing", "set", "Totaux perdants pour le joueur qui doit jouer",
            "Totals losing for the player to move"),
        ask(1, "plain_winner", "winner", "Qui gagne, sans la règle ?",
            "Who wins, without the rule?"),
        ask(2, "vertices", "number", "Sommets accessibles depuis le départ",
            "Vertices reachable from the start"),
        ask(3, "winner", "winner", "Qui gagne depuis le départ ?", "Who wins from the start?"),
        ask(4, "rank", "number", "En combien de coups au plus", "Within how many moves at most"),
    ),
    TREE: (
        ask(1, "nodes", "map", "$n(p)$ de chaque position", "$n(p)$ of each position"),
        ask(1, "leaves", "map", "$f(p)$ de chaque position", "$f(p)$ of each position"),
        ask(2, "positions", "number", "Positions accessibles depuis $a$",
            "Positions reachable from $a$"),
        ask(3, "values", "map", "$v(p)$ de chaque position", "$v(p)$ of each position"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
