"""English reads as English (issue 24): "stated without proof", not the French "admis"
turned into "admitted"; one word for the sticks (no "matches"); a film named when it is
mentioned; the rank written rank(x), not the French rg(x). (Issue 24 also asked for "it"
as a player's pronoun; issue 36, newer, asks for one pronoun that is not "it": the
exercises' texts use "they", tested with them in test_exercise_order.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"<(pre|code|script|style)\b.*?</\1>", re.S)


def _english_pages(site: Path) -> list[Path]:
    pages = sorted((site / "en").rglob("index.html"))
    assert len(pages) >= 20
    return [p for p in pages if "assets" not in p.relative_to(site).parts]


def _article(path: Path) -> tuple[str, str]:
    """The article of a page as HTML (maths as written) and as prose (code left out)."""
    page = path.read_text(encoding="utf-8")
    body = page[page.find("<article"):page.rfind("</article>")]
    prose = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", CODE.sub(" ", body)))
    return body, prose


def test_english_pages_read_as_english(site):
    found = []
    for page in _english_pages(site):
        body, prose = _article(page)
        where = page.relative_to(site)
        found += [f"{where}: admitted" for _ in re.finditer(r"\badmitted\b", prose)]
        found += [f"{where}: {m.group()}" for m in re.finditer(r"\bmatch(es)?\b", prose)]
        if re.search(r"\bthe film\b", prose) and "Last Year at Marienbad" not in prose:
            found.append(f"{where}: the film, unnamed")
        found += [f"{where}: {m.group()}" for m in re.finditer(r"\\mathrm\{rg\}|\brg\(", body)]
    assert found == []


def test_the_english_words_chosen_are_there(site):
    prose = " ".join(_article(p)[1] for p in _english_pages(site))
    body = " ".join(_article(p)[0] for p in _english_pages(site))
    assert prose.count("stated without proof") >= 3
    assert prose.count("sticks") >= 20 and "Last Year at Marienbad" in prose
    assert body.count("\\mathrm{rank}") >= 20 and "On its turn, a player" in prose
