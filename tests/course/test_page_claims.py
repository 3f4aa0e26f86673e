"""The chapters' computable claims, as the fragments that write them check them: the
rank is the number of moves under the best defence, the symmetric L wins square chomp,
and the slips listed on the notes on the sources are what the page says they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena import Arena, solve
from arena.games import chomp, nim
from coursebuild.course import facts
from coursebuild.course.pages import chomp as chomp_page
from coursebuild.course.pages import sources

ROOT = Path(__file__).resolve().parents[2]


def test_best_defence_is_the_rank_on_nim_and_chomp():
    for g in (nim(10, [1, 2]), nim(15, [2, 3, 5]), chomp(3, 4)):
        sol = solve(g)
        for p in (0, 1):
            moves = facts.best_defence_moves(g, p)
            assert moves == {v: (sol.rank[v] if sol.winner[v] == p else None)
                             for v in g.vertices}
    assert facts.best_defence_moves(nim(10, [1, 2]), 0)[(10, 0)] == 7


def test_best_defence_takes_the_longest_reply():
    # J_1 at x may lose at once (w) or later (y z v): the best defence is the long way,
    # so J_0 needs 3 moves, the rank of x, not 1
    g = Arena(S0=["v", "y", "w"], S1=["x", "z"],
              edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]}, V0=["v", "w"])
    assert facts.best_defence_moves(g, 0)["x"] == 3 == solve(g).rank["x"]
    assert facts.best_defence_moves(g, 1)["x"] is None


def test_square_chomp_table_and_its_check_can_fail(monkeypatch):
    text = chomp_page.chomp_squares()
    assert "| $4 \\times 4$ | $J_0$ | 7 | (4, 1, 1, 1) | 1 |" in text["fr"]
    assert "| $1 \\times 1$ | $J_1$ | 0 |  | 0 |" in text["en"]
    # a wrong L (one arm shorter) must stop the page, with a message naming the bar
    monkeypatch.setattr(chomp_page, "_l_shape", lambda arm: (arm + 1,) + (1,) * max(arm - 1, 0))
    with pytest.raises(facts.ClaimError, match=r"2 × 2 bar"):
        chomp_page.chomp_squares()


def test_the_sources_slips_are_computed():
    code = sources.source_nim_code()
    assert "`SyntaxError: " in code["fr"] and "(line 3)`" in code["fr"]
    assert "KeyError: (0, 1)" in code["en"]
    assert "$(0, 0)$, $(0, 1)$" in code["en"]          # the keys the dictionary lacks
    numbering = sources.source_numbering()["en"]
    assert "The rank of $x$ is 3" in numbering and "gives $x$ the number 1" in numbering
    assert "without successor is $(0, 0)$" in sources.source_nim_v1()["en"]
    bouton = sources.source_bouton()["en"]
    assert "| 1, 2, 3 | 0 | $J_1$ |" in bouton and "| 1, 2 | 3 | $J_0$ |" in bouton


def test_the_sources_page_is_in_both_navs():
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        assert "sources.md" in (ROOT / name).read_text(encoding="utf-8")
    for lang in ("fr", "en"):
        page = (ROOT / "docs" / lang / "sources.md").read_text(encoding="utf-8")
        for snippet in ("source-nim-v1", "nim-degrees", "source-nim-code",
                        "source-numbering", "source-bouton"):
            assert f'--8<-- "{lang}/{snippet}.md"' in page


def test_the_course_checks_its_claims_without_assert():
    """``python -O`` removes ``assert``: the course package states its checks with
    ``claim`` (ClaimError), which runs whatever the optimisation level."""
    import ast

    for path in sorted((ROOT / "src" / "coursebuild").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        asserts = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)]
        assert asserts == [], f"{path.name}: assert on lines {asserts}"


def test_a_false_claim_stops_the_build_under_python_O():
    import subprocess
    import sys

    code = ("from coursebuild.course.pages import chomp\n"
            "chomp._l_shape = lambda arm: (arm + 1,) + (1,) * max(arm - 1, 0)\n"
            "chomp.chomp_squares()\n")
    done = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True)
    assert done.returncode == 1 and "ClaimError" in done.stderr and "2 × 2 bar" in done.stderr
