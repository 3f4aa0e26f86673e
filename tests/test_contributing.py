"""The contributors' guide's three changes (issue 66 §5), each with the files it touches
counted: the counts CONTRIBUTING.md gives are the tree's (a new problem family: the files
tests/course/test_bank_family.py sees change; a new game: the appendix's four files; a third
language: the files that name a language today)."""

from __future__ import annotations

import re

from test_bank_family import TOUCHED

from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
NAMES_A_LANGUAGE = re.compile("[\"'](?:" + "|".join(LANGS) + ")[\"']")


def _count(heading: str) -> int:
    m = re.search(rf"^### {re.escape(heading)}: (\d+) files$", GUIDE, re.M)
    assert m, heading
    return int(m[1])


def test_a_new_problem_family_touches_the_files_its_test_sees():
    assert _count("A new problem family in the bank") == len(TOUCHED) == 2
    assert "Two edits, in two files" in GUIDE


def test_a_new_game_touches_the_four_files_of_the_appendix():
    assert _count("A new game in the course") == 4
    building = {lang: (ROOT / "docs" / lang / "building.md").read_text(encoding="utf-8")
                for lang in LANGS}
    assert "in four files: the game, the module of the chapter's page, and the two" \
        in building["en"]
    assert "en quatre fichiers : le jeu, le module de la page du chapitre" \
        in building["fr"]


def test_a_third_language_touches_the_files_that_name_a_language():
    src = sorted(p for p in (ROOT / "src").rglob("*.py")
                 if NAMES_A_LANGUAGE.search(p.read_text(encoding="utf-8")))
    scripts = sorted(p for p in (ROOT / "docs" / "assets" / "javascripts").glob("*.js")
                     if NAMES_A_LANGUAGE.search(p.read_text(encoding="utf-8")))
    said = re.search(r"(\d+) files of `src/` name a language \(the string `\"fr\"`\s+or "
                     r"`\"en\"`\), and (\d+) of the widgets' scripts", GUIDE)
    assert said, "the guide's count of the files that name a language"
    assert (int(said[1]), int(said[2])) == (len(src), len(scripts))
    total = re.search(r"(\d+) files and a tree\.", GUIDE)
    assert total and int(total[1]) == len(src) + len(scripts) + 1     # and mkdocs.<lang>.yml
