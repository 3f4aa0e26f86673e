"""Lets tests use the benchmark's arena generators (scripts/bench_common.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bench_common import random_arena  # noqa: E402

__all__ = ["random_arena"]
