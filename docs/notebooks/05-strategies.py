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
# # Calculer une stratégie
#
# Le solveur donne, pour chaque position, le coup de son propriétaire ; `verify_strategy`
# prouve qu'une stratégie gagne en explorant toutes les réponses de l'adversaire
# (chapitre [Calculer une stratégie](../../strategies/)).

# %% [markdown] lang="en"
# # Computing a strategy
#
# The solver gives, for each position, the move of its owner; `verify_strategy` proves
# that a strategy wins by exploring every reply of the opponent (chapter
# [Computing a strategy](../../strategies/)).

# %%
from arena import Arena, StrategyError, solve, verify_strategy
from arena.games import nim

g = nim(10, [1, 2])
sol = solve(g)
sol.strategy(0)

# %% [markdown] lang="fr"
# Pour chaque position gagnante de $J_0$, la plus longue partie qui suit sa stratégie
# dure exactement le rang :

# %% [markdown] lang="en"
# For each winning position of $J_0$, the longest play that follows their strategy lasts
# exactly the rank:

# %%
longest = verify_strategy(g, 0, solution=sol)
longest == sol.attractor(0)

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
show(g, sol, winners=True, ranks=True, strategy=0)

# %% [markdown] lang="fr"
# ## Une stratégie qui ignore le rang
#
# Dans cette arène, `a` est gagnante pour $J_0$ (il peut jouer `w`). Jouer vers `b`,
# position elle aussi gagnante, ne suffit pas : la partie peut tourner en rond.

# %% [markdown] lang="en"
# ## A strategy that ignores the rank
#
# In this arena, `a` is winning for $J_0$ (it can move to `w`). Moving to `b`, a
# winning position too, is not enough: the play can go round in circles.

# %%
loop = Arena(S0=["a"], S1=["b", "w"], edges={"a": ["b", "w"], "b": ["a"]}, V0=["w"])
try:
    verify_strategy(loop, 0, {"a": "b"})
except StrategyError as err:
    print("la partie", " -> ".join(err.play), "suit la stratégie de J_0 et", "boucle" if err.play[-1] in err.play[:-1] else "ne gagne pas")  # [fr]
    print(err)  # [en]
verify_strategy(loop, 0)
