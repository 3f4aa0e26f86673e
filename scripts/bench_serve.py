"""The author loop, measured (``python scripts/bench.py --only serve``).

Starts ``python -m coursebuild serve`` on a free port, then saves a file of the checkout
and times how long until the served page (an HTTP GET, as the browser's reload does)
shows the change: a French chapter's prose, an English chapter's prose, and a figure
recipe (the caption of the figure ``nim-play`` in ``src/coursebuild/course/pages/plays.py``).
Every edited file is restored (in a ``finally``) and the bench waits until the served
page is back, so the checkout and its build end as they started.
"""

from __future__ import annotations

import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "src" / "coursebuild" / "course" / "pages" / "plays.py"
CAPTION = "Une partie gagnante pour J₀"        # the French caption of nim-play


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def _wait(url: str, test, timeout: float, step: float = 0.05) -> float:
    """Seconds until ``test(page)`` holds for the page at ``url``."""
    t0 = time.perf_counter()
    while not test(_get(url)):
        if time.perf_counter() - t0 > timeout:
            raise TimeoutError(f"{url}: not as expected after {timeout:.0f} s")
        time.sleep(step)
    return time.perf_counter() - t0


def _edit(path: Path, marker: str) -> bytes:
    """Save ``path`` with ``marker`` in it; return its bytes before."""
    before = path.read_bytes()
    text = before.decode("utf-8")
    if path.suffix == ".md":
        text += f"\n{marker}\n"
    else:
        if CAPTION not in text:
            raise LookupError(f"{path}: the caption {CAPTION!r} is gone: update this bench")
        text = text.replace(CAPTION, f"{CAPTION} {marker}", 1)
    path.write_text(text, encoding="utf-8")
    return before


def _server_times(log: Path) -> list[float]:
    return [float(s) for s in re.findall(r"^serve: (?:rendered|nothing|rebuilt).* in "
                                         r"([0-9.]+) s$", log.read_text("utf-8"), re.M)]


def serve_rows(repeat: int = 3) -> list[dict]:
    """Save-to-page seconds for each kind of edit, ``repeat`` times each."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    edits = [("prose, French chapter (docs/fr/plays.md)", ROOT / "docs/fr/plays.md",
              "/plays/"),
             ("prose, English chapter (docs/en/plays.md)", ROOT / "docs/en/plays.md",
              "/en/plays/"),
             ("figure recipe (nim-play's caption, pages/plays.py)", RECIPE, "/plays/")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "serve.log"
        with log.open("w", encoding="utf-8") as err:
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-m", "coursebuild", "serve", "--port",
                                     str(port)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                    stderr=err)
            try:
                _wait(base + "/plays/", lambda page: "<html" in page, 900, 0.2)
                rows.append({"edit": "start (`coursebuild site --no-book --no-zip`)",
                             "runs": 1, "seconds": [time.perf_counter() - t0], "server": []})
                print(f"serve: started in {rows[-1]['seconds'][0]:.1f} s", file=sys.stderr,
                      flush=True)
                for label, path, url in edits:
                    seconds, done = [], len(_server_times(log))
                    for k in range(repeat):
                        marker = f"benchmarker{k}x{time.time_ns() % 10**9}"
                        t0 = time.perf_counter()
                        before = _edit(path, marker)
                        try:
                            _wait(base + url, lambda page, m=marker: m in page, 300)
                            seconds.append(time.perf_counter() - t0)
                        finally:
                            path.write_bytes(before)
                        _wait(base + url, lambda page, m=marker: "<html" in page and
                              m not in page, 300)
                        time.sleep(0.5)     # the rebuild of the restored file is over
                    times = _server_times(log)[done:]
                    rows.append({"edit": label, "runs": repeat, "seconds": seconds,
                                 "server": times})     # the edits' and the restores'
                    print(f"serve: {label}: {', '.join(f'{s:.2f}' for s in seconds)} s",
                          file=sys.stderr, flush=True)
            finally:
                proc.terminate()
                proc.wait(timeout=60)
    return rows


def serve_table(rows: list[dict]) -> list[str]:
    def cell(values: list[float]) -> str:
        return f"{statistics.median(values):.2f}" if values else "–"

    return ["### The author loop: from a save to the served page (`make serve`), seconds", "",
            "| edit | runs | median (s) | min (s) | max (s) | server's rebuild, median (s) |",
            "|---|---:|---:|---:|---:|---:|",
            *(f"| {r['edit']} | {r['runs']} | {cell(r['seconds'])} | {min(r['seconds']):.2f} "
              f"| {max(r['seconds']):.2f} | {cell(r['server'])} |" for r in rows)]


if __name__ == "__main__":
    print("\n".join(serve_table(serve_rows())))
