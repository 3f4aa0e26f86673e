"""The check in progress (:mod:`coursebuild.course.python_exercises`): its guard, its tape, its
language and its clock, in one object, :data:`NOW`, that the checks read and that
:func:`~coursebuild.course.python_exercises.run`,
:func:`~coursebuild.course.python_exercises.answers`
and :func:`~coursebuild.course.python_exercises.judge` set for the time of a Run or a Check and
clear after it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from coursebuild.course.exercise_verdicts import _Guard
from coursebuild.course.judging import Tape
from coursebuild.course.python_exercises.names import function_name


class CheckInProgress:
    """What the checks of one Run or Check share (one instance, :data:`NOW`)."""

    def __init__(self) -> None:
        self.guard: _Guard | None = None
        """The guard of the check in progress (``None`` outside a check)."""
        self.tape: Tape | None = None
        """The tape of the check in progress: written by ``answers``, read by ``judge``."""
        self.lang = "fr"
        """The language of the check in progress (the note on printed text left out)."""
        self.clock: Callable[[bool], Any] | None = None
        """Told ``True`` as each stretch of the student's code starts and ``False`` as it
        ends, in a Run or a Check that was given one (``run``, ``answers``): the page's time
        limit counts the student's code alone, not Python's start nor the checker's work
        between the calls (issue 61 §14). ``None`` elsewhere."""


NOW = CheckInProgress()
"""The check in progress."""


def _named(exercise_id: str) -> str:
    """The function the student writes for ``exercise_id``, in the check's language."""
    return function_name(exercise_id, NOW.lang)


@contextmanager
def _students_time() -> Iterator[None]:
    """The student's code runs inside this block: :data:`NOW.clock` is told that it starts,
    then that it ends, whatever the code does (the clock is read before the code runs:
    replacing the module's does not stop this one)."""
    clock = NOW.clock
    if clock is None:
        yield
        return
    clock(True)
    try:
        yield
    finally:
        clock(False)
