"""The replacement review, written in the transcript's language.

It states the overall score and recommendation, strengths and gaps by topic,
every asserted misconception or other wrong claim with its quote and correction, the unanswered,
off-topic and ungraded questions, and says so plainly when the original
verdict praises what the evidence does not support.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .report import GradedAnswer, Overall

STRONG = 70  # an answer at or above this is a strength
WEAK = 50  # below this, a gap

_PRAISE = re.compile(
    r"深刻|清晰|扎实|优秀|出色|很高|丰富|胜任|到位|准确|熟练|精通|全面|透彻|深入|良好|较好|很好|不错|突出|专业|有深度|"
    r"(?<![a-z])(?:excellent|outstanding|strong|solid|clear|clearly|deep|impressive|thorough|great|good|well|"
    r"competent|knowledgeable|accurate|recommend)(?![a-z])",
    re.IGNORECASE,
)
_CRITICAL = re.compile(
    r"不足|欠缺|错误|薄弱|较差|不够|不清楚|混淆|不准确|不推荐|不合格|需要加强|有待|"
    r"(?<![a-z])(?:weak|poor|lacks|lacking|wrong|incorrect|confused|shallow|not recommend|insufficient|gaps?)(?![a-z])",
    re.IGNORECASE,
)
_NEGATED_PRAISE = re.compile(r"不(?:够|太|是很)?(?:清晰|扎实|准确|深入|全面|到位)|(?:not|never) (?:very )?(?:clear|solid|strong|good)", re.IGNORECASE)

RECOMMENDATION = {
    "zh": {"strong-hire": "强烈推荐", "hire": "推荐录用", "lean-no": "暂不推荐，建议补充考察", "no-hire": "不推荐"},
    "en": {"strong-hire": "strong hire", "hire": "hire", "lean-no": "lean no: probe further before deciding",
           "no-hire": "no hire"},
}
_SEV = {
    "zh": {"critical": "严重", "major": "重大", "minor": "轻微"},
    "en": {"critical": "critical", "major": "major", "minor": "minor"},
}


def recommendation(score: int, pass_mark: float) -> str:
    if score >= 85:
        return "strong-hire"
    if score >= pass_mark:
        return "hire"
    if score >= 40:
        return "lean-no"
    return "no-hire"


def original_tone(text: str) -> str:
    """praising / critical / neutral, from the words of the original verdict."""
    cleaned = _NEGATED_PRAISE.sub(" 不足 ", text)
    praise = len(_PRAISE.findall(cleaned))
    critical = len(_CRITICAL.findall(cleaned))
    if praise > critical:
        return "praising"
    if critical > praise:
        return "critical"
    return "neutral"


def _praise_words(text: str) -> list[str]:
    seen: list[str] = []
    for w in _PRAISE.findall(_NEGATED_PRAISE.sub(" ", text)):
        if w not in seen:
            seen.append(w)
    return seen[:4]


def _short(quote: str, limit: int = 60) -> str:
    q = " ".join(quote.split())
    return q if len(q) <= limit else q[: limit - 1] + "…"


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _qlabel(a: "GradedAnswer", lang: str) -> str:
    return f"问题{a.number}" if lang == "zh" else f"Q{a.number}"


def write_verdict(
    answers: list["GradedAnswer"],
    overall: "Overall",
    lang: str,
    tone: str | None,
    contradicted: bool,
    original: str | None,
) -> str:
    zh = lang == "zh"
    lines: list[str] = []
    rec = RECOMMENDATION[lang][overall.recommendation]
    if zh:
        lines.append(
            f"总体得分 {overall.score}/100（{overall.grade}/5），共 {overall.questions} 题，"
            f"评分 {overall.graded} 题，作答 {overall.answered} 题。结论：{rec}。"
        )
    else:
        lines.append(
            f"Overall score {overall.score}/100 ({overall.grade}/5) over {overall.questions} questions "
            f"({overall.graded} graded, {overall.answered} answered). Recommendation: {rec}."
        )

    graded = [a for a in answers if a.status == "graded"]
    strong = [a for a in graded if (a.score or 0) >= STRONG]
    weak = [a for a in graded if (a.score or 0) < WEAK]
    sep = "、" if zh else ", "
    if strong:
        items = sep.join(f"{_qlabel(a, lang)} {a.topic_title}（{a.score}）" if zh else f"{_qlabel(a, lang)} {a.topic_title} ({a.score})" for a in strong)
        lines.append(f"优势：{items}。" if zh else f"Strengths: {items}.")
    if weak:
        items = sep.join(f"{_qlabel(a, lang)} {a.topic_title}（{a.score}）" if zh else f"{_qlabel(a, lang)} {a.topic_title} ({a.score})" for a in weak)
        lines.append(f"薄弱：{items}。" if zh else f"Gaps: {items}.")

    errors = [(a, f) for a in answers for f in [*a.misconceptions, *a.wrong_claims]]
    if errors:
        lines.append("错误观点：" if zh else "Errors:")
        for a, f in errors:
            sev = _SEV[lang][f.severity]
            if zh:
                lines.append(f"- {_qlabel(a, lang)}（{sev}）“{_short(f.evidence)}”——{f.claim} 正确的是：{f.correction}")
            else:
                lines.append(f"- {_qlabel(a, lang)} ({sev}) \"{_short(f.evidence)}\": {f.claim} In fact: {f.correction}")

    for status, zh_label, en_label in (
        ("no-answer", "未作答", "Unanswered"),
        ("off-topic", "答非所问", "Off-topic"),
        ("ungraded", "不在评分范围内（未评分）", "Outside the rubric (not graded)"),
    ):
        picked = [a for a in answers if a.status == status]
        if picked:
            items = sep.join(_qlabel(a, lang) for a in picked)
            lines.append(f"{zh_label}：{items}。" if zh else f"{en_label}: {items}.")

    if original is not None and contradicted:
        words = _praise_words(original)
        quoted = sep.join(f"“{w}”" if zh else f"'{w}'" for w in words)
        n_err = len(errors)
        n_unans = sum(1 for a in answers if a.status in ("no-answer", "off-topic"))
        if zh:
            lines.append(
                f"原点评（{quoted}）与证据不符，不予支持：得分仅 {overall.score}/100，"
                f"{n_err} 处错误观点，{n_unans} 题未有效作答。"
            )
        else:
            lines.append(
                f"The original verdict ({quoted}) is not supported by the evidence: the score is "
                f"{overall.score}/100, with {_n(n_err, 'wrong claim')} and "
                f"{_n(n_unans, 'question')} without a real answer."
            )
    elif original is not None and tone == "praising":
        lines.append("原点评的正面评价与得分大体一致。" if zh else "The original verdict's praise is broadly consistent with the score.")
    return "\n".join(lines)
