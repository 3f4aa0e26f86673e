"""A problem on the chapter *Calculer l'attracteur* / *Computing the attractor*: the
course's counter algorithm with a queue run by hand, and programmed. The cost of the
naive fixpoint is :mod:`coursebuild.course.bank.naive_fixpoint`, which shares :data:`NAMES` and
the chapter's form of an arena."""

from __future__ import annotations

from collections import deque

from arena import Arena, verify_strategy
from arena.course import dplus, naive_attractor, renverse_graphe
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank._kit import queue_steps

COUNTER = "counter-queue-trace"
SIZE = (9, 13)


def chapter_form(g: Arena) -> tuple[dict, dict, dict]:
    """``(A, S0, V0)`` as the chapter writes them, every dictionary in alphabetical
    order (the order in which the algorithm reads them)."""
    order = sorted(g.vertices, key=name)
    A = {v: ([] if g.victory(v) is not None else list(g.successors(v))) for v in order}
    S0 = {v: None for v in order if g.owner(v) == 0}
    V0 = {v: None for v in order if g.victory(v) == 0}
    return A, S0, V0


def run_queue(A: dict, S0: dict, V0: dict, *, lifo: bool = False):
    """The chapter's ``calcule_rangs`` (FIFO queue), or the same with a stack: the steps
    (vertex taken out, what happened to each predecessor, counters after), the values
    found, the final counters, and the move that made each vertex of S0 enter."""
    d, B = dplus(A), renverse_graphe(A)
    rang = {s: 0 for s in V0}
    queue = deque(V0)
    steps, coup = [], {}
    if not lifo:
        for y, visits in queue_steps(B, S0, rang, d, queue):
            for x, what in visits:
                if what == "enters" and x in S0:
                    coup[x] = y
            steps.append((y, rang[y], [(x, what, d[x]) for x, what in visits], list(queue)))
        return steps, rang, d, coup, B
    while queue:
        y = queue.pop()
        for x in B[y]:
            if x not in rang:
                d[x] -= 1
                if x in S0 or d[x] == 0:
                    rang[x] = rang[y] + 1
                    queue.append(x)
    return steps, rang, d, coup, B


NAMES = {"calcule_rangs_coups": "compute_ranks_moves",
         "attracteur_naif_compte": "fixpoint_attractor_count", "examinees": "examined"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


CODE = listing('''
from collections import deque

def calcule_rangs_coups(A, S0, V0):
    d = dplus(A)
    B = renverse_graphe(A)
    rang, coup = {}, {}
    F = deque()
    for s in V0:
        rang[s] = 0
        F.append(s)
    while F:
        y = F.popleft()
        for x in B[y]:
            if x not in rang:
                d[x] -= 1
                if x in S0 or d[x] == 0:
                    rang[x] = rang[y] + 1
                    if x in S0:
                        #fr y, successeur de x, fait entrer x
                        #en y, a successor of x, makes x enter
                        coup[x] = y
                    F.append(x)
    return rang, coup''', NAMES)


def _arena(seed: int) -> Arena:
    r = rng(COUNTER, seed)
    depth = r.choice((3, 5))                # the rank of the start, the play's length
    for _ in range(10_000):
        wide = 0.8 if depth == 3 else 0.25
        ranks0 = (2, *(r.randint(1, 2) if r.random() < wide else 1
                       for _ in range(depth - 1)), 1)
        plan = Plan(ranks0=ranks0, ranks1=(1, 1),
                    draws0=1, draws1=1, dead0=0, dead1=r.randint(0, 1))
        g, _ = planted(r, plan, extra=0.6)
        if not SIZE[0] <= len(g) <= SIZE[1] or len(reach(g, "a")) != len(g):
            continue
        A, S0, V0 = chapter_form(g)
        _, rang, d, _, _ = run_queue(A, S0, V0)
        _, lifo, _, _, _ = run_queue(A, S0, V0, lifo=True)
        left = [x for x in A if x not in rang and A[x] and d[x] < len(A[x])]
        if left and lifo != rang:
            return g
    raise RuntimeError(f"{COUNTER}: no arena found for the seed {seed}")


def counter_queue(seed: int) -> Variant:
    g = _arena(seed)
    A, S0, V0 = chapter_form(g)
    steps, rang, d, coup, B = run_queue(A, S0, V0)
    _, lifo, _, _, _ = run_queue(A, S0, V0, lifo=True)
    outside = {x: d[x] for x in A if x not in rang}      # terminal ones too (counter 0)
    wrong = sorted((x for x in lifo if lifo[x] != rang[x]), key=name)
    play = ["a"]
    while g.victory(play[-1]) is None:
        x = play[-1]
        play.append(coup[x] if x in S0 else max(A[x], key=lambda y: rang[y]))
    answers = {"B": {x: B[x] for x in A}, "d0": {x: len(A[x]) for x in A},
               "order": [[y, r] for y, r, _, _ in steps], "ranks": rang,
               "final_counters": outside, "lifo": lifo, "lifo_wrong": wrong,
               "coup": coup, "play": play}

    def trace_table(lang: str) -> str:
        rows = []
        for y, r, visits, after in steps:
            parts = []
            for x, what, dx in visits:
                if what == "known":
                    parts.append(f"${name(x)}$ " + ("déjà marquée" if lang == "fr"
                                                    else "already marked"))
                elif what == "counted":
                    parts.append(f"$d({name(x)})\\colon {dx + 1} \\to {dx}$")
                else:
                    why = (f"${name(x)} \\in S_0$" if x in S0 else f"$d({name(x)}) = 0$")
                    parts.append(f"$d({name(x)})\\colon {dx + 1} \\to {dx}$, {why}, "
                                 + (f"rang {rang[x]}" if lang == "fr" else f"rank {rang[x]}"))
            none = "aucun prédécesseur" if lang == "fr" else "no predecessor"
            queue = ", ".join(f"${name(q)}$" for q in after) or "∅"
            cell = (" ; " if lang == "fr" else "; ").join(parts) if parts else none
            rows.append((f"${name(y)}$ ({r})", cell, queue))
        head = (("Sortie (rang)", "Prédécesseurs $x$ traités", "File ensuite")
                if lang == "fr" else ("Taken out (rank)", "Predecessors $x$ processed",
                                       "Queue afterwards"))
        return table(head, rows)

    figures = {"graph": arena_figure(g, game_caption(g))}
    v0 = ", ".join(f"${name(v)}$" for v in V0)
    pseudo = (
        "```text\n"
        "Fonction calcule_rangs(A, S0, V0) :\n"
        "  d ← dplus(A)\n  B ← renverse_graphe(A)\n"
        "  rang ← dictionnaire vide ; F ← file vide\n"
        "  Pour chaque s De V0, Faire\n    rang[s] ← 0 ; enfiler s dans F\n"
        "  Tant que F n'est pas vide, Faire\n    y ← défiler F\n"
        "    Pour chaque x De B[y], Faire\n      Si x ∉ rang Alors\n"
        "        d[x] ← d[x] − 1\n        Si x ∈ S0 ou d[x] = 0 Alors\n"
        "          rang[x] ← rang[y] + 1 ; enfiler x dans F\n"
        "  Renvoyer rang\nFin Fonction\n```",
        "```text\n"
        "Function calcule_rangs(A, S0, V0):\n"
        "  d ← dplus(A)\n  B ← renverse_graphe(A)\n"
        "  rang ← empty dictionary; F ← empty queue\n"
        "  For each s In V0, Do\n    rang[s] ← 0; enqueue s in F\n"
        "  While F is not empty, Do\n    y ← dequeue F\n"
        "    For each x In B[y], Do\n      If x ∉ rang Then\n"
        "        d[x] ← d[x] − 1\n        If x ∈ S0 or d[x] = 0 Then\n"
        "          rang[x] ← rang[y] + 1; enqueue x in F\n"
        "  Return rang\nEnd Function\n```")
    intro = bi(
        "On reprend l'algorithme des compteurs du cours, avec une file : `dplus(A)` donne "
        "le dictionnaire des degrés sortants, `renverse_graphe(A)` le graphe renversé `B` "
        "(à chaque position, la liste de ses prédécesseurs), construit en parcourant les "
        "clés de `A` dans l'ordre, puis la liste de chacune.\n\n" + pseudo[0] + "\n\n"
        "On l'applique au jeu ci-dessous, où $V_0 = \\{" + v0.replace("$", "") + "\\}$. "
        "Le dictionnaire `A` a pour clés les positions dans l'ordre alphabétique, chacune "
        "avec la liste de ses successeurs dans l'ordre du tableau ; `V0` est parcouru dans "
        "l'ordre alphabétique ; une position de victoire n'a pas de successeur dans `A`."
        "\n\n<!-- figure: graph -->\n\n" + successor_table(g, "fr"),
        "Recall the course's counter algorithm, here with a queue: `dplus(A)` gives the "
        "dictionary of out-degrees, `renverse_graphe(A)` the reversed graph `B` (for each "
        "position, the list of its predecessors), built by going through the keys of `A` "
        "in order, then through the list of each.\n\n" + pseudo[1] + "\n\n"
        "We apply it to the game below, where $V_0 = \\{" + v0.replace("$", "") + "\\}$. "
        "The dictionary `A` has the positions as keys in alphabetical order, each with the "
        "list of its successors in the order of the table; `V0` is read in alphabetical "
        "order; a victory position has no successor in `A`."
        "\n\n<!-- figure: graph -->\n\n" + successor_table(g, "en"))

    def preds(lang: str) -> str:
        head = ("Position", "`B[x]`", "$d^+(x)$")
        rows = [(f"${name(x)}$", ", ".join(f"${name(p)}$" for p in B[x]) or "∅", len(A[x]))
                for x in A]
        return table(head, rows, "llr")

    q1 = Q(bi("Donner le graphe renversé `B`, les listes dans l'ordre où `renverse_graphe` "
              "les construit, et la valeur initiale du compteur `d[x]` de chaque position.",
              "Give the reversed graph `B`, the lists in the order in which "
              "`renverse_graphe` builds them, and the initial value of the counter `d[x]` "
              "of each position."),
           {lang: ("Les prédécesseurs sont ajoutés dans l'ordre des clés de `A`, donc dans "
                   "l'ordre alphabétique :" if lang == "fr" else
                   "Predecessors are added in the order of the keys of `A`, hence in "
                   "alphabetical order:") + "\n\n" + preds(lang) for lang in ("fr", "en")},
           [(1, bi("`B` juste, listes dans l'ordre", "`B` right, lists in order")),
            (1, bi("les compteurs initiaux (les positions de victoire ont 0)",
                   "the initial counters (victory positions have 0)"))])
    order_text = ", ".join(f"{name(y)} ({r})" for y, r, _, _ in steps)
    q2 = Q(bi("Exécuter `calcule_rangs(A, S0, V0)` à la main : pour chaque position sortie "
              "de la file, dans l'ordre, donner son rang, ce qui arrive à chacun de ses "
              "prédécesseurs (compteur diminué, entrée dans la file avec son rang, ou rien "
              "car déjà marqué) et le contenu de la file ensuite.",
              "Run `calcule_rangs(A, S0, V0)` by hand: for each position taken out of the "
              "queue, in order, give its rank, what happens to each of its predecessors "
              "(counter lowered, entry into the queue with its rank, or nothing since "
              "already marked) and the content of the queue afterwards."),
           {lang: trace_table(lang) + "\n\n"
            + (f"Ordre de sortie : {order_text}. Les rangs trouvés sont "
               if lang == "fr" else
               f"Order in which the positions leave the queue: {order_text}. The ranks "
               "found are ")
            + ", ".join(f"${rg(lang)}({name(x)}) = {rang[x]}$" for x in sorted(rang, key=name))
            + "." for lang in ("fr", "en")},
           [(2, bi("l'ordre de sortie de la file", "the order in which positions leave the queue")),
            (2, bi("les compteurs à chaque étape", "the counters at each step")),
            (2, bi("les rangs", "the ranks"))])
    left = sorted(outside, key=name)
    pos_left = [x for x in left if A[x] and outside[x] < len(A[x])]
    stuck = [x for x in left if not A[x]]

    def stuck_text(lang: str) -> str:
        """The terminal positions left outside: a counter at 0 that is no entry."""
        if not stuck:
            return ""
        what = []
        for x in stuck:
            who = g.victory(x)
            if who is not None:
                what.append(f"${name(x)}$ (" + ("victoire de" if lang == "fr"
                                                else "a victory of") + f" $J_{who}$)")
            else:
                what.append(f"${name(x)}$ (" + ("cul-de-sac" if lang == "fr" else "a dead end")
                            + ")")
        if lang == "fr":
            return (f" Attention à {words(what, 'fr')} : compteur à 0 dès le départ, "
                    "hors de l'attracteur pourtant, car une position n'entre que quand un "
                    "de ses successeurs sort de la file ; un compteur nul ne veut pas dire "
                    "« dans l'attracteur ».")
        one = len(what) == 1
        return (f" A trap: {words(what, 'en')} {'has' if one else 'have'} a counter of 0 "
                f"from the start, yet {'stays' if one else 'stay'} outside the attractor, "
                "since a position only enters when one of its successors leaves the queue; "
                "a zero counter does not mean \"in the attractor\".")

    q3 = Q(bi("Quelles positions restent hors de l'attracteur, et avec quels compteurs à la "
              "fin ? Que signifie un compteur non nul à la fin pour une position de $J_1$ ?",
              "Which positions stay out of the attractor, and with which counters at the "
              "end? What does a non-zero final counter mean for a position of $J_1$?"),
           bi(", ".join(f"$d({name(x)}) = {outside[x]}$" for x in left)
              + f" (départ : {', '.join(f'$d^+({name(x)}) = {len(A[x])}$' for x in left)})."
              + stuck_text("fr") + " À la fin, pour une position $x$ restée hors de "
              "$\\mathcal{A}^0$, `d[x]` est le nombre de ses successeurs hors de "
              "$\\mathcal{A}^0$ (le compteur d'une position entrée ne baisse plus). Pour "
              "une position de $J_1$, un compteur non nul dit que $J_1$ a un coup hors de "
              "l'attracteur de $J_0$, par lequel il empêche $J_0$ de "
              f"gagner depuis là (ainsi en {words([f'${name(x)}$' for x in pos_left], 'fr')}, "
              "dont le compteur a baissé sans atteindre 0).",
              ", ".join(f"$d({name(x)}) = {outside[x]}$" for x in left)
              + f" (start: {', '.join(f'$d^+({name(x)}) = {len(A[x])}$' for x in left)})."
              + stuck_text("en") + " At the end, for a position $x$ left outside "
              "$\\mathcal{A}^0$, `d[x]` is the number of its successors outside "
              "$\\mathcal{A}^0$ (the counter of a position that entered goes down no more). "
              "For a position of $J_1$, a non-zero counter says that $J_1$ has a move out of "
              "the attractor of $J_0$, with which they prevent $J_0$ from "
              f"winning from there (as at {words([f'${name(x)}$' for x in pos_left], 'en')}, "
              "whose counter went down without reaching 0)."),
           [(1, bi("les positions et leurs compteurs", "the positions and their counters")),
            (1, bi("le sens du compteur", "the meaning of the counter"))],
           items=[f"$d({name(x)}) = {len(A[x]) - sum(1 for y in A[x] if y in rang)}$"
                  for x in sorted(g.vertices, key=name) if x not in rang])
    q4 = Q(bi("On remplace la file par une pile : `y` est pris au sommet de la pile, et "
              "`x` est empilé. L'algorithme calcule-t-il toujours le même ensemble ? Les "
              "mêmes valeurs `rang` ? Répondre sur cet exemple, puis expliquer.",
              "The queue is replaced by a stack: `y` is taken from the top of the stack, and "
              "`x` is pushed. Does the algorithm still compute the same set? The same "
              "values `rang`? Answer on this example, then explain."),
           bi("Le même ensemble : la preuve du cours (tout sommet marqué est dans "
              "l'attracteur, tout sommet de l'attracteur est marqué) ne dépend pas de "
              "l'ordre de traitement. Mais pas les mêmes valeurs : avec la pile, on trouve "
              + ", ".join(f"$\\text{{rang}}[{name(x)}] = {lifo[x]}$" for x in wrong)
              + " au lieu de "
              + ", ".join(f"${rg('fr')}({name(x)}) = {rang[x]}$" for x in wrong)
              + ". Une position de $J_0$ tient son rang du premier successeur marqué "
              "*traité* (le rang de ce successeur plus 1), une de $J_1$ du dernier : ce sont le "
              "minimum et le maximum des rangs seulement si les positions sont traitées par "
              "rangs croissants, ce que garantit la file (premier entré, premier sorti).",
              "The same set: the course's proof (every marked vertex is in the attractor, "
              "every vertex of the attractor is marked) does not depend on the order of "
              "processing. But not the same values: with the stack we find "
              + ", ".join(f"`rang[{name(x)}] = {lifo[x]}`" for x in wrong)
              + " instead of "
              + ", ".join(f"${rg('en')}({name(x)}) = {rang[x]}$" for x in wrong)
              + ". A position of $J_0$ takes its rank from the first marked successor "
              "*processed* (that successor's rank plus 1), one of $J_1$ from the last: these are "
              "the least and the greatest rank only if positions are processed by "
              "increasing rank, which the queue (first in, first out) guarantees."),
           [(1, bi("même ensemble, avec la raison", "same set, with the reason")),
            (1, bi("une valeur fausse sur l'exemple", "a wrong value on the example")),
            (1, bi("l'explication par l'ordre de traitement",
                   "the explanation by the order of processing"))])
    q5 = Q(bi("Écrire en Python une fonction `calcule_rangs_coups(A, S0, V0)` qui renvoie, "
              "en plus du dictionnaire `rang`, un dictionnaire `coup` qui associe à chaque "
              "position $x \\in S_0$ de l'attracteur hors de $V_0$ un successeur de rang "
              "$" + rg("fr") + "(x) - 1$, sans changer la complexité $O(|S| + |A|)$ ; on "
              "dispose de `dplus` et `renverse_graphe`. Justifier que le successeur "
              "choisi convient.",
              "Write in Python a function `calcule_rangs_coups(A, S0, V0)` that returns, "
              "besides the dictionary `rang`, a dictionary `coup` that maps each position "
              "$x \\in S_0$ of the attractor outside $V_0$ to a successor of rank "
              "$" + rg("en") + "(x) - 1$, without changing the complexity "
              "$O(|S| + |A|)$; `dplus` and `renverse_graphe` are given. Justify that the "
              "successor chosen is right."),
           {lang: fence(CODE[lang]) + "\n\n" + (
               "Quand $x \\in S_0$ entre dans la file depuis $y$, on a $x \\in B[y]$, donc "
               "$y$ est un successeur de $x$, et `rang[x] = rang[y] + 1` : d'après le "
               "théorème du cours sur la file, ces valeurs sont les rangs exacts. Une "
               "affectation de plus par position entrée : la complexité ne change pas."
               if lang == "fr" else
               "When $x \\in S_0$ enters the queue from $y$, $x \\in B[y]$, so $y$ is a "
               "successor of $x$, and `rang[x] = rang[y] + 1`: by the course's theorem on "
               "the queue, these values are the exact ranks. One more assignment per "
               "position that enters: the complexity does not change.")
            for lang in ("fr", "en")},
           [(2, bi("le code (mémoriser `y` à l'entrée de `x` dans $S_0$)",
                   "the code (remember `y` when `x` in $S_0$ enters)")),
            (1, bi("pourquoi `y` est de rang $" + rg("fr") + "(x) - 1$",
                   "why `y` has rank $" + rg("en") + "(x) - 1$")),
            (1, bi("la complexité", "the complexity"))])
    coup_text = ", ".join(f"`coup[{x!r}] = {coup[x]!r}`" for x in sorted(coup, key=name))
    play_text = r" \to ".join(name(x) for x in play)
    q6 = Q(bi("Donner `coup` sur cet exemple, puis la partie depuis $a$ où $J_0$ suit `coup` "
              "et où $J_1$ joue toujours le successeur de plus grand rang. Combien de coups "
              "compte-t-elle ?",
              "Give `coup` on this example, then the play from $a$ in which $J_0$ follows "
              "`coup` and $J_1$ always plays the successor of greatest rank. How many moves "
              "does it have?"),
           bi(f"{coup_text}. La partie est ${play_text}$ : {len(play) - 1} coups, le rang "
              f"de $a$ ; $J_1$ ne peut pas tenir plus longtemps.",
              f"{coup_text}. The play is ${play_text}$: {len(play) - 1} moves, the rank of "
              f"$a$; $J_1$ cannot hold out longer."),
           [(2, bi("`coup`", "`coup`")), (1, bi("la partie et sa longueur",
                                                "the play and its length"))])
    params = {"arena": arena_params(g)}
    return compose(COUNTER, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers)


def _stack_values(A: dict, S0: dict, V0: dict) -> dict:
    """The values of the counter algorithm run with a stack, step by step (a second
    writing of it, for the check)."""
    d = {x: len(A[x]) for x in A}
    preds: dict = {x: [] for x in A}
    for x in A:
        for y in A[x]:
            preds[y].append(x)
    value = {s: 0 for s in V0}
    stack = list(V0)
    while stack:
        y = stack.pop()
        for x in preds[y]:
            if x in value:
                continue
            d[x] -= 1
            if x in S0 or d[x] == 0:
                value[x] = value[y] + 1
                stack.append(x)
    return value


def check_counter_queue(v: Variant) -> None:
    g = arena_from_params(v.params["arena"])
    ans = v.answers
    need(SIZE[0] <= len(g) <= SIZE[1] and g.is_bipartite())
    need(len(reach(g, "a")) == len(g))
    A, S0, V0 = chapter_form(g)
    ranks = naive_attractor(g, 0)         # the definition, iterated to its fixpoint
    need(ans["ranks"] == ranks and ans["ranks"]["a"] == max(ranks.values()) >= 3)
    # the predecessor lists: every edge once, in the order of the keys of A
    for y, preds in ans["B"].items():
        need(preds == [x for x in A if y in A[x]])
    # positions leave the queue by increasing rank, each with its exact rank
    order = ans["order"]
    need([r for _, r in order] == sorted(r for _, r in order))
    need(sorted(y for y, _ in order) == sorted(ranks) and all(ranks[y] == r for y, r in order))
    # the final counter of a position outside: its successors outside the attractor
    outside = {x: sum(1 for y in A[x] if y not in ranks) for x in A if x not in ranks}
    need(ans["final_counters"] == outside)
    need(any(A[x] and outside[x] < len(A[x]) for x in outside),
         "a counter went down, not to 0")
    need(ans["d0"] == {x: len(A[x]) for x in A})
    # the stack finds the same set with other values
    need(ans["lifo"] == _stack_values(A, S0, V0) and set(ans["lifo"]) == set(ranks))
    wrong = sorted((x for x in ranks if ans["lifo"][x] != ranks[x]), key=name)
    need(wrong and ans["lifo_wrong"] == wrong)
    # the solution's program, run on the example: its moves lower the rank by one and win
    for lang in ("fr", "en"):
        namespace = {"dplus": dplus, "renverse_graphe": renverse_graphe}
        exec(CODE[lang], namespace)
        rang, coup = namespace[own_name("calcule_rangs_coups", lang, NAMES)](A, S0, V0)
        need(rang == ranks and coup == ans["coup"])
    sol = solve_small(g)
    full = {**sol.strategy(0), **ans["coup"]}
    need(verify_strategy(g, 0, full, solution=sol)["a"] == ranks["a"])
    play = ans["play"]
    need(play[0] == "a" and play[-1] in g.V0 and len(play) - 1 == ranks["a"])


PROBLEMS: tuple[Problem, ...] = (
    problem(id=COUNTER, chapter="algorithms", generate=counter_queue, check=check_counter_queue,
            title=bi("L'algorithme des compteurs avec une file",
                     "The counter algorithm with a queue"),
            names=NAMES),
)


FIELDS = {
    COUNTER: (
        ask(1, "d0", "map", "Compteur initial $d[x]$ de chaque position",
            "Initial counter $d[x]$ of each position"),
        ask(2, "ranks", "map", "Rang de chaque position sortie de la file",
            "Rank of each position taken out of the queue"),
        ask(3, "final_counters", "map", "Positions hors de l'attracteur et leur compteur final",
            "Positions out of the attractor and their final counter"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
