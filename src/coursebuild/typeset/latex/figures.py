"""Figures on paper.

- **Size**: the site's vector PDF at a size where its text is between 7 and 9 pt (never
  larger than its natural size, no taller than 45 % of the page unless legibility asks).
- **Place**: every figure floats (``[!htbp]``), numbered by chapter, and the text cites
  it by number (:func:`reference`): a figure as wide as the text sits in it; a wider one
  keeps its edge on the spine's side and takes the outer margin (``\\bookwide``, the side
  read from the page it lands on); one wider still than text and margin is turned a
  quarter on a page of its own, its foot towards the outer edge (``\\bookturned``); one
  that is not legible either way gets its book form, the table of its positions by rank.
- **References**: a link to a figure's anchor (``[below](#fig-ID)``) is the site's
  wording; the book prints "figure 6.1" instead (``data-book`` gives other words), with
  its page when it is on neither the same nor the facing page; an empty link
  (``[](#fig-ID)``, a hidden ``span.arena-figref`` on the site) prints "(figure 6.1)".
- **Steps**: a set of tabs that are each one figure (the still steps of an attractor)
  prints its last step alone, the one that shows every rank.
- **Widgets**: a game or a stepper becomes its still figure and the live page's address.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bs4 import Tag

from coursebuild.typeset.latex.links import live_line
from coursebuild.typeset.latex.text import escape, label

if TYPE_CHECKING:
    from coursebuild.typeset.latex.writer import Writer

MIN_TEXT_PT = 7.0          # no text of a figure smaller than this on paper
MAX_TEXT_PT = 9.0          # nor, when the figure can be smaller, larger
_ANIMATED = re.compile(r"\s*(Dans la version animée|In the animated version)\b.*$", re.S)


def print_caption(text: str) -> str:
    """A widget's caption for its still figure on paper: the catalogue's captions end with
    what the animated version shows (``Dans la version animée...``), which paper leaves
    out (the book gives the live version's address instead).

    >>> print_caption("Nim. In the animated version, the steps.")
    'Nim.'
    """
    return _ANIMATED.sub("", text)


def figure_id(src: str) -> str | None:
    """The catalogue id of a figure's file (``../figures/nim-play.svg``)."""
    m = re.search(r"figures/([\w.-]+)\.svg", src)
    return m[1] if m else None


def key(fid: str) -> str:
    """The LaTeX key of a figure (its label and the page mark of its float)."""
    return label("fig:" + fid)


# -- references ----------------------------------------------------------------------------

_FIGURE_LINK = re.compile(r"(?:^|/)#fig-([a-z0-9-]+)$")


def referenced(e: Tag) -> str | None:
    """The figure a link or a hidden reference of the site points to, or None."""
    if e.name == "span" and "arena-figref" in e.get("class", []):
        return e.get("data-figure")
    if e.name == "a":
        m = _FIGURE_LINK.search(e.get("href", ""))
        return m[1] if m else None
    return None


def reference(conv: Writer, e: Tag, fid: str) -> str:
    """A figure cited by number. The site's words are the link's text; the book's are
    ``data-book`` or else that text (without an English "the"): they end with the word
    "figure", after which the number goes, and its page when the figure is on neither
    this page nor the facing one. A hidden reference prints "(figure 6.1)".

    >>> from bs4 import BeautifulSoup
    >>> from coursebuild.typeset.latex.context import Context
    >>> from coursebuild.typeset.latex.converter import Converter
    >>> conv = Converter(Context("en"), "plays")
    >>> a = BeautifulSoup('<a href="#fig-nim-play">The figure</a>', "lxml").a
    >>> print(reference(conv, a, "nim-play"))
    \\bookfigref{Figure~\\ref{fig:nim-play}}{fig:nim-play}{ (p.~\\pageref{fig:nim-play})}
    """
    ctx, k = conv.ctx, key(fid)
    if not (ctx.floats or ctx.cite_figures) and (e.name == "span" or
                                                 not e.get_text(strip=True)):
        return ""          # a slide's figures have no number: a hidden reference, nothing
    ctx.referenced.append(fid)
    word = ctx.words["figure"]
    page = f"p.~\\pageref{{{k}}}"
    if e.name == "span" or not e.get_text(strip=True):       # hidden: in parentheses
        # with the hidden references that follow it: "(figures 7.1 and 7.2)"
        more = []
        after = e.next_sibling
        while isinstance(after, Tag) and referenced(after) and (
                after.name == "span" or not after.get_text(strip=True)):
            more.append(referenced(after) or "")
            after, done = after.next_sibling, after
            done.decompose()
        ctx.referenced.extend(more)
        if not more:
            return f" (\\bookfigref{{{word}~\\ref{{{k}}}}}{{{k}}}{{, {page}}})"
        refs = [f"\\bookfigref{{\\ref{{{key(f)}}}}}{{{key(f)}}}{{, p.~\\pageref{{{key(f)}}}}}"
                for f in [fid, *more]]
        listed = ", ".join(refs[:-1]) + f" {ctx.words['and']} " + refs[-1]
        return f" ({ctx.words['figures']}~{listed})"
    words = e.get("data-book") or e.get_text(" ", strip=True)
    if ctx.lang == "en":          # "the figure shows": "figure 2.1 shows"
        words = {"the figure": "figure", "The figure": "Figure"}.get(words, words)
    if not re.search(rf"(?i)\b{word}$", words):
        raise ValueError(f"a reference to the figure {fid}: its words in the book, "
                         f"{words!r}, must end with {word!r} (set data-book)")
    return f"\\bookfigref{{{escape(words)}~\\ref{{{k}}}}}{{{k}}}{{ ({page})}}"


_BELOW = {"fr": (re.compile(r"\b(?:la )?figure ci-dessous\b"), re.compile(r"\bci-dessous\b"),
                "la figure", "de la figure"),
          "en": (re.compile(r"\b(?:the )?figure below\b"), re.compile(r"\bbelow\b"),
                 "figure", "in figure")}


def cite_below(conv: Writer, e: Tag, paragraph: str) -> str:
    r"""The paragraph before a floating figure ``e`` that announces it as "ci-dessous"
    ("the game below", never by its number): the figure may float to the next page, so
    the book says "le jeu de la figure 3.2", "the game in figure 3.2" instead, and the
    figure is cited (it goes right after this paragraph). A printed sheet
    (``cite_figures``: an exam paper, a colle, a tutorial sheet) says so too: it sets
    the figure at the end of its problem, after the questions, often on the next page.

    >>> from bs4 import BeautifulSoup
    >>> from coursebuild.typeset.latex.context import Context, Figure
    >>> from coursebuild.typeset.latex.converter import Converter
    >>> conv = Converter(Context("fr", figures={"g": Figure("g", 10, 10, 8)}), "bank")
    >>> e = BeautifulSoup('<figure><img src="../figures/g.svg"></figure>', "lxml").figure
    >>> print(cite_below(conv, e, "On considère le jeu ci-dessous.")[:57])
    On considère le jeu \bookfigref{de la figure~\ref{fig:g}}
    """
    img = e.find("img")
    fid = figure_id(img.get("src", "")) if img else None
    if fid is None or fid in conv.ctx.referenced or not (conv.ctx.floats or
                                                         conv.ctx.cite_figures):
        return paragraph
    named, word, figure_words, of_figure = _BELOW[conv.ctx.lang]
    k = key(fid)

    def cite(words: str) -> str:
        return f"\\bookfigref{{{words}~\\ref{{{k}}}}}{{{k}}}{{ (p.~\\pageref{{{k}}})}}"

    cited = named.sub(lambda m: cite(figure_words), paragraph, count=1)
    if cited == paragraph:
        cited = word.sub(lambda m: cite(of_figure), paragraph, count=1)
    if cited != paragraph and conv.ctx.floats:
        conv.ctx.referenced.append(fid)
    return cited


# -- figures --------------------------------------------------------------------------------

def floats(conv: Writer, e: Tag) -> bool:
    """Whether a ``<figure>`` of the page is a float of the book (a stepper's is a table
    set in place)."""
    img = e.find("img")
    fid = figure_id(img.get("src", "")) if img else None
    return fid is not None and fid in conv.ctx.figures and \
        "steps" not in conv.ctx.data.get(fid, {})


def figure(conv: Writer, e: Tag) -> str:
    img = e.find("img")
    fid = figure_id(img.get("src", "")) if img else None
    if fid is None or fid not in conv.ctx.figures:
        raise ValueError(f"{conv.slug}: a figure the book cannot include: {e.get('id')}")
    if "steps" in conv.ctx.data.get(fid, {}):
        # a stepper's still figure: the graph at its start; its steps are a table
        # (coursebuild.typeset.latex.steppers)
        return ""
    caption = e.find("figcaption")
    text = ""
    if caption is not None:
        number = caption.find("strong")
        if number is not None and re.fullmatch(r"(Figure|Fig\.) ?\d+\.",
                                               number.get_text().strip()):
            number.decompose()
        text = print_caption(conv.inlines(caption).strip())
    conv.ctx.printed.add(fid)
    return conv.defer(fid, float_figure(conv, fid, text))


def image(conv: Writer, e: Tag) -> str:
    fid = figure_id(e.get("src", ""))
    if fid and fid in conv.ctx.figures:
        conv.ctx.printed.add(fid)
        return float_figure(conv, fid, escape(conv.ctx.captions.get(fid, e.get("alt", ""))))
    conv.ctx.warnings.append(f"{conv.slug}: an image left out: {e.get('src', '')[:60]}")
    return escape(e.get("alt", ""))


def widget(conv: Writer, e: Tag) -> str:
    """A game or a stepper: its still figure (once in the book), with the live page's
    address when the site has one."""
    fid = e.get("data-figure") or figure_id(e.get("data-svg", "")) or ""
    if fid in conv.ctx.printed or fid not in conv.ctx.figures:
        return live_line(conv, conv.ctx.words["playable"])
    conv.ctx.printed.add(fid)
    live = live_line(conv, conv.ctx.words["live"])     # (the chapter's "Online" box)
    return conv.defer(fid, float_figure(conv, fid, escape(conv.ctx.captions.get(fid, "")),
                                        live))


def tabbed(conv: Writer, e: Tag) -> str:
    """Tabs: each with its title as a paragraph's head; tabs that are each one figure
    (an attractor's steps, still) print the last one alone."""
    labels = [lab.get_text(" ", strip=True) for lab in e.select(".tabbed-labels > label")]
    blocks = e.select(".tabbed-content > .tabbed-block")

    def only_figure(block: Tag) -> bool:
        return block.find("figure") is not None and not "".join(
            t for t in block.find_all(string=True) if t.find_parent("figure") is None).strip()

    if blocks and all(only_figure(b) for b in blocks):
        return conv.blocks(blocks[-1])
    return "\n".join(f"\\paragraph{{{escape(name)}}}\n" + conv.blocks(block)
                     for name, block in zip(labels, blocks, strict=False))


def legible_width(conv: Writer, fid: str) -> float:
    """The width at which a figure's smallest text is 7 pt (its natural width if its
    text is larger)."""
    fig = conv.ctx.figures[fid]
    need = fig.width_pt * MIN_TEXT_PT / fig.min_font_pt if fig.min_font_pt else 0.0
    return min(need, fig.width_pt)


def float_figure(conv: Writer, fid: str, caption: str, extra: str = "") -> str:
    """A figure as a float: as wide as the text at most, or into the outer margin, or
    turned on a page of its own, or in its book form (see the module's rules)."""
    ctx = conv.ctx
    fig = ctx.figures[fid]
    k = key(fid)
    need = legible_width(conv, fid)
    full = ctx.text_width_pt + ctx.margin_pt
    width = min(fig.width_pt, ctx.text_width_pt)
    # its text no larger than 9 pt (a figure's words are smaller than the text's), no
    # taller than 45 % of the page, unless its text would get under 7 pt
    if fig.min_font_pt:
        width = min(width, fig.width_pt * MAX_TEXT_PT / fig.min_font_pt)
    width = min(width, fig.width_pt * ctx.text_height_pt * 0.45 / fig.height_pt)
    width = max(width, need)
    caption_tex = caption + (" " + extra if extra else "")
    # at the top or the foot of a page, never on a page of floats ahead of the
    # text that cites it
    head = f"\\begin{{figure}}[!tb]\n\\bookmarkpage{{{k}}}%\n\\centering\n"
    tail = f"\\caption{{{caption_tex}}}\\label{{{k}}}\n\\end{{figure}}\n"
    height = fig.height_pt * width / fig.width_pt
    if height > ctx.text_height_pt * 0.72:       # tall: set by its height, if legible
        width = max(fig.width_pt * ctx.text_height_pt * 0.72 / fig.height_pt, need)
        height = fig.height_pt * width / fig.width_pt
    if width <= ctx.text_width_pt + 0.5 and height <= ctx.text_height_pt * 0.85:
        return head + f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n" + tail
    if width <= full + 0.5 and height <= ctx.text_height_pt * 0.85:
        return (head + f"\\bookwide{{{k}}}{{\\includegraphics[width={width:.1f}pt]{{{fid}}}}}\n"
                + tail)
    # turned a quarter: its length across the page's height, its height (and its
    # caption) across the text and the margin
    room = ctx.text_height_pt * 0.99
    # what the caption takes of the text and margin: its lines (about 5 pt a character
    # at the caption's size, 14 pt a line) and the skip above it
    letters = len(re.sub(r"\\[a-zA-Z]+|[{}\\()]", "", caption_tex))
    caption_pt = max(60.0, 14 * -(-letters * 5.0 // room) + 16)
    width = min(fig.width_pt, room, (full - caption_pt) * fig.width_pt / fig.height_pt)
    if width >= need - 0.5:
        return _turned(fid, width, room, caption_tex)
    table = rank_table(conv, fid)
    if table:
        return (head + table + f"\\caption{{{first_sentence(caption)} "
                f"{rank_caption(conv, fid)}}}\\label{{{k}}}\n\\end{{figure}}\n")
    ctx.warnings.append(f"{conv.slug}: figure {fid} is not legible on paper "
                        f"({need:.0f} pt wide at 7 pt, {room:.0f} pt at most, turned)")
    return _turned(fid, width, room, caption_tex)     # the least bad: as large as can be


def _turned(fid: str, width: float, room: float, caption: str) -> str:
    """A figure turned a quarter on a page of its own, ``width`` long across the page's
    height (a line of ``room``), its foot towards the outer edge."""
    k = key(fid)
    return ("\\begin{figure}[p]\n"
            f"\\bookmarkpage{{{k}}}%\n\\centering\n\\bookwide{{{k}}}{{\\bookturned{{{k}}}"
            f"{{\\begin{{minipage}}{{{room:.1f}pt}}\\centering\n"
            f"\\includegraphics[width={width:.1f}pt]{{{fid}}}\n"
            f"\\caption{{{caption}}}\\label{{{k}}}\n\\end{{minipage}}}}}}\n"
            "\\end{figure}\n")


# -- a figure too large for paper: its positions by rank -------------------------------------

def first_sentence(caption: str) -> str:
    """A caption's first sentence.

    >>> first_sentence("The 120 positions. All are won.")
    'The 120 positions.'
    """
    m = re.match(r"(.+?[.!?])(\s|$)", caption, re.S)
    return m[1] if m else caption


def rank_table(conv: Writer, fid: str) -> str:
    """The positions of a game figure (its data: each vertex's winner and rank) as a
    table by rank, a column for each winner, the draws last; "" without data."""
    vertices = conv.ctx.data.get(fid, {}).get("vertices")
    if not vertices:
        return ""
    winners = sorted({v["winner"] for v in vertices.values() if v["winner"] is not None})
    ranks = sorted({v["rank"] for v in vertices.values() if v["winner"] is not None})
    cols = "r" + "".join(">{\\raggedright\\arraybackslash}X" for _ in winners)
    player = {0: r"\(J_0\)", 1: r"\(J_1\)"}
    head = (escape(conv.ctx.words["rank"]) + " & "
            + " & ".join(escape(conv.ctx.words["won_by"]) + " " + player[w] for w in winners)
            + r" \\ \hline")
    rows = []
    for r in ranks:
        cells = [", ".join(sorted(escape(name) for name, v in vertices.items()
                                  if v["winner"] == w and v["rank"] == r)) for w in winners]
        rows.append(f"{r} & " + " & ".join(cells) + r" \\")
    draws = sorted(escape(name) for name, v in vertices.items() if v["winner"] is None)
    if draws:
        rows.append(escape(conv.ctx.words["draw"]) + " & \\multicolumn{" + str(len(winners))
                    + "}{l}{" + ", ".join(draws) + r"} \\")
    return ("{\\small\\begin{tabularx}{\\linewidth}{" + cols + "}\n\\hline\n" + head + "\n"
            + "\n".join(rows) + "\n\\hline\n\\end{tabularx}}\n")


def rank_caption(conv: Writer, fid: str) -> str:
    """What a figure's table by rank says, from its data."""
    vertices = conv.ctx.data[fid]["vertices"]
    counts = {w: sum(v["winner"] == w for v in vertices.values()) for w in (0, 1, None)}
    words = conv.ctx.words
    if counts[0] == 0 and counts[None] == 0:
        who = words["all_won"].format(player=r"\(J_1\)")
    elif counts[1] == 0 and counts[None] == 0:
        who = words["all_won"].format(player=r"\(J_0\)")
    else:
        who = words["won_counts"].format(zero=counts[0], one=counts[1], draws=counts[None])
    return words["by_rank"].format(n=len(vertices), who=who)
