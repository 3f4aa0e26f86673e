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
# # Exercices
#
# Les calculs des corrigés de la page [Exercices](../../exercises/).
#
# ## Exercice 6.1

# %% [markdown] lang="en"
# # Exercises
#
# The computations behind the solutions of the page [Exercises](../../exercises/).
#
# ## Exercise 6.1

# %%
from pathlib import Path

from arena import Arena, solve, verify_strategy
from arena.games import chomp, nim

g = nim(15, [2, 3, 5])
sol = solve(g)
sol.winner[g.start], sol.rank[g.start], [k for k in range(16) if sol.winner[(k, 0)] == 1]

# %%
verify_strategy(g, 1, solution=sol)[g.start]

# %% [markdown] lang="fr"
# ## Exercice 6.2
#
# Le jeu de l'exercice est décrit en YAML dans la cellule suivante : ses positions, le
# joueur de chacune, les coups et les positions de victoire.

# %% [markdown] lang="en"
# ## Exercise 6.2
#
# The game of the exercise is described in YAML in the next cell: its positions, the
# player of each, the moves and the victory positions.

# %%
e = Arena.from_file(Path("docs/examples/exercise-6-2.yaml"))
esol = solve(e)
esol.attractor(0), esol.attractor(1)

# %%
[v for v in e if esol.winner[v] is None], esol.strategy(0)

# %% [markdown] lang="fr"
# ## Exercice 6.3 : chomp $2 \times 3$

# %% [markdown] lang="en"
# ## Exercise 6.3: chomp $2 \times 3$

# %%
c = chomp(2, 3)
csol = solve(c)
csol.winner[c.start], csol.rank[c.start], csol.move[c.start]
