"""The built site in a real browser (Playwright driving Debian's Chromium).

The site is served on localhost under the path of its ``site_url``, as GitHub Pages
serves it. Every request that would leave localhost is blocked and fails the test: the
site must work offline (fonts, maths, search, icons all served by itself).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, SITE, TYPESET, Visit, measured, widgets_drawn

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
# every page is visited with the whole search index built, as a student's first visit
# builds it (the other modules' visits are spared it: browsing.served)
SEARCH_INDEX = True


def _all_pages() -> list[str]:
    pages = sorted(p.parent.relative_to(SITE).as_posix() for p in SITE.rglob("index.html"))
    # the slide pages (slides/PAGE/) are the presenter's, not pages to read: no header, a
    # slide scaled to the screen; tests/documents/test_presenter.py checks them
    return [("" if p == "." else p + "/") for p in pages
            if not (p.startswith("slides/") or p.startswith("en/slides/"))]


PAGES = _all_pages() if SITE.exists() else []


# What does not fit the screen: the page's own sideways scroll, and every element of the
# content that reaches past the screen's right edge, unless a scroll box inside the screen
# holds it (a display formula, a code block, a table: those scroll on their own). The
# formulas' MathML copy for screen readers is clipped on purpose.
PAST_THE_EDGE = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (e) => /(auto|scroll)/.test(getComputedStyle(e).overflowX)
    && e.getBoundingClientRect().right <= width + 1;
  const past = [];
  for (const e of document.querySelectorAll('.md-content *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1) continue;
    if (e.closest('[hidden], details:not([open]), .katex-mathml')) continue;
    let a = e.parentElement;
    while (a && a !== document.body && !scrolls(a)) a = a.parentElement;
    if (!a || a === document.body) {
      past.push(e.tagName + ' ' + (e.textContent || '').trim().slice(0, 60));
    }
  }
  return { page: document.scrollingElement.scrollWidth - width, past: past.slice(0, 5) };
}"""

# a code block of a students' page that needs sideways scrolling on a computer's screen
# hides the end of its lines (the teachers' pages and the API reference show commands and
# doctests, which may)
CUT_CODE = """() => [...document.querySelectorAll('.md-content pre > code')]
  .filter((c) => c.offsetParent && c.scrollWidth > c.clientWidth + 1)
  .map((c) => c.textContent.split('\\n').reduce((a, b) => (a.length >= b.length ? a : b)))"""
TOOLING = ("building/", "reference/")   # the build manual and the API: code as written
# the pages also checked with axe (WCAG 2 A and AA, and best practices) once their
# interactive figures are drawn, in the same visit: a page of each kind in both languages
# (home, chapters, exercises, teachers, notebooks) and the pages of steppers
ACCESSIBILITY = ("", "attractors/", "strategies/", "exercises/", "ourson/", "teachers/",
                 "notebooks/03-attractors/", "algorithms/", "beyond/", "en/",
                 "en/attractors/", "en/beyond/", "en/ourson/", "en/algorithms/",
                 "en/notebooks/07-case-studies/")
# These pages are opened afresh; the others of the sweep are reached by a link from the
# page before (conftest's reader). The contrast of the colours comes from the stylesheet,
# the same in both languages: it is checked on the French page of the pairs below and on
# every page alone in its language (axe spends two thirds of its time on it, issue 50).
CONTRAST_IN_FRENCH = tuple(p for p in ACCESSIBILITY if p.startswith("en/") and p[3:] in
                           ACCESSIBILITY)


@pytest.mark.parametrize("path", PAGES)
def test_every_page_loads_cleanly_offline(reader, path):
    reading = reader(path, fresh=path in ACCESSIBILITY)
    page = reading.page
    assert reading.status == 200
    assert reading.outside == [], reading.outside
    assert reading.errors == [], reading.errors
    # lazy images in closed tabs or folded solutions: load them all, then decode
    broken = page.evaluate("Promise.all([...document.images].map(i => { i.loading = "
                           "'eager'; return i.decode().then(() => null, () => i.src); }))")
    assert [src for src in broken if src] == []
    assert page.evaluate(TYPESET)       # every formula arrives typeset (coursebuild.sources.maths)
    widths = page.evaluate("[...document.querySelectorAll('.arena-figure img')]"
                           ".filter(i => i.offsetParent)"
                           ".map(i => i.getBoundingClientRect().width)")
    assert all(w > 150 for w in widths), widths
    if not path.endswith(TOOLING):
        assert page.evaluate(CUT_CODE) == []
    if path in ACCESSIBILITY:
        widgets_drawn(page)
        assert page.locator(".arena-stepper.broken, .arena-game.broken, "
                            ".arena-trace.broken").count() == 0
        assert _axe_violations(page, contrast=path not in CONTRAST_IN_FRENCH) == []
    # on a phone (390 px): nothing reaches past the screen's edge (issue 36 §4)
    page.set_viewport_size({"width": 390, "height": 844})
    measured(page)
    assert page.evaluate(PAST_THE_EDGE) == {"page": 0, "past": []}


def test_the_notebook_pages_hold_only_the_sites_scripts():
    """mkdocs-jupyter's template adds MathJax 2 and its configuration (it logged an error
    on a notebook page reached by instant navigation, issue 50) and a Mermaid loader from a
    CDN: the build takes them out; the formulas are typeset at build time."""
    pages = [p for p in PAGES if "/notebooks/" in "/" + p and p.count("/") >= 2]
    assert len(pages) == 16
    for path in pages:
        text = _html(path)
        assert "MathJax.Hub" not in text and "x-mathjax-config" not in text, path
        assert "cdnjs" not in text and "mermaid.esm" not in text, path
        assert "mathjax" not in text.lower(), path


def test_pages_of_both_languages_are_checked():
    assert len([p for p in PAGES if p.startswith("en/")]) * 2 == len(PAGES) >= 40
    assert set(ACCESSIBILITY) <= set(PAGES)
    assert [p for p in ACCESSIBILITY if 'class="arena-trace"' in _html(p)]   # steppers too


def _html(path: str) -> str:
    return (SITE / path / "index.html").read_text(encoding="utf-8")


def test_language_switch_on_a_deep_page_lands_on_the_same_page(browser, base_url):
    visit = Visit(browser, base_url + "en/notebooks/03-attractors/")
    try:
        visit.page.click(".md-header__option .md-select button")
        visit.page.click('a.md-select__link[hreflang="fr"]')
        visit.page.wait_for_load_state("networkidle")
        assert visit.page.url == base_url + "notebooks/03-attractors/"
        assert visit.page.evaluate("document.documentElement.lang") == "fr"
    finally:
        visit.close()


def test_attractor_tabs_switch_figures_without_javascript(browser, base_url):
    # with JavaScript, the stepper replaces them (tests/course/test_interactive.py)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + "attractors/")
    try:
        def shown():
            return page.evaluate("[...document.querySelectorAll('.tabbed-block img')]"
                                 ".filter(i => i.offsetParent).map(i => i.src.split('/').pop())")
        assert shown() == ["nim-attractor-0.svg"]
        page.locator(".tabbed-labels label").nth(5).click()
        assert shown() == ["nim-attractor-5.svg"]
    finally:
        context.close()


@pytest.mark.parametrize(("path", "word", "expected"), [
    ("", "attracteur", "/attractors/"), ("en/", "attractor", "/en/attractors/")])
def test_search_finds_a_word_in_the_page_language(browser, base_url, path, word, expected):
    visit = Visit(browser, base_url + path, search=True)
    page = visit.page
    try:
        page.click(".md-search__input")
        page.keyboard.type(word, delay=30)
        page.wait_for_selector(".md-search-result__item")
        links = page.evaluate("[...document.querySelectorAll('.md-search-result__link')]"
                              ".map(a => a.href)")
        assert any(expected in link for link in links), links
        assert all(("/en/" in link) == path.startswith("en/") for link in links)
    finally:
        visit.close()


def test_a_notebook_page_shows_its_outputs(browser, base_url):
    visit = Visit(browser, base_url + "notebooks/05-strategies/")
    try:
        outputs = visit.page.evaluate("document.querySelectorAll('.jp-OutputArea-output').length")
        drawings = visit.page.evaluate(
            "[...document.querySelectorAll('.jp-OutputArea-output img')]"
            ".filter(i => i.src.startsWith('data:image/svg+xml')).map(i => i.alt)")
        assert outputs >= 5 and len(drawings) >= 1
        assert all(a.startswith("Arène de") for a in drawings)       # alt in the page language
        # the refused strategy, said in French on the French page
        assert "suit la stratégie de J_0 et boucle" in visit.page.inner_text(".jupyter-wrapper")
    finally:
        visit.close()


def _luminance(rgb) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_dark_mode_keeps_figures_legible(browser, base_url, tmp_path):
    from PIL import Image

    visit = Visit(browser, base_url + "exercises/", dark=True)
    page = visit.page
    try:
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        figure = page.locator("#fig-ex6-2-strategy img")
        figure.scroll_into_view_if_needed()
        shot = tmp_path / "figure.png"
        figure.screenshot(path=str(shot))
    finally:
        visit.close()
    image = Image.open(shot).convert("RGB")
    pixels = [image.getpixel((x, y)) for y in range(image.height) for x in range(image.width)]
    background = sorted(pixels, key=_luminance)[len(pixels) // 2]   # the page's dark slate
    bg = _luminance(background)
    assert bg < 0.05

    def ratio(p):
        lum = _luminance(p)
        return (max(lum, bg) + 0.05) / (min(lum, bg) + 0.05)

    # Pixels drawn at all; most of them (not just antialiased edges) must reach the 3:1
    # of WCAG's non-text contrast against the dark background.
    drawn = [r for r in map(ratio, pixels) if r >= 1.5]
    assert len(drawn) > 0.01 * len(pixels)
    assert sum(r >= 3 for r in drawn) >= 0.8 * len(drawn), sum(r >= 3 for r in drawn) / len(drawn)



# axe's run, asked for its violations alone: every node of each violation is still found,
# but the rules' passes are neither gathered nor sent back to Python (half the CPU time of
# a check on a long page, about 3 s of 6, issue 50)
AXE_RUN = """(contrast) => axe.run(document, {
    runOnly: ['wcag2a', 'wcag2aa', 'best-practice'], resultTypes: ['violations'],
    rules: {'color-contrast': {enabled: contrast}}})
  .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact,
                                        target: v.nodes[0].target})))"""


def _axe_violations(page, contrast: bool = True) -> list[str]:
    """The serious and critical violations axe finds on ``page``: the rule, its impact and
    the first node; the colours' contrast too unless ``contrast`` is false."""
    import axe_playwright_python

    script = Path(axe_playwright_python.__file__).parent / "axe.min.js"
    page.add_script_tag(path=str(script))
    return [f"{v['id']} ({v['impact']}): {v['target']}"
            for v in page.evaluate(AXE_RUN, contrast) if v["impact"] in ("serious", "critical")]


def test_the_accessibility_check_finds_what_it_looks_for(browser):
    """Not blind: text too pale to read, an image without a text alternative and a
    button without a name are each reported, with their node."""
    page = browser.new_page()
    try:
        page.set_content('<html lang="en"><head><title>t</title></head><body><main>'
                         '<p style="color: #ccc; background: #fff">Pale</p>'
                         '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="pic">'
                         '<button id="nameless"></button></main></body></html>')
        found = _axe_violations(page)
        without_contrast = _axe_violations(page, contrast=False)
    finally:
        page.close()
    assert sorted(line.split(" ")[0] for line in found) == [
        "button-name", "color-contrast", "image-alt"], found
    assert sorted(line.split(" ")[0] for line in without_contrast) == [
        "button-name", "image-alt"], without_contrast
    assert any("#pic" in line for line in found)


def test_the_site_works_from_a_plain_folder_served_at_the_root(browser, site):
    """As from a USB stick: any static server, at any address, no site_url path."""
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    root = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for path in ("en/notebooks/03-attractors/", "exercises/", "en/ourson/"):
            visit = Visit(browser, root + path)
            try:
                assert visit.response.status == 200
                assert visit.errors == [] and visit.outside == []
                assert visit.page.evaluate("document.querySelectorAll('.katex').length") > 0
            finally:
                visit.close()
    finally:
        server.shutdown()


def test_the_tests_use_debians_chromium_and_launch_it_in_one_place(browser):
    """browsing.launch is the one place a browser starts (Debian's Chromium, see
    browsing's docstring): no other test or bench file calls ``.launch(``, and the browser
    the tests drive is the version ``/usr/bin/chromium --version`` prints, not one from
    Playwright's cache."""
    import re

    from browsing import ROOT, chromium_version

    elsewhere = [f"{p.relative_to(ROOT)}:{n}"
                 for folder in ("tests", "scripts") for p in sorted((ROOT / folder).rglob("*.py"))
                 if p.name != "browsing.py"
                 for n, line in enumerate(p.read_text("utf-8").splitlines(), start=1)
                 if re.search(r"\.launch\w*\((?!`)", line)]
    assert elsewhere == []
    assert browser.version == chromium_version()


def test_the_browser_runs_with_playwrights_settings_and_without_the_address_bar_popup(browser):
    """browsing.launch replaces Playwright's --disable-features with its own list plus
    NOT_SHOWN: the browser's command line has that switch once, with every feature
    Playwright turns off; and no context gets Chromium's address-bar popup page."""
    import os

    from browsing import NOT_SHOWN, playwright_disabled_features

    own = playwright_disabled_features()
    assert "PaintHolding" in own and len(own) >= 10          # the driver's list was read
    parent, args = {}, {}
    for pid in map(int, filter(str.isdigit, os.listdir("/proc"))):
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                parent[pid] = int(f.read().rsplit(b")", 1)[1].split()[1])
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args[pid] = f.read().decode(errors="replace").split("\0")
        except (OSError, IndexError, ValueError):
            continue
    mine, todo = set(), [os.getpid()]            # this test process's own browsers
    while todo:
        pid = todo.pop()
        mine.add(pid)
        todo += [child for child, p in parent.items() if p == pid and child not in mine]
    switches = [[a for a in args[pid] if a.startswith("--disable-features=")]
                for pid in mine & args.keys()
                if args[pid][0].endswith("chromium") and "--remote-debugging-pipe" in args[pid]
                and not any(a.startswith("--type=") for a in args[pid])]
    assert switches and all(s == ["--disable-features=" + ",".join(own + NOT_SHOWN)]
                            for s in switches), switches
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        session = browser.live.new_browser_cdp_session()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        assert [t["url"] for t in targets if "top-chrome" in t["url"]] == []
    finally:
        context.close()


def test_a_browser_that_is_gone_is_started_again_for_the_next_test(browser, base_url):
    """One failure stays one failure: after the shared browser crashed or was closed,
    the next test gets a fresh one instead of ``TargetClosedError``."""
    gone = browser.live
    gone.close()                                  # as a crash would
    assert not gone.is_connected()
    visit = Visit(browser, base_url)
    try:
        assert visit.response.ok and browser.live is not gone and browser.is_connected()
    finally:
        visit.close()


def test_a_request_leaving_the_machine_is_refused_and_recorded(browser, base_url):
    """browsing.OUTSIDE_REFUSED: a page's request to another host, or its worker's, fails
    in the browser (no route needed) and the visit records it; the page's own requests
    go through."""
    visit = Visit(browser, base_url + "bibliography/")
    why: dict[str, str] = {}
    visit.context.on("requestfailed", lambda r: why.setdefault(r.url, r.failure or ""))
    try:
        failed = visit.page.evaluate("""async () => {
          const tried = [];
          try { await fetch('http://example.com/a'); tried.push('fetched'); }
          catch (e) { tried.push('refused'); }
          const worker = new Worker(URL.createObjectURL(new Blob(
            ["fetch('http://192.0.2.1/b').then(() => postMessage('fetched'),"
             + " () => postMessage('refused'))"], {type: 'text/javascript'})));
          tried.push(await new Promise((done) => { worker.onmessage = (m) => done(m.data); }));
          const own = await fetch(location.href);
          tried.push(own.status);
          return tried;
        }""")
        assert failed == ["refused", "refused", 200]
        assert sorted(visit.outside) == ["http://192.0.2.1/b", "http://example.com/a"]
        # refused by the proxy that is not there, not by a machine without a network
        # (without OUTSIDE_REFUSED, Chromium here says ERR_NAME_NOT_RESOLVED for the first
        # and ERR_CONNECTION_REFUSED for the second: this line failed so)
        assert why == {url: "net::ERR_PROXY_CONNECTION_FAILED" for url in visit.outside}
    finally:
        visit.close()


@pytest.mark.parametrize("search", [False, True])
def test_the_search_index_has_its_documents_when_the_context_asks(browser, base_url, search):
    """browsing.served: the real index for a context made with ``search=True`` (the
    tests of search), its settings without documents for the others; the site's file is
    the real one."""
    import json

    from browsing import SITE

    visit = Visit(browser, base_url + "en/", search=search)
    try:
        index = visit.page.evaluate(
            "fetch('../search/search_index.json').then((r) => r.json())")
    finally:
        visit.close()
    built = json.loads((SITE / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"] == built["config"] and built["docs"]
    assert index["docs"] == (built["docs"] if search else [])
