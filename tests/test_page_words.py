"""The words the site's scripts show, in both languages: each script keeps them in one
table (``WORDS`` or ``TEXT``, a French and an English entry), and the two entries say the
same things: the same keys, each a text or a function of the same arguments, a text with
the same placeholders. The browser tests check a mechanism in one language or the other
(a Check stopped by its time limit, a flood of output, ...); this is what makes the other
language's words for it sure to exist."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "docs" / "assets" / "javascripts"
TABLES = {"arena.js": "TEXT", "course.js": "COURSE_WORDS", "design.js": "WORDS",
          "exercises.js": "WORDS", "notebook.js": "WORDS", "practice.js": "WORDS"}

# what node prints of a table: for each language, each key's kind (text, or a function
# and its parameters) and a text's placeholders ({s}, {n}, ...)
DESCRIBE = """
const table = (%s);
const kind = (v) => typeof v === "function"
  ? "function(" + v.toString().split("=>")[0].replace(/[()\\s]/g, "") + ")"
  : typeof v === "string"
    ? "text " + JSON.stringify([...new Set(v.match(/\\{\\w+\\}/g) || [])].sort())
    : typeof v;
const out = {};
for (const [lang, words] of Object.entries(table)) {
  out[lang] = Object.fromEntries(Object.entries(words).map(([k, v]) => [k, kind(v)]));
}
console.log(JSON.stringify(out));
"""


def _literal(text: str, name: str) -> str:
    """The object literal assigned to ``const name`` in ``text`` (braces matched, strings
    and template literals skipped)."""
    start = text.index("{", text.index(f"const {name} = "))
    depth, k, quote = 0, start, None
    while True:
        c = text[k]
        if quote:
            if c == "\\":
                k += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[start:k + 1]
        k += 1


def _described(script: str) -> dict:
    literal = _literal((SCRIPTS / script).read_text(encoding="utf-8"), TABLES[script])
    done = subprocess.run(["node", "-e", DESCRIBE % literal], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
@pytest.mark.parametrize("script", sorted(TABLES))
def test_both_languages_have_the_same_words(script):
    table = _described(script)
    assert set(table) == {"fr", "en"}, script
    assert len(table["fr"]) >= 5
    assert table["fr"] == table["en"], script


def test_every_table_of_words_is_checked():
    tables = {p.name for p in SCRIPTS.glob("*.js")
              if re.search(r"^\s*(fr|en): \{", p.read_text(encoding="utf-8"), re.M)}
    assert tables == set(TABLES)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
@pytest.mark.parametrize("script", sorted(TABLES))
def test_no_text_keeps_a_placeholder_to_fill(script):
    """A text that needs a value is a function of it: a text holding ``{s}`` was shown as
    it is somewhere (the Check's heading out of time, issue 61 §14)."""
    table = _described(script)
    left = {(lang, key): kind for lang, words in table.items() for key, kind in words.items()
            if kind.startswith("text ") and kind != "text []"}
    assert left == {}, script


# each message of the Check called with its values, as the page calls it: the time limit
# in ms (data-timeout's, the default's, the judge's), in each language
CALL_EVERY_WORD = """
%s
const table = (%s);
const samples = [1, 250, 2000, 2500, 5000, 60000, 600000];
const out = [];
for (const [lang, words] of Object.entries(table)) {
  for (const [key, v] of Object.entries(words)) {
    if (typeof v !== "function") { out.push([lang, key, null, v]); continue; }
    for (const ms of samples) out.push([lang, key, ms, v(...Array(v.length).fill(ms))]);
  }
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_every_message_of_the_check_is_filled_with_its_number():
    """Every word of the Check (exercises.js), each function called with the limits the
    page passes: no placeholder, no NaN, no undefined; the time limit's message says the
    limit in seconds, as the language writes them (issue 61 §14)."""
    text = (SCRIPTS / "exercises.js").read_text(encoding="utf-8")
    helpers = re.search(r"\n(\s*const seconds = .*?)\n\s*const WORDS = ", text, re.S).group(1)
    done = subprocess.run(["node", "-e", CALL_EVERY_WORD % (helpers, _literal(text, "WORDS"))],
                          capture_output=True, text=True, check=True)
    said = json.loads(done.stdout)
    assert len({(lang, key) for lang, key, _, _ in said}) >= 2 * 15
    for lang, key, ms, message in said:
        assert isinstance(message, str) and message.strip(), (lang, key, ms)
        assert not re.search(r"[{}]|NaN|undefined|Infinity|null", message), (lang, key, message)
    timeouts = {(lang, ms): m for lang, key, ms, m in said if key == "timeout"}
    assert len(timeouts) == 2 * 7
    for (lang, ms), message in timeouts.items():
        number = f"{ms / 1000:g}".replace(".", "," if lang == "fr" else ".")
        assert f"({number} s)" in message, message
    assert timeouts[("fr", 2500)] == "Temps limite dépassé (2,5 s) : exécution arrêtée."
    assert timeouts[("en", 600000)] == "Time limit exceeded (600 s): run stopped."
