"""interview-grader: grade distributed-training interview transcripts with evidence.

    >>> from interview_grader import read_transcript, load_rubric, grade
    >>> report = grade(read_transcript("transcripts/zh_weak_sample.txt"))
    >>> report.overall.score

The pipeline is ``text -> Transcript -> GradedAnswer[] -> Report -> render``;
each step is a pure function over pydantic models.
"""
from __future__ import annotations

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING

from .errors import GraderError, RubricError, TranscriptError  # noqa: E402
# (imported now, not on first use: the function shares its name with the subpackage it comes from, and importing
# that subpackage later would bind the name to the module; the subpackage imports nothing heavy)
from .render import render  # noqa: E402

# The rest of the public names are imported on first use (PEP 562), so that a process that needs only part of the
# package (the parent of a batch run reads inputs and writes outputs; its workers grade) does not hold the grader's
# modules and their compiled regular expressions: about 28 MB of a batch run's memory.
_LAZY = {
    "grade_file": ".api",
    "grade_text": ".api",
    "grade": ".engine",
    "parse_transcript": ".parse",
    "read_transcript": ".parse",
    "Report": ".report",
    "load_rubric": ".rubric.load",
    "Transcript": ".transcript",
}

if TYPE_CHECKING:  # for type checkers and editors
    from .api import grade_file, grade_text  # noqa: F401
    from .engine import grade  # noqa: F401
    from .parse import parse_transcript, read_transcript  # noqa: F401
    from .report import Report  # noqa: F401
    from .rubric.load import load_rubric  # noqa: F401
    from .transcript import Transcript  # noqa: F401


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

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
