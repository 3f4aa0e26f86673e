"""What every part of a deck shares: a frame, and the decks' own words (below the chapter's
deck, :mod:`coursebuild.documents.slides.deck`, and the frames it takes from the counter algorithm's
and the trees' modules, so that none of them imports another)."""

from __future__ import annotations

from dataclasses import dataclass

WORDS = {
    "fr": {"steps": "Les étapes de l'attracteur de \\(J_0\\)",
           "enter": "entrent~:", "size": "positions", "ranks": "Rangs",
           "misconceptions": "Erreurs à guetter", "questions": "Question à poser",
           "answer": "Réponse", "counter": "L'algorithme des compteurs, pas à pas",
           "queue": "File", "line": "Ligne",
           "play": "Une partie contre la stratégie", "play_start": "Départ", "rank": "rang",
           "play_rule": "\\(J_0\\) suit la stratégie calculée ; \\(J_1\\) résiste le plus "
                        "longtemps (le successeur de plus grand rang).",
           "play_j0": "joue", "play_j1": "répond", "move": "Coup",
           "play_end": "\\(V_0\\) est atteint en {n} coups, le rang du départ.",
           "strategy": "La stratégie, pas à pas", "moves": "Coups choisis", "draw": "nulle",
           "part": "partie {k} sur {n}", "in_guide": " (dans le guide de l'enseignant)"},
    "en": {"steps": "The steps of \\(J_0\\)'s attractor",
           "enter": "enter:", "size": "positions", "ranks": "Ranks",
           "misconceptions": "Misconception to watch", "questions": "Question to ask",
           "answer": "Answer", "counter": "The counter algorithm, step by step",
           "queue": "Queue", "line": "Line",
           "play": "A play against the strategy", "play_start": "Start", "rank": "rank",
           "play_rule": "\\(J_0\\) plays the computed strategy; \\(J_1\\) holds out longest "
                        "(the successor of greatest rank).",
           "play_j0": "plays", "play_j1": "replies", "move": "Move",
           "play_end": "\\(V_0\\) is reached in {n} moves, the start's rank.",
           "strategy": "The strategy, step by step", "moves": "Moves chosen", "draw": "draw",
           "part": "part {k} of {n}", "in_guide": " (in the teacher's guide)"},
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
