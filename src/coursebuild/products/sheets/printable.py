"""What pdfLaTeX prints on the sheets, asked of pdfLaTeX itself: every character the
sheets could write as LaTeX text (Latin-1, Latin Extended-A and -B, a Latin letter with
the accents T1's fonts stack, the symbols the book's escaping knows) is typeset once, in
one document made as the papers are (the layout ``handouts/sheet-LANG.tex`` and its
preamble), upright and bold; those the log shows no error and no missing glyph for are
the ones the sheets print with pdfLaTeX. The answer is cached by what decides it (the
layouts, the preamble, the converter's definitions, pdfTeX's version) in
``build/cache/sheets-chars.json``; a name with another character is set by LuaLaTeX
(:mod:`coursebuild.products.sheets.names`)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

from coursebuild.paths import ROOT

CACHE = ROOT / "build" / "cache" / "sheets-chars.json"

ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
           "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
           "\u030c": "v", "\u0323": "d", "\u0327": "c", "\u0328": "k", "\u0331": "b"}
"""Combining accents and the LaTeX accent that sets each on a letter (T1's fonts)."""


def forms(c: str) -> list[str]:
    """The ways the sheets can write the character ``c`` as LaTeX text, in the order
    they are tried: as the book escapes it (``é``, ``\\%``), then as a letter under
    LaTeX accents (``ễ``: ``\\~{\\^{e}}``); empty when there is none."""
    from coursebuild.typeset.latex import UnknownCharacter, escape

    out = []
    with contextlib.suppress(UnknownCharacter):
        out.append(escape(c, formulas=False))
    base, *marks = list(unicodedata.normalize("NFD", c))
    if marks and all(m in ACCENTS for m in marks) and ord(base) < 0x250:
        try:
            tex = escape(base, formulas=False)
        except UnknownCharacter:
            return out
        for m in marks:
            tex = f"\\{ACCENTS[m]}{{{tex}}}"
        if tex not in out:
            out.append(tex)
    return out


@functools.cache
def candidates() -> tuple[str, ...]:
    """Every character (NFC, not a control character or a space) that :func:`forms`
    writes in some way: the characters the sheets could ask pdfLaTeX to print."""
    from coursebuild.typeset.latex.text import _SUB, _SUP, MATH_CHARS, TEXT_CHARS

    known = {*MATH_CHARS, *TEXT_CHARS, *_SUB, *_SUP}
    out = []
    for cp in range(0x20, 0x10000):
        c = chr(cp)
        if unicodedata.category(c) in ("Cc", "Cs", "Zs", "Zl", "Zp") or \
                unicodedata.normalize("NFC", c) != c:
            continue
        if (cp < 0x250 or c in known or len(unicodedata.normalize("NFD", c)) > 1) \
                and forms(c):
            out.append(c)
    return tuple(out)


def probe_body(chars: tuple[str, ...]) -> str:
    """The body of the probing document: each way of writing each character, in a
    paragraph of its own (pdfLaTeX counts errors per paragraph), upright and bold, after
    a line ``@@index`` in the log (a missing glyph is told there, with
    ``\\tracinglostchars``)."""
    lines = ["\\tracinglostchars=1\\relax"]
    for k, c in enumerate(chars):
        for j, tex in enumerate(forms(c)):
            lines.append(f"\\immediate\\write-1{{@@{k}.{j}}}\\noindent {tex} "
                         f"{{\\bfseries {tex}}} {{\\large {tex}}}\\par")
    return "\n".join(lines) + "\n\\immediate\\write-1{@@end}\n"


def failures(log: str) -> set[tuple[int, int]]:
    """The (character, form) pairs whose paragraph the log shows an error or a missing
    glyph for."""
    return {(int(a), int(b)) for a, b in marked_failures(log, r"@@(\d+)\.(\d+)")}


def marked_failures(log: str, mark: str) -> set[tuple[str, ...]]:
    """The groups of each line of a TeX log that matches ``mark`` (a regular expression
    for the marks a document writes before each of its parts, ``@@end`` after the last)
    whose part the log then shows an error (``!``) or a missing glyph for."""
    bad: set[tuple[str, ...]] = set()
    current = None
    for line in log.splitlines():
        m = re.fullmatch(mark, line)
        if m:
            current = m.groups()
        elif line.startswith("@@end"):
            current = None
        elif current is not None and (line.startswith("!") or
                                      line.startswith("Missing character")):
            bad.add(current)
    return bad


def _fingerprint(langs: tuple[str, ...]) -> str:
    """What decides what prints: the layouts, their preamble, the definitions the
    sheets add, the characters asked and pdfTeX's version."""
    from coursebuild.products.sheets.layout import LAYOUTS
    from coursebuild.typeset.latex import macro_definitions
    from coursebuild.typeset.texts import unicode_declarations

    version = subprocess.run(["pdflatex", "--version"], capture_output=True, text=True,
                             check=False).stdout.splitlines()[:1]
    digest = hashlib.sha256()
    for part in [*(LAYOUTS / f"sheet-{lang}.tex" for lang in langs),
                 LAYOUTS / "preamble.tex"]:
        digest.update(part.read_bytes() if part.exists() else b"")
    for text in (unicode_declarations(), macro_definitions(), "".join(candidates()),
                 probe_body(candidates()[:3]), *version):
        digest.update(text.encode())
    return digest.hexdigest()


def _probe(lang: str) -> set[tuple[int, int]]:
    """The forms the layout of ``lang`` fails to print (pdfLaTeX run on them all)."""
    from coursebuild.products.sheets.layout import SheetError, compile_pdf, document

    chars = candidates()
    tex = document(lang, "probe", probe_body(chars))
    with tempfile.TemporaryDirectory(prefix="sheets-chars-") as tmp:
        folder = Path(tmp)
        with contextlib.suppress(SheetError):       # the errors are in the log, read below
            compile_pdf(tex, folder, "probe", halt=False)
        log = folder / "probe.log"
        text = log.read_text("utf-8", errors="replace") if log.exists() else ""
    if "@@end" not in text:
        raise SheetError(f"handouts/sheet-{lang}.tex: pdfLaTeX could not typeset the "
                         "sheets' characters with this layout (its preamble fails)")
    return failures(text)


@functools.cache
def printed(langs: tuple[str, ...] = ("fr", "en")) -> dict[str, str]:
    """Each character the sheets print with pdfLaTeX in every layout of ``langs``, and
    the LaTeX that prints it (the first of its :func:`forms` that prints)."""
    from coursebuild.products.sheets.layout import SheetError

    if shutil.which("pdflatex") is None:
        raise SheetError("pdflatex is missing: make sheets installs TeX Live")
    key = _fingerprint(langs)
    try:
        cached = json.loads(CACHE.read_text("utf-8"))
    except (OSError, ValueError):
        cached = {}
    if cached.get("key") == key:
        return dict(cached["printed"])
    bad = set().union(*(_probe(lang) for lang in langs))
    chars = candidates()
    out = {}
    for k, c in enumerate(chars):
        good = [tex for j, tex in enumerate(forms(c)) if (k, j) not in bad]
        if good:
            out[c] = good[0]
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    tmp = CACHE.with_suffix(f".{key[:8]}.tmp")
    tmp.write_text(json.dumps({"key": key, "printed": out}, ensure_ascii=False,
                              sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(CACHE)
    return out
