"""The course as printed books, typeset by LaTeX from the built site (``make pdf``).

Two books per language: the students' book (the course, its exercises and case studies,
with the solutions at each chapter's end, a bibliography and an index of the defined
terms) and the teachers' book (the teachers' guide and the notes on the sources). The
text is the site's: each page the site shows is converted to LaTeX by
:mod:`coursebuild.typeset.latex` (so the book and the site never disagree), its figures are the
site's vector PDFs, and pdfLaTeX (Debian's TeX Live, as for the exercise sheets) sets it
with Latin Modern, justified and hyphenated in the book's language, running heads and
page numbers. The generated ``.tex`` is kept in ``build/book/`` for teachers to reuse.

A book is typeset again only when one of its inputs changed (the pages it prints, the
figures, the bibliography, this code, the site's address, the month of its date); the
same inputs give the same bytes (``SOURCE_DATE_EPOCH``, no file path nor trailer id in
the PDF).

Usage: python -m coursebuild book [--site site] [--out build/pdf] [--lang fr|en] [--force]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild.paths import ROOT
from coursebuild.sources import address
from coursebuild.sources.progress import Progress
from coursebuild.typeset.editions import (
    EDITIONS,
    WORDS,
    WORK,
    _config,
    book_name,
    book_pages,
    figure_metrics,
)

HERE = Path(__file__).resolve().parent
BIBLIOGRAPHY = ROOT / "docs" / "data" / "bibliography.yaml"
INDEX = ROOT / "docs" / "data" / "index.yaml"
MM = 72.27 / 25.4
TEXT_WIDTH_PT = 115 * MM     # the preamble's geometry: A4, a text block of 115 mm
MARGIN_PT = 55 * MM          # and what a wide figure may take of the outer margin
TEXT_HEIGHT_PT = 232 * MM
MONTHS = {"fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                 "septembre", "octobre", "novembre", "décembre"],
          "en": ["January", "February", "March", "April", "May", "June", "July", "August",
                 "September", "October", "November", "December"]}
@dataclass(frozen=True)
class Notation:
    """A row of the list of notations: the notation (LaTeX, one for both languages or one
    for each), what it names in each language, where the book defines it (the first
    paragraph, "text", or definition, "definition", whose LaTeX matches ``place``), and
    the symbols of the chapters' formulas it explains (``symbols``, matched against each
    symbol that :data:`SYMBOL` finds in a formula)."""

    tex: str | dict[str, str]
    meaning: dict[str, str]
    place: str
    where: str
    symbols: str


SYMBOL = re.compile(
    r"\\mathcal\{[A-Z]\}|\\mathrm\{(?:rank|rg)\}|\\operatorname\{mex\}|"
    r"\\(?:delta|alpha|beta|sigma|tau|oplus)(?![a-zA-Z])|"
    r"(?<![\\a-zA-Z])[A-Z]_(?:\{[^{}]*\}|\w)|(?<![\\a-zA-Z_{])[TSA](?![a-zA-Z_^])|"
    r"(?<![\\a-zA-Z])[dfghvw]\s*(?:\(|\[|\^)|\|[SA]\|")
r"""What a formula names that the list of notations must explain: the course's letters
(a player, a set of positions, the graph, the terminal positions), its calligraphic sets,
its functions of a position (value, heuristic, degree, distance...), its Greek letters
and operators; a variable (x, n, k) or an everyday symbol (\in, \cup, \max) is none."""

NOTATIONS = [
    Notation(r"\((S, A)\)", {"fr": "le graphe du jeu~: ses positions et ses coups",
                             "en": "the graph of the game: its positions and its moves"},
             r"\(S, ?A\)", "text", r"S|A"),
    Notation(r"\(|S|\), \(|A|\)", {"fr": "le nombre de positions, de coups",
                                   "en": "the number of positions, of moves"},
             r"\|S\|", "text", r"\|[SA]\|"),
    Notation(r"\(J_0\), \(J_1\)",
             {"fr": "les deux joueurs~; \\(J_0\\) joue en premier (\\(J_1\\) et \\(J_2\\) "
                    "dans certains sujets)",
              "en": "the two players; \\(J_0\\) moves first (\\(J_1\\) and \\(J_2\\) in "
                    "some exam papers)"},
             r"J_\{?0\}?", "text", r"J_(?:\{?[012i]\}?|\{1-i\})"),
    Notation(r"\(S_0\), \(S_1\)", {"fr": "les positions où \\(J_0\\), \\(J_1\\) doit jouer",
                                   "en": "the positions where \\(J_0\\), \\(J_1\\) is to move"},
             r"S_\{?0\}?", "text", r"S_(?:\{?[01i]\}?|\{1-i\})"),
    Notation(r"\(V_0\), \(V_1\)", {"fr": "les positions de victoire de \\(J_0\\), de \\(J_1\\)",
                                   "en": "the victory positions of \\(J_0\\), of \\(J_1\\)"},
             r"V_\{?0\}?", "text", r"V_(?:\{?[01i]\}?|\{1-i\})"),
    Notation(r"\(T\)", {"fr": "les positions terminales (sans successeur)",
                        "en": "the terminal positions (without successor)"},
             r"\\\(T\\\)", "text", r"T"),
    Notation(r"\(d^+(x)\), \(d^-(x)\)", {"fr": "le degré sortant, entrant de \\(x\\)",
                                         "en": "the out-degree, in-degree of \\(x\\)"},
             r"d\^\{?\+", "definition", r"d\s*\^"),
    Notation(r"\(d(x)\)", {"fr": "le compteur de \\(x\\) dans l'algorithme des compteurs",
                           "en": "the counter of \\(x\\) in the counter algorithm"},
             r"(?<![a-z])d\(x\)", "text", r"d\s*\("),
    Notation(r"\(\sigma\), \(\tau\)", {"fr": "des stratégies (sans mémoire) des deux joueurs",
                                       "en": "strategies (memoryless) of the two players"},
             r"\\sigma", "definition", r"\\sigma|\\tau"),
    Notation(r"\(\mathcal{A}^i\), \(\mathcal{A}^i_n\)",
             {"fr": "l'attracteur de \\(J_i\\) et son étape \\(n\\)",
              "en": "the attractor of \\(J_i\\) and its step \\(n\\)"},
             r"\\mathcal\{A\}\^", "definition", r"\\mathcal\{A\}"),
    Notation({"fr": r"\(\mathrm{rg}(x)\)", "en": r"\(\mathrm{rank}(x)\)"},
             {"fr": "le rang d'une position \\(x\\) de l'attracteur",
              "en": "the rank of a position \\(x\\) of the attractor"},
             r"\\mathrm\{(rg|rank)\}", "definition", r"\\mathrm\{(?:rg|rank)\}"),
    Notation(r"\(g(x)\), \(\operatorname{mex}\)",
             {"fr": "le nombre de Grundy de \\(x\\)~; le plus petit entier naturel absent "
                    "d'un ensemble",
              "en": "the Grundy number of \\(x\\); the least natural number missing from "
                    "a set"},
             r"\bmex\b", "definition", r"g\s*\(|\\operatorname\{mex\}"),
    Notation(r"\(\oplus\)", {"fr": "le ou exclusif, chiffre à chiffre en binaire",
                             "en": "exclusive or, digit by digit in binary"},
             r"\\oplus", "text", r"\\oplus"),
    Notation(r"\(J_{\max}\), \(J_{\min}\)",
             {"fr": "les joueurs qui maximisent, minimisent le score",
              "en": "the players who maximise, minimise the score"},
             r"J_\{\\max\}", "text", r"J_\{\\m(?:ax|in)\}"),
    Notation(r"\(v(p)\)", {"fr": "la valeur minimax de la position \\(p\\)",
                           "en": "the minimax value of the position \\(p\\)"},
             r"v\(p\)", "definition", r"v\s*\("),
    Notation(r"\(h(p)\)", {"fr": "une heuristique~: l'estimation de \\(p\\)",
                           "en": "a heuristic: the estimate of \\(p\\)"},
             r"\bh\(p\)", "text", r"h\s*[(\[]"),
    Notation(r"\(\alpha\), \(\beta\)",
             {"fr": "les bornes de l'élagage alpha-bêta",
              "en": "the bounds of alpha-beta pruning"},
             r"\\alpha", "text", r"\\alpha|\\beta"),
    Notation(r"\(w(u, v)\)", {"fr": "le poids (la longueur) de l'arc \\((u, v)\\)",
                              "en": "the weight (length) of the edge \\((u, v)\\)"},
             r"w\(u, ?v\)", "text", r"w\s*\("),
    Notation(r"\(g(p)\), \(f(p)\)",
             {"fr": "dans A*, le coût du chemin trouvé jusqu'à \\(p\\), et la priorité "
                    "\\(g(p) + h(p)\\)",
              "en": "in A*, the cost of the path found to \\(p\\), and the priority "
                    "\\(g(p) + h(p)\\)"},
             r"f\(p\) = g\(p\)", "text", r"[fg]\s*[(\[]"),
    Notation(r"\(\delta(u)\)", {"fr": "la distance du départ à \\(u\\)",
                                "en": "the distance from the start to \\(u\\)"},
             r"\\delta\(u\)", "text", r"\\delta"),
]
"""The list of notations at the front of the students' book."""


# ---------------------------------------------------------------------------------------
# inputs


def figure_data(site: Path) -> dict[str, dict]:
    """The data of the interactive figures (a game's positions, a stepper's steps), by
    figure: of the figures the manifest lists, never a file a renamed figure left behind."""
    folder = site / "figures"
    ids = {e["id"] for e in json.loads((folder / "manifest.json").read_text("utf-8"))}
    return {path.stem: json.loads(path.read_text("utf-8"))
            for path in sorted(folder.glob("*.json")) if path.stem in ids}


def course_setting(lang: str, name: str) -> str:
    """A setting of the course in the site's configuration (``extra.author``,
    ``extra.institution``: COURSE_AUTHOR and COURSE_INSTITUTION in the environment), or
    ""."""
    return str(_config(lang)["extra"].get(name) or "").strip()


def course_authors(lang: str, root: Path = ROOT) -> str:
    """The course's authors, for the title page, its verso and the PDF's Author field:
    the ``author`` setting (COURSE_AUTHOR), else the names of an ``AUTHORS`` file at the
    checkout's root (one a line, ``#`` starts a comment, an address in ``<...>`` left
    out), else the names of ``[project].authors`` in pyproject.toml; "" when none is
    set (nothing is then printed)."""
    setting = course_setting(lang, "author")
    if setting:
        return setting
    names: list[str] = []
    authors = root / "AUTHORS"
    if authors.is_file():
        for line in authors.read_text("utf-8").splitlines():
            name = re.sub(r"<[^>]*>", "", line.split("#", 1)[0]).strip()
            if name:
                names.append(name)
    elif (root / "pyproject.toml").is_file():
        import tomllib

        project = tomllib.loads((root / "pyproject.toml").read_text("utf-8")).get(
            "project", {})
        names = [str(a["name"]).strip() for a in project.get("authors", [])
                 if isinstance(a, dict) and a.get("name")]
    return ", ".join(names)


def bibliography() -> list[dict]:
    """The works the course cites (docs/data/bibliography.yaml), in the site's order."""
    from coursebuild.course.pages.bibliography import works

    return works()


@functools.cache
def book_date(lang: str) -> str:
    """The book's date on its title page: the month and year of the last commit (of
    SOURCE_DATE_EPOCH outside a git checkout). Only the month is an input of the books: a
    commit of the same month typesets nothing again."""
    try:
        stamp = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, text=True,
                               capture_output=True, check=True).stdout.strip()
        epoch = int(stamp)
    except (OSError, subprocess.CalledProcessError, ValueError):
        epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))
    when = datetime.fromtimestamp(epoch, UTC)
    return f"{MONTHS[lang][when.month - 1]} {when.year}"


# ---------------------------------------------------------------------------------------
# the LaTeX source


def _bib_entry(work: dict, lang: str) -> str:
    from coursebuild.course.pages.bibliography import field
    from coursebuild.typeset.latex import escape
    from coursebuild.typeset.latex.links import url

    authors = escape(work["authors"])
    title = escape(work["title"])
    where = escape(field(work, "in", lang))
    year = field(work, "year", lang)
    extra = ""
    if work.get("doi"):
        extra = f". \\textsc{{doi}}~\\url{{{url('https://doi.org/' + work['doi'])}}}"
    elif work.get("url"):
        extra = f". \\url{{{url(work['url'])}}}"
    note = field(work, "note", lang)
    note = f" {escape(note)}" if note else ""
    year = f", {year}" if year else ""
    return (f"\\bibitem{{{work['key']}}} {authors}. \\emph{{{title}}}. "
            f"{where}{year}{extra}.{note}\n")


def book_source(lang: str, edition: str, site: Path, figures: dict
                ) -> tuple[str, list[str]]:
    """The LaTeX of one book and the warnings of its conversion."""
    from coursebuild.sources.typography import french
    from coursebuild.typeset.latex import Chapter, Context, escape, print_caption
    from coursebuild.typeset.latex.links import url
    from coursebuild.typeset.latex.text import glossary_latex

    words = WORDS[lang]
    root = "/" if lang == "fr" else "/en/"
    notations = {f"not:{k}": (n.place, n.where) for k, n in enumerate(NOTATIONS)} \
        if edition == "students" else {}
    folder = site / ("" if lang == "fr" else "en")
    site_name, site_url, pages = book_pages(lang, root, edition)
    manifest = json.loads((site / "figures" / "manifest.json").read_text("utf-8"))
    captions = {e["id"]: print_caption(french(e["caption"][lang]) if lang == "fr"
                                       else e["caption"][lang]) for e in manifest}
    works = bibliography()
    chapter_of = {p.url[len(root):]: p.slug for p in pages}
    ctx = Context(lang=lang, figures=figures, captions=captions,
                  site_url=site_url, page_path="", chapter_of=chapter_of,
                  references={w["key"] for w in works}, text_width_pt=TEXT_WIDTH_PT,
                  text_height_pt=TEXT_HEIGHT_PT, margin_pt=MARGIN_PT,
                  data=figure_data(site), notations=notations,
                  index=edition == "students")
    if edition == "teachers":      # the teachers' book refers to the students' chapters
        numbered = [p for p in book_pages(lang, root, "students")[2] if p.numbered]
        ctx.other_book = {p.url[len(root):]: k for k, p in enumerate(numbered, 1)}
        ctx.chapter_of["bank/"] = "bank"     # and to its own chapter on the bank
    else:                          # and the students' book to the teacher's
        ctx.teachers_pages = {p.url[len(root):] for p in book_pages(lang, root, "teachers")[2]}
        ctx.teachers_pages.add("bank/")     # the bank is a chapter of the teacher's book
    body: list[str] = []
    main = False
    for page in pages:
        ctx.page_path = page.url[len(root):]
        html = (folder / ctx.page_path / "index.html").read_text("utf-8")
        if page.numbered and not main:          # the numbered chapters start here
            body.append("\\mainmatter\n")
            main = True
        if page.part:
            body.append(f"\\part{{{escape(page.part)}}}\n")
        try:
            chapter = Chapter(html, ctx, page.slug, page.numbered)
            body.append(chapter.latex())
        except ValueError as exc:
            raise SystemExit(f"book: {lang}: page {page.url}: {exc}") from exc
    if edition == "teachers":      # the bank's sample variants, with their solutions
        from coursebuild.products import bank_pages

        bank_html = bank_pages.book_html(lang)
        if bank_html:
            ctx.page_path = "bank/"
            body.append(keep_floats_in_their_problem(Chapter(bank_html, ctx, "bank").latex(),
                                                     lang))
    unprinted = sorted(set(ctx.referenced) - ctx.printed)
    if unprinted:
        ctx.warnings.append(f"figures cited but not printed: {', '.join(unprinted)}")
    unplaced = [key for key in notations if key not in ctx.placed]
    if unplaced:
        ctx.warnings.append(f"notations defined nowhere: {', '.join(unplaced)}")
    preamble = (HERE / "book_preamble.tex").read_text("utf-8")
    title = escape(site_name)
    subtitle = escape(words[edition])
    try:
        address_line = (f"{escape(words['site'])}\\\\\\url{{{url(site_url)}}}" if site_url
                        else "")
    except ValueError as exc:
        raise SystemExit(f"book: {lang}: the site's address (SITE_URL): {exc}") from exc
    from arena import __version__

    settings = "\n".join([
        f"\\newcommand{{\\booklanguage}}{{{'french' if lang == 'fr' else 'english'}}}",
        "\\newif\\ifbookfrench" + ("\\bookfrenchtrue" if lang == "fr" else ""),
        f"\\newcommand{{\\booktitle}}{{{title}}}",
        f"\\newcommand{{\\booksubtitle}}{{{subtitle}}}",
        f"\\newcommand{{\\bookauthors}}{{{escape(course_authors(lang))}}}",
        f"\\newcommand{{\\bookinstitution}}{{{escape(course_setting(lang, 'institution'))}}}",
        f"\\newcommand{{\\bookdate}}{{{escape(book_date(lang))}}}",
        f"\\newcommand{{\\bookedition}}{{{escape(words['edition'])} {escape(__version__)}}}",
        f"\\newcommand{{\\booklicence}}{{{escape(words['licence'])}}}",
        f"\\newcommand{{\\bookmade}}{{{escape(words['made'])}}}",
        f"\\newcommand{{\\bookaddress}}{{{address_line}}}",
        f"\\newcommand{{\\bookindexname}}{{{escape(words['index'])}}}",
        f"\\newcommand{{\\bookbibname}}{{{escape(words['bibliography'])}}}",
        f"\\newcommand{{\\bookpdftitle}}{{{escape(site_name)} -- {subtitle}}}",
        # the teachers' contents list the chapters' sections, not the five parts that
        # each chapter's teaching notes repeat
        f"\\AtBeginDocument{{\\setcounter{{tocdepth}}{{{1 if edition == 'teachers' else 2}}}}}",
    ])
    back = ""
    if edition == "students" and lang == "en":   # the code's names, English and French
        back = "\\appendix\n" + glossary_latex()
    if edition == "students":
        back += ("\\backmatter\n\\begin{thebibliography}{99}\n"
                + "".join(_bib_entry(w, lang) for w in works)
                + "\\end{thebibliography}\n"
                # the index opens on a right-hand page, as the chapters do
                + "\\cleardoublepage\n\\printindex\n")
    elif ctx.cited:     # the teachers' book's citations (the notes on the sources) resolved
        back = ("\\backmatter\n\\begin{thebibliography}{99}\n"
                + "".join(_bib_entry(w, lang) for w in works if w["key"] in ctx.cited)
                + "\\end{thebibliography}\n")
    missing = [w["key"] for w in works if w["key"] not in ctx.cited]
    if edition == "students" and missing:
        ctx.warnings.append(f"works of the bibliography never cited: {', '.join(missing)}")
    from coursebuild.typeset.latex import macro_definitions, unicode_declarations

    tex = (preamble.replace("%%SETTINGS%%", settings)
           .replace("%%UNICODE%%", unicode_declarations())
           .replace("%%CONVERTER%%", macro_definitions().rstrip("\n"))
           .replace("%%GRAPHICS%%", (site / "figures").as_posix() + "/")
           .replace("%%VERSO%%", _verso(lang, edition, site_name, site_url))
           .replace("%%FRONT%%", _notations(lang) if edition == "students" else "")
           .replace("%%BODY%%", "".join(body) + back))
    return tex, ctx.warnings


def keep_floats_in_their_problem(tex: str, lang: str) -> str:
    """The bank's chapter with a float barrier (``\\bookfloatbarrier``) before each
    solution and each problem: a figure of a statement is printed before its solution,
    and one of a solution before the next problem (a fresh reading, issue 61: the Nim
    game's turned graph came after its answers, and its key figure inside the chomp
    problem that follows)."""
    from coursebuild.course.bank_samples import WORDS as BANK_WORDS

    solution = f"\\textbf{{{BANK_WORDS[lang]['solution']}.}}"
    tex = tex.replace(solution, "\\bookfloatbarrier\n" + solution)
    return re.sub(r"(?m)^(?=\\section\{)", lambda m: "\\bookfloatbarrier\n", tex)


def _verso(lang: str, edition: str, site_name: str, site_url: str) -> str:
    """The title page's verso: the book, its authors, its version and date, how it was
    made, its licence, and the site's address when it is set."""
    from arena import __version__
    from coursebuild.typeset.latex import escape
    from coursebuild.typeset.latex.links import url

    words = WORDS[lang]
    who = ", ".join(escape(x) for x in (course_authors(lang),
                                        course_setting(lang, "institution")) if x)
    lines = [f"\\textbf{{{escape(site_name)}}}. {escape(words[edition])}.",
             *([who + "."] if who else []),
             f"{escape(words['edition'])} {escape(book_date(lang))}, arena "
             f"{escape(words['version'])} {escape(__version__)}.",
             escape(words["made"]), escape(words["licence"])]
    if site_url:
        lines.append(escape(words["site"]) + " \\url{" + url(site_url) + "}")
    return ("\\thispagestyle{empty}\n\\null\\vfill\n\\noindent{\\small\\raggedright\n"
            + "\\\\[1ex]\n".join(lines) + "\\par}\n")


def _notations(lang: str) -> str:
    """The list of notations, each with the page where the book defines it."""
    from coursebuild.typeset.latex import escape

    words = WORDS[lang]
    rows = [f"{n.tex[lang] if isinstance(n.tex, dict) else n.tex} & {n.meaning[lang]} & "
            f"\\pageref{{not:{k}}} \\\\"
            for k, n in enumerate(NOTATIONS)]
    title = escape(words["notations"])
    return (f"\\chapter*{{{title}}}\n\\addcontentsline{{toc}}{{chapter}}{{{title}}}\n"
            f"\\markboth{{{title}}}{{{title}}}\n"
            "\\begin{center}\n\\begin{tabular}{l >{\\raggedright\\arraybackslash}"
            "p{0.62\\linewidth} r}\n\\hline\n"
            f"\\textbf{{{escape(words['notation'])}}} & \\textbf{{{escape(words['meaning'])}}} "
            f"& \\textbf{{p.}} \\\\ \\hline\n" + "\n".join(rows)
            + "\n\\hline\n\\end{tabular}\n\\end{center}\n")


# ---------------------------------------------------------------------------------------
# typesetting


def _latex_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "TEXINPUTS")}
    env.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    env["FORCE_SOURCE_DATE"] = "1"
    return env


def _run(cmd: list[str], folder: Path, env: dict[str, str], name: str) -> None:
    done = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True,
                          errors="replace")
    if done.returncode != 0:
        log = (folder / "book.log").read_text("utf-8", errors="replace") \
            if (folder / "book.log").exists() else done.stdout
        errors = [ln for ln in log.splitlines() if ln.startswith("!")]
        context = log[log.find(errors[0]):][:800] if errors else done.stdout[-1500:]
        raise SystemExit(f"book: {name}: {cmd[0]} failed:\n{context}")


def typeset(tex: str, folder: Path, name: str, runs: int = 5) -> bytes:
    """pdfLaTeX until the page references settle (at most ``runs`` runs), makeindex after
    each (its entries one a line, a page listed once: :func:`coursebuild.typeset.latex.index.tidy`);
    the PDF's bytes."""
    from coursebuild.typeset.latex.index import tidy

    folder.mkdir(parents=True, exist_ok=True)
    write_if_changed(folder / "book.tex", tex)
    for stale in ("book.aux", "book.toc", "book.ind", "book.idx", "book.out"):
        (folder / stale).unlink(missing_ok=True)
    env = _latex_env(folder)
    latex = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "book.tex"]
    previous = ""
    write_if_changed(folder / "book.ist", "line_max 1000\n")
    for run in range(runs):
        _run(latex, folder, env, name)
        if (folder / "book.idx").exists():
            _run(["makeindex", "-q", "-s", "book.ist", "book.idx"], folder, env, name)
            ind = folder / "book.ind"
            ind.write_text(tidy(ind.read_text("utf-8")), "utf-8")
        state = "".join((folder / f).read_text("utf-8", errors="replace")
                        for f in ("book.aux", "book.toc", "book.ind") if (folder / f).exists())
        if run >= 1 and state == previous:
            break
        previous = state
    return (folder / "book.pdf").read_bytes()


def build_book(lang: str, edition: str, site: Path, out: Path, figures: dict,
               progress: Progress) -> Path:
    """Typeset one book into ``out``, one more of ``progress``'s; return its path."""
    t0 = time.perf_counter()
    tex, warnings = book_source(lang, edition, site, figures)
    for warning in warnings:
        progress.note(f"book: {lang}: {warning}")
    folder = WORK / f"{edition}-{lang}"
    pdf = typeset(tex, folder, f"{edition}-{lang}")
    write_atomic(out / f"report-{edition}-{lang}.json",
                 json.dumps({"warnings": warnings, "overfull": _overfull(folder)},
                            indent=1) + "\n")
    target = out / book_name(lang, edition)
    write_atomic(target, pdf)
    progress.advance(f"{target.name}: {_page_count(target)} pages in "
                     f"{time.perf_counter() - t0:.1f} s")
    return target


def _overfull(folder: Path) -> list[str]:
    """The lines LaTeX set wider than the text by more than 2 pt."""
    log = (folder / "book.log").read_text("utf-8", errors="replace")
    return [m[0] for m in re.finditer(r"Overfull \\hbox \((\d+\.\d+)pt too wide\)[^\n]*", log)
            if float(m[1]) > 2.0]


def _inputs_hash(site: Path, langs: tuple[str, ...]) -> str:
    """Everything a book is made from: its pages, the figures, the bibliography, this
    code and the preamble, the site's address and the date."""
    digest = hashlib.sha256()
    files = [HERE / "book.py", *sorted((HERE.parent / "typeset" / "latex").glob("*.py")),
             HERE.parent / "typeset" / "latex" / "converter.tex", HERE / "book_preamble.tex",
             BIBLIOGRAPHY, INDEX,
             HERE.parent / "typeset" / "editions.py", HERE.parent / "sources" / "glossary.py",
             ROOT / "docs" / "data" / "glossary.yaml"]
    files += sorted((site / "figures").glob("*.pdf")) + [site / "figures" / "manifest.json"]
    for lang in langs:
        root = site / ("" if lang == "fr" else "en")
        for page in book_pages(lang, "/")[2]:
            files.append(root / page.url.lstrip("/") / "index.html")
        digest.update(f"{lang}:{address.published(lang)}:{book_date(lang)}:"
                      f"{course_authors(lang)}:{course_setting(lang, 'institution')}\n"
                      .encode())
    from coursebuild.products import bank_pages

    digest.update(bank_pages.inputs_digest().encode())    # the teachers' book's bank
    for path in files:
        digest.update(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                      .encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build(site: Path = ROOT / "site", out: Path = ROOT / "build" / "pdf",
          langs: tuple[str, ...] = ("fr", "en"), force: bool = False) -> list[Path]:
    """Typeset the books that are missing or older than their inputs; return their
    paths."""
    if not (site / "index.html").exists():
        raise SystemExit(f"book: no site in {site} (make site builds it)")
    if shutil.which("pdflatex") is None:
        raise SystemExit("book: pdflatex is missing (make site installs TeX Live)")
    out.mkdir(parents=True, exist_ok=True)
    stamp = out / ".inputs"
    key = _inputs_hash(site, langs)
    paths = [out / book_name(lang, e) for lang in langs for e in EDITIONS]
    if not force and stamp.exists() and stamp.read_text() == key and all(
            p.exists() for p in paths):
        print(f"book: up to date -> {out}", file=sys.stderr)
        return paths
    # the old stamp goes before any book is replaced, the new one after all are written: an
    # interruption in between leaves no stamp, and the next build typesets them again
    stamp.unlink(missing_ok=True)
    figures = figure_metrics(site)
    jobs = [(lang, edition) for lang in langs for edition in EDITIONS]
    if "teachers" in EDITIONS:
        from coursebuild.products import bank_pages

        bank_pages.measure_spreads()    # before the books' threads: once, on every core
    with Progress("books", len(jobs)) as progress, \
            concurrent.futures.ThreadPoolExecutor(2) as pool:
        for job in [pool.submit(build_book, lang, e, site, out, figures, progress)
                    for lang, e in jobs]:
            job.result()
    write_atomic(stamp, key)
    return paths


def publish(site: Path, books: Path = ROOT / "build" / "pdf",
            editions: tuple[str, ...] = EDITIONS) -> None:
    """Copy the books (of ``editions``) into the site's language roots, where the home
    page and the teachers' guide link to them (the books not typeset yet are left out)."""
    for lang, folder in (("fr", site), ("en", site / "en")):
        for edition in editions:
            name = book_name(lang, edition)
            if (books / name).exists():      # whole or not at all, as every book write
                write_if_changed(folder / name, (books / name).read_bytes())


def _page_count(path: Path) -> int:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "pdf")
    parser.add_argument("--lang", choices=("fr", "en"), action="append")
    parser.add_argument("--force", action="store_true", help="typeset even if up to date")
    args = parser.parse_args(argv)
    build(args.site, args.out, tuple(args.lang or ("fr", "en")), args.force)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
