"""The ourson game: the figures and fragments of ``docs/fr/ourson.md`` and
``docs/en/ourson.md``: the game as the chapter solves it (:mod:`.game`) and as the
article plays it (:mod:`.article`)."""

from __future__ import annotations

from coursebuild.course import examples
from coursebuild.course.drawing import Figure
from coursebuild.course.pages.ourson.article import (
    ARTICLE_CYCLE,
    PAIRS,
    PLAYS,
    SEED,
    WAYS,
    article_cycle_facts,
    article_graph_on_cycles,
    article_graph_reached,
    article_lost_first,
    article_lost_last,
    article_strategy_graph,
    best_defence,
    ourson_article_cycle,
    ourson_article_graph,
    ourson_cub_to_move,
    ourson_defence_ties,
    ourson_defence_ties_count,
    ourson_plays_per_line,
    ourson_random_conclusion,
    ourson_random_plays,
    ourson_start_rank,
    random_plays,
)
from coursebuild.course.pages.ourson.game import (
    OURSON_BOARD_POSITIONS,
    ex_ourson_clock,
    ex_ourson_count,
    ex_ourson_ranks,
    ourson_blocked,
    ourson_board,
    ourson_cycle,
    ourson_draws,
    ourson_facts,
    ourson_free_vertices,
    ourson_longest_anywhere,
    ourson_longest_from_start,
    ourson_move_limit,
    ourson_moves,
    ourson_positions,
    ourson_rank_strictly_above,
    ourson_reachable,
    ourson_states,
    ourson_strategy,
    ourson_strategy_positions,
    ourson_won_by_ourson,
    ourson_won_by_puppies,
    unreachable_positions,
)

FIGURES: tuple[Figure, ...] = (
    Figure("ourson-board", ourson_board),
    Figure("ourson-states", ourson_states),
    Figure("ourson-strategy", ourson_strategy),
    Figure("ourson-cycle", ourson_cycle),
    Figure("ourson-article-cycle", ourson_article_cycle),
)

__all__ = ["ARTICLE_CYCLE", "article_cycle_facts", "article_graph_on_cycles", "article_graph_reached", "article_lost_first", "article_lost_last", "article_strategy_graph", "best_defence", "ex_ourson_clock", "ex_ourson_count", "ex_ourson_ranks", "examples", "FIGURES", "ourson_article_cycle", "ourson_article_graph", "ourson_blocked", "ourson_board", "OURSON_BOARD_POSITIONS", "ourson_cub_to_move", "ourson_cycle", "ourson_defence_ties", "ourson_defence_ties_count", "ourson_draws", "ourson_facts", "ourson_free_vertices", "ourson_longest_anywhere", "ourson_longest_from_start", "ourson_move_limit", "ourson_moves", "ourson_plays_per_line", "ourson_positions", "ourson_random_conclusion", "ourson_random_plays", "ourson_rank_strictly_above", "ourson_reachable", "ourson_start_rank", "ourson_states", "ourson_strategy", "ourson_strategy_positions", "ourson_won_by_ourson", "ourson_won_by_puppies", "PAIRS", "PLAYS", "random_plays", "SEED", "unreachable_positions", "WAYS"]
"""What the page's module holds: its subjects' figures, fragments, counts and facts."""
