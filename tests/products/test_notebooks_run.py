"""Notebooks that students run (issue 27): every notebook page runs its cells in the browser
(Pyodide in a worker, coursebuild.products.notebook_kernel), offline, with the outputs of the
build's execution, figures drawn by Graphviz in WebAssembly; edits are kept and Reset gives
the original back (those tests run in tests/products/test_pyodide_notebooks.py, beside the other
pages that
load Pyodide). The kernel's own behaviour (errors, floods) is checked here, in CPython."""

from __future__ import annotations

import json
from pathlib import Path

from browsing import Visit, expect, shows

from coursebuild.products.notebook_kernel import Kernel

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(p.stem for p in (ROOT / "docs" / "notebooks").glob("*.py"))


def built(lang: str, name: str) -> list[dict]:
    """Each code cell of the build's executed notebook: its id, code, the text Jupyter
    showed (what it printed, then its result) and how many figures it drew."""
    nb = json.loads((ROOT / "docs" / lang / "notebooks" / f"{name}.ipynb")
                    .read_text(encoding="utf-8"))
    cells = []
    for c in nb["cells"]:
        if c["cell_type"] != "code":
            continue
        text, figures = "", 0
        for o in c["outputs"]:
            if o["output_type"] == "stream":
                text += "".join(o["text"])
            elif "image/svg+xml" in o.get("data", {}):
                figures += 1
            elif "text/plain" in o.get("data", {}):
                text += "".join(o["data"]["text/plain"])
        cells.append({"id": c["id"], "code": "".join(c["source"]), "text": text,
                      "figures": figures})
    return cells


def test_the_notebooks_have_figures_and_results_to_compare():
    cells = [c for lang in ("fr", "en") for name in NAMES for c in built(lang, name)]
    assert len(NAMES) == 8
    assert sum(c["figures"] for c in cells) >= 10
    assert sum(bool(c["text"]) for c in cells) >= 60


def test_a_cell_shows_errors_and_floods_as_a_student_needs_them():
    kernel = Kernel("fr")
    assert kernel.run("n = 3\ndef f(k):\n    return 1 / (k - n)\n") == []
    error = kernel.run("f(3)")
    assert [o["type"] for o in error] == ["error"]
    lines = error[0]["text"].splitlines()
    # the student's frames with their source lines, none of the kernel's
    assert lines[0] == "Traceback (most recent call last):"
    assert '  File "<cell 2>", line 1, in <module>' in lines
    assert "    return 1 / (k - n)" in lines and lines[-1] == "ZeroDivisionError: division by zero"
    assert "notebook_kernel" not in error[0]["text"]
    flood = kernel.run("for k in range(10 ** 5):\n    print(k)")
    assert len(flood[0]["text"]) < 21_000 and "caractères omis" in flood[0]["text"]
    assert flood[0]["text"].startswith("0\n1\n") and flood[0]["text"].endswith("99999\n")
    assert kernel.run("n") == [{"type": "result", "text": "3"}]     # the namespace lives on
    # a way out of Python (not an error): one line, as Jupyter shows it (issue 38)
    assert kernel.run("import sys\nsys.exit(3)") == [
        {"type": "error", "text": "SystemExit: 3 (cell 5, line 2)\n"}]
    assert kernel.run("class Out(BaseException):\n    pass\nraise Out('bye')") == [
        {"type": "error", "text": "Out: bye (cell 6, line 3)\n"}]
    assert kernel.run("raise KeyboardInterrupt") == [
        {"type": "error", "text": "KeyboardInterrupt (cell 7, line 1)\n"}]


# -- in Chromium -----------------------------------------------------------------------------

RUN_LIMIT = 240_000       # ms for a whole notebook (Connect-4 4 x 4 in pure Python included)


def page_url(base_url: str, lang: str, name: str) -> str:
    return base_url + ("en/" if lang == "en" else "") + f"notebooks/{name}/"


def open_notebook(page) -> None:
    page.click('.arena-notebook-run [data-action="open"]')
    page.wait_for_function("document.querySelector('.arena-notebook-run').arenaNotebook")


# the jobs that give code to the page's workers, counted (window.__jobs: each one's kind,
# "cell" for a notebook's)
COUNT_JOBS = """(() => {
    const post = Worker.prototype.postMessage;
    window.__jobs = [];
    Worker.prototype.postMessage = function (message, ...rest) {
        if (message && typeof message.code === "string") window.__jobs.push(message.kind || "cell");
        return post.call(this, message, ...rest);
    };
})()"""


# how far (px) a line of a cell's editor is from its number in the gutter, at worst, over
# every editor of the page, on the screen or not (issue 36 §4: wrapped lines made them drift)
NUMBER_DRIFT = """() => Math.max(0, ...document.querySelector('.arena-notebook-run').arenaNotebook
  .views.map((v) => {
    const view = v.editor.view;
    const numbers = new Map([...view.dom.querySelectorAll('.cm-lineNumbers .cm-gutterElement')]
      .filter((g) => g.getBoundingClientRect().height > 0).map((g) => [g.textContent, g]));
    return Math.max(0, ...[...view.dom.querySelectorAll('.cm-content .cm-line')].map((line) => {
      const number = numbers.get(String(view.state.doc.lineAt(view.posAtDOM(line)).number));
      return number ? Math.abs(number.getBoundingClientRect().top
                               - line.getBoundingClientRect().top) : Infinity;
    }));
  }))"""


def open_and_run_all_at_once(page) -> list[dict]:
    """Issue 37 §3: "Run and edit this notebook here", then Run all clicked five times
    at once, while the editor and Python load: the cells run once, in order."""
    page.evaluate(COUNT_JOBS)
    page.evaluate("""() => {
        const block = document.querySelector('.arena-notebook-run');
        block.querySelector('[data-action="open"]').click();
        for (let k = 0; k < 5; k++) block.querySelector('[data-action="run-all"]').click();
    }""")
    page.wait_for_function("document.querySelector('.arena-notebook-run').arenaNotebook")
    shown = wait_run_all(page)
    assert page.evaluate("window.__jobs.length") == len(shown)
    assert page.evaluate(NUMBER_DRIFT) < 1
    return shown


def run_all(page) -> list[dict]:
    """Run all, wait for the end; each cell's id, shown text and number of drawings."""
    page.click('.arena-notebook-run [data-action="run-all"]')
    return wait_run_all(page)


def wait_run_all(page) -> list[dict]:
    page.wait_for_function("document.querySelector('.arena-notebook-run').dataset.state"
                           " === 'idle' && document.querySelector('.arena-notebook-output"
                           "[data-ran]')", timeout=RUN_LIMIT)
    return page.evaluate("""() => document.querySelector('.arena-notebook-run').arenaNotebook
      .views.map((v) => ({
        id: v.cell.id, ran: v.out.dataset.ran !== undefined,
        text: [...v.out.querySelectorAll('pre')].filter((p) => !p.matches('.arena-notebook-error'))
          .map((p) => p.textContent).join(''),
        errors: [...v.out.querySelectorAll('.arena-notebook-error')].map((p) => p.textContent),
        figures: v.out.querySelectorAll('.arena-notebook-figure svg[role=img] g.node').length
          ? v.out.querySelectorAll('.arena-notebook-figure svg').length : 0,
        shownBuilt: !v.node.querySelector('.jp-Cell-outputWrapper')?.hidden,
      }))""")


def assert_as_built(shown: list[dict], lang: str, name: str) -> None:
    expected = built(lang, name)
    assert [c["id"] for c in shown] == [c["id"] for c in expected]
    for got, want in zip(shown, expected):
        assert got["ran"] and got["errors"] == [], (name, got)
        assert got["text"] == want["text"], (name, got["id"])
        assert got["figures"] == want["figures"], (name, got["id"])
        if got["text"] or got["figures"]:
            assert not got["shownBuilt"], (name, got["id"])    # the browser's, not the build's


def in_turn(lang: str) -> list[str]:
    """The notebooks run in the browser in ``lang``: each notebook in one language, in turn
    (French, English, ...). Both languages and every notebook are run, at half the cost;
    the notebooks' code is the same in both (one source, docs/notebooks/)."""
    return [name for k, name in enumerate(NAMES) if ("fr", "en")[k % 2] == lang]


def check_every_notebook(browser, base_url: str, lang: str) -> None:
    """The notebooks of ``lang`` (:func:`in_turn`), one after the other in one browser
    profile (as a student reads them: Pyodide comes from the browser's cache after the
    first)."""
    names = in_turn(lang)
    visit = Visit(browser, page_url(base_url, lang, names[0]))
    try:
        for name in names:
            if name != names[0]:
                visit.page.goto(page_url(base_url, lang, name), wait_until="networkidle")
            assert_as_built(open_and_run_all_at_once(visit.page), lang, name)
            assert visit.outside == [] and visit.errors == [], (name, visit.errors)
    finally:
        visit.close()


def check_edit_reload_reset(browser, base_url: str) -> None:
    """An edit kept in the browser comes back after a reload and runs; Reset gives back
    the original code and forgets the edit."""
    url = page_url(base_url, "fr", "08-beyond")
    visit = Visit(browser, url)
    page = visit.page
    page.on("dialog", lambda d: d.accept())
    try:
        open_notebook(page)
        first = built("fr", "08-beyond")[0]
        assert "seq = subtraction_grundy([2, 3, 5], 30)" in first["code"]
        edited = first["code"] + "\nsum(seq)"
        page.evaluate("(code) => document.querySelector('.arena-notebook-run').arenaNotebook"
                      ".views[0].editor.setCode(code)", edited)
        page.reload(wait_until="networkidle")
        shows(page.locator(".arena-notebook-note"), "vos modifications seront reprises")
        open_notebook(page)
        code = page.evaluate("document.querySelector('.arena-notebook-run').arenaNotebook"
                             ".views[0].editor.getCode()")
        assert code == edited
        page.click('.jp-CodeCell [data-action="run"] >> nth=0')
        page.wait_for_function("document.querySelector('.arena-notebook-output[data-ran]')",
                               timeout=RUN_LIMIT)
        from arena.grundy import subtraction_grundy

        shows(page.locator(".arena-notebook-output >> nth=0"),
              exactly=str(sum(subtraction_grundy([2, 3, 5], 30))))
        page.click('.arena-notebook-run [data-action="reset"]')
        code = page.evaluate("document.querySelector('.arena-notebook-run').arenaNotebook"
                             ".views[0].editor.getCode()")
        assert code == first["code"]
        assert page.evaluate("localStorage.getItem('arena-notebook:fr:08-beyond')") is None
        expect(page.locator(".arena-notebook-output[data-ran]")).to_have_count(0)
        assert visit.outside == [] and visit.errors == []
        check_hostile_cells(page)
    finally:
        visit.close()


def run_cell(page, index: int, code: str) -> tuple[list[str], str]:
    """``code`` put in cell ``index`` and run: the texts its outputs show, and the status."""
    page.evaluate("([i, code]) => document.querySelector('.arena-notebook-run').arenaNotebook"
                  ".views[i].editor.setCode(code)", [index, code])
    page.evaluate("(i) => { const o = document.querySelector('.arena-notebook-run')"
                  ".arenaNotebook.views[i].out; delete o.dataset.ran; }", index)
    page.click(f'.jp-CodeCell [data-action="run"] >> nth={index}')
    page.wait_for_function("(i) => document.querySelector('.arena-notebook-run').arenaNotebook"
                           ".views[i].out.dataset.ran !== undefined && document.querySelector("
                           "'.arena-notebook-run').dataset.state === 'idle'", arg=index,
                           timeout=RUN_LIMIT)
    texts = page.evaluate("(i) => [...document.querySelector('.arena-notebook-run').arenaNotebook"
                          ".views[i].out.querySelectorAll('pre')].map((p) => p.textContent)",
                          index)
    return texts, page.locator(".arena-notebook-run .arena-status").inner_text()


EVIL_SVG = ('<svg xmlns="http://www.w3.org/2000/svg"><title>t</title>'
            "<style>body { display: none }</style><script>window.__evil = 1</script>"
            '<a href="javascript:window.__evil = 2"><text onclick="window.__evil = 3">x</text>'
            "</a></svg>")


def check_hostile_cells(page) -> None:
    """Issue 38 on a French notebook page where Python is loaded: a figure whose SVG holds a
    <style> (it hid the whole page), a script, a link; a way out of Python; a crash of
    Pyodide; an edit the browser cannot keep."""
    texts, _ = run_cell(page, 0, f"class Evil:\n    def _repr_svg_(self):\n"
                                 f"        return {EVIL_SVG!r}\nEvil()")
    figure = page.locator(".arena-notebook-output >> nth=0 >> .arena-notebook-figure svg")
    assert figure.count() == 1 and "x" in figure.text_content()
    assert page.evaluate("""() => {
        const out = document.querySelector('.arena-notebook-output');
        return out.querySelectorAll('style, script, [onclick], [href]').length === 0
            && getComputedStyle(document.body).display !== 'none'
            && window.__evil === undefined;
    }""")
    texts, _ = run_cell(page, 0, "raise SystemExit(3)")
    assert len(texts) == 1 and texts[0].strip().count("\n") == 0
    assert texts[0].startswith("SystemExit: 3 (cell ")
    texts, status = run_cell(page, 0, "t = ()\nfor _ in range(10 ** 6):\n    t = (t,)\nrepr(t)")
    crashed = "Python s'est arrêté pour de bon"
    assert len(texts) == 1 and texts[0].startswith(crashed) and status.startswith(crashed)
    texts, _ = run_cell(page, 0, "6 * 7")                   # a fresh Python
    assert texts == ["42"]
    # a cell that closes its worker: the next Run is not left waiting for ever
    run_cell(page, 0, "import js\njs.close()")
    page.evaluate("document.querySelector('.arena-notebook-run').arenaNotebook.views[0]"
                  ".editor.setCode('6 * 7')")
    page.click('.jp-CodeCell [data-action="run"] >> nth=0')
    page.wait_for_function("document.querySelector('.arena-notebook-run .arena-status')"
                           ".textContent.startsWith('Python ne répond plus')", timeout=RUN_LIMIT)
    texts, _ = run_cell(page, 0, "6 * 7")
    assert texts == ["42"]
    # an edit over the storage quota: said, not lost in silence
    page.evaluate("Storage.prototype.setItem = function () { throw new DOMException("
                  "'quota', 'QuotaExceededError'); }; null")
    page.evaluate("document.querySelector('.arena-notebook-run').arenaNotebook"
                  ".views[1].editor.setCode('x = 1')")
    shows(page.locator(".arena-notebook-run .arena-status"),
          starts="Le navigateur n'a pas pu garder cette modification")
    expect(page.locator(".arena-notebook-run")).to_have_attribute("data-unsaved", "true")


def test_both_languages_load_the_notebook_script():
    import re

    def scripts(name: str) -> list[str]:
        text = (ROOT / name).read_text(encoding="utf-8")
        block = re.search(r"^extra_javascript:\n((?:  [-#].*\n)+)", text, re.M).group(1)
        return [line.strip().removeprefix("- ").removeprefix("../")
                for line in block.splitlines() if not line.strip().startswith("#")]

    # the widgets' loader, which loads notebook.js where a notebook can be run
    assert "assets/javascripts/loader.js" in scripts("mkdocs.base.yml")
    assert scripts("mkdocs.base.yml") == scripts("mkdocs.en.yml")
    loader = (ROOT / "docs/assets/javascripts/loader.js").read_text(encoding="utf-8")
    assert '[".arena-notebook-run", ["sanitize.js", "notebook.js"]]' in loader
