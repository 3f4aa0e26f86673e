"""Generators of the course's games; each returns an :class:`~arena.arena.Arena`.

:data:`GAMES` lists the built-in games the command line knows (``arena solve nim ...``),
with their parameters, defaults and the text ids of their vertices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arena.arena import Arena, vertex_id
from arena.games.nim import nim, parse_rule

__all__ = ["nim", "GAMES", "BuiltinGame", "parse_rule"]


@dataclass(frozen=True)
class BuiltinGame:
    """A game the command line can build: ``build(**params)`` returns its arena."""

    name: str
    build: Callable[..., Arena]
    defaults: dict[str, Any]
    """Parameter name -> default value; the command line offers ``--<name>``."""
    parse: dict[str, Callable[[str], Any]] = field(default_factory=dict)
    """How to read a parameter given as text (``int`` when not listed)."""
    vertex_id: Callable[[Any], str] = vertex_id
    """The text id of a vertex, in JSON and in figures."""

    def read(self, name: str, text: str) -> Any:
        """The parameter ``name`` read from the command line's ``text``."""
        return self.parse.get(name, int)(text)


GAMES: dict[str, BuiltinGame] = {
    "nim": BuiltinGame("nim", nim, {"n": 10, "rule": (1, 2)}, {"rule": parse_rule}),
}
