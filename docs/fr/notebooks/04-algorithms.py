# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Calculer l'attracteur
#
# Trois façons de calculer le même attracteur : la définition appliquée pas à pas,
# l'algorithme récursif du chapitre, et l'algorithme itératif de la bibliothèque
# (chapitre [Calculer l'attracteur](../../algorithms/)).

# %%
from arena import Arena, attractor
from arena.course import (
    calcule_attracteur,
    calcule_attracteur2,
    chapter_dicts,
    naive_attractor_steps,
)
from arena.games import nim

g = nim(10, [1, 2])
A, S0, S1, V0, V1 = chapter_dicts(g)
set(calcule_attracteur(A, S0, V0)) == set(attractor(g, 0))

# %% [markdown]
# ## Le coût du point fixe naïf
#
# Sur une chaîne de $n$ positions, la définition demande $n$ étapes, et chaque étape
# relit tout le graphe : on compte les sommets et arêtes relus.

# %%
def chain(n):
    return Arena(S0=range(0, n, 2), S1=range(1, n, 2),
                 edges={k: [k + 1] for k in range(n - 1)}, V0=[n - 1])


for n in (10, 100, 1000):
    c = chain(n)
    steps = len(naive_attractor_steps(c, 0))
    print(n, steps, steps * (len(c) + c.n_edges), len(c) + c.n_edges)

# %% [markdown]
# Troisième colonne : le travail du point fixe naïf ; quatrième : celui de l'algorithme
# linéaire, qui regarde chaque sommet et chaque arête une fois.
#
# ## Le piège de la récursion

# %%
import sys

long_chain = chain(4 * sys.getrecursionlimit())
A, S0, S1, V0, V1 = chapter_dicts(long_chain)
try:
    calcule_attracteur(A, S0, V0)
except RecursionError as err:
    print("RecursionError:", err)
len(attractor(long_chain, 0))

# %% [markdown]
# ## La numérotation du chapitre n'est pas le rang
#
# Sur cette petite arène, comparons le numéro que `calcule_attracteur2` donne à `a` et
# le rang de `a` : $J_0$ y gagne en un coup en jouant `w`.

# %%
small = Arena(S0=["a", "c"], S1=["b", "v", "w"],
              edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])
A, S0, S1, V0, V1 = chapter_dicts(small)
calcule_attracteur2(A, S0, V0), attractor(small, 0)
