"""The chapters' content points of issue 36 ("Teach it unchanged"), read on the built pages
of both languages: facts that could be false, each checked against the computation or
the text that would be wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]


def _html(site: Path, lang: str, page: str) -> str:
    return (site / ("" if lang == "fr" else "en") / page / "index.html").read_text("utf-8")


def _text(site: Path, lang: str, page: str) -> str:
    """A page's article as text (tags dropped, spaces folded)."""
    html = _html(site, lang, page)
    body = html[html.index("<article"):html.rindex("</article>")]
    text = re.sub(r"<[^>]+>", " ", body)
    import html as h

    return re.sub(r"\s+", " ", h.unescape(text))


# ---------------------------------------------------------------- the tables' order

def test_the_nim_tables_play_what_strategie_plays_on_the_chapter_s_own_graph():
    """A student who builds Nim's graph with chapter 1's code and runs the chapter's
    ``strategie`` on it gets the moves the tables and figures of chapters 3 and 5 show
    (the library's successor order is the chapter's), for both players."""
    from arena import attractor
    from coursebuild.course import examples
    from coursebuild.course.facts import listing_namespace
    from coursebuild.course.pages.modelling import _nim_dicts

    strategie = listing_namespace("fr")["strategie"]
    for n, rule, example in ((10, [1, 2], examples.nim_10), (15, [2, 3, 5], examples.ex41)):
        scope: dict = {}
        exec(_nim_dicts("en").replace("n, R = 10, [1, 2]", f"n, R = {n}, {rule}"), scope)
        A, S0, S1, V0, V1 = (scope[k] for k in ("A", "S0", "S1", "V0", "V1"))
        g, sol = example()
        ranks = attractor(g, 0), attractor(g, 1)
        played = {**strategie(A, S0, ranks[0], ranks[1]), **strategie(A, S1, ranks[1], ranks[0])}
        assert played == {v: m for v, m in sol.move.items() if m is not None}
    # the order matters: with the opposite order, (9, 0) would play (8, 1), not (7, 1)
    A = {(9, 0): [(8, 1), (7, 1)], (8, 1): [], (7, 1): []}
    assert strategie(A, {(9, 0): None}, {}, {(9, 0): 6, (8, 1): 5, (7, 1): 5})[9, 0] == (8, 1)
    assert examples.nim_10().solution.move[9, 0] == (7, 1)


# ---------------------------------------------------------------- draws

@pytest.mark.parametrize("lang", LANGS)
def test_the_definition_of_reachability_games_keeps_its_draws(site, lang):
    text = _text(site, lang, "theory")
    wrong = {"fr": "chaque partie finie se termine par la victoire",
             "en": "every finite play ends with the win"}[lang]
    assert wrong not in text
    said = {"fr": ("toute autre partie est un match nul", "cul-de-sac", "grille pleine du morpion"),
            "en": ("any other play is a draw", "dead end", "full grid of tic-tac-toe")}[lang]
    assert all(s in text for s in said)
    # what the sentence says: the full grid without a line is a draw, a dead end
    from coursebuild.course import examples

    g, sol = examples.tictactoe_3x3()
    full = [v for v in g.vertices if "-" not in v and g.victory(v) is None]
    assert full and all(not g.successors(v) and sol.winner[v] is None for v in full)


@pytest.mark.parametrize("lang", LANGS)
def test_chapters_10_and_11_are_beyond_the_syllabus(site, lang):
    word = "Hors programme" if lang == "fr" else "Optional"
    for page in ("theory", "othergames"):
        html = _html(site, lang, page)
        intro = html[:html.index("<h2")]
        assert f'<p class="admonition-title">{word}</p>' in intro, page
    text = _text(site, lang, "theory")
    assert ("aucun équilibre pur" if lang == "fr" else "no pure equilibrium") in text


# ---------------------------------------------------------------- marque_propage2

@pytest.mark.parametrize("lang", LANGS)
def test_marque_propage2_is_shown_before_it_is_used(site, lang):
    html = _html(site, lang, "algorithms")
    shown = html.index("Fonction marque_propage2(s, d, B, S0, attracteur, n)" if lang == "fr"
                       else "Function mark_propagate2(s, d, B, S0, attractor, n)")
    name = "marque_propage2" if lang == "fr" else "mark_propagate2"
    # the tables and the figure's caption that use its numbers come after it
    users = [m.start() for m in re.finditer(r"<(th|figcaption)\b.*?</\1>", html, re.S)
             if name in m.group()]
    assert len(users) >= 3 and shown < min(users)
    # its pseudo-code is the library's teaching function: the numbers of figure and table
    from arena.course import calcule_attracteur2, chapter_dicts
    from coursebuild.course.facts import numbering_below_rank_arena

    A, S0, _, V0, _ = chapter_dicts(numbering_below_rank_arena())
    assert calcule_attracteur2(A, S0, V0)["x"] == 1
    notebook = (ROOT / "docs" / "notebooks" / "04-algorithms.py").read_text("utf-8")
    # its French cell names it in French, its English cell in English
    assert notebook.count("marque_propage2") >= 1 and notebook.count("mark_propagate2") >= 1


# ---------------------------------------------------------------- minimax

@pytest.mark.parametrize("lang", LANGS)
def test_minimax_returns_the_true_value_of_a_final_position(site, lang):
    html = _html(site, lang, "beyond")
    for name in ("minimax", "alphabeta"):
        word = "Fonction" if lang == "fr" else "Function"
        code = html[html.index(f"{word} {name}("):]
        code = code[:code.index("</code>")]
        final = code.index("f(p)")
        assert final < code.index("h(p)")
        assert "k = 0 ou p" not in code and "k = 0 or p" not in code


# ---------------------------------------------------------------- credits

@pytest.mark.parametrize("lang", LANGS)
def test_the_slides_author_is_credited(site, lang):
    beyond = _text(site, lang, "beyond")
    assert ("du cours de Fabrice Lembrez" in beyond and "tiré du même cours" in beyond) \
        if lang == "fr" else ("from the course of Fabrice Lembrez" in beyond
                              and "from the same course" in beyond)
    assert 'href="../bibliography/#lembrez"' in _html(site, lang, "beyond")
    assert "Fabrice Lembrez" in _text(site, lang, "bibliography")
    notes = _text(site, lang, "sources")
    assert "Fabrice Lembrez" in notes
    said = {"fr": "le texte ne nomme pas son auteur", "en": "the text does not name its author"}
    assert said[lang] in notes
    seeds = Path("/work/shared/seeds")
    if seeds.exists():       # what the texts give: the slides' footer, a chapter without author
        assert "Fabrice Lembrez - PSI*" in (seeds / "slides-attracteurs-minmax.txt").read_text()
        assert "17 novembre 2025" in (seeds / "course-2025-jeux-accessibilite.txt").read_text()


# ---------------------------------------------------------------- the notes on the sources

@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_list_the_sources_slips(site, lang):
    text = _text(site, lang, "sources")
    for slip in ("7 × 7", "case non vide", "au plus un score de 6"):
        assert slip in text, slip
    from coursebuild.course.pages import sources

    astar = sources.source_astar_text()[lang]
    assert ("la longueur 6" in astar and "longueur 5" in astar) if lang == "fr" else \
        ("the length 6" in astar and "length 5" in astar)


# ---------------------------------------------------------------- tooling on student pages

TOOLING = ("verify_strategy", "won_by", "EXERCISE_", "docs/examples", "build of the course",
           "construction du cours", "the course's program", "le programme qui écrit")
STUDENT = ("modelling", "plays", "attractors", "algorithms", "strategies", "exercises",
           "chomp", "ourson", "beyond", "theory", "othergames")


@pytest.mark.parametrize("lang", LANGS)
def test_student_prose_names_no_tooling(site, lang):
    """The chapters' sentences (code left out: notebooks call the library) and the
    notebooks' outputs name no internals. The exercises and their solutions are written
    in the exercises' own source (issue 39), read apart."""
    blocks = re.compile(r'<div class="admonition exercise">.*?</div>|'
                        r'<details class="solution".*?</details>', re.S)
    for page in STUDENT:
        html = blocks.sub(" ", _html(site, lang, page))
        html = re.sub(r"<(pre|code)\b.*?</\1>", " ", html, flags=re.S)
        found = [w for w in TOOLING if w in html]
        assert found == [], (page, found)
    for nb in sorted((site / ("" if lang == "fr" else "en") / "notebooks").glob("*/index.html")):
        html = nb.read_text("utf-8")
        assert "won_by_0" not in html and "EXERCISE_4_2" not in html, nb
        assert "docs/examples/" not in re.sub(r"<pre\b.*?</pre>", "", html, flags=re.S), nb


# ---------------------------------------------------------------- Connect-4 and chapter 1

@pytest.mark.parametrize("lang", LANGS)
def test_chapter_1_gives_connect4_s_result_and_chapter_4_its_computation(site, lang):
    one = _text(site, lang, "modelling")
    head = "Le puissance 4 sur 6 colonnes" if lang == "fr" else "Connect-4 on 6 columns"
    section = one[one.index(head):one.index("Figure", one.index(head))]
    # the result, with no rank, layer or attractor (defined later): only a pointer
    for later in (("le rang baisse", "étages, de 0", "l'attracteur du chapitre",
                   "Comment ce résultat est calculé.") if lang == "fr" else
                  ("the rank falls", "layers, from 0", "the attractor of the chapter",
                   "How this result is computed.")):
        assert later not in section, later
    assert section.count("6 colonnes et 4 lignes" if lang == "fr" else
                         "6 columns and 4 rows") == 2         # the heading and one sentence
    four = _text(site, lang, "algorithms")
    assert ("étage par étage" if lang == "fr" else "layer by layer") in four
    assert ("étages" if lang == "fr" else "layers") in four
    # the definitions chapter 1 now gives
    assert ("jeu d'accessibilité" if lang == "fr" else "reachability game") in one
    assert "J_1" in _html(site, lang, "modelling") and "J_2" in _html(site, lang, "modelling")


@pytest.mark.parametrize("lang", LANGS)
def test_the_recursion_limit_is_said_in_its_paragraph(site, lang):
    html = _html(site, lang, "algorithms")
    name = "marque_propage" if lang == "fr" else "mark_propagate"
    para = re.search(rf"<p>[^<]*<code>{name}</code>.*?</p>", html, re.S).group()
    assert "RecursionError" in para and 'data-count="python-recursion-limit"' in para


@pytest.mark.parametrize("lang", LANGS)
def test_the_attractor_remark_shows_the_dead_end(site, lang):
    from coursebuild.course.pages.attractors import dead_end_arena, steps_of

    g = dead_end_arena()
    assert steps_of(g, 0) == [set()]
    assert steps_of(g, 0, need_successor=False)[1:] == [{"d"}, {"a", "d"}]
    text = _text(site, lang, "attractors")
    assert ("cul-de-sac" if lang == "fr" else "dead end") in text
    assert ("match nul" if lang == "fr" else "draw") in text


def test_the_notes_oral_answer_on_terminal_positions_names_the_winner_and_the_draw():
    """Fresh reading (issue 61): chapter 2's slides' notes answered 'la partie s'y arrête,
    gagnée par ce joueur' (which one? the sentence names none) and 'c'est un nul'; they
    say 'gagnée par J_i si elle est dans V_i' and 'c'est un match nul', the course's
    word."""
    import yaml

    for path in sorted((ROOT / "docs" / "teaching").glob("*.yaml")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert "c'est un nul" not in text and "gagnée par ce joueur" not in text, path.name
        assert "won by that player" not in text, path.name
    notes = yaml.safe_load((ROOT / "docs" / "teaching" / "02-plays.yaml").read_text("utf-8"))
    answer = next(q["answer"] for q in notes["oral"]
                  if "cul-de-sac" in q["question"]["fr"])
    assert "gagnée par $J_i$ si elle est dans $V_i$" in " ".join(answer["fr"].split())
    assert "c'est un match nul." in answer["fr"]
    assert "won by $J_i$ if it is in $V_i$" in " ".join(answer["en"].split())


def _strings(x, path=()):
    """Every text of a teaching file, with its path of keys (its language last)."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _strings(v, (*path, str(k)))
    elif isinstance(x, list):
        for k, v in enumerate(x):
            yield from _strings(v, (*path, str(k)))
    elif isinstance(x, str):
        yield path, x


def test_the_notes_write_the_rank_as_the_course_does():
    """Fresh reading (issue 61): the French notes of chapters 3, 5 and 8 (slides' notes,
    the guide) wrote the rank rang(x), where the course, its summaries and its slides
    write rg(x); and chapter 3's said a play stops 'sur un nul' (a match nul)."""
    import yaml

    for path in sorted((ROOT / "docs" / "teaching").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for where, text in _strings(data):
            if where[-1] == "fr":
                assert "\\mathrm{rang}" not in text, (path.name, where)
                assert not re.search(r"\bsur un nul\b", text), (path.name, where)
            if where[-1] == "en":
                assert "\\mathrm{rg}" not in text, (path.name, where)
    fr = (ROOT / "docs" / "teaching" / "03-attractors.yaml").read_text(encoding="utf-8")
    assert "récurrence sur $r = \\mathrm{rg}(x) > 0$" in fr
