"""What a new problem family touches (issue 66 §5, CONTRIBUTING.md): its module in
``src/coursebuild/course/bank/``, which declares its problems (``PROBLEMS``) and the form of their
answers (``FIELDS``: the practice page's fields and the Moodle export's blanks), and its
name in the bank's registry (``bank._MODULES``): two files. In a copy of the sources, a
family made that way (one of the bank's own modules under a new name and problem id) is in
the bank, in the practice page's view, in a class's papers and in the Moodle export, in
both languages, with no other file changed; without its fields the bank refuses it by
name."""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEW_ID = "token-graph-again"
TOUCHED = ["coursebuild/course/bank/__init__.py", "coursebuild/course/bank/tokens_again.py"]
"""The files of ``src/`` a new family touches: its module and the bank's registry (the
count CONTRIBUTING.md gives, tests/test_contributing.py)."""

PROBE = f"""
import json
from coursebuild.course import bank, bank_samples, practice
from coursebuild.products import moodle
from coursebuild.languages import LANGS

p = bank.problems()[{NEW_ID!r}]
v = bank.variant({NEW_ID!r}, 3)
p.check(v)
out = {{"count": len(bank.problems()), "titles": [p.title[l] for l in LANGS]}}
out["views"] = [practice.view({NEW_ID!r}, 3, lang)["title"] for lang in LANGS]
out["papers"] = [[w.problem for w in row]
                 for row in bank_samples.assign([{NEW_ID!r}], students=2, seed=2026)]
out["moodle"] = [bool(moodle.question_html(v, lang)[0]) for lang in LANGS]
print(json.dumps(out))
"""


def _copy(top: Path) -> Path:
    src = top / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copytree(ROOT / "docs" / "data", top / "docs" / "data")   # the glossary the bank reads
    return src


def _add_family(src: Path, *, fields: bool = True) -> None:
    """The edits the guide describes: a module (its problems and their fields), its name
    in the registry."""
    bank = src / "coursebuild" / "course" / "bank"
    module = (bank / "token_graph.py").read_text(encoding="utf-8")
    assert module.count('TOKENS = "grundy-token-graph"') == 1
    module = module.replace('TOKENS = "grundy-token-graph"', f'TOKENS = "{NEW_ID}"').replace(
        'title=bi("Des jetons sur un graphe sans cycle", "Tokens on a graph without cycle")',
        'title=bi("Encore des jetons", "Tokens again")')
    if not fields:
        assert module.count("\nFIELDS = {") == 1
        module = module[:module.index("\nFIELDS = {")] + "\n"
    (bank / "tokens_again.py").write_text(module, encoding="utf-8")
    registry = (bank / "__init__.py").read_text(encoding="utf-8")
    line = '"othergames", "kayles")'
    assert registry.count(line) == 1
    (bank / "__init__.py").write_text(
        registry.replace(line, '"othergames", "kayles", "tokens_again")'),
        encoding="utf-8")


def _changed(a: Path, b: Path, under: str = "") -> list[str]:
    """The files that differ between two trees (or are in one only), by path."""
    cmp = filecmp.dircmp(a, b, ignore=["__pycache__", "arena_reachability.egg-info"])
    out = [f"{under}{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files]
    for name in cmp.common_dirs:
        out += _changed(a / name, b / name, f"{under}{name}/")
    return sorted(out)


def test_a_new_family_is_its_module_and_one_registry_line(tmp_path):
    """Two files: the family's module and the registry (CONTRIBUTING.md counts them)."""
    src = _copy(tmp_path)
    _add_family(src)
    assert _changed(ROOT / "src", src) == TOUCHED
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    from coursebuild.course import bank

    assert out["count"] == len(bank.problems()) + 1 and NEW_ID not in bank.problems()
    assert out["titles"] == out["views"] == ["Encore des jetons", "Tokens again"]
    assert out["papers"] == [[NEW_ID], [NEW_ID]]
    assert out["moodle"] == [True, True]


def test_a_family_without_its_fields_is_refused_by_name(tmp_path):
    src = _copy(tmp_path)
    _add_family(src, fields=False)
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"ValueError: coursebuild/course/bank/tokens_again.py: problem {NEW_ID!r} has no FIELDS "
        "entry (the form of its answers)")


def test_the_bank_registry_lists_every_module_that_holds_problems():
    """The registry is the one place: a module of the bank with problems that is not in it
    would be silently left out."""
    from coursebuild.course import bank

    holders = sorted(p.stem for p in (ROOT / "src" / "coursebuild" / "course" / "bank").glob("*.py")
                     if "\nPROBLEMS" in p.read_text(encoding="utf-8"))
    assert holders == sorted(bank._MODULES)
