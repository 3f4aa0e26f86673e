"""A problem on the chapter *Attracteurs* / *Attractors*: removing or adding an edge (the
edges of J_1 whose removal brings a position into J_0's attractor, and what an added edge
can change)."""

from __future__ import annotations

from typing import Any

from arena import Arena
from arena.course import naive_attractor
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.attractors import NAMES

MONOTONE = "attractor-monotone"

EDGES_CODE = listing('''
def aretes_decisives(A, S0, S1, V0, x):
    #fr Les arêtes (s, y), s dans S1 avec au moins deux successeurs, dont le retrait fait
    #fr entrer x dans l'attracteur de J0.
    #en The edges (s, y), s in S1 with at least two successors, whose removal brings x
    #en into the attractor of J0.
    resultat = []
    for s in S1:
        if len(A[s]) >= 2:
            for y in A[s]:
                #fr copie superficielle de A
                #en shallow copy of A
                A2 = dict(A)
                A2[s] = [z for z in A[s] if z != y]
                if x in calcule_attracteur(A2, S0, V0):
                    resultat.append((s, y))
    return resultat''', NAMES)


def _without(g: Arena, x: str, y: str | None) -> Arena:
    """``g`` without the edge x -> y (every edge out of x when ``y`` is None)."""
    edges = {v: [w for w in g.successors(v) if not (v == x and (y is None or w == y))]
             for v in g.vertices}
    return Arena(S0=g.S0, S1=g.S1, edges={v: s for v, s in edges.items() if s}, V0=g.V0,
                 V1=g.V1, start=g.start)


def _with(g: Arena, x: str, y: str) -> Arena:
    edges = {v: list(g.successors(v)) + ([y] if v == x else []) for v in g.vertices}
    return Arena(S0=g.S0, S1=g.S1, edges={v: s for v, s in edges.items() if s}, V0=g.V0,
                 V1=g.V1, start=g.start)


def _decisive(g: Arena, x: str) -> list[tuple[str, str]]:
    """The edges out of J_1's positions with two successors or more whose removal puts
    ``x`` in the attractor of J_0."""
    out = []
    for s in sorted(g.S1, key=name):
        succ = g.successors(s)
        if g.victory(s) is None and len(succ) >= 2:
            for y in succ:
                if x in solve_small(_without(g, s, y)).attractor(0):
                    out.append((s, y))
    return out


def _monotone_arena(seed: int):
    r = rng(MONOTONE, seed)
    for _ in range(100_000):
        plan = Plan(ranks0=(1, r.randint(1, 2), r.randint(1, 2), 1), ranks1=(1, 1, 1),
                    draws0=r.randint(1, 2), draws1=r.randint(1, 2), dead0=0, dead1=0)
        g, _ = planted(r, plan, extra=0.6)
        if not 10 <= len(g) <= 12:
            continue
        sol = solve_small(g)
        a0 = sol.attractor(0)
        outside = sorted((v for v in g.S0 if v not in a0 and g.successors(v)
                          and g.victory(v) is None), key=name)
        target = next((v for v in outside if len(_decisive(g, v)) in (1, 2)), None)
        if target is None:
            continue
        single = sorted((v for v in g.S1 if v in a0 and a0[v] > 0
                         and len(g.successors(v)) == 1), key=name)
        if not single:
            continue
        # an edge to add out of a position of J_0 of A0 that lowers its rank
        adds = [(x, y) for x in sorted(g.S0, key=name) if x in a0 and a0[x] >= 3
                for y in sorted(g.S1, key=name) if y in a0 and a0[y] < a0[x] - 1
                and y not in g.successors(x)]
        if adds:
            return g, target, single[0], adds[0]
    raise RuntimeError(f"{MONOTONE}: no arena found for the seed {seed}")


def monotone(seed: int) -> Variant:
    g, target, single, (ax, ay) = _monotone_arena(seed)
    sol = solve_small(g)
    a0 = sol.attractor(0)
    decisive = _decisive(g, target)
    s, y = decisive[0]
    after = solve_small(_without(g, s, y)).attractor(0)
    joined = sorted((v for v in after if v not in a0), key=name)
    dead = solve_small(_without(g, single, None)).attractor(0)
    left = sorted((v for v in a0 if v not in dead), key=name)
    added = solve_small(_with(g, ax, ay)).attractor(0)
    lowered = sorted((v for v in a0 if added[v] < a0[v]), key=name)
    answers = {"ranks0": dict(sorted(a0.items())), "decisive": [list(e) for e in decisive],
               "joined": joined, "ranks_after": dict(sorted(after.items())),
               "single": single, "left": left, "lowered": lowered,
               "ranks_added": {v: added[v] for v in lowered}}
    figures = {"graph": arena_figure(g, game_caption(g, start=False))}
    intro = bi(
        "On considère le jeu ci-dessous, où $J_0$ joue aux cercles et $J_1$ aux carrés, avec "
        f"$V_0 = {mset(g.V0)}$ et $V_1 = {mset(g.V1)}$. On étudie comment l'attracteur "
        "$\\mathcal{A}^0$ de $J_0$ change quand on retire ou ajoute une arête.\n\n"
        "<!-- figure: graph -->\n\n" + successor_table(g, "fr"),
        "Consider the game below, where $J_0$ moves at the circles and $J_1$ at the squares, with "
        f"$V_0 = {mset(g.V0)}$ and $V_1 = {mset(g.V1)}$. We study how the attractor "
        "$\\mathcal{A}^0$ of $J_0$ changes when an edge is removed or added.\n\n"
        "<!-- figure: graph -->\n\n" + successor_table(g, "en"))

    def ranks_text(ranks: dict, lang: str) -> str:
        return ", ".join(f"${rg(lang)}({name(v)}) = {ranks[v]}$" for v in sorted(ranks, key=name))

    q1 = Q(bi("Calculer $\\mathcal{A}^0$ avec les rangs.",
              "Compute $\\mathcal{A}^0$ with the ranks."),
           {lang: f"$\\mathcal{{A}}^0 = {mset(sorted(a0, key=name))}$ : "
            .replace(" :", ":" if lang == "en" else " :") + ranks_text(a0, lang) + "."
            for lang in ("fr", "en")},
           [(1, bi("l'ensemble", "the set")), (2, bi("les rangs", "the ranks"))],
           items=[bi(f"${rg('fr')}({name(v)}) = {a0[v]}$", f"${rg('en')}({name(v)}) = {a0[v]}$")
                  for v in sorted(a0, key=name)])
    dec_text = words([f"${a} \\to {b}$" for a, b in decisive], "fr")
    dec_text_en = words([f"${a} \\to {b}$" for a, b in decisive], "en")
    q2 = Q(bi(f"La position ${name(target)}$ n'est pas dans $\\mathcal{{A}}^0$. Quelles "
              "arêtes partant d'une position de $J_1$ qui a au moins deux successeurs "
              f"faut-il retirer (une seule à la fois) pour que ${name(target)}$ entre dans "
              f"$\\mathcal{{A}}^0$ ? Pour la première, ${s} \\to {y}$, donner le nouvel "
              "attracteur avec ses rangs.",
              f"The position ${name(target)}$ is not in $\\mathcal{{A}}^0$. Which edges "
              "leaving a position of $J_1$ that has at least two successors must be removed "
              f"(one at a time) for ${name(target)}$ to enter $\\mathcal{{A}}^0$? For the "
              f"first one, ${s} \\to {y}$, give the new attractor with its ranks."),
           bi(("Il n'y en a qu'une : " if len(decisive) == 1 else "Les arêtes ")
              + f"{dec_text}. Sans ${s} \\to {y}$, la position ${s}$ n'a plus "
              "d'échappatoire : entrent " + words([f"${name(v)}$" for v in joined], "fr")
              + " ; " + ranks_text(after, "fr") + ".",
              ("There is only one: " if len(decisive) == 1 else "The edges ")
              + f"{dec_text_en}. Without ${s} \\to {y}$, the position ${s}$ has no "
              "way out any more: " + words([f"${name(v)}$" for v in joined], "en")
              + " enter; " + ranks_text(after, "en") + "."),
           [(2, bi("les arêtes", "the edges")), (2, bi("le nouvel attracteur",
                                                         "the new attractor"))],
           items=[f"${a} \\to {b}$" for a, b in decisive]
           + [bi(f"${rg('fr')}({name(v)}) = {after[v]}$", f"${rg('en')}({name(v)}) = {after[v]}$")
              for v in sorted(after, key=name)])
    q3 = Q(bi("Démontrer en général : si l'on retire une arête $(s, y)$ avec $s \\in S_1$ "
              "et $d^+(s) \\ge 2$, l'attracteur de $J_0$ ne peut que grandir. (Noter "
              "$\\mathcal{B}_n$ les étapes dans le nouveau graphe et montrer "
              "$\\mathcal{A}^0_n \\subseteq \\mathcal{B}_n$ par récurrence.)",
              "Prove in general: if an edge $(s, y)$ with $s \\in S_1$ and $d^+(s) \\ge 2$ is "
              "removed, the attractor of $J_0$ can only grow. (Write $\\mathcal{B}_n$ for "
              "the steps in the new graph and show $\\mathcal{A}^0_n \\subseteq "
              "\\mathcal{B}_n$ by induction.)"),
           bi("$\\mathcal{A}^0_0 = V_0 = \\mathcal{B}_0$. Supposons $\\mathcal{A}^0_n "
              "\\subseteq \\mathcal{B}_n$ et soit $x \\in \\mathcal{A}^0_{n+1} \\setminus "
              "\\mathcal{A}^0_n$. Si $x \\in S_0$, il a un successeur dans "
              "$\\mathcal{A}^0_n \\subseteq \\mathcal{B}_n$, qui reste un successeur (on n'a "
              "retiré qu'une arête partant de $S_1$) : $x \\in \\mathcal{B}_{n+1}$. Si "
              "$x \\in S_1$, ses successeurs dans le nouveau graphe sont parmi les anciens, "
              "tous dans $\\mathcal{A}^0_n \\subseteq \\mathcal{B}_n$, et il en a encore au "
              "moins un (pour $x = s$, car $d^+(s) \\ge 2$) : $x \\in \\mathcal{B}_{n+1}$. En "
              "réunissant, $\\mathcal{A}^0 \\subseteq \\mathcal{B}$.",
              "$\\mathcal{A}^0_0 = V_0 = \\mathcal{B}_0$. Assume $\\mathcal{A}^0_n "
              "\\subseteq \\mathcal{B}_n$ and let $x \\in \\mathcal{A}^0_{n+1} \\setminus "
              "\\mathcal{A}^0_n$. If $x \\in S_0$, it has a successor in "
              "$\\mathcal{A}^0_n \\subseteq \\mathcal{B}_n$, which is still a successor "
              "(only an edge out of $S_1$ was removed): $x \\in \\mathcal{B}_{n+1}$. If "
              "$x \\in S_1$, its successors in the new graph are among the old ones, all in "
              "$\\mathcal{A}^0_n \\subseteq \\mathcal{B}_n$, and it still has at least one "
              "(for $x = s$, since $d^+(s) \\ge 2$): $x \\in \\mathcal{B}_{n+1}$. Taking the "
              "union, $\\mathcal{A}^0 \\subseteq \\mathcal{B}$."),
           [(1, bi("l'initialisation", "the base case")),
            (1, bi("le cas $x \\in S_0$", "the case $x \\in S_0$")),
            (2, bi("le cas $x \\in S_1$, avec $d^+(s) \\ge 2$",
                   "the case $x \\in S_1$, with $d^+(s) \\ge 2$"))])
    q4 = Q(bi(f"Que devient $\\mathcal{{A}}^0$ si l'on retire l'unique arête qui part de "
              f"${name(single)}$ ? Pourquoi cela ne contredit-il pas la question 3 ?",
              f"What becomes of $\\mathcal{{A}}^0$ if the only edge leaving "
              f"${name(single)}$ is removed? Why does this not contradict question 3?"),
           bi(f"${name(single)}$ devient un cul-de-sac, donc une position nulle : elle sort "
              "de $\\mathcal{A}^0$, et avec elle "
              + (words([f"${name(v)}$" for v in left if v != single], "fr") or "aucune autre")
              + (" ; " if len(left) > 1 else "") + f"l'attracteur perd {len(left)} "
              f"position{'s' if len(left) > 1 else ''}. La question 3 supposait "
              "$d^+(s) \\ge 2$ : une position de $J_1$ sans successeur n'entre pas dans "
              "l'attracteur (condition « $x$ a un successeur » de la définition).",
              f"${name(single)}$ becomes a dead end, hence a drawn position: it leaves "
              "$\\mathcal{A}^0$, and with it "
              + (words([f"${name(v)}$" for v in left if v != single], "en") or "no other")
              + (";" if len(left) > 1 else "") + f" the attractor loses {len(left)} "
              f"position{'s' if len(left) > 1 else ''}. Question 3 assumed "
              "$d^+(s) \\ge 2$: a position of $J_1$ without successor does not enter the "
              "attractor (the condition \"$x$ has a successor\" of the definition)."),
           [(2, bi("les positions qui sortent", "the positions that leave")),
            (1, bi("la condition « a un successeur »", "the condition \"has a successor\""))])
    low = ", ".join(f"${rg('fr')}({name(v)})$ : {a0[v]} → {added[v]}" for v in lowered)
    low_en = ", ".join(f"${rg('en')}({name(v)})$: {a0[v]} → {added[v]}" for v in lowered)
    q5 = Q(bi(f"On ajoute l'arête ${ax} \\to {ay}$. L'attracteur change-t-il ? Quels rangs "
              "changent ? Peut-on en général faire sortir une position de "
              "$\\mathcal{A}^0$ en ajoutant une arête partant d'une position de $J_0$ ?",
              f"The edge ${ax} \\to {ay}$ is added. Does the attractor change? Which ranks "
              "change? Can a position leave $\\mathcal{A}^0$, in general, when an edge "
              "leaving a position of $J_0$ is added?"),
           bi(f"$\\mathcal{{A}}^0$ ne change pas ici, mais des rangs baissent : {low}. "
              "En général non : la récurrence de la question 3 s'adapte (une position de "
              "$J_0$ garde le successeur qui la faisait entrer, et celles de $J_1$ ne "
              "changent pas) ; un coup de plus ne peut que servir $J_0$.",
              f"$\\mathcal{{A}}^0$ does not change here, but some ranks go down: {low_en}. "
              "In general no: the induction of question 3 adapts (a position of $J_0$ keeps "
              "the successor that made it enter, and those of $J_1$ do not change); one "
              "more move can only help $J_0$."),
           [(2, bi("les rangs qui baissent", "the ranks that go down")),
            (1, bi("non, par la même récurrence", "no, by the same induction"))])
    q6 = Q(bi("Avec `calcule_attracteur(A, S0, V0)` du cours, écrire `aretes_decisives(A, "
              "S0, S1, V0, x)`, qui renvoie la liste des arêtes de la question 2 pour une "
              "position `x` quelconque, sans modifier `A`. Quelle est sa complexité ?",
              "With the course's `calcule_attracteur(A, S0, V0)`, write `aretes_decisives(A, "
              "S0, S1, V0, x)`, which returns the list of the edges of question 2 for any "
              "position `x`, without changing `A`. What is its complexity?"),
           {lang: fence(EDGES_CODE[lang]) + "\n\n" + (
               "Au plus $|A|$ arêtes essayées, chacune avec une copie de `A` et un calcul "
               "d'attracteur en $O(|S| + |A|)$ : $O(|A| \\cdot (|S| + |A|))$."
               if lang == "fr" else
               "At most $|A|$ edges tried, each with a copy of `A` and an attractor "
               "computed in $O(|S| + |A|)$: $O(|A| \\cdot (|S| + |A|))$.")
            for lang in ("fr", "en")},
           [(2, bi("le code, sans modifier `A`", "the code, without changing `A`")),
            (1, bi("la complexité", "the complexity"))])
    params = {"arena": arena_params(g), "target": target, "single": single,
              "added": [ax, ay]}
    return compose(MONOTONE, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers)


def check_monotone(v: Variant) -> None:
    from arena.course import calcule_attracteur

    g = arena_from_params(v.params["arena"])
    target, single = v.params["target"], v.params["single"]
    ax, ay = v.params["added"]
    ans: dict[str, Any] = dict(v.answers)
    need(10 <= len(g) <= 12 and g.is_bipartite())
    a0 = naive_attractor(g, 0)
    need(ans["ranks0"] == a0 and target not in a0)
    A = {x: ([] if g.victory(x) is not None else list(g.successors(x)))
         for x in sorted(g.vertices, key=name)}
    S0 = {x: None for x in A if g.owner(x) == 0}
    S1 = {x: None for x in A if g.owner(x) == 1}
    V0 = {x: None for x in A if g.victory(x) == 0}
    for lang in ("fr", "en"):
        space: dict[str, Any] = {"calcule_attracteur": calcule_attracteur}
        exec(EDGES_CODE[lang], space)
        found = space[own_name("aretes_decisives", lang, NAMES)](A, S0, S1, V0, target)
        need([list(e) for e in found] == ans["decisive"] and 1 <= len(found) <= 2)
    s, y = ans["decisive"][0]
    after = naive_attractor(_without(g, s, y), 0)
    need(ans["ranks_after"] == after and set(a0) <= set(after))      # it only grows
    need(ans["joined"] == sorted(set(after) - set(a0), key=name) and target in after)
    need(ans["single"] == single and len(g.successors(single)) == 1 and single in a0)
    dead = naive_attractor(_without(g, single, None), 0)
    need(ans["left"] == sorted(set(a0) - set(dead), key=name) and single in ans["left"])
    added = naive_attractor(_with(g, ax, ay), 0)
    need(set(added) == set(a0) and ans["lowered"] and ans["lowered"] == sorted(
        (x for x in a0 if added[x] < a0[x]), key=name))
    need(ans["ranks_added"] == {x: added[x] for x in ans["lowered"]})


PROBLEMS: tuple[Problem, ...] = (
    problem(id=MONOTONE, chapter="attractors", generate=monotone, check=check_monotone,
            uses=("homework", "exam"),
            title=bi("Retirer ou ajouter une arête", "Removing or adding an edge"),
            names=NAMES),
)


FIELDS = {
    MONOTONE: (
        ask(1, "ranks0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
            "Rank of each position of $\\mathcal{A}^0$"),
        ask(2, "decisive", "set", "Arêtes à retirer (comme $f \\to k$)",
            "Edges to remove (as $f \\to k$)"),
        ask(2, "ranks_after", "map", "Le nouvel attracteur, avec les rangs",
            "The new attractor, with the ranks"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
