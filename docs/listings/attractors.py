# The Python listings of the chapter "Computing the attractor" (docs/*/algorithms.md).
#
# One code, commented in both languages: a comment line starting with "#fr " is shown on
# the French page only, one starting with "#en " on the English page only (the fragments
# listing-NAME, src/coursebuild/course/pages/algorithms.py, give one listing per section and
# language). A section starts with
# "# listing: NAME". tests/course/test_listings.py runs the code of both pages against the solver.
# Chapter's representation: A is a dict vertex -> list of successors (victory vertices
# have none), S0 and V0 are dicts used as sets (s in S0 in O(1)).

from collections import deque


# listing: naif
def attracteur_naif(A, S0, V0):
    #fr Étape 0 : les positions de victoire, de rang 0.
    #en Step 0: the victory positions, of rank 0.
    rang = {s: 0 for s in V0}
    n = 0
    while True:
        n += 1
        nouveaux = []
        #fr On relit toutes les positions qui ne sont pas encore gagnantes.
        #en Read again every position not yet known to be winning.
        for x in A:
            if x in rang or not A[x]:
                continue
            if x in S0:
                #fr À J_0 de jouer : un successeur gagnant suffit.
                #en J_0 to move: one winning successor is enough.
                gagnant = any(y in rang for y in A[x])
            else:
                #fr À l'adversaire : tous ses successeurs doivent être gagnants.
                #en The opponent to move: all its successors must be winning.
                gagnant = all(y in rang for y in A[x])
            if gagnant:
                nouveaux.append(x)
        #fr Rien de nouveau : le point fixe est atteint.
        #en Nothing new: the fixpoint is reached.
        if not nouveaux:
            return rang
        for x in nouveaux:
            rang[x] = n


# listing: compteurs
def renverse_graphe(A):
    #fr B[y] : la liste des prédécesseurs de y.
    #en B[y]: the list of the predecessors of y.
    B = {x: [] for x in A}
    for x in A:
        for y in A[x]:
            B[y].append(x)
    return B


def dplus(A):
    #fr Le degré sortant de chaque sommet.
    #en The out-degree of every vertex.
    return {x: len(A[x]) for x in A}


def marque_propage(s, d, B, S0, attracteur):
    #fr s est gagnant : on le marque, puis on prévient ses prédécesseurs.
    #en s is winning: mark it, then tell its predecessors.
    if s not in attracteur:
        attracteur[s] = None
        for x in B[s]:
            #fr Un successeur de x de plus est gagnant.
            #en One more successor of x is winning.
            d[x] -= 1
            if x in S0 or d[x] == 0:
                marque_propage(x, d, B, S0, attracteur)


def calcule_attracteur(A, S0, V0):
    #fr d[x] : le nombre de successeurs de x pas encore reconnus gagnants.
    #en d[x]: the number of successors of x not yet known to be winning.
    d = dplus(A)
    B = renverse_graphe(A)
    attracteur = {}
    for s in V0:
        marque_propage(s, d, B, S0, attracteur)
    return attracteur


# listing: file
from collections import deque


def calcule_rangs(A, S0, V0):
    d = dplus(A)
    B = renverse_graphe(A)
    rang = {}
    file = deque()
    for s in V0:
        rang[s] = 0
        file.append(s)
    #fr Premier entré, premier sorti : les rangs sortent dans l'ordre croissant.
    #en First in, first out: the ranks come out in increasing order.
    while file:
        y = file.popleft()
        for x in B[y]:
            if x in rang:
                continue
            d[x] -= 1
            #fr À J_0 : son premier successeur gagnant, le plus proche, donne
            #fr son rang. À l'adversaire : son dernier, le plus loin.
            #en J_0's: its first winning successor, the nearest, gives its rank.
            #en The opponent's: its last winning successor, the farthest.
            if x in S0 or d[x] == 0:
                rang[x] = rang[y] + 1
                file.append(x)
    return rang


# listing: strategie
def strategie(A, Si, rangs_i, rangs_adv):
    #fr Le coup de J_i en chacune de ses positions qui ont un successeur.
    #fr rangs_i, rangs_adv : les rangs dans les attracteurs de J_i et de
    #fr l'adversaire.
    #en J_i's move at each of their positions that have a successor.
    #en rangs_i, rangs_adv: the ranks in the attractors of J_i and of the
    #en opponent.
    coup = {}
    for s in Si:
        if not A[s]:
            continue
        if s in rangs_i:
            #fr Gagnante : vers un successeur de rang exactement un de moins.
            #en Winning: to a successor whose rank is exactly one less.
            coup[s] = next(x for x in A[s]
                           if x in rangs_i and rangs_i[x] == rangs_i[s] - 1)
        elif s in rangs_adv:
            #fr Perdante : retarder la défaite, vers le successeur de plus grand rang.
            #en Losing: delay the defeat, to the successor of greatest rank.
            coup[s] = max(A[s], key=lambda x: rangs_adv[x])
        else:
            #fr Nulle : rester hors de l'attracteur de l'adversaire.
            #en Drawn: stay out of the opponent's attractor.
            coup[s] = next(x for x in A[s] if x not in rangs_adv)
    return coup


# listing: tableaux
def renverse_tableaux(succ):
    #fr succ[x] : la liste des successeurs de x, pour x de 0 à n - 1.
    #en succ[x]: the list of the successors of x, for x from 0 to n - 1.
    n = len(succ)
    debut = [0] * (n + 1)
    #fr 1. Compter les prédécesseurs de chaque y.
    #en 1. Count the predecessors of each y.
    for x in range(n):
        for y in succ[x]:
            debut[y + 1] += 1
    #fr 2. Sommes cumulées : où commence le bloc de chaque y.
    #en 2. Running sums: where each y's block starts.
    for y in range(n):
        debut[y + 1] += debut[y]
    pred = [0] * debut[n]
    #fr 3. Remplir les blocs ; libre[y] : la prochaine case libre du bloc de y.
    #en 3. Fill the blocks; libre[y]: the next free cell of y's block.
    libre = debut[:n]
    for x in range(n):
        for y in succ[x]:
            pred[libre[y]] = x
            libre[y] += 1
    return debut, pred
