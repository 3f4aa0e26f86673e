"""Beyond reachability: the figures and fragments of ``docs/fr/beyond.md`` and
``docs/en/beyond.md``, one module per part of the chapter: game trees (minimax,
alpha-beta, Othello: :mod:`.search`), A* (:mod:`.astar`), Grundy numbers (:mod:`.grundy`);
the chapter's exercises' file is :mod:`._exercises`."""

from __future__ import annotations

from coursebuild.course.drawing import Figure
from coursebuild.course.examples import EX_TREE, SLIDES_TREE
from coursebuild.course.pages.beyond._exercises import (
    EXERCISES,
)
from coursebuild.course.pages.beyond.astar import (
    EX_ASTAR,
    EX_ASTAR_H,
    REOPEN_GRAPH,
    REOPEN_H,
    astar_expanded,
    astar_facts,
    astar_goal,
    astar_map,
    astar_reopen,
    astar_steps,
    astar_steps_text,
    astar_trace,
    astar_trace_steps,
    dijkstra_expanded,
    ex_astar,
    ex_astar_graph,
    ex_astar_graph_text,
)
from coursebuild.course.pages.beyond.grundy import (
    ex_grundy_14,
    grundy_sequences,
    marienbad_agree_misere,
    marienbad_agree_normal,
    marienbad_facts,
    marienbad_graph,
    marienbad_positions,
)
from coursebuild.course.pages.beyond.search import (
    BEYOND_LISTINGS,
    alphabeta_nodes,
    alphabeta_pruned_leaves,
    alphabeta_steps,
    alphabeta_steps_text,
    alphabeta_trace,
    alphabeta_trace_steps,
    alphabeta_tree,
    ex_alphabeta,
    ex_minimax,
    ex_tree_leaves,
    ex_tree_leaves_read,
    listing_minimax,
    listing_othello,
    minimax_nodes,
    minimax_tree,
    othello_example,
    othello_weights,
    search_facts,
)

FIGURES: tuple[Figure, ...] = (
    Figure("minimax-tree", minimax_tree),
    Figure("alphabeta-tree", alphabeta_tree),
    Figure("marienbad-graph", marienbad_graph),
    Figure("astar-map", astar_map),
    Figure("alphabeta-steps", alphabeta_steps),
    Figure("astar-steps", astar_steps),
    Figure("ex-astar-graph", ex_astar_graph),
)

__all__ = ["alphabeta_nodes", "alphabeta_pruned_leaves", "alphabeta_steps", "alphabeta_steps_text", "alphabeta_trace", "alphabeta_trace_steps", "alphabeta_tree", "astar_expanded", "astar_facts", "astar_goal", "astar_map", "astar_reopen", "astar_steps", "astar_steps_text", "astar_trace", "astar_trace_steps", "BEYOND_LISTINGS", "dijkstra_expanded", "ex_alphabeta", "EX_ASTAR", "ex_astar", "ex_astar_graph", "ex_astar_graph_text", "EX_ASTAR_H", "ex_grundy_14", "ex_minimax", "EX_TREE", "ex_tree_leaves", "ex_tree_leaves_read", "EXERCISES", "FIGURES", "grundy_sequences", "listing_minimax", "listing_othello", "marienbad_agree_misere", "marienbad_agree_normal", "marienbad_facts", "marienbad_graph", "marienbad_positions", "minimax_nodes", "minimax_tree", "othello_example", "othello_weights", "REOPEN_GRAPH", "REOPEN_H", "search_facts", "SLIDES_TREE"]
"""What the page's module holds: its subjects' figures, fragments, counts and facts."""
