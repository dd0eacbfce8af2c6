"""One-call conveniences over the pipeline."""
from __future__ import annotations

from pathlib import Path

from .decode import DEFAULT_MAX_BYTES
from .engine import grade
from .parse import parse_transcript, read_transcript
from .report import Report
from .rubric.load import LoadedRubric


def grade_file(
    path: str | Path, rubric: LoadedRubric | None = None, lang: str | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
) -> Report:
    """Read, parse and grade one transcript file (refusing files over ``max_bytes``)."""
    return grade(read_transcript(path, max_bytes), rubric, lang)


def grade_text(text: str, source: str = "<text>", rubric: LoadedRubric | None = None, lang: str | None = None) -> Report:
    """Parse and grade a transcript given as text."""
    return grade(parse_transcript(text, source), rubric, lang)
