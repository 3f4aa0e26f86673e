"""Facts the reviewers of issue 24 found wrong or missing, now right in both languages:
who made the ourson game's rule, the small bars of chomp's strategy stealing, one letter
per object (σ for a strategy, s for a position), the owner of every vertex an exercise
names, and an arena called bipartite that is one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coursebuild.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]


def _md(lang: str, name: str) -> str:
    """A chapter's text with its exercises (written once in docs/exercises) put in."""
    from coursebuild.documents.chapter_text import page_text

    return page_text(lang, name)


def _block(text: str, title_start: str) -> str:
    """The admonition (``!!!`` or ``???``) whose title starts with ``title_start``."""
    m = re.search(r'^[!?]{3} \w+ "' + re.escape(title_start) + r'.*?\n((?:    .*\n|\n)+)',
                  text, re.M)
    assert m, title_start
    return m.group(1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_ourson_start_and_16_move_rule_are_the_authors(lang):
    """The article: the board is a girl's, the game her brother's, and "la position
    initiale et la règle des 16 coups sont de moi"."""
    seed = (Path("/work/shared/seeds/article-jeu-de-l-ourson.txt"))
    if seed.exists():
        assert "La position initiale et la règle des 16 coups sont de moi" in seed.read_text(
            encoding="utf-8")
    intro = _md(lang, "ourson").split("\n## ")[0]
    said = {"fr": "la position de\ndépart et la règle des 16 coups sont de l'auteur de l'article",
            "en": "the starting position\nand the 16-move rule are the article's author's own"}
    assert said[lang] in intro
    assert not re.search(r"(frère|brother)[^.]*(inventé la règle|invented the rule)", intro)


@pytest.mark.parametrize("lang", LANGS)
def test_chomp_strategy_stealing_covers_the_1_by_2_and_2_by_1_bars(lang):
    from arena import solve
    from arena.games import chomp

    proof = _block(_md(lang, "chomp"), "Démonstration (vol" if lang == "fr" else "Proof (str")
    assert "1 \\times 2" in proof and "2 \\times 1" in proof
    # what the proof says of them: eating the bottom-right square leaves the poison alone,
    # a victory of the first player, and the first player wins
    for rows, cols in ((1, 2), (2, 1)):
        g = chomp(rows, cols)
        left = ((1,), 1)
        assert left in g.successors(g.start) and g.victory(left) == 0
        assert solve(g).winner[g.start] == 0


STRATEGY_S = re.compile(r"\$[st]'?\$[^.]*strat|strat[^.]*\$[st]'?\$|\$s\(|s\(s_k\)")


@pytest.mark.parametrize("lang", LANGS)
def test_a_strategy_is_sigma_and_s_a_position(lang):
    """Positions are s, s_k; a strategy is σ (the opponent's τ), on every page."""
    found = {}
    for page in sorted((ROOT / "docs" / lang).glob("*.md")):
        hits = [m.group() for m in STRATEGY_S.finditer(_md(lang, page.stem))]
        if hits:
            found[page.name] = hits
    assert found == {}
    assert "\\sigma(s_k)" in _md(lang, "plays") and "$\\tau'$" in _md(lang, "strategies")


@pytest.mark.parametrize(("lang", "page", "title"), [
    ("fr", "plays", "Exercice 2.3 (un match nul)"), ("en", "plays", "Exercise 2.3 (a draw)"),
    ("fr", "strategies", "Corrigé"), ("en", "strategies", "Solution")])
def test_the_owner_of_v_is_stated(lang, page, title):
    from coursebuild.course.facts import _three_positions

    text = _md(lang, page)
    if page == "strategies":             # the solution of exercise 2
        text = text[text.index("(jouer vers une position" if lang == "fr"
                               else "(moving to a winning"):]
    block = _block(text, title)
    owner = _three_positions(page == "plays").owner("v")
    assert re.search(rf"v \\in S_{owner}\$", block), block
    assert "v \\in V_0" in block


def test_the_numbering_arenas_are_bipartite_as_the_page_says():
    from coursebuild.course.pages.algorithms import _numbering_examples, numbering_examples

    assert all(g.is_bipartite() for _, g in _numbering_examples())
    text = numbering_examples()
    assert text["fr"].count("l'arène est bipartie") == text["en"].count(
        "the arena is bipartite") == len(_numbering_examples()) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_1_defines_what_its_exercises_use(lang):
    """d⁺/d⁻, chomp, the ourson and Nim with four heaps are defined before the
    exercises of chapter 1 that use them."""
    text = _md(lang, "modelling")
    exercises = text.index("\n## Exercices" if lang == "fr" else "\n## Exercises")
    used = {"fr": {"d^+": "Définition (degrés)", "d^-": "Définition (degrés)",
                   "chomp": "**Chomp.**", "ourson": "**Le jeu de l'ourson.**",
                   "quatre tas": "**Nim à plusieurs tas.**"},
            "en": {"d^+": "Definition (degrees)", "d^-": "Definition (degrees)",
                   "chomp": "**Chomp.**", "ourson": "**The bear cub game**",
                   "four heaps": "**Nim with several heaps.**"}}[lang]
    if lang == "en" and "ourson" not in text[exercises:]:
        used["bear cub"] = used.pop("ourson")   # the exercise in English names it so
    for word, definition in used.items():
        assert word in text[exercises:], word                   # the exercises use it
        assert text.lower().index(word.lower()) >= text.index(definition), word  # not before
        assert text.index(definition) < exercises, word


# the chapters' core listings, and the function each defines, which theorems then cite
CORE_LISTINGS = {"algorithms": {"listing-naif": "attracteur_naif",
                                "listing-compteurs": "calcule_attracteur",
                                "listing-file": "calcule_rangs"}}
# the listings that answer a "write it yourself" exercise (issue 36: its answer comes
# after a real break, folded in its solution, which the book moves to the chapter's end):
# the theorems cite the function of the pseudo-code, which stands open before them
ANSWER_LISTINGS = {"algorithms": {"listing-strategie": "strategie"},
                   "beyond": {"listing-minimax": "minimax"}}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", sorted(set(CORE_LISTINGS) | set(ANSWER_LISTINGS)))
def test_core_listings_stand_in_the_text_before_what_cites_them(lang, page):
    """Each core listing sits open right after its pseudo-code (not folded as an answer,
    which the book moves among the solutions), and no theorem cites a function before it
    (or, for a listing that answers an exercise, before its pseudo-code)."""
    from coursebuild.sources.glossary import names

    raw = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
    named = (lambda name: name) if lang == "fr" else (lambda name: names().get(name, name))
    for listing, name in CORE_LISTINGS.get(page, {}).items():
        name = named(name)                          # noqa: PLW2901
        include = f'\n--8<-- "{lang}/{listing}.md"\n'       # at the margin: in the text
        assert include in raw, listing
        at = raw.index(include)
        pseudo = re.search(rf"^(Fonction|Function) {name}\(", raw, re.M)
        assert pseudo is None or pseudo.start() < at, name
        cited = re.search(rf"`{name}\(", raw)
        assert cited is None or cited.start() > at, f"{name} cited before its listing"
    for listing, name in ANSWER_LISTINGS.get(page, {}).items():
        name = named(name)                          # noqa: PLW2901
        assert f'--8<-- "{lang}/{listing}.md"' not in raw, f"{listing} open in the text"
        pseudo = re.search(rf"^(Fonction|Function) {name}\(", raw, re.M)
        cited = re.search(rf"`{name}\(", raw)
        assert pseudo is not None and (cited is None or cited.start() > pseudo.start())
    assert "??? answer" not in raw


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_pages_show_the_core_listings_unfolded(site, lang):
    folder = site if lang == "fr" else site / "en"
    for page, listings in CORE_LISTINGS.items():
        html = (folder / page / "index.html").read_text(encoding="utf-8")
        folded = " ".join(re.findall(r"<details\b.*?</details>", html, re.S))
        for name in listings.values():
            if lang == "en":
                from coursebuild.sources.glossary import names

                name = names()[name]                # noqa: PLW2901
            defined = re.compile(rf"def</span>(<span class=\"w\">)? (</span>)?"
                                 rf"<span class=\"nf\">{name}</span>")
            assert defined.search(html), name
            assert not defined.search(folded), f"{page}: {name} is folded"


@pytest.mark.parametrize("lang", LANGS)
def test_a_star_with_an_admissible_heuristic_is_proved_on_the_page(lang):
    """"With an admissible heuristic A* returns a shortest path" is a theorem with its
    proof (part 1 of Hart, Nilsson and Raphael's), not a claim left bare."""
    text = _md(lang, "beyond")
    theorem = _block(text, "Théorème (Hart" if lang == "fr" else "Theorem (Hart")
    assert re.search(r"1\. (Si|If) \$h\$ (est|is) admissible", theorem)
    after = text[text.index(theorem) + len(theorem):]
    proof = after[:after.index("\\square")]
    assert after.lstrip().startswith(("*Preuve.*", "*Proof.*"))
    assert re.search(r"^1\. .*admissible", proof, re.M | re.S)
