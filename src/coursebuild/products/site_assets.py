"""What the site carries besides its pages, which the MkDocs hook (:mod:`coursebuild.hook`)
adds to both languages' files: the files taken from ``node_modules`` (Pyodide's core,
KaTeX's stylesheet and fonts, the exercises' editor), the figures' font, and the zip of the
library's sources with the exercises' modules and the notebooks' pure-Python packages that Pyodide
unpacks (:func:`library_zip`)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from coursebuild.paths import ROOT

EXAMPLES = ROOT / "docs" / "examples"
NODE = ROOT / "node_modules"
EDITOR_JS = ROOT / "build" / "js" / "editor.js"
# the Pyodide core files a worker needs (no packages: the library is pure Python)
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
FONT_FILES = ("SourceSansPro-Regular.ttf", "SourceSansPro-Bold.ttf", "SourceSansPro-It.ttf")
"""The pages' fonts, served as WOFF2 (:func:`web_font`), with the font's LICENSE.txt."""
WEB_FONT_TEXT = ("20-7E,A0-17F,192,2C6,2C7,2D8-2DD,300-36F,2000-206F,20AC,2122,2190-2199,"
                 "2212,2260,2264,2265,2713,2717")
"""What the pages' subsets of the font keep: Latin (French and English, with their
quotation marks, dashes and no-break spaces), arrows, a few signs; a character outside it
is drawn by the reader's own sans-serif font."""
WEB_FONTS = ROOT / "build" / "fonts"


def web_font(ttf: Path) -> bytes:
    """``ttf`` as WOFF2 for the pages, cut to :data:`WEB_FONT_TEXT` without hinting
    (phones' screens need none), or whole if that were smaller (the regular: 294 KB as
    TrueType, 87 KB as WOFF2, 19 KB cut). Same bytes each time; kept in ``build/fonts``,
    made again when the font, the text kept or fontTools change."""
    import hashlib
    import io

    import fontTools
    from fontTools import subset
    from fontTools.ttLib import TTFont

    source = ttf.read_bytes()
    key = hashlib.sha256(source + WEB_FONT_TEXT.encode() + fontTools.version.encode())
    cached = WEB_FONTS / f"{ttf.stem}-{key.hexdigest()[:16]}.woff2"
    if cached.exists():
        return cached.read_bytes()
    whole = TTFont(io.BytesIO(source), recalcTimestamp=False)
    whole.flavor = "woff2"
    out = io.BytesIO()
    whole.save(out)
    options = subset.Options(hinting=False, notdef_outline=True,
                             name_IDs=["*"], name_languages=["*"], recalc_timestamp=False)
    cut = TTFont(io.BytesIO(source), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(WEB_FONT_TEXT))
    subsetter.subset(cut)
    cut.flavor = "woff2"
    small = io.BytesIO()
    cut.save(small)
    data = min(out.getvalue(), small.getvalue(), key=len)
    WEB_FONTS.mkdir(parents=True, exist_ok=True)
    from arena._files import write_atomic

    write_atomic(cached, data)
    return data


def _node_file(*parts: str) -> Path:
    path = NODE.joinpath(*parts)
    if not path.exists():
        raise PluginError(f"{path} is missing: run `make site` (it runs `npm ci`)")
    return path


def katex_fonts() -> list[Path]:
    """KaTeX's fonts, WOFF2 alone (every browser the site serves reads it)."""
    return sorted(_node_file("katex", "dist", "fonts").glob("*.woff2"))


def katex_css() -> bytes:
    """KaTeX's stylesheet (its font-display: swap one: a formula shows before its fonts
    arrive) naming its WOFF2 fonts alone (the site carries no other format):
    a browser fetches the fonts the page's formulas use, no more."""
    import re

    css = _node_file("katex", "dist", "katex-swap.min.css").read_text("utf-8")
    css, n = re.subn(r'src:url\((fonts/[^)]+\.woff2)\) format\("woff2"\)(?:,url\([^)]+\) '
                     r'format\("[a-z]+"\))*', r'src:url(\1) format("woff2")', css)
    if n != len(katex_fonts()):
        raise PluginError(f"{NODE}/katex/dist/katex-swap.min.css: {n} fonts found in WOFF2, "
                          f"{len(katex_fonts())} files")
    return css.encode("utf-8")


# what the exercises need in the browser besides the library: the checkers, the examples
# they share with the pages, the typography of their French messages
PYODIDE_COURSE_MODULES = ("__init__.py", "paths.py", "course/examples.py", "sources/typography.py",
                          "course/python_exercises/__init__.py", "course/python_exercises/names.py",
                          "course/python_exercises/state.py", "course/python_exercises/asking.py",
                          "course/python_exercises/graphs.py",
                          "course/python_exercises/complexity.py",
                          "course/python_exercises/trees.py", "course/exercise_cases.py",
                          "course/exercise_verdicts.py", "course/widgets.py", "course/design.py",
                          "products/notebook_kernel.py", "course/judging.py")


def _notebook_packages() -> dict[str, bytes]:
    """What the notebooks run in the browser need besides the library, taken from this
    environment's packages (pure Python, from the package index): PyYAML without its C
    part (a notebook reads a game's YAML), and IPython's pretty printer alone (a cell's
    result shown as Jupyter shows it), as ``IPython/lib/pretty.py`` in an ``IPython``
    package that holds nothing else; each with its licence. Zip name -> content."""
    from importlib.metadata import distribution

    import IPython.lib.pretty
    import yaml

    files = {f"yaml/{p.name}": p.read_bytes()
             for p in sorted(Path(yaml.__file__).parent.glob("*.py"))}
    files["IPython/__init__.py"] = files["IPython/lib/__init__.py"] = b""
    files["IPython/lib/pretty.py"] = Path(IPython.lib.pretty.__file__).read_bytes()
    for name, folder in (("pyyaml", "yaml"), ("ipython", "IPython")):
        for f in distribution(name).files or []:
            if f.name == "LICENSE":
                files[f"{folder}/LICENSE"] = Path(f.locate()).read_bytes()
    return files


def library_zip() -> bytes:
    """The library's sources and the exercises' modules of the course package, as a zip
    Pyodide unpacks (deterministic: sorted, fixed dates)."""
    import io
    import zipfile

    src = ROOT / "src"
    import json

    import graphviz

    from arena import Arena
    from coursebuild.course.exercise_cases import COURSE_EXAMPLES

    files = [(p, p.relative_to(src).as_posix()) for p in sorted((src / "arena").rglob("*.py"))]
    # the graphviz package (pure Python: it writes DOT) that arena.render builds with; the
    # page lays the DOT out with Graphviz compiled to WebAssembly
    package = Path(graphviz.__file__).parent
    files += [(p, p.relative_to(package.parent).as_posix())
              for p in sorted(package.rglob("*.py"))]
    files += [(src / "coursebuild" / name, f"coursebuild/{name}")
              for name in PYODIDE_COURSE_MODULES]
    # the checkers try the course's own game files too, as JSON (no PyYAML in the browser)
    data = {f"coursebuild/course/examples/{name}.json": json.dumps(
        Arena.from_file(EXAMPLES / f"{name}.yaml").to_dict(), ensure_ascii=False,
        sort_keys=True).encode() for name in COURSE_EXAMPLES}
    data.update(_notebook_packages())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in [(n, p.read_bytes()) for p, n in files] + sorted(data.items()):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return buffer.getvalue()
