"""A chapter's deck, frame by frame, from the built site's page (the text the book prints,
converted by :mod:`coursebuild.latex`): its definitions and theorems as blocks titled as
the chapter titles them, its figures that stay readable on a slide, the attractor's steps
as overlays on one figure computed from the solver, the counter algorithm run line by
line from its stepper's trace; the notes version adds the chapter's teaching notes (the
misconceptions to watch, the questions to ask) as note pages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from coursebuild.latex import Context, escape
from coursebuild.paths import ROOT
from coursebuild.slides.counter import QUEUE_LISTING, counter_frames
from coursebuild.slides.frame import PAPER_WIDTH_PT, WORDS, Frame, figure_width

BOXES = {"definition", "theorem"}
"""The boxes a deck shows (the admonitions' classes): definitions, and theorems (which
the chapters also use for their propositions); remarks, proofs and exercises stay in
the book."""
TREES = {"minimax-tree", "alphabeta-tree"}
"""The chapter's minimax tree and its alpha-beta search: a frame each, drawn for the
slides (:mod:`coursebuild.slides.trees`), in place of the catalogue's figures."""
EXERCISES_PER_FRAME = 7
"""A frame lists the chapter's exercises by their titles, this many at most."""
POWERPOINT_WIDTH_PT = {"169": 960.0, "43": 720.0}
"""PowerPoint's slide widths (13.33 in at 16:9, 10 in at 4:3): "nothing under 14 pt" is
said of a slide of that size."""
FIGURE_MARGIN_PT = 2 * 72.27 / 25.4   # a figure may take the page's width but 2 mm a side
FIGURE_HEIGHT_PT = {"169": 195.0, "43": 212.0}   # and what the title and foot leave
PART_LINE_PT = 12.0     # the line under a figure's part that numbers it


def min_text_pt(ratio: str) -> float:
    """The smallest text a deck may hold, in the PDF's points: 14 pt on PowerPoint's slide
    of the same shape, scaled to Beamer's page (6.6 pt at 16:9, 7.1 pt at 4:3)."""
    return 14.0 * PAPER_WIDTH_PT[ratio] / POWERPOINT_WIDTH_PT[ratio]


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


def _article(html: str) -> Tag:
    """The page's text without what speaks to a screen (as the book drops it), but with
    the steppers' traces, which a deck runs."""
    from coursebuild.latex.converter import DROPPED
    from coursebuild.maths import restore_tex

    article = BeautifulSoup(html, "lxml").select_one("article.md-content__inner")
    if article is None:
        raise ValueError("no article in the page")
    restore_tex(article)       # the formulas' TeX, as the page's source wrote it (as the book)
    kept = ", ".join(s for s in DROPPED.split(", ") if s.strip() != ".arena-trace")
    for e in article.select(kept):
        e.decompose()
    return article


def fragment(html: str, ctx: Context) -> str:
    """A piece of the page as LaTeX, by the book's converters, without what the book adds
    after a piece (its "Online" box, its solutions): a slide shows the piece alone."""
    from coursebuild.latex.converter import Converter, _unmarked
    from coursebuild.latex.text import book_wording

    root = BeautifulSoup(html, "lxml").body or BeautifulSoup("", "lxml")
    conv = Converter(ctx, "slides", numbered=False)
    return book_wording(_unmarked(conv.blocks(root), ctx), ctx.lang)


def _heading_text(h: Tag) -> str:
    for a in h.select("a.headerlink"):
        a.decompose()
    return h.get_text(" ", strip=True)


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
    return Frame("box", title, f"\\slidebox{{{escape(section)}}}{{{title}}}{{%\n{body}}}\n")


def figure_frame(section: str, fid: str, ctx: Context, ratio: str, deck: Deck
                 ) -> Frame | None:
    """A figure of the catalogue on a frame of its own, as large as the frame lets it be;
    None (and the figure noted as left out) when its smallest label would then be smaller
    than :func:`min_text_pt`."""
    fig = ctx.figures.get(fid)
    if fig is None:
        return None
    width = PAPER_WIDTH_PT[ratio] - 2 * FIGURE_MARGIN_PT
    height = FIGURE_HEIGHT_PT[ratio]
    scale = min(width / fig.width_pt, height / fig.height_pt, 1.6)
    if fig.min_font_pt * scale < min_text_pt(ratio):
        return figure_parts_frame(section, fid, ctx, ratio, deck)
    w, h = fig.width_pt * scale, fig.height_pt * scale
    return Frame("figure", escape(section),
                 f"\\begin{{frame}}{{{escape(section)}}}\n\\centering\n"
                 f"\\makebox[\\textwidth][c]{{\\includegraphics[width={w:.1f}pt,"
                 f"height={h:.1f}pt]{{{fid}.pdf}}}}\n"
                 "\\end{frame}\n")


def figure_parts_frame(section: str, fid: str, ctx: Context, ratio: str, deck: Deck
                       ) -> Frame | None:
    """A figure too large for its labels to be read on one slide, in parts shown in turn
    (:mod:`coursebuild.slides.tiles`); None, and the figure noted as left out with the
    reason, when it would need more parts than a frame shows."""
    from coursebuild.slides.tiles import MOST, needed, tiled_tex, tiling

    fig = ctx.figures[fid]
    width = PAPER_WIDTH_PT[ratio] - 2 * FIGURE_MARGIN_PT
    height = FIGURE_HEIGHT_PT[ratio] - PART_LINE_PT
    least = min_text_pt(ratio)
    cut = tiling(deck.figures_dir / f"{fid}.pdf", fig, width, height, least)
    if cut is None:
        deck.left_out.append(fid)
        deck.left_out_why[fid] = (
            f"its {fig.min_font_pt:.0f} pt labels would be under {least:.1f} pt unless it "
            f"were cut into {needed(fig, width, height, least)} parts or more, and a frame "
            f"shows at most {MOST}")
        return None
    body, parts = tiled_tex(fid, fig, cut, WORDS[ctx.lang]["part"])
    return Frame("figure", escape(section),
                 f"\\begin{{frame}}{{{escape(section)}}}\n\\centering\n{body}\\end{{frame}}\n",
                 overlays=parts)


def attractor_frame(section: str, labels: list[str], lang: str, deck: Deck,
                    ratio: str = "169") -> Frame:
    """The attractor of J_0 on Nim (10 sticks, rule {1, 2}, the chapter's figures), built
    up as overlays on one TikZ figure: the positions where the catalogue's figures put
    them (:func:`coursebuild.drawing._nim_rows`), the step's new positions in bright blue,
    the earlier ones in light blue, each position's rank appearing at its step; beside it
    the step's label (the chapter's tabs') and the positions that enter, from the
    solver."""
    from coursebuild import examples
    from coursebuild.drawing import _nim_rows

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
    the checkout's site's by default)."""
    article = _article(html)
    h1 = article.find("h1")
    deck = Deck(lang, number, page, _heading_text(h1) if h1 else page)
    if figures is not None:
        deck.figures_dir = figures
    section = deck.title
    listing = ""
    exercises: list[str] = []
    exercises_title = ""
    for e in article.find_all(recursive=False):
        classes = set(e.get("class", []))
        if e.name == "h2":
            section = _heading_text(e)
            continue
        title = _exercise_title(e, classes)
        if title is not None:
            # (its words, not the page's bold: a list of titles)
            exercises.append(fragment(f"<p>{title.decode_contents()}</p>", ctx).strip())
            exercises_title = exercises_title or section
            continue
        if e.name == "div" and "admonition" in classes and classes & BOXES:
            deck.frames.append(box_frame(section, e, ctx))
        elif e.name == "div" and "tabbed-set" in classes:
            ids = [img["src"].rsplit("/", 1)[-1].rsplit(".", 1)[0]
                   for img in e.select("figure img")]
            labels = [lab.get_text(" ", strip=True) for lab in e.select(".tabbed-labels label")]
            if ids and all(re.fullmatch(r"nim-attractor-\d+", i) for i in ids):
                deck.frames.append(attractor_frame(section, labels, lang, deck, ratio))
            else:
                for fid in ids:
                    frame = figure_frame(section, fid, ctx, ratio, deck)
                    if frame:
                        deck.frames.append(frame)
        elif e.name in ("p", "figure"):
            for img in e.select("figure img"):
                fid = img["src"].rsplit("/", 1)[-1].rsplit(".", 1)[0]
                if fid in TREES:            # drawn for the slides, filled in step by step
                    if fid == "minimax-tree":
                        from coursebuild.slides.trees import tree_frames

                        deck.frames.extend(tree_frames(escape(section), ctx, ratio))
                    continue
                frame = figure_frame(section, fid, ctx, ratio, deck)
                if frame:
                    deck.frames.append(frame)
                deck.frames.extend(moves_frames(fid, lang, ratio))
        elif e.name == "div" and "highlight" in classes:
            code = e.get_text()
            if QUEUE_LISTING.match(code):
                listing = code
            deck.frames.extend(strategy_listing_frames(code, ctx, ratio))
        elif e.name == "div" and "arena-trace" in classes and listing:
            trace = ctx.data.get(e.get("data-figure", ""), {})
            if trace.get("kind") == "counter":
                deck.frames.extend(counter_frames(listing, _trace_arena(trace), ctx,
                                                  WORDS[lang]["counter"], ratio))
                listing = ""
    for start in range(0, len(exercises), EXERCISES_PER_FRAME):
        items = "".join(f"\\item {t}\n" for t in exercises[start:start + EXERCISES_PER_FRAME])
        deck.frames.append(Frame("exercises", escape(exercises_title),
                                 f"\\begin{{frame}}{{{escape(exercises_title)}}}\n"
                                 f"\\begin{{itemize}}\n{items}\\end{{itemize}}\n"
                                 "\\end{frame}\n"))
    return deck


PLAYED_AFTER = "nim-strategy"
"""The figure (the strategy of J_0 on Nim) after which a deck plays a game against it."""


def moves_frames(fid: str, lang: str, ratio: str) -> list[Frame]:
    """After the figure of J_0's strategy on Nim, a play against it, move by move
    (:mod:`coursebuild.slides.play`); nothing after any other figure."""
    from coursebuild.slides.play import play_frame

    return [play_frame(lang, ratio)] if fid == PLAYED_AFTER else []


def strategy_listing_frames(code: str, ctx: Context, ratio: str) -> list[Frame]:
    """The chapter's listing of the strategy run line by line; nothing for any other
    listing."""
    from coursebuild.slides.play import STRATEGY_LISTING, strategy_frames

    return strategy_frames(code, ctx, ratio) if STRATEGY_LISTING.match(code) else []


def _exercise_title(e: Tag, classes: set[str]) -> Tag | None:
    """The title of an exercise of the chapter ("Exercice 3.4 (un attracteur à la
    main)"), for the frame that lists them; None for anything else."""
    if e.name != "div":
        return None
    if "admonition" in classes and "exercise" in classes:
        return e.find("p", class_="admonition-title", recursive=False)
    if "arena-exercise" in classes:
        title = e.find("p", class_="arena-exercise-title")
        return title.find("strong") or title if title else None
    return None


def _trace_arena(trace: dict):
    """The arena a counter trace runs on: the chapter's Nim (10 sticks, rule {1, 2}),
    checked against the trace's vertices."""
    from arena.arena import vertex_id
    from coursebuild import examples

    g, _ = examples.nim_10()
    if {vertex_id(v) for v in g.vertices} != set(trace.get("nodes", {})):
        raise ValueError(f"the trace {trace.get('id')} is not on the chapter's Nim")
    return g


def teaching_notes(teachers_html: str, page: str, ctx: Context) -> list[str]:
    """The chapter's teaching notes as note pages: each misconception (what the student
    believes, what reveals it), each question to ask with its answer."""
    article = _article(teachers_html)
    words = WORDS[ctx.lang]
    notes: list[str] = []
    head = article.find(id=f"notes-{page}-misconceptions")
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
            current.append(str(e))
        if current:
            notes.append(_note(words["misconceptions"], "".join(current), ctx))
    head = article.find(id=f"notes-{page}-oral")
    if head is not None:
        listing = head.find_next_sibling()
        if listing is not None and listing.name == "ol":
            for li in listing.find_all("li", recursive=False):
                notes.append(_note(words["questions"], "".join(str(c) for c in li.children),
                                   ctx))
    return notes


def _note(kind: str, html: str, ctx: Context) -> str:
    return f"\\note{{\\textbf{{{escape(kind)}}}\\par\\medskip\n{fragment(html, ctx).strip()}}}\n"
