"""One site, not two copies: what both languages share is stored once (at the root), each
language has its own notebook cache, GitHub Pages' one 404 page speaks both languages,
the sitemap carries no invented dates, and the exercises pages offer the sheets."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

ROOT = Path(__file__).resolve().parents[2]


def test_shared_assets_are_stored_once(site):
    for shared in ("assets/katex/katex.min.css", "assets/fonts/SourceSansPro-Regular.woff2",
                   "figures/nim-graph-a.svg", "handouts/handout-fr.pdf"):
        assert (site / shared).is_file(), shared
        assert not (site / "en" / shared).exists(), shared
    assert not (site / "en" / "figures").exists()
    # and the English pages find them at the root
    page = (site / "en" / "ourson" / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href)="((?:\.\./)+(?:figures|assets)/[^"#?]+)"', page)
    assert any("figures/" in r for r in refs) and any("katex" in r for r in refs)
    for ref in refs:
        target = urljoin("https://x/en/ourson/", ref).removeprefix("https://x/")
        assert (site / target).is_file(), ref


def test_one_notebook_cache_per_language():
    for config, lang in (("mkdocs.yml", "fr"), ("mkdocs.en.yml", "en")):
        text = (ROOT / config).read_text(encoding="utf-8")
        assert f"cache_dir: .cache/mkdocs-jupyter/{lang}" in text


def test_the_404_page_github_pages_serves_speaks_both_languages(site):
    page = (site / "404.html").read_text(encoding="utf-8")
    assert "Page introuvable" in page and "Page not found" in page
    # from the site's root path: that of SITE_URL, or / without it
    root = urlparse(os.environ.get("SITE_URL") or "/").path.rstrip("/")
    assert f'href="{root}/" hreflang="fr"' in page and f'href="{root}/en/" hreflang="en"' in page


def test_the_sitemaps_have_no_invented_dates(site):
    for lang in ("", "en/"):
        sitemap = (site / lang / "sitemap.xml").read_text(encoding="utf-8")
        assert sitemap.startswith("<?xml") and "<lastmod>" not in sitemap
        # the pages' addresses need the published address (SITE_URL): none is invented
        assert ("<loc>" in sitemap) == bool(os.environ.get("SITE_URL"))
        assert "example.org" not in sitemap


def test_the_exercises_pages_offer_both_sheets(site):
    for page in ("exercises/index.html", "en/exercises/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        links = re.findall(r'<p class="arena-handouts">.*?</p>', html, re.S)
        assert len(links) == 1
        hrefs = re.findall(r'href="([^"]+)"', links[0])
        assert len(hrefs) == 2
        for href in hrefs:
            target = urljoin(f"https://x/{page}", href).removeprefix("https://x/")
            assert target in ("handouts/handout-fr.pdf", "handouts/handout-en.pdf")
            assert (site / target).read_bytes().startswith(b"%PDF")
