"""Words the human-readable views share, in both languages."""
from __future__ import annotations

from ..verdict import RECOMMENDATION  # noqa: F401  (re-exported for the views)

STATUS = {
    "zh": {"graded": "已评分", "no-answer": "未作答", "off-topic": "答非所问", "ungraded": "未评分"},
    "en": {"graded": "graded", "no-answer": "no answer", "off-topic": "off-topic", "ungraded": "not graded"},
}
SEVERITY = {
    "zh": {"critical": "严重", "major": "重大", "minor": "轻微"},
    "en": {"critical": "critical", "major": "major", "minor": "minor"},
}
WORDS = {
    "zh": {
        "title": "面试评审报告", "role": "岗位", "years": "从业年限", "overall": "总分", "question": "问题",
        "topic": "主题", "status": "状态", "score": "得分", "flags": "错误", "covered": "已覆盖要点",
        "missing": "缺失要点", "errors": "错误观点", "correction": "正确", "verdict": "新点评",
        "original": "原点评", "contradicted": "原点评与证据不符", "notes": "说明", "rubric": "评分标准",
        "earned": "得分依据", "cost": "扣分原因", "core": "核心", "depth": "深入", "none": "无",
        "recommendation": "建议",
    },
    "en": {
        "title": "Interview review", "role": "Role", "years": "Experience", "overall": "Overall", "question": "Question",
        "topic": "Topic", "status": "Status", "score": "Score", "flags": "Errors", "covered": "Key points covered",
        "missing": "Key points missing", "errors": "Wrong claims", "correction": "Correct", "verdict": "New verdict",
        "original": "Original verdict", "contradicted": "original verdict contradicted by the evidence",
        "notes": "Notes", "rubric": "Rubric", "earned": "What earned points", "cost": "What cost points",
        "core": "core", "depth": "depth", "none": "none", "recommendation": "Recommendation",
    },
}
