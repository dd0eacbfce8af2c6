"""Short explanations attached to a graded answer, in the report language."""
from __future__ import annotations

_NOTES = {
    "ungraded": {"zh": "评分标准中没有与该问题对应的主题", "en": "no rubric topic matches this question"},
    "off-topic": {"zh": "回答没有涉及该问题的主题", "en": "the answer does not address the question's topic"},
    "cap": {"zh": "因{sev}错误观点，得分上限为 {cap}", "en": "capped at {cap} by a {sev} error"},
    "term-list": {"zh": "只罗列术语、没有陈述，得分上限为 {cap}", "en": "a list of terms without claims: capped at {cap}"},
    "empty-talk": {
        "zh": "套话为主，只有零星要点、没有深入内容，得分上限为 {cap}",
        "en": "mostly stock phrases, with a point or two and no depth: capped at {cap}",
    },
    "secondhand": {
        "zh": "回答者自称只了解原理、没有实际做过，得分上限为 {cap}",
        "en": "the speaker knows it only second-hand, by their own account: capped at {cap}",
    },
    "floor": {
        "zh": "回答涉及本题，但几乎没有正确内容，按最低档计 {cap} 分",
        "en": "the answer takes up the question but states almost nothing correct: scored at the floor, {cap}",
    },
    "no-points": {"zh": "没有陈述该主题的任何要点", "en": "no key point of the topic is stated"},
    "chain": {
        "zh": "同一主题的追问，按前面回答中尚未讲到的要点评分（已讲到：{points}）",
        "en": "a follow-up on the same topic: graded on the points not made in the answers before ({points} made there)",
    },
    "narrow": {
        "zh": "问题只问到本主题的一部分，按所问要点评分：{points}",
        "en": "a question on part of the topic: graded on the points it names ({points})",
    },
    "given": {
        "zh": "问题本身已陈述的要点不计为缺失：{points}",
        "en": "points the question itself states are not counted missing ({points})",
    },
    "agreed": {
        "zh": "回答只是同意问题里给出的说法，按该说法评判",
        "en": "the answer only agrees with the claim the question puts: judged on that claim",
    },
    "denied": {
        "zh": "回答只是否定问题里给出的说法，按相反的说法评判",
        "en": "the answer only denies the claim the question puts: judged on the opposite claim",
    },
    "picked": {
        "zh": "回答选择了选项 {letters}，按所选选项的内容评判",
        "en": "the answer picks option {letters}: judged on what the option says",
    },
    "parts": {
        "zh": "问题给出 {count} 个说法，回答认同第 {parts} 个，按这些说法评判",
        "en": "of the {count} statements the question puts, the answer accepts {parts}: judged on what they say",
    },
    "picked-wrong": {
        "zh": "题目问的是错误的说法，所选选项 {letters} 是回答者否定的内容，不算作其观点",
        "en": "the question asks for the wrong statement: option {letters}, picked, is rejected, not claimed",
    },
    "filled": {
        "zh": "回答填写了题目中的空白，按填好后的句子评判",
        "en": "the answer fills the question's blanks: judged on the statement they make",
    },
    "bare-name": {
        "zh": "只说出所问要点的名称、没有解释，得分上限为 {cap}",
        "en": "the point asked for named and nothing more: capped at {cap}",
    },
    "pick-cap": {
        "zh": "只给出选项、没有自己的陈述，得分上限为 {cap}",
        "en": "a bare pick with no words of its own: capped at {cap}",
    },
    "focus": {
        "zh": "追问只问到本主题的一部分，按所问要点评分：{points}",
        "en": "a follow-up on part of the topic: graded on the points it asks about ({points})",
    },
}
_SEV = {"zh": {"critical": "严重", "major": "重大", "minor": "轻微"}}


def note(key: str, lang: str, **kw: object) -> str:
    if "sev" in kw and lang in _SEV:
        kw["sev"] = _SEV[lang][str(kw["sev"])]
    if "cap" in kw:
        kw["cap"] = f"{float(kw['cap']):g}"  # type: ignore[arg-type]
    return _NOTES[key][lang].format(**kw)
