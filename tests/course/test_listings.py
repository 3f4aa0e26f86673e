"""The Python listings of the chapter "Computing the attractor", run from the very text each
page shows (French and English comments), agree with the solver: winners, ranks, moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import arenas
from hypothesis import given, settings

from arena import Arena, attractor, solve, verify_strategy
from arena.course import chapter_dicts
from arena.games import chomp, nim, ourson
from coursebuild.course.facts import listing_namespace, listing_sections
from coursebuild.course.pages.algorithms import _numbering_examples, looping_arena, naive_reads
from coursebuild.course.pages.beyond import BEYOND_LISTINGS, SLIDES_TREE
from coursebuild.languages import LANGS
from coursebuild.sources import glossary

ROOT = Path(__file__).resolve().parents[2]



def _by_french_names(namespace: dict, lang: str) -> dict:
    """A listing's namespace, its names looked up by the French course's (the English page
    shows the same code with the English names: issue 48)."""
    if lang == "fr":
        return namespace
    return {**namespace, **{fr: namespace[en] for fr, en in glossary.names().items()
                            if en in namespace}}


CODE = {lang: _by_french_names(listing_namespace(lang), lang) for lang in LANGS}


def course_examples() -> list[Arena]:
    examples = [nim(10, [1, 2]), nim(15, [2, 3, 5]), chomp(2, 3), ourson(),
                Arena.from_file(ROOT / "docs/examples/exercise-6-2.yaml"),
                looping_arena()[0]]
    return examples + [g for _, g in _numbering_examples()]


def check(g: Arena, code: dict) -> None:
    A, S0, S1, V0, V1 = chapter_dicts(g)
    sol = solve(g)
    ranks = {}
    for i, (Si, Vi) in enumerate(((S0, V0), (S1, V1))):
        exact = attractor(g, i)
        ranks[i] = code["calcule_rangs"](A, Si, Vi)
        assert ranks[i] == exact
        assert code["attracteur_naif"](A, Si, Vi) == exact
        assert set(code["calcule_attracteur"](A, Si, Vi)) == set(exact)
    for i, Si in enumerate((S0, S1)):
        moves = code["strategie"](A, Si, ranks[i], ranks[1 - i])
        # the longest play from each vertex of the attractor is its rank, draws stay draws
        assert verify_strategy(g, i, moves, solution=sol) == ranks[i]
        for s, x in moves.items():      # and losing positions delay the defeat fully
            if s in ranks[1 - i]:
                assert ranks[1 - i][x] == ranks[1 - i][s] - 1


@pytest.mark.parametrize("lang", LANGS)
def test_listings_on_the_course_examples(lang):
    for g in course_examples():
        check(g, CODE[lang])


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=150, deadline=None)
@given(g=arenas())
def test_listings_on_random_arenas(lang, g):
    check(g, CODE[lang])


def test_the_two_languages_show_the_same_code():
    strip = {lang: [line for text in listing_sections(lang).values()
                    for line in text.splitlines() if not line.lstrip().startswith("#")]
             for lang in LANGS}
    assert [glossary.english(line) for line in strip["fr"]] == strip["en"]
    assert strip["fr"] != strip["en"] and "def compute_ranks(A, S0, V0):" in strip["en"]
    fr = "\n".join(listing_sections("fr").values())
    # a drawn position, as its two neighbours say "Gagnante", "Perdante" (a draw, match
    # nul, is a play: fresh reading, issue 61)
    assert "# Nulle : rester hors de l'attracteur de l'adversaire." in fr
    assert "Match nul :" not in fr and "Draw:" not in fr
    en = "\n".join(listing_sections("en").values())
    assert "# Drawn: stay out of the opponent's attractor." in en


def test_the_naive_count_is_counted():
    g = Arena(S0=[0, 2], S1=[1, 3], edges={0: [1], 1: [2], 2: [3]}, V0=[3])
    # steps 0..3; step n re-reads the successors of the 3 - n vertices still outside
    assert naive_reads(g) == (4, 3 + 2 + 1)


def test_the_source_strategy_loops_on_a_bipartite_arena():
    g, play = looping_arena()
    assert g.is_bipartite() and len(g) == 5
    loop = play.split(" -> ")
    assert loop[0] == loop[-1] and len(loop) == 3
    # the solver's strategy wins from the same vertex
    assert verify_strategy(g, 0)[loop[0]] == solve(g).rank[loop[0]]


BEYOND = {lang: _by_french_names(listing_namespace(lang, BEYOND_LISTINGS), lang)
          for lang in LANGS}


def _random_tree(rng, depth):
    if depth == 0 or rng.random() < 0.2:
        return rng.randint(-9, 9)
    return [_random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]


@pytest.mark.parametrize("lang", LANGS)
def test_the_minimax_listing_is_the_library_minimax(lang):
    import random

    from arena.minimax import _node, _tree_moves, minimax

    rng = random.Random(12)
    trees = [SLIDES_TREE] + [_random_tree(rng, 4) for _ in range(200)]
    for tree in trees:
        moves = _tree_moves(tree)

        def score(p, t=tree):
            # a leaf's value; an inner node cut by the depth limit gets a heuristic value
            node = _node(t, p)
            return (3 * len(p) + sum(p)) % 11 - 5 if isinstance(node, list) else node

        for depth in (1, 2, 3, 10):
            for maxing in (True, False):
                got = BEYOND[lang]["minimax"]((), depth, maxing, moves, score, score)
                assert got == minimax((), moves, score, depth, maxing).value
    leaf = lambda p: _node(SLIDES_TREE, p)  # noqa: E731
    assert BEYOND[lang]["minimax"]((), 10, True, _tree_moves(SLIDES_TREE), leaf, leaf) == 3
    # a game over has its true value, whatever the estimate says, even at the depth
    # limit's last level: the estimate (1,000) is never used below a depth of 3
    for depth in (3, 4, 10):
        assert BEYOND[lang]["minimax"]((), depth, True, _tree_moves(SLIDES_TREE), leaf,
                                       lambda p: 1000) == 3
    assert BEYOND[lang]["minimax"]((), 2, True, _tree_moves(SLIDES_TREE), leaf,
                                   lambda p: 1000) == 1000


@pytest.mark.parametrize("lang", LANGS)
def test_the_othello_listing_is_the_weighted_score(lang):
    import random

    from arena.minimax import OTHELLO_WEIGHTS, weighted_score

    rng = random.Random(8)
    for _ in range(100):
        board = [[rng.choice((-1, 0, 1)) for _ in range(8)] for _ in range(8)]
        assert BEYOND[lang]["heuristique_othello"](board, OTHELLO_WEIGHTS) == \
            weighted_score(board)


def _solution_code(lang: str, name: str) -> str:
    """The listing the solution that defines ``name`` on the algorithms page shows."""
    from coursebuild.documents.chapter_text import page_text

    page = page_text(lang, "algorithms")         # with its exercises
    for section, code in listing_sections(lang).items():
        if f"def {name}(" in code:
            assert f'--8<-- "{lang}/listing-{section}.md"' in page
            return code
    raise AssertionError(f"{lang}: no solution defines {name}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_reversed_graph_in_two_arrays(lang):
    """Exercise 4.5 of the algorithms page: the printed solution, run on random graphs, gives
    every vertex's predecessors (in the order of the successor lists)."""
    import random

    name = "renverse_tableaux" if lang == "fr" else "reverse_arrays"
    namespace: dict = {}
    exec(_solution_code(lang, name), namespace)
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(0, 12)
        succ = [rng.sample(range(n), rng.randint(0, n)) for _ in range(n)]
        debut, pred = namespace[name](succ)
        assert len(debut) == n + 1 and len(pred) == sum(map(len, succ))
        for y in range(n):
            assert pred[debut[y]:debut[y + 1]] == [x for x in range(n) for z in succ[x]
                                                   if z == y]
    fr, en = _solution_code("fr", "renverse_tableaux"), _solution_code("en", "reverse_arrays")
    strip = lambda code: [ln for ln in code.splitlines() if not ln.lstrip().startswith("#")]  # noqa: E731
    # one code, commented and named in each language
    assert [glossary.english(line) for line in strip(fr)] == strip(en) and fr != en


def _free_names(code: str) -> set[str]:
    """The global names ``code`` reads but neither defines, imports nor gets from Python's
    builtins: what it needs from elsewhere to run."""
    import ast
    import builtins

    tree = ast.parse(code)
    loaded, defined = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else defined).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    return loaded - defined - set(dir(builtins))


@pytest.mark.parametrize("lang", LANGS)
def test_each_listing_runs_with_what_the_page_showed_before_it(lang):
    """A listing uses only what it imports or defines, or what an earlier listing of the
    same file defined (the page shows them in this order): `calcule_rangs` used `deque`
    without importing it."""
    shown = ""
    for name, code in listing_sections(lang).items():
        missing = _free_names(shown + "\n" + code)
        assert missing == set(), (name, missing)
        exec(compile(code, name, "exec"), {})      # alone, as printed: it defines its names
        shown += "\n" + code
