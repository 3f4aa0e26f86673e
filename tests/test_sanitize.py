"""The SVG sanitiser every page that runs Python shares (docs/assets/javascripts/sanitize.js,
issue 38): a drawing from code run in the page keeps what Graphviz draws and loses anything
that could run script, reach another host or restyle the page. Checked in Chromium on a
blank page holding the script alone (no site needed), each hostile drawing inserted into
the page as the design and notebook pages insert it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsing import CHROMIUM, NO_CHROMIUM

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs/assets/javascripts/sanitize.js"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
# each would run script, leave the site, restyle the page or smuggle HTML in, unsanitised
ATTACKS = {
    "script": HEAD + '<script>window.hit = 1</script><g class="node"><text>a</text></g></svg>',
    "event": HEAD + '<g onload="window.hit = 1" onclick="window.hit = 1"><rect width="5" '
             'height="5" onmouseover="window.hit = 1"/></g></svg>',
    "svg-event": HEAD.replace("<svg ", '<svg onload="window.hit = 1" ') + "</svg>",
    "link": HEAD + '<g id="a_node1"><a xlink:href="javascript:window.hit=1" href="javascript:'
            'window.hit=1" target="_top" xlink:title="tip"><ellipse rx="9" ry="9"/></a></g></svg>',
    "outside-link": HEAD + '<a href="https://example.org/"><text>go</text></a></svg>',
    "style": HEAD + '<defs><style>body { display: none }</style></defs><text>x</text></svg>',
    "style-attribute": HEAD + '<g style="position: fixed; inset: 0; background: url('
                       'https://example.org/x.png)"><text>x</text></g></svg>',
    "foreign": HEAD + '<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/'
               '1999/xhtml"><img src="https://example.org/x.png" onerror="window.hit = 1"/>'
               '</div></foreignObject></svg>',
    "outside-fill": HEAD + '<rect width="5" height="5" fill="url(https://example.org/a.svg#g)"'
                    ' filter="url(https://example.org/f.svg#f)"/></svg>',
    "css-escape": HEAD + '<rect width="5" height="5" fill="\\75 rl(https://example.org/a#g)"/>'
                  "</svg>",
    "use": HEAD + '<use href="https://example.org/a.svg#x"/><image href="https://example.org/'
           'x.png"/></svg>',
    "animate": HEAD + '<a><animate attributeName="href" to="javascript:window.hit=1"/>'
               '<set attributeName="onclick" to="window.hit=1"/><text>x</text></a></svg>',
    "html-script": HEAD + '<script xmlns="http://www.w3.org/1999/xhtml">window.hit = 1'
                   "</script></svg>",
    "root-class": HEAD.replace("<svg ", '<svg class="md-header" ') + "</svg>",
}


@pytest.fixture(scope="module")
def blank(browser):
    context = browser.new_context()
    outside: list[str] = []

    def route(r):
        outside.append(r.request.url)
        r.abort()

    context.route("http*://**/*", route)
    page = context.new_page()
    page.set_content("<!doctype html><html><body><main></main></body></html>")
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    yield page, outside
    context.close()


INSERT = """(text) => {
  const svg = window.arenaSanitizeSVG(text);
  const main = document.querySelector('main');
  main.replaceChildren(...(svg ? [svg] : []));
  // what a student would do: click and point at everything drawn
  for (const n of main.querySelectorAll('*')) {
    n.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    n.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  }
  return {text: window.arenaSanitizeSVG.text(text), html: main.innerHTML,
          hit: window.hit || 0, hidden: getComputedStyle(document.body).display === 'none',
          fixed: svg ? [...main.querySelectorAll('*')].some((n) =>
            getComputedStyle(n).position === 'fixed') : false};
}"""


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_hostile_drawing_loses_what_could_harm(blank, attack):
    page, outside = blank
    out = page.evaluate(INSERT, ATTACKS[attack])
    lowered = out["html"].lower()
    assert out["hit"] == 0 and not out["hidden"] and not out["fixed"]
    for word in ("<script", "<style", "foreignobject", "javascript:", "href", "onload",
                 "onclick", "onmouse", "example.org", "<use", "<image", "<animate", "<set",
                 "md-header", "\\75"):
        assert word not in lowered, (attack, out["html"])
    assert out["text"] is not None and "<svg" in out["text"]
    assert outside == []


def test_what_graphviz_draws_is_kept(blank):
    page, _ = blank
    figures = sorted((ROOT / "docs/figures").glob("*.svg"))
    if not figures:
        pytest.skip("the figures are built by make site")
    # the course's figures, their embedded font (a <style>) aside: every shape, text, id,
    # class, colour and tooltip stays
    changed = page.evaluate("""(texts) => texts.map((text) => {
      const seen = (root) => [...root.querySelectorAll('*')].map((n) => [n.localName,
        n.id, n.getAttribute('class'), n.getAttribute('fill'), n.getAttribute('points'),
        n.getAttributeNS('http://www.w3.org/1999/xlink', 'title'), n.childElementCount
          ? '' : n.textContent].join('|')).join('\\n');
      const before = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      before.querySelectorAll('style').forEach((s) => s.remove());
      before.querySelectorAll('defs:empty').forEach((s) => s.remove());
      const after = window.arenaSanitizeSVG(text);
      after.querySelectorAll('defs:empty').forEach((s) => s.remove());
      return seen(before) === seen(after) && after.querySelectorAll('text').length > 0;
    })""", [f.read_text(encoding="utf-8") for f in figures])
    assert [f.name for f, ok in zip(figures, changed) if not ok] == []


@pytest.mark.parametrize("text", ["", "not svg", "<html><body/></html>", "<svg><g></svg>",
                                  '<svg xmlns="http://www.w3.org/1999/xhtml"></svg>'])
def test_what_is_not_an_svg_gives_nothing(blank, text):
    page, _ = blank
    assert page.evaluate("(t) => [window.arenaSanitizeSVG(t), window.arenaSanitizeSVG.text(t)]",
                         text) == [None, None]


@pytest.mark.parametrize("page", ["design/index.html", "en/design/index.html",
                                  "notebooks/01-modelling/index.html",
                                  "en/notebooks/01-modelling/index.html"])
def test_the_pages_load_the_sanitiser_before_the_scripts_that_use_it(site, page):
    """The widgets' scripts come through loader.js (each on the pages with its widget):
    the page loads the loader, and every widget whose scripts call arenaSanitizeSVG loads
    sanitize.js before them (the loader runs its scripts in the order listed)."""
    if not (site / page).exists():
        pytest.skip(f"no {page} in this site")
    html = (site / page).read_text(encoding="utf-8")
    scripts = [m.split("/")[-1] for m in re.findall(r'<script src="([^"?]+)', html)]
    assert "loader.js" in scripts
    assert "sanitize.js" not in scripts        # not on every page: the loader brings it
    folder = site / "assets" / "javascripts"
    users = {f.name for f in folder.glob("*.js")
             if "arenaSanitizeSVG" in f.read_text(encoding="utf-8") and f.name != "sanitize.js"}
    assert {"design.js", "notebook.js", "practice.js"} <= users
    loader = (folder / "loader.js").read_text(encoding="utf-8")
    lists = [re.findall(r'"([\w-]+\.js)"', row)
             for row in re.findall(r"\[\s*\"[^\"]+\",\s*\[([^\]]*)\]\]", loader)]
    assert len(lists) >= 4
    for names in lists:
        for name in set(names) & users:
            assert "sanitize.js" in names and names.index("sanitize.js") < names.index(name), names
