"""A statement or a worked solution of the bank as HTML, for the practice page
(:mod:`coursebuild.course.practice`) and the Moodle export: the small part of Markdown the bank
writes (:func:`html_of`), formulas left to KaTeX in the page.
"""

from __future__ import annotations

import html
import re

_INLINE = re.compile(r"(?P<code>(?P<ticks>`+)(?!`)(?P<body>[^\n]+?)(?<!`)(?P=ticks)(?!`))"
                     r"|(?P<dmath>\$\$.+?\$\$)|(?P<math>\$[^$\n]+\$)"
                     r"|(?P<bold>\*\*(?=\S)(?:.+?)(?<=\S)\*\*)"
                     r"|(?P<em>(?<![\w*])\*(?=\S)[^*\n]+(?<=\S)\*(?![\w*]))", re.S)
_FIGURE = re.compile(r"^\s*<!-- figure: (?P<name>[\w-]+) -->\s*$")
_ITEM = re.compile(r"^(?P<mark>\d+\.|[-*]) (?P<text>.*)$")


def _inline(text: str) -> str:
    out, last = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[last:m.start()], quote=False))
        kind, s = m.lastgroup, m.group()
        if kind == "code":          # as CommonMark: a fence of any length, one space inside it
            body = m["body"]        # on each side taken off (it lets a name start with `)
            if len(body) > 2 and body[0] == body[-1] == " " and body.strip():
                body = body[1:-1]
            out.append(f"<code>{html.escape(body, quote=False)}</code>")
        elif kind == "dmath":
            out.append(f'<span class="arithmatex">\\[{html.escape(s[2:-2], quote=False)}\\]</span>')
        elif kind == "math":
            out.append(f'<span class="arithmatex">\\({html.escape(s[1:-1], quote=False)}\\)</span>')
        elif kind == "bold":
            out.append(f"<strong>{_inline(s[2:-2])}</strong>")
        else:
            out.append(f"<em>{_inline(s[1:-1])}</em>")
        last = m.end()
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


def _table(lines: list[str]) -> str:
    def cells(line: str) -> list[str]:     # a | inside a code span is not a column's end
        line = line.strip().removeprefix("|").removesuffix("|")
        out, last = [], 0
        for m in re.finditer(r"(`+)(?!`).*?(?<!`)\1(?!`)|\|", line):
            if m.group() == "|":
                out.append(line[last:m.start()])
                last = m.end()
        return [c.strip() for c in [*out, line[last:]]]

    head, marks, rows = cells(lines[0]), cells(lines[1]), [cells(x) for x in lines[2:]]
    align = ["right" if m.endswith(":") else "left" for m in marks]

    def row(cs: list[str], tag: str) -> str:
        return "<tr>" + "".join(
            f'<{tag} style="text-align: {align[k] if k < len(align) else "left"}">'
            f"{_inline(c)}</{tag}>" for k, c in enumerate(cs)) + "</tr>"

    return ("<table><thead>" + row(head, "th") + "</thead><tbody>"
            + "".join(row(r, "td") for r in rows) + "</tbody></table>")


def html_of(markdown: str) -> str:
    """The HTML of a statement or a solution of the bank: paragraphs, numbered and
    bulleted lists, tables, code blocks, bold and italics, formulas left to KaTeX in the page
    (``\\(...\\)`` in arithmatex's spans, as the chapters) and ``<!-- figure: NAME -->``
    as ``<div class="arena-practice-figure" data-figure="NAME">`` for the page to fill.

    >>> print(html_of("1. From $a$?\\n2. **Why?**\\n"))
    <ol start="1"><li><p>From <span class="arithmatex">\\(a\\)</span>?</p></li><li>...</li></ol>
    """
    lines = markdown.split("\n")
    out: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        if not line.strip():
            at += 1
            continue
        if line.lstrip().startswith("```"):
            end = at + 1
            while end < len(lines) and not lines[end].lstrip().startswith("```"):
                end += 1
            code = "\n".join(lines[at + 1:end])
            out.append(f"<pre><code>{html.escape(code, quote=False)}</code></pre>")
            at = end + 1
            continue
        if (m := _FIGURE.match(line)):
            out.append(f'<div class="arena-practice-figure" data-figure="{m["name"]}"></div>')
            at += 1
            continue
        if line.lstrip().startswith("|"):
            end = at
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                end += 1
            out.append(_table(lines[at:end]))
            at = end
            continue
        if _ITEM.match(line):
            ordered = line[0].isdigit()
            items: list[list[str]] = []
            start = int(line.split(".")[0]) if ordered else 1
            while at < len(lines):
                m = _ITEM.match(lines[at])
                if m and (m["mark"][0].isdigit()) == ordered:
                    items.append([m["text"]])
                    at += 1
                elif lines[at].startswith("    ") or (
                        not lines[at].strip() and at + 1 < len(lines)
                        and lines[at + 1].startswith("    ") and items):
                    items[-1].append(lines[at][4:])
                    at += 1
                else:
                    break
                if at < len(lines) and not lines[at].strip() and not (
                        at + 1 < len(lines) and (_ITEM.match(lines[at + 1])
                                                 or lines[at + 1].startswith("    "))):
                    break
            body = "".join(f"<li>{html_of(chr(10).join(i))}</li>" for i in items)
            out.append(f'<ol start="{start}">{body}</ol>' if ordered else f"<ul>{body}</ul>")
            continue
        end = at
        while end < len(lines) and lines[end].strip() and not (
                lines[end].lstrip().startswith(("|", "```")) or _FIGURE.match(lines[end])
                or (end > at and _ITEM.match(lines[end]))):
            end += 1
        out.append("<p>" + _inline(" ".join(x.strip() for x in lines[at:end])) + "</p>")
        at = end
    return "".join(out)
