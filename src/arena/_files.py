"""Writing files safely: every file the library and the course build write goes through
:func:`write_atomic`."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic", "write_if_changed"]


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` all at once: readers see the old file or the new one,
    never a part, and a failure leaves the old file and no temporary file behind.

    The bytes go to a fresh temporary file in the target's folder (created exclusively,
    so a planted file or symbolic link is never followed), which then replaces the target.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", "bonjour").read_text()
    'bonjour'
    >>> sorted(p.name for p in folder.iterdir())
    ['a.txt']
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return path


def write_if_changed(path: str | os.PathLike[str], data: bytes | str) -> bool:
    """Write ``data`` to ``path`` with :func:`write_atomic` unless the file already holds
    these bytes (then it keeps its timestamp); return whether it was written.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> write_if_changed(target, "x"), write_if_changed(target, "x"), write_if_changed(target, "y")
    (True, False, True)
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if path.read_bytes() == raw:
            return False
    except OSError:
        pass
    write_atomic(path, raw)
    return True
