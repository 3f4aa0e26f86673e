# ruff: noqa: E501  (tables of cases: one case per line reads best)
"""Hostile round 6 (issue 62, item 13): the practice, exercise and notebook pages in
Chromium, attacked as a student (or whoever sends them a link) would:

(a) an address ``#problem=…&seed=…`` that is malformed, enormous (100 kB), names a problem
    that does not exist, or holds HTML and JavaScript: the practice page says so in one
    sentence, shown as text, and shows a variant; nothing of the address becomes an
    element;
(b) code that prints ``</script><img src=x onerror=…>`` or HTML: shown as text, in an
    exercise's output and in a notebook cell's;
(c) code that prints megabytes: the output is cut with a note, the page answers at once;
(d) code that reaches for the page through ``js`` and ``pyodide``, posts a forged verdict,
    replaces the checker in ``sys.modules`` or the random seed: no wrong function passes;
(e) code that allocates until MemoryError: its Python, which keeps the memory, is
    replaced, with one sentence, and the next Run works.
"""

from __future__ import annotations

import time

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, Visit, shows
from check_tampering import WRONG_DEGRES

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

# anything of the address or of the code's output that became live: a handler, a script,
# an image of the attack
LIVE = """() => window.pwned !== undefined || [...document.querySelectorAll('*')].some((e) =>
  [...e.attributes].some((a) => a.name.startsWith('on') && a.value.includes('pwned'))
  || (e.tagName.toLowerCase() === 'script' && e.textContent.includes('pwned'))
  || (e.tagName.toLowerCase() === 'img' && e.getAttribute('src') === 'x'))"""

HTML = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


# --- (a) the practice page's address -------------------------------------------------

def _unknown(p: str, lang: str) -> str:
    if lang == "fr":
        named = f" («\u00a0{p}\u00a0»)" if p else ""
        return f"L'adresse ne nomme aucun problème de la banque{named}\u202f: voici une variante du premier de la liste."
    named = f' ("{p}")' if p else ""
    return f"The address names no problem of the bank{named}: here is a variant of the first one listed."


def _bad_seed(s: str, lang: str) -> str:
    if lang == "fr":
        return (f"La graine de l'adresse («\u00a0{s}\u00a0») n'est pas un entier positif ou nul de neuf chiffres "
                "au plus\u202f: voici une variante d'une graine tirée au hasard.")
    return (f'The seed in the address ("{s}") is not a whole number, zero or more, of at most nine digits: '
            "here is a variant of a seed drawn at random.")


BIG = "x" * 100_000
ADDRESSES = [
    # (the address's fragment, the sentence's argument: a problem's or a seed's, the problem shown)
    ("problem=nope&seed=3", ("unknown", "nope"), None),
    (f"problem={BIG}&seed=1", ("unknown", "x" * 40 + "…"), None),
    (f"problem={HTML}&seed={HTML}", ("unknown", HTML[:40] + "…"), None),
    ("problem=%3Cb%3Ebold%3C%2Fb%3E", ("unknown", "<b>bold</b>"), None),
    ("seed=5", ("unknown", ""), None),
    ("%%%&&==&problem", ("unknown", ""), None),
    ("%E0%A4%A", ("unknown", ""), None),
    ("problem=kayles&seed=-1", ("seed", "-1"), "kayles"),
    ("problem=kayles&seed=1e3", ("seed", "1e3"), "kayles"),
    ("problem=kayles&seed=1234567890", ("seed", "1234567890"), "kayles"),
    (f"problem=kayles&seed={BIG}", ("seed", "x" * 40 + "…"), "kayles"),
    (f"problem=kayles&seed={HTML}", ("seed", HTML[:40] + "…"), "kayles"),
    ("problem=kayles&seed=7", None, "kayles"),
    ("problem=kayles", None, "kayles"),
]


def _practice(browser, base_url: str, lang: str, fragment: str):
    visit = Visit(browser, base_url + ("en/" if lang == "en" else "") + "practice/#" + fragment)
    visit.page.wait_for_selector(".arena-practice-form", timeout=180_000)
    return visit


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hostile_address_is_said_in_one_sentence_and_runs_nothing(browser, base_url, lang):
    cases = ADDRESSES if lang == "en" else [c for c in ADDRESSES if c[1]][::3]
    for fragment, said, problem in cases:
        visit = _practice(browser, base_url, lang, fragment)
        page = visit.page
        try:
            notes = page.locator(".arena-practice-address")
            if said is None:
                assert notes.count() == 0, (fragment, notes.all_inner_texts())
            else:
                kind, value = said
                want = (_unknown if kind == "unknown" else _bad_seed)(value, lang)
                assert notes.all_text_contents() == [want], fragment[:80]
            assert not page.evaluate(LIVE), fragment[:80]
            # a variant is shown, and the address is now the one of that variant
            hash_ = page.evaluate("location.hash")
            shown = page.evaluate("document.querySelector('.arena-practice-controls select:nth-of-type(2)').value")
            assert hash_.startswith(f"#problem={shown}&seed="), hash_[:80]
            if problem is not None:
                assert shown == problem
            if fragment == "problem=kayles&seed=7":
                assert hash_ == "#problem=kayles&seed=7"
            assert visit.outside == [] and visit.errors == [], fragment[:80]
            if said is not None:           # the reader moves on: the note goes
                page.locator(".arena-practice-controls button").nth(1).click()
                page.wait_for_function("(h) => location.hash !== h", arg=hash_)
                assert notes.count() == 0
        finally:
            visit.close()


# --- (b), (c), (d): the exercises' code --------------------------------------------------

PRINTS_HTML = f"print('</script>' + {HTML!r} + '<b>bold</b>')\n"


@pytest.fixture(scope="module")
def degrees(browser, base_url):
    visit = Visit(browser, base_url + "en/modelling/")
    visit.exercises_ready()
    visit.page.wait_for_selector('[data-exercise="degrees"].ready', timeout=180_000)
    visit.page.evaluate("document.querySelectorAll('.arena-exercise').forEach(b => { b.dataset.timeout = '120000'; })")
    yield visit
    assert visit.outside == []
    visit.close()


def _run(page, code: str) -> dict:
    page.evaluate("(c) => window.arenaExercises.setCode('degrees', c)", code)
    return page.evaluate("window.arenaExercises.run('degrees')")


def _check(page, code: str) -> dict:
    from coursebuild.sources.glossary import english

    page.evaluate("(c) => window.arenaExercises.setCode('degrees', c)", english(code))
    return page.evaluate("window.arenaExercises.check('degrees')")


def test_an_exercises_output_and_verdict_show_html_as_text(degrees):
    page = degrees.page
    output = page.locator('[data-exercise="degrees"] [data-role="output"]')
    assert _run(page, PRINTS_HTML)["status"] == "ok"
    assert shows(output, exactly=f"</script>{HTML}<b>bold</b>")
    assert page.locator('[data-exercise="degrees"] [data-role="output"] *').count() == 0
    # in a Check's verdict too: what a failing case printed, and the error's message
    verdict = _check(page, "def degres(A):\n    " + PRINTS_HTML + f"    raise ValueError({HTML!r})\n")
    assert verdict["status"] == "fail" and HTML in verdict["message"], verdict
    shown = page.locator('[data-exercise="degrees"] [data-role="verdict"]')
    assert HTML in shown.inner_text() and shown.locator("img, script, b").count() == 0
    assert not page.evaluate(LIVE)


def test_megabytes_printed_are_cut_with_a_note_and_the_page_answers(degrees):
    page = degrees.page
    output = page.locator('[data-exercise="degrees"] [data-role="output"]')
    assert _run(page, "print('é' * 3_000_000)\nfor k in range(20_000):\n    print('<b>', k)\n")["status"] == "ok"
    text = shows(output, "characters left out")
    assert len(text) < 10_000 and text.startswith("é" * 100) and text.endswith("<b> 19999")
    started = time.monotonic()
    assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1


# each a wrong degres that reaches beyond its Python: the page's DOM through js, a forged
# message to the page (it has no nonce), the checker replaced in sys.modules, the random
# cases made trivial, JavaScript run through pyodide
FORGERIES = {
    "js.document": "import js\nprint(hasattr(js, 'document'), hasattr(js, 'window'))\n",
    "a forged verdict posted": (
        "import js\nfrom pyodide.ffi import to_js\n"
        "for job in range(100):\n"
        "    js.postMessage(to_js({'job': job, 'type': 'done', 'result': {'status': 'pass', 'message': 'forged', 'output': ''}},"
        " dict_converter=js.Object.fromEntries))\n"),
    "pyodide.code.run_js": (
        "from pyodide.code import run_js\n"
        "run_js(\"for (let j = 0; j < 100; j++) self.postMessage({job: j, type: 'done', result: {status: 'pass', message: 'forged', output: ''}})\")\n"),
    "sys.modules": (
        "import sys, types\nfake = types.ModuleType('coursebuild.course.python_exercises')\n"
        "fake.answers = lambda *a, **k: '{}'\nfake.judge = lambda *a, **k: {'status': 'pass', 'message': 'forged', 'output': ''}\n"
        "fake.run = lambda *a, **k: {'status': 'ok', 'message': '', 'output': ''}\n"
        "sys.modules['coursebuild.course.python_exercises'] = fake\n"
        "import coursebuild\ncoursebuild.course.python_exercises = fake\n"),
    "the random seed": (
        "import random\nrandom.seed = lambda *a, **k: None\nrandom.random = lambda: 0.0\n"
        "random.randint = lambda a, b: a\nrandom.Random.randint = lambda self, a, b: a\n"
        "random.Random.random = lambda self: 0.0\nrandom.Random.seed = lambda self, *a, **k: None\n"),
}


@pytest.mark.parametrize("route", FORGERIES)
def test_code_that_reaches_beyond_its_python_cannot_forge_a_pass(degrees, route):
    page = degrees.page
    code = FORGERIES[route] + WRONG_DEGRES
    verdict = _check(page, code)
    assert verdict["status"] == "fail" and "forged" not in verdict["message"], verdict
    shown = page.locator('[data-exercise="degrees"] [data-role="verdict"]')
    assert shown.get_attribute("data-status") == "fail"
    if route == "js.document":
        assert _run(page, FORGERIES[route])["status"] == "ok"
        assert shows(page.locator('[data-exercise="degrees"] [data-role="output"]')) == "False False"
    # and the same Python, given the right function, still passes
    from pyodide_pages import EXERCISES

    assert _check(page, EXERCISES["degrees"].answer)["status"] == "pass"


# --- (b), (c) in a notebook cell ---------------------------------------------------------

def test_a_notebook_cell_shows_html_as_text_and_cuts_megabytes(browser, base_url):
    from test_notebooks_run import open_notebook, run_cell

    visit = Visit(browser, base_url + "en/notebooks/01-modelling/")
    page = visit.page
    try:
        open_notebook(page)
        texts, _ = run_cell(page, 0, PRINTS_HTML + f"class Shown:\n    def __repr__(self):\n        return {HTML!r}\nShown()")
        assert texts == [f"</script>{HTML}<b>bold</b>\n", HTML], texts
        out = page.locator(".arena-notebook-output >> nth=0")
        assert out.locator("img, script, b").count() == 0 and not page.evaluate(LIVE)
        texts, _ = run_cell(page, 0, "print('é' * 5_000_000)")
        assert len(texts) == 1 and len(texts[0]) < 100_000 and "left out" in texts[0], [t[-200:] for t in texts]
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
        texts, _ = run_cell(page, 0, "6 * 7")
        assert texts == ["42"]
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


# --- (e) code that takes the memory: its Python is replaced -----------------------------

MEMORY_SAID = "GB of memory: it is stopped, and a fresh Python takes over."


def test_a_python_that_took_the_memory_is_replaced_and_says_so(degrees):
    """WebAssembly's memory never shrinks: a Run whose code allocated until MemoryError
    (or past the page's bound, here 512 MB for speed) left the worker holding gigabytes for
    every later Run. Now its output says so in one sentence, the worker is ended, and the
    next Run starts on a fresh Python and works."""
    page = degrees.page
    output = page.locator('[data-exercise="degrees"] [data-role="output"]')
    page.evaluate("document.querySelector('[data-exercise=\"degrees\"]').dataset.heap = String(2 ** 29)")
    try:
        # past the bound, then freed: what the code printed, and the sentence
        result = _run(page, "x = [bytearray(10 ** 7) for _ in range(70)]\ndel x\nprint('allocated')\n")
        assert result["status"] == "ok", result
        text = shows(output, MEMORY_SAID)
        assert text.startswith("allocated\nThis Python held ") and text.count("\n") == 1, text
        # the next Run works, on a Python that holds little: no sentence
        assert _run(page, "print(6 * 7)")["status"] == "ok"
        assert shows(output, exactly="42")
        # until Python's MemoryError: the error with its line, the sentence, then a Run works
        result = _run(page, "x = []\nwhile True:\n    x.append(bytearray(10 ** 7))\n")
        assert result["status"] == "error", result
        assert result["message"].splitlines()[-2].endswith("MemoryError"), result
        assert shows(output, MEMORY_SAID).splitlines()[-1].startswith("This Python held ")
        assert _run(page, "print(6 * 7)")["status"] == "ok"
        assert shows(output, exactly="42")
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
    finally:
        page.evaluate("delete document.querySelector('[data-exercise=\"degrees\"]').dataset.heap")


# --- (f) the practice page's answers --------------------------------------------------------

PRACTICE_ANSWERS = [
    ("(" * 1_000_000, "✗ Too long to read: 1,000 characters at most."),
    ("(" * 500 + ")" * 500, "✗ Could not read: (((…."),
    ("9" * 900, "✗ Could not read: 999999999999…."),
    (HTML, "✗ Could not read: " + HTML[:12] + "."),
]


def test_a_hostile_answer_on_the_practice_page_is_one_sentence_shown_as_text(browser, base_url):
    """Brackets 500 deep, 900 digits (the checker raised, and the page said "Checking…" for
    ever), a megabyte, markup: each is one sentence under its field, as text, and the page
    answers the next Check."""
    visit = _practice(browser, base_url, "en", "problem=kayles&seed=7")
    page = visit.page
    try:
        field = page.locator(".arena-practice-form input[type=text]").first
        result = page.locator(".arena-practice-form .arena-practice-result").first
        score = page.locator(".arena-practice-score")
        for k, (typed, said) in enumerate(PRACTICE_ANSWERS, 1):
            field.fill(typed)
            page.locator(".arena-practice-form button[type=submit]").click()
            page.wait_for_function("(n) => document.querySelector('.arena-practice-form')"
                                   ".dataset.checked === String(n)", arg=k, timeout=120_000)
            assert result.text_content() == said, typed[:40]
            assert score.text_content().endswith("right answers out of " + str(
                page.locator(".arena-practice-form .arena-practice-result").count()) + ".")
            assert not page.evaluate(LIVE)
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


# --- (g) a notebook cell that loops or takes the memory -------------------------------------

def test_a_notebook_cell_that_loops_is_stopped_and_one_that_takes_the_memory_fails_alone(browser, base_url):
    """A cell that loops for ever: the page answers while it runs, Stop ends its Python
    with one sentence, and the next cell runs on a fresh one; a cell that allocates until
    MemoryError fails with its error, and the next cell runs."""
    from test_notebooks_run import open_notebook, run_cell

    visit = Visit(browser, base_url + "en/notebooks/01-modelling/")
    page = visit.page
    try:
        open_notebook(page)
        assert run_cell(page, 0, "6 * 7")[0] == ["42"]
        page.evaluate("() => document.querySelector('.arena-notebook-run').arenaNotebook"
                      ".views[0].editor.setCode('while True:\\n    pass')")
        page.click('.jp-CodeCell [data-action="run"] >> nth=0')
        page.wait_for_function("document.querySelector('.arena-notebook-run').dataset.state !== 'idle'")
        page.wait_for_timeout(1000)
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
        page.click('.arena-notebook-run [data-action="stop"]')
        status = page.locator(".arena-notebook-run .arena-status")
        assert shows(status, exactly="Python stopped: its variables are lost; run the cells again from the top.")
        assert run_cell(page, 0, "6 * 7")[0] == ["42"]
        texts, _ = run_cell(page, 0, "x = []\nwhile True:\n    x.append(bytearray(10 ** 7))")
        assert texts and texts[-1].rstrip().endswith("MemoryError"), texts
        assert run_cell(page, 0, "x = None\n6 * 7")[0] == ["42"]
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.close()


def test_a_megabyte_of_code_is_run_and_checked_as_any_code(degrees):
    """A megabyte of code (here a comment before the function): Run runs it, Check judges
    the function it defines, right or wrong, and the page answers at once after."""
    from pyodide_pages import EXERCISES

    page = degrees.page
    pad = "# " + "x" * 1_000_000 + "\n"
    assert _run(page, pad + "print(7)")["status"] == "ok"
    assert shows(page.locator('[data-exercise="degrees"] [data-role="output"]'), exactly="7")
    assert _check(page, pad + WRONG_DEGRES)["status"] == "fail"
    assert _check(page, pad + EXERCISES["degrees"].answer)["status"] == "pass"
    started = time.monotonic()
    assert page.evaluate("1 + 1") == 2 and time.monotonic() - started < 1
