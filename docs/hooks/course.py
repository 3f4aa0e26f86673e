"""MkDocs hook shared by the French and English sites.

- Adds the files both languages share but that live outside their ``docs_dir``: the
  generated figures (``docs/figures``), the course's stylesheet and scripts
  (``docs/assets``), the figures' font from its pinned package, MathJax from its package
  (the site makes no request to another host), and the example arena files.
- Expands ``<!-- figure: ID -->`` into the figure with its caption in the page's language,
  read from ``docs/figures/manifest.json``. An unknown id stops the build: a typo breaks
  the build, not the page.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures"
ASSETS = ROOT / "docs" / "assets"
EXAMPLES = ROOT / "docs" / "examples"
HANDOUTS = ROOT / "build" / "handout"        # the exercise sheets (scripts/handout.py)
HANDOUT_CODE = re.compile(r"^<!-- handouts -->[ \t]*$", re.M)
HANDOUT_TEXT = {
    "fr": ("Les feuilles d'exercices à imprimer, avec leurs solutions\u202f: "
           '<a href="{fr}" download hreflang="fr">en français (PDF)</a> · '
           '<a href="{en}" download hreflang="en" lang="en">in English (PDF)</a>.'),
    "en": ("The printable exercise sheets, with their solutions: "
           '<a href="{en}" download hreflang="en">in English (PDF)</a> · '
           '<a href="{fr}" download hreflang="fr" lang="fr">en français (PDF)</a>.'),
}
MATHJAX_PARTS = ("tex-chtml.js", "output/chtml/fonts/woff-v2", "input/tex/extensions", "ui",
                 "a11y", "sre", "adaptors")
FONT_FILES = ("SourceSansPro-Regular.ttf", "SourceSansPro-Bold.ttf", "SourceSansPro-It.ttf",
              "LICENSE.txt")
SHORTCODE = re.compile(r"^(?P<indent>[ \t]*)<!-- figure: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
INTERACTIVE = re.compile(r"^(?P<indent>[ \t]*)<!-- (?P<kind>stepper|game): "
                         r"(?P<args>[a-z0-9 -]+) -->[ \t]*$", re.M)
NO_SCRIPT = {"fr": "Cette partie interactive demande JavaScript ; les figures ci-dessus "
                   "montrent les mêmes résultats.",
             "en": "This interactive part needs JavaScript; the figures above show the same "
                   "results."}
LABEL = {"fr": "Figure", "en": "Figure"}
PDF_LINK = {"fr": "PDF pour l'impression", "en": "PDF for print"}

_manifest: dict[str, dict] = {}
_shared = {"root": ""}      # "../" in the English build: shared assets live in the French one


def on_config(config, **kwargs):
    _shared["root"] = config.extra.get("shared_root", "")
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


def on_files(files: Files, config, **kwargs):
    import font_source_sans_pro
    import mathjax

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
    es5 = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
    for part in MATHJAX_PARTS:
        _add_tree(files, config, es5 / part, f"assets/mathjax/{part}")
    shim = ROOT / "node_modules" / "iframe-worker" / "shim" / "index.js"
    if not shim.exists():
        raise PluginError(f"{shim} is missing: run `npm ci` (make site does)")
    _add_tree(files, config, shim, "assets/javascripts/vendor/iframe-worker.js")
    return files


def figure_html(figure_id: str, lang: str, page_url: str, number: int) -> str:
    """The ``<figure>`` of a catalogue entry, for a page at ``page_url``."""
    entry = _manifest.get(figure_id)
    if entry is None:
        raise PluginError(f"unknown figure id {figure_id!r} (not in docs/figures/manifest.json)")
    caption = entry["caption"][lang]
    svg = _url(f"figures/{entry['svg']}", page_url)
    pdf = _url(f"figures/{entry['pdf']}", page_url)
    text = html.escape(caption)
    return (f'<figure class="arena-figure" id="fig-{figure_id}">\n'
            f'<img src="{svg}" alt="{text}" loading="lazy">\n'
            f"<figcaption><strong>{LABEL[lang]} {number}.</strong> {text} "
            f'<a class="arena-pdf" href="{pdf}" download>{PDF_LINK[lang]}</a></figcaption>\n'
            "</figure>")


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
    against the computed strategy (on a board drawing when one is given)."""
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
    return f'<div {text}><p class="arena-noscript">{NO_SCRIPT[lang]}</p></div>'


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


def on_page_markdown(markdown: str, page, config, files, **kwargs):
    lang = config.theme["language"]
    count = 0
    markdown = HANDOUT_CODE.sub(lambda m: '<p class="arena-handouts">' + HANDOUT_TEXT[lang].format(
        **{k: _url(f"handouts/handout-{k}.pdf", page.url) for k in ("fr", "en")}) + "</p>",
        markdown)
    markdown = INTERACTIVE.sub(
        lambda m: m.group("indent") + interactive_html(m.group("kind"), m.group("args").split(),
                                                        lang, page.url), markdown)

    def expand(m: re.Match) -> str:
        nonlocal count
        count += 1
        block = figure_html(m.group("id"), lang, page.url, count)
        return "\n".join(m.group("indent") + line for line in block.splitlines())

    return SHORTCODE.sub(expand, markdown)
