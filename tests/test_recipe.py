"""The teachers' recipe for putting one's own game into a chapter: its one-line helper
draws a game file, and the guide (both languages) documents every marker it uses."""

from __future__ import annotations

import re

import pytest

from arena import Arena, solve
from arena.render import View
from coursebuild.drawing import example_figure
from coursebuild.paths import ROOT


def test_example_figure_draws_a_game_file_in_one_line():
    d = example_figure("docs/examples/exercise-4-2.yaml", View(winners=True),
                       {"fr": "Mon jeu.", "en": "My game."}, interactive=True)
    g = Arena.from_file(ROOT / "docs/examples/exercise-4-2.yaml")
    assert d.arena == g and d.caption == {"fr": "Mon jeu.", "en": "My game."}
    assert f"{len(g)} vertices" in d.desc
    won = sum(1 for v in g if solve(g).winner[v] == 0)
    assert d.dot.source.count("fillcolor") >= won           # the winners are filled
    assert example_figure("docs/examples/exercise-4-2.yaml", View(), {"fr": "", "en": ""}
                          ).arena is None                   # not interactive


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guide_documents_the_recipe_and_its_markers(lang):
    text = (ROOT / "docs" / lang / "teachers.md").read_text(encoding="utf-8")
    for kind in ("figure", "stepper", "game", "trace"):
        assert re.search(rf"`<!-- {kind}: ", text), kind
    assert "example_figure" in text and "FIGURES" in text
    reference = (ROOT / "docs" / lang / "reference.md").read_text(encoding="utf-8")
    for name in ("arena.render.View", "arena.render.describe", "coursebuild.catalogue.Drawing",
                 "coursebuild.catalogue.Figure", "coursebuild.drawing.example_figure"):
        assert f"::: {name}" in reference
