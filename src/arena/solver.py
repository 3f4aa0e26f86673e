"""Attractors, exact ranks, winning sets and memoryless strategies of reachability games.

The functions here work on the integer-indexed form of an :class:`~arena.arena.Arena`
and run in time linear in the size of the graph. They never recurse, so a chain of a
million vertices is solved like any other arena.

This module is the solver's interface and chooses its path (:data:`KERNELS`); each path
is a module of its own: :mod:`arena._kernel_python`, :mod:`arena._kernel_numpy` and
:mod:`arena._compiled`.

References
----------
.. [1] « Jeux d'accessibilité à deux joueurs », CPGE informatique course chapter,
   definition 2.2.2 (attractor), definition 3.1.4 (rank), sections 3.2-3.3.
.. [2] E. Grädel, W. Thomas, T. Wilke (eds.), *Automata, Logics, and Infinite Games*,
   LNCS 2500, Springer 2002, chapter 2.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from types import ModuleType
from typing import Any

try:
    import numpy as np

    HAVE_NUMPY = True
except ImportError:     # Pyodide's core, a minimal install: the pure-Python path below
    HAVE_NUMPY = False

from arena._kernel_python import _strategy_moves_python, _winners_and_ranks_python
from arena.arena import Arena, Player, Vertex, vertex_id
from arena.errors import KernelError, StrategyError

if HAVE_NUMPY:
    from arena._kernel_numpy import _edge_arrays, _strategy_moves, _winners_and_ranks_numpy

__all__ = ["attractor", "solve", "Solution", "verify_strategy", "StrategyError", "KERNELS",
           "KernelError"]

KERNELS = ("python", "numpy", "compiled")
"""The solver's paths: pure Python (Pyodide's, without numpy), numpy's vectorised levels
with a Python queue, and loops compiled by numba (the extra ``arena-reachability[fast]``).
All give the same winners, ranks and moves."""

KERNEL: str | None = None
"""Force a path (one of :data:`KERNELS`); ``None`` reads the environment variable
``ARENA_KERNEL``, and without it the solver chooses (see :func:`_kernel`)."""

COMPILED_FROM = 2_000_000
"""Vertices plus edges from which an arena takes the compiled path while numba is not yet
imported. Importing numba and loading the compiled loops from their disk cache costs a
few tenths of a second of processor time once per process; below this size the compiled
path saves less than that on one solve, on average over random arenas, chains and grids
(``python scripts/bench.py --only kernel`` measures both, and a test checks that this
number lies where the last recorded measures put the break-even point). Once numba is imported (a
large arena, ``ARENA_KERNEL=compiled``), every later solve of the process takes the
compiled path, which is then the fastest at every size."""

_compiled: ModuleType | None = None
_numba_found: bool | None = None


def _numba_installed() -> bool:
    """Whether numba can be imported, without importing it (once per process)."""
    global _numba_found
    if _numba_found is None:
        import importlib.util

        try:
            _numba_found = HAVE_NUMPY and importlib.util.find_spec("numba") is not None
        except (ImportError, ValueError):     # a finder that refuses it, a stub module
            _numba_found = False
    return _numba_found


def _compiled_module() -> ModuleType | None:
    """:mod:`arena._compiled`, imported on first use (importing numba takes about 0.5 s),
    or ``None`` when numba is not installed."""
    global _compiled
    if _compiled is None and HAVE_NUMPY:
        try:
            from arena import _compiled as module
        except ImportError:
            return None
        _compiled = module
    return _compiled


def _kernel(size: int | None = None) -> str:
    """The path a solve of an arena of ``size`` vertices plus edges takes.

    :data:`KERNEL`, else ``$ARENA_KERNEL``, forces a path. Otherwise: pure Python without
    numpy; with numpy, the compiled path when numba is installed and either is already
    imported or the arena has at least :data:`COMPILED_FROM` vertices and edges (``size``
    ``None``: a computation that always pays, such as Connect-4's plies); numpy's
    otherwise. So a small solve never imports numba.

    Raises
    ------
    KernelError
        For a name that is not in :data:`KERNELS`, or a path that needs a package that is
        not installed (an :class:`ImportError`).
    """
    name = KERNEL or os.environ.get("ARENA_KERNEL") or None
    if name is None:
        if not HAVE_NUMPY:
            return "python"
        if _compiled is not None or (
                (size is None or size >= COMPILED_FROM) and _numba_installed()):
            return "compiled" if _compiled_module() is not None else "numpy"
        return "numpy"
    if name not in KERNELS:
        raise KernelError(f"ARENA_KERNEL is one of {', '.join(KERNELS)}, not {name!r}")
    if name != "python" and not HAVE_NUMPY:
        raise KernelError(f"ARENA_KERNEL={name}: the solver's {name} path needs numpy, "
                          "which is not installed")
    if name == "compiled" and _compiled_module() is None:
        raise KernelError("ARENA_KERNEL=compiled: the solver's compiled path needs numba "
                          "(pip install 'arena-reachability[fast]')")
    return name


def _winners_and_ranks(arena: Arena, edges=None) -> tuple[list[int], list[int]]:
    """Winner (0, 1, or -1 for a draw) and exact rank (-1 for a draw) of every vertex.

    Both attractors in one breadth-first pass backwards from V0 ∪ V1. The attractors are
    disjoint, so a vertex x owned by p needs one counter: the successors not yet won by
    1-p. x joins the attractor of p at its first successor won by p, and the attractor of
    1-p when the counter reaches 0. Vertices are processed in increasing rank, so x gets
    1 + the least rank (first case) or 1 + the greatest rank (second case) of its
    successors: exactly its rank. (Both cases never meet for one vertex: a successor won
    by its owner keeps its counter above 0.)

    On the numpy path (:mod:`arena._kernel_numpy`) large levels are handled by numpy all
    at once, the rest by a first-in first-out queue in Python: the same order of ranks,
    so the same result. The compiled path (:func:`arena._compiled.backward_search`) runs
    the same queue as machine code, and the pure-Python path
    (:mod:`arena._kernel_python`) as Python; :func:`_kernel` chooses.
    """
    kernel = _kernel(len(arena) + arena.n_edges)
    if kernel == "python":
        c = arena._compact()
        return _winners_and_ranks_python(c.owner, c.victory, c.succ)
    if kernel == "compiled":
        solved = _solve_compiled(arena)
        if solved is not None:
            return solved[0].tolist(), solved[1].tolist()
    return _winners_and_ranks_numpy(arena, edges)


def attractor(arena: Arena, i: Player) -> dict[Vertex, int]:
    """The attractor of player ``i`` with the exact rank of each of its vertices.

    With T = V0 ∪ V1, the steps of the attractor are A_0 = V_i and

        A_{n+1} = A_n ∪ {x ∈ S_i \\ T : some successor of x is in A_n}
                      ∪ {x ∈ S_{1-i} \\ T : x has a successor and all are in A_n}.

    The attractor is the union of the steps; the rank of x is the least n with x ∈ A_n,
    the number of moves player i needs to win from x against the best defence.

    Parameters
    ----------
    arena : Arena
    i : 0 or 1
        The player, J_0 or J_1.

    Returns
    -------
    dict
        ``{vertex: rank}`` for every vertex of the attractor, in the order of
        :attr:`Arena.vertices`.

    Raises
    ------
    ValueError
        If ``i`` is not 0 or 1.

    Examples
    --------
    J_0 moves at ``a`` and ``c``; from ``b`` J_1 must go to ``c``, from which J_0 wins:

    >>> from arena import Arena
    >>> g = Arena(S0=["a", "c"], S1=["b", "w"], edges={"a": ["b"], "b": ["c"], "c": ["w"]},
    ...           V0=["w"])
    >>> attractor(g, 0)
    {'a': 3, 'c': 1, 'b': 2, 'w': 0}
    >>> attractor(g, 1)
    {}

    Notes
    -----
    Time and memory in O(|S| + |A|): every edge is reversed once and looked at once (both
    attractors are found in the same pass, since they are disjoint). No recursion.

    See Also
    --------
    solve : both attractors, winners and strategies at once.
    arena.course.naive_attractor : the definition applied step by step, in O(|S|·|A|).
    """
    player = _check_player(i)
    winner, rank = _winners_and_ranks(arena)
    vs = arena.vertices
    return {vs[x]: r for x, (w, r) in enumerate(zip(winner, rank)) if w == player}


def _check_player(i: Any) -> Player:
    if i not in (0, 1) or isinstance(i, bool):
        raise ValueError(f"a player is 0 or 1, not {i!r}")
    return 0 if i == 0 else 1


class _ByVertex(Mapping):
    """A read-only view ``vertex -> value`` over a list indexed like the arena."""

    __slots__ = ("_arena", "_values", "_decode")

    def __init__(self, arena: Arena, values: Sequence[Any], decode=None) -> None:
        self._arena = arena
        self._values = values
        self._decode = decode

    def __getitem__(self, v: Vertex) -> Any:
        value = self._values[self._arena.index(v)]
        return value if self._decode is None else self._decode(value)

    def __iter__(self) -> Iterator[Vertex]:
        return iter(self._arena.vertices)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return repr(dict(self))


def _as_list(values: Sequence[int]) -> list[int]:
    return values if isinstance(values, list) else values.tolist()  # type: ignore


class Solution:
    """Everything :func:`solve` computes about an arena.

    Attributes
    ----------
    arena : Arena
    winner : mapping vertex -> 0, 1 or None
        The player whose attractor holds the vertex; ``None`` for a draw.
    rank : mapping vertex -> int or None
        The rank of the vertex for its winner; ``None`` for a draw.
    move : mapping vertex -> vertex or None
        The strategy's choice for the owner of the vertex; ``None`` at victory vertices
        and dead ends.
    """

    def __init__(self, arena: Arena, winner: Sequence[int], rank: Sequence[int],
                 moves: Sequence[int]) -> None:
        self.arena = arena
        # lists, or numpy arrays (the compiled path) made lists on first use
        self._given = (winner, rank, moves)
        self._per_player: list[list[int] | None] = [None, None]

    @cached_property
    def _win(self) -> list[int]:
        """Winner of each vertex by number, -1 for a draw."""
        return _as_list(self._given[0])

    @cached_property
    def _rk(self) -> list[int]:
        """Rank of each vertex by number, -1 for a draw."""
        return _as_list(self._given[1])

    @cached_property
    def _moves(self) -> list[int]:
        """Move of each vertex by number, -1 for none."""
        return _as_list(self._given[2])

    @cached_property
    def winner(self) -> Mapping[Vertex, Player | None]:
        return _ByVertex(self.arena, self._win, lambda w: None if w < 0 else w)

    @cached_property
    def rank(self) -> Mapping[Vertex, int | None]:
        return _ByVertex(self.arena, self._rk, lambda r: None if r < 0 else r)

    @cached_property
    def move(self) -> Mapping[Vertex, Vertex | None]:
        vs = self.arena.vertices
        return _ByVertex(self.arena, self._moves, lambda j: None if j < 0 else vs[j])

    def _player_ranks(self, i: int) -> list[int]:
        """Ranks for player i, -1 outside its attractor (built once, on first use)."""
        ranks = self._per_player[i]
        if ranks is None:
            ranks = self._per_player[i] = [r if w == i else -1
                                           for w, r in zip(self._win, self._rk)]
        return ranks

    def ranks(self, i: Player) -> Mapping[Vertex, int | None]:
        """Rank of every vertex for player ``i`` (``None`` outside its attractor)."""
        return _ByVertex(self.arena, self._player_ranks(_check_player(i)),
                         lambda r: None if r < 0 else r)

    def attractor(self, i: Player) -> dict[Vertex, int]:
        """``{vertex: rank}`` for the attractor of player ``i``, like :func:`attractor`."""
        vs = self.arena.vertices
        i = _check_player(i)
        return {vs[x]: r for x, (w, r) in enumerate(zip(self._win, self._rk)) if w == i}

    def layers(self, i: Player) -> list[list[Vertex]]:
        """The vertices added at each step: ``layers(i)[n]`` holds the vertices of step n
        of player i's attractor that are not in step n - 1."""
        out: list[list[Vertex]] = []
        vs = self.arena.vertices
        i = _check_player(i)
        for x, (w, r) in enumerate(zip(self._win, self._rk)):
            if w == i:
                while len(out) <= r:
                    out.append([])
                out[r].append(vs[x])
        return out

    def strategy(self, p: Player) -> dict[Vertex, Vertex]:
        """The memoryless strategy of player ``p``: ``{x: move}`` for each x ∈ S_p \\ T
        that has a successor."""
        p = _check_player(p)
        arena, vs = self.arena, self.arena.vertices
        owner = arena._compact().owner
        return {vs[x]: vs[j] for x, j in enumerate(self._moves) if j >= 0 and owner[x] == p}

    def summary(self) -> dict[str, int]:
        """How many vertices each player wins, and how many are drawn."""
        w = self._win
        return {"won_by_0": w.count(0), "won_by_1": w.count(1), "draws": w.count(-1)}

    def __repr__(self) -> str:
        s = self.summary()
        return (f"<Solution of {len(self.arena)} vertices: {s['won_by_0']} won by J_0, "
                f"{s['won_by_1']} won by J_1, {s['draws']} draws>")


_INT32_LIMIT = 2 ** 31 - 1
"""The compiled path keeps vertex and edge numbers in int32 (half the memory traffic of
int64); larger arenas take the numpy path."""


def _solve_compiled(arena: Arena) -> tuple[Any, Any, Any] | None:
    """Winners, ranks and moves (numpy arrays, -1 for none) by the compiled loops of
    :mod:`arena._compiled`, on the arena's arrays: the rules of :func:`_winners_and_ranks`
    and :func:`_strategy_moves`, in O(|S| + |A|). ``None`` when the arena has too many
    vertices and edges for int32 numbers.
    """
    offsets, targets = arena._csr_arrays()
    if len(offsets) + len(targets) >= _INT32_LIMIT:
        return None
    owner = np.frombuffer(arena._owner, dtype=np.uint8)
    module = _compiled_module()
    assert module is not None
    winner, rank, moves, broken = module.solve_arrays(offsets, targets, owner,
                                                      arena._victory_array())
    if broken >= 0:             # never, by the theorem; checked even under -O
        raise RuntimeError(f"solver bug: vertex number {broken} has no move of the kind the "
                           "theory promises")
    return winner, rank, moves


def solve(arena: Arena) -> Solution:
    """Solve a reachability game: the winner, rank and strategy move of every vertex.

    ``winner(x) = i`` when x is in the attractor of player i, ``None`` otherwise (a draw:
    neither player can force a victory). The owner p of a non-terminal vertex x with a
    successor plays:

    - if p wins from x: a successor of least ``rank_p``, which is ``rank_p(x) - 1``;
    - if 1-p wins from x: the successor of greatest ``rank_{1-p}``, to delay the defeat;
    - on a draw: a successor outside the attractor of 1-p.

    Ties go to the first successor in input order, so the result is deterministic.

    Examples
    --------
    >>> from arena import Arena
    >>> g = Arena(S0=["a", "c"], S1=["b", "w"], edges={"a": ["b", "c"], "b": ["c"],
    ...           "c": ["w"]}, V0=["w"])
    >>> sol = solve(g)
    >>> sol.winner["a"], sol.rank["a"], sol.move["a"]
    (0, 2, 'c')
    >>> sol.layers(0)
    [['w'], ['c'], ['a', 'b']]

    Notes
    -----
    O(|S| + |A|) time and memory, on any of the three paths of :data:`KERNELS` (compiled
    loops where numba is installed; ``ARENA_KERNEL`` or :data:`KERNEL` forces one).
    """
    if not isinstance(arena, Arena):
        raise TypeError(f"solve expects an Arena, not {type(arena).__name__}")
    kernel = _kernel(len(arena) + arena.n_edges)
    if kernel == "python":
        owner, victory, succ = arena._compact()
        winner, rank = _winners_and_ranks_python(owner, victory, succ)
        moves = _strategy_moves_python(owner, victory, succ, winner, rank)
        return Solution(arena, winner, rank, moves)
    if kernel == "compiled":
        solved = _solve_compiled(arena)
        if solved is not None:
            return Solution(arena, *solved)
    edges = _edge_arrays(arena)
    winner, rank = _winners_and_ranks(arena, edges)
    return Solution(arena, winner, rank, _strategy_moves(arena._owner, edges, winner, rank))


def _play(arena: Arena, path: Sequence[int]) -> tuple[Vertex, ...]:
    vs = arena.vertices
    return tuple(vs[x] for x in path)


def _play_text(arena: Arena, path: Sequence[int]) -> str:
    return " -> ".join(vertex_id(v) for v in _play(arena, path))


def verify_strategy(arena: Arena, player: Player,
                    strategy: Mapping[Vertex, Vertex] | None = None, *,
                    solution: Solution | None = None) -> dict[Vertex, int]:
    """Prove, by exploring every reply of the opponent, that a strategy does its job.

    From every vertex x of the attractor of ``player``, every play in which ``player``
    follows ``strategy`` (and the opponent does anything) must reach V_player within
    ``rank(x)`` moves: no cycle, no dead end, no victory of the opponent on the way.
    From every draw vertex, no such play may enter the attractor of the opponent.

    Parameters
    ----------
    arena : Arena
    player : 0 or 1
    strategy : mapping from the vertices of ``player`` to a successor, optional
        Defaults to the strategy computed by :func:`solve`.
    solution : Solution, optional
        The attractors and ranks to check against (computed when omitted).

    Returns
    -------
    dict
        For each vertex of the attractor, the length of the longest play from it that
        follows the strategy (equal to its rank for the solver's strategy).

    Raises
    ------
    StrategyError
        With a play that breaks the claim.

    Examples
    --------
    >>> from arena import Arena
    >>> g = Arena(S0=["a"], S1=["b", "w"], edges={"a": ["b", "w"], "b": ["a"]}, V0=["w"])
    >>> verify_strategy(g, 0)
    {'a': 1, 'b': 2, 'w': 0}
    >>> verify_strategy(g, 0, {"a": "b"})
    Traceback (most recent call last):
    ...
    arena.errors.StrategyError: the play a -> b -> a follows the strategy of J_0 and loops

    Notes
    -----
    O(|S| + |A|): each vertex is finished once by an iterative depth-first search.
    """
    p = _check_player(player)
    sol = solution if solution is not None else solve(arena)
    owner, victory, succ = arena._compact()
    n = len(succ)
    choice = _strategy_indices(arena, p, sol if strategy is None else strategy)
    mine, theirs = sol._player_ranks(p), sol._player_ranks(1 - p)

    def options(x: int) -> Sequence[int]:
        return (choice[x],) if owner[x] == p else succ[x]

    longest = [-1] * n
    state = bytearray(n)  # 0: not seen, 1: on the current play, 2: finished
    for root in range(n):
        if mine[root] < 0 or state[root] == 2:
            continue
        path, cursor = [root], [0]
        state[root] = 1
        while path:
            x = path[-1]
            if victory[x] == p:
                longest[x] = 0
            elif victory[x] is not None or not succ[x]:
                end = "a victory of the opponent" if victory[x] is not None else "a dead end"
                raise StrategyError(f"the play {_play_text(arena, path)} follows the strategy "
                                    f"of J_{p} and ends in {end}", play=_play(arena, path))
            else:
                nexts = options(x)
                k = cursor[-1]
                if k < len(nexts):
                    cursor[-1] += 1
                    y = nexts[k]
                    if state[y] == 1:
                        raise StrategyError(f"the play {_play_text(arena, path + [y])} follows "
                                            f"the strategy of J_{p} and loops",
                                            play=_play(arena, path + [y]))
                    if state[y] == 0:
                        state[y] = 1
                        path.append(y)
                        cursor.append(0)
                    continue
                longest[x] = 1 + max(longest[y] for y in nexts)
            if longest[x] > mine[x] >= 0:
                raise StrategyError(f"from {vertex_id(arena.vertices[x])!r} a play following "
                                    f"the strategy of J_{p} lasts {longest[x]} moves, more than "
                                    f"the rank {mine[x]}")
            state[x] = 2
            path.pop()
            cursor.pop()

    _check_draws(arena, p, options, mine, theirs)
    vs = arena.vertices
    return {vs[x]: longest[x] for x in range(n) if mine[x] >= 0}


def _strategy_indices(arena: Arena, p: int,
                      strategy: Mapping[Vertex, Vertex] | Solution) -> list[int]:
    """The strategy as successor indices; every vertex of ``p`` that can move needs one."""
    owner, victory, succ = arena._compact()
    vs = arena.vertices
    if isinstance(strategy, Solution):
        return strategy._moves
    choice = [-1] * len(succ)
    for x, row in enumerate(succ):
        if owner[x] != p or victory[x] is not None or not row:
            continue
        v = vs[x]
        if v not in strategy:
            raise StrategyError(f"the strategy of J_{p} has no move at {vertex_id(v)!r}")
        target = strategy[v]
        if target not in arena or arena.index(target) not in row:
            raise StrategyError(f"the strategy of J_{p} plays {vertex_id(v)!r} -> "
                                f"{vertex_id(target)!r}, which is not an edge")
        choice[x] = arena.index(target)
    return choice


def _check_draws(arena: Arena, p: int, options, mine: Sequence[int],
                 theirs: Sequence[int]) -> None:
    """From draw vertices, plays that follow the strategy stay out of the opponent's
    attractor."""
    compact = arena._compact()
    victory, succ = compact.victory, compact.succ
    seen = bytearray(len(succ))
    for root in range(len(succ)):
        if mine[root] >= 0 or theirs[root] >= 0 or seen[root]:
            continue
        stack, parent = [root], {root: -1}
        seen[root] = 1
        while stack:
            x = stack.pop()
            if victory[x] is not None or not succ[x]:
                continue
            for y in options(x):
                if theirs[y] >= 0:
                    path = [y]
                    while x >= 0:
                        path.append(x)
                        x = parent[x]
                    raise StrategyError(f"the play {_play_text(arena, path[::-1])} follows the "
                                        f"strategy of J_{p} from a draw into the attractor "
                                        f"of J_{1 - p}", play=_play(arena, path[::-1]))
                if not seen[y]:
                    seen[y] = 1
                    parent[y] = x
                    stack.append(y)
