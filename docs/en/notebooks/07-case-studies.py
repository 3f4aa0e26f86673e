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
# # Case studies: chomp and the ourson game
#
# Pages [chomp](../../chomp/) and [the ourson game](../../ourson/).
#
# ## Chomp: the first player wins

# %%
from arena import solve, verify_strategy
from arena.games import chomp, ourson
from arena.games.ourson import article_rank, article_rank_cycle

{(m, n): solve(chomp(m, n)).winner[((n,) * m, 0)] for m in range(1, 5) for n in range(1, 6)}

# %% [markdown]
# ## The ourson
#
# Who wins, and how many positions each? At the start `0450`, let us compare the
# article's "rank" and the attractor rank.

# %%
g = ourson()
sol = solve(g)
sol.summary(), article_rank(g)["0450"], sol.rank["0450"]

# %% [markdown]
# A cycle of the article's strategy: the puppies lower its rank, the ourson raises it.

# %%
rank = article_rank(g)
cycle = article_rank_cycle(g, sol.winner)
[(v, rank[v]) for v in cycle]

# %% [markdown]
# The attractor-rank strategy never loops: `verify_strategy` proves it, and gives the
# length of the longest play from `0450` and from any position, to compare with the
# 16-move rule.

# %%
longest = verify_strategy(g, 1, solution=sol)
longest["0450"], max(longest.values())
