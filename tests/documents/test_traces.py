"""The algorithm steppers (``<!-- trace: ID -->``: the counter algorithm, alpha-beta, A*)
in both languages: each step shows exactly what the build computed (sentence, state,
marks, labels), from the keyboard as well as the mouse, in any order of use, without
getting stuck or off the ends; a folded stepper lays out its labels when unfolded."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
TRACE = re.compile(r"^[ \t]*<!-- trace: (?P<figure>[a-z0-9-]+) -->$", re.M)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def _traces() -> list[tuple[str, str, str]]:
    found = []
    for lang in ("fr", "en"):
        for page in sorted((ROOT / "docs" / lang).glob("*.md")):
            from coursebuild.documents.chapter_text import page_text  # with its exercises

            for m in TRACE.finditer(page_text(lang, page.stem)):
                path = ("" if lang == "fr" else "en/") + page.stem + "/"
                found.append((lang, path, m.group("figure")))
    return found


def test_the_chapters_have_their_steppers():
    figures = {(lang, f) for lang, _, f in _traces()}
    for lang in ("fr", "en"):
        for f in ("nim-counter", "ex6-2-counter", "alphabeta-steps", "astar-steps"):
            assert (lang, f) in figures


def test_the_counter_stepper_finds_the_solver_ranks():
    from arena import Arena, attractor
    from coursebuild.course.pages.algorithms import counter_trace

    g = Arena.from_file(ROOT / "docs/examples/exercise-6-2.yaml")
    trace = counter_trace(g, 0)
    last = trace["steps"][-1]["labels"]["en"]
    ranks = attractor(g, 0)
    assert {v: int(t[2:]) for v, t in last.items() if t.startswith("r=")} == \
        {str(v): r for v, r in ranks.items()}
    # one step per position of the attractor taken out of the queue, plus start and end
    assert len(trace["steps"]) == len(ranks) + 2


SHOWN = """(box) => ({
  label: box.querySelector('.arena-step-label').textContent,
  text: box.querySelector('.arena-status').textContent,
  state: [...box.querySelectorAll('.arena-trace-state li')].map((li) => li.textContent),
  slider: Number(box.querySelector('input[type=range]').value),
  marks: Object.fromEntries([...box.querySelectorAll('svg [class*="trace-"]')]
    .map((g) => [g.id, [...g.classList].filter((c) => c.startsWith('trace-'))])
    .filter(([, marks]) => marks.length)),
  labels: Object.fromEntries([...box.querySelectorAll('.arena-trace-label')]
    .filter((t) => t.textContent).map((t) => [t.parentNode.id, t.textContent])),
  placed: [...box.querySelectorAll('.arena-trace-label')].every((t) => t.hasAttribute('y')),
})"""


def _expected(data: dict, lang: str, k: int, prefix: str) -> dict:
    step = data["steps"][k]
    nodes = data["nodes"]
    return {"text": step["text"][lang], "state": step["state"][lang],
            "marks": {prefix + nodes[n]: [f"trace-{m}"] for n, m in step["marks"].items()},
            "labels": {prefix + nodes[n]: t for n, t in step["labels"][lang].items() if t}}


@pytest.mark.parametrize(("lang", "path", "figure"), _traces())
def test_every_step_shows_what_the_build_computed(reader, lang, path, figure):
    data = json.loads((ROOT / "docs/figures" / f"{figure}.json").read_text(encoding="utf-8"))
    last = len(data["steps"]) - 1
    visit = reader(path)
    page = visit.page
    box = f'.arena-trace[data-figure="{figure}"]'
    prefix = f"{figure}--"
    try:
        fold = page.locator(f"details:has({box})")
        if fold.count():
            page.evaluate(f"document.querySelector('details:has({box})').open = true")
        page.wait_for_selector(box + ".ready")
        handle = page.query_selector(box)
        buttons = page.locator(f"{box} .arena-controls button")
        rng = random.Random(f"{figure}-{lang}")
        k = 0
        for action in ["start"] + [rng.choice(["next", "prev", "first", "last", "key",
                                               "slider"]) for _ in range(15)] + ["last"]:
            if action == "next":
                buttons.nth(2).click()
                k = min(last, k + 1)
            elif action == "prev":
                buttons.nth(1).click()
                k = max(0, k - 1)
            elif action == "first":
                buttons.nth(0).click()
                k = 0
            elif action == "last":
                buttons.nth(3).click()
                k = last
            elif action == "key":          # the keyboard: focus the slider, arrow right
                page.focus(f"{box} input[type=range]")
                page.keyboard.press("ArrowRight")
                k = min(last, k + 1)
            elif action == "slider":
                k = rng.randrange(last + 1)
                page.locator(f"{box} input[type=range]").fill(str(k))
            shown = page.evaluate(SHOWN, handle)
            expected = _expected(data, lang, k, prefix)
            word = "Étape" if lang == "fr" else "Step"
            assert shown["label"].startswith(f"{word} {k} "), (action, shown["label"])
            assert shown["slider"] == k
            assert shown["text"] == expected["text"]
            assert shown["state"] == expected["state"]
            assert shown["marks"] == expected["marks"], action
            assert shown["labels"] == expected["labels"], action
            assert shown["placed"], "every label is laid out beside its node"
        # the buttons are reachable from the keyboard: from "previous", Tab over the
        # slider to "next", Enter
        buttons.nth(0).click()
        buttons.nth(1).focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        assert page.evaluate(SHOWN, handle)["slider"] == 1
        assert visit.errors == []
    finally:
        visit.close()


@pytest.mark.parametrize(("lang", "path", "figure"), _traces())
def test_without_javascript_every_step_is_in_the_page(site, lang, path, figure):
    import html as html_lib

    page = html_lib.unescape((site / path / "index.html").read_text(encoding="utf-8"))
    data = json.loads((ROOT / "docs/figures" / f"{figure}.json").read_text(encoding="utf-8"))
    assert ("la figure fixe et toutes les étapes" if lang == "fr"
            else "the still figure and every step") in page
    assert f'id="fig-{figure}"' in page                 # the still figure
    text = re.sub(r"<[^>]+>", "", page)
    for step in data["steps"]:                           # the list of the steps, as text
        assert re.sub(r"\s+", " ", step["text"][lang]) in re.sub(r"\s+", " ", text)


def test_the_steps_written_out_show_names_as_written():
    """The steps of a trace, written into the page for readers without JavaScript, name
    vertices that come from files: markup in a name stays text (issue 19.1)."""
    from coursebuild.course.facts import _steps_text

    step = {"text": {"fr": "On sort <img src=x onerror=alert(1)> de la file.",
                     "en": "Take *a* `b` $c$ out."},
            "state": {"fr": ["File : [x](javascript:y)"], "en": ["Queue: ∅"]}}
    out = _steps_text({"steps": [step]})
    assert out["fr"] == ("1. **Étape 0 :** On sort &#60;img src=x onerror=alert(1)&#62; de la "
                         "file. File : &#91;x&#93;(javascript:y).\n")
    assert out["en"] == "1. **Step 0:** Take &#42;a&#42; &#96;b&#96; &#36;c&#36; out. Queue: ∅.\n"
