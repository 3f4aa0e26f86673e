"""Problems on the chapter *Au-delà* / *Beyond*, its search part: minimax and alpha-beta
on a tree, A* with heuristics to check."""

from __future__ import annotations

import html
import itertools
import math
from typing import Any

from arena.minimax import alphabeta_tree, minimax_tree
from coursebuild.bank._kit import *  # the kit's names: _kit.__all__
from coursebuild.drawing import Drawing

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
    return v, lues''')


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
              f"it; the play ends at the leaf {pv[-1]}, of value ${int(mm.value)}$, the value "
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
    q6 = Q(bi("Écrire une fonction Python récursive `alphabeta_compte(arbre, alpha, beta, "
              "joueur_max)` qui renvoie le couple formé de la valeur alpha-bêta de `arbre` "
              "(liste imbriquée comme ci-dessus, une feuille étant un entier) et du nombre "
              "de feuilles lues. Que renvoie l'appel `alphabeta_compte(arbre, "
              "float(\"-inf\"), float(\"inf\"), True)` sur l'arbre du problème ?",
              "Write a recursive Python function `alphabeta_compte(arbre, alpha, beta, "
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
        need(namespace["alphabeta_compte"](tree, -math.inf, math.inf, True) == (
            ans["value"], ans["read"]))
        counted = namespace["alphabeta_compte"]
        reads = {order: counted([tree[i] for i in order], -math.inf, math.inf, True)[1]
                 for order in itertools.permutations(range(3))}
    need(ans["fewest"] == min(reads.values()) < ans["read"])
    order = tuple(int(n[1:]) for n in ans["best_order"])
    need(reads[order] == ans["fewest"])


PROBLEMS = (
    problem(id=MINIMAX, chapter="beyond", generate=minimax_alphabeta, check=check_minimax_alphabeta,
            title=bi("Minimax et élagage alpha-bêta", "Minimax and alpha-beta pruning")),
)


# ---------------------------------------------------------------------------------
# astar-heuristics

ASTAR = "astar-heuristics"


def _astar_trace(g: dict, h: dict, start: str = "s", goal: str = "t"
                 ) -> list[tuple[str, int, int]] | None:
    """The course's A*: ``(vertex, g, f)`` at each expansion, until the goal is taken out;
    ``None`` when two entries of the queue ever tie for the least priority (a run by
    hand would then depend on a convention)."""
    import heapq

    dist = {start: 0}
    heap = [(h[start], 0, start)]
    order = {start: 0}
    done: set[str] = set()
    out = []
    while heap:
        f, _, u = heapq.heappop(heap)
        if u in done or f != dist[u] + h[u]:
            continue
        if any(ff == f and uu != u and uu not in done and ff == dist[uu] + h[uu]
               for ff, _, uu in heap):
            return None
        done.add(u)
        out.append((u, dist[u], f))
        if u == goal:
            return out
        for v, w in g[u].items():
            if dist[u] + w < dist.get(v, math.inf):
                dist[v] = dist[u] + w
                done.discard(v)
                order.setdefault(v, len(order))
                heapq.heappush(heap, (dist[v] + h[v], order[v], v))
    return out


def _astar_map(r) -> tuple[dict, dict, dict, dict] | None:
    """A graph where A* with ``h'`` (admissible, not consistent) expands a vertex twice:
    ``(graph, positions, h, h')``, or ``None`` when this draw does not give one."""
    from arena.astar import dijkstra_to

    names = ["s"] + list("abcdefg"[:r.randint(5, 6)]) + ["t"]
    pts = {"s": (0, r.randint(1, 3)), "t": (10, r.randint(1, 3))}
    used = set(pts.values())
    for v in names[1:-1]:
        while True:
            p = (r.randint(1, 9), r.randint(0, 4))
            if p not in used:
                used.add(p)
                pts[v] = p
                break

    def dist(u: str, v: str) -> float:
        return math.dist(pts[u], pts[v])

    base: dict[str, dict[str, int]] = {v: {} for v in names}
    for u in names[:-1]:
        targets = [v for v in names if v not in (u, "s") and pts[v][0] >= pts[u][0] - 1
                   and dist(u, v) <= 6]
        r.shuffle(targets)
        for v in targets[:r.randint(1, 3)]:
            if u not in base[v]:
                base[u][v] = math.ceil(dist(u, v)) + r.randint(0, 2)
    if _crossing(base, pts):
        return None
    h = {v: math.floor(dist(v, "t")) for v in names}
    mids = names[1:-1]
    pairs = [(u, v) for u in mids for v in mids if u != v and pts[u][0] <= pts[v][0]]
    r.shuffle(pairs)
    for u, v in pairs[:8]:
        g = {x: dict(y) for x, y in base.items()}
        w1, w2 = math.ceil(dist("s", u)), math.ceil(dist(u, v))
        g["s"][u], g[u] = w1, {v: w2}
        g["s"][v] = w1 + w2 + r.randint(1, 3)
        g[v].pop(u, None)
        delta = dijkstra_to(g, "t")
        if "s" not in delta or v not in delta or delta["s"] != w1 + delta[u]:
            continue
        if any(x not in delta for x in names):
            continue
        h2 = dict(h)
        h2[u], h2[v] = delta[u], 0
        once = _astar_trace(g, h)
        twice = _astar_trace(g, h2)
        blind = _astar_trace(g, {x: 0 for x in names})
        if once is None or twice is None or blind is None:
            continue
        seen = [x for x, _, _ in twice]
        if (sorted(set(x for x in seen if seen.count(x) > 1)) != [v]
                or seen.count(v) != 2 or len(blind) - len(once) < 2):
            continue
        # a unique shortest path from s; no edge drawn across another vertex
        if _count_shortest(g, delta) != 1 or _crossing(g, pts):
            continue
        return g, pts, h, h2
    return None


def _crossing(g: dict, pts: dict) -> bool:
    """Whether an edge, drawn straight, passes within 0.6 of a vertex not its end (the
    figure would be misread)."""
    for u in g:
        for v in g[u]:
            (x1, y1), (x2, y2) = pts[u], pts[v]
            for w, (x, y) in pts.items():
                if w in (u, v):
                    continue
                dx, dy = x2 - x1, y2 - y1
                t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
                if math.dist((x, y), (x1 + t * dx, y1 + t * dy)) < 0.6:
                    return True
    return False


def _count_shortest(g: dict, delta: dict, start: str = "s") -> int:
    """The number of shortest paths from ``start`` to the goal (distances ``delta``)."""
    memo: dict[str, int] = {}

    def count(u: str) -> int:
        if delta[u] == 0:
            return 1
        if u not in memo:
            memo[u] = sum(count(v) for v, w in g[u].items()
                          if v in delta and w + delta[v] == delta[u])
        return memo[u]

    return count(start)


def map_figure(g: dict, pts: dict, caption: dict[str, str], *,
               path: tuple[str, ...] = ()) -> Drawing:
    """The weighted directed graph at its points, the weight on each arc (the chapter's
    A* map); ``path`` thick and coloured."""
    import graphviz

    from arena.render import COLOURS, FONT, GREY, INK, INK_ON_ANY, PAPER

    dot = graphviz.Digraph(engine="neato")
    dot.attr(bgcolor="transparent", fontname=FONT, forcelabels="true")
    dot.attr("node", fontname=FONT, fontsize="14", shape="circle", style="filled",
             fillcolor=PAPER, color=GREY, fontcolor=INK, width="0.45", fixedsize="true")
    dot.attr("edge", color=GREY, fontname=FONT, fontsize="12", fontcolor=INK_ON_ANY,
             arrowsize="0.7")
    on_path = set(zip(path, path[1:]))
    for v, (x, y) in sorted(pts.items()):
        dot.node(v, pos=f"{x * 60},{y * 60}", id=f"v-{v}")
    for u in sorted(g):
        for v, w in g[u].items():
            attrs = {"label": str(w), "id": f"e-{u}-{v}"}
            if (u, v) in on_path:
                attrs.update(color=COLOURS[0], penwidth="3", fontcolor=COLOURS[0])
            dot.edge(u, v, **attrs)
    arcs = ", ".join(f"{u} -> {v} ({w})" for u in sorted(g) for v, w in g[u].items())
    return Drawing(dot, caption, f"A weighted directed graph; arcs with weights: {arcs}.",
                   fixed=True)


ASTAR_PSEUDO = (
    "```text\n"
    "Fonction A*(départ, but) :\n"
    "  g[départ] ← 0 ; F ← file de priorité contenant départ, de priorité h(départ)\n"
    "  Tant que F n'est pas vide, Faire\n"
    "    u ← retirer de F le sommet de plus petite priorité g[u] + h(u)\n"
    "    Si u = but Alors Renvoyer g[u] et le chemin mémorisé jusqu'à u\n"
    "    Pour chaque arc (u, v) de poids w, Faire\n"
    "      Si v n'a pas de g ou g[u] + w < g[v] Alors\n"
    "        g[v] ← g[u] + w ; parent[v] ← u\n"
    "        mettre v dans F avec la priorité g[v] + h(v)\n"
    "  Renvoyer « pas de chemin »\n"
    "Fin Fonction\n```",
    "```text\n"
    "Function A*(start, goal):\n"
    "  g[start] ← 0; F ← priority queue holding start, of priority h(start)\n"
    "  While F is not empty, Do\n"
    "    u ← take out of F the vertex of least priority g[u] + h(u)\n"
    "    If u = goal Then Return g[u] and the path remembered up to u\n"
    "    For each arc (u, v) of weight w, Do\n"
    "      If v has no g or g[u] + w < g[v] Then\n"
    "        g[v] ← g[u] + w; parent[v] ← u\n"
    "        put v in F with the priority g[v] + h(v)\n"
    "  Return \"no path\"\n"
    "End Function\n```")


def astar_heuristics(seed: int) -> Variant:
    from arena.astar import astar, dijkstra_to

    r = rng(ASTAR, seed)
    for _ in range(10_000):
        found = _astar_map(r)
        if found is not None:
            break
    else:
        raise RuntimeError(f"{ASTAR}: no graph found for the seed {seed}")
    g, pts, h, h2 = found
    names = sorted(g, key=lambda v: (v != "s", v == "t", v))
    delta = dijkstra_to(g, "t")
    once = _astar_trace(g, h)
    twice = _astar_trace(g, h2)
    blind = _astar_trace(g, {v: 0 for v in g})
    need(once is not None and twice is not None and blind is not None)
    res1, res2 = astar(g, "s", "t", h.get), astar(g, "s", "t", h2.get)
    again = sorted({x for x, _, _ in twice if [y for y, _, _ in twice].count(x) > 1})
    bad = [(u, v) for u in sorted(g) for v, w in g[u].items() if h2[u] > w + h2[v]]
    extra = sorted({x for x, _, _ in blind} - {x for x, _, _ in once})
    answers = {"delta": {v: delta[v] for v in names}, "h_consistent": True,
               "h_admissible": True, "h2_consistent": False, "h2_admissible": True,
               "h2_bad_edges": [list(e) for e in bad],
               "expanded_h": [x for x, _, _ in once], "path": list(res1.path),
               "cost": res1.cost, "expanded_h2": [x for x, _, _ in twice],
               "twice": again, "path_h2": list(res2.path),
               "expanded_dijkstra": [x for x, _, _ in blind], "dijkstra_extra": extra}
    figures = {
        "map": map_figure(g, pts, bi(
            "Le graphe du problème : sur chaque arête, son poids. On cherche un plus court "
            "chemin de s à t.",
            "The graph of the problem: on each edge, its weight. We look for a shortest path "
            "from s to t.")),
        "path": map_figure(g, pts, bi(
            f"Corrigé : le plus court chemin de s à t, de longueur {res1.cost}, en bleu.",
            f"Solution: the shortest path from s to t, of length {res1.cost}, in blue."),
            path=res1.path)}
    arcs = ", ".join(f"${u} \\to {v}$ ({w})" for u in names for v, w in g[u].items())
    htable = table(["$x$"] + [f"${v}$" for v in names],
                   [["$h(x)$"] + [str(h[v]) for v in names],
                    ["$h'(x)$"] + [str(h2[v]) for v in names]])
    intro = bi(
        "On cherche un plus court chemin de $s$ à $t$ dans le graphe orienté pondéré "
        "ci-dessous ; ses arêtes, avec leur poids, sont " + arcs + ".\n\n<!-- figure: map -->"
        "\n\nOn dispose de deux heuristiques $h$ et $h'$ :\n\n" + htable + "\n\n"
        "On note $\\delta(x)$ la distance de $x$ à $t$. Rappels : $h$ est *admissible* si "
        "$h(x) \\le \\delta(x)$ pour tout $x$, *cohérente* si $h(t) = 0$ et "
        "$h(x) \\le w(x, y) + h(y)$ pour toute arête $(x, y)$ de poids $w(x, y)$. A\\* est "
        "l'algorithme du cours, où $g$ désigne la longueur du meilleur chemin trouvé depuis "
        "$s$ et $f = g + h$ la priorité ; un sommet retiré de la file est dit *développé* "
        "(dans ce problème, deux sommets de la file n'ont jamais la même priorité "
        "minimale) :\n\n" + ASTAR_PSEUDO[0],
        "We look for a shortest path from $s$ to $t$ in the weighted directed graph below; "
        "its edges, with their weights, are " + arcs + ".\n\n<!-- figure: map -->\n\n"
        "Two heuristics $h$ and $h'$ are given:\n\n" + htable + "\n\n"
        "$\\delta(x)$ is the distance from $x$ to $t$. Recall: $h$ is *admissible* if "
        "$h(x) \\le \\delta(x)$ for every $x$, *consistent* if $h(t) = 0$ and "
        "$h(x) \\le w(x, y) + h(y)$ for every edge $(x, y)$ of weight $w(x, y)$. A\\* is the "
        "course's algorithm, where $g$ is the length of the best path found from $s$ and "
        "$f = g + h$ the priority; a vertex taken out of the queue is *expanded* (in this "
        "problem, two vertices of the queue never share the least priority):\n\n"
        + ASTAR_PSEUDO[1])

    def run_table(run: list, heur: str, lang: str) -> str:
        head = (("Étape", "Sommet développé", "$g$", f"$f = g + {heur}$") if lang == "fr"
                else ("Step", "Vertex expanded", "$g$", f"$f = g + {heur}$"))
        return table(head, [(k, f"${x}$", gx, fx) for k, (x, gx, fx) in
                            enumerate(run, start=1)], "rlrr")

    dtable = table(["$x$"] + [f"${v}$" for v in names],
                   [["$\\delta(x)$"] + [str(delta[v]) for v in names]])
    # the distances by another route than Dijkstra's: Bellman and Ford's relaxations
    relaxed = {v: math.inf for v in names} | {"t": 0}
    for _ in names:
        for u in g:
            for v, w in g[u].items():
                relaxed[u] = min(relaxed[u], w + relaxed.get(v, math.inf))
    q1 = Q(bi("Calculer la distance $\\delta(x)$ de chaque sommet $x$ à $t$.",
              "Compute the distance $\\delta(x)$ from each vertex $x$ to $t$."),
           bi("On remonte depuis $t$ (Dijkstra sur le graphe renversé) : "
              "$\\delta(x) = \\min_y (w(x, y) + \\delta(y))$.\n\n" + dtable,
              "Going back from $t$ (Dijkstra on the reversed graph): "
              "$\\delta(x) = \\min_y (w(x, y) + \\delta(y))$.\n\n" + dtable),
           [(3, bi("les distances (−1 par erreur)", "the distances (−1 per mistake)"))],
           items=["| $\\delta(x)$ | " + " | ".join(str(relaxed[v]) for v in names) + " |"])
    bad_text = ", ".join(f"${u} \\to {v}$ : ${h2[u]} > {g[u][v]} + {h2[v]}$"
                         for u, v in bad)
    bad_text_en = ", ".join(f"${u} \\to {v}$: ${h2[u]} > {g[u][v]} + {h2[v]}$"
                            for u, v in bad)
    q2 = Q(bi("L'heuristique $h$ est-elle admissible ? cohérente ? Même question pour $h'$. "
              "Justifier.",
              "Is the heuristic $h$ admissible? consistent? Same question for $h'$. Justify."),
           bi("$h(t) = 0$ et, arête par arête, $h(x) \\le w(x, y) + h(y)$ : $h$ est cohérente, "
              "donc admissible (théorème du cours ; on le voit aussi en comparant avec "
              "$\\delta$). Pour $h'$, on compare avec $\\delta$ sommet par sommet : "
              "$h'(x) \\le \\delta(x)$ partout, $h'$ est admissible. Elle n'est pas "
              f"cohérente : {bad_text}.",
              "$h(t) = 0$ and, edge by edge, $h(x) \\le w(x, y) + h(y)$: $h$ is consistent, "
              "hence admissible (the course's theorem; comparing with $\\delta$ shows it "
              "too). For $h'$, we compare with $\\delta$ vertex by vertex: "
              "$h'(x) \\le \\delta(x)$ everywhere, $h'$ is admissible. It is not "
              f"consistent: {bad_text_en}."),
           [(1, bi("$h$ cohérente et admissible, vérifié",
                   "$h$ consistent and admissible, checked")),
            (1, bi("$h'$ admissible, par $\\delta$", "$h'$ admissible, by $\\delta$")),
            (1, bi("$h'$ non cohérente, avec une arête", "$h'$ not consistent, with an edge"))])
    path_text = " \\to ".join(res1.path)
    q3 = Q(bi("Exécuter A\\* avec $h$ : donner dans l'ordre les sommets développés avec leurs "
              "valeurs $g$ et $f$, le chemin trouvé et sa longueur.",
              "Run A\\* with $h$: give in order the vertices expanded with their values $g$ "
              "and $f$, the path found and its length."),
           {lang: run_table(once, "h", lang) + "\n\n"
            + (f"Le chemin trouvé est ${path_text}$, de longueur {res1.cost} "
               f"$= \\delta(s)$." if lang == "fr" else
               f"The path found is ${path_text}$, of length {res1.cost} $= \\delta(s)$.")
            for lang in ("fr", "en")},
           [(3, bi("l'ordre des développements avec $g$ et $f$",
                   "the order of expansions with $g$ and $f$")),
            (2, bi("le chemin et sa longueur", "the path and its length"))])
    path2_text = " \\to ".join(res2.path)
    (w,) = again
    u = res2.path[res2.path.index(w) - 1]
    runs = [k for k, (x, _, _) in enumerate(twice) if x == w]
    _, g_first, f_first = twice[runs[0]]
    _, g_second, _ = twice[runs[1]]
    f_u = next(f for x, _, f in twice if x == u)
    first_from = next(x for x in g if w in g[x] and x != u and any(
        y == x and gy + g[x][w] == g_first for y, gy, _ in twice[:runs[0]]))
    q4 = Q(bi("Exécuter A\\* avec $h'$. Un sommet est-il développé deux fois ? Pourquoi ? "
              "Le chemin trouvé est-il un plus court chemin ?",
              "Run A\\* with $h'$. Is a vertex expanded twice? Why? Is the path found a "
              "shortest path?"),
           {lang: run_table(twice, "h'", lang) + "\n\n" + (
               f"${w}$ est développé deux fois. Il est d'abord atteint par l'arête "
               f"${first_from} \\to {w}$, avec $g = {g_first}$ et la priorité {f_first}, "
               f"plus petite que celle de ${u}$ ({f_u}) : il est développé avec ce $g$ trop "
               f"grand. Quand ${u}$ est développé, $g({w})$ baisse à {g_second} et ${w}$ "
               f"revient dans la file. Cela ne peut arriver qu'avec une heuristique non "
               f"cohérente : ici $h'({u}) = {h2[u]} > w({u}, {w}) + h'({w}) = "
               f"{g[u][w] + h2[w]}$. Le chemin trouvé est ${path2_text}$, de longueur "
               f"{res2.cost} $= \\delta(s)$ : $h'$ est admissible, donc le chemin renvoyé quand "
               "$t$ est retiré est un plus court chemin (théorème du cours)." if lang == "fr"
               else
               f"${w}$ is expanded twice. It is first reached by the edge "
               f"${first_from} \\to {w}$, with $g = {g_first}$ and the priority {f_first}, "
               f"less than that of ${u}$ ({f_u}): it is expanded with that $g$, too large. "
               f"When ${u}$ is expanded, $g({w})$ goes down to {g_second} and ${w}$ comes "
               "back into the queue. This can only happen with a heuristic that is not "
               f"consistent: here $h'({u}) = {h2[u]} > w({u}, {w}) + h'({w}) = "
               f"{g[u][w] + h2[w]}$. The path found is ${path2_text}$, of length "
               f"{res2.cost} $= \\delta(s)$: $h'$ is admissible, so the path returned when "
               "$t$ is taken out is a shortest path (the course's theorem).")
            for lang in ("fr", "en")},
           [(2, bi("l'ordre des développements", "the order of expansions")),
            (1, bi("le sommet développé deux fois, et pourquoi",
                   "the vertex expanded twice, and why")),
            (1, bi("le chemin est le plus court, par l'admissibilité",
                   "the path is shortest, by admissibility"))])
    q5 = Q(bi("Avec $h = 0$ (l'algorithme de Dijkstra), combien de sommets sont développés "
              "jusqu'à ce que $t$ soit retiré de la file ? Lesquels A\\* avec $h$ "
              "évite-t-il ?",
              "With $h = 0$ (Dijkstra's algorithm), how many vertices are expanded until $t$ "
              "is taken out of the queue? Which ones does A\\* with $h$ avoid?"),
           bi(f"Dijkstra développe {len(blind)} sommets, dans l'ordre "
              + ", ".join(f"${x}$" for x, _, _ in blind)
              + f" ; A\\* avec $h$ en développe {len(once)} et évite "
              + words([f"${x}$" for x in extra], "fr") + ".",
              f"Dijkstra expands {len(blind)} vertices, in the order "
              + ", ".join(f"${x}$" for x, _, _ in blind)
              + f"; A\\* with $h$ expands {len(once)} and avoids "
              + words([f"${x}$" for x in extra], "en") + "."),
           [(1, bi("le nombre", "the number")), (1, bi("les sommets évités",
                                                         "the vertices avoided"))])
    q6 = Q(bi("On suppose $h$ cohérente. Montrer que les priorités $f$ des sommets développés "
              "par A\\*, dans l'ordre où ils le sont, forment une suite croissante au sens "
              "large.",
              "Assume $h$ consistent. Show that the priorities $f$ of the vertices expanded "
              "by A\\*, in the order they are expanded, form a non-decreasing sequence."),
           bi("Soit $u$ un sommet développé, de priorité $f(u) = g(u) + h(u)$, la plus petite "
              "de la file à ce moment. En développant $u$, on met (ou remet) dans la file "
              "des sommets $v$ avec la priorité $g(u) + w(u, v) + h(v) \\ge g(u) + h(u) = "
              "f(u)$, par cohérence. Les autres éléments de la file avaient déjà une priorité "
              "au moins $f(u)$. Après le développement de $u$, toute la file a donc des "
              "priorités au moins $f(u)$, et le sommet développé ensuite aussi. Par "
              "récurrence, la suite des priorités développées ne décroît jamais (c'est ce "
              "qu'on voit dans la colonne $f$ de la question 3, et pas dans celle de la "
              "question 4).",
              "Let $u$ be a vertex expanded, of priority $f(u) = g(u) + h(u)$, the least of "
              "the queue at that moment. Expanding $u$ puts (or puts back) into the queue "
              "vertices $v$ with the priority $g(u) + w(u, v) + h(v) \\ge g(u) + h(u) = "
              "f(u)$, by consistency. The other elements of the queue already had a "
              "priority at least $f(u)$. After $u$ is expanded, the whole queue therefore "
              "has priorities at least $f(u)$, and so does the next vertex expanded. By "
              "induction, the sequence of priorities expanded never decreases (as the column "
              "$f$ of question 3 shows, and not that of question 4)."),
           [(1, bi("l'inégalité par cohérence sur les sommets ajoutés",
                   "the inequality by consistency on the vertices added")),
            (1, bi("les éléments déjà dans la file", "the elements already in the queue")),
            (1, bi("la récurrence", "the induction"))])
    params = {"graph": {u: dict(sorted(g[u].items())) for u in sorted(g)},
              "points": {v: list(p) for v, p in sorted(pts.items())},
              "h": dict(sorted(h.items())), "h2": dict(sorted(h2.items()))}
    return compose(ASTAR, seed, params, intro=intro, questions=[q1, q2, q3, q4, q5, q6],
                   figures=figures, answers=answers,
                   solution_intro=bi("<!-- figure: path -->", "<!-- figure: path -->"))


def check_astar_heuristics(v: Variant) -> None:
    from arena.astar import astar, dijkstra_to, is_admissible, is_consistent

    p: dict[str, Any] = dict(v.params)
    ans: dict[str, Any] = dict(v.answers)
    g, h, h2 = p["graph"], p["h"], p["h2"]
    need(7 <= len(g) <= 8)
    # distances by relaxing every arc until nothing changes (Bellman-Ford), against Dijkstra
    delta = {x: (0 if x == "t" else math.inf) for x in g}
    for _ in range(len(g)):
        for x in g:
            for y, w in g[x].items():
                delta[x] = min(delta[x], w + delta[y])
    need(delta == dijkstra_to(g, "t") and ans["delta"] == delta)
    need(_count_shortest(g, delta) == 1)
    need(not _crossing(g, {x: tuple(q) for x, q in p["points"].items()}))
    for name_, heur in (("h", h), ("h2", h2)):
        adm = all(heur[x] <= delta[x] for x in g)
        cons = heur["t"] == 0 and all(heur[x] <= w + heur[y] for x in g for y, w in g[x].items())
        need((adm, cons) == (ans[f"{name_}_admissible"], ans[f"{name_}_consistent"]))
        need((adm, cons) == (is_admissible(g, "t", heur.get), is_consistent(g, "t", heur.get)))
    need(ans["h2_bad_edges"] == [[x, y] for x in sorted(g) for y, w in g[x].items()
                                   if h2[x] > w + h2[y]])
    once, twice = astar(g, "s", "t", h.get), astar(g, "s", "t", h2.get)
    blind = astar(g, "s", "t", lambda x: 0)
    need(ans["expanded_h"] == list(once.expanded) and ans["path"] == list(once.path))
    need(ans["cost"] == once.cost == delta["s"] == twice.cost)
    need(ans["expanded_h2"] == list(twice.expanded) and ans["path_h2"] == list(twice.path))
    need(ans["twice"] and all(twice.expanded.count(x) == 2 for x in ans["twice"]))
    need(ans["expanded_dijkstra"] == list(blind.expanded))
    need(ans["dijkstra_extra"] == sorted(set(blind.expanded) - set(once.expanded)))
    need(len(ans["dijkstra_extra"]) >= 2)
    # no tie for the least priority: the runs by hand are unambiguous
    for heur in (h, h2, {x: 0 for x in g}):
        need(_astar_trace(g, heur) is not None)
    fs = [f for _, _, f in _astar_trace(g, h) or []]
    need(fs == sorted(fs))


PROBLEMS = PROBLEMS + (
    problem(id=ASTAR, chapter="beyond", generate=astar_heuristics, check=check_astar_heuristics,
            minutes=45,
            title=bi("A* et ses heuristiques", "A* and its heuristics")),
)
