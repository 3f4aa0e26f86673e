"""The library as the course hands it out: its wheel, on the site and in the zip, and the
command that installs it from where the reader stands.

The wheel is built from the library's files (``src/arena``, ``pyproject.toml``,
``README.md``, ``LICENSE``), copied into a temporary folder, by ``pip wheel`` with
``SOURCE_DATE_EPOCH`` set: the same sources give the same bytes. It is cached in
``build/wheel/`` on those files. The hook puts it at ``downloads/<wheel>`` in the site,
which the zip copies.

The command (:func:`install_command`) depends on where it is read
(:data:`coursebuild.sources.address`'s settings):

- once the package is published (``PACKAGE_PUBLISHED=true``): its name alone;
- on the site with its address (``SITE_URL``): the wheel's address there;
- on a site without an address (a local build): the wheel saved beside the notebook;
- in the zip: the wheel's path in the unzipped folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from arena import __version__
from coursebuild.paths import ROOT
from coursebuild.sources import address

DIST = "arena-reachability"
WHEEL_DIR = ROOT / "build" / "wheel"
DOWNLOADS = "downloads"
"""The folder of the site (and of the zip's ``arena-site/``) that holds the wheel."""
INPUTS = ("src/arena", "pyproject.toml", "README.md", "LICENSE")
"""What the wheel is built from (and what its cache key covers)."""
WHERE = ("site", "zip")


def wheel_name() -> str:
    """The wheel's file name: ``arena_reachability-0.2.0-py3-none-any.whl``."""
    return f"{DIST.replace('-', '_')}-{__version__}-py3-none-any.whl"


def wheel_path() -> Path:
    return WHEEL_DIR / wheel_name()


def _sources(names: tuple[str, ...]) -> list[str]:
    """The files of ``names`` (Python's caches left out), relative to the project."""
    found = []
    for name in names:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        found += [p.relative_to(ROOT).as_posix() for p in paths
                  if "__pycache__" not in p.parts and p.suffix != ".pyc"]
    return found


def _epoch() -> str:
    """The wheel's timestamps: SOURCE_DATE_EPOCH, as the site's builds set it."""
    return os.environ.get("SOURCE_DATE_EPOCH") or "1700000000"


def build() -> Path:
    """The wheel, built again only when one of its inputs changed."""
    from coursebuild.course.keys import cached_step, inputs_digest

    target = wheel_path()

    def run() -> None:
        print(f"wheel: building {target.name}", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "source")
            for name in _sources(INPUTS):
                (source / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(ROOT / name, source / name)
            env = dict(os.environ, SOURCE_DATE_EPOCH=_epoch())
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                                   "-w", str(Path(tmp, "out")), str(source)], env=env,
                                  capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"wheel: pip could not build {target.name}:\n"
                                 f"{done.stderr[-2000:]}")
            built = Path(tmp, "out", target.name)
            WHEEL_DIR.mkdir(parents=True, exist_ok=True)
            for stale in WHEEL_DIR.glob("*.whl"):
                stale.unlink()
            from arena._files import write_atomic

            write_atomic(target, built.read_bytes())

    key = inputs_digest(INPUTS) + f" SOURCE_DATE_EPOCH={_epoch()}"
    cached_step("wheel", key, [target], run)
    return target


def install_command(where: str) -> str:
    """The command that installs the library with its figures, read ``where`` (``"site"``
    or ``"zip"``), as a shell line."""
    if where not in WHERE:
        raise ValueError(f"where is one of {', '.join(WHERE)}, not {where!r}")
    if address.package_published():
        return f'pip install "{DIST}[figures]"'
    if where == "zip":
        return f'pip install "arena-site/{DOWNLOADS}/{wheel_name()}[figures]"'
    site = address.published("fr")
    if site:
        return f'pip install "{DIST}[figures] @ {site}{DOWNLOADS}/{wheel_name()}"'
    return f'pip install "./{wheel_name()}[figures]"'


INSTALL = {
    "fr": {
        "published": "Pour exécuter ce carnet sur votre ordinateur, une seule installation "
                     "suffit : `{command}`",
        "site": "Pour exécuter ce carnet sur votre ordinateur, une seule installation "
                "suffit : `{command}`",
        "beside": "Pour exécuter ce carnet sur votre ordinateur, enregistrez à côté de lui "
                  "la bibliothèque, `{wheel}` (section « Télécharger » de la page du "
                  "carnet), puis, dans ce dossier : `{command}`",
        "zip": "Pour exécuter ce carnet sur votre ordinateur, depuis le dossier où vous "
               "avez décompressé le cours (celui qui contient `arena-site`) : `{command}`",
        "tail": " (sans `[figures]`, tout s'exécute mais les figures ne sont pas "
                "dessinées), puis ouvrez-le dans Jupyter.",
    },
    "en": {
        "published": "To run this notebook on your computer, one installation is enough: "
                     "`{command}`",
        "site": "To run this notebook on your computer, one installation is enough: "
                "`{command}`",
        "beside": "To run this notebook on your computer, save the library, `{wheel}` "
                  "(\"Download\" section of the notebook's page), beside it, then, in that "
                  "folder: `{command}`",
        "zip": "To run this notebook on your computer, from the folder where you unzipped "
               "the course (the one that holds `arena-site`): `{command}`",
        "tail": " (without `[figures]`, everything runs but the figures are not drawn), "
                "then open it in Jupyter.",
    },
}
"""What a notebook's second cell says, under its title, by where it is read."""


def install_text(lang: str, where: str) -> str:
    """The notebook's install cell (Markdown) in ``lang``, read ``where``."""
    command = install_command(where)
    if address.package_published():
        kind = "published"
    elif where == "zip":
        kind = "zip"
    else:
        kind = "site" if address.published("fr") else "beside"
    words = INSTALL[lang]
    return words[kind].format(command=command, wheel=wheel_name()) + words["tail"]
