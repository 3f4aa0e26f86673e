"""Nothing on a built page shows its markup: no maths left between raw delimiters, no
Sphinx role of a docstring, no asterisk eaten by emphasis, no English interface word in the
French search index."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {"code", "pre", "script", "style", "svg", "textarea", "kbd"}


# the formulas, typeset at build time (coursebuild.sources.maths): the notebooks' Markdown cells
# are prose like the chapters', their dollars typeset too
TYPESET = {"arithmatex"}


class _Prose(HTMLParser):
    """The text a reader sees as the page's prose: inside the article, outside code,
    scripts, figures' SVG and the typeset formulas."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.flags: list[bool] = []
        self.hidden = 1               # until the article starts
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr", "source"):
            return
        classes = set((dict(attrs).get("class") or "").split())
        hide = tag in SKIPPED or bool(classes & TYPESET)
        if tag == "article":
            hide = -1                 # the article shows its prose
        self.stack.append(tag)
        self.hidden += hide
        self.flags.append(hide)

    def handle_endtag(self, tag):
        if tag not in self.stack:
            return
        while self.stack:
            t = self.stack.pop()
            self.hidden -= self.flags.pop()
            if t == tag:
                break

    def handle_data(self, data):
        if not self.hidden:
            self.text.append(data)


def _prose(path: Path) -> str:
    parser = _Prose()
    parser.feed(path.read_text(encoding="utf-8"))
    return " ".join(parser.text)


def _pages(site: Path) -> list[Path]:
    return [p for p in sorted(site.rglob("index.html"))
            if "assets" not in p.relative_to(site).parts]


LEFTOVERS = re.compile(r"\$|\\\(|\\\)|\\\[|\\\]|:(?:func|class|mod|meth|data|attr):")


def test_no_page_shows_raw_maths_or_roles(site):
    found = []
    for page in _pages(site):
        text = _prose(page)
        for m in LEFTOVERS.finditer(text):
            found.append(f"{page.relative_to(site)}: …{text[max(0, m.start() - 40):m.end() + 40]}…")
    assert found == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_star_keeps_its_asterisk(site, lang):
    """Two "A*" in one paragraph used to turn the text between them into italics."""
    folder = site if lang == "fr" else site / "en"
    text = _prose(folder / "beyond" / "index.html")
    source = (ROOT / "docs" / lang / "beyond.md").read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", source, flags=re.S)
    assert text.count("A*") >= prose.count("A\\*") >= 5
    html = (folder / "beyond" / "index.html").read_text(encoding="utf-8")
    assert "A<em>" not in html


def test_the_french_search_index_has_no_english_interface_words(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = " ".join(doc["text"] for doc in index["docs"])
    assert "Copied!" not in texts and "Copy to Clipboard" not in texts
    for page in _pages(site):
        if page.relative_to(site).parts[:1] != ("en",):
            assert 'aria-label="Copy to Clipboard"' not in page.read_text(encoding="utf-8")


# TeX left as written: its delimiters, the notebooks' dollars, a command
RAW_TEX = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$[^$\s][^$\n]*\$|\\(?:mathcal|mathrm|in|le|ge|"
                     r"times|to|dots|setminus|subseteq|text|frac|delta|emptyset)\b|[_^]\{")
_CODE_HTML = re.compile(r"<pre\b.*?</pre>|<code\b.*?</code>", re.S)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_snippets_show_no_raw_maths(site, lang):
    """A search result shows the text of its section as indexed, where no formula is
    typeset: the index holds the maths as text (𝒜ⁱₙ, J₀), never as TeX."""
    folder = site if lang == "fr" else site / "en"
    index = json.loads((folder / "search" / "search_index.json").read_text(encoding="utf-8"))
    found = []
    for doc in index["docs"]:
        for field in ("title", "text"):
            prose = _CODE_HTML.sub(" ", doc[field])
            for m in RAW_TEX.finditer(prose):
                around = prose[max(0, m.start() - 30):m.end() + 30]
                found.append(f"{doc['location']} ({field}): …{around}…")
    assert found == [], "\n".join(found[:20])
    texts = " ".join(doc["text"] for doc in index["docs"])
    assert "𝒜ⁱₙ" in texts and "J₀" in texts and "¶" not in texts   # the maths is there, as text


def _book_text(lang: str) -> str:
    import subprocess

    from coursebuild.documents import book

    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_book_shows_no_raw_maths(site, lang):
    """The book is typeset by LaTeX from the pages' formulas: no TeX source is left in its
    text, outside the code the pages show as code (a LaTeX handout, shell prompts)."""
    folder = site if lang == "fr" else site / "en"
    code = "\n".join(html.unescape(re.sub(r"<[^>]+>", "", block))
                     for page in _pages(folder)
                     for block in _CODE_HTML.findall(page.read_text(encoding="utf-8")))
    found = []
    for line in _book_text(lang).splitlines():
        if RAW_TEX.search(line) and line.strip() not in code:
            found.append(line)
    assert found == [], "\n".join(found[:20])
    assert _book_text(lang).count("∈") > 50   # typeset maths is in the text, as symbols
