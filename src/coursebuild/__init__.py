"""coursebuild: builds the bilingual course around the ``arena`` library.

The library (``src/arena``) solves and draws games and knows nothing of the course; this
package turns its results into the course: figures, Markdown fragments, notebooks, the
LaTeX exercise sheets, the two MkDocs sites and the books. One command runs it all:
``python -m coursebuild site|serve|figures|fragments|notebooks|handout|book|sheets|moodle|
slides|colles|td|summaries|labs``.

A chapter page leads to its module by name: ``docs/fr/ourson.md`` takes its figures
(``FIGURES``) and fragments (``@fragment``) from :mod:`coursebuild.pages` ``.ourson``.

The modules run in four stages, **sources** -> **facts** -> **writers** -> **commands**:
each imports only modules of its own stage or of a lower one (the library is below them
all, and never imports this package), and no two modules or packages import each other,
even through others. Among the writers, the MkDocs hook is imported by no writer; the
writers that put others' products together (the hook's markers, the guide, the books, a
chapter's full text, the exercise sheets) sit above the products; no product imports
another (a helper two of them share moves down, where both can see it); and the writers'
tools (the LaTeX converter, what the books hold, the course's Markdown as HTML and LaTeX)
sit below the products. These are import-linter contracts in ``pyproject.toml``
(``[tool.importlinter]``), which ``lint-imports`` checks in ``make test`` and ``make lint``;
``tests/test_layers.py`` checks what they cannot see (the imports made through
``import_module``) and that the stages below are the contracts' layers.

1. **sources** -- the readers of ``docs/`` and the small helpers every stage uses:
   :mod:`coursebuild.exercise_source` (the exercises), :mod:`coursebuild.glossary` (the
   code's names in both languages), :mod:`coursebuild.paths`,
   :mod:`coursebuild.languages` (the course's languages and their sites' configurations),
   :mod:`coursebuild.address` (the site's address), :mod:`coursebuild.typography`,
   :mod:`coursebuild.markdown`, :mod:`coursebuild.plainmaths`, :mod:`coursebuild.maths`
   (the formulas typeset at build time, and their TeX read back),
   :mod:`coursebuild.usage` (the command line's words), :mod:`coursebuild.options` (the
   options the bank's commands share), :mod:`coursebuild.forked` (work shared among
   forked processes) and :mod:`coursebuild.progress` (the long steps' progress lines);
2. **facts** -- what the solver computes for them, each once:
   :mod:`coursebuild.examples` (the course's examples, defined and solved once),
   :mod:`coursebuild.pages` (one module per chapter page), :mod:`coursebuild.facts`,
   :mod:`coursebuild.counts`, :mod:`coursebuild.drawing` (the figures' data types and
   drawing helpers), :mod:`coursebuild.widgets`, :mod:`coursebuild.design`,
   :mod:`coursebuild.bank` (the bank's generators), :mod:`coursebuild.bank_samples`
   (its sample variants, and the variants each student gets),
   :mod:`coursebuild.python_exercises`, :mod:`coursebuild.exercise_cases`,
   :mod:`coursebuild.exercise_verdicts` and :mod:`coursebuild.judging` (the Python
   exercises' checks, the cases they try, their verdicts' words),
   :mod:`coursebuild.practice` (the practice page's fields and checks, what its worker
   runs: its forms :mod:`coursebuild.practice_fields`, the reading of typed answers
   :mod:`coursebuild.practice_answers`, the statements as HTML
   :mod:`coursebuild.practice_html`), :mod:`coursebuild.teaching_notes` (the teaching
   notes, read and checked against the facts they name) and
   :mod:`coursebuild.teaching_facts` (the counterexamples they show),
   :mod:`coursebuild.keys` (what each product depends on, and the build's cached steps);
3. **writers** -- the products, each cached on its inputs: :mod:`coursebuild.catalogue`
   (the figures), :mod:`coursebuild.fragments`, :mod:`coursebuild.notebooks` and
   :mod:`coursebuild.notebook_kernel`, the LaTeX converter :mod:`coursebuild.latex`,
   :mod:`coursebuild.editions` (what the books hold), :mod:`coursebuild.texts`,
   :mod:`coursebuild.handout`, :mod:`coursebuild.sheets`, :mod:`coursebuild.paper_edges`,
   :mod:`coursebuild.book`, the bank's pages :mod:`coursebuild.bank_pages`,
   :mod:`coursebuild.chapter_text`, the teachers' guide (:mod:`coursebuild.teaching`,
   :mod:`coursebuild.pacing`, the course's weeks :mod:`coursebuild.weeks`,
   :mod:`coursebuild.sample_paper`, the module descriptor
   :mod:`coursebuild.descriptor`, put together by :mod:`coursebuild.guide`), the MkDocs
   hook both languages use
   (:mod:`coursebuild.hook`, its events, with what the site carries besides its pages,
   :mod:`coursebuild.site_assets`, and what a page's markers become,
   :mod:`coursebuild.markers`), the library's wheel (:mod:`coursebuild.release`), the
   practice page and its worker's zip (:mod:`coursebuild.practice_page`), the Moodle
   export (:mod:`coursebuild.moodle`) and the week's sheets: the tutorial sheets
   (:mod:`coursebuild.td`), the summary sheets (:mod:`coursebuild.summaries`) and the lab
   briefs (:mod:`coursebuild.labs`), and the lecture slides (:mod:`coursebuild.slides`);
4. **commands** -- what a user runs: :mod:`coursebuild.__main__`,
   :mod:`coursebuild.site` (the whole build), :mod:`coursebuild.serve` (the live
   preview, its HTTP side in :mod:`coursebuild.serve_http`) and
   :mod:`coursebuild.launcher`, with :mod:`coursebuild.buildlock`.
"""
