"""The teachers' recipe for putting one's own game into a chapter: its one-line helper
draws a game file, and the guide's appendix on building the course (both languages)
documents every marker it uses."""

from __future__ import annotations

import re
import textwrap
from html.parser import HTMLParser

import pytest

from arena import Arena, solve
from arena.render import View
from coursebuild.course.drawing import example_figure
from coursebuild.paths import ROOT


def test_example_figure_draws_a_game_file_in_one_line():
    d = example_figure("docs/examples/exercise-6-2.yaml", View(winners=True),
                       {"fr": "Mon jeu.", "en": "My game."}, interactive=True)
    g = Arena.from_file(ROOT / "docs/examples/exercise-6-2.yaml")
    assert d.arena == g and d.caption == {"fr": "Mon jeu.", "en": "My game."}
    assert f"{len(g)} vertices" in d.desc
    won = sum(1 for v in g if solve(g).winner[v] == 0)
    assert d.dot.source.count("fillcolor") >= won           # the winners are filled
    assert example_figure("docs/examples/exercise-6-2.yaml", View(), {"fr": "", "en": ""}
                          ).arena is None                   # not interactive


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_guide_documents_the_recipe_and_its_markers(lang):
    text = (ROOT / "docs" / lang / "building.md").read_text(encoding="utf-8")
    for kind in ("figure", "stepper", "game", "trace"):
        assert re.search(rf"`<!-- {kind}: ", text), kind
    assert "example_figure" in text and "FIGURES" in text
    reference = (ROOT / "docs" / lang / "reference.md").read_text(encoding="utf-8")
    for name in ("arena.render.View", "arena.render.describe", "coursebuild.course.drawing.Drawing",
                 "coursebuild.course.drawing.Figure", "coursebuild.course.drawing.example_figure"):
        assert f"::: {name}" in reference


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rules_file_the_guide_shows_is_a_game_and_draws_in_one_line(lang, tmp_path,
                                                                       monkeypatch):
    """The take-away game of the guide, saved as a rules file, is read by load_rules and
    drawn by example_figure: 7 sticks, take 1 or 3, J_0 to move. By hand: every move is
    odd, so J_0 always faces an odd number of sticks and J_1 an even one; J_1 is the one
    left with none. J_0 takes 3, J_1 leaves 3 or 1, J_0 takes the rest: rank 3."""
    from coursebuild.course import drawing

    text = (ROOT / "docs" / lang / "building.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(\s*START = .*?)```", text, re.S)
    assert block, "the guide shows a rules file"
    rules = tmp_path / "docs" / "examples" / "takeaway.py"
    rules.parent.mkdir(parents=True)
    rules.write_text(textwrap.dedent(block.group(1)), encoding="utf-8")
    monkeypatch.setattr(drawing, "project_file", lambda relative: tmp_path / relative)
    d = example_figure("docs/examples/takeaway.py", View(winners=True),
                       {"fr": "Retrait.", "en": "Take-away."}, interactive=True)
    g = d.arena
    assert g.S0 == ((7, 0), (5, 0), (3, 0), (1, 0)) and g.start == (7, 0)
    assert sorted(g.S1) == [(0, 1), (2, 1), (4, 1), (6, 1)] and g.V0 == ((0, 1),)
    assert solve(g).winner[(7, 0)] == 0 and solve(g).rank[(7, 0)] == 3


class _Lists(HTMLParser):
    """The list items of a page's first ordered list after a heading, and the items of
    the lists nested in each."""

    def __init__(self, heading_id: str) -> None:
        super().__init__()
        self.heading_id, self.started, self.depth = heading_id, False, 0
        self.items: list[int] = []       # for each item of the ordered list: nested items
        self.done = False

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if tag == "h3" and dict(attrs).get("id") == self.heading_id:
            self.started = True
        if not self.started:
            return
        if tag in ("ol", "ul"):
            self.depth += 1
        elif tag == "li" and self.depth == 1:
            self.items.append(0)
        elif tag == "li" and self.depth == 2:
            self.items[-1] += 1

    def handle_endtag(self, tag):
        if self.started and not self.done and tag in ("ol", "ul"):
            self.depth -= 1
            self.done = self.depth == 0


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_recipe_renders_as_three_steps_the_last_listing_the_four_markers(site, lang):
    page = site / ("" if lang == "fr" else "en") / "building" / "index.html"
    heading = {"fr": "mettre-son-jeu-dans-un-chapitre",
               "en": "putting-your-game-into-a-chapter"}[lang]
    parser = _Lists(heading)
    parser.feed(page.read_text(encoding="utf-8"))
    assert parser.items == [0, 0, 4]


def test_what_the_recipe_says_make_serve_does_with_its_four_files():
    """The appendix: a new figure id draws that figure and renders the pages that show
    it again; the game's file, an example, rebuilds both languages in full."""
    from coursebuild.commands.serve import plan

    step = plan({"src/coursebuild/course/pages/plays.py", "docs/figures/mygame.svg",
                 "docs/figures/mygame.pdf", "docs/figures/manifest.json"}, {"mygame"})
    assert not step.full
    assert plan({"docs/examples/mygame.yaml"}, set()).full
    for lang in ("fr", "en"):
        text = (ROOT / "docs" / lang / "building.md").read_text(encoding="utf-8")
        assert "docs/examples/" in text and ("quatre fichiers" if lang == "fr"
                                             else "four files") in text
