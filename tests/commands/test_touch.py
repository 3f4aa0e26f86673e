"""The built site in a phone's hands (issue 64 §4): Chromium as a phone (390×844, touch,
no hover), every page of both languages.

Each target a finger taps is at least 24 by 24 CSS pixels (WCAG 2.2, 2.5.8), code is at
least 12 px, axe finds nothing at all (every rule, every impact), and nothing scrolls
sideways, with JavaScript and without it. A move, a step or Open leaves the focus on a
control of the widget, the keyboard's focus is seen on every kind of control, a count is
typed on the digits keyboard with Check on screen, and a figure opens full screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, SITE, WAIT, widgets_drawn

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}


def _pages() -> list[str]:
    pages = sorted(p.parent.relative_to(SITE).as_posix() for p in SITE.rglob("index.html"))
    # the slide pages (slides/PAGE/) are the presenter's, not pages to read: no header, a
    # slide scaled to the screen; tests/documents/test_presenter.py checks them
    return [("" if p == "." else p + "/") for p in pages
            if not (p.startswith("slides/") or p.startswith("en/slides/"))]


PAGES = _pages() if SITE.exists() else []


@pytest.fixture(scope="module")
def phone(browser):
    """A phone's browser context (offline: browsing's proxy refuses other hosts)."""
    made = []

    def context(**options):
        if not made or not made[-1].browser.is_connected():
            made.append(browser.new_context(**PHONE, **options))
        return made[-1]

    yield context
    for c in made:
        if c.browser.is_connected():
            c.close()


def _open(phone, base_url: str, path: str):
    page = phone().new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + path, wait_until="networkidle")     # its formulas come typeset
    widgets_drawn(page)
    page.errors = errors
    return page


# What a finger taps that is smaller than 24 by 24 CSS px: every link, button, field,
# menu, summary, focusable element and playable vertex shown on the screen; a link inside
# a sentence is spared (WCAG's inline exception) but a figure's PDF link is not; a field
# inside its label is measured with its label (a tap on either works); what is off the
# screen (the closed menu drawer) or hidden is not shown. The formulas, typeset at build
# time, have no tab stop (tests/sources/test_maths.py): nothing in them is spared; the boxes
# focusable to be scrolled from a keyboard (a wide table, a long output) are no targets.
SMALL_TARGETS = """() => {
  const width = document.documentElement.clientWidth;
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [role=link], .board-vertex, label[for]';
  const small = [];
  for (const e of document.querySelectorAll(sel)) {
    if (e.closest('[hidden], .md-search, details:not([open]) > :not(summary)'))
      continue;
    const target = (e.matches('input') && e.closest('label')) || e;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= width) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const inText = e.matches('a') && style.display === 'inline'
      && e.closest('p, li, td, th, dd, dt, figcaption, blockquote, .md-typeset')
      && !e.matches('.arena-pdf') && !e.closest('.md-header, .md-tabs, .md-footer');
    if (inText) continue;
    if (r.width < 24 || r.height < 24) {
      const name = (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30);
      small.push(`${e.tagName.toLowerCase()}.${e.getAttribute('class') || ''} `
                 + `${Math.round(r.width)}x${Math.round(r.height)} ${name}`);
    }
  }
  return [...new Set(small)];
}"""

SMALL_CODE = """() => [...document.querySelectorAll(
    '.md-content :is(code, pre, kbd, samp, textarea, .cm-content)')]
  .filter((e) => e.getClientRects().length && parseFloat(getComputedStyle(e).fontSize) < 12)
  .map((e) => `${e.tagName} ${getComputedStyle(e).fontSize} ${e.textContent.slice(0, 30)}`)
  .slice(0, 5)"""

AXE_ALL = """(contrast) => axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa',
    'wcag22aa', 'best-practice'], resultTypes: ['violations'],
    rules: {'color-contrast': {enabled: contrast}}})
  .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => ({id: v.id,
    target: n.target.join(' '), html: n.html.slice(0, 120),
    // a header cell whose text is a formula alone: screen readers read its MathML
    // (visually clipped) and no one its drawing (aria-hidden), so axe, which counts
    // visible text that is not hidden, finds it empty. Not a formula: still a violation.
    formulaHeader: v.id === 'empty-table-header' && ((th) => th
      && th.querySelector('.katex-mathml math, mjx-assistive-mml math')
      && [...th.childNodes].every((c) => (c.nodeType === 3 && !c.textContent.trim())
        || (c.nodeType === 1 && c.matches('.arithmatex, .katex, mjx-container'))))(
      document.querySelector(n.target.join(' ')))}))))"""


def _axe(page, contrast: bool = True) -> list[str]:
    """Every violation axe finds on ``page``, of any impact, one per node; the colours'
    contrast unless ``contrast`` is false."""
    import axe_playwright_python

    page.add_script_tag(path=str(Path(axe_playwright_python.__file__).parent / "axe.min.js"))
    return [f"{v['id']}: {v['target']} {v['html']}" for v in page.evaluate(AXE_ALL, contrast)
            if not v["formulaHeader"]]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_fits_a_phones_hands(phone, base_url, path):
    page = _open(phone, base_url, path)
    try:
        assert page.errors == []
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(SMALL_CODE) == []
        assert page.evaluate("document.scrollingElement.scrollWidth") == 390
        # the colours come from the stylesheet and the pages' code, the same in both
        # languages: checked on the French page (two thirds of axe's time, issue 50)
        assert _axe(page, contrast=not (path.startswith("en/") and path[3:] in PAGES)) == []
    finally:
        page.close()


def test_the_search_opened_on_a_phone_has_targets_a_finger_taps(phone, base_url):
    page = _open(phone, base_url, "en/")
    try:
        page.locator("label.md-header__button[for=__search]").tap()
        page.wait_for_selector(".md-search__input:focus")
        page.keyboard.type("attractor")
        # the field's icons grow to their size as the query shows (Material's transitions)
        page.wait_for_function("document.getAnimations().every((a) => a.playState !== "
                               "'running')")
        page.wait_for_timeout(300)
        shown = page.evaluate("[...document.querySelectorAll('.md-search :is(input, button, "
                              "label.md-search__icon)')].filter((e) => e.getClientRects()"
                              ".length).length")
        assert shown >= 3                     # the field, back and clear
        assert page.evaluate(SMALL_TARGETS.replace(".md-search, ", "")) == []
    finally:
        page.close()


def test_the_pages_of_both_languages_are_swept():
    assert len([p for p in PAGES if p.startswith("en/")]) * 2 == len(PAGES) >= 40


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_without_javascript(browser, base_url, path):
    """The language list, shown on focus, opens leftwards: it widened the page to 408 px."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + path)
        assert page.evaluate("document.scrollingElement.scrollWidth") == 390
        page.focus(".md-header__option .md-select button")     # the list shown
        assert page.evaluate("document.scrollingElement.scrollWidth") == 390
    finally:
        context.close()


# --- the focus -------------------------------------------------------------------------

def _active(page) -> str:
    return page.evaluate("""() => { const a = document.activeElement;
      return a === document.body || !a ? 'body'
        : a.tagName.toLowerCase() + '.' + (a.getAttribute('class') || ''); }""")


def test_a_move_on_the_board_keeps_the_focus_on_the_board(phone, base_url):
    """The bear cub: a tap on a destination plays; the focus stays on the board (its
    cells are still the reader's to play), never on the page's <body>."""
    page = _open(phone, base_url, "en/ourson/")
    try:
        box = page.locator(".arena-game").first
        before = box.get_attribute("data-moves")
        hint = box.locator(".arena-hint")
        hint.tap()
        assert _active(page).startswith("button.md-button arena-hint")
        # a move by the buttons under the board: the next position's first one has the focus
        box.locator(".arena-move").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(b) => b.dataset.moves !== '" + before + "'",
                               arg=box.element_handle())
        assert _active(page) != "body"
        assert box.evaluate("(b) => b.contains(document.activeElement)")
        # a tap on a cell of the board: the cell keeps the focus, or the game's next control
        cell = box.locator(".board-vertex:not(.piece)").first
        cell.focus()
        page.keyboard.press("Enter")
        assert box.evaluate("(b) => b.contains(document.activeElement)")
    finally:
        page.close()


def test_a_move_on_the_graph_and_a_step_keep_the_focus(phone, base_url):
    page = _open(phone, base_url, "strategies/")
    try:
        box = page.locator(".arena-game").first
        vertex = box.locator(".vertex.choice").first
        vertex.focus()
        page.keyboard.press("Enter")          # the vertex played is no longer a move
        page.wait_for_function("(b) => b.dataset.moves !== '0'", arg=box.element_handle())
        assert box.evaluate("(b) => b.contains(document.activeElement)"), _active(page)
        assert _active(page) != "body"
        # the game's buttons: each a control with the focus after it
        box.locator(".arena-move").first.tap()
        assert box.evaluate("(b) => b.contains(document.activeElement)"), _active(page)
        box.locator(".arena-restart").tap()
        assert _active(page).startswith("button.md-button arena-restart")
    finally:
        page.close()
    page = _open(phone, base_url, "attractors/")
    try:
        controls = page.locator(".arena-stepper .arena-controls").first
        label = controls.locator(".arena-step-label")
        before = label.inner_text()
        controls.get_by_role("button", name="Étape suivante").tap()
        assert label.inner_text() != before
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
            "Étape suivante"
        controls.locator("input[type=range]").focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.type") == "range"
    finally:
        page.close()


def test_open_leaves_the_focus_on_the_notebooks_controls(phone, base_url):
    page = _open(phone, base_url, "en/notebooks/03-attractors/")
    try:
        page.locator('.arena-notebook-run [data-action="open"]').tap()
        page.wait_for_selector('.arena-notebook-run [data-action="run-all"]')
        assert page.evaluate("document.activeElement.dataset.action") == "run-all"
    finally:
        page.close()


def _images_loaded(page) -> None:
    """The page's lazy images loaded (a figure's link is as large as its drawing)."""
    page.evaluate("Promise.all([...document.images].map((i) => { i.loading = 'eager';"
                  " return i.decode().catch(() => null); }))")


# Whether focusing ``element`` from the keyboard changes what the screen shows around
# it (its box and 4 px beyond): a focus indicator, whatever draws it
def _focus_is_seen(page, element, shown=None) -> bool:
    """``shown``: the element that shows ``element``'s focus when it is not itself drawn
    (a visually hidden radio button and its label)."""
    shown = shown or element
    # no smooth scrolling: both shots of the same place
    shown.evaluate("(e) => e.scrollIntoView({block: 'center', behavior: 'instant'})")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => "
                  "requestAnimationFrame(r)))")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    box = shown.bounding_box()
    clip = {"x": max(0, box["x"] - 4), "y": max(0, box["y"] - 4),
            "width": min(box["width"] + 8, 390), "height": min(box["height"] + 8, 844)}
    before = page.screenshot(clip=clip, animations="disabled")
    page.keyboard.press("Shift")                # the keyboard's modality
    element.evaluate("(e) => e.focus({focusVisible: true, preventScroll: true})")
    page.wait_for_timeout(300)                  # painted
    assert element.evaluate("(e) => e === document.activeElement || e.contains("
                            "document.activeElement)")
    after = page.screenshot(clip=clip, animations="disabled")
    return before != after


FOCUSED = {
    "attractors/": [".arena-stepper input[type=range]", ".arena-stepper .arena-controls button",
                    ".arena-stepper .arena-zoomable",
                    ".md-header__option .md-select button",
                    ("input.md-option[id=__palette_0]", "input.md-option[id=__palette_0] + label"),
                    "article summary", ".headerlink"],
    "modelling/": [".arena-figure a.arena-pdf"],
    "ourson/": [".arena-game select", ".arena-game .board-vertex", ".arena-game .arena-move"],
    "strategies/": [".arena-game .vertex.choice"],
    "building/": [".md-typeset pre > code[tabindex]", ".md-code__button",
                  ".md-typeset__scrollwrap[tabindex]"],
}


@pytest.mark.parametrize("path", sorted(FOCUSED))
def test_the_keyboards_focus_is_seen_on_every_kind_of_control(phone, base_url, path):
    page = _open(phone, base_url, path)
    try:
        _images_loaded(page)
        unseen = []
        for selector in FOCUSED[path]:
            selector, shown = selector if isinstance(selector, tuple) else (selector, None)
            if shown:
                element = page.locator(selector).first
                shown = page.locator(shown + " >> visible=true").first
            else:
                element = page.locator(selector + " >> visible=true").first
            assert element.count() == 1, selector
            if not _focus_is_seen(page, element, shown):
                unseen.append(selector)
        assert unseen == []
    finally:
        page.close()


def test_a_notebooks_cell_shows_its_focus(phone, base_url):
    page = _open(phone, base_url, "notebooks/03-attractors/")
    try:
        page.locator('.arena-notebook-run [data-action="open"]').tap()
        editor = page.locator(".arena-notebook-editor").first
        editor.wait_for()
        page.wait_for_selector(".arena-notebook-editor .cm-content")
        assert _focus_is_seen(page, editor.locator(".cm-content"))
    finally:
        page.close()


# --- typing an answer ------------------------------------------------------------------

def test_a_count_is_typed_on_the_digits_keyboard_with_check_on_screen(phone, base_url):
    """A practice variant's count fields ask for the digits keyboard; with the keyboard up
    (the screen 420 px high, as Chromium lays out a page over it when it resizes the
    page) the field typed in and the Check button are both on screen."""
    page = phone().new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(base_url + "en/practice/#problem=model-token-grid&seed=5",
                  wait_until="networkidle")
        page.wait_for_selector(".arena-practice-form", timeout=180_000)
        fields = page.locator(".arena-practice-form input[type=text]")
        modes = fields.evaluate_all("(fs) => fs.map((f) => f.getAttribute('inputmode'))")
        assert modes == ["numeric", None, "numeric", None, "numeric"]   # 3 counts, 2 sets
        kinds = page.evaluate("""() => [...document.querySelectorAll(
            '.arena-practice-form input[inputmode=numeric]')].map((f) => f.pattern)""")
        assert kinds and set(kinds) == {"[0-9]*"}
        assert page.evaluate(SMALL_TARGETS) == []       # the fields, Check, the solution
        first = fields.first
        first.tap()
        page.set_viewport_size({"width": 390, "height": 420})
        first.evaluate("(f) => f.scrollIntoView({block: 'start'})")
        page.evaluate("window.scrollBy(0, -80)")      # under the header
        check = page.locator(".arena-practice-form button[type=submit]")
        box, field = check.bounding_box(), first.bounding_box()
        assert field["y"] >= 0 and field["y"] + field["height"] <= 420, field
        assert box["y"] >= 0 and box["y"] + box["height"] <= 420, box
        # a variant with a choice of players: each choice, its label included, is a target
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(base_url + "practice/#problem=attractor-ranks-draws&seed=3",
                  wait_until="networkidle")
        page.wait_for_selector(".arena-practice-form [role=radiogroup] input",
                               timeout=180_000)
        assert page.evaluate(SMALL_TARGETS) == []
    finally:
        page.close()


# What the page received from a tap (recorded in the capture phase, before any handler):
# each event's kind, and the elements the clicks reached
_RECORD_TAP = """() => { window.arenaTapSeen = []; window.arenaTapClicked = [];
  for (const kind of ["touchstart", "touchend", "click", "contextmenu"])
    document.addEventListener(kind, (e) => {
      window.arenaTapSeen.push(kind);
      if (kind === "click") window.arenaTapClicked.push(e.target);
    }, true); }"""


def _tap_opens(page, target, dialog) -> None:
    """Taps ``target`` and waits for ``dialog`` (up to WAIT). A tap whose click did not
    reach ``target`` within 30 s (the emulated touch lost, or landing beside it as the
    page moved, on a loaded machine: CI once waited two minutes for a dialog) is tapped
    again once; a click on ``target`` that opened nothing fails, saying what the page
    received."""
    page.evaluate(_RECORD_TAP)
    for attempt in (1, 2):
        target.tap()
        try:
            dialog.wait_for(timeout=30_000)
            return
        except Exception:
            seen = page.evaluate("window.arenaTapSeen || null")
            reached = seen is not None and target.evaluate(
                "(t) => window.arenaTapClicked.some((c) => t.contains(c))")
            clicked = page.evaluate("(window.arenaTapClicked || []).map((c) => c.outerHTML"
                                    ".slice(0, 100))")
        if not reached and attempt == 1:
            page.evaluate("window.arenaTapSeen = []; window.arenaTapClicked = []")
            continue
        try:
            dialog.wait_for(timeout=WAIT - 30_000)
            return
        except Exception:
            said = (f"the tap opened no dialog: {page.url} received {seen}, "
                    f"clicks on {clicked}, errors {getattr(page, 'errors', None)}")
            raise AssertionError(said) from None


# --- a figure full screen --------------------------------------------------------------

def test_a_figure_opens_full_screen_zooms_and_closes(phone, base_url):
    page = _open(phone, base_url, "en/modelling/")
    try:
        _images_loaded(page)
        link = page.locator(".arena-figure a.arena-zoom").first
        small = link.locator("img").bounding_box()["width"]
        dialog = page.locator("dialog.arena-lightbox")
        _tap_opens(page, link, dialog)
        big = dialog.locator("img")
        assert big.get_attribute("alt") == link.locator("img").get_attribute("alt")
        width = big.bounding_box()["width"]
        assert width >= small and width >= 350
        dialog.get_by_role("button", name="Zoom in").tap()
        zoomed = big.bounding_box()["width"]
        assert zoomed > width * 1.4
        page.keyboard.press("-")
        assert big.bounding_box()["width"] < zoomed
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert page.evaluate("document.activeElement.classList.contains('arena-zoom')")
        # from the keyboard: Enter on the figure opens it, the Close button closes it
        page.keyboard.press("Enter")
        dialog.wait_for()
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Close"
        page.keyboard.press("Enter")
        dialog.wait_for(state="detached")
    finally:
        page.close()


def test_without_javascript_a_figure_links_to_its_drawing(browser, base_url):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "modelling/")
        link = page.locator(".arena-figure a.arena-zoom").first
        href = link.get_attribute("href")
        assert href == link.locator("img").get_attribute("src") and href.endswith(".svg")
        link.click()
        page.wait_for_url("**/*.svg")
        assert page.evaluate("document.documentElement.localName") == "svg"
    finally:
        context.close()


def test_a_steppers_drawing_opens_full_screen_at_its_step(phone, base_url):
    page = _open(phone, base_url, "attractors/")
    try:
        stepper = page.locator(".arena-stepper").first
        stage = stepper.locator(".arena-live")
        stepper.get_by_role("button", name="Étape suivante").tap()
        stepper.get_by_role("button", name="Étape suivante").tap()
        shown = stage.locator("svg .vertex.in").count()
        assert shown >= 2
        small = stage.locator("svg").bounding_box()["width"]
        # a button named by the figure's title (French typography: a fine space before ":")
        name = stage.get_attribute("aria-label")
        assert name.startswith("Agrandir la figure\u202f: Graphe")
        dialog = page.locator("dialog.arena-lightbox")
        _tap_opens(page, stage, dialog)
        big = dialog.locator("svg")
        # the drawing as it stands: the same vertices in the attractor, their ranks shown
        assert big.locator(".vertex.in").count() == shown
        assert big.locator("text.arena-rank").count() == stage.locator("text.arena-rank").count()
        assert big.get_attribute("role") == "img" and big.get_attribute("aria-label") \
            == stage.get_attribute("data-title")
        assert dialog.locator("[id]").count() == 0          # no id twice in the page
        width = big.bounding_box()["width"]
        assert width >= small and width >= 350
        dialog.get_by_role("button", name="Zoom avant").tap()
        assert big.bounding_box()["width"] > width * 1.4
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert page.evaluate("document.activeElement.classList.contains('arena-zoomable')")
        # from the keyboard: Enter on the focused drawing opens it, Escape gives it back
        page.keyboard.press("Enter")
        dialog.wait_for()
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Fermer"
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        # and a step's buttons still step, without opening it
        stepper.get_by_role("button", name="Étape suivante").tap()
        assert page.locator("dialog.arena-lightbox").count() == 0
        assert page.errors == []
    finally:
        page.close()
