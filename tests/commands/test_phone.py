"""What a student's phone fetches (issue 64 §2, §3): each widget's script only on the pages
with that widget, the search index only once a search starts, Python only at the first
action, the fonts as WOFF2; and a second visit fetches nothing new (the service worker),
Python included, offline too. The facts that cannot drift, counted by the server that
serves the site as GitHub Pages does (scripts/bench_phone.py: what went on the wire,
workers' and the service worker's requests included); never timings (the bench's)."""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
import scripts_bench  # noqa: F401  (scripts/ on the path)
from bench_phone import (
    maths_readable,
    pages_server,
    phone_context,
    served_maths,
    typesetters,
    without_javascript,
)
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
LOADER = ROOT / "docs" / "assets" / "javascripts" / "loader.js"
WIDGET_SCRIPTS = {"sanitize.js", "arena.js", "design.js", "exercises.js", "practice.js",
                  "notebook.js", "presenter.js"}


def _widgets() -> list[tuple[list[str], list[str]]]:
    """loader.js's table: the classes that mark a widget, and the scripts it needs."""
    text = LOADER.read_text(encoding="utf-8")
    rows = re.findall(r'\[\s*"([^"]+)",\s*\[([^\]]*)\]\s*\]', text)
    return [([m.strip().lstrip(".") for m in marks.split(",")], re.findall(r'"([^"]+)"', s))
            for marks, s in rows]


class _Classes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.classes: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        for k, v in attrs:
            if k == "class" and v:
                self.classes.update(v.split())


def _needed(site: Path, path: str) -> set[str]:
    """The widget scripts ``path``'s page needs, read from its HTML's widget marks."""
    parser = _Classes()
    parser.feed((site / path / "index.html").read_text(encoding="utf-8"))
    return {s for marks, scripts in _widgets() if parser.classes & set(marks) for s in scripts}


def _scripts(log) -> set[str]:
    return {p.rsplit("/", 1)[-1] for p, _, _ in log if "/assets/javascripts/" in p
            and p.rsplit("/", 1)[-1] in WIDGET_SCRIPTS}


@pytest.fixture(scope="module")
def server(site):
    # nothing kept by the browser's own cache: what a second visit does not fetch is the
    # service worker's doing
    with pages_server(site, cache="no-store") as s:
        yield s


@pytest.fixture
def phone(browser):
    context = phone_context(browser)
    context.set_default_timeout(180_000)
    yield context
    context.close()


def _open(context, server, path: str):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + path, wait_until="load")    # the widgets' scripts delay it
    page.wait_for_load_state("networkidle")
    page.errors = errors
    return page


# what the page fetched, asked of the service worker once it has kept every list of files
# the page sent it (loader.js): the files of the site it should keep that it has not yet
KEPT_MISSING = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const held = await new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => done(new Set(event.data));
    registration.active.postMessage({ kept: true }, [channel.port2]);
  });
  const scope = registration.scope;
  return [location.href.split("#")[0],
          ...performance.getEntriesByType("resource").map((e) => e.name)]
    .filter((u) => u.startsWith(scope) && !/\\.(pdf|whl)$|\\/sw\\.js$/.test(new URL(u).pathname))
    .filter((u) => !held.has(u));
}"""


def _kept(page, seconds: float = 120.0) -> None:
    """Wait until the service worker holds every file of the site the page fetched (it
    keeps them behind the page, one list after another), then check it does."""
    deadline = time.monotonic() + seconds
    missing = page.evaluate(KEPT_MISSING)
    while missing and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        missing = page.evaluate(KEPT_MISSING)
    assert missing == [], missing


def test_the_loader_knows_every_widget_script_and_each_mark_is_a_widget_s():
    scripts = {s for _, names in _widgets() for s in names}
    assert scripts == WIDGET_SCRIPTS
    marks = {m for names, _ in _widgets() for m in names}
    for script in WIDGET_SCRIPTS - {"sanitize.js"}:      # each script starts its own marks
        text = (LOADER.parent / script).read_text(encoding="utf-8")
        assert any(f".{m}" in text for m in marks), script


@pytest.mark.parametrize("path", ["bibliography/", "en/bibliography/", "attractors/",
                                  "en/design/", "en/practice/", "en/notebooks/01-modelling/"])
def test_a_page_fetches_the_scripts_of_its_widgets_and_no_other(site, server, phone, path):
    if not (site / path / "index.html").exists():
        pytest.skip(f"no page {path}")
    needed = _needed(site, path)
    server.taken()
    page = _open(phone, server, path)
    page.wait_for_timeout(300)
    log = server.taken()
    assert _scripts(log) == needed, (path, sorted(_scripts(log)), sorted(needed))
    assert not [p for p, _, _ in log if "/search/search_index" in p]
    assert not [p for p, _, _ in log if "/assets/pyodide/" in p]
    # the fonts are WOFF2
    fonts = [p for p, _, _ in log if "/assets/fonts/" in p]
    assert fonts and all(p.endswith(".woff2") for p in fonts), fonts
    if "arena.js" in needed and "design" not in path:     # its widgets started
        page.wait_for_selector(".arena-stepper .arena-controls, .arena-game .arena-controls,"
                               " .arena-trace .arena-controls")
    assert page.errors == []


def test_a_page_without_widgets_loads_none_of_their_scripts(site):
    assert _needed(site, "bibliography/") == set() == _needed(site, "en/bibliography/")
    assert "arena.js" in _needed(site, "attractors/")


@pytest.mark.parametrize("path", ["attractors/", "en/attractors/"])
def test_a_chapter_s_maths_is_readable_at_the_first_paint_as_the_bench_says(
        site, server, phone, browser, path):
    """The bench's column: the served HTML's formulas are KaTeX's with their MathML, no
    TeX-typesetting script is fetched, and the first formula is drawn with JavaScript off."""
    maths = served_maths((site / path / "index.html").read_text(encoding="utf-8"))
    assert maths["typeset"] > 100 and maths["mathml"] == maths["typeset"]
    assert maths["raw"] == 0 and maths["css_in_head"]
    server.taken()
    _open(phone, server, path).wait_for_timeout(300)
    paths = sorted({p for p, _, _ in server.taken()})
    assert not typesetters(paths), typesetters(paths)
    formula = without_javascript(browser, server, path)
    assert formula and formula["shown"] and formula["width"] > 0 and formula["height"] > 0
    row = {"maths": maths, "nojs": [formula], "first": [{"paths": paths}], "second": []}
    assert maths_readable(row).startswith("yes")
    # and the verdict says no when a typesetter is fetched or TeX is left raw
    assert maths_readable({**row, "first": [{"paths": [*paths, "/a/tex-chtml.js"]}]}
                          ).startswith("no: fetches")
    assert maths_readable({**row, "maths": {**maths, "raw": 3}}).startswith("no: 3 raw TeX")


def test_the_search_index_is_fetched_when_the_reader_starts_a_search(server, phone):
    server.taken()
    page = _open(phone, server, "en/bibliography/")
    page.wait_for_timeout(500)
    assert not [p for p, _, _ in server.taken() if "search_index" in p]
    page.locator("label[for=__search]").first.tap()
    page.locator(".md-search__input").fill("attractor")
    page.wait_for_selector(".md-search-result__item")
    assert [p for p, _, _ in server.taken() if p.endswith("/en/search/search_index.json")]


def test_python_is_fetched_at_the_first_action_and_kept_for_a_second_visit(server, phone):
    """Practice: no Python with the page; New variant loads it (the page says so) and shows
    a variant. Visited again, the page fetches nothing but the service worker's own check
    (sw.js), and a formula's font face the new variant needs for the first time; offline,
    the page opens and Python makes a variant."""
    server.taken()
    page = _open(phone, server, "en/practice/")
    status = page.locator(".arena-practice .arena-status")
    expect(status).to_contain_text("Python (11 MB the first time) loads then")
    page.wait_for_timeout(500)
    assert not [p for p, _, _ in server.taken() if "/assets/pyodide/" in p]
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    page.get_by_role("button", name="New variant").tap()
    expect(status).to_contain_text("Loading Python")
    page.wait_for_selector(".arena-practice-variant form")
    fetched = {p for p, _, _ in server.taken()}
    assert any(p.endswith("/pyodide.asm.wasm") for p in fetched), sorted(fetched)
    assert page.errors == []
    # the variant's formulas' fonts, fetched once it is drawn: arrived (and kept) before
    # the page is closed
    page.evaluate("document.fonts.ready.then(() => null)")
    _kept(page)
    fetched |= {p for p, _, _ in server.taken()}
    page.close()
    # again: nothing new on the wire
    page = _open(phone, server, "en/practice/")
    page.get_by_role("button", name="New variant").tap()
    page.wait_for_selector(".arena-practice-variant form")
    again = {p for p, _, _ in server.taken()}
    # (a variant is drawn at random: this one's formulas may use a face of KaTeX's, such as
    # the calligraphic A of an attractor, that the first did not need; fetched now, once)
    faces = {p for p in again if "/assets/katex/fonts/" in p and p not in fetched}
    assert again - faces <= {"/arena/sw.js"}, sorted(again)
    page.close()
    # and offline: the page, its scripts and Python from the service worker
    phone.set_offline(True)
    try:
        page = phone.new_page()
        page.goto(server.url + "en/practice/")
        page.get_by_role("button", name="New variant").tap()
        page.wait_for_selector(".arena-practice-variant form")
        assert page.locator(".arena-practice-variant h2").inner_text()
    finally:
        phone.set_offline(False)


def test_a_chapter_visited_again_fetches_nothing_new(server, phone):
    page = _open(phone, server, "attractors/")
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    # every block laid out once (course.js's measures) and the fonts it asked for arrived
    page.wait_for_function("window.arenaMeasured === true")
    page.evaluate("document.fonts.ready.then(() => null)")
    _kept(page)                           # what the first visit fetched, kept by the worker
    page.close()
    server.taken()
    page = _open(phone, server, "attractors/")
    page.wait_for_selector(".arena-stepper .arena-controls")
    again = {p for p, _, _ in server.taken()}
    assert again <= {"/arena/sw.js"}, sorted(again)


def test_instant_navigation_starts_the_widgets_of_the_page_reached(browser, base_url):
    """From a page without widgets, a link followed as Material follows it (the new page's
    content in the same document, no script loaded by it): the loader loads the stepper's
    script and its steppers are drawn."""
    from browsing import follow, instant_navigation, visits_context

    context = visits_context(browser)
    instant_navigation(browser, base_url, context)
    try:
        page = context.new_page()
        page.goto(base_url + "en/bibliography/", wait_until="networkidle")
        assert page.evaluate("typeof window.arenaWidgets") == "undefined"
        follow(page, base_url + "en/attractors/")
        page.wait_for_selector(".arena-stepper .arena-controls")
        assert page.evaluate("typeof window.arenaWidgets") == "object"
    finally:
        context.close()


def test_the_fonts_are_woff2_cut_to_the_pages_latin(site):
    from fontTools.ttLib import TTFont

    css = (ROOT / "docs/assets/stylesheets/course.css").read_text(encoding="utf-8")
    assert ".ttf" not in css and css.count('format("woff2")') == 3
    for name in ("Regular", "Bold", "It"):
        path = site / "assets" / "fonts" / f"SourceSansPro-{name}.woff2"
        assert path.read_bytes()[:4] == b"wOF2"
        cmap = TTFont(path).getBestCmap()
        assert all(ord(c) in cmap for c in "aéÀœ«»’–—…\u00a0\u202f€"), name
        assert path.stat().st_size < 40_000        # 290 KB as TrueType
    assert not list((site / "assets" / "fonts").glob("*.ttf"))


def test_the_service_worker_s_version_is_the_build_s(site, tmp_path):
    """sw.js carries a digest of the files it serves from its cache: the same files give
    the same bytes, a changed page a new worker (which drops what the old one kept), a
    changed book none (the books go to the network)."""
    from coursebuild.commands.site import service_worker

    built = (site / "sw.js").read_text(encoding="utf-8")
    assert "@VERSION@" not in built and re.search(r'const VERSION = "[0-9a-f]{20}";', built)
    (tmp_path / "en").mkdir()
    (tmp_path / "index.html").write_text("<p>un</p>", encoding="utf-8")
    (tmp_path / "en" / "index.html").write_text("<p>one</p>", encoding="utf-8")
    (tmp_path / "book.pdf").write_bytes(b"%PDF-1")
    first = service_worker(tmp_path)
    assert service_worker(tmp_path) == first
    (tmp_path / "book.pdf").write_bytes(b"%PDF-2")
    assert service_worker(tmp_path) == first
    (tmp_path / "en" / "index.html").write_text("<p>two</p>", encoding="utf-8")
    assert service_worker(tmp_path) != first


SKIPPED_BLOCKS = """() => {
  const blocks = [...document.querySelectorAll(
    '.md-content__inner > :is(p, div.admonition, details)')];
  return { count: blocks.length,
           auto: blocks.filter((b) => getComputedStyle(b).contentVisibility === 'auto').length,
           first: window.__skipped.get(blocks[0]), last: window.__skipped.get(blocks.at(-1)) };
}"""


def test_a_chapters_blocks_off_the_screen_are_skipped_until_they_come_near(server, phone):
    """The blocks of a chapter far from the screen are neither styled, laid out nor painted
    at the page's start (course.css's content-visibility: the browser says so with
    contentvisibilityautostatechange); the first one is drawn; one scrolled to is drawn
    then; course.js has measured every formula meanwhile."""
    page = phone.new_page()
    page.add_init_script("""window.__skipped = new Map();
      document.addEventListener('contentvisibilityautostatechange',
        (e) => window.__skipped.set(e.target, e.skipped), true);""")
    page.goto(server.url + "attractors/", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_function("window.arenaMeasured === true")
    seen = page.evaluate(SKIPPED_BLOCKS)
    assert seen["count"] > 20 and seen["auto"] == seen["count"]
    assert seen["first"] is False and seen["last"] is True
    page.locator(".md-content__inner > :is(p, div.admonition, details)").last \
        .scroll_into_view_if_needed()
    page.wait_for_function("(() => { const b = [...document.querySelectorAll("
                           "'.md-content__inner > :is(p, div.admonition, details)')].at(-1);"
                           " return window.__skipped.get(b) === false; })()")
    # a formula wider than the phone's screen, far off it at the start, was measured: it
    # scrolls in its own box, a Tab stop
    page.evaluate("window.scrollTo(0, 0)")
    tops = page.evaluate("[...document.querySelectorAll('.arithmatex[tabindex=\"0\"], "
                         ".arithmatex [tabindex=\"0\"]')].map((f) => "
                         "f.getBoundingClientRect().top)")
    assert any(top > 3 * 844 for top in tops), tops
    page.close()
