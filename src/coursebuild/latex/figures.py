"""Figures: the site's vector PDFs at the size where no text is under 7 pt, floating
near the place the text gives them, turned a quarter on a page of their own when wider
than the text; a widget (a game, a stepper) becomes its still figure and the address of
the live page; the catalogue's captions without what only the animated version shows."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bs4 import Tag

from coursebuild.latex.links import live_line, url
from coursebuild.latex.text import escape, label

if TYPE_CHECKING:
    from coursebuild.latex.converter import Converter

_ANIMATED = re.compile(r"\s*(Dans la version animée|In the animated version)\b.*$", re.S)


def print_caption(text: str) -> str:
    """A widget's caption for its still figure on paper: the catalogue's captions end with
    what the animated version shows (``Dans la version animée...``), which paper leaves
    out (the book gives the live version's address instead)."""
    return _ANIMATED.sub("", text)



def figure_id(src: str) -> str | None:
    m = re.search(r"figures/([\w.-]+)\.svg", src)
    return m[1] if m else None

def figure(conv: Converter, e: Tag) -> str:
    img = e.find("img")
    fid = figure_id(img.get("src", "")) if img else None
    if fid is None or fid not in conv.ctx.figures:
        raise ValueError(f"{conv.slug}: a figure the book cannot include: {e.get('id')}")
    if fid in conv.ctx.traces:
        # a stepper's still figure: the graph at its start, printed already; its steps
        # follow as text
        return ""
    caption = e.find("figcaption")
    text = ""
    if caption is not None:
        label = caption.find("strong")
        if label is not None and re.fullmatch(r"(Figure|Fig\.) ?\d+\.",
                                              label.get_text().strip()):
            label.decompose()
        text = conv.inlines(caption).strip()
        text = print_caption(text)
    conv.ctx.printed.add(fid)
    previous = e.find_previous_sibling() or (
        e.parent.find_previous_sibling() if e.parent.name == "p" else None)
    here = previous is not None and bool(re.search(
        r"(?i)ci-dessous|ci-après|suivante?s?\b|below|following", previous.get_text()))
    return float_figure(conv, fid, text, here=here)

def float_figure(conv: Converter, fid: str, caption: str, extra: str = "",
                 here: bool = False) -> str:
    """A figure at the size where its smallest text is 7 pt (never larger than its
    natural size), turned a quarter on a page of its own when it is wider than the
    text. It floats to the top or bottom of a page near its place, or stays exactly
    there (``here``) when the text announces it ("ci-dessous", "below")."""
    fig = conv.ctx.figures[fid]
    need = fig.width_pt * 7.0 / fig.min_font_pt if fig.min_font_pt else 0.0
    width = min(fig.width_pt, conv.ctx.text_width_pt)
    # no taller than 45 % of the text unless its text would get under 7 pt
    width = min(width, fig.width_pt * conv.ctx.text_height_pt * 0.45 / fig.height_pt)
    width = max(width, min(need, fig.width_pt))
    height_room = conv.ctx.text_height_pt * 0.72
    caption_tex = caption + (" " + extra if extra else "")
    if width <= conv.ctx.text_width_pt + 0.5:
        height = fig.height_pt * width / fig.width_pt
        if height > height_room:        # tall: set by its height, if still legible
            width = fig.width_pt * height_room / fig.height_pt
            if width < need - 0.5:
                conv.ctx.warnings.append(f"{conv.slug}: figure {fid} too tall to be legible")
        env = "herefigure" if here else "figure"
        place = "" if here else "[!htbp]"
        return (f"\\begin{{{env}}}{place}\n\\centering\n"
                f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n"
                f"\\caption{{{caption_tex}}}\\label{{{label('fig:' + fid)}}}\n\\end{{{env}}}\n")
    if here:     # wider than the text, announced here: in place, over the margins
        return ("\\begin{herefigure}\n\\centering\n"
                f"\\makebox[\\linewidth]{{\\includegraphics[width={min(need, 560):.1f}pt]"
                f"{{{fid}}}}}\n\\caption{{{caption_tex}}}\\label{{{label('fig:' + fid)}}}\n"
                "\\end{herefigure}\n")
    # wider than the text: the figure and its caption turned a quarter, across the
    # page's height, on a page of its own that comes right after the current page
    # (\afterpage{\clearpage}: the figures after it are not held back)
    room = conv.ctx.text_height_pt * 0.97
    width = min(max(need, min(fig.width_pt, room)), room)
    if fig.height_pt * width / fig.width_pt > conv.ctx.text_width_pt - 60:
        # too large for the text either way: a plate of its own, as wide as legibility
        # asks, over the margins
        if need > 580:
            conv.ctx.warnings.append(f"{conv.slug}: figure {fid} needs {need:.0f} pt")
        return ("\\begin{figure}[p]\n\\centering\n"
                f"\\makebox[\\textwidth]{{\\includegraphics[width={need:.1f}pt]{{{fid}}}}}\n"
                f"\\caption{{{caption_tex}}}\\label{{{label('fig:' + fid)}}}\n\\end{{figure}}\n"
                "\\afterpage{\\clearpage}\n")
    return ("\\begin{figure}[p]\n\\centering\n"
            f"\\rotatebox{{90}}{{\\begin{{minipage}}{{{room:.1f}pt}}\\centering\n"
            f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n"
            f"\\caption{{{caption_tex}}}\\label{{{label('fig:' + fid)}}}\n\\end{{minipage}}}}\n"
            "\\end{figure}\n\\afterpage{\\clearpage}\n")

def image(conv: Converter, e: Tag) -> str:
    fid = figure_id(e.get("src", ""))
    if fid and fid in conv.ctx.figures:
        conv.ctx.printed.add(fid)
        return float_figure(conv, fid, escape(conv.ctx.captions.get(fid, e.get("alt", ""))))
    conv.ctx.warnings.append(f"{conv.slug}: an image left out: {e.get('src', '')[:60]}")
    return escape(e.get("alt", ""))

def widget(conv: Converter, e: Tag) -> str:
    fid = e.get("data-figure") or figure_id(e.get("data-svg", "")) or ""
    if fid in conv.ctx.printed or fid not in conv.ctx.figures:
        return live_line(conv, conv.ctx.words["playable"])
    conv.ctx.printed.add(fid)
    live = ""
    if conv.ctx.site_url:
        live = escape(conv.ctx.words["live"]) + " \\url{" + url(
            conv.ctx.site_url + conv.ctx.page_path) + "}"
    return float_figure(conv, fid, escape(conv.ctx.captions.get(fid, "")), live)


def room_for_what_follows(conv: Converter, heading: Tag) -> str:
    """A heading followed by a short paragraph and a figure needs room for the three:
    the figure, were it to float to the next page, would leave the heading and its
    few lines at the foot of this one."""
    following = [s for s in heading.find_next_siblings(limit=2) if isinstance(s, Tag)]
    short = following and (following[0].name == "p" or "arena-print" in following[0].get(
        "class", []))
    if len(following) < 2 or not short or len(following[0].get_text()) > 400:
        return ""
    nxt = following[1]
    fid = None
    if nxt.name == "figure" and nxt.find("img") is not None:
        fid = figure_id(nxt.find("img").get("src", ""))
    elif set(nxt.get("class", [])) & {"arena-game", "arena-stepper"}:
        fid = nxt.get("data-figure") or figure_id(nxt.get("data-svg", ""))
        if fid in conv.ctx.printed:
            return ""
    fig = conv.ctx.figures.get(fid or "")
    if fig is None:
        return ""
    width = min(fig.width_pt, conv.ctx.text_width_pt)
    height = min(fig.height_pt * width / fig.width_pt, conv.ctx.text_height_pt * 0.72)
    return f"\\needspace{{{height + 110:.0f}pt}}\n"


def tabbed(conv: Converter, e: Tag) -> str:
    labels = [lab.get_text(" ", strip=True) for lab in e.select(".tabbed-labels > label")]
    blocks = e.select(".tabbed-content > .tabbed-block")
    out = []
    for name, block in zip(labels, blocks, strict=False):
        only_figure = block.find("figure") is not None and not "".join(
            t for t in block.find_all(string=True)
            if t.find_parent("figure") is None).strip()
        head = "" if only_figure else f"\\paragraph{{{escape(name)}}}\n"
        out.append(head + conv.blocks(block))
    return "\n".join(out)
