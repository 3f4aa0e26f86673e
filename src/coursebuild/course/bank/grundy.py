"""A problem on the chapter *Au-delà* / *Beyond*, its part on Grundy numbers: sums of
subtraction games (Sprague and Grundy). The part's other problems are
:mod:`coursebuild.course.bank.bouton` (Nim with several heaps) and
:mod:`coursebuild.course.bank.token_graph` (tokens on a graph without cycle); the three share
:data:`NAMES`."""

from __future__ import annotations

from functools import cache
from typing import Any

from arena.grundy import game_sum, grundy, mex, period, subtraction_grundy
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

# ---------------------------------------------------------------------------------
# grundy-sum-subtraction

GSUM = "grundy-sum-subtraction"


def _rule_text(rule: list[int]) -> str:
    return "\\{" + ", ".join(map(str, rule)) + "\\}"


def _moves(rule: list[int]):
    return lambda k: [k - q for q in rule if q <= k]


def _brute_grundy(rule: list[int], n: int) -> list[int]:
    """Grundy numbers 0..n by the definition, recursively with a memo (a second route)."""
    memo: dict[int, int] = {}

    def g(k: int) -> int:
        if k not in memo:
            memo[k] = mex(g(k - q) for q in rule if q <= k)
        return memo[k]

    return [g(k) for k in range(n + 1)]


NAMES = {"grundy_soustraction": "subtraction_grundy", "coups_gagnants": "winning_moves",
         "nim_gagnant": "nim_winning_move", "tas": "heaps", "grundy_graphe": "graph_grundy"}
"""The French names of the part's code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`), for this module and
those that import it."""


GRUNDY_CODE = listing('''
def mex(valeurs):
    k = 0
    while k in valeurs:
        k += 1
    return k

def grundy_soustraction(n, R):
    #fr La liste des nombres de Grundy g(0), ..., g(n) pour la règle R.
    #en The list of the Grundy numbers g(0), ..., g(n) for the rule R.
    g = []
    for k in range(n + 1):
        g.append(mex({g[k - q] for q in R if q <= k}))
    return g

def coups_gagnants(n1, R1, n2, R2):
    #fr Les positions (k1, k2) atteintes en un coup depuis (n1, n2) et de nombre 0.
    #en The positions (k1, k2) one move away from (n1, n2) whose number is 0.
    g1, g2 = grundy_soustraction(n1, R1), grundy_soustraction(n2, R2)
    coups = [(n1 - q, n2) for q in R1 if q <= n1 and g1[n1 - q] == g2[n2]]
    coups += [(n1, n2 - q) for q in R2 if q <= n2 and g2[n2 - q] == g1[n1]]
    return coups''', NAMES)


def _good_rule(rule: list[int]) -> tuple[int, int] | None:
    seq = subtraction_grundy(rule, 90)
    pre, p = period(seq)
    if p < 3 or p > 8 or pre > 4 or max(seq) < 2:
        return None
    return pre, p


@cache
def _sum_candidates() -> list[tuple]:
    """Every variant of the family: two rules whose Grundy numbers have a period from 3
    to 8, two heaps, a Nim heap; the position won by the player to move with one or two
    winning moves, and won again with the Nim heap."""
    import itertools

    rules = [list(c) for k in (2, 3) for c in itertools.combinations(range(1, 8), k)
             if _good_rule(list(c)) is not None]
    table_ = {tuple(x): subtraction_grundy(x, 16) for x in rules}
    out = []
    for R1, R2 in itertools.permutations(rules, 2):
        g1, g2 = table_[tuple(R1)], table_[tuple(R2)]
        for n1 in range(11, 17):
            for n2 in range(11, 17):
                if g1[n1] == 0 or g2[n2] == 0 or g1[n1] == g2[n2]:
                    continue
                wins = _winning_moves(n1, R1, n2, R2)
                if not 1 <= len(wins) <= 2:
                    continue
                for heap in range(3, 8):
                    if g1[n1] ^ g2[n2] ^ heap and _winning_moves3(n1, R1, n2, R2, heap):
                        out.append((R1, R2, n1, n2, heap))
    return out


def grundy_sum(seed: int) -> Variant:
    R1, R2, n1, n2, heap = pick(GSUM, seed, _sum_candidates())
    rules = [R1, R2]
    g1, g2 = subtraction_grundy(R1, n1), subtraction_grundy(R2, n2)
    wins = _winning_moves(n1, R1, n2, R2)
    wins3 = _winning_moves3(n1, R1, n2, R2, heap)
    periods = [_good_rule(x) for x in rules]
    N = 20
    seqs = [subtraction_grundy(R1, N), subtraction_grundy(R2, N)]
    s = g1[n1] ^ g2[n2]
    answers = {"g1": g1, "g2": g2, "periods": [list(p) for p in periods if p],
               "value": s, "winning": [list(m) for m in wins],
               "value3": s ^ heap, "winning3": [list(m) for m in wins3]}
    intro = bi(
        "Deux jeux de soustraction se jouent côte à côte : un tas $T_1$ de $n_1 = "
        f"{n1}$ bâtonnets, dont on retire un nombre de la règle $R_1 = {_rule_text(R1)}$, "
        f"et un tas $T_2$ de $n_2 = {n2}$ bâtonnets, avec la règle $R_2 = "
        f"{_rule_text(R2)}$. À son tour, un joueur choisit **un** des tas et y joue un "
        "coup permis ; celui qui ne peut plus jouer (dans aucun des tas) a perdu. C'est la "
        "somme des deux jeux. On note $g_1(k)$ et $g_2(k)$ les nombres de Grundy d'un tas "
        "de $k$ bâtonnets pour $R_1$ et $R_2$ ; on admet le théorème de Sprague et "
        "Grundy : la position $(k_1, k_2)$ de la somme a pour nombre $g_1(k_1) \\oplus "
        "g_2(k_2)$, où $\\oplus$ est le ou exclusif bit à bit.",
        "Two subtraction games are played side by side: a heap $T_1$ of $n_1 = "
        f"{n1}$ sticks, from which a move takes a number of sticks in the rule "
        f"$R_1 = {_rule_text(R1)}$, "
        f"and a heap $T_2$ of $n_2 = {n2}$ sticks, with the rule $R_2 = {_rule_text(R2)}$. "
        "At each turn, the player to move chooses **one** of the heaps and makes an allowed "
        "move "
        "there; the player who cannot move (in either heap) loses. This is the sum of the "
        "two games. $g_1(k)$ and $g_2(k)$ are the Grundy numbers of a heap of $k$ sticks "
        "for $R_1$ and $R_2$; the Sprague-Grundy theorem is admitted: the position "
        "$(k_1, k_2)$ of the sum has the number $g_1(k_1) \\oplus g_2(k_2)$, where "
        "$\\oplus$ is the bitwise exclusive or.")
    intro["en"] = intro["en"].replace("is admitted", "is stated without proof")

    def seq_table() -> str:
        return table(["$k$"] + [str(k) for k in range(N + 1)],
                     [["$g_1(k)$"] + [str(x) for x in seqs[0]],
                      ["$g_2(k)$"] + [str(x) for x in seqs[1]]])

    q1 = Q(bi(f"Calculer $g_1(k)$ et $g_2(k)$ pour $0 \\le k \\le {N}$.",
              f"Compute $g_1(k)$ and $g_2(k)$ for $0 \\le k \\le {N}$."),
           bi("Par la définition, $g_i(k) = \\operatorname{mex}\\{g_i(k - q) \\mid q \\in "
              "R_i, q \\le k\\}$, de proche en proche :\n\n" + seq_table(),
              "By the definition, $g_i(k) = \\operatorname{mex}\\{g_i(k - q) \\mid q \\in "
              "R_i, q \\le k\\}$, step by step:\n\n" + seq_table()),
           [(2, bi("$g_1$", "$g_1$")), (2, bi("$g_2$", "$g_2$"))])

    def period_text(i: int, lang: str) -> str:
        pre, p = periods[i] or (0, 0)
        rule = rules[i]
        m = max(rule)
        if lang == "fr":
            start = f"à partir de $k = {pre}$" if pre else "dès $k = 0$"
            return (f"$g_{i + 1}$ est périodique de période {p} {start} : les {m} valeurs "
                    f"$g_{i + 1}({pre}), \\dots, g_{i + 1}({pre + m - 1})$ reviennent en "
                    f"$k = {pre + p}$, et $g_{i + 1}(k)$ ne dépend que des {m} valeurs "
                    "qui le précèdent (le plus grand élément de la règle est "
                    f"{m}), donc la suite se répète")
        start = f"from $k = {pre}$ on" if pre else "from $k = 0$"
        return (f"$g_{i + 1}$ is periodic of period {p} {start}: the {m} values "
                f"$g_{i + 1}({pre}), \\dots, g_{i + 1}({pre + m - 1})$ come back at "
                f"$k = {pre + p}$, and $g_{i + 1}(k)$ only depends on the {m} values before "
                f"it (the greatest element of the rule is {m}), so the sequence repeats")

    q2 = Q(bi("Quelle période observe-t-on pour chacune des deux suites ? Justifier que la "
              "suite est bien périodique à partir du rang observé.",
              "Which period does each of the two sequences show? Justify that the sequence "
              "is indeed periodic from the index observed."),
           {lang: period_text(0, lang) + (" ; " if lang == "fr" else "; ")
            + period_text(1, lang) + "." for lang in ("fr", "en")},
           [(1, bi("les deux périodes", "the two periods")),
            (2, bi("la justification par la fenêtre qui revient",
                   "the justification by the window that comes back"))])

    def move_text(m: tuple[int, int], lang: str) -> str:
        k1, k2 = m
        if k1 != n1:
            return (f"retirer {n1 - k1} de $T_1$, vers $({k1}, {k2})$" if lang == "fr"
                    else f"take {n1 - k1} from $T_1$, to $({k1}, {k2})$")
        return (f"retirer {n2 - k2} de $T_2$, vers $({k1}, {k2})$" if lang == "fr"
                else f"take {n2 - k2} from $T_2$, to $({k1}, {k2})$")

    q3 = Q(bi(f"Qui gagne depuis $({n1}, {n2})$, le joueur qui doit jouer ou l'autre ? Donner "
              "tous les coups gagnants du joueur qui doit jouer, s'il en a.",
              f"Who wins from $({n1}, {n2})$, the player to move or the other? Give all the "
              "winning moves of the player to move, if any."),
           bi(f"$g_1({n1}) \\oplus g_2({n2}) = {g1[n1]} \\oplus {g2[n2]} = {s} \\ne 0$ : le "
              "joueur qui doit jouer gagne. Un coup gagnant mène à une position de nombre 0, "
              "c'est-à-dire à $(k_1, k_2)$ avec $g_1(k_1) = g_2(k_2)$ : "
              + " ; ".join(move_text(m, "fr") for m in wins) + ". Il n'y en a pas d'autre : "
              "on a essayé chaque coup de chaque tas.",
              f"$g_1({n1}) \\oplus g_2({n2}) = {g1[n1]} \\oplus {g2[n2]} = {s} \\ne 0$: the "
              "player to move wins. A winning move leads to a position of number 0, that is "
              "to $(k_1, k_2)$ with $g_1(k_1) = g_2(k_2)$: "
              + "; ".join(move_text(m, "en") for m in wins) + ". There is no other: every "
              "move in each heap was tried."),
           [(1, bi("le nombre de la position et le gagnant",
                   "the number of the position and the winner")),
            (2, bi("tous les coups gagnants", "all the winning moves"))],
           items=[f"$({k1}, {k2})$" for k1, k2 in wins])

    def move3_text(m: tuple[int, int, int], lang: str) -> str:
        k1, k2, k3 = m
        taken = [(n1 - k1, 1), (n2 - k2, 2), (heap - k3, 3)]
        q, i = next(t for t in taken if t[0])
        if lang == "fr":
            return f"retirer {q} de $T_{i}$, vers $({k1}, {k2}, {k3})$"
        return f"take {q} from $T_{i}$, to $({k1}, {k2}, {k3})$"

    q4 = Q(bi(f"On ajoute un troisième tas $T_3$ de {heap} bâtonnets, où l'on peut retirer "
              "autant de bâtonnets qu'on veut (au moins un) : un tas de Nim. Qui gagne "
              f"depuis $({n1}, {n2}, {heap})$ ? Donner les coups gagnants.",
              f"A third heap $T_3$ of {heap} sticks is added, from which any number of "
              "sticks (at least one) may be taken: a Nim heap. Who wins from "
              f"$({n1}, {n2}, {heap})$? Give the winning moves."),
           bi(f"Un tas de Nim de $k$ bâtonnets a le nombre $k$ ; $g = {s} \\oplus {heap} = "
              f"{s ^ heap} \\ne 0$ : le joueur qui doit jouer gagne. "
              + ("Les coups qui mènent à une position de nombre 0 : " if len(wins3) > 1 else
                 "Le seul coup qui mène à une position de nombre 0 : ")
              + " ; ".join(move3_text(m, "fr") for m in wins3) + ".",
              f"A Nim heap of $k$ sticks has the number $k$; $g = {s} \\oplus {heap} = "
              f"{s ^ heap} \\ne 0$: the player to move wins. "
              + ("The moves that lead to a position of number 0: " if len(wins3) > 1 else
                 "The only move that leads to a position of number 0: ")
              + "; ".join(move3_text(m, "en") for m in wins3) + "."),
           [(1, bi("le nombre $k$ du tas de Nim", "the number $k$ of the Nim heap")),
            (2, bi("les coups gagnants", "the winning moves"))])
    q5 = Q(bi("Écrire en Python `grundy_soustraction(n, R)`, qui renvoie la liste "
              "$[g(0), \\dots, g(n)]$ pour la règle `R` en temps $O(n \\cdot |R|)$, puis "
              "`coups_gagnants(n1, R1, n2, R2)`, qui renvoie la liste des positions "
              "$(k_1, k_2)$ de nombre 0 atteintes en un coup depuis $(n_1, n_2)$.",
              "Write in Python `grundy_soustraction(n, R)`, which returns the list "
              "$[g(0), \\dots, g(n)]$ for the rule `R` in time $O(n \\cdot |R|)$, then "
              "`coups_gagnants(n1, R1, n2, R2)`, which returns the list of the positions "
              "$(k_1, k_2)$ of number 0 one move away from $(n_1, n_2)$."),
           {lang: fence(GRUNDY_CODE[lang]) + "\n\n" + (
               "Chaque `mex` porte sur au plus $|R|$ valeurs, et un ensemble de $|R|$ "
               "valeurs ne contient pas tous les entiers de 0 à $|R|$ : la boucle du `mex` "
               "fait au plus $|R| + 1$ tours. D'où $O(n \\cdot |R|)$."
               if lang == "fr" else
               "Each `mex` is over at most $|R|$ values, and a set of $|R|$ values does not "
               "hold every integer from 0 to $|R|$: the loop of `mex` runs at most "
               "$|R| + 1$ times. Hence $O(n \\cdot |R|)$.") for lang in ("fr", "en")},
           [(2, bi("`grundy_soustraction` et sa complexité",
                   "`grundy_soustraction` and its complexity")),
            (2, bi("`coups_gagnants`", "`coups_gagnants`"))])
    q6 = Q(bi("Montrer, à partir de la définition du nombre de Grundy, que (a) une position "
              "$x$ n'a aucun successeur $y$ tel que $g(y) = g(x)$, et (b) si $c < g(x)$, "
              "elle a un successeur $y$ tel que $g(y) = c$. Que dit (b) du tas de Nim $T_3$ ?",
              "Show, from the definition of the Grundy number, that (a) a position $x$ has "
              "no successor $y$ with $g(y) = g(x)$, and (b) if $c < g(x)$, it has a "
              "successor $y$ with $g(y) = c$. What does (b) say of the Nim heap $T_3$?"),
           bi("(a) $g(x)$ est le mex des nombres des successeurs : il n'est pas parmi eux. "
              "(b) Le mex est le plus petit entier absent : tout $c < g(x)$ est le nombre "
              "d'un successeur. Pour un tas de Nim de $k$ bâtonnets, les successeurs ont "
              "les nombres $0, \\dots, k - 1$ : on peut atteindre n'importe quel nombre plus "
              "petit, ce qui sert à la question 4.",
              "(a) $g(x)$ is the mex of the numbers of the successors: it is not among them. "
              "(b) The mex is the least integer missing: every $c < g(x)$ is the number of "
              "a successor. For a Nim heap of $k$ sticks, the successors have the numbers "
              "$0, \\dots, k - 1$: any smaller number can be reached, which question 4 uses."),
           [(1, bi("(a)", "(a)")), (1, bi("(b)", "(b)")), (1, bi("le tas de Nim", "the Nim heap"))])
    params = {"rules": rules, "heaps": [n1, n2], "nim_heap": heap}
    return compose(GSUM, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures={}, answers=answers)


def _winning_moves(n1: int, R1: list[int], n2: int, R2: list[int]) -> list[tuple[int, int]]:
    g1, g2 = subtraction_grundy(R1, n1), subtraction_grundy(R2, n2)
    out = [(n1 - q, n2) for q in R1 if q <= n1 and g1[n1 - q] == g2[n2]]
    return out + [(n1, n2 - q) for q in R2 if q <= n2 and g2[n2 - q] == g1[n1]]


def _winning_moves3(n1: int, R1: list[int], n2: int, R2: list[int], k: int
                    ) -> list[tuple[int, int, int]]:
    g1, g2 = subtraction_grundy(R1, n1), subtraction_grundy(R2, n2)
    out = [(n1 - q, n2, k) for q in R1 if q <= n1 and g1[n1 - q] ^ g2[n2] ^ k == 0]
    out += [(n1, n2 - q, k) for q in R2 if q <= n2 and g1[n1] ^ g2[n2 - q] ^ k == 0]
    return out + [(n1, n2, j) for j in range(k) if g1[n1] ^ g2[n2] ^ j == 0]


def check_grundy_sum(v: Variant) -> None:
    p: dict[str, Any] = dict(v.params)
    ans: dict[str, Any] = dict(v.answers)
    R1, R2 = p["rules"]
    n1, n2 = p["heaps"]
    k = p["nim_heap"]
    need(R1 != R2 and 11 <= n1 <= 16 and 11 <= n2 <= 16 and 3 <= k <= 7)
    # the definition by recursion, against the library's table
    need(ans["g1"] == _brute_grundy(R1, n1) and ans["g2"] == _brute_grundy(R2, n2))
    for rule, (pre, per) in zip((R1, R2), ans["periods"]):
        seq = _brute_grundy(rule, 120)
        need(all(seq[i + per] == seq[i] for i in range(pre, 120 - per)))
        need(3 <= per <= 8 and all(
            any(seq[i + q] != seq[i] for i in range(pre, 120 - q)) for q in range(1, per)))
        need(pre == 0 or seq[pre - 1 + per] != seq[pre - 1])
    # the sum's Grundy numbers computed on the sum's own graph, against the xor
    pair = grundy((n1, n2), game_sum(_moves(R1), _moves(R2)))
    need(pair[(n1, n2)] == ans["value"] == ans["g1"][n1] ^ ans["g2"][n2] != 0)
    wins = [list(m) for m in game_sum(_moves(R1), _moves(R2))((n1, n2)) if pair[m] == 0]
    need(ans["winning"] == wins and 1 <= len(wins) <= 2)
    heap = lambda j: list(range(j))                                    # noqa: E731
    three = game_sum(game_sum(_moves(R1), _moves(R2)), heap)
    numbers = grundy(((n1, n2), k), three)
    need(numbers[((n1, n2), k)] == ans["value3"] != 0)
    wins3 = [[a, b, c] for (a, b), c in three(((n1, n2), k)) if numbers[((a, b), c)] == 0]
    need(sorted(ans["winning3"]) == sorted(wins3) and wins3)
    for lang in ("fr", "en"):
        namespace: dict[str, Any] = {}
        exec(GRUNDY_CODE[lang], namespace)
        subtraction_grundy = namespace[own_name("grundy_soustraction", lang, NAMES)]
        winning_moves = namespace[own_name("coups_gagnants", lang, NAMES)]
        need(subtraction_grundy(n1, R1) == ans["g1"])
        need([list(m) for m in winning_moves(n1, R1, n2, R2)] == wins)


PROBLEMS: tuple[Problem, ...] = (
    problem(id=GSUM, chapter="beyond", generate=grundy_sum, check=check_grundy_sum,
            uses=("homework", "tutorial"), minutes=45,
            title=bi("Somme de jeux de soustraction", "A sum of subtraction games"),
            names=NAMES),
)


FIELDS = {
    GSUM: (
        ask(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        ask(3, "winning", "set", "Les positions laissées par les coups gagnants",
            "The positions the winning moves leave"),
        ask(4, "value3", "mover", "Qui gagne avec le troisième tas ?",
            "Who wins with the third heap?"),
        ask(4, "winning3", "set", "Les positions laissées par les coups gagnants",
            "The positions the winning moves leave"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
