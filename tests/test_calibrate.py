"""The eval command against a small gold file whose metrics are worked out by hand.

Scores with the mini rubric: a_zh Q1 100 (all points), Q2 0 (critical flag, no
points), Q3 ungraded; b_en Q1 43 (one of two core points: 42.5 rounded half up),
Q2 0 (no answer).  Scored pairs (gold grade, score): (5,100) (1,0) (2,43) (0,0).

* Spearman: score ranks [4, 1.5, 3, 1.5], grade ranks [4, 2, 3, 1];
  cov 4.5, var 4.5 and 5 -> 4.5 / sqrt(22.5) = 0.948683.
* Bands of the scores [5, 0, 2, 0]; the only disagreement is (1, 0), weight 1/25;
  expected disagreement sum 4.96 / 4 = 1.24 -> QWK = 1 - 0.04 / 1.24 = 0.967742.
* MAE in bands: (0 + 1 + 0.15 + 0) / 4 = 0.2875.
"""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import DATA, MINI_RUBRIC
from interview_grader.calibrate import evaluate, quadratic_weighted_kappa, spearman
from interview_grader.cli import app

GOLD = DATA / "eval" / "gold.yaml"


def test_hand_computed_metrics(mini_rubric):
    m = evaluate([GOLD], mini_rubric).metrics
    assert m["answers"] == 4
    assert m["spearman"] == pytest.approx(0.948683, abs=1e-6)
    assert m["qwk"] == pytest.approx(0.967742, abs=1e-6)
    assert m["mae_bands"] == pytest.approx(0.2875)
    assert m["topic_acc"] == 1.0 and m["status_acc"] == 1.0
    assert m["flag_recall"] == 1.0 and m["flag_precision"] == 1.0


def test_per_misconception_lists_misses_and_wrong_flags(mini_rubric, tmp_path):
    gold = tmp_path / "gold.yaml"
    gold.write_text(
        GOLD.read_text(encoding="utf-8")
        .replace("file: a_zh.txt", f"file: {DATA / 'eval' / 'a_zh.txt'}")
        .replace("file: b_en.txt", f"file: {DATA / 'eval' / 'b_en.txt'}")
        # pretend the expert did not see the flag on a_zh Q2, and wanted one on b_en Q1
        .replace("grade: 1, misconceptions: [ring-allreduce-central-node]", "grade: 1")
        .replace("{q: 1, topic: ring-allreduce, grade: 2}", "{q: 1, topic: ring-allreduce, grade: 2, misconceptions: [ring-allreduce-central-node]}"),
        encoding="utf-8",
    )
    ev = evaluate([gold], mini_rubric)
    st = ev.per_flag["ring-allreduce-central-node"]
    assert (st.must, st.found, st.flagged, st.flagged_ok) == (1, 0, 1, 0)
    assert st.missed == [f"{DATA / 'eval' / 'b_en.txt'} Q1"]
    assert st.wrong == [f"{DATA / 'eval' / 'a_zh.txt'} Q2: “环形规约把梯度发给中心节点汇总”"]


def test_eval_command_json_agrees(mini_rubric):
    result = CliRunner().invoke(app, ["eval", str(GOLD), "--rubric", str(MINI_RUBRIC), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["metrics"] == evaluate([GOLD], mini_rubric).metrics


def test_eval_min_threshold_exits_1():
    result = CliRunner().invoke(app, ["eval", str(GOLD), "--rubric", str(MINI_RUBRIC), "--min", "spearman=0.99"])
    assert result.exit_code == 1
    assert "below threshold: spearman=0.949<0.99" in result.stderr


def test_statistics_edge_cases():
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert quadratic_weighted_kappa([0, 5], [0, 5]) == 1.0


def test_tune_puts_the_half_covered_answer_on_its_grade(mini_rubric):
    """Only b_en Q1 (gold 2, one of two core points) moves with the scoring values: it scores
    core_share x 0.5 ** core_curve, and 40 (grade 2 exactly) makes mae_bands (0 + 1 + 0 + 0) / 4.
    Three pairs of the grid give 40 (70 x 0.5**0.8 = 40.2, 75 x 0.5**0.9 = 40.2, 80 x 0.5); the
    tie goes to the pair nearest the defaults (85, 0.8)."""
    from interview_grader.calibrate import tune_scoring

    rows = tune_scoring([GOLD], mini_rubric)
    assert [(r.core_share, r.core_curve) for r in rows[:3]] == [(70.0, 0.8), (75.0, 0.9), (80.0, 1.0)]
    assert rows[0].metrics["mae_bands"] == pytest.approx(0.25)
    current = [r for r in rows if r.current]
    assert [(r.core_share, r.core_curve) for r in current] == [(85.0, 1.0)]  # the mini rubric's own
    assert current[0].metrics == evaluate([GOLD], mini_rubric).metrics
    maes = [r.metrics["mae_bands"] for r in rows]
    assert maes == sorted(maes)
    # topics, statuses and flags do not depend on these values
    assert {(r.metrics["topic_acc"], r.metrics["flag_recall"], r.metrics["flag_precision"]) for r in rows} == {(1.0, 1.0, 1.0)}


def test_eval_tune_command(mini_rubric):
    result = CliRunner().invoke(app, ["eval", str(GOLD), "--rubric", str(MINI_RUBRIC), "--tune", "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert (rows[0]["core_share"], rows[0]["core_curve"], rows[0]["current"]) == (70.0, 0.8, False)
    assert sum(r["current"] for r in rows) == 1
    result = CliRunner().invoke(app, ["eval", str(GOLD), "--rubric", str(MINI_RUBRIC), "--tune"])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("scoring:\n  core_share: 70\n  core_curve: 0.8\n")


def test_with_scoring_validates_like_a_rubric_file(mini_rubric):
    from interview_grader.calibrate import with_scoring
    from interview_grader.errors import RubricError

    changed = with_scoring(mini_rubric, core_share=80, core_curve=0.5)
    assert (changed.rubric.scoring.core_share, changed.rubric.scoring.core_curve) == (80, 0.5)
    assert mini_rubric.rubric.scoring.core_share == 85  # the original is untouched
    with pytest.raises(RubricError, match="core_share"):
        with_scoring(mini_rubric, core_share=150)


def test_eval_table_prints_file_names_as_text(tmp_path):
    # rich reads "[/]" as a closing tag: file names and quotes must reach the table as plain text
    (tmp_path / "[draft] [red]a.txt").write_bytes((DATA / "eval" / "a_zh.txt").read_bytes())
    (tmp_path / "b_en.txt").write_bytes((DATA / "eval" / "b_en.txt").read_bytes())
    gold = tmp_path / "gold.yaml"
    gold.write_text(GOLD.read_text(encoding="utf-8").replace("file: a_zh.txt", 'file: "[draft] [red]a.txt"'),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", str(gold), "--rubric", str(MINI_RUBRIC), "--show"])
    assert result.exit_code == 0, result.output
    assert "[draft]" in result.stdout and "[red]" in result.stdout
