"""Build the LaTeX exercise sheets (``make handout``): ``build/handout/handout-{fr,en}.pdf``.

The sources in ``handouts/`` include the site's figures (``docs/figures/*.pdf``) and the
answers, written as LaTeX macros to ``build/handout/generated/<lang>/answers.tex`` from
the examples the site shows (:mod:`coursebuild.examples`, solved once per build): no
answer is typed by hand.

Usage: python -m coursebuild handout
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from arena._files import write_atomic, write_if_changed
from coursebuild import examples
from coursebuild.facts import claim
from coursebuild.paths import ROOT

OUT = ROOT / "build" / "handout"
SOURCES = ROOT / "handouts"


def _pos(v) -> str:
    return f"({v[0]}, {v[1]})"


_TEX_SPECIALS = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
                 "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
                 "~": r"\textasciitilde{}", "'": r"\textquotesingle{}", "`": r"\textasciigrave{}"}


def _name(v) -> str:
    """A vertex name from a file, for LaTeX's maths mode: plain names as they are, any
    other one as text with every LaTeX special character escaped (``\\input{...}`` is
    printed, never run)."""
    text = str(v)
    if re.fullmatch(r"[A-Za-z0-9]+", text):
        return text
    return r"\mbox{\texttt{" + "".join(_TEX_SPECIALS.get(c, c) for c in text) + "}}"


def _set(items) -> str:
    return "\\{" + ", ".join(items) + "\\}"


def answers(lang: str) -> dict[str, str]:
    """The answers of the three exercises, as LaTeX text in ``lang``."""
    fr = lang == "fr"
    g, sol = examples.ex41()
    lost, longest = examples.ex41_facts()
    moves = ", ".join(f"${_pos(x)} \\to {_pos(y)}$" for x, y in sol.strategy(1).items()
                      if sol.winner[x] == 1)
    v0, v1 = _set(map(_pos, g.V0)), _set(map(_pos, g.V1))
    victory = (f"$V_0 = {v0}$ et $V_1 = {v1}$ : le joueur qui doit jouer est bloqué."
               if fr else f"$V_0 = {v0}$ and $V_1 = {v1}$: the player to move is stuck.")
    layers = "; ".join(f"$\\mathcal{{A}}^1_{{{n}}}$ : " + ", ".join(f"${_pos(v)}$" for v in layer)
                       for n, layer in enumerate(sol.layers(1)))
    ks = ", ".join(map(str, lost))
    one = (f"Le joueur qui doit jouer avec $k$ bâtonnets perd exactement pour "
           f"$k \\in \\{{{ks}\\}}$. Le départ $(15, 0)$ est donc perdant pour $J_0$ : "
           f"$J_1$ gagne en {sol.rank[g.start]} coups au plus (toute partie qui suit sa "
           f"stratégie finit en {longest[g.start]} coups au plus). Ajouts successifs à "
           f"$\\mathcal{{A}}^1$ : {layers}. Coups gagnants de $J_1$ : {moves}."
           if fr else
           f"The player to move with $k$ sticks loses exactly for $k \\in \\{{{ks}\\}}$. "
           f"The start $(15, 0)$ is therefore lost for $J_0$: $J_1$ wins within "
           f"{sol.rank[g.start]} moves (every play following its strategy ends within "
           f"{longest[g.start]} moves). Successive additions to $\\mathcal{{A}}^1$: "
           f"{layers}. Winning moves of $J_1$: {moves}.")

    e, esol = examples.ex42()
    facts = examples.ex42_facts()

    def attr(i):
        return ", ".join(f"${_name(v)}$ ({r})" for v, r in facts.attractors[i])

    draws = ", ".join(f"${_name(v)}$" for v in facts.draws)
    strategy = ", ".join(f"${_name(x)} \\to {_name(y)}$" for x, y in esol.strategy(0).items())
    start = _name(e.start)
    two = (f"$\\mathcal{{A}}^0$ (rangs entre parenthèses) : {attr(0)}. "
           f"$\\mathcal{{A}}^1$ : {attr(1)}. Matchs nuls : {draws}. Le départ ${start}$ est "
           f"dans $\\mathcal{{A}}^0$ : $J_0$ gagne en {esol.rank[e.start]} coups au plus, avec "
           f"la stratégie {strategy}."
           if fr else
           f"$\\mathcal{{A}}^0$ (ranks in brackets): {attr(0)}. $\\mathcal{{A}}^1$: {attr(1)}. "
           f"Draws: {draws}. The start ${start}$ is in $\\mathcal{{A}}^0$: $J_0$ wins within "
           f"{esol.rank[e.start]} moves, with the strategy {strategy}.")

    c, csol = examples.chomp_2x3()
    first = csol.move[c.start][0]
    claim(first == (3, 2), "the text below says the first move eats the bottom-right square")
    three = (f"Une position est la tablette restante (longueurs des lignes) et le joueur qui "
             f"doit jouer. Depuis $(3, 3)$, $J_0$ gagne en {csol.rank[c.start]} coups au plus ; "
             f"son premier coup laisse $({', '.join(map(str, first))})$ : il mange le carré en "
             f"bas à droite."
             if fr else
             f"A position is the remaining bar (row lengths) and the player to move. From "
             f"$(3, 3)$, $J_0$ wins within {csol.rank[c.start]} moves; its first move leaves "
             f"$({', '.join(map(str, first))})$: it eats the bottom-right square.")
    return {"ExOneVictory": victory, "ExOneAnswer": one, "ExTwoAnswer": two,
            "ExThreeAnswer": three}


# the captions' Unicode notation, for pdflatex
_TEX_NOTATION = {"J₀": r"$J_0$", "J₁": r"$J_1$", "𝒜⁰": r"$\mathcal{A}^0$",
                 "𝒜¹": r"$\mathcal{A}^1$", "×": r"$\times$", "→": r"$\to$", "≤": r"$\le$",
                 "≥": r"$\ge$", "α": r"$\alpha$", "β": r"$\beta$"}


def caption_tex(caption: str) -> str:
    """A figure's caption (from the manifest) as LaTeX text: every special character
    escaped (captions name vertices, and names come from files), the notation in maths.

    >>> print(caption_tex("J₀ wins from a_1 within 5 moves (50% of 𝒜⁰)"))
    $J_0$ wins from a\\_1 within 5 moves (50\\% of $\\mathcal{A}^0$)
    """
    text = "".join(_TEX_SPECIALS.get(c, c) for c in caption)
    for symbol, tex in _TEX_NOTATION.items():
        text = text.replace(symbol, tex)
    return text


def write_captions() -> None:
    """Every figure's caption in each language, from the figure build's manifest, as the
    macro ``\\arenacaption{ID}`` reads it: the sheets never retype a caption."""
    manifest = json.loads((ROOT / "docs" / "figures" / "manifest.json").read_text("utf-8"))
    for lang in ("fr", "en"):
        path = OUT / "generated" / lang / "captions.tex"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = ["% Written by coursebuild.handout from docs/figures/manifest.json."]
        lines += [f"\\expandafter\\def\\csname arenacaption@{entry['id']}\\endcsname"
                  f"{{{caption_tex(entry['caption'][lang])}}}" for entry in manifest]
        text = "\n".join(lines) + "\n"
        write_if_changed(path, text)


def write_answers() -> None:
    """The answers of each language as LaTeX macros (rewritten only when they change)."""
    for lang in ("fr", "en"):
        path = OUT / "generated" / lang / "answers.tex"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = ["% Written by coursebuild.handout from the solver: do not edit."]
        lines += [f"\\newcommand{{\\{name}}}{{{text}}}" for name, text in answers(lang).items()]
        text = "\n".join(lines) + "\n"
        write_if_changed(path, text)


def inputs_key() -> str:
    """What the sheets are made from: their LaTeX sources, the answers written, the
    figures (PDF), this code and TeX's version."""
    from coursebuild import keys

    tex = subprocess.run(["pdftex", "--version"], capture_output=True, text=True).stdout
    figures = sorted(ROOT.joinpath("docs", "figures").glob("*.pdf"))
    return keys.files_digest([SOURCES, OUT / "generated", Path(__file__), *figures]) + \
        tex.split("\n", 1)[0]


def compile_pdf(lang: str) -> Path:
    """``build/handout/handout-LANG.pdf`` from its sources. TeX and latexmk cannot work
    in a folder whose path holds ``"``, ``%``, ``#``... : a checkout in such a folder is
    compiled in a temporary copy (the sources and the sheets' folder; the figures by a
    link), and the sheet copied back."""
    if not set(str(ROOT)) & set('"%#$\\{}~^&'):
        return _latexmk(lang, SOURCES, OUT)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="arena-handout-") as tmp:
        mirror = Path(tmp)
        shutil.copytree(SOURCES, mirror / SOURCES.relative_to(ROOT))
        shutil.copytree(OUT, mirror / OUT.relative_to(ROOT))
        (mirror / "docs").mkdir()
        (mirror / "docs" / "figures").symlink_to(ROOT / "docs" / "figures")
        pdf = _latexmk(lang, mirror / SOURCES.relative_to(ROOT), mirror / OUT.relative_to(ROOT))
        write_atomic(OUT / pdf.name, pdf.read_bytes())
    return OUT / pdf.name


def _latexmk(lang: str, sources: Path, out_dir: Path) -> Path:
    out = os.path.relpath(out_dir, sources)
    env = dict(os.environ, TEXINPUTS=f".:{out}//:", SOURCE_DATE_EPOCH="1700000000",
               FORCE_SOURCE_DATE="1")
    proc = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           "-quiet", f"-outdir={out}", f"handout-{lang}.tex"],
                          cwd=sources, env=env, capture_output=True, text=True)
    if proc.returncode:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-2000:])
        raise SystemExit(f"handout: LaTeX failed on handout-{lang}.tex (log in {out_dir})")
    return out_dir / f"handout-{lang}.pdf"


def main(argv: list[str] | None = None) -> int:
    start().result()
    return 0


def start():
    """Write the sheets' inputs now and compile the sheets in the background (LaTeX runs
    in its own processes while the build goes on); returns a future to wait on."""
    from concurrent.futures import Future, ThreadPoolExecutor

    compile_all = _prepare()
    if compile_all is None:
        done: Future = Future()
        done.set_result(None)
        return done
    pool = ThreadPoolExecutor(1)
    job = pool.submit(compile_all)
    pool.shutdown(wait=False)
    return job


def _prepare():
    """The sheets' inputs written; the compilation to run, or None when up to date."""
    if shutil.which("latexmk") is None:
        raise SystemExit("handout: latexmk is missing; install TeX Live: "
                         "sudo apt-get install latexmk texlive-latex-base texlive-lang-french "
                         "lmodern")
    write_answers()
    write_captions()
    stamp = OUT / "inputs.key"
    key = inputs_key()
    pdfs = [OUT / f"handout-{lang}.pdf" for lang in ("fr", "en")]
    if stamp.exists() and stamp.read_text() == key and all(p.exists() for p in pdfs):
        print("handout: up to date", file=sys.stderr)
        return None
    stamp.unlink(missing_ok=True)

    def compile_all() -> None:
        for lang in ("fr", "en"):
            print(f"handout: {compile_pdf(lang).relative_to(ROOT)}", file=sys.stderr)
        write_atomic(stamp, key)
    return compile_all


if __name__ == "__main__":
    raise SystemExit(main())
