"""Every name the roster check accepts prints on the papers (issue 62 §1, issue 61 §11):
what pdfLaTeX prints is decided by pdfLaTeX itself (every character it is let print, set
in one document made as the papers are), a name in other letters (Vietnamese, Maltese,
Greek, Cyrillic, Chinese, Japanese, Korean, Arabic, Hebrew) is set by LuaLaTeX in Debian's
Noto fonts and read back from each student's PDF as written, a letter no installed font
has is printed transliterated with a warning naming its row, and a LaTeX failure names
the student and their row, never a deleted work file. The stand-in bank of
tests/products/test_sheets.py (``bank_double``) gives the problems."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import bank_double
import pytest

from coursebuild.products import sheets
from coursebuild.products.sheets import names, printable
from coursebuild.products.sheets.roster import SheetError, latin_tex, read_roster

needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None,
                               reason="TeX Live could not be installed here")
needs_names = pytest.mark.skipif(
    shutil.which("lualatex") is None or not names.fonts("x")[1:] or
    not any(f.path.suffix == ".ttc" for f in names.fonts("x")),
    reason="LuaLaTeX and the Noto fonts (make sheets installs them) are missing")

SCRIPTS = {
    "Vietnamese": "Nguyễn Thanh Hương", "Maltese": "Ħamrun Ġużeppi",
    "Azerbaijani": "Əliyev Ələkbər", "Catalan": "Paŀlàs Gemma",
    "Greek": "Παπαδόπουλος Αλέξης", "Cyrillic": "Петров Алёша",
    "Chinese": "李小龍", "Japanese": "山田 たろう", "Korean": "김민준",
    "Arabic": "محمد علي", "Hebrew": "דוד כהן",
}
"""A name in each script a class list holds (issue 61 §11), and the Latin letters of
issue 62 §1 that pdfLaTeX's fonts lack."""

_BIDI = dict.fromkeys(range(0x202A, 0x202F)) | dict.fromkeys((0x200E, 0x200F))


def _text(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.translate(_BIDI).replace("\u2019", "'").split())


@pytest.fixture
def double(monkeypatch):
    from coursebuild.course import bank_samples

    bank_samples.forget()
    yield bank_double.install(monkeypatch)
    bank_samples.forget()


def _accepted() -> list[str]:
    """Every character (NFC, not a space) that latin_tex lets through: those the sheets
    ask pdfLaTeX to print."""
    out = []
    for cp in range(0x21, 0x30000):
        c = chr(cp)
        if unicodedata.category(c) in ("Cc", "Cs", "Zs") or \
                unicodedata.normalize("NFC", c) != c:
            continue
        try:
            latin_tex(c)
        except SheetError:
            continue
        out.append(c)
    return out


# --- what pdfLaTeX prints, decided by pdfLaTeX -------------------------------------------------

@needs_tex
@pytest.mark.parametrize("lang", sheets.LANGS)
def test_every_character_pdflatex_is_let_print_prints_in_one_paper(tmp_path, lang):
    """Every character the check lets pdfLaTeX print, in one document made as the papers
    are (their layout and preamble), upright, bold and large, in the name box of the
    header: pdfLaTeX stops on no error and the log tells no missing glyph."""
    chars = _accepted()
    assert len(chars) > 600                   # Latin-1, Extended-A and -B, accented letters
    for c in "ħĦŀĿſĸŉƏəưƯơƠ":                # issue 62 §1: no glyph in T1's fonts
        assert c not in chars, c
    for c in "éÉœŒßłŁđĐşŞğĞæÆøØþÞðÐǎễặǜ":    # what they have, or stack as accents
        assert c in chars, c
    text = " ".join(latin_tex(c) for c in chars)
    body = ("\\tracinglostchars=1\\relax\n"
            f"\\sheetstudent{{{text}}}\n{text}\n\n{{\\bfseries {text}}}\n\n"
            f"{{\\large {text}}}\n\\keystudent{{{text}}}\n")
    tex = sheets.document(lang, latin_tex("Contrôle n° 3"), body, sheets.Paper(date="3 mai"))
    sheets.compile_pdf(tex, tmp_path, "all")          # -halt-on-error: any error fails
    log = (tmp_path / "all.log").read_text("utf-8", errors="replace")
    assert "Missing character" not in log
    printed = _text(tmp_path / "all.pdf")
    assert "Nom et prénom" in printed or "Name" in printed


@needs_tex
def test_the_decision_is_read_from_pdflatex_s_log(tmp_path):
    """A character whose paragraph pdfLaTeX reports an error or a missing glyph for is
    not printed; the log is read paragraph by paragraph."""
    log = ("@@0.0\nok\n@@1.0\n! Package inputenc Error: Unicode character ħ (U+0127)\n"
           "@@2.0\nMissing character: There is no ^^c4 in font ec-lmr10!\n@@3.0\n"
           "@@end\n! not a probe\n")
    assert printable.failures(log) == {(1, 0), (2, 0)}
    table = printable.printed()
    assert table["ễ"] == "\\~{\\^{e}}" and table["é"] == "é" and "ħ" not in table
    assert printable.CACHE.exists()           # asked once, kept for the next build


# --- the check lets every name through ---------------------------------------------------------

@pytest.mark.parametrize("name", [*SCRIPTS.values(), "Zoé 𝔄", "\u200fمريم"])
def test_the_roster_check_accepts_a_name_in_any_letters(tmp_path, name):
    (tmp_path / "r.csv").write_text(f"Nom\n{name}\n", encoding="utf-8")
    assert read_roster(tmp_path / "r.csv").names == [name]


@pytest.mark.parametrize("control", ["\x00", "\x07", "\x1b", "\x7f", "\x9b"])
def test_a_control_character_is_refused_naming_its_row(tmp_path, control):
    (tmp_path / "r.csv").write_text(f"Nom\nDupont\nAl{control}ice\n", encoding="utf-8")
    with pytest.raises(SheetError, match=rf"^roster .*r\.csv, row 3: a control character "
                                         rf"\(U\+{ord(control):04X}\)"):
        read_roster(tmp_path / "r.csv")


# --- each script printed as written ----------------------------------------------------------

@needs_tex
@needs_names
def test_a_class_in_every_script_gets_one_paper_each_with_the_name_as_written(
        double, tmp_path, capsys):
    roster = tmp_path / "classe.csv"
    roster.write_text("Nom;E-mail\n" + "".join(f"{n};x{k}@lycee.fr\n"
                                                for k, n in enumerate(SCRIPTS.values())),
                      encoding="utf-8")
    runs = [tmp_path / "a", tmp_path / "b"]
    for out in runs:
        assert sheets.main(["--roster", str(roster), "--seed", "5", "--lang", "en",
                            "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning" not in err, err          # every script here has its font
    files = sorted(p.name for p in (runs[0] / "en").glob("*.pdf"))
    assert len(files) == len(SCRIPTS) + 1 and "key.pdf" in files
    # each file is named after its student, transliterated (issue 62 §6 for any script)
    assert files[4:11] == ["05-papadopoylos-alexis.pdf", "06-petrov-alesha.pdf",
                           "07-lixiaolong.pdf", "08-shantian-tarou.pdf", "09-gimminjun.pdf",
                           "10-mhmd-ly.pdf", "11-dvd-khhn.pdf"], files
    key = _text(runs[0] / "en" / "key.pdf")
    for k, (script, name) in enumerate(SCRIPTS.items(), 1):
        pdf = next(runs[0].glob(f"en/{k:02d}-*.pdf"))
        paper = _text(pdf)
        assert name in paper, (script, name, paper[:200])
        assert name in key, (script, name)
        for other in SCRIPTS.values():        # nobody else's name on this paper
            assert other == name or other not in paper, (script, other)
    for name in files:                         # the same inputs give the same bytes
        assert (runs[0] / "en" / name).read_bytes() == (runs[1] / "en" / name).read_bytes()


@needs_tex
def test_a_letter_no_font_has_is_printed_transliterated_with_a_warning_naming_its_row(
        double, tmp_path, capsys):
    roster = tmp_path / "classe.csv"
    roster.write_text("Nom,Prénom\nDupont,Marie\n\U0001d504lpha,Zoé\n", encoding="utf-8")
    assert sheets.main(["--roster", str(roster), "--lang", "fr", "--out",
                        str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    warnings = [ln for ln in err.splitlines() if "warning" in ln]
    assert len(warnings) == 1, err
    assert f"roster {roster}, row 3" in warnings[0] and "U+1D504" in warnings[0]
    assert "'Alpha Zoe'" in warnings[0] and "transliterated" in warnings[0]
    files = sorted(p.name for p in (tmp_path / "out" / "fr").glob("*.pdf"))
    assert files == ["01-dupont-marie.pdf", "02-alpha-zoe.pdf", "key.pdf"], files
    assert "Alpha Zoe" in _text(tmp_path / "out" / "fr" / "02-alpha-zoe.pdf")
    assert "Dupont Marie" in _text(tmp_path / "out" / "fr" / "01-dupont-marie.pdf")


def test_a_name_is_cut_into_runs_of_the_first_font_that_has_them():
    plan, missing = names.runs("Thanh Hương")
    assert len(plan) == 1 and not missing and plan[0][1] == "Thanh Hương"
    if any(f.script == "arab" for f in names.fonts("x")):
        plan, missing = names.runs("Zoé محمد")
        assert [text for _, text in plan] == ["Zoé ", "محمد"] and not missing
        assert plan[1][0].script == "arab"
    plan, missing = names.runs("Zoé \U0001d504")
    assert missing == ["\U0001d504"]
    assert names.transliterated("李小龍") == "LiXiaoLong"


# --- a failure names the row -------------------------------------------------------------------

@needs_tex
def test_a_latex_failure_names_the_student_and_their_row_not_a_work_file(
        double, tmp_path, capsys, monkeypatch):
    """Should pdfLaTeX still fail on one student's part, the message names that student
    and their row in the roster; nothing is written."""
    real = names.typeset

    def broken(people, where, *args, **kwargs):
        out = real(people, where, *args, **kwargs)
        return {**out, "Ngoma Paul": "\\undefinedcommandofthesheets"}

    monkeypatch.setattr(names, "typeset", broken)
    roster = tmp_path / "classe.csv"
    roster.write_text("Nom,Prénom\nDupont,Marie\n\nNgoma,Paul\nZhou,Lin\n", encoding="utf-8")
    out = tmp_path / "out"
    assert sheets.main(["--roster", str(roster), "--lang", "fr", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert re.match(rf"coursebuild: sheets: fr: LaTeX failed on the (sheets|key) of "
                    rf"'Ngoma Paul' \(roster {re.escape(str(roster))}, row 4\): "
                    rf"! Undefined control sequence\.$", err), err
    assert ".work" not in err and not (out / "fr").exists() and not (out / ".work").exists()


# --- the fields LuaLaTeX sets are in the paper's own style ---------------------------------------

def _glyphs(pdf: Path) -> list[tuple[str, str, float]]:
    """Every glyph drawn on the PDF's first page: its text, its font's name, its size in
    points (as drawn: a name's page of names.pdf scaled by the sheet included)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar

    def walk(item):
        if isinstance(item, LTChar):
            yield item.get_text(), item.fontname, item.size
        for child in item if hasattr(item, "__iter__") else ():
            yield from walk(child)

    page = next(iter(extract_pages(str(pdf), maxpages=1)))
    return list(walk(page))


def _style(glyphs, letters: str) -> set[tuple[bool, float]]:
    """Bold or not, and the size rounded to 0.5 pt, of the glyphs drawn for ``letters``."""
    return {("Bold" in font or "CMBX" in font.upper(), round(size * 2) / 2)
            for text, font, size in glyphs if text and text in letters}


@needs_tex
@needs_names
def test_a_title_date_and_names_in_other_letters_print_in_the_papers_own_style(
        double, tmp_path, capsys):
    """Issue 61 leftovers: TITLE="Контрольная" and a DATE in Greek print (they were
    refused), set by LuaLaTeX; the fields LuaLaTeX sets take the size and weight of the
    text around them, as pdfLaTeX prints a Latin name or title: the title bold at 14.4 pt
    (\\Large) on the paper, 12 pt (\\large) in the key; a student's name regular at 11 pt
    on the paper (the box's text), bold at 12 pt in the key's heading (it was always
    regular 11 pt)."""
    roster = tmp_path / "classe.csv"
    roster.write_text("Nom\nПетров Алёша\nDupont Marie\n", encoding="utf-8")
    out = tmp_path / "out"
    assert sheets.main(["--roster", str(roster), "--lang", "fr", "--out", str(out),
                        "--title", "Контрольная", "--date", "Τρίτη 3"]) == 0
    assert "warning" not in capsys.readouterr().err
    cyrillic = "Контрольная"
    for pdf, latin in ((out / "fr" / "01-petrov-alesha.pdf", "Petrov"),
                       (out / "fr" / "02-dupont-marie.pdf", "Dupont")):
        text = _text(pdf)
        assert cyrillic in text and "Τρίτη 3" in text, text[:300]
        glyphs = _glyphs(pdf)
        assert _style(glyphs, "Кк") == {(True, 14.5)}, _style(glyphs, "Кк")   # 14.4 pt
        assert _style(glyphs, "ΤΡ") == {(False, 11.0)}
        if latin == "Petrov":
            assert "Петров Алёша" in text
            assert _style(glyphs, "ПА") == {(False, 11.0)}
    key = _glyphs(out / "fr" / "key.pdf")
    assert "Петров Алёша" in _text(out / "fr" / "key.pdf")
    assert _style(key, "ПА") == {(True, 12.0)} and _style(key, "Кк") == {(True, 12.0)}
    # as pdfLaTeX sets the Latin ones around them
    assert _style(key, "C") >= {(True, 12.0)}
