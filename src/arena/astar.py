"""A*: a shortest path guided by a heuristic (the wider chapter, part K).

A* is Dijkstra's algorithm that explores first the vertex p with the least
``d(p) + h(p)``: the cost of the best path found so far plus an estimate h of the cost
left to the goal. With an *admissible* heuristic (h never overestimates) the path found
when the goal is taken out of the queue is a shortest one (the first path that merely
reaches the goal may not be); with a *consistent* one
(h(s) ≤ w(s, p) + h(p) on every edge, and h(goal) = 0) no vertex is expanded twice.

A graph is a mapping ``vertex -> {successor: weight}`` with non-negative weights.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["AStarResult", "astar", "dijkstra_to", "is_admissible", "is_consistent",
           "EXAMPLE_GRAPH", "EXAMPLE_POSITIONS", "straight_line"]

Graph = Mapping[Any, Mapping[Any, float]]


@dataclass(frozen=True)
class AStarResult:
    """A path found by :func:`astar`."""

    path: tuple[Any, ...]
    """From the start to the goal (empty when the goal cannot be reached)."""
    cost: float
    """The sum of the weights along ``path`` (``inf`` when unreachable)."""
    expanded: tuple[Any, ...]
    """The vertices in the order A* expanded them."""


def astar(graph: Graph, start: Any, goal: Any,
          h: Callable[[Any], float]) -> AStarResult:
    """A shortest path from ``start`` to ``goal``, exploring by least ``d + h``.

    Ties are broken by the order in which vertices were first reached, so the result is
    deterministic.

    Notes
    -----
    With a binary heap, O((|S| + |A|) log |S|) for a consistent heuristic.

    Examples
    --------
    >>> g = {"a": {"b": 1, "c": 4}, "b": {"c": 1}, "c": {}}
    >>> astar(g, "a", "c", lambda v: 0)
    AStarResult(path=('a', 'b', 'c'), cost=2, expanded=('a', 'b', 'c'))
    """
    dist: dict[Any, float] = {start: 0}
    parent: dict[Any, Any] = {}
    order = {start: 0}
    heap = [(h(start), 0, start)]
    done: set[Any] = set()
    expanded = []
    while heap:
        _, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        expanded.append(u)
        if u == goal:
            path = [u]
            while path[-1] in parent:
                path.append(parent[path[-1]])
            return AStarResult(tuple(reversed(path)), dist[u], tuple(expanded))
        for v, w in graph.get(u, {}).items():
            if w < 0:
                raise ValueError(f"negative weight {w} on the edge {u!r} -> {v!r}")
            d = dist[u] + w
            if d < dist.get(v, math.inf):
                if v in done:      # possible only with an inconsistent heuristic
                    done.discard(v)
                dist[v] = d
                parent[v] = u
                order.setdefault(v, len(order))
                heapq.heappush(heap, (d + h(v), order[v], v))
    return AStarResult((), math.inf, tuple(expanded))


def dijkstra_to(graph: Graph, goal: Any) -> dict[Any, float]:
    """The true distance from every vertex to ``goal`` (Dijkstra on the reversed graph).

    Examples
    --------
    >>> dijkstra_to({"a": {"b": 2}, "b": {"c": 3}, "c": {}}, "c")
    {'c': 0, 'b': 3, 'a': 5}
    """
    reverse: dict[Any, list[tuple[Any, float]]] = {}
    for u, succ in graph.items():
        for v, w in succ.items():
            reverse.setdefault(v, []).append((u, w))
    dist: dict[Any, float] = {goal: 0}
    heap: list[tuple[float, int, Any]] = [(0, 0, goal)]
    counter = 1
    while heap:
        d, _, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u, w in reverse.get(v, []):
            if d + w < dist.get(u, math.inf):
                dist[u] = d + w
                heapq.heappush(heap, (d + w, counter, u))
                counter += 1
    return dist


def is_admissible(graph: Graph, goal: Any, h: Callable[[Any], float]) -> bool:
    """Whether ``h`` never overestimates the distance to ``goal`` (checked everywhere)."""
    return all(h(v) <= d for v, d in dijkstra_to(graph, goal).items())


def is_consistent(graph: Graph, goal: Any, h: Callable[[Any], float]) -> bool:
    """Whether h(goal) = 0 and h(s) ≤ w(s, p) + h(p) on every edge (s, p).

    A consistent heuristic is admissible.
    """
    return h(goal) == 0 and all(h(s) <= w + h(p) for s, succ in graph.items()
                                for p, w in succ.items())


EXAMPLE_POSITIONS: dict[str, tuple[int, int]] = {
    "s": (2, 2), "a": (4, 3), "b": (6, 3), "c": (8, 2), "t": (10, 2),
    "d": (1, 3), "f": (1, 1), "e": (7, 0),
}
"""A small map: places and their coordinates (in km on a grid). The way from s to t
runs east; d and f lie behind s."""

EXAMPLE_GRAPH: dict[str, dict[str, int]] = {
    "s": {"a": 3, "e": 6, "d": 2, "f": 2},
    "a": {"b": 2},
    "b": {"c": 3},
    "c": {"t": 2},
    "d": {"a": 3},
    "e": {"t": 5},
    "f": {"e": 7},
    "t": {},
}
"""Roads of the small map, one way, each at least as long as the straight line."""


def straight_line(goal: str = "t", scale: float = 1.0) -> Callable[[str], float]:
    """The straight-line distance to ``goal`` on :data:`EXAMPLE_POSITIONS`, times
    ``scale``: admissible and consistent for ``scale ≤ 1``, not for large scales.

    Examples
    --------
    >>> h = straight_line()
    >>> far = straight_line(scale=3)
    >>> is_consistent(EXAMPLE_GRAPH, "t", h), is_admissible(EXAMPLE_GRAPH, "t", far)
    (True, False)
    """
    gx, gy = EXAMPLE_POSITIONS[goal]

    def h(v: str) -> float:
        x, y = EXAMPLE_POSITIONS[v]
        return scale * math.hypot(x - gx, y - gy)

    return h
