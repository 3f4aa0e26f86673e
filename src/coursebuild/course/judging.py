"""The Check's two interpreters: the student's answers, and a judge that never runs them.

A Check (:func:`coursebuild.course.python_exercises.check`) must hold whatever the student's code
does to the Python it runs in: ``sys.settrace``, frames whose locals it writes, objects
found through :mod:`gc`, a function's ``__code__`` swapped, a class patched... Inside one
interpreter nothing stops such code from reaching the checker. So the Check is cut in two:

1. In an interpreter of its own (a fresh process in CPython, a fresh Web Worker in the
   page), the student's code runs and its function is asked every question of the
   checker. Each answer is turned into plain data (:func:`encode`) and written on a
   :class:`Tape`, with what the call printed. The tape, a JSON text, is all that leaves.
2. In another interpreter, which never runs the student's code (the calling process in
   CPython, a second worker in the page), the same checker runs again and reads each
   answer from the tape instead of calling the function: it computes the expected
   answers itself and gives the verdict.

What the student's code does in its own interpreter can change only its own answers, and
a wrong answer, however it was made, fails. (The measures some checks take of the work
done, the leaves alpha-beta reads and the time and reads of the linear attractor, are
answers of that interpreter too: code that tampers with it can fake them.)

>>> tape = Tape()
>>> tape.record("value", {(1, 0): [2, {3}], "x": (None, 1.5)}, "printed\\n")
>>> judge = Tape.replay(tape.dumps())
>>> judge.next()
('value', {(1, 0): [2, {3}], 'x': (None, 1.5)})
>>> judge.printed(0)
'printed\\n'
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from typing import Any

__all__ = ["CappedText", "Tape", "TapeError", "decode", "encode", "fresh_process"]

KINDS = ("value", "raised", "recursion", "unplain")
"""What a call gave: a value, an exception (its traceback as text), a RecursionError, or
a value that is not plain data (why, as text)."""

MAX_DEPTH = 200
"""How deep a value may nest (as :func:`coursebuild.course.python_exercises._plain` allows)."""

MAX_TEXT = 20_000
"""The longest text (a traceback, what a call printed) the judge takes from a tape."""


class TapeError(ValueError):
    """A tape the judge cannot read: never written by the checker (or tampered with);
    ``early`` when it ends before the checker's questions do."""

    def __init__(self, why: str, early: bool = False) -> None:
        super().__init__(why)
        self.early = early


def encode(x: Any, depth: int = 0) -> Any:
    """A plain value as JSON data that keeps its types: a tuple, a set, a frozenset, a
    dict (whose keys may be tuples) and a float are tagged; ``x`` holds only built-in
    values (:func:`coursebuild.course.python_exercises._plain` made it so).

    >>> encode({(0, 1): {2}, "a": [1.0, None]})
    {'d': [[{'t': [0, 1]}, {'s': [2]}], ['a', [{'f': '1.0'}, None]]]}
    """
    t = type(x)
    if x is None or t is bool or t is str:
        return x
    if t is int:
        str(x)                     # an int too long to write raises ValueError here
        return x
    if depth > MAX_DEPTH:
        raise ValueError("too deeply nested")
    if t is float:
        return {"f": repr(x)}
    if t is list:
        return [encode(v, depth + 1) for v in x]
    if t is tuple:
        return {"t": [encode(v, depth + 1) for v in x]}
    if t is set or t is frozenset:
        return {"s" if t is set else "fs": [encode(v, depth + 1) for v in x]}
    if t is dict:
        return {"d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in x.items()]}
    raise ValueError(f"a value of type {t.__name__}")


def decode(x: Any, depth: int = 0) -> Any:
    """The value :func:`encode` wrote, made of built-in types only; anything else, from
    a tape that the checker did not write, raises :class:`TapeError`.

    >>> decode(encode({(0, 1): {2}, "a": [1.0, None, float("inf")]}))
    {(0, 1): {2}, 'a': [1.0, None, inf]}
    """
    t = type(x)
    if x is None or t is bool or t is str or t is int:
        return x
    if depth > MAX_DEPTH:
        raise TapeError("too deeply nested")
    if t is list:
        return [decode(v, depth + 1) for v in x]
    if t is not dict or len(x) != 1:
        raise TapeError(f"not a value: {type(x).__name__}")
    (tag, body), = x.items()
    try:
        if tag == "f" and type(body) is str:
            value = float(body)
            if repr(value) != body and not math.isnan(value):
                raise TapeError("not a float")
            return value
        if type(body) is not list:
            raise TapeError("not a value")
        items = [decode(v, depth + 1) for v in body]
        if tag == "t":
            return tuple(items)
        if tag == "s":
            return set(items)
        if tag == "fs":
            return frozenset(items)
        if tag == "d" and all(type(p) is list and len(p) == 2 for p in items):
            return {k: v for k, v in items}
    except TypeError as exc:                    # an unhashable key or element
        raise TapeError(str(exc)) from None
    raise TapeError(f"unknown tag {tag!r}")


class CappedText(io.TextIOBase):
    """Where a call's prints go while the checker asks it a question: the first and the
    last ``part`` characters are kept, with the number left out between them."""

    def __init__(self, part: int = 2000) -> None:
        self.part = part
        self.head = ""
        self.tail = ""
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = self.part - len(self.head)
        if room > 0:
            self.head += text[:room]
        rest = text[max(room, 0):]
        if rest:
            self.tail += rest
            if len(self.tail) > 2 * self.part:
                self.dropped += len(self.tail) - self.part
                self.tail = self.tail[-self.part:]
        return len(text)

    def text(self, left_out: Callable[[int], str] = "\n… {} …\n".format) -> str:
        """What was printed; ``left_out(n)`` says that n characters were left out."""
        if len(self.tail) > self.part:
            self.dropped += len(self.tail) - self.part
            self.tail = self.tail[-self.part:]
        return self.head + (left_out(self.dropped) if self.dropped else "") + self.tail


class Tape:
    """The answers of the student's code, in the order the checker asked for them.

    Written by :meth:`record` in the student's interpreter; read back by :meth:`next`
    in the judge's (:meth:`replay`), where each entry is checked to be what the checker
    writes: a kind of :data:`KINDS`, a value made of built-in types, texts."""

    def __init__(self) -> None:
        self.load: dict[str, Any] = {"error": None, "out": ""}
        self.entries: list[dict[str, Any]] = []
        self.position = 0
        self.replaying = False

    def set_load(self, error: str | None, out: str) -> None:
        """How the code's top level ran: ``error`` is the message to show, or None."""
        self.load = {"error": error, "out": out}

    def record(self, kind: str, value: Any, out: str) -> None:
        entry: dict[str, Any] = {"kind": kind, "out": out}
        if kind == "value":
            entry["value"] = encode(value)
        elif kind in ("raised", "unplain"):
            entry["value"] = str(value)
        self.entries.append(entry)

    def dumps(self) -> str:
        return json.dumps({"load": self.load, "entries": self.entries}, ensure_ascii=False,
                          separators=(",", ":"))

    @classmethod
    def replay(cls, text: str) -> Tape:
        """The tape of ``text``, to be read by the judge; :class:`TapeError` if it is
        not one."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise TapeError(f"not JSON ({type(exc).__name__})") from None
        if (type(data) is not dict or type(data.get("load")) is not dict
                or type(data.get("entries")) is not list):
            raise TapeError("not a tape")
        tape = cls()
        error, out = data["load"].get("error"), data["load"].get("out")
        if not (error is None or type(error) is str) or type(out) is not str:
            raise TapeError("not a tape")
        tape.load = {"error": None if error is None else error[:MAX_TEXT], "out": out[:MAX_TEXT]}
        tape.entries = data["entries"]
        tape.replaying = True
        return tape

    def next(self) -> tuple[str, Any]:
        """The next answer: ``(kind, value)``; :class:`TapeError` when the tape ends
        before the checker's questions do, or holds something the checker never writes."""
        if self.position >= len(self.entries):
            raise TapeError("the answers end too early", early=True)
        entry = self.entries[self.position]
        self.position += 1
        if type(entry) is not dict or entry.get("kind") not in KINDS:
            raise TapeError("not an answer")
        kind = entry["kind"]
        if kind == "value":
            return kind, decode(entry.get("value"))
        if kind == "recursion":
            return kind, None
        text = entry.get("value")
        if type(text) is not str:
            raise TapeError("not an answer")
        return kind, text[:MAX_TEXT]

    def printed(self, index: int) -> str:
        """What the call of entry ``index`` printed ('' if none, or no such entry)."""
        if 0 <= index < len(self.entries) and type(self.entries[index]) is dict:
            out = self.entries[index].get("out")
            if type(out) is str:
                return out[:MAX_TEXT]
        return ""


# --------------------------------------------------------------------------- CPython

def fresh_process(target: str, args: tuple, timeout: float,
                  preload: tuple[str, ...] = ()) -> tuple[str, str]:
    """``target`` (``"module:function"``, which returns a str) called with ``args`` in a
    fresh process: ``("ok", its result)``, ``("error", the exception's last line)``,
    ``("died", "")`` when the process ends without a word (``os._exit``, a crash) or
    ``("timeout", "")`` after ``timeout`` seconds (the process is killed).

    The process is forked from a server that imported the modules of ``preload`` and has
    never run anything else (multiprocessing's ``forkserver``, where the system has it),
    so it starts in a few milliseconds, as clean as a new interpreter; elsewhere it is a
    new interpreter (``spawn``). As with any use of multiprocessing, a script that calls
    this runs its work under ``if __name__ == "__main__":``."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(preload))
    else:
        context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(writer, target, args), daemon=True)
    process.start()
    writer.close()
    try:
        if not reader.poll(timeout):
            return "timeout", ""
        try:
            answer = reader.recv()
        except (EOFError, OSError):
            return "died", ""
        if type(answer) is tuple and len(answer) == 2 and answer[0] in ("ok", "error") \
                and type(answer[1]) is str:
            return answer
        return "died", ""
    finally:
        reader.close()
        if process.is_alive():
            process.kill()
        process.join()


def _child(conn: Any, target: str, args: tuple) -> None:
    """In the fresh process: nothing printed reaches the caller's terminal; the answer
    goes back through ``conn``."""
    import importlib
    import os
    import traceback

    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(null, 2)
    module, name = target.split(":")
    try:
        result = ("ok", str(getattr(importlib.import_module(module), name)(*args)))
    except BaseException as exc:      # noqa: BLE001 - said to the caller in one line
        result = ("error", traceback.format_exception_only(type(exc), exc)[-1].strip())
    conn.send(result)
    conn.close()
