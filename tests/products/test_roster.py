"""A class's roster as schools and registries export it (issue 61 §10, issue 62 §2, §3,
§6): its heading row found as people write it, a quoted field holding a line break read
as CSV, candidate numbers taken and given to the files, and file names in ASCII from
every Latin letter the sheets print."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from coursebuild.products import sheets
from coursebuild.products.sheets import headings
from coursebuild.products.sheets.roster import SheetError, read_roster, slug


def _read(tmp_path: Path, text: str, encoding: str = "utf-8"):
    path = tmp_path / "classe.csv"
    path.write_bytes(text.encode(encoding))
    return read_roster(path)


# --- the heading row -----------------------------------------------------------------------

@pytest.mark.parametrize(("cell", "kind"), [
    # issue 61 §10's list, as French and British exports spell them
    ("Nom", "last"), ("NOM", "last"), ("Nom d'usage", "last"), ("Nom de naissance", "last"),
    ("Surname", "last"), ("Family name", "last"), ("Last Name", "last"),
    ("Prénom", "first"), ("PRENOM", "first"), ("Prénoms", "first"), ("Forename", "first"),
    ("Given name", "first"), ("Given names", "first"), ("First name", "first"),
    ("Nom Prénom", "full"), ("NOM PRÉNOM", "full"), ("Nom et prénom", "full"),
    ("Prénom Nom", "full"), ("Élève", "full"), ("Student", "full"), ("Name", "full"),
    ("Candidat", "full"),
    ("Candidate No", "candidate"), ("Candidate number", "candidate"),
    ("N° de candidat", "candidate"), ("Numéro de candidat", "candidate"),
    ("INE", "id"), ("N° INE", "id"), ("Student ID", "id"), ("Student number", "id"),
    ("ULN", "id"), ("Matricule", "id"),
    ("Email", "other"), ("E-mail", "other"), ("Courriel", "other"), ("Classe", "other"),
    ("Tutor group", "other"), ("Date de naissance", "other"), ("DOB", "other"),
    # fresh reading (issue 61): a British university's student records export
    ("Forename(s)", "first"), ("Known as", "first"), ("Student Code", "id"),
    ("Registration Number", "id"), ("Programme", "other"), ("Programme of Study", "other"),
    ("Course", "other"), ("Module Code", "other"), ("Year of Study", "other"),
    ("Mode of Attendance", "other"),
    ("Dupont", None), ("Marie", None), ("Lovelace", None), ("Nguyễn", None),
])
def test_each_usual_heading_is_known_for_what_its_column_holds(cell, kind):
    assert headings.kind(cell) == kind


@pytest.mark.parametrize(("text", "names", "heading", "summary"), [
    # one column headed as a school writes it: the heading is not a student
    ("Nom Prénom\nDupont Marie\nNgoma Paul\n", ["Dupont Marie", "Ngoma Paul"], 1,
     "row 1 taken as the heading row (Nom Prénom): names from 'Nom Prénom'"),
    ("NOM ET PRÉNOM\nDupont Marie\n", ["Dupont Marie"], 1, "names from 'NOM ET PRÉNOM'"),
    # a column of whole names among others
    ("Student,Email\nAda Lovelace,ada@x.org\nAlan Turing,alan@x.org\n",
     ["Ada Lovelace", "Alan Turing"], 1, "names from 'Student'"),
    ("Élève;Classe\nDurand Zoé;MP2I\nMartin Léo;MP2I\n", ["Durand Zoé", "Martin Léo"], 1,
     "row 1 taken as the heading row (Élève, Classe): names from 'Élève'"),
    # no heading row: a first student named like a heading word is a student
    ("Ine\nDupont Marie\nNgoma Paul\n", ["Ine", "Dupont Marie", "Ngoma Paul"], None,
     "no heading row"),
    ("Ine;Martin\nDupont;Marie\n", ["Ine Martin", "Dupont Marie"], None, "no heading row"),
    # the heading row after empty rows and a title of heading words: its own row number
    ("\n;;\nClasse\nNom;Prénom\nDupont;Marie\n", ["Dupont Marie"], 4,
     "row 4 taken as the heading row (Nom, Prénom)"),
    # the name a student goes by, rather than the birth name
    ("INE;Nom de naissance;Nom d'usage;Prénom\n123456789AB;Martin;Dupont;Marie\n",
     ["Dupont Marie"], 1, "names from 'Nom d'usage' + 'Prénom'; candidate numbers from 'INE'"),
])
def test_a_heading_row_is_one_of_headings_followed_by_rows_that_are_not(
        tmp_path, text, names, heading, summary):
    roster = _read(tmp_path, text)
    assert roster.names == names
    assert roster.heading == heading
    line = roster.summary(tmp_path / "classe.csv")
    assert line.startswith(f"roster {tmp_path / 'classe.csv'}: {len(names)} student")
    assert summary in line


@pytest.mark.parametrize(("text", "names", "numbers", "column"), [
    # issue 61 §10: the ID is the candidate's number, never part of the name
    ("Student ID,Surname,Forename,Email\n20417,Dupont,Marie,m@x.uk\n20418,Ngoma,Paul,p@x.uk\n",
     ["Dupont Marie", "Ngoma Paul"], ["20417", "20418"], "Student ID"),
    # a candidate number rather than another identifier; a row without one
    ("Surname,Forename,Student ID,Candidate No\nDupont,Marie,S1,0423\nNgoma,Paul,S2,\n",
     ["Dupont Marie", "Ngoma Paul"], ["0423", ""], "Candidate No"),
    ("N° INE;NOM;Prénom;Classe\n070707070AB;Durand;Zoé;MP2I\n",
     ["Durand Zoé"], ["070707070AB"], "N° INE"),
    ("Given name\tFamily name\tCandidate number\nAda\tLovelace\t7\n",
     ["Ada Lovelace"], ["7"], "Candidate number"),
    # fresh reading (issue 61): a university registry's export was read as four students,
    # its heading row the first ('Forename(s)', 'Programme' were no headings), each name
    # with the student's number and programme
    ("\ufeffStudent Number,Surname,Forename(s),Programme\r\n"
     "2301234,O'Brien,Siobhán,BSc Computer Science\r\n2305678,Smith-Jones,Amelia Rose,MComp\r\n",
     ["O'Brien Siobhán", "Smith-Jones Amelia Rose"], ["2301234", "2305678"], "Student Number"),
    ("Student Code,Surname,Forename(s),Known As,Course,Year of Study\n"
     "S1,Nwosu,Chukwuemeka Daniel,Emeka,G400,2\n",
     ["Nwosu Emeka"], ["S1"], "Student Code"),
])
def test_a_registry_s_export_gives_names_and_candidate_numbers(tmp_path, text, names, numbers,
                                                               column):
    roster = _read(tmp_path, text)
    assert (roster.names, roster.numbers, roster.number_column) == (names, numbers, column)
    assert f"candidate numbers from '{column}'" in roster.summary(tmp_path / "classe.csv")


def test_candidate_numbers_name_the_files_and_others_keep_their_place():
    people = sheets.students("fr", 3, ["Dupont Marie", "Ngoma Paul", "Zhou Lin"],
                             numbers=["0423", "", "070707070AB"])
    assert [p.file for p in people] == ["0423-dupont-marie", "02-ngoma-paul",
                                        "070707070ab-zhou-lin"]
    assert [p.number for p in people] == ["0423", "", "070707070AB"]
    with pytest.raises(SheetError, match="would both be a-1-dupont-marie.pdf"):
        sheets.students("fr", 2, ["Dupont Marie", "Dupont Marie"], numbers=["A-1", "a 1"])


@pytest.mark.parametrize(("text", "words"), [
    ("Student ID,Email\n20417,m@x.uk\n",
     "row 1 is a heading row (Student ID, Email) naming no column of names"),
    ("INE\n070707070AB\n070707071AB\n", "row 1 is a heading row (INE) naming no column"),
    ("Email\nm@x.uk\n", "row 1 is a heading row (Email) naming no column"),
    ("Nom;Prénom\n", "no name in it (row 1 is a heading row)"),
    ("Nom;Prénom;INE\nDupont;Marie;42\nNgoma;Paul;42\n",
     "rows 2 and 3: the same candidate number '42'"),
    ("Nom;Prénom;INE\nDupont;Marie;" + "9" * 31 + "\n", "row 2: the candidate number"),
    ("Nom;Prénom;INE\nDupont;Marie;\u674e\n", "row 2: candidate number: '李' (U+674E"),
    ('Nom;Prénom\nDupont;"Marie\nNgoma;Paul\n', "line 3: not CSV as a spreadsheet writes it"),
])
def test_a_roster_that_cannot_be_read_is_refused_naming_its_row(tmp_path, text, words):
    with pytest.raises(SheetError) as info:
        _read(tmp_path, text)
    assert str(info.value).startswith(f"roster {tmp_path / 'classe.csv'}")
    assert words in str(info.value), str(info.value)


# --- a field that holds a line break ------------------------------------------------------

@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize(("text", "names"), [
    ('"Dupont{nl}Marie";zoe@x.fr{nl}Ngoma;Paul{nl}', ["Dupont Marie", "Ngoma Paul"]),
    ('Nom;Prénom{nl}"Le{nl}Goff";"Yann{nl}{nl}Marie"{nl}', ["Le Goff Yann Marie"]),
    ('Nom,Prénom{nl}"Dupont, dit{nl}Jean",Marie{nl}', ["Dupont, dit Jean Marie"]),
])
def test_a_quoted_field_holding_a_line_break_is_one_field(tmp_path, newline, text, names):
    """As a spreadsheet writes a cell of two lines: the words are kept apart by a space,
    and the rows after it are the rows they are."""
    roster = _read(tmp_path, text.format(nl=newline))
    assert roster.names == names


# --- file names -----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "file"), [
    ("Łódź Wiśniewska", "lodz-wisniewska"), ("Đặng Thị", "dang-thi"),
    ("Straße", "strasse"), ("Æsa Ærøskøbing", "aesa-aeroskobing"), ("Œuvray Zoë", "oeuvray-zoe"),
    ("Søren Kierkegaard", "soren-kierkegaard"), ("Þórður Ðórsson", "thordur-dorsson"),
    ("Ħamrun Ŧeo", "hamrun-teo"), ("Ŋũgĩ", "ngugi"), ("Ilıcak", "ilicak"),
    ("Ʒoë Ǝmma", "zoe-emma"),
])
def test_file_names_keep_the_letters_of_every_latin_name(name, file):
    assert slug(name) == file


def _accepted_latin_letters() -> list[str]:
    """Every letter of Latin-1, Latin Extended-A and Latin Extended-B: the sheets print
    them all (pdfLaTeX, else LuaLaTeX: tests/products/test_sheet_names.py)."""
    return [chr(cp) for cp in range(0xC0, 0x250) if chr(cp).isalpha()]


_NOT_LETTERS = ("TONE", "CLICK", "GLOTTAL STOP", "LETTER TWO")
"""The Latin 'letters' that stand for no sound a Latin letter writes: tones, clicks, the
glottal stop, a digit."""


def test_every_latin_letter_the_sheets_print_gives_a_letter_to_its_file_name():
    letters = _accepted_latin_letters()
    assert len(letters) > 300
    for c in letters:
        file = slug(f"a{c}b")
        if any(word in unicodedata.name(c) for word in _NOT_LETTERS):
            assert file == "ab", (c, file)
            continue
        assert file.isascii() and file.isalpha() and 3 <= len(file) <= 4, (
            c, unicodedata.name(c), file)


def test_a_device_a_pipe_or_a_huge_file_is_refused_at_once(tmp_path, capsys):
    """ROSTER=/dev/zero was read until the memory ran out, and a named pipe waited
    forever: a roster that is not a regular file, or larger than any class list, is
    refused in one line, exit 2, before anything is read or built."""
    import os

    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"Dupont,Marie\n" * 100_000)
    for roster, words in (("/dev/zero", "not a regular file"), (str(pipe), "not a regular file"),
                          (str(huge), "more than 1 MB")):
        assert sheets.main(["--roster", roster, "--out", str(tmp_path / "out")]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"coursebuild: sheets: roster {roster}: {words}") and \
            err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_the_teachers_page_names_the_headings_of_an_english_registry():
    """Fresh reading (issue 61): the English teachers' page asked for "a heading row Name
    and First name" (the French page's Nom et Prénom, word for word)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "en" / "teachers.md").read_text(
        encoding="utf-8")
    assert "Name and First name" not in page
    assert "a heading row such as Surname and Forename(s)" in page
    for cell in ("Surname", "Forename(s)"):
        assert headings.kind(cell) in ("last", "first")
