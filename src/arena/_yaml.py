"""A YAML reader for arena files that refuses what a game description never needs.

Anchors and aliases are refused (they let a small file expand into a huge or cyclic
structure), and so is nesting deeper than a few levels. A file means what it says: every
scalar is the text written (``0450``, ``010``, ``on``, ``1:30``, ``1e3`` are names, not
numbers or booleans; only an empty value is null), and a key written twice in a mapping
is refused with its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from arena.errors import ArenaError

MAX_DEPTH = 8


class _ArenaLoader(yaml.SafeLoader):
    """SafeLoader without aliases, with a nesting limit, scalars read as text and
    duplicate keys refused."""

    # no implicit types: a plain scalar is a string, except the empty value (null)
    yaml_implicit_resolvers = {"": [("tag:yaml.org,2002:null", None)]}

    def construct_mapping(self, node, deep=False):  # type: ignore[no-untyped-def]
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node.start_mark.line + 1)
                except TypeError:       # an unhashable key: SafeLoader's own error follows
                    continue
                if first != key_node.start_mark.line + 1:
                    raise ArenaError(f"line {key_node.start_mark.line + 1}: key {key!r} is "
                                     f"written twice in the same mapping (first on line "
                                     f"{first})")
        return super().construct_mapping(node, deep=deep)

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
    loader = None
    try:
        # the reader checks every character as it is built: a NUL byte fails here
        loader = _ArenaLoader(text)
        return loader.get_single_data()
    except ArenaError as err:
        raise err.in_file(path) from None
    except yaml.reader.ReaderError as err:
        # a character YAML does not allow (NUL, other control characters): its offset
        raise ArenaError(f"not valid YAML (offset {err.position}: unacceptable "
                         f"character U+{err.character:04X})", file=path) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ArenaError(f"not valid YAML ({where}{problem})", file=path) from None
    finally:
        if loader is not None:
            loader.dispose()
