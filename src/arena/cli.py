"""The ``arena`` command: solve an arena file or a built-in game, draw it.

- ``arena solve FILE|GAME [--json]``: winners, ranks and strategy of every position;
- ``arena render FILE|GAME -o OUT.svg`` draws one arena (``--show winners|attractor|
  strategy``).

The course's figures are built by the course package: ``python -m coursebuild figures``.

``FILE`` may be ``-``: the arena (YAML or JSON) is read from standard input.
``arena --version`` prints the version.

Exit status: 0 on success, 2 on bad input (an unreadable or invalid arena file, an
unknown game or option, a drawing Graphviz cannot make, a file that cannot be written, an
``ARENA_KERNEL`` that names no path or one whose package is missing),
with one line on stderr that names the file, key and vertex; 130 when interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from arena import __version__
from arena._files import write_atomic
from arena.arena import Arena, ArenaError, vertex_id
from arena.cli_limits import (
    DEFAULT_MAX_POSITIONS,
    LIMIT_OPTION,
    UsageError,
    check_size,
    in_cli_words,
    max_positions,
)
from arena.cli_output import drop_stdout, json_text, rules_output, say, terminal_safe
from arena.errors import KernelError, RenderError
from arena.games import GAMES, BuiltinGame
from arena.numbers import parse_int
from arena.rules import LimitError
from arena.rules_file import SHOWN_LENGTH, short_id, short_ids
from arena.solver import Solution, solve

__all__ = ["main", "solution_report"]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
RENDER_LIMIT = 2_000
"""Graphviz lays out a few thousand vertices at most in reasonable time."""
RENDER_EDGE_LIMIT = 6_000
"""... and a few thousand edges (a dense 300-vertex arena takes minutes)."""
RENDER_SECONDS = 60
"""... and a time limit for the layout: its time depends on how tangled the graph is
(a complete game of 45 positions took 102 s), which no count bounds."""
SHOW = ("graph", "winners", "attractor", "strategy")
"""What ``arena render --show`` can draw."""


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word that agrees with it: ``1 move``, ``0 moves``, ``2 moves``.

    Examples
    --------
    >>> plural(1, "move"), plural(0, "move"), plural(3, "vertex", "vertices")
    ('1 move', '0 moves', '3 vertices')
    """
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="arena", description="Two-player reachability games on graphs.")
    parser.add_argument("--version", action="store_true", help="print the version and stop")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    solve_cmd = commands.add_parser(
        "solve", help="solve an arena file or a built-in game",
        description="Solve an arena file (.yaml, .yml, .json) or a built-in game: "
                    + ", ".join(GAMES) + ".")
    _add_target(solve_cmd)
    solve_cmd.add_argument("--json", action="store_true", help="print the solution as JSON")
    solve_cmd.add_argument("--limit", type=_rows, default=40, metavar="N",
                           help="rows of the table without --json (0: all; default 40)")
    solve_cmd.add_argument("--full-ids", action="store_true",
                           help=f"with --json, write ids longer than {SHOWN_LENGTH} "
                                "characters whole (by default they are shortened, as in the "
                                "table: their beginning, … and a digest of the whole id)")

    render_cmd = commands.add_parser(
        "render", help="draw one arena file or built-in game as SVG or PDF",
        description="Draw an arena with the course's conventions: circles for J_0, squares "
                    "for J_1, double border for victory positions.")
    _add_target(render_cmd)
    render_cmd.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.pdf",
                            help="the file to write (its extension chooses the format)")
    render_cmd.add_argument("--show", choices=SHOW, default="graph",
                            help="graph: the arena alone; winners: vertices coloured by "
                                 "winner with ranks; attractor: the steps of --player's "
                                 "attractor up to --step; strategy: --player's strategy")
    render_cmd.add_argument("--player", type=_integer, choices=(0, 1), default=0)
    render_cmd.add_argument("--step", type=_integer, metavar="N",
                            help="attractor step to show (default: the last)")
    render_cmd.add_argument("--max-vertices", type=_positive, default=RENDER_LIMIT,
                            metavar="N", help="refuse to draw more vertices than this "
                            f"(default {RENDER_LIMIT:,}: Graphviz slows down beyond)")
    render_cmd.add_argument("--max-edges", type=_positive, default=RENDER_EDGE_LIMIT,
                            metavar="N", help="refuse to draw more edges than this "
                            f"(default {RENDER_EDGE_LIMIT:,})")
    render_cmd.add_argument("--time-limit", type=_seconds, default=RENDER_SECONDS,
                            metavar="SECONDS", help="stop a layout that takes longer "
                            f"(default {RENDER_SECONDS}; 0: no limit)")

    return parser


def _add_target(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument("target", metavar="FILE|GAME",
                     help="an arena file (.yaml, .yml, .json; - reads standard input), a "
                          "game's rules as a Python file (.py: START, STUCK, player, moves, "
                          "winner; the file is run as code, which can change anything the "
                          "command writes, so only use files you trust) or a built-in game: "
                          + ", ".join(GAMES))
    cmd.add_argument("--max-positions", metavar="N",
                     help="the most positions a rules file's exploration or a built-in "
                          "game may reach; past it the command stops, naming this option "
                          f"(default {DEFAULT_MAX_POSITIONS:,})")
    options: dict[str, Any] = {}
    for game in GAMES.values():
        for name, default in game.defaults.items():
            options.setdefault(name, []).append(f"{game.name} (default {_show(default)})")
    for name, users in options.items():
        cmd.add_argument(f"--{name.replace('_', '-')}", dest=name, metavar="VALUE",
                         help="; ".join(users))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "misere" if value else "normal"
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def solution_report(sol: Solution, *, game: str | None = None,
                    params: dict[str, Any] | None = None,
                    id_of=vertex_id) -> dict[str, Any]:
    """The solution as the JSON object of ``arena solve --json`` (SPEC §4.3)."""
    arena = sol.arena
    start = arena.start
    report: dict[str, Any] = {
        "game": game,
        "params": {k: _jsonable(v) for k, v in (params or {}).items()},
        "title": arena.title,
        "vertices": len(arena),
        "edges": arena.n_edges,
        "start": None if start is None else id_of(start),
        "start_winner": None if start is None else sol.winner[start],
        "start_rank": None if start is None else sol.rank[start],
        "summary": sol.summary(),
        "positions": [],
    }
    positions = report["positions"]
    for v in arena.vertices:
        move = sol.move[v]
        positions.append({
            "id": id_of(v), "owner": arena.owner(v), "victory": arena.victory(v),
            "winner": sol.winner[v], "rank": sol.rank[v],
            "move": None if move is None else id_of(move),
            "successors": [id_of(y) for y in arena.successors(v)],
        })
    return report


def _who(player: int | None) -> str:
    return "draw" if player is None else f"J_{player}"


def _table(report: dict[str, Any], title: str | None, limit: int) -> str:
    """The readable table of ``arena solve`` (its cells' control characters escaped: a
    rules file's positions are any text)."""
    s = report["summary"]
    lines = [title or report["game"] or "arena",
             f"{plural(report['vertices'], 'vertex', 'vertices')}, "
             f"{plural(report['edges'], 'edge')}; "
             f"J_0 wins {s['won_by_0']:,}, J_1 wins {s['won_by_1']:,}, "
             f"{plural(s['draws'], 'draw')}"]
    if report["start"] is not None:
        if report["start_winner"] is None:
            lines.append(f"start {report['start']}: a draw (neither player can force a win)")
        else:
            lines.append(f"start {report['start']}: won by J_{report['start_winner']} "
                         f"in {plural(report['start_rank'], 'move')}")
    rows = [("vertex", "owner", "victory", "winner", "rank", "move")]
    positions = report["positions"]
    shown = positions if limit <= 0 else positions[:limit]
    for p in shown:
        rows.append((p["id"], f"J_{p['owner']}", "" if p["victory"] is None
                     else f"V{p['victory']}", _who(p["winner"]),
                     "" if p["rank"] is None else str(p["rank"]), p["move"] or ""))
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    lines.append("")
    for r in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    if len(shown) < len(positions):
        lines.append(f"... {plural(len(positions) - len(shown), 'more position')} "
                     "(--limit 0 shows all)")
    return "\n".join(terminal_safe(line) for line in lines) + "\n"


NOT_ARENA_FILES = ("--max-positions applies to rules files (.py) and built-in games, not "
                   "to arena files (ARENA_MAX_FILE_BYTES bounds those)")


def _load_target(args: argparse.Namespace, err: TextIO,
                 max_positions_drawn: int | None = None
                 ) -> tuple[Arena | None, BuiltinGame | None, dict[str, Any]]:
    """The arena, game and parameters ``args`` name (the arena ``None`` for a game solved
    by its report); for a rules file, ``args.id_of`` gives each position's whole id.
    ``max_positions_drawn``: ``arena render``'s --max-vertices, a second limit."""
    given = {name: getattr(args, name) for name in _all_params()
             if getattr(args, name) is not None}
    limit = max_positions({} if args.max_positions is None
                          else {"max_positions": args.max_positions})
    if max_positions_drawn is not None:
        limit = min(limit, max_positions_drawn)
    game = GAMES.get(args.target)
    if game is None and args.target == "-":
        if given:
            raise UsageError(f"--{_flag(next(iter(given)))} applies to built-in games, "
                             "not to files")
        if args.max_positions is not None:
            raise UsageError(NOT_ARENA_FILES)
        arena = Arena.from_stream(sys.stdin.buffer, source="<stdin>")
        return arena, None, {}
    if game is None:
        if not args.target.strip():
            raise UsageError(f"{args.target!r} is neither a file nor a built-in game "
                             f"({', '.join(GAMES)})")
        path = Path(args.target)
        if not path.suffix and not path.exists():
            raise UsageError(f"{args.target!r} is neither a file nor a built-in game "
                             f"({', '.join(GAMES)})")
        if given:
            raise UsageError(f"--{_flag(next(iter(given)))} applies to built-in games, "
                             "not to files")
        if path.suffix == ".py":           # a game given by its rules (SPEC §9)
            from arena.rules_file import load_rules, position_ids

            tell = _progress(err)
            try:
                arena = load_rules(path, limit=limit,
                                   progress=lambda k: tell(f"{k:,} positions explored"))
            except LimitError as exc:
                raise in_cli_words(exc) from None
            # a position's id is str(position), unique (SPEC §9)
            try:
                args.id_of = position_ids(arena)
            except ArenaError as exc:
                raise exc.in_file(path) from None
            return arena, None, {}
        if args.max_positions is not None:
            raise UsageError(NOT_ARENA_FILES)
        arena = Arena.from_file(path)
        for v in arena.victory_with_edges():
            say(err, f"warning: {path}: key 'edges': vertex {vertex_id(v)!r} is a victory "
                      f"position; its outgoing edges are ignored\n")
        return arena, None, {}
    params = dict(game.defaults)
    for name, text in given.items():
        if name not in game.defaults:
            raise UsageError(f"--{_flag(name)} is not an option of {game.name} (options: "
                             f"{', '.join('--' + _flag(p) for p in game.defaults) or 'none'})")
        try:
            params[name] = game.read(name, text)
        except ValueError as exc:
            raise UsageError(f"--{_flag(name)}: {exc}") from None
    if game.counts:                    # the generator stops at the limit by itself
        params["max_positions"] = limit
    check_size(game, params, limit, max_positions_drawn)
    if game.report is not None and args.command == "solve":
        return None, game, params
    try:
        arena = game.build(**params)
    except LimitError as exc:
        raise UsageError(f"{game.name}: {in_cli_words(exc)}") from None
    except ValueError as exc:
        raise UsageError(f"{game.name}: {exc}") from None
    return arena, game, params


def _integer(text: str) -> int:
    """An option's value that must be a whole number (:func:`arena.numbers.parse_int`)."""
    try:
        return parse_int(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _rows(text: str) -> int:
    """A number of rows: 0 (all) or more (-1 was taken as all)."""
    try:
        return parse_int(text, minimum=0)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    """An option's value that must be a whole number of at least 1."""
    try:
        return parse_int(text, minimum=1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seconds(text: str) -> int:
    """A time limit in whole seconds: 0 (none) to a day."""
    try:
        value = parse_int(text, minimum=0)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value > 86_400:
        raise argparse.ArgumentTypeError(f"{value} is more than a day (86400; 0: no limit)")
    return value


def _flag(name: str) -> str:
    return name.replace("_", "-")


def _all_params() -> list[str]:
    return list(dict.fromkeys(name for g in GAMES.values() for name in g.defaults))


def _run_solve(args: argparse.Namespace, err: TextIO) -> str:
    """What ``arena solve`` prints (made whole first: an error never leaves half a
    document written)."""
    if args.full_ids and not args.json:
        raise UsageError("--full-ids applies to --json (the table always shortens ids "
                         f"longer than {SHOWN_LENGTH} characters)")
    arena, game, params = _load_target(args, err)
    title = None
    if arena is None:
        assert game is not None and game.report is not None   # a game solved by its report
        try:
            report = game.report(**params, progress=_progress(err))
        except LimitError as exc:
            raise UsageError(f"{game.name}: {in_cli_words(exc)}") from None
        except ValueError as exc:
            raise UsageError(f"{game.name}: {exc}") from None
    else:
        id_of = _shown_ids(args, game, whole=args.json and args.full_ids)
        sol = solve(arena)
        if game is None:
            report = solution_report(sol, id_of=id_of)
        else:
            report = solution_report(sol, game=game.name, params=params, id_of=id_of)
        title = (arena.title or {}).get("en")
    if args.json:
        return json_text(report) + "\n"
    return _table(report, title, args.limit)


def _shown_ids(args: argparse.Namespace, game: BuiltinGame | None, *, whole: bool = False
               ) -> Callable[[Any], str]:
    """How the output writes each vertex: its id (a rules file's positions' ids, checked
    unique, in ``args.id_of``; a game's own ids; an arena file's names), shortened past
    :data:`~arena.rules_file.SHOWN_LENGTH` characters unless ``whole``."""
    ids = getattr(args, "id_of", None)
    if ids is not None:
        if not whole:
            try:
                ids = short_ids(ids)
            except ArenaError as exc:
                raise exc.in_file(args.target) from None
        return ids.__getitem__
    of = vertex_id if game is None else game.vertex_id
    return of if whole else lambda v: short_id(of(v))


def _progress(err: TextIO) -> Callable[[str], None]:
    """Where a long solve reports each step: one line on stderr, written at once."""
    def say(line: str) -> None:
        err.write(f"arena: {line}\n")
        err.flush()
    return say


FIGURES_EXTRA = ("arena render draws with Graphviz, which the package installs only with its "
                 "figures extra: {command}")


def _drawing_module():
    """:mod:`arena.render`, or a :class:`UsageError` saying which extra to install: the
    rest of the command line works without the drawing packages."""
    try:
        from arena import render
        for name in ("pygraphviz", "fontTools", "font_source_sans_pro"):
            __import__(name)
    except ModuleNotFoundError as exc:
        from arena._install import pip_command

        raise UsageError(FIGURES_EXTRA.format(command=pip_command("figures")) +
                         f" ({exc.name} is missing)") from None
    return render


def _run_render(args: argparse.Namespace, err: TextIO) -> str:
    """Draw the figure, write it; what ``arena render`` prints."""
    render = _drawing_module()

    output = Path(args.output)
    if output.suffix.lower() not in (".svg", ".pdf"):
        raise UsageError(f"--output: {output} should end in .svg or .pdf")
    arena, game, _ = _load_target(args, err, max_positions_drawn=args.max_vertices)
    assert arena is not None                  # render always builds the arena
    if len(arena) > args.max_vertices:
        raise UsageError(f"{len(arena):,} vertices is too many to draw (limit "
                         f"{args.max_vertices:,} vertices; --max-vertices N raises it)")
    if arena.n_edges > args.max_edges:
        raise UsageError(f"{arena.n_edges:,} edges is too many to draw (limit "
                         f"{args.max_edges:,}; --max-edges N raises it)")
    sol = solve(arena)
    step = args.step
    last = max(len(sol.layers(args.player)) - 1, 0)
    if step is not None and args.show != "attractor":
        raise UsageError("--step applies to --show attractor")
    if step is not None and not 0 <= step <= last:
        raise UsageError(f"--step {step}: J_{args.player}'s attractor has steps 0 to {last}")
    if args.show == "attractor" and step is None:
        step = last
    view = render.View(
        winners=args.show in ("winners", "strategy"), ranks=args.show in ("winners", "strategy"),
        step=step if args.show == "attractor" else None, player=args.player,
        strategy=args.player if args.show == "strategy" else None)
    name = _shown_ids(args, game)
    dot = render.arena_dot(arena, sol, view, name=name)
    title = (arena.title or {}).get("en") or (game.name if game else output.stem)
    svg, pdf = _layout(dot.source, title, render.describe(arena, sol, name=name),
                       render.vertex_titles(arena, name), args.time_limit)
    data = svg if output.suffix.lower() == ".svg" else pdf
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(output, data)
    except OSError as exc:
        raise UsageError(f"{output}: cannot write the file ({exc.strerror})") from None
    return f"wrote {output} ({plural(len(data), 'byte')})\n"


def _layout(dot: str, title: str, desc: str, titles: dict[str, str],
            seconds: int) -> tuple[bytes, bytes]:
    """:func:`arena.render.render` in a process of its own, ended after ``seconds``
    (0: no limit) or by Ctrl+C: Graphviz's layout, in C, holds both until it returns,
    and a dense graph of a few dozen vertices can take minutes."""
    import pickle
    import subprocess

    job = pickle.dumps((dot, title, desc, titles))
    env = dict(os.environ)             # the child imports this very library
    here = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (here, env.get("PYTHONPATH"))))
    child = subprocess.Popen([sys.executable, "-c", "from arena._layout_job import main; "
                              "main()"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    try:
        answer, problem = child.communicate(job, timeout=seconds or None)
    except subprocess.TimeoutExpired:
        raise UsageError(f"the layout took more than {plural(seconds, 'second')} (Graphviz "
                         "lays dense or tangled graphs out slowly; --time-limit N raises "
                         "the limit, 0 removes it)") from None
    finally:
        if child.poll() is None:        # Ctrl+C or the time limit: the layout ends too
            child.kill()
            child.wait()
    if child.returncode == 3:           # Graphviz complained (arena.errors.RenderError)
        raise RenderError(problem.decode("utf-8", "replace").strip())
    if child.returncode:
        raise RenderError("the layout stopped with status "
                          f"{child.returncode}: {problem.decode('utf-8', 'replace')[-300:]}")
    svg, pdf = pickle.loads(answer)
    return svg, pdf


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if err is None:                     # standard error closed too: only the status speaks
        return EXIT_USAGE
    if out is None:                     # `arena ... >&-`: Python starts without sys.stdout
        say(err, "arena: error: the standard output is closed: nothing could be written "
                  "(redirect it to a file or to /dev/null instead)")
        return EXIT_USAGE
    try:
        parser = _parser()
        args = parser.parse_args(argv)
        if args.version:
            out.write(f"arena {__version__}\n")
            return 0
        if args.command is None:
            raise UsageError("a command is required: " + ", ".join(
                ("solve", "render")) + " (arena --help lists them)")
        _check_environment()
        run = {"solve": _run_solve, "render": _run_render}
        with rules_output(args.target.endswith(".py"), out, err) as out:
            text = run[args.command](args, err)
            out.write(text)
            out.flush()         # a full device says so here, not at the interpreter's exit
        return 0
    except (ArenaError, UsageError, RenderError, KernelError) as exc:
        say(err, f"arena: error: {exc}\n")
        return EXIT_USAGE
    except MemoryError:      # a game too large for this machine (or for `ulimit -v`)
        say(err, "arena: error: not enough memory for this game: choose a smaller one "
                  f"(a built-in game's size options, or a lower {LIMIT_OPTION})\n")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader stopped early (`arena solve ... | head`)
        drop_stdout(out)
        return 0
    except OSError as exc:   # the output cannot be written (a full device, ...)
        say(err, f"arena: error: cannot write the output ({exc.strerror or exc})\n")
        drop_stdout(out)
        return EXIT_USAGE
    except KeyboardInterrupt:
        err.write("arena: interrupted\n")
        return EXIT_INTERRUPTED


def _check_environment() -> None:
    """The library's environment variables, read before any work: a bad value is one
    line (:class:`UsageError`), not a traceback in the middle of a solve."""
    from arena.fileformat import max_file_bytes
    from arena.solver import KERNELS

    max_file_bytes()                   # ARENA_MAX_FILE_BYTES: 1 to 2^40
    kernel = os.environ.get("ARENA_KERNEL")
    if kernel and kernel not in KERNELS:
        raise UsageError(f"the environment variable ARENA_KERNEL: {kernel!r} is not one "
                         f"of {', '.join(KERNELS)}")
