"""Reading what a student typed in a field of the practice page (:mod:`coursebuild.course.practice`)
and checking it: :func:`check` reads an answer in any of the forms the statements use (a
number, a set or a sequence of positions, a value or a move per position, a player, a
choice of two) and says which part is wrong, in the page's language (:data:`WORDS`).

>>> from coursebuild.course import bank
>>> v = bank.variant("nim-subtraction-period", 3)
>>> check(v, "lost", "0, 1, 4, 7, 8", "en")["message"]
'Not right: 1 missing.'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coursebuild.course.practice_fields import FIELDS, expected, field_id

WORDS = {
    "fr": {
        "right": "Juste.", "empty": "Pas de réponse.", "unread": "Illisible : {}.",
        "huge": "Trop long pour être lu : 1 000 caractères au plus.",
        "number": "Ce n'est pas le bon nombre.",
        "player": "Ce n'est pas le bon joueur.",
        "yesno": "Ce n'est pas la bonne réponse.",
        "position": "Ce n'est pas la bonne position.",
        "extra": "en trop : {}", "missing": "{} manquant", "missing_many": "{} manquants",
        "wrong": "fausse pour : {}", "at": "faux à partir du rang {} ({})",
        "short": "trop court", "long": "trop long",
        "not": "Pas encore : {}.", "which": "donner {}",
        "mover": ("le joueur qui doit jouer", "l'autre"), "yes": ("oui", "non"),
        "none": ("aucun", "aucune"),
    },
    "en": {
        "right": "Right.", "empty": "No answer.", "unread": "Could not read: {}.",
        "huge": "Too long to read: 1,000 characters at most.",
        "number": "Not the right number.",
        "player": "Not the right player.",
        "yesno": "Not the right answer.",
        "position": "Not the right position.",
        "extra": "not among them: {}", "missing": "{} missing", "missing_many": "{} missing",
        "wrong": "wrong value for: {}", "at": "wrong from item {} ({})",
        "short": "too short", "long": "too long",
        "not": "Not right: {}.", "which": "give {}",
        "mover": ("the player to move", "the other"), "yes": ("yes", "no"),
        "none": ("none",),
    },
}

_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉−–⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789--0123456789")
_TOKEN = re.compile(r"\s*(?:(?P<arrow>->|→|↦|⟶|\\to\b|\\mapsto\b|\\rightarrow\b)"
                    r"|(?P<num>[+-]?\d+)(?![\w.])|(?P<name>[A-Za-z_][A-Za-z0-9_'.]*)"
                    r"|(?P<punct>[()\[\]{},;:=]))")
_NOISE = re.compile(r"\\left|\\right|\\[,;!: ]|\$|\\(?=[{}])|\\varnothing|\\emptyset|∅")
_JOINERS = {"et", "and", "ou", "or"}
MAX_LENGTH = 1000
"""The longest answer read (the longest right one in the bank is a few hundred
characters): a megabyte took seconds of the page's Python."""
MAX_DEPTH = 20
"""The deepest nesting of brackets read (an answer is a pair in a set at most):
``((((…`` a thousand deep stopped the checker with a RecursionError."""
MAX_DIGITS = 30
"""The most digits of a number read (Python refuses to read one of 4,300 digits)."""


class Unread(ValueError):
    """What a student typed cannot be read as the field's kind (the message names it)."""


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text).translate(_SUB)
    text = re.sub(r"J_\{?([01])\}?", r"J\1", text)
    return _NOISE.sub(" ", text).replace("\u202f", " ").replace("\u00a0", " ").strip()


@dataclass(frozen=True)
class _Group:
    opener: str
    items: tuple


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    text = text.rstrip()
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            bad = text[at:].strip()[:12]
            raise Unread(bad)
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        at = m.end()
    return out


def _parse(tokens: list[tuple[str, str]], at: int = 0, closer: str | None = None,
           depth: int = 0):
    """Items up to ``closer``: atoms (names, integers), groups, and the separators
    ``:``/``=``/arrows kept as markers ("sep"); deeper than :data:`MAX_DEPTH`, or a
    number longer than :data:`MAX_DIGITS`, cannot be read."""
    if depth > MAX_DEPTH:
        raise Unread({")": "(", "]": "[", "}": "{"}[closer or ")"] * 3 + "…")
    items: list = []
    while at < len(tokens):
        kind, text = tokens[at]
        if kind == "punct" and text in ")]}":
            if text != closer:
                raise Unread(text)
            return items, at + 1
        at += 1
        if kind == "num":
            if len(text.lstrip("+-")) > MAX_DIGITS:
                raise Unread(text[:12] + "…")
            items.append(int(text))
        elif kind == "name":
            if text.lower() in _JOINERS:
                continue
            items.append(text)
        elif kind == "arrow" or (kind == "punct" and text in ":="):
            items.append(("sep",))
        elif kind == "punct" and text in ",;":
            items.append(("comma",))
        else:
            inner, at = _parse(tokens, at, {"(": ")", "[": "]", "{": "}"}[text], depth + 1)
            items.append(_Group(text, tuple(inner)))
    if closer is not None:
        raise Unread({")": "(", "]": "[", "}": "{"}[closer])
    return items, at


def _value(item) -> Any:
    """A parsed item as a comparable value: a group is a tuple of its items (an edge
    ``x → y`` inside is the pair)."""
    if isinstance(item, _Group):
        return tuple(_elements(list(item.items)))
    return item


def _elements(items: list) -> list:
    """The elements of a list of items, split on commas and spaces; ``x → y`` (or
    ``x : y``) is the pair ``(x, y)``."""
    out: list = []
    pending_pair = False
    for item in items:
        if item == ("comma",):
            pending_pair = False
            continue
        if item == ("sep",):
            if not out or pending_pair:
                raise Unread("→")
            pending_pair = True
            continue
        value = _value(item)
        if pending_pair:
            out[-1] = (out[-1], value)
            pending_pair = False
        else:
            out.append(value)
    if pending_pair:
        raise Unread("→")
    return out


def _key(value: Any) -> Any:
    """An answer of the bank as a comparable value (lists become tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(x) for x in value)
    return value


def _depth(value: Any) -> int:
    if isinstance(value, tuple):
        return 1 + max((_depth(x) for x in value), default=0)
    return 0


def nothing(text: str, lang: str) -> bool:
    """Whether ``text`` (cleaned) is a word of ``lang`` for the empty set ("aucun",
    "none": :data:`WORDS`), in any case, as the set's Moodle question also reads it
    (:func:`coursebuild.products.moodle.spellings`, a sub-question that ignores case)."""
    return text.strip(" .").lower() in WORDS[lang]["none"]


def _collection(text: str, sample: Sequence) -> list:
    """The elements typed for a set or a sequence: ``{a, b}``, ``a b``, ``[a, b]``,
    ``(3, 2), (3, 5)``; a single outer group is unwrapped when it is braces or deeper
    than the answer's elements (``(3, 7, 8)`` is one element where they are tuples,
    ``(a, b)`` two where they are names)."""
    items, _ = _parse(_tokens(text))
    while items and items[-1] == ("comma",):
        items.pop()
    if len(items) == 1 and isinstance(items[0], _Group):
        group = items[0]
        whole = _value(group)
        depth = _depth(sample[0]) if sample else 0
        if group.opener == "{" or _depth(whole) > depth:
            return list(whole)
        return [whole]
    return _elements(items)


def _map(text: str) -> dict:
    items, _ = _parse(_tokens(text))
    if len(items) == 1 and isinstance(items[0], _Group) and items[0].opener == "{":
        items = list(items[0].items)
    pairs: dict = {}
    for element in _elements(items):
        if not (isinstance(element, tuple) and len(element) == 2):
            raise Unread(_show(element))
        k, v = element
        if k in pairs and pairs[k] != v:
            raise Unread(_show(k))
        pairs[k] = v
    return pairs


def _show(value: Any) -> str:
    """A value as the statements write it: ``(3, 2)``, ``a``, ``7``."""
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(x) for x in value) + ")"
    return str(value)


def _player(text: str) -> int:
    t = _clean(text).replace(" ", "").lower()
    t = re.sub(r"^(le joueur|player|joueur)", "", t)
    if t in ("j0", "0"):
        return 0
    if t in ("j1", "1"):
        return 1
    raise Unread(text.strip()[:12])


def _choice(text: str, kind: str) -> bool:
    """A choice between two answers, in either language: the player to move or the
    other, yes or no."""
    t = _clean(text).lower().strip(" .!")
    key = "mover" if kind == "mover" else "yes"
    extra = ({"yes", "oui", "true", "vrai"}, {"no", "non", "false", "faux"}) \
        if kind == "yesno" else ({"mover"}, {"other"})
    for k, value in ((0, True), (1, False)):
        if t in {WORDS[lang][key][k].lower() for lang in WORDS} | extra[k]:
            return value
    raise Unread(text.strip()[:12])


def check(v, field: str, text: str, lang: str) -> dict[str, Any]:
    """Check what a student typed in a field (``key`` or ``key/kind``) of variant ``v``:
    ``{"ok": bool, "message": str}``, the message saying which part is wrong. An empty
    answer, or one that cannot be read, is never right."""
    words = WORDS[lang]
    matches = [f for f in FIELDS[v.problem]
               if field in (f.key, field_id(f))]
    if not matches:
        raise KeyError(f"{v.problem} has no field {field!r}")
    f = matches[0]
    want = _key(expected(v, f.key))
    if not text.strip():
        return {"ok": False, "message": words["empty"], "empty": True}
    if len(text) > MAX_LENGTH:
        return {"ok": False, "message": words["huge"]}
    try:
        return _compare(f.kind, want, _clean(text) if f.kind not in ("winner", "mover",
                                                                    "yesno") else text,
                        lang)
    except Unread as exc:
        return {"ok": False, "message": words["unread"].format(exc.args[0] if exc.args
                                                              else text.strip()[:12])}


def _compare(kind: str, want: Any, text: str, lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    right = {"ok": True, "message": words["right"]}
    if kind == "number":
        got = _elements(_parse(_tokens(text))[0])
        if len(got) != 1 or not isinstance(got[0], int):
            raise Unread(text[:12])
        return right if got[0] == want else {"ok": False, "message": words["number"]}
    if kind == "winner":
        return right if _player(text) == want else {"ok": False, "message": words["player"]}
    if kind in ("mover", "yesno"):
        got = _choice(text, kind)
        return right if got == bool(want) else {"ok": False, "message": words[
            "player" if kind == "mover" else "yesno"]}
    parts: list[str] = []
    if kind == "position":
        got = _collection(text, [want])
        if len(got) != 1:
            raise Unread(text[:12])
        return right if got[0] == want else {"ok": False, "message": words["position"]}
    if kind == "set":
        typed = [] if nothing(text, lang) else _collection(text, want)
        got, wanted = set(typed), set(want)
        extra = [x for x in typed if x not in wanted]
        missing = len(wanted - got)
        if extra:
            parts.append(words["extra"].format(", ".join(dict.fromkeys(map(_show, extra)))))
        if missing:
            parts.append(words["missing" if missing == 1 else "missing_many"].format(missing))
    elif kind == "sequence":
        got = _collection(text, want)
        for k, (a, b) in enumerate(zip(got, want), start=1):
            if a != b:
                parts.append(words["at"].format(k, _show(a)))
                break
        else:
            if len(got) < len(want):
                parts.append(words["short"])
            elif len(got) > len(want):
                parts.append(words["long"])
    elif kind == "map":
        got = _map(text)
        wanted = dict(want)
        wrong = [k for k in got if k in wanted and got[k] != wanted[k]]
        extra = [k for k in got if k not in wanted]
        missing = len([k for k in wanted if k not in got])
        if wrong:
            parts.append(words["wrong"].format(", ".join(map(_show, wrong))))
        if extra:
            parts.append(words["extra"].format(", ".join(map(_show, extra))))
        if missing:
            parts.append(words["missing" if missing == 1 else "missing_many"].format(missing))
    else:
        raise ValueError(f"unknown kind {kind!r}")
    if not parts:
        return right
    return {"ok": False, "message": words["not"].format(
        "; ".join(parts) if lang == "en" else "\u202f; ".join(parts))}
