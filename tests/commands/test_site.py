"""The bilingual course site: sources complete in both languages, generated content
used, and the built site (``make site``) holding every page with its outputs."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import yaml

from coursebuild.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SITE = ROOT / "site"
SNIPPET = re.compile(r'--8<-- "([^"]+)"')


def _pages(lang: str) -> list[str]:
    """The pages of ``lang``: its Markdown, and a notebook per source in docs/notebooks
    (one source holds both languages)."""
    folder = DOCS / lang
    notebooks = [f"notebooks/{p.stem}.ipynb" for p in (DOCS / "notebooks").glob("*.py")]
    return sorted([p.relative_to(folder).as_posix() for p in folder.rglob("*.md")
                   if p.is_file()] + notebooks)


def _nav_files(nav) -> list[str]:
    out = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        out += _nav_files(value) if isinstance(value, list) else [value]
    return out


def _config(lang: str) -> dict:
    name = "mkdocs.yml" if lang == "fr" else "mkdocs.en.yml"

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    return yaml.load((ROOT / name).read_text(encoding="utf-8"), Loader=Loader)


class TestSources:
    def test_every_page_and_notebook_exists_in_both_languages(self):
        assert _pages("fr") == _pages("en")
        assert len([p for p in _pages("fr") if p.startswith("notebooks/")]) == 8

    def test_both_navigations_list_the_same_files_in_the_same_order(self):
        fr, en = _nav_files(_config("fr")["nav"]), _nav_files(_config("en")["nav"])
        assert fr == en
        assert set(fr) == set(_pages("fr"))

    def test_every_figure_used_is_in_the_manifest_and_every_figure_is_used(self):
        manifest = {e["id"] for e in json.loads((DOCS / "figures/manifest.json").read_text())}
        for lang in LANGS:
            from coursebuild.documents.chapter_text import page_text  # with the exercises
            from coursebuild.documents.markers.check import markers  # shown as code: not used

            used = {args[0] for p in (DOCS / lang).glob("*.md")
                    for _, kind, args in markers(page_text(lang, p.stem))
                    if kind in ("figure", "stepper", "game")}
            from coursebuild.products.bank_pages import book_figures  # the teachers' book's

            assert used <= manifest, used - manifest
            used |= book_figures()
            used |= {args[0] for path in (DOCS / "teaching").glob("*.yaml")   # the notes'
                     for _, kind, args in markers(path.read_text(encoding="utf-8"))
                     if kind in ("figure", "stepper", "game")}
            assert used == manifest, f"{lang}: figures never shown: {manifest - used}"

    def test_every_generated_fragment_is_included_in_its_own_language(self):
        for lang in LANGS:
            generated = {f"{lang}/{p.name}" for p in (DOCS / "generated" / lang).glob("*.md")}
            included = set()
            from coursebuild.documents.chapter_text import page_text  # with the exercises

            for page in (DOCS / lang).glob("*.md"):
                for path in SNIPPET.findall(page_text(lang, page.stem)):
                    if path.startswith(("fr/", "en/")) and ":" not in path:   # not a page's part
                        assert path.startswith(f"{lang}/"), f"{page} includes {path}"
                        included.add(path)
            # the teaching notes' facts ({{fact:NAME}}), which the teachers' guide reads
            from coursebuild.course.teaching_notes import REFERENCE

            for notes in (DOCS / "teaching").glob("*.yaml"):
                text = "\n".join(line for line in notes.read_text(encoding="utf-8").splitlines()
                                 if not line.lstrip().startswith("#"))      # not a comment's
                included |= {f"{lang}/note-{m['arg']}.md" for m in REFERENCE.finditer(text)
                             if m["kind"] == "fact"}
            assert generated == included, generated ^ included

    def test_no_number_is_typed_where_a_fragment_should_be(self):
        # Results in chapters come from fragments: the solver's counts never appear typed.
        for lang in LANGS:
            for page in (DOCS / lang).glob("*.md"):
                text = page.read_text(encoding="utf-8")
                for typed in ("5478", "5 478", "3,945,711", "161,029", "161029"):
                    assert typed not in text, f"{page}: {typed}"


def _visible_text(page_html: str) -> str:
    body = page_html.split('<article class="md-content__inner md-typeset">', 1)[-1]
    body = body.split("</article>", 1)[0]
    body = re.sub(r"<(script|style|pre|code|svg|figure)\b.*?</\1>", " ", body, flags=re.S)
    # words of the other language that the page marks as such (lang="fr" in English)
    body = re.sub(r'<(\w+)\b[^>]*\blang="(?:fr|en)"[^>]*>.*?</\1>', " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


class TestBuiltSite:
    def test_both_languages_have_every_page(self, site):
        for lang, prefix in (("fr", site), ("en", site / "en")):
            for page in _nav_files(_config(lang)["nav"]):
                slug = page.removesuffix(".md").removesuffix(".ipynb")
                target = prefix / ("index.html" if slug == "index" else f"{slug}/index.html")
                assert target.exists(), target

    def test_pages_declare_their_language(self, site):
        assert '<html lang="fr"' in (site / "attractors/index.html").read_text(encoding="utf-8")
        assert '<html lang="en"' in (site / "en/attractors/index.html").read_text(encoding="utf-8")

    def test_language_switch_points_to_the_same_page(self, site):
        fr = (site / "strategies/index.html").read_text(encoding="utf-8")
        en = (site / "en/strategies/index.html").read_text(encoding="utf-8")
        assert 'href="../en/strategies/" hreflang="en"' in fr.replace("./../en", "../en")
        assert 'href="../../strategies/" hreflang="fr"' in en

    def test_snippets_and_figures_are_expanded(self, site):
        text = (site / "attractors/index.html").read_text(encoding="utf-8")
        assert "--8&lt;--" not in text and "<!-- figure:" not in text
        assert text.count('class="arena-figure"') == 8
        assert 'src="../figures/nim-attractor-7.svg"' in text

    def test_notebooks_are_pages_with_their_outputs_and_a_download(self, site):
        page = (site / "en/notebooks/03-attractors/index.html").read_text(encoding="utf-8")
        assert "(11, 10, set(), True)" in html.unescape(page)   # a computed output
        assert "data:image/svg+xml" in page                       # a drawn arena
        assert 'href="03-attractors.ipynb" download' in page      # the download link
        notebook = json.loads((site / "en/notebooks/03-attractors/03-attractors.ipynb")
                              .read_text(encoding="utf-8"))
        assert any(cell.get("outputs") for cell in notebook["cells"])   # with its outputs

    def test_french_pages_hold_no_english_and_english_pages_no_french(self, site):
        english = re.compile(r"\b(the|which|with|players?|winning)\b", re.I)
        french = re.compile(r"\b(les|une|avec|joueurs?|gagnantes?)\b", re.I)
        for slug in ("", "modelling/", "plays/", "attractors/", "algorithms/", "strategies/",
                     "exercises/", "chomp/", "ourson/", "beyond/", "teachers/"):
            fr = _visible_text((site / slug / "index.html").read_text(encoding="utf-8"))
            en = _visible_text((site / "en" / slug / "index.html").read_text(encoding="utf-8"))
            assert not english.findall(fr), (slug, english.findall(fr)[:5])
            assert not french.findall(en), (slug, french.findall(en)[:5])

    def test_search_indexes_are_separate_per_language(self, site):
        fr = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
        en = json.loads((site / "en/search/search_index.json").read_text(encoding="utf-8"))
        assert fr["config"]["lang"] == ["fr"] and en["config"]["lang"] == ["en"]
        assert not any(d["location"].startswith("en/") for d in fr["docs"])
