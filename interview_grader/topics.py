"""Map a question (and its goal line) to the rubric topic it asks about."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .matcher import Doc
from .rubric.load import LoadedRubric
from .rubric.schema import Topic

GOAL_FACTOR = 0.6  # a goal line ("考察目标") votes, less than the question itself: a goal listing
# several aspects ("进程启动、通信初始化、数据切分和梯度同步") does not outvote "DDP整体的实现步骤是什么？"
GOAL_FACTOR_ALONE = 0.75  # ... and a little more beside a question that names no topic ("What would you look at?")


@dataclass(frozen=True)
class TopicVote:
    topic_id: str | None
    votes: float
    runner_up: str | None = None


MEMO_LIMIT = 20_000  # distinct (question, goal) pairs remembered per rubric


def classify(question: str, goal: str | None, rubric: LoadedRubric) -> TopicVote:
    """Pick the topic with the most cue votes; None below the rubric's threshold.

    Archives ask the same questions again and again, so decisions are
    remembered per rubric (the result depends only on the texts and the rubric).
    """
    memo = rubric.memo.setdefault("topics", {})
    key = (question, goal)
    vote = memo.get(key)
    if vote is None:
        vote = _classify(question, goal, rubric)
        if len(memo) < MEMO_LIMIT:
            memo[key] = vote
    return vote


# where one sentence of a question ends and the next begins
_SENTENCE_BREAK = re.compile(r"(?<=[a-z0-9)][.!])\s+(?=[A-Za-z])|。(?=\S)")


# a word that points back at what the previous question asked about
_EN_BACK = re.compile(
    r"(?i)\b(?:that one|that|this one|this|it|the former|the latter)\b"
    r"(?=[\s?.!,;:)]*(?:$|[?.!])|\s+(?:is\s+|are\s+)?(?:different|differ|differs|compare|compares|compared|versus|vs)\b)"
    # ... or the thing compared with something named: "How would you compare that with PyTorch DDP?"
    r"|(?<=\bcompare )(?:that|this|it)\b(?=\s+(?:with|to|against)\b)"
    # ... or the thing something named is compared with: "And compared with that, what does DDP do?"
    r"|(?<=\bcompared with )(?:that|this|it)\b|(?<=\bcompared to )(?:that|this|it)\b"
)
# ... or that stands as the subject of a question about it, at the question's start: "And what does
# that cost per GPU?", "So how does it scale to 64 GPUs?" (not "What's X and what does it cost?",
# where "it" is the X just named)
_EN_BACK_SUBJECT = re.compile(
    r"(?i)(?:^|(?<=[.!?])\s+)\s*(?:(?:and|so|then|okay|ok|right|fine|good|great|now|well|also|but)\b[\s,]*)*"
    r"(?:what|how|why|when|where|does|do|did|is|was|would|will|can|could|should)\s+"
    r"(?:(?:much|well|far|exactly|actually|then)\s+)?(?:does|do|did|is|was|would|will|can|could|should)\s+"
    r"(?P<p>that|this|it)\b(?=\s+(?!go\b|went\b|feel\b|felt\b|turn\b|turned\b)[a-z])"
)
_ZH_BACK = re.compile(r"(前者|后者|刚才那个|刚才说的|上面那个|上面说的|这个|那个|它)")
# 它 as the subject that opens a question, after a linking 那 / 那么 at most ("那它跟…有什么关系？"): the thing just discussed
_ZH_LEAD_IT = re.compile(r"\s*(?:那么?|那你说|所以)?\s*(?P<p>它)(?![们])")
# ... and the English subject that points back, after a connective and an auxiliary: "And does that setup keep every
# worker on the same weights?", "So is this approach …", "does it …"
_EN_LEAD_IT = re.compile(
    r"(?i)\s*(?:(?:and|so|ok|okay|then|but|now|right)\b[\s,]*)?(?:(?:how|why|what|when|where)\s+)?"
    r"(?:does|do|did|is|would|will|can|could|should)\s+"
    r"(?P<p>(?:that|this)\s+(?:setup|set-up|approach|architecture|design|scheme|system|method|arrangement|way)|that|this|it)\b"
)


# a question about a cost or downside of what was just discussed ("那它的代价呢？", "and the downside of
# that?"): costs are no rubric vocabulary, yet such a follow-up plainly stays on the previous topic
_COST = re.compile(
    r"代价|缺点|坏处|弊端|短板|开销|劣势|不足之处|成本"
    r"|(?i:\bcosts?\b(?!\s+(?:you|me|us|him|her|them)\b)|\b(?:downsides?|drawbacks?|overheads?|disadvantages?|trade-?offs?|weak(?:ness|nesses|\s+spots?))\b)"
)
COST_MAX = 40  # characters: a short follow-up, not a new question that happens to mention a cost
# ... and a short one on how the thing just discussed performs ("Why does it scale that way?", "Why is that one faster?",
# "那它为什么更快？"): pace is no rubric vocabulary either
_PACE = re.compile(
    r"快|慢|扩展|加速|提速|收敛|瓶颈"
    r"|(?i:\b(?:scales?|scaling|faster|slower|quicker|speeds?\s+up|slows?\s+down|converges?|bottleneck(?:ed|s)?)\b)"
)
# ... or one that leaves the thing out and carries on with a connective: "And the downside?", "And the trade-off?",
# "那缺点呢？" (a bare "代价呢？" has no such link and stays ungraded)
_ELLIPTIC_COST = re.compile(
    r"\s*(?:"
    r"(?i:(?:and|so|but|ok|okay|then|alright)\b[\s,]*(?:(?:what(?:'s| is| are| about)|how about)\s+)?(?:(?:the|its|any)\s+)?"
    r"(?:costs?|downsides?|drawbacks?|overheads?|disadvantages?|trade-?offs?|weak(?:ness|nesses|\s+spots?)))"
    r"|(?:那|那么)(?:它的|有什么|有啥|有哪些)?(?:代价|缺点|坏处|弊端|短板|开销|劣势|不足之处|成本)(?:呢|是什么|有哪些|在哪里?)?"
    r")\s*[?？.。]*\s*$"
)


# a short conditional or yes/no question that carries the topic on ("如果卡数从8增加到64呢？", "那全局batch
#变大以后，学习率要怎么调？", "And if you go from 8 GPUs to 64?", "Does it change the accuracy?", "What breaks
# if one worker is slow?"): in an interview it asks about the thing just discussed
_CONDITIONAL = re.compile(
    r"\s*(?:(?:那么?|那)?(?:如果|假如|假设|要是|万一)|那(?=[^么]))"
    r"|(?i:\s*(?:(?:and|so|then|but|ok|okay|now)\b[\s,]*)?"
    r"(?:what if|if|what happens if|what happens when|what happens to|what happens as|what breaks if|what goes wrong if|what about|how about|"
    r"(?:does|do|did|is|would|will|can|could) (?:it|that|this|they)\b"
    # ... or a choice between the things just discussed: "And which one would you pick for two machines?"
    r"|which (?:one|of (?:the|those|these) two|of them)\b)"
    # ... or a question that goes on from the one before ("And how does the traffic per GPU change if you go from 8 GPUs to 64?")
    r"|\s*(?:and|so|then|now)\b[\s,]*(?:how|what|why|where|when)\b)"
)
CONDITIONAL_MAX = {"zh": 40, "en": 90}  # characters: a follow-up, not a new question of its own
# ... and it asks about training, not the candidate ("如果让你重新选一次呢？"): the rubric's vocabulary or one of these
_TRAINING_WORDS = re.compile(
    r"卡|显卡|gpu|worker|节点|机器|进程|batch|学习率|精度|准确率|模型|梯度|参数|通信|带宽|收敛|副本"
    r"|(?i:\b(?:gpus?|workers?|nodes?|machines?|ranks?|process(?:es)?|batch(?:es)?|learning rate|accuracy|"
    r"models?|gradients?|weights|parameters|bandwidth|traffic|convergence|converge|train(?:s|ing)?|cop(?:y|ies)|replicas?)\b)"
)


# "为什么不直接用DDP？", "Why not just use all-reduce?": a short question on the alternative to what was just
# discussed asks for the comparison, read after the previous topic's title ("参数服务器：为什么不直接用DDP？")
_WHY_NOT = re.compile(
    r"\s*(?:那|那么)?(?:为什么|为啥|为何|怎么)(?:不|没有?)(?:直接|干脆|就)?(?:用|选|选择|采用|上|换成?)"
    r"|(?i:\s*(?:(?:and|so|then|but|ok|okay)\b[\s,]*)?"
    r"(?:why not|why wouldn't you|why don't you|why didn't you|why not just|why wouldn't we|why don't we)\b)"
)

# A bare why, asked of the answer just given: "为什么会有？", "为啥？", "Why?", "How come?", "Why is that?"
_TERSE_WHY = re.compile(
    r"\s*(?:那|那么)?(?:为什么|为啥|为何|怎么会)(?:会有|会这样|是这样|这样|会|不会|没有)?[呢呀啊]?[？?]?\s*$"
    r"|(?i:\s*(?:(?:and|so|but|ok|okay)\b[\s,]*)?(?:why|why so|why's that|why is that|why would that be|how come)[\s?]*$)"
)

_FOLLOW_UP = re.compile(
    r"\s*(?:\*\*)?(?:follow[- ]?up(?: question)?(?: on (?:that|this|it))?|(?:再)?追问(?:一下|一句)?|追問(?:一下|一句)?|接着问|接著問)"
    r"(?:\*\*)?\s*[:：,，]\s*", re.IGNORECASE
)
_ZH_CHAR = re.compile(r"[\u4e00-\u9fff]")


def classify_follow_up(question: str, goal: str | None, previous: str | None, rubric: LoadedRubric) -> TopicVote:
    """Classify a question, reading a follow-up in the light of the one before it.

    "how's torch DDP different from that?" right after a question on parameter
    servers names no topic by itself; with "that" read as the previous
    question's topic ("…different from parameter server?") it does.  Only a
    question that stays unclassified, points back (that / this / it at its
    end; 它 / 这个 / 那个 / 前者 / 后者 anywhere) and names some of the
    rubric's vocabulary itself is read this way: "why leave it?" stays ungraded.
    A short pointing-back question on a cost or downside ("那它的代价呢？", "and the
    downside of that?") needs no vocabulary: it stays on the previous topic.
    A pronoun that is the subject of a question about the thing just discussed
    ("And what does that cost per GPU?", "how does it scale to 64 GPUs?") points
    back too.
    A question marked as a follow-up ("Follow-up: when would you go async?",
    "追问：…") is read after the previous topic's title.  Any other question below
    the threshold takes its best topic when that has half the threshold's votes.
    """
    if previous is not None and puts_back(question):
        # the interviewer pushing back on the answer just given ("你确定吗？DDP 里真的有参数服务器？", "Are you sure?
        # Which of the two keeps a full copy of the model?"), or putting it back in their own words ("So you're saying the
        # ring has a master?"), asks about what was just asked, whatever else it names
        # (not a question marked as a follow-up: "Follow-up: when would you go asynchronous?" moves on)
        return TopicVote(previous, rubric.rubric.scoring.topic_threshold)
    vote = classify(question, goal, rubric)
    if vote.topic_id is not None:
        if previous is not None and previous != vote.topic_id and (
            (m := _ZH_LEAD_IT.match(question)) is not None or (m := _EN_LEAD_IT.match(question)) is not None
        ):
            # "那它跟把训练数据切分给各个进程有什么关系呢？" right after the ring: 它, the subject, is the ring,
            # and the data it is set against is the question's object, not its topic (only when the question read
            # with 它 resolved stays on the previous topic: "它和同步训练比有什么坏处？" after the parameter server
            # keeps its own vote); so is "that setup" in "And does that setup keep every worker on the same weights?"
            title = rubric.rubric.topic(previous).title.get("zh" if m.re is _ZH_LEAD_IT else "en") or ""
            resolved = classify(question[: m.start("p")] + title + question[m.end("p"):], goal, rubric)
            if resolved.topic_id == previous:
                return resolved
        return vote
    memo = rubric.memo.setdefault("follow-ups", {})
    key = (question, goal, previous)
    got = memo.get(key)
    if got is None:
        got = _follow_up(question, goal, previous, rubric) if previous is not None else None
        if got is None and _SENTENCE_BREAK.search(question):
            # the topic named in a sentence of its own, the ask in the next: "Let's talk about DDP itself. What does it do
            # when you wrap the model?" (cues hold within a sentence; read as one, the two name the topic), when the
            # question does not point back at the one before it
            joined = _classify(_SENTENCE_BREAK.sub("，", question), goal, rubric)
            if joined.topic_id is not None:
                got = joined
        if got is None:
            got = _weak(vote, rubric)
        if len(memo) < MEMO_LIMIT:
            memo[key] = got
    return got


def puts_back(question: str) -> bool:
    """Does the question push back on the answer just given or put it back in the interviewer's words ("你确定吗？",
    "So you're saying the ring has a master?")?  It asks about what was just asked."""
    return _CHALLENGE.match(question) is not None


def _weak(vote: TopicVote, rubric: LoadedRubric) -> TopicVote:
    """A question that neither reaches the threshold nor points back: its best topic
    still wins with half the threshold ("Comms overhead. How do you cut it?", "What's
    distributed training?" hold one weaker cue); a stray word ("recording's on, this is
    the distributed training deep dive") stays under that."""
    if vote.runner_up is not None and vote.votes >= rubric.rubric.scoring.topic_threshold / 2:
        return TopicVote(vote.runner_up, vote.votes)
    return vote


def _names_own_topic_before(question: str, at: int, goal: str | None, previous: str, rubric: LoadedRubric) -> bool:
    """Does the question itself name a topic other than ``previous`` before position ``at``, with
    at least the weak vote (half the threshold) for it?"""
    own = _weak(classify(question, goal, rubric), rubric)
    if own.topic_id is None or own.topic_id == previous:
        return False
    head = Doc.of(question[:at])
    return any(head.find(c, rubric.compiler) for c in rubric.rubric.topic(own.topic_id).questions)


# a behavioural question ("Tell me about a time you had to push back on a deadline … How did you handle it?",
# "说一个你和同事意见不合的经历，你是怎么处理的？"): its "it" is the story it asks for, never the previous topic
_BEHAVIOURAL = re.compile(
    r"(?i:tell me about a time|tell us about a time|describe a time|describe a situation|give me an example of a time|"
    r"a time when you|a time you|a situation where you|how did you handle|how did you deal with|how did you resolve)"
    r"|(?:说一个|讲一个|举一个|分享一个|说说你|讲讲你)[^？?]{0,30}(?:经历|例子|情况|时候)|你是怎么处理的|你是如何处理的|你当时是怎么"
    # ... or how the candidate would deal with people: "业务方临时改需求，模型已经训练到一半，你会怎么沟通？"
    # or "跟业务方怎么协调？" (not "你会怎么协调剩下的机器？", "how would you communicate gradients?")
    r"|你(?:会|要|打算)?(?:怎么|如何|怎样)(?:去)?(?:(?:跟|和|与|向)[^？?，,。]{0,8})?(?:沟通|交涉|说服|汇报)(?=[？?。呢]|$)"
    r"|(?:跟|和|与|向)(?:业务|产品|老板|领导|上级|同事|团队|组长|经理|客户|甲方|HR|PM|pm)[^？?，,。]{0,6}(?:沟通|协调|交涉|说服|汇报|解释)"
    r"|(?i:how (?:would|will|do|did) you (?:communicate|explain|break|sell|justify|raise)(?: (?:it|this|that|the news|the delay))?"
    r" (?:to|with) (?:the |your )?(?:team|manager|boss|business|stakeholders?|pm|product|leadership|customers?|clients?)\b)"
)


_SENTENCE_END = re.compile(r"[.!。！](?=\s|$)|[。！]")
_ZH_ASK_AFTER_SETUP = re.compile(r"[，,；;]\s*(?:那么?)?你")
_EN_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")
SETUP_MIN = {"en": 6, "zh": 10}  # words (English) or characters (Chinese) of a statement that sets a scene


def _after_setup(question: str, at: int) -> bool:
    """Does a statement of its own open the question before the sentence that holds position ``at``?  A
    pronoun after one ("…model. What does it mean to split it across GPUs?") points at what it set up
    ("OK, good. How does it scale?" opens with no such statement)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(question, 0, at)]
    if ends:
        setup = question[: ends[-1]]
        if len(_ZH_CHAR.findall(setup)) >= SETUP_MIN["zh"] or len(_EN_WORD.findall(setup)) >= SETUP_MIN["en"]:
            return True
    # ... or, in Chinese, clauses of their own before a 你 that asks about it ("上线一个新的排序模型做A/B实验，CTR提升了0.3%，
    # 你怎么判断这个结果是否可信？")
    ask = _ZH_ASK_AFTER_SETUP.search(question, 0, at)
    return ask is not None and len(_ZH_CHAR.findall(question, 0, ask.start())) >= SETUP_MIN["zh"]


def _follow_up(question: str, goal: str | None, previous: str, rubric: LoadedRubric) -> TopicVote | None:
    """The vote for ``question`` read after the ``previous`` topic, or None."""
    if _BEHAVIOURAL.search(question) or _asks_logistics(question, rubric):
        return None
    title = rubric.rubric.topic(previous).title
    m = _EN_BACK.search(question)
    s = _EN_BACK_SUBJECT.search(question) if m is None else None
    back = m or s or _ZH_BACK.search(question)
    if back is not None and (
        _names_own_topic_before(question, back.start(), goal, previous, rubric) or _after_setup(question, back.start())
    ):
        # "Communication overhead is often the bottleneck. How would you cut it?": "it" is the thing the
        # question has just named, not the previous topic; so is the thing a scenario sets up first ("Your training
        # data is around 2 billion impressions a day. How is that split across the workers?")
        return _weak(classify(question, goal, rubric), rubric)
    if m is not None:  # "…different from that?" -> "…different from Parameter server?"
        resolved = question[: m.start()] + (title.get("en") or "") + question[m.end():]
    elif s is not None:  # "what does that cost per GPU?" -> "what does Ring all-reduce cost per GPU?"
        resolved = question[: s.start("p")] + (title.get("en") or "") + question[s.end("p"):]
    elif (m := _ZH_BACK.search(question)) is not None:  # "那它和 DDP 有什么区别？"
        resolved = question[: m.start()] + (title.get("zh") or "") + question[m.end():]
    elif (f := _FOLLOW_UP.match(question)) is not None:  # "追问：那异步呢？" -> "参数同步：那异步呢？"
        zh = _ZH_CHAR.search(question) is not None
        resolved = f"{title.get('zh' if zh else 'en') or ''}{'：' if zh else ': '}{question[f.end():]}"
    elif _WHY_NOT.match(question) is not None and len(question.strip()) <= CONDITIONAL_MAX[
        "zh" if (zh := _ZH_CHAR.search(question) is not None) else "en"
    ]:
        resolved = f"{title.get('zh' if zh else 'en') or ''}{'：' if zh else ': '}{question}"
    elif _TERSE_WHY.match(question) is not None:  # "为什么会有？" right after "异步训练会有陈旧梯度吗？"
        return TopicVote(previous, rubric.rubric.scoring.topic_threshold)
    elif _ELLIPTIC_COST.match(question) is not None:  # "And the downside?": nothing to resolve, the cost rule below decides
        resolved = question
    elif _CONDITIONAL.match(question) is not None and len(question.strip()) <= CONDITIONAL_MAX[
        "zh" if _ZH_CHAR.search(question) else "en"
    ]:
        # "如果某一个worker特别慢，同步模式下会发生什么？": it stays on the previous topic unless a weaker cue
        # of its own points elsewhere; it must still use some of the rubric's vocabulary ("如果让你选呢？" does not)
        doc = Doc.of(question)
        if _TRAINING_WORDS.search(question) is None and not any(
            doc.occurrences(spec, rubric.compiler) for t in rubric.rubric.topics for spec in t.vocabulary
        ):
            return None
        own = _weak(classify(question, goal, rubric), rubric)
        if own.topic_id is not None and own.topic_id != previous and asked_points(
            question, rubric.rubric.topic(previous), rubric
        ):
            # ... but not when it names a point of the previous topic by that point's own words: after the
            # ring, "那从8卡扩到64卡，每张卡的通信量会变成多少？" asks for the ring's cost, whatever 通信量 votes for
            return TopicVote(previous, own.votes)
        return own if own.topic_id is not None else TopicVote(previous, own.votes)
    else:
        return None
    # "那它的代价呢？" / "and the downside of that?": a short question on a cost, pointing back, is the
    # previous topic's own (costs are no rubric vocabulary; "why leave it?" asks about none); so is one on how it
    # performs, pointing back ("Why does it scale that way?", "Why is that one faster?")
    # (only when it holds no weaker cue of its own: "Comms overhead. How do you cut it?" asks about its own words)
    doc = Doc.of(question)
    if not any(doc.occurrences(spec, rubric.compiler) for t in rubric.rubric.topics for spec in t.vocabulary):
        if (
            len(question.strip()) <= COST_MAX
            and (_COST.search(question) is not None or (back is not None and _PACE.search(question) is not None))
            and _weak(classify(question, goal, rubric), rubric).topic_id is None
        ):
            vote = classify(resolved, goal, rubric)
            return vote if vote.topic_id is not None else TopicVote(previous, vote.votes)
        return None
    vote = classify(resolved, goal, rubric)
    return vote if vote.topic_id is not None else None


# Line breaks inside code the question quotes: in a fenced block, and before an indented line ("if dist.get_rank() == 0:"
# / "    optimizer.step()"). A statement of code runs over them, so a cue may find its terms on both sides.
_FENCED = re.compile(r"```.*?```", re.S)
_CODE_BREAK = re.compile(r"\r?\n(?=[ \t]{2,}\S)")


def _code_joined(question: str) -> str:
    """The question with the line breaks inside the code it quotes made spaces, one character for one."""
    if "\n" not in question:
        return question
    if "```" in question:
        question = _FENCED.sub(_spaced, question)
    return _CODE_BREAK.sub(_spaced, question)


def _spaced(m: re.Match[str]) -> str:
    return m.group().replace("\r", " ").replace("\n", " ")


# What the interviewer sets aside in the question, to the end of its clause: "I'm not asking about DataParallel
# here", "leaving aside the parameter server, ...", "先不谈参数服务器，……", "不考虑模型并行的话，……": it names a
# topic the question does not ask about
_ASIDE = re.compile(
    r"(?i)(?:\b(?:i'm|i am|we're|we are)\s+not\s+(?:asking|talking)\s+about|\bnot\s+asking\s+about"
    r"|\b(?:leave|leaving|set|setting|put|putting)\s+aside|\b(?:leave|leaving|set|setting|put|putting)\s+(?:\S+\s+){1,4}?aside"
    r"|\b(?<!n't )(?<!not )forget\s+(?:about\s+)?|不是问|先不谈|先不说|先不管|先不考虑|不考虑|撇开|抛开|暂且不论|暂不讨论)"
    r"[^。.?？!！;；:：,，\n]*"
)


# What a question that ends on logistics asks, whatever the team introduction before it names: "我们组主要负责集合通信优化和
# 集群调度。正式开始前先问一下，你现在还在职吧？离职要多久？", "We mostly work on NCCL tuning. Before we start: what's your notice period?"
_LOGISTICS = re.compile(
    r"(?i)离职|在职|到岗|入职|薪资|薪水|期望薪|待遇|年包|工资|社保|户口|搬家|异地|远程办公|签证|"
    r"\bnotice period\b|\bsalary\b|\bcompensation\b|\brelocat|\bvisa\b|\bstart date\b|\bwork remotely\b|\bremote work\b"
)
_ASK_STARTS_AFTER = "。.!！?？"


def _last_ask(question: str) -> str | None:
    """The last sentence that asks something, from the end of the sentence before it to the end of the question (found
    with rfind: linear however long the question)."""
    q = max(question.rfind("?"), question.rfind("？"))
    if q < 0:
        return None
    start = max(question.rfind(c, 0, q) for c in _ASK_STARTS_AFTER) + 1
    return question[start:]


def _asks_logistics(question: str, rubric: LoadedRubric) -> bool:
    """Does the question's last asking sentence ask about logistics (notice period, salary, relocation, visa), naming no
    topic of its own ("离职前你们团队的 DDP 是怎么同步梯度的？" still asks about synchronisation)?"""
    if _LOGISTICS.search(question) is None:
        return False
    ask = _last_ask(question)
    if ask is None or _LOGISTICS.search(ask) is None:
        return False
    return _classify(ask, None, rubric, logistics=False).topic_id is None


def _classify(question: str, goal: str | None, rubric: LoadedRubric, logistics: bool = True) -> TopicVote:
    if logistics and _asks_logistics(question, rubric):
        return TopicVote(None, 0.0)
    if _ASIDE.search(question):
        question = _ASIDE.sub("", question)
    qdoc = Doc.of(_code_joined(question))
    gdoc = Doc.of(goal) if goal else None
    votes = []
    for order, topic in enumerate(rubric.rubric.topics):
        q_votes = 0.0
        named = len(qdoc.text)  # where the question first names the topic (the first item of a cue that holds)
        for c in topic.questions:
            if qdoc.find(c, rubric.compiler):
                q_votes += c.weight
                occ = qdoc.occurrences(c.all[0], rubric.compiler)
                if occ:
                    named = min(named, occ[0][0])
        g_votes = 0.0
        if gdoc is not None:
            g_votes = sum(c.weight for c in topic.questions if gdoc.find(c, rubric.compiler))
        # a tie goes against the topic the question names only as what another is compared with: "什么是模型并行？和
        # 数据并行怎么区分？" asks about model parallelism, "数据并行具体是怎么做的？和模型并行怎么区分？" about data parallelism
        compared = q_votes > 0 and _COMPARED_WITH.search(qdoc.text, max(0, named - 20), named) is not None
        votes.append((q_votes, g_votes, -compared, order, topic.id))
    # the goal line speaks up when the question itself names no topic, and less beside one that does
    factor = GOAL_FACTOR if any(v[0] for v in votes) else GOAL_FACTOR_ALONE
    scored: list[tuple[float, float, int, int, str]] = []
    for q_votes, g_votes, compared, order, topic_id in votes:
        total = q_votes + factor * g_votes
        if total > 0:
            scored.append((total, q_votes, compared, -order, topic_id))
    if not scored:
        return TopicVote(None, 0.0)
    scored.sort(reverse=True)
    best = scored[0]
    runner = scored[1][-1] if len(scored) > 1 else None
    if best[0] < rubric.rubric.scoring.topic_threshold:
        return TopicVote(None, best[0], best[-1])
    return TopicVote(best[-1], best[0], runner)


# An interviewer's pushback on the answer before, opening the question (after a filler or an acknowledgement)
# The words that put the candidate's answer back to them to confirm ("所以你的意思是…？", "So what you're saying is…?"): a
# question so opened asks about what was just asked (``_CHALLENGE``), and asks yes or no whatever its other words (the
# engine reads it as the statement it puts when the answer agrees)
PUT_BACK_WORDS = (
    r"你的意思是|你是说|你是想说|意思是说|照你这么说|按你的说法"
    r"|(?<![a-z])(?:so,? )?(?:basically,? )?(?:what )?you(?:'re| are) saying|(?<![a-z])(?:so )?you mean(?: to say)?(?: that)?\b"
    r"|(?<![a-z])if i (?:understand|understood|follow|heard) you"
)

_CHALLENGE = re.compile(
    r"(?i)\s*(?:(?:嗯|哦|噢|呃|好|那|等一下|等等|hmm+|um+|ok(?:ay)?|wait|hold on)[\s,，.。…!！]*)*"
    r"(?:你确定|确定吗|你肯定|真的吗|真的是这样吗|你再想想|再想想|你再确认一下|再确认一下"
    r"|are you sure|are you certain|you sure|really\?|let me push on that|let me push back"
    r"|is that right\?|is that really (?:true|so|the case))"
    # ... or closing it: "等一下，你说的“把不同层放到不同卡上”，这不是模型并行吗？你再想想。" (not "你刚才说 X，那 Y？",
    # which takes up the answer to ask something new)
    r"|.*(?:你再想想|你再好好想想|你确定吗|are you sure)[\s?？.。!！]*$"
    # ... or putting the answer back to the candidate to confirm: "所以你的意思是 overlap 就是等 backward 全部算完以后，再统一做
    # 一次 all-reduce？", "Right, so each GPU is responsible for a different slice of the layers…?", "So you're saying …?"
    r"|(?:(?:所以|那|也就是说|就是说|right|ok(?:ay)?|got it|i see)[\s,，.]*)?(?:" + PUT_BACK_WORDS + ")"
    r"|(?:(?:right|ok(?:ay)?|got it|i see)[\s,，.]+|and )so,? (?![^?]*(?<![a-z])(?:what|how|why|which|who|when|where)(?![a-z]))"
    r"(?=[^?]*\?\s*$)"
)


# What a topic named as the other side of a comparison follows ("和数据并行怎么区分", "different from data parallelism")
_COMPARED_WITH = re.compile(
    r"(?:和|与|跟|同|比起|相比于?|different from|differs? from|compared? (?:with|to)|versus|vs\.?|rather than|instead of)\s*$"
)


def _distinctive_terms(topic: Topic, rubric: LoadedRubric) -> list[tuple[str, frozenset[str]]]:
    """Per key point of ``topic``, the literal terms that name it: used by no other key point
    of the topic and by at most ``FOCUS_SPREAD`` key points of the whole rubric, and not too
    short to be a word of their own ("bubble", "分桶", "central node"; not "用" or "so")."""
    memo = rubric.memo.get("distinctive")
    if memo is None:
        # every topic's at once: the literal -> key points map they come from is ~2 MB, not worth keeping
        spread: dict[str, set[tuple[str, str]]] = {}  # literal -> the key points (rubric-wide) whose patterns use it
        for t in rubric.rubric.topics:
            for k in t.key_points:
                for key in {key for p in k.patterns for spec in p.all for key in rubric.compiler(spec).literals}:
                    spread.setdefault(key, set()).add((t.id, k.id))
        memo = rubric.memo["distinctive"] = {
            t.id: [
                (k.id, frozenset(
                    key for key, users in spread.items()
                    if (t.id, k.id) in users and len(users) <= FOCUS_SPREAD
                    and not any(u != (t.id, k.id) and u[0] == t.id for u in users)
                    and len(key) >= (4 if key.isascii() else 2)
                ))
                for k in t.key_points
            ]
            for t in rubric.rubric.topics
        }
    return memo[topic.id]


FOCUS_SPREAD = 3  # key points of the whole rubric a naming term may belong to
FOCUS_MAX = 2  # key points a follow-up may single out and still count as narrow


def asked_points(question: str, topic: Topic, rubric: LoadedRubric) -> list[str]:
    """The key points a follow-up question singles out: those whose own words it uses
    ("流水线并行里的bubble是怎么回事？" asks about pipeline parallelism's bubble, "Is there a
    central node in that?" about the ring having none).  Empty when it names none of them,
    or more than ``FOCUS_MAX`` or half the topic's points (then it asks about the topic)."""
    memo = rubric.memo.setdefault("asked", {})
    key = (question, topic.id)
    got = memo.get(key)
    if got is None:
        found = Doc.of(question).satisfied_keys(rubric.compiler)
        got = [kid for kid, keys in _distinctive_terms(topic, rubric) if not keys.isdisjoint(found)]
        if len(got) > FOCUS_MAX or 2 * len(got) >= len(topic.key_points):
            got = []
        if len(memo) < 20_000:
            memo[key] = got
    return list(got)
