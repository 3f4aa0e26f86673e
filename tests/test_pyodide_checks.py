"""Every exercise's Check in the page, in its chapter (SPEC §8): the reference solution
passes, a wrong one fails with its message; the spare interpreter survives a navigation."""

from __future__ import annotations

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, Visit, expect, instant_navigation, shows
from exercise_wrong import QUADRATIC, RECURSIVE, WRONG
from pyodide_pages import CHAPTERS, EXERCISES, IN_LANG, NO_LIMIT
from pyodide_pages import chapter as _chapter
from pyodide_pages import check as _check

from coursebuild.glossary import english

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_reference_solution_passes_and_a_wrong_one_fails(browser, base_url, lang):
    seen: list[str] = []
    checked = 0
    for path in CHAPTERS:
        visit = _chapter(browser, base_url, lang, path)
        wasm: list[str] = []
        visit.page.on("request", lambda r, w=wasm: r.url.endswith("pyodide.asm.wasm")
                      and w.append(r.url))
        page = visit.page
        try:
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
            assert visit.outside == []
        finally:
            visit.close()
        # each Check ran in a fresh interpreter, in a worker of its own
        assert len(wasm) >= 2 * len(mine)
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
