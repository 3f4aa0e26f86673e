"""The chapter's minimax tree (the slides' tree of depth 3, :data:`coursebuild.course.examples.
SLIDES_TREE`) on a frame: minimax's values filled in bottom up, a level per slide, then
the best play; alpha-beta's cuts appearing in the order the search makes them. The values
and the cuts are :mod:`arena.minimax`'s; the tree is drawn here in TikZ so that its labels
stay readable on a slide."""

from __future__ import annotations

from coursebuild.typeset.latex import Context

LEVEL_GAP = 42.0
LEAF_GAP = 15.5          # points between two leaves at 16:9 (27 leaves: the slide's width)


def _name(path: tuple[int, ...]) -> str:
    """A0 for the root, B0-B2 for its children, C0-C8 below (the chapter's names)."""
    index = 0
    for i in path:
        index = index * 3 + i
    return "ABCD"[len(path)] + str(index)


def _x(path: tuple[int, ...], gap: float = LEAF_GAP) -> float:
    """The middle of a node's leaves."""
    span = 3 ** (3 - len(path))
    first = 0
    for i in path:
        first = first * 3 + i
    first *= span
    return (first + (span - 1) / 2) * gap


def _value(v: float) -> str:
    return str(int(v)).replace("-", "\u2212") if v == int(v) else str(v)


def _paths(depth: int = 3) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    level: list[tuple[int, ...]] = [()]
    for _ in range(depth):
        level = [p + (i,) for p in level for i in range(3)]
        out += level
    return out


def tree_frames(title: str, ctx: Context, ratio: str = "169") -> list:
    """Two frames: minimax filled in bottom up, alpha-beta's cuts in order."""
    from arena.minimax import alphabeta_tree, minimax_tree
    from coursebuild.course.examples import SLIDES_TREE
    from coursebuild.documents.slides.frame import Frame, figure_width

    gap = min(LEAF_GAP, figure_width(ratio, 20.0) / 26)

    def leaf(p):
        return SLIDES_TREE[p[0]][p[1]][p[2]]

    full = minimax_tree(SLIDES_TREE)
    pv = set(full.principal_variation)
    last = 4                                   # slides: leaves, C, B, A0 and the play
    lines = ["\\begin{tikzpicture}[x=1pt,y=1pt]"]
    for p in _paths():
        x, y = _x(p, gap), -LEVEL_GAP * len(p)
        if len(p) == 3:
            lines.append(f"\\node[font=\\footnotesize] (n{''.join(map(str, p))}) at "
                         f"({x:.1f},{y:.1f}) {{{_value(leaf(p))}}};")
            continue
        shape = "circle" if len(p) % 2 == 0 else "rectangle"
        shown = 4 - len(p)                      # C at slide 2, B at 3, A0 at 4
        value = _value(full.values[p])
        lines.append(f"\\node[draw=black!60,{shape},minimum size=17pt,inner sep=1pt,"
                     f"font=\\footnotesize,alt=<{last}->{{{'chosen' if p in pv or not p else ''}}}"
                     f"{{}}] (n{''.join(map(str, p))}) at ({x:.1f},{y:.1f}) "
                     f"{{\\only<-{shown - 1}>{{{_name(p)}}}\\only<{shown}->{{{value}}}}};")
    for p in _paths()[1:]:
        a, b = "".join(map(str, p[:-1])), "".join(map(str, p))
        style = f"alt=<{last}->{{chosenedge}}{{}}" if p in pv else ""
        lines.append(f"\\draw[draw=black!45,{style}] (n{a}) -- (n{b});")
    lines.append("\\end{tikzpicture}")
    minimax = ("\\begin{frame}{" + title + " -- minimax}\n\\centering\n"
               + "\n".join(lines) + "\n\\end{frame}\n")

    cut = alphabeta_tree(SLIDES_TREE)
    lines = ["\\begin{tikzpicture}[x=1pt,y=1pt]"]
    order = {p: k for k, p in enumerate(cut.pruned, 2)}    # a cut per slide, in order
    for p in _paths():
        x, y = _x(p, gap), -LEVEL_GAP * len(p)
        name = "".join(map(str, p))
        if len(p) == 3:
            lines.append(f"\\node[font=\\footnotesize] (n{name}) at ({x:.1f},{y:.1f}) "
                         f"{{{_value(leaf(p))}}};")
        else:
            shape = "circle" if len(p) % 2 == 0 else "rectangle"
            lines.append(f"\\node[draw=black!60,{shape},minimum size=17pt,inner sep=1pt,"
                         f"font=\\footnotesize] (n{name}) at ({x:.1f},{y:.1f}) "
                         f"{{{_name(p)}}};")
    for p in _paths()[1:]:
        a, b = "".join(map(str, p[:-1])), "".join(map(str, p))
        if p in order:
            k = order[p]
            lines.append(f"\\draw[draw=black!45,alt=<{k}->{{cutedge}}{{}}] (n{a}) -- (n{b});")
            lines.append(f"\\only<{k}->{{\\draw[cutmark] ($(n{a})!0.5!(n{b})$) "
                         f"++(-4pt,-3pt) -- ++(8pt,6pt);}}")
        else:
            lines.append(f"\\draw[draw=black!45] (n{a}) -- (n{b});")
    lines.append("\\end{tikzpicture}")
    count = len(cut.pruned)
    alphabeta = ("\\begin{frame}{" + title + " -- alpha-beta}\n\\centering\n"
                 + "\n".join(lines) + "\n\\end{frame}\n")
    return [Frame("minimax", title, minimax, overlays=last),
            Frame("alphabeta", title, alphabeta, overlays=count + 1)]
