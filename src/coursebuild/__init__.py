"""coursebuild: builds the bilingual course around the ``arena`` library.

The library (``src/arena``) solves and draws games and knows nothing of the course; this
package turns its results into the course: figures, Markdown fragments, notebooks, the
LaTeX exercise sheets, the two MkDocs sites and the books. One command runs it all:
``python -m coursebuild site|serve|figures|fragments|notebooks|handout|book|sheets|moodle|
slides|colles|td|summaries|labs``.

A chapter page leads to its module by name: ``docs/fr/ourson.md`` takes its figures
(``FIGURES``) and fragments (``@fragment``) from :mod:`coursebuild.course.pages` ``.ourson``.

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

Each stage is a folder, highest first: ``commands/`` (what a user runs); ``documents/``
(the writers that put others' products together); ``products/`` (the products, each cached
on its inputs, none of which imports another); ``typeset/`` (the writers' tools);
``course/`` (the facts the solver computes for the course); ``sources/`` (the readers of
docs/ and the small helpers every stage uses); the command table (``__main__``), the
MkDocs hook (``hook``), ``paths`` and ``languages`` stay on top.

1. **sources** -- the readers of ``docs/`` and the small helpers every stage uses:
   :mod:`coursebuild.sources.exercise_source` (the exercises), :mod:`coursebuild.sources.glossary`
   (the
   code's names in both languages), :mod:`coursebuild.paths`,
   :mod:`coursebuild.languages` (the course's languages and their sites' configurations),
   :mod:`coursebuild.sources.address` (the site's address), :mod:`coursebuild.sources.typography`,
   :mod:`coursebuild.sources.markdown`, :mod:`coursebuild.sources.plainmaths`,
   :mod:`coursebuild.sources.maths`
   (the formulas typeset at build time, and their TeX read back),
   :mod:`coursebuild.sources.usage` (the command line's words), :mod:`coursebuild.sources.options`
   (the
   options the bank's commands share), :mod:`coursebuild.sources.forked` (work shared among
   forked processes) and :mod:`coursebuild.sources.progress` (the long steps' progress lines);
2. **facts** -- what the solver computes for them, each once:
   :mod:`coursebuild.course.examples` (the course's examples, defined and solved once),
   :mod:`coursebuild.course.pages` (one module per chapter page), :mod:`coursebuild.course.facts`,
   :mod:`coursebuild.course.counts`, :mod:`coursebuild.course.drawing` (the figures' data types and
   drawing helpers), :mod:`coursebuild.course.widgets`, :mod:`coursebuild.course.design`,
   :mod:`coursebuild.course.bank` (the bank's generators), :mod:`coursebuild.course.bank_samples`
   (its sample variants, and the variants each student gets),
   :mod:`coursebuild.course.python_exercises`, :mod:`coursebuild.course.exercise_cases`,
   :mod:`coursebuild.course.exercise_verdicts` and :mod:`coursebuild.course.judging` (the Python
   exercises' checks, the cases they try, their verdicts' words),
   :mod:`coursebuild.course.practice` (the practice page's fields and checks, what its worker
   runs: its forms :mod:`coursebuild.course.practice_fields`, the reading of typed answers
   :mod:`coursebuild.course.practice_answers`, the statements as HTML
   :mod:`coursebuild.course.practice_html`), :mod:`coursebuild.course.teaching_notes` (the teaching
   notes, read and checked against the facts they name) and
   :mod:`coursebuild.course.teaching_facts` (the counterexamples they show),
   :mod:`coursebuild.course.keys` (what each product depends on, and the build's cached steps);
3. **writers** -- the products, each cached on its inputs: :mod:`coursebuild.products.catalogue`
   (the figures), :mod:`coursebuild.products.fragments`, :mod:`coursebuild.products.notebooks` and
   :mod:`coursebuild.products.notebook_kernel`, the LaTeX converter
   :mod:`coursebuild.typeset.latex`,
   :mod:`coursebuild.typeset.editions` (what the books hold), :mod:`coursebuild.typeset.texts`,
   :mod:`coursebuild.documents.handout`, :mod:`coursebuild.products.sheets`,
   :mod:`coursebuild.products.paper_edges`,
   :mod:`coursebuild.documents.book`, the bank's pages :mod:`coursebuild.products.bank_pages`,
   :mod:`coursebuild.documents.chapter_text`, the teachers' guide
   (:mod:`coursebuild.products.teaching`,
   :mod:`coursebuild.products.pacing`, the course's weeks :mod:`coursebuild.typeset.weeks`,
   :mod:`coursebuild.products.sample_paper`, the module descriptor
   :mod:`coursebuild.products.descriptor`, put together by :mod:`coursebuild.documents.guide`), the
   MkDocs
   hook both languages use
   (:mod:`coursebuild.hook`, its events, with what the site carries besides its pages,
   :mod:`coursebuild.products.site_assets`, and what a page's markers become,
   :mod:`coursebuild.documents.markers`), the library's wheel (:mod:`coursebuild.products.release`),
   the
   practice page and its worker's zip (:mod:`coursebuild.products.practice_page`), the Moodle
   export (:mod:`coursebuild.products.moodle`) and the week's sheets: the tutorial sheets
   (:mod:`coursebuild.documents.td`), the summary sheets (:mod:`coursebuild.documents.summaries`)
   and the lab
   briefs (:mod:`coursebuild.documents.labs`), and the lecture slides
   (:mod:`coursebuild.documents.slides`);
4. **commands** -- what a user runs: :mod:`coursebuild.__main__`,
   :mod:`coursebuild.commands.site` (the whole build), :mod:`coursebuild.commands.serve` (the live
   preview, its HTTP side in :mod:`coursebuild.commands.serve_http`) and
   :mod:`coursebuild.commands.launcher`, with :mod:`coursebuild.commands.buildlock`.
"""
