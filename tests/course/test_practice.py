"""Practice in the page (issue 49 §1): the checking of a student's answers
(coursebuild.course.practice) for every field of every problem of the bank, here in CPython,
then the page itself in Chromium, in both languages: a variant drawn, answers typed and
checked, the solution revealed."""

from __future__ import annotations

import re

import pytest
from browsing import expect, shows

from coursebuild.course import bank, practice
from coursebuild.course.practice import _key, _show, expected

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


# --- the page in Chromium ------------------------------------------------------------

@pytest.fixture(scope="module")
def chromium():
    from browsing import CHROMIUM, NO_CHROMIUM

    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)


def _open(browser, url: str, problem: str, seed: int):
    from browsing import Visit

    visit = Visit(browser, f"{url}practice/#problem={problem}&seed={seed}")
    visit.page.wait_for_selector(".arena-practice-form", timeout=180_000)
    return visit


def _answer(page, field: str, text: str) -> tuple[bool, str]:
    """Type ``text`` in a text field (or pick the choice it names), Check, and read the
    field's result as the reader sees it (its mark and words, not its colour), once the
    page has shown this Check's results (the form counts its checks when it has)."""
    row = page.locator(f'[data-field="{field}"]')
    if row.locator("input[type=text]").count():
        row.locator("input[type=text]").fill(text)
    else:
        row.get_by_label(text, exact=True).check()
    result = row.locator(".arena-practice-result")
    form = ".arena-practice-form"
    before = page.evaluate(f"Number(document.querySelector('{form}').dataset.checked || 0)")
    page.locator(f"{form} button[type=submit]").press("Enter")
    page.wait_for_function(f"(b) => Number(document.querySelector('{form}').dataset.checked"
                           " || 0) > b", arg=before)
    expect(result).to_have_text(re.compile(r"^[✓✗–] \S"))
    seen = result.inner_text()
    return seen.startswith("✓"), seen


BROWSER_CASES = ("nim-subtraction-period", "attractor-ranks-draws", "kayles")
"""Problems checked end to end in the page (every problem's checking is checked above, in
CPython, by the same function the page runs)."""


# in French, with its typography; every problem is practised below in one language or
# the other, in turn (issue 50: the page's words are checked in both by test_page_words)
@pytest.mark.parametrize("lang", ["fr"])
def test_a_variant_is_practised_in_the_page(chromium, browser, base_url, lang, tmp_path):
    root = base_url + ("en/" if lang == "en" else "")
    problem, seed = BROWSER_CASES[0], 11
    v = bank.variant(problem, seed)
    visit = _open(browser, root, problem, seed)
    page = visit.page
    try:
        # the bank's statement, its figure drawn by the in-page Graphviz, with its text
        statement = page.locator(".arena-practice-statement")
        function = {"fr": "perdantes", "en": "losing_positions"}[lang]
        call = re.search(function + r"\(\d+, \[[\d, ]*\]\)", v.statement[lang]).group()
        shows(statement, call)
        # its formulas, made by Python in the page, typeset there by KaTeX (issue 64): HTML
        # for the eye, MathML for screen readers, no TeX left to read
        page.wait_for_function(r"""() => {
          const maths = document.querySelectorAll('.arena-practice-statement .arithmatex');
          return maths.length > 0 && [...maths].every((m) =>
            m.querySelector(':scope > .katex > .katex-html[aria-hidden="true"]')
            && m.querySelector('math annotation[encoding="application/x-tex"]'));
        }""")
        assert "\\(" not in statement.inner_text() and "$" not in statement.inner_text()
        figure = statement.locator("figure svg[role=img]")
        expect(figure).to_have_count(1)
        expect(figure).to_have_attribute("aria-label", v.figures["graph"].desc)
        expect(figure.locator(".node")).to_have_count(v.answers["vertices"])
        # right answers in two forms, wrong ones, each told by a mark and words
        for f in practice.fields(problem):
            if f.kind == "winner":
                right, wrong = ["J₀₁"[0] + "₀₁"[v.answers["winner"]]], \
                    ["J₀₁"[0] + "₀₁"[1 - v.answers["winner"]]]
            else:
                right, wrong = forms(v, f, lang)
                right, wrong = right, wrong[:1]
            for text in right:
                ok, seen = _answer(page, practice.field_id(f), text)
                assert ok, (f.key, text, seen)
            for text in wrong:
                ok, seen = _answer(page, practice.field_id(f), text)
                assert not ok and seen.startswith("✗"), (f.key, text, seen)
        ok, seen = _answer(page, "lost/set", ", ".join(map(str, v.answers["lost"][1:])))
        assert seen == ("✗ Pas encore\u202f: 1 manquant." if lang == "fr"
                        else "✗ Not right: 1 missing.")
        # the worked solution, on demand, with its figure
        solution = page.locator(".arena-practice-details")
        expect(solution.locator(".arena-practice-solution")).to_be_hidden()
        solution.locator("summary").click()
        expect(solution.locator(".arena-practice-solution")).to_be_visible()
        expect(solution.locator(".arena-practice-solution figure svg")).to_have_count(1)
        # another problem of another chapter, by the filter and a seed typed in
        page.select_option(".arena-practice-controls select >> nth=0", "othergames")
        page.select_option(".arena-practice-controls select >> nth=1", "kayles")
        page.fill(".arena-practice-controls input", "5")
        page.get_by_role("button", name="Afficher cette graine" if lang == "fr"
                         else "Show this seed").click()
        page.wait_for_function("location.hash === '#problem=kayles&seed=5'")
        k = bank.variant("kayles", 5)
        title = bank.problems()["kayles"].title[lang]
        expect(page.locator(".arena-practice-variant h2")).to_have_text(
            f"{title} ({'graine' if lang == 'fr' else 'seed'} 5)")
        # its worked solution's code with the code's names of the book in this language
        # (the English ones of the glossary in English: seen, not vus)
        code = re.search(r"```python\n(.*?)```", k.solution[lang], re.S).group(1).strip()
        assert re.search(r"\bvus\b" if lang == "fr" else r"\bseen\b", code)
        page.locator(".arena-practice-details summary").click()
        expect(page.locator(".arena-practice-solution pre code")).to_have_text(code)
        winning = k.answers["winning"]
        ok, seen = _answer(page, "winning/set", "  ".join(
            "[" + ", ".join(map(str, w)) + "]" for w in reversed(winning)))
        assert ok, seen
        ok, seen = _answer(page, "g/sequence", ", ".join(map(str, k.answers["g"][:-1])))
        assert not ok
        page.screenshot(path=str(tmp_path / f"practice-{lang}.png"), full_page=True)
        assert visit.outside == [] and visit.errors == []
    finally:
        visit.context.close()


def test_leaving_the_page_by_a_link_stops_its_python_and_leaves_the_next_address_alone(
        chromium, browser, base_url):
    """A student who leaves Practice by a link (Material's instant navigation) before the
    variant is made: the page's Python is stopped, and the page reached keeps its own
    address (the variant, made later, used to write its #problem=...&seed=... there)."""
    import time

    from browsing import WAIT, Visit, follow, instant_navigation, visits_context

    context = visits_context(browser)
    instant_navigation(browser, base_url, context)
    try:
        visit = Visit(browser, base_url + "en/practice/", context=context)
        page = visit.page
        # Python starts at the first action, not with the page (issue 64)
        assert not [w for w in page.workers if w.url.endswith("/practice-worker.js")]
        page.get_by_role("button", name="New variant").click()
        page.wait_for_function("() => document.querySelector('.arena-practice .arena-status')"
                               ".textContent.startsWith('Loading Python')")
        workers = [w for w in page.workers if w.url.endswith("/practice-worker.js")]
        assert len(workers) == 1, [w.url for w in page.workers]
        closed: list[bool] = []
        workers[0].on("close", lambda _: closed.append(True))
        there = base_url + "en/strategies/"
        follow(page, there)
        deadline = time.monotonic() + WAIT / 1000
        while not closed and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert closed == [True]
        assert page.evaluate("location.href") == there
        assert visit.errors == [] and visit.outside == []
    finally:
        context.close()


def test_the_workers_files_make_every_problems_variants_alone(site, tmp_path):
    """What the page's worker unpacks (arena.zip, then practice.zip) makes and checks
    variants of every problem in an interpreter that has nothing else: no installed
    package (no YAML reader, as in Pyodide), no checkout (the bank's imports, function by
    function, are all there); each variant as the site's Python makes it, in both
    languages: the English one with the English code's names of the glossary, shipped
    as JSON."""
    import json
    import subprocess
    import sys
    import zipfile

    from coursebuild.sources import glossary

    for name in ("arena.zip", "practice.zip"):
        with zipfile.ZipFile(site / "assets" / "pyodide" / name) as archive:
            archive.extractall(tmp_path / "lib")
    assert (tmp_path / "lib" / "coursebuild" / "sources" / glossary.BUNDLED).read_bytes() == \
        glossary.bundle()
    code = ("import json, sys; sys.path.insert(0, sys.argv[1])\n"
            "from coursebuild.course import bank, practice\n"
            "views = {}\n"
            "for p in bank.problems():\n"
            "    for seed in (3, 12):\n"
            "        for lang in ('fr', 'en'):\n"
            "            views[f'{p} {seed} {lang}'] = practice.view(p, seed, lang)\n"
            "        v = practice.variant(p, seed)\n"
            "        f = practice.fields(p)[0]\n"
            "        assert not practice.check(v, practice.field_id(f), '?', 'en')['ok']\n"
            "print(json.dumps({'problems': len(bank.problems()), 'views': views,\n"
            "    'modules': sorted(m for m in sys.modules\n"
            "                      if m.split('.')[0] in ('numpy', 'yaml', 'mkdocs'))}))\n")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path / "lib")],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["problems"] == len(bank.problems()) and out["modules"] == []
    for key, view in out["views"].items():
        problem, seed, lang = key.split()
        assert view == json.loads(json.dumps(practice.view(problem, int(seed), lang))), key
    # the English code's names, as the English book prints them (kayles' listing)
    english = out["views"]["kayles 3 en"]["statement"] + out["views"]["kayles 3 en"]["solution"]
    french = out["views"]["kayles 3 fr"]["statement"] + out["views"]["kayles 3 fr"]["solution"]
    assert re.search(r"\bvus\b", french) and not re.search(r"\bvus\b", english)
    assert re.search(r"\b" + glossary.names()["vus"] + r"\b", english)


# --- every problem in the page: a test each ---------------------------------------------

# the text field each problem is practised on in the page: its richest answer (a map, a
# set, a sequence... before a number), and its first choice field if it has one
RICHER = ("map", "set", "sequence", "position", "number")
CHOICES = ("winner", "mover", "yesno")


def _practised(pid: str) -> list[practice.Field]:
    fs = practice.fields(pid)
    text = min((f for f in fs if f.kind in RICHER), key=lambda f: RICHER.index(f.kind))
    return [text, *[f for f in fs if f.kind in CHOICES][:1]]


@pytest.fixture(scope="module")
def practice_pages(chromium, browser, base_url):
    """One practice page per language, kept open: each problem is shown in it by its
    controls (chapter, problem, seed), as a student moves from one to the next."""
    opened: dict = {}

    def page(lang: str):
        if lang not in opened:
            first = sorted(bank.problems())[0]
            opened[lang] = _open(browser, base_url + ("en/" if lang == "en" else ""),
                                 first, 1)
        return opened[lang]

    yield page
    for visit in opened.values():
        assert visit.outside == [] and visit.errors == [], (visit.outside, visit.errors)
        visit.context.close()


@pytest.mark.parametrize("pid", sorted(bank.problems()))
def test_every_problem_is_practised_in_the_page(practice_pages, pid):
    """A fresh variant of each problem (a seed no other test uses), in one language in
    turn: a right answer in two forms passes, three typical wrong ones never do, and a
    choice field takes its right choice and refuses another."""
    lang = ("fr", "en")[sorted(bank.problems()).index(pid) % 2]
    seed = 500 + sorted(bank.problems()).index(pid)
    problem = bank.problems()[pid]
    v = bank.variant(pid, seed)
    page = practice_pages(lang).page
    page.select_option(".arena-practice-controls select >> nth=0", problem.chapter)
    page.select_option(".arena-practice-controls select >> nth=1", pid)
    page.fill(".arena-practice-controls input", str(seed))
    page.get_by_role("button", name="Afficher cette graine" if lang == "fr"
                     else "Show this seed").click()
    expect(page.locator(".arena-practice-variant h2")).to_have_text(
        f"{problem.title[lang]} ({'graine' if lang == 'fr' else 'seed'} {seed})")
    page.wait_for_selector(".arena-practice-form")
    for f in _practised(pid):
        field = practice.field_id(f)
        if f.kind in CHOICES:
            # the right choice from the bank's key, not from the checker under test
            want = _key(expected(v, f.key))
            good = ("J" + "₀₁"[want] if f.kind == "winner" else
                    practice.WORDS[lang]["mover" if f.kind == "mover" else "yes"][
                        0 if want else 1])
            chosen = [x.strip() for x in
                      page.locator(f'[data-field="{field}"] label').all_inner_texts()]
            assert good in chosen, (pid, f.key, good, chosen)
            ok, seen = _answer(page, field, good)
            assert ok, (pid, f.key, seen)
            bad = next(c for c in chosen if c != good)
            ok, seen = _answer(page, field, bad)
            assert not ok and seen.startswith("✗"), (pid, f.key, bad, seen)
            continue
        right, wrong = forms(v, f, lang)
        assert len(right) == 2 and len(wrong) == 3
        for text in right:
            ok, seen = _answer(page, field, text)
            assert ok, (pid, f.key, text, seen)
        for text in wrong:
            ok, seen = _answer(page, field, text)
            assert not ok and seen[0] in "✗–", (pid, f.key, text, seen)


HOSTILE_ANSWERS = [
    # (what is typed, the start of the message in English)
    ("(" * 1_000_000, "Too long to read: 1,000 characters at most."),
    ("a, " * 400, "Too long to read: 1,000 characters at most."),
    ("(" * 400 + ")" * 400, "Could not read: (((…."),
    ("{" * 30 + "}" * 30, "Could not read: {{{…."),
    ("[" * 25 + "1" + "]" * 25, "Could not read: [[[…."),
    ("9" * 900, "Could not read: 999999999999…."),
    ("-" + "9" * 40, "Could not read: -99999999999…."),
]


@pytest.mark.parametrize(("typed", "said"), HOSTILE_ANSWERS)
def test_a_huge_or_deep_answer_is_one_sentence_in_every_field(typed, said):
    """Issue 62 §13: brackets a thousand deep stopped the page's checker with a
    RecursionError, and a number of 900 digits with Python's ValueError (the page then said
    "Checking…" for ever); a megabyte took seconds. In every field of every problem, each
    is one sentence and never right."""
    for pid in bank.problems():
        v = bank.variant(pid, 1)
        for f in practice.fields(pid):
            for lang in ("en", "fr"):
                got = practice.check(v, practice.field_id(f), typed, lang)
                assert not got["ok"], (pid, f.key)
                if lang == "en" and f.kind not in ("winner", "mover", "yesno"):
                    assert got["message"] == said, (pid, f.key, got)
                assert "\n" not in got["message"] and len(got["message"]) < 200
