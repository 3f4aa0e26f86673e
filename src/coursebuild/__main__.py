"""``python -m coursebuild COMMAND``: the course build's one command line.

Commands: ``site`` (everything ``make site`` builds), ``serve`` (live preview),
``figures`` (the figure catalogue), ``fragments`` (the Markdown fragments),
``notebooks``, ``handout`` (the LaTeX exercise sheets), ``book`` (the PDFs, from a built
site), ``sheets`` (a sheet per student from the bank of problems, and the key), ``moodle`` (the
bank as a Moodle question bank, Moodle XML), ``slides`` (a Beamer deck per chapter, from a
built site), ``colles`` (a one-page oral question set per student from the bank, and the
examiner's answers), ``td`` (each chapter's tutorial sheet and its answers), ``summaries``
(each chapter's summary sheet), ``labs`` (a lab brief per notebook).
``python -m coursebuild COMMAND --help`` describes each one.

Exit status: 0 on success, 2 on a usage error (an unknown command or figure id) or a
file that cannot be written (a read-only folder, a full disk: said in one line), 130 when
interrupted, and what the failing step says otherwise.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from coursebuild.sources import usage


def _figures(argv: Sequence[str]) -> int:
    from coursebuild.products import catalogue

    parser = usage.figures_parser()
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(catalogue.figure_ids()))
        return 0
    try:
        catalogue.build(args.out, args.ids, jobs=args.jobs, force=args.force)
    except KeyError as exc:
        parser.error(exc.args[0])
    return 0


def _fragments(argv: Sequence[str]) -> int:
    from coursebuild.products import fragments

    parser = usage.fragments_parser()
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(fragments.registry()))
        return 0
    try:
        fragments.build(names=args.names, force=args.force)
    except KeyError as exc:
        parser.error(exc.args[0])
    return 0


def _module_main(name: str):
    def run(argv: Sequence[str]) -> int:
        from importlib import import_module

        return import_module(f"coursebuild.{name}").main(list(argv))
    return run


COMMANDS = {
    "site": _module_main("commands.site"),
    "serve": _module_main("commands.serve"),
    "figures": _figures,
    "fragments": _fragments,
    "notebooks": _module_main("products.notebooks"),
    "handout": _module_main("documents.handout"),
    "book": _module_main("documents.book"),
    "sheets": _module_main("products.sheets"),
    "moodle": _module_main("products.moodle"),
    "slides": _module_main("documents.slides"),
    "colles": _module_main("products.sheets.colles"),
    "td": _module_main("documents.td"),
    "summaries": _module_main("documents.summaries"),
    "labs": _module_main("documents.labs"),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(f"coursebuild: error: unknown command {command!r} "
              f"(one of {', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    try:
        return COMMANDS[command](rest)
    except KeyboardInterrupt:
        print("coursebuild: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:          # a read-only folder, a full disk: the path, in one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"coursebuild: {command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
