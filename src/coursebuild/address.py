"""The site's published address, configured once: the environment variable SITE_URL (for
example ``https://owner.github.io/arena/``; the Pages workflow sets it).

The French site lives at that address and the English one under its ``en/``. The sitemaps,
the canonical links, Material's instant navigation and every address the books print come
from here (the MkDocs hook sets each site's ``site_url``). Unset, there is no address: the
sitemaps are empty and the books print none."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

ENV = "SITE_URL"
SUBDIR = {"fr": "", "en": "en/"}


def published(lang: str = "fr") -> str:
    """The language's published address (ending in ``/``), or ``""`` when none is set."""
    base = os.environ.get(ENV, "").strip()
    if not base:
        return ""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SystemExit(f"{ENV}={base!r}: not an http(s) address such as "
                         "https://owner.github.io/arena/")
    return base.rstrip("/") + "/" + SUBDIR[lang]
