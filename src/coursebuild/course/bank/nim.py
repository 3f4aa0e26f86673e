"""Problems on the chapter *Exercices* / *Exercises*: the course's Nim (a subtraction
game) with another rule, its graph, its attractors and the periodic pattern of its
losing positions, proved by induction."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from arena import verify_strategy
from arena.course import naive_attractor
from arena.games import nim
from arena.grundy import subtraction_grundy
from arena.render import View
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.drawing import Drawing
from coursebuild.course.facts import best_defence_moves

SUBTRACTION = "nim-subtraction-period"


def losing(rule: list[int], n: int) -> list[int]:
    """The numbers of sticks k ≤ n from which the player to move loses, going back from
    0 (a second writing, by the recursion on k)."""
    lost: list[int] = []
    for k in range(n + 1):
        if not any(k - q in lost for q in rule if q <= k):
            lost.append(k)
    return lost


def _pattern(rule: list[int]) -> tuple[int, list[int]] | None:
    """``(p, residues)``: the losing k are exactly those with k mod p in ``residues``
    from k = 0 on (checked far), or ``None`` when the pattern is not purely periodic
    with a small period."""
    far = 200
    lost = set(losing(rule, far))
    for p in range(2, 10):
        residues = sorted(r for r in range(p) if r in lost)
        if all((k in lost) == (k % p in residues) for k in range(far + 1)):
            return p, residues
    return None


@cache
def _candidates() -> list[tuple[list[int], int]]:
    out = []
    for size in (2, 3, 4):
        for rule in itertools.combinations(range(1, 10), size):
            pattern = _pattern(list(rule))
            if pattern is None or not 3 <= pattern[0] <= 9 or len(pattern[1]) == pattern[0]:
                continue
            p, residues = pattern
            # at most 15 sticks: the drawing of both rows stays legible on paper
            for n in range(max(12, p + residues[-1] + 2), 16):
                if len(losing(list(rule), n)) >= 3:
                    out.append((list(rule), n))
    return out


NAMES = {"perdantes": "losing_positions", "perd": "lost"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


CODE = listing('''
def perdantes(n, R):
    #fr Les k <= n depuis lesquels le joueur qui doit jouer perd.
    #en The k <= n from which the player to move loses.
    perd = [False] * (n + 1)
    for k in range(n + 1):
        #fr perdante si aucun coup ne mène à une position perdante
        #en losing if no move leads to a losing position
        perd[k] = all(not perd[k - q] for q in R if q <= k)
    return [k for k in range(n + 1) if perd[k]]''', NAMES)
FUNCTION = {"fr": "perdantes", "en": "losing_positions"}


def nim_figure(g, caption: dict[str, str], *, solution=None, view=None) -> Drawing:
    """The course's drawing of Nim: J_0's positions above, J_1's below, by decreasing
    number of sticks."""
    from coursebuild.course.drawing import _nim_drawing

    return _nim_drawing(g, view or View(), caption, sol=solution)


def subtraction(seed: int) -> Variant:
    rule, n = pick(SUBTRACTION, seed, _candidates())
    g = nim(n, rule)
    sol = solve_small(g)
    lost = losing(rule, n)
    p, residues = _pattern(rule) or (0, [])
    m = min(rule)
    start_winner = sol.winner[(n, 0)]
    start_rank = sol.rank[(n, 0)]
    winning = [k for k in range(n + 1) if k not in lost]
    first = {k: sol.move[(k, 0)][0] for k in winning}
    answers = {"lost": lost, "period": p, "residues": residues, "winner": start_winner,
               "rank": start_rank, "vertices": len(g), "edges": g.n_edges,
               "V0": [list(v) for v in g.V0], "V1": [list(v) for v in g.V1],
               "first_move": {str(k): first[k] for k in winning}}
    R = "\\{" + ", ".join(map(str, rule)) + "\\}"
    plain = "{" + ", ".join(map(str, rule)) + "}"
    figures = {
        "graph": nim_figure(g, bi(
            f"Le graphe du jeu de Nim à {n} bâtonnets avec la règle {plain} : "
            "en haut les positions (k, 0) de J₀, en bas les positions (k, 1) de J₁, par "
            "nombre de bâtonnets décroissant ; double bordure : positions de victoire.",
            f"The graph of Nim with {n} sticks and the rule {plain}: "
            "above the positions (k, 0) of J₀, below the positions (k, 1) of J₁, by "
            "decreasing number of sticks; double border: victory positions.")),
        "solved": nim_figure(g, bi(
            "Corrigé : en bleu les positions gagnantes pour J₀, en vermillon à bord tireté "
            "celles de J₁, avec leur rang ; flèches épaisses : la stratégie du joueur qui "
            "gagne depuis le départ.",
            "Solution: in blue the positions winning for J₀, in vermilion with a dashed "
            "border those of J₁, with their rank; thick arrows: the strategy of the player "
            "who wins from the start."), solution=sol,
            view=View(winners=True, ranks=True, strategy=start_winner)),
    }
    intro = bi(
        f"On joue au jeu de Nim du cours avec $n = {n}$ bâtonnets et la règle $R = {R}$ : "
        "à son tour, un joueur retire $q$ bâtonnets, avec $q \\in R$ et $q$ au plus le "
        "nombre de bâtonnets restants ; celui qui ne peut plus jouer a perdu. $J_0$ joue "
        "le premier. La position $(k, i)$ est celle où il reste $k$ bâtonnets et où c'est "
        "à $J_i$ de jouer.\n\n<!-- figure: graph -->",
        f"We play the course's Nim with $n = {n}$ sticks and the rule $R = {R}$: at each "
        "turn, the player to move takes $q$ sticks, with $q \\in R$ and $q$ at most the number of "
        "sticks left; the player who cannot move loses. $J_0$ moves first. The position "
        "$(k, i)$ is the one where $k$ sticks are left and $J_i$ is to move."
        "\n\n<!-- figure: graph -->")
    q1 = Q(bi("Donner $S_0$, $S_1$, $V_0$ et $V_1$, puis le nombre de sommets et le nombre "
              "d'arêtes du graphe.",
              "Give $S_0$, $S_1$, $V_0$ and $V_1$, then the number of vertices and the "
              "number of edges of the graph."),
           bi(f"$S_0 = \\{{(k, 0) \\mid 0 \\le k \\le {n}\\}}$, $S_1 = \\{{(k, 1) \\mid 0 \\le "
              f"k \\le {n - 1}\\}}$ ; un joueur est bloqué quand il reste moins de "
              f"$\\min R = {m}$ bâtonnets : $V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$. Le "
              f"graphe a ${n + 1} + {n} = {len(g)}$ sommets. Depuis $(k, i)$ hors de "
              "$V_0 \\cup V_1$ partent autant d'arêtes que d'éléments $q \\le k$ de $R$ : "
              f"au total {g.n_edges} arêtes.",
              f"$S_0 = \\{{(k, 0) \\mid 0 \\le k \\le {n}\\}}$, $S_1 = \\{{(k, 1) \\mid 0 \\le "
              f"k \\le {n - 1}\\}}$; a player is stuck when fewer than $\\min R = {m}$ sticks "
              f"are left: $V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$. The graph has "
              f"${n + 1} + {n} = {len(g)}$ vertices. A position $(k, i)$ outside "
              "$V_0 \\cup V_1$ has as many edges leaving it as there are elements "
              "$q \\le k$ of $R$: "
              f"{g.n_edges} edges in all."),
           [(1, bi("les quatre ensembles", "the four sets")),
            (1, bi("les nombres de sommets et d'arêtes",
                   "the numbers of vertices and edges"))])
    lw = [("P" if k in lost else "G") for k in range(n + 1)]
    lw_en = [("L" if k in lost else "W") for k in range(n + 1)]
    row_head = ["$k$"] + [str(k) for k in range(n + 1)]
    q2 = Q(bi("Pour quels $k \\le n$ le joueur qui doit jouer devant $k$ bâtonnets "
              "perd-il ? Procéder de proche en proche depuis $k = 0$ en justifiant.",
              "For which $k \\le n$ does the player to move lose when $k$ sticks are left? "
              "Proceed step by step from $k = 0$, justifying."),
           bi(f"Pour $k < {m}$, le joueur est bloqué : il perd. Ensuite, $k$ est perdante "
              "(P) si tous les coups mènent à une position gagnante (G) pour l'adversaire, "
              "et gagnante si l'un mène à une position perdante :\n\n"
              + table(row_head, [["" ] + lw]) + "\n\n"
              f"Le joueur qui doit jouer perd pour $k \\in {mset(lost)}$. C'est "
              f"l'attracteur : $(k, 0) \\in \\mathcal{{A}}^1$ et $(k, 1) \\in "
              "\\mathcal{A}^0$ exactement pour ces $k$.",
              f"For $k < {m}$, the player is stuck: they lose. Then $k$ is losing (L) if "
              "all moves lead to a position winning (W) for the opponent, and winning if "
              "one leads to a losing position:\n\n"
              + table(row_head, [[""] + lw_en]) + "\n\n"
              f"The player to move loses for $k \\in {mset(lost)}$. This is the attractor: "
              f"$(k, 0) \\in \\mathcal{{A}}^1$ and $(k, 1) \\in \\mathcal{{A}}^0$ exactly "
              "for these $k$."),
           [(1, bi("les positions bloquées", "the stuck positions")),
            (3, bi("la suite, justifiée", "the sequence, justified"))])
    wname = f"$J_{start_winner}$"
    q3 = Q(bi(f"Qui gagne depuis $({n}, 0)$ ? En combien de coups (des deux joueurs) si "
              f"chacun joue au mieux ? (C'est le rang de $({n}, 0)$ dans l'attracteur du "
              "gagnant.)",
              f"Who wins from $({n}, 0)$? Within how many moves (of both players) if both "
              f"play their best? (This is the rank of $({n}, 0)$ in the winner's "
              "attractor.)"),
           bi(f"$J_0$ doit jouer devant {n} bâtonnets, "
              + ("position perdante : " if n in lost else "position gagnante : ")
              + f"{wname} gagne. Le rang se calcule de proche en proche, comme à la question 2 : "
              "une position gagnante a pour rang 1 de plus que le plus petit rang de ses "
              "successeurs perdants, une position perdante 1 de plus que le plus grand rang "
              f"de ses successeurs (0 si le joueur est bloqué). On trouve "
              f"${rg('fr')}({n}, 0) = {start_rank}$ : la partie dure {start_rank} coups.",
              f"$J_0$ moves first with {n} sticks left, "
              + ("a losing position: " if n in lost else "a winning position: ")
              + f"{wname} wins. The rank is computed step by step, as in question 2: a "
              "winning position has rank 1 more than the least rank of its losing "
              "successors, a losing position 1 more than the greatest rank of its "
              "successors (0 if the player is stuck). We find "
              f"${rg('en')}({n}, 0) = {start_rank}$: the play lasts {start_rank} moves."),
           [(1, bi("le gagnant", "the winner")), (2, bi("le rang", "the rank"))])
    rules_text_fr = " ; ".join(f"depuis {k}, aller à {first[k]}" for k in winning
                               if k <= n)
    rules_text_en = "; ".join(f"from {k}, go to {first[k]}" for k in winning if k <= n)
    q4 = Q(bi("Décrire une stratégie gagnante du joueur qui doit jouer, depuis chaque "
              "nombre $k \\le n$ de bâtonnets où il gagne (un coup par $k$).",
              "Describe a winning strategy of the player to move, from each number "
              "$k \\le n$ of sticks where they win (one move per $k$)."),
           bi("Laisser à l'adversaire un nombre perdant de bâtonnets ; ci-dessous, le coup "
              "qui fait aussi baisser le rang de 1 (le plus rapide) : "
              f"{rules_text_fr}. Tout coup vers un nombre perdant convient.",
              "Leave the opponent a losing number of sticks; below, the move that also "
              f"lowers the rank by 1 (the fastest): {rules_text_en}. Any move to a losing "
              "number will do."),
           [(1, bi("le principe : laisser une position perdante",
                   "the principle: leave a losing position")),
            (2, bi("un coup juste pour chaque $k$", "a right move for each $k$"))],
           items=[bi(f"depuis {k}, aller à ", f"from {k}, go to ")
                  for k in range(n + 1) if k not in lost])
    res_text = words([str(x) for x in residues], "fr")
    res_text_en = words([str(x) for x in residues], "en")
    proof_fr, proof_en = _proof(rule, p, residues)
    q5 = Q(bi("Conjecturer une description simple des $k$ perdants (pour tout $k$, pas "
              "seulement $k \\le n$) à l'aide d'une congruence, puis la démontrer par "
              "récurrence forte sur $k$.",
              "Conjecture a simple description of the losing $k$ (for every $k$, not only "
              "$k \\le n$) with a congruence, then prove it by strong induction on $k$."),
           bi(f"Le joueur qui doit jouer perd si et seulement si $k \\bmod {p} \\in "
              f"\\{{{', '.join(map(str, residues))}\\}}$ (reste {res_text}). " + proof_fr,
              f"The player to move loses if and only if $k \\bmod {p} \\in "
              f"\\{{{', '.join(map(str, residues))}\\}}$ (remainder {res_text_en}). "
              + proof_en),
           [(1, bi("la conjecture", "the conjecture")),
            (1, bi("les petites valeurs par le tableau, puis tous les coups possibles",
                   "the small values by the table, then every move possible")),
            (1, bi("les positions perdantes : tout coup mène à un reste gagnant",
                   "losing positions: every move leads to a winning remainder")),
            (1, bi("les positions gagnantes : un coup vers un reste perdant",
                   "winning positions: a move to a losing remainder"))])
    q6 = Q(bi("Écrire en Python une fonction `perdantes(n, R)` qui renvoie la liste des "
              "$k \\le n$ perdants pour le joueur qui doit jouer, en temps "
              "$O(n \\cdot |R|)$. Que renvoie `perdantes(" + str(n) + ", " + str(rule)
              + ")` ?",
              "Write in Python a function `losing_positions(n, R)` that returns the list of the "
              "$k \\le n$ losing for the player to move, in time $O(n \\cdot |R|)$. What "
              "does `losing_positions(" + str(n) + ", " + str(rule) + ")` return?"),
           {lang: fence(CODE[lang]) + "\n\n" + (
               f"Chaque $k$ coûte $O(|R|)$. Ici, le résultat est `{lost}`."
               if lang == "fr" else f"Each $k$ costs $O(|R|)$. Here the result is `{lost}`.")
            for lang in ("fr", "en")},
           [(2, bi("le code", "the code")), (1, bi("la complexité", "the complexity")),
            (1, bi("le résultat", "the result"))])
    return compose(SUBTRACTION, seed, {"n": n, "rule": rule}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers,
                   solution_intro=bi("<!-- figure: solved -->", "<!-- figure: solved -->"))


def _proof(rule: list[int], p: int, residues: list[int]) -> tuple[str, str]:
    """The induction, residue by residue: where each move leads modulo p."""
    rows_fr, rows_en = [], []
    for r in range(p):
        after = sorted({(r - q) % p for q in rule})
        if r in residues:
            rows_fr.append(f"reste {r} : les coups mènent aux restes "
                           f"{', '.join(map(str, after))}, tous gagnants")
            rows_en.append(f"remainder {r}: the moves lead to the remainders "
                           f"{', '.join(map(str, after))}, all winning")
        else:
            q = next(q for q in rule if (r - q) % p in residues)
            rows_fr.append(f"reste {r} : retirer {q} mène au reste {(r - q) % p}, perdant")
            rows_en.append(f"remainder {r}: taking {q} leads to the remainder "
                           f"{(r - q) % p}, losing")
    top = max(rule)
    fr = (f"Pour $k \\le n$, c'est le tableau de la question 2. Soit $k > n$, donc "
          f"$k > {top} = \\max R$ : tous les coups $q \\in R$ sont possibles. Supposons "
          "la description vraie pour tout $j < k$. Un coup retire $q \\in R$ et change le "
          f"reste modulo {p} de $k$ en celui de $k - q$ : " + " ; ".join(rows_fr) + ". "
          "Si le reste de $k$ est perdant, chaque coup mène à un $j < k$ de reste gagnant, "
          "gagnant pour l'adversaire par hypothèse de récurrence : $k$ est perdant. Sinon, "
          "le coup indiqué mène à un $j$ de reste perdant, perdant pour l'adversaire : $k$ "
          "est gagnant.")
    en = (f"For $k \\le n$, this is the table of question 2. Let $k > n$, so "
          f"$k > {top} = \\max R$: every move $q \\in R$ is possible. Assume the "
          "description true for every $j < k$. A move takes $q \\in R$ and changes the "
          f"remainder of $k$ modulo {p} into that of $k - q$: " + "; ".join(rows_en) + ". "
          "If the remainder of $k$ is losing, every move leads to a $j < k$ with a winning "
          "remainder, winning for the opponent by the induction hypothesis: $k$ is losing. "
          "Otherwise, the move given leads to a $j$ with a losing remainder, losing for the "
          "opponent: $k$ is winning.")
    return fr, en


def check_subtraction(v: Variant) -> None:
    rule, n = v.params["rule"], v.params["n"]
    ans: dict[str, Any] = dict(v.answers)
    g = nim(n, rule)
    sol = solve_small(g)
    # the definition iterated to its fixpoint, and the Grundy numbers
    a0, a1 = naive_attractor(g, 0), naive_attractor(g, 1)
    lost = [k for k in range(n + 1) if (k, 0) in a1]
    need(lost == [k for k in range(n) if (k, 1) in a0] + ([n] if (n, 0) in a1 else []))
    need(lost == ans["lost"] == [k for k, x in enumerate(subtraction_grundy(rule, n)) if x == 0])
    p, residues = ans["period"], ans["residues"]
    need(all((k in lost) == (k % p in residues) for k in range(n + 1)))
    far = [k for k, x in enumerate(subtraction_grundy(rule, 300)) if x == 0]
    need(all((k in far) == (k % p in residues) for k in range(301)))
    need(3 <= p <= 9 and len(lost) >= 3 and n >= p + residues[-1] + 2)
    # the winner and the rank, by the recursion on the plays (no attractor)
    moves = best_defence_moves(g, ans["winner"])
    need(moves[(n, 0)] == ans["rank"] == sol.rank[(n, 0)])
    need(ans["winner"] == (1 if n in lost else 0))
    need((ans["vertices"], ans["edges"]) == (len(g), g.n_edges) == (
        2 * n + 1, sum(sum(1 for q in rule if q <= k) for k in range(n + 1))
        + sum(sum(1 for q in rule if q <= k) for k in range(n))))
    need(sorted(map(tuple, ans["V0"])) == sorted((k, 1) for k in range(min(rule))))
    need(sorted(map(tuple, ans["V1"])) == sorted((k, 0) for k in range(min(rule))))
    # the first moves win: the strategy they make is checked on every reply
    for k, to in ans["first_move"].items():
        need(int(k) - to in rule and to in lost and int(k) not in lost)
    w = ans["winner"]
    strategy = dict(sol.strategy(w))
    for k, to in ans["first_move"].items():
        x = (int(k), w)
        if x in strategy:
            strategy[x] = (to, 1 - w)
    verify_strategy(g, w, strategy, solution=sol)
    for lang in ("fr", "en"):
        namespace: dict[str, Any] = {}
        exec(CODE[lang], namespace)
        need(namespace[FUNCTION[lang]](n, rule) == lost)


PROBLEMS = (
    problem(id=SUBTRACTION, chapter="exercises", generate=subtraction, check=check_subtraction,
            minutes=45,
            title=bi("Un jeu de Nim et ses positions perdantes",
                     "A game of Nim and its losing positions"),
            names=NAMES),
)


FIELDS = {
    SUBTRACTION: (
        ask(1, "V0", "set", "$V_0$", "$V_0$"),
        ask(1, "V1", "set", "$V_1$", "$V_1$"),
        ask(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        ask(1, "edges", "number", "Nombre d'arêtes", "Number of edges"),
        ask(2, "lost", "set", "Les $k$ perdants pour le joueur qui doit jouer",
            "The $k$ losing for the player to move"),
        ask(3, "winner", "winner", "Qui gagne ?", "Who wins?"),
        ask(3, "rank", "number", "En combien de coups", "Within how many moves"),
        ask(5, "period", "number", "La période $p$", "The period $p$"),
        ask(5, "residues", "set", "Les restes modulo $p$ des $k$ perdants",
            "The residues modulo $p$ of the losing $k$"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
