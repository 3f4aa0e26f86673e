"""A copy of the project, edited as a teacher and as an attacker would, built once by the
real build (figures, exercise sheets, fragments, notebooks, MkDocs) from the main build's
caches, so that only what the edits change is made again; then read as its readers would.

- Course examples whose every text field carries markup reach the site as text (issue
  19.1): read in Chromium, no script of the example runs, and its title and names show as
  written, in both languages.
- One source per exercise (issues 36 and 39): a statement changed in ``docs/exercises``
  shows on its chapter's page, in the book and on an exercise sheet, and nowhere is it
  typed a second time.

(Both edits share one build: a copy built for each cost a build of both sites, issue 50.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM, Visit, served, widgets_drawn

ROOT = Path(__file__).resolve().parents[2]

# Each vertex of the example gets one of these around its name; each would run a script,
# change the page or be read as Markdown, LaTeX or DOT if it reached a page unescaped.
TEMPLATES = [
    '<img src=x onerror="window.pwned=1">{v}',
    "<script>window.pwned=2</script>{v}",
    "&amp;{v}&lt;",
    "`{v}` *{v}* _{v}_ | {v}",
    "$\\input{{{v}}}$",
    "[{v}](javascript:window.pwned=3)",
    "{{{{ {v} }}}} {{% {v} %}}",
    '{v}"; label="x',
    "{v}' \" <!-- -->",
    "\\\\{v}\\n",
    "<svg onload=window.pwned=4>{v}",
    "{v}]]></text><script>window.pwned=5</script>",
    "# {v}",
    "{v}:{v}",
]
TITLES = {"fr": '<img src=x onerror="window.pwned=6">Exercice & `4.2` | *jeu*',
          "en": '<script>window.pwned=7</script>Exercise & `4.2` | *game*'}
"""Every example's title (the guide's appendix, building/, shows the example files whole)."""
# what would make the example's text live: a handler, a script, a javascript: link
LIVE = """[...document.querySelectorAll('*')].flatMap(e => [
  ...[...e.attributes].filter(a => a.name.startsWith('on') && a.value.includes('pwned'))
     .map(a => e.tagName + ' ' + a.name),
  ...(e.tagName.toLowerCase() === 'script' && e.textContent.includes('pwned') ? ['script'] : []),
  ...((e.getAttribute('href') || '').includes('javascript:') ? ['href'] : [])])"""
PAGES = ["strategies/", "exercises/", "building/", "index.html", "modelling/"]


def _hostile_example(text: str) -> tuple[str, dict[str, str]]:
    """The example file with every name and title replaced, and the renaming."""
    import yaml

    doc = yaml.safe_load(text)
    names = [*doc["S0"], *doc["S1"]]
    new = {v: TEMPLATES[k % len(TEMPLATES)].format(v=v) for k, v in enumerate(names)}
    out = {"title": TITLES, "start": new[doc["start"]],
           "S0": [new[v] for v in doc["S0"]], "S1": [new[v] for v in doc["S1"]],
           "V0": [new[v] for v in doc.get("V0", [])], "V1": [new[v] for v in doc.get("V1", [])],
           "edges": {new[x]: [new[y] for y in ys] for x, ys in doc["edges"].items()}}
    return yaml.safe_dump(out, allow_unicode=True, sort_keys=False), new


SAID = {"fr": "Phrase témoin de la source unique", "en": "Witness sentence of the one source"}
"""Said at the start of exercise 2.3's statement in the copy's one source."""


def _one_statement_changed(copy: Path) -> None:
    """Exercise 2.3's statement changed in its one source, in both languages, and set on
    each language's sheet (its layout inputs it, nothing more), as a teacher would."""
    source = copy / "docs" / "exercises" / "02-plays.yaml"
    text = source.read_text(encoding="utf-8")
    for lang, start in (("fr", "      On considère trois positions"),
                        ("en", "      Consider three positions")):
        assert text.count(start) == 1
        text = text.replace(start, f"      {SAID[lang]}. " + start.strip())
    source.write_text(text, encoding="utf-8")
    for lang in ("fr", "en"):
        sheet = copy / "handouts" / f"handout-{lang}.tex"
        sheet.write_text(sheet.read_text(encoding="utf-8").replace(
            f"\\input{{generated/{lang}/exercise-6.1}}",
            f"\\input{{generated/{lang}/exercise-2.3}}\n\\input{{generated/{lang}/exercise-6.1}}"),
            encoding="utf-8")


@pytest.fixture(scope="module")
def edited_copy(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The copy, edited and built; the hostile examples' renaming."""
    if not (ROOT / "build" / "js" / "editor.js").exists():
        pytest.skip("the editor bundle is built by `make test` (make js)")
    if shutil.which("latexmk") is None:
        pytest.skip("TeX Live could not be installed")
    from project_copy import copy_with_caches

    # the main build's caches: what does not depend on the edits is reused (each
    # product is keyed on all its inputs), what does is built again from the edited files
    copy = copy_with_caches(tmp_path_factory.mktemp("project") / "arena")
    names: dict[str, str] = {}
    for example in sorted((ROOT / "docs" / "examples").glob("*.yaml")):
        text, renamed = _hostile_example(example.read_text("utf-8"))
        (copy / "docs" / "examples" / example.name).write_text(text, encoding="utf-8")
        names.update({f"{example.stem}:{k}": v for k, v in renamed.items()})
    _one_statement_changed(copy)
    env = dict(os.environ, PYTHONPATH=str(copy / "src"))
    done = subprocess.run([sys.executable, "-m", "coursebuild", "site", "--no-zip", "--no-book"],
                          cwd=copy, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return copy, names


@pytest.fixture(scope="module")
def hostile_site(edited_copy) -> tuple[Path, dict[str, str]]:
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    copy, names = edited_copy
    return copy / "site", names


@pytest.fixture(scope="module")
def hostile_url(hostile_site):
    with served(hostile_site[0]) as url:
        yield url


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_script_from_the_example_runs_and_its_text_shows_as_written(
        browser, hostile_site, hostile_url, lang):
    _, names = hostile_site
    shown = ""
    for page in PAGES:
        visit = Visit(browser, hostile_url + ("" if lang == "fr" else "en/") + page)
        try:
            widgets_drawn(visit.page)
            assert visit.page.evaluate("window.pwned") is None, page
            assert visit.page.evaluate(LIVE) == [], page
            shown += visit.page.evaluate("document.querySelector('main').textContent")
        finally:
            visit.close()
    # the fragments print the attractors and the start; the figures draw every name
    for name in names.values():
        assert name in shown, name
    assert TITLES[lang] in shown


def test_the_figures_of_the_example_draw_every_name(hostile_site):
    import xml.etree.ElementTree as ET

    site, names = hostile_site
    for figure, example in (("ex6-2-graph", "exercise-6-2"), ("ex1-3-graph", "exercise-1-3")):
        svg = ET.fromstring((site / "figures" / f"{figure}.svg").read_bytes())
        texts = {t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")}
        mine = {v for k, v in names.items() if k.startswith(example + ":")}
        assert mine and mine <= texts, figure
        assert not list(svg.iter("{http://www.w3.org/2000/svg}script"))


def _pdf_text(path: Path) -> str:
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.split())


def test_a_statement_changed_in_its_source_shows_on_the_chapter_the_book_and_the_sheet(
        edited_copy):
    copy, _ = edited_copy
    env = dict(os.environ, PYTHONPATH=str(copy / "src"))
    book = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from coursebuild.documents import book; site = Path('site'); "
         "figures = book.figure_metrics(site); "
         "[sys.stdout.write(book.book_source(lang, 'students', site, figures)[0]) "
         "for lang in ('fr', 'en')]"],
        cwd=copy, env=env, capture_output=True, text=True, check=False)
    assert book.returncode == 0, book.stderr[-3000:]
    for lang in ("fr", "en"):
        page = (copy / "site" / ("" if lang == "fr" else "en") / "plays" / "index.html")
        html = page.read_text(encoding="utf-8")
        assert html.count(SAID[lang]) == 1                                  # the chapter
        assert SAID[lang] not in (ROOT / "site" / ("" if lang == "fr" else "en") / "plays" /
                                  "index.html").read_text(encoding="utf-8")
        assert book.stdout.count(SAID[lang]) == 1                           # the book
        sheet = _pdf_text(copy / "build" / "handout" / f"handout-{lang}.pdf")
        assert SAID[lang] in sheet                                          # the sheet
        assert ("Exercice 2.3 (un match nul)" if lang == "fr" else
                "Exercise 2.3 (a draw)") in sheet
