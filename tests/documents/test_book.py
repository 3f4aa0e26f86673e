"""The course as printed books (issues 14 and 29): typeset by LaTeX from the built site
(``coursebuild.documents.book``, during ``make site``), two per language, the students' and the
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

from coursebuild.documents import book
from coursebuild.languages import LANGS
from coursebuild.typeset import latex

ROOT = Path(__file__).resolve().parents[2]
pikepdf = pytest.importorskip("pikepdf")
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
def test_no_page_is_less_than_three_quarters_full_but_at_a_chapters_end(lang, edition):
    path = _pdf(lang, edition)
    texts = _pages(lang, edition)
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
        after = k + 1            # the figures a chapter's text holds follow its last page,
        while after < len(pages) and (_is_float_page(texts[after])   # and a blank page
                                      or not texts[after].strip()):  # before a chapter
            after += 1
        ends_chapter = after in chapter_pages or after == len(pages) or k in chapter_pages
        following = k + 1        # the next page of text (past a page of turned figures)
        while following < len(pages) and _is_float_page(texts[following]):
            following += 1
        # the bank's float barrier: a problem's figures are printed before its solution
        # or the next problem, on pages of their own after an early end of page
        barrier = edition == "teachers" and (
            (after > k + 1 and after in starts)
            or after < len(texts) and re.search(r"(?m)^\s*(?:Corrigé|Solution)\.\s*$",
                                                texts[after]) is not None
            or k + 1 < len(texts) and re.search(r"(?i)figure \d+\.\d+ . (?:corrigé|solution)",
                                                texts[k + 1]) is not None)
        if fill < 3 / 4 and not ends_chapter and k + 1 not in starts and k > 4 and \
                not barrier and \
                not _opens_with_a_listing(texts, following, (1 - fill) * 660, lang, edition):
            thin.append((k + 1, round(fill, 2)))
    assert thin == []


def _opens_with_a_listing(texts, k: int, room: float, lang: str, edition: str) -> bool:
    """Whether page ``k`` opens with a listing that is one box (never broken) too tall
    for the room left on the page before: the one case where a page ends early (the
    listing is kept whole, the text after it cannot go before it)."""
    if k >= len(texts):
        return False
    top = [" ".join(ln.split()) for ln in texts[k].splitlines()[1:] if ln.strip()][:4]
    # (or below the figures at the page's top: the text opens after their captions)
    page = [" ".join(ln.split()) for ln in texts[k].splitlines()[1:] if ln.strip()][:25]
    captions = [n for n, ln in enumerate(page) if re.match(r"(?i)figure \d+\.\d+", ln)]
    if captions:
        top += page[captions[0] + 1:captions[0] + 8]
    for lines in _listings(lang, edition):
        first = " ".join(lines[0].split())
        if any(first in ln for ln in top) and len(lines) * 12 + 45 > room:
            return True
    if top and re.match(r"(Algorithm|Algorithme) \d+\.\d+ —", top[0]):
        return True           # an algorithm is set where it is, in one box
    # a table is one box too: one that opens the page (its head, then its first row),
    # too tall for the room left before it
    for first, rows in _tables(lang, edition):
        if any(ln == first for ln in page[:6]) and rows * 12 + 45 > room:
            return True
    # a table (a stepper's steps: one box, its caption above it) that opens the page's
    # text below its floats, with less than a third of a page left before it
    lines = [" ".join(ln.split()) for ln in texts[k].splitlines()[1:] if ln.strip()]
    captions = [n for n, ln in enumerate(lines) if re.match(r"(Figure|Table) \d+\.\d+", ln)]
    if len(captions) >= 2 and lines[captions[1]].startswith("Table") and \
            lines[captions[0]].startswith("Figure") and room < 660 / 3:
        between = lines[captions[0]:captions[1]]
        if not any(re.search(r"[a-z]{3,}[.:]$", ln) for ln in between[4:]):
            return True
    # a listing longer than half a page asks for the room of all its lines (\needspace):
    # it starts on the next page when less than half a page is left
    return bool(top) and top[0].startswith(("def ", "class ", "import ", "from ")) and \
        room < 660 / 2


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_running_heads_and_page_numbers(lang, edition):
    pages, labels = _pages(lang, edition), _labels(lang, edition)
    # the numbered chapters, and the appendices ("A ..."), where a chapter's heads stop
    chapters = [(t, p) for t, d, p in _outline(lang, edition) if re.match(r"(\d+|[A-Z]) ", t)]
    parts = {p for t, d, p in _outline(lang, edition) if d == 0}
    # a chapter's heads stop at the next chapter, part, bibliography or index
    openings = sorted({p for t, d, p in _outline(lang, edition) if d <= 1} | {len(pages)})
    checked = 0
    for title, first in chapters:
        after = next(p for p in openings if p > first)
        for k in range(first + 1, min(after, first + 6)):
            if not pages[k].strip():
                continue         # a page left blank before a right-hand opening
            head = _flat(pages[k].strip().splitlines()[0])
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


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_a_long_running_head_never_runs_into_its_page_number(lang, edition):
    """The teachers' guide printed "1.23. Optional appendix: the French CPGE syllabus,
    chapter by chapter35" (issue 61): a head too long for the line is set narrower, so
    that a space always parts it from the page number."""
    pages, labels = _pages(lang, edition), _labels(lang, edition)
    glued, checked = [], 0
    for k, page in enumerate(pages):
        lines = page.strip().splitlines()
        if not lines or not labels[k].isdigit():
            continue
        head = lines[0].strip()
        if len(head) <= len(labels[k]) + 2:
            continue                      # a page number alone, at a chapter's opening
        checked += 1
        if re.search(rf"[^\s\d]{labels[k]}$|^{labels[k]}[^\s\d]", head):
            glued.append((k + 1, head))
    assert checked > 50 and glued == []


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
def test_index_entries_land_on_the_pages_of_their_term(lang):
    from coursebuild.typeset.latex import index

    ind = (ROOT / "build" / "book" / f"students-{lang}" / "book.ind")
    if not ind.exists():
        pytest.skip("the books are typeset by `make site`")
    pages, labels = _pages(lang), _labels(lang)
    checked = 0
    for entry, numbers in re.findall(r"^\s*\\(?:sub)?item (.*?), (\\.*)$", ind.read_text("utf-8"),
                                     re.M):
        term = re.sub(r"\\[a-zA-Z]+\s*|\\[()]|[{}_^]", "", entry).strip()
        words = [e.find for e in index.entries(lang)
                 if e.printed.split("!")[-1].lower() == term.lower()]
        words.append(re.compile(re.escape(term.split(" (")[0]), re.I))
        for number in re.findall(r"\{(\d+)\}", numbers):
            text = pages[labels.index(number)]      # a hyphen at a line's end: the word's
            both = (_flat(text), " ".join(re.sub(r"-\n\s*", "-", text).split()))  # or not
            assert any(w.search(page) for w in words for page in both), (term, number)
            checked += 1
    assert checked > 150
    # and the index is printed
    assert book.WORDS[lang]["index"] in " ".join(_pages(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_work_of_the_bibliography_is_cited(lang):
    text = _flat(" ".join(_pages(lang)))
    works = book.bibliography()
    head = book.WORDS[lang]["bibliography"]
    start = [m.start() for m in re.finditer(rf"{head} \[1\] ", text)][-1]  # (its chapter,
    body, bibliography = text[:start], text[start:]      # over pages with running heads)
    assert len(works) >= 14
    for number, work in enumerate(works, 1):
        assert f"[{number}] {work['authors'].split(',')[0]}" in bibliography
        assert f"[{number}]" in body, work["key"]
    for needle in ("Bouton", "Zermelo", "Sprague", "Grundy", "Knuth", "Nilsson", "Busser",
                   "Tromp", "Allis", "10.2307/1967631", "Grädel", "Winning Ways", "Norvig",
                   "Siegel", "vol. 146", "vol. 2500"):
        assert needle in bibliography


@pytest.mark.parametrize("lang", LANGS)
def test_each_entry_of_the_bibliography_reads_as_sentences(lang):
    """An entry's fields follow a full stop: 'Fabrice Lembrez. Jeux d'accessibilité à deux
    joueurs. course slides, PSI* class.' began a sentence in lower case; the English says
    the class is French (and stays short: the bibliography ends a page in the books)."""
    from coursebuild.course.pages.bibliography import field

    for work in book.bibliography():
        for name in ("in", "note"):
            text = field(work, name, lang)
            assert not text or text[0].isupper() or text[0].isdigit(), (work["key"], text)
    lembrez = next(w for w in book.bibliography() if w["key"] == "lembrez")
    if lang == "en":
        assert field(lembrez, "in", lang) == "Course slides, PSI* class (France)"


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_the_contents_give_each_chapter_its_page(lang, edition):
    pages, labels = _pages(lang, edition), _labels(lang, edition)
    # the numbered chapters, and the appendices ("A ..."), where a chapter's heads stop
    chapters = [(t, p) for t, d, p in _outline(lang, edition) if re.match(r"(\d+|[A-Z]) ", t)]
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
    heading = latex.WORDS[lang]["solutions"]
    assert text.count(heading) >= 8
    # the in-browser exercises are printed with their starter code, their solution after
    tex = (ROOT / "build" / "book" / f"students-{lang}" / "book.tex").read_text("utf-8")
    # each edition with its names (issue 48)
    nim_game, reverse = (("jeu_de_nim", "renverse_graphe") if lang == "fr"
                         else ("nim_game", "reverse_graph"))
    assert tex.index(f"def {nim_game}(n, R)") < tex.index("\\section*{" + heading)
    assert f"def {reverse}" in text


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

    def fake_book(lang, edition, site, out, figures, progress):
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
    # nor taller than the page (a box set in place that its page's floats leave no room
    # for runs past the foot: LaTeX says so only in its log)
    log = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.log").read_text(
        "utf-8", errors="replace")
    assert "Overfull \\vbox" not in log
    # and every listing holds in the text's width or, one box, in the text and the outer
    # margin, as a table does (issue 61 §3): into the margin only when a line of it is
    # longer than the text, a size smaller only when longer than both; one that goes on
    # over a page holds in the text
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    found = re.findall(r"\\begin\{(\w+)\}(?:\{[^}]*\}\{\\(\w+)\}\{([\d.]+)pt\})?[^\n]*\n"
                       r"\\begin\{verbatim\}\n(.*?)\n\\end\{verbatim\}", tex, re.S)
    assert len(found) >= 10
    chars = latex.listings.CHAR_PT
    wide = 0
    for env, size, width, block in found:
        widest = max(latex.listings.columns(line) for line in block.split("\n"))
        if env == "codebox":      # in points, with its indent
            assert widest * chars[size] + 11 <= (TEXT + MARGIN) * 1.004
            needs = widest * chars["small"] + 11 > TEXT * 1.004
            assert (float(width) + 11 > TEXT * 1.004) == needs, block[:60]   # if need be
            assert size == "small" or widest * chars["small"] + 11 > TEXT + MARGIN
            wide += needs
        else:
            assert widest <= latex.SMALL_CODE_WIDTH
    assert wide >= (3 if edition == "students" else 1)


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_line_of_code_is_broken_at_the_measure(lang, edition):
    # issue 61 §3: listings take the outer margin, as tables do, and no line of the
    # course's code is longer than the text and the margin: no line goes on after a
    # continuation mark (21 in the English students' book, 31 in the teachers', before)
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    blocks = re.findall(r"\\begin\{verbatim\}\n(.*?)\n\\end\{verbatim\}", tex, re.S)
    assert len(blocks) >= (20 if edition == "students" else 3)
    continued = [ln for block in blocks for ln in block.split("\n")
                 if ln.lstrip().startswith(latex.listings.CONTINUED)]
    assert continued == [], continued


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_code_in_a_sentence_never_ends_a_line_on_an_opening_bracket(lang, edition):
    # issue 61 §3 ("nim_game(" at a line's end, "n, R)" on the next): a name stays with
    # its bracket and its first argument, a short call is one word
    text = subprocess.run(["pdftotext", "-raw", str(_pdf(lang, edition)), "-"],
                          capture_output=True, text=True, check=True).stdout
    ends = [ln[-40:] for ln in text.splitlines() if re.search(r"[A-Za-z_]\w*\($", ln.rstrip())]
    assert ends == [], ends
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    assert "(\\allowbreak" not in tex
    if edition == "students":
        assert len(re.findall(r"\\texttt\{[^{}\s]*[a-z]\((?:[^()~]*~)+[^()]*\)\}", tex)) >= 1


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_a_contents_line_gives_its_page_number_room(lang, edition):
    # issue 61 §9: "les phases d'une partie100": an entry's last line runs up to the
    # number's box, which is wider than the widest number
    title = book.WORDS[lang]["contents"]
    pages = [k for k, page in enumerate(_pages(lang, edition))
             if title in "\n".join(page.splitlines()[:3])]
    assert pages
    gaps, glued = [], []
    for k in pages:
        bbox = subprocess.run(["pdftotext", "-bbox", "-f", str(k + 1), "-l", str(k + 1),
                               str(_pdf(lang, edition)), "-"],
                              capture_output=True, text=True, check=True).stdout
        words = [(float(x0), float(y0), float(x1), w) for x0, y0, x1, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<',
            bbox)]
        glued += [w for *_, w in words if re.search(r"[^\W\d]\d+$", w)]
        lines: dict[int, list] = {}
        for word in words:
            lines.setdefault(round(word[1]), []).append(word)
        for line in lines.values():
            line.sort()
            if len(line) > 1 and re.fullmatch(r"\d+|[ivxl]+", line[-1][3]):
                gaps.append(line[-1][0] - line[-2][2])
    assert glued == []
    assert len(gaps) >= 30 and min(gaps) >= 3, sorted(gaps)[:5]     # points


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_a_figure_is_never_announced_as_below(lang, edition):
    # issue 61 §9: a problem's figure floats (to the next page, maybe) while its text
    # said "le jeu ci-dessous": the book cites it by number ("le jeu de la figure 3.2")
    text = _flat(" ".join(_pages(lang, edition)))
    below = re.findall(r"(?i)\b(?:jeu|game|graphe?|arbre|tree|figure)(?: [\w-]+){0,2} "
                       r"(?:ci-dessous|below)\b", text)
    assert below == [], below
    words = r"(?:jeu|graphe orienté pondéré) de la figure" if lang == "fr" else \
        r"(?:game|graph) in figure"
    cited = re.findall(rf"{words} (\d+\.\d+)", text)
    captions = set(re.findall(r"\bFigure (\d+\.\d+) ?[–:]", text))
    assert len(cited) >= (9 if edition == "teachers" else 0)
    assert set(cited) <= captions, set(cited) - captions


@pytest.mark.parametrize("lang", LANGS)
def test_figures_are_numbered_in_their_order_of_appearance(lang):
    # (the teacher's book has no figure: the students' book is the one to check)
    numbers = [(int(a), int(b)) for page in _pages(lang)
               for a, b in re.findall(r"(?im)^\s*figure (\d+)\.(\d+)(?: –|:)", page)]
    assert len(numbers) >= 25
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), numbers


def _site_and_figures() -> tuple[Path, dict]:
    site = ROOT / "site"
    if not (site / "index.html").exists():
        pytest.skip("needs a built site (make site)")
    return site, book.figure_metrics(site)


def test_a_long_output_is_folded_and_the_site_address_printed_when_set(monkeypatch):
    site, figures = _site_and_figures()
    # the command line's --help, printed by the build manual (a page of the site, in no
    # book: issue 39 §3), as the converter prints it: its first lines, the rest counted
    assert all(page.url != "/building/" for e in book.EDITIONS
               for page in book.book_pages("fr", "/", e)[2])
    from bs4 import BeautifulSoup
    manual = BeautifulSoup((site / "building" / "index.html").read_text("utf-8"), "lxml")
    block = next(div for div in manual.select("div.highlight")
                 if div.get_text().startswith("$ arena render --help"))
    lines = block.get_text().rstrip("\n").split("\n")
    assert len(lines) > 21                     # long enough to be folded
    tex = latex.fragment(str(block), latex.Context("fr"))
    m = re.search(r"\$ arena render --help\n((?:.*\n)+?)\[\.\.\. (\d+) lignes de plus\]", tex)
    # 13 lines after the command (a line longer than the measure goes on after a mark)
    kept = [ln for ln in m[1].splitlines() if not ln.lstrip().startswith("↪")] if m else []
    assert m and int(m[2]) == len(lines) - 14 and len(kept) == 13
    assert lines[13][:30] in tex and lines[14] not in tex
    tex, _ = book.book_source("fr", "teachers", site, figures)
    # no address: none printed (the bibliography's works keep theirs: the teachers' book
    # prints the works it cites since issue 48 §2)
    tex_text = re.sub(r"(?s)\\begin\{thebibliography\}.*?\\end\{thebibliography\}", "", tex)
    assert "https://" not in tex_text.replace("https://doi.org", "")
    monkeypatch.setenv("SITE_URL", "https://teacher.example.net/arena/")
    tex, _ = book.book_source("fr", "students", site, figures)
    # a widget's still figure or paper wording gives the live page's address
    assert r"\url{https://teacher.example.net/arena/strategies/}" in tex
    assert r"\url{https://teacher.example.net/arena/}" in tex      # the title page
    tex, _ = book.book_source("en", "students", site, figures)
    assert r"\url{https://teacher.example.net/arena/en/strategies/}" in tex
    assert "example.org" not in tex


# ---------------------------------------------------------------------------------------
# the book as a textbook (issue 40): figures cited and inside the page, algorithms as
# tables, the measure, right-hand openings, listings whole, the apparatus

MM = 72 / 25.4
PAGE_WIDTH = 210 * MM
TEXT = 115 * MM                  # the preamble's text block
INNER = 25 * MM                  # its margin on the spine's side
MARGIN = 55 * MM                 # what a wide figure may take of the outer margin


def _text_block(k: int) -> tuple[float, float]:
    """The text block's left and right edges on the physical page ``k`` (from 0): the
    first page and every other one after it are right-hand pages."""
    left = INNER if k % 2 == 0 else PAGE_WIDTH - INNER - TEXT
    return left, left + TEXT


@functools.cache
def _placements(lang: str, edition: str = "students") -> tuple[tuple, ...]:
    """(physical page, name, box (x0, y0, x1, y1), (a, b, c, d)) of every form drawn on
    a page: the included figures, where the page's transformations put them."""
    out = []
    with pikepdf.open(_pdf(lang, edition)) as pdf:
        for k, page in enumerate(pdf.pages):
            xobjects = page.Resources.get("/XObject", {})
            stack, ctm = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            for operands, op in pikepdf.parse_content_stream(page):
                name = str(op)
                if name == "q":
                    stack.append(ctm)
                elif name == "Q":
                    ctm = stack.pop()
                elif name == "cm":
                    a, b, c, d, e, f = (float(x) for x in operands)
                    A, B, C, D, E, F = ctm
                    ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                           e * A + f * C + E, e * B + f * D + F)
                elif name == "Do":
                    xobject = xobjects.get(str(operands[0]))
                    if xobject is None or xobject.get("/Subtype") != "/Form":
                        continue
                    x0, y0, x1, y1 = (float(v) for v in xobject.BBox)
                    m = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    A, B, C, D, E, F = ctm
                    corners = []
                    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                        x, y = m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]
                        corners.append((A * x + C * y + E, B * x + D * y + F))
                    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                    out.append((k, str(operands[0]), (min(xs), min(ys), max(xs), max(ys)),
                                (A, B, C, D)))
    return tuple(out)


def _figures_of(lang: str) -> list[tuple]:
    """The placements of the course's figures (forms wider than 40 pt: not a glyph)."""
    return [p for p in _placements(lang) if p[2][2] - p[2][0] > 40 and p[2][3] - p[2][1] > 20]


@pytest.mark.parametrize("lang", LANGS)
def test_no_figure_is_wider_than_the_text_but_into_the_outer_margin(lang):
    figures = _figures_of(lang)
    assert len(figures) >= 25
    wide = 0
    for k, name, (x0, _, x1, _), _ in figures:
        left, right = _text_block(k)
        recto = k % 2 == 0
        if x1 - x0 <= TEXT + 1:           # within the text block
            assert left - 1 <= x0 and x1 <= right + 1, (k + 1, name, x0, x1, left, right)
            continue
        wide += 1        # wider: flush with the text on the spine's side, over the outer
        if recto:        # margin and no further
            assert abs(x0 - left) < 1.5 and x1 <= right + MARGIN + 1, (k + 1, name, x0, x1)
        else:
            assert abs(x1 - right) < 1.5 and x0 >= left - MARGIN - 1, (k + 1, name, x0, x1)
    assert wide >= 5                      # the graphs of Nim use the margin


@pytest.mark.parametrize("lang", LANGS)
def test_a_turned_figure_has_its_foot_towards_the_outer_edge(lang):
    turned = [(k, name, m) for k, name, _, m in _figures_of(lang) if abs(m[0]) < 1e-6]
    assert len(turned) >= 3               # Connect-4's perfect game, exercise 6.1, the trees
    sides = set()
    for k, name, (a, b, c, d) in turned:
        # a quarter turn anticlockwise (b > 0) puts the foot on the right: a right-hand
        # page's outer edge; clockwise, on the left: a left-hand page's
        recto = k % 2 == 0
        assert (b > 0) == recto, (k + 1, name, (a, b, c, d))
        sides.add(recto)
    assert sides == {True, False}        # both kinds of page are met


_CAPTION = {"fr": r"Figure (\d+)\.(\d+)\s*[–:]", "en": r"Figure (\d+)\.(\d+)\s*[–:]"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_is_cited_by_number_before_or_on_its_page(lang):
    pages = [_flat(p) for p in _pages(lang)]
    where = {}                   # figure number -> the page of its caption
    for k, page in enumerate(pages):
        for m in re.finditer(r"Figure (\d+)\.(\d+)[ :–]", page):
            # a caption: "Figure 3.1: ..." (a turned figure's caption is read in order)
            if page[m.end() - 1] in ":–" or page[m.end():m.end() + 2].startswith(("–", ":")):
                where.setdefault((int(m[1]), int(m[2])), k)
    assert len(where) >= 25
    cited = {}
    for k, page in enumerate(pages):
        for m in re.finditer(r"(?i)figures? ((?:\d+\.\d+(?:, p\. \d+)?(?:,? (?:and|et) )?)+)",
                             page):
            for a, b in re.findall(r"(\d+)\.(\d+)", m[1]):
                if page[m.end():m.end() + 1] not in ":–" or m[0][0].islower():
                    cited.setdefault((int(a), int(b)), k)
    late = {f"{a}.{b}": (where[(a, b)] + 1, cited.get((a, b), -2) + 1)
            for a, b in where if cited.get((a, b), 10 ** 6) > where[(a, b)]}
    assert late == {}, late          # figure: (its page, the page of its first citation)
    # and the book never says where a figure is by "below"
    text = " ".join(pages)
    assert not re.search(r"(?i)(figure|drawn|dessiné|graphe|tree|arbre) (ci-dessous|below)",
                         text)


@pytest.mark.parametrize("lang", LANGS)
def test_lines_are_of_a_reading_measure(lang):
    text = subprocess.run(["pdftotext", "-raw", str(_pdf(lang)), "-"], capture_output=True,
                          text=True, check=True).stdout
    # the lines of justified paragraphs (a paragraph's last line, headings, listings and
    # tables are shorter)
    lengths = sorted(len(ln) for ln in text.splitlines() if len(ln) > 45)
    assert len(lengths) > 1000
    p90 = lengths[int(len(lengths) * 0.9)]
    median = lengths[len(lengths) // 2]
    assert median >= 60 and p90 <= 80, (median, p90)


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_parts_and_chapters_open_on_right_hand_pages(lang, edition):
    openings = [(t, p) for t, d, p in _outline(lang, edition)
                if d == 0 and not t.startswith(book.WORDS[lang]["contents"])]
    assert len(openings) >= (3 if edition == "students" else 2)
    for title, page in openings:
        assert page % 2 == 0, (title, page + 1)        # physical page 1, 3, 5...
    # the French book's running heads have the room they need
    log = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.log").read_text(
        "utf-8", errors="replace")
    assert "is too small" not in log


def _tables(lang: str, edition: str) -> list[tuple[str, int]]:
    """The book's tables: the words of each one's first row under its head, as pdftotext
    reads them, and its number of rows."""
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    out = []
    for body in re.findall(r"\\booktable\{[^{}]*\}\{\\begin\{tabularx?\}(.*?)"
                           r"\\end\{tabularx?\}\}", tex, re.S):
        rows = [r for r in body.split("\\hline")[2].split("\\\\") if r.strip()] \
            if body.count("\\hline") >= 3 else []
        if rows:
            first = re.sub(r"\\[a-zA-Z]+|[{}()&$~\\]", " ", rows[0].replace("\\(", ""))
            out.append((" ".join(first.split()), len(rows) + 2))
    return out


def _listings(lang: str, edition: str = "students") -> list[list[str]]:
    tex = (ROOT / "build" / "book" / f"{edition}-{lang}" / "book.tex").read_text("utf-8")
    return [[ln for ln in block.split("\n") if ln.strip()] for block in re.findall(
        r"\\begin\{codebox\}[^\n]*\n\\begin\{verbatim\}\n(.*?)\n\\end\{verbatim\}", tex, re.S)]


@pytest.mark.parametrize(("lang", "edition"), BOOKS)
def test_no_listing_shorter_than_half_a_page_is_split(lang, edition):
    pages = [[" ".join(ln.split()) for ln in p.splitlines()] for p in _pages(lang, edition)]
    listings = _listings(lang, edition)
    assert len(listings) >= (20 if edition == "students" else 3)
    for lines in listings:
        # (a line broken at the measure goes on after a mark, ↪, which pdftotext reads
        # as another character)
        first, last = (" ".join(ln.replace("↪", "").split()) for ln in (lines[0], lines[-1]))
        whole = [k for k, page in enumerate(pages)
                 if any(first in ln for ln in page) and any(last in ln for ln in page)]
        assert whole, (lines[0], lines[-1])       # some page holds its first and last lines


@pytest.mark.parametrize("lang", LANGS)
def test_an_algorithm_runs_on_paper_as_one_table(lang):
    tex = (ROOT / "build" / "book" / f"students-{lang}" / "book.tex").read_text("utf-8")
    traces = book.figure_data(ROOT / "site")
    steppers = {k: v for k, v in traces.items() if "steps" in v}
    assert len(steppers) >= 4
    for fid, trace in steppers.items():
        m = re.search(r"\\caption\{[^\n]*\}\\label\{tab:" + re.escape(fid)
                      + r"\}(.*?)\\end\{(?:longtable|tabular)\}", tex, re.S)
        assert m, fid
        rows = re.findall(r"^\d+ & .*\\\\$", m[1], re.M)
        assert len(rows) == len(trace["steps"]), (fid, len(rows))
    # no transcript of steps ("Step 12: ..."), no still step of an attractor but the last
    word = "Étape" if lang == "fr" else "Step"
    assert not re.search(rf"\\textbf\{{{word} \d+", tex)
    assert "nim-attractor-7" in tex and "{nim-attractor-3}" not in tex
    # a step's row holds only what changes: far fewer characters than its transcript
    for fid, trace in steppers.items():
        rows = sum(len(" ".join(c if isinstance(c, str) else c[lang] for c in s["row"]))
                   for s in trace["steps"])
        prose = sum(len(s["text"][lang]) + len(" ".join(s["state"][lang]))
                    for s in trace["steps"])
        assert rows < prose / 2, fid


def _marked(bold) -> list[str]:
    """The headwords the index mark just after a term in bold defines."""
    from bs4 import Comment

    from coursebuild.typeset.latex import index

    after = bold.next_sibling
    terms = index.marks(str(after)) if isinstance(after, Comment) else None
    return [term for term, defining in terms or [] if defining]


def _a_term(text: str) -> bool:
    """Bold text in a definition that names a notion, not a statement set in bold ("x
    est gagnante pour J_i")."""
    return len(text.split()) <= 4 and not re.match(r"[a-z]\b", text) and "\\(" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_holds_every_defined_term_with_its_page_in_bold(lang):
    from bs4 import BeautifulSoup

    from coursebuild.typeset.latex import index

    ind = (ROOT / "build" / "book" / f"students-{lang}" / "book.ind").read_text("utf-8")
    items, bold, parent = [], set(), ""
    for level, name, pages in re.findall(r"^\s*\\(sub)?item (.*?), (\\.*)$", ind, re.M):
        name = re.sub(r"\\[a-zA-Z]+\s*|[{}\\()]", "", name).strip().lower()
        full = f"{parent}!{name}" if level else name
        parent = parent if level else name
        items.append((full, pages))
        if index.DEFINED in pages:
            bold.add(full)
    assert len(items) >= 90
    assert len(bold) >= 70
    # every term a definition sets in bold, and every named result, is there in bold
    _, _, pages = book.book_pages(lang, "/", "students")
    folder = ROOT / "site" / ("" if lang == "fr" else "en")
    missing = []
    entries = index.entries(lang)
    for page in pages:
        if not page.numbered:
            continue
        soup = BeautifulSoup((folder / page.url.lstrip("/") / "index.html").read_text("utf-8"),
                             "lxml")
        terms = [(" ".join(b.get_text(" ", strip=True).split()), _marked(b))
                 for box in soup.select("div.admonition.definition") for b in box.find_all(
                     "strong") if _a_term(" ".join(b.get_text(" ", strip=True).split()))]
        for title in soup.select("div.admonition p.admonition-title"):
            m = re.search(r"\((.*)\)", title.get_text(" ", strip=True))
            if m and re.search(r"(?i)théorème|theorem", title.get_text()):
                terms.append((" ".join(m[1].split()), []))
        for term, marked in terms:
            # the entries its words name, or the mark after it defines
            named = [re.sub(r"[{}\\()]", "", e.printed).lower() for e in entries
                     if e.find.search(term) or e.printed in marked]
            cleaned = re.sub(r"[{}\\()]", "", term).lower()
            if not any(n in bold for n in named) and cleaned not in bold:
                missing.append((page.slug, term))
    assert missing == []
    for needle in {"fr": ["position de victoire", "match nul", "stratégie", "jeu impartial",
                          "heuristique", "minimax", "élagage alpha-bêta", "A*", "admissible",
                          "cohérente", "Sprague-Grundy", "Bouton", "vol de stratégie",
                          "nombre de Shannon", "Zermelo"],
                   "en": ["victory position", "draw", "strategy", "impartial game",
                          "heuristic", "minimax", "alpha-beta pruning", "A*", "admissible",
                          "consistent", "Sprague-Grundy", "Bouton", "strategy stealing",
                          "Shannon's number", "Zermelo"]}[lang]:
        assert any(needle.lower() in name.replace("\\_", "_") for name, _ in items), needle


def _prose(tex: str) -> str:
    """A book's LaTeX without what is no prose: listings, formulas, addresses, labels,
    references and index entries, and the bibliography."""
    tex = tex[tex.index("\\mainmatter"):]
    tex = tex[:tex.find("\\begin{thebibliography}")] if "thebibliography" in tex else tex
    tex = re.sub(r"\\begin\{verbatim\}.*?\\end\{verbatim\}", " ", tex, flags=re.S)
    tex = re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]", " ", tex, flags=re.S)
    return re.sub(r"\\(url|href|label|ref|pageref|index|cite|includegraphics|bookfigref|"
                  r"bookmarkpage|bookwide|texttt)\{[^{}]*\}", " ", tex)


@pytest.mark.parametrize("lang", LANGS)
def test_one_number_format_and_no_pair_broken_across_lines(lang):
    tex = _prose((ROOT / "build" / "book" / f"students-{lang}" / "book.tex").read_text("utf-8"))
    # a count: "1,846" in English, "1\,846" (a thin space) in French; a year (1901), a
    # position of the ourson (0450) is no count
    sep = "," if lang == "en" else r"\\,"
    counts = re.findall(rf"(?<![\d.,])\d{{1,3}}(?:{sep}\d{{3}})+(?![\d])", tex)
    assert len(counts) >= 5
    bare = [m for m in re.findall(r"(?<![\d.,\\])\d{5,}(?![\d])", tex) if m[0] != "0"]
    assert bare == [], bare[:10]
    cells = re.findall(r"(?:^|&)\s*(\d{4,})\s*(?=&|\\\\)", tex, re.M)
    assert cells == [], cells[:10]           # a table's count of four digits has its separator
    other = r"\\," if lang == "en" else ","
    assert not re.search(rf"(?<![\d.,])\d{{1,3}}{other}\d{{3}}(?![\d])", tex)
    # a pair such as (2, 0) on one line: a tie in text, no break inside it in a formula
    text = subprocess.run(["pdftotext", "-raw", str(_pdf(lang)), "-"], capture_output=True,
                          text=True, check=True).stdout
    for page in text.split("\f"):            # (a turned page is read a word a line)
        lines = [ln for ln in page.splitlines() if ln.strip()]
        if lines and sum(map(len, lines)) / len(lines) > 20:
            assert not re.search(r"\(\d+,\s*\n\s*\d+\)", page)
    full = (ROOT / "build" / "book" / f"students-{lang}" / "book.tex").read_text("utf-8")
    assert not re.search(r"\(\d+,\\allowbreak", full)


def test_the_title_page_names_the_authors_set_for_the_course(monkeypatch):
    site, figures = _site_and_figures()
    tex, _ = book.book_source("en", "students", site, figures)
    assert "authors of arena" not in tex.lower()
    monkeypatch.setattr(book, "course_setting", lambda lang, name: {
        "author": "Ada Lovelace", "institution": "Lycée Fermat"}[name])
    monkeypatch.setenv("SITE_URL", "https://teacher.example.net/arena/")
    tex, _ = book.book_source("fr", "students", site, figures)
    assert r"\newcommand{\bookauthors}{Ada Lovelace}" in tex
    assert r"\newcommand{\bookinstitution}{Lycée Fermat}" in tex
    verso = tex[tex.index(r"\end{titlepage}"):tex.index(r"\tableofcontents")]
    from arena import __version__
    for needle in ("Ada Lovelace, Lycée Fermat", __version__, "licence MIT",
                   r"\url{https://teacher.example.net/arena/}", book.book_date("fr")):
        assert needle in verso, needle


@pytest.mark.parametrize("lang", LANGS)
def test_the_notations_are_listed_at_the_front_with_their_pages(lang):
    pages, labels = _pages(lang), _labels(lang)
    chapters = [p for t, d, p in _outline(lang) if re.match(r"\d+ ", t)]
    front = [k for k in range(chapters[0]) if book.WORDS[lang]["notations"] in pages[k]
             and book.WORDS[lang]["meaning"] in pages[k]]
    assert len(front) == 1
    rows = [ln for ln in pages[front[0]].splitlines() if re.search(r"\s\d+\s*$", ln)]
    assert len(rows) == len(book.NOTATIONS)
    for row in rows:                     # each points to a page of the chapters
        assert labels.index(row.split()[-1]) >= chapters[0], row


@pytest.mark.parametrize("lang", LANGS)
def test_a_problems_statement_figures_come_before_its_solution(lang):
    """The teachers' book set the token's board, the subtraction game's graph, the pursuit
    graph and the minimax tree after their problem's solution, the statement not citing
    them (issue 61): a statement's figures are set before its solution."""
    from coursebuild.course.bank_samples import bank, figure_id, sample

    tex = (ROOT / "build" / "book" / f"teachers-{lang}" / "book.tex").read_text("utf-8")
    solution = {"fr": r"\textbf{Corrigé.}", "en": r"\textbf{Solution.}"}[lang]
    checked = 0
    for pid in bank().problems():
        start = tex.find(f"\\label{{bank:bank-{pid}}}")
        assert start > 0, pid
        answer = tex.find(solution, start)
        for name in re.findall(r"<!-- figure: ([\w-]+) -->", sample(pid).statement[lang]):
            at = tex.find(f"\\label{{fig:{figure_id(pid, name)}}}")
            assert start < at < answer, (pid, name)
            checked += 1
    assert checked >= 15


# a paragraph of the teachers' guide whose first sentence holds a link goes to the
# chapter's "Online" box in a book (links.online_sentences): the next sentence must not
# lean on it (issue 61, a fresh reading: "Ce sont celles du PDF..." opened a paragraph of
# the teachers' book); and the teachers' book speaks to the teacher, not of "your teacher"
BACK_POINTING = re.compile(r"^(?:Ce sont |Celles-ci |Ceux-ci |They are |These are )", re.M)
# nor may an item of the box itself lean on the page it left ("Les mêmes diaporamas...",
# "The same decks..."), or keep a link's words alone ("(pour le chapitre 3, ses
# diapositives)"), which say nothing in print (issue 61, the second fresh reading)
ONLINE_BOX = re.compile(r"\\begin\{aside\}.*?\\end\{aside\}", re.S)
BOX_ITEM_BACK_POINTING = re.compile(r"^\\item (?:Les mêmes |La même |Le même |Ces |Cette "
                                    r"|The same |These |This )", re.M)
BARE_LINK_WORDS = re.compile(r", (?:ses|its) (?:diapositives|slides)\)")
TO_A_STUDENT = re.compile(r"votre enseignant|your teacher", re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_no_teachers_book_paragraph_leans_on_a_sentence_moved_online(lang, site):
    tex = (ROOT / "build" / "book" / f"teachers-{lang}" / "book.tex").read_text("utf-8")
    assert BACK_POINTING.findall(tex) == []
    boxes = "\n".join(ONLINE_BOX.findall(tex))
    assert boxes
    assert BOX_ITEM_BACK_POINTING.findall(boxes) == []
    assert BARE_LINK_WORDS.findall(boxes) == []
    assert TO_A_STUDENT.findall(tex) == []


# a fresh reading (issue 61): the teachers' book printed "(to project from the site (in
# the course's web pages))" after each deck of the progressions, and "(chapter 3)" after
# a problem of the bank, where its chapter 3 is the bank and the students' chapter 3 is
# the attractors; a deck is named by its file, a problem by its page
SITE_ONLY = re.compile(r"projeter depuis le site|to project from the site|"
                       r"(?:course's web pages|pages web du cours)\)\)")
CHAPTER_OF_THE_BANK = re.compile(r"(\S+) \((?:chapter|chapitre)~\\ref\{ch:bank\}\)")


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_book_names_a_deck_by_its_file_and_a_problem_by_its_page(lang, site):
    tex = (ROOT / "build" / "book" / f"teachers-{lang}" / "book.tex").read_text("utf-8")
    assert SITE_ONLY.findall(tex) == []
    # the bank itself is a chapter of this book: "the problem bank (chapter 3)"
    assert set(CHAPTER_OF_THE_BANK.findall(tex)) <= {"bank", "banque", "problèmes"}
    # the problems' pages are referred to, and each one is a page of the bank
    pages = re.findall(r"p\.~\\pageref\{(bank:bank-[\w-]+)\}", tex)
    assert len(pages) >= 10
    assert all(f"\\label{{{key}}}" in tex for key in pages)


@pytest.mark.parametrize("lang", LANGS)
def test_each_entry_of_the_bibliography_opens_its_sentences_with_a_capital(lang):
    """An entry prints 'Title. Where, year.': 'Jeux d'accessibilité à deux joueurs.
    diaporama de cours' and 'John's Connect Four Playground. page web' opened a sentence
    in lower case (a fresh reading, issue 61)."""
    from coursebuild.course.pages.bibliography import field

    for work in book.bibliography():
        where = field(work, "in", lang)
        assert where[:1].isupper() or where[:1].isdigit(), (work["key"], where)
        note = field(work, "note", lang)
        assert not note or note[:1].isupper(), (work["key"], note)


@pytest.mark.parametrize("lang", LANGS)
def test_each_problem_of_the_bank_keeps_its_figures_in_their_place(lang):
    """A statement's figure is printed before its solution, and a solution's before the
    next problem: the Nim game's turned graph came after its answers, and its key figure
    (like that of 'Attracteurs, rangs et matchs nuls') inside the next problem (a fresh
    reading, issue 61)."""
    aux = ROOT / "build" / "book" / f"teachers-{lang}" / "book.aux"
    if not aux.exists():
        pytest.skip("the books are typeset by `make site` (make test runs it)")
    labels = dict(re.findall(r"\\newlabel\{((?:bank|fig):bank-[a-z0-9-]+)\}\{\{[^}]*\}\{(\d+)\}",
                             aux.read_text("utf-8")))
    physical = {label: k for k, label in enumerate(_labels(lang, "teachers"))}
    pages = _pages(lang, "teachers")
    word = "Corrigé." if lang == "fr" else "Solution."
    sections = sorted((int(p), key[len("bank:bank-"):]) for key, p in labels.items()
                      if key.startswith("bank:"))
    assert len(sections) >= 20
    checked = 0
    for k, (start, pid) in enumerate(sections):
        end = sections[k + 1][0] if k + 1 < len(sections) else 10 ** 6
        solution = next(p for p in range(start, end + 1)
                        if re.search(rf"(?m)^\s*{re.escape(word)}\s*$",
                                     pages[physical[str(p)]]))
        for key, p in labels.items():
            if key.startswith(f"fig:bank-{pid}-") and not any(
                    key.startswith(f"fig:bank-{q}-") and len(q) > len(pid)
                    for _, q in sections):
                page = int(p)
                assert start - 1 <= page <= end, (pid, key, page, start, end)
                if key.endswith("-solved") or page > solution:
                    assert not key.endswith(("-graph", "-board")), (pid, key, page, solution)
                checked += 1
    assert checked >= 20
