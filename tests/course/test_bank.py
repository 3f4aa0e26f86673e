"""The bank of exam problems (issue 39 §2): every problem over 200 seeds, its answers
checked by the problem's independent route and its difficulty within bounds, distinct
variants, the same bytes from the same seed (in another process too, with another hash
seed), both languages complete and each in its own language, the Markdown conventions
of the interface (docs/../brief BANK.md) kept, every figure marker resolved."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from coursebuild.course import bank
from coursebuild.course.drawing import Drawing

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(200)
IDS = list(bank.problems())


@cache
def variants(pid: str) -> tuple[bank.Variant, ...]:
    return tuple(bank.variant(pid, seed) for seed in SEEDS)


def digest(v: bank.Variant) -> str:
    """The bytes of a variant: its texts, params, answers and figures' DOT and captions."""
    data = {"problem": v.problem, "seed": v.seed, "params": v.params,
            "statement": v.statement, "solution": v.solution, "marking": v.marking,
            "answers": v.answers,
            "figures": {k: [getattr(d.dot, "source", d.dot), d.caption, d.desc]
                        for k, d in sorted(v.figures.items())}}
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False)
                          .encode()).hexdigest()


# --- the registry ------------------------------------------------------------------

def test_the_registry_covers_the_course():
    problems = bank.problems()
    assert len(problems) >= 24
    assert {p.chapter for p in problems.values()} == set(bank.CHAPTERS)
    for pid, p in problems.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", pid) and p.id == pid
        assert p.title["fr"] and p.title["en"] and p.title["fr"] != p.title["en"]
        assert p.uses and p.uses <= set(bank.USES)
        assert 10 <= p.minutes <= 90 and 5 <= p.points <= 30
    order = [bank.CHAPTERS.index(p.chapter) for p in problems.values()]
    assert order == sorted(order)
    for use in bank.USES:               # each kind of session has problems to choose from
        assert sum(use in p.uses for p in problems.values()) >= 8


def test_every_problem_id_is_english():
    """The id is printed in both books ('id ourson-distance-rank; fits: ...' in the English
    one): ids are English words, the French edition's too; the pursuit problem keeps its
    first id only as the string its variants are seeded with, so its variants stay."""
    from coursebuild.course.bank import pursuit
    french = {"ourson", "chiot", "chiots", "jeton", "jetons", "tablette", "rang", "rangs",
              "attracteur", "partie", "parties", "coup", "coups", "tas", "quilles", "nul"}
    assert [pid for pid in IDS if set(pid.split("-")) & french] == []
    assert "bear-cub-distance-rank" in IDS
    assert pursuit.DISTANCE_SEEDS == "ourson-distance-rank"


def test_the_default_exam_fits_two_hours():
    problems = bank.problems()
    assert len(bank.DEFAULT_PROBLEMS) == 3 and set(bank.DEFAULT_PROBLEMS) <= set(problems)
    chosen = [problems[p] for p in bank.DEFAULT_PROBLEMS]
    assert all("exam" in p.uses for p in chosen)
    assert 90 <= sum(p.minutes for p in chosen) <= 120
    assert len({p.chapter for p in chosen}) == 3
    assert isinstance(bank.SAMPLE_SEED, int)


def test_an_unknown_problem_is_named():
    with pytest.raises(KeyError, match="no-such-problem"):
        bank.variant("no-such-problem", 0)


# --- every problem over 200 seeds -----------------------------------------------------

@pytest.mark.parametrize("pid", IDS)
def test_answers_check_out_and_variants_differ(pid):
    problem = bank.problems()[pid]
    seen = {}
    for seed, v in zip(SEEDS, variants(pid)):
        assert (v.problem, v.seed) == (pid, seed)
        problem.check(v)        # independent verification and difficulty bounds
        key = json.dumps(v.params, sort_keys=True)
        assert key not in seen, f"seeds {seen.get(key)} and {seed} give the same variant"
        seen[key] = seed
        json.dumps(v.answers, sort_keys=True)           # JSON-able


@pytest.mark.parametrize("pid", IDS)
def test_a_wrong_answer_is_caught(pid):
    """The check reads the answers: one changed answer fails it."""
    problem = bank.problems()[pid]
    v = variants(pid)[0]
    caught = 0
    for key in v.answers:
        wrong = dict(v.answers)
        wrong[key] = _spoil(v.answers[key])
        try:
            problem.check(bank.Variant(**{**v.__dict__, "answers": wrong}))
        except (AssertionError, KeyError, TypeError, ValueError, IndexError):
            caught += 1
    assert caught == len(v.answers), "every answer is checked"


def _spoil(value):
    """Another value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[1:] if value else [0]
    if isinstance(value, dict):
        if not value:
            return {"x": 0}
        first = next(iter(value))
        return {**value, first: _spoil(value[first])}
    return None


@pytest.mark.parametrize("pid", IDS)
def test_the_same_seed_gives_the_same_bytes(pid):
    for seed in (0, 1, 57, 199):
        assert digest(bank.variant(pid, seed)) == digest(variants(pid)[seed])


def test_the_same_bytes_in_another_process():
    script = ("import json, sys; sys.path.insert(0, 'tests/course');"
              "from test_bank import digest; from coursebuild.course import bank;"
              "print(json.dumps({p: [digest(bank.variant(p, s)) for s in (0, 3)]"
              " for p in bank.problems()}))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out) == {p: [digest(variants(p)[s]) for s in (0, 3)] for p in IDS}


# --- both languages, the Markdown conventions, the figures ---------------------------

FIGURE = re.compile(r"<!-- figure: ([A-Za-z0-9_-]+) -->")
NOT_PROSE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$|<!--.*?-->", re.S)
FRENCH_WORDS = re.compile(r"\b(le|la|les|des|est|une|et|pour|dans|qui|avec|sont|sur|il)\b")
ENGLISH_WORDS = re.compile(r"\b(the|and|of|is|which|with|are|from|its|it|at)\b")


def texts(v: bank.Variant, lang: str) -> list[str]:
    return [v.statement[lang], v.solution[lang], v.marking[lang]]


def prose(text: str) -> str:
    return NOT_PROSE.sub(" ", text)


@pytest.mark.parametrize("pid", IDS)
def test_both_languages_complete_and_each_in_its_own(pid):
    for v in variants(pid)[:40]:
        for lang in ("fr", "en"):
            for text in texts(v, lang):
                assert text.strip(), f"{pid} seed {v.seed}: an empty {lang} text"
        for fr, en in zip(texts(v, "fr"), texts(v, "en")):
            assert fr != en
            assert not ENGLISH_WORDS.findall(prose(fr)), (pid, v.seed,
                                                          ENGLISH_WORDS.findall(prose(fr)))
            assert not FRENCH_WORDS.findall(prose(en)), (pid, v.seed,
                                                         FRENCH_WORDS.findall(prose(en)))
            # French typography: no plain space before : ; ! ? in the prose
            assert not re.search(r"\w\x20[;!?:](?=\s|$)", prose(fr)), pid
            assert "\u202f" not in en and "\u00a0:" not in en
            # the same questions, the same figures, the same tables in both
            assert re.findall(r"^\d+\. ", fr, re.M) == re.findall(r"^\d+\. ", en, re.M)
            assert FIGURE.findall(fr) == FIGURE.findall(en)
            assert fr.count("\n|") == en.count("\n|")


@pytest.mark.parametrize("pid", IDS)
def test_markdown_conventions_and_balanced_markers(pid):
    problem = bank.problems()[pid]
    for v in variants(pid)[:40]:
        for lang in ("fr", "en"):
            statement = v.statement[lang]
            questions = re.findall(r"^(\d+)\. ", statement, re.M)
            assert questions == [str(k) for k in range(1, len(questions) + 1)]
            assert len(questions) >= 3, "several questions that build on each other"
            for text in texts(v, lang):
                bare = re.sub(r"```.*?```", "", text, flags=re.S)
                assert bare.count("`") % 2 == 0, (pid, lang)
                no_code = re.sub(r"`[^`\n]*`", "", bare)
                assert no_code.replace("$$", "").count("$") % 2 == 0, (pid, lang)
                assert no_code.count("$$") % 2 == 0
                assert no_code.count("**") % 2 == 0
                assert "!!!" not in no_code and "](" not in no_code
                assert not re.search(r"<(?!!--)[a-zA-Z/]", no_code), "no HTML"
                for line in text.splitlines():
                    if "<!--" in line:
                        assert FIGURE.fullmatch(line.strip()), line
                for m in re.finditer(r"^\|.*\|$", no_code, re.M):
                    row = m.group()
                    assert "||" not in row.replace("\\|", "")
            marking = v.marking[lang]
            total = re.search(r"^\| Total \| (\d+) \|", marking, re.M)
            assert total and int(total.group(1)) == problem.points
            rows = re.findall(r"^\| (\d+) \| (\d+) \|", marking, re.M)
            assert [int(k) for k, _ in rows] == [int(q) for q in questions]
            assert sum(int(p) for _, p in rows) == problem.points


@pytest.mark.parametrize("pid", IDS)
def test_every_figure_marker_resolves(pid):
    for v in variants(pid)[:40]:
        used = set()
        for lang in ("fr", "en"):
            for text in (v.statement[lang], v.solution[lang]):
                used |= set(FIGURE.findall(text))
        assert used == set(v.figures), (pid, v.seed, used, set(v.figures))
        for drawing in v.figures.values():
            assert isinstance(drawing, Drawing)
            assert drawing.caption["fr"] and drawing.caption["en"] and drawing.desc
            assert drawing.caption["fr"] != drawing.caption["en"]
            source = getattr(drawing.dot, "source", drawing.dot)
            assert isinstance(source, str) and source.startswith(("digraph", "graph"))
        # a statement's figure gives no answer away: its text alternative names no winner
        for name in set().union(*(FIGURE.findall(v.statement[lang]) for lang in ("fr", "en"))):
            assert "Won by" not in v.figures[name].desc, (pid, name)


# --- keys that answer every question, variants that differ (issue 44 §2, §3) -----------

def answer_blocks(v: bank.Variant, lang: str) -> dict[str, str]:
    """The key's answer to each question, by its number (the solution's ``**k.**``)."""
    parts = re.split(r"^\*\*(\d+)\.\*\*", v.solution[lang], flags=re.M)
    return {k: text for k, text in zip(parts[1::2], parts[2::2])}


@pytest.mark.parametrize("pid", IDS)
def test_every_item_a_question_asks_for_is_in_its_answer(pid):
    for v in variants(pid):
        questions = re.findall(r"^(\d+)\. ", v.statement["en"], re.M)
        assert set(v.asks) <= set(questions), (pid, v.seed, sorted(v.asks))
        for lang in ("fr", "en"):
            blocks = answer_blocks(v, lang)
            for k, items in v.asks.items():
                for item in items:
                    text = item if isinstance(item, str) else item[lang]
                    assert text in blocks[k], (pid, v.seed, lang, k, text)


def test_every_problem_checks_that_its_answers_hold_what_its_questions_ask_for():
    """Each of the bank's problems has at least one question whose items ("which
    positions", "for each ...") its key is checked to hold (issue 44 §2)."""
    without = [pid for pid in IDS if not any(v.asks for v in variants(pid))]
    assert without == []
    assert len(IDS) == 24


def test_the_counter_queue_key_names_the_terminal_positions_left_outside():
    """Q3 asks for every position outside the attractor: the victories of J_1 and the
    dead ends too, whose counter 0 does not mean "in the attractor"."""
    from coursebuild.course.bank._kit import arena_from_params

    terminal_outside = 0
    for v in variants("counter-queue-trace"):
        g = arena_from_params(v.params["arena"])
        outside = sorted(x for x in g.vertices if x not in v.answers["ranks"])
        assert sorted(v.answers["final_counters"]) == outside
        for x in outside:
            if not g.successors(x) or g.victory(x) is not None:
                terminal_outside += 1
                assert v.answers["final_counters"][x] == 0
                for lang in ("fr", "en"):
                    assert f"$d({x}) = 0$" in answer_blocks(v, lang)["3"], (v.seed, x)
    assert terminal_outside >= 200          # every variant has at least one


def test_the_both_players_draw_claim_leaves_out_the_dead_ends():
    """Q6 has the student prove that a drawn position of J_i has a successor outside the
    other's attractor: false at a dead end, a draw too, which a third of the games hold."""
    from coursebuild.course.bank._kit import arena_from_params

    with_dead_end = 0
    for v in variants("strategy-both-players"):
        g = arena_from_params(v.params["arena"])
        if any(not g.successors(x) and g.victory(x) is None for x in g.vertices):
            with_dead_end += 1
        for lang, words in (("fr", "nulle $x$ de $J_i$ qui a un successeur"),
                            ("en", "drawn position $x$ of $J_i$ that has a successor")):
            assert words in v.solution[lang], (v.seed, lang)
        assert "de $J_i$ qui a un successeur en a au moins un" in v.statement["fr"]
        assert "of $J_i$ that has a successor has at least one" in v.statement["en"]
    assert with_dead_end >= 20


def test_bachet_asks_for_the_losing_pairs_the_key_lists_the_reachable_ones():
    """Q3's key lists the losing pairs (s, d) of the graph, reachable from the start: the
    question says so, since some unreachable pairs, (6, 3) for N = 13 and R = {1, 3, 6},
    are losing too."""
    with_more = 0
    for v in variants("bachet-no-repeat"):
        N, R = v.params["N"], v.params["R"]
        losing: set[tuple[int, int]] = set()
        for s in range(N - 1, -1, -1):
            for d in [0, *R]:
                after = [(s + k, k) for k in R if k != d and s + k <= N]
                if all(t < N and (t, k) not in losing for t, k in after):
                    losing.add((s, d))
        key = {(s, d) for s, d in v.answers["losing"]}
        assert key <= losing, v.seed
        if {(s, d) for s, d in losing if d <= s} != key:
            with_more += 1
        assert "reachable from the start, with $s < N$" in v.statement["en"], v.seed
        assert "atteignables depuis le départ, avec $s < N$" in v.statement["fr"], v.seed
    assert with_more >= 20


def test_a_board_with_one_wall_says_the_cell_is_a_wall():
    """The token game's board may have a single wall: 'The cells (3, 4) are walls' read
    wrong in both languages."""
    single = 0
    for v in variants("model-token-grid"):
        for lang, many in (("en", "The cells $("), ("fr", "Les cases $(")):
            head = v.statement[lang].split(" où le jeton")[0].split(", where the token")[0]
            cells = re.findall(r"\$\(\d+, \d+\)\$", head.split("corner. ")[-1]
                               .split("gauche. ")[-1])
            if len(cells) == 1:
                single += lang == "en"
                assert many not in head, (v.seed, lang)
            else:
                assert many in head, (v.seed, lang)
        assert ("The cell $(" in v.statement["en"]) == ("La case $(" in v.statement["fr"])
    assert single >= 10


def test_a_single_stuck_cell_or_victory_key_is_named_in_the_singular():
    """The token game's key read 'Les cases bloquées : (3, 5) ... pour ces cases' and the
    arena's 'V0 a pour clés 'i'' for a single cell or key (a fresh reading, issue 61)."""
    single = 0
    for v in variants("model-token-grid"):
        fr, en = v.solution["fr"], v.solution["en"]
        one = "La seule case bloquée" in fr
        assert one == ("The only stuck cell: " in en), v.seed
        assert one != ("Les cases bloquées" in fr), v.seed
        assert ("pour ces cases" in fr) != one and ("for these cells" in en) != one, v.seed
        single += one
    assert single >= 10
    keys = 0
    for v in variants("model-arena-representation"):
        for lang, word in (("fr", r"`V0` a pour clés?\s"),
                           ("en", r"`V0` has as (?:keys|its key) ")):
            m = re.search(word + r"((?:`'\w+'`(?:, )?)+)", v.solution[lang])
            assert m, (v.seed, lang)
            n = m[1].count("`") // 2
            keys += n == 1 and lang == "fr"
            plural = m[0].rstrip().endswith(("clés", "keys"))
            assert plural == (n > 1), (v.seed, lang, m[0])
    assert keys >= 10


def test_the_bouton_problem_counts_sticks_with_one_word():
    """Its statement and key say 'bâtonnets', its listing's comment said 'ramener le tas
    i à t allumettes' (a fresh reading, issue 61)."""
    for v in variants("bouton-nim"):
        assert "bâtonnets" in v.statement["fr"], v.seed
        assert "allumette" not in v.statement["fr"] + v.solution["fr"], v.seed


def test_the_misere_key_does_not_say_the_last_stick_was_taken_when_one_is_left():
    """With the rule {2, 4}, a player is stuck with one stick left: the listing's comment
    'bloqué : l'autre a pris le dernier bâtonnet' was wrong there (a fresh reading,
    issue 61)."""
    above_one = 0
    for v in variants("misere-subtraction"):
        if min(v.params["rule"]) > 1:
            above_one += 1
            assert "pris le dernier bâtonnet" not in v.solution["fr"], v.seed
            assert "took the last stick" not in v.solution["en"], v.seed
    assert above_one >= 10


def test_no_statement_puts_a_parenthesis_after_the_figure_it_announces():
    """'On considère le jeu ci-dessous (cercles : J0, carrés : J1)' printed 'le jeu de la
    figure 3.3 (p. 54) (cercles : ...)' in the book, where the figure is cited with its
    page (a fresh reading, issue 61)."""
    for pid in IDS:
        v = bank.variant(pid, SEEDS[0])
        assert not re.search(r"ci-dessous\s*\(", v.statement["fr"]), pid
        assert not re.search(r"below\s*\(", v.statement["en"]), pid


def test_the_grundy_game_asks_for_the_longest_play_not_a_bound():
    for v in variants("grundy-game-split"):
        heaps = v.params["heaps"]
        if heaps == [6, 8, 8]:
            assert v.answers["longest"] == 16
        assert v.answers["longest"] < sum(heaps) - len(heaps)
        for lang in ("fr", "en"):
            assert f"**{v.answers['longest']} " in answer_blocks(v, lang)["1"]


def test_the_numbering_key_says_which_positions_have_a_number_below_their_rank():
    """Q2's key read 'but number below the rank: k (2 < 4)', which does not parse: it
    now names the positions as the subject of a sentence, in both languages."""
    for v in variants("strategy-numbering-loops"):
        for lang, verbs in (("en", (" have a number below their rank",
                                    " has a number below its rank")),
                            ("fr", (" ont un numéro inférieur à leur rang",
                                    " a un numéro inférieur à son rang"))):
            block = answer_blocks(v, lang)["2"]
            assert "but number" not in block and "mais numéro" not in block, v.seed
            if v.answers["below"]:
                assert any(verb in block for verb in verbs), (v.seed, lang)
            for x in v.answers["below"] + v.answers["above"]:
                assert f"${x}$ (" in block, (v.seed, lang, x)


@pytest.mark.parametrize("pid", IDS)
def test_the_bank_calls_a_player_they_never_it(pid):
    """A player is 'they', never 'it' (issue 36), in the bank too: the keys read 'it moves
    the other token ... so it always has a move' (tokens), 'it plays the symmetric move',
    'it knocks down' (Kayles), 'In normal play, it was J_1' (misère); and the pursuit
    problem's 'when the cub delays their defeat', next to the puppies, read as the
    puppies' defeat: it says 'when the cub holds out', as the chapter names no pronoun
    (and French turns of the same statements: 'tries to last', 'a number of the rule')."""
    slips = ("it moves the other token", "so it always has a move", "it plays the symmetric",
             "does it play on", "it knocks down", "In normal play, it was",
             "the cub delays", "the rank that it", "defends itself")
    for v in variants(pid)[:20]:
        english = v.statement["en"] + v.solution["en"]
        assert [x for x in slips if x in english] == [], (pid, v.seed)
    v = variants(pid)[0]
    if pid == "bear-cub-distance-rank":
        assert "the play from $a$ when the cub holds out as long as possible" in (
            v.statement["en"])
        assert "l'ourson retarde sa défaite" in v.statement["fr"]
        # nor the French 'cherche à durer' and word order ('proposait, pour guider ...')
        assert "tries to hold out" in v.statement["en"] and "tries to last" not in (
            v.statement["en"])
        assert "To guide the puppies, the article studied in the course proposed a" in (
            v.statement["en"])
    if pid == "grundy-token-graph":
        assert "the opponent moves the other token" in answer_blocks(v, "en")["5"]
    if pid == "kayles":
        assert "so they always have a move" in answer_blocks(v, "en")["6"]
    if pid == "grundy-sum-subtraction":      # not the French 'un nombre de la règle'
        assert "a number of the rule" not in v.statement["en"]
        assert "from which a move takes a number of sticks in the rule $R_1" in (
            v.statement["en"])


def test_the_tokens_key_never_says_a_number_equals_itself():
    """Q4's key read 'to reach (d, d), where g(d) = g(d)' when both tokens end on one
    vertex; it now says so, and names the token moved by its vertex, not 'the first'."""
    same = 0
    for v in variants("grundy-token-graph"):
        x, y = v.params["tokens"]
        for lang in ("fr", "en"):
            block = answer_blocks(v, lang)["4"]
            assert not re.search(r"g\((\w)\) = g\(\1\)", block), (v.seed, lang)
            assert re.search(rf"(token on|jeton de) \$[{x}{y}]\$", block), (v.seed, lang)
            if re.search(r"\((\w), \1\)", block):
                same += lang == "en"
                assert ("both tokens on the same vertex" in block
                        or "les deux jetons sur le même sommet" in block), (v.seed, lang)
    assert same >= 10


def test_the_both_players_counterexample_reads_as_english():
    """Q6's key read 'False: b is a draw, of J_0, and ...' and 'in a same step', French
    turns ('est nulle, à J_0', 'une même étape'): it says 'b, a drawn position of J_0,
    has its successor e in A^1' and 'in one step'."""
    found = 0
    for v in variants("strategy-both-players"):
        block = {lang: answer_blocks(v, lang)["6"] for lang in ("fr", "en")}
        assert "is a draw, of" not in block["en"] and "in a same step" not in block["en"]
        assert "est nulle, à" not in block["fr"], v.seed
        if block["en"].startswith(" False"):
            found += 1
            assert re.match(r" False: \$\w\$, a drawn position of \$J_[01]\$, has its "
                            r"successor \$\w\$ in", block["en"]), v.seed
            assert re.match(r" Faux\s: \$\w\$, position nulle de \$J_[01]\$, a son "
                            r"successeur \$\w\$ dans", block["fr"]), v.seed
    assert found >= 20


@pytest.mark.parametrize("pid, question, many, one", [
    ("bouton-nim", "2", {"en": "The winning moves are: ", "fr": "Les coups gagnants sont : "},
     {"en": "The only winning move is to ", "fr": "Le seul coup gagnant est de "}),
    ("bouton-nim", "5", {"en": "the winning moves lead to ",
                         "fr": "les coups gagnants mènent à "},
     {"en": "the only winning move leads to ", "fr": "le seul coup gagnant mène à "}),
    ("grundy-sum-subtraction", "4",
     {"en": "The moves that lead to a position of number 0: ",
      "fr": "Les coups qui mènent à une position de nombre 0 : "},
     {"en": "The only move that leads to a position of number 0: ",
      "fr": "Le seul coup qui mène à une position de nombre 0 : "})])
def test_a_single_winning_move_is_not_called_the_winning_moves(pid, question, many, one):
    """Keys read 'The winning moves are: bring heap 3 down from 9 to 3 sticks.', a plural
    for the single move most variants have; the key says 'the only winning move' then."""
    singles = 0
    for v in variants(pid):
        for lang in ("fr", "en"):
            block = answer_blocks(v, lang)[question].replace("\xa0", " ")
            head = many[lang] if many[lang] in block else one[lang]
            assert head in block, (v.seed, lang)
            listed = block.split(head, 1)[1].split(". ")[0].rstrip(".")
            count = len(re.findall(r"\$\(", listed)) if pid != "bouton-nim" or question == "5" \
                else listed.count(";") + 1
            assert (head == one[lang]) == (count == 1), (v.seed, lang, listed)
            singles += lang == "en" and count == 1
    assert singles >= 20


@pytest.mark.parametrize("pid", IDS)
def test_no_player_moves_in_front_of_a_position(pid):
    """'The player to move in front of k sticks', 'in front of λ' (French 'devant') and
    'the rank is computed like the positions' read as translations: the English says
    'when k sticks are left', 'from λ', 'step by step, as in question 2'."""
    for v in variants(pid)[:20]:
        english = v.statement["en"] + v.solution["en"] + json.dumps(v.marking)
        assert "in front of" not in english, (pid, v.seed)
        assert "like the positions" not in english and "comme les positions" not in (
            v.solution["fr"]), (pid, v.seed)
    if pid == "nim-subtraction-period":
        v = variants(pid)[0]
        assert "lose when $k$ sticks are left?" in v.statement["en"]
        assert "step by step, as in question 2" in answer_blocks(v, "en")["3"]
        assert "de proche en proche, comme à la question 2" in answer_blocks(v, "fr")["3"]
        # and not the French word order 'From (k, i) ... leave as many edges' (partent)
        assert "leave as many edges" not in answer_blocks(v, "en")["1"]
        assert "has as many edges leaving it as there are elements" in (
            answer_blocks(v, "en")["1"])


def test_the_counter_queue_key_says_what_a_stack_gives_a_position():
    """Q4's key said a position of J_0 'gets the rank of the first marked successor
    processed': it gets that rank plus 1; Q3's '(so at d and f, ...)' read as the French
    'ainsi en'; the marking scheme's 'why y has rank r - 1' named an r nowhere defined."""
    for v in variants("counter-queue-trace")[:40]:
        en, fr = answer_blocks(v, "en"), answer_blocks(v, "fr")
        assert "(that successor's rank plus 1), one of $J_1$ from the last" in en["4"]
        assert "(le rang de ce successeur plus 1), une de $J_1$ du dernier" in fr["4"]
        assert "gets the rank of the first" not in en["4"], v.seed
        assert "(as at $" in en["3"] and "(so at" not in en["3"], v.seed
        for lang, rank in (("en", "rank"), ("fr", "rg")):
            assert "$r - 1$" not in v.marking[lang], (v.seed, lang)
            assert "`y`" in v.marking[lang] and f"\\mathrm{{{rank}}}(x) - 1$" in (
                v.marking[lang]), (v.seed, lang)


@pytest.mark.parametrize("pid", IDS)
def test_neighbours_cannot_copy_and_a_class_draws_different_numbers(pid):
    """Over 200 seeds in classes of 30: no two consecutive students with the same
    answer set, and no numeric answer shared by more than a third of a class."""
    s = bank.spread(pid, made=variants(pid))
    print(f"{pid}: {s.distinct} answer sets over {s.seeds} seeds, {s.repeats} repeats, "
          f"largest share in a class {s.share}")
    assert s.seeds == 200 and s.repeats == 0, s
    assert s.share is None or s.share <= 1 / 3, s
    assert s.distinct >= 150, s


@pytest.mark.parametrize("pid", IDS)
def test_a_class_given_its_sheets_by_make_sheets_draws_different_answers(pid):
    """The same measure on the seeds `make sheets` gives a class of 30 (the guide's
    SEED=2026, sheets.assign): no two consecutive students with the same answer set, no
    numeric answer shared by more than a third of the class."""
    from coursebuild.products.sheets import assign

    made = [mine[0] for mine in assign([pid], bank.CLASS, 2026)]
    s = bank.spread(pid, made=made)
    assert s.seeds == bank.CLASS and s.repeats == 0, s
    assert s.share is None or s.share <= 1 / 3, s


@pytest.mark.parametrize("pid, key", [("attractor-ranks-draws", "start_rank"),
                                      ("attractor-ranks-draws", "draws"),
                                      ("counter-queue-trace", "play")])
def test_the_headline_numbers_vary_in_a_class(pid, key):
    """The numbers the issue found the same for everyone: rank(a) and the number of
    draws of "Attracteurs, rangs et matchs nuls", the length of the counter-queue play."""
    from collections import Counter

    def value(v):
        x = v.answers[key]
        return len(x) - 1 if isinstance(x, list) else x

    for start in range(0, 200 - 29, 30):
        counts = Counter(value(v) for v in variants(pid)[start:start + 30])
        assert len(counts) >= 2 and counts.most_common(1)[0][1] <= 20, (pid, key, counts)


def test_the_teachers_book_prints_each_problems_measured_spread(monkeypatch, tmp_path):
    """The bank's table in the teachers' book: a column of the spread measured over 200
    seeds (distinct answer sets; largest share of one numeric answer in a class of 30),
    in both languages."""
    from coursebuild.products import bank_pages

    monkeypatch.setattr(bank_pages, "SPREADS", tmp_path / "spread.json")
    made = {pid: variants(pid) for pid in IDS}          # the module's, made once
    monkeypatch.setattr(bank, "variant", lambda pid, seed: made[pid][seed])
    for lang, sep, pct in (("fr", "\u202f; ", "\u202f%"), ("en", "; ", "%")):
        book_table = bank_pages.table(lang, links=False)
        head = book_table.splitlines()[0]
        assert head.endswith("| Variété |" if lang == "fr" else "| Spread |")
        assert ("jeux de réponses distincts sur 200 graines" if lang == "fr"
                else "distinct answer sets over 200 seeds") in bank_pages.WORDS[lang][
                    "spread"].format(n=bank_pages.SPREAD_SEEDS, c=bank.CLASS)
        rows = book_table.splitlines()[2:]
        assert len(rows) == len(IDS)
        for pid in IDS:
            s = bank.spread(pid, made=variants(pid))
            share = "—" if s.share is None else f"{round(100 * s.share)}{pct}"
            title = bank.problems()[pid].title[lang]
            row = next(r for r in rows if f" {title} (" in r)
            assert row.endswith(f"| {s.distinct}{sep}{share} |"), (pid, row)
    assert (tmp_path / "spread.json").exists()          # measured once, kept


def _made_variants(monkeypatch) -> None:
    """The bank's variants as this module made them once (a forked process inherits them):
    measuring a spread reads them instead of making them again."""
    made = {pid: variants(pid) for pid in IDS}
    monkeypatch.setattr(bank, "variant", lambda pid, seed: made[pid][seed])


def test_the_spreads_are_the_same_bytes_on_one_process_or_two(monkeypatch, tmp_path):
    """The spreads measured on one process and on two: the same file, byte for byte, and
    the same as one problem after the other in this process (as the book measured them
    before), so that the table the teachers' book prints is the same, in both languages."""
    from dataclasses import asdict

    from coursebuild.products import bank_pages

    _made_variants(monkeypatch)
    files = {}
    for jobs in (1, 2):
        monkeypatch.setattr(bank_pages, "SPREADS", tmp_path / f"spread-{jobs}.json")
        measured = bank_pages.spreads(jobs)
        files[jobs] = bank_pages.SPREADS.read_bytes()
        assert sorted(measured) == sorted(IDS)
        assert {s["seeds"] for s in measured.values()} == {200}
    assert files[1] == files[2]
    serial = {pid: asdict(bank.spread(pid, 200)) for pid in IDS}
    assert json.loads(files[2])["spreads"] == serial
    tables = {lang: bank_pages.table(lang, links=False) for lang in ("fr", "en")}
    monkeypatch.setattr(bank_pages, "spreads", lambda: serial)        # as measured before
    assert tables == {lang: bank_pages.table(lang, links=False) for lang in ("fr", "en")}


def test_two_books_typeset_together_measure_the_spreads_once(monkeypatch, tmp_path, capfd):
    """Both teachers' books ask for the spreads at once (two threads, as book.build
    typesets them): one measures them, each problem once (the measuring processes mark
    a file), the other waits for it and reads its file."""
    import threading
    import time

    from coursebuild.products import bank_pages

    _made_variants(monkeypatch)
    monkeypatch.setattr(bank_pages, "SPREADS", tmp_path / "spread.json")
    marks = tmp_path / "measured.txt"
    real = bank.spread

    def marked(pid, seeds=200, made=None):
        with open(marks, "a", encoding="utf-8") as out:
            out.write(pid + "\n")
        time.sleep(0.05)                # a measure long enough for the two to overlap
        return real(pid, seeds, made)

    monkeypatch.setattr(bank, "spread", marked)
    start = threading.Barrier(2)
    results = [None, None]

    def book(k):
        start.wait()
        results[k] = bank_pages.spreads()

    threads = [threading.Thread(target=book, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(marks.read_text(encoding="utf-8").split()) == sorted(IDS)
    assert results[0] == results[1] and sorted(results[0]) == sorted(IDS)
    err = capfd.readouterr().err
    assert err.count("bank: measuring each problem's spread") == 1
    assert err.count("bank: waiting for the spreads being measured") == 1   # the other


def test_a_site_build_measures_the_spreads_in_a_process_of_its_own_unless_kept(
        monkeypatch, tmp_path):
    """`coursebuild site` starts measuring the teachers' books' spreads behind its other
    steps (issue 65: each book waited for them): a process when they are not kept, none
    when they are."""
    from coursebuild.products import bank_pages

    _made_variants(monkeypatch)
    monkeypatch.setattr(bank_pages, "SPREADS", tmp_path / "spread.json")
    proc = bank_pages.start_measuring()
    assert proc is not None and proc.args[0] == sys.executable
    bank_pages.finish_measuring(proc)       # (it measures build/bank-spread.json's)
    assert proc.returncode == 0
    bank_pages.spreads(1)
    assert bank_pages.start_measuring() is None


def _names_read(source: str, filename: str) -> set[str]:
    """The global names a module's code reads, at any depth (its functions' and classes'
    free names included), from its symbol tables."""
    import symtable

    found: set[str] = set()

    def walk(table: symtable.SymbolTable) -> None:
        for s in table.get_symbols():
            if s.is_referenced() and (table.get_type() == "module" or s.is_global()):
                found.add(s.get_name())
        for child in table.get_children():
            walk(child)

    walk(symtable.symtable(source, filename, "exec"))
    return found


def test_every_name_a_problem_module_reads_is_defined():
    """The problem modules take the kit's names in one line (``from coursebuild.course.bank._kit
    import *``, which ruff's undefined-name rule cannot see through): every global name
    their code reads is the module's own, one the kit exports, or a builtin. Not vacuous:
    a name the kit keeps to itself is caught."""
    import builtins
    import importlib

    from coursebuild.course.bank import _kit

    for path in sorted((ROOT / "src" / "coursebuild" / "course" / "bank").glob("*.py")):
        if path.stem.startswith("_"):
            continue
        module = importlib.import_module(f"coursebuild.course.bank.{path.stem}")
        read = _names_read(path.read_text(encoding="utf-8"), str(path))
        missing = {n for n in read if not hasattr(module, n) and not hasattr(builtins, n)}
        assert missing == set(), (path.name, sorted(missing))
    assert {"Problem", "need", "compose", "problem"} <= set(_kit.__all__)
    leak = "def f(): return _indent_continuation('')\n"
    assert "_indent_continuation" in _names_read(leak, "leak.py")
    assert not hasattr(importlib.import_module("coursebuild.course.bank.plays"),
                       "_indent_continuation")


def test_a_position_out_of_both_attractors_is_a_drawn_position_never_a_draw():
    """Fresh reading (issue 61): the course calls a play that nobody wins a draw ('match
    nul', plays.md) and a position in neither attractor a drawn position ('position
    nulle', algorithms.md); the attractors problem's key said 'Les matchs nuls sont b, k,
    m et n' and, two sentences on, 'une position nulle', its figure 'en blanc les matchs
    nuls'. No text of the bank names positions draws, and the English one says 'drawn
    position' as the course does."""
    positions_as_draws = re.compile(
        r"(?i)les matchs nuls (?:sont|:)|en blanc les matchs nuls|donc un match nul"
        r"|positions sont des matchs nuls|attracteurs : c'est un match nul"
        r"|in white the draws|the draws are|the draws:|hence a draw\b|which positions are draws"
        r"|\bdraw\s+positions?\b")
    found = set()
    for pid in IDS:
        for v in variants(pid)[:20]:
            for lang in ("fr", "en"):
                texts = [v.statement[lang], v.solution[lang], v.marking[lang]] + [
                    d.caption[lang] for d in v.figures.values()]
                for text in texts:
                    found |= {(pid, lang, m[0]) for m in positions_as_draws.finditer(text)}
    assert found == set()
    key = variants("attractor-ranks-draws")[0].solution
    assert "Les positions nulles sont" in key["fr"] and "The drawn positions are" in key["en"]


def test_the_counter_problems_read_as_english():
    """Fresh reading (issue 61): the counter problem opened on "We take the course's
    counter algorithm again" (On reprend...), its key said "Order of exit" and "(so at e
    and k, ...)", and the naive fixpoint asked "to examine again its predecessors only"."""
    for v in variants("counter-queue-trace")[:5]:
        text = v.statement["en"] + v.solution["en"] + v.marking["en"]
        assert text.startswith("Recall the course's counter algorithm, here with a queue:")
        assert "Order in which the positions leave the queue: " in text
        assert "from there (as at " in text
        for wrong in ("take the course's", "again, with a queue", "of exit", "(so at "):
            assert wrong not in text, (v.seed, wrong)
        assert v.statement["fr"].startswith("On reprend l'algorithme des compteurs du cours")
    for v in variants("naive-fixpoint-cost")[:3]:
        assert "to examine only its predecessors again?" in v.statement["en"]
        assert "examine again" not in v.statement["en"]


def test_a_player_faces_sticks_and_shapes_in_english_not_in_front_of_them():
    """Fresh reading (issue 61): the Nim paper asked "does the player to move in front of
    $k$ sticks lose?" and chomp's "Who wins in front of λ?" (devant k bâtonnets, word for
    word); the English says "facing", "from", "with n sticks left"."""
    for pid in bank.problems():
        for k in range(2):
            v = bank.variant(pid, k)
            text = v.statement["en"] + v.solution["en"] + v.marking["en"]
            assert "in front of" not in text, (pid, k)
    nim = bank.variant("nim-subtraction-period", 0)
    assert "does the player to move lose when $k$ sticks are left?" in nim.statement["en"]
    assert "sticks left, " in nim.solution["en"]
    sources = Path(bank.__file__).parent.glob("*.py")
    assert not [p.name for p in sources if "in front of" in p.read_text(encoding="utf-8")]
