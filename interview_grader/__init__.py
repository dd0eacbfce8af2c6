"""interview-grader: grade distributed-training interview transcripts with evidence.

    >>> from interview_grader import read_transcript, load_rubric, grade
    >>> report = grade(read_transcript("transcripts/zh_weak_sample.txt"))
    >>> report.overall.score

The pipeline is ``text -> Transcript -> GradedAnswer[] -> Report -> render``;
each step is a pure function over pydantic models.
"""
from __future__ import annotations

__version__ = "0.1.0"

from .errors import GraderError, RubricError, TranscriptError  # noqa: E402
from .api import grade_file, grade_text  # noqa: E402
from .engine import grade  # noqa: E402
from .parse import parse_transcript, read_transcript  # noqa: E402
from .render import render  # noqa: E402
from .report import Report  # noqa: E402
from .rubric.load import load_rubric  # noqa: E402
from .transcript import Transcript  # noqa: E402

__all__ = [
    "__version__",
    "GraderError",
    "RubricError",
    "TranscriptError",
    "Report",
    "Transcript",
    "grade",
    "grade_file",
    "grade_text",
    "load_rubric",
    "parse_transcript",
    "read_transcript",
    "render",
]
