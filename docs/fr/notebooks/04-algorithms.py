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


class ListeComptee(list):
    """Une liste de successeurs qui compte les éléments qu'on y lit."""

    lus = 0

    def __iter__(self):
        for y in super().__iter__():
            ListeComptee.lus += 1
            yield y


def successeurs_lus(arene):
    """Fait tourner le point fixe naïf et compte les successeurs qu'il lit."""
    A, S0, S1, V0, V1 = chapter_dicts(arene)
    ListeComptee.lus = 0
    comptee = {x: ListeComptee(ys) for x, ys in A.items()}
    rang = {s: 0 for s in V0}
    n = 0
    while True:
        n += 1
        nouveaux = [x for x in comptee
                    if x not in rang and A[x]
                    and (any(y in rang for y in comptee[x]) if x in S0
                         else all(y in rang for y in comptee[x]))]
        if not nouveaux:
            return n, ListeComptee.lus
        for x in nouveaux:
            rang[x] = n


for n in (10, 100, 1000):
    c = chain(n)
    etapes, lus = successeurs_lus(c)
    assert etapes == len(naive_attractor_steps(c, 0))
    print(n, etapes, lus, c.n_edges)

# %% [markdown]
# Troisième colonne : les successeurs lus par le point fixe naïf, comptés pendant qu'il
# tourne ; quatrième : le nombre d'arêtes, que l'algorithme des compteurs lit une fois
# (plus une fois pour construire le graphe renversé).
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

# %% [markdown]
# ## La stratégie du chapitre source peut boucler
#
# `strategie` fait jouer à $J_0$ un successeur de numéro plus petit. Une recherche parmi
# de petites arènes bipartites tirées au hasard trouve une arène où $J_1$ peut alors
# faire tourner la partie en rond, bien que $J_0$ gagne depuis chacune de ses positions.

# %%
from IPython.display import SVG

from arena import solve, verify_strategy
from arena.course import looping_strategie_arena, strategie_moves
from arena.render import View, arena_svg
from arena.solver import StrategyError

boucle, partie = looping_strategie_arena()
print("biparti :", boucle.is_bipartite(), "; arêtes :", list(boucle.edges()))
A, S0, S1, V0, V1 = chapter_dicts(boucle)
numeros, rangs = calcule_attracteur2(A, S0, V0), attractor(boucle, 0)
coups = strategie_moves(boucle)
print("numéros :", numeros)
print("rangs   :", rangs)
print("coups de strategie :", coups)

# %%
SVG(arena_svg(boucle, None, View(cycle=tuple(partie.split(" -> ")[:-1]), labels={
    v: f"{rangs[v]} | {numeros[v]}" for v in boucle.vertices}),
    title="L'arène où la stratégie du chapitre source boucle ; à côté de chaque sommet, "
          "son rang | son numéro"))

# %% [markdown]
# `verify_strategy` explore toutes les réponses de $J_1$ et trouve la partie qui boucle ;
# la stratégie des rangs exacts, elle, gagne.

# %%
try:
    verify_strategy(boucle, 0, coups)
except StrategyError as erreur:
    print(erreur)
verify_strategy(boucle, 0) == {v: r for v, r in solve(boucle).attractor(0).items()}
