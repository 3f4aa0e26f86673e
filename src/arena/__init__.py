"""arena: two-player reachability games on graphs, solved by attractors.

Examples
--------
>>> from arena import Arena, solve
>>> g = Arena(S0=["a"], S1=["b", "w"], edges={"a": ["b", "w"], "b": ["a"]}, V0=["w"])
>>> solve(g).winner["b"]
0
"""

from arena.arena import Arena, ArenaError, Player, Vertex, vertex_id
from arena.rules import from_rules
from arena.solver import Solution, StrategyError, attractor, solve, verify_strategy

__all__ = ["Arena", "ArenaError", "Player", "Vertex", "vertex_id", "Solution", "StrategyError",
           "attractor", "solve", "verify_strategy", "from_rules"]
__version__ = "0.2.0"
"""The version, written here only: `arena --version` and the package metadata read it."""
