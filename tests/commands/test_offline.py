"""The site handed out as a zip, unzipped and opened from the folder (file://), with no
server and no network: every page reads, figures show, search works, a widget plays."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, shows

ROOT = Path(__file__).resolve().parents[2]
ZIP = ROOT / "build" / "arena-site.zip"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


@pytest.fixture(scope="module")
def folder(site, tmp_path_factory) -> Path:
    assert ZIP.exists(), "make site writes build/arena-site.zip"
    target = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(ZIP) as archive:
        archive.extractall(target)
    return target / "arena-site"


def _open(browser, url: str, inside: str = "file://"):
    """``url`` in a fresh context where every request outside ``inside`` is refused (the
    real search index: the unzipped site's search is tested)."""
    context = browser.new_context(search=True)
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(inside) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return context, page, errors, outside


@pytest.mark.parametrize(("path", "query", "lang"), [("strategies.html", "attracteur", "fr"),
                                                     ("en/strategies.html", "attractor", "en")])
def test_the_unzipped_site_reads_searches_and_plays_from_a_folder(browser, folder, path, query,
                                                                  lang):
    context, page, errors, outside = _open(browser, (folder / path).as_uri())
    try:
        assert page.get_attribute("html", "lang") == lang
        page.wait_for_selector(".arena-game.ready")
        images = page.eval_on_selector_all(
            "article img", "imgs => imgs.map(i => i.complete && i.naturalWidth > 0)")
        assert images and all(images)
        # play: the reader's move, and the computer answers
        box = ".arena-game"
        if page.get_attribute(box, "data-turn") == "reader":
            before = int(page.get_attribute(box, "data-moves"))
            page.click(f"{box} .arena-move >> nth=0")
            assert int(page.get_attribute(box, "data-moves")) > before
        # maths typeset (at build time, its fonts from the folder)
        assert page.locator(".arithmatex .katex").count() > 0
        assert page.evaluate("document.fonts.check('1em KaTeX_Main')")
        # search, from the inlined index
        page.click(".md-search__input")
        page.keyboard.type(query, delay=30)
        page.wait_for_selector(".md-search-result__item")
        assert page.locator(".md-search-result__item").count() > 0
        # the language switch leads to the twin page, as a file
        href = page.get_attribute("a.md-select__link[hreflang='%s']" % ("en" if lang == "fr"
                                                                        else "fr"), "href")
        assert href.endswith("strategies.html")
        assert errors == [] and outside == []
    finally:
        context.close()


def test_the_zip_is_the_same_for_the_same_inputs():
    import hashlib
    import subprocess
    import sys

    before = hashlib.sha256(ZIP.read_bytes()).hexdigest()
    subprocess.run([sys.executable, "-c",
                    "from coursebuild.commands import site; site.offline_zip()"],
                   cwd=ROOT, check=True)
    assert hashlib.sha256(ZIP.read_bytes()).hexdigest() == before


def test_the_zip_carries_its_launcher():
    with zipfile.ZipFile(ZIP) as archive:
        modes = {i.filename: i.external_attr >> 16 for i in archive.infolist()}
    assert modes["arena-site/serve.py"] == 0o755 == modes["arena-site/serve.command"]
    assert "arena-site/serve.bat" in modes


@pytest.mark.parametrize(("path", "words"), [("modelling.html", "python3 serve.py"),
                                             ("en/modelling.html", "python3 serve.py")])
def test_exercises_opened_from_the_folder_say_how_to_start_the_launcher(browser, folder, path,
                                                                        words):
    context, page, errors, outside = _open(browser, (folder / path).as_uri())
    notes = page.locator(".arena-launcher-note")
    notes.first.wait_for()
    assert notes.count() == page.locator(".arena-exercise").count() >= 3
    text = notes.first.inner_text()
    assert words in text and "\n" not in text.strip()
    assert ("dossier" in text) == path.startswith("modelling")
    assert errors == [] and outside == []
    context.close()


@pytest.fixture(scope="module")
def launcher(folder):
    """The unzipped folder served by its own launcher (serve.py): its address."""
    import re
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, str(folder / "serve.py"), "--no-browser"],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        yield re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_launcher_serves_the_folder_and_the_exercises_run(browser, launcher):
    from coursebuild.sources.exercise_source import python_exercises

    EXERCISES = python_exercises()

    url = launcher
    context, page, errors, outside = _open(browser, url + "modelling.html", inside=url)
    assert page.locator(".arena-launcher-note").count() == 0
    page.evaluate("([id, code]) => window.arenaExercises.setCode(id, code)",
                  ["degrees", EXERCISES["degrees"].answer])
    verdict = page.evaluate("window.arenaExercises.check('degrees')")
    assert verdict["status"] == "pass", verdict
    assert outside == []
    context.close()


@pytest.mark.parametrize(("path", "lang"), [("notebooks/03-attractors.html", "fr"),
                                            ("en/notebooks/03-attractors.html", "en")])
def test_notebooks_opened_from_the_folder_say_how_to_start_the_launcher(browser, folder, path,
                                                                        lang):
    context, page, errors, outside = _open(browser, (folder / path).as_uri())
    note = page.locator(".arena-notebook-run .arena-launcher-note")
    note.wait_for()
    text = note.inner_text()
    assert "python3 serve.py" in text and "\n" not in text.strip()
    assert ("dossier" in text) == (lang == "fr")
    assert page.locator(".jp-CodeCell").count() > 0         # the notebook still reads
    assert errors == [] and outside == []
    context.close()


def test_through_the_launcher_a_notebook_runs_with_its_figures(browser, launcher):
    """The unzipped folder, served by its launcher: a notebook with figures in each
    language runs in the browser as the build ran it, nothing fetched from elsewhere (the
    site's tests run every notebook; the folder's pages differ only by their addresses)."""
    from test_notebooks_run import assert_as_built, open_notebook, run_all

    url = launcher
    for lang, path in (("fr", "notebooks/03-attractors.html"),
                       ("en", "en/notebooks/05-strategies.html")):
        context, page, errors, outside = _open(browser, url + path, inside=url)
        open_notebook(page)
        assert_as_built(run_all(page), lang, path.split("/")[-1].removesuffix(".html"))
        assert errors == [] and outside == []
        context.close()


@pytest.mark.parametrize(("path", "lang"), [("practice.html", "fr"), ("en/practice.html", "en")])
def test_the_practice_page_from_the_folder_says_how_to_start_the_launcher(browser, folder,
                                                                          path, lang):
    context, page, errors, outside = _open(browser, (folder / path).as_uri())
    shows(page.locator(".arena-practice .arena-launcher-note"), "python3 serve.py")
    # the page says what it is for (no paragraph left out for a link to the teachers')
    shows(page.locator("article"), "banque du cours" if lang == "fr" else "bank of problems")
    assert errors == [] and outside == []
    context.close()


def test_through_the_launcher_a_bank_problem_is_practised(browser, launcher):
    """The practice page served by the folder's launcher: a variant made and an answer
    checked in the page's Python (the bank in practice.zip), nothing from elsewhere."""
    from coursebuild.course import bank

    url = launcher
    v = bank.variant("bouton-nim", 4)
    context, page, errors, outside = _open(browser, url + "en/practice.html#problem=bouton-nim"
                                           "&seed=4", inside=url)
    page.wait_for_selector(".arena-practice-form", timeout=180_000)
    result = page.locator('[data-field="xor/number"] .arena-practice-result')
    for text, seen in ((str(v.answers["xor"]), "✓ Right."),
                       (str(v.answers["xor"] + 1), "✗ Not the right number.")):
        page.fill('[data-field="xor/number"] input', text)
        page.click(".arena-practice-form button[type=submit]")
        shows(result, exactly=seen)
    assert errors == [] and outside == []
    context.close()


PYTHON_BLOCKS = (".arena-exercise", ".arena-practice", ".arena-design", ".arena-notebook-run")
"""What runs Python in a page (an exercise's Run and Check, the practice, the design page,
a notebook's Run): from a folder, each needs the launcher."""


def _python_blocks(html: str) -> int:
    """How many blocks of :data:`PYTHON_BLOCKS` a page's HTML holds, as built."""
    from html.parser import HTMLParser

    class Blocks(HTMLParser):
        count = 0

        def handle_starttag(self, tag, attrs):
            classes = (dict(attrs).get("class") or "").split()
            self.count += any(f".{c}" in PYTHON_BLOCKS for c in classes)

    parser = Blocks()
    parser.feed(html)
    return parser.count


def test_the_zip_leaves_out_the_page_only_a_host_sends():
    """404.html is what a host sends for an address it does not have: its links start at
    the host's root (/assets/...), as they must to hold at any depth, so from a folder it
    could only show unstyled and fail its requests; no page links to it, and the launcher
    answers a missing address itself. The zip leaves it out (issue 62 §15)."""
    from coursebuild.commands.site import NOT_IN_ZIP

    built = ROOT / "build" / "site-offline" / NOT_IN_ZIP
    assert 'href="/assets/' in built.read_text(encoding="utf-8")      # why it cannot go
    with zipfile.ZipFile(ZIP) as archive:
        names = archive.namelist()
    assert not [n for n in names if n.endswith("/404.html")]
    assert len([n for n in names if n.endswith(".html")]) >= 40


def _aborted_by_leaving(request) -> bool:
    """A request the browser dropped because the page was left (the next page's ``goto``
    aborts the favicon a page had not fetched yet): a file of the folder that exists, its
    failure ``net::ERR_ABORTED``. A missing file fails otherwise (``ERR_FILE_NOT_FOUND``)."""
    from urllib.parse import unquote, urlparse

    url = urlparse(request.url)
    return (request.failure == "net::ERR_ABORTED" and url.scheme == "file"
            and Path(unquote(url.path)).is_file())


def test_every_page_from_the_folder_says_what_needs_the_launcher(browser, folder):
    """Every page of the unzipped folder, opened as a file without the launcher (issue 62
    §15): each block that runs Python says in one line to start serve.py, in the page's
    language, a page without one says nothing of it, and nothing fails unsaid: no script
    error, no error in the console, no request that fails or leaves the folder."""
    pages = sorted(folder.rglob("*.html"))
    assert len(pages) >= 40
    context = browser.new_context(search=True)
    refused: list[str] = []
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
        ("file://", "data:", "blob:")) else (refused.append(r.request.url), r.abort()))
    faults: dict[str, list[str]] = {}
    with_python = 0
    page = context.new_page()
    seen: list[str] = []
    page.on("pageerror", lambda e: seen.append(f"error: {e}"))
    page.on("console", lambda m: m.type == "error" and seen.append(f"console: {m.text}"))
    page.on("requestfailed", lambda r: _aborted_by_leaving(r) or seen.append(
        f"failed: {r.url} {r.failure}"))
    try:
        for path in pages:
            name = path.relative_to(folder).as_posix()
            blocks = _python_blocks(path.read_text(encoding="utf-8"))
            seen.clear()
            page.goto(path.as_uri(), wait_until="load")
            notes = page.locator(".arena-launcher-note")
            if blocks:
                with_python += 1
                page.wait_for_function("(selector) => [...document.querySelectorAll(selector)]"
                                       ".every((b) => b.querySelector('.arena-launcher-note'))",
                                       arg=", ".join(PYTHON_BLOCKS))
                texts = notes.all_inner_texts()
                assert page.locator(", ".join(PYTHON_BLOCKS)).count() == blocks == len(texts), \
                    name
                for text in texts:
                    assert "python3 serve.py" in text and "\n" not in text.strip(), (name, text)
                    assert ("dossier" in text) == (not name.startswith("en/")), (name, text)
            else:
                assert notes.count() == 0, name
            if seen:
                faults[name] = list(seen)
    finally:
        context.close()
    assert with_python >= 25
    assert faults == {} and refused == []


def test_the_readmes_launcher_command_serves_the_folder_as_typed(folder, tmp_path):
    """The README says that, from the unzipped folder, what runs Python needs the launcher
    too (the Check, the practice, not only the notebooks), and how to start it: the
    command, run as typed in ``arena-site/``, serves the folder on this computer and opens
    the browser at the address it prints, where an exercise's page and its Python are
    (issue 61 §15)."""
    import os
    import re
    import subprocess
    import urllib.request

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("hand out `build/arena-site.zip`"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    for words in ("Check", "practice", "notebooks", "`serve.command`", "`serve.bat`"):
        assert words in paragraph, words
    where, command = re.search(r"in `([\w-]+)/`, run `([^`]+)`", paragraph).groups()
    assert (where, command) == ("arena-site", "python3 serve.py")
    opened = tmp_path / "opened.txt"
    recorder = tmp_path / "browser.sh"
    recorder.write_text(f'#!/bin/sh\necho "$1" >> "{opened}"\n', encoding="utf-8")
    recorder.chmod(0o755)
    env = {**os.environ, "BROWSER": f"{recorder} %s"}
    proc = subprocess.Popen(command, shell=True, cwd=folder.parent / where, env=env,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stdout.readline()
        printed = re.search(r"(http://127\.0\.0\.1:\d+/)\S*", line)
        url = printed.group(1)
        with urllib.request.urlopen(url + "modelling.html", timeout=30) as answer:
            page = answer.read().decode("utf-8")
        assert page.count('class="arena-exercise"') >= 3
        with urllib.request.urlopen(url + "assets/pyodide/arena.zip", timeout=30) as answer:
            assert answer.status == 200
        for _ in range(100):
            if opened.exists():
                break
            time.sleep(0.1)
        assert opened.read_text(encoding="utf-8").split() == [printed.group(0)]
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=10)
