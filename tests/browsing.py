"""Browser helpers shared by the browser tests: Debian's Chromium, a server that serves
``site/`` under the path of its ``site_url``, and a page visit that blocks and records
every request leaving localhost."""

from __future__ import annotations

import http.server
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
PREFIX = "/arena/"          # the path of the default site_url (https://example.org/arena/)
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
