"""French typography, applied by the build to the prose of every French page and by the
Python exercises to their French messages."""

from __future__ import annotations

import re

__all__ = ["french"]


def french(text: str) -> str:
    """French typography for a piece of prose: a narrow no-break space (U+202F) before
    ``;``, ``!`` and ``?``, a no-break space (U+00A0) before ``:`` and inside « ».
    The spaces the text has become no-break; none is added where there was none,
    except inside « », so that ``http://``, ``a:b`` or ``!=`` stay as they are.

    >>> french("Qui gagne ? J0 : oui ; « bien » !") == (
    ...     "Qui gagne\u202f? J0\u00a0: oui\u202f; «\u00a0bien\u00a0»\u202f!")
    True
    >>> french("x != y, http://a.b, 10:30")
    'x != y, http://a.b, 10:30'
    """
    text = re.sub(r"[ \u00a0\u202f]+([;!?])(?=\s|$|[»)\]<])", "\u202f\\1", text)
    text = re.sub(r"[ \u00a0\u202f]+:(?=\s|$)", "\u00a0:", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«\u00a0", text)
    return re.sub(r"[ \u00a0\u202f]*»", "\u00a0»", text)


# elements whose text is not prose: code, maths, scripts, drawings
_NOT_PROSE = {"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"}
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/?)>|<!--.*?-->", re.S)


def french_html(html_text: str) -> str:
    """French typography (:func:`french`) applied to the prose of a page:
    the text between tags, never inside code, maths (arithmatex), scripts or drawings,
    nor in attributes."""
    out, pos = [], 0
    skip, depth = "", 0             # the element that is not prose we are in, and its nesting
    for m in _TAG.finditer(html_text):
        text = html_text[pos:m.start()]
        out.append(text if skip else french(text))
        out.append(m.group(0))
        pos = m.end()
        closing, name, attrs, empty = m.group(1), (m.group(2) or "").lower(), m.group(3), m.group(4)
        if not name or empty:
            continue
        if skip:
            if name == skip:
                depth += -1 if closing else 1
                if depth == 0:
                    skip = ""
        elif not closing and (name in _NOT_PROSE or "arithmatex" in (attrs or "")):
            skip, depth = name, 1
    tail = html_text[pos:]
    out.append(tail if skip else french(tail))
    return "".join(out)
