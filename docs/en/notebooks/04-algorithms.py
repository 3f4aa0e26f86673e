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

# %% [markdown]
# ## The cost of the naive fixpoint
#
# On a chain of $n$ positions, the definition needs $n$ steps, and each step reads the
# whole graph again: we count the vertices and edges read.

# %%
def chain(n):
    return Arena(S0=range(0, n, 2), S1=range(1, n, 2),
                 edges={k: [k + 1] for k in range(n - 1)}, V0=[n - 1])


for n in (10, 100, 1000):
    c = chain(n)
    steps = len(naive_attractor_steps(c, 0))
    print(n, steps, steps * (len(c) + c.n_edges), len(c) + c.n_edges)

# %% [markdown]
# Third column: the work of the naive fixpoint; fourth: that of the linear algorithm,
# which looks at each vertex and each edge once.
#
# ## The recursion trap

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
# ## The chapter's numbering is not the rank
#
# On this small arena, let us compare the number `calcule_attracteur2` gives `a` with
# the rank of `a`: $J_0$ wins there in one move, by playing `w`.

# %%
small = Arena(S0=["a", "c"], S1=["b", "v", "w"],
              edges={"a": ["b", "w"], "b": ["c"], "c": ["v"]}, V0=["v", "w"])
A, S0, S1, V0, V1 = chapter_dicts(small)
calcule_attracteur2(A, S0, V0), attractor(small, 0)
