"""Draw the project's file-level import graph and list its circles (issue 46).

Reads every ``import`` between the project's own files (src/arena, src/coursebuild,
scripts; tests excluded) with :mod:`ast`, then prints each strongly connected
component of more than one file (a circle) and the edges inside it.

    python scripts/import_graph.py          # circles, one per paragraph
    python scripts/import_graph.py --edges  # every edge, "a -> b"

The course build's modules are also placed in stages (:data:`STAGES`, as
``src/coursebuild/__init__.py`` states them): sources -> facts -> writers -> commands, each
looking only at its own stage and those below. An import from a lower stage to a higher one
is printed too (an import-linter "layers" contract, read the same way), and so is a writer
borrowing from another writer's module (:func:`borrowings`): writers use the writers' tools
(:data:`TOOLS`) and, for the few that put others' products together (:data:`COMPOSERS`),
those products; any other helper two writers share lives below both.

Exit status 1 when a circle, an upward import between stages or a borrowing exists, 0
otherwise, so it can guard a build.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    """Map each project module's dotted name to its file."""
    found: dict[str, Path] = {}
    for package in ("arena", "coursebuild"):
        for path in sorted((ROOT / "src" / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT / "src").with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    for path in sorted((ROOT / "scripts").glob("*.py")):
        found[path.stem] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules that ``name`` (at ``path``) imports, at any depth of its code."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")
                drop = node.level - 1 if is_package else node.level
                parent = parent[: len(parent) - drop] if drop else parent
                base = ".".join(parent + ([base] if base else []))
            # `from package import module` imports the module (and, as any import of a
            # submodule does, its package first: that parent is never an edge of its own)
            named = [f"{base}.{alias.name}" for alias in node.names]
            targets = named + ([] if all(t in known for t in named) else [base])
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


UPWARD = {("arena.arena", "arena.render")}
"""The imports that run up on purpose, each said where it is made: the model's
``_repr_svg_`` imports the drawing lazily, when a notebook shows an arena. They are
left out of the graph whose circles are looked for."""


STAGES = ("sources", "facts", "writers", "commands")
"""The course build's stages, lowest first: a module imports modules of its own stage or
of a lower one, never of a higher one (the library, ``arena``, is below them all)."""

LAYERS = {
    # sources: the readers of docs/ (the exercises, the names' glossary) and the small
    # helpers every stage uses (paths, the site's address, typography, Markdown tables,
    # the command line's words)
    "coursebuild.paths": "sources",
    "coursebuild.address": "sources",
    "coursebuild.typography": "sources",
    "coursebuild.markdown": "sources",
    "coursebuild.plainmaths": "sources",
    "coursebuild.usage": "sources",
    "coursebuild.options": "sources",
    "coursebuild.forked": "sources",
    "coursebuild.glossary": "sources",
    "coursebuild.exercise_source": "sources",
    # facts: what the solver computes for them, each once: the examples, the page
    # modules' figures and fragments, the bank's generators and sample variants (and
    # what each student gets), the inputs' keys, the Python exercises' checks, the
    # practice page's fields and checks (what its worker runs), the teaching notes (read
    # and checked against the facts they name)
    "coursebuild.examples": "facts",
    "coursebuild.keys": "facts",
    "coursebuild.counts": "facts",
    "coursebuild.facts": "facts",
    "coursebuild.widgets": "facts",
    "coursebuild.design": "facts",
    "coursebuild.drawing": "facts",
    "coursebuild.judging": "facts",
    "coursebuild.python_exercises": "facts",
    "coursebuild.exercise_cases": "facts",
    "coursebuild.exercise_verdicts": "facts",
    "coursebuild.practice": "facts",
    "coursebuild.practice_fields": "facts",
    "coursebuild.practice_answers": "facts",
    "coursebuild.practice_html": "facts",
    "coursebuild.teaching_notes": "facts",
    "coursebuild.teaching_facts": "facts",
    "coursebuild.bank": "facts",
    "coursebuild.bank_samples": "facts",
    "coursebuild.pages": "facts",
    # writers: the products: figures, fragments, notebooks, LaTeX (sheets, handout,
    # books), the MkDocs hook's pages and what their markers become, the teachers'
    # guide, the library's wheel, the practice page and the Moodle export
    "coursebuild.latex": "writers",
    "coursebuild.editions": "writers",
    "coursebuild.texts": "writers",
    "coursebuild.catalogue": "writers",
    "coursebuild.fragments": "writers",
    "coursebuild.notebooks": "writers",
    "coursebuild.notebook_kernel": "writers",
    "coursebuild.handout": "writers",
    "coursebuild.sheets": "writers",
    "coursebuild.paper_edges": "writers",
    "coursebuild.bank_pages": "writers",
    "coursebuild.chapter_text": "writers",
    "coursebuild.teaching": "writers",
    "coursebuild.pacing": "writers",
    "coursebuild.sample_paper": "writers",
    "coursebuild.guide": "writers",
    "coursebuild.book": "writers",
    "coursebuild.hook": "writers",
    "coursebuild.markers": "writers",
    "coursebuild.site_assets": "writers",
    "coursebuild.release": "writers",
    "coursebuild.practice_page": "writers",
    "coursebuild.moodle": "writers",
    # commands: what a user runs
    "coursebuild.__main__": "commands",
    "coursebuild.site": "commands",
    "coursebuild.serve": "commands",
    "coursebuild.buildlock": "commands",
    "coursebuild.launcher": "commands",
}
"""Each module of the course build (a package covers its modules) in its stage."""


TOOLS = ("coursebuild.latex", "coursebuild.editions", "coursebuild.texts")
"""The writers' own means, which every writer may use: the LaTeX converter, what the
books hold (:mod:`coursebuild.editions`: their pages, chapters and names) and the course's
Markdown set as HTML and LaTeX (:mod:`coursebuild.texts`). They import one another, never
another writer."""

COMPOSERS = {
    "coursebuild.hook": "the MkDocs hook puts each page together: the bank's page, the "
                        "guide, the practice page, the wheel, what the markers become",
    "coursebuild.markers": "a page's markers: the links to the library's wheel and the "
                           "command that installs it (release)",
    "coursebuild.guide": "the teachers' guide: the notes, the pacing, the sample paper",
    "coursebuild.book": "the books: the teachers' book prints the bank's chapter",
    "coursebuild.chapter_text": "a chapter as the reader gets it: with the bank's problems",
    "coursebuild.handout": "the exercise sheets: they include the fragments, built first",
}
"""The writers that put other writers' products together (what they compose, said): the
only writers that import a writer other than the :data:`TOOLS`. Any other writer that
wants a helper of another writer's module has it moved down, where both can see it."""


def stage(name: str) -> str | None:
    """The stage of a module of the course build (None outside it: the package's own
    ``coursebuild``, the library, the scripts)."""
    while name:
        if name in LAYERS:
            return LAYERS[name]
        name = name.rpartition(".")[0]
    return None


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports from a module of the course build to one of a higher stage."""
    rank = {s: k for k, s in enumerate(STAGES)}
    return sorted((a, b) for a, bs in graph.items() for b in bs
                  if stage(a) and stage(b) and rank[stage(b)] > rank[stage(a)])


def _entry(name: str) -> str | None:
    """The entry of :data:`LAYERS` that places ``name`` (its package's, for a submodule)."""
    while name and name not in LAYERS:
        name = name.rpartition(".")[0]
    return name or None


def borrowings(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports from a writer to another writer's module (not its own package's), where
    the importer is not one of the :data:`COMPOSERS` and the imported not one of the
    :data:`TOOLS` (or both are tools)."""
    out = []
    for a, bs in graph.items():
        for b in bs:
            if stage(a) != "writers" or stage(b) != "writers" or _entry(a) == _entry(b):
                continue
            if _entry(a) in COMPOSERS or _entry(b) in TOOLS:
                continue
            out.append((a, b))
    return sorted(out)


def graph() -> dict[str, set[str]]:
    """Each project module's imports of project modules, without :data:`UPWARD`."""
    known = modules()
    return {name: imports(name, path, known) - {b for a, b in UPWARD if a == name}
            for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        result.append(sorted(component))
    return sorted(result, key=lambda c: (-len(c), c))


def main(argv: list[str]) -> int:
    graph_ = graph()
    if "--edges" in argv:
        for name in sorted(graph_):
            for target in sorted(graph_[name]):
                print(f"{name} -> {target}")
        return 0
    found = circles(graph_)
    for component in found:
        members = set(component)
        print(f"circle of {len(component)} files:")
        for name in component:
            inside = sorted(graph_[name] & members)
            print(f"  {name} -> {', '.join(inside)}")
        print()
    up = upward(graph_)
    for a, b in up:
        print(f"upward: {a} ({stage(a)}) -> {b} ({stage(b)})")
    borrowed = borrowings(graph_)
    for a, b in borrowed:
        print(f"borrowing: {a} -> {b} (writer to writer: move the helper down)")
    print(f"{len(found)} circle(s), {len(up)} upward import(s), {len(borrowed)} "
          f"borrowing(s), {len(graph_)} files, {sum(map(len, graph_.values()))} imports")
    return 1 if found or up or borrowed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
