"""Invariants of the grader on generated transcripts (hypothesis, fixed seed in CI).

For any transcript: every score is within 0..100 (null only when ungraded),
every evidence quote equals the source slice at its offsets, and grading twice
gives byte-identical JSON.  Answers are drawn from domain sentences (correct,
wrong, negated) mixed with arbitrary text, so the rules actually fire.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interview_grader import TranscriptError, grade, parse_transcript, render

SENTENCES = [
    "DDP通过参数服务器同步梯度。",
    "DDP 并不依赖参数服务器，而是用 all-reduce。",
    "Ring-Allreduce把梯度切成N块，先reduce-scatter再all-gather。",
    "Ring all-reduce sends everything to a master node.",
    "Each worker only talks to its neighbours in the ring.",
    "很多人以为异步训练没有过期梯度的问题，其实有。",
    "数据并行让每台机器训练模型的不同部分。",
    "I don't know.",
    "不知道",
    "參數伺服器保證所有進程使用同一個模型參數。",
    "ＤＤＰ是單進程多線程的。",
]
QUESTIONS = [
    "请讲一下Ring-Allreduce的原理？",
    "DDP和PS模型有什么区别？",
    "What is data parallelism?",
    "同步更新和异步更新各有什么优缺点？",
    "你未来的职业规划是什么？",
    "How does DDP keep parameters in sync?",
]

answer_text = st.lists(
    st.one_of(st.sampled_from(SENTENCES), st.text(max_size=40)), min_size=0, max_size=5
).map(lambda parts: "".join(parts).replace("\n", " "))

transcripts = st.lists(st.tuples(st.sampled_from(QUESTIONS), answer_text), min_size=1, max_size=5).map(
    lambda qas: "岗位：工程师 从业年限：3年\n"
    + "".join(f"问题{i}：{q}\n回答：{a}\n" for i, (q, a) in enumerate(qas, 1))
    + "点评：回答非常清晰，理解深刻。\n"
)

PROFILE = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@PROFILE
@given(transcripts)
def test_scores_quotes_and_determinism(rubric, text):
    try:
        tr = parse_transcript(text, "gen.txt")
    except TranscriptError:
        return
    report = grade(tr, rubric)
    for a in report.answers:
        if a.status == "ungraded":
            assert a.score is None
        else:
            assert a.score is not None and 0 <= a.score <= 100
        for item in [*a.misconceptions, *a.covered]:
            assert tr.text[item.start:item.end] == item.evidence
            assert item.evidence.strip() == item.evidence and item.evidence
    assert 0 <= report.overall.score <= 100
    again = grade(parse_transcript(text, "gen.txt"), rubric)
    assert render(again, "json") == render(report, "json")


@PROFILE
@given(st.text(max_size=300))
def test_grader_never_raises_on_arbitrary_text(rubric, text):
    try:
        tr = parse_transcript(text, "any.txt")
    except TranscriptError:
        return
    report = grade(tr, rubric)
    assert all(a.score is None or 0 <= a.score <= 100 for a in report.answers)
