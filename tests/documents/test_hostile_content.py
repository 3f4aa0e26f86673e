# ruff: noqa: E501  (tables of cases: one case per line reads best)
"""Hostile round 6 (issue 62, item 16): every string the build puts into a page from a game
is escaped. A copy of a real example whose every name and title holds markup (``<script>``,
quotes, ``&``, ``javascript:``, CDATA's end...), and a rules file whose positions and title
hold the same, are built by the builders themselves (the figures' SVG and data, the
fragments as the site's Markdown makes them, the figure's place in a page, the notebook's
inlined game and its drawing, a Moodle question): each output parses (HTML with
html.parser, SVG and Moodle XML with xml.etree), holds no element nor attribute that the
same output of a plain game does not hold, and holds every hostile text as text.

(The whole site built from such a game, read in Chromium, is test_edited_copy's.)"""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from arena import Arena, solve
from arena.render import View

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "exercise-6-2.yaml"

# Each a name of the copy's vertices (one per vertex, in turn): each would be an element,
# an attribute, a link, the end of a CDATA section or of a title if it reached an output
# unescaped. None holds `~` or `*`, which a Moodle answer cannot hold (it is refused).
HOSTILE = [
    "<script>window.pwned=1</script>",
    '"><img src=x onerror="window.pwned=2">',
    "a & b &amp; &lt;c&gt; &#60;",
    "javascript:window.pwned=3",
    "x' onmouseover='window.pwned=4",
    "</title><script>window.pwned=5</script>",
    "]]><script>window.pwned=6</script>",
    "<svg onload=window.pwned=7>",
    "[a link](javascript:window.pwned=8)",
    "`tick` | pipe",
    "<!-- comment --> <![CDATA[ d ]]>",
    "{1:SHORTANSWER:=x} {#1} } \\}",
    '<a href="javascript:window.pwned=9">e</a>',
    "<style>body{display:none}</style>",
]
TITLE = {"fr": '<script>window.pwned=10</script>Jeu & "titre" : javascript:x',
         "en": '<img src=x onerror="window.pwned=11">Game & "title": javascript:x'}


def _renamed(names: list[str], title: dict[str, str], example: Path = EXAMPLE
             ) -> tuple[str, dict[str, str]]:
    """The example's text with its vertices named by ``names`` in turn, and the renaming."""
    doc = yaml.safe_load(example.read_text(encoding="utf-8"))
    vertices = [*doc["S0"], *doc["S1"]]
    new = {v: names[k % len(names)] + ("" if k < len(names) else f" {k}")
           for k, v in enumerate(vertices)}
    out = {"title": title, "start": new[doc["start"]],
           "S0": [new[v] for v in doc["S0"]], "S1": [new[v] for v in doc["S1"]],
           "V0": [new[v] for v in doc.get("V0", [])], "V1": [new[v] for v in doc.get("V1", [])],
           "edges": {new[x]: [new[y] for y in ys] for x, ys in doc["edges"].items()}}
    return yaml.safe_dump(out, allow_unicode=True, sort_keys=False), new


def _plain_names(n: int) -> list[str]:
    return [f"v{k}" for k in range(n)]


PLAIN_TITLE = {"fr": "Jeu", "en": "Game"}


class Game(NamedTuple):
    """A copy of the example, hostile or plain, and the names it gave."""

    path: Path
    names: dict[str, str]
    title: dict[str, str]


@pytest.fixture
def games(tmp_path) -> dict[str, Game]:
    out = {}
    for kind, names, title in (("hostile", HOSTILE, TITLE),
                               ("plain", _plain_names(len(HOSTILE)), PLAIN_TITLE)):
        text, renamed = _renamed(names, title)
        path = tmp_path / kind / "exercise-6-2.yaml"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        out[kind] = Game(path, renamed, title)
    return out


# --- reading an output as its reader does --------------------------------------------

class Facts(NamedTuple):
    """What an output holds: its elements, its attributes' names, and its text (text
    nodes and attribute values, as the reader gets them: references decoded)."""

    tags: set[str]
    attributes: set[str]
    text: str
    data: str = ""
    """The text nodes alone, joined as a reader reads them."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.texts: list[str] = []
        self.data: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            self.attributes.add(name)
            self.texts.append(value or "")

    def handle_data(self, data):
        self.texts.append(data)
        self.data.append(data)


def html_facts(text: str) -> Facts:
    reader = _Reader()
    reader.feed(text)
    reader.close()
    return Facts(reader.tags, reader.attributes, "\n".join(reader.texts), "".join(reader.data))


def xml_facts(text: str | bytes) -> Facts:
    root = ET.fromstring(text)          # raises on anything that is not well-formed XML
    tags, attributes, texts = set(), set(), []
    for e in root.iter():
        tags.add(e.tag)
        for k, v in e.attrib.items():
            attributes.add(k)
            texts.append(v)
        texts += [e.text or "", e.tail or ""]
    return Facts(tags, attributes, "\n".join(texts))


LIVE_ATTRIBUTE = re.compile(r"(^|})on\w+$", re.I)


def assert_inert(hostile: Facts, plain: Facts, shown: list[str], where: str) -> None:
    """``hostile`` holds no element and no attribute that the plain game's output does
    not hold, nothing live (a handler, a script, a ``javascript:`` address), and each
    text of ``shown`` as text."""
    assert hostile.tags <= plain.tags, (where, hostile.tags - plain.tags)
    assert hostile.attributes <= plain.attributes, (where, hostile.attributes - plain.attributes)
    assert not [a for a in hostile.attributes if LIVE_ATTRIBUTE.search(a)], where
    assert not {"script", "iframe", "object", "embed", "foreignObject"} & {t.split("}")[-1] for t in hostile.tags}, where
    missing = [s for s in shown if s not in hostile.text]
    assert not missing, (where, missing)


def _no_live_address(svg: str | bytes, where: str) -> None:
    root = ET.fromstring(svg)
    for e in root.iter():
        for k, v in e.attrib.items():
            if k.split("}")[-1] in ("href", "src", "action") or k.endswith("href"):
                assert not v.strip().lower().startswith(("javascript:", "data:text")), (where, k, v)


# --- the figures ---------------------------------------------------------------------

VIEWS = {"graph": View(), "solved": View(winners=True, ranks=True, strategy=0),
         "play": View(winners=True, strategy=1)}


def _svg(drawing) -> bytes:
    from coursebuild.course.drawing import layout_job
    from coursebuild.products.catalogue import _render

    return _render(layout_job(drawing))[0]


@pytest.mark.parametrize("view", VIEWS)
def test_a_hostile_games_figure_its_data_and_its_place_in_a_page_are_inert(games, view, monkeypatch, tmp_path):
    from coursebuild.course.drawing import example_figure
    from coursebuild.course.widgets import figure_data
    from coursebuild.documents.markers import figures as markers
    from coursebuild.documents.markers import state
    from coursebuild.typeset.texts import _markdown

    facts = {}
    for kind, game in games.items():
        caption = {lang: f"{game.title[lang]} : {', '.join(game.names.values())}" for lang in ("fr", "en")}
        drawing = example_figure(str(game.path), VIEWS[view], caption, interactive=True)
        svg = _svg(drawing)
        _no_live_address(svg, f"{kind} svg")
        data = json.dumps(figure_data("ex", drawing.arena), ensure_ascii=False)
        folder = tmp_path / kind / "figures"
        folder.mkdir(parents=True)
        (folder / "ex.svg").write_bytes(svg)
        (folder / "ex.json").write_text(data, encoding="utf-8")
        monkeypatch.setattr(state, "FIGURES", folder)
        monkeypatch.setattr(state, "MANIFEST", {"ex": {"id": "ex", "svg": "ex.svg", "pdf": "ex.pdf", "caption": caption}})
        pages = {}
        for lang in ("fr", "en"):
            page = markers.expand("<!-- figure: ex -->\n\n<!-- game: ex -->\n", lang, "exercises/")
            pages[lang] = _markdown().reset().convert(page)
        facts[kind] = (xml_facts(svg), pages, json.loads(data))
    hostile_svg, hostile_pages, hostile_data = facts["hostile"]
    plain_svg, plain_pages, _ = facts["plain"]
    names = list(games["hostile"].names.values())
    assert_inert(hostile_svg, plain_svg, names + [f"{TITLE['fr']} : {names[0]}"], "svg")
    for lang in ("fr", "en"):
        hostile, plain = html_facts(hostile_pages[lang]), html_facts(plain_pages[lang])
        assert_inert(hostile, plain, [TITLE[lang].split(":")[0].strip()], f"page ({lang})")
        # the widget's data, as the page's script reads it: the names, whole
        embedded = re.search(r'data-embedded="([^"]*)"', hostile_pages[lang])
        import html as _html
        inside = json.loads(_html.unescape(embedded.group(1)))
        assert inside["json"] == hostile_data
        assert_inert(xml_facts(inside["svg"]), plain_svg, names, f"embedded svg ({lang})")
    shown = json.dumps(hostile_data, ensure_ascii=False)
    assert all(json.dumps(n, ensure_ascii=False)[1:-1] in shown for n in names)


# --- the chapters: the figures and the fragments made from the course's examples ---------

EXAMPLES = {"EX42": "ex42", "EX313": "ex313"}
"""The constants of :mod:`coursebuild.course.examples` naming a game file, and the function that
reads it."""


def _names_in(fn) -> set[str]:
    """Every name the code of ``fn`` uses, its inner functions' too."""
    code = getattr(fn, "__code__", None)
    todo, names = ([code] if code else []), set()
    while todo:
        c = todo.pop()
        names |= set(c.co_names)
        todo += [k for k in c.co_consts if hasattr(k, "co_names")]
    return names


def _uses_an_example(fn) -> bool:
    return any(word in name for name in _names_in(fn) for word in (*EXAMPLES, *EXAMPLES.values()))


def _chapters_outputs(monkeypatch, folder: Path, names: list[str], title: dict[str, str]):
    """The figures (SVG) and fragments (the site's HTML, by language) made from the
    course's examples, every example renamed by ``names``."""
    from coursebuild.course import examples, keys
    from coursebuild.products.catalogue import catalogue
    from coursebuild.sources.markdown import FRAGMENTS
    from coursebuild.typeset.texts import _markdown

    renamed = {}
    for constant in EXAMPLES:
        source = ROOT / getattr(examples, constant)
        text, new = _renamed(names, title, source)
        path = folder / source.name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        monkeypatch.setattr(examples, constant, str(path))
        renamed.update({f"{constant}:{k}": v for k, v in new.items()})
    keys.clear()
    figures = {f.id: _svg(f.draw()) for f in catalogue() if _uses_an_example(f.draw)}
    fragments = {}
    for name, fn in FRAGMENTS.items():
        if _uses_an_example(fn):
            made = fn()
            fragments[name] = {lang: _markdown().reset().convert(made[lang]) for lang in made}
    keys.clear()
    return figures, fragments, renamed


def test_the_chapters_figures_and_fragments_of_a_hostile_example_are_inert(monkeypatch, tmp_path):
    from coursebuild.course import keys

    try:
        hostile = _chapters_outputs(monkeypatch, tmp_path / "hostile", HOSTILE, TITLE)
        plain = _chapters_outputs(monkeypatch, tmp_path / "plain", _plain_names(len(HOSTILE)), PLAIN_TITLE)
    finally:
        monkeypatch.undo()
        keys.clear()
    figures, fragments, renamed = hostile
    assert len(figures) >= 4 and len(fragments) >= 3, (sorted(figures), sorted(fragments))
    names = sorted(set(renamed.values()))
    for fid, svg in figures.items():
        _no_live_address(svg, fid)
        facts = xml_facts(svg)
        shown = [n for n in names if n in facts.text]
        assert shown, fid
        assert_inert(facts, xml_facts(plain[0][fid]), shown, fid)
    seen = set()
    for name, by_lang in fragments.items():
        for lang, page in by_lang.items():
            facts = html_facts(page)
            shown = [n for n in names if n in facts.text]
            seen |= set(shown)
            assert_inert(facts, html_facts(plain[1][name][lang]), shown, f"{name} ({lang})")
            # nothing of a hostile name is read as the page's syntax: each name the plain
            # fragment shows, the hostile one shows, whole
            if name == "example-game-file":     # the file as written: its names in YAML's quotes
                assert (tmp_path / "hostile" / "exercise-6-2.yaml").read_text(encoding="utf-8").strip() in facts.data
                continue
            plain_shown = [k for k, n in enumerate(_plain_names(len(HOSTILE))) if re.search(rf"\b{n}\b", html_facts(plain[1][name][lang]).text)]
            assert [HOSTILE[k] for k in plain_shown if HOSTILE[k] not in facts.text] == [], (name, lang)
    assert set(HOSTILE) <= seen


# --- a rules file (SPEC §9): its positions and its title, in a figure and on the design page

def _rules(names: list[str], title: dict[str, str]) -> str:
    return (f"NAMES = {names!r}\nTITLE = {title!r}\nSTART = NAMES[0]\nSTUCK = 'loses'\n\n"
            "def player(p):\n    return NAMES.index(p) % 2\n\n"
            "def moves(p):\n    k = NAMES.index(p)\n"
            "    return [NAMES[j] for j in (k + 1, k + 2) if j < len(NAMES)]\n")


def test_a_hostile_rules_files_figure_and_design_drawing_are_inert(tmp_path):
    from arena.render import render_svg
    from coursebuild.course.design import design
    from coursebuild.course.drawing import example_figure

    made = {}
    for kind, names, title in (("hostile", HOSTILE, TITLE), ("plain", _plain_names(len(HOSTILE)), PLAIN_TITLE)):
        path = tmp_path / f"{kind}.py"
        path.write_text(_rules(names, title), encoding="utf-8")
        drawing = example_figure(str(path), View(winners=True, ranks=True, strategy=0), title, interactive=True)
        figure = _svg(drawing)
        result = design(path.read_text(encoding="utf-8"), "en")
        assert "error" not in result, result
        page = render_svg(result["dot"], title=result["title"] or "", desc=result["desc"])
        made[kind] = (figure, page, result)
    for k, what in enumerate(("figure", "design page's drawing")):
        _no_live_address(made["hostile"][k], what)
        shown = [n for n in HOSTILE if len(n) <= 40]        # the design page cuts longer ones
        assert_inert(xml_facts(made["hostile"][k]), xml_facts(made["plain"][k]), shown, what)
    # what the design page's script shows as text: the title and the start, whole
    result = made["hostile"][2]
    assert result["title"] == TITLE["en"] and result["start"] == HOSTILE[0]


# --- the notebooks: the game written into a cell, its drawing, what a cell prints --------

def test_a_hostile_game_in_a_notebook_runs_as_the_file_and_draws_inert(games, monkeypatch, tmp_path):
    from coursebuild.products import notebooks
    from coursebuild.products.notebook_kernel import Kernel

    outputs = {}
    for kind, game in games.items():
        root = tmp_path / f"{kind}-root"
        (root / "docs" / "examples").mkdir(parents=True)
        (root / "docs" / "examples" / "exercise-6-2.yaml").write_bytes(game.path.read_bytes())
        monkeypatch.setattr(notebooks, "ROOT", root)
        cell = ('from pathlib import Path\nfrom arena import Arena\n'
                'g = Arena.from_file(Path("docs/examples/exercise-6-2.yaml"))\n')
        code = notebooks._inline_data(cell, "en")
        assert "from_file" not in code
        kernel = Kernel("en")
        assert [o for o in kernel.run(code) if o["type"] == "error"] == []
        g = kernel.namespace["g"]
        assert g == Arena.from_file(game.path) and g.title == game.title
        out = kernel.run("print(sorted(g.vertices))\ng")
        assert [o["type"] for o in out] == ["stream", "svg"], out
        outputs[kind] = out
    hostile, plain = outputs["hostile"], outputs["plain"]
    names = list(games["hostile"].names.values())
    assert all(repr(n) in hostile[0]["text"] for n in names)      # text: the page sets it as text
    _no_live_address(hostile[1]["svg"], "notebook svg")
    assert_inert(xml_facts(hostile[1]["svg"]), xml_facts(plain[1]["svg"]), names, "notebook svg")


# --- Moodle: a question whose names, answers and figure come from the hostile game -------

def _variant(game: Game):
    """A variant of the bank's problem plays-draw-cycle made of ``game``: its statement,
    solution, figure and answers name the game's positions as the bank's helpers write
    them."""
    from coursebuild.course.bank import Variant
    from coursebuild.course.bank._kit import Q, arena_figure, arena_params, compose
    from coursebuild.sources.markdown import code

    g = Arena.from_file(game.path)
    sol = solve(g)
    a0, a1 = sorted(sol.attractor(0)), sorted(sol.attractor(1))
    draws = sorted(v for v in g.vertices if sol.winner[v] is None)
    listed = {"fr": ", ".join(code(v) for v in a0), "en": ", ".join(code(v) for v in a0)}
    v = compose("plays-draw-cycle", 0, arena_params(g),
                intro={"fr": f"Le jeu {code(game.title['fr'])} :\n\n<!-- figure: graph -->\n",
                       "en": f"The game {code(game.title['en'])}:\n\n<!-- figure: graph -->\n"},
                questions=[Q(ask={"fr": "Les attracteurs ?", "en": "The attractors?"},
                             answer={lang: f"$\\mathcal{{A}}^0$ : {listed[lang]}.\n\n<!-- figure: solved -->" for lang in ("fr", "en")},
                             marks=[(20, {"fr": "tout", "en": "all"})])],
                figures={"graph": arena_figure(g, {lang: f"{game.title[lang]} ({', '.join(g.vertices)})" for lang in ("fr", "en")}),
                         "solved": arena_figure(g, {"fr": "Corrigé", "en": "Solution"}, solution=sol,
                                                view=View(winners=True, ranks=True, strategy=0))},
                answers={"attractor0": a0, "attractor1": a1, "draws": draws})
    assert isinstance(v, Variant)
    return v


def test_a_moodle_question_of_a_hostile_game_is_well_formed_and_inert(games):
    from coursebuild.products import moodle

    facts = {}
    for kind, game in games.items():
        v = _variant(game)
        svgs = {moodle.figure_id(v, name): moodle.render_svg(d) for name, d in v.figures.items()}
        for lang in ("fr", "en"):
            xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
                   + moodle.question_xml(v, lang, svgs, game.title[lang]) + "</quiz>\n")
            quiz = ET.fromstring(xml.encode("utf-8"))
            question = quiz.find("question")
            name = question.find("name/text").text
            text = question.find("questiontext/text").text
            feedback = question.find("generalfeedback/text").text
            files = [base64.b64decode(f.text) for f in question.iter("file")]
            facts[kind, lang] = (name, html_facts(text), html_facts(feedback), [xml_facts(f) for f in files], text, v)
    names = list(games["hostile"].names.values())
    for lang in ("fr", "en"):
        name, text, feedback, files, raw, v = facts["hostile", lang]
        _, plain_text, plain_feedback, plain_files, _, _ = facts["plain", lang]
        assert name.startswith(TITLE[lang])
        assert_inert(text, plain_text, [TITLE[lang]], f"question ({lang})")
        solved = [n for n in names if n in v.answers["attractor0"]]
        assert_inert(feedback, plain_feedback, solved, f"feedback ({lang})")
        for k, (f, p) in enumerate(zip(files, plain_files, strict=True)):
            assert_inert(f, p, names if k == 0 else [], f"figure {k} ({lang})")
        # each answer as Moodle reads a Cloze answer: \\} and \\# undone, then the HTML
        # entities decoded, gives the name as the game writes it
        import html as _html
        cloze = re.findall(r"\{\d*:SHORTANSWER_C:=((?:\\[}#]|\\(?![}#])|[^~}\\])*)", raw)
        assert cloze, raw
        first = _html.unescape(cloze[0].replace("\\}", "}").replace("\\#", "#"))
        assert first in moodle.spellings("set", v.answers["attractor0"], lang), first
        # the sub-questions Moodle finds in the text (qtype_multianswer's pattern): the
        # fields alone, none typed by a name
        subs = moodle.parts(v, lang)
        assert all(raw.count(p.cloze()) == 1 for p in subs)
        rest = raw
        for p in subs:
            rest = rest.replace(p.cloze(), "")
        found = re.findall(r"\{[0-9]*:(?:SHORTANSWER|NUMERICAL|MULTICHOICE)[A-Z_]*:", rest)
        assert found == [], found
