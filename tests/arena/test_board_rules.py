"""A game played on a board keeps its rules in its figure's JSON, not in the page's script.

The ourson's pieces, move limit, players' names and move labels are defined once, in
``arena.games.ourson``; ``ourson-states.json`` carries them under ``board``; ``arena.js``
knows no game: a widget whose rules are changed in its data plays by the new rules.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM

from arena.games import ourson
from arena.games.ourson import BOARD, MOVE_LIMIT, PIECES, PLAYERS, START, move, pieces

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs/assets/javascripts/arena.js"
FIGURES = ROOT / "docs/figures"


def _data(figure: str) -> dict:
    return json.loads((FIGURES / f"{figure}.json").read_text(encoding="utf-8"))


def test_the_page_script_knows_no_game():
    text = SCRIPT.read_text(encoding="utf-8").lower()
    for word in ("ourson", "chiot", "pupp", "pups", "nim", "chomp"):
        assert not re.search(rf"\b{word}", text), word
    assert not re.search(r"\b16\b", text), "the ourson's move limit"


def test_every_move_of_the_ourson_moves_one_piece_of_its_player_along_the_board():
    g = ourson()
    players = {piece: player for piece, (player, _) in PIECES.items()}
    for a in g.vertices:
        for b in g.successors(a):
            piece, start, end = move(a, b)
            assert players[piece] == g.owner(a), (a, b)
            assert end in BOARD[start] and end not in pieces(a), (a, b)
            assert pieces(a)[start] == pieces(b)[end] == piece, (a, b)
            assert {v: p for v, p in pieces(a).items() if v != start} == \
                {v: p for v, p in pieces(b).items() if v != end}, (a, b)


def test_the_ourson_figure_json_carries_the_game_rules(site):
    data = _data("ourson-states")
    board = data["board"]
    g = ourson()
    # the start, as the game module defines it: the ourson on 0, the puppies on 4 and 5
    assert board["positions"][data["start"]] == {"0": "ourson", "4": "puppy", "5": "puppy"} \
        == {str(v): p for v, p in pieces(START).items()}
    assert board["limit"]["moves"] == MOVE_LIMIT == 16
    assert f"{MOVE_LIMIT} coups" in board["limit"]["text"]["fr"]
    assert f"{MOVE_LIMIT} moves" in board["limit"]["text"]["en"]
    assert board["players"] == list(PLAYERS)
    assert {p: v["player"] for p, v in board["pieces"].items()} == {"ourson": 0, "puppy": 1}
    assert board["pieces"]["puppy"]["move"] == {"fr": "chiot {from} → {to}",
                                                "en": "puppy {from} → {to}"}
    # a position and the moves for every vertex and every edge of the arena drawn
    assert set(board["positions"]) == set(board["moves"]) == set(data["vertices"])
    for a, vertex in data["vertices"].items():
        assert set(board["moves"][a]) == set(vertex["successors"]), a
    assert sum(len(m) for m in board["moves"].values()) == g.n_edges == 324
    assert board["moves"]["1451"]["1250"] == {"piece": "puppy", "from": "4", "to": "2"}
    # every cell is a vertex of the board drawing
    svg = (FIGURES / "ourson-board.svg").read_text(encoding="utf-8")
    assert sorted(board["cells"]) == [str(v) for v in range(len(BOARD))]
    for cell, svg_id in board["cells"].items():
        assert f'id="{svg_id}"' in svg, cell


def test_only_the_board_game_has_a_board_section(site):
    interactive = {p.stem for p in FIGURES.glob("*.json") if p.stem != "manifest"}
    assert {"nim-graph-a", "ex6-1-play", "ex6-2-graph", "chomp-graph"} <= interactive
    assert {f for f in interactive if "board" in _data(f)} == {"ourson-states"}


EMBEDDED = re.compile(r'data-embedded="([^"]*)"')


def _rewrite(page: str, change) -> str:
    """The page with ``change`` applied to the board rules in its widgets' data."""
    def one(m: re.Match) -> str:
        data = json.loads(html.unescape(m.group(1)))
        if "board" not in data["json"]:
            return m.group(0)
        change(data["json"]["board"])
        return f'data-embedded="{html.escape(json.dumps(data, ensure_ascii=False))}"'

    return EMBEDDED.sub(one, page)


def _fox_and_geese(board: dict) -> None:
    """Other rules: a fox and geese, 4 moves."""
    board["players"] = [{"fr": "le renard", "en": "the fox"},
                        {"fr": "les oies", "en": "the geese"}]
    board["pieces"]["ourson"]["move"] = {"fr": "renard de {from} à {to}",
                                         "en": "fox from {from} to {to}"}
    board["limit"] = {"moves": 4, "text": {"fr": "Le renard a tenu.", "en": "The fox held."}}


def _open(browser, url: str, change):
    """A fresh context showing ``url`` with its board rules changed by ``change``."""
    context = browser.new_context()

    def page_route(route):
        response = route.fetch()
        route.fulfill(response=response, body=_rewrite(response.text(), change))

    context.route(url, page_route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="networkidle")
    return context, page, errors


@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
@pytest.mark.parametrize(("path", "names", "label", "end"), [
    ("ourson/", ["le renard", "les oies"], "Jouer renard de 0 à 1",
     "Le renard a tenu. 4 coups sur 4."),
    ("en/ourson/", ["the fox", "the geese"], "Play fox from 0 to 1",
     "The fox held. 4 moves out of 4."),
])
def test_the_widget_plays_by_the_rules_in_its_data(browser, base_url, path, names, label,
                                                   end):
    box = '.arena-game[data-figure="ourson-states"]'
    context, page, errors = _open(browser, base_url + path, _fox_and_geese)
    try:
        page.wait_for_selector(box + ".ready")
        options = page.eval_on_selector_all(f"{box} select >> nth=0 >> option",
                                            "os => os.map(o => o.textContent)")
        assert options == names
        page.select_option(f"{box} select >> nth=0", "0")       # play the fox (J_0)
        moves = page.eval_on_selector_all(f"{box} .arena-move", "bs => bs.map(b => b.textContent)")
        assert label in moves
        for _ in range(2):                                       # fox, geese, fox, geese
            page.click(f"{box} .arena-move >> nth=0")
        assert page.get_attribute(box, "data-moves") == "4"
        assert page.get_attribute(box, "data-turn") == "over"
        assert page.inner_text(f"{box} .arena-status").endswith(end)
        assert errors == []
    finally:
        context.close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
@pytest.mark.parametrize(("path", "damage"), [
    ("ourson/", lambda board: board["positions"].pop("0450")),
    ("en/ourson/", lambda board: board["cells"].update({"9": "board-9"})),
    ("en/ourson/", lambda board: board["moves"]["0450"].pop("1451")),
    # far from the start: refused when the widget starts, not when a play gets there
    ("ourson/", lambda board: board["moves"]["3450"].clear()),
])
def test_rules_that_do_not_fit_the_figure_are_refused(browser, base_url, path, damage):
    context, page, errors = _open(browser, base_url + path, damage)
    try:
        page.wait_for_selector(".arena-game.broken .arena-error")
        assert page.locator("article figure.arena-figure img").count() >= 1   # static figures
        assert errors == []
    finally:
        context.close()
