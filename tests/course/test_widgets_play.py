"""Every game widget of every page, in both languages, played the way a student plays it:
a long seeded random sequence of moves (buttons, clicks on the graph or on the board),
Undo, Restart, changes of side and of start, hints and half-made selections. After every
action the widget must answer: never stuck, the position shown wherever the graph is
drawn, no selection surviving Undo or Restart, counted words agreeing with their number,
and a reader on the losing side still losing within the rank.

The sequence is seeded: ``ARENA_WIDGET_SEED=N`` replays a run; a failure names its seed.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, shows

ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("ARENA_WIDGET_SEED", "20261123"))
ACTIONS = int(os.environ.get("ARENA_WIDGET_ACTIONS", "70"))
GAME = re.compile(r"^<!-- game: (?P<figure>[a-z0-9-]+)(?: (?P<board>[a-z0-9-]+))? -->$", re.M)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def _widgets() -> list[tuple[str, str, str]]:
    """(language, page path, figure) for every game shortcode of the chapters."""
    found = []
    for lang in ("fr", "en"):
        for page in sorted((ROOT / "docs" / lang).glob("*.md")):
            for m in GAME.finditer(page.read_text(encoding="utf-8")):
                path = ("" if lang == "fr" else "en/") + (
                    "" if page.stem == "index" else page.stem + "/")
                found.append((lang, path, m.group("figure")))
    return found


def _data(figure: str) -> dict:
    return json.loads((ROOT / "docs/figures" / f"{figure}.json").read_text(encoding="utf-8"))


STATE = """(box) => {
  const shape = (g) => g && g.querySelector('ellipse, polygon');
  const current = [...box.querySelectorAll('svg .vertex.current')];
  return {
    turn: box.dataset.turn, position: box.dataset.position, moves: Number(box.dataset.moves),
    side: box.querySelector('select').value,
    start: box.querySelectorAll('select')[1].value,
    status: box.querySelector('.arena-status').textContent,
    buttons: box.querySelectorAll('.arena-move').length,
    current: current.map((g) => g.id),
    currentStroke: current.map((g) => getComputedStyle(shape(g)).strokeWidth),
    // what a vertex draws inside itself (chomp's squares: outlines with fill="none",
    // fills with stroke="none") keeps its own strokes whatever marks the vertex
    innerStrokes: [...box.querySelectorAll('svg .vertex')].flatMap((g) =>
      [...g.querySelectorAll(':scope > :is(ellipse, polygon):is([fill="none"], [stroke="none"])')]
        .filter((e) => e.previousElementSibling && e.previousElementSibling.tagName !== 'title')
        .map((e) => getComputedStyle(e).strokeWidth + ' ' + getComputedStyle(e).fill)),
    choiceStroke: [...box.querySelectorAll('svg .vertex.choice')]
      .map((g) => getComputedStyle(shape(g)).strokeWidth),
    selected: box.querySelectorAll('.selected').length,
    board: box.querySelector('.board-vertex') !== null,
    boardVertices: [...box.querySelectorAll('.board-vertex')].map((g) => g.id.slice(-1)),
    focusable: [...box.querySelectorAll('svg .vertex.choice')]
      .every((g) => g.getAttribute('tabindex') === '0'),
  };
}"""


def _count_text(lang: str, n: int, board: bool) -> str:
    if lang == "fr":
        s = "s" if n > 1 else ""          # French: singular for 0 and 1
        return f"{n} coup{s} sur 16." if board else f"{n} coup{s} joué{s}."
    s = "" if n == 1 else "s"             # English: plural for every n other than 1
    return f"{n} move{s} out of 16." if board else f"{n} move{s} played."


def _check(state: dict, data: dict, lang: str, after: str, log: list[str]) -> None:
    where = f"seed {SEED}, after {after}; actions: {' | '.join(log[-12:])}"
    V = data["vertices"]
    assert state["turn"] in ("reader", "over"), f"stuck on the computer's turn ({where})"
    if state["turn"] == "reader":
        assert state["buttons"] > 0, f"the reader's turn with no move offered ({where})"
        assert state["choiceStroke"] and set(state["choiceStroke"]) == {"4px"}, \
            f"playable moves not highlighted ({where}): {state['choiceStroke']}"
        assert state["focusable"], f"a playable vertex cannot be reached with Tab ({where})"
    svg_id = V[state["position"]]["svg"]
    assert [i.split("--", 1)[1] for i in state["current"]] == [svg_id], \
        f"the current position is not the one marked ({where})"
    assert state["currentStroke"] == ["4px"], \
        f"the current position is not highlighted where the graph is drawn ({where})"
    drawn = [s for s in state["innerStrokes"] if not s.startswith(("1px", "1.2px", "0px"))]
    assert drawn == [], f"marks thickened the drawing inside a vertex ({where}): {drawn}"
    expected = _count_text(lang, state["moves"], state["board"])
    assert expected in state["status"], f"{expected!r} not in {state['status']!r} ({where})"
    if after in ("undo", "restart", "side", "start"):
        assert state["selected"] == 0, f"a selection survived {after} ({where})"
    if state["turn"] == "over":
        start = V[state["start"]]
        side = int(state["side"])
        if start["winner"] is not None and start["winner"] != side:
            assert V[state["position"]]["victory"] == start["winner"] or state["board"] and \
                state["moves"] > 16, f"the losing side did not lose ({where})"
            assert state["moves"] <= start["rank"], \
                f"the losing side lasted {state['moves']} moves, rank {start['rank']} ({where})"


def _act(page, box: str, rng: random.Random, state: dict, data: dict) -> str:
    """One random action of a student; returns its name."""
    kinds = ["move"] * 6 + ["undo", "undo", "restart", "side", "start", "hint", "graph"]
    if state["board"]:
        kinds += ["board", "board", "select"]
    kind = rng.choice(kinds)
    if kind == "move" and state["buttons"]:
        page.locator(f"{box} .arena-move").nth(rng.randrange(state["buttons"])).click()
    elif kind == "undo":
        page.click(f"{box} button.arena-undo")
    elif kind == "restart":
        page.click(f"{box} button.arena-restart")
    elif kind == "side":
        page.select_option(f"{box} select >> nth=0", rng.choice(["0", "1"]))
    elif kind == "start":
        options = page.eval_on_selector_all(f"{box} select >> nth=1 >> option",
                                            "os => os.map(o => o.value)")
        page.select_option(f"{box} select >> nth=1", rng.choice(options))
    elif kind == "hint":
        page.click(f"{box} .arena-hint")
    elif kind == "graph" and state["turn"] == "reader":
        # the graph may be folded (the ourson's state graph): open it, then click a move
        page.evaluate(f"document.querySelectorAll('{box} details').forEach(d => d.open = true)")
        choices = page.locator(f"{box} svg .vertex.choice")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).dispatch_event("click")
    elif kind in ("board", "select") and state["boardVertices"]:
        spot = rng.choice(state["position"][1:3] if kind == "select" else state["boardVertices"])
        page.locator(f"{box} [id$='board--board-{spot}']").dispatch_event("click")
    return kind


def _pages_of_widgets() -> list[tuple[str, str, tuple[str, ...]]]:
    """(language, page path, its games' figures), a page once (one visit plays them all)."""
    pages: dict[tuple[str, str], list[str]] = {}
    for lang, path, figure in _widgets():
        pages.setdefault((lang, path), []).append(figure)
    return [(lang, path, tuple(figures)) for (lang, path), figures in pages.items()]


def test_every_game_of_the_chapters_is_played():
    assert sum(len(f) for _, _, f in _pages_of_widgets()) == len(_widgets()) >= 8


@pytest.mark.parametrize(("lang", "path", "figures"), _pages_of_widgets())
def test_a_student_never_gets_a_stuck_widget(reader, lang, path, figures):
    visit = reader(path)
    page = visit.page
    try:
        for figure in figures:
            data = _data(figure)
            rng = random.Random(f"{SEED}-{path}-{figure}")
            box = f'.arena-game[data-figure="{figure}"]'
            log: list[str] = [figure]
            page.wait_for_selector(box + ".ready")
            handle = page.query_selector(box)
            state = page.evaluate(STATE, handle)
            _check(state, data, lang, "load", log)
            for _ in range(ACTIONS):
                kind = _act(page, box, rng, state, data)
                state = page.evaluate(STATE, handle)
                log.append(f"{kind}->{state['position']}")
                _check(state, data, lang, kind, log)
        assert visit.errors == [], f"seed {SEED}: {visit.errors}"
    finally:
        visit.close()


@pytest.mark.parametrize("path", ["strategies/", "en/ourson/"])
def test_the_widgets_are_played_from_the_keyboard(reader, path):
    """Tab reaches a move, Enter plays it; the status line is a live region; axe finds no
    serious violation after a few moves."""
    from test_browser import _axe_violations

    visit = reader(path)
    page = visit.page
    box = ".arena-game"
    try:
        page.wait_for_selector(box + ".ready")
        assert page.get_attribute(f"{box} .arena-status", "aria-live") == "polite"
        for _ in range(3):
            if page.get_attribute(box, "data-turn") != "reader":
                break
            before = int(page.get_attribute(box, "data-moves"))
            page.focus(f"{box} .arena-move >> nth=0")
            page.keyboard.press("Enter")
            assert int(page.get_attribute(box, "data-moves")) > before
        # a playable vertex of the graph: focus it and press Enter
        page.evaluate(f"document.querySelectorAll('{box} details').forEach(d => d.open = true)")
        if page.get_attribute(box, "data-turn") == "reader":
            before = int(page.get_attribute(box, "data-moves"))
            page.focus(f"{box} svg .vertex.choice >> nth=0")
            page.keyboard.press("Enter")
            assert int(page.get_attribute(box, "data-moves")) > before
        assert _axe_violations(page) == []
    finally:
        visit.close()


EMBEDDED = re.compile(r'data-embedded="([^"]*)"')


def _corrupt(page: str, how: str) -> str:
    """The page with its first widget's embedded data damaged in one way."""
    import html

    def damage(m: re.Match) -> str:
        text = html.unescape(m.group(1))
        if how == "json":                       # the data cut in the middle
            text = text[: len(text) // 2]
        elif how == "fetch":                    # no data in the page: fetched (and cut)
            return ""
        else:
            data = json.loads(text)
            data[how] = data[how][: len(data[how]) // 2]     # a truncated SVG
            text = json.dumps(data)
        return f'data-embedded="{html.escape(text)}"'

    return EMBEDDED.sub(damage, page, count=1)


@pytest.mark.parametrize(("path", "how", "message"), [
    ("attractors/", "json", "n'ont pas pu être lues"),
    ("en/attractors/", "svg", "could not be read"),
    ("en/strategies/", "fetch", "could not be read"),
    ("ourson/", "board", "n'ont pas pu être lues"),
])
def test_a_widget_facing_bad_data_says_so_and_keeps_the_static_figure(browser, base_url, path,
                                                                     how, message):
    context = browser.new_context()

    def page_route(route):
        response = route.fetch()
        route.fulfill(response=response, body=_corrupt(response.text(), how))

    def truncated(route):
        body = route.fetch().body()
        route.fulfill(body=body[: len(body) // 2], status=200, content_type="application/json")

    context.route(base_url + path, page_route)
    context.route("**/figures/*.json", truncated)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base_url + path, wait_until="networkidle")
        page.wait_for_selector(".arena-error")
        widget = page.locator(".arena-stepper, .arena-game").first
        shows(widget, message)
        text = page.inner_text("article")
        assert "error on line" not in text and "parsererror" not in page.content()
        assert page.locator("article figure.arena-figure img").count() >= 1   # static figures
        if "attractors" in path:
            assert page.is_visible(".arena-stepper + .tabbed-set")     # the steps stay readable
        assert errors == []
    finally:
        context.close()
