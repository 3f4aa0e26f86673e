"""The practice page (issue 49 §1) as the build writes it: the block
``assets/javascripts/practice.js`` brings to life in place of ``<!-- practice -->``, and the
zip of the course package's modules that its Python worker imports. What the worker runs,
the variants' fields and their checks, is :mod:`coursebuild.course.practice`, below this page
(the Moodle export reads it too)."""

from __future__ import annotations

import html
import re

from coursebuild.course import practice

MARKER = re.compile(r"^[ \t]*<!-- practice -->[ \t]*$", re.M)
"""Where a page holds the practice block (``docs/*/practice.md``)."""

PAGE_WORDS = {
    "fr": "Cette page demande JavaScript : elle fait les variantes et vérifie les réponses "
          "en Python dans le navigateur.",
    "en": "This page needs JavaScript: it makes the variants and checks the answers in "
          "Python in the browser.",
}


def block_html(lang: str, url) -> str:
    """The block ``assets/javascripts/practice.js`` brings to life: the problems of the
    bank in the course's order, with their chapters; ``url(path)`` is a shared file's
    address from the page."""
    import json

    from coursebuild.course import bank_samples
    from coursebuild.typeset import editions

    chapters = editions.chapter_headings(lang)
    problems = []
    for p in editions.in_course_order(bank_samples.bank().problems().values(), lang):
        number, title = chapters.get(p.chapter, (0, p.chapter))
        problems.append({"id": p.id, "title": p.title[lang], "chapter": p.chapter,
                         "chapterTitle": f"{number}. {title}" if number else title})
    attrs = {"class": "arena-practice", "data-lang": lang,
             "data-problems": json.dumps(problems, ensure_ascii=False),
             "data-pyodide": url("assets/pyodide/"),
             "data-worker": url("assets/javascripts/practice-worker.js"),
             "data-viz": url("assets/javascripts/vendor/viz-global.js"),
             "data-katex": url("assets/katex/katex.min.js")}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    words = practice._french(PAGE_WORDS[lang], lang)
    return f'<div {text}><p class="arena-noscript">{words}</p></div>'


def expand(markdown: str, lang: str, url) -> str:
    """``<!-- practice -->`` replaced by :func:`block_html`."""
    return MARKER.sub(lambda m: block_html(lang, url), markdown)


def pyodide_modules() -> list[str]:
    """The files of the course package the worker imports to make and check every
    problem's variants (paths under ``src/coursebuild``), found by doing it in a fresh
    interpreter: the bank imports part of the course's build, which may move."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\nfrom pathlib import Path\nimport coursebuild\n"
            "from coursebuild.course import bank, practice\n"
            "for p in bank.problems():\n    practice.view(p, 0, 'fr')\n"
            "root = Path(coursebuild.__file__).parent\n"
            "print(json.dumps(sorted(Path(m.__file__).relative_to(root).as_posix()\n"
            "    for n, m in list(sys.modules.items())\n"
            "    if n.split('.')[0] == 'coursebuild' and getattr(m, '__file__', None))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise RuntimeError("the practice page's modules could not be listed: "
                           + (done.stderr.strip().splitlines() or ["?"])[-1])
    return json.loads(done.stdout)


def practice_zip() -> bytes:
    """The course package's modules the practice worker needs besides ``arena.zip``
    (the bank and what it imports), and the glossary the bank's English variants take
    their code's names from, as JSON (:func:`coursebuild.sources.glossary.bundle`: Pyodide reads
    no YAML), as a zip Pyodide unpacks (deterministic). Made again only when a source it
    may take changes (:func:`coursebuild.course.keys.cached_bytes`): every run of MkDocs asks."""
    import hashlib
    from pathlib import Path

    from coursebuild.course import keys
    from coursebuild.paths import ROOT
    from coursebuild.sources import glossary

    root = Path(practice.__file__).parents[1]
    digest = hashlib.sha256()
    for path in sorted([*root.rglob("*.py"), *root.parent.joinpath("arena").rglob("*.py"),
                        ROOT / glossary.GLOSSARY]):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return keys.cached_bytes("practice.zip", digest.hexdigest(), _practice_zip)


def _practice_zip() -> bytes:
    import io
    import zipfile
    from pathlib import Path

    from coursebuild.sources import glossary

    root = Path(practice.__file__).parents[1]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in pyodide_modules():
            info = zipfile.ZipInfo(f"coursebuild/{name}", (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (root / name).read_bytes())
        info = zipfile.ZipInfo(f"coursebuild/sources/{glossary.BUNDLED}", (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, glossary.bundle())
    return buffer.getvalue()
