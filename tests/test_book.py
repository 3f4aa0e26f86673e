"""The course as printed books (issues 14 and 29): typeset by LaTeX from the built site
(``coursebuild.book``, during ``make site``), two per language, the students' and the
teachers'. Checked on the PDFs: fonts, the size of the figures' text, headings never at
a page's foot, page fill, running heads, hyphenation, no screen words, no placeholder
address, the index and the bibliography, the contents' page numbers, the order of the
chapters, and the same bytes from a second typesetting."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coursebuild import book, latex

ROOT = Path(__file__).resolve().parents[1]
pikepdf = pytest.importorskip("pikepdf")
LANGS = ("fr", "en")
BOOKS = [(lang, edition) for lang in LANGS for edition in book.EDITIONS]
SCREEN_WORDS = {     # whole words, in any case but "bouton" (Bouton, of the theorem)
    "fr": ["cliquez", "cliquer", "cliquant", "dans la page", "dépliez", "déplier",
           "l'éditeur", "version animée", "copier", "ouvrez-le après", "(?-i:bouton)s?",
           "survolez", "menu"],
    "en": ["click", "clicking", "in the page", "unfold", "the editor", "animated version",
           "copy button", "open it after trying", "buttons?", "hover", "menu"],
}


def _pdf(lang: str, edition: str = "students") -> Path:
    path = ROOT / "build" / "pdf" / book.book_name(lang, edition)
    if not path.exists():
        pytest.skip("the books are typeset by `make site` (make test runs it)")
    return path


@functools.cache
def _pages(lang: str, edition: str = "students") -> tuple[str, ...]:
    """The text of each page (pdftotext, layout kept)."""
    text = subprocess.run(["pdftotext", "-layout", str(_pdf(lang, edition)), "-"],
                          capture_output=True, text=True, check=True).stdout
    return tuple(text.split("\f")[:-1])


@functools.cache
def _labels(lang: str, edition: str = "students") -> tuple[str, ...]:
    with pikepdf.open(_pdf(lang, edition)) as pdf:
        return tuple(str(page.label) for page in pdf.pages)


@functools.cache
def _outline(lang: str, edition: str = "students") -> tuple[tuple[str, int, int], ...]:
    """(title, depth, physical page from 0) of every bookmark, in order."""
    out: list[tuple[str, int, int]] = []
    with pikepdf.open(_pdf(lang, edition)) as pdf:
        pages = {p.objgen: k for k, p in enumerate(pdf.pages)}
        names = pdf.Root.Names.Dests if "/Names" in pdf.Root else None
        tree = pikepdf.NameTree(names) if names is not None else {}
        with pdf.open_outline() as outline:
            def walk(items, depth):
                for item in items:
                    dest = item.destination
                    if dest is None and item.action is not None:
                        dest = item.action.get("/D")
                    if isinstance(dest, pikepdf.String | str):
                        dest = tree[str(dest)]
                    if isinstance(dest, pikepdf.Dictionary):
                        dest = dest.D
                    out.append((str(item.title), depth, pages[dest[0].objgen]))
                    walk(item.children, depth + 1)
            walk(outline.root, 0)
    return tuple(out)


def _flat(text: str) -> str:
    """Text as words: typographic apostrophes as ', words cut by hyphenation joined."""
    text = re.sub(r"(\w)-\n\s*(\w)", r"\1\2", text.replace("\u2019", "'"))
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_offers_the_book_and_the_site_serves_both(lang):
    folder = ROOT / "site" / ("" if lang == "fr" else "en")
    home = (folder / "index.html").read_text("utf-8")
    for edition in book.EDITIONS:
        path = _pdf(lang, edition)
        assert (folder / path.name).read_bytes() == path.read_bytes()
    assert f'href="{_pdf(lang).name}" download' in home
    guide = (folder / "teachers" / "index.html").read_text("utf-8")
    assert f'href="../{_pdf(lang, "teachers").name}" download' in guide


@pytest.mark.parametrize("lang", LANGS)
def test_chapters_are_the_sites_pages_in_its_order_and_teachers_have_their_own(lang):
    for edition in book.EDITIONS:
        _, _, pages = book.book_pages(lang, "/", edition)
        root = ROOT / "site" / ("" if lang == "fr" else "en")
        titles = []
        for page in pages:
            if not page.numbered:
                continue
            html = (root / page.url.lstrip("/") / "index.html").read_text("utf-8")
            h1 = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)[1]
            h1 = re.sub(r"<a [^>]*headerlink.*?</a>|<[^>]+>", "", h1)
            titles.append(latex.plain(h1.replace("&#39;", "'").replace("&amp;", "&")))
        if edition == "teachers":     # the bank's chapter, made for the book alone
            titles.append("Banque de problèmes" if lang == "fr" else "Problem bank")
        printed = [re.sub(r"^\d+ ", "", t) for t, _, _ in _outline(lang, edition)
                   if re.match(r"\d+ ", t)]
        assert printed == titles, (edition, printed, titles)
    students = _flat(" ".join(_pages(lang)))
    teachers = _flat(" ".join(_pages(lang, "teachers")))
    # the build manual (make targets, figure ids) is in neither book: it is the appendix
    # page of the teachers' tab; the teaching notes are the teachers' alone
    assert "make figures" not in teachers and "make figures" not in students
    assert "nim-graph-a" not in teachers and "nim-graph-a" not in students
    notes = "Les erreurs des élèves" if lang == "fr" else "Students' misconceptions"
    assert teachers.count(notes) == 11 and notes not in students


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_fonts_are_embedded_and_none_is_type3(lang, edition):
    if shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils is installed by `make test`")
    table = subprocess.run(["pdffonts", str(_pdf(lang, edition))], capture_output=True,
                           text=True, check=True).stdout.splitlines()[2:]
    assert len(table) > 5
    assert all(line.split()[-5] == "yes" for line in table), table      # embedded
    assert not [line for line in table if "Type 3" in line], table
    assert any("LMRoman10-Regular" in line for line in table)           # a serif text face
    assert any("LMMathItalic" in line for line in table)                # mathematics fonts


def _figure_text_sizes(path: Path) -> list[tuple[float, int, str]]:
    """(size in points as printed, page, text) of every character drawn in the figures'
    font, whatever the figure's scale and rotation."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar

    with pikepdf.open(path) as pdf:
        wanted = []
        for k, page in enumerate(pdf.pages):
            xobjects = page.Resources.get("/XObject", {})
            if any("/Font" in x.get("/Resources", {}) for x in xobjects.values()):
                wanted.append(k)
    out = []

    def walk(obj, k):
        if isinstance(obj, LTChar):
            if "SourceSans" in obj.fontname:
                _, _, c, d, _, _ = obj.matrix
                # the size as printed: the text matrix holds the font size, the figure's
                # scale and its rotation (its second column's length is the size)
                out.append(((c * c + d * d) ** 0.5, k + 1, obj.get_text()))
        elif hasattr(obj, "__iter__"):
            for child in obj:
                walk(child, k)

    for k, page in zip(wanted, extract_pages(str(path), page_numbers=wanted), strict=True):
        walk(page, k)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_figure_text_is_smaller_than_7_points(lang):
    sizes = _figure_text_sizes(_pdf(lang))
    assert len(sizes) > 1000                   # the figures' labels were found
    small = sorted(s for s in sizes if s[0] < 6.95)
    assert small == [], small[:10]


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_heading_in_the_last_three_lines_of_a_page(lang, edition):
    pages = _pages(lang, edition)
    checked = 0
    for title, _, page in _outline(lang, edition):
        if not re.match(r"\d+\.\d+(\.\d+)? ", title):
            continue                            # sections and subsections
        lines = [ln.strip() for ln in pages[page].splitlines() if ln.strip()]
        number = title.split()[0]
        at = [k for k, ln in enumerate(lines) if ln.startswith(number + " ")
              and _flat(ln)[len(number):].strip()[:12] == _flat(title)[len(number):].strip()[:12]]
        if not at:
            continue                            # a title set over two lines
        checked += 1
        assert len(lines) - 1 - at[-1] >= 3, (title, page + 1, lines[at[-1]:])
    assert checked > 20


def _is_float_page(text: str) -> bool:
    """A page of figures: its text is their captions (and labels), below a few lines."""
    lines = [ln for ln in text.splitlines() if len(ln.split()) > 3]
    return bool(re.search(r"(?i)figure \d+\.\d+", text)) and len(lines) < 12


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_page_is_less_than_a_third_full_but_at_a_chapters_end(lang, edition):
    path = _pdf(lang, edition)
    starts = {page for title, depth, page in _outline(lang, edition)}
    bbox = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = bbox.split("<page ")[1:]
    chapter_pages = {p for t, d, p in _outline(lang, edition) if d <= 1}
    thin = []
    for k, page in enumerate(pages):
        ys = [float(y) for y in re.findall(r'yMax="([\d.]+)"', page)]
        height = float(re.search(r'height="([\d.]+)"', page)[1])
        images = page.count("<word") == 0
        if not ys or images:
            continue
        # the text area is from about 90 pt to 800 pt of the A4 page
        fill = (max(ys) - 90) / (height - 40 - 90 - 40)
        after = k + 1            # the figures a chapter's text holds follow its last page
        while after < len(pages) and _is_float_page(_pages(lang, edition)[after]):
            after += 1
        ends_chapter = after in chapter_pages or after == len(pages) or k in chapter_pages
        if fill < 1 / 3 and not ends_chapter and k + 1 not in starts and k > 4:
            thin.append((k + 1, round(fill, 2)))
    assert thin == []


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_running_heads_and_page_numbers(lang, edition):
    pages, labels = _pages(lang, edition), _labels(lang, edition)
    chapters = [(t, p) for t, d, p in _outline(lang, edition) if re.match(r"\d+ ", t)]
    parts = {p for t, d, p in _outline(lang, edition) if d == 0}
    checked = 0
    for (title, first), (_, after) in zip(chapters, chapters[1:] + [("", len(pages))],
                                          strict=True):
        for k in range(first + 1, min(after, first + 6)):
            head = _flat(pages[k].strip().splitlines()[0]) if pages[k].strip() else ""
            if head == labels[k] or k in parts:
                continue         # a page of turned figures: its head is not read in order
            if labels[k] not in head.split():    # a page of turned figures: the number
                assert labels[k] in _flat(pages[k]).split(), (k + 1, head)   # read later
                continue
            if labels[k].isdigit() and int(labels[k]) % 2 == 0:
                # the chapter on the left page
                assert _flat(title)[:15].split()[-1] in head, (k + 1, head, title)
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_text_is_justified_and_hyphenated_in_its_language(lang):
    text = "\n".join(_pages(lang))
    hyphenated = re.findall(r"[a-zà-ÿ]{2,}-\n\s*[a-zà-ÿ]{2,}", text)
    assert len(hyphenated) >= 10, hyphenated[:5]


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_word_speaks_to_a_screen_and_no_placeholder_address(lang, edition):
    text = _flat(" ".join(_pages(lang, edition)))
    if edition == "students":   # the teachers' book speaks of the site (make serve, pages)
        found = [m[0] for w in SCREEN_WORDS[lang]
                 for m in re.finditer(rf"(?i)(?<!\w){w}(?!\w)", text)]
        assert found == []
        assert "127.0.0.1" not in text
    assert "example.org" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_index_entries_land_on_the_page_of_their_definition(lang):
    ind = (ROOT / "build" / "book" / f"students-{lang}" / "book.ind")
    if not ind.exists():
        pytest.skip("the books are typeset by `make site`")
    pages, labels = _pages(lang), _labels(lang)
    entries = re.findall(r"\\item (.*?), \\hyperpage\{(\d+)\}\s*$", ind.read_text("utf-8"),
                         re.M)
    assert len(entries) > 25
    for entry, number in entries:
        term = re.sub(r"\\[a-zA-Z]+\s*|\\[()]|[{}_^]", "", entry).strip()
        page = pages[labels.index(number)]
        assert _flat(term.split("(")[0]).lower()[:20] in _flat(page).lower(), (term, number)
    # and the index is printed
    assert book.WORDS[lang]["index"] in " ".join(_pages(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_work_of_the_bibliography_is_cited(lang):
    text = _flat(" ".join(_pages(lang)))
    works = book.bibliography()
    head = book.WORDS[lang]["bibliography"]
    body, _, bibliography = text.rpartition(head)
    assert len(works) >= 10
    for number, work in enumerate(works, 1):
        assert f"[{number}] {work['authors'].split(',')[0]}" in bibliography
        assert f"[{number}]" in body, work["key"]
    for needle in ("Bouton", "Zermelo", "Sprague", "Grundy", "Knuth", "Nilsson", "Busser",
                   "Tromp", "Allis", "10.2307/1967631"):
        assert needle in bibliography


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_the_contents_give_each_chapter_its_page(lang, edition):
    pages, labels = _pages(lang, edition), _labels(lang, edition)
    chapters = [(t, p) for t, d, p in _outline(lang, edition) if re.match(r"\d+ ", t)]
    contents = "\n".join(pages[1:chapters[0][1]])
    assert book.WORDS[lang]["contents"] in contents
    for title, page in chapters:
        number, rest = title.split(" ", 1)
        line = next(_flat(ln) for ln in contents.splitlines()
                    if ln.strip().startswith(number + " ") and rest.split()[0] in _flat(ln))
        assert line.split()[-1] == labels[page], (title, line, labels[page])


@pytest.mark.parametrize("lang", LANGS)
def test_solutions_come_after_their_exercises_at_the_chapters_end(lang):
    text = _flat(" ".join(_pages(lang)))
    heading = book.WORDS[lang]["solutions"]
    assert text.count(heading) >= 8
    # the in-browser exercises are printed with their starter code, their solution after
    # (the section's heading, followed by its first solution: a running head may announce
    # it on the page where the last exercises end)
    section = text.index(f"{heading} {book.WORDS[lang]['solution']}")
    assert text.index("def jeu_de_nim(n, R)") < section
    assert "def renverse_graphe" in text


def test_the_same_inputs_typeset_the_same_bytes(tmp_path):
    paths = [_pdf("en", edition) for edition in book.EDITIONS]
    # in a process of its own, as make site runs it
    subprocess.run([sys.executable, "-m", "coursebuild", "book", "--lang", "en",
                    "--force", "--out", str(tmp_path)], check=True, capture_output=True)
    for path in paths:
        again = (tmp_path / path.name).read_bytes()
        if again != path.read_bytes():              # kept for a look: build/pdf-again/
            (ROOT / "build" / "pdf-again").mkdir(exist_ok=True)
            (ROOT / "build" / "pdf-again" / path.name).write_bytes(again)
        assert again == path.read_bytes(), path.name
    with pikepdf.open(paths[0]) as pdf:
        assert str(pdf.docinfo.CreationDate).startswith("D:20231114221320")
        assert str(pdf.Root.Lang if "/Lang" in pdf.Root else "en") == "en"


def test_an_interrupted_build_leaves_no_book_under_an_old_stamp(tmp_path, monkeypatch):
    # issue 26.1: typeset from inputs A, then from inputs B interrupted at the write of the
    # last book, then from A again: the last build must typeset, not find "A's" stamp
    # beside B's books and call them up to date
    if not (ROOT / "site" / "index.html").exists():
        pytest.skip("needs a built site (make site)")
    from arena._files import write_atomic

    inputs = {"key": "A"}
    typeset: list[str] = []

    def fake_book(lang, edition, site, out, figures):
        if inputs["key"] == "B" and (lang, edition) == BOOKS[-1]:
            raise KeyboardInterrupt          # the interruption, at the last book's write
        typeset.append(f"{edition}-{lang}")
        return write_atomic(out / book.book_name(lang, edition), f"{inputs['key']}-{lang}")

    monkeypatch.setattr(book, "_inputs_hash", lambda site, langs: inputs["key"])
    monkeypatch.setattr(book, "build_book", fake_book)
    monkeypatch.setattr(book, "figure_metrics", lambda site: {})
    out = tmp_path / "pdf"
    book.build(ROOT / "site", out)
    inputs["key"] = "B"
    with pytest.raises(KeyboardInterrupt):
        book.build(ROOT / "site", out)
    assert not (out / ".inputs").exists()       # no stamp vouches for a mixed set
    inputs["key"] = "A"
    typeset.clear()
    book.build(ROOT / "site", out)
    assert len(typeset) == 4
    assert (out / ".inputs").read_text() == "A"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".inputs", *(book.book_name(lang, e) for lang, e in BOOKS)])   # nothing half-written


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_nothing_is_wider_than_the_text(lang, edition):
    import json

    _pdf(lang, edition)
    report = json.loads((ROOT / "build" / "pdf" / f"report-{edition}-{lang}.json")
                        .read_text("utf-8"))
    assert report["overfull"] == [] and report["warnings"] == []
    # and no listing line was cut: each printed line of code is one of the page's lines
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    for block in re.findall(r"\\begin\{verbatim\}\n(.*?)\n\\end\{verbatim\}", tex, re.S):
        assert max(len(line) for line in block.split("\n")) <= latex.SMALL_CODE_WIDTH


@pytest.mark.parametrize("lang", LANGS)
def test_figures_are_numbered_in_their_order_of_appearance(lang):
    # (the teacher's book has no figure: the students' book is the one to check)
    numbers = [(int(a), int(b)) for page in _pages(lang)
               for a, b in re.findall(r"(?im)^\s*figure (\d+)\.(\d+)(?: –|:)", page)]
    assert len(numbers) > 30
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), numbers


def test_a_long_output_is_folded_and_the_site_address_printed_when_set(monkeypatch):
    site = ROOT / "site"
    if not (site / "index.html").exists():
        pytest.skip("needs a built site (make site)")
    figures = book.figure_metrics(site)
    tex, _ = book.book_source("fr", "teachers", site, figures)
    # the command line's --help is printed to a few lines, the rest counted
    assert re.search(r"\$ arena render --help\n(.*\n){13}\[\.\.\. \d+ lignes de plus\]", tex)
    assert "https://" not in tex.replace("https://doi.org", "")  # no address: none printed
    monkeypatch.setenv("SITE_URL", "https://teacher.example.net/arena/")
    tex, _ = book.book_source("fr", "students", site, figures)
    # a widget's still figure or paper wording gives the live page's address
    assert r"\url{https://teacher.example.net/arena/strategies/}" in tex
    assert r"\url{https://teacher.example.net/arena/}" in tex      # the title page
    tex, _ = book.book_source("en", "students", site, figures)
    assert r"\url{https://teacher.example.net/arena/en/strategies/}" in tex
    assert "example.org" not in tex
