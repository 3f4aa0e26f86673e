"""Connect-4 solved ply by ply, against the generic solvers and the published counts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from arena import solve
from arena.cli import main
from arena.games import connect4, solve_connect4
from arena.games import connect4_plies as plies
from arena.games.connect4_plies import code_hash, score_to_value, solve_connect4_plies

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_connect4  # noqa: E402


def _key(rows: int, cols: int, current: int, mask: int) -> int:
    """The stored key of a position, computed here from its definition: Tromp's code of
    the position and of its mirror image, the smaller one."""
    h = rows + 1
    bottoms = sum(1 << (c * h) for c in range(cols))
    key = current | (mask + bottoms)
    mirror = sum(((key >> (c * h)) & ((1 << h) - 1)) << ((cols - 1 - c) * h)
                 for c in range(cols))
    return min(key, mirror)


@pytest.mark.parametrize(("rows", "cols", "align"),
                         [(2, 4, 2), (3, 3, 3), (3, 4, 3), (4, 4, 4), (3, 5, 3)])
def test_every_position_has_the_compact_solvers_winner_and_rank(rows, cols, align):
    c = solve_connect4(rows, cols, align)
    s = solve_connect4_plies(rows, cols, align, keep=True)
    assert s.counts == tuple(len(level.mask) for level in c.levels)
    assert (s.positions, s.edges, s.summary) == (c.positions, c.edges, c.summary())
    for k, level in enumerate(c.levels):
        scores = s.ply_scores[k]
        for i, (cur, mask) in enumerate(zip(level.current, level.mask)):
            got = score_to_value(scores[_key(rows, cols, int(cur), int(mask))], k)
            want = int(c.winner[k][i]), int(c.rank[k][i])
            assert got == ((None, None) if want[0] < 0 else want), (k, i)


@pytest.mark.parametrize(("rows", "cols", "align"), [(3, 4, 3), (2, 4, 2), (3, 3, 3)])
def test_the_perfect_game_follows_the_attractor_strategy_of_solve(rows, cols, align):
    g = connect4(rows, cols, align)
    sol = solve(g)
    s = solve_connect4_plies(rows, cols, align)
    assert (s.start_winner, s.start_rank) == (sol.winner[g.start], sol.rank[g.start])
    board = g.start
    for column in s.line:
        move = sol.move[board]
        assert move is not None
        changed = [i for i, (a, b) in enumerate(zip(board, move)) if a != b]
        assert len(changed) == 1 and changed[0] % cols == column
        board = move
    assert g.victory(board) is not None or not list(g.successors(board))   # the game is over
    if s.start_winner is not None:
        assert len(s.line) == s.start_rank and g.victory(board) == s.start_winner
    for column, winner, rank in s.first_move_values():
        child = "-" * ((rows - 1) * cols) + "".join("x" if c == column else "-"
                                                    for c in range(cols))
        assert (winner, rank) == (sol.winner[child], sol.rank[child])


@pytest.mark.parametrize(("rows", "cols", "positions"),
                         [(4, 4, 161_029), (4, 5, 3_945_711), (5, 4, 1_706_255)])
def test_published_counts_and_the_compact_solver_agree_ply_by_ply(rows, cols, positions):
    """Tromp's totals; the compact solver, which holds every move, gives the same plies,
    the same start and the same first moves."""
    s = solve_connect4_plies(rows, cols)
    c = solve_connect4(rows, cols)
    assert s.positions == positions
    assert s.counts == tuple(len(level.mask) for level in c.levels)
    assert s.edges == c.edges and s.summary == c.summary()
    assert (s.start_winner, s.start_rank, s.start_move) == (c.start_winner, c.start_rank,
                                                            c.start_move)
    first = c.levels[0]
    for column, winner, rank in s.first_move_values():
        j = first.children[list(first.columns).index(column)]
        w = int(c.winner[1][j])
        assert (winner, rank) == ((None, None) if w < 0 else (w, int(c.rank[1][j])))


def test_spilled_to_disk_in_small_chunks_the_result_is_the_same(monkeypatch, tmp_path):
    whole = solve_connect4_plies(4, 4, keep=True)
    monkeypatch.setattr(plies.induction, "CHUNK", 500)          # many parts, merged by buckets
    spilled = solve_connect4_plies(4, 4, keep=True, memory_budget=1000, spill_dir=tmp_path)
    assert spilled == whole and spilled.ply_scores == whole.ply_scores
    assert list(tmp_path.iterdir()) == []               # the temporary folder is gone


def test_the_limit_of_positions_stops_the_generation():
    with pytest.raises(ValueError, match="more than 100,000 positions"):
        solve_connect4_plies(4, 4, max_positions=100_000)


def test_keys_decode_to_the_position_they_code():
    b = plies._Board(4, 6, 4)
    rng = np.random.default_rng(1)
    heights = rng.integers(0, 5, size=(200, 6))
    mask = sum(((1 << heights[:, c].astype(object)) - 1) << (c * 5) for c in range(6))
    current = np.array([int(m) & int(r) for m, r in
                        zip(mask, rng.integers(0, 1 << 30, 200))], dtype=np.uint64)
    mask = np.array([int(m) for m in mask], dtype=np.uint64)
    cur, m = b.decode(b.encode(current, mask))
    assert (cur == current).all() and (m == mask).all()


def test_the_command_line_reports_each_ply_on_stderr(capsys):
    assert main(["solve", "connect4", "--rows", "3", "--cols", "4", "--align", "3",
                 "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert (data["vertices"], data["start_winner"], data["start_rank"]) == (7157, 0, 9)
    assert data["positions"][0]["move"] == "-" * 8 + "-x--"
    assert "arena: ply 12: " in err and "arena: ply 0 solved" in err


class TestCourseData:
    """The 6 × 4 result the course shows is recorded in docs/data; this checks it is the
    current solver's, and checks its recording path on a smaller board."""

    data = json.loads(bench_connect4.DATA.read_text(encoding="utf-8"))

    def test_recorded_by_the_current_solver(self):
        assert self.data["provenance"]["solver_sha256"] == code_hash(), \
            "the solver changed: run `make connect-four` to record the 6 × 4 result again"

    def test_the_recorded_facts(self):
        d = self.data
        assert (d["cols"], d["rows"], d["positions"], d["moves"]) == (6, 4, 94_910_577,
                                                                      237_182_644)
        assert sum(d["plies"]) == d["positions"] and len(d["plies"]) == 25
        assert d["start"] == {"winner": 1, "rank": 24}
        assert [m["column"] for m in d["first_moves"]] == list(range(6))
        assert all(m["winner"] == 1 and m["rank"] <= 23 for m in d["first_moves"])
        assert max(m["rank"] for m in d["first_moves"]) == 23

    def test_the_recorded_perfect_game_is_a_game_won_by_j1_at_move_24(self):
        rows, cols, game = 4, 6, self.data["perfect_game"]
        grid = [[None] * cols for _ in range(rows)]
        heights = [0] * cols

        def run(player):
            for r in range(rows):
                for c in range(cols):
                    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                        cells = [(r + dr * i, c + dc * i) for i in range(4)]
                        if all(0 <= y < rows and 0 <= x < cols and grid[y][x] == player
                               for y, x in cells):
                            return True
            return False

        for n, column in enumerate(game):
            assert not run(0) and not run(1), f"the game was over before move {n + 1}"
            grid[heights[column]][column] = n % 2
            heights[column] += 1
        assert len(game) == 24 and run(1) and not run(0)

    def test_the_same_path_on_a_smaller_board(self, tmp_path):
        out = tmp_path / "c4.json"
        assert bench_connect4.main(["--cols", "4", "--rows", "3", "--write", "--out",
                                    str(out)]) == 0
        d = json.loads(out.read_text(encoding="utf-8"))
        c = solve_connect4(3, 4)
        assert d["positions"] == c.positions and d["moves"] == c.edges
        assert d["plies"] == [len(level.mask) for level in c.levels]
        assert d["start"] == {"winner": c.start_winner, "rank": c.start_rank}
        assert d["provenance"]["solver_sha256"] == code_hash()
        assert d["provenance"]["command"].endswith("--cols 4 --rows 3 --write")
        assert bench_connect4.text(d) == out.read_text(encoding="utf-8")


def test_the_perfect_game_figure_reads_the_record(tmp_path, monkeypatch):
    from coursebuild.course.pages import modelling
    from coursebuild.products import catalogue as fig

    data = json.loads(bench_connect4.DATA.read_text(encoding="utf-8"))
    drawing = modelling.connect4_perfect_game()
    played = ", ".join(str(c + 1) for c in data["perfect_game"])
    for lang in ("fr", "en"):
        assert played in drawing.caption[lang] and "24" in drawing.caption[lang]
    assert drawing.desc.startswith(f"Connect-4 perfect game on 6 x 4, columns {played}; o wins")
    assert drawing.dot.source.count("move-") >= 24
    # the figure's cache key covers the record: a new record rebuilds exactly this figure
    copy = tmp_path / "connect4-6x4.json"
    copy.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(modelling.connect4, "CONNECT4_RESULT", str(copy))   # where it is read
    before = {f.id: fig.figure_key(f) for f in fig.catalogue()}
    copy.write_text(json.dumps({**data, "perfect_game": data["perfect_game"][:-1]}),
                    encoding="utf-8")
    after = {f.id: fig.figure_key(f) for f in fig.catalogue()}
    assert sorted(i for i in before if before[i] != after[i]) == ["connect4-perfect-game"]


def _numba_missing() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return True
    return False


@pytest.mark.skipif(_numba_missing(), reason="the compiled loops need numba ([fast] extra)")
class TestCompiledLoops:
    """The compiled loops (the default where numba is installed) against numpy's."""

    @staticmethod
    def _solve(kernel, monkeypatch, *args, **options):
        monkeypatch.setenv("ARENA_KERNEL", kernel)
        return solve_connect4_plies(*args, **options)

    @pytest.mark.parametrize(("rows", "cols", "align"), [(4, 4, 4), (3, 4, 3), (3, 5, 3)])
    def test_every_stored_score_is_numpy_s(self, monkeypatch, rows, cols, align):
        compiled = self._solve("compiled", monkeypatch, rows, cols, align, keep=True)
        numpy = self._solve("numpy", monkeypatch, rows, cols, align, keep=True)
        assert compiled == numpy and compiled.ply_scores == numpy.ply_scores

    def test_5_by_4_gives_numpy_s_counts_values_and_perfect_game(self, monkeypatch):
        compiled = self._solve("compiled", monkeypatch, 5, 4)
        assert compiled == self._solve("numpy", monkeypatch, 5, 4)
        assert compiled.positions == 1_706_255 and compiled.start_winner is None

    def test_spilled_in_small_chunks_merged_by_buckets(self, monkeypatch, tmp_path):
        whole = self._solve("numpy", monkeypatch, 4, 4, keep=True)
        monkeypatch.setattr(plies.induction, "CHUNK", 500)
        spilled = self._solve("compiled", monkeypatch, 4, 4, keep=True, memory_budget=1000,
                              spill_dir=tmp_path)
        assert spilled == whole and spilled.ply_scores == whole.ply_scores

    @pytest.mark.parametrize(("low", "high"), [(0, 30), (0, 35), (29, 64), (0, 0)])
    def test_the_radix_sort_orders_by_the_bits_asked(self, low, high):
        from arena.games import _connect4_compiled as loops

        rng = np.random.default_rng(low + high)
        keys = rng.integers(0, 1 << (high - low), 100_001, dtype=np.uint64)
        riders = rng.integers(0, 1 << low, len(keys), dtype=np.uint64)
        values = (keys << np.uint64(low)) | riders
        expected = values[np.argsort(keys, kind="stable")]
        loops.radix_sort(values, np.empty_like(values), low, high)
        assert (values == expected).all()

    def test_merging_two_sorted_arrays_keeps_each_value_once(self):
        from arena.games import _connect4_compiled as loops

        rng = np.random.default_rng(3)
        a, b = (np.unique(rng.integers(0, 5000, 3000, dtype=np.uint64)) for _ in range(2))
        assert (loops.merge_two(a, b) == np.union1d(a, b)).all()
        assert (loops.merge_two(a, a[:0]) == a).all()

    @pytest.mark.parametrize("count", [1, 2, 5])
    def test_sorted_parts_merge_into_their_union(self, count):
        from arena.games import _connect4_compiled as loops

        rng = np.random.default_rng(count)
        parts = [np.unique(rng.integers(0, 1 << 30, 20_000, dtype=np.uint64))
                 for _ in range(count)]
        union = parts[0]
        for p in parts[1:]:
            union = np.union1d(union, p)
        assert (plies.arrays._merge(parts, loops) == union).all()
        assert (plies.arrays._merge(parts, None) == union).all()


@pytest.mark.parametrize("part", ["board.py", "induction.py", "new_part.py"])
def test_the_provenance_covers_every_module_of_the_solver(tmp_path, part):
    """The recorded result's provenance (``code_hash``) is the solver's package, every module
    of it: a change to any part, or a part added, asks for ``make connect-four`` again."""
    import os
    import shutil
    import subprocess

    src = Path(plies.__file__).parents[2]
    shutil.copytree(src, tmp_path / "arena", ignore=shutil.ignore_patterns("__pycache__"))
    probe = [sys.executable, "-c",
             "from arena.games.connect4_plies import code_hash; print(code_hash())"]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def hashed() -> str:
        return subprocess.run(probe, env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    assert hashed() == code_hash()
    with open(tmp_path / "arena" / "games" / "connect4_plies" / part, "a",
              encoding="utf-8") as f:
        f.write("\n# changed\n")
    assert hashed() != code_hash()
