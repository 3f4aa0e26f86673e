"""Every error the library raises on purpose, in one module that imports nothing else of
the library (so that the model, the file reader, the solver and the renderer can all use
them without importing each other).

- :class:`ArenaError`: an arena or a file that breaks the rules (a ``ValueError``);
- :class:`StrategyError`: a strategy that does not do what it claims;
- :class:`RenderError`: Graphviz complained about a figure;
- :class:`KernelError`: the solver's path asked for cannot run.
"""

from __future__ import annotations

import os
from typing import Any

from arena.vertices import vertex_id

__all__ = ["ArenaError", "StrategyError", "RenderError", "KernelError"]


class ArenaError(ValueError):
    """An arena that breaks the rules of the model or of the file format.

    The message names the file (when there is one), the key and the vertex at fault.
    """

    def __init__(self, message: str, *, key: str | None = None, vertex: Any = None,
                 file: str | os.PathLike[str] | None = None) -> None:
        self.key = key
        self.vertex = vertex
        self.file = None if file is None else str(file)
        self.reason = message
        super().__init__(self._format())

    def _format(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.key is not None:
            parts.append(f"key '{self.key}'")
        if self.vertex is not None:
            parts.append(f"vertex {vertex_id(self.vertex)!r}")
        parts.append(self.reason)
        return ": ".join(parts)

    def in_file(self, file: str | os.PathLike[str]) -> ArenaError:
        """The same error, attributed to ``file``."""
        return ArenaError(self.reason, key=self.key, vertex=self.vertex, file=file)


class StrategyError(AssertionError):
    """A strategy that does not do what it claims; the message shows a play that proves it.

    ``play`` holds that play's vertices, in order (empty when the fault is a single move),
    so that a caller can say it in its own words (the course's French notebooks do).
    """

    def __init__(self, message: str, *, play: tuple[Any, ...] = ()) -> None:
        self.play = tuple(play)
        super().__init__(message)


class RenderError(RuntimeError):
    """Graphviz complained about a figure (warnings are errors here)."""


class KernelError(ImportError):
    """``ARENA_KERNEL`` (or ``arena.solver.KERNEL``) asks for a solver path that cannot run:
    a name that is not a path, or a path whose package (numpy, numba) is not installed.
    What fixes it is an install or the setting, not the arena."""
