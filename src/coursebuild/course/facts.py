"""Facts and helpers shared by several pages' fragments."""

from __future__ import annotations

import re
from pathlib import Path

from arena import Arena, solve
from coursebuild.paths import ROOT
from coursebuild.sources.markdown import (
    Bilingual,
    fence,
    pos,
    table,
    who,
)


class ClaimError(RuntimeError):
    """A sentence of a chapter is contradicted by the computation: the page is not written."""


def claim(holds: object, what: str) -> None:
    """Stop the build with :class:`ClaimError` when a fact a page states does not hold
    (an ``assert`` would vanish under ``python -O``)."""
    if not holds:
        raise ClaimError(what)

def best_defence_moves(g: Arena, player: int) -> dict:
    """For an arena without cycles: the number of moves ``player`` needs to win from each
    position when both play their best (``None`` where it cannot force a win).

    A direct recursion on the plays, independent of the attractor: 0 on the player's
    victory positions; at the player's positions, one more than the best successor; at
    the opponent's, one more than the worst one, and no win if one successor has none.
    The chapter's theorem says this is the rank; :func:`nim_positions` checks it.
    """
    memo: dict = {}

    def moves(v, depth=0):
        if v in memo:
            return memo[v]
        if depth > len(g):
            raise ClaimError("best_defence_moves: the arena has a cycle")
        succ = g.successors(v)
        if g.victory(v) is not None or not succ:
            result = 0 if g.victory(v) == player else None
        else:
            values = [moves(y, depth + 1) for y in succ]
            if g.owner(v) == player:
                wins = [m for m in values if m is not None]
                result = 1 + min(wins) if wins else None
            else:
                result = None if None in values else 1 + max(values)
        memo[v] = result
        return result

    return {v: moves(v) for v in g.vertices}

def _strategy_table(g: Arena, player: int, lang: str) -> str:
    sol = solve(g)
    rows = []
    for x, y in sol.strategy(player).items():
        rows.append((pos(x), who(sol.winner[x], lang), "" if sol.rank[x] is None else sol.rank[x],
                     pos(y), "" if sol.rank[y] is None else sol.rank[y]))
    head = (("Position", "Gagnant", "Rang", "Coup joué", "Rang après") if lang == "fr" else
            ("Position", "Winner", "Rank", "Move", "Rank after"))
    return table(head, rows, "llrlr")

def _shape(shape) -> str:
    return "(" + ", ".join(map(str, shape)) + ")"

LISTINGS = ROOT / "docs" / "listings" / "attractors.py"

def listing_sections(lang: str, path: Path = LISTINGS) -> dict[str, str]:
    """The sections (``# listing: NAME``) of a listing file, as the page in ``lang`` shows
    them: comment lines ``#fr ...`` / ``#en ...`` kept (as ``# ...``) in their language only,
    and the English page's code with the English names of the course."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r"# listing: ([a-z0-9-]+)$", line)
        if head:
            current = sections.setdefault(head.group(1), [])
            continue
        if current is None:
            continue
        tag = re.match(r"(\s*)#(fr|en) (.*)$", line)
        if tag:
            if tag.group(2) == lang:
                current.append(f"{tag.group(1)}# {tag.group(3)}")
            continue
        current.append(line)
    shown = {name: "\n".join(lines).strip("\n") + "\n" for name, lines in sections.items()}
    if lang == "fr":
        return shown
    from coursebuild.sources.glossary import english  # the English edition's names

    return {name: english(text) for name, text in shown.items()}

def _listing_fragment(name: str, path: Path = LISTINGS) -> Bilingual:
    return {lang: fence(listing_sections(lang, path)[name].rstrip("\n"), "python")
            for lang in ("fr", "en")}

def listing_namespace(lang: str = "en", path: Path = LISTINGS) -> dict:
    """The functions of the listings, run from the text the page in ``lang`` shows."""
    namespace: dict = {}
    exec("\n\n".join(listing_sections(lang, path).values()), namespace)
    return namespace

# what Markdown, the maths extension or HTML would read as syntax in a step's text
# (punctuation such as ":" stays itself, for French typography)
_STEP_SPECIALS = re.compile(r"[\\`*_{}\[\]<>&|$~]")


def _steps_text(trace: dict) -> Bilingual:
    """Every step of an algorithm stepper as a numbered list (the stepper's text, readable
    without JavaScript)."""
    out = {}
    for lang in ("fr", "en"):
        word = "Étape" if lang == "fr" else "Step"
        colon = " :" if lang == "fr" else ":"
        lines = []
        for k, step in enumerate(trace["steps"]):
            state = " ".join(f"{line}." for line in step["state"][lang])
            # the steps name vertices, and names come from files: shown as written
            lines.append(f"{k + 1}. **{word} {k}{colon}** "
                         + _STEP_SPECIALS.sub(lambda m: f"&#{ord(m.group())};",
                                              f"{step['text'][lang]} {state}"))
        out[lang] = "\n".join(lines) + "\n"
    return out

def _set(vs) -> str:
    """A set of vertices in maths: ``$\\{(1, 0), (3, 1)\\}$``."""
    return "$\\{" + ", ".join(pos(v).replace("$", "") for v in vs) + "\\}$"

def _three_positions(back_edge: bool) -> Arena:
    """a (J_0), b (J_1), v in V_0: a -> b, b -> a, and b -> v (plays) or a -> v
    (strategies)."""
    edges = {"a": ["b"], "b": ["a", "v"]} if back_edge else {"a": ["b", "v"], "b": ["a"]}
    return Arena(S0=["a"], S1=["b", "v"], edges=edges, V0=["v"])


def numbering_below_rank_arena() -> Arena:
    """A bipartite arena where the chapter's numbering (``calcule_attracteur2``) is below
    the rank: J_1 at ``x`` can move to ``w`` (a victory of J_0) or take the long way
    ``y z v``. The algorithms chapter (arena 2) and the notes on the sources show it."""
    return Arena(S0=["v", "y", "w"], S1=["x", "z"],
                 edges={"x": ["y", "w"], "y": ["z"], "z": ["v"]},
                 V0=["v", "w"], start="x")
