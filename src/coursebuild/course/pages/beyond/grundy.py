"""The chapter *Au-delà* / *Beyond*, its part on Grundy numbers: the subtraction games'
sequences, Marienbad (its graph, its normal and misère play) and the exercise on 14
sticks."""

from __future__ import annotations

from arena import solve
from coursebuild.course.counts import POSITIONS, count, said
from coursebuild.course.drawing import Drawing, _caption
from coursebuild.course.facts import claim
from coursebuild.course.pages.beyond._exercises import EXERCISES
from coursebuild.sources import exercise_source
from coursebuild.sources.markdown import (
    Bilingual,
    both,
    fragment,
    table,
    who,
)


def marienbad_graph() -> Drawing:
    import graphviz

    from arena.games.marienbad import heap_moves
    from arena.grundy import grundy
    from arena.render import FONT, GREY, INK, INK_ON_ANY, PAPER, coloured_text, svg_id

    start = (1, 2, 3)
    numbers = grundy(start, heap_moves)
    order = sorted(numbers, key=lambda h: (-sum(h), [-x for x in h]))
    dot = graphviz.Digraph(engine="dot")
    dot.attr(bgcolor="transparent", fontname=FONT, ranksep="0.55", nodesep="0.2",
             forcelabels="true")
    dot.attr("node", fontname=FONT, fontsize="13", shape="box", style="rounded,filled",
             color=GREY, fillcolor=PAPER, fontcolor=INK, height="0.4")
    dot.attr("edge", color=GREY, arrowsize="0.6")
    for h in order:
        name = ".".join(map(str, h))
        zero = numbers[h] == 0
        attrs = {"xlabel": coloured_text(str(numbers[h]), INK_ON_ANY),
                 "class": "position" + (" zero" if zero else "")}
        if zero:
            attrs.update(fillcolor="#4D4D4D", fontcolor=PAPER, penwidth="2.5")
        dot.node(f"v-{svg_id(name)}", label=name, id=f"v-{svg_id(name)}", **attrs)
    for h in order:
        for m in heap_moves(h):
            a, b = svg_id(".".join(map(str, h))), svg_id(".".join(map(str, m)))
            dot.edge(f"v-{a}", f"v-{b}", id=f"e-{a}-{b}")
    zeros = [".".join(map(str, h)) for h in order if numbers[h] == 0]
    return Drawing(dot, _caption(
        "Nim à trois tas (1, 2, 3) en partie normale, positions sans joueur (le jeu est "
        "impartial). À côté de chaque position, son nombre de Grundy, le mex de ceux de ses "
        "successeurs ; il vaut le ou exclusif des tas (théorème de Bouton). Les positions "
        f"de nombre 0 (foncées : {', '.join(zeros)}) sont perdantes pour le joueur qui doit "
        "jouer, comme le départ 1.2.3 car 1 ⊕ 2 ⊕ 3 = 0.",
        "Nim with three heaps (1, 2, 3) in normal play, positions without players (the game "
        "is impartial). Beside each position, its Grundy number, the mex of its "
        "successors'; it equals the exclusive or of the heaps (Bouton's theorem). The "
        f"positions of number 0 (dark: {', '.join(zeros)}) are lost for the player to move, "
        "like the start 1.2.3 since 1 ⊕ 2 ⊕ 3 = 0."),
        f"{len(numbers)} positions; Grundy number 0 at " + ", ".join(zeros) + ".")


@fragment
def grundy_sequences() -> Bilingual:
    from arena.grundy import period, subtraction_grundy

    rows = []
    for rule in ((1, 2), (1, 2, 3), (2, 3, 5), (1, 3, 4), (3, 4)):
        seq = subtraction_grundy(rule, 80)
        start, p = period(seq)
        rows.append(("$\\{" + ", ".join(map(str, rule)) + "\\}$",
                     " ".join(map(str, seq[:21])), p, start))
    return both(table(("Règle", "$g(0), \\dots, g(20)$", "Période", "Prépériode"), rows, "llrr"),
                table(("Rule", "$g(0), \\dots, g(20)$", "Period", "Preperiod"), rows, "llrr"))


def _marienbad(misere: bool) -> tuple[int, int, int | None]:
    """(positions, positions where Bouton's rule and the attractor agree, winner from the
    start) for the heaps 1, 3, 5, 7."""
    from arena.games import marienbad
    from arena.games.marienbad import bouton_wins

    g = marienbad((1, 3, 5, 7), misere=misere)
    sol = solve(g)
    agree = sum(sol.winner[v] == (v[1] if bouton_wins(v[0], misere) else 1 - v[1]) for v in g)
    return len(g), agree, sol.winner[g.start]


@count(POSITIONS)
def marienbad_positions() -> int:
    return _marienbad(False)[0]


@count(POSITIONS)
def marienbad_agree_normal() -> int:
    return _marienbad(False)[1]


@count(POSITIONS)
def marienbad_agree_misere() -> int:
    return _marienbad(True)[1]


@fragment
def marienbad_facts() -> Bilingual:
    out = {"fr": "", "en": ""}
    claim(_marienbad(True)[0] == marienbad_positions(), "misère play has other positions")
    for misere, agree in ((False, marienbad_agree_normal), (True, marienbad_agree_misere)):
        w = _marienbad(misere)[2]
        mode_fr, mode_en = ("misère", "misère") if misere else ("normale", "normal")
        out["fr"] += (f"- Partie {mode_fr} : le théorème de Bouton et l'attracteur s'accordent "
                      f"sur {said(agree, 'fr')} positions sur {said(marienbad_positions, 'fr')} ; au "
                      f"départ $(1, 3, 5, 7)$, le gagnant est {who(w, 'fr')}.\n")
        out["en"] += (f"- {mode_en.capitalize()} play: Bouton's theorem and the attractor agree "
                      f"on {said(agree, 'en')} positions out of {said(marienbad_positions, 'en')}; "
                      f"from the start $(1, 3, 5, 7)$, the winner is {who(w, 'en')}.\n")
    return out


@fragment
def ex_grundy_14() -> Bilingual:
    from arena.games import nim
    from arena.grundy import period, subtraction_grundy

    exercise = exercise_source.in_file(EXERCISES, "grundy-rule-14")
    n, rule = exercise.int("n"), exercise.ints("rule")
    seq = subtraction_grundy(tuple(rule), 60)
    start, p = period(seq)
    sol = solve(nim(n, rule))
    zeros = [k for k in range(n + 1) if seq[k] == 0]
    claim(zeros == [k for k in range(n + 1) if sol.winner[(k, 0)] == 1],
          "the Grundy numbers and the attractor disagree on the lost positions")
    shown = ", ".join(map(str, seq[:n + 1]))
    return both(
        f"$g(0), \\dots, g({n})$ = {shown}. La suite est périodique de période {p} dès "
        f"$k = {start}$. Le joueur qui doit jouer perd exactement quand $g(k) = 0$ : "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, comme le trouve l'attracteur du jeu "
        f"de Nim à {n} bâtonnets.\n",
        f"$g(0), \\dots, g({n})$ = {shown}. The sequence is periodic with period {p} from "
        f"$k = {start}$. The player to move loses exactly when $g(k) = 0$: "
        f"$k \\in \\{{{', '.join(map(str, zeros))}\\}}$, as the attractor of Nim with {n} "
        "sticks finds.\n")
