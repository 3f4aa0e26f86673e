"""Live preview of the whole bilingual site (what ``make serve`` runs).

Builds the site as ``make site`` does (figures, fragments, notebooks, both languages),
serves ``site/`` with French at ``/`` and English at ``/en/`` (so the language switch
goes to the same page in the other language), and rebuilds when an author saves a
chapter, an example file, a figure recipe, the library, a stylesheet or a script; the
browser reloads by itself (MkDocs' live-reload server).

A save rebuilds only what it changed (:func:`plan`):

- the products first (figures, exercise sheets, fragments, notebooks), each of them
  cached: only those whose inputs changed are made again (a figure recipe: that figure);
- then, when the only files changed are pages of ``docs/fr`` or ``docs/en``, the fragments
  (``docs/generated``), the figures (``docs/figures``), the stylesheets and scripts
  (``docs/assets``) or the exercise sheets, only the pages that read them are rendered
  again, in this process, by MkDocs' dirty build of their language (no notebook
  converted, no API reference rendered for a prose edit); the files whose bytes changed
  are copied into ``site/`` and the search index is patched for those pages. A prose
  edit skips the products (none of them reads a chapter's text);
- anything else (the library, the build code but the page modules' recipes, the theme,
  the configuration, the examples, a page added or removed) rebuilds both languages in
  full, as ``make site``.

What serve shows of a page is what ``make site`` builds for it (byte for byte); the
other pages are not checked again, so a link from another page to a heading just renamed
is found by the next full build, not by the preview.

Usage: python -m coursebuild serve [--host 127.0.0.1] [--port 8000] [--no-build]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coursebuild.commands.serve_http import make_server, port_problem
from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

# What an author edits. Not docs/figures, docs/generated nor the executed notebooks:
# the build writes those (only when their bytes change), so watching them would loop.
WATCHED = ["docs/fr", "docs/en", "docs/examples", "docs/assets", "docs/listings", "docs/data",
           "src/arena", "src/coursebuild", "overrides", "mkdocs.base.yml", "mkdocs.yml",
           "mkdocs.en.yml", "handouts", "docs/notebooks"]
# What a build reads: the watched files, and what the products write for the pages.
TRACKED = (*WATCHED, "docs/figures", "docs/generated", "build/handout/handout-fr.pdf",
           "build/handout/handout-en.pdf", "build/js/editor.js", "package-lock.json",
           "constraints.txt", "pyproject.toml")
SNIPPETS = ROOT / "docs" / "generated"       # the fragments the pages include
SNIPPET = re.compile(r"""--8<--\s+["']([^"':]+)""")
COMMENT = re.compile(r"<!--(.*?)-->", re.S)
# hidden files, an editor's backups, swap files and lock files: not the site's inputs
# (MkDocs leaves hidden files out too)
EDITOR_FILE = re.compile(r"^[.#]|~$|\.sw[a-p]$|^4913$")


class Snapshot:
    """The content digest of every file under ``paths`` (relative to ``root``); a file is
    read again only when its size or modification time changed."""

    def __init__(self, paths: Iterable[str], root: Path = ROOT) -> None:
        self.root = root
        self.paths = tuple(paths)
        self.files: dict[str, tuple[int, int, str]] = {}
        self.refresh()

    def _walk(self) -> Iterable[Path]:
        for name in self.paths:
            top = self.root / name
            if top.is_file():
                yield top
            elif top.is_dir():
                for dirpath, dirnames, filenames in os.walk(top):
                    dirnames[:] = [d for d in dirnames
                                   if d != "__pycache__" and not d.startswith(".")]
                    for filename in filenames:
                        if not EDITOR_FILE.search(filename):
                            yield Path(dirpath, filename)

    def refresh(self) -> set[str]:
        """Take the digests again; return the files added, changed or removed since."""
        seen: dict[str, tuple[int, int, str]] = {}
        changed = set()
        for path in self._walk():
            rel = path.relative_to(self.root).as_posix()
            try:
                st = path.stat()
            except FileNotFoundError:
                continue
            old = self.files.get(rel)
            if old and old[:2] == (st.st_mtime_ns, st.st_size):
                seen[rel] = old
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            seen[rel] = (st.st_mtime_ns, st.st_size, digest)
            if not old or old[2] != digest:
                changed.add(rel)
        changed |= set(self.files) - set(seen)
        self.files = seen
        return changed


# ---------------------------------------------------------------------------- the plan

def _page_text(lang: str, src_uri: str) -> tuple[str, set[str]]:
    """The text of a page with the fragments it includes (and those they include), and
    the names of those fragments relative to the project."""
    texts = [(ROOT / "docs" / lang / src_uri).read_text(encoding="utf-8")]
    included: set[str] = set()
    pending = SNIPPET.findall(texts[0])
    while pending:
        snippet = SNIPPETS / pending.pop()
        name = snippet.relative_to(ROOT).as_posix()
        if snippet.is_file() and name not in included:
            included.add(name)
            texts.append(snippet.read_text(encoding="utf-8"))
            pending += SNIPPET.findall(texts[-1])
    return "\n".join(texts), included


def _mentions(text: str, ids: set[str]) -> bool:
    """Whether a shortcode (``<!-- figure: ID -->``, ``<!-- stepper: ID ... -->``...) of
    ``text`` names one of ``ids``."""
    return any(ids & set(re.findall(r"[a-z0-9-]+", comment))
               for comment in COMMENT.findall(text))


def _manifest_ids(old: dict, new: dict) -> set[str]:
    """The figure ids whose manifest entry (captions, files) differs."""
    return {i for i in set(old) | set(new) if old.get(i) != new.get(i)}


def _read_manifest() -> dict[str, dict]:
    path = ROOT / "docs" / "figures" / "manifest.json"
    if not path.exists():
        return {}
    return {e["id"]: e for e in json.loads(path.read_text(encoding="utf-8"))}


@dataclass
class Plan:
    """What to build again: everything (``full``: both languages, as ``make site``), or
    per language the pages (``src_uri``) to render again, and the shared files to copy."""

    full: bool = False
    pages: dict[str, set[str]] = field(default_factory=lambda: {lang: set() for lang in LANGS})
    static: set[str] = field(default_factory=set)
    """The shared files the French build copies again (their paths in the site)."""

    def langs(self) -> list[str]:
        return [lang for lang in LANGS if self.pages[lang] or (lang == "fr" and self.static)]


def plan(changed: set[str], figures: set[str]) -> Plan:
    """What the files ``changed`` (relative to the project) need built again; ``figures``
    are the ids whose manifest entry changed.

    A page of ``docs/fr`` or ``docs/en`` (Markdown or notebook) is rendered again in its
    language; a fragment (``docs/generated/<lang>/``) and a figure (``docs/figures/<id>.*``)
    render again the pages that include or show them; the course's stylesheets and scripts
    (``docs/assets``) and the handout PDFs are copied. Any other change builds both
    languages in full.
    """
    result = Plan()
    fragments: set[str] = set()
    for rel in sorted(changed):
        parts = rel.split("/")
        if parts[0] == "docs" and len(parts) > 2 and parts[1] in LANGS:
            src_uri = "/".join(parts[2:])
            if src_uri.endswith((".md", ".ipynb")):
                if (ROOT / rel).exists():
                    result.pages[parts[1]].add(src_uri)
                else:
                    return Plan(full=True)      # a page removed: the navigation changes
            else:
                return Plan(full=True)
        elif rel.startswith("docs/generated/"):
            if not rel.startswith("docs/generated/.cache/"):
                fragments.add(rel)
        elif rel.startswith("docs/figures/"):
            if not rel.startswith("docs/figures/.cache/"):
                if parts[-1] != "manifest.json":
                    figures = figures | {parts[-1].rsplit(".", 1)[0]}
                result.static.add(f"figures/{parts[-1]}")
        elif rel.startswith("docs/assets/"):   # copied by the French build, read by no page
            result.static.add(rel.removeprefix("docs/"))
        elif rel.startswith("build/handout/"):
            result.static.add(f"handouts/{parts[-1]}")
        elif rel.startswith(("src/coursebuild/course/pages/", "docs/notebooks/")):
            continue            # recipes, notebooks: what they change is in the products
        else:
            return Plan(full=True)
    if fragments or figures:
        for lang in LANGS:
            for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
                src_uri = path.relative_to(ROOT / "docs" / lang).as_posix()
                text, included = _page_text(lang, src_uri)
                if included & fragments or _mentions(text, figures):
                    result.pages[lang].add(src_uri)
    return result


# ----------------------------------------------------------------- the builds, in process

class _DirtyNotice(logging.Filter):
    """MkDocs warns on every dirty build; strict mode would count it. The serve knows."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


def _load_config(lang: str):
    """The configuration of ``lang``'s site, with plugins of its own: MkDocs keeps the
    plugins that have a start-up event from one configuration to the next (for its own
    serve), which would carry one language's search index into the other's."""
    from mkdocs.config import load_config
    from mkdocs.config.defaults import MkDocsConfig

    from coursebuild.commands import site

    MkDocsConfig.plugins.plugin_cache.clear()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    os.environ["ARENA_OFFLINE"] = "false"
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    return load_config(config_file=str(site.CONFIGS[lang]), site_dir=str(site.OUTPUTS[lang]))


def _dest(config, src_uri: str) -> Path:
    from mkdocs.structure.files import File

    file = File(src_uri, config.docs_dir, config.site_dir, config.use_directory_urls)
    return Path(file.abs_dest_path)


def _page_urls(config, src_uris: Iterable[str]) -> set[str]:
    from mkdocs.structure.files import File

    return {File(s, config.docs_dir, config.site_dir, config.use_directory_urls).url
            for s in src_uris}


def _merge_search_index(old: bytes | None, new_path: Path, urls: set[str]) -> None:
    """Material's dirty build writes a search index of the pages it rendered only: put
    their entries in place of their old ones in the full index (same order, same bytes
    as a full build)."""
    if old is None or not new_path.exists():
        return
    before, fresh = json.loads(old), json.loads(new_path.read_bytes())
    by_page: dict[str, list] = {}
    for entry in fresh["docs"]:
        by_page.setdefault(entry["location"].split("#")[0], []).append(entry)
    urls = urls | set(by_page)         # the pages rendered: the notebooks' too
    docs, placed = [], set()
    for entry in before["docs"]:
        page = entry["location"].split("#")[0]
        if page in urls:
            if page not in placed:
                docs.extend(by_page.get(page, []))
                placed.add(page)
        else:
            docs.append(entry)
    for page in sorted(set(by_page) - placed):
        docs.extend(by_page[page])
    data = {"config": before["config"], "docs": docs}
    new_path.write_text(json.dumps(data, separators=(",", ":"), default=str),
                        encoding="utf-8")


def dirty_build(lang: str, pages: set[str], static: Iterable[str] = (),
                since: int | None = None) -> list[Path]:
    """Render ``pages`` of ``lang`` again into its build folder (MkDocs' dirty build: the
    other pages are neither read nor written; the static files newer than their copy are
    copied, and the ``static`` files named); return the files written by it (or since the
    time ``since``, in ns)."""
    from mkdocs.commands.build import build

    config = _load_config(lang)
    # mkdocs-jupyter forgets the conversions a build did not use: not in a dirty build
    # (which converts only the notebooks changed) or the next full build does them all
    config.plugins["mkdocs-jupyter"].config["cache"] = False
    out = Path(config.site_dir)
    for src_uri in pages:
        if src_uri.endswith(".md"):         # a notebook's page is newer than its .ipynb
            _dest(config, src_uri).unlink(missing_ok=True)   # the page is "modified"
    for name in static:     # copied again even when its source is older than its copy
        (out / name).unlink(missing_ok=True)
    index = out / "search" / "search_index.json"
    old_index = index.read_bytes() if index.exists() else None
    # mkdocstrings' inventory lists the objects of the pages rendered: keep the full one
    # unless every page of the API reference is rendered again
    inventory = out / "objects.inv"
    old_inventory = inventory.read_bytes() if inventory.exists() else None
    reference = {p.relative_to(config.docs_dir).as_posix()
                 for p in Path(config.docs_dir).rglob("*.md")
                 if re.search(r"^:::", p.read_text(encoding="utf-8"), re.M)}
    start = time.time_ns() if since is None else since
    logging.getLogger("mkdocs.commands.build").addFilter(notice := _DirtyNotice())
    try:
        config.plugins.on_startup(command="build", dirty=True)
        try:
            build(config, dirty=True)
        finally:
            config.plugins.on_shutdown()
    finally:    # strict mode fails after the index is written: keep it whole all the same
        logging.getLogger("mkdocs.commands.build").removeFilter(notice)
        if old_inventory is not None and not reference <= pages:
            inventory.write_bytes(old_inventory)
        _merge_search_index(old_index, index,
                            _page_urls(config, (p for p in pages if p.endswith(".md"))))
    written = []
    for dirpath, _, filenames in os.walk(out):
        for filename in filenames:
            path = Path(dirpath, filename)
            if path.stat().st_mtime_ns >= start:
                written.append(path)
    return written


def sync(files: Iterable[Path], out: Path, site: Path) -> list[str]:
    """Copy into ``site`` the ``files`` of ``out`` whose bytes differ from their copy;
    return their names (each replaced at once: the server never serves half a file)."""
    copied = []
    for path in sorted(files):
        rel = path.relative_to(out)
        target = site / rel
        data = path.read_bytes()
        if target.exists() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".serve-tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
        copied.append(rel.as_posix())
    return copied


KEPT = ("coursebuild.commands.buildlock",)
"""Modules kept across a reload: the build lock this process holds (forgetting it made a
full rebuild open the lock again and wait for itself, for good)."""


def _forget_modules() -> None:
    """Forget the imported modules of the library and of the build, so that the next
    build reads the sources saved (a recipe's key is taken from its source)."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("arena", "coursebuild") and name != __name__ \
                and name not in KEPT:
            del sys.modules[name]


def _prose(rel: str) -> bool:
    """Whether ``rel`` is the Markdown of a page (which the products do not read)."""
    parts = rel.split("/")
    return (len(parts) > 2 and parts[0] == "docs" and parts[1] in LANGS
            and parts[2] != "notebooks" and rel.endswith(".md"))


def _product(rel: str) -> bool:
    """Whether the build writes the file ``rel`` (not an author)."""
    return rel.startswith(("docs/figures/", "docs/generated/", "build/")) or (
        rel.startswith(("docs/fr/notebooks/", "docs/en/notebooks/")) and rel.endswith(".ipynb"))


class Builder:
    """The serve's builds: one full build at the start, then what each save needs."""

    def __init__(self, site_dir: Path = ROOT / "site") -> None:
        self.site = site_dir
        self.snapshot: Snapshot | None = None
        self.manifest: dict[str, dict] = {}
        self.pending: set[str] = set()      # changes a failed build has not shown yet
        self.since: int | None = None       # when the first of those builds started
        self.error: str | None = None       # why the last build failed (shown on pages)
        # what a build under way is doing (shown on pages, which stay served meanwhile)
        self.building: str | None = None
        # a failed full build leaves its build folders half written: the next build is a
        # full one, never a dirty one that would copy those pages into site/
        self.needs_full = False
        # the teachers' books' spreads, measured behind the first build (never before
        # the first page), for the next `make site`'s books (bank_pages.start_measuring)
        self.spreading = None

    def full(self) -> None:
        """Everything, as ``make site`` (without the books and the zip). A file saved
        while it runs may or may not be in it: it stays pending for the next build."""
        from coursebuild.commands import site

        snapshot = Snapshot(TRACKED)
        site.main(["--no-zip", "--no-book"])
        self.pending |= {p for p in snapshot.refresh() if not _product(p)}
        self.snapshot = snapshot
        self.manifest = _read_manifest()

    def __call__(self) -> None:
        t0 = time.perf_counter()
        errors = _Errors()                  # what mkdocs logs before it aborts a build
        logging.getLogger("mkdocs").addHandler(errors)
        self.building = "products" if self.snapshot is not None else "full"
        try:
            what = self.rebuild()
        except SystemExit as exc:           # a failed step (mkdocs, a notebook) says why
            # mkdocs's Abort is a SystemExit that only says it aborted: its log says why
            self.error = "\n".join(errors.messages) or str(exc)
            print(f"serve: build failed ({exc}); still serving the last good site",
                  file=sys.stderr, flush=True)
            return
        except Exception as exc:            # noqa: BLE001 (the server must keep serving)
            from mkdocs.exceptions import MkDocsException

            from arena.errors import ArenaError

            if isinstance(exc, ArenaError):     # a file of the course: its one line says all
                self.error = str(exc)
            elif isinstance(exc, MkDocsException):
                self.error = "\n".join(errors.messages) or str(exc)
            else:                               # a fault of the build's code: where it is
                traceback.print_exc()
                self.error = f"{type(exc).__name__}: {exc}"
            print(f"serve: build failed ({exc}); still serving the last good site",
                  file=sys.stderr, flush=True)
            return
        finally:
            logging.getLogger("mkdocs").removeHandler(errors)
            self.building = None
        self.error = None
        print(f"serve: {what} in {time.perf_counter() - t0:.1f} s", file=sys.stderr,
              flush=True)

    def rebuild(self) -> str:
        if self.snapshot is None:
            self.full()
            from coursebuild.products import bank_pages

            self.spreading = bank_pages.start_measuring()
            if not self.pending:
                return "built everything"
            # what was saved during the first build, at once (no save may come to ask)
            return "built everything, then " + self.rebuild()
        if not self.pending:
            self.since = time.time_ns()
        changed = self.pending | self.snapshot.refresh()
        self.pending = set(changed)
        if any(p.startswith("src/") and p.endswith(".py") for p in changed):
            _forget_modules()
        from coursebuild.commands import site
        from coursebuild.course import keys

        if not all(_prose(p) for p in changed):      # no product reads a chapter's text
            site.products()
            changed |= self.snapshot.refresh()
            self.pending = set(changed)
        manifest = _read_manifest()
        todo = plan(changed, _manifest_ids(self.manifest, manifest))
        if todo.full or self.needs_full:
            self.building = "full"
            self.pending = set()
            try:
                self.full()
            except BaseException:
                self.pending |= changed
                self.needs_full = True
                raise
            self.needs_full = False
            return "rebuilt both languages in full"
        self.building = "pages"
        copied = []
        for lang in todo.langs():
            out = site.OUTPUTS[lang]
            written = dirty_build(lang, todo.pages[lang], todo.static if lang == "fr" else (),
                                  self.since)      # since: a failed build's files too
            copied += sync(written, out, self.site if lang == "fr" else self.site / "en")
        if copied:
            (keys.STAMPS / "site").unlink(missing_ok=True)   # make site: all again
        self.manifest = manifest
        pages = sorted(f"{lang}/{p}" for lang in LANGS for p in todo.pages[lang])
        what = (f"rendered {', '.join(pages)}" if pages else "nothing to render") + \
            f" ({len(copied)} file{'s' * (len(copied) != 1)} changed in site/)"
        self.pending.clear()
        return what


class _Errors(logging.Handler):
    """The errors mkdocs logs during a build (its exception only says it aborted)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-build", action="store_true",
                        help="serve site/ as the last build left it; build only what "
                             "a save changes")
    args = parser.parse_args(argv)
    problem = port_problem(args.host, args.port)
    if problem:                 # said before a build that would take a minute for nothing
        print(f"serve: {problem}", file=sys.stderr)
        return 2

    mkdocs_log = logging.getLogger("mkdocs")       # the warnings strict mode counts
    shown = logging.StreamHandler(sys.stderr)
    shown.setLevel(logging.WARNING)
    shown.addFilter(_DirtyNotice())
    mkdocs_log.addHandler(shown)
    builder = Builder()
    build_first = not args.no_build or not (ROOT / "site" / "index.html").exists()
    if not build_first:  # site/ as the last build left it: from now on, what a save changes
        builder.snapshot = Snapshot(TRACKED)
        builder.manifest = _read_manifest()
    for lang in LANGS:  # import MkDocs' plugins now, not on the first save
        _load_config(lang)
    server = make_server(builder, args.host, args.port, ROOT / "site")
    for path in WATCHED:
        if (ROOT / path).exists():
            server.watch(str(ROOT / path))
    if build_first:
        # the first build runs behind the server, in its build loop (as a save's would):
        # the pages already in site/ are served at once, saying that a build is under way,
        # a page not built yet says so and asks again (serve_http.serve_file), and the
        # browsers reload when the build is done (issue 65: a cold `make serve` answered
        # nothing for minutes)
        builder.building = "full"
        with server._rebuild_cond:
            server._want_rebuild = True
            server._rebuild_cond.notify_all()
    print(f"serve: serving http://{args.host}:{args.port}/ (French) and "
          f"http://{args.host}:{args.port}/en/ (English)"
          f"{' (the rest is still building)' if build_first else ''}; Ctrl-C stops",
          file=sys.stderr, flush=True)
    try:
        server.serve()
    except KeyboardInterrupt:
        print("serve: stopped", file=sys.stderr)
    finally:
        server.shutdown()
        from coursebuild.products import bank_pages

        bank_pages.finish_measuring(builder.spreading, stop=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
