"""What a chapter's deck holds, decided once for both its writers: the Beamer deck
(:mod:`coursebuild.documents.slides.deck`, LaTeX) and the site's slide page
(:mod:`coursebuild.documents.slides.web`, HTML). :func:`plan` reads the built chapter page and
gives its frames in order, each with the page's own elements it is made of (no text is
retyped): a definition or a theorem (its box), a figure that stays readable when
projected, the attractor's steps (the page's stepper and its figures), the counter
algorithm (its listing and the stepper of its trace), the minimax tree and its alpha-beta
search, the list of the chapter's exercises; and the game against the strategy, which
only the site can run (a live slide: the PDF has no frame for it).

The deck's frames and the site's slides are so the same: the site has a slide for each
of the PDF's frames, in the same order (its title page first), and one more for each
live game (``data-frame`` on each slide gives its frame's number in the PDF)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, Tag

BOXES = {"definition", "theorem"}
"""The boxes a deck shows (the admonitions' classes): definitions, and theorems (which
the chapters also use for their propositions); remarks, proofs and exercises stay in
the book."""
TREES = {"minimax-tree", "alphabeta-tree"}
"""The chapter's minimax tree and its alpha-beta search: a frame each, drawn for the
slides (:mod:`coursebuild.documents.slides.trees`), in place of the catalogue's figures."""
EXERCISES_PER_FRAME = 7
"""A frame lists the chapter's exercises by their titles, this many at most."""
POWERPOINT_WIDTH_PT = {"169": 960.0, "43": 720.0}
"""PowerPoint's slide widths (13.33 in at 16:9, 10 in at 4:3): "nothing under 14 pt" is
said of a slide of that size."""
FIGURE_MARGIN_PT = 2 * 72.27 / 25.4   # a figure may take the page's width but 2 mm a side
FIGURE_HEIGHT_PT = {"169": 195.0, "43": 212.0}   # and what the title and foot leave
PART_LINE_PT = 12.0     # the line under a figure's part that numbers it
PLAYED_AFTER = "nim-strategy"
"""The figure (the strategy of J_0 on Nim) after which a deck plays a game against it."""
LIVE = {"game"}
"""The kinds of frame only the site shows (a widget the reader plays)."""


@dataclass
class Planned:
    """One frame of a chapter's deck: its kind, the section it is under (its title as
    text, and as the page's HTML), and the page's elements it shows."""

    kind: str
    section: str
    section_html: str
    elements: list[Tag] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)   # the attractor's steps (its tabs)
    figure: str = ""                                   # a figure's id
    trace: dict = field(default_factory=dict)          # the counter algorithm's trace
    tiling: Any = None      # a figure too large for one slide: its parts (slides.tiles)


@dataclass
class Plan:
    """A chapter's deck, planned: its title, its frames, the figures left out."""

    title: str
    title_html: str
    frames: list[Planned] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    left_out_why: dict[str, str] = field(default_factory=dict)   # each one's reason


def min_text_pt(ratio: str) -> float:
    """The smallest text a deck may hold, in the PDF's points: 14 pt on PowerPoint's slide
    of the same shape, scaled to Beamer's page (6.6 pt at 16:9, 7.1 pt at 4:3)."""
    from coursebuild.documents.slides.frame import PAPER_WIDTH_PT

    return 14.0 * PAPER_WIDTH_PT[ratio] / POWERPOINT_WIDTH_PT[ratio]


def figure_scale(fid: str, figures: dict, ratio: str) -> float | None:
    """The scale a figure of the catalogue takes on a frame of its own (as large as the
    frame lets it be); None when its smallest label would then be smaller than
    :func:`min_text_pt` (the figure is left out), or when the catalogue lacks it."""
    from coursebuild.documents.slides.frame import PAPER_WIDTH_PT

    fig = figures.get(fid)
    if fig is None:
        return None
    width = PAPER_WIDTH_PT[ratio] - 2 * FIGURE_MARGIN_PT
    scale = min(width / fig.width_pt, FIGURE_HEIGHT_PT[ratio] / fig.height_pt, 1.6)
    return None if fig.min_font_pt * scale < min_text_pt(ratio) else scale


def article(html: str, tex: bool = True) -> Tag:
    """The page's text without what speaks to a screen (as the book drops it), but with
    the steppers, their traces and the game, which a deck runs; with ``tex``, its
    formulas' TeX, as the page's source wrote it (as the book reads them), else as the
    page typeset them."""
    from coursebuild.sources.maths import restore_tex
    from coursebuild.typeset.latex.converter import DROPPED

    found = BeautifulSoup(html, "lxml").select_one("article.md-content__inner")
    if found is None:
        raise ValueError("no article in the page")
    if tex:
        restore_tex(found)
    kept = ", ".join(s for s in DROPPED.split(", ")
                     if s.strip() not in (".arena-trace", ".arena-screen"))
    for e in found.select(kept):
        e.decompose()
    return found


def heading(h: Tag) -> tuple[str, str]:
    """A heading's text and its HTML, without its permalink."""
    h = BeautifulSoup(str(h), "lxml").find(h.name)
    for a in h.select("a.headerlink"):
        a.decompose()
    return h.get_text(" ", strip=True), h.decode_contents().strip()


def _figure_id(img: Tag) -> str:
    return img["src"].rsplit("/", 1)[-1].rsplit(".", 1)[0]


def parts(fid: str, figures: dict, figures_dir: Path, ratio: str) -> tuple[Any, str]:
    """A figure too large for its labels to be read on one slide: the parts it is shown in
    (:func:`coursebuild.documents.slides.tiles.tiling`, from its PDF in ``figures_dir``), or None
    and the reason when it would need more parts than a frame shows."""
    from coursebuild.documents.slides.frame import PAPER_WIDTH_PT
    from coursebuild.documents.slides.tiles import MOST, needed, tiling

    fig = figures[fid]
    width = PAPER_WIDTH_PT[ratio] - 2 * FIGURE_MARGIN_PT
    height = FIGURE_HEIGHT_PT[ratio] - PART_LINE_PT
    least = min_text_pt(ratio)
    cut = tiling(figures_dir / f"{fid}.pdf", fig, width, height, least)
    if cut is not None:
        return cut, ""
    return None, (f"its {fig.min_font_pt:.0f} pt labels would be under {least:.1f} pt "
                  f"unless it were cut into {needed(fig, width, height, least)} parts or "
                  f"more, and a frame shows at most {MOST}")


def plan(page: Tag, figures: dict, data: dict, ratio: str = "169",
         figures_dir: Path | None = None) -> Plan:
    """The frames of one chapter page's deck (``page``: its :func:`article`, whose
    formulas are TeX, as the book reads it), in the page's order; the exercises'
    titles last. A figure too large for one slide is shown in parts cut from its PDF
    in ``figures_dir`` (by default the checkout's ``docs/figures/``, which ``make figures``
    writes before any site is built: the site's slides are planned while it is assembled)."""
    from coursebuild.paths import ROOT

    figures_dir = figures_dir or ROOT / "docs" / "figures"
    h1 = page.find("h1")
    title, title_html = heading(h1) if h1 else ("", "")
    deck = Plan(title, title_html)
    section, section_html = title, title_html
    listing: Tag | None = None
    exercises: list[Tag] = []
    exercises_section = ("", "")

    def planned(kind: str, elements: list[Tag], **more) -> Planned:
        return Planned(kind, section, section_html, elements, **more)

    def add_figure(img: Tag) -> None:
        fid = _figure_id(img)
        shown = [img.find_parent("figure") or img]
        if fid not in figures:
            return
        if figure_scale(fid, figures, ratio) is None:
            cut, why = parts(fid, figures, figures_dir, ratio)
            if cut is None:
                deck.left_out.append(fid)
                deck.left_out_why[fid] = why
                return
            deck.frames.append(planned("figure", shown, figure=fid, tiling=cut))
        else:
            deck.frames.append(planned("figure", shown, figure=fid))
        if fid == PLAYED_AFTER:         # a play against that strategy, move by move
            deck.frames.append(planned("play", shown, figure=fid))

    for e in page.find_all(recursive=False):
        classes = set(e.get("class", []))
        if e.name == "h2":
            section, section_html = heading(e)
            continue
        title = _exercise_title(e, classes)
        if title is not None:
            exercises.append(title)
            exercises_section = exercises_section if exercises_section[0] else (
                section, section_html)
            continue
        if e.name == "div" and "admonition" in classes and classes & BOXES:
            deck.frames.append(planned("box", [e]))
        elif e.name == "div" and "tabbed-set" in classes:
            imgs = e.select("figure img")
            labels = [lab.get_text(" ", strip=True) for lab in e.select(".tabbed-labels label")]
            if imgs and all(re.fullmatch(r"nim-attractor-\d+", _figure_id(i)) for i in imgs):
                stepper = e.find_previous_sibling()
                live = [stepper] if stepper is not None and "arena-stepper" in \
                    stepper.get("class", []) else []
                deck.frames.append(planned("attractor", live + [e], labels=labels))
            else:
                for img in imgs:
                    add_figure(img)
        elif e.name in ("p", "figure"):
            for img in e.select("figure img"):
                fid = _figure_id(img)
                if fid == "minimax-tree":       # drawn for the slides, step by step
                    trees = [i.find_parent("figure") or i for i in page.select("figure img")
                             if _figure_id(i) in TREES]
                    deck.frames.append(planned("trees", trees))
                elif fid not in TREES:
                    add_figure(img)
        elif e.name == "div" and "highlight" in classes:
            from coursebuild.documents.slides.counter import QUEUE_LISTING
            from coursebuild.documents.slides.play import STRATEGY_LISTING

            if QUEUE_LISTING.match(e.get_text()):
                listing = e
            if STRATEGY_LISTING.match(e.get_text()):    # the strategy, run line by line
                deck.frames.append(planned("strategy", [e]))
        elif e.name == "div" and "arena-trace" in classes and listing is not None:
            trace = data.get(e.get("data-figure", ""), {})
            if trace.get("kind") == "counter":
                deck.frames.append(planned("counter", [listing, e], trace=trace))
                listing = None
        elif e.name == "div" and "arena-game" in classes:
            deck.frames.append(planned("game", [e]))
        elif e.name == "div" and "arena-screen" in classes:
            for game in e.select(".arena-game"):
                deck.frames.append(planned("game", [game]))
    section, section_html = exercises_section
    for start in range(0, len(exercises), EXERCISES_PER_FRAME):
        deck.frames.append(planned("exercises", exercises[start:start + EXERCISES_PER_FRAME]))
    return deck


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
