"""What every problem of the bank shares: the seeded random source, the questions and how
a variant's statement, solution and marking scheme are put together, French
typography, the formatting of sets and ranks, and the course's figures of arenas."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena import Arena, Solution
from arena.arena import Vertex, vertex_id
from coursebuild.course.bank import USES, Problem, Variant
from coursebuild.course.bank.fields import Field, ask
from coursebuild.course.drawing import Drawing
from coursebuild.languages import LANGS
from coursebuild.sources.typography import french

__all__ = ["Field", "Plan", "Problem", "Q", "Variant", "arena_figure", "arena_from_params",
           "arena_params", "ask", "bi", "compose", "fence", "game_caption", "listing", "mset",
           "name", "need", "own_name", "pick", "planted", "problem", "reach", "rg", "rng",
           "solve_small", "successor_table", "table", "words"]
"""What a problem module takes from the kit, in one line: ``from coursebuild.course.bank._kit
import *`` (the bank's modules are the only ones that import it so; their per-file
ruff rule allows it)."""

Bilingual = dict[str, str]


def problem(*, id: str, chapter: str, title: Bilingual, generate: Callable[[int], Variant],
            check: Callable[[Variant], None], uses: Sequence[str] = USES, minutes: int = 40,
            points: int = 20, names: Mapping[str, str] | None = None) -> Problem:
    """A problem of the bank as its module declares it in ``PROBLEMS``: most fit every use
    (:data:`coursebuild.course.bank.USES`), take 40 minutes and are marked out of 20, so only
    the others say so; ``names``, the French names of its own code with their English
    ones (:attr:`coursebuild.course.bank.Problem.names`), the same as its :func:`listing`'s."""
    return Problem(id=id, chapter=chapter, title=title, uses=frozenset(uses),
                   minutes=minutes, points=points, generate=generate, check=check,
                   names=dict(names or {}))


def rng(problem: str, seed: int) -> random.Random:
    """The random source of one variant: seeded with a string made of the problem's id and
    the seed (string seeds are hashed by SHA-512, the same in every process)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a variant's seed is an int, not {seed!r}")
    return random.Random(f"{problem}/{seed}")


def bi(fr: str, en: str) -> Bilingual:
    return {"fr": fr, "en": en}


# --- French typography, outside maths and code ------------------------------------

_PROTECTED = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$|<!--.*?-->", re.S)


def french_md(text: str) -> str:
    """:func:`coursebuild.sources.typography.french` applied to the prose of a Markdown text
    only: code blocks, code spans, formulas and figure markers are left as written.

    >>> french_md("Qui gagne ? La position $x : y$ ; `a ; b` !") == (
    ...     "Qui gagne\\u202f? La position $x : y$\\u202f; `a ; b`\\u202f!")
    True
    """
    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(text[last:m.start()])
        out.append("\x00" + str(len(out)) + "\x00")
        last = m.end()
    out.append(text[last:])
    protected = [m.group() for m in _PROTECTED.finditer(text)]
    prose = french("".join(out))
    return re.sub(r"\x00(\d+)\x00", lambda m: protected[int(m.group(1)) // 2], prose)


# --- questions and their assembly -------------------------------------------------

@dataclass
class Q:
    """A question: what it asks, its worked answer, and its marking steps (points and
    what earns them); its points are the sum of its steps'."""

    ask: Bilingual
    answer: Bilingual
    marks: Sequence[tuple[int, Bilingual]] = field(default_factory=list)
    items: Sequence[str | Bilingual] = ()
    """What the question asks for, item by item ("which positions", "all the moves",
    "for each ..."), each as the text its answer must hold in both languages (a formula
    such as ``$d(b) = 0$``) or in each (``{"fr": ..., "en": ...}``), computed from the
    variant by another route than the answer's own text: :func:`compose` refuses an
    answer that leaves one out, and the variant keeps them
    (:attr:`coursebuild.course.bank.Variant.asks`) for the tests."""

    @property
    def points(self) -> int:
        return sum(p for p, _ in self.marks)


def _indent_continuation(text: str, width: int = 4) -> str:
    lines = text.strip("\n").split("\n")
    return "\n".join([lines[0]] + [(" " * width + x) if x else "" for x in lines[1:]])


def compose(problem: str, seed: int, params: Mapping[str, Any], *, intro: Bilingual,
            questions: Sequence[Q], figures: Mapping[str, Drawing],
            answers: Mapping[str, Any], points: int = 20,
            solution_intro: Bilingual | None = None) -> Variant:
    """A variant from its parts: the statement is ``intro`` followed by the numbered list
    of the questions; the solution takes the questions' answers in order, each led by
    its number in bold; the marking scheme is a table of the questions' steps, out of
    ``points`` (the bank's problems are all marked out of 20, as :func:`problem` says).

    Raises
    ------
    ValueError
        When the marking steps do not add up to ``points``.
    """
    total = sum(q.points for q in questions)
    if total != points:
        raise ValueError(f"{problem}: the marking scheme gives {total} points, not {points}")
    for k, q in enumerate(questions, start=1):
        for lang in LANGS:
            missing = [item for item in q.items
                       if (item if isinstance(item, str) else item[lang]) not in q.answer[lang]]
            if missing:
                raise ValueError(f"{problem} (seed {seed}): the {lang} answer to question "
                                 f"{k} leaves out {missing[0]!r}, which it asks for")
    statement, solution, marking = {}, {}, {}
    for lang in LANGS:
        items = [f"{k}. {_indent_continuation(q.ask[lang])}"
                 for k, q in enumerate(questions, start=1)]
        statement[lang] = intro[lang].strip("\n") + "\n\n" + "\n".join(items) + "\n"
        blocks = [solution_intro[lang].strip("\n")] if solution_intro else []
        blocks += [_numbered(k, q.answer[lang]) for k, q in enumerate(questions, start=1)]
        solution[lang] = "\n\n".join(blocks) + "\n"
        marking[lang] = _marking_table(questions, points, lang)
    if "fr" in statement:
        statement["fr"], solution["fr"], marking["fr"] = (
            french_md(statement["fr"]), french_md(solution["fr"]), french_md(marking["fr"]))
    return Variant(problem=problem, seed=seed, params=dict(params), statement=statement,
                   solution=solution, marking=marking, figures=dict(figures),
                   answers=dict(answers),
                   asks={str(k): list(q.items) for k, q in enumerate(questions, start=1)
                         if q.items})


def _numbered(k: int, answer: str) -> str:
    """An answer led by its number in bold: on its first line when that is prose, in a
    paragraph of its own before a table, a formula, a code block or a figure."""
    answer = answer.strip("\n")
    if answer.startswith(("|", "```", "$$", "<!--", "- ", "1. ")):
        return f"**{k}.**\n\n{answer}"
    return f"**{k}.** {answer}"


def _marking_table(questions: Sequence[Q], points: int, lang: str) -> str:
    head = ("| Question | Points | Détail |" if lang == "fr"
            else "| Question | Points | Breakdown |")
    lines = [head, "| ---: | ---: | --- |"]
    for k, q in enumerate(questions, start=1):
        steps = "; ".join(f"{p} pt{'s' if p > 1 else ''}{' :' if lang == 'fr' else ':'} "
                          f"{text[lang]}" for p, text in q.marks)
        if lang == "fr":
            steps = steps.replace("; ", " ; ")
        lines.append(f"| {k} | {q.points} | {steps} |")
    lines.append(f"| Total | {points} | |")
    return "\n".join(lines) + "\n"


# --- writing vertices, sets and ranks ---------------------------------------------

def rg(lang: str) -> str:
    """The rank's name in a formula: rg in French, rank in English (as the course)."""
    return r"\mathrm{rg}" if lang == "fr" else r"\mathrm{rank}"


def name(v: Vertex) -> str:
    """A vertex in a formula: ``(k, i)`` for a pair, its name otherwise."""
    if isinstance(v, tuple):
        return "(" + ", ".join(str(x) for x in v) + ")"
    return vertex_id(v)


def mset(vs: Iterable[Vertex]) -> str:
    """A set of vertices as a formula (without the dollars): ``\\{a, b\\}`` or ∅."""
    items = [name(v) for v in vs]
    return r"\{" + ", ".join(items) + r"\}" if items else r"\varnothing"


def words(items: Sequence[str], lang: str, *, either: bool = False) -> str:
    """``a, b et c`` / ``a, b and c`` (``a, b ou c`` / ``a, b or c`` with ``either``)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    last = {("fr", False): " et ", ("en", False): " and ", ("fr", True): " ou ",
            ("en", True): " or "}[lang, either]
    return ", ".join(items[:-1]) + last + items[-1]


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str = "") -> str:
    """A Markdown table; ``align`` has one letter per column (``l`` or ``r``)."""
    marks = ["---:" if align[i:i + 1] == "r" else "---" for i in range(len(header))]
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks) + " |"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def fence(code: str) -> str:
    return "```python\n" + code.strip("\n") + "\n```"


# --- figures ----------------------------------------------------------------------

def arena_figure(g: Arena, caption: Bilingual, *, solution: Solution | None = None,
                 view: Any = None, rankdir: str = "LR",
                 positions: Mapping[Vertex, tuple[float, float]] | None = None,
                 label: Callable[[Vertex], str] | None = None,
                 name: Callable[[Vertex], str] = vertex_id) -> Drawing:
    """The course's figure of ``g`` (SPEC §6) with ``view`` (an
    :class:`arena.render.View`): the text alternative names the winners only when the
    view shows them, so that a statement's figure does not give its answers away."""
    from arena.render import View, arena_dot, describe, vertex_titles

    view = view or View()
    shows = view.winners or view.ranks or view.step is not None or view.strategy is not None
    dot = arena_dot(g, solution if shows else None, view, positions=positions, label=label,
                    name=name, graph_attr=None if positions else {"rankdir": rankdir})
    return Drawing(dot, dict(caption), describe(g, solution if shows else None, name=name),
                   fixed=positions is not None, titles=vertex_titles(g, name))


def arena_params(g: Arena) -> dict[str, Any]:
    """An arena as JSON-able params (what makes the variant)."""
    return {"S0": [vertex_id(v) for v in g.S0], "S1": [vertex_id(v) for v in g.S1],
            "V0": [vertex_id(v) for v in g.V0], "V1": [vertex_id(v) for v in g.V1],
            "start": None if g.start is None else vertex_id(g.start),
            "edges": {vertex_id(v): [vertex_id(y) for y in g.successors(v)]
                      for v in g.vertices if g.successors(v)}}


def arena_from_params(p: Mapping[str, Any]) -> Arena:
    """The arena of :func:`arena_params` (vertices named by strings)."""
    return Arena(S0=p["S0"], S1=p["S1"], edges=p["edges"], V0=p["V0"], V1=p["V1"],
                 start=p["start"])


# --- solving the small arenas of the bank ----------------------------------------

def solve_small(g: Arena) -> Solution:
    """:func:`arena.solve` on the pure-Python path, the fastest on the bank's arenas of a
    few dozen vertices (the numpy and compiled paths pay a fixed cost per call; all the
    paths give the same winners, ranks and moves)."""
    import arena.solver as solver

    saved = solver.KERNEL
    solver.KERNEL = "python"
    try:
        return solver.solve(g)
    finally:
        solver.KERNEL = saved


LETTERS = "abcdefghijkmnpqrstuvwxyz"
"""Vertex names of the random arenas: letters, without l and o (read as 1 and 0)."""


def random_bipartite(r: random.Random, n: int, *, v0: int = 1, v1: int = 1,
                     dead_ends: int = 1, degrees: Sequence[int] = (1, 2, 2, 2, 3)
                     ) -> Arena:
    """A random bipartite arena of ``n`` vertices named by letters, the start ``a`` owned
    by J_0: ``v0`` victory positions of J_0 (owned by J_1, who is stuck there), ``v1`` of
    J_1 (owned by J_0), ``dead_ends`` positions without successor that are no victory,
    and every other vertex with a number of successors drawn from ``degrees``, all of
    the other player."""
    names = list(LETTERS[:n])
    rest = names[1:]
    r.shuffle(rest)
    n0 = (n + r.randint(0, 1)) // 2
    S0, S1 = ["a"] + rest[:n0 - 1], rest[n0 - 1:]
    V0 = S1[:v0]
    V1 = S0[len(S0) - v1:] if v1 else []
    terminal = set(V0) | set(V1)
    movers = [x for x in names if x not in terminal]
    dead = r.sample(sorted(set(movers) - {"a"}), dead_ends)
    edges: dict[str, list[str]] = {}
    for x in names:
        if x in terminal or x in dead:
            continue
        others = S1 if x in S0 else S0
        k = min(r.choice(degrees), len(others))
        edges[x] = r.sample(others, k)
    return Arena(S0=sorted(S0), S1=sorted(S1), edges=edges, V0=sorted(V0), V1=sorted(V1),
                 start="a")


@dataclass(frozen=True)
class Plan:
    """The attractors an arena is built to have (see :func:`planted`): ``ranks0[r]``
    vertices of rank r in the attractor of J_0, ``ranks1[r]`` in that of J_1, and the
    draws (non-terminal ones of each player, and dead ends of each player)."""

    ranks0: tuple[int, ...]
    ranks1: tuple[int, ...]
    draws0: int = 1
    draws1: int = 1
    dead0: int = 0
    dead1: int = 1


def planted(r: random.Random, plan: Plan, *, extra: float = 0.5, max_degree: int = 3,
            connect: bool = True, acyclic: bool = False
            ) -> tuple[Arena, dict[str, tuple[int | None, int | None]]]:
    """A random bipartite arena whose attractors are those of ``plan``, and the role of
    each vertex: ``(winner, rank)``, ``(None, None)`` for a draw.

    In the attractor of J_i, rank 0 is V_i, owned by the opponent (stuck there); odd
    ranks belong to J_i and even ranks to the opponent, as in every bipartite arena
    where victory positions are the stuck player's. The edges are drawn so that the
    planned ranks are the ranks of the definition: a vertex of J_i of rank r has a
    successor of rank r - 1 and none of smaller rank in the attractor of J_i; a vertex
    of the opponent of rank r has only successors of rank at most r - 1 there, one of
    them exactly r - 1; a draw of J_i has no successor in the attractor of J_i... and
    one that is a draw (the opponent's attractor is avoided). ``extra`` is the chance of
    each further allowed edge, up to ``max_degree`` successors. The start ``a`` is the
    vertex of J_0 of highest rank in its attractor; with ``connect``, allowed edges are
    added from the vertices reachable from the start to the others while some can be
    (the caller checks what else it needs, such as every vertex being reachable).
    With ``acyclic``, every edge goes down a hidden order of the vertices that follows
    the ranks, so that the graph has no cycle.
    """
    roles: list[tuple[int | None, int | None, int]] = []   # (winner, rank, owner)
    for i, counts in ((0, plan.ranks0), (1, plan.ranks1)):
        for rank, count in enumerate(counts):
            owner = (1 - i) if rank % 2 == 0 else i
            roles += [(i, rank, owner)] * count
    roles += [(None, None, 0)] * plan.draws0 + [(None, None, 1)] * plan.draws1
    dead = [(None, -1, 0)] * plan.dead0 + [(None, -1, 1)] * plan.dead1
    roles += dead
    start = max((k for k, (w, rk, o) in enumerate(roles) if w == 0 and o == 0),
                key=lambda k: roles[k][1] or 0)
    names = list(LETTERS[1:len(roles)])
    r.shuffle(names)
    name_of = {}
    for k in range(len(roles)):
        name_of[k] = "a" if k == start else names.pop()
    edges: dict[str, list[str]] = {}
    vs = range(len(roles))
    top = max(len(plan.ranks0), len(plan.ranks1)) + 1
    height = [(rk + r.random() if rk is not None and rk >= 0 else
               (r.random() if rk == -1 else 1 + r.random() * top)) for _, rk, _ in roles]

    def allowed(x: int, y: int) -> bool:
        """May x -> y be an edge, keeping every planned rank?"""
        wx, rx, ox = roles[x]
        wy, ry, oy = roles[y]
        if oy == ox or y == x or (acyclic and height[y] >= height[x]):
            return False
        if wx is None and rx is None:           # a draw of its owner ox
            return wy != ox if wy is not None else True   # never into ox's attractor...
        if wx is None:                            # a dead end
            return False
        need(rx is not None)
        if ox == wx:                              # the winner's vertex: nothing lower
            return not (wy == wx and ry is not None and ry < rx - 1)
        return wy == wx and ry is not None and ry <= rx - 1   # the loser's: all lower

    for x in vs:
        wx, rx, ox = roles[x]
        if rx == 0 or rx == -1:                   # victory positions and dead ends
            continue
        options = [y for y in vs if allowed(x, y)]
        if wx is None:                            # a draw: one move to another draw
            needed = [y for y in options if roles[y][0] is None]
        else:
            needed = [y for y in options if roles[y][0] == wx and roles[y][1] == rx - 1]
        if not needed:
            raise ValueError(f"the plan {plan} leaves a vertex without its needed move")
        first = r.choice(needed)
        succ = [first]
        rest = [y for y in options if y != first]
        r.shuffle(rest)
        for y in rest:
            if len(succ) < max_degree and r.random() < extra / len(succ):
                succ.append(y)
        r.shuffle(succ)
        edges[name_of[x]] = [name_of[y] for y in succ]
    by_name = {name_of[k]: k for k in vs}
    if connect:     # allowed edges from reachable vertices to the others, while possible
        while True:
            seen, todo = {"a"}, ["a"]
            while todo:
                for y in edges.get(todo.pop(), ()):
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
            missing = sorted(set(by_name) - seen)
            links = [(x, u) for u in missing for x in sorted(seen)
                     if x in edges and len(edges[x]) < max_degree
                     and allowed(by_name[x], by_name[u])]
            if not links:
                break
            x, u = r.choice(links)
            edges[x].insert(r.randint(0, len(edges[x])), u)
    S0 = sorted(name_of[k] for k in vs if roles[k][2] == 0)
    S1 = sorted(name_of[k] for k in vs if roles[k][2] == 1)
    V0 = sorted(name_of[k] for k in vs if roles[k][0] == 0 and roles[k][1] == 0)
    V1 = sorted(name_of[k] for k in vs if roles[k][0] == 1 and roles[k][1] == 0)
    g = Arena(S0=S0, S1=S1, edges=edges, V0=V0, V1=V1, start="a")
    role_of = {name_of[k]: ((roles[k][0], roles[k][1]) if roles[k][1] != -1 else (None, None))
               for k in vs}
    return g, role_of


def reach(g: Arena, root: Vertex) -> list[Vertex]:
    """The vertices reachable from ``root`` (moves out of victory positions ignored), in
    the order of a breadth-first search."""
    seen, order = {root}, [root]
    for x in order:
        if g.victory(x) is not None:
            continue
        for y in g.successors(x):
            if y not in seen:
                seen.add(y)
                order.append(y)
    return order


def queue_steps(B: dict, Si: dict, rang: dict, d: dict, queue) -> Iterator:
    """The chapter's queue algorithm (``calcule_rangs``), one vertex taken out of the queue
    at a time: yields ``(y, visits)``, where ``visits`` lists each predecessor ``x`` of
    ``y`` (in the order of ``B[y]``) with what happened to it: ``"known"`` (already in the
    attractor), ``"enters"`` (its rank found, it joins the queue) or ``"counted"`` (its
    counter lowered). ``rang``, ``d`` (the counters) and ``queue`` are updated in place,
    so a caller can show them between two steps."""
    while queue:
        y = queue.popleft()
        visits = []
        for x in B[y]:
            if x in rang:
                visits.append((x, "known"))
                continue
            d[x] -= 1
            if x in Si or d[x] == 0:
                rang[x] = rang[y] + 1
                queue.append(x)
                visits.append((x, "enters"))
            else:
                visits.append((x, "counted"))
        yield y, visits


def successor_table(g: Arena, lang: str) -> str:
    """The arena as a table: each position, who moves there, its successors."""
    head = (("Position", "Joueur", "Successeurs") if lang == "fr"
            else ("Position", "Player", "Successors"))
    rows = []
    for v in sorted(g.vertices, key=name):
        if g.victory(v) is not None:
            succ = ("aucun (victoire de $J_%d$)" if lang == "fr"
                    else "none (victory of $J_%d$)") % g.victory(v)
        elif not g.successors(v):
            succ = "aucun" if lang == "fr" else "none"
        else:
            succ = ", ".join(f"${name(y)}$" for y in g.successors(v))
        rows.append((f"${name(v)}$", f"$J_{g.owner(v)}$", succ))
    return table(head, rows)


def pick(problem: str, seed: int, candidates: Sequence[Any]) -> Any:
    """The candidate of ``seed`` in a fixed shuffled order of ``candidates``: for the
    families small enough to list, distinct seeds below ``len(candidates)`` get distinct
    candidates (random draws would repeat some, by the birthday paradox)."""
    order = list(range(len(candidates)))
    random.Random(f"{problem}/order").shuffle(order)
    return candidates[order[seed % len(order)]]


def listing(source: str, names: dict[str, str] | None = None) -> Bilingual:
    """A program written once for both languages: a comment line ``#fr ...`` or
    ``#en ...`` is kept, as ``# ...``, in its language only (the convention of the
    course's listings, ``docs/listings``); every other line is the same in both, but for
    ``names``: the program's own French identifiers (its function, its variables) and
    their English names, which the English edition shows (issue 48; the course's shared
    names are translated by :mod:`coursebuild.sources.glossary`).

    >>> listing("def perdantes(n):\\n    #fr les perdantes\\n    #en the losing ones\\n"
    ...         "    return perdantes", {"perdantes": "losing"})["en"]
    'def losing(n):\\n    # the losing ones\\n    return losing'
    """
    names = names or {}
    word = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None
    out = {}
    for lang in LANGS:
        lines = []
        for line in source.strip("\n").splitlines():
            tagged = re.match(r"(\s*)#(fr|en) (.*)$", line)
            if tagged is None:
                if lang == "en" and word is not None:
                    line = word.sub(lambda m: names[m[1]], line)
                lines.append(line)
            elif tagged.group(2) == lang:
                lines.append(f"{tagged.group(1)}# {tagged.group(3)}")
        out[lang] = "\n".join(lines)
    return out



def own_name(french: str, lang: str, names: Mapping[str, str]) -> str:
    """The name in ``lang`` of a function of a :func:`listing` written with ``names``:
    what a check looks up in the namespace the listing ran in."""
    return names.get(french, french) if lang == "en" else french


def game_caption(g: Arena, *, start: bool = True, more: Bilingual | None = None) -> Bilingual:
    """The caption of a problem's game: its size and the course's drawing conventions."""
    fr = (f"Le jeu du problème : {len(g)} positions, cercles pour J₀, carrés pour J₁, "
          "double bordure pour les positions de victoire" + (" ; départ a." if start else "."))
    en = (f"The game of the problem: {len(g)} positions, circles for J₀, squares for J₁, a "
          "double border for victory positions" + ("; start a." if start else "."))
    if more:
        fr, en = fr + " " + more["fr"], en + " " + more["en"]
    return {"fr": fr, "en": en}


def need(holds: object, what: str = "") -> None:
    """A check of :attr:`Problem.check`: raises :class:`AssertionError` (the interface's
    exception) when ``holds`` is false, under ``python -O`` too, unlike ``assert``."""
    if not holds:
        raise AssertionError(what)
