"""Problems on the chapter *D'autres jeux* / *Other games*: misère play and Grundy's
game, a game that splits into independent parts. Kayles is :mod:`coursebuild.course.bank.kayles`,
which shares :data:`NAMES`."""

from __future__ import annotations

import itertools
from functools import cache, reduce
from operator import xor
from typing import Any

from arena import from_rules
from arena.grundy import grundy, mex
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

# ---------------------------------------------------------------------------------
# misere-subtraction

MISERE = "misere-subtraction"


def misere_graph(n: int, rule: tuple[int, ...]):
    """The course's graph of the subtraction game in misère play: ``(k, i)``; a position
    where J_i cannot move is a victory of J_i (the other took the last sticks)."""
    starts = [(k, i) for k in range(n + 1) for i in (0, 1)]
    return from_rules(starts, lambda p: [(p[0] - q, 1 - p[1]) for q in rule if q <= p[0]],
                      lambda p: p[1], stuck="loses",
                      winner=lambda p: p[1] if p[0] < min(rule) else None)


def misere_losing(n: int, rule: tuple[int, ...]) -> list[int]:
    """The k ≤ n from which the player to move loses in misère play (the recursion on k:
    a player who cannot move has won)."""
    lost: list[int] = []
    for k in range(n + 1):
        moves = [k - q for q in rule if q <= k]
        if moves and all(j not in lost for j in moves):
            lost.append(k)
    return lost


def normal_losing(n: int, rule: tuple[int, ...]) -> list[int]:
    lost: list[int] = []
    for k in range(n + 1):
        if all(k - q not in lost for q in rule if q <= k):
            lost.append(k)
    return lost


def _period(seq_lost: set, far: int) -> tuple[int, list[int]] | None:
    for p in range(2, 12):
        res = sorted({k % p for k in seq_lost if k >= 0})
        if all((k in seq_lost) == (k % p in res) for k in range(p, far)):
            return p, res
    return None


@cache
def _misere_candidates() -> list[tuple[int, tuple[int, ...]]]:
    out = []
    for size in (2, 3):
        for rule in itertools.combinations(range(1, 8), size):
            far = set(misere_losing(150, rule))
            per = _period(far, 150)
            if per is None or per[0] < 3:
                continue
            for n in range(max(12, 2 * per[0] + max(rule) - 1), 29):
                lost, plain = misere_losing(n, rule), normal_losing(n, rule)
                if lost != plain[:len(lost)] and (n in lost) != (n in plain):
                    out.append((n, rule))
    return out


NAMES = {"perdantes_misere": "misere_losing_positions", "perd": "lost",
         "grundy_partage": "split_grundy", "grundy_quilles": "kayles_grundy"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


MISERE_CODE = listing('''
def perdantes_misere(n, R):
    #fr Les k <= n depuis lesquels le joueur qui doit jouer perd, en partie misère.
    #en The k <= n from which the player to move loses, in misère play.
    perd = []
    for k in range(n + 1):
        coups = [k - q for q in R if q <= k]
        #fr bloqué : l'autre a joué le dernier coup possible, on a gagné
        #en stuck: the other made the last legal move, so we have won
        perd.append(coups != [] and all(not perd[j] for j in coups))
    return [k for k in range(n + 1) if perd[k]]''', NAMES)
MISERE_FUNCTION = {"fr": "perdantes_misere", "en": "misere_losing_positions"}


def misere(seed: int) -> Variant:
    n, rule = pick(MISERE, seed, _misere_candidates())
    g = misere_graph(n, rule)
    sol = solve_small(g)
    lost, plain = misere_losing(n, rule), normal_losing(n, rule)
    m = min(rule)
    p, residues = _period(set(misere_losing(150, rule)), 150) or (0, [])
    winner = 1 if n in lost else 0
    first = None if winner else sol.move[(n, 0)][0]
    answers = {"V0": sorted([list(v) for v in g.V0]), "V1": sorted([list(v) for v in g.V1]),
               "lost": lost, "plain": plain, "winner": winner, "first": first,
               "period": p, "residues": residues}
    R = "\\{" + ", ".join(map(str, rule)) + "\\}"
    intro = bi(
        f"On joue au jeu de Nim du cours avec $n = {n}$ bâtonnets et la règle $R = {R}$, "
        "mais en **partie misère** : celui qui ne peut plus jouer a **gagné** (son "
        "adversaire vient de prendre les derniers bâtonnets qu'on pouvait prendre). Les "
        "positions sont les $(k, i)$ du cours ; $J_0$ commence.",
        f"We play the course's Nim with $n = {n}$ sticks and the rule $R = {R}$, but in "
        "**misère play**: the player who cannot move **wins** (their opponent has just taken "
        "the last sticks that could be taken). The positions are the course's $(k, i)$; "
        "$J_0$ starts.")
    q1 = Q(bi("Quelles sont les positions de victoire $V_0$ et $V_1$ ? Qu'est-ce qui change "
              "par rapport à la partie normale ?",
              "What are the victory positions $V_0$ and $V_1$? What changes compared with "
              "normal play?"),
           bi(f"Un joueur est bloqué quand il reste moins de $\\min R = {m}$ bâtonnets ; en "
              f"partie misère, il a gagné : $V_0 = {mset(sorted(g.V0))}$ et "
              f"$V_1 = {mset(sorted(g.V1))}$. Le graphe est le même qu'en partie normale : "
              "seules les positions de victoire sont échangées entre les joueurs.",
              f"A player is stuck when fewer than $\\min R = {m}$ sticks are left; in misère "
              f"play they have won: $V_0 = {mset(sorted(g.V0))}$ and "
              f"$V_1 = {mset(sorted(g.V1))}$. The graph is the same as in normal play: only "
              "the victory positions are swapped between the players."),
           [(2, bi("$V_0$ et $V_1$", "$V_0$ and $V_1$")),
            (1, bi("même graphe, victoires échangées", "same graph, victories swapped"))])
    rows = [["$k$"] + [str(k) for k in range(n + 1)]]

    def marks(lost_: list[int], lang: str) -> list[str]:
        a, b = ("P", "G") if lang == "fr" else ("L", "W")
        return [a if k in lost_ else b for k in range(n + 1)]

    q2 = Q(bi("Pour quels $k \\le n$ le joueur qui doit jouer perd-il, en partie misère ? "
              "Et en partie normale ? (Tableau de proche en proche.)",
              "For which $k \\le n$ does the player to move lose, in misère play? And in "
              "normal play? (A table, step by step.)"),
           {lang: table(rows[0], [[("misère" if lang == "fr" else "misère")] + marks(lost, lang),
                                  [("normale" if lang == "fr" else "normal")]
                                  + marks(plain, lang)])
            + "\n\n" + (f"En partie misère, le joueur qui doit jouer perd pour "
                        f"$k \\in {mset(lost)}$ ; en partie normale, pour "
                        f"$k \\in {mset(plain)}$." if lang == "fr" else
                        f"In misère play, the player to move loses for $k \\in {mset(lost)}$; "
                        f"in normal play, for $k \\in {mset(plain)}$.")
            for lang in ("fr", "en")},
           [(1, bi("les petites valeurs (bloqué : gagné)", "the small values (stuck: won)")),
            (2, bi("la ligne misère", "the misère row")), (1, bi("la ligne normale",
                                                                  "the normal row"))],
           # the misère set read on the solved graph: J_0 to move at (k, 0) and J_1 wins
           items=[f"$k \\in {mset(k for k in range(n + 1) if sol.winner[(k, 0)] == 1)}$"])
    who = "$J_1$" if winner else "$J_0$"
    if first is not None:
        move = bi(f" Son premier coup : laisser {first} bâtonnets.",
                  f" Their first move: leave {first} sticks.")
    else:
        move = bi(" $J_0$ n'a aucun coup gagnant.", " $J_0$ has no winning move.")
    q3 = Q(bi(f"Qui gagne depuis $({n}, 0)$ en partie misère ? Avec quel premier coup ? "
              "Comparer avec la partie normale.",
              f"Who wins from $({n}, 0)$ in misère play? With which first move? Compare "
              "with normal play."),
           bi(f"{who} gagne." + move["fr"] + " En partie normale, c'était "
              + ("$J_1$" if n in plain else "$J_0$") + " : changer la règle de fin change le "
              "gagnant.",
              f"{who} wins." + move["en"] + " In normal play, "
              + ("$J_1$" if n in plain else "$J_0$") + " wins: changing the ending rule "
              "changes the winner."),
           [(1, bi("le gagnant", "the winner")), (1, bi("le coup", "the move")),
            (1, bi("la comparaison", "the comparison"))])
    res = ", ".join(map(str, residues))
    q4 = Q(bi("Conjecturer une description des $k$ perdants en partie misère par une "
              "congruence (valable pour tout $k \\ge " + str(p) + "$), et la justifier.",
              "Conjecture a description of the losing $k$ in misère play by a congruence "
              "(valid for every $k \\ge " + str(p) + "$), and justify it."),
           bi(f"Pour $k \\ge {p}$, le joueur qui doit jouer perd si et seulement si "
              f"$k \\bmod {p} \\in \\{{{res}\\}}$. Justification : que $k$ soit perdant "
              f"ne dépend que des {max(rule)} valeurs précédentes ; le tableau montre qu'une "
              f"fenêtre de {max(rule)} valeurs commençant en $k = {p}$ revient à la distance "
              f"{p}, donc la suite se répète ensuite.",
              f"For $k \\ge {p}$, the player to move loses if and only if "
              f"$k \\bmod {p} \\in \\{{{res}\\}}$. Justification: whether $k$ is losing only "
              f"depends on the {max(rule)} previous values; the table shows that a window of "
              f"{max(rule)} values starting at $k = {p}$ comes back at the distance {p}, so "
              "the sequence repeats from then on."),
           [(1, bi("la conjecture", "the conjecture")),
            (2, bi("la justification par la fenêtre", "the justification by the window"))])
    q5 = Q(bi("Écrire `perdantes_misere(n, R)`, qui renvoie la liste des $k \\le n$ "
              "perdants pour le joueur qui doit jouer en partie misère.",
              "Write `misere_losing_positions(n, R)`, which returns the list of the $k \\le n$ "
              "losing for the player to move in misère play."),
           {lang: fence(MISERE_CODE[lang]) for lang in ("fr", "en")},
           [(2, bi("la récurrence", "the recursion")),
            (1, bi("le cas bloqué, gagnant", "the stuck case, winning")),
            (1, bi("la liste renvoyée", "the list returned"))])
    q6 = Q(bi("Montrer qu'en partie misère comme en partie normale, il n'y a jamais de match "
              "nul, et que l'un des deux joueurs a une stratégie gagnante depuis chaque "
              "position.",
              "Show that in misère play as in normal play there is never a draw, and that "
              "one of the two players has a winning strategy from each position."),
           bi("Chaque coup retire au moins un bâtonnet : une partie finit, sur une position "
              "où le joueur est bloqué, qui est une position de victoire (de lui en misère, "
              "de l'autre en normale) : pas de cul-de-sac, pas de partie infinie, donc pas de "
              "match nul. Les positions nulles sont celles hors des deux attracteurs : d'après "
              "le cours, depuis une position nulle, chacun peut empêcher l'autre de gagner, "
              "donc une partie nulle existerait. Il n'y en a pas : chaque position est dans "
              "un attracteur, gagnante pour l'un des joueurs.",
              "Each move takes at least one stick: a play ends, at a position where the "
              "player is stuck, which is a victory position (of that player in misère, of "
              "the other in normal play): no dead end, no infinite play, so no draw. The "
              "drawn positions are those outside both attractors: by the course, from a drawn "
              "position each player can prevent the other from winning, so a draw play "
              "would exist. There is none: every position is in an attractor, winning for "
              "one of the players."),
           [(1, bi("les parties finissent", "plays end")),
            (1, bi("pas de cul-de-sac", "no dead end")),
            (1, bi("chaque position dans un attracteur", "each position in an attractor"))])
    return compose(MISERE, seed, {"n": n, "rule": list(rule)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def check_misere(v: Variant) -> None:
    from arena.course import naive_attractor
    from arena.games import nim

    n, rule = v.params["n"], tuple(v.params["rule"])
    ans: dict[str, Any] = dict(v.answers)
    g = misere_graph(n, rule)
    a0, a1 = naive_attractor(g, 0), naive_attractor(g, 1)
    lost = [k for k in range(n + 1) if (k, 0) in a1]
    need(ans["lost"] == lost and all((k, 0) in a0 or (k, 0) in a1 for k in range(n + 1)))
    plain = solve_small(nim(n, rule))
    need(ans["plain"] == [k for k in range(n + 1) if plain.winner[(k, 0)] == 1])
    need(ans["lost"] != ans["plain"] and (n in ans["lost"]) != (n in ans["plain"]))
    need(sorted(map(tuple, ans["V0"])) == sorted((k, 0) for k in range(min(rule))))
    need(sorted(map(tuple, ans["V1"])) == sorted((k, 1) for k in range(min(rule))))
    need(ans["winner"] == (1 if n in lost else 0))
    if ans["first"] is not None:
        need(n - ans["first"] in rule and ans["first"] in lost)
        need((ans["first"], 1) in a0 and ans["winner"] == 0)
    far = misere_losing(200, rule)
    p, res = ans["period"], ans["residues"]
    need(all((k in far) == (k % p in res) for k in range(p, 201)))
    need(2 * p + max(rule) - 1 <= n)       # the window that repeats is in the table
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(MISERE_CODE[lang], space)
        need(space[MISERE_FUNCTION[lang]](n, list(rule)) == lost)


# ---------------------------------------------------------------------------------
# grundy-game-split

SPLIT = "grundy-game-split"


def split_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Grundy's game: split one heap into two non-empty heaps of different sizes."""
    out = set()
    for i, h in enumerate(heaps):
        for a in range(1, (h + 1) // 2):
            b = h - a
            if a != b:
                out.add(tuple(sorted(heaps[:i] + (a, b) + heaps[i + 1:])))
    return sorted(out)


def split_grundy(n: int) -> list[int]:
    """g(0), ..., g(n) of one heap: the mex of g(a) xor g(n - a), 1 ≤ a < n - a."""
    g = [0] * (n + 1)
    for k in range(n + 1):
        g[k] = mex(g[a] ^ g[k - a] for a in range(1, (k + 1) // 2) if a != k - a)
    return g


@cache
def _split_candidates() -> list[tuple[int, ...]]:
    g = split_grundy(20)
    out = []
    for k in (2, 3):
        for heaps in itertools.combinations_with_replacement(range(3, 17), k):
            s = reduce(xor, (g[h] for h in heaps))
            if s == 0 or sum(heaps) > 26:
                continue
            wins = [m for m in split_moves(tuple(heaps))
                    if reduce(xor, (g[h] for h in m)) == 0]
            if 1 <= len(wins) <= 4:
                out.append(tuple(heaps))
    return out


def split_longest(n: int) -> int:
    """The number of moves of the longest play of Grundy's game on one heap of ``n``."""
    best = [0] * (max(n, 2) + 1)
    for k in range(3, n + 1):
        best[k] = 1 + max(best[a] + best[k - a] for a in range(1, (k + 1) // 2))
    return best[n]


def longest_play(g: Any, start: Any) -> int:
    """The number of moves of the longest play from ``start`` in the acyclic game graph
    ``g`` (the arena the solver builds from the rules)."""
    memo: dict = {}
    order, todo = [], [start]
    while todo:                       # every position reachable, then longest path
        x = todo.pop()
        if x in memo:
            continue
        memo[x] = None
        order.append(x)
        todo.extend(y for y in g.successors(x) if y not in memo)
    length: dict = {}
    for x in sorted(order, key=lambda p: -len(p[0])):      # more heaps: later in a play
        length[x] = max((1 + length[y] for y in g.successors(x)), default=0)
    return length[start]


SPLIT_CODE = listing('''
def mex(valeurs):
    k = 0
    while k in valeurs:
        k += 1
    return k

def grundy_partage(n):
    #fr Les nombres de Grundy g(0), ..., g(n) d'un tas au jeu de Grundy.
    #en The Grundy numbers g(0), ..., g(n) of a heap in Grundy's game.
    g = []
    for k in range(n + 1):
        g.append(mex({g[a] ^ g[k - a] for a in range(1, k) if a < k - a}))
    return g''', NAMES)


def split(seed: int) -> Variant:
    heaps = pick(SPLIT, seed, _split_candidates())
    top = max(heaps)
    gs = split_grundy(top)
    s = reduce(xor, (gs[h] for h in heaps))
    wins = [m for m in split_moves(heaps) if reduce(xor, (gs[h] for h in m)) == 0]
    longest = sum(split_longest(h) for h in heaps)      # heap by heap (checked on the graph)
    answers = {"g": gs, "value": s, "winning": [list(m) for m in wins], "longest": longest}
    heaps_text = ", ".join(map(str, heaps))
    intro = bi(
        f"Au jeu de Grundy, on part de tas d'objets, ici de tailles {heaps_text}. Un coup "
        "consiste à partager un tas en deux tas non vides de tailles **différentes** ; le "
        "joueur qui ne peut plus jouer (tous les tas ont 1 ou 2 objets) a perdu. Une "
        "position est la liste, triée, des tailles des tas. On admet le théorème de Sprague "
        "et Grundy : le nombre de Grundy d'une position est le ou exclusif $\\oplus$ de ceux "
        "de ses tas.",
        f"In Grundy's game, we start from heaps of objects, here of sizes {heaps_text}. A "
        "move splits a heap into two non-empty heaps of **different** sizes; the player "
        "who cannot move (all heaps have 1 or 2 objects) loses. A position is the sorted "
        "list of the sizes of the heaps. The Sprague-Grundy theorem is stated without "
        "proof: the Grundy number of a position is the exclusive or $\\oplus$ of those of "
        "its heaps.")
    sizes = sorted(set(heaps))
    longest_of = {h: split_longest(h) for h in sizes}
    cells = ", ".join(f"$L({h}) = {longest_of[h]}$" for h in sizes)
    q1 = Q(bi("Montrer que toute partie est finie. Combien de coups compte la plus longue "
              "partie depuis la position de départ ? Le jeu est-il impartial ?",
              "Show that every play is finite. How many moves does the longest play from "
              "the starting position have? Is the game impartial?"),
           bi(f"Chaque coup augmente le nombre de tas de 1, qui ne dépasse pas le nombre "
              f"d'objets, {sum(heaps)} : toute partie est finie (au plus "
              f"{sum(heaps) - len(heaps)} coups). Ce n'est qu'une borne : un tas de 1 ou 2 "
              "objets ne se partage plus. Les tas évoluent chacun de son côté ; si $L(n)$ "
              "est le nombre de coups de la plus longue partie sur un seul tas de $n$ "
              "objets, $L(1) = L(2) = 0$ et $L(n) = 1 + \\max (L(a) + L(n - a))$ pour "
              f"$1 \\le a < n - a$ : {cells}. La plus longue partie compte donc "
              f"**{longest} coups**. Les deux joueurs ont les mêmes coups depuis une "
              "position : le jeu est impartial.",
              f"Each move increases the number of heaps by 1, which cannot exceed the "
              f"number of objects, {sum(heaps)}: every play is finite (at most "
              f"{sum(heaps) - len(heaps)} moves). That is only a bound: a heap of 1 or 2 "
              "objects cannot be split. The heaps evolve each on its own; if $L(n)$ is the "
              "number of moves of the longest play on a single heap of $n$ objects, "
              "$L(1) = L(2) = 0$ and $L(n) = 1 + \\max (L(a) + L(n - a))$ for "
              f"$1 \\le a < n - a$: {cells}. The longest play therefore has "
              f"**{longest} moves**. Both players have the same moves from a position: the "
              "game is impartial."),
           [(1, bi("le nombre de tas qui croît : la partie est finie",
                   "the number of heaps that grows: the play is finite")),
            (1, bi("la plus longue partie", "the longest play")),
            (1, bi("impartial", "impartial"))],
           items=[f"$L({h}) = {split_longest(h)}$" for h in sorted(set(heaps))]
           + [f"**{longest} "])
    gt = table(["$n$"] + [str(k) for k in range(1, top + 1)],
               [["$g(n)$"] + [str(gs[k]) for k in range(1, top + 1)]])
    q2 = Q(bi(f"Calculer $g(n)$ pour un seul tas de $n$ objets, $1 \\le n \\le {top}$ "
              "(mex des $g(a) \\oplus g(n - a)$ pour $1 \\le a < n - a$).",
              f"Compute $g(n)$ for a single heap of $n$ objects, $1 \\le n \\le {top}$ (the "
              "mex of the $g(a) \\oplus g(n - a)$ for $1 \\le a < n - a$)."),
           bi("Un tas de 1 ou 2 objets ne se partage pas : $g(1) = g(2) = 0$. Ensuite, de "
              "proche en proche :\n\n" + gt,
              "A heap of 1 or 2 objects cannot be split: $g(1) = g(2) = 0$. Then, step by "
              "step:\n\n" + gt),
           [(1, bi("$g(1)$, $g(2)$", "$g(1)$, $g(2)$")), (4, bi("les autres valeurs",
                                                               "the other values"))])
    terms = " \\oplus ".join(f"g({h})" for h in heaps)
    vals = " \\oplus ".join(str(gs[h]) for h in heaps)
    q3 = Q(bi(f"Qui gagne depuis $({heaps_text})$ ?", f"Who wins from $({heaps_text})$?"),
           bi(f"${terms} = {vals} = {s} \\ne 0$ : le joueur qui doit jouer gagne.",
              f"${terms} = {vals} = {s} \\ne 0$: the player to move wins."),
           [(2, bi("le calcul", "the computation")), (1, bi("le gagnant", "the winner"))])
    wtext = ", ".join(f"$({', '.join(map(str, m))})$" for m in wins)
    q4 = Q(bi("Donner tous les coups gagnants (les positions de nombre 0 atteintes en un "
              "coup).",
              "Give all the winning moves (the positions of number 0 reached in one move)."),
           bi("On essaie chaque partage de chaque tas et l'on garde ceux qui donnent un ou "
              f"exclusif nul : {wtext}.",
              "Each split of each heap is tried and those giving a zero exclusive or are "
              f"kept: {wtext}."),
           [(3, bi("tous les coups, et pas d'autre", "all the moves, and no other"))],
           items=[f"$({', '.join(map(str, m))})$" for m in answers["winning"]])
    q5 = Q(bi("Écrire `grundy_partage(n)`, qui renvoie la liste $[g(0), \\dots, g(n)]$. "
              "Quelle est sa complexité ?",
              "Write `grundy_partage(n)`, which returns the list $[g(0), \\dots, g(n)]$. What "
              "is its complexity?"),
           {lang: fence(SPLIT_CODE[lang]) + "\n\n" + (
               "Pour chaque $k$, $O(k)$ partages et un `mex` sur $O(k)$ valeurs : "
               "$O(n^2)$ en tout." if lang == "fr" else
               "For each $k$, $O(k)$ splits and a `mex` over $O(k)$ values: $O(n^2)$ in "
               "all.") for lang in ("fr", "en")},
           [(2, bi("le code", "the code")), (1, bi("la complexité", "the complexity"))])
    q6 = Q(bi("Pourquoi calculer les nombres de Grundy des tas, plutôt que l'attracteur du "
              "graphe de toutes les positions ?",
              "Why compute the Grundy numbers of the heaps, rather than the attractor of "
              "the graph of all the positions?"),
           bi("Le graphe de la somme a pour positions toutes les listes de tas obtenues par "
              "partages successifs, bien plus nombreuses que les tailles de tas ; "
              "Sprague et Grundy ramènent le calcul à un nombre par taille de tas, soit "
              f"{top} valeurs ici, combinées par $\\oplus$.",
              "The graph of the sum has as positions all the lists of heaps obtained by "
              "successive splits, far more than the heap sizes; Sprague and Grundy reduce "
              f"the computation to one number per heap size, {top} values here, combined "
              "by $\\oplus$."),
           [(2, bi("la taille du graphe contre un nombre par tas",
                   "the size of the graph against one number per heap")),
            (1, bi("la combinaison par le ou exclusif", "the combination by the exclusive or"))])
    return compose(SPLIT, seed, {"heaps": list(heaps)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def check_split(v: Variant) -> None:
    heaps = tuple(v.params["heaps"])
    ans: dict[str, Any] = dict(v.answers)
    top = max(heaps)
    # Grundy numbers of the whole positions, on the game's own graph
    numbers = grundy(heaps, split_moves)
    singles = [grundy((k,), split_moves)[(k,)] if k else 0 for k in range(top + 1)]
    need(ans["g"] == singles)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(SPLIT_CODE[lang], space)
        need(space[own_name("grundy_partage", lang, NAMES)](top) == singles)
    need(ans["value"] == numbers[heaps] == reduce(xor, (singles[h] for h in heaps)) != 0)
    wins = [list(m) for m in split_moves(heaps) if numbers[m] == 0]
    need(ans["winning"] == wins and 1 <= len(wins) <= 4)
    g = from_rules((heaps, 0), lambda p: [(m, 1 - p[1]) for m in split_moves(p[0])],
                   lambda p: p[1], stuck="loses")
    need(solve_small(g).winner[(heaps, 0)] == 0)          # the attractor agrees
    need(ans["longest"] == longest_play(g, (heaps, 0)))     # on the solver's game graph
    need(ans["longest"] < sum(heaps) - len(heaps))      # the question is not the bound


PROBLEMS: tuple[Problem, ...] = (
    problem(id=MISERE, chapter="othergames", generate=misere, check=check_misere,
            uses=("homework", "tutorial"),
            title=bi("Nim en partie misère", "Nim in misère play"),
            names=NAMES),
    problem(id=SPLIT, chapter="othergames", generate=split, check=check_split,
            uses=("homework", "tutorial"),
            title=bi("Le jeu de Grundy", "Grundy's game"),
            names=NAMES),
)


FIELDS = {
    MISERE: (
        ask(1, "V0", "set", "$V_0$", "$V_0$"),
        ask(1, "V1", "set", "$V_1$", "$V_1$"),
        ask(2, "lost", "set", "Les $k$ perdants, en misère", "The losing $k$, misère play"),
        ask(2, "plain", "set", "Les $k$ perdants, en jeu normal", "The losing $k$, normal play"),
        ask(3, "winner", "winner", "Qui gagne en misère ?", "Who wins in misère play?"),
        ask(4, "period", "number", "La période", "The period"),
        ask(4, "residues", "set", "Les restes des $k$ perdants", "The residues of the losing $k$"),
    ),
    SPLIT: (
        ask(1, "longest", "number", "Coups de la plus longue partie",
            "Moves of the longest play"),
        ask(2, "g[1:]", "sequence", "$g(1), g(2), \\dots$ dans l'ordre",
            "$g(1), g(2), \\dots$ in order"),
        ask(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        ask(4, "winning", "set", "Les positions laissées par les coups gagnants",
            "The positions the winning moves leave"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
