r"""The names pdfLaTeX's fonts cannot print (Thanh Hương, Ħamrun, Παπαδόπουλος, Петров,
李小龍, 山田太郎, 김민준, محمد علي, דוד כהן...), typeset by LuaLaTeX in the fonts Debian
installs (Latin Modern, then Noto: fonts-noto-core, fonts-noto-cjk), each run of letters in
the first font that has them all, right to left where the script is written so, shaped by
HarfBuzz; each name is a page of one PDF that the sheets include (``\includegraphics``)
at its size, on the line's baseline. A name with a letter no installed font has, or that
LuaLaTeX fails to print, is printed transliterated into Latin letters (anyascii), with a
warning naming its row: never the whole class refused."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

FONT_DIRS = (Path("/usr/share/fonts/truetype/noto"), Path("/usr/share/fonts/opentype/noto"))
"""Where Debian's Noto fonts are (fonts-noto-core, fonts-noto-cjk)."""
SIZE = "10pt"
"""The size the names are set at; the sheets scale each to the size of the text around it
(``\\sheetname`` in :data:`coursebuild.products.sheets.layout.SETTINGS`: 11 pt in a header's field,
12 pt or 14.4 pt in a title), in its bold face where the text around it is bold."""
PDF = "names"
"""The PDF of the names, among the sheets' figures (one page a name)."""

_SCRIPTS = {"Arabic": "arab", "Urdu": "arab", "Hebrew": "hebr", "Devanagari": "dev2",
            "Bengali": "bng2", "Tamil": "tml2", "Telugu": "tel2", "Kannada": "knd2",
            "Malayalam": "mlm2", "Gujarati": "gjr2", "Gurmukhi": "gur2", "Oriya": "ory2",
            "Sinhala": "sinh", "Thai": "thai", "Lao": "lao", "Khmer": "khmr",
            "Myanmar": "mym2", "Tibetan": "tibt", "Armenian": "armn", "Georgian": "geor",
            "Ethiopic": "ethi", "Syriac": "syrc", "Thaana": "thaa", "Mongolian": "mong"}
"""The OpenType script a font's name says it is for, when shaping needs to be told."""
_CJK = {"JP": 0, "KR": 1, "SC": 2}
"""The faces of Noto Serif CJK (its .ttc) for Japanese, Korean and Chinese names."""


@dataclass(frozen=True)
class Font:
    path: Path
    index: int = 0      # the face, in a collection (.ttc)
    script: str = ""    # the OpenType script HarfBuzz shapes it as ("" : none needed)
    embolden: bool = False  # drawn thicker: the bold of a font that has no bold face

    def spec(self) -> str:
        """The font as LuaLaTeX's ``\\font`` takes it (luaotfload, by its file)."""
        face = f"({self.index})" if self.path.suffix == ".ttc" else ""
        script = f"script={self.script};" if self.script else ""
        bold = "embolden=2;" if self.embolden else ""
        return f"[{self.path}]{face}:mode=harf;{script}{bold}"


def bold(font: Font, text: str) -> Font:
    """The bold of ``font`` for ``text``: its family's bold face (``-Bold`` for
    ``-Regular``: Latin Modern's, Noto's) when that face has every letter of ``text``,
    else the font itself drawn thicker."""
    stem = font.path.name
    for regular, heavy in (("-Regular", "-Bold"), ("-regular", "-bold")):
        if regular in stem:
            face = Font(font.path.with_name(stem.replace(regular, heavy)), font.index,
                        font.script)
            if face.path.exists() and all(ord(c) in _cmap(face) for c in text):
                return face
    return Font(font.path, font.index, font.script, embolden=True)


@functools.cache
def _cmap(font: Font) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    try:
        with TTFont(font.path, fontNumber=font.index, lazy=True) as tt:
            return frozenset(tt.getBestCmap() or ())
    except Exception:               # a broken or unreadable font file: it has nothing
        return frozenset()


def _script(stem: str) -> str:
    return next((tag for word, tag in _SCRIPTS.items() if word in stem), "")


@functools.cache
def _noto() -> tuple[Font, ...]:
    """Noto's fonts for other scripts, upright and regular: serif, then sans, then the
    others (Naskh before Kufi for Arabic)."""
    files = sorted({p for d in FONT_DIRS if d.is_dir() for p in d.glob("Noto*-Regular.ttf")
                    if not re.search(r"Display|Mono|UI|Math|Music|Symbols", p.stem)})
    rank = {"NotoSerif": 0, "NotoNaskh": 0, "NotoSans": 1}
    files.sort(key=lambda p: (next((r for k, r in rank.items() if p.stem.startswith(k)), 2),
                              p.stem))
    return tuple(Font(p, 0, _script(p.stem)) for p in files
                 if p.stem not in ("NotoSerif-Regular", "NotoSans-Regular"))


@functools.cache
def _latin_modern() -> Path | None:
    found = shutil.which("kpsewhich") and subprocess.run(
        ["kpsewhich", "lmroman10-regular.otf"], capture_output=True, text=True,
        check=False).stdout.strip()
    return Path(found) if found else None


def fonts(name: str) -> list[Font]:
    """The fonts a name's letters are looked for in, in order: Latin Modern (the papers'
    font), Noto Serif and Sans, Noto Serif CJK (its Japanese face for a name with kana,
    Korean with hangul, else Chinese), then Noto's other scripts."""
    out = [Font(p) for p in [_latin_modern()] if p]
    out += [Font(d / f) for d in FONT_DIRS for f in ("NotoSerif-Regular.ttf",
                                                     "NotoSans-Regular.ttf")
            if (d / f).exists()]
    cjk = [d / "NotoSerifCJK-Regular.ttc" for d in FONT_DIRS
           if (d / "NotoSerifCJK-Regular.ttc").exists()]
    if cjk:
        face = ("KR" if re.search("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]", name)
                else "JP" if re.search("[\u3040-\u30ff\u31f0-\u31ff]", name) else "SC")
        out.append(Font(cjk[0], _CJK[face]))
    return out + list(_noto())


def runs(name: str) -> tuple[list[tuple[Font, str]], list[str]]:
    """A name in the first font that has all its letters, else cut into runs of letters
    set in one font each (a space or an accent goes with the run before it when its font
    has it), and the letters no font has (an invisible format character no font has is
    left out)."""
    chain = fonts(name)
    text = " ".join(unicodedata.normalize("NFC", name).split())
    whole = next((f for f in chain if all(ord(c) in _cmap(f) for c in text)), None)
    if whole is not None:
        return [(whole, text)], []
    out: list[tuple[Font, str]] = []
    missing: list[str] = []
    for c in text:
        c = " " if c.isspace() else c
        joins = c == " " or unicodedata.category(c)[0] == "M"
        if out and joins and ord(c) in _cmap(out[-1][0]):
            out[-1] = (out[-1][0], out[-1][1] + c)
            continue
        font = next((f for f in chain if ord(c) in _cmap(f)), None)
        if font is None:
            if unicodedata.category(c) != "Cf":
                missing.append(c)
            continue
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + c)
        else:
            out.append((font, c))
    return out, missing


def _tex_text(text: str) -> str:
    """Text for LuaLaTeX: its special characters as character codes."""
    return "".join(f"\\char{ord(c)}\\relax{{}}" if c in "\\{}$&#^_%~" else c for c in text)


def _font_command(k: int) -> str:
    return "\\sheetfont" + "".join(chr(ord("a") + int(d)) for d in str(k))


def document(names: Sequence[str], plans: Sequence[list[tuple[Font, str]]]) -> str:
    """The LuaLaTeX document of the names: two pages each (the name in regular, then in
    bold: :func:`bold`), as large as the name, after a line ``@@k`` in the log (where a
    missing glyph or an error is told); each page's depth below its baseline is written
    to ``names.dims``."""
    plans = [page for plan in plans for page in (plan, [(bold(f, t), t) for f, t in plan])]
    used = sorted({f for plan in plans for f, _ in plan},
                  key=lambda f: (str(f.path), f.index, f.embolden))
    command = {f: _font_command(k) for k, f in enumerate(used)}
    lines = ["\\documentclass{article}", "\\begin{document}",
             "\\hoffset=-1in\\voffset=-1in\\tracinglostchars=1\\relax",
             "\\newbox\\sheetnamebox",
             "\\newwrite\\sheetdims\\immediate\\openout\\sheetdims=\\jobname.dims"]
    lines += [f'\\font{command[f]}="{f.spec()}" at {SIZE}' for f in used]
    for k, plan in enumerate(plans):
        body = []
        for font, text in plan:
            if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
                body.append(f"\\hbox dir TRT{{{command[font]} {_tex_text(text)}}}")
                continue
            # left to right, the text as written for whoever reads the PDF back: a
            # glyph drawn for several characters (李, U+674E and U+F9E1) is told by one
            actual = "FEFF" + text.encode("utf-16-be").hex().upper()
            body.append(f"\\pdfextension literal page{{/Span<</ActualText<{actual}>>>BDC}}"
                        f"\\hbox{{{command[font]} {_tex_text(text)}}}"
                        "\\pdfextension literal page{EMC}")
        mark = f"\\immediate\\write-1{{@@{k // 2}}}%\n" if k % 2 == 0 else ""
        lines.append(mark + f"\\setbox\\sheetnamebox\\hbox{{{''.join(body)}}}%\n"
                     + "\\pagewidth=\\wd\\sheetnamebox\\pageheight=\\dimexpr\\ht\\sheetnamebox"
                     "+\\dp\\sheetnamebox\\relax\n"
                     "\\immediate\\write\\sheetdims{\\the\\dp\\sheetnamebox}%\n"
                     "\\shipout\\box\\sheetnamebox")
    lines += ["\\immediate\\write-1{@@end}", "\\end{document}", ""]
    return "\n".join(lines)


def _failed(log: str, count: int) -> set[int]:
    """The names whose page the log shows an error or a missing glyph for (all of them
    when the log stops before the end)."""
    from coursebuild.products.sheets.printable import marked_failures

    if "@@end" not in log:
        return set(range(count))
    return {int(k) for (k,) in marked_failures(log, r"@@(\d+)")}


def lualatex(tex: str, folder: Path, children: set | None = None) -> tuple[str, list[str]]:
    """LuaLaTeX on the names' document in ``folder``: its log and the names' depths."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{PDF}.tex").write_text(tex, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "TEXINPUTS"}
    env.update(SOURCE_DATE_EPOCH="1700000000", FORCE_SOURCE_DATE="1")
    with subprocess.Popen(["lualatex", "-interaction=nonstopmode", f"{PDF}.tex"],
                          cwd=folder, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL) as proc:
        if children is not None:
            children.add(proc)
        try:
            proc.wait()
        finally:
            if children is not None:
                children.discard(proc)
    log = folder / f"{PDF}.log"
    dims = folder / f"{PDF}.dims"
    return (log.read_text("utf-8", errors="replace") if log.exists() else "",
            dims.read_text("utf-8").split() if dims.exists() else [])


def transliterated(name: str) -> str:
    """A name in Latin letters (anyascii: 李小龍 is LiXiaoLong, محمد is mhmd)."""
    from anyascii import anyascii

    return " ".join(anyascii(unicodedata.normalize("NFC", name)).split())


def _why(chars: Sequence[str]) -> str:
    return ", ".join(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, '?')})"
                     for c in dict.fromkeys(chars))


def typeset(names: Sequence[str], where: Sequence[str], folder: Path, figures: Path,
            log: Callable[[str], None] = print, children: set | None = None) -> dict[str, str]:
    """How each name prints on a sheet, as pdfLaTeX text: the name itself when pdfLaTeX's
    fonts have its letters (:func:`coursebuild.products.sheets.roster.latin_tex`), else the page
    of ``figures/names.pdf`` that LuaLaTeX set it on (in ``folder``), else its
    transliteration (a warning naming its row, ``where``, says so). Empty names are left
    out."""
    from coursebuild.products.sheets.roster import SheetError, latin_tex

    rows: dict[str, list[str]] = {}
    for name, at in zip(names, where, strict=True):
        if name:
            rows.setdefault(name, []).append(at)
    out: dict[str, str] = {}
    todo: list[str] = []
    plans: list[list[tuple[Font, str]]] = []
    warn: dict[str, str] = {}
    engine = shutil.which("lualatex") is not None
    for name in rows:
        try:
            out[name] = latin_tex(name)
            continue
        except SheetError:
            pass
        plan, missing = runs(name)
        if not any(unicodedata.category(c)[0] in "LNS" for c in name):
            warn[name] = "no letter to print"
        elif missing:
            warn[name] = f"no installed font has {_why(missing)}"
        elif not engine:
            warn[name] = "LuaLaTeX is missing (make sheets installs texlive-luatex)"
        else:
            todo.append(name)
            plans.append(plan)
    if todo:
        text, dims = lualatex(document(todo, plans), folder, children)
        bad = _failed(text, len(todo)) | set(range(len(dims) // 2, len(todo)))
        if len(bad) < len(todo):
            figures.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(folder / f"{PDF}.pdf", figures / f"{PDF}.pdf")
        for k, name in enumerate(todo):
            if k in bad:
                warn[name] = "LuaLaTeX could not print it"
                continue
            out[name] = (f"\\sheetname{{{2 * k + 1}}}{{{2 * k + 2}}}{{{dims[2 * k]}}}"
                         f"{{{dims[2 * k + 1]}}}")
    for name, why in warn.items():
        latin = transliterated(name)
        try:
            out[name] = latin_tex(latin) if latin else "\\sheetblankname"
        except SheetError:
            out[name] = "\\sheetblankname"
            latin = ""
        shown = f"printed as {latin!r} (transliterated)" if latin else \
            "left blank, to be written by hand"
        for at in rows[name]:
            log(f"sheets: warning: {at}: {name!r}: {why}: {shown}")
    return out
