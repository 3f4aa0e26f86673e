"""A rules file (``arena solve mygame.py``, SPEC §9): its text checked, then run, then
explored by :func:`arena.rules.from_rules`; and the ids of its positions in the command
line's output.

A rules file is Python source in UTF-8 (or in the encoding a ``# coding:`` line declares,
as Python allows). A file in another encoding (UTF-16 or UTF-32, told by its byte-order
mark or by its NUL bytes), or holding a NUL byte, is refused by :func:`read_source` with
what it is, before Python is asked to compile it.
"""

from __future__ import annotations

import io
import os
import runpy
import tokenize
import unicodedata
from collections.abc import Callable
from hashlib import sha256
from pathlib import Path
from typing import Any

from arena.arena import Arena
from arena.errors import ArenaError
from arena.rules import DEFAULT_LIMIT, _fail, _name, _raised, from_rules

__all__ = ["load_rules", "rules_arena", "rules_title", "read_source", "position_ids",
           "short_id", "short_ids", "SHOWN_LENGTH"]

BOMS = (
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian)"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian)"),
    (b"\xfe\xff", "UTF-16 (big-endian)"),
    (b"\xff\xfe", "UTF-16 (little-endian)"),
    (b"\x2b\x2f\x76", "UTF-7"),
    (b"\xf7\x64\x4c", "UTF-1"),
    (b"\xdd\x73\x66\x73", "UTF-EBCDIC"),
    (b"\x0e\xfe\xff", "SCSU"),
    (b"\xfb\xee\x28", "BOCU-1"),
    (b"\x84\x31\x95\x33", "GB 18030"),
)
"""The byte-order marks of encodings other than UTF-8, longest first where one begins
another (UTF-32's little-endian mark begins with UTF-16's)."""

_SAVE = "a rules file is Python source in UTF-8: save it as UTF-8"


def read_source(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the rules file ``path``, checked to be Python source text that
    Python can decode.

    Raises
    ------
    ArenaError
        Naming the file: missing, not a regular file, unreadable, in an encoding that a
        byte-order mark names (:data:`BOMS`), holding a NUL byte (the encoding said when
        the NUL bytes' places tell UTF-16 or UTF-32), or not decodable in UTF-8 (or in
        the encoding its ``# coding:`` line declares), the byte and line said.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "g.py"
    >>> _ = f.write_bytes("START = 0\\n".encode("utf-16"))
    >>> try:
    ...     read_source(f)
    ... except ArenaError as exc:
    ...     print(exc.reason.split(";")[0])
    not UTF-8 text: its byte-order mark says UTF-16 (little-endian)
    """
    path = Path(path)
    try:
        if path.exists() and not path.is_file():
            raise ArenaError("not a regular file (a folder, a device or a pipe)", file=path)
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ArenaError("no such file", file=path) from None
    except OSError as exc:
        raise ArenaError(f"cannot read the file ({exc.strerror or exc})", file=path) from None
    for mark, encoding in BOMS:
        if raw.startswith(mark):
            raise ArenaError(f"not UTF-8 text: its byte-order mark says {encoding}; {_SAVE}",
                             file=path)
    nul = raw.find(b"\x00")
    if nul >= 0:
        family = _wide_encoding(raw)
        what = f" (its NUL bytes' places say {family} without a byte-order mark)" \
            if family else ""
        line = raw.count(b"\n", 0, nul) + 1
        raise ArenaError(f"not UTF-8 text: byte {nul:,} (line {line}) is a NUL byte{what}; "
                         f"{_SAVE}", file=path)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    except SyntaxError as exc:       # a `# coding:` line naming no encoding Python knows
        raise ArenaError(f"line {exc.lineno or 1}: {exc.msg}", file=path) from None
    try:
        raw.decode(encoding)
    except UnicodeDecodeError as exc:
        name = "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ArenaError(f"not {name} text: byte {exc.start:,} (line {line}, "
                         f"0x{raw[exc.start]:02x}) is not {name}; "
                         + (_SAVE if name == "UTF-8" else f"its coding line says {encoding}"),
                         file=path) from None
    return raw


def _wide_encoding(raw: bytes) -> str | None:
    """UTF-32 or UTF-16 (and which byte order) when the NUL bytes of the first 64 bytes
    fall where those encodings put them for ASCII text, else ``None``."""
    head = raw[:64]
    for width, name in ((4, "UTF-32"), (2, "UTF-16")):
        units = [head[k:k + width] for k in range(0, len(head) - width + 1, width)]
        if len(units) < 2:
            continue
        zeros = b"\x00" * (width - 1)
        if all(u[1:] == zeros and u[0] for u in units):
            return f"{name} (little-endian)"
        if all(u[:-1] == zeros and u[-1] for u in units):
            return f"{name} (big-endian)"
    return None


def load_rules(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT,
               progress: Callable[[int], None] | None = None,
               progress_every: int = 100_000) -> Arena:
    """The arena of the game a rules file describes (``arena solve mygame.py``).

    The file is Python, run as a script: it defines ``START`` (a position, or a list of
    them), ``STUCK`` (``"loses"`` or ``"draw"``), ``player(p)``, ``moves(p)`` and
    optionally ``winner(p)``, as the arguments of :func:`from_rules`, and ``TITLE`` (a
    text, or one per language: ``{"fr": ..., "en": ...}``; by default the file's name).
    Running it runs its code: only solve rules files you trust.

    Raises
    ------
    ArenaError
        Naming the file: a file that is not Python source text (:func:`read_source`), a
        name missing, the file failing to run (any exception, ``sys.exit()`` included),
        or a rule broken (the position named, see :func:`from_rules`).
    """
    path = Path(path)
    read_source(path)
    try:
        names = runpy.run_path(str(path), run_name="__rules__")
    except FileNotFoundError:
        raise ArenaError("no such file", file=path) from None
    except SyntaxError as exc:
        where = f"line {exc.lineno}: " if exc.lineno else ""
        raise ArenaError(f"{where}syntax error: {exc.msg}", file=path) from None
    except SystemExit as exc:
        raise ArenaError(f"the file called sys.exit({_name(exc.code)}) while it ran: a rules "
                         "file only defines START, STUCK, player, moves and winner",
                         file=path) from None
    except BaseException as exc:            # noqa: BLE001 (GeneratorExit, a class of its own)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise ArenaError(f"the file raised {_raised(exc)}", file=path) from None
    try:
        return rules_arena(names, limit=limit, progress=progress,
                           progress_every=progress_every,
                           title={"fr": path.stem, "en": path.stem})
    except ArenaError as exc:
        raise exc.in_file(path) from None

def rules_arena(names: dict[str, Any], *, limit: int = DEFAULT_LIMIT,
                progress: Callable[[int], None] | None = None,
                progress_every: int = 100_000,
                title: dict[str, str] | None = None) -> Arena:
    """The arena of the rules a rules file's code defined (its global names): ``START``,
    ``STUCK``, ``player``, ``moves`` and optionally ``winner`` and ``TITLE`` (see
    :func:`load_rules`); ``title`` is the title without ``TITLE``.

    Raises
    ------
    ArenaError
        A name missing or not a function, a ``TITLE`` that is not a title, or a rule
        broken (see :func:`from_rules`).
    """
    for key in ("START", "STUCK", "player", "moves"):
        if key not in names:
            raise ArenaError(f"{key} is missing (a rules file defines START, STUCK, player, "
                             "moves and optionally winner and TITLE)")
    for key in ("player", "moves", "winner"):
        if key in names and not callable(names[key]):
            raise ArenaError(f"{key} must be a function")
    if "TITLE" in names:
        title = rules_title(names["TITLE"])
    return from_rules(names["START"], names["moves"], names["player"], stuck=names["STUCK"],
                      winner=names.get("winner"), limit=limit, progress=progress,
                      progress_every=progress_every, title=title)


def rules_title(value: Any) -> dict[str, str]:
    """A rules file's ``TITLE`` as an arena's title: a text (the same in both
    languages) or ``{"fr": ..., "en": ...}`` (one of them alone serves both).

    >>> rules_title("Soustraction")
    {'fr': 'Soustraction', 'en': 'Soustraction'}
    >>> rules_title({"en": "Subtraction"})
    {'fr': 'Subtraction', 'en': 'Subtraction'}
    >>> rules_title(["x"])
    Traceback (most recent call last):
    ...
    arena.errors.ArenaError: TITLE must be a text or {"fr": ..., "en": ...}, not ['x']
    """
    from arena.fileformat import check_text

    wrong = f'TITLE must be a text or {{"fr": ..., "en": ...}}, not {_name(value)}'
    if type(value) is str:
        texts = {"fr": value, "en": value}
    elif type(value) is dict and value and set(value) <= {"fr", "en"} \
            and all(type(v) is str for v in value.values()):
        texts = {lang: str(value.get(lang, value.get("en" if lang == "fr" else "fr")))
                 for lang in ("fr", "en")}
    else:
        raise ArenaError(wrong)
    for text in texts.values():
        check_text(text, "TITLE")
    return texts


def position_ids(arena: Arena, id_of: Callable[[Any], str] = str) -> dict[Any, str]:
    """Each position's id in the command line's JSON (``str(position)``, SPEC §9), checked
    unique: two positions written alike (``1`` and ``"1"``) are refused, both named, and
    so is a position whose ``str`` raises or is not a text.

    >>> position_ids(from_rules(0, lambda p: [p + 1] if p < 2 else [], lambda p: 0,
    ...                         stuck="loses"))
    {0: '0', 1: '1', 2: '2'}
    >>> position_ids(from_rules(1, lambda p: ["1"] if p == 1 else [], lambda p: 0,
    ...                         stuck="loses"))
    Traceback (most recent call last):
    ...
    arena.errors.ArenaError: positions '1' and 1 have the same id '1' (str): make their texts differ
    """
    ids: dict[Any, str] = {}
    owner: dict[str, Any] = {}
    looks: dict[str, Any] = {}              # ids after Unicode normalisation (NFC)
    for v in arena.vertices:
        try:
            text = id_of(v)
        except BaseException as exc:        # noqa: BLE001 (a class's __str__, a huge int)
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise _fail(v, f"its id, str(position), raised {_raised(exc)}") from None
        if type(text) is not str:
            raise _fail(v, f"its id, str(position), is not a text but {_name(text)}")
        other = owner.setdefault(text, v)
        if other is not v:
            raise ArenaError(f"positions {_name(v)} and {_name(other)} have the same id "
                             f"{_name(text)} (str): make their texts differ")
        # ids that differ only in how Unicode composes them print alike ("é" as one
        # character or as "e" and an accent): refused as ids that collide
        other = looks.setdefault(unicodedata.normalize("NFC", text), v)
        if other is not v:
            raise ArenaError(f"positions {_cut(ascii(v))} and {_cut(ascii(other))} have ids "
                             f"that print alike ({_name(text)}): they differ only in how "
                             "Unicode composes their characters (NFC); write them alike")
        ids[v] = text
    return ids


SHOWN_LENGTH = 200
"""The longest id a table, a message or (without ``--full-ids``) the JSON shows whole:
the longest vertex name an arena file may give (:data:`arena.fileformat.MAX_NAME_LENGTH`)."""

_DIGEST = 12
"""Hexadecimal digits of the SHA-256 of a whole id that end its shortened form."""


def short_id(text: str) -> str:
    """``text`` as tables, messages and the JSON show it: whole up to
    :data:`SHOWN_LENGTH` characters, else its beginning, ``…#`` and the first
    :data:`_DIGEST` hexadecimal digits of the SHA-256 of the whole text (UTF-8), so that
    the shortened ids of different positions differ (:func:`short_ids` checks it) and a
    shortened id can be recomputed from the whole one.

    >>> short_id("3,0")
    '3,0'
    >>> cut = short_id("x" * 10_000_000)
    >>> len(cut), cut[180:]
    (200, 'xxxxxx…#0c9a42b3d065')
    """
    if len(text) <= SHOWN_LENGTH:
        return text
    digest = sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_DIGEST]
    return text[:SHOWN_LENGTH - _DIGEST - 2] + "…#" + digest


def short_ids(ids: dict[Any, str]) -> dict[Any, str]:
    """:func:`short_id` of each id of ``ids`` (position -> whole id, unique), checked
    still unique: a position whose own id is another's shortened form is refused, both
    named."""
    if all(len(text) <= SHOWN_LENGTH for text in ids.values()):
        return ids
    shown: dict[Any, str] = {}
    owner: dict[str, Any] = {}
    for v, text in ids.items():
        cut = short_id(text)
        other = owner.setdefault(cut, v)
        if other is not v:
            raise ArenaError(f"positions {_name(v)} and {_name(other)} are shown with the "
                             f"same id {cut!r} (ids past {SHOWN_LENGTH} characters are "
                             "shortened; --json --full-ids writes them whole)")
        shown[v] = cut
    return shown


def _cut(text: str) -> str:
    """``text`` cut at :data:`SHOWN_LENGTH` characters (a message's position)."""
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH - 1] + "…"
