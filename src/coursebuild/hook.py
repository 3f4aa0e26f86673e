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
NODE = ROOT / "node_modules"
EDITOR_JS = ROOT / "build" / "js" / "editor.js"
# the Pyodide core files a worker needs (no packages: the library is pure Python)
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
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
        '<p class="arena-book">Ce guide et les notes sur les sources forment le livre de '
        'l\'enseignant, à part du livre des élèves\u00a0: <a href="{href}" download>{name} '
        "(PDF)</a>.</p>"),
    ("en", "teachers"): (
        '<p class="arena-book">This guide and the notes on the sources make the teacher\'s '
        'book, apart from the students\' one: <a href="{href}" download>{name} (PDF)</a>.'
        "</p>"),
}
EXERCISE = re.compile(r"^(?P<indent>[ \t]*)<!-- exercise: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
DESIGN = re.compile(r"^(?P<indent>[ \t]*)<!-- design: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
MATHJAX_PARTS = ("tex-chtml.js", "output/chtml/fonts/woff-v2", "input/tex/extensions", "ui",
                 "a11y", "sre", "adaptors")
FONT_FILES = ("SourceSansPro-Regular.ttf", "SourceSansPro-Bold.ttf", "SourceSansPro-It.ttf",
              "LICENSE.txt")
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


def on_config(config, **kwargs):
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


def _node_file(*parts: str) -> Path:
    path = NODE.joinpath(*parts)
    if not path.exists():
        raise PluginError(f"{path} is missing: run `make site` (it runs `npm ci`)")
    return path


# what the exercises need in the browser besides the library: the checkers, the examples
# they share with the pages, the typography of their French messages
PYODIDE_COURSE_MODULES = ("__init__.py", "paths.py", "examples.py", "typography.py",
                          "python_exercises.py", "widgets.py", "design.py",
                          "notebook_kernel.py")


def _notebook_packages() -> dict[str, bytes]:
    """What the notebooks run in the browser need besides the library, taken from this
    environment's packages (pure Python, from the package index): PyYAML without its C
    part (a notebook reads a game's YAML), and IPython's pretty printer alone (a cell's
    result shown as Jupyter shows it), as ``IPython/lib/pretty.py`` in an ``IPython``
    package that holds nothing else; each with its licence. Zip name -> content."""
    from importlib.metadata import distribution

    import IPython.lib.pretty
    import yaml

    files = {f"yaml/{p.name}": p.read_bytes()
             for p in sorted(Path(yaml.__file__).parent.glob("*.py"))}
    files["IPython/__init__.py"] = files["IPython/lib/__init__.py"] = b""
    files["IPython/lib/pretty.py"] = Path(IPython.lib.pretty.__file__).read_bytes()
    for name, folder in (("pyyaml", "yaml"), ("ipython", "IPython")):
        for f in distribution(name).files or []:
            if f.name == "LICENSE":
                files[f"{folder}/LICENSE"] = Path(f.locate()).read_bytes()
    return files


def library_zip() -> bytes:
    """The library's sources and the exercises' modules of the course package, as a zip
    Pyodide unpacks (deterministic: sorted, fixed dates)."""
    import io
    import zipfile

    src = ROOT / "src"
    import json

    import graphviz

    from arena import Arena
    from coursebuild.python_exercises import COURSE_EXAMPLES

    files = [(p, p.relative_to(src).as_posix()) for p in sorted((src / "arena").rglob("*.py"))]
    # the graphviz package (pure Python: it writes DOT) that arena.render builds with; the
    # page lays the DOT out with Graphviz compiled to WebAssembly
    package = Path(graphviz.__file__).parent
    files += [(p, p.relative_to(package.parent).as_posix())
              for p in sorted(package.rglob("*.py"))]
    files += [(src / "coursebuild" / name, f"coursebuild/{name}")
              for name in PYODIDE_COURSE_MODULES]
    # the checkers try the course's own game files too, as JSON (no PyYAML in the browser)
    data = {f"coursebuild/examples/{name}.json": json.dumps(
        Arena.from_file(EXAMPLES / f"{name}.yaml").to_dict(), ensure_ascii=False,
        sort_keys=True).encode() for name in COURSE_EXAMPLES}
    data.update(_notebook_packages())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in [(n, p.read_bytes()) for p, n in files] + sorted(data.items()):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return buffer.getvalue()


def on_files(files: Files, config, **kwargs):
    import font_source_sans_pro

    _add_tree(files, config, EXAMPLES, "examples")
    if _shared["root"]:
        return files      # the English pages use the French build's copies (see _url)
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

    return _NO_ALT.sub(alt, output)


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
        figure_id, args[1] if kind == "game" and len(args) > 1 else None)
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    words = NO_SCRIPT_TRACE if kind == "trace" else NO_SCRIPT
    return f'<div {text}><p class="arena-noscript">{words[lang]}</p></div>'


def _embedded_data(figure_id: str, board: str | None) -> str:
    """The widget's data in the page itself (its SVG, its JSON, the board's SVG), as
    JSON for a ``data-`` attribute, so that it plays where nothing can be fetched: the
    site opened from a folder (file://). (Not a ``<script>``: instant navigation would
    run it as JavaScript.)"""
    data = {"svg": (FIGURES / f"{figure_id}.svg").read_text("utf-8"),
            "json": json.loads((FIGURES / f"{figure_id}.json").read_text("utf-8"))}
    if board is not None:
        data["board"] = (FIGURES / _manifest[board]["svg"]).read_text("utf-8")
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


EXERCISE_WORDS = {
    "fr": {"exercise": "Exercice (Python)", "run": "Exécuter", "check": "Vérifier",
           "stop": "Arrêter", "reset": "Réinitialiser", "solution": "Solution",
           "noscript": "Cet exercice demande JavaScript ; le code de départ est ci-dessus.",
           "help": "Tab indente\u00a0; Échap puis Tab quitte l'éditeur.",
           "output": "Sortie", "editor": "Code Python de l'exercice"},
    "en": {"exercise": "Exercise (Python)", "run": "Run", "check": "Check", "stop": "Stop",
           "reset": "Reset", "solution": "Solution",
           "noscript": "This exercise needs JavaScript; the starter code is above.",
           "help": "Tab indents; Escape then Tab leaves the editor.",
           "output": "Output", "editor": "Python code of the exercise"},
}


def exercise_html(exercise_id: str, lang: str, page_url: str) -> str:
    """The block ``assets/javascripts/exercises.js`` brings to life: statement, starter
    code (static, and what print shows), buttons, output, verdict, folded solution."""
    import markdown as md

    from coursebuild.python_exercises import EXERCISES
    from coursebuild.typography import french

    exercise = EXERCISES.get(exercise_id)
    if exercise is None:
        raise PluginError(f"unknown exercise id {exercise_id!r} "
                          "(not in coursebuild.python_exercises)")
    w = EXERCISE_WORDS[lang]
    attrs = {"class": "arena-exercise", "data-exercise": exercise_id, "data-lang": lang,
             "data-pyodide": _url("assets/pyodide/", page_url),
             "data-worker": _url("assets/javascripts/exercises-worker.js", page_url),
             "data-editor": _url("assets/javascripts/editor.js", page_url),
             "data-starter": exercise.starter, "data-label": w["editor"]}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    statement = md.markdown(exercise.statement[lang])
    if lang == "fr":
        statement = french(statement)
    buttons = "".join(f'<button type="button" class="md-button" data-action="{a}">{w[a]}</button>'
                      for a in ("run", "check", "stop", "reset"))
    colon = "\u00a0: " if lang == "fr" else ": "
    return (f'<div {text}><p class="arena-exercise-title"><strong>{w["exercise"]}{colon}'
            f'{html.escape(exercise.title[lang])}</strong></p>{statement}'
            f'<pre class="arena-exercise-starter"><code>{html.escape(exercise.starter)}'
            '</code></pre>'
            f'<div class="arena-exercise-editor" hidden></div>'
            f'<p class="arena-exercise-help" hidden>{w["help"]}</p>'
            f'<div class="arena-exercise-buttons" hidden>{buttons}</div>'
            f'<pre class="arena-exercise-output" data-role="output" role="log" '
            f'aria-label="{w["output"]}" hidden></pre>'
            f'<div class="arena-exercise-verdict" data-role="verdict" aria-live="polite"></div>'
            f'<p class="arena-noscript">{w["noscript"]}</p>'
            f'<details class="arena-exercise-solution"><summary>{w["solution"]}</summary>'
            f'<pre><code>{html.escape(exercise.solution)}</code></pre></details></div>')


# elements whose text is not prose: code, maths, scripts, drawings
_NOT_PROSE = {"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"}
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/?)>|<!--.*?-->", re.S)


def french_html(html_text: str) -> str:
    """French typography (:func:`coursebuild.typography.french`) applied to the prose of a page:
    the text between tags, never inside code, maths (arithmatex), scripts or drawings,
    nor in attributes."""
    from coursebuild.typography import french

    out, pos = [], 0
    skip, depth = "", 0             # the element that is not prose we are in, and its nesting
    for m in _TAG.finditer(html_text):
        text = html_text[pos:m.start()]
        out.append(text if skip else french(text))
        out.append(m.group(0))
        pos = m.end()
        closing, name, attrs, empty = m.group(1), (m.group(2) or "").lower(), m.group(3), m.group(4)
        if not name or empty:
            continue
        if skip:
            if name == skip:
                depth += -1 if closing else 1
                if depth == 0:
                    skip = ""
        elif not closing and (name in _NOT_PROSE or "arithmatex" in (attrs or "")):
            skip, depth = name, 1
    tail = html_text[pos:]
    out.append(tail if skip else french(tail))
    return "".join(out)


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
        html_text = notebook_run_html(Path(page.file.abs_src_path), lang, page.url) + html_text
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
    from coursebuild.python_exercises import EXERCISES

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


def on_page_markdown(markdown: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    if page.file.src_uri.endswith(".md"):
        src = Path(config["docs_dir"]) / page.file.src_uri
        other = src.parents[len(Path(page.file.src_uri).parts) - 1].parent / (
            "en" if lang == "fr" else "fr") / page.file.src_uri
        check_markers(markdown, f"docs/{lang}/{page.file.src_uri}", other)
    count = 0
    markdown = EXERCISE.sub(lambda m: m.group("indent") + exercise_html(m.group("id"), lang,
                                                                         page.url), markdown)
    markdown = DESIGN.sub(lambda m: m.group("indent") + design_html(m.group("id"), lang,
                                                                     page.url), markdown)
    markdown = HANDOUT_CODE.sub(lambda m: '<p class="arena-handouts">' + HANDOUT_TEXT[lang].format(
        **{k: _url(f"handouts/handout-{k}.pdf", page.url) for k in ("fr", "en")}) + "</p>",
        markdown)
    def book_line(m: re.Match) -> str:
        from coursebuild.book import edition_name

        edition = m.group("edition") or "students"
        name = edition_name(config.extra.get("book"), lang, edition)
        return BOOK_TEXT[lang, edition].format(href=get_relative_url(name, page.url or "."),
                                               name=name)

    markdown = BOOK_CODE.sub(book_line, markdown)
    markdown = INTERACTIVE.sub(
        lambda m: m.group("indent") + interactive_html(m.group("kind"), m.group("args").split(),
                                                        lang, page.url), markdown)

    def expand(m: re.Match) -> str:
        nonlocal count
        count += 1
        block = figure_html(m.group("id"), lang, page.url, count)
        return "\n".join(m.group("indent") + line for line in block.splitlines())

    return SHORTCODE.sub(expand, markdown)
