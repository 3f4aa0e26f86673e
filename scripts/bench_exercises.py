"""Benchmark of the Python exercises in the browser (``bench.py --only exercises``).

The built site (``make site``) is served locally and opened in Debian's Chromium: the time
from the first click on Run to its result (worker, Pyodide and the library loaded), a
later run, and each exercise's Check with its reference solution; then the site's size
with and without Pyodide. Goals (issue 13): first result within 5 s, a Check within 0.5 s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def exercises_rows() -> list[dict]:
    from browsing import SITE, launch, served
    from playwright.sync_api import sync_playwright

    from coursebuild.sources.exercise_source import python_exercises

    if not (SITE / "exercises" / "index.html").exists():
        raise SystemExit("bench exercises: build the site first (make site)")
    rows: list[dict] = []
    with served() as root, sync_playwright() as p:
        url = root + "exercises/"
        browser = launch(p)
        page = browser.new_page()
        page.goto(url, wait_until="networkidle")
        page.evaluate("window.arenaExercises.setCode('minimax', 'print(6 * 7)')")
        output = page.locator('[data-exercise="minimax"] [data-role="output"]')
        for step in ("first Run (worker, Pyodide, library)", "later Run"):
            page.evaluate("document.querySelector('[data-exercise=\"minimax\"] "
                          "[data-role=\"output\"]').textContent = ''")
            t0 = time.perf_counter()
            page.locator('[data-exercise="minimax"] [data-action="run"]').click()
            page.wait_for_function("(el) => el.textContent.trim() === '42'",
                                   arg=output.element_handle(), timeout=60_000)
            rows.append({"step": step, "seconds": time.perf_counter() - t0})
        for exercise_id, exercise in python_exercises().items():
            page.evaluate("([id, c]) => window.arenaExercises.setCode(id, c)",
                          [exercise_id, exercise.answer])
            t0 = time.perf_counter()
            verdict = page.evaluate("(id) => window.arenaExercises.check(id)", exercise_id)
            rows.append({"step": f"Check {exercise_id} ({verdict['status']})",
                         "seconds": time.perf_counter() - t0})
        browser.close()
    total, pyodide = _size(SITE), _size(SITE / "assets" / "pyodide")
    rows.append({"step": "site size with Pyodide (MB)", "seconds": total / 1e6})
    rows.append({"step": "site size without Pyodide (MB)", "seconds": (total - pyodide) / 1e6})
    for r in rows:
        print(f"| {r['step']} | {r['seconds']:.3f} |", file=sys.stderr)
    return rows


def exercises_table(rows: list[dict]) -> list[str]:
    return ["### Python exercises in the browser (Chromium, site served locally)", "",
            "| step | seconds (or MB) |", "|---|---:|",
            *(f"| {r['step']} | {r['seconds']:.3f} |" for r in rows)]


if __name__ == "__main__":
    print("\n".join(exercises_table(exercises_rows())))
