"""The maths typeset when the site is built (issue 64 §1): each formula reaches the reader
as HTML for the eye and MathML for screen readers, with its TeX kept for the books; no page
loads a TeX-typesetting script, a formula reads the same with JavaScript off, none is a
Tab stop, and a page fetches only the fonts its formulas use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from coursebuild.sources import maths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of the formulas' renderings of this test's own."""
    monkeypatch.setattr(maths, "CACHE", tmp_path / "maths")
    return tmp_path / "maths"


PAGE = ('<p>Soit <span class="arithmatex">\\(\\mathcal{A}^i_{n+1} \\in S_0\\)</span> et '
        '<span class="arithmatex">\\(10^{42{,}7} &lt; x\\)</span>.</p>\n'
        '<div class="arithmatex">\\[v(p) = \\begin{cases} 1 &amp; \\text{si } p\\\\ 0 &amp; '
        '\\text{sinon}\\end{cases}\\]</div>')


def test_a_formula_becomes_html_and_mathml_with_its_tex(cache):
    out = maths.typeset_page(PAGE, "docs/fr/x.md")
    soup = BeautifulSoup(out, "html.parser")
    formulas = soup.select(".arithmatex")
    assert [f.name for f in formulas] == ["span", "span", "div"]
    for f in formulas:
        assert f.select_one(".katex > .katex-mathml > math semantics annotation")
        assert f.select_one(".katex-html")["aria-hidden"] == "true"     # read once, as MathML
    # the TeX as written, recovered exactly (HTML entities read as characters)
    assert [maths.tex_of(f) for f in formulas] == [
        r"\(\mathcal{A}^i_{n+1} \in S_0\)", r"\(10^{42{,}7} < x\)",
        r"\[v(p) = \begin{cases} 1 & \text{si } p\\ 0 & \text{sinon}\end{cases}\]"]
    # \mathcal is KaTeX's calligraphic font, the decimal comma one number with no space
    assert formulas[0].select_one(".mathcal")
    mathml = str(formulas[1].select_one("math"))
    assert "<mn>42,7</mn>" in mathml
    assert "42,7" in formulas[1].select_one(".katex-html").get_text()
    assert "<mtable" in str(formulas[2].select_one("math"))
    # no formula is a Tab stop, nor a link
    assert not soup.select("[tabindex], a, button")


def test_the_books_read_back_the_page_as_it_was_before(cache):
    out = maths.typeset_page(PAGE, "docs/fr/x.md")
    soup = BeautifulSoup(out, "html.parser")
    maths.restore_tex(soup)
    original = BeautifulSoup(PAGE, "html.parser")
    assert [f.get_text() for f in soup.select(".arithmatex")] == \
        [f.get_text() for f in original.select(".arithmatex")]


def test_the_same_tex_gives_the_same_bytes_from_the_cache_without_node(cache, monkeypatch):
    first = maths.typeset_page(PAGE, "docs/fr/x.md")
    assert len(list(cache.glob("*.html"))) == 3
    proc = maths._NODE.proc          # one Node process typeset them, ended with the build
    assert proc is not None and proc.poll() is None
    maths.end_build()
    assert proc.poll() == 0 and maths._NODE.proc is None

    def no_node(pairs):
        raise AssertionError(f"typeset again: {pairs}")

    monkeypatch.setattr(maths._NODE, "render", no_node)
    assert maths.typeset_page(PAGE, "docs/fr/x.md") == first
    # a new formula alone goes to Node
    asked = []
    monkeypatch.setattr(maths._NODE, "render", lambda pairs: asked.append(pairs) or
                        [{"html": "<span class=\"katex\">y</span>"}])
    maths.typeset_page(PAGE + '<span class="arithmatex">\\(y\\)</span>', "docs/fr/x.md")
    assert asked == [[["y", False]]] or asked == [[("y", False)]]


def test_a_formula_katex_refuses_names_its_page_and_itself(cache):
    with pytest.raises(maths.MathsError, match=r"docs/en/attractors\.md: the formula "
                       r"'\\\\frac\{1' cannot be typeset: .*"):
        maths.typeset_page('<span class="arithmatex">\\(\\frac{1\\)</span>',
                           "docs/en/attractors.md")


def test_a_notebooks_dollars_are_typeset_in_its_markdown_cells_only(cache):
    page = ('<div class="jp-Cell"><div class="jp-RenderedHTMLCommon jp-RenderedMarkdown">'
            '<p>From $J_0$ to $$x^2$$, not <code>$a$</code> nor \\$5.</p></div></div>'
            '<div class="jp-CodeCell"><pre>print("$b$")</pre></div>'
            '<li><span class="md-ellipsis">Exercise: chomp $2 \\times 3$</span></li>')
    out = maths.typeset_page(page, "docs/en/notebooks/x.ipynb", notebook=True)
    soup = BeautifulSoup(out, "html.parser")
    assert [maths.tex_of(f) for f in soup.select(".arithmatex")] == [
        r"\(J_0\)", r"\(x^2\)", r"\(2 \times 3\)"]
    assert soup.select_one(".arithmatex .katex-display")        # $$...$$ is displayed
    assert "<code>$a$</code>" in out and 'print("$b$")' in out and "\\$5" in out
    # a chapter's page: its dollars are text
    assert maths.typeset_page(page, "docs/en/x.md") == page


# -- the built site -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium():
    from browsing import CHROMIUM, NO_CHROMIUM

    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts)


def test_no_page_of_either_language_loads_mathjax(site):
    pages = _pages(site)
    assert any(p.is_relative_to(site / "en") for p in pages) and len(pages) > 40
    for page in pages:
        text = page.read_text("utf-8")
        scripts = re.findall(r'<script\b[^>]*\bsrc="([^"]*)"', text)
        assert not [s for s in scripts if "mathjax" in s.lower() or "katex" in s], page
        assert "MathJax.Hub" not in text and "window.MathJax" not in text, page
    assert not (site / "assets" / "mathjax").exists()
    assert not (site / "assets" / "javascripts" / "mathjax-config.js").exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_chapters_formulas_are_mathml_and_html_as_served(site, lang):
    folder = site if lang == "fr" else site / "en"
    soup = BeautifulSoup((folder / "attractors" / "index.html").read_text("utf-8"), "lxml")
    formulas = soup.select("article .arithmatex")
    assert len(formulas) > 100
    for f in formulas:
        assert f.select_one(".katex-mathml math annotation[encoding='application/x-tex']"), f
        # read once: its MathML, or its drawing where it is a header cell alone
        hidden = f.select(".katex-html[aria-hidden='true'], .katex-mathml[aria-hidden='true']")
        assert len(hidden) == 1, f
        assert not re.search(r"\\[()\[\]]", f.get_text()), f        # no TeX to read
    assert soup.select_one("div.arithmatex .katex-display")
    # the definition of the attractor, with its calligraphic A
    assert any(r"\mathcal{A}" in maths.tex_of(f) for f in formulas)
    assert soup.select_one("link[href$='assets/katex/katex.min.css']")
    assert not soup.select(".arithmatex [tabindex], .arithmatex a")


def test_the_formulas_stylesheet_names_woff2_fonts_that_are_there(site):
    css = (site / "assets" / "katex" / "katex.min.css").read_text("utf-8")
    fonts = re.findall(r"url\(([^)]+)\)", css)
    assert len(fonts) == 20 and all(f.endswith(".woff2") for f in fonts)
    for font in fonts:
        assert (site / "assets" / "katex" / font).is_file(), font
    assert "font-display:swap" in css and "font-display:block" not in css


def test_with_javascript_off_a_chapters_formula_shows_typeset_with_only_its_fonts(
        chromium, browser, base_url):
    context = browser.new_context(java_script_enabled=False,
                                  viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        fonts: list[str] = []
        page.on("request", lambda r: r.url.endswith(".woff2") and fonts.append(r.url))
        page.goto(base_url + "en/attractors/", wait_until="networkidle")
        assert page.evaluate("typeof window.katex") == "undefined"
        # the attractor's definition, displayed over three lines
        k = page.evaluate("""() => [...document.querySelectorAll('div.arithmatex')].findIndex(
          (m) => m.querySelector('annotation').textContent.includes('\\\\mathcal{A}^i_{n+1}'))""")
        display = page.locator("div.arithmatex").nth(k)
        display.scroll_into_view_if_needed()
        box = display.locator(".katex-html").bounding_box()
        assert k >= 0 and box and box["width"] > 200 and box["height"] > 50
        text = display.inner_text()
        assert "\\[" not in text and "\\mathcal" not in text and "\U0001d49c" not in text
        # the calligraphic A in KaTeX's font, which the page fetched; no font it does not use
        assert page.evaluate("document.fonts.check('1em KaTeX_Caligraphic')")
        names = {u.rsplit("/", 1)[-1] for u in fonts if "/katex/" in u}
        assert {"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2",
                "KaTeX_Caligraphic-Regular.woff2"} <= names
        assert not names & {"KaTeX_Fraktur-Regular.woff2", "KaTeX_Typewriter-Regular.woff2",
                            "KaTeX_SansSerif-Regular.woff2", "KaTeX_Script-Regular.woff2"}
    finally:
        context.close()


def test_no_formula_is_a_tab_stop(chromium, browser, base_url):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "attractors/", wait_until="networkidle")
        assert page.locator(".arithmatex").count() > 100
        focusable = page.evaluate("""() => [...document.querySelectorAll('.arithmatex, '
          + '.arithmatex *')].filter((e) => e.tabIndex >= 0).length""")
        assert focusable == 0
        # Tab from the top never lands in a formula (on a phone, one that scrolls in its
        # own box is focusable while it does, as code is: test_touch's axe sweep)
        for _ in range(40):
            page.keyboard.press("Tab")
            assert not page.evaluate("!!document.activeElement.closest('.arithmatex')")
    finally:
        context.close()


def test_a_part_of_a_formula_too_wide_for_a_phone_is_marked_to_scroll_alone(cache):
    long_set = ", ".join(f"({k}, 0)" for k in range(11))
    wide, narrow, shown = maths.typeset([(rf"S_0 = \{{{long_set}\}}", False),
                                         (r"\{(0, 0), (1, 1)\}", False),
                                         (rf"\{{{long_set}\}}", True)])
    soup = BeautifulSoup(wide, "html.parser")
    # "S_0 =" breaks from the set after its "=": the set alone is marked
    assert [b.get("class") for b in soup.select(".katex-html > .katex-base")] == [
        ["katex-base"], ["katex-base", "arena-wide"]]
    assert "arena-wide" not in narrow and "arena-wide" not in shown   # a display scrolls whole


def test_a_header_cell_that_is_a_formula_alone_shows_text_read_once(cache):
    page = ('<table><thead><tr><th><span class="arithmatex">\\(k\\)</span></th>'
            '<th>rank <span class="arithmatex">\\(n\\)</span></th></tr></thead></table>')
    soup = BeautifulSoup(maths.typeset_page(page, "docs/en/x.md"), "html.parser")
    alone, among = soup.select("th")
    # its drawing is the cell's text (axe: empty-table-header), its MathML copy hidden
    assert alone.select_one(".katex-html").get("aria-hidden") is None
    assert alone.select_one(".katex-mathml")["aria-hidden"] == "true"
    assert among.select_one(".katex-html")["aria-hidden"] == "true"
    assert among.select_one(".katex-mathml").get("aria-hidden") is None
    assert [maths.tex_of(f) for f in soup.select(".arithmatex")] == [r"\(k\)", r"\(n\)"]
