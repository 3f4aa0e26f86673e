"""Shared test helpers: random arenas for hypothesis, and the built site."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import strategies as st

from arena import Arena


@st.composite
def arenas(draw, max_vertices: int = 12) -> Arena:
    """Random arenas: any owners, cycles and self-loops, dead ends, non-bipartite edges,
    victory vertices that keep outgoing edges, and integer vertex names."""
    n = draw(st.integers(1, max_vertices))
    owner = draw(st.lists(st.sampled_from([0, 1]), min_size=n, max_size=n))
    victory = draw(st.lists(st.sampled_from([None, None, None, 0, 1]), min_size=n, max_size=n))
    edges = {}
    for x in range(n):
        row = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=min(n, 4)))
        if row:
            edges[x] = row
    start = draw(st.none() | st.integers(0, n - 1))
    return Arena(S0=[x for x in range(n) if owner[x] == 0],
                 S1=[x for x in range(n) if owner[x] == 1], edges=edges,
                 V0=[x for x in range(n) if victory[x] == 0],
                 V1=[x for x in range(n) if victory[x] == 1], start=start)


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site (``make test`` builds it first; built here when it is missing)."""
    site_dir = ROOT / "site"
    if not (site_dir / "index.html").exists() or not (site_dir / "en" / "index.html").exists():
        subprocess.run([sys.executable, "-m", "coursebuild", "site"], cwd=ROOT, check=True)
    return site_dir


@pytest.fixture(scope="session")
def checkout(tmp_path_factory) -> Path:
    """A fresh checkout of the project (its tracked files: no figures, no build product),
    whose `make` targets run its own code with the project's environment
    (project_copy.make), shared by the modules that run the teachers' commands in it
    (make td, labs, summaries, colles, sheets, moodle), one per worker: each command
    writes its own folder of build/ and reads nothing another wrote but what any of
    them would build for itself (the figures, built once by the first command instead
    of once per module: about 8 CPU-s each; issue 65)."""
    from project_copy import with_project_venv

    from coursebuild.paths import copy_project

    copy = copy_project(tmp_path_factory.mktemp("fresh") / "arena")
    with_project_venv(copy)
    assert not (copy / "docs" / "figures").exists() and not (copy / "build").exists()
    return copy


@pytest.fixture(scope="session")
def base_url(site):
    from browsing import served

    with served() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium (browsing.launch), started again for the next test if one makes it
    crash or close (browsing.Browser)."""
    from browsing import Browser
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = Browser(p)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shared_context(browser, request):
    """One browser context for a module's visits whose pages keep nothing from one another
    (each page in a tab of its own: browsing.visits_context), made again if a test closed
    the browser. Call it for the context. Its pages search the real index when the module
    says ``SEARCH_INDEX = True`` (browsing.served)."""
    from browsing import visits_context

    made: list = []
    search = getattr(request.module, "SEARCH_INDEX", False)

    def context():
        if not made or not made[-1].browser.is_connected():
            made.append(visits_context(browser, search=search))
        return made[-1]

    yield context
    for context in made:
        if context.browser.is_connected():
            context.close()


# the modules in which a test failed since their reader last opened a page afresh
_FAILED_IN: set[str] = set()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        _FAILED_IN.add(item.module.__name__)
    return report


@pytest.fixture(scope="module")
def reader(shared_context, browser, base_url, request):
    """``reader(path, fresh=False)``: the page ``path`` as a :class:`browsing.Reading`,
    reached by a link from the page the module last read in that language (Material's
    instant navigation), as a student clicking through the course reaches it; opened
    afresh when ``fresh``, when it is the language's first, the same page again, or after
    a failed test of the module (so that one failure stays one failure). A fresh load costs
    Chromium about 2.7 CPU-s, an instant navigation about 0.9 (issue 50). The widgets,
    steppers and formulas of a page reached so are set up again, as on a fresh load
    (test_interactive's instant navigation test)."""
    from browsing import Reading, Visit, instant_navigation

    module = request.module.__name__
    state: dict = {"context": None, "visits": {}}      # the last page read, by language
    _FAILED_IN.discard(module)

    def close_all() -> None:
        for visit in state["visits"].values():
            if not visit.page.is_closed():
                visit.close()
        state["visits"] = {}

    def read(path: str, fresh: bool) -> Reading:
        context = shared_context()
        if state["context"] is not context:
            instant_navigation(browser, base_url, context)
            state["context"], state["visits"] = context, {}
        if module in _FAILED_IN:
            _FAILED_IN.discard(module)
            close_all()
        url, lang = base_url + path, "en" if path.startswith("en/") else "fr"
        old = state["visits"].get(lang)
        if fresh or old is None or old.page.is_closed() or old.page.url == url:
            if old is not None and not old.page.is_closed():
                old.close()
            visit = Visit(browser, url, context=context)
            state["visits"][lang] = visit
            return Reading(visit)
        old.page.set_viewport_size({"width": 1280, "height": 900})
        reading = Reading.by_link(old, url)
        assert old.page.evaluate("window.__same_document === true"), path    # no reload
        return reading

    def reading(path: str, fresh: bool = False) -> Reading:
        done = read(path, fresh)      # if it fails, its test fails: the next starts afresh
        done.page.evaluate("window.__same_document = true")
        return done

    yield reading
    close_all()


class Pace:
    """How much slower than on a quiet machine this one runs now, for the bounds of the tests
    that measure wall-clock time (a loop stopped within its time limit): a bound that
    matters to users is kept, and measured against the machine's own pace. The pace is the
    wall time a fixed CPU workload takes over the CPU time it took (1 on an idle core, about
    n when n busy processes share it), measured at the session's start and again when a
    bound is taken (the load changes during a session): the larger counts."""

    WORK = 0.05                   # seconds of CPU time per measure

    def __init__(self) -> None:
        self.at_start = self.measure()

    def measure(self) -> float:
        wall, cpu = time.perf_counter(), time.process_time()
        while time.process_time() - cpu < self.WORK:
            sum(range(1000))
        return max(1.0, (time.perf_counter() - wall) / (time.process_time() - cpu))

    def bound(self, seconds: float) -> float:
        """``seconds`` on a quiet machine, as many on this one now."""
        return seconds * max(self.at_start, self.measure())


@pytest.fixture(scope="session")
def pace() -> Pace:
    """The machine's pace (:class:`Pace`), calibrated at the session's start."""
    return Pace()


def pytest_configure(config) -> None:
    """The course's modules are compiled to bytecode once, before the workers start: the
    suite starts hundreds of Pythons (the CLI, the builds, the copies' commands), and on
    a machine that sets PYTHONDONTWRITEBYTECODE, as containers often do, each of them
    would compile every module it imports again (about 0.1 CPU-s for the CLI, 0.4 s for a
    build; issue 50). compileall writes the bytecode whatever that variable says, next
    to the sources (``__pycache__``, ignored by git), and leaves it alone when it is up to
    date. Each copy of the project compiles its own (``project_copy``)."""
    if not hasattr(config, "workerinput"):        # the controller, or a run without -n
        import compileall

        compileall.compile_dir(str(ROOT / "src"), quiet=1)
    # the test modules as pytest rewrites them (its assertions) are kept likewise, in
    # tests/__pycache__: each worker would rewrite them all again (about 2.2 CPU-s each)
    sys.dont_write_bytecode = False


# The modules that cost most (CPU-seconds, measured with ARENA_TEST_CPU: the whole suite
# at 5c22e1c, and the modules written since, one by one at 4873f5b), most first. `make
# test` runs the suite with `--dist loadfile --no-loadscope-reorder`: each module on one
# worker, the workers taking the modules in collection order, so the long ones start
# first and none is left running alone at the end. (Without --no-loadscope-reorder,
# pytest-xdist puts the modules with the most tests first, whatever they cost: a module
# of three long tests, the release's or the hostile site's, started last and ended the
# run on one worker, issue 50; test_hostile_pages, the dearest of all at 126 CPU-s and
# left out of this list, started after 15 minutes and ran alone for the last 7, issue 65;
# then test_touch, at 219 CPU-s the dearest of all, test_slides, 145, and test_phone,
# 43, written after that measure and left out, started among the last, issue 65 again.)
# A module of more than a few CPU-seconds is listed.
LONGEST = ("test_touch", "test_hostile_pages", "test_slides", "test_pyodide",
           "test_browser", "test_make_commands", "test_offline", "test_pyodide_notebooks",
           "test_phone", "test_design", "test_pyodide_checks", "test_practice",
           "test_sheets_real", "test_labs", "test_bank", "test_edited_copy", "test_wheel",
           "test_widgets_play", "test_sheets", "test_check_attacks", "test_release",
           "test_td", "test_book", "test_interactive", "test_traces", "test_summaries",
           "test_build_cache", "test_serve", "test_hostile_round5", "test_hostile_round6",
           "test_colles", "test_exercises", "test_without_numpy", "test_figures",
           "test_games", "test_hostile", "test_maths", "test_figures_faults",
           "test_determinism", "test_glossary", "test_sheet_names", "test_solve",
           "test_counts", "test_board_rules", "test_moodle", "test_exercise_mistakes",
           "test_connect4_plies", "test_book_paper", "test_strategies", "test_rules_hostile")


# `make test-fast` (pytest -m "not slow") leaves out the end-to-end tests, which are
# marked `slow` here by what they do rather than one by one: a test that drives the
# browser (its fixtures), and the modules whose tests build a copy of the project, a wheel
# and its environments, or a class's papers from a fresh checkout (a minute or more each).
# `make test` runs them all.
BROWSER_FIXTURES = frozenset({"browser", "shared_context", "reader"})
END_TO_END = frozenset({"test_release", "test_wheel", "test_edited_copy", "test_sheets_real",
                        "test_slides"})
COPY_FIXTURES = frozenset({"checkout"})


def is_end_to_end(module: str, fixtures) -> bool:
    """Whether a test of ``module`` that uses ``fixtures`` is one of the slow ones."""
    return module in END_TO_END or bool((BROWSER_FIXTURES | COPY_FIXTURES) & set(fixtures))


def pytest_collection_modifyitems(items) -> None:
    rank = {name: k for k, name in enumerate(LONGEST)}

    def order(item) -> int:
        return rank.get(Path(str(item.fspath)).stem, len(LONGEST))

    items.sort(key=order)                     # stable: each module keeps its own order
    for item in items:
        if is_end_to_end(Path(str(item.fspath)).stem, getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


# What each test costs in CPU time, when ARENA_TEST_CPU names a file: one line per test
# (CPU-seconds, the wall clock at its start and at its end, the worker, then the test's
# id). The CPU time is that of the test's process and of every process it started (the
# browser, servers, builds), ended ones included: each pytest process moves into a control
# group of its own (cgroup v1's cpuacct; root only) that counts it. Wall time on a shared
# machine says how busy the machine was; CPU time says what a test costs wherever it runs;
# the clock shows when the workers sat idle (issue 50).
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def _cpu_group() -> Path:
    import os

    group = CPUACCT / f"arena-tests-{os.getpid()}"
    group.mkdir(exist_ok=True)
    (group / "cgroup.procs").write_text(str(os.getpid()))
    return group


def pytest_unconfigure(config) -> None:
    """The process leaves its control group, which is then removed (none is left behind)."""
    group = getattr(config, "_arena_cpu_group", None)
    if group is not None:
        import contextlib
        import os

        (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
        with contextlib.suppress(OSError):      # a process it started is still running
            group.rmdir()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    import os

    report = os.environ.get("ARENA_TEST_CPU")
    if not report:
        return (yield)
    config = item.config
    if not hasattr(config, "_arena_cpu_group"):
        config._arena_cpu_group = _cpu_group()
    usage = config._arena_cpu_group / "cpuacct.usage"
    start, began = int(usage.read_text()), time.time()
    try:
        return (yield)
    finally:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(report, "a", encoding="utf-8") as f:
            f.write(f"{(int(usage.read_text()) - start) / 1e9:.2f} {began:.1f} "
                    f"{time.time():.1f} {worker} {item.nodeid}\n")
