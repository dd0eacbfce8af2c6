"""``interview-grader batch`` and ``interview-grader merge``: thin wrappers over the library.

Exit codes (docs/batch.md): 0 every input graded, 3 some inputs failed (see
errors.jsonl; the rest were graded), 2 bad arguments, rubric or OUTDIR,
130 interrupted (what was graded is kept; rerun to resume).
"""
from __future__ import annotations

import threading
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from ..cli import Lang, _err, user_errors, write_output
from ..decode import DEFAULT_MAX_BYTES
from . import DEFAULT_TIMEOUT

if TYPE_CHECKING:  # the batch machinery is imported when a batch command runs, not at start-up
    from .run import BatchOptions, BatchResult

EXIT_BAD_ARGS = 2


class ReportFormat(str, Enum):
    json = "json"
    markdown = "markdown"
    html = "html"


class SummaryFormat(str, Enum):
    markdown = "markdown"
    json = "json"


class _Bar:
    """A rich progress bar on stderr, only when stderr is a terminal and not --quiet."""

    def __init__(self, enabled: bool):
        self.progress = None
        self.graded = self.failed = self.skipped = 0
        if not enabled:
            return
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:
            return
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        from rich.text import Text

        class Rate(ProgressColumn):
            def render(self, task):
                speed = task.finished_speed or task.speed
                return Text("     -/s" if speed is None else f"{speed:6.0f}/s", style="progress.data.speed")

        self.progress = Progress(
            TextColumn("grading"), BarColumn(), MofNCompleteColumn(), Rate(), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(), TextColumn("{task.fields[status]}"),
            console=console, transient=False, speed_estimate_period=10,
        )
        self.task = self.progress.add_task("grading", total=None, status="")

    def __enter__(self):
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc):
        if self.progress is not None:
            self.progress.stop()
        return False

    def count_in_background(self, opts: BatchOptions) -> None:
        if self.progress is None:
            return

        def work() -> None:
            try:
                total = opts.count()
            except Exception:  # the total is a nicety; the run reports real errors
                return
            self.progress.update(self.task, total=total)

        threading.Thread(target=work, name="count-inputs", daemon=True).start()

    def tick(self, status: str) -> None:
        if status == "graded":
            self.graded += 1
        elif status == "failed":
            self.failed += 1
        else:
            self.skipped += 1
        if self.progress is not None:
            parts = []
            if self.failed:
                parts.append(f"[red]{self.failed} failed[/]")
            if self.skipped:
                parts.append(f"{self.skipped} already done")
            self.progress.update(self.task, advance=1, status=", ".join(parts))


def _report(res: BatchResult, quiet: bool, verb: str = "graded") -> None:
    if quiet:
        return
    rate = f" ({res.graded / res.seconds:.1f}/s)" if res.seconds > 0 and res.graded else ""
    parts = [f"{verb} {res.graded}", f"failed {res.failed}"]
    if res.skipped:
        parts.append(f"{res.skipped} already done")
    _err(
        f"{', '.join(parts)} of {res.selected} inputs in {res.seconds:.1f} s{rate}; "
        f"{res.graded_total} graded, {res.failed_total} failed in total -> {res.outdir}"
    )
    if res.failed_total:
        _err(f"failed inputs are listed in {res.outdir / 'errors.jsonl'} (exit code 3)")


def _print_summary(outdir: Path, fmt: Optional[SummaryFormat]) -> None:
    if fmt is None:
        return
    name = "summary.md" if fmt is SummaryFormat.markdown else "summary.json"
    write_output((outdir / name).read_text(encoding="utf-8"), None)


def register(app: typer.Typer) -> None:
    """Add the ``batch`` and ``merge`` commands to the main CLI."""

    @app.command("batch")
    def batch(
        inputs: List[Path] = typer.Argument(
            ..., help="Transcript files, folders (recursive), .zip / .tar.gz archives or .jsonl files.",
            show_default=False,
        ),
        output: Path = typer.Option(..., "--output", "-o", help="Folder for the outputs; rerun into it to resume."),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores)."),
        glob: List[str] = typer.Option(
            [], "--glob", help="Only files / archive members whose name matches (repeatable), e.g. '*.txt'."
        ),
        rubric: Optional[Path] = typer.Option(None, "--rubric", help="Rubric YAML (default: the bundled one)."),
        lang: Optional[Lang] = typer.Option(None, "--lang", help="Report language (default: each transcript's)."),
        id_field: str = typer.Option("id", "--id-field", help="JSONL field holding the id."),
        text_field: str = typer.Option("text", "--text-field", help="JSONL field holding the transcript."),
        shard: Optional[str] = typer.Option(
            None, "--shard", metavar="K/N", help="Grade only shard K of N (1 <= K <= N), chosen by a hash of the id."
        ),
        max_bytes: int = typer.Option(DEFAULT_MAX_BYTES, "--max-bytes", min=1, help="Inputs larger than this fail."),
        timeout: float = typer.Option(
            DEFAULT_TIMEOUT, "--timeout", min=0, help="Seconds one transcript may take (0: no limit)."
        ),
        reports: Optional[ReportFormat] = typer.Option(
            None, "--reports", help="Also write one report per transcript into OUTDIR/reports/."
        ),
        html: bool = typer.Option(
            False, "--html", help="Same as --reports html: an HTML review per transcript, linked from summary.html."
        ),
        dask: Optional[str] = typer.Option(
            None, "--dask-scheduler", "--dask", metavar="ADDRESS|local",
            help="Grade on a Dask cluster (needs the dask extra); 'local' starts one here.",
        ),
        print_summary: Optional[SummaryFormat] = typer.Option(
            None, "--print-summary", help="Also print the summary to stdout."
        ),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar, no messages."),
        chunksize: int = typer.Option(16, "--chunksize", min=1, hidden=True),
    ) -> None:
        """Grade many transcripts into OUTDIR: results.jsonl, CSVs, errors.jsonl, summary.

        Rerunning the same command resumes: only inputs not yet graded (by
        content hash and rubric) are graded.  Exit code 3 when some inputs failed.
        """
        from .inputs import parse_shard
        from .run import BatchError, BatchOptions, run_batch

        if html:
            if reports not in (None, ReportFormat.html):
                _err("error: --html and --reports are alternatives; give one")
                raise typer.Exit(EXIT_BAD_ARGS)
            reports = ReportFormat.html
        with user_errors():
            try:
                shard_kn = parse_shard(shard) if shard else None
            except ValueError as exc:
                raise BatchError(str(exc)) from None
            opts = BatchOptions(
                inputs=[str(p) for p in inputs], outdir=output, jobs=jobs, rubric=rubric,
                lang=lang.value if lang else None, globs=tuple(glob), id_field=id_field, text_field=text_field,
                max_bytes=max_bytes, shard=shard_kn, chunksize=chunksize, timeout=timeout or None,
                reports=reports.value if reports else None, dask=dask,
            )
            notify = (lambda m: None) if quiet else (lambda m: _err(f"note: {m}"))
            bar = _Bar(enabled=not quiet)
            try:
                with bar:
                    bar.count_in_background(opts)
                    res = run_batch(opts, progress=bar.tick, notify=notify)
            except KeyboardInterrupt:
                _err("progress saved; run the same command again to resume")
                raise
            _report(res, quiet)
            _print_summary(output, print_summary)
        if res.exit_code:
            raise typer.Exit(res.exit_code)

    @app.command("merge")
    def merge(
        outdirs: List[Path] = typer.Argument(..., help="Finished batch OUTDIRs, e.g. one per shard.",
                                             show_default=False),
        output: Path = typer.Option(..., "--output", "-o", help="Folder for the merged outputs."),
        reports: Optional[ReportFormat] = typer.Option(
            None, "--reports", help="Also write one report per transcript into OUT/reports/."
        ),
        partial: bool = typer.Option(False, "--partial", help="Merge even when some shards are missing."),
        print_summary: Optional[SummaryFormat] = typer.Option(
            None, "--print-summary", help="Also print the summary to stdout."
        ),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No messages."),
    ) -> None:
        """Combine batch OUTDIRs (shards) into one: results in input order, summaries rebuilt."""
        import time

        from .merge import merge_outdirs

        with user_errors():
            t0 = time.monotonic()
            notify = (lambda m: None) if quiet else (lambda m: _err(f"note: {m}"))
            res = merge_outdirs(outdirs, output, reports=reports.value if reports else None, partial=partial,
                                notify=notify)
            res.seconds = time.monotonic() - t0
            if not quiet:
                _err(f"merged {len(outdirs)} OUTDIRs: {res.graded_total} graded, {res.failed_total} failed "
                     f"-> {res.outdir}")
            _print_summary(output, print_summary)
        if res.exit_code:
            raise typer.Exit(res.exit_code)
