"""One build at a time in a checkout: the lock ``build/.lock``, held until the process ends.

A module of its own, which ``make serve`` keeps when it forgets the library and the build
to import them again after a save (:func:`coursebuild.commands.serve._forget_modules`): the lock a
process holds must outlive those modules, or the build imported afresh would open the lock
file again and wait for the lock its own process holds, for good.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

_held: dict[Path, IO[str]] = {}
"""The lock files this process holds, by folder."""


def hold(folder: Path) -> None:
    """Take the lock of ``folder`` (its ``.lock`` file) unless this process holds it: a
    second build in the same folder says that another one is running and waits for it
    (two at once would write the same files)."""
    import fcntl

    folder = folder.resolve()
    if folder in _held:
        return
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / ".lock", "w")     # noqa: SIM115 (held until the process ends)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("site: another build is running in this folder; waiting for it to end",
              file=sys.stderr, flush=True)
        fcntl.flock(handle, fcntl.LOCK_EX)
    _held[folder] = handle
