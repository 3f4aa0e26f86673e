"""A problem on the chapter *Calculer une stratégie* / *Computing a strategy*: the
numbering of the recursive algorithm is not the rank, and the strategy built on it
loops (SPEC §3's example, in variants). Both players' strategies with draws are
:mod:`coursebuild.course.bank.both_players`, which shares :data:`NAMES`."""

from __future__ import annotations

import random
from typing import Any

from arena import Arena, StrategyError, verify_strategy
from arena.course import (
    calcule_attracteur2,
    choix_coup,
    dplus,
    marque_propage2,
    naive_attractor,
    renverse_graphe,
)
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.sources.glossary import french

# ---------------------------------------------------------------------------------
# strategy-numbering-loops

NUMBERING = "strategy-numbering-loops"

def _course_source(*functions) -> str:
    """The course's functions as :mod:`arena.course` writes them, without their
    docstrings: the statement prints the code the library runs."""
    import ast
    import inspect

    parts = []
    for fn in functions:
        lines = inspect.getsource(fn).splitlines()
        node = ast.parse("\n".join(lines)).body[0]
        need(isinstance(node, ast.FunctionDef))
        if ast.get_docstring(node) is not None:
            doc = node.body[0]
            del lines[doc.lineno - 1:doc.end_lineno]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


COURSE_CODE = {"en": _course_source(marque_propage2, calcule_attracteur2, choix_coup)}
COURSE_CODE["fr"] = french(COURSE_CODE["en"])
"""The course's recursive numbering and the move it makes J_0 play, as printed in each
language (:mod:`arena.course` writes it with the English names)."""

NAMES = {"boucle": "can_loop", "etat": "state", "partie": "play"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


LOOP_CODE = listing('''
def boucle(A, S0, coup, x):
    #fr J1 peut-il faire boucler la partie depuis x quand J0 joue coup ?
    #fr 1 : sur le chemin en cours, 2 : exploré sans cycle
    #en Can J1 make the play loop from x when J0 plays coup?
    #en 1: on the current path, 2: explored without a cycle
    etat = {}
    def explore(y):
        etat[y] = 1
        suivants = [coup[y]] if y in S0 and A[y] else A[y]
        for z in suivants:
            #fr retour sur le chemin : un cycle
            #en back onto the path: a cycle
            if etat.get(z) == 1:
                return True
            if z not in etat and explore(z):
                return True
        etat[y] = 2
        return False
    return explore(x)''', NAMES)
LOOP_FUNCTION = {"fr": "boucle", "en": "can_loop"}


def chapter_form(g: Arena) -> tuple[dict, dict, dict]:
    order = sorted(g.vertices, key=name)
    A = {v: ([] if g.victory(v) is not None else list(g.successors(v))) for v in order}
    return (A, {v: None for v in order if g.owner(v) == 0},
            {v: None for v in order if g.victory(v) == 0})


def numbering_trace(A: dict, S0: dict, V0: dict) -> list[tuple[str, int]]:
    """The calls of ``marque_propage2`` that mark a vertex, in order: ``(vertex, n)``."""
    d, B = dplus(A), renverse_graphe(A)
    marked: dict = {}
    out: list[tuple[str, int]] = []

    def mark(s: str, n: int) -> None:
        if s not in marked:
            marked[s] = n
            out.append((s, n))
            for x in B[s]:
                d[x] -= 1
                if x in S0 or d[x] == 0:
                    mark(x, n + 1)

    for s in V0:
        mark(s, 0)
    return out


def loops_from(A: dict, S0: dict, coup: dict, x: str) -> list[str] | None:
    """A play from ``x`` that follows ``coup`` at J_0's positions and comes back to a
    position: the path to the cycle and round it (``None`` when there is none)."""
    path: list[str] = []
    on_path: set[str] = set()
    done: set[str] = set()

    def explore(y: str) -> list[str] | None:
        path.append(y)
        on_path.add(y)
        for z in ([coup[y]] if y in S0 and A[y] else A[y]):
            if z in on_path:
                return path + [z]
            if z not in done:
                found = explore(z)
                if found:
                    return found
        on_path.discard(y)
        done.add(y)
        path.pop()
        return None

    return explore(x)


def _numbering_arena(seed: int) -> Arena:
    r = rng(NUMBERING, seed)
    for _ in range(100_000):
        n0, n1 = r.randint(2, 4), r.randint(2, 3)
        names = r.sample(list("bcdefghijkmn"), n0 + n1 - 1)
        S0, S1 = ["a"] + names[:n0 - 1], names[n0 - 1:]
        edges = {x: r.sample(S1 + ["v"], r.randint(1, min(3, len(S1) + 1))) for x in S0}
        edges.update({x: r.sample(S0, r.randint(1, min(2, len(S0)))) for x in S1})
        g = Arena(S0=sorted(S0), S1=sorted(S1 + ["v"]), edges=edges, V0=["v"], start="a")
        if len(reach(g, "a")) != len(g) or not 6 <= len(g) <= 8:
            continue
        A, S0d, V0d = chapter_form(g)
        numbers = calcule_attracteur2(A, S0d, V0d)
        if "a" not in numbers or any(x not in numbers for x in S0d):
            continue
        coup = {x: choix_coup(A, numbers, {}, x) for x in S0d}
        loop = loops_from(A, S0d, coup, "a")
        if loop:
            ranks = naive_attractor(g, 0)
            if any(x not in S0d and numbers[x] < ranks[x] for x in loop):
                return g
    raise RuntimeError(f"{NUMBERING}: no arena found for the seed {seed}")


def numbering(seed: int) -> Variant:
    g = _numbering_arena(seed)
    A, S0, V0 = chapter_form(g)
    calls = numbering_trace(A, S0, V0)
    numbers = dict(calls)
    ranks = naive_attractor(g, 0)
    sol = solve_small(g)
    coup = {x: choix_coup(A, numbers, {}, x) for x in S0}
    loop = loops_from(A, S0, coup, "a") or []
    below = sorted((x for x in numbers if numbers[x] < ranks[x]), key=name)
    above = sorted((x for x in numbers if numbers[x] > ranks[x]), key=name)
    rank_moves = {x: sol.move[x] for x in S0}
    answers = {"calls": [[x, n] for x, n in calls], "ranks": dict(sorted(ranks.items())),
               "below": below, "above": above, "coup": coup, "loop": loop,
               "rank_moves": rank_moves}
    figures = {"graph": arena_figure(g, bi(
        f"Le jeu du problème : {len(g)} positions, cercles pour J₀, carrés pour J₁ ; v est la "
        "position de victoire de J₀ (double bordure) ; départ a.",
        f"The game of the problem: {len(g)} positions, circles for J₀, squares for J₁; v is "
        "the victory position of J₀ (double border); start a."))}
    intro = bi(
        "Le cours a d'abord numéroté les positions de l'attracteur par la profondeur "
        "de l'appel récursif qui les marque, puis choisi les coups de $J_0$ d'après ces "
        "numéros :\n\n" + fence(COURSE_CODE["fr"]) + "\n\nOn considère le jeu ci-dessous, où "
        "$V_0 = \\{v\\}$ et $V_1 = \\varnothing$ ; le départ est $a$. Le dictionnaire `A` "
        "a pour clés les positions dans l'ordre alphabétique, avec leurs successeurs dans "
        "l'ordre du tableau ; `S0` et `V0` sont des dictionnaires dans l'ordre "
        "alphabétique.\n\n<!-- figure: graph -->\n\n" + successor_table(g, "fr"),
        "The course first numbered the positions of the attractor by the depth of the "
        "recursive call that marks them, then chose the moves of $J_0$ from these numbers:"
        "\n\n" + fence(COURSE_CODE["en"]) + "\n\nConsider the game below, where $V_0 = \\{v\\}$ "
        "and $V_1 = \\varnothing$; the start is $a$. The dictionary `A` has the positions "
        "as keys in alphabetical order, with their successors in the order of the table; "
        "`S0` and `V0` are dictionaries in alphabetical order.\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "en"))
    B = renverse_graphe(A)
    q1 = Q(bi("Exécuter `calcule_attracteur2(A, S0, V0)` à la main : donner le graphe "
              "renversé `B`, puis les positions dans l'ordre où elles sont marquées, avec "
              "leur numéro.",
              "Run `calcule_attracteur2(A, S0, V0)` by hand: give the reversed graph `B`, "
              "then the positions in the order in which they are marked, with their number."),
           {lang: ("`B` : " if lang == "fr" else "`B`: ")
            + ", ".join(f"`B[{x!r}] = {B[x]!r}`" for x in A) + ".\n\n"
            + table(("Ordre" if lang == "fr" else "Order",
                     "Position", "Numéro" if lang == "fr" else "Number"),
                    [(k, f"${name(x)}$", n) for k, (x, n) in enumerate(calls, start=1)],
                    "rlr")
            + "\n\n" + ("Un appel sur une position déjà marquée ne fait rien ; un appel "
                        "marque une position de $J_1$ quand son compteur tombe à 0, depuis "
                        "son **dernier** successeur marqué." if lang == "fr" else
                        "A call on a position already marked does nothing; a call marks "
                        "a position of $J_1$ when its counter falls to 0, from its **last** "
                        "successor marked.")
            for lang in ("fr", "en")},
           [(1, bi("`B`", "`B`")), (2, bi("l'ordre des marques", "the order of marking")),
            (1, bi("les numéros", "the numbers"))],
           # the chapter's own function (its dictionary keeps the order of marking), not
           # the trace the answer's table is written from
           items=[f"| {k} | ${name(x)}$ | {n} |" for k, (x, n)
                  in enumerate(calcule_attracteur2(A, S0, V0).items(), start=1)])
    rank_text = ", ".join(f"${rg('fr')}({name(x)}) = {ranks[x]}$" for x in sorted(ranks, key=name))
    rank_text_en = ", ".join(f"${rg('en')}({name(x)}) = {ranks[x]}$"
                             for x in sorted(ranks, key=name))

    def cmp(lang: str) -> str:
        # a sentence: "k (2 < 4) and m (2 < 4) have a number below their rank"
        parts = []
        for group, sign, fr, en in ((below, "<", "inférieur", "below"),
                                    (above, ">", "supérieur", "above")):
            if not group:
                continue
            who = words([f"${name(x)}$ ({numbers[x]} {sign} {ranks[x]})" for x in group], lang)
            one = len(group) == 1
            parts.append(f"{who} {'a' if one else 'ont'} un numéro {fr} à "
                         f"{'son' if one else 'leur'} rang" if lang == "fr" else
                         f"{who} {'has' if one else 'have'} a number {en} "
                         f"{'its' if one else 'their'} rank")
        return (" et " if lang == "fr" else ", and ").join(parts)

    q2 = Q(bi("Calculer les rangs exacts des positions de $\\mathcal{A}^0$ (étapes de la "
              "définition). Quelles positions ont un numéro différent de leur rang ?",
              "Compute the exact ranks of the positions of $\\mathcal{A}^0$ (steps of the "
              "definition). Which positions have a number different from their rank?"),
           bi(f"{rank_text}. Les mêmes positions sont marquées (c'est l'attracteur), mais "
              f"{cmp('fr')}.",
              f"{rank_text_en}. The same positions are marked (it is the attractor), but "
              f"{cmp('en')}."),
           [(2, bi("les rangs", "the ranks")), (1, bi("les différences", "the differences"))])
    coup_text = ", ".join(f"${name(x)} \\to {name(y)}$" for x, y in coup.items())
    loop_text = " \\to ".join(name(x) for x in loop)
    q3 = Q(bi("Donner le coup que `choix_coup(A, numeros, {}, x)` choisit en chaque position "
              "$x$ de $J_0$ (où `numeros` est le résultat de la question 1). Montrer que "
              "$J_1$ peut alors empêcher $J_0$ de gagner depuis $a$, bien que "
              "$a \\in \\mathcal{A}^0$.",
              "Give the move that `choose_move(A, numbers, {}, x)` chooses at each position "
              "$x$ of $J_0$ (where `numbers` is the result of question 1). Show that $J_1$ "
              "can then prevent $J_0$ from winning from $a$, although "
              "$a \\in \\mathcal{A}^0$."),
           bi(f"Les coups : {coup_text}. Depuis $a$, $J_1$ peut jouer de façon que la partie "
              f"soit ${loop_text} \\to \\dots$ : elle revient sur une position déjà vue, "
              "et, les deux joueurs rejouant les mêmes coups, tourne indéfiniment : elle "
              "n'est pas gagnante pour $J_0$.",
              f"The moves: {coup_text}. From $a$, $J_1$ can play so that the play is "
              f"${loop_text} \\to \\dots$: it comes back to a position already seen, and, "
              "both players repeating the same moves, goes round forever: it is not winning "
              "for $J_0$."),
           [(1, bi("les coups de `choix_coup`", "the moves of `choose_move`")),
            (2, bi("une partie qui boucle depuis $a$", "a play that loops from $a$"))],
           # a move at each position of J_0 of the arena
           items=[f"${name(x)} \\to {name(choix_coup(A, numbers, {}, x))}$"
                  for x in sorted(g.S0, key=name)])
    low = next(x for x in loop if g.owner(x) == 1 and x in below)
    why = bi(f"Sur la boucle, ${name(low)}$, position de $J_1$, a le numéro "
                 f"{numbers[low]}, plus petit que son rang {ranks[low]} : elle a été marquée "
                 "depuis son dernier successeur marqué, qui n'était pas le plus lent. "
                 "`choix_coup` y voit un progrès vers la victoire, alors que $J_1$ peut en "
                 "repartir vers une position de numéro plus grand.",
                 f"On the loop, ${name(low)}$, a position of $J_1$, has the number "
                 f"{numbers[low]}, less than its rank {ranks[low]}: it was marked from its "
                 "last marked successor, which was not the slowest. `choose_move` sees progress "
                 "towards victory there, while $J_1$ can leave it for a position of greater "
                 "number.")
    q4 = Q(bi("Expliquer d'où vient la boucle.", "Explain where the loop comes from."),
           why, [(2, bi("la position de $J_1$ dont le numéro est trop petit",
                        "the position of $J_1$ whose number is too small")),
                 (1, bi("pourquoi `choix_coup` y joue", "why `choose_move` plays there"))])
    rmoves = ", ".join(f"${name(x)} \\to {name(y)}$" for x, y in rank_moves.items())
    q5 = Q(bi("Donner la stratégie de $J_0$ qui joue en chaque position de rang $r$ un "
              "successeur de rang $r - 1$, et démontrer qu'aucune partie qui la suit ne "
              "boucle depuis une position de $\\mathcal{A}^0$.",
              "Give the strategy of $J_0$ that plays, at each position of rank $r$, a "
              "successor of rank $r - 1$, and prove that no play following it loops from a "
              "position of $\\mathcal{A}^0$."),
           bi(f"{rmoves}. Le long d'une partie qui la suit depuis $\\mathcal{{A}}^0$, le rang "
              "baisse de 1 à chaque coup de $J_0$ ; à un coup de $J_1$, depuis une position "
              "de rang $r$, tous les successeurs sont de rang au plus $r - 1$ (propriété du "
              "rang d'une position de l'adversaire). Le rang, entier naturel, baisse donc "
              "strictement à chaque coup : aucune position ne revient, et la partie atteint "
              "le rang 0, c'est-à-dire $v$.",
              f"{rmoves}. Along a play that follows it from $\\mathcal{{A}}^0$, the rank goes "
              "down by 1 at each move of $J_0$; at a move of $J_1$, from a position of rank "
              "$r$, all successors have rank at most $r - 1$ (property of the rank of an "
              "opponent's position). The rank, a natural number, thus goes strictly down at "
              "each move: no position comes back, and the play reaches rank 0, that is $v$."),
           [(1, bi("la stratégie", "the strategy")),
            (1, bi("le rang baisse aux coups de $J_0$", "the rank goes down at $J_0$'s moves")),
            (1, bi("et à ceux de $J_1$, donc pas de boucle",
                   "and at $J_1$'s, hence no loop"))])
    q6 = Q(bi("Écrire une fonction `boucle(A, S0, coup, x)` qui dit si $J_1$ peut faire "
              "revenir la partie sur une position déjà vue depuis `x`, quand $J_0$ suit le "
              "dictionnaire `coup` (défini en chaque position de $J_0$ qui a un "
              "successeur). Quelle est sa complexité ?",
              "Write a function `can_loop(A, S0, move, x)` that tells whether $J_1$ can bring "
              "the play back to a position already seen from `x`, when $J_0$ follows the "
              "dictionary `coup` (defined at each position of $J_0$ that has a successor). "
              "What is its complexity?"),
           {lang: fence(LOOP_CODE[lang]) + "\n\n" + (
               "C'est un parcours en profondeur du graphe où chaque position de $J_0$ ne "
               "garde que l'arête de `coup` ; il y a un cycle accessible si et seulement si "
               "le parcours rencontre une position du chemin en cours. Chaque position est "
               "explorée une fois : $O(|S| + |A|)$."
               if lang == "fr" else
               "This is a depth-first search of the graph where each position of $J_0$ "
               "keeps only the edge of `coup`; a cycle is reachable if and only if the "
               "search meets a position of the current path. Each position is explored "
               "once: $O(|S| + |A|)$.") for lang in ("fr", "en")},
           [(2, bi("le parcours du graphe restreint", "the search of the restricted graph")),
            (1, bi("la détection du cycle", "the detection of the cycle")),
            (1, bi("la complexité", "the complexity"))])
    return compose(NUMBERING, seed, {"arena": arena_params(g)}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_numbering(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    need(6 <= len(g) <= 8 and g.is_bipartite() and len(reach(g, "a")) == len(g))
    A, S0, V0 = chapter_form(g)
    # the course's code as the statement prints it, against the library's
    namespace: dict[str, Any] = {"dplus": dplus, "renverse_graphe": renverse_graphe}
    exec(COURSE_CODE["fr"], namespace)
    numbers = namespace["calcule_attracteur2"](A, S0, V0)
    need(numbers == calcule_attracteur2(A, S0, V0) == dict(map(tuple, ans["calls"])))
    need([x for x, _ in ans["calls"]] == list(numbers))
    ranks = naive_attractor(g, 0)
    need(ans["ranks"] == ranks and set(numbers) == set(ranks))
    need(ans["below"] == sorted((x for x in ranks if numbers[x] < ranks[x]), key=name))
    need(ans["above"] == sorted((x for x in ranks if numbers[x] > ranks[x]), key=name))
    need(any(x in ans["below"] and g.owner(x) == 1 for x in ans["loop"]),
         "a position of J_1 numbered below its rank, on the loop")
    coup = {x: namespace["choix_coup"](A, numbers, {}, x) for x in S0}
    need(coup == ans["coup"])
    # the loop: a play that follows coup, and the library finds that the strategy loops
    loop = ans["loop"]
    need(loop[0] == "a" and loop[-1] in loop[:-1])
    for x, y in zip(loop, loop[1:]):
        need(y in A[x] and (x not in S0 or coup[x] == y))
    sol = solve_small(g)
    try:
        verify_strategy(g, 0, coup, solution=sol)
    except StrategyError as e:
        need("loops" in str(e))
    else:
        raise AssertionError("the numbering's strategy should loop")
    need(verify_strategy(g, 0, ans["rank_moves"], solution=sol)["a"] == ranks["a"])
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(LOOP_CODE[lang], space)
        loops = space[LOOP_FUNCTION[lang]]
        need(loops(A, S0, coup, "a") is True)
        need(loops(A, S0, ans["rank_moves"], "a") is False)
        r = random.Random(f"{NUMBERING}/check/{v.seed}")
        for _ in range(5):      # any strategy: the function agrees with an exhaustive search
            other = {x: r.choice(A[x]) for x in S0 if A[x]}
            need(loops(A, S0, other, "a") == bool(loops_from(A, S0, other, "a")))


PROBLEMS = (
    problem(id=NUMBERING, chapter="strategies", generate=numbering, check=check_numbering,
            uses=("homework", "exam"),
            title=bi("Une numérotation qui n'est pas le rang",
                     "A numbering that is not the rank"),
            names=NAMES),
)


FIELDS = {
    NUMBERING: (
        ask(2, "ranks", "map", "Rang de chaque position de $\\mathcal{A}^0$",
            "Rank of each position of $\\mathcal{A}^0$"),
        ask(3, "coup", "map", "Coup choisi en chaque position de $J_0$ (comme $x \\to y$)",
            "Move chosen at each position of $J_0$ (as $x \\to y$)"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
