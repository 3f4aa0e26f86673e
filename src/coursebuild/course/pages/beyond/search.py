"""The chapter *Au-delà* / *Beyond*, its part on game trees: minimax and alpha-beta on the
slides' tree (the figures, the counts, the steps), the exercises on a tree, and Othello's
evaluation (the listings)."""

from __future__ import annotations

from coursebuild.course.counts import LEAVES, NODES, STEPS, count, plain, said
from coursebuild.course.drawing import Drawing, _both_labels, _caption
from coursebuild.course.examples import EX_TREE, SLIDES_TREE
from coursebuild.course.facts import _listing_fragment, _steps_text, claim, listing_namespace
from coursebuild.paths import ROOT
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    table,
)


def _tree_name(path: tuple[int, ...]) -> str:
    """A0 for the root, B0-B2 for its children, C0-C8 below: the slides' names."""
    index = 0
    for i in path:
        index = index * 3 + i
    return "ABCDEFG"[len(path)] + str(index)


def _search_tree(result) -> object:
    import html

    from arena.render import COLOURS, GREY, INK_ON_ANY, tree_dot

    paths = sorted(set(result.visited) | set(result.pruned), key=lambda p: (len(p), p))
    pv = set(result.principal_variation) | {()}
    pruned_roots = set(result.pruned)
    stopped = {p[:-1] for p in pruned_roots}      # their value is only a bound

    def under_pruned(p):
        return any(p[:k] in pruned_roots for k in range(1, len(p) + 1))

    nodes, edges = [], []
    for p in paths:
        leaf = len(p) == 3
        maxing = len(p) % 2 == 0
        name = f"n{''.join(map(str, p))}"
        cut = under_pruned(p)
        value = SLIDES_TREE[p[0]][p[1]][p[2]] if leaf else result.values.get(p)
        text = "" if value is None else str(value).replace("-", "−")
        if text and p in stopped:
            text = ("≥ " if maxing else "≤ ") + text
        attrs = {"shape": "circle" if maxing else "square",
                 "class": "node pruned" if cut else ("node chosen" if p in pv else "node")}
        if leaf:
            shown = f"({text})" if cut else text      # a pruned value is never looked at
            attrs.update(shape="plaintext", width="0.3", height="0.3", style="",
                         fontcolor=INK_ON_ANY, label=html.escape(shown))
        else:
            attrs["label"] = f"<{_tree_name(p)}<BR/><B>{html.escape(text)}</B>>" \
                if text else _tree_name(p)
            if p in pv:
                attrs.update(color=COLOURS[0 if maxing else 1], penwidth="2.5")
        if cut:
            attrs.update(style="dashed", color=GREY, fontcolor=GREY)
        nodes.append((name, attrs))
        if p:
            parent = f"n{''.join(map(str, p[:-1]))}"
            e = {"id": f"e-{parent}-{name}"}
            if cut:
                e.update(style="dashed", color=GREY, **{"class": "pruned"})
            elif p in pv:
                e.update(color=COLOURS[0 if len(p) % 2 else 1], penwidth="3",
                         **{"class": "chosen"})
            edges.append((parent, name, e))
    return tree_dot(nodes, edges)


@count(NODES)
def minimax_nodes() -> int:
    """The nodes minimax evaluates on the slides' tree: all of them."""
    from arena.minimax import minimax_tree as search

    return len(search(SLIDES_TREE).visited)


@count(NODES)
def alphabeta_nodes() -> int:
    from arena.minimax import alphabeta_tree as search

    return len(search(SLIDES_TREE).visited)


@count(LEAVES)
def alphabeta_pruned_leaves() -> int:
    """The leaves alpha-beta never evaluates on the slides' tree (every pruned node is a
    leaf there)."""
    from arena.minimax import alphabeta_tree as search

    pruned = search(SLIDES_TREE).pruned
    claim(all(len(p) == 3 for p in pruned), "a pruned node of the slides' tree is not a leaf")
    return len(pruned)


def minimax_tree() -> Drawing:
    from arena.minimax import minimax_tree as search

    r = search(SLIDES_TREE)
    values = [r.values[(i,)] for i in range(3)]
    return Drawing(_search_tree(r), _caption(
        "Minimax sur un arbre de profondeur 3 : Jₘₐₓ (cercles) joue en A0 et voit trois "
        "coups à l'avance ; les feuilles portent la valeur de l'heuristique. Les valeurs "
        f"remontent : maximum aux cercles, minimum aux carrés ; B0, B1, B2 valent "
        f"{', '.join(map(str, values))} et A0 vaut {r.value}. En couleur, le chemin joué si "
        "chacun joue au mieux.",
        "Minimax on a tree of depth 3: Jₘₐₓ (circles) moves at A0 and looks three moves "
        "ahead; the leaves carry the value of the heuristic. Values are backed up: maximum "
        f"at circles, minimum at squares; B0, B1, B2 are worth {', '.join(map(str, values))} "
        f"and A0 is worth {r.value}. In colour, the path played when both play their best."),
        f"Minimax tree of depth 3; root value {r.value}; best move to B{r.move}.")


def alphabeta_tree() -> Drawing:
    from arena.minimax import alphabeta_tree as search

    r = search(SLIDES_TREE)
    return Drawing(_search_tree(r), _caption(
        f"Élagage alpha-bêta sur le même arbre : la valeur de A0 est la même ({r.value}), "
        f"mais {plain(alphabeta_pruned_leaves, 'fr')} feuilles ne sont jamais évaluées "
        "(entre parenthèses, "
        "reliées par des traits tiretés) : "
        "dès qu'un carré trouve une valeur inférieure ou égale à ce que Jₘₐₓ s'est déjà "
        "assuré, ou qu'un cercle une valeur supérieure ou égale à ce que Jₘᵢₙ s'est "
        "assuré, ses autres fils sont inutiles. Un nœud ainsi arrêté porte une borne "
        "(≤ ou ≥), pas sa valeur.",
        f"Alpha-beta pruning on the same tree: the value of A0 is the same ({r.value}), but "
        f"{plain(alphabeta_pruned_leaves, 'en')} leaves are never evaluated (in brackets, "
        "reached by dashed lines): "
        "as soon as a square "
        "finds a value at most what Jₘₐₓ is already sure of, or a circle a value at least "
        "what Jₘᵢₙ is sure of, its remaining children cannot matter. A node stopped this "
        "way carries a bound (≤ or ≥), not its value."),
        f"Alpha-beta on the same tree; {len(r.visited)} nodes visited, {len(r.pruned)} "
        "pruned.")


def _bound(x: float) -> str:
    return "+∞" if x == float("inf") else ("−∞" if x == float("-inf") else
                                            str(x).replace("-", "−"))


def alphabeta_trace(tree) -> dict:
    """The steps of alpha-beta on ``tree``, as the chapter's pseudo-code runs: entering a
    node with its bounds (α, β), a leaf evaluated, a value backed up, a cut. Checked
    against :func:`arena.minimax.alphabeta_tree` (same value, same leaves evaluated)."""
    import math

    from arena.minimax import alphabeta_tree as search

    steps: list[dict] = []
    shown: dict[str, str] = {}          # what each finished node shows: value or bound
    status: dict[str, str] = {}
    stack: list[str] = []
    evaluated: list[tuple[int, ...]] = []

    def name(p):
        return f"n{''.join(map(str, p))}"

    def step(p, fr, en, alpha, beta, event):
        marks = dict(status)
        for q in stack:
            marks[q] = "path"
        marks[name(p)] = "current"
        labels = dict(shown)
        if len(p) < 3:
            labels[name(p)] = f"α={_bound(alpha)} β={_bound(beta)}"
        # the row of the step in the book's table
        row = [_tree_name(p), _bound(alpha), _bound(beta), event]
        steps.append({"text": {"fr": fr, "en": en}, "marks": marks, "row": row,
                      "labels": _both_labels(labels),
                      "state": {"fr": [f"En {_tree_name(p)} : α = {_bound(alpha)}, "
                                       f"β = {_bound(beta)}"],
                                "en": [f"At {_tree_name(p)}: α = {_bound(alpha)}, "
                                       f"β = {_bound(beta)}"]}})

    def visit(node, p, maxing, alpha, beta):
        n = _tree_name(p)
        if not isinstance(node, list):
            evaluated.append(p)
            status[name(p)] = "done"
            step(p, f"{n} est une feuille : sa valeur est {_bound(node)}.",
                 f"{n} is a leaf: its value is {_bound(node)}.", alpha, beta,
                 {"fr": f"feuille, valeur {_bound(node)}", "en": f"leaf, value {_bound(node)}"})
            return node
        who = "Jₘₐₓ" if maxing else "Jₘᵢₙ"
        step(p, f"On entre en {n} ({who}) avec α = {_bound(alpha)} et β = {_bound(beta)}.",
             f"Enter {n} ({who}) with α = {_bound(alpha)} and β = {_bound(beta)}.",
             alpha, beta, {"fr": f"entrée ({who})", "en": f"enter ({who})"})
        stack.append(name(p))
        value = -math.inf if maxing else math.inf
        for i, child in enumerate(node):
            v = visit(child, p + (i,), not maxing, alpha, beta)
            value = max(value, v) if maxing else min(value, v)
            if maxing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            c = _tree_name(p + (i,))
            if alpha >= beta and i + 1 < len(node):
                cut = [p + (j,) for j in range(i + 1, len(node))]
                for q in cut:
                    status[name(q)] = "pruned"
                    if isinstance(_subtree(tree, q), list):
                        for leaf in _leaves(_subtree(tree, q), q):
                            status[name(leaf)] = "pruned"
                bound = ("≥ " if maxing else "≤ ") + _bound(value)
                names = ", ".join(_tree_name(q) for q in cut)
                stack.pop()
                shown[name(p)] = bound
                status[name(p)] = "done"
                one = len(cut) == 1
                verb_fr = "n'est pas exploré" if one else "ne sont pas explorés"
                verb_en = "is not explored" if one else "are not explored"
                step(p, f"{c} renvoie {_bound(v)} ; en {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)} : coupure, {names} {verb_fr}. {n} renvoie "
                     f"{_bound(value)}, une borne : sa vraie valeur est {bound}.",
                     f"{c} returns {_bound(v)}; at {n}, α = {_bound(alpha)} ≥ β = "
                     f"{_bound(beta)}: cut, {names} {verb_en}. {n} returns "
                     f"{_bound(value)}, a bound: its true value is {bound}.", alpha, beta,
                     {"fr": f"{c} renvoie {_bound(v)} ; coupure : {names} ; {n} vaut {bound}",
                      "en": f"{c} returns {_bound(v)}; cut: {names}; {n} is {bound}"})
                return value
            step(p, f"{c} renvoie {_bound(v)} ; en {n}, la meilleure valeur est "
                 f"{_bound(value)}, d'où α = {_bound(alpha)}, β = {_bound(beta)}.",
                 f"{c} returns {_bound(v)}; at {n}, the best value is {_bound(value)}, "
                 f"hence α = {_bound(alpha)}, β = {_bound(beta)}.", alpha, beta,
                 {"fr": f"{c} renvoie {_bound(v)}", "en": f"{c} returns {_bound(v)}"})
        stack.pop()
        shown[name(p)] = _bound(value)
        status[name(p)] = "done"
        steps[-1]["text"]["fr"] += f" {n} renvoie sa valeur {_bound(value)}."
        steps[-1]["text"]["en"] += f" {n} returns its value {_bound(value)}."
        steps[-1]["row"][-1] = {
            "fr": steps[-1]["row"][-1]["fr"] + f" ; {n} vaut {_bound(value)}",
            "en": steps[-1]["row"][-1]["en"] + f"; {n} is {_bound(value)}"}
        return value

    value = visit(tree, (), True, -math.inf, math.inf)
    ref = search(tree)
    claim(value == ref.value and evaluated == [p for p in ref.visited if len(p) == 3], 'the course says: value == ref.value and evaluated == [p for p in ref.visited if len(p) == 3]')
    nodes = {name(p): name(p) for p in _all_paths(tree)}
    columns = {"fr": ["Étape", "Nœud", "α", "β", "Ce qui se passe"],
               "en": ["Step", "Node", "α", "β", "What happens"]}
    return {"kind": "alphabeta", "nodes": nodes, "steps": steps, "columns": columns}


def _subtree(tree, p):
    for i in p:
        tree = tree[i]
    return tree


def _leaves(node, p):
    if not isinstance(node, list):
        return [p]
    return [q for i, child in enumerate(node) for q in _leaves(child, p + (i,))]


def _all_paths(node, p=()):
    out = [p]
    if isinstance(node, list):
        for i, child in enumerate(node):
            out += _all_paths(child, p + (i,))
    return out


@count(STEPS)
def alphabeta_trace_steps() -> int:
    return len(alphabeta_trace(SLIDES_TREE)["steps"])


def alphabeta_steps() -> Drawing:
    from arena.minimax import minimax_tree as full

    r = full(SLIDES_TREE)     # every node drawn, nothing marked: the stepper marks them
    bare = type(r)(value=r.value, move=None, visited=list(r.visited), values={})
    trace = alphabeta_trace(SLIDES_TREE)
    claim(len(trace["steps"]) == alphabeta_trace_steps(), "the trace changed length")
    return Drawing(_search_tree(bare), _caption(
        f"Alpha-bêta pas à pas sur l'arbre de profondeur 3 "
        f"({plain(alphabeta_trace_steps, 'fr')} étapes) ; "
        "la figure fixe montre l'arbre et ses feuilles. Dans la version animée : au nœud en "
        "cours (bordure épaisse), ses bornes α et β ; sur un nœud terminé, sa "
        "valeur, ou une borne (≤ ou ≥) quand une coupure l'a arrêté ; tireté : le chemin "
        "depuis la racine ; grisé et barré : les nœuds coupés, jamais explorés.",
        f"Alpha-beta step by step on the tree of depth 3 "
        f"({plain(alphabeta_trace_steps, 'en')} steps); the "
        "still figure shows the tree and its leaves. In the animated version: at the "
        "current node (thick border), its bounds α and β; on a finished node, its value, or "
        "a bound (≤ or ≥) when a cut stopped it; dashed: the path from the root; greyed "
        "and struck out: the cut nodes, never explored."),
        "Alpha-beta step by step on the tree of depth 3.", trace=trace)


@fragment
def othello_weights() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    rows = [(i + 1, *(str(w).replace("-", "−") for w in row))
            for i, row in enumerate(OTHELLO_WEIGHTS)]
    # the corner cell names the rows' numbers (a header cell without text is read as
    # nothing by a screen reader: axe's empty-table-header)
    return {lang: table((word, *"abcdefgh"), rows, "r" * 9)
            for lang, word in (("fr", "Ligne"), ("en", "Row"))}


@fragment
def search_facts() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    a, b = minimax_tree(SLIDES_TREE), alphabeta_tree(SLIDES_TREE)
    claim(a.value == b.value, "alpha-beta does not find minimax's value")
    return {lang: (
        f"Minimax évalue les {said(minimax_nodes, lang)} nœuds de l'arbre et trouve la valeur "
        f"{a.value} en A0, par le coup vers B{a.move}. Alpha-bêta trouve la même valeur en "
        f"n'évaluant que {said(alphabeta_nodes, lang)} nœuds : "
        f"{said(alphabeta_pruned_leaves, lang)} feuilles sont élaguées.\n"
        if lang == "fr" else
        f"Minimax evaluates the {said(minimax_nodes, lang)} nodes of the tree and finds the "
        f"value {a.value} at A0, by the move to B{a.move}. Alpha-beta finds the same value "
        f"evaluating only {said(alphabeta_nodes, lang)} nodes: "
        f"{said(alphabeta_pruned_leaves, lang)} leaves are pruned.\n") for lang in ("fr", "en")}


BEYOND_LISTINGS = ROOT / "docs" / "listings" / "beyond.py"


@fragment
def listing_minimax() -> Bilingual:
    return _listing_fragment("minimax", BEYOND_LISTINGS)


@fragment
def listing_othello() -> Bilingual:
    return _listing_fragment("othello", BEYOND_LISTINGS)


@fragment
def othello_example() -> Bilingual:
    from arena.minimax import OTHELLO_WEIGHTS

    score = listing_namespace("fr", BEYOND_LISTINGS)["heuristique_othello"]
    board = [[0] * 8 for _ in range(8)]
    board[0][0], board[1][1] = 1, -1
    corner = score(board, OTHELLO_WEIGHTS)
    board2 = [[0] * 8 for _ in range(8)]
    board2[0][0], board2[1][1] = -1, 1
    given = score(board2, OTHELLO_WEIGHTS)
    return both(
        f"Si $J_{{\\max}}$ tient le coin a1 et $J_{{\\min}}$ la case b2 voisine, la note vaut "
        f"{corner} ; dans la situation inverse, elle vaut {given}.\n".replace("-", "−"),
        f"If $J_{{\\max}}$ holds the corner a1 and $J_{{\\min}}$ the square b2 next to it, the "
        f"score is {corner}; the other way round, it is {given}.\n".replace("-", "−"))


@fragment
def alphabeta_steps_text() -> Bilingual:

    return _steps_text(alphabeta_trace(SLIDES_TREE))


@fragment
def ex_minimax() -> Bilingual:
    from arena.minimax import minimax_tree

    r = minimax_tree(EX_TREE)
    mins = [min(t) for t in EX_TREE]
    return both(
        f"Les trois nœuds $J_{{\\min}}$ valent {', '.join(map(str, mins))} ; la racine "
        f"vaut leur maximum, {r.value}, atteint par le coup vers le fils numéro "
        f"{r.move + 1} (de gauche à droite).\n",
        f"The three $J_{{\\min}}$ nodes are worth {', '.join(map(str, mins))}; the root is "
        f"worth their maximum, {r.value}, reached by the move to child number {r.move + 1} "
        "(from left to right).\n")


@count(LEAVES)
def ex_tree_leaves() -> int:
    """The leaves of the exercises' tree."""
    from arena.minimax import minimax_tree

    return sum(1 for p in minimax_tree(EX_TREE).visited if len(p) == 2)


@count(LEAVES)
def ex_tree_leaves_read() -> int:
    """Those alpha-beta reads."""
    from arena.minimax import alphabeta_tree

    return sum(1 for p in alphabeta_tree(EX_TREE).visited if len(p) == 2)


@fragment
def ex_alphabeta() -> Bilingual:
    from arena.minimax import alphabeta_tree, minimax_tree

    a, b = minimax_tree(EX_TREE), alphabeta_tree(EX_TREE)
    # the text explains the cuts: only in the second child, nothing in the third
    claim(a.value == b.value and {path[0] for path in b.pruned} == {1}, 'the course says: a.value == b.value and {path[0] for path in b.pruned} == {1}')
    cut = ", ".join(str(EX_TREE[i][j]) for i, j in b.pruned)
    return both(
        f"Alpha-bêta lit {said(ex_tree_leaves_read, 'fr')} feuilles sur "
        f"{said(ex_tree_leaves, 'fr')} : les feuilles "
        f"{cut} ne sont pas lues. Après le premier fils, $\\alpha = {min(EX_TREE[0])}$ ; "
        f"dans le deuxième, la première feuille donne $\\beta = {EX_TREE[1][0]}$, "
        f"et $\\alpha \\ge \\beta$ coupe le reste. Dans le troisième, $\\beta$ ne "
        f"descend sous $\\alpha$ qu'à la dernière feuille : rien n'est coupé. La valeur reste "
        f"{b.value}.\n",
        f"Alpha-beta reads {said(ex_tree_leaves_read, 'en')} leaves out of "
        f"{said(ex_tree_leaves, 'en')}: the leaves {cut} "
        f"are not read. After the first child, $\\alpha = {min(EX_TREE[0])}$; in the second, "
        f"the first leaf gives $\\beta = {EX_TREE[1][0]}$, and $\\alpha \\ge \\beta$ cuts the "
        f"rest. In the third, $\\beta$ only falls below $\\alpha$ at the last leaf: nothing is "
        f"cut. The value is still {b.value}.\n")
