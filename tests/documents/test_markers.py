"""Markers are checked when the site is built: a wrong argument, an unknown id (with the
nearest valid one) or a translation whose markers differ stops the build, naming the page
and the line (they used to fail in the browser, or pass silently)."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from coursebuild import hook
from coursebuild.documents.markers import check


@pytest.fixture(autouse=True)
def manifest(site):
    """The figure catalogue the hook reads (written by the figure build)."""
    from types import SimpleNamespace

    hook.on_config(SimpleNamespace(extra={}, theme={"language": "fr"}, site_url=None))


@pytest.mark.parametrize(("text", "words"), [
    ("intro\n\n<!-- stepper: FIGURE 2 -->\n", ["docs/fr/x.md, line 3", "unknown figure id"]),
    ("<!-- figure: nim-strateg -->\n", ["line 1", "did you mean 'nim-strategy'?"]),
    ("<!-- stepper: nim-graph-a 2 -->\n", ["the player is 0 or 1, not '2'"]),
    ("<!-- stepper: ourson-board -->\n", ["is not an interactive figure"]),
    ("<!-- figure: nim-play nim-strategy -->\n", ["figure takes 1 argument"]),
    ("<!-- game: ourson-states ourson-bord -->\n", ["unknown board figure", "'ourson-board'"]),
    ("<!-- exercise: grundi -->\n", ["unknown exercise", "'grundy'"]),
    ("<!-- Figure: nim-play -->\n", ["written in lower case"]),
])
def test_a_wrong_marker_stops_the_build_with_the_page_and_the_line(text, words):
    with pytest.raises(PluginError) as info:
        check.check_markers(text, "docs/fr/x.md")
    for w in words:
        assert w in str(info.value)


def test_a_marker_shown_as_code_is_not_a_marker():
    check.check_markers("write `<!-- figure: ID -->` in the page\n\n```\n<!-- game: X -->\n```\n",
                       "docs/fr/x.md")


def test_both_languages_carry_the_same_markers_in_the_same_order(tmp_path):
    other = tmp_path / "x.md"
    other.write_text("<!-- figure: nim-play -->\n\n<!-- stepper: nim-graph-a 0 -->\n")
    check.check_markers("<!-- figure: nim-play -->\n<!-- stepper: nim-graph-a 0 -->\n",
                       "docs/fr/x.md", other)
    with pytest.raises(PluginError) as info:
        check.check_markers("<!-- figure: nim-play -->\n", "docs/fr/x.md", other)
    assert "docs/fr/x.md, line end" in str(info.value) and "(line 3)" in str(info.value)
    with pytest.raises(PluginError) as info:
        check.check_markers("<!-- stepper: nim-graph-a 0 -->\n<!-- figure: nim-play -->\n",
                           "docs/fr/x.md", other)
    assert "line 1" in str(info.value) and "same order" in str(info.value)
