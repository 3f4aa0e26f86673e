"""Exam and homework sheets from the bank of problems (``make sheets``): one PDF per
student, each with its own variant of each problem, and the key.

``python -m coursebuild sheets --students 30 --seed 2026 --lang fr [--problems a,b,c]
[--roster names.csv]`` writes ``build/sheets/fr/``: ``eleve-01.pdf`` ... (``student-01.pdf``
in English; with a roster, ``01-dupont-marie.pdf`` ...) and ``key.pdf``, every student's
solutions and marking schemes. The problems are the bank's (:mod:`coursebuild.bank`),
``bank.DEFAULT_PROBLEMS`` by default. Each student's variant of a problem is the bank's
generator run on a seed derived from ``--seed``, the student's place and the problem
(:func:`variant_seed`); two students never get the same variant of a problem while the
generator can give another one. The same arguments give the same bytes.

A sheet is set as the course's sheets are (:mod:`coursebuild.texts`): the bank's Markdown
becomes HTML then LaTeX by the book's converter, the variants' drawings are laid out and
rendered as PDF like the course's figures (``arena.render``), and the layout is
``handouts/sheet-LANG.tex`` (a teacher edits it: title, header). The sheets are written in
a working folder and the language's folder is replaced only when every file is ready:
an interruption leaves the previous sheets, never half of them.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import fcntl
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# what each student gets is below the sheets and the Moodle export, which both give it
from coursebuild.bank_samples import _fingerprint as _fingerprint
from coursebuild.bank_samples import assign as assign
from coursebuild.bank_samples import question_marks as question_marks
from coursebuild.bank_samples import variant_seed as variant_seed
from coursebuild.forked import map_forked
from coursebuild.options import OptionError, number, problem_ids
from coursebuild.paths import ROOT
from coursebuild.texts import duration_tex as duration_tex

OUT = ROOT / "build" / "sheets"
LAYOUTS = ROOT / "handouts"
LANGS = ("fr", "en")
WORDS = {
    "fr": {"student": "Élève", "file": "eleve", "problem": "Problème", "points": "points",
           "minutes": "min", "solution": "Corrigé", "marking": "Barème", "key": "Corrigé",
           "variant": "variante", "sheet": "Sujet", "seed": "graine",
           "exam": "Devoir surveillé", "paper": "sujet"},
    "en": {"student": "Student", "file": "student", "problem": "Problem", "points": "points",
           "minutes": "min", "solution": "Solution", "marking": "Marking scheme",
           "key": "Key", "variant": "variant", "sheet": "Sheet", "seed": "seed",
           "exam": "Exam", "paper": "paper"},
}
MAX_STUDENTS = 500


class SheetError(OptionError):
    """Bad arguments or input (said in one line, exit status 2)."""


# ---------------------------------------------------------------------------------------
# what each student gets


_HEADINGS = {
    "last": r"nom|nom de famille|last ?name|surname|family ?name|name",
    "first": r"pr[ée]nom|pr[ée]noms|first ?name|given ?name|forename",
    "other": r"e-?mail|courriel|mail|classe|class|groupe|group|n[°o]|num[ée]ro|number|id|"
             r"identifiant|date.*|sexe|sex|genre|gender|r[ée]gime|option.*|[ée]l[èe]ve|"
             r"student|t[ée]l[ée]phone|phone|ine",
}
"""What a roster's heading row may hold, any case: the columns of a name, and others."""

_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
            "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
            "\u030c": "v", "\u0323": "d", "\u0327": "c", "\u0328": "k", "\u0331": "b"}
"""Combining accents and the LaTeX accent that sets each on a letter (T1's fonts)."""

MAX_FILE_NAME = 60
"""A student's file name is cut to this many characters (its number keeps it unique)."""


def latin_tex(name: str) -> str:
    r"""A student's name as LaTeX: each character the fonts have, and a letter with
    accents the fonts lack as one (``ễ``: e, circumflex, then tilde, stacked); a
    :class:`SheetError` names a character the fonts cannot show.

    >>> print(latin_tex("Nguyễn Zoé"))
    Nguy\~{\^{e}}n Zoé
    """
    from coursebuild.latex import UnknownCharacter, escape

    out = []
    for c in unicodedata.normalize("NFC", name):
        if unicodedata.category(c) == "Cc":
            raise SheetError(f"a control character (U+{ord(c):04X}) in the name")
        try:
            out.append(escape(c, formulas=False))
            continue
        except UnknownCharacter:
            pass
        base, *marks = unicodedata.normalize("NFD", c)
        if not marks or any(m not in _ACCENTS for m in marks) or ord(base) >= 0x250:
            raise SheetError(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, '?')}) cannot be "
                             "printed by the sheets' fonts (Latin letters and their accents"
                             "): write the name in Latin letters") from None
        tex = escape(base, formulas=False)
        for m in marks:
            tex = f"\\{_ACCENTS[m]}{{{tex}}}"
        out.append(tex)
    return "".join(out)


def _decode(data: bytes, path: Path) -> str:
    """A roster's text: UTF-8 (with or without a byte-order mark), else Windows-1252, as
    spreadsheets on Windows save CSV."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise SheetError(f"roster {path}: neither UTF-8 nor Windows-1252 text") from None


def _delimiter(lines: list[str]) -> str:
    """The separator of a CSV file as spreadsheets write it: ``;`` (French Excel), tab, or
    ``,``: the one found on most lines, ``,`` when none is."""
    counts = {d: sum(d in line for line in lines[:20]) for d in (";", "\t", ",")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def read_roster(path: Path) -> list[str]:
    """The names of a roster: a CSV file as spreadsheets write it, one student a row,
    separated by ``;``, tabs or ``,`` (found from the file), in UTF-8 or Windows-1252.

    A first row of headings (Nom, Prénom, Name, First name..., any case) says which
    columns hold the name: the others (E-mail, Classe...) are left out. Without headings,
    a row's fields are the name, joined by a space (``Dupont,Marie`` is Dupont Marie),
    but for an e-mail address. Empty rows are left out; a name the sheets cannot print
    is refused in one line naming its row."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SheetError(f"roster {path}: {exc.strerror or exc}") from None
    text = _decode(data, path)
    lines = text.splitlines()
    rows = list(csv.reader(lines, delimiter=_delimiter(lines)))
    numbered = [(k, [f.strip() for f in row]) for k, row in enumerate(rows, 1)
                if any(f.strip() for f in row)]
    columns = None
    if numbered:
        kinds = []
        for field in numbered[0][1]:
            kind = next((kind for kind, pattern in _HEADINGS.items()
                         if re.fullmatch(rf"(?i)(?:{pattern})s?", field)), None)
            kinds.append(kind)
        if all(k is not None or not f for k, f in zip(kinds, numbered[0][1], strict=True)):
            columns = [i for i, k in enumerate(kinds) if k in ("last", "first")]
            numbered = numbered[1:]
            if not columns:
                raise SheetError(f"roster {path}: its headings name no column of names "
                                 "(Nom, Prénom, Name, First name)")
    names = []
    for k, row in numbered:
        fields = ([row[i] for i in columns if i < len(row)] if columns is not None
                  else [f for f in row if "@" not in f])
        name = " ".join(f for f in fields if f)
        if not name:
            continue
        try:
            name_tex(name)
        except SheetError as exc:
            raise SheetError(f"roster {path}, row {k}: {exc}") from None
        names.append(name)
    if not names:
        raise SheetError(f"roster {path}: no name in it")
    if len(names) > MAX_STUDENTS:
        raise SheetError(f"roster {path}: {len(names)} names, at most {MAX_STUDENTS}")
    return names


def slug(name: str) -> str:
    """A name as a file name: ASCII, lower case, words joined by ``-``, at most
    :data:`MAX_FILE_NAME` characters.

    >>> slug("Dupont, Marie-Hélène")
    'dupont-marie-helene'
    >>> len(slug("A" * 300))
    60
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = "-".join(re.findall(r"[a-z0-9]+", folded.lower())) or "x"
    return text[:MAX_FILE_NAME].rstrip("-")


@dataclass(frozen=True)
class Student:
    index: int          # from 1
    name: str           # as printed on the sheet
    file: str           # the PDF's name, without .pdf


def students(lang: str, count: int, names: list[str] | None,
             shared: bool = False) -> list[Student]:
    """Who gets a paper: the roster's names, else numbered students; ``shared``: one
    paper for the whole class, with no name on it."""
    word = WORDS[lang]
    if shared:
        return [Student(1, "", word["paper"])]
    if names is None:
        width = max(2, len(str(count)))
        return [Student(k, f"{word['student']} {k:0{width}d}", f"{word['file']}-{k:0{width}d}")
                for k in range(1, count + 1)]
    width = max(2, len(str(len(names))))
    return [Student(k, name, f"{k:0{width}d}-{slug(name)}") for k, name in enumerate(names, 1)]


# ---------------------------------------------------------------------------------------
# figures


def figure_id(variant, name: str) -> str:
    """The id of a variant's drawing among the sheets' figures."""
    return f"{variant.problem}-{variant.seed}-{name}"


def render_pdf(drawing) -> bytes:
    """A drawing laid out and rendered as the course's figures are, as PDF alone (a sheet
    needs no SVG, whose font subset is most of a figure's cost)."""
    from arena.render import render_pdf as render
    from coursebuild.drawing import layout_job

    source, _, _, prog, fixed, _ = layout_job(drawing)
    return render(source, prog=prog, fixed=fixed)


def _render_one(job: tuple[object, Path]) -> int:
    drawing, path = job
    return path.write_bytes(render_pdf(drawing))


def render_figures(variants: list, folder: Path, jobs: int = 1) -> dict[str, dict]:
    """Lay out and render every drawing of ``variants`` as PDF into ``folder`` (once per
    variant: both languages share it), on ``jobs`` processes; their captions and sizes,
    by figure id."""
    from coursebuild.editions import pdf_metrics

    folder.mkdir(parents=True, exist_ok=True)
    todo: dict[str, object] = {}
    for v in variants:
        for name, drawing in v.figures.items():
            todo.setdefault(figure_id(v, name), drawing)
    ids = sorted(todo)
    map_forked(_render_one, [(todo[fid], folder / f"{fid}.pdf") for fid in ids], jobs)
    return {fid: {"caption": todo[fid].caption,
                  "metrics": pdf_metrics(folder / f"{fid}.pdf", fid)} for fid in ids}


_FIGURE = re.compile(r"^(?P<indent>[ \t]*)<!-- figure: (?P<name>[A-Za-z0-9_-]+) -->[ \t]*$",
                     re.M)


def with_figure_ids(text: str, variant) -> str:
    """A variant's Markdown with its figures named by their sheets' ids."""
    def one(m: re.Match) -> str:
        if m["name"] not in variant.figures:
            raise SheetError(f"problem {variant.problem} (seed {variant.seed}): its text "
                             f"shows figure {m['name']!r}, which the variant does not draw")
        return f"{m['indent']}<!-- figure: {figure_id(variant, m['name'])} -->"
    return _FIGURE.sub(one, text)


# ---------------------------------------------------------------------------------------
# LaTeX


def _tex_text(text: str) -> str:
    from coursebuild.latex import escape

    return escape(text)


_LIST = re.compile(r"\\begin\{(?:enumerate|itemize)\}|\\end\{(?:enumerate|itemize)\}|"
                   r"\\item\b")


def mark_questions(tex: str, marks: list[int], space: bool) -> str:
    """A statement's LaTeX with each question's points in the margin (``\\questionmarks``)
    and, with ``space``, room to answer under it (``\\answerspace``): the questions are
    the items of the outermost numbered list that has as many items as ``marks``."""
    spans: list[tuple[int, int, list[int]]] = []        # (begin, end, items) of outer lists
    depth, begin, items = 0, 0, []
    for m in _LIST.finditer(tex):
        word = m[0]
        if word.startswith("\\begin"):
            depth += 1
            if depth == 1:
                begin, items = m.start(), []
        elif word.startswith("\\end"):
            depth -= 1
            if depth == 0 and tex.startswith("\\begin{enumerate}", begin):
                spans.append((begin, m.start(), items))
        elif depth == 1:
            items.append(m.end())
    span = next((s for s in reversed(spans) if len(s[2]) == len(marks)), None)
    if span is None or not marks:
        return tex
    _, end, items = span
    out, last = [], 0
    for k, (at, points) in enumerate(zip(items, marks, strict=True)):
        if space and k:
            before = tex.rfind("\\item", 0, at)
            out.append(tex[last:before] + f"\\answerspace{{{marks[k - 1]}}}\n")
            last = before
        out.append(tex[last:at] + f"\\questionmarks{{{points}}}")
        last = at
    if space:
        out.append(tex[last:end] + f"\\answerspace{{{marks[-1]}}}\n")
        last = end
    return "".join(out) + tex[last:]


def problem_tex(convert, variant, number: int, part: str = "statement",
                space: bool = False) -> str:
    """One problem of a sheet (``statement``: each question's points in the margin, room
    to answer under it with ``space``), or its solution and marking (``key``)."""
    from coursebuild import bank

    lang = convert.lang
    word = WORDS[lang]
    problem = bank.problems()[variant.problem]
    title = _tex_text(problem.title[lang])
    colon = "~: " if lang == "fr" else ": "
    if part == "statement":
        head = (f"\\section*{{{word['problem']} {number}{colon}{title}}}\n"
                f"\\problemmeta{{{problem.points} {word['points']}}}"
                f"{{{problem.minutes}~{word['minutes']}}}\n")
        body = convert.latex(with_figure_ids(variant.statement[lang], variant))
        return head + mark_questions(body, question_marks(variant.marking[lang]), space)
    head = (f"\\subsection*{{{word['problem']} {number}{colon}{title}}}\n"
            f"\\problemmeta{{{problem.points} {word['points']}}}"
            f"{{{_tex_text(variant.problem)}, {word['seed']} {variant.seed}}}\n")
    return (head + convert.latex(with_figure_ids(variant.solution[lang], variant))
            + f"\\paragraph{{{_tex_text(word['marking'])}}}\n"
            + convert.latex(with_figure_ids(variant.marking[lang], variant)))


# ---------------------------------------------------------------------------------------
# names


_FONT_CHARS: list[frozenset[int]] = []


def _drawing_font_chars() -> frozenset[int]:
    """The characters of the figures' font (Source Sans Pro: Latin, Greek, Cyrillic),
    which sets a name LaTeX's fonts cannot."""
    if not _FONT_CHARS:
        from fontTools.ttLib import TTFont

        from arena.render import FONT_FILES, font_files

        font = TTFont(font_files() / FONT_FILES[400], lazy=True)
        _FONT_CHARS.append(frozenset(font.getBestCmap()))
    return _FONT_CHARS[0]


def _drawn(name: str) -> bool:
    """Whether ``name`` is set as a drawing (LaTeX's fonts lack one of its letters)."""
    try:
        latin_tex(name)
    except SheetError:
        return True
    return False


def name_figure(name: str) -> str:
    """The id of the drawing of a name LaTeX's fonts cannot show."""
    return "name-" + hashlib.sha256(name.encode()).hexdigest()[:16]


def render_names(names: Sequence[str], folder: Path) -> None:
    """Each name LaTeX's fonts cannot show (Greek, Cyrillic...), set in the figures' font
    as a PDF into ``folder``, as the figures are made (the same bytes every time)."""
    from arena.render import FONT
    from arena.render import render_pdf as render

    folder.mkdir(parents=True, exist_ok=True)
    for name in sorted(set(names)):
        if not name or not _drawn(name):
            continue
        label = name.replace("\\", "\\\\").replace('"', '\\"')
        dot = ('digraph { graph [margin=0, pad=0]; node [shape=plaintext, '
               f'fontname="{FONT}", fontsize=11, margin=0, width=0, height=0]; '
               f'n [label="{label}"] }}')
        (folder / f"{name_figure(name)}.pdf").write_bytes(render(dot))


def name_tex(name: str) -> str:
    """A student's name on a sheet: LaTeX text when its fonts have every letter
    (:func:`latin_tex`), else the name drawn in the figures' font (Greek, Cyrillic);
    empty, a line to write it on. A control character, or a letter neither font has, is
    a :class:`SheetError`."""
    if not name:
        return "\\sheetblankname"
    try:
        return latin_tex(name)
    except SheetError as exc:
        if any(unicodedata.category(c) == "Cc" for c in name):
            raise
        lacking = [c for c in unicodedata.normalize("NFC", name)
                   if not c.isspace() and ord(c) not in _drawing_font_chars()]
        if lacking:
            raise SheetError(str(exc).replace("(Latin letters and their accents)",
                                              "(Latin, Greek and Cyrillic letters)")
                             .replace(": write the name in Latin letters", "")) from None
    return (f"\\raisebox{{-0.25ex}}{{\\includegraphics[height=1.1em,width=\\linewidth,"
            f"keepaspectratio]{{{name_figure(name)}}}}}")


SETTINGS = r"""% each student starts a page, with pages and figures numbered from 1; the
% page where each starts is written to \jobname.pages, where the sheets are cut
\newcount\sheetshipped
\AddToHook{shipout/after}{\global\advance\sheetshipped by 1}
\newwrite\sheetlog
\immediate\openout\sheetlog=\jobname.pages
\newcommand{\sheetstudent}[1]{\clearpage\setcounter{page}{1}\setcounter{figure}{0}%
  \immediate\write\sheetlog{\the\sheetshipped}\sheetheader{#1}}
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
             total: int = 0, minutes: int = 0) -> str:
    """A sheet's LaTeX: the layout ``handouts/sheet-LANG.tex`` with its settings (title,
    duration, total, date, rules) and body."""
    paper = paper or Paper()
    layout = (LAYOUTS / f"sheet-{lang}.tex").read_text(encoding="utf-8")
    duration = duration_minutes(paper.duration) if paper.duration else minutes
    settings = (f"\\newcommand{{\\sheettitle}}{{{title}}}\n"
                f"\\newcommand{{\\sheetduration}}{{{duration_tex(duration, lang)}}}\n"
                f"\\newcommand{{\\sheettotal}}{{{total}}}\n"
                f"\\newcommand{{\\sheetdate}}{{{latin_tex(paper.date)}}}\n"
                "\\newif\\ifsheetspace" + ("\\sheetspacetrue\n" if paper.space else "\n")
                + "\\graphicspath{{../../figures/}}\n"      # from the document's folder
                + SETTINGS)
    for mark in ("%%SETTINGS%%", "%%BODY%%"):
        if not re.search(rf"^{mark}$", layout, re.M):
            raise SheetError(f"handouts/sheet-{lang}.tex: no line {mark} (where the "
                             "sheet's settings and problems go)")
    layout = re.sub(r"^%%SETTINGS%%$", lambda m: settings.rstrip("\n"), layout, flags=re.M)
    return re.sub(r"^%%BODY%%$", lambda m: body.rstrip("\n"), layout, flags=re.M)


def compile_pdf(tex: str, folder: Path, name: str) -> bytes:
    """pdfLaTeX on ``tex`` in ``folder`` (twice when the first run asks for it); the PDF's
    bytes (the same bytes from the same source)."""
    from coursebuild.latex import macro_definitions
    from coursebuild.texts import unicode_declarations

    (folder / "generated").mkdir(parents=True, exist_ok=True)
    (folder / "generated" / "unicode.tex").write_text(unicode_declarations() + "\n",
                                                      encoding="utf-8")
    (folder / "generated" / "converter.tex").write_text(macro_definitions(), encoding="utf-8")
    (folder / f"{name}.tex").write_text(tex, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("TEXINPUTS",)}
    env.update(SOURCE_DATE_EPOCH="1700000000", FORCE_SOURCE_DATE="1",
               TEXINPUTS=f".:{LAYOUTS.as_posix()}//:")
    for _ in range(2):
        with subprocess.Popen(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                               f"{name}.tex"], cwd=folder, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                              text=True, errors="replace") as proc:
            _CHILDREN.add(proc)
            try:
                stdout, _ = proc.communicate()
            finally:
                _CHILDREN.discard(proc)
        if proc.returncode:
            log = (folder / f"{name}.log").read_text("utf-8", errors="replace")
            errors = [ln for ln in log.splitlines() if ln.startswith("!")]
            raise SheetError(f"LaTeX failed on {folder / name}.tex: "
                             + (errors[0] if errors else stdout[-300:]))
        if "Rerun to get" not in stdout:
            break
    return (folder / f"{name}.pdf").read_bytes()


# ---------------------------------------------------------------------------------------
# the command


_CHILDREN: set = set()
"""The LaTeX processes running (killed when the command is interrupted)."""
_CONVERTER: list = []
"""The converter of the language being written, made before the worker processes fork
(they inherit it, with its figures)."""


def _student_tex(job: tuple) -> tuple[str, str]:
    """A student's problems (for the sheets) and their solutions (for the key), as
    LaTeX: run in a worker process."""
    name, mine, space = job
    convert = _CONVERTER[0]
    start = f"\\sheetstudent{{{name_tex(name)}}}\n"
    sheet = start + "".join(problem_tex(convert, v, k, space=space)
                            for k, v in enumerate(mine, 1))
    key = (f"\\keystudent{{{name_tex(name) if name else ''}}}\n"
           + "".join(problem_tex(convert, v, k, "key") for k, v in enumerate(mine, 1)))
    return sheet, key


def _worker_start() -> None:
    """A worker of the pool: ended by the command (an interruption reaches the command,
    which stops its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pages(log: Path, total: int) -> list[range]:
    """Each student's pages in the document of all the sheets (0-based), from the page
    numbers ``\\sheetstudent`` wrote into ``log``."""
    starts = [int(line) for line in log.read_text(encoding="utf-8").split()]
    return [range(a, b) for a, b in zip(starts, [*starts[1:], total], strict=True)]


def split(pdf: Path, pages: list[range], names: list[str], folder: Path) -> None:
    """One PDF per student, cut from the document of all the sheets (the same bytes from
    the same document)."""
    import pikepdf

    with pikepdf.open(pdf) as whole:
        for name, span in zip(names, pages, strict=True):
            one = pikepdf.new()
            for k in span:
                one.pages.append(whole.pages[k])
            one.save(folder / f"{name}.pdf", deterministic_id=True,
                     compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)


class Interrupted(Exception):
    """The command was asked to stop (SIGINT, SIGTERM, SIGHUP)."""


def _stop(signum, frame) -> None:
    for proc in list(_CHILDREN):
        proc.kill()
    raise Interrupted(signal.Signals(signum).name)


def build(langs: Sequence[str], problems: list[str], count: int, seed: int,
          names: list[str] | None, out: Path = OUT, jobs: int = 2, log=print,
          paper: Paper | None = None) -> list[Path]:
    """Write the sheets and the key of each language into ``out/LANG``; return them.

    Every student's sheet is set in one LaTeX document, cut into one PDF per student; the
    key is another document. The texts are converted on ``jobs`` processes; the figures
    are drawn once for both languages. One build at a time writes into ``out`` (another
    is refused); an interrupted build stops its processes and leaves the previous sheets
    and no work folder."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SheetError(f"{out}: another make sheets is writing there; run this one "
                             "when it has finished") from None
        work = out / ".work"
        previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
        try:
            for s in previous:
                signal.signal(s, _stop)
            return _build(langs, problems, count, seed, names, out, work, jobs, log,
                          paper or Paper())
        finally:
            for proc in list(_CHILDREN):
                proc.kill()
            for s, handler in previous.items():
                signal.signal(s, handler)
            shutil.rmtree(work, ignore_errors=True)


def _build(langs, problems, count, seed, names, out, work, jobs, log, paper) -> list[Path]:
    import multiprocessing

    import pikepdf

    from coursebuild import bank
    from coursebuild.texts import Converter

    t0 = time.perf_counter()
    given = assign(problems, count, seed, same=paper.same)
    shutil.rmtree(work, ignore_errors=True)
    drawn = render_figures([v for mine in given for v in mine], work / "figures", jobs)
    if names:
        render_names(names, work / "figures")
    log(f"sheets: {count} students x {len(problems)} problems: {len(drawn)} figures in "
        f"{time.perf_counter() - t0:.1f} s")
    total = sum(bank.problems()[p].points for p in problems)
    minutes = sum(bank.problems()[p].minutes for p in problems)
    written = []
    for lang in langs:
        people = students(lang, count, names, shared=paper.same and names is None)
        convert = Converter(lang)
        for fid, figure in drawn.items():
            convert.add_figure(fid, figure["caption"], figure["metrics"])
        _CONVERTER[:] = [convert]
        todo = [(person.name, mine, paper.space) for person, mine in zip(people, given,
                                                                          strict=True)]
        pool = concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
        try:
            parts = []
            for part in pool.map(_student_tex, todo):
                parts.append(part)
                if len(parts) % 10 == 0 or len(parts) == len(todo):
                    log(f"sheets: {lang}: {len(parts)}/{len(todo)} students set "
                        f"({time.perf_counter() - t0:.1f} s)")
        except BaseException:
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.kill()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        word = WORDS[lang]
        title = latin_tex(paper.title) if paper.title else word["exam"]
        tex = {"sheets": document(lang, title, "".join(s for s, _ in parts), paper, total,
                                  minutes),
               "key": document(lang, title, "".join(k for _, k in parts), paper, total,
                               minutes)}
        with concurrent.futures.ThreadPoolExecutor(2) as threads:
            list(threads.map(lambda n, tex=tex, lang=lang: compile_pdf(
                tex[n], work / lang / n, n), tex))
        log(f"sheets: {lang}: typeset ({time.perf_counter() - t0:.1f} s)")
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        with pikepdf.open(work / lang / "sheets" / "sheets.pdf") as whole:
            pages = len(whole.pages)
        split(work / lang / "sheets" / "sheets.pdf",
              _pages(work / lang / "sheets" / "sheets.pages", pages),
              [p.file for p in people], ready)
        shutil.copyfile(work / lang / "key" / "key.pdf", ready / "key.pdf")
        target = out / lang
        old = work / f"{lang}-old"
        if target.exists():
            target.rename(old)
        ready.rename(target)
        shutil.rmtree(old, ignore_errors=True)
        written += sorted(target.glob("*.pdf"))
        log(f"sheets: {lang}: {len(people) + 1} PDF in {time.perf_counter() - t0:.1f} s "
            f"-> {target}")
    for warning in _CONVERTER[0].warnings if _CONVERTER else []:
        log(f"sheets: {warning}")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild sheets",
        description="Write an exam paper per student (their own variant of each problem "
                    "of the bank) and the key, into build/sheets/LANG/.")
    parser.add_argument("--students", help="how many students (default 30; with a roster, "
                        "its number of names; 1: one paper for the whole class)")
    parser.add_argument("--seed", default="2026", help="the sheets' seed (default 2026): "
                        "the same seed gives the same sheets")
    parser.add_argument("--lang", action="append", choices=LANGS,
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--problems", default="", help="problem ids, separated by commas "
                        "(default: the bank's DEFAULT_PROBLEMS)")
    parser.add_argument("--roster", default="", help="a CSV file, one student a row")
    parser.add_argument("--title", default="", help='the paper\'s title (e.g. "DS 3")')
    parser.add_argument("--duration", default="", help="e.g. 2h, 1h30, 90min (default: "
                        "the problems' times added up)")
    parser.add_argument("--date", default="", help="the date printed (default: a field "
                        "to fill in)")
    parser.add_argument("--space", default="no", help="yes: room to answer under each "
                        "question; no (default): answers on a separate sheet")
    parser.add_argument("--same", default="no", help="yes: one paper for the whole class")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/sheets)")
    parser.add_argument("--list", action="store_true", help="list the problems and stop")
    return parser


def _yes(text: str, what: str) -> bool:
    word = text.strip().lower()
    if word in ("yes", "oui", "y", "o", "1", "true"):
        return True
    if word in ("no", "non", "n", "0", "false", ""):
        return False
    raise SheetError(f"{what}: {text!r} is neither yes nor no")


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        try:
            from coursebuild import bank
        except ImportError:
            raise SheetError("the bank of problems (coursebuild.bank) is not installed "
                             "in this checkout") from None
        known = bank.problems()
        if args.list:
            for pid, p in known.items():
                print(f"{pid}\t{p.chapter}\t{p.minutes} min\t{p.points} points\t"
                      f"{','.join(sorted(p.uses))}\t{p.title['en']}")
            return 0
        problems = problem_ids(args.problems, known, bank.DEFAULT_PROBLEMS)
        seed = number(args.seed, "--seed (SEED)", 0, 2**62)
        for value, what in ((args.title, "--title (TITLE)"), (args.date, "--date (DATE)")):
            if len(value) > 200:
                raise SheetError(f"{what}: {len(value)} characters, at most 200")
            try:
                latin_tex(value)
            except SheetError as exc:
                raise SheetError(f"{what}: {exc}") from None
        if args.duration:
            duration_minutes(args.duration)
        space = _yes(args.space, "--space (SPACE)")
        same = _yes(args.same, "--same (SAME)")
        names = read_roster(Path(args.roster)) if args.roster else None
        if names is not None and args.students and \
                number(args.students, "--students (STUDENTS)", 1, MAX_STUDENTS) != len(names):
            raise SheetError(f"--students {args.students}, but the roster {args.roster} has "
                             f"{len(names)} names (give one or the other)")
        count = len(names) if names is not None else number(
            args.students or "30", "--students (STUDENTS)", 1, MAX_STUDENTS)
        if names is None and count == 1:
            same = True
        if same and names is None:
            count = 1
        if shutil.which("pdflatex") is None:
            raise SheetError("pdflatex is missing: make sheets installs TeX Live")
        build(args.lang or list(LANGS), problems, count, seed, names, args.out,
              log=lambda line: print(line, file=sys.stderr, flush=True),
              paper=Paper(title=args.title, duration=args.duration, date=args.date,
                          space=space, same=same))
    except OptionError as exc:
        print(f"coursebuild: sheets: {exc}", file=sys.stderr)
        return 2
    except (Interrupted, KeyboardInterrupt) as exc:
        print(f"coursebuild: sheets: interrupted ({exc or 'SIGINT'}): the previous sheets "
              "are left as they were", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
