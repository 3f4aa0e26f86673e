"""Lab (TP) briefs (``make labs``, issue 63 §2): a page per notebook of the course
(``docs/notebooks``): its goal, its tasks with the results the solver computes for them,
what to hand in, the time, and the notebook to start from.

``python -m coursebuild labs [--lang fr]`` writes ``build/labs/fr/tp-03.pdf`` for
``docs/notebooks/03-attractors.py`` (``lab-03.pdf`` in English). Everything on a brief is
read from the course: the goal is the notebook's opening text; each task is a section of
the notebook (its ``##`` heading and first paragraph; the opening computations before
the first heading are the first task), and its expected results are the outputs of the
section's cells in the notebook as executed by the build (:mod:`coursebuild.products.notebooks`,
executed again when the library changes), each after the expression that gives it; the
time is the hours of the lab sessions whose plan names the notebook in the teaching notes
(``docs/teaching``), and what they do is their plan's text. A brief is set on one page,
smaller when it would not fit (:func:`coursebuild.documents.td.fit`), in the layout
``handouts/lab-LANG.tex``.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coursebuild.paths import ROOT
from coursebuild.sources.options import OptionError

OUT = ROOT / "build" / "labs"

SIZES = ("", "\\small", "\\footnotesize")
MAX_LINES = 8
"""An expected result longer than this many lines is cut (its last line says so)."""
WORDS = {
    "fr": {"file": "tp", "task": "Tâche", "opening": "Premiers calculs",
           "expected": "Résultats attendus", "figure": "une figure",
           "more": "(… {n} lignes de plus)", "session": "La séance",
           "sessions": "Séance {k}", "cell": "la cellule :"},
    "en": {"file": "lab", "task": "Task", "opening": "First computations",
           "expected": "Expected results", "figure": "a figure",
           "more": "(… {n} more lines)", "session": "The session",
           "sessions": "Session {k}", "cell": "the cell:"},
}


@dataclass(frozen=True)
class Result:
    code: str           # the expression (the cell's last statement)
    output: str         # what it gives, as the executed notebook shows it ("" a figure)


@dataclass(frozen=True)
class Task:
    heading: str
    text: str           # the section's first paragraph (Markdown)
    results: tuple[Result, ...]


@dataclass(frozen=True)
class Brief:
    number: int
    name: str           # "03-attractors"
    title: str
    goal: str           # Markdown
    tasks: tuple[Task, ...]
    hours: int
    sessions: tuple[str, ...]   # what the lab sessions do (Markdown)


def _unlinked(md: str) -> str:
    """Markdown with its links reduced to their text (a sheet has no link)."""
    return re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", md)


def _last_statement(code: str) -> str:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code.strip().splitlines()[-1] if code.strip() else ""
    if not tree.body:
        return ""
    return (ast.get_source_segment(code, tree.body[-1]) or "").strip()


def _outputs(cell: dict) -> list[str]:
    out: list[str] = []
    streamed = False
    for o in cell.get("outputs", []):
        data = o.get("data", {})
        if any(k.startswith("image/") or k == "text/html" for k in data):
            out.append("")
        elif "text/plain" in data:
            out.append("".join(data["text/plain"]).rstrip())
        elif o.get("output_type") == "stream" and o.get("name") == "stdout":
            text = "".join(o.get("text", "")).rstrip()
            if streamed and out:          # a cell's printed lines are one result
                out[-1] += "\n" + text
            else:
                out.append(text)
            streamed = True
            continue
        streamed = False
    return [o for o in out if o is not None]


def _first_paragraph(md: str) -> str:
    body = md.partition("\n")[2] if md.startswith("#") else md
    for block in re.split(r"\n\s*\n", body.strip()):
        if block.strip():
            return block.strip()
    return ""


def read(notebook: Path, lang: str) -> Brief:
    """The brief of an executed notebook (``docs/LANG/notebooks/NN-NAME.ipynb``)."""
    from coursebuild.course.teaching_notes import notes
    from coursebuild.products.teaching import fill

    word = WORDS[lang]
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    first = markdown[0]
    title = first.splitlines()[0].lstrip("# ").strip()
    goal = _unlinked(_first_paragraph(first))
    tasks: list[Task] = []
    heading, text, results = word["opening"], "", []
    for cell in cells[1:]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            tasks.append(Task(heading, text, tuple(results)))
            heading = source.splitlines()[0][3:].strip()
            text, results = _unlinked(_first_paragraph(source)), []
        elif cell["cell_type"] == "code":
            outputs = _outputs(cell)
            if outputs:
                code = _last_statement(source)
                results += [Result(code if k == len(outputs) - 1 or not out else "", out)
                            for k, out in enumerate(outputs)]
    tasks.append(Task(heading, text, tuple(results)))
    tasks = [t for t in tasks if t.results or t.text]
    name = notebook.stem
    sessions = [(n, s) for n in notes().values() if n.notebook == name
                for s in n.plan if s.kind == "lab"]
    return Brief(int(name.split("-")[0]), name, title, goal, tuple(tasks),
                 sum(s.hours for _, s in sessions),
                 tuple(_unlinked(fill(s.text[lang], n, lang)).strip() for n, s in sessions))


def _result_md(result: Result, lang: str) -> str:
    word = WORDS[lang]
    if not result.output:
        return f"- `{result.code}` : {word['figure']}" if lang == "fr" else \
            f"- `{result.code}`: {word['figure']}"
    lines = result.output.splitlines()
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES - 1], word["more"].format(n=len(lines) - MAX_LINES + 1)]
    if "\n" in result.code:
        # a statement of several lines (a loop): a listing, its lines as written, then
        # what it prints (inline, its lines would run together, a comment swallowing
        # the code after it)
        listing = "\n".join(f"    {ln}" for ln in ["```python", *result.code.splitlines(),
                                                    "```"])
        block = "\n".join(f"    {ln}" for ln in ["```text", *lines, "```"])
        return f"- {word['cell']}\n\n{listing}\n\n{block}\n"
    code = f"`{result.code}`" if result.code else ""
    if len(lines) == 1 and len(lines[0]) + len(result.code) < 80 and "`" not in lines[0]:
        arrow = " → " if code else ""
        return f"- {code}{arrow}`{lines[0]}`"
    block = "\n".join(f"    {ln}" for ln in ["```text", *lines, "```"])
    return f"- {code}\n\n{block}\n"


def brief_markdown(brief: Brief, lang: str) -> str:
    """A brief's body as Markdown: the goal, the session, the tasks and their results."""
    word = WORDS[lang]
    colon = " :" if lang == "fr" else ":"
    out = [brief.goal, ""]
    several = len(brief.sessions) > 1       # notebook 07 serves two sessions: "Session 1"
    for k, text in enumerate(brief.sessions, 1):
        label = word["sessions"].format(k=k) if several else word["session"]
        out += [f"**{label}{colon}** {text}", ""]
    for k, task in enumerate(brief.tasks, 1):
        out += [f"**{word['task']} {k}{colon} {task.heading}.** {task.text}", ""]
        if task.results:
            out += [f"*{word['expected']}{colon}*", ""]
            out += [_result_md(r, lang) for r in task.results]
            out.append("")
    return "\n".join(out) + "\n"


def file_name(lang: str, n: int) -> str:
    return f"{WORDS[lang]['file']}-{n:02d}"


def notebooks() -> dict[int, Path]:
    """The course's notebooks by number (``docs/notebooks/NN-NAME.py``)."""
    from coursebuild.products.notebooks import sources

    return {int(p.stem.split("-")[0]): p for p in sources()}


def _body(convert, lang: str, briefs: Sequence[Brief], sizes: dict[int, int]) -> str:
    from coursebuild.products.sheets import STUDENT_MARK
    from coursebuild.products.sheets.layout import document
    from coursebuild.typeset.latex import escape

    out = []
    for k, b in enumerate(briefs, 1):
        out.append(f"{STUDENT_MARK}{k}\n\\labnumber{{{b.number}}}\\labhours{{{b.hours}}}"
                   f"\\labnotebook{{{escape(b.name)}.ipynb}}\\sheetstudent{{"
                   f"{escape(b.title)}}}{SIZES[sizes[b.number]]}\n")
        out.append(convert.latex(brief_markdown(b, lang), "", f"lab{b.number}") + "\n")
        out.append("\\labfooter\n")
    return document(lang, "", "".join(out), name="lab")


def build(langs: Sequence[str], numbers: Sequence[int], out: Path = OUT,
          log=print) -> list[Path]:
    """Write each notebook's brief of each language into ``out/LANG``; return them."""
    from coursebuild.products.sheets import guarded

    return guarded(out, log, lambda work: _build(langs, numbers, out, work, log),
                   "make labs")


def _build(langs, numbers, out, work, log) -> list[Path]:
    from coursebuild.documents.td import fit
    from coursebuild.products import notebooks as executed
    from coursebuild.products.sheets import publish, split
    from coursebuild.typeset.texts import Converter

    sources = notebooks()
    executed.build([sources[n].stem for n in numbers])
    shutil.rmtree(work, ignore_errors=True)
    written: list[Path] = []
    for lang in langs:
        briefs = [read(executed.target(sources[n], lang), lang) for n in numbers]
        for b in briefs:
            if not b.hours:
                raise OptionError(f"notebook {b.name}: no lab session of the teaching notes "
                                  "(docs/teaching) names it: its brief has no time")
        convert = Converter(lang)
        folder = work / lang / "labs"
        spans = fit(lang, numbers, lambda sizes, c=convert, lang=lang, briefs=briefs: _body(
            c, lang, briefs, sizes), folder, "labs", 1, len(SIZES), "labs", log)
        ready = work / lang / "out"
        ready.mkdir(parents=True)
        split(folder / "labs.pdf", [spans[n] for n in numbers],
              [file_name(lang, n) for n in numbers], ready)
        target = publish(ready, out, lang, work)
        written += sorted(target.glob("*.pdf"))
        log(f"labs: {lang}: notebooks {', '.join(f'{n:02d}' for n in numbers)} -> {target}")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild labs",
        description="Write a one-page lab brief per notebook of the course into "
                    "build/labs/LANG/.")
    parser.add_argument("--lang", action="append",
                        help="fr or en (repeat for both; default both)")
    parser.add_argument("--notebooks", help="notebook numbers, e.g. 3 or 1,3 or 2-4 "
                        "(default: every notebook)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder "
                        "(default build/labs)")
    return parser


def main(argv: list[str] | None = None) -> int:
    from coursebuild.documents.td import chosen, run

    args = _parser().parse_args(argv)
    return run("labs", args.lang, "briefs", lambda langs, log: build(
        langs, chosen(args.notebooks, list(notebooks()), "does not exist",
                      "--notebooks (NOTEBOOKS)", "notebook"), args.out, log=log))


if __name__ == "__main__":
    raise SystemExit(main())
