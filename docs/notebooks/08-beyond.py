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
# # Au-delà
#
# Nombres de Grundy, minimax, alpha-bêta et A* (page [Au-delà](../../beyond/)).
#
# ## Nombres de Grundy

# %% [markdown] lang="en"
# # Beyond
#
# Grundy numbers, minimax, alpha-beta and A* (page [Beyond](../../beyond/)).
#
# ## Grundy numbers

# %%
from arena.grundy import game_sum, grundy, period, subtraction_grundy

seq = subtraction_grundy([2, 3, 5], 30)
seq, period(subtraction_grundy([2, 3, 5], 100))

# %% [markdown] lang="fr"
# Théorème de Sprague et Grundy : le nombre de Grundy d'une somme est le ou exclusif
# des nombres des composantes. Deux tas de Nim, 3 et 5 :

# %% [markdown] lang="en"
# Sprague-Grundy theorem: the Grundy number of a sum is the exclusive or of the numbers
# of its components. Two Nim heaps, 3 and 5:

# %%
def heap(k):
    return range(k)


grundy((3, 5), game_sum(heap, heap))[(3, 5)], 3 ^ 5

# %% [markdown] lang="fr"
# ## Minimax et alpha-bêta sur un arbre de profondeur 3

# %% [markdown] lang="en"
# ## Minimax and alpha-beta on a tree of depth 3

# %%
from arena.minimax import alphabeta_tree, minimax_tree

tree = [[[-5, 2, -3], [4, 8, 9], [-1, 2, 3]],
        [[7, 2, 6], [4, 1, 0], [-2, 0, -2]],
        [[3, 1, -2], [4, 2, 1], [5, 3, 3]]]
a, b = minimax_tree(tree), alphabeta_tree(tree)
(a.value, a.move, len(a.visited)), (b.value, b.move, len(b.visited), b.pruned)

# %% [markdown] lang="fr"
# ## A*

# %% [markdown] lang="en"
# ## A*

# %%
from arena.astar import EXAMPLE_GRAPH, astar, is_admissible, straight_line

guided = astar(EXAMPLE_GRAPH, "s", "t", straight_line())
blind = astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
guided.path, guided.cost, guided.expanded, blind.expanded

# %%
far = straight_line(scale=3)
is_admissible(EXAMPLE_GRAPH, "t", far), astar(EXAMPLE_GRAPH, "s", "t", far).path
