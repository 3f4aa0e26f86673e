"""Serve this course on your own computer and open it in the browser.

    python3 serve.py              (Linux, macOS; or double-click serve.command on macOS)
    py serve.py                   (Windows; or double-click serve.bat)

Browsers refuse to run Python (Web Workers, WebAssembly) in a page opened from a folder;
served from 127.0.0.1 by this script, the exercises and every other page work, offline.
Nothing is reachable from another computer. Ctrl+C stops it. Options: --port N (default:
a free port), --no-browser.

Only the files of this folder are served (no path leads out of it, not even through a
link), only to this computer (a request naming another host or coming from another
site's page is refused), and a request that never ends is cut after a few seconds.
"""

import argparse
import contextlib
import functools
import http.server
import ipaddress
import os
import socket
import sys
import threading
import time
import urllib.parse
import webbrowser
from pathlib import Path

HERE = Path(__file__).resolve().parent

HEAD_SECONDS = 10
"""How long a connection may take to send its request's line and headers."""
IDLE_SECONDS = 30
"""How long a connection may stay silent (reading or writing) once its request is read."""


def _name_of(host):
    """The host name of a ``Host`` value (``name``, ``name:port``, ``[IPv6]:port``),
    lower case, or ``None`` when it is not one."""
    name = host.strip().lower()
    if name.startswith("["):                     # [IPv6]:port
        end = name.find("]")
        rest = name[end + 1:] if end > 0 else "x"
        if rest and not (rest[0] == ":" and rest[1:].isdigit()):
            return None
        return name[1:end]
    if name.count(":") == 1:
        name, port = name.split(":")
        if not port.isdigit():
            return None
    return name


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
    >>> [host_allowed(h, "127.0.0.1") for h in ("localhost.evil", "127.0.0.1.nip.io",
    ...                                         "localhost:80x", "[::1]evil")]
    [False, False, False, False]
    """
    if not host:
        return False
    name = _name_of(host)
    if name is None:
        return False
    if name in ("localhost", bound.lower()):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return bound in ("0.0.0.0", "::", "")


def origin_allowed(origin, host):
    """Whether a request's ``Origin`` header (sent by a browser for a page's scripts)
    names this server: absent, or ``http://`` and the very ``Host`` the request was sent
    to (a page of another site, or of another server on this computer, is refused; so is
    ``null``, a sandboxed or local-file page).

    >>> [origin_allowed(o, "127.0.0.1:8000") for o in (None, "http://127.0.0.1:8000",
    ...  "http://127.0.0.1:8001", "http://evil.test", "null", "https://127.0.0.1:8000")]
    [True, True, False, False, False, False]
    """
    if origin is None:
        return True
    parts = urllib.parse.urlsplit(origin.strip())
    return (parts.scheme == "http" and not parts.path and bool(host)
            and parts.netloc.lower() == host.strip().lower())


def site_file(root, target):
    """The file of the folder ``root`` that a request's target (``/a/b.html?q``) names,
    or ``None`` when it names none that may be served: a target that does not start with
    ``/``, or whose path, decoded, is not UTF-8 or holds a NUL, a backslash, a drive's
    colon or a ``..`` or ``.`` part, or that leads out of ``root`` through a link. A
    folder's target ending in ``/`` names its ``index.html``; without the ``/``, the
    folder itself (which the server redirects to its address with a ``/``).

    >>> [site_file(HERE, t) for t in ("/../etc/passwd", "/%2e%2e/x", "/a%00", "/%ff",
    ...                               "/..%5cx", "//etc/passwd", "http://h/a/")]
    [None, None, None, None, None, None, None]
    """
    if not target.startswith("/"):
        return None
    path = urllib.parse.urlsplit(target).path
    try:
        text = urllib.parse.unquote_to_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        return None
    if any(c in text for c in "\0\\:"):
        return None
    parts = [p for p in text.split("/") if p]
    if any(p in (".", "..") for p in parts):
        return None
    base = os.path.realpath(root)
    candidate = os.path.join(base, *parts)
    folder = text.endswith("/")
    if folder:
        if not os.path.isdir(candidate):
            return None
        candidate = os.path.join(candidate, "index.html")
    real = os.path.realpath(candidate)              # where its links lead
    if os.path.commonpath([base, real]) != base or not os.path.exists(real):
        return None
    if folder and not os.path.isfile(real):
        return None
    return Path(real)


class Deadlines:
    """Connections that must have sent their request's head by a time: one thread cuts
    those that have not (a client that sends a byte now and then would otherwise hold
    its connection, and a thread, for good)."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.pending = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._watch, daemon=True).start()

    def start(self, connection):
        with self.lock:
            self.pending[connection] = time.monotonic() + self.seconds

    def done(self, connection):
        with self.lock:
            self.pending.pop(connection, None)

    def _watch(self):
        while True:
            time.sleep(0.5)
            now = time.monotonic()
            with self.lock:
                late = [c for c, t in self.pending.items() if t < now]
                for connection in late:
                    del self.pending[connection]
            for connection in late:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)


class Guarded:
    """What both of the course's servers do before they read a request: the connection
    times out when silent, and must send its request's head within ``HEAD_SECONDS``. Mixed
    into a request handler (``http.server``'s or ``wsgiref``'s) that sets ``deadlines``."""

    timeout = IDLE_SECONDS
    deadlines = None

    def setup(self):
        super().setup()
        self.deadlines.start(self.connection)

    def parse_request(self):
        try:
            return super().parse_request()      # reads the headers
        finally:
            self.deadlines.done(self.connection)     # the head is read (or refused)

    def finish(self):
        self.deadlines.done(self.connection)
        with contextlib.suppress(OSError):
            super().finish()


def refusal(headers, bound):
    """Why a request is refused before it is served (one line), or ``None``: a ``Host``
    that is not this computer's (DNS rebinding), an ``Origin`` that is not this server."""
    host = headers.get("Host")
    if not host_allowed(host, bound):
        return "Host not allowed: open the course at 127.0.0.1 or localhost"
    if not origin_allowed(headers.get("Origin"), host):
        return "Origin not allowed: only this server's own pages may ask it"
    return None


class Handler(Guarded, http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):        # quiet: one line at start is enough
        pass

    def parse_request(self):
        if not super().parse_request():
            return False
        why = refusal(self.headers, self.server.server_address[0])
        if why:
            self.send_error(400 if why.startswith("Host") else 403, why)
            return False
        return True

    def send_head(self):
        self.resolved = site_file(self.directory, self.path)
        if self.resolved is None:
            self.send_error(404, "File not found")
            return None
        return super().send_head()

    def translate_path(self, path):
        return str(self.resolved)        # what send_head checked

    def list_directory(self, path):      # a folder without index.html: nothing to list
        self.send_error(404, "File not found")


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128        # many connections at once wait to be accepted

    def handle_error(self, request, client_address):
        """A connection cut or timed out: nothing to say (the next one is served)."""
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve the course on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the browser")
    args = parser.parse_args(argv)
    guarded = type("Handler", (Handler,), {"deadlines": Deadlines(HEAD_SECONDS)})
    handler = functools.partial(guarded, directory=str(HERE))
    try:
        server = Server(("127.0.0.1", args.port), handler)
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
