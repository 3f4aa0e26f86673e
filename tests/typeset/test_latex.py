"""The converters of the book (``coursebuild.typeset.latex``), one kind of element at a time, on
small pieces of HTML: what each writes, and what it refuses (issues 38 and 40). The
books themselves are checked in test_book.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.documents import book
from coursebuild.typeset import latex
from coursebuild.typeset.latex import Context, fragment
from coursebuild.typeset.latex.links import BadAddress

ROOT = Path(__file__).resolve().parents[2]


def _tex(html: str, lang: str = "en", **settings) -> str:
    return fragment(html, Context(lang, **settings))


# -- links and addresses (issue 38: LaTeX injection through a link) ----------------------

INJECTION = "https://x.org/}{A}\\input{/etc/hostname}\\url{"


def test_a_link_whose_address_holds_latex_is_refused_with_the_link():
    with pytest.raises(BadAddress) as caught:
        _tex(f'<p>See <a href="{INJECTION}">this</a>.</p>')
    message = str(caught.value)
    assert "\n" not in message and "https://x.org/}{A}" in message and "'}'" in message


@pytest.mark.parametrize("address", [
    "https://x.org/a b", 'https://x.org/"q"', "https://x.org/a\\b", "https://x.org/{a}",
    "https://x.org/a^b", "https://x.org/a|b", "https://x.org/<a>", "https://x.org/a`b",
    "https://x.org/a\tb", "https://x.org/a\x7fb"])
def test_every_character_no_address_may_hold_is_refused(address):
    with pytest.raises(BadAddress):
        _tex(f'<p><a href="{address.replace(chr(34), "&quot;")}">a</a></p>')


def test_an_address_keeps_what_addresses_hold_escaped_for_latex():
    tex = _tex('<p><a href="https://x.org/a_b~c?d=1&amp;e=%20f#g-h">x</a></p>')
    assert r"\href{https://x.org/a_b~c?d=1&e=\%20f\#g-h}{x}" in tex
    assert r"\footnote{\url{https://x.org/a_b~c?d=1&e=\%20f\#g-h}}" in tex
    # letters beyond ASCII as their UTF-8 bytes
    assert r"Th\%C3\%A9or\%C3\%A8me" in _tex('<p><a href="https://x.org/Théorème">t</a></p>')


def test_the_book_names_the_page_and_the_link_in_one_line(tmp_path):
    site = ROOT / "site"
    if not (site / "index.html").exists():
        pytest.skip("needs a built site (make site)")
    # a copy of the English students' pages, one of them with the hostile link
    _, _, pages = book.book_pages("en", "/en/", "students")
    copy = tmp_path / "site"
    copy.mkdir()
    (copy / "figures").symlink_to(site / "figures")
    for page in pages:
        target = copy / page.url.lstrip("/") / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        html = (site / page.url.lstrip("/") / "index.html").read_text("utf-8")
        if page.slug == "plays":
            html = html.replace("<p>", f'<p><a href="{INJECTION}">A</a> ', 1)
        target.write_text(html, "utf-8")
    with pytest.raises(SystemExit) as caught:
        book.book_source("en", "students", copy, book.figure_metrics(site))
    message = str(caught.value)
    assert message.startswith("book: en: page /en/plays/: the link 'https://x.org/}{A}")
    assert "\n" not in message


def test_a_formula_that_reads_files_is_refused():
    with pytest.raises(latex.text.UnsafeFormula, match=r"\\input"):
        _tex(r'<p><span class="arithmatex">\(\input{/etc/hostname}\)</span></p>')
    with pytest.raises(latex.text.UnsafeFormula):
        _tex(r'<div class="arithmatex">\[x ^^5cinput{a}\]</div>')
    assert _tex(r'<p><span class="arithmatex">\(x \in S_0\)</span></p>').strip() == \
        r"\(x \in S_0\)"


def test_labels_hold_only_safe_characters():
    tex = _tex('<h2 id="a}\\input{b">Title</h2>')
    assert r"\label{fragment:a+7D+5Cinput+7Bb}" in tex


# -- figures cited by number (issue 40) ---------------------------------------------------

def test_a_figure_is_cited_by_number_in_the_books_words():
    ctx = Context("en")
    tex = fragment('<p>The game <a href="#fig-c4" data-book="of figure">below</a> is perfect; '
                   '<a href="#fig-play">the figure</a> shows it, on two rows'
                   '<span class="arena-figref" data-figure="a" hidden></span>'
                   '<span class="arena-figref" data-figure="b" hidden></span>.</p>', ctx)
    assert "below" not in tex
    assert r"The game \bookfigref{of figure~\ref{fig:c4}}{fig:c4}{ (p.~\pageref{fig:c4})}" in tex
    assert r"\bookfigref{figure~\ref{fig:play}}" in tex         # "the figure": "figure 2.1"
    assert r"rows (figures~\bookfigref{\ref{fig:a}}" in tex     # two hidden ones: one group
    assert r" and \bookfigref{\ref{fig:b}}{fig:b}{, p.~\pageref{fig:b}})." in tex
    assert ctx.referenced == ["c4", "play", "a", "b"]
    with pytest.raises(ValueError, match="must end with 'figure'"):
        fragment('<p><a href="#fig-x" data-book="in the drawing">below</a></p>', Context("en"))
    fr = fragment('<p>Pour le jeu <a href="#fig-g" data-book="de la figure">ci-dessous</a>'
                  '</p>', Context("fr"))
    assert r"Pour le jeu \bookfigref{de la figure~\ref{fig:g}}" in fr


def test_the_hook_hides_the_books_own_citations_and_refuses_an_unknown_figure(monkeypatch):
    from mkdocs.exceptions import PluginError

    from coursebuild.documents.markers import check, state

    monkeypatch.setattr(state, "MANIFEST", {"nim-play": {}})
    out = check.figure_references('<p>rows<a href="#fig-nim-play"></a> and '
                                 '<a data-book="in figure" href="#fig-nim-play">below</a></p>',
                                 "docs/en/plays.md")
    assert 'rows<span class="arena-figref" data-figure="nim-play" hidden></span>' in out
    assert '<a data-book="in figure" href="#fig-nim-play">below</a>' in out
    with pytest.raises(PluginError, match=r"docs/en/plays.md: .*'nim-ply'.*'nim-play'"):
        check.figure_references('<a href="#fig-nim-ply">x</a>', "docs/en/plays.md")


def test_a_figure_waits_for_the_paragraph_that_cites_it():
    from coursebuild.typeset.latex.context import Figure

    ctx = Context("en", figures={"f": Figure("f", 200, 100, 10)})
    tex = fragment('<figure><img src="../figures/f.svg"><figcaption>F.</figcaption></figure>'
                   '<p>First.</p><p>Then <a href="#fig-f">the figure</a> shows it.</p>'
                   '<p>After.</p>', ctx)
    assert tex.index("First.") < tex.index("shows it") < tex.index(r"\begin{figure}") \
        < tex.index("After.")


# -- figures: size and place ---------------------------------------------------------------

def _figure_tex(width: float, height: float, font: float, data: dict | None = None) -> str:
    from coursebuild.typeset.latex.context import Figure
    from coursebuild.typeset.latex.converter import Converter
    from coursebuild.typeset.latex.figures import float_figure

    ctx = Context("en", figures={"f": Figure("f", width, height, font)},
                  data={"f": data} if data else {})
    return float_figure(Converter(ctx, "page"), "f", "Caption.")


def test_a_figure_is_in_the_text_in_the_margin_turned_or_a_table():
    # legible within the text: as wide as the text at most, its text at 9 pt at most
    tex = _figure_tex(600, 150, 18)
    assert r"\includegraphics[width=300.0pt]{f}" in tex and r"\bookwide" not in tex
    # wider than the text when legible: into the outer margin
    tex = _figure_tex(900, 280, 14)
    assert r"\bookwide{fig:f}{\includegraphics[width=450.0pt]{f}}" in tex
    # wider still: turned on a page of its own, foot outwards
    tex = _figure_tex(1250, 300, 14)
    assert r"\begin{figure}[p]" in tex and r"\bookturned{fig:f}" in tex
    # not legible either way: the table of its positions by rank, from its data
    vertices = {"0450": {"winner": 1, "rank": 10}, "0451": {"winner": 1, "rank": 9},
                "1250": {"winner": 0, "rank": 2}, "3333": {"winner": None, "rank": None}}
    tex = _figure_tex(1137, 1070, 14, {"vertices": vertices})
    assert r"\includegraphics" not in tex
    assert "9 &  & 0451" in tex and "2 & 1250 & " in tex and "draw" in tex
    assert "1 won by \\(J_0\\), 2 by \\(J_1\\), 1 draws" in tex


# -- a run of steps ------------------------------------------------------------------------

def test_a_run_of_steps_is_one_table_a_row_per_step():
    from coursebuild.typeset.latex.context import Figure

    trace = {"columns": {"en": ["Step", "Out", "Queue"], "fr": ["Étape", "Sort", "File"]},
             "steps": [{"row": ["—", "a"]}, {"row": ["a", {"en": "b (1.5)", "fr": "b (1,5)"}]}]}
    html = ('<details class="note"><summary>Step by step</summary>'
            '<figure><img src="../figures/run.svg"></figure><ol><li>Step 0</li></ol>'
            '</details>')
    for lang, cell in (("en", "b (1.5)"), ("fr", "b (1,5)")):
        ctx = Context(lang, figures={"run": Figure("run", 100, 100, 10)},
                      data={"run": trace}, captions={"run": "A run on a graph: two steps."})
        tex = fragment(html, ctx)
        assert r"\begin{steptable}" in tex and "Step 0" not in tex
        assert re.findall(r"^\d+ & .*\\\\$", tex, re.M) == [
            # (an item of a cell is kept on one line: issue 47 §2)
            r"0 & --- & a \\", rf"1 & a & \mbox{{{cell}}} \\"]
        assert "A run on a graph" in tex and "two steps" not in tex


# -- listings --------------------------------------------------------------------------------

def test_a_short_listing_is_one_box_and_a_long_one_may_go_over_a_page():
    short = "\n".join(f"x{k} = {k}  # a comment long enough to go past the text's width, even "
                      "in small type" for k in range(10))
    # in the book, a line longer than the text goes into the outer margin, at the same
    # size (issue 61 §3), the box as wide as its longest line
    tex = fragment(f"<pre><code>{short}</code></pre>", Context("en"))
    assert r"\begin{codebox}{code:fragment:1}{\small}{415.8pt}" in tex
    assert "↪" not in tex
    # a page without a margin (a sheet's): a size smaller, a line longer than the
    # measure goes on after a continuation mark, as a comment
    tex = fragment(f"<pre><code>{short}</code></pre>", Context("en", code_margin=False))
    assert r"\begin{codebox}{code:fragment:1}{\footnotesize}" in tex
    assert re.search(r"^x0 = 0  # a comment long enough to go past the text's width, even\n"
                     r"↪ # in small type$", tex, re.M)
    # longer than text and margin at \small: \footnotesize, broken only past both
    longer = "y = 1  # " + "word " * 17
    tex = fragment(f"<pre><code>{longer}</code></pre>", Context("en"))
    assert r"{\footnotesize}" in tex and "↪" not in tex
    tex = fragment(f"<pre><code>{longer * 2}</code></pre>", Context("en"))
    assert r"{\footnotesize}" in tex and tex.count("↪") >= 1
    long = "\n".join(f"x{k} = {k}" for k in range(40))
    tex = fragment(f"<pre><code>{long}</code></pre>", Context("en"))
    assert r"\begin{codeblock}" in tex and r"\begin{codebox}" not in tex


# -- tables ------------------------------------------------------------------------------------

def test_a_table_keeps_its_width_and_a_long_head_goes_on_two_lines():
    html = ("<table><thead><tr><th>Game</th><th>Reachable positions</th></tr></thead>"
            "<tbody><tr><td>Nim</td><td>20</td></tr><tr><td>Chomp</td><td>1,846</td></tr>"
            "</tbody></table>")
    tex = fragment(html, Context("en"))
    assert r"\booktable{table:fragment:1}{\begin{tabular}{ll}" in tex
    assert r"\textbf{Reachable}\\\textbf{positions}" in tex


def test_inline_code_prints_its_commas_and_dashes_as_typed():
    """Typewriter type joins ",," into the low quote „ (the teachers' guide printed
    "PROBLEMS=„", issue 61): inline code keeps every comma and hyphen apart."""
    tex = _tex("<p>a list that names no problem (<code>PROBLEMS=,,</code>), "
               "or <code>make --dry-run</code></p>")
    assert tex.count("\\texttt{") == 2 and ",," not in tex and "--" not in tex, tex
    assert "PROBLEMS=,{}," in tex and "make -{}\\allowbreak{}-{}" in tex


def test_english_refers_to_chapter_5_not_the_chapter_5():
    """"the chapter 5 of the students' book" is the French "le chapitre 5" (issue 61): the
    English drops the article before a numbered chapter of either book; French keeps it."""
    from coursebuild.typeset.latex.text import book_wording

    en = book_wording("in the page of the chapter 5 of the students' book (Computing a "
                      "strategy); The chapter \\ref{ch:plays} (Plays).", "en")
    assert en == ("in the page of chapter~5 of the students' book (Computing a strategy); "
                  "Chapter~\\ref{ch:plays} (Plays).")
    fr = book_wording("dans la page du chapitre 5 du livre des élèves", "fr")
    assert fr == "dans la page du chapitre~5 du livre des élèves"


def test_a_number_keeps_its_unit_on_its_line():
    """"remplissent 9 semaines (35 h)" broke between 35 and h (issue 61)."""
    from coursebuild.typeset.latex.text import book_wording

    assert book_wording("9 semaines (35 h) ; 40 min, 2 pts, 1 pt, à 4 h par semaine et 3 "
                        "hauteurs", "fr") == ("9 semaines (35~h) ; 40~min, 2~pts, 1~pt, à 4~h "
                                              "par semaine et 3 hauteurs")


def test_a_folded_proof_ends_with_one_square():
    """A "??? proof" block that ends with its own $\\square$ printed two squares, the
    text's and the environment's (the safety games' proof, issue 61)."""
    tex = _tex('<details class="proof"><summary>Proof</summary><p>First.</p>'
               '<p>So no strategy wins. <span class="arithmatex">\\(\\square\\)</span></p>'
               '</details>')
    assert "\\begin{proof}" in tex and "So no strategy wins." in tex
    assert "square" not in tex, tex


@pytest.mark.parametrize(("lang", "label"), [("en", "Marking scheme."), ("fr", "Barème."),
                                             ("en", "5.")])
def test_a_label_alone_stays_with_its_table(lang, label):
    """The English teachers' book left 'Marking scheme.' at a page's foot, its table on
    the next page, where the French 'Barème.' stayed with it: only labels of at most 12
    characters were kept with the table that follows."""
    html = (f"<p><strong>{label}</strong></p><table><thead><tr><th>Question</th>"
            "<th>Points</th></tr></thead><tbody><tr><td>1</td><td>3</td></tr></tbody></table>")
    tex = _tex(html, lang)
    assert re.search(r"\\textbf\{[^{}]+\}\\bookkeepwithnext\s+\\begingroup\\booknobreakbefore",
                     tex), tex


def test_a_label_over_a_label_kept_with_its_table_is_kept_too():
    """'Solution.' ended a page of the English teachers' book (problem 3.18, and 3.5), its
    '1.' and that answer's table on the next: '1.' was kept with the table, not the label
    over it."""
    html = ("<p><strong>Solution.</strong></p><p><strong>1.</strong></p><table><thead><tr>"
            "<th>Heap</th><th>Binary</th></tr></thead><tbody><tr><td>2</td><td>0010</td></tr>"
            "</tbody></table>")
    tex = _tex(html)
    assert re.search(r"\\textbf\{Solution\.\}\\bookkeepwithnext\s+\\textbf\{1\.\}"
                     r"\\bookkeepwithnext\s+\\begingroup\\booknobreakbefore", tex), tex
    # a paragraph of text before the label is not held
    tex = _tex("<p>Some text.</p>" + html.split("</p>", 1)[1])
    assert "Some text.\\bookkeepwithnext" not in tex


def test_a_label_alone_over_a_paragraph_never_ends_a_page():
    """'Solution.' ended page 51 of the English teachers' book, its '1. A play stops ...'
    on the next: a label alone is held to the paragraph after it."""
    tex = _tex("<p><strong>Solution.</strong></p><p><strong>1.</strong> A play stops.</p>")
    assert "\\textbf{Solution.}\\par\\nopagebreak\n" in tex
    # but not to a heading that follows it
    tex = _tex("<p><strong>Solution.</strong></p><h3>Next</h3>")
    assert "\\textbf{Solution.}\\par\\nopagebreak" not in tex
