"""Run a notebook's code cells in the browser (Pyodide) as Jupyter's Python kernel runs them.

The notebook pages of the site let a student run and edit every cell in place
(``assets/javascripts/notebook.js``, its worker ``notebook-worker.js``). The worker keeps
one :class:`Kernel`: the cells share its namespace, what a cell prints is its ``stream``
output, and the value of its last line, when it is an expression, is its result, shown
as IPython shows it (``IPython.lib.pretty``, bundled with the site's copy of the library)
or, for an object that draws itself (``_repr_svg_``, as :func:`arena.notebook.figure`
returns), as an SVG. Drawings are laid out by Graphviz compiled to WebAssembly, which the
worker hands to :data:`arena.render.SVG_ENGINE`.

Each output is a dict: ``{"type": "stream", "text": ...}``, ``{"type": "result",
"text": ...}``, ``{"type": "svg", "svg": ..., "text": ...}`` or ``{"type": "error",
"text": ...}`` (the traceback, without the kernel's own frames).

>>> k = Kernel()
>>> k.run("x = 6 * 7\\nprint('x is', x)\\nx, {3, 1, 2}")
[{'type': 'stream', 'text': 'x is 42\\n'}, {'type': 'result', 'text': '(42, {1, 2, 3})'}]
>>> k.run("x + 1;")
[]
>>> k.run("1 / 0")[0]["text"].splitlines()[-1]
'ZeroDivisionError: division by zero'
"""

from __future__ import annotations

import ast
import io
import json
import linecache
import traceback
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

MAX_TEXT = 20_000
"""What one output may show (characters): the head and the tail of a flood, the number
left out between them."""
LEFT_OUT = {"fr": "\n… {n} caractères omis …\n", "en": "\n… {n} characters left out …\n"}


def _pretty(value: Any) -> str:
    """``value`` as Jupyter shows a cell's result (IPython's pretty printer, its defaults:
    79 columns, 1,000 items at most per container); ``repr`` where IPython is absent."""
    try:
        from IPython.lib.pretty import pretty
    except ModuleNotFoundError:
        return repr(value)
    return pretty(value, max_width=79, max_seq_length=1000)


class _Stream(io.TextIOBase):
    """``sys.stdout`` and ``sys.stderr`` during a cell: text in order, into the outputs."""

    def __init__(self, outputs: list[dict[str, Any]]) -> None:
        self.outputs = outputs

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        if self.outputs and self.outputs[-1]["type"] == "stream":
            self.outputs[-1]["parts"].append(text)
        elif text:
            self.outputs.append({"type": "stream", "parts": [text]})
        return len(text)


class Kernel:
    """A namespace shared by the cells a student runs, in the order they run them."""

    def __init__(self, lang: str = "en") -> None:
        import builtins

        self.lang = lang
        self.namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
        self.count = 0
        try:                # in the worker: drawings laid out by Graphviz in WebAssembly
            import _arena_viz  # type: ignore[import-not-found]

            import arena.render

            arena.render.SVG_ENGINE = lambda source, prog: str(_arena_viz.render(source, prog))
        except ModuleNotFoundError:
            pass

    def run(self, code: str) -> list[dict[str, Any]]:
        """Run one cell; its outputs, in order."""
        self.count += 1
        filename = f"<cell {self.count}>"
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        outputs: list[dict[str, Any]] = []
        stream = _Stream(outputs)
        with redirect_stdout(stream), redirect_stderr(stream):
            try:
                tree = ast.parse(code, filename)
                last = None
                if (tree.body and isinstance(tree.body[-1], ast.Expr)
                        and not code.rstrip().endswith(";")):
                    last = ast.Expression(tree.body.pop().value)
                exec(compile(tree, filename, "exec"), self.namespace)
                if last is not None:
                    value = eval(compile(last, filename, "eval"), self.namespace)
                    if value is not None:
                        self.namespace["_"] = value
                        outputs.append(self._shown(value))
            except BaseException as err:        # noqa: BLE001 - the student's error, shown
                outputs.append({"type": "error", "text": self._traceback(err)})
        for out in outputs:
            if "parts" in out:
                out["text"] = "".join(out.pop("parts"))
            out["text"] = self._capped(out["text"])
        return outputs

    def run_json(self, code: str) -> str:
        return json.dumps(self.run(code))

    def _shown(self, value: Any) -> dict[str, Any]:
        draw = getattr(value, "_repr_svg_", None)
        if callable(draw):
            svg = draw()
            if svg:
                return {"type": "svg", "svg": svg, "text": ""}
        return {"type": "result", "text": _pretty(value)}

    @staticmethod
    def _traceback(err: BaseException) -> str:
        """The traceback from the cell's first frame on (the kernel's frames left out);
        one line for what is not an error but a way out (SystemExit, KeyboardInterrupt,
        any BaseException that is not an Exception), as Jupyter shows it: its name, its
        message and the cell's line that raised it."""
        tb = err.__traceback__
        while tb is not None and not tb.tb_frame.f_code.co_filename.startswith("<cell "):
            tb = tb.tb_next
        if isinstance(err, SyntaxError):
            tb = None
        if not isinstance(err, Exception):
            frames = [f for f in traceback.extract_tb(tb) if f.filename.startswith("<cell ")]
            where = f" ({frames[-1].filename[1:-1]}, line {frames[-1].lineno})" if frames else ""
            return traceback.format_exception_only(type(err), err)[-1].rstrip() + where + "\n"
        return "".join(traceback.format_exception(type(err), err, tb))

    def _capped(self, text: str) -> str:
        if len(text) <= MAX_TEXT:
            return text
        half = MAX_TEXT // 2
        gap = LEFT_OUT.get(self.lang, LEFT_OUT["en"]).format(n=f"{len(text) - 2 * half:,}")
        return text[:half] + gap + text[-half:]

