"""`make td` (issue 63 §2) as the teachers' guide prints it, from a checkout with no build
product: each chapter's tutorial sheet holds the chapter's exercises (their ids, in the
chapter's order) on one or two pages, and its answer sheet their solutions, each after its
exercise's heading and before the next; the same command gives the same bytes; bad input
is one line and exit status 2."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from project_copy import make, pdf_text, plain

from coursebuild.documents import td
from coursebuild.sources.exercise_source import exercises

ROOT = Path(__file__).resolve().parents[2]


def test_the_chapters_are_read_as_typed_and_refused_in_one_line():
    known = list(td.chapters_with_exercises())
    assert known == list(range(1, 10))
    assert td.chosen(None, known) == known
    assert td.chosen("3", known) == [3]
    assert td.chosen(" 4, 2-3 ,3", known) == [2, 3, 4]
    for text, said in (("12", "chapter 12 has no exercises"), ("x", "chapter numbers"),
                       (",", "names no chapter"), ("1-2-3", "chapter numbers")):
        with pytest.raises(td.TdError, match=said):
            td.chosen(text, known)


def test_each_chapter_s_exercises_are_its_own_in_its_order():
    by_chapter = td.chapters_with_exercises()
    every = [e.id for es in by_chapter.values() for e in es]
    assert sorted(every) == sorted(e.id for e in exercises().values())
    for n, es in by_chapter.items():
        assert [e.number for e in es] == [f"{n}.{k}" for k in range(1, len(es) + 1)]


def test_the_legend_of_the_figures_is_only_on_a_sheet_that_has_one():
    """Fresh reading (issue 61): every French sheet opened on 'Dans les figures, J0 joue
    sur les cercles...', the sheets of chapters 2 to 5, 7 and 8 too, which have no figure;
    the English legend said a double border marks a 'winning position' (a victory
    position: a winning position is one of the attractor)."""
    from types import SimpleNamespace

    files = {"exercise-2.1.tex": "Montrer que.\n",
             "exercise-6.1.tex": "\\includegraphics[width=10pt]{g}\n"}
    chapters = {2: [SimpleNamespace(number="2.1")], 6: [SimpleNamespace(number="6.1")]}
    body = td._body("fr", [2, 6], files, chapters, "exercise", {2: 0, 6: 0})
    assert "\\csname tdfiguresfalse\\endcsname\\tdnumber{2}" in body
    assert "\\csname tdfigurestrue\\endcsname\\tdnumber{6}" in body
    for lang, legend in (("fr", "Dans les figures"), ("en", "In the figures")):
        layout = (ROOT / "handouts" / f"td-{lang}.tex").read_text(encoding="utf-8")
        header = layout[layout.index("\\newcommand{\\sheetheader}"):]
        assert header.index("\\iftdfigures") < header.index(legend)
    assert "marks a victory position" in (ROOT / "handouts" / "td-en.tex").read_text()
    assert "winning position" not in (ROOT / "handouts" / "td-en.tex").read_text()


def test_an_exercise_says_nothing_of_the_site_s_check_on_paper():
    """Fresh reading (issue 61): exercise 4.1 said 'La vérification essaie une chaîne de
    plusieurs milliers de positions', the check of the site's editor, which a tutorial
    sheet has not: it says what the function must do."""
    from coursebuild.sources.exercise_source import exercises as every

    for e in every().values():
        for lang, words in (("fr", "La vérification"), ("en", "The check")):
            assert words not in e.statement[lang], (e.number, lang)
    e = next(e for e in every().values() if e.number == "4.1")
    assert "Elle doit venir à bout d'une chaîne" in " ".join(e.statement["fr"].split())
    assert "It must cope with a chain" in " ".join(e.statement["en"].split())


def test_an_exercise_title_calls_a_position_drawn_never_a_draw():
    """Fresh reading (issue 61): exercise 5.3, on tutorial 5 and chapter 5's slides, was
    'jouer depuis un match nul' (a match nul is a play), its statement 'Soit x une
    position qui n'est dans aucun des deux attracteurs'; and the notes' misconception
    'D'un nul, tout coup...': 'une position nulle', 'a drawn position'."""
    import yaml

    from coursebuild.sources.exercise_source import exercises as every

    e = next(e for e in every().values() if e.number == "5.3")
    assert (e.title["fr"], e.title["en"]) == ("jouer depuis une position nulle",
                                              "playing from a drawn position")
    notes = yaml.safe_load((ROOT / "docs" / "teaching" / "05-strategies.yaml").read_text("utf-8"))
    titles = [m["title"] for m in notes["misconceptions"]]
    assert {"fr": "D'une position nulle, tout coup qui ne perd pas tout de suite",
            "en": "From a drawn position, any move that does not lose at once"} in titles


needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None or
                               not (ROOT / ".venv" / "bin" / "python").exists(),
                               reason="make td needs TeX Live and the project's .venv")


def _opening(md: str) -> str:
    """The first words of a text's first plain paragraph, as the PDF prints them."""
    for line in md.splitlines():
        line = re.sub(r"^(?:[-*] |\d+\. |\*\*[^*]*\*\* ?)", "", line.strip())
        if not line or line[0] in "<|`!-*>#:=" or line[:2].isdigit() or line[0].isdigit():
            continue
        words = plain(re.split(r"[$`\\[(*{]", line)[0]).split()
        if len(words) >= 3:
            return " ".join(words[:3])
    return ""


def _check(folder: Path, lang: str) -> None:
    word = td.WORDS[lang]
    by_chapter = td.chapters_with_exercises()
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{name}.pdf" for n in by_chapter for name in td.file_names(lang, n))
    for n, es in by_chapter.items():
        sheet, answers = (folder / f"{name}.pdf" for name in td.file_names(lang, n))
        with pikepdf.open(sheet) as pdf:
            assert 1 <= len(pdf.pages) <= td.PAGES, sheet.name
        text, key = plain(pdf_text(sheet)), plain(pdf_text(answers))
        heads = [plain(e.heading(lang)) for e in es]
        # the chapter's exercises, in order, and no other chapter's
        at = [text.find(h) for h in heads]
        assert -1 not in at and at == sorted(at), (sheet.name, heads, at)
        others = [e for m, more in by_chapter.items() if m != n for e in more]
        assert not any(plain(e.heading(lang)) in text for e in others), sheet.name
        # the answers: each solution after its exercise's heading, before the next one
        at = [key.find(h) for h in heads] + [len(key)]
        assert -1 not in at and at == sorted(at), (answers.name, at)
        for k, e in enumerate(es):
            opening = _opening(e.text("solution", lang))
            if not opening:
                continue
            where = key.find(opening, at[k])
            assert at[k] < where < at[k + 1], (answers.name, e.number, opening)
            assert opening not in text or opening in plain(e.text("statement", lang)), \
                (sheet.name, e.number, opening)
        assert word["file"] in sheet.name


@needs_tex
def test_make_td_as_typed_in_each_language(checkout):
    for lang in ("fr", "en"):
        done = make(checkout, "td", f"LANG={lang}")
        assert f"coursebuild td --lang {lang}" in done.stdout
        _check(checkout / "build" / "td" / lang, lang)
    assert not (checkout / "build" / "td" / ".work").exists()


@needs_tex
def test_make_td_gives_the_same_bytes_and_refuses_bad_input(checkout):
    folder = checkout / "build" / "td" / "en"
    make(checkout, "td", "LANG=en", "CHAPTERS=2,5")
    first = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}
    assert sorted(first) == ["tutorial-02-answers.pdf", "tutorial-02.pdf",
                             "tutorial-05-answers.pdf", "tutorial-05.pdf"]
    make(checkout, "td", "LANG=en", "CHAPTERS=2,5")
    assert first == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                     for p in folder.iterdir()}
    for args, message in ((["LANG=de"], "coursebuild: td: --lang (LANG) 'de': fr or en"),
                          (["LANG=fr", "CHAPTERS=11"], "coursebuild: td: --chapters "
                           "(CHAPTERS): chapter 11 has no exercises"),
                          (["LANG=fr", "CHAPTERS=a"], "coursebuild: td: --chapters "
                           "(CHAPTERS) 'a': chapter numbers")):
        done = make(checkout, "td", *args, ok=False)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    assert first == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                     for p in folder.iterdir()}


def test_the_legend_names_victory_positions_and_no_sheet_points_above_itself():
    """Fresh reading (issue 61): the English tutorial sheets' legend said "a double border
    marks a winning position" (the French: position de victoire; a winning position is
    one of an attractor, not a target), and exercise 1.1 pointed at "the numbers given
    above", which are in the chapter, not on the sheet."""
    en = (ROOT / "handouts" / "td-en.tex").read_text(encoding="utf-8")
    fr = (ROOT / "handouts" / "td-fr.tex").read_text(encoding="utf-8")
    assert "a double border marks a victory position" in en
    assert "winning position" not in en
    assert "une double bordure marque une position de victoire" in fr
    for path in sorted((ROOT / "docs" / "exercises").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert "given above" not in text and "donnés plus haut" not in text, path.name
    sizes = exercises()["game-sizes"]
    assert "with the numbers the chapter gives" in sizes.statement["en"]
    assert "avec les nombres que donne le chapitre" in sizes.statement["fr"]


def test_the_counter_trace_of_exercise_6_2_is_not_announced_step_by_step_twice():
    """Fresh reading (issue 61): tutorial 6's answers said "The counter algorithm of
    chapter 4 ..., step by step on this game:" and then "Step by step." (the heading of
    the steps, "Le déroulement pas à pas")."""
    solution = exercises()["graph-game"].solution
    for lang, words, heading in (("en", "step by step", '"Step by step"'),
                                 ("fr", "pas à pas", '"Le déroulement pas à pas"')):
        text = " ".join(solution[lang].split())
        assert heading in text
        assert text.lower().count(words) == 1, lang


def test_the_example_of_a_set_as_a_dict_is_made_of_positions_of_nim():
    """Fresh reading (issue 61): exercise 1.2, on the graph of Nim whose vertices are
    (k, i) with i the player to move, showed a set as {(0, 0): None, (1, 2): None}: (1, 2)
    is no position of the game."""
    nim = exercises()["nim-dicts"]
    for lang in ("fr", "en"):
        pairs = re.findall(r"\((\d+), (\d+)\): None", nim.statement[lang])
        assert pairs and all(i in ("0", "1") for _, i in pairs), (lang, pairs)
