"""The course's Markdown as LaTeX, outside the site: the exercise sheets (``make handout``)
and the exam sheets (``make sheets``) set the same texts as the chapters and the book.

A text is converted as the site converts it (python-markdown with the site's extensions,
from ``mkdocs.base.yml``: formulas, tables, fragments included with ``--8<--``), its
figure markers become the site's figures with their captions (``docs/figures``), and the
HTML is set in LaTeX by the converter the book uses (:mod:`coursebuild.typeset.latex`): the same
notation, the same figures at a legible size, the same listings. What needs a screen (a
widget, a ``arena-screen`` passage) is left out, as in the book.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from coursebuild.paths import ROOT

FIGURES = ROOT / "docs" / "figures"
TEXT_WIDTH_PT = 483.7          # the sheets' geometry: A4 with 2 cm margins
TEXT_HEIGHT_PT = 700.0
_MARKER = re.compile(r"^(?P<indent>[ \t]*)<!-- (?P<kind>figure|trace|stepper|game): "
                     r"(?P<args>[a-z0-9 -]+) -->[ \t]*$", re.M)


@functools.cache
def _settings() -> tuple[tuple, dict]:
    """The site's Markdown extensions and their settings (``mkdocs.base.yml``), with the
    snippets' folders made absolute."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.base.yml").read_text(encoding="utf-8"), Loader=Loader)
    names, settings = [], {}
    for item in config["markdown_extensions"]:
        name, conf = next(iter(item.items())) if isinstance(item, dict) else (item, None)
        names.append(name)
        if conf:
            settings[name] = dict(conf)
    snippets = settings.setdefault("pymdownx.snippets", {})
    snippets["base_path"] = [str(ROOT / p) for p in snippets.get("base_path", [])]
    return tuple(names), settings


@functools.cache
def _markdown():
    """One converter with the site's extensions, reset before each text."""
    import markdown

    names, settings = _settings()
    return markdown.Markdown(extensions=list(names), extension_configs=settings)


def manifest() -> dict[str, dict]:
    """The figure catalogue's manifest, by id."""
    entries = json.loads((FIGURES / "manifest.json").read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in entries}


def markdown_html(text: str, lang: str, figures: dict[str, dict] | None = None) -> str:
    """``text`` (Markdown, as the chapters write it) as the site's HTML: figure markers as
    the site's figures with their captions in ``lang``; widgets left out (their still
    figure is a figure marker of its own). French typography in French."""

    from coursebuild.sources.typography import french_html

    figures = manifest() if figures is None else figures

    def marker(m: re.Match) -> str:
        if m["kind"] != "figure":
            return ""
        fid = m["args"].strip()
        if fid not in figures:
            raise KeyError(f"unknown figure id {fid!r} (not in docs/figures/manifest.json)")
        caption = html.escape(figures[fid]["caption"][lang])
        return (f'{m["indent"]}<figure class="arena-figure" id="fig-{fid}">'
                f'<img src="figures/{fid}.svg" alt="{caption}">'
                f"<figcaption>{caption}</figcaption></figure>")

    out = _markdown().reset().convert(_MARKER.sub(marker, text))
    # a link to a chapter as the site writes it (attractors.md -> ../attractors/)
    out = _PAGE_LINK.sub(lambda m: f'href="../{m["page"]}/{m["anchor"] or ""}"', out)
    return french_html(out) if lang == "fr" else out


_PAGE_LINK = re.compile(r'href="(?P<page>[a-z0-9-]+)\.md(?P<anchor>#[^"]*)?"')
_FLOAT = re.compile(r"\\begin\{figure\}\[!(?:htbp|tb)\](?P<body>.*?)\\end\{figure\}", re.S)
_PAGE_FLOAT = re.compile(r"\\begin\{figure\}\[p\](?P<body>.*?)\\end\{figure\}\n"
                         r"\\afterpage\{\\clearpage\}", re.S)


class Converter:
    """Markdown of the course to LaTeX, in one language, with the book's converter: one
    context (figures, captions, chapters) for many texts."""

    def __init__(self, lang: str) -> None:
        from coursebuild.sources import address
        from coursebuild.typeset import editions
        from coursebuild.typeset.latex import Context

        self.lang = lang
        self.figures = manifest()
        _, _, pages = editions.book_pages(lang, "/" if lang == "fr" else "/en/", "students")
        root = "/" if lang == "fr" else "/en/"
        numbered = [p for p in pages if p.numbered]
        self.ctx = Context(
            lang=lang, words=editions.WORDS[lang], figures=editions.figure_metrics(ROOT / "docs"),
            captions={k: e["caption"][lang] for k, e in self.figures.items()},
            site_url=address.published(lang) or "", page_path="", chapter_of={},
            references=set(), text_width_pt=TEXT_WIDTH_PT, text_height_pt=TEXT_HEIGHT_PT,
            code_margin=False, floats=False, cite_figures=True,
            other_book={p.url[len(root):]: k for k, p in enumerate(numbered, 1)})

    def add_figure(self, fid: str, caption: dict[str, str], metrics) -> None:
        """A figure of the texts to convert that is not the course's (a variant's
        drawing): its captions and its size (:func:`coursebuild.typeset.editions.pdf_metrics`)."""
        self.figures[fid] = {"id": fid, "caption": caption}
        self.ctx.figures[fid] = metrics
        self.ctx.captions[fid] = caption[self.lang]

    def latex(self, text: str, page: str = "", slug: str = "sheet") -> str:
        """``text`` (Markdown) as LaTeX; ``page`` is the chapter it comes from (its links
        to other chapters are set as references to the students' book)."""
        from coursebuild.typeset.latex import fragment

        self.ctx.page_path = f"{page}/" if page else ""
        body = markdown_html(text, self.lang, self.figures)
        # a sheet is read in order: a figure the book lets float stays by its text, and
        # one wider than the text takes a page of its own right there
        tex = _FLOAT.sub(lambda m: f"\\begin{{herefigure}}{m['body']}\\end{{herefigure}}",
                         fragment(body, self.ctx, slug))
        return _PAGE_FLOAT.sub(lambda m: f"\\clearpage\n\\begin{{herefigure}}{m['body']}"
                               "\\end{herefigure}\n\\clearpage", tex)

    def listing(self, code: str) -> str:
        """Code as the book sets a listing."""
        from coursebuild.typeset.latex.converter import Converter
        from coursebuild.typeset.latex.listings import listing

        return listing(Converter(self.ctx, "code", numbered=False), code)

    @property
    def warnings(self) -> list[str]:
        return self.ctx.warnings


def unicode_declarations() -> str:
    """What a listing needs to print the Unicode characters it may hold (the book's)."""
    from coursebuild.typeset.latex import unicode_declarations as declarations

    return declarations()


def caption_tex(caption: str) -> str:
    """A figure's caption as LaTeX text (the book's escaping: specials, notation as
    formulas)."""
    from coursebuild.typeset.latex import escape

    return escape(caption)


def write(path: Path, text: str) -> bool:
    from arena._files import write_if_changed

    path.parent.mkdir(parents=True, exist_ok=True)
    return write_if_changed(path, text)


def duration_tex(minutes: int, lang: str) -> str:
    """A duration as the header prints it: ``2~h``, ``1~h~30``, ``45~min``."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest}~min"
    if not rest:
        return f"{hours}~h"
    return f"{hours}~h~{rest:02d}" if lang == "fr" else f"{hours}~h~{rest:02d}~min"
