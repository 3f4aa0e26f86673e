"""The release's steps, as the release workflow runs them (.github/workflows/release.yml),
and as a test runs them in a temporary copy of the project (all but the upload):

    python scripts/release.py check vX.Y.Z   # the tag, the version, the changelog agree
    python scripts/release.py build dist     # the sdist and the wheel, into dist/
    python scripts/release.py test dist      # the package-alone tests on each of them

``test`` installs each artifact with its ``[figures,fast]`` extras in a fresh virtual
environment and runs there, against the installed package (not the checkout), its
doctests and the test files that need the library alone (:data:`PACKAGE_TESTS`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_TESTS = ("tests/arena/test_cli.py", "tests/test_files_safe.py")
"""Test files that read nothing but the library (no course build, no site, no browser),
beside its doctests: the command line and the files it writes (the whole suite runs on
every push, by the test workflow)."""
TEST_TOOLS = ("pytest", "hypothesis")


def version() -> str:
    text = (ROOT / "src" / "arena" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if found is None:
        raise SystemExit("release: no __version__ in src/arena/__init__.py")
    return found[1]


def changelog_version() -> tuple[str, str]:
    """The latest version the changelog describes, and what its heading says after it
    (``"(unreleased)"``, a date...)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    found = re.search(r"^## (\S+)(.*)$", text, re.M)
    if found is None:
        raise SystemExit("release: CHANGELOG.md has no '## VERSION' heading")
    return found[1], found[2].strip()


def check(tag: str) -> None:
    """The tag names the package's version, and the changelog's latest entry is that
    version, released (its heading not marked unreleased)."""
    v = version()
    if tag != f"v{v}":
        raise SystemExit(f"release: the tag {tag} is not v{v} (src/arena/__init__.py)")
    logged, rest = changelog_version()
    if logged != v:
        raise SystemExit(f"release: CHANGELOG.md's latest entry is {logged}, not {v}")
    if "unreleased" in rest.lower():
        raise SystemExit(f"release: CHANGELOG.md still marks {v} {rest}: give its date")
    print(f"release: {tag}, version {v}, changelog {logged} {rest}")


def build(out: Path) -> None:
    """The sdist and the wheel (PyPA's build, in isolated environments)."""
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir",
                    str(out), str(ROOT)], check=True)
    names = sorted(p.name for p in out.iterdir())
    v = version()
    expected = [f"arena_reachability-{v}-py3-none-any.whl", f"arena_reachability-{v}.tar.gz"]
    if names != expected:
        raise SystemExit(f"release: built {names}, expected {expected}")


def test(dist: Path) -> None:
    """Each artifact of ``dist`` installed alone in a fresh environment, then tested."""
    artifacts = sorted(dist.glob("arena_reachability-*"))
    if len(artifacts) != 2:
        raise SystemExit(f"release: expected a wheel and an sdist in {dist}")
    for artifact in artifacts:
        with tempfile.TemporaryDirectory() as tmp:
            env_dir = Path(tmp, "env")
            venv.create(env_dir, with_pip=True)
            python = str(env_dir / "bin" / "python")
            # --no-compile: the environment is thrown away after the tests; compiling each
            # module of numba, numpy and the test tools to bytecode was half the install's
            # CPU time (about 8 of 17 s; the tests compile the few they import, once:
            # `fresh`, below)
            subprocess.run([python, "-m", "pip", "install", "-q", "--no-compile",
                            f"{artifact}[figures,fast]", *TEST_TOOLS], check=True)
            # its Pythons keep what they compile, whatever PYTHONDONTWRITEBYTECODE says:
            # each command a test starts would compile numpy and the library again
            fresh = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            where = subprocess.run([python, "-c", "import arena; print(arena.__file__)"],
                                   cwd=tmp, capture_output=True, text=True, check=True,
                                   env=fresh)
            if not where.stdout.startswith(str(env_dir)):
                raise SystemExit(f"release: arena was imported from {where.stdout.strip()}")
            # the installed package, not the checkout: only tests/ goes on the path (for
            # its conftest), and the doctests are taken from the installed modules
            subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "-o", "addopts=", "-o",
                            "testpaths=", "--rootdir", str(ROOT), "--doctest-modules",
                            "--pyargs", "arena", *(str(ROOT / t) for t in PACKAGE_TESTS)],
                           cwd=tmp, check=True, env=fresh)
            print(f"release: {artifact.name}: the package-alone tests pass")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("check", "build", "test"):
        print(__doc__, file=sys.stderr)
        return 2
    command, arg = argv
    if command == "check":
        check(arg)
    elif command == "build":
        build(Path(arg))
    else:
        test(Path(arg))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
