"""The game-design page (issue 28.2, and 36 §4, 37 §3, 38 for the page): a student's
rules, typed in the page, kept in the browser, downloaded and opened as a rules file,
explored and solved in Python in the browser (a fresh Python per Solve), drawn by Graphviz
in WebAssembly, sanitised, stepped and played; the Python side (coursebuild.course.design) checked
against the library, then the page in Chromium, both languages, with every outside request
blocked, against the attacks of issue 38."""

from __future__ import annotations

import itertools
import json
import re
import time
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, Visit, expect, shows

from arena import ArenaError, solve
from arena.games import tictactoe
from arena.render import PAPER
from arena.rules_file import load_rules, rules_arena
from coursebuild.course.design import (
    DRAW_LIMIT,
    DRAW_MOVES,
    EXAMPLES,
    MEMORY_LIMIT,
    PLAIN_MOVES,
    PROGRESS_EVERY,
    SOLVE_LIMIT,
    Design,
    design,
)

ROOT = Path(__file__).resolve().parents[2]


TAKEAWAY_7 = ('START = (7, 0)\nSTUCK = "loses"\n\ndef player(p):\n    return p[1]\n\n'
              'def moves(p):\n    k, i = p\n'
              '    return [(k - q, 1 - i) for q in (1, 3) if q <= k]\n')
"""A student's game: 7 sticks, take 1 or 3 (every move is odd: J_0 always faces an odd
number, J_1 an even one, and J_1 is left with none): J_0 wins in 3 moves."""


def _rules(moves: str, start: str = "0", stuck: str = "draw", extra: str = "") -> str:
    return (f"{extra}START = {start}\nSTUCK = {stuck!r}\n\ndef player(p):\n    return 0\n\n"
            f"def moves(p):\n    {moves}\n")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_examples_are_solved_as_the_library_solves_them(lang):
    takeaway = design(EXAMPLES["takeaway"]["code"][lang], lang)
    # 10 sticks, take 1 to 3: k is lost for the player to move iff k is a multiple of 4;
    # 10 is not: J_0 takes 2, then answers q by 4 - q: 5 of its moves
    assert (takeaway["positions"], takeaway["moves"]) == (20, 48)
    assert (takeaway["start"], takeaway["start_winner"], takeaway["start_rank"]) == \
        ("(10, 0)", 0, 5)
    vertices = takeaway["data"]["vertices"]
    assert {v["label"] for v in vertices.values()} >= {"(10, 0)", "(0, 1)"}
    putback = design(EXAMPLES["putback"]["code"][lang], lang)
    assert putback["start_winner"] is None and putback["draws"] == 8
    grid = design(EXAMPLES["tictactoe"]["code"][lang], lang)
    library = solve(tictactoe(3, 3)).summary()
    assert grid["positions"] == 5478 and not grid["drawn"] and "dot" not in grid
    assert grid["too_many"] == "positions"
    assert (grid["won_by_0"], grid["won_by_1"], grid["draws"]) == (
        library["won_by_0"], library["won_by_1"], library["draws"])


def test_the_drawing_starts_uncoloured_with_no_rank_written():
    # the stepper colours the steps and writes the ranks: the drawing it starts from has
    # neither (issue 36: "Step 0" showed the finished attractor and labels "0 0")
    dot = design(TAKEAWAY_7)["dot"]
    assert "xlabel" not in dot
    assert set(re.findall(r'fillcolor="([^"]+)"', dot)) == {PAPER}


def test_positions_are_named_apart_and_shown_as_python_writes_them():
    # ("a", "b") and ("a,b",) were one node (their texts joined with commas coincide), as
    # were 1 and "1": every position has a key of its own, and a label that tells it apart
    code = _rules('return [("a,b",), ("a", "b", "c"), 1, "1"] if p == ("a", "b") else []',
                  start='("a", "b")')
    r = design(code)
    vertices = r["data"]["vertices"]
    assert r["positions"] == len(vertices) == 5
    assert sorted(v["label"] for v in vertices.values()) == sorted(
        ["('a', 'b')", "('a,b',)", "('a', 'b', 'c')", "1", "'1'"])
    assert len(set(re.findall(r'^\t"(v-[^"]+)" \[', r["dot"], re.M))) == 5
    assert r["start"] == "('a', 'b')"
    # the start menu's order is by value: (2, 0) before (10, 0) (as text, after it)
    data = design(EXAMPLES["takeaway"]["code"]["en"])["data"]
    shown = [data["vertices"][k]["label"] for k in data["order"]]
    assert shown[:4] == ["(0, 0)", "(0, 1)", "(1, 0)", "(1, 1)"]
    assert shown.index("(2, 0)") < shown.index("(10, 0)")


def test_a_title_is_shown_in_the_pages_language():
    both = 'TITLE = {"fr": "Soustraction", "en": "Subtraction"}\n'
    assert design(both + TAKEAWAY_7, "fr")["title"] == "Soustraction"
    assert design(both + TAKEAWAY_7, "en")["title"] == "Subtraction"
    assert design('TITLE = "Nim 7"\n' + TAKEAWAY_7, "fr")["title"] == "Nim 7"
    assert design(TAKEAWAY_7)["title"] is None
    assert design("TITLE = 3\n" + TAKEAWAY_7, "en")["error"] == \
        'TITLE: a text, or one text per language ({"fr": ..., "en": ...}), not 3'


def test_a_dense_game_is_solved_and_not_drawn():
    # 45 positions that all move to all others: Graphviz took a minute over it
    r = design(_rules("return [q for q in range(45) if q != p]"))
    assert (r["positions"], r["moves"], r["drawn"], r["too_many"]) == (45, 45 * 44, False,
                                                                       "moves")
    assert "dot" not in r and r["limits"] == {"positions": DRAW_LIMIT, "moves": DRAW_MOVES}
    # between PLAIN_MOVES and DRAW_MOVES: drawn, with Graphviz's effort bounded
    r = design(_rules("return [q for q in range(14) if q != p]"))
    assert r["drawn"] and PLAIN_MOVES < r["moves"] <= DRAW_MOVES
    assert "splines=line" in r["dot"] and "mclimit=0.1" in r["dot"]
    assert "splines" not in design(TAKEAWAY_7)["dot"]


@pytest.mark.parametrize(("code", "lang", "message"), [
    ("def moves(p:\n", "fr", "ligne 1 : erreur de syntaxe : "),
    ("START = 0\nx = [][1]\n", "en", "line 2: IndexError: list index out of range"),
    ("START = 0\n", "en", "rules: STUCK is missing"),
    ('START = 0\nSTUCK = "loses"\nplayer = 1\ndef moves(p):\n    return []\n', "en",
     "rules: player must be a function"),
    # what is not an Exception, and what cannot be written, is one line too (issue 38)
    ("import sys\nsys.exit(0)\n", "en", "line 2: SystemExit: 0"),
    ("raise KeyboardInterrupt\n", "fr", "ligne 1 : KeyboardInterrupt"),
    ("class Mine(BaseException):\n    pass\n\nraise Mine('out')\n", "en", "line 4: Mine: out"),
    (_rules("return []", extra="def winner(p):\n    raise GeneratorExit\n"), "en",
     "rules: position 0: winner raised GeneratorExit"),
    ("class E(Exception):\n    def __str__(self):\n        raise E()\n\nraise E()\n", "en",
     "line 5: E: <an E that cannot be written>"),
    ("raise ValueError(10 ** 5000)\n", "en",
     "line 1: ValueError: <a ValueError that cannot be written>"),
    (_rules("return []", start="Odd()", extra="class Odd:\n    def __hash__(self):\n"
            "        raise SystemExit(4)\n"), "en",
     "rules: position <__rules__.Odd object at 0x"),
    ("\0", "fr", "erreur de syntaxe : source code string cannot contain null bytes"),
])
def test_rules_that_cannot_be_solved_get_one_line(code, lang, message):
    error = design(code, lang)["error"]
    assert error.startswith(message) and "\n" not in error and len(error) < 400, error


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_past_the_pages_limits_is_stopped_in_one_line(lang):
    endless = _rules("return [p + 1]")
    assert design(endless, lang, limit=5000)["error"] == (
        "plus de 5\u202f000 positions : le jeu est trop grand pour être résolu dans la page "
        "(utilisez arena solve sur votre ordinateur)" if lang == "fr" else
        "more than 5,000 positions: the game is too large to be solved in the page (use "
        "arena solve on your computer)")
    # memory: checked every PROGRESS_EVERY positions; here the page's Python holds 1 MB
    # more at each check: past 3 MB at the fourth
    checks = itertools.count(1)
    r = design(endless, lang, memory=lambda: next(checks) << 20, memory_limit=3 << 20)
    assert r["error"] == (
        f"plus de 3 Mo de mémoire après {4 * PROGRESS_EVERY:,} positions explorées : le jeu "
        "est trop grand pour la page (utilisez arena solve sur votre ordinateur)".replace(
            ",", "\u202f") if lang == "fr" else
        f"more than 3 MB of memory after {4 * PROGRESS_EVERY:,} positions explored: the game "
        "is too large for the page (use arena solve on your computer)")


def test_the_exploration_is_told_as_it_goes():
    heard: list[tuple[str, int]] = []
    r = design(EXAMPLES["tictactoe"]["code"]["en"], progress=lambda *a: heard.append(a))
    explored = [n for phase, n in heard if phase == "explore"]
    assert explored == list(range(PROGRESS_EVERY, 5478, PROGRESS_EVERY))
    assert heard[-1] == ("solve", 5478) and r["positions"] == 5478


TICTACTOE_DRAWN = ("def draw(grid):\n    return '\\n'.join(grid[k:k + 3] for k in (0, 3, 6))\n"
                   "\n\n")
"""The tic-tac-toe example with a board: its draw(position) writes the grid on 3 lines."""


def test_a_game_too_large_to_draw_gives_its_best_first_moves_and_a_board():
    code = EXAMPLES["tictactoe"]["code"]["en"] + "\n\n" + TICTACTOE_DRAWN
    d = Design(code)
    g, sol = d.arena, d.solution
    r = d.result
    assert not r["drawn"] and (r["start_winner"], r["start_rank"]) == (None, None)
    # the nine first moves: none wins (a draw with best play), in the input's order
    assert [m["label"] for m in r["first_moves"]] == [
        "-" * k + "x" + "-" * (8 - k) for k in range(9)]
    assert {(m["winner"], m["rank"]) for m in r["first_moves"]} == {(None, None)}
    assert r["board"]["text"] == "---\n---\n---" and r["board"]["id"] == g.index(g.start)
    # a position where x (J_0) wins at once, o threatens, and o could still win: moves
    # best first for x, each as the library solved it; the strategy's move is the first
    v = "xx-oo----"
    pos = d.position(g.index(v))
    assert (pos["owner"], pos["winner"], pos["rank"], pos["text"]) == (0, 0, 1, "xx-\noo-\n---")
    moves = pos["successors"]
    assert moves[0]["label"] == "xxxoo----" and (moves[0]["winner"], moves[0]["rank"]) == (0, 0)
    assert pos["move"] == moves[0]["id"] == g.index(sol.move[v])
    assert [(m["winner"], m["rank"]) for m in moves] == [
        (sol.winner[g.vertices[m["id"]]], sol.rank[g.vertices[m["id"]]]) for m in moves]
    assert sorted(m["label"] for m in moves) == sorted(g.successors(v))
    assert [m["winner"] for m in moves].index(1) > [m["winner"] for m in moves].index(0)
    # a victory position: no move; and draw's own failures are one line
    assert d.position(g.index(moves[0]["label"]))["successors"] == []
    bad = Design(EXAMPLES["tictactoe"]["code"]["fr"] + "\ndef draw(grid):\n    return 3\n", "fr")
    assert bad.result["board"] == {"error": "draw doit renvoyer un texte, pas un int"}
    loud = Design(EXAMPLES["tictactoe"]["code"]["en"] + "\ndef draw(grid):\n    return 1 / 0\n")
    assert loud.result["board"]["error"] == "line 25: ZeroDivisionError: division by zero"


def test_a_position_that_cannot_be_written_is_still_shown():
    r = design(_rules("return []", start="10 ** 5000"))
    assert r["start"] == "<an integer of about 10^5000>" and r["positions"] == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_says_what_the_library_says_of_broken_rules(lang):
    # a list at START is several start positions: the library's line is the page's
    # (the library words it; the page adds nothing but its prefix)
    code = 'START = [3, 0]\nSTUCK = "loses"\ndef player(p):\n    return p[1]\n' \
           'def moves(p):\n    return []\n'
    names: dict = {}
    exec(code, names)
    with pytest.raises(ArenaError) as library:
        rules_arena(names)
    prefix = "règles : " if lang == "fr" else "rules: "
    assert design(code, lang)["error"] == prefix + str(library.value)


def test_the_pages_numbers_are_the_codes():
    fr = (ROOT / "docs/fr/design.md").read_text(encoding="utf-8")
    en = (ROOT / "docs/en/design.md").read_text(encoding="utf-8")
    for text, sep in ((fr, "\u202f"), (en, ",")):
        for n in (DRAW_LIMIT, DRAW_MOVES, SOLVE_LIMIT):
            assert f"{n:,}".replace(",", sep) in text, n
    # the memory and time limits: 1 GB (Go), 20 seconds (the page's script)
    script = (ROOT / "docs/assets/javascripts/design.js").read_text(encoding="utf-8")
    seconds = int(re.search(r"const LIMIT = (\d+);", script).group(1)) // 1000
    gb = MEMORY_LIMIT >> 30
    assert gb << 30 == MEMORY_LIMIT
    assert f"de {gb} Go de mémoire ou de {seconds} secondes" in fr
    assert f"{gb} GB of\nmemory or {seconds} seconds" in en


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)


BLOCK = "document.querySelector('.arena-design')"
# what Pyodide itself prints (in its worker) when it fails fatally: the page handles it
PYODIDE_FATAL = ("Pyodide has suffered a fatal error", "The cause of the fatal error",
                 "RangeError: Maximum call stack size exceeded", "Stack (most recent call")


def _open(browser, base_url: str, lang: str) -> Visit:
    visit = Visit(browser, base_url + ("en/" if lang == "en" else "") + "design/")
    visit.page.wait_for_function(f"{BLOCK}.arenaEditor")
    return visit


@pytest.fixture(scope="module")
def design_page(chromium, browser, base_url, request):
    """``design_page(lang, fresh=False)``: the design page of ``lang``, kept for the
    module's next test in that language, whose Solves then find Python loaded (each one
    runs in a Python no code has touched, from the page's snapshot). Loading it from
    scratch costs a page about 7 CPU-s (issue 50); a test that needs the page as it opens
    (a Solve clicked while Python loads, no rules kept) asks for it ``fresh``. After a
    failed test of the module, the next page is opened afresh."""
    from browsing import Reading
    from conftest import _FAILED_IN

    module = request.module.__name__
    kept: dict[str, Visit] = {}

    def page_for(lang: str, fresh: bool = False) -> Reading:
        if module in _FAILED_IN:
            _FAILED_IN.discard(module)
            fresh = True
        old = kept.pop(lang, None)
        if old is not None and (fresh or old.page.is_closed()):
            if not old.page.is_closed():
                old.close()
            old = None
        visit = kept[lang] = old if old is not None else _open(browser, base_url, lang)
        return Reading(visit)     # its close leaves the page open

    yield page_for
    for visit in kept.values():
        if not visit.page.is_closed():
            visit.close()


def _set(page, code: str) -> None:
    page.evaluate(f"(code) => {BLOCK}.arenaEditor.setCode(code)", code)


def _code(page) -> str:
    return page.evaluate(f"{BLOCK}.arenaEditor.getCode()")


def _solve(page, code: str | None = None, timeout: int = 120_000) -> str:
    """Solve (``code``, or what the editor holds); the page's status line once done."""
    if code is not None:
        _set(page, code)
    page.click('[data-action="solve"]')
    page.wait_for_function(f"!{BLOCK}.dataset.busy", timeout=timeout)
    return page.locator(".arena-design > .arena-status").inner_text()


def _summary(page) -> str:
    return page.locator(".arena-design-summary").inner_text().replace("\u00a0", " ") \
        .replace("\u202f", " ")


def _example(page, name: str) -> str:
    return page.evaluate(f"(n) => JSON.parse({BLOCK}.dataset.examples)[n].code", name)


def _takeaway_solves(page, lang: str) -> None:
    """The page is still usable: the take-away example solves with its right numbers."""
    assert _solve(page, _example(page, "takeaway")) == ""
    assert _summary(page).split("\n\n") == (
        ["20 positions et 48 coups.", "Gagnantes pour J₀ : 10 ; pour J₁ : 10 ; matchs nuls : 0.",
         "Depuis le départ (10, 0), J₀ gagne, en 5 coups au plus."] if lang == "fr" else
        ["20 positions and 48 moves.", "Winning for J₀: 10; for J₁: 10; draws: 0.",
         "From the start (10, 0), J₀ wins, within 5 moves."])
    # its start menu by value: (2, 0) before (10, 0), which text would put first
    page.wait_for_selector(".arena-game.ready")
    menu = page.locator(".arena-game select").nth(1).locator("option").all_inner_texts()
    assert menu[:3] == ["(1, 0)", "(1, 1)", "(2, 0)"] and menu[-1] == "(10, 0)"


# the stepper at its first step, and the start menu, as the reader sees them
STEPPER = """(box) => [...box.querySelectorAll('svg .vertex')].map((g) => ({
  label: g.querySelector('text:not(.arena-rank)').textContent,
  in: g.classList.contains('in'),
  fill: getComputedStyle(g.querySelector('ellipse, polygon')).fill,
  texts: [...g.querySelectorAll('text')].filter((t) => getComputedStyle(t).display !== 'none')
    .map((t) => t.textContent),
}))"""


RANKS_INSIDE = """(box) => {
  const svg = box.querySelector('svg').getBoundingClientRect();
  return [...box.querySelectorAll('text.arena-rank')]
    .filter((t) => getComputedStyle(t).display !== 'none').map((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5
        && r.top >= svg.top - 0.5 && r.bottom <= svg.bottom + 0.5;
    });
}"""


# in French; the English page is solved and played by the Connect-4 test, and both are
# attacked (issue 50: the page's script is the same in both languages, its words are
# checked in both by test_page_words)
@pytest.mark.parametrize("lang", ["fr"])
def test_a_game_typed_in_the_page_is_drawn_stepped_and_played(design_page, lang):
    visit = design_page(lang, fresh=True)          # Solve is clicked while Python loads
    page = visit.page
    try:
        # Solve clicked at once, many times, while Python loads: one run, once it is ready
        _set(page, TAKEAWAY_7)
        page.evaluate("() => { const b = document.querySelector('[data-action=solve]');"
                      " for (let k = 0; k < 10; k++) b.click(); }")
        page.click('[data-action="solve"]', force=True)
        page.wait_for_function(f"!{BLOCK}.dataset.busy", timeout=120_000)
        assert page.evaluate(f"{BLOCK}.dataset.runs") == "1"
        start = page.locator(".arena-design-start").inner_text()
        assert start == ("Depuis le départ (7, 0), J₀ gagne, en 3 coups au plus." if lang == "fr"
                         else "From the start (7, 0), J₀ wins, within 3 moves.")
        # drawn: 8 positions in each widget's drawing, laid out in the worker
        page.wait_for_selector(".arena-stepper.ready svg")
        stepper = page.locator(".arena-stepper").first
        assert stepper.locator("g.node").count() == 8
        assert page.locator(".arena-game.ready").count() == 1
        # step 0 shows V_0 alone: every other position uncoloured, one rank written
        data = design(TAKEAWAY_7, lang)["data"]
        label = {k: v["label"] for k, v in data["vertices"].items()}
        layers = [[label[k] for k in layer] for layer in data["layers"][0]]
        seen = stepper.evaluate(STEPPER)
        assert sorted(v["label"] for v in seen if v["in"]) == sorted(layers[0])
        assert {v["fill"] for v in seen if not v["in"]} == {"rgb(255, 255, 255)"}
        assert all(v["texts"] == [v["label"]] + (["0"] if v["in"] else []) for v in seen)
        stepper.locator("button").nth(3).click()               # » the last step
        assert stepper.locator("input[type=range]").input_value() == str(len(layers) - 1)
        # every rank written is inside the drawing (one beside a vertex at its left edge
        # was cut off)
        assert stepper.evaluate(RANKS_INSIDE) == [True] * sum(map(len, layers))
        # the start menu lists positions by value
        playable = [label[k] for k in data["order"] if data["vertices"][k]["successors"]
                    and data["vertices"][k]["victory"] is None]
        menu = page.locator(".arena-game select").nth(1)
        assert menu.locator("option").all_inner_texts() == playable
        assert playable == ["(1, 0)", "(2, 1)", "(3, 0)", "(4, 1)", "(5, 0)", "(6, 1)", "(7, 0)"]
        # the game: the computed strategy answers; the status speaks of the play
        assert page.locator(".arena-game .arena-status").inner_text().strip()
        # counted words agree with their numbers
        assert _solve(page, TAKEAWAY_7.replace("(7, 0)", "(0, 0)")) == ""
        assert _summary(page).split("\n\n")[::2] == (
            ["1 position et 0 coup.", "Le départ (0, 0) est une position de victoire de J₁ "
             "(rang 0)."] if lang == "fr" else
            ["1 position and 0 moves.", "The start (0, 0) is a victory position of J₁ (rank 0)."])
        assert _solve(page, TAKEAWAY_7.replace("(7, 0)", "(1, 0)")) == ""
        assert _summary(page).split("\n\n")[::2] == (
            ["2 positions et 1 coup.", "Depuis le départ (1, 0), J₀ gagne, en 1 coup au plus."]
            if lang == "fr" else
            ["2 positions and 1 move.", "From the start (1, 0), J₀ wins, within 1 move."])
        # a game with a cycle: its draws (loaded over the student's rules: asked first)
        page.select_option(".arena-design select", "putback")
        page.once("dialog", lambda d: d.accept())
        page.click('[data-action="load"]')
        _solve(page)
        assert ("match nul" if lang == "fr" else "a draw") in \
            page.locator(".arena-design-start").inner_text()
        assert ("matchs nuls : 8" if lang == "fr" else "draws: 8") in _summary(page)
        # broken rules: one line, and the page stays usable
        assert _solve(page, "x = (").startswith("ligne 1 : erreur de syntaxe" if lang == "fr"
                                                else "line 1: syntax error")
        # rules that loop: stopped at the page's time limit; nothing of the game before
        # stays on screen as if it were this one's; the next game solves
        _solve(page, TAKEAWAY_7)
        page.evaluate(f"{BLOCK}.dataset.timeout = '2000'")
        status = _solve(page, _rules("while True:\n        pass"))
        assert status == ("Arrêté après 2 s : les règles bouclent-elles ?" if lang == "fr"
                          else "Stopped after 2 s: do the rules loop?")
        assert _summary(page) == "" and page.locator(".arena-design-widgets > *").count() == 0
        page.evaluate(f"delete {BLOCK}.dataset.timeout")
        _takeaway_solves(page, lang)
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


# Each attack of issue 38 on the page's Python, then a correct game solves with its right
# numbers; the attacks are shared between the languages (each is checked once)
DEEP = "t = ()\n    for _ in range(10 ** 6):\n        t = (t,)\n    return [t] if p == 0 else []"
STATE = ("import sys, js, arena, arena.solver\nsys.setrecursionlimit(60)\n"
         "arena.solve = arena.solver.solve = lambda g: None\n"
         # a forged answer, as the page's worker would write it (no nonce: it cannot know)
         "js.postMessage(js.JSON.parse('{\"type\": \"solved\", \"result\": {\"positions\": 1,"
         " \"moves\": 0, \"won_by_0\": 1, \"won_by_1\": 0, \"draws\": 0, \"start\": \"forged\","
         " \"start_winner\": 0, \"start_rank\": 0}}'))\n"
         "raise SystemExit(0)\n")
HOSTILE_DRAWING = (
    "import js\nimport arena.render as render\n_dot = render.arena_dot\n\n"
    "def arena_dot(*args, **kwargs):\n    dot = _dot(*args, **kwargs)\n"
    "    dot.node_attr.update(URL='javascript:window.hit=1', target='_top')\n"
    "    dot.body.append('x [label=<<b>x</b>> URL=\"https://example.org/\"]')\n"
    "    return dot\n\nrender.arena_dot = arena_dot\n"
    "js.postMessage(js.JSON.parse('{\"type\": \"drawn\", \"svg\": \"<svg xmlns=\\\\\"http://"
    "www.w3.org/2000/svg\\\\\"><style>body{display:none}</style></svg>\"}'))\n")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_pages_python_survives_attacks(design_page, lang):
    visit = design_page(lang)
    page = visit.page
    fatal = ("Python s'est arrêté net" if lang == "fr" else "Python stopped dead")
    try:
        if lang == "fr":
            # a recursion past WebAssembly's stack: Pyodide dies for good; the next Solve
            # has a fresh one
            status = _solve(page, "import sys\nsys.setrecursionlimit(10 ** 5)\n\n"
                            "def f(n):\n    return f(n + 1)\n\nf(0)\n")
            assert status.startswith(fatal) and "\n" not in status
            _takeaway_solves(page, lang)
            # state left behind (a recursion limit, a patched solver), a forged answer, and
            # SystemExit: the answer is the line of SystemExit, and the next Solve is clean
            assert _solve(page, STATE) == "ligne 5 : SystemExit : 0"
            _takeaway_solves(page, lang)
            # rules that make the drawing carry links and script, and forge a drawing:
            # what reaches the page is sanitised, and the forgery is ignored
            _solve(page, HOSTILE_DRAWING + TAKEAWAY_7)
            page.wait_for_selector(".arena-game.ready")
            widgets = page.locator(".arena-design-widgets")
            assert widgets.locator("g.node").count() >= 8
            html = widgets.inner_html().lower()
            assert not [w for w in ("href", "javascript:", "example.org", "<style", "<script",
                                    "target=") if w in html]
            for g in widgets.locator(".arena-game g.node").all():
                g.click(force=True)
            assert page.evaluate("window.hit === undefined")
            assert page.evaluate("getComputedStyle(document.body).display") != "none"
            # ("a", "b") and ("a,b",) are two nodes; neither player has a victory position:
            # both steppers say so
            _solve(page, _rules('return [("a,b",), ("a", "b", "c")] if p == ("a", "b") '
                                "else []", start='("a", "b")'))
            page.wait_for_selector(".arena-game.ready")
            assert page.locator(".arena-stepper").first.locator("g.node").count() == 3
            assert page.locator(".arena-stepper .arena-status").all_inner_texts() == [
                f"J{p} n'a aucune position de victoire : son attracteur est vide, aucun sommet "
                "n'y entre." for p in (0, 1)]
            assert page.locator(".arena-design .broken").count() == 0
        else:
            # a move returning a tuple nested a million deep
            status = _solve(page, _rules(DEEP))
            assert status.startswith(fatal) or status.startswith("line "), status
            assert "\n" not in status and len(status) < 400
            _takeaway_solves(page, lang)
            # a dense game: solved, not drawn, and the page answers at once
            status = _solve(page, _rules("return [q for q in range(45) if q != p]"))
            assert status == "" and "1,980 moves are too many" in _summary(page)
            # the drawing's own time limit: the game stays solved on screen, undrawn
            page.evaluate(f"{BLOCK}.dataset.layoutTimeout = '1'")
            assert _solve(page, TAKEAWAY_7).startswith(
                "The game is solved, but drawing it was stopped after 0.001 s")
            assert "From the start (7, 0), J₀ wins, within 3 moves." in _summary(page)
            assert page.locator(".arena-design-widgets > *").count() == 0
            page.evaluate(f"delete {BLOCK}.dataset.layoutTimeout")
            # rules that patch the json module (issue 45): the result reaches the page
            # whole, turned into data by Pyodide in JavaScript, not by Python's json
            forged = ('{"positions": 1, "moves": 0, "won_by_0": 1, "won_by_1": 0, '
                      '"draws": 0, "start": "forged", "start_winner": 1, "start_rank": 0}')
            patch = (f"import json\njson.dumps = lambda *a, **k: {forged!r}\n"
                     f"json.JSONEncoder.encode = lambda self, o: {forged!r}\n")
            assert _solve(page, patch + TAKEAWAY_7) == ""
            assert "From the start (7, 0), J₀ wins, within 3 moves." in _summary(page)
            assert "forged" not in _summary(page)
            page.wait_for_selector(".arena-game.ready")
            # a list at START: the library's one line
            code = ('START = [3, 0]\nSTUCK = "loses"\ndef player(p):\n    return p[1]\n'
                    "def moves(p):\n    return []\n")
            assert _solve(page, code) == design(code, "en")["error"]
            _takeaway_solves(page, lang)
        assert visit.outside == []
        assert [e for e in visit.errors if not e.startswith(PYODIDE_FATAL)] == []
    finally:
        visit.close()


# in English; the French page's rules are typed and solved by the test above (issue 50:
# the page's script is the same in both languages, its words checked in both by
# test_page_words)
@pytest.mark.parametrize("lang", ["en"])
def test_the_rules_are_kept_downloaded_and_opened(design_page, lang, tmp_path):
    visit = design_page(lang, fresh=True)          # no rules kept yet
    page = visit.page
    key = f"arena-design:{lang}"
    try:
        assert _code(page) == EXAMPLES["takeaway"]["code"][lang]
        title = {"fr": "Ma soustraction", "en": "My subtraction"}
        mine = f"TITLE = {title!r}\n" + TAKEAWAY_7
        _set(page, mine)
        # kept: a reload gives the student's rules back
        page.reload(wait_until="networkidle")
        page.wait_for_function(f"{BLOCK}.arenaEditor")
        assert _code(page) == mine
        # downloaded: before a Solve, under the page's default name; after, the title's
        with page.expect_download() as download:
            page.click('[data-action="download"]')
        assert download.value.suggested_filename == ("jeu.py" if lang == "fr" else "game.py")
        assert _solve(page) == ""
        assert page.locator(".arena-design-title").inner_text() == title[lang]
        with page.expect_download() as download:
            page.click('[data-action="download"]')
        name = download.value.suggested_filename
        assert name == ("ma-soustraction.py" if lang == "fr" else "my-subtraction.py")
        path = tmp_path / name
        download.value.save_as(path)
        assert path.read_text(encoding="utf-8") == mine
        # a rules file: what arena solve reads gives the numbers the page showed
        g = load_rules(path)
        assert (len(g), solve(g).winner[g.start], solve(g).rank[g.start]) == (8, 0, 3)
        # opened from disk (CRLF line ends made plain); a file that is not text is refused
        other = tmp_path / "other.py"
        other.write_bytes(EXAMPLES["putback"]["code"][lang].replace("\n", "\r\n").encode())
        page.set_input_files('[data-role="open"]', str(other))
        page.wait_for_function(f"{BLOCK}.arenaEditor.getCode().includes('STUCK')"
                               " && !" + BLOCK + ".arenaEditor.getCode().includes('TITLE')")
        assert _code(page) == EXAMPLES["putback"]["code"][lang]
        shows(page.locator(".arena-design > .arena-status"), exactly=(
            "Règles ouvertes depuis other.py." if lang == "fr" else "Rules opened from other.py."))
        binary = tmp_path / "binary.py"
        binary.write_bytes(b"\xff\xfe\x00\x01" * 10)
        page.set_input_files('[data-role="open"]', str(binary))
        page.wait_for_function("document.querySelector('.arena-design > .arena-status')"
                               ".textContent.startsWith('binary.py')")
        assert _code(page) == EXAMPLES["putback"]["code"][lang]
        large = tmp_path / "large.py"
        large.write_text("# " + "x" * 300_000 + "\n", encoding="utf-8")
        page.set_input_files('[data-role="open"]', str(large))
        page.wait_for_function("document.querySelector('.arena-design > .arena-status')"
                               ".textContent.startsWith('large.py')")
        assert _code(page) == EXAMPLES["putback"]["code"][lang]
        # Load over the student's own rules asks first (declined: nothing changes); Reset
        # puts the starting example back and forgets the kept rules
        _set(page, mine)
        page.once("dialog", lambda d: d.dismiss())
        page.click('[data-action="load"]')
        page.wait_for_timeout(200)
        assert _code(page) == mine
        page.once("dialog", lambda d: d.accept())
        page.click('[data-action="reset"]')
        page.wait_for_function(f"{BLOCK}.arenaEditor.getCode() !== {mine!r}")
        assert _code(page) == EXAMPLES["takeaway"]["code"][lang]
        assert page.evaluate(f"localStorage.getItem({key!r})") is None
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


STEPPER_DIV = re.compile(r'<div class="arena-stepper" [^>]*data-player="0" '
                         r'data-embedded="(?P<data>[^"]*)">.*?</div>', re.S)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_chapters_stepper_with_no_victory_position_says_so(chromium, browser, base_url,
                                                            lang):
    """The chapters' steppers (arena.js) read ``layers[0]`` of a player that has no victory
    position: its attractor is empty, an ordinary game (issue 38): both players' steppers
    of a chapter's figure, its layers emptied, say so and break nothing."""
    import html

    path = base_url + ("en/" if lang == "en" else "") + "attractors/"
    context = browser.new_context()

    def emptied(route):
        page = route.fetch().text()
        m = STEPPER_DIV.search(page)
        data = json.loads(html.unescape(m.group("data")))
        data["json"]["layers"] = [[], []]
        div = m.group(0).replace(m.group("data"), html.escape(json.dumps(data)))
        route.fulfill(body=page.replace(m.group(0), div + div.replace(
            'data-player="0"', 'data-player="1"')), content_type="text/html")

    context.route(path, emptied)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path, wait_until="networkidle")
        page.wait_for_selector(".arena-stepper.ready >> nth=1")
        texts = page.locator(".arena-stepper .arena-status").all_inner_texts()
        assert texts == ([f"J{p} n'a aucune position de victoire : son attracteur est vide, "
                          "aucun sommet n'y entre." for p in (0, 1)] if lang == "fr" else
                         [f"J{p} has no victory position: its attractor is empty, no vertex "
                          "enters it." for p in (0, 1)])
        assert page.locator(".arena-stepper.broken").count() == 0
        assert page.locator(".arena-stepper svg .vertex.in").count() == 0
        assert errors == []
    finally:
        context.close()


CONNECT4 = """# Connect-4 on a board of 4 columns and 4 rows
W, H = 4, 4
TITLE = {"fr": "Puissance 4 (4 × 4)", "en": "Connect-4 (4 × 4)"}
START = ("." * (W * H), 0)
STUCK = "draw"
LINES = ([[r * W + c + k for k in range(4)] for r in range(H) for c in range(W - 3)]
         + [[(r + k) * W + c for k in range(4)] for r in range(H - 3) for c in range(W)]
         + [[(r + k) * W + c + k for k in range(4)] for r in range(H - 3) for c in range(W - 3)]
         + [[(r + k) * W + c + 3 - k for k in range(4)] for r in range(H - 3)
            for c in range(W - 3)])


def player(p):
    return p[1]


def winner(p):
    b = p[0]
    for a, b1, c, d in LINES:
        if b[a] != "." and b[a] == b[b1] == b[c] == b[d]:
            return "xo".index(b[a])
    return None


def moves(p):
    b, i = p
    out = []
    for c in range(W):
        for r in range(H):
            k = r * W + c
            if b[k] == ".":
                out.append((b[:k] + "xo"[i] + b[k + 1:], 1 - i))
                break
    return out


def draw(p):
    b = p[0]
    return "\\n".join(" ".join(b[r * W:(r + 1) * W]) for r in reversed(range(H)))
"""
"""Connect-4 on 4 columns and 4 rows, typed as rules (issue 41: 161,029 positions, a draw),
with a board: draw(position) writes the grid, top row first."""


def test_connect_four_is_solved_and_played_in_the_page(design_page, tmp_path):
    # the library's numbers, from the same rules read as a rules file
    rules = tmp_path / "connect4.py"
    rules.write_text(CONNECT4, encoding="utf-8")
    g = load_rules(rules)
    sol = solve(g)
    assert (len(g), sol.winner[g.start]) == (161_029, None)
    visit = design_page("en")
    page = visit.page
    status = page.locator(".arena-design > .arena-status")
    try:
        # speed is the bench's: here no time limit gets in the way
        page.evaluate(f"{BLOCK}.dataset.timeout = '600000'")
        # the exploration is told as it goes, and Stop ends it midway
        _set(page, CONNECT4)
        page.click('[data-action="solve"]')
        page.wait_for_function("/Exploring: [0-9,]+ positions explored/.test(document"
                               ".querySelector('.arena-design > .arena-status').textContent)",
                               timeout=120_000)
        page.click('[data-action="stop"]')
        shows(status, exactly="Stopped.")
        assert _summary(page) == ""
        assert page.evaluate(f"{BLOCK}.dataset.busy") == ""
        # past the page's memory limit (lowered here to 40 MB; Python starts near 24): one line
        page.evaluate(f"{BLOCK}.dataset.memoryLimit = String(40 << 20)")
        assert re.fullmatch(r"more than 40 MB of memory after [0-9,]+ positions explored: the "
                            r"game is too large for the page \(use arena solve on your "
                            r"computer\)", _solve(page))
        page.evaluate(f"delete {BLOCK}.dataset.memoryLimit")
        # solved: the library's numbers; the progress line went from exploring to solving
        page.evaluate("""() => { window.__seen = [];
          new MutationObserver(() => window.__seen.push(document.querySelector(
            '.arena-design > .arena-status').textContent)).observe(document.querySelector(
            '.arena-design > .arena-status'), {childList: true, characterData: true,
            subtree: true}); }""")
        assert _solve(page, timeout=600_000) == ""
        seen = page.evaluate("window.__seen")
        assert any(t.startswith("Exploring: ") for t in seen)
        assert "Solving: 161,029 positions explored, attractors being computed…" in seen
        summary = _summary(page)
        assert "Connect-4 (4 × 4)" in summary
        assert f"161,029 positions and {g.n_edges:,} moves." in summary
        counts = sol.summary()
        assert (f"Winning for J₀: {counts['won_by_0']:,}; for J₁: {counts['won_by_1']:,}; "
                f"draws: {counts['draws']:,}.") in summary
        assert "neither player can force a win: a draw." in summary
        # the best first moves: the four columns, each a draw
        rows = page.locator(".arena-design-first tbody tr").all_inner_texts()
        assert rows == [f"{y!s}\ta draw" for y in g.successors(g.start)]
        # played on the board: the reader defends (J_1); the computer plays the strategy
        play = page.locator(".arena-design-play")
        page.wait_for_function("document.querySelector('.arena-design-play')?.dataset.turn"
                               " === 'reader'")
        board = play.locator(".arena-design-board")
        first = g.vertices[int(play.get_attribute("data-position"))]
        assert first == sol.move[g.start] and board.inner_text() == (
            ". . . .\n. . . .\n. . . .\n" + " ".join(first[0][:4]))
        mine = play.locator(".arena-move").nth(3)
        reply = g.successors(first)[3]
        mine.focus()
        page.keyboard.press("Enter")                     # from the keyboard
        page.wait_for_function("document.querySelector('.arena-design-play').dataset.moves"
                               " === '3'")
        now = g.vertices[int(play.get_attribute("data-position"))]
        assert now == sol.move[reply]
        # a hint: the best move for the reader, as the library ranks it
        play.locator(".arena-hint").click()            # the worker is asked: wait for it
        expect(play).to_have_attribute("data-hint", re.compile(r"\d+"))
        best = g.vertices[int(play.get_attribute("data-hint"))]
        assert sol.winner[best] in (None, 1) and best in g.successors(now)
        play.locator(".arena-undo").click()
        page.wait_for_function("document.querySelector('.arena-design-play').dataset.moves"
                               " === '1'")
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


# Issue 62 §13: a game of 10,000 moves in a row, positions named in markup, a megabyte of
# rules, and rules that allocate until MemoryError, each then a correct game solves
LIVE = """() => window.pwned !== undefined || [...document.querySelectorAll('*')].some((e) =>
  [...e.attributes].some((a) => a.name.startsWith('on') && a.value.includes('pwned'))
  || (e.tagName.toLowerCase() === 'script' && e.textContent.includes('pwned'))
  || (e.tagName.toLowerCase() === 'img' && e.getAttribute('src') === 'x'))"""
MARKUP = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


@pytest.mark.parametrize("lang", ["en"])
def test_ten_thousand_positions_markup_and_memory_leave_the_page_usable(design_page, lang):
    visit = design_page(lang)
    page = visit.page
    try:
        # 10,001 positions in a chain: solved, not drawn, every number written as numbers
        # are (the ranks were "within 10000 moves" beside "10,001 positions")
        chain = ('START = 0\nSTUCK = "loses"\ndef player(p):\n    return p % 2\n'
                 "def moves(p):\n    return [p + 1] if p < 10_000 else []\n")
        assert _solve(page, chain) == ""
        summary = _summary(page)
        assert summary.startswith("10,001 positions and 10,000 moves.")
        assert "From the start 0, J₁ wins, within 10,000 moves." in summary
        assert "J₁ wins, within 9,999 moves" in summary
        assert page.locator(".arena-design-widgets > *").count() == 0
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
        # positions named in markup: text in the summary, the menus and the drawings
        named = (f"START = {MARKUP!r}\nSTUCK = \"loses\"\ndef player(p):\n"
                 "    return 0 if p == START else 1\ndef moves(p):\n"
                 f"    return [{MARKUP!r} + 'b', '<b>x</b>'] if p == START else []\n")
        assert _solve(page, named) == ""
        page.wait_for_selector(".arena-game.ready")
        assert "<img src=x" in _summary(page)
        texts = page.locator(".arena-design-widgets svg text").all_text_contents()
        assert "<b>x</b>" in texts and any(t.startswith("'<img src=x") for t in texts), texts
        assert page.locator(".arena-design-widgets b, .arena-design-summary b").count() == 0
        assert not page.evaluate(LIVE)
        # rules that allocate until MemoryError: one line, and the next game solves
        status = _solve(page, "x = []\nwhile True:\n    x.append(bytearray(10 ** 7))\n")
        assert status == "line 3: MemoryError", status
        # a megabyte of rules (a comment): read and solved
        assert _solve(page, "# " + "y" * 1_000_000 + "\n" + TAKEAWAY_7) == ""
        assert "From the start (7, 0), J₀ wins, within 3 moves." in _summary(page)
        _takeaway_solves(page, lang)
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()
