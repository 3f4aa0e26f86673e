"""Print the course as a book, one PDF per language, from the built site (``make pdf``).

The route: Chromium prints a print view of the site. The view is one HTML document per
language, assembled from the built pages in the order of the site's navigation (the same
text, fragments, figures and MathJax as the site, so the book and the site never
disagree); widgets become their static figures, solutions move to the end of their
chapter, links between pages become links inside the document and other links point to
the published site. A first printing finds the page of every heading (from the PDF's
outline), a second one writes them into the table of contents. pikepdf then fixes what
would change from one run to the next (dates, the document id), so the same site gives the
same bytes.

Usage: python -m coursebuild book [--site site] [--out build/pdf] [--lang fr|en]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import hashlib
import http.server
import json
import os
import re
import sys
import threading
import time
from dataclasses import asdict, dataclass
from datetime import UTC
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild import address
from coursebuild.paths import ROOT  # noqa: E402

HERE = Path(__file__).resolve().parent   # the print view's stylesheet and script
CONFIGS = {"fr": ROOT / "mkdocs.yml", "en": ROOT / "mkdocs.en.yml"}
SKIPPED = {"reference.md", "design.md"}
"""Pages of the site that are not in the book: the API reference is the library's, and
the game-design page is a tool that runs in the browser."""
CHROMIUM = "/usr/bin/chromium"
WORDS = {
    "fr": {"solution": "Solution", "solutions": "Solutions des exercices", "see": "Voir",
           "live": "Version interactive sur le site :",
           "playable": "La figure, en version jouable sur le site :",
           "contents": "Table des matières",
           "subtitle": "Cours et exercices", "site": "Le site du cours :",
           "foreword": "Version imprimable du site, produite à partir des mêmes sources."},
    "en": {"solution": "Solution", "solutions": "Solutions to the exercises", "see": "See",
           "live": "Interactive version on the site:",
           "playable": "The figure, playable on the site:", "contents": "Contents",
           "subtitle": "Course and exercises", "site": "The course's site:",
           "foreword": "Printable version of the site, made from the same sources."},
}


@dataclass(frozen=True)
class Page:
    """One page of the site in the book."""

    slug: str        # the id of its chapter in the book
    url: str         # its address on the local server
    part: str        # the navigation section it opens, or ""
    numbered: bool   # chapters are numbered; the home page is not


@functools.cache
def _config(lang: str):
    from mkdocs.config import load_config

    return load_config(str(CONFIGS[lang]))


def book_name(lang: str) -> str:
    """The book's file name, in its language (``extra.book`` of the site's configuration,
    which the home page links to)."""
    return _config(lang)["extra"]["book"]


def book_pages(lang: str, root: str) -> tuple[str, str, list[Page]]:
    """The site's title, published address and the book's pages, in navigation order."""
    config = _config(lang)
    pages: list[Page] = []

    def walk(items, part: str) -> None:
        for item in items:
            (title, value), = item.items() if isinstance(item, dict) else ((None, item),)
            if isinstance(value, list):
                walk(value, title)
                continue
            if value in SKIPPED:
                continue
            path = value.rsplit(".", 1)[0]
            url = root + ("" if path == "index" else path + "/")
            slug = "home" if path == "index" else path.replace("/", "-")
            # a part's name is written once, before its first chapter
            first = part and part not in parts
            parts.add(part)
            pages.append(Page(slug, url, part if first else "", path != "index"))

    parts: set[str] = set()
    walk(config["nav"], "")
    return config["site_name"], address.published(lang), pages


def _shell(lang: str, site_name: str, site_url: str, root: str) -> str:
    """The book's HTML before its chapters: styles, MathJax, title page, contents."""
    w = WORDS[lang]
    # the published site's address (SITE_URL), printed only when it is configured
    link = f'<a href="{site_url}">{site_url}</a>'
    address_line = f'<p class="book-address">{w["site"]} {link}</p>' if site_url else ""
    index = (ROOT / "site" / ("" if lang == "fr" else "en") / "index.html").read_text("utf-8")
    links = [line.strip() for line in index.splitlines()
             if line.strip().startswith('<link rel="stylesheet"')]
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><base href="{root}">
<title>{site_name}</title>
{chr(10).join(links)}
<link rel="stylesheet" href="{root}__book__/book.css">
<script src="/assets/javascripts/mathjax-config.js"></script>
<script>
  // the book typesets once, after assembling: the assistive MathML (the formulas' text for
  // screen readers and the tagged PDF) is loaded before, not while printing
  MathJax.loader = {{load: ["a11y/assistive-mml"]}};
  MathJax.startup = {{typeset: false}};
</script>
<script src="/assets/mathjax/tex-chtml.js"></script>
<script src="{root}__book__/book_print.js"></script>
</head>
<body dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo"
      data-md-color-accent="deep-orange">
<div class="book-title-page">
  <p class="book-title">{site_name}</p>
  <p class="book-subtitle">{w["subtitle"]}</p>
  <p class="book-foreword">{w["foreword"]}</p>
  {address_line}
</div>
<nav id="book-toc"><p class="book-toc-title">{w["contents"]}</p><ol></ol></nav>
<main id="book-chapters" class="md-typeset"></main>
</body></html>
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site, the book's shell and its print files."""

    shells: dict[str, str] = {}

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        extra = {"/__book__/book.css": (HERE / "book.css", "text/css"),
                 "/en/__book__/book.css": (HERE / "book.css", "text/css"),
                 "/__book__/book_print.js": (HERE / "book_print.js", "text/javascript"),
                 "/en/__book__/book_print.js": (HERE / "book_print.js",
                                                "text/javascript")}
        path = self.path.split("?")[0]
        if path in self.shells or path in extra:
            if path in self.shells:
                body, kind = self.shells[path].encode(), "text/html; charset=utf-8"
            else:
                body, kind = extra[path][0].read_bytes(), extra[path][1]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args) -> None:
        pass


MARGIN_MM = 18
TEXT_WIDTH_PX = round((210 - 2 * MARGIN_MM) / 25.4 * 96)
FOOTER = ('<div style="width:100%;font-size:8pt;font-family:sans-serif;text-align:center;'
          'color:#555"><span class="pageNumber"></span></div>')


def _print(page, path: Path | None = None) -> bytes:
    return page.pdf(path=None, format="A4", print_background=True, outline=True, tagged=True,
                    display_header_footer=True, header_template="<div></div>",
                    footer_template=FOOTER,
                    margin={"top": "18mm", "bottom": "20mm", "left": f"{MARGIN_MM}mm",
                            "right": f"{MARGIN_MM}mm"})


def _heading_pages(pdf_bytes: bytes) -> list[tuple[str, int, int]]:
    """The outline of a printed PDF: (title, depth, page number from 1), in order."""
    import io

    import pikepdf

    out: list[tuple[str, int, int]] = []
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pages = {page.objgen: k + 1 for k, page in enumerate(pdf.pages)}
        with pdf.open_outline() as outline:
            def walk(items, depth):
                for item in items:
                    dest = item.destination
                    if dest is None and item.action is not None:
                        dest = item.action.get("/D")
                    number = pages.get(dest[0].objgen, 0) if dest is not None else 0
                    out.append((str(item.title), depth, number))
                    walk(item.children, depth + 1)
            walk(outline.root, 1)
    return out


_TOKEN = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>|/[^\s/\[\]<>(){}%]+")
"""A content stream's tokens that matter when renaming resources: a literal or hex string
(kept whole) or a name (``/F3``, a resource's name when it is a key of the page's)."""


def _canonical(obj, seen: set | None = None) -> bytes:
    """Bytes that stand for an object's content, whatever its number in the file and the
    subset prefix of its font names."""

    import pikepdf

    seen = set() if seen is None else seen
    if isinstance(obj, pikepdf.Object) and obj.is_indirect:
        if obj.objgen in seen:
            return b"<cycle>"
        seen = seen | {obj.objgen}
    if isinstance(obj, pikepdf.Stream):
        return b"S" + _canonical(pikepdf.Dictionary(dict(obj.items())), seen) + \
            obj.read_raw_bytes()
    if isinstance(obj, pikepdf.Dictionary):
        return b"D" + b"".join(k.encode() + _canonical(v, seen) for k, v in sorted(obj.items())
                               if k not in ("/Length", "/Parent"))
    if isinstance(obj, pikepdf.Array):
        return b"A" + b"".join(_canonical(v, seen) for v in obj)
    if isinstance(obj, pikepdf.Name):
        return re.sub(rb"^/[A-Z]{6}\+", b"/", str(obj).encode())
    return repr(obj).encode()


def _stable_names(pdf) -> None:
    """Chromium numbers fonts and graphic states in the order it meets them, which varies
    from one printing to the next (web fonts load in parallel): name each one after its
    content instead, in the resource dictionaries and in the content streams, and give the
    font subsets a prefix made from their content too."""
    import pikepdf

    names: dict[tuple[int, int], str] = {}
    for page in pdf.pages:
        resources = page.Resources
        mapping: dict[str, str] = {}
        for kind in ("/Font", "/ExtGState", "/XObject", "/Pattern", "/Shading"):
            if kind not in resources:
                continue
            renamed = pikepdf.Dictionary()
            for key, value in resources[kind].items():
                if value.objgen not in names:
                    digest = hashlib.sha256(_canonical(value)).hexdigest()
                    names[value.objgen] = f"/{kind[1]}{digest[:12]}"
                    if kind == "/Font":
                        _stable_subset_names(value, digest)
                mapping[key] = names[value.objgen]
                renamed[names[value.objgen]] = value
            resources[kind] = renamed
        # the names are replaced in the stream's bytes, token by token (a string is one
        # token, left as it is): parsing each instruction in Python took seconds a book
        renames = {k.encode(): v.encode() for k, v in mapping.items()}
        contents = page.Contents
        data = (b"\n".join(s.read_bytes() for s in contents)
                if isinstance(contents, pikepdf.Array) else contents.read_bytes())
        page.Contents = pdf.make_stream(_TOKEN.sub(
            lambda m, r=renames: r.get(m.group(0), m.group(0)), data))


def _explicit_destinations(pdf) -> None:
    """Chromium names the link targets after its DOM nodes (``node00000453``), numbered
    differently from one run to the next: write every link's and bookmark's target as an
    explicit destination (page, position) and drop the names."""
    import pikepdf

    names = pdf.Root.get("/Names")
    table = {}
    if names is not None and "/Dests" in names:                  # (string) targets
        table.update({str(k): v for k, v in pikepdf.NameTree(names.Dests).items()})
    if "/Dests" in pdf.Root:                                      # /name targets
        table.update({str(k): v for k, v in pdf.Root.Dests.items()})

    def resolve(dest):
        if isinstance(dest, (pikepdf.String, pikepdf.Name)):
            value = table[str(dest)]
            return value.D if isinstance(value, pikepdf.Dictionary) else value
        return dest

    def explicit(holder) -> None:
        if "/Dest" in holder:
            holder.Dest = resolve(holder.Dest)
        action = holder.get("/A")
        if action is not None and "/D" in action:
            action.D = resolve(action.D)

    for page in pdf.pages:
        for annot in page.get("/Annots", []):
            explicit(annot)
    stack = [pdf.Root.Outlines.get("/First")] if "/Outlines" in pdf.Root else []
    while stack:
        item = stack.pop()
        if item is None:
            continue
        explicit(item)
        stack += [item.get("/Next"), item.get("/First")]
    if names is not None and "/Dests" in names:
        del names["/Dests"]
        if not names.keys():
            del pdf.Root["/Names"]
    if "/Dests" in pdf.Root:
        del pdf.Root["/Dests"]


def _stable_node_ids(pdf) -> None:
    """The structure tree (the tagged PDF) names its elements after Chromium's DOM nodes
    too (table cells refer to their headers by these ids), numbered differently from run
    to run: renumber them in the order of the tree, which does not change."""
    import pikepdf

    root = pdf.Root.get("/StructTreeRoot")
    if root is None:
        return
    elements, stack, seen = [], [root.get("/K")], set()
    while stack:                 # depth first, children in order
        node = stack.pop()
        if isinstance(node, pikepdf.Array):
            stack.extend(reversed(list(node)))
        elif isinstance(node, pikepdf.Dictionary) and node.objgen not in seen:
            if node.is_indirect:
                seen.add(node.objgen)
            elements.append(node)
            if "/K" in node:
                stack.append(node.K)
    renamed = {str(e.ID): f"e{k:06d}" for k, e in enumerate(e for e in elements if "/ID" in e)}
    tree = pikepdf.NameTree.new(pdf)
    for e in elements:
        if "/ID" in e:
            e.ID = pikepdf.String(renamed[str(e.ID)])
            tree[str(e.ID)] = e
        attributes = e.get("/A")
        for a in (attributes if isinstance(attributes, pikepdf.Array) else [attributes]):
            if isinstance(a, pikepdf.Dictionary) and "/Headers" in a:
                a.Headers = pikepdf.Array([pikepdf.String(renamed.get(str(h), str(h)))
                                           for h in a.Headers])
    root.IDTree = tree.obj


def _stable_subset_names(font, digest: str) -> None:
    """``ABCDEF+Name`` -> a prefix of six letters taken from the font's content."""

    import pikepdf

    prefix = "".join(chr(ord("A") + int(c, 16) % 26) for c in digest[:6])
    for obj in [font, *font.get("/DescendantFonts", [])]:
        for holder, key in ((obj, "/BaseFont"), (obj.get("/FontDescriptor"), "/FontName")):
            if holder is not None and key in holder:
                holder[key] = pikepdf.Name(re.sub(r"^/[A-Z]{6}\+", f"/{prefix}+",
                                                  str(holder[key])))


def _fix(pdf_bytes: bytes, lang: str, title: str, epoch: int) -> bytes:
    """The PDF with fixed dates and id, its title and language set, the outline shown."""
    import io
    from datetime import datetime

    import pikepdf

    stamp = datetime.fromtimestamp(epoch, tz=UTC).strftime("D:%Y%m%d%H%M%SZ")
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        if "/Metadata" in pdf.Root:
            del pdf.Root.Metadata
        pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary({
            "/Title": pikepdf.String(title), "/Creator": pikepdf.String("arena"),
            "/Producer": pikepdf.String("Chromium, pikepdf"),
            "/CreationDate": pikepdf.String(stamp), "/ModDate": pikepdf.String(stamp)}))
        _stable_names(pdf)
        _explicit_destinations(pdf)
        _stable_node_ids(pdf)
        pdf.Root.Lang = pikepdf.String(lang)
        pdf.Root.PageMode = pikepdf.Name.UseOutlines
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return buffer.getvalue()


def build_book(lang: str, site: Path, out: Path, browser, base: str,
               steps: dict[str, float] | None = None) -> Path:
    """Print one language's book into ``out``; return its path. ``steps`` receives the
    seconds each step took (assembling the chapters, each printing, the PDF's fixes)."""
    steps = {} if steps is None else steps
    clock = [time.perf_counter()]

    def lap(step: str) -> None:
        now = time.perf_counter()
        steps[step] = steps.get(step, 0.0) + now - clock[0]
        clock[0] = now

    root = "/" if lang == "fr" else "/en/"
    site_name, site_url, pages = book_pages(lang, root)
    _Handler.shells[f"{root}__book__/book.html"] = _shell(lang, site_name, site_url, root)
    manifest = json.loads((site / "figures" / "manifest.json").read_text("utf-8"))
    from coursebuild.typography import french

    figures = {e["id"]: {"caption": french(e["caption"][lang]) if lang == "fr"
                         else e["caption"][lang]} for e in manifest}
    # the width of the printed text (A4 less the margins), so that overflows() sees the
    # lines as printed
    context = browser.new_context(viewport={"width": TEXT_WIDTH_PX, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}{root}__book__/book.html", wait_until="load")
    book = {"pages": [asdict(p) for p in pages], "siteUrl": site_url, "root": root,
            "sharedUrl": book_pages("fr", "/")[1],
            "figures": figures, "words": WORDS[lang]}
    count = page.evaluate("async (book) => { const n = await assembleBook(book); "
                          "numberHeadings(); return n; }", book)
    lap("assemble")
    if count != len(pages):
        raise SystemExit(f"book: {lang}: {count} chapters assembled, {len(pages)} expected")
    entries = page.evaluate("buildToc()")
    wide = page.evaluate("fitWidth(); overflows()")
    lap("assemble")
    first = _print(page)
    lap("print")
    outline = [o for o in _heading_pages(first) if o[1] <= 2]
    if len(outline) != len(entries):
        raise SystemExit(f"book: {lang}: the PDF's outline has {len(outline)} headings of "
                         f"levels 1-2, the contents {len(entries)}")
    page.evaluate("(n) => setPageNumbers(n)", {e[0]: o[2] for e, o in zip(entries, outline)})
    second = _print(page)
    lap("print")
    if [o[2] for o in _heading_pages(second) if o[1] <= 2] != [o[2] for o in outline]:
        raise SystemExit(f"book: {lang}: the page numbers moved when written into the contents")
    if errors:
        raise SystemExit(f"book: {lang}: errors in the print view: {errors[:3]}")
    for line in wide:
        print(f"book: {lang}: wider than the page: {line}", file=sys.stderr)
    write_atomic(out / f"report-{lang}.json", json.dumps(
        {"wider_than_the_page": wide, "chapters": [p.slug for p in pages]}, indent=1) + "\n")
    context.close()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))
    target = out / book_name(lang)
    write_atomic(target, _fix(second, lang, site_name, epoch))
    lap("fix")
    return target


def _inputs_hash(site: Path) -> str:
    """Everything a book is made from: the built site (but the books in it) and this code."""
    digest = hashlib.sha256()
    books = {book_name(lang) for lang in CONFIGS}
    for path in sorted(p for p in site.rglob("*") if p.is_file() and p.name not in books):
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    for name in ("book.py", "book_print.js", "book.css"):
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()


def build(site: Path = ROOT / "site", out: Path = ROOT / "build" / "pdf",
          langs: tuple[str, ...] = ("fr", "en"), force: bool = False) -> list[Path]:
    """Print the books that are missing or older than the site; return their paths."""
    from playwright.sync_api import sync_playwright

    if not (site / "index.html").exists():
        raise SystemExit(f"book: no site in {site} (make site builds it)")
    out.mkdir(parents=True, exist_ok=True)
    stamp = out / ".inputs"
    key = _inputs_hash(site)
    paths = [out / book_name(lang) for lang in langs]
    if not force and stamp.exists() and stamp.read_text() == key and all(
            p.exists() for p in paths):
        print(f"book: up to date -> {out}", file=sys.stderr)
        return paths
    # the old stamp goes before any book is replaced, the new one after all are written: an
    # interruption in between leaves no stamp, and the next build prints them again (never
    # a new book under the old stamp, which a revert of the inputs would take for current)
    stamp.unlink(missing_ok=True)
    handler = functools.partial(_Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    # the system's fonts, always: the figure build points FONTCONFIG_FILE at its pinned
    # font alone, and a process that drew a figure passes it on
    env = {k: v for k, v in os.environ.items()
           if k not in ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "ARENA_FONTCONFIG_READY")}

    def one(lang: str) -> None:
        """One language's book, in its own browser (one Playwright per thread)."""
        t0 = time.perf_counter()
        steps: dict[str, float] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, env=env,
                                        args=["--no-sandbox", "--disable-gpu"])
            steps["browser"] = time.perf_counter() - t0
            path = build_book(lang, site, out, browser, base, steps)
            browser.close()
        detail = ", ".join(f"{k} {v:.1f} s" for k, v in steps.items())
        print(f"book: {path.name}: {_page_count(path)} pages in "
              f"{time.perf_counter() - t0:.1f} s ({detail})", file=sys.stderr, flush=True)

    try:
        # the languages print side by side (a print keeps about one core busy)
        with concurrent.futures.ThreadPoolExecutor(len(langs)) as pool:
            for job in [pool.submit(one, lang) for lang in langs]:
                job.result()
    finally:
        server.shutdown()
    write_atomic(stamp, key)
    return paths


def publish(site: Path, books: Path = ROOT / "build" / "pdf") -> None:
    """Copy the books into the site's language roots, where the home pages link to them
    (the books not printed yet are left out)."""
    for lang, folder in (("fr", site), ("en", site / "en")):
        if (books / book_name(lang)).exists():   # whole or not at all, as every book write
            write_if_changed(folder / book_name(lang), (books / book_name(lang)).read_bytes())


def _page_count(path: Path) -> int:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "pdf")
    parser.add_argument("--lang", choices=("fr", "en"), action="append")
    parser.add_argument("--force", action="store_true", help="print even if up to date")
    args = parser.parse_args(argv)
    build(args.site, args.out, tuple(args.lang or ("fr", "en")), args.force)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
