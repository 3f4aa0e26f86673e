"""An algorithm's steps on paper: the site steps through them (a stepper); the book sets
one compact table per run, a row per step with only what changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bs4 import Tag

    from coursebuild.latex.converter import Converter


def is_steps(conv: Converter, e: Tag) -> bool:
    return False


def steps(conv: Converter, e: Tag) -> str:
    return ""
