"""A problem on the chapter *Au-delà* / *Beyond*, its part on Grundy numbers: Nim with
several heaps (Bouton's theorem)."""

from __future__ import annotations

from functools import cache, reduce
from operator import xor
from typing import Any

from arena.grundy import grundy
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.grundy import NAMES

BOUTON = "bouton-nim"

NIM_CODE = listing('''
def nim_gagnant(tas):
    #fr Un coup gagnant (i, t) : ramener le tas i à t bâtonnets ; None s'il n'y en a pas.
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
            return i, x ^ s''', NAMES)


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
    from coursebuild.course.bank._kit import solve_small

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
              f"à la position du bit de poids fort de {s}. "
              + ("Les coups gagnants sont : " if len(wins) > 1 else
                 "Le seul coup gagnant est de ")
              + " ; ".join(move(m, "fr") for m in wins) + ".",
              f"A zero sum must be left: replace a heap $x$ by $x \\oplus {s}$, which is a "
              f"move only if $x \\oplus {s} < x$, that is if $x$ has a 1 at the position of "
              f"the highest bit of {s}. "
              + ("The winning moves are: " if len(wins) > 1 else
                 "The only winning move is to ")
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
              "move has lost. Otherwise, from a non-zero sum, they move to a zero sum, losing "
              "for the opponent; from a zero sum, all their moves lead to a non-zero sum, "
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
              f"(somme {reduce(xor, misere)}) : "
              + ("les coups gagnants mènent à " if len(mis_wins) > 1 else
                 "le seul coup gagnant mène à ")
              + f"{positions(mis_wins)}. Depuis $({late_text})$, un seul tas a au moins 2 "
              f"bâtonnets : on le réduit à 0 ou à 1 de façon à laisser un nombre impair de "
              f"tas d'un bâtonnet ({ones} autres tas d'un bâtonnet) : le coup gagnant mène "
              f"à {positions(late_wins)}. On le vérifie en remontant depuis la position "
              "sans bâtonnet, gagnante pour celui qui doit y jouer (l'autre a pris le "
              "dernier).",
              f"From $({mis_text})$, two heaps have at least 2 sticks: a move changes only "
              "one, another one remains, and we play as in normal play "
              f"(sum {reduce(xor, misere)}): "
              + ("the winning moves lead to " if len(mis_wins) > 1 else
                 "the only winning move leads to ")
              + f"{positions(mis_wins)}. "
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
        winning_move = namespace[own_name("nim_gagnant", lang, NAMES)]
        need(list(winning_move(list(heaps))) == ans["winning"][0])
        for p in _nim_positions((3, 4, 5)):
            m = winning_move(list(p))
            need((m is None) == (reduce(xor, p) == 0))


def _as_move(heaps: tuple[int, ...], m: tuple[int, ...]) -> tuple[int, int]:
    i = next(k for k in range(len(heaps)) if heaps[k] != m[k])
    return i, m[i]


PROBLEMS: tuple[Problem, ...] = (
    problem(id=BOUTON, chapter="beyond", generate=bouton, check=check_bouton,
            uses=("tutorial", "exam"),
            title=bi("Le Nim à plusieurs tas et le théorème de Bouton",
                     "Nim with several heaps and Bouton's theorem"),
            names=NAMES),
)


FIELDS = {
    BOUTON: (
        ask(1, "xor", "number", "$x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$",
            "$x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$"),
        ask(1, "xor", "mover", "Qui gagne ?", "Who wins?"),
        ask(4, "positions", "number", "Nombre de positions", "Number of positions"),
        ask(4, "losing", "number", "Positions perdantes pour le joueur qui doit jouer",
            "Positions losing for the player to move"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
