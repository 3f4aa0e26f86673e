"""Connect-4 (puissance 4) on small boards, generated and solved with compact arrays.

Positions are bitboards: column c uses bits ``c*(rows+1) ... c*(rows+1)+rows-1`` (one
spare bit on top stops runs from wrapping to the next column). A position is the pair
(stones of the player to move, all stones). Every position with k stones forms the level
k; levels are generated from the empty board with numpy, deduplicated, and linked by
arrays of child indices. A 5 × 4 board has 3,945,711 positions.

The game is acyclic (each move adds a stone), so the attractor's definition can be
evaluated level by level from the full boards back to the empty one: a position is won
by its owner if a move reaches a position it wins (rank: 1 + the least such rank), won
by the opponent if every move reaches a position the opponent wins (rank: 1 + the
greatest), and a draw otherwise. This gives exactly :func:`arena.solve`'s winners, ranks
and moves (a test compares them on small boards), in vectorised passes.
"""

from __future__ import annotations

from dataclasses import dataclass

try:
    import numpy as np

    HAVE_NUMPY = True
except ImportError:     # Pyodide's core: the other games work, this compact solver does not
    HAVE_NUMPY = False

from arena.arena import Arena

__all__ = ["Connect4", "connect4", "connect4_rules", "solve_connect4", "board_text"]

MAX_BITS = 31
"""(rows + 1) × cols must fit in 31 bits so that a position packs into one int64 key."""


@dataclass(frozen=True)
class _Level:
    """The positions with the same number of stones, and their moves."""

    current: np.ndarray      # uint64: stones of the player to move
    mask: np.ndarray         # uint64: all stones
    terminal: np.ndarray     # bool: the previous move made a run (a victory)
    starts: np.ndarray       # int64: first move of each position in ``children``
    children: np.ndarray     # int32: index in the next level, moves in column order
    columns: np.ndarray      # int8: the column of each move


@dataclass(frozen=True)
class Connect4:
    """A solved board: every position with its winner (-1 for a draw), rank and move."""

    rows: int
    cols: int
    align: int
    levels: tuple[_Level, ...]
    winner: tuple[np.ndarray, ...]
    rank: tuple[np.ndarray, ...]
    move: tuple[np.ndarray, ...]     # column played by the owner, -1 if none

    @property
    def positions(self) -> int:
        """Number of positions reachable from the empty board."""
        return sum(len(level.mask) for level in self.levels)

    @property
    def edges(self) -> int:
        """Number of moves between them."""
        return sum(len(level.children) for level in self.levels)

    def summary(self) -> dict[str, int]:
        """How many positions each player wins, and how many are drawn."""
        w = np.concatenate(self.winner)
        return {"won_by_0": int((w == 0).sum()), "won_by_1": int((w == 1).sum()),
                "draws": int((w == -1).sum())}

    @property
    def start_winner(self) -> int | None:
        w = int(self.winner[0][0])
        return None if w < 0 else w

    @property
    def start_rank(self) -> int | None:
        return None if self.start_winner is None else int(self.rank[0][0])

    @property
    def start_move(self) -> int | None:
        """The column J_0 plays first (0 = leftmost)."""
        c = int(self.move[0][0])
        return None if c < 0 else c


def _runs(stones: np.ndarray, rows: int, align: int) -> np.ndarray:
    """Whether ``stones`` holds ``align`` in a row in some direction."""
    found = np.zeros(stones.shape, dtype=bool)
    for step in (1, rows + 1, rows, rows + 2):  # vertical, horizontal, two diagonals
        run = stones.copy()
        for k in range(1, align):
            run &= stones >> np.uint64(k * step)
        found |= run != 0
    return found


def _generate(rows: int, cols: int, align: int, max_positions: int) -> list[_Level]:
    if not HAVE_NUMPY:
        raise ValueError("connect-4's compact generator needs numpy (pip install numpy)")
    h = rows + 1
    bottoms = [np.uint64(1 << (c * h)) for c in range(cols)]
    tops = [np.uint64(1 << (c * h + rows - 1)) for c in range(cols)]
    shift = np.uint64(h * cols)
    current = np.zeros(1, dtype=np.uint64)
    mask = np.zeros(1, dtype=np.uint64)
    levels: list[_Level] = []
    total = 1
    for stones in range(rows * cols + 1):
        terminal = _runs(mask ^ current, rows, align) if stones else np.zeros(1, dtype=bool)
        open_ = ~terminal
        parents, kids_cur, kids_mask, kids_col = [], [], [], []
        for c in range(cols):
            ok = open_ & ((mask & tops[c]) == 0)
            idx = np.flatnonzero(ok)
            parents.append(idx)
            kids_cur.append(current[idx] ^ mask[idx])
            kids_mask.append(mask[idx] | (mask[idx] + bottoms[c]))
            kids_col.append(np.full(len(idx), c, dtype=np.int8))
        parent = np.concatenate(parents)
        order = np.argsort(parent, kind="stable")  # moves grouped by parent, columns in order
        parent = parent[order]
        child_keys = ((np.concatenate(kids_mask) << shift) | np.concatenate(kids_cur))[order]
        columns = np.concatenate(kids_col)[order]
        keys, children = np.unique(child_keys, return_inverse=True)
        starts = np.searchsorted(parent, np.arange(len(mask)), side="left")
        levels.append(_Level(current, mask, terminal, starts, children.astype(np.int32),
                             columns))
        if not len(keys):
            break
        total += len(keys)
        if total > max_positions:
            from arena.rules import LimitError

            raise LimitError(f"{rows} × {cols} connect-4 has more than {max_positions:,} "
                             "positions", hint="max_positions=N")
        low = (np.uint64(1) << shift) - np.uint64(1)
        current, mask = keys & low, keys >> shift
    return levels


def _solve_levels(levels: list[_Level]) -> tuple[list, list, list]:
    n_levels = len(levels)
    winner: list = [None] * n_levels
    rank: list = [None] * n_levels
    move: list = [None] * n_levels
    big = np.iinfo(np.int64).max
    for k in range(n_levels - 1, -1, -1):
        level = levels[k]
        n = len(level.mask)
        p, q = k % 2, 1 - k % 2          # owner (J_0 moves when the number of stones is even)
        w = np.full(n, -1, dtype=np.int8)
        r = np.full(n, -1, dtype=np.int32)
        mv = np.full(n, -1, dtype=np.int8)
        w[level.terminal] = q            # the previous move, by q, made a run
        r[level.terminal] = 0
        has_moves = np.diff(np.append(level.starts, len(level.children))) > 0
        if has_moves.any():
            cw = winner[k + 1][level.children]
            cr = rank[k + 1][level.children].astype(np.int64)  # room for the sentinel
            seg = level.starts[has_moves]
            mine = np.where(cw == p, cr, big)
            best_mine = np.minimum.reduceat(mine, seg)
            all_theirs = np.logical_and.reduceat(cw == q, seg)
            worst_theirs = np.maximum.reduceat(np.where(cw == q, cr, -1), seg)
            rows_idx = np.flatnonzero(has_moves)
            wins = best_mine < big
            loses = ~wins & all_theirs
            w[rows_idx[wins]] = p
            r[rows_idx[wins]] = best_mine[wins] + 1
            w[rows_idx[loses]] = q
            r[rows_idx[loses]] = worst_theirs[loses] + 1
            # the move: the first child won by the same player one rank lower, or, on a
            # draw, the first child the opponent does not win
            counts = np.diff(np.append(level.starts, len(level.children)))
            owner_w, owner_r = np.repeat(w, counts), np.repeat(r, counts)
            good = np.where(owner_w >= 0, (cw == owner_w) & (cr == owner_r - 1), cw != q)
            first = np.minimum.reduceat(np.where(good, np.arange(len(cw)), big), seg)
            mv[rows_idx] = level.columns[first]
        winner[k], rank[k], move[k] = w, r, mv
    return winner, rank, move


def solve_connect4(rows: int = 4, cols: int = 5, align: int = 4,
                   max_positions: int = 20_000_000) -> Connect4:
    """Generate and solve connect-4 on a ``rows`` × ``cols`` board, ``align`` in a row.

    Examples
    --------
    >>> c = solve_connect4(4, 4)
    >>> c.positions, c.start_winner
    (161029, None)
    """
    if rows < 1 or cols < 1 or align < 1:
        raise ValueError(f"a board has positive sizes, not {rows} × {cols} with {align} in a row")
    if (rows + 1) * cols > MAX_BITS:
        raise ValueError(f"a {rows} × {cols} board is too large for this solver "
                         f"((rows + 1) × cols must be at most {MAX_BITS})")
    levels = _generate(rows, cols, align, max_positions)
    winner, rank, move = _solve_levels(levels)
    return Connect4(rows, cols, align, tuple(levels), tuple(winner), tuple(rank), tuple(move))


def board_text(current: int, mask: int, stones: int, rows: int, cols: int) -> str:
    """The board, top row first, with ``x`` (J_0), ``o`` (J_1) and ``-``.

    Examples
    --------
    >>> board_text(0, 1, 1, 2, 2)    # one stone of x, bottom left
    '--x-'
    """
    mover_is_x = stones % 2 == 0        # J_0 (x) is to move when the count is even
    cells = []
    for r in range(rows - 1, -1, -1):
        for c in range(cols):
            bit = 1 << (c * (rows + 1) + r)
            if not mask & bit:
                cells.append("-")
            else:
                cells.append("x" if bool(current & bit) == mover_is_x else "o")
    return "".join(cells)


def connect4(rows: int = 4, cols: int = 4, align: int = 4,
             max_positions: int = 1_000_000) -> Arena:
    """Connect-4 as an :class:`~arena.arena.Arena`, for boards small enough for one.

    A vertex is the board, top row first, with ``x`` (J_0, moves first), ``o`` and
    ``-``; for instance ``"-------x"`` on 2 × 4 after x played in the last column.
    Positions where x (or o) has made a run are in V0 (V1); a full board without a run
    is a draw. Successors are in column order.

    Examples
    --------
    >>> g = connect4(3, 3, 3)
    >>> len(g), g.start
    (694, '---------')
    """
    if not HAVE_NUMPY:
        return _connect4_by_rules(rows, cols, align, max_positions)
    levels = _generate(rows, cols, align, max_positions)
    names = [[board_text(int(c), int(m), k, rows, cols) for c, m in zip(lv.current, lv.mask)]
             for k, lv in enumerate(levels)]
    S: tuple[list[str], list[str]] = ([], [])
    V: tuple[list[str], list[str]] = ([], [])
    edges: dict[str, list[str]] = {}
    for k, level in enumerate(levels):
        ends = np.append(level.starts, len(level.children))
        for i, name in enumerate(names[k]):
            S[k % 2].append(name)
            if level.terminal[i]:
                V[1 - k % 2].append(name)
            kids = level.children[ends[i]:ends[i + 1]]
            if len(kids):
                edges[name] = [names[k + 1][j] for j in kids]
    return Arena(S[0], S[1], edges, V0=V[0], V1=V[1], start=names[0][0],
                 title={"fr": f"Puissance {align} sur {rows} × {cols}",
                        "en": f"Connect-{align} on {rows} × {cols}"})


def connect4_rules(rows: int = 4, cols: int = 4, align: int = 4):
    """Connect-4's rules on the board's text (as :func:`connect4` names the positions):
    ``(start, moves, player, winner)``, the arguments of :func:`arena.from_rules` (with
    ``stuck="draw"``: a full board without a run) and of :func:`arena.search.start_value`.

    Examples
    --------
    >>> start, moves, player, winner = connect4_rules(2, 2, 2)
    >>> moves(start), player("x---"), winner("x-x-"), winner("--ox")
    (['--x-', '---x'], 1, 0, None)
    """
    def cell(r: int, c: int) -> int:        # row 0 is the bottom one, printed last
        return (rows - 1 - r) * cols + c

    n = rows * cols
    runs = []       # each run as a bit mask of the board read as a binary number
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (align - 1), c + dc * (align - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    runs.append(sum(1 << (n - 1 - cell(r + dr * k, c + dc * k))
                                    for k in range(align)))
    as_bits = (str.maketrans("xo-", "100"), str.maketrans("xo-", "010"))

    def player(board: str) -> int:
        return (n - board.count("-")) % 2        # x (J_0) moves first

    def winner(board: str) -> int | None:
        for who in (0, 1):
            stones = int(board.translate(as_bits[who]), 2)
            for run in runs:
                if stones & run == run:
                    return who
        return None

    def moves(board: str) -> list[str]:
        mark = "xo"[player(board)]
        out = []
        for c in range(cols):
            for r in range(rows):
                k = cell(r, c)
                if board[k] == "-":
                    out.append(board[:k] + mark + board[k + 1:])
                    break
        return out

    return "-" * n, moves, player, winner


def _connect4_by_rules(rows: int, cols: int, align: int, max_positions: int) -> Arena:
    """The arena of :func:`connect4` without numpy (Python in a browser): the same
    vertices, owners, victory positions and successors, explored by
    :func:`arena.rules.from_rules` from :func:`connect4_rules`."""
    from arena.rules import LimitError, from_rules

    start, moves, player, winner = connect4_rules(rows, cols, align)
    try:
        return from_rules(start, moves, player, stuck="draw", winner=winner,
                          limit=max_positions,
                          title={"fr": f"Puissance {align} sur {rows} × {cols}",
                                 "en": f"Connect-{align} on {rows} × {cols}"})
    except LimitError:
        raise LimitError(f"{rows} × {cols} connect-4 has more than {max_positions:,} "
                         "positions", hint="max_positions=N") from None
