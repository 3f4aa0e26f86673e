"""A notebook's page: its copy for this site or the zip, whose install cell says how to
install the library from there; the controls that run its cells in the browser; its
"Download" section (the notebook, the library's wheel and the command that installs it)."""

from __future__ import annotations

import html
import json
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

from coursebuild.documents.markers import links, state
from coursebuild.paths import ROOT

NOTEBOOK_PAGES = ROOT / "build" / "notebook-pages"
"""The notebooks as the site and the zip give them: their install cell says how to
install the library from there (:func:`coursebuild.products.release.install_text`)."""


def reader_notebooks(files: Files, lang: str) -> None:
    """Point each notebook page at its copy for this site or the zip, whose second cell
    is the install command read from there (the page and its download both show it)."""
    from arena._files import write_if_changed
    from coursebuild.products.release import install_text

    where = state.where()
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


NOTEBOOK_WORDS = {
    "fr": "Avec JavaScript, ce carnet s'exécute et se modifie ici même, dans le navigateur.",
    "en": "With JavaScript, this notebook runs and can be edited right here, in the browser.",
}


def notebook_run_html(notebook: Path, lang: str, page_url: str) -> str:
    """The block ``assets/javascripts/notebook.js`` turns into the controls that run the
    notebook's cells in the browser: the code of each cell, by the id of its element on
    the page (``cell-N``, as :mod:`coursebuild.products.notebooks` numbers them)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    cells = [{"id": c["id"], "code": "".join(c["source"])}
             for c in nb["cells"] if c["cell_type"] == "code"]
    attrs = {"class": "arena-notebook-run", "data-lang": lang,
             "data-cells": json.dumps(cells, ensure_ascii=False),
             "data-key": f"arena-notebook:{lang}:{notebook.stem}",
             "data-pyodide": state.url("assets/pyodide/", page_url),
             "data-worker": state.url("assets/javascripts/notebook-worker.js", page_url),
             "data-editor": state.url("assets/javascripts/editor.js", page_url),
             "data-viz": state.url("assets/javascripts/vendor/viz-global.js", page_url)}
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


def notebook_downloads_html(src_uri: str, lang: str, page_url: str) -> str:
    """A notebook page's "Download" section: the notebook, the library's wheel (on the
    site and in the zip) and the command that installs it from there."""
    w = DOWNLOAD_WORDS[lang]
    name = Path(src_uri).name
    colon = "\u00a0:" if lang == "fr" else ":"
    return (f'\n<h2 id="download">{w["title"]}</h2>\n<ul class="arena-downloads">'
            f'<li>{w["notebook"]}{colon} <a href="{html.escape(name)}" download>'
            f"<code>{html.escape(name)}</code></a></li>"
            f'<li>{w["library"]}{colon} {links.wheel_link(lang, page_url)}, {w["then"]}{colon}'
            f"{links.install_line()}</li></ul>\n")
