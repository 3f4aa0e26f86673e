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
