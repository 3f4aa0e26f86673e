"""Practice in the page (issue 49 §1): the checking of a student's answers
(coursebuild.practice) for every field of every problem of the bank, here in CPython,
then the page itself in Chromium, in both languages: a variant drawn, answers typed and
checked, the solution revealed."""

from __future__ import annotations

import re

import pytest

from coursebuild import bank, practice
from coursebuild.practice import _key, _show, expected

SEEDS = (0, 7)


def _set(items, order=None) -> str:
    items = [_show(x) for x in items]
    return ", ".join(sorted(items) if order is None else items)


def _other(v, want):
    """A value of the same shape as ``want``'s elements that is not one of them: another
    element met in the variant's answers, else a made-up one."""
    wanted = set(want)
    sample = next(iter(wanted), None)
    seen: list = []

    def walk(x):
        x = _key(x)
        if isinstance(x, tuple):
            if sample is not None and practice._depth(x) == practice._depth(sample):
                seen.append(x)
            for y in x:
                walk(y)
        elif isinstance(x, (str, int)) and not isinstance(x, bool):
            seen.append(x)

    for value in v.answers.values():
        walk(list(value.items()) if isinstance(value, dict) else value)
        if isinstance(value, dict):
            for k in value:
                walk(k)
    kind = type(sample) if sample is not None else str
    for x in seen:
        if isinstance(x, kind) and x not in wanted and (
                not isinstance(x, tuple) or practice._depth(x) == practice._depth(sample)):
            return x
    if kind is int:
        return max(wanted) + 1
    if kind is tuple:
        return tuple(_other(v, list(sample))) if False else sample + (99,)
    return "zz"


def forms(v, f: practice.Field, lang: str):
    """Two right answers in different forms, three typical wrong ones."""
    want = _key(expected(v, f.key))
    if f.kind == "number":
        return [str(want), f"  {want} "], [str(want + 1), str(want - 1), str(2 * want + 3)]
    if f.kind == "winner":
        other = 1 - want
        return ([f"J{want}", f"$J_{want}$" if lang == "en" else "J₀₁"[0] + "₀₁"[want]],
                [f"J{other}", f"J_{other}", "J2"])
    if f.kind in ("mover", "yesno"):
        key = "mover" if f.kind == "mover" else "yes"
        yes, no = practice.WORDS[lang][key], practice.WORDS["en" if lang == "fr" else "fr"][key]
        k = 0 if want else 1
        return [yes[k], no[k].upper()], [yes[1 - k], no[1 - k], "maybe"]
    if f.kind == "position":
        other = _other(v, [want])
        return ([_show(want), f"${_show(want)}$"],
                [_show(other), "", f"{_show(want)}, {_show(other)}"])
    if f.kind == "set":
        if not want:
            return ["∅", "{}"], [_show(_other(v, want)), "", "{a"]
        right = ["{" + _set(want) + "}", "  ".join(reversed(sorted(_show(x) for x in want)))
                 .replace(") (", ")  (")]
        if len(want) >= 2 and all(not isinstance(x, tuple) for x in want):
            right[1] = "$\\{" + " ; ".join(reversed(sorted(_show(x) for x in want))) + "\\}$"
        items = sorted(want, key=_show)
        other = _other(v, want)
        return right, [_set(items[1:]) or "∅", _set(items + [other]),
                       _set(items[:-1] + [other])]
    if f.kind == "sequence":
        items = list(want)
        swapped = None
        for k in range(len(items) - 1):
            if items[k] != items[k + 1]:
                swapped = items[:k] + [items[k + 1], items[k]] + items[k + 2:]
                break
        wrong = [_set(items[:-1], order=True), _set(items + [items[0]], order=True)]
        wrong.append(_set(swapped or [_other(v, items)] + items[1:], order=True))
        return [_set(items, order=True), "[" + " ".join(_show(x) for x in items) + "]"], wrong
    if f.kind == "map":
        pairs = sorted(dict(want).items(), key=lambda kv: _show(kv[0]))
        arrow = not all(isinstance(x, int) for _, x in pairs)
        sep = " → " if arrow else ": "
        right = [", ".join(f"{_show(k)}{sep}{_show(x)}" for k, x in pairs),
                 " ; ".join(f"{_show(k)} {'->' if arrow else '='} {_show(x)}"
                            for k, x in reversed(pairs))]
        k0, x0 = pairs[0]
        if arrow:
            changed = _other(v, [x for _, x in pairs if _show(x) != _show(x0)] + [x0])
        else:
            changed = x0 + 1
        wrong_value = [(k, changed if k == k0 else x) for k, x in pairs]
        extra_key = _other(v, [k for k, _ in pairs])
        extra = pairs + [(extra_key, x0)]
        return right, [", ".join(f"{_show(k)}{sep}{_show(x)}" for k, x in wrong_value),
                       ", ".join(f"{_show(k)}{sep}{_show(x)}" for k, x in pairs[1:]) or "∅",
                       ", ".join(f"{_show(k)}{sep}{_show(x)}" for k, x in extra)]
    raise AssertionError(f.kind)


def test_every_problem_of_the_bank_has_fields_on_answers_it_computes():
    assert set(practice.FIELDS) == set(bank.problems())
    for pid in bank.problems():
        v = bank.variant(pid, 0)
        fs = practice.fields(pid)
        assert len(fs) >= 2, pid
        n_questions = len(re.findall(r"^\d+\. ", v.statement["en"], re.M))
        for f in fs:
            assert f.kind in practice.KINDS and 1 <= f.question <= n_questions, (pid, f)
            expected(v, f.key)             # the answer is there (KeyError otherwise)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_right_answers_pass_in_two_forms_and_typical_wrong_ones_never(seed, lang):
    for pid in bank.problems():
        v = bank.variant(pid, seed)
        for f in practice.fields(pid):
            right, wrong = forms(v, f, lang)
            for text in right:
                result = practice.check(v, practice.field_id(f), text, lang)
                assert result["ok"], (pid, seed, f.key, text, result)
            for text in wrong:
                result = practice.check(v, practice.field_id(f), text, lang)
                assert not result["ok"], (pid, seed, f.key, text)
                assert result["message"] != practice.WORDS[lang]["right"]


def test_the_message_says_which_part_is_wrong():
    v = bank.variant("attractor-ranks-draws", 0)
    ranks = dict(v.answers["ranks0"])
    first = sorted(ranks)[0]
    text = ", ".join(f"{k}: {r + (k == first)}" for k, r in sorted(ranks.items())[:-1])
    message = practice.check(v, "ranks0", text, "en")["message"]
    assert message == f"Not right: wrong value for: {first}; 1 missing."
    lost = practice.variant("nim-subtraction-period", 3).answers["lost"]
    v = practice.variant("nim-subtraction-period", 3)
    assert practice.check(v, "lost", ", ".join(map(str, lost + [99])), "fr")["message"] == \
        "Pas encore\u202f: en trop\u202f: 99."
    assert practice.check(v, "lost", "0, 1, (", "fr")["message"] == "Illisible\u202f: (."
    assert practice.check(v, "V0", "{(1, 1), (0, 1)}", "en")["ok"] == (
        sorted(map(tuple, v.answers["V0"])) == [(0, 1), (1, 1)])
    assert not practice.check(v, "winner", "", "en")["ok"]


def test_the_statement_is_the_banks_markdown_as_html():
    v = bank.variant("nim-subtraction-period", 3)
    page = practice.view("nim-subtraction-period", 3, "fr")
    assert page["statement"].count("<li>") == len(re.findall(r"^\d+\. ", v.statement["fr"],
                                                               re.M))
    assert '<div class="arena-practice-figure" data-figure="graph"></div>' in page["statement"]
    assert set(page["figures"]) == set(v.figures)
    assert page["figures"]["graph"]["dot"].lstrip().startswith(("digraph", "graph", "strict"))
    assert "<table>" in page["solution"] and "<pre><code>" in page["solution"]
    assert "\\(R = \\{" in page["statement"]
    assert "\u202f?" in page["statement"]           # French typography kept
