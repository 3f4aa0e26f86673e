"""The chapter's exercises (``docs/exercises/09-beyond.yaml``): their parameters, which the
subjects' fragments solve."""

from __future__ import annotations

EXERCISES = "docs/exercises/09-beyond.yaml"
"""The chapter's exercises: their parameters (what the fragments below solve)."""
