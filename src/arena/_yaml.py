"""A YAML reader for arena files that refuses what a game description never needs.

Anchors and aliases are refused (they let a small file expand into a huge or cyclic
structure), and so is nesting deeper than a few levels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from arena.arena import ArenaError

MAX_DEPTH = 8


class _ArenaLoader(yaml.SafeLoader):
    """SafeLoader without aliases and with a nesting limit."""

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise ArenaError(f"line {mark.line + 1}: YAML aliases (*name) are not allowed "
                             "in arena files")
        depth = getattr(self, "_depth", 0) + 1
        if depth > MAX_DEPTH:
            mark = self.peek_event().start_mark
            raise ArenaError(f"line {mark.line + 1}: nested more than {MAX_DEPTH} levels deep")
        self._depth = depth
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth = depth - 1


def load_yaml(text: str, path: Path) -> Any:
    """Parse ``text`` (read from ``path``) with the restricted loader."""
    loader = _ArenaLoader(text)
    try:
        return loader.get_single_data()
    except ArenaError as err:
        raise err.in_file(path) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ArenaError(f"not valid YAML ({where}{problem})", file=path) from None
    finally:
        loader.dispose()
