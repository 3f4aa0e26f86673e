"""Browser helpers shared by the browser tests: Debian's Chromium, a server that serves
``site/`` under the path of its ``site_url``, a page visit that blocks and records
every request leaving localhost, and waits for what a page shows.

Which browser, and why: every test and bench starts its browser with :func:`launch`, the
one place that does: Debian's Chromium (``/usr/bin/chromium``, the ``chromium`` package
``make test`` installs), headless, ``--no-sandbox`` (a container's root user has no
sandbox). Never a browser Playwright finds in its own cache (``~/.cache/ms-playwright``):
its version is whatever an earlier ``playwright install`` left there, unpinned, a
different build from the one the project states it tests (``test_browser`` checks the
version and that no other file calls ``.launch(``).

Reading a page: an event (a click, a Check's result) may change the page a moment after
the call returns, more so on a busy machine. A test never reads a text once right after
an event and compares: it waits for the condition (:func:`shows`, :func:`expect`), up to
:data:`WAIT` ms."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
PREFIX = "/arena/"          # served under a path, as a project page of GitHub Pages
# Every request to another host than this machine goes to a proxy that is not there (port
# 9, the discard service, which nothing here serves) and fails: Chromium sends loopback
# addresses past any proxy. So a test's page never reaches the network, without a route:
# routing every request through Playwright would cost each a round trip to the test and
# turn the HTTP cache off (a worker's Pyodide fetched and compiled again at each Check).
# The requests that leave are recorded from the context's events (:func:`visits_context`).
OUTSIDE_REFUSED = "--proxy-server=http://127.0.0.1:9"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", OUTSIDE_REFUSED]
NO_CHROMIUM = ("Debian's Chromium is not installed (make test installs it with apt-get "
               "when it runs as root or may sudo)")
# how long a test waits for the page to show what an event should show (ms): long, as a
# loaded machine is slow; a page that is right shows it at once and the wait ends then
WAIT = 120_000


# What a test's browser never shows but Chromium makes for each context: the address bar's
# popup, a page of Chromium's own (chrome://omnibox-popup.top-chrome) loaded in advance in
# a renderer of its own. Turned off, a visit costs a quarter less CPU time (issue 50).
NOT_SHOWN = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]


def playwright_disabled_features() -> list[str]:
    """The features Playwright's driver turns off in every Chromium it starts (its
    ``chromiumSwitches``: automation settings), read from the installed driver; empty
    when it cannot be read."""
    import re

    import playwright

    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    try:
        text = bundle.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.S)
    return re.findall(r'^\s*"([^"]+)"', found.group(1), re.M) if found else []


def launch(playwright):
    """Debian's Chromium, headless (see the module's docstring): the only launch. Chromium
    keeps one value of a switch given twice, so the features turned off here replace
    Playwright's own ``--disable-features`` with that list and NOT_SHOWN (test_browser
    checks that the browser runs with the whole list, once)."""
    own = playwright_disabled_features()
    if not own:
        return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                          args=ARGS)
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=[*ARGS, "--disable-features=" + ",".join(own + NOT_SHOWN)],
        ignore_default_args=["--disable-features=" + ",".join(own)])


def chromium_version() -> str:
    """The version of Debian's Chromium, as ``chromium --version`` prints it."""
    import re
    import subprocess

    done = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True,
                          check=True)
    return re.search(r"Chromium (\d+(?:\.\d+)+)", done.stdout).group(1)


class Browser:
    """A browser that comes back: the tests share one Chromium, and a test that makes it
    crash or close (a page that exhausts memory, a closed connection) would fail every
    later test of the session with ``TargetClosedError``. Each use goes to a browser that
    is still there, a fresh one launched when the last is gone, so that one failure stays
    one failure. Contexts and pages made before a crash go with it, as they should."""

    def __init__(self, playwright) -> None:
        self._playwright = playwright
        self._browser = None

    @property
    def live(self):
        if self._browser is None or not self._browser.is_connected():
            self._browser = launch(self._playwright)
        return self._browser

    def __getattr__(self, name: str):
        return getattr(self.live, name)

    def new_context(self, search: bool = False, **options):
        """A context whose waits (navigation, selectors, functions, clicks) last up to WAIT
        ms, not Playwright's 30 s a busy machine may need; its pages search an empty index
        (from :func:`served`) unless ``search``."""
        # no service worker unless asked for (test_phone): it would serve a page's files
        # from its cache, and a test that rebuilds a file must get the new one
        options.setdefault("service_workers", "block")
        context = self.live.new_context(**options)
        context.set_default_timeout(WAIT)
        context.arena_headers = {}
        if search:
            ask(context, SEARCH_HEADER)
        return context

    def new_page(self, **options):
        page = self.live.new_page(**options)
        page.set_default_timeout(WAIT)
        return page

    def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()
        self._browser = None


def widgets_drawn(page) -> None:
    """Waits until every interactive figure of the page (arena.js: steppers, games, traces)
    is drawn, or has said that it cannot be (``.broken``), and the page is measured
    (:func:`measured`)."""
    page.wait_for_function("""() => [...document.querySelectorAll(
        '.arena-stepper, .arena-game, .arena-trace')].every((b) => b.matches('.ready, .broken'))""")
    measured(page)


def measured(page) -> None:
    """Waits until course.js has measured the page's tables, code and formulas (which
    scroll alone, and are focusable, when wider than the screen): it does so in slices,
    after the page shows and after each change of width (the frame after it: two frames
    are let go first)."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_function("window.arenaMeasured !== false")


def expect(locator):
    """Playwright's waiting assertions on ``locator`` (``to_have_text``,
    ``to_contain_text``, ``to_have_attribute``, ...), each waiting up to WAIT ms."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=WAIT)
    return playwright_expect(locator)


def shows(locator, text: str | None = None, *, exactly: str | None = None,
          starts: str | None = None, timeout: float = WAIT) -> str:
    """Waits until ``locator``'s text (``inner_text``, as a reader sees it, stripped)
    contains ``text``, equals ``exactly``, or starts with ``starts``; returns that text.
    Fails with the last text seen when the page never shows it."""
    import time

    def ok(seen: str) -> bool:
        return ((text is None or text in seen) and (exactly is None or seen == exactly)
                and (starts is None or seen.startswith(starts)))

    deadline = time.monotonic() + timeout / 1000
    seen = ""
    while True:
        try:
            seen = locator.inner_text(timeout=1000).strip()
        except Exception as exc:  # noqa: BLE001 - not there yet: keep waiting
            if "Timeout" not in type(exc).__name__ and "Timeout" not in str(exc):
                raise
            seen = ""
        if ok(seen):
            return seen
        if time.monotonic() > deadline:
            raise AssertionError(f"the page shows {seen!r}, not "
                                 f"{dict(text=text, exactly=exactly, starts=starts)}")
        locator.page.wait_for_timeout(50)


# What a test's context asks of :func:`served` with a request header (:func:`ask`): the
# search index with its documents, the sitemap of this server (instant navigation)
SEARCH_HEADER = "X-Arena-Search"
INSTANT_HEADER = "X-Arena-Instant"


def ask(context, header: str) -> None:
    """Every request of ``context``'s pages carries ``header`` (with the ones asked before)."""
    context.arena_headers[header] = "1"
    context.set_extra_http_headers(context.arena_headers)


class _PrefixHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``site/`` under PREFIX only, like a project page of GitHub Pages; every
    answer is checked again at the next request (``no-cache``: a test that rebuilds a file
    gets the new one). Two files depend on the context that asks (:func:`ask`): the search
    index comes without its documents unless the request carries SEARCH_HEADER (building
    the index of every page of the language costs each page load about 0.3 CPU-s; a
    student's instant navigation builds it once; the tests of search read the real one),
    and the sitemap with INSTANT_HEADER lists the pages at this server's address, as it
    would read if the site were published here (a build without SITE_URL has an empty
    sitemap, and Material's instant navigation follows only the links it lists)."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX):
            return str(SITE / "__outside_prefix__")
        return super().translate_path("/" + path[len(PREFIX):])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        path = urlparse(self.path).path
        if path.endswith("/search/search_index.json") and not self.headers.get(SEARCH_HEADER):
            body = _without_documents(Path(self.translate_path(path)))
            return self._answer(body, "application/json") if body else super().do_GET()
        if path.endswith("/sitemap.xml") and self.headers.get(INSTANT_HEADER):
            origin = "http://" + self.headers.get("Host", "127.0.0.1")
            return self._answer(local_sitemap(origin, path, Path(self.directory)).encode(),
                                "application/xml")
        return super().do_GET()

    def _answer(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", f"{SEARCH_HEADER}, {INSTANT_HEADER}")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:  # keep the test output quiet
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """A page closed while a file was on its way (the end of a test) is no error."""
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def served(folder: Path = SITE) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 under PREFIX while the block runs; its address
    (``http://127.0.0.1:PORT/arena/``)."""
    handler = functools.partial(_PrefixHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    finally:
        server.shutdown()
        server.server_close()


def instant_navigation(browser, base_url: str, context=None):
    """A browser context (a new one, or ``context``) where Material's instant navigation
    works: :func:`served` gives its pages the sitemaps they follow as they would read if
    the site were published at this test server (:func:`local_sitemap`). Returns the
    context and the server's origin."""
    context = context if context is not None else browser.new_context()
    ask(context, INSTANT_HEADER)
    return context, base_url.split(PREFIX)[0]


def follow(page, url: str, link=None):
    """Follow a link to ``url`` from ``page`` (``link``, a locator of the page, or a link
    added to its article) as Material's instant navigation does (:func:`instant_navigation`):
    the new page's content replaces the old in the same document. Returns once the address
    is ``url`` and the old article is gone (it is marked ``data-left`` first), with the
    response that brought the new page."""
    page.evaluate("document.querySelectorAll('article')"
                  ".forEach((a) => { a.dataset.left = '1'; })")
    with page.expect_response(lambda r: r.url == url) as response:
        if link is not None:          # in a folded section of the menu, maybe: clicked
            link.evaluate("(a) => a.click()")     # as the reader's click would reach it
        else:
            page.evaluate("""(url) => {
              const link = document.createElement('a');
              link.href = url;
              link.textContent = url;
              document.querySelector('article').append(link);
              link.click();
            }""", url)
    page.wait_for_url(url)
    page.wait_for_function("() => { const a = document.querySelector('article');"
                           " return a && !a.dataset.left; }")
    return response.value


def local_sitemap(origin: str, path: str, site: Path = SITE) -> str:
    """The sitemap Material's instant navigation reads, as it would be if ``site`` were
    published at ``origin`` + PREFIX (a build without SITE_URL has an empty sitemap):
    every page of the language whose sitemap ``path`` is asked for."""
    lang_dir = site / "en" if path.startswith(PREFIX + "en/") else site
    pages = sorted(p.parent for p in lang_dir.rglob("index.html")
                   if lang_dir == site / "en" or p.relative_to(site).parts[:1] != ("en",))
    urls = "".join(f"<url><loc>{origin}{PREFIX}{p.relative_to(site).as_posix()}/"
                   .replace(f"{PREFIX}./", PREFIX) + "</loc></url>" for p in pages)
    return ('<?xml version="1.0" encoding="UTF-8"?><urlset '
            f'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>')


@functools.lru_cache(maxsize=8)
def _emptied(path: Path, stamp: tuple[int, int]) -> bytes:
    import json

    index = json.loads(path.read_text(encoding="utf-8"))
    index["docs"] = []
    return json.dumps(index).encode()


def _without_documents(path: Path) -> bytes | None:
    """The search index at ``path`` without its documents: the search's settings as built,
    and nothing to index (None when there is no such file)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return _emptied(path, (info.st_mtime_ns, info.st_size))


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")     # urlparse's hostname: no brackets


def _record_outside(seen: list[str], request) -> None:
    """Records a request to another host than this machine (refused by the browser:
    OUTSIDE_REFUSED)."""
    parts = urlparse(request.url)
    if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
        seen.append(request.url)


def visits_context(browser, dark: bool = False, search: bool = False):
    """A context for visits (:class:`Visit`): a desktop screen, outside requests refused
    (OUTSIDE_REFUSED) and recorded (``context.outside``), its pages' web sockets too. A
    test module whose pages keep nothing from one another (no storage, no settings) may
    share one between its visits: a context costs Chromium about a second of CPU time,
    the page alone less (issue 50)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  color_scheme="dark" if dark else "light", search=search)
    context.outside = []
    record = functools.partial(_record_outside, context.outside)
    context.on("request", record)
    context.on("page", lambda page: page.on("websocket", record))
    return context


class Visit:
    """A page opened in a fresh context that refuses and records outside requests, or in
    ``context`` (:func:`visits_context`) shared with other visits, closed with the page."""

    def __init__(self, browser, url: str, dark: bool = False, context=None,
                 search: bool = False) -> None:
        self.own = context is None
        self.context = visits_context(browser, dark, search) if self.own else context
        self._seen = len(self.context.outside)
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.response = self.page.goto(url, wait_until="networkidle")

    @property
    def outside(self) -> list[str]:
        """The requests to another host this visit made (all refused)."""
        return self.context.outside[self._seen:]

    def exercises_ready(self) -> None:
        """Wait until every exercise block of the page is set up: the page does it when
        its document is ready, which a busy machine may reach after the network went idle."""
        self.page.wait_for_function(
            "window.arenaExercises && window.arenaExercises.ids().length"
            " === document.querySelectorAll('.arena-exercise').length")

    def close(self) -> None:
        (self.context if self.own else self.page).close()


# the page's formulas are typeset (at build time: as the page arrives)
TYPESET = """() => document.querySelectorAll('.arithmatex').length
  === document.querySelectorAll('.arithmatex > .katex, .arithmatex > .katex-display').length"""


class Reading:
    """A page as a student reaches it: opened afresh (a :class:`Visit`), or by a link from
    the page read before it (Material's instant navigation: the new page's content
    replaces the old in the same document, scripts and formulas set up again). What the
    page logged and asked from outside is counted from its arrival. The page belongs to
    the fixture that made it (conftest's ``reader``, test_design's ``design_page``), which
    closes it: :meth:`close` leaves it open for the next test."""

    def __init__(self, visit: Visit) -> None:
        """``visit``'s page as it opened."""
        self.visit, self.page, self.context = visit, visit.page, visit.context
        self.status = visit.response.status
        self._errors_at, self._outside_at = 0, visit._seen

    @classmethod
    def by_link(cls, visit: Visit, url: str) -> Reading:
        """``visit``'s page taken to ``url`` by a link (:func:`follow`), its formulas
        typeset; what it logged and asked from outside is counted from the click."""
        reading = cls(visit)
        reading._errors_at, reading._outside_at = len(visit.errors), len(visit.context.outside)
        reading.status = follow(visit.page, url).status
        visit.page.wait_for_function(TYPESET)
        return reading

    @property
    def errors(self) -> list[str]:
        return self.visit.errors[self._errors_at:]

    @property
    def outside(self) -> list[str]:
        return self.visit.context.outside[self._outside_at:]

    def close(self) -> None:
        """The page stays open for the next reading (its reader closes it)."""
