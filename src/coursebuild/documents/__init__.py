"""The writers that put others' products together: what a page's markers become, the
teachers' guide, the books, a chapter's full text, the exercise sheets, the tutorial and
summary sheets, the lab briefs, the slides."""
