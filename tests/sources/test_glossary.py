"""Each edition names the course's code in its own language (issue 48 §1): the French
course's names (``attracteur_naif``, ``rangs``, ``joueur_max``...) on the French pages, in
the French notebooks and the French book; their English names (``fixpoint_attractor``,
``attractor_ranks``, ``max_to_move``...) in the English ones. ``docs/data/glossary.yaml``
pairs them; the only place that prints both is the concordance (an English page and an
appendix of the English book).

Note: SPEC §8 asked for the French names in both languages; issue 48 is newer and wins."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from arena import course
from coursebuild.course import bank
from coursebuild.course.python_exercises import ENGLISH_FUNCTIONS, FUNCTIONS
from coursebuild.sources import glossary

ROOT = Path(__file__).resolve().parents[2]
# a name, not a piece of a hyphenated id (the figure "looping-strategy")
IDENT = re.compile(r"(?<![\w-])[A-Za-z_][A-Za-z0-9_]*(?![\w-])")
# "file", the chapter's queue in French, is also an English word (the CLI's "an arena
# file"): on English pages, only its uses as the queue count
AMBIGUOUS = re.compile(r"\bfile(?: = deque\(|\.(?:append|popleft)\(| ←)")
FRENCH = set(glossary.names())
ENGLISH = set(glossary.names().values())
# the bank's own French names (its problems' functions and variables, declared next to
# each problem): no English output shows them either
BANK = set(bank.names())
# a hyphenated id (a figure's, a file's) is read for the French names in it too
HYPHENATED = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+(?![\w-])")


def _french_in(names: set[str]) -> set[str]:
    """The names that are French: the glossary's French names and the bank's, and a
    name or id made of words one of which is a French name of the glossary
    (``looping_strategie_arena``, ``looping-strategie``); "file", which is English too,
    counts only whole."""
    words = FRENCH - {"file"}
    return {n for n in names if n in FRENCH | BANK
            or any(w in words for w in re.split(r"[-_]", n))}


def _library_names() -> set[str]:
    """Every name the library ``arena`` defines or takes (functions, parameters, variables,
    attributes): an English name of the course that is also one of these (``attractor``,
    ``value``...) may show on a French page, as the library's."""
    names: set[str] = set()
    for path in (ROOT / "src" / "arena").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
    return names


# the English names no French page has a reason to show
ENGLISH_ONLY = ENGLISH - FRENCH - (_library_names() - set(course.__all__))


def test_the_names_pair_one_to_one():
    entries = glossary.entries()
    assert len(ENGLISH) == len(FRENCH) == len(entries)
    assert not ENGLISH & FRENCH
    # the course's functions have their English name in the library too, and the French
    # one for the French course: the same function
    for french, english in glossary.names().items():
        if hasattr(course, french):
            assert getattr(course, english) is getattr(course, french), french
    assert course.calcule_attracteur is course.compute_attractor
    # the checker asks the English edition for the glossary's English name
    assert {k: glossary.names().get(v, v) for k, v in FUNCTIONS.items()} == ENGLISH_FUNCTIONS
    assert ENGLISH_FUNCTIONS["strategy"] == "choose_move" and FUNCTIONS["strategy"] == "choix_coup"


def test_one_name_one_function():
    """Exercise 4.2's one move and the chapter's whole strategy had one name, `strategie`:
    the exercise's function is `choix_coup` / `choose_move` in both editions."""
    from coursebuild.sources.exercise_source import python_exercises

    e = python_exercises()["strategy"]
    assert "`choix_coup(A, attr0, attr1, s)`" in e.statement["fr"]
    assert "`choose_move(A, attr0, attr1, s)`" in e.statement["en"]
    assert e.code("starter", "en").startswith("def choose_move(A, attr0, attr1, s):")
    assert e.code("answer", "fr").startswith("def choix_coup(A, attr0, attr1, s):")
    assert not hasattr(course, "strategie")


def test_english_code_keeps_prose_and_attributes():
    assert glossary.english("rang = calcule_rangs(A, S0, V0)  # file") == \
        "ranks = compute_ranks(A, S0, V0)  # queue"
    assert glossary.english("self.rang, rangs_adv, x.file") == "self.rang, ranks_opp, x.file"
    assert glossary.english_markdown("le rang de `rang`") == "le rang de `ranks`"


def _page_names(path: Path) -> set[str]:
    """The names in the code an HTML page's article shows, the concordance's French
    names (``<code lang="fr">``) left out."""
    from bs4 import BeautifulSoup

    article = BeautifulSoup(path.read_text("utf-8"), "html.parser").find("article")
    if article is None:
        return set()
    text = " ".join(el.get_text(" ") for el in article.find_all(["code", "pre", "textarea"])
                    if el.get("lang") != "fr")
    # the exercises' editors hold their starting code in an attribute too
    text += " ".join(str(el.get(a, "")) for el in article.find_all(True)
                     for a in ("data-starter", "data-solution"))
    return set(IDENT.findall(text)) | set(HYPHENATED.findall(text))


def _pages(site: Path, lang: str) -> list[Path]:
    pages = sorted((site / "en").rglob("index.html"))
    if lang == "en":
        return pages
    # the French API reference quotes the library's English docstrings and names
    return [p for p in sorted(site.rglob("index.html"))
            if (site / "en") not in p.parents and "assets" not in p.parts
            and p.parent.name != "reference"]


def test_english_pages_show_no_french_name_and_french_pages_no_english_one(site):
    found = {"en": {}, "fr": {}}
    for lang, forbidden in (("en", FRENCH), ("fr", ENGLISH_ONLY)):
        for path in _pages(site, lang):
            names = _page_names(path)
            names = _french_in(names) if lang == "en" else names & forbidden
            if lang == "en" and "file" in names and not AMBIGUOUS.search(
                    path.read_text("utf-8")):
                names.discard("file")
            if names:
                found[lang][str(path.relative_to(site))] = sorted(names)
    assert found == {"en": {}, "fr": {}}
    # the check bites: the chapters show the names of their edition
    algorithms = {lang: _page_names(site / prefix / "algorithms" / "index.html")
                  for lang, prefix in (("fr", "."), ("en", "en"))}
    assert {"calcule_attracteur", "marque_propage", "rangs_adv", "choix_coup"} <= algorithms["fr"]
    assert {"compute_attractor", "mark_propagate", "ranks_opp", "choose_move"} \
        <= algorithms["en"]
    concordance = (site / "en" / "reference" / "index.html").read_text("utf-8")
    for french, english in glossary.names().items():
        assert f'<code lang="fr">{french}</code>' in concordance, french
        assert f"<code>{english}</code>" in concordance, english


def _notebook_names(path: Path) -> set[str]:
    cells = json.loads(path.read_text("utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) if c["cell_type"] == "code"
                     else " ".join(re.findall(r"`([^`]+)`", "".join(c["source"])))
                     for c in cells)
    return set(IDENT.findall(text))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_notebooks_use_their_edition_s_names(lang):
    paths = sorted((ROOT / "docs" / lang / "notebooks").glob("*.ipynb"))
    if not paths:
        pytest.skip("the notebooks are not built (make notebooks)")
    def wrong(names: set[str]) -> set[str]:
        return _french_in(names) - {"file"} if lang == "en" else names & ENGLISH_ONLY

    assert {p.name: sorted(wrong(_notebook_names(p))) for p in paths
            if wrong(_notebook_names(p))} == {}
    shown = _notebook_names(ROOT / "docs" / lang / "notebooks" / "04-algorithms.ipynb")
    assert ("compute_attractor2" if lang == "en" else "calcule_attracteur2") in shown


def _tex_code_names(text: str) -> set[str]:
    code = re.findall(r"\\begin\{verbatim\}(.*?)\\end\{verbatim\}", text, re.S)
    code += re.findall(r"\\texttt\{((?:[^{}]|\{[^{}]*\})*)\}", text)
    # a name in a formula (a variable of the code in maths: $\text{rang}[j]$ once)
    code += re.findall(r"\\(?:text|mathrm|mathit|operatorname)\{([A-Za-z_\\]+)\}", text)
    code = " ".join(code).replace("\\_", "_")
    return set(IDENT.findall(code)) | set(HYPHENATED.findall(code))


@pytest.mark.parametrize("book", ["students-en", "teachers-en", "students-fr", "teachers-fr"])
def test_the_books_use_their_edition_s_names(book):
    path = ROOT / "build" / "book" / book / "book.tex"
    if not path.exists():
        pytest.skip("the books are not built (make book)")
    text = path.read_text("utf-8")
    if book == "students-en":       # the concordance, in an appendix of its own
        start = text.index("\\appendix")
        appendix = text[start:text.index("\\backmatter")]
        assert "\\chapter{The code's names in French}" in appendix
        for french, english in glossary.names().items():
            assert ("\\item[\\texttt{" + english.replace("_", "\\_") + "}] \\texttt{"
                    + french.replace("_", "\\_") + "}") in appendix
        text = text[:start] + text[start + len(appendix):]
    if book == "teachers-en":       # the guide's note on the choice quotes three French names
        quoted = text.index("as French exam papers do (")
        text = text[:quoted] + text[text.index(")", quoted):]
    found = _tex_code_names(text)
    found = _french_in(found) if book.endswith("-en") else found & ENGLISH_ONLY
    if "file" in found and not AMBIGUOUS.search(text.replace("\\_", "_")):
        found.discard("file")
    assert sorted(found) == []
    assert "French names in the code" not in text


def _code_names(text: str) -> set[str]:
    """The names in the code of a bank text: its fenced blocks and code spans."""
    code = re.findall(r"```python\n(.*?)```|`([^`\n]+)`", text, re.S)
    return set(IDENT.findall("\n".join(a or b for a, b in code)))


def test_the_banks_programs_use_their_edition_s_names():
    """The bank's own functions and variables (``perdantes``, ``grundy_quilles``,
    ``boucle``...) have English names in the English statements and solutions, and the
    course's names are those of the glossary, in every problem (two seeds each)."""
    from coursebuild.course import bank

    names = {"fr": set(), "en": set()}
    for pid in bank.problems():
        for seed in (0, 1):
            v = bank.variant(pid, seed)
            for lang in names:
                names[lang] |= _code_names(v.statement[lang] + "\n" + v.solution[lang])
    assert names["en"] & FRENCH == set()
    french_only = names["fr"] - names["en"]
    assert {"perdantes", "perdantes_misere", "grundy_quilles", "boucle", "etat"} <= french_only
    assert names["en"] & french_only == set()
    assert {"losing_positions", "misere_losing_positions", "kayles_grundy", "can_loop",
            "state"} <= names["en"]


def _html_code_names(html: str) -> set[str]:
    """The names in the code (``<code>``, ``<pre>``) of an HTML text."""
    from bs4 import BeautifulSoup

    text = " ".join(el.get_text(" ") for el in
                    BeautifulSoup(html, "html.parser").find_all(["code", "pre"]))
    return set(IDENT.findall(text)) | set(HYPHENATED.findall(text))


def test_the_english_sheets_keys_and_moodle_show_no_french_name(site):
    """Every problem of the bank (two variants each) as ``make sheets`` sets it in
    English (its statement for the papers, its solution and marking for the key: the
    LaTeX of :func:`coursebuild.products.sheets.problem_tex`) and as ``make moodle`` exports it
    (the question's and the feedback's HTML): their code shows no French name of the
    glossary, nor of the bank's own code; and ``build/moodle/en/bank.xml``, when built.
    (The variants' figures are not drawn: their captions are the text's, any size will
    do.)"""
    from coursebuild.products import moodle, sheets
    from coursebuild.typeset.texts import Converter

    def converter(lang: str, variants: list) -> Converter:
        convert = Converter(lang)
        size = next(iter(convert.ctx.figures.values()))
        for fid, drawing in sheets.variant_drawings(variants).items():
            convert.add_figure(fid, drawing.caption, size)
        return convert

    variants = [bank.variant(pid, seed) for pid in bank.problems() for seed in (0, 1)]
    convert = converter("en", variants)
    found: dict[str, list[str]] = {}
    for v in variants:
        outputs = {
            "sheet": _tex_code_names(sheets.problem_tex(convert, v, 1)),
            "key": _tex_code_names(sheets.problem_tex(convert, v, 1, "key")),
            "moodle": _html_code_names(moodle.question_html(v, "en")[0]
                                       + moodle.solution_html(v, "en")[0])}
        for what, names in outputs.items():
            if _french_in(names):
                found[f"{what} {v.problem} {v.seed}"] = sorted(_french_in(names))
    built = ROOT / "build" / "moodle" / "en" / "bank.xml"
    if built.exists():
        import xml.etree.ElementTree as ET

        texts = [el.text or "" for el in ET.parse(built).iter("text")]
        if _french_in(_html_code_names("\n".join(texts))):
            found[str(built.relative_to(ROOT))] = sorted(
                _french_in(_html_code_names("\n".join(texts))))
    assert found == {}
    # the check bites: the English papers show the bank's English names
    v = bank.variant("model-token-grid", 0)
    assert "token_game" in _tex_code_names(sheets.problem_tex(convert, v, 1))
    assert "jeu_du_jeton" in _tex_code_names(
        sheets.problem_tex(converter("fr", [v]), v, 1))


def _shared_code_names(v) -> set[str]:
    """The names that a variant's English code shows and its French code too."""
    def names(lang: str) -> set[str]:
        return _code_names(v.statement[lang] + "\n" + v.solution[lang] + "\n"
                           + v.marking[lang])

    return names("en") & names("fr")


def test_every_name_of_the_banks_code_is_english_or_translated():
    """A name that a problem's English code shows as its French code does is one that
    reads as it is in English (notation, Python's, the library's, the glossary's
    :data:`coursebuild.sources.glossary.ENGLISH`): the bank's French names are all declared, in
    the glossary or next to their problem (``jeu_du_jeton``, ``murs`` and ``forme``
    once were not), and each is translated."""
    import builtins
    import keyword
    import sys

    english = (set(glossary.ENGLISH) | set(dir(builtins)) | set(keyword.kwlist)
               | set(sys.stdlib_module_names) | _library_names() | ENGLISH)
    notation = re.compile(r"[A-Za-z]{1,2}\d*|[A-Z][A-Z0-9_]*")
    found = {}
    for pid in bank.problems():
        for seed in (0, 1):
            shared = {n for n in _shared_code_names(bank.variant(pid, seed))
                      if n not in english and not notation.fullmatch(n)}
            if shared:
                found[pid] = sorted(shared | set(found.get(pid, ())))
    assert found == {}
    # what the bank declares: each name a French one, never a name of the glossary
    assert {"jeu_du_jeton", "murs", "forme", "noeuds", "lues", "fils"} <= BANK
    assert not BANK & FRENCH and not set(bank.names().values()) & (FRENCH | BANK)


def test_the_english_widgets_carry_no_french_text(site):
    """The steppers' and games' data an English page holds (its ``data-embedded`` JSON,
    what plays from a folder) has the texts of the English edition only: no
    ``{"fr": ..., "en": ...}`` pair ("La file est vide...", "feuille, valeur" once were
    there), and the French pages' data the French ones only."""
    from bs4 import BeautifulSoup

    def other_keys(value, other: str, where: str = "") -> list[str]:
        """Where ``value`` holds a text in the ``other`` language."""
        if isinstance(value, dict):
            return ([where] if other in value else []) + [
                k for key, x in value.items() for k in other_keys(x, other, f"{where}.{key}")]
        if isinstance(value, list):
            return [k for i, x in enumerate(value)
                    for k in other_keys(x, other, f"{where}[{i}]")]
        return []

    found, widgets = {}, 0
    for lang, other, pages in (("en", "fr", sorted((site / "en").rglob("index.html"))),
                               ("fr", "en", [p for p in sorted(site.rglob("index.html"))
                                             if (site / "en") not in p.parents])):
        for path in pages:
            soup = BeautifulSoup(path.read_text("utf-8"), "html.parser")
            for el in soup.find_all(attrs={"data-embedded": True}):
                widgets += 1
                data = json.loads(el["data-embedded"])["json"]
                keys = other_keys(data, other)
                if keys:
                    found[f"{path.relative_to(site)} {el.get('data-figure')}"] = keys[:3]
                texts = [s.get("text", {}).get(lang) for s in data.get("steps", ())]
                assert all(isinstance(t, str) for t in texts), (path, el.get("data-figure"))
    assert found == {}
    assert widgets >= 10
