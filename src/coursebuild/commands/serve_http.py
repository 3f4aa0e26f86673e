"""What ``make serve``'s server answers (:mod:`coursebuild.commands.serve` builds): the files of
``site/`` and MkDocs' live-reload requests, only to this computer, with the state of the
builds over the pages.

Its rules are the zip's launcher's (:mod:`coursebuild.commands.launcher.serve`, which runs alone
in the students' folder, so it holds them): a ``Host`` that is not this computer's (DNS
rebinding) or an ``Origin`` that is not this server is refused, a path is a file of the
site or nothing (no ``..``, no link out of it, no NUL nor invalid UTF-8), and a
connection has a few seconds to send its request.
"""

from __future__ import annotations

import html
import os
import sys
import time
import urllib.parse
from pathlib import Path

from coursebuild.commands.launcher.serve import HEAD_SECONDS, Deadlines, Guarded, refusal, site_file

OVERLAY = """<div id="arena-serve-error" role="alert" style="position:fixed;inset:auto 0 0 0;
z-index:10000;max-height:45vh;overflow:auto;margin:0;padding:1em 1.5em;background:#fff4f0;
color:#3b1200;border-top:4px solid #b33000;font:14px/1.5 monospace;white-space:pre-wrap">
<strong>make serve: the last build failed; this page is the last good one.</strong>
<strong>make serve : la dernière construction a échoué ; cette page est la dernière bonne.</strong>
{message}</div>"""

BUILDING = """<div id="arena-serve-building" role="status" style="position:fixed;inset:0 0 auto 0;
z-index:10001;margin:0;padding:.5em 1.5em;background:#eef2ff;color:#10204b;
border-bottom:4px solid #3f51b5;font:14px/1.5 sans-serif">
<strong>make serve: {en}; this page is the last good one and reloads by itself when the
build is done.</strong><br lang="fr"><span lang="fr">make serve : {fr} ; cette page est la
dernière bonne et se recharge d'elle-même une fois la construction finie.</span></div>"""

BUILDING_WORDS = {
    "full": ("a rebuild of both languages in full is under way (a few minutes when the "
             "library or a figure changed)",
             "les deux langues sont reconstruites entièrement (quelques minutes si la "
             "bibliothèque ou une figure a changé)"),
    "products": ("a rebuild is under way (figures, fragments, notebooks)",
                 "une reconstruction est en cours (figures, fragments, carnets)"),
    "pages": ("the pages changed are being rendered again",
              "les pages modifiées sont en train d'être produites à nouveau"),
}
"""What the page says while a build runs, by the step it is at (:class:`Builder`)."""


NO_SERVICE_WORKER = b"""// make serve: no service worker (the site's sw.js keeps the files of one
// build, and the preview's pages change at each save): this one drops what one kept
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(caches.keys()
  .then((names) => Promise.all(names.map((name) => caches.delete(name))))
  .then(() => self.registration.unregister())));
"""
"""What ``make serve`` answers for ``sw.js`` (the site's service worker,
:mod:`coursebuild.commands.site`): a worker that removes itself and what an earlier one kept."""


def overlay(content: bytes, error: str | None, building: str | None = None) -> bytes:
    """A served page with, while the last build has failed, the error on top of it (it
    names the file and the line), and while a build runs, a line saying so; the next good
    build takes them away."""
    blocks = b""
    if building:
        en, fr = BUILDING_WORDS.get(building, BUILDING_WORDS["products"])
        blocks += BUILDING.format(en=en, fr=fr).encode()
    if error:
        blocks += OVERLAY.format(message=html.escape(error)).encode()
    if not blocks:
        return content
    end = content.rfind(b"</body>")
    end = len(content) if end < 0 else end
    return content[:end] + blocks + content[end:]


FIRST_BUILD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>make serve: building the site</title></head>
<body style="font:16px/1.5 sans-serif;max-width:40em;margin:3em auto;color:#10204b">
<p><strong>make serve: the site is being built for the first time</strong> (figures, exercise
sheets, fragments, notebooks, then both languages; the terminal shows each step). This page
asks again every 3 seconds and shows the course as soon as its page is built.</p>
<p lang="fr"><strong>make serve : le site est construit pour la première fois</strong> (figures,
feuilles d'exercices, fragments, carnets, puis les deux langues ; le terminal montre chaque
étape). Cette page redemande toutes les 3 secondes et montre le cours dès que sa page est
construite.</p></body></html>
"""
"""What a page of a site not built yet answers while the first build runs."""


def serve_file(server, environ, start_response):
    """A file of the site, at once: MkDocs' server holds every request until a build ends
    (minutes for a full one); this one serves the last good site meanwhile (a page says
    that a build is under way, :func:`overlay`, and reloads when it is done). ``site/``
    changes file by file (each replaced whole) or, after a full build, by a swap of
    folders: a file missing while a build runs is looked for again for a moment."""
    import io

    path = environ["PATH_INFO"].encode("latin-1")
    target = urllib.parse.quote(path, safe="/")
    if path == b"/" and server.mount_path != "/":
        start_response("302 Found", [("Location", urllib.parse.quote(server.mount_path))])
        return []
    if not target.startswith(server.mount_path.rstrip("/") + "/"):
        return None
    target = target[len(server.mount_path.rstrip("/")):]
    if target == "/sw.js":              # the preview's pages change under it: no cache
        start_response("200 OK", [("Content-Type", "text/javascript"),
                                  ("Content-Length", str(len(NO_SERVICE_WORKER))),
                                  ("Cache-Control", "no-cache")])
        return [NO_SERVICE_WORKER]
    epoch = server._visible_epoch
    deadline = time.monotonic() + 5
    while True:
        found = site_file(server.root, target)     # None: not a file of the site
        if found is not None and found.is_dir():
            start_response("302 Found", [("Location", urllib.parse.quote(path) + "/")])
            return []
        if found is not None:
            try:
                file = open(found, "rb")     # noqa: SIM115 (closed by the WSGI server)
                break
            except OSError:
                pass
        if found is None and getattr(server.builder, "building", None) and \
                not (Path(server.root) / "index.html").exists():
            body = FIRST_BUILD.encode()       # the first build: nothing to show yet
            start_response("503 Service Unavailable", [
                ("Content-Type", "text/html; charset=utf-8"), ("Retry-After", "3"),
                ("Content-Length", str(len(body)))])
            return [body]
        if server._visible_epoch == server._wanted_epoch or time.monotonic() > deadline:
            return None                 # not found (and no build about to put it back)
        time.sleep(0.1)
    file_path = str(found)
    if server._watched_paths and file_path.endswith(".html"):
        with file:
            content = server._inject_js_into_html(file.read(), epoch)
        file = io.BytesIO(content)
        length = len(content)
    else:
        length = os.fstat(file.fileno()).st_size
    start_response("200 OK", [("Content-Type", server._guess_type(file_path)),
                              ("Content-Length", str(length))])
    import wsgiref.util

    return wsgiref.util.FileWrapper(file)


def make_server(builder, host: str, port: int, root: Path,
                head_seconds: float = HEAD_SECONDS):
    """MkDocs' live-reload server for ``root``, not yet listening (its ``serve`` binds
    it), answering only requests to this computer (:func:`coursebuild.commands.launcher.serve.
    refusal`: the launcher's rules) for files of ``root`` (:func:`site_file`), each
    connection given ``head_seconds`` to send its request (``Guarded``); the pages served
    show the state of ``builder``'s builds (:func:`overlay`)."""
    from mkdocs.livereload import LiveReloadServer, _Handler

    class Handler(Guarded, _Handler):
        deadlines = Deadlines(head_seconds)

    class Server(LiveReloadServer):
        request_queue_size = 128        # many connections at once wait to be accepted

        def _inject_js_into_html(self, content, epoch):
            return overlay(super()._inject_js_into_html(content, epoch),
                           getattr(builder, "error", None), getattr(builder, "building", None))

        def _serve_request(self, environ, start_response):
            # another site's name for this address (DNS rebinding), another site's page
            why = refusal({"Host": environ.get("HTTP_HOST"),
                           "Origin": environ.get("HTTP_ORIGIN")}, host)
            if why:
                status = "400 Bad Request" if why.startswith("Host") else "403 Forbidden"
                start_response(status, [("Content-Type", "text/plain")])
                return [f"{status}: {why}".encode()]
            if environ.get("PATH_INFO", "").startswith("/livereload/"):
                return super()._serve_request(environ, start_response)
            return serve_file(self, environ, start_response)   # 404 for no file of root

        def handle_error(self, request, client_address):
            """A connection cut or timed out: nothing to say (the next one is served)."""
            if not isinstance(sys.exc_info()[1], OSError):
                super().handle_error(request, client_address)

    server = Server(builder=builder, host=host, port=port, root=str(root),
                    polling_interval=0.25)
    server.RequestHandlerClass = Handler
    return server


def port_problem(host: str, port: int) -> str | None:
    """Why ``make serve`` cannot listen on ``host:port``, in one line, or ``None``."""
    import socket

    if not 0 < port < 65536:
        return f"port {port} is not a port number (1 to 65535): make serve PORT=8001"
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as the server
            probe.bind((host, port))
    except OSError as exc:
        return (f"cannot listen on {host}:{port} ({exc.strerror}): another server may be "
                f"using it; choose another port: make serve PORT={port + 1}")
    return None
