"""The benchmarks' sections on the course's build: the figures and the site warm
(``build``) and cold (``cold``)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from bench_common import ROOT, spread


def _run_seconds(command: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def build_rows() -> list[dict]:
    """The figures cold (into an empty folder) then warm, and the site warm (nothing
    changed: after one untimed run): ``make site``, ``python -m coursebuild site``, and
    the same without the books and the copy for folders; best of 3."""
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        figures = [sys.executable, "-m", "coursebuild", "figures", "--out", tmp]
        rows.append({"step": "figures", "cold": _run_seconds(figures),
                     "warm": min(_run_seconds(figures) for _ in range(3))})
    site = [sys.executable, "-m", "coursebuild", "site"]
    for label, command in (("make site", ["make", "site"]), ("site", site),
                           ("site --no-book --no-zip", [*site, "--no-book", "--no-zip"])):
        _run_seconds(command)
        rows.append({"step": label, "cold": None,
                     "warm": min(_run_seconds(command) for _ in range(3))})
    for r in rows:
        print(build_line(r), file=sys.stderr)
    return rows


# the build's progress lines that start each step of a cold `coursebuild site` (the
# figures, sheets, fragments and notebooks overlap: LaTeX runs beside the other two)
COLD_STEPS = (("figures, exercise sheets, fragments, notebooks", "figures:"),
              ("both sites (mkdocs)", "site: building"),
              ("the four books (LaTeX)", "site: the books"),
              ("the zip's copy", "site: the copy"), ("", "site: done"))


def _cold_products(copy: Path) -> None:
    """Remove what a site build made in ``copy`` (everything git ignores there but the
    environment, npm's packages and the editor bundle)."""
    import shutil

    for name in ("site", "docs/figures", "docs/generated", "site.new"):
        shutil.rmtree(copy / name, ignore_errors=True)
    for path in (copy / "build").iterdir():
        if path.name != "js":
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for notebook in copy.glob("docs/*/notebooks/*.ipynb"):
        notebook.unlink()


def cold_site_rows(runs: int = 2) -> list[dict]:
    """A newcomer's cold ``make site``, in a copy of the project's tracked files: the set-up
    first, timed apart (the virtual environment with the ``docs`` extra, as the Makefile
    makes it: no numba), then ``runs`` cold builds with that environment (no figure,
    sheet, fragment, notebook, page or book: each run starts from none), timed step by
    step from the build's own progress lines. npm's packages and the editor bundle are
    this checkout's. No quick benchmark of this machine is copied in: the teachers' page
    shows the recorded one (docs/data/bench-quick.json), as on a newcomer's machine."""
    import shutil
    import tempfile

    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        from coursebuild.paths import copy_project

        copy = copy_project(Path(tmp) / "arena")
        (copy / "node_modules").symlink_to(ROOT / "node_modules")
        (copy / "build" / "js").mkdir(parents=True)
        shutil.copy2(ROOT / "build" / "js" / "editor.js", copy / "build" / "js")
        t0 = time.perf_counter()
        subprocess.run(["make", "-s", ".venv/.docs-installed", "PYTHON=python3"], cwd=copy,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        python = str(copy / ".venv" / "bin" / "python")
        numba = subprocess.run([python, "-c", "import importlib.util as u; "
                                "print(u.find_spec('numba') is not None)"], check=True,
                               capture_output=True, text=True).stdout.strip() == "True"
        rows.append({"step": "set-up: the virtual environment (pip, the docs extra)",
                     "seconds": [time.perf_counter() - t0], "numba": numba})
        steps: dict[str, list[float]] = {}
        for _ in range(runs):
            _cold_products(copy)
            for step, seconds in _cold_build(copy, python).items():
                steps.setdefault(step, []).append(seconds)
            print(f"  cold build: {steps[COLD_TOTAL][-1]:.1f} s", file=sys.stderr, flush=True)
    rows += [{"step": step, "seconds": seconds} for step, seconds in steps.items()]
    return rows


COLD_TOTAL = "cold `coursebuild site`, in all"


def _cold_build(copy: Path, python: str) -> dict[str, float]:
    """One cold ``python -m coursebuild site`` in ``copy``: wall seconds of each step."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "coursebuild", "site"], cwd=copy,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    starts: dict[str, float] = {}
    for line in proc.stderr:  # type: ignore[union-attr]
        for step, prefix in COLD_STEPS:
            if line.startswith(prefix) and step not in starts:
                starts[step] = time.perf_counter() - t0
                break
    if proc.wait():
        raise SystemExit("bench: the cold site build failed")
    total = time.perf_counter() - t0
    order = [step for step, _ in COLD_STEPS if step in starts]
    out = {}
    for step, after in zip(order, order[1:] + [None]):
        if step:
            out[step] = (starts[after] if after is not None else total) - starts[step]
    out[COLD_TOTAL] = total
    return out


def cold_table(rows: list[dict]) -> list[str]:
    setup = rows[0] if rows and "numba" in rows[0] else None
    runs = max(len(r["seconds"]) for r in rows) if rows else 0
    return ["### A newcomer's cold `make site`, step by step (wall seconds)", "",
            f"The environment that `make site` makes (the `docs` extra: numba "
            f"{'installed' if setup and setup['numba'] else 'not installed'}), set up once, "
            f"then {runs} cold builds: median (min-max).", "",
            "| step | seconds |", "|---|---:|",
            *(f"| {r['step']} | {spread(r['seconds'], 1)} |" for r in rows)]


def build_line(r: dict) -> str:
    cold = "–" if r["cold"] is None else f"{r['cold']:.1f}"
    return f"| {r['step']} | {cold} | {r['warm']:.2f} |"


def build_table(rows: list[dict]) -> list[str]:
    return ["### Build: cold (no cache) and warm (nothing changed), seconds", "",
            "| build | cold (s) | warm (s) |", "|---|---:|---:|",
            *(build_line(r) for r in rows)]
