"""The figures' markers: ``<!-- figure: ID -->`` becomes the figure with its caption in the
page's language, read from ``docs/figures/manifest.json`` (an unknown id stops the build: a
typo breaks the build, not the page), numbered in the page's order; ``<!-- stepper: ID
PLAYER -->``, ``<!-- game: ID [BOARD] -->`` and ``<!-- trace: ID -->`` become the widgets
``assets/javascripts/arena.js`` brings to life, with their data in the page."""

from __future__ import annotations

import html
import json
import re

from mkdocs.exceptions import PluginError

from coursebuild.documents.markers import state
from coursebuild.sources.markdown import text

SHORTCODE = re.compile(r"^(?P<indent>[ \t]*)<!-- figure: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
INTERACTIVE = re.compile(r"^(?P<indent>[ \t]*)<!-- (?P<kind>stepper|game|trace): "
                         r"(?P<args>[a-z0-9 -]+) -->[ \t]*$", re.M)
NO_SCRIPT = {"fr": "Cette partie interactive demande JavaScript ; les figures statiques de "
                   "cette page montrent les mêmes résultats.",
             "en": "This interactive part needs JavaScript; the static figures of this page "
                   "show the same results."}
NO_SCRIPT_TRACE = {"fr": "Cette animation demande JavaScript ; la figure fixe et toutes les "
                         "étapes en texte suivent, plus bas.",
                   "en": "This animation needs JavaScript; the still figure and every step as "
                         "text follow, below."}
LABEL = {"fr": "Figure", "en": "Figure"}
PDF_LINK = {"fr": "PDF pour l'impression", "en": "PDF for print"}


def figure_html(figure_id: str, lang: str, page_url: str, number: int) -> str:
    """The ``<figure>`` of a catalogue entry, for a page at ``page_url``."""
    entry = state.MANIFEST.get(figure_id)
    if entry is None:
        raise PluginError(f"unknown figure id {figure_id!r} (not in docs/figures/manifest.json)")
    caption = entry["caption"][lang]
    svg = state.url(f"figures/{entry['svg']}", page_url)
    pdf = state.url(f"figures/{entry['pdf']}", page_url)
    if lang == "fr":      # the typography first: the escaping hides the colons from it
        from coursebuild.sources.typography import french

        caption = french(caption)
    shown = text(caption)
    return (f'<figure class="arena-figure" id="fig-{figure_id}">\n'
            # the drawing links to itself: a tap opens it alone, full screen and zoomable
            # (without JavaScript, the browser's own view; with it, course.js's dialog)
            f'<a class="arena-zoom" href="{svg}"><img src="{svg}" alt="{shown}" '
            'loading="lazy"></a>\n'
            f"<figcaption><strong>{LABEL[lang]} {number}.</strong> {shown} "
            f'<a class="arena-pdf" href="{pdf}" download>{PDF_LINK[lang]}</a></figcaption>\n'
            "</figure>")


def interactive_html(kind: str, args: list[str], lang: str, page_url: str) -> str:
    """The container the course's script (assets/javascripts/arena.js) brings to life:
    ``stepper: FIGURE PLAYER`` steps through an attractor; ``game: FIGURE [BOARD]`` plays
    against the computed strategy (on a board drawing when one is given); ``trace: FIGURE``
    steps through an algorithm whose steps the figure's build computed (its JSON)."""
    figure_id = args[0]
    data = state.FIGURES / f"{figure_id}.json"
    if figure_id not in state.MANIFEST or not data.exists():
        raise PluginError(f"{kind}: {figure_id!r} is not an interactive figure (no {data.name})")

    def url(name: str) -> str:
        return state.url(f"figures/{name}", page_url)

    attrs = {"class": f"arena-{kind}", "data-figure": figure_id,
             "data-svg": url(f"{figure_id}.svg"), "data-json": url(f"{figure_id}.json")}
    if kind == "stepper":
        attrs["data-player"] = args[1] if len(args) > 1 else "0"
    elif len(args) > 1:
        if args[1] not in state.MANIFEST:
            raise PluginError(f"game: unknown board figure {args[1]!r}")
        attrs["data-board"] = url(f"{args[1]}.svg")
    attrs["data-embedded"] = _embedded_data(
        figure_id, args[1] if kind == "game" and len(args) > 1 else None, lang)
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    words = NO_SCRIPT_TRACE if kind == "trace" else NO_SCRIPT
    return f'<div {text}><p class="arena-noscript">{words[lang]}</p></div>'


def _embedded_data(figure_id: str, board: str | None, lang: str) -> str:
    """The widget's data in the page itself (its SVG, its JSON, the board's SVG), as
    JSON for a ``data-`` attribute, so that it plays where nothing can be fetched: the
    site opened from a folder (file://). (Not a ``<script>``: instant navigation would
    run it as JavaScript.) The figures' files serve both languages (their title is the
    French caption, " / ", the English one, and their JSON both texts of each step); the
    page's copy has its language's alone (:func:`one_language`, :func:`in_language`)."""
    data = {"svg": one_language(figure_id, lang),
            "json": in_language(json.loads((state.FIGURES / f"{figure_id}.json")
                                           .read_text("utf-8")), lang)}
    if board is not None:
        data["board"] = one_language(board, lang)
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def in_language(value: object, lang: str) -> object:
    """A widget's JSON data with each text given in both languages (an object whose keys
    are ``fr`` and ``en``) in ``lang`` alone, under the same key: what the page's script
    reads of it (``text[lang]``), and nothing of the other edition.

    >>> in_language({"text": {"fr": "La file est vide.", "en": "The queue is empty."},
    ...              "marks": [{"fr": "f", "en": "e"}, 3]}, "en")
    {'text': {'en': 'The queue is empty.'}, 'marks': [{'en': 'e'}, 3]}
    """
    if isinstance(value, dict):
        if set(value) == {"fr", "en"}:
            return {lang: in_language(value[lang], lang)}
        return {k: in_language(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [in_language(v, lang) for v in value]
    return value


FIGURE_TITLE = re.compile(r'<title id="fig-title">([^<]*)</title>')


def one_language(figure_id: str, lang: str) -> str:
    """The SVG of a catalogue figure whose title (the tooltip of a drawing put in a page)
    is its caption in ``lang`` alone: the file's title is both captions, French first,
    which serves a teacher who reuses it in either language. A title that is not the two
    captions is a build error (the figure and the manifest disagree)."""
    entry = state.MANIFEST[figure_id]
    svg = (state.FIGURES / entry["svg"]).read_text("utf-8")
    both = f"{entry['caption']['fr']} / {entry['caption']['en']}"
    found = FIGURE_TITLE.search(svg)
    if found is None or html.unescape(found.group(1)) != both:
        raise PluginError(f"figures/{entry['svg']}: its title is not the captions of "
                          f"{figure_id!r} in figures/manifest.json: run `make figures`")
    caption = entry["caption"][lang]
    if lang == "fr":
        from coursebuild.sources.typography import french

        caption = french(caption)
    title = f'<title id="fig-title">{html.escape(caption)}</title>'
    return svg[:found.start()] + title + svg[found.end():]


def expand(markdown: str, lang: str, page_url: str) -> str:
    """The page with its interactive widgets, then its figures (numbered in order), in
    place of their markers (at their markers' indentation)."""
    markdown = INTERACTIVE.sub(
        lambda m: m.group("indent") + interactive_html(m.group("kind"), m.group("args").split(),
                                                        lang, page_url), markdown)
    count = 0

    def one(m: re.Match) -> str:
        nonlocal count
        count += 1
        block = figure_html(m.group("id"), lang, page_url, count)
        return "\n".join(m.group("indent") + line for line in block.splitlines())

    return SHORTCODE.sub(one, markdown)
