"""Markdown writing for the fragments: the registry and the formatting helpers."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from arena.arena import vertex_id

Bilingual = dict[str, str]


FRAGMENTS: dict[str, Callable[[], Bilingual]] = {}


def fragment(fn: Callable[[], Bilingual] | None = None, *, name: str | None = None):
    """Register a fragment under ``name``, by default its function's name with dashes
    (``@fragment`` or ``@fragment(name="nim-play")``)."""
    def register(fn: Callable[[], Bilingual]) -> Callable[[], Bilingual]:
        FRAGMENTS[name or fn.__name__.replace("_", "-")] = fn
        return fn

    return register if fn is None else register(fn)


def both(fr: str, en: str) -> Bilingual:
    return {"fr": fr, "en": en}


def table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str = "") -> str:
    """A Markdown table; ``align`` has one letter per column (l or r, default l)."""
    marks = ["---:" if (align[i:i + 1] == "r") else "---" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def num(n: int, lang: str) -> str:
    """A whole number with the thousands separator of the language."""
    return f"{n:,}".replace(",", "\u202f" if lang == "fr" else ",")


def dec(x: float, lang: str, digits: int = 2) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def who(player: int | None, lang: str) -> str:
    if player is None:
        return "nul" if lang == "fr" else "draw"
    return f"$J_{player}$"


def code(text: str) -> str:
    """``text`` as a Markdown code span, whatever it holds: the fence is longer than any
    run of backticks inside (markup shows as written). A ``|`` stays as it is: the
    tables extension does not split a cell at a ``|`` inside a code span, and a code
    span shows a backslash before it as a backslash (``\\|`` showed ``\\|``)."""
    run = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (run + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# what Markdown (and the maths extension) would read as syntax in text from a file
_MARKDOWN_SPECIALS = re.compile(r"[\\`*_{}\[\]()#+\-!|~$<>&:'\"]")


def text(words: str) -> str:
    """``words`` for a Markdown page (a table cell, a caption), shown as written: every
    character Markdown, the maths extension or HTML would read as syntax becomes a
    character reference. Captions name vertices, and vertex names come from files.

    >>> text("[k](javascript:x) `g` $x$ <i>")
    '&#91;k&#93;&#40;javascript&#58;x&#41; &#96;g&#96; &#36;x&#36; &#60;i&#62;'
    """
    return _MARKDOWN_SPECIALS.sub(lambda m: f"&#{ord(m.group())};", words)


def fence(text: str, info: str = "") -> str:
    """``text`` as a fenced code block whose fence no line of ``text`` can close."""
    run = max((len(m) for m in re.findall(r"`+", text)), default=0)
    marks = "`" * max(3, run + 1)
    return f"{marks}{info}\n{text}\n{marks}\n"


def pos(v) -> str:
    return f"$({v[0]}, {v[1]})$" if isinstance(v, tuple) else code(vertex_id(v))
