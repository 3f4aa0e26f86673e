"""Where the course lives, configured once, by environment variables (the Pages workflow
sets them):

- ``SITE_URL``: the published site (for example ``https://owner.github.io/arena/``). The
  French site lives at that address and the English one under its ``en/``. The sitemaps,
  the canonical links, Material's instant navigation and every address the books print
  come from here (the MkDocs hook sets each site's ``site_url``). Unset, there is no
  address: the sitemaps are empty and the books print none.
- ``REPO_URL``: the course's repository (``https://github.com/owner/arena``), which the
  teachers' guide clones and the books name; unset, they speak of "a clone of the course's
  repository" without an address.
- ``PACKAGE_PUBLISHED``: ``true`` once the library is on the package index (a release
  published it); every install instruction then names the package alone, and before, the
  wheel the site and the zip carry (:mod:`coursebuild.products.release`).

Never a placeholder: where a setting is unset, the pages and books word it without one."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

ENV = "SITE_URL"
REPO_ENV = "REPO_URL"
PUBLISHED_ENV = "PACKAGE_PUBLISHED"
SUBDIR = {"fr": "", "en": "en/"}


def _http(var: str, example: str) -> str:
    """The http(s) address in ``var``, without its trailing ``/``, or ``""``."""
    base = os.environ.get(var, "").strip()
    if not base:
        return ""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SystemExit(f"{var}={base!r}: not an http(s) address such as {example}")
    return base.rstrip("/")


def published(lang: str = "fr") -> str:
    """The language's published address (ending in ``/``), or ``""`` when none is set."""
    base = _http(ENV, "https://owner.github.io/arena/")
    return base + "/" + SUBDIR[lang] if base else ""


def repository() -> str:
    """The course's repository (its address, without a trailing ``/``), or ``""``."""
    return _http(REPO_ENV, "https://github.com/owner/arena")


def package_published() -> bool:
    """Whether the library is on the package index (``PACKAGE_PUBLISHED``: ``true`` or
    ``false``, the default)."""
    value = os.environ.get(PUBLISHED_ENV, "").strip().lower()
    if value not in ("", "true", "false"):
        raise SystemExit(f"{PUBLISHED_ENV}={value!r}: true (the package is on the package "
                         "index) or false")
    return value == "true"
