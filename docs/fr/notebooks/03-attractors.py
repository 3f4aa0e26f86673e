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
# # Attracteurs
#
# On calcule les étapes $\mathcal{A}^0_0 \subseteq \mathcal{A}^0_1 \subseteq \dots$ de
# l'attracteur de $J_0$ pour le jeu de Nim, d'abord en appliquant la définition, puis
# avec le solveur (chapitre [Attracteurs](../../attractors/)).

# %%
from arena import attractor, solve
from arena.course import naive_attractor_steps
from arena.games import nim

g = nim(10, [1, 2])
steps = naive_attractor_steps(g, 0)
[sorted(step) for step in steps[:3]]

# %%
sol = solve(g)
sol.layers(0)

# %% [markdown]
# Les couches `layers(0)` sont les sommets ajoutés à chaque étape : elles redonnent
# exactement les étapes de la définition.

# %%
all(set().union(*sol.layers(0)[: n + 1]) == steps[n] for n in range(len(steps)))

# %%
from IPython.display import SVG

from arena.render import View, arena_svg


def show(arena, solution=None, **view):
    """Dessine une arène avec les conventions du cours."""
    texte = f"Arène de {len(arena)} sommets dessinée selon les conventions du cours"
    return SVG(arena_svg(arena, solution, View(**view), title=texte))

# %%
show(g, sol, step=3, player=0)

# %% [markdown]
# ## Les deux attracteurs
#
# Les attracteurs des deux joueurs sont disjoints ; ici, ils couvrent tout le graphe :
# pas de match nul au jeu de Nim.

# %%
a0, a1 = attractor(g, 0), attractor(g, 1)
len(a0), len(a1), set(a0) & set(a1), len(a0) + len(a1) == len(g)

# %%
show(g, sol, winners=True, ranks=True)
