# The Python listings of the chapter "Beyond reachability games" (docs/*/beyond.md), in the
# format of attractors.py: "#fr " and "#en " comment lines, sections "# listing: NAME".
# tests/course/test_listings.py runs them against arena.minimax.


# listing: minimax
def minimax(p, profondeur, joueur_max, coups, valeur, heuristique):
    #fr coups(p) : les positions atteintes en un coup depuis p (aucune : partie
    #fr finie).
    #fr valeur(p) : la vraie valeur d'une partie finie en p, pour J_max.
    #fr heuristique(p) : une estimation de la valeur de p pour J_max.
    #en coups(p): the positions reached in one move from p (none: the game is
    #en over).
    #en valeur(p): the true value for J_max of a finished game at p.
    #en heuristique(p): an estimate of the value of p for J_max.
    suivants = coups(p)
    if not suivants:
        return valeur(p)
    if profondeur == 0:
        return heuristique(p)
    valeurs = [minimax(q, profondeur - 1, not joueur_max, coups, valeur, heuristique)
               for q in suivants]
    #fr J_max prend le maximum, J_min le minimum.
    #en J_max takes the maximum, J_min the minimum.
    return max(valeurs) if joueur_max else min(valeurs)


# listing: othello
def heuristique_othello(plateau, poids):
    #fr plateau[i][j] vaut 1 (pion de J_max), -1 (pion de J_min) ou 0 (case vide).
    #fr La note : la somme des poids des cases de J_max moins celle des cases
    #fr de J_min.
    #en plateau[i][j] is 1 (a disc of J_max), -1 (a disc of J_min) or 0 (an
    #en empty square).
    #en The score: the weights of J_max's squares minus those of J_min's.
    return sum(poids[i][j] * plateau[i][j] for i in range(8) for j in range(8))
