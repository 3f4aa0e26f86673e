"""A problem on the chapter *Au-delà* / *Beyond*, its part on Grundy numbers: tokens on a
graph without cycle (the Grundy number of a vertex, and of a sum of two tokens)."""

from __future__ import annotations

from functools import cache
from typing import Any

from arena.grundy import game_sum, grundy
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.bank.grundy import NAMES

TOKENS = "grundy-token-graph"

TOKEN_CODE = listing('''
def grundy_graphe(A):
    #fr Les nombres de Grundy des sommets d'un graphe sans cycle (dictionnaire A).
    #en The Grundy numbers of the vertices of a graph without cycle (dictionary A).
    g = {}
    def calcule(x):
        if x not in g:
            vus = {calcule(y) for y in A[x]}
            m = 0
            while m in vus:
                m += 1
            g[x] = m
        return g[x]
    for x in A:
        calcule(x)
    return g''', NAMES)


def _graph_grundy(A: dict[str, list[str]]) -> dict[str, int]:
    """Grundy numbers of every vertex, by :func:`arena.grundy.grundy` from each one."""
    out: dict[str, int] = {}
    for x in A:
        if x not in out:
            out.update(grundy(x, A.__getitem__))
    return dict(sorted(out.items()))


def _dag(r) -> dict[str, list[str]]:
    """A random graph without cycle on 9 to 11 vertices named by letters: edges go down a
    hidden order."""
    n = r.randint(9, 11)
    names = r.sample(list("abcdefhijkmnpqr"), n)      # no g: g(x) is the number
    A: dict[str, list[str]] = {}
    for k, x in enumerate(names):
        later = names[k + 1:]
        A[x] = sorted(r.sample(later, min(len(later), r.choice((0, 1, 2, 2, 3)))))
    A[names[-1]] = []
    return dict(sorted(A.items()))


def token_graph(seed: int) -> Variant:
    r = rng(TOKENS, seed)
    for _ in range(100_000):
        A = _dag(r)
        g = _graph_grundy(A)
        if max(g.values()) < 3:
            continue
        verts = sorted(A)
        pairs = [(x, y) for x in verts for y in verts if x < y and g[x] ^ g[y]]
        r.shuffle(pairs)
        chosen = None
        for x, y in pairs:
            moves = [(a, y) for a in A[x]] + [(x, b) for b in A[y]]
            wins = [m for m in moves if g[m[0]] == g[m[1]]]
            if len(wins) == 1 and A[x] and A[y]:
                chosen = (x, y, wins[0])
                break
        if chosen:
            break
    else:
        raise RuntimeError(f"{TOKENS}: no graph found for the seed {seed}")
    x, y, win = chosen
    answers = {"g": g, "value": g[x] ^ g[y], "winning": list(win)}
    import graphviz

    from arena.render import FONT, GREY, INK, PAPER

    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, rankdir="LR")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=GREY, fontcolor=INK, width="0.45")
    dot.attr("edge", color=GREY, arrowsize="0.7")
    for v in sorted(A):
        dot.node(f"v-{v}", label=v, id=f"v-{v}")
        for w in A[v]:
            dot.edge(f"v-{v}", f"v-{w}", id=f"e-{v}-{w}")
    arcs = ", ".join(f"{v} -> {w}" for v in sorted(A) for w in A[v])
    from coursebuild.course.drawing import Drawing

    figures = {"graph": Drawing(dot, bi(
        f"Le graphe du jeu : {len(A)} sommets ; un jeton se déplace le long des flèches. Le "
        "graphe n'a pas de cycle.",
        f"The graph of the game: {len(A)} vertices; a token moves along the arrows. The "
        "graph has no cycle."), f"A graph without cycle; edges: {arcs}.")}
    succ = ", ".join(f"${v} \\to {w}$" for v in sorted(A) for w in A[v])
    intro = bi(
        "On joue sur le graphe sans cycle ci-dessous, dont les arêtes sont "
        f"{succ}. Des jetons sont posés sur des sommets ; à son tour, un joueur choisit **un** "
        "jeton et le déplace le long d'une arête. Le joueur qui ne peut plus jouer (aucun "
        "jeton ne peut bouger) a perdu. Plusieurs jetons peuvent être sur le même sommet. "
        "On admet le théorème de Sprague et Grundy.\n\n<!-- figure: graph -->",
        "We play on the graph without cycle below, whose edges are "
        f"{succ}. Tokens stand on vertices; at each turn, the player to move chooses **one** "
        "token and "
        "moves it along an edge. The player who cannot move (no token can move) loses. "
        "Several tokens may be on the same vertex. The Sprague-Grundy theorem is stated "
        "without proof.\n\n<!-- figure: graph -->")
    order = sorted(A)

    @cache
    def by_mex(v: str) -> int:
        """g(v) from the definition, recursively (the items' route, not the answer's)."""
        after = {by_mex(w) for w in A[v]}
        return next(k for k in range(len(after) + 1) if k not in after)

    gtab = table(["$x$"] + [f"${v}$" for v in order], [["$g(x)$"] + [str(g[v]) for v in order]])
    q1 = Q(bi("Le jeu est-il impartial ? Pourquoi toute partie est-elle finie ?",
              "Is the game impartial? Why is every play finite?"),
           bi("Les coups ne dépendent que de la position des jetons, pas du joueur : il est "
              "impartial. Chaque coup avance un jeton le long d'un chemin ; sans cycle, un "
              "chemin a au plus $|S| - 1$ arêtes : une partie a au plus $k(|S| - 1)$ coups "
              "pour $k$ jetons.",
              "The moves only depend on where the tokens are, not on the player: it is "
              "impartial. Each move advances a token along a path; without a cycle, a path "
              "has at most $|S| - 1$ edges: a play has at most $k(|S| - 1)$ moves for $k$ "
              "tokens."),
           [(1, bi("impartial", "impartial")), (2, bi("finie, par l'absence de cycle",
                                                     "finite, for want of a cycle"))])
    q2 = Q(bi("Calculer le nombre de Grundy $g(x)$ de chaque sommet (un seul jeton).",
              "Compute the Grundy number $g(x)$ of each vertex (a single token)."),
           bi("Les sommets sans successeur ont 0 ; on remonte ensuite, "
              "$g(x) = \\operatorname{mex}\\{g(y) \\mid x \\to y\\}$ :\n\n" + gtab,
              "The vertices without successor have 0; then going back, "
              "$g(x) = \\operatorname{mex}\\{g(y) \\mid x \\to y\\}$:\n\n" + gtab),
           [(4, bi("les valeurs (−1 par erreur)", "the values (−1 per mistake)"))],
           items=["| $g(x)$ | " + " | ".join(str(by_mex(v)) for v in order) + " |"])
    lost1 = [v for v in order if g[v] == 0]
    q3 = Q(bi("Avec un seul jeton, depuis quels sommets le joueur qui doit jouer perd-il ?",
              "With a single token, from which vertices does the player to move lose?"),
           bi(f"Ceux de nombre 0 : ${mset(lost1)}$.", f"Those of number 0: ${mset(lost1)}$."),
           [(2, bi("les sommets de nombre 0", "the vertices of number 0")),
            (1, bi("la raison : le théorème sur le nombre nul",
                   "the reason: the theorem on the number zero"))],
           items=[f"${mset(v for v in order if by_mex(v) == 0)}$"])
    a, b = win
    # the token moved, and what it reaches: two equal numbers, or one vertex twice
    moved = x if a != x else y
    reach = ({"fr": f"$({a}, {b})$, où $g({a}) = g({b})$",
              "en": f"$({a}, {b})$, where $g({a}) = g({b})$"} if a != b else
             {"fr": f"$({a}, {a})$ : les deux jetons sur le même sommet, de nombre "
                    f"$g({a}) \\oplus g({a}) = 0$",
              "en": f"$({a}, {a})$: both tokens on the same vertex, of number "
                    f"$g({a}) \\oplus g({a}) = 0$"})
    q4 = Q(bi(f"Deux jetons sont posés, en ${x}$ et en ${y}$. Qui gagne ? Donner le coup "
              "gagnant (il est unique).",
              f"Two tokens stand on ${x}$ and ${y}$. Who wins? Give the winning move (it is "
              "unique)."),
           bi(f"$g({x}) \\oplus g({y}) = {g[x]} \\oplus {g[y]} = {g[x] ^ g[y]} \\ne 0$ : le "
              f"joueur qui doit jouer gagne, en déplaçant le jeton de ${moved}$ pour "
              f"atteindre {reach['fr']}.",
              f"$g({x}) \\oplus g({y}) = {g[x]} \\oplus {g[y]} = {g[x] ^ g[y]} \\ne 0$: the "
              f"player to move wins, by moving the token on ${moved}$ to reach "
              f"{reach['en']}."),
           [(1, bi("le gagnant", "the winner")), (2, bi("le coup", "the move"))])
    q5 = Q(bi("Montrer, sans le théorème de Sprague et Grundy, que deux jetons sur le même "
              "sommet forment une position perdante pour le joueur qui doit jouer.",
              "Show, without the Sprague-Grundy theorem, that two tokens on the same "
              "vertex form a position losing for the player to move."),
           bi("L'adversaire imite : chaque fois que le joueur déplace un jeton de $u$ vers "
              "$v$, il déplace l'autre jeton, resté en $u$, vers $v$. Les deux jetons sont "
              "de nouveau sur le même sommet ; il a donc toujours un coup, et la partie, "
              "finie, se termine quand le joueur ne peut plus jouer.",
              "The opponent copies: each time the player moves a token from $u$ to $v$, the "
              "opponent moves the other token, still at $u$, to $v$. Both tokens are again on "
              "the same vertex; so the opponent always has a move, and the play, being "
              "finite, ends when the player cannot move."),
           [(3, bi("l'imitation", "the copying")),
            (1, bi("la partie finit, l'adversaire gagne",
                   "the play ends, the opponent wins"))])
    q6 = Q(bi("Écrire `grundy_graphe(A)`, qui renvoie le dictionnaire des nombres de Grundy "
              "de tous les sommets d'un graphe sans cycle, en $O(|S| + |A|)$.",
              "Write `grundy_graphe(A)`, which returns the dictionary of the Grundy numbers "
              "of all the vertices of a graph without cycle, in $O(|S| + |A|)$."),
           {lang: fence(TOKEN_CODE[lang]) + "\n\n" + (
               "Chaque sommet est calculé une fois (mémoïsation) ; son mex porte sur "
               "$d^+(x)$ valeurs et prend $O(d^+(x))$ : $O(|S| + |A|)$ en tout."
               if lang == "fr" else
               "Each vertex is computed once (memoisation); its mex is over $d^+(x)$ values "
               "and takes $O(d^+(x))$: $O(|S| + |A|)$ in all.") for lang in ("fr", "en")},
           [(2, bi("le code mémoïsé", "the memoised code")), (1, bi("la complexité",
                                                                     "the complexity"))])
    return compose(TOKENS, seed, {"graph": A, "tokens": [x, y]}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_token_graph(v: Variant) -> None:
    from arena import Arena
    from arena.grundy import grundy_numbers

    A = {k: list(w) for k, w in v.params["graph"].items()}
    x, y = v.params["tokens"]
    ans: dict[str, Any] = dict(v.answers)
    need(9 <= len(A) <= 11)
    # Grundy numbers of the graph read as an impartial arena, by the library
    g = Arena(S0=sorted(A), S1=[], edges={k: w for k, w in A.items() if w})
    numbers = grundy_numbers(g)
    need(ans["g"] == numbers and max(numbers.values()) >= 3)
    for lang in ("fr", "en"):
        space: dict[str, Any] = {}
        exec(TOKEN_CODE[lang], space)
        need(space[own_name("grundy_graphe", lang, NAMES)](A) == numbers)
    # two tokens: the sum's Grundy numbers on its own graph
    both = grundy((x, y), game_sum(lambda u: A[u], lambda u: A[u]))
    need(ans["value"] == both[(x, y)] == numbers[x] ^ numbers[y] != 0)
    wins = [list(m) for m in game_sum(lambda u: A[u], lambda u: A[u])((x, y))
            if both[m] == 0]
    need(wins == [ans["winning"]])


PROBLEMS: tuple[Problem, ...] = (
    problem(id=TOKENS, chapter="beyond", generate=token_graph, check=check_token_graph,
            uses=("homework", "tutorial"), minutes=35,
            title=bi("Des jetons sur un graphe sans cycle", "Tokens on a graph without cycle"),
            names=NAMES),
)


FIELDS = {
    TOKENS: (
        ask(2, "g", "map", "$g(x)$ de chaque sommet", "$g(x)$ of each vertex"),
        ask(4, "value", "mover", "Qui gagne ?", "Who wins?"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
