"""The readers of docs/ and the small helpers every stage uses: the exercises, the glossary,
typography, Markdown, maths, the command line's words, progress."""
