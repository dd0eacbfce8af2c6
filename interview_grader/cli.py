"""Command line: thin wrappers that parse arguments, call one library function, print.

Exit codes (docs/cli.md): 0 ok, 1 score below --fail-under (or, for
``rubric check`` and ``eval``, a failed check), 2 bad input or rubric,
130 interrupted.  Data goes to stdout, messages to stderr.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from enum import Enum
from pathlib import Path
from typing import Iterator, Optional

import typer

from .decode import DEFAULT_MAX_BYTES
from .errors import GraderError

EXIT_OK, EXIT_BELOW, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Grade distributed-training interview transcripts against a rubric, with evidence.",
)
rubric_app = typer.Typer(no_args_is_help=True, help="Check a rubric or print its JSON Schema.")
app.add_typer(rubric_app, name="rubric")


class Format(str, Enum):
    terminal = "terminal"
    json = "json"
    markdown = "markdown"
    transcript = "transcript"
    html = "html"


class Lang(str, Enum):
    zh = "zh"
    en = "en"


def _err(message: str) -> None:
    typer.echo(message, err=True)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """The one place library errors become messages and exit codes."""
    try:
        yield
    except GraderError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except KeyboardInterrupt:
        _err("interrupted")
        raise typer.Exit(EXIT_INTERRUPTED) from None


def write_output(text: str, output: Optional[Path]) -> None:
    """Print to stdout, or write the file atomically (never a half-written file)."""
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = output.resolve()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        raise GraderError(f"cannot write output: {exc.strerror or exc}", str(output)) from None


STDIN = "-"


def _read_transcript(file: Path, max_bytes: int):
    """The transcript at ``file``, or on standard input when ``file`` is ``-``."""
    from .parse import read_transcript, read_transcript_stream

    if str(file) == STDIN:
        return read_transcript_stream(sys.stdin.buffer, "<stdin>", max_bytes)
    return read_transcript(file, max_bytes)


def _rubric(path: Optional[Path]):
    from .rubric.load import load_rubric

    return load_rubric(path)


@app.command()
def grade(
    file: Path = typer.Argument(..., help="Transcript file (UTF-8, GB18030/GBK or UTF-16); - reads standard input."),
    fmt: Format = typer.Option(Format.terminal, "--format", "-f", help="Output format."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of stdout."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Report language (default: the transcript's)."),
    rubric: Optional[Path] = typer.Option(None, "--rubric", help="Rubric YAML (default: the bundled one)."),
    fail_under: Optional[float] = typer.Option(
        None, "--fail-under", help="Exit 1 when the overall score is below this.", min=0, max=100
    ),
    max_bytes: int = typer.Option(
        DEFAULT_MAX_BYTES, "--max-bytes", min=1, help="Refuse transcripts larger than this many bytes."
    ),
) -> None:
    """Grade one transcript and print the review."""
    with user_errors():
        from .engine import grade as grade_transcript
        from .render import render

        transcript = _read_transcript(file, max_bytes)
        report = grade_transcript(transcript, _rubric(rubric), lang.value if lang else None)
        if fmt is Format.terminal and output is None and sys.stdout.isatty():
            from .render.terminal import make_console, renderables

            console = make_console()
            for r in renderables(report):
                console.print(r)
        else:
            write_output(render(report, fmt.value, transcript.text), output)
    if fail_under is not None and report.overall.score < fail_under:
        _err(f"overall score {report.overall.score} is below --fail-under {fail_under:g}")
        raise typer.Exit(EXIT_BELOW)


@app.command()
def parse(
    file: Path = typer.Argument(..., help="Transcript file (UTF-8, GB18030/GBK or UTF-16); - reads standard input."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of stdout."),
    max_bytes: int = typer.Option(
        DEFAULT_MAX_BYTES, "--max-bytes", min=1, help="Refuse transcripts larger than this many bytes."
    ),
) -> None:
    """Print how a transcript was read: its parts as JSON, with line numbers and offsets (no grading)."""
    with user_errors():
        transcript = _read_transcript(file, max_bytes)
        write_output(transcript.model_dump_json(indent=2, exclude={"text"}) + "\n", output)


@rubric_app.command("check")
def rubric_check(
    file: Optional[Path] = typer.Argument(None, help="Rubric YAML (default: the bundled one)."),
) -> None:
    """Validate a rubric and run every rule's example sentences."""
    with user_errors():
        from .rubric.selftest import run_selftest

        loaded = _rubric(file)
        failures = run_selftest(loaded)
    r = loaded.rubric
    n_examples = sum(len(k.matches) + len(k.non_matches) for t in r.topics for k in t.key_points)
    n_examples += sum(len(m.matches) + len(m.non_matches) for m in [*r.misconceptions, *r.wrong_claims])
    n_examples += sum(len(t.question_matches) for t in r.topics)
    n_examples += sum(
        len(x.asked_matches) + len(x.asked_non_matches)
        for x in [*(k for t in r.topics for k in t.key_points), *r.misconceptions, *r.wrong_claims]
    )
    for f in failures:
        typer.echo(f"{loaded.path}: {f}")
    summary = (
        f"{loaded.path}: {len(r.topics)} topics, {sum(len(t.key_points) for t in r.topics)} key points, "
        f"{len(r.misconceptions)} misconceptions, {len(r.wrong_claims)} other wrong claims, {n_examples} examples, "
        f"{len(failures)} failing"
    )
    typer.echo(summary)
    if failures:
        raise typer.Exit(EXIT_BELOW)


@rubric_app.command("schema")
def rubric_schema(
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of stdout."),
) -> None:
    """Print the rubric JSON Schema (for editor completion of rubric YAML)."""
    with user_errors():
        from .rubric.jsonschema import schema_json

        write_output(schema_json(), output)


@rubric_app.command("docs")
def rubric_docs(
    file: Optional[Path] = typer.Argument(None, help="Rubric YAML (default: the bundled one)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of stdout."),
) -> None:
    """Print a Markdown reference of every topic, key point, misconception and other wrong claim."""
    with user_errors():
        from .rubric.docs import rubric_markdown

        write_output(rubric_markdown(_rubric(file)), output)


class EvalFormat(str, Enum):
    table = "table"
    json = "json"


@app.command("eval")
def eval_(
    gold: list[Path] = typer.Argument(..., help="Gold label files (YAML, the format of ../shared/dev/gold.yaml)."),
    rubric: Optional[Path] = typer.Option(None, "--rubric", help="Rubric YAML (default: the bundled one)."),
    fmt: EvalFormat = typer.Option(EvalFormat.table, "--format", "-f", help="table (rich) or json."),
    minimum: list[str] = typer.Option([], "--min", help="KEY=VALUE: exit 1 when a metric is below VALUE."),
    show: bool = typer.Option(False, "--show", help="Also list every answer."),
    tune: bool = typer.Option(
        False, "--tune", help="Search core_share x core_curve for the scoring values that agree best with the labels."
    ),
) -> None:
    """Compare grades with expert labels: Spearman, QWK, accuracies, flag precision/recall."""
    if tune:
        _tune(gold, rubric, fmt)
        return
    with user_errors():
        from .calibrate import evaluate

        ev = evaluate(gold, _rubric(rubric))
    if fmt is EvalFormat.json:
        import json

        write_output(json.dumps(ev.as_dict(), ensure_ascii=False, indent=2, sort_keys=True) + "\n", None)
    else:
        from .render.calibration import print_evaluation

        print_evaluation(ev, show)
    short = []
    for spec in minimum:
        key, _, value = spec.partition("=")
        got = ev.metrics.get(key)
        if got is None or not value:
            _err(f"error: --min {spec}: expected KEY=VALUE with KEY one of {', '.join(ev.metrics)}")
            raise typer.Exit(EXIT_BAD_INPUT)
        if not float(got) >= float(value):
            short.append(f"{key}={float(got):.3f}<{value}")
    if ev.failures:
        for f in ev.failures:
            _err(f"error: {f}")
    if short:
        _err("below threshold: " + " ".join(short))
        raise typer.Exit(EXIT_BELOW)
    if ev.failures:
        raise typer.Exit(EXIT_BAD_INPUT)


def _tune(gold: list[Path], rubric: Optional[Path], fmt: EvalFormat) -> None:
    """``eval --tune``: every pair of the grid, best first (progress on stderr at a terminal)."""
    import sys

    with user_errors():
        from .calibrate import tune_scoring

        loaded = _rubric(rubric)
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            with Progress(console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("tuning", total=None)
                rows = tune_scoring(gold, loaded, progress=lambda done, total: bar.update(task, completed=done, total=total))
        else:
            rows = tune_scoring(gold, loaded)
    if fmt is EvalFormat.json:
        import json

        data = [{"core_share": r.core_share, "core_curve": r.core_curve, "current": r.current, "metrics": r.metrics}
                for r in rows]
        write_output(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", None)
    else:
        from .render.calibration import print_tuning

        print_tuning(rows)


def main() -> None:
    """Console-script entry point (typer turns a Ctrl-C outside a command body into exit 130)."""
    app()


from .batch.cli import register as _register_batch  # noqa: E402

_register_batch(app)
