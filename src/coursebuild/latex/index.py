"""The index: the terms the chapters define, each at the page of its definition."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.latex.converter import Converter


def defined_here(conv: Converter, e: Tag, inner: str) -> str:
    """The index entry of a term set in bold in a definition (``inner`` is its LaTeX),
    or nothing."""
    term = e.get_text(" ", strip=True)
    box = e.find_parent("div", class_="admonition")
    if box is None or "definition" not in box.get("class", []) or \
            e.find_parent("p", class_="admonition-title") is not None or not a_term(term):
        return ""
    return f"\\index{{{index_key(term)}@{inner}}}"


def a_term(text: str) -> bool:
    """Bold text in a definition that names a notion (an index entry), not a statement
    set in bold ("x est gagnante pour J_i")."""
    return len(text.split()) <= 4 and not re.match(r"[a-z]\b", text) and "\\(" not in text


def index_key(term: str) -> str:
    """The sort key of an index entry: lower case, accents removed (makeindex sorts
    bytes)."""
    folded = unicodedata.normalize("NFKD", term.lower())
    key = "".join(c for c in folded if c.isalnum() or c in " -")
    return key.replace("@", "").replace("!", "").replace("|", "") or "zz"
