"""The writers' tools: the LaTeX converter, what the books hold, the course's Markdown as
LaTeX."""
