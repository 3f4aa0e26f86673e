"""The sheets' typesetting below what they hold: the layout a sheet's LaTeX is made in
(``handouts/sheet-LANG.tex``, its settings), pdfLaTeX run on it, and the sheets' one-line
error. :mod:`coursebuild.products.sheets` fills it with the students' problems;
:mod:`coursebuild.products.sheets.printable` asks it what pdfLaTeX prints."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from coursebuild.paths import ROOT
from coursebuild.sources.options import OptionError
from coursebuild.typeset.texts import duration_tex

LAYOUTS = ROOT / "handouts"


class SheetError(OptionError):
    """Bad arguments or input (said in one line, exit status 2)."""


_CHILDREN: set = set()
"""The LaTeX processes running (killed when the command is interrupted)."""


SETTINGS = r"""% each student starts a page, with pages and figures numbered from 1; the
% page where each starts is written to \jobname.pages, where the sheets are cut
\newcount\sheetshipped
\AddToHook{shipout/after}{\global\advance\sheetshipped by 1}
\newwrite\sheetlog
\immediate\openout\sheetlog=\jobname.pages
% the candidate number in its box, defined before each student (empty: a line to fill in)
\def\sheetcandidate{}
\newcommand{\sheetstudent}[1]{\clearpage\setcounter{page}{1}\setcounter{figure}{0}%
  \immediate\write\sheetlog{\the\sheetshipped}\sheetheader{#1}}
% a text set by LuaLaTeX (coursebuild.products.sheets.names): page #1 (regular) or #2 (bold) of
% names.pdf, set at 10 pt, at the size and in the weight of the text around it, its
% depth (#3, #4) below the baseline
\makeatletter
\newcommand{\sheetname}[4]{\begingroup
  \edef\sheetscale{\strip@pt\dimexpr\f@size pt/10\relax}%
  \if b\expandafter\@car\f@series\@nil
    \scalebox{\sheetscale}{\raisebox{-#4}{\includegraphics[page=#2]{names}}}%
  \else
    \scalebox{\sheetscale}{\raisebox{-#3}{\includegraphics[page=#1]{names}}}%
  \fi\endgroup}
\makeatother
"""


@dataclass(frozen=True)
class Paper:
    """What the header of an exam paper says."""

    title: str = ""          # TITLE (e.g. "DS 3"); the layout's word when empty
    duration: str = ""       # DURATION (e.g. "2h"); the problems' minutes when empty
    date: str = ""           # DATE; a field to fill in when empty
    space: bool = False      # SPACE=yes: answer under each question, not on a separate sheet
    same: bool = False       # SAME=yes: one paper for the whole class


def duration_minutes(text: str) -> int:
    """A duration as typed (``2h``, ``1h30``, ``1 h 30 min``, ``90min``, ``90``) in minutes.

    >>> [duration_minutes(x) for x in ("2h", "1h30", "1 h 30 min", "90min", "90", "2 H")]
    [120, 90, 90, 90, 90, 120]
    """
    m = re.fullmatch(r"\s*(?:(\d{1,2})\s*h(?:eures?|ours?)?)?\s*(?:(\d{1,3})\s*"
                     r"(?:min(?:utes?)?|mn)?)?\s*", text.lower())
    if not m or not (m[1] or m[2]):
        raise SheetError(f"DURATION {text!r}: a duration such as 2h, 1h30 or 90min")
    minutes = int(m[1] or 0) * 60 + int(m[2] or 0)
    if not 0 < minutes <= 24 * 60:
        raise SheetError(f"DURATION {text!r}: between 1 minute and 24 hours")
    return minutes


def document(lang: str, title: str, body: str, paper: Paper | None = None,
             total: int = 0, minutes: int = 0, date: str = "", name: str = "sheet") -> str:
    """A sheet's LaTeX: the layout ``handouts/NAME-LANG.tex`` (``sheet``: the exam papers';
    ``colle``: the colles', :mod:`coursebuild.products.sheets.colles`) with its settings (title
    and ``date`` as LaTeX, duration, total, rules) and body."""
    paper = paper or Paper()
    layout = (LAYOUTS / f"{name}-{lang}.tex").read_text(encoding="utf-8")
    duration = duration_minutes(paper.duration) if paper.duration else minutes
    settings = (f"\\newcommand{{\\sheettitle}}{{{title}}}\n"
                f"\\newcommand{{\\sheetduration}}{{{duration_tex(duration, lang)}}}\n"
                f"\\newcommand{{\\sheettotal}}{{{total}}}\n"
                f"\\newcommand{{\\sheetdate}}{{{date}}}\n"
                "\\newif\\ifsheetspace" + ("\\sheetspacetrue\n" if paper.space else "\n")
                + "\\graphicspath{{../../figures/}}\n"      # from the document's folder
                + SETTINGS)
    for mark in ("%%SETTINGS%%", "%%BODY%%"):
        if not re.search(rf"^{mark}$", layout, re.M):
            raise SheetError(f"handouts/{name}-{lang}.tex: no line {mark} (where the "
                             "sheet's settings and problems go)")
    layout = re.sub(r"^%%SETTINGS%%$", lambda m: settings.rstrip("\n"), layout, flags=re.M)
    return re.sub(r"^%%BODY%%$", lambda m: body.rstrip("\n"), layout, flags=re.M)


class LatexError(SheetError):
    """pdfLaTeX failed: its first error, and the line of the document it was on (None
    when the log does not say)."""

    def __init__(self, message: str, error: str, line: int | None):
        super().__init__(message)
        self.error, self.line = error, line


def compile_pdf(tex: str, folder: Path, name: str, halt: bool = True) -> bytes:
    """pdfLaTeX on ``tex`` in ``folder`` (twice when the first run asks for it); the PDF's
    bytes (the same bytes from the same source). A failure is a :class:`LatexError`;
    ``halt=False`` goes on past errors (once, for the log: :mod:`.printable`)."""
    from coursebuild.typeset.latex import macro_definitions
    from coursebuild.typeset.texts import unicode_declarations

    (folder / "generated").mkdir(parents=True, exist_ok=True)
    (folder / "generated" / "unicode.tex").write_text(unicode_declarations() + "\n",
                                                      encoding="utf-8")
    (folder / "generated" / "converter.tex").write_text(macro_definitions(), encoding="utf-8")
    (folder / f"{name}.tex").write_text(tex, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("TEXINPUTS",)}
    env.update(SOURCE_DATE_EPOCH="1700000000", FORCE_SOURCE_DATE="1",
               TEXINPUTS=f".:{LAYOUTS.as_posix()}//:")
    for _ in range(2):
        with subprocess.Popen(["pdflatex", "-interaction=nonstopmode",
                               *(["-halt-on-error"] if halt else []), f"{name}.tex"],
                              cwd=folder, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                              text=True, errors="replace") as proc:
            _CHILDREN.add(proc)
            try:
                stdout, _ = proc.communicate()
            finally:
                _CHILDREN.discard(proc)
        if proc.returncode:
            log = (folder / f"{name}.log").read_text("utf-8", errors="replace")
            lines = log.splitlines()
            at = next((k for k, ln in enumerate(lines) if ln.startswith("!")), None)
            error = lines[at] if at is not None else " ".join(stdout[-300:].split())
            after = lines[at:at + 30] if at is not None else []
            where = next((int(m[1]) for ln in after
                          for m in [re.match(r"l\.(\d+) ", ln + " ")] if m), None)
            raise LatexError(f"LaTeX failed on the {name}: {error}", error, where)
        if "Rerun to get" not in stdout or not halt:
            break
    return (folder / f"{name}.pdf").read_bytes()
