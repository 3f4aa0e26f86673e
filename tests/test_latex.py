"""The converters of the book (``coursebuild.latex``), one kind of element at a time, on
small pieces of HTML: what each writes, and what it refuses (issues 38 and 40). The
books themselves are checked in test_book.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursebuild import book, latex
from coursebuild.latex import Context, fragment
from coursebuild.latex.links import BadAddress

ROOT = Path(__file__).resolve().parents[1]


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
