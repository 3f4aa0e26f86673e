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
# # Études de cas : chomp et le jeu de l'ourson
#
# Deux études de cas du cours : [chomp](../../chomp/) et [le jeu de l'ourson](../../ourson/).
#
# ## Chomp : le premier joueur gagne

# %% [markdown] lang="en"
# # Case studies: chomp and the bear cub game
#
# Two of the course's case studies: [chomp](../../chomp/) and
# [the bear cub game](../../ourson/) (the module `ourson` is named after the game's French
# name, *le jeu de l'ourson*).
#
# ## Chomp: the first player wins

# %%
from arena import solve, verify_strategy
from arena.games import chomp, ourson
from arena.games.ourson import article_rank, article_rank_cycle

{(m, n): solve(chomp(m, n)).winner[((n,) * m, 0)] for m in range(1, 5) for n in range(1, 6)}

# %% [markdown] lang="fr"
# ## L'ourson
#
# Qui gagne, et combien de positions chacun ? On compte les gagnants des positions, puis,
# au départ `0450`, on compare le « rang » de l'article et le rang de l'attracteur.

# %% [markdown] lang="en"
# ## The bear cub game
#
# Who wins, and how many positions each? We count the winners of the positions, then, at
# the start `0450`, compare the article's "rank" and the attractor rank.

# %%
from collections import Counter

g = ourson()
sol = solve(g)
winners = Counter(sol.winner[v] for v in g.vertices)
print("gagnées par les chiots :", winners[1], "; par l'ourson :", winners[0], "; nulles :", winners[None])  # [fr]
print(f"won by the puppies: {winners[1]}; by the cub: {winners[0]}; draws: {winners[None]}")  # [en]
article_rank(g)["0450"], sol.rank["0450"]

# %% [markdown] lang="fr"
# Un cycle de la stratégie de l'article : les chiots font baisser son rang, l'ourson le
# fait remonter.

# %% [markdown] lang="en"
# A cycle of the article's strategy: the puppies lower its rank, the cub raises it.

# %%
rank = article_rank(g)
cycle = article_rank_cycle(g, sol.winner)
[(v, rank[v]) for v in cycle]

# %% [markdown] lang="fr"
# La stratégie du rang de l'attracteur, elle, ne boucle jamais. On le vérifie en
# explorant toutes les réponses de l'ourson à cette stratégie : on obtient la durée de la
# plus longue partie depuis `0450` et depuis n'importe quelle position, à comparer à la
# règle des 16 coups.

# %% [markdown] lang="en"
# The attractor-rank strategy never loops. We check it by exploring every reply of the cub
# to this strategy: this gives the length of the longest play from `0450` and from any
# position, to compare with the 16-move rule.

# %%
longest = verify_strategy(g, 1, solution=sol)
longest["0450"], max(longest.values())
