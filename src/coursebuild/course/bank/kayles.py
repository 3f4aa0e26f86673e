"""A problem on the chapter *D'autres jeux* / *Other games*: Kayles, a game that splits
into independent rows of pins."""

from __future__ import annotations

import itertools
from functools import cache, reduce
from operator import xor
from typing import Any

from arena.grundy import grundy, mex
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.othergames import NAMES

KAYLES = "kayles"


def kayles_moves(rows: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Kayles: knock down one pin or two neighbouring pins of a row, which may split it
    in two rows; positions are the sorted lengths of the rows (empty rows dropped)."""
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                out.add(tuple(sorted(x for x in rest + (left, right) if x)))
    return sorted(out)


def kayles_grundy(n: int) -> list[int]:
    """g(0), ..., g(n) of one row: the mex of g(a) xor g(b), a + b = n - 1 or n - 2."""
    g = [0] * (n + 1)
    for k in range(1, n + 1):
        g[k] = mex(g[a] ^ g[k - t - a] for t in (1, 2) for a in range(0, k - t + 1))
    return g


@cache
def _kayles_candidates() -> list[tuple[tuple[int, ...], int]]:
    """Rows of pins whose position is won by the player to move with one to four winning
    moves, and the length of the single row of question 6."""
    g = kayles_grundy(20)
    out = []
    for k in (1, 2, 3):
        for rows in itertools.combinations_with_replacement(range(2, 15), k):
            s = reduce(xor, (g[x] for x in rows))
            if s == 0 or sum(rows) > 19 or (k == 1 and rows[0] < 7):
                continue
            wins = [m for m in kayles_moves(rows) if reduce(xor, (g[x] for x in m), 0) == 0]
            if 1 <= len(wins) <= 4:
                out += [(rows, n) for n in range(7, 13)]
    return out


KAYLES_CODE = listing('''
def grundy_quilles(n):
    #fr Les nombres de Grundy g(0), ..., g(n) d'une rangée de quilles.
    #en The Grundy numbers g(0), ..., g(n) of a row of pins.
    g = [0]
    for k in range(1, n + 1):
        vus = set()
        #fr une quille, ou deux voisines
        #en one pin, or two neighbours
        for t in (1, 2):
            #fr a quilles restent à gauche
            #en a pins stay on the left
            for a in range(k - t + 1):
                vus.add(g[a] ^ g[k - t - a])
        m = 0
        while m in vus:
            m += 1
        g.append(m)
    return g''', NAMES)
KAYLES_FUNCTION = {"fr": "grundy_quilles", "en": "kayles_grundy"}


def kayles(seed: int) -> Variant:
    rows, single = pick(KAYLES, seed, _kayles_candidates())
    top = max(rows)
    gs = kayles_grundy(top)
    s = reduce(xor, (gs[x] for x in rows))
    wins = [m for m in kayles_moves(rows) if reduce(xor, (gs[x] for x in m), 0) == 0]
    half = (single - 1) // 2
    answers = {"g": gs, "value": s, "winning": [list(m) for m in wins],
               "single_move": [half, half]}
    rows_text = ", ".join(map(str, rows))
    intro = bi(
        f"Au jeu de quilles de Dudeney (Kayles), des quilles sont alignées en rangées, ici "
        f"de longueurs {rows_text}. À son tour, un joueur abat une quille, ou deux quilles "
        "**voisines** d'une même rangée ; une rangée peut ainsi se couper en deux rangées "
        "indépendantes. Le joueur qui ne peut plus jouer (plus de quille) a perdu. On admet "
        "le théorème de Sprague et Grundy : le nombre d'une position est le ou exclusif "
        "$\\oplus$ de ceux de ses rangées.",
        f"In Dudeney's game of Kayles, pins stand in rows, here of lengths {rows_text}. At "
        "each turn, the player to move knocks down one pin, or two **neighbouring** pins of "
        "the same "
        "row; a row may thus split into two independent rows. The player who cannot move "
        "(no pin left) loses. The Sprague-Grundy theorem is stated without proof: the "
        "number of a position is the exclusive or $\\oplus$ of those of its rows.")
    q1 = Q(bi("Depuis une rangée de $n$ quilles, quelles positions atteint-on en un coup ? "
              "En déduire la formule de $g(n)$.",
              "From a row of $n$ pins, which positions are reached in one move? Deduce the "
              "formula of $g(n)$."),
           bi("Abattre $t \\in \\{1, 2\\}$ quilles voisines laisse deux rangées de $a$ et "
              "$n - t - a$ quilles ($0 \\le a \\le n - t$, une rangée vide ne compte pas) : "
              "$g(n) = \\operatorname{mex}\\{g(a) \\oplus g(n - t - a)\\}$ sur ces coups, "
              "avec $g(0) = 0$.",
              "Knocking down $t \\in \\{1, 2\\}$ neighbouring pins leaves two rows of $a$ and "
              "$n - t - a$ pins ($0 \\le a \\le n - t$, an empty row does not count): "
              "$g(n) = \\operatorname{mex}\\{g(a) \\oplus g(n - t - a)\\}$ over these moves, "
              "with $g(0) = 0$."),
           [(1, bi("les coups", "the moves")), (2, bi("la formule", "the formula"))])
    gt = table(["$n$"] + [str(k) for k in range(top + 1)],
               [["$g(n)$"] + [str(gs[k]) for k in range(top + 1)]])
    q2 = Q(bi(f"Calculer $g(n)$ pour $0 \\le n \\le {top}$.",
              f"Compute $g(n)$ for $0 \\le n \\le {top}$."),
           bi("De proche en proche :\n\n" + gt, "Step by step:\n\n" + gt),
           [(4, bi("les valeurs (−1 par erreur)", "the values (−1 per mistake)"))])
    terms = " \\oplus ".join(f"g({x})" for x in rows)
    vals = " \\oplus ".join(str(gs[x]) for x in rows)
    q3 = Q(bi(f"Qui gagne depuis $({rows_text})$ ?", f"Who wins from $({rows_text})$?"),
           bi(f"${terms} = {vals} = {s} \\ne 0$ : le joueur qui doit jouer gagne.",
              f"${terms} = {vals} = {s} \\ne 0$: the player to move wins."),
           [(1, bi("les nombres des rangées", "the numbers of the rows")),
            (1, bi("le ou exclusif", "the exclusive or")), (1, bi("le gagnant", "the winner"))])
    wtext = ", ".join("$(" + ", ".join(map(str, m)) + ")$" if m else "$()$" for m in wins)
    q4 = Q(bi("Donner tous les coups gagnants (les positions de nombre 0 atteintes en un "
              "coup, écrites comme la liste triée des longueurs des rangées).",
              "Give all the winning moves (the positions of number 0 reached in one move, "
              "written as the sorted list of the lengths of the rows)."),
           bi(f"On essaie chaque coup de chaque rangée : {wtext}.",
              f"Every move of every row is tried: {wtext}."),
           [(3, bi("tous les coups gagnants", "all the winning moves"))],
           items=["$(" + ", ".join(map(str, m)) + ")$" for m in answers["winning"]])
    q5 = Q(bi("Écrire `grundy_quilles(n)`, qui renvoie la liste $[g(0), \\dots, g(n)]$, et "
              "donner sa complexité.",
              "Write `kayles_grundy(n)`, which returns the list $[g(0), \\dots, g(n)]$, and "
              "give its complexity."),
           {lang: fence(KAYLES_CODE[lang]) + "\n\n" + (
               "$O(k)$ coups pour chaque $k$, et un mex sur $O(k)$ valeurs : $O(n^2)$."
               if lang == "fr" else
               "$O(k)$ moves for each $k$, and a mex over $O(k)$ values: $O(n^2)$.")
            for lang in ("fr", "en")},
           [(2, bi("le code", "the code")), (1, bi("la complexité", "the complexity"))])
    q6 = Q(bi("Stratégie de symétrie : montrer que, depuis une seule rangée de $n \\ge 1$ "
              "quilles, le premier joueur gagne toujours. (Abattre une ou deux quilles au "
              f"milieu, puis imiter.) Quel premier coup joue-t-il sur une rangée de {single} "
              "quilles ?",
              "A symmetry strategy: show that, from a single row of $n \\ge 1$ pins, the "
              "first player always wins. (Knock down one or two pins in the middle, then "
              f"copy.) Which first move does the first player make on a row of {single} pins?"),
           bi("Le premier joueur abat la quille du milieu si $n$ est impair, les deux du "
              "milieu si $n$ est pair : il reste deux rangées égales. Ensuite, à chaque coup "
              "de l'adversaire dans une rangée, il joue le coup symétrique dans l'autre : "
              "les deux moitiés restent identiques, donc il a toujours un coup, et c'est "
              "l'adversaire qui finit par ne plus pouvoir jouer. (Ainsi $g(n) \\ne 0$ pour "
              f"tout $n \\ge 1$.) Sur {single} quilles, il abat "
              f"{'la quille' if single % 2 else 'les deux quilles'} du milieu et laisse "
              f"$({half}, {half})$.",
              "The first player knocks down the middle pin if $n$ is odd, the two middle "
              "ones if $n$ is even: two equal rows remain. Then the first player answers "
              "each move of the opponent in a row with the symmetric move in the other: both "
              "halves stay identical, so they always have a move, and the opponent ends up "
              f"unable to move. (So $g(n) \\ne 0$ for every $n \\ge 1$.) On {single} pins, "
              f"they knock down the middle {'pin' if single % 2 else 'two pins'} and leave "
              f"$({half}, {half})$."),
           [(2, bi("le premier coup", "the first move")), (2, bi("l'imitation",
                                                                  "the copying"))])
    return compose(KAYLES, seed, {"rows": list(rows), "single": single}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def check_kayles(v: Variant) -> None:
    rows = tuple(v.params["rows"])
    ans: dict[str, Any] = dict(v.answers)
    top = max(rows)
    numbers = grundy(rows, kayles_moves)
    singles = [grundy((k,), kayles_moves)[(k,)] if k else 0 for k in range(top + 1)]
    need(ans["g"] == singles and all(x != 0 for x in singles[1:]))
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(KAYLES_CODE[lang], space)
        need(space[KAYLES_FUNCTION[lang]](top) == singles)
    need(ans["value"] == numbers[rows] == reduce(xor, (singles[x] for x in rows)) != 0)
    wins = [list(m) for m in kayles_moves(rows) if numbers[m] == 0]
    need(ans["winning"] == wins and 1 <= len(wins) <= 4)
    single = v.params["single"]
    after = tuple(ans["single_move"])
    need(after in kayles_moves((single,)) and after[0] == after[1])


PROBLEMS: tuple[Problem, ...] = (
    problem(id=KAYLES, chapter="othergames", generate=kayles, check=check_kayles,
            uses=("homework", "exam"), minutes=35,
            title=bi("Le jeu de quilles", "Kayles"),
            names=NAMES),
)


FIELDS = {
    KAYLES: (
        ask(2, "g", "sequence", "$g(0), g(1), \\dots$ dans l'ordre",
            "$g(0), g(1), \\dots$ in order"),
        ask(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        ask(4, "winning", "set", "Les positions laissées par les coups gagnants",
            "The positions the winning moves leave"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
