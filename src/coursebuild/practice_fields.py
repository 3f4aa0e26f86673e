"""The practice page's forms (:mod:`coursebuild.practice`): for each problem of the bank,
the fields its questions are answered in, the answer of ``Variant.answers`` each field is
checked against and how it is typed (:data:`KINDS`). A table of data, with the few
functions that read it.

>>> from coursebuild.practice_fields import fields, field_id
>>> [field_id(f) for f in fields("chomp-two-bars")]
['value/mover', 'winning/set']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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
        _f(5, "dead_ends", "set", "Culs-de-sac", "Dead ends"),
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
        _f(1, "dead_ends", "set", "Culs-de-sac", "Dead ends"),
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
