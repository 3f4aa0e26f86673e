"""Each programming exercise's id and the function the student writes for it, in each
edition (:mod:`coursebuild.course.python_exercises`)."""

from __future__ import annotations

FUNCTIONS: dict[str, str] = {
    "nim-graph": "jeu_de_nim", "degrees": "degres", "reverse": "renverse_graphe",
    "naive-attractor": "attracteur_naif", "attractor": "calcule_attracteur",
    "ranks": "rangs", "strategy": "choix_coup", "grundy": "grundy", "minimax": "minimax",
    "alphabeta": "alphabeta",
}
"""Each exercise's id and the function the student writes: what :func:`check` calls. The
exercises' texts (statement, starting code, an answer) are in ``docs/exercises``
(:mod:`coursebuild.sources.exercise_source`)."""

ENGLISH_FUNCTIONS: dict[str, str] = {
    "nim-graph": "nim_game", "degrees": "degrees", "reverse": "reverse_graph",
    "naive-attractor": "fixpoint_attractor", "attractor": "compute_attractor",
    "ranks": "attractor_ranks", "strategy": "choose_move", "grundy": "grundy",
    "minimax": "minimax", "alphabeta": "alphabeta",
}
"""The same functions as the English edition names them (the English names of
``docs/data/glossary.yaml``, which this module cannot read in Pyodide: a test checks that
they agree)."""


def function_name(exercise_id: str, lang: str) -> str:
    """The function the student writes for ``exercise_id`` in the edition in ``lang``; an
    unknown id is an error that names it."""
    try:
        return (FUNCTIONS if lang == "fr" else ENGLISH_FUNCTIONS)[exercise_id]
    except KeyError:
        raise ValueError(f"unknown exercise {exercise_id!r} (FUNCTIONS in "
                         "coursebuild.course.python_exercises.names)") from None
