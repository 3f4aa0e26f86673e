# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown] lang="fr"
# # Parties et stratégies
#
# Une partie est un chemin dans le graphe ; elle s'arrête dès qu'elle atteint une
# position de victoire. Ce carnet fait jouer des parties sur le graphe du jeu de Nim
# (chapitre [Parties et stratégies](../../plays/)).

# %% [markdown] lang="en"
# # Plays and strategies
#
# A play is a path in the graph; it stops as soon as it reaches a victory position.
# This notebook plays games on the graph of Nim (chapter
# [Plays and strategies](../../plays/)).

# %%
import random

from arena import solve
from arena.games import nim

g = nim(10, [1, 2])


def play(arena, choose, start=None):
    """Une partie depuis le départ : choose(sommet) choisit chaque coup, jusqu'à l'arrêt."""  # [fr]
    """A play from the start: choose(vertex) picks each move, until the play stops."""  # [en]
    path = [arena.start if start is None else start]
    while arena.victory(path[-1]) is None and arena.successors(path[-1]):
        path.append(choose(path[-1]))
    return path

# %% [markdown] lang="fr"
# ## Une partie au hasard
#
# Les deux joueurs jouent au hasard (un hasard fixé par une graine, pour que le carnet
# donne toujours le même résultat).

# %% [markdown] lang="en"
# ## A random play
#
# Both players move at random (with a fixed seed, so that the notebook always gives the
# same result).

# %%
rng = random.Random(2024)
p = play(g, lambda v: rng.choice(g.successors(v)))
p, g.victory(p[-1])

# %% [markdown] lang="fr"
# La valeur `g.victory(...)` de la dernière position dit qui a gagné : `0` pour $J_0$,
# `1` pour $J_1$.
#
# ## Une partie où chacun suit la stratégie calculée

# %% [markdown] lang="en"
# The value `g.victory(...)` of the last position tells who has won: `0` for $J_0$, `1`
# for $J_1$.
#
# ## A play where both follow the computed strategy

# %%
sol = solve(g)
best = play(g, lambda v: sol.move[v])
best, len(best) - 1, sol.rank[g.start]

# %% [markdown] lang="fr"
# La partie dure exactement le rang de la position de départ. Depuis $(10, 0)$, $J_0$
# gagne même si $J_1$ joue au hasard :

# %% [markdown] lang="en"
# The play lasts exactly the rank of the start. From $(10, 0)$, $J_0$ wins even if
# $J_1$ moves at random:

# %%
outcomes = set()
for seed in range(200):
    rng = random.Random(seed)
    p = play(g, lambda v: sol.move[v] if g.owner(v) == 0 else rng.choice(g.successors(v)))
    outcomes.add(g.victory(p[-1]))
outcomes
