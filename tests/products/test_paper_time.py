"""A paper fits its time (issue 61 §12) and a list of problems names some (issue 62 §7).

`make sheets DURATION=...` without PROBLEMS sets the bank's problems whose minutes add up
closest to the duration without going over, the paper's total being their points; with
PROBLEMS, a list that takes longer than DURATION is refused in one line naming both. An
empty PROBLEMS list (`,,`) is refused by `sheets` and `moodle`, not read as every
problem. Run on the real bank, in process: the build itself (LaTeX) is replaced by a
recorder, since what is tested is which problems reach it."""

from __future__ import annotations

import re

import pytest

from coursebuild.course import bank
from coursebuild.products import moodle, sheets

DURATIONS = ("30min", "45min", "1h", "1h30", "2h", "3h", "4h")
"""The durations a teacher may type."""


@pytest.fixture
def built(monkeypatch):
    """What ``sheets.build`` was asked to set, the real build not run."""
    calls: list[dict] = []

    def record(langs, problems, count, seed, names, out, **kwargs):
        calls.append({"problems": list(problems), "paper": kwargs["paper"]})
        return []

    monkeypatch.setattr(sheets, "build", record)
    return calls


def _exam(known) -> list[str]:
    return [pid for pid, p in known.items() if "exam" in p.uses]


@pytest.mark.parametrize("typed", DURATIONS)
def test_the_problems_chosen_fit_the_duration_and_their_points_are_the_total(
        typed, built, tmp_path, capsys):
    known = bank.problems()
    minutes = sheets.duration_minutes(typed)
    shortest = min(p.minutes for pid, p in known.items()
                   if "exam" in p.uses or pid in bank.DEFAULT_PROBLEMS)
    code = sheets.main(["--duration", typed, "--lang", "en", "--students", "2",
                        "--out", str(tmp_path)])
    err = capsys.readouterr().err
    if minutes < shortest:          # 30 min: no problem of the bank is that short
        assert code == 2 and not built, err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert f"DURATION {minutes} min" in err and f"takes {shortest} min" in err, err
        return
    assert code == 0, err
    (call,) = built
    chosen = call["problems"]
    assert call["paper"].duration == typed and chosen
    assert len(set(chosen)) == len(chosen) and set(chosen) <= set(known)
    points, used = sheets.totals(chosen, known)
    assert used == sum(known[p].minutes for p in chosen) <= minutes
    # no other problem fit for an exam would still fit in the time left
    left = minutes - used
    assert all(known[p].minutes > left for p in _exam(known) if p not in chosen), chosen
    if minutes == 120:
        assert chosen == list(bank.DEFAULT_PROBLEMS)    # the default paper is two hours
    # the paper prints the duration typed and the chosen problems' points as its total
    tex = sheets.document("en", "Exam", "", call["paper"], points, used)
    assert f"\\newcommand{{\\sheetduration}}{{{sheets.duration_tex(minutes, 'en')}}}" in tex
    assert f"\\newcommand{{\\sheettotal}}{{{points}}}\n" in tex
    assert points == sum(known[p].points for p in chosen)
    assert f"sheets: DURATION {typed}: {','.join(chosen)} ({used} min, {points} points)\n" \
        in err


def test_a_one_hour_paper_no_longer_sets_two_hours_of_problems(built, tmp_path, capsys):
    known = bank.problems()
    assert sheets.main(["--duration", "1h", "--out", str(tmp_path)]) == 0
    chosen = built[0]["problems"]
    assert sheets.totals(bank.DEFAULT_PROBLEMS, known)[1] == 120
    assert sheets.totals(chosen, known)[1] == 45 and len(chosen) == 1
    capsys.readouterr()
    # a wrong option after DURATION is still said in one line, no choice printed before it
    assert sheets.main(["--duration", "1h", "--seed", "-3", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seed (SEED)" in err, err


@pytest.mark.parametrize("typed", DURATIONS)
def test_problems_too_long_for_the_duration_are_refused_naming_both(
        typed, built, tmp_path, capsys):
    known = bank.problems()
    minutes = sheets.duration_minutes(typed)
    taken, fits = [], []
    for pid in _exam(known):            # the longest list that fits, then one more
        taken.append(pid)
        if sheets.totals(taken, known)[1] > minutes:
            break
        fits = list(taken)
    assert sheets.totals(taken, known)[1] > minutes
    code = sheets.main(["--problems", ",".join(taken), "--duration", typed,
                        "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and not built, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    need = sheets.totals(taken, known)[1]
    assert re.search(rf"--problems \(PROBLEMS\) {re.escape(','.join(taken))} take {need} "
                     rf"min, more than --duration \(DURATION\) {re.escape(typed)} "
                     rf"\({minutes} min\)", err), err
    if fits:        # a list that fits is set as given, in its order
        assert sheets.main(["--problems", ",".join(reversed(fits)), "--duration", typed,
                            "--out", str(tmp_path)]) == 0
        assert built[-1]["problems"] == list(reversed(fits))


@pytest.mark.parametrize("typed", [",,", ",", " , ", ""])
def test_an_empty_list_of_problems_is_refused_by_sheets_and_moodle(
        typed, built, tmp_path, capsys, monkeypatch):
    made = []
    monkeypatch.setattr(moodle, "build", lambda *a, **k: made.append(a) or [])
    for command, main in (("sheets", sheets.main), ("moodle", moodle.main)):
        code = main(["--problems", typed, "--out", str(tmp_path)])
        err = capsys.readouterr().err
        assert code == 2, (command, err)
        assert err == (f"coursebuild: {command}: --problems (PROBLEMS): {typed!r} names no "
                       f"problem (python -m coursebuild sheets --list shows the "
                       f"{len(bank.problems())} problems)\n")
    assert not built and not made
    # not given at all: the defaults, every problem for Moodle
    assert sheets.main(["--out", str(tmp_path)]) == 0
    assert built[0]["problems"] == list(bank.DEFAULT_PROBLEMS)
    assert moodle.main(["--out", str(tmp_path)]) == 0
    assert made[0][1] == list(bank.problems())
