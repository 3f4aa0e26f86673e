"""Serve this course on your own computer and open it in the browser.

    python3 serve.py              (Linux, macOS; or double-click serve.command on macOS)
    py serve.py                   (Windows; or double-click serve.bat)

Browsers refuse to run Python (Web Workers, WebAssembly) in a page opened from a folder;
served from 127.0.0.1 by this script, the exercises and every other page work, offline.
Nothing is reachable from another computer. Ctrl+C stops it. Options: --port N (default:
a free port), --no-browser.
"""

import argparse
import contextlib
import functools
import http.server
import ipaddress
import sys
import threading
import webbrowser
from pathlib import Path

HERE = Path(__file__).resolve().parent


def host_allowed(host, bound):
    """Whether a request's ``Host`` header may be answered by a server bound to the
    address ``bound``: ``localhost`` and the bound address (any address written as
    numbers when it is bound to all of them), with or without a port. Any other name is
    refused: a page of another site could otherwise read this one through a name of its
    own that resolves to 127.0.0.1 (DNS rebinding).

    >>> hosts = ("127.0.0.1:8000", "localhost", "evil.test:8000", None)
    >>> [host_allowed(h, "127.0.0.1") for h in hosts]
    [True, True, False, False]
    >>> host_allowed("[::1]:8000", "::1"), host_allowed("10.0.0.2:80", "0.0.0.0")
    (True, True)
    """
    if not host:
        return False
    name = host.strip().lower()
    if name.startswith("["):                     # [IPv6]:port
        name = name[1:name.find("]")] if "]" in name else ""
    elif name.count(":") == 1:
        name = name.rsplit(":", 1)[0]
    if name in ("localhost", bound.lower()):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return bound in ("0.0.0.0", "::", "")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):        # quiet: one line at start is enough
        pass

    def parse_request(self):
        if not super().parse_request():
            return False
        if not host_allowed(self.headers.get("Host"), self.server.server_address[0]):
            self.send_error(400, "Host not allowed: open the course at 127.0.0.1 or localhost")
            return False
        return True


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve the course on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the browser")
    args = parser.parse_args(argv)
    handler = functools.partial(Handler, directory=str(HERE))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    except OSError as exc:
        print(f"serve.py: cannot listen on port {args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    print(f"The course is at {url} (Ctrl+C stops)", flush=True)
    if not args.no_browser:
        threading.Timer(0.3, webbrowser.open, [url]).start()
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
