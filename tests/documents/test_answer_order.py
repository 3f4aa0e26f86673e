"""No answer before its exercise: a figure or a table that a solution shows (inside a
folded solution) is never shown openly before that solution, on its page or on an earlier
page of the course, as a figure, a widget's drawing or a table."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from coursebuild.documents import book


class _Figures(HTMLParser):
    """The figures of a page in order, each with whether it sits inside a solution, and
    its tables (their text)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.found: list[tuple[str, bool]] = []
        self.tables: list[tuple[str, bool]] = []
        self.table: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "details":
            self.stack.append("solution" in classes)
        if tag == "table":
            self.table = []
        if tag == "figure" and (a.get("id") or "").startswith("fig-"):
            self.found.append((a["id"][4:], any(self.stack)))
        elif a.get("data-figure"):
            self.found.append((a["data-figure"], any(self.stack)))

    def handle_data(self, data):
        if self.table is not None:
            self.table.append(data)

    def handle_endtag(self, tag):
        if tag == "details" and self.stack:
            self.stack.pop()
        if tag == "table" and self.table is not None:
            self.tables.append((" ".join("".join(self.table).split()), any(self.stack)))
            self.table = None


def _in_order(site, lang: str, kind: str) -> tuple[list[str], dict[str, str], int]:
    """Walk the course's pages in order, collecting the ``kind`` ("found": figures, or
    "tables") of each: those inside a solution already shown openly before (``late``),
    where each was first shown openly, and how many sit inside solutions."""
    _, _, pages = book.book_pages(lang, "/", notebooks=True)
    root = site if lang == "fr" else site / "en"
    shown_openly: dict[str, str] = {}
    late = []
    solutions = 0
    for page in pages:
        parser = _Figures()
        parser.feed((root / page.url.lstrip("/") / "index.html").read_text(encoding="utf-8"))
        for item, in_solution in getattr(parser, kind):
            solutions += in_solution
            if in_solution and item in shown_openly:
                late.append(f"{item[:80]}: in a solution of {page.url}, shown openly before "
                            f"on {shown_openly[item]}")
            if not in_solution:
                shown_openly.setdefault(item, page.url)
    return late, shown_openly, solutions


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_solution_figure_is_shown_before_its_solution(site, lang):
    late, shown_openly, _ = _in_order(site, lang, "found")
    assert late == []
    assert len(shown_openly) > 20


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_solution_table_is_shown_before_its_solution(site, lang):
    late, _, solutions = _in_order(site, lang, "tables")
    assert late == []
    assert solutions >= 6       # the solutions' computed tables (Nim, chomp, exercise 6.2...)
