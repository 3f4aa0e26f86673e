"""Strategies from the attractors: the figures and fragments of ``docs/fr/strategies.md`` and
``docs/en/strategies.md``."""

from __future__ import annotations

from arena import solve, verify_strategy
from coursebuild.course import examples
from coursebuild.course.drawing import Drawing, Figure, _caption, _nim_drawing
from coursebuild.course.facts import _strategy_table, _three_positions, claim
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    pos,
    who,
)

EXERCISES = "docs/exercises/05-strategies.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""



def nim_strategy() -> Drawing:
    from arena.render import View

    g, sol = examples.nim_10()
    won = sorted(k for (k, i) in g.vertices if i == 0 and sol.winner[(k, 0)] == 0
                 and g.victory((k, 0)) is None)
    return _nim_drawing(g, View(winners=True, ranks=True, strategy=0), _caption(
        "Une stratégie gagnante de J₀ : en chaque sommet (k, 0), la flèche épaisse bleue est "
        "le coup choisi. Sommets bleus : gagnants pour J₀ ; vermillon à bord tireté : "
        "gagnants pour J₁ ; le nombre à côté est le rang. Depuis les positions gagnantes "
        f"(k = {', '.join(map(str, won))}), J₀ joue vers un sommet de rang inférieur de 1 ; "
        "depuis les autres, il retarde sa défaite.",
        "A winning strategy of J₀: at each vertex (k, 0), the thick blue arrow is the move "
        "chosen. Blue vertices: winning for J₀; vermilion with a dashed border: winning for "
        "J₁; the number beside is the rank. From the winning positions "
        f"(k = {', '.join(map(str, won))}), J₀ moves to a vertex whose rank is one less; "
        "from the others, they delay their defeat."), sol)

@fragment(name="nim-strategy")
def nim_strategy_text() -> Bilingual:

    g, sol = examples.nim_10()
    # the chapter's text says the winning moves leave a multiple of 3: check it
    claim(all(sol.move[v][0] % 3 == 0 for v in g.S0 if sol.winner[v] == 0 and sol.move[v]), 'the course says: all(sol.move[v][0] % 3 == 0 for v in g.S0 if sol.winner[v] == 0 and sol.move[v])')
    return {lang: _strategy_table(g, 0, lang) for lang in ("fr", "en")}

@fragment
def ex_looping_strategy() -> Bilingual:
    from arena import StrategyError

    g = _three_positions(False)
    sol = solve(g)
    claim(g.owner("v") == 1 and g.victory("v") == 0, "the solution says v is in S_1 and V_0")
    ra, rb = sol.rank["a"], sol.rank["b"]
    claim(sol.winner["a"] == sol.winner["b"] == 0 and rb > ra, 'the course says: sol.winner["a"] == sol.winner["b"] == 0 and rb > ra')
    try:
        verify_strategy(g, 0, {"a": "b"}, solution=sol)
    except StrategyError:
        pass
    else:
        raise AssertionError("the strategy a -> b should not win")
    return both(
        f"Alors $a \\in \\mathcal{{A}}^0_{{{ra}}}$ (rang {ra}, par le coup vers $v$) et "
        f"$b \\in \\mathcal{{A}}^0_{{{rb}}}$ (son seul successeur est $a$). La stratégie "
        "$a \\mapsto b$ joue vers une position de $\\mathcal{A}^0$, mais la seule partie "
        "qui la suit depuis $a$ est $(a, b, a, b, \\dots)$ : elle est infinie, donc pas "
        f"gagnante. Le rang interdit ce choix : $\\mathrm{{rg}}(b) = {rb}$ n'est pas plus "
        f"petit que $\\mathrm{{rg}}(a) = {ra}$.\n",
        f"Then $a \\in \\mathcal{{A}}^0_{{{ra}}}$ (rank {ra}, by the move to $v$) and "
        f"$b \\in \\mathcal{{A}}^0_{{{rb}}}$ (its only successor is $a$). The strategy "
        "$a \\mapsto b$ moves to a position of $\\mathcal{A}^0$, but the only play "
        "following it from $a$ is $(a, b, a, b, \\dots)$: it is infinite, hence not won. "
        f"The rank forbids this choice: $\\mathrm{{rank}}(b) = {rb}$ is not smaller than "
        f"$\\mathrm{{rank}}(a) = {ra}$.\n")

@fragment
def ex_nim12_strategy() -> Bilingual:
    from arena.games import nim

    exercise = exercise_source.in_file(EXERCISES, "nim12-strategy")
    n = exercise.int("n")
    g = nim(n, exercise.ints("rule"))
    sol = solve(g)
    lost = [k for k in range(n + 1) if sol.winner[(k, 0)] == 1]
    claim(lost == [k for k in range(n + 1) if k % 7 in (0, 2)], "the rule mod 7 changed")
    s = g.start
    return both(
        f"Le joueur qui doit jouer perd exactement pour $k \\in \\{{{', '.join(map(str, lost))}\\}}$, "
        f"c'est-à-dire $k \\equiv 0$ ou $2 \\pmod 7$. Le départ {pos(s)} est gagnant pour "
        f"{who(sol.winner[s], 'fr')}, de rang {sol.rank[s]} ; la stratégie calculée joue "
        f"{pos(sol.move[s])}, en laissant {sol.move[s][0]} bâtonnets.\n",
        f"The player to move loses exactly for $k \\in \\{{{', '.join(map(str, lost))}\\}}$, "
        f"that is $k \\equiv 0$ or $2 \\pmod 7$. The start {pos(s)} is won by "
        f"{who(sol.winner[s], 'en')}, with rank {sol.rank[s]}; the computed strategy plays "
        f"{pos(sol.move[s])}, leaving {sol.move[s][0]} sticks.\n")


FIGURES: tuple[Figure, ...] = (
    Figure("nim-strategy", nim_strategy),
)

