"""Practice in the page (issue 49 §1): a student picks a problem of the bank, gets a
variant for a seed, answers its questions in fields and has each answer checked.

This module runs in the site's Python worker (Pyodide, ``practice-worker.js``) as well as
here: the variant is the bank's own (:func:`coursebuild.bank.variant`), its statement and
worked solution are the bank's Markdown turned into HTML (:func:`html_of`), its figures
the bank's DOT (laid out by the in-page Graphviz), and each field is checked against the
answers the bank computed with the library (``Variant.answers``). What this module adds
is the form only: :data:`FIELDS` says, per problem, which of those answers a question's
field asks for and how it is typed (a number, a set of positions, a sequence, a value
per position, a player); :func:`check` reads what a student typed, in any of the forms
the statement uses, and says which part is wrong.

Examples
--------
>>> from coursebuild import practice
>>> v = practice.variant("nim-subtraction-period", 3)
>>> practice.check(v, "lost", "{11, 8, 7, 4, 1, 0}", "en")["ok"]
True
>>> practice.check(v, "lost", "0, 1, 4, 7, 8", "en")["message"]
'Not right: 1 missing.'
>>> practice.check(v, "winner", "J₀", "en")["ok"]
True
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["FIELDS", "Field", "fields", "variant", "check", "html_of", "view", "expected",
           "KINDS"]

KINDS = ("number", "position", "set", "sequence", "map", "winner", "mover", "yesno")
"""How a field is typed: an integer; one position (or move); a set of positions (any
order); a sequence (in order); a value per position (``a: 3, b: 1``, or a move per
position ``a → g``); a player (J₀ or J₁); whether the player to move or the other
wins; yes or no."""


@dataclass(frozen=True)
class Field:
    """One field of a problem's form: the question it answers, the answer it is checked
    against (a key of ``Variant.answers``, with ``.k`` for an entry of a dictionary and
    ``[1:]`` for a list without its first item), its kind and its label."""

    question: int
    key: str
    kind: str
    label: Mapping[str, str]


def _f(question: int, key: str, kind: str, fr: str, en: str) -> Field:
    return Field(question, key, kind, {"fr": fr, "en": en})


FIELDS: dict[str, tuple[Field, ...]] = {
    "model-token-grid": (
        _f(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        _f(2, "stuck", "set", "Cases sans coup possible", "Cells allowing no move"),
        _f(2, "edges", "number", "Nombre d'arêtes", "Number of edges"),
        _f(3, "lost", "set", "Cases perdantes (P) pour le joueur qui doit jouer",
           "Cells losing (L) for the player to move"),
        _f(4, "start_rank", "number", "Nombre de coups (le rang du départ)",
           "Number of moves (the rank of the start)"),
    ),
    "model-arena-representation": (
        _f(3, "dplus", "map", "$d^+$ de chaque position", "$d^+$ of each position"),
        _f(3, "dminus", "map", "$d^-$ de chaque position", "$d^-$ of each position"),
        _f(5, "from0", "number", "La somme", "The sum"),
        _f(5, "terminal", "set", "Positions terminales", "Terminal positions"),
        _f(5, "dead_ends", "set", "Impasses", "Dead ends"),
    ),
    "plays-strategies-count": (
        _f(1, "won_by.0", "number", "Parties gagnées par $J_0$", "Plays won by $J_0$"),
        _f(1, "won_by.1", "number", "Parties gagnées par $J_1$", "Plays won by $J_1$"),
        _f(1, "won_by.draw", "number", "Parties nulles", "Draws"),
        _f(2, "strategies0", "number", "Stratégies sans mémoire de $J_0$",
           "Memoryless strategies of $J_0$"),
        _f(2, "strategies1", "number", "Stratégies sans mémoire de $J_1$",
           "Memoryless strategies of $J_1$"),
        _f(4, "attractor0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
           "Rank of each position of $\\mathcal{A}^0$"),
        _f(6, "longest", "number", "Coups de la plus longue partie",
           "Moves of the longest play"),
    ),
    "plays-draw-cycle": (
        _f(1, "attractor0", "set", "$\\mathcal{A}^0$", "$\\mathcal{A}^0$"),
        _f(1, "attractor1", "set", "$\\mathcal{A}^1$", "$\\mathcal{A}^1$"),
        _f(1, "draws", "set", "Positions de match nul", "Draw positions"),
    ),
    "attractor-ranks-draws": (
        _f(1, "terminal", "set", "Positions terminales", "Terminal positions"),
        _f(1, "dead_ends", "set", "Impasses", "Dead ends"),
        _f(2, "ranks0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
           "Rank of each position of $\\mathcal{A}^0$"),
        _f(3, "ranks1", "map", "Rang de chaque position de $\\mathcal{A}^1$",
           "Rank of each position of $\\mathcal{A}^1$"),
        _f(4, "draws", "set", "Positions dans aucun attracteur",
           "Positions in neither attractor"),
        _f(5, "winner", "winner", "Qui gagne depuis $a$ ?", "Who wins from $a$?"),
        _f(5, "start_rank", "number", "En combien de coups", "Within how many moves"),
    ),
    "attractor-monotone": (
        _f(1, "ranks0", "map", "Rang de chaque position de $\\mathcal{A}^0$",
           "Rank of each position of $\\mathcal{A}^0$"),
        _f(2, "decisive", "set", "Arêtes à retirer (comme $f \\to k$)",
           "Edges to remove (as $f \\to k$)"),
        _f(2, "ranks_after", "map", "Le nouvel attracteur, avec les rangs",
           "The new attractor, with the ranks"),
    ),
    "counter-queue-trace": (
        _f(1, "d0", "map", "Compteur initial $d[x]$ de chaque position",
           "Initial counter $d[x]$ of each position"),
        _f(2, "ranks", "map", "Rang de chaque position sortie de la file",
           "Rank of each position taken out of the queue"),
        _f(3, "final_counters", "map", "Positions hors de l'attracteur et leur compteur final",
           "Positions out of the attractor and their final counter"),
    ),
    "naive-fixpoint-cost": (
        _f(1, "examined", "number", "Examens en tout", "Examinations in all"),
        _f(2, "decrements", "number", "Compteurs diminués", "Counters lowered"),
        _f(3, "chain", "number", "Étapes du point fixe naïf sur la chaîne",
           "Steps of the naive fixpoint on the chain"),
        _f(3, "chain_examined", "number", "Positions examinées sur la chaîne",
           "Positions examined on the chain"),
    ),
    "strategy-numbering-loops": (
        _f(2, "ranks", "map", "Rang de chaque position de $\\mathcal{A}^0$",
           "Rank of each position of $\\mathcal{A}^0$"),
        _f(3, "coup", "map", "Coup choisi en chaque position de $J_0$ (comme $x \\to y$)",
           "Move chosen at each position of $J_0$ (as $x \\to y$)"),
    ),
    "strategy-both-players": (
        _f(1, "moves0", "map", "Stratégie calculée de $J_0$ (comme $x \\to y$)",
           "Computed strategy of $J_0$ (as $x \\to y$)"),
        _f(2, "moves1", "map", "Stratégie calculée de $J_1$ (comme $x \\to y$)",
           "Computed strategy of $J_1$ (as $x \\to y$)"),
        _f(3, "play_win1", "sequence", "La partie depuis $j$", "The play from $j$"),
    ),
    "nim-subtraction-period": (
        _f(1, "V0", "set", "$V_0$", "$V_0$"),
        _f(1, "V1", "set", "$V_1$", "$V_1$"),
        _f(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        _f(1, "edges", "number", "Nombre d'arêtes", "Number of edges"),
        _f(2, "lost", "set", "Les $k$ perdants pour le joueur qui doit jouer",
           "The $k$ losing for the player to move"),
        _f(3, "winner", "winner", "Qui gagne ?", "Who wins?"),
        _f(3, "rank", "number", "En combien de coups", "Within how many moves"),
        _f(5, "period", "number", "La période $p$", "The period $p$"),
        _f(5, "residues", "set", "Les restes modulo $p$ des $k$ perdants",
           "The residues modulo $p$ of the losing $k$"),
    ),
    "chomp-staircase": (
        _f(1, "shapes", "number", "Nombre de formes", "Number of shapes"),
        _f(1, "vertices", "number", "Nombre de sommets", "Number of vertices"),
        _f(3, "start_wins", "mover", "Qui gagne devant $\\lambda$ ?",
           "Who wins in front of $\\lambda$?"),
        _f(3, "winning_moves", "set", "Les formes laissées par les coups gagnants",
           "The shapes the winning moves leave"),
    ),
    "chomp-two-bars": (
        _f(4, "value", "mover", "Qui gagne ?", "Who wins?"),
        _f(4, "winning", "set", "Les positions laissées par les coups gagnants",
           "The positions the winning moves leave"),
    ),
    "ourson-distance-rank": (
        _f(1, "ranks1", "map", "Rang de chaque position de $\\mathcal{A}^1$",
           "Rank of each position of $\\mathcal{A}^1$"),
        _f(2, "distances", "map", "$\\delta(x)$ de chaque position",
           "$\\delta(x)$ of each position"),
    ),
    "minimax-alphabeta": (
        _f(1, "values", "map", "Valeur minimax de chaque nœud interne",
           "Minimax value of each internal node"),
        _f(1, "move", "position", "Le coup de $J_{\\max}$ en A0", "The move of $J_{\\max}$ at A0"),
        _f(2, "pv", "sequence", "La partie (de A0 exclu à la feuille)",
           "The play (from after A0 to the leaf)"),
        _f(3, "pruned", "set", "Feuilles non lues", "Leaves not read"),
        _f(5, "fewest", "number", "Nombre minimal de feuilles lues", "Fewest leaves read"),
    ),
    "astar-heuristics": (
        _f(1, "delta", "map", "$\\delta(x)$ de chaque sommet", "$\\delta(x)$ of each vertex"),
        _f(2, "h_admissible", "yesno", "$h$ admissible ?", "$h$ admissible?"),
        _f(2, "h_consistent", "yesno", "$h$ cohérente ?", "$h$ consistent?"),
        _f(2, "h2_admissible", "yesno", "$h'$ admissible ?", "$h'$ admissible?"),
        _f(2, "h2_consistent", "yesno", "$h'$ cohérente ?", "$h'$ consistent?"),
        _f(3, "expanded_h", "sequence", "Sommets développés, dans l'ordre",
           "Vertices expanded, in order"),
        _f(3, "path", "sequence", "Le chemin trouvé", "The path found"),
        _f(3, "cost", "number", "Sa longueur", "Its length"),
        _f(4, "twice", "set", "Sommets développés deux fois", "Vertices expanded twice"),
        _f(5, "dijkstra_extra", "set", "Sommets que A* avec $h$ évite",
           "Vertices A* with $h$ avoids"),
    ),
    "grundy-sum-subtraction": (
        _f(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        _f(3, "winning", "set", "Les positions laissées par les coups gagnants",
           "The positions the winning moves leave"),
        _f(4, "value3", "mover", "Qui gagne avec le troisième tas ?",
           "Who wins with the third heap?"),
        _f(4, "winning3", "set", "Les positions laissées par les coups gagnants",
           "The positions the winning moves leave"),
    ),
    "bouton-nim": (
        _f(1, "xor", "number", "$x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$",
           "$x_1 \\oplus x_2 \\oplus x_3 \\oplus x_4$"),
        _f(1, "xor", "mover", "Qui gagne ?", "Who wins?"),
        _f(4, "positions", "number", "Nombre de positions", "Number of positions"),
        _f(4, "losing", "number", "Positions perdantes pour le joueur qui doit jouer",
           "Positions losing for the player to move"),
    ),
    "grundy-token-graph": (
        _f(2, "g", "map", "$g(x)$ de chaque sommet", "$g(x)$ of each vertex"),
        _f(4, "value", "mover", "Qui gagne ?", "Who wins?"),
    ),
    "bachet-no-repeat": (
        _f(1, "plain_losing", "set", "Totaux perdants pour le joueur qui doit jouer",
           "Totals losing for the player to move"),
        _f(1, "plain_winner", "winner", "Qui gagne, sans la règle ?",
           "Who wins, without the rule?"),
        _f(2, "vertices", "number", "Sommets accessibles depuis le départ",
           "Vertices reachable from the start"),
        _f(3, "winner", "winner", "Qui gagne depuis le départ ?", "Who wins from the start?"),
        _f(4, "rank", "number", "En combien de coups au plus", "Within how many moves at most"),
    ),
    "game-tree-vs-graph": (
        _f(1, "nodes", "map", "$n(p)$ de chaque position", "$n(p)$ of each position"),
        _f(1, "leaves", "map", "$f(p)$ de chaque position", "$f(p)$ of each position"),
        _f(2, "positions", "number", "Positions accessibles depuis $a$",
           "Positions reachable from $a$"),
        _f(3, "values", "map", "$v(p)$ de chaque position", "$v(p)$ of each position"),
    ),
    "misere-subtraction": (
        _f(1, "V0", "set", "$V_0$", "$V_0$"),
        _f(1, "V1", "set", "$V_1$", "$V_1$"),
        _f(2, "lost", "set", "Les $k$ perdants, en misère", "The losing $k$, misère play"),
        _f(2, "plain", "set", "Les $k$ perdants, en jeu normal", "The losing $k$, normal play"),
        _f(3, "winner", "winner", "Qui gagne en misère ?", "Who wins in misère play?"),
        _f(4, "period", "number", "La période", "The period"),
        _f(4, "residues", "set", "Les restes des $k$ perdants", "The residues of the losing $k$"),
    ),
    "grundy-game-split": (
        _f(1, "longest", "number", "Coups de la plus longue partie",
           "Moves of the longest play"),
        _f(2, "g[1:]", "sequence", "$g(1), g(2), \\dots$ dans l'ordre",
           "$g(1), g(2), \\dots$ in order"),
        _f(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        _f(4, "winning", "set", "Les positions laissées par les coups gagnants",
           "The positions the winning moves leave"),
    ),
    "kayles": (
        _f(2, "g", "sequence", "$g(0), g(1), \\dots$ dans l'ordre",
           "$g(0), g(1), \\dots$ in order"),
        _f(3, "value", "mover", "Qui gagne ?", "Who wins?"),
        _f(4, "winning", "set", "Les positions laissées par les coups gagnants",
           "The positions the winning moves leave"),
    ),
}


def fields(problem_id: str) -> tuple[Field, ...]:
    """The fields of a problem's form, in the order of its questions."""
    return tuple(sorted(FIELDS[problem_id], key=lambda f: f.question))


def field_id(f: Field) -> str:
    """A field's id in its form (one answer may be asked twice, in two kinds)."""
    return f"{f.key}/{f.kind}"


def variant(problem_id: str, seed: int):
    """The bank's variant (:func:`coursebuild.bank.variant`)."""
    from coursebuild import bank

    return bank.variant(problem_id, seed)


def expected(v, key: str) -> Any:
    """The answer a field is checked against: ``v.answers[key]``, ``.k`` for an entry of
    a dictionary, ``[1:]`` for a list without its first item."""
    name, _, rest = key.partition("[")
    name, _, entry = name.partition(".")
    value = v.answers[name]
    if entry:
        value = value[entry]
    if rest:
        value = value[int(rest.split(":")[0]):]
    return value


# --- reading what a student typed ----------------------------------------------------

WORDS = {
    "fr": {
        "right": "Juste.", "empty": "Pas de réponse.", "unread": "Illisible : {}.",
        "number": "Ce n'est pas le bon nombre.",
        "player": "Ce n'est pas le bon joueur.",
        "yesno": "Ce n'est pas la bonne réponse.",
        "position": "Ce n'est pas la bonne position.",
        "extra": "en trop : {}", "missing": "{} manquant", "missing_many": "{} manquants",
        "wrong": "fausse pour : {}", "at": "faux à partir du rang {} ({})",
        "short": "trop court", "long": "trop long",
        "not": "Pas encore : {}.", "which": "donner {}",
        "mover": ("le joueur qui doit jouer", "l'autre"), "yes": ("oui", "non"),
    },
    "en": {
        "right": "Right.", "empty": "No answer.", "unread": "Could not read: {}.",
        "number": "Not the right number.",
        "player": "Not the right player.",
        "yesno": "Not the right answer.",
        "position": "Not the right position.",
        "extra": "not among them: {}", "missing": "{} missing", "missing_many": "{} missing",
        "wrong": "wrong value for: {}", "at": "wrong from item {} ({})",
        "short": "too short", "long": "too long",
        "not": "Not right: {}.", "which": "give {}",
        "mover": ("the player to move", "the other"), "yes": ("yes", "no"),
    },
}

_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉−–⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789--0123456789")
_TOKEN = re.compile(r"\s*(?:(?P<arrow>->|→|↦|⟶|\\to\b|\\mapsto\b|\\rightarrow\b)"
                    r"|(?P<num>[+-]?\d+)(?![\w.])|(?P<name>[A-Za-z_][A-Za-z0-9_'.]*)"
                    r"|(?P<punct>[()\[\]{},;:=]))")
_NOISE = re.compile(r"\\left|\\right|\\[,;!: ]|\$|\\(?=[{}])|\\varnothing|\\emptyset|∅")
_JOINERS = {"et", "and", "ou", "or"}


class Unread(ValueError):
    """What a student typed cannot be read as the field's kind (the message names it)."""


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text).translate(_SUB)
    text = re.sub(r"J_\{?([01])\}?", r"J\1", text)
    return _NOISE.sub(" ", text).replace("\u202f", " ").replace("\u00a0", " ").strip()


@dataclass(frozen=True)
class _Group:
    opener: str
    items: tuple


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    text = text.rstrip()
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            bad = text[at:].strip()[:12]
            raise Unread(bad)
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        at = m.end()
    return out


def _parse(tokens: list[tuple[str, str]], at: int = 0, closer: str | None = None):
    """Items up to ``closer``: atoms (names, integers), groups, and the separators
    ``:``/``=``/arrows kept as markers ("sep")."""
    items: list = []
    while at < len(tokens):
        kind, text = tokens[at]
        if kind == "punct" and text in ")]}":
            if text != closer:
                raise Unread(text)
            return items, at + 1
        at += 1
        if kind == "num":
            items.append(int(text))
        elif kind == "name":
            if text.lower() in _JOINERS:
                continue
            items.append(text)
        elif kind == "arrow" or (kind == "punct" and text in ":="):
            items.append(("sep",))
        elif kind == "punct" and text in ",;":
            items.append(("comma",))
        else:
            inner, at = _parse(tokens, at, {"(": ")", "[": "]", "{": "}"}[text])
            items.append(_Group(text, tuple(inner)))
    if closer is not None:
        raise Unread({")": "(", "]": "[", "}": "{"}[closer])
    return items, at


def _value(item) -> Any:
    """A parsed item as a comparable value: a group is a tuple of its items (an edge
    ``x → y`` inside is the pair)."""
    if isinstance(item, _Group):
        return tuple(_elements(list(item.items)))
    return item


def _elements(items: list) -> list:
    """The elements of a list of items, split on commas and spaces; ``x → y`` (or
    ``x : y``) is the pair ``(x, y)``."""
    out: list = []
    pending_pair = False
    for item in items:
        if item == ("comma",):
            pending_pair = False
            continue
        if item == ("sep",):
            if not out or pending_pair:
                raise Unread("→")
            pending_pair = True
            continue
        value = _value(item)
        if pending_pair:
            out[-1] = (out[-1], value)
            pending_pair = False
        else:
            out.append(value)
    if pending_pair:
        raise Unread("→")
    return out


def _key(value: Any) -> Any:
    """An answer of the bank as a comparable value (lists become tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(x) for x in value)
    return value


def _nested(value: Any) -> bool:
    return isinstance(value, tuple)


def _depth(value: Any) -> int:
    if isinstance(value, tuple):
        return 1 + max((_depth(x) for x in value), default=0)
    return 0


def _collection(text: str, sample: Sequence) -> list:
    """The elements typed for a set or a sequence: ``{a, b}``, ``a b``, ``[a, b]``,
    ``(3, 2), (3, 5)``; a single outer group is unwrapped when it is braces or deeper
    than the answer's elements (``(3, 7, 8)`` is one element where they are tuples,
    ``(a, b)`` two where they are names)."""
    items, _ = _parse(_tokens(text))
    while items and items[-1] == ("comma",):
        items.pop()
    if len(items) == 1 and isinstance(items[0], _Group):
        group = items[0]
        whole = _value(group)
        depth = _depth(sample[0]) if sample else 0
        if group.opener == "{" or _depth(whole) > depth:
            return list(whole)
        return [whole]
    return _elements(items)


def _map(text: str) -> dict:
    items, _ = _parse(_tokens(text))
    if len(items) == 1 and isinstance(items[0], _Group) and items[0].opener == "{":
        items = list(items[0].items)
    pairs: dict = {}
    for element in _elements(items):
        if not (isinstance(element, tuple) and len(element) == 2):
            raise Unread(_show(element))
        k, v = element
        if k in pairs and pairs[k] != v:
            raise Unread(_show(k))
        pairs[k] = v
    return pairs


def _show(value: Any) -> str:
    """A value as the statements write it: ``(3, 2)``, ``a``, ``7``."""
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(x) for x in value) + ")"
    return str(value)


def _player(text: str) -> int:
    t = _clean(text).replace(" ", "").lower()
    t = re.sub(r"^(le joueur|player|joueur)", "", t)
    if t in ("j0", "0"):
        return 0
    if t in ("j1", "1"):
        return 1
    raise Unread(text.strip()[:12])


def _choice(text: str, kind: str) -> bool:
    """A choice between two answers, in either language: the player to move or the
    other, yes or no."""
    t = _clean(text).lower().strip(" .!")
    key = "mover" if kind == "mover" else "yes"
    extra = ({"yes", "oui", "true", "vrai"}, {"no", "non", "false", "faux"}) \
        if kind == "yesno" else ({"mover"}, {"other"})
    for k, value in ((0, True), (1, False)):
        if t in {WORDS[lang][key][k].lower() for lang in WORDS} | extra[k]:
            return value
    raise Unread(text.strip()[:12])


def check(v, field: str, text: str, lang: str) -> dict[str, Any]:
    """Check what a student typed in a field (``key`` or ``key/kind``) of variant ``v``:
    ``{"ok": bool, "message": str}``, the message saying which part is wrong. An empty
    answer, or one that cannot be read, is never right."""
    words = WORDS[lang]
    matches = [f for f in FIELDS[v.problem]
               if field in (f.key, field_id(f))]
    if not matches:
        raise KeyError(f"{v.problem} has no field {field!r}")
    f = matches[0]
    want = _key(expected(v, f.key))
    if not text.strip():
        return {"ok": False, "message": words["empty"], "empty": True}
    try:
        return _compare(f.kind, want, _clean(text) if f.kind not in ("winner", "mover",
                                                                    "yesno") else text,
                        lang)
    except Unread as exc:
        return {"ok": False, "message": words["unread"].format(exc.args[0] if exc.args
                                                              else text.strip()[:12])}


def _compare(kind: str, want: Any, text: str, lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    right = {"ok": True, "message": words["right"]}
    if kind == "number":
        got = _elements(_parse(_tokens(text))[0])
        if len(got) != 1 or not isinstance(got[0], int):
            raise Unread(text[:12])
        return right if got[0] == want else {"ok": False, "message": words["number"]}
    if kind == "winner":
        return right if _player(text) == want else {"ok": False, "message": words["player"]}
    if kind in ("mover", "yesno"):
        got = _choice(text, kind)
        return right if got == bool(want) else {"ok": False, "message": words[
            "player" if kind == "mover" else "yesno"]}
    parts: list[str] = []
    if kind == "position":
        got = _collection(text, [want])
        if len(got) != 1:
            raise Unread(text[:12])
        return right if got[0] == want else {"ok": False, "message": words["position"]}
    if kind == "set":
        got = set(_collection(text, want))
        wanted = set(want)
        extra = [x for x in _collection(text, want) if x not in wanted]
        missing = len(wanted - got)
        if extra:
            parts.append(words["extra"].format(", ".join(dict.fromkeys(map(_show, extra)))))
        if missing:
            parts.append(words["missing" if missing == 1 else "missing_many"].format(missing))
    elif kind == "sequence":
        got = _collection(text, want)
        for k, (a, b) in enumerate(zip(got, want), start=1):
            if a != b:
                parts.append(words["at"].format(k, _show(a)))
                break
        else:
            if len(got) < len(want):
                parts.append(words["short"])
            elif len(got) > len(want):
                parts.append(words["long"])
    elif kind == "map":
        got = _map(text)
        wanted = dict(want)
        wrong = [k for k in got if k in wanted and got[k] != wanted[k]]
        extra = [k for k in got if k not in wanted]
        missing = len([k for k in wanted if k not in got])
        if wrong:
            parts.append(words["wrong"].format(", ".join(map(_show, wrong))))
        if extra:
            parts.append(words["extra"].format(", ".join(map(_show, extra))))
        if missing:
            parts.append(words["missing" if missing == 1 else "missing_many"].format(missing))
    else:
        raise ValueError(f"unknown kind {kind!r}")
    if not parts:
        return right
    return {"ok": False, "message": words["not"].format(
        "; ".join(parts) if lang == "en" else "\u202f; ".join(parts))}


# --- the statement and the solution as HTML -----------------------------------------

_INLINE = re.compile(r"(?P<code>`[^`\n]+`)|(?P<dmath>\$\$.+?\$\$)|(?P<math>\$[^$\n]+\$)"
                     r"|(?P<bold>\*\*(?=\S)(?:.+?)(?<=\S)\*\*)"
                     r"|(?P<em>(?<![\w*])\*(?=\S)[^*\n]+(?<=\S)\*(?![\w*]))", re.S)
_FIGURE = re.compile(r"^\s*<!-- figure: (?P<name>[\w-]+) -->\s*$")
_ITEM = re.compile(r"^(?P<mark>\d+\.|[-*]) (?P<text>.*)$")


def _inline(text: str) -> str:
    out, last = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[last:m.start()], quote=False))
        kind, s = m.lastgroup, m.group()
        if kind == "code":
            out.append(f"<code>{html.escape(s[1:-1], quote=False)}</code>")
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
    def cells(line: str) -> list[str]:
        return [c.strip() for c in line.strip().strip("|").split("|")]

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
    bulleted lists, tables, code blocks, bold and italics, formulas left to MathJax
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


def view(problem_id: str, seed: int, lang: str) -> dict[str, Any]:
    """What the page shows of a variant: its statement and solution as HTML, its
    figures (DOT, laid out in the page), and its fields (id, question, kind, label as
    HTML); plain data, for the worker to send."""
    from coursebuild import bank

    v = variant(problem_id, seed)
    p = bank.problems()[problem_id]
    figures = {}
    for name, d in v.figures.items():
        figures[name] = {"dot": getattr(d.dot, "source", d.dot), "prog": d.prog,
                         "fixed": bool(d.fixed), "desc": d.desc,
                         "caption": d.caption[lang]}
    words = WORDS[lang]
    return {
        "problem": problem_id, "seed": seed, "title": p.title[lang],
        "statement": html_of(v.statement[lang]), "solution": html_of(v.solution[lang]),
        "figures": figures,
        "fields": [{"id": field_id(f), "question": f.question, "kind": f.kind,
                    "label": _inline(_french(f.label[lang], lang)),
                    "choices": list(words["mover"] if f.kind == "mover" else
                                    words["yes"] if f.kind == "yesno" else
                                    ("J₀", "J₁") if f.kind == "winner" else ())}
                   for f in fields(problem_id)],
    }


def _french(text: str, lang: str) -> str:
    if lang != "fr":
        return text
    from coursebuild.bank._kit import french_md

    return french_md(text)
