"""Where :mod:`arena.games.connect4_plies` keeps each ply's sorted keys and scores: in
memory, or past a budget in files of a temporary folder."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np


class _Plies:
    """The sorted keys and the scores of each ply, in memory or, past a budget, in files
    (mapped only while they are read, so that few are mapped at once)."""

    def __init__(self, budget: int, spill_dir: Path | None) -> None:
        self.budget, self.spill_dir = budget, spill_dir
        self._keys: list[np.ndarray | None] = []       # None: in the file keysNN
        self._scores: dict[int, np.ndarray | None] = {}
        self.lengths: list[int] = []
        self.folder: Path | None = None
        self.parts_bytes = 0

    def new_parts(self) -> None:
        """The parts of a new ply start: none is kept yet."""
        self.parts_bytes = 0

    def __len__(self) -> int:
        return len(self.lengths)

    def keys(self, k: int) -> np.ndarray:
        arr = self._keys[k]
        return self._map(f"keys{k:02d}", np.uint64) if arr is None else arr

    def scores(self, k: int) -> np.ndarray:
        arr = self._scores[k]
        return self._map(f"scores{k:02d}", np.int8) if arr is None else arr

    def _path(self, name: str) -> Path:
        assert self.folder is not None
        return self.folder / name

    def _map(self, name: str, dtype: type) -> np.ndarray:
        path = self._path(name)
        if path.stat().st_size == 0:
            return np.zeros(0, dtype=dtype)
        return np.memmap(path, dtype=dtype, mode="r")

    def _spill(self) -> None:
        parent = None if self.spill_dir is None else str(self.spill_dir)
        self.folder = Path(tempfile.mkdtemp(prefix="arena-connect4-", dir=parent))
        for k, arr in enumerate(self._keys):
            if arr is not None:
                arr.tofile(self._path(f"keys{k:02d}"))
                self._keys[k] = None

    def add(self, parts: Iterable[np.ndarray]) -> int:
        """Append a ply made of sorted, disjoint, increasing parts; return its length."""
        k = len(self._keys)
        if self.folder is None:
            arrays = list(parts)
            if len(arrays) == 1:
                keys = arrays[0]                # no copy of a ply made in one piece
            else:
                keys = np.concatenate(arrays) if arrays else np.zeros(0, np.uint64)
            self._keys.append(keys)
            self.lengths.append(len(keys))
            if sum(self.lengths) * 8 > self.budget:
                self._spill()
        else:
            n = 0
            with open(self._path(f"keys{k:02d}"), "wb") as f:
                for part in parts:
                    part.tofile(f)
                    n += len(part)
            self._keys.append(None)
            self.lengths.append(n)
        return self.lengths[k]

    def drop_last(self) -> None:
        self._keys.pop()
        self.lengths.pop()

    def set_scores(self, k: int, scores: np.ndarray) -> None:
        if self.folder is None:
            self._scores[k] = scores
        else:
            scores.tofile(self._path(f"scores{k:02d}"))
            self._scores[k] = None

    def spill_part(self, part: np.ndarray, name: str) -> np.ndarray:
        """A temporary sorted part of the next ply: kept while the parts of the ply take
        less than the budget (see :meth:`new_parts`), else written out."""
        self.parts_bytes += part.nbytes
        if self.folder is None or self.parts_bytes <= self.budget:
            return part
        part.tofile(self._path(name))
        return self._map(name, np.uint64)

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

