"""The files of an OUTDIR, and how the derived ones are rebuilt from the journals.

``results.jsonl`` and ``errors.jsonl`` are the journals (the truth, appended
during the run); ``index.jsonl`` records the input order; everything else
(``transcripts.csv``, ``answers.csv``, ``summary.json``, ``summary.md`` and the
optional ``reports/``) is derived from them in one streaming pass, written
atomically, so it is always consistent with the journals and identical
whether it was built by a first run, a resumed run or a merge.
"""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any, Iterable

from .inputs import safe_filename
from .journal import Journal, atomic_writer, record_key
from .summary import Summary

__all__ = [
    "RESULTS", "ERRORS", "INDEX", "MANIFEST", "TRANSCRIPTS_CSV", "ANSWERS_CSV", "SUMMARY_JSON", "SUMMARY_MD",
    "REPORTS_DIR", "TRANSCRIPT_COLUMNS", "ANSWER_COLUMNS", "results_journal", "errors_journal",
    "rebuild_derived", "write_manifest", "read_manifest", "error_line",
]

RESULTS = "results.jsonl"
ERRORS = "errors.jsonl"
INDEX = "index.jsonl"
MANIFEST = "manifest.json"
TRANSCRIPTS_CSV = "transcripts.csv"
ANSWERS_CSV = "answers.csv"
SUMMARY_JSON = "summary.json"
SUMMARY_MD = "summary.md"
SUMMARY_HTML = "summary.html"
DASHBOARD_ROWS = 5000  # transcripts listed on summary.html (all are in transcripts.csv)
REPORTS_DIR = "reports"
REPORT_FORMATS = {"json": ".json", "markdown": ".md", "html": ".html"}

TRANSCRIPT_COLUMNS = [
    "id", "role", "years", "language", "score", "grade", "recommendation", "questions", "answered",
    "graded", "no_answer", "off_topic", "ungraded", "critical", "major", "minor", "original_verdict_tone",
    "verdict_contradicted", "wrong_claims",
]
ANSWER_COLUMNS = ["id", "number", "topic", "status", "score", "grade", "flags", "severities", "covered", "missing_core",
                  "wrong_claims"]


def _result_key(rec: dict) -> int | None:
    sha = rec.get("input_sha256")
    rubric = rec.get("rubric") or {}
    if not isinstance(rec.get("id"), str) or not isinstance(sha, str) or not rubric.get("sha256"):
        return None
    return record_key(rec["id"], sha, rubric["sha256"])


def _error_key(rec: dict) -> int | None:
    if not isinstance(rec.get("id"), str) or "stage" not in rec:
        return None
    return record_key(rec["id"], rec.get("input_sha256"), rec.get("rubric_sha256") or "")


def results_journal(outdir: Path) -> Journal:
    return Journal(Path(outdir) / RESULTS, _result_key)


def errors_journal(outdir: Path) -> Journal:
    return Journal(Path(outdir) / ERRORS, _error_key)


def error_line(item_id: str, input_sha: str | None, rubric_sha: str, stage: str, message: str, retry: bool) -> str:
    """An errors.jsonl line (compact JSON, fixed key order)."""
    rec = {
        "id": item_id, "input_sha256": input_sha, "rubric_sha256": rubric_sha,
        "stage": stage, "error": message, "retry": retry,
    }
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n"


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    """Text cells that a spreadsheet would run as a formula get a leading quote."""
    if value is None:
        return ""
    s = str(value)
    return "'" + s if s.startswith(_FORMULA) else s


def transcript_row(rec: dict) -> list:
    ov = rec["overall"]
    status: dict[str, int] = {}
    for a in rec["answers"]:
        status[a["status"]] = status.get(a["status"], 0) + 1
    flags = ov.get("flags") or {}
    return [
        _cell(rec["id"]), _cell(rec.get("role")), _cell(rec.get("years")), rec.get("language"),
        ov["score"], ov["grade"], ov["recommendation"], ov["questions"], ov["answered"], ov["graded"],
        status.get("no-answer", 0), status.get("off-topic", 0), status.get("ungraded", 0),
        flags.get("critical", 0), flags.get("major", 0), flags.get("minor", 0),
        rec.get("original_verdict_tone") or "", "true" if rec.get("verdict_contradicted") else "false",
        sum((ov.get("wrong_claims") or {}).values()),
    ]


def answer_rows(rec: dict) -> Iterable[list]:
    rid = _cell(rec["id"])
    for a in rec["answers"]:
        flags = a.get("misconceptions") or []
        yield [
            rid, a["number"], a.get("topic") or "", a["status"],
            "" if a.get("score") is None else a["score"], "" if a.get("grade") is None else a["grade"],
            ";".join(f["id"] for f in flags), ";".join(f["severity"] for f in flags),
            ";".join(c["id"] for c in a.get("covered") or []), ";".join(a.get("missing_core") or []),
            ";".join(f["id"] for f in a.get("wrong_claims") or []),
        ]


# ---------------------------------------------------------------------------
# rebuilding
# ---------------------------------------------------------------------------
def _render_report(rec: dict, fmt: str) -> str:
    from ..render import render
    from ..report import Report

    body = {k: v for k, v in rec.items() if k not in ("id", "input_sha256")}
    return render(Report.model_validate(body), fmt)


def rebuild_derived(outdir: Path, reports: str | None = None) -> Summary:
    """Rebuild CSVs, summaries (and reports/) from results.jsonl and errors.jsonl."""
    outdir = Path(outdir)
    summary = Summary()
    rows: list[dict] = []  # the first DASHBOARD_ROWS transcripts, for summary.html
    links: dict[str, str] = {}
    rdir = outdir / REPORTS_DIR
    written: set[str] = set()
    if reports:
        rdir.mkdir(parents=True, exist_ok=True)
    with atomic_writer(outdir / TRANSCRIPTS_CSV) as tfh, atomic_writer(outdir / ANSWERS_CSV) as afh:
        tw = csv.writer(tfh, lineterminator="\n")
        aw = csv.writer(afh, lineterminator="\n")
        tw.writerow(TRANSCRIPT_COLUMNS)
        aw.writerow(ANSWER_COLUMNS)
        for rec in results_journal(outdir).records():
            row = transcript_row(rec)
            tw.writerow(row)
            if len(rows) < DASHBOARD_ROWS:
                rows.append(dict(zip(TRANSCRIPT_COLUMNS, row)))
            aw.writerows(answer_rows(rec))
            summary.add_result(rec)
            if reports:
                name = safe_filename(rec["id"], REPORT_FORMATS[reports])
                target = rdir / name
                # safe_filename never holds a separator; check anyway
                if target.resolve().parent != rdir.resolve():  # pragma: no cover
                    raise RuntimeError(f"unsafe report name {name!r}")
                with atomic_writer(target, sync=False) as fh:
                    fh.write(_render_report(rec, reports))
                written.add(name)
                if reports == "html" and len(links) < DASHBOARD_ROWS:
                    links[rec["id"]] = f"{REPORTS_DIR}/{name}"
    if reports:  # reports of records no longer in results.jsonl
        for p in rdir.iterdir():
            if p.name not in written and p.suffix in (".json", ".md", ".html") and p.is_file():
                p.unlink()
    for rec in errors_journal(outdir).records():
        summary.add_error(rec)
    with atomic_writer(outdir / SUMMARY_JSON) as fh:
        fh.write(summary.to_json())
    with atomic_writer(outdir / SUMMARY_MD) as fh:
        fh.write(summary.to_markdown())
    from ..render.dashboard import to_dashboard

    data = summary.to_dict()
    with atomic_writer(outdir / SUMMARY_HTML) as fh:
        fh.write(to_dashboard(data, rows, links or None, lang=_majority_language(rows)))
    _write_state(outdir, reports)
    return summary


STATE = ".state.json"  # not an output: what the derived files were built from
DERIVED = (TRANSCRIPTS_CSV, ANSWERS_CSV, SUMMARY_JSON, SUMMARY_MD, SUMMARY_HTML)


def _majority_language(rows: list[dict]) -> str:
    zh = sum(1 for r in rows if r.get("language") == "zh")
    return "zh" if zh * 2 > len(rows) else "en"


def _journal_stamp(outdir: Path) -> dict:
    stamp = {}
    for name in (RESULTS, ERRORS):
        try:
            st = os.stat(Path(outdir) / name)
            stamp[name] = [st.st_size, st.st_mtime_ns, st.st_ino]
        except OSError:
            stamp[name] = None
    return stamp


def derived_stale(outdir: Path, reports: str | None) -> bool:
    """True unless the derived files exist and were built from the journals as they are now."""
    outdir = Path(outdir)
    try:
        with open(outdir / STATE, encoding="utf-8") as fh:
            state = json.load(fh)
    except (OSError, ValueError):
        return True
    if state.get("journals") != _journal_stamp(outdir) or state.get("reports") != reports:
        return True
    if reports and not (outdir / REPORTS_DIR).is_dir():
        return True
    return not all((outdir / name).is_file() for name in DERIVED)


def _write_state(outdir: Path, reports: str | None) -> None:
    with atomic_writer(Path(outdir) / STATE, sync=False) as fh:
        json.dump({"journals": _journal_stamp(outdir), "reports": reports}, fh)


def write_manifest(outdir: Path, data: dict) -> None:
    with atomic_writer(Path(outdir) / MANIFEST) as fh:
        fh.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def read_manifest(outdir: Path) -> dict | None:
    try:
        with open(Path(outdir) / MANIFEST, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


def remove_stale(outdir: Path) -> None:
    """Remove temp files a killed run may have left (``.NAME.*.tmp``)."""
    for p in Path(outdir).glob(".*.tmp"):
        try:
            os.unlink(p)
        except OSError:
            pass
