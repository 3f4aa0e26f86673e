"""One source per notebook (docs/notebooks/NN-name.py): the code written once, the prose in
both languages, split by coursebuild.products.notebooks into one notebook per language."""

from __future__ import annotations

import re

import jupytext
import pytest

from coursebuild.paths import ROOT
from coursebuild.products import notebooks
from coursebuild.sources import glossary

SOURCES = notebooks.sources()
TAG = re.compile(r"\s*# \[(fr|en)\]$")


def test_there_is_one_source_per_notebook_and_none_per_language():
    assert [p.name for p in SOURCES] == [
        "01-modelling.py", "02-plays.py", "03-attractors.py", "04-algorithms.py",
        "05-strategies.py", "06-exercises.py", "07-case-studies.py", "08-beyond.py"]
    assert not list((ROOT / "docs").glob("*/notebooks/*.py"))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_cell_of_prose_is_written_in_both_languages(source):
    cells = jupytext.read(source).cells
    prose = [c for c in cells if c.cell_type == "markdown"]
    assert prose and all(c.metadata.get("lang") in ("fr", "en") for c in prose)
    # each French cell is followed by its English one
    assert [c.metadata["lang"] for c in prose] == ["fr", "en"] * (len(prose) // 2)
    fr, en = notebooks.split(source, "fr"), notebooks.split(source, "en")
    # plus the cell, under the title, that says what to install
    assert len([c for c in fr.cells if c.cell_type == "markdown"]) == len(prose) // 2 + 1
    assert len([c for c in en.cells if c.cell_type == "markdown"]) == len(prose) // 2 + 1
    assert fr.cells[1].source == notebooks.INSTALL["fr"] and "Télécharger" in fr.cells[1].source
    assert en.cells[1].source == notebooks.INSTALL["en"]
    english = re.compile(r"\b(the|which|with|players?|winning|this)\b", re.I)
    french = re.compile(r"\b(les|une|avec|joueurs?|gagnantes?|ce)\b", re.I)
    for a, b in zip(fr.cells, en.cells):
        assert a.cell_type == b.cell_type
        assert "lang" not in a.metadata and "lang" not in b.metadata
        if a.cell_type == "markdown":
            assert not english.findall(a.source), a.source
            assert not french.findall(b.source), b.source


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_two_languages_run_the_same_code(source):
    fr, en = notebooks.split(source, "fr"), notebooks.split(source, "en")
    fr_code = [c.source for c in fr.cells if c.cell_type == "code"]
    en_code = [c.source for c in en.cells if c.cell_type == "code"]
    assert len(fr_code) == len(en_code) > 0
    source_code = [c.source for c in jupytext.read(source).cells if c.cell_type == "code"]
    for mixed, a, b in zip(source_code, fr_code, en_code):
        lines = mixed.split("\n")
        tagged = [TAG.search(line)[1] for line in lines if TAG.search(line)]
        # a line that differs (a printed label, a text alternative) has its counterpart
        assert tagged.count("fr") == tagged.count("en")
        if "Arena.from_file(Path(" in mixed:   # the data file written into the cell
            assert a == notebooks._inline_data(mixed, "fr") and "Arena.from_file" not in a
            assert b == notebooks._inline_data(mixed, "en") and "Arena.from_file" not in b
        elif not tagged:
            # the same code, character for character, the English with the English names
            assert a == mixed and b == glossary.english(mixed)
        else:
            same = [line for line in lines if not TAG.search(line)]
            assert [line for line in a.split("\n") if line in same] == same
            same_en = [glossary.english(line) for line in same]
            assert [line for line in b.split("\n") if line in same_en] == same_en
            assert len(a.split("\n")) == len(b.split("\n")) == len(same) + len(tagged) // 2
            assert "# [" not in a + b


def test_the_tagged_lines_are_few_and_only_what_a_reader_sees():
    tagged = [line for s in SOURCES for c in jupytext.read(s).cells if c.cell_type == "code"
              for line in c.source.split("\n") if TAG.search(line)]
    # (3 show() titles and languages, 04: 4 labels, 1 title, 1 language, 6 docstrings,
    # 4 printed errors, 07: a count of winners printed) x 2 languages
    assert len(tagged) == 46
    assert all(re.match(r'\s*(title = |print\(|lang = |""")', line) for line in tagged)


def test_the_split_keeps_a_language_and_drops_the_other(tmp_path):
    source = tmp_path / "nb.py"
    source.write_text('# %% [markdown] lang="fr"\n# Bonjour\n\n'
                      '# %% [markdown] lang="en"\n# Hello\n\n'
                      '# %%\nx = 1\nprint("un")  # [fr]\nprint("one")  # [en]\n',
                      encoding="utf-8")
    fr, en = notebooks.split(source, "fr"), notebooks.split(source, "en")
    install = notebooks.INSTALL
    assert [c.source for c in fr.cells] == ["Bonjour", install["fr"], 'x = 1\nprint("un")']
    assert [c.source for c in en.cells] == ["Hello", install["en"], 'x = 1\nprint("one")']


def test_a_cell_of_prose_without_a_language_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(notebooks, "ROOT", tmp_path)
    source = tmp_path / "nb.py"
    source.write_text("# %% [markdown]\n# Hello\n\n# %%\nx = 1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r'nb.py: markdown cell 0 has no lang="fr"'):
        notebooks.split(source, "en")


def test_each_language_gets_its_own_notebook_page():
    assert notebooks.target(SOURCES[2], "fr") == ROOT / "docs/fr/notebooks/03-attractors.ipynb"
    assert notebooks.target(SOURCES[2], "en") == ROOT / "docs/en/notebooks/03-attractors.ipynb"


def test_a_notebook_key_covers_the_data_files_it_names_and_only_those():
    named = {p.stem: [f.relative_to(ROOT).as_posix() for f in notebooks.data_files(p)]
             for p in SOURCES}
    assert named["06-exercises"] == ["docs/examples/exercise-6-2.yaml"]
    assert [stem for stem, files in named.items() if files] == ["06-exercises"]


def test_a_notebook_key_changes_with_its_source_its_language_and_its_data(tmp_path,
                                                                          monkeypatch):
    data = tmp_path / "docs/examples/x.yaml"
    data.parent.mkdir(parents=True)
    data.write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setattr(notebooks, "ROOT", tmp_path)
    monkeypatch.setattr(notebooks.keys, "files_digest",
                        lambda paths: "|".join(p.read_text() for p in paths if p == data))
    source = tmp_path / "nb.py"
    source.write_text('# %%\nPath("docs/examples/x.yaml")\n', encoding="utf-8")
    first = notebooks.cache_key(source, "fr")
    assert notebooks.cache_key(source, "fr") == first              # a warm build reuses it
    assert notebooks.cache_key(source, "en") != first
    data.write_text("a: 2\n", encoding="utf-8")
    assert notebooks.cache_key(source, "fr") != first               # the data it names
    second = notebooks.cache_key(source, "fr")
    source.write_text('# %%\nPath("docs/examples/x.yaml")  # \n', encoding="utf-8")
    assert notebooks.cache_key(source, "fr") != second              # its source


@pytest.mark.parametrize("text", ['name: "a\\\\b"\n', 'end with a quote"', '"""\n', "plain: 1\n"])
def test_a_data_file_written_into_a_cell_keeps_every_character(text):
    """A teacher's example may hold quotes and backslashes: the cell's literal is the file."""
    import ast

    assert ast.literal_eval(notebooks._triple_quoted(text)) == text


def _printed_parts(line: str):
    """The literal pieces of a tagged ``print(...)`` line: (position, text) for each
    string argument, the pieces of an f-string joined with ``{}`` for its values."""
    import ast

    call = ast.parse(TAG.sub("", line).strip()).body[0].value
    for k, arg in enumerate(call.args):
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            yield k, arg.value
        elif isinstance(arg, ast.JoinedStr):
            yield k, "".join(v.value if isinstance(v, ast.Constant) else "{}"
                             for v in arg.values)


def test_what_an_english_notebook_prints_has_no_french_spacing():
    """Fresh reading (issue 61): lab 7's brief showed "won by the puppies: 120 ; by the
    cub: 0 ; draws: 0" and lab 4's "bipartite: True ; edges:": print's separator put a
    space before the semicolon. No English line prints a space before ; : ! ?, and no
    French one omits it."""
    for s in SOURCES:
        for c in jupytext.read(s).cells:
            for line in c.source.split("\n"):
                tag = TAG.search(line)
                if c.cell_type != "code" or not tag or "print(" not in line:
                    continue
                for k, text in _printed_parts(line):
                    if tag[1] == "en":
                        assert not re.search(r" [;:!?]", text), (s.name, line)
                        assert not (k and re.match(r"[;:!?]", text)), (s.name, line)
                    else:
                        assert not re.search(r"[^\s{][;!?]", text), (s.name, line)


def test_a_notebook_s_opening_does_not_print_a_link_s_bare_words():
    """Fresh reading (issue 61): notebook 07 opened on "Pages [chomp](...) and [the bear
    cub game](...)", which the lab brief prints as "Pages chomp and the bear cub game"."""
    for s in SOURCES:
        for c in jupytext.read(s).cells:
            if c.cell_type == "markdown" and c.source.startswith("# "):
                opening = c.source.split("\n\n")[1]
                assert not opening.startswith("Pages "), (s.name, c.metadata["lang"])
