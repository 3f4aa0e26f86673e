"""Problems on the chapter *Chomp*: a bar that is no longer a rectangle, where strategy
stealing no longer applies."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from arena import from_rules
from arena.games.chomp import _bites
from coursebuild.bank import Problem, Variant
from coursebuild.bank._kit import Q, bi, compose, fence, pick, solve_small

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


CODE = {
    "fr": '''def coups(forme):
    """Les formes obtenues en un coup depuis forme (tuple des longueurs des lignes)."""
    resultat = []
    for r in range(len(forme)):
        for c in range(forme[r]):
            if (r, c) != (0, 0):          # on ne mange pas le carré empoisonné
                reste = [min(k, c) if i >= r else k for i, k in enumerate(forme)]
                resultat.append(tuple(k for k in reste if k > 0))
    return resultat

def perdante(forme, memo):
    """Le joueur qui doit jouer devant forme perd-il ?"""
    if forme not in memo:
        if forme == (1,):                 # il doit manger le poison
            memo[forme] = True
        else:
            memo[forme] = all(not perdante(f, memo) for f in coups(forme))
    return memo[forme]''',
    "en": '''def coups(forme):
    """The shapes obtained in one move from forme (tuple of the row lengths)."""
    resultat = []
    for r in range(len(forme)):
        for c in range(forme[r]):
            if (r, c) != (0, 0):          # the poisoned square is not eaten
                reste = [min(k, c) if i >= r else k for i, k in enumerate(forme)]
                resultat.append(tuple(k for k in reste if k > 0))
    return resultat

def perdante(forme, memo):
    """Does the player to move in front of forme lose?"""
    if forme not in memo:
        if forme == (1,):                 # it must eat the poison
            memo[forme] = True
        else:
            memo[forme] = all(not perdante(f, memo) for f in coups(forme))
    return memo[forme]''',
}


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
        "lengths of its rows from top to bottom. On its turn, a player chooses a remaining "
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
                f"The player to move in front of $\\lambda$ wins: the winning moves are "
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
              "win from $\\lambda$? If so, give all its winning moves."),
           a3,
           [(1, bi("le gagnant", "the winner")),
            (3, bi("tous les coups gagnants, et pas d'autre (ou : aucun, justifié)",
                   "all the winning moves, and no other (or: none, justified)"))])
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
                   questions=[q1, q2, q3, q4, q5, q6], figures={}, answers=answers,
                   points=20)


def check_staircase(v: Variant) -> None:
    shape = tuple(v.params["shape"])
    p, q = v.params["ell"]
    ans: dict[str, Any] = dict(v.answers)
    assert len(set(shape)) > 1 and 15 <= len(sub_shapes(shape)) <= 45 and p != q
    namespace: dict[str, Any] = {}
    exec(CODE["en"], namespace)
    exec(CODE["fr"], namespace)
    coups, perdante = namespace["coups"], namespace["perdante"]
    memo: dict = {}
    # the recursion of the solution, against the attractor of the game's graph
    g = _graph(shape)
    sol = solve_small(g)
    inside = sub_shapes(shape)
    assert ans["shapes"] == len(inside) and ans["vertices"] == len(g) == 2 * len(inside)
    lost = [s for s in inside if perdante(s, memo)]
    assert [list(s) for s in lost] == ans["lost"]
    assert all((sol.winner[(s, 0)] == 1) == (s in lost) for s in inside)
    assert all(sorted(coups(s)) == sorted(_bites(s)) for s in inside)
    assert ans["start_wins"] == (shape not in lost)
    wins = [list(s) for s in sorted(set(coups(shape)), key=lambda s: (-sum(s), s))
            if s in lost]
    assert ans["winning_moves"] == wins and (wins != []) == ans["start_wins"]
    two = [s for s in inside if len(s) <= 2]
    assert all((s in lost) == (s == (1,) or (len(s) == 2 and s[1] == s[0] - 1))
               for s in two)
    ell = (1 + p,) + (1,) * q
    assert ans["ell"] == list(ell) and not perdante(ell, memo)
    assert perdante(tuple(ans["ell_move"]), memo) and tuple(ans["ell_move"]) in coups(ell)


PROBLEMS = (
    Problem(id=STAIRCASE, chapter="chomp",
            title=bi("Chomp sur une tablette en escalier", "Chomp on a staircase bar"),
            uses=frozenset({"homework", "tutorial", "exam"}), minutes=40, points=20,
            generate=staircase, check=check_staircase),
)
