"""The command that adds an extra (``figures``, ``fast``) to this installation of the
library: the package's name where it came from the package index, else the file or
address it was installed from (a wheel from the course's site or zip: the name alone
would not be found), as pip recorded it (``direct_url.json``, PEP 610)."""

from __future__ import annotations

import json
from urllib.parse import unquote, urlsplit

DIST = "arena-reachability"


def pip_command(extra: str) -> str:
    """``pip install "arena-reachability[extra]"``, or the same from the file or address
    this installation came from.

    >>> pip_command("figures").startswith("pip install ")
    True
    """
    source = _installed_from()
    if source is None:
        return f'pip install "{DIST}[{extra}]"'
    if source.endswith(".whl") and "://" not in source:
        return f'pip install "{source}[{extra}]"'
    if source.endswith(".whl"):
        return f'pip install "{DIST}[{extra}] @ {source}"'
    return f'pip install -e "{source}[{extra}]"'            # a checkout (make site's)


def _installed_from() -> str | None:
    """The wheel's path or address, or the folder, this installation came from; ``None``
    when it came from the package index (or pip recorded nothing)."""
    from importlib import metadata

    try:
        text = metadata.distribution(DIST).read_text("direct_url.json")
        url = json.loads(text)["url"] if text else None
    except (metadata.PackageNotFoundError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(url, str):
        return None
    parts = urlsplit(url)
    return unquote(parts.path) if parts.scheme == "file" else url
