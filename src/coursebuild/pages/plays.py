"""Plays and winning strategies: the figures and fragments of ``docs/fr/plays.md`` and
``docs/en/plays.md``."""

from __future__ import annotations

from arena import Arena, solve, strategies
from coursebuild import examples, exercise_source
from coursebuild.catalogue import Drawing, Figure
from coursebuild.drawing import _caption, _nim_drawing
from coursebuild.facts import _set, _three_positions, claim
from coursebuild.markdown import (
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
        "in vermillion; the play stops at (0, 1), a victory position of J₀, without going "
        "through another victory position."), sol)

@fragment(name="nim-play")
def nim_play_text() -> Bilingual:

    g, sol = examples.nim_10()
    play = strategies.play(g, sol.move)
    text = " → ".join(pos(v) for v in play)
    return both(f"La partie dessinée : {text}. Elle compte {len(play) - 1} coups, autant que le "
                f"rang {sol.rank[g.start]} du départ.\n",
                f"The play drawn: {text}. It has {len(play) - 1} moves, as many as the rank "
                f"{sol.rank[g.start]} of the start.\n")

def _maximal_plays(g: Arena, x) -> list[list]:
    """Every play from ``x`` that stops on a position without a move (the graph has no
    cycle): depth first, successors in the graph's order."""
    if g.victory(x) is not None or not g.successors(x):
        return [[x]]
    return [[x, *p] for y in g.successors(x) for p in _maximal_plays(g, y)]

@fragment
def ex_nim4_plays() -> Bilingual:
    from arena.games import nim

    exercise = exercise_source.in_file(EXERCISES, "nim4-plays")
    g = nim(exercise.int("n"), exercise.ints("rule"))
    plays = _maximal_plays(g, g.start)
    won = [p for p in plays if g.victory(p[-1]) == 0]
    word = {"fr": ("coups, gagnée par", " : "), "en": ("moves, won by", ": ")}
    lines = {lang: "".join(
        f"- {' → '.join(pos(v) for v in p)}{word[lang][1]}{len(p) - 1} {word[lang][0]} "
        f"{who(g.victory(p[-1]), lang)}\n" for p in plays) for lang in ("fr", "en")}
    return both(
        f"Il y a {len(plays)} parties, dont {len(won)} gagnées par $J_0$ :\n\n{lines['fr']}\n"
        "Une partie est gagnée par $J_0$ exactement quand elle compte un nombre impair de "
        "coups : c'est alors $J_0$ qui a retiré le dernier bâtonnet.\n",
        f"There are {len(plays)} plays, {len(won)} of them won by $J_0$:\n\n{lines['en']}\n"
        "A play is won by $J_0$ exactly when it has an odd number of moves: then $J_0$ took "
        "the last stick.\n")

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

@fragment
def ex_nim4_strategies() -> Bilingual:
    from itertools import product

    from arena.games import nim

    exercise = exercise_source.in_file(EXERCISES, "nim4-strategies")
    g = nim(exercise.int("n"), exercise.ints("rule"))
    mine = [x for x in g.S0 if g.victory(x) is None and g.successors(x)]
    choices = [g.successors(x) for x in mine]
    total = 0
    winning = []
    for pick in product(*choices):
        total += 1
        s = dict(zip(mine, pick, strict=True))
        if _winning_from(g, s, g.start, 0):
            winning.append(s)
    degrees = " × ".join(str(len(c)) for c in choices)
    # the moves every winning strategy plays, and the positions where they differ
    fixed = {x: winning[0][x] for x in mine if len({s[x] for s in winning}) == 1}
    free = [x for x in mine if x not in fixed]
    reached = {g.start}
    frontier = [g.start]
    while frontier:             # what a play can reach when J_0 plays the fixed moves
        x = frontier.pop()
        for y in ([fixed[x]] if x in fixed else [] if x in free else g.successors(x)):
            if y not in reached:
                reached.add(y)
                frontier.append(y)
    claim(winning and not set(free) & reached, "the text says the free choices are never "
          "reached when J_0 plays the fixed ones")
    chosen = [f"${_plain(x)} \\to {_plain(y)}$" for x, y in fixed.items()
              if len(g.successors(x)) > 1]          # a position with one move has no choice
    moves = ", ".join(chosen[:-1]) + " et " + chosen[-1] if len(chosen) > 1 else chosen[0]
    moves_en = moves.replace(" et ", " and ")
    where = ", ".join(f"${_plain(x)}$" for x in free)
    free_fr = (f" ; le choix en {where} est libre, car une partie qui suit ces coups n'y "
               "passe jamais" if free else "")
    free_en = (f"; the choice at {where} is free, since a play following these moves "
               "never goes there" if free else "")
    start = _plain(g.start)
    return both(
        f"Les positions de $J_0$ qui ont un successeur sont {_set(mine)} ; une stratégie "
        f"choisit un successeur en chacune, d'où {degrees} = {total} stratégies. En "
        f"explorant toutes les réponses de $J_1$, on trouve que {len(winning)} d'entre elles "
        f"sont gagnantes depuis ${start}$ : celles qui jouent {moves}{free_fr}.\n",
        f"The positions of $J_0$ with a successor are {_set(mine)}; a strategy picks one "
        f"successor at each, hence {degrees} = {total} strategies. Exploring every reply of "
        f"$J_1$, {len(winning)} of them are winning from ${start}$: those that play "
        f"{moves_en}{free_en}.\n")


def _plain(v) -> str:
    """A position of Nim inside a formula: ``(4, 0)``."""
    return pos(v).strip("$")

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

