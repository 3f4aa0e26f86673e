"""Who sits a paper: the class's roster, read from a CSV file as spreadsheets write it,
and the students' names (and the text a teacher types: a title, a date) as pdfLaTeX prints
them (the characters it was seen to print: :mod:`coursebuild.products.sheets.printable`); a name in
other letters is set by LuaLaTeX (:mod:`coursebuild.products.sheets.names`). Its checks raise
:class:`SheetError`, the sheets' one-line error."""

from __future__ import annotations

import csv
import functools
import io
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from coursebuild.products.sheets import headings
from coursebuild.products.sheets.layout import SheetError as SheetError

MAX_STUDENTS = 500
MAX_BYTES = 1 << 20
"""The largest roster read (1 MB: a class list of MAX_STUDENTS rows holds a few kB)."""


MAX_FILE_NAME = 60
"""A student's file name is cut to this many characters (its number keeps it unique)."""


def latin_tex(text: str) -> str:
    r"""Text (a name, a title, a date) as LaTeX that pdfLaTeX prints on the sheets: each
    character as the first way of writing it that pdfLaTeX was seen to print with the
    papers' preamble (:func:`coursebuild.products.sheets.printable.printed`), a letter with accents
    the fonts lack as one (``ễ``: e, circumflex, then tilde, stacked); a
    :class:`SheetError` names a character pdfLaTeX cannot print.

    >>> print(latin_tex("Nguyễn Zoé"))
    Nguy\~{\^{e}}n Zoé
    """
    from coursebuild.products.sheets.printable import printed
    from coursebuild.typeset.latex import UnknownCharacter, escape

    if not text:
        return ""
    table = printed()
    out = []
    for c in unicodedata.normalize("NFC", text):
        category = unicodedata.category(c)
        if category == "Cc":
            raise SheetError(f"a control character (U+{ord(c):04X}) in the name")
        if category == "Zs":
            try:
                out.append(escape(c, formulas=False))
            except UnknownCharacter:
                out.append(" ")
            continue
        if c not in table:
            raise SheetError(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, '?')}) is not "
                             "printed by pdfLaTeX's fonts (Latin letters and their accents)")
        out.append(table[c])
    return "".join(out)


def check_name(name: str) -> None:
    """A student's name as the sheets take it: any letters (pdfLaTeX prints it, else
    LuaLaTeX, else its transliteration: :mod:`coursebuild.products.sheets.names`), but no control
    character."""
    for c in name:
        if unicodedata.category(c) == "Cc":
            raise SheetError(f"a control character (U+{ord(c):04X}) in the name")


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


def _delimiter(text: str) -> str:
    """The separator of a CSV file as spreadsheets write it: ``;`` (French Excel), tab, or
    ``,``: the one found on most of the first lines, ``,`` when none is."""
    lines = text.splitlines()[:20]
    counts = {d: sum(d in line for line in lines) for d in (";", "\t", ",")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def _rows(text: str, path: Path) -> list[tuple[int, list[str]]]:
    """The rows of a roster that hold something, numbered from 1 as a spreadsheet shows
    them, each field with its runs of spaces and line breaks (a quoted field may hold
    one) as one space."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text),
                        strict=True)
    rows = []
    try:
        for k, row in enumerate(reader, 1):
            fields = [" ".join(f.split()) for f in row]
            if any(fields):
                rows.append((k, fields))
    except csv.Error as exc:
        raise SheetError(f"roster {path}, line {reader.line_num}: not CSV as a spreadsheet "
                         f"writes it ({exc})") from None
    return rows


@dataclass(frozen=True)
class Roster:
    """A class as its roster lists it: each student's name and candidate number (empty
    when the roster gives none), and how the file was read (:attr:`summary`)."""

    names: list[str]
    numbers: list[str]
    heading: int | None = None
    """The row taken as the heading row (from 1), None when every row is a student."""
    headings: tuple[str, ...] = ()
    """That row's cells."""
    name_columns: tuple[str, ...] = ()
    """The headings of the columns the names are made from."""
    number_column: str = ""
    """The heading of the column of candidate numbers, empty when there is none."""
    rows: tuple[int, ...] = ()
    """The row of each name in the file (from 1)."""

    def where(self, path: Path) -> list[str]:
        """Each student's place in the file, as messages name it."""
        return [f"roster {path}, row {k}" for k in self.rows]

    def summary(self, path: Path) -> str:
        """The line that says how the roster was read: the heading row taken, the columns
        the names and numbers come from."""
        count = f"{len(self.names)} student{'s' if len(self.names) > 1 else ''}"
        if self.heading is None:
            return (f"roster {path}: {count}; no heading row (each row is a student's "
                    "name)")
        columns = " + ".join(f"'{c}'" for c in self.name_columns)
        numbers = f"; candidate numbers from '{self.number_column}'" \
            if self.number_column else ""
        return (f"roster {path}: {count}; row {self.heading} taken as the heading row "
                f"({', '.join(c for c in self.headings if c)}): names from "
                f"{columns}{numbers}")


def _heading_at(rows: list[tuple[int, list[str]]]) -> int | None:
    """Where the heading row is among ``rows``: the first row whose cells are all headings
    (:func:`coursebuild.products.sheets.headings.kind`) followed by a row that is not, else None.
    A row of headings that names no column of names is the heading only when the column
    under it holds numbers or e-mails (``Ine`` over names is a student called Ine)."""
    for at, (_, cells) in enumerate(rows):
        if not all(headings.kind(c) for c in cells if c):
            return None
        if at + 1 < len(rows) and all(headings.kind(c) for c in rows[at + 1][1] if c):
            continue
        kinds = {headings.kind(c) for c in cells if c}
        if kinds & {"last", "first", "full"} or len([c for c in cells if c]) > 1:
            return at
        column = cells.index(next(c for c in cells if c))
        under = [r[column] for _, r in rows[at + 1:] if column < len(r) and r[column]]
        coded = [v for v in under if "@" in v or any(ch.isdigit() for ch in v)]
        return at if not under or 2 * len(coded) >= len(under) else None
    return None


def _columns(cells: list[str]) -> tuple[list[int], int | None]:
    """The columns a heading row names: those the name is made from (its parts, the ones a
    student goes by first, else the whole name), and the candidate number's (a candidate
    number, else an identifier such as the INE), None when there is none."""
    kinds = [headings.kind(c) if c else None for c in cells]
    parts = []
    for part in ("last", "first"):
        mine = [i for i, k in enumerate(kinds) if k == part]
        preferred = [i for i in mine if headings.PREFERRED.search(headings.normal(cells[i]))]
        parts += preferred or mine
    names = sorted(parts) or [i for i, k in enumerate(kinds) if k == "full"]
    number = next((i for want in ("candidate", "id") for i, k in enumerate(kinds)
                   if k == want), None)
    return names, number


MAX_NUMBER = 30
"""The longest candidate number printed (an INE has 11 characters)."""


def _number(text: str, row: int, path: Path) -> str:
    """A candidate number as the roster gives it, checked: short, and printable."""
    if len(text) > MAX_NUMBER:
        raise SheetError(f"roster {path}, row {row}: the candidate number {text[:40]!r} "
                         f"has {len(text)} characters, at most {MAX_NUMBER}")
    try:
        latin_tex(text)
    except SheetError as exc:
        raise SheetError(f"roster {path}, row {row}: candidate number: {exc}") from None
    if not slug(text, fallback=""):
        raise SheetError(f"roster {path}, row {row}: the candidate number {text!r} holds "
                         "no letter or digit")
    return text


def read_roster(path: Path) -> Roster:
    """The students of a roster: a CSV file as spreadsheets write it, one student a row,
    separated by ``;``, tabs or ``,`` (found from the file), in UTF-8 or Windows-1252.

    A heading row (Nom, Prénom, Nom d'usage, Surname, Forename, Élève, Student, INE,
    Candidate No, E-mail..., any case: :mod:`coursebuild.products.sheets.headings`) says which
    columns hold the name (the others are left out) and which the candidate number.
    Without one, a row's fields are the name, joined by a space (``Dupont,Marie`` is
    Dupont Marie), but for an e-mail address. Empty rows are left out; a name holding a
    control character, or a candidate number given twice, is refused in one line naming
    its row (a name in any letters prints: :mod:`coursebuild.products.sheets.names`)."""
    try:
        # a device (/dev/zero) was read until the memory ran out, a pipe waited forever
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise SheetError(f"roster {path}: not a regular file (a device, a pipe or a "
                             "socket): give the class list's file")
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SheetError(f"roster {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise SheetError(f"roster {path}: more than {MAX_BYTES >> 20} MB, far more than a "
                         f"class list of {MAX_STUDENTS} students: is it the right file?")
    rows = _rows(_decode(data, path), path)
    at = _heading_at(rows)
    columns: list[int] | None = None
    number_at = None
    head: list[str] = []
    if at is not None:
        head = rows[at][1]
        columns, number_at = _columns(head)
        if not columns:
            raise SheetError(f"roster {path}: row {rows[at][0]} is a heading row "
                             f"({', '.join(c for c in head if c)}) naming no column of names "
                             "(Nom, Prénom, Nom Prénom, Élève, Surname, Forename, Name...)")
    elif rows and all(headings.kind(c) for c in rows[-1][1] if c):
        at = len(rows) - 1          # nothing but headings
    names, numbers, places, seen = [], [], [], {}
    for k, row in rows[at + 1 if at is not None else 0:]:
        if columns is None:
            fields = [f for f in row if "@" not in f]
        else:
            fields = [row[i] for i in columns if i < len(row)]
        name = " ".join(f for f in fields if f)
        if not name:
            continue
        try:
            check_name(name)
        except SheetError as exc:
            raise SheetError(f"roster {path}, row {k}: {exc}") from None
        number = row[number_at] if number_at is not None and number_at < len(row) else ""
        if number:
            _number(number, k, path)
            if number in seen:
                raise SheetError(f"roster {path}, rows {seen[number]} and {k}: the same "
                                 f"candidate number {number!r}")
            seen[number] = k
        names.append(name)
        numbers.append(number)
        places.append(k)
    if not names:
        heading = f" (row {rows[at][0]} is a heading row)" if at is not None else ""
        raise SheetError(f"roster {path}: no name in it{heading}")
    if len(names) > MAX_STUDENTS:
        raise SheetError(f"roster {path}: {len(names)} names, at most {MAX_STUDENTS}")
    return Roster(names, numbers, rows[at][0] if columns is not None else None,
                  tuple(head), tuple(head[i] for i in columns or ()),
                  head[number_at] if number_at is not None else "", tuple(places))


_NAME_WORDS = {"LATIN", "CAPITAL", "SMALL", "LETTER", "LIGATURE", "TURNED", "REVERSED",
               "INVERTED", "OPEN", "DOTLESS", "AFRICAN", "DIGRAPH", "BAR", "LOOP"}
"""The words of a Latin letter's Unicode name that say how it is drawn, not what it is."""
_LETTER_WORDS = {"SHARP S": "ss", "THORN": "th", "ETH": "d", "ENG": "ng", "ESH": "sh",
                 "EZH": "z", "YOGH": "y", "WYNN": "w", "KRA": "q", "SCHWA": "e",
                 "GAMMA": "g", "IOTA": "i", "LAMBDA": "l", "UPSILON": "u", "DELTA": "d",
                 "HWAIR": "hv"}
"""Latin letters named by a word rather than by the letters they sound as."""


@functools.lru_cache(maxsize=4096)
def _ascii(c: str) -> str:
    """A character in ASCII for a file name: its letters without their accents (é: e),
    else the Latin letter it is made from, read from its Unicode name (ł, LATIN SMALL
    LETTER L WITH STROKE: l; æ: ae; ß: ss; þ: th), a letter of another script
    transliterated (anyascii: Π: P, 李: Li, م: m); empty for a character with none (a
    click, a tone letter).

    >>> "".join(_ascii(c) for c in "Łódź Đặng Straße Æsir Œuvre Øre Þór")
    'Lodz Dang Strasse Aesir Oeuvre Ore Thor'
    >>> "".join(_ascii(c) for c in "Петров 李小龍")
    'Petrov LiXiaoLong'
    """
    folded = unicodedata.normalize("NFKD", c).encode("ascii", "ignore").decode()
    if folded or not c.isalpha():
        return folded
    name = unicodedata.name(c, "")
    if not name.startswith("LATIN "):
        try:
            from anyascii import anyascii
        except ImportError:         # the course build's dependencies are not installed
            return ""
        return re.sub(r"[^A-Za-z0-9]", "", anyascii(c))
    letter = " ".join(w for w in name.split(" WITH ")[0].split() if w not in _NAME_WORDS)
    text = _LETTER_WORDS.get(letter) or (letter if len(letter) <= 2 else "")
    text = text.lower()
    return text.capitalize() if c.isupper() else text


def slug(name: str, fallback: str = "x") -> str:
    """A name as a file name: ASCII (:func:`_ascii`), lower case, words joined by ``-``,
    at most :data:`MAX_FILE_NAME` characters (``fallback`` when nothing is left).

    >>> slug("Dupont, Marie-Hélène")
    'dupont-marie-helene'
    >>> slug("Łódź Straße Æsa")
    'lodz-strasse-aesa'
    >>> len(slug("A" * 300))
    60
    """
    folded = "".join(_ascii(c) for c in unicodedata.normalize("NFC", name))
    text = "-".join(re.findall(r"[a-z0-9]+", folded.lower())) or fallback
    return text[:MAX_FILE_NAME].rstrip("-")


def name_tex(name: str, typeset: dict[str, str] | None = None) -> str:
    """A student's name on a sheet: as ``typeset`` gives it (set by LuaLaTeX, or
    transliterated: :func:`coursebuild.products.sheets.names.typeset`), else LaTeX text
    (:func:`latin_tex`); empty, a line to write it on."""
    if not name:
        return "\\sheetblankname"
    if typeset and name in typeset:
        return typeset[name]
    return latin_tex(name)
