"""A chapter's deck, frame by frame, from the built site's page (the text the book prints,
converted by :mod:`coursebuild.typeset.latex`): its definitions and theorems as blocks titled as
the chapter titles them, its figures that stay readable on a slide, the attractor's steps
as overlays on one figure computed from the solver, the counter algorithm run line by
line from its stepper's trace; the notes version adds the chapter's teaching notes (the
misconceptions to watch, the questions to ask) as note pages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from coursebuild.documents.slides.counter import counter_frames
from coursebuild.documents.slides.frame import WORDS, Frame, figure_width
from coursebuild.documents.slides.plan import Planned, article, figure_scale, min_text_pt, plan
from coursebuild.paths import ROOT
from coursebuild.typeset.latex import Context, escape

__all__ = ["Deck", "chapter_deck", "min_text_pt", "teaching_notes"]


@dataclass
class Deck:
    """A chapter's deck: its frames, what it left out (figures too small to be read)."""

    lang: str
    number: int
    page: str
    title: str
    frames: list[Frame] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # note pages after the last frame
    left_out: list[str] = field(default_factory=list)
    left_out_why: dict[str, str] = field(default_factory=dict)   # each one's reason
    figures_dir: Path = ROOT / "site" / "figures"    # the figures' PDFs, to cut them
    levels: list[list[str]] = field(default_factory=list)   # the attractor's, shown


def fragment(html: str, ctx: Context) -> str:
    """A piece of the page as LaTeX, by the book's converters, without what the book adds
    after a piece (its "Online" box, its solutions): a slide shows the piece alone."""
    from coursebuild.typeset.latex.converter import Converter, _unmarked
    from coursebuild.typeset.latex.text import book_wording

    root = BeautifulSoup(html, "lxml").body or BeautifulSoup("", "lxml")
    conv = Converter(ctx, "slides", numbered=False)
    return book_wording(_unmarked(conv.blocks(root), ctx), ctx.lang)


def section_tex(section: str) -> str:
    r"""A section's title as a frame's title: its text escaped, its formulas (the
    heading's ``\(J_0\)``) set as formulas, not printed as their source.

    >>> print(section_tex(r"La stratégie de \(J_0\) au jeu de Nim"))
    La stratégie de \(J_0\) au jeu de Nim
    >>> print(section_tex("50 % & plus"))
    50 \% \& plus
    """
    from coursebuild.typeset.latex.converter import inline_math

    pieces = re.split(r"(\\\(.*?\\\))", section)
    return "".join(inline_math(p) if p.startswith("\\(") else escape(p) for p in pieces)


def box_frame(section: str, box: Tag, ctx: Context) -> Frame:
    """A definition or a theorem of the chapter: a block titled as the chapter titles it
    ("Définition (attracteur)"), its body converted as the book converts it."""
    box = BeautifulSoup(str(box), "lxml").div
    title_p = box.find("p", class_="admonition-title", recursive=False)
    title = fragment(str(title_p), ctx).strip() if title_p else ""
    if title_p:
        title_p.decompose()
    inner = "".join(str(c) for c in box.children)
    body = fragment(inner, ctx).strip()
    return Frame("box", title, f"\\slidebox{{{section_tex(section)}}}{{{title}}}{{%\n{body}}}\n")


def figure_frame(section: str, fid: str, ctx: Context, ratio: str) -> Frame:
    """A figure of the catalogue on a frame of its own, as large as the frame lets it be
    (the plan shows in parts those whose labels would then be too small)."""
    fig = ctx.figures[fid]
    scale = figure_scale(fid, ctx.figures, ratio)
    w, h = fig.width_pt * scale, fig.height_pt * scale
    return Frame("figure", section_tex(section),
                 f"\\begin{{frame}}{{{section_tex(section)}}}\n\\centering\n"
                 f"\\makebox[\\textwidth][c]{{\\includegraphics[width={w:.1f}pt,"
                 f"height={h:.1f}pt]{{{fid}.pdf}}}}\n"
                 "\\end{frame}\n")


def figure_parts_frame(item: Planned, ctx: Context) -> Frame:
    """A figure too large for its labels to be read on one slide, in the parts the plan
    cut it into (:mod:`coursebuild.documents.slides.tiles`), shown in turn on one frame."""
    from coursebuild.documents.slides.tiles import tiled_tex

    fig = ctx.figures[item.figure]
    body, parts = tiled_tex(item.figure, fig, item.tiling, WORDS[ctx.lang]["part"])
    return Frame("figure", section_tex(item.section),
                 f"\\begin{{frame}}{{{section_tex(item.section)}}}\n\\centering\n{body}"
                 "\\end{frame}\n", overlays=parts)


def attractor_frame(section: str, labels: list[str], lang: str, deck: Deck,
                    ratio: str = "169") -> Frame:
    """The attractor of J_0 on Nim (10 sticks, rule {1, 2}, the chapter's figures), built
    up as overlays on one TikZ figure: the positions where the catalogue's figures put
    them (:func:`coursebuild.course.drawing._nim_rows`), the step's new positions in bright blue,
    the earlier ones in light blue, each position's rank appearing at its step; beside it
    the step's label (the chapter's tabs') and the positions that enter, from the
    solver."""
    from coursebuild.course import examples
    from coursebuild.course.drawing import _nim_rows

    g, sol = examples.nim_10()
    layers = sol.layers(0)
    positions = _nim_rows(g)
    xs = [p[0] for p in positions.values()]
    span = max(xs) - min(xs)
    unit = figure_width(ratio, 24.0) / span       # (24 pt: a node's width)
    rank = {v: k for k, layer in enumerate(layers) for v in layer}
    victory = set(g.V0) | set(g.V1)
    name = {v: f"v{v[0]}x{v[1]}" for v in g.vertices}
    lines = ["\\begin{tikzpicture}[x=1pt,y=1pt]"]
    for v in sorted(g.vertices):
        x, y = positions[v]
        styles = ["position", "player0" if v[1] == 0 else "player1"]
        if v in victory:
            styles.append("victory")
        if v in rank:
            r = rank[v] + 1
            styles.append(f"alt=<{r}>{{added}}{{}}")
            if r < len(layers):      # (the last step adds no slide after itself)
                styles.append(f"alt=<{r + 1}->{{earlier}}{{}}")
        label = f"{v[0]},{v[1]}"
        lines.append(f"\\node[{','.join(styles)}] ({name[v]}) at ({(x - min(xs)) * unit:.1f},"
                     f"{y * unit:.1f}) {{{label}}};")
        if v in rank:
            where = "above" if v[1] == 0 else "below"
            # (a rank is written from its step on, and not in the PDF before it)
            lines.append(f"\\only<{rank[v] + 1}->{{\\node[{where}=0pt of {name[v]},"
                         f"font=\\footnotesize\\bfseries,text=blue!75!black] "
                         f"{{{rank[v]}}};}}")
    for v in sorted(g.vertices):
        for w in g.successors(v):
            lines.append(f"\\draw[move] ({name[v]}) -- ({name[w]});")
    lines.append("\\end{tikzpicture}")
    words = WORDS[lang]
    steps = []
    size = 0
    for k, layer in enumerate(layers):
        size += len(layer)
        shown = sorted(layer, reverse=True)
        deck.levels.append([f"({a}, {b})" for a, b in shown])
        added = ", ".join(f"({a},\\,{b})" for a, b in shown)
        label = escape(labels[k]) if k < len(labels) else str(k)
        new = ("\\mathcal{A}^0_0 = V_0" if k == 0 else
               f"\\mathcal{{A}}^0_{{{k}}} \\setminus \\mathcal{{A}}^0_{{{k - 1}}}")
        steps.append(f"\\only<{k + 1}>{{\\textbf{{{label}}}\\quad \\({new} = \\{{{added}\\}}\\)"
                     f"\\qquad \\(|\\mathcal{{A}}^0_{{{k}}}| = {size}\\)}}")
    tex = ("\\begin{frame}{" + words["steps"] + "}\n\\centering\n" + "\n".join(lines)
           + "\n\n\\bigskip\n\\raggedright\n" + "%\n".join(steps) + "\n\\end{frame}\n")
    return Frame("attractor", words["steps"], tex, overlays=len(layers))


def chapter_deck(html: str, ctx: Context, lang: str, number: int, page: str, ratio: str,
                 figures: Path | None = None) -> Deck:
    """The deck of one chapter page of the site (whose figures' PDFs are in ``figures``,
    the checkout's site's by default): its plan (:func:`coursebuild.documents.slides.plan.plan`),
    each frame written in LaTeX."""
    deck = Deck(lang, number, page, "")
    if figures is not None:
        deck.figures_dir = figures
    planned = plan(article(html), ctx.figures, ctx.data, ratio, deck.figures_dir)
    deck.title = planned.title or page
    deck.left_out = planned.left_out
    deck.left_out_why = planned.left_out_why
    for item in planned.frames:
        deck.frames.extend(latex_frames(item, ctx, deck, ratio))
    return deck


def latex_frames(item: Planned, ctx: Context, deck: Deck, ratio: str) -> list[Frame]:
    """One planned frame as Beamer frames: one, two for the trees (minimax, then
    alpha-beta), none for a live game (the site alone runs it)."""
    lang = ctx.lang
    if item.kind == "box":
        return [box_frame(item.section, item.elements[0], ctx)]
    if item.kind == "figure":
        if item.tiling is not None:
            return [figure_parts_frame(item, ctx)]
        return [figure_frame(item.section, item.figure, ctx, ratio)]
    if item.kind == "play":
        from coursebuild.documents.slides.play import play_frame

        return [play_frame(lang, ratio)]
    if item.kind == "strategy":
        from coursebuild.documents.slides.play import strategy_frames

        return strategy_frames(item.elements[0].get_text(), ctx, ratio)
    if item.kind == "attractor":
        return [attractor_frame(item.section, item.labels, lang, deck, ratio)]
    if item.kind == "trees":
        from coursebuild.documents.slides.trees import tree_frames

        return tree_frames(section_tex(item.section), ctx, ratio)
    if item.kind == "counter":
        return counter_frames(item.elements[0].get_text(), _trace_arena(item.trace), ctx,
                              WORDS[lang]["counter"], ratio)
    if item.kind == "exercises":
        # (their words, not the page's bold: a list of titles)
        items = "".join(f"\\item {fragment(f'<p>{t.decode_contents()}</p>', ctx).strip()}\n"
                        for t in item.elements)
        return [Frame("exercises", section_tex(item.section),
                      f"\\begin{{frame}}{{{section_tex(item.section)}}}\n"
                      f"\\begin{{itemize}}\n{items}\\end{{itemize}}\n\\end{{frame}}\n")]
    return []         # a game: played on the site's slide


def _trace_arena(trace: dict):
    """The arena a counter trace runs on: the chapter's Nim (10 sticks, rule {1, 2}),
    checked against the trace's vertices."""
    from arena.arena import vertex_id
    from coursebuild.course import examples

    g, _ = examples.nim_10()
    if {vertex_id(v) for v in g.vertices} != set(trace.get("nodes", {})):
        raise ValueError(f"the trace {trace.get('id')} is not on the chapter's Nim")
    return g


def teaching_notes(teachers_html: str, page: str, ctx: Context) -> list[str]:
    """The chapter's teaching notes as note pages: each misconception (what the student
    believes, what reveals it), each question to ask with its answer."""
    guide = article(teachers_html)
    words = WORDS[ctx.lang]
    notes: list[str] = []
    head = guide.find(id=f"notes-{page}-misconceptions")
    if head is not None:
        current: list[str] = []
        for e in head.find_next_siblings():
            if e.name in ("h2", "h3"):
                break
            if e.name != "p":          # (a listing of the wrong code stays in the guide)
                continue
            if e.find("strong", recursive=False) and current:
                notes.append(_note(words["misconceptions"], "".join(current), ctx))
                current = []
            current.append(_unlinked(e, ctx))
        if current:
            notes.append(_note(words["misconceptions"], "".join(current), ctx))
    head = guide.find(id=f"notes-{page}-oral")
    if head is not None:
        listing = head.find_next_sibling()
        if listing is not None and listing.name == "ol":
            for li in listing.find_all("li", recursive=False):
                li = BeautifulSoup(_unlinked(li, ctx), "html.parser").li
                notes.append(_note(words["questions"], "".join(str(c) for c in li.children),
                                   ctx))
    return notes


def _unlinked(e: Tag, ctx: Context) -> str:
    """A note of the guide as a notes page prints it: a link to one of the guide's
    figures, which the deck has not, as its words and where that figure is (a link to
    another page :func:`fragment` sets as its words)."""
    e = BeautifulSoup(str(e), "html.parser").find(e.name)
    for a in e.find_all("a"):
        href = a.get("href", "")
        if href.startswith("#fig-"):
            a.replace_with(a.get_text() + WORDS[ctx.lang]["in_guide"])
    return str(e)


def _note(kind: str, html: str, ctx: Context) -> str:
    return f"\\note{{\\textbf{{{escape(kind)}}}\\par\\medskip\n{fragment(html, ctx).strip()}}}\n"
