"""The products, each cached on its inputs, none of which imports another: the figures,
fragments, notebooks, exam papers, the bank's pages, the teaching notes' pages, the site's
assets, the wheel, the practice page, Moodle."""
