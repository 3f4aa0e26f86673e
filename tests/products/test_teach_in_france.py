"""Issue 61 §5 to §9, the French edition as a CPGE teacher reads it (and the English one
where the same text exists), on the built pages: short progressions whose hours are
their sessions' (a compact core, a variant for the common course), the figure named
where the project's specification was, one word for dead ends, safety games answered by
the opponent's attractor (and checked on arenas), and the minor points: the sources'
"p cases", the French key without the problems' English ids, the A* table's list."""

from __future__ import annotations

import html as htmllib
import random
import re
from pathlib import Path

import pytest

from coursebuild.course import teaching_notes
from coursebuild.languages import LANGS
from coursebuild.products import pacing
from coursebuild.typeset import editions

ROOT = Path(__file__).resolve().parents[2]
HOURS = re.compile(r"(\d+)[\s\u00a0\u202f]*h\b")


def _html(site: Path, lang: str, page: str) -> str:
    return (site / ("" if lang == "fr" else "en") / page / "index.html").read_text("utf-8")


def _text(fragment: str) -> str:
    """The words of some HTML, its spaces plain, none before a comma or a stop."""
    inline = re.sub(r"</?(?:a|strong|em|span)\b[^>]*>", "", fragment)
    text = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", inline)).replace(
        "\u00a0", " ").replace("\u202f", " ").split())
    return re.sub(r" (?=[,.)])", "", text)


def _article(site: Path, lang: str, page: str) -> str:
    html = _html(site, lang, page)
    return _text(html[html.index("<article"):html.rindex("</article>")])


def _section(html: str, anchor: str) -> str:
    """The HTML from the heading ``anchor`` up to the next heading of its level or above."""
    start = html.index(f'id="{anchor}"')
    level = html[html.rindex("<h", 0, start) + 2]
    start = html.index(">", start) + 1
    end = re.compile(rf"<h[1-{level}]\b").search(html, start)
    return html[start:end.start() if end else len(html)]


# ---------------------------------------------------------------- §5 progressions

def _shown(site: Path, lang: str, progression: str) -> tuple[list[tuple[str, int]], str]:
    """A progression's sessions as the guide shows them (kind, hours), and its text."""
    section = _section(_html(site, lang, "teachers"), f"progression-{progression}")
    sessions = [(_text(kind), int(h)) for kind, h in re.findall(
        r"<li>(?:<p>)?<strong>([^<,]+), (\d+)[\u00a0 ]?h</strong>", section)]
    return sessions, _text(section)


@pytest.mark.parametrize("lang", LANGS)
def test_the_compact_core_is_a_few_hours_summed_from_its_sessions(site, lang):
    """The compact core: its sessions as the data gives them, a total of 6 to 10 hours
    (2 to 3 h of lectures, 2 h of tutorials, 2 to 3 h of labs) printed as their sum, and
    every chapter either drawn on by a session or an option with its full plan's hours."""
    core = {p.id: p for p in pacing.progressions()}["mpi"]
    kinds = teaching_notes.WORDS[lang]
    sessions, text = _shown(site, lang, "mpi")
    assert sessions == [(kinds[s.kind], s.hours) for s in core.sessions]
    total = sum(h for _, h in sessions)
    assert 6 <= total <= 10 and total == core.hours()
    by_kind = {k: sum(h for kind, h in sessions if kind == kinds[k])
               for k in teaching_notes.KINDS}
    assert 2 <= by_kind["lecture"] <= 3 and by_kind["tutorial"] == 2 \
        and 2 <= by_kind["lab"] <= 3
    said = {"fr": f"En tout : {total} h, dont {by_kind['lecture']} h de cours, "
                  f"{by_kind['tutorial']} h de TD et {by_kind['lab']} h de TP.",
            "en": f"In all: {total} h: {by_kind['lecture']} h of lectures, "
                  f"{by_kind['tutorial']} h of tutorials and {by_kind['lab']} h of labs."}
    assert said[lang] in text
    # the case studies and the later chapters are options, each with its plan's hours
    notes = teaching_notes.notes()
    drawn = {page for s in core.sessions for page in s.chapters}
    assert drawn | set(core.options) == set(notes) and not drawn & set(core.options)
    assert {"chomp", "ourson", "beyond", "theory", "othergames"} <= set(core.options)
    options = _text(_section(_html(site, lang, "teachers"), "progression-mpi").split(
        pacing.SHORT[lang]["options"].split(",")[0])[1])
    for page in core.options:
        hours = sum(s.hours for s in notes[page].plan)
        number, title = next((n, t) for n, p, t in editions.chapters(lang) if p == page)
        assert re.search(rf"\b{number}\. {re.escape(title)} ?: {hours} h \(", options), page


@pytest.mark.parametrize("lang", LANGS)
def test_the_common_course_variant_follows_the_slides_in_fewer_hours(site, lang):
    """The variant for the common CS course (informatique commune, the PSI* slides'
    class): shorter than the compact core, with minimax and a heuristic as the slides."""
    known = {p.id: p for p in pacing.progressions()}
    variant = known["commune"]
    sessions, text = _shown(site, lang, "commune")
    assert sessions == [(teaching_notes.WORDS[lang][s.kind], s.hours)
                        for s in variant.sessions]
    assert sum(h for _, h in sessions) == variant.hours() < known["mpi"].hours()
    assert "beyond" in {page for s in variant.sessions for page in s.chapters}
    assert "informatique commune" in text and "PSI" in text
    if lang == "fr":
        assert "(MP, PC, PSI)" in text
    assert ("minimax avec une heuristique" if lang == "fr" else "minimax with a heuristic") \
        in text.lower()


def test_the_french_guide_no_longer_calls_35_hours_its_core(site):
    text = _article(site, "fr", "teachers")
    assert "Total du cœur du programme" not in text and "chapitres du cœur" not in text
    pacing_intro = _text(_section(_html(site, "fr", "teachers"), "pacing"))
    assert "semaine par semaine¶ Pour qui traite le cours en entier" in pacing_intro
    # the compact core comes first, before the full plans and their weeks
    html = _html(site, "fr", "teachers")
    assert html.index('id="progression-mpi"') < html.index('id="progression-commune"') \
        < html.index('id="plans"') < html.index('id="pacing"')


@pytest.mark.parametrize(("old", "new", "message"), [
    ("chapters: [attractors, beyond]\n        fr: |\n          L'{{ex:naive",
     "chapters: [attractors, nowhere]\n        fr: |\n          L'{{ex:naive",
     r"progressions\[2\]\.sessions\[4\]\.chapters: no chapter 'nowhere'"),
    ("{{ex:growth}}", "{{ex:no-such-exercise}}",
     r"progressions\[1\]\.sessions\[3\]\.fr: \{\{ex:no-such-exercise\}\} names no exercise"),
    ("options: [algorithms, chomp]", "options: [attractors, chomp]",
     r"progressions\[2\]\.options: attractors is drawn on by a session"),
    ("  - kind: lab\n        hours: 2\n        chapters: [attractors, algorithms",
     "  - kind: lab\n        hours: 0\n        chapters: [attractors, algorithms",
     r"progressions\[1\]\.sessions\[4\]: hours '0' is not a whole number of hours"),
    ("      en: \"A compact core\"\n", "",
     r"progressions\[1\]\.title: give both languages"),
])
def test_a_bad_progression_is_refused_naming_the_file_and_the_key(old, new, message):
    text = pacing.PROGRESSIONS.read_text("utf-8")
    assert old in text
    with pytest.raises(pacing.ProgressionError,
                       match="^docs/data/progressions.yaml: " + message) as info:
        pacing.read(text.replace(old, new, 1))
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------- §6 the figure, not the spec

@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_guide_names_the_figure_not_the_specification(site, lang):
    html = _html(site, lang, "teachers")
    text = _article(site, lang, "teachers")
    assert re.search(r"(?i)sp[ée]cification", text) is None
    words = {"fr": "l'arène de la figure", "en": "the arena of the figure"}[lang]
    assert text.lower().count(words) >= 3
    links = re.findall(r'href="#fig-([a-z0-9-]+)"', html)
    assert links.count("teach-numbering-loop") >= 3
    assert 'id="fig-teach-numbering-loop"' in html
    caption = re.search(r'id="fig-teach-numbering-loop".*?<figcaption>(.*?)</figcaption>',
                        html, re.S)
    assert _text(caption[1]).split(". ", 1)[1].startswith(
        {"fr": "Une arène bipartie", "en": "A bipartite arena"}[lang])
    # nor in the notes' sources, the English ones included
    sources = " ".join(p.read_text("utf-8") for p in (ROOT / "docs" / "teaching").glob("*"))
    assert re.search(r"(?i)sp[ée]cification", sources) is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_book_cites_the_figure_by_its_number(lang):
    import subprocess

    from coursebuild.documents import book

    pdf = ROOT / "build" / "pdf" / book.book_name(lang, "teachers")
    if not pdf.exists():
        pytest.skip("make site typesets the books")
    # in reading order (-layout would set a margin note inside the sentence beside it)
    raw = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout.replace("\u00ad", "")
    text = " ".join(raw.replace("’", "'").replace("fi- gure", "figure").split())
    assert re.search(r"(?i)sp[ée]cification", text) is None
    words = {"fr": r"l'arène de la figure (\d+\.\d+)", "en": r"arena of Figure (\d+\.\d+)"}
    numbers = re.findall(words[lang], text, re.I)
    assert len(numbers) >= 3 and len(set(numbers)) == 1, numbers


# ---------------------------------------------------------------- §7 cul-de-sac

def test_french_dead_ends_are_culs_de_sac_as_definition_2_1_says(site):
    from coursebuild.course import bank
    from coursebuild.course.bank.algorithms import COUNTER
    from coursebuild.course.practice_fields import FIELDS

    assert "Un **cul-de-sac**" in (ROOT / "docs" / "fr" / "plays.md").read_text("utf-8")
    labels = [f for fields in FIELDS.values() for f in fields if f.key == "dead_ends"]
    assert labels and all(f.label["fr"] == "Culs-de-sac" for f in labels)
    for page in ("practice", "theory", "bank"):
        text = _article(site, "fr", page)
        assert re.search(r"(?i)\bimpasses?\b", text) is None, page
    # the key of the counters' problem names the dead ends it warns of as the definition
    said = 0
    for seed in range(60):
        solution = bank.variant(COUNTER, seed).solution["fr"]
        assert "impasse" not in solution
        said += "(cul-de-sac)" in solution
    assert said > 0



def test_a_nim_stick_is_a_baton_throughout(site):
    """One word for one notion: a stick of the Nim games is a "bâtonnet" in every French
    page, exercise and book, the several heaps' Nim and Marienbad included (chapters 1 and
    9 said "allumettes" where the rest of the course says "bâtonnets"; a fresh reading,
    issue 61)."""
    pages = [p for p in sorted(site.rglob("index.html"))
             if p.relative_to(site).parts[0] not in ("en", "assets")]
    books = sorted((ROOT / "build" / "book").glob("*-fr/book.tex"))
    assert len(pages) > 20 and len(books) == 2
    said = {p.relative_to(ROOT).as_posix() for p in pages + books
            if re.search(r"(?i)allumette", p.read_text("utf-8"))}
    assert said == set()
    assert "Plusieurs tas de bâtonnets" in _article(site, "fr", "modelling")


def test_no_page_calls_positions_draws(site):
    """One word for one notion: a draw is a play ("match nul", plays.md), a position in
    neither attractor a drawn position ("position nulle"). The design page said "les
    positions depuis lesquelles aucun joueur ne peut forcer la victoire sont des matchs
    nuls", and exercise 6.2's figure "Les sommets blancs (...) sont des matchs nuls" (a
    fresh reading, issue 61); every page of both languages, figures' captions included."""
    said = {"fr": re.compile(r"(?i)(?:positions|sommets)\b[^.;]{0,120}\bsont des matchs nuls"),
            "en": re.compile(r"(?i)(?:positions|vertices)\b[^.;]{0,120}\bare draws\b")}
    found = []
    for page in sorted(site.rglob("index.html")):
        lang = "en" if page.relative_to(site).parts[0] == "en" else "fr"
        html = page.read_text("utf-8")
        text = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())
        found += [(page.relative_to(site).as_posix(), m[0][-60:])
                  for m in said[lang].finditer(text)]
    assert found == []
    assert "sont des positions nulles" in _article(site, "fr", "design")

# ---------------------------------------------------------------- §8 safety games

@pytest.mark.parametrize("lang", LANGS)
def test_the_attractors_chapter_defines_safety_games_and_proves_the_answer(site, lang):
    text = _article(site, lang, "attractors")
    words = {"fr": ("Remarque (jeux de sûreté)", "jeu d'évitement au sens strict",
                    "si et seulement si x ∉", "Démonstration"),
             "en": ("Remark (safety games)", "jeu d'évitement au sens strict",
                    "if and only if x ∉", "Proof")}[lang]
    remark = text[text.index(words[0]):]
    remark = remark[:remark.index({"fr": "Le rang compte", "en": "The rank counts"}[lang])]
    assert all(w in remark.replace("$", "") or w in remark for w in words[:2] + words[3:])
    assert "A^{1-i}" in remark.replace("\\mathcal{A}", "A").replace(" ", "")
    # misère tic-tac-toe is no longer called an avoidance game
    other = _article(site, lang, "othergames")
    assert re.search(r"(?i)évitement|avoidance", other) is None
    assert {"fr": "morpion à l'envers", "en": "reverse tic-tac-toe"}[lang] in other
    index = (ROOT / "docs" / "data" / "index.yaml").read_text("utf-8")
    assert "jeu d'évitement" not in index and 'fr: "jeu de sûreté"' in index


def _random_arena(rng: random.Random):

    n = rng.randint(2, 12)
    vertices = list(range(n))
    S0 = [v for v in vertices if rng.random() < 0.5]
    S1 = [v for v in vertices if v not in S0]
    edges = {v: sorted(set(rng.choices(vertices, k=rng.randint(0, 3)))) for v in vertices}
    avoid = {v for v in vertices if rng.random() < 0.25}
    return S0, S1, edges, avoid


def test_the_opponents_attractor_answers_every_safety_game():
    """The remark's claim on 3000 random arenas (cycles, dead ends, positions to avoid
    with successors): J_i wins the safety game from x iff x is outside J_{1-i}'s
    attractor (computed by the library once M's successors are cut), against the
    winning region computed independently, as a greatest fixpoint on the first graph."""
    from arena import Arena, attractor

    rng = random.Random(61)
    sizes = set()
    for _ in range(3000):
        S0, S1, edges, M = _random_arena(rng)
        for i in (0, 1):
            cut = {v: ([] if v in M else e) for v, e in edges.items()}
            g = Arena(S0=S0, S1=S1, edges=cut, **{f"V{1 - i}": sorted(M)})
            outside = set(g.vertices) - set(attractor(g, 1 - i))
            # the safety player's winning region on the uncut graph: the largest set
            # outside M that J_i can keep the play in
            mine = set(S0 if i == 0 else S1)
            W = set(edges) - M
            while True:
                drop = {x for x in W if edges[x] and (
                    (x in mine and not any(y in W for y in edges[x]))
                    or (x not in mine and any(y not in W for y in edges[x])))}
                if not drop:
                    break
                W -= drop
            assert outside == W, (S0, S1, edges, M, i)
            sizes.add(len(W))
    assert len(sizes) > 5                     # the class of arenas, not one answer


# ---------------------------------------------------------------- §9 the minor points

@pytest.mark.parametrize("lang", LANGS)
def test_the_source_notes_say_both_editions_have_p_cases(site, lang):
    text = _article(site, lang, "sources")
    assert "2024 ajoute" not in text and "2024 edition adds" not in text
    assert {"fr": "Les deux éditions ajoutent", "en": "Both editions add"}[lang] in text


class _Converter:
    """The book's converter as the key's head needs it: a language, and Markdown read as
    nothing (the statement's and the solution's text are not what is tested)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def latex(self, markdown: str) -> str:
        return ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_french_key_names_each_problem_by_its_french_title(lang):
    from coursebuild.course import bank, bank_samples
    from coursebuild.products.sheets import _tex_text, problem_tex

    seed = {"fr": "graine", "en": "seed"}[lang]
    for pid in bank.problems():
        variant = bank_samples.sample(pid)
        head = problem_tex(_Converter(lang), variant, 1, part="key")
        meta = re.search(r"\\problemmeta\{[^}]*\}\{(.*)\}\n", head)[1]
        shown = {"fr": f"{seed} {variant.seed}",
                 "en": f"{_tex_text(pid)}, {seed} {variant.seed}"}[lang]
        assert meta == shown, (pid, meta)
    assert bank.problems()                       # every problem of the bank


def test_the_astar_table_separates_its_list_with_semicolons_in_french():
    from arena.astar import EXAMPLE_GRAPH, straight_line
    from coursebuild.course.pages.beyond import astar_trace

    steps = astar_trace(EXAMPLE_GRAPH, "s", "t", straight_line())["steps"]
    queues = {lang: [s["row"][-1][lang] for s in steps] for lang in LANGS}
    long = [k for k, q in enumerate(queues["en"]) if q.count("(") > 1]
    assert long and any("." in queues["en"][k] for k in long)
    for k in long:
        assert re.search(r"\d,\d", queues["fr"][k]) or "." not in queues["en"][k]
        assert re.search(r"\)\s*,", queues["fr"][k]) is None, queues["fr"][k]
        assert queues["fr"][k].count(" ; ") == queues["en"][k].count("), ")
