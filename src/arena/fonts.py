"""The figures' font: Source Sans Pro, pinned (its metrics decide the layout), shown to
Graphviz through fontconfig, measured for the labels' widths, and embedded in each SVG as a
subset of the characters it draws (so the text renders as laid out anywhere)."""

from __future__ import annotations

import html
import os
import re
from functools import cache, lru_cache
from pathlib import Path

from arena._files import write_atomic

FONT = "Source Sans Pro"
"""The font of every figure: the pinned package ``font-source-sans-pro`` (see
:func:`font_files`), the same on every machine."""
FONT_FILES = {400: "SourceSansPro-Regular.ttf", 700: "SourceSansPro-Bold.ttf"}
"""The files of :data:`FONT` by weight (in :func:`font_files`), embedded in SVGs."""
def font_files() -> Path:
    """The folder of the pinned font's files (also served by the site)."""
    import font_source_sans_pro

    return Path(font_source_sans_pro.__file__).parent / "files"


_font_ready: list[str] = []
"""The configuration this process pointed fontconfig at (set once, by the first layout)."""


def use_pinned_font() -> None:
    """Make fontconfig see the pinned font and nothing else (before the first layout)."""
    if _font_ready and os.environ.get("FONTCONFIG_FILE") == _font_ready[0]:
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "arena-fontconfig"
    cache.mkdir(parents=True, exist_ok=True)
    conf = cache / "fonts.conf"
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"  <dir>{html.escape(str(font_files()))}</dir>\n"
            f"  <cachedir>{html.escape(str(cache / 'cache'))}</cachedir>\n</fontconfig>\n")
    if not conf.exists() or conf.read_text() != text:
        write_atomic(conf, text)        # parallel figure builds may read it meanwhile
    os.environ["FONTCONFIG_FILE"] = str(conf)
    _font_ready[:] = [str(conf)]


@lru_cache(maxsize=4)
def _advances(weight: int) -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont

    font = TTFont(font_files() / FONT_FILES[weight], lazy=True)
    metrics = font["hmtx"].metrics
    return ({code: metrics[name][0] for code, name in font.getBestCmap().items()},
            font["head"].unitsPerEm)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in points of ``text`` set in :data:`FONT` at ``size`` points."""
    advances, em = _advances(700 if bold else 400)
    return sum(advances.get(ord(c), em // 2) for c in text) * size / em


_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


# The characters a figure's labels are made of: the first cut of the font (see
# :func:`_font_base`), ASCII, Latin-1 and Latin Extended-A (French), punctuation, sub- and
# superscripts, arrows and mathematical operators.
_BASE_CHARS = "".join(chr(c) for first, end in ((0x20, 0x7F), (0xA0, 0x180), (0x2000, 0x20A0),
                                                  (0x2190, 0x2300)) for c in range(first, end))


def _subset_options(flavor: str | None):
    from fontTools import subset

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = ["kern", "liga"]
    options.name_IDs = [1, 2]
    options.notdef_outline = True
    options.glyph_names = flavor is None          # the first cut keeps them for the second
    return options


@cache
def _font_base(weight: int) -> tuple[bytes, frozenset[str], frozenset[str]]:
    """The pinned font cut down once per process to :data:`_BASE_CHARS` (a TrueType in
    memory), the characters it has, and the characters the whole font has. A subset of it
    is the same bytes as the same subset of the whole font, made in a fifth of the time:
    most of a subset's time is reading the whole font's kerning tables, which the cut
    leaves small."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(font_files() / FONT_FILES[weight], recalcTimestamp=False)
    whole = frozenset(chr(c) for c in font.getBestCmap())
    subsetter = subset.Subsetter(_subset_options(None))
    subsetter.populate(text=_BASE_CHARS)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue(), frozenset(chr(c) for c in font.getBestCmap()), whole


_SUBSETS: dict[int, int] = {}
"""How many subsets of each weight this process has made (:func:`_font_subset`)."""


@lru_cache(maxsize=256)
def _font_subset(weight: int, chars: str) -> bytes:
    """A WOFF of the pinned font with only ``chars``: small, and the same bytes each time.
    Cut from :func:`_font_base` when every one of ``chars`` that the font has is there
    (the others are left out either way), and there is one (an empty subset keeps some of
    its source's header fields); from the whole font otherwise, and for the first two
    subsets of a weight in a process: the cut (0.6 s) pays for itself from the third, so a
    command that draws one figure (``arena render``) does not make it."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    _SUBSETS[weight] = _SUBSETS.get(weight, 0) + 1
    font = None
    if _SUBSETS[weight] > 2:
        base, has, whole = _font_base(weight)
        drawn = set(chars) & whole
        if drawn and drawn <= has:
            font = TTFont(io.BytesIO(base), recalcTimestamp=False)
    if font is None:
        font = TTFont(font_files() / FONT_FILES[weight], recalcTimestamp=False)
    subsetter = subset.Subsetter(_subset_options("woff"))
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def embedded_font(svg: str) -> str:
    """A ``<style>`` with the font, so the SVG renders as laid out wherever it is shown
    (an ``<img>`` cannot use the page's fonts). Without fontTools (Python in a browser,
    where the SVG is drawn inside the page, with the page's fonts), nothing."""
    import base64
    import importlib.util

    if importlib.util.find_spec("fontTools") is None:
        return ""

    chars = "".join(sorted({c for text in _TEXT.findall(svg) for c in html.unescape(text)}))
    if not chars.strip():
        return ""
    rules = []
    for weight in FONT_FILES:
        data = base64.b64encode(_font_subset(weight, chars)).decode("ascii")
        rules.append(f'@font-face{{font-family:"{FONT}";font-weight:{weight};'
                     f"src:url(data:font/woff;base64,{data}) format(\"woff\")}}")
    return "\n<defs><style>" + "".join(rules) + "</style></defs>"


