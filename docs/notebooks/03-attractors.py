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
# # Attracteurs
#
# On calcule les étapes $\mathcal{A}^0_0 \subseteq \mathcal{A}^0_1 \subseteq \dots$ de
# l'attracteur de $J_0$ pour le jeu de Nim, d'abord en appliquant la définition, puis
# avec le solveur (chapitre [Attracteurs](../../attractors/)).

# %% [markdown] lang="en"
# # Attractors
#
# We compute the steps $\mathcal{A}^0_0 \subseteq \mathcal{A}^0_1 \subseteq \dots$ of
# the attractor of $J_0$ for Nim, first by applying the definition, then with the
# solver (chapter [Attractors](../../attractors/)).

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

# %% [markdown] lang="fr"
# Les couches `layers(0)` sont les sommets ajoutés à chaque étape : elles redonnent
# exactement les étapes de la définition.

# %% [markdown] lang="en"
# The layers `layers(0)` are the vertices added at each step: they give back exactly
# the steps of the definition.

# %%
all(set().union(*sol.layers(0)[: n + 1]) == steps[n] for n in range(len(steps)))

# %%
from arena.notebook import figure


def show(arena, solution=None, **view):
    """Dessine une arène selon les conventions du cours."""  # [fr]
    """Draw an arena with the course's conventions."""  # [en]
    title = f"Arène de {len(arena)} sommets dessinée selon les conventions du cours"  # [fr]
    title = f"An arena of {len(arena)} vertices drawn with the course's conventions"  # [en]
    lang = "fr"  # [fr]
    lang = "en"  # [en]
    return figure(arena, solution, title=title, lang=lang, **view)

# %%
show(g, sol, step=3, player=0)

# %% [markdown] lang="fr"
# ## Les deux attracteurs
#
# Les attracteurs des deux joueurs sont disjoints ; ici, ils couvrent tout le graphe :
# pas de match nul au jeu de Nim.

# %% [markdown] lang="en"
# ## Both attractors
#
# The attractors of the two players are disjoint; here they cover the whole graph: no
# draw in Nim.

# %%
a0, a1 = attractor(g, 0), attractor(g, 1)
len(a0), len(a1), set(a0) & set(a1), len(a0) + len(a1) == len(g)

# %%
show(g, sol, winners=True, ranks=True)
