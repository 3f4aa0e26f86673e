"""The release: a version tag runs .github/workflows/release.yml, whose steps check the
version against the tag and the changelog, build the sdist and the wheel and test them
alone, then publish them by trusted publishing (no token). The steps run here, in a
temporary copy of the project, all but the upload; the changelog and the version agree."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

import arena

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_changelogs_latest_version_is_the_packages():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    latest = re.search(r"^## (\S+)", text, re.M)
    assert latest is not None and latest[1] == arena.__version__


def test_a_version_tag_publishes_by_trusted_publishing_after_the_tests():
    workflow = _workflow()
    assert workflow[True] == {"push": {"tags": ["v*"]}}          # YAML reads `on` as True
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    assert publish["needs"] == "build" and publish["permissions"] == {"id-token": "write"}
    upload = publish["steps"][-1]
    assert upload["uses"].startswith("pypa/gh-action-pypi-publish@") and "with" not in upload
    assert "secrets." not in WORKFLOW.read_text(encoding="utf-8")     # no token anywhere
    runs = [step["run"] for step in build["steps"] if "run" in step]
    assert [r.split()[2] if "release.py" in r else r for r in runs] == [
        "python3 -m pip install -q build", "check", "build", "test"]


def test_the_release_steps_run_in_a_copy_of_the_project(tmp_path):
    """Each `run` step of the build job, in order, in a copy of the project where the
    maintainer has dated the version (as the README says to), with the tag's name; the
    check refuses a wrong tag and an entry still marked unreleased."""
    from coursebuild.paths import copy_project

    copy = copy_project(tmp_path / "project")
    changelog = copy / "CHANGELOG.md"
    text = changelog.read_text(encoding="utf-8")
    version = arena.__version__
    env = dict(os.environ, GITHUB_REF_NAME=f"v{version}")
    env.pop("PYTHONPATH", None)

    def run(line: str) -> subprocess.CompletedProcess:
        line = line.replace("python3 ", f"{sys.executable} ", 1)
        return subprocess.run(line, shell=True, executable="/bin/bash", cwd=copy, env=env,
                              capture_output=True, text=True, timeout=1800)

    dated = re.sub(rf"^## {re.escape(version)}.*$", f"## {version} (2026-01-15)", text,
                   count=1, flags=re.M)
    changelog.write_text(re.sub(rf"^## {re.escape(version)}.*$", f"## {version} (unreleased)",
                                text, count=1, flags=re.M), encoding="utf-8")
    refused = run('python3 scripts/release.py check "$GITHUB_REF_NAME"')
    assert refused.returncode == 1 and "still marks" in refused.stderr
    changelog.write_text(dated, encoding="utf-8")
    wrong = run("python3 scripts/release.py check v0.0.1")
    assert wrong.returncode == 1 and f"the tag v0.0.1 is not v{version}" in wrong.stderr
    for step in _workflow()["jobs"]["build"]["steps"]:
        if "run" in step:
            done = run(step["run"])
            assert done.returncode == 0, (step["run"], done.stdout[-2000:], done.stderr[-2000:])
    built = sorted(p.name for p in (copy / "dist").iterdir())
    assert built == [f"arena_reachability-{version}-py3-none-any.whl",
                     f"arena_reachability-{version}.tar.gz"]
    assert "the package-alone tests pass" in done.stdout
