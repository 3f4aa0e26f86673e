"""The markers of a page, checked before any is expanded: ``<!-- KIND: ARGS -->`` for a
figure, an interactive widget (stepper, game, trace), a Python exercise or a game's design,
each with known arguments, and the same markers in the same order in both languages; and
the links to a figure, which must name one of the catalogue."""

from __future__ import annotations

import html
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from coursebuild.documents.markers import state

# a link to a figure (``[below](#fig-ID)``, ``[](other.md#fig-ID)``): the book cites the
# figure by number there (coursebuild.typeset.latex.figures)
FIGURE_REFERENCE = re.compile(r'<a (?P<attrs>[^>]*?)href="(?P<page>[^"#]*)#fig-(?P<id>[^"]*)"'
                              r'(?P<rest>[^>]*)>(?P<text>.*?)</a>', re.S)


def figure_references(html_text: str, where: str) -> str:
    """Check that every link to a figure names one of the catalogue, and make an empty one
    (a reference the book alone prints) a hidden span: no empty link on the site."""
    def check(m: re.Match) -> str:
        fid = m.group("id")
        if fid not in state.MANIFEST:
            raise PluginError(f"{where}: a link to the figure {fid!r}, which is not in the "
                              f"catalogue{_near(fid, state.MANIFEST)}")
        if m.group("text").strip():
            return m.group(0)
        return f'<span class="arena-figref" data-figure="{html.escape(fid)}" hidden></span>'

    return FIGURE_REFERENCE.sub(check, html_text)


# any marker, well formed or not: checked by check_markers before any is expanded
ANY_MARKER = re.compile(r"<!--\s*(?P<kind>figure|stepper|game|trace|exercise|design)\s*:"
                        r"\s*(?P<args>.*?)\s*-->", re.I)
MARKER_ARGS = {"figure": (1, 1), "stepper": (1, 2), "game": (1, 2), "trace": (1, 1),
               "exercise": (1, 1), "design": (1, 1)}


def _near(name: str, known) -> str:
    import difflib

    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


CODE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1|`[^`\n]+`", re.M | re.S)


def markers(markdown: str) -> list[tuple[int, str, list[str]]]:
    """The markers of a page, in order: (line, kind, arguments); a marker shown as code
    (a guide that explains markers) is not one."""
    masked = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), markdown)
    return [(masked.count("\n", 0, m.start()) + 1, m.group("kind"), m.group("args").split())
            for m in ANY_MARKER.finditer(masked)]


def check_markers(markdown: str, where: str, other: Path | None = None) -> None:
    """Refuse, naming the page, the line and the nearest valid id, a marker whose kind is
    not lower case, whose arguments are wrong or unknown, and a page whose translation
    (``other``) does not carry the same markers in the same order."""
    from coursebuild.sources.exercise_source import exercises

    EXERCISES = exercises()
    found = markers(markdown)
    for line, kind, args in found:
        at = f"{where}, line {line}: <!-- {kind}: {' '.join(args)} -->"
        if kind != kind.lower():
            raise PluginError(f"{at}: the marker is written in lower case ({kind.lower()})")
        low, high = MARKER_ARGS[kind]
        if not low <= len(args) <= high:
            raise PluginError(f"{at}: {kind} takes {low}" + (f" or {high}" if high > low else "")
                              + " argument" + ("s" if high > 1 else ""))
        if kind == "design":
            from coursebuild.course.design import EXAMPLES

            if args[0] not in EXAMPLES:
                raise PluginError(f"{at}: unknown example game {args[0]!r}"
                                  f"{_near(args[0], EXAMPLES)}")
            continue
        if kind == "exercise":
            if args[0] not in EXERCISES:
                raise PluginError(f"{at}: unknown exercise {args[0]!r}"
                                  f"{_near(args[0], EXERCISES)}")
            continue
        if args[0] not in state.MANIFEST:
            raise PluginError(f"{at}: unknown figure id {args[0]!r}"
                              f"{_near(args[0], state.MANIFEST)}")
        if kind != "figure" and not (state.FIGURES / f"{args[0]}.json").exists():
            raise PluginError(f"{at}: {args[0]!r} is not an interactive figure (no JSON)")
        if kind == "stepper" and len(args) == 2 and args[1] not in ("0", "1"):
            raise PluginError(f"{at}: the player is 0 or 1, not {args[1]!r}")
        if kind == "game" and len(args) == 2 and args[1] not in state.MANIFEST:
            raise PluginError(f"{at}: unknown board figure{_near(args[1], state.MANIFEST)}")
    if other is not None and other.exists():
        theirs = markers(other.read_text(encoding="utf-8"))
        for k in range(max(len(found), len(theirs))):
            mine = found[k][1:] if k < len(found) else None
            them = theirs[k][1:] if k < len(theirs) else None
            if mine != them:
                line = found[k][0] if k < len(found) else "end"
                their_line = theirs[k][0] if k < len(theirs) else "end"
                raise PluginError(
                    f"{where}, line {line}: the markers differ from {other.name} of the other "
                    f"language (line {their_line}): {mine} here, {them} there; both chapters "
                    "carry the same markers in the same order")
