"""What runs in a worker process (or a Dask worker): bytes in, one output line out.

A worker grades *chunks*: lists of ``(id, input_sha256, data)``.  For each it
returns either ``("graded", line)`` where ``line`` is the finished
``results.jsonl`` line, or ``("error", stage, message, retry)``.  Serialising
in the worker keeps the parent light: it only writes lines in order.

The rubric is parsed once per process from its text (sent once, at start), so
every worker grades against exactly the bytes the parent hashed.
"""
from __future__ import annotations

import json
import signal
import threading
from typing import Sequence

from ..decode import decode_bytes
from ..errors import GraderError, RubricError, TranscriptError
from ..rubric.load import LoadedRubric, parse_rubric

Task = tuple  # (id, input_sha256, data)
Outcome = tuple  # ("graded", line) | ("error", stage, message, retry)

_RUBRICS: dict[str, LoadedRubric] = {}
_STATE: dict[str, object] = {}


def result_line(item_id: str, sha: str, report_json: str) -> str:
    """The results.jsonl line: ``{"id":…,"input_sha256":…,`` + the Report's compact JSON."""
    head = '{"id":' + json.dumps(item_id, ensure_ascii=False) + ',"input_sha256":"' + sha + '",'
    return head + report_json[1:] + "\n"


def rubric_from_text(text: str, path: str, sha256: str) -> LoadedRubric:
    """Parse (once per process) the rubric the parent loaded; check it is the same."""
    cached = _RUBRICS.get(sha256)
    if cached is None:
        cached = parse_rubric(text, path)
        if cached.sha256 != sha256:
            raise RubricError("rubric text changed between parent and worker", path)
        _RUBRICS.clear()
        _RUBRICS[sha256] = cached
    return cached


class _Timeout(BaseException):
    """Not an Exception: no ``except Exception`` in the grader may swallow it."""


def _alarm(signum, frame):  # pragma: no cover - only on a runaway transcript
    raise _Timeout()


def grade_one(item_id: str, sha: str, data: bytes, rubric: LoadedRubric, lang: str | None,
              timeout: float | None = None) -> Outcome:
    """Decode, parse and grade one transcript; never raises for a bad input."""
    # (the grader is imported where it runs, in the workers: the parent of a batch run, which imports this module for
    # its task types and runs it only with -j 1, does not hold the grader's modules otherwise)
    from ..engine import grade
    from ..parse import parse_transcript

    stage = "decode"
    use_alarm = bool(timeout) and threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if use_alarm:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        text, encoding = decode_bytes(data, item_id)
        stage = "parse"
        transcript = parse_transcript(text, item_id, encoding)
        stage = "grade"
        report = grade(transcript, rubric, lang)
        return ("graded", result_line(item_id, sha, report.model_dump_json()))
    except TranscriptError as exc:
        return ("error", stage, exc.message, False)
    except _Timeout:
        return ("error", "timeout", f"took longer than {timeout:g} s (see --timeout)", True)
    except GraderError as exc:
        return ("error", stage, exc.message, True)
    except Exception as exc:  # a grader bug must not stop the batch
        return ("error", stage, f"internal error: {type(exc).__name__}: {exc}", True)
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------------------
# process-pool plumbing
# ---------------------------------------------------------------------------
def init_process(rubric_text: str, rubric_path: str, rubric_sha: str, lang: str | None,
                 timeout: float | None) -> None:
    """Pool initializer: ignore Ctrl-C (the parent handles it), parse the rubric once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STATE["rubric"] = rubric_from_text(rubric_text, rubric_path, rubric_sha)
    _STATE["lang"] = lang
    _STATE["timeout"] = timeout


def grade_chunk(chunk: Sequence[Task]) -> list[Outcome]:
    """Grade a chunk in a pool worker set up by :func:`init_process`."""
    rubric = _STATE["rubric"]
    lang = _STATE["lang"]
    timeout = _STATE["timeout"]
    return [grade_one(i, s, d, rubric, lang, timeout) for i, s, d in chunk]  # type: ignore[arg-type]


def grade_chunk_with(chunk: Sequence[Task], rubric_text: str, rubric_path: str, rubric_sha: str,
                     lang: str | None, timeout: float | None = None) -> list[Outcome]:
    """Grade a chunk anywhere (Dask): the rubric is parsed once per process and cached."""
    rubric = rubric_from_text(rubric_text, rubric_path, rubric_sha)
    return [grade_one(i, s, d, rubric, lang, timeout) for i, s, d in chunk]
