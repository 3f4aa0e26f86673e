"""MkDocs hook shared by the French and English sites: the build's events, and what they
do with each page.

- Adds the files both languages share but that live outside their ``docs_dir``: the
  generated figures (``docs/figures``), the course's stylesheet and scripts
  (``docs/assets``), the figures' font from its pinned package, KaTeX's stylesheet and
  fonts, Pyodide and the exercises' editor from ``node_modules`` (npm, pinned by
  ``package-lock.json``; the site makes no request to another host), the library's
  sources for Pyodide, and the example arena files. What both languages share is stored
  once, by the French build, at the root of the site; the English build
  (``extra.shared_root``) links to it.
- Puts each page together: the bank's page, the teachers' guide, the practice page, and
  the page's markers (``<!-- figure: ID -->``, ``<!-- exercise: ID -->``...), which the
  writers of :mod:`coursebuild.documents.markers` check and expand, sharing with these events the
  state of the build (:mod:`coursebuild.documents.markers.state`: the figures' catalogue, where the
  shared files are).
- Leaves the teachers' tab out of the students' edition (the zip), sets French typography
  in the French pages, their titles and menus, and the search index's maths as text.
- Typesets each page's formulas (:mod:`coursebuild.sources.maths`): no script does it in the
  reader's browser.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from coursebuild.documents.markers import check, exercises, figures, links, notebook_pages, state
from coursebuild.paths import ROOT
from coursebuild.products.site_assets import (
    EDITOR_JS,
    FONT_FILES,
    PYODIDE_FILES,
    _node_file,
    katex_css,
    katex_fonts,
    library_zip,
    web_font,
)
from coursebuild.sources import address
from coursebuild.sources.typography import french_html

ASSETS = ROOT / "docs" / "assets"
EXAMPLES = ROOT / "docs" / "examples"
HANDOUTS = ROOT / "build" / "handout"        # the exercise sheets (coursebuild.documents.handout)

TEACHERS_PAGES = ("teachers.md", "descriptor.md", "sources.md", "bank.md", "building.md",
                  "reference.md")
"""The teachers' tab: on the site, not in the zip handed to students (its students'
edition: nor the teachers' book)."""


def _students_nav(nav: list) -> list:
    """The navigation without the teachers' section (a section whose pages are all in
    :data:`TEACHERS_PAGES`)."""
    def pages(item) -> list[str]:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            return [p for sub in value for p in pages(sub)]
        return [value]

    return [item for item in nav if not set(pages(item)) <= set(TEACHERS_PAGES)]


def _without_teachers_links(markdown: str) -> str:
    """A page of the students' edition: its paragraphs that send to a teachers' page left
    out, and a heading left with nothing under it."""
    link = re.compile(r"\]\((?:\./)?(?:" + "|".join(map(re.escape, TEACHERS_PAGES)) +
                      r")(?:#[^)]*)?\)")
    if not link.search(markdown):
        return markdown
    blocks = [b for b in re.split(r"\n{2,}", markdown) if not link.search(b)]
    kept: list[str] = []
    for k, block in enumerate(blocks):
        heading = re.match(r"#{1,6} ", block)
        following = blocks[k + 1] if k + 1 < len(blocks) else None
        level = len(heading[0]) - 1 if heading else 0
        if heading and (following is None or re.match(rf"#{{1,{level}}} ", following)):
            continue
        kept.append(block)
    return "\n\n".join(kept)


def on_config(config, **kwargs):
    from coursebuild.sources import exercise_source

    exercise_source.forget()          # read the exercises' files again at each build
    from coursebuild.course import bank_samples

    bank_samples.forget()
    from coursebuild.course import teaching_facts
    from coursebuild.documents import guide

    guide.forget()                      # the teaching notes and their facts, afresh
    teaching_facts.note_facts.cache_clear()
    if state.where() == "zip":           # the students' edition: no teachers' tab
        config.nav = _students_nav(config.nav or [])
    # the site's address, one setting for both languages (coursebuild.sources.address, SITE_URL)
    config.site_url = address.published(config.theme["language"]) or None
    state.start(config.extra.get("shared_root", ""))
    return config


def _add_tree(files: Files, config, source: Path, dest: str) -> None:
    """Add ``source`` (a file or a folder, recursively) to the site under ``dest``."""
    paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
    for path in paths:
        rel = dest if source.is_file() else f"{dest}/{path.relative_to(source).as_posix()}"
        files.append(File.generated(config, rel, abs_src_path=str(path)))


def on_files(files: Files, config, **kwargs):
    import font_source_sans_pro

    from coursebuild.products import release

    notebook_pages.reader_notebooks(files, config.theme["language"])
    if state.where() == "zip":
        for file in [f for f in files if f.src_uri in TEACHERS_PAGES]:
            files.remove(file)
    _add_tree(files, config, EXAMPLES, "examples")
    if state.shared_root():
        return files      # the English pages use the French build's copies (state.url)
    wheel = release.wheel_path()
    if not wheel.exists():
        raise PluginError(f"{wheel} is missing: run `make site` (it builds the wheel)")
    _add_tree(files, config, wheel, f"{release.DOWNLOADS}/{wheel.name}")
    _add_tree(files, config, ASSETS, "assets")
    for lang in ("fr", "en"):
        sheet = HANDOUTS / f"handout-{lang}.pdf"
        if not sheet.exists():
            raise PluginError(f"{sheet} is missing: run `make handout` (make site does)")
        _add_tree(files, config, sheet, f"handouts/handout-{lang}.pdf")
    for entry in state.MANIFEST.values():
        for key in ("svg", "pdf"):
            _add_tree(files, config, state.FIGURES / entry[key], f"figures/{entry[key]}")
    for extra in sorted(state.FIGURES.glob("*.json")):
        _add_tree(files, config, extra, f"figures/{extra.name}")
    fonts = Path(font_source_sans_pro.__file__).parent / "files"
    for name in FONT_FILES:            # as WOFF2, cut (site_assets.web_font)
        files.append(File.generated(config, f"assets/fonts/{Path(name).stem}.woff2",
                                    content=web_font(fonts / name)))
    _add_tree(files, config, fonts / "LICENSE.txt", "assets/fonts/LICENSE.txt")
    # the formulas' stylesheet and the fonts it names (a browser fetches those a page's
    # formulas use), and KaTeX for the practice page's variants, made in the browser
    files.append(File.generated(config, "assets/katex/katex.min.css", content=katex_css()))
    for font in katex_fonts():
        _add_tree(files, config, font, f"assets/katex/fonts/{font.name}")
    _add_tree(files, config, _node_file("katex", "dist", "katex.min.js"),
              "assets/katex/katex.min.js")
    if not EDITOR_JS.exists():
        raise PluginError(f"{EDITOR_JS} is missing: run `make site` (it bundles the editor)")
    _add_tree(files, config, EDITOR_JS, "assets/javascripts/editor.js")
    for name in PYODIDE_FILES:
        _add_tree(files, config, _node_file("pyodide", name), f"assets/pyodide/{name}")
    files.append(File.generated(config, "assets/pyodide/arena.zip", content=library_zip()))
    from coursebuild.products import practice_page  # the practice page's bank (issue 49)

    files.append(File.generated(config, "assets/pyodide/practice.zip",
                                content=practice_page.practice_zip()))
    _add_tree(files, config, _node_file("iframe-worker", "shim", "index.js"),
              "assets/javascripts/vendor/iframe-worker.js")
    _add_tree(files, config, _node_file("@viz-js", "viz", "dist", "viz-global.js"),
              "assets/javascripts/vendor/viz-global.js")
    return files


def on_post_build(config, **kwargs):
    """Search snippets show the text of a section as indexed, where no formula is typeset:
    its maths becomes plain Unicode text (``𝒜ⁱₙ``, not ``\\(\\mathcal{A}^i_n\\)``).
    Runs after the search plugin has written the index and before the offline plugin
    inlines it (priority -100)."""
    from coursebuild.sources import maths
    from coursebuild.sources.plainmaths import plain_search_text

    maths.end_build()         # the build's Node process, if it typeset anything, ends here
    path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["title"] = plain_search_text(doc["title"])
        doc["text"] = plain_search_text(doc["text"])
    path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False),
                    encoding="utf-8")


_NO_ALT = re.compile(r'<img alt="No description has been provided for this image" '
                     r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


def on_post_page(output: str, page, config, **kwargs):
    """Notebook outputs drawn by arena carry a <title>: make it the image's text
    alternative (nbconvert gives every image the same generic text)."""
    import base64

    def alt(m: re.Match) -> str:
        svg = base64.b64decode(m.group(1)).decode("utf-8", "replace")
        title = re.search(r"<title[^>]*>([^<]*)</title>", svg)
        text = html.unescape(title.group(1)) if title else ""
        return f'<img alt="{html.escape(text)}" src="data:image/svg+xml;base64,{m.group(1)}"'

    output = _NO_ALT.sub(alt, output)
    notebook = page.file.src_uri.endswith(".ipynb")
    if notebook:
        # two scripts of the notebook template that are not the site's: its MathJax 2 (a
        # URL of no file, custom_mathjax_url: the formulas are typeset at build time) and
        # configuration (MathJax.Hub), and a loader of Mermaid from a CDN (no notebook
        # draws a Mermaid diagram, and the site fetches nothing from elsewhere)
        output = _TEMPLATE_SCRIPTS.sub("", output)
    from coursebuild.sources import maths

    try:
        return maths.typeset_page(output, f"docs/{config.theme['language']}/"
                                  f"{page.file.src_uri}", notebook=notebook)
    except maths.MathsError as exc:
        raise PluginError(str(exc)) from None


NO_MATHJAX = "no-mathjax-formulas-typeset-at-build.js"
"""The notebook template's ``custom_mathjax_url`` (mkdocs.base.yml): the script it names is
taken out of the page."""
_TEMPLATE_SCRIPTS = re.compile(
    r'<!-- Load mathjax -->\s*<script src="[^"]*' + re.escape(NO_MATHJAX) + r'">\s*</script>\s*'
    r'<!-- MathJax configuration -->\s*<script type="text/x-mathjax-config">.*?</script>\s*'
    r'<!-- End of mathjax configuration -->'
    r'|<script type="module">(?:(?!</script>).)*cdnjs\.cloudflare\.com/ajax/libs/mermaid'
    r'.*?</script>\s*', re.S)


# mkdocs-jupyter's copy button: a hidden English "Copied!" that search would index as the
# first words of every cell, and an English label on the French pages
NOTEBOOK_COPIED = '<span class="notice" hidden="">Copied!</span>'
NOTEBOOK_COPY_LABEL = {"fr": 'aria-label="Copier dans le presse-papiers"',
                       "en": 'aria-label="Copy to clipboard"'}


# a Sphinx role of a docstring (:func:`name`, :class:`~a.b.C`) that the API reference
# would print as written: the name alone, in code (`~` keeps its last part)
SPHINX_ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc|obj):<code>(~?)([^<]*)</code>")


def _role(m: re.Match) -> str:
    name = m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2)
    return f"<code>{name}</code>"


def on_nav(nav, config, files, **kwargs):
    """French typography in the menus too: the titles of sections, pages and links
    that the navigation gives (``Étude de cas : chomp``)."""
    if config.theme["language"] != "fr":
        return nav
    from coursebuild.sources.typography import french

    def walk(items) -> None:
        for item in items:
            if getattr(item, "title", None):
                item.title = french(item.title)
            walk(getattr(item, "children", None) or [])

    walk(nav.items)
    return nav


def _french_titles(page) -> None:
    """French typography in what the page's body does not hold: its title (the
    browser's tab, the header, the previous/next links) and its table of contents."""
    from coursebuild.sources.typography import french

    if page.title:
        page.title = french(page.title)
        # the theme prints page.title through striptags, which turns every no-break space
        # into a plain one (str.split); a title from the metadata is printed as it is
        if not page.is_homepage:        # the home page's tab shows the site's name
            page.meta["title"] = page.title

    def walk(items) -> None:
        for item in items:
            item.title = french(item.title)
            walk(item.children)

    walk(page.toc)


def on_page_content(html_text: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    html_text = check.figure_references(html_text, f"docs/{lang}/{page.file.src_uri}")
    html_text = SPHINX_ROLE.sub(_role, html_text)
    html_text = html_text.replace(NOTEBOOK_COPIED, "").replace(
        'aria-label="Copy to Clipboard"', NOTEBOOK_COPY_LABEL[lang])
    if page.file.src_uri.endswith(".ipynb"):
        html_text = notebook_pages.notebook_run_html(Path(page.file.abs_src_path), lang,
                                                     page.url) + \
            html_text + notebook_pages.notebook_downloads_html(page.file.src_uri, lang,
                                                               page.url)
    if lang == "fr":
        _french_titles(page)
        return french_html(html_text)
    return html_text


def on_page_markdown(markdown: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    # the phrase marked: the book moves its sentence into the chapter's "Online" box
    markdown = links.expand_on_site(markdown, lang)
    if state.where() == "zip":
        markdown = _without_teachers_links(markdown)
    if page.file.src_uri.endswith(".md"):
        src = Path(config["docs_dir"]) / page.file.src_uri
        other = src.parents[len(Path(page.file.src_uri).parts) - 1].parent / (
            "en" if lang == "fr" else "fr") / page.file.src_uri
        check.check_markers(markdown, f"docs/{lang}/{page.file.src_uri}", other)
    from coursebuild.sources import exercise_source

    page_name = page.file.src_uri.removesuffix(".md")
    try:
        exercise_source.check_page(markdown, page_name, lang)
        markdown = exercise_source.expand(markdown, lang)
        from coursebuild.products import bank_pages

        markdown = bank_pages.expand(markdown, lang)      # the bank's page (teachers')
        from coursebuild.documents import guide

        markdown = guide.expand(markdown, lang)        # the guide's teaching notes
    except (exercise_source.SourceError, KeyError, ValueError) as exc:
        raise PluginError(str(exc)) from None
    markdown = exercises.expand(markdown, lang, page.url, config)
    from coursebuild.products import practice_page

    markdown = practice_page.expand(markdown, lang, lambda path: state.url(path, page.url))
    markdown = links.expand(markdown, lang, page.url, config.extra.get("book"))
    markdown = links.deck_link(markdown, lang, page_name, page.url)
    return figures.expand(markdown, lang, page.url)
