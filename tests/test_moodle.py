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
import os
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from project_copy import with_project_venv

from coursebuild import bank, moodle, practice
from coursebuild.paths import copy_project

ROOT = Path(__file__).resolve().parents[1]

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
    """``qtype_shortanswer_question::compare_string_with_wildcard``."""
    pattern = unicodedata.normalize("NFC", pattern)
    response = unicodedata.normalize("NFC", response)
    bits = re.split(r"(?<!\\)\*+", pattern)
    regexp = ".*".join(re.escape(bit.replace("\\*", "*")) for bit in bits)
    flags = re.IGNORECASE if ignorecase else 0
    return re.fullmatch(regexp, response.strip(" \t\n\r\0\x0b"), flags) is not None


def accepted(sub: Sub, response: str) -> bool:
    """Whether a response typed into a short-answer or numeric field gets full marks."""
    for answer, fraction in zip(sub.answers, sub.fractions, strict=True):
        if fraction != 1:
            continue
        if sub.qtype == "numerical":
            try:
                if float(response.strip()) == float(answer):
                    return True
            except ValueError:
                return False
        elif shortanswer_matches(response, answer, not sub.usecase):
            return True
    return False


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
                if answer in ("∅", "{}", *moodle.WORDS[lang]["empty"]):
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
    assert moodle.spellings("set", ["f4", "f10", "b"], "fr")[:2] == ("b, f4, f10",
                                                                      "{b, f4, f10}")
    assert "b,f10,f4" in moodle.spellings("set", ["f4", "f10", "b"], "fr")
    assert moodle.spellings("set", [[3, 5], [0, 1]], "en")[0] == "(0, 1), (3, 5)"
    assert "(0,1),(3,5)" in moodle.spellings("set", [[3, 5], [0, 1]], "en")
    assert moodle.spellings("map", {"j": "v", "a": "k"}, "en")[:3] == (
        "a: k, j: v", "a:k,j:v", "a → k, j → v")
    assert moodle.spellings("sequence", ["g", "h", "c"], "en") == ("g, h, c", "g,h,c")
    part = moodle.Part(None, "SHORTANSWER_C", ("{a, b}", "x#y"))
    assert part.cloze() == "{:SHORTANSWER_C:={a, b\\}~=x\\#y}"
    assert extract(part.cloze())[1][0].answers == ["{a, b}", "x#y"]


# --- the command as typed ----------------------------------------------------------------

needs_venv = pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "python").exists(),
                                reason="make moodle needs the project's .venv")
FEW = ["attractor-ranks-draws", "chomp-two-bars", "astar-heuristics"]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A copy of the tracked files (no build/), run with the project's .venv."""
    copy = copy_project(tmp_path_factory.mktemp("fresh") / "arena")
    with_project_venv(copy)
    assert not (copy / "build").exists()
    return copy


def _make(checkout: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in (
        "LANG", "PROBLEMS", "VARIANTS", "SEED", "MAKELEVEL", "MAKEFLAGS", "MFLAGS",
        "MAKEOVERRIDES")}
    env["PYTHONPATH"] = str(checkout / "src")
    return subprocess.run(["make", "moodle", *args], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=900)


@needs_venv
def test_make_moodle_writes_a_bank_moodle_reads_the_same_every_time(checkout):
    done = _make(checkout, "LANG=fr", "VARIANTS=2", f"PROBLEMS={','.join(FEW)}")
    assert done.returncode == 0, done.stderr[-1500:]
    target = checkout / "build" / "moodle" / "fr" / "bank.xml"
    first = target.read_bytes()
    _check_file(target, "fr", FEW, 2)
    assert "graine" in first.decode() and not (checkout / "build" / "moodle" / "en").exists()
    again = _make(checkout, "LANG=fr", "VARIANTS=2", f"PROBLEMS={','.join(FEW)}")
    assert again.returncode == 0
    assert target.read_bytes() == first
    assert sorted(p.name for p in target.parent.iterdir()) == ["bank.xml"]


@needs_venv
def test_make_moodle_as_typed_has_a_category_per_problem(checkout):
    done = _make(checkout, "LANG=en", "VARIANTS=2")
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
])
def test_bad_arguments_are_said_in_one_line_and_write_nothing(checkout, args, message):
    target = checkout / "build" / "moodle" / "fr" / "bank.xml"
    before = target.read_bytes() if target.exists() else None
    done = _make(checkout, *args)
    assert done.returncode == 2
    lines = [ln for ln in done.stderr.splitlines() if not ln.startswith("make")]
    assert len(lines) == 1 and lines[0].startswith("coursebuild: moodle: "), done.stderr
    assert message in lines[0]
    assert (target.read_bytes() if target.exists() else None) == before
    assert "Traceback" not in done.stderr


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
