"""Bare replies to yes/no questions (blind305, blind307): an echo of the question's verb agrees, a bare denial says the
opposite, and what that opposite claims is the candidate's."""
from __future__ import annotations

import pytest

from interview_grader.engine import grade
from interview_grader.notes import note
from interview_grader.parse import parse_transcript
from interview_grader.replies import accepted_halves, accepts_rest, claim_halves, denied_statement, denies, echoes_yes, partly_agrees


@pytest.mark.parametrize(("question", "answer", "expected"), [
    ("Ring all-reduce 里有中心节点吗？", "有。", True),
    ("异步训练会有陈旧梯度吗？", "会的。", True),
    ("DDP 需要参数服务器吗？", "嗯，需要", True),
    ("DDP 需要参数服务器吗？", "有。", False),  # not the question's verb
    ("Ring all-reduce 有没有中心节点？", "有。", True),  # an A-not-A question
    ("异步训练不会有陈旧梯度吧？", "会。", False),  # the question denies it: "会" contradicts, it does not agree
    ("什么是数据并行？", "有", False),  # no yes/no question
    ("Ring all-reduce 里有中心节点吗？", "有，每个节点只和邻居通信，没有中心。", False),  # not bare
])
def test_an_echo_of_the_questions_verb_agrees(question, answer, expected):
    assert echoes_yes(question, answer) is expected


@pytest.mark.parametrize(("question", "answer", "statement"), [
    ("异步训练会有陈旧梯度吗？", "不会。", "异步训练不会有陈旧梯度"),
    ("先问个简单的，DDP 需要参数服务器吗？", "不需要。", "先问个简单的,DDP 不需要参数服务器"),
    ("Ring all-reduce 里有中心节点吗？", "没有", "Ring all-reduce 里没有中心节点"),
    ("会不会有中心节点？", "不会", "不会有中心节点"),  # an A-not-A question
    ("异步训练不会有陈旧梯度吧？", "不会。", "异步训练不会有陈旧梯度"),  # a negative question, agreed with
    ("DDP 不就是每步把权重平均一下吗？", "不是。", None),  # a rhetorical question's claim rejected: nothing in its place
    ("DDP 需要参数服务器吗？", "不对。", "DDP 不需要参数服务器"),  # the question's first verb
    ("Is there a central node in ring all-reduce?", "No.", "is not there a central node in ring all-reduce"),
    ("With ring all-reduce, is per-GPU traffic constant as you add GPUs?", "Nope, it isn't.",
     "is not per-GPU traffic constant as you add GPUs"),
    ("Isn't DDP basically a parameter server?", "No.", "is not DDP basically a parameter server"),
    ("How does the ring work?", "No.", None),  # asks no yes/no
    # a question about the candidate: "No" is not knowing
    ("你了解 Ring-Allreduce 吗？", "不了解。", None),
    ("你用过参数服务器吗？", "没有。", None),
    ("Have you used DDP?", "No.", None),
    ("Do you know how ring all-reduce works?", "No.", None),
    ("Do you think DDP needs a parameter server?", "No.", "do not you think DDP needs a parameter server"),
])
def test_a_bare_denial_says_the_opposite(question, answer, statement):
    assert denies(answer) or answer == "不了解。"
    assert denied_statement(question, answer) == statement


@pytest.mark.parametrize("answer", ["不需要，它用 all-reduce。", "No, it all-reduces among peers.", "知道", "Yes."])
def test_only_a_bare_denial_denies(answer):
    assert not denies(answer)


def one(rubric, question: str, answer: str):
    text = f"问题1：{question}\n回答：{answer}\n"
    report = grade(parse_transcript(text, "t.txt"), rubric)
    return report.answers[0], text


def test_a_bare_echo_of_a_wrong_claim_asserts_it(mini_rubric):
    a, source = one(mini_rubric, "环形规约里有中心节点吗？", "有。")
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    assert (a.status, a.score) == ("graded", 0)  # a bare yes to a wrong claim is no attempt


def test_a_bare_denial_of_a_right_claim_asserts_the_opposite(rubric):
    a, source = one(rubric, "异步训练会有陈旧梯度吗？", "不会。")
    assert [f.id for f in a.misconceptions] == ["async-no-staleness"]
    f = a.misconceptions[0]
    assert f.evidence == source[f.start:f.end] == "不会。"  # quoted from the answer, not the question
    assert (a.status, a.score) == ("graded", 0)
    assert note("denied", "zh") in a.notes


def test_a_bare_denial_of_a_wrong_claim_is_an_answer_at_the_floor(mini_rubric):
    a, _ = one(mini_rubric, "环形规约里有中心节点吗？", "没有。")
    assert (a.status, a.misconceptions, a.covered) == ("graded", [], [])
    assert a.score == mini_rubric.rubric.scoring.attempt_floor
    a, _ = one(mini_rubric, "Is there a central node in ring all-reduce?", "No.")
    assert (a.status, a.misconceptions) == ("graded", [])


def test_not_knowing_stays_a_non_answer(rubric):
    a, _ = one(rubric, "你会 Ring-Allreduce 吗？", "不会。")
    assert a.status == "no-answer"
    a, _ = one(rubric, "Ring-Allreduce 里会有中心节点吗？", "不会。")  # a denial of the question's claim
    assert (a.status, a.misconceptions) == ("graded", [])


# The answer put back to the candidate (blind307): a confirmed paraphrase is the candidate's claim, a corrected one is not
@pytest.mark.parametrize(("question", "answer", "flagged"), [
    ("所以你的意思是环形规约把梯度发给中心节点？", "对。", True),
    ("所以你是说环形规约会把梯度发给中心节点？", "对，就是这样，汇总完再发回来。", True),
    ("So what you're saying is ring all-reduce sends gradients to a master node?", "Right.", True),
    ("所以你的意思是环形规约把梯度发给中心节点？", "不是，每个节点只和相邻节点通信。", False),
    ("So you're saying ring all-reduce sends gradients to a master node?", "No, each node only talks to its neighbours.",
     False),
])
def test_a_confirmed_paraphrase_is_the_candidates_claim(mini_rubric, question, answer, flagged):
    a, _ = one(mini_rubric, question, answer)
    assert ([f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]) is flagged


@pytest.mark.parametrize(("answer", "expected"), [
    ("部分对吧。要看场景。", True), ("对也不对。", True), ("我回答说对了一半。", True), ("有对有错吧，拆分是对的。", True),
    ("Partly, I guess.", True), ("Half right.", True), ("Not entirely. It's layers.", True), ("Yes and no.", True),
    ("I said it's half right.", True), ("Mostly yes, I said.", True),
    ("部分对称的结构", False), ("Half the GPUs sit idle.", False), ("Not quite the same thing as DP.", False),
    ("对。", False), ("No.", False),
])
def test_a_partial_agreement_opens_the_answer(answer, expected):
    assert partly_agrees(answer) is expected


@pytest.mark.parametrize(("answer", "expected"), [
    ("剩下的说法没什么问题。", True), ("其他的也差不多。", True), ("其余都对。", True),
    ("The rest is fine too, I think.", True), ("Everything else is correct.", True),
    ("其他的……我觉得也基本没问题。", True),
    ("The rest is wrong.", False), ("剩下的不对。", False), ("The rest of the batch is split.", False),
    ("前半句对，后半句不对。", False), ("前半句不对，后半句对。", False),
])
def test_the_rest_of_a_claim_accepted(answer, expected):
    assert accepts_rest(answer) is expected


ASYNC_CLAIM = "Async training doesn't wait for stragglers, and it converges just like sync. Right?"
ASYNC_ZH = "异步训练更快，而且不会有参数过期的问题，对吗？"


@pytest.mark.parametrize(("question", "halves"), [
    (ASYNC_CLAIM, ["Async training doesn't wait for stragglers", "it converges just like sync."]),
    (ASYNC_ZH, ["异步训练更快", "不会有参数过期的问题"]),
    ("What is the difference between DP and DDP?", []),
    ("DDP uses one process per GPU. Agree?", []),
    # a question of its own after the claim; three statements set apart by semicolons
    ("Ring-Allreduce是把训练数据分给各个进程的方法；并且环上没有主节点。你同意哪部分？",
     ["Ring-Allreduce是把训练数据分给各个进程的方法", "环上没有主节点。"]),
    ("有三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；梯度每一步求平均。你认同哪几条？",
     ["有三个说法：每张卡放一份完整模型", "数据切成互不重叠的几份", "梯度每一步求平均。"]),
])
def test_the_halves_of_a_claim(question, halves):
    assert [question[s:e] for s, e in claim_halves(question)] == halves


@pytest.mark.parametrize(("question", "answer", "accepted"), [
    (ASYNC_CLAIM, "First half right. Second half I believe so too, the gradients all get applied.", [0, 1]),
    (ASYNC_CLAIM, "The first part is right, the second part isn't.", [0]),
    (ASYNC_CLAIM, "First half right, second half wrong.", [0]),
    (ASYNC_CLAIM, "Half right.", []),  # which half is not said
    (ASYNC_ZH, "前半句对，后半句不对。", [0]),
    (ASYNC_ZH, "快是真的。后面那半句我觉得大体也没毛病。", [1]),
    (ASYNC_ZH, "前半句不对，后半句也有问题。", []),
    ("What is the difference between DP and DDP?", "The first one is a single process.", []),
    ("Ring-Allreduce是把训练数据分给各个进程的方法；并且环上没有主节点。你同意哪部分？", "第一部分同意。第二部分不同意。", [0]),
    ("有三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；梯度每一步求平均。你认同哪几条？", "第一条、第二条我认同，第三条不敢苟同。", [0, 1]),
    ("单机多卡就是多核CPU；另外多卡之间需要同步梯度。你同意哪句？", "前一句对。后一句应该也对吧。", [0, 1]),
])
def test_the_halves_of_a_claim_an_answer_names_and_accepts(question, answer, accepted):
    halves = claim_halves(question)
    assert accepted_halves(question, answer) == [halves[i] for i in accepted]


@pytest.mark.parametrize(("answer", "flagged"), [
    ("后半句我觉得大体也没毛病，梯度最后都会加上去。", True),
    ("前半句对，后半句不对：异步会有陈旧梯度。", False),
])
def test_a_named_half_accepted_is_the_candidates_claim(rubric, answer, flagged):
    a, _ = one(rubric, ASYNC_ZH, answer)
    assert ("async-no-staleness" in [f.id for f in a.misconceptions]) is flagged, a


@pytest.mark.parametrize("answer", ["这几句话我都同意。", "三条都对。", "两半我都认。时间肯定能压下来。", "I agree with all of them.", "Yes to both, pretty much."])
def test_every_part_agreed_asserts_the_claim(rubric, answer):
    a, _ = one(rubric, "分布式训练主要是为了缩短训练时间；另外，卡用得越多，训练出来的模型精度自然越高。你同意吗？", answer)
    assert "distributed-improves-accuracy" in [f.id for f in a.misconceptions], a


PS_VS_DDP = ("参数服务器和 DDP 的对比，三条说法：一，PS 能保证所有 worker 任何时刻用的都是最新参数；二，PS 更适合超大稀疏 embedding "
             "的场景；三，DDP 的每个 rank 都存一份完整模型。哪些对？")


@pytest.mark.parametrize(("question", "answer", "accepted"), [
    (PS_VS_DDP, "二和三对，一不对。", [1, 2]),
    (PS_VS_DDP, "一和二都对。", [0, 1]),
    ("这三条你买哪条：梯度压缩成 fp16 能减少通信量；梯度累积能减少同步次数；worker 越多通信开销越小。", "前两条买，第三条不买。", [0, 1]),
    ("周报里说：分布式训练的好处有两点：一是缩短训练时间，二是多机训出来的模型精度更高。哪部分成立？", "两点都成立。", [0, 1]),
    ('A note: "On one GPU the whole batch runs in parallel; with several GPUs the batch is split." Which parts are right?',
     "Both parts, I think.", [0, 1]),
    # all but one, the one named by what it says; the first two by position, bare
    ('A summary: "torchrun starts one process per GPU; you call init_process_group; DDP wraps the model; and after the step '
     'rank 0 averages everyone\'s weights." Which parts are correct?', "All of it except the averaging at the end.", [0, 1, 2]),
    ("有三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；每个 epoch 结束后平均各卡权重。哪些对？", "除了最后那条平均权重，其他都对。", [0, 1]),
    ('A colleague wrote: "TP splits weight matrices; PP puts groups of layers on different GPUs; and DP is the same as PP." '
     "Which parts hold?", "The first two. The last one's wrong.", [0, 1]),
    # circled numbers, one per line; number words with a colon; "1)" after a line break written as <br>
    ("下面四种说法哪些正确？\n① 每个节点只和相邻节点通信。\n② 它把训练数据切成 N 份。\n③ 发送量随节点数线性增加。\n④ 有一个主节点负责汇总。",
     "前两条对。后面两条我不太确定……第四条应该也对吧。", [0, 1, 3]),
    ("Three statements. One: it finishes sooner. Two: it's used when the model won't fit. Three: you never get N times. "
     "Which are true?", "Um, all of them, I think.", [0, 1, 2]),
    ("Ring all-reduce: which are true?<br>1) no node is special<br>2) the buffer is cut into N chunks<br>3) all end equal",
     "All three.", [0, 1, 2]),
    # statements on lines of their own, bulleted or quoted; "the first" of two with its article; "三句我都认同"
    ("Three lines from the deck:\n- DDP broadcasts rank 0's parameters.\n- Gradients are all-reduced in buckets.\n- Only rank 0 "
     "writes checkpoints.", "All three are right, I think.", [0, 1, 2]),
    ('Slide:<br>"Pipeline parallelism puts groups of layers on different GPUs."<br>"Micro-batches make the bubble bigger."',
     "The first is right. The second, hmm, I'd guess it's wrong.", [0]),
    ("三句话请逐句判断：第一句，多卡协同训练同一个模型；第二句，主要为了缩短训练耗时；第三句，分布式后精度自然更高。", "三句我都认同。", [0, 1, 2]),
    # the others accepted together, or only the last
    ('Mark each claim:<br>"DP splits the model."<br>"Hybrid setups combine DP and MP."<br>"The speed-up is below N."',
     "The first claim is backwards. The other two are right.", [1, 2]),
    ("三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；每个 epoch 结束后平均各卡权重。哪些对？", "第一条不对，另外两条对。", [1, 2]),
    ("三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；每个 epoch 结束后平均各卡权重。哪些对？", "只有最后一条对。", [2]),
    ("三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；每个 epoch 结束后平均各卡权重。哪些对？", "只有最后一条不对。", []),
    # lettered statements, judged by letter (blind457)
    ("同事的笔记里写了四点：A，梯度被切成N块；B，先做reduce-scatter，再做all-gather；C，它是把训练数据切给每个进程；D，每个进程的通信量"
     "基本不随进程数增长。", "A、B、D我都认。C不对，切的是梯度。", [0, 1, 3]),
    ("Notes: (A) DDP broadcasts rank 0's weights. (B) a central node averages the weights. (C) gradients are bucketed. Which hold?",
     "A and C are right, B is wrong.", [0, 2]),
    # statements quoted one after another: each quote is a part, whatever "and" it holds (blind435)
    ('Parameter servers: "a PS divides the layers among the workers, and each worker trains its own layers"; "workers push '
     'gradients to the servers and pull fresh parameters every iteration".', "I rejected the first. The second I accepted.", [1]),
    # all but one named by its place; lower-case letters in brackets on lines of their own (blind427, blind421)
    ("PS 的适用场景，wiki 里写：① 推荐、广告这类超大稀疏 embedding 模型；② 参数服务器的本质是把模型切给各个 worker，各自训完再合并。",
     "除了第二条，其余都对。", [0]),
    ("Which would you sign off on?\n(a) It needs one reducer node.\n(b) The buffer is split into N chunks.\n(c) It runs "
     "reduce-scatter then all-gather.", "All but the first.", [1, 2]),
    # a part right only in half is not accepted whole (blind457)
    ("我念两句。一：同步训练每一步都要等所有worker算完；二：异步训练不用等待，而且不存在参数过时的问题。",
     "第一句是对的。第二句只对一半：不用等是对的，但后半句不对。", [0]),
    ("Two statements. One: sync waits for every worker. Two: async never waits and never goes stale. Which hold?",
     "The first is right. The second is only half right: it never waits, but it does go stale.", [0]),
    # "the rest" after a part named and rejected, or after one named either way
    ("三个说法：每张卡放一份完整模型；数据切成互不重叠的几份；每个 epoch 结束后平均各卡权重。哪些对？", "第三条不对，是每步同步梯度。剩下的都没问题。", [0, 1]),
    ('A colleague wrote: "TP splits weight matrices; PP puts groups of layers on different GPUs; and DP is the same as PP." '
     "Which parts hold?", "The third is wrong. The rest is fine.", [0, 1]),
    ("Two claims: async doesn't wait for stragglers, and it converges just like sync. Agree?",
     "The second part is not right, stale gradients hurt. The first part is fine.", [0]),
])
def test_parts_picked_by_number_position_or_all(question, answer, accepted):
    parts = claim_halves(question)
    assert accepted_halves(question, answer) == [parts[i] for i in accepted]


@pytest.mark.parametrize("answer", ["第二条不对，环里没有主节点。剩下的都没问题。", "二不对，没有谁负责汇总。其余的说法没什么问题。"])
def test_the_rest_accepted_leaves_out_the_part_rejected(rubric, answer):
    # the rejected statement is no error of the candidate's; the ones accepted with "the rest" are
    q = "Ring-Allreduce 有三个说法：每个节点只和相邻节点通信；有一个主节点负责汇总结果；每张卡的发送量随卡数线性增长。哪些对？"
    a, _ = one(rubric, q, answer)
    ids = [f.id for f in a.misconceptions]
    assert "ring-allreduce-central-node" not in ids and "ring-allreduce-cost-grows-with-workers" in ids, a


def test_marked_parts_picked_make_their_points_without_a_question_which(rubric):
    # statements lettered or numbered are put up to be picked from, whether or not the question asks which hold (blind457)
    q = ("Ring-Allreduce。同事的笔记里写了四点：A，梯度被切成N块；B，先做reduce-scatter，再做all-gather；C，它本质上是把训练数据均匀切给每个进程；"
         "D，每个进程的通信量基本不随进程数增长。")
    a, _ = one(rubric, q, "A、B、D我都认。C不对，切的是梯度的缓冲区，不是数据集。")
    assert a.status == "graded" and {c.id for c in a.covered} >= {"ring-chunks", "ring-two-phases"}, a
    assert "ring-allreduce-partitions-training-data" not in [f.id for f in a.misconceptions], a


def test_parts_picked_out_of_several_make_their_points(rubric):
    a, _ = one(rubric, PS_VS_DDP, "二和三对，一不对。")
    assert a.status == "graded" and {c.id for c in a.covered} >= {"dvp-fit", "dvp-replica-vs-shard"}, a
    assert "ps-guarantees-consistency" not in [f.id for f in a.misconceptions]
    assert note("parts", "zh", parts="2, 3", count=3) in a.notes
    # a bare "yes" to a claim that asks nothing of which parts hold is graded at the floor
    b, _ = one(rubric, "和参数服务器相比，DDP 的每个 rank 都存一份完整模型，对吧？", "对。")
    assert b.score == rubric.rubric.scoring.attempt_floor and not b.covered, b


@pytest.mark.parametrize(
    "answer, accepted",
    [
        ("True, true, true.", [0, 1, 2]),
        ("True, false, true", [0, 2]),
        ("对，不对，对。", [0, 2]),
        ("True, true.", None),  # two judgements for three statements: not each in turn
        ("都对。", [0, 1, 2]),  # all at once, bare (blind427)
        ("All three are correct.", [0, 1, 2]),
        ("True, and the ring is synchronous.", None),
    ],
)
def test_statements_judged_each_in_turn(answer, accepted):
    from interview_grader.replies import judged_in_order

    q = ('Ring all-reduce: "after reduce-scatter each GPU owns one reduced chunk"; "the all-gather phase circulates those chunks"; '
         '"ring all-reduce is synchronous, so the slowest link sets the pace".')
    parts = claim_halves(q)
    got = judged_in_order(q, answer)
    assert got == (None if accepted is None else [parts[i] for i in accepted])


def test_statements_judged_each_in_turn_make_their_points_capped_as_a_bare_pick(rubric):
    q = ('Ring all-reduce: "after reduce-scatter each GPU owns the fully reduced version of one chunk"; "the all-gather phase then '
         'circulates those chunks so everyone ends up with all of them"; "ring all-reduce is synchronous, so the slowest link sets '
         'the pace".')
    a, _ = one(rubric, q, "True, true, true.")
    assert a.covered and a.score == rubric.rubric.scoring.pick_cap, a
