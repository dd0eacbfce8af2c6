"""The seed transcript end to end: what BRIEF section 3 says of it, and golden reports.

Golden files are regenerated with UPDATE_GOLDEN=1 when a change to the rubric
or the engine is meant to change them; review the diff before committing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import ROOT
from interview_grader import grade, read_transcript, render

GOLDEN = ROOT / "tests" / "golden"

BRIEF = {  # question: (topic, status, misconceptions)
    1: ("distributed-training-overview", "graded", {"distributed-improves-accuracy", "dp-mp-confusion"}),
    2: ("data-parallelism", "graded", {"single-device-one-sample"}),
    3: ("parameter-server", "graded", {"ps-is-model-partitioning", "ps-guarantees-consistency"}),
    4: ("ring-allreduce", "graded", {"ring-allreduce-partitions-training-data", "ring-allreduce-central-node",
                                     "independent-training-then-merge"}),
    5: ("single-vs-multi-gpu", "graded", {"gpu-cpu-core-confusion"}),
    6: ("ddp-workflow", "no-answer", set()),
    7: ("parameter-synchronization", "graded", {"ddp-uses-parameter-server", "ps-guarantees-consistency"}),
    8: ("ddp-vs-parameter-server", "no-answer", set()),
}
ALSO_OK = {3: {"independent-training-then-merge"}}


@pytest.fixture(scope="module")
def seed(seed_path, rubric):
    transcript = read_transcript(seed_path)
    return transcript, grade(transcript, rubric)


def test_topics_statuses_and_flags(seed):
    transcript, report = seed
    assert [a.number for a in report.answers] == list(range(1, 9))
    for a in report.answers:
        topic, status, must = BRIEF[a.number]
        assert (a.topic, a.status) == (topic, status), a.number
        got = {f.id for f in a.misconceptions}
        assert must <= got, (a.number, must - got)
        assert got <= must | ALSO_OK.get(a.number, set()), (a.number, got - must)
        for f in a.misconceptions:
            assert f.evidence and transcript.text[f.start:f.end] == f.evidence


def test_overall_score_and_verdict(seed):
    _, report = seed
    assert report.overall.score <= 35
    assert report.overall.recommendation == "no-hire"
    assert report.language == "zh"
    assert report.original_verdict_tone == "praising" and report.verdict_contradicted
    assert "原点评" in report.verdict and "与证据不符" in report.verdict
    assert "未作答：问题6、问题8。" in report.verdict


def test_grading_twice_is_byte_identical(seed, seed_path, rubric):
    _, report = seed
    again = grade(read_transcript(seed_path), rubric)
    assert render(again, "json") == render(report, "json")


@pytest.mark.parametrize("fmt,name", [("json", "seed_report.json"), ("markdown", "seed_report.md")])
def test_golden_reports(seed, fmt, name):
    transcript, report = seed
    # the source path differs between checkouts: golden files use the file name
    report = report.model_copy(update={"source": Path(report.source).name})
    text = render(report, fmt, transcript.text)
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run UPDATE_GOLDEN=1 python -m pytest tests/test_seed.py"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; if intended: UPDATE_GOLDEN=1 python -m pytest tests/test_seed.py"


def test_readme_example_is_an_excerpt_of_the_current_review(seed):
    """README's "Example" block must stay true: every line of it is in today's Markdown review."""
    transcript, report = seed
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Example", 1)[1]
    block = section.split("```", 2)[1]
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    assert len(lines) >= 5, "README's Example section lost its review excerpt"
    text = render(report, "markdown", transcript.text)
    stale = [line for line in lines if line not in text]
    assert not stale, f"README's Example no longer matches the review of the seed: {stale}"
