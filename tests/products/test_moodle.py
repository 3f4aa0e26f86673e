"""`make moodle` (issue 49 §2): the bank as a Moodle question bank, read back by the rules
Moodle's importer applies, with every accepted answer equal to the bank's key.

The reader below is Moodle's import, written again in Python from its source:
``question/format/xml/format.php`` (``readquestions``: a ``<quiz>`` of ``<question>``;
``import_category``: ``category/text`` and ``info`` with its ``format``;
``import_multianswer``: ``name/text``, ``questiontext`` and ``generalfeedback`` through
``import_text_with_files``: ``text``, ``format``, ``file`` elements with ``name``,
``path`` and base64 content; ``penalty``), and ``question/type/multianswer/
questiontype.php`` (``qtype_multianswer_extract_question``: the ``ANSWER_REGEX`` and
``ANSWER_ALTERNATIVE_REGEX`` patterns copied below, the sub-questions numbered from 1 in
the order found, each replaced by ``{#k}``, answers decoded with ``html_entity_decode``
then ``\\}`` and ``\\#`` unescaped; ``qtype_multianswer_validate_question``: a numeric
answer is a number, a menu has two choices or more, each sub-question has an answer of
full marks). A short answer is compared as ``qtype_shortanswer_question::
compare_string_with_wildcard`` does (``question/type/shortanswer/question.php``): the
whole trimmed response, ``*`` a wildcard, case ignored unless ``usecase``.
"""

from __future__ import annotations

import base64
import html
import itertools
import os
import re
import shutil
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from project_copy import make

from coursebuild.course import bank, practice
from coursebuild.products import moodle

ROOT = Path(__file__).resolve().parents[2]

# --- Moodle's patterns (question/type/multianswer/questiontype.php) ---------------------
# PCRE's lookbehind (?<!\\|&|&amp;) is three lookbehinds here (Python's must each have
# one width); the groups are numbered as Moodle's.
FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({FRACTION})?({ANSWER})(#({FEEDBACK}))?"
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = f"^({NUMBER})(:{NUMBER})?$"
TYPE_DEF = ("(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
            "(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)|"
            "(MULTICHOICE_S|MCS)|(MULTICHOICE_VS|MCVS)|(MULTICHOICE_HS|MCHS)|"
            "(MULTIRESPONSE|MR)|(MULTIRESPONSE_H|MRH)|(MULTIRESPONSE_S|MRS)|"
            "(MULTIRESPONSE_HS|MRHS)")
START = r"\{([0-9]*):(" + TYPE_DEF + "):"
ANSWER_REGEX = re.compile(START + "(" + ALTERNATIVE + "(~" + ALTERNATIVE + r")*)\}", re.S)
ALTERNATIVE_REGEX = re.compile("~?" + ALTERNATIVE, re.S)
NORM, NUMERICAL, SHORTANSWER, SHORTANSWER_C, ALTERNATIVES = 1, 3, 7, 8, 16
MULTICHOICE_GROUPS = (4, 5, 6, 9, 10, 11)


@dataclass
class Sub:
    """A sub-question as ``qtype_multianswer_extract_question`` makes it."""

    qtype: str
    usecase: int
    weight: str
    answers: list[str]
    fractions: list[float]
    tolerances: list[str]


def extract(text: str) -> tuple[str, list[Sub]]:
    """``qtype_multianswer_extract_question``: the sub-questions, numbered from 1, and the
    text with ``{#k}`` where each was."""
    subs: list[Sub] = []
    while (m := ANSWER_REGEX.search(text)):
        if m[NUMERICAL]:
            qtype, usecase = "numerical", 0
        elif m[SHORTANSWER]:
            qtype, usecase = "shortanswer", 0
        elif m[SHORTANSWER_C]:
            qtype, usecase = "shortanswer", 1
        elif any(m[g] for g in MULTICHOICE_GROUPS):
            qtype, usecase = "multichoice", 0
        else:
            raise AssertionError(f"a sub-question of a type this bank does not use: {m[0]}")
        sub = Sub(qtype, usecase, m[NORM] or "1", [], [], [])
        remaining = m[ALTERNATIVES]
        while (alt := ALTERNATIVE_REGEX.search(remaining)):
            if alt[1] == "=":
                sub.fractions.append(1.0)
            elif alt[2]:
                sub.fractions.append(0.01 * float(alt[2].replace(",", ".")))
            else:
                sub.fractions.append(0.0)
            number = re.match(NUMERICAL_ALTERNATIVE, alt[3], re.S) if qtype == "numerical" \
                else None
            if number:
                sub.answers.append(number[1])
                sub.tolerances.append(number[6] or "0")
            else:
                answer = html.unescape(alt[3]).replace("\\}", "}")
                sub.answers.append(answer.replace("\\#", "#"))
            remaining = remaining.split(alt[0], 1)[1]
        subs.append(sub)
        text = text.replace(m[0], "{#" + str(len(subs)) + "}", 1)
    return text, subs


def validate(subs: list[Sub]) -> list[str]:
    """``qtype_multianswer_validate_question``: its errors (none for a good question)."""
    errors = []
    if not subs:
        return ["questionsmissing"]
    for k, sub in enumerate(subs, 1):
        count = 0
        full = False
        for answer, fraction in zip(sub.answers, sub.fractions, strict=True):
            if answer.strip():
                count += 1
                if sub.qtype == "numerical":
                    try:
                        float(answer.strip().replace(",", "."))
                    except ValueError:
                        errors.append(f"sub_{k}: answermustbenumberorstar")
                full = full or fraction == 1
        if count < (2 if sub.qtype == "multichoice" else 1):
            errors.append(f"sub_{k}: notenoughanswers")
        if not full:
            errors.append(f"sub_{k}: fractionsnomax")
    return errors


def shortanswer_matches(response: str, pattern: str, ignorecase: bool) -> bool:
    """``qtype_shortanswer_question::compare_string_with_wildcard``: both NFC-normalised
    (``safe_normalize``), the pattern split on runs of unescaped ``*`` (each a ``.*``),
    ``\\*`` a literal star, anchored, ``i`` when case is ignored, against the response
    trimmed by PHP's ``trim`` (spaces, tabs, newlines, NUL, vertical tab)."""
    pattern = unicodedata.normalize("NFC", pattern)
    response = unicodedata.normalize("NFC", response)
    bits = re.split(r"(?<!\\)\*+", pattern)
    regexp = ".*".join(re.escape(bit.replace("\\*", "*")) for bit in bits)
    flags = re.IGNORECASE if ignorecase else 0
    return re.fullmatch(regexp, response.strip(" \t\n\r\0\x0b"), flags) is not None


def graded(sub: Sub, response: str) -> float:
    """The fraction a response typed into a short-answer or numeric field gets: Moodle's
    ``question_first_matching_answer_grading_strategy``, the first answer (in order) that
    matches it, 0 when none does."""
    for answer, fraction in zip(sub.answers, sub.fractions, strict=True):
        if sub.qtype == "numerical":
            try:
                if float(response.strip()) == float(answer):
                    return fraction
            except ValueError:
                return 0.0
        elif shortanswer_matches(response, answer, not sub.usecase):
            return fraction
    return 0.0


def accepted(sub: Sub, response: str) -> bool:
    """Whether a response typed into a short-answer or numeric field gets full marks."""
    return graded(sub, response) == 1


class Grader:
    """:func:`graded` for many responses to one short-answer sub-question: an answer
    without ``*`` matches by the rule above exactly the responses equal to it once both
    are NFC-normalised and the response trimmed (its pattern is its escaped text,
    anchored), so those answers are looked up in a dictionary (keeping the first answer
    of each text, as the first match wins); caseless, both in lower case, which is PCRE's
    ``/iu`` on the answers' alphabets (Latin, Greek). An answer with ``*`` takes the rule
    itself."""

    def __init__(self, sub: Sub):
        assert sub.qtype == "shortanswer"
        self.sub = sub
        self.exact: dict[str, float] = {}
        self.starred = any(re.search(r"(?<!\\)\*", a) for a in sub.answers)
        for answer, fraction in zip(sub.answers, sub.fractions, strict=True):
            self.exact.setdefault(self._key(answer), fraction)

    def _key(self, text: str) -> str:
        text = unicodedata.normalize("NFC", text)
        return text if self.sub.usecase else text.lower()

    def __call__(self, response: str) -> float:
        if self.starred:
            return graded(self.sub, response)
        return self.exact.get(self._key(response.strip(" \t\n\r\0\x0b")), 0.0)


# --- the file as Moodle's importer reads it (question/format/xml/format.php) ------------


@dataclass
class Area:
    text: str
    format: str
    files: dict[str, bytes]


@dataclass
class Question:
    name: str
    text: str
    subs: list[Sub]
    questiontext: Area
    feedback: Area
    penalty: float


def _area(element: ET.Element | None, where: str) -> Area:
    """``import_text_with_files``: the text, its format and its files."""
    assert element is not None, f"{where}: missing"
    text = element.find("text")
    assert text is not None, f"{where}: no <text>"
    files = {}
    for f in element.findall("file"):
        name, path = f.get("name"), f.get("path", "/")
        assert name and f.get("encoding") == "base64", where
        assert path + name not in files, f"{where}: file {name} twice"
        files[path + name] = base64.b64decode(f.text or "", validate=True)
    return Area((text.text or "").strip(), element.get("format", "html"), files)


def read_bank(path: Path) -> list[tuple[str, list[Question]]]:
    """``readquestions``: the categories, in order, each with the questions after it."""
    root = ET.parse(path).getroot()
    assert root.tag == "quiz"
    out: list[tuple[str, list[Question]]] = []
    for q in root.findall("question"):
        kind = q.get("type")
        if kind == "category":
            category = q.find("category/text")
            assert category is not None and (category.text or "").strip()
            info = q.find("info")
            assert info is not None and info.get("format") == "html" and \
                info.find("text") is not None
            out.append(((category.text or "").strip(), []))
            continue
        assert kind in ("cloze", "multianswer"), kind
        assert out, "a question before any category"
        name = q.find("name/text")
        assert name is not None and (name.text or "").strip()
        questiontext = _area(q.find("questiontext"), f"{name.text}: questiontext")
        feedback = _area(q.find("generalfeedback"), f"{name.text}: generalfeedback")
        assert questiontext.format == feedback.format == "html"
        text, subs = extract(questiontext.text)
        assert not validate(subs), (name.text, validate(subs))
        numbers = [int(k) for k in re.findall(r"\{#(\d+)\}", text)]
        assert numbers == list(range(1, len(subs) + 1)), name.text
        penalty = float(q.findtext("penalty", "0.3333333"))
        out[-1][1].append(Question(name.text.strip(), text, subs, questiontext, feedback,
                                   penalty))
    return out


def _check_files(area: Area, where: str) -> None:
    """Every ``@@PLUGINFILE@@`` the text shows is one of its files, every file is shown,
    and each is an SVG drawing."""
    shown = {"/" + html.unescape(n) for n in re.findall(r'@@PLUGINFILE@@/([^"\s>]+)',
                                                         area.text)}
    assert shown == set(area.files), where
    for name, data in area.files.items():
        svg = ET.fromstring(data)
        assert svg.tag == "{http://www.w3.org/2000/svg}svg", (where, name)
        assert svg.find("{http://www.w3.org/2000/svg}g") is not None, (where, name)


def _check_file(path: Path, lang: str, problems: list[str], count: int) -> None:
    categories = read_bank(path)
    known = bank.problems()
    assert [c for c, _ in categories] == [moodle.category_path(lang, known[p].title[lang])
                                          for p in problems]
    for (category, questions), pid in zip(categories, problems, strict=True):
        assert len(questions) == count, category
        fields = practice.fields(pid)
        seeds = set()
        for q in questions:
            assert len(q.subs) == len(fields), q.name
            seed = int(re.search(r"(\d+)\)$", q.name)[1])
            seeds.add(seed)
            v = bank.variant(pid, seed)
            _check_answers(v, q.subs, lang)
            _check_files(q.questiontext, q.name)
            _check_files(q.feedback, q.name)
            assert q.penalty == pytest.approx(1 / 3, abs=1e-6)
        assert len(seeds) == count, category


# --- every accepted answer is the key's ------------------------------------------------


def _check_answers(v, subs: list[Sub], lang: str) -> None:
    """Each sub-question against the bank's key for that seed: a number equal to it; a
    menu whose one full-marks choice the practice page reads as right and the other as
    wrong; a short answer whose every accepted spelling the practice page reads as the
    key, and which refuses the key with an element left out or a value changed."""
    for f, sub in zip(practice.fields(v.problem), subs, strict=True):
        want = practice.expected(v, f.key)
        where = f"{v.problem} (seed {v.seed}) {f.key}"
        fid = practice.field_id(f)
        if f.kind == "number":
            assert sub.qtype == "numerical", where
            assert sub.answers == [str(want)] and sub.tolerances == ["0"], where
            assert sub.fractions == [1.0]
            assert accepted(sub, str(want)) and not accepted(sub, str(want + 1)), where
        elif f.kind in ("winner", "mover", "yesno"):
            assert sub.qtype == "multichoice", where
            assert sorted(sub.fractions) == [0.0, 1.0] and sum(sub.fractions) == 1, where
            for answer, fraction in zip(sub.answers, sub.fractions, strict=True):
                assert practice.check(v, fid, answer, lang)["ok"] == (fraction == 1), \
                    (where, answer)
        else:
            assert sub.qtype == "shortanswer", where
            assert set(sub.fractions) == {1.0}, where
            for answer in sub.answers:
                if answer in ("∅", "{}", *practice.WORDS[lang]["none"]):
                    assert want in ([], ()), (where, answer)
                else:
                    assert practice.check(v, fid, answer, lang)["ok"], (where, answer)
                assert accepted(sub, answer)
            for wrong in _wrong(f.kind, want):
                assert not accepted(sub, wrong), (where, wrong)
                assert not any(shortanswer_matches(wrong, a, True) for a in sub.answers), \
                    (where, wrong)


def _show(x) -> str:
    return practice._show(practice._key(x))


def _wrong(kind: str, want) -> list[str]:
    """Typical wrong answers, written in the expected form: an element left out, one
    too many, a value changed."""
    if kind in ("set", "sequence"):
        items = [_show(x) for x in want]
        out = [", ".join(items[:-1]) or "zz", ", ".join([*items, "zz"])]
        if kind == "sequence" and len(set(items)) > 1:
            out.append(", ".join(reversed(items)))
        return out
    if kind == "position":
        return ["zz"]
    pairs = [(_show(k), v) for k, v in sorted(want.items(), key=lambda kv: str(kv[0]))]
    changed = [f"{k}: {v + 1 if isinstance(v, int) else 'zz'}" for k, v in pairs]
    return [", ".join(f"{k}: {_show(v)}" for k, v in pairs[:-1]) or "zz: 0",
            ", ".join(changed)]


# --- every form the practice page reads as right, Moodle accepts --------------------------

ANY_ORDER = 4       # the questions say: a set in any order up to 4 elements


def _element(x, comma: str) -> str:
    if isinstance(x, (list, tuple)):
        return "(" + comma.join(_element(y, comma) for y in x) + ")"
    return str(x)


def _increasing(values) -> list[list]:
    """A set's increasing orders: numbers by value, names with their digits read as
    numbers (f4 before f10) or character by character (f10 before f4)."""
    def natural(x):
        if isinstance(x, (list, tuple)):
            return (2, tuple(natural(y) for y in x))
        if isinstance(x, int):
            return (0, x, ())
        return (1, 0, tuple((0, int(c), "") if c.isdigit() else (1, 0, c)
                            for c in re.findall(r"\d+|\D+", x)))

    def plain(x):
        if isinstance(x, (list, tuple)):
            return (2, tuple(plain(y) for y in x))
        return (0, x, "") if isinstance(x, int) else (1, 0, x)
    return [sorted(values, key=natural), sorted(values, key=plain)]


def forms(kind: str, want) -> list[str]:
    """The forms of the right answer a student may type, each of which the practice page
    reads as right: with and without a space after each comma, inside and between the
    elements; with and without braces (a sequence in parentheses or brackets too); a set
    in every order up to ANY_ORDER elements (in increasing order beyond, as the question
    asks), ∅ or {} when empty; a value per position with ``:``, ``: ``, `` : ``, ``=``,
    `` = `` (a move: also ``→``, ``->``, spaced or not)."""
    commas = (", ", ",")
    if kind == "position":
        return [_element(want, c) for c in commas]
    if kind == "set":
        if not want:
            return ["∅", "{}"]
        orders = ([list(o) for o in itertools.permutations(want)] if len(want) <= ANY_ORDER
                  else _increasing(want))
        wraps, items = ("", "{}"), [[[_element(x, c) for x in o] for c in commas]
                                    for o in orders]
    elif kind == "sequence":
        wraps, items = ("", "{}", "()", "[]"), [[[_element(x, c) for x in want]
                                                 for c in commas]]
    else:
        moves = any(isinstance(x, str) for x in want.values())
        pairs = [":", ": ", " : ", "=", " = "] if not moves else \
            [":", ": ", " : ", "→", " → ", "->", " -> "]
        keys = _increasing(list(want))[0]
        wraps = ("", "{}")
        items = [[[f"{_element(k, c)}{pair}{_element(want[k], c)}" for k in keys]
                  for c in commas] for pair in pairs]
    return [w[:1] + comma.join(elements) + w[1:] for w in wraps for comma in commas
            for spellings in items for elements in spellings]


def _wrong_forms(kind: str, want) -> list[str]:
    """Wrong answers in several of the forms: an element left out, one too many, one
    changed, a sequence reversed, a value changed."""
    out = []
    if kind in ("set", "sequence"):
        items = list(want)
        if items:
            out += forms(kind, items[:-1])[:4] if items[:-1] or kind == "set" else []
            out += forms(kind, [*items[1:], items[0]])[:4] if kind == "sequence" and \
                len(set(map(str, items))) > 1 else []
        out += forms(kind, [*items, "zz"])[:4]
    elif kind == "map":
        keys = sorted(want, key=str)
        changed = dict(want)
        last = keys[-1]
        changed[last] = want[last] + 1 if isinstance(want[last], int) else "zz"
        out += forms("map", changed)[:6]
        out += forms("map", {k: want[k] for k in keys[:-1]} or {"zz": 0})[:6]
    else:
        out.append("zz")
    return out


def test_moodle_accepts_every_form_the_practice_accepts_and_no_wrong_one():
    """For each problem, three variants and both languages: each short-answer
    sub-question of the Cloze question accepts, by Moodle's matching rule (the first
    matching answer's fraction, above), every form of the right answer that the practice
    page reads as right (:func:`forms`), and refuses wrong answers in those forms."""
    checked = 0
    for pid, variants in moodle.variants_of(list(bank.problems()), 3, 2026).items():
        for v in variants:
            for lang in moodle.LANGS:
                text, subs = extract(moodle.question_html(v, lang)[0])
                if any(f.kind == "set" for f in practice.fields(pid)):
                    assert {"fr": f"jusqu'à {ANY_ORDER} éléments",
                            "en": f"in any order up to {ANY_ORDER} elements"}[lang] in text
                for f, sub in zip(practice.fields(pid), subs, strict=True):
                    if f.kind not in ("set", "sequence", "position", "map"):
                        continue
                    want = practice.expected(v, f.key)
                    grade, fid = Grader(sub), practice.field_id(f)
                    where = f"{pid} (seed {v.seed}, {lang}) {f.key}"
                    for form in forms(f.kind, want):
                        assert practice.check(v, fid, form, lang)["ok"], (where, form)
                        assert grade(form) == 1, (where, form)
                        assert grade(f"  {form} ") == 1, (where, form)
                        checked += 1
                    for wrong in _wrong_forms(f.kind, want):
                        assert not practice.check(v, fid, wrong, lang)["ok"], (where, wrong)
                        assert grade(wrong) == 0, (where, wrong)
    assert checked > 10_000


def test_every_problem_has_its_fields_and_each_accepted_answer_is_the_key():
    """In process, over the 24 problems: each variant's question text parses by Moodle's
    rules into one sub-question per field, each accepting exactly the bank's key."""
    problems = list(bank.problems())
    assert len(problems) == 24
    for pid, variants in moodle.variants_of(problems, 1, 2026).items():
        for lang in moodle.LANGS:
            v = variants[0]
            text, shown, _ = moodle.question_html(v, lang)
            rest, subs = extract(text)
            assert not validate(subs), (pid, lang)
            assert len(subs) == len(practice.fields(pid)), (pid, lang)
            _check_answers(v, subs, lang)
            marked = re.findall(r"<!-- figure: ([\w-]+) -->", v.statement[lang])
            assert shown == list(dict.fromkeys(marked)), pid
            assert rest.count('src="@@PLUGINFILE@@/') == len(marked), pid
            assert "{:" not in rest and "SHORTANSWER" not in rest, pid


def test_spellings_are_what_the_question_says():
    assert moodle.spellings("set", ["f4", "f10", "b"], "fr")[:3] == (
        "b, f4, f10", "b,f4,f10", "{b, f4, f10}")
    assert "b,f10,f4" in moodle.spellings("set", ["f4", "f10", "b"], "fr")
    assert len(moodle.spellings("set", ["a", "b", "c", "d"], "en")) == 24 * 4
    assert len(moodle.spellings("set", ["a", "b", "c", "d", "e"], "en")) == 1 * 4
    assert "{e, a}" in moodle.spellings("set", ["a", "e"], "en")
    assert moodle.spellings("set", [[3, 5], [0, 1]], "en")[0] == "(0, 1), (3, 5)"
    assert "(0,1),(3,5)" in moodle.spellings("set", [[3, 5], [0, 1]], "en")
    assert moodle.spellings("map", {"j": "v", "a": "k"}, "en")[:3] == (
        "a: k, j: v", "a: k,j: v", "{a: k, j: v}")
    assert "a → k, j → v" in moodle.spellings("map", {"j": "v", "a": "k"}, "en")
    assert "a : 2,j = 1" not in moodle.spellings("map", {"j": 1, "a": 2}, "fr")
    assert {"a : 2, j : 1", "a=2,j=1"} <= set(moodle.spellings("map", {"j": 1, "a": 2}, "fr"))
    assert moodle.spellings("sequence", ["g", "h", "c"], "en") == (
        "g, h, c", "g,h,c", "{g, h, c}", "{g,h,c}", "(g, h, c)", "(g,h,c)", "[g, h, c]",
        "[g,h,c]")
    part = moodle.Part(None, "SHORTANSWER_C", ("{a, b}", "x#y"))
    assert part.cloze() == "{:SHORTANSWER_C:={a, b\\}~=x\\#y}"
    assert extract(part.cloze())[1][0].answers == ["{a, b}", "x#y"]


# --- the command as typed ----------------------------------------------------------------

needs_venv = pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "python").exists(),
                                reason="make moodle needs the project's .venv")
FEW = ["attractor-ranks-draws", "chomp-two-bars", "astar-heuristics"]


@needs_venv
def test_make_moodle_writes_a_bank_moodle_reads_the_same_every_time(checkout):
    done = make(checkout, "moodle", "LANG=fr", "VARIANTS=2", f"PROBLEMS={','.join(FEW)}")
    assert done.returncode == 0, done.stderr[-1500:]
    target = checkout / "build" / "moodle" / "fr" / "bank.xml"
    first = target.read_bytes()
    _check_file(target, "fr", FEW, 2)
    assert "graine" in first.decode() and not (checkout / "build" / "moodle" / "en").exists()
    again = make(checkout, "moodle", "LANG=fr", "VARIANTS=2", f"PROBLEMS={','.join(FEW)}")
    assert again.returncode == 0
    assert target.read_bytes() == first
    assert sorted(p.name for p in target.parent.iterdir()) == ["bank.xml"]


@needs_venv
def test_make_moodle_as_typed_has_a_category_per_problem(checkout):
    done = make(checkout, "moodle", "LANG=en", "VARIANTS=2")
    assert done.returncode == 0, done.stderr[-1500:]
    target = checkout / "build" / "moodle" / "en" / "bank.xml"
    problems = list(bank.problems())
    categories = read_bank(target)
    assert len(categories) == len(problems) == 24
    assert all(len(qs) == 2 for _, qs in categories)
    _check_file(target, "en", problems, 2)
    # the size a teacher needs to know (a Moodle may limit uploads): the file's, printed
    size = target.stat().st_size / 1e6
    assert f"48 questions -> {target} ({size:.1f} MB)" in done.stderr, done.stderr[-500:]


@needs_venv
@pytest.mark.parametrize(("args", "message"), [
    (("LANG=fr", "VARIANTS=0"), "--variants (VARIANTS): 0 is less than 1"),
    (("LANG=fr", "VARIANTS=many"), "--variants (VARIANTS): 'many' is not an integer"),
    (("LANG=fr", "VARIANTS=501"), "--variants (VARIANTS): 501 is more than 500"),
    (("LANG=de", "VARIANTS=2"), "--lang (LANG): 'de' is neither fr nor en"),
    (("LANG=fr", "VARIANTS=2", "PROBLEMS=kayles,nope"), "unknown problem 'nope'"),
    # make's own syntax in a value reaches the command as typed: never expanded, never run
    (("LANG=fr", "VARIANTS=2", "SEED=$(HOME)"), "--seed (SEED): '$(HOME)' is not an integer"),
    (("LANG=fr", "VARIANTS=2", "SEED=$HOME"), "--seed (SEED): '$HOME' is not an integer"),
    (("LANG=fr", "VARIANTS=$(shell touch PWNED)"),
     "--variants (VARIANTS): '$(shell touch PWNED)' is not an integer"),
    (("LANG=fr", "VARIANTS=2", "PROBLEMS=kayles,${USER}"), "unknown problem '${USER}'"),
    (("LANG=$(HOME)", "VARIANTS=2"), "--lang (LANG): '$(HOME)' is neither fr nor en"),
])
def test_bad_arguments_are_said_in_one_line_and_write_nothing(checkout, args, message):
    target = checkout / "build" / "moodle" / "fr" / "bank.xml"
    before = target.read_bytes() if target.exists() else None
    done = make(checkout, "moodle", *args, ok=False)
    assert done.returncode == 2
    lines = [ln for ln in done.stderr.splitlines() if not ln.startswith("make")]
    assert len(lines) == 1 and lines[0].startswith("coursebuild: moodle: "), done.stderr
    assert message in lines[0]
    assert (target.read_bytes() if target.exists() else None) == before
    assert "Traceback" not in done.stderr and not (checkout / "PWNED").exists()


def test_the_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "fr" / "bank.xml"
    moodle.write_atomically(target, b"old")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        moodle.write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in target.parent.iterdir()) == ["bank.xml"]


def test_the_command_is_listed():
    from coursebuild.__main__ import COMMANDS

    assert "moodle" in COMMANDS
    assert shutil.which("make")


def test_the_words_for_the_empty_set_are_one_rule_for_moodle_and_the_practice():
    """Issue 61 leftover: "aucun"/"none" (any case, as Moodle's caseless sub-question reads
    it) is the empty set in the practice checker as in Moodle, on every set field whose
    answer is empty among the first variants; on a set that is not empty it is wrong in
    both, and it says what is missing rather than naming "aucun" as a position."""
    empty = 0
    for pid, variants in moodle.variants_of(list(bank.problems()), 6, 2026).items():
        for v in variants:
            for lang in moodle.LANGS:
                _, subs = extract(moodle.question_html(v, lang)[0])
                for f, sub in zip(practice.fields(pid), subs, strict=True):
                    if f.kind != "set":
                        continue
                    grade, fid = Grader(sub), practice.field_id(f)
                    want = practice.expected(v, f.key)
                    for word in practice.WORDS[lang]["none"]:
                        for typed in (word, word.upper(), word.capitalize()):
                            said = practice.check(v, fid, typed, lang)
                            assert said["ok"] == (not want) == (grade(typed) == 1), \
                                (pid, v.seed, lang, f.key, typed)
                            if want:
                                assert word not in said["message"].lower(), said
                    empty += not want
    assert empty >= 2          # one variant, in both languages
