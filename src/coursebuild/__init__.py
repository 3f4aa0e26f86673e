"""coursebuild: builds the bilingual course around the ``arena`` library.

The library (``src/arena``) solves and draws games and knows nothing of the course; this
package turns its results into the course: figures, Markdown fragments, notebooks, the
LaTeX exercise sheets, the two MkDocs sites and the books. One command runs it all:
``python -m coursebuild site|serve|figures|fragments|notebooks|handout|book``.

Layout (a chapter page leads to its module by name):

- :mod:`coursebuild.pages` -- one module per chapter page (``docs/fr/ourson.md`` ->
  ``pages/ourson.py``): the page's figures (``FIGURES``) and fragments (``@fragment``);
- :mod:`coursebuild.examples` -- the course's examples, each defined and solved once;
- :mod:`coursebuild.drawing`, :mod:`coursebuild.facts`, :mod:`coursebuild.markdown` --
  what several pages share: drawing helpers, facts, Markdown formatting;
- :mod:`coursebuild.catalogue`, :mod:`coursebuild.fragments`, :mod:`coursebuild.notebooks`,
  :mod:`coursebuild.handout`, :mod:`coursebuild.book` -- the products, each cached on
  its inputs (:mod:`coursebuild.keys`);
- :mod:`coursebuild.site`, :mod:`coursebuild.serve` -- the whole build and the live
  preview; :mod:`coursebuild.hook` -- the MkDocs hook both languages use.
"""
