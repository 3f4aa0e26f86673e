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
# # Calculer l'attracteur
#
# Trois façons de calculer le même attracteur : la définition appliquée pas à pas,
# l'algorithme récursif du chapitre, et l'algorithme itératif de la bibliothèque
# (chapitre [Calculer l'attracteur](../../algorithms/)).

# %% [markdown] lang="en"
# # Computing the attractor
#
# Three ways of computing the same attractor: the definition applied step by step,
# the chapter's recursive algorithm, and the library's iterative algorithm (chapter
# [Computing the attractor](../../algorithms/)).

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

# %% [markdown] lang="fr"
# ## Le coût du point fixe naïf
#
# Sur une chaîne de $n$ positions, la définition demande $n$ étapes, et chaque étape
# relit tout le graphe : on compte les sommets et arêtes relus.

# %% [markdown] lang="en"
# ## The cost of the naive fixpoint
#
# On a chain of $n$ positions, the definition needs $n$ steps, and each step reads the
# whole graph again: we count the vertices and edges read.

# %%
from arena.games import chain


class CountedList(list):
    """Une liste de successeurs qui compte les éléments lus."""  # [fr]
    """A list of successors that counts the elements read from it."""  # [en]

    reads = 0

    def __iter__(self):
        for y in super().__iter__():
            CountedList.reads += 1
            yield y


def successors_read(arena):
    """Le point fixe naïf, qui compte les successeurs qu'il lit."""  # [fr]
    """Run the naive fixpoint and count the successors it reads."""  # [en]
    A, S0, S1, V0, V1 = chapter_dicts(arena)
    CountedList.reads = 0
    counted = {x: CountedList(ys) for x, ys in A.items()}
    rang = {s: 0 for s in V0}
    n = 0
    while True:
        n += 1
        nouveaux = [x for x in counted
                    if x not in rang and A[x]
                    and (any(y in rang for y in counted[x]) if x in S0
                         else all(y in rang for y in counted[x]))]
        if not nouveaux:
            return n, CountedList.reads
        for x in nouveaux:
            rang[x] = n


for n in (10, 100, 1000):
    c = chain(n - 1)        # len(c) == n
    steps, reads = successors_read(c)
    assert steps == len(naive_attractor_steps(c, 0))
    print(n, steps, reads, c.n_edges)

# %% [markdown] lang="fr"
# Troisième colonne : les successeurs lus par le point fixe naïf, comptés pendant qu'il
# tourne ; quatrième : le nombre d'arêtes, que l'algorithme des compteurs lit une fois
# (plus une fois pour construire le graphe renversé).
#
# ## Le piège de la récursion

# %% [markdown] lang="en"
# Third column: the successors read by the naive fixpoint, counted while it runs;
# fourth: the number of edges, which the counter algorithm reads once (and once more to
# build the reversed graph).
#
# ## The recursion trap

# %%
import sys

long_chain = chain(4 * sys.getrecursionlimit())
A, S0, S1, V0, V1 = chapter_dicts(long_chain)
try:
    calcule_attracteur(A, S0, V0)
except RecursionError as err:
    print("RecursionError : profondeur maximale de récursion dépassée")  # [fr]
    print("RecursionError:", err)  # [en]
len(attractor(long_chain, 0))

# %% [markdown] lang="fr"
# ## Le numéro de profondeur n'est pas le rang
#
# `calcule_attracteur2` numérote les positions de l'attracteur par la profondeur de
# l'appel de `marque_propage2` qui les marque (section
# [La profondeur d'appel n'est pas le rang](../../algorithms/#la-profondeur-dappel-nest-pas-le-rang)).
# Sur cette petite arène, comparons le numéro qu'elle donne à `a` et le rang de `a` :
# $J_0$ y gagne en un coup en jouant `w`.

# %% [markdown] lang="en"
# ## The depth number is not the rank
#
# `compute_attractor2` numbers the positions of the attractor by the depth of the call
# of `mark_propagate2` that marks them (section
# [The depth of a call is not the rank](../../algorithms/#the-depth-of-a-call-is-not-the-rank)).
# On this small arena, let us compare the number it gives `a` with the rank of `a`:
# $J_0$ wins there in one move, by playing `w`.

# %%
small = Arena(S0=["a", "c"], S1=["b", "v", "w"],
              edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])
A, S0, S1, V0, V1 = chapter_dicts(small)
calcule_attracteur2(A, S0, V0), attractor(small, 0)

# %% [markdown] lang="fr"
# ## Suivre les numéros peut boucler
#
# `strategie` fait jouer à $J_0$ un successeur de numéro plus petit. Une recherche parmi
# de petites arènes biparties tirées au hasard trouve une arène où $J_1$ peut alors
# faire tourner la partie en rond, bien que $J_0$ gagne depuis chacune de ses positions.

# %% [markdown] lang="en"
# ## Following the numbers can loop
#
# `strategy` makes $J_0$ move to a successor with a smaller number. A search among small
# random bipartite arenas finds an arena where $J_1$ can then make the play go round
# forever, although $J_0$ wins from each of their positions.

# %%
from arena import solve, verify_strategy
from arena.course import looping_strategy_arena, strategy_moves
from arena.notebook import figure
from arena.solver import StrategyError

loop, play = looping_strategy_arena()
print("biparti :", loop.is_bipartite(), "; arêtes :", list(loop.edges()))  # [fr]
print(f"bipartite: {loop.is_bipartite()}; edges: {list(loop.edges())}")  # [en]
A, S0, S1, V0, V1 = chapter_dicts(loop)
numbers, ranks = calcule_attracteur2(A, S0, V0), attractor(loop, 0)
moves = strategy_moves(loop)
print("numéros :", numbers)  # [fr]
print("rangs   :", ranks)  # [fr]
print("coups de strategie :", moves)  # [fr]
print("numbers:", numbers)  # [en]
print("ranks:  ", ranks)  # [en]
print("moves of strategie:", moves)  # [en]

# %%
title = "L'arène où la stratégie qui suit les numéros boucle ; à côté de chaque sommet, son rang | son numéro"  # [fr]
title = "The arena where the strategy that follows the numbers loops; beside each vertex, its rank | its number"  # [en]
lang = "fr"  # [fr]
lang = "en"  # [en]
figure(loop, None, title=title, lang=lang, cycle=tuple(play.split(" -> ")[:-1]), labels={
    v: f"{ranks[v]} | {numbers[v]}" for v in loop.vertices})

# %% [markdown] lang="fr"
# `verify_strategy` explore toutes les réponses de $J_1$ et trouve la partie qui boucle ;
# la stratégie des rangs exacts, elle, gagne.

# %% [markdown] lang="en"
# `verify_strategy` explores every reply of $J_1$ and finds the play that loops; the
# strategy of the exact ranks wins.

# %%
try:
    verify_strategy(loop, 0, moves)
except StrategyError as error:
    print("la partie", " -> ".join(error.play), "suit la stratégie de J_0 et", "boucle" if error.play[-1] in error.play[:-1] else "ne gagne pas")  # [fr]
    print(error)  # [en]
verify_strategy(loop, 0) == {v: r for v, r in solve(loop).attractor(0).items()}
