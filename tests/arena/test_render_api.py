"""arena.render's public surface: ``__all__`` lists every public name it defines, each
documented, and nothing outside the module reaches for its private names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from arena import render

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "arena" / "render.py"


def _defined_names(tree: ast.Module) -> dict[str, ast.stmt]:
    """Top-level functions, classes and assigned names, each with its statement."""
    names: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
    return names


def test_all_lists_every_public_name_and_only_existing_ones():
    defined = _defined_names(ast.parse(SOURCE.read_text(encoding="utf-8")))
    public = {name for name in defined if not name.startswith("_")}
    assert public - set(render.__all__) == set()
    assert all(hasattr(render, name) for name in render.__all__)
    assert len(render.__all__) == len(set(render.__all__))
    assert "RenderError" in render.__all__      # re-exported from arena.errors


def test_every_public_name_is_documented():
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    body = tree.body
    undocumented = []
    for k, node in enumerate(body):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            if not node.name.startswith("_") and ast.get_docstring(node) is None:
                undocumented.append(node.name)
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            following = body[k + 1] if k + 1 < len(body) else None
            documented = (isinstance(following, ast.Expr)
                          and isinstance(following.value, ast.Constant)
                          and isinstance(following.value.value, str))
            if not name.startswith("_") and name != "__all__" and not documented:
                undocumented.append(name)
    assert undocumented == []


_PRIVATE_ATTRIBUTE = re.compile(r"\brender\._[A-Za-z]")


def test_nothing_outside_render_uses_its_private_names():
    users = []
    for folder in ("src", "tests", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == SOURCE:
                continue
            text = path.read_text(encoding="utf-8")
            for node in ast.walk(ast.parse(text)):
                if (isinstance(node, ast.ImportFrom) and node.module == "arena.render"
                        and any(a.name.startswith("_") for a in node.names)):
                    users.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            users += [f"{path.relative_to(ROOT)}: {m.group()}"
                      for m in _PRIVATE_ATTRIBUTE.finditer(text)]
    assert users == []


def test_the_font_configuration_is_written_whole_in_a_fresh_cache(tmp_path, monkeypatch):
    from arena import fonts

    monkeypatch.setattr(fonts, "_font_ready", [])
    monkeypatch.setenv("FONTCONFIG_FILE", "")        # restored after the test
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "arena-fontconfig"
    folder.mkdir()
    (folder / "fonts.conf").write_text("<fontconfig>stale</fontconfig>\n")
    positions = render.positions_of("digraph { a -> b }")
    assert set(positions) == {"a", "b"}
    conf = (folder / "fonts.conf").read_text()
    assert f"<dir>{render.font_files()}</dir>" in conf and "stale" not in conf
    assert sorted(p.name for p in folder.iterdir() if p.name != "cache") == ["fonts.conf"]
