"""The decks on the site, to project from a browser (issue 63): a slide page per chapter
and language, planned as the Beamer deck is (as many slides as the PDF has frames, in its
order, plus a live slide per game), moved by the keys a clicker sends and the arrows,
its number in the address, full screen asked for, each slide fitting the screen, the
attractor's and the counter algorithm's steppers stepped on their slides (showing the
levels and ranks computed here), the game played, axe clean, linked from each chapter
and from the teachers' guide, and the same pages in the copy that opens from a folder
and, once visited, offline."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM
from bs4 import BeautifulSoup

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

SITE = ROOT / "site"
ZIP = ROOT / "build" / "arena-site.zip"
SIZES = [(1280, 720), (1024, 768)]


def _root(lang: str) -> Path:
    return SITE / ("" if lang == "fr" else "en")


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text("utf-8"), "lxml")


@pytest.fixture(scope="module")
def beamer(site) -> dict[tuple[str, str], dict]:
    """Each Beamer deck's report (its frames, as the PDF's foot counts them: its title's
    and these, tests/documents/test_slides.py), by language and chapter page."""
    from coursebuild.documents.slides import deck_sources

    return {(lang, report["deck"].split("-", 1)[1]): report
            for lang in LANGS for _, _, report in deck_sources(lang, site)}


def test_each_chapter_has_as_many_slides_as_its_beamer_deck_has_frames(beamer):
    """The same plan: slide k (its ``data-frame``) is the PDF's frame k, of the same
    kind, in the same order; the site adds one live slide per game of the chapter."""
    from coursebuild.typeset.editions import chapters

    for lang in LANGS:
        assert len(chapters(lang)) >= 10
        for _, page, _ in chapters(lang):
            report = beamer[lang, page]
            slides = _soup(_root(lang) / "slides" / page / "index.html").select(
                "main.arena-deck > section.arena-slide")
            framed = [s for s in slides if s.has_attr("data-frame")]
            assert [int(s["data-frame"]) for s in framed] == list(
                range(1, 2 + len(report["frames"]))), (lang, page)
            assert [s["data-kind"] for s in framed] == ["title"] + [
                {"minimax": "trees", "alphabeta": "trees"}.get(f["kind"], f["kind"])
                for f in report["frames"]], (lang, page)
            live = [s for s in slides if not s.has_attr("data-frame")]
            games = _soup(_root(lang) / page / "index.html").select("article .arena-game")
            assert [s["data-live"] for s in live] == ["game"] * len(games), (lang, page)
    assert len(beamer["fr", "attractors"]["frames"]) == 9       # today's deck, for the record


def test_each_chapter_and_the_teachers_guide_link_to_the_slides():
    from coursebuild.typeset.editions import chapters

    for lang in LANGS:
        for _, page, _ in chapters(lang):
            link = _soup(_root(lang) / page / "index.html").select_one(
                "article p.arena-deck-link a")
            assert link is not None and link["href"] == f"../slides/{page}/", (lang, page)
        guide = _soup(_root(lang) / "teachers" / "index.html")
        hrefs = {a["href"] for a in guide.select("article a")}
        # the lecture sessions of the short progressions name their decks
        assert "../slides/attractors/" in hrefs and "../slides/algorithms/" in hrefs, lang


def test_the_folders_copy_has_the_slides_of_every_chapter(site):
    from coursebuild.typeset.editions import chapters

    with zipfile.ZipFile(ZIP) as archive:
        names = set(archive.namelist())
        for lang in LANGS:
            prefix = "arena-site/" + ("" if lang == "fr" else "en/")
            for _, page, _ in chapters(lang):
                assert f"{prefix}slides/{page}.html" in names, (lang, page)
            chapter = archive.read(f"{prefix}attractors.html").decode("utf-8")
            assert 'href="slides/attractors.html"' in chapter


browser_only = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

FULL_SCREEN_SPY = """
window.__fullscreen = 0;
const ask = Element.prototype.requestFullscreen;
Element.prototype.requestFullscreen = function (...args) {
  window.__fullscreen += 1;
  return ask ? ask.apply(this, args) : Promise.resolve();
};"""


@pytest.fixture
def projector(browser):
    """A 1280 x 720 screen (a projector's), a touch screen too, where full screen's
    requests are counted."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, has_touch=True)
    context.add_init_script(FULL_SCREEN_SPY)
    yield context
    context.close()


def _open(context, url: str):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(url)
    page.wait_for_selector("html.arena-presenting")
    page.errors = errors
    return page


def _open_deck(context, url: str):
    """A slide page with its animated figures ready; (the page, its slides' count)."""
    page = _open(context, url)
    page.wait_for_function("[...document.querySelectorAll('.arena-stepper, .arena-trace, "
                           ".arena-game')].every((w) => w.classList.contains('ready'))")
    return page, page.evaluate("document.querySelectorAll('.arena-slide').length")


def _go(page, n: int) -> None:
    """Slide ``n`` (from 1) shown, by the address."""
    page.evaluate(f"location.hash = '#{n}'")
    page.wait_for_function(f"document.querySelectorAll('.arena-slide')[{n - 1}]"
                           ".classList.contains('arena-current')")


def _current(page) -> tuple[int, str]:
    """The slide shown (from 1) and the address's fragment."""
    return tuple(page.evaluate("""() => [[...document.querySelectorAll('.arena-slide')]
        .findIndex((s) => s.classList.contains('arena-current')) + 1, location.hash]"""))


@browser_only
@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_a_clicker_sends_and_the_arrows_move_the_slides(projector, base_url, lang,
                                                                beamer):
    count = 1 + len(beamer[lang, "attractors"]["frames"])
    page = _open(projector, base_url + ("" if lang == "fr" else "en/") + "slides/attractors/")
    assert _current(page) == (1, "#1")
    assert page.locator(".arena-deck-count").inner_text() == f"1 / {count}"
    for key, expected in [("PageDown", 2), ("ArrowRight", 3), ("Space", 4), ("ArrowDown", 5),
                          ("ArrowLeft", 4), ("PageUp", 3), ("ArrowUp", 2), ("End", count),
                          ("PageDown", count), ("Home", 1), ("PageUp", 1)]:
        page.keyboard.press(key)
        assert _current(page) == (expected, f"#{expected}"), key
    page.get_by_role("button", name="Diapositive suivante" if lang == "fr" else "Next slide"
                     ).click()
    assert _current(page) == (2, "#2")
    # a reload stays on the slide its address names
    page.goto(page.url.split("#")[0] + "#3")
    page.reload()
    page.wait_for_selector("html.arena-presenting")
    assert _current(page) == (3, "#3")
    assert page.locator(".arena-deck-count").inner_text() == f"3 / {count}"
    # a swipe to the left is the next slide, to the right the previous one
    for dx, expected in ((-200, 4), (200, 3)):
        page.evaluate("""(dx) => {
          const deck = document.querySelector('.arena-deck');
          const at = (x) => ({changedTouches: [new Touch({identifier: 1, target: deck,
                                                          clientX: x, clientY: 300})],
                              bubbles: true});
          deck.dispatchEvent(new TouchEvent('touchstart', at(600)));
          deck.dispatchEvent(new TouchEvent('touchend', at(600 + dx)));
        }""", dx)
        assert _current(page) == (expected, f"#{expected}"), dx
    # F, then the bar's button, ask for full screen (each from a page not in full screen)
    page.keyboard.press("f")
    assert page.evaluate("window.__fullscreen") == 1
    page.evaluate("document.fullscreenElement ? document.exitFullscreen() : null")
    page.get_by_role("button", name="Plein écran" if lang == "fr" else "Full screen").click()
    assert page.evaluate("window.__fullscreen") == 2
    assert page.errors == []


def _levels() -> list[set[tuple[int, int]]]:
    """The attractor of J_0 on the chapter's Nim, level by level, by the definition
    (coursebuild.course.pages.attractors.steps_of)."""
    from coursebuild.course import examples
    from coursebuild.course.pages.attractors import steps_of

    g, _ = examples.nim_10()
    steps = steps_of(g, 0)
    return [set(steps[0])] + [set(steps[k] - steps[k - 1]) for k in range(1, len(steps))]


def _pairs(text: str) -> set[tuple[int, int]]:
    """The positions a stepper's status names ("Step 1: 2 vertices added (2,0; 1,0).")."""
    return {(int(a), int(b)) for a, b in re.findall(r"(\d+),(\d+)", text)}


@browser_only
@pytest.mark.parametrize("lang", LANGS)
def test_the_attractor_is_stepped_live_on_its_slide(projector, base_url, lang):
    """On the attractor's slide, the stepper's slider takes the arrows (the slide stays):
    each step shows the level the definition computes; Escape gives the arrows back to
    the slides."""
    levels = _levels()
    assert len(levels) == 8 and levels[0] == {(0, 1)}
    root = base_url + ("" if lang == "fr" else "en/")
    page = _open(projector, root + "slides/attractors/")
    n = page.evaluate("""() => [...document.querySelectorAll('.arena-slide')]
        .findIndex((s) => s.dataset.kind === 'attractor') + 1""")
    assert n > 1
    page.goto(f"{root}slides/attractors/#{n}")
    slide = page.locator(".arena-slide.arena-current")
    slide.locator(".arena-stepper.ready").wait_for()
    status = slide.locator(".arena-stepper .arena-status")
    assert _pairs(status.inner_text()) == levels[0]
    slide.locator(".arena-stepper input[type=range]").focus()
    for k in range(1, len(levels)):
        page.keyboard.press("ArrowRight")
        assert _pairs(status.inner_text()) == levels[k], (k, status.inner_text())
        assert _current(page)[0] == n
    page.keyboard.press("Home")
    assert _pairs(status.inner_text()) == levels[0]
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    assert _current(page)[0] == n + 1
    assert page.errors == []


@browser_only
def test_the_counter_algorithm_is_stepped_live_on_its_slide(projector, base_url):
    """The counter algorithm's stepper on its slide: its last step shows the ranks the
    solver computes for J_0 on the chapter's Nim."""
    from coursebuild.course import examples

    g, sol = examples.nim_10()
    ranks = {v: k for k, layer in enumerate(sol.layers(0)) for v in layer}
    page = _open(projector, base_url + "en/slides/algorithms/")
    n = page.evaluate("""() => [...document.querySelectorAll('.arena-slide')]
        .findIndex((s) => s.dataset.kind === 'counter') + 1""")
    page.keyboard.press("End")
    for _ in range(page.evaluate("document.querySelectorAll('.arena-slide').length") - n):
        page.keyboard.press("PageUp")
    assert _current(page)[0] == n
    slide = page.locator(".arena-slide.arena-current")
    slide.locator(".arena-trace.ready").wait_for()
    assert slide.locator(".highlight").inner_text().startswith("Function compute_ranks(")
    slide.get_by_role("button", name="Last step", exact=True).click()
    state = slide.locator(".arena-trace-state").inner_text()
    shown = {(int(a), int(b)): int(r)
             for a, b, r in re.findall(r"r\((\d+),\s*(\d+)\)\s*=\s*(\d+)", state)}
    assert shown == ranks, state
    assert page.errors == []


@browser_only
def test_the_game_is_played_on_its_slide(projector, base_url):
    page = _open(projector, base_url + "slides/strategies/")
    n = page.evaluate("""() => [...document.querySelectorAll('.arena-slide')]
        .findIndex((s) => s.dataset.live === 'game') + 1""")
    assert n > 1
    page.goto(base_url + f"slides/strategies/#{n}")
    slide = page.locator(".arena-slide.arena-current")
    slide.locator(".arena-game.ready").wait_for()
    before = slide.locator(".arena-game .arena-status").inner_text()
    slide.locator(".arena-game button", has_text=re.compile(r"^Jouer ")).first.click()
    after = slide.locator(".arena-game .arena-status").inner_text()
    assert after != before and re.search(r"\d+ coups? joués?", after), after
    assert _current(page)[0] == n
    assert page.errors == []


FITS = """() => {
  const slide = document.querySelector('.arena-slide.arena-current');
  const bar = document.querySelector('.arena-deck-bar').getBoundingClientRect();
  const out = [];
  const r = slide.querySelector('.arena-slide-inner').getBoundingClientRect();
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5
      || r.bottom > innerHeight - bar.height + 0.5) out.push('slide ' + JSON.stringify(r));
  for (const e of slide.querySelectorAll('.arena-slide-inner *')) {
    if (e.closest('.katex-mathml')) continue;        // for screen readers, not shown
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    if (['auto', 'scroll', 'hidden'].includes(style.overflowX)
        && e.scrollWidth > e.clientWidth + 1) out.push('overflow ' + e.className);
  }
  return [out, Number(slide.dataset.scale)];
}"""


@browser_only
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_slide_fits_the_screen(browser, base_url, size):
    """Every slide of the attractor's and the algorithms' decks, in both languages, is
    scaled to the screen: nothing past its edges or the bar, nothing that scrolls; and
    scaled to half its size at least (its text stays readable)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        for path in ("slides/attractors/", "slides/algorithms/", "en/slides/attractors/",
                     "en/slides/algorithms/", "slides/strategies/"):
            page, count = _open_deck(context, base_url + path)
            for n in range(1, count + 1):
                problems, scale = page.evaluate(FITS)
                assert problems == [], (path, n, problems)
                assert scale >= 0.5, (path, n, scale)
                page.keyboard.press("PageDown")
            page.close()
    finally:
        context.close()


# 14 pt once the screen is PowerPoint's 13.33 in wide, as the Beamer decks hold it
# (tests/documents/test_slides.py), on a projector 1280 px wide: 18.7 px
LEAST_PX = 14 / (13.333 * 72) * 1280

SMALLEST = """() => {
  const slide = document.querySelector('.arena-slide.arena-current');
  const scale = Number(slide.dataset.scale);
  const out = [];
  for (const e of slide.querySelectorAll('.arena-slide-inner *')) {
    // a drawing's labels are the drawing's (below); the formulas' MathML is for screen
    // readers; a closed block's content is not shown
    if (e.closest('svg, .katex-mathml') || !e.checkVisibility({visibilityProperty: true}))
      continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && /[^\\s\\u200b]/.test(n.textContent)))
      continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    out.push([parseFloat(getComputedStyle(e).fontSize) * scale, e.textContent.trim()
      .slice(0, 40)]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.slice(0, 1);
}"""


@browser_only
def test_no_word_on_a_slide_is_smaller_than_14_pt_at_16_9(projector, base_url):
    """Every slide of every deck in both languages, on a 1280 x 720 projector, and each
    step of its animated figures: its words, code, captions and controls at 14 pt at
    least once the screen is 13.33 in wide (:data:`LEAST_PX`), the Beamer decks' rule; a
    game's tall board set beside its controls, so that the slide is not shrunk to fit it
    under them. (The labels inside the live figures' drawings are the drawings' own, not
    held to it here.)"""
    decks = sorted(p.parent.relative_to(SITE).as_posix() + "/"
                   for p in SITE.glob("**/slides/*/index.html"))
    assert len(decks) == 2 * len(list(SITE.glob("slides/*/index.html"))) >= 20
    small = []
    for path in decks:
        page, count = _open_deck(projector, base_url + path)
        for n in range(1, count + 1):
            _go(page, n)
            small += [(path, n, 0, round(px, 1), text) for px, text in
                      page.evaluate(SMALLEST) if px < LEAST_PX]
            # and at each step of its animated figures, whose text grows as they step
            slide = page.locator(".arena-slide.arena-current")
            for k in range(slide.locator(".arena-controls input[type=range]").count()):
                steps = int(slide.locator(".arena-controls input[type=range]").nth(k)
                            .get_attribute("max"))
                forward = slide.locator(".arena-controls:has(input[type=range])").nth(k) \
                    .locator("button").nth(2)
                for step in range(1, steps + 1):
                    forward.click()
                    small += [(path, n, step, round(px, 1), text) for px, text in
                              page.evaluate(SMALLEST) if px < LEAST_PX]
        assert page.errors == [], path
        page.close()
    assert small == [], "\n".join(map(str, small))


@browser_only
@pytest.mark.parametrize("path", ["slides/attractors/", "en/slides/algorithms/",
                                  "slides/strategies/"])
def test_the_slides_are_accessible(projector, base_url, path):
    """axe (WCAG 2 A and AA, and best practices) finds nothing serious on each slide of
    these decks."""
    from test_browser import _axe_violations

    page = _open(projector, base_url + path)
    count = page.evaluate("document.querySelectorAll('.arena-slide').length")
    for n in range(1, count + 1):
        _go(page, n)
        assert _axe_violations(page) == [], (path, n)
    assert page.errors == []


@browser_only
def test_the_slides_open_from_the_folder_and_offline_once_visited(browser, base_url, site,
                                                                  tmp_path):
    """From the unzipped folder (file://), the attractor is stepped; over http, a slide
    page visited once opens again offline (the service worker), its stepper working."""
    with zipfile.ZipFile(ZIP) as archive:
        archive.extractall(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = _open(context, (tmp_path / "arena-site" / "en" / "slides" /
                               "attractors.html").as_uri())
        page.keyboard.press("End")
        count = page.evaluate("document.querySelectorAll('.arena-slide').length")
        assert _current(page) == (count, f"#{count}")
        stepper = page.locator(".arena-slide[data-kind=attractor] .arena-stepper.ready")
        stepper.wait_for(state="attached")
        assert page.errors == []
    finally:
        context.close()
    # the service worker, which the other tests' contexts block (tests/browsing.py)
    context = browser.new_context(viewport={"width": 1280, "height": 720},
                                  service_workers="allow")
    try:
        page = _open(context, base_url + "slides/attractors/")
        page.evaluate("navigator.serviceWorker.ready.then(() => null)")
        page.wait_for_timeout(1500)         # the worker keeps what the page fetched
        page.close()
        context.set_offline(True)
        page = _open(context, base_url + "slides/attractors/#4")
        assert _current(page) == (4, "#4")
        page.locator(".arena-slide[data-kind=attractor] .arena-stepper.ready").wait_for(
            state="attached")
        assert _pairs(page.locator(".arena-slide[data-kind=attractor] .arena-status")
                      .inner_text()) == {(0, 1)}
        assert page.errors == []
    finally:
        context.close()
