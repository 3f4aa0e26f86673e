"""Chomp: the figures and fragments of ``docs/fr/chomp.md`` and
``docs/en/chomp.md``."""

from __future__ import annotations

from arena import solve
from coursebuild.course.drawing import Figure
from coursebuild.course.facts import ClaimError, _shape, best_defence_moves, claim
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    num,
    table,
    who,
)


@fragment
def chomp_rectangles() -> Bilingual:
    from arena.games import chomp

    rows = []
    for m in range(1, 5):
        for n in range(1, 6):
            g = chomp(m, n)
            sol = solve(g)
            first = sol.move[g.start]
            # the chapter's text: one row, eat all but the poison; two rows, the corner
            if m == 1 and n > 1:
                claim(first[0] == (1,), 'the course says: first[0] == (1,)')
            if m == 2:
                claim(first[0] == tuple(k for k in (n, n - 1) if k), 'the course says: first[0] == tuple(k for k in (n, n - 1) if k)')
            # and the same by symmetry on one or two columns
            if n == 1 and m > 1 and first[0] != (1,):
                raise ClaimError(f"chomp_rectangles: {m} × 1: eating all but the poison loses")
            if n == 2 and m > 1 and first[0] != (2,) * (m - 1) + (1,):
                raise ClaimError(f"chomp_rectangles: {m} × 2: eating the corner loses")
            wins = [y for y in g.successors(g.start) if sol.winner[y] == 0]
            rows.append((f"${m} \\times {n}$", len(g), sol.winner[g.start], sol.rank[g.start],
                         "" if sol.winner[g.start] != 0 else _shape(first[0]), len(wins)))
    out = {}
    for lang, head in (("fr", ("Tablette", "Sommets", "Gagnant", "Rang", "Premier coup",
                                "Coups gagnants")),
                       ("en", ("Bar", "Vertices", "Winner", "Rank", "First move",
                               "Winning moves"))):
        out[lang] = table(head, [(a, b, who(c, lang), d, e, f) for a, b, c, d, e, f in rows],
                          "lrlrlr")
    return out

def _l_shape(arm: int) -> tuple[int, ...]:
    """The bar left after eating the square of the second row and second column of a
    square bar: the top row and the left column, each with ``arm`` squares besides the
    poisoned one."""
    return (arm + 1,) + (1,) * arm

@fragment
def chomp_squares() -> Bilingual:
    from arena.games import chomp

    rows = []
    sizes = range(1, 7)
    for n in sizes:
        g = chomp(n, n)
        sol = solve(g)
        where = f"chomp_squares: on the {n} × {n} bar,"
        for p in (0, 1):   # the rank is the number of moves under the best defence
            for v, m in best_defence_moves(g, p).items():
                if m != (sol.rank[v] if sol.winner[v] == p else None):
                    raise ClaimError(f"{where} at {v}, the rank of J_{p} is not the "
                                     "number of moves under the best defence")
        if n == 1:
            # the exception: the first player must eat the poison
            if g.start not in g.V1 or sol.winner[g.start] != 1:
                raise ClaimError(f"{where} the first player should lose at once")
            rows.append((n, 1, sol.rank[g.start], "", 0))
            continue
        first = (_l_shape(n - 1), 1)
        if first not in g.successors(g.start) or sol.winner[first] != 0:
            raise ClaimError(f"{where} leaving the symmetric L {first[0]} does not win")
        # the mirror rule: from a symmetric L with J_1 to move, every move of J_1 leaves
        # an L with unequal arms, and J_0's mirror reply restores a symmetric L, lost
        # for J_1
        for arm in range(n):
            v = (_l_shape(arm), 1)
            if sol.winner[v] != 0:
                raise ClaimError(f"{where} the symmetric L {v[0]} is not lost for J_1")
            for y in g.successors(v):
                shape = y[0]
                top, left = shape[0] - 1, len(shape) - 1
                if shape != (top + 1,) + (1,) * left or top == left:
                    raise ClaimError(f"{where} J_1's move {v[0]} -> {shape} does not leave "
                                     "an L with unequal arms")
                reply = (_l_shape(min(top, left)), 1)
                if reply not in g.successors(y) or sol.winner[reply] != 0:
                    raise ClaimError(f"{where} the mirror reply {shape} -> {reply[0]} fails")
        wins = [y for y in g.successors(g.start) if sol.winner[y] == 0]
        rows.append((n, 0, sol.rank[g.start], _shape(first[0]), len(wins)))
    out = {}
    for lang, head in (("fr", ("Tablette", "Gagnant", "Rang du départ", "L symétrique laissé",
                                "Premiers coups gagnants")),
                       ("en", ("Bar", "Winner", "Rank of the start", "Symmetric L left",
                               "Winning first moves"))):
        out[lang] = table(head, [(f"${n} \\times {n}$", who(w, lang), r, shape, k)
                                 for n, w, r, shape, k in rows], "llrlr")
    last = sizes[-1]
    intro = {
        "fr": "Le calcul des attracteurs confirme la règle, contre toutes les réponses de "
              f"$J_1$, sur toutes les tablettes carrées jusqu'à ${last} \\times {last}$. Le "
              "tableau donne aussi le nombre de premiers coups gagnants :\n\n",
        "en": "Computing the attractors confirms the rule, against every reply of $J_1$, on "
              f"every square bar up to ${last} \\times {last}$. The table also gives the "
              "number of winning first moves:\n\n"}
    return {lang: intro[lang] + out[lang] for lang in out}

@fragment
def ex_chomp_count() -> Bilingual:
    from math import comb

    from arena.games import chomp

    rows = []
    for m, n in ((1, 4), (2, 3), (3, 3), (4, 5), (6, 6)):
        size = len(chomp(m, n))
        claim(size == 2 * (comb(m + n, m) - 1), f"chomp {m} x {n} has 2 x (C(m + n, m) - 1) positions")
        rows.append((f"${m} \\times {n}$", comb(m + n, m) - 1, size))
    return {lang: table(head, [(bar, num(k, lang), num(v, lang)) for bar, k, v in rows], "lrr")
            for lang, head in (("fr", ("Tablette", "Escaliers", "Sommets du graphe")),
                               ("en", ("Bar", "Staircases", "Vertices of the graph")))}

@fragment
def ex_chomp_square() -> Bilingual:
    from arena.games import chomp

    sizes = range(2, 7)
    for n in sizes:
        g = chomp(n, n)
        sol = solve(g)
        ell = ((n,) + (1,) * (n - 1), 1)
        claim(ell in g.successors(g.start) and sol.winner[ell] == 0,
              f"on the {n} x {n} bar, leaving the symmetric L wins")
    last = sizes[-1]
    return both(
        f"Le calcul des attracteurs confirme que ce premier coup est gagnant pour $n = 2, \\dots, {last}$.\n",
        f"Computing the attractors confirms that this first move wins for $n = 2, \\dots, {last}$.\n")


FIGURES: tuple[Figure, ...] = ()

