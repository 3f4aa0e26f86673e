"""The course's formulas typeset when the site is built, not in the reader's browser.

The pages write maths in TeX: arithmatex's spans (``<span class="arithmatex">\\(x\\)</span>``,
``<div class="arithmatex">\\[...\\]</div>``) in the chapters, ``$x$`` and ``$$...$$`` in
the notebooks' Markdown cells. :func:`typeset_page` replaces each by KaTeX's rendering
(``js/maths.mjs``, the npm package pinned by ``package-lock.json``): HTML and CSS for the
eye, with only the fonts the page's formulas use, and MathML for screen readers, whose
``<annotation encoding="application/x-tex">`` keeps the TeX as written. The readers of the
built pages that want the TeX (the books, the counts' finder) read it back with
:func:`restore_tex` and :func:`tex_of`.

One Node process per MkDocs build typesets what the cache does not hold: each formula's
rendering is kept in ``.cache/maths/`` under a digest of its TeX, its mode and the
renderer (KaTeX's version and ``js/maths.mjs``), so that a build typesets only the
formulas that are new. The same TeX gives the same bytes.
"""

from __future__ import annotations

import atexit
import hashlib
import html
import json
import re
import shutil
import subprocess

from arena._files import write_atomic
from coursebuild.paths import ROOT

__all__ = ["MathsError", "end_build", "restore_tex", "tex_of", "typeset", "typeset_page"]

SCRIPT = ROOT / "js" / "maths.mjs"
KATEX = ROOT / "node_modules" / "katex"
CACHE = ROOT / ".cache" / "maths"

# arithmatex's output (generic mode): the TeX, HTML-escaped, with its delimiters
FORMULA = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.S)
# a notebook's Markdown cell: $$display$$ or $inline$ (not \$, not "$ 5 and $ 6")
NOTEBOOK_FORMULA = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$"
                              r"|(?<![\\$])\$(?=[^\s$])(.+?)(?<=[^\s\\$])\$(?!\$)", re.S)
# where a notebook's page has the text of its Markdown cells: the cells, and the titles of
# their headings in the tables of contents
_NOTEBOOK_TEXT = re.compile(r'class="[^"]*\b(?:jp-RenderedMarkdown|md-ellipsis)\b')
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/?)>|<!--.*?-->", re.S)
_NOT_PROSE = {"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}


class MathsError(ValueError):
    """A formula KaTeX cannot typeset (its message names the formula)."""


def _renderer_key() -> str:
    version = json.loads((KATEX / "package.json").read_text("utf-8"))["version"]
    return f"katex {version} " + hashlib.sha256(SCRIPT.read_bytes()).hexdigest()


class _Node:
    """The build's Node process (``js/maths.mjs``), started at the first formula that the
    cache does not hold and ended with the build (:func:`end_build`, or at exit)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        atexit.register(self.close)

    def render(self, pairs: list[tuple[str, bool]]) -> list[dict]:
        if self.proc is None or self.proc.poll() is not None:
            node = shutil.which("node")
            if node is None:
                raise MathsError("maths: `node` is not on the PATH: install Node.js, then "
                                 "run `npm ci` (make site does)")
            if not (KATEX / "package.json").exists():
                raise MathsError(f"maths: {KATEX} is missing: run `npm ci` (make site does)")
            self.proc = subprocess.Popen([node, str(SCRIPT)], cwd=ROOT, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, encoding="utf-8")
        if self.proc.stdin is None or self.proc.stdout is None:   # pipes asked for above
            raise MathsError(f"maths: {SCRIPT.name} was started without its pipes")
        self.proc.stdin.write(json.dumps(pairs) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise MathsError(f"maths: {SCRIPT.name} ended without answering")
        return json.loads(line)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait()
        self.proc = None


_NODE = _Node()
_KEY: list[str] = []


def end_build() -> None:
    """End the build's Node process (the hook's last event): the next build, in the same
    process (``make serve``), starts its own if it has formulas to typeset, and reads
    KaTeX's version and the script again."""
    _NODE.close()
    _KEY.clear()


def typeset(formulas: list[tuple[str, bool]], where: str = "") -> list[str]:
    """The HTML of each ``(tex, display)`` formula (KaTeX: HTML and MathML), from the cache
    or typeset by the build's Node process, all the missing ones at once.

    Raises :class:`MathsError` naming ``where`` and the formula KaTeX rejects.
    """
    if not _KEY:
        _KEY.append(_renderer_key())
    digests = [hashlib.sha256(f"{_KEY[0]}\0{'D' if d else 'I'}\0{t}".encode()).hexdigest()
               for t, d in formulas]
    out: dict[str, str] = {}
    missing: dict[str, tuple[str, bool]] = {}
    for digest, formula in zip(digests, formulas, strict=True):
        path = CACHE / f"{digest}.html"
        if digest in out or digest in missing:
            continue
        if path.exists():
            out[digest] = path.read_text("utf-8")
        else:
            missing[digest] = formula
    if missing:
        answers = _NODE.render(list(missing.values()))
        CACHE.mkdir(parents=True, exist_ok=True)
        for (digest, (tex, _)), answer in zip(missing.items(), answers, strict=True):
            if "error" in answer:
                raise MathsError(f"{where}: the formula {tex!r} cannot be typeset: "
                                 f"{answer['error']}")
            out[digest] = answer["html"]
            write_atomic(CACHE / f"{digest}.html", answer["html"])
    return [out[d] for d in digests]


def _notebook_formulas(page: str) -> list[tuple[int, int, str, bool]]:
    """Where the formulas of a notebook's Markdown cells are: ``(start, end, tex,
    display)``, in the text of the cells (``jp-RenderedMarkdown``) and of their headings in
    the tables of contents (``md-ellipsis``), never in code."""
    found = []
    stack: list[tuple[str, bool, bool]] = []      # (tag, in a Markdown cell, not prose)
    pos = 0
    for m in _TAG.finditer(page):
        markdown = stack[-1][1] if stack else False
        skip = stack[-1][2] if stack else False
        if markdown and not skip:
            for f in NOTEBOOK_FORMULA.finditer(page, pos, m.start()):
                display = f.group(1) is not None
                found.append((f.start(), f.end(), html.unescape(f.group(1) if display
                                                                else f.group(2)), display))
        pos = m.end()
        closing, name, attrs, empty = m.group(1), (m.group(2) or "").lower(), m.group(3), m.group(4)
        if not name or empty or name in _VOID:
            continue
        if closing:
            while stack and stack.pop()[0] != name:
                pass
        else:
            stack.append((name, markdown or bool(_NOTEBOOK_TEXT.search(attrs or "")),
                          skip or name in _NOT_PROSE))
    return found


def typeset_page(page: str, where: str = "", notebook: bool = False) -> str:
    """A built page with its formulas typeset (arithmatex's spans, and with ``notebook``
    the ``$...$`` of the Markdown cells), each in an element of class ``arithmatex`` as
    before: a ``span`` (a ``div`` for a displayed formula of a chapter)."""
    spots: list[tuple[int, int, str, str, bool]] = []     # start, end, tag, tex, display
    for m in FORMULA.finditer(page):
        body = html.unescape(m.group(2)).strip()
        display = m.group(1) == "div"
        opening, closing = (r"\[", r"\]") if display else (r"\(", r"\)")
        if not (body.startswith(opening) and body.endswith(closing)):
            raise MathsError(f"{where}: a formula without its delimiters: {body!r}")
        spots.append((m.start(), m.end(), m.group(1), body[2:-2], display))
    if notebook:
        spots += [(s, e, "span", tex, d) for s, e, tex, d in _notebook_formulas(page)]
        spots.sort()
    if not spots:
        return page
    rendered = typeset([(tex, display) for _, _, _, tex, display in spots], where)
    out, pos = [], 0
    for (start, end, tag, _, _), body in zip(spots, rendered, strict=True):
        if _HEADER_BEFORE.search(page, max(0, start - 300), start) and \
                _HEADER_AFTER.match(page, end):
            body = _header(body)
        out += [page[pos:start], f'<{tag} class="arithmatex">', body, f"</{tag}>"]
        pos = end
    out.append(page[pos:])
    return "".join(out)


# a table's header cell that holds a formula alone
_HEADER_BEFORE = re.compile(r"<th\b[^>]*>\s*\Z")
_HEADER_AFTER = re.compile(r"\s*</th>")


def _header(body: str) -> str:
    """A formula alone in a table's header cell: its drawing is what assistive technology
    reads there (a header cell needs text it can see: axe's empty-table-header), its
    MathML copy hidden from it, so that it is read once."""
    return body.replace('<span class="katex-mathml">', '<span class="katex-mathml" '
                        'aria-hidden="true">', 1).replace(
        '<span class="katex-html" aria-hidden="true">', '<span class="katex-html">', 1)


def tex_of(element) -> str:
    """The TeX of a formula of a built page (a BeautifulSoup element of class
    ``arithmatex``) with its delimiters, as the page's source wrote it: ``\\(x\\)``,
    ``\\[...\\]``. A formula not typeset (a page made without the hook) is its text."""
    annotation = element.find("annotation", attrs={"encoding": "application/x-tex"})
    if annotation is None:
        return element.get_text()
    tex = annotation.get_text()
    return rf"\[{tex}\]" if element.name == "div" else rf"\({tex}\)"


def restore_tex(root) -> None:
    """Put back the TeX of each typeset formula under ``root`` (BeautifulSoup), as the
    page had it before :func:`typeset_page`: what the books convert to LaTeX."""
    for element in root.select(".arithmatex"):
        tex = tex_of(element)
        element.clear()
        element.string = tex
