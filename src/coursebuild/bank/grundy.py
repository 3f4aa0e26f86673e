"""Problems on the chapter *Au-delà* / *Beyond*, its part on Grundy numbers: sums of
subtraction games (Sprague and Grundy), Nim with several heaps (Bouton)."""

from __future__ import annotations

from functools import cache, reduce
from operator import xor
from typing import Any

from arena.grundy import game_sum, grundy, mex, period, subtraction_grundy
from coursebuild.bank._kit import *  # the kit's names: _kit.__all__

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
    return coups''')


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
        f"{n1}$ sticks, from which a number of the rule $R_1 = {_rule_text(R1)}$ is taken, "
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
              f"{s ^ heap} \\ne 0$ : le joueur qui doit jouer gagne. Les coups qui mènent à "
              "une position de nombre 0 : " + " ; ".join(move3_text(m, "fr") for m in wins3)
              + ".",
              f"A Nim heap of $k$ sticks has the number $k$; $g = {s} \\oplus {heap} = "
              f"{s ^ heap} \\ne 0$: the player to move wins. The moves that lead to a "
              "position of number 0: " + "; ".join(move3_text(m, "en") for m in wins3)
              + "."),
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
        need(namespace["grundy_soustraction"](n1, R1) == ans["g1"])
        need([list(m) for m in namespace["coups_gagnants"](n1, R1, n2, R2)] == wins)


# ---------------------------------------------------------------------------------
# bouton-nim

BOUTON = "bouton-nim"

NIM_CODE = listing('''
def nim_gagnant(tas):
    #fr Un coup gagnant (i, t) : ramener le tas i à t allumettes ; None s'il n'y en a pas.
    #en A winning move (i, t): bring heap i down to t sticks; None if there is none.
    s = 0
    for x in tas:
        s ^= x
    if s == 0:
        return None
    for i, x in enumerate(tas):
        #fr le tas i a le bit de poids fort de s
        #en heap i has the highest bit of s
        if x ^ s < x:
            return i, x ^ s''')


def _nim_positions(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = [()]
    for h in heaps:
        out = [p + (x,) for p in out for x in range(h + 1)]
    return out


def _nim_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [p[:i] + (y,) + p[i + 1:] for i, x in enumerate(p) for y in range(x)]


def _solve_nim(heaps: tuple[int, ...], misere: bool) -> dict[tuple[int, ...], bool]:
    """Whether the player to move wins, for every position below ``heaps``: by the
    attractor of the game's graph (the library's solver on the positions, each position
    once per player to move)."""
    from arena import from_rules
    from coursebuild.bank._kit import solve_small

    def moves(q):
        p, i = q
        return [(m, 1 - i) for m in _nim_moves(p)]

    def winner(q):
        p, i = q
        if any(p):
            return None
        return i if misere else 1 - i       # the player who took the last stick

    g = from_rules([(p, 0) for p in _nim_positions(heaps)], moves, lambda q: q[1],
                   stuck="loses", winner=winner)
    sol = solve_small(g)
    return {p: sol.winner[(p, 0)] == 0 for p in _nim_positions(heaps)}


def _binary(x: int, width: int) -> str:
    return format(x, f"0{width}b")


@cache
def _heap_candidates() -> list[tuple[int, ...]]:
    """Four heaps of 1 to 11 sticks, one of 5 or more, a non-zero sum with one or two
    winning moves, at most 1000 positions below them."""
    import itertools

    out = []
    for heaps in itertools.product(range(1, 12), repeat=4):
        s = reduce(xor, heaps)
        size = reduce(lambda a, b: a * b, (x + 1 for x in heaps))
        wins = [x for x in heaps if x ^ s < x]
        if s and 1 <= len(wins) <= 2 and max(heaps) >= 5 and size <= 1000:
            out.append(heaps)
    return out


def bouton(seed: int) -> Variant:
    heaps = pick(BOUTON, seed, _heap_candidates())
    s = reduce(xor, heaps)
    wins = [(i, x ^ s) for i, x in enumerate(heaps) if x ^ s < x]
    size = reduce(lambda a, b: a * b, (x + 1 for x in heaps))
    r = rng(BOUTON, seed)
    while True:
        misere = (3, r.randint(2, 5), r.randint(1, 4))
        if reduce(xor, misere):
            break
    late = (r.randint(2, 9),) + (1,) * r.randint(1, 3)
    width = max(heaps).bit_length()
    lost = sum(1 for p in _nim_positions(heaps[:3]) if reduce(xor, p) <= heaps[3])
    mis_table = _solve_nim(misere, misere=True)
    mis_wins = [m for m in _nim_moves(misere) if not mis_table[m]]
    late_table = _solve_nim(late, misere=True)
    late_wins = [m for m in _nim_moves(late) if not late_table[m]]
    answers = {"xor": s, "winning": [list(m) for m in wins], "positions": size,
               "losing": lost, "misere_winning": [list(m) for m in mis_wins],
               "late_winning": [list(m) for m in late_wins]}
    heaps_text = ", ".join(map(str, heaps))
    intro = bi(
        f"On joue au Nim à quatre tas de {heaps_text} bâtonnets. À son tour, un joueur "
        "choisit un tas et y retire autant de bâtonnets qu'il veut, au moins un. En partie "
        "normale, le joueur qui ne peut plus jouer a perdu. Une position est notée par la "
        "liste des tailles des tas ; $\\oplus$ est le ou exclusif bit à bit. On rappelle "
        "le théorème de Bouton : le joueur qui doit jouer devant $(x_1, \\dots, x_n)$ perd "
        "si et seulement si $x_1 \\oplus \\dots \\oplus x_n = 0$.",
        f"We play Nim with four heaps of {heaps_text} sticks. At each turn, the player to move "
        "chooses "
        "a heap and takes from it as many sticks as they like, at least one. In normal play, "
        "the player who cannot move loses. A position is written as the list of the sizes "
        "of the heaps; $\\oplus$ is the bitwise exclusive or. Recall Bouton's theorem: the "
        "player to move in $(x_1, \\dots, x_n)$ loses if and only if "
        "$x_1 \\oplus \\dots \\oplus x_n = 0$.")
    rows = [(str(x), f"`{_binary(x, width)}`") for x in heaps]
    rows.append(("$\\oplus$", f"`{_binary(s, width)}`"))

    def move(m: tuple[int, int], lang: str) -> str:
        i, t = m
        if lang == "fr":
            return f"ramener le tas {i + 1} de {heaps[i]} à {t} bâtonnets"
        return f"bring heap {i + 1} down from {heaps[i]} to {t} sticks"

    q1 = Q(bi("Calculer $x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$ en écrivant les tailles en "
              "binaire. Qui gagne, le joueur qui doit jouer ou l'autre ?",
              "Compute $x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$ by writing the sizes in "
              "binary. Who wins, the player to move or the other?"),
           {lang: table(("Tas" if lang == "fr" else "Heap", "Binaire" if lang == "fr"
                         else "Binary"), rows) + "\n\n"
            + (f"La somme vaut {s} $\\ne 0$ : le joueur qui doit jouer gagne."
               if lang == "fr" else f"The sum is {s} $\\ne 0$: the player to move wins.")
            for lang in ("fr", "en")},
           [(1, bi("les tailles en binaire", "the sizes in binary")),
            (1, bi("le ou exclusif", "the exclusive or")),
            (1, bi("le gagnant", "the winner"))])
    q2 = Q(bi("Donner **tous** les coups gagnants du joueur qui doit jouer, et expliquer "
              "comment on les trouve.",
              "Give **all** the winning moves of the player to move, and explain how they "
              "are found."),
           bi(f"Il faut laisser une somme nulle : remplacer un tas $x$ par $x \\oplus {s}$, "
              f"ce qui n'est un coup que si $x \\oplus {s} < x$, c'est-à-dire si $x$ a un 1 "
              f"à la position du bit de poids fort de {s}. Les coups gagnants sont : "
              + " ; ".join(move(m, "fr") for m in wins) + ".",
              f"A zero sum must be left: replace a heap $x$ by $x \\oplus {s}$, which is a "
              f"move only if $x \\oplus {s} < x$, that is if $x$ has a 1 at the position of "
              f"the highest bit of {s}. The winning moves are: "
              + "; ".join(move(m, "en") for m in wins) + "."),
           [(1, bi("la règle $x \\mapsto x \\oplus s$", "the rule $x \\mapsto x \\oplus s$")),
            (2, bi("tous les coups, et pas d'autre", "all the moves, and no other"))],
           items=[bi(move(m, "fr"), move(m, "en")) for m in wins])
    q3 = Q(bi("Démontrer le théorème de Bouton : montrer que depuis une position de somme "
              "nulle, tout coup donne une somme non nulle, et que depuis une position de "
              "somme non nulle, un coup donne une somme nulle ; conclure par récurrence sur "
              "le nombre de bâtonnets.",
              "Prove Bouton's theorem: show that from a position of zero sum, every move "
              "gives a non-zero sum, and that from a position of non-zero sum, some move "
              "gives a zero sum; conclude by induction on the number of sticks."),
           bi("Un coup remplace un seul tas $x$ par $y \\ne x$ : la somme devient "
              "$s \\oplus x \\oplus y$, et $x \\oplus y \\ne 0$ ; si $s = 0$, elle n'est "
              "pas nulle. Si $s \\ne 0$, soit $b$ son bit de poids fort et $x$ un tas qui "
              "a ce bit (il en existe : sinon le bit $b$ de $s$ vaudrait 0). Alors "
              "$y = x \\oplus s$ a les mêmes bits que $x$ au-dessus de $b$ et 0 en $b$ : "
              "$y < x$, c'est un coup, et la somme devient $s \\oplus s = 0$. Par "
              "récurrence forte sur le nombre total de bâtonnets : à 0 bâtonnet, la somme "
              "est nulle et le joueur qui doit jouer a perdu. Sinon, de somme non nulle, il "
              "joue vers une somme nulle, perdante pour l'adversaire ; de somme nulle, tous "
              "ses coups mènent à une somme non nulle, gagnante pour l'adversaire.",
              "A move replaces a single heap $x$ by $y \\ne x$: the sum becomes "
              "$s \\oplus x \\oplus y$, and $x \\oplus y \\ne 0$; if $s = 0$, it is not "
              "zero. If $s \\ne 0$, let $b$ be its highest bit and $x$ a heap that has this "
              "bit (there is one: otherwise bit $b$ of $s$ would be 0). Then "
              "$y = x \\oplus s$ has the same bits as $x$ above $b$ and 0 at $b$: $y < x$, "
              "it is a move, and the sum becomes $s \\oplus s = 0$. By strong induction on "
              "the total number of sticks: with 0 sticks, the sum is zero and the player to "
              "move has lost. Otherwise, from a non-zero sum, it moves to a zero sum, losing "
              "for the opponent; from a zero sum, all its moves lead to a non-zero sum, "
              "winning for the opponent."),
           [(1, bi("somme nulle : tout coup la rend non nulle",
                   "zero sum: every move makes it non-zero")),
            (2, bi("somme non nulle : le coup par le bit de poids fort",
                   "non-zero sum: the move by the highest bit")),
            (1, bi("la récurrence", "the induction"))])
    q4 = Q(bi(f"Le graphe du jeu a pour sommets les positions $(y_1, \\dots, y_4)$ avec "
              f"$0 \\le y_i \\le x_i$ (où $x = ({heaps_text})$). Combien a-t-il de positions "
              "(sans compter le joueur qui doit jouer) ? Combien sont perdantes pour le "
              "joueur qui doit jouer ? (On pourra compter, pour chaque choix de "
              "$y_1, y_2, y_3$, les $y_4$ qui conviennent.)",
              f"The graph of the game has as vertices the positions $(y_1, \\dots, y_4)$ with "
              f"$0 \\le y_i \\le x_i$ (where $x = ({heaps_text})$). How many positions does it "
              "have (not counting the player to move)? How many are losing for the player to "
              "move? (One may count, for each choice of $y_1, y_2, y_3$, the values $y_4$ "
              "that fit.)"),
           bi(f"$({' + 1)('.join(map(str, heaps))} + 1) = {size}$ positions. Une "
              "position est perdante si et seulement si $y_4 = y_1 \\oplus y_2 \\oplus y_3$ : "
              f"pour chaque $(y_1, y_2, y_3)$, il y a une telle position si "
              f"$y_1 \\oplus y_2 \\oplus y_3 \\le {heaps[3]}$, aucune sinon. On en compte "
              f"{lost}.",
              f"$({' + 1)('.join(map(str, heaps))} + 1) = {size}$ positions. A "
              "position is losing if and only if $y_4 = y_1 \\oplus y_2 \\oplus y_3$: for "
              f"each $(y_1, y_2, y_3)$, there is one such position if "
              f"$y_1 \\oplus y_2 \\oplus y_3 \\le {heaps[3]}$, none otherwise. There are "
              f"{lost}."),
           [(1, bi("le nombre de positions", "the number of positions")),
            (2, bi("le nombre de positions perdantes, avec la méthode",
                   "the number of losing positions, with the method"))])
    mis_text = ", ".join(map(str, misere))
    late_text = ", ".join(map(str, late))
    ones = len(late) - 1

    def positions(ms: list) -> str:
        return ", ".join(f"$({', '.join(map(str, m))})$" for m in ms)

    q5 = Q(bi("On joue maintenant en partie misère (qui prend le dernier bâtonnet perd). On "
              "admet la règle du cours : on joue comme en partie normale, sauf quand le "
              "coup laisserait des tas d'au plus un bâtonnet ; il faut alors en laisser un "
              f"nombre impair. Donner tous les coups gagnants depuis $({mis_text})$, puis "
              f"depuis $({late_text})$.",
              "We now play misère (whoever takes the last stick loses). The course's rule "
              "is stated without proof: play as in normal play, except when the move would "
              "leave heaps of at most one stick; then an odd number of them must be left. "
              f"Give all the winning moves from $({mis_text})$, then from $({late_text})$."),
           bi(f"Depuis $({mis_text})$, deux tas ont au moins 2 bâtonnets : un coup n'en "
              "modifie qu'un, il en reste un autre, et l'on joue comme en partie normale "
              f"(somme {reduce(xor, misere)}) : les coups gagnants mènent à "
              f"{positions(mis_wins)}. Depuis $({late_text})$, un seul tas a au moins 2 "
              f"bâtonnets : on le réduit à 0 ou à 1 de façon à laisser un nombre impair de "
              f"tas d'un bâtonnet ({ones} autres tas d'un bâtonnet) : le coup gagnant mène "
              f"à {positions(late_wins)}. On le vérifie en remontant depuis la position "
              "sans bâtonnet, gagnante pour celui qui doit y jouer (l'autre a pris le "
              "dernier).",
              f"From $({mis_text})$, two heaps have at least 2 sticks: a move changes only "
              "one, another one remains, and we play as in normal play "
              f"(sum {reduce(xor, misere)}): the winning moves lead to {positions(mis_wins)}. "
              f"From $({late_text})$, a single heap has at least 2 sticks: it is brought "
              "down to 0 or 1 so as to leave an odd number of heaps of one stick "
              f"({ones} other heaps of one stick): the winning move leads to "
              f"{positions(late_wins)}. This is checked by going back from the position "
              "without sticks, winning for the player who must move there (the other took "
              "the last one)."),
           [(1, bi("la première position, comme en partie normale",
                   "the first position, as in normal play")),
            (2, bi("la seconde, avec un nombre impair de tas d'un bâtonnet",
                   "the second, with an odd number of heaps of one stick"))])
    q6 = Q(bi("Écrire en Python `nim_gagnant(tas)`, qui renvoie un coup gagnant `(i, t)` "
              "(ramener le tas `tas[i]` à `t` bâtonnets) en partie normale, ou `None` s'il "
              "n'y en a pas, en temps linéaire en le nombre de tas. Que renvoie-t-elle ici ?",
              "Write in Python `nim_gagnant(tas)`, which returns a winning move `(i, t)` "
              "(bring the heap `tas[i]` down to `t` sticks) in normal play, or `None` if "
              "there is none, in time linear in the number of heaps. What does it return "
              "here?"),
           {lang: fence(NIM_CODE[lang]) + "\n\n"
            + (f"Ici, `nim_gagnant([{heaps_text}])` renvoie `{wins[0]}`."
               if lang == "fr" else f"Here, `nim_gagnant([{heaps_text}])` returns `{wins[0]}`.")
            for lang in ("fr", "en")},
           [(2, bi("le code", "the code")),
            (1, bi("le temps linéaire : deux parcours de la liste",
                   "the linear time: two passes over the list")),
            (1, bi("le résultat ici", "the result here"))])
    params = {"heaps": list(heaps), "misere": list(misere), "late": list(late)}
    return compose(BOUTON, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures={}, answers=answers)


def check_bouton(v: Variant) -> None:
    heaps = tuple(v.params["heaps"])
    misere = tuple(v.params["misere"])
    ans: dict[str, Any] = dict(v.answers)
    # the Grundy numbers of the game's graph, against Bouton's xor
    numbers = grundy(heaps, _nim_moves)
    need(all(numbers[p] == reduce(xor, p) for p in numbers))
    normal = {p: numbers[p] != 0 for p in numbers}
    need(ans["xor"] == reduce(xor, heaps) != 0 and normal[heaps])
    wins = [m for m in _nim_moves(heaps) if not normal[m]]
    need([list(_as_move(heaps, m)) for m in wins] == ans["winning"])
    need(1 <= len(wins) <= 2 and len(normal) <= 1000)
    need(ans["positions"] == len(normal) and ans["losing"] == sum(
        1 for p in _nim_positions(heaps[:3]) if reduce(xor, p) <= heaps[3]))
    need(ans["losing"] == sum(1 for w in normal.values() if not w))
    table_ = _solve_nim(misere, misere=True)
    need([list(m) for m in _nim_moves(misere) if not table_[m]] == ans["misere_winning"])
    need(ans["misere_winning"] and table_[misere])
    late = tuple(v.params["late"])
    table_ = _solve_nim(late, misere=True)
    need([list(m) for m in _nim_moves(late) if not table_[m]] == ans["late_winning"])
    need(len(ans["late_winning"]) == 1)
    for lang in ("fr", "en"):
        namespace: dict[str, Any] = {}
        exec(NIM_CODE[lang], namespace)
        need(list(namespace["nim_gagnant"](list(heaps))) == ans["winning"][0])
        for p in _nim_positions((3, 4, 5)):
            m = namespace["nim_gagnant"](list(p))
            need((m is None) == (reduce(xor, p) == 0))


def _as_move(heaps: tuple[int, ...], m: tuple[int, ...]) -> tuple[int, int]:
    i = next(k for k in range(len(heaps)) if heaps[k] != m[k])
    return i, m[i]


PROBLEMS: tuple[Problem, ...] = (
    problem(id=GSUM, chapter="beyond", generate=grundy_sum, check=check_grundy_sum,
            uses=("homework", "tutorial"), minutes=45,
            title=bi("Somme de jeux de soustraction", "A sum of subtraction games")),
    problem(id=BOUTON, chapter="beyond", generate=bouton, check=check_bouton,
            uses=("tutorial", "exam"),
            title=bi("Le Nim à plusieurs tas et le théorème de Bouton",
                     "Nim with several heaps and Bouton's theorem")),
)


# ---------------------------------------------------------------------------------
# grundy-token-graph

TOKENS = "grundy-token-graph"

TOKEN_CODE = listing('''
def grundy_graphe(A):
    #fr Les nombres de Grundy des sommets d'un graphe sans cycle (dictionnaire A).
    #en The Grundy numbers of the vertices of a graph without cycle (dictionary A).
    g = {}
    def calcule(x):
        if x not in g:
            vus = {calcule(y) for y in A[x]}
            m = 0
            while m in vus:
                m += 1
            g[x] = m
        return g[x]
    for x in A:
        calcule(x)
    return g''')


def _graph_grundy(A: dict[str, list[str]]) -> dict[str, int]:
    """Grundy numbers of every vertex, by :func:`arena.grundy.grundy` from each one."""
    out: dict[str, int] = {}
    for x in A:
        if x not in out:
            out.update(grundy(x, A.__getitem__))
    return dict(sorted(out.items()))


def _dag(r) -> dict[str, list[str]]:
    """A random graph without cycle on 9 to 11 vertices named by letters: edges go down a
    hidden order."""
    n = r.randint(9, 11)
    names = r.sample(list("abcdefhijkmnpqr"), n)      # no g: g(x) is the number
    A: dict[str, list[str]] = {}
    for k, x in enumerate(names):
        later = names[k + 1:]
        A[x] = sorted(r.sample(later, min(len(later), r.choice((0, 1, 2, 2, 3)))))
    A[names[-1]] = []
    return dict(sorted(A.items()))


def token_graph(seed: int) -> Variant:
    r = rng(TOKENS, seed)
    for _ in range(100_000):
        A = _dag(r)
        g = _graph_grundy(A)
        if max(g.values()) < 3:
            continue
        verts = sorted(A)
        pairs = [(x, y) for x in verts for y in verts if x < y and g[x] ^ g[y]]
        r.shuffle(pairs)
        chosen = None
        for x, y in pairs:
            moves = [(a, y) for a in A[x]] + [(x, b) for b in A[y]]
            wins = [m for m in moves if g[m[0]] == g[m[1]]]
            if len(wins) == 1 and A[x] and A[y]:
                chosen = (x, y, wins[0])
                break
        if chosen:
            break
    else:
        raise RuntimeError(f"{TOKENS}: no graph found for the seed {seed}")
    x, y, win = chosen
    answers = {"g": g, "value": g[x] ^ g[y], "winning": list(win)}
    import graphviz

    from arena.render import FONT, GREY, INK, PAPER

    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="LR")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=GREY, fontcolor=INK, width="0.45")
    dot.attr("edge", color=GREY, arrowsize="0.7")
    for v in sorted(A):
        dot.node(f"v-{v}", label=v, id=f"v-{v}")
        for w in A[v]:
            dot.edge(f"v-{v}", f"v-{w}", id=f"e-{v}-{w}")
    arcs = ", ".join(f"{v} -> {w}" for v in sorted(A) for w in A[v])
    from coursebuild.drawing import Drawing

    figures = {"graph": Drawing(dot, bi(
        f"Le graphe du jeu : {len(A)} sommets ; un jeton se déplace le long des flèches. Le "
        "graphe n'a pas de cycle.",
        f"The graph of the game: {len(A)} vertices; a token moves along the arrows. The "
        "graph has no cycle."), f"A graph without cycle; edges: {arcs}.")}
    succ = ", ".join(f"${v} \\to {w}$" for v in sorted(A) for w in A[v])
    intro = bi(
        "On joue sur le graphe sans cycle ci-dessous, dont les arêtes sont "
        f"{succ}. Des jetons sont posés sur des sommets ; à son tour, un joueur choisit **un** "
        "jeton et le déplace le long d'une arête. Le joueur qui ne peut plus jouer (aucun "
        "jeton ne peut bouger) a perdu. Plusieurs jetons peuvent être sur le même sommet. "
        "On admet le théorème de Sprague et Grundy.\n\n<!-- figure: graph -->",
        "We play on the graph without cycle below, whose edges are "
        f"{succ}. Tokens stand on vertices; at each turn, the player to move chooses **one** "
        "token and "
        "moves it along an edge. The player who cannot move (no token can move) loses. "
        "Several tokens may be on the same vertex. The Sprague-Grundy theorem is stated "
        "without proof.\n\n<!-- figure: graph -->")
    order = sorted(A)

    @cache
    def by_mex(v: str) -> int:
        """g(v) from the definition, recursively (the items' route, not the answer's)."""
        after = {by_mex(w) for w in A[v]}
        return next(k for k in range(len(after) + 1) if k not in after)

    gtab = table(["$x$"] + [f"${v}$" for v in order], [["$g(x)$"] + [str(g[v]) for v in order]])
    q1 = Q(bi("Le jeu est-il impartial ? Pourquoi toute partie est-elle finie ?",
              "Is the game impartial? Why is every play finite?"),
           bi("Les coups ne dépendent que de la position des jetons, pas du joueur : il est "
              "impartial. Chaque coup avance un jeton le long d'un chemin ; sans cycle, un "
              "chemin a au plus $|S| - 1$ arêtes : une partie a au plus $k(|S| - 1)$ coups "
              "pour $k$ jetons.",
              "The moves only depend on where the tokens are, not on the player: it is "
              "impartial. Each move advances a token along a path; without a cycle, a path "
              "has at most $|S| - 1$ edges: a play has at most $k(|S| - 1)$ moves for $k$ "
              "tokens."),
           [(1, bi("impartial", "impartial")), (2, bi("finie, par l'absence de cycle",
                                                     "finite, for want of a cycle"))])
    q2 = Q(bi("Calculer le nombre de Grundy $g(x)$ de chaque sommet (un seul jeton).",
              "Compute the Grundy number $g(x)$ of each vertex (a single token)."),
           bi("Les sommets sans successeur ont 0 ; on remonte ensuite, "
              "$g(x) = \\operatorname{mex}\\{g(y) \\mid x \\to y\\}$ :\n\n" + gtab,
              "The vertices without successor have 0; then going back, "
              "$g(x) = \\operatorname{mex}\\{g(y) \\mid x \\to y\\}$:\n\n" + gtab),
           [(4, bi("les valeurs (−1 par erreur)", "the values (−1 per mistake)"))],
           items=["| $g(x)$ | " + " | ".join(str(by_mex(v)) for v in order) + " |"])
    lost1 = [v for v in order if g[v] == 0]
    q3 = Q(bi("Avec un seul jeton, depuis quels sommets le joueur qui doit jouer perd-il ?",
              "With a single token, from which vertices does the player to move lose?"),
           bi(f"Ceux de nombre 0 : ${mset(lost1)}$.", f"Those of number 0: ${mset(lost1)}$."),
           [(2, bi("les sommets de nombre 0", "the vertices of number 0")),
            (1, bi("la raison : le théorème sur le nombre nul",
                   "the reason: the theorem on the number zero"))],
           items=[f"${mset(v for v in order if by_mex(v) == 0)}$"])
    a, b = win
    moved = "premier" if a != x else "second"
    q4 = Q(bi(f"Deux jetons sont posés, en ${x}$ et en ${y}$. Qui gagne ? Donner le coup "
              "gagnant (il est unique).",
              f"Two tokens stand on ${x}$ and ${y}$. Who wins? Give the winning move (it is "
              "unique)."),
           bi(f"$g({x}) \\oplus g({y}) = {g[x]} \\oplus {g[y]} = {g[x] ^ g[y]} \\ne 0$ : le "
              f"joueur qui doit jouer gagne, en déplaçant le {moved} jeton pour atteindre "
              f"$({a}, {b})$, où $g({a}) = g({b})$.",
              f"$g({x}) \\oplus g({y}) = {g[x]} \\oplus {g[y]} = {g[x] ^ g[y]} \\ne 0$: the "
              f"player to move wins, by moving the {'first' if a != x else 'second'} token "
              f"to reach $({a}, {b})$, where $g({a}) = g({b})$."),
           [(1, bi("le gagnant", "the winner")), (2, bi("le coup", "the move"))])
    q5 = Q(bi("Montrer, sans le théorème de Sprague et Grundy, que deux jetons sur le même "
              "sommet forment une position perdante pour le joueur qui doit jouer.",
              "Show, without the Sprague-Grundy theorem, that two tokens on the same "
              "vertex form a position losing for the player to move."),
           bi("L'adversaire imite : chaque fois que le joueur déplace un jeton de $u$ vers "
              "$v$, il déplace l'autre jeton, resté en $u$, vers $v$. Les deux jetons sont "
              "de nouveau sur le même sommet ; il a donc toujours un coup, et la partie, "
              "finie, se termine quand le joueur ne peut plus jouer.",
              "The opponent copies: each time the player moves a token from $u$ to $v$, it "
              "moves the other token, still at $u$, to $v$. Both tokens are again on the same "
              "vertex; so it always has a move, and the play, being finite, ends when the "
              "player cannot move."),
           [(3, bi("l'imitation", "the copying")),
            (1, bi("la partie finit, l'adversaire gagne",
                   "the play ends, the opponent wins"))])
    q6 = Q(bi("Écrire `grundy_graphe(A)`, qui renvoie le dictionnaire des nombres de Grundy "
              "de tous les sommets d'un graphe sans cycle, en $O(|S| + |A|)$.",
              "Write `grundy_graphe(A)`, which returns the dictionary of the Grundy numbers "
              "of all the vertices of a graph without cycle, in $O(|S| + |A|)$."),
           {lang: fence(TOKEN_CODE[lang]) + "\n\n" + (
               "Chaque sommet est calculé une fois (mémoïsation) ; son mex porte sur "
               "$d^+(x)$ valeurs et prend $O(d^+(x))$ : $O(|S| + |A|)$ en tout."
               if lang == "fr" else
               "Each vertex is computed once (memoisation); its mex is over $d^+(x)$ values "
               "and takes $O(d^+(x))$: $O(|S| + |A|)$ in all.") for lang in ("fr", "en")},
           [(2, bi("le code mémoïsé", "the memoised code")), (1, bi("la complexité",
                                                                     "the complexity"))])
    return compose(TOKENS, seed, {"graph": A, "tokens": [x, y]}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_token_graph(v: Variant) -> None:
    from arena import Arena
    from arena.grundy import grundy_numbers

    A = {k: list(w) for k, w in v.params["graph"].items()}
    x, y = v.params["tokens"]
    ans: dict[str, Any] = dict(v.answers)
    need(9 <= len(A) <= 11)
    # Grundy numbers of the graph read as an impartial arena, by the library
    g = Arena(S0=sorted(A), S1=[], edges={k: w for k, w in A.items() if w})
    numbers = grundy_numbers(g)
    need(ans["g"] == numbers and max(numbers.values()) >= 3)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(TOKEN_CODE[lang], space)
        need(space["grundy_graphe"](A) == numbers)
    # two tokens: the sum's Grundy numbers on its own graph
    both = grundy((x, y), game_sum(lambda u: A[u], lambda u: A[u]))
    need(ans["value"] == both[(x, y)] == numbers[x] ^ numbers[y] != 0)
    wins = [list(m) for m in game_sum(lambda u: A[u], lambda u: A[u])((x, y))
            if both[m] == 0]
    need(wins == [ans["winning"]])


PROBLEMS = PROBLEMS + (
    problem(id=TOKENS, chapter="beyond", generate=token_graph, check=check_token_graph,
            uses=("homework", "tutorial"), minutes=35,
            title=bi("Des jetons sur un graphe sans cycle", "Tokens on a graph without cycle")),
)
