"""The command line's words: the parsers of ``python -m coursebuild figures`` and
``fragments`` (their arguments and help), below both the command that runs them
(:mod:`coursebuild.__main__`) and the teachers' page that prints their help
(:mod:`coursebuild.course.pages.teachers`)."""

from __future__ import annotations

import argparse

from coursebuild.paths import FIGURES


def figures_parser() -> argparse.ArgumentParser:
    """``python -m coursebuild figures``'s arguments."""
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild figures",
        description="Build every figure of the catalogue (or the ids given) as SVG and PDF, "
                    "with manifest.json; figures whose inputs did not change are kept.")
    parser.add_argument("ids", nargs="*", metavar="ID", help="figure ids (default: all)")
    parser.add_argument("--out", type=_path, default=FIGURES,
                        help="output folder (default: docs/figures)")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--jobs", type=_positive, metavar="N",
                        help="processes (default: cores)")
    parser.add_argument("--list", action="store_true", help="list the ids and stop")
    return parser


def fragments_parser() -> argparse.ArgumentParser:
    """``python -m coursebuild fragments``'s arguments."""
    parser = argparse.ArgumentParser(
        prog="python -m coursebuild fragments",
        description="Write the Markdown fragments (or the names given) whose inputs changed.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="fragment names")
    parser.add_argument("--force", action="store_true", help="recompute even if up to date")
    parser.add_argument("--list", action="store_true", help="list the names and stop")
    return parser


def _path(text: str):
    from pathlib import Path

    return Path(text)


def _positive(text: str) -> int:
    from arena.numbers import parse_int

    try:
        return parse_int(text, minimum=1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


PARSERS = {"figures": figures_parser, "fragments": fragments_parser}
