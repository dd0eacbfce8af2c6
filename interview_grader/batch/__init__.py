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

from importlib import import_module

DEFAULT_TIMEOUT = 120.0  # seconds one transcript may take (--timeout)

# Loaded on first use: `interview-grader grade` imports the CLI, which registers
# the batch commands, and should not pay for the batch machinery at start-up.
_WHERE = {
    "Entry": ".inputs", "InputSpec": ".inputs", "iter_entries": ".inputs",
    "merge_outdirs": ".merge",
    "BatchError": ".run", "BatchOptions": ".run", "BatchResult": ".run", "ItemError": ".run",
    "grade_many": ".run", "run_batch": ".run",
}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
