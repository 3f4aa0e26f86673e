"""The benchmark's records and the README's tables written from them.

``python scripts/bench.py --only SECTION --record`` keeps what a section measured in
``docs/data/bench/SECTION.json`` (the command, the machine, the load during the run, every
measure of every round) and writes the README's block of that section, between
``<!-- bench: SECTION -->`` and ``<!-- /bench: SECTION -->``, from that file. No figure of
those blocks is typed by hand; ``tests/test_bench_readme.py`` checks that each block is
what :func:`render` makes of the file.
"""

from __future__ import annotations

import json
import os
import platform
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "docs" / "data" / "bench"
README = ROOT / "README.md"
BLOCK = re.compile(r"<!-- bench: (?P<name>[a-z0-9_]+) -->\n(?P<body>.*?)<!-- /bench: (?P=name) -->",
                   re.S)


def machine() -> dict[str, Any]:
    """The processor, cores, memory, system and the versions that the measures depend on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    except (ValueError, OSError, AttributeError):
        memory = None
    versions = {}
    for name in ("numpy", "numba", "easyAI", "playwright"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": memory and round(memory, 1),
            "system": platform.system(), "python": platform.python_version(), **versions}


@contextmanager
def load_watch(every: float = 2.0) -> Iterator[list[float]]:
    """The machine's load (1-minute average) sampled while the block runs: before, every
    ``every`` seconds, after."""
    samples = [os.getloadavg()[0]]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(every):
            samples.append(os.getloadavg()[0])

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield samples
    finally:
        done.set()
        thread.join()
        samples.append(os.getloadavg()[0])


def record(section: str, command: str, measures: dict[str, Any], load: list[float]) -> dict:
    """What a section's file holds."""
    return {"section": section, "command": command, "date": date.today().isoformat(),
            "machine": machine(), "load": {"min": min(load), "max": max(load)},
            "measures": measures}


def write(data: dict) -> Path:
    """``docs/data/bench/SECTION.json`` (sorted keys, one value a line where short)."""
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"{data['section']}.json"
    path.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


def read(section: str) -> dict:
    return json.loads((DATA / f"{section}.json").read_text(encoding="utf-8"))


def provenance(data: dict) -> str:
    """The line that says where a block's figures come from."""
    m = data["machine"]
    parts = [m["cpu"], f"{m['cores']} cores"]
    if m.get("memory_gb"):
        parts.append(f"{m['memory_gb']:.0f} GB")
    versions = [f"Python {m['python']}"] + [f"{name} {m[name]}" for name in
                                            ("numpy", "numba", "easyAI") if m.get(name)]
    load = data["load"]
    return (f"Measured by `{data['command']}` on {data['date']}: {', '.join(parts)}, "
            f"{m['system']}; {', '.join(versions)}; load (1-minute average) "
            f"{load['min']:.1f} to {load['max']:.1f} during the run.")


def _sections() -> dict[str, Callable[[dict], list[str]]]:
    """Each section's tables from its measures (imported here: the bench's modules)."""
    import bench_browser
    import bench_build
    import bench_connect4
    import bench_kernel
    import bench_notebooks
    import bench_phone
    import bench_search
    import bench_solver

    def kernel(m: dict) -> list[str]:
        return [*bench_kernel.kernel_table(m["kernel"]), "",
                *bench_kernel.first_call_table(m["first_call"]), "",
                *bench_kernel.break_even_table(m["break_even"], m["first_call"])]

    return {"construction": lambda m: bench_solver.construction_table(m["construction"])[2:],
            "kernel": kernel,
            "search": lambda m: bench_search.search_table(m["search"]),
            "connect4": lambda m: bench_connect4.connect4_table(m["connect4"]),
            "cold": lambda m: bench_build.cold_table(m["cold_site"])[2:],
            "browser": lambda m: bench_browser.browser_table(m["browser"]),
            "notebooks": lambda m: bench_notebooks.notebooks_table(m["notebooks"])[2:],
            "phone": lambda m: bench_phone.phone_table(m["phone"])}


SECTIONS = ("construction", "kernel", "search", "connect4", "cold", "browser", "notebooks",
            "phone")
"""The sections whose records the README shows."""


def render(data: dict) -> str:
    """A README block's text: the provenance line, then the section's tables."""
    lines = _sections()[data["section"]](data["measures"])
    return provenance(data) + "\n\n" + "\n".join(lines) + "\n"


def readme_blocks(text: str) -> dict[str, str]:
    """``{section: body}`` of the README's bench blocks."""
    return {m["name"]: m["body"] for m in BLOCK.finditer(text)}


def update_readme(data: dict, path: Path = README) -> bool:
    """Write the section's block of the README from its record; False when the README has
    no block for it."""
    text = path.read_text(encoding="utf-8")
    section = data["section"]
    if section not in readme_blocks(text):
        return False
    new = BLOCK.sub(lambda m: m[0] if m["name"] != section else
                    f"<!-- bench: {section} -->\n{render(data)}<!-- /bench: {section} -->",
                    text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return True


def save(section: str, measures: dict, load: list[float], argv: list[str]) -> None:
    """Record a section's measures and write its README block (``--record``)."""
    command = " ".join(["python", "scripts/bench.py", *argv])
    data = record(section, command, measures, load)
    path = write(data)
    shown = update_readme(data)
    print(f"bench: wrote {path.relative_to(ROOT)}"
          + (" and the README's block" if shown else " (the README has no block for it)"),
          file=sys.stderr)


if __name__ == "__main__":          # the README's blocks again, from the records
    for name in SECTIONS:
        if (DATA / f"{name}.json").exists():
            update_readme(read(name))
