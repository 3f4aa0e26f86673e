"""Benchmark of the notebooks run in the browser (``bench.py --only notebooks``).

The built site (``make site``) is served locally and opened in Debian's Chromium with an
empty cache: the time from opening a notebook page to the first cell's result (the click
that opens the notebook, Pyodide, the library and Graphviz in WebAssembly loaded, the
cell run), then each notebook's Run all on a page already loaded; then what running the
notebooks adds to the site (the scripts and the modules only they use: Pyodide, the
editor and Graphviz in WebAssembly are served for the exercises and the design page
already). Goal (issue 27): the first cell's result within 10 s of opening.
"""

from __future__ import annotations

import io
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

OPEN = "document.querySelector('.arena-notebook-run [data-action=open]')"
IDLE = "document.querySelector('.arena-notebook-run').dataset.state === 'idle'"


def notebooks_rows() -> list[dict]:
    from browsing import SITE, launch, served
    from playwright.sync_api import sync_playwright

    names = sorted(p.stem for p in (ROOT / "docs" / "notebooks").glob("*.py"))
    if not (SITE / "notebooks" / names[0] / "index.html").exists():
        raise SystemExit("bench notebooks: build the site first (make site)")
    rows: list[dict] = []
    with served() as root, sync_playwright() as p:
        base = root + "notebooks/"
        browser = launch(p)
        context = browser.new_context()         # a fresh profile: nothing cached
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(base + names[0] + "/")
        page.wait_for_function(OPEN)
        page.click(".arena-notebook-run [data-action=open]")
        page.wait_for_function("document.querySelector('.arena-notebook-run').arenaNotebook")
        page.click(".jp-CodeCell [data-action=run] >> nth=0")
        page.wait_for_function("document.querySelector('.arena-notebook-output[data-ran]')",
                               timeout=120_000)
        rows.append({"step": "first cell's result from opening the page (cold cache)",
                     "seconds": time.perf_counter() - t0})
        context.close()
        context = browser.new_context()
        for name in names:
            page = context.new_page()
            page.goto(base + name + "/", wait_until="networkidle")
            page.click(".arena-notebook-run [data-action=open]")
            page.wait_for_function("document.querySelector('.arena-notebook-run')"
                                   ".dataset.python === 'ready'", timeout=120_000)
            t0 = time.perf_counter()
            page.click(".arena-notebook-run [data-action=run-all]")
            page.wait_for_function(IDLE, timeout=600_000)
            rows.append({"step": f"Run all {name} (Python loaded)",
                         "seconds": time.perf_counter() - t0})
            page.close()
        browser.close()
    scripts = SITE / "assets" / "javascripts"
    added = sum((scripts / n).stat().st_size for n in ("notebook.js", "notebook-worker.js"))
    archive = zipfile.ZipFile(io.BytesIO((SITE / "assets" / "pyodide" / "arena.zip").read_bytes()))
    added += sum(i.compress_size for i in archive.infolist()
                 if i.filename.startswith(("IPython/", "yaml/",
                                           "coursebuild/products/notebook_kernel")))
    rows.append({"step": "what the notebooks add to the site and the zip (kB)",
                 "seconds": added / 1e3})
    for r in rows:
        print(f"| {r['step']} | {r['seconds']:.3f} |", file=sys.stderr)
    return rows


def notebooks_table(rows: list[dict]) -> list[str]:
    return ["### Notebooks in the browser (Chromium, site served locally)", "",
            "| step | seconds (or kB), one run |", "|---|---:|",
            *(f"| {r['step']} | {r['seconds']:.3f} |" for r in rows)]


if __name__ == "__main__":
    print("\n".join(notebooks_table(notebooks_rows())))
