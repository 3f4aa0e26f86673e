"""A problem on the chapter *Au-delà* / *Beyond*, its search part: minimax and alpha-beta
on a tree (A* is :mod:`coursebuild.course.bank.astar`)."""

from __future__ import annotations

import html
import itertools
import math
from typing import Any

from arena.minimax import alphabeta_tree, minimax_tree
from coursebuild.course.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.course.drawing import Drawing

# ---------------------------------------------------------------------------------
# minimax-alphabeta

MINIMAX = "minimax-alphabeta"
LEAVES = (14, 20)
PRUNED = (4, 9)

Tree = Any
Path = tuple[int, ...]


def _node(tree: Tree, path: Path) -> Tree:
    for i in path:
        tree = tree[i]
    return tree


def _paths(tree: Tree) -> list[Path]:
    """Every node by its path, level by level, left to right."""
    out: list[Path] = [()]
    for p in out:
        node = _node(tree, p)
        if isinstance(node, list):
            out.extend(p + (i,) for i in range(len(node)))
    return out


def node_names(tree: Tree) -> dict[Path, str]:
    """A0 for the root, B0, B1... for its children, C0... below, left to right; the leaves
    f1, f2... from left to right."""
    names: dict[Path, str] = {}
    count: dict[int, int] = {}
    leaves = 0
    for p in sorted(_paths(tree), key=lambda p: (len(p), p)):
        if isinstance(_node(tree, p), list):
            k = count.get(len(p), 0)
            names[p] = "ABC"[len(p)] + str(k)
            count[len(p)] = k + 1
    for p in sorted(_paths(tree)):
        if not isinstance(_node(tree, p), list):
            leaves += 1
            names[p] = f"f{leaves}"
    return names


def trace_alphabeta(tree: Tree) -> list[dict]:
    """The course's ``alphabeta`` run on ``tree`` (J_max at the root, children left to
    right): for each internal node in the order it is entered, its α and β on entry,
    the value it returns, and the children it skips (a cut)."""
    rows: list[dict] = []

    def visit(p: Path, alpha: float, beta: float, maxing: bool) -> float:
        node = _node(tree, p)
        if not isinstance(node, list):
            return node
        row = {"path": p, "alpha": alpha, "beta": beta, "cut": []}
        rows.append(row)
        v = -math.inf if maxing else math.inf
        for i in range(len(node)):
            w = visit(p + (i,), alpha, beta, not maxing)
            if maxing:
                v = max(v, w)
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                beta = min(beta, v)
            if alpha >= beta:
                row["cut"] = [p + (j,) for j in range(i + 1, len(node))]
                break
        row["value"] = v
        return v

    visit((), -math.inf, math.inf, True)
    return rows


def _leaves_under(tree: Tree, p: Path) -> list[Path]:
    return [q for q in _paths(tree) if q[:len(p)] == p and not isinstance(_node(tree, q), list)]


def _random_tree(r) -> Tree:
    return [[[r.randint(-9, 9) for _ in range(r.randint(2, 3))]
             for _ in range(r.randint(2, 3))] for _ in range(3)]


def _leaves_read(tree: Tree) -> int:
    return sum(1 for p in alphabeta_tree(tree).visited if len(p) == 3)


def _strict_best(values: list, maxing: bool) -> bool:
    best = max(values) if maxing else min(values)
    return values.count(best) == 1


def _good_tree(tree: Tree) -> bool:
    leaves = sum(len(c) for b in tree for c in b)
    if not LEAVES[0] <= leaves <= LEAVES[1]:
        return False
    r = minimax_tree(tree)
    # a unique best play: strictly best child at each node of the principal variation
    path: Path = ()
    for depth in range(3):
        node = _node(tree, path)
        values = [r.values[path + (i,)] for i in range(len(node))]
        if not _strict_best(values, depth % 2 == 0):
            return False
        path = path + (values.index(max(values) if depth % 2 == 0 else min(values)),)
    pruned = [q for p in alphabeta_tree(tree).pruned for q in _leaves_under(tree, p)]
    if not PRUNED[0] <= len(pruned) <= PRUNED[1]:
        return False
    rows = trace_alphabeta(tree)
    deep = any(len(row["path"]) == 1 and row["cut"] for row in rows)
    shallow = any(len(row["path"]) == 2 and row["cut"] for row in rows)
    best = min(_leaves_read([tree[i] for i in order])
               for order in itertools.permutations(range(3)))
    return deep and shallow and best < _leaves_read(tree)


NAMES = {"alphabeta_compte": "alphabeta_count", "lues": "leaves_read", "fils": "child"}
"""The French names of this module's own code and their English names (its
listings', and its problems' :attr:`coursebuild.course.bank.Problem.names`)."""


ALPHABETA_CODE = listing('''
def alphabeta_compte(arbre, alpha, beta, joueur_max):
    #fr La valeur alpha-bêta de l'arbre et le nombre de feuilles lues.
    #fr une feuille
    #en The alpha-beta value of the tree and the number of leaves read.
    #en a leaf
    if not isinstance(arbre, list):
        return arbre, 1
    lues = 0
    v = float("-inf") if joueur_max else float("inf")
    for fils in arbre:
        w, n = alphabeta_compte(fils, alpha, beta, not joueur_max)
        lues += n
        if joueur_max:
            v = max(v, w)
            alpha = max(alpha, v)
        else:
            v = min(v, w)
            beta = min(beta, v)
        #fr coupure
        #en cut-off
        if alpha >= beta:
            break
    return v, lues''', NAMES)


def _num(x: float) -> str:
    """A value in a formula: −∞, +∞ or the integer."""
    if x == math.inf:
        return r"+\infty"
    if x == -math.inf:
        return r"-\infty"
    return str(int(x))


def tree_figure(tree: Tree, caption: dict[str, str], *, values: dict[Path, float] | None = None,
                pv: list[Path] | None = None, pruned: list[Path] | None = None,
                bounds: dict[Path, str] | None = None) -> Drawing:
    """The course's search tree: J_max's nodes as circles, J_min's as squares, the leaves
    as their value with their name below; with ``values``, each node's backed-up value
    (``bounds`` marks those that are only a bound, ≥ or ≤); the principal variation
    ``pv`` thick and coloured; the ``pruned`` subtrees dashed and grey."""
    from arena.render import COLOURS, GREY, INK_ON_ANY, tree_dot

    names = node_names(tree)
    pv_set = set(pv or []) | {()}
    cut_roots = set(pruned or [])

    def under_cut(p: Path) -> bool:
        return any(p[:k] in cut_roots for k in range(1, len(p) + 1))

    nodes, edges = [], []
    for p in sorted(_paths(tree), key=lambda p: (len(p), p)):
        node = _node(tree, p)
        ident = "n" + "".join(map(str, p))
        maxing = len(p) % 2 == 0
        cut = under_cut(p)
        attrs: dict[str, str] = {"shape": "circle" if maxing else "square"}
        if not isinstance(node, list):
            value = str(node).replace("-", "−")
            label = (f"<<B>{html.escape(value)}</B><BR/>"
                     f"<FONT POINT-SIZE=\"9\">{names[p]}</FONT>>")
            attrs.update(shape="plaintext", style="", width="0.3", height="0.3",
                         fontcolor=INK_ON_ANY, label=label)
        else:
            text = ""
            if values is not None and p in values and not cut:
                text = (bounds or {}).get(p, "") + str(int(values[p])).replace("-", "−")
            attrs["label"] = (f"<{names[p]}<BR/><B>{html.escape(text)}</B>>" if text
                              else names[p])
            if values is not None and p in pv_set:
                attrs.update(color=COLOURS[0 if maxing else 1], penwidth="2.5")
        if cut:
            attrs.update(style="dashed", color=GREY, fontcolor=GREY)
        nodes.append((ident, attrs))
        if p:
            parent = "n" + "".join(map(str, p[:-1]))
            e: dict[str, str] = {"id": f"e-{parent}-{ident}"}
            if cut:
                e.update(style="dashed", color=GREY)
            elif values is not None and p in pv_set:
                e.update(color=COLOURS[0 if len(p) % 2 else 1], penwidth="3")
            edges.append((parent, ident, e))
    desc = (f"A search tree of depth 3 with {sum(1 for p in names if p and names[p][0] == 'f')} "
            "leaves; J_max moves at the root.")
    return Drawing(tree_dot(nodes, edges), caption, desc)


def minimax_alphabeta(seed: int) -> Variant:
    r = rng(MINIMAX, seed)
    for _ in range(100_000):
        tree = _random_tree(r)
        if _good_tree(tree):
            break
    else:
        raise RuntimeError(f"{MINIMAX}: no tree found for the seed {seed}")
    names = node_names(tree)
    mm = minimax_tree(tree)
    ab = alphabeta_tree(tree)
    rows = trace_alphabeta(tree)
    pruned_leaves = sorted((q for p in ab.pruned for q in _leaves_under(tree, p)),
                           key=lambda q: int(names[q][1:]))
    read = _leaves_read(tree)
    orders = {order: _leaves_read([tree[i] for i in order])
              for order in itertools.permutations(range(3))}
    fewest = min(orders.values())
    best_order = min(o for o, n in orders.items() if n == fewest)
    internal = [p for p in sorted(_paths(tree), key=lambda p: (len(p), p))
                if isinstance(_node(tree, p), list)]
    pv = [names[p] for p in mm.principal_variation]
    answers = {"values": {names[p]: mm.values[p] for p in internal},
               "value": mm.value, "move": names[(mm.move,)], "pv": pv,
               "pruned": [names[q] for q in pruned_leaves], "read": read,
               "cuts": [names[row["path"]] for row in rows if row["cut"]],
               "fewest": fewest, "best_order": [names[(i,)] for i in best_order]}
    bounds = {row["path"]: ("≥ " if len(row["path"]) % 2 == 0 else "≤ ")
              for row in rows if row["cut"]}
    values_ab = {row["path"]: row["value"] for row in rows}
    figures = {
        "tree": tree_figure(tree, bi(
            "L'arbre du problème : Jₘₐₓ joue aux cercles, Jₘᵢₙ aux carrés ; chaque feuille "
            "porte la valeur de l'heuristique et, en dessous, son nom.",
            "The tree of the problem: Jₘₐₓ moves at circles, Jₘᵢₙ at squares; each leaf "
            "carries the value of the heuristic and, below, its name.")),
        "minimax": tree_figure(tree, bi(
            "Corrigé de la question 1 : les valeurs minimax remontées ; en couleur, la partie "
            "jouée quand chacun joue au mieux.",
            "Solution of question 1: the minimax values backed up; in colour, the play when "
            "both play their best."), values=mm.values, pv=mm.principal_variation),
        "alphabeta": tree_figure(tree, bi(
            "Corrigé de la question 3 : l'élagage alpha-bêta ; en tireté gris, les branches "
            "jamais explorées ; un nœud coupé porte une borne (≤ ou ≥).",
            "Solution of question 3: alpha-beta pruning; dashed and grey, the branches never "
            "explored; a node cut off carries a bound (≤ or ≥)."),
            values=values_ab, pruned=ab.pruned, bounds=bounds),
    }
    python_tree = repr(tree)
    intro = bi(
        "Dans un jeu à deux joueurs, $J_{\\max}$ doit jouer en A0 et regarde trois coups à "
        "l'avance ; les positions atteintes sont notées par une heuristique (la valeur "
        "de la feuille, du point de vue de $J_{\\max}$). Aux cercles joue $J_{\\max}$, aux "
        "carrés $J_{\\min}$. En Python, l'arbre s'écrit, les fils de gauche à droite :"
        f"\n\n{fence(python_tree)}\n\n<!-- figure: tree -->\n\n"
        "L'élagage alpha-bêta est celui du cours : on parcourt les fils de gauche à droite, "
        "avec $\\alpha = -\\infty$ et $\\beta = +\\infty$ à la racine, et l'on coupe dès que "
        "$\\alpha \\ge \\beta$.",
        "In a two-player game, $J_{\\max}$ must move at A0 and looks three moves ahead; the "
        "positions reached are scored by a heuristic (the value of the leaf, from the point "
        "of view of $J_{\\max}$). $J_{\\max}$ moves at circles, $J_{\\min}$ at squares. In "
        "Python, the tree is written, children from left to right:"
        f"\n\n{fence(python_tree)}\n\n<!-- figure: tree -->\n\n"
        "Alpha-beta pruning is the course's: children are explored from left to right, with "
        "$\\alpha = -\\infty$ and $\\beta = +\\infty$ at the root, and a cut-off happens as "
        "soon as $\\alpha \\ge \\beta$.")

    def backed_up(node: Any, at_max: bool) -> int:
        """A node's value from the definition (the items' route, not minimax_tree's)."""
        if not isinstance(node, list):
            return int(node)
        values = [backed_up(child, not at_max) for child in node]
        return max(values) if at_max else min(values)

    def values_table(lang: str) -> str:
        head = ("Nœud", "Valeur") if lang == "fr" else ("Node", "Value")
        return table(head, [(names[p], f"${int(mm.values[p])}$") for p in internal], "lr")

    pv_text = " → ".join(["A0"] + pv)
    q1 = Q(bi("Calculer la valeur minimax de chaque nœud, puis celle de A0. Quel coup "
              "$J_{\\max}$ choisit-il en A0 ?",
              "Compute the minimax value of each node, then that of A0. Which move does "
              "$J_{\\max}$ choose at A0?"),
           {lang: ("Les valeurs remontent : maximum aux cercles, minimum aux carrés."
                   if lang == "fr" else
                   "The values are backed up: maximum at circles, minimum at squares.")
            + "\n\n" + values_table(lang) + "\n\n<!-- figure: minimax -->\n\n"
            + (f"A0 vaut ${int(mm.value)}$ : $J_{{\\max}}$ joue vers {names[(mm.move,)]}, "
               "le seul fils de cette valeur." if lang == "fr" else
               f"A0 is worth ${int(mm.value)}$: $J_{{\\max}}$ moves to {names[(mm.move,)]}, "
               "the only child of that value.")
            for lang in ("fr", "en")},
           [(2, bi("les valeurs des nœuds", "the values of the nodes")),
            (1, bi("la valeur de A0 et le coup", "the value of A0 and the move"))],
           items=[f"| {names[p]} | ${backed_up(_node(tree, p), len(p) % 2 == 0)}$ |"
                  for p in internal])
    q2 = Q(bi("Quelle partie est jouée si chacun joue au mieux selon ces valeurs ? À quelle "
              "feuille aboutit-elle ?",
              "Which play happens if both play their best according to these values? At "
              "which leaf does it end?"),
           bi(f"{pv_text} : à chaque nœud, le joueur prend l'unique fils de meilleure valeur "
              f"pour lui ; la partie aboutit à la feuille {pv[-1]}, de valeur "
              f"${int(mm.value)}$, la valeur de A0.",
              f"{pv_text}: at each node, the player takes the only child of best value for "
              f"them; the play ends at the leaf {pv[-1]}, of value ${int(mm.value)}$, the value "
              "of A0."),
           [(1, bi("la partie", "the play")), (1, bi("la feuille et sa valeur",
                                                      "the leaf and its value"))])

    def ab_table(lang: str) -> str:
        head = (("Nœud", "$\\alpha$, $\\beta$ à l'entrée", "Valeur renvoyée",
                 "Fils ignorés") if lang == "fr" else
                ("Node", "$\\alpha$, $\\beta$ on entry", "Value returned", "Children skipped"))
        out = []
        for row in rows:
            p = row["path"]
            bound = {"≥ ": r"\ge ", "≤ ": r"\le "}.get(bounds.get(p, ""), "")
            value = f"${bound}{int(row['value'])}$"
            skipped = ", ".join(names[q] for q in row["cut"]) or "—"
            out.append((names[p], f"${_num(row['alpha'])}$, ${_num(row['beta'])}$",
                        value, skipped))
        return table(head, out)

    pruned_text = ", ".join(answers["pruned"])
    q3 = Q(bi("Exécuter l'élagage alpha-bêta : pour chaque nœud interne exploré, dans "
              "l'ordre, donner $\\alpha$ et $\\beta$ à l'entrée, la valeur renvoyée (une "
              "borne s'il y a coupure) et les fils ignorés. Quelles feuilles ne sont pas "
              "lues ?",
              "Run alpha-beta pruning: for each internal node explored, in order, give "
              "$\\alpha$ and $\\beta$ on entry, the value returned (a bound if there is a "
              "cut-off) and the children skipped. Which leaves are not read?"),
           {lang: ab_table(lang) + "\n\n<!-- figure: alphabeta -->\n\n"
            + (f"Les feuilles {pruned_text} ne sont pas lues : {len(pruned_leaves)} sur "
               f"{read + len(pruned_leaves)}. A0 reçoit bien la valeur minimax "
               f"${int(ab.value)}$." if lang == "fr" else
               f"The leaves {pruned_text} are not read: {len(pruned_leaves)} of "
               f"{read + len(pruned_leaves)}. A0 does receive the minimax value "
               f"${int(ab.value)}$.")
            for lang in ("fr", "en")},
           [(3, bi("$\\alpha$, $\\beta$ et les valeurs, nœud par nœud",
                   "$\\alpha$, $\\beta$ and the values, node by node")),
            (2, bi("les feuilles non lues", "the leaves not read"))])
    deep = next(row for row in rows if len(row["path"]) == 1 and row["cut"])
    dp = deep["path"]
    q4 = Q(bi(f"Justifier la coupure faite en {names[dp]} : pourquoi les fils ignorés ne "
              "peuvent-ils pas changer la valeur de A0 ?",
              f"Justify the cut-off made at {names[dp]}: why can the children skipped not "
              "change the value of A0?"),
           bi(f"En {names[dp]}, nœud de $J_{{\\min}}$, on a $\\alpha = {_num(deep['alpha'])}$ "
              f"à l'entrée : $J_{{\\max}}$ est déjà sûr d'obtenir ${_num(deep['alpha'])}$ en A0 "
              f"par un fils exploré avant. Après un fils de valeur ${int(deep['value'])}$, "
              f"{names[dp]} vaut au plus ${int(deep['value'])}$, puisque $J_{{\\min}}$ y prend "
              f"le minimum, et ${int(deep['value'])} \\le {_num(deep['alpha'])}$. Quelles que "
              f"soient les valeurs des fils ignorés, {names[dp]} vaudra au plus "
              f"${int(deep['value'])}$, donc pas plus que ce que $J_{{\\max}}$ s'est déjà "
              "assuré : il ne le choisira pas de préférence, et la valeur de A0 ne change "
              "pas.",
              f"At {names[dp]}, a node of $J_{{\\min}}$, $\\alpha = {_num(deep['alpha'])}$ on "
              f"entry: $J_{{\\max}}$ is already sure to get ${_num(deep['alpha'])}$ at A0 "
              f"through a child explored before. After a child of value ${int(deep['value'])}$, "
              f"{names[dp]} is worth at most ${int(deep['value'])}$, since $J_{{\\min}}$ takes "
              f"the minimum there, and ${int(deep['value'])} \\le {_num(deep['alpha'])}$. "
              "Whatever the values of the children skipped, "
              f"{names[dp]} will be worth at most ${int(deep['value'])}$, no more than what "
              "$J_{\\max}$ is already sure of: it will not prefer it, and the value of A0 "
              "does not change."),
           [(1, bi("le sens de $\\alpha$ (ce que $J_{\\max}$ s'est assuré)",
                   "the meaning of $\\alpha$ (what $J_{\\max}$ is sure of)")),
            (1, bi("la borne sur le nœud et la conclusion",
                   "the bound on the node and the conclusion"))])
    order_text = ", ".join(answers["best_order"])
    q5 = Q(bi("On peut examiner les fils de A0 dans un autre ordre (les sous-arbres restent "
              "les mêmes). Quel est le plus petit nombre de feuilles lues par alpha-bêta sur "
              "les six ordres possibles ? Donner un ordre qui l'atteint et expliquer "
              "pourquoi il élague plus.",
              "The children of A0 may be examined in another order (the subtrees stay the "
              "same). What is the least number of leaves read by alpha-beta over the six "
              "possible orders? Give an order that reaches it and explain why it prunes "
              "more."),
           bi(f"Dans l'ordre donné, {read} feuilles sont lues ; au mieux, {fewest}, par "
              f"exemple dans l'ordre {order_text}. Examiner d'abord le meilleur coup, "
              f"{names[(mm.move,)]}, donne tout de suite $\\alpha = {int(mm.value)}$ : les "
              "autres fils de A0 sont coupés dès qu'ils montrent une valeur au plus "
              f"${int(mm.value)}$.",
              f"In the given order, {read} leaves are read; at best, {fewest}, for instance "
              f"in the order {order_text}. Examining the best move, {names[(mm.move,)]}, "
              f"first gives $\\alpha = {int(mm.value)}$ at once: the other children of A0 "
              f"are cut off as soon as they show a value of at most ${int(mm.value)}$."),
           [(1, bi("le nombre minimal", "the least number")),
            (1, bi("un ordre qui l'atteint", "an order that reaches it")),
            (1, bi("l'explication : le meilleur coup d'abord",
                   "the explanation: the best move first"))])
    q6 = Q(bi("Écrire une fonction récursive `alphabeta_compte(arbre, alpha, beta, "
              "joueur_max)` qui renvoie le couple formé de la valeur alpha-bêta de `arbre` "
              "(liste imbriquée comme ci-dessus, une feuille étant un entier) et du nombre "
              "de feuilles lues. Que renvoie l'appel `alphabeta_compte(arbre, "
              "float(\"-inf\"), float(\"inf\"), True)` sur l'arbre du problème ?",
              "Write a recursive function `alphabeta_compte(arbre, alpha, beta, "
              "joueur_max)` that returns the pair made of the alpha-beta value of `arbre` "
              "(a nested list as above, a leaf being an integer) and of the number of "
              "leaves read. What does the call `alphabeta_compte(arbre, float(\"-inf\"), "
              "float(\"inf\"), True)` return on the tree of the problem?"),
           {lang: fence(ALPHABETA_CODE[lang]) + "\n\n"
            + (f"Sur l'arbre du problème, l'appel renvoie `({int(ab.value)}, {read})`."
               if lang == "fr" else
               f"On the tree of the problem, the call returns `({int(ab.value)}, {read})`.")
            for lang in ("fr", "en")},
           [(1, bi("le cas d'une feuille", "the case of a leaf")),
            (2, bi("les bornes mises à jour et la coupure", "bounds updated and the cut-off")),
            (1, bi("le compte des feuilles", "the count of leaves")),
            (1, bi("le résultat sur l'arbre", "the result on the tree"))])
    return compose(MINIMAX, seed, {"tree": tree}, intro=intro,
                   questions=[q1, q2, q3, q4, q5, q6], figures=figures, answers=answers)


def check_minimax_alphabeta(v: Variant) -> None:
    tree = v.params["tree"]
    ans: dict[str, Any] = dict(v.answers)
    names = node_names(tree)
    by_name = {n: p for p, n in names.items()}
    leaves = sum(len(c) for b in tree for c in b)
    need(len(tree) == 3 and LEAVES[0] <= leaves <= LEAVES[1])

    def value(node: Tree, maxing: bool) -> int:       # the definition, recursively
        if not isinstance(node, list):
            return node
        vals = [value(c, not maxing) for c in node]
        return max(vals) if maxing else min(vals)

    for n, x in ans["values"].items():
        need(x == value(_node(tree, by_name[n]), len(by_name[n]) % 2 == 0))
    need(ans["value"] == value(tree, True) == alphabeta_tree(tree).value)
    children = [value(c, False) for c in tree]
    need(children.count(max(children)) == 1)
    need(ans["move"] == f"B{children.index(max(children))}")
    # the principal variation: strictly best child at each step, down to a leaf
    path: Path = ()
    for depth, step in enumerate(ans["pv"]):
        node = _node(tree, path)
        vals = [value(c, depth % 2 == 1) for c in node]
        best = max(vals) if depth % 2 == 0 else min(vals)
        need(vals.count(best) == 1 and by_name[step] == path + (vals.index(best),))
        path = by_name[step]
    need(len(ans["pv"]) == 3 and _node(tree, path) == ans["value"])
    # alpha-beta: the library's pruned subtrees, and the solution's program
    ab = alphabeta_tree(tree)
    pruned = {names[q] for p in ab.pruned for q in _leaves_under(tree, p)}
    need(set(ans["pruned"]) == pruned and PRUNED[0] <= len(pruned) <= PRUNED[1])
    need(ans["read"] == leaves - len(pruned))
    need(sorted(ans["cuts"]) == sorted({names[p[:-1]] for p in ab.pruned}))
    need(any(len(by_name[c]) == 1 for c in ans["cuts"]))
    need(any(len(by_name[c]) == 2 for c in ans["cuts"]))
    for lang in ("fr", "en"):
        namespace: dict[str, Any] = {}
        exec(ALPHABETA_CODE[lang], namespace)
        counting = namespace[own_name("alphabeta_compte", lang, NAMES)]
        need(counting(tree, -math.inf, math.inf, True) == (ans["value"], ans["read"]))
        reads = {order: counting([tree[i] for i in order], -math.inf, math.inf, True)[1]
                 for order in itertools.permutations(range(3))}
    need(ans["fewest"] == min(reads.values()) < ans["read"])
    order = tuple(int(n[1:]) for n in ans["best_order"])
    need(reads[order] == ans["fewest"])


PROBLEMS = (
    problem(id=MINIMAX, chapter="beyond", generate=minimax_alphabeta, check=check_minimax_alphabeta,
            title=bi("Minimax et élagage alpha-bêta", "Minimax and alpha-beta pruning"),
            names=NAMES),
)


FIELDS = {
    MINIMAX: (
        ask(1, "values", "map", "Valeur minimax de chaque nœud interne",
            "Minimax value of each internal node"),
        ask(1, "move", "position", "Le coup de $J_{\\max}$ en A0", "The move of $J_{\\max}$ at A0"),
        ask(2, "pv", "sequence", "La partie (de A0 exclu à la feuille)",
            "The play (from after A0 to the leaf)"),
        ask(3, "pruned", "set", "Feuilles non lues", "Leaves not read"),
        ask(5, "fewest", "number", "Nombre minimal de feuilles lues", "Fewest leaves read"),
    ),
}
"""The form of each problem's answers, by id (:class:`coursebuild.course.bank.fields.Field`):
the practice page's fields and the Moodle export's blanks."""
