"""Build the bilingual course site into ``site/`` (what ``make site`` runs).

1. the figure catalogue (:mod:`coursebuild.products.catalogue`, incremental), then the exercise
   sheets (:mod:`coursebuild.documents.handout`, LaTeX) that the exercises pages offer;
2. the generated Markdown fragments (:mod:`coursebuild.products.fragments`, incremental);
3. the notebooks, executed with a cache (:mod:`coursebuild.products.notebooks`);
4. the French and English sites, built in parallel by MkDocs in strict mode, then put
   together: French at ``site/``, English at ``site/en/``, with each chapter's slides to
   project (``slides/PAGE/``, :mod:`coursebuild.documents.slides.web`);
5. the course as books, the students' and the teachers', one PDF each per language,
   typeset by LaTeX from the site's pages (:mod:`coursebuild.documents.book`, cached: typeset again
   only when one of their inputs changed) and put in the site;
6. the same site built to open from a folder (file://), zipped: ``build/arena-site.zip``.

Usage: python -m coursebuild site [--no-zip] [--no-book]
"""

from __future__ import annotations

import concurrent.futures
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from arena._files import write_atomic
from coursebuild.course.keys import cached_step, inputs_digest
from coursebuild.languages import CONFIGS
from coursebuild.paths import ROOT

OUTPUTS = {"fr": ROOT / "build" / "site-fr", "en": ROOT / "build" / "site-en"}


OFFLINE = {"fr": ROOT / "build" / "offline-fr", "en": ROOT / "build" / "offline-en"}
ZIP = ROOT / "build" / "arena-site.zip"


# What each cached step reads. A step runs again when any of these files changes, when the
# environment variables it reads change, or when its outputs are missing.
SITE_INPUTS = ("docs", "overrides", "src/arena", "src/coursebuild", "mkdocs.base.yml",
               "mkdocs.yml", "mkdocs.en.yml", "build/js/editor.js", "js/maths.mjs",
               "package-lock.json",
               "constraints.txt", "pyproject.toml", "handouts",
               "build/handout/handout-fr.pdf", "build/handout/handout-en.pdf", "build/wheel")
SITE_ENV = ("SITE_URL", "REPO_URL", "PACKAGE_PUBLISHED", "SOURCE_DATE_EPOCH")
LAUNCHER = Path(__file__).resolve().parent / "launcher"
"""The zip's launcher: ``serve.py`` and its double-click wrappers for macOS and Windows."""


def mkdocs_builds(outputs: dict[str, Path] = OUTPUTS, offline: bool = False) -> None:
    """Build both languages in parallel, in strict mode, into ``outputs[lang]``; with
    ``offline``, the copy that opens from a folder (Material's offline plugin)."""
    env = dict(os.environ, PYTHONHASHSEED="0", NO_MKDOCS_2_WARNING="1",
               SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "1700000000"),
               ARENA_OFFLINE="true" if offline else "false")
    procs = {lang: subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict",
                                     "-f", str(cfg), "-d", str(outputs[lang])], cwd=ROOT,
                                    env=env, stderr=subprocess.PIPE, text=True)
             for lang, cfg in CONFIGS.items()}
    failed = []
    for lang, proc in procs.items():
        _, err = proc.communicate()
        # warnings and errors only (strict mode counts the warnings: no -q, which hides them)
        shown = "".join(line for line in err.splitlines(True) if not line.startswith("INFO"))
        if shown.strip():
            sys.stderr.write(shown)
        if proc.returncode:
            failed.append(lang)
    if failed:
        raise SystemExit(f"site: mkdocs failed for {', '.join(failed)}")


SERVICE_WORKER = Path(__file__).resolve().parent / "service-worker.js"
"""The site's service worker (``sw.js`` at its root, :func:`service_worker`)."""


def service_worker(site: Path) -> bytes:
    """``sw.js`` for the assembled ``site``: :data:`SERVICE_WORKER` with the build's
    version, a digest of every file it serves from its cache (not the books nor the wheel,
    which it leaves to the network): a new build is a new worker, which drops what the old
    one kept. Same files, same bytes."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name == "sw.js" or path.suffix in (".pdf", ".whl"):
            continue
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return SERVICE_WORKER.read_bytes().replace(b"@VERSION@", digest.hexdigest()[:20].encode())


def assemble(site: Path, outputs: dict[str, Path] = OUTPUTS, worker: bool = True) -> None:
    """French at ``site``, English at ``site/en``, each chapter's slides made from its
    page (:func:`coursebuild.documents.slides.web.write`); with ``worker``, the service worker
    (:func:`service_worker`; the copy for folders goes without: the launcher serves it
    from the reader's own disk, and its pages are files, ``PAGE.html``)."""
    from coursebuild.documents.slides import web

    tmp = site.with_name(site.name + ".new")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(outputs["fr"], tmp)
    # GitHub Pages serves one 404 page, the root's (it speaks both languages); the English
    # build's own would link from the root to pages that are not English
    shutil.copytree(outputs["en"], tmp / "en", ignore=lambda folder, names: (
        ["404.html"] if Path(folder) == outputs["en"] else []))
    web.write(tmp, offline=not worker)
    if worker:
        (tmp / "sw.js").write_bytes(service_worker(tmp))
    # the old folder moved aside, then the new one in its place: a server of ``site``
    # (make serve) misses it between two renames, not for the time a removal takes
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        os.replace(site, old)
    os.replace(tmp, site)
    shutil.rmtree(old, ignore_errors=True)


NOT_IN_ZIP = "404.html"
"""The one page of the folder's copy the zip leaves out (:func:`offline_zip`)."""


def offline_zip(zip_path: Path = ZIP, books: bool = True, built: bool = False) -> Path:
    """The site as a zip to hand out to students: unzipped anywhere,
    ``arena-site/index.html`` opens from the folder (file://) with search and widgets
    working. It is the students' edition: no teachers' tab nor teachers' book (the hook
    leaves them out of the copy for folders). Same inputs, same bytes.
    With ``built``, the copy's pages were already built (while the books were typeset)."""
    import io
    import zipfile

    if not built:
        mkdocs_builds(OFFLINE, offline=True)
    folder = ROOT / "build" / "site-offline"
    assemble(folder, OFFLINE, worker=False)
    if books:               # the students' edition: the students' books alone
        from coursebuild.documents import book

        book.publish(folder, editions=("students",))
    # 404.html is the page a host sends for an address it does not have: its links start
    # at the host's root (/assets/...), so as to hold at any depth, and no page links to
    # it. The folder has no host: opened as a file it would show unstyled and log refused
    # requests, and the launcher answers a missing address itself (issue 62 §15)
    files = [(p, p.relative_to(folder).as_posix(), 0o644)
             for p in sorted(p for p in folder.rglob("*") if p.is_file())
             if p.relative_to(folder).as_posix() != NOT_IN_ZIP]
    # the launcher that serves the folder on 127.0.0.1 (workers need http://)
    files += [(LAUNCHER / name, name, 0o755 if name != "serve.bat" else 0o644)
              for name in ("serve.py", "serve.command", "serve.bat")]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, name, mode in files:
            info = zipfile.ZipInfo(f"arena-site/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    write_atomic(zip_path, buffer.getvalue())
    return zip_path


def products() -> None:
    """Steps 1 to 3: what the pages read, each product made again only when its inputs
    changed (``make serve`` runs them on every save)."""
    from coursebuild.documents import handout
    from coursebuild.products import catalogue, fragments, notebooks, release

    release.build()                 # the library's wheel, which the site and the zip offer
    catalogue.build()
    # the exercise sheets the exercises pages offer, made from the exercises and the
    # fragments their solutions include (built first): LaTeX compiles them meanwhile
    sheets = handout.start()
    fragments.build()
    notebooks.build()
    sheets.result()


def _lock() -> None:
    """One build at a time in this folder (:mod:`coursebuild.commands.buildlock`): a second
    ``make site`` says that another one is running and waits for it."""
    from coursebuild.commands import buildlock

    buildlock.hold(ROOT / "build")


def main(argv: list[str] | None = None) -> int:
    import argparse

    from coursebuild.products import bank_pages

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-zip", action="store_true",
                        help="skip the copy for folders (build/arena-site.zip)")
    parser.add_argument("--no-book", action="store_true",
                        help="skip the books (build/pdf/, linked from the home pages)")
    args = parser.parse_args(argv)
    _lock()                         # held until this process ends
    t0 = time.perf_counter()
    # the teachers' books' spreads, measured behind the products and the sites
    spreading = None if args.no_book else bank_pages.start_measuring()
    try:
        _build(args, t0)
    except BaseException:
        bank_pages.finish_measuring(spreading, stop=True)
        raise
    bank_pages.finish_measuring(spreading)
    return 0


def _build(args, t0: float) -> None:
    """:func:`main`'s steps (the teachers' books' spreads measured meanwhile)."""
    from coursebuild.documents import book

    products()
    site = ROOT / "site"

    def sites() -> None:
        print("site: building the French and English sites", file=sys.stderr, flush=True)
        mkdocs_builds()
        assemble(site)

    site_key = inputs_digest(SITE_INPUTS, SITE_ENV)
    rebuilt = cached_step("site", site_key, [site / "index.html", site / "en" / "index.html"],
                          sites)
    if not rebuilt:
        print("site: the French and English sites are up to date", file=sys.stderr)
    early = None
    if rebuilt and not args.no_zip and not args.no_book:
        # new pages: the zip is made again, and its pages build while the books are
        # typeset (LaTeX and mkdocs share the two cores)
        early = concurrent.futures.ThreadPoolExecutor(1).submit(
            mkdocs_builds, OFFLINE, offline=True)
    if not args.no_book:
        print("site: the books", file=sys.stderr, flush=True)
        try:
            book.build(ROOT / "site")
        except BaseException:
            if early is not None:
                early.cancel()
            raise
    book.publish(ROOT / "site")         # with --no-book, the books of an earlier build
    if not args.no_zip:
        books = [ROOT / "build" / "pdf" / book.book_name(lang, edition)
                 for lang in ("fr", "en") for edition in book.EDITIONS]
        key = inputs_digest(SITE_INPUTS, SITE_ENV) + "".join(
            inputs_digest((str(b.relative_to(ROOT)),)) for b in books if not args.no_book)

        def copy_for_folders() -> None:
            print("site: the copy that opens from a folder", file=sys.stderr, flush=True)
            if early is not None:
                early.result()          # its pages, built while the books were typeset
            offline_zip(books=not args.no_book, built=early is not None)

        if not cached_step("offline", key, [ZIP], copy_for_folders):
            print("site: build/arena-site.zip is up to date", file=sys.stderr)
    print(f"site: done in {time.perf_counter() - t0:.1f} s -> {site} "
          "(French at /, English at /en/)", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
