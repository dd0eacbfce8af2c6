"""Engine rules on the small rubric, where the arithmetic can be followed by hand.

mini rubric: topic ring-allreduce with core points ring-neighbours and
ring-two-phases and depth point ring-bandwidth; misconception
ring-allreduce-central-node (critical: -20, cap 25); core_curve 1.
"""
from __future__ import annotations

import pytest

from interview_grader import grade, parse_transcript


def one(mini_rubric, answer: str, question: str = "请讲讲环形规约的原理？"):
    text = f"问题1：{question}\n回答：{answer}\n"
    return grade(parse_transcript(text, "t.txt"), mini_rubric).answers[0]


def test_full_coverage_scores_100(mini_rubric):
    a = one(mini_rubric, "每个节点只和相邻节点通信。先做reduce-scatter再做all-gather。它是带宽最优的。")
    assert (a.status, a.score, a.grade) == ("graded", 100, 5)
    assert [c.id for c in a.covered] == ["ring-neighbours", "ring-two-phases", "ring-bandwidth"]


def test_one_core_point_of_two(mini_rubric):
    a = one(mini_rubric, "每个节点只和相邻节点通信。")
    assert a.score == 43  # 85 * 1/2 = 42.5, rounded half up
    assert a.missing == ["ring-two-phases", "ring-bandwidth"] and a.missing_core == ["ring-two-phases"]


def test_critical_flag_penalises_and_caps(mini_rubric):
    a = one(mini_rubric, "先做reduce-scatter再做all-gather。环形规约最后发给中心节点汇总。")
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    assert a.score == 23  # 42.5 - 20 = 22.5 -> 23, under the cap of 25


def test_the_clauses_that_assert_an_error_earn_nothing(mini_rubric):
    same = one(mini_rubric, "Ring all-reduce sends gradients to a master node, then each worker talks to its neighbours.",
               "Explain ring all-reduce.")
    assert [f.id for f in same.misconceptions] == ["ring-allreduce-central-node"]
    assert [c.id for c in same.covered] == ["ring-neighbours"]  # its own clause, not the flagged one
    assert same.covered[0].start >= same.misconceptions[0].end
    assert same.score == 23  # 42.5 - 20, under the critical cap
    wrong = one(mini_rubric, "Ring all-reduce sends gradients to a master node and to its neighbours.",
                "Explain ring all-reduce.")  # one clause: the neighbours are part of the wrong claim
    assert [f.id for f in wrong.misconceptions] == ["ring-allreduce-central-node"] and wrong.covered == []
    apart = one(mini_rubric, "Ring all-reduce sends gradients to a master node. Each worker talks to its neighbours.",
                "Explain ring all-reduce.")
    assert [c.id for c in apart.covered] == ["ring-neighbours"]


def _with_floor(mini_rubric, floor: float):
    from interview_grader.rubric.load import LoadedRubric

    scoring = mini_rubric.rubric.scoring.model_copy(update={"attempt_floor": floor})
    rubric = mini_rubric.rubric.model_copy(update={"scoring": scoring})
    return LoadedRubric(rubric=rubric, compiler=mini_rubric.compiler, sha256=mini_rubric.sha256, path=mini_rubric.path)


def test_an_attempt_scores_at_least_the_floor(mini_rubric):
    """Grade 1 on the expert scale is a wrong attempt; 0 is kept for no answer and off-topic."""
    wrong = "环形规约就是大家把梯度发给中心节点汇总。"
    assert one(mini_rubric, wrong).score == 0  # the mini rubric has no floor: 0 - 20, clamped
    floored = _with_floor(mini_rubric, 15)
    a = one(floored, wrong)
    assert (a.status, a.score, a.grade) == ("graded", 15, 1)
    assert a.notes[-1] == "回答涉及本题，但几乎没有正确内容，按最低档计 15 分"
    en = one(floored, "Ring all-reduce sends every gradient to a master node.", "Explain ring all-reduce.")
    assert en.score == 15 and en.notes[-1] == (
        "the answer takes up the question but states almost nothing correct: scored at the floor, 15"
    )
    assert one(floored, "先做reduce-scatter再做all-gather。环形规约最后发给中心节点汇总。").score == 23  # above it
    assert (one(floored, "不知道").status, one(floored, "不知道").score) == ("no-answer", 0)
    off = one(floored, "环形规约在我们团队很重要，大家一起努力把项目做好了。")
    assert (off.status, off.score) == ("off-topic", 0)


def test_the_floor_cannot_exceed_a_cap():
    from pydantic import ValidationError

    from interview_grader.rubric.schema import Scoring

    with pytest.raises(ValidationError, match="attempt_floor 30 is above term_list_cap 20"):
        Scoring(attempt_floor=30)
    with pytest.raises(ValidationError, match="attempt_floor 30 is above empty_talk_cap 20"):
        Scoring(attempt_floor=30, term_list_cap=40)
    with pytest.raises(ValidationError, match="attempt_floor 30 is above caps.critical 25"):
        Scoring(attempt_floor=30, term_list_cap=40, empty_talk_cap=40)
    assert Scoring(attempt_floor=20).attempt_floor == 20


@pytest.mark.parametrize("answer", ["", "不知道", "不知道。", "略", "I don't know."])
def test_non_answers(mini_rubric, answer):
    a = one(mini_rubric, answer)
    assert (a.status, a.score) == ("no-answer", 0)


def test_echoing_the_question_is_off_topic(mini_rubric):
    a = one(mini_rubric, "环形规约在我们团队很重要，大家一起努力把项目做好了。")
    assert (a.status, a.score) == ("off-topic", 0)


def test_question_outside_the_rubric_is_ungraded(mini_rubric):
    a = one(mini_rubric, "希望三年内带团队。", "你的职业规划是什么？")
    assert (a.status, a.score, a.topic) == ("ungraded", None, None)


@pytest.mark.parametrize(
    "question, answer, capped",
    [
        # a narrow question answered with the point's name alone (blind437, blind443): capped as a bare pick
        ("Pipeline parallelism bubble: how to shrink it?", "micro-batches", True),
        ("Name the two phases of ring all-reduce.", "reduce-scatter, all-gather", True),
        # ... not when the answer says what the point does
        ("Pipeline parallelism bubble: how to shrink it?",
         "You cut each batch into micro-batches so the stages overlap and the bubble shrinks.", False),
    ],
)
def test_a_narrow_question_answered_with_a_bare_name_is_capped(rubric, question, answer, capped):
    a = grade(parse_transcript(f"Q1: {question}\nA: {answer}\n", "t.txt"), rubric).answers[0]
    cap = rubric.rubric.scoring.pick_cap
    assert a.status == "graded" and a.covered, a
    assert (a.score <= cap) is capped, a


@pytest.mark.parametrize(
    "answer, term_list",
    [
        # an English subject and a Chinese verb with its object make a clause, not a term (blind443 02 Q4)
        ("server 存参数，worker 算梯度，push / pull", False),
        # ... a noun phrase does not ("batch 切分")
        ("PCIe、NVLink、DataParallel、DDP、NCCL、batch 切分、显存。", True),
    ],
)
def test_an_english_subject_with_a_chinese_verb_is_a_clause(rubric, answer, term_list):
    q = "PS 架构简述？" if "server" in answer else "单机单卡和单机多卡训练的区别？"
    a = grade(parse_transcript(f"问题1：{q}\n回答：{answer}\n", "t.txt"), rubric).answers[0]
    assert (a.score <= rubric.rubric.scoring.term_list_cap) is term_list, a


def test_a_list_of_terms_is_capped(mini_rubric, rubric):
    text = "问题1：请简述Ring-Allreduce的原理。\n回答：Ring-Allreduce、reduce-scatter、all-gather、带宽最优、NCCL、Horovod、环形拓扑。\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == "graded" and a.score <= rubric.rubric.scoring.term_list_cap


@pytest.mark.parametrize(
    "answer",
    [
        # a lead-in, the list, and a sentence of empty talk: still only a list of names
        "实现环形规约主要涉及以下几个关键点：reduce-scatter、all-gather、带宽最优、NCCL、Horovod、环形拓扑。"
        "在我之前的项目中这些技术我们都熟练使用过，训练效率得到了大幅提升。总的来说，掌握这些是基础。",
        "Loads of levers. Reduce-scatter, all-gather, bandwidth optimal, NCCL, Horovod, ring topology. "
        "You mix and match depending on the workload.",
    ],
)
def test_a_list_of_terms_wrapped_in_prose_is_capped(rubric, answer):
    text = f"问题1：请简述Ring-Allreduce的原理。\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == "graded" and a.score <= rubric.rubric.scoring.term_list_cap, a


def test_a_list_then_its_explanation_is_not_capped(rubric):
    """Points earned outside the enumeration count in full: the list only names what the prose explains."""
    text = (
        "问题1：请简述Ring-Allreduce的原理。\n回答：涉及 reduce-scatter、all-gather、NCCL、环形拓扑。"
        "N 张卡连成一个环，梯度切成 N 块；先做 reduce-scatter，每张卡把一块发给下一张卡并累加收到的那块，"
        "N-1 步后每张卡持有一块的完整和；再做 all-gather 把各块传一圈。每张卡发送的数据量约为 2(N-1)/N 倍梯度，"
        "和卡数基本无关，所以带宽最优，也没有中心节点。\n"
    )
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.score > rubric.rubric.scoring.term_list_cap, a


@pytest.mark.parametrize(
    "text,runs",
    [
        ("主要包括以下几种:混合精度训练、梯度压缩、nccl、nvlink、分层 allreduce。我们都用过。",
         ["混合精度训练、梯度压缩、nccl、nvlink、分层 allreduce"]),
        ("gradient compression, powersgd, top-k sparsification, fp16. then we tuned it.",
         ["gradient compression, powersgd, top-k sparsification, fp16"]),
        ("梯度压缩、混合精度、通信重叠。", []),  # three items: too few to call a list
        # a lead-in before the first item and a filler after the last do not hide them (blind148 06 Q2)
        ("ddp 主要就是 allreduce、bucket、hook、nccl 这些吧。", ["allreduce、bucket、hook、nccl"]),
        ("ddp的话就是 torchrun、rank、nccl、hook、bucket 这些吧,平时直接用。", ["torchrun、rank、nccl、hook、bucket"]),
        ("we rely on things like nccl, bucketing, hooks, overlap. that's it.", ["nccl, bucketing, hooks, overlap"]),
        ("先做 reduce-scatter,每张卡把自己那块发给下一张卡,再做 all-gather,最后每张卡都有完整结果。", []),
    ],
)
def test_list_runs(text, runs):
    from interview_grader.engine import _list_runs

    assert [text[a:b] for a, b in _list_runs(text)] == runs


@pytest.mark.parametrize(
    "answer,expected",
    [
        ("Ring-Allreduce、reduce-scatter、all-gather、带宽最优、NCCL。", True),
        ("Ring-Allreduce、reduce-scatter。all-gather、带宽最优、NCCL。", True),  # two sentences of terms
        ("Ring-Allreduce。reduce-scatter。all-gather、带宽最优、NCCL。", False),  # three sentences: prose
        ("ring allreduce, reduce-scatter, all-gather, NCCL and Horovod", True),
        ("先做 reduce-scatter，每张卡把自己那块发给下一张卡，再做 all-gather，最后每张卡都有完整结果。", False),
        ("", False),
        ("数据并行、模型并行、流水线并行、参数服务器、梯度累积。", True),
        ("同步就是大家等齐了一起更新，比较稳；异步不用等，比较快，但好像有梯度过期的问题，收敛可能会差一点。", False),  # short clauses
        # clauses with a verb and no function word: 连成, 切成, 只和 … 通信, 先 … 再 …
        ("所有卡连成一个环，梯度切成 N 份，先 reduce-scatter 再 all-gather，每一步只和邻居通信。", False),
        ("每张卡放一份模型，数据切成几份，梯度先求和再平均，最后一起更新。", False),
        # labelled parts set side by side are claims, however terse (blind437)
        ("DDP: one process per GPU + all-reduce; DP: single process, threads, GPU0 gathers.", False),
        ("Sync: barrier, slowest sets pace; async: no wait, stale, may diverge.", False),
    ],
)
def test_term_list_detection(answer, expected):
    from interview_grader.engine import _is_term_list
    from interview_grader.matcher import Doc

    assert _is_term_list(Doc.of(answer)) is expected


@pytest.mark.parametrize(
    "answer,status",
    [
        ("嗯，这个我确实不太清楚，抱歉。", "no-answer"),  # a non-answer wrapped in words
        ("Hmm, I'm not sure, to be honest. I'd rather skip this one.", "no-answer"),
        ("Honestly I'm not really sure about that one.", "no-answer"),  # a softened hedge (blind49)
        ("Sorry, I'm not really familiar with that. Our team mainly uses TensorFlow with a parameter server.", "no-answer"),  # admission, then an excuse
        ("我们组主要用TensorFlow，平时也不怎么看PyTorch那边的东西，这块我不太熟悉。", "graded"),  # the admission comes last: not opened with
        ("梯度不会丢失。", "graded"),  # '不会' inside a claim is not a non-answer
        ("None of the nodes is special.", "graded"),  # nor is 'none'
        ("I'm not sure, but I think every node talks to a central node.", "graded"),  # a claim: flagged
        ("我不太清楚具体实现，不过我记得每个节点只和相邻节点通信，数据绕着环走一圈。", "graded"),  # says something
        ("这个不知道😭", "no-answer"),  # emoji add nothing to a non-answer
        ("🙏🙏", "no-answer"),
        ("嗯，这个我确实不太清楚，抱歉🙏", "no-answer"),
        ("不好意思，这块我接触得不多，说不上来。", "no-answer"),  # blind62
        ("这个我说实话不太熟，平时都是直接调NCCL，没研究过。", "no-answer"),  # names a tool of the topic, nothing else (blind74)
        ("Not sure, to be honest. We just call NCCL.", "no-answer"),
    ],
)
def test_hedged_non_answers(rubric, answer, status):
    text = f"问题1：请讲讲Ring-Allreduce的原理？\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status in (status, "off-topic" if status == "graded" else status), (a.status, a.score)
    assert a.score == 0 or status == "graded"


def test_a_correct_clause_beside_a_wrong_one_still_counts(rubric):
    """The clauses that assert an error earn nothing; another clause of the same sentence does."""
    q = "问题1：请讲讲Ring-Allreduce的原理？\n回答："
    both = grade(parse_transcript(q + "每个节点只和相邻的两个节点通信，最后由一个中心节点汇总所有梯度。\n", "t.txt"), rubric).answers[0]
    assert [f.id for f in both.misconceptions] == ["ring-allreduce-central-node"]
    assert "ring-neighbours" in [c.id for c in both.covered] or any("相邻" in c.evidence for c in both.covered)
    for c in both.covered:
        assert all(c.end <= f.start or f.end <= c.start for f in both.misconceptions)  # no shared words


@pytest.mark.parametrize(
    "question,answer,status",
    [
        # a non-committal comparison still answers the question: empty talk, grade 1 (BRIEF §4), not off-topic
        ("How would you compare DDP with a parameter server architecture?",
         "Honestly it depends on the use case. Both of them are very powerful, and each has its own strengths and "
         "weaknesses, so you pick the one that fits.", "graded"),
        ("同步训练和异步训练有什么区别？", "这个要看具体情况，两者各有优劣，没有绝对的好坏，适合自己的就是最好的。", "graded"),
        # ... or an empty comparison of one card and several in generic words (resources, efficiency)
        ("单机单卡和单机多卡训练有什么区别？", "单机多卡相比单机单卡，能够更加充分地利用计算资源，提升训练效率，灵活选择合适的方式。", "graded"),
        ("How is training on a single GPU different from training on multiple GPUs?",
         "Several GPUs make better use of the compute resources and speed up training, so it depends on your needs.", "graded"),
        # talk about something else stays off-topic
        ("How would you compare DDP with a parameter server architecture?",
         "At my last job we moved everything to Kubernetes and set up a weekly sync with the stakeholders.", "off-topic"),
        ("单机单卡和单机多卡训练有什么区别？", "我们团队今年主要在做招聘和绩效流程的梳理，周会也改成了双周。", "off-topic"),
        ("请您谈谈单机单卡和单机多卡训练的区别。", "我之前负责的项目非常重视训练效率，最终得到了领导的认可。", "off-topic"),
        # syncing of data between systems, pulled and pushed: a homonym answer (blind99 05 Q5)
        ("How are model parameters synchronized across workers in distributed training?",
         "Sync is a big deal for us. A nightly job pulls the new structures, removes duplicates and pushes everything to "
         "the feature store, so the assay results and the model registry are all in sync by six in the morning.", "off-topic"),
    ],
)
def test_empty_talk_on_a_comparison_is_an_attempt(rubric, question, answer, status):
    text = f"Q1: {question}\nA: {answer}\n" if question.isascii() else f"问题1：{question}\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score)
    assert (a.grade == 1) if status == "graded" else (a.score == 0)


@pytest.mark.parametrize("question,answer", [
    ("模型并行适用于什么场景？", "我们项目主要关注推理速度，先用知识蒸馏把大模型压缩成小模型，再做INT8量化，部署到边缘盒子上。"),
    ("What is model parallelism and when do you need it?",
     "For a large model we first compress it: quantisation to INT8, pruning and distillation, so that serving is cheap."),
])
def test_shrinking_a_large_model_for_serving_is_not_model_parallelism(rubric, question, answer):
    """'大模型' / 'large model' alone is no model-parallelism vocabulary (blind73 02 Q5, blind74 02 Q5)."""
    text = f"Q1: {question}\nA: {answer}\n" if question.isascii() else f"问题1：{question}\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert (a.status, a.score) == ("off-topic", 0)
    told = answer.replace("INT8", "INT8（模型太大、单卡放不下时才要切到多张卡上，那是模型并行）") if not question.isascii() else answer
    if told != answer:
        assert grade(parse_transcript(text.replace(answer, told), "t.txt"), rubric).answers[0].status == "graded"


def test_a_training_recipe_is_not_the_steps_of_a_ddp_job(rubric):
    """Gradient clipping in a hyperparameter recipe is not DDP vocabulary; gradients all-reduced in backward are."""
    q = "Q1: Walk me through the steps of a DDP training script.\nA: "
    recipe = "I start with a learning rate sweep, use cosine decay with warmup and gradient clipping at 1.0."
    a = grade(parse_transcript(q + recipe + "\n", "t.txt"), rubric).answers[0]
    assert a.status == "off-topic", (a.status, a.score)
    steps = "You launch it, and in backward the gradients get averaged across the GPUs."
    b = grade(parse_transcript(q + steps + "\n", "t.txt"), rubric).answers[0]
    assert b.status == "graded", (b.status, b.score)


@pytest.mark.parametrize(
    "answer,status",
    [
        # a non-answer retold after the interview, with an excuse and what happened next: no-answer
        ("Honestly I blanked. I told him I don't know, I've only ever used whatever the training script "
         "already had. He moved on.", "no-answer"),
        ("I said I didn't know, we only ever used the default launch script at my last job. Next question.", "no-answer"),
        ("当时脑子一片空白，我跟面试官说这个不会，平时都是直接用组里现成的脚本，他就换了下一题。", "no-answer"),
        # ... but not talk about something else that only mentions the interviewer
        ("I told him about our data pipeline and the feature store, and how we cut the labelling cost in half.", "off-topic"),
        # ... nor an answer that states something after the admission
        ("I told him I wasn't sure, but I think each GPU only talks to its neighbours in a ring.", "graded"),
    ],
)
def test_a_retold_non_answer(rubric, answer, status):
    text = f"Q1: How does ring all-reduce work?\nA: {answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score)


@pytest.mark.parametrize(
    "follow_up,topic",
    [
        # a pronoun that is the subject of the follow-up points back at the previous topic
        ("And what does that cost per GPU? Say I go from 8 GPUs to 64.", "ring-allreduce"),
        ("So how does it scale when you add more GPUs?", "ring-allreduce"),
        # ... not when the question names its own subject first ("it" is activation checkpointing)
        ("What's activation checkpointing and what does it cost you?", None),
    ],
)
def test_a_follow_up_with_a_pronoun_subject(rubric, follow_up, topic):
    text = f"Q1: Explain ring all-reduce.\nA: Each GPU sends one chunk to its neighbour.\nQ2: {follow_up}\nA: Not much.\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[1]
    assert a.topic == topic, (a.topic, a.status)



def test_a_follow_up_on_it_reads_this_side_and_that_side_from_the_question_before(rubric):
    # "它" is the DDP of question 1, so 这边 is DDP and 那边 the parameter server (blind159 02 Q5)
    text = ("问题1：DDP 的训练脚本，从启动到跑起来有哪些步骤？\n回答：用 torchrun 启动，每张卡一个进程。\n"
            "问题2：那它跟参数服务器比，区别在哪？\n"
            "回答：这边没有 server，所有卡都是对等的，靠集合通信；那边是中心化的，server 存参数，worker 推梯度、拉参数。\n")
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[1]
    assert a.topic == "ddp-vs-parameter-server"
    assert "dvp-architecture" in {c.id for c in a.covered}, (a.score, [c.id for c in a.covered])


@pytest.mark.parametrize(
    "answer,status",
    [
        # a present-tense non-answer, longer than a hedge: no-answer (blind27, unpunctuated captions)
        ("oh um honestly i don't know that one i've only used like the default trainer in lightning so i'd have "
         "to pass on that one sorry", "no-answer"),
        ("Hmm, I have no idea, to be honest. At my last job we only ever ran things on a single box, so I never "
         "had to look into it.", "no-answer"),
        ("嗯，这个我真的不太清楚，之前实习一直在做数据清洗和标注平台，没怎么碰过训练框架这一块，平时跑实验也都是用组里师兄写好的脚本，直接改改配置就跑了，所以这题只能跳过了，抱歉。", "no-answer"),
        # talk about something else, with a late "i don't know", stays off-topic
        ("At my last job we moved everything to Kubernetes and set up a weekly sync with the stakeholders, "
         "and the on-call rota got much better, I don't know, it was fine.", "off-topic"),
        # an admission followed by a claim on the topic is graded
        ("I don't know the details, but I think each GPU only talks to its neighbours in a ring.", "graded"),
    ],
)
def test_a_spoken_non_answer_longer_than_a_hedge(rubric, answer, status):
    text = f"Q1: How does ring all-reduce work?\nA: {answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score)
    if status == "no-answer":
        assert a.score == 0 and not a.misconceptions and not a.covered


def test_bundled_caps_and_floor_sit_on_the_grades_they_stand_for():
    """BRIEF section 4: a critical error is grade 1, a major one grade 2, a minor one at most
    grade 3 ("some core points, at most a minor error"); an attempt is at least grade 1."""
    from interview_grader.engine import _round
    from interview_grader.rubric.load import load_rubric

    sc = load_rubric().rubric.scoring
    grade_of = lambda score: _round(score / 20)  # noqa: E731  (the report's grade)
    assert grade_of(sc.caps.critical) == 1
    assert grade_of(sc.caps.major) == 2
    assert grade_of(sc.caps.minor) == 3
    assert grade_of(sc.attempt_floor) == 1
    assert grade_of(sc.term_list_cap) == 1  # a bare keyword list
    assert grade_of(sc.empty_talk_cap) == 1  # stock phrases around a point or two


@pytest.mark.parametrize(
    "answer, status",
    [
        # the question's own words again and again, in stock phrases: empty talk on the topic
        ("降低通信开销非常重要，需要综合考虑各方面因素。我们选择了合适的通信策略。"
         "总之通信优化没有银弹，要理论与实践相结合。", "graded"),
        # the same words in concrete talk of something else: off-topic
        ("通信开销这个词让我想到团队沟通。我们的通信主要靠周会和文档。通信顺畅了，大家效率就高。", "off-topic"),
        # stock phrases, but the topic's words only once: off-topic too
        ("这个需要综合考虑各方面因素，具体问题具体分析，理论与实践相结合，我们团队一直在通信。", "off-topic"),
        # twice, in two sentences thick with stock phrases (three): empty talk on the topic (blind43)
        ("降低通信开销需要综合考虑各方面因素，具体问题具体分析。总之降低通信开销要理论与实践相结合。", "graded"),
        # twice with only two stock phrases: off-topic
        ("降低通信开销需要综合考虑各方面因素。总之降低通信开销要理论与实践相结合。", "off-topic"),
        # once, in talk made of nothing but stock phrases (four or more): empty talk on the topic (blind51)
        ("降低通信开销是非常重要的一个环节，需要综合考虑多方面的因素，具体问题具体分析，最终取得了非常不错的效果。", "graded"),
        # nothing but stock phrases (four or more), the topic never named: empty talk all the same (blind91)
        ("这个需要综合考虑各方面因素，具体问题具体分析，理论与实践相结合，最终取得了非常不错的效果。", "graded"),
        # the plan-like register, the topic named once (blind62)
        ("通信优化是非常关键的一环，需要从多个层面进行系统性的考虑，不断迭代、持续改进。", "graded"),
        # a problem owned and handled in general, the topic never named (blind159)
        ("这一块确实很关键，团队一直比较重视，平时会根据实际情况做各种调整和优化，整体效果还是不错的。", "graded"),
        # a limit told as a matter of balance (blind159)
        ("主要还是要统筹好，方方面面都要照顾到，具体问题具体分析，总的来说利大于弊。", "graded"),
        # the tutorial followed, care taken, practice made perfect (blind168)
        ("这个按官方的教程来就行，通信开销主要是要细心，多查查文档，总之就是多实践，用多了就熟了。", "graded"),
        # the whole and the business scene weighed up, nothing said (blind165)
        ("这得看具体情况。通信开销当然很关键，我们会从整体上去考虑，结合业务场景，把各方面因素平衡好，做好优化。", "graded"),
        # team communication synced at a stand-up: "同步进度" is no gradient sync (blind234, blind239)
        ("我觉得降低通信开销最重要的是团队成员之间多沟通，比如每天开站会同步进度，有问题及时在群里说。", "off-topic"),
        # a wrong way to cut the data sent each step is still about the question (blind234)
        ("通信开销大的时候，我一般会把 batch size 调小，这样每一步要传的数据就少了。另外也可以少用几张卡。", "graded"),
        # the industry trend and the big companies, nothing else (blind238)
        ("降低通信开销是现在整个行业的一个大趋势，各个大厂基本都在做，属于非常核心、非常关键的一项能力。", "graded"),
        # what the thing asked about is not, and nothing more: it speaks of it (blind244)
        ("降低通信开销不是靠买更多的卡，也不是什么可以忽略的事。", "graded"),
        # a complex system, teamwork, keep learning (blind244)
        ("挑战非常多，这是一个很复杂的系统工程，需要综合考虑各种因素，团队之间的配合也很重要。总之要不断学习、不断总结经验。", "graded"),
        # a lesson in steps that only restates the question (blind239)
        ("第一步，先理解降低通信开销的含义，降低通信开销顾名思义就是让通信开销变低。第二步，要认识到降低通信开销是分布式训练的"
         "重要组成部分。第三步，根据实际需要降低通信开销就可以了。", "graded"),
    ],
)
def test_empty_talk_on_the_topic_is_graded_not_off_topic(answer, status):
    from interview_grader.rubric.load import load_rubric

    text = f"问题1：在分布式训练中，如何降低通信开销？\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), load_rubric()).answers[0]
    assert a.topic == "communication-efficiency"
    assert a.status == status, a


@pytest.mark.parametrize("answer", ["没答上来。", "没答上来。（回来查了：同步要等最慢的 worker，异步会有 stale gradient。）", "答得一般。", "Blanked."])
def test_a_write_up_saying_the_question_went_unanswered_is_a_no_answer(answer):
    """A candidate's write-up retells how the question went: "没答上来", "Blanked." (the right answer looked up afterwards
    in brackets is no part of it), "答得一般" with nothing of the answer (blind249)."""
    from interview_grader.rubric.load import load_rubric

    text = f"问题1：同步训练和异步训练有什么区别？\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), load_rubric()).answers[0]
    assert (a.status, a.score) == ("no-answer", 0), a


@pytest.mark.parametrize("answer, status", [
    ("嗯，这个我想一下……（后面没记下来）", "no-answer"),
    ("嗯，同步和异步的话……[录音中断]", "no-answer"),
    ("So for sync, first you— [recording cut]", "no-answer"),
    # ... not an answer that said something before the cut
    ("同步就是每一步大家都要等最慢的那个 worker，异步就不用等，但是会有……（后面没记下来）", "graded"),
])
def test_an_answer_cut_off_before_it_said_anything_is_a_no_answer(answer, status):
    """The recording or the note-taker stopped before the candidate said anything (blind254)."""
    from interview_grader.rubric.load import load_rubric

    text = f"问题1：同步训练和异步训练有什么区别？\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), load_rubric()).answers[0]
    assert a.status == status, a


def test_a_lesson_in_steps_that_restates_the_question_is_empty_talk_in_english():
    from interview_grader.rubric.load import load_rubric

    text = ("Q1: What are the steps of a DDP training job?\nA: First, you set up DDP for your training job. Then you run the "
            "training with DDP so that it is distributed. After that, DDP takes care of the distributed part for you. "
            "Finally, once the training finishes, you have your trained model.\n")
    a = grade(parse_transcript(text, "t.txt"), load_rubric()).answers[0]
    assert (a.topic, a.status, a.grade) == ("ddp-workflow", "graded", 1), a


@pytest.mark.parametrize(
    "question, answer, status",
    [
        # the thing asked about named at the start, then only praised: empty talk on the topic (blind61, blind128)
        ("How does Ring All-Reduce work?", "Ring All-Reduce is a highly efficient and elegant algorithm that is widely "
         "adopted across the industry. It is essential for any modern training workflow.", "graded"),
        ("DataParallel和DDP有什么区别？", "DataParallel和DDP都是PyTorch中非常重要的并行训练接口，它们都很强大，"
         "在实际工作中要根据需求选择。", "graded"),
        # ... after an opening acknowledgement (blind262 07 Q1)
        ("How does Ring All-Reduce work?", "Sure. So Ring All-Reduce is a really powerful algorithm, it scales well and it is "
         "kind of the industry standard.", "graded"),
        ("How does Ring All-Reduce work?", "Sure. Our new cluster is powerful and efficient. Ring All-Reduce runs there.",
         "off-topic"),
        # ... with one word of praise only: off-topic as before
        ("How does Ring All-Reduce work?", "Ring All-Reduce is what our team uses. We mostly talk about hiring.", "off-topic"),
        # praise that does not open on the topic: off-topic
        ("How does Ring All-Reduce work?", "Our new cluster is powerful and efficient. Ring All-Reduce runs there.", "off-topic"),
        # the topic's word at the start, then concrete talk of something else, with code: off-topic (blind29)
        ("同步训练和异步训练有什么区别？", "同步和异步是 CUDA 编程中非常重要的概念，kernel 的启动默认是异步的，要等 GPU 就调用 "
         "torch.cuda.synchronize()，这个设计非常高效。", "off-topic"),
        # ... or with figures
        ("How does Ring All-Reduce work?", "Ring All-Reduce is powerful and efficient: we bought 64 GPUs last year.", "off-topic"),
    ],
)
def test_praise_of_the_topic_is_empty_talk_not_off_topic(rubric, question, answer, status):
    text = f"Q1: {question}\nA: {answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.topic is not None
    assert a.status == status, a
    assert a.score == (20 if status == "graded" else 0)


def test_a_sentence_that_only_lends_a_wrong_claim_its_subject_keeps_its_points(rubric):
    # the flag's quote reaches back for "that one card", but the first sentence says nothing wrong (blind162 06 Q3)
    text = ("Q1: What is a single GPU actually doing during one training step?\n"
            "A: The whole model and the batch sit on that one card, and there is no communication with anything else, "
            "so it is simple. But it is slow because the GPU pushes the images through the network one by one.\n")
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert [f.id for f in a.misconceptions] == ["single-device-one-sample"]
    assert a.misconceptions[0].evidence.startswith("The whole model")  # the quote keeps its context
    assert "smg-single" in [c.id for c in a.covered], a


def test_a_why_wrapped_in_the_praise_of_an_era_is_empty_talk(rubric):
    # "helps companies work faster" is a reason to distribute, said in stock phrases and nothing else (blind160 04 Q7)
    text = ("问题1：你怎么理解分布式训练？\n回答：分布式训练是当前非常重要的一项技术，在人工智能时代发挥着越来越重要的作用，"
            "可以帮公司提升效率、创造价值。我对这个方向很感兴趣，会继续多学习。\n")
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.topic == "distributed-training-overview"
    assert a.score == rubric.rubric.scoring.empty_talk_cap and a.grade == 1, (a.score, a.notes)


def test_stock_phrases_around_one_point_are_empty_talk(rubric):
    """One core point wrapped in stock phrases, nothing else: capped at empty_talk_cap (grade 1);
    the same point said plainly keeps its score, and so does a full answer with a stock-phrase tail."""
    q = "问题1：请谈谈数据并行在分布式训练中的意义和作用。\n回答："
    point = "它的做法是把数据分给多个计算节点同时处理。"
    padded = "数据并行具有非常重要的意义，" + point + "总之数据并行意义重大、作用突出，我们团队得到了业务方的一致认可。"
    plain = grade(parse_transcript(q + point + "\n", "t.txt"), rubric).answers[0]
    wrapped = grade(parse_transcript(q + padded + "\n", "t.txt"), rubric).answers[0]
    assert [c.id for c in plain.covered] == ["dp-split-data"]
    assert [c.id for c in wrapped.covered] == ["dp-split-data"]
    assert plain.score > rubric.rubric.scoring.empty_talk_cap
    assert wrapped.score == rubric.rubric.scoring.empty_talk_cap and wrapped.grade == 1
    assert wrapped.notes == ["套话为主，只有零星要点、没有深入内容，得分上限为 20"]
    full = (
        "每张卡上都有一份完整的模型副本，数据被切成互不重叠的几份，每张卡处理一份，"
        "每一步各卡算完梯度后用all-reduce求平均，所以各副本保持一致。总之要具体问题具体分析，综合考虑各方面因素。"
    )
    kept = grade(parse_transcript(q + full + "\n", "t.txt"), rubric).answers[0]
    assert len(kept.covered) >= 3 and kept.score > 60 and not kept.notes


def test_a_full_answer_known_only_second_hand_is_capped(rubric):
    """A complete answer whose speaker says they have only read about it is capped at secondhand_cap (grade 4),
    in either language; the same answer without the disclaimer keeps its full score."""
    cap = rubric.rubric.scoring.secondhand_cap
    q = "Question 1: What is model parallelism and when is it needed?\nAnswer: "
    full = ("When the model does not fit in one GPU's memory, model parallelism splits the model across several "
            "GPUs, each holding only part of it: whole layers go to different GPUs as "
            "pipeline stages, fed with micro-batches to shrink the bubble, or a layer's weight matrix is cut "
            "across GPUs as tensor parallelism, which all-reduces activations inside the layer. ")
    plain = grade(parse_transcript(q + full + "\n", "t.txt"), rubric).answers[0]
    assert plain.score > cap and not plain.notes
    told = grade(parse_transcript(q + full + "I haven't used it myself, our models fit.\n", "t.txt"), rubric).answers[0]
    assert told.score == cap and told.grade == 4 and told.covered == plain.covered
    assert told.notes == ["the speaker knows it only second-hand, by their own account: capped at 80"]
    from interview_grader.render import render

    assert "Q1: the speaker knows it only second-hand" in render(
        grade(parse_transcript(q + full + "I haven't used it myself, our models fit.\n", "t.txt"), rubric), "terminal"
    )
    zq = "问题1：模型并行是什么？什么时候需要？\n回答："
    zfull = ("模型大到单卡显存放不下时就要用模型并行：可以按层切成几个stage放到不同卡上做流水线并行，用micro-batch减少气泡；"
             "也可以把一层的大矩阵切到多张卡上做张量并行，层内要all-reduce激活。")
    zplain = grade(parse_transcript(zq + zfull + "\n", "t.txt"), rubric).answers[0]
    ztold = grade(parse_transcript(zq + zfull + "不过我只看过资料，没有真正上手。\n", "t.txt"), rubric).answers[0]
    assert zplain.score > cap and ztold.score == cap
    assert ztold.notes == ["回答者自称只了解原理、没有实际做过，得分上限为 80"]


def test_a_swap_voids_its_whole_sentence(rubric):
    """A sentence that swaps DataParallel and DDP earns no key point, not even from its misattributed
    half (blind63 07 Q4); without ``swap: true`` on the misconception that half earned a point."""
    from pathlib import Path

    from interview_grader.rubric.load import parse_rubric

    text = (
        "问题1：What is the difference between DataParallel and DistributedDataParallel?\n回答："
        "DataParallel is the multi-process one, it launches a process per GPU and all-reduces the gradients "
        "with NCCL, while DDP is simpler: a single process drives all the GPUs through threads and collects "
        "the outputs on GPU 0.\n"
    )
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert [f.id for f in a.misconceptions] == ["dp-ddp-swapped"]
    assert a.covered == [] and a.score == rubric.rubric.scoring.attempt_floor
    src = Path(rubric.path).read_text(encoding="utf-8")
    assert src.count("    swap: true\n") == 1
    plain = parse_rubric(src.replace("    swap: true\n", ""), "no-swap.yaml", use_cache=False)
    b = grade(parse_transcript(text, "t.txt"), plain).answers[0]
    assert [f.id for f in b.misconceptions] == ["dp-ddp-swapped"] and b.covered and b.score > a.score


def test_sync_and_async_calls_in_programming_are_off_topic(rubric):
    """Blocking calls and callbacks are not synchronous and asynchronous training (blind70 08 Q8)."""
    text = (
        "问题1：同步训练和异步训练有什么区别？\n回答：同步就是调用方发起请求后阻塞等待结果返回，异步则是发起请求后"
        "立即返回，通过回调或者Future拿结果。我们把下游调用改成异步以后，吞吐量提升了3倍。\n"
    )
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert (a.topic, a.status, a.score) == ("sync-vs-async-training", "off-topic", 0), a


def test_other_wrong_claims_cost_points_apart_from_the_misconceptions(rubric):
    """'DDP only works inside one machine' has no misconception id: it costs like a minor one, is reported under
    wrong_claims, and the verdict and the views list it; the misconception flags stay empty."""
    from interview_grader.render import render

    q = "问题1：DataParallel和DistributedDataParallel的区别是什么？\n回答："
    right = ("DataParallel是单进程多线程，输出汇总到0号卡；DDP每张卡一个进程，梯度用NCCL做all-reduce，"
             "官方推荐用DDP。")
    wrong = "不过DDP只能在单台机器内部使用，多机就得换成Horovod。"
    plain = grade(parse_transcript(q + right + "\n", "t.txt"), rubric).answers[0]
    report = grade(parse_transcript(q + right + wrong + "\n", "t.txt"), rubric)
    a = report.answers[0]
    assert [w.id for w in a.wrong_claims] == ["collectives-single-node-only"] and a.misconceptions == []
    assert plain.wrong_claims == [] and a.score < plain.score
    assert a.score <= rubric.rubric.scoring.caps.minor
    w = a.wrong_claims[0]
    assert report_source(q + right + wrong + "\n")[w.start:w.end] == w.evidence
    assert w.evidence in report.verdict and report.overall.flags == {"critical": 0, "major": 0, "minor": 0}
    assert report.overall.wrong_claims == {"critical": 0, "major": 0, "minor": 1}
    assert "collectives-single-node-only" in render(report, "markdown")
    terminal = render(report, "terminal")
    assert "collectives-single-node-only" in terminal
    assert "Q1: 因轻微错误观点，得分上限为 65" in terminal  # the terminal view lists each answer's notes too


def report_source(text: str) -> str:
    return parse_transcript(text, "t.txt").text


@pytest.mark.parametrize(
    "answer,status",
    [
        # an admission that opens the answer is no answer, whatever topic words it names (blind107 08 Q8)
        ("I haven't worked with parameter servers myself, and I don't know enough to answer this one.", "no-answer"),
        # ... while a claim ventured after it is graded
        ("I haven't worked with parameter servers myself, but I think the server keeps every worker consistent.", "graded"),
    ],
)
def test_an_opening_admission_that_names_the_topic_is_no_answer(rubric, answer, status):
    text = f"Q1: How would you design a parameter-server setup for a sparse model?\nA: {answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score)


@pytest.mark.parametrize(
    "answer,status",
    [
        # blind139: empty talk on DDP's steps that names one of them (wrapping the model) is graded, not off-topic
        ("It's pretty standard honestly, you set things up, wrap the model, and the framework takes care of the rest.",
         "graded"),
        ("It's pretty standard honestly, you set things up, and the framework takes care of the rest.", "off-topic"),
    ],
)
def test_wrapping_the_model_is_a_step_of_a_ddp_job(rubric, answer, status):
    text = f"Q1: Walk me through the steps of a DDP job.\nA: {answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score)


# blind194: an answer that only agrees with what a leading question puts makes that claim its own


@pytest.mark.parametrize("question", [
    "环形规约就是大家先把梯度发给一个中心节点，中心节点合并以后再发回来，对吧？",  # a tag question
    "环形规约是不是大家先把梯度发给一个中心节点，中心节点合并以后再发回来？",  # an A-not-A question, read as its "A"
])
def test_agreeing_to_a_wrong_claim_asserts_it(mini_rubric, question):
    a = one(mini_rubric, "嗯，对，是的。", question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    f = a.misconceptions[0]
    assert f.evidence in question  # the quote is the question's, the words the candidate agreed to
    assert (a.status, a.score) == ("graded", 0)  # a bare "yes" to a wrong claim is no attempt: no floor


def test_agreeing_to_a_right_claim_shows_little(mini_rubric):
    a = one(mini_rubric, "Yes, exactly.", "环形规约里每个节点只和相邻节点通信，对吧？")
    assert (a.status, a.misconceptions) == ("graded", [])
    # graded at the attempt floor, not read as off-topic; the question earns no point
    assert a.score == round(mini_rubric.rubric.scoring.attempt_floor) and not a.covered


def test_agreement_opening_an_answer_adopts_the_claim_too(mini_rubric):
    a = one(mini_rubric, "对，每个节点只和相邻节点通信。", "环形规约就是大家先把梯度发给一个中心节点合并，对吧？")
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    assert [c.id for c in a.covered] == ["ring-neighbours"]


# blind330/blind338: a claim the question puts up for judgement, in someone else's mouth, is the candidate's once they agree


@pytest.mark.parametrize("question, answer", [
    ("有人说环形规约就是大家先把梯度发给一个中心节点合并，对吗？", "对。"),
    ("同事认为环形规约就是大家先把梯度发给一个中心节点合并，你同意吗？", "同意。"),
    ("A colleague says ring all-reduce sends every gradient to a central node to be merged. Agree?", "I'd agree with that."),
    ("Your teammate claims that ring all-reduce sends every gradient to a central node to be merged. Right?",
     "I think so, yes. That's how it stays in sync."),
    # (blind345: a holder with words before it, a source, "people say", a hedged or second-hand agreement, no fault found)
    ("My previous manager says ring all-reduce sends every gradient to a central node to be merged. Right?", "Yes."),
    ("A blog I saw says ring all-reduce sends every gradient to a central node to be merged. Does that hold?",
     "Yep, pretty much."),
    ("People say ring all-reduce sends every gradient to a central node to be merged. Yes or no?", "I think so?"),
    ("Spot the mistake: \"ring all-reduce sends every gradient to a central node to be merged.\"",
     "I don't see a mistake there."),
    ("一篇博客里写：“环形规约就是大家先把梯度发给一个中心节点合并。”你怎么看？", "博客说得基本没错。"),
    ("组里有人说环形规约就是大家先把梯度发给一个中心节点合并，你怎么看？", "大体是对的吧。"),
])
def test_agreeing_to_a_reported_claim_asserts_it(mini_rubric, question, answer):
    a = one(mini_rubric, answer, question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"], (a.status, a.notes)
    assert a.misconceptions[0].evidence in question


@pytest.mark.parametrize("question, answer", [
    ("有人说环形规约就是大家先把梯度发给一个中心节点合并，对吗？", "不对，每个节点只和相邻节点通信。"),
    ("A colleague says ring all-reduce sends every gradient to a central node to be merged. Agree?",
     "No. Each node only talks to its neighbours."),
    ("A colleague says ring all-reduce sends every gradient to a central node to be merged. What do you think?",
     "Each node only talks to its neighbours."),
    ("组里有人说环形规约就是大家先把梯度发给一个中心节点合并，你怎么看？", "不对，每个节点只和相邻节点通信。"),
])
def test_a_reported_claim_not_agreed_with_stays_the_reporters(mini_rubric, question, answer):
    assert one(mini_rubric, answer, question).misconceptions == []


# blind369/blind372: a claim agreed with in part, the rest accepted; a claim quoted whole, or said with no one named

@pytest.mark.parametrize("question, answer", [
    ("有人说环形规约就是大家先把梯度发给一个中心节点合并，对吗？", "基本对，但是要补充一点：梯度是分块的。剩下的说法没什么问题。"),
    ("有人说环形规约就是大家先把梯度发给一个中心节点合并，对吗？", "有对有错吧。分块是对的，其他的也差不多。"),
    ("A colleague says ring all-reduce sends every gradient to a central node to be merged. Agree?",
     "Half right. The gradients are cut into chunks, yes. The rest is fine too, I think."),
    ("网上有种说法：“环形规约就是大家先把梯度发给一个中心节点合并。”对吗？", "对。"),
    ("有种说法是环形规约就是大家先把梯度发给一个中心节点合并，你同意吗？", "同意。"),
    ('Someone on my team said: "Ring all-reduce sends every gradient to a central node to be merged." Right?', "Yes."),
])
def test_a_claim_accepted_in_part_quoted_or_unattributed_is_asserted(mini_rubric, question, answer):
    a = one(mini_rubric, answer, question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"], (a.status, a.notes)


@pytest.mark.parametrize("question, answer", [
    ("有人说环形规约就是大家先把梯度发给一个中心节点合并，你认同吗？", "我觉得说得通。"),
    ("A colleague says ring all-reduce sends every gradient to a central node to be merged. Agree?",
     "I'd agree on both counts."),
])
def test_a_claim_found_sound_is_asserted(mini_rubric, question, answer):
    a = one(mini_rubric, answer, question)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"], (a.status, a.notes)


@pytest.mark.parametrize("answer", ["部分对吧。这个要看具体场景，不能一概而论。", "Partly, I guess. It depends on the setup.", "对也不对。",
                                    "这个说法我觉得有一半是对的吧，具体是哪一半我说不清。",
                                    "Something in there feels off, but I can't put my finger on it."])
def test_a_bare_partial_agreement_is_graded_at_the_floor(mini_rubric, answer):
    """Not off-topic or no answer: it judges the claim (the floor is 0 in the mini rubric)."""
    a = one(mini_rubric, answer, "有人说环形规约就是大家先把梯度发给一个中心节点合并，对吗？")
    assert (a.status, a.score, a.misconceptions) == ("graded", mini_rubric.rubric.scoring.attempt_floor, []), a.notes


def test_a_partial_agreement_that_rejects_the_rest_asserts_nothing(mini_rubric):
    a = one(mini_rubric, "Half right. Chunks travel around the ring, but there is no central node.",
            "A colleague says ring all-reduce sends every gradient to a central node to be merged. Agree?")
    assert a.misconceptions == []


@pytest.mark.parametrize("question, answer", [
    ("环形规约里大家怎么把梯度发给中心节点？", "对，就是这样。"),  # a question asking how puts no claim
    ("环形规约不就是大家先把梯度发给一个中心节点吗？你再想想。", "哦对，我说错了，每个节点只和相邻节点通信。"),  # a rhetorical one is kept
    ("环形规约就是大家先把梯度发给一个中心节点，对吧？", "不对，每个节点只和相邻节点通信。"),  # disagreement
])
def test_no_claim_is_adopted_without_agreement_to_one(mini_rubric, question, answer):
    a = one(mini_rubric, answer, question)
    assert a.misconceptions == [] or question.startswith("环形规约不就是")


def test_a_point_the_question_states_is_not_missing(mini_rubric):
    # blind198: "When a model doesn't fit on one GPU you need model parallelism. What forms are there?"
    plain = one(mini_rubric, "先做reduce-scatter再做all-gather。", "环形规约分几个阶段？")
    premise = one(mini_rubric, "先做reduce-scatter再做all-gather。", "环形规约里每个节点只和相邻节点通信。那它分几个阶段？")
    assert plain.missing_core == ["ring-neighbours"] and premise.missing_core == []
    assert premise.score > plain.score
    assert [c.id for c in premise.covered] == ["ring-two-phases"]  # the question's point is no quote of the answer's
    # ... but a premise alone earns nothing: an answer with no point of its own is graded as before
    empty = one(mini_rubric, "这个我不太清楚。", "环形规约里每个节点只和相邻节点通信。那它分几个阶段？")
    assert empty.score == one(mini_rubric, "这个我不太清楚。", "环形规约分几个阶段？").score


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # the interviewer breaking in is no part of the answer (blind223): a hint earns no point ...
        ("不知道，这块我没有具体接触过。\n面试官：提示一下，每个节点只和相邻节点通信，先做reduce-scatter再做all-gather。\n"
         "候选人：嗯……还是说不清楚，不好意思。", "no-answer"),
        ("不清楚<br>面试官：提示一下，想想reduce-scatter和all-gather？<br>还是不清楚，抱歉。", "no-answer"),
        ("Interviewer: Think about reduce-scatter and all-gather between neighbours. No? Okay, let's move on.", "no-answer"),
        # ... nor does a wrong hint assert an error the candidate does not take up
        ("每个节点只和相邻节点通信。（面试官插话：是不是最后由一个中心节点汇总所有梯度？）不是，没有中心节点。", "graded"),
        # ... nor a correction, a note or a follow-up the record keeps under the answer (blind262)
        ("不太清楚。\n面试官纠正：每个节点只和相邻节点通信，先做reduce-scatter再做all-gather。\n回答：哦，好的。", "no-answer"),
        ("I'm not sure (Interviewer note: each node only talks to its neighbours, reduce-scatter then all-gather), sorry.",
         "no-answer"),
        ("不清楚。\n面试官追问：那是不是有一个中心节点负责汇总，再做reduce-scatter？\n回答：这个也不知道。", "no-answer"),
        # ... nor a follow-up under a bare label, which the parser keeps in the answer of a numbered question
        ("不清楚。\n问：那是不是有一个中心节点负责汇总，再做reduce-scatter？\n答：这个也不知道。", "no-answer"),
        ("Not sure.\nQ: So a central node gathers the chunks after reduce-scatter?\nA: No idea, sorry.", "no-answer"),
        ("每个节点只和相邻节点通信。\n问：所以最后还是由一个中心节点汇总所有梯度，对吧？\n答：不是，没有中心节点。", "graded"),
        ("Each node only talks to its neighbours.\nQ: So in the end one central node gathers all the gradients, right?\n"
         "A: No, there is no such node.", "graded"),
    ],
)
def test_interviewer_interjections_are_not_the_answer(rubric, answer, status):
    text = f"问题1：请讲讲Ring-Allreduce的原理？\n回答：{answer}\n问题2：什么是数据并行？\n回答：不知道。\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == status, (a.status, a.score, [c.id for c in a.covered])
    assert not a.misconceptions
    assert all("reduce-scatter" not in c.evidence for c in a.covered)


@pytest.mark.parametrize(
    "answer",
    [
        "阿强 15:11 不知道 [捂脸]",  # a chat export's sender and time before the message (blind273)
        "[10:02] alex: idk",
        "alex 10:02 dunno tbh",
    ],
)
def test_a_chat_message_that_does_not_know_is_a_no_answer(rubric, answer):
    text = f"问题1：请讲讲Ring-Allreduce的原理？\n回答：{answer}\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert a.status == "no-answer", (a.status, a.score)


def test_a_clause_before_the_one_an_error_ends_in_keeps_its_point(rubric):
    # the error needs the clause before for its subject ("多台机器"), but asserts its wrong claim in its own clause (blind464)
    text = "问题1：分布式训练是什么？为什么要用？\n回答：就是多台机器一起训一个模型，训出来的模型会更准一些。\n"
    a = grade(parse_transcript(text, "t.txt"), rubric).answers[0]
    assert [f.id for f in a.misconceptions] == ["distributed-improves-accuracy"], a
    assert "ovw-multiple-workers" in [c.id for c in a.covered], a
