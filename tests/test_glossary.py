"""The French names of the course's code are explained to English readers (issue 36 §3):
every French name an English page shows (in its code, pseudo-code, listings, exercises
and notebooks) is in ``docs/data/glossary.yaml``; each entry is shown in a box of the
English chapter where the name first appears, before the name; the English book lists
them all in its front matter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from coursebuild import glossary

ROOT = Path(__file__).resolve().parents[1]
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _nav_pages() -> list[str]:
    """The English site's pages in the order of its navigation (their slugs)."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    nav = yaml.load((ROOT / "mkdocs.en.yml").read_text("utf-8"), Loader=Loader)["nav"]

    def files(items):
        out = []
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            out += files(value) if isinstance(value, list) else [value]
        return out

    return [re.sub(r"\.(md|ipynb)$", "", f) for f in files(nav)]


def _shown(site: Path, slug: str) -> tuple[set[str], str]:
    """The names in the code an English page shows, and its article's HTML."""
    from bs4 import BeautifulSoup

    path = site / "en" / ("" if slug == "index" else slug) / "index.html"
    html = path.read_text("utf-8")
    article = BeautifulSoup(html, "html.parser").find("article")
    text = " ".join(el.get_text(" ") for el in article.find_all(["code", "pre", "textarea"]))
    # the exercises' editors hold their starting code and solution in attributes too
    text += " ".join(str(el.get(a, "")) for el in article.find_all(True)
                     for a in ("data-starter", "data-solution"))
    return set(IDENT.findall(text)), str(article)


@pytest.fixture(scope="module")
def shown(site) -> dict[str, tuple[set[str], str]]:
    return {slug: _shown(site, slug) for slug in _nav_pages()}


def test_every_french_name_an_english_page_shows_is_in_the_glossary(shown):
    french = glossary.course_names() - glossary.ENGLISH
    known = {e["name"] for e in glossary.entries()}
    missing = {slug: sorted((names & french) - known) for slug, (names, _) in shown.items()}
    assert {slug: names for slug, names in missing.items() if names} == {}
    # the check bites: the course's code shows French names, and English ones are left out
    assert {"attracteur_naif", "rangs", "jeu_de_nim", "degres", "strategie", "coup",
            "arbre", "joueur_max"} <= known
    # calcule_attracteur2 is defined by a sentence of chapter 4, not by pseudo-code
    assert known - french <= {"calcule_attracteur2"} and not known & glossary.ENGLISH


def test_each_name_is_explained_where_it_first_appears(shown):
    order = _nav_pages()
    for entry in glossary.entries():
        name = entry["name"]
        first = next((slug for slug in order if name in shown[slug][0]), None)
        assert first == entry["page"], (name, first)
        html = shown[first][1]
        box = html.index("French names in the code")
        assert f"<code>{name}</code>" in html[box:html.index("</table>", box)], name
        # the box comes before the page's first code that names it
        uses = [m.start() for m in re.finditer(rf"\b{re.escape(name)}\b", html)
                if m.start() > 0]
        assert min(uses) > box, name


def test_the_boxes_are_the_english_pages_own():
    for page in {e["page"] for e in glossary.entries()}:
        box = glossary.box(page)
        assert box["fr"] == "" and box["en"].startswith('??? note "French names in the code"')
    with pytest.raises(KeyError):
        glossary.box("chomp")


def test_the_english_book_lists_every_name_in_its_front_matter():
    tex = glossary.latex()
    for entry in glossary.entries():
        assert "\\item[\\texttt{" + entry["name"].replace("_", "\\_") + "}]" in tex
    source = (ROOT / "src" / "coursebuild" / "book.py").read_text("utf-8")
    assert "glossary.latex()" in source
    built = ROOT / "build" / "book" / "students-en"
    tex_files = sorted(built.glob("*.tex")) if built.exists() else []
    for path in tex_files:         # the book that make site typeset, when it is there
        text = path.read_text("utf-8")
        assert text.index("French names in the code") < text.index("\\mainmatter")
