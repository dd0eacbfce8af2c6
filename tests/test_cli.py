"""The command line: exit codes 0/1/2, messages on stderr, data on stdout."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from conftest import MINI_RUBRIC, ROOT
from interview_grader.cli import app

runner = CliRunner()
SAMPLE = ROOT / "transcripts" / "zh_weak_sample.txt"


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_grade_json_to_stdout():
    result = run("grade", SAMPLE, "--format", "json", "--rubric", MINI_RUBRIC)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["schema_version"] == 1
    assert report["rubric"]["id"] == "mini"


def test_grade_writes_output_file(tmp_path):
    out = tmp_path / "sub" / "r.md"
    result = run("grade", SAMPLE, "-f", "markdown", "-o", out, "--rubric", MINI_RUBRIC)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert out.read_text(encoding="utf-8").startswith("# 面试评审报告")
    assert not list(out.parent.glob(".*.tmp"))


def test_fail_under_exits_1():
    result = run("grade", SAMPLE, "-f", "json", "--rubric", MINI_RUBRIC, "--fail-under", "50")
    assert result.exit_code == 1, result.output
    assert "below --fail-under 50" in result.stderr
    json.loads(result.stdout)  # the report is still printed


def test_missing_file_exits_2(tmp_path):
    missing = tmp_path / "nope.txt"
    result = run("grade", missing)
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: cannot read file: No such file or directory\n"
    assert result.stdout == ""


def test_empty_file_exits_2(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = run("grade", empty)
    assert result.exit_code == 2
    assert result.stderr == f"error: {empty}: empty file; expected an interview transcript\n"


def test_no_questions_exits_2(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("just some notes\nwithout any questions\n", encoding="utf-8")
    result = run("grade", f)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {f}: no questions found; expected lines such as")
    assert "Traceback" not in result.output


def test_bad_rubric_exits_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\nversion: 1\n  bad: [\n", encoding="utf-8")
    result = run("grade", SAMPLE, "--rubric", bad)
    assert result.exit_code == 2
    assert result.stderr == f"error: {bad}:3: invalid YAML: mapping values are not allowed in this context\n"


def test_unknown_format_is_a_usage_error():
    result = run("grade", SAMPLE, "--format", "pdf")
    assert result.exit_code == 2


def test_rubric_check_passes_on_mini():
    result = run("rubric", "check", MINI_RUBRIC)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("0 failing\n")


def test_rubric_check_fails_on_a_broken_example(tmp_path):
    text = MINI_RUBRIC.read_text(encoding="utf-8").replace("non_matches: [它很快。", "non_matches: [它是带宽最优的。")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text, encoding="utf-8")
    result = run("rubric", "check", broken)
    assert result.exit_code == 1
    assert "key point ring-bandwidth: should not cover it, does: '它是带宽最优的。'" in result.stdout


def test_rubric_schema_prints_json():
    result = run("rubric", "schema")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["title"] == "interview-grader rubric"


def test_python_dash_m_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "interview_grader", "grade", str(SAMPLE), "-f", "json", "--rubric", str(MINI_RUBRIC)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["source"] == str(SAMPLE)


@pytest.mark.parametrize("fmt", ["terminal", "json", "markdown", "transcript"])
def test_every_text_format_renders(fmt):
    result = run("grade", SAMPLE, "-f", fmt, "--rubric", MINI_RUBRIC)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()


def test_parse_prints_the_parts_as_json(tmp_path):
    result = run("parse", SAMPLE)
    assert result.exit_code == 0, result.output
    parsed = json.loads(result.stdout)
    assert "text" not in parsed  # the parts, not the whole file again
    assert parsed["format"] == "labelled" and parsed["language"] == "zh"
    source = SAMPLE.read_text(encoding="utf-8")
    for qa in parsed["questions"]:
        span = qa["question"]["span"]
        assert source[span["start"]:span["end"]] == qa["question"]["text"]
    out = tmp_path / "t.json"
    assert run("parse", SAMPLE, "-o", out).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == parsed


def test_parse_of_a_file_without_questions_exits_2(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("just some notes\n", encoding="utf-8")
    result = run("parse", bad)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {bad}: no questions found; expected lines such as '问题1：…' / '回答：…' or 'Q1: …' / 'A: …'\n"
    )


BRACKETS = ("岗位：X\n问题1：什么是Ring-Allreduce？\n回答：Ring-Allreduce把结果发给一个中心节点[/]合并[bold red]再分发。\n"
            "问题2：DDP怎么同步？\n回答：DDP 通过参数服务器[/x] 同步。\n点评：很好 :smile:\n")


def test_terminal_view_prints_quotes_as_text(tmp_path):
    # quotes go into the verdict panel: rich must not read "[/]" as a closing tag (it raised MarkupError)
    path = tmp_path / "t.txt"
    path.write_text(BRACKETS, encoding="utf-8")
    result = run("grade", path)
    assert result.exit_code == 0, result.output
    for piece in ("中心节点[/]合并[bold red]再分发", "参数服务器[/x]"):
        assert piece in result.stdout


def test_terminal_console_reads_no_markup():
    # the console `grade` prints to at a terminal
    import io

    from interview_grader import grade_text, load_rubric
    from interview_grader.render.terminal import make_console, renderables

    report = grade_text(BRACKETS, rubric=load_rubric())
    buf = io.StringIO()
    console = make_console(file=buf, width=200)
    for r in renderables(report):
        console.print(r)
    assert "中心节点[/]合并[bold red]再分发" in buf.getvalue()


def test_markdown_view_keeps_transcript_html_as_text(tmp_path):
    # an answer's "<b>" or a role's "<script>" must not become HTML where the review is rendered
    from markdown_it import MarkdownIt

    path = tmp_path / "t.txt"
    path.write_text("岗位：X<script>alert(1)</script>\n问题1：什么是Ring-Allreduce？\n"
                    "回答：Ring-Allreduce把结果发给一个中心节点<b>合并</b>再分发。\n点评：很好\n", encoding="utf-8")
    result = run("grade", path, "-f", "markdown")
    assert result.exit_code == 0, result.output
    html = MarkdownIt("commonmark").render(result.stdout)
    assert "<script>" not in html and "<b>" not in html
    assert "X&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "中心节点&lt;b&gt;合并&lt;/b&gt;再分发" in html


def test_grade_and_parse_read_standard_input():
    data = SAMPLE.read_bytes()
    result = runner.invoke(app, ["grade", "-", "-f", "json", "--rubric", str(MINI_RUBRIC)], input=data)
    assert result.exit_code == 0, result.output
    from_stdin = json.loads(result.stdout)
    from_file = json.loads(run("grade", SAMPLE, "-f", "json", "--rubric", MINI_RUBRIC).stdout)
    assert from_stdin["source"] == "<stdin>"
    assert {**from_stdin, "source": None} == {**from_file, "source": None}
    # GB18030 on a pipe is decoded as a file is
    gb = data.decode("utf-8").encode("gb18030")
    result = runner.invoke(app, ["parse", "-"], input=gb)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["source"] == "<stdin>"


@pytest.mark.parametrize("data, args, message", [
    (b"", [], "error: <stdin>: empty file; expected an interview transcript\n"),
    (b"\x00\x01binary", [], "error: <stdin>: not a text file: found NUL bytes; expected UTF-8, GB18030 or UTF-16 text\n"),
    ("问题1：甲\n回答：乙\n".encode() * 20, ["--max-bytes", "100"],
     "error: <stdin>: file is over the limit of 100 bytes (--max-bytes)\n"),
])
def test_bad_standard_input_exits_2(data, args, message):
    result = runner.invoke(app, ["grade", "-", "--rubric", str(MINI_RUBRIC), *args], input=data)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and result.stderr == message
