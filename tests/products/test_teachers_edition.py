"""The teachers' edition, complete (issue 49 §3, issue 48 §2), read on the built guide and
books: each chapter's prerequisites and its 3 to 5 oral questions in both languages, a
progression whose core is summed apart from the optional chapters, a pacing of 8 to 12
weeks, the sample exam paper whose marks sum to its total, the teachers' books without an
unresolved citation, the English guide's learning outcomes and its syllabus appendix, and
the facts of the notes written once."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
from test_teaching import _book_text

from coursebuild.languages import LANGS
from coursebuild.products import pacing, sample_paper, teaching


def _html(site: Path, lang: str) -> str:
    return (site / ("" if lang == "fr" else "en") / "teachers" / "index.html").read_text("utf-8")


def _text(fragment: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _section(html: str, anchor: str) -> str:
    """The HTML from the heading ``anchor`` up to the next heading of any level."""
    start = html.index(f'id="{anchor}"')
    start = html.index(">", start) + 1
    end = re.compile(r"<h[1-6]\b").search(html, start)
    return html[start:end.start() if end else len(html)]


def _rows(table_html: str) -> list[list[str]]:
    return [[_text(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", table_html, re.S)]


def _hours(cell: str) -> int:
    m = re.fullmatch(r"(\d+)\s*h", cell.replace("\u00a0", " ").replace("\u202f", " "))
    return int(m[1]) if m else 0


@pytest.mark.parametrize("lang", LANGS)
def test_each_chapter_has_prerequisites_and_three_to_five_oral_questions(site, lang):
    html = _html(site, lang)
    for _, page, _ in teaching.chapters(lang):
        prereq = _section(html, f"notes-{page}-prerequisites")
        assert len(re.findall(r"<li>", prereq)) >= 2, page
        oral = _section(html, f"notes-{page}-oral")
        questions = re.findall(r"<li>\s*<p>\s*<strong>(.*?)</strong>", oral, re.S)
        answers = re.findall(r"<em>(?:Réponse|Answer)\.</em>", oral)
        assert 3 <= len(questions) <= 5, (page, len(questions))
        assert len(answers) == len(questions), page
        assert all(_text(q).endswith("?") or "Démontrez" in q or "Prove" in q
                   for q in questions), page
    # the prerequisites the teachers asked for are each said somewhere, with where met
    prereqs = " ".join(_text(_section(html, f"notes-{page}-prerequisites"))
                       for _, page, _ in teaching.chapters(lang))
    for words in ({"fr": "graphes orientés", "en": "Directed graphs"},
                  {"fr": "parcours en largeur", "en": "Breadth-first search"},
                  {"fr": "ordre topologique", "en": "topological order"},
                  {"fr": "récursivité", "en": "Recursion"}):
        assert words[lang] in prereqs, words[lang]
    # the notes' sources give both languages as many questions, as the page shows them
    for n in teaching.notes().values():
        assert 3 <= len(n.oral) <= 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_progression_sums_the_core_apart_and_the_sums_are_its_rows(site, lang):
    html = _html(site, lang)
    table = _section(html, "plans")              # after the short progressions
    table = table[table.index("<table"):table.index("</table>")]
    rows = _rows(table)[1:]
    core_label = teaching.WORDS[lang]["core"]
    all_label = teaching.WORDS[lang]["all"]
    labels = [r[0] for r in rows]
    core_at, all_at = labels.index(core_label), labels.index(all_label)
    assert all_at == len(rows) - 1 and 0 < core_at < all_at
    optional = teaching.WORDS[lang]["optional"]
    assert all(optional not in r[0] for r in rows[:core_at])
    assert all(optional in r[0] for r in rows[core_at + 1:all_at])
    assert [r[0].split(".")[0] for r in rows[core_at + 1:all_at]] == ["10", "11"]
    for col in (1, 2, 3):       # lecture, tutorial, lab
        core = sum(_hours(r[col]) for r in rows[:core_at])
        assert _hours(rows[core_at][col]) == core
        everything = core + sum(_hours(r[col]) for r in rows[core_at + 1:all_at])
        assert _hours(rows[all_at][col]) == everything
    # the sums are the plans' (the notes' sources), not typed
    plan_core = sum(s.hours for n in teaching.notes().values() if not n.optional
                    for s in n.plan)
    assert sum(_hours(rows[core_at][c]) for c in (1, 2, 3)) == plan_core


@pytest.mark.parametrize("lang", LANGS)
def test_the_pacing_fits_a_term_of_8_to_12_weeks(site, lang):
    html = _html(site, lang)
    rows = _rows(_section(html, "pacing"))[1:]
    weeks = pacing.weeks(lang)
    assert [int(r[0]) for r in rows] == list(range(1, len(weeks) + 1))
    shown = [_hours(r[2]) for r in rows]
    assert all(0 < h <= pacing.WEEKLY_HOURS for h in shown)
    assert sum(shown) == sum(s.hours for n in teaching.notes().values() for s in n.plan)
    core_weeks = [w for w in weeks if not w[0].optional]
    low, high = pacing.TERM_WEEKS
    assert low <= len(core_weeks) <= len(weeks) <= high
    # every session of every chapter once, in the course's order
    placed = [(s.page, s.kind, s.hours) for w in weeks for s in w]
    order = {page: k for k, page, _ in teaching.chapters(lang)}
    expected = sorted(((n.page, s.kind, s.hours) for n in teaching.notes().values()
                       for s in n.plan), key=lambda x: (teaching.notes()[x[0]].optional,
                                                        order[x[0]]))
    assert sorted(placed) == sorted(expected)
    intro = _text(_section(html, "pacing"))
    assert f"{len(weeks)} {'semaines' if lang == 'fr' else 'weeks'}" in intro


@pytest.mark.parametrize("lang", LANGS)
def test_the_sample_papers_marks_sum_to_its_total_within_two_hours(site, lang):
    html = _html(site, lang)
    section = _section(html, "sample-paper")
    rows = _rows(section)[1:]
    *problems, total = rows
    assert len(problems) == len(sample_paper.paper().problems) >= 3
    for row in problems:                        # each problem: its questions sum to it
        per = [int(m) for m in row[2].split("+")]
        assert sum(per) == int(row[3]) > 0
    assert int(total[3]) == sum(int(r[3]) for r in problems) == sample_paper.total()
    minutes = sum(int(r[4].split()[0]) for r in problems)
    assert int(total[4].split()[0]) == minutes <= 120
    # the grade bands cover 0 .. total without a gap
    bands = _rows(_section(html, "sample-paper-grades"))[1:]
    edges = [tuple(map(int, re.findall(r"\d+", b[0]))) for b in bands]
    assert edges[0][1] == int(total[3]) and edges[-1][0] == 0
    assert all(a[0] == b[1] + 1 for a, b in zip(edges, edges[1:]))
    # each partial mark is below its question's points in the marking scheme
    partial = _text(_section(html, "sample-paper-partial"))
    marks = re.findall(r"(?:question|question) (\d+)\s*:\s*(\d+) (?:sur|of) (\d+)", partial)
    assert len(marks) == len(sample_paper.paper().partial) >= 3
    assert all(0 < int(a) < int(b) for _, a, b in marks)


def test_a_partial_mark_that_is_not_partial_is_refused():
    text = sample_paper.SOURCE.read_text("utf-8")
    with pytest.raises(sample_paper.PaperError, match=r"partial\[1\]: 6 points is no "
                       r"partial mark of question 2 \(6 points\)"):
        sample_paper.read(text.replace("    question: 2\n    points: 3", "    question: 2\n"
                                       "    points: 6", 1))
    with pytest.raises(sample_paper.PaperError, match="more than 100"):
        sample_paper.read(text.replace("minutes: 120", "minutes: 100"))
    with pytest.raises(sample_paper.PaperError, match="naive-fixpoint-cost is not fit"):
        sample_paper.read(text.replace("counter-queue-trace,", "naive-fixpoint-cost,", 1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_facts_are_written_once_in_the_guide(site, lang):
    """A computed passage is written once: the word-for-word repeats are gone."""
    from coursebuild.course.teaching_facts import note_facts

    text = _text(_html(site, lang))
    for name, fact in note_facts(lang).items():
        words = _text(re.sub(r"[`$\\{}]", " ", fact))
        if len(words.split()) < 8:
            continue
        probe = " ".join(words.split()[:8])
        flat = re.sub(r"[`$\\{}]", " ", text)
        assert " ".join(flat.split()).count(probe) <= 1, name


def test_the_english_guide_has_outcomes_and_the_french_syllabus_in_its_appendix(site):
    html = _html(site, "en")
    chapters = teaching.chapters("en")
    assert len(re.findall(r'-outcomes">By the end of this chapter, students can<', html)) \
        == len(chapters)
    appendix = html.index('id="syllabus-appendix"')
    last_notes = html.index(f'id="notes-{chapters[-1][1]}-bank"')
    assert appendix > last_notes
    for _, page, _ in chapters:                # each chapter's mapping, in the appendix
        assert html.index(f'id="notes-{page}-syllabus"') > appendix
    assert "reading-list" in html or "A reading list" in html
    # the French guide keeps the syllabus in each chapter
    fr = _html(site, "fr")
    assert fr.index('id="notes-modelling-syllabus"') < fr.index('id="notes-plays"')


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_books_have_no_unresolved_citation_and_hold_the_new_parts(lang):
    text = _book_text(lang)
    assert "[?]" not in text and "??" not in text
    busser = "Busser" in text and ("Bibliographie" if lang == "fr" else "Bibliography") in text
    assert busser
    oral = "Questions de colle" if lang == "fr" else "Oral questions"
    prereq = "Prérequis" if lang == "fr" else "Prerequisites"
    assert text.count(oral) >= 11 and text.count(prereq) >= 11
    assert ("Un sujet d’examen complet" if lang == "fr" else "A complete sample exam paper") \
        in text
    if lang == "en":
        assert text.count("By the end of this chapter, students can") >= 11
        assert "Optional appendix: the French CPGE syllabus" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_book_names_the_web_page_and_cites_a_figure_by_its_page(lang):
    """In print, 'écrits et vérifiés dans la page' named no page the reader has, 'joue
    contre la stratégie calculée, dans la page du chapitre 5 du livre des élèves' put the
    game in the students' book, and 'la figure 1.1 (p. 24), plus bas' said 'below' of a
    figure on the next page (a fresh reading, issue 61)."""
    text = _book_text(lang)
    if lang == "fr":
        assert not re.search(r"(?:dans|de) la page(?! web)(?: du chapitre)?[ ,.;:(\u00a0]",
                             text), re.findall(r".{40}(?:dans|de) la page(?! web).{20}", text)
        assert "vérifiés dans la page web" in text
        assert not re.search(r"\(p\. \d+\), plus bas", text)
    else:
        assert not re.search(r"in the page\b|the page's board|chapter's page\b", text), \
            re.findall(r".{40}(?:in the page\b|the page's|chapter's page\b).{20}", text)
        assert "checked in the web page" in text
        assert not re.search(r"\(p\. \d+\),? below", text)
