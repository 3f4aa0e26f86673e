"""Property-based tests over the file loader and the CLI (issue 19): whatever the document,
the run ends with exit 0 or 2, one line on stderr and no traceback when it fails, output
that parses (JSON, SVG as XML) when it succeeds, and vertex names kept exactly."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys
import xml.etree.ElementTree as ET

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.cli import main

NAMES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["0450", "on", "1:30", "1e3", "010", "&amp;", "<script>x</script>",
                     "\\input{x}", "\"; rankdir=LR", "\x1b[2J", "\ud800", "a" * 300, "j'",
                     "-- }", "]]>", "null", "~"]),
)
SCALARS = st.one_of(NAMES, st.integers(), st.floats(), st.booleans(), st.none())
DOCS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(NAMES, inner, max_size=4)), max_leaves=12)


@st.composite
def arena_docs(draw):
    """Documents close to an arena, so that many of them are valid."""
    names = draw(st.lists(NAMES, min_size=1, max_size=6, unique=True))
    split = draw(st.integers(0, len(names)))
    doc = {"S0": names[:split], "S1": names[split:],
           "edges": {x: draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
                     for x in draw(st.lists(st.sampled_from(names), unique=True))}}
    if draw(st.booleans()):
        doc["V0"] = draw(st.lists(st.sampled_from(names), max_size=2, unique=True))
    if draw(st.booleans()):
        doc["title"] = draw(NAMES)
    if draw(st.booleans()):
        doc[draw(NAMES)] = draw(DOCS)
    return doc


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _check(path, doc):
    status, out, err = _run(["solve", str(path), "--json"])
    assert status in (0, 2), err
    if status == 2:
        assert out == "" and err.startswith("arena: error: ") and err.count("\n") == 1
        assert "Traceback" not in err and "\x1b" not in err
        return None
    report = json.loads(out)
    ids = [p["id"] for p in report["positions"]]
    assert ids == list(dict.fromkeys([*doc["S0"], *doc["S1"]]))
    return report


FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FAST
@given(doc=arena_docs(), fmt=st.sampled_from(["json", "yaml"]))
def test_solve_any_document(tmp_path, doc, fmt):
    path = tmp_path / f"g.{fmt}"
    try:
        text = (json.dumps(doc, ensure_ascii=False) if fmt == "json"
                else yaml.safe_dump(doc, allow_unicode=True))
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    except (UnicodeEncodeError, yaml.YAMLError):
        path.write_text(json.dumps(doc), encoding="utf-8")  # \ud800 as an escape
    _check(path, doc)


@FAST
@given(doc=DOCS)
def test_arbitrary_documents(tmp_path, doc):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = _run(["solve", str(path), "--json"])
    assert status in (0, 2) and "Traceback" not in err
    if status == 0:
        json.loads(out)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=arena_docs())
def test_render_any_document(tmp_path, doc):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out_svg = tmp_path / "g.svg"
    out_svg.unlink(missing_ok=True)
    status, out, err = _run(["render", str(path), "--show", "winners", "-o", str(out_svg)])
    assert status in (0, 2), err
    if status == 0:
        root = ET.fromstring(out_svg.read_bytes())
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        assert set(doc["S0"]) | set(doc["S1"]) <= texts | {""}
    else:
        assert not out_svg.exists() and err.count("\n") == 1


@settings(max_examples=25, deadline=None)
@given(argv=st.lists(st.one_of(st.sampled_from(
    ["solve", "render", "nim", "chomp", "marienbad", "tictactoe", "connect4", "ourson",
     "--n", "--rule", "--rows", "--cols", "--heaps", "--size", "--align", "--json",
     "--limit", "--show", "--player", "--step", "-o", "/dev/null/x.svg", "-"]),
    st.text(max_size=8), st.integers(-10, 10 ** 12).map(str)), max_size=7))
def test_arbitrary_options(argv):
    status, out, err = _run(argv)
    assert status in (0, 2) and "Traceback" not in err


def _limited():  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (20, 20))


def test_hostile_cases_under_a_resource_limit(tmp_path):
    """Under 1 GB of memory and 20 s of CPU, each case ends with one line and exit 2."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n")
    cases = [["solve", str(deep)], ["solve", str(bomb)],
             ["solve", "nim", "--n", "1000000000"], ["solve", "chomp", "--rows", "30",
                                                     "--cols", "30"],
             ["solve", "tictactoe", "--size", "1000000"],
             ["solve", "marienbad", "--heaps", "1000,1000,1000"],
             ["render", "nim", "--n", "100000000", "-o", str(tmp_path / "n.svg")],
             ["solve", "/dev/zero"]]
    for argv in cases:
        proc = subprocess.run([sys.executable, "-m", "arena", *argv], capture_output=True,
                              text=True, preexec_fn=_limited, timeout=60)
        assert proc.returncode == 2, (argv, proc.stderr)
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, argv
