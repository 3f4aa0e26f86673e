"""What a vertex is and how it is written as text: below the model and its errors.

:mod:`arena.errors` names a vertex in its messages and :mod:`arena.arena` builds the
model on these, so both import this module and neither imports the other for it.
"""

from __future__ import annotations

from typing import Any, TypeAlias

__all__ = ["Vertex", "vertex_id"]

Vertex: TypeAlias = Any
"""A vertex of an arena: any hashable value (a string from a file, a tuple for Nim...).

Typed ``Any`` rather than ``Hashable``: a game's own vertex type (``tuple[int, int]`` for
Nim) then flows through the library's functions without casts."""


def vertex_id(v: Vertex) -> str:
    """The text id of a vertex: the string itself, or the parts of a tuple joined by commas.

    Examples
    --------
    >>> vertex_id("a"), vertex_id((10, 0))
    ('a', '10,0')
    """
    if isinstance(v, str):
        return v
    if isinstance(v, tuple):
        return ",".join(vertex_id(part) for part in v)
    return str(v)
