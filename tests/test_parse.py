"""Transcript parsing: the seed format, its variants, English, dialogue, errors."""
from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interview_grader.errors import TranscriptError
from interview_grader.parse import parse_transcript, read_transcript
from interview_grader.transcript import Part, Transcript

SHARED = Path(__file__).resolve().parents[2] / "shared"
PROJECT = Path(__file__).resolve().parents[1]
NO_QUESTIONS = "no questions found; expected lines such as '问题1：…' / '回答：…' or 'Q1: …' / 'A: …'"
EMPTY = "empty file; expected an interview transcript"


def shared_file(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not available: {path}")
    return path


def parts_of(t: Transcript) -> list[Part]:
    out = [p for p in (t.title, t.intro, t.role, t.years, t.summary, t.verdict) if p is not None]
    for qa in t.questions:
        out += [p for p in (qa.question, qa.goal, qa.answer) if p is not None]
    return out


def assert_spans(t: Transcript) -> None:
    """Every Part is the exact, stripped slice it claims, on the line it claims."""
    for p in parts_of(t):
        assert t.text[p.span.start:p.span.end] == p.text
        assert p.text == p.text.strip()
        assert p.line == t.text.count("\n", 0, p.span.start) + t.text.count("\r", 0, p.span.start) - t.text.count(
            "\r\n", 0, p.span.start
        ) + 1


def parse(text: str) -> Transcript:
    t = parse_transcript(text, source="t.txt")
    assert_spans(t)
    return t


def qa_texts(t: Transcript):
    return [
        (qa.number, qa.question.text, qa.goal.text if qa.goal else None, qa.answer.text if qa.answer else None)
        for qa in t.questions
    ]


# --------------------------------------------------------------------------
# The seed and the dev files
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed() -> Transcript:
    return read_transcript(shared_file("seed", "seed_interview.txt"))


def test_seed_header(seed):
    assert seed.format == "labelled"
    assert seed.language == "zh"
    assert seed.encoding == "utf-8"
    assert seed.title is None
    assert seed.intro.text.startswith("我是人工智能助手") and seed.intro.line == 1
    assert seed.role.text == "数据挖掘工程师"
    assert seed.years.text == "5年"
    assert seed.role.line == seed.years.line == 2
    assert seed.summary.text.startswith("作为一位数据挖掘工程师")
    assert seed.verdict.text.startswith("这位面试者")
    assert "深刻理解" in seed.verdict.text


def test_seed_questions(seed):
    assert [qa.number for qa in seed.questions] == list(range(1, 9))
    assert all(qa.goal is not None for qa in seed.questions)
    q1 = seed.questions[0]
    assert q1.question.text == "请简要介绍一下分布式训练的概念及其优点？"
    assert q1.goal.text == "了解被面试人对分布式训练的理解和应用场景。"
    # a multi-paragraph answer: the span covers the whole block
    assert q1.answer.text.startswith("在我之前参加的一个分布式训练的实践活动中")
    assert q1.answer.text.count("\n") == 3
    assert q1.answer.line == 6
    assert seed.questions[3].question.text == "在分布式训练过程中，Ring-Allreduce算法的原理是什么？"


@pytest.mark.parametrize("number", [6, 8])
def test_seed_empty_answers(seed, number):
    qa = seed.questions[number - 1]
    assert qa.answer is not None
    assert qa.answer.text == ""
    start = qa.answer.span.start
    assert qa.answer.span.end == start
    assert seed.text[start - 3:start] == "回答："  # right after the label
    assert all(qa.answer.text for qa in seed.questions if qa.number not in (6, 8))


def test_seed_spans(seed):
    assert_spans(seed)


def test_dev07_crlf_half_width_title():
    t = read_transcript(shared_file("dev", "dev07_zh_variant_crlf.txt"))
    assert "\r\n" in t.text
    assert t.title.text == "分布式训练工程师面试笔记"
    assert t.intro is None
    assert t.role.text == "分布式训练工程师"
    assert t.years.text == "3年"
    assert t.summary.text == "熟悉PyTorch分布式训练。"
    assert t.verdict.text == "面试者基础扎实。"
    assert [qa.number for qa in t.questions] == [1, 2]
    assert all(qa.goal is None for qa in t.questions)
    assert t.questions[0].question.text.endswith("优势?")
    for p in parts_of(t):
        assert "\r" not in p.text
    assert_spans(t)


def test_dev08_gb18030():
    t = read_transcript(shared_file("dev", "dev08_zh_gb18030.txt"))
    assert t.encoding == "gb18030"
    assert t.language == "zh"
    assert t.role.text == "算法工程师"
    assert t.years.text == "2年"
    assert len(t.questions) == 2
    assert t.questions[0].answer.text.startswith("数据并行可以让每台机器")
    assert_spans(t)


def test_dev03_english_header_on_one_line():
    t = read_transcript(shared_file("dev", "dev03_en_strong.txt"))
    assert t.language == "en"
    assert t.format == "labelled"
    assert t.title.text == "Interview notes: ML infrastructure engineer"
    assert t.role.text == "ML Infrastructure Engineer"
    assert t.years.text == "7 years"
    assert t.summary.text.startswith("Builds and operates")
    assert [qa.number for qa in t.questions] == [1, 2, 3, 4]
    assert t.questions[3].question.text == "Explain how ring all-reduce works."
    assert_spans(t)


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("dev01_zh_strong.txt", 4),
        ("dev02_zh_mixed.txt", 5),
        ("dev03_en_strong.txt", 4),
        ("dev04_en_weak.txt", 4),
        ("dev05_zh_negations.txt", 3),
        ("dev06_zh_stuffing.txt", 3),
        ("dev07_zh_variant_crlf.txt", 2),
        ("dev08_zh_gb18030.txt", 2),
    ],
)
def test_all_dev_files(name, count):
    t = read_transcript(shared_file("dev", name))
    assert len(t.questions) == count
    assert all(qa.answer is not None and qa.answer.text for qa in t.questions)
    assert t.language == ("en" if "_en_" in name else "zh")
    assert_spans(t)


@pytest.mark.parametrize(
    ("name", "language", "fmt", "count"),
    [
        ("zh_weak_sample.txt", "zh", "labelled", 6),
        ("zh_strong_sample.txt", "zh", "labelled", 5),
        ("en_mixed_sample.txt", "en", "labelled", 5),
        ("en_dialogue_sample.txt", "en", "dialogue", 4),
    ],
)
def test_project_samples(name, language, fmt, count):
    path = PROJECT / "transcripts" / name
    if not path.exists():
        pytest.skip(f"sample not present: {path}")
    t = read_transcript(path)
    assert (t.language, t.format, len(t.questions)) == (language, fmt, count)
    assert t.verdict is not None
    assert_spans(t)


# --------------------------------------------------------------------------
# Labelled variants
# --------------------------------------------------------------------------

BASIC = (
    "我是人工智能助手，这次面试考察分布式训练。\n"
    "岗位：算法工程师\n"
    "从业年限：3年\n"
    "简介：做过推荐模型训练。\n"
    "问题1：什么是数据并行？\n"
    "考察目标：基本概念。\n"
    "回答：每张卡放一份完整模型，\n"
    "数据切成多份。\n"
    "\n"
    "第二段回答。\n"
    "问题2：什么是模型并行？\n"
    "回答：\n"
    "点评：回答尚可。\n"
)


def test_basic_two_line_header():
    t = parse(BASIC)
    assert t.intro.text == "我是人工智能助手，这次面试考察分布式训练。"
    assert (t.role.text, t.role.line) == ("算法工程师", 2)
    assert (t.years.text, t.years.line) == ("3年", 3)
    assert t.summary.text == "做过推荐模型训练。"
    assert qa_texts(t) == [
        (1, "什么是数据并行？", "基本概念。", "每张卡放一份完整模型，\n数据切成多份。\n\n第二段回答。"),
        (2, "什么是模型并行？", None, ""),
    ]
    assert t.verdict.text == "回答尚可。"
    assert t.questions[0].answer.line == 7


def test_half_width_colons_and_spaces():
    text = BASIC.replace("：", " : ")
    t = parse(text)
    assert t.role.text == "算法工程师"
    assert qa_texts(t)[0][1:3] == ("什么是数据并行？", "基本概念。")
    assert t.questions[1].answer.text == ""


def test_no_blank_lines_no_intro():
    t = parse("岗位：X 从业年限：1年\n问题1：甲？\n回答：乙。\n问题2：丙？\n回答：丁。")
    assert t.intro is None and t.title is None
    assert (t.role.text, t.years.text) == ("X", "1年")
    assert qa_texts(t) == [(1, "甲？", None, "乙。"), (2, "丙？", None, "丁。")]


def test_blank_lines_everywhere():
    t = parse("\n\n岗位：X\n\n从业年限：2年\n\n问题1：甲？\n\n考察目标：乙\n\n回答：\n\n丙\n\n\n点评：好\n\n")
    assert qa_texts(t) == [(1, "甲？", "乙", "丙")]
    assert t.questions[0].answer.line == 13
    assert t.verdict.text == "好"


def test_header_separators_on_one_line():
    t = parse("岗位：数据工程师，从业年限：4年；简介：熟悉Spark\n问题1：甲\n回答：乙")
    assert (t.role.text, t.years.text, t.summary.text) == ("数据工程师", "4年", "熟悉Spark")
    t = parse("岗位：数据工程师从业年限：4年\n问题1：甲\n回答：乙")
    assert (t.role.text, t.years.text) == ("数据工程师", "4年")
    # a dash, bar or dot between two fields belongs to neither (blind65 06)
    t = parse("**Role:** Senior ML Engineer — **Experience:** 7 years\nQ1: a?\nA: b")
    assert (t.role.text, t.years.text) == ("Senior ML Engineer", "7 years")
    t = parse("岗位：算法工程师 | 从业年限：5年 · 简介：做推荐\n问题1：甲\n回答：乙")
    assert (t.role.text, t.years.text, t.summary.text) == ("算法工程师", "5年", "做推荐")
    # the colon after the bold label, fields set apart by a full-width space (blind297 02, blind302 02)
    t = parse("**岗位**：算法工程师　**工作年限**：2年\n问题1：甲\n回答：乙")
    assert (t.role.text, t.years.text) == ("算法工程师", "2年")
    t = parse("**Role**: ML Engineer  **Experience**: 7 years\nQ1: a?\nA: b")
    assert (t.role.text, t.years.text) == ("ML Engineer", "7 years")


def test_title_line_before_intro():
    t = parse("分布式训练面试记录\n本次面试由AI助手整理，供复盘使用。\n岗位：X\n问题1：甲\n回答：乙")
    assert t.title.text == "分布式训练面试记录"
    assert t.intro.text == "本次面试由AI助手整理，供复盘使用。"
    t = parse("# Distributed training interview\n\nRole: SRE\nQ1: a?\nA: b")
    assert t.title.text == "Distributed training interview"


def test_long_title_line_standing_alone():
    # blind73 06: a title over 60 characters was read as the intro's first line
    title = "Interview Record: Deep Learning Engineer (Distributed Training)"
    intro = "This record was compiled by an AI assistant for review."
    t = parse(f"{title}\n\n{intro}\nPosition: X\nQuestion 1: a?\nAnswer: b")
    assert (t.title.text, t.intro.text) == (title, intro)
    # with no blank line under it, a long first line still opens the intro
    t = parse(f"{title}\n{intro}\nPosition: X\nQuestion 1: a?\nAnswer: b")
    assert t.title is None and t.intro.text == f"{title}\n{intro}"
    # past 100 characters it is a paragraph, blank line or not
    long = "Interview notes " + "on distributed data parallel training " * 3
    t = parse(f"{long}\n\nPosition: X\nQuestion 1: a?\nAnswer: b")
    assert t.title is None


def test_sentence_first_line_is_intro_not_title():
    t = parse("我是人工智能助手，这次面试考察通信优化。\n问题1：甲\n回答：乙")
    assert t.title is None
    assert t.intro.text == "我是人工智能助手，这次面试考察通信优化。"


def test_crlf_and_mixed_line_endings():
    text = "标题行\n岗位: X\r\n问题1: 甲\r\n回答: 第一行\r\n第二行\r\r\n问题2: 丙\r回答: 丁\r\n点评: 好\r\n"
    t = parse(text)
    assert t.title.text == "标题行"
    assert qa_texts(t) == [(1, "甲", None, "第一行\r\n第二行"), (2, "丙", None, "丁")]
    assert t.questions[1].question.line == 7
    assert t.verdict.text == "好"


def test_traditional_labels():
    text = (
        "崗位：演算法工程師\n從業年限：6年\n簡介：負責訓練平台。\n"
        "問題1：什麼是資料並行？\n考察目標：基本概念。\n回答：每張卡一份完整模型。\n"
        "問題2：參數伺服器是什麼？\n答案：存放參數的服務。\n點評：表現良好。"
    )
    t = parse(text)
    assert (t.role.text, t.years.text, t.summary.text) == ("演算法工程師", "6年", "負責訓練平台。")
    assert qa_texts(t) == [
        (1, "什麼是資料並行？", "基本概念。", "每張卡一份完整模型。"),
        (2, "參數伺服器是什麼？", None, "存放參數的服務。"),
    ]
    assert t.verdict.text == "表現良好。"
    assert t.language == "zh"


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("问题1：", 1),
        ("问题 7：", 7),
        ("问题１：", 1),
        ("问题１２：", 12),
        ("问题一：", 1),
        ("问题十：", 10),
        ("问题十二：", 12),
        ("问题二十一：", 21),
        ("【问题3】", 3),
        ("【问题3】：", 3),
        ("**问题4：**", 4),
        ("**问题4**：", 4),
        ("## 问题5：", 5),
        ("- 问题6:", 6),
        ("第3题：", 3),
        ("第三个问题：", 3),
        ("Q1.", 1),
        ("Q2)", 2),
        ("Q 3:", 3),
        ("q4:", 4),
        ("Question 5:", 5),
        ("QUESTION 6 :", 6),
        ("Question #7:", 7),
        ("[Q8]", 8),
    ],
)
def test_question_label_forms(label, number):
    t = parse(f"{label} 甲是什么？\n回答：乙")
    assert qa_texts(t) == [(number, "甲是什么？", None, "乙")]


@pytest.mark.parametrize("label", ["回答：", "答：", "答案：", "Answer:", "A:", "a :", "A1:", "**回答：**", "【回答】"])
def test_answer_label_forms(label):
    t = parse(f"问题1：甲？\n{label} 乙。")
    assert t.questions[0].answer.text == "乙。"


def test_mid_sentence_label_is_answer_text():
    text = "问题1：甲？\n回答：我先说明一下，问题3：会在后面讲。回答：这也只是文字。\n问题2：乙？\n回答：丙"
    t = parse(text)
    assert [qa.number for qa in t.questions] == [1, 2]
    assert t.questions[0].answer.text == "我先说明一下，问题3：会在后面讲。回答：这也只是文字。"


def test_labels_not_at_line_start_inside_answers():
    text = "Q1: What is DP?\nA: Each worker has a copy. Q2: is not a label here.\nQ2: Next?\nA: Yes"
    t = parse(text)
    assert qa_texts(t) == [
        (1, "What is DP?", None, "Each worker has a copy. Q2: is not a label here."),
        (2, "Next?", None, "Yes"),
    ]


def test_second_answer_label_continues_the_answer():
    t = parse("问题1：甲？\n回答：第一段。\n答：补充。\n问题2：乙？\n回答：丙")
    assert t.questions[0].answer.text == "第一段。\n答：补充。"


def test_header_labels_after_questions_are_text():
    t = parse("问题1：甲？\n回答：我的经验：\n简介：这是回答的一部分。\n")
    assert t.summary is None
    assert t.questions[0].answer.text == "我的经验：\n简介：这是回答的一部分。"


def test_goal_without_answer_and_answer_without_goal():
    t = parse("问题1：甲？\n考察目标：理解\n问题2：乙？\n回答：丙")
    assert qa_texts(t) == [(1, "甲？", "理解", None), (2, "乙？", None, "丙")]


def test_multi_line_question():
    t = parse("问题1：请比较：\n1) DP\n2) DDP\n回答：DDP 更快。")
    assert t.questions[0].question.text == "请比较：\n1) DP\n2) DDP"
    assert t.questions[0].answer.text == "DDP 更快。"


def test_answer_cut_off_mid_sentence():
    t = parse("问题1：Ring-Allreduce 的原理？\n回答：把节点连成环，然后")
    assert t.questions[0].answer.text == "把节点连成环，然后"


def test_duplicate_and_out_of_order_numbers_are_kept():
    t = parse("问题1：a\n回答：x\n问题1：b\n回答：y\n问题3：c\n回答：z\n问题2：d\n回答：w")
    assert [(qa.number, qa.question.text) for qa in t.questions] == [(1, "a"), (1, "b"), (3, "c"), (2, "d")]


def test_unnumbered_questions_count_up():
    t = parse("Q: first?\nA: one\nQ: second?\nA: two\n问：第三？\n答：三")
    assert [(qa.number, qa.question.text, qa.answer.text) for qa in t.questions] == [
        (1, "first?", "one"),
        (2, "second?", "two"),
        (3, "第三？", "三"),
    ]


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        # a bare "问：" inside a numbered question's answer is the interviewer's follow-up: it and its reply stay in it
        ("问题1：甲？\n回答：一。\n问：那如果慢呢？\n答：都要等。\n问题2：乙？\n回答：二。",
         [(1, "一。\n问：那如果慢呢？\n答：都要等。"), (2, "二。")]),
        ("Q1: What is DDP?\nA: Peers.\nQ: And a slow one?\nA: Everyone waits.\nQ2: Ring?\nA: Two phases.",
         [(1, "Peers.\nQ: And a slow one?\nA: Everyone waits."), (2, "Two phases.")]),
        # ... in the last question too
        ("问题1：甲？\n回答：一。\n问题2：乙？\n回答：二。\n问：为什么？\n答：因为。",
         [(1, "一。"), (2, "二。\n问：为什么？\n答：因为。")]),
        # a file that numbers one question only counts the bare ones up as before
        ("问题1：甲？\n回答：一。\n问：乙？\n答：二。", [(1, "一。"), (2, "二。")]),
    ],
)
def test_a_bare_question_label_inside_a_numbered_answer_is_a_follow_up(text, answers):
    t = parse(text)
    assert [(qa.number, qa.answer.text) for qa in t.questions] == answers


def test_question_zero_gets_a_valid_number():
    t = parse("问题0：甲\n回答：乙\n问题0：丙")
    assert [qa.number for qa in t.questions] == [1, 2]


def test_unlabelled_answers_below_the_questions():
    """No answer label anywhere: the question is its first line, the lines below are the answer."""
    t = parse("问题1：甲？\n这一行没有标签。\n问题2：乙？")
    assert qa_texts(t) == [(1, "甲？", None, "这一行没有标签。"), (2, "乙？", None, None)]
    assert_spans(t)


@pytest.mark.parametrize(
    "text",
    [
        "【问题1】什么是DDP？\n每张卡一个进程。\n【问题2】PS是什么？\n参数服务器。\n\n点评：很好。",
        "【问题1】\n什么是DDP？\n\n每张卡一个进程。\n【问题2】\nPS是什么？\n参数服务器。\n总结评价：很好。",
        "### Q1 什么是DDP？\n每张卡一个进程。\n\n### Q2 PS是什么？\n\n参数服务器。\n\n## 总结评价\n很好。",
        "**Question 1:** 什么是DDP？\n每张卡一个进程。\n\n**Question 2:** PS是什么？\n参数服务器。\n\n**Overall:** 很好。",
    ],
)
def test_archive_layouts_with_unlabelled_answers(text):
    t = parse(text)
    assert qa_texts(t) == [(1, "什么是DDP？", None, "每张卡一个进程。"), (2, "PS是什么？", None, "参数服务器。")]
    assert t.verdict.text == "很好。"
    assert_spans(t)


def test_unlabelled_answer_with_a_question_over_two_lines_and_a_goal():
    t = parse("问题1：请说说\nDDP 是什么？\n多进程。\n问题2：PS？\n考察目标：基础\n中心化存参数。")
    assert qa_texts(t) == [(1, "请说说\nDDP 是什么？", None, "多进程。"), (2, "PS？", "基础", "中心化存参数。")]


def test_unlabelled_answers_only_when_no_answer_label_is_used():
    """A file that labels its answers keeps a question's extra lines as question text."""
    t = parse("问题1：甲？\n补充说明。\n问题2：乙？\n回答：丙")
    assert qa_texts(t) == [(1, "甲？\n补充说明。", None, None), (2, "乙？", None, "丙")]


def test_marked_numbered_question_heading_with_text_after_a_space():
    t = parse("### Q1 What is DDP?\nOne process per GPU.\n### Q2 And a PS?\nA server.\n## Overall feedback\nFine.")
    assert qa_texts(t) == [(1, "What is DDP?", None, "One process per GPU."), (2, "And a PS?", None, "A server.")]
    assert t.verdict.text == "Fine."
    # without markup, or glued to the number, it stays text
    assert parse("Q1: x?\nA: Q2 was easy.\nQ3 is next").questions[0].answer.text == "Q2 was easy.\nQ3 is next"
    assert [q.number for q in parse("**Q1** What?\nYes.\n### Q2What\nNo.").questions] == [1]


def test_plain_numbered_list_of_questions():
    t = parse(
        "Mock interview\n\n1) What is data parallelism?\nEach GPU gets part of the batch:\n1. split\n2. average\n"
        "2) What is DDP?\nOne process per GPU.\n3. Why not DP?\nDP has one process.\nVerdict: good."
    )
    assert qa_texts(t) == [
        (1, "What is data parallelism?", None, "Each GPU gets part of the batch:\n1. split\n2. average"),
        (2, "What is DDP?", None, "One process per GPU."),
        (3, "Why not DP?", None, "DP has one process."),
    ]
    assert t.verdict.text == "good."
    assert_spans(t)
    # no question mark, but an answer label below
    t = parse("1、介绍一下DDP\n答：多进程。\n2、介绍一下PS\n答：中心化。")
    assert qa_texts(t) == [(1, "介绍一下DDP", None, "多进程。"), (2, "介绍一下PS", None, "中心化。")]


@pytest.mark.parametrize("text", ["1) Why?\nBecause.", "1. 甲\n2. 乙\n3. 丙", "2) Why?\n3) How?"])
def test_numbered_lines_that_are_not_a_question_list(text):
    with pytest.raises(TranscriptError, match="no questions found"):
        parse_transcript(text)


@pytest.mark.parametrize(
    ("turns", "verdict"),
    [
        ("面试官：什么是DDP？\n我：多进程。\n面试官：PS？\n我：不知道。\n", "面试官评价：一般"),
        ("Interviewer: What is DDP?\nMe: Many processes.\nInterviewer: PS?\nMe: No idea.\n",
         "Interviewer\u2019s feedback (the recruiter forwarded it the next day): Average."),
    ],
)
def test_first_person_dialogue_turns(turns, verdict):
    t = parse(turns + verdict)
    assert [(q.number, bool(q.answer.text)) for q in t.questions] == [(1, True), (2, True)]
    assert t.questions[1].answer.text in ("不知道。", "No idea.")
    assert t.verdict.text in ("一般", "Average.")


def test_markdown_bold_question_text():
    t = parse("**问题1：什么是DDP？**\n**回答：** 多进程数据并行。")
    assert qa_texts(t) == [(1, "什么是DDP？", None, "多进程数据并行。")]


# --------------------------------------------------------------------------
# English
# --------------------------------------------------------------------------


def test_english_q_a():
    text = (
        "Role: ML Engineer   Experience: 7 years\n"
        "Summary: Runs training clusters.\n\n"
        "Q1: What is data parallelism?\n"
        "Goal: basics\n"
        "A: Every worker keeps a full replica.\n\n"
        "It averages gradients.\n\n"
        "Q2: And model parallelism?\n"
        "A:\n\n"
        "Verdict: Solid on DP, silent on MP.\n"
    )
    t = parse(text)
    assert t.language == "en"
    assert (t.role.text, t.years.text, t.summary.text) == ("ML Engineer", "7 years", "Runs training clusters.")
    assert qa_texts(t) == [
        (1, "What is data parallelism?", "basics", "Every worker keeps a full replica.\n\nIt averages gradients."),
        (2, "And model parallelism?", None, ""),
    ]
    assert t.verdict.text == "Solid on DP, silent on MP."


def test_english_question_answer_words():
    text = (
        "Position: Data Engineer\nYears: 2\n"
        "Question 1: What does all-reduce do?\nPurpose: collectives\nAnswer: It sums tensors across workers.\n"
        "Question 2: What is a parameter server?\nAnswer: A central store of weights.\n"
        "Assessment: Mixed."
    )
    t = parse(text)
    assert (t.role.text, t.years.text) == ("Data Engineer", "2")
    assert qa_texts(t) == [
        (1, "What does all-reduce do?", "collectives", "It sums tensors across workers."),
        (2, "What is a parameter server?", None, "A central store of weights."),
    ]
    assert t.verdict.text == "Mixed."


@pytest.mark.parametrize("label", ["Verdict", "Assessment", "Comments", "Feedback", "Evaluation", "Overall assessment",
                                   "Interviewer verdict", "Interviewer's assessment", "Final comments",
                                   "Interviewer's feedback", "Interviewer\u2019s feedback", "Overall feedback", "Overall",
                                   "Verdict (hiring manager)"])
def test_english_verdict_labels(label):
    t = parse(f"Q1: x?\nA: y\n{label}: Good enough.")
    assert t.verdict.text == "Good enough."
    assert t.questions[0].answer.text == "y"


def test_interviewer_verdict_ends_a_dialogue():
    """'Interviewer verdict:' is the closing verdict, not the interviewer speaking."""
    t = parse("Interviewer: What is DDP?\nCandidate: Not sure.\n\nInterviewer verdict: Weak.\n")
    assert t.questions[0].answer.text == "Not sure."
    assert t.verdict.text == "Weak."


@pytest.mark.parametrize("label", ["综合点评", "面试官评价", "面试结论", "面試結論", "面试官总结", "面试总结", "面試官總結",
                                   "总结评价", "總結評價", "整体评价", "点评（二面面试官）"])
def test_chinese_verdict_labels(label):
    t = parse(f"问题1：什么是DDP？\n回答：不清楚。\n{label}：基础薄弱。")
    assert t.verdict.text == "基础薄弱。"
    assert t.questions[0].answer.text == "不清楚。"


def test_a_bare_summary_line_inside_an_answer_is_not_the_verdict():
    """'总结：' alone is how candidates wrap up an answer; only the interviewer's summary ends the Q&A."""
    t = parse("问题1：什么是DDP？\n回答：多进程。\n总结：DDP 更快。\n问题2：PS 呢？\n回答：不清楚。")
    assert t.questions[0].answer.text == "多进程。\n总结：DDP 更快。"
    assert t.verdict is None


@pytest.mark.parametrize(
    "closing, verdict",
    [
        ("总结：该候选人基础扎实，适合这个岗位。", "该候选人基础扎实，适合这个岗位。"),
        ("總結：這位面試者表現很好。", "這位面試者表現很好。"),
        ("**总结**：候选人理解到位。", "候选人理解到位。"),
        ("Summary: The candidate showed a solid grasp of DDP.", "The candidate showed a solid grasp of DDP."),
        ("In summary: this applicant would do well here.", "this applicant would do well here."),
    ],
)
def test_a_summary_of_the_candidate_after_the_last_answer_is_the_verdict(closing, verdict):
    """A bare '总结：' that speaks of the candidate in the third person closes the record."""
    t = parse(f"问题1：什么是DDP？\n回答：多进程。\n问题2：PS 呢？\n回答：中心存参数。\n第二段。\n{closing}")
    assert t.verdict.text == verdict
    assert t.questions[1].answer.text == "中心存参数。\n第二段。"


@pytest.mark.parametrize(
    "closing",
    ["总结：DDP 比 PS 更快。", "总结：我觉得候选方案里 ring 最好。", "Summary: the ring is bandwidth-optimal.",
     "Summary: candidates for the ring order are chosen by rank."],
)
def test_a_wrap_up_of_the_last_answer_stays_in_it(closing):
    """The candidate's own '总结：' in the last answer is theirs, not a verdict."""
    t = parse(f"问题1：什么是DDP？\n回答：多进程。\n问题2：PS 呢？\n回答：中心存参数。\n{closing}")
    assert t.verdict is None
    assert t.questions[1].answer.text == f"中心存参数。\n{closing}"


def test_markdown_headings_with_the_value_below():
    """'### 问题 3' with the question on the next line, '## 综合评价' heading the verdict."""
    t = parse(
        "# 面试记录\n\n### 问题 1\n什么是 DDP？\n\n**回答**\n每张卡一个进程。\n\n"
        "### 问题 2\nPS 是什么？\n回答：参数服务器。\n\n## 综合评价\n基础扎实。\n"
    )
    assert [(q.number, q.question.text, q.answer.text) for q in t.questions] == [
        (1, "什么是 DDP？", "每张卡一个进程。"),
        (2, "PS 是什么？", "参数服务器。"),
    ]
    assert t.verdict.text == "基础扎实。"
    assert_spans(t)


def test_plain_numbered_question_line_with_the_question_below():
    t = parse("Question 1\nWhat is DDP?\nAnswer: One process per GPU.\n")
    assert (t.questions[0].number, t.questions[0].question.text) == (1, "What is DDP?")


def test_unmarked_label_words_alone_on_a_line_stay_text():
    """Without markup, '点评' or 'Answer' alone on a line is text (only numbered questions may stand alone)."""
    t = parse("问题1：什么是DDP？\n回答：多进程。\n点评\n还行。")
    assert t.verdict is None and t.questions[0].answer.text == "多进程。\n点评\n还行。"


@pytest.mark.parametrize("dash", ["-", "–", "—"])
def test_question_number_followed_by_a_dash(dash):
    t = parse(f"Question 1 {dash} What is DDP?\nCandidate: One process per GPU.\nQuestion 2 {dash} And PS?\nAnswer: A server.\n")
    assert [(q.number, q.question.text) for q in t.questions] == [(1, "What is DDP?"), (2, "And PS?")]
    assert t.questions[0].answer.text == "One process per GPU."
    assert parse("Q1: x?\nA - y\n").questions[0].answer.text == "A - y"  # not a label: unlabelled answer text


@pytest.mark.parametrize("label", ["Years of experience", "Experience", "Years"])
def test_english_years_labels(label):
    t = parse(f"Role: SRE\n{label}: 4 years\nQ1: x?\nA: y")
    assert t.years.text == "4 years"


def test_english_words_that_merely_start_like_labels():
    t = parse("Q1: x?\nA: Answers: many. Assessment of risk follows.\nAnswering is hard.\nQuestionnaire: no")
    assert t.questions[0].answer.text == "Answers: many. Assessment of risk follows.\nAnswering is hard.\nQuestionnaire: no"
    assert t.verdict is None


# --------------------------------------------------------------------------
# Dialogue
# --------------------------------------------------------------------------


def test_english_dialogue():
    text = (
        "Role: Platform Engineer\n"
        "Interviewer: What is DDP?\n"
        "Candidate: One process per GPU.\n"
        "Candidate: Gradients are all-reduced.\n"
        "Interviewer: And a parameter server?\n"
        "Interviewer: Then tell me about ring all-reduce.\n"
        "Candidate: Workers form a ring.\n"
        "It has two phases.\n"
        "Verdict: Decent.\n"
    )
    t = parse(text)
    assert t.format == "dialogue"
    assert t.role.text == "Platform Engineer"
    assert qa_texts(t) == [
        (1, "What is DDP?", None, "One process per GPU.\nCandidate: Gradients are all-reduced."),
        (2, "And a parameter server?", None, ""),
        (3, "Then tell me about ring all-reduce.", None, "Workers form a ring.\nIt has two phases."),
    ]
    empty = t.questions[1].answer
    assert empty.span.start == empty.span.end == t.questions[1].question.span.end
    assert t.verdict.text == "Decent."


def test_chinese_dialogue():
    text = "面试官：什么是数据并行？\n候选人：每张卡一份模型。\n面试者：梯度做平均。\n面试官：DDP呢？\n候选人：\n点评：一般。"
    t = parse(text)
    assert t.format == "dialogue"
    assert t.language == "zh"
    assert qa_texts(t) == [
        (1, "什么是数据并行？", None, "每张卡一份模型。\n面试者：梯度做平均。"),
        (2, "DDP呢？", None, ""),
    ]
    assert t.verdict.text == "一般。"


def test_dialogue_with_speaker_names_and_leading_candidate_turn():
    t = parse("Candidate: Hello!\nInterviewer (Ana): What is NCCL?\nCandidate (Bo): A GPU collective library.")
    assert qa_texts(t) == [(1, "What is NCCL?", None, "A GPU collective library.")]


def test_numbered_labels_win_over_dialogue_turns():
    t = parse("问题1：甲？\n候选人：乙。\n面试官：追问一下？\n问题2：丙？\n回答：丁")
    assert t.format == "labelled"
    assert qa_texts(t) == [(1, "甲？", None, "乙。\n面试官：追问一下？"), (2, "丙？", None, "丁")]


# --------------------------------------------------------------------------
# Language
# --------------------------------------------------------------------------


def test_language_zh_with_many_english_terms():
    t = parse("问题1：DDP和PS有什么区别？\n回答：DDP用NCCL做all-reduce，PS有server和worker。")
    assert t.language == "zh"


def test_language_en_with_a_few_cjk_characters():
    t = parse("Q1: What does 数据并行 mean in English?\nA: It means data parallelism, where every worker holds a replica.")
    assert t.language == "en"


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\t\r\n"])
def test_empty_text(text):
    with pytest.raises(TranscriptError) as err:
        parse_transcript(text, source="e.txt")
    assert err.value.message == EMPTY
    assert err.value.path == "e.txt"


@pytest.mark.parametrize(
    "text",
    [
        "just some notes about distributed training",
        "回答：只有回答没有问题\n点评：好",
        "岗位：工程师\n简介：没有问题",
        "Candidate: I talk alone.",
        "我们讨论了问题1：什么是DDP，但没有标签。",
        "题目：不是编号的问题",
    ],
)
def test_no_questions(text):
    with pytest.raises(TranscriptError) as err:
        parse_transcript(text, source="n.txt")
    assert err.value.message == NO_QUESTIONS
    assert str(err.value) == f"n.txt: {NO_QUESTIONS}"


def test_read_transcript_binary_file(tmp_path):
    path = tmp_path / "b.bin"
    path.write_bytes(b"\x00\x01\x02\x03" * 10)
    with pytest.raises(TranscriptError) as err:
        read_transcript(path)
    assert err.value.message == "not a text file: found NUL bytes; expected UTF-8, GB18030 or UTF-16 text"
    assert err.value.path == str(path)


def test_read_transcript_boms(tmp_path):
    for name, data in [
        ("u8.txt", codecs.BOM_UTF8 + BASIC.encode("utf-8")),
        ("u16.txt", BASIC.encode("utf-16")),
        ("gb.txt", BASIC.encode("gb18030")),
    ]:
        path = tmp_path / name
        path.write_bytes(data)
        t = read_transcript(path)
        assert t.text == BASIC
        assert t.source == str(path)
        assert len(t.questions) == 2
        assert_spans(t)


# --------------------------------------------------------------------------
# Property: any string parses or fails with a TranscriptError; spans hold
# --------------------------------------------------------------------------

FRAGMENTS = [
    "问题1：", "问题２:", "问题十二：", "【问题3】", "考察目标：", "回答：", "答：", "点评：", "點評：",
    "岗位：", "从业年限：", "简介：", "Q1:", "Q1.", "Question 2:", "A:", "Answer:", "Verdict:",
    "Role:", "Experience:", "Summary:", "Interviewer:", "Candidate:", "面试官：", "候选人：",
    "Interviewer (x):", "问题0：", "问题9999999999：", "**", "# ", "- ", "\n", "\r\n", "\r", " ",
    "\u3000", "：", ":", "DDP", "数据并行", "第一题：", "Q:", "问：",
]
transcript_like = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40
).map("".join)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.one_of(transcript_like, st.text()))
def test_parse_never_raises_anything_but_transcript_error(text):
    try:
        t = parse_transcript(text)
    except TranscriptError as err:
        assert err.message in (EMPTY, NO_QUESTIONS)
        return
    assert t.text == text
    assert t.questions
    assert_spans(t)


# --------------------------------------------------------------------------
# Limits and hostile shapes
# --------------------------------------------------------------------------


def test_read_transcript_refuses_files_over_max_bytes(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(BASIC.encode("utf-8"))
    size = path.stat().st_size
    assert len(read_transcript(path, max_bytes=size).questions) == 2
    with pytest.raises(TranscriptError) as err:
        read_transcript(path, max_bytes=size - 1)
    assert str(err.value) == f"{path}: file is {size} bytes, over the limit of {size - 1} bytes (--max-bytes)"
    assert len(read_transcript(path, max_bytes=None).questions) == 2


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_many_blank_lines_parse(newline):
    text = newline * 300_000 + "问题1：甲？" + newline + "回答：乙" + newline * 300_000
    t = parse_transcript(text, source="t.txt")  # bench/edge_bench.py times it
    assert_spans(t)
    assert qa_texts(t) == [(1, "甲？", None, "乙")]
    assert t.questions[0].question.line == 300_001


def test_questions_only_parse_with_no_answers():
    t = parse("问题1：甲？\n考察目标：乙\n问题2：丙？\n\n问题3：丁？\n回答：\n点评：很好")
    assert [(qa.number, qa.answer) for qa in t.questions[:2]] == [(1, None), (2, None)]
    assert t.questions[2].answer.text == ""
    assert t.verdict.text == "很好"


def test_label_after_a_line_break_inside_a_sentence_is_a_label():
    # Only the line start matters: a hard-wrapped sentence that puts 问题2： at
    # the start of a line makes it a label (as an archive reader would see it).
    t = parse("问题1：甲？\n回答：我们稍后讨论\n问题2：这一点。\n回答：好")
    assert [qa.number for qa in t.questions] == [1, 2]


# The layouts blind10's writer planned first (tests/data/blind10/README.md, "Layouts"):
# each file written back into its planned layout parses to the same questions,
# answers and verdict as the committed, explicitly labelled file.
_PLANNED_LAYOUTS = {
    "b10_01_zh_intern_weak.txt": lambda s: s.replace("回答：", ""),
    "b10_02_zh_llm_framework.txt": lambda s: s.replace("候选人：", "我："),
    "b10_03_zh_recsys_mixed.txt": lambda s: re.sub(r"(?m)^### Q(\d+)：", r"### Q\1 ", s)
    .replace("A：", "").replace("点评：", "## 总结评价\n"),
    "b10_05_en_startup_mixed.txt": lambda s: s.replace("Candidate:", "Me:").replace(
        "Interviewer feedback:", "Interviewer's feedback (the recruiter forwarded it the next day):"
    ),
    "b10_06_en_staff_infra.txt": lambda s: s.replace("**Answer:** ", "").replace("**Answer:**", ""),
    "b10_07_en_bootcamp_mock.txt": lambda s: re.sub(r"(?m)^Q(\d+)\) ", r"\1) ", s),
}


@pytest.mark.parametrize("name", sorted(_PLANNED_LAYOUTS))
def test_blind10_planned_layouts(name):
    path = PROJECT / "tests" / "data" / "blind10" / name
    labelled = read_transcript(path)
    planned_text = _PLANNED_LAYOUTS[name](path.read_text(encoding="utf-8"))
    assert planned_text != labelled.text
    planned = parse_transcript(planned_text, name)

    def shape(t):
        qs = [(q.number, q.question.text, q.answer.text if q.answer else None) for q in t.questions]
        return qs, t.verdict.text if t.verdict else None

    assert shape(planned) == shape(labelled)
    assert_spans(planned)


# English archive layouts blind12's writer planned first (tests/data/blind12/README.md, "Layouts").


def test_my_answer_labels_and_a_recruiters_feedback():
    t = parse(
        "**Q1:** What is DDP?\n\n**My answer:** Honestly no idea, sorry.\n\n"
        "**Q2:** And a PS?\n\nMy answer: A server.\n\n"
        '**Recruiter feedback (email, two days later):** "Great chat."'
    )
    assert qa_texts(t) == [(1, "What is DDP?", None, "Honestly no idea, sorry."), (2, "And a PS?", None, "A server.")]
    assert t.verdict.text == '"Great chat."'


@pytest.mark.parametrize(
    "label",
    ["Panel summary", "Panel verdict", "Panel feedback", "Hiring manager's note (shared by the recruiter)",
     "Mentor's comments", "**Mentor’s comments:**", "Their feedback", "Recruiter feedback"],
)
def test_verdicts_named_for_who_gives_them(label):
    line = label if label.endswith(":**") else f"{label}:"
    t = parse(f"Q1. What is DDP?\nCandidate: Many processes.\n{line} Solid.")
    assert t.questions[0].answer.text == "Many processes."
    assert t.verdict.text == "Solid."


def test_question_number_with_an_aside_and_a_rubric_line():
    t = parse(
        "Question 1 (问题1): What is DDP?\nRubric: one process per GPU\nAnswer: Many processes.\n"
        "Question 2（问题2）: And a PS?\nObjective: roles\nAnswer: A server.\n"
    )
    assert qa_texts(t) == [
        (1, "What is DDP?", "one process per GPU", "Many processes."),
        (2, "And a PS?", "roles", "A server."),
    ]
    assert parse("Q1: x?\nA: y\nAnswer (short): z").questions[0].answer.text == "y\nAnswer (short): z"


def test_timestamps_around_speaker_labels():
    t = parse(
        "[00:01:12] Interviewer: What is DDP?\n[00:01:25] Candidate: Many processes.\n"
        "Interviewer [00:02:00]: And a PS?\n(02:10) Candidate: A server.\n"
    )
    assert qa_texts(t) == [(1, "What is DDP?", None, "Many processes."), (2, "And a PS?", None, "A server.")]
    assert parse("Q1: x?\nA: at\n10:30 we met").questions[0].answer.text == "at\n10:30 we met"


def test_timestamps_in_full_width_brackets_and_after_a_bold_speaker():
    # a Chinese meeting app's "［00:01:05］" (read before any fold: the brackets stay full-width in the source)
    t = parse("［00:00:05］面试官：什么是数据并行？\n［00:00:20］候选人：每张卡一份完整模型。\n（01:30）面试官：那 ring 呢？\n（01:40）候选人：不清楚。\n")
    assert qa_texts(t) == [(1, "什么是数据并行？", None, "每张卡一份完整模型。"), (2, "那 ring 呢？", None, "不清楚。")]
    # a Zoom transcript made markdown, the speaker bold and the time after it
    t = parse("**Interviewer** [00:00:05]: What is DDP?\n**Candidate** [00:00:20]: Many processes.\n"
              "**Interviewer** [00:01:30]: And a PS?\n**Candidate** [00:01:40]: A server.\n")
    assert qa_texts(t) == [(1, "What is DDP?", None, "Many processes."), (2, "And a PS?", None, "A server.")]


@pytest.mark.parametrize("backchannel", ["OK.", "Right, right.", "Mm-hm.", "Got it, go on.", "uh huh", "嗯。", "嗯嗯，好。", "好的，继续。"])
def test_a_back_channel_turn_does_not_start_a_question(backchannel):
    """A meeting transcript gives the interviewer's "OK." / "嗯。" between two of the candidate's turns a turn of its own:
    the candidate's next turn goes on with the same answer."""
    t = parse(
        "[00:00:05] Interviewer: What is data parallelism?\n[00:00:20] Candidate: Each GPU holds a full copy.\n"
        f"[00:00:40] Interviewer: {backchannel}\n[00:00:42] Candidate: And the batch is split.\n"
        "[00:01:30] Interviewer: How does the ring work?\n[00:01:40] Candidate: No idea.\n"
    )
    assert [q.question.text for q in t.questions] == ["What is data parallelism?", "How does the ring work?"]
    first = t.questions[0].answer.text
    assert first.startswith("Each GPU holds a full copy.") and first.endswith("And the batch is split.")
    # ... the speaker on a line of its own, the words below it (飞书妙记)
    t = parse(
        "面试官 张三 00:00:05\n什么是数据并行？\n\n候选人 李四 00:00:20\n每张卡一份完整模型。\n\n"
        f"面试官 张三 00:01:02\n{backchannel}\n\n候选人 李四 00:01:04\n数据切开。\n\n"
        "面试官 张三 00:01:30\nring 怎么工作？\n\n候选人 李四 00:01:40\n不清楚。\n"
    )
    assert [q.question.text for q in t.questions] == ["什么是数据并行？", "ring 怎么工作？"]
    assert t.questions[0].answer.text.endswith("数据切开。")


@pytest.mark.parametrize("turn", ["OK, and how does the ring work?", "好的，那 ring 呢？", "Right. Next: what is a PS?"])
def test_a_short_turn_that_asks_something_is_a_question(turn):
    t = parse(
        "Interviewer: What is data parallelism?\nCandidate: Each GPU holds a full copy.\n"
        f"Interviewer: {turn}\nCandidate: No idea.\n"
    )
    assert len(t.questions) == 2 and t.questions[1].question.text == turn
    # ... and a back-channel before the first answer (nothing said yet) is left alone
    t = parse("Interviewer: What is data parallelism?\nInterviewer: OK.\nCandidate: Each GPU holds a copy.\n")
    assert len(t.questions) == 2


def test_blog_headings_with_quoted_questions_and_q_lines():
    t = parse(
        "### Q1 — Warm-up\n\n> What is distributed training?\n\nMany GPUs share one job.\n\n"
        "### Q2 — Parameter servers\n\n> You've run parameter servers.\n> Explain the architecture.\n\n"
        "Servers hold the weights; workers push gradients.\n\n## Their feedback\n\nStrong."
    )
    assert [(q.number, q.answer.text) for q in t.questions] == [
        (1, "Many GPUs share one job."),
        (2, "Servers hold the weights; workers push gradients."),
    ]
    assert t.questions[1].question.text.endswith("> Explain the architecture.")
    assert t.verdict.text == "Strong."
    t = parse("### Q1 — Warm-up\n**Q:** What is DDP?\n**A:** Many processes.\n### Q2 — PS\n**Q:** And a PS?\n**A:** A server.")
    assert qa_texts(t) == [(1, "What is DDP?", None, "Many processes."), (2, "And a PS?", None, "A server.")]
    # unnumbered questions in a row stay separate questions
    assert [q.number for q in parse("Q: a?\nQ: b?\nA: c").questions] == [1, 2]


def test_named_speakers_with_a_header_that_says_who_asks():
    t = parse(
        "Mock interview, recorded\n"
        "Interviewer: Priya Raman, staff engineer.\nCandidate: Marcus Oyelaran, 6 years.\n\n"
        "[00:01:12] Marcus: Hi! Ready when you are.\n"
        "[00:01:20] Priya: What is DDP?\n[00:01:25] Marcus: Many processes.\n"
        "[00:02:00] Priya: Tell me about parameter servers.\n[00:02:10] Marcus: A server holds the weights.\nIt shards them.\n"
        "[00:03:00] Priya: Ring all-reduce?\n[00:03:10] Marcus: No idea, sorry.\n"
        "[00:27:30] Priya: Okay, I'll stop there. My feedback: great."
    )
    assert t.format == "dialogue"
    assert qa_texts(t) == [
        (1, "What is DDP?", None, "Many processes."),
        (2, "Tell me about parameter servers.", None, "A server holds the weights.\nIt shards them."),
        (3, "Ring all-reduce?", None, "No idea, sorry."),
    ]
    assert t.verdict.text == "Okay, I'll stop there. My feedback: great."
    assert t.intro.text.startswith("Interviewer: Priya Raman")
    assert_spans(t)


@pytest.mark.parametrize("name", ["Tomás", "José Núñez", "Łukasz", "Zoë"])
def test_named_speakers_with_accented_names(name):
    # blind198: a candidate called "Tomás" left the file with no questions found
    t = parse(
        f"Priya: What is DDP?\n{name}: Many processes.\nPriya: Tell me about parameter servers.\n"
        f"{name}: A server holds the weights.\nPriya: Ring all-reduce?\n{name}: No idea, sorry.\n"
    )
    assert t.format == "dialogue"
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("What is DDP?", "Many processes."), ("Tell me about parameter servers.", "A server holds the weights."),
        ("Ring all-reduce?", "No idea, sorry."),
    ]
    assert_spans(t)


@pytest.mark.parametrize(
    "text",
    [
        "DANA: Welcome! Question one: what is DDP?\nRAJ: Magic, basically.\nDANA: Question two: a PS?\nRAJ: Servers.\n"
        "DANA: And ring all-reduce?\nRAJ: Circles.\nDANA (wrap-up): Raj is brilliant.",
        "Host: Welcome! Question one: what is DDP?\nGuest: Magic, basically.\nHost: Question two: a PS?\nGuest: Servers.\n"
        "Host: And ring all-reduce?\nGuest: Circles.\nHost (wrap-up): Raj is brilliant.",
        "张工：说说DDP？\n小李：Magic, basically.\n张工：PS呢？\n小李：Servers.\n张工：Ring？\n小李：Circles.\n张工：Raj is brilliant.",
    ],
)
def test_podcast_and_chat_turns(text):
    t = parse(text)
    assert [q.answer.text for q in t.questions] == ["Magic, basically.", "Servers.", "Circles."]
    assert t.verdict.text == "Raj is brilliant."


@pytest.mark.parametrize(
    "text",
    [
        "Note: a\nNote: b\nNote: c\nEdit: d\nEdit: e\nEdit: f",  # the same word opens lines in a row
        "Alice: hi\nBob: hi\nAlice: bye",  # too few turns
    ],
)
def test_lines_that_merely_start_with_a_name_are_not_a_conversation(text):
    with pytest.raises(TranscriptError, match="no questions found"):
        parse_transcript(text)


# Chinese archive layouts blind11's writer planned first (tests/data/blind11/README.md, "Layouts").


def _wechat(text: str) -> str:
    """面试官： / 候选人： turns back into a chat export: a "name time" line over each message."""
    minute = iter(range(10_000))
    return re.sub(
        r"(?m)^(面试官|候选人)：",
        lambda m: f"{'学长' if m.group(1) == '面试官' else '小周'} 21:{next(minute) % 60:02d}\n",
        text,
    )


_PLANNED_LAYOUTS_11 = {
    "b11_04_zh_csdn_talker.txt": lambda s: re.sub(
        r"(?m)^([1-8])、", lambda m: "一二三四五六七八"[int(m.group(1)) - 1] + "、", s
    ),
    "b11_05_zh_wechat_mock.txt": _wechat,
    "b11_07_zh_cnblogs_recsys.txt": lambda s: re.sub(
        r"(?m)^Q(\d): ", lambda m: "Ｑ" + chr(0xFF10 + int(m.group(1))) + "：", s
    ).replace("\nA：", "\nＡ："),
}


@pytest.mark.parametrize("name", sorted(_PLANNED_LAYOUTS_11))
def test_blind11_planned_layouts(name):
    path = PROJECT / "tests" / "data" / "blind11" / name
    labelled = read_transcript(path)
    planned = parse_transcript(_PLANNED_LAYOUTS_11[name](labelled.text), name)
    assert planned.text != labelled.text

    def shape(t):
        return [(q.number, q.answer.text if q.answer else None) for q in t.questions], t.verdict.text

    assert shape(planned) == shape(labelled)
    assert [q.question.text for q in planned.questions] == [q.question.text for q in labelled.questions]
    assert_spans(planned)


def test_chinese_numeral_headings():
    t = parse("一、说说什么是DDP\n答：多进程。\n二、参数服务器是什么？\n回答：中心存参数。\n十、顺便一问？\n三、最后一题？\n答：不会。\n面试官总结：还行")
    assert qa_texts(t) == [
        (1, "说说什么是DDP", None, "多进程。"),
        (2, "参数服务器是什么？", None, "中心存参数。\n十、顺便一问？"),  # 十 does not continue the run
        (3, "最后一题？", None, "不会。"),
    ]
    assert t.verdict.text == "还行"


def test_wechat_export_with_sender_and_time_lines():
    t = parse(
        "学长 21:02\n开始吧。Q1 说说什么是DDP？\n\n小周 21:03\nDDP就是多进程。\n\n"
        "学长 21:10\nQ2 参数服务器呢？\n\n小周 21:11\nserver存参数。\n还有push/pull。\n\n"
        "学长 21:20\nQ3 Ring-AllReduce 的通信量？\n\n小周 2024-05-01 21:21\n这个不会，没看过\n\n"
        "学长 22:10\n总评：整体不错。"
    )
    assert t.format == "dialogue"
    assert [(q.number, q.answer.text) for q in t.questions] == [
        (1, "DDP就是多进程。"), (2, "server存参数。\n还有push/pull。"), (3, "这个不会，没看过"),
    ]
    assert t.questions[2].question.text == "Q3 Ring-AllReduce 的通信量？"
    assert t.verdict.text == "整体不错。"
    assert_spans(t)


def test_full_width_letters_and_digits_in_labels():
    text = "Ｑ１：说说DDP？\nＡ：多进程。\nＱ２：ＰＳ呢？\nＡ：服务器。\n面试官反馈：好"
    t = parse(text)
    assert qa_texts(t) == [(1, "说说DDP？", None, "多进程。"), (2, "ＰＳ呢？", None, "服务器。")]  # values as written
    assert t.verdict.text == "好"
    assert_spans(t)


def test_a_verdict_label_opening_an_interviewer_turn():
    t = parse("面试官：说说DDP？\n候选人：多进程。\n面试官：PS？\n候选人：服务器。\n面试官：总评：基础扎实。")
    assert [q.answer.text for q in t.questions] == ["多进程。", "服务器。"]
    assert t.verdict.text == "基础扎实。"
    t = parse("Interviewer: What is DDP?\nCandidate: Many.\nInterviewer: Feedback: solid.\nCandidate: Thanks!")
    assert [(q.question.text, q.answer.text) for q in t.questions] == [("What is DDP?", "Many.")]
    assert t.verdict.text == "solid."  # the candidate's thanks after it are no part of it
    # blind179 / blind182: "候选人：谢谢面试官，再见。" after the interviewer's 总评, a blank line between or not
    for gap in ("\n", "\n\n"):
        t = parse("面试官：说说DDP？\n候选人：多进程。\n面试官：PS？\n候选人：服务器。\n面试官：总评：基础扎实。" + gap + "候选人：谢谢面试官，再见。")
        assert [q.answer.text for q in t.questions] == ["多进程。", "服务器。"]
        assert t.verdict.text == "基础扎实。"
        assert_spans(t)


def test_numbered_request_without_a_question_mark_opening_a_paragraph():
    t = parse(
        "1) What is DDP?\nMany processes:\n1. spawn\n2. wrap\n3. train.\n\n"
        "2) How does a PS work?\nServers hold weights.\n\n3) Walk me through ring all-reduce.\nTwo phases.\n\nVerdict: ok"
    )
    assert [(q.number, q.question.text, q.answer.text) for q in t.questions] == [
        (1, "What is DDP?", "Many processes:\n1. spawn\n2. wrap\n3. train."),  # "3. train." follows a list item
        (2, "How does a PS work?", "Servers hold weights."),
        (3, "Walk me through ring all-reduce.", "Two phases."),
    ]


def test_blind13_planned_layout():
    """b13_06 was planned as "3) …" questions with unlabelled answers (README, "Layouts")."""
    labelled = read_transcript(PROJECT / "tests" / "data" / "blind13" / "b13_06_en_reddit_mixed.txt")
    planned = parse_transcript(re.sub(r"(?m)^\[Q(\d)\] ", r"\1) ", labelled.text), "b13_06")
    assert planned.text != labelled.text

    def shape(t):
        return [(q.number, q.question.text, q.answer.text) for q in t.questions], t.verdict.text

    assert shape(planned) == shape(labelled)


# Layouts blind14's writer planned first (tests/data/blind14/README.md, "Layouts").
_PLANNED_LAYOUTS_14 = {
    # a 小红书 post: an emoji before each label ("⏰[01:05] 问1：", "💬 答：", "🌟[35:40] 面试官评价：")
    "b14_02_zh_xhs_weak.txt": lambda s: re.sub(r"(?m)^\[(\d\d:\d\d)\] 问", r"⏰[\1] 问", s)
    .replace("\n答：", "\n💬 答：")
    .replace("[35:40] 面试官评价：", "🌟[35:40] 面试官评价："),
    # a Slack export: full names and a 12-hour clock over each message ("Dana Whitfield  10:02 AM")
    "b14_05_en_slack_namedrop.txt": lambda s: re.sub(
        r"(?m)^(Dana|Raj) (\d+:\d+)$", lambda m: f"{m.group(1)} {'Whitfield' if m.group(1) == 'Dana' else 'Malhotra'}  {m.group(2)} AM", s
    ),
}


@pytest.mark.parametrize(
    "header",
    ["Dana Whitfield  10:02 AM", "Dana Whitfield 10:02", "Dana 10:02 pm", "Dana Whitfield  [10:02 AM]", "Dana Lee Whitfield 2024-05-01 10:02"],
)
def test_chat_export_sender_lines(header):
    other = header.replace("Dana", "Raj", 1)
    t = parse(
        f"{header}\nWhat is DDP?\n\n{other}\nMany processes.\n\n{header}\nAnd a PS?\n\n{other}\nA server.\n\n"
        f"{header}\nRing all-reduce?\n\n{other}\nNo idea.\n\n{header}\nThanks, great chat."
    )
    assert [(q.number, q.answer.text) for q in t.questions] == [(1, "Many processes."), (2, "A server."), (3, "No idea.")]


def test_emoji_before_labels():
    t = parse("📌 问题1：什么是DDP？\n💬 回答：多进程。\n👉 问题2：PS 呢？\n✅ 回答：存参数。\n🌟 点评：不错")
    assert qa_texts(t) == [(1, "什么是DDP？", None, "多进程。"), (2, "PS 呢？", None, "存参数。")]
    assert t.verdict.text == "不错"


def test_a_sentence_ending_in_a_time_is_not_a_sender_line():
    # three words and a clock, but the same line never alternates with another speaker
    t = parse("Q1: When do we start?\nA: I think at 10:30\nsee you at 10:30\nQ2: Why?\nA: Because.")
    assert [(q.number, q.answer.text) for q in t.questions] == [(1, "I think at 10:30\nsee you at 10:30"), (2, "Because.")]


# Layouts blind15's writer planned first (tests/data/blind15/README.md, "Layouts").
_PLANNED_LAYOUTS_15 = {
    # a Discord voice bot's transcript: lower-case handles as speakers ("[00:00:03] marisol_ml: …")
    "b15_06_en_discord_mixed.txt": lambda s: re.sub(
        r"(?m)^(\[\d\d:\d\d:\d\d\]) (Marisol|Kev):", lambda m: f"{m.group(1)} {'marisol_ml' if m.group(2) == 'Marisol' else 'kev_trains'}:", s
    ),
    # a 牛客 post whose verdict is "面试官最后的评价："
    "b15_07_zh_niuke_mixed.txt": lambda s: s.replace("面试官评价：", "面试官最后的评价："),
}


@pytest.mark.parametrize(
    "folder,name,planned",
    [("blind14", n, f) for n, f in sorted(_PLANNED_LAYOUTS_14.items())]
    + [("blind15", n, f) for n, f in sorted(_PLANNED_LAYOUTS_15.items())],
)
def test_blind14_and_15_planned_layouts(folder, name, planned):
    labelled = read_transcript(PROJECT / "tests" / "data" / folder / name)
    text = planned(labelled.text)
    assert text != labelled.text
    got = parse_transcript(text, name)

    def shape(t):
        return [(q.number, q.question.text, q.answer.text if q.answer else None) for q in t.questions], t.verdict.text

    assert shape(got) == shape(labelled)
    assert_spans(got)


@pytest.mark.parametrize(
    "line,verdict",
    [
        ("面试官最后的评价：很好", "很好"), ("**面试官的整体反馈：** 好", "好"), ("HR给的评语：好", "好"),
        ("最终评价：好", "好"), ("面試官最後的評價：好", "好"),
        ("最后总结：DDP更快", None),  # may open the candidate's own summary: not a verdict without who
    ],
)
def test_chinese_verdict_labels_with_a_word_between(line, verdict):
    t = parse(f"1、什么是DDP？\n答：多进程。\n2、PS呢？\n答：存参数。\n{line}")
    assert (t.verdict.text if t.verdict else None) == verdict
    assert t.questions[-1].answer.text == ("存参数。" if verdict else f"存参数。\n{line}")


def test_subtitle_cues_do_not_trail_into_questions_and_answers():
    t = parse(
        "WEBVTT\n\n1\n00:00:02.000 --> 00:00:16.800\nPriya Raman: What is DDP?\n\n"
        "2\n00:00:17.400 --> 00:00:48.000\nDaniel Okoye: One process per GPU.\n\n"
        "3\n00:00:48.600 --> 00:01:10,867\nPriya Raman: And a PS?\n\n"
        "4\n00:01:11.467 --> 00:01:27.067\nDaniel Okoye: A server holds the weights.\n\n"
        "5\n00:01:28.000 --> 00:01:30.000\nPriya Raman: Ring all-reduce?\n\n"
        "6\n00:01:31.000 --> 00:01:35.000\nDaniel Okoye: Neighbours only.\n\n"
        "7\n00:01:36.000 --> 00:01:40.000\nPriya Raman: Thanks. Overall feedback: strong."
    )
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("What is DDP?", "One process per GPU."), ("And a PS?", "A server holds the weights."),
        ("Ring all-reduce?", "Neighbours only."),
    ]
    assert_spans(t)


@pytest.mark.parametrize(
    "tail",
    [
        "\n\n#面经 #秋招 #大模型", "\n\nTranscribed by https://otter.ai", "\nhttps://example.com/post/1", "\n\n#面经\n\n",
        # page furniture: 知乎, CSDN, Glassdoor, forums
        "\n\n编辑于 2024-04-12 09:31・IP 属地北京", "\n发布于 2024-03-14 21:47 · 北京\n赞同 1.2万 · 收藏 30 · 128 条评论",
        "\n\nHelpful (7)", "\n\nreply", "\nShare · Report\n12 comments",
        # someone else's comment in a thread, with its own praise
        "\n\nreply\n\n  kettle_ops 7 hours ago | parent | next [–]\n\n  Great write-up, you clearly nailed it!\n\n  reply",
        # a PTT post's signature and pushes; a LinkedIn post's hashtags above its reactions line
        "\n\n--\n※ 發信站: 批踢踢實業坊(ptt.cc)\n推 gpuPoor: 推分享 寫得很好          10/26 22:45\n→ cat0412: Q5 怪怪的   10/26 22:51",
        "\n\n#MachineLearning #Interviews\n👍❤️💡 1,204 · 87 comments · 41 reposts",
        # a forum's replies: 牛客, GitHub; Quora's counters
        "\n\n全部回复 3\n\n牛客4213876号  2024-04-19 09:12\n楼主第二题说反了吧\n",
        "\n\n3 comments · 2 replies\n\nmlsys-hana on Feb 9\nQ2 is wrong: DDP has no master.\n\nkwabena-asante on Feb 9 Author\nThanks!\n",
        "\n\n1.4K views · View 23 upvotes · Answer requested by Sana Qureshi\nUpvote · 23\n",
    ],
)
def test_trailer_lines_stay_out_of_the_last_part(tail):
    t = parse("问题1：什么是DDP？\n回答：多进程。\n点评：很好" + tail)
    assert t.verdict.text == "很好"
    t = parse("问题1：什么是DDP？\n回答：多进程。" + tail)
    assert t.questions[0].answer.text == "多进程。"


@pytest.mark.parametrize(
    "tail",
    [
        "\n#1 thing: keep going", "\n\n谢谢大家 #面经", "\n\nTranscribed by hand, the next day, great call.",
        "\n\n评论：表达清楚", "\nFollow-up: share more numbers next time", "\nI left 2 years ago | then came back",
    ],
)
def test_lines_that_say_something_are_not_trailers(tail):
    t = parse("问题1：什么是DDP？\n回答：多进程。\n点评：很好" + tail)
    assert t.verdict.text == "很好" + tail.rstrip()


# A table of contents that lists the questions before they are asked.


def test_blind16_planned_layout_numbered_contents():
    """b16_02 was planned with its 文章目录 as "1. …？" lines before the "## 1. …" sections (README, "Layouts")."""
    labelled = read_transcript(PROJECT / "tests" / "data" / "blind16" / "b16_02_zh_csdn_strong.txt")
    lines = labelled.text.split("\n")
    toc = lines.index("文章目录")
    for n, i in enumerate(range(toc + 1, toc + 8), start=1):
        assert lines[i].startswith("- ")
        lines[i] = f"{n}. " + lines[i][2:]
    planned = parse_transcript("\n".join(lines), "b16_02")

    def shape(t):
        return [(q.number, q.question.text, q.answer.text) for q in t.questions], t.verdict.text

    assert len(planned.questions) == 7
    assert shape(planned) == shape(labelled)


def test_numbered_questions_inside_an_answer_do_not_end_the_run():
    text = (
        "1. What is DDP?\n\nOne process per GPU. They asked me a few quick ones too:\n"
        "1. Is NCCL a library?\n2. Is gloo one?\n\n"
        "2. How does a parameter server work?\n\nServers hold the weights, workers push gradients.\n"
    )
    t = parse_transcript(text, "x")
    assert [(q.number, q.question.text) for q in t.questions] == [
        (1, "What is DDP?"), (2, "How does a parameter server work?"),
    ]
    assert "Is gloo one?" in t.questions[0].answer.text


_QA_EN = (
    "Q1: What is DDP?\nA: One process per GPU; gradients are all-reduced.\n\n"
    "Q2: How does ring all-reduce work?\nA: Reduce-scatter, then all-gather.\n\n"
    "Q3: What is a parameter server?\nA: Servers hold the weights.\n"
)


@pytest.mark.parametrize("heading", ["Contents", "## Table of contents", "目录"])
def test_labelled_table_of_contents_is_not_a_set_of_unanswered_questions(heading):
    contents = f"{heading}\nQ1: What is DDP?\nQ2: How does ring all-reduce work?\nQ3: What is a parameter server?\n\n"
    plain = parse_transcript("Interview notes\n\n" + _QA_EN, "x")
    listed = parse_transcript("Interview notes\n\n" + contents + _QA_EN, "x")
    assert [(q.number, q.question.text, q.answer.text) for q in listed.questions] == [
        (q.number, q.question.text, q.answer.text) for q in plain.questions
    ]
    assert len(listed.questions) == 3
    for q in listed.questions:
        assert listed.text[q.answer.span.start:q.answer.span.end] == q.answer.text


def test_contents_without_answer_labels():
    """"【问题1】…？" questions with plain-paragraph answers, listed first under 目录."""
    body = "【问题1】DDP 是什么？\n每张卡一个进程。\n\n【问题2】参数服务器是什么？\n服务器存参数。\n\n【问题3】Ring 怎么做？\n先 reduce-scatter。\n"
    contents = "目录\n【问题1】DDP 是什么？\n【问题2】参数服务器是什么？\n【问题3】Ring 怎么做？\n本文整理自现场。\n\n"
    t = parse_transcript(contents + body, "x")
    assert [(q.number, q.question.text, q.answer.text) for q in t.questions] == [
        (1, "DDP 是什么？", "每张卡一个进程。"), (2, "参数服务器是什么？", "服务器存参数。"), (3, "Ring 怎么做？", "先 reduce-scatter。"),
    ]


def test_unanswered_questions_of_a_first_round_are_kept():
    """Numbering that starts again is a table of contents only when its questions are asked again."""
    text = (
        "Q1: What is DDP?\nQ2: What is NCCL?\n\n"
        "Q1: How does ring all-reduce work?\nA: Reduce-scatter, then all-gather.\n\n"
        "Q2: What is a parameter server?\nA: Servers hold the weights.\n"
    )
    t = parse_transcript(text, "x")
    assert [q.question.text for q in t.questions] == [
        "What is DDP?", "What is NCCL?", "How does ring all-reduce work?", "What is a parameter server?",
    ]


# Layouts blind18's writer planned first (tests/data/blind18/README.md, "Layouts"): each committed
# file written back into its planned layout parses to the same questions, answers and verdict.


def _blind18(name: str):
    return read_transcript(next((PROJECT / "tests" / "data" / "blind18").glob(name + "*.txt")))


def _shape18(t):
    return [(q.number, q.question.text, q.answer.text) for q in t.questions], t.verdict.text


def test_blind18_planned_verdict_label_with_words_after_it():
    """b18_04: "Interviewer's feedback at the end: …" (the file has "(at the end)")."""
    labelled = _blind18("b18_04")
    planned = parse_transcript(labelled.text.replace("feedback (at the end):", "feedback at the end:"), "b18_04")
    assert planned.text != labelled.text
    assert [(q.number, q.answer.text) for q in planned.questions] == [(q.number, q.answer.text) for q in labelled.questions]
    assert planned.verdict.text.startswith('"Really solid.')


def test_blind18_planned_scorecard_footer():
    """b18_06: a bare "Key Take-Aways" heading, then "Overall Recommendation: Yes"."""
    labelled = _blind18("b18_06")
    planned = parse_transcript(labelled.text.replace("Interviewer's notes (Key Take-Aways):", "Key Take-Aways"), "b18_06")
    assert planned.text != labelled.text
    assert _shape18(planned) == _shape18(labelled)
    assert planned.verdict.text.rstrip().endswith("Overall Recommendation: Yes")


def test_blind18_planned_comment_counter_does_not_replace_the_verdict():
    """b18_07: a later "Comments: 14" line took the verdict and the real feedback was dropped."""
    labelled = _blind18("b18_07")
    planned = parse_transcript(labelled.text.replace("Comments (14)", "Comments: 14"), "b18_07")
    assert planned.text != labelled.text
    assert planned.verdict.text.startswith("the panel was unanimous")
    assert "Comments: 14" in planned.verdict.text
    assert [(q.number, q.answer.text) for q in planned.questions] == [(q.number, q.answer.text) for q in labelled.questions]


def test_blind18_planned_phone_screen_header_and_goodbye():
    """b18_08: "Interviewer: R. Okafor. Candidate: K. Brandt." under the title, and a goodbye exchange."""
    labelled = _blind18("b18_08")
    text = labelled.text.replace("Interviewer R. Okafor, candidate K. Brandt.", "Interviewer: R. Okafor. Candidate: K. Brandt.")
    notes = text.index("Interviewer notes (added after the call)")
    goodbye = (
        "[00:03:48] INTERVIEWER: Okay, that's all the time I have. Thanks Kevin, the recruiter will be in touch "
        "about next steps.\r\n\r\n[00:03:53] CANDIDATE: Great, thank you so much!\r\n\r\n"
    )
    planned = parse_transcript(text[:notes] + goodbye + text[notes:], "b18_08")
    assert _shape18(planned) == _shape18(labelled)


def test_blind18_planned_teams_voice_tags():
    """b18_01: Teams WebVTT cues with "<v Name>text</v>" (the file has "Name: text")."""
    labelled = _blind18("b18_01")
    planned_text = re.sub(r"(?m)^(Megan Oduya|Tomasz Wieczorek): (.*?)(\r?)$", r"<v \1>\2</v>\3", labelled.text)
    planned = parse_transcript(planned_text, "b18_01")
    assert planned.text != labelled.text
    assert planned.format == "dialogue"
    assert [q.number for q in planned.questions] == [q.number for q in labelled.questions]
    for q in planned.questions:
        assert not q.question.text.rstrip().endswith("</v>") and "/1" not in q.question.text[-12:]
        if q.answer and q.answer.text:
            assert not q.answer.text.endswith("</v>")
    assert_spans(planned)


@pytest.mark.parametrize(
    "line, verdict",
    [
        ("Interviewer's feedback at the end: strong overall.", "strong overall."),
        ("Feedback from the recruiter: moving forward.", "moving forward."),
        ("## Feedback from recruiter\n\nMoving forward.", "Moving forward."),
        ("Overall Recommendation: Strong yes", "Strong yes"),
        ("Key Take-Aways\nClear on DDP.\n\nOverall Recommendation: Yes", "Clear on DDP.\n\nOverall Recommendation: Yes"),
        ("最后面试官说：基础不错，回去等通知。", "基础不错，回去等通知。"),
        ("面试官最后说，整体还可以。", "整体还可以。"),
        ("## 点评\n\n点评：基础扎实。", "基础扎实。"),
        ("Feedback: strong.\nRecruiter notes: will move on.", "strong.\nRecruiter notes: will move on."),
        ("Hiring manager's feedback: yes.\n\nComments: 14\n\nnice post", "yes.\n\nComments: 14\n\nnice post"),
    ],
)
def test_verdict_labels(line, verdict):
    t = parse("Q1: What is DDP?\nA: One process per GPU.\n\nQ2: And a parameter server?\nA: Servers hold the weights.\n\n" + line)
    assert t.verdict.text == verdict
    assert t.questions[-1].answer.text == "Servers hold the weights."


@pytest.mark.parametrize("line", ["Comments: 14", "评论：128", "Feedback from the recruiter was positive.", "最后面试官说的话我忘了"])
def test_lines_that_are_not_verdict_labels(line):
    t = parse("Q1: What is DDP?\nA: One process per GPU.\n\nQ2: And a parameter server?\nA: Servers hold the weights.\n" + line)
    assert t.verdict is None
    assert t.questions[-1].answer.text.endswith(line)


def test_a_dialogue_goodbye_is_not_a_question():
    body = "".join(f"Interviewer: Question {n}, what is DDP?\nCandidate: Answer {n}.\n" for n in range(1, 4))
    t = parse(body + "Interviewer: That's all from me, thanks a lot.\nCandidate: Thank you, bye!\n")
    assert [q.question.text for q in t.questions] == [f"Question {n}, what is DDP?" for n in range(1, 4)]
    assert t.verdict.text.startswith("That's all from me")
    kept = parse(body + "Interviewer: Thanks. Last one: why ring?\nCandidate: Thanks, it balances links.\n")
    assert len(kept.questions) == 4  # a question, and an answer with content


def test_blind17_planned_questions_in_running_prose():
    """b17_08 was planned as 知乎 想法 paragraphs "第一个问题是 <question>。<answer>" on one line each,
    ending "最后面试官说整体很扎实…" (README, "Layouts"); the file has "第一个问题：" lines."""
    labelled = read_transcript(next((PROJECT / "tests" / "data" / "blind17").glob("b17_08*.txt")))
    verbs = {"一": "是", "二": "问", "三": "是", "四": "问", "五": "是", "六": "问"}
    planned_text = re.sub(
        r"(?m)^第(.)个问题：[ ]?(.*)\n(?=\S)", lambda m: f"第{m.group(1)}个问题{verbs[m.group(1)]} {m.group(2)}", labelled.text
    ).replace("面试官最后的评价：整体", "最后面试官说整体")
    planned = parse_transcript(planned_text, "b17_08")
    assert planned.text != labelled.text
    assert [q.number for q in planned.questions] == [1, 2, 3, 4, 5, 6]
    for p, l in zip(planned.questions, labelled.questions):
        # the question runs to its first full stop: "第四个问题问参数服务器，这个我没做过，只讲了原理。"
        assert p.question.text.startswith(l.question.text.strip())
        assert l.answer.text.endswith(p.answer.text) and len(p.answer.text) > 0.8 * len(l.answer.text)
        assert "".join((p.question.text + p.answer.text).split()) == "".join((l.question.text + l.answer.text).split())
    assert planned.verdict.text == labelled.verdict.text
    assert_spans(planned)


def test_an_answer_on_the_question_line_without_a_label():
    t = parse("Q1: What is a parameter server? Servers hold the weights.\n\nQ2: What is DDP vs. DP? One process per GPU.\n")
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("What is a parameter server?", "Servers hold the weights."), ("What is DDP vs. DP?", "One process per GPU."),
    ]
    # a question line with its answer below keeps its own full stop
    t = parse("问题1：请介绍数据并行。并说明局限。\n每张卡一份模型。\n\n问题2：PS 是什么？\n服务器存参数。\n")
    assert t.questions[0].question.text == "请介绍数据并行。并说明局限。"


def _as_table(text: str, q_label: str, a_label: str, head: str, numbered: bool) -> str:
    """Rows "<q_label>N：<q>" / "<a_label><a>" written back as one markdown table."""
    rows = re.findall(rf"(?m)^{q_label}(\d+)[:：] ?(.*)\r?\n{a_label}[:：] ?(.*)$", text)
    assert len(rows) >= 5
    table = head + "".join(
        (f"| {n} | {q} | {a} |\n" if numbered else f"| {q} | {a} |\n") for n, q, a in rows
    )
    first = re.search(rf"(?m)^{q_label}1[:：]", text).start()
    end = first + len(text[first:].split("\n\n")[0]) + 1  # the rows are one paragraph
    return text[:first] + table + text[end:]


@pytest.mark.parametrize(
    "name, q_label, a_label, head, numbered, edit",
    [
        # 飞书 export: "| 序号 | 问题 | 回答 |" (README, "Layouts")
        ("b17_03", "问题", "回答", "| 序号 | 问题 | 回答 |\n| --- | --- | --- |\n", True, lambda s: s),
        # prep notes: "| Question | My answer |" and "## Feedback from recruiter"
        ("b18_05", "Q", "My answer", "| Question | My answer |\n|---|---|\n", False,
         lambda s: s.replace("## Recruiter feedback", "## Feedback from recruiter")),
    ],
)
def test_blind_planned_markdown_tables(name, q_label, a_label, head, numbered, edit):
    folder = "blind17" if name.startswith("b17") else "blind18"
    labelled = read_transcript(next((PROJECT / "tests" / "data" / folder).glob(name + "*.txt")))
    planned = parse_transcript(edit(_as_table(labelled.text, q_label, a_label, head, numbered)), name)
    assert "| --- |" in planned.text or "|---|" in planned.text
    assert [(q.number, q.question.text, q.answer.text) for q in planned.questions] == [
        (q.number, q.question.text, q.answer.text) for q in labelled.questions
    ]
    assert planned.verdict.text.split()[:5] == labelled.verdict.text.split()[:5]
    assert_spans(planned)


def test_a_table_of_header_fields_before_the_questions():
    t = parse(
        "| 项目 | 内容 |\n| --- | --- |\n| 岗位 | 训练框架工程师 |\n| 工作年限 | 5年 |\n\n"
        "| # | Question | Answer |\n|---|---|---|\n| 1 | What is DDP? | One process per GPU. |\n"
        "| 2 | What is a PS? | Servers hold weights \\| workers push. |\n"
    )
    assert (t.role.text, t.years.text) == ("训练框架工程师", "5年")
    assert [(q.number, q.question.text, q.answer.text) for q in t.questions] == [
        (1, "What is DDP?", "One process per GPU."), (2, "What is a PS?", "Servers hold weights \\| workers push."),
    ]


def test_a_table_without_question_and_answer_columns_is_no_transcript():
    with pytest.raises(TranscriptError):
        parse("| name | score |\n|---|---|\n| a | 1 |\n| b | 2 |\n")


@pytest.mark.parametrize(
    "line, role, years",
    [
        ("候选人：王某某　　应聘岗位：AI Infra 高级工程师　　工作年限：8年", "AI Infra 高级工程师", "8年"),
        ("Candidate: Jane Roe   Position: ML Engineer   Experience: 6 years", "ML Engineer", "6 years"),
    ],
)
def test_header_fields_after_a_name_on_a_candidate_line(line, role, years):
    """A scorecard's "候选人：<name> 应聘岗位：… 工作年限：…" line (blind17 README, b17_07)."""
    t = parse(line + "\n面试官：赵工\n\n题目1：什么是 DDP？\n回答：每张卡一个进程。\n\n题目2：PS 是什么？\n回答：服务器存参数。\n")
    assert (t.role.text, t.years.text) == (role, years)
    assert t.format == "labelled" and len(t.questions) == 2


# Layouts blind19's and blind20's writers planned first (their READMEs, "Layouts").


def _blind(set_name: str, name: str):
    return read_transcript(next((PROJECT / "tests" / "data" / set_name).glob(name + "*.txt")))


def _same_parts(planned, labelled, back=lambda s: s):
    """The same parts, once ``back`` turns the planned spelling of inner speaker lines into the file's."""
    assert [(q.number, back(q.question.text).strip(), back(q.answer.text).strip()) for q in planned.questions] == [
        (q.number, q.question.text.strip(), q.answer.text.strip()) for q in labelled.questions
    ]
    assert back(planned.verdict.text) == labelled.verdict.text
    assert_spans(planned)


def test_blind19_planned_meeting_transcript():
    """b19_01: 飞书妙记's "说话人 1  00:05" (a space before the number) and a closing thanks turn."""
    labelled = _blind("blind19", "b19_01")
    text = re.sub(r"(?m)^说话人(\d)", r"说话人 \1", labelled.text).rstrip("\n") + "\n\n说话人 2  08:52\n好的，谢谢面试官，再见。\n"
    planned = parse_transcript(text, "b19_01")
    assert planned.format == "dialogue"
    _same_parts(planned, labelled, lambda s: re.sub(r"说话人 (\d)", r"说话人\1", s))


def test_blind19_planned_panel_labels():
    """b19_08: two interviewers' turns as "面试官A：" / "面试官B：", under header lines of the same form."""
    labelled = _blind("blind19", "b19_08")
    planned = parse_transcript(re.sub(r"(?m)^面试官（([AB])）：", r"面试官\1：", labelled.text), "b19_08")
    assert planned.text != labelled.text
    _same_parts(planned, labelled)


def test_blind19_planned_taiwan_feedback_heading():
    labelled = _blind("blind19", "b19_06")
    planned = parse_transcript(labelled.text.replace("## 面試官反饋", "## 面試官回饋"), "b19_06")
    assert planned.text != labelled.text
    assert planned.verdict.text == labelled.verdict.text


def test_blind20_planned_unnamed_speakers():
    """b20_02: Rev.com's "Speaker 1 (00:01):" / "Speaker 2 (00:17):"."""
    labelled = _blind("blind20", "b20_02")
    planned = parse_transcript(labelled.text.replace("Speaker A (", "Speaker 1 (").replace("Speaker B (", "Speaker 2 ("), "b20_02")
    assert planned.text != labelled.text
    _same_parts(planned, labelled, lambda s: s.replace("Speaker 1 (", "Speaker A (").replace("Speaker 2 (", "Speaker B ("))


def test_blind20_planned_thread_counters_and_feedback():
    """b20_03: "2/ Q1: …" (a post counter before the label) and "Recruiter's feedback the next morning:"."""
    labelled = _blind("blind20", "b20_03")
    text = re.sub(r"(?m)^(\d{1,2}/)\n(?=Q\d|Recruiter)", r"\1 ", labelled.text)
    text = text.replace("feedback (the next morning):", "feedback the next morning:")
    planned = parse_transcript(text, "b20_03")
    assert planned.text != labelled.text
    assert [(q.number, q.question.text) for q in planned.questions] == [(q.number, q.question.text) for q in labelled.questions]
    assert planned.verdict.text.startswith('"The panel was really impressed.')


def test_blind20_planned_notion_toggles():
    """b20_05: Notion toggles "▸ <question>" with the notes indented below."""
    labelled = _blind("blind20", "b20_05")
    planned = parse_transcript(labelled.text.replace("▸ Q: ", "▸ "), "b20_05")
    assert planned.text != labelled.text
    _same_parts(planned, labelled)


def test_blind20_planned_meeting_export_with_bare_names():
    """b20_01: Google Meet's name-only speaker lines ("Hannah Okoro" / "Tomasz Wilk") and a
    closing thanks from the candidate after the interviewer's praise."""
    labelled = _blind("blind20", "b20_01")
    text = re.sub(r"(?m)^(Hannah Okoro|Tomasz Wilk):$", r"\1", labelled.text)
    end = text.index("\nMeeting ended")
    text = text[:end] + "Tomasz Wilk\nThank you so much, that's great to hear. Have a good afternoon!\n" + text[end:]
    planned = parse_transcript(text, "b20_01")
    assert planned.format == "dialogue"
    assert [(q.number, q.question.text.strip()) for q in planned.questions] == [
        (q.number, q.question.text.strip()) for q in labelled.questions
    ]
    assert planned.verdict.text.startswith("That's all the questions I had.")


def test_blind19_planned_collapsible_sections():
    """b19_06: each question on one line as "<summary><b>1. …？</b></summary>" (the file has the
    question on its own line between the tags)."""
    labelled = _blind("blind19", "b19_06")
    planned = parse_transcript(re.sub(r"<summary><b>\n(.*)\n</b></summary>", r"<summary><b>\1</b></summary>", labelled.text), "b19_06")
    assert planned.text != labelled.text
    assert [(q.number, q.question.text) for q in planned.questions] == [(q.number, q.question.text) for q in labelled.questions]
    for p, l in zip(planned.questions, labelled.questions):
        assert not p.answer.text.startswith("<") and not p.answer.text.endswith(">")
        assert p.answer.text in l.answer.text
    assert_spans(planned)


def test_bold_inline_header_labels():
    """"**職位：** X　**工作年限：** 4 年": the closing ** of the second label is not in its value."""
    t = parse("**岗位：** 工程师　**工作年限：** 4 年\n\n问题1：DDP 是什么？\n回答：多进程。\n问题2：PS 是什么？\n回答：服务器。\n")
    assert (t.role.text, t.years.text) == ("工程师", "4 年")


# Layouts blind21's and blind22's writers planned (tests/data/blind21|22/README.md, "Layouts").


def test_comment_counters_end_the_post_before_other_peoples_comments():
    """共 36 条评论 (小红书), 42 条回复 • date (V2EX), 共 18 則留言 (Dcard), 87 comments (Reddit),
    and Glassdoor's repeated "Interview Questions": what follows is not the verdict."""
    cases = {
        ("blind21", "b21_01"): "把分布式那块吃透！！",
        ("blind21", "b21_05"): "候选人自己拒了。",  # the author's own 附言 stays; the replies do not
        ("blind21", "b21_06"): "有問題可以留言～",
        ("blind22", "b22_01"): "any reading suggestions appreciated.",
        ("blind22", "b22_05"): "with more experience.",
    }
    for (folder, name), ending in cases.items():
        t = _blind(folder, name)
        assert t.verdict.text.endswith(ending), (name, t.verdict.text[-80:])
        assert_spans(t)


@pytest.mark.parametrize("line", ["共 36 条评论", "42 条回复  •  2024-06-03 10:12:45 +08:00", "共 18 則留言", "87 comments", "level 1", "Sort by: Best"])
def test_a_comment_thread_after_the_verdict_is_cut(line):
    t = parse(f"Q1: What is DDP?\nA: One process per GPU.\nQ2: And a PS?\nA: Servers hold the parameters.\nFeedback: Great depth.\n\n{line}\nsomeone: actually that's wrong\n")
    assert t.verdict.text == "Great depth."


def test_a_comment_word_inside_the_verdict_is_not_a_thread():
    t = parse("Q1: What is DDP?\nA: One process per GPU.\nQ2: And a PS?\nA: Servers hold the parameters.\nFeedback: Great depth.\n3 comments from the panel were positive.\n")
    assert t.verdict.text.endswith("were positive.")


def test_taiwanese_years_label():
    t = parse("職位：演算法工程師\n工作年資：3年\n\nQ1：DDP 是什麼？\nA：多進程。\nQ2：PS 是什麼？\nA：伺服器。\n")
    assert t.years.text == "3年"


def test_blind21_planned_chat_export_where_the_candidate_writes_first():
    """b21_02: a 微信 export whose first message is the candidate's request; the senior asks
    (his messages, below "陈师兄 21:03" lines, end with ？). The file has a header line naming the sides."""
    labelled = _blind("blind21", "b21_02")
    planned = parse_transcript(labelled.text.replace("面试官：陈师兄 候选人：阿杰\n", ""), "b21_02")
    assert planned.text != labelled.text
    assert [(q.number, q.question.text, q.answer.text) for q in planned.questions] == [
        (q.number, q.question.text, q.answer.text) for q in labelled.questions
    ]
    assert planned.verdict.text == labelled.verdict.text


def test_blind22_planned_discord_export():
    """b22_07: Discord's "handle — 03/14/2024 9:14 PM" sender lines around "qN: …" questions, and
    the closing message "ok that's it! feedback: …" (the file starts it with "feedback:")."""
    labelled = _blind("blind22", "b22_07")
    for t in (labelled, parse_transcript(labelled.text.replace("\nfeedback: you did", "\nok that's it! feedback: you did"), "b22_07")):
        assert len(t.questions) == 6
        for qa in t.questions:
            assert " — 03/14/2024" not in qa.answer.text, qa.number  # no sender line inside an answer
            assert qa.answer.text.strip()
        assert t.questions[0].answer.text.startswith("so basically you take your model")
        assert t.verdict.text.rstrip().endswith("ready for the real thing 💪")  # the candidate's "yesss ty" is no part
        assert_spans(t)


@pytest.mark.parametrize("header", ["kaito — 03/14/2024 9:14 PM", "kaito — Today at 9:14 PM", "Kaito Sato  9:14 AM", "小周 21:20"])
def test_chat_sender_lines_around_labelled_questions(header):
    other = header.replace("kaito", "bytebandit").replace("Kaito Sato", "Byte Bandit").replace("小周", "阿杰")
    text = (
        f"{header}\nq1: what is DDP?\n{other}\none process per GPU, gradients all-reduced\n"
        f"{header}\nq2: and a parameter server?\n{other}\nservers hold the parameters, workers push gradients\n"
        f"{header}\nthanks, that's all. you did well\n{other}\nty!\n"
    )
    t = parse(text)
    assert [qa.answer.text for qa in t.questions] == [
        "one process per GPU, gradients all-reduced", "servers hold the parameters, workers push gradients"]
    assert t.verdict.text == "thanks, that's all. you did well"


def test_blind22_planned_obsidian_callouts():
    """b22_08: "> [!question] Q1. …" callout titles with the notes as the callout's body, and
    "> [!success] Overall assessment" (the file splits each title and adds "A: ")."""
    labelled = _blind("blind22", "b22_08")
    text = re.sub(r"(?m)^> \[!question\]\n> (Q\d\. .*)\n> A: ", r"> [!question] \1\n> ", labelled.text)
    text = text.replace("> [!success]\n> Overall assessment:\n", "> [!success] Overall assessment\n")
    planned = parse_transcript(text, "b22_08")
    assert text.count("> [!question] Q") == 6
    assert [(q.number, q.question.text) for q in planned.questions] == [(q.number, q.question.text) for q in labelled.questions]
    for p, l in zip(planned.questions, labelled.questions):
        assert p.answer.text.removeprefix("> ").rstrip() in l.answer.text
    assert planned.verdict.text == labelled.verdict.text
    assert (planned.role.text, planned.years.text) == (labelled.role.text, labelled.years.text)
    assert_spans(planned)


def test_front_matter_names_no_speaker():
    """An "interviewer:" key in a note's YAML front matter is metadata, not the first turn."""
    t = parse(
        "---\ncandidate: Lena\nrole: ML engineer\ninterviewer: Omar\n---\n\n"
        "1. What is DDP?\nOne process per GPU; gradients are all-reduced.\n\n"
        "2. What is a parameter server?\nServers hold the parameters; workers push gradients.\n"
    )
    assert t.format == "labelled"
    assert [q.question.text for q in t.questions] == ["What is DDP?", "What is a parameter server?"]
    assert t.role.text == "ML engineer"


def test_blind21_planned_two_level_numbered_headings():
    """b21_08: a 语雀 复盘 asks its questions as "### 1.1 …？" … "### 1.6 …" under "## 1. 面试问题"
    (the file has "### 1. …"); "## 0. 基本信息" stays a section."""
    labelled = _blind("blind21", "b21_08")
    text = re.sub(r"(?m)^### (\d)\. ", r"### 1.\1 ", labelled.text)
    assert text.count("### 1.") == 6
    planned = parse_transcript(text, "b21_08")
    assert [(q.number, q.question.text, q.answer.text) for q in planned.questions] == [
        (q.number, q.question.text, q.answer.text) for q in labelled.questions
    ]
    assert planned.verdict.text == labelled.verdict.text


def test_two_level_numbers_in_plain_lines():
    t = parse("1.1 What is DDP?\nOne process per GPU.\n\n1.2 What is a parameter server?\nServers hold the parameters.\n")
    assert [(q.number, q.question.text, q.answer.text) for q in t.questions] == [
        (1, "What is DDP?", "One process per GPU."), (2, "What is a parameter server?", "Servers hold the parameters.")]


def test_a_verdict_ends_with_its_markdown_section():
    """b21_08: "## 2. 面试官反馈" (a numbered heading) starts the verdict, and "## 3. 自我反思"
    after it is the author's own section, not the interviewer's words."""
    t = _blind("blind21", "b21_08")
    assert not t.questions[-1].answer.text.rstrip().endswith("面试官反馈")
    assert t.verdict.text == "整体基础不错，PS 这块理解得很到位，表达也清楚，后续等 HR 联系。"
    t = parse("## Questions\n\n### Q1: What is DDP?\nA: One process per GPU.\n\n### Q2: What is a PS?\nA: Servers.\n\n"
              "## Feedback\n\nStrong.\n\n### Details\nGood depth.\n\n## Next steps\n\nRead the ZeRO paper.\n")
    assert t.verdict.text == "Strong.\n\n### Details\nGood depth."  # a deeper heading stays inside


def test_blind22_planned_email_thread():
    """b22_06: an e-mail thread, newest first, with the answers inline under quoted numbered
    questions "> 1. …?" (the file has "> Q1."); "From:" / "Subject:" lines are no speakers, the
    last answer ends before the quoted original mail, the verdict before the candidate's mail."""
    labelled = _blind("blind22", "b22_06")
    planned = parse_transcript(re.sub(r"(?m)^> Q(\d)\. ", r"> \1. ", labelled.text), "b22_06")
    assert planned.text != labelled.text
    for t in (planned, labelled):
        assert t.format == "labelled" and len(t.questions) == 6
        assert t.questions[-1].answer.text.endswith("Best regards,\nAnika")
        assert t.verdict.text.startswith("“Anika’s answers show")
        assert "From:" not in t.verdict.text
        assert_spans(t)
    assert [(q.question.text, q.answer.text) for q in planned.questions] == [(q.question.text, q.answer.text) for q in labelled.questions]


def test_mail_headers_are_not_speakers():
    mail = "From: Ann <ann@x.com>\nSent: Monday 10:15\nTo: Bo <bo@y.com>\nSubject: screen\n\n"
    text = (mail + "Hi Bo, answers inline.\n\n> 1. What is DDP?\n\nOne process per GPU.\n\n"
            "> 2. What is a PS?\n\nServers hold the parameters.\n\nBest,\nAnn\n\n" + mail + "Please answer:\n1. What is DDP?\n2. What is a PS?\n") * 1
    t = parse(text)
    assert t.format == "labelled"
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("What is DDP?", "One process per GPU."), ("What is a PS?", "Servers hold the parameters.\n\nBest,\nAnn")]


@pytest.mark.parametrize("rating", ["评分：4/5", "面试官评分:4 / 5", "Rating: 3/4", "**Score:** 7 out of 10"])
def test_a_rating_line_closes_the_answer_above_it(rating):
    t = parse(f"Q1: What is DDP?\nA: One process per GPU.\n{rating}\n\nQ2: What is a PS?\nA: Servers hold the parameters.\n{rating}\nFeedback: fine.\n")
    assert [q.answer.text for q in t.questions] == ["One process per GPU.", "Servers hold the parameters."]


def test_rating_lines_of_real_forms():
    """b17_07 (评分：N/5), b18_06 (Rating: N/4), b21_07 (面试官评分:4 / 5): no answer ends with its rating."""
    for folder, name in (("blind17", "b17_07"), ("blind18", "b18_06"), ("blind21", "b21_07")):
        t = _blind(folder, name)
        for qa in t.questions:
            assert not re.search(r"(?:评分|Rating)\s*[:：]\s*\d", qa.answer.text), (name, qa.number)


def test_the_next_callout_or_section_heading_is_no_part_of_an_answer():
    """b22_08: each answer ended with the next "> [!question]" line, the last with "## Decision"."""
    t = _blind("blind22", "b22_08")
    for qa in t.questions:
        assert not qa.answer.text.rstrip().endswith(("[!question]", "[!success]", "## Decision")), qa.number
    t = parse("## Questions\n\n### Q1: What is DDP?\nA: One process per GPU.\n\n## Round two\n\n### Q2: What is a PS?\nA: Servers.\n")
    assert [q.answer.text for q in t.questions] == ["One process per GPU.", "Servers."]


def test_a_rule_above_a_label_and_a_comment_label():
    """b23_05: the "---" before the verdict heading is no part of the last answer; b24_08:
    "Interviewer's comment at the end:" below "## Overall assessment" starts the verdict."""
    t = _blind("blind23", "b23_05")
    assert not t.questions[-1].answer.text.rstrip().endswith("---")
    t = _blind("blind24", "b24_08")
    assert t.verdict.text.startswith('"You clearly know this area very well')


def test_blind26_blind27_planned_layouts():
    """b26_05: a lone "面试官：刘（速记…）" line above numbered notes names the note-taker (the file
    has "记录人："); b27_07: "Reviewer's evaluation:" is a verdict label (the file has "Evaluation:")."""
    labelled = _blind("blind26", "b26_05")
    planned = parse_transcript(labelled.text.replace("记录人：刘", "面试官：刘"), "b26_05")
    assert planned.text != labelled.text and planned.format == "labelled"
    assert [(q.number, q.question.text, q.answer.text) for q in planned.questions] == [
        (q.number, q.question.text, q.answer.text) for q in labelled.questions
    ]
    assert planned.verdict.text == labelled.verdict.text
    labelled = _blind("blind27", "b27_07")
    planned = parse_transcript(labelled.text.replace("\nEvaluation:", "\nReviewer's evaluation:"), "b27_07")
    assert planned.text != labelled.text
    assert [q.answer.text for q in planned.questions] == [q.answer.text for q in labelled.questions]
    assert planned.verdict.text == labelled.verdict.text


def test_a_short_header_line_naming_the_candidate_still_gives_role_and_years():
    """b26_02: "候选人：小陈　应聘岗位：算法工程师　工作年限：应届" is short enough to read as a bare
    name line, and its fields were lost."""
    t = _blind("blind26", "b26_02")
    assert (t.role.text, t.years.text) == ("算法工程师", "应届")


def test_blind28_verdict_ends_before_hashtags_with_spaces_and_the_authors_section():
    """b28_02: "#面经 #AI Infra #分布式训练" is a hashtag line though a tag holds a space; b28_07: a
    bold "**Interviewer's feedback:**" under the post's "# …" title ends at "## What I'd do differently"."""
    assert _blind("blind28", "b28_02").verdict.text.endswith("等 HR 通知。")
    assert _blind("blind28", "b28_07").verdict.text.endswith("We'll be in touch!\"")
    t = parse("# My interview\n\nQ1: What is DDP?\nA: One process per GPU.\n\n**Feedback:** Great.\n\n### Details\nFine.\n\n## Lessons\nRead more.\n")
    assert t.verdict.text == "Great.\n\n### Details\nFine."


def pairs(t: Transcript) -> list[tuple[str, str | None]]:
    """Each question's text with its answer's."""
    return [(q.question.text, q.answer.text if q.answer else None) for q in t.questions]


def numbered(t: Transcript) -> list[tuple[int, str, str | None]]:
    """Each question's number, text and answer."""
    return [(q.number, q.question.text, q.answer.text if q.answer else None) for q in t.questions]


@pytest.mark.parametrize(
    "heading",
    ["## 面试官最后的评价", "面试官最后的评价", "**最后面试官的评价**", "### 面試官最後的評價", "## 导师的整体反馈"],
)
def test_a_chinese_verdict_heading_with_a_word_between(heading):
    t = parse(f"## 问题1：什么是DDP？\n\n**回答：** 多进程。\n\n## 问题2：PS呢？\n\n**回答：** 存参数。\n\n{heading}\n\n整体很好，建议通过。\n")
    assert t.verdict is not None and t.verdict.text == "整体很好，建议通过。"
    assert t.questions[-1].answer.text == "存参数。"
    assert_spans(t)


@pytest.mark.parametrize(
    "asker,answerer",
    [("面试官-陈", "候选人-小王"), ("面试官—陈工", "候选人—王同学"), ("Interviewer - Chen", "Candidate - Wang"), ("Interviewer-Chen", "Candidate-Wang")],
)
def test_speaker_labels_joined_to_a_name_by_a_dash(asker, answerer):
    t = parse(
        f"{asker}：什么是DDP？\n{answerer}：每张卡一个进程，all-reduce 梯度。\n"
        f"{asker}：PS呢？\n{answerer}：server 存参数，worker push 梯度。\n"
        f"{asker}：好的，整体不错，基础扎实。\n"
    )
    assert t.format == "dialogue"
    assert pairs(t) == [
        ("什么是DDP？", "每张卡一个进程，all-reduce 梯度。"), ("PS呢？", "server 存参数，worker push 梯度。"),
    ]
    assert t.verdict.text == "好的，整体不错，基础扎实。"
    assert_spans(t)


def test_question_and_answer_labels_naming_the_speaker():
    t = parse("Q (Mark): What is DDP?\nA (Dana): One process per GPU.\nQ (Mark): And a PS?\nA (Dana): Servers hold the weights.\n")
    assert pairs(t) == [
        ("What is DDP?", "One process per GPU."), ("And a PS?", "Servers hold the weights."),
    ]


def test_a_dash_after_a_question_or_answer_word_is_no_label():
    t = parse("Q1: What is DDP?\nA: One process per GPU.\nQ-learning: another topic.\nA-B tests: fine.\n")
    assert len(t.questions) == 1
    assert t.questions[0].answer.text == "One process per GPU.\nQ-learning: another topic.\nA-B tests: fine."


def test_questions_numbered_in_english_words():
    t = parse(
        "**Question one:** What is a parameter server?\n\n**Answer:** Servers hold the weights.\n\n"
        "**Question two:** And DDP?\n\n**Answer:** One process per GPU.\n\n**Question twelve:** Ring?\n\n**Answer:** Neighbours.\n"
    )
    assert numbered(t) == [
        (1, "What is a parameter server?", "Servers hold the weights."), (2, "And DDP?", "One process per GPU."),
        (12, "Ring?", "Neighbours."),
    ]


@pytest.mark.parametrize("line", ["A one-off: it ran once.", "Answer one: stays text", "Q one: stays text"])
def test_a_number_in_words_counts_after_question_only(line):
    t = parse(f"Q1: What is DDP?\nA: One process per GPU.\n{line}\n")
    assert len(t.questions) == 1 and t.questions[0].answer.text == f"One process per GPU.\n{line}"


@pytest.mark.parametrize(
    "label",
    ["Interviewer's closing note:", "Final word from the panel:", "Panel's final thoughts:", "Mark's verdict:",
     "Closing remarks:", "Sam's take:"],
)
def test_closing_words_and_named_verdicts_after_a_closing_exchange(label):
    t = parse(
        "Priya: What is DDP?\nDana: One process per GPU, gradients all-reduced.\n"
        "Priya: And a parameter server?\nDana: Servers hold the weights; workers push and pull.\n"
        "Priya: Ring all-reduce?\nDana: Reduce-scatter, then all-gather.\n"
        "Priya: Great, that's all I had. Thanks, Dana.\nDana: Thanks, this was fun.\n\n"
        f"{label} Strong hire.\n"
    )
    assert [q.question.text for q in t.questions] == ["What is DDP?", "And a parameter server?", "Ring all-reduce?"]
    assert t.questions[-1].answer.text == "Reduce-scatter, then all-gather."
    assert t.verdict.text == "Strong hire."
    assert_spans(t)


@pytest.mark.parametrize("line", ["model's evaluation: accuracy on the held-out set.", "The team's verdict was mixed."])
def test_possessives_that_are_no_verdict_label(line):
    t = parse(f"Q1: What is DDP?\nA: One process per GPU.\n{line}\n")
    assert t.verdict is None and t.questions[0].answer.text == f"One process per GPU.\n{line}"


def test_a_role_in_brackets_after_a_name_says_who_asks():
    # the candidate's turns end with a question mark more often than the interviewer's; the brackets decide
    t = parse(
        "Sam [interviewer]: Tell me about DDP.\nMaya [candidate]: One process per GPU, gradients all-reduced, right?\n"
        "Sam [interviewer]: Now parameter servers.\nMaya [candidate]: Servers hold the weights, workers push and pull, okay?\n"
        "Sam [interviewer]: And ring all-reduce.\nMaya [candidate]: Reduce-scatter then all-gather, make sense?\n"
    )
    assert t.format == "dialogue"
    assert [q.question.text for q in t.questions] == ["Tell me about DDP.", "Now parameter servers.", "And ring all-reduce."]
    assert t.questions[0].answer.text == "One process per GPU, gradients all-reduced, right?"


def test_question_and_answer_labels_with_a_spaced_dash_and_a_name():
    t = parse("Q – Priya: What is DDP?\nA – Dev: One process per GPU.\n\nQ – Priya: And a PS?\nA – Dev: Servers hold weights.\n")
    assert pairs(t) == [
        ("What is DDP?", "One process per GPU."), ("And a PS?", "Servers hold weights."),
    ]


def test_questions_lettered_as_on_a_panel_sheet():
    t = parse(
        "Role: Data Engineer\n\n(a) Why do teams use distributed training?\nA: To go faster.\n\n"
        "(b) What is DDP?\nA: One process per GPU.\n\nc) And a parameter server?\nA: Servers hold weights.\n"
    )
    assert numbered(t) == [
        (1, "Why do teams use distributed training?", "To go faster."), (2, "What is DDP?", "One process per GPU."),
        (3, "And a parameter server?", "Servers hold weights."),
    ]


@pytest.mark.parametrize(
    "line,verdict",
    [
        ("面试结果：通过", "通过"), ("—— 面试结果：通过 ——", "通过 ——"), ("结论：不通过，基础不牢。", "不通过，基础不牢。"),
        ("Outcome: hire. Sharp and clear.", "hire. Sharp and clear."), ("Decision - HIRE. Strong.", "HIRE. Strong."),
        ("Result: No hire", "No hire"), ("> 周工总结：思路清晰，建议通过。", "思路清晰，建议通过。"),
        ("Priya's notes: Great conversation.", "Great conversation."),
    ],
)
def test_result_lines_and_named_summaries_are_verdicts(line, verdict):
    t = parse(f"Q1: What is DDP?\nA: One process per GPU.\n\n{line}\n")
    assert t.verdict is not None and t.verdict.text == verdict
    assert t.questions[0].answer.text == "One process per GPU."


@pytest.mark.parametrize("line", ["Result: the job ran twice as fast.", "Outcome: we moved to DDP.", "结果：吞吐翻倍了。"])
def test_a_result_line_without_a_decision_is_text(line):
    t = parse(f"Q1: Tell me about a project.\nA: We had a slow job.\n{line}\n")
    assert t.verdict is None and t.questions[0].answer.text == f"We had a slow job.\n{line}"


def test_a_transcripts_shorthand_speakers():
    t = parse(
        "说明：面 = 面试官孙工；答 = 候选人陈某。\n\n[00:00:40] 面：先讲讲 Ring-Allreduce 吧？\n[00:00:52] 答：每张卡只和邻居通信。\n"
        "[00:01:48] 答：通信量约 2(N-1)/N。\n\n[00:03:10] 面：DDP 的流程呢？\n[00:03:18] 答：torchrun 拉起，每卡一个进程。\n"
    )
    assert pairs(t) == [
        ("先讲讲 Ring-Allreduce 吧？", "每张卡只和邻居通信。\n[00:01:48] 答：通信量约 2(N-1)/N。"),
        ("DDP 的流程呢？", "torchrun 拉起，每卡一个进程。"),
    ]


@pytest.mark.parametrize("asker,answerer", [("Dana Whitfield - Interviewer", "Raj Patel - Candidate"), ("王工-面试官", "小李-候选人")])
def test_a_name_joined_to_a_role_by_a_dash(asker, answerer):
    # the candidate's turns end with a question mark more often; the roles decide who asks
    t = parse(
        f"{asker}: Tell me about DDP.\n{answerer}: One process per GPU, right?\n"
        f"{asker}: Now parameter servers.\n{answerer}: Servers hold the weights, okay?\n"
        f"{asker}: And ring all-reduce.\n{answerer}: Neighbours only, make sense?\n"
    )
    assert [q.question.text for q in t.questions] == ["Tell me about DDP.", "Now parameter servers.", "And ring all-reduce."]


def test_bold_lettered_questions_with_quoted_answers():
    t = parse(
        "Role: Data Engineer\n\n## Questions\n\n**(A) How is DDP different from a parameter server?**\n\n> DDP has no server.\n\n"
        "**(B) Explain data parallelism.**\n\n> Replicas and shards.\n\n**(C) And ring all-reduce?**\n\n> Neighbours only.\n\n"
        "## Wrap-up\n\n> Great candidate, moving forward.\n"
    )
    assert numbered(t) == [
        (1, "How is DDP different from a parameter server?", "> DDP has no server."),
        (2, "Explain data parallelism.", "> Replicas and shards."), (3, "And ring all-reduce?", "> Neighbours only."),
    ]
    assert t.verdict.text == "> Great candidate, moving forward."
    assert_spans(t)


def test_a_quote_with_an_answer_below_it_stays_with_the_question():
    t = parse(
        "【问题1】这段日志说明了什么？\n> rank 3 -> rank 0\n\n环上每张卡只和邻居通信。\n\n"
        "【问题2】这个配置是什么意思？\n> world_size: 8\n\n一共 8 个进程。\n"
    )
    assert pairs(t) == [
        ("这段日志说明了什么？\n> rank 3 -> rank 0", "环上每张卡只和邻居通信。"),
        ("这个配置是什么意思？\n> world_size: 8", "一共 8 个进程。"),
    ]


def test_choices_lettered_under_a_question_are_no_questions():
    t = parse("1. 下面哪个是数据并行？\n(A) 每张卡放完整模型\n(B) 每张卡放一部分层\n答：A\n\n2. DDP 用什么通信？\n答：NCCL。\n")
    assert [q.number for q in t.questions] == [1, 2]
    assert t.questions[0].question.text.startswith("下面哪个是数据并行？")


def test_an_email_signature_below_the_verdict_is_no_turn():
    t = parse(
        "Dana Whitfield: What is DDP?\nRaj Patel: One process per GPU.\nDana Whitfield: And a PS?\nRaj Patel: Servers hold weights.\n"
        "Dana Whitfield: Ring all-reduce?\nRaj Patel: Neighbours only.\nDana Whitfield: That's all from me. Thanks Raj.\n"
        "Raj Patel: Thanks Dana!\n\n"
        "Result: Strong hire - clear answers.\n--\nDana Whitfield\nSenior SRE, ML Platform\n"
    )
    assert [q.question.text for q in t.questions] == ["What is DDP?", "And a PS?", "Ring all-reduce?"]
    assert t.verdict.text.startswith("Strong hire - clear answers.")


def test_a_role_word_then_a_name():
    t = parse(
        "[00:02:10] 面试官 周工：先讲讲 Ring-Allreduce？\n[00:02:25] 候选人 林某：每张卡只和邻居通信。\n"
        "[00:04:55] 面试官 周工：DDP 的流程呢？\n[00:05:05] 候选人 林某：torchrun 拉起，每卡一个进程。\n"
    )
    assert pairs(t) == [
        ("先讲讲 Ring-Allreduce？", "每张卡只和邻居通信。"), ("DDP 的流程呢？", "torchrun 拉起，每卡一个进程。"),
    ]


def test_questions_lettered_after_question_and_a_candidate_response():
    t = parse(
        "Position: Software Engineer\n\nQuestion A: How does a parameter server work?\nCandidate response: Servers hold weights.\n\n"
        "Question B: Describe DDP.\nCandidate response: One process per GPU.\n"
    )
    assert numbered(t) == [
        (1, "How does a parameter server work?", "Servers hold weights."), (2, "Describe DDP.", "One process per GPU."),
    ]


def test_a_question_numbered_out_of_a_total_and_an_an_label():
    t = parse("## Q 1/7 — Why distributed training at all?\n**AN:** To go faster.\n\n## Q 2/7 — Walk me through DDP\n**AN:** torchrun.\n")
    assert numbered(t) == [
        (1, "Why distributed training at all?", "To go faster."), (2, "Walk me through DDP", "torchrun."),
    ]


def test_a_numbered_turn_in_bold_before_the_speaker():
    t = parse("**第一问** 面试官：参数服务器是怎么工作的？\n\n我：server 存参数。\n\n**第二问** 面试官：DDP 呢？\n\n我：每卡一个进程。\n")
    assert [(q.number, q.answer.text) for q in t.questions] == [(1, "server 存参数。"), (2, "每卡一个进程。")]


def test_a_numbered_line_alone_above_named_turns_is_no_question():
    t = parse(
        "第 1 问\n刘洋（面试官）：什么是数据并行？\n何佳（候选人）：每张卡一份模型。\n\n第 2 问\n刘洋（面试官）：PS 呢？\n"
        "何佳（候选人）：server 存参数。\n\n第 3 问\n刘洋（面试官）：Ring 呢？\n何佳（候选人）：邻居通信。\n"
    )
    assert [q.question.text for q in t.questions] == ["什么是数据并行？", "PS 呢？", "Ring 呢？"]


def test_shorthand_candidate_and_a_rounds_result_line():
    t = parse("(00:45) 面：什么是 DDP？\n(00:52) 候：每卡一个进程。\n(01:40) 面：PS 呢？\n(01:46) 候：server 存参数。\n\n一面结论：通过。基础扎实。\n")
    assert pairs(t) == [("什么是 DDP？", "每卡一个进程。"), ("PS 呢？", "server 存参数。")]
    assert t.verdict.text == "通过。基础扎实。"


def test_a_verdict_at_the_top_leaves_the_header_fields_below_it():
    t = parse("面试结论：通过，推荐进入二面\n\n岗位：推荐算法工程师\n工作年限：3年\n\n1、什么是数据并行？\n答：每卡一份模型。\n2、PS 呢？\n答：server 存参数。\n")
    assert (t.role.text, t.years.text, t.verdict.text) == ("推荐算法工程师", "3年", "通过，推荐进入二面")


def test_a_summary_by_the_interviewer():
    t = parse("MK: What is DDP?\nJT: One process per GPU.\nMK: And a PS?\nJT: Servers hold weights.\nMK: Ring?\nJT: Neighbours.\n"
              "MK: Great, that's all I had. Thanks, Jun.\nJT: Thanks, Marta!\n\nSummary by MK: Jun was excellent.\n")
    assert [q.question.text for q in t.questions] == ["What is DDP?", "And a PS?", "Ring?"]
    assert t.verdict.text == "Jun was excellent."


def test_thanks_after_a_shorthand_verdict_turn_are_no_part_of_it():
    t = parse("面：什么是 DDP？\n答：每卡一个进程。\n面：PS 呢？\n答：server 存参数。\n面：总评：基础扎实，建议通过。\n答：谢谢面试官！\n")
    assert t.verdict.text == "基础扎实，建议通过。"


def test_circled_numbers_and_an_emoji_before_the_speaker():
    t = parse("**Q①  数据并行是怎么回事？**\n🙋 我：每卡一份模型。\n\n**Q②  PS 讲一下？**\n🙋 我：server 存参数。\n")
    assert numbered(t) == [(1, "数据并行是怎么回事？", "每卡一份模型。"), (2, "PS 讲一下？", "server 存参数。")]


def test_obsidian_question_ids_and_what_i_said():
    t = parse("### Q-01 · Why distributed training at all?\n**What I said:** Speed.\n\n### Q-02 · Sync vs async\n**What I said:** Barriers.\n")
    assert numbered(t) == [
        (1, "Why distributed training at all?", "Speed."), (2, "Sync vs async", "Barriers."),
    ]


def test_a_scorecards_prompts_and_star_ratings():
    t = parse("Prompt 1 of 7 — Why train across many GPUs?\nCandidate response: It's faster.\n★★☆☆\n\n"
              "Prompt 2 of 7 — Explain data parallelism.\nCandidate response: Full copies, split data.\n★★★☆\n")
    assert [(q.number, q.answer.text) for q in t.questions] == [(1, "It's faster."), (2, "Full copies, split data.")]


def test_initials_inside_timestamps_and_irc_nicks():
    zoom = parse("[RK 00:00:09] What is data parallelism?\n[JT 00:00:17] Full copies, split data.\n[RK 00:01:34] And ring all-reduce?\n"
                 "[JT 00:01:41] Neighbours only.\n[RK 00:03:00] And a PS?\n[JT 00:03:10] Servers hold weights.\n")
    assert pairs(zoom) == [
        ("What is data parallelism?", "Full copies, split data."), ("And ring all-reduce?", "Neighbours only."),
        ("And a PS?", "Servers hold weights."),
    ]
    irc = parse("[21:00] <mentor_ada> hey tobi, i'll go through a few questions, answer like it's the real thing\n[21:00] <tobi_k> ok ready\n"
                "[21:01] <mentor_ada> first: what is ddp?\n[21:02] <tobi_k> one process per gpu\n[21:03] <mentor_ada> and a ps?\n"
                "[21:04] <tobi_k> servers hold weights\n[21:05] <mentor_ada> ring?\n[21:06] <tobi_k> neighbours\n")
    assert [(q.number, q.question.text) for q in irc.questions] == [(1, "first: what is ddp?"), (2, "and a ps?"), (3, "ring?")]


def test_a_tab_separated_export():
    t = parse("面试评估表\t技术面\n应聘职位\t推荐算法工程师\n工作年限\t6年\n\n序号\t题目\t候选人回答\n1\t什么是 DDP？\t每卡一个进程。\n"
              "2\tPS 呢？\tserver 存参数。\n")
    assert (t.role.text, t.years.text) == ("推荐算法工程师", "6年")
    assert numbered(t) == [(1, "什么是 DDP？", "每卡一个进程。"), (2, "PS 呢？", "server 存参数。")]
    assert_spans(t)


@pytest.mark.parametrize(
    "ready, first",
    [
        ("Sounds good, I'm ready.", "What is data parallelism?"),
        ("Sure, ready when you are.", "What is data parallelism?"),
        ("好的，我准备好了，开始吧。", "What is data parallelism?"),
        # a reply that says something is an answer, whatever it opens with
        ("Sure, each GPU holds a copy.", "Thanks for joining. I'll go through a few questions."),
    ],
)
def test_an_opening_exchange_with_a_longer_ready_is_no_question(ready, first):
    t = parse(f"Interviewer: Thanks for joining. I'll go through a few questions.\nCandidate: {ready}\n"
              "Interviewer: What is data parallelism?\nCandidate: Full copies, split data.\n"
              "Interviewer: And ring all-reduce?\nCandidate: Neighbours only.\n"
              "Interviewer: And a PS?\nCandidate: Servers hold weights.\n")
    assert (t.questions[0].number, t.questions[0].question.text) == (1, first)


@pytest.mark.parametrize(
    "ending, verdict",
    [
        # the interviewer's words introduced by a line of their own
        ("面试结束前王工的原话我记了下来：\n> 整体表现不错，建议进入下一轮。\n", "> 整体表现不错，建议进入下一轮。"),
        ('Here is what the interviewer wrote afterwards:\n"Strong hire."\n', '"Strong hire."'),
        # a verdict under a name, with when or where it was given
        ("Priya, afterwards:\nReally enjoyed talking with Sam. Strong yes from me.\n", "Really enjoyed talking with Sam. Strong yes from me."),
        ('Dana, in the debrief doc:\n"Thoughtful candidate. Strong hire."\n', '"Thoughtful candidate. Strong hire."'),
        # a postscript below the verdict is no part of it
        ("Verdict: Excellent session.\n\nCandidate's P.S. (written a month later): I didn't get the offer.\n", "Excellent session."),
        ("Verdict: Excellent session.\n\nP.S. from Sam: I mixed up DP and DDP on Q2.\n", "Excellent session."),
        ("点评：基础扎实。\n\n后记：后来没过。\n", "基础扎实。"),
    ],
)
def test_verdicts_introduced_named_or_followed_by_a_postscript(ending, verdict):
    t = parse("Q1: What is DDP?\nA: One process per GPU.\n\nQ2: And a PS?\nA: Servers hold the weights.\n\n" + ending)
    assert [q.number for q in t.questions] == [1, 2]
    assert t.verdict is not None and t.verdict.text == verdict
    assert_spans(t)


def test_a_farewell_turn_above_an_introduced_verdict_is_no_question():
    t = parse("Interviewer: What is DDP?\nCandidate: One process per GPU.\nInterviewer: And a PS?\nCandidate: Servers hold weights.\n"
              "Interviewer: And ring all-reduce?\nCandidate: Neighbours only.\n"
              "Interviewer: That's all from me.\nCandidate: Great, thank you.\nInterviewer: Thanks, Tobias. Take care.\n\n"
              'Here is what the interviewer wrote afterwards: "Strong hire."\n')
    assert [q.question.text for q in t.questions] == ["What is DDP?", "And a PS?", "And ring all-reduce?"]
    assert t.verdict is not None and t.verdict.text == '"Strong hire."'


@pytest.mark.parametrize("ask", ["我们今天主要聊分布式训练，你准备好了吗？", "Hi, thanks for joining. Ready?", "Can you hear me OK? Shall we start?"])
def test_asking_whether_the_candidate_is_ready_asks_nothing(ask):
    t = parse(f"面试官：{ask}\n候选人：好的，我准备好了，开始吧。\n面试官：什么是数据并行？\n候选人：每卡一份模型。\n"
              "面试官：环形规约呢？\n候选人：只和邻居通信。\n面试官：参数服务器呢？\n候选人：server 存参数。\n")
    assert [q.question.text for q in t.questions] == ["什么是数据并行？", "环形规约呢？", "参数服务器呢？"]


@pytest.mark.parametrize(
    "opening",
    [
        # a check of the line, then the introduction and "ready?"
        "面试官：喂，你好，能听到我说话吗？\n候选人：能听到，就是有一点回音，我戴一下耳机……好了，现在应该清楚了。\n"
        "面试官：嗯，现在很清楚。我先简单介绍一下，今天主要聊分布式训练。你准备好了吗？\n候选人：好的，我准备好了，开始吧。\n",
        "Interviewer: Hi! Can you hear me okay?\nCandidate: Yes, loud and clear. Can you hear me?\n"
        "Interviewer: Yep, all good. I'm Rachel. We'll spend forty minutes on distributed training. Sound good?\n"
        "Candidate: Sure, ready when you are.\n",
        "Interviewer: Thanks for joining. I'll go through a few questions on distributed training, is that okay?\n"
        "Candidate: Sure, ready when you are.\n",
        # small talk first
        "面试官：小陈你好，我是王工，今天这轮由我来面你。路上还顺利吗？\n候选人：挺顺利的，就是地铁有点挤。\n"
        "面试官：哈哈，早高峰都这样。那我们开始吧，你准备好了吗？\n候选人：好的，我准备好了。\n",
        # who is on the line, an echo, a greeting with a question mark, a line check asked another way
        "面试官：喂，你好，是陈同学吧？\n候选人：对，是我，您好。\n面试官：你那边有点回音，方便戴个耳机吗？\n候选人：好的，稍等……现在呢？\n"
        "面试官：现在好多了。今天问几个问题，最后留点时间给你提问，可以吗？\n候选人：好的，没问题，我准备好了。\n",
        "Interviewer: Hello? Can you hear me?\nCandidate: Yep, I can hear you.\n"
        "Interviewer: Perfect, you sound fine. Where are you calling in from today?\nCandidate: Lisbon. It's early evening here, so all good.\n",
        "Interviewer: Hi Aisha, is the line okay on your side?\nCandidate: Yes, I can hear you fine.\n",
        # who answers, by name alone; where the call is taken; consent "可以的，没问题。"; "Ready when you are?" asked
        "面试官：你好，是小陈吧？\n候选人：是的王工，您好\n面试官：那我们就简单过几个问题，准备好了吗？\n候选人：好的，我准备好了，开始吧。\n",
        "面试官：喂，是林同学吧？\n候选人：对，是我，周老师好。\n面试官：你好你好。今天是在公司还是在家？网络还稳吗？\n"
        "候选人：在家，刚刚测过网速，应该没问题。\n面试官：行。前面问技术，最后留时间你问我。可以吗？\n候选人：可以的，没问题。\n",
        "面试官：你好。今天下午过来方便吧，没耽误你上班？\n候选人：没事，我请了半天假。\n",
        "Interviewer: I'm Megan. I'll go through a few questions, nothing tricky. Ready when you are?\nCandidate: Sure, go ahead.\n",
        # the format announced, consent given with a remark
        "Interviewer: A word about us: we run training for the speech group. I'll ask you some questions, then you can ask me "
        "anything. Sound good?\nCandidate: Sounds good. Actually I watched your team's talk last year, so I'm excited to chat.\n",
    ],
)
def test_opening_exchanges_before_the_first_question_are_no_questions(opening):
    t = parse(opening + "Interviewer: What is data parallelism?\nCandidate: Full copies, split data.\n"
              "Interviewer: And ring all-reduce?\nCandidate: Neighbours only.\nInterviewer: And a PS?\nCandidate: Servers hold weights.\n")
    assert [(q.number, q.question.text) for q in t.questions] == [
        (1, "What is data parallelism?"), (2, "And ring all-reduce?"), (3, "And a PS?"),
    ]


def test_a_first_question_that_also_checks_the_line_is_a_question():
    t = parse("Interviewer: Can you hear me? What is data parallelism?\nCandidate: Yes. Full copies, split data.\n"
              "Interviewer: And ring all-reduce?\nCandidate: Neighbours only.\nInterviewer: And a PS?\nCandidate: Servers hold weights.\n")
    assert [q.number for q in t.questions] == [1, 2, 3]


@pytest.mark.parametrize(
    "ending, verdict",
    [
        ("面试结束后王工在系统里留的评语，我让 HR 转给我了，原话如下：\n候选人基础扎实，建议录用。\n\n更新（一周后）：收到二面通知了。\n",
         "候选人基础扎实，建议录用。"),
        ("Mark's verdict: Strong hire.\n\nEdit (two weeks later): I got the offer.\n", "Strong hire."),
    ],
)
def test_verdicts_introduced_at_length_or_followed_by_an_update(ending, verdict):
    t = parse("Q1: What is DDP?\nA: One process per GPU.\n\nQ2: And a PS?\nA: Servers hold the weights.\n\n" + ending)
    assert t.verdict is not None and t.verdict.text == verdict
    assert_spans(t)


def test_a_first_question_answered_about_the_subject_is_no_small_talk():
    t = parse("Interviewer: Can you hear me, and what is data parallelism?\nCandidate: Yes. Each GPU holds a model copy.\n"
              "Interviewer: And ring all-reduce?\nCandidate: Neighbours only.\nInterviewer: And a PS?\nCandidate: Servers hold weights.\n")
    assert [q.number for q in t.questions] == [1, 2, 3]


def test_a_back_channel_in_a_webvtt_cue_of_its_own_continues_the_answer():
    cue = "3f1a9c2e-7b44-4d0e-9a61-2c8e5f0b1d17/{n}-0\n00:00:{s:02d}.000 --> 00:00:{e:02d}.000\n<v {who}>{line}</v>\n\n"
    turns = [("Tom Okafor", "What is DDP?"), ("Lina Park", "One process per GPU."), ("Tom Okafor", "Mm-hm."),
             ("Lina Park", "And gradients are all-reduced in buckets."), ("Tom Okafor", "And ring all-reduce?"),
             ("Lina Park", "Neighbours only."), ("Tom Okafor", "And a PS?"), ("Lina Park", "Servers hold weights.")]
    t = parse("WEBVTT\n\n" + "".join(cue.format(n=i, s=2 * i, e=2 * i + 1, who=w, line=x) for i, (w, x) in enumerate(turns)))
    assert [(q.number, q.question.text) for q in t.questions] == [(1, "What is DDP?"), (2, "And ring all-reduce?"), (3, "And a PS?")]
    assert "buckets" in t.questions[0].answer.text
    assert_spans(t)


def test_consent_to_a_request_is_an_answer():
    t = parse("Interviewer: I'll ask a few things. Tell me how DDP works, okay?\nCandidate: Sure. One process per GPU, gradients "
              "all-reduced.\nInterviewer: And ring all-reduce?\nCandidate: Neighbours only.\nInterviewer: And a PS?\nCandidate: Servers.\n")
    assert [q.number for q in t.questions] == [1, 2, 3]


PANEL_QUESTIONS = ("What is data parallelism?", "And ring all-reduce?", "And a PS?", "And DDP?", "And async?", "And FSDP?")
PANEL_ANSWERS = ("Full copies, split data.", "Neighbours only.", "Servers hold weights.", "One process per GPU.", "Stale.", "Shards.")


@pytest.mark.parametrize(
    "speakers",
    [
        # two interviewers and the candidate, by name; by role abbreviation; a recruiter, a hiring manager and an engineer
        ("Maya", "Rob", "Omar"),
        ("INT1", "INT2", "CAND"),
        ("HM", "ENG", "CAND"),
        ("王磊", "陈静", "林晓"),
    ],
)
def test_a_panel_of_two_interviewers_asks_in_turn(speakers):
    a, b, c = speakers
    turns = [(a if i % 2 == 0 else b, q, x) for i, (q, x) in enumerate(zip(PANEL_QUESTIONS, PANEL_ANSWERS))]
    t = parse("".join(f"{who}: {q}\n{c}: {x}\n" for who, q, x in turns))
    assert t.format == "dialogue"
    assert [(q.question.text, q.answer.text) for q in t.questions] == list(zip(PANEL_QUESTIONS, PANEL_ANSWERS))
    assert_spans(t)


def test_a_third_name_the_asker_answers_is_no_panel_member():
    # "Note:" lines after the interviewer's turns are the interviewer's own; they stay text and ask nothing
    t = parse("Dana: What is data parallelism?\nLee: Full copies, split data.\nDana: And ring all-reduce?\n"
              "Lee: Neighbours only.\nDana: And a PS?\nNote: he hesitated here.\nDana: Take your time.\n"
              "Lee: Servers hold weights.\nNote: fine.\nDana: Thanks.\n")
    assert [q.question.text.splitlines()[0] for q in t.questions][:3] == list(PANEL_QUESTIONS[:3])


def test_a_panels_lead_and_second_interviewer_in_chinese_shorthand():
    t = parse("[00:00:03] 主面：先说说数据并行吧。\n[00:00:10] 候：每张卡一份完整模型。\n[00:00:30] 副面：Ring-Allreduce 呢？\n"
              "[00:00:35] 候：只和相邻节点通信。\n[00:00:50] 主面：参数服务器呢？\n[00:00:55] 候：server 存参数。\n")
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("先说说数据并行吧。", "每张卡一份完整模型。"), ("Ring-Allreduce 呢？", "只和相邻节点通信。"), ("参数服务器呢？", "server 存参数。"),
    ]


@pytest.mark.parametrize(
    "opening",
    [
        # a line check, the first interviewer's introduction with no reply (the second greets next), a greeting back, the format
        "王磊：林晓你好，声音能听清吗？\n林晓：能听清，两位好。\n王磊：我叫王磊，是训练平台的负责人。这位是陈静，做预训练的。\n"
        "陈静：你好。\n林晓：你好你好。\n王磊：今天我们轮流问，最后你可以问我们问题。准备好了就开始？\n林晓：好的，准备好了。\n",
        "Maya: Hi Omar, can you hear us okay?\nOmar: Yes, loud and clear.\nMaya: Great. I'm Maya, I lead the training "
        "infrastructure team, and Rob is on the call too.\nRob: Hey Omar, good to meet you.\nOmar: Hi both, thanks for having me.\n"
        "Maya: So the plan is forty minutes of questions, then time for yours. Sound good?\nOmar: Sounds good.\n",
        # a recruiter hands over: who the candidate will speak with, "Thanks!"
        "Kim: Hi Daniela, can you hear me all right?\nDaniela: Hi Kim, yes, all good.\nKim: Perfect. You'll be speaking with "
        "Maya and Rob, both on the training team. I'll drop off now. Good luck!\nDaniela: Thanks!\n",
        "主面：我姓周，在训练框架组；今天还有一位同事一起面。\n副面：你好，我姓郑，做推荐系统训练平台的。\n候：两位老师好。\n"
        "主面：今天大概四十分钟，最后留点时间给你提问。可以吧？\n候：可以的，没问题。\n",
    ],
)
def test_a_panels_opening_exchanges_are_no_questions(opening):
    names = re.findall(r"^(\w+)[:：]", opening, re.M)
    asker, answerer = names[0], ("候" if "候" in names else names[1])
    body = "".join(f"{who}：{line}\n" if "：" in opening else f"{who}: {line}\n"
                   for who, line in [(asker, "What is data parallelism?"), (answerer, "Full copies, split data."),
                                     (asker, "And ring all-reduce?"), (answerer, "Neighbours only."),
                                     (asker, "And a PS?"), (answerer, "Servers hold weights.")])
    t = parse(opening + body)
    assert [(q.number, q.question.text) for q in t.questions] == [
        (1, "What is data parallelism?"), (2, "And ring all-reduce?"), (3, "And a PS?"),
    ]


@pytest.mark.parametrize("label", ["Maya's verdict (written after the call):", "Li Wei's feedback (sent after the call):",
                                   # (blind455) when it was written after a comma
                                   "Li Wei's notes, written after the call:", "Panel verdict, written after the call:"])
def test_a_named_verdict_with_when_it_was_written(label):
    t = parse("Q1: What is DDP?\nA: One process per GPU.\n\nQ2: And a PS?\nA: Servers hold the weights.\n\n" + label + " Strong hire.\n")
    assert t.verdict is not None and t.verdict.text == "Strong hire."


def test_a_recruiter_named_beside_role_labels_asks_too():
    # "HR：" is no label, but the candidate answers its turns: another asker on the panel (blind442)
    t = parse("［00:00:03］HR：你好，是刘洋吧？能听到吗？\n［00:00:06］候选人：能听到，您好。\n"
              "［00:00:28］HR：你为什么考虑离开现在的公司？\n［00:00:31］候选人：想在大规模训练方向深入做下去。\n"
              "［00:01:05］面试官A：说说数据并行。\n［00:01:09］候选人：每张卡一份完整模型。\n"
              "［00:02:00］面试官B：参数服务器呢？\n［00:02:09］候选人：server 存参数。\n")
    assert [(q.question.text, q.answer.text) for q in t.questions] == [
        ("你为什么考虑离开现在的公司？", "想在大规模训练方向深入做下去。"), ("说说数据并行。", "每张卡一份完整模型。"),
        ("参数服务器呢？", "server 存参数。"),
    ]


def test_a_pasted_log_line_in_a_question_is_no_speaker():
    t = parse("面试官：这是启动日志：\nINFO:torch.distributed.distributed_c10d:Added key: barrier_key:1 to store for rank: 2\n"
              "INFO:torch.distributed.distributed_c10d:Rank 2: Completed store-based barrier\n你怎么看？\n候选人：正常的屏障。\n"
              "面试官：DDP 呢？\n候选人：每卡一进程。\n")
    assert [q.question.text.splitlines()[0] for q in t.questions] == ["这是启动日志：", "DDP 呢？"]


@pytest.mark.parametrize(
    "opening",
    [
        "面试官：那我们开始吧，你准备好了吗？\n候选人：准备好了。\n",  # a bare "准备好了。"
        # (blind455) a second interviewer's "Morning!" and the format "Is that okay?" / "Yes, that works."; "那我们开始吧？"
        "面试官：Good morning. I'm Ahmed, I run the training platform, and Grace is here from research.\n面试官：Morning!\n"
        "候选人：Good morning, both.\n面试官：We'll alternate questions for half an hour. Is that okay?\n候选人：Yes, that works.\n",
        "面试官：今天大概一个小时，前面聊技术，最后留十分钟给你提问。那我们开始吧？\n候选人：好的，开始吧。\n",
        # (blind458, blind459) a welcome ending "Ready?" / "Ready, let's do it."; "在吗？现在方便聊一下吗？"
        "面试官：Welcome back to Mock Loop, the show where we run real interview questions live. Ready?\n候选人：Ready, let's do it.\n",
        "面试官：在吗？现在方便聊一下吗？\n候选人：方便的，陈工您说。\n",
        # a welcome that asks nothing, then a question of small talk (blind446 08)
        "面试官：Welcome back to the show. Today we're trying something different, a live mock interview. Where are you "
        "calling in from today?\n候选人：From Lisbon, it's a sunny afternoon here.\n",
        # a chat's "在吗？" and a reply that names the interviewer (blind444 06)
        "面试官：在吗？按约好的，我们就在微信上过几道题，你想好了直接打字回就行\n候选人：好的王工，我准备好了\n",
        # a recruiter checks who answers ("…吗？"), introduces the call with a consent tag, and hands over
        "面试官：喂，您好，请问是李明吗？\n候选人：对，是我，您好。\n"
        "面试官：您好，我是这次招聘的 HR 小吴。今天是技术面，大概四十五分钟，会议会录音，您这边没问题吧？\n候选人：没问题。\n"
        "面试官：好的，那我先下线了，杨工您开始吧。\n",
    ],
)
def test_more_opening_exchanges_are_no_questions(opening):
    t = parse(opening + "面试官：说说数据并行。\n候选人：每张卡一份完整模型。\n面试官：参数服务器呢？\n候选人：server 存参数。\n"
              "面试官：Ring 呢？\n候选人：只和邻居通信。\n")
    assert [q.question.text for q in t.questions] == ["说说数据并行。", "参数服务器呢？", "Ring 呢？"]


def test_a_chinese_verdict_label_with_when_it_was_written_after_the_goodbye():
    t = parse("面试官：什么是DDP？\n候选人：每张卡一个进程。\n面试官：那PS呢？\n候选人：server 存参数。\n面试官：Ring 呢？\n候选人：邻居通信。\n"
              "面试官：好，那今天就到这里。\n候选人：谢谢，再见。\n\n面试官最后的评价（会后整理）：基础扎实，建议录用。\n")
    assert t.verdict is not None and t.verdict.text == "基础扎实，建议录用。"
    assert len(t.questions) == 3
