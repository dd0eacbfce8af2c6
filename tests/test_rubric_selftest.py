"""The bundled rubric: it loads, honours the BRIEF's id contract, and every rule's examples pass."""
from __future__ import annotations

import pytest

from conftest import ROOT
from interview_grader.matcher import Doc
from interview_grader.rubric.docs import rubric_markdown
from interview_grader.rubric.selftest import run_selftest
from interview_grader.topics import classify

TOPIC_IDS = {
    "distributed-training-overview", "data-parallelism", "model-parallelism", "parameter-server",
    "ring-allreduce", "single-vs-multi-gpu", "ddp-workflow", "parameter-synchronization",
    "ddp-vs-parameter-server", "sync-vs-async-training", "dp-vs-ddp", "communication-efficiency",
}
MISCONCEPTION_IDS = {
    "ddp-uses-parameter-server": "critical", "ring-allreduce-central-node": "critical",
    "ring-allreduce-partitions-training-data": "major", "ring-allreduce-cost-grows-with-workers": "major",
    "ps-is-model-partitioning": "critical", "ps-guarantees-consistency": "major",
    "independent-training-then-merge": "major", "dp-mp-confusion": "major",
    "single-device-one-sample": "minor", "distributed-improves-accuracy": "minor",
    "gpu-cpu-core-confusion": "minor", "dp-ddp-swapped": "major",
    "ddp-averages-parameters": "minor", "async-no-staleness": "major",
}


def test_ids_are_the_contract(rubric):
    assert {t.id for t in rubric.rubric.topics} == TOPIC_IDS
    assert {m.id: m.severity for m in rubric.rubric.misconceptions} == MISCONCEPTION_IDS


def test_every_example_is_honoured(rubric):
    failures = run_selftest(rubric)
    assert not failures, "\n".join(str(f) for f in failures)


def test_every_rule_has_examples_both_ways(rubric):
    for t in rubric.rubric.topics:
        assert t.question_matches, t.id
        for k in t.key_points:
            assert k.matches and k.non_matches, k.id
    for m in rubric.rubric.misconceptions:
        assert len(m.matches) >= 2 and len(m.non_matches) >= 2, m.id


def test_misconception_examples_cover_both_languages(rubric):
    def has_cjk(s: str) -> bool:
        return any("\u4e00" <= c <= "\u9fff" for c in s)

    for m in rubric.rubric.misconceptions:
        assert any(has_cjk(x) for x in m.matches) and any(not has_cjk(x) for x in m.matches), m.id


def test_selftest_detects_a_broken_example(rubric):
    m = rubric.rubric.misconceptions[0]
    doc = Doc.of(m.non_matches[0])
    assert not any(doc.find(p, rubric.compiler, error=True) for p in m.patterns)
    assert any(Doc.of(m.matches[0]).find(p, rubric.compiler, error=True) for p in m.patterns)


@pytest.mark.parametrize(
    "question",
    [
        "请介绍一下你未来三年的职业规划。",
        "How would you optimise a slow SQL query?",
        "你最喜欢哪个深度学习框架？",
        "请介绍一下你在分布式训练方面的项目经验。",  # behavioural, not a topic of the rubric
        "Tell me about your experience with distributed training.",
        # out of the rubric although close to its indirect cues (scaling, memory, waiting, push/pull, ...)
        "你在分布式训练项目里遇到过最难的问题是什么？",
        "ZeRO的三个stage分别切分了什么？",
        "How does ZeRO reduce memory per GPU?",
        "FSDP 是怎么把参数分片到各张卡的？",
        "混合精度训练中 loss scaling 的作用是什么？",
        "fp16 训练时为什么会出现梯度下溢？",
        "梯度累积的步数怎么设？",
        "What is gradient accumulation?",
        "怎么用Kubernetes调度分布式训练任务？",
        "How do you schedule GPU jobs on a shared cluster?",
        "数据加载成了训练瓶颈，GPU利用率上不去，怎么办？",
        "Our input pipeline is slow and the GPUs sit idle waiting for data. What do you do?",
        "DataLoader的num_workers应该怎么设置？",
        "Activation checkpointing 是怎么省显存的？",
        "线上推理服务怎么做int8量化？",
        "模型蒸馏和剪枝有什么区别？",
        "GPU的显存带宽对训练速度有什么影响？",
        "NCCL 报 timeout 错误一般怎么排查？",
        "Python里多线程和多进程有什么区别？",
        "Git 的 push 和 pull 有什么区别？",
        "同步IO和异步IO有什么区别？",
        "神经网络训练为什么很慢？",
        "无锁队列是怎么实现的？",
        "推荐系统的召回和排序有什么区别？",
        "BatchNorm 和 LayerNorm 有什么区别？",
        # "ps" outside training, asked about hands-on use
        "Linux 下的 ps 命令你用过吗？",
        "PS 修图你们用过吗？",
        "Have you used ps aux to find a stuck process?",
        # sync / async in programming, not in training
        "Python 的 asyncio 你用过吗？",
        # the candidate's move between fields, which names two of them (blind356)
        "聊聊你为什么想从 CV 转做推荐？",
        "Why do you want to switch to recommendation systems after years of NLP?",
    ],
)
def test_questions_outside_the_rubric_are_ungraded(rubric, question):
    assert classify(question, None, rubric).topic_id is None


@pytest.mark.parametrize(
    "question, expected",
    [
        # blind181 / blind104: two topics with the same votes; the one named as what the other is compared with loses the tie
        ("什么是模型并行？和数据并行怎么区分？", "model-parallelism"),
        ("数据并行具体是怎么做的？和模型并行怎么区分？", "data-parallelism"),
        # ... and with no comparison, the order of the rubric decides as before (blind26 06 Q3: the question is the second)
        ("嗯。有人说 DDP 其实是 rank 0 当参数服务器，你觉得对吗？DDP 是怎么保证各张卡参数一致的？", "parameter-synchronization"),
    ],
)
def test_a_tie_goes_against_the_topic_compared_with(rubric, question, expected):
    assert classify(question, None, rubric).topic_id == expected


@pytest.mark.parametrize(
    "question, expected",
    [
        # blind233 07 Q3: a topic the interviewer sets aside in the question names no topic it asks about
        ("I am not asking about DataParallel: what does DDP do in one step?", "ddp-workflow"),
        ("不是问 DP 和 DDP 的区别，我想知道 DDP 反向的时候梯度怎么同步？", "parameter-synchronization"),
        ("先不考虑模型并行，数据并行里每张卡放什么？", "data-parallelism"),
        ("Forget about pipeline parallelism for now; what does each GPU hold in data parallelism?", "data-parallelism"),
        # ... but what the interviewer asks not to forget is asked about
        ("Don't forget pipeline parallelism: how is the model split across GPUs?", "model-parallelism"),
    ],
)
def test_a_topic_set_aside_in_the_question_is_not_asked_about(rubric, question, expected):
    assert classify(question, None, rubric).topic_id == expected


@pytest.mark.parametrize(
    "question, expected",
    [
        # blind339/blind346: a statement of the code a question quotes runs over its line breaks
        ("Is this correct? If not, what happens?\n\n```python\nloss.backward()\nif dist.get_rank() == 0:\n"
         "    optimizer.step()\n```", "ddp-workflow"),
        ("这段代码在做什么？\r\nloss.backward()\r\nfor p in model.parameters():\r\n"
         "    dist.all_reduce(p.grad)\r\n    p.grad /= world_size\r\noptimizer.step()", "parameter-synchronization"),
    ],
)
def test_code_in_a_question_is_read_across_its_lines(rubric, question, expected):
    from interview_grader.topics import _code_joined

    joined = _code_joined(question)
    assert len(joined) == len(question) and joined.count("\n") < question.count("\n")
    assert classify(question, None, rubric).topic_id == expected


def test_prose_keeps_its_line_breaks():
    from interview_grader.topics import _code_joined

    assert _code_joined("DDP 是什么？\n讲讲它的流程。") == "DDP 是什么？\n讲讲它的流程。"


@pytest.mark.parametrize(
    "question",
    [
        # blind257: a question asked through a wrong premise about how the gradients are gathered
        "既然 DDP 是靠 rank 0 汇总梯度的，那卡数一多 rank 0 会不会成为瓶颈？",
        "Since DDP sends every gradient to rank 0, which sums them, how does rank 0 get the result back to the other GPUs?",
    ],
)
def test_a_question_put_through_a_premise_on_gathering_gradients_asks_about_synchronization(rubric, question):
    assert classify(question, None, rubric).topic_id == "parameter-synchronization"


@pytest.mark.parametrize(
    "question, previous, expected",
    [
        # blind185: the interviewer pushing back on the answer just given asks about what was just asked
        ("你确定吗？卡越多，每张卡要发的数据不是越多吗？流量应该随 GPU 数量线性增长吧？", "ring-allreduce", "ring-allreduce"),
        ("你确定吗？DDP 里真的有参数服务器？", "parameter-synchronization", "parameter-synchronization"),
        ("等一下，你说的“把不同层放到不同卡上”，这不是模型并行吗？你再想想。", "data-parallelism", "data-parallelism"),
        ("Are you sure? Which of the two keeps a full copy of the model on every GPU?", "model-parallelism", "model-parallelism"),
        ("Let me push on that: where does the gradient traffic actually go in a PS setup, and where does it go in DDP?",
         "ddp-vs-parameter-server", "ddp-vs-parameter-server"),
        # a follow-up marked "追问一下，" reads like "追问：" (blind193 04 Q3)
        ("追问一下，你们单机四卡的时候，为什么速度到不了单卡的四倍？", "single-vs-multi-gpu", "single-vs-multi-gpu"),
        # ... not a question that takes up the answer to ask something new (blind19 01 Q2, blind28 04 Q3)
        ("嗯。你刚才说梯度会取平均，那这个平均是谁来算的？是有个节点专门负责汇总吗？", "ddp-workflow", "parameter-synchronization"),
    ],
)
def test_pushback_stays_on_the_topic_pushed_back_on(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    assert classify_follow_up(question, None, previous, rubric).topic_id == expected


def test_generated_rubric_reference_is_current(rubric):
    committed = (ROOT / "docs" / "rubric.md").read_text(encoding="utf-8")
    assert committed == rubric_markdown(rubric), "run: interview-grader rubric docs -o docs/rubric.md"


def test_an_explicit_goal_line_maps_an_indirect_question(rubric):
    """The goal line (考察目标) names the topic outright; an indirectly worded question
    with such a goal is graded, and the question still wins when the two disagree."""
    question = "多个 rank 之间的 gradient 是怎么 align 起来的？"
    assert classify(question, None, rubric).topic_id is None
    goal = "考察被面试人对训练中参数同步机制的理解。"
    assert classify(question, goal, rubric).topic_id == "parameter-synchronization"
    ring = "请讲讲Ring-Allreduce的原理？"
    assert classify(ring, goal, rubric).topic_id == "ring-allreduce"
    # ... even when the goal lists several aspects, one of them another topic's (blind47)
    steps = "DDP整体的实现步骤是什么？"
    aspects = "考察对DDP各个环节的掌握：进程启动、通信初始化、数据切分和梯度同步。"
    assert classify(steps, aspects, rubric).topic_id == "ddp-workflow"
    # ... while a goal beside a question that names no topic still carries it (blind44)
    from interview_grader.topics import classify_follow_up

    scenario = "Training slows down badly once we add a second machine. Where would you start?"
    bottleneck = "Assess the candidate's hands-on experience with communication bottlenecks."
    assert classify_follow_up(scenario, bottleneck, None, rubric).topic_id == "communication-efficiency"


@pytest.mark.parametrize(
    "question, previous, expected",
    [
        ("So then how's torch DDP different from that?", "parameter-server", "ddp-vs-parameter-server"),
        ("How does PyTorch DDP compare to that?", "parameter-server", "ddp-vs-parameter-server"),
        ("And how is that different from DDP?", "parameter-server", "ddp-vs-parameter-server"),
        ("那它和 DDP 有什么区别？", "parameter-server", "ddp-vs-parameter-server"),
        # the pronoun is the thing the question has just named (blind51)
        ("Communication overhead tends to be the bottleneck. How would you reduce it?", "parameter-server",
         "communication-efficiency"),
        # no rubric vocabulary of its own: an aside, not a follow-up
        ("Why do you want to leave it?", "parameter-server", None),
        ("这个你在项目里负责多久了？", "parameter-server", None),
        # marked as a follow-up: read after the previous topic
        ("追问：那异步呢，什么时候用？", "parameter-synchronization", "sync-vs-async-training"),
        ("Follow-up: why did you leave?", "parameter-synchronization", None),
        # a behavioural question: its "it" is the story, whatever words it shares with the rubric (blind103 02 Q5)
        ("Tell me about a time you had to push back on a deadline or a decision. How did you handle it?", "ring-allreduce", None),
        ("说一个你和同事意见不合、不得不推回需求的经历，你是怎么处理的？", "parameter-server", None),
        # ... or how the candidate would deal with people, however much of the training it sets up (blind257 01 Q6)
        ("如果业务方临时改需求，而你的模型已经训练到一半，你会怎么沟通？", "sync-vs-async-training", None),
        ("And if the job had to restart from scratch halfway, how would you break the news to your manager?", "ring-allreduce", None),
        ("如果产品那边要提前上线，你打算怎么跟业务方协调？", "ring-allreduce", None),
        ("如果有一台机器掉了，你会怎么协调剩下的机器？", "sync-vs-async-training", "sync-vs-async-training"),
        # a question that ends on logistics, whatever the team introduction before it names (blind268 02 Q1)
        ("我们组主要负责大模型训练框架、集合通信优化和集群调度。正式开始前先问一下，你现在还在职吧？离职要多久？", None, None),
        ("We mostly work on NCCL tuning and ring all-reduce. Before we start, what is your notice period?", "ring-allreduce", None),
        ("那如果卡数翻倍，你期望的薪资是多少？", "ring-allreduce", None),
        # no previous topic to point back at
        ("How does PyTorch DDP compare to that?", None, None),
        # blind41: a short conditional or yes/no question carries the topic on, if it uses the rubric's words
        ("如果卡数从8增加到64呢？", "ring-allreduce", "ring-allreduce"),
        ("如果某一个worker特别慢，同步模式下会发生什么？", "sync-vs-async-training", "sync-vs-async-training"),
        ("And if you go from 8 GPUs to 64?", "ring-allreduce", "ring-allreduce"),
        ("Does it change the accuracy of the final model?", "distributed-training-overview", "distributed-training-overview"),
        ("如果让你重新选一次呢？", "parameter-server", None),
        ("And if you got the offer, when could you start?", "parameter-server", None),
        ("And if you go from 8 GPUs to 64?", None, None),
        # blind45: a conditional naming a point of the previous topic stays on it, whatever its weaker cue says
        ("那从8卡扩到64卡，每张卡的通信量会变成多少？", "ring-allreduce", "ring-allreduce"),
        ("那从8卡扩到64卡，每张卡的通信量会变成多少？", "communication-efficiency", "communication-efficiency"),
        # blind45: "why not X?" asks for the comparison with what was just discussed
        ("为什么不直接用DDP？", "parameter-server", "ddp-vs-parameter-server"),
        ("So why not just use DDP?", "parameter-server", "ddp-vs-parameter-server"),
        ("为什么不直接用？", "parameter-server", None),
        ("Why not just take the other offer?", "parameter-server", None),
        # blind128: "and what about X?" is the English 那…呢？
        ("And what about the learning rate when you go from 8 to 32 workers?", "data-parallelism", "data-parallelism"),
        ("What about your notice period?", "data-parallelism", None),
        # blind131: a follow-up marked "on that"; the thing just discussed compared with something named; what happens to it
        ("Follow-up on that: does spreading the work like this give you a better model than one GPU would?", "data-parallelism",
         "data-parallelism"),
        ("How would you compare that with PyTorch DDP?", "parameter-server", "ddp-vs-parameter-server"),
        ("And what happens to per-GPU traffic as you go from 8 to 64 GPUs?", "ring-allreduce", "ring-allreduce"),
        # blind145: a choice between the things just discussed, if it asks about training
        ("And which one would you pick for two machines?", "dp-vs-ddp", "dp-vs-ddp"),
        ("Which one would you pick for your next job?", "dp-vs-ddp", None),
        # blind149: accuracy asked about after a question on more GPUs
        ("What about accuracy? Did your four-GPU run change it?", "single-vs-multi-gpu", "distributed-training-overview"),
        # blind152: a "what about" follow-up whose only training words are the copies and their training
        ("What about just letting each copy train on its own and averaging once at the end?", "data-parallelism",
         "data-parallelism"),
        # blind442: a question going on from the one before ("And how …", "So what …"), if it asks about training
        ("And how does the traffic per GPU change if you go from 8 GPUs to 64?", "ring-allreduce", "ring-allreduce"),
        ("Then how much does each GPU send with 64 workers?", "ring-allreduce", "ring-allreduce"),
        ("And how soon could you start?", "ring-allreduce", None),
    ],
)
def test_a_follow_up_is_read_in_the_light_of_the_question_before_it(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    assert classify(question, None, rubric).topic_id is None
    assert classify_follow_up(question, None, previous, rubric).topic_id == expected


def test_a_logistics_word_in_a_technical_question_does_not_make_it_logistics(rubric):
    assert classify("离职前你们团队的 DDP 是怎么同步梯度的？", None, rubric).topic_id == "parameter-synchronization"


@pytest.mark.parametrize(
    "question,goal,expected",
    [
        # the pronoun stands for what the scenario sets up, not for the topic before (blind149 07 Q6, 02 Q5)
        ("Your training data is around 2 billion impressions a day. How is that split across the dense workers?",
         "Data parallelism.", "data-parallelism"),
        ("Your next project is a 40-billion-parameter vision-language model. What does it mean to split it across GPUs?",
         "Model parallelism.", "model-parallelism"),
        # a short acknowledgement sets nothing up: "it" is still the topic before
        ("OK, good. How does it scale to 64 GPUs?", None, "ring-allreduce"),
        # ... nor in Chinese clauses set apart by commas before the 你 that asks about them (blind163 05 Q4: an A/B
        # test after a question on the ring stays ungraded)
        ("上线一个新的排序模型做A/B实验，CTR提升了0.3%，你怎么判断这个结果是否可信？", None, None),
        ("那它扩到64张卡呢，你觉得这个时候通信量怎么变？", None, "ring-allreduce"),
    ],
)
def test_a_pronoun_after_a_scenario_points_at_the_scenario(rubric, question, goal, expected):
    from interview_grader.topics import classify_follow_up

    assert classify_follow_up(question, goal, "ring-allreduce", rubric).topic_id == expected


def test_that_setup_as_the_subject_stays_on_the_topic_before(rubric):
    from interview_grader.topics import classify_follow_up

    # on its own the question is about parameter synchronisation; after the parameter server, "that setup" is the
    # parameter server (blind152 02 Q2)
    question = "And does that setup keep every worker on the same weights?"
    assert classify(question, None, rubric).topic_id == "parameter-synchronization"
    assert classify_follow_up(question, None, "parameter-server", rubric).topic_id == "parameter-server"
    # ... only when reading it so keeps the previous topic
    assert classify_follow_up(question, None, "model-parallelism", rubric).topic_id == "parameter-synchronization"


def test_a_question_that_names_its_topic_is_not_read_as_a_follow_up(rubric):
    from interview_grader.topics import classify_follow_up

    question = "Walk me through ring all-reduce, and how is it different from that?"
    assert classify_follow_up(question, None, "parameter-server", rubric).topic_id == "ring-allreduce"


def test_follow_ups_are_graded_in_a_transcript(rubric):
    from interview_grader import grade, parse_transcript

    text = (
        "Q1: What is a parameter server?\nA: Servers hold the weights; workers pull them, push gradients.\n\n"
        "Q2: So how's PyTorch DDP different from that?\nA: DDP has no server: every rank all-reduces the gradients.\n"
    )
    report = grade(parse_transcript(text, "x"), rubric)
    assert [a.topic for a in report.answers] == ["parameter-server", "ddp-vs-parameter-server"]
    assert report.answers[1].status == "graded"


@pytest.mark.parametrize(
    "question, previous, expected",
    [
        # one weaker cue, nothing to point back at: half the threshold is enough
        ("Comms overhead. How do you cut it?", None, "communication-efficiency"),
        ("Why is a ring better than just having everyone send straight to one machine?",
         "distributed-training-overview", "ring-allreduce"),
        # a follow-up is read after the previous topic first ("它的通信量" is the ring's)
        ("那它的通信量呢？", "ring-allreduce", "ring-allreduce"),
        # a stray mention of the subject in a greeting stays ungraded
        ("Okay, recording's on. So this is the distributed training deep dive for the senior role.", None, None),
        # training alone then averaging: a weak vote for data parallelism (blind305)
        ("Is it fine for each worker to train on its own and average the models at the end?", None, "data-parallelism"),
    ],
)
def test_a_weak_vote_wins_when_nothing_points_back(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    vote = classify(question, None, rubric)
    assert vote.topic_id is None and vote.votes > 0
    assert classify_follow_up(question, None, previous, rubric).topic_id == expected


@pytest.mark.parametrize(
    "question, previous, expected",
    [
        # a stronger cue overrides the weak vote for training alone then averaging (blind194)
        ("同步训练就是每个 worker 先各自训练完，最后再把模型合并，对吗？", None, "sync-vs-async-training"),
        # a bare why stays on what was just asked (blind305); a why with words of its own does not
        ("为什么会有？", "sync-vs-async-training", "sync-vs-async-training"),
        ("How come?", "ring-allreduce", "ring-allreduce"),
        ("为什么要学分布式？", "ring-allreduce", None),
        # the answer put back to the candidate stays on what was asked, whatever it names (blind307)
        ("Right, so each GPU is responsible for a different slice of the layers, and the all-reduce stitches the "
         "slices back together?", "data-parallelism", "data-parallelism"),
        ("所以你的意思是 overlap 就是等 backward 全部算完以后，再统一做一次 all-reduce？", "communication-efficiency",
         "communication-efficiency"),
        ("Okay, so what about parameter servers?", "ring-allreduce", "parameter-server"),
    ],
)
def test_short_whys_and_answers_put_back_stay_on_the_previous_topic(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    assert classify_follow_up(question, None, previous, rubric).topic_id == expected


# blind26/27: speech-to-text homophones, shorthand questions and retold answers are read as meant


@pytest.mark.parametrize(
    "question, expected",
    [
        ("参数服务期跟 DDP 有什么区别？", "ddp-vs-parameter-server"),  # 参数服务器 heard as 参数服务期
        ("还行规约的原理讲一下？", "ring-allreduce"),  # 环形规约 heard as 还行规约
        ("PS vs AR?", "ddp-vs-parameter-server"),
        ("同步 vs 异步？", "sync-vs-async-training"),
        ("为什么不每一步都同步？", "parameter-synchronization"),
        ("And when the model no longer fits?", "model-parallelism"),
        ("We're at 60% scaling efficiency on 256 GPUs. What would you look at?", "communication-efficiency"),
        ("so data parallel versus distributed data parallel in torch how do they differ", "dp-vs-ddp"),
    ],
)
def test_shorthand_and_homophone_questions_map_to_their_topic(rubric, question, expected):
    assert classify(question, None, rubric).topic_id == expected


def test_a_list_of_what_a_design_supports_is_not_a_sync_vs_async_question(rubric):
    # "sync/async modes" in a goal line lists the PS's features; the question decides
    vote = classify("Walk me through the parameter server architecture.",
                    "server/worker roles; pull-compute-push loop; sync/async modes; where it fits (sparse models).", rubric)
    assert vote.topic_id == "parameter-server"


def test_twice_the_buffer_in_words_is_the_correct_ring_cost(rubric):
    from interview_grader import grade, parse_transcript

    text = ("Q1: 环形规约讲一下？\nA: N 张卡连成一个环，题度切成 N 块，先 reduce-scatter 再 all-gather。"
            "通信量的话，每张卡大概是两倍的数据量，跟卡数基本没关系。\n")
    answer = grade(parse_transcript(text, "x"), rubric).answers[0]
    assert "ring-allreduce-cost-grows-with-workers" not in [m.id for m in answer.misconceptions]
    assert "ring-bandwidth-optimal" in [c.id for c in answer.covered]


# blind26: a pointing-back follow-up on a cost or downside stays on the previous topic (blind162: and one on pace)


@pytest.mark.parametrize(
    "question, previous, expected",
    [
        ("那它的代价呢？", "ring-allreduce", "ring-allreduce"),
        ("它的缺点是什么？", "parameter-server", "parameter-server"),
        ("那它的开销呢？", "ring-allreduce", "ring-allreduce"),
        ("And the downside of that?", "ring-allreduce", "ring-allreduce"),
        ("What's the drawback of it?", "parameter-server", "parameter-server"),
        ("So what does that cost?", "ring-allreduce", "ring-allreduce"),
        # blind30: the thing left out, the link kept by a connective ("And the downside?", "那缺点呢？")
        ("And the downside?", "ring-allreduce", "ring-allreduce"),
        ("And the trade-off?", "sync-vs-async-training", "sync-vs-async-training"),
        ("那缺点呢？", "parameter-server", "parameter-server"),
        ("And the downside of working here?", "ring-allreduce", None),
        ("And the downside?", None, None),
        # asides stay ungraded: no cost asked, a cost to the speaker, or nothing pointed back at
        ("Why do you want to leave it?", "ring-allreduce", None),
        ("What did it cost you to leave?", "ring-allreduce", None),
        ("代价呢？", "ring-allreduce", None),
        # the question's own weaker cue wins: "it" is the overhead just named
        ("Comms overhead. How do you cut it?", "ddp-workflow", "communication-efficiency"),
        ("那它的代价呢？", None, None),
        # blind162: so does one on how the thing performs, and "compared with that" reads "that" as the previous topic
        ("Why does it scale that way?", "ring-allreduce", "ring-allreduce"),
        ("Why does it get faster with four?", "single-vs-multi-gpu", "single-vs-multi-gpu"),
        ("Why is that one faster?", "dp-vs-ddp", "dp-vs-ddp"),
        ("那它为什么更快？", "dp-vs-ddp", "dp-vs-ddp"),
        ("And compared with that, what does DDP do?", "parameter-server", "ddp-vs-parameter-server"),
        # nothing about pace, or nothing pointed back at, or no topic before: ungraded as before
        ("Why is that?", "dp-vs-ddp", None),
        ("Why is the office faster to reach by train?", "dp-vs-ddp", None),
        ("Why does it scale that way?", None, None),
        # pace of the speaker's own story, not of the thing
        ("Tell me about a time it got slower. How did you handle it?", "dp-vs-ddp", None),
    ],
)
def test_a_cost_or_pace_follow_up_stays_on_the_previous_topic(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    assert classify(question, None, rubric).topic_id is None
    assert classify_follow_up(question, None, previous, rubric).topic_id == expected



def test_a_cost_follow_up_is_graded_in_a_transcript(rubric):
    from interview_grader import grade, parse_transcript

    text = (
        "Q: ring allreduce 讲一下。\nA: 切 N 块成环，reduce-scatter 再 all-gather，每卡收发 2(N-1)/N 的数据量。\n\n"
        "Q: 那它的代价呢？\nA: 贵在延迟，2(N-1) 轮，每轮一个 α，小 tensor 吃亏，卡多了 NCCL 会切 tree。\n"
    )
    report = grade(parse_transcript(text, "x"), rubric)
    assert [a.topic for a in report.answers] == ["ring-allreduce", "ring-allreduce"]
    assert report.answers[1].status == "graded"


@pytest.mark.parametrize(
    "question, answer, flagged",
    [
        # comparing the two, a first GPU acting as the master is DataParallel's design, not a claim about DDP
        ("Why is DataParallel slower than DDP?",
         "DataParallel gathers every output onto GPU 0. So GPU 0 acts as a master card: it holds more memory "
         "and the other cards wait for it.", False),
        ("Why is DataParallel slower than DDP?",
         "In DDP, rank 0 acts as the master that averages everyone's gradients.", True),
        ("DP 和 DDP 有什么区别？",
         "DDP 是一个进程里开多个线程。\n然后零号卡就相当于一个参数服务器，其他卡把梯度都发给它。", True),
        # on how DDP keeps replicas in sync, DDP is the subject even when the answer leaves it to the question
        ("How does DDP keep the replicas in sync?",
         "GPU 0 acts as the master: every card sends its gradients there and gets the average back.", True),
    ],
)
def test_rank_zero_as_master_is_read_by_topic(rubric, question, answer, flagged):
    """Topic-limited patterns apply under every topic in the self-test, so their limits are tested here."""
    from interview_grader import grade, parse_transcript

    report = grade(parse_transcript(f"Q1: {question}\nA: {answer}\n", "x"), rubric)
    ids = [f.id for f in report.answers[0].misconceptions]
    assert ("ddp-uses-parameter-server" in ids) is flagged, (report.answers[0].topic, ids)


@pytest.mark.parametrize(
    "question, flagged",
    [
        # blind139: a master server given to DDP by an answer to a question on DDP
        ("How does DDP keep the model copies synchronised?", True),
        ("DDP 是怎么保证各个进程参数一致的？", True),
        # ... a correct parameter-server description where DDP is not asked about, or is set against the PS
        ("How are the parameters kept in sync in distributed training?", False),
        ("How does DDP keep replicas in sync, compared with a parameter server?", False),
    ],
)
def test_a_server_is_flagged_on_ddp_when_the_question_asks_about_ddp(rubric, question, flagged):
    from interview_grader import grade, parse_transcript

    answer = "Every GPU ships its gradients off to a master server, which averages them and returns fresh weights."
    report = grade(parse_transcript(f"Q1: {question}\nA: {answer}\n", "x"), rubric)
    ids = [f.id for f in report.answers[0].misconceptions]
    assert ("ddp-uses-parameter-server" in ids) is flagged, (report.answers[0].topic, ids)

def test_a_narrow_follow_up_is_graded_on_what_it_asks(rubric):
    """A follow-up on the same topic that singles out one of its points is graded on that point;
    the same answer to the opening question is a thin answer on the whole topic."""
    from interview_grader import grade, parse_transcript

    opening = "Q1: How does ring all-reduce work?\nA: GPUs form a ring and pass chunks to their neighbours.\n\n"
    answer = "No. There is no central node at all: every GPU only talks to its two neighbours, so no GPU is a hub."
    follow = grade(parse_transcript(opening + f"Q2: Is there a central node in that?\nA: {answer}\n", "x"), rubric).answers[1]
    alone = grade(parse_transcript(f"Q1: How does ring all-reduce work?\nA: {answer}\n", "x"), rubric).answers[0]
    assert follow.topic == alone.topic == "ring-allreduce"
    assert follow.missing_core == [] and follow.score >= 80, follow
    assert any("follow-up" in n for n in follow.notes)
    assert alone.score < 60 and not any("follow-up" in n for n in alone.notes), alone


def test_a_narrow_first_question_on_a_depth_point_is_graded_on_that_point(rubric):
    """blind165 01 Q3: a first question naming a depth point ("气泡"), answered fully and with nothing wrong, is a
    complete answer, not an empty one on model parallelism; the same answer to the broad question is thin, and a
    broad question answered with one core point alone keeps its whole-topic grade."""
    from interview_grader import grade, parse_transcript

    answer = ("流水线刚开始时只有第一个 stage 在算，后面的 stage 在等输入；结束时前面的 stage 先闲下来，等后面的反向。"
              "这两段空闲就是 bubble，占比大约是 (p-1)/(m+p-1)，所以 micro-batch 切得越多气泡越小。")
    narrow = grade(parse_transcript(f"问题1：流水线并行的气泡是怎么来的？\n回答：{answer}\n", "x"), rubric).answers[0]
    broad = grade(parse_transcript(f"问题1：讲讲模型并行。\n回答：{answer}\n", "x"), rubric).answers[0]
    assert narrow.topic == broad.topic == "model-parallelism"
    assert narrow.score >= 80 and any("mp-pipeline" in n for n in narrow.notes), narrow
    assert broad.score <= 40, broad
    why = grade(parse_transcript("问题1：为什么要上分布式训练？\n回答：因为单卡训得太慢了，多卡能把训练时间压下来。\n", "x"), rubric)
    assert why.answers[0].score < 60, why.answers[0]


def test_a_follow_up_in_a_run_is_graded_on_what_the_run_left_out(rubric):
    """blind162: after a full account of the ring's mechanics, "那卡特别多的时候呢？" answered with the latency of the
    steps and the slowest link is complete; the same answer to the opening question is a thin one on the ring, and a
    follow-up that only says again what was said before earns nothing new."""
    from interview_grader import grade, parse_transcript

    opening = (
        "问题1：讲讲 Ring-Allreduce 是怎么跑的。\n回答：N 张卡连成一个环，没有中心节点，每张卡只和左右邻居通信。梯度切成 N 块，"
        "先做 reduce-scatter，转 N-1 轮后每张卡有一块完整的和；再做 all-gather，再转 N-1 轮大家都拿到全部结果。\n"
    )
    later = "步数会涨，一共 2(N-1) 轮，每轮都有启动延迟，小消息基本被延迟吃掉；而且环是同步的，最慢的那条链路决定整体速度。"
    follow = grade(parse_transcript(opening + f"问题2：那卡特别多的时候呢？\n回答：{later}\n", "x"), rubric).answers[1]
    alone = grade(parse_transcript(f"问题1：讲讲 Ring-Allreduce 是怎么跑的。\n回答：{later}\n", "x"), rubric).answers[0]
    assert follow.topic == alone.topic == "ring-allreduce"
    assert follow.score >= 70 and any("追问" in n for n in follow.notes), follow  # 2 of the 3 points left
    assert "ring-chunks" not in follow.missing, follow.missing  # said in the answer before
    assert alone.score < 60, alone
    again = "就是连成一个环，没有中心节点，梯度切成 N 块，先 reduce-scatter 再 all-gather。"
    repeat = grade(parse_transcript(opening + f"问题2：那卡特别多的时候呢？\n回答：{again}\n", "x"), rubric).answers[1]
    assert repeat.score <= 20, repeat


def test_a_follow_up_on_the_whole_topic_is_graded_on_the_whole_topic(rubric):
    from interview_grader import grade, parse_transcript

    text = (
        "Q1: What is a parameter server?\nA: Servers hold the weights; workers pull them and push gradients.\n\n"
        "Q2: Tell me more about parameter servers.\nA: Servers hold the weights; workers pull them and push gradients.\n"
    )
    second = grade(parse_transcript(text, "x"), rubric).answers[1]
    assert second.topic == "parameter-server"
    assert not any("follow-up" in n for n in second.notes), second


@pytest.mark.parametrize(
    "question,previous,expected",
    [
        # blind138: 它 opening the question is the thing just discussed, whatever the object it is set against votes
        # for ("把训练数据切分给各个进程" alone asks about data parallelism)
        ("那它跟把训练数据切分给各个进程有什么关系呢？", "ring-allreduce", "ring-allreduce"),
        ("那它跟数据并行有什么区别？", "model-parallelism", "model-parallelism"),
        # ... not when the question read with 它 resolved moves to a third topic, nor when its subject is something
        # else, nor with no previous topic
        ("它和同步训练比有什么坏处？", "parameter-server", "sync-vs-async-training"),
        ("那把训练数据切分给各个进程有什么讲究？", "ring-allreduce", "data-parallelism"),
        ("那它跟把训练数据切分给各个进程有什么关系呢？", None, "data-parallelism"),
    ],
)
def test_a_question_opening_on_it_is_about_the_previous_topic(rubric, question, previous, expected):
    from interview_grader.topics import classify_follow_up

    assert classify(question, None, rubric).topic_id is not None
    assert classify_follow_up(question, None, previous, rubric).topic_id == expected



def _rubric_with_asked_rule(matches: str, asked_examples: str = ""):
    """The mini rubric with one misconception whose pattern asks the question for "ring" and no "tree"."""
    from interview_grader.rubric.load import parse_rubric

    rule = (
        "  - id: hub-sync\n"
        "    severity: major\n"
        "    claim: {zh: 经由中心同步。, en: Synced through a hub.}\n"
        "    correction: {zh: 环上没有中心。, en: The ring has no hub.}\n"
        "    patterns:\n"
        "      - all: ['hub']\n"
        "        asked: ['ring']\n"
        "        not_asked: ['tree']\n"
        f"    matches: [{matches}]\n"
        "    non_matches: [There is no hub.]\n"
        + asked_examples
    )
    text = (ROOT / "tests" / "data" / "mini_rubric.yaml").read_text(encoding="utf-8")
    assert "\nmisconceptions:\n" in text
    return parse_rubric(text.replace("\nmisconceptions:\n", "\nmisconceptions:\n" + rule, 1), "r.yaml", use_cache=False)


def test_an_asked_pattern_needs_examples_with_questions():
    loaded = _rubric_with_asked_rule("There is a hub.")
    got = [str(f) for f in run_selftest(loaded) if f.rule == "misconception hub-sync"]
    # a plain example has no question, so the pattern cannot hold there; and the examples with questions are missing
    assert got == [
        "misconception hub-sync: should flag it, does not: 'There is a hub.'",
        "misconception hub-sync: a pattern with 'asked' needs asked_matches and asked_non_matches examples, none given: ''",
    ]


def test_asked_examples_are_read_as_answers_to_their_questions():
    examples = (
        "    asked_matches:\n"
        "      - {question: How does the ring sync?, answer: There is a hub.}\n"
        "      - {question: How does the ring sync?, answer: There is no hub.}\n"
        "    asked_non_matches:\n"
        "      - {question: How does a tree or a ring sync?, answer: There is a hub.}\n"
        "      - {question: How does it sync?, answer: There is a hub.}\n"
        "      - {question: How does it sync?, answer: The ring has a hub.}\n"
    )
    loaded = _rubric_with_asked_rule("The ring has a hub.", examples)
    got = [str(f) for f in run_selftest(loaded) if f.rule == "misconception hub-sync"]
    # "ring" in the answer does not stand for the question; a negated hub is no claim; "tree" in the question excludes
    assert got == [
        "misconception hub-sync: should flag it, does not: 'The ring has a hub.'",
        "misconception hub-sync: should flag it, does not: 'How does the ring sync? -> There is no hub.'",
    ]


@pytest.mark.parametrize(
    "question, covered",
    [
        # blind141: 前者 / 后者 for the two things the question sets against each other
        ("DDP 和 PS 架构有哪些区别？", True),
        ("How does DDP differ from a parameter server?", True),
    ],
)
def test_the_former_and_the_latter_earn_points_as_what_they_stand_for(rubric, question, covered):
    from interview_grader import grade, parse_transcript

    answer = "场景上，稠密模型在 GPU 集群上用前者，超大稀疏 embedding 的 CTR 模型用后者。"
    report = grade(parse_transcript(f"Q1: {question}\nA: {answer}\n", "x"), rubric)
    a = report.answers[0]
    assert ("dvp-fit" in [c.id for c in a.covered]) is covered, (a.topic, [c.id for c in a.covered])


@pytest.mark.parametrize(
    "question, expected",
    [
        # blind419: the topic in a sentence of its own, the ask with "it" in the next
        ("Let's talk about DDP itself. What does it do when you wrap the model, and what happens during backward?", "ddp-workflow"),
        # a sentence about the team and a behavioural ask stay ungraded
        ("We use DDP a lot here. Tell me about a time you disagreed with a teammate.", None),
    ],
)
def test_a_topic_named_in_the_sentence_before_the_ask(rubric, question, expected):
    from interview_grader.topics import classify_follow_up

    assert classify(question, None, rubric).topic_id is None  # (each sentence alone names none)
    assert classify_follow_up(question, None, None, rubric).topic_id == expected
