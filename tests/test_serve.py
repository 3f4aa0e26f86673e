"""`make serve` starts (its command on a free port), serves both languages with the
language switch between them and the live-reload script, and stops."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, deadline: float) -> str:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read().decode("utf-8")
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def test_make_serve_serves_both_languages_and_stops(site):
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"\nserve:.*\n(?:\t.*\n)*?\t\$\(BIN\)/python -m coursebuild serve "
                     r"--port \$\(PORT\)\n", makefile)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "coursebuild", "serve", "--no-build",
                             "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        fr = _get(f"http://127.0.0.1:{port}/ourson/", deadline)
        en = _get(f"http://127.0.0.1:{port}/en/ourson/", deadline)
        assert '<html lang="fr"' in fr and '<html lang="en"' in en
        assert "livereload" in fr and "livereload" in en       # the browser reloads itself
        # the language switch leads to the same page in the other language, on this server
        assert re.search(r'href="\.\./en/ourson/"[^>]*hreflang="en"', fr) or \
            re.search(r'hreflang="en"[^>]*href="[^"]*en/ourson/"', fr)
        assert proc.poll() is None
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert proc.returncode in (0, -15), err
    assert "Traceback" not in err


def test_the_reference_shows_every_doctest_as_an_example(site):
    """Doctests outside a numpydoc ``Examples`` section were rendered as nested quotes
    (and counted as warnings, which a quiet strict build did not see)."""
    for lang in ("", "en/"):
        page = (site / lang / "reference" / "index.html").read_text(encoding="utf-8")
        assert "<blockquote>" not in page
        prompts = page.count('<span class="gp">&gt;&gt;&gt; </span>')
        sections = page.count('<span class="doc-section-title">Examples:</span>')
        assert sections >= 25 and prompts >= sections


def test_strict_builds_count_warnings():
    source = (ROOT / "scripts" / "build_site.py").read_text(encoding="utf-8")
    assert '"--strict"' in source and '"-q"' not in source
