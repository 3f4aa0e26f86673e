"""The course's languages, in one place: which they are, in which order, and the MkDocs
configuration that builds each one's site. Every writer reads them from here.

The first language is the site's root (``/``), the others are under ``/LANG/``
(``mkdocs.yml`` builds the French site at the root, ``mkdocs.en.yml`` the English one
under ``/en/``)."""

from __future__ import annotations

from coursebuild.paths import ROOT

LANGS = ("fr", "en")
"""The course's languages, the site's root first."""

CONFIGS = {"fr": ROOT / "mkdocs.yml", "en": ROOT / "mkdocs.en.yml"}
"""Each language's MkDocs configuration."""
