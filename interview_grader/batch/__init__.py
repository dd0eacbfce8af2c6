"""Batch scoring: many transcripts in parallel, in order, resumable, summarised.

Library entry points::

    from interview_grader.batch import grade_many
    for item_id, result in grade_many(["a.txt", "b.txt", ("c", text)], jobs=4):
        ...  # result is a Report, or an ItemError (a TranscriptError) for a bad input

    from interview_grader.batch import BatchOptions, run_batch, merge_outdirs
    run_batch(BatchOptions(inputs=["archive.zip"], outdir=Path("out")))

The CLI (``interview-grader batch`` / ``merge``) is a thin layer over these;
docs/batch.md describes the outputs, exit codes, resume and sharding.
"""
from __future__ import annotations

from .inputs import Entry, InputSpec, iter_entries
from .merge import merge_outdirs
from .run import BatchError, BatchOptions, BatchResult, ItemError, grade_many, run_batch

__all__ = [
    "BatchError",
    "BatchOptions",
    "BatchResult",
    "Entry",
    "InputSpec",
    "ItemError",
    "grade_many",
    "iter_entries",
    "merge_outdirs",
    "run_batch",
]
