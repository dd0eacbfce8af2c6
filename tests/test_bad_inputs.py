"""Hostile and broken input on the command line: exact exit codes and messages.

Every bad input gives exit code 2, nothing on stdout, and exactly one line on
stderr, ``error: FILE: what was wrong; what was expected`` -- never a
traceback.  Inputs that merely look broken (questions without answers,
duplicate numbers, a label inside a sentence, mixed line endings, a very long
line) parse correctly and grade to a valid, deterministic report.  Exit code
130 on interruption; the same input gives byte-identical output in separate
processes.  See docs/reliability.md.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

from conftest import DATA, ROOT
from interview_grader import __version__, grade, parse_transcript, render
from interview_grader.cli import app
from interview_grader.decode import DEFAULT_MAX_BYTES
from interview_grader.parse import NO_QUESTIONS
from interview_grader.rubric.load import default_rubric_path

BAD = DATA / "bad"
SAMPLE = ROOT / "transcripts" / "zh_weak_sample.txt"
runner = CliRunner()

EXPECTED = "expected UTF-8, GB18030 or UTF-16 text"
EMPTY = "empty file; expected an interview transcript"


def run(*args) -> "object":
    return runner.invoke(app, [str(a) for a in args])


def assert_clean_failure(result, code: int, message: str) -> None:
    assert result.exit_code == code, (result.exit_code, result.stderr, result.stdout)
    assert result.stderr == message
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    # typer.Exit becomes SystemExit; anything else would be a crash.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


# --------------------------------------------------------------------------
# The table: each bad input, its exact exit code and its exact stderr
# --------------------------------------------------------------------------


@dataclass
class Case:
    id: str
    make: Callable[[Path], Path]  # returns the path to pass as FILE
    message: str  # stderr after "error: {path}: "
    args: tuple = ()
    code: int = 2


def data(name: str) -> Callable[[Path], Path]:
    def committed(tmp: Path) -> Path:
        return BAD / name

    committed.file = name
    return committed


def huge(tmp: Path) -> Path:
    """Just over the default limit, written at test time rather than committed."""
    path = tmp / "huge.txt"
    line = "问题1：DDP 是怎么同步梯度的？\n回答：DDP 用 all-reduce 同步梯度。\n".encode("utf-8")
    with open(path, "wb") as fh:
        fh.write(line * (DEFAULT_MAX_BYTES // len(line) + 1))
    return path


def sparse(tmp: Path) -> Path:
    """8 GiB that occupy no disk: refused from its size, never read."""
    path = tmp / "sparse.txt"
    with open(path, "wb") as fh:
        fh.truncate(8 << 30)
    return path


def missing(tmp: Path) -> Path:
    return tmp / "nope.txt"


def directory(tmp: Path) -> Path:
    path = tmp / "folder"
    path.mkdir()
    return path


def unreadable(tmp: Path) -> Path:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root can read a file without read permission")
    path = tmp / "secret.txt"
    path.write_bytes(SAMPLE.read_bytes())
    path.chmod(0o200)
    return path


def huge_size(tmp: Path) -> int:
    return (tmp / "huge.txt").stat().st_size


CASES = [
    Case("empty", data("empty.txt"), EMPTY),
    Case("whitespace-only", data("whitespace_only.txt"), EMPTY),
    Case("bom-only", data("bom_only.txt"), EMPTY),
    Case("binary-png", data("binary.png"), f"not a text file: found NUL bytes; {EXPECTED}"),
    Case("control-characters", data("control_chars.txt"), f"not a text file: too many control characters; {EXPECTED}"),
    Case(
        "undecodable", data("undecodable.txt"),
        "cannot decode: not valid UTF-8, GB18030 or UTF-16 (first bad byte at offset 35)",
    ),
    Case("bad-utf16", data("bad_utf16.txt"), "cannot decode: not valid UTF-16 (first bad byte at offset 24)"),
    Case("utf32", data("utf32.txt"), f"UTF-32 text is not supported; {EXPECTED}"),
    Case("utf32-no-bom", data("utf32_no_bom.txt"), f"UTF-32 text is not supported; {EXPECTED}"),
    Case("no-questions", data("no_questions.txt"), NO_QUESTIONS),
    Case("answers-only", data("answers_only.txt"), NO_QUESTIONS),
    Case("label-mid-sentence-only", data("label_mid_sentence_only.txt"), NO_QUESTIONS),
    Case("unnumbered-topic-word", data("unnumbered_topic_word.txt"), NO_QUESTIONS),
    Case("huge", huge, "file is {size} bytes, over the limit of 5242880 bytes (--max-bytes)"),
    Case("sparse-8GiB", sparse, f"file is {8 << 30} bytes, over the limit of 5242880 bytes (--max-bytes)"),
    Case(
        "over-max-bytes-option", lambda tmp: SAMPLE,
        f"file is {SAMPLE.stat().st_size} bytes, over the limit of 1000 bytes (--max-bytes)",
        args=("--max-bytes", "1000"),
    ),
    Case("missing", missing, "cannot read file: No such file or directory"),
    Case("directory", directory, "cannot read file: Is a directory"),
    Case("no-read-permission", unreadable, "cannot read file: Permission denied"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case: Case, tmp_path: Path):
    path = case.make(tmp_path)
    message = case.message.format(size=huge_size(tmp_path)) if case.id == "huge" else case.message
    for fmt in ("json", "terminal"):
        result = run("grade", path, "-f", fmt, *case.args)
        assert_clean_failure(result, case.code, f"error: {path}: {message}\n")


def test_file_name_with_a_line_break_stays_one_line(tmp_path):
    path = tmp_path / "a\nb.txt"
    path.write_bytes(b"")
    assert_clean_failure(run("grade", path), 2, f"error: {tmp_path}/a\\nb.txt: {EMPTY}\n")


def test_undecodable_file_name_grades_and_serialises(tmp_path):
    """A GBK-named file from an old archive on a UTF-8 system: the name is escaped, not a crash."""
    raw = os.fsencode(tmp_path) + b"/\xd6\xd0\xce\xc4.txt"  # "中文" in GBK
    try:
        with open(raw, "wb") as fh:
            fh.write("问题1：什么是数据并行？\n回答：每张卡一份完整模型。\n".encode("utf-8"))
    except OSError:
        pytest.skip("this file system only takes UTF-8 names")
    outputs = {}
    for fmt in ("json", "terminal"):
        proc = subprocess.run(
            [sys.executable, "-m", "interview_grader", "grade", os.fsdecode(raw), "-f", fmt],
            capture_output=True, timeout=60,
        )
        assert proc.returncode == 0, proc.stderr.decode()
        assert proc.stderr == b""
        outputs[fmt] = proc.stdout.decode("utf-8")
    shown = f"{tmp_path}/\\xd6\\xd0\\xce\\xc4.txt"
    assert json.loads(outputs["json"])["source"] == shown
    assert shown in outputs["terminal"]


def test_every_committed_bad_file_is_in_the_table():
    listed = {c.make.file for c in CASES if hasattr(c.make, "file")}
    on_disk = {p.name for p in BAD.iterdir() if p.is_file() and not p.name.startswith(".")}
    assert on_disk == listed


def test_bad_input_in_a_real_process():
    """The same message and code through `python -m`, with real stdout and stderr."""
    path = BAD / "binary.png"
    proc = subprocess.run(
        [sys.executable, "-m", "interview_grader", "grade", str(path)], capture_output=True, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode("utf-8") == f"error: {path}: not a text file: found NUL bytes; {EXPECTED}\n"


@pytest.mark.parametrize("value", ["0", "-1"])
def test_max_bytes_must_be_positive(value):
    result = run("grade", SAMPLE, "--max-bytes", value)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Invalid value for '--max-bytes'" in result.stderr
    assert "Traceback" not in result.stderr


def test_max_bytes_at_the_size_is_accepted():
    size = SAMPLE.stat().st_size
    result = run("grade", SAMPLE, "-f", "json", "--max-bytes", size)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["answers"]


def test_grade_file_threads_max_bytes(rubric):
    from interview_grader import TranscriptError, grade_file

    with pytest.raises(TranscriptError) as err:
        grade_file(SAMPLE, rubric, max_bytes=100)
    assert err.value.message.endswith("over the limit of 100 bytes (--max-bytes)")
    assert grade_file(SAMPLE, rubric, max_bytes=None).answers


# --------------------------------------------------------------------------
# Inputs that look broken but parse: valid, deterministic reports
# --------------------------------------------------------------------------


def grade_json(path: Path) -> dict:
    result = run("grade", path, "-f", "json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    again = run("grade", path, "-f", "json")
    assert again.stdout == result.stdout
    report = json.loads(result.stdout)
    text = parse_transcript(path.read_bytes().decode("utf-8"), str(path)).text
    for a in report["answers"]:
        assert a["score"] is None or 0 <= a["score"] <= 100
        for item in a["misconceptions"] + a["covered"]:
            assert text[item["start"]:item["end"]] == item["evidence"]
    for fmt in ("markdown", "transcript", "html", "terminal"):
        out = run("grade", path, "-f", fmt)
        assert out.exit_code == 0 and out.stdout.strip(), (fmt, out.stderr)
    return report


def test_questions_without_answers_are_no_answer_end_to_end():
    report = grade_json(BAD / "parses" / "questions_no_answers.txt")
    assert [(a["number"], a["status"], a["score"]) for a in report["answers"]] == [
        (1, "no-answer", 0), (2, "no-answer", 0), (3, "no-answer", 0),
    ]
    assert [a["answer_start"] for a in report["answers"]][:2] == [None, None]  # no answer label at all
    assert report["overall"]["score"] == 0
    assert report["overall"]["answered"] == 0
    assert report["overall"]["recommendation"] == "no-hire"
    # "回答得非常深刻" praises answers that do not exist
    assert report["original_verdict_tone"] == "praising"
    assert report["verdict_contradicted"] is True


def test_duplicate_and_out_of_order_numbers_are_kept_and_each_graded():
    report = grade_json(BAD / "parses" / "duplicate_out_of_order.txt")
    got = [(a["number"], a["topic"], a["status"]) for a in report["answers"]]
    assert [n for n, _, _ in got] == [2, 1, 1, 5]  # as written, in file order
    assert [s for _, _, s in got] == ["graded", "graded", "graded", "no-answer"]
    assert got[0][1] == "ring-allreduce"
    dup = report["answers"][2]
    assert [f["id"] for f in dup["misconceptions"]] == ["ddp-uses-parameter-server"]
    assert report["overall"]["questions"] == 4
    html = run("grade", BAD / "parses" / "duplicate_out_of_order.txt", "-f", "html").stdout
    ids = [part.split('"')[0] for part in html.split(' id="q')[1:]]
    assert len(ids) == len(set(ids))  # page anchors stay unique despite two "1"s


def test_label_inside_an_answer_sentence_is_text():
    path = BAD / "parses" / "label_inside_answer.txt"
    t = parse_transcript(path.read_text(encoding="utf-8"), str(path))
    assert [qa.number for qa in t.questions] == [1, 2]
    assert t.questions[0].answer.text == "DDP 用 all-reduce 同步梯度，这点和问题2：里的参数服务器不同。A: 也不是标签。"
    report = grade_json(path)
    assert [a["number"] for a in report["answers"]] == [1, 2]


def test_mixed_line_endings():
    path = BAD / "parses" / "mixed_line_endings.txt"
    raw = path.read_bytes()
    assert b"\r\n" in raw and b"\r\r" in raw and b"\n" in raw.replace(b"\r\n", b"")
    t = parse_transcript(raw.decode("utf-8"), str(path))
    assert t.title.text == "面试记录"
    assert t.role.text == "算法工程师"
    assert [(qa.number, qa.question.text) for qa in t.questions] == [
        (1, "DDP 是怎么同步梯度的？"), (2, "Ring-Allreduce 的原理是什么？"),
    ]
    assert t.questions[0].answer.text == "DDP 用 all-reduce 同步梯度，\n每个进程一份模型。"
    assert t.questions[1].answer.text == "节点连成环，\r\r\n先 reduce-scatter 再 all-gather。"
    assert t.questions[1].question.line == 7  # \r\n, \r and \n each end one line
    assert t.verdict.text == "好"
    report = grade_json(path)
    assert all(a["status"] == "graded" for a in report["answers"])


def test_lone_cr_grades_like_lf(rubric):
    answer = (
        "A: Every GPU sends its gradients to the next one in the ring. I think the last GPU in the ring "
        "collects the total and sends it back to everyone, so it acts like the coordinator.{nl}"
        "A: Launch with torchrun, call init_process_group with the NCCL backend, wrap the model in "
        "DistributedDataParallel, and use a DistributedSampler for the data.{nl}"
    )
    text = "Q4: Walk me through the steps of a DDP training script.{nl}" + answer

    def graded(nl: str):
        a = grade(parse_transcript(text.format(nl=nl), "t.txt"), rubric).answers[0]
        return a.score, [c.id for c in a.covered], [f.id for f in a.misconceptions]

    assert graded("\r") == graded("\n") == graded("\r\n")


# --------------------------------------------------------------------------
# Very long lines
# --------------------------------------------------------------------------

LONG_BYTES = 2_000_000
# A hang guard, not a speed target: grading a 2 MB line takes about 2.5 s (bench/edge_bench.py times it against
# its budget); the quadratic matching fixed in 0c6183b took minutes, so a run that long fails here instead of
# hanging CI, and a loaded machine never fails it.
HANG_GUARD = float(os.environ.get("LONG_LINE_HANG_GUARD", "120"))
LONG_UNITS = {
    "asserted": "DDP 通过参数服务器同步梯度，",
    "negated": "DDP 并不依赖参数服务器。",
}


def long_line(unit: str) -> str:
    n = LONG_BYTES // len(unit.encode("utf-8")) + 1
    return "问题1：DDP 是怎么同步参数的？\n回答：" + unit * n + "\n问题2：什么是数据并行？\n回答：每张卡一份完整模型。\n"


@pytest.mark.parametrize("unit", LONG_UNITS.values(), ids=LONG_UNITS.keys())
def test_two_megabyte_line_parses_exactly(unit):
    text = long_line(unit)
    t = parse_transcript(text, "long.txt")
    assert [qa.number for qa in t.questions] == [1, 2]
    answer = t.questions[0].answer
    assert text[answer.span.start:answer.span.end] == answer.text
    assert len(answer.text.encode("utf-8")) > LONG_BYTES - 100
    assert t.questions[1].answer.text == "每张卡一份完整模型。"


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM")
@pytest.mark.parametrize("unit", LONG_UNITS.values(), ids=LONG_UNITS.keys())
def test_two_megabyte_line_grades_exactly(rubric, unit):
    """Interrupted by SIGALRM at the hang guard, so a return to quadratic matching fails instead of hanging CI."""
    t = parse_transcript(long_line(unit), "long.txt")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_GUARD)
    report = None
    try:
        report = grade(t, rubric)
    except _Hang:
        pass  # failed below, outside the handler: pytest cannot render the interrupted frames
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert report is not None, f"grading a 2 MB line ran past the hang guard of {HANG_GUARD:g}s"
    a = report.answers[0]
    assert a.status == "graded" and 0 <= a.score <= 100
    flagged = unit == LONG_UNITS["asserted"]  # the negated claim is not an error
    assert [f.id for f in a.misconceptions] == (["ddp-uses-parameter-server"] if flagged else [])
    for item in a.misconceptions + a.covered:
        assert t.text[item.start:item.end] == item.evidence


def test_long_line_of_moderate_size_grades(rubric):
    """A 20 KB answer on one line -- long for an interview -- grades correctly."""
    unit = LONG_UNITS["asserted"]
    text = "问题1：DDP 是怎么同步参数的？\n回答：" + unit * (20_000 // len(unit.encode())) + "\n"
    report = grade(parse_transcript(text, "long.txt"), rubric)
    a = report.answers[0]
    assert [f.id for f in a.misconceptions] == ["ddp-uses-parameter-server"]
    assert text[a.misconceptions[0].start:a.misconceptions[0].end] == a.misconceptions[0].evidence


# --------------------------------------------------------------------------
# Exit codes and streams
# --------------------------------------------------------------------------


def test_interrupt_exits_130(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("interview_grader.engine.grade", interrupted)
    result = run("grade", SAMPLE, "-f", "json")
    assert_clean_failure(result, 130, "interrupted\n")


def test_interrupt_while_reading_exits_130(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("interview_grader.parse.read_text", interrupted)
    assert_clean_failure(run("grade", SAMPLE), 130, "interrupted\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_sigint_in_a_real_process_exits_130(tmp_path):
    """Ctrl-C while grade waits on its input: exit 130, 'interrupted', no traceback.

    The input is a FIFO, so the process blocks in read() until we signal it;
    no timing guesses.
    """
    fifo = tmp_path / "input.txt"
    os.mkfifo(fifo)
    proc = subprocess.Popen(
        [sys.executable, "-m", "interview_grader", "grade", str(fifo)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        # A shell without job control starts background jobs with SIGINT ignored, and
        # Python then installs no KeyboardInterrupt handler: give the child the default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    writer = None
    try:
        deadline = time.monotonic() + 60
        while writer is None:
            try:  # succeeds only once the grader has the FIFO open for reading
                writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO or time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.05)
        time.sleep(0.2)  # let it reach read()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if writer is not None:
            os.close(writer)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert err.decode() == "interrupted\n"
    assert out == b""


def test_data_to_stdout_messages_to_stderr():
    result = run("grade", SAMPLE, "-f", "json", "--fail-under", "99")
    assert result.exit_code == 1
    report = json.loads(result.stdout)  # data only
    assert result.stderr == f"overall score {report['overall']['score']} is below --fail-under 99\n"


# --------------------------------------------------------------------------
# Determinism and provenance
# --------------------------------------------------------------------------


def _grade_in_process(path: Path, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    proc = subprocess.run(
        [sys.executable, "-m", "interview_grader", "grade", str(path), "-f", "json"],
        capture_output=True, timeout=120, env=env,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    return proc.stdout


@pytest.mark.parametrize("path", [SAMPLE, BAD / "parses" / "duplicate_out_of_order.txt"], ids=["sample", "duplicates"])
def test_two_processes_give_byte_identical_json(path):
    # Different hash seeds: set and dict-of-str ordering must not leak into the output.
    first = _grade_in_process(path, "1")
    second = _grade_in_process(path, "2")
    assert first == second
    report = json.loads(first)
    rubric_file = default_rubric_path()
    assert report["tool_version"] == __version__
    assert report["rubric"]["id"] == "distributed-training"
    assert report["rubric"]["version"]
    assert report["rubric"]["sha256"] == hashlib.sha256(
        rubric_file.read_bytes().decode("utf-8-sig").encode("utf-8")
    ).hexdigest()


def test_render_is_stable_in_process(rubric):
    text = SAMPLE.read_text(encoding="utf-8")
    outs = {render(grade(parse_transcript(text, "s.txt"), rubric), "json") for _ in range(3)}
    assert len(outs) == 1
