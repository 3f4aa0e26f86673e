"""MkDocs hook shared by the French and English sites.

- Adds the files both languages share but that live outside their ``docs_dir``: the
  generated figures (``docs/figures``), the course's stylesheet and scripts
  (``docs/assets``), the figures' font from its pinned package, MathJax, Pyodide and the
  exercises' editor from ``node_modules`` (npm, pinned by ``package-lock.json``; the site
  makes no request to another host), the library's sources for Pyodide, and the example
  arena files. What both languages share is stored once, by the French build, at the
  root of the site; the English build (``extra.shared_root``) links to it.
- Expands ``<!-- figure: ID -->`` into the figure with its caption in the page's language,
  read from ``docs/figures/manifest.json``. An unknown id stops the build: a typo breaks
  the build, not the page.
- Expands ``<!-- exercise: ID -->`` into a Python exercise run in the browser
  (``coursebuild.python_exercises``; ``assets/javascripts/exercises.js``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from coursebuild import address
from coursebuild.markdown import text
from coursebuild.paths import ROOT
from coursebuild.site_assets import (
    EDITOR_JS,
    FONT_FILES,
    MATHJAX_PARTS,
    PYODIDE_FILES,
    _node_file,
    library_zip,
)
from coursebuild.typography import french_html

FIGURES = ROOT / "docs" / "figures"
ASSETS = ROOT / "docs" / "assets"
EXAMPLES = ROOT / "docs" / "examples"
HANDOUTS = ROOT / "build" / "handout"        # the exercise sheets (coursebuild.handout)
HANDOUT_CODE = re.compile(r"^<!-- handouts -->[ \t]*$", re.M)
HANDOUT_TEXT = {
    "fr": ("Les feuilles d'exercices à imprimer, avec leurs solutions\u00a0: "
           '<a href="{fr}" download hreflang="fr">en français (PDF)</a> · '
           '<a href="{en}" download hreflang="en" lang="en">in English (PDF)</a>.'),
    "en": ("The printable exercise sheets, with their solutions: "
           '<a href="{en}" download hreflang="en">in English (PDF)</a> · '
           '<a href="{fr}" download hreflang="fr" lang="fr">en français (PDF)</a>.'),
}
BOOK_CODE = re.compile(r"^<!-- book(?:: (?P<edition>teachers))? -->[ \t]*$", re.M)
BOOK_TEXT = {
    ("fr", "students"): (
        '<p class="arena-book">Tout le cours en un seul livre, composé avec LaTeX, à imprimer '
        'ou à lire hors ligne\u00a0: <a href="{href}" download>{name} (PDF)</a>. Les figures '
        "animées y sont remplacées par leurs figures fixes, les solutions sont regroupées à "
        "la fin de chaque chapitre, et le livre a sa bibliographie et son index.</p>"),
    ("en", "students"): (
        '<p class="arena-book">The whole course as one book, typeset with LaTeX, to print or '
        'to read offline: <a href="{href}" download>{name} (PDF)</a>. The animated figures '
        "are replaced by their still figures, the solutions are gathered at the end of each "
        "chapter, and the book has its bibliography and its index.</p>"),
    ("fr", "teachers"): (
        '<p class="arena-book">Ce guide, les notes sur les sources et la banque de problèmes, '
        'avec les corrigés de ses exemples, forment le livre de l\'enseignant, à part du '
        'livre des élèves\u00a0: <a href="{href}" download>{name} (PDF)</a>.</p>'),
    ("en", "teachers"): (
        '<p class="arena-book">This guide, the notes on the sources and the problem bank, '
        'with its samples\' solutions, make the teacher\'s book, apart from the students\' '
        'one: <a href="{href}" download>{name} (PDF)</a>.</p>'),
}
EXERCISE = re.compile(r"^(?P<indent>[ \t]*)<!-- exercise: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
DESIGN = re.compile(r"^(?P<indent>[ \t]*)<!-- design: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
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

_manifest: dict[str, dict] = {}
_shared = {"root": ""}      # "../" in the English build: shared assets live in the French one


TEACHERS_PAGES = ("teachers.md", "sources.md", "bank.md", "building.md", "reference.md")
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
    from coursebuild import exercise_source

    exercise_source.forget()          # read the exercises' files again at each build
    from coursebuild import bank_samples

    bank_samples.forget()
    from coursebuild import guide, teaching_facts

    guide.forget()                      # the teaching notes and their facts, afresh
    teaching_facts.note_facts.cache_clear()
    if _where() == "zip":           # the students' edition: no teachers' tab
        config.nav = _students_nav(config.nav or [])
    _shared["root"] = config.extra.get("shared_root", "")
    # the site's address, one setting for both languages (coursebuild.address, SITE_URL)
    config.site_url = address.published(config.theme["language"]) or None
    path = FIGURES / "manifest.json"
    if not path.exists():
        raise PluginError(f"{path} is missing: run `make figures` (or `make site`) first")
    _manifest.clear()
    _manifest.update({entry["id"]: entry for entry in json.loads(path.read_text("utf-8"))})
    return config


def _add_tree(files: Files, config, source: Path, dest: str) -> None:
    """Add ``source`` (a file or a folder, recursively) to the site under ``dest``."""
    paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
    for path in paths:
        rel = dest if source.is_file() else f"{dest}/{path.relative_to(source).as_posix()}"
        files.append(File.generated(config, rel, abs_src_path=str(path)))


def _url(path: str, page_url: str) -> str:
    """The relative URL, from the page at ``page_url``, of a file both languages share
    (stored once, by the French build, at the root of the published site)."""
    return _shared["root"] + get_relative_url(path, page_url)


def _where() -> str:
    """Which copy of the site this build makes: ``"zip"`` (the one that opens from a
    folder, ARENA_OFFLINE) or ``"site"``."""
    import os

    return "zip" if os.environ.get("ARENA_OFFLINE") == "true" else "site"


NOTEBOOK_PAGES = ROOT / "build" / "notebook-pages"
"""The notebooks as the site and the zip give them: their install cell says how to
install the library from there (:func:`coursebuild.release.install_text`)."""


def _reader_notebooks(files: Files, lang: str) -> None:
    """Point each notebook page at its copy for this site or the zip, whose second cell
    is the install command read from there (the page and its download both show it)."""
    from arena._files import write_if_changed
    from coursebuild.release import install_text

    where = _where()
    for file in files:
        if not file.src_uri.endswith(".ipynb") or file.abs_src_path is None:
            continue
        nb = json.loads(Path(file.abs_src_path).read_text(encoding="utf-8"))
        cell = next((c for c in nb["cells"] if c.get("id") == "cell-1"), None)
        if cell is None or cell["cell_type"] != "markdown":
            raise PluginError(f"{file.src_uri}: no install cell (cell-1) to write")
        cell["source"] = install_text(lang, where)
        copy = NOTEBOOK_PAGES / where / lang / file.src_uri
        copy.parent.mkdir(parents=True, exist_ok=True)
        write_if_changed(copy, json.dumps(nb, ensure_ascii=False, indent=1) + "\n")
        file.abs_src_path = str(copy)


def on_files(files: Files, config, **kwargs):
    import font_source_sans_pro

    from coursebuild import release

    _reader_notebooks(files, config.theme["language"])
    if _where() == "zip":
        for file in [f for f in files if f.src_uri in TEACHERS_PAGES]:
            files.remove(file)
    _add_tree(files, config, EXAMPLES, "examples")
    if _shared["root"]:
        return files      # the English pages use the French build's copies (see _url)
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
    for entry in _manifest.values():
        for key in ("svg", "pdf"):
            _add_tree(files, config, FIGURES / entry[key], f"figures/{entry[key]}")
    for extra in sorted(FIGURES.glob("*.json")):
        _add_tree(files, config, extra, f"figures/{extra.name}")
    fonts = Path(font_source_sans_pro.__file__).parent / "files"
    for name in FONT_FILES:
        _add_tree(files, config, fonts / name, f"assets/fonts/{name}")
    for part in MATHJAX_PARTS:
        _add_tree(files, config, _node_file("mathjax", "es5", part), f"assets/mathjax/{part}")
    if not EDITOR_JS.exists():
        raise PluginError(f"{EDITOR_JS} is missing: run `make site` (it bundles the editor)")
    _add_tree(files, config, EDITOR_JS, "assets/javascripts/editor.js")
    for name in PYODIDE_FILES:
        _add_tree(files, config, _node_file("pyodide", name), f"assets/pyodide/{name}")
    files.append(File.generated(config, "assets/pyodide/arena.zip", content=library_zip()))
    from coursebuild import practice_page  # the practice page's bank (issue 49)

    files.append(File.generated(config, "assets/pyodide/practice.zip",
                                content=practice_page.practice_zip()))
    _add_tree(files, config, _node_file("iframe-worker", "shim", "index.js"),
              "assets/javascripts/vendor/iframe-worker.js")
    _add_tree(files, config, _node_file("@viz-js", "viz", "dist", "viz-global.js"),
              "assets/javascripts/vendor/viz-global.js")
    return files


def figure_html(figure_id: str, lang: str, page_url: str, number: int) -> str:
    """The ``<figure>`` of a catalogue entry, for a page at ``page_url``."""
    entry = _manifest.get(figure_id)
    if entry is None:
        raise PluginError(f"unknown figure id {figure_id!r} (not in docs/figures/manifest.json)")
    caption = entry["caption"][lang]
    svg = _url(f"figures/{entry['svg']}", page_url)
    pdf = _url(f"figures/{entry['pdf']}", page_url)
    if lang == "fr":      # the typography first: the escaping hides the colons from it
        from coursebuild.typography import french

        caption = french(caption)
    shown = text(caption)
    return (f'<figure class="arena-figure" id="fig-{figure_id}">\n'
            f'<img src="{svg}" alt="{shown}" loading="lazy">\n'
            f"<figcaption><strong>{LABEL[lang]} {number}.</strong> {shown} "
            f'<a class="arena-pdf" href="{pdf}" download>{PDF_LINK[lang]}</a></figcaption>\n'
            "</figure>")


def on_post_build(config, **kwargs):
    """Search snippets show the text of a section as indexed, where MathJax does not run:
    its maths becomes plain Unicode text (``𝒜ⁱₙ``, not ``\\(\\mathcal{A}^i_n\\)``).
    Runs after the search plugin has written the index and before the offline plugin
    inlines it (priority -100)."""
    from coursebuild.plainmaths import plain_search_text

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
    if page.file.src_uri.endswith(".ipynb"):
        # the notebook template loads custom_mathjax_url (so that it fetches nothing from
        # another host) at a path that is wrong outside directory URLs (the zip), and the
        # site's scripts load the same configuration: once, by the site's scripts
        configs = list(_MATHJAX_CONFIG.finditer(output))
        if len(configs) > 1:
            output = output[:configs[0].start()] + output[configs[0].end():]
    return output


_MATHJAX_CONFIG = re.compile(r'<script src="[^"]*mathjax-config\.js">\s*</script>\n?')


def interactive_html(kind: str, args: list[str], lang: str, page_url: str) -> str:
    """The container the course's script (assets/javascripts/arena.js) brings to life:
    ``stepper: FIGURE PLAYER`` steps through an attractor; ``game: FIGURE [BOARD]`` plays
    against the computed strategy (on a board drawing when one is given); ``trace: FIGURE``
    steps through an algorithm whose steps the figure's build computed (its JSON)."""
    figure_id = args[0]
    data = FIGURES / f"{figure_id}.json"
    if figure_id not in _manifest or not data.exists():
        raise PluginError(f"{kind}: {figure_id!r} is not an interactive figure (no {data.name})")

    def url(name: str) -> str:
        return _url(f"figures/{name}", page_url)

    attrs = {"class": f"arena-{kind}", "data-figure": figure_id,
             "data-svg": url(f"{figure_id}.svg"), "data-json": url(f"{figure_id}.json")}
    if kind == "stepper":
        attrs["data-player"] = args[1] if len(args) > 1 else "0"
    elif len(args) > 1:
        if args[1] not in _manifest:
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
    French caption, " / ", the English one); the page's copy has its language's alone
    (:func:`one_language`)."""
    data = {"svg": one_language(figure_id, lang),
            "json": json.loads((FIGURES / f"{figure_id}.json").read_text("utf-8"))}
    if board is not None:
        data["board"] = one_language(board, lang)
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


FIGURE_TITLE = re.compile(r'<title id="fig-title">([^<]*)</title>')


def one_language(figure_id: str, lang: str) -> str:
    """The SVG of a catalogue figure whose title (the tooltip of a drawing put in a page)
    is its caption in ``lang`` alone: the file's title is both captions, French first,
    which serves a teacher who reuses it in either language. A title that is not the two
    captions is a build error (the figure and the manifest disagree)."""
    entry = _manifest[figure_id]
    svg = (FIGURES / entry["svg"]).read_text("utf-8")
    both = f"{entry['caption']['fr']} / {entry['caption']['en']}"
    found = FIGURE_TITLE.search(svg)
    if found is None or html.unescape(found.group(1)) != both:
        raise PluginError(f"figures/{entry['svg']}: its title is not the captions of "
                          f"{figure_id!r} in figures/manifest.json: run `make figures`")
    caption = entry["caption"][lang]
    if lang == "fr":
        from coursebuild.typography import french

        caption = french(caption)
    title = f'<title id="fig-title">{html.escape(caption)}</title>'
    return svg[:found.start()] + title + svg[found.end():]


EXERCISE_WORDS = {
    "fr": {"exercise": "Exercice (Python)", "run": "Exécuter", "check": "Vérifier",
           "stop": "Arrêter", "reset": "Réinitialiser", "solution": "Solution",
           "noscript": "Cet exercice demande JavaScript ; le code de départ est ci-dessus.",
           "help": "Tab indente\u00a0; Échap puis Tab quitte l'éditeur.",
           "output": "Sortie", "editor": "Code Python de l'exercice",
           "guarantee": "« Vérifier » exécute votre code dans un Python à part et juge les "
                        "réponses qu'il donne dans un autre, que votre code ne peut pas "
                        "atteindre\u00a0: seules des réponses justes réussissent.",
           "measured": "« Vérifier » exécute votre code dans un Python à part et juge les "
                       "réponses qu'il donne dans un autre, que votre code ne peut pas "
                       "atteindre\u00a0: seules des réponses justes réussissent, mais {what} "
                       "se mesurent dans le Python de votre code, qui pourrait les fausser."},
    "en": {"exercise": "Exercise (Python)", "run": "Run", "check": "Check", "stop": "Stop",
           "reset": "Reset", "solution": "Solution",
           "noscript": "This exercise needs JavaScript; the starter code is above.",
           "help": "Tab indents; Escape then Tab leaves the editor.",
           "output": "Output", "editor": "Python code of the exercise",
           "guarantee": "Check runs your code in a Python of its own and judges the answers "
                        "it gives in another one, which your code cannot reach: only right "
                        "answers pass.",
           "measured": "Check runs your code in a Python of its own and judges the answers "
                       "it gives in another one, which your code cannot reach: only right "
                       "answers pass, but {what} are measured in your code's Python, where "
                       "code could fake them."},
}


def exercise_html(exercise_id: str, lang: str, page_url: str, config=None) -> str:
    """The block ``assets/javascripts/exercises.js`` brings to life: statement, starter
    code (static, and what print shows), buttons, output, verdict, what Check guarantees,
    folded solution (the answer's code, then what the exercise's source adds). The texts
    come from ``docs/exercises`` (:mod:`coursebuild.exercise_source`), the function's name
    and what its check measures from its checker (:mod:`coursebuild.python_exercises`)."""
    from coursebuild import exercise_source
    from coursebuild.python_exercises import FUNCTIONS, MEASURED
    from coursebuild.typography import french

    exercise = exercise_source.python_exercises().get(exercise_id)
    if exercise is None or exercise_id not in FUNCTIONS:
        raise PluginError(f"unknown Python exercise {exercise_id!r} (not in docs/exercises "
                          "with its checker in coursebuild.python_exercises)")
    w = EXERCISE_WORDS[lang]
    starter, answer = exercise.code("starter", lang), exercise.code("answer", lang)
    attrs = {"class": "arena-exercise", "data-exercise": exercise_id, "data-lang": lang,
             "data-pyodide": _url("assets/pyodide/", page_url),
             "data-worker": _url("assets/javascripts/exercises-worker.js", page_url),
             "data-editor": _url("assets/javascripts/editor.js", page_url),
             "data-starter": starter, "data-label": w["editor"]}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    statement = _markdown_html(exercise.text("statement", lang), config)
    more = exercise.text("solution", lang)
    more = _markdown_html(more, config) if more.strip() else ""
    if lang == "fr":
        statement, more = french(statement), french(more)
    buttons = "".join(f'<button type="button" class="md-button" data-action="{a}">{w[a]}</button>'
                      for a in ("run", "check", "stop", "reset"))
    measured = MEASURED.get(exercise_id)
    guarantee = (w["measured"].format(what=measured[lang]) if measured else w["guarantee"])
    return (f'<div {text} id="{exercise.anchor}"><p class="arena-exercise-title"><strong>'
            f'{html.escape(exercise.heading(lang))}</strong></p>{statement}'
            f'<pre class="arena-exercise-starter"><code>{html.escape(starter)}'
            '</code></pre>'
            f'<div class="arena-exercise-editor" hidden></div>'
            f'<p class="arena-exercise-help" hidden>{w["help"]}</p>'
            f'<p class="arena-exercise-help arena-exercise-guarantee" hidden>'
            f'{html.escape(guarantee)}</p>'
            f'<div class="arena-exercise-buttons" hidden>{buttons}</div>'
            f'<pre class="arena-exercise-output" data-role="output" role="log" '
            f'aria-label="{w["output"]}" hidden></pre>'
            f'<div class="arena-exercise-verdict" data-role="verdict" aria-live="polite"></div>'
            f'<p class="arena-noscript">{w["noscript"]}</p>'
            f'<details class="arena-exercise-solution"><summary>{w["solution"]}</summary>'
            f'<pre><code>{html.escape(answer)}</code></pre>{more}</details></div>')


def _markdown_html(text: str, config=None) -> str:
    """Markdown of an exercise as HTML, with the site's extensions (formulas, snippets)
    when the site's configuration is given."""
    import markdown as md

    if config is None:
        return md.markdown(text)
    return md.markdown(text, extensions=config["markdown_extensions"],
                       extension_configs=config["mdx_configs"])


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
    from coursebuild.typography import french

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
    from coursebuild.typography import french

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


NOTEBOOK_WORDS = {
    "fr": "Avec JavaScript, ce carnet s'exécute et se modifie ici même, dans le navigateur.",
    "en": "With JavaScript, this notebook runs and can be edited right here, in the browser.",
}


def notebook_run_html(notebook: Path, lang: str, page_url: str) -> str:
    """The block ``assets/javascripts/notebook.js`` turns into the controls that run the
    notebook's cells in the browser: the code of each cell, by the id of its element on
    the page (``cell-N``, as :mod:`coursebuild.notebooks` numbers them)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    cells = [{"id": c["id"], "code": "".join(c["source"])}
             for c in nb["cells"] if c["cell_type"] == "code"]
    attrs = {"class": "arena-notebook-run", "data-lang": lang,
             "data-cells": json.dumps(cells, ensure_ascii=False),
             "data-key": f"arena-notebook:{lang}:{notebook.stem}",
             "data-pyodide": _url("assets/pyodide/", page_url),
             "data-worker": _url("assets/javascripts/notebook-worker.js", page_url),
             "data-editor": _url("assets/javascripts/editor.js", page_url),
             "data-viz": _url("assets/javascripts/vendor/viz-global.js", page_url)}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    return f'<div {text}><p class="arena-noscript">{NOTEBOOK_WORDS[lang]}</p></div>\n'


DOWNLOAD_WORDS = {
    "fr": {"title": "Télécharger", "notebook": "ce carnet", "library": "la bibliothèque "
           "<code>arena</code>, qui l'exécute", "then": "à installer ainsi",
           },
    "en": {"title": "Download", "notebook": "this notebook", "library": "the "
           "<code>arena</code> library, which runs it", "then": "installed with",
           "install": "Installing the library"},
}


def _wheel_link(lang: str, page_url: str, words: str | None = None) -> str:
    """A link to the library's wheel, which reads as its file name or as ``words``."""
    from coursebuild import release

    name = release.wheel_name()
    return (f'<a href="{html.escape(_url(f"{release.DOWNLOADS}/{name}", page_url))}" '
            f"download>{words or f'<code>{name}</code>'}</a>")


def _install_line(lang: str) -> str:
    from coursebuild import release

    return f"<pre><code>{html.escape(release.install_command(_where()))}</code></pre>"


def notebook_downloads_html(src_uri: str, lang: str, page_url: str) -> str:
    """A notebook page's "Download" section: the notebook, the library's wheel (on the
    site and in the zip) and the command that installs it from there."""
    w = DOWNLOAD_WORDS[lang]
    name = Path(src_uri).name
    colon = "\u00a0:" if lang == "fr" else ":"
    return (f'\n<h2 id="download">{w["title"]}</h2>\n<ul class="arena-downloads">'
            f'<li>{w["notebook"]}{colon} <a href="{html.escape(name)}" download>'
            f"<code>{html.escape(name)}</code></a></li>"
            f'<li>{w["library"]}{colon} {_wheel_link(lang, page_url)}, {w["then"]}{colon}'
            f"{_install_line(lang)}</li></ul>\n")


DOWNLOADS_CODE = re.compile(r"^<!-- downloads -->[ \t]*$", re.M)
CLONE_CODE = re.compile(r"^<!-- clone -->[ \t]*$", re.M)
CLONE_WORDS = {
    "fr": {"set": "Depuis le dépôt du cours\u00a0:",
           "unset": "Dans une copie du dépôt du cours (le dossier qui contient son "
                    "<code>Makefile</code>)\u00a0:",
           "comment": "# crée .venv et installe tout", "any": "# un environnement de "
                      "carnets au choix"},
    "en": {"set": "From the course's repository:",
           "unset": "In a copy of the course's repository (the folder that holds its "
                    "<code>Makefile</code>):",
           "comment": "# creates .venv and installs everything",
           "any": "# any notebook environment will do"},
}


GUIDE_DOWNLOAD = {
    "fr": {"text": "La bibliothèque <code>arena</code>, que les carnets utilisent, se "
                   "télécharge ici\u00a0: {link}\u00a0; la commande ci-dessous l'installe "
                   "avec ses figures (la page d'un carnet donne aussi, dans sa section "
                   "« Télécharger », le carnet lui-même).",
           "link": "son fichier .whl",
           "print": "La bibliothèque <code>arena</code>, que les carnets utilisent, se "
                    "télécharge dans les sections « Télécharger » des {where} (celle de ce "
                    "guide et celle de chaque carnet)\u00a0; la commande ci-dessous "
                    "l'installe avec ses figures.",
           "pages": "pages web du cours",
           "published": "Elle est publiée sur l'index des paquets Python.",
           "unpublished": "Elle n'est pas encore publiée sur l'index des paquets "
                          "Python\u00a0: la commande installe ce fichier",
           "saved": ", depuis le dossier où vous l'avez enregistré."},
    "en": {"text": "The <code>arena</code> library, which the notebooks use, is downloaded "
                   "here: {link}; the command below installs it with its figures (a "
                   "notebook's page also gives the notebook itself, in its \"Download\" "
                   "section).",
           "link": "its .whl file",
           "print": "The <code>arena</code> library, which the notebooks use, is downloaded "
                    "from the \"Download\" sections of the {where} (this guide's and each "
                    "notebook's); the command below installs it with its figures.",
           "pages": "course's web pages",
           "published": "It is published on the Python package index.",
           "unpublished": "It is not published on the Python package index yet: the "
                          "command installs this file",
           "saved": ", from the folder where you saved it."},
}
"""The teachers' guide's "Download" section (the wheel's long name is in the command: a
book cannot break it inside a sentence)."""


def downloads_markdown(lang: str, page_url: str) -> str:
    """The teachers' guide's "Download" section: the library's wheel and its command."""
    from coursebuild import address

    w = GUIDE_DOWNLOAD[lang]
    text = w["text"].format(link=_wheel_link(lang, page_url, w["link"]))
    if address.package_published():
        state = w["published"]
    else:
        state = w["unpublished"] + ("." if address.published(lang) else w["saved"])
    url = address.published(lang)       # the book prints a link's address as a footnote
    where = f'<a href="{html.escape(url)}">{w["pages"]}</a>' if url else w["pages"]
    printed = w["print"].format(where=where)
    return (f'<div class="arena-screen" markdown>\n<p>{text} {state}</p>\n</div>\n'
            f'<div class="arena-print" markdown>\n<p>{printed} {state}</p>\n</div>\n'
            f"{_install_line(lang)}")


def clone_markdown(lang: str) -> str:
    """How a teacher gets the course's sources and runs its notebooks: ``git clone`` with
    the repository's address when REPO_URL gives it, else from a copy of the repository
    (never a placeholder)."""
    from coursebuild import address

    w = CLONE_WORDS[lang]
    repo = address.repository()
    lines = ([f"git clone {repo} arena && cd arena"] if repo else []) + [
        f"make site                                   {w['comment']}",
        f".venv/bin/python -m pip install jupyterlab  {w['any']}",
        f".venv/bin/jupyter lab docs/{lang}/notebooks"]
    return (f"<p>{w['set'] if repo else w['unset']}</p>\n\n```sh\n" + "\n".join(lines)
            + "\n```\n")


# a link to a figure (``[below](#fig-ID)``, ``[](other.md#fig-ID)``): the book cites the
# figure by number there (coursebuild.latex.figures)
FIGURE_REFERENCE = re.compile(r'<a (?P<attrs>[^>]*?)href="(?P<page>[^"#]*)#fig-(?P<id>[^"]*)"'
                              r'(?P<rest>[^>]*)>(?P<text>.*?)</a>', re.S)


def figure_references(html_text: str, where: str) -> str:
    """Check that every link to a figure names one of the catalogue, and make an empty one
    (a reference the book alone prints) a hidden span: no empty link on the site."""
    def check(m: re.Match) -> str:
        fid = m.group("id")
        if fid not in _manifest:
            raise PluginError(f"{where}: a link to the figure {fid!r}, which is not in the "
                              f"catalogue{_near(fid, _manifest)}")
        if m.group("text").strip():
            return m.group(0)
        return f'<span class="arena-figref" data-figure="{html.escape(fid)}" hidden></span>'

    return FIGURE_REFERENCE.sub(check, html_text)


def on_page_content(html_text: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    html_text = figure_references(html_text, f"docs/{lang}/{page.file.src_uri}")
    html_text = SPHINX_ROLE.sub(_role, html_text)
    html_text = html_text.replace(NOTEBOOK_COPIED, "").replace(
        'aria-label="Copy to Clipboard"', NOTEBOOK_COPY_LABEL[lang])
    if page.file.src_uri.endswith(".ipynb"):
        html_text = notebook_run_html(Path(page.file.abs_src_path), lang, page.url) + \
            html_text + notebook_downloads_html(page.file.src_uri, lang, page.url)
    if lang == "fr":
        _french_titles(page)
        return french_html(html_text)
    return html_text


# any marker, well formed or not: checked by check_markers before any is expanded
ANY_MARKER = re.compile(r"<!--\s*(?P<kind>figure|stepper|game|trace|exercise|design)\s*:"
                        r"\s*(?P<args>.*?)\s*-->", re.I)
MARKER_ARGS = {"figure": (1, 1), "stepper": (1, 2), "game": (1, 2), "trace": (1, 1),
               "exercise": (1, 1), "design": (1, 1)}


def _near(name: str, known) -> str:
    import difflib

    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


CODE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1|`[^`\n]+`", re.M | re.S)


def markers(markdown: str) -> list[tuple[int, str, list[str]]]:
    """The markers of a page, in order: (line, kind, arguments); a marker shown as code
    (a guide that explains markers) is not one."""
    masked = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), markdown)
    return [(masked.count("\n", 0, m.start()) + 1, m.group("kind"), m.group("args").split())
            for m in ANY_MARKER.finditer(masked)]


def check_markers(markdown: str, where: str, other: Path | None = None) -> None:
    """Refuse, naming the page, the line and the nearest valid id, a marker whose kind is
    not lower case, whose arguments are wrong or unknown, and a page whose translation
    (``other``) does not carry the same markers in the same order."""
    from coursebuild.exercise_source import exercises

    EXERCISES = exercises()
    found = markers(markdown)
    for line, kind, args in found:
        at = f"{where}, line {line}: <!-- {kind}: {' '.join(args)} -->"
        if kind != kind.lower():
            raise PluginError(f"{at}: the marker is written in lower case ({kind.lower()})")
        low, high = MARKER_ARGS[kind]
        if not low <= len(args) <= high:
            raise PluginError(f"{at}: {kind} takes {low}" + (f" or {high}" if high > low else "")
                              + " argument" + ("s" if high > 1 else ""))
        if kind == "design":
            from coursebuild.design import EXAMPLES

            if args[0] not in EXAMPLES:
                raise PluginError(f"{at}: unknown example game {args[0]!r}"
                                  f"{_near(args[0], EXAMPLES)}")
            continue
        if kind == "exercise":
            if args[0] not in EXERCISES:
                raise PluginError(f"{at}: unknown exercise {args[0]!r}"
                                  f"{_near(args[0], EXERCISES)}")
            continue
        if args[0] not in _manifest:
            raise PluginError(f"{at}: unknown figure id {args[0]!r}"
                              f"{_near(args[0], _manifest)}")
        if kind != "figure" and not (FIGURES / f"{args[0]}.json").exists():
            raise PluginError(f"{at}: {args[0]!r} is not an interactive figure (no JSON)")
        if kind == "stepper" and len(args) == 2 and args[1] not in ("0", "1"):
            raise PluginError(f"{at}: the player is 0 or 1, not {args[1]!r}")
        if kind == "game" and len(args) == 2 and args[1] not in _manifest:
            raise PluginError(f"{at}: unknown board figure{_near(args[1], _manifest)}")
    if other is not None and other.exists():
        theirs = markers(other.read_text(encoding="utf-8"))
        for k in range(max(len(found), len(theirs))):
            mine = found[k][1:] if k < len(found) else None
            them = theirs[k][1:] if k < len(theirs) else None
            if mine != them:
                line = found[k][0] if k < len(found) else "end"
                their_line = theirs[k][0] if k < len(theirs) else "end"
                raise PluginError(
                    f"{where}, line {line}: the markers differ from {other.name} of the other "
                    f"language (line {their_line}): {mine} here, {them} there; both chapters "
                    "carry the same markers in the same order")


DESIGN_WORDS = {
    "fr": {"noscript": "Cette page demande JavaScript : elle exécute vos règles en Python "
                       "dans le navigateur.",
           "editor": "Règles du jeu, en Python"},
    "en": {"noscript": "This page needs JavaScript: it runs your rules in Python in the "
                       "browser.",
           "editor": "Rules of the game, in Python"},
}


def design_html(example: str, lang: str, page_url: str) -> str:
    """The game-design block ``assets/javascripts/design.js`` brings to life: an editor
    holding the rules of ``example``, the other examples to load, and what the worker
    returns (:func:`coursebuild.design.design`) drawn with the course's widgets."""
    from coursebuild.design import EXAMPLES

    examples = {k: {"title": e["title"][lang], "code": e["code"][lang]}
                for k, e in EXAMPLES.items()}
    attrs = {"class": "arena-design", "data-lang": lang, "data-example": example,
             "data-examples": json.dumps(examples, ensure_ascii=False, sort_keys=True),
             "data-pyodide": _url("assets/pyodide/", page_url),
             "data-worker": _url("assets/javascripts/design-worker.js", page_url),
             "data-editor": _url("assets/javascripts/editor.js", page_url),
             "data-viz": _url("assets/javascripts/vendor/viz-global.js", page_url),
             "data-label": DESIGN_WORDS[lang]["editor"]}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    return f'<div {text}><p class="arena-noscript">{DESIGN_WORDS[lang]["noscript"]}</p></div>'


ON_SITE = re.compile(r"<!-- ([Oo])n-site -->")
ON_SITE_WORDS = {
    "fr": {"set": "{sur} <a href=\"{url}\">le site du cours</a>",
           "unset": "{dans} les pages web du cours (que votre enseignant peut distribuer "
                    "sous forme de dossier)"},
    "en": {"set": "{on} <a href=\"{url}\">the course's site</a>",
           "unset": "{in_} the course's web pages (which your teacher can hand out as a "
                    "folder)"},
}


def site_phrase(lang: str, capital: bool) -> str:
    """Where the screen's version of a passage is, for its printed version: the course's
    site, linked (the book prints its address), when SITE_URL gives one; else the
    course's pages, which need no address (never "the site" alone, never a placeholder).
    ``<!-- on-site -->`` in a chapter, ``<!-- On-site -->`` at a sentence's start."""
    url = address.published(lang)
    words = {k: (v.capitalize() if capital else v) for k, v in
             {"sur": "sur", "dans": "dans", "on": "on", "in_": "in"}.items()}
    return ON_SITE_WORDS[lang]["set" if url else "unset"].format(url=html.escape(url),
                                                                 **words)


def on_page_markdown(markdown: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    # the phrase marked: the book moves its sentence into the chapter's "Online" box
    markdown = ON_SITE.sub(lambda m: '<span class="arena-online">'
                           + site_phrase(lang, m[1] == "O") + "</span>", markdown)
    if _where() == "zip":
        markdown = _without_teachers_links(markdown)
    if page.file.src_uri.endswith(".md"):
        src = Path(config["docs_dir"]) / page.file.src_uri
        other = src.parents[len(Path(page.file.src_uri).parts) - 1].parent / (
            "en" if lang == "fr" else "fr") / page.file.src_uri
        check_markers(markdown, f"docs/{lang}/{page.file.src_uri}", other)
    count = 0
    from coursebuild import exercise_source

    page_name = page.file.src_uri.removesuffix(".md")
    try:
        exercise_source.check_page(markdown, page_name, lang)
        markdown = exercise_source.expand(markdown, lang)
        from coursebuild import bank_pages

        markdown = bank_pages.expand(markdown, lang)      # the bank's page (teachers')
        from coursebuild import guide

        markdown = guide.expand(markdown, lang)        # the guide's teaching notes
    except (exercise_source.SourceError, KeyError, ValueError) as exc:
        raise PluginError(str(exc)) from None
    markdown = EXERCISE.sub(lambda m: m.group("indent") + exercise_html(
        m.group("id"), lang, page.url, config), markdown)
    markdown = DESIGN.sub(lambda m: m.group("indent") + design_html(m.group("id"), lang,
                                                                     page.url), markdown)
    from coursebuild import practice_page

    markdown = practice_page.expand(markdown, lang, lambda path: _url(path, page.url))
    markdown = HANDOUT_CODE.sub(lambda m: '<p class="arena-handouts">' + HANDOUT_TEXT[lang].format(
        **{k: _url(f"handouts/handout-{k}.pdf", page.url) for k in ("fr", "en")}) + "</p>",
        markdown)
    def book_line(m: re.Match) -> str:
        from coursebuild.editions import edition_name

        edition = m.group("edition") or "students"
        name = edition_name(config.extra.get("book"), lang, edition)
        return BOOK_TEXT[lang, edition].format(href=get_relative_url(name, page.url or "."),
                                               name=name)

    markdown = BOOK_CODE.sub(book_line, markdown)
    markdown = DOWNLOADS_CODE.sub(lambda m: downloads_markdown(lang, page.url), markdown)
    markdown = CLONE_CODE.sub(lambda m: clone_markdown(lang), markdown)
    markdown = INTERACTIVE.sub(
        lambda m: m.group("indent") + interactive_html(m.group("kind"), m.group("args").split(),
                                                        lang, page.url), markdown)

    def expand(m: re.Match) -> str:
        nonlocal count
        count += 1
        block = figure_html(m.group("id"), lang, page.url, count)
        return "\n".join(m.group("indent") + line for line in block.splitlines())

    return SHORTCODE.sub(expand, markdown)
