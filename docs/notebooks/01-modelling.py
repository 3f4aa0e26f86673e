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
# # Modéliser un jeu par un graphe
#
# Ce carnet construit les graphes du chapitre [Modéliser un jeu par un graphe](../../modelling/)
# avec la bibliothèque `arena`. Une arène (`Arena`) est un graphe dont chaque sommet
# appartient à un joueur, avec les positions de victoire et le départ.

# %% [markdown] lang="en"
# # Modelling games as graphs
#
# This notebook builds the graphs of the chapter [Modelling games as graphs](../../modelling/)
# with the `arena` library. An arena (`Arena`) is a graph whose vertices each belong to
# a player, with the victory positions and the start.

# %% [markdown] lang="fr"
# ## Le jeu de Nim
#
# La fonction `nim(n, regle)` construit le graphe de l'exemple du cours : le sommet
# `(k, i)` signifie « il reste `k` bâtonnets et c'est à $J_i$ de jouer ».

# %% [markdown] lang="en"
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
show(g)

# %% [markdown] lang="fr"
# ## Une arène à la main
#
# On peut écrire soi-même une arène : les sommets de chaque joueur, les arêtes, les
# positions de victoire. La bibliothèque refuse une arène mal formée, avec un message
# qui nomme la clé et le sommet en faute.

# %% [markdown] lang="en"
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
    print(f"refusée, clé {err.key!r} : le sommet {err.vertex!r} est dans S0 et dans S1")  # [fr]
    print(err)  # [en]

# %% [markdown] lang="fr"
# ## Des jeux plus grands
#
# Le morpion et le puissance 4 ont bien trop de positions pour être dessinés, mais on
# peut les énumérer toutes : nombre de sommets, d'arêtes, puis sommets de $J_0$ et de
# $J_1$ pour le morpion.

# %% [markdown] lang="en"
# ## Larger games
#
# Tic-tac-toe and Connect-4 have far too many positions to be drawn, but they can all be
# enumerated: the numbers of vertices and edges, then of $J_0$'s and $J_1$'s vertices for
# tic-tac-toe.

# %%
from arena.games import connect4, tictactoe

t = tictactoe(3, 3)
len(t), t.n_edges, len(t.V0), len(t.V1)

# %% [markdown] lang="fr"
# Le puissance 4 sur une grille de 4 lignes et 4 colonnes : un graphe bien plus grand
# que celui du morpion ; on le construit, puis on cherche qui gagne depuis la grille vide
# (`None` : aucun des deux joueurs ne peut forcer la victoire). Quelques secondes.

# %% [markdown] lang="en"
# Connect-4 on a grid of 4 rows and 4 columns: a graph much larger than tic-tac-toe's;
# we build it, then ask who wins from the empty grid (`None`: neither player can force a
# win). A few seconds.

# %%
from arena import solve

c4 = connect4(4, 4)
len(c4), c4.n_edges, solve(c4).winner[c4.start]
