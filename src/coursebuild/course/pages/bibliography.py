"""The bibliography: the page ``docs/fr/bibliography.md`` / ``docs/en/bibliography.md``.

Both the site's page and the printed book (:mod:`coursebuild.documents.book`) are written from
``docs/data/bibliography.yaml``; a chapter cites a work by a link to its entry.
"""

from __future__ import annotations

import re

from coursebuild.paths import ROOT
from coursebuild.sources.markdown import Bilingual, fragment

BIBLIOGRAPHY = "docs/data/bibliography.yaml"


def works() -> list[dict]:
    """The works, in the bibliography's order (by key: the first author, then the year)."""
    import yaml

    data = yaml.safe_load((ROOT / BIBLIOGRAPHY).read_text(encoding="utf-8"))
    return sorted(data["works"], key=lambda w: w["key"])


def field(work: dict, name: str, lang: str) -> str:
    """A field of an entry, in ``lang`` when it is written in both languages; in English a
    range of pages is "pp." (French writes "p." for one page and for a range), and in
    French a number is "n°", on the site as in the book (issue 61).

    >>> field({"in": "Annals, vol. 3, p. 35–39"}, "in", "en")
    'Annals, vol. 3, pp. 35–39'
    >>> field({"in": "Annals, vol. 3, no. 1/4, p. 35–39"}, "in", "fr")
    'Annals, vol. 3, n°\xa01/4, p. 35–39'
    """
    value = work.get(name, "")
    text = str(value.get(lang, "") if isinstance(value, dict) else value)
    if name == "in" and lang == "en":
        text = re.sub(r"\bp\. (\d+[–-]\d+)", r"pp. \1", text)
    if name == "in" and lang == "fr":        # the French abbreviation of "number"
        text = text.replace("no. ", "n\u00b0\u00a0")
    return text


@fragment
def bibliography() -> Bilingual:
    out = {}
    for lang in ("fr", "en"):
        lines = []
        for work in works():
            year = field(work, "year", lang)
            text = (f"{work['authors']}. *{work['title']}*. {field(work, 'in', lang)}"
                    + (f", {year}" if year else "") + ".")
            if work.get("doi"):
                text += f" DOI [{work['doi']}](https://doi.org/{work['doi']})."
            elif work.get("url"):
                text += f" <{work['url']}>"
            note = field(work, "note", lang)
            if note:
                text += " " + note
            lines.append(text + "\n{: #" + work["key"] + " }\n")
        out[lang] = "\n".join(lines)
    return out
