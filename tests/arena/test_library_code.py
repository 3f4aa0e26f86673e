"""The library's code reads top-down and survives ``python -O``: module constants are
defined before their first use; ``python -O`` removes ``assert`` statements, so the library
never relies on one to check what can really happen (bad input, a broken promise), and
its errors stay the same."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[2] / "src" / "arena"


def _narrows_a_type(test: ast.expr) -> bool:
    """``x is not None`` (or several joined by ``and``): a note for the type checker about
    an invariant of the code, not a check of input."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return all(_narrows_a_type(v) for v in test.values)
    return (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None)


def test_the_library_asserts_only_what_the_type_checker_needs():
    checks = []
    for path in sorted(LIBRARY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assert) and not _narrows_a_type(node.test):
                checks.append(f"{path.relative_to(LIBRARY)}:{node.lineno}")
    assert checks == []


def test_module_constants_are_defined_before_their_first_use():
    early = []
    for path in sorted(LIBRARY.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined: dict[str, int] = {}
        for node in tree.body:
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            for target in targets:
                if isinstance(target, ast.Name) and re.fullmatch(r"_?[A-Z][A-Z0-9_]*",
                                                                 target.id):
                    defined.setdefault(target.id, node.lineno)
        early += [f"{path.relative_to(LIBRARY)}:{node.lineno}: {node.id}"
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                  and node.lineno < defined.get(node.id, 0)]
    assert early == []


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "nim", "--rule", "1,,2"],
     "arena: error: --rule: '1,,2' is not a list of integers such as 1,2,3: item 2 is empty\n"),
    (["solve", "nim", "--rule", "0,1"],
     "arena: error: --rule: a rule is a non-empty set of positive integers, not [0, 1]\n"),
])
def test_bad_input_gives_the_same_error_under_python_O(argv, message):
    proc = subprocess.run([sys.executable, "-O", "-m", "arena", *argv], capture_output=True,
                          text=True, timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", message)
