"""The layout of ``arena render``, in a process of its own (:func:`arena.cli._layout`):
reads the pickled ``(dot, title, desc, titles)`` on standard input, writes the pickled
``(svg, pdf)`` on standard output; exit status 3 with Graphviz's complaint on standard
error when it has one."""

from __future__ import annotations

import pickle
import sys


def main() -> None:
    from arena import render
    from arena.errors import RenderError

    dot, title, desc, titles = pickle.loads(sys.stdin.buffer.read())
    try:
        result = render.render(dot, title=title, desc=desc, titles=titles)
    except RenderError as exc:
        sys.stderr.write(f"{exc}\n")
        raise SystemExit(3) from None
    sys.stdout.buffer.write(pickle.dumps(result))
