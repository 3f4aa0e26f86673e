"""Plausible wrong answers to the Python exercises (coursebuild.course.python_exercises), shared by
the
CPython tests (tests/course/test_exercises.py) and the browser tests
(tests/course/test_pyodide_checks.py):
id -> (code, a piece of the verdict that must appear in English)."""

NAIVE_ONE_PASS = """
def attracteur_naif(A, S0, V0):
    attr = dict(V0)
    for s in A:
        dedans = [t in attr for t in A[s]]
        if s not in attr and ((s in S0 and any(dedans)) or (s not in S0 and all(dedans))):
            attr[s] = None
    return attr
"""

RECURSIVE = """
def calcule_attracteur(A, S0, V0):
    pred = {s: [] for s in A}
    for s in A:
        for t in A[s]:
            pred[t].append(s)
    compteur = {s: len(A[s]) for s in A}
    attr = dict(V0)
    def ajoute(t):
        for s in pred[t]:
            if s not in attr:
                compteur[s] -= 1
                if s in S0 or compteur[s] == 0:
                    attr[s] = None
                    ajoute(s)
    for t in list(V0):
        ajoute(t)
    return attr
"""

QUADRATIC = """
def calcule_attracteur(A, S0, V0):
    attr = dict(V0)
    change = True
    while change:
        change = False
        for s in A:
            if s not in attr:
                dedans = [t in attr for t in A[s]]
                if dedans and ((s in S0 and any(dedans)) or (s not in S0 and all(dedans))):
                    attr[s] = None
                    change = True
    return attr
"""

NO_COUNTER = """
def calcule_attracteur(A, S0, V0):
    pred = {s: [] for s in A}
    for s in A:
        for t in A[s]:
            pred[t].append(s)
    attr = dict(V0)
    pile = list(V0)
    while pile:
        t = pile.pop()
        for s in pred[t]:
            if s not in attr:
                attr[s] = None
                pile.append(s)
    return attr
"""

WRONG = {
    "nim-graph": ("""
def jeu_de_nim(n, R):
    A, S0, S1, V0, V1 = {}, {}, {}, {}, {}
    for i in (0, 1):
        for k in range(n + 1 - i):
            A[(k, i)] = [(k - q, 1 - i) for q in R if q <= k]
            (S0 if i == 0 else S1)[(k, i)] = None
            if not A[(k, i)]:
                (V0 if i == 0 else V1)[(k, i)] = None
    return A, S0, S1, V0, V1
""", "jeu_de_nim(0, {1, 2})"),
    "degrees": ("""
def degres(A):
    dplus = {s: len(A[s]) for s in A}
    dmoins = {}
    for s in A:
        for t in A[s]:
            dmoins[t] = dmoins.get(t, 0) + 1
    return dplus, dmoins
""", "Expected: ({0: 0}, {0: 0})"),
    "reverse": ("""
def renverse_graphe(A):
    R = {}
    for s in A:
        for t in A[s]:
            R.setdefault(t, []).append(s)
    return R
""", "renverse_graphe({0: []})"),
    "naive-attractor": (NAIVE_ONE_PASS, "Expected:"),
    "attractor": (NO_COUNTER, "Expected:"),
    "ranks": ("""
def rangs(A, S0, V0):
    pred = {s: [] for s in A}
    for s in A:
        for t in A[s]:
            pred[t].append(s)
    rang = {s: 0 for s in V0}
    file = list(V0)
    for t in file:
        for s in pred[t]:
            if s not in rang:
                rang[s] = rang[t] + 1
                file.append(s)
    return rang
""", "Expected:"),
    "strategy": ("def choix_coup(A, attr0, attr1, s):\n    return A[s][-1]\n", "Expected:"),
    "grundy": ("""
def grundy(A):
    g = {}
    def calcule(s):
        if s not in g:
            g[s] = max((calcule(t) for t in A[s]), default=-1) + 1
        return g[s]
    for s in A:
        calcule(s)
    return g
""", "Expected:"),
    "minimax": ("""
def minimax(arbre, joueur_max):
    if isinstance(arbre, int):
        return arbre
    return max(minimax(f, joueur_max) for f in arbre)
""", "Expected:"),
    "alphabeta": ("""
def alphabeta(arbre, alpha, beta, joueur_max):
    if isinstance(arbre, int):
        return arbre
    valeurs = [alphabeta(f, alpha, beta, not joueur_max) for f in arbre]
    return max(valeurs) if joueur_max else min(valeurs)
""", "no pruning"),
}
