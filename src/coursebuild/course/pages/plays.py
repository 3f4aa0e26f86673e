"""Plays and winning strategies: the figures and fragments of ``docs/fr/plays.md`` and
``docs/en/plays.md``."""

from __future__ import annotations

from arena import Arena, solve, strategies
from coursebuild.course import examples
from coursebuild.course.counts import MOVES, PLAYS, STRATEGIES, count, said
from coursebuild.course.drawing import Drawing, Figure, _caption, _nim_drawing
from coursebuild.course.facts import _set, _three_positions, claim
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    pos,
    who,
)

EXERCISES = "docs/exercises/02-plays.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""



def nim_play() -> Drawing:
    from arena.render import View

    g, sol = examples.nim_10()
    play = strategies.play(g, sol.move)
    steps = " → ".join(f"({k}, {i})" for k, i in play)
    return _nim_drawing(g, View(play=play), _caption(
        f"Une partie gagnante pour J₀ : {steps}. Les coups sont numérotés dans l'ordre, "
        "en bleu ceux de J₀, en vermillon ceux de J₁ ; la partie s'arrête en (0, 1), "
        "position de victoire de J₀, sans être passée par une autre position de victoire.",
        f"A winning play for J₀: {steps}. Moves are numbered in order, J₀'s in blue, J₁'s "
        "in vermilion; the play stops at (0, 1), a victory position of J₀, without going "
        "through another victory position."), sol)

@fragment(name="nim-play")
def nim_play_text() -> Bilingual:

    g, sol = examples.nim_10()
    play = strategies.play(g, sol.move)
    text = " → ".join(pos(v) for v in play)
    claim(nim_play_moves() == sol.rank[g.start], "the text says: as many moves as the rank")
    return {lang: (
        f"La partie dessinée : {text}. Elle compte {said(nim_play_moves, lang)} coups, autant "
        f"que le rang {sol.rank[g.start]} du départ.\n" if lang == "fr" else
        f"The play drawn: {text}. It has {said(nim_play_moves, lang)} moves, as many as the "
        f"rank {sol.rank[g.start]} of the start.\n") for lang in ("fr", "en")}


@count(MOVES)
def nim_play_moves() -> int:
    """The play drawn, both players following the computed strategies, from (10, 0)."""
    g, sol = examples.nim_10()
    return len(strategies.play(g, sol.move)) - 1

def nim4() -> Arena:
    """The exercises' small Nim (4 sticks, take 1 or 2): exercises 2.1 and 2.2's
    parameters, which must agree (the solutions speak of the same game)."""
    from arena.games import nim

    plays, strategies = (exercise_source.in_file(EXERCISES, name)
                         for name in ("nim4-plays", "nim4-strategies"))
    claim(plays.params == strategies.params, "exercises 2.1 and 2.2 play the same Nim")
    return nim(plays.int("n"), plays.ints("rule"))


@count(PLAYS)
def nim4_plays() -> int:
    """The plays from (4, 0) that cannot be extended."""
    g = nim4()
    return len(_maximal_plays(g, g.start))


@count(PLAYS)
def nim4_plays_won_by_0() -> int:
    g = nim4()
    return sum(g.victory(p[-1]) == 0 for p in _maximal_plays(g, g.start))


def _maximal_plays(g: Arena, x) -> list[list]:
    """Every play from ``x`` that stops on a position without a move (the graph has no
    cycle): depth first, successors in the graph's order."""
    if g.victory(x) is not None or not g.successors(x):
        return [[x]]
    return [[x, *p] for y in g.successors(x) for p in _maximal_plays(g, y)]

@fragment
def ex_nim4_plays() -> Bilingual:
    from coursebuild.sources.markdown import table

    g = nim4()
    plays = _maximal_plays(g, g.start)
    claim(all((g.victory(p[-1]) == 0) == (len(p) % 2 == 0) for p in plays),
          "the text says: J_0 wins exactly the plays with an odd number of moves")
    rows = [(" → ".join(pos(v) for v in p), len(p) - 1, who(g.victory(p[-1]), "fr"))
            for p in plays]
    return {lang: (
        f"Il y a {said(nim4_plays, lang)} parties, dont {said(nim4_plays_won_by_0, lang)} "
        "gagnées par $J_0$ :\n\n" + table(("Partie", "Coups", "Gagnant"), rows, "lrl")
        + "\nUne partie est gagnée par $J_0$ exactement quand elle compte un nombre impair "
        "de coups : c'est alors $J_0$ qui a retiré le dernier bâtonnet.\n"
        if lang == "fr" else
        f"There are {said(nim4_plays, lang)} plays, {said(nim4_plays_won_by_0, lang)} of them "
        "won by $J_0$:\n\n" + table(("Play", "Moves", "Winner"), rows, "lrl")
        + "\nA play is won by $J_0$ exactly when it has an odd number of moves: then $J_0$ "
        "took the last stick.\n") for lang in ("fr", "en")}

def _winning_from(g: Arena, s: dict, x, player: int) -> bool:
    """Does every play from ``x`` following ``s`` (player's strategy) end in V_player?
    The graph must have no cycle."""
    if g.victory(x) is not None:
        return g.victory(x) == player
    succ = g.successors(x)
    if not succ:
        return False
    if g.owner(x) == player:
        return _winning_from(g, s, s[x], player)
    return all(_winning_from(g, s, y, player) for y in succ)

def _nim4_strategies() -> list[tuple[dict, bool]]:
    """Every memoryless strategy of J_0 in the small Nim (a move at each of its positions
    that has one), with whether it wins from the start against every reply."""
    from itertools import product

    g = nim4()
    mine = [x for x in g.S0 if g.victory(x) is None and g.successors(x)]
    out = []
    for pick in product(*(g.successors(x) for x in mine)):
        s = dict(zip(mine, pick, strict=True))
        out.append((s, _winning_from(g, s, g.start, 0)))
    return out


@count(STRATEGIES)
def nim4_strategies() -> int:
    return len(_nim4_strategies())


@count(STRATEGIES)
def nim4_winning_strategies() -> int:
    """The winning ones, checked to be those the solution describes."""
    winning = [s for s, wins in _nim4_strategies() if wins]
    claim(all(s[4, 0] == (3, 1) and s[2, 0] == (0, 1) for s in winning)
          and {s[3, 0] for s in winning} == set(nim4().successors((3, 0))),
          "the solution says: the winning strategies play (4, 0) -> (3, 1) and "
          "(2, 0) -> (0, 1), and anything at (3, 0)")
    return len(winning)


@fragment
def ex_nim4_strategies() -> Bilingual:
    g = nim4()
    mine = [x for x in g.S0 if g.victory(x) is None and g.successors(x)]
    choices = [g.successors(x) for x in mine]
    degrees = " × ".join(str(len(c)) for c in choices)
    return {lang: (
        f"Les positions de $J_0$ qui ont un successeur sont {_set(mine)} ; une stratégie "
        f"choisit un successeur en chacune, d'où {degrees} = {said(nim4_strategies, lang)} "
        f"stratégies. En explorant toutes les réponses de $J_1$, on trouve que "
        f"{said(nim4_winning_strategies, lang)} d'entre elles "
        "sont gagnantes depuis $(4, 0)$ : celles qui jouent $(4, 0) \\to (3, 1)$ et "
        "$(2, 0) \\to (0, 1)$ ; le choix en $(3, 0)$ est libre, car cette position n'est "
        "jamais atteinte après $(3, 1)$.\n"
        if lang == "fr" else
        f"The positions of $J_0$ with a successor are {_set(mine)}; a strategy picks one "
        f"successor at each, hence {degrees} = {said(nim4_strategies, lang)} strategies. "
        f"Exploring every reply of $J_1$, {said(nim4_winning_strategies, lang)} of them are "
        "winning from $(4, 0)$: those that play "
        "$(4, 0) \\to (3, 1)$ and $(2, 0) \\to (0, 1)$; the choice at $(3, 0)$ is free, "
        "since that position is never reached after $(3, 1)$.\n") for lang in ("fr", "en")}

@fragment
def ex_draw_arena() -> Bilingual:
    sol = solve(_three_positions(True))
    claim(sol.winner["a"] is None and sol.winner["b"] is None, 'the course says: sol.winner["a"] is None and sol.winner["b"] is None')
    claim(_three_positions(True).owner("v") == 1, "the exercise says v is in S_1")
    return both("Le calcul des attracteurs le confirme : ni `a` ni `b` n'est dans un attracteur.\n",
                "Computing the attractors confirms it: neither `a` nor `b` is in an attractor.\n")


FIGURES: tuple[Figure, ...] = (
    Figure("nim-play", nim_play),
)

