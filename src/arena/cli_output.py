"""What the ``arena`` command writes, and where: its JSON, the escaping of what it shows
on a terminal, and the streams a rules file's prints are sent to (standard error).

A rules file is Python run in the command's own process (SPEC §9): it may replace
``json.dumps``, ``json.encoder``'s functions or ``sys.stdout``. The JSON is therefore
written by :func:`json_text` with functions taken when this module is imported, before
any rules file runs, and the output goes to a duplicate of descriptor 1 taken before the
rules are read (:func:`rules_output`). This stops a rules file from forging ``--json`` by
accident or by replacing the standard library's functions; it cannot stop code written to
do harm (code that imports this module and replaces its functions, or writes to the
descriptors itself): a rules file is trusted code, and the help says that it can change
any output.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from json.encoder import encode_basestring as _quote_json
from typing import Any, TextIO

__all__ = ["json_text", "rules_output", "terminal_safe", "say", "drop_stdout"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_INT_TEXT = int.__repr__
_DICT, _LIST, _TUPLE, _STR, _INT, _BOOL = dict, list, tuple, str, int, bool
_TYPE = type


def json_text(value: Any, indent: int = 2) -> str:
    """``value`` as the text ``json.dumps(value, ensure_ascii=False, indent=indent)``
    writes, for the values of a report (dicts with text keys, lists, tuples, texts,
    whole numbers, booleans and ``None``), written with the functions this module took
    at import (a rules file that replaces ``json.dumps`` changes nothing here).

    >>> print(json_text({"id": "é", "successors": [1, None], "params": {}}))
    {
      "id": "é",
      "successors": [
        1,
        null
      ],
      "params": {}
    }

    Raises
    ------
    TypeError
        A value of another type (a float, a set...): a report never holds one.
    """
    parts: list[str] = []
    _write(value, parts, 0, " " * indent)
    text = "".join(parts)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:      # a lone surrogate (a rules file's text): escaped,
        text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)   # as JSON allows
    return text


def _write(value: Any, parts: list[str], depth: int, step: str) -> None:
    """Append the JSON of ``value`` at nesting ``depth`` to ``parts`` (``step``: one
    level of indentation)."""
    kind = _TYPE(value)
    if kind is _STR:
        parts.append(_quote_json(value))
    elif kind is _BOOL:
        parts.append("true" if value else "false")
    elif kind is _INT:
        parts.append(_INT_TEXT(value))
    elif value is None:
        parts.append("null")
    elif kind is _DICT:
        if not value:
            parts.append("{}")
            return
        inner = "\n" + step * (depth + 1)
        first = True
        parts.append("{")
        for key, item in value.items():
            if _TYPE(key) is not _STR:
                raise TypeError(f"a JSON key must be a text, not {_TYPE(key).__name__}")
            parts.append(inner if first else "," + inner)
            first = False
            parts.append(_quote_json(key))
            parts.append(": ")
            _write(item, parts, depth + 1, step)
        parts.append("\n" + step * depth + "}")
    elif kind is _LIST or kind is _TUPLE:
        if not value:
            parts.append("[]")
            return
        inner = "\n" + step * (depth + 1)
        parts.append("[")
        for k, item in enumerate(value):
            parts.append(inner if k == 0 else "," + inner)
            _write(item, parts, depth + 1, step)
        parts.append("\n" + step * depth + "]")
    else:
        raise TypeError(f"a report holds no {kind.__name__}")


class _Forward(io.TextIOBase):
    """A text stream that writes to ``target``: what a rules file sees as its standard
    output and error. Closing it closes nothing else."""

    def __init__(self, target: TextIO) -> None:
        self.target = target

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if not self.target.closed:
            self.target.write(text)
        return len(text)

    def flush(self) -> None:
        if not self.target.closed:
            self.target.flush()


@contextmanager
def rules_output(active: bool, out: TextIO, err: TextIO) -> Iterator[TextIO]:
    """While a rules file runs (``active``): what it prints goes to standard error, never
    into the output (SPEC §9). Yields the stream the command's output is to be written to.

    In a process of its own (``out`` and ``err`` are the interpreter's streams), the
    rules can go on printing after they have returned, from a thread they started or an
    ``atexit`` handler: so the output is written on a duplicate of descriptor 1 taken
    before the rules are read, and descriptor 1, ``sys.stdout`` and ``sys.__stdout__``
    point to standard error for the rest of the process. Called in-process with other
    streams (a test's ``StringIO``), what the rules do to ``sys.stdout`` or
    ``sys.stderr`` (close them, replace them) is undone when they have run."""
    if not active:
        yield out
        return
    saved = (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__)
    forward = _Forward(err)
    names = ("stdout", "stderr", "__stdout__", "__stderr__")
    whole_process = out is sys.__stdout__ and err is sys.__stderr__
    target = out
    if whole_process:
        try:
            out.flush()
            kept = os.dup(1)            # not inheritable: a child of the rules has none
            os.dup2(2, 1)
            target = io.TextIOWrapper(io.FileIO(kept, "w"), encoding=out.encoding,
                                      errors=out.errors, newline="\n")
        except (OSError, ValueError, AttributeError):   # no descriptors to work with
            whole_process = False
    for name in names:
        setattr(sys, name, forward)
    try:
        yield target
    finally:
        with suppress(ValueError):
            forward.flush()
        # in a process of its own, the rules' threads and exit handlers keep writing to
        # standard error: only the streams the rules replaced or closed are undone
        for name, stream in zip(names, saved):
            if not whole_process or name in ("stderr", "__stderr__"):
                setattr(sys, name, stream)


def terminal_safe(text: str) -> str:
    r"""``text`` with every control character written as an escape.

    A file name or an option value can hold terminal escape sequences; written raw to a
    terminal they would recolour it, move the cursor or retitle the window.

    >>> print(terminal_safe("\x1b[31mred.yaml: no such file\n"))
    \x1b[31mred.yaml: no such file\x0a
    """
    return "".join(
        c if c.isprintable() or c == " " else
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") for c in text)


def say(err: TextIO, line: str) -> None:
    """Write one line to ``err``, its control characters escaped (:func:`terminal_safe`)."""
    err.write(terminal_safe(line.rstrip("\n")) + "\n")


def drop_stdout(out: TextIO) -> None:
    """Python's recipe: what is left in the output's buffer goes nowhere, so the
    interpreter's exit raises no second error (``out`` is standard output, or the
    duplicate of it a rules file's output is written to; a test's stream is left alone)."""
    if out is sys.stdout or isinstance(out, io.TextIOWrapper):
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
