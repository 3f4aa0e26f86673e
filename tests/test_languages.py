"""The course's languages are said once (issue 66 §3): ``coursebuild.languages`` holds
their list and each one's MkDocs configuration, and every module reads them there."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from coursebuild import languages

ROOT = Path(__file__).resolve().parents[1]


def test_the_languages_and_their_configurations_are_defined_in_one_module():
    defined = re.compile(r"^(LANGS|CONFIGS)\s*(:[^=]*)?=", re.M)
    found = sorted(p.relative_to(ROOT).as_posix()
                   for top in ("src", "tests", "scripts") for p in (ROOT / top).rglob("*.py")
                   if defined.search(p.read_text(encoding="utf-8")))
    assert found == ["src/coursebuild/languages.py"]


def test_each_language_is_its_configurations_language_the_first_at_the_root():
    assert tuple(languages.CONFIGS) == languages.LANGS
    for lang, config in languages.CONFIGS.items():
        text = config.read_text(encoding="utf-8")
        assert re.search(rf"^\s+language: {lang}\s*$", text, re.M), config.name
        site_dir = yaml.safe_load(text)["site_dir"]
        assert site_dir == f"build/site-{lang}"
    assert languages.CONFIGS[languages.LANGS[0]].name == "mkdocs.yml"


def test_the_writers_read_them_there():
    from coursebuild.commands import site
    from coursebuild.products import moodle, notebooks
    from coursebuild.products.sheets import LANGS as sheets_langs
    from coursebuild.typeset import editions

    assert moodle.LANGS is notebooks.LANGS is sheets_langs is languages.LANGS
    assert site.CONFIGS is editions.CONFIGS is languages.CONFIGS
