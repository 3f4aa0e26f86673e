"""Build the LaTeX exercise sheets (``make handout``): ``build/handout/handout-{fr,en}.pdf``.

The sheets are made from the course's exercises, each written once
(``docs/exercises``, :mod:`coursebuild.sources.exercise_source`): every exercise of every chapter
is written as LaTeX, its statement to ``build/handout/generated/LANG/exercise-N.M.tex``
and its solution to ``solution-N.M.tex``, by the converter the book uses
(:mod:`coursebuild.typeset.texts`), with the site's figures and captions. A sheet
(``handouts/handout-LANG.tex``, which a teacher edits) holds only its layout and
``\\input``s the exercises it sets, in the chapters' numbering: what a sheet says is
what the chapter says. ``generated/LANG/captions.tex`` gives every figure's caption to
``\\arenafigure{ID}``, for a sheet of one's own.

Usage: python -m coursebuild handout
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild.languages import LANGS
from coursebuild.paths import ROOT

OUT = ROOT / "build" / "handout"
SOURCES = ROOT / "handouts"
WORDS = {"fr": {"start": "Code de départ :", "answer": "Une solution :"},
         "en": {"start": "Starting code:", "answer": "A solution:"}}


def exercise_files(lang: str) -> dict[str, str]:
    """Every exercise of the course as LaTeX in ``lang``: ``exercise-N.M.tex`` (its
    heading and statement, a programming exercise's starting code) and
    ``solution-N.M.tex`` (its solution: a programming exercise's answer, then the rest).
    File name -> text."""
    from coursebuild.sources.exercise_source import exercises
    from coursebuild.typeset.latex import escape
    from coursebuild.typeset.texts import Converter

    convert = Converter(lang)
    out = {}
    for e in exercises().values():
        head = escape(e.heading(lang))
        statement = convert.latex(e.text("statement", lang), e.page, f"ex{e.number}")
        if e.python:
            statement += (f"{escape(WORDS[lang]['start'])}\n"
                          + convert.listing(e.code("starter", lang)))
        out[f"exercise-{e.number}.tex"] = (
            f"% Exercise {e.number} ({e.id}), written by coursebuild.documents.handout from "
            f"{e.path.relative_to(ROOT)}: do not edit.\n"
            f"\\section*{{{head}}}\\label{{ex:{e.number}}}\n{statement}")
        solution = convert.latex(e.text("solution", lang), e.page, f"sol{e.number}")
        if e.python:
            solution = (f"{escape(WORDS[lang]['answer'])}\n"
                        + convert.listing(e.code("answer", lang)) + solution)
        out[f"solution-{e.number}.tex"] = (
            f"% The solution of exercise {e.number} ({e.id}), written by "
            "coursebuild.documents.handout "
            f"from {e.path.relative_to(ROOT)}: do not edit.\n"
            f"\\subsection*{{{head}}}\n{solution}")
    for warning in convert.warnings:
        print(f"handout: {lang}: {warning}", file=sys.stderr)
    return out


def included() -> list[str]:
    """The fragments the exercises include (``--8<-- "fr/NAME.md"``)."""
    from coursebuild.sources.exercise_source import exercises

    names = {m[1] for e in exercises().values() for part in ("statement", "solution")
             for m in re.finditer(r'--8<-- "fr/([a-z0-9-]+)\.md"', e.text(part, "fr"))}
    return sorted(names)


def caption_tex(caption: str) -> str:
    """A figure's caption (from the manifest) as LaTeX text: every special character
    escaped (captions name vertices, and names come from files), the notation in maths.

    >>> print(caption_tex("J₀ wins a_1 (50% of 𝒜⁰), k ∈ {0, 1}"))
    \\(J_{0}\\) wins a\\_1 (50\\% of \\(\\mathcal{A}^{0}\\)), \\(k \\in \\{0, 1\\}\\)
    """
    from coursebuild.typeset.texts import caption_tex as tex

    return tex(caption)


def write_captions() -> None:
    """Every figure's caption in each language, from the figure build's manifest, as the
    macro ``\\arenacaption{ID}`` reads it: the sheets never retype a caption."""
    manifest = json.loads((ROOT / "docs" / "figures" / "manifest.json").read_text("utf-8"))
    for lang in LANGS:
        path = OUT / "generated" / lang / "captions.tex"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = ["% Written by coursebuild.documents.handout from docs/figures/manifest.json."]
        lines += [f"\\expandafter\\def\\csname arenacaption@{entry['id']}\\endcsname"
                  f"{{{caption_tex(entry['caption'][lang])}}}" for entry in manifest]
        text = "\n".join(lines) + "\n"
        write_if_changed(path, text)


def write_exercises() -> None:
    """The exercises and their solutions, each language in its folder, and what a
    listing needs (``generated/unicode.tex``) and what the converter writes
    (``generated/converter.tex``); files no exercise writes any more go."""
    from coursebuild.typeset.latex import macro_definitions
    from coursebuild.typeset.texts import unicode_declarations

    (OUT / "generated").mkdir(parents=True, exist_ok=True)
    write_if_changed(OUT / "generated" / "unicode.tex",
                     "% Written by "
                     "coursebuild.documents.handout.\n" + unicode_declarations() + "\n")
    write_if_changed(OUT / "generated" / "converter.tex", macro_definitions())
    for lang in LANGS:
        folder = OUT / "generated" / lang
        folder.mkdir(parents=True, exist_ok=True)
        files = exercise_files(lang)
        for name, text in files.items():
            write_if_changed(folder / name, text)
        for old in folder.glob("*.tex"):
            if re.fullmatch(r"(exercise|solution)-[\d.]+\.tex|answers\.tex", old.name) and \
                    old.name not in files:
                old.unlink()


def figures_named(texts: list[str], ids: set[str]) -> set[str]:
    """The figure ids among ``ids`` that ``texts`` name (``\\includegraphics{ID}``,
    ``\\arenafigure{ID}``, ``docs/figures/ID.pdf``, ...): every word of the texts that is
    an id, with or without ``.pdf``. (A word that only looks like one, in a comment, say,
    counts too: the sheets are then made again when they need not be, never the other
    way round.)

    >>> sorted(figures_named([r"\\includegraphics[width=3cm]{ex1-3-graph} chomp",
    ...                       "docs/figures/nim-strategy.pdf"],
    ...                      {"ex1-3-graph", "nim-strategy", "nim-graph"}))
    ['ex1-3-graph', 'nim-strategy']
    """
    words = {w.removesuffix(".pdf") for text in texts for w in re.findall(r"[\w.-]+", text)}
    return words & ids


def inputs_key() -> str:
    """What the sheets are made from: their LaTeX sources, the exercises and answers
    written, the figures they name (each one's PDF and captions), this code and TeX's
    version. A figure no sheet names changes nothing on them and is left out: an edited
    caption of a chapter's figure made both sheets again, a LaTeX run each (issue 50)."""
    from coursebuild.course import keys

    tex = subprocess.run(["pdftex", "--version"], capture_output=True, text=True).stdout
    sources = sorted(p for p in SOURCES.rglob("*") if p.is_file())
    written = sorted(p for p in (OUT / "generated").rglob("*")
                     if p.is_file() and p.name != "captions.tex")
    texts = [p.read_text("utf-8", errors="replace") for p in [*sources, *written]
             if p.suffix == ".tex"]
    pdfs = {p.stem: p for p in ROOT.joinpath("docs", "figures").glob("*.pdf")}
    named = sorted(figures_named(texts, set(pdfs)))
    captions = [line for lang in LANGS
                for line in _read(OUT / "generated" / lang / "captions.tex").splitlines()
                if (caption := _CAPTION.search(line)) and caption[1] in named]
    digest = keys.files_digest([*sources, *written, *(pdfs[n] for n in named)], root=ROOT)
    digest += " " + keys.files_digest([Path(__file__)], root=Path(__file__).parent)
    said = hashlib.sha256("\n".join(captions).encode()).hexdigest()
    return f"{digest} {said} {tex.split(chr(10), 1)[0]}"


_CAPTION = re.compile(r"\\csname arenacaption@(.+?)\\endcsname")


def _read(path: Path) -> str:
    return path.read_text("utf-8") if path.exists() else ""


def compile_pdf(lang: str) -> Path:
    """``build/handout/handout-LANG.pdf`` from its sources. TeX and latexmk cannot work
    in a folder whose path holds ``"``, ``%``, ``#``... : a checkout in such a folder is
    compiled in a temporary copy (the sources and the sheets' folder; the figures by a
    link), and the sheet copied back."""
    if not set(str(ROOT)) & set('"%#$\\{}~^&'):
        return _latexmk(lang, SOURCES, OUT)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="arena-handout-") as tmp:
        mirror = Path(tmp)
        shutil.copytree(SOURCES, mirror / SOURCES.relative_to(ROOT))
        shutil.copytree(OUT, mirror / OUT.relative_to(ROOT))
        (mirror / "docs").mkdir()
        (mirror / "docs" / "figures").symlink_to(ROOT / "docs" / "figures")
        pdf = _latexmk(lang, mirror / SOURCES.relative_to(ROOT), mirror / OUT.relative_to(ROOT))
        write_atomic(OUT / pdf.name, pdf.read_bytes())
    return OUT / pdf.name


def _latexmk(lang: str, sources: Path, out_dir: Path) -> Path:
    out = os.path.relpath(out_dir, sources)
    env = dict(os.environ, TEXINPUTS=f".:{out}//:", SOURCE_DATE_EPOCH="1700000000",
               FORCE_SOURCE_DATE="1")
    proc = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           "-quiet", f"-outdir={out}", f"handout-{lang}.tex"],
                          cwd=sources, env=env, capture_output=True, text=True)
    if proc.returncode:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-2000:])
        raise SystemExit(f"handout: LaTeX failed on handout-{lang}.tex (log in {out_dir})")
    return out_dir / f"handout-{lang}.pdf"


def main(argv: list[str] | None = None) -> int:
    start().result()
    return 0


def start():
    """Write the sheets' inputs now and compile the sheets in the background (LaTeX runs
    in its own processes while the build goes on); returns a future to wait on."""
    from concurrent.futures import Future, ThreadPoolExecutor

    compile_all = _prepare()
    if compile_all is None:
        done: Future = Future()
        done.set_result(None)
        return done
    pool = ThreadPoolExecutor(1)
    job = pool.submit(compile_all)
    pool.shutdown(wait=False)
    return job


def _prepare():
    """The sheets' inputs written; the compilation to run, or None when up to date."""
    if shutil.which("latexmk") is None:
        raise SystemExit("handout: latexmk is missing; install TeX Live: "
                         "sudo apt-get install latexmk texlive-latex-base texlive-lang-french "
                         "lmodern")
    from coursebuild.products import fragments

    names = included()
    if names:
        fragments.build(names=names)    # what the exercises include, when not up to date
    write_exercises()
    write_captions()
    stamp = OUT / "inputs.key"
    key = inputs_key()
    pdfs = [OUT / f"handout-{lang}.pdf" for lang in ("fr", "en")]
    if stamp.exists() and stamp.read_text() == key and all(p.exists() for p in pdfs):
        print("handout: up to date", file=sys.stderr)
        return None
    stamp.unlink(missing_ok=True)

    def compile_all() -> None:
        for lang in ("fr", "en"):
            print(f"handout: {compile_pdf(lang).relative_to(ROOT)}", file=sys.stderr)
        write_atomic(stamp, key)
    return compile_all


if __name__ == "__main__":
    raise SystemExit(main())
