"""Bare replies to yes/no questions: "会。" to "异步训练会有陈旧梯度吗？", "No." to "Is there a central node in ring
all-reduce?".

A reply that only echoes the question's verb ("有。", "需要的。") agrees with what the question puts, as "对" does; a
reply that only denies it ("不需要。", "没有", "No.", "Nope, it doesn't.") says the opposite, which ``denied_statement``
writes out so that the errors it makes can be found: "异步训练会有陈旧梯度吗？" denied is "异步训练不会有陈旧梯度", the
claim that async has no staleness; "Is per-GPU traffic constant as you add GPUs?" denied is "is not per-GPU traffic
constant as you add GPUs", the claim that it grows. A denial of a negative question agrees with it ("不会。" to "异步
训练不会有陈旧梯度吧？" says there is none).

Both work on the raw text of the question and the answer; the statements they return are new text, not spans of the
source, so what they assert is quoted from the answer.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# how long a bare reply may be (folded characters)
BARE_MAX = 24

_LEAD_ZH = r"(?:嗯+|呃+|额|哦|噢|唔)?[\s,，.。…!！~]*"
_TAIL_ZH = r"(?:的|啊|呀|吧|呢|了|哈|啦)?[\s,，.。…!！~]*"
# the verbs a Chinese yes/no question is answered with, longest first
_VERBS_ZH = ("需要", "存在", "可以", "一样", "相同", "会", "有", "是", "要", "能", "用", "对", "行", "算")
_VERB_ZH = "|".join(_VERBS_ZH)
_ECHO_ZH = re.compile(_LEAD_ZH + rf"(?:是的[\s,，]*)?(?P<verb>{_VERB_ZH})(?:的)?" + _TAIL_ZH)
_DENY_ZH = re.compile(
    _LEAD_ZH + r"(?:不是的?[\s,，]*|不对[\s,，]*)?(?P<neg>并不|并没|不|没)(?P<verb>" + _VERB_ZH + r")?(?:的)?" + _TAIL_ZH
)
_DENY_EN = re.compile(
    r"\s*(?:(?:um+|uh+|well|hmm+)[\s,.]*)?(?:no|nope|nah|not really|not at all|absolutely not|definitely not|of course not)"
    r"(?:[\s,.!]+(?:it|they|there|that|he|she|you|we|i)(?:'s| is| are|)?\s*"
    r"(?:doesn't|don't|isn't|aren't|wasn't|weren't|won't|can't|didn't|not|does not|do not|is not|are not))?[\s.!…]*",
    re.I,
)
_AUX_EN = re.compile(
    r"\s*(?:(?:and|so|okay|ok|right|well|alright)[\s,]+)*\b"
    r"(?P<aux>is|are|does|do|did|was|were|can|could|would|will|should|has|have|isn't|aren't|doesn't|don't|didn't"
    r"|wasn't|weren't|can't|won't|hasn't|haven't)(?![a-z'])",
    re.I,
)
_ASKING_ZH = re.compile(r"[吗吧呢]?[\s?？]*$")
# a question that puts its claim as a rhetorical negative ("不就是…吗", "难道不是…")
_RHETORICAL_ZH = re.compile(r"不就|难道|不也|不正是|不都是")
_SENTENCES = re.compile(r"[^。.!！?？\n]+[。.!！?？]*")
# a question about the candidate ("你了解 Ring-Allreduce 吗？", "Have you used DDP?"): "No" / "不会" / "没有" there is not
# knowing, not a claim ("Do you think …?" asks for one)
_ABOUT_YOU = re.compile(
    r"你(?:们)?(?:了解|知道|熟悉|用过|做过|听说过|接触过|懂|会不会|会|能不能|能|有没有|有|学过|看过|写过|搞过|调过|试过)"
    r"|(?<![a-z])(?:do|did|have|are|were|can|could|would|will|had)\s+you(?!\s+(?:think|believe|reckon|agree|feel|say))\b",
    re.I,
)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def _yes_no_sentence(question: str) -> str | None:
    """The question's last sentence that asks, without its question mark (None when it asks nothing)."""
    asks = [s.strip() for s in _SENTENCES.findall(_fold(question)) if s.strip().endswith(("?", "？"))]
    return asks[-1].rstrip("?？ ") if asks else None


def echoes_yes(question: str, answer: str) -> bool:
    """Does a bare reply of the question's own verb agree with it ("有。" to "Ring all-reduce 里有中心节点吗？")?"""
    reply = _fold(answer)
    if len(reply) > BARE_MAX or (m := _ECHO_ZH.fullmatch(reply)) is None:
        return False
    asked = _yes_no_sentence(question)
    if asked is None:
        return False
    verb = m.group("verb")
    asked = asked.replace(f"{verb}不{verb}", verb).replace(f"{verb}没{verb}", verb)  # "有没有…？" asks "有…"
    return verb in asked and not re.search("(?:不|没)" + verb, asked)


def denies(answer: str) -> bool:
    """Is the reply a bare denial ("不需要。", "没有", "No.", "Nope, it doesn't.")?"""
    reply = _fold(answer)
    return len(reply) <= BARE_MAX and bool(reply) and (
        _DENY_ZH.fullmatch(reply) is not None or _DENY_EN.fullmatch(reply) is not None
    )


def denied_statement(question: str, answer: str) -> str | None:
    """What a bare denial says, written out from the question (None when it cannot be: a question asking nothing, or
    a verb the question does not use)."""
    asked = _yes_no_sentence(question)
    if asked is None or _ABOUT_YOU.search(asked):
        return None
    reply = _fold(answer)
    if (m := _DENY_ZH.fullmatch(reply)) is not None:
        asked = _ASKING_ZH.sub("", asked)
        verb = m.group("verb")
        if verb is None or (verb in ("对", "是") and verb not in asked):
            # "没有。" / "不对。" alone: the verb the question puts first, denied where it stands
            found = re.search(_VERB_ZH, asked)
            if found is None:
                return None
            verb = found.group()
        neg = "没" if m.group("neg") in ("没", "并没") and verb == "有" else "不"
        for form in (f"{verb}不{verb}", f"{verb}没{verb}"):  # an A-not-A question: "会不会有…"
            if form in asked:
                return asked.replace(form, neg + verb, 1)
        if _RHETORICAL_ZH.search(asked):
            return None  # "DDP 不就是每步把权重平均一下吗？" - "不是。": the claim rejected, nothing said in its place
        if re.search(f"(?:不|没){verb}", asked):
            return asked  # a negative question denied: "不会。" to "…不会有陈旧梯度吧？" agrees that there is none
        if verb not in asked:
            return None
        return asked.replace(verb, neg + verb, 1)
    if _DENY_EN.fullmatch(reply) is not None:
        # (the auxiliary may follow a lead-in set off by a comma: "With ring all-reduce, is per-GPU traffic …?")
        a = _AUX_EN.match(asked) or next((x for x in _AUX_EN.finditer(asked) if asked[:x.start()].rstrip().endswith(",")), None)
        if a is None:
            return None
        aux = a.group("aux").lower()
        base = {"can't": "can", "won't": "will"}.get(aux, aux[:-3] if aux.endswith("n't") else aux)
        # (a negative question denied says the same: "Isn't DDP basically a PS?" - "No." - "is not DDP basically a PS")
        return f"{base} not {asked[a.end():].strip()}"
    return None


# A judgement that agrees in part ("一半对一半错", "对也不对", "部分对吧", "基本对，但是…", "Partly.", "Half right.", "Not
# entirely.", "Yes and no."), opening the answer, after a write-up's "我回答说" / "I said" at most
_PARTIAL = re.compile(
    r"\s*(?:(?:嗯+|呃+|额|um+|uh+|well|hmm+)[\s,，.。…]*)?"
    r"(?:(?:我(?:当时|就)?(?:回答|回)?说|i said(?: it(?:'s| was| is))?|i told (?:him|her|them)(?: it(?:'s| was))?)[\s,，:：]*)?"
    r"(?:(?:这个说法|这话|这句话)?(?:我觉得|我认为|我感觉)?[\s,，]*(?:有)?(?=一半))?"
    r"(?:(?:一半对一半错|对一半错一半|说对了一半|对了一半|对一半|对也不对|部分对|部分正确|有对有错|有对也有错|不完全对|不全对|不完全正确|基本对"
    r"|基本上对|基本正确|大体对|大体上对|大部分对|前半句对|后半句对|前半句是对的|前半部分对|同意一半|半对半错|只对了一半|一半是对的|一半对)"
    r"(?:吧|啊|呀|的吧|的)?"
    r"(?![\u4e00-\u9fff])"
    r"|(?:it's |that's |it is |that is )?(?:partly|partially|half|mostly|only partly|only half|sort of|kind of)"
    r"(?: (?:right|true|correct|agree|yes))?(?: (?:right|true|correct))?"
    r"|not (?:quite|entirely|completely|fully|exactly|totally)(?: (?:right|true|correct))?|yes and no|in part|somewhat"
    # (something found wrong without saying what: "Something in there feels off, but I can't put my finger on it.")
    r"|something (?:in (?:there|that|it) |about (?:it|that) )?(?:feels|seems|sounds|looks) off)"
    r"(?=\s*(?:[,.;:!?，。；：！？…]|$|(?:i guess|i think|i'd say|i suppose|i said)\b))",
    re.I,
)
# ... and the rest of the claim accepted after the part named ("剩下的说法没什么问题", "其他的也差不多", "The rest is fine too"):
# what is left of the claim is the candidate's
_REST_ACCEPTED = re.compile(
    r"(?:剩下的|剩余的|其余的?|其他的?|别的|后面的|另外的?)(?:说法|部分|内容|地方|几点|那些)?"
    # (a few words between: "其他的……我觉得也基本没问题"; a half named, "后半句对", is no rest: which half errs is unknown)
    r"[…\s,，.。]{0,8}(?:我觉得|我认为|我看|感觉)?(?:也|都|倒是|基本上?|大体上?)*"
    r"(?:没(?:什么|啥)?(?:问题|毛病|错)|差不多|是对的|对的|都对|对|正确|成立|说得对|没错)"
    r"|(?<![a-z])(?:the rest|everything else|all the rest|the remaining part|the other part|the second part|the second half|the rest of it)"
    r"(?: of (?:it|the claim|the statement))?(?:'s| is| sounds| seems| looks)(?: (?:all|also|basically|mostly|pretty much))? "
    r"(?:fine|right|correct|true|ok|okay|accurate|spot on)",
    re.I,
)


def partly_agrees(answer: str) -> bool:
    """Does the answer open with a judgement that agrees in part ("对也不对", "Partly, I guess.")?"""
    return _PARTIAL.match(_fold(answer)) is not None


def accepts_rest(answer: str) -> bool:
    """Does the answer, after a part it names, accept the rest of what the question puts ("剩下的说法没什么问题", "The rest
    is fine too, I think")?"""
    return _REST_ACCEPTED.search(_fold(answer)) is not None


# A claim in two halves ("Async doesn't wait for stragglers, and it converges just like sync. Right?", "异步训练更快，而且
# 不会有参数过期的问题，对吗？"), and the halves an answer names and accepts ("First half right. Second half I believe so
# too", "后面那半句我觉得大体也没毛病"): what the candidate accepts of it, half by half
_HALF_SPLIT = re.compile(r",\s*and\s+|;\s*|,\s*but\s+|，\s*(?:而且|并且|同时|还|但是?|所以)|；\s*(?:而且|并且|另外|同时)?")
_JUDGE_ASK = re.compile(r"[。.!！]\s*[^。.!！?？\n]{1,24}[?？]\s*$")
# three or more statements listed ("有三个说法：A；B；C。"): the parts are split at each semicolon
_PART_SPLIT = re.compile(r"[;；]\s*")
# ... or numbered: "一是缩短训练时间，二是…", "一，PS 能…；二，…", "(1) … (2) …", "1) … 2) …"
_PART_MARK = re.compile(
    r"(?:^|(?<=[，,；;：:。.\s“\">]))(?:([一二三四])(?:是|[，,、])|[(（]([1-4一二三四])[)）]|([1-4])[)）.、](?!\d)|([①②③④])"
    r"|(?i:(one|two|three|four)):"
    # ... or lettered: "A，梯度被切成N块；B，先做reduce-scatter…", "(A) … (B) …"
    r"|([A-D])[，,、:：)）](?!\d)|[(（]([A-Da-d])[)）])"
)
_ITEM_LINE = re.compile(r"(?:\n|<br\s*/?>)[ \t]*(?:[-*•·][ \t]+|(?=[\"“「]))(?P<item>[^\n<]+?)[ \t]*(?=\n|<br|$)")
_MARK_NUMBER = {**{c: i for i, c in enumerate("一二三四")}, **{c: i for i, c in enumerate("1234")}, **{c: i for i, c in enumerate("abcd")},
                **{c: i for i, c in enumerate("①②③④")}, **{w: i for i, w in enumerate(("one", "two", "three", "four"))}}
PARTS_MAX = 4
_HALF_TAG = re.compile(
    r"[\s,，]*(?:right|agree|correct|true|yes|do you agree|would you agree|is that right|对吗|对不对|是吗|是不是|你同意吗|同意吗"
    r"|你怎么看|你觉得呢|这两句你同意哪句|你同意哪句)?[\s?？.。!！]*$",
    re.I,
)
_PART_WORDS = r"(?:half|part|bit|clause|claim|one|point|statement|sentence)"
_ORDINALS_EN = ("first|former|opening", "second|latter", "third", "fourth")
_ORDINALS_ZH = ("一", "二", "三", "四")


@lru_cache(maxsize=None)
def _part_names(i: int, n: int, lettered: bool = False) -> re.Pattern[str]:
    """The words that name part ``i`` of ``n``: "the first half", "第二条", "后一句" (the last of two or more: "the last part");
    of lettered parts also the letter judged ("A、B、D我都认。C不对", "B is wrong")."""
    en = _ORDINALS_EN[i] + ("|last|other" if i == n - 1 else "")
    zh = rf"第{_ORDINALS_ZH[i]}(?:句话?|条|点|部分|个说法|个|半)"
    if lettered:
        x = "abcd"[i]
        zh += (rf"|(?<![a-z0-9]){x}(?=\s*(?:(?:[和、与跟及,，&]|and)\s*[a-d]\s*)*(?:都|也)?(?:我)?(?:都|也)?不?(?:对|成立|没问题|站得住|买|认|同意)"
               rf"|\s*(?:(?:,|and|&)\s*[a-d]\s*)*(?:is|are)?\s*(?:both |all )?(?:right|correct|true|fine|wrong|false|holds?|off|incorrect)(?![a-z]))")
    # (a bare numeral in a list of those judged: "二和三对，一不对")
    zh += rf"|(?<![第一二三四五六七八九十a-z0-9]){_ORDINALS_ZH[i]}(?=\s*(?:[和、与跟及,，]\s*[一二三四]\s*)*(?:都|也)?不?(?:对|成立|没问题|站得住|买|认同|同意))"
    if i < 2 and n > 2:
        zh += r"|前两(?:条|点|句|个|部分)"
        en += r"|first two|two first"
    if i >= n - 2 and n > 2:
        zh += r"|后两(?:条|点|句|个|部分)"
        en += r"|last two"
    if i == 0:
        zh += r"|前半句|前半部分|前半段|前面(?:那|的)?半句|前一句|前一半|前一部分|前者"
    if i == n - 1:
        zh += r"|后半句|后半部分|后半段|后面(?:那|的)?半句|后一句|后一半|后一部分|后者|最后一(?:句|条|点)"
    # (of three or four, a bare ordinal names a part too: "the first two", "the third"; of two, "first" alone opens too much)
    if n > 2:
        return re.compile(rf"(?:the )?(?:{en})(?: {_PART_WORDS}| ones| of them)?(?![a-z])|{zh}")
    # (of two, "the first" / "the second" with its article: "The first is right.")
    return re.compile(rf"(?:the )?(?:{en}) {_PART_WORDS}|the (?:{en})(?![a-z])|{zh}")


_HALF_OK = re.compile(
    r"[^.。;；!！?？]{0,24}?(?:(?<![a-z])(?:right|true|correct|fine|accurate|holds|stands)(?![a-z])|i (?:agree|buy|accept)|so too|agree"
    r"|没错|没毛病|没问题|成立|正确|同意|认同|是对的|对的|(?<![不])对|(?<![不])买|站得住|都认(?!为)|也认(?!为)|我认(?!为))"
)
_QUOTED = re.compile(r"[\"“「](?P<q>[^\"“”「」\n]{8,300})[\"”」]")
_QUOTE_GAP = re.compile(r"\s*(?:[;；,，、]|and|以及|和)?\s*(?:[;；,，、]|and|以及|和)?\s*")
# each part judged in turn, bare: "True, true, true.", "对，不对，对", "Yes, no."
_VERDICT_WORDS = r"(?:不对|不成立|错误|incorrect|false|wrong|true|right|correct|yes|no|对|错|正确|成立|√|×|✓|✗)"
_IN_ORDER = re.compile(rf"\s*{_VERDICT_WORDS}(?:\s*[,，、;；/]?\s*(?:and\s+)?{_VERDICT_WORDS}){{1,3}}\s*[.。!！]?\s*")
_VERDICT_WORD = re.compile(_VERDICT_WORDS)
_ALL_BARE = re.compile(
    r"\s*(?:(?:嗯|我觉得|我认为)[，,\s]*)?(?:都对|全对|都是对的|全都对|都成立|都没问题|(?:两|三|四)(?:条|点|句|个)?(?:说法)?都对)(?:的|吧|啊)?[。.!！]?\s*"
    r"|\s*(?:(?:um+|well|i think)[,\s]*)?(?:all (?:of them|three|four|correct|true|right)|both(?: of them)?|they're all (?:right|correct|true)"
    r"|all (?:of them |three |four )?(?:are )?(?:right|correct|true))(?:,? i think)?[.!]?\s*"
)
_POSITIVE = frozenset({"true", "right", "correct", "yes", "对", "正确", "成立", "√", "✓"})


def judged_in_order(question: str, answer: str) -> list[tuple[int, int]] | None:
    """The parts a bare answer accepts by judging each in turn ("True, true, true.", "对，不对，对"), or None when the answer
    is not that or its judgements do not match the parts in number."""
    text = _fold(answer).lower()
    every = _ALL_BARE.fullmatch(text) is not None
    if not every and _IN_ORDER.fullmatch(text) is None:
        return None  # (checked first: most answers are no bare verdicts, and the question need not be split)
    halves = claim_halves(question)
    if len(halves) < 2:
        return None
    if every:
        return halves  # (all of them at once, bare: "都对。", "All correct.", "All three.")
    words = _VERDICT_WORD.findall(text)
    if len(words) != len(halves):
        return None
    return [h for h, w in zip(halves, words) if w in _POSITIVE]


_LETTER_MARK = re.compile(r"[(（]?[A-D][，,、:：)）]\s*$|[(（][a-d][)）]\s*$")
_IN_HALF = re.compile(r"\s*(?:了?一半|对一半|一部分|half|in part|partly|partially)|只对|only half|half right|partly right|partially right")
_HALF_NO = re.compile(r"(?<![a-z])(?:not|isn't|wasn't|doesn't|don't|wrong|no)(?![a-z])|不(?!错)|错(?<!没错)|(?<!没)问题(?!不大)")


def claim_halves(question: str) -> list[tuple[int, int]]:
    """The parts of a claim a question puts, as ranges of the question (without its closing tag), or []: two halves
    joined by a conjunction, or three or four statements set apart by semicolons."""
    return list(_claim_halves(question))


@lru_cache(maxsize=1024)  # (one answer's grading asks for its question's parts several times; callers get a copy)
def _claim_halves(question: str) -> list[tuple[int, int]]:
    tag = _HALF_TAG.search(question)
    end = tag.start() if tag is not None and tag.start() > 0 else len(question)
    # (a short question of its own after the claim asks for the judgement: "…。你同意哪部分？", "…. Which parts do you buy?")
    ask = _JUDGE_ASK.search(question)
    if ask is not None and 0 < ask.start() < end:
        end = ask.start() + 1
    body = question[:end]
    marks = list(_PART_MARK.finditer(body))
    order = [_MARK_NUMBER[next(g for g in m.groups() if g).lower()] for m in marks]
    if 2 <= len(marks) <= PARTS_MAX and order == list(range(len(marks))):  # numbered 1, 2, … in turn
        return [(m.end(), marks[i + 1].start() if i + 1 < len(marks) else end) for i, m in enumerate(marks)]
    # (statements on lines of their own, bulleted or quoted: "- The DDP constructor broadcasts …", '<br>"Pipeline …"')
    items = [m for m in _ITEM_LINE.finditer(body)]
    if 2 <= len(items) <= PARTS_MAX:
        return [(m.start("item"), m.end("item")) for m in items]
    # (statements quoted one after another: 'Parameter servers: "a PS divides the layers …, and each worker …"; "workers
    # push gradients …"': each quote is a part, whatever "and" it holds)
    quoted = list(_QUOTED.finditer(body))
    if 2 <= len(quoted) <= PARTS_MAX and all(_QUOTE_GAP.fullmatch(body[a.end():b.start()]) for a, b in zip(quoted, quoted[1:])):
        return [(m.start("q"), m.end("q")) for m in quoted]
    seps = list(_PART_SPLIT.finditer(body))
    if 2 <= len(seps) < PARTS_MAX:
        starts = [0] + [m.end() for m in seps]
        ends = [m.start() for m in seps] + [end]
        if all(body[s:e].strip() for s, e in zip(starts, ends)):
            return list(zip(starts, ends))
    m = _HALF_SPLIT.search(body)
    if m is None or not body[: m.start()].strip() or not body[m.end():].strip():
        return []
    return [(0, m.start()), (m.end(), end)]


def parts_marked(question: str) -> bool:
    """Does the question number or letter the statements it puts ("一，…；二，…", "A，…；B，…", "(1) … (2) …")? Parts marked
    so are put up to be picked from, whether or not the question asks which hold."""
    marks = list(_PART_MARK.finditer(question))
    order = [_MARK_NUMBER[next(g for g in m.groups() if g).lower()] for m in marks]
    return 2 <= len(marks) <= PARTS_MAX and order == list(range(len(marks)))


# Every part accepted at the start of the answer: "Both parts, I think.", "两点都成立。", "三条都对"
_ALL_PARTS = re.compile(
    r"\s*(?:(?:um+|uh+|well|hmm+)[\s,]*)?(?:(?:both|all)(?: of them| three| four)? (?:parts|halves|points|statements|claims)(?: (?:are|hold|sound))?(?: (?:right|true|correct|fine))?"
    r"|all (?:three|four|of them|of those|of these)(?: (?:are|hold))?(?: (?:right|true|correct|fine))?"
    r"|(?:两|三|四)(?:点|条|句|部分|个说法)?我?都(?:成立|对|没问题|站得住|认同|同意))(?=[\s,.;:!，。；：！]|$)"
)


_ALL_BUT = re.compile(
    r"\s*(?:all of (?:it|them)|everything|all)(?: is (?:right|correct|fine))?,? (?:except|but) (?P<but>[^.;!?]{3,60})"
    r"|\s*除了(?P<but_zh>[^，,。；;]{2,30})(?:以外|之外)?[，,]?(?:其他的?|别的|其余的?)?都(?:对|成立|没问题)"
)
_CONTENT_WORD = re.compile(r"[a-z][a-z-]{3,}|[\u4e00-\u9fff]+")
# a bare pick of two parts by position, alone before the sentence ends: "The first two.", "前两条。"
_BARE_PICK = re.compile(r"\s*(?:(?:the )?(?P<first>first two)|(?:the )?(?P<last>last two)|(?P<qian>前两)(?:条|点|句|个)|(?P<hou>后两)(?:条|点|句|个))\s*(?:[.。!！,，]|$)")


def _content_words(text: str) -> set[str]:
    """Words to compare a part with what an answer says of it: English words cut to five letters ("averaging" and
    "averages" meet), and every pair of Chinese characters."""
    out = set()
    for w in _CONTENT_WORD.findall(text.lower()):
        if w.isascii():
            out.add(w[:5])
        else:
            out.update(w[i:i + 2] for i in range(len(w) - 1))
    return out


_OTHERS_OK = re.compile(
    r"(?<![a-z])(?:the other (?:two|three|ones?)|the others)(?: (?:are|is|hold|sound))?(?: (?:all|both))? (?:right|true|correct|fine|ok|okay)"
    r"|(?:另外|其他|其余|剩下)的?(?:两|几)?(?:条|句|个|点)?(?:都|也)?(?:对|没问题|成立|正确)"
)
_ONLY_LAST = re.compile(
    r"(?<![a-z])only the last(?: one| part| claim| statement)? (?:is (?:right|true|correct)|holds)(?![a-z])|只有最后一(?:条|句|个|点)(?:是)?(?:对|成立|正确)"
)


def accepted_halves(question: str, answer: str) -> list[tuple[int, int]]:
    """The parts of the question's claim the answer names and accepts, as ranges of the question: "First half right.
    Second half I believe so too" accepts both; "快是真的，后半句不对" accepts neither by name; "二和三对，一不对" the second
    and third of three; "Both parts, I think." all."""
    halves = claim_halves(question)
    if not halves:
        return []
    text = _fold(answer).lower()
    every = _ALL_PARTS.match(text)
    if every is not None and not _HALF_NO.search(text, 0, every.end()):
        return halves
    # (all but one, the one named by what it says: "All of it except the averaging at the end.", "除了最后那条平均权重，都对")
    but = _ALL_BUT.match(text)
    if but is not None:
        named_but = [i for i in range(len(halves)) if _part_names(i, len(halves)).search(but.group("but") or but.group("but_zh"))]
        if len(named_but) == 1:  # (all but one named by its place: "除了第二条，其余都对", "All except the last one")
            return [h for i, h in enumerate(halves) if i != named_but[0]]
        said = _content_words(but.group("but") or but.group("but_zh"))
        overlap = [len(said & _content_words(question[s:e].lower())) for s, e in halves]
        if max(overlap) > 0 and overlap.count(max(overlap)) == 1:
            return [h for h, o in zip(halves, overlap) if o != max(overlap)]
    pick = _BARE_PICK.match(text)
    if pick is not None and len(halves) > 2:
        return halves[:2] if pick.group("first") or pick.group("qian") else halves[-2:]
    out = []
    named = set()  # the parts named at all, accepted or not
    lettered = all(_LETTER_MARK.search(question, max(0, s - 4), s) for s, _ in halves)
    for i, half in enumerate(halves):
        for m in _part_names(i, len(halves), lettered).finditer(text):
            named.add(i)
            ok = _HALF_OK.match(text, m.end())
            # (a part right only in half is not accepted whole: "第二句只对一半：…但后半句不对", "The second is only half right")
            if ok is not None and _HALF_NO.search(text, m.end(), ok.end()) is None and not _IN_HALF.match(text, ok.end()) \
                    and not _IN_HALF.search(text, m.end(), ok.end()):
                out.append(half)
                break
    # (the parts not named accepted together: "The first claim is backwards … The other two are right", "第一条不对，另外两条对")
    # (so does "the rest" after a part named: "第二条不对，剩下的都没问题", "The first part is wrong; the rest is fine")
    rest = _OTHERS_OK.search(text)
    others = rest is not None and not _HALF_NO.search(rest.group())
    if named and (others or _REST_ACCEPTED.search(text) is not None):
        out = [h for i, h in enumerate(halves) if h in out or i not in named]
    # (only one part accepted: "only the last one", "只有最后一条对")
    only = _ONLY_LAST.search(text)
    if only is not None and len(halves) > 2:
        out = [halves[-1]]
    return out
