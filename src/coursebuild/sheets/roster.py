"""Who sits a paper: the class's roster, read from a CSV file as spreadsheets write it,
and the students' names (and the text a teacher types: a title, a date) as the sheets print
them: in LaTeX's fonts, with any Latin accent, else drawn in the figures' font (Greek,
Cyrillic). Its checks raise :class:`SheetError`, the sheets' one-line error."""

from __future__ import annotations

import csv
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from coursebuild.options import OptionError

MAX_STUDENTS = 500


class SheetError(OptionError):
    """Bad arguments or input (said in one line, exit status 2)."""


_HEADINGS = {
    "last": r"nom|nom de famille|last ?name|surname|family ?name|name",
    "first": r"pr[ée]nom|pr[ée]noms|first ?name|given ?name|forename",
    "other": r"e-?mail|courriel|mail|classe|class|groupe|group|n[°o]|num[ée]ro|number|id|"
             r"identifiant|date.*|sexe|sex|genre|gender|r[ée]gime|option.*|[ée]l[èe]ve|"
             r"student|t[ée]l[ée]phone|phone|ine",
}
"""What a roster's heading row may hold, any case: the columns of a name, and others."""

_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
            "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
            "\u030c": "v", "\u0323": "d", "\u0327": "c", "\u0328": "k", "\u0331": "b"}
"""Combining accents and the LaTeX accent that sets each on a letter (T1's fonts)."""

MAX_FILE_NAME = 60
"""A student's file name is cut to this many characters (its number keeps it unique)."""


def latin_tex(name: str) -> str:
    r"""A student's name as LaTeX: each character the fonts have, and a letter with
    accents the fonts lack as one (``ễ``: e, circumflex, then tilde, stacked); a
    :class:`SheetError` names a character the fonts cannot show.

    >>> print(latin_tex("Nguyễn Zoé"))
    Nguy\~{\^{e}}n Zoé
    """
    from coursebuild.latex import UnknownCharacter, escape

    out = []
    for c in unicodedata.normalize("NFC", name):
        if unicodedata.category(c) == "Cc":
            raise SheetError(f"a control character (U+{ord(c):04X}) in the name")
        try:
            out.append(escape(c, formulas=False))
            continue
        except UnknownCharacter:
            pass
        base, *marks = unicodedata.normalize("NFD", c)
        if not marks or any(m not in _ACCENTS for m in marks) or ord(base) >= 0x250:
            raise SheetError(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, '?')}) cannot be "
                             "printed by the sheets' fonts (Latin letters and their accents"
                             "): write the name in Latin letters") from None
        tex = escape(base, formulas=False)
        for m in marks:
            tex = f"\\{_ACCENTS[m]}{{{tex}}}"
        out.append(tex)
    return "".join(out)


def _decode(data: bytes, path: Path) -> str:
    """A roster's text: UTF-8 (with or without a byte-order mark), else Windows-1252, as
    spreadsheets on Windows save CSV."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise SheetError(f"roster {path}: neither UTF-8 nor Windows-1252 text") from None


def _delimiter(lines: list[str]) -> str:
    """The separator of a CSV file as spreadsheets write it: ``;`` (French Excel), tab, or
    ``,``: the one found on most lines, ``,`` when none is."""
    counts = {d: sum(d in line for line in lines[:20]) for d in (";", "\t", ",")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def read_roster(path: Path) -> list[str]:
    """The names of a roster: a CSV file as spreadsheets write it, one student a row,
    separated by ``;``, tabs or ``,`` (found from the file), in UTF-8 or Windows-1252.

    A first row of headings (Nom, Prénom, Name, First name..., any case) says which
    columns hold the name: the others (E-mail, Classe...) are left out. Without headings,
    a row's fields are the name, joined by a space (``Dupont,Marie`` is Dupont Marie),
    but for an e-mail address. Empty rows are left out; a name the sheets cannot print
    is refused in one line naming its row."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SheetError(f"roster {path}: {exc.strerror or exc}") from None
    text = _decode(data, path)
    lines = text.splitlines()
    rows = list(csv.reader(lines, delimiter=_delimiter(lines)))
    numbered = [(k, [f.strip() for f in row]) for k, row in enumerate(rows, 1)
                if any(f.strip() for f in row)]
    columns = None
    if numbered:
        kinds = []
        for field in numbered[0][1]:
            kind = next((kind for kind, pattern in _HEADINGS.items()
                         if re.fullmatch(rf"(?i)(?:{pattern})s?", field)), None)
            kinds.append(kind)
        if all(k is not None or not f for k, f in zip(kinds, numbered[0][1], strict=True)):
            columns = [i for i, k in enumerate(kinds) if k in ("last", "first")]
            numbered = numbered[1:]
            if not columns:
                raise SheetError(f"roster {path}: its headings name no column of names "
                                 "(Nom, Prénom, Name, First name)")
    names = []
    for k, row in numbered:
        fields = ([row[i] for i in columns if i < len(row)] if columns is not None
                  else [f for f in row if "@" not in f])
        name = " ".join(f for f in fields if f)
        if not name:
            continue
        try:
            name_tex(name)
        except SheetError as exc:
            raise SheetError(f"roster {path}, row {k}: {exc}") from None
        names.append(name)
    if not names:
        raise SheetError(f"roster {path}: no name in it")
    if len(names) > MAX_STUDENTS:
        raise SheetError(f"roster {path}: {len(names)} names, at most {MAX_STUDENTS}")
    return names


def slug(name: str) -> str:
    """A name as a file name: ASCII, lower case, words joined by ``-``, at most
    :data:`MAX_FILE_NAME` characters.

    >>> slug("Dupont, Marie-Hélène")
    'dupont-marie-helene'
    >>> len(slug("A" * 300))
    60
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = "-".join(re.findall(r"[a-z0-9]+", folded.lower())) or "x"
    return text[:MAX_FILE_NAME].rstrip("-")


_FONT_CHARS: list[frozenset[int]] = []


def _drawing_font_chars() -> frozenset[int]:
    """The characters of the figures' font (Source Sans Pro: Latin, Greek, Cyrillic),
    which sets a name LaTeX's fonts cannot."""
    if not _FONT_CHARS:
        from fontTools.ttLib import TTFont

        from arena.render import FONT_FILES, font_files

        font = TTFont(font_files() / FONT_FILES[400], lazy=True)
        _FONT_CHARS.append(frozenset(font.getBestCmap()))
    return _FONT_CHARS[0]


def _drawn(name: str) -> bool:
    """Whether ``name`` is set as a drawing (LaTeX's fonts lack one of its letters)."""
    try:
        latin_tex(name)
    except SheetError:
        return True
    return False


def name_figure(name: str) -> str:
    """The id of the drawing of a name LaTeX's fonts cannot show."""
    return "name-" + hashlib.sha256(name.encode()).hexdigest()[:16]


def render_names(names: Sequence[str], folder: Path) -> None:
    """Each name LaTeX's fonts cannot show (Greek, Cyrillic...), set in the figures' font
    as a PDF into ``folder``, as the figures are made (the same bytes every time)."""
    from arena.render import FONT
    from arena.render import render_pdf as render

    folder.mkdir(parents=True, exist_ok=True)
    for name in sorted(set(names)):
        if not name or not _drawn(name):
            continue
        label = name.replace("\\", "\\\\").replace('"', '\\"')
        dot = ('digraph { graph [margin=0, pad=0]; node [shape=plaintext, '
               f'fontname="{FONT}", fontsize=11, margin=0, width=0, height=0]; '
               f'n [label="{label}"] }}')
        (folder / f"{name_figure(name)}.pdf").write_bytes(render(dot))


def name_tex(name: str) -> str:
    """A student's name on a sheet: LaTeX text when its fonts have every letter
    (:func:`latin_tex`), else the name drawn in the figures' font (Greek, Cyrillic);
    empty, a line to write it on. A control character, or a letter neither font has, is
    a :class:`SheetError`."""
    if not name:
        return "\\sheetblankname"
    try:
        return latin_tex(name)
    except SheetError as exc:
        if any(unicodedata.category(c) == "Cc" for c in name):
            raise
        lacking = [c for c in unicodedata.normalize("NFC", name)
                   if not c.isspace() and ord(c) not in _drawing_font_chars()]
        if lacking:
            raise SheetError(str(exc).replace("(Latin letters and their accents)",
                                              "(Latin, Greek and Cyrillic letters)")
                             .replace(": write the name in Latin letters", "")) from None
    return (f"\\raisebox{{-0.25ex}}{{\\includegraphics[height=1.1em,width=\\linewidth,"
            f"keepaspectratio]{{{name_figure(name)}}}}}")
