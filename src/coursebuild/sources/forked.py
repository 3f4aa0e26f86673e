"""Work shared among forked processes (the figures of the sheets and of the Moodle
export): the processes inherit the work when they fork, so nothing but an index and a
result crosses between them, and an interruption stops them at once."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from typing import Any

_WORK: list = []
"""The function and the items being worked on (the processes inherit them)."""


def ignore_interrupt() -> None:
    """In a forked process: Ctrl-C ignored, the parent says when to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _one(index: int) -> Any:
    ignore_interrupt()
    function, items = _WORK
    return function(items[index])


def map_forked(function: Callable[[Any], Any], items: Sequence, jobs: int,
               chunksize: int = 4) -> list:
    """``[function(item) for item in items]``, computed on ``jobs`` forked processes (in
    this process when ``jobs`` is 1 or there is one item), ``chunksize`` items handed to a
    process at a time (1 for a few long items of unequal lengths). On an exception or an
    interruption (Ctrl-C) the processes are killed before it goes on up.

    >>> map_forked(len, ["a", "bb", "ccc"], 2)
    [1, 2, 3]
    """
    if jobs <= 1 or len(items) <= 1:
        return [function(item) for item in items]
    _WORK[:] = [function, items]
    pool = concurrent.futures.ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context("fork"))
    try:
        return list(pool.map(_one, range(len(items)), chunksize=chunksize))
    except BaseException:
        stop(pool)
        raise
    finally:
        _WORK.clear()
        pool.shutdown()


def stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once, on an exception or an interruption: its processes killed,
    the work not started dropped."""
    for proc in list(getattr(pool, "_processes", {}).values()):
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)
