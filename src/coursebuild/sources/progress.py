"""Where a long step of the build is: its progress line with counts (``figures 12/61``,
``notebooks 4/16``, ``books 2/4``).

On a terminal the line is rewritten in place as the step advances (a carriage return and
"erase to the end of the line"), and the step's last line stays; in a log (a file, a
pipe: a CI job, a test) each advance is a line of its own, so that the log says what was
done and when, and holds no control character.

>>> import io
>>> log = io.StringIO()
>>> step = Progress("books", 2, log)
>>> step.advance("students-fr.pdf 11.1 s")
>>> step.advance("teachers-fr.pdf 6.0 s")
>>> step.close()
>>> print(log.getvalue(), end="")
books 1/2 students-fr.pdf 11.1 s
books 2/2 teachers-fr.pdf 6.0 s
"""

from __future__ import annotations

import shutil
import sys
import threading
from typing import TextIO


class Progress:
    """The progress of ``step`` over ``total`` items, written to ``stream`` (standard
    error by default). :meth:`advance` may be called from several threads."""

    def __init__(self, step: str, total: int, stream: TextIO | None = None) -> None:
        self.step, self.total, self.done = step, total, 0
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.in_place = bool(isatty and isatty())
        self._lock = threading.Lock()
        self._open = False          # a line written in place and not yet ended
        self._last = ""

    def line(self, label: str = "") -> str:
        """The step's line after ``self.done`` items, ``label`` saying the last one."""
        return f"{self.step} {self.done}/{self.total}" + (f" {label}" if label else "")

    def advance(self, label: str = "") -> None:
        """One more item done, ``label`` naming it (and what it took)."""
        with self._lock:
            self.done += 1
            text = self.line(label)
            if self.in_place:
                width = shutil.get_terminal_size((100, 24)).columns - 1
                self._last = text[:max(width, 20)]
                self.stream.write("\r\x1b[K" + self._last)
                self._open = True
                if self.done >= self.total:
                    self.stream.write("\n")
                    self._open = False
            else:
                self.stream.write(text + "\n")
            self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own (a warning) said while the step runs: on a terminal, above
        the progress line, which is written again below it."""
        with self._lock:
            if self._open:
                self.stream.write("\r\x1b[K" + text + "\n" + self._last)
            else:
                self.stream.write(text + "\n")
            self.stream.flush()

    def close(self) -> None:
        """The step is over (done or stopped): a line left open in place is ended, so that
        what is printed next starts on a line of its own."""
        with self._lock:
            if self._open:
                self.stream.write("\n")
                self.stream.flush()
                self._open = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
