"""The interactive pages in Chromium: the attractor stepper shows exactly the solver's
layers, and a reader who plays the losing side against the strategy loses within the
rank, whatever it plays (every reply is explored); hints from a winning position win."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, TYPESET, Visit, instant_navigation

from arena import solve
from arena.games import nim
from arena.render import svg_id

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def _data(figure: str) -> dict:
    return json.loads((ROOT / "docs/figures" / f"{figure}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("path", "next_label"), [("attractors/", "Étape suivante"),
                                                  ("en/attractors/", "Next step")])
def test_the_stepper_shows_exactly_the_solver_layers(reader, path, next_label):
    layers = solve(nim(10, [1, 2])).layers(0)
    visit = reader(path)
    page = visit.page
    try:
        page.wait_for_selector(".arena-stepper.ready")
        prefix = "nim-graph-a--"
        for n, layer in enumerate(layers):
            inside = set(page.evaluate("[...document.querySelectorAll('.arena-stepper .vertex.in')]"
                                       ".map(g => g.id)"))
            newest = set(page.evaluate("[...document.querySelectorAll("
                                       "'.arena-stepper .vertex.new')].map(g => g.id)"))
            expected = {f"{prefix}v-{svg_id(f'{k},{i}')}" for step in layers[:n + 1]
                        for k, i in step}
            assert inside == expected, n
            assert newest == {f"{prefix}v-{svg_id(f'{k},{i}')}" for k, i in layer}
            assert str(n) in page.inner_text(".arena-stepper .arena-status")
            page.click(f'.arena-stepper button[aria-label="{next_label}"]')
        # keyboard: the slider moves with the arrow keys
        page.focus(".arena-stepper input[type=range]")
        page.keyboard.press("Home")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.querySelectorAll('.arena-stepper .vertex.new').length") \
            == len(layers[1])
        assert page.is_hidden(".arena-stepper + .tabbed-set")      # tabs replaced by the stepper
    finally:
        visit.close()


def test_without_javascript_the_tabs_remain(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(base_url + "attractors/")
        assert page.is_visible(".tabbed-set")
        assert page.is_visible(".arena-stepper .arena-noscript")
    finally:
        context.close()


EXPLORE = """(selector) => {
  const box = document.querySelector(selector);
  const undo = [...box.querySelectorAll('button')].find(b => b.textContent === box.dataset.undo);
  const leaves = [];
  (function explore() {
    if (box.dataset.turn === 'over') {
      leaves.push([box.dataset.position, Number(box.dataset.moves)]);
      return;
    }
    const moves = [...box.querySelectorAll('.arena-move')].map(b => b.dataset.move);
    for (const m of moves) {
      box.querySelector(`.arena-move[data-move="${m}"]`).click();
      explore();
      undo.click();
    }
  })();
  return leaves;
}"""


@pytest.mark.parametrize(("path", "figure", "undo"), [
    ("strategies/", "nim-graph-a", "Annuler"), ("en/strategies/", "nim-graph-a", "Undo"),
    ("exercises/", "ex6-1-play", "Annuler"), ("exercises/", "ex6-2-graph", "Annuler"),
    ("en/exercises/", "chomp-graph", "Undo"), ("ourson/", "ourson-states", "Annuler"),
])
def test_the_losing_side_loses_within_the_rank_whatever_it_plays(reader, path, figure, undo):
    data = _data(figure)
    start = data["vertices"][data["start"]]
    winner = start["winner"]
    assert winner is not None
    visit = reader(path)
    page = visit.page
    selector = f'.arena-game[data-figure="{figure}"]'
    try:
        page.wait_for_selector(selector + ".ready")
        page.evaluate(f"document.querySelector('{selector}').dataset.undo = '{undo}'")
        leaves = page.evaluate(EXPLORE, selector)
    finally:
        visit.close()
    assert len(leaves) >= 2
    for position, moves in leaves:
        assert data["vertices"][position]["victory"] == winner, position
        assert moves <= start["rank"], (position, moves)


@pytest.mark.parametrize("path", ["strategies/", "en/strategies/"])
def test_following_the_hints_from_a_winning_position_wins(reader, path):
    data = _data("nim-graph-a")
    visit = reader(path)
    page = visit.page
    box = '.arena-game[data-figure="nim-graph-a"]'
    try:
        page.wait_for_selector(box + ".ready")
        page.select_option(f"{box} select >> nth=0", "0")          # play J_0, who wins
        for _ in range(20):
            if page.get_attribute(box, "data-turn") == "over":
                break
            page.click(f"{box} .arena-hint")
            hint = page.get_attribute(box, "data-hint")
            page.click(f'{box} .arena-move[data-move="{hint}"]')
        position = page.get_attribute(box, "data-position")
        assert data["vertices"][position]["victory"] == 0
        assert int(page.get_attribute(box, "data-moves")) == data["vertices"][data["start"]]["rank"]
        status = page.inner_text(f"{box} .arena-status")
        assert (("gagnée par J0" in status) if not path.startswith("en/")
                else ("won by J0" in status))
    finally:
        visit.close()


def test_the_ourson_is_played_on_the_board(browser, base_url):
    visit = Visit(browser, base_url + "en/ourson/")
    page = visit.page
    box = '.arena-game[data-figure="ourson-states"]'
    try:
        page.wait_for_selector(box + ".ready")
        assert page.get_attribute(box, "data-position") == "0450"
        pieces = page.evaluate(f"[...document.querySelectorAll('{box} .board-vertex')]"
                               ".map(g => g.id.slice(-1) + ':' + g.getAttribute('class'))")
        # the ourson (J_0's piece) on 0, the two puppies (J_1's pieces) on 4 and 5
        assert [p[0] for p in pieces if "piece-0" in p.split()] == ["0"]
        assert [p[0] for p in pieces if "piece-1" in p.split()] == ["4", "5"]
        page.click(f"{box} [id$='board--board-1']")             # the ourson moves to 1
        after = page.get_attribute(box, "data-position")
        assert after[0] == "1" and after[3] == "0"               # and the puppies answered
    finally:
        visit.close()


@pytest.mark.parametrize(("start", "link", "ready"), [
    ("", 'a[href$="/attractors/"]', ".arena-stepper.ready"),
    ("en/", 'a[href$="/en/strategies/"]', ".arena-game.ready"),
])
def test_interactive_figures_work_after_instant_navigation(browser, base_url, start, link,
                                                          ready):
    # Material's instant navigation follows the links its sitemap lists
    context, _ = instant_navigation(browser, base_url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + start, wait_until="networkidle")
    try:
        page.evaluate("window.__same_document = true")   # survives only without a reload
        page.click(f"article {link} >> nth=0")
        page.wait_for_selector(ready)
        assert page.evaluate("window.__same_document === true")
        page.wait_for_function(TYPESET)     # the new page's formulas, typeset at build time
        assert errors == []
    finally:
        context.close()


def test_the_puppies_are_moved_on_the_board_by_picking_one_then_its_destination(
        browser, base_url):
    visit = Visit(browser, base_url + "ourson/")
    page = visit.page
    box = '.arena-game[data-figure="ourson-states"]'
    try:
        page.wait_for_selector(box + ".ready")
        page.select_option(f"{box} select >> nth=0", "1")       # play the puppies
        position = page.get_attribute(box, "data-position")     # the ourson has moved
        assert position[3] == "1"
        data = _data("ourson-states")
        # a puppy move from this position: pick the moving puppy, then where it goes
        target = next(iter(data["vertices"][position]["successors"]))
        moved = next(c for c in position[1:3] if c not in target[1:3])
        to = next(c for c in target[1:3] if c not in position[1:3])
        page.click(f"{box} [id$='board--board-{moved}']")
        assert "selected" in page.get_attribute(f"{box} [id$='board--board-{moved}']", "class")
        page.click(f"{box} [id$='board--board-{to}']")
        after = page.get_attribute(box, "data-position")
        assert int(page.get_attribute(box, "data-moves")) >= 3      # ourson, puppy, ourson
        assert after != position
    finally:
        visit.close()


@pytest.mark.parametrize(("lang", "states", "won"), [
    ("fr", "Le graphe des positions du jeu", "Partie terminée, gagnée par les chiots."),
    ("en", "The graph of the game's positions", "Game over: won by the puppies."),
])
def test_the_ourson_board_speaks_of_its_sides_and_its_drawings_of_one_language(
        browser, base_url, site, lang, states, won):
    """Issue 36 §4: the fold-out was titled "ourson-states" and the end said "J1 has won";
    the drawings put in the page had the French and English captions as their tooltip.
    The figure files keep both (one SVG serves both languages)."""
    from coursebuild.sources.typography import french

    manifest = {e["id"]: e for e in json.loads(
        (site / "figures" / "manifest.json").read_text(encoding="utf-8"))}
    visit = Visit(browser, base_url + ("en/" if lang == "en" else "") + "ourson/")
    page = visit.page
    box = '.arena-game[data-figure="ourson-states"]'
    try:
        page.wait_for_selector(box + ".ready")
        assert page.inner_text(f"{box} details.arena-states > summary") == states
        # the reader defends the ourson (the puppies win from the start, within 10 moves)
        for _ in range(20):
            if page.get_attribute(box, "data-turn") == "over":
                break
            page.click(f"{box} .arena-move >> nth=0")
        status = page.inner_text(f"{box} .arena-status")
        assert won in status and "J0" not in status and "J1" not in status
        titles = page.evaluate(f"[...document.querySelectorAll('{box} svg')]"
                               ".map((s) => s.querySelector(':scope > title').textContent)")
        captions = [manifest[f]["caption"][lang] for f in ("ourson-board", "ourson-states")]
        assert titles == [french(c) if lang == "fr" else c for c in captions]
    finally:
        visit.close()
    for figure in ("ourson-board", "ourson-states"):
        svg = (site / "figures" / manifest[figure]["svg"]).read_text(encoding="utf-8")
        caption = manifest[figure]["caption"]
        both = f"{caption['fr']} / {caption['en']}"
        assert f'<title id="fig-title">{html.escape(both)}</title>' in svg
