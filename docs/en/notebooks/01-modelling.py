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
# # Modelling games as graphs
#
# This notebook builds the graphs of the chapter [Modelling games as graphs](../../modelling/)
# with the `arena` library. An arena (`Arena`) is a graph whose vertices each belong to
# a player, with the victory positions and the start.

# %% [markdown]
# ## Nim
#
# The function `nim(n, rule)` builds the graph of the course's example: the vertex
# `(k, i)` means "`k` sticks are left and $J_i$ is to move".

# %%
from arena.games import nim

g = nim(10, [1, 2])
len(g), g.n_edges, g.start

# %%
g.successors((10, 0)), g.V0, g.V1, g.is_bipartite()

# %%
from IPython.display import SVG

from arena.render import View, arena_svg


def show(arena, solution=None, **view):
    """Draw an arena with the course's conventions."""
    text = f"An arena of {len(arena)} vertices drawn with the course's conventions"
    return SVG(arena_svg(arena, solution, View(**view), title=text))

# %%
show(g)

# %% [markdown]
# ## An arena by hand
#
# One can write an arena oneself: the vertices of each player, the edges, the victory
# positions. The library refuses an ill-formed arena, with a message that names the key
# and the vertex at fault.

# %%
from arena import Arena, ArenaError

mine = Arena(S0=["a", "c"], S1=["b", "w"], edges={"a": ["b", "c"], "b": ["c"], "c": ["w"]},
             V0=["w"], start="a")
show(mine)

# %%
try:
    Arena(S0=["a"], S1=["a"], edges={})
except ArenaError as err:
    print(err)

# %% [markdown]
# ## Larger games
#
# Tic-tac-toe and Connect-4 have far too many positions to be drawn, but the solver
# enumerates all of them.

# %%
from arena.games import solve_connect4, tictactoe

t = tictactoe(3, 3)
len(t), t.n_edges, len(t.V0), len(t.V1)

# %%
[(rows, cols, solve_connect4(rows, cols).positions) for rows, cols in [(4, 4), (5, 4)]]
