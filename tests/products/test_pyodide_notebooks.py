"""The notebooks run in the browser (issue 27): each as it ran in the build, and an edit
kept over a reload."""

from __future__ import annotations

import pytest
from browsing import CHROMIUM, NO_CHROMIUM

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_notebook_runs_in_the_browser_as_it_ran_in_the_build(browser, base_url, lang):
    from test_notebooks_run import check_every_notebook

    check_every_notebook(browser, base_url, lang)


def test_an_edit_to_a_notebook_survives_a_reload_and_reset_gives_the_original(browser,
                                                                              base_url):
    from test_notebooks_run import check_edit_reload_reset

    check_edit_reload_reset(browser, base_url)
