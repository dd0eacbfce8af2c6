"""Golden file: the seed's HTML review with the default rubric, byte for byte.

The page depends on the rubric (scores, evidence, its sha256 in the footer)
and on the tool version, so regenerate it whenever either changes:

    UPDATE_GOLDEN=1 python3 -m pytest tests/test_html_golden.py
"""
from __future__ import annotations

import difflib
import os

from conftest import ROOT
from interview_grader import grade_file, read_transcript
from interview_grader.render.html import to_html

GOLDEN = ROOT / "tests" / "golden" / "seed_review.html"


def seed_html(seed_path, rubric, monkeypatch) -> str:
    # grade by bare file name so the page names the same source on every machine
    monkeypatch.chdir(seed_path.parent)
    report = grade_file(seed_path.name, rubric)
    return to_html(report, read_transcript(seed_path.name).text)


def test_seed_review_matches_golden(seed_path, rubric, monkeypatch):
    html = seed_html(seed_path, rubric, monkeypatch)
    assert seed_html(seed_path, rubric, monkeypatch) == html  # stable across runs
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(html, encoding="utf-8", newline="")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run UPDATE_GOLDEN=1 python3 -m pytest {__file__}"
    expected = GOLDEN.read_text(encoding="utf-8")
    if html != expected:
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(True), html.splitlines(True), "golden", "now", n=1))[:60])
        raise AssertionError(
            "the seed's HTML review changed; if the change is intended (rubric, engine or view), "
            f"regenerate with UPDATE_GOLDEN=1 python3 -m pytest tests/test_html_golden.py\n{diff}"
        )
