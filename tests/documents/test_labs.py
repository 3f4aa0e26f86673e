"""`make labs` (issue 63 §2) as the teachers' guide prints it, from a checkout with no
build product: a one-page brief per notebook, whose goal is the notebook's opening, whose
tasks are its sections with the results its executed cells show, whose time is the hours
of the lab sessions that name it in the teaching notes; the same command gives the same
bytes; bad input is one line and exit status 2."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from project_copy import make, pdf_text, plain

from coursebuild.course.teaching_notes import notes
from coursebuild.documents import labs

ROOT = Path(__file__).resolve().parents[2]


def test_every_notebook_has_lab_sessions_and_their_hours_are_the_brief_s_time():
    found = labs.notebooks()
    assert list(found) == list(range(1, 9))
    for source in found.values():
        hours = sum(s.hours for note in notes().values() if note.notebook == source.stem
                    for s in note.plan if s.kind == "lab")
        assert hours > 0, source.stem
    # chomp's and the bear cub's labs share notebook 07: its time is both
    shared = [note for note in notes().values() if note.notebook == "07-case-studies"]
    assert len(shared) == 2


def test_a_brief_s_results_are_the_executed_notebook_s_outputs(tmp_path):
    """On a notebook written here: its sections are the tasks, each output follows the
    expression of its cell, a figure is said to be one."""
    import json

    def cell(kind, source, outputs=()):
        c = {"cell_type": kind, "source": source, "metadata": {}}
        if kind == "code":
            c["outputs"] = list(outputs)
        return c

    nb = {"cells": [
        cell("markdown", "# Titre\n\nLe but du TP.\n\nSuite."),
        cell("code", "x = 2\nx + 1", [{"output_type": "execute_result",
                                      "data": {"text/plain": "3"}}]),
        cell("markdown", "## Deuxième partie\n\nOn dessine."),
        cell("code", "show(g)", [{"output_type": "execute_result",
                                  "data": {"image/svg+xml": "<svg/>", "text/plain": "<SVG>"}}]),
        cell("code", "print(1)\nlen([1, 2])", [
            {"output_type": "stream", "name": "stdout", "text": "1\n"},
            {"output_type": "execute_result", "data": {"text/plain": "2"}}]),
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "03-attractors.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    brief = labs.read(path, "fr")
    assert (brief.number, brief.title, brief.goal) == (3, "Titre", "Le but du TP.")
    assert [t.heading for t in brief.tasks] == ["Premiers calculs", "Deuxième partie"]
    assert brief.tasks[0].results == (labs.Result("x + 1", "3"),)
    assert brief.tasks[1].results == (labs.Result("show(g)", ""), labs.Result("", "1"),
                                      labs.Result("len([1, 2])", "2"))
    assert brief.hours == 1             # chapter 3's lab session names 03-attractors
    md = labs.brief_markdown(brief, "fr")
    assert "- `x + 1` → `3`" in md and "- `show(g)` : une figure" in md


needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None or
                               not (ROOT / ".venv" / "bin" / "python").exists(),
                               reason="make labs needs TeX Live and the project's .venv")


@needs_tex
def test_make_labs_as_typed_in_each_language(checkout):
    import sys

    for lang in ("fr", "en"):
        done = make(checkout, "labs", f"LANG={lang}")
        assert f"coursebuild labs --lang {lang}" in done.stdout
        folder = checkout / "build" / "labs" / lang
        assert sorted(p.name for p in folder.iterdir()) == [
            f"{labs.file_name(lang, n)}.pdf" for n in range(1, 9)]
        # the briefs as the checkout's executed notebooks give them
        read = subprocess.run(
            [sys.executable, "-c", "import json, sys\nfrom coursebuild.documents import labs\n"
             "from coursebuild.products.notebooks import target\n"
             "out = {n: [labs.read(target(p, sys.argv[1]), sys.argv[1]).title,"
             " labs.read(target(p, sys.argv[1]), sys.argv[1]).hours,"
             " [[t.heading, [r.output for r in t.results]]"
             "  for t in labs.read(target(p, sys.argv[1]), sys.argv[1]).tasks]]"
             " for n, p in labs.notebooks().items()}\n"
             "print(json.dumps(out))", lang],
            cwd=checkout, env=dict(os.environ, PYTHONPATH=str(checkout / "src")),
            capture_output=True, text=True, check=True).stdout
        import json

        for n, (title, hours, tasks) in json.loads(read).items():
            pdf = folder / f"{labs.file_name(lang, int(n))}.pdf"
            with pikepdf.open(pdf) as whole:
                assert len(whole.pages) == 1, pdf.name
            text = pdf_text(pdf)
            said = plain(text)
            assert plain(title) in said
            stem = labs.notebooks()[int(n)].stem
            assert f"{stem}.ipynb" in text
            assert re.search(rf"{hours} h\b", text), pdf.name
            checked = 0
            for heading, outputs in tasks:
                words = plain(re.sub(r"\$[^$]*\$", " ", heading))    # maths apart
                assert words in said, (pdf.name, heading)
                for out in outputs:
                    if out and "\n" not in out:
                        assert plain(out) in said, (pdf.name, out)
                        checked += 1
            assert checked >= 2, pdf.name
    assert not (checkout / "build" / "labs" / ".work").exists()


@needs_tex
def test_make_labs_gives_the_same_bytes_and_refuses_bad_input(checkout):
    folder = checkout / "build" / "labs" / "en"
    make(checkout, "labs", "LANG=en", "NOTEBOOKS=3")
    first = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}
    assert sorted(first) == ["lab-03.pdf"]
    make(checkout, "labs", "LANG=en", "NOTEBOOKS=3")
    assert first == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                     for p in folder.iterdir()}
    for args, message in ((["LANG=it"], "coursebuild: labs: --lang (LANG) 'it': fr or en"),
                          (["LANG=fr", "NOTEBOOKS=9"], "coursebuild: labs: --notebooks "
                           "(NOTEBOOKS): notebook 9 does not exist")):
        done = make(checkout, "labs", *args, ok=False)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr


def test_a_loop_s_result_is_its_listing_then_all_it_prints():
    """Fresh reading (issue 61): lab 4's brief showed the chain's costs '10 10 45 9' and
    '100 100 4950 99' as a result of no code, then the loop on one line, 'for n in (10,
    100, 1000): c = chain(n - 1) # len(c) == n steps, reads = ...' (its comment
    swallowing the code after it), then '1000 1000 499500 999': a cell's printed lines
    are one result, and a statement of several lines is a listing as written."""
    from coursebuild.documents import labs

    cell = {"outputs": [{"output_type": "stream", "name": "stdout", "text": ["10 10 45 9\n"]},
                        {"output_type": "stream", "name": "stdout", "text": ["100 1\n"]}]}
    assert labs._outputs(cell) == ["10 10 45 9\n100 1"]
    code = "for n in (10, 100):\n    c = chain(n - 1)        # len(c) == n\n    print(n)"
    md = labs._result_md(labs.Result(code, "10 10 45 9\n100 1"), "fr")
    assert "`for n" not in md and md.startswith("- la cellule :\n\n")
    assert "    ```python\n    for n in (10, 100):\n        c = chain(n - 1)" in md
    assert md.index("```python") < md.index("```text") < md.index("100 1")
    assert labs._result_md(labs.Result("len(g)", "4"), "fr") == "- `len(g)` → `4`"


def test_a_notebook_of_two_sessions_numbers_them_not_the_session_twice():
    """Fresh reading (issue 61): lab 7's brief said "The session:" twice, for chomp's lab
    and the bear cub's; each is now "Session 1", "Session 2" ("Séance 1"...)."""
    brief = labs.Brief(7, "07-case-studies", "T", "Goal.", (), 2, ("Chomp.", "Cub."))
    en, fr = labs.brief_markdown(brief, "en"), labs.brief_markdown(brief, "fr")
    assert "**Session 1:** Chomp." in en and "**Session 2:** Cub." in en
    assert "The session" not in en
    assert "**Séance 1 :** Chomp." in fr and "**Séance 2 :** Cub." in fr
    one = labs.Brief(3, "03-attractors", "T", "Goal.", (), 1, ("Attractors.",))
    assert "**The session:** Attractors." in labs.brief_markdown(one, "en")
    assert "**La séance :** Attractors." in labs.brief_markdown(one, "fr")
