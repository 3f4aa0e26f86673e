"""Game theory more widely: the fragments of ``docs/fr/theory.md`` and ``docs/en/theory.md``.

The vocabulary of the wider theory (zero-sum, simultaneous or sequential, perfect and
complete information), a game that is not zero-sum (the prisoner's dilemma), the game
tree against the graph of positions, and how large real games are (Shannon's estimates).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product

from arena import Arena
from coursebuild.course import examples
from coursebuild.course.counts import NODES, PAIRS, PLAYS, count, said
from coursebuild.course.facts import claim
from coursebuild.sources.markdown import Bilingual, both, fragment, num, table

# The prisoner's dilemma: years in prison of (A, B) for (A's choice, B's choice);
# choice 0 is "stay silent", 1 is "betray".
PRISON_YEARS: dict[tuple[int, int], tuple[int, int]] = {
    (0, 0): (1, 1), (0, 1): (3, 0), (1, 0): (0, 3), (1, 1): (2, 2)}
CHOICES = ({"fr": "se tait", "en": "stays silent"}, {"fr": "dénonce", "en": "betrays"})

# Rock-paper-scissors: A's gain for (A's choice, B's choice); B's gain is its opposite.
RPS_GAIN: dict[tuple[int, int], int] = {
    (a, b): 0 if a == b else (1 if (a - b) % 3 == 1 else -1) for a in range(3) for b in range(3)}


def pure_equilibria(payoff: dict[tuple[int, int], tuple[float, float]],
                    choices: int) -> list[tuple[int, int]]:
    """The pure Nash equilibria of a two-player simultaneous game given by its gains
    ``payoff[a, b] = (gain of A, gain of B)``: the pairs of choices from which neither
    player gains by changing its own choice alone.

    >>> pure_equilibria({(0, 0): (1, 1), (0, 1): (0, 0), (1, 0): (0, 0), (1, 1): (1, 1)}, 2)
    [(0, 0), (1, 1)]
    """
    out = []
    for a, b in product(range(choices), repeat=2):
        ga, gb = payoff[a, b]
        if all(payoff[x, b][0] <= ga for x in range(choices)) and \
                all(payoff[a, y][1] <= gb for y in range(choices)):
            out.append((a, b))
    return out


@lru_cache(maxsize=1)
def dilemma() -> dict:
    """The facts the page states about the prisoner's dilemma and rock-paper-scissors,
    checked (a gain is a year of prison avoided)."""
    gains = {k: (-a, -b) for k, (a, b) in PRISON_YEARS.items()}
    dominant = all(gains[1, b][0] > gains[0, b][0] for b in range(2)) and \
        all(gains[a, 1][1] > gains[a, 0][1] for a in range(2))
    equilibria = pure_equilibria(gains, 2)
    totals = sorted({a + b for a, b in PRISON_YEARS.values()})
    claim(dominant, "prisoner's dilemma: betraying is not better whatever the other does")
    claim(equilibria == [(1, 1)], "prisoner's dilemma: (betray, betray) is not the only "
          "equilibrium")
    claim(all(x < y for x, y in zip(PRISON_YEARS[0, 0], PRISON_YEARS[1, 1])),
          "prisoner's dilemma: silence is not better for both than betrayal")
    claim(len(totals) > 1, "prisoner's dilemma: the total is constant")
    rps = pure_equilibria({k: (g, -g) for k, g in RPS_GAIN.items()}, 3)
    claim(all(g + (-g) == 0 for g in RPS_GAIN.values()), "rock-paper-scissors is zero-sum")
    # against an opponent who plays each choice with probability 1/3, every choice gains 0
    # on average: no player gains by deviating from the uniform choice, an equilibrium
    claim(all(sum(RPS_GAIN[a, b] for b in range(3)) == 0 for a in range(3)),
          "rock-paper-scissors: the uniform choice is not an equilibrium")
    return {"equilibria": equilibria, "totals": totals, "rps_equilibria": rps,
            "equilibrium_years": PRISON_YEARS[equilibria[0]]}


def _years(k: int, lang: str) -> str:
    if k == 0:
        return "libre" if lang == "fr" else "free"
    if lang == "fr":
        return f"{k} an" + ("s" if k > 1 else "")
    return f"{k} year" + ("s" if k > 1 else "")


@fragment
def dilemma_table() -> Bilingual:
    out = {}
    for lang in ("fr", "en"):
        colon = " :" if lang == "fr" else ":"
        rows = [(f"**A {CHOICES[a][lang]}**",
                 *(f"A{colon} {_years(PRISON_YEARS[a, b][0], lang)}, "
                   f"B{colon} {_years(PRISON_YEARS[a, b][1], lang)}" for b in range(2)))
                for a in range(2)]
        corner = "Choix de A" if lang == "fr" else "A's choice"    # no empty header cell
        out[lang] = table((corner, *(f"B {c[lang]}" for c in CHOICES)), rows)
    return out


@count(PAIRS)
def rps_pairs() -> int:
    """The pairs of choices of rock-paper-scissors."""
    return len(RPS_GAIN)


@count(PAIRS)
def rps_pure_equilibria() -> int:
    """Those from which neither player gains by changing their own choice alone."""
    return len(dilemma()["rps_equilibria"])


@fragment
def dilemma_facts() -> Bilingual:
    f = dilemma()
    lo, hi = f["totals"][0], f["totals"][-1]
    ya, yb = f["equilibrium_years"]
    claim(rps_pure_equilibria() == 0, "the text says: rock-paper-scissors has no pure "
          "equilibrium")
    return both(
        f"En énumérant les quatre cas : quel que soit le choix de l'autre, dénoncer fait gagner "
        f"un an à chacun ; le seul couple de choix dont aucun des deux ne gagne à s'écarter seul "
        f"(un **équilibre de Nash**) est « dénoncer, dénoncer », qui coûte {ya} ans à chacun, "
        f"alors que le silence des deux n'en coûterait qu'un. Le total des peines varie de "
        f"{lo} à {hi} ans selon les choix : le jeu n'est pas à somme nulle. Le pierre-feuille-"
        "ciseaux, lui, est à somme nulle (on gagne ce que l'autre perd) et n'a aucun "
        f"équilibre **pur**, c'est-à-dire de ce type : {said(rps_pure_equilibria, 'fr')} sur "
        f"les {said(rps_pairs, 'fr')} couples de choix. Si l'on permet à chacun de tirer son "
        "choix au hasard (une stratégie *mixte*), John Nash a démontré en 1950 que tout jeu "
        "fini a un équilibre ; au pierre-feuille-ciseaux, c'est de jouer chaque choix avec "
        "la probabilité 1/3.\n",
        f"Enumerating the four cases: whatever the other one chooses, betraying saves each "
        f"prisoner one year; the only pair of choices from which neither gains by deviating "
        f"alone (a **Nash equilibrium**) is “betray, betray”, which costs each {ya} years, "
        f"whereas silence from both would cost only one. The total of the sentences ranges "
        f"from {lo} to {hi} years depending on the choices: the game is not zero-sum. "
        "Rock-paper-scissors is zero-sum (one wins what the other loses) and has no **pure** "
        f"equilibrium, that is, of this kind: {said(rps_pure_equilibria, 'en')} of its "
        f"{said(rps_pairs, 'en')} pairs of choices are equilibria. If each player may draw their "
        "choice at random (a *mixed* strategy), John Nash proved in 1950 that every finite "
        "game has an equilibrium; in rock-paper-scissors, it is to play each choice with "
        "probability "
        "1/3.\n")


def tree_size(arena: Arena, root=None) -> tuple[int, int] | None:
    """The game tree from ``root`` (the start by default), counted on the graph without
    building it: its number of nodes (the beginnings of plays, the empty one included) and
    of leaves (the complete plays, each ending at a position without a move). ``None``
    when a cycle is reachable: the tree is then infinite.

    Each position ``p`` is the root of a subtree of ``1 + sum of its successors' nodes``
    nodes and ``sum of its successors' leaves`` leaves (one if it has no successor);
    computed once per position, in an order where successors come first.

    >>> from arena.games import nim
    >>> tree_size(nim(4, [1, 2]))        # 4 = 1+1+1+1 = 1+1+2 (3 ways) = 2+2: 5 plays
    (12, 5)
    """
    root = arena.start if root is None else root
    nodes: dict = {}
    leaves: dict = {}
    on_path: set = set()
    stack = [(root, iter(arena.successors(root)))]
    on_path.add(root)
    while stack:
        v, it = stack[-1]
        w = next(it, None)
        if w is None:
            stack.pop()
            on_path.discard(v)
            succ = arena.successors(v)
            nodes[v] = 1 + sum(nodes[x] for x in succ)
            leaves[v] = sum(leaves[x] for x in succ) if succ else 1
        elif w in on_path:
            return None
        elif w not in nodes:
            on_path.add(w)
            stack.append((w, iter(arena.successors(w))))
    return nodes[root], leaves[root]


def reachable_count(arena: Arena, root=None) -> int:
    root = arena.start if root is None else root
    seen = {root}
    todo = [root]
    while todo:
        for w in arena.successors(todo.pop()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return len(seen)


@lru_cache(maxsize=1)
def tree_rows() -> list[tuple[dict[str, str], int, tuple[int, int] | None]]:
    from arena.games import chomp, nim

    games = [
        ({"fr": "Nim, 10 bâtonnets, on en retire 1 ou 2",
          "en": "Nim, 10 sticks, take 1 or 2"}, nim(10, [1, 2])),
        ({"fr": "Nim, 20 bâtonnets, on en retire 1, 2 ou 3",
          "en": "Nim, 20 sticks, take 1, 2 or 3"}, nim(20, [1, 2, 3])),
        ({"fr": "Chomp, tablette 3 × 4", "en": "Chomp, 3 × 4 bar"}, chomp(3, 4)),
        ({"fr": "Morpion 3 × 3", "en": "Tic-tac-toe 3 × 3"},
         examples.tictactoe_3x3().arena),
        ({"fr": "Jeu de l'ourson", "en": "The bear cub game"},
         examples.ourson_game().arena),
    ]
    rows = [(name, reachable_count(g), tree_size(g)) for name, g in games]
    claim(rows[3][1:] == (5478, (549946, 255168)),
          "tic-tac-toe: 5,478 positions, 549,946 tree nodes and 255,168 plays")
    claim(rows[4][2] is None, "the ourson game's tree is finite")
    return rows


@fragment
def tree_sizes() -> Bilingual:
    out = {}
    for lang, head, infinite in (
            ("fr", ("Jeu", "Positions atteignables", "Nœuds de l'arbre", "Parties complètes"), "infini"),
            ("en", ("Game", "Reachable positions", "Nodes of the tree", "Complete plays"), "infinite")):
        rows = [(name[lang], num(n, lang),
                 *((num(t[0], lang), num(t[1], lang)) if t else (infinite, infinite)))
                for name, n, t in tree_rows()]
        out[lang] = table(head, rows, "lrrr")
    return out


@lru_cache(maxsize=1)
def shannon() -> dict:
    """Shannon's two estimates for chess (1950): about 10^3 possibilities for a pair of
    moves over a typical game of 40 pairs, and his count of piece arrangements
    64! / (32! (8!)^2 (2!)^6)."""
    games_exponent = round(math.log10((10 ** 3) ** 40))
    arrangements = math.factorial(64) // (math.factorial(32) * math.factorial(8) ** 2 * 2 ** 6)
    exponent = math.log10(arrangements)
    claim(games_exponent == 120, "Shannon's number is 10^120")
    ttt = tree_rows()[3]
    return {"games": games_exponent, "positions": exponent, "ttt": ttt}


@count(NODES)
def tictactoe_tree_nodes() -> int:
    """The nodes of tic-tac-toe's game tree: the beginnings of plays."""
    return tree_rows()[3][2][0]


@count(PLAYS)
def tictactoe_tree_plays() -> int:
    """Its leaves: the complete plays."""
    return tree_rows()[3][2][1]


@fragment
def shannon_facts() -> Bilingual:
    from coursebuild.course.pages.modelling import tictactoe_positions

    s = shannon()
    claim(s["ttt"][1] == tictactoe_positions(), "the tree's table counts other positions")
    e = s["positions"]
    e_fr = f"{e:.1f}".replace(".", "{,}")
    return both(
        f"Le calcul de Shannon : $(10^3)^{{40}} = 10^{{{s['games']}}}$ parties. Sa seconde "
        f"estimation compte les façons de poser les pièces sur l'échiquier, "
        f"$\\frac{{64!}}{{32!\\,(8!)^2\\,(2!)^6}} \\approx 10^{{{e_fr}}}$"
        f" : de l'ordre de $10^{{{round(e)}}}$ positions. Au morpion, tout se compte : "
        f"{said(tictactoe_positions, 'fr')} positions, mais {said(tictactoe_tree_plays, 'fr')} "
        f"parties complètes et {said(tictactoe_tree_nodes, 'fr')} nœuds dans l'arbre du jeu.\n",
        f"Shannon's computation: $(10^3)^{{40}} = 10^{{{s['games']}}}$ games. His second "
        f"estimate counts the ways of placing the pieces on the board, "
        f"$\\frac{{64!}}{{32!\\,(8!)^2\\,(2!)^6}} \\approx 10^{{{e:.1f}}}$: about "
        f"$10^{{{round(e)}}}$ positions. In tic-tac-toe everything can be counted: "
        f"{said(tictactoe_positions, 'en')} positions, but {said(tictactoe_tree_plays, 'en')} "
        f"complete plays and {said(tictactoe_tree_nodes, 'en')} nodes in the game tree.\n")
