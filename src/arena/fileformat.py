"""The arena file format (YAML or JSON, the same keys): reading a file or a stream, the
checks of its keys and of every name it gives, and the data written back.

:class:`arena.Arena`'s ``from_file``, ``from_stream``, ``from_dict`` and ``to_file`` are
the public way in; this module holds what they share, below the model (it imports no
:class:`~arena.Arena`)."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena.errors import ArenaError
from arena.numbers import parse_int
from arena.vertices import vertex_id

FILE_KEYS = ("title", "start", "S0", "S1", "V0", "V1", "edges")
MAX_FILE_BYTES = 2_000_000
"""Arena files larger than this are refused before they are parsed (a course's arena
is a few kilobytes; parsing megabytes of YAML takes seconds). The environment variable
``ARENA_MAX_FILE_BYTES`` raises the limit."""

_MOST_FILE_BYTES = 2 ** 40
"""The most ``ARENA_MAX_FILE_BYTES`` may say (1 TiB): far beyond any arena a machine
parses, far below what a read's size argument overflows at."""


def max_file_bytes() -> int:
    """:data:`MAX_FILE_BYTES`, or the limit the environment sets (a bad value is refused,
    not ignored: a whole number from 1 to 2^40)."""
    value = os.environ.get("ARENA_MAX_FILE_BYTES")
    if not value:
        return MAX_FILE_BYTES
    try:
        limit = parse_int(value, minimum=1)
    except ValueError as exc:
        raise ArenaError(f"the environment variable ARENA_MAX_FILE_BYTES: {exc}") from None
    if limit > _MOST_FILE_BYTES:
        raise ArenaError(f"the environment variable ARENA_MAX_FILE_BYTES: {limit} is more "
                         f"than {_MOST_FILE_BYTES} (1 TiB)")
    return limit


def file_data(arena: Any) -> dict[str, Any]:
    """The keys of the file format with every vertex written as its text id."""
    data = arena.to_dict()
    for key in ("S0", "S1", "V0", "V1"):
        data[key] = [vertex_id(v) for v in data[key]]
    if "start" in data:
        data["start"] = vertex_id(data["start"])
    data["edges"] = {vertex_id(x): [vertex_id(y) for y in ys] for x, ys in data["edges"].items()}
    return data


def load_json(text: str, path: Path) -> Any:
    """JSON as written: a number is kept as its text (``0450`` is not valid JSON, but
    ``1e3`` and ``1.50`` stay names, never ``1000.0`` or ``1.5``), and a key written twice
    in an object is refused with its line."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                pattern = re.compile(re.escape(json.dumps(key, ensure_ascii=False)) + r"\s*:")
                lines = [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]
                where = f"line {lines[1]}: " if len(lines) > 1 else ""
                raise ArenaError(f"{where}key {key!r} is written twice in the same object",
                                 file=path)
            obj[key] = value
        return obj

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_int=str, parse_float=str,
                          parse_constant=str)
    except json.JSONDecodeError as err:
        raise ArenaError(f"not valid JSON (line {err.lineno}: {err.msg})", file=path) from None
    except RecursionError:
        raise ArenaError("not valid JSON (nested too deeply)", file=path) from None


def load_text(text: str, path: Path) -> Any:
    if path.suffix.lower() == ".json":
        return load_json(text, path)
    from arena._yaml import load_yaml

    # YAML reads these as line breaks, even inside a quoted name: a name holding one would
    # come out changed, so the file is refused (JSON keeps them, and the names' check
    # refuses them there)
    found = re.search("[\x85\u2028\u2029]", text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise ArenaError(f"line {line}: U+{ord(found.group()):04X} is a line break for YAML, "
                         "which would change the name that holds it", file=path)
    return load_yaml(text, path)


MAX_NAME_LENGTH = 200
"""Longest vertex name a file may give (a drawing writes names inside its vertices)."""


# letters that draw nothing (Hangul fillers, the braille blank)
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15):
# characters a renderer draws as nothing. Those of category Cf are refused on their own;
# the others (variation selectors, U+034F, the reserved tail of plane 14...) may mark
# the letter before them, but a name made of them alone would be an empty drawing (and
# Graphviz cannot measure it).
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
              (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
              (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
              (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
              (0xE0000, 0xE0FFF))


def _draws_nothing(c: str) -> bool:
    """Whether ``c`` leaves no mark: a space, a blank letter or a default-ignorable code
    point."""
    code = ord(c)
    return (c.isspace() or c in _INVISIBLE
            or any(first <= code <= last for first, last in _IGNORABLE))


def check_text(text: str, key: str, owner: Any = None) -> str:
    """A name from a file: printable text of reasonable length (no control or format
    character, no lone surrogate, no noncharacter such as U+FDD0), so that it lands
    unchanged in a table, an SVG, a DOT file, a page or a terminal."""
    shown = text if len(text) <= 40 else text[:40] + "…"
    problem = None
    if len(text) > MAX_NAME_LENGTH:
        problem = f"is {len(text):,} characters long, more than {MAX_NAME_LENGTH}"
    elif text == "":
        problem = "is empty"
    else:
        bad = next((c for c in text
                    if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), None)
        odd = next((c for c in text if 0xFDD0 <= ord(c) <= 0xFDEF
                    or ord(c) & 0xFFFE == 0xFFFE), None)
        if bad is not None:
            problem = f"contains the character U+{ord(bad):04X}, which is not printable"
        elif odd is not None:      # reserved by Unicode, never text: Graphviz cannot draw it
            problem = f"contains U+{ord(odd):04X}, a Unicode noncharacter (never text)"
        elif all(_draws_nothing(c) for c in text):
            problem = "is invisible (only spaces or characters drawn as nothing)"
    if problem is not None:
        where = {"vertex": owner} if owner is not None else {}
        raise ArenaError(f"the name {shown!r} {problem}", key=key, **where)
    return text


def _scalar_name(value: Any, key: str, owner: Any = None) -> str:
    """Vertex names are strings; YAML scalars such as 3 or true are read as their text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return check_text(str(value), key, owner)
    what = f"a vertex name, not {type(value).__name__}"
    if owner is not None:
        raise ArenaError(f"successors must be {what}", key=key, vertex=owner)
    raise ArenaError(f"expected {what}", key=key)


def _name_list(data: Mapping[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise ArenaError(f"expected a list of vertex names, not {type(value).__name__}", key=key)
    return [_scalar_name(v, key) for v in value]


def parse_file_data(data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise ArenaError(f"expected a mapping with keys {', '.join(FILE_KEYS)}, "
                         f"not {type(data).__name__}")
    unknown = [k for k in data if k not in FILE_KEYS]
    if unknown:
        raise ArenaError(f"unknown key (allowed: {', '.join(FILE_KEYS)})", key=str(unknown[0]))
    for key in ("S0", "S1"):
        if key not in data:
            raise ArenaError("missing (every arena lists the vertices of each player)", key=key)
    edges_in = data.get("edges") or {}
    if not isinstance(edges_in, Mapping):
        raise ArenaError(f"expected a mapping from a vertex to its successors, "
                         f"not {type(edges_in).__name__}", key="edges")
    edges: dict[str, list[str]] = {}
    for x, targets in edges_in.items():
        name = _scalar_name(x, "edges")
        if targets is None:
            targets = []
        if not isinstance(targets, list):
            raise ArenaError(f"successors must be a list, not {type(targets).__name__}",
                             key="edges", vertex=name)
        edges[name] = [_scalar_name(y, "edges", owner=name) for y in targets]
    title = data.get("title")
    if title is not None:
        if isinstance(title, str):
            title = {"fr": title, "en": title}
        elif not (isinstance(title, Mapping)
                  and all(isinstance(k, str) and isinstance(v, str) for k, v in title.items())):
            raise ArenaError("expected a text or a mapping from a language to a text",
                             key="title")
        for text in title.values():
            check_text(text, "title")
    start = data.get("start")
    seen: dict[str, str] = {}
    for key in ("S0", "S1"):
        for name in _name_list(data, key):
            same = seen.setdefault(unicodedata.normalize("NFC", name), name)
            if same != name:
                raise ArenaError(f"the names {same!r} and {name!r} look the same (they differ "
                                 "only in how their accents are encoded): use one of them",
                                 key=key, vertex=name)
    return {
        "S0": _name_list(data, "S0"), "S1": _name_list(data, "S1"),
        "V0": _name_list(data, "V0"), "V1": _name_list(data, "V1"),
        "edges": edges,
        "start": None if start is None else _scalar_name(start, "start"),
        "title": title,
    }
