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
# # Études de cas : chomp et le jeu de l'ourson
#
# Pages [chomp](../../chomp/) et [le jeu de l'ourson](../../ourson/).
#
# ## Chomp : le premier joueur gagne

# %%
from arena import solve, verify_strategy
from arena.games import chomp, ourson
from arena.games.ourson import article_rank, article_rank_cycle

{(m, n): solve(chomp(m, n)).winner[((n,) * m, 0)] for m in range(1, 5) for n in range(1, 6)}

# %% [markdown]
# ## L'ourson
#
# Qui gagne, et combien de positions chacun ? Au départ `0450`, comparons le « rang » de
# l'article et le rang de l'attracteur.

# %%
g = ourson()
sol = solve(g)
sol.summary(), article_rank(g)["0450"], sol.rank["0450"]

# %% [markdown]
# Un cycle de la stratégie de l'article : les chiots font baisser son rang, l'ourson le
# fait remonter.

# %%
rank = article_rank(g)
cycle = article_rank_cycle(g, sol.winner)
[(v, rank[v]) for v in cycle]

# %% [markdown]
# La stratégie du rang de l'attracteur, elle, ne boucle jamais : `verify_strategy` le
# prouve, et donne la durée de la plus longue partie depuis `0450` et depuis n'importe
# quelle position, à comparer à la règle des 16 coups.

# %%
longest = verify_strategy(g, 1, solution=sol)
longest["0450"], max(longest.values())
