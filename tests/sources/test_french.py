"""French typography on the French pages (issue 12): the build puts a narrow no-break
space before ; ! ? and a no-break space before : and inside « », in the prose only (never
in code, maths or drawings); the English pages keep ordinary spaces."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_PROSE = {"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"}


class _Prose(HTMLParser):
    """The text of a page's article, outside code, maths and drawings."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside, self.skip, self.depth, self.text = False, "", 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.inside = True
        if self.skip:
            self.depth += tag == self.skip
        elif tag in NOT_PROSE or "arithmatex" in (dict(attrs).get("class") or ""):
            self.skip, self.depth = tag, 1

    def handle_endtag(self, tag):
        if tag == "article":
            self.inside = False
        if self.skip and tag == self.skip:
            self.depth -= 1
            if self.depth == 0:
                self.skip = ""

    def handle_data(self, data):
        if self.inside and not self.skip:
            self.text.append(data)


def _prose(path: Path) -> str:
    parser = _Prose()
    parser.feed(path.read_text("utf-8"))
    return "\x00".join(parser.text)


def _pages(site: Path, lang: str) -> list[Path]:
    root = site if lang == "fr" else site / "en"
    pages = [p for p in root.rglob("index.html")
             if lang == "en" or p.relative_to(site).parts[0] != "en"]
    assert len(pages) >= 20
    return pages


def test_french_pages_have_french_spaces(site):
    faults = []
    checked = 0
    for page in _pages(site, "fr"):
        text = _prose(page)
        checked += len(re.findall(r"[\u202f][;!?]|\u00a0:", text))
        for m in re.finditer(r"\w\x20[;!?:](?=\s|$)|«\x20|\x20»", text):
            around = text[max(0, m.start() - 30):m.end() + 10]
            faults.append(f"{page.relative_to(site)}: …{around}…")
    assert not faults, "\n".join(faults[:20])
    assert checked > 300            # the rule is applied, not just never needed


def test_code_and_maths_keep_their_spaces(site):
    page = (site / "attractors" / "index.html").read_text("utf-8")
    code = re.findall(r"<code>(.*?)</code>", page, re.S)
    assert code and not any("\u202f" in c or "\u00a0:" in c for c in code)
    maths = re.findall(r'<annotation encoding="application/x-tex">(.*?)</annotation>', page,
                       re.S)
    assert maths and not any("\u202f" in m for m in maths)


def test_english_pages_keep_ordinary_spaces(site):
    for page in _pages(site, "en"):
        assert "\u202f;" not in _prose(page) and "\u202f?" not in _prose(page), page


@pytest.mark.parametrize(("text", "expected"), [
    ("Qui gagne ? Personne !", "Qui gagne\u202f? Personne\u202f!"),
    ("le rang : 3 ; la suite", "le rang\u00a0: 3\u202f; la suite"),
    ("« la partie »", "«\u00a0la partie\u00a0»"),
    ("x != y et http://a.b", "x != y et http://a.b"),
])
def test_the_rule(text, expected):
    from coursebuild.sources.typography import french

    assert french(text) == expected


class _Chrome(HTMLParser):
    """The text of a page outside its prose: the browser's title, the header, the menus
    (navigation, table of contents, previous/next), the headings, the figure captions
    and the summaries of folded blocks; code and maths left out."""

    PARTS = {"title": "title", "header": "header", "nav": "menu", "h1": "heading",
             "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading",
             "h6": "heading", "figcaption": "caption", "summary": "summary"}
    VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            cls = dict(attrs).get("class") or ""
            self.stack.append((tag, tag in NOT_PROSE or "arithmatex" in cls))

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if any(skip for _, skip in self.stack):
            return
        parts = [self.PARTS[t] for t, _ in self.stack if t in self.PARTS]
        if parts:
            self.found.append((parts[-1], data))


def test_french_titles_menus_headings_and_captions_have_french_spaces(site):
    """The body's prose is not all: "Étude de cas : chomp" in the menus, "Exercice 4.1 :"
    in the table of contents and the browser's title take a no-break space too."""
    faults, checked = [], {}
    for page in _pages(site, "fr"):
        parser = _Chrome()
        parser.feed(page.read_text("utf-8"))
        for part, data in parser.found:
            checked[part] = checked.get(part, 0) + len(re.findall(r"\u00a0:|\u202f[;!?]", data))
            for m in re.finditer(r"\w\x20[;!?:](?=\s|$)|«\x20|\x20»", data):
                faults.append(f"{page.relative_to(site)} ({part}): "
                              f"…{data[max(0, m.start() - 30):m.end() + 10].strip()}…")
    assert not faults, "\n".join(faults[:20])
    # each kind of place was seen with French spaces in it
    # (the header's title sits in a <nav>: a menu)
    assert all(checked.get(part, 0) > 0 for part in ("title", "menu", "heading", "caption")), \
        checked
