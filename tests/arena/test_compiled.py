"""The solver's compiled path (numba) against the numpy and pure-Python paths: the same
winners, ranks and moves, moves that verify_strategy proves, and the choice of path."""

from __future__ import annotations

import os
import subprocess
import sys
from unittest.mock import patch

import pytest
from conftest import arenas
from hypothesis import given, settings

import arena._kernel_numpy as NUMPY_KERNEL
import arena.solver as SOLVER
from arena import Arena, solve, verify_strategy
from arena.games import chain, chomp, connect4, marienbad, nim, ourson, tictactoe

pytest.importorskip("numba")


def _solve_with(kernel: str, g: Arena) -> tuple[list[int], list[int], list[int]]:
    with patch.object(SOLVER, "KERNEL", kernel):
        sol = solve(g)
    return sol._win, sol._rk, sol._moves


def _agree(g: Arena) -> None:
    """The three paths give the same numbers, and the compiled strategies prove out."""
    compiled = _solve_with("compiled", g)
    assert compiled == _solve_with("numpy", g)
    assert compiled == _solve_with("python", g)
    with patch.object(SOLVER, "KERNEL", "compiled"):
        sol = solve(g)
        for p in (0, 1):
            assert verify_strategy(g, p, solution=sol) == sol.attractor(p)


class TestSameResultsOnEveryPath:
    @settings(max_examples=200, deadline=None)
    @given(arenas())
    def test_random_arenas_of_the_suite(self, g):
        _agree(g)

    def test_a_large_random_arena_whose_levels_take_numpy_s_vectorised_path(self):
        from scripts_bench import random_arena

        g = random_arena(20_000, seed=5)
        assert max(map(len, solve(g).layers(0))) >= NUMPY_KERNEL._LARGE_LEVEL
        assert _solve_with("compiled", g) == _solve_with("numpy", g)

    @pytest.mark.parametrize("make", [
        lambda: nim(10, [1, 2]), lambda: nim(15, [2, 3, 5]), lambda: chomp(2, 3),
        lambda: chomp(4, 5), ourson, tictactoe, lambda: marienbad((1, 3, 5)),
        lambda: chain(50), lambda: connect4(3, 4, 3)],
        ids=["nim-10", "nim-15", "chomp-2x3", "chomp-4x5", "ourson", "tictactoe",
             "marienbad", "chain", "connect4-3x4"])
    def test_the_course_s_games(self, make):
        _agree(make())

    def test_the_course_s_facts_on_the_compiled_path(self):
        with patch.object(SOLVER, "KERNEL", "compiled"):
            sol = solve(nim(10, [1, 2]))
            assert (sol.winner[(10, 0)], sol.rank[(10, 0)], sol.move[(10, 0)]) == (0, 7, (9, 1))
            assert sol.summary() == {"won_by_0": 11, "won_by_1": 10, "draws": 0}
            assert solve(chain(1_000)).rank[0] == 1_000

    def test_results_are_plain_python_numbers(self):
        with patch.object(SOLVER, "KERNEL", "compiled"):
            sol = solve(nim(5))
        values = [sol.winner[(5, 0)], sol.rank[(5, 0)], *sol.summary().values()]
        assert all(type(v) is int for v in values)


class TestChoiceOfPath:
    def test_numba_installed_makes_the_compiled_path_the_default_for_large_arenas(
            self, monkeypatch):
        monkeypatch.delenv("ARENA_KERNEL", raising=False)
        with patch.object(SOLVER, "_compiled", None):       # numba not imported yet
            assert SOLVER._kernel(SOLVER.COMPILED_FROM - 1) == "numpy"
            assert SOLVER._kernel(SOLVER.COMPILED_FROM) == "compiled"
            assert SOLVER._kernel() == "compiled"           # Connect-4's plies
        with patch.object(SOLVER, "_compiled", SOLVER._compiled_module()):
            assert SOLVER._kernel(10) == "compiled"         # once imported, at every size

    @pytest.mark.parametrize("name", ["python", "numpy", "compiled"])
    def test_the_environment_variable_forces_a_path(self, monkeypatch, name):
        monkeypatch.setenv("ARENA_KERNEL", name)
        assert SOLVER._kernel() == name

    def test_the_module_switch_wins_over_the_environment(self, monkeypatch):
        monkeypatch.setenv("ARENA_KERNEL", "numpy")
        with patch.object(SOLVER, "KERNEL", "python"):
            assert SOLVER._kernel() == "python"

    def test_an_unknown_path_is_refused_with_the_choices(self, monkeypatch):
        monkeypatch.setenv("ARENA_KERNEL", "fortran")
        with pytest.raises(SOLVER.KernelError,
                           match="one of python, numpy, compiled, not 'fortran'"):
            solve(nim(3))

    def test_without_numba_the_numpy_path_is_the_default(self, monkeypatch):
        monkeypatch.delenv("ARENA_KERNEL", raising=False)
        with patch.object(SOLVER, "_compiled_module", lambda: None), \
                patch.object(SOLVER, "_compiled", None):
            assert SOLVER._kernel() == "numpy"
            monkeypatch.setenv("ARENA_KERNEL", "compiled")
            with pytest.raises(ImportError, match=r"pip install 'arena-reachability\[fast\]'"):
                SOLVER._kernel()

    def test_arenas_too_large_for_int32_numbers_take_the_numpy_path(self):
        g = nim(10, [1, 2])
        with patch.object(SOLVER, "_INT32_LIMIT", 5), patch.object(SOLVER, "KERNEL",
                                                                    "compiled"):
            assert SOLVER._solve_compiled(g) is None
            assert solve(g).rank[(10, 0)] == 7


# a fresh process in which numba cannot be imported (as where it is not installed)
NO_NUMBA = """
import sys
class _Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numba":
            raise ImportError("numba is not installed here")
sys.meta_path.insert(0, _Blocked())
"""


def _fresh(code: str, *, kernel: str = "", numba: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ("" if numba else NO_NUMBA) + code],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "ARENA_KERNEL": kernel})


class TestImport:
    def test_small_solves_do_not_import_numba_and_large_ones_do(self):
        code = ("import sys, arena, arena.solver as s; from arena.cli import main\n"
                "from arena.games import chain, nim\n"
                "seen = ['numba' in sys.modules]\n"
                "main(['solve', 'nim', '--json'], out=open('/dev/null', 'w'))\n"
                "arena.solve(chain(s.COMPILED_FROM // 2 - 2))\n"
                "seen.append('numba' in sys.modules)\n"
                "arena.solve(chain(s.COMPILED_FROM // 2))\n"
                "print(*seen, 'numba' in sys.modules)")
        done = _fresh(code)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["False", "False", "True"]

    def test_forcing_the_compiled_path_without_numba_is_one_line_and_status_2(self):
        done = _fresh("import sys; from arena.cli import main; sys.exit(main(['solve', 'nim']))",
                      kernel="compiled", numba=False)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == ("arena: error: ARENA_KERNEL=compiled: the solver's compiled path "
                               "needs numba (pip install 'arena-reachability[fast]')\n")

    def test_without_numba_a_large_arena_takes_the_numpy_path(self):
        code = ("import arena.solver as s; from arena.games import chain\n"
                "print(s._kernel(10 ** 9), s.solve(chain(3)).rank[0])")
        done = _fresh(code, numba=False)
        assert done.stdout.split() == ["numpy", "3"], done.stderr


class TestTheoremCheck:
    def test_states_that_break_the_theorem_name_the_vertex(self):
        import numpy as np

        from arena import _compiled

        g = Arena(S0=["a"], S1=["w"], edges={"a": ["w"]}, V0=["w"])
        offsets, targets = g._csr_arrays()
        owner = np.frombuffer(g._owner, dtype=np.uint8)
        good = np.array([2, 0], dtype=np.int32)             # a: J_0 in 1; w: V0
        moves, broken = _compiled.strategy_moves(offsets, targets, owner,
                                                 g._victory_array(), good)
        assert moves.tolist() == [1, -1] and broken == -1
        bad = np.array([10, 0], dtype=np.int32)             # rank 5: no successor of rank 4
        assert _compiled.strategy_moves(offsets, targets, owner, g._victory_array(),
                                        bad)[1] == 0


def test_the_reversed_graph_holds_unsigned_vertex_numbers():
    """The numbers the backward search indexes its states with are unsigned (issue 65:
    numba checks a signed index for a negative one, a third of the search's time on a
    chain), and the reversed graph is still each vertex's predecessors in order."""
    import numpy as np

    from arena import _compiled

    g = chain(6)
    offsets, targets = g._csr_arrays()
    victory = g._victory_array()
    pred, bounds = _compiled.reversed_csr(offsets, targets, victory)
    assert pred.dtype == bounds.dtype == np.uint32
    reversed_edges = {(int(pred[e]), y) for y in range(len(g))
                      for e in range(bounds[y], bounds[y + 1])}
    assert reversed_edges == {(x, int(targets[e])) for x in range(len(g)) if victory[x] == 2
                              for e in range(offsets[x], offsets[x + 1])}
    assert len(reversed_edges) == 6
