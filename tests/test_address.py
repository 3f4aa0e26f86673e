"""The site's published address is one setting (SITE_URL, coursebuild.address): the English
site's is derived from it, nothing in the sources invents one (no example.org), and a
malformed value is refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild import address

ROOT = Path(__file__).resolve().parents[1]


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
