"""The site's published address is one setting (SITE_URL, coursebuild.sources.address): the English
site's is derived from it, nothing in the sources invents one (no example.org), and a
malformed value is refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.sources import address

ROOT = Path(__file__).resolve().parents[2]


def test_one_setting_gives_both_languages_addresses(monkeypatch):
    monkeypatch.setenv("SITE_URL", "https://owner.github.io/arena")
    assert address.published("fr") == "https://owner.github.io/arena/"
    assert address.published("en") == "https://owner.github.io/arena/en/"
    monkeypatch.delenv("SITE_URL")
    assert address.published("fr") == address.published("en") == ""


def test_a_malformed_address_is_refused_in_one_line(monkeypatch):
    monkeypatch.setenv("SITE_URL", "owner.github.io/arena")
    with pytest.raises(SystemExit) as error:
        address.published("en")
    assert str(error.value).startswith("SITE_URL='owner.github.io/arena': not an http(s)")


@pytest.mark.parametrize("lang,config", [("fr", "mkdocs.yml"), ("en", "mkdocs.en.yml")])
def test_the_hook_sets_each_sites_address_from_the_one_setting(monkeypatch, lang, config):
    from mkdocs.config import load_config

    from coursebuild import hook

    if not (ROOT / "docs" / "figures" / "manifest.json").exists():
        pytest.skip("no figure manifest (make site builds it)")
    monkeypatch.setenv("SITE_URL", "https://owner.github.io/arena/")
    loaded = hook.on_config(load_config(str(ROOT / config)))
    assert loaded.site_url == "https://owner.github.io/arena/" + ("en/" if lang == "en" else "")
    monkeypatch.delenv("SITE_URL")
    assert hook.on_config(load_config(str(ROOT / config))).site_url is None


def test_no_source_invents_an_address():
    sources = [*ROOT.glob("mkdocs*.yml"), *(ROOT / "src").rglob("*.*"),
               *(p for folder in ("fr", "en", "listings", "notebooks", "assets")
                 for p in (ROOT / "docs" / folder).rglob("*.*")),
               *(ROOT / ".github" / "workflows").glob("*.yml")]
    found = [str(p.relative_to(ROOT)) for p in sources if p.is_file()
             and re.search(rb"example\.(org|com)", p.read_bytes())]
    assert len(sources) > 50 and found == []


def test_the_print_passages_name_the_site_by_its_address_or_need_none(monkeypatch):
    """Issue 36: the book said 'the course's site' without its address. With SITE_URL the
    sentences link it (the book prints it in a footnote); without, they speak of the
    course's pages, handed out by the teacher; never 'the site' alone."""
    from coursebuild.documents.markers import links

    monkeypatch.delenv("SITE_URL", raising=False)
    assert links.site_phrase("en", True) == ("In the course's web pages (which your teacher can "
                                        "hand out as a folder)")
    assert links.site_phrase("fr", False).startswith("dans les pages web du cours (que votre")
    monkeypatch.setenv("SITE_URL", "https://owner.github.io/arena/")
    assert links.site_phrase("en", True) == \
        'On <a href="https://owner.github.io/arena/en/">the course\'s site</a>'
    assert links.site_phrase("fr", False) == \
        'sur <a href="https://owner.github.io/arena/">le site du cours</a>'
    sentences = re.compile(r"(?i)(?:on|in|sur|dans) (?:the course's site|the site|le site"
                           r"(?: du cours)?)\b")
    for lang in ("fr", "en"):
        for page in (ROOT / "docs" / lang).glob("*.md"):
            if page.name != "building.md":       # the appendix speaks of building the site
                assert not sentences.search(page.read_text(encoding="utf-8")), page
    book = ROOT / "build" / "book" / "students-en" / "book.tex"
    if book.exists():
        text = book.read_text(encoding="utf-8")
        # (the sentences that name them go into each chapter's "Online" box: issue 47 §4)
        assert text.count("The course's web pages (which can also be handed out as a "
                          "folder) add to this chapter") >= 5


def test_the_guide_clones_the_repository_from_its_address_or_from_a_copy(monkeypatch):
    from coursebuild.documents.markers import links

    monkeypatch.delenv("REPO_URL", raising=False)
    block = links.clone_markdown("en")
    assert "git clone" not in block and "<" not in block.split("```sh")[1]
    assert "In a copy of the course's repository" in block
    monkeypatch.setenv("REPO_URL", "https://github.com/owner/arena/")
    assert "git clone https://github.com/owner/arena arena && cd arena\n" in \
        links.clone_markdown("fr")
    monkeypatch.setenv("REPO_URL", "github.com/owner/arena")
    with pytest.raises(SystemExit, match="REPO_URL='github.com/owner/arena': not an http"):
        address.repository()
    for lang in ("fr", "en"):
        guide = (ROOT / "docs" / lang / "building.md").read_text(encoding="utf-8")
        assert "<adresse du dépôt>" not in guide and "<repository address>" not in guide
