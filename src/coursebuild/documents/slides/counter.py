"""The counter algorithm (the chapter's ``calcule_rangs`` / ``compute_ranks``) run line by
line on a frame: the chapter's pseudocode, as the page prints it, with the line being run
highlighted, and beside it the queue, the counter just lowered and the ranks found. The
run is the steppers' (:func:`coursebuild.course.pages.algorithms.queue_steps`, on the arena of
the stepper's trace), and it must end on the ranks of the trace the page animates."""

from __future__ import annotations

import re
from collections import deque

from coursebuild.typeset.latex import Context, escape

QUEUE_LISTING = re.compile(r"^(Fonction calcule_rangs|Function compute_ranks)\(")
"""The first line of the chapter's listing that the frames run."""


def _lines(listing: str) -> dict[str, int]:
    """The lines of the listing the run goes through, found by what they do (so that an
    edit of the listing's words moves the highlight with them, and one that removes a
    line fails here)."""
    found: dict[str, int] = {}
    patterns = {
        "init": r"^\s+(rang|ranks)\[s\] ← 0",
        "dequeue": r"^\s+y ← ",
        "for": r"^\s+(Pour chaque|For each) x ",
        "test": r"^\s+(Si|If) x ∉ ",
        "lower": r"^\s+d\[x\] ← d\[x\] − 1",
        "enter_test": r"^\s+(Si|If) x ∈ S0",
        "enter": r"^\s+(rang|ranks)\[x\] ← ",
        "return": r"^\s+(Renvoyer|Return) ",
    }
    for k, line in enumerate(listing.splitlines()):
        for key, pattern in patterns.items():
            if key not in found and re.search(pattern, line):
                found[key] = k
    missing = sorted(set(patterns) - set(found))
    if missing:
        raise ValueError(f"the counter algorithm's listing lacks its lines {missing}")
    return found


def _show(v) -> str:
    return f"({v[0]},\\,{v[1]})" if isinstance(v, tuple) else escape(str(v))


def run(g, player: int = 0) -> list[dict]:
    """The line-by-line run on ``g``: each event the line it runs, the queue after it,
    the vertex and counter it touches, the ranks found so far."""
    from arena.course import chapter_dicts, dplus, renverse_graphe
    from coursebuild.course.pages.algorithms import queue_steps

    A, S0, S1, V0, V1 = chapter_dicts(g)
    Si, Vi = (S0, V0) if player == 0 else (S1, V1)
    d, B = dplus(A), renverse_graphe(A)
    rang = {s: 0 for s in Vi}
    queue = deque(Vi)
    before = {x: d[x] for x in d}
    events = [{"line": "init", "queue": list(queue), "y": None, "x": None,
               "ranks": dict(rang)}]
    for y, visits in queue_steps(B, Si, rang, d, queue):
        # queue_steps ran the whole visit of y: its events are replayed from its result
        entered = [x for x, what in visits if what == "enters"]
        q = [v for v in queue if v not in entered]
        ranks = {k: v for k, v in rang.items() if k not in entered}
        events.append({"line": "dequeue", "queue": list(q), "y": y, "x": None,
                       "ranks": dict(ranks)})
        for x, what in visits:
            events.append({"line": "for", "queue": list(q), "y": y, "x": x,
                           "ranks": dict(ranks)})
            events.append({"line": "test", "queue": list(q), "y": y, "x": x,
                           "ranks": dict(ranks)})
            if what == "known":
                continue
            events.append({"line": "lower", "queue": list(q), "y": y, "x": x,
                           "counter": (before[x], before[x] - 1), "ranks": dict(ranks)})
            before[x] -= 1
            events.append({"line": "enter_test", "queue": list(q), "y": y, "x": x,
                           "counter": (before[x] + 1, before[x]), "ranks": dict(ranks)})
            if what == "enters":
                ranks[x] = rang[x]
                q.append(x)
                events.append({"line": "enter", "queue": list(q), "y": y, "x": x,
                               "ranks": dict(ranks)})
    events.append({"line": "return", "queue": [], "y": None, "x": None,
                   "ranks": dict(rang)})
    return events


def counter_frames(listing: str, g, ctx: Context, title: str, ratio: str = "169") -> list:
    """The frame that runs the listing on ``g`` (J_0's ranks), one overlay per line
    run (the code a size smaller at 4:3, 8 pt: still above the deck's least size)."""
    from coursebuild.documents.slides.frame import WORDS, Frame

    words = WORDS[ctx.lang]
    lines = _lines(listing)
    events = run(g)
    by_line: dict[int, list[int]] = {}
    for k, event in enumerate(events, 1):
        by_line.setdefault(lines[event["line"]], []).append(k)
    code = []
    for n, text in enumerate(listing.rstrip("\n").splitlines()):
        slides = ",".join(str(k) for k in by_line.get(n, [])) or "0"
        content = "\\texttt{" + escape(text.replace(" ", "\u00a0"), formulas=False) + "}"
        code.append(f"\\slideline{{{slides}}}{{{content}}}\\\\[-1pt]")
    states = []
    colon = "~:" if ctx.lang == "fr" else ":"
    for k, e in enumerate(events, 1):
        queue = ", ".join(_show(v) for v in e["queue"]) or "\\(\\emptyset\\)"
        rows = [f"\\textbf{{{escape(words['queue'])}}}~: {queue}" if ctx.lang == "fr"
                else f"\\textbf{{{escape(words['queue'])}}}: {queue}"]
        if e["y"] is not None:
            rows.append(f"\\(y\\) = {_show(e['y'])}")
        if e["x"] is not None:
            counter = e.get("counter")
            rows.append(f"\\(x\\) = {_show(e['x'])}" + (
                f", \\(d(x)\\){colon} {counter[0]} \\(\\to\\) {counter[1]}" if counter
                else ""))
        # the rank as the course writes it: rg(x), rank(x)
        rank = "\\mathrm{rg}" if ctx.lang == "fr" else "\\mathrm{rank}"
        ranks = ", ".join(f"\\({rank}\\){_show(v)}\\,=\\,{r}" for v, r in e["ranks"].items())
        rows.append(f"\\textbf{{{escape(words['ranks'])}}}~: {ranks}" if ctx.lang == "fr"
                    else f"\\textbf{{{escape(words['ranks'])}}}: {ranks}")
        states.append(f"\\only<{k}>{{" + "\\par\n".join(rows) + "}")
    tex = ("\\begin{frame}{" + escape(title) + "}\n"
           "\\begin{columns}[T]\n\\begin{column}{0.6\\textwidth}\n"
           + ("\\footnotesize\n" if ratio == "169" else "\\scriptsize\n") +
           "\\setlength{\\fboxsep}{0.6pt}\n" + "\n".join(code) + "\n\\end{column}\n"
           "\\begin{column}{0.38\\textwidth}\n\\footnotesize\\raggedright\n"
           + "%\n".join(states) + "\n\\end{column}\n\\end{columns}\n\\end{frame}\n")
    return [Frame("counter", escape(title), tex, overlays=len(events))]
