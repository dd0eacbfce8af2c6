"""Parse interview transcript text into a :class:`Transcript`.

Two layouts are recognised:

* **labelled** -- an optional title line and intro paragraph, header fields
  (``岗位：… 从业年限：…`` / ``简介：…`` or ``Role:`` / ``Experience:`` /
  ``Summary:``), then repeated ``问题N：`` / ``考察目标：`` / ``回答：`` blocks
  (or ``Q1:`` / ``Goal:`` / ``A:``) and a closing ``点评：`` / ``Verdict:``.
* **dialogue** -- ``Interviewer:`` / ``Candidate:`` turns (``面试官：`` /
  ``候选人：``, or ``Me:`` / ``我：`` in write-ups told by the candidate); each
  interviewer turn is a question, numbered 1..n, and the candidate turns after
  it form its answer.

Archive variants of the labelled layout: when no answer is labelled anywhere
(``【问题1】…？`` or ``### Q1 …`` with the answer as plain paragraphs below),
a question is its first line (with a ``> quoted`` question below it) and the
lines below are its answer; a text with no question label at all may be a
conversation between two named speakers (``[00:01:12] Priya: …`` /
``Marcus: …``, or a chat export's ``小周 21:20`` lines, see ``_speaker_turns``)
or a plain numbered list of questions (``1) What is DDP?``, ``一、…``, see
``_numbered_questions``).  In a dialogue, the interviewer's closing turn with
no reply is the verdict when none is labelled.  docs/input.md lists it all.

A label counts only at the start of a line, after optional spaces, markdown
markers (``**``, ``#``, ``-``, ``>``) and a timestamp (``[00:01:12]``); the
same words in the middle of a sentence are text.  Labels are read on a copy
whose full-width letters and digits are half-width (``Ｑ１：``), one character
for one, so offsets are the same in both.  Every value is returned as a :class:`Part` whose span
points exactly at the stripped value in the source text, so
``text[span.start:span.end] == part.text`` always holds (multi-line answers
keep their inner line breaks, ``\\r`` included).

``parse_transcript`` is pure; only ``TranscriptError`` ever escapes it.
"""
from __future__ import annotations

import os
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from .decode import DEFAULT_MAX_BYTES, decode_bytes, display_path, read_stream, read_text
from .errors import TranscriptError
from .normalize import EMOJI
from .transcript import Transcript

__all__ = ["parse_transcript", "read_transcript", "NO_QUESTIONS", "EMPTY", "DEFAULT_MAX_BYTES"]

NO_QUESTIONS = (
    "no questions found; expected lines such as '问题1：…' / '回答：…' or 'Q1: …' / 'A: …'"
)
EMPTY = "empty file; expected an interview transcript"

# --------------------------------------------------------------------------
# Label vocabulary.  Keys are matched case-insensitively; spaces inside a key
# match any run of blanks.
# --------------------------------------------------------------------------
_KEYWORDS: dict[str, tuple[str, ...]] = {
    "q": ("问题", "問題", "题目", "題目", "面试题", "面試題", "问", "問", "question", "q", "prompt"),
    "a": ("回答", "答案", "答复", "答覆", "解答", "答", "我的回答", "answer", "ans", "an", "a", "my answer", "my response",
          "what i said", "what i answered"),
    "goal": (
        "考察目标", "考察目標", "考查目标", "考查目標", "考察重点", "考察重點",
        "考察点", "考察點", "考点", "考點", "goal", "purpose", "objective", "rubric",
    ),
    "role": (
        "岗位", "崗位", "职位", "職位", "应聘岗位", "應聘崗位", "面试岗位", "面試崗位",
        "应聘职位", "應聘職位", "role", "position", "job title",
    ),
    "years": (
        "从业年限", "從業年限", "工作年限", "工作经验", "工作經驗", "从业经验", "從業經驗",
        "工作年资", "工作年資", "年资", "年資", "年限", "experience", "years of experience", "work experience", "years",
    ),
    "summary": (
        "简介", "簡介", "个人简介", "個人簡介", "候选人简介", "候選人簡介",
        "summary", "background", "profile",
    ),
    "verdict": (
        "点评", "點評", "总评", "總評", "评价", "評價", "综合评价", "綜合評價", "面试评价",
        "面試評價", "总体评价", "總體評價", "评语", "評語", "面试官点评", "面試官點評",
        "verdict", "overall verdict", "final verdict", "assessment", "overall assessment",
        "final assessment", "comments", "comment", "interviewer comments",
        "interviewer feedback", "feedback", "evaluation", "overall evaluation",
        "interviewer verdict", "interviewer's verdict", "interviewer assessment",
        "interviewer's assessment", "interviewer evaluation", "overall comments", "final comments",
        "综合点评", "綜合點評", "面试官评价", "面試官評價", "面试结论", "面試結論",
        "面试官总结", "面試官總結", "面试总结", "面試總結", "面试官意见", "面試官意見",
        "面试反馈", "面試反饋", "面试官反馈", "面試官反饋", "面试官回馈", "面試官回饋", "面试回馈", "面試回饋",
        "interviewer summary", "interviewer's summary", "interviewer notes", "interviewer's notes",
        "overall impression", "final remarks",
        "总结评价", "總結評價", "整体评价", "整體評價", "总体反馈", "總體反饋",
        "overall", "overall feedback", "final feedback", "interviewer's feedback",
        "interviewer's comments", "interviewer's evaluation",
    ),
    "interviewer": (
        "interviewer", "面试官", "面試官", "考官", "host",
        "面",  # a transcript's shorthand with 答 or 候 for the candidate: "面：…" / "答：…", "面：…" / "候：…"
        "主面", "副面", "主面试官", "副面试官", "主面試官", "副面試官",  # a panel's lead and second interviewer: "主面：…" / "副面：…" / "候：…"
        # panels: "面试官A：", "面試官B：", "Interviewer 2:"
        *(f"{w}{sep}{x}" for w in ("面试官", "面試官", "interviewer") for sep in ("", " ") for x in "ab123"
          if not (sep and w != "interviewer")),
    ),  # a podcast's host asks
    "candidate": (
        "candidate", "interviewee", "applicant", "候选人", "候選人", "面试者", "面試者",
        "被面试者", "被面試者", "被面试人", "被面試人", "应聘者", "應聘者", "求职者", "求職者",
        "我", "me",  # interview write-ups told by the candidate: "面试官：… / 我：…", "Interviewer: … / Me: …"
        "候",  # a transcript's shorthand beside 面: "面：…" / "候：…"
        "guest",
    ),
}
# Whose verdict x what it is called: "Panel summary", "Recruiter feedback", "Hiring manager's note".
_VERDICT_BY = ("interviewer", "panel", "recruiter", "hiring manager", "hr", "mentor", "manager", "team", "their", "the panel's",
               "reviewer", "grader", "assessor", "examiner")
_VERDICT_WHAT = ("feedback", "verdict", "comments", "comment", "notes", "note", "summary", "assessment",
                 "evaluation", "remarks", "decision", "impression")
_KEYWORDS["verdict"] += tuple(
    f"{by}{s} {what}" for by in _VERDICT_BY for s in ("", "'s") for what in _VERDICT_WHAT
    if not (s and (by == "their" or by.endswith("'s")))
)
_KIND_OF: dict[str, str] = {}
for _kind, _words in _KEYWORDS.items():
    for _w in _words:
        _KIND_OF[_w] = _kind
        if "'" in _w:
            _KIND_OF[_w.replace("'", "\u2019")] = _kind  # typographic apostrophe: "interviewer’s verdict"
# Unnumbered forms that are too common as ordinary words to act as labels.
_NEEDS_NUMBER = frozenset({"题目", "題目", "面试题", "面試題", "prompt"})
_QUESTION_KINDS = frozenset({"q"})
_HEADING_KINDS = frozenset({"q", "a", "goal", "verdict"})  # may stand alone as a markdown heading
_LINE_TAIL = " \t\u3000*_"
_HEADER_KINDS = frozenset({"role", "years", "summary"})


def _alternation(words) -> str:
    """A regex matching any of ``words``, longest first, written as a trie.

    Equivalent to ``"|".join(sorted(words, key=len, reverse=True))`` (spaces
    in a word matching any run of blanks), but the regex engine tries one
    branch per distinct first letter instead of every word in turn: the words
    that match at one position are prefixes of one another, and the trie tries
    them longest first, as the sorted alternation does.  (Words are lower
    case, so no two branches of one trie node match the same character.)
    """
    end = ""
    root: dict = {}
    for w in words:
        node = root
        for i, part in enumerate(w.split()):
            if i:
                node = node.setdefault(None, {})  # a run of blanks
            for ch in part:
                node = node.setdefault(ch, {})
        node[end] = {}

    def emit(node: dict) -> str:
        alts = [(r"[ \t]+" if t is None else re.escape(t)) + emit(child) for t, child in node.items() if t != end]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if end in node else body

    return emit(root)


# HTML closing tags a question line may end with ("<summary><b>1. …？</b></summary>")
_HTML_CLOSE_TAIL = re.compile(r"(?:</(?:b|strong|summary|p|li|h[1-6])>[ \t]*)+$")
# HTML tags that may open a question line: a collapsible section's "<summary><b>1. …？</b></summary>"
_OPEN_TAG = "<(?:details|summary|b|strong|p|li|h[1-6])>"
_DETAILS_TAIL = re.compile(r"(?:\s*</?(?:details|summary)>)+\s*$")
_CN_DIGITS = "一二三四五六七八九十百〇零两"
_NUM = rf"\d{{1,9}}|[{_CN_DIGITS}]{{1,6}}|[\u2460-\u2473]"  # (circled: "Q①", "问题②")
# a question numbered in English words: "**Question one:**", "Question Twelve -"
_EN_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
               "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
_EN_NUMBER = {w: i for i, w in enumerate(_EN_NUMBERS, 1)}
_EN_NUM = "(?:" + "|".join(sorted(_EN_NUMBERS, key=len, reverse=True)) + ")(?![a-z])"
_BLANK = "[ \t\u3000]"

# A recording's timestamp: "[00:01:12]", "(01:12)", "00:01:12", in full-width brackets too ("［00:01:05］", "（01:12）").
_STAMP = r"(?:[\[［]\d{1,2}:\d{2}(?::\d{2})?[\]］]|[(（]\d{1,2}:\d{2}(?::\d{2})?[)）]|\d{1,2}:\d{2}(?::\d{2})?(?![\d:]))"
# Markdown / list markers, emoji ("⏰[01:05] 问1：", "💬 答："), and a timestamp, that may precede a label.
# An Obsidian callout's type after its ">" ("> [!question] Q1. …", "> [!success]- Verdict") is a marker too.
_CALLOUT = r"\[![A-Za-z][\w-]{0,20}\][+-]?"
# A heading's section number ("## 2. 面试官反馈", "### 3.1 Feedback") is a marker too.
# So is a Chinese section numeral opening a line ("二、综合评价").
_SECTION_NUMBER = r"(?:(?<=#[ \t])\d{1,2}(?:[.．]\d{1,2})*[.．、]?(?=[ \t\u3000])|(?<![^\n\r \t\u3000])[一二三四五六七八九十]{1,3}、)"
_PREFIX = re.compile(rf"{_BLANK}*(?:(?:{_OPEN_TAG}|\*\*|__|#{{1,6}}|>|{_CALLOUT}|{_SECTION_NUMBER}|[-*+•·●▪▸▶►—]|{EMOJI}+|{_STAMP}|\d{{1,3}}/\d{{0,3}}(?={_BLANK})){_BLANK}*)*")
_LABEL = re.compile(
    rf"""
    (?P<open>[【\[])?{_BLANK}*
    (?:
        第{_BLANK}*(?P<onum>{_NUM}){_BLANK}*个?{_BLANK}*(?:问题|問題|题|題|问|問)(?P<says>{_BLANK}*(?:问的是|問的是|是关于|是關於|是|问|問)(?![:：]))?
      | (?P<kw>{_alternation(_KIND_OF)})
        # who speaks or gives the verdict: "面试官（张工）：", or joined by a dash: "面试官-陈：", "Interviewer — Chen:"
        (?P<who>{_BLANK}*[(（][^)）\r\n]{{1,60}}[)）]|{_BLANK}*[-–—·・]{_BLANK}*[^\s:：()（）*_-]{{1,12}}(?=(?:\*\*|__)?{_BLANK}*[:：])
          # or after a space: a name ("面试官 周工：", "候选人 林某："), a word for the turn ("Candidate response:")
          |{_BLANK}+(?:[\u4e00-\u9fff]{{1,4}}|response|answer|reply|says|said|asks|asked)(?=(?:\*\*|__)?{_BLANK}*[:：]))?
        (?P<stamp>(?:\*\*|__)?{_BLANK}*{_STAMP})?  # (after the bold speaker: "**Interviewer** [00:00:05]:")
        (?:{_BLANK}*(?:No\.?|\#|-)(?=\d)|{_BLANK}*(?:No\.?|\#){_BLANK}*(?=\d))?{_BLANK}*(?P<num>{_NUM}|{_EN_NUM}|(?-i:[A-T])(?![A-Za-z0-9]))?(?:/\d{{1,3}}|{_BLANK}+of{_BLANK}+\d{{1,3}})?
        (?P<aside>{_BLANK}*[(（][^)）\r\n]{{1,30}}[)）])?
    )
    {_BLANK}*(?P<close>[】\]])?
    (?:\*\*|__)?{_BLANK}*
    (?:(?P<colon>[:：])|(?P<dot>[.．、)）·](?!\d))|(?P<dash>[-–—](?={_BLANK})))?
    (?:\*\*|__)?
    """,
    re.IGNORECASE | re.VERBOSE,
)
_HEADER_WORDS = [w for k in ("role", "years", "summary") for w in _KEYWORDS[k]]
_INLINE_HEADER = re.compile(
    rf"(?<![A-Za-z0-9])(?P<kw>{_alternation(_HEADER_WORDS)})(?:\*\*|__)?{_BLANK}*[:：](?:\*\*|__)?", re.IGNORECASE
)
_NEWLINE = re.compile(r"\r\n|\r|\n")
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+\S")
_FULL_WIDTH = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")
_HALF_WIDTH = {c: c - 0xFEE0 for r in ((0xFF10, 0xFF1A), (0xFF21, 0xFF3B), (0xFF41, 0xFF5B)) for c in range(*r)}
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")
_LATIN = re.compile(r"[A-Za-z]")

_TITLE_MAX = 60
_TITLE_MAX_ALONE = 100  # a first line with a blank line under it stands apart from the intro
_SENTENCE_END = frozenset("。．.！!？?；;，,：:、…")
_FIELD_TRAIL = "，,；;|｜/、" + " \t\u3000"


def _cn_number(s: str) -> int | None:
    """Chinese numerals up to the hundreds: 一 / 十二 / 二十 / 一百零五."""
    digits = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4,
              "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
    total, cur, prev_digit = 0, 0, False
    for ch in s:
        if ch in digits:
            if prev_digit and cur:
                return None
            cur, prev_digit = digits[ch], True
        elif ch == "十":
            total += (cur or 1) * 10
            cur, prev_digit = 0, False
        elif ch == "百":
            total += (cur or 1) * 100
            cur, prev_digit = 0, False
        else:
            return None
    return total + cur or None


def _to_number(s: str | None) -> int | None:
    if not s:
        return None
    try:
        value = int(s)
    except ValueError:
        value = _EN_NUMBER.get(s.lower()) or _cn_number(s) or (ord(s) - 64 if len(s) == 1 and "A" <= s <= "T" else None) or (
            ord(s) - 0x245F if len(s) == 1 and "\u2460" <= s <= "\u2473" else None
        )
    if value is None or value < 1 or value > 1_000_000:
        return None
    return value


@dataclass
class _Label:
    kind: str
    number: int | None
    value_start: int


_KIND_OF_MATCH: dict[str, tuple[str | None, str]] = {}


def _kind_of_match(kw: str) -> tuple[str | None, str]:
    """``(kind, normalised word)`` of a matched keyword, cached: labels repeat."""
    hit = _KIND_OF_MATCH.get(kw)
    if hit is None:
        word = re.sub(r"\s+", " ", kw.lower())
        hit = _KIND_OF.get(word), word
        if len(_KIND_OF_MATCH) < 4096:
            _KIND_OF_MATCH[kw] = hit
    return hit


# A Chinese verdict label with a word between who gives it and what it is ("面试官最后的评价：",
# "导师的整体反馈：", "HR给的评语：", "最终评价："); the plain forms are keywords.  Without
# who, only an appraisal word counts ("最后总结：" may open a candidate's own summary).  "最后面试官的评价" too.
_ZH_VERDICT = re.compile(
    rf"(?:(?:面试官|面試官|导师|導師|主管|hr)(?:的?(?:最后|最後|最终|最終|整体|整體|总体|總體|给|給)的?|的)"
    rf"(?:评价|評價|点评|點評|反馈|反饋|总结|總結|评语|評語|意见|意見)"
    rf"|(?:最后|最後|最终|最終)的?(?:评价|評價|点评|點評|评语|評語)"
    rf"|(?:最后|最後|最终|最終)(?:面试官|面試官|hr)的?(?:评价|評價|点评|點評|反馈|反饋|评语|評語|意见|意見)"
    # an interviewer named with an honorific: "周工总结：", "李老师的评价：", "王总点评："
    rf"|[\u4e00-\u9fff]{{1,2}}(?:工|老师|老師|总|總|经理|經理|主管)的?(?:总结|總結|点评|點評|评价|評價|反馈|反饋|评语|評語|意见|意見)"
    # a line that introduces the interviewer's own words, quoted below it: "面试结束前王工的原话我记了下来："
    rf"|[^\n:：]{{0,16}}?(?:面试官|面試官|[\u4e00-\u9fff]{{1,2}}(?:工|老师|老師|总|總|经理|經理))的?(?:原话|原話)[^\n:：]{{0,12}}(?=[:：])"
    # ... with more between, the words below it: "面试结束后王工在系统里留的评语，我让 HR 转给我了，原话如下："
    rf"|[^\n:：]{{0,16}}?(?:面试官|面試官|[\u4e00-\u9fff]{{1,2}}(?:工|老师|老師|总|總|经理|經理))[^\n:：]{{0,30}}?(?:原话|原話|原文)"
    rf"(?:如下|是这样的|是這樣的|是)?(?=[:：][ \t]*$))"
    # (when it was written in brackets: "面试官最后的评价（会后整理）：")
    rf"(?:{_BLANK}*[(（][^)）\r\n]{{1,12}}[)）])?"
    # with a colon, or alone on its line as a heading ("## 面试官最后的评价" with the verdict below)
    rf"(?:(?:\*\*|__)?{_BLANK}*[:：](?:\*\*|__)?|(?:\*\*|__)?{_BLANK}*$)"
    # "最后面试官说：…" / "面试官最后说，…"
    rf"|(?:(?:最后|最後)(?:面试官|面試官|hr)|(?:面试官|面試官|hr)(?:最后|最後))(?:说|說|讲|講|总结|總結|评价|評價)(?:了一句)?(?!的|了?什么|了?甚麼)(?:{_BLANK}*[:：,，])?",
    re.IGNORECASE,
)


# English verdict labels with words after what it is ("Interviewer's feedback at the end:",
# "## Feedback from recruiter") and a scorecard's closing fields ("Key Take-Aways",
# "Overall Recommendation: Yes"); with a colon, or alone on their line as a heading.
_EN_BY = r"(?:the\s+)?(?:interviewer|panel|recruiter|hiring\s+manager|hr|hiring\s+team|team|manager|reviewer|grader|assessor|examiner)s?"
_EN_VERDICT = re.compile(
    rf"(?:(?:{_EN_BY})(?:'s|’s)?{_BLANK}+)?(?:feedback|notes|comments?|verdict|assessment|evaluation|decision)"
    rf"{_BLANK}+(?:at{_BLANK}+the{_BLANK}+end|afterwards|after{_BLANK}+the{_BLANK}+(?:call|interview|loop)|later|"
    rf"the{_BLANK}+next{_BLANK}+day|from{_BLANK}+{_EN_BY})(?:{_BLANK}+[a-z]+){{0,3}}"
    rf"|(?:{_EN_BY})(?:'s|’s)?{_BLANK}+(?:feedback|notes|comments?|verdict|assessment|evaluation|decision)(?:{_BLANK}+[a-z]+){{1,4}}(?={_BLANK}*[:：])"
    rf"|key{_BLANK}+take-?{_BLANK}?aways|(?:overall|hiring|final){_BLANK}+recommendation|wrap-?{_BLANK}?up"
    # closing words named as such, with or without who gives them ("Interviewer's closing note:", "Final word from
    # the panel:", "Panel's final thoughts:"), and a verdict under the interviewer's name ("Mark's verdict:")
    rf"|(?:(?:{_EN_BY})(?:'s|’s)?{_BLANK}+)?(?:closing|final|parting){_BLANK}+(?:notes?|words?|thoughts|remarks|take|comments?)"
    rf"(?:{_BLANK}+from{_BLANK}+{_EN_BY})?"
    # ("Summary by MK:", "Notes by J. Alvarez:")
    rf"|(?:summary|notes|feedback|verdict|comments|assessment|write-?up){_BLANK}+by{_BLANK}+(?-i:[A-Z])[\w.]{{0,20}}(?:{_BLANK}+(?-i:[A-Z])[\w.]{{0,20}})?(?={_BLANK}*[:：])"
    # (a name of two words, and when it was written in brackets: "Li Wei's feedback (sent after the call):")
    rf"|(?-i:[A-Z])[a-z]{{1,15}}(?:{_BLANK}(?-i:[A-Z])[a-z]{{1,15}})?(?:'s|’s){_BLANK}+(?:(?:final|overall|closing){_BLANK}+)?"
    rf"(?:verdict|feedback|assessment|take|decision|notes|summary|comments|thoughts)(?:{_BLANK}*[(（][^)）\r\n]{{1,40}}[)）])?(?={_BLANK}*[:：])"
    # ... or when it was written after a comma: "Li Wei's notes, written after the call:", "Panel verdict, written after the call:"
    rf"|(?:(?-i:[A-Z])[a-z]{{1,15}}(?:{_BLANK}(?-i:[A-Z])[a-z]{{1,15}})?(?:'s|’s){_BLANK}+|(?:{_EN_BY})(?:'s|’s)?{_BLANK}+)?"
    rf"(?:(?:final|overall|closing){_BLANK}+)?(?:verdict|feedback|assessment|notes|summary|comments|evaluation|decision|thoughts|take)"
    rf"{_BLANK}*,{_BLANK}*(?:written|sent|added|noted|typed|jotted)(?:{_BLANK}+(?:down|up))?{_BLANK}+(?:after|later|afterwards|the{_BLANK}+next{_BLANK}+day)[^:：\r\n]{{0,30}}(?=[:：])"
    # ... or with when or where it was given: "Priya, afterwards:", "Dana, in the debrief doc:"
    rf"|(?-i:[A-Z])[a-z]{{1,15}}(?:{_BLANK}(?-i:[A-Z])[a-z]{{1,15}})?,{_BLANK}+(?:afterwards|after{_BLANK}+the{_BLANK}+(?:call|interview|loop)|later"
    rf"|in{_BLANK}+(?:the|her|his|their){_BLANK}+(?:debrief|notes|write-?up|feedback|scorecard)(?:{_BLANK}+(?:doc|document|notes))?)(?={_BLANK}*[:：])"
    # a line introducing what the interviewer wrote or said: "Here is what the interviewer wrote afterwards:"
    rf"|(?:here(?:'s|’s|{_BLANK}+is){_BLANK}+)?what{_BLANK}+(?:the{_BLANK}+)?(?:interviewer|panel|recruiter|hiring{_BLANK}+manager|(?-i:[A-Z])[a-z]{{1,15}})"
    rf"{_BLANK}+(?:wrote|said|sent|noted|put){_BLANK}*(?:[a-z]+{_BLANK}*){{0,3}}(?=[:：])",
    re.IGNORECASE,
)
# a result line giving the decision: "面试结果：通过", "结论：不通过", "Outcome: hire.", "Decision - HIRE."; the word
# alone opens too many other lines ("Result: the job ran 2x faster" in a story told by the candidate)
_RESULT_VERDICT = re.compile(
    rf"(?:outcome|result|decision|(?:[一二三四五]面|初试|初試|复试|複試|终面|終面|hr ?面)?(?:面试结果|面試結果|面试结论|面試結論|结论|結論|结果|結果))(?:\*\*|__)?(?:{_BLANK}*[:：]|{_BLANK}+[-–—]{_BLANK}+)(?:\*\*|__)?{_BLANK}*"
    rf"(?=(?:(?:strong|lean|weak){_BLANK}+)?(?:no{_BLANK}*-?{_BLANK}*hire|hire\b|pass\b|passed|reject|advance|offer|"
    rf"recommend|move forward|moving forward|next round|onsite|通过|通過|不通过|不通過|未通过|未通過|挂|掛|拒|待定|录用|錄用|"
    rf"不录用|不錄用|进入|進入|推荐|推薦|建议|建議))",
    re.IGNORECASE,
)
_LABEL_END = re.compile(rf"(?:\*\*|__)?{_BLANK}*(?:[:：](?:\*\*|__)?|(?:\*\*|__)?{_BLANK}*$)")


def _front_matter(text: str, lines) -> int:
    """The number of lines of a YAML front matter block that opens the text (Obsidian,
    Jekyll, Hugo: "---", "key: value" lines, "---"), or 0."""
    if not lines or text[lines[0][0]:lines[0][1]].strip() != "---":
        return 0
    for idx in range(1, min(len(lines), 40)):
        if text[lines[idx][0]:lines[idx][1]].strip() == "---":
            return idx + 1
    return 0


def _match_label(text: str, start: int, end: int) -> _Label | None:
    pos = _PREFIX.match(text, start, end).end()
    z = _ZH_VERDICT.match(text, pos, end)
    if z is not None:
        return _Label("verdict", None, z.end())
    z = _RESULT_VERDICT.match(text, pos, end)
    if z is not None:
        return _Label("verdict", None, z.end())
    z = _EN_VERDICT.match(text, pos, end)
    if z is not None:
        e = _LABEL_END.match(text, z.end(), end)
        if e is not None:
            return _Label("verdict", None, e.end())
    m = _LABEL.match(text, pos, end)
    if m is None:
        return None
    onum, kw, raw_num, who, open_, close, colon, dot, dash, stamp, aside, says = m.group(
        "onum", "kw", "num", "who", "open", "close", "colon", "dot", "dash", "stamp", "aside", "says"
    )
    if says is not None:  # "第一个问题是 DDP 的流程。我从 torchrun 说起…": the question in running prose
        return _Label("q", _to_number(onum), m.end("says"))
    if onum is not None:
        kind, word = "q", "第"
        raw_num = onum
        if not any(c in "题題" for c in text[m.start():m.end()]) and not text[m.end():end].strip(_LINE_TAIL):
            return None  # "第 2 问" alone on its line heads a dialogue's turns; "**第一问** 面试官：…" asks
    else:
        kind, word = _kind_of_match(kw)
        if kind is None:  # pragma: no cover - the regex only matches known words
            return None
    if raw_num is not None and kind not in ("q", "a"):
        return None
    if raw_num is not None and raw_num[0].isalpha() and raw_num[0] not in _CN_DIGITS and (kind != "q" or word == "q"):
        return None  # a number in words counts after "Question" only: "Question one:", not "A one-off:" or "Q one"
    if who is not None and kind not in ("interviewer", "candidate", "verdict") and not (
        kind in ("q", "a") and raw_num is None and colon and _SPEAKER_AFTER_QA.match(who)
    ):
        return None  # "面试官（张工）：", "Interviewer's feedback (sent the next day):", "Q (Mark):", "Q – Priya:"
    if stamp is not None and kind not in ("interviewer", "candidate"):
        return None  # "Interviewer [00:01:12]:"
    if aside is not None and not (kind == "q" and raw_num is not None):
        return None  # "Question 1 (问题1):"
    if kind == "q" and raw_num is None and word in _NEEDS_NUMBER:
        return None
    bracketed = open_ is not None and close is not None
    numbered_q = kind == "q" and raw_num is not None
    if dash and not numbered_q:
        return None  # "Question 2 - …" only; "A - B" is text
    if not (colon or bracketed or ((dot or dash) and numbered_q)):
        # a label alone on its line, its value on the lines below: "问题3" / "### Question 3",
        # or a marked-up heading for the other parts ("## 综合评价", "**回答**"); and a
        # marked-up numbered question with its text after a space: "### Q1 What is DDP?"
        marked = any(c in "#*_、" for c in text[start:pos]) or "[!" in text[start:pos]
        if text[m.end():end].strip(_LINE_TAIL):
            num_end = m.end("onum") if onum is not None else m.end("num")
            if not (marked and numbered_q and m.end() > num_end):  # "### Q1What" is not a label
                return None
        elif not (numbered_q or (marked and kind in _HEADING_KINDS)):
            return None
    if kind == "verdict" and _COUNT_ONLY.fullmatch(text, m.end(), end):
        return None  # a page's counter: "Comments: 14", "评论：128"
    number = _to_number(raw_num) if kind == "q" else None
    return _Label(kind, number, m.end())


# who asks or answers, after a question or answer label: "Q (Mark):", "A – Dev:" (a spaced dash and a name;
# "Q-learning:" and "A-B tests:" are text)
_SPEAKER_AFTER_QA = re.compile(r"[ \t\u3000]*[(（]|[ \t\u3000]+[-–—][ \t\u3000]+[A-Z\u4e00-\u9fff]")
_COUNT_ONLY = re.compile(r"[ \t\u3000*_]*\(?\d[\d.,]*[kK万]?\+?\)?[ \t\u3000*_]*")


@dataclass
class _Block:
    kind: str
    value_start: int
    end: int = -1
    trim_markdown: bool = False


@dataclass
class _QA:
    number: int
    question: _Block
    goal: _Block | None = None
    answers: list[_Block] = field(default_factory=list)


class _Builder:
    """Turns the classified lines into Parts; all offsets index ``text``."""

    def __init__(self, text: str, line_starts: list[int]):
        self.text = text
        self.line_starts = line_starts

    def line_of(self, offset: int) -> int:
        return max(1, bisect_right(self.line_starts, offset))

    def span_of(self, start: int, end: int, trim: str = "", markdown: bool = False) -> tuple[int, int] | None:
        seg = self.text[start:end]
        lstripped = seg.lstrip()
        if not lstripped:
            return None
        s = start + (len(seg) - len(lstripped))
        e = s + len(lstripped.rstrip())
        last = self.text[e - 1]  # not a space
        if last == ">":  # a collapsible section's tags around a part: "…\n\n</details>\n\n<details>"
            m = _DETAILS_TAIL.search(self.text, s, e)
            if m is not None and m.start() > s:
                e = m.start()
                last = self.text[e - 1]
        if last not in trim and not (markdown and last in "*_>"):
            return s, e  # the loop below would change nothing
        while True:
            before = e
            while e > s and self.text[e - 1] in trim:
                e -= 1
            if markdown:
                while e - 2 >= s and self.text[e - 2:e] in ("**", "__"):
                    e -= 2
                m = _HTML_CLOSE_TAIL.search(self.text, s, e) if self.text[e - 1] == ">" else None
                if m is not None:  # "1. 什麼是 DDP？</b></summary>"
                    e = m.start()
            while e > s and self.text[e - 1].isspace():
                e -= 1
            if e == before:
                break
        if e <= s:
            return None
        return s, e

    # Parts are built as plain dicts (every field given, so the models'
    # ``model_fields_set`` is unchanged) and validated in one
    # ``Transcript.model_validate`` call: one trip into pydantic-core instead of
    # one ``__init__`` per Part, Span and QA.
    def part(self, start: int, end: int) -> dict:
        return {"text": self.text[start:end], "span": {"start": start, "end": end}, "line": self.line_of(start)}

    def empty(self, at: int) -> dict:
        return self.part(at, at)

    def block_part(self, block: _Block | None, trim: str = "") -> dict | None:
        if block is None:
            return None
        span = self.span_of(block.value_start, block.end, trim, block.trim_markdown)
        return self.part(*span) if span else None


# A subtitle file's cue (WebVTT / SRT): an optional cue number on its own line, then
# "00:00:17.400 --> 00:00:48.000" (SRT writes a comma before the milliseconds).
_CUE_TIME = re.compile(r"[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}[ \t]*-->[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\b.*")
# a cue's identifier: a number, or Teams' "6c0e2f4a-91b3-4d7e-a5c8-3b1f0d9e2a71/14-0"
_CUE_NUMBER = re.compile(r"[ \t]*(?:\d{1,6}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?:/\d{1,6}-\d{1,3})?)[ \t]*")
_VOICE_CLOSE = re.compile(r"</v>[ \t]*$")


# an interviewer's rating of the answer above it, on a line of its own: "评分：4/5",
# "面试官评分:4 / 5", "Rating: 3/4", "Score: 7 out of 10"
_RATING = re.compile(
    r"[ \t>*_-]*(?:面试官|面試官|interviewer'?s?[ \t]+)?(?:评分|評分|打分|得分|rating|score)[ \t*_]*[:：][ \t*_]*"
    r"\d{1,2}(?:\.\d)?[ \t]*(?:/|／|out of|分)[ \t]*(?:\d{1,3})?[ \t*_.。]*"
    r"|[ \t]*[★☆]{3,10}[ \t]*",  # (a scorecard's stars alone on their line: "★★☆☆")
    re.IGNORECASE,
)


# what opens the next part rather than closing this one: an Obsidian callout's first line
# ("> [!question]"), a markdown section heading ("## Decision") or a rule ("---") right above a label
_OPENER = re.compile(rf"[ \t]*>[ \t]*{_CALLOUT}[ \t]*|[ \t]{{0,3}}#{{1,6}}[ \t]+\S.*|[ \t]*(?:-{{3,}}|\*{{3,}}|_{{3,}}|—{{2,}})[ \t]*")


def _block_end(text: str, lines, idx: int, start: int, senders: dict[int, str]) -> int:
    """Where a block closed by the label on line ``idx`` ends: the start of that line,
    or earlier, before the interviewer's rating lines that close the block and the callout
    or section heading that opens the next, and before the chat sender line or the cue
    number and timing line that head the label's message."""
    end = lines[idx][0]
    k = idx - 1
    while k >= 0 and lines[k][0] > start:
        if _RATING.fullmatch(text, *lines[k]) or _OPENER.fullmatch(text, *lines[k]):
            end = lines[k][0]
        elif text[lines[k][0]:lines[k][1]].strip():
            break
        k -= 1
    if end < lines[idx][0]:
        return _before_voice_close(text, start, end)
    if k >= 0 and lines[k][0] > start and k in senders:
        return lines[k][0]  # "kaito_mlsys — 03/14/2024 9:17 PM" then "q2: …": the sender heads the question
    if k >= 0 and lines[k][0] > start and _CUE_TIME.fullmatch(text, lines[k][0], lines[k][1]):
        end = lines[k][0]
        if k >= 1 and lines[k - 1][0] > start and _CUE_NUMBER.fullmatch(text, lines[k - 1][0], lines[k - 1][1]):
            end = lines[k - 1][0]
    return _before_voice_close(text, start, end)


def _before_voice_close(text: str, start: int, end: int) -> int:
    """``end``, or before a WebVTT voice span's closing ``</v>`` that the part ends with."""
    if "</v>" not in text[max(start, end - 64):end]:
        return end
    stripped = len(text[start:end].rstrip())
    m = _VOICE_CLOSE.search(text, start, start + stripped)
    return m.start() if m else end


# Lines a post or export ends with that belong to no part: hashtags ("#面经 #秋招"),
# a bare link, a transcription service's credit ("Transcribed by https://otter.ai"),
# and the page's furniture: 编辑于 2024-04-12 09:31・IP 属地北京 / 赞同 12 · 收藏 /
# Helpful (7) / reply / Share · Report.
_PAGE_WORDS = (
    "赞同|赞|点赞|收藏|评论|条评论|分享|喜欢|举报|阅读|阅读量|浏览|回复|添加评论|关注|"
    "helpful|not helpful|report|share|reply|flag|flag as inappropriate|save|follow|permalink|upvote|downvote|"
    "upvotes|views|view|answer requested by [a-z .'-]{1,40}"
)
_PAGE_COUNT = r"\d[\d.,]*[万kK]?\+?"
_PAGE_ITEM = rf"(?:[·・|•\-–—][ \t]*(?:{_PAGE_COUNT}[ \t]*)?)?(?:{_PAGE_WORDS})(?:[ \t]*(?:\({_PAGE_COUNT}\)|{_PAGE_COUNT}))?"
_TRAILER = re.compile(
    r"[ \t]*(?:(?:#[^\s#]+[ \t]*)+|#[^\s#][^#\r\n]{0,40}(?:#[^\s#][^#\r\n]{0,40})+|(?:https?://|www\.)\S+"
    r"|(?:transcribed|generated|powered|captions?) by[ \t]+(?:https?://|www\.)?"
    r"(?:\S+\.(?:ai|com|io|net|org|app)\b|otter|zoom|rev|descript|whisper|fireflies|tactiq)\b.*"
    r"|(?:最后)?(?:编辑于|发布于|发表于|修改于|更新于)[ \t]*\d.*|ip[ \t]*属地.*"
    rf"|(?:{_PAGE_COUNT}[ \t]*)?{_PAGE_ITEM}(?:[ \t]*{_PAGE_ITEM})*(?:[ \t]*[·・|•][ \t]*{_PAGE_COUNT})?|{_PAGE_COUNT}[ \t]*(?:条评论|个回答|comments?|points?|replies)"
    # a reactions line: "👍❤️💡 1,204 · 87 comments · 41 reposts"
    rf"|(?:{EMOJI})+[ \t]*{_PAGE_COUNT}(?:[ \t]*[·・|•][ \t]*{_PAGE_COUNT}[ \t]*(?:comments?|reposts?|shares?|likes?|reactions?|条评论|转发|赞))*"
    r")[ \t]*",
    re.IGNORECASE,
)
# A forum thread goes on with other people's comments ("kettle_ops 7 hours ago | parent | next [–]"):
# the last part ends before the first of them.
_THREAD_START = re.compile(
    r"[ \t]*(?:\S{1,40}[ \t]+\d{1,3}[ \t]+(?:second|minute|hour|day|week|month|year)s?[ \t]+ago[ \t]*\|.*"
    # a PTT post's pushes ("推 gpuPoor: 推分享  10/26 22:45") and its signature block ("--", "※ 發信站: …")
    r"|(?:推|噓|嘘|→)[ \t]+[A-Za-z0-9_.]{1,20}[ \t]*:.*|--[ \t]*|※[ \t]*(?:發信站|发信站|文章網址|文章网址|編輯|编辑).*"
    # a postscript added below it, by the candidate or the poster: "P.S. from Sam (added later): …", "Candidate's P.S.: …",
    # "My postscript: …", "后记：…"
    r"|(?:(?:[A-Z][\w]{0,20}(?:'s|’s)[ \t]+)?P\.[ \t]?(?:P\.[ \t]?)?S\.|(?:[Mm]y[ \t]+)?[Pp]ostscript[ \t]*[:：]|(?:附言|后记|後記)[ \t]*[:：]"
    # ... or an update dated after it: "Edit (two weeks later): …", "更新（一周后）：…"
    r"|(?:[Ee]dit|EDIT|[Uu]pdate|UPDATE|更新|补充)[ \t]*[(（][^)）\n]{0,20}(?:later|after|后|後)[)）][ \t]*[:：]).*"
    # a forum's reply list ("全部回复 3", "全部评论"), GitHub's "3 comments · 2 replies" and comment
    # headers ("mlsys-hana on Feb 9", "kwabena-asante commented on Feb 9 · edited")
    r"|(?:全部回复|全部回復|全部评论|全部評論|所有评论|热门评论|最新评论|精选评论)[ \t]*\d*[ \t]*"
    r"|\d+[ \t]+comments?[ \t]*[·・|•][ \t]*\d+[ \t]+repl(?:y|ies)[ \t]*"
    # a count of the comments that follow, alone on its line: "共 36 条评论", "共 18 則留言",
    # V2EX's "42 条回复  •  2024-06-03 10:12:45 +08:00", Reddit's "87 comments"; Reddit's
    # "Sort by: Best" and "level 1"; Glassdoor's list of the same "Interview Questions" again
    r"|(?:共[ \t]*)?\d[\d,.]*[万kK]?[ \t]*(?:条|條|则|則|个|個)?(?:评论|評論|留言|回复|回復|回覆|回应|回應|comments?)"
    r"(?:[ \t]*[·・|•][ \t]*\d{4}[-/.]\d{1,2}[-/.]\d{1,2}.*)?[ \t]*"
    r"|sort[ \t]+by[ \t]*:.*|level[ \t]+\d{1,2}[ \t]*|interview[ \t]+questions[ \t]*"
    r"|[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:[ \t]+commented)?[ \t]+on[ \t]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?[ \t]+\d{1,2}"
    r"(?:,[ \t]*\d{4})?(?:[ \t]*·[ \t]*edited)?(?:[ \t]+(?:author|maintainer|member|contributor|collaborator|owner))?[ \t]*)",
    re.IGNORECASE,
)


def _before_trailers(text: str, lines, start: int) -> int:
    """The end of a part that runs to the end of the text: before any comment by someone
    else that follows it, and before the trailer lines it ends with."""
    last = len(lines)
    k = len(lines) - 1
    while k >= 0 and lines[k][0] > start:
        if _THREAD_START.fullmatch(text, *lines[k]) or _MAIL_HEADER.fullmatch(text, *lines[k]):
            last = k
        k -= 1
    end = lines[last][0] if last < len(lines) else len(text)
    k = last - 1
    while k >= 0 and lines[k][0] > start:
        ls, le = lines[k]
        if text[ls:le].strip() and not _TRAILER.fullmatch(text, ls, le) and not _RATING.fullmatch(text, ls, le):
            break  # (a rating below the last answer, "★★★☆" / "评分：3/5", is no part of it either)
        end = ls
        k -= 1
    return _before_voice_close(text, start, end)


def _split_lines(text: str) -> list[tuple[int, int]]:
    if "\r" not in text:  # "\n" only: str.split is much faster than the regex
        lines = []
        start = 0
        for piece in text.split("\n"):
            end = start + len(piece)
            lines.append((start, end))
            start = end + 1
        if len(lines) > 1 and lines[-1][0] == len(text):
            lines.pop()  # nothing after the final line break
        return lines
    lines: list[tuple[int, int]] = []
    start = 0
    for m in _NEWLINE.finditer(text):
        lines.append((start, m.start()))
        start = m.end()
    if start < len(text) or not lines:
        lines.append((start, len(text)))
    return lines


# Counting characters with ``_CJK.findall`` / ``_LATIN.findall`` builds a list
# of one string per character, which was most of the parse time.  The counts
# are taken on the UTF-8 bytes instead, with C-speed ``bytes`` methods: an ASCII
# letter is one byte, and in UTF-8 a lead byte tells the code point range.
# ``surrogatepass`` makes every ``str`` encodable (a lone surrogate becomes
# ``ED A0..BF xx``, which touches none of the bytes below).
_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_LEAD_5000_9FFF = b"\xe5\xe6\xe7\xe8\xe9"  # U+5000..U+9FFF, all inside _CJK
# Byte classes for the CJK code points whose lead byte is shared with non-CJK
# ones: U+3400..U+3FFF = E3 90..BF, U+4000..U+4DBF = E4 80..B6 (E4 B7 is
# U+4DC0..U+4DFF, outside), U+4E00..U+4FFF = E4 B8..BF, U+F900..U+FAFF = EF A4..AB,
# U+20000..U+2FFFF = F0 A0..AF.
_CLASS = bytearray(b"." * 256)
_CLASS[0xE3], _CLASS[0xE4], _CLASS[0xEF], _CLASS[0xF0] = b"ADBC"
for _b in range(0x80, 0x90):
    _CLASS[_b] = ord("u")  # E3 80..8F: U+3000..U+33FF, not CJK
for _b in range(0xA0, 0xA4):
    _CLASS[_b] = ord("q")
for _b in range(0xA4, 0xAC):
    _CLASS[_b] = ord("r")
for _b in range(0xAC, 0xB0):
    _CLASS[_b] = ord("s")
_CLASS[0xB7] = ord("v")
_CLASS = bytes(_CLASS)


def _cjk_count(data: bytes) -> int:
    """``len(_CJK.findall(text))`` for ``data = text.encode("utf-8", "surrogatepass")``."""
    n = len(data)
    count = n - len(data.translate(None, _LEAD_5000_9FFF))
    if b"\xe3" in data or b"\xe4" in data or b"\xef" in data or b"\xf0" in data:
        c = data.translate(_CLASS)
        # Every lead byte is followed by a continuation byte (80..BF).
        count += c.count(b"A") - c.count(b"Au")  # E3 90..BF
        count += c.count(b"D") - c.count(b"Dv")  # E4 except E4 B7
        count += c.count(b"Br") + c.count(b"Cq") + c.count(b"Cr") + c.count(b"Cs")
    return count


def _language(text: str) -> str:
    # A Chinese character carries about a word; English words average ~5
    # letters.  Chinese transcripts are full of English terms (DDP, NCCL), so
    # "zh" as soon as CJK characters make up a fifth of the letters.
    if text.isascii():
        return "en"  # no CJK character at all
    data = text.encode("utf-8", "surrogatepass")
    latin = len(data) - len(data.translate(None, _ASCII_LETTERS))  # == len(_LATIN.findall(text))
    # U+5000..U+9FFF alone is a lower bound of the CJK count and usually settles it.
    cjk = len(data) - len(data.translate(None, _LEAD_5000_9FFF))
    if not (cjk and cjk * 5 >= latin):
        cjk = _cjk_count(data)
    return "zh" if cjk and cjk * 5 >= latin else "en"


def _title_line(text: str, lines, labels) -> int | None:
    """Index of a short unlabeled first line followed by labelled content."""
    first = next((i for i, (s, e) in enumerate(lines) if text[s:e].strip()), None)
    if first is None or labels[first] is not None:
        return None
    if not any(lab is not None for lab in labels[first + 1:]):
        return None
    s, e = lines[first]
    value = text[s:e].strip().strip("#*_ \t\u3000")
    if not value or value[-1] in _SENTENCE_END:
        return None
    if len(value) > _TITLE_MAX:
        # "Interview Record: Deep Learning Engineer (Distributed Training)" above a blank line
        alone = first + 1 < len(lines) and not text[slice(*lines[first + 1])].strip()
        if not alone or len(value) > _TITLE_MAX_ALONE:
            return None
    return first


def parse_transcript(text: str, source: str = "<text>", encoding: str = "utf-8") -> Transcript:
    """Parse decoded transcript text.  Raises only ``TranscriptError``."""
    try:
        return _parse(text, source, encoding)
    except TranscriptError:
        raise
    except Exception as exc:  # defensive: never leak a bare exception to callers
        raise TranscriptError(f"cannot parse transcript: {type(exc).__name__}: {exc}", path=source) from exc


def read_transcript(path: str | os.PathLike[str], max_bytes: int | None = DEFAULT_MAX_BYTES) -> Transcript:
    """Read, decode and parse a transcript file.

    Files over ``max_bytes`` (default 5 MiB; ``None`` for no limit) are refused
    with a ``TranscriptError`` before they are read.
    """
    text, encoding = read_text(path, max_bytes)
    return parse_transcript(text, source=display_path(path), encoding=encoding)


def read_transcript_stream(stream, source: str = "<stdin>", max_bytes: int | None = DEFAULT_MAX_BYTES) -> Transcript:
    """Read, decode and parse a binary stream (standard input): refused past ``max_bytes`` as a file is."""
    text, encoding = decode_bytes(read_stream(stream, source, max_bytes), source)
    return parse_transcript(text, source=source, encoding=encoding)


def _parse(text: str, source: str, encoding: str) -> Transcript:
    if not isinstance(text, str):
        raise TranscriptError("expected decoded text (str)", path=source)
    if not text or text.isspace():  # same as ``not text.strip()``, without the copy
        raise TranscriptError(EMPTY, path=source)

    lines = _split_lines(text)
    # labels are read on a copy with full-width letters and digits made half-width
    # ("Ｑ１：", "Ａ："): one character for one, so offsets hold for both
    ltext = text.translate(_HALF_WIDTH) if _FULL_WIDTH.search(text) else text
    labels = [_match_label(ltext, s, e) if e > s else None for s, e in lines]
    for idx in range(_front_matter(text, lines)):
        lab = labels[idx]
        if lab is not None and lab.kind not in _HEADER_KINDS:
            labels[idx] = None  # "interviewer: [[Omar Siddiqui]]" in a note's metadata: no turn
    kinds = {lab.kind for lab in labels if lab is not None}
    table = _table_questions(ltext, lines) if "q" not in kinds and ("|" in text or "\t" in text) else None
    # a lone "面试官：刘（速记）" line above numbered notes names the note-taker: it is no dialogue
    lone = sum(1 for lab in labels if lab is not None and lab.kind in ("interviewer", "candidate")) == 1
    if "q" in kinds or table is not None:
        fmt = "labelled"
    elif _speaker_turns(ltext, lines, labels):
        fmt = "dialogue"
    elif "interviewer" in kinds and not lone:
        fmt = "dialogue"
        _other_askers(ltext, lines, labels)
    elif _numbered_questions(ltext, lines, labels):
        fmt = "labelled"
    elif "interviewer" in kinds:
        fmt = "dialogue"
    else:
        raise TranscriptError(NO_QUESTIONS, path=source)

    b = _Builder(text, [s for s, _ in lines])
    senders = _chat_senders(text, lines) if fmt != "dialogue" else {}
    title_idx = _title_line(text, lines, labels)
    title: dict | None = None
    if title_idx is not None:
        s, e = lines[title_idx]
        s = _PREFIX.match(text, s, e).end()
        span = b.span_of(s, e, trim="#*_")
        title = b.part(*span) if span else None

    header: dict[str, _Block | None] = {"intro": None, "role": None, "years": None, "summary": None}
    verdict: _Block | None = None
    qas: list[_QA] = []
    current: _Block | None = None
    state = "pre"  # pre -> q -> goal -> ans ; verdict
    dialogue = fmt == "dialogue"
    headed = False  # the open question came from a numbered label
    # "问题1：…" / "回答：…" / "问：那如果有一张卡很慢呢？" / "答：…" / "问题2：…": in a file that numbers its questions,
    # a bare "问：" / "Q:" inside an answer is the interviewer's follow-up, and it and its reply belong to that answer
    numbered = sum(1 for lab in labels if lab is not None and lab.kind == "q" and lab.number is not None) >= 2
    turns_started = False  # a dialogue's first real turn has been read

    def accepts(lab: _Label, ls: int) -> bool:
        kind = lab.kind
        if kind == "q":
            return not dialogue
        if kind == "interviewer":
            return dialogue
        if kind in _HEADER_KINDS:
            # (and after a verdict put at the top, before any question: "面试结论：通过" / "岗位：…")
            return state == "pre" or (state == "verdict" and not qas)
        if kind == "verdict":
            # a second verdict label right inside the verdict continues it ("Hiring manager's
            # feedback: …" then "Recruiter notes: …"): replacing it would drop the first;
            # after a bare heading ("## 点评" then "点评：…") it replaces nothing
            return state != "verdict" or current is None or not text[current.value_start:ls].strip()
        if kind == "goal":
            return state == "q" and bool(qas) and qas[-1].goal is None
        # answer or candidate turn
        if dialogue:
            return state in ("q", "goal", "ans")
        return state in ("q", "goal")

    section = 0  # the level of the last markdown heading ("## 2. 面试官反馈": 2)
    verdict_section = 0  # the level of the section the verdict is in
    for idx, (ls, le) in enumerate(lines):
        if idx == title_idx:
            continue
        if state == "verdict" and current is verdict and _MAIL_HEADER.fullmatch(text, ls, le):
            current.end = ls  # the recruiter's mail ends; the one quoted below it is another's
            current = None
            state = "post"
        h = _HEADING.match(text, ls, le)
        if h is not None:
            level = len(h.group(1))
            if state == "verdict" and current is verdict and 0 < level <= (verdict_section or 2):
                # "## 3. 自我反思" after the "## 2. 面试官反馈" section: the verdict ends with its section;
                # a verdict in no section ends at the next top-level one ("## What I'd do differently")
                current.end = ls
                current = None
                state = "post"
            if not (level == 1 and section == 0 and not any(text[a:b].strip() for a, b in lines[:idx])):
                section = level  # (a "# …" on the first line is the document's title, not a section)
        if table is not None and table.first <= idx <= table.last:
            if idx == table.first:  # the table's rows are the questions and answers
                if current is not None:
                    current.end = ls
                current = None
                qas.extend(table.qas)
                for kind, block in table.header.items():
                    if header.get(kind) is None:
                        header[kind] = block
                state = "ans"
            continue
        lab = side = labels[idx]
        if lab is not None and dialogue and not turns_started and lab.kind in ("interviewer", "candidate"):
            if _names_the_sides(ltext, lines, labels, idx, lab):
                # "Interviewer: R. Okafor. Candidate: K. Brandt." / "面试官A：王工（训练框架组）" then
                # "候选人：孙同学": a header naming the sides, not a turn
                lab = None
            else:
                turns_started = True
        if dialogue and state == "verdict" and current is verdict and lab is not None and lab.kind in ("candidate", "a"):
            # "面试官：总评：…" then "候选人：谢谢面试官，再见。" (or "面：总评：…" then "答：谢谢面试官！"): the candidate's thanks
            # close the interview, no part of the verdict
            current.end = _block_end(text, lines, idx, current.value_start, senders)
            current = None
            state = "post"
            continue
        if lab is not None and lab.kind == "q" and lab.number is None and state == "ans" and headed and numbered:
            lab = None  # a follow-up inside a numbered question's answer (see ``numbered``)
        if lab is None or not accepts(lab, ls):
            if current is None and state == "pre" and text[ls:le].strip():
                current = _Block("ignored", ls)
                if header["intro"] is None:
                    current.kind = "intro"
                    header["intro"] = current
            if side is not None and state == "pre" and side.kind in ("interviewer", "candidate"):
                # "候选人：王某某　应聘岗位：AI Infra 工程师　工作年限：8年": the fields after the name
                m = _INLINE_HEADER.search(ltext, side.value_start, le)
                kind = _KIND_OF.get(re.sub(r"\s+", " ", m.group("kw").lower())) if m else None
                if kind in ("role", "years"):
                    _header_line(ltext, _Label(kind, None, m.end()), le, header)
            continue
        if current is not None:
            current.end = _block_end(text, lines, idx, current.value_start, senders)
        current = None
        kind = lab.kind
        if kind == "interviewer":
            inner = _match_label(ltext, lab.value_start, le)
            if inner is not None and inner.kind == "verdict":  # "面试官：总评：…", "Interviewer: Feedback: …"
                kind, lab = "verdict", inner

        if kind == "q" and lab.number is None and state == "q" and headed:
            # "### Q2 — Parameter servers" then "**Q:** <question>": one question, the labelled text
            current = qas[-1].question = _Block("q", lab.value_start, trim_markdown=True)
            continue
        if kind == "interviewer" and state == "ans" and _is_backchannel(ltext, lines, labels, idx, lab):
            # "[00:00:40] Interviewer: OK." / "面试官 张三 00:01:02" then "嗯。" between two of the candidate's turns
            # (a meeting app's transcript): no question; the candidate's next turn goes on with the same answer
            continue
        if kind in ("q", "interviewer"):
            headed = kind == "q" and lab.number is not None
            if dialogue or lab.number is None:
                number = (qas[-1].number + 1) if qas and not dialogue else len(qas) + 1
            else:
                number = lab.number
            current = _Block("q", lab.value_start, trim_markdown=True)
            qas.append(_QA(number, current))
            state = "q"
        elif kind == "goal":
            current = _Block("goal", lab.value_start, trim_markdown=True)
            qas[-1].goal = current
            state = "goal"
        elif kind in ("a", "candidate"):
            current = _Block("a", lab.value_start)
            qas[-1].answers.append(current)
            state = "ans"
        elif kind == "verdict":
            current = _Block("verdict", lab.value_start)
            verdict = current
            verdict_section = section
            state = "verdict"
        else:  # header field, possibly several on one line
            current = _header_line(ltext, lab, le, header)

    if current is not None:  # the last part runs to the end, before any trailer lines
        current.end = _before_trailers(text, lines, current.value_start)
    if dialogue and verdict is not None and len(qas) > 2 and not qas[-1].answers and _is_farewell(text, qas[-1].question):
        # "Thanks, Tobias. Take care." with no reply, above a verdict of its own ("Here is what the interviewer wrote
        # afterwards: …"): no question; the exchange before it may be the goodbye
        qas.pop()
    if dialogue and len(qas) > 1 and qas[-1].answers and _is_goodbye(text, qas[-1]):
        # "That's all the time I have, thanks." / "Great, thank you!": no question, no answer
        goodbye = qas.pop()
        if verdict is None:
            verdict = goodbye.question  # the interviewer's closing words; the thanks after them is no part
    for _ in range(OPENING_EXCHANGES_MAX):
        # "hey tobi, I'll go through a few questions, answer like it's the real thing" / "ok ready": no question (nor a mic
        # check before it: "Can you hear me okay?" / "Yes, loud and clear.")
        if not (dialogue and len(qas) > 2 and (qas[0].answers and _is_opener(text, qas[0]) or _is_introduction(text, qas[0]))):
            break
        qas.pop(0)
        for qa in qas:
            qa.number -= 1
    if dialogue and len(qas) > 1 and not qas[-1].answers:
        last = qas[-1].question
        if verdict is None:
            # the interviewer's closing words, with no reply: "Okay, I'll stop there. My feedback: …"
            verdict = qas.pop().question
        elif not text[last.value_start:last.end].strip():
            qas.pop()  # an empty closing turn: a chat header right before "总评：…"
    if not dialogue:
        qas = _without_contents(text, qas)
    if not dialogue and not any(qa.answers for qa in qas):
        # no answer label anywhere: "【问题1】…？" or "### Q1 …" with the answer as plain
        # paragraphs below; the question (or its goal) is its first line, the rest the answer
        for qa in qas:
            last = qa.goal or qa.question
            cut = _question_end(text, lines, b.line_starts, last)
            if cut is not None:
                qa.answers.append(_Block("a", _after_sender(text, lines, b.line_starts, senders, cut, last.end), last.end))
                last.end = cut
        if verdict is None and qas and qas[-1].answers:
            verdict = _closing_message(text, lines, b.line_starts, senders, qas)
    if not dialogue and verdict is None and qas and qas[-1].answers:
        verdict = _summary_verdict(text, lines, b.line_starts, qas)
    if not dialogue and verdict is not None:
        name = _sender_above(text, lines, b.line_starts, senders, verdict.value_start)
        if name is not None:  # "kaito — 9:36 PM" / "feedback: …" / "bytebandit — 9:36 PM" / "ty 🙏"
            _until_other_sender(lines, b.line_starts, senders, verdict, name)

    questions: list[dict] = []
    for qa in qas:
        q_part = b.block_part(qa.question) or b.empty(qa.question.value_start)
        goal = b.block_part(qa.goal)
        answer: dict | None = None
        if qa.answers:
            spans = [sp for sp in (b.span_of(a.value_start, a.end) for a in qa.answers) if sp]
            if spans:
                answer = b.part(spans[0][0], spans[-1][1])
            else:
                answer = b.empty(qa.answers[0].value_start)
        elif dialogue:
            answer = b.empty(q_part["span"]["end"])
        questions.append({"number": qa.number, "question": q_part, "goal": goal, "answer": answer})

    return Transcript.model_validate(dict(
        source=source,
        text=text,
        encoding=encoding,
        language=_language(text),
        format=fmt,
        title=title,
        intro=b.block_part(header["intro"]),
        role=b.block_part(header["role"], trim=_FIELD_TRAIL),
        years=b.block_part(header["years"], trim=_FIELD_TRAIL),
        summary=b.block_part(header["summary"]),
        verdict=b.block_part(verdict),
        questions=questions,
    ))


def _chat_senders(text: str, lines) -> dict[int, str]:
    """The chat sender lines of a text ("bytebandit — 03/14/2024 9:17 PM", "小周 21:20"):
    line index -> name, for names that head two lines or more ("see you at 10:30" once is
    a sentence)."""
    found: dict[int, str] = {}
    for idx, (ls, le) in enumerate(lines):
        tail = text[ls:le].rstrip()[-1:] if le - ls <= 80 else ""
        if tail and tail in "0123456789Mm.]":  # the line ends with the time
            m = _CHAT_HEADER.fullmatch(text, ls, le)
            if m is not None:
                found[idx] = m.group("name").casefold()
    counts: dict[str, int] = {}
    for name in found.values():
        counts[name] = counts.get(name, 0) + 1
    return {idx: name for idx, name in found.items() if counts[name] >= 2}


def _after_sender(text: str, lines, line_starts: list[int], senders: dict[int, str], start: int, end: int) -> int:
    """``start``, or past a chat sender line ("bytebandit — 03/14/2024 9:17 PM") that opens
    the text from there: the answer is the message below it."""
    i = bisect_left(line_starts, start)
    while i < len(lines) and lines[i][0] < end and not text[lines[i][0]:lines[i][1]].strip():
        i += 1
    if i < len(lines) and lines[i][0] < end and i in senders:
        return min(lines[i][1], end)
    return start


def _sender_above(text: str, lines, line_starts: list[int], senders: dict[int, str], pos: int) -> str | None:
    """The name on the chat sender line right above the line holding ``pos``, if there is one."""
    i = bisect_right(line_starts, pos) - 1
    while i > 0 and not text[lines[i - 1][0]:lines[i - 1][1]].strip():
        i -= 1
    return senders.get(i - 1) if i > 0 else None


def _until_other_sender(lines, line_starts: list[int], senders: dict[int, str], block: _Block, name: str) -> None:
    """End ``block`` before the first message of a sender other than ``name`` inside it."""
    j = bisect_right(line_starts, block.value_start)
    while j < len(lines) and lines[j][0] < block.end:
        if senders.get(j, name) != name:
            block.end = lines[j][0]
            return
        j += 1


def _closing_message(text: str, lines, line_starts: list[int], senders: dict[int, str], qas: list[_QA]) -> _Block | None:
    """In a chat export whose questions are labelled ("q1: …" below the asker's sender line),
    the asker's message after the last answer is the closing verdict ("ok that's it!
    feedback: you did great …"); the reply after it (the candidate's thanks) is no part."""
    askers = {_sender_above(text, lines, line_starts, senders, qa.question.value_start) for qa in qas}
    if len(askers) != 1 or None in askers:
        return None  # not every question sits under the same sender's line
    asker = askers.pop()
    answer = qas[-1].answers[-1]
    i = bisect_right(line_starts, answer.value_start)
    while i < len(lines) and lines[i][0] < answer.end:
        if senders.get(i) == asker:
            closing = _Block("verdict", lines[i][1], answer.end)
            answer.end = lines[i][0]
            _until_other_sender(lines, line_starts, senders, closing, asker)
            return closing if text[closing.value_start:closing.end].strip() else None
        i += 1
    return None


# A bare "总结：" / "Summary:" opening a line of the last answer is the candidate's own
# wrap-up, unless it speaks of the candidate in the third person: "总结：该候选人对…",
# "Summary: The candidate showed …" is the record's closing verdict.
_SUMMARY_VERDICT = re.compile(
    rf"(?i){_BLANK}*(?:\*\*|__)?(?:总结|總結|小结|小結|summary|in summary|overall summary)(?:\*\*|__)?{_BLANK}*[:：](?:\*\*|__)?{_BLANK}*"
    r"(?=(?:该|該|这|這|此|本)?(?:位|名)?(?:候选人|候選人|面试者|面試者|被面试人|被面試人|被面试者|被面試者|应聘者|應聘者|求职者|求職者)"
    r"|(?:the|this)\s+(?:candidate|interviewee|applicant)\b)"
)


def _summary_verdict(text: str, lines, line_starts: list[int], qas: list[_QA]) -> _Block | None:
    """The closing verdict under a bare "总结：" that speaks of the candidate (see ``_SUMMARY_VERDICT``),
    taken out of the last answer; None when there is none."""
    answer = qas[-1].answers[-1]
    i = bisect_right(line_starts, answer.value_start)  # from the answer's second line
    while i < len(lines) and lines[i][0] < answer.end:
        m = _SUMMARY_VERDICT.match(text, lines[i][0], lines[i][1])
        if m is not None:
            closing = _Block("verdict", m.end(), answer.end)
            answer.end = lines[i][0]
            return closing
        i += 1
    return None


# Another side's label inside a turn's first line: the line is a header naming both sides.
_ROLE_LABEL = re.compile(
    r"(?i)(?:^|[\s.,;|，。；、])(?:interviewer|interviewee|candidate|面试官|面試官|候选人|候選人|面试者|面試者|应聘者|應聘者)"
    r"(?:[ \t]?[a-c1-3])?[ \t\u3000]*[:：]"
)
_THANKS = re.compile(
    r"(?i)\b(?:thanks|thank you|bye|cheers|see you|take care)\b|谢谢|謝謝|感谢|感謝|再见|再見|辛苦了|拜拜"
)


_NAME_VALUE = re.compile(r"[ \t\u3000]*[^?？。.!！\n]{1,24}?[ \t\u3000]*")


def _names_the_sides(text: str, lines, labels: list, idx: int, lab: _Label) -> bool:
    """Is a speaker line before the first turn a header naming the sides rather than a turn?

    Either it names the other side too ("Interviewer: R. Okafor. Candidate: K. Brandt."),
    or it is only a name ("面试官A：王工（训练框架组）", "Candidate: Jane Roe") with another
    speaker line right below it.
    """
    if _ROLE_LABEL.search(text, lab.value_start, lines[idx][1]):
        return True
    if not _NAME_VALUE.fullmatch(text, lab.value_start, lines[idx][1]):
        return False
    j = idx + 1
    while j < len(lines) and not text[lines[j][0]:lines[j][1]].strip():
        j += 1
    return j < len(lines) and labels[j] is not None and labels[j].kind in ("interviewer", "candidate")


# A listener's turn that only signals attention: "嗯。", "嗯嗯，好。", "OK.", "Right, right.", "Mm-hm.", "Got it, go on."
_BACKCHANNEL = re.compile(
    r"(?:(?:嗯+|嗯哼|哦+|噢|好+|好的|对+|是的?|明白了?|了解了?|懂了|收到|行|继续|请继续|你继续|接着说|您继续"
    r"|ok(?:ay)?|right|yeah|yep|yes|sure|uh[- ]?huh|m+[- ]?h+m+|hmm+|got it|i see|go on|go ahead|please go on"
    r"|please continue|continue|keep going|makes sense)[\s,，、.。!！~～…]*)+",
    re.IGNORECASE,
)


_VTT_NOISE = re.compile(r"</?v[^>]*>|\d{2}:\d{2}(?::\d{2})?[.,]\d{3}\s*-->\s*\S+|[0-9a-f]{8}-[0-9a-f-]{27,}/\d+-\d+")


def _is_backchannel(text: str, lines, labels: list, idx: int, lab: _Label) -> bool:
    """Is the interviewer's turn at line ``idx`` (to the next labelled line) only a back-channel?"""
    # (a WebVTT cue's closing tag, and the next cue's id and timing lines, are no words of the turn: "<v Tom>Mm-hm.</v>")
    parts = [_VTT_NOISE.sub("", text[lab.value_start:lines[idx][1]])]
    for j in range(idx + 1, len(lines)):
        if labels[j] is not None:
            break
        parts.append(_VTT_NOISE.sub("", text[lines[j][0]:lines[j][1]]))
        if sum(map(len, parts)) > 40:
            return False
    turn = " ".join(p.strip() for p in parts).strip()
    return bool(turn) and len(turn) <= 40 and _BACKCHANNEL.fullmatch(turn) is not None


_READY = re.compile(
    r"(?i)\W*(?:ok(?:ay)?|sure|ready|sounds good|go ahead|let's go|let's do it|yep|yes|好的?|可以的?|没问题|行|嗯+|我?准备好[了啦])(?:[\u4e00-\u9fff]{0,2}(?:老师|工|总|哥|姐|同学))?(?:[\s,!.。！，~]+\w{0,12})?"
    # then only the words of being ready: "Sounds good, I'm ready.", "Sounds good, ready when you are."
    r"(?:[\s,!.。！，~]+(?:i'?m|i am|ready|when(?:ever)?|you(?:'re)?|are|let's|go|start|begin|all|set|fire|away|thanks|thank|"
    r"sure|ok(?:ay)?|good|great|happy|to|shoot|then|too|ahead|works?|fine|do|it|我?准备好[了啦]|开始吧|请开始|来吧|随时|没问题|可以)(?!\w)){0,6}[\s!.。！~]*"
)


# Asking whether the candidate is ready or can be heard is asking nothing: "你准备好了吗？", "Ready?", "Can you hear me OK?"
_READY_ASK = re.compile(
    r"^\W*在吗[?？]|[^。.!！?？\n]{0,20}?(?:准备好了吗|准备好了没|可以开始了吗|能听(?:到|见|清)[^。.!！?？\n]{0,6}吗|听得(?:到|见|清)[^。.!！?？\n]{0,6}吗|声音清楚吗"
    r"|开始吧(?=[?？])|就开始(?=[?？])|(?:我们|咱们|那)开始(?=[?？])|好吗|可以吗|可以吧|行吗|行吧|没问题吧|没问题吗|ready|shall we (?:start|begin)|can we (?:start|begin)|can you hear me|hear me okay|good to go|all set)"
    r"[^。.!！?？\n]{0,16}[?？]"
    # ... and a tag asking for consent: "I'll go through a few questions, okay?", "… for your questions. Sound good?"
    r"|(?<![^\s,，.。!！])(?:is that )?(?:okay|ok|alright|all right|sounds? good)\s*[?？]",
    re.IGNORECASE,
)
# A reply about the line, not the interview: "能听到，就是有一点回音", "Yes, loud and clear. Can you hear me?"
_HEARING = re.compile(
    r"听到|听得到|听得见|听见|听清|声音|回音|耳机|麦克风|信号|摄像头|静音|(?<![a-z])(?:hear|audio|mic|microphone|camera|loud and clear|connection"
    r"|the line|you sound|on mute|muted)(?![a-z])",
    re.IGNORECASE,
)
# Words of the interview's subject: a turn or a reply that holds one is no small talk
_SUBJECT = re.compile(
    r"分布式|并行|训练|模型|梯度|参数|显存|卡|节点|通信|同步|集群|(?<![a-z])(?:gpus?|ddp|all-?reduce|ring|batch|parallel\w*|gradients?"
    r"|models?|parameters?|train\w*|nodes?|sync\w*|clusters?|workers?|servers?)(?![a-z])",
    re.IGNORECASE,
)
OPENING_TURN_MAX = 120
OPENING_REPLY_MAX = 100
# The interviewer announcing the format ("I'll ask you some distributed training questions, then you can ask me anything",
# "今天主要聊分布式训练"), asking for nothing yet; and a reply that opens with consent, whatever chat follows it
_ANNOUNCES = re.compile(
    r"(?<![a-z])(?:i'll (?:ask|go through|start with)|i will (?:ask|go through)|we'll (?:spend|talk|cover|go through|start)|we will (?:spend|talk|cover))"
    r"|今天(?:主要|大概)?(?:聊|问)|问你几个|先问几个|问几个",
    re.IGNORECASE,
)
_ASKS_FOR = re.compile(
    r"(?<![a-z])(?:explain|describe|tell me|walk me|what|how|why|which|when|could you|can you)(?![a-z])|讲讲|说说|讲一下|说一下|介绍一下你|什么|怎么|为什么|如何|哪",
    re.IGNORECASE,
)
# (the consent a sentence of its own: "Sounds good. Actually I watched your team's talk …", not "Sure, each GPU holds a copy.")
_CONSENT_LEAD = re.compile(r"\W*(?:ok(?:ay)?|sure|sounds good|great|好的|好|可以|没问题|行)[.!。！]", re.IGNORECASE)
CONSENT_REPLY_MAX = 200
# Small talk before the interview: "路上还顺利吗？" / "挺顺利的，就是地铁有点挤。", "How's your week going?" / "Busy but good.",
# and who is on the line: "是陈同学吧？", "Where are you calling in from today?"
_SMALL_TALK = re.compile(
    r"路上|顺利吗|順利嗎|吃饭了吗|吃飯了嗎|天气|天氣|最近怎么样|最近怎麼樣|最近忙吗|周末|週末|好找吗|好找嗎|在家|在公司|方便说话|方便吗|方便吧|方便聊|现在方便|耽误"
    r"|是[\u4e00-\u9fff]{1,4}(?:同学|先生|女士|老师)吧|calling (?:in )?from|where are you (?:based|calling|joining)"
    r"|(?<![a-z])(?:how are you|how's it going|how is it going|how(?:'s| is| was) your (?:day|week|morning|weekend|trip|commute)"
    r"|how was the (?:trip|drive|commute|traffic)|find (?:us|the (?:place|room|office|link)) okay|weather)(?![a-z])",
    re.IGNORECASE,
)
# ... and a check of who answers, by name alone: "你好，是小陈吧？", "Is this Arjun?"
_WHO_CHECK = re.compile(r"是[\u4e00-\u9fff]{1,4}[吧吗][?？]|(?<![a-z])(?:is this|am i speaking (?:to|with)) [a-z]+\?", re.IGNORECASE)
SMALL_TALK_REPLY_MAX = 60
OPENING_EXCHANGES_MAX = 4  # (a panel's: a line check, the first interviewer's introduction, the second's greeting, the format)
# A greeting, asking nothing: "你好。" / "你好你好。", "Hey Omar, good to meet you." / "Hi both, thanks for having me."
_GREETING = re.compile(
    r"\W*(?:hi|hello|hey|(?:good )?(?:morning|afternoon|evening)|nice to meet|good to meet|great to meet|welcome|你好|您好|大家好|两位好|欢迎)(?![a-z])",
    re.IGNORECASE,
)
GREETING_MAX = 60
# An interviewer introducing themselves or who else is on the call: "我叫王磊，是训练平台的负责人。这位是陈静", "I'm Maya, I lead
# the training infrastructure team, and Rob is on the call too.", "You'll be speaking with Ahmed, the hiring manager"
_INTRODUCES = re.compile(
    r"(?<![a-z])(?:i'm|i am|this is|my name is|[a-z]+ here|you'll be (?:speaking|talking) (?:with|to)|(?:is|are) (?:on the call|joining)"
    # (and handing over to them: "好的，那我先下线了，杨工您开始吧。", "I'll drop off now", "over to you, Sam")
    r"|joining (?:us|me)|i'll (?:drop|hop) off|i'll leave you|over to you|hand (?:it )?over)(?![a-z])|我先下线|我先退出|交给|我叫|我是|我姓|这位是|這位是|旁边是|旁邊是|这边是|這邊是|我们两个|我們兩個|我先介绍|我先介紹|一位同事",
    re.IGNORECASE,
)


def _is_introduction(text: str, qa: _QA) -> bool:
    """A panel's opening turn that introduces who is on the call and asks nothing, with no reply (the next interviewer
    greets the candidate: "王磊：我叫王磊，是训练平台的负责人。这位是陈静。" / "陈静：你好。") or a short one ("Thanks!")."""
    asked = text[qa.question.value_start:qa.question.end]
    if any(c in asked for c in "?？") or not _INTRODUCES.search(asked) or _ASKS_FOR.search(_INTRODUCES.sub("", asked)):
        return False
    if not qa.answers:
        return True
    a = text[qa.answers[0].value_start:qa.answers[-1].end].strip()
    return len(a) <= GREETING_MAX and not any(c in a for c in "?？") and not _SUBJECT.search(a)


_SENTENCE_BEFORE = re.compile(r".*[.!。！?？](?=\s*\S)", re.DOTALL)


def _last_sentence(turn: str) -> tuple[str, str]:
    """The turn split before its last sentence: ("Welcome back. Today we try a mock.", "Where are you calling in from?")."""
    m = _SENTENCE_BEFORE.match(turn)
    return (turn[:m.end()], turn[m.end():].strip()) if m is not None else ("", turn)


def _is_opener(text: str, qa: _QA) -> bool:
    """A dialogue's opening exchange: an interviewer turn that asks nothing ("I'll go through a few questions, answer like it's
    the real thing", "你准备好了吗？") and a bare "ok ready" / "好的" in reply."""
    asked = text[qa.question.value_start:qa.question.end]
    q = _READY_ASK.sub("", asked)
    a = text[qa.answers[0].value_start:qa.answers[-1].end].strip()
    if (
        _GREETING.match(asked) and len(asked.strip()) <= GREETING_MAX and len(a) <= GREETING_MAX
        and not any(c in asked + a for c in "?？") and not _SUBJECT.search(asked + " " + a) and not _ASKS_FOR.search(asked)
    ):
        return True  # (a greeting and a greeting back: "你好。" / "你好你好。", "Hi Jordan!" / "Hi, nice to meet you both.")
    if _SMALL_TALK.search(asked) and len(asked.strip()) <= SMALL_TALK_REPLY_MAX and len(a) <= SMALL_TALK_REPLY_MAX:
        return True  # (a short question of small talk, a short reply)
    # (a welcome that asks nothing, then a short question of small talk: "Welcome back to the show. Today we're trying a
    # live mock interview. Where are you calling in from today?" / "From Lisbon, it's a sunny afternoon here.")
    lead, last = _last_sentence(asked.strip())
    if (
        lead and _SMALL_TALK.search(last) and len(last) <= SMALL_TALK_REPLY_MAX and len(a) <= SMALL_TALK_REPLY_MAX
        and not any(c in lead for c in "?？") and not _SUBJECT.search(lead + " " + a) and not _ASKS_FOR.search(lead)
    ):
        return True
    if (
        (_HEARING.search(asked) or _SMALL_TALK.search(asked) or _WHO_CHECK.search(asked)) and len(asked.strip()) <= OPENING_TURN_MAX
        and len(a) <= OPENING_REPLY_MAX and not _SUBJECT.search(asked) and not _SUBJECT.search(a)
    ):
        return True  # (a check of the line or a greeting, asked and answered without a word of the subject: "Hello? Can you
        # hear me?" / "Yep, I can hear you.", "你那边有点回音，方便戴个耳机吗？" / "好的，稍等……现在呢？")
    if any(c in q for c in "?？"):
        return False
    announced = _ANNOUNCES.search(q) is not None and not _ASKS_FOR.search(_ANNOUNCES.sub("", q))
    if announced and _CONSENT_LEAD.match(a) and len(a) <= CONSENT_REPLY_MAX and not any(c in a for c in "?？"):
        return True  # (the format announced, consent given with a remark: "Sounds good. Actually I watched your team's talk …")
    # (a check of the line, answered about the line: "能听到我说话吗？" - "能听到，就是有一点回音…现在应该清楚了。")
    return (len(a) <= 48 and _READY.fullmatch(a) is not None) or (
        len(a) <= 100 and _HEARING.search(asked) is not None and _HEARING.search(a) is not None
    )


def _is_farewell(text: str, turn: _Block) -> bool:
    """An interviewer's short closing turn: thanks or goodbye, asking nothing ("Thanks, Tobias. Take care.", "好，拜拜。")."""
    q = text[turn.value_start:turn.end].strip()
    return len(q) <= 60 and "?" not in q and "？" not in q and _THANKS.search(q) is not None


def _is_goodbye(text: str, qa: _QA) -> bool:
    """A closing exchange: an interviewer turn that asks nothing ("That's all from me, you did
    great.", "好，今天就到这里") and a short thanks in reply ("Great, thank you!", "谢谢面试官，再见")."""
    q = text[qa.question.value_start:qa.question.end]
    a = text[qa.answers[0].value_start:qa.answers[-1].end].strip()
    return (
        not any(c in q for c in "?？") and len(a) <= 100 and _THANKS.search(a) is not None
        and "?" not in a and "？" not in a
    )


@dataclass
class _Table:
    first: int  # line indices of the table's header and last row
    last: int
    qas: list[_QA]
    header: dict[str, _Block]


_ROW = re.compile(r"[ \t\u3000]*\|.*\|[ \t\u3000]*")
_RULE_ROW = re.compile(r"[ \t\u3000]*\|(?:[ \t\u3000]*:?-{2,}:?[ \t\u3000]*\|)+[ \t\u3000]*")
_NUMBER_HEADS = frozenset({"#", "no", "no.", "序号", "序號", "编号", "編號", "题号", "題號", "n"})


def _cells(text: str, ls: int, le: int) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a table row, blanks trimmed ("\\|" is no separator)."""
    bars = [i for i in range(ls, le) if text[i] == "|" and (i == 0 or text[i - 1] != "\\")]
    cells = []
    for a, b in zip(bars, bars[1:]):
        a += 1
        while a < b and text[a] in " \t\u3000":
            a += 1
        while b > a and text[b - 1] in " \t\u3000":
            b -= 1
        cells.append((a, b))
    return cells


def _column_kind(cell: str) -> str | None:
    word = re.sub(r"\s+", " ", cell.strip(" *_:：").lower())
    if word in _NUMBER_HEADS:
        return "number"
    kind = _KIND_OF.get(word)
    if kind in ("q", "a", "goal"):
        return kind
    if "问题" in word or "問題" in word or "question" in word:
        return "q"
    if "回答" in word or "答案" in word or "answer" in word or "response" in word:
        return "a"
    return None


def _table_questions(text: str, lines) -> _Table | None:
    """Questions and answers kept in a markdown table: "| 序号 | 问题 | 回答 |" / "| Question | My answer |".

    The header row names a question column and an answer column (and maybe a
    number or goal column); a rule row ("|---|---|") follows; each row after it
    is one question with its answer, the cells' offsets pointing into the text.
    Two-column tables of header fields ("| 岗位 | 训练框架工程师 |") fill the
    role / years when they come first.
    """
    header: dict[str, _Block] = {}
    n = len(lines)
    i = 0
    while i + 2 < n:
        ls, le = lines[i]
        if not (_ROW.fullmatch(text, ls, le) and _RULE_ROW.fullmatch(text, *lines[i + 1])):
            i += 1
            continue
        heads = [_column_kind(text[a:b]) for a, b in _cells(text, ls, le)]
        j = i + 2
        rows = []
        while j < n and _ROW.fullmatch(text, *lines[j]):
            rows.append(_cells(text, *lines[j]))
            j += 1
        if "q" in heads and "a" in heads and len(rows) >= 2:
            qas = _row_questions(text, heads, rows, markdown=True)
            if len(qas) >= 2:
                return _Table(i, j - 1, qas, header)
        else:  # a table of header fields: "| 岗位 | … |", "| 工作年限 | 5 年 |"
            for cells in [_cells(text, ls, le)] + rows:
                _header_cells(text, cells, header, markdown=True)
        i = j
    return _tsv_questions(text, lines)


def _row_questions(text: str, heads: list[str | None], rows: list[list[tuple[int, int]]], markdown: bool) -> list[_QA]:
    """One question per table row with as many cells as the header, its question cell not empty (markdown tables and
    tab-separated exports alike); a row with no number takes the next one."""
    qc, ac = heads.index("q"), heads.index("a")
    nc = heads.index("number") if "number" in heads else None
    gc = heads.index("goal") if "goal" in heads else None
    qas: list[_QA] = []
    for cells in rows:
        if len(cells) != len(heads) or cells[qc][0] == cells[qc][1]:
            continue
        number = _to_number(text[slice(*cells[nc])].strip(" *_#.")) if nc is not None else None
        number = number if number is not None else (qas[-1].number + 1 if qas else 1)
        qa = _QA(number, _Block("q", cells[qc][0], cells[qc][1], trim_markdown=markdown))
        if gc is not None and cells[gc][0] < cells[gc][1]:
            qa.goal = _Block("goal", cells[gc][0], cells[gc][1], trim_markdown=markdown)
        qa.answers.append(_Block("a", cells[ac][0], cells[ac][1]))
        qas.append(qa)
    return qas


def _header_cells(text: str, cells: list[tuple[int, int]], header: dict[str, _Block], markdown: bool) -> None:
    """A two-cell row naming the role or the years ("| 岗位 | 训练框架工程师 |", "工作年限<TAB>6年") fills that field once."""
    if len(cells) == 2:
        kind = _KIND_OF.get(re.sub(r"\s+", " ", text[slice(*cells[0])].strip(" *_:：").lower()))
        if kind in ("role", "years") and kind not in header and cells[1][0] < cells[1][1]:
            header[kind] = _Block(kind, cells[1][0], cells[1][1], trim_markdown=markdown)


def _tsv_cells(text: str, ls: int, le: int) -> list[tuple[int, int]]:
    """The (start, end) of each tab-separated cell of a line, blanks trimmed."""
    cells, a = [], ls
    for i in [*(k for k in range(ls, le) if text[k] == "\t"), le]:
        s, e = a, i
        while s < e and text[s] in " \u3000":
            s += 1
        while e > s and text[e - 1] in " \u3000":
            e -= 1
        cells.append((s, e))
        a = i + 1
    return cells


def _tsv_questions(text: str, lines) -> _Table | None:
    """Questions and answers in a tab-separated export (a recruiting system's "序号\t题目\t候选人回答" sheet): the header
    row names a question column and an answer column, each row below with as many cells is one question; two-cell rows
    above it ("应聘职位\t推荐算法工程师") give the role and years."""
    header: dict[str, _Block] = {}
    n = len(lines)
    for i, (ls, le) in enumerate(lines):
        if "\t" not in text[ls:le]:
            continue
        cells = _tsv_cells(text, ls, le)
        if len(cells) == 2:
            _header_cells(text, cells, header, markdown=False)
            continue
        heads = [_column_kind(text[a:b]) for a, b in cells]
        if not ("q" in heads and "a" in heads):
            continue
        j = i + 1
        while j < n and "\t" in text[lines[j][0]:lines[j][1]]:
            j += 1
        qas = _row_questions(text, heads, [_tsv_cells(text, *lines[k]) for k in range(i + 1, j)], markdown=False)
        if len(qas) >= 2:
            return _Table(i, j - 1, qas, header)
    return None


def _first_line(text: str, block: _Block) -> str:
    return text[block.value_start:block.end].strip().split("\n", 1)[0].strip(" \t\u3000*_#")


def _without_contents(text: str, qas: list[_QA]) -> list[_QA]:
    """Drop a table of contents that lists the questions before they are asked.

    "目录" / "Contents" followed by "问题1：…", "问题2：…" on consecutive lines,
    then the same labels again with their answers: the listed questions have
    no answer or goal, sit one per line (the last may run on into an intro
    paragraph), the numbering starts again at the first number, and each
    listed question is asked again later.  Graded as they are, they would be
    unanswered questions.
    """
    if len(qas) < 4:
        return qas
    first = qas[0].number
    j = next((i for i in range(2, len(qas) - 1) if qas[i].number == first and qas[i - 1].number >= first), None)
    if j is None:
        return qas
    listed = qas[:j]
    if any(qa.answers or qa.goal is not None for qa in listed):
        return qas
    if any("\n" in text[qa.question.value_start:qa.question.end].strip() for qa in listed[:-1]):
        return qas
    asked = [_first_line(text, qa.question) for qa in qas[j:]]
    for qa in listed:
        entry = _first_line(text, qa.question)
        if not entry or not any(a.startswith(entry) or entry.startswith(a) for a in asked if a):
            return qas
    return qas[j:]


_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u017f"  # (Latin Extended-A mixes cases: "Łukasz", "Ćwik")
_LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0100-\u017f"
_NAME_TURN = re.compile(
    rf"{_BLANK}*(?:\*\*)?(?:{_STAMP}{_BLANK}*)?"
    # a name ("Priya", "Dana Whitfield"), a chat handle ("marisol_ml", "kev2"), or a Chinese name
    r"(?P<name>(?:[Ss]peaker|SPEAKER|[Pp]articipant|说话人|說話人|发言人|發言人|讲者|講者)[ \t]?(?:\d{1,2}|[A-H])(?![\w])"
    # (Latin letters with accents too: "Tomás", "José Núñez", "Łukasz")
    rf"|[{_UPPER}][{_LETTER}'.-]{{0,19}}(?: [{_UPPER}][{_LETTER}'.-]{{0,19}}){{0,2}}|[{_LETTER}][{_LETTER}0-9_.-]{{1,23}}"
    r"|[\u4e00-\u9fff]{1,4})"
    # a role or note after the name: "Priya (interviewer):", "Sam [interviewer]:", "Dana Whitfield - Interviewer:", "王工-面试官："
    rf"(?:{_BLANK}*(?:[(（](?P<role>[^)）\r\n]{{1,40}})[)）]|\[(?P<brole>[^\]\r\n]{{1,40}})\]|[-–—]{_BLANK}*(?P<drole>[^\s:：()（）\[\]-]{{1,12}})))?"
    rf"(?:{_BLANK}*{_STAMP})?(?:\*\*)?{_BLANK}*[:：](?:\*\*)?"
)
# a meeting export's speaker line: a full name alone on its line, the words below (Google Meet:
# "Hannah Okoro" / "Tomasz Wilk"); counted only when two such names take turns (_speaker_turns)
_BARE_NAME = re.compile(rf"{_BLANK}*(?P<name>[{_UPPER}][{_LETTER}'’-]{{1,19}}(?: [{_UPPER}][{_LETTER}'’-]{{1,19}}){{1,2}}){_BLANK}*")
# a WebVTT voice span opening a cue's text (Teams, YouTube): "<v Megan Oduya>Okay, …</v>"
_VOICE_TAG = re.compile(rf"{_BLANK}*<v(?:\.[\w.-]+)*[ \t]+(?P<name>[^<>\r\n]{{1,40}}?)[ \t]*>")
# a chat export's message header on a line of its own: "小周 21:20", "Priya 2024-05-01 09:12:30",
# Slack's "Dana Whitfield  10:02 AM" (a name of up to three words; a 12-hour clock), Discord's
# "bytebandit — 03/14/2024 9:17 PM" and "bytebandit — Today at 9:17 PM"
_CHAT_HEADER = re.compile(
    rf"{_BLANK}*(?P<name>(?:说话人|說話人|发言人|發言人|讲者|講者|[Ss]peaker|[Pp]articipant) ?\d{{1,2}}"
    rf"|[^\s:：—–]{{1,16}}(?: [^\s:：\d—–][^\s:：]{{0,15}}){{0,2}}){_BLANK}+(?:[—–-]{_BLANK}+)?"
    rf"(?:(?:\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|(?:[Tt]oday|[Yy]esterday) at){_BLANK}+)?"
    rf"\[?\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:{_BLANK}?[AaPp]\.?[Mm]\.?)?\]?{_BLANK}*$"
)
# a speaker's initials inside a recording's timestamp: "[RK 00:00:09] Thanks for making time."
_TAGGED_TURN = re.compile(rf"{_BLANK}*\[(?P<name>[A-Za-z][\w.-]{{0,15}})[ \t]+\d{{1,2}}:\d{{2}}(?::\d{{2}})?\][ \t]*(?=\S)")
# an IRC log's nick: "[21:00] <mentor_ada> first: what changes …"
_IRC_TURN = re.compile(rf"{_BLANK}*(?:{_STAMP}{_BLANK}*)?<[@+%]?(?P<name>[A-Za-z][\w.|-]{{0,23}})>[ \t]*(?=\S)")
_TURNS_MIN = 3  # turns each of the two speakers needs
_SPEAKERS_MAX = 5  # a candidate and up to four interviewers
_SIGNATURE_RULES = frozenset({"--", "—"})  # the line that opens an e-mail signature ("-- ", stripped)
_MAIL_FIELDS = frozenset({
    "from", "to", "sent", "subject", "cc", "bcc", "date", "reply-to",
    "发件人", "發件人", "收件人", "主题", "主題", "发送时间", "發送時間", "抄送", "日期",
})
# the header of an e-mail quoted below a reply: "From: Tomás Ferreira <tomas@…>", "发件人：…",
# "-----Original Message-----", "On Mon, Apr 8, 2024 at 10:15 AM Tomás <…> wrote:"
_MAIL_HEADER = re.compile(
    r"[ \t>]*(?:(?:from|发件人|發件人)[ \t]*[:：].*(?:<[^<>@\s]+@[^<>\s]+>|@[\w-]+\.\w).*"
    r"|-{2,}[ \t]*(?:original message|forwarded message|原始邮件|原始郵件|转发的邮件)[ \t]*-{2,}"
    r"|on[ \t].{6,120}[ \t]wrote:)[ \t]*",
    re.IGNORECASE,
)


def _speaker_turns(text: str, lines, labels: list) -> bool:
    """Label a conversation between two named speakers ("Priya: …" / "Marcus: …",
    "[00:01:12] DANA: …", "张工：…" / "小李：…", or a chat export's "小周 21:20" lines
    with the message below).

    Used when no line is a question label and at most one names the interviewer
    (a header line such as "Interviewer: Priya Raman, staff engineer").  Two
    names must each speak at least ``_TURNS_MIN`` times and mostly take turns.
    The interviewer is the one a header line names, else the one whose turns
    more often end with a question mark, else the one who speaks first.  The
    header lines become intro text.
    """
    if sum(1 for lab in labels if lab is not None and lab.kind == "interviewer") > 1:
        return False
    turns: list[tuple[int, str, int]] = []  # (line index, name, value start)
    roles: dict[str, str] = {}  # the role a turn gives with the name: "Sam [interviewer]:", "Priya (candidate):"
    for idx, (ls, le) in enumerate(lines):
        if text[ls:le].strip() in _SIGNATURE_RULES:
            break  # an e-mail signature below ("--" / "Dana Whitfield" / "Senior SRE"): its name line is no turn
        if labels[idx] is None:
            m = (
                _NAME_TURN.match(text, ls, le) or _TAGGED_TURN.match(text, ls, le) or _IRC_TURN.match(text, ls, le)
                or _CHAT_HEADER.match(text, ls, le)
                or _VOICE_TAG.match(text, ls, le) or _BARE_NAME.fullmatch(text, ls, le)
            )
            if m is not None:
                turns.append((idx, m.group("name").casefold(), m.end()))
                if m.re is _NAME_TURN and (m.group("role") or m.group("brole") or m.group("drole")):
                    said = _kind_of_match((m.group("role") or m.group("brole") or m.group("drole")).strip(" \t\u3000"))[0]
                    if said in ("interviewer", "candidate"):
                        roles.setdefault(m.group("name").casefold(), said)
    counts: dict[str, int] = {}
    for _, name, _ in turns:
        if name not in _MAIL_FIELDS:  # an e-mail thread's "From:" / "Subject:" lines are no speakers
            counts[name] = counts.get(name, 0) + 1
    pair = sorted(counts, key=lambda n: (-counts[n], n))[:2]
    if len(pair) < 2 or counts[pair[1]] < _TURNS_MIN:
        return False
    # a panel: a third or fourth speaker whose turns the same one of the two answers ("王磊：…" / "陈静：Ring-Allreduce
    # 展开讲讲？" / "林晓：…", "INT1:" / "INT2:" / "CAND:", "HR:" / "HM:" / "ENG:" / "CAND:") asks too
    answered_by: dict[str, str] = {}
    for name in sorted(counts, key=lambda n: (-counts[n], n))[2:_SPEAKERS_MAX]:
        if counts[name] < 2:
            break
        after = [turns[k + 1][1] for k, t in enumerate(turns[:-1]) if t[1] == name]
        top = max(pair, key=lambda n: (after.count(n), n))
        if after.count(top) >= max(2, 0.6 * counts[name]):
            answered_by[name] = top
    ours = [(i, n, v) for i, n, v in turns if n in pair or n in answered_by]
    changes = sum(1 for a, b in zip(ours, ours[1:]) if a[1] != b[1])
    if changes < 0.6 * (len(ours) - 1):
        return False  # not a conversation: the same word opens many lines in a row
    asker = None
    for idx, lab in enumerate(labels):  # "Interviewer: Priya Raman, …" names the asker
        if lab is not None and lab.kind in ("interviewer", "candidate"):
            words = text[lab.value_start:lines[idx][1]].casefold().replace(",", " ").split()
            for name in pair:
                if words and words[0] == name.split()[0]:
                    asker = name if lab.kind == "interviewer" else next(n for n in pair if n != name)
            labels[idx] = None
    if asker is None:
        for name in pair:
            if roles.get(name) is not None:
                asker = name if roles[name] == "interviewer" else next(n for n in pair if n != name)
                break
    if asker is None:
        # a turn asks when its message ends with a question mark: the message runs to the
        # next turn, so a chat export's "阿杰 21:02" header with the text below counts too
        asks = {n: 0 for n in pair}
        nexts = [i for i, _, _ in ours[1:]] + [len(lines)]
        for (idx, name, _), nxt in zip(ours, nexts):
            k = nxt - 1
            while k > idx and not text[lines[k][0]:lines[k][1]].strip():
                k -= 1
            if name in asks and text[lines[k][0]:lines[k][1]].rstrip(_LINE_TAIL).endswith(tuple(_QUESTION_MARK)):
                asks[name] += 1
        a, b = pair
        asker = a if asks[a] > asks[b] else b if asks[b] > asks[a] else ours[0][1]
    answerer = next(n for n in pair if n != asker)
    for idx, name, start in ours:
        if name in answered_by and answered_by[name] != answerer:
            continue  # (a third speaker the asker answers is no panel member: left as text)
        labels[idx] = _Label("candidate" if name == answerer else "interviewer", None, start)
    return True


# a speaker's name or tag: "HR", "HM", "INT2", "Priya", "Li Wei", "小吴" (not a log line's "torch.distributed.c10d" or "3310")
_ASKER_NAME = re.compile(r"[A-Z]{2,5}[0-9]?|[A-Z][a-z]{1,15}(?: [A-Z][a-z]{1,15})?|[\u4e00-\u9fff]{1,4}")


_LOG_TAGS = frozenset({"info", "warn", "warning", "error", "debug", "trace", "fatal", "note", "todo", "nb"})


def _other_askers(text: str, lines, labels: list) -> None:
    """In a dialogue of role labels, label as the interviewer's a speaker named otherwise whose turns the candidate
    answers: a panel's recruiter or manager ("HR：你为什么考虑离开现在的公司？" / "候选人：…" beside "面试官A：" /
    "候选人："). A name must take two turns or more, and the candidate must answer most of them."""
    if not any(lab is not None and lab.kind == "candidate" for lab in labels):
        return
    turns: dict[str, list[tuple[int, int, bool]]] = {}  # name -> (line index, value start, answered by the candidate)
    # the kind of the next labelled line after each line, found in one pass from the end (not a scan per turn)
    next_kind: list[str | None] = [None] * len(lines)
    kind = None
    for idx in range(len(lines) - 1, -1, -1):
        next_kind[idx] = kind
        if labels[idx] is not None:
            kind = labels[idx].kind
    for idx, (ls, le) in enumerate(lines):
        if labels[idx] is not None:
            continue
        m = _NAME_TURN.match(text, ls, le)
        if (
            m is None or _ASKER_NAME.fullmatch(m.group("name")) is None or m.group("name").casefold() in _MAIL_FIELDS
            or m.group("name").casefold() in _LOG_TAGS or not text[m.end():le].strip()
            or (text[m.end() - 1] == ":" and text[m.end():m.end() + 1].isascii() and text[m.end():m.end() + 1].isalnum())
        ):  # ("INFO:torch.distributed…" in a pasted log is no turn)
            continue
        turns.setdefault(m.group("name").casefold(), []).append((idx, m.end(), next_kind[idx] == "candidate"))
    for name, said in turns.items():
        answered = sum(1 for *_, a in said if a)
        if answered >= 2 and answered >= 0.6 * len(said):
            for idx, start, _ in said:
                labels[idx] = _Label("interviewer", None, start)


_NUMBERED = re.compile(
    rf"{_BLANK}*(?:>{_BLANK}*)?(?:{_OPEN_TAG}{_BLANK}*)*(?:(?:\*\*|__|#{{1,6}}){_BLANK}*)?(\d{{1,2}}|[一二三四五六七八九十]{{1,3}}(?=[.．、]))"
    rf"{_BLANK}*[.．、)）](?!\d){_BLANK}*(?=\S)"
)
# a two-level number under a section ("### 1.1 参数服务器是怎么工作的？" below "## 1. 面试问题")
_SUBNUMBERED = re.compile(
    rf"{_BLANK}*(?:(?:\*\*|__|#{{1,6}}){_BLANK}*)?(\d{{1,2}})[.．](\d{{1,2}})(?:[.．、)）](?!\d))?{_BLANK}+(?=\S)"
)
# questions lettered as on a panel's sheet: "(a) Why do teams use distributed training?", "b) …"
_LETTERED = re.compile(rf"{_BLANK}*(?:(?:\*\*|__){_BLANK}*)?(?:[(（]([a-tA-T])[)）]|([a-t])[)）]){_BLANK}*(?=\S)")
_QUESTION_MARK = "?？"


def _numbered_questions(text: str, lines, labels: list) -> bool:
    """Label a plain numbered list of questions ("1) What is DDP?" / "2. PS 是什么？" / "三、…" / "(a) …").

    Used only when a text has no question or interviewer label at all.  A
    numbered line is a question when it ends with a question mark or an answer
    label follows it (after the first question, also when it opens a paragraph
    that does not follow a list item: "3) Walk me through ring all-reduce."),
    and the numbers run 1, 2, 3 … (the numbered lists inside answers do not
    continue the run); two such questions are needed.

    A run that starts again at 1 is a second candidate: a blog post lists its
    questions as a numbered table of contents ("文章目录" / "Contents") before
    the sections that ask them again ("## 1. …").  The run whose questions
    have text after them wins (a table of contents has none between its
    lines), then the longer, then the first.
    """
    runs: list[list[tuple[int, int, int]]] = []  # each: (line index, number, value start)
    blank = [not text[s:e].strip() for s, e in lines]
    for idx, (ls, le) in enumerate(lines):
        if labels[idx] is not None:
            continue
        m = _NUMBERED.match(text, ls, le)
        if m is not None:
            number = _to_number(m.group(1))
        elif (m := _LETTERED.match(text, ls, le)) is not None:
            number = ord((m.group(1) or m.group(2)).lower()) - ord("a") + 1  # (a), (b) … run as 1, 2 …
        else:
            m = _SUBNUMBERED.match(text, ls, le)
            if m is None:
                continue
            number = 1000 * int(m.group(1)) + int(m.group(2))  # 1.1, 1.2 … run as 1001, 1002 …
        # the latest run this number continues, else a new run when it is a 1
        run = next((r for r in reversed(runs) if r[-1][1] + 1 == number), None)
        if run is None and (number or 0) % 1000 != 1:
            continue
        line = text[ls:le].rstrip(_LINE_TAIL)
        tags = _HTML_CLOSE_TAIL.search(line) if line.endswith(">") else None
        asks = (line[:tags.start()] if tags else line).rstrip(_LINE_TAIL).endswith(tuple(_QUESTION_MARK))
        j = idx + 1  # the next line that is not blank
        while j < len(lines) and labels[j] is None and blank[j]:
            j += 1
        nxt = labels[j] if j < len(lines) else None
        # once the run has begun, a request without a question mark ("3) Walk me through
        # ring all-reduce.") counts when it opens a paragraph that does not follow a list item
        opens = run is not None and idx > 0 and blank[idx - 1]
        if opens:
            k = idx - 1
            while k >= 0 and blank[k]:
                k -= 1
            opens = k < 0 or _NUMBERED.match(text, *lines[k]) is None
        # an upper-case "(A) …" asks, or opens a paragraph in a run begun by one that asks; else it is a choice offered
        # ("(A) 数据并行" on the line under a question, an answer label below it)
        upper = m.re is _LETTERED and (m.group(1) or "a").isupper()
        if asks or opens or (not upper and nxt is not None and nxt.kind in ("a", "candidate")):
            if run is None:
                run = []
                runs.append(run)
            run.append((idx, number, m.end()))

    def followed(run: list[tuple[int, int, int]]) -> int:
        """How many of the run's questions have a non-blank line after them that is not the next one."""
        ends = [i for i, _, _ in run[1:]] + [len(lines)]
        return sum(1 for (i, _, _), end in zip(run, ends) if any(not blank[k] for k in range(i + 1, end)))

    found = max((r for r in runs if len(r) >= 2), key=lambda r: (followed(r), len(r)), default=[])
    if not found:
        found = _toggle_questions(text, lines, labels)
    if not found:
        return False
    for idx, number, start in found:
        labels[idx] = _Label("q", number % 1000 if number else number, start)
    return True


_TOGGLE = re.compile(rf"{_BLANK}*[▸▶►▾▼][{_BLANK[1:-1]}\uFE0F]*(?=\S)")


def _toggle_questions(text: str, lines, labels: list) -> list[tuple[int, int, int]]:
    """A Notion-style export's toggles ("▸ How does DDP keep the replicas consistent?") with the
    notes below them: the toggle lines are the questions when at least two of them, and most,
    end with a question mark."""
    toggles = []
    for idx, (ls, le) in enumerate(lines):
        if labels[idx] is None:
            m = _TOGGLE.match(text, ls, le)
            if m is not None:
                toggles.append((idx, len(toggles) + 1, m.end()))
    asks = sum(1 for idx, _, _ in toggles if text[lines[idx][0]:lines[idx][1]].rstrip(_LINE_TAIL).endswith(tuple(_QUESTION_MARK)))
    return toggles if asks >= 2 and 2 * asks > len(toggles) else []


def _question_end(text: str, lines, line_starts: list[int], block: _Block) -> int | None:
    """Where the answer starts in a question block that holds its unlabelled answer.

    The question is the first line of text after the label (the label's own line
    when it has text), or up to the first line of that paragraph that ends with a
    question mark, and the quoted lines (``> …``) right below it, unless nothing
    follows them and the question's line ends a sentence: then the quote is the
    answer.  None when nothing follows the question.
    """
    i = max(0, bisect_right(line_starts, block.value_start) - 1)
    first = q_last = None
    while i < len(lines) and lines[i][0] < block.end:
        ls, le = lines[i]
        seg = text[max(ls, block.value_start):min(le, block.end)].strip(_LINE_TAIL + "#")
        if not seg:
            if first is not None:
                break  # the end of the question's paragraph
        else:
            if first is None:
                first = i
            if seg[-1] in _QUESTION_MARK:
                q_last = i
                break
        i += 1
    if first is None:
        return None
    if q_last is None and _alone_in_block(text, lines, first, block):
        # the answer goes on in the question's own line: "第一个问题是 DDP 的流程。我从 torchrun 说起…"
        ls, le = lines[first]
        a, b = max(ls, block.value_start), min(le, block.end)
        m = _INLINE_QUESTION_MARK.search(text, a, b) or _INLINE_SENTENCE_END.search(text, a, b)
        if m is not None and text[m.end():min(le, block.end)].strip():
            return m.end()
    q_last = first if q_last is None else q_last
    asked = q_last  # the line that asks, before any quote below it
    j = q_last + 1  # a quoted question below its heading: "### Q2 — Parameter servers" / "> Explain …"
    if text[lines[first][0]:lines[first][1]].lstrip(" \t\u3000").startswith(">"):
        j = len(lines)  # the question is quoted itself ("> [!question] Q1. …"): the quote goes on with the answer
    while j < len(lines) and lines[j][0] < block.end:
        ls, le = lines[j]
        line = text[ls:le].strip(" \t\u3000")
        if line.startswith(">"):
            q_last = j
        elif line:
            break
        j += 1
    cut = lines[q_last + 1][0] if q_last + 1 < len(lines) else block.end
    if cut >= block.end or not text[cut:block.end].strip():
        # nothing below the quote: after a line that asks ("**(A) How is DDP different from a parameter server?**" /
        # "> DDP is basically …"), the quote is the answer (with text below it, it is the question's: an artefact, a
        # question quoted under its heading)
        if q_last > asked and text[lines[asked][0]:lines[asked][1]].rstrip(_LINE_TAIL)[-1:] in "?？.。!！":
            return lines[asked + 1][0]
        return None
    return cut


_INLINE_QUESTION_MARK = re.compile(r"[?？](?=[ \t\u3000]*\S)")
_INLINE_SENTENCE_END = re.compile(r"[。！!](?=[ \t\u3000]*\S)|\.(?=[ \t]+[A-Z])")


def _alone_in_block(text: str, lines, i: int, block: _Block) -> bool:
    """Is line ``i`` the block's only line with text?"""
    for j in range(i + 1, len(lines)):
        ls, le = lines[j]
        if ls >= block.end:
            break
        if text[ls:min(le, block.end)].strip():
            return False
    return True


_FIELD_SEPARATORS = frozenset(" \t\u3000—–-|·•/,，;；、*_")


def _header_line(text: str, lab: _Label, line_end: int, header: dict) -> _Block | None:
    """Record header fields of one line; return the block that stays open.

    ``岗位：X 从业年限：5年`` holds two fields: the role runs up to the inline
    label.  A summary is the only header field that may continue on the
    following lines.
    """
    if lab.kind == "summary":
        block = _Block("summary", lab.value_start)
        if header["summary"] is None:
            header["summary"] = block
        return block
    fields = [(lab.kind, lab.value_start)]
    for m in _INLINE_HEADER.finditer(text, lab.value_start, line_end):
        kind = _KIND_OF.get(re.sub(r"\s+", " ", m.group("kw").lower()))
        if kind is None:  # pragma: no cover
            continue
        end = m.start()
        # the separator before the next field is no part of this one: "**Role:** ML Engineer — **Experience:** 7 years"
        while end > fields[-1][1] and text[end - 1] in _FIELD_SEPARATORS:
            end -= 1
        fields[-1] = (*fields[-1], end)
        fields.append((kind, m.end()))
    fields[-1] = (*fields[-1], line_end)
    open_block: _Block | None = None
    for i, (kind, start, end) in enumerate(fields):
        block = _Block(kind, start, end, trim_markdown=kind != "summary")
        if kind == "summary" and i == len(fields) - 1:
            block.end = -1  # closed by the next label, like any multi-line block
            open_block = block
        if header.get(kind) is None:
            header[kind] = block
    return open_block
