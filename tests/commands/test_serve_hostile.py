"""Both of the course's servers under hostile requests (issue 62, item 14): ``make serve``'s
(:func:`coursebuild.commands.serve_http.make_server`) and the zip's launcher
(``src/coursebuild/commands/launcher/serve.py``), each serving a folder of its own in this process,
all traffic on the loopback.

Whatever the request (a path out of the folder in any spelling, a link inside the folder
that leads out, a name of another site for this address, another site's page asking, a
head or a body of 100 MB, a thousand connections that never finish their request, a NUL
or bytes that are not UTF-8 in the path), only the folder's files are ever sent, only to
this computer, and the next ordinary request is answered."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import socket
import threading
import time
from pathlib import Path

import pytest

SECRET = b"SECRET-OUTSIDE-THE-SITE"
HEAD = 2.0          # the seconds a connection has to send its request's head, here


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A site folder, beside a file and a folder that are not in it, and links inside the
    site to each of them (and one to a file of the site)."""
    top = tmp_path_factory.mktemp("hostile")
    (top / "secret.txt").write_bytes(SECRET)
    (top / "outside").mkdir()
    (top / "outside" / "index.html").write_bytes(SECRET)
    site = top / "site"
    (site / "a" / "b").mkdir(parents=True)
    (site / "index.html").write_bytes(b"<p>home</p>")
    (site / "a" / "index.html").write_bytes(b"<p>chapter</p>")
    (site / "a" / "b" / "page.html").write_bytes(b"<p>page</p>")
    (site / "empty").mkdir()
    os.symlink(top / "secret.txt", site / "out.txt")
    os.symlink("../secret.txt", site / "a" / "up.txt")
    os.symlink(top / "outside", site / "outdir")
    (site / "linked").mkdir()
    os.symlink(top / "secret.txt", site / "linked" / "index.html")
    os.symlink("a/b/page.html", site / "inside.html")
    return site


def _launcher(root: Path):
    from coursebuild.commands.launcher import serve as launcher

    handler = type("Handler", (launcher.Handler,), {"deadlines": launcher.Deadlines(HEAD)})
    server = launcher.Server(("127.0.0.1", 0), functools.partial(handler,
                                                                  directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, lambda: (server.shutdown(), server.server_close())


class _Idle:
    """A builder with no build under way and none failed."""

    error = None
    building = None

    def __call__(self) -> None:
        pass


def _make_serve(root: Path, host: str = "127.0.0.1"):
    from coursebuild.commands.serve_http import make_server

    server = make_server(_Idle(), host, 0, root, head_seconds=HEAD)
    server.server_bind()
    server.server_activate()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, lambda: (server.shutdown(), server.server_close())


SERVERS = {"launcher": _launcher, "make serve": _make_serve}


@pytest.fixture(scope="module", params=sorted(SERVERS))
def port(request, folder):
    server, stop = SERVERS[request.param](folder)
    yield server.server_address[1]
    stop()


def ask(port: int, target: bytes | str, headers: dict[str, str] | None = None,
        host: str = "127.0.0.1", body: bytes = b"", method: str = "GET") -> tuple[int, bytes]:
    """One request sent as written (no client tidies its path): the status and the body."""
    if isinstance(target, str):
        target = target.encode("latin-1")
    fields = {"Host": f"127.0.0.1:{port}", "Connection": "close", **(headers or {})}
    head = b"".join(f"{k}: {v}\r\n".encode("latin-1") for k, v in fields.items()
                    if v is not None)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(20)
        s.connect((host, port))
        s.sendall(method.encode() + b" " + target + b" HTTP/1.1\r\n" + head + b"\r\n" + body)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]


def _ordinary(port: int) -> None:
    """The next ordinary request is answered, with the page."""
    assert ask(port, "/a/b/page.html") == (200, b"<p>page</p>")


# every spelling of "the folder above" and of "a path elsewhere"
UP = ["..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "%252e%252e", "%c0%ae%c0%ae", "..%00",
      "%2e%2e%00"]
SEPARATORS = ["/", "%2f", "%2F", "\\", "%5c", "%5C", "%255c", "//"]
TRAVERSALS = sorted({f"{start}{(up + sep) * depth}{name}"
                     for start, up, sep, depth, name in itertools.product(
                         ("/", "/a/", "/a/b/", "/./"), UP, SEPARATORS, (1, 2, 6),
                         ("secret.txt", "outside/index.html"))})
ELSEWHERE = ["//etc/passwd", "///etc/passwd", "/etc/passwd", "/proc/self/environ",
             "http://127.0.0.1/../secret.txt", "file:///etc/passwd", "etc/passwd", "*",
             "/C:/Windows/win.ini", "/c:%5cwindows%5cwin.ini", "/a/..", "/a/./b/page.html",
             "/%00", "/index.html%00", "/index.html%00.txt", "/a%00/", "/%ff", "/%ff%fe",
             "/a/%ff/../index.html", "/%c3%28", "/%ed%a0%80", "/index.html\x00",
             "/\xff.html"]


def test_the_folder_is_served(port):
    assert ask(port, "/") == (200, b"<p>home</p>")
    assert ask(port, "/a/") == (200, b"<p>chapter</p>")
    assert ask(port, "/a/b/page.html?x=1#y") == (200, b"<p>page</p>")
    assert ask(port, "/a/b/page%2ehtml") == (200, b"<p>page</p>")      # an encoded dot
    assert ask(port, "/inside.html") == (200, b"<p>page</p>")   # a link inside the site
    assert ask(port, "/a")[0] in (301, 302)                      # the folder, with its /
    assert ask(port, "/missing.html")[0] == 404
    assert ask(port, "/empty/")[0] == 404                        # no listing of a folder


@pytest.mark.parametrize("kind", ["traversal", "elsewhere", "links"])
def test_no_path_leads_out_of_the_folder(port, kind):
    targets = {"traversal": TRAVERSALS, "elsewhere": ELSEWHERE,
               "links": ["/out.txt", "/a/up.txt", "/outdir/", "/outdir/index.html",
                         "/outdir", "/linked/", "/linked/index.html", "/linked"]}[kind]
    assert len(targets) >= 8
    answered = {}
    for target in targets:
        status, body = ask(port, target)
        if status != 404 or SECRET in body:
            answered[target] = (status, body[:60])
    # a folder of the site asked without its / is sent to its address with one (a
    # redirect, no body), whatever it holds
    if kind == "links":
        assert list(answered) == ["/linked"] and answered["/linked"][0] in (301, 302)
        assert SECRET not in answered["/linked"][1]
    else:
        assert answered == {}
    _ordinary(port)


HOSTS_REFUSED = ["localhost.evil", "localhost.evil:{port}", "127.0.0.1.nip.io",
                 "127.0.0.1.nip.io:{port}", "evil.test:{port}", "127.0.0.1@evil.test",
                 "evil.test#127.0.0.1", "[::1]:{port}", "[::1]", "[::ffff:127.0.0.1]",
                 "localhost:80x", "[::1]evil", "", None, "127.0.0.2:{port}", "0.0.0.0"]
HOSTS_ANSWERED = ["127.0.0.1:{port}", "127.0.0.1", "localhost:{port}", "LOCALHOST:{port}",
                  "localhost"]


@pytest.mark.parametrize(("host", "answered"), [(h, False) for h in HOSTS_REFUSED] +
                         [(h, True) for h in HOSTS_ANSWERED])
def test_a_host_that_is_not_this_computer_is_refused(port, host, answered):
    """Another site's name for 127.0.0.1 (DNS rebinding) or no Host at all: 400."""
    value = None if host is None else host.format(port=port)
    status, body = ask(port, "/a/", {"Host": value})
    assert (status, body) == (200, b"<p>chapter</p>") if answered else status == 400
    _ordinary(port)


ORIGINS_REFUSED = ["http://evil.test", "http://localhost.evil:{port}", "null",
                   "http://127.0.0.1.nip.io:{port}", "https://127.0.0.1:{port}",
                   "http://127.0.0.1:1", "http://[::1]:{port}", "http://localhost:{port}",
                   "http://127.0.0.1:{port}/path", "file://", "http://127.0.0.1:{port}.evil"]


@pytest.mark.parametrize("origin", ORIGINS_REFUSED + ["http://127.0.0.1:{port}", None])
def test_another_sites_page_is_refused(port, origin):
    """A page asks with its Origin: answered only when it is this very server's (a page
    of ``localhost`` asking ``127.0.0.1`` is another origin for the browser too)."""
    value = None if origin is None else origin.format(port=port)
    status, body = ask(port, "/a/", {"Origin": value})
    if origin in ORIGINS_REFUSED:
        assert status == 403 and b"chapter" not in body, value
    else:
        assert (status, body) == (200, b"<p>chapter</p>")
    # the same page of localhost, asking localhost
    assert ask(port, "/a/", {"Host": f"localhost:{port}",
                             "Origin": f"http://localhost:{port}"}) == (200, b"<p>chapter</p>")


def test_ipv6_loopback_is_answered_by_its_own_name(folder):
    """``make serve --host ::1``: ``[::1]`` with or without a port is this computer."""
    try:
        server, stop = _make_serve(folder, host="::1")
    except OSError:
        pytest.skip("no IPv6 loopback here")
    try:
        port = server.server_address[1]
        for host in (f"[::1]:{port}", "[::1]", f"localhost:{port}"):
            assert ask(port, "/a/", {"Host": host}, host="::1") == (200, b"<p>chapter</p>")
        for host in (f"[::2]:{port}", "evil.test", f"[::1].evil:{port}"):
            assert ask(port, "/a/", {"Host": host}, host="::1")[0] == 400
        assert ask(port, "/a/", {"Host": f"[::1]:{port}", "Origin": f"http://[::1]:{port}"},
                   host="::1") == (200, b"<p>chapter</p>")
    finally:
        stop()


def _flood(port: int, head: bytes, total: int) -> tuple[int, bytes]:
    """Send ``head`` then up to ``total`` bytes of ``x`` (1 MB at a time) until the server
    stops reading; return the bytes it took and what it answered (if anything)."""
    sent = 0
    answer = b""
    with socket.socket() as s:
        s.settimeout(20)
        s.connect(("127.0.0.1", port))
        s.sendall(head)
        chunk = b"x" * (1 << 20)
        with contextlib.suppress(OSError):
            while sent < total:
                sent += s.send(chunk)
        with contextlib.suppress(OSError):
            while part := s.recv(65536):
                answer += part
    return sent, answer


@pytest.mark.parametrize("what", ["request line", "header", "many headers", "body"])
def test_a_request_of_100_mb_is_cut_short(port, what):
    """The server reads a bounded part of a huge request, answers or closes, and serves the
    next one (the 100 MB stay on this computer: loopback)."""
    total = 100 << 20
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    if what == "many headers":
        lines = b"".join(b"X-%d: y\r\n" % k for k in range(10_000))
        sent, answer = _flood(port, b"GET / HTTP/1.1\r\n" + host + lines, 0)
        assert answer.startswith(b"HTTP/1.") and answer.split()[1] == b"431", answer[:80]
    else:
        head = {"request line": b"GET /",
                "header": b"GET / HTTP/1.1\r\n" + host + b"X-Big: ",
                "body": b"POST /a/ HTTP/1.1\r\n" + host +
                        b"Content-Length: %d\r\n\r\n" % total}[what]
        sent, answer = _flood(port, head, total)
        assert sent < total // 4, sent           # it stopped reading long before the end
        if answer:
            assert SECRET not in answer
            assert answer.split()[1] in (b"414", b"431", b"400", b"501", b"200"), answer[:80]
    _ordinary(port)


def test_a_thousand_slow_connections_do_not_stop_the_server(port):
    """A thousand connections that send half a request and wait, and one that sends a
    byte now and then: an ordinary request is answered meanwhile, and each of them is cut
    once its time to send a request is up (``HEAD`` here; they would hold a thread each,
    for good)."""
    slow = []
    try:
        for k in range(1000):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /a/ HTTP/1.1\r\nHost: 127.0.0.1" if k % 2 else b"GE")
            slow.append(s)
        dribbler = socket.create_connection(("127.0.0.1", port), timeout=10)
        slow.append(dribbler)
        start = time.monotonic()
        _ordinary(port)
        assert time.monotonic() - start < 10
        # the dribbler sends a byte every 0.3 s: never silent, yet cut all the same
        cut_after = None
        for byte in b"GET /a/ HTTP/1.1\r\nX-Slow: " + b"y" * 200:
            try:
                dribbler.send(bytes([byte]))
            except OSError:
                cut_after = time.monotonic() - start
                break
            time.sleep(0.3)
        assert cut_after is not None and cut_after < HEAD + 5
        deadline = time.monotonic() + HEAD + 10
        open_ones = list(slow[:-1])
        while open_ones and time.monotonic() < deadline:
            still = []
            for s in open_ones:
                s.settimeout(0.01)
                try:
                    data = s.recv(1024)
                    if data:         # an answer (408, 400): then the end
                        still.append(s)
                except TimeoutError:
                    still.append(s)
                except OSError:
                    pass
            open_ones = still
            time.sleep(0.2)
        assert open_ones == [], f"{len(open_ones)} slow connections were never cut"
    finally:
        for s in slow:
            s.close()
    _ordinary(port)
