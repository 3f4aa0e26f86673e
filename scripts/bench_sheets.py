"""``make sheets`` timed (``python scripts/bench.py --only sheets``): 30 students' sheets
of three problems (the bank's ``DEFAULT_PROBLEMS``) and their keys, in both languages,
wall clock of the whole command, three runs (target: under 90 s on 2 cores; measured,
never asserted)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUDENTS = 30


def sheets_rows(runs: int = 3) -> list[dict]:
    from coursebuild.course import bank

    problems = list(bank.DEFAULT_PROBLEMS)
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "coursebuild", "sheets", "--students",
                            str(STUDENTS), "--seed", str(2026 + run), "--lang", "fr",
                            "--lang", "en", "--out", tmp], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=dict(os.environ, LANG="C.UTF-8"))
            seconds.append(time.perf_counter() - t0)
            pdfs = sorted(Path(tmp).glob("*/*.pdf"))
            print(f"sheets: run {run + 1}: {seconds[-1]:.1f} s, {len(pdfs)} PDF",
                  file=sys.stderr)
    return [{"students": STUDENTS, "problems": ", ".join(problems), "languages": 2,
             "pdfs": len(pdfs), "cores": os.cpu_count(), "seconds": seconds}]


def sheets_table(rows: list[dict]) -> list[str]:
    out = ["### `make sheets`: one PDF per student and the key, both languages, seconds", "",
           "| students | problems | PDF | cores | best | runs |", "|---:|---|---:|---:|---:|---|"]
    for r in rows:
        runs = ", ".join(f"{s:.1f}" for s in r["seconds"])
        out.append(f"| {r['students']} | {r['problems']} | {r['pdfs']} | {r['cores']} | "
                   f"{min(r['seconds']):.1f} | {runs} |")
    return out
