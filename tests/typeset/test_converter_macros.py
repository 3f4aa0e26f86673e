"""What the LaTeX converter can write is defined once (src/coursebuild/typeset/latex/converter.tex)
and compiles in every document made from it: the books' preamble and the sheets' (issue
44 §1: the sheets' preamble once lacked \\bookfullwidth, which every key's wide table
writes, so no key could be built while the tests, on a stand-in bank, stayed green)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from coursebuild.typeset.latex import MACROS, macro_definitions
from coursebuild.typeset.texts import unicode_declarations

ROOT = Path(__file__).resolve().parents[2]
LATEX = ROOT / "src" / "coursebuild" / "typeset" / "latex"
WRITERS = [*sorted(LATEX.glob("*.py")), ROOT / "src" / "coursebuild" / "typeset" / "texts.py"]

needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")

# one use of each command and environment converter.tex defines, as the converter writes it
SAMPLES = {
    "needspace": r"\needspace{4\baselineskip}Text after room was asked for.",
    # a solution's number kept with its table, as the converter writes it
    "bookkeepwithnext": "\\textbf{5.}\\bookkeepwithnext\n\\begingroup\\booknobreakbefore\n"
                        "\\begin{center}a table\\end{center}\n\\endgroup\n",
    "booknobreakbefore": "\\begingroup\\booknobreakbefore\nKept with the line before.\n"
                         "\\endgroup\n",
    "bookfullwidth": r"\begin{tabularx}{\bookfullwidth}{lX}a & b\\\end{tabularx}",
    "bookmarkpage": r"\bookmarkpage{k1}A page mark.",
    "booktableformulas": r"{\booktableformulas\(r(n) = 0\)}",
    "bookpageis": r"\bookpageis{k9}{3}",
    "bookifverso": r"\bookifverso{k1}{verso}{recto}",
    "bookwide": r"\bookwide{k2}{\rule{200mm}{2pt}}",
    "bookturned": r"\bookturned{k3}{\rule{20mm}{2pt}}",
    "bookfigref": r"See \bookfigref{Figure 1}{k2}{p.~1}.",
    "bookiffar": r"\bookiffar{k1}{k2}{far}{near}",
    "booktable": r"\booktable{k4}{\begin{tabular}{" + "l" * 30 + "}" + " & ".join(
        ["a wide cell"] * 30) + r"\\\end{tabular}}",
    "codeblock": "\\begin{codeblock}\n\\begin{verbatim}\nprint('x')\n\\end{verbatim}\n"
                 "\\end{codeblock}",
    "smallcodeblock": "\\begin{smallcodeblock}\n\\begin{verbatim}\nx = 1\n\\end{verbatim}\n"
                      "\\end{smallcodeblock}",
    "codebox": "\\begin{codebox}{k5}{\\small}{300.0pt}\n\\begin{verbatim}\n"
               + "a_long_name = 1  # " + "x" * 80 + "\n\\end{verbatim}\n\\end{codebox}",
    "steptable": r"\begin{steptable}\caption{Steps}\begin{tabular}{ll}1 & 2\\\end{tabular}"
                 r"\end{steptable}",
    "herefigure": r"\begin{herefigure}\centering\rule{10mm}{10mm}\caption{A figure}"
                  r"\end{herefigure}",
    "converterword": r"\converterword{mot}{word}",
    # an algorithm's lines measured, then set a size smaller if that keeps them whole
    "bookalgfit": r"\bookalgfit{\bookalgline{1.2em}{\textbf{If} x \(\in\) S0}}A line.",
    "bookalgline": r"\bookalgline{0.0em}{" + "a wide line " * 20 + "}Measured, not set.",
    "theorem": r"\begin{theorem}A theorem.\end{theorem}",
    "proposition": r"\begin{proposition}A proposition.\end{proposition}",
    "lemma": r"\begin{lemma}A lemma.\end{lemma}",
    "corollary": r"\begin{corollary}A corollary.\end{corollary}",
    "definition": r"\begin{definition}A definition.\end{definition}",
    "example": r"\begin{example}An example.\end{example}",
    "remark": r"\begin{remark}A remark.\end{remark}",
    "exercise": r"\begin{exercise}{Exercise 1.1}An exercise.\end{exercise}",
    "aside": r"\begin{aside}{A note}An aside.\end{aside}",
    "solutionpointer": r"\solutionpointer{Solution}{3}",
    "defpage": r"\defpage{12}",
    "index": r"A term\index{term}.",
}


def _defined() -> set[str]:
    text = macro_definitions()
    names = set(re.findall(r"\\(?:newcommand|providecommand)\{\\([A-Za-z]+)\}", text))
    names |= set(re.findall(r"\\new(?:environment|theorem)\{([A-Za-z]+)\}", text))
    names |= set(re.findall(r"\\newlength\{\\([A-Za-z]+)\}", text))
    return names


def _written() -> set[str]:
    """The commands and environments the converter's code writes (in its string literals:
    ``\\\\name`` and ``begin{name}``), whatever defines them."""
    names: set[str] = set()
    for path in WRITERS:
        source = path.read_text("utf-8")
        names |= set(re.findall(r"\\\\([A-Za-z]+)", source))
        names |= set(re.findall(r"begin\{\{*([A-Za-z]+)\}", source))
    return names


def test_every_command_defined_once_has_a_sample_and_is_defined_once():
    defined = _defined()
    assert defined == set(SAMPLES), (defined ^ set(SAMPLES))
    # not a second time in a preamble of its own
    for preamble in (ROOT / "src/coursebuild/documents/book_preamble.tex",
                     ROOT / "handouts/preamble.tex"):
        text = preamble.read_text("utf-8")
        again = {n for n in defined if re.search(
            r"\\(?:newcommand|renewcommand|providecommand|def)\{?\\" + n + r"\b|"
            r"\\new(?:environment|theorem)\{" + n + r"\}", text)}
        assert again == set(), (preamble.name, again)


def test_what_the_converter_writes_of_ours_is_in_the_one_file():
    """Each command the converter writes whose name is ours (book..., code..., the course's
    boxes) is defined in converter.tex; the others are LaTeX's or its packages'."""
    ours = {n for n in _written() if re.match(r"book|code|smallcode|steptable|herefigure|"
                                              r"solutionpointer|defpage|needspace|aside|"
                                              r"exercise|converter", n)}
    assert ours, "the scan found none of the converter's own commands"
    assert ours <= _defined(), ours - _defined()


def _book_document(lang: str) -> str:
    """The book's real preamble, as the last build wrote it, and every sample."""
    built = ROOT / "build" / "book" / f"students-{lang}" / "book.tex"
    if not built.exists():
        pytest.skip("the books are built by make site")
    preamble = re.split(r"^\\begin\{document\}$", built.read_text("utf-8"), flags=re.M)[0]
    assert macro_definitions().rstrip("\n") in preamble      # the one file, in place
    return preamble + "\\begin{document}\n\\mainmatter\n\\chapter{One}\n" + _body()


def _body() -> str:
    return "\n\n".join(SAMPLES[n] for n in sorted(SAMPLES)) + "\n\\end{document}\n"


def _compile(tmp_path: Path, tex: str, texinputs: str = "") -> str:
    (tmp_path / "doc.tex").write_text(tex, encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TEXINPUTS": texinputs}
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          cwd=tmp_path, capture_output=True, text=True, errors="replace",
                          env=env, timeout=300)
    log = (tmp_path / "doc.log").read_text("utf-8", errors="replace")
    assert done.returncode == 0, [ln for ln in log.splitlines() if ln.startswith("!")] or \
        done.stdout[-1500:]
    text = subprocess.run(["pdftotext", "-layout", "doc.pdf", "-"], cwd=tmp_path,
                          capture_output=True, text=True).stdout
    return " ".join(text.split())


@needs_tex
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_command_compiles_in_the_books_preamble(tmp_path, lang):
    text = _compile(tmp_path, _book_document(lang))
    assert ("Théorème 1.7. A theorem." if lang == "fr" else "Theorem 1.7. A theorem.") in text
    assert "Exercise 1.1. An exercise." in text and "Solution p. 3." in text


@needs_tex
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_command_compiles_in_the_sheets_preamble(tmp_path, lang):
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "unicode.tex").write_text(unicode_declarations() + "\n", "utf-8")
    (tmp_path / "generated" / "converter.tex").write_text(MACROS.read_text("utf-8"), "utf-8")
    layout = (ROOT / "handouts" / f"sheet-{lang}.tex").read_text("utf-8")
    head = re.split(r"^%%SETTINGS%%$", layout, flags=re.M)[0]
    text = _compile(tmp_path, head + "\\begin{document}\n" + _body(),
                    f".:{(ROOT / 'handouts').as_posix()}//:")
    assert ("Théorème 7. A theorem." if lang == "fr" else "Theorem 7. A theorem.") in text
    assert "Exercise 1.1. An exercise." in text and "Solution p. 3" not in text
