"""The bank of problems as a Moodle question bank (issue 49 §2): ``make moodle``.

``python -m coursebuild moodle --lang fr --variants 50`` writes
``build/moodle/fr/bank.xml``, a file in Moodle's XML import format: one question
category per problem of the bank (:mod:`coursebuild.course.bank`), under a parent category
for the bank, each holding ``--variants`` variants of the problem as *Cloze*
("multianswer") questions, so that a quiz's "random question from category" gives each
student a variant, graded by Moodle.

A question is one variant: its statement (the bank's Markdown as HTML, the same
converter as the practice page, :func:`coursebuild.course.practice.html_of`), its figures
(laid out and drawn as the course's figures are, as SVG files attached to the question,
``@@PLUGINFILE@@``), then one answer field per answer the practice page checks
(:data:`coursebuild.course.practice.FIELDS`: which answers of ``Variant.answers`` each question
asks for, and how they are typed), and the worked solution as the general feedback.
Each field is a Cloze sub-question (``{1:NUMERICAL:=42:0}``, ``{1:SHORTANSWER_C:=a,
b~=a,b}``, ``{1:MULTICHOICE:=J₀~J₁}``) whose accepted answers are made from the key
the bank computed for that seed:

- a number (``number``): NUMERICAL, the exact integer;
- a player, who wins, yes or no (``winner``, ``mover``, ``yesno``): MULTICHOICE, a
  drop-down menu with the right choice and the other one;
- a set, a sequence, a position or a value per position (``set``, ``sequence``,
  ``position``, ``map``): SHORTANSWER, which Moodle compares exactly (after trimming
  the spaces around the answer, ``*`` a wildcard, which no answer here holds): the
  question says the form expected, and the accepted answers are every spelling of it
  that the practice page also reads as right (:func:`spellings`): a set's elements in
  any order up to :data:`ANY_ORDER` elements, in increasing order beyond (names in
  alphabetical order, ``f4, f5, f10`` or ``f10, f4, f5``, numbers by value, pairs as
  ``(0, 3)`` or ``(0,3)``), separated by commas, with or without a space after each,
  with or without braces (a sequence in parentheses or brackets too), an empty set as
  ``∅``, ``{}`` or "aucun"/"none"; a value per position as ``a: 2, c: 0`` (``a:2``,
  ``a : 2``, ``a = 2``; for a move, ``a → b`` or ``a -> b`` too). A name is matched
  with its capitals (``SHORTANSWER_C``) as the statement writes it. Several accepted
  answers are core Moodle; a regular expression would need a plug-in.

The variants are the ones ``make sheets`` would give a class
(:func:`coursebuild.course.bank_samples.
assign`, from ``--seed``): distinct while the problem has enough of them. The file is
the same bytes for the same arguments, and is written whole or not at all (a
temporary file renamed).

Moodle's import reads this format in ``question/format/xml/format.php``
(``readquestions``, ``import_question``, ``import_category``, ``import_multianswer``,
``import_text_with_files``) and the Cloze syntax in
``question/type/multianswer/questiontype.php`` (``qtype_multianswer_extract_question``,
``qtype_multianswer_validate_question``); ``tests/products/test_moodle.py`` reads the file by the
same rules.

The accepted answers of a field are :mod:`coursebuild.products.moodle.answers`; this module writes
the
questions, their figures and the file, and runs the command.
"""

from __future__ import annotations

import argparse
import base64
import html
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from coursebuild.course.bank_samples import variant_drawings
from coursebuild.course.bank_samples import variant_figure_id as figure_id
from coursebuild.languages import LANGS
from coursebuild.paths import ROOT
from coursebuild.products.moodle.answers import ANY_ORDER as ANY_ORDER
from coursebuild.products.moodle.answers import Part as Part
from coursebuild.products.moodle.answers import part as part
from coursebuild.products.moodle.answers import parts as parts
from coursebuild.products.moodle.answers import spellings as spellings
from coursebuild.sources.forked import map_forked
from coursebuild.sources.options import OptionError, number, problem_ids

OUT = ROOT / "build" / "moodle"
DEFAULT_VARIANTS = 50
MAX_VARIANTS = 500
DEFAULT_SEED = 2026

WORDS = {
    "fr": {
        "bank": "Banque arena", "variant": "variante", "seed": "graine",
        "answers": "Réponses",
        "question": "Question",
        "info": "{title} ({minutes} min, {points} points) : {count} variante{s} du problème "
                "« {id} » de la banque d'arena, chacune notée par Moodle.",
        "ungraded": "Les questions sans champ ci-dessous ne sont pas notées automatiquement : "
                    "le corrigé, montré après l'envoi, y répond.",
        "names": "Écrire les positions comme l'énoncé les écrit (mêmes majuscules).",
        "set": "Un ensemble : ses éléments séparés par des virgules, dans n'importe quel "
               "ordre jusqu'à {any} éléments, dans l'ordre croissant au-delà (les noms dans "
               "l'ordre alphabétique, les nombres par valeur, une paire comme `(0, 3)`), "
               "par exemple `a, c, f` ou `{{2, 10}}` ; `∅` s'il est vide.",
        "sequence": "Une suite : ses éléments dans l'ordre, séparés par des virgules, par "
                    "exemple `a, d, c`.",
        "map": "Une valeur par position : `position: valeur`, les positions dans l'ordre "
               "alphabétique, séparées par des virgules, par exemple `a: 2, c: 0`.",
        "moves": "Un coup par position : `position: successeur` (ou `a → b`), les positions "
                 "dans l'ordre alphabétique, séparées par des virgules, par exemple "
                 "`a: b, c: a`.",
        "comma": "Une espace après chaque virgule est facultative, comme les accolades "
                 "autour de la réponse.",
        "number": "un entier",
    },
    "en": {
        "bank": "arena bank", "variant": "variant", "seed": "seed",
        "answers": "Answers",
        "question": "Question",
        "info": "{title} ({minutes} min, {points} points): {count} variant{s} of the problem "
                "'{id}' of arena's bank, each graded by Moodle.",
        "ungraded": "The questions without a field below are not graded automatically: the "
                    "worked solution, shown once submitted, answers them.",
        "names": "Write the positions as the statement writes them (same capitals).",
        "set": "A set: its elements separated by commas, in any order up to {any} "
               "elements, in increasing order beyond (names in alphabetical order, numbers "
               "by value, a pair as `(0, 3)`), for example `a, c, f` or `{{2, 10}}`; `∅` "
               "when it is empty.",
        "sequence": "A sequence: its elements in order, separated by commas, for example "
                    "`a, d, c`.",
        "map": "A value per position: `position: value`, the positions in alphabetical "
               "order, separated by commas, for example `a: 2, c: 0`.",
        "moves": "A move per position: `position: successor` (or `a → b`), the positions "
                 "in alphabetical order, separated by commas, for example `a: b, c: a`.",
        "comma": "A space after each comma is optional, and so are braces around the "
                 "answer.",
        "number": "an integer",
    },
}


class MoodleError(OptionError):
    """Bad arguments (said in one line, exit status 2)."""


# ---------------------------------------------------------------------------------------
# the question's text


_FIGURE_DIV = re.compile(r'<div class="arena-practice-figure" data-figure="([\w-]+)"></div>')
TITLE_MARK = "@@ARENA-FIGURE-TITLE@@"
"""Where a figure's SVG holds its title (the caption of the language, put in by
:func:`figure_file`): a figure is drawn once for both languages."""


def _md(text: str, lang: str) -> str:
    """A line of the instructions (Markdown: code spans, formulas) as HTML, with French
    typography in French."""
    from coursebuild.course import practice

    if lang == "fr":
        from coursebuild.course.bank._kit import french_md

        text = french_md(text)
    return practice._inline(text)


def _with_figures(body: str, v, lang: str, used: list[str]) -> str:
    """The practice page's figure places as images of the question's files."""
    def one(m: re.Match) -> str:
        name = m[1]
        drawing = v.figures[name]
        if name not in used:
            used.append(name)
        caption = _md(drawing.caption[lang], lang)
        alt = drawing.caption[lang].replace("$", "")
        if lang == "fr":
            from coursebuild.sources.typography import french

            alt = french(alt)
        alt = html.escape(alt)
        return (f'<p style="text-align: center"><img src="@@PLUGINFILE@@/{name}.svg" '
                f'alt="{alt}" style="max-width: 100%; height: auto">'
                f"<br><em>{caption}</em></p>")
    return _FIGURE_DIV.sub(one, body)


_CLOZE_START = re.compile(r"\{(?=[0-9]*:)")


def _no_cloze(text: str) -> str:
    """HTML of the question's own words, in which Moodle's import finds no sub-question:
    a ``{`` that would open one (``{1:SHORTANSWER:=x}``: a position's name may hold it) as
    a character reference, which the reader's browser shows as ``{``."""
    return _CLOZE_START.sub("&#123;", text)


def question_html(v, lang: str) -> tuple[str, list[str], list[Part]]:
    """A variant's question text (statement, figures, answer fields), the figures it
    shows, and its sub-questions in the order of the fields."""
    from coursebuild.course import practice

    words = WORDS[lang]
    used: list[str] = []
    statement = _no_cloze(_with_figures(practice.html_of(v.statement[lang]), v, lang, used))
    subs = parts(v, lang)
    kinds = {p.field.kind for p in subs}
    notes = []
    questions = {m for m in re.findall(r"(?m)^(\d+)\. ", v.statement[lang])}
    if questions - {str(p.field.question) for p in subs}:
        notes.append(words["ungraded"])
    if kinds & {"set", "sequence", "position", "map"}:
        notes.append(words["names"])
    for kind in ("set", "sequence"):
        if kind in kinds:
            notes.append(words[kind].format(any=ANY_ORDER))
    if "map" in kinds:
        maps = [p for p in subs if p.field.kind == "map"]
        moves = any(not isinstance(x, int) for p in maps
                    for x in practice.expected(v, p.field.key).values())
        numbers = any(isinstance(x, int) for p in maps
                      for x in practice.expected(v, p.field.key).values())
        if numbers:
            notes.append(words["map"])
        if moves:
            notes.append(words["moves"])
    if kinds & {"set", "sequence", "map"}:
        notes.append(words["comma"])
    colon = "\u00a0:" if lang == "fr" else ":"        # as coursebuild.sources.typography.french
    rows = []
    for p in subs:
        label = _no_cloze(practice._inline(practice._french(p.field.label[lang], lang)))
        hint = f" <small>({words['number']})</small>" if p.qtype == "NUMERICAL" else ""
        mark = "" if label.rstrip().endswith("?") else colon
        rows.append(f"<li>{words['question']} {p.field.question}, {label}{mark} "
                    f"{p.cloze()}{hint}</li>")
    answers = (f"<h4>{words['answers']}</h4>"
               + "".join(f"<p>{_no_cloze(_md(n, lang))}</p>" for n in notes)
               + "<ul>" + "".join(rows) + "</ul>")
    return statement + answers, used, subs


def solution_html(v, lang: str) -> tuple[str, list[str]]:
    """A variant's worked solution as HTML, and the figures it shows."""
    from coursebuild.course import practice

    used: list[str] = []
    return _with_figures(practice.html_of(v.solution[lang]), v, lang, used), used


# ---------------------------------------------------------------------------------------
# figures


def render_svg(drawing) -> bytes:
    """A drawing laid out and drawn as the course's figures are, as SVG, without the
    embedded font (most of a figure's bytes and of the time to make it: a bank of a
    thousand variants would not upload), its text in the course's font where the reader
    has it, a sans-serif font otherwise; its title left to :func:`figure_file`."""
    from arena.render import FONT
    from arena.render import render_svg as render

    source = getattr(drawing.dot, "source", drawing.dot)
    svg = render(source, title=TITLE_MARK, desc=drawing.desc,
                 prog="nop2" if drawing.fixed else drawing.prog,
                 titles=drawing.titles, font=False).decode("utf-8")
    return svg.replace(f'font-family="{FONT}"', f'font-family="{FONT},sans-serif"'
                       ).encode("utf-8")


def figure_file(svg: bytes, drawing, lang: str) -> bytes:
    """A figure's SVG with its title in ``lang``."""
    return svg.replace(TITLE_MARK.encode(), html.escape(drawing.caption[lang]).encode())


def render_figures(variants: Sequence, jobs: int = 2) -> dict[str, bytes]:
    """Every drawing of ``variants`` as SVG (both languages share it), by figure id, on
    ``jobs`` processes."""
    todo = variant_drawings(variants)
    ids = list(todo)
    svgs = map_forked(render_svg, [todo[fid] for fid in ids], jobs)
    return dict(zip(ids, svgs, strict=True))


# ---------------------------------------------------------------------------------------
# the XML


def _cdata(text: str) -> str:
    """Text as Moodle's export writes it: in a CDATA section when it holds markup."""
    if html.escape(text) == text:
        return text
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _files(names: Sequence[str], v, svgs: dict[str, bytes], lang: str) -> str:
    return "".join(
        f'      <file name="{name}.svg" path="/" encoding="base64">'
        + base64.b64encode(figure_file(svgs[figure_id(v, name)], v.figures[name],
                                       lang)).decode("ascii")
        + "</file>\n" for name in names)


def category_path(lang: str, title: str) -> str:
    """A problem's category, under the bank's, in the course's default category
    (``/`` in a name doubled, as Moodle reads a path)."""
    return "$course$/top/" + "/".join(x.replace("/", "//") for x in (WORDS[lang]["bank"],
                                                                      title))


def question_xml(v, lang: str, svgs: dict[str, bytes], title: str) -> str:
    """One variant as a Cloze question."""
    words = WORDS[lang]
    text, shown, _ = question_html(v, lang)
    solution, solved = solution_html(v, lang)
    name = f"{title} ({words['variant']}, {words['seed']} {v.seed})"
    return ('  <question type="cloze">\n'
            f"    <name>\n      <text>{html.escape(name, quote=False)}</text>\n    </name>\n"
            '    <questiontext format="html">\n'
            f"      <text>{_cdata(text)}</text>\n"
            + _files(shown, v, svgs, lang)
            + "    </questiontext>\n"
            '    <generalfeedback format="html">\n'
            f"      <text>{_cdata(solution)}</text>\n"
            + _files(solved, v, svgs, lang)
            + "    </generalfeedback>\n"
            "    <penalty>0.3333333</penalty>\n"
            "    <hidden>0</hidden>\n"
            "  </question>\n")


def bank_xml(lang: str, by_problem: dict[str, list], svgs: dict[str, bytes]) -> str:
    """The whole file: per problem, its category then its variants."""
    from coursebuild.course import bank

    words = WORDS[lang]
    known = bank.problems()
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n']
    for pid, variants in by_problem.items():
        p = known[pid]
        title = p.title[lang]
        info = words["info"].format(title=title, minutes=p.minutes, points=p.points,
                                    count=len(variants), id=pid,
                                    s="s" if len(variants) > 1 else "")
        if lang == "fr":
            from coursebuild.sources.typography import french

            info = french(info)
        path = html.escape(category_path(lang, title), quote=False)
        out.append('  <question type="category">\n'
                   f"    <category>\n      <text>{path}</text>\n    </category>\n"
                   '    <info format="html">\n'
                   f"      <text>{_cdata(html.escape(info, quote=False))}</text>\n"
                   "    </info>\n  </question>\n")
        for v in variants:
            out.append(question_xml(v, lang, svgs, title))
    out.append("</quiz>\n")
    return "".join(out)


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all: a temporary file beside it, renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def variants_of(problems: Sequence[str], count: int, seed: int) -> dict[str, list]:
    """``count`` variants of each problem: the ones ``make sheets`` gives ``count``
    students with ``seed`` (distinct while the problem has enough)."""
    from coursebuild.course.bank_samples import assign

    given = assign(problems, count, seed)
    return {p: [mine[k] for mine in given] for k, p in enumerate(problems)}


def build(langs: Sequence[str], problems: Sequence[str], count: int, seed: int,
          out: Path = OUT, jobs: int = 2, log: Callable[[str], None] = print) -> list[Path]:
    """Write ``out/LANG/bank.xml`` for each language; return the files."""
    t0 = time.perf_counter()
    by_problem = variants_of(problems, count, seed)
    every = [v for vs in by_problem.values() for v in vs]
    for v in every:                 # every field's answer is checked before a byte is written
        for lang in langs:
            question_html(v, lang)
    log(f"moodle: {len(problems)} problems x {count} variants made "
        f"({time.perf_counter() - t0:.1f} s)")
    svgs = render_figures(every, jobs)
    log(f"moodle: {len(svgs)} figures drawn ({time.perf_counter() - t0:.1f} s)")
    written = []
    for lang in langs:
        target = out / lang / "bank.xml"
        write_atomically(target, bank_xml(lang, by_problem, svgs).encode("utf-8"))
        distinct = {pid: len({_params(v) for v in vs}) for pid, vs in by_problem.items()}
        few = [f"{pid} ({n})" for pid, n in distinct.items() if n < count]
        size = target.stat().st_size / 1e6
        fewer = f"; fewer distinct variants than asked: {', '.join(few)}" if few else ""
        log(f"moodle: {lang}: {len(problems)} categories, {len(every)} questions -> {target} "
            f"({size:.1f} MB){fewer}")
        written.append(target)
    return written


def _params(v) -> str:
    import json

    return json.dumps(v.params, sort_keys=True, ensure_ascii=False, default=str)


# ---------------------------------------------------------------------------------------
# the command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild moodle",
        description="Write the bank of problems as a Moodle question bank (Moodle XML, "
                    "Cloze questions, one category per problem) into "
                    "build/moodle/LANG/bank.xml.")
    parser.add_argument("--lang", action="append", default=[],
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--variants", default=str(DEFAULT_VARIANTS),
                        help=f"variants of each problem (default {DEFAULT_VARIANTS}, at most "
                             f"{MAX_VARIANTS})")
    parser.add_argument("--seed", default=str(DEFAULT_SEED),
                        help=f"the seed the variants are drawn from (default {DEFAULT_SEED})")
    parser.add_argument("--problems",
                        help="problem ids, separated by commas (default: every problem)")
    parser.add_argument("--out", type=Path, default=OUT,
                        help="output folder (default build/moodle)")
    parser.add_argument("--jobs", default="2", help="processes drawing the figures (default 2)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        from coursebuild.course import bank

        for lang in args.lang:
            if lang not in LANGS:
                raise MoodleError(f"--lang (LANG): {lang!r} is neither fr nor en")
        langs = list(dict.fromkeys(args.lang)) or list(LANGS)
        count = number(args.variants, "--variants (VARIANTS)", 1, MAX_VARIANTS)
        seed = number(args.seed, "--seed (SEED)", 0, 2**62)
        jobs = number(args.jobs, "--jobs", 1, 64)
        known = bank.problems()
        problems = problem_ids(args.problems, known, known)
        build(langs, problems, count, seed, args.out, jobs,
              log=lambda line: print(line, file=sys.stderr, flush=True))
    except OptionError as exc:
        print(f"coursebuild: moodle: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
