"""Browser helpers shared by the browser tests: Debian's Chromium, a server that serves
``site/`` under the path of its ``site_url``, and a page visit that blocks and records
every request leaving localhost."""

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
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
NO_CHROMIUM = ("Debian's Chromium is not installed (make test installs it with apt-get "
               "when it runs as root or may sudo)")


class _PrefixHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``site/`` under PREFIX only, like a project page of GitHub Pages."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX):
            return str(SITE / "__outside_prefix__")
        return super().translate_path("/" + path[len(PREFIX):])

    def log_message(self, *args) -> None:  # keep the test output quiet
        pass


@contextlib.contextmanager
def served(folder: Path = SITE) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 under PREFIX while the block runs; its address
    (``http://127.0.0.1:PORT/arena/``)."""
    handler = functools.partial(_PrefixHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    finally:
        server.shutdown()
        server.server_close()


def local_sitemap(origin: str, path: str) -> str:
    """The sitemap Material's instant navigation reads, as it would be if the site were
    published at ``origin`` + PREFIX (a build without SITE_URL has an empty sitemap):
    every page of the language whose sitemap ``path`` is asked for."""
    lang_dir = SITE / "en" if path.startswith(PREFIX + "en/") else SITE
    pages = sorted(p.parent for p in lang_dir.rglob("index.html")
                   if lang_dir == SITE / "en" or p.relative_to(SITE).parts[:1] != ("en",))
    urls = "".join(f"<url><loc>{origin}{PREFIX}{p.relative_to(SITE).as_posix()}/"
                   .replace(f"{PREFIX}./", PREFIX) + "</loc></url>" for p in pages)
    return ('<?xml version="1.0" encoding="UTF-8"?><urlset '
            f'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>')


class Visit:
    """A page opened in a fresh context that blocks and records outside requests."""

    def __init__(self, browser, url: str, dark: bool = False) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900},
                                           color_scheme="dark" if dark else "light")
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.response = self.page.goto(url, wait_until="networkidle")
        self.page.wait_for_function("window.MathJax && MathJax.startup && MathJax.startup.promise")
        self.page.evaluate("MathJax.startup.promise")

    def _route(self, route) -> None:
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def close(self) -> None:
        self.context.close()
