"""The decks on the site, to project from a browser: one slide page per chapter and
language (``slides/PAGE/`` in French, ``en/slides/PAGE/`` in English; ``slides/PAGE.html``
in the copy that opens from a folder), written from the built chapter page by the same
plan as its Beamer deck (:func:`coursebuild.documents.slides.plan.plan`), each frame as an HTML
section made of the page's own elements: its boxes, figures and formulas as the page
typeset them, and its live widgets (the attractor's stepper, the counter algorithm's,
the game), which run on the projector. ``presenter.js`` (loaded by ``loader.js`` on these
pages alone) shows one slide at a time, scaled to fit the screen; the arrows, Space,
PageUp and PageDown (what a clicker sends), Home and End move, F or the bar's button
asks for full screen, the address keeps the slide's number (``#3``).

The site's slides are the PDF's frames in the same order, its title page first (each
slide's ``data-frame`` is its frame's number in the PDF), and a live slide
(``data-live``, no ``data-frame``) for each game the chapter plays, which a PDF cannot."""

from __future__ import annotations

import html
import re
from pathlib import Path

from bs4 import BeautifulSoup

from coursebuild.documents.slides.plan import LIVE, Plan, Planned, article, plan

WORDS = {
    "fr": {"slides": "Diapositives", "role": "diapositive", "slide": "Diapositive {n} sur {count}",
           "previous": "Diapositive précédente", "next": "Diapositive suivante",
           "full": "Plein écran", "chapter": "Retour au chapitre",
           "open": "Projeter les diapositives de ce chapitre",
           "keys": "→, Espace ou Page suivante\u00a0: diapositive suivante\u202f; ← ou Page "
                   "précédente\u00a0: la précédente\u202f; Début, Fin\u202f; F\u00a0: plein "
                   "écran\u202f; Échap\u00a0: sortir d'une figure animée ou du plein écran. "
                   "Dans une figure animée, les flèches la font avancer.",
           "exercises": "Exercices"},
    "en": {"slides": "Slides", "role": "slide", "slide": "Slide {n} of {count}",
           "previous": "Previous slide", "next": "Next slide",
           "full": "Full screen", "chapter": "Back to the chapter",
           "open": "Project this chapter's slides",
           "keys": "→, Space or Page Down: next slide; ← or Page Up: previous; Home, End; "
                   "F: full screen; Escape: leave an animated figure or full screen. In an "
                   "animated figure, the arrows step it.",
           "exercises": "Exercises"},
}
"""The slide pages' own words (the rest is the chapters')."""
URL_ATTRIBUTES = ("href", "src", "data-svg", "data-json")
ABSOLUTE = re.compile(r"^(#|/|[a-z][a-z0-9+.-]*:)", re.I)


def slides_path(page: str, offline: bool) -> str:
    """A chapter's slide page, from its language's root: ``slides/attractors/index.html``
    (``slides/attractors.html`` in the copy for folders)."""
    return f"slides/{page}.html" if offline else f"slides/{page}/index.html"


def chapter_path(page: str, offline: bool) -> str:
    return f"{page}.html" if offline else f"{page}/index.html"


def _slide(inner: str, kind: str, frame: int | None, lang: str) -> str:
    mark = f' data-frame="{frame}"' if frame is not None else f' data-live="{kind}"'
    return (f'<section class="arena-slide" data-kind="{kind}"{mark} tabindex="-1" '
            f'role="group" aria-roledescription="{WORDS[lang]["role"]}">\n'
            f'<div class="arena-slide-inner md-typeset">\n{inner}\n</div>\n</section>')


def _plain_tex(text: str) -> str:
    """The deck's few words of TeX (J_0, V_0, a thin space) as the page writes them."""
    for tex, plain in (("\\(J_0\\)", "J\u2080"), ("\\(J_1\\)", "J\u2081"),
                       ("\\(V_0\\)", "V\u2080"), ("\\,", "")):
        text = text.replace(tex, plain)
    return html.escape(text)


def play_html(lang: str) -> str:
    """The play against the strategy (:func:`coursebuild.documents.slides.play.play`, the frame the
    PDF shows move by move) as the list of its moves, each with the ranks it goes
    between."""
    from coursebuild.course import examples
    from coursebuild.documents.slides.frame import WORDS as FRAME_WORDS
    from coursebuild.documents.slides.play import play

    g, sol = examples.nim_10()
    ranks = dict(sol.ranks(0))
    path = play(g, sol)
    words = FRAME_WORDS[lang]
    colon = "\u00a0:" if lang == "fr" else ":"

    def show(v) -> str:
        return f"({v[0]},\u00a0{v[1]})"

    rows = [f"<p>{_plain_tex(words['play_start'])}{colon} {show(path[0])}, "
            f"{_plain_tex(words['rank'])} {ranks[path[0]]}. "
            f"{_plain_tex(words['play_rule'])}</p>", '<ol class="arena-deck-play">']
    for k in range(1, len(path)):
        x, y = path[k - 1], path[k]
        who, how = ("J\u2080", words["play_j0"]) if x in g.S0 else ("J\u2081",
                                                                   words["play_j1"])
        rows.append(f"<li><strong>{_plain_tex(words['move'])} {k}</strong>{colon} {who} "
                    f"{_plain_tex(how)} {show(x)} \u2192 {show(y)}, "
                    f"{_plain_tex(words['rank'])} {ranks[x]} \u2192 {ranks[y]}</li>")
    rows.append("</ol>")
    rows.append(f"<p>{_plain_tex(words['play_end'].format(n=len(path) - 1))}</p>")
    return "\n".join(rows)


def slides_html(item: Planned, lang: str) -> list[str]:
    """One planned frame as the sections of its slides (each section's HTML but its
    wrapper): the trees give one per tree, as the PDF gives one frame each."""
    head = f"<h2>{item.section_html}</h2>"
    parts = [str(e) for e in item.elements]
    if item.kind == "trees":
        return [head + part for part in parts]
    if item.kind == "counter":
        return [head + '<div class="arena-slide-columns">' + "".join(
            f"<div>{part}</div>" for part in parts) + "</div>"]
    if item.kind == "exercises":
        items = "".join(f"<li>{t.decode_contents()}</li>" for t in item.elements)
        return [f"{head}<ul>{items}</ul>"]
    if item.kind == "play":
        from coursebuild.documents.slides.frame import WORDS as FRAME_WORDS

        return [f"<h2>{html.escape(FRAME_WORDS[lang]['play'])}</h2>"
                '<div class="arena-slide-columns">'
                f"<div>{parts[0]}</div><div>{play_html(lang)}</div></div>"]
    return [head + "".join(parts)]


def _relocated(soup: BeautifulSoup, chapter: str) -> None:
    """The chapter page's relative addresses (which go up from its folder, as MkDocs
    writes them), from the slides' folder (``slides/PAGE/``: one more up); a link to a
    place in the chapter leads there (``chapter``: the chapter's address from the
    slides); the links to the chapter are already written so."""
    for e in soup.find_all(True):
        if "arena-deck-chapter" in e.get("class", []):
            continue
        for name in URL_ATTRIBUTES:
            value = e.get(name)
            if not isinstance(value, str) or not value:
                continue
            if value.startswith("#") and name == "href":
                e[name] = chapter + value
            elif not ABSOLUTE.match(value):
                e[name] = "../" + value


def slide_page(chapter_html: str, lang: str, number: int, page: str, course: str,
               figures: dict, data: dict, offline: bool) -> tuple[str, Plan, int]:
    """A chapter's slide page: (its HTML, its plan, its slides' count)."""
    words = WORDS[lang]
    source = BeautifulSoup(chapter_html, "lxml")
    planned = plan(article(chapter_html, tex=False), figures, data)
    chapter = f"../{page}.html" if offline else f"../../{page}/"
    sections = []
    title_html = f"{number}. {planned.title_html}"
    sections.append(_slide(
        f'<h1>{title_html}</h1>\n<p class="arena-deck-course">{html.escape(course)}</p>\n'
        f'<p class="arena-deck-keys">{html.escape(words["keys"])}</p>\n'
        f'<p><a class="arena-deck-chapter" href="{chapter}">{html.escape(words["chapter"])}'
        '</a></p>', "title", 1, lang))
    frame = 1
    for item in planned.frames:
        for inner in slides_html(item, lang):
            if item.kind in LIVE:
                sections.append(_slide(inner, item.kind, None, lang))
            else:
                frame += 1
                sections.append(_slide(inner, item.kind, frame, lang))
    count = len(sections)
    head = source.head
    for e in head.find_all(["script", "link"]):
        if e.name == "script" or e.get("rel") not in (["stylesheet"], ["icon"]):
            e.decompose()
    for e in head.find_all("meta"):
        if e.get("name") not in ("viewport",) and not e.get("charset"):
            e.decompose()
    title = head.find("title")
    if title is not None:
        title.string = f"{number}. {planned.title} – {words['slides']} – {course}"
    body_attrs = " ".join(f'{k}="{html.escape(" ".join(v) if isinstance(v, list) else v)}"'
                          for k, v in (source.body.attrs if source.body else {}).items())
    bar = (f'<nav class="arena-deck-bar" aria-label="{words["slides"]}">'
           f'<a class="md-button arena-deck-chapter" href="{chapter}" '
           f'title="{words["chapter"]}" '
           f'aria-label="{words["chapter"]}">↩</a>'
           f'<button type="button" class="md-button" data-go="previous" '
           f'title="{words["previous"]}" aria-label="{words["previous"]}">‹</button>'
           f'<span class="arena-deck-count" aria-live="polite" '
           f'data-words="{html.escape(words["slide"])}">1 / {count}</span>'
           f'<button type="button" class="md-button" data-go="next" title="{words["next"]}" '
           f'aria-label="{words["next"]}">›</button>'
           f'<button type="button" class="md-button" data-go="full" title="{words["full"]}" '
           f'aria-label="{words["full"]}" aria-pressed="false">⛶</button></nav>')
    body = BeautifulSoup(
        f'<body {body_attrs}><main class="arena-deck" data-count="{count}" '
        f'aria-label="{html.escape(planned.title)}">\n'
        + "\n".join(sections) + f"\n</main>\n{bar}\n</body>", "lxml").body
    out = BeautifulSoup("<!doctype html><html></html>", "lxml")
    out.html.attrs = dict(source.html.attrs)
    out.html["class"] = ["arena-slides-page"]
    out.html.append(head)
    out.html.append(body)
    _relocated(out, chapter)
    # the presenter's stylesheet and the loader (which loads the presenter and the
    # widgets' scripts), from the language's root: the French site's assets
    assets = ("../" if offline else "../../") + ("" if lang == "fr" else "../")
    head.append(out.new_tag("link", rel="stylesheet",
                            href=f"{assets}assets/stylesheets/presenter.css"))
    body.append(out.new_tag("script", src=f"{assets}assets/javascripts/loader.js"))
    return str(out), planned, count


def write(site: Path, offline: bool = False) -> list[Path]:
    """Every chapter's slide page in both languages into the assembled ``site`` (French
    at its root, English in ``en/``); their paths."""
    from coursebuild.documents.book import figure_data
    from coursebuild.typeset.editions import _config, chapters, figure_metrics

    figures = figure_metrics(site)
    data = figure_data(site)
    out = []
    for lang in ("fr", "en"):
        root = site / ("" if lang == "fr" else "en")
        course = _config(lang)["site_name"]
        for number, page, _ in chapters(lang):
            source = root / chapter_path(page, offline)
            text, _, _ = slide_page(source.read_text("utf-8"), lang, number, page, course,
                                    figures, data, offline)
            target = root / slides_path(page, offline)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
            out.append(target)
    return out

