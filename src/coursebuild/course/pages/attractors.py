"""Attractors: the figures and fragments of ``docs/fr/attractors.md`` and
``docs/en/attractors.md``."""

from __future__ import annotations

from arena import solve
from coursebuild.course import examples
from coursebuild.course.counts import MOVES, count, said
from coursebuild.course.drawing import Drawing, Figure, _caption, _nim_drawing
from coursebuild.course.facts import ClaimError, best_defence_moves, claim
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    pos,
    table,
    who,
)

EXERCISES = "docs/exercises/03-attractors.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""



def _nim_attractor(step: int) -> Drawing:
    from arena.render import View

    g, sol = examples.nim_10()
    layers = sol.layers(0)
    added = ", ".join(f"({k}, {i})" for k, i in layers[step])
    if step == 0:
        fr = (f"Étape 𝒜⁰₀ de l'attracteur de J₀ : les positions de victoire V₀ = {{{added}}}, "
              "de rang 0.")
        en = f"Step 𝒜⁰₀ of J₀'s attractor: the victory positions V₀ = {{{added}}}, of rank 0."
    else:
        fr = (f"Étape 𝒜⁰{_sub(step)} de l'attracteur de J₀ : en bleu vif "
              f"et bordure épaisse, les sommets ajoutés à cette étape, de rang {step} : "
              f"{added} ; en bleu clair, ceux des étapes précédentes. Le nombre écrit à côté "
              "d'un sommet est son rang.")
        en = (f"Step 𝒜⁰{_sub(step)} of J₀'s attractor: in bright blue with "
              f"a thick border, the vertices added at this step, of rank {step}: {added}; in "
              "light blue, those of earlier steps. The number beside a vertex is its rank.")
    return _nim_drawing(g, View(step=step, player=0), _caption(fr, en), sol)

def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))

def _attractor_figure(step: int) -> Figure:
    draw = lambda: _nim_attractor(step)  # noqa: E731
    draw.__name__ = f"nim_attractor_{step}"
    return Figure(f"nim-attractor-{step}", draw)

def steps_of(g, i: int, need_successor: bool = True) -> list[set]:
    """The steps 𝒜^i_0 ⊆ 𝒜^i_1 ⊆ ... of the definition, to the fixpoint; with
    ``need_successor=False``, an opponent's position enters when all its successors are
    in the previous step, whether it has any or not, and the terminal positions are not
    set apart: the definition without its condition."""
    S_i = set(g.S0 if i == 0 else g.S1)
    step = set(g.V0 if i == 0 else g.V1)
    steps = [set(step)]
    while True:
        new = set()
        for x in g.vertices:
            if x in step or g.victory(x) is not None:
                continue
            succ = g.successors(x)
            if need_successor and not succ:
                continue
            if (x in S_i and any(y in step for y in succ)) or (
                    x not in S_i and all(y in step for y in succ)):
                new.add(x)
        if not new:
            return steps
        step |= new
        steps.append(set(step))


def dead_end_arena():
    """a, a position of J_0 whose only move leads to d, a dead end of J_1; no victory
    position: the only play from a, (a, d), is a draw."""
    from arena import Arena

    return Arena(S0=["a"], S1=["d"], edges={"a": ["d"]})


@fragment
def dead_end_condition() -> Bilingual:
    g = dead_end_arena()
    right, wrong = steps_of(g, 0), steps_of(g, 0, need_successor=False)
    claim(right == [set()], "with the condition, a and d enter J_0's attractor")
    claim(wrong == [set(), {"d"}, {"a", "d"}],
          "without the condition, the dead end d does not enter at step 1 and a at step 2")
    return both(
        "Par exemple, soit $a \\in S_0$ dont le seul coup mène à $d \\in S_1$, un "
        "cul-de-sac, sans aucune position de victoire. Sans la condition, $d$ entrerait dans "
        "$\\mathcal{A}^0_1$ (tous ses successeurs, il n'en a aucun, sont dans "
        "$\\mathcal{A}^0_0 = \\varnothing$), puis $a$ dans $\\mathcal{A}^0_2$ : $J_0$ "
        "« gagnerait » depuis $a$, alors que la seule partie depuis $a$, $(a, d)$, s'arrête "
        "sur un match nul. Avec elle, l'attracteur de $J_0$ est vide.\n",
        "For instance, let $a \\in S_0$ have a single move, to $d \\in S_1$, a dead end, "
        "with no victory position at all. Without the condition, $d$ would enter "
        "$\\mathcal{A}^0_1$ (all its successors, and it has none, are in "
        "$\\mathcal{A}^0_0 = \\varnothing$), then $a$ would enter $\\mathcal{A}^0_2$: "
        "$J_0$ would “win” from $a$, although the only play from $a$, $(a, d)$, stops on a "
        "draw. With the condition, $J_0$'s attractor is empty.\n")


@fragment
def nim_layers() -> Bilingual:

    g, sol = examples.nim_10()
    # the chapter's text says: J_0's positions come in at odd steps, J_1's at even steps,
    # and the start at the last step
    claim(all(g.owner(v) == (0 if n % 2 else 1) for n, layer in enumerate(sol.layers(0))
               for v in layer if n), "the steps no longer alternate")
    claim(g.start in sol.layers(0)[-1], 'the course says: g.start in sol.layers(0)[-1]')
    rows, total = [], 0
    for n, layer in enumerate(sol.layers(0)):
        total += len(layer)
        rows.append((f"$\\mathcal{{A}}^0_{{{n}}}$", ", ".join(pos(v) for v in layer), total))
    return both(table(("Étape", "Sommets ajoutés (de rang $n$)", "Taille"), rows, "llr"),
                table(("Step", "Vertices added (of rank $n$)", "Size"), rows, "llr"))

@fragment
def nim_positions() -> Bilingual:

    g, sol = examples.nim_10()
    # the chapter's theorem: the rank is the number of moves under the best defence
    # (both bounds), computed here by a recursion that does not use the attractor
    for p in (0, 1):
        for v, m in best_defence_moves(g, p).items():
            rank = sol.rank[v] if sol.winner[v] == p else None
            if m != rank:
                raise ClaimError(f"nim_positions: at {v}, J_{p} needs {m} moves under the "
                                 f"best defence, but the rank is {rank}")

    def cell(v, lang):
        if v not in g:
            return "", "", ""
        move = sol.move[v]
        return who(sol.winner[v], lang), sol.rank[v], "" if move is None else pos(move)

    out = {}
    for lang, head in (("fr", ("$k$", "$(k,0)$ : gagnant", "rang", "coup", "$(k,1)$ : gagnant",
                                "rang", "coup")),
                       ("en", ("$k$", "$(k,0)$: winner", "rank", "move", "$(k,1)$: winner",
                               "rank", "move"))):
        rows = [(k, *cell((k, 0), lang), *cell((k, 1), lang)) for k in range(10, -1, -1)]
        out[lang] = table(head, rows, "rlrllrl")
    return out

def _nim8():
    from arena.games import nim

    exercise = exercise_source.in_file(EXERCISES, "nim8-by-hand")
    g = nim(exercise.int("n"), exercise.ints("rule"))
    return g, solve(g)


@count(MOVES, given=("attractors",))
def mate_in_two() -> int:
    """The White moves of the chess problem "White to play and mate in 2" that the remark on
    ranks reads as a rank: a given of the problem, not a computation."""
    return 2


@count(MOVES)
def nim8_start_rank() -> int:
    """The moves J_1 needs to win from the start of exercise 3's Nim: its rank."""
    g, sol = _nim8()
    return sol.rank[g.start]


@fragment
def ex_nim8_layers() -> Bilingual:
    g, sol = _nim8()
    claim(sol.winner[g.start] == 1, "the text says: J_1 wins from the start")
    claim(all(sol.winner[(k, i)] == (1 - i if k % 2 == 0 else i) for k, i in g.vertices),
          "the text says: the player to move facing an even number of sticks loses")
    rows = [(f"$\\mathcal{{A}}^1_{{{n}}}$", ", ".join(pos(v) for v in layer))
            for n, layer in enumerate(sol.layers(1))]
    r = sol.rank[g.start]
    return both(
        table(("Étape", "Positions ajoutées"), rows) +
        f"\nLe départ {pos(g.start)} entre à l'étape {r} : $J_1$ gagne, en "
        f"{said(nim8_start_rank, 'fr')} coups au plus. "
        "Les deux coups de la règle sont impairs : chaque coup change la parité du nombre de "
        "bâtonnets, et le joueur qui doit jouer face à un nombre pair perd.\n",
        table(("Step", "Positions added"), rows) +
        f"\nThe start {pos(g.start)} enters at step {r}: $J_1$ wins, within "
        f"{said(nim8_start_rank, 'en')} moves. Both moves "
        "of the rule are odd: every move changes the parity of the number of sticks, and "
        "the player to move facing an even number loses.\n")

@fragment
def ex_rank_bound() -> Bilingual:

    g, sol = examples.nim_10()
    a0 = sol.attractor(0)
    r, bound = sol.rank[g.start], len(a0) - len(g.V0)
    claim(all(rk <= bound for rk in a0.values()), 'the course says: all(rk <= bound for rk in a0.values())')
    return both(
        f"Pour le jeu de Nim à 10 bâtonnets et la règle $\\{{1, 2\\}}$ : "
        f"$|\\mathcal{{A}}^0| = {len(a0)}$, $|V_0| = {len(g.V0)}$, et le rang du départ vaut "
        f"{r} $\\le {bound}$.\n",
        f"For Nim with 10 sticks and the rule $\\{{1, 2\\}}$: $|\\mathcal{{A}}^0| = {len(a0)}$, "
        f"$|V_0| = {len(g.V0)}$, and the rank of the start is {r} $\\le {bound}$.\n")



FIGURES: tuple[Figure, ...] = (
    *(_attractor_figure(k) for k in range(8)),
)

