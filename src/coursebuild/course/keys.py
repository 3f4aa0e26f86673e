"""What a product of the build (a figure, a fragment, a notebook) depends on, hashed;
and the build's cached steps (:func:`cached_step`: the sites, the zip, the wheel), run
again when the digest of their inputs (:func:`inputs_digest`) changes.

A product is made by a function. Its key covers:

- the source of that function and of every function or constant of the course package it
  uses, directly or through another one, followed across modules (so editing one
  figure's recipe changes that figure's key alone, and editing a shared helper changes the
  keys of its users);
- the content of every data file named by such a constant (``docs/examples/*.yaml``,
  ``docs/data/*.json``, ``docs/listings/*.py``);
- the whole library (every file of ``src/arena``): the solver, the games, the renderer;
  its Python as code, without its docstrings and comments, which no product shows (the
  API reference, which does, is a page: MkDocs renders it again);
- the versions the products are made with (Python, Graphviz, the figures' font).

A product whose key is unchanged and whose outputs are the bytes written is up to date.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable
from importlib import metadata
from pathlib import Path

from arena._files import write_atomic
from coursebuild.paths import ROOT

LIBRARY = ROOT / "src" / "arena"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DATA_SUFFIXES = (".yaml", ".yml", ".json", ".py")
_PATH_LITERAL = re.compile(r"[\"'](docs/[^\"'\s]+\.(?:yaml|yml|json|py))[\"']")


_sources: dict[Callable, str] = {}


def _source(fn: Callable) -> str:
    if fn not in _sources:
        _sources[fn] = inspect.getsource(fn)
    return _sources[fn]


def _ours(value: object) -> bool:
    return (inspect.isfunction(value) or inspect.isclass(value)) and \
        getattr(value, "__module__", "").startswith("coursebuild.")


def _data_file(value: object) -> Path | None:
    """The project file a constant names, if it names one (``"docs/examples/x.yaml"``,
    ``ROOT / "build" / "bench.json"``)."""
    if isinstance(value, str | Path) and str(value).endswith(_DATA_SUFFIXES):
        path = Path(value)
        return path if path.is_absolute() else ROOT / path
    return None


def _plain(value: object) -> bool:
    """Data written in the code (text, numbers, paths and containers of them), whose
    ``repr`` is the same from one run to the next (not a registry of functions)."""
    if value is None or isinstance(value, str | int | float | bool | Path):
        return True
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return all(_plain(v) for v in value)
    return False


def _stable_repr(value: object) -> str:
    if isinstance(value, set | frozenset):     # string hashing changes the order per run
        return "{" + ", ".join(sorted(_stable_repr(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_stable_repr(k)}: {_stable_repr(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return type(value).__name__ + "(" + ", ".join(_stable_repr(v) for v in value) + ")"
    if isinstance(value, Path) and value.is_relative_to(ROOT):    # the same in any clone
        return f"Path(<project>/{value.relative_to(ROOT).as_posix()})"
    return repr(value)


def _constant(value: object) -> list[str]:
    """A constant's text, and the content of the data file it names, if it names one."""
    path = _data_file(value)
    content = [] if path is None else [path.read_text("utf-8", "replace")
                                       if path.is_file() else ""]
    if isinstance(value, str):          # code kept in a string, which names a file
        content += _files_named(value)
    return [_stable_repr(value), *content]


def _files_named(text: str) -> list[str]:
    """The content of every project file whose path ``text`` writes in quotes."""
    return [(ROOT / p).read_text("utf-8", "replace") if (ROOT / p).is_file() else ""
            for p in _PATH_LITERAL.findall(text)]


def sources_used(fn: Callable) -> list[str]:
    """The source of ``fn`` and of every function, class or constant of the course
    package it uses, followed through other modules, with the content of the data files
    those constants name."""
    seen: set[tuple[str, str]] = set()
    pending = [(_source(fn), sys.modules[fn.__module__])]
    out = []
    while pending:
        source, module = pending.pop()
        out.append(source)
        out += _files_named(source)                      # a path written in the code
        for name in _IDENTIFIER.findall(source):
            value = getattr(module, name, None)
            if value is None or (module.__name__, name) in seen:
                continue
            seen.add((module.__name__, name))
            if _ours(value):
                pending.append((_source(value), sys.modules[value.__module__]))
            elif inspect.ismodule(value) and value.__name__.startswith("coursebuild."):
                # `examples.nim_10()`: the attributes used after the module's name
                for attr in re.findall(rf"\b{name}\.([A-Za-z_][A-Za-z0-9_]*)", source):
                    member = getattr(value, attr, None)
                    if (value.__name__, attr) in seen:
                        continue
                    seen.add((value.__name__, attr))
                    if _ours(member):
                        pending.append((_source(member), sys.modules[member.__module__]))
                    elif attr.isupper() and _plain(member):
                        out.extend(_constant(member))
            elif name.isupper() and _plain(value):
                out.extend(_constant(value))
    return out


def files_digest(paths: Iterable[Path], root: Path = ROOT) -> str:
    """A digest of the names (from ``root``) and contents of ``paths`` (folders: every
    file inside, caches of Python left out)."""
    h = hashlib.sha256()
    for top in paths:
        files = sorted(p for p in top.rglob("*") if p.is_file()) if top.is_dir() else [top]
        for path in files:
            if "__pycache__" in path.parts or not path.exists():
                continue
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


_per_build: dict[str, str] = {}


def _code(source: bytes) -> bytes:
    r"""A Python module as the code it runs: its syntax tree without docstrings (nor
    comments, line numbers, blank lines), or its bytes when it does not parse.

    >>> _code(b"'Doc.'\nx = 1  # one\n") == _code(b"'Other doc.'\n\nx = 1\n")
    True
    >>> _code(b"x = 1") == _code(b"x = 2")
    False
    """
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    documented = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, documented) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


_code_digests: dict[bytes, bytes] = {}
"""The digest of a Python file's code (:func:`_code`), by the digest of its bytes: the
library's modules were parsed again at each step of a build (figures, fragments, sheets,
notebooks), a third of an up-to-date build's time (issue 65)."""


def _file_digest(path: Path) -> bytes:
    """The digest of a library file: its Python as code, its other files as bytes."""
    data = path.read_bytes()
    raw = hashlib.sha256(data).digest()
    if path.suffix != ".py":
        return raw
    if raw not in _code_digests:
        _code_digests[raw] = hashlib.sha256(_code(data)).digest()
    return _code_digests[raw]


def library_digest() -> str:
    """Every file of the library (``src/arena``), read once per build: the names of its
    files, their Python as code (:func:`_code`: a docstring edit makes no figure or
    notebook again), its other files as bytes."""
    if "library" not in _per_build:
        h = hashlib.sha256()
        for path in sorted(p for p in LIBRARY.rglob("*") if p.is_file()):
            if "__pycache__" in path.parts:
                continue
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            h.update(_file_digest(path))
        _per_build["library"] = h.hexdigest()
    return _per_build["library"]


def versions() -> str:
    """The versions the products are made with (looked up once per build)."""
    if "versions" in _per_build:
        return _per_build["versions"]
    found = []
    for name in ("pygraphviz", "font-source-sans-pro", "nbclient", "jupytext"):
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:  # pragma: no cover - an extra is missing
            found.append(f"{name} ?")
    _per_build["versions"] = f"python {sys.version_info[:3]}; " + "; ".join(found)
    return _per_build["versions"]


def key(fn: Callable, *extra: str | Callable) -> str:
    """The key of the product made by ``fn``; ``extra``: more text, or the functions that
    turn its result into files (their sources)."""
    h = hashlib.sha256()
    for source in sources_used(fn):
        h.update(source.encode() + b"\0")
    for item in extra:
        h.update((item if isinstance(item, str) else _source(item)).encode() + b"\0")
    h.update(library_digest().encode())
    h.update(versions().encode())
    return h.hexdigest()


def clear() -> None:
    """Forget the sources read and the examples made: each build starts afresh (a
    long-running server builds many times)."""
    from coursebuild.course import examples

    _sources.clear()
    _per_build.clear()
    examples.forget()


# ---------------------------------------------------------------------------------------
# the build's cached steps (the sites, the zip, the wheel)

STAMPS = ROOT / "build" / "stamps"
CACHE = ROOT / "build" / "cache"
"""What a step of the build computes for every run of MkDocs (each of a build's four, each
save of ``make serve``), kept between processes by :func:`cached_bytes`."""


def cached_bytes(name: str, key: str, make: Callable[[], bytes]) -> bytes:
    """``make()``, kept in ``build/cache/NAME`` with ``key`` and made again only when the
    key changes. The key and the bytes are one file, replaced whole: two processes that
    make it at once write the same thing, and a reader never pairs a key with the bytes
    of another.

    >>> import tempfile; from unittest import mock
    >>> with tempfile.TemporaryDirectory() as tmp, mock.patch(f"{__name__}.CACHE", Path(tmp)):
    ...     made = [cached_bytes("x", k, lambda: k.encode() * 2) for k in ("a", "a", "b")]
    ...     again = cached_bytes("x", "b", lambda: b"not made")
    >>> made, again
    ([b'aa', b'aa', b'bb'], b'bb')
    """
    path = CACHE / name
    head = key.encode() + b"\n"
    try:
        kept = path.read_bytes()
    except OSError:
        kept = b""
    if kept.startswith(head):
        return kept[len(head):]
    data = make()
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        write_atomic(path, head + data)
    except OSError:                     # a folder it cannot write in: made each time
        pass
    return data


def inputs_digest(inputs: tuple[str, ...], env: tuple[str, ...] = ()) -> str:
    """A digest of every file under ``inputs`` (paths relative to the project), their
    names and contents, and of the environment variables ``env``."""
    digest = hashlib.sha256(files_digest([ROOT / name for name in inputs], ROOT).encode())
    for var in env:
        digest.update(f"{var}={os.environ.get(var, '')}\0".encode())
    return digest.hexdigest()


def cached_step(name: str, key: str, outputs: list[Path], run) -> bool:
    """Run ``run()`` unless the stamp ``name`` records ``key`` and every output exists;
    return whether it ran. The stamp is written after a successful run only."""
    stamp = STAMPS / name
    if stamp.exists() and stamp.read_text() == key and all(p.exists() for p in outputs):
        return False
    stamp.unlink(missing_ok=True)
    run()
    STAMPS.mkdir(parents=True, exist_ok=True)
    write_atomic(stamp, key)
    return True
