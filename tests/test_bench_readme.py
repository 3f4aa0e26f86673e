"""The README's benchmark tables are the bench's: each block between ``<!-- bench: NAME -->``
markers is what scripts/bench_record.py writes from ``docs/data/bench/NAME.json`` (the
record ``python scripts/bench.py --only NAME --record`` keeps), and each record says which
command, machine and load it comes from."""

from __future__ import annotations

import importlib

import pytest
import scripts_bench  # noqa: F401  (scripts/ on the path, before the bench's modules)

bench_record = importlib.import_module("bench_record")

README = bench_record.README.read_text(encoding="utf-8")
BLOCKS = bench_record.readme_blocks(README)
RECORDS = sorted(p.stem for p in bench_record.DATA.glob("*.json"))


def test_the_readme_shows_every_recorded_section_and_no_other():
    assert set(BLOCKS) == set(bench_record.SECTIONS)
    assert set(RECORDS) == set(bench_record.SECTIONS)


@pytest.mark.parametrize("section", bench_record.SECTIONS)
def test_each_table_is_what_the_bench_wrote_from_its_record(section):
    data = bench_record.read(section)
    assert data["section"] == section
    assert data["command"].startswith(f"python scripts/bench.py --only {section}")
    assert "--record" in data["command"].split()
    assert data["machine"]["cpu"] and data["machine"]["cores"] >= 1
    assert 0 <= data["load"]["min"] <= data["load"]["max"]
    assert BLOCKS[section] == bench_record.render(data), (
        f"the README's {section} table is not the bench's: run "
        "`python scripts/bench_record.py` (tables from the records) or the bench again")


def test_the_compiled_path_s_threshold_lies_where_the_bench_measured_the_break_even():
    """COMPILED_FROM is between the largest measured size at which one solve does not
    repay numba's import and loading, and the smallest from which it does on every kind
    of arena."""
    import bench_kernel

    import arena.solver as solver

    m = bench_record.read("kernel")["measures"]
    cost = bench_kernel.load_cost(m["first_call"])
    assert cost > 0
    lo, hi = bench_kernel.break_even(m["break_even"], cost)
    assert lo < solver.COMPILED_FROM <= (hi if hi is not None else float("inf"))
    rows = {(r["kind"], r["size"]) for r in m["break_even"]}
    assert len(rows) == len(m["break_even"]) >= 3 * len(bench_kernel.BREAK_EVEN_SIZES)


def test_the_records_keep_every_round():
    kernel = bench_record.read("kernel")["measures"]["kernel"]
    assert all(len(r["c"]) == len(r["compiled"]) == len(r["numpy"]) >= 5 for r in kernel)
    search = bench_record.read("search")["measures"]["search"]
    assert any(r["way"] == "native" for r in search)
