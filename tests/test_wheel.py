"""The package as a user gets it: the wheel built from this checkout, installed in a fresh
virtual environment outside the repository, first with no extra, then with ``[figures]``.

The README's Python example runs and prints what its comments say; every command line the
README shows runs; ``arena render`` needs the ``[figures]`` extra and says so in one line
without it. The wheel holds the library alone (the course build stays in the repository).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import arena

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(language: str, containing: str = "") -> str:
    for body in re.findall(rf"```{language}\n(.*?)```", README, flags=re.S):
        if containing in body:
            return body
    raise AssertionError(f"the README has no {language} block with {containing!r}")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
                    str(ROOT)], check=True, capture_output=True, text=True)
    (path,) = out.glob("arena_reachability-*.whl")
    return path


def _environment(tmp: Path, requirement: str) -> Path:
    """A fresh virtual environment under ``tmp`` with ``requirement`` installed; returns
    its bin folder. Nothing of the checkout is on its path."""
    venv.create(tmp / "env", with_pip=True)
    bin_dir = tmp / "env" / "bin"
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", requirement],
                   check=True, capture_output=True, text=True, cwd=tmp)
    return bin_dir


def _run(args: list[str] | str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, **kw)


def test_the_wheel_holds_the_library_alone(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.startswith("arena_reachability-")}
    assert tops == {"arena"}
    assert "arena/py.typed" in names and "arena/cli.py" in names


@pytest.fixture(scope="module")
def plain(wheel, tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("plain")
    return _environment(tmp, str(wheel)), tmp


def test_readme_python_example_without_extras(plain):
    bin_dir, tmp = plain
    lines = _block("python", "from arena import").splitlines()
    script = ["import sys"]
    for line in lines:
        code, _, comment = line.partition("#")
        expected = comment.strip()
        if expected.startswith("(") and code.strip():
            script.append(f"assert repr(({code.strip()})) == {expected!r}, repr(({code.strip()}))")
        else:
            script.append(line)
    done = _run([str(bin_dir / "python"), "-c", "\n".join(script)], cwd=tmp)
    assert done.returncode == 0, done.stderr
    # the course build is not installed with the library
    missing = _run([str(bin_dir / "python"), "-c", "import coursebuild"], cwd=tmp)
    assert missing.returncode == 1 and "No module named 'coursebuild'" in missing.stderr


def test_readme_command_lines_without_extras(plain):
    bin_dir, tmp = plain
    (tmp / "game.yaml").write_text(_block("yaml", "edges:"), encoding="utf-8")
    commands = [line.split("#")[0].strip() for line in _block("sh", "arena solve").splitlines()
                if ".venv/bin/arena" in line]
    assert len(commands) >= 4
    for command in commands:
        done = _run(command.replace(".venv/bin/arena", str(bin_dir / "arena")), cwd=tmp,
                    shell=True, executable="/bin/bash")
        assert done.returncode == 0, (command, done.stderr)
        assert done.stdout.strip(), command
        if command.endswith("--version"):
            assert done.stdout == f"arena {arena.__version__}\n"
        if "--json" in command:
            assert '"winner"' in done.stdout


def test_render_without_the_figures_extra_says_what_to_install(plain):
    bin_dir, tmp = plain
    done = _run([str(bin_dir / "arena"), "render", "nim", "-o", "nim.svg"], cwd=tmp)
    assert done.returncode == 2 and not (tmp / "nim.svg").exists()
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert 'pip install "arena-reachability[figures]"' in done.stderr


@pytest.fixture(scope="module")
def figures(wheel, tmp_path_factory) -> Path:
    """A fresh environment with the package and its [figures] extra: its bin folder."""
    return _environment(tmp_path_factory.mktemp("figures"), f"{wheel}[figures]")


def test_render_with_the_figures_extra(figures, tmp_path):
    bin_dir = figures
    (tmp_path / "game.yaml").write_text(_block("yaml", "edges:"), encoding="utf-8")
    for out in ("game.svg", "game.pdf"):
        done = _run([str(bin_dir / "arena"), "render", "game.yaml", "--show", "winners",
                     "-o", out], cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    svg = (tmp_path / "game.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and 'id="v-a"' in svg
    assert (tmp_path / "game.pdf").read_bytes().startswith(b"%PDF")


def _nbconvert(bin_dir: Path, notebooks: list[Path], cwd: Path) -> tuple[int, str, list[str]]:
    """``notebooks`` executed by ``jupyter nbconvert --execute`` as a student would run
    them (one command for all): its return code, its error output, and for each notebook
    the text its code cells printed."""
    import json

    done = _run([str(bin_dir / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                 "--output-dir", str(cwd / "run"), *map(str, notebooks)], cwd=cwd)
    if done.returncode:
        return done.returncode, done.stderr, []
    printed = []
    for notebook in notebooks:
        nb = json.loads((cwd / "run" / notebook.name).read_text(encoding="utf-8"))
        printed.append("\n".join("".join(o.get("text", "")) for c in nb["cells"]
                                 if c["cell_type"] == "code" for o in c.get("outputs", [])
                                 if o.get("output_type") == "stream"))
    return 0, done.stderr, printed


NOTEBOOKS = sorted((ROOT / "docs").glob("*/notebooks/*.ipynb"))


def test_every_downloaded_notebook_runs_after_one_pip_install(figures, tmp_path):
    """Each notebook a student downloads runs in a fresh environment holding the package
    with its [figures] extra (and Jupyter to run it), from a folder outside the course:
    each notebook in one language, in turn (both languages' code is the same source)."""
    assert len(NOTEBOOKS) == 16
    stems = sorted({n.stem for n in NOTEBOOKS})
    turn = {stem: ("fr", "en")[k % 2] for k, stem in enumerate(stems)}
    chosen = [n for n in NOTEBOOKS if n.parent.parent.name == turn[n.stem]]
    assert len(chosen) == 8 and {n.parent.parent.name for n in chosen} == {"fr", "en"}
    bin_dir = figures
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "nbconvert",
                    "ipykernel"], check=True, capture_output=True, text=True)
    work = tmp_path / "student"
    work.mkdir()
    copies = []
    for notebook in chosen:
        copy = work / f"{notebook.parent.parent.name}-{notebook.name}"
        copy.write_bytes(notebook.read_bytes())
        copies.append(copy)
    code, errors, printed = _nbconvert(bin_dir, copies, work)
    assert code == 0, errors[-2000:]
    for notebook, text in zip(chosen, printed, strict=True):
        assert "Figure" not in text, notebook      # every figure was drawn


def test_without_graphviz_a_figure_cell_says_what_to_install(plain):
    bin_dir, tmp = plain
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "nbconvert",
                    "ipykernel"], check=True, capture_output=True, text=True)
    copies = []
    for lang in ("fr", "en"):
        copy = tmp / f"modelling-{lang}.ipynb"
        copy.write_bytes((ROOT / "docs" / lang / "notebooks" / "01-modelling.ipynb").read_bytes())
        copies.append(copy)
    code, errors, printed = _nbconvert(bin_dir, copies, tmp)
    assert code == 0, errors[-2000:]
    for words, text in zip(("Figure non dessinée", "Figure not drawn"), printed):
        assert words in text and 'pip install "arena-reachability[figures]"' in text
