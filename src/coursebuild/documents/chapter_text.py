"""A chapter's Markdown as the reader gets it (for the checks that read a chapter's text):
the page of ``docs/`` with its exercises put in where their markers stand
(:mod:`coursebuild.sources.exercise_source`) and the bank's problems on its page
(:mod:`coursebuild.products.bank_pages`). A writer: it sits above both."""

from __future__ import annotations

import re

from coursebuild.paths import ROOT
from coursebuild.products import bank_pages
from coursebuild.sources.exercise_source import MARKER, WORDS, _indent, expand, get


def page_text(lang: str, page: str) -> str:
    """A chapter's Markdown as the reader gets it: every exercise, written or in Python,
    put in where its marker stands (a Python exercise as its statement, its answer's code
    and the rest of its solution, which the site shows in its own block), and the bank's
    problems on its page. For the checks that read a chapter's text."""
    markdown = expand((ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8"), lang)
    markdown = bank_pages.expand(markdown, lang)        # the bank's page (teachers')

    def python(m: re.Match) -> str:
        e = get(m["id"])
        answer = "```python\n" + e.code("answer", lang).rstrip("\n") + "\n```\n"
        return (f'!!! exercise "{e.heading(lang)}"\n' + _indent(e.text("statement", lang))
                + f'\n??? solution "{WORDS[lang]["solution"]}"\n'
                + _indent(answer + "\n" + e.text("solution", lang)))

    return MARKER.sub(python, markdown)
