"""What Graphviz writes while it lays out or draws (on the C stderr, which Python does not
see): collected, and turned into :class:`~arena.errors.RenderError` when it is a real
warning or error."""

from __future__ import annotations

import os
import re
import sys
import tempfile
from contextlib import contextmanager

from arena.errors import RenderError

_HARMLESS = re.compile(r"Fontconfig warning: .*conf\.avail.*|^\s*$")


@contextmanager
def graphviz_messages(what: str):
    """Collect what Graphviz writes on the C stderr; raise :class:`RenderError` on any
    real warning or error."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines = sink.read().decode("utf-8", "replace").splitlines()
    problems = [line for line in lines if not _HARMLESS.match(line)]
    if problems:
        raise RenderError(f"Graphviz, {what}: " + " | ".join(problems))
