"""A* on the small map: optimal with an admissible heuristic, cheaper than Dijkstra."""

from __future__ import annotations

import math

import pytest

from arena.astar import (
    EXAMPLE_GRAPH,
    astar,
    dijkstra_to,
    is_admissible,
    is_consistent,
    straight_line,
)


def test_straight_line_is_consistent_hence_admissible():
    h = straight_line()
    assert is_consistent(EXAMPLE_GRAPH, "t", h) and is_admissible(EXAMPLE_GRAPH, "t", h)


def test_a_star_finds_the_shortest_path_and_expands_fewer_vertices_than_dijkstra():
    guided, blind = astar(EXAMPLE_GRAPH, "s", "t", straight_line()), \
        astar(EXAMPLE_GRAPH, "s", "t", lambda v: 0)
    assert guided.path == blind.path == ("s", "a", "b", "c", "t")
    assert guided.cost == blind.cost == dijkstra_to(EXAMPLE_GRAPH, "t")["s"] == 10
    assert len(guided.expanded) < len(blind.expanded)
    assert "d" in blind.expanded and "d" not in guided.expanded


def test_an_overestimating_heuristic_can_miss_the_shortest_path():
    h = straight_line(scale=3)
    assert not is_admissible(EXAMPLE_GRAPH, "t", h)
    r = astar(EXAMPLE_GRAPH, "s", "t", h)
    assert r.path == ("s", "e", "t") and r.cost == 11


def test_unreachable_goal_and_negative_weights():
    assert astar({"a": {}, "b": {}}, "a", "b", lambda v: 0).cost == math.inf
    with pytest.raises(ValueError, match="negative weight"):
        astar({"a": {"b": -1}}, "a", "b", lambda v: 0)
