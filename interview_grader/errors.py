"""Typed errors of the library.

Every failure the user can cause (a bad transcript, a bad rubric) is raised as
one of these, carrying the path and, where known, the 1-based line.  The CLI
turns them into a one-line message and exit code 2 in one place.
"""
from __future__ import annotations


class GraderError(Exception):
    """Base class: a user-facing error with an optional file and line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.path:
            from .decode import display_path  # a name with a line break must not split the message

            shown = display_path(self.path)
            where = f"{shown}:{self.line}: " if self.line else f"{shown}: "
        return f"{where}{self.message}"


class TranscriptError(GraderError):
    """The input could not be read or holds no recognisable question/answer pairs."""


class RubricError(GraderError):
    """The rubric file is unreadable, invalid YAML, or fails the schema."""
