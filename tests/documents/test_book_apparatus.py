"""The books' apparatus (issue 47 §3): the list of notations explains every symbol the
chapters' formulas use, in both languages from one list (``coursebuild.documents.book.NOTATIONS``);
the bibliography holds the textbooks beside the sources, each cited; the index comes from
marks in the chapters' Markdown (at each definition and real use, hidden on the site) and
its pages are those where its words are (read page by page with pdftotext); the title page
names the course's authors, in the PDF's metadata too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.languages import LANGS
from coursebuild.sources.maths import tex_of

ROOT = Path(__file__).resolve().parents[2]


def _chapters(site: Path, lang: str):
    """The soup of each numbered chapter of the students' book."""
    from bs4 import BeautifulSoup

    folder = site / ("" if lang == "fr" else "en")
    for page in book.book_pages(lang, "/", "students")[2]:
        if page.numbered:
            html = (folder / page.url.lstrip("/") / "index.html").read_text("utf-8")
            yield page.slug, BeautifulSoup(html, "lxml")


@pytest.mark.parametrize("lang", LANGS)
def test_every_symbol_of_the_chapters_formulas_is_in_the_list_of_notations(lang, site):
    found: dict[str, str] = {}
    for slug, soup in _chapters(site, lang):
        for math in soup.select("span.arithmatex, div.arithmatex"):
            # an exercise's or a solution's own letters are defined where they are used
            if math.find_parent(class_=re.compile(r"^(exercise|solution|arena-exercise)")):
                continue
            for m in book.SYMBOL.finditer(tex_of(math)):
                found.setdefault(re.sub(r"\s+", "", m[0]), slug)
    # the course's symbols are all met (the list is not checked against nothing)
    for needle in ("J_0", "S_1", "V_0", "T", r"\mathcal{A}", r"\oplus", r"\alpha",
                   r"\delta", r"J_{\max}", "v(", "h(", "|S|", "d^"):
        assert needle in found, needle
    unexplained = {sym: slug for sym, slug in found.items()
                   if not any(re.fullmatch(n.symbols, sym) for n in book.NOTATIONS)}
    assert unexplained == {}
    # and each row of the list explains a symbol the chapters use
    unused = [n.tex for n in book.NOTATIONS
              if not any(re.fullmatch(n.symbols, sym) for sym in found)]
    assert unused == []


def test_the_list_of_notations_is_written_in_both_languages():
    for n in book.NOTATIONS:
        assert set(n.meaning) == {"fr", "en"} and all(n.meaning.values()), n.tex
        assert not isinstance(n.tex, dict) or set(n.tex) == {"fr", "en"}
        assert n.where in ("text", "definition")
    # French typography in the French meanings: a non-breaking space before ; and :
    assert not any(re.search(r"[^~\u202f\u00a0][;:]", n.meaning["fr"]) for n in book.NOTATIONS)


def test_the_authors_come_from_the_setting_else_an_authors_file_else_pyproject(
        tmp_path, monkeypatch):
    monkeypatch.setattr(book, "course_setting", lambda lang, name: "")
    assert book.course_authors("en", tmp_path) == ""          # none set: none printed
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\nauthors = [{name = "Grace Hopper", email = "g@x.org"}, '
        '{email = "nobody@x.org"}, {name = "Alan Turing"}]\n', "utf-8")
    assert book.course_authors("en", tmp_path) == "Grace Hopper, Alan Turing"
    (tmp_path / "AUTHORS").write_text("# the course's authors\nAda Lovelace <ada@x.org>\n\n"
                                      "Émilie du Châtelet\n", "utf-8")
    assert book.course_authors("fr", tmp_path) == "Ada Lovelace, Émilie du Châtelet"
    monkeypatch.setattr(book, "course_setting",
                        lambda lang, name: "Sophie Germain" if name == "author" else "")
    assert book.course_authors("fr", tmp_path) == "Sophie Germain"


def test_the_title_page_and_the_pdf_metadata_name_the_authors(tmp_path, monkeypatch, site):
    """The book's front matter (its preamble, title page and verso) typeset alone, with
    an author set: the name is on the title page, centred, and in the PDF's Author."""
    import subprocess

    pikepdf = pytest.importorskip("pikepdf")
    monkeypatch.setattr(book, "course_setting", lambda lang, name: {
        "author": "Ada Lovelace & Charles Babbage", "institution": "Lycée Fermat"}[name])
    tex, _ = book.book_source("en", "students", site, book.figure_metrics(site))
    front = tex[:tex.index(r"\tableofcontents")] + "\\end{document}\n"
    (tmp_path / "front.tex").write_text(front, "utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "front.tex"],
                   cwd=tmp_path, capture_output=True, check=True, env=book._latex_env(tmp_path))
    with pikepdf.open(tmp_path / "front.pdf") as pdf:
        assert str(pdf.docinfo["/Author"]) == "Ada Lovelace & Charles Babbage"
        assert str(pdf.docinfo["/Title"]).startswith("Two-player reachability games")
    words = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1",
                            str(tmp_path / "front.pdf"), "-"], capture_output=True,
                           text=True, check=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', words)[1])
    boxes = {m[5]: (float(m[1]), float(m[3])) for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
        words)}
    assert "Lovelace" in boxes and "Fermat" in boxes
    # the title block is centred on the text block (A4, inner margin 25 mm, 115 mm wide)
    mm = 72 / 25.4
    centre = (25 + 115 / 2) * mm
    line = [b for w, b in boxes.items() if w in ("Ada", "Babbage")]
    middle = (min(x0 for x0, _ in line) + max(x1 for _, x1 in line)) / 2
    assert abs(middle - centre) < 2 * mm and width > 500


def _book_pages(lang: str):
    """The students' book: each page's words (pdftotext, hyphenated words joined) by its
    printed number, and its index file."""
    import subprocess

    pikepdf = pytest.importorskip("pikepdf")
    pdf = ROOT / "build" / "pdf" / book.book_name(lang)
    ind = ROOT / "build" / "book" / f"students-{lang}" / "book.ind"
    if not pdf.exists() or not ind.exists():
        pytest.skip("the books are typeset by `make site`")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout.split("\f")[:-1]
    with pikepdf.open(pdf) as doc:
        labels = [str(p.label) for p in doc.pages]
    pages = {label: " ".join(re.sub(r"(\w)-\n\s*(\w)", r"\1\2", page).split())
             .replace("\u2019", "'") for label, page in zip(labels, text, strict=True)}
    return pages, labels, ind.read_text("utf-8")


def _entry(ind: str, name: str) -> tuple[list[str], list[str]]:
    """An entry's pages in the index file: (all, those of its definition, in bold)."""
    m = re.search(rf"^\s*\\item {re.escape(name)}, (.*)$", ind, re.M)
    assert m, name
    return (re.findall(r"\{(\w+)\}", m[1]),
            re.findall(r"\\hyperindexformat\{\\defpage\}\{(\w+)\}", m[1]))


EXAMPLES = {   # (entry, what finds it on its pages, what is on its page in bold)
    "en": [("game graph", r"game graph|graphs? of (a|the) game", r"Definition 1\.1"),
           ("counter algorithm", r"counter algorithm", r"\d\.\d The counter algorithm"),
           ("strategy stealing", r"strategy stealing", r"Proof: strategy stealing"),
           ("subtraction game", r"subtraction game", None),
           ("bear cub game", r"bear cub", None),
           ("Nash's theorem (hex)", r"Theorem \d+\.\d+ \(Nash\)|Nash in 1948",
            r"Theorem \d+\.\d+ \(Nash\)"),
           ("recursion", r"recursi", None)],
    "fr": [("graphe de jeu", r"graphes? (d'un|du|de) jeu", r"Définition 1\.1"),
           ("algorithme des compteurs", r"algorithme (à|des) compteurs",
            r"\d\.\d L'algorithme des compteurs"),
           ("vol de stratégie", r"vol de stratégie", r"Démonstration : vol de stratégie"),
           ("jeu de soustraction", r"soustraction", None),
           ("ourson (jeu de l')", r"ourson", None),
           ("récursion", r"récursi", None)],
}


MARK = re.compile(r"<!--\s*(index|defines)\s*:(.*?)-->", re.S)


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_marks_name_its_entries_once_defined_and_never_show(lang):
    """The index is made from marks, not from a search of words: each mark of a chapter
    names a headword of docs/data/index.yaml in the page's language, follows a word (a
    comment opening a line would be a block of its own), each entry is defined at most
    once; and the site carries the marks as comments, never as text."""
    from bs4 import Comment

    from coursebuild.typeset.latex import index

    defined: dict[str, str] = {}
    count = 0
    for page in book.book_pages(lang, "/", "students")[2]:
        if not page.numbered:
            continue
        md = (ROOT / "docs" / lang / f"{page.slug}.md").read_text("utf-8")
        for m in MARK.finditer(md):
            count += 1
            line = md[md.rfind("\n", 0, m.start()) + 1:m.start()]
            assert line.strip(), (page.slug, m[0])
            for term, defining in index.marks(m[0][4:-3]):
                assert term in index.headwords(lang), (page.slug, term)
                if defining:
                    assert term not in defined, (term, page.slug, defined.get(term))
                    defined[term] = page.slug
    assert count > 150 and len(defined) > 60
    site = ROOT / "site"
    if not (site / "index.html").exists():
        pytest.skip("the site is built by `make site`")
    shown = hidden = 0
    for _, soup in _chapters(site, lang):
        hidden += sum(bool(index.marks(str(c))) for c in soup.find_all(
            string=lambda t: isinstance(t, Comment)))
        shown += len(re.findall(r"(?:index|defines): ", soup.get_text()))
    assert hidden > 150 and shown == 0


def test_a_mark_that_names_no_entry_is_refused():
    from coursebuild.typeset.latex.context import Context
    from coursebuild.typeset.latex.converter import Converter
    from coursebuild.typeset.latex.index import mark

    conv = Converter(Context("en", index=True), "plays")
    conv.numbered = True
    assert mark(conv, " defines: game graph; strategy!winning ") == (
        "\\index{game graph@game graph|defpage}"
        "\\index{strategy@strategy!winning@winning|defpage}")
    assert mark(conv, " figure: nim-play ") is None
    with pytest.raises(ValueError, match=r"<!-- index: graphe de jeu -->: no entry "
                                         r"'graphe de jeu' in docs/data/index.yaml \(en\)"):
        mark(conv, " index: graphe de jeu ")
    conv.ctx.index = False                 # the teachers' book has no index
    assert mark(conv, " index: game graph ") == ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_points_to_the_pages_of_its_words_and_definitions(lang):
    pages, labels, ind = _book_pages(lang)
    for name, words, definition in EXAMPLES[lang]:
        listed, bold = _entry(ind, name)
        for page in listed:
            assert re.search(words, pages[page], re.I), (name, page)
        if definition:
            assert len(bold) == 1 and re.search(definition, pages[bold[0]]), (name, bold)
    # a proof that names its argument is a use of it: each page where "Proof: strategy
    # stealing" is printed is listed
    steal = {"en": ("strategy stealing", r"Proof: strategy stealing"),
             "fr": ("vol de stratégie", r"Démonstration : vol de stratégie")}[lang]
    proofs = [p for p, text in pages.items() if re.search(steal[1], text)]
    assert len(proofs) >= 2 and set(proofs) <= set(_entry(ind, steal[0])[0])
    # the recursion trap's section is where recursion is defined
    trap = {"en": "The recursion trap", "fr": "Le piège de la récursion"}[lang]
    first = next(p for p in labels if p.isdigit() and re.search(
        rf"\d\.\d+ {trap}", pages[p]))
    recursion = {"en": "recursion", "fr": "récursion"}[lang]
    assert _entry(ind, recursion)[1] == [first]
    # English headwords in the English book
    if lang == "en":
        assert not re.search(r"(?i)\\item [^,]*(ourson|soustraction|compteurs)", ind)
    # the index opens on a right-hand page (an odd page of the main matter)
    start = [k for k, label in enumerate(labels) if label.isdigit() and
             pages[label].startswith(book.WORDS[lang]["index"] + " ")]
    assert len(start) == 1 and int(labels[start[0]]) % 2 == 1 and start[0] % 2 == 0
