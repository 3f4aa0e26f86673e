"""What the markers of a page become on the site: the MkDocs hook (:mod:`coursebuild.hook`)
runs the events and hands each page's Markdown to these writers.

- :mod:`~coursebuild.documents.markers.check`: every marker well formed and known, the same in both
  languages, before any is expanded; every link to a figure names one;
- :mod:`~coursebuild.documents.markers.links`: ``on-site`` (first), ``handouts``, ``book``,
  ``downloads``, ``clone``;
- :mod:`~coursebuild.documents.markers.exercises`: ``exercise``, ``design``;
- :mod:`~coursebuild.documents.markers.figures`: ``stepper``, ``game``, ``trace``, then ``figure``,
  last (numbered in the page's order);
- :mod:`~coursebuild.documents.markers.notebook_pages`: a notebook's page (its install cell, its run
  controls, its downloads).

What they share with the hook's events (the figures' catalogue, where the shared files
are, which copy of the site is built) is :mod:`~coursebuild.documents.markers.state`, set when a
build starts (``on_config``).
"""
