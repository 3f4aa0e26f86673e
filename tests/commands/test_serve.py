"""`make serve` starts (its command on a free port), serves both languages with the
language switch between them and the live-reload script, and stops."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
                     r"--port \"\$\$PORT\"\n", makefile)
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
        # no service worker for the preview, whose pages change at each save: the one it
        # answers removes itself and what the site's (site/sw.js) kept
        worker = _get(f"http://127.0.0.1:{port}/sw.js", deadline)
        assert "self.registration.unregister()" in worker and "caches.delete" in worker
        assert worker != (site / "sw.js").read_text(encoding="utf-8")
        # the language switch leads to the same page in the other language, on this server
        assert re.search(r'href="\.\./en/ourson/"[^>]*hreflang="en"', fr) or \
            re.search(r'hreflang="en"[^>]*href="[^"]*en/ourson/"', fr)
        # a path no file can have: 404, and no traceback in the log (issue 26, Low)
        import urllib.error
        import urllib.request

        for odd in ("/..%00/x", "/en/%00"):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{odd}", timeout=10)
                status = 200
            except urllib.error.HTTPError as exc:
                status = exc.code
            assert status == 404, odd
        # another site's name for 127.0.0.1 (DNS rebinding): 400; localhost is answered
        for host, want in (("rebound.evil.test", 400), (f"evil.test:{port}", 400),
                           (f"localhost:{port}", 200)):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/ourson/",
                                             headers={"Host": host})
            try:
                status = urllib.request.urlopen(request, timeout=10).status
            except urllib.error.HTTPError as exc:
                status = exc.code
            assert status == want, host
        assert proc.poll() is None
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert proc.returncode in (0, -15), err
    assert "Traceback" not in err


def test_serve_says_in_one_line_when_it_cannot_listen():
    """A busy port or a number that is not a port: one line and exit 2, before any build
    (it used to build for a minute, then print a traceback)."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        for given, words in ((str(port), f"cannot listen on 127.0.0.1:{port}"),
                             ("99999", "port 99999 is not a port number")):
            proc = subprocess.run([sys.executable, "-m", "coursebuild", "serve", "--port",
                                   given], cwd=ROOT, capture_output=True, text=True,
                                  timeout=60)
            assert proc.returncode == 2
            assert proc.stderr.startswith(f"serve: {words}") and proc.stderr.count("\n") == 1


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
    source = (ROOT / "src" / "coursebuild" / "commands" / "site.py").read_text(encoding="utf-8")
    assert '"--strict"' in source and '"-q"' not in source


# ---------------------------------------------------------------- what a save rebuilds

def test_a_prose_edit_renders_that_page_in_its_language_only():
    from coursebuild.commands.serve import plan

    todo = plan({"docs/fr/plays.md"}, set())
    assert not todo.full and todo.pages == {"fr": {"plays.md"}, "en": set()}
    assert todo.langs() == ["fr"]


def test_a_fragment_or_a_figure_renders_the_pages_that_show_it():
    from coursebuild.commands.serve import plan

    # plays.md includes the fragment nim-play and shows the figure nim-play
    todo = plan({"docs/generated/en/nim-play.md", "docs/generated/.cache/nim-play.json"}, set())
    assert not todo.full and todo.pages == {"fr": set(), "en": {"plays.md"}}
    todo = plan({"docs/figures/nim-play.svg", "src/coursebuild/course/pages/plays.py",
                 "docs/notebooks/02-plays.py"}, set())
    assert not todo.full and todo.static == {"figures/nim-play.svg"}
    assert todo.pages == {"fr": {"plays.md"}, "en": {"plays.md"}}
    # a caption changed in the manifest: the same pages, and no other
    todo = plan({"docs/figures/manifest.json"}, {"nim-play"})
    assert todo.pages == {"fr": {"plays.md"}, "en": {"plays.md"}}
    assert todo.static == {"figures/manifest.json"}


def test_anything_else_rebuilds_both_languages_in_full():
    from coursebuild.commands.serve import plan

    for changed in ("src/arena/solver.py", "src/coursebuild/hook.py", "mkdocs.base.yml",
                    "overrides/404.html", "docs/examples/exercise-6-2.yaml",
                    "docs/fr/removed-page.md", "docs/fr/image.png"):
        assert plan({"docs/fr/plays.md", changed}, set()).full, changed


def test_a_notebook_renders_its_page_in_its_language():
    from coursebuild.commands.serve import plan

    # the source (both languages) is read by the products, which write one .ipynb each
    todo = plan({"docs/notebooks/02-plays.py", "docs/en/notebooks/02-plays.ipynb"}, set())
    assert not todo.full and todo.pages == {"fr": set(), "en": {"notebooks/02-plays.ipynb"}}


def test_a_stylesheet_is_copied_and_no_page_rendered():
    from coursebuild.commands.serve import plan

    todo = plan({"docs/assets/stylesheets/course.css", "build/handout/handout-en.pdf"}, set())
    assert not todo.full and todo.langs() == ["fr"]
    assert todo.static == {"assets/stylesheets/course.css", "handouts/handout-en.pdf"}
    assert todo.pages == {"fr": set(), "en": set()}


def test_the_snapshot_reports_the_files_whose_bytes_changed(tmp_path):
    from coursebuild.commands.serve import Snapshot

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.md").write_text("one")
    (tmp_path / "a" / "y.md").write_text("two")
    snap = Snapshot(["a", "missing"], root=tmp_path)
    assert snap.refresh() == set()
    (tmp_path / "a" / "x.md").write_text("one")             # saved, same bytes
    os.utime(tmp_path / "a" / "x.md", ns=(1, 1))
    (tmp_path / "a" / "y.md").write_text("three")
    (tmp_path / "a" / "z.md").write_text("new")
    assert snap.refresh() == {"a/y.md", "a/z.md"}
    (tmp_path / "a" / "z.md").unlink()
    assert snap.refresh() == {"a/z.md"}
    for editor_file in (".x.md.swp", "x.md~", "#x.md#", "4913"):     # vim, emacs
        (tmp_path / "a" / editor_file).write_text("noise")
    (tmp_path / "a" / ".hidden").mkdir()
    (tmp_path / "a" / ".hidden" / "x.md").write_text("noise")
    assert snap.refresh() == set()


def test_the_search_index_of_a_dirty_build_is_merged_in_place(tmp_path):
    from coursebuild.commands.serve import _merge_search_index

    config = {"lang": ["fr"], "separator": " "}
    old = {"config": config, "docs": [
        {"location": "", "title": "Accueil", "text": "a"},
        {"location": "plays/", "title": "Parties", "text": "b"},
        {"location": "plays/#strategies", "title": "Stratégies", "text": "c"},
        {"location": "chomp/", "title": "Chomp", "text": "d"}]}
    new = tmp_path / "search_index.json"
    new.write_text(json.dumps({"config": config, "docs": [
        {"location": "plays/", "title": "Parties", "text": "b2"}]}))
    _merge_search_index(json.dumps(old).encode(), new, {"plays/"})
    assert json.loads(new.read_text())["docs"] == [
        {"location": "", "title": "Accueil", "text": "a"},
        {"location": "plays/", "title": "Parties", "text": "b2"},
        {"location": "chomp/", "title": "Chomp", "text": "d"}]


def _project_copy(tmp_path: Path) -> Path:
    """The checkout with its build (not its books nor its copy for folders), to edit."""
    copy = tmp_path / "project"
    skip = {".venv", ".git", "node_modules", ".pytest_cache", ".mypy_cache", ".ruff_cache",
            "build/pdf", "build/offline-fr", "build/offline-en", "build/site-offline",
            "build/arena-site.zip"}

    def ignored(folder: str, names: list[str]) -> list[str]:
        where = Path(folder).relative_to(ROOT)
        return [n for n in names if (where / n).as_posix() in skip or n == "__pycache__"]

    # not while a build writes the checkout's build/ (make serve's, run as typed by
    # test_make_commands beside this test, rewrites build/site-*): a build holds the
    # folder's lock (coursebuild.commands.buildlock) for as long as it runs; a shared hold of it
    # waits for that build to end
    import fcntl

    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH)
        try:
            shutil.copytree(ROOT, copy, ignore=ignored, symlinks=True)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    return copy


def _until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_a_saved_french_chapter_is_served_and_english_is_not_rebuilt(site, tmp_path):
    """``serve`` in a copy of the project: a paragraph added to ``docs/fr/plays.md``
    appears in the served French page, which is otherwise the page ``make site`` built;
    the English site is not touched. A save that breaks the page (an unknown figure id)
    is reported and the last good page stays served."""
    copy = _project_copy(tmp_path)
    english = copy / "build" / "site-en" / "plays" / "index.html"
    chapter = copy / "docs" / "fr" / "plays.md"
    source = chapter.read_text(encoding="utf-8")
    before = (copy / "site" / "plays" / "index.html").read_text(encoding="utf-8")
    english_mtime = english.stat().st_mtime_ns
    port = _free_port()
    url = f"http://127.0.0.1:{port}/plays/"
    log = tmp_path / "serve.log"
    env = dict(os.environ, PYTHONPATH=str(copy / "src"))
    marker = "Paragraphe ajouté par le test du serveur."
    with log.open("w", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, "-m", "coursebuild", "serve", "--no-build",
                                 "--port", str(port)], cwd=copy, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
        try:
            assert '<html lang="fr"' in _get(url, time.monotonic() + 60)
            # an error (an unknown figure), then a warning, which strict mode counts
            # (each waits for its own report: one save can be seen as two changes, and
            # two failed builds of the first break must not pass for the second's)
            for k, (broken, reported) in enumerate((
                    ("<!-- figure: no-such-figure -->", "unknown figure id 'no-such-figure'"),
                    ("[lien](no-such-page.md)", "'no-such-page.md'")), start=1):
                chapter.write_text(source + f"\n{broken}\n", encoding="utf-8")
                _until(lambda r=reported: r in log.read_text("utf-8")
                       and "serve: build failed" in log.read_text("utf-8").split(r, 1)[1],
                       60, f"the broken page {broken!r} was not reported")
                # the served pages show the error, naming the file and the line
                shown = _get(url, time.monotonic() + 60)
                assert 'id="arena-serve-error"' in shown
                if k == 1:
                    assert "docs/fr/plays.md, line" in shown and "no-such-figure" in shown
            # the last good page stays in site/ and served
            assert (copy / "site" / "plays" / "index.html").read_text("utf-8") == before
            assert '<html lang="fr"' in _get(url, time.monotonic() + 120)
            chapter.write_text(source + f"\n{marker}\n", encoding="utf-8")
            _until(lambda: marker in _get(url, time.monotonic() + 120), 60,
                   "the edit never reached the served page")
            page = _get(url, time.monotonic() + 120)
            assert "livereload" in page and 'id="arena-serve-error"' not in page
            assert marker not in _get(f"http://127.0.0.1:{port}/en/plays/",
                                      time.monotonic() + 120)
            after = (copy / "site" / "plays" / "index.html").read_text(encoding="utf-8")
            english_after = english.stat().st_mtime_ns
            # then an English page, rendered in the same process after the French ones:
            # the English search index gets that page's entries, and nothing French
            en_index = copy / "site" / "en" / "search" / "search_index.json"
            en_before = json.loads(en_index.read_text("utf-8"))["docs"]
            en_chapter = copy / "docs" / "en" / "chomp.md"
            en_chapter.write_text(en_chapter.read_text("utf-8") + "\nAdded by the test.\n",
                                  encoding="utf-8")
            _until(lambda: "Added by the test." in _get(f"http://127.0.0.1:{port}/en/chomp/",
                                                        time.monotonic() + 120), 60,
                   "the English edit never reached the served page")
            en_after = json.loads(en_index.read_text("utf-8"))["docs"]
            assert [e for e in en_after if not e["location"].startswith("chomp/")] == \
                [e for e in en_before if not e["location"].startswith("chomp/")]
            assert any("Added by the test." in e["text"] for e in en_after)
            # a figure recipe: its new caption, in both languages (the module is read again)
            recipe = copy / "src" / "coursebuild" / "course" / "pages" / "plays.py"
            code = recipe.read_text(encoding="utf-8")
            assert code.count("A winning play for J₀") == 1
            for edited in ("A winning edited play for J₀", "A winning play edited twice for J₀"):
                recipe.write_text(code.replace("A winning play for J₀", edited), encoding="utf-8")
                _until(lambda e=edited: e in _get(f"http://127.0.0.1:{port}/en/plays/",
                                                  time.monotonic() + 120), 180,
                       f"the recipe's new caption {edited!r} never reached the served page")
            # a library file: both languages built again in full, by a process that
            # already holds the build lock (it used to wait for itself, for good), and
            # every request answered meanwhile, from the last good site
            building = _library_edit_served(copy, port)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    err_text = log.read_text("utf-8")
    assert building >= 1            # pages were served while the full build ran
    assert "rebuilt both languages in full" in err_text, err_text
    assert "another build is running" not in err_text, err_text
    assert "unknown figure id 'no-such-figure'" in err_text, err_text
    assert "'no-such-page.md'" in err_text and "in strict mode" in err_text, err_text
    assert "Traceback" not in err_text, err_text
    assert "serve: rendered fr/plays.md (" in err_text, err_text
    assert after.replace(f"<p>{marker}</p>\n", "") == before
    index = json.loads((copy / "site" / "search" / "search_index.json").read_text("utf-8"))
    assert any(marker in entry["text"] for entry in index["docs"])
    # every page is still in the index (the failed build wrote one of that page alone)
    assert {e["location"].split("/")[0] for e in index["docs"]} >= {"", "chomp", "ourson",
                                                                     "reference"}
    assert english_after == english_mtime
    assert re.search(r"^figures \d+/\d+ nim-play ", err_text, re.M), err_text
    # (in this copy, the figures and fragments whose keys name a path of the project are
    # made again too, and the pages that show them)
    assert re.search(r"^serve: rendered (.*, )?en/plays\.md, (.*, )?fr/plays\.md\b", err_text,
                     re.M), err_text


def _library_edit_served(copy: Path, port: int) -> int:
    """Edit a docstring of the library in ``copy`` under its running serve; ask for the
    API reference page, each request answered within 10 s, until it shows the edit;
    return how many answers said that a build was under way."""
    solver = copy / "src" / "arena" / "solver.py"
    code = solver.read_text(encoding="utf-8")
    summary = "Solve a reachability game: the winner, rank and strategy move of every vertex."
    assert code.count(summary) == 1
    added = "Edited under the serve test."
    solver.write_text(code.replace(summary, f"{summary} {added}"), encoding="utf-8")
    url = f"http://127.0.0.1:{port}/en/reference/"
    building, deadline = 0, time.monotonic() + 900
    while True:
        with urllib.request.urlopen(url, timeout=10) as response:   # a stall fails here
            page = response.read().decode("utf-8")
        building += 'id="arena-serve-building"' in page
        if added in page and 'id="arena-serve-building"' not in page:
            assert 'id="arena-serve-error"' not in page
            return building
        assert time.monotonic() < deadline, "the library's edit never reached the page"
        time.sleep(0.5)


def test_a_reload_keeps_the_build_lock_of_its_process(tmp_path):
    """The serve forgets the build's modules to read them again after a save: the build
    imported afresh must know that its process holds the lock (it opened the lock file
    again and waited for itself, for good). The lock is taken on a folder of the test's
    own, so that a build another test runs in the checkout cannot make it wait."""
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from coursebuild.commands import buildlock, serve, site\n"
            f"folder = Path({str(tmp_path)!r})\n"
            "buildlock.hold(folder)\n"
            "serve._forget_modules()\n"
            "from coursebuild.commands import site as again\n"
            "assert again is not site\n"
            "assert sys.modules['coursebuild.commands.buildlock'] is buildlock\n"
            "from coursebuild.commands import buildlock as lock_again\n"
            "lock_again.hold(folder)\n"
            "print('locked once')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "locked once\n", done.stderr
    assert "another build is running" not in done.stderr
    assert (tmp_path / ".lock").is_file()


def test_the_overlay_says_that_a_build_is_under_way():
    from coursebuild.commands.serve_http import overlay

    page = b"<html><body><p>x</p></body></html>"
    shown = overlay(page, None, "full")
    assert b'id="arena-serve-building"' in shown and b"arena-serve-error" not in shown
    assert b"both languages in full" in shown and b"deux langues" in shown
    both = overlay(page, "docs/fr/plays.md, line 3: oops", "pages")
    assert both.index(b"arena-serve-building") < both.index(b"arena-serve-error") \
        < both.index(b"</body>")


def test_after_a_failed_full_build_the_next_build_is_full(monkeypatch, tmp_path):
    """A full build that fails leaves its build folders half written: the next build must
    not be a dirty one copying those pages (every English page used to keep a link to a
    page moved away, then back)."""
    from coursebuild.commands import serve

    class Snap:
        def refresh(self):
            return {"docs/en/plays.md"}

    calls = []

    def full(self):
        calls.append("full")
        if len(calls) == 1:
            raise SystemExit("site: mkdocs failed for en")

    monkeypatch.setattr(serve.Builder, "full", full)
    monkeypatch.setattr(serve, "plan", lambda changed, figures: serve.Plan(
        full=not calls, pages={"fr": set(), "en": {"plays.md"}}))
    monkeypatch.setattr(serve, "_read_manifest", lambda: {})
    monkeypatch.setattr(serve, "dirty_build", lambda *a, **k: calls.append("dirty") or [])
    builder = serve.Builder(tmp_path / "site")
    builder.snapshot = Snap()
    builder()                                   # the full build fails
    assert calls == ["full"] and builder.error == "site: mkdocs failed for en"
    builder()                                   # the plan says dirty: a full build all the same
    assert calls == ["full", "full"] and builder.error is None and not builder.needs_full
    builder()
    assert calls[-1] == "dirty"


def test_a_bad_example_file_is_one_line_and_the_next_good_build_recovers(monkeypatch, tmp_path,
                                                                        capsys):
    """An invalid example YAML printed a 27-line traceback before the line that says the
    build failed: the line alone, and the served pages show it until the file is fixed."""
    from arena import Arena
    from coursebuild.commands import serve

    bad = tmp_path / "exercise.yaml"
    bad.write_text("S0: [a]\nS1: [b]\nedges:\n  a: [c]\n", encoding="utf-8")
    good = [False]

    def rebuild(self):
        if not good[0]:
            Arena.from_file(bad)            # what an example's figure does first
        return "rendered fr/plays.md"

    monkeypatch.setattr(serve.Builder, "rebuild", rebuild)
    builder = serve.Builder(tmp_path / "site")
    builder()
    err = capsys.readouterr().err
    line = f"{bad}: key 'edges': vertex 'a': has a successor 'c' that is not in S0 or S1"
    assert err == f"serve: build failed ({line}); still serving the last good site\n"
    assert builder.error == line
    good[0] = True
    builder()
    assert builder.error is None and "serve: rendered fr/plays.md in " in capsys.readouterr().err


def test_the_overlay_shows_the_error_until_a_good_build():
    from coursebuild.commands.serve_http import overlay

    page = b"<html><body><p>x</p></body></html>"
    shown = overlay(page, "docs/fr/plays.md, line 3: unknown figure id '<b>'")
    assert shown.index(b"arena-serve-error") < shown.index(b"</body>")
    assert b"line 3" in shown and b"&lt;b&gt;" in shown and b"<b>" not in shown
    assert overlay(page, None) == page


def test_before_the_first_build_a_page_says_it_is_being_built_and_asks_again(tmp_path):
    """A cold `make serve` listens at once (issue 65): while its first build runs and the
    site has no page yet, any address answers 503 with a page that says so in both
    languages and asks again; once the site is there, its files are served."""
    from coursebuild.commands.serve_http import serve_file

    class Builder:
        building = "full"

    class Server:
        mount_path, _visible_epoch, _wanted_epoch = "/", 1, 2
        root, builder, _watched_paths = str(tmp_path), Builder(), {}

        def _guess_type(self, path):
            return "text/html"

        def _inject_js_into_html(self, content, epoch):
            return content

    said = []

    def answer(path):
        said.clear()
        body = serve_file(Server(), {"PATH_INFO": path},
                          lambda status, headers: said.append((status, dict(headers))))
        return b"".join(body) if body is not None else None

    for path in ("/", "/plays/", "/en/"):
        page = answer(path).decode("utf-8")
        assert said[0][0] == "503 Service Unavailable" and said[0][1]["Retry-After"] == "3"
        assert '<meta http-equiv="refresh" content="3">' in page
        assert "being built for the first time" in page
        assert "construit pour la première fois" in page
    (tmp_path / "index.html").write_text("<html>the course</html>", encoding="utf-8")
    assert answer("/") == b"<html>the course</html>" and said[0][0] == "200 OK"
    Builder.building = None                         # the build done: a missing page is 404
    Server._visible_epoch = 2
    assert answer("/plays/") is None


def test_the_first_build_measures_the_books_spreads_after_the_pages_never_before(
        monkeypatch, tmp_path):
    """`make serve` builds no book, but the next `make site`'s teachers' books want the
    bank's spreads: the first build starts measuring them once its pages are built
    (issue 65: nothing measured in front of the reader's first page), a later build
    does not start them again."""
    from coursebuild.commands import serve
    from coursebuild.products import bank_pages

    calls = []
    monkeypatch.setattr(serve.Builder, "full", lambda self: calls.append("full"))
    monkeypatch.setattr(bank_pages, "start_measuring",
                        lambda: calls.append("spreads") or "the process")
    monkeypatch.setattr(serve, "_read_manifest", lambda: {})
    monkeypatch.setattr(serve, "dirty_build", lambda *a, **k: calls.append("dirty") or [])
    monkeypatch.setattr(serve, "plan", lambda changed, figures: serve.Plan(
        full=False, pages={"fr": {"plays.md"}, "en": set()}))

    class Snap:
        def refresh(self):
            return {"docs/fr/plays.md"}

    builder = serve.Builder(tmp_path / "site")
    builder()                                   # the first build: everything
    assert calls == ["full", "spreads"] and builder.spreading == "the process"
    builder.snapshot = Snap()
    builder()                                   # a save: its page, nothing measured
    assert calls == ["full", "spreads", "dirty"]
