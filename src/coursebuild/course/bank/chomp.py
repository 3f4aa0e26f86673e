"""Problems on the chapter *Chomp*: a bar that is no longer a rectangle, where strategy
stealing no longer applies."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from arena import from_rules
from arena.games.chomp import _bites
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__

STAIRCASE = "chomp-staircase"

Shape = tuple[int, ...]


def sub_shapes(shape: Shape) -> list[Shape]:
    """Every staircase inside ``shape`` that keeps the poisoned square, largest first."""
    ranges = [range(k, -1, -1) for k in shape]
    out = []
    for lengths in itertools.product(*ranges):
        if lengths[0] >= 1 and all(a >= b for a, b in zip(lengths, lengths[1:])):
            out.append(tuple(k for k in lengths if k))
    return out


def _graph(shape: Shape):
    """The game graph of the shapes inside ``shape``, each with either player to move:
    the poisoned square alone is a victory of the other player."""
    starts = [(s, i) for s in sub_shapes(shape) for i in (0, 1)]
    return from_rules(starts, lambda v: [(s, 1 - v[1]) for s in _bites(v[0])],
                      lambda v: v[1], stuck="loses",
                      winner=lambda v: (1 - v[1]) if v[0] == (1,) else None)


@cache
def _candidates() -> list[tuple[Shape, int, int]]:
    """A staircase of 3 or 4 rows (not a rectangle) with 15 to 45 shapes inside, and the
    arms of an L of unequal lengths."""
    out = []
    for rows in (3, 4):
        for lengths in itertools.combinations_with_replacement(range(6, 0, -1), rows):
            shape = tuple(lengths)
            if len(set(shape)) == 1 or shape[0] < 3:
                continue
            if 15 <= len(sub_shapes(shape)) <= 45:
                out += [(shape, p, q) for p in range(2, 7) for q in range(1, 7) if p != q]
    return out


NAMES = {"forme": "shape", "resultat": "result", "reste": "rest", "perdante": "losing",
         "grundy_forme": "shape_grundy"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


CODE = listing('''
def coups(forme):
    #fr Les formes obtenues en un coup depuis forme (tuple des longueurs des lignes).
    #en The shapes obtained in one move from forme (tuple of the row lengths).
    resultat = []
    for r in range(len(forme)):
        for c in range(forme[r]):
            #fr on ne mange pas le carré empoisonné
            #en the poisoned square is not eaten
            if (r, c) != (0, 0):
                reste = [min(k, c) if i >= r else k for i, k in enumerate(forme)]
                resultat.append(tuple(k for k in reste if k > 0))
    return resultat

def perdante(forme, memo):
    #fr Le joueur qui doit jouer devant forme perd-il ?
    #en Does the player to move from forme lose?
    if forme not in memo:
        #fr il doit manger le poison
        #en it must eat the poison
        if forme == (1,):
            memo[forme] = True
        else:
            memo[forme] = all(not perdante(f, memo) for f in coups(forme))
    return memo[forme]''', NAMES)


def _shape(s: Shape) -> str:
    return "(" + ", ".join(map(str, s)) + ")"


def staircase(seed: int) -> Variant:
    shape, p, q = pick(STAIRCASE, seed, _candidates())
    g = _graph(shape)
    sol = solve_small(g)
    inside = sub_shapes(shape)
    lost = [s for s in inside if sol.winner[(s, 0)] == 1]
    lost3 = [s for s in lost if len(s) >= 3]
    start_wins = sol.winner[(shape, 0)] == 0
    wins = sorted({s for s in _bites(shape) if s in lost}, key=lambda s: (-sum(s), s))
    ell = (1 + p,) + (1,) * q
    ell_move = (1 + min(p, q),) + (1,) * min(p, q)
    answers = {"shapes": len(inside), "vertices": len(g), "lost": [list(s) for s in lost],
               "start_wins": start_wins, "winning_moves": [list(s) for s in wins],
               "ell": list(ell), "ell_move": list(ell_move)}
    rows = len(shape)
    intro = bi(
        "On joue à chomp sur une tablette qui n'est pas rectangulaire : une forme en "
        "escalier, notée par la longueur de ses lignes de haut en bas. À son tour, un "
        "joueur choisit un carré restant et le mange avec tous les carrés restants qui "
        "ne sont ni au-dessus de sa ligne, ni à gauche de sa colonne ; le carré en haut à "
        "gauche est empoisonné, et celui qui doit le manger a perdu. La tablette de départ "
        f"est $\\lambda = {_shape(shape)}$ ({rows} lignes). Une position du jeu est une "
        "forme restante (qui contient toujours le carré empoisonné) **et** le joueur qui "
        "doit jouer.",
        "We play chomp on a bar that is not a rectangle: a staircase shape, written as the "
        "lengths of its rows from top to bottom. At each turn, the player to move chooses a "
        "remaining "
        "square and eats it with every remaining square that is neither above its row nor "
        "to the left of its column; the top-left square is poisoned, and whoever must eat "
        f"it loses. The starting bar is $\\lambda = {_shape(shape)}$ ({rows} rows). A "
        "position of the game is a remaining shape (which always holds the poisoned "
        "square) **and** the player to move.")
    q1 = Q(bi("Combien de formes peut prendre la tablette restante ? Combien de sommets "
              "a le graphe du jeu ?",
              "How many shapes can the remaining bar take? How many vertices does the "
              "graph of the game have?"),
           bi("Une forme restante est une suite décroissante au sens large "
              f"$\\ell_1 \\ge \\dots \\ge \\ell_{rows}$ avec $1 \\le \\ell_1$ et "
              f"$\\ell_i \\le \\lambda_i$ ; on les compte par exemple en fixant "
              f"$\\ell_1$ : il y en a {len(inside)}. Chacune donne deux sommets, un par "
              f"joueur qui doit jouer : {len(g)} sommets.",
              "A remaining shape is a non-increasing sequence "
              f"$\\ell_1 \\ge \\dots \\ge \\ell_{rows}$ with $1 \\le \\ell_1$ and "
              f"$\\ell_i \\le \\lambda_i$; they can be counted for instance by fixing "
              f"$\\ell_1$: there are {len(inside)}. Each gives two vertices, one per player "
              f"to move: {len(g)} vertices."),
           [(2, bi("le nombre de formes", "the number of shapes")),
            (1, bi("le nombre de sommets", "the number of vertices"))])
    ell_text = _shape(ell)
    q2 = Q(bi(f"On considère la tablette en L ${ell_text}$ : le carré empoisonné, {p} "
              f"carré{'s' if p > 1 else ''} à sa droite et {q} au-dessous. Qui gagne, et "
              "par quel coup ? Justifier.",
              f"Consider the L-shaped bar ${ell_text}$: the poisoned square, {p} "
              f"square{'s' if p > 1 else ''} to its right and {q} below it. Who wins, and by "
              "which move? Justify."),
           bi("Les deux bras sont indépendants : un coup raccourcit l'un des deux, de "
              "n'importe quelle longueur. C'est le Nim à deux tas de "
              f"{p} et {q} : le joueur qui doit jouer gagne, car les bras sont inégaux. Il "
              f"égalise les bras à {min(p, q)} en laissant ${_shape(ell_move)}$, puis imite "
              "chaque coup de l'adversaire sur l'autre bras ; quand les deux bras sont "
              "vides, l'adversaire doit manger le poison.",
              "The two arms are independent: a move shortens one of them, by any length. "
              f"This is Nim with two heaps of {p} and {q}: the player to move wins, since "
              f"the arms differ. It makes them equal at {min(p, q)} by leaving "
              f"${_shape(ell_move)}$, then copies each move of the opponent on the other "
              "arm; when both arms are empty, the opponent must eat the poison."),
           [(1, bi("le gagnant et le coup", "the winner and the move")),
            (2, bi("la justification (bras indépendants, imitation)",
                   "the justification (independent arms, copying)"))])
    lost3_text = ", ".join(f"${_shape(s)}$" for s in lost3) or "∅"
    moves_text = ", ".join(f"${_shape(s)}$" for s in wins)
    if start_wins:
        a3 = bi(f"Le joueur qui doit jouer devant $\\lambda$ gagne : les coups gagnants "
                f"sont ceux qui laissent une forme perdante, ici {moves_text}. On les "
                "trouve en parcourant les coups depuis $\\lambda$ : une forme d'au plus deux "
                "lignes est perdante si et seulement si c'est $(a, a - 1)$ (avec "
                "$(1)$ pour $a = 1$), une forme d'au moins trois lignes si elle est dans la "
                "liste donnée.",
                f"The player to move from $\\lambda$ wins: the winning moves are "
                f"those that leave a losing shape, here {moves_text}. They are found by "
                "going through the moves from $\\lambda$: a shape of at most two rows is "
                "losing if and only if it is $(a, a - 1)$ (with $(1)$ for $a = 1$), a shape "
                "of at least three rows if it is in the given list.")
    else:
        a3 = bi("Aucun coup depuis $\\lambda$ ne laisse une forme perdante : on le vérifie "
                "coup par coup, une forme d'au plus deux lignes étant perdante si et "
                "seulement si c'est $(a, a - 1)$, une forme d'au moins trois lignes si elle "
                "est dans la liste. $\\lambda$ est donc perdante : c'est le second joueur "
                "qui gagne.",
                "No move from $\\lambda$ leaves a losing shape: this is checked move by "
                "move, a shape of at most two rows being losing if and only if it is "
                "$(a, a - 1)$, a shape of at least three rows if it is in the list. "
                "$\\lambda$ is therefore losing: the second player wins.")
    q3 = Q(bi("On admet que, parmi les formes d'au plus deux lignes, les perdantes pour le "
              "joueur qui doit jouer sont exactement les $(a, a - 1)$ pour $a \\ge 1$ "
              "(exercice du cours), et l'on donne les formes d'au moins trois lignes "
              f"contenues dans $\\lambda$ qui sont perdantes : {lost3_text}. Le premier "
              "joueur gagne-t-il depuis $\\lambda$ ? Si oui, donner tous ses coups "
              "gagnants.",
              "The shapes of at most two rows that are losing for the player to move are "
              "exactly the $(a, a - 1)$ for $a \\ge 1$ (an exercise of the course, stated "
              "here without proof), and the shapes of at least three rows inside "
              f"$\\lambda$ that are losing are given: {lost3_text}. Does the first player "
              "win from $\\lambda$? If so, give all their winning moves."),
           a3,
           [(1, bi("le gagnant", "the winner")),
            (3, bi("tous les coups gagnants, et pas d'autre (ou : aucun, justifié)",
                   "all the winning moves, and no other (or: none, justified)"))],
           items=[f"${_shape(tuple(s))}$" for s in answers["winning_moves"]])
    q4 = Q(bi("Le vol de stratégie du cours montre que le premier joueur gagne sur toute "
              "tablette rectangulaire plus grande que $1 \\times 1$. Pourquoi "
              "l'argument ne s'applique-t-il pas à $\\lambda$ ? Sur quelle forme d'au plus "
              "deux lignes voit-on qu'il ne peut pas s'appliquer à toute forme en "
              "escalier ?",
              "The course's strategy stealing shows that the first player wins on every "
              "rectangular bar larger than $1 \\times 1$. Why does the argument not apply "
              "to $\\lambda$? On which shape of at most two rows does one see that it cannot "
              "apply to every staircase shape?"),
           bi("L'argument repose sur un carré, celui en bas à droite du rectangle, que "
              "mange **tout** coup : ainsi la forme laissée par la réponse du second joueur "
              "pouvait s'obtenir en un seul coup. Dans $\\lambda$, qui a plusieurs coins, "
              "aucun carré n'est mangé par tous les coups (un carré mangé par le coup en "
              "$(r, c)$ est en dessous et à droite de $(r, c)$ ; le seul carré en dessous et "
              "à droite de tous les carrés serait le coin d'un rectangle). La forme "
              "$(2, 1)$ est perdante pour le premier joueur : l'argument ne peut donc pas "
              "valoir pour toutes les formes.",
              "The argument rests on a square, the bottom-right one of the rectangle, that "
              "**every** move eats: so the shape left by the second player's answer could "
              "be reached in one move. In $\\lambda$, which has several corners, no square "
              "is eaten by every move (a square eaten by the move at $(r, c)$ lies below "
              "and to the right of $(r, c)$; the only square below and to the right of all "
              "squares would be the corner of a rectangle). The shape $(2, 1)$ is losing "
              "for the first player: the argument cannot hold for every shape."),
           [(2, bi("le carré mangé par tout coup, absent ici",
                   "the square every move eats, missing here")),
            (1, bi("le contre-exemple $(2, 1)$", "the counterexample $(2, 1)$"))])
    q5 = Q(bi("Écrire en Python `coups(forme)`, qui renvoie la liste des formes obtenues "
              "en un coup depuis `forme` (un tuple des longueurs des lignes, sans ligne "
              "vide), puis `perdante(forme, memo)`, qui dit si le joueur qui doit jouer "
              "perd, en mémorisant les résultats dans le dictionnaire `memo`.",
              "Write in Python `coups(forme)`, which returns the list of the shapes "
              "obtained in one move from `forme` (a tuple of the row lengths, without empty "
              "rows), then `perdante(forme, memo)`, which tells whether the player to move "
              "loses, remembering the results in the dictionary `memo`."),
           {lang: fence(CODE[lang]) for lang in ("fr", "en")},
           [(2, bi("`coups` : les lignes au-dessous raccourcies, le poison exclu",
                   "`coups`: the rows below shortened, the poison excluded")),
            (2, bi("`perdante` : la récurrence et le cas du poison seul",
                   "`perdante`: the recursion and the case of the poison alone"))])
    q6 = Q(bi("Combien d'appels de `perdante` calculent vraiment une valeur (hors "
              "mémoire) depuis $\\lambda$ ? En déduire une borne du temps de calcul en "
              "fonction du nombre de formes et du nombre de carrés de $\\lambda$.",
              "How many calls of `perdante` really compute a value (outside the memory) "
              "from $\\lambda$? Deduce a bound on the running time in terms of the number "
              "of shapes and the number of squares of $\\lambda$."),
           bi(f"Un par forme contenue dans $\\lambda$ : {len(inside)}. Chacun énumère au "
              f"plus $|\\lambda| - 1 = {sum(shape) - 1}$ coups, chacun en temps "
              f"proportionnel au nombre de lignes : le temps est en "
              "$O(N \\cdot |\\lambda| \\cdot m)$ pour $N$ formes, $|\\lambda|$ carrés et "
              "$m$ lignes (hors coût du dictionnaire).",
              f"One per shape inside $\\lambda$: {len(inside)}. Each lists at most "
              f"$|\\lambda| - 1 = {sum(shape) - 1}$ moves, each in time proportional to the "
              "number of rows: the time is in $O(N \\cdot |\\lambda| \\cdot m)$ for $N$ "
              "shapes, $|\\lambda|$ squares and $m$ rows (besides the cost of the "
              "dictionary)."),
           [(1, bi("le nombre d'appels", "the number of calls")),
            (2, bi("la borne", "the bound"))])
    return compose(STAIRCASE, seed, {"shape": list(shape), "ell": [p, q]}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def check_staircase(v: Variant) -> None:
    shape = tuple(v.params["shape"])
    p, q = v.params["ell"]
    ans: dict[str, Any] = dict(v.answers)
    need(len(set(shape)) > 1 and 15 <= len(sub_shapes(shape)) <= 45 and p != q)
    namespace: dict[str, Any] = {}
    exec(CODE["en"], namespace)
    exec(CODE["fr"], namespace)
    coups, perdante = namespace["coups"], namespace["perdante"]
    memo: dict = {}
    # the recursion of the solution, against the attractor of the game's graph
    g = _graph(shape)
    sol = solve_small(g)
    inside = sub_shapes(shape)
    need(ans["shapes"] == len(inside) and ans["vertices"] == len(g) == 2 * len(inside))
    lost = [s for s in inside if perdante(s, memo)]
    need([list(s) for s in lost] == ans["lost"])
    need(all((sol.winner[(s, 0)] == 1) == (s in lost) for s in inside))
    need(all(sorted(coups(s)) == sorted(_bites(s)) for s in inside))
    need(ans["start_wins"] == (shape not in lost))
    wins = [list(s) for s in sorted(set(coups(shape)), key=lambda s: (-sum(s), s))
            if s in lost]
    need(ans["winning_moves"] == wins and (wins != []) == ans["start_wins"])
    two = [s for s in inside if len(s) <= 2]
    need(all((s in lost) == (s == (1,) or (len(s) == 2 and s[1] == s[0] - 1))
               for s in two))
    ell = (1 + p,) + (1,) * q
    need(ans["ell"] == list(ell) and not perdante(ell, memo))
    need(perdante(tuple(ans["ell_move"]), memo) and tuple(ans["ell_move"]) in coups(ell))


PROBLEMS: tuple[Problem, ...] = (
    problem(id=STAIRCASE, chapter="chomp", generate=staircase, check=check_staircase,
            uses=("homework", "exam"),
            title=bi("Chomp sur une tablette en escalier", "Chomp on a staircase bar"),
            names=NAMES),
)


# ---------------------------------------------------------------------------------
# chomp-two-bars

TWO_BARS = "chomp-two-bars"


def _bars_moves(shape: Shape) -> list[Shape]:
    """The moves of one bar when the poisoned square is never eaten."""
    return sorted(set(_bites(shape)))


@cache
def shape_grundy(shape: Shape) -> int:
    from arena.grundy import mex

    return mex(shape_grundy(s) for s in _bars_moves(shape))


def _two(a: int, b: int) -> Shape:
    return (a, b) if b else (a,)


@cache
def _bars_candidates() -> list[tuple[Shape, Shape, int]]:
    """Two bars of at most two rows and six columns whose sum is won by the player to
    move with one to three winning moves, and the width of the rectangles of question 6."""
    shapes = [_two(a, b) for a in range(1, 7) for b in range(0, a + 1)]
    out, keys = [], set()
    for x, y in itertools.combinations_with_replacement(shapes, 2):
        if shape_grundy(x) ^ shape_grundy(y) == 0 or x == (1,) or y == (1,):
            continue
        wins = [m for m in _pair_moves(x, y) if shape_grundy(m[0]) == shape_grundy(m[1])]
        key = (max(x[0], y[0]), shape_grundy(x) ^ shape_grundy(y), tuple(wins))
        if 1 <= len(wins) <= 3 and key not in keys:    # each variant its own key
            keys.add(key)
            # one width per pair: two variants differ in their bars, hence their answers
            out.append((x, y, 2 + len(out) % 5))
    return out


def _pair_moves(x: Shape, y: Shape) -> list[tuple[Shape, Shape]]:
    return [(s, y) for s in _bars_moves(x)] + [(x, s) for s in _bars_moves(y)]


BARS_CODE = listing('''
def grundy_forme(forme, memo):
    #fr Le nombre de Grundy d'une forme de chomp, sans jamais manger le poison.
    #en The Grundy number of a chomp shape, never eating the poison.
    if forme not in memo:
        vus = {grundy_forme(f, memo) for f in coups(forme)}
        m = 0
        while m in vus:
            m += 1
        memo[forme] = m
    return memo[forme]''', NAMES)


def two_bars(seed: int) -> Variant:
    x, y, width = pick(TWO_BARS, seed, _bars_candidates())
    top = max(x[0], y[0])
    table_shapes = [_two(a, b) for a in range(1, top + 1) for b in range(0, a + 1)]
    gx, gy = shape_grundy(x), shape_grundy(y)
    wins = [m for m in _pair_moves(x, y) if shape_grundy(m[0]) == shape_grundy(m[1])]
    answers = {"g": {".".join(map(str, s)): shape_grundy(s) for s in table_shapes},
               "value": gx ^ gy, "winning": [[list(a), list(b)] for a, b in wins]}
    intro = bi(
        "Deux tablettes de chocolat de chomp, chacune de deux lignes au plus, sont posées "
        f"côte à côte : ${_shape(x)}$ et ${_shape(y)}$ (longueurs des lignes, de haut en "
        "bas ; chacune a son carré empoisonné en haut à gauche). À son tour, un joueur "
        "mange, dans **une** des tablettes, un carré qui n'est pas empoisonné, avec tous "
        "les carrés restants qui ne sont ni au-dessus de sa ligne, ni à gauche de sa "
        "colonne. Le joueur qui ne peut plus jouer (il ne reste que les deux carrés "
        "empoisonnés) a perdu. On admet le théorème de Sprague et Grundy.",
        "Two chomp bars, each of at most two rows, lie side by side: "
        f"${_shape(x)}$ and ${_shape(y)}$ (the lengths of the rows, from top to bottom; "
        "each has its poisoned square at the top left). At each turn, the player to move eats, in "
        "**one** of the bars, a square that is not poisoned, with every remaining square "
        "that is neither above its row nor to the left of its column. The player who "
        "cannot move (only the two poisoned squares are left) loses. The Sprague-Grundy "
        "theorem is stated without proof.")
    q1 = Q(bi("Avec une seule tablette, montrer que cette règle (ne jamais manger le poison, "
              "perdre quand on ne peut plus jouer) donne le même gagnant que la règle du "
              "cours (qui mange le poison a perdu).",
              "With a single bar, show that this rule (never eat the poison, lose when "
              "unable to move) gives the same winner as the course's rule (whoever eats "
              "the poison loses)."),
           bi("Dans les deux règles, les coups sont les mêmes tant qu'il reste un carré non "
              "empoisonné ; quand il ne reste que le poison, le joueur qui doit jouer perd "
              "(il doit le manger, ou il ne peut plus jouer). Les graphes et les positions "
              "de victoire coïncident.",
              "Under both rules, the moves are the same while a square that is not poisoned "
              "remains; when only the poison is left, the player to move loses (they must eat "
              "it, or they cannot move). The graphs and the victory positions coincide."),
           [(2, bi("même graphe, même fin", "same graph, same end"))])
    rows = [(f"${_shape(s)}$", shape_grundy(s)) for s in table_shapes]
    gt = table(("Forme", "$g$"), rows, "lr")
    q2 = Q(bi(f"Calculer le nombre de Grundy de chaque forme $(a, b)$ avec "
              f"$1 \\le a \\le {top}$ et $0 \\le b \\le a$ (une forme $(a, 0)$ s'écrit "
              "$(a)$).",
              f"Compute the Grundy number of each shape $(a, b)$ with $1 \\le a \\le {top}$ "
              "and $0 \\le b \\le a$ (a shape $(a, 0)$ is written $(a)$)."),
           {lang: ("Par formes croissantes, $g$ est le mex des nombres des formes atteintes "
                   "en un coup ; $(1)$, sans coup, vaut 0 :" if lang == "fr" else
                   "By increasing shapes, $g$ is the mex of the numbers of the shapes reached "
                   "in one move; $(1)$, without a move, is worth 0:") + "\n\n"
            + gt.replace("Forme", "Forme" if lang == "fr" else "Shape")
            for lang in ("fr", "en")},
           [(5, bi("les valeurs (−1 par erreur)", "the values (−1 per mistake)"))])
    q3 = Q(bi("Montrer que $g((a)) = a - 1$ pour une seule ligne de $a$ carrés, et vérifier "
              "sur le tableau que les formes $(a, a - 1)$ ont le nombre 0 (exercice du "
              "cours).",
              "Show that $g((a)) = a - 1$ for a single row of $a$ squares, and check on the "
              "table that the shapes $(a, a - 1)$ have the number 0 (an exercise of the "
              "course)."),
           bi("Depuis $(a)$ on atteint $(1), \\dots, (a - 1)$ : c'est un tas de Nim de "
              "$a - 1$ carrés non empoisonnés ; par récurrence, ces formes ont les nombres "
              "$0, \\dots, a - 2$, dont le mex est $a - 1$. Le tableau donne bien 0 pour "
              "$(1)$, $(2, 1)$, $(3, 2)$, etc.",
              "From $(a)$ one reaches $(1), \\dots, (a - 1)$: it is a Nim heap of $a - 1$ "
              "squares that are not poisoned; by induction, these shapes have the numbers "
              "$0, \\dots, a - 2$, whose mex is $a - 1$. The table does give 0 for $(1)$, "
              "$(2, 1)$, $(3, 2)$, and so on."),
           [(2, bi("la récurrence", "the induction")), (1, bi("la vérification",
                                                             "the check"))])
    wtext = ", ".join(f"$({_shape(a)}, {_shape(b)})$" for a, b in wins)
    q4 = Q(bi(f"Qui gagne depuis $({_shape(x)}, {_shape(y)})$ ? Donner tous les coups "
              "gagnants.",
              f"Who wins from $({_shape(x)}, {_shape(y)})$? Give all the winning moves."),
           bi(f"$g = {gx} \\oplus {gy} = {gx ^ gy} \\ne 0$ : le joueur qui doit jouer gagne. "
              "Les coups gagnants laissent deux tablettes de même nombre : " + wtext + ".",
              f"$g = {gx} \\oplus {gy} = {gx ^ gy} \\ne 0$: the player to move wins. The "
              "winning moves leave two bars of the same number: " + wtext + "."),
           [(1, bi("le gagnant", "the winner")), (3, bi("tous les coups", "all the moves"))],
           items=[f"$({_shape(tuple(a))}, {_shape(tuple(b))})$"
                  for a, b in answers["winning"]])
    q5 = Q(bi("Avec la fonction `coups(forme)` du problème sur les tablettes en escalier "
              "(les formes obtenues en un coup, sans manger le poison), écrire "
              "`grundy_forme(forme, memo)`.",
              "With the function `coups(forme)` of the problem on staircase bars (the "
              "shapes obtained in one move, without eating the poison), write "
              "`grundy_forme(forme, memo)`."),
           {lang: fence(BARS_CODE[lang]) for lang in ("fr", "en")},
           [(2, bi("le mex des successeurs", "the mex of the successors")),
            (1, bi("la mémoïsation", "the memoisation"))])
    q6 = Q(bi("Le premier joueur gagne sur toute tablette rectangulaire plus grande que "
              "$1 \\times 1$ (vol de stratégie). Qu'en déduire sur le nombre de Grundy d'un "
              f"rectangle ? Avec deux rectangles $2 \\times {width}$ côte à côte, qui gagne, et "
              "comment ?",
              "The first player wins on every rectangular bar larger than $1 \\times 1$ "
              "(strategy stealing). What follows for the Grundy number of a rectangle? With "
              f"two rectangles $2 \\times {width}$ side by side, who wins, and how?"),
           bi("Un rectangle plus grand que $1 \\times 1$ a un nombre non nul (sinon le "
              "joueur qui doit jouer perdrait). Deux tablettes identiques ont des nombres "
              "égaux, de ou exclusif nul : le second joueur gagne, en imitant dans l'autre "
              "tablette chaque coup du premier.",
              "A rectangle larger than $1 \\times 1$ has a non-zero number (otherwise the "
              "player to move would lose). Two identical bars have equal numbers, whose "
              "exclusive or is zero: the second player wins, copying in the other bar each "
              "move of the first."),
           [(1, bi("nombre non nul", "non-zero number")), (2, bi("le second joueur, par "
                                                                  "imitation",
                                                                  "the second player, by "
                                                                  "copying"))])
    return compose(TWO_BARS, seed, {"bars": [list(x), list(y)], "width": width}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers)


def check_two_bars(v: Variant) -> None:
    from arena.grundy import game_sum, grundy

    x, y = (tuple(b) for b in v.params["bars"])
    ans: dict[str, Any] = dict(v.answers)
    # the course's rule on one bar: the library's solver gives the same winner as g != 0
    for key, value in ans["g"].items():
        s = tuple(int(k) for k in key.split("."))
        sol = solve_small(_graph(s))
        need((sol.winner[(s, 0)] == 0) == (value != 0))
        need(value == grundy(s, _bars_moves)[s])
        if len(s) == 1:
            need(value == s[0] - 1)
        if len(s) == 2 and s[1] == s[0] - 1:
            need(value == 0)
    space: dict[str, Any] = {}
    exec(CODE["en"], space)
    for lang in ("fr", "en"):
        exec(BARS_CODE[lang], space)
        memo: dict = {}
        shape_grundy = space[own_name("grundy_forme", lang, NAMES)]
        need(all(shape_grundy(tuple(int(k) for k in key.split(".")), memo)
                 == value for key, value in ans["g"].items()))
    numbers = grundy((x, y), game_sum(_bars_moves, _bars_moves))
    need(ans["value"] == numbers[(x, y)] != 0)
    wins = [[list(a), list(b)] for a, b in game_sum(_bars_moves, _bars_moves)((x, y))
            if numbers[(a, b)] == 0]
    need(sorted(ans["winning"]) == sorted(wins) and 1 <= len(wins) <= 3)


PROBLEMS = PROBLEMS + (
    problem(id=TWO_BARS, chapter="chomp", generate=two_bars, check=check_two_bars,
            uses=("homework", "tutorial"), minutes=35,
            title=bi("Deux tablettes de chomp côte à côte", "Two chomp bars side by side"),
            names=NAMES),
)


FIELDS = {
    STAIRCASE: (
        ask(1, "shapes", "number", "Nombre de formes", "Number of shapes"),
        ask(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        ask(3, "start_wins", "mover", "Qui gagne devant $\\lambda$ ?",
            "Who wins from $\\lambda$?"),
        ask(3, "winning_moves", "set", "Les formes laissées par les coups gagnants",
            "The shapes the winning moves leave"),
    ),
    TWO_BARS: (
        ask(4, "value", "mover", "Qui gagne ?", "Who wins?"),
        ask(4, "winning", "set", "Les positions laissées par les coups gagnants",
            "The positions the winning moves leave"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
