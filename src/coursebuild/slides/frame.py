"""What every part of a deck shares: a frame, and the decks' own words (below the chapter's
deck, :mod:`coursebuild.slides.deck`, and the frames it takes from the counter algorithm's
and the trees' modules, so that none of them imports another)."""

from __future__ import annotations

from dataclasses import dataclass

WORDS = {
    "fr": {"steps": "Les étapes de l'attracteur de \\(J_0\\)",
           "enter": "entrent~:", "size": "positions", "ranks": "Rangs",
           "misconceptions": "Erreurs à guetter", "questions": "Question à poser",
           "answer": "Réponse", "counter": "L'algorithme des compteurs, pas à pas",
           "queue": "File", "line": "Ligne"},
    "en": {"steps": "The steps of \\(J_0\\)'s attractor",
           "enter": "enter:", "size": "positions", "ranks": "Ranks",
           "misconceptions": "Misconception to watch", "questions": "Question to ask",
           "answer": "Answer", "counter": "The counter algorithm, step by step",
           "queue": "Queue", "line": "Line"},
}
"""The decks' own words (the rest is the chapters')."""
PAPER_WIDTH_PT = {"169": 160 * 72.27 / 25.4, "43": 128 * 72.27 / 25.4}
"""Beamer's pages: 160 mm x 90 mm at 16:9, 128 mm x 96 mm at 4:3."""
MARGIN_PT = 6 * 72.27 / 25.4          # the text's margins (preamble.tex: \setbeamersize)


@dataclass
class Frame:
    """One frame of a deck: its kind, its title (LaTeX) and its LaTeX."""

    kind: str
    title: str
    tex: str
    overlays: int = 1


def figure_width(ratio: str, overhang: float) -> float:
    """The width a TikZ figure's node centres may span on a frame, when its nodes stick
    out by ``overhang`` in all (at most 360 pt: the figures' size at 16:9)."""
    return min(360.0, PAPER_WIDTH_PT[ratio] - 2 * MARGIN_PT - overhang)
