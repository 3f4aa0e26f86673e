"""Issue 61 §2 and §4, read on the built English pages and books: the English edition is
framed as a module (no "syllabus" nor "CPGE" outside the teachers' optional appendix, no
"specification asked"), the module descriptor maps each outcome to what assesses it from
the course's own data, the sample paper's marks are also UK percentages, and the three
slips read right in both languages."""

from __future__ import annotations

import html as htmllib
import re
import subprocess
from pathlib import Path

import pytest

from coursebuild.languages import LANGS
from coursebuild.products import descriptor, sample_paper

ROOT = Path(__file__).resolve().parents[2]
# ... and the French competitive exams' papers, whose players the course's J_0 and J_1
# renumber ("Exam papers often call the players J1 and J2", a fresh reading, issue 61)
FRAMING = re.compile(r"(?i)syllabus|\bCPGE\b|specification asked|MP2I|\bconcours\b"
                     r"|exam papers often")
APPENDIX = "Optional appendix: the French CPGE syllabus"


def _article(site: Path, lang: str, page: str) -> str:
    html = (site / ("" if lang == "fr" else "en") / page / "index.html").read_text("utf-8")
    body = html[html.index("<article"):html.rindex("</article>")]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _pdf_text(name: str) -> str:
    pdf = ROOT / "build" / "pdf" / name
    if not pdf.exists():
        pytest.skip("make site typesets the books")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return " ".join(text.replace("\u00ad", "").split())


def _english_pages(site: Path) -> list[Path]:
    return sorted(p for p in (site / "en").glob("*/index.html")
                  if p.parent.name not in ("reference", "search", "assets", "building",
                                           "sources", "bank"))


def test_the_english_pages_say_module_not_syllabus(site):
    """Every English page a student or a lecturer reads (the API reference, the build
    manual, the notes on the French sources and the bank's statements aside), the guide's
    optional appendix cut off, holds none of the French framing words."""
    found = {}
    for path in _english_pages(site):
        text = _article(site, "en", path.parent.name)
        if path.parent.name == "teachers":
            assert text.count(APPENDIX) == 1
            text = text[:text.index(APPENDIX)]
        m = FRAMING.search(text)
        if m:
            found[path.parent.name] = m[0]
    assert found == {}
    assert len(_english_pages(site)) >= 12           # the chapters, the guide, the descriptor


def test_the_english_books_say_module_not_syllabus():
    students = _pdf_text("reachability-games.pdf")
    teachers = _pdf_text("reachability-games-teachers.pdf")
    assert FRAMING.search(students) is None, FRAMING.search(students)
    # the appendix: from its page (its running head, after the contents' line) up to the
    # next chapter, the notes on the sources (the module descriptor is the site's page alone)
    contents = teachers.index(APPENDIX)
    start = teachers.index(APPENDIX, contents + 1)
    end = teachers.index("Appendix: notes on the French sources", start)
    body = teachers[:contents] + teachers[contents + len(APPENDIX):start] + teachers[end:]
    appendix = teachers[start:end]
    assert FRAMING.findall(body) == []
    assert "CPGE" in appendix and "TITLE=\"Test 3\"" in body.replace("”", '"')
    assert "First class" in body


@pytest.mark.parametrize("lang", LANGS)
def test_the_descriptor_maps_each_outcome_to_what_assesses_it(site, lang):
    """One row per outcome, whose exercises, problems and sample exam problems are those
    the data names, written with the numbers and titles the course gives them."""
    from coursebuild.course import bank
    from coursebuild.sources import exercise_source

    html = (site / ("" if lang == "fr" else "en") / "descriptor" / "index.html"
            ).read_text("utf-8")
    table = html[html.index('id="descriptor-assessment"'):]
    rows = re.findall(r"<tr>(.*?)</tr>", table[:table.index("</table>")], re.S)[1:]
    items = descriptor.outcomes()
    assert len(rows) == len(items) >= 6
    paper = sample_paper.paper().problems
    for row, outcome in zip(rows, items):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        numbers = re.findall(r">(\d+\.\d+)</a>", cells[2])
        assert sorted(numbers) == sorted(exercise_source.get(e).number
                                         for e in outcome.exercises)
        assert re.findall(r'href="[^"]*#bank-([a-z0-9-]+)"', cells[3]) == list(outcome.problems)
        chapters = {exercise_source.get(e).page for e in outcome.exercises} | {
            bank.problems()[p].chapter for p in outcome.problems}
        assert len(re.findall(r"<a ", cells[1])) == len(chapters)
        on_paper = [p for p in paper if p in outcome.problems]
        assert len(re.findall(r"\d+ (?:marks|points)", cells[4])) == len(on_paper)
    # every problem of the sample paper assesses some outcome
    assert {p for o in items for p in o.problems} >= set(paper)


@pytest.mark.parametrize("change, message", [
    (("- id: plays", "- id: plays\n    colour: blue"), "outcomes[2].colour: unknown key"),
    (("[nim4-plays,", "[nim4-playz,"), "outcomes[2].exercises: no exercise 'nim4-playz'"),
    (("problems: [plays-strategies-count, plays-draw-cycle]", "problems: [plays-draw-cycle]"),
     "the problem plays-strategies-count assesses no outcome"),
    (("exercises: [minimax, minimax-by-hand, astar-by-hand, consistent-admissible]",
      "exercises: [minimax, minimax-by-hand, astar-by-hand]"),
     "the exercise consistent-admissible assesses no outcome"),
    (("    en: |\n      Define plays", "    de: |\n      Define plays"), "outcomes[2]"),
])
def test_outcomes_that_cannot_be_right_are_refused(change, message):
    text = descriptor.SOURCE.read_text("utf-8")
    assert change[0] in text
    with pytest.raises(descriptor.DescriptorError) as caught:
        descriptor.read(text.replace(change[0], change[1], 1))
    assert str(caught.value).startswith("docs/data/outcomes.yaml: ")
    assert message in str(caught.value)


def test_the_english_paper_gives_uk_percentages_computed_from_its_total(site):
    text = _article(site, "en", "teachers")
    top = sample_paper.total()
    for pct, name in sample_paper.UK_SCALE:
        low = -(-pct * top // 100)
        assert re.search(rf"\b{low} to \d+ [^|]*?{re.escape(name)}", text), name
    assert "First class" not in _article(site, "fr", "teachers")


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_slips_read_right(site, lang):
    plays = _article(site, lang, "plays")
    beyond = _article(site, lang, "beyond")
    if lang == "en":
        assert "followed by a reply" not in plays and "are two moves" in plays
        assert "the player who moves there" not in beyond
        assert "where the opponent is to move" in beyond
    else:
        assert "suivi d'une réponse" not in plays.replace("’", "'")
        assert "font deux coups" in plays
        assert "celui qui y joue" not in beyond
        assert "c'est à l'adversaire de jouer" in beyond.replace("’", "'")


def test_the_keys_trap_is_english_for_each_variant_with_a_terminal_left_out():
    """The counter trace's key, over many variants: never "Mind", and "A trap" wherever a
    terminal position stays out of the attractor (the French keeps « Attention à »)."""
    from coursebuild.course import bank

    problem = bank.problems()["counter-queue-trace"]
    traps = 0
    for seed in range(40):
        v = problem.generate(seed)
        en, fr = str(v.solution["en"]), str(v.solution["fr"])
        assert "Mind " not in en
        assert ("A trap: " in en) == ("Attention à " in fr)
        traps += "A trap: " in en
    assert traps > 0
