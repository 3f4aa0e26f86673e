"""What the site's hook (:mod:`coursebuild.hook`) and the markers' writers share during one
build: the figures' catalogue (``docs/figures/manifest.json``, read when the build starts),
where the files both languages share are (the English build's ``extra.shared_root``: they
are stored once, by the French build, at the root of the site), and which copy of the site
the build makes (the site or the zip)."""

from __future__ import annotations

import json
import os

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from coursebuild.paths import ROOT

FIGURES = ROOT / "docs" / "figures"

MANIFEST: dict[str, dict] = {}
"""The figures' catalogue by id, as this build read it (:func:`start`)."""

_shared = {"root": ""}      # "../" in the English build: shared assets live in the French one


def start(shared_root: str) -> None:
    """A build starts: the shared files are at ``shared_root`` (from the pages' site's
    root), and the figures' catalogue is read again."""
    _shared["root"] = shared_root
    path = FIGURES / "manifest.json"
    if not path.exists():
        raise PluginError(f"{path} is missing: run `make figures` (or `make site`) first")
    MANIFEST.clear()
    MANIFEST.update({entry["id"]: entry for entry in json.loads(path.read_text("utf-8"))})


def shared_root() -> str:
    """Where the files both languages share are, from the site's root: ``""`` in the French
    build (which stores them), ``"../"`` in the English one."""
    return _shared["root"]


def url(path: str, page_url: str) -> str:
    """The relative URL, from the page at ``page_url``, of a file both languages share
    (stored once, by the French build, at the root of the published site)."""
    return _shared["root"] + get_relative_url(path, page_url)


def where() -> str:
    """Which copy of the site this build makes: ``"zip"`` (the one that opens from a
    folder, ARENA_OFFLINE) or ``"site"``."""
    return "zip" if os.environ.get("ARENA_OFFLINE") == "true" else "site"
