"""The course as a book (issue 14): one PDF per language, printed from the built site by
``coursebuild.book`` during ``make site``. Checked here: the home pages offer them, their
fonts are embedded, their chapters and sections are the site's in the site's order, every
internal link lands on a page, no link points at the local print server, nothing is wider
than the page, and the same site prints the same bytes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
from coursebuild import book  # noqa: E402

pikepdf = pytest.importorskip("pikepdf")
LANGS = ("fr", "en")


def _pdf(lang: str) -> Path:
    path = ROOT / "build" / "pdf" / book.book_name(lang)
    if not path.exists():
        pytest.skip("the books are printed by `make site` (make test runs it)")
    return path


def _outline(path: Path) -> list[tuple[str, int, int]]:
    return book._heading_pages(path.read_bytes())


class _Headings(HTMLParser):
    """The h1 and h2 texts of a built page's article."""

    def __init__(self) -> None:
        super().__init__()
        self.level, self.depth, self.found, self.text = 0, 0, [], ""

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.depth = 1
        elif self.depth and tag in ("h1", "h2"):
            self.level, self.text = int(tag[1]), ""
        elif self.level and tag == "a" and dict(attrs).get("class") in ("headerlink",
                                                                         "anchor-link"):
            self.level = -self.level          # the ¶ link is not part of the title

    def handle_endtag(self, tag):
        if tag == "a" and self.level < 0:
            self.level = -self.level
        elif tag in ("h1", "h2") and self.level:
            text = re.sub(r"\\\(J_(\d)\\\)", lambda m: "J" + "₀₁"[int(m[1])], self.text)
            text = re.sub(r"\$([^$]+)\$", lambda m: m[1].replace("\\times", "×"), text)
            self.found.append((self.level, " ".join(text.split())))
            self.level = 0

    def handle_data(self, data):
        if self.level > 0:
            self.text += data


def _site_headings(lang: str) -> list[tuple[int, str]]:
    root = ROOT / "site" / ("" if lang == "fr" else "en")
    out: list[tuple[int, str]] = []
    _, _, pages = book.book_pages(lang, "/")
    for page in pages:
        parser = _Headings()
        parser.feed((root / page.url.lstrip("/") / "index.html").read_text("utf-8"))
        out += parser.found
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_offers_the_book_and_the_site_serves_it(lang):
    path = _pdf(lang)
    folder = ROOT / "site" / ("" if lang == "fr" else "en")
    home = (folder / "index.html").read_text("utf-8")
    assert f'href="{path.name}" download' in home
    assert (folder / path.name).read_bytes() == path.read_bytes()


@pytest.mark.parametrize("lang", LANGS)
def test_chapters_and_sections_are_the_sites_in_its_order(lang):
    outline = _outline(_pdf(lang))
    printed = [(depth, " ".join(re.sub(r"^\d+(\.\d+)? ", "", title).split()))
               for title, depth, _ in outline if depth <= 2]
    printed = [p for p in printed if p != (2, book.WORDS[lang]["solutions"])]
    assert printed == _site_headings(lang)
    numbered = [t for t, d, _ in outline if d == 1 and re.match(r"\d+ ", t)]
    assert [int(t.split()[0]) for t in numbered] == list(range(1, len(numbered) + 1))


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_starts_a_page_and_the_contents_give_the_right_pages(lang):
    path = _pdf(lang)
    chapters = [(title, page) for title, depth, page in _outline(path) if depth == 1]
    pages = [p for _, p in chapters]
    assert pages == sorted(set(pages)) and pages[0] >= 3        # after the title and contents
    with pikepdf.open(path) as pdf:
        count = len(pdf.pages)
    assert pages[-1] <= count
    text = subprocess.run(["pdftotext", "-layout", "-f", "2", "-l", str(pages[0] - 1),
                           str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    for title, page in chapters:   # the contents line of each chapter ends with its page
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(title.split()[0])
                    and title.split()[-1] in ln)
        assert line.split()[-1] == str(page), (title, line)


@pytest.mark.parametrize("lang", LANGS)
def test_fonts_are_embedded(lang):
    if shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils is installed by `make test`")
    table = subprocess.run(["pdffonts", str(_pdf(lang))], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert table and all(line.split()[-5] == "yes" for line in table), table


@pytest.mark.parametrize("lang", LANGS)
def test_links_land_inside_the_book_or_on_the_published_site(lang):
    site_url = book.book_pages(lang, "/")[1]
    internal = external = 0
    with pikepdf.open(_pdf(lang)) as pdf:
        pages = {p.objgen for p in pdf.pages}
        assert "/Dests" not in pdf.Root.get("/Names", {}) and "/Dests" not in pdf.Root
        for page in pdf.pages:
            for annot in page.get("/Annots", []):
                if annot.get("/Subtype") != "/Link":
                    continue
                dest = annot.get("/Dest")
                if dest is not None:
                    assert dest[0].objgen in pages
                    internal += 1
                    continue
                uri = str(annot.A.URI)
                assert "127.0.0.1" not in uri and "localhost" not in uri, uri
                external += 1
                assert uri.startswith(("https://", "http://", "mailto:")), uri
        assert internal > 100
    report = json.loads((ROOT / "build" / "pdf" / f"report-{lang}.json").read_text("utf-8"))
    assert report["wider_than_the_page"] == []
    # the published site's address comes from SITE_URL; without it none is printed
    text = subprocess.run(["pdftotext", str(_pdf(lang)), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "example.org" not in text
    if site_url:
        assert site_url.startswith("http") and external > 0 and site_url in text


def test_the_same_site_prints_the_same_bytes(tmp_path):
    path = _pdf("en")
    if not Path(book.CHROMIUM).exists():
        pytest.skip("Debian's Chromium is installed by `make test`")
    # in a process of its own: a test process may already run Playwright's event loop
    subprocess.run([sys.executable, "-m", "coursebuild", "book", "--lang", "en",
                    "--force", "--out", str(tmp_path)], check=True, capture_output=True)
    again = (tmp_path / path.name).read_bytes()
    if again != path.read_bytes():            # kept for a look: build/pdf-again/
        (ROOT / "build" / "pdf-again").mkdir(exist_ok=True)
        (ROOT / "build" / "pdf-again" / path.name).write_bytes(again)
    assert again == path.read_bytes()
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo.CreationDate) == "D:20231114221320Z"     # SOURCE_DATE_EPOCH
        assert str(pdf.Root.Lang) == "en" and "/Metadata" not in pdf.Root


@pytest.mark.parametrize("lang", LANGS)
def test_solutions_are_gathered_after_their_exercises(lang):
    text = subprocess.run(["pdftotext", str(_pdf(lang)), "-"], capture_output=True,
                          text=True, check=True).stdout
    heading = book.WORDS[lang]["solutions"]
    assert text.count(heading) >= 8              # the chapters that have exercises
    # the in-browser exercises are printed with their starter code, not their solution
    assert "def renverse_graphe" in text


def test_an_interrupted_print_leaves_no_book_under_an_old_stamp(tmp_path, monkeypatch):
    # issue 26.1: print from inputs A, then from inputs B interrupted at the write of the
    # second book (the first one is B's), then from A again: the last build must print,
    # not find "A's" stamp beside B's book and call the books up to date
    if not (ROOT / "site" / "index.html").exists():
        pytest.skip("needs a built site (make site)")
    import contextlib
    import types

    import playwright.sync_api

    # no browser: the printing itself is replaced (and a real Playwright session cannot
    # start in a process whose other tests already drive one)
    no_browser = types.SimpleNamespace(close=lambda: None)
    session = types.SimpleNamespace(chromium=types.SimpleNamespace(launch=lambda **k: no_browser))
    monkeypatch.setattr(playwright.sync_api, "sync_playwright",
                        lambda: contextlib.nullcontext(session))
    inputs = {"key": "A"}
    printed: list[str] = []

    def fake_print(lang, site, out, browser, base, steps=None):
        if inputs["key"] == "B" and lang == "en":
            raise KeyboardInterrupt          # the interruption, at the English book's write
        printed.append(lang)
        return write_atomic(out / book.book_name(lang), f"{inputs['key']}-{lang}")

    from arena._files import write_atomic

    monkeypatch.setattr(book, "_inputs_hash", lambda site: inputs["key"])
    monkeypatch.setattr(book, "build_book", fake_print)
    monkeypatch.setattr(book, "_page_count", lambda path: 1)
    out = tmp_path / "pdf"
    book.build(ROOT / "site", out)
    inputs["key"] = "B"
    with pytest.raises(KeyboardInterrupt):
        book.build(ROOT / "site", out)
    assert (out / book.book_name("fr")).read_text() == "B-fr"
    assert not (out / ".inputs").exists()       # no stamp vouches for a mixed pair
    inputs["key"] = "A"
    printed.clear()
    book.build(ROOT / "site", out)
    assert sorted(printed) == ["en", "fr"]     # the two books print side by side
    assert [(out / book.book_name(lang)).read_text() for lang in LANGS] == ["A-fr", "A-en"]
    assert (out / ".inputs").read_text() == "A"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".inputs", *(book.book_name(lang) for lang in LANGS)])   # no temporary file left
