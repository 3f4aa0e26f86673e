"""What the tests of the Python exercises in the page share (test_pyodide*.py): the
exercises, the chapters that set them, and the Check driven from the page's API."""

from __future__ import annotations

from browsing import Visit

from coursebuild.sources.exercise_source import python_exercises
from coursebuild.sources.glossary import english

EXERCISES = python_exercises()

# 2 s for the exercises whose checks are quick (the strategy's and the attractor's take
# about 2 s of Pyodide on a loaded machine: they keep the default 5 s)
SHORT_LIMITS = """(ms) => document.querySelectorAll('.arena-exercise').forEach(b => {
    if (!['strategy', 'attractor'].includes(b.dataset.exercise)) b.dataset.timeout = String(ms);
})"""
# where the verdict is the subject, not the time limit: a limit no busy machine reaches
NO_LIMIT = """document.querySelectorAll('.arena-exercise').forEach(b => {
    b.dataset.timeout = '600000'; })"""


def check(page, exercise_id: str, code: str) -> dict:
    """Check ``code``, written with the French course's names, in the page: the English
    page's student writes it with the English names (issue 48)."""
    if "/en/" in page.url:
        code = english(code)
    page.evaluate("([id, code]) => window.arenaExercises.setCode(id, code)", [exercise_id, code])
    return page.evaluate("(id) => window.arenaExercises.check(id)", exercise_id)


# the chapters that set the Python exercises, each in its place
CHAPTERS = ("modelling/", "attractors/", "algorithms/", "beyond/")


def chapter(browser, base_url: str, lang: str, path: str) -> Visit:
    visit = Visit(browser, base_url + ("en/" if lang == "en" else "") + path)
    visit.exercises_ready()
    visit.page.evaluate(NO_LIMIT)
    return visit


# each exercise is checked in the browser in one language, in turn (French, English, ...):
# every exercise and both languages are seen, at half the cost (a check starts a fresh
# Python); test_exercises runs every checker on CPython in both
IN_LANG = {ex: ("fr", "en")[k % 2] for k, ex in enumerate(sorted(EXERCISES))}
