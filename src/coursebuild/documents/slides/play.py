"""A play against the computed strategy, move by move, and the chapter's ``strategie`` /
``strategy`` run line by line, on frames.

The play: on the chapters' Nim (10 sticks, rule {1, 2}), from 10 sticks with J_0 to
move, J_0 plays the solver's strategy (:meth:`arena.solver.Solution.strategy`) and J_1
the longest resistance (the chapter's rule for a losing position: the successor of
greatest rank, the first in the graph's order when several have it), an overlay per
move on one figure, the current position's rank beside it: it goes down by one at each
move, and the play lasts exactly the rank of its first position.

The algorithm: the chapter's listing, its current line highlighted, beside it the
position ``s`` being looked at, its rank, the move chosen and the moves found so far;
the run is :func:`arena.course.choose_move`'s on the counter algorithm's ranks of both
attractors, and it must end on the solver's strategy."""

from __future__ import annotations

import re

from coursebuild.documents.slides.frame import WORDS, Frame, figure_width
from coursebuild.typeset.latex import Context, escape

STRATEGY_LISTING = re.compile(r"^(Fonction strategie|Function strategy)\(")
"""The first line of the chapter's listing of the strategy that the frames run."""
START = (10, 0)
"""Where the play starts: 10 sticks, J_0 to move (the chapters' Nim)."""


def _show(v) -> str:
    return f"({v[0]},\\,{v[1]})"


def longest_resistance(g, ranks: dict, x):
    """J_1's reply at ``x`` (in J_0's attractor): the successor of greatest rank for J_0,
    the first of them in the graph's order."""
    return max(g.successors(x), key=lambda y: ranks[y])


def play(g, sol, start=START) -> list:
    """The play from ``start``: J_0 by the solver's strategy, J_1 by the longest
    resistance, until it reaches a position of V_0 (or one without successor)."""
    moves = sol.strategy(0)
    ranks = dict(sol.ranks(0))
    if ranks.get(start) is None:
        raise ValueError(f"the play's start {start} is not in J_0's attractor")
    out = [start]
    while g.victory(out[-1]) is None and len(out) <= len(g):
        x = out[-1]
        out.append(moves[x] if x in g.S0 else longest_resistance(g, ranks, x))
    return out


def _nim_picture(g, ratio: str, styles, extra) -> tuple[list[str], dict]:
    """The chapters' Nim as TikZ nodes where the catalogue's figures put them, each with
    the styles ``styles(v)`` and the lines ``extra(v, name)`` after it; the lines and the
    nodes' names."""
    from coursebuild.course.drawing import _nim_rows

    positions = _nim_rows(g)
    xs = [p[0] for p in positions.values()]
    unit = figure_width(ratio, 24.0) / (max(xs) - min(xs))
    victory = set(g.V0) | set(g.V1)
    name = {v: f"v{v[0]}x{v[1]}" for v in g.vertices}
    lines = ["\\begin{tikzpicture}[x=1pt,y=1pt]"]
    for v in sorted(g.vertices):
        x, y = positions[v]
        kind = ["position", "player0" if v[1] == 0 else "player1"]
        kind += ["victory"] if v in victory else []
        lines.append(f"\\node[{','.join(kind + styles(v))}] ({name[v]}) at "
                     f"({(x - min(xs)) * unit:.1f},{y * unit:.1f}) {{{v[0]},{v[1]}}};")
        lines += extra(v, name[v])
    return lines, name


def play_frame(lang: str, ratio: str = "169") -> Frame:
    """The play against the strategy, an overlay per move (the first: its start)."""
    from coursebuild.course import examples

    g, sol = examples.nim_10()
    ranks = dict(sol.ranks(0))
    path = play(g, sol)
    at = {v: k for k, v in enumerate(path, 1)}     # the slide on which v is reached

    def styles(v):
        if v not in at:
            return []
        k = at[v]
        out = [f"alt=<{k}>{{added}}{{}}"]
        if k < len(path):
            out.append(f"alt=<{k + 1}->{{earlier}}{{}}")
        return out

    def extra(v, name):
        if v not in at:
            return []
        where = "above" if v[1] == 0 else "below"
        return [f"\\only<{at[v]}->{{\\node[{where}=0pt of {name},font=\\footnotesize"
                f"\\bfseries,text=blue!75!black] {{{ranks[v]}}};}}"]

    lines, name = _nim_picture(g, ratio, styles, extra)
    for v in sorted(g.vertices):
        for w in g.successors(v):
            played = next((k for k in range(1, len(path)) if path[k - 1:k + 1] == [v, w]),
                          None)
            style = f"move,alt=<{played + 1}->{{chosenedge}}{{}}" if played else "move"
            lines.append(f"\\draw[{style}] ({name[v]}) -- ({name[w]});")
    lines.append("\\end{tikzpicture}")
    words = WORDS[lang]
    colon = "~:" if lang == "fr" else ":"
    rows = [f"\\only<1>{{{words['play_start']}{colon} \\({_show(path[0])}\\), "
            f"{words['rank']} {ranks[path[0]]}. {words['play_rule']}}}"]
    for k in range(1, len(path)):
        x, y = path[k - 1], path[k]
        who = "J_0" if x in g.S0 else "J_1"
        how = words["play_j0"] if x in g.S0 else words["play_j1"]
        rows.append(f"\\only<{k + 1}>{{\\textbf{{{words['move']} {k}}}{colon} \\({who}\\) "
                    f"{how} \\({_show(x)} \\to {_show(y)}\\)\\quad {words['rank']} "
                    f"{ranks[x]} \\(\\to\\) {ranks[y]}"
                    + (f". {words['play_end'].format(n=k)}" if k == len(path) - 1 else "")
                    + "}")
    tex = ("\\begin{frame}{" + words["play"] + "}\n\\centering\n" + "\n".join(lines)
           + "\n\n\\bigskip\n\\raggedright\n" + "%\n".join(rows) + "\n\\end{frame}\n")
    return Frame("play", words["play"], tex, overlays=len(path))


def _lines(listing: str) -> dict[str, int]:
    """The listing's lines the run goes through, found by what they do (an edit of the
    listing's words moves the highlight with them; one that removes a line fails)."""
    patterns = {
        "init": r"^\s+(coup|move) ← ",
        "for": r"^\s+(Pour chaque|For each) s ",
        "nonempty": r"^\s+(Si|If) A\[s\] ",
        "win_test": r"^\s+(Si|If) s ∈ ",
        "win": r"^\s+(coup|move)\[s\] ← .* x ∈ ",
        "lose_test": r"^\s+(Sinon si|Else if) s ∈ ",
        "lose": r"^\s+(coup|move)\[s\] ← .*(plus grand|greatest)",
        "else": r"^\s+(Sinon|Else)\s*$",
        "draw": r"^\s+(coup|move)\[s\] ← .* x ∉ ",
        "return": r"^\s+(Renvoyer|Return) ",
    }
    found: dict[str, int] = {}
    for k, line in enumerate(listing.splitlines()):
        for key, pattern in patterns.items():
            if key not in found and re.search(pattern, line):
                found[key] = k
                break
    missing = sorted(set(patterns) - set(found))
    if missing:
        raise ValueError(f"the strategy's listing lacks its lines {missing}")
    return found


def _rank_names(listing: str) -> tuple[str, str]:
    """The listing's names of the two players' ranks: its third and fourth parameters."""
    params = re.match(r"^\w+ \w+\(([^)]*)\)", listing)
    names = [p.strip() for p in params[1].split(",")] if params else []
    if len(names) != 4:
        raise ValueError("the strategy's listing does not begin with its four parameters")
    return names[2], names[3]


def run(g, ranks0: dict, ranks1: dict) -> list[dict]:
    """The line-by-line run of the chapter's strategy for J_0 on ``g``: each event the
    line it runs, the position looked at, and the moves chosen so far."""
    from arena.course import chapter_dicts, choose_move

    A, S0, _, _, _ = chapter_dicts(g)
    move: dict = {}
    events = [{"line": "init", "s": None, "moves": {}}]
    for s in S0:
        events.append({"line": "for", "s": s, "moves": dict(move)})
        events.append({"line": "nonempty", "s": s, "moves": dict(move)})
        if not A[s]:
            continue
        events.append({"line": "win_test", "s": s, "moves": dict(move)})
        x = choose_move(A, ranks0, ranks1, s)
        if s in ranks0:
            line = "win"
        else:
            events.append({"line": "lose_test", "s": s, "moves": dict(move)})
            if s in ranks1:
                line = "lose"
            else:
                events.append({"line": "else", "s": s, "moves": dict(move)})
                line = "draw"
        move[s] = x
        events.append({"line": line, "s": s, "moves": dict(move)})
    events.append({"line": "return", "s": None, "moves": dict(move)})
    return events


def strategy_frames(listing: str, ctx: Context, ratio: str = "169") -> list[Frame]:
    """The frame that runs the listing on the chapters' Nim for J_0, an overlay per line
    run; its last moves are the solver's strategy (checked)."""
    from arena.solver import attractor
    from coursebuild.course import examples

    g, sol = examples.nim_10()
    ranks0, ranks1 = attractor(g, 0), attractor(g, 1)
    events = run(g, ranks0, ranks1)
    if events[-1]["moves"] != sol.strategy(0):
        raise ValueError("the strategy's listing, run on Nim, is not the solver's strategy")
    words = WORDS[ctx.lang]
    lines = _lines(listing)
    by_line: dict[int, list[int]] = {}
    for k, event in enumerate(events, 1):
        by_line.setdefault(lines[event["line"]], []).append(k)
    code = []
    for n, text in enumerate(listing.rstrip("\n").splitlines()):
        slides = ",".join(str(k) for k in by_line.get(n, [])) or "0"
        content = "\\texttt{" + escape(text.replace(" ", "\u00a0"), formulas=False) + "}"
        code.append(f"\\slideline{{{slides}}}{{{content}}}\\\\[-1pt]")
    colon = "~:" if ctx.lang == "fr" else ":"
    # the ranks named as the listing names them (rangs_i, rangs_adv), in its type: a
    # subscript of the state's 9 pt would be 6 pt, under the deck's least size
    mine, theirs = _rank_names(listing)
    states = []
    for k, e in enumerate(events, 1):
        rows = []
        s = e["s"]
        if s is not None:
            rank = (f"\\texttt{{{escape(mine)}[s]}} = {ranks0[s]}" if s in ranks0 else
                    f"\\texttt{{{escape(theirs)}[s]}} = {ranks1[s]}" if s in ranks1
                    else words["draw"])
            rows.append(f"\\(s\\) = {_show(s)}, {rank}")
        found = ", ".join(f"{_show(a)}\\(\\to\\){_show(b)}" for a, b in e["moves"].items())
        rows.append(f"\\textbf{{{escape(words['moves'])}}}{colon} "
                    + (found or "\\(\\emptyset\\)"))
        states.append(f"\\only<{k}>{{" + "\\par\n".join(rows) + "}")
    title = words["strategy"]
    # the code in 8 pt (its longest line fits 60 % of the 16:9 frame, not of the 4:3 one:
    # at 4:3 the state goes below the code, across the frame)
    listing_tex = "\\scriptsize\n\\setlength{\\fboxsep}{0.6pt}\n" + "\n".join(code)
    state_tex = "\\footnotesize\\raggedright\n" + "%\n".join(states)
    if ratio == "169":
        body = ("\\begin{columns}[T]\n\\begin{column}{0.6\\textwidth}\n" + listing_tex
                + "\n\\end{column}\n\\begin{column}{0.38\\textwidth}\n" + state_tex
                + "\n\\end{column}\n\\end{columns}\n")
    else:
        body = listing_tex + "\n\n\\medskip\n" + state_tex + "\n"
    tex = "\\begin{frame}{" + escape(title) + "}\n" + body + "\\end{frame}\n"
    return [Frame("strategy", escape(title), tex, overlays=len(events))]
