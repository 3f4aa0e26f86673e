"""Benchmarks of arena, printed as Markdown tables (``make bench``).

Speed is measured here, never asserted in tests. Each table says what it measures;
``--quick`` runs smaller sizes. ``--json`` keeps the measures for the course site, whose
algorithms chapter shows them (``make bench`` refreshes them).

``--record`` keeps each section's measures, with the command, the machine and the load, in
``docs/data/bench/SECTION.json`` and writes the README's table of that section from them
(``scripts/bench_record.py``): the README's figures are the bench's.

Usage: python scripts/bench.py [--quick] [--json FILE] [--record]
       [--only construction|solver|kernel|games|rules|search|connect4|build|cold|serve|
               exercises|notebooks|sheets|browser|phone] [--big]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench_build import build_rows, build_table, cold_site_rows, cold_table
from bench_solver import (
    construction_rows,
    construction_table,
    pure_table,
    solver_rows,
    solver_table,
)

ONLY = ["construction", "solver", "kernel", "games", "rules", "search", "connect4", "build",
        "cold", "serve", "exercises", "notebooks", "sheets", "browser", "phone"]


def _measure(section: str, args: argparse.Namespace) -> tuple[dict, list[list[str]]]:
    """A section's measures (the names its record and ``--json`` keep) and tables."""
    quick = args.quick
    if section == "construction":
        rows = construction_rows(quick)
        return {"construction": rows}, [construction_table(rows)]
    if section == "solver":
        rows = solver_rows(quick)
        return {"solver": rows}, [solver_table(rows), pure_table(rows)]
    if section == "kernel":                                 # numba and gcc
        import bench_kernel as k

        kernel, first = k.kernel_rows(quick), k.first_call_rows()
        even = k.break_even_rows()
        return ({"kernel": kernel, "first_call": first, "break_even": even},
                [k.kernel_table(kernel), k.first_call_table(first),
                 k.break_even_table(even, first)])
    if section == "games":
        from bench_games import games_rows, games_table

        rows = games_rows(quick)
        return {"games": rows}, [games_table(rows)]
    if section == "rules":
        from bench_rules import easyai_rows, easyai_table, rules_rows, rules_table

        rules, easy = rules_rows(quick), easyai_rows(quick)
        return {"rules": rules, "rules_easyai": easy}, [rules_table(rules), easyai_table(easy)]
    if section == "search":
        from bench_search import search_rows, search_table

        rows = search_rows(quick)
        return {"search": rows}, [search_table(rows)]
    if section == "connect4":
        from bench_connect4 import connect4_rows, connect4_table

        rows = connect4_rows(big=args.big)
        return {"connect4": rows}, [connect4_table(rows)]
    if section == "cold":
        rows = cold_site_rows()
        return {"cold_site": rows}, [cold_table(rows)]
    if section == "build":
        rows = build_rows()
        return {"build": rows}, [build_table(rows)]
    if section == "serve":                                  # edits, restores
        from bench_serve import serve_rows, serve_table

        rows = serve_rows()
        return {"serve": rows}, [serve_table(rows)]
    if section == "exercises":                              # the built site and Chromium
        from bench_exercises import exercises_rows, exercises_table

        rows = exercises_rows()
        return {"exercises": rows}, [exercises_table(rows)]
    if section == "notebooks":                              # the built site and Chromium
        from bench_notebooks import notebooks_rows, notebooks_table

        rows = notebooks_rows()
        return {"notebooks": rows}, [notebooks_table(rows)]
    if section == "sheets":                                 # TeX Live and the bank
        from bench_sheets import sheets_rows, sheets_table

        rows = sheets_rows()
        return {"sheets": rows}, [sheets_table(rows)]
    if section == "phone":                                  # the built site, a phone
        from bench_phone import phone_rows, phone_table

        rows = phone_rows(quick)
        return {"phone": rows}, [phone_table(rows)]
    assert section == "browser"                             # the built site and Chromium
    from bench_browser import browser_rows, browser_table

    rows = browser_rows(quick)
    return {"browser": rows}, [browser_table(rows)]


# what a run without --only measures (--quick: the site's quick benchmark)
FULL = ["construction", "solver", "kernel", "games", "rules", "search", "cold", "build",
        "serve"]
QUICK = ["construction", "solver", "games", "rules", "search"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--only", choices=ONLY)
    parser.add_argument("--big", action="store_true",
                        help="with --only connect4: also 7 × 4 (5 minutes, 6 GB)")
    parser.add_argument("--json", type=Path,
                        help="also write the measures to this file (the site shows "
                             "build/bench.json)")
    parser.add_argument("--record", action="store_true",
                        help="keep each section's measures in docs/data/bench/SECTION.json "
                             "and write its README table from them")
    args = parser.parse_args(argv)
    if args.record and args.quick:
        parser.error("--record keeps full measures: not with --quick")
    print(f"python {sys.version.split()[0]}", file=sys.stderr)
    from bench_record import load_watch, save

    from coursebuild.sources.progress import Progress

    tables, measures = [], {"python": sys.version.split()[0], "quick": args.quick}
    loads: list[float] = []
    sections = [args.only] if args.only else QUICK if args.quick else FULL
    # where it is, on standard error (`bench 2/5 solver 12.3 s`): the tables go to stdout
    with Progress("bench", len(sections)) as progress:
        for section in sections:
            started = time.perf_counter()
            with load_watch() as load:
                found, shown = _measure(section, args)
            measures.update(found)
            loads += load
            tables += shown
            if args.record:
                save(section, found, load, sys.argv[1:] if argv is None else list(argv))
            progress.advance(f"{section} {time.perf_counter() - started:.1f} s")
    print("\n\n".join("\n".join(t) for t in tables))
    if args.json:       # with the date, the machine and its load, as a record says them
        from datetime import date

        from bench_record import machine

        measures.update(date=date.today().isoformat(), machine=machine(),
                        load={"min": min(loads), "max": max(loads)})
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(measures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
