"""The site as a student's phone receives it (``bench.py --only phone``).

Chromium with a mid-range phone's profile: a 390 × 844 screen (touch, 3 pixels per CSS
pixel), its CPU slowed four times (``Emulation.setCPUThrottlingRate``), on "slow 4G"
(1.6 Mbps down, 150 ms of round trip). The built site is served by :class:`PagesServer`
as GitHub Pages serves it: under a project path, text compressed (gzip), each file with
its ETag and ``max-age=600``. The network is slowed there, at the server, for every
request: DevTools' own throttling (``Network.emulateNetworkConditions``) slows the page's
requests only, not those of its workers nor of its service worker, which fetch Python.

Per page and language, on a first visit (a fresh browser profile): the bytes over the wire
by type and the requests (counted by the server: what went on the wire, workers' and
service worker's included), the first contentful paint, the longest main-thread task
after it, and the time from a tap on the page's widget (the stepper's "next", the practice
page's New variant) to its answer on the screen; then the same page visited again, the
browser's HTTP cache emptied first (as Pages' ten minutes of freshness would have let its
files go): what goes on the wire then is what the service worker does not have. Speed
is measured here, never asserted; the facts that cannot drift (no widget script where
there is no widget, no Python before an action, no search index before a search, nothing
new on a second visit) are asserted by tests/commands/test_phone.py, with the same server.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import http.server
import mimetypes
import re
import sys
import threading
import time
from collections.abc import Iterator
from email.utils import formatdate
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
PREFIX = "/arena/"
VIEWPORT = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
DOWN_BYTES_PER_S = 1.6e6 / 8        # "slow 4G": 1.6 Mbps
ROUND_TRIP_S = 0.150
COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml",
              "application/xml", "application/wasm", "text/javascript")
PAGES = ("bibliography/", "attractors/", "practice/")
"""A page with no maths nor widget, a chapter with its steppers, the practice page."""

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")


def kind(path: str) -> str:
    """What a request brought, by its file's name: the table's columns."""
    name = path.rsplit("/", 1)[-1]
    if name.endswith(".html") or "." not in name:
        return "html"
    suffix = name.rsplit(".", 1)[-1]
    if suffix in ("js", "mjs"):
        return "python" if "/pyodide/" in path else "js"
    if suffix in ("wasm", "zip") or "/pyodide/" in path:
        return "python"
    return {"css": "css", "woff2": "font", "woff": "font", "ttf": "font", "svg": "image",
            "png": "image", "json": "json", "xml": "other"}.get(suffix, "other")


class Pacer:
    """One downlink shared by every response: bytes leave at DOWN_BYTES_PER_S in all, each
    response after a round trip."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.free_at = 0.0
        self.lock = threading.Lock()

    def wait(self, size: int) -> None:
        if not self.rate:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.rate
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: PagesServer

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        path = unquote(urlparse(self.path).path)
        srv = self.server
        if srv.paced:
            time.sleep(ROUND_TRIP_S)
        file = None
        if path.startswith(PREFIX):
            rel = path[len(PREFIX):]
            candidate = (srv.folder / rel).resolve()
            if srv.folder in candidate.parents or candidate == srv.folder:
                if candidate.is_dir():
                    if not path.endswith("/"):
                        return self._send(301, b"", "text/html", {"Location": path + "/"},
                                          path)
                    candidate = candidate / "index.html"
                file = candidate if candidate.is_file() else None
        if file is None:
            return self._send(404, b"Not Found", "text/plain", {}, path)
        body = file.read_bytes()
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        headers = {"ETag": etag, "Cache-Control": srv.cache,
                   "Last-Modified": formatdate(file.stat().st_mtime, usegmt=True),
                   "Vary": "Accept-Encoding"}
        if self.headers.get("If-None-Match") == etag:
            return self._send(304, b"", None, headers, path)
        ctype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if ctype.startswith(COMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, 6, mtime=0)
            headers["Content-Encoding"] = "gzip"
        self._send(200, body, ctype, headers, path)

    def _send(self, status: int, body: bytes, ctype: str | None, headers: dict,
              path: str) -> None:
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with self.server.lock:
            self.server.log.append((path, status, len(body) + 200))
        for k in range(0, len(body), 16384):
            chunk = body[k:k + 16384]
            self.server.pacer.wait(len(chunk))
            self.wfile.write(chunk)


class PagesServer(http.server.ThreadingHTTPServer):
    """The built site served as GitHub Pages serves a project page (see the module's
    docstring), slowed to slow 4G with ``paced``; ``log`` lists every answer: the path, its
    status and its bytes on the wire (the body as sent, and about 200 bytes of headers)."""

    daemon_threads = True

    def __init__(self, folder: Path = SITE, paced: bool = False,
                 cache: str = "max-age=600") -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.folder = folder.resolve()
        self.paced = paced
        self.cache = cache
        self.pacer = Pacer(DOWN_BYTES_PER_S if paced else None)
        self.log: list[tuple[str, int, int]] = []
        self.lock = threading.Lock()

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)

    def taken(self) -> list[tuple[str, int, int]]:
        """The answers since the last call."""
        with self.lock:
            out, self.log[:] = list(self.log), []
        return out


@contextlib.contextmanager
def pages_server(folder: Path = SITE, paced: bool = False,
                 cache: str = "max-age=600") -> Iterator[PagesServer]:
    """A :class:`PagesServer` running while the block runs; its address is ``url``.
    ``cache``: the answers' Cache-Control (Pages' by default)."""
    server = PagesServer(folder, paced, cache)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def phone_context(browser):
    """A browser context with the phone's screen and touch, its service worker allowed."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=3, is_mobile=True,
                                  has_touch=True, service_workers="allow")
    context.set_default_timeout(300_000)
    return context


# the page's paints and long tasks, from its start
OBSERVE = """(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries())
    window.__long.push([e.startTime, e.duration]); }).observe({ type: "longtask", buffered: true });
})();"""

PAINTED = """() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const at = fcp ? fcp.startTime : null;
  const after = (window.__long || []).filter(([s]) => at !== null && s >= at);
  return { fcp: at, longest: after.reduce((m, [, d]) => Math.max(m, d), 0) };
}"""

# a tap on the widget (the stepper's "next", the practice page's New variant): where, and
# what says it is answered
TAP = {
    "attractors/": (".arena-stepper .arena-controls button >> nth=2",
                    "document.querySelector('.arena-stepper .arena-step-label').textContent"),
    "practice/": (".arena-practice-controls button >> nth=1",
                  "Boolean(document.querySelector('.arena-practice-variant form'))"),
}
# armed before the tap: the tap's time (its touchstart), and the answer's (the first frame
# after the page shows it)
ARM = """(seen) => {
  const look = new Function("return " + seen);
  const before = look();
  window.__tap = window.__answered = null;
  document.addEventListener("touchstart", () => { window.__tap = performance.now(); },
    { capture: true, once: true });
  const ob = new MutationObserver(() => {
    if (look() === before) return;
    ob.disconnect();
    requestAnimationFrame(() => { window.__answered = performance.now(); });
  });
  ob.observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


# what makes a formula unreadable at the first paint: a TeX-typesetting script fetched, or
# TeX left raw in the served HTML for a script to typeset
TYPESETTERS = ("mathjax", "tex-chtml", "tex-svg", "tex-mml", "auto-render")
RAW_TEX = re.compile(r'class="arithmatex">\s*(\\\(|\\\[|\$)')


def served_maths(html: str) -> dict:
    """The formulas of a page's HTML as the server sends it: typeset (KaTeX's HTML, with
    its MathML), left as raw TeX, and whether KaTeX's stylesheet is in the head (so that
    the first paint, which waits for it, shows them set)."""
    head = html.split("</head>", 1)[0]
    return {"typeset": html.count('<span class="katex">'),
            "mathml": html.count('<math xmlns="http://www.w3.org/1998/Math/MathML"'),
            "raw": len(RAW_TEX.findall(html)),
            "css_in_head": bool(re.search(r'<link rel="stylesheet" href="[^"]*katex[^"]*'
                                          r'\.css"', head))}


def typesetters(paths: list[str]) -> list[str]:
    """The TeX-typesetting scripts among the paths fetched."""
    return sorted(p for p in paths if p.endswith((".js", ".mjs"))
                  and any(t in p.lower() for t in TYPESETTERS))


# with JavaScript off: the page's first formula, as drawn
FIRST_FORMULA = """() => {
  const f = document.querySelector(".katex .katex-html");
  if (!f) return null;
  const r = f.getBoundingClientRect();
  const style = getComputedStyle(f);
  return { width: r.width, height: r.height, shown: style.display !== "none"
           && style.visibility !== "hidden", text: f.textContent.slice(0, 40) };
}"""


def without_javascript(browser, server: PagesServer, path: str) -> dict | None:
    """The page with JavaScript off, in a fresh profile: its first formula's box (None when
    the page has none)."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=3, is_mobile=True,
                                  has_touch=True, java_script_enabled=False)
    context.set_default_timeout(300_000)
    page = context.new_page()
    page.goto(server.url + path, wait_until="load")
    page.locator("body").wait_for()
    formula = page.evaluate(FIRST_FORMULA)
    server.taken()
    context.close()
    return formula


def maths_readable(row: dict) -> str:
    """The table's "maths readable at first paint": yes when every formula of the served
    HTML is typeset (KaTeX's HTML and MathML, its stylesheet in the head), no visit
    fetched a TeX-typesetting script, and the first formula is drawn with JavaScript off."""
    m = row["maths"]
    fetched = sorted({p.rsplit("/", 1)[-1] for v in row["first"] + row["second"]
                      for p in typesetters(v["paths"])})
    if not m["typeset"] and not m["raw"]:
        return "no maths in the page" + (f"; fetches {', '.join(fetched)}" if fetched else "")
    nojs = row["nojs"]
    drawn = all(f and f["shown"] and f["width"] > 0 and f["height"] > 0 for f in nojs)
    if m["raw"] or fetched or not m["css_in_head"] or not drawn or m["mathml"] < m["typeset"]:
        why = ([f"{m['raw']} raw TeX"] if m["raw"] else []) + \
              ([f"fetches {', '.join(fetched)}"] if fetched else []) + \
              (["KaTeX's CSS not in the head"] if not m["css_in_head"] else []) + \
              (["not drawn without JavaScript"] if not drawn else []) + \
              (["MathML missing"] if m["mathml"] < m["typeset"] else [])
        return "no: " + "; ".join(why)
    return f"yes: {m['typeset']} formulas, MathML, JS off too"


def _bytes(log: list[tuple[str, int, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for path, _status, size in log:
        out[kind(path)] = out.get(kind(path), 0) + size
    return out


def visit(context, server: PagesServer, path: str, tap: bool = True,
          again: bool = False) -> dict:
    """One visit of ``path`` (under the server's address) in ``context``'s page: what went
    over the wire, the paint, the longest task after it, the tap's answer. ``again``: a
    visit after the browser's own cache has let its files go (Pages keeps them fresh 10
    minutes), so that what the page does not fetch is the service worker's doing."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    if again:
        cdp.send("Network.clearBrowserCache")
    page.add_init_script(OBSERVE)
    server.taken()
    page.goto(server.url + path, wait_until="load")
    page.wait_for_load_state("networkidle")
    out = page.evaluate(PAINTED)
    # the service worker has taken what the first visit fetched before it was there
    page.evaluate("navigator.serviceWorker && navigator.serviceWorker.ready.then(() => null)")
    page.wait_for_timeout(1000)
    loaded = server.taken()
    out["tap"] = None
    widget = TAP.get(path.removeprefix("en/"))
    if tap and widget:
        page.evaluate(ARM, widget[1])
        page.locator(widget[0]).tap()
        page.wait_for_function("window.__answered !== null", polling=100)
        out["tap"] = page.evaluate("window.__answered - window.__tap")
    out["requests"] = len(loaded)
    out["bytes"] = _bytes(loaded)
    out["paths"] = sorted({p for p, _, _ in loaded})
    page.close()
    return out


def phone_rows(quick: bool = False, rounds: int = 3) -> list[dict]:
    """Each page in each language, ``rounds`` times in interleaved rounds, each round in
    fresh profiles: a first visit, then a second one."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browsing import launch
    from playwright.sync_api import sync_playwright

    if not (SITE / "sw.js").exists():
        raise SystemExit("bench phone: build the site first (make site)")
    rows = {(lang, p): {"page": p, "lang": lang, "first": [], "second": [], "nojs": [],
                        "maths": served_maths((SITE / ("en/" if lang == "en" else "") / p
                                               / "index.html").read_text(encoding="utf-8"))}
            for p in PAGES for lang in ("fr", "en")}
    with pages_server(paced=True) as server, sync_playwright() as pw:
        browser = launch(pw)
        for _ in range(1 if quick else rounds):
            for (lang, p), row in rows.items():
                context = phone_context(browser)
                path = ("en/" if lang == "en" else "") + p
                first = visit(context, server, path)
                second = visit(context, server, path, tap=False, again=True)
                context.close()
                row["nojs"].append(without_javascript(browser, server, path))
                row["first"].append(first)
                row["second"].append(second)
                print(f"  {lang} {p}: {sum(first['bytes'].values()) / 1000:.0f} kB, "
                      f"{first['requests']} requests, FCP {first['fcp']:.0f} ms; again "
                      f"{sum(second['bytes'].values()) / 1000:.1f} kB", file=sys.stderr,
                      flush=True)
        browser.close()
    return list(rows.values())


TYPES = ("html", "css", "js", "font", "image", "json", "python", "other")


def phone_table(rows: list[dict]) -> list[str]:
    from bench_common import spread

    n = len(rows[0]["first"])
    lines = ["The site on a phone (`scripts/bench_phone.py`): Chromium at 390 × 844, CPU "
             f"slowed ×{CPU_SLOWDOWN}, slow 4G (1.6 Mbps, 150 ms) at the server, which "
             "serves the built site as GitHub Pages does (gzip, ETag). kB over the wire "
             "(compressed), counted by the server, workers' and service worker's requests "
             f"included; times in ms, median (min-max) of {n} runs, each in a fresh "
             "profile. Tap: the stepper's next step, the practice page's first variant "
             "(Python's download included). Again: the same page visited a second time, "
             "the browser's HTTP cache emptied (as after Pages' 10 minutes). Maths readable "
             "at first paint: every formula of the HTML as served is KaTeX's (HTML and "
             "MathML, its stylesheet in the head, which the first paint waits for), "
             "neither visit fetched a TeX-typesetting script (MathJax), and the first "
             "formula is drawn with JavaScript off.",
             "",
             "| page | kB | of which js / css / font / python | requests | first paint | "
             "longest task after it | tap → answer | again: kB, requests | "
             "maths readable at first paint |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        first, second = r["first"], r["second"]
        total = [sum(v["bytes"].values()) / 1000 for v in first]
        parts = " / ".join(f"{sum(v['bytes'].get(t, 0) for v in first) / n / 1000:.0f}"
                           for t in ("js", "css", "font", "python"))
        taps = [v["tap"] for v in first if v["tap"] is not None]
        again = [sum(v["bytes"].values()) / 1000 for v in second]
        lines.append(
            f"| {r['lang']} {r['page']} | {spread(total, 0)} | {parts} | "
            f"{spread([v['requests'] for v in first], 0)} | "
            f"{spread([v['fcp'] for v in first], 0)} | "
            f"{spread([v['longest'] for v in first], 0)} | "
            f"{spread(taps, 0) if taps else '–'} | "
            f"{spread(again, 1)}, {spread([v['requests'] for v in second], 0)} | "
            f"{maths_readable(r)} |")
    return lines


if __name__ == "__main__":
    print("\n".join(phone_table(phone_rows("--quick" in sys.argv))))
