"""Written screening rounds (blind279): multiple-choice and true/false questions, and the choices answers make."""
from __future__ import annotations

import pytest

from interview_grader.engine import grade
from interview_grader.notes import note
from interview_grader.parse import parse_transcript
from interview_grader.quiz import read_choice, read_quiz

ZH_MC = "【单选】关于环形规约，下列说法正确的是？\nA. 环形规约把梯度发给中心节点\nB. 每个节点只和相邻节点通信\nC. 它只能用于单机"
EN_INLINE = "Which statement about ring all-reduce is correct? a) it needs a master node b) it is bandwidth optimal"


def options_of(question: str) -> dict[str, str]:
    quiz = read_quiz(question)
    assert quiz is not None
    return {k: question[s:e] for k, (s, e) in quiz.options.items()}


def test_options_one_per_line_and_inline():
    assert options_of(ZH_MC) == {"A": "环形规约把梯度发给中心节点", "B": "每个节点只和相邻节点通信", "C": "它只能用于单机"}
    assert options_of(EN_INLINE) == {"A": "it needs a master node", "B": "it is bandwidth optimal"}
    assert options_of("（单选）目的是？\nA、缩短训练时间\nB、提高准确率") == {"A": "缩短训练时间", "B": "提高准确率"}
    assert options_of("Pick one:\n(A) NCCL\n(B) Gloo") == {"A": "NCCL", "B": "Gloo"}


@pytest.mark.parametrize("question", [
    "请讲讲环形规约的原理？",
    "What does plan A. look like?",  # one letter is no list of options
    "Compare B) and A) for me.",  # options start at A and run in order
])
def test_ordinary_questions_offer_no_options(question):
    assert read_quiz(question) is None


@pytest.mark.parametrize("question, negative", [
    (ZH_MC, False),
    ("关于参数服务器，下列说法错误的是？\nA. x\nB. y", True),
    ("以下哪一项不能降低通信开销？\nA. x\nB. y", True),
    ("Which of these is NOT true of DDP?\nA. x\nB. y", True),
    ("When the model does not fit, what helps? Which is correct?\nA. x\nB. y", False),  # only the asking sentence counts
])
def test_a_stem_asking_for_the_wrong_statement(question, negative):
    quiz = read_quiz(question)
    assert quiz is not None and quiz.negative is negative


@pytest.mark.parametrize("answer, letters, bare", [
    ("B", ("B",), True),
    ("选 B。", ("B",), True),
    ("选 A 吧，因为…", ("A",), False),
    ("ACD。", ("A", "C", "D"), True),
    ("A 和 C", ("A", "C"), True),
    ("b) and also a), since more data helps", ("B", "A"), False),  # not the a and d of "and"
    ("Uh… A? Smaller buckets send less.", ("A",), False),
    ("答案：C", ("C",), True),
    ("I'd go with B, because the ring has no master.", ("B",), False),
    ("（B）", ("B",), True),
])
def test_picks(answer, letters, bare):
    choice = read_choice(read_quiz(ZH_MC + "\nD. 都不对"), answer)
    assert choice is not None and (choice.letters, choice.affirms, choice.bare) == (letters, None, bare)


@pytest.mark.parametrize("answer", [
    "A parameter server would be the bottleneck here.",  # the article, not option A
    "DDP all-reduces the gradients.",  # letters run into a word
    "E",  # no such option
    "环形规约里每个节点只和相邻节点通信。",
])
def test_no_pick(answer):
    assert read_choice(read_quiz(ZH_MC + "\nD. 都不对"), answer) is None


@pytest.mark.parametrize("question, statement", [
    ("【判断】异步训练没有过期梯度的问题。", "异步训练没有过期梯度的问题。"),
    ("判断题：同步训练中最慢的 worker 决定速度", "同步训练中最慢的 worker 决定速度"),
    ("True or false: ring all-reduce needs a master node.", "ring all-reduce needs a master node."),
    ("Ring all-reduce needs a master node. True or false?", "Ring all-reduce needs a master node."),
])
def test_true_false_statements(question, statement):
    quiz = read_quiz(question)
    assert quiz is not None and quiz.statement is not None and not quiz.options
    assert question[slice(*quiz.statement)] == statement


@pytest.mark.parametrize("answer, affirms, bare", [
    ("对", True, True), ("√。", True, True), ("True. Because…", True, False), ("正确，因为…", True, False),
    ("错", False, True), ("False.", False, True), ("×，环上没有中心节点", False, False), ("不对。", False, True),
])
def test_true_false_verdicts(answer, affirms, bare):
    choice = read_choice(read_quiz("【判断】环形规约把梯度发给中心节点。"), answer)
    assert choice is not None and (choice.letters, choice.affirms, choice.bare) == ((), affirms, bare)


def test_an_option_fills_the_stems_question_word():
    zh = "Ring-Allreduce 中在环上传递的是什么？\nA、训练数据集\nB、梯度"
    en = "In ring all-reduce, what travels around the ring?\nA. Shards of the dataset\nB. Gradient chunks"
    for question, want in ((zh, "Ring-Allreduce 中在环上传递的是训练数据集"),
                           (en, "In ring all-reduce, Shards of the dataset travels around the ring"),
                           ("分布式训练的主要目的是？\nA、缩短时间\nB、提高准确率", "分布式训练的主要目的是缩短时间")):
        quiz = read_quiz(question)
        assert quiz is not None
        assert "".join(question[s:e] for s, e in quiz.filled("A")) == want
    # no question word, no closing 是: the option alone
    quiz = read_quiz("Pick the right one.\nA. x\nB. y")
    assert quiz is not None and quiz.filled("B") == [quiz.options["B"]]


# the engine: a pick is judged on what the picked option says


def one(rubric, answer: str, question: str = ZH_MC):
    text = f"问题1：{question}\n回答：{answer}\n"
    report = grade(parse_transcript(text, "t.txt"), rubric)
    return report.answers[0], text


def test_a_wrong_pick_asserts_its_option(mini_rubric):
    a, source = one(mini_rubric, "选 A。")
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    f = a.misconceptions[0]
    assert f.evidence == source[f.start:f.end] and f.start < source.index("回答")  # quoted from the question
    assert a.status == "graded" and a.score == 0


def test_a_bare_right_pick_earns_the_options_points_up_to_the_pick_cap(mini_rubric):
    a, source = one(mini_rubric, "B")
    assert [c.id for c in a.covered] == ["ring-neighbours"] and a.misconceptions == []
    c = a.covered[0]
    assert c.evidence == source[c.start:c.end] == "每个节点只和相邻节点通信"
    # one core point of two is 43 (test_engine); a bare pick is capped
    assert a.score == mini_rubric.rubric.scoring.pick_cap == 40
    assert note("pick-cap", "zh", cap=40) in a.notes and note("picked", "zh", letters="B") in a.notes


def test_a_pick_with_words_of_its_own_is_not_capped(mini_rubric):
    a, _ = one(mini_rubric, "B。先做reduce-scatter再做all-gather。")
    assert [c.id for c in a.covered] == ["ring-neighbours", "ring-two-phases"] and a.score == 85


def test_unpicked_options_and_rejected_picks_assert_nothing(mini_rubric):
    a, _ = one(mini_rubric, "B")  # option A says the wrong thing, but it was not picked
    assert a.misconceptions == []
    wrong = "【单选】关于环形规约，下列说法错误的是？\nA. 环形规约把梯度发给中心节点\nB. 每个节点只和相邻节点通信"
    a, _ = one(mini_rubric, "A", wrong)  # the pick names A as the wrong statement
    assert (a.status, a.misconceptions, a.covered) == ("graded", [], [])


def test_true_false_answers(mini_rubric):
    question = "【判断】环形规约把梯度发给中心节点。"
    for answer in ("True", "√", "对，每个节点只和相邻节点通信。"):
        a, _ = one(mini_rubric, answer, question)
        assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"], answer
    a, _ = one(mini_rubric, "对，每个节点只和相邻节点通信。", question)
    assert [c.id for c in a.covered] == ["ring-neighbours"]
    # rejecting the statement asserts nothing, and is an answer to the question, not an off-topic one
    a, _ = one(mini_rubric, "False", question)
    assert (a.status, a.misconceptions) == ("graded", [])


def test_the_stem_decides_the_topic(rubric):
    question = (
        "【单选】关于数据并行，下列说法正确的是？\nA. 每个 worker 负责模型的一部分层，流水线式地传激活\n"
        "B. 每个 worker 持有完整的模型副本，处理不同的数据分片\nC. 用张量并行切分每一层的矩阵"
    )
    a, _ = one(rubric, "B", question)
    assert a.topic == "data-parallelism"
    a, _ = one(rubric, "选 A。", question)
    assert a.topic == "data-parallelism" and [f.id for f in a.misconceptions] == ["dp-mp-confusion"]


# blind291: fill-in-the-blank items, true/false items to correct, options split by <br> or spoken "A, …"


@pytest.mark.parametrize("question, statement", [
    ("第二题，判断并改正：“环形规约把梯度发给中心节点。”", "环形规约把梯度发给中心节点。"),
    ('True or false? If false, correct it: "Ring all-reduce needs a master node."', "Ring all-reduce needs a master node."),
    ("Okay. True or false, and correct it if it's false: \"Ring all-reduce needs a master node.\"",
     "Ring all-reduce needs a master node."),
])
def test_true_false_statements_after_a_lead_in(question, statement):
    quiz = read_quiz(question)
    assert quiz is not None and question[slice(*quiz.statement)] == statement


def test_a_verdict_with_a_lead():
    quiz = read_quiz("判断并改正：“环形规约把梯度发给中心节点。”")
    assert read_choice(quiz, "这个我觉得是对的。环上有主节点").affirms is True
    assert read_choice(quiz, "I think it's false.").affirms is False


def test_options_split_by_html_breaks_or_spoken_commas():
    assert options_of("Why?<br>A. faster<br>B. bigger models") == {"A": "faster", "B": "bigger models"}
    assert options_of("Which describe DDP? A, one process per GPU. B, a server.") == {
        "A": "one process per GPU.", "B": "a server."}


def fills_of(question: str, answer: str) -> list[str] | None:
    choice = read_choice(read_quiz(question), answer)
    return None if choice is None else [answer[a:b] for a, b in choice.fills]


def test_fills_one_per_blank():
    three = "Ring-Allreduce 分为 ____ 和 ____ 两个阶段，每个 worker 的收发数据量约为梯度大小的 ____ 倍。"
    # the strongest separator first, the weaker ones for parts still too few; "/" is no separator
    assert fills_of(three, "reduce-scatter 和 all-gather；2(N−1)/N。\n展开说…") == ["reduce-scatter", "all-gather", "2(N−1)/N"]
    two = "Data parallelism replicates the ____ on every worker and splits the ____ among them."
    assert fills_of(two, "the model; the data") == ["model", "data"]  # the article the blank follows is not repeated
    assert fills_of(two, "Reduce, and then broadcast? So …") == ["Reduce", "broadcast"]
    one = "Model parallelism splits the ____ across devices."
    assert fills_of(one, "the training data, so each GPU only has to look at part of the dataset") == ["training data"]
    # an answer that talks instead of filling, or fills too few, fills nothing
    assert fills_of(two, "嗯……我理解是先把训练数据切成 N 份分给各个进程，各自算完以后再汇总到一个主节点上") is None
    assert fills_of(three, "reduce-scatter") is None


def test_a_filled_statement_is_the_candidates(mini_rubric):
    question = "填空：环形规约里每个节点把梯度发给 ____。"
    a, source = one(mini_rubric, "中心节点", question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    f = a.misconceptions[0]
    assert f.evidence == source[f.start:f.end] == "中心节点"  # quoted from the fill
    assert a.score == 0  # a bare wrong fill is no attempt: no floor
    a, source = one(mini_rubric, "相邻节点。", question)
    assert a.misconceptions == [] and [(c.id, c.evidence) for c in a.covered] == [("ring-neighbours", "相邻节点")]
    assert note("filled", "zh") in a.notes


# blind296: choices offered out loud by number ("一是…，二是…"), picked as "第二种"


def test_options_told_by_number():
    question = "数据并行的时候，每张卡上放的是什么？一是完整的一份模型，二是模型的一部分层。"
    assert options_of(question) == {"A": "完整的一份模型", "B": "模型的一部分层"}
    quiz = read_quiz(question)
    choice = read_choice(quiz, "第二种吧。")
    assert (choice.letters, choice.bare) == (("B",), True)
    assert "".join(question[s:e] for s, e in quiz.filled("B")) == "数据并行的时候，每张卡上放的是模型的一部分层"
    assert read_choice(quiz, "后者，因为…").letters == ("B",)
    assert read_choice(quiz, "第三种") is None  # no such option
    assert read_quiz("一是快，没别的了") is None  # one is no list


def test_a_choice_told_by_number_is_judged_on_its_option(mini_rubric):
    question = "环形规约里，每个节点把梯度发给的是什么：一是中心节点，二是相邻节点？"
    a, _ = one(mini_rubric, "第一种。", question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    a, _ = one(mini_rubric, "第二种，因为环上没有中心。", question)
    assert a.misconceptions == [] and [c.id for c in a.covered] == ["ring-neighbours"]


def test_choices_listed_in_an_english_question():
    question = "Would you say the per-GPU traffic in ring all-reduce goes up, stays flat, or goes down as you add GPUs?"
    assert options_of(question) == {"A": "goes up", "B": "stays flat", "C": "goes down"}
    quiz = read_quiz(question)
    choice = read_choice(quiz, "Stays flat.")
    assert (choice.letters, choice.bare) == (("B",), True)
    assert "".join(question[s:e] for s, e in quiz.filled("B")) == (
        "Would you say the per-GPU traffic in ring all-reduce stays flat as you add GPUs")
    # said in another form of the verb ("Goes up" for "go up"), with a reason after it
    quiz = read_quiz("Does the traffic per GPU go up, stay flat, or go down as you add GPUs?")
    assert read_choice(quiz, "Goes up. Each GPU hears from every other one.").letters == ("A",)
    assert read_choice(quiz, "It depends on the topology.") is None
    assert read_quiz("Does it go up or down?") is None  # two are no list
    assert read_quiz("We used PyTorch, TensorFlow, or JAX.") is None  # no question
