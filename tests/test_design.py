"""The game-design page (issue 28.2): a student's rules, typed in the page, explored and
solved in Python in the browser, drawn by Graphviz in WebAssembly, stepped and played;
the Python side (coursebuild.design) checked against the library, then the page in
Chromium, both languages, with every outside request blocked."""

from __future__ import annotations

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, Visit

from arena import solve
from arena.games import tictactoe
from coursebuild.design import EXAMPLES, design


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_examples_are_solved_as_the_library_solves_them(lang):
    takeaway = design(EXAMPLES["takeaway"]["code"][lang], lang)
    # 10 sticks, take 1 to 3: k is lost for the player to move iff k is a multiple of 4;
    # 10 is not: J_0 takes 2, then answers q by 4 - q: 5 of its moves
    assert (takeaway["positions"], takeaway["moves"]) == (20, 48)
    assert (takeaway["start_winner"], takeaway["start_rank"]) == (0, 5)
    assert takeaway["drawn"] and set(takeaway["data"]["vertices"]) >= {"10,0", "0,1"}
    putback = design(EXAMPLES["putback"]["code"][lang], lang)
    assert putback["start_winner"] is None and putback["draws"] == 8
    grid = design(EXAMPLES["tictactoe"]["code"][lang], lang)
    library = solve(tictactoe(3, 3)).summary()
    assert grid["positions"] == 5478 and not grid["drawn"] and "dot" not in grid
    assert (grid["won_by_0"], grid["won_by_1"], grid["draws"]) == (
        library["won_by_0"], library["won_by_1"], library["draws"])


@pytest.mark.parametrize(("code", "lang", "message"), [
    ("def moves(p:\n", "fr", "ligne 1 : erreur de syntaxe : "),
    ("START = 0\nx = [][1]\n", "en", "line 2: IndexError: list index out of range"),
    ("START = 0\n", "en", "rules: STUCK is missing"),
    ('START = 0\nSTUCK = "loses"\nplayer = 1\ndef moves(p):\n    return []\n', "en",
     "rules: player must be a function"),
    ('START = [0]\nSTUCK = "loses"\ndef player(p):\n    return 0\n'
     'def moves(p):\n    return [[p]]\n', "fr",
     "règles : position [0]: a position must be hashable"),
    ('START = 0\nSTUCK = "loses"\ndef player(p):\n    return 0\n'
     'def moves(p):\n    return [p + 1]\n', "fr",
     "plus de 50\u202f000 positions : le jeu est trop grand"),
])
def test_rules_that_cannot_be_solved_get_one_line(code, lang, message):
    error = design(code, lang)["error"]
    assert error.startswith(message) and "\n" not in error, error


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)


def _solve(page, timeout=120_000):
    page.click('[data-action="solve"]')
    page.wait_for_function("!document.querySelector('[data-action=solve]').disabled",
                           timeout=timeout)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_typed_in_the_page_is_drawn_stepped_and_played(chromium, browser, base_url,
                                                              lang):
    visit = Visit(browser, base_url + ("en/" if lang == "en" else "") + "design/")
    page = visit.page
    try:
        page.wait_for_function("document.querySelector('.arena-design').arenaEditor")
        # a student's game: 7 sticks, take 1 or 3 (every move is odd: J_0 always faces an
        # odd number, J_1 an even one, and J_1 is left with none): J_0 wins in 3 moves
        code = ('START = (7, 0)\nSTUCK = "loses"\n\ndef player(p):\n    return p[1]\n\n'
                'def moves(p):\n    k, i = p\n'
                '    return [(k - q, 1 - i) for q in (1, 3) if q <= k]\n')
        page.evaluate("(code) => document.querySelector('.arena-design').arenaEditor"
                      ".setCode(code)", code)
        _solve(page)
        start = page.locator(".arena-design-start").inner_text()
        assert start == ("Depuis le départ 7,0, J₀ gagne, en 3 coups au plus." if lang == "fr"
                         else "From the start 7,0, J₀ wins, within 3 moves.")
        # drawn: 8 positions in each widget's drawing, laid out in the page
        page.wait_for_selector(".arena-stepper.ready svg")
        assert page.locator(".arena-stepper").first.locator("g.node").count() == 8
        assert page.locator(".arena-game.ready").count() == 1
        # the stepper steps: one step per layer of J_0's attractor, as computed in Python
        layers = design(code, lang)["data"]["layers"][0]
        stepper = page.locator(".arena-stepper").first
        stepper.locator("button").nth(3).click()               # » the last step
        assert stepper.locator("input[type=range]").input_value() == str(len(layers) - 1)
        # the game: the computed strategy answers; the status speaks of the play
        assert page.locator(".arena-game .arena-status").inner_text().strip()
        # a game with a cycle: its draws
        page.select_option(".arena-design select", "putback")
        page.click('[data-action="load"]')
        _solve(page)
        start = page.locator(".arena-design-start").inner_text()
        assert ("match nul" if lang == "fr" else "a draw") in start
        assert ("matchs nuls : 8" if lang == "fr" else "draws: 8") in \
            page.locator(".arena-design-summary").inner_text().replace("\u00a0", " ")
        # broken rules: one line, and the page stays usable
        page.evaluate("document.querySelector('.arena-design').arenaEditor.setCode('x = (')")
        _solve(page)
        status = page.locator(".arena-design .arena-status").inner_text()
        assert status.startswith("ligne 1 : erreur de syntaxe" if lang == "fr"
                                 else "line 1: syntax error")
        # rules that loop: stopped at the page's time limit, and the next game solves
        page.evaluate("document.querySelector('.arena-design').dataset.timeout = '2000'")
        page.evaluate("""document.querySelector('.arena-design').arenaEditor.setCode(
            'START = 0\\nSTUCK = "loses"\\ndef player(p):\\n    return 0\\n'
            + 'def moves(p):\\n    while True:\\n        pass\\n')""")
        _solve(page)
        assert ("Arrêté après 2 s" if lang == "fr" else "Stopped after 2 s") in \
            page.locator(".arena-design .arena-status").inner_text()
        page.select_option(".arena-design select", "takeaway")
        page.click('[data-action="load"]')
        _solve(page)
        assert ("J₀ gagne, en 5 coups" if lang == "fr" else "J₀ wins, within 5 moves") in \
            page.locator(".arena-design-start").inner_text()
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()
