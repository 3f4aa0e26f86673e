"""Headings and the course's boxes: a page's title is a chapter, its headings sections;
definitions, theorems, propositions, remarks and examples become theorem-like
environments numbered by chapter, proofs (folded or written as paragraphs) the proof
environment, exercises keep their title and send their solutions to the chapter's end,
any other box is a titled aside."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bs4 import NavigableString, Tag

from coursebuild.typeset.latex.text import escape, label, plain

if TYPE_CHECKING:
    from coursebuild.typeset.latex.writer import Writer

THEOREMS = {
    "définition": "definition", "définitions": "definition", "definition": "definition",
    "definitions": "definition", "théorème": "theorem", "theorem": "theorem",
    "proposition": "proposition", "lemme": "lemma", "lemma": "lemma",
    "corollaire": "corollary", "corollary": "corollary", "remarque": "remark",
    "remark": "remark", "exemple": "example", "example": "example",
}
SOLUTION_CLASSES = {"solution", "success", "arena-exercise-solution", "answer"}
PROOF_WORDS = ("Preuve.", "Proof.", "Démonstration.")


def opens_proof(p: Tag) -> bool:
    """A paragraph that opens a proof: ``*Preuve.* ...`` (the label is removed; the
    proof environment prints its own)."""
    first = next((c for c in p.children if not (isinstance(c, NavigableString)
                                                 and not c.strip())), None)
    if isinstance(first, Tag) and first.name == "em" and first.get_text().strip() in PROOF_WORDS:
        first.decompose()
        return True
    return False


def closes_proof(block: Tag) -> bool:
    """A block that ends a proof with its square (removed: the environment sets it)."""
    for m in block.find_all("span", class_="arithmatex"):
        if m.get_text().strip() in (r"\(\square\)", "$\\square$"):
            m.decompose()
            return True
    for t in block.find_all(string=lambda x: x and x.rstrip().endswith("□")):
        t.replace_with(t.rstrip()[:-1])
        return True
    return False


def qed_in_list(body: str) -> str:
    """A proof ending with a list gets its square on the list's last line."""
    stripped = body.rstrip()
    for env in ("itemize", "enumerate"):
        end = f"\\end{{{env}}}"
        if stripped.endswith(end):
            return stripped[:-len(end)] + "\\qedhere\n" + end + "\n"
    return body


def heading(conv: Writer, e: Tag) -> str:
    """A page's title (h1) as a chapter, unnumbered for the home page (the book's
    introduction); h2-h4 as sections, subsections and unnumbered paragraphs' heads."""
    name = e.name
    if name == "h1":
        head = r"\chapter" if conv.numbered else r"\chapter*"
        title = conv.inlines(e) if conv.numbered else escape(conv.ctx.words["introduction"])
        out = f"{head}{{{title}}}\n\\label{{{label('ch:' + conv.slug)}}}\n"
        if not conv.numbered:
            out += (f"\\addcontentsline{{toc}}{{chapter}}{{{title}}}\n"
                    f"\\markboth{{{title}}}{{{title}}}\n")
        return out
    if name in ("h2", "h3", "h4"):
        command = {"h2": "section", "h3": "subsection", "h4": "subsubsection*"}[name]
        if not conv.numbered:
            command = command.rstrip("*") + "*"
        key = f"\\label{{{label(conv.slug + ':' + e['id'])}}}" if e.get("id") else ""
        title = conv.inlines(e)
        bookmark = plain(e.get_text(" ", strip=True))
        waiting = conv.release(everything=True)       # a section keeps its figures
        heading = f"\\texorpdfstring{{{title}}}{{{escape(bookmark)}}}"
        return (waiting + _room_for_a_short_text(e) + f"\\{command}{{{heading}}}{key}\n")
    raise ValueError(f"not a heading: {name}")


LINE_CHARACTERS = 65
"""About how many characters a line of the text holds (at least: the estimate of a
paragraph's height errs on the tall side)."""


def _room_for_a_short_text(e: Tag) -> str:
    """A heading followed by a paragraph of a few lines and then another heading asks for
    the room of all three and a few lines more: else the next heading, which needs room
    for its own text, would leave the first with two lines at the page's foot.

    >>> from bs4 import BeautifulSoup
    >>> page = BeautifulSoup("<h2>A</h2><p>Short.</p><h3>B</h3><p>Text.</p>", "lxml")
    >>> _room_for_a_short_text(page.h2)
    '\\\\needspace{11\\\\baselineskip}'
    >>> _room_for_a_short_text(page.h3)
    ''
    """
    text = e.find_next_sibling()
    after = text.find_next_sibling() if text is not None else None
    if text is None or text.name != "p" or after is None or \
            after.name not in ("h2", "h3", "h4"):
        return ""
    lines = -(-len(" ".join(text.get_text().split())) // LINE_CHARACTERS)
    if lines > 5:            # a long paragraph: the page may break inside it
        return ""
    # the heading (3 lines with its space), the paragraph, the next heading's own room (6)
    return f"\\needspace{{{3 + lines + 7}\\baselineskip}}"


def admonition(conv: Writer, e: Tag, classes: set[str]) -> str:
    title_p = e.find("p", class_="admonition-title", recursive=False)
    title = title_p.get_text(" ", strip=True) if title_p else ""
    title_tex = conv.inlines(title_p) if title_p else ""
    if title_p:
        title_p.extract()
    body = conv.blocks(e)
    kind = "exercise" if "exercise" in classes else None
    word, note, note_tex = split_title(title, title_tex)
    if kind is None:
        kind = THEOREMS.get(word.lower())
    if kind == "exercise":
        return exercise(conv, title_tex, body)
    if kind is not None:
        opt = f"[{note_tex}]" if note_tex else ""
        if body.lstrip().startswith(("\\begin{itemize}", "\\begin{enumerate}")):
            body = "\\leavevmode\n" + body
        if kind == "definition":
            body += conv.notations(body, "definition")
        return f"\\begin{{{kind}}}{opt}\n{body}\\end{{{kind}}}\n"
    # a box of the page (info, remark without a word): a titled aside (which defines
    # what its title names)
    return (f"\\begin{{aside}}{{{title_tex}}}\n{body}"
            "\\end{aside}\n")


def exercise(conv: Writer, title_tex: str, body: str) -> str:
    conv.exercise_count += 1
    conv.exercise_label = label(f"ex:{conv.slug}:{conv.exercise_count}")
    conv.exercise_title = title_tex
    return (f"\\begin{{exercise}}{{{title_tex}}}\\label{{{conv.exercise_label}}}\n"
            f"{body}\\end{{exercise}}\n")


def python_exercise(conv: Writer, e: Tag) -> str:
    title_p = e.find("p", class_="arena-exercise-title")
    title_tex = conv.inlines(title_p.find("strong") or title_p) if title_p else ""
    if title_p:
        title_p.decompose()
    solution = e.find("details", class_="arena-exercise-solution")
    if solution is not None:
        solution.extract()
    body = conv.blocks(e)
    out = exercise(conv, title_tex, body)
    if solution is not None:
        out += details(conv, solution)
    return out


def details(conv: Writer, e: Tag) -> str:
    classes = set(e.get("class", []))
    summary = e.find("summary", recursive=False)
    summary_text = summary.get_text(" ", strip=True) if summary else ""
    summary_tex = conv.inlines(summary) if summary else ""
    if summary is not None:
        summary.extract()
    if classes & SOLUTION_CLASSES:
        number = len(conv.solutions) + 1
        key = label(f"sol:{conv.slug}:{number}")
        answers = conv.exercise_label
        head = escape(conv.ctx.words["solution"])
        if "answer" in classes and summary_text:
            head += " (" + summary_tex + ")"
        elif answers:
            colon = "~: " if conv.ctx.lang == "fr" else ": "
            head += f"{colon}{conv.exercise_title}, p.~\\pageref{{{answers}}}"
        conv.solutions.append(f"\\subsection*{{{head}}}\\label{{{key}}}\n"
                              + conv.blocks(e))
        colon = "~:" if conv.ctx.lang == "fr" else ":"
        return (f"\\solutionpointer{{{escape(conv.ctx.words['solution'])}{colon}}}"
                f"{{\\pageref{{{key}}}}}\n")
    if "proof" in classes:
        note = summary_tex
        for word in ("Démonstration", "Proof"):
            if summary_text.startswith(word):
                rest = summary_text[len(word):].lstrip(" :\u00a0\u202f")
                note = escape(rest.removeprefix("(").removesuffix(")"))
        colon = "~: " if conv.ctx.lang == "fr" else ": "
        opt = f"[{escape(conv.ctx.words['proof'])}{colon}{note}]" \
            if note else ""
        # its own square at the end, as a proof written as paragraphs (issue 61: two)
        last = [c for c in e.children if isinstance(c, Tag) and c.name != "summary"]
        if last:
            closes_proof(last[-1])
        return (f"\\begin{{proof}}{opt}\n{qed_in_list(conv.blocks(e))}"
                "\\end{proof}\n")
    return f"\\begin{{aside}}{{{summary_tex}}}\n{conv.blocks(e)}\\end{{aside}}\n"


def split_title(title: str, title_tex: str) -> tuple[str, str, str]:
    """'Théorème (Bouton, 1901)' -> ('Théorème', 'Bouton, 1901', its LaTeX)."""
    m = re.match(r"\s*([^\s(]+)\s*(?:\((.*)\))?\s*$", title)
    if not m:
        return "", "", ""
    word = m[1]
    note_tex = ""
    if m[2]:
        inner = re.match(r"\s*[^\s(]+\s*\((.*)\)\s*$", title_tex, re.S)
        note_tex = inner[1] if inner else escape(m[2])
    return word, m[2] or "", note_tex


def solutions_section(conv: Writer) -> str:
    """The solutions of the chapter's exercises, at its end."""
    if not conv.solutions:
        return ""
    title = escape(conv.ctx.words["solutions"])
    return ("\n\\needspace{8\\baselineskip}\\section*{" + title + "}\n"
            "\\markright{" + title + "}\n" + "\n".join(conv.solutions))
