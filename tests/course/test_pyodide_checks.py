"""Every exercise's Check in the page, in its chapter (SPEC §8): the reference solution
passes, a wrong one fails with its message; the spare interpreter survives a navigation."""

from __future__ import annotations

import pytest
from browsing import (
    CHROMIUM,
    NO_CHROMIUM,
    Visit,
    expect,
    follow,
    instant_navigation,
    shows,
    visits_context,
)
from exercise_wrong import QUADRATIC, RECURSIVE, WRONG
from pyodide_pages import CHAPTERS, EXERCISES, IN_LANG, NO_LIMIT
from pyodide_pages import chapter as _chapter
from pyodide_pages import check as _check

from coursebuild.sources.glossary import english

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


# every exercise block of the page set up, for the page's own exercises
READY = """() => {
  const blocks = [...document.querySelectorAll('.arena-exercise')];
  const ids = window.arenaExercises ? window.arenaExercises.ids().slice().sort() : [];
  return blocks.length > 0 && blocks.every((b) => b.classList.contains('ready'))
    && JSON.stringify(ids) === JSON.stringify(blocks.map((b) => b.dataset.exercise).sort());
}"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_reference_solution_passes_and_a_wrong_one_fails(browser, base_url, lang):
    """Each exercise in its chapter: the reference solution passes, a wrong one fails with
    its message. The chapters are read as a student goes from one to the next, by a link
    that Material's instant navigation follows: the page keeps its Python's snapshot and
    its spare interpreter (a chapter opened afresh loads Pyodide from scratch again, about
    5 CPU-s; issue 50)."""
    prefix = base_url + ("en/" if lang == "en" else "")
    context = visits_context(browser)
    instant_navigation(browser, base_url, context)
    visit = Visit(browser, prefix + CHAPTERS[0], context=context)
    page = visit.page
    page.evaluate("window.__same_document = true")     # survives only without a reload
    wasm: list[str] = []
    page.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and wasm.append(r.url))
    seen: list[str] = []
    checked = 0
    try:
        for path in CHAPTERS:
            if path != CHAPTERS[0]:        # the chapter's link in the menu
                follow(page, prefix + path, page.locator(
                    f'.md-sidebar--primary a.md-nav__link[href$="/{path}"]').first)
            page.wait_for_function(READY)
            page.evaluate(NO_LIMIT)
            ids = page.evaluate("window.arenaExercises.ids()")
            seen += ids
            mine = [i for i in ids if IN_LANG[i] == lang]
            checked += len(mine)
            for exercise_id in mine:
                exercise = EXERCISES[exercise_id]
                verdict = _check(page, exercise_id, exercise.answer)
                assert verdict["status"] == "pass", (exercise_id, verdict)
                shown = page.locator(f'[data-exercise="{exercise_id}"] [data-role="verdict"]')
                expect(shown).to_have_attribute("data-status", "pass")
                code, piece = WRONG[exercise_id]
                verdict = _check(page, exercise_id, code)
                assert verdict["status"] == "fail", (exercise_id, verdict)
                assert (english(piece) if lang == "en" else "") in verdict["message"]
                expect(shown).to_have_attribute("data-status", "fail")
                shows(shown, verdict["message"].split("\n")[0])
        assert page.evaluate("window.__same_document === true")    # no page was reloaded
        assert visit.outside == [] and visit.errors == [], (visit.outside, visit.errors)
    finally:
        context.close()
    # each Check ran in a fresh interpreter, in a worker of its own
    assert len(wasm) >= 2 * checked
    assert sorted(seen) == sorted(EXERCISES)           # every exercise, each set once
    assert checked == sum(1 for v in IN_LANG.values() if v == lang) > 0


def test_recursive_and_quadratic_attractors_are_named(browser, base_url):
    lang = "en"
    visit = _chapter(browser, base_url, lang, "algorithms/")
    page = visit.page
    verdict = _check(page, "attractor", RECURSIVE)
    assert verdict["status"] == "fail"
    assert verdict["message"].startswith("Version récursive" if lang == "fr"
                                         else "Recursive version")
    verdict = _check(page, "attractor", QUADRATIC)
    assert verdict["status"] == "fail"
    assert verdict["message"].startswith("Version quadratique" if lang == "fr"
                                         else "Quadratic version")
    visit.close()


def test_checks_work_after_instant_navigation_with_the_same_worker(browser, base_url):
    # Material's instant navigation follows the links its sitemap lists
    context, origin = instant_navigation(browser, base_url)
    page = context.new_page()
    wasm, outside = [], []
    page.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and wasm.append(r.url))
    page.on("request", lambda r: r.url.startswith(origin) or r.url.startswith("data:")
            or outside.append(r.url))
    try:
        page.goto(base_url + "attractors/", wait_until="networkidle")
        assert wasm == []                              # a page view loads no Pyodide
        page.evaluate(NO_LIMIT)
        verdict = _check(page, "ranks", EXERCISES["ranks"].answer)
        assert verdict["status"] == "pass" and wasm
        # the next Check's interpreter is loaded in advance, in a worker of its own
        page.wait_for_function("window.__arenaExercises.spare !== null")
        page.evaluate("window.__spare = window.__arenaExercises.spare")
        page.evaluate("window.__same_document = true")   # survives only without a reload
        page.click('article a[href$="/algorithms/"] >> nth=0')
        page.wait_for_selector('[data-exercise="attractor"].ready')
        assert page.evaluate("window.__same_document === true")
        assert page.evaluate("window.arenaExercises.ids()") == ["attractor", "strategy"]
        page.evaluate(NO_LIMIT)
        # the spare loaded before the navigation is the one this Check takes
        assert page.evaluate("window.__arenaExercises.spare === window.__spare")
        verdict = _check(page, "attractor", EXERCISES["attractor"].answer)
        assert verdict["status"] == "pass", verdict
        assert page.evaluate("window.__arenaExercises.spare !== window.__spare")
        assert outside == []
    finally:
        context.close()


def test_a_page_view_loads_no_pyodide(browser, base_url):
    visit = Visit(browser, base_url + "beyond/")
    try:
        names = visit.page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert not [n for n in names if "pyodide" in n]
        assert any(n.endswith("editor.js") for n in names)
    finally:
        visit.close()
