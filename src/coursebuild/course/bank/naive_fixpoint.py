"""A problem on the chapter *Calculer l'attracteur* / *Computing the attractor*: the cost
of the naive fixpoint, counted on a chain."""

from __future__ import annotations

from typing import Any

from arena import Arena
from arena.course import naive_attractor
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.algorithms import NAMES, chapter_form, run_queue

NAIVE = "naive-fixpoint-cost"

NAIVE_CODE = listing('''
def attracteur_naif_compte(A, S0, V0):
    #fr Le dictionnaire des rangs, et le nombre de positions examinées.
    #en The dictionary of ranks, and the number of positions examined.
    rang = {s: 0 for s in V0}
    n, examinees = 0, 0
    while True:
        n += 1
        nouveaux = []
        for x in A:
            if x in rang or not A[x]:
                continue
            #fr une position relue à cette étape
            #en a position read again at this step
            examinees += 1
            if x in S0:
                gagnant = any(y in rang for y in A[x])
            else:
                gagnant = all(y in rang for y in A[x])
            if gagnant:
                nouveaux.append(x)
        if not nouveaux:
            return rang, examinees
        for x in nouveaux:
            rang[x] = n''', NAMES)


def naive_steps(A: dict, S0: dict, V0: dict) -> list[tuple[int, list]]:
    """For each step n ≥ 1 of the naive fixpoint: the number of positions examined and
    the positions added (the last step adds none)."""
    rang = {s: 0 for s in V0}
    out = []
    n = 0
    while True:
        n += 1
        examined = [x for x in A if x not in rang and A[x]]
        added = [x for x in examined
                 if (any(y in rang for y in A[x]) if x in S0 else all(y in rang for y in A[x]))]
        out.append((len(examined), added))
        if not added:
            return out
        for x in added:
            rang[x] = n


def decrements(A: dict, S0: dict, V0: dict) -> int:
    """How many times ``calcule_rangs`` lowers a counter: once per edge (x, y) with y
    taken out of the queue while x is not yet marked."""
    steps, *_ = run_queue(A, S0, V0)
    return sum(1 for _, _, visits, _ in steps for _, what, _ in visits if what != "known")


def _naive_arena(seed: int) -> Arena:
    r = rng(NAIVE, seed)
    for _ in range(10_000):
        plan = Plan(ranks0=(1, r.randint(1, 2), 1, 1, 1), ranks1=(1, 1), draws0=1,
                    draws1=1, dead0=0, dead1=r.randint(0, 1))
        g, _ = planted(r, plan, extra=0.5)
        if 9 <= len(g) <= 11 and len(reach(g, "a")) == len(g):
            return g
    raise RuntimeError(f"{NAIVE}: no arena found for the seed {seed}")


def naive_cost(seed: int) -> Variant:
    g = _naive_arena(seed)
    A, S0, V0 = chapter_form(g)
    steps = naive_steps(A, S0, V0)
    total = sum(k for k, _ in steps)
    dec = decrements(A, S0, V0)
    r = rng(NAIVE, seed)
    N = r.choice((10, 20, 30, 50, 100))
    answers = {"steps": [[k, added] for k, added in steps], "examined": total,
               "decrements": dec, "chain": N, "chain_examined": N * (N - 1) // 2}
    figures = {"graph": arena_figure(g, game_caption(g))}
    listing = (
        "```text\n"
        "Fonction attracteur_naif(A, S0, V0) :\n"
        "  rang ← dictionnaire où chaque s de V0 a la valeur 0\n  n ← 0\n"
        "  Répéter\n    n ← n + 1\n    nouveaux ← liste vide\n"
        "    Pour chaque x De A, Faire\n"
        "      Si x ∉ rang et A[x] n'est pas vide Alors\n"
        "        Si x ∈ S0 Alors gagnant ← (un y de A[x] est dans rang)\n"
        "        Sinon gagnant ← (tous les y de A[x] sont dans rang)\n"
        "        Si gagnant Alors ajouter x à nouveaux\n"
        "    Si nouveaux est vide Alors Renvoyer rang\n"
        "    Pour chaque x De nouveaux, Faire\n      rang[x] ← n\nFin Fonction\n```",
        "```text\n"
        "Function attracteur_naif(A, S0, V0):\n"
        "  rang ← dictionary where each s of V0 has the value 0\n  n ← 0\n"
        "  Repeat\n    n ← n + 1\n    nouveaux ← empty list\n"
        "    For each x In A, Do\n"
        "      If x ∉ rang and A[x] is not empty Then\n"
        "        If x ∈ S0 Then gagnant ← (some y of A[x] is in rang)\n"
        "        Else gagnant ← (every y of A[x] is in rang)\n"
        "        If gagnant Then add x to nouveaux\n"
        "    If nouveaux is empty Then Return rang\n"
        "    For each x In nouveaux, Do\n      rang[x] ← n\nEnd Function\n```")
    intro = bi(
        "Le point fixe naïf du cours applique la définition de l'attracteur étape par "
        "étape ; on dit qu'une position est *examinée* à une étape quand la boucle évalue "
        "son test `gagnant`.\n\n" + listing[0] + "\n\nOn l'applique au jeu ci-dessous, "
        f"avec $V_0 = {mset(g.V0)}$ (le dictionnaire `A` dans l'ordre alphabétique ; une "
        "position de victoire n'a pas de successeur dans `A`).\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "fr"),
        "The course's naive fixpoint applies the definition of the attractor step by step; "
        "a position is *examined* at a step when the loop evaluates its test `gagnant`."
        "\n\n" + listing[1] + "\n\nIt is applied to the game below, with "
        f"$V_0 = {mset(g.V0)}$ (the dictionary `A` in alphabetical order; a victory "
        "position has no successor in `A`).\n\n<!-- figure: graph -->\n\n"
        + successor_table(g, "en"))

    def steps_table(lang: str) -> str:
        head = (("Étape $n$", "Positions examinées", "Positions ajoutées") if lang == "fr"
                else ("Step $n$", "Positions examined", "Positions added"))
        return table(head, [(n, k, ", ".join(f"${name(x)}$" for x in added) or "—")
                            for n, (k, added) in enumerate(steps, start=1)], "rrl")

    q1 = Q(bi("Exécuter `attracteur_naif(A, S0, V0)` : pour chaque étape, le nombre de "
              "positions examinées et les positions ajoutées. Combien d'examens en tout ?",
              "Run `attracteur_naif(A, S0, V0)`: for each step, the number of positions "
              "examined and the positions added. How many examinations in all?"),
           {lang: steps_table(lang) + "\n\n" + (
               f"En tout, {total} examens ; la dernière étape n'ajoute rien et arrête la "
               "boucle." if lang == "fr" else
               f"In all, {total} examinations; the last step adds nothing and stops the "
               "loop.") for lang in ("fr", "en")},
           [(2, bi("les positions ajoutées", "the positions added")),
            (2, bi("les nombres d'examens", "the numbers of examinations"))],
           items=[f"| {n} | {k} | " for n, (k, _) in enumerate(steps, start=1)])
    q2 = Q(bi("Sur le même jeu, combien de fois `calcule_rangs` (l'algorithme des compteurs "
              "avec une file) diminue-t-il un compteur ? Comparer.",
              "On the same game, how many times does `calcule_rangs` (the counter algorithm "
              "with a queue) lower a counter? Compare."),
           bi(f"Une fois par arête $(x, y)$ où $y$ sort de la file alors que $x$ n'est pas "
              f"encore marqué : {dec} fois, contre {total} examens (chacun lisant une liste "
              "de successeurs) pour le point fixe naïf.",
              f"Once per edge $(x, y)$ where $y$ leaves the queue while $x$ is not yet "
              f"marked: {dec} times, against {total} examinations (each reading a list of "
              "successors) for the naive fixpoint."),
           [(2, bi("le nombre", "the number")), (1, bi("la comparaison", "the comparison"))])
    q3 = Q(bi(f"On considère une chaîne $x_1 \\to x_2 \\to \\dots \\to x_{{N}}$ de $N = {N}$ "
              "positions, les joueurs alternant, avec $V_0 = \\{x_N\\}$. Combien d'étapes "
              "fait le point fixe naïf, et combien de positions examine-t-il en tout ? Et "
              "l'algorithme des compteurs ?",
              f"Consider a chain $x_1 \\to x_2 \\to \\dots \\to x_{{N}}$ of $N = {N}$ "
              "positions, the players alternating, with $V_0 = \\{x_N\\}$. How many steps "
              "does the naive fixpoint make, and how many positions does it examine in all? "
              "And the counter algorithm?"),
           bi(f"L'étape $k$ ajoute seulement $x_{{N-k}}$ et examine les $N - k$ positions "
              "pas encore gagnantes ; la dernière étape ($k = N$) n'ajoute rien. En tout "
              f"$\\sum_{{k=1}}^{{N}} (N - k) = N(N - 1)/2 = {N * (N - 1) // 2}$ examens, en "
              f"$N = {N}$ étapes : un coût quadratique. Les compteurs ne diminuent qu'une "
              f"fois par arête : {N - 1} fois, un coût linéaire.",
              f"Step $k$ adds only $x_{{N-k}}$ and examines the $N - k$ positions not yet "
              "winning; the last step ($k = N$) adds nothing. In all "
              f"$\\sum_{{k=1}}^{{N}} (N - k) = N(N - 1)/2 = {N * (N - 1) // 2}$ "
              f"examinations, in $N = {N}$ steps: a quadratic cost. The counters go down "
              f"once per edge: {N - 1} times, a linear cost."),
           [(1, bi("le nombre d'étapes", "the number of steps")),
            (2, bi("la somme", "the sum")), (1, bi("les compteurs", "the counters"))])
    q4 = Q(bi("Démontrer que le point fixe naïf s'exécute en $O(|S| \\cdot (|S| + |A|))$.",
              "Prove that the naive fixpoint runs in $O(|S| \\cdot (|S| + |A|))$."),
           bi("Chaque étape sauf la dernière ajoute au moins une position : au plus "
              "$|S| + 1$ étapes. Une étape parcourt les $|S|$ clés et lit au plus une fois "
              "chaque liste de successeurs : $O(|S| + |A|)$. D'où le produit.",
              "Each step but the last adds at least one position: at most $|S| + 1$ steps. "
              "A step goes through the $|S|$ keys and reads each list of successors at most "
              "once: $O(|S| + |A|)$. Hence the product."),
           [(1, bi("le nombre d'étapes", "the number of steps")),
            (2, bi("le coût d'une étape", "the cost of a step"))])
    q5 = Q(bi("Modifier la fonction Python du cours pour qu'elle renvoie aussi le nombre de "
              "positions examinées, `attracteur_naif_compte(A, S0, V0)`.",
              "Change the course's Python function so that it also returns the number of "
              "positions examined, `attracteur_naif_compte(A, S0, V0)`."),
           {lang: fence(NAIVE_CODE[lang]) + "\n\n" + (
               f"Sur le jeu du problème, elle renvoie {total}." if lang == "fr"
               else f"On the game of the problem, it returns {total}.")
            for lang in ("fr", "en")},
           [(2, bi("le compteur au bon endroit", "the counter at the right place")),
            (1, bi("la valeur sur le jeu", "the value on the game"))])
    q6 = Q(bi("Pourquoi suffit-il, quand une position devient gagnante, de réexaminer ses "
              "seuls prédécesseurs ? Quelle structure de données faut-il alors ?",
              "Why is it enough, when a position becomes winning, to examine only its "
              "predecessors again? Which data structure is then needed?"),
           bi("Le test `gagnant` d'une position $x$ ne dépend que de l'appartenance de ses "
              "successeurs à `rang` : il ne peut changer qu'à l'étape où l'un d'eux devient "
              "gagnant, et alors $x$ est un prédécesseur de ce successeur. Il faut donc le "
              "graphe renversé (les listes de prédécesseurs), et, pour ne pas relire tous les "
              "successeurs, un compteur par position : c'est l'algorithme des compteurs.",
              "The test `gagnant` of a position $x$ only depends on whether its successors "
              "are in `rang`: it can only change at the step where one of them becomes "
              "winning, and then $x$ is a predecessor of that successor. The reversed graph "
              "(the lists of predecessors) is therefore needed, and, so as not to read all "
              "the successors again, a counter per position: this is the counter "
              "algorithm."),
           [(2, bi("le test ne change que par un successeur",
                   "the test only changes through a successor")),
            (1, bi("graphe renversé et compteurs", "reversed graph and counters"))])
    params = {"arena": arena_params(g), "chain": N}
    return compose(NAIVE, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers)


def check_naive_cost(v: Variant) -> None:
    from coursebuild.course.facts import listing_namespace

    g = arena_from_params(v.params["arena"])
    ans: dict[str, Any] = dict(v.answers)
    need(9 <= len(g) <= 11)
    A, S0, V0 = chapter_form(g)
    ranks = naive_attractor(g, 0)
    steps = ans["steps"]
    need([x for _, added in steps for x in added] == sorted(
        (x for x in ranks if ranks[x] > 0), key=lambda x: (ranks[x], list(A).index(x))))
    need(steps[-1][1] == [] and len(steps) == max(ranks.values()) + 1)
    course = listing_namespace("fr")["attracteur_naif"](A, S0, V0)
    need(course == ranks)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(NAIVE_CODE[lang], space)
        rang, count = space[own_name("attracteur_naif_compte", lang, NAMES)](A, S0, V0)
        need(rang == ranks and count == ans["examined"] == sum(k for k, _ in steps))
    # the decrements, counted while the course's own listing of calcule_rangs runs
    space = listing_namespace("fr")
    lowered = [0]

    class Counting(dict):
        def __setitem__(self, key, value):
            lowered[0] += key in self and value < self[key]
            super().__setitem__(key, value)

    plain = space["dplus"]
    space["dplus"] = lambda A_: Counting(plain(A_))
    need(space["calcule_rangs"](A, S0, V0) == ranks)
    need(lowered[0] == ans["decrements"])
    need(ans["decrements"] == decrements(A, S0, V0))
    N = ans["chain"]
    from arena.games import chain

    h = chain(N - 1)
    Ah, S0h, V0h = chapter_form(h)
    space = {}
    exec(NAIVE_CODE["en"], space)
    _, examined = space[own_name("attracteur_naif_compte", "en", NAMES)](Ah, S0h, V0h)
    need(examined == ans["chain_examined"] == N * (N - 1) // 2 and v.params["chain"] == N)


PROBLEMS: tuple[Problem, ...] = (
    problem(id=NAIVE, chapter="algorithms", generate=naive_cost, check=check_naive_cost,
            uses=("homework", "tutorial"), minutes=35,
            title=bi("Le coût du point fixe naïf", "The cost of the naive fixpoint"),
            names=NAMES),
)


FIELDS = {
    NAIVE: (
        ask(1, "examined", "number", "Examens en tout", "Examinations in all"),
        ask(2, "decrements", "number", "Compteurs diminués", "Counters lowered"),
        ask(3, "chain", "number", "Étapes du point fixe naïf sur la chaîne",
            "Steps of the naive fixpoint on the chain"),
        ask(3, "chain_examined", "number", "Positions examinées sur la chaîne",
            "Positions examined on the chain"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
