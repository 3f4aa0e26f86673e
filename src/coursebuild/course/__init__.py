"""The facts the solver computes for the course: the examples, one module per chapter page
(pages/), the bank of problems (bank/), the counts, the Python exercises' checks, the
practice page's checks, the teaching notes' facts."""
