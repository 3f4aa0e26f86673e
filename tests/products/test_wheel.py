"""The package as a user gets it: the wheel the site and the zip offer (the same bytes),
installed in a fresh virtual environment outside the repository, first with no extra, then
with ``[figures]`` by the very command the zip's notebook pages give.

The README's Python example runs and prints what its comments say; every command line the
README shows runs; ``arena render`` needs the ``[figures]`` extra and says so in one line
without it, with a command that installs it from where the wheel came. The wheel holds the
library alone (the course build stays in the repository).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest

import arena

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(language: str, containing: str = "") -> str:
    for body in re.findall(rf"```{language}\n(.*?)```", README, flags=re.S):
        if containing in body:
            return body
    raise AssertionError(f"the README has no {language} block with {containing!r}")


@pytest.fixture(scope="module")
def unzipped(site, tmp_path_factory) -> Path:
    """The zip handed out, unzipped: the folder that holds ``arena-site``."""
    folder = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(ROOT / "build" / "arena-site.zip") as archive:
        archive.extractall(folder)
    return folder


@pytest.fixture(scope="module")
def wheel(site, unzipped) -> Path:
    """The wheel on the site, which the zip carries too, byte for byte."""
    from coursebuild.products import release

    name = release.wheel_name()
    path = site / "downloads" / name
    assert path.read_bytes() == (unzipped / "arena-site" / "downloads" / name).read_bytes()
    assert name == f"arena_reachability-{arena.__version__}-py3-none-any.whl"
    return path


def test_each_notebook_says_how_to_install_from_where_it_is_read(site, unzipped):
    """The notebook's install cell and its page's "Download" section: the wheel's address
    on a site that has one, the wheel saved beside the notebook on one that has none, the
    wheel's path in the zip."""
    import json

    from coursebuild.products import release

    name = release.wheel_name()
    for lang, root in (("fr", ""), ("en", "en/")):
        for folder, where in ((site / root, "site"), (unzipped / "arena-site" / root, "zip")):
            notebook = folder / "notebooks" / ("01-modelling.ipynb" if where == "zip" else
                                              "01-modelling/01-modelling.ipynb")
            cell = json.loads(notebook.read_text(encoding="utf-8"))["cells"][1]
            command = release.install_command(where)
            assert f"`{command}`" in "".join(cell["source"]), (lang, where)
            page = (notebook.with_suffix(".html") if where == "zip" else
                    notebook.parent / "index.html").read_text(encoding="utf-8")
            assert html.escape(command) in page and f'{name}" download>' in page
    assert release.install_command("zip") == \
        f'pip install "arena-site/downloads/{name}[figures]"'


def _environment(tmp: Path, requirement: str) -> Path:
    """A fresh virtual environment under ``tmp`` with ``requirement`` installed; returns
    its bin folder. Nothing of the checkout is on its path."""
    venv.create(tmp / "env", with_pip=True)
    bin_dir = tmp / "env" / "bin"
    # (--no-compile: the modules' bytecode, thrown away with the environment, was half
    # the install's CPU time; the runs compile what they import, once: _run)
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-compile",
                    requirement], check=True, capture_output=True, text=True, cwd=tmp)
    return bin_dir


def _run(args: list[str] | str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    """``args`` run with nothing of the checkout on the path. Its Pythons keep the bytecode
    they compile, in the environment thrown away after the tests, whatever this machine's
    PYTHONDONTWRITEBYTECODE says: each notebook's kernel would compile numpy, IPython and
    the library again (about 1.5 CPU-s each; issue 50)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE")}
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
    """The README's Python example, saved as a file and run as the README says, prints
    what the README shows after it, line for line, in the environment of the wheel alone
    (a script of bare expressions showed nothing; issue 61 §15)."""
    bin_dir, tmp = plain
    example = _block("python", "from arena import")
    shown = re.search(r"```python\n" + re.escape(example) + r"```\n\n(.*?)\n\n```text\n(.*?)```",
                      README, flags=re.S)
    assert shown, "the README shows what its Python example prints, in a text block after it"
    command = re.search(r"`(python3 (\w+\.py))`", shown.group(1))
    assert command, shown.group(1)
    (tmp / command.group(2)).write_text(example, encoding="utf-8")
    done = _run(command.group(1).replace("python3", str(bin_dir / "python3"), 1).split(),
                cwd=tmp)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout == shown.group(2)
    assert len(done.stdout.splitlines()) >= 2
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


def test_render_without_the_figures_extra_says_what_to_install(plain, wheel):
    """The command names the wheel this environment came from: the package's name alone
    is not on the package index yet."""
    bin_dir, tmp = plain
    done = _run([str(bin_dir / "arena"), "render", "nim", "-o", "nim.svg"], cwd=tmp)
    assert done.returncode == 2 and not (tmp / "nim.svg").exists()
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f'pip install "{wheel}[figures]"' in done.stderr
    # importing the drawing module, or showing an arena in Jupyter: one message too
    code = ("from arena.games import nim\ng = nim(3, [1])\nassert g._repr_svg_() is None\n"
            "import arena.render")
    done = _run([str(bin_dir / "python"), "-c", code], cwd=tmp)
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
        "ModuleNotFoundError: arena.render draws with Graphviz, which the package installs "
        f'with its figures extra: pip install "{wheel}[figures]" (graphviz is missing)')
    assert done.stdout.startswith("(Not drawn: arena.render draws with Graphviz")


@pytest.fixture(scope="module")
def figures(wheel, unzipped) -> Path:
    """A fresh environment where the zip's command installed the package with its
    [figures] extra, run from the unzipped folder: its bin folder."""
    from coursebuild.products import release

    venv.create(unzipped / "env", with_pip=True)
    bin_dir = unzipped / "env" / "bin"
    command = release.install_command("zip")
    done = _run(command.replace("pip ", f"{bin_dir / 'python'} -m pip ", 1) + " -q",
                cwd=unzipped, shell=True, executable="/bin/bash")
    assert done.returncode == 0, done.stderr[-2000:]
    return bin_dir


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


def _jupyter(bin_dir: Path) -> None:
    """Jupyter, which runs the notebooks (the tests' tool, not what they test), installed in
    the environment ``bin_dir``: without compiling its thousands of modules to bytecode,
    most of the install's time (a run compiles the few it imports)."""
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-compile",
                    "nbconvert", "ipykernel"], check=True, capture_output=True, text=True)


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
    _jupyter(bin_dir)
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


def test_without_graphviz_a_figure_cell_says_what_to_install(plain, wheel):
    bin_dir, tmp = plain
    _jupyter(bin_dir)
    copies = []
    for lang in ("fr", "en"):
        copy = tmp / f"modelling-{lang}.ipynb"
        copy.write_bytes((ROOT / "docs" / lang / "notebooks" / "01-modelling.ipynb").read_bytes())
        copies.append(copy)
    code, errors, printed = _nbconvert(bin_dir, copies, tmp)
    assert code == 0, errors[-2000:]
    for words, text in zip(("Figure non dessinée", "Figure not drawn"), printed):
        assert words in text and f'pip install "{wheel}[figures]"' in text
