"""The names of the course's code in both languages.

The French course names its code in French (``attracteur_naif``, ``rangs``,
``joueur_max``...), as the French chapters and exam papers do; the English edition names
it in English (``fixpoint_attractor``, ``attractor_ranks``, ``max_to_move``...). One
source, ``docs/data/glossary.yaml``, pairs the names: the code is written once, with its
French names, and :func:`english` gives it to the English edition (listings, exercises,
notebooks); the English pages' pseudo-code is written in English. One concordance (English
name, French name, the chapter that shows it first) is printed on an English page
(:func:`concordance`) and in an appendix of the English book
(:func:`coursebuild.typeset.latex.text.glossary_latex`).
``tests/sources/test_glossary.py`` checks that no French name shows in the English edition, nor
an English one in the French edition. The practice page's Python (Pyodide, which reads no
YAML, from a zip without ``docs/``) reads the same entries as JSON (:func:`bundle`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache

from coursebuild.paths import ROOT
from coursebuild.sources.markdown import Bilingual, code, table

GLOSSARY = "docs/data/glossary.yaml"
BUNDLED = "glossary.json"
"""The glossary's entries as JSON (:func:`bundle`), beside this module where there is no
checkout: in the practice page's zip (:func:`coursebuild.products.practice_page.practice_zip`)."""

ENGLISH = frozenset({
    # notation of the course, letters, and names that read the same in English
    "A", "B", "F", "R", "S0", "S1", "Si", "V0", "V1", "d", "f", "g", "i", "j", "k", "m",
    "n", "p", "q", "s", "t", "u", "v", "x", "y", "A*", "α", "β", "alpha", "beta",
    "alphabeta", "minimax", "grundy", "attr", "attr0", "attr1", "succ", "pred", "change",
    "parent", "start", "goal",
    # the bank's problems' own (coursebuild.course.bank.Problem.names has the others)
    "memo", "mex", "Grundy", "explore", "distances", "dist", "poison",
})
"""Names of the course's code that an English reader reads as they are."""

WORDS = {"title": "The code's names in French",
         "intro": "The English edition names the course's code in English. The French "
                  "chapters and French exam papers use French names; here is each English "
                  "name with its French one, and the chapter whose code shows it first:",
         "head": ("English name", "French name", "Meaning", "First in")}


@lru_cache(maxsize=1)
def _load(text: str) -> tuple[dict, ...]:
    import yaml

    return tuple(yaml.safe_load(text)["names"])


@lru_cache(maxsize=1)
def _bundled(path: str) -> tuple[dict, ...]:
    return tuple(json.loads(open(path, encoding="utf-8").read())["names"])


def entries() -> tuple[dict, ...]:
    """The glossary's entries, in its order: ``name`` (French), ``english``, ``fr``,
    ``en``, ``page``; from ``docs/data/glossary.yaml``, else (no checkout) from
    :data:`BUNDLED`, written from it by :func:`bundle`."""
    source = ROOT / GLOSSARY
    if source.is_file():
        return _load(source.read_text(encoding="utf-8"))
    from pathlib import Path

    bundled = Path(__file__).with_name(BUNDLED)
    if not bundled.is_file():
        raise FileNotFoundError(f"no glossary: neither {source} nor {bundled}")
    return _bundled(str(bundled))


def bundle() -> bytes:
    """:data:`BUNDLED`'s bytes: the entries of ``docs/data/glossary.yaml`` as JSON
    (deterministic), for an interpreter without YAML or checkout."""
    text = json.dumps({"names": list(entries())}, ensure_ascii=False, indent=1,
                      sort_keys=True)
    return (text + "\n").encode("utf-8")


def names() -> dict[str, str]:
    """Each French name of the course's code with its English name."""
    return {e["name"]: e["english"] for e in entries()}


@lru_cache(maxsize=1)
def _word() -> re.Pattern:
    return re.compile(r"(?<![\w.])(" + "|".join(sorted(names(), key=len, reverse=True))
                      + r")(?!\w)")


def english(code: str, own: Mapping[str, str] | None = None) -> str:
    """``code`` (Python or pseudo-code) with the course's French names in English; a name
    after a dot (an attribute, a module) is not the course's. ``own``: the program's own
    French names and their English ones (a problem of the bank declares its functions'
    and variables', :attr:`coursebuild.course.bank.Problem.names`), translated first."""
    if own:
        word = re.compile(r"(?<![\w.])(" + "|".join(
            map(re.escape, sorted(own, key=len, reverse=True))) + r")(?!\w)")
        code = word.sub(lambda m: own[m.group(1)], code)
    table = names()
    return _word().sub(lambda m: table[m.group(1)], code)


@lru_cache(maxsize=1)
def _english_word() -> re.Pattern:
    return re.compile(r"(?<![\w.])(" + "|".join(sorted(names().values(), key=len, reverse=True))
                      + r")(?!\w)")


def french(code: str) -> str:
    """:func:`english` undone: code written with the English names (:mod:`arena.course`'s
    own source) with the French course's names."""
    table = {english: french for french, english in names().items()}
    return _english_word().sub(lambda m: table[m.group(1)], code)


_CODE = re.compile(r"(?P<fence>^[ \t]*```[^\n]*\n.*?^[ \t]*```[ \t]*$)|(?P<span>`[^`\n]+`)",
                   re.S | re.M)


def english_markdown(text: str, own: Mapping[str, str] | None = None) -> str:
    """Markdown with the French names of its code (fenced blocks, code spans) in English,
    ``own``'s too (:func:`english`); its prose is left as it is."""
    return _CODE.sub(lambda m: english(m.group(0), own), text)


def _chapter_titles() -> dict[str, str]:
    import yaml

    nav = yaml.safe_load((ROOT / "mkdocs.en.yml").read_text(encoding="utf-8"))["nav"]
    found: dict[str, str] = {}

    def walk(items) -> None:
        for item in items:
            if isinstance(item, dict):
                for title, target in item.items():
                    if isinstance(target, str):
                        found[target.removesuffix(".md")] = title
                    else:
                        walk(target)

    walk(nav)
    return found


def concordance() -> Bilingual:
    """The English page's table of the code's names, English then French (the French
    edition prints none: its fragment is empty)."""
    titles = _chapter_titles()
    rows = [(code(e["english"]), f'<code lang="fr">{e["name"]}</code>', e["en"],
             f"[{titles[e['page']]}]({e['page']}.md)")
            for e in sorted(entries(), key=lambda e: e["english"])]
    return {"fr": "", "en": WORDS["intro"] + "\n\n" + table(WORDS["head"], rows)}


