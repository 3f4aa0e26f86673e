"""The course's maths as plain Unicode text, for the places no formula is typeset in: the
search index, whose snippets show the text of a section as it was indexed.

The pages write maths in TeX (``\\(\\mathcal{A}^i_n\\)``, ``$J_0$`` in the notebooks); a
snippet should read ``𝒜ⁱₙ`` and ``J₀``, as the typeset page does, not the TeX.
"""

from __future__ import annotations

import re

__all__ = ["plain_maths", "plain_search_text"]

SYMBOLS = {
    "in": "∈", "notin": "∉", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
    "neq": "≠", "times": "×", "to": "→", "mapsto": "↦", "dots": "…", "ldots": "…",
    "cdots": "⋯", "cdot": "·", "mid": "|", "subseteq": "⊆", "subset": "⊂", "setminus": "∖",
    "cap": "∩", "cup": "∪", "bigcup": "⋃", "sqcup": "⊔", "oplus": "⊕", "equiv": "≡",
    "approx": "≈", "pm": "±", "infty": "∞", "emptyset": "∅", "varnothing": "∅",
    "exists": "∃", "forall": "∀", "sum": "∑", "square": "□", "neg": "¬", "land": "∧",
    "lor": "∨", "Rightarrow": "⇒", "Leftrightarrow": "⇔", "iff": "⇔", "implies": "⇒",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "sigma": "σ", "ell": "ℓ",
    "pi": "π", "lambda": "λ", "mu": "μ", "varepsilon": "ε", "epsilon": "ε",
    "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "langle": "⟨", "rangle": "⟩",
    "min": "min", "max": "max", "bmod": "mod", "log": "log", "quad": " ", "qquad": "  ",
    "left": "", "right": "", "not": "¬", "displaystyle": "", "colon": ":",
}
SPACES = {",": " ", ";": " ", ":": " ", " ": " ", "!": "", "{": "{", "}": "}", "\\": " ",
          "|": "‖", "%": "%", "&": "&", "#": "#", "_": "_", "$": "$"}
SCRIPT = ("mathcal", "mathbb", "mathrm", "text", "operatorname", "mathit", "mathbf", "textrm",
          "mathsf")
CALLIGRAPHIC = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                        "𝒜ℬ𝒞𝒟ℰℱ𝒢ℋℐ𝒥𝒦ℒℳ𝒩𝒪𝒫𝒬ℛ𝒮𝒯𝒰𝒱𝒲𝒳𝒴𝒵", strict=True))
DOUBLE = dict(zip("NZQRC", "ℕℤℚℝℂ", strict=True))
SUB = dict(zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ",
               strict=True))
SUP = dict(zip("0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
               "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
               strict=True))
SUP.update({"*": "*", "′": "′", "'": "′"})
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")


def _group(tex: str, i: int) -> tuple[str, int]:
    """The argument starting at ``tex[i]`` (a braced group, a command or one character)
    and the index after it."""
    while i < len(tex) and tex[i] == " ":
        i += 1
    if i >= len(tex):
        return "", i
    if tex[i] == "{":
        depth = 0
        for j in range(i, len(tex)):
            depth += {"{": 1, "}": -1}.get(tex[j], 0)
            if depth == 0:
                return tex[i + 1:j], j + 1
        return tex[i + 1:], len(tex)
    if tex[i] == "\\":
        m = _COMMAND.match(tex, i)         # a backslash always matches (\\.)
        return (m.group(0), m.end()) if m else ("", i + 1)
    return tex[i], i + 1


def _script(body: str, table: dict[str, str], mark: str) -> str:
    """``body`` as Unicode sub- or superscripts when each character has one, else
    ``mark`` and the body (in brackets when longer than one character)."""
    text = plain_maths(body).replace(" ", "")
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    return mark + (text if len(text) == 1 else f"({text})")


def _bracket(text: str) -> str:
    return text if len(text) == 1 or text.isalnum() else f"({text})"


def plain_maths(tex: str) -> str:
    r"""The TeX of the course's maths as plain Unicode text.

    >>> plain_maths(r"\mathcal{A}^i_{n+1} = \{x \in S_0 \setminus T\}")
    '𝒜ⁱₙ₊₁ = {x ∈ S₀ ∖ T}'
    >>> plain_maths(r"\mathrm{rg}(x) \le 16"), plain_maths(r"J_{1-i}"), plain_maths(r"2 \times 3")
    ('rg(x) ≤ 16', 'J₁₋ᵢ', '2 × 3')
    >>> plain_maths(r"\binom{m + n}{m}"), plain_maths(r"\frac{a}{b + 1}"), plain_maths(r"A_{N+1}")
    ('C(m + n, m)', 'a/(b + 1)', 'A_(N+1)')
    """
    out: list[str] = []
    i = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            m = _COMMAND.match(tex, i)
            if m is None:                   # a lone backslash at the end
                break
            name, i = m.group(1), m.end()
            if name in SCRIPT:
                arg, i = _group(tex, i)
                inner = plain_maths(arg) if name not in ("text", "textrm") else arg
                if name == "mathcal":
                    inner = "".join(CALLIGRAPHIC.get(ch, ch) for ch in inner)
                elif name == "mathbb":
                    inner = "".join(DOUBLE.get(ch, ch) for ch in inner)
                out.append(inner)
            elif name == "frac":
                num, i = _group(tex, i)
                den, i = _group(tex, i)
                num, den = plain_maths(num), plain_maths(den)
                out.append(f"{_bracket(num)}/{_bracket(den)}")
            elif name == "binom":
                top, i = _group(tex, i)
                bottom, i = _group(tex, i)
                out.append(f"C({plain_maths(top)}, {plain_maths(bottom)})")
            elif name == "pmod":
                arg, i = _group(tex, i)
                out.append(f" (mod {plain_maths(arg)})")
            elif name in ("begin", "end"):
                _, i = _group(tex, i)
                if name == "begin" and tex[i:i + 1] == "{":      # \begin{array}{ll}
                    _, i = _group(tex, i)
            elif name in SYMBOLS:
                out.append(SYMBOLS[name])
            elif len(name) == 1:
                out.append(SPACES.get(name, name))
            else:
                out.append(name)                 # an unknown command: its name
        elif c in "_^":
            arg, i = _group(tex, i + 1)
            out.append(_script(arg, SUB if c == "_" else SUP, c))
        elif c in "{}":
            i += 1
        elif c == "&":
            out.append(" ")
            i += 1
        elif c == "~":
            out.append("\u00a0")
            i += 1
        else:
            out.append(c)
            i += 1
    return re.sub(r"[ ]{2,}", " ", "".join(out))


# maths in the HTML of a search entry, outside code: arithmatex's delimiters
# and the notebooks' Markdown dollars
_CODE = re.compile(r"(<pre\b.*?</pre>|<code\b.*?</code>)", re.S)
_MATHS = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$|\$(?=\S)([^$\n]+?)(?<=\S)\$",
                    re.S)


def plain_search_text(html_text: str) -> str:
    """The text of a search entry with its maths as plain text (code left as it is) and
    without the notebooks' heading anchors (``¶``)."""
    parts = _CODE.split(html_text)
    for k in range(0, len(parts), 2):
        parts[k] = _MATHS.sub(lambda m: plain_maths(
            next(g for g in m.groups() if g is not None).replace("&lt;", "<")
            .replace("&gt;", ">").replace("&amp;", "&")).replace("&", "&amp;")
            .replace("<", "&lt;").replace(">", "&gt;").strip(), parts[k]).replace("¶", "")
    return "".join(parts)
