"""The build's progress lines (issue 65): counts per step, rewritten in place on a terminal,
one line per advance in a log, from several threads at once."""

from __future__ import annotations

import io
import threading

from coursebuild.sources.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_line_is_rewritten_in_place_and_the_last_one_stays():
    out = Terminal()
    step = Progress("notebooks", 3, out)
    step.advance("01-modelling.ipynb (fr) 4.0 s")
    step.note("notebooks: a warning")
    step.advance("02-plays.ipynb (en) 3.0 s")
    step.close()                        # stopped before the last: the line is ended
    text = out.getvalue()
    assert text.split("\n") == [
        "\r\x1b[Knotebooks 1/3 01-modelling.ipynb (fr) 4.0 s\r\x1b[Knotebooks: a warning",
        "notebooks 1/3 01-modelling.ipynb (fr) 4.0 s"
        "\r\x1b[Knotebooks 2/3 02-plays.ipynb (en) 3.0 s",
        ""]


def test_the_last_advance_ends_the_line_on_a_terminal():
    out = Terminal()
    with Progress("books", 2, out) as step:
        step.advance("a")
        step.advance("b")
    assert out.getvalue() == "\r\x1b[Kbooks 1/2 a\r\x1b[Kbooks 2/2 b\n"


def test_in_a_log_each_advance_is_a_line_and_no_control_character():
    out = io.StringIO()
    step = Progress("figures", 40, out)

    def work(k: int) -> None:
        for j in range(10):
            step.advance(f"fig-{k}-{j}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    step.close()
    lines = out.getvalue().splitlines()
    assert [line.split()[1] for line in lines] == [f"{k}/40" for k in range(1, 41)]
    assert sorted(line.split()[2] for line in lines) == sorted(
        f"fig-{k}-{j}" for k in range(4) for j in range(10))
    assert "\r" not in out.getvalue() and "\x1b" not in out.getvalue()
