"""English reads as English (issues 24 and 36): "stated without proof", not the French
"admis" turned into "admitted"; one word for the sticks (no "matches"); a film named when
it is mentioned; the rank written rank(x), not the French rg(x); one pronoun for a player,
"they" (issue 36: a player is not "it"); the game of the ourson and the puppies is the
bear cub game, and its pieces the cub and the puppies; "vermilion" as English spells it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"<(pre|code|script|style)\b.*?</\1>", re.S)
PLAYER_IT = ("On its turn", "on its turn", "its pieces", "as it likes", ": it has lost",
             ": it has won", "its own marks", "its two edges",
             "if it plays well", "all its moves lose", "delays its defeat",
             "whatever it likes", "must eat: it loses", "whatever its first move")
# the exercises and their solutions are written in the exercises' own source (issue 39),
# whose English test_exercise_order reads: read here is the chapters' own text
BLOCKS = re.compile(r'<div class="admonition exercise">.*?</div>|'
                    r'<details class="solution".*?</details>', re.S)


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


def _chapter_prose(path: Path) -> str:
    """The prose of a page without its exercises and solutions."""
    body = BLOCKS.sub(" ", _article(path)[0])
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", CODE.sub(" ", body)))


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
        chapter = _chapter_prose(page)
        found += [f"{where}: {s}" for s in PLAYER_IT if s in chapter]
        found += [f"{where}: {m.group()}" for m in re.finditer(r"\bvermillion\b", prose)]
        # one plays *in* a game, and France's "sujets" are exam papers (issue 48 §3)
        found += [f"{where}: {m.group()}" for m in re.finditer(
            r"\b[Aa]t (?:chess|Othello|(?:reverse )?tic-tac-toe|hex|Fort Boyard|Connect-4|chomp)\b|"
            r"\bexam subjects?\b", prose)]
        if where.parts[1] != "reference":   # the API's pages name the function ourson
            found += [f"{where}: {m.group()}"
                      for m in re.finditer(r"\b[Tt]he ourson\b", chapter)]
    assert found == []


def test_the_english_words_chosen_are_there(site):
    prose = " ".join(_article(p)[1] for p in _english_pages(site))
    body = " ".join(_article(p)[0] for p in _english_pages(site))
    assert prose.count("stated without proof") >= 3
    assert prose.count("sticks") >= 20 and "Last Year at Marienbad" in prose
    assert body.count("\\mathrm{rank}") >= 20 and "On their turn, players" in prose
    assert prose.count("the cub") >= 10 and "bear cub game" in prose


# the fresh reading of issue 61: a player is "they" in the bank's problems, the exercises'
# solutions and the notebooks too, not only in the chapters' prose; and the French "sujet"
# (an exam paper) is not an English "subject"
PLAYER_IT_ANYWHERE = ("(its opponent has just", "in misère play it has won", "Its first move",
                      "where it wins", "give all its winning moves", "by its strategy",
                      "follows its strategy", "the player is stuck: it loses",
                      "already winning for it is", "of best value for it;",
                      "that player on the positions of its attractor",
                      "winning strategy gives it a",
                      "at each of its positions that have", "follows its computed strategy",
                      "(it must eat it, or it cannot move)",
                      "wins from each of its positions", "positions and its victory positions",
                      "outside its attractor, a player", "is in its attractor, yet",
                      "non-zero sum, it moves to a zero sum")
# the French "sujet" (an exam paper) is no "subject", an "ouverture" (an optional part) no
# "opening" (which the course defines: the first moves of a chess game)
SUJET = re.compile(r"\bof a subject\b|\bmakes? a subject of\b|\b(?:is|are) an opening\b|"
                   r"\bas an (?:optional )?opening\b|\bas openings\b")


def test_players_are_they_and_papers_are_papers_on_every_english_page(site):
    found = []
    for page in _english_pages(site):
        text = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", _article(page)[0]))
        where = page.relative_to(site)
        found += [f"{where}: {s}" for s in PLAYER_IT_ANYWHERE if s in text]
        found += [f"{where}: {m.group()}" for m in SUJET.finditer(text)]
        # one name for one book: "the teacher's book", as the students' book calls it
        found += [f"{where}: teachers' book" for _ in re.finditer(
            r"\bteachers(?:'|\u2019|&#39;|&rsquo;) book", text)]
    assert found == []
