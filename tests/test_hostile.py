"""Hostile and careless input: never a traceback, a live script or half an output. Names
that could not land unchanged everywhere (a table, an SVG, a DOT file, a page, LaTeX, a
terminal) are refused at the door; what is accepted is escaped where it lands."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("text", "message"), [
    ('{"S0": ["a\\u001b[31m"], "S1": []}', "U+001B"),
    ('{"S0": ["\\ud800"], "S1": []}', "U+D800"),
    ('{"S0": ["a\\u202eb"], "S1": []}', "U+202E"),            # a bidi override
    ('{"S0": ["' + "9" * 5000 + '"], "S1": []}', "5,000 characters"),
    ('{"S0": ["a"], "S1": [], "title": "x\\n```\\n<img src=x onerror=alert(1)>"}',
     "U+000A"),
    ('{"S0": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
])
def test_names_that_cannot_land_unchanged_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = run("solve", str(path), "--json")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert message in err and err.startswith(f"arena: error: {path}")


def test_a_device_is_not_read(tmp_path):
    status, out, err = run("solve", "/dev/zero")
    assert status == 2 and "not a regular file" in err


def test_stdout_on_a_full_device_is_one_line_and_exit_2():
    done = subprocess.run(f"{sys.executable} -m arena solve nim --n 10 --json > /dev/full",
                          shell=True, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == "arena: error: cannot write the output (No space left on device)\n"


def _sheet_answer(lang: str) -> str:
    """Exercise 6.2's answer as the sheets set it: its fragment, computed from the example,
    converted to LaTeX by the book's converter (coursebuild.typeset.texts)."""
    from coursebuild.products.fragments import registry
    from coursebuild.typeset.texts import Converter

    return Converter(lang).latex(registry()["ex6-2-solution"]()[lang], "exercises")


def test_latex_specials_in_a_name_are_printed_not_run(tmp_path, monkeypatch):
    from coursebuild.course import examples

    example = tmp_path / "exercise-6-2.yaml"
    example.write_text("S0: ['\\input{/etc/passwd}', 'x_1']\nS1: ['b$c', '50%']\n"
                       "V0: ['50%']\nedges:\n  '\\input{/etc/passwd}': ['b$c', '50%']\n"
                       "  'b$c': ['x_1']\nstart: '\\input{/etc/passwd}'\n", encoding="utf-8")
    monkeypatch.setattr(examples, "EX42", str(example))
    answer = _sheet_answer("en").replace("\\allowbreak{}", "")  # a path may break at its /
    assert "\\input{" not in answer and "\\textbackslash{}input\\{/etc/passwd\\}" in answer
    assert "b\\$c" in answer and "50\\%" in answer and "x\\_1" in answer


NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
                max_size=30) | st.sampled_from(["&amp;", "<script>alert(1)</script>",
                                                "\\input{x}", "a\"b", "0450", "on", "-1"])


@st.composite
def documents(draw):
    """Arena documents, valid or not: arbitrary names, keys and shapes."""
    names = draw(st.lists(NAMES, min_size=1, max_size=6, unique=True))
    half = draw(st.integers(0, len(names)))
    doc: dict = {"S0": names[:half], "S1": names[half:]}
    doc["edges"] = {x: draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
                    for x in draw(st.lists(st.sampled_from(names), max_size=3, unique=True))}
    if draw(st.booleans()):
        doc["V0"] = draw(st.lists(st.sampled_from(names), max_size=2, unique=True))
    if draw(st.booleans()):
        doc["start"] = draw(st.sampled_from(names))
    if draw(st.booleans()):
        doc[draw(st.sampled_from(["title", "extra", "S0"]))] = draw(NAMES)
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(doc=documents(), as_yaml=st.booleans())
def test_any_document_gives_exit_0_or_2_and_names_are_kept_exactly(tmp_path, doc, as_yaml):
    import yaml

    path = tmp_path / ("doc.yaml" if as_yaml else "doc.json")
    text = (yaml.safe_dump(doc, allow_unicode=True) if as_yaml
            else json.dumps(doc, ensure_ascii=False))
    path.write_text(text, encoding="utf-8")
    status, out, err = run("solve", str(path), "--json")
    assert status in (0, 2), err
    assert "Traceback" not in err
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("arena: error: ")
        return
    report = json.loads(out)
    ids = [p["id"] for p in report["positions"]]
    assert sorted(ids) == sorted(set(doc["S0"]) | set(doc["S1"]))       # exactly as written
    svg = tmp_path / "doc.svg"
    status, _, err = run("render", str(path), "-o", str(svg))
    assert status == 0, err
    root = ET.fromstring(svg.read_bytes())                                # well-formed XML
    titles = {t.text for t in root.iter("{http://www.w3.org/2000/svg}title")}
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(ids) <= titles                                   # for screen readers
    assert {i for i in ids if i.strip() == i and " " not in i} <= texts   # drawn as written


def test_a_name_drawn_as_nothing_is_refused_and_one_that_marks_a_letter_is_drawn(tmp_path):
    # hypothesis found U+E01F0 alone: solved, then Graphviz could not measure it (exit 2)
    path = tmp_path / "v.json"
    path.write_text(json.dumps({"S0": [], "S1": ["\U000e01f0\U000e01f0"], "edges": {}}),
                    encoding="utf-8")
    status, out, err = run("solve", str(path))
    assert (status, out) == (2, "") and "is invisible" in err and "key 'S1'" in err
    path.write_text(json.dumps({"S0": ["a\U000e01f0"], "S1": ["\u2603\ufe0f"],
                                "edges": {"a\U000e01f0": ["\u2603\ufe0f"]}}),
                    encoding="utf-8")
    svg = tmp_path / "v.svg"
    status, _, err = run("render", str(path), "-o", str(svg))
    assert status == 0, err
    texts = {t.text for t in ET.fromstring(svg.read_bytes()).iter(
        "{http://www.w3.org/2000/svg}text")}
    assert texts == {"a\U000e01f0", "\u2603\ufe0f"}


def test_markup_and_references_in_names_are_drawn_as_written(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text('S0: ["&amp;", "<b>x</b>"]\nS1: [\'a"b\']\nedges:\n  "&amp;": [\'a"b\']\n',
                    encoding="utf-8")
    svg = tmp_path / "h.svg"
    assert run("render", str(path), "-o", str(svg))[0] == 0
    root = ET.fromstring(svg.read_bytes())
    texts = sorted(t.text for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert texts == sorted(["&amp;", "<b>x</b>", 'a"b'])


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "nim", "--n", "1000000000"], "more than the limit of 2,000,000"),
    (["solve", "chomp", "--rows", "30", "--cols", "30"], "more than the limit"),
    (["solve", "tictactoe", "--size", "1000000"], "far more than any machine holds"),
    (["solve", "marienbad", "--heaps", "1000,1000,1000"], "2,006,006,002 positions"),
    (["render", "nim", "--n", "100000000", "-o", "x.svg"], "too many to draw"),
    (["solve", "nim", "--max-positions", "-2"], "--max-positions: -2 is less than 1"),
])
def test_work_is_estimated_before_it_starts(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(*argv)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1
    if "limit" in message:
        assert "--max-positions N raises it" in err
    if "to draw" in message:
        assert "--max-vertices N raises it" in err
    assert list(tmp_path.iterdir()) == []


def test_the_limit_is_raised_by_the_option_it_names():
    status, out, _ = run("solve", "chomp", "--rows", "5", "--cols", "7", "--max-positions",
                         "1000")
    assert status == 2
    status, out, _ = run("solve", "chomp", "--rows", "3", "--cols", "3", "--max-positions",
                         "1000")
    assert status == 0 and "38 vertices" in out


def test_a_dense_arena_is_refused_before_graphviz_runs(tmp_path):
    names = [f"v{k}" for k in range(100)]
    lines = ["S0: [" + ", ".join(names[:50]) + "]", "S1: [" + ", ".join(names[50:]) + "]",
             "edges:"] + [f"  {x}: [" + ", ".join(n for n in names if n != x) + "]"
                          for x in names]
    path = tmp_path / "dense.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = run("render", str(path), "-o", str(tmp_path / "d.svg"))
    assert status == 2 and "9,900 edges is too many to draw (limit 6,000; --max-edges N" in err
    status, _, err = run("render", str(path), "-o", str(tmp_path / "d.svg"), "--max-edges",
                         "9900", "--max-vertices", "99")
    assert status == 2 and "100 vertices is too many to draw (limit 99 vertices; " \
        "--max-vertices N raises it)" in err
    assert list(tmp_path.iterdir()) == [path]


def test_markdown_code_spans_and_fences_hold_any_name():
    from coursebuild.sources import markdown as fragments

    assert fragments.code("a") == "`a`"
    assert fragments.code("x`y") == "``x`y``"
    assert fragments.code("`<img src=x onerror=alert(1)>") == "`` `<img src=x onerror=alert(1)> ``"
    assert fragments.code("a|b") == "`a|b`"
    # as the site's Markdown reads them: whole, in a paragraph and in a table's cell
    from coursebuild.typeset.texts import _markdown

    for name in ("a|b", "`t` | p", "x \\| y"):
        cell = [[fragments.code(name), "c"]]
        html = _markdown().reset().convert(f"{fragments.code(name)}\n\n"
                                           + fragments.table(["A", "B"], cell))
        assert html.count(f"<code>{name}</code>") == 2 and "<td>c</td>" in html, html
    block = fragments.fence("title\n```\n<img src=x onerror=alert(1)>", "console")
    assert block.startswith("````console\n") and block.endswith("\n````\n")


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (its own pace, whatever the machine's load)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children_marked(mark: str, parent: int) -> list[int]:
    """The processes, other than ``parent``, whose environment holds ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int(entry.name) != parent and \
                    mark.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _interrupt(argv: list[str], started, cwd: Path | None = None,
               module: str = "arena") -> tuple[int, str]:
    """Run ``python -m module argv``, press Ctrl-C (SIGINT to its process group, as a
    terminal does) once ``started(pid, mark, stderr_lines)`` says the work is under way
    (a line it printed, a process it started, CPU time it spent: never a delay, which a
    busy machine makes too short); return its exit status and stderr. ``mark`` is in the
    environment of the command and of every process it starts."""
    import os
    import signal
    import threading
    import time

    mark = f"arena-interrupt-test-{os.getpid()}-{time.monotonic_ns()}"
    # a pytest-xdist worker ignores SIGINT, and a child would inherit that: give it back
    proc = subprocess.Popen([sys.executable, "-m", module, *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, cwd=cwd,
                            start_new_session=True, env=dict(os.environ, ARENA_TEST_MARK=mark),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stderr.readline, "")),
                              daemon=True)
    reader.start()
    deadline = time.monotonic() + 600
    try:
        while not started(proc.pid, mark, list(lines)):
            assert proc.poll() is None, ("it ended before the interrupt", lines)
            assert time.monotonic() < deadline, ("it never got under way", lines)
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    reader.join(timeout=60)
    return proc.returncode, "".join(lines)


def test_ctrl_c_during_a_solve_is_one_line_and_exit_130():
    # past start-up (0.3 s of CPU; building and solving 6 million positions takes longer)
    status, err = _interrupt(["solve", "nim", "--n", "3000000", "--max-positions", "10000000"],
                             lambda pid, mark, lines: _cpu_seconds(pid) > 1.5)
    assert status == 130 and err == "arena: interrupted\n"


def test_ctrl_c_during_a_render_leaves_nothing(tmp_path):
    # interrupted once the layout's process has started (the render is under way): it ends
    # with the command, and no file is written
    status, err = _interrupt(["render", "nim", "--n", "1299", "--max-vertices", "6000",
                              "--max-edges", "20000", "-o", "n.svg"],
                             lambda pid, mark, lines: _children_marked(mark, pid), cwd=tmp_path)
    assert status == 130 and err == "arena: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_during_the_figure_build_is_one_line_and_the_next_build_completes(tmp_path):
    out = tmp_path / "figures"
    # interrupted once it says it builds (its first line)
    status, err = _interrupt(["figures", "--out", str(out), "--jobs", "2"],
                             lambda pid, mark, lines: any(
                                 line.startswith("figures: building") for line in lines),
                             module="coursebuild")
    assert status == 130 and err.startswith("figures: building "), (status, err)
    assert err.endswith("\ncoursebuild: interrupted\n"), err
    assert "Traceback" not in err
    assert not [p for p in out.rglob("*") if ".tmp" in p.name]
    from coursebuild.__main__ import main as course_main

    assert course_main(["figures", "--out", str(out), "ex6-2-graph", "nim-play"]) == 0
    assert (out / "ex6-2-graph.svg").read_bytes().startswith(b"<?xml")


def test_latex_answers_with_hostile_names_compile_and_show_them(tmp_path, monkeypatch):
    """The sheets' answers, built from an example whose names are LaTeX specials,
    compile and print the names as written (nothing is \\input)."""
    import os
    import shutil

    if shutil.which("pdflatex") is None or shutil.which("pdftotext") is None:
        pytest.skip("TeX Live is installed by `make test`")
    from coursebuild.course import examples
    from coursebuild.typeset.latex import macro_definitions
    from coursebuild.typeset.texts import unicode_declarations

    names = ["\\input{/etc/hostname}", "a&b_c%d#e", "&amp;", "$^~{", "j'"]
    example = tmp_path / "exercise-6-2.json"
    example.write_text(json.dumps({
        "start": names[0], "S0": names[:3], "S1": names[3:] + ["m"], "V0": ["m"],
        "edges": {names[k]: [names[k + 1]] for k in range(len(names) - 1)} | {
            names[-1]: ["m"]}}), encoding="utf-8")
    monkeypatch.setattr(examples, "EX42", str(example))
    answer = _sheet_answer("en")
    tex = tmp_path / "t.tex"
    tex.write_text("\\documentclass{article}\n\\usepackage[english]{babel}\n"
                   "\\input{preamble}\n\\begin{document}\n" + answer + "\n\\end{document}\n",
                   encoding="utf-8")
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "unicode.tex").write_text(unicode_declarations(),
                                                        encoding="utf-8")
    (tmp_path / "generated" / "converter.tex").write_text(macro_definitions(),
                                                          encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           "-no-shell-escape", str(tex)], cwd=tmp_path,
                          env=dict(os.environ, TEXINPUTS=f".:{ROOT / 'handouts'}:"),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-2000:]
    text = subprocess.run(["pdftotext", str(tmp_path / "t.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = " ".join(text.split()).replace("\u02c6", "^")   # the font's circumflex glyph
    for name in names:
        assert name in flat, name


def test_control_characters_never_reach_the_terminal(tmp_path):
    path = tmp_path / "\x1b[31mred\x07.yaml"
    path.write_text("[]\n", encoding="utf-8")
    for argv in (["solve", str(path)], ["solve", "nim", "--n", "\x1b]0;title\x07"],
                 ["render", str(tmp_path / "\x1b[2Jgone.yaml"), "-o", "x.svg"]):
        status, out, err = run(*argv)
        assert status == 2 and err.count("\n") == 1
        assert not any(ord(c) < 32 and c != "\n" for c in err), repr(err)
        assert "\\x1b" in err


def test_a_line_break_that_only_yaml_sees_is_refused_with_its_line(tmp_path):
    """YAML reads U+0085, U+2028 and U+2029 as line breaks, even in a quoted name: the name
    would come out changed, so the file is refused (found by the fuzz suite)."""
    path = tmp_path / "nel.yaml"
    path.write_text('S0: [a]\nS1: ["b\x85c"]\n', encoding="utf-8")
    status, out, err = run("solve", str(path))
    assert status == 2 and out == "" and "line 2: U+0085" in err
