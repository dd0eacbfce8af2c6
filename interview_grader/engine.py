"""The engine: ``(Transcript, Rubric) -> Report``.

Per question: map it to a topic (or none: ungraded), decide whether it was
answered at all, find the key points it states and the misconceptions it
asserts (each with a quote from the source), then score:

    coverage = core_share * core_fraction ** core_curve + (100 - core_share) * depth_fraction
    score    = min(coverage - penalties, cap of the worst severity), clamped to 0..100

An answer whose points all come from lists of terms is capped at ``term_list_cap``; an
answer that never touches the topic's vocabulary is ``off-topic`` (0).
Pure and deterministic: the same transcript and rubric give the same Report.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from . import __version__
from .assertion import own_words
from .matcher import Doc, Gates, Hit
from .normalize import EMOJI, Folded, fold, fold_pieces
from .notes import note
from .quiz import read_choice, read_quiz
from .replies import accepted_halves, accepts_rest, claim_halves, denied_statement, denies, echoes_yes, judged_in_order, partly_agrees, parts_marked
from .tables import Section, find_layouts
from .report import Covered, Flag, GradedAnswer, Overall, Report, RubricInfo
from .rubric.load import LoadedRubric, load_rubric
from .rubric.schema import Topic
from .topics import PUT_BACK_WORDS, asked_points, classify, classify_follow_up, puts_back
from .transcript import QA, Transcript
from .verdict import original_tone, recommendation, write_verdict

SEVERITY_ORDER = ("critical", "major", "minor")

_STRIP = " \t\r\n。.!！?？,，;；:：、…~-—\"'“”‘’()（）[]【】"
_EMOJI = re.compile(EMOJI + "+")  # "这个我真的不知道😭" says no more than its words
# (these are spelt literal-first, one character per alternative and "\band" as "a(?<!\wa)nd", so that `re` skips to the
# characters that can open a match instead of trying every position; see assertion._by_first)
_LIST_SEP = re.compile(r"、|,|/|;|\||\n|a(?<!\wa)nd\b|和|及")
_SENTENCE_END = re.compile(r"。|!|\?|;|\.(?:\s|$)")
# characters that make a short Chinese segment a clause rather than a term
_ZH_FUNCTION = re.compile("[是就不会了的要很都也但把被让能得着过吗呢吧啊比较好像可能成只先再给从往向跟到]")


def _round(x: float) -> int:
    """Round half up (Python's round() rounds half to even)."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def _folded_phrases(rubric: LoadedRubric, field: str) -> list[str]:
    """A phrase list of the rubric (``non_answers``, ``empty_talk``, ``praise``, ``secondhand``), folded once per rubric."""
    phrases = rubric.memo.get(field)
    if phrases is None:
        phrases = rubric.memo[field] = [fold(p).text.strip(_STRIP) for p in getattr(rubric.rubric, field)]
    return phrases


def _non_answer_phrases(rubric: LoadedRubric) -> list[str]:
    return _folded_phrases(rubric, "non_answers")


def _is_non_answer(answer: str, rubric: LoadedRubric) -> bool:
    """Is the (folded) answer empty or only a phrase such as "不知道" / "no idea"?"""
    text = _EMOJI.sub("", answer).strip(_STRIP)
    if not text:
        return True
    phrases = _non_answer_phrases(rubric)
    if text in phrases:
        return True
    # "不知道。" / "I don't know, sorry." : a short answer that opens with a non-answer phrase
    if len(text) <= 30:
        for p in phrases:
            if len(p) >= 2 and text.startswith(p) and not any(c.isdigit() for c in text):
                rest = text[len(p):].strip(_STRIP)
                if len(rest) <= 12:
                    return True
    return False


HEDGE_MAX = 60  # characters: a longer answer says something, however unsure
HEDGE_OPEN_MAX = 160  # ... unless it opens with the admission (within HEDGE_OPEN_AT) and adds only an excuse
HEDGE_OPEN_AT = 30


def _is_hedged_non_answer(text: str, rubric: LoadedRubric, longest: int = HEDGE_OPEN_MAX) -> bool:
    """A short answer that says it does not know, wrapped in words:
    "嗯，这个我确实不太清楚，抱歉" / "Hmm, I'm not sure, to be honest, I'd rather skip it".

    Asked only of answers that state nothing and use none of the topic's
    vocabulary (else they are graded); only distinctive phrases count (CJK of
    3+ characters, English of 2+ words), so "不会" or "none" never qualify.
    """
    text = _EMOJI.sub("", text).strip(_STRIP)
    if len(text) > longest:
        return False
    rx = rubric.memo.get("hedges")
    if rx is None:
        phrases = _non_answer_phrases(rubric)
        keep = sorted({p for p in phrases if (" " in p if p.isascii() else len(p) >= 3)}, key=len, reverse=True)
        rx = rubric.memo["hedges"] = (
            re.compile("|".join(rf"(?<![a-z0-9]){re.escape(p)}(?![a-z0-9])" for p in keep)) if keep else False
        )
    if not rx:
        return False
    m = rx.search(text)
    # (a longer one only when it opens with the admission and gives an excuse after it: "Sorry, I'm not
    # really familiar with that. Our team mainly uses TensorFlow with a parameter server.")
    return m is not None and (len(text) <= HEDGE_MAX or m.start() <= HEDGE_OPEN_AT)


# after an admission, a claim ventured all the same: "I'm not sure, but I think …", "不太清楚，不过我记得…"
_HEDGE_THEN_CLAIM = re.compile(r"(?<![a-z])(?:but|though|although|however)(?![a-z])|不过|但是|可是|但我|但应该|但大概|我记得|我猜|我觉得|应该是|大概是")


RETOLD_MAX = 240  # characters: a retold "I told him I don't know" with an excuse or two around it

# A non-answer retold after the interview: "I told him I don't know", "I said I wasn't sure", "I blanked",
# "我跟面试官说这个不会", "我就直接说不知道", "脑子一片空白" (first person: the speaker's own admission)
_RETOLD_NON_ANSWER = re.compile(
    r"(?<![a-z])(?:told|tell|telling|admitted to|admit to|admitted|said to)\s+"
    r"(?:(?:him|her|them|the interviewer|the interviewers|the panel|the team|the hiring manager)\s+)?(?:honestly\s+|straight\s+|frankly\s+)?"
    r"(?:that\s+)?i\s+(?:really\s+|honestly\s+|just\s+)?(?:don['\u2019]t|didn['\u2019]t|do not|did not|wasn['\u2019]t|was not|am not|['\u2019]m not|had no|have no)\s+"
    r"(?:really\s+)?(?:know|sure|remember|recall|familiar|idea|clue)"
    r"|(?<![a-z])i\s+(?:just\s+|honestly\s+|simply\s+|kind of\s+|completely\s+|totally\s+)?(?:said|says|say|admitted)\s+(?:that\s+)?i\s+"
    r"(?:don['\u2019]t|didn['\u2019]t|do not|did not|wasn['\u2019]t|was not|had no|have no)\s+(?:really\s+)?(?:know|sure|remember|recall|idea|clue)"
    r"|(?<![a-z])(?:i|my mind)\s+(?:just\s+|honestly\s+|completely\s+|totally\s+)?(?:blanked|went blank|drew a blank)"
    r"|(?:跟|和|对|告诉)(?:他|她|面试官|对方|他们)(?:说|讲)?了?我?(?:这个|这块|这题|这道题)?(?:真的|确实|实在)?"
    r"(?:不知道|不会|不清楚|不太清楚|不了解|没了解过|答不上来|想不起来)"
    r"|我(?:就|直接|只好|只能|老实)?(?:说|承认)了?我?(?:这个|这块|这题|这道题)?(?:真的|确实|实在)?(?:不知道|不会|不清楚|不太清楚|答不上来|想不起来)"
    r"|脑子一片空白|大脑一片空白|脑子一下空白"
    # (told in the write-up's own words: "没答上来。", "Blanked.", "答得一般。" with nothing of the answer in it)
    r"|没答上来|没答出来|没回答上来|没能答上来|^\s*答得(?:一般|不好|很差|很烂)[\s。.!]*$|^\s*blanked\b"
)


# Where a recording or a note-taker stopped: "（后面没记下来）", "[录音中断]", "[recording cut]", "[inaudible]"
_CUT_MARK = re.compile(
    r"[\[(（【]\s*(?:后面没记下来|后面没记|后面没录|后面没听清|没记下来|录音中断|录音断了|录音到这里断了|听不清|"
    r"recording (?:cut|cuts|ends|ended|stopped|stops)(?: here| off)?|audio (?:cut|drops|dropped)(?: out)?|inaudible|cut off|transcript ends|"
    r"notes end|rest not recorded)[^\])）】]{0,20}[\])）】]",
    re.IGNORECASE,
)
CUT_MAX = 30  # characters said before the cut, fillers and a restated question at most
BARE_NAME_MAX = 30  # characters of an answer that only names the point a narrow question asks for


def _is_cut_before_anything(text: str) -> bool:
    """An answer cut off before it said anything ("嗯，这个我想一下……（后面没记下来）", "So for DDP, first you— [recording
    cut]"): a non-answer (asked only of answers that earned nothing and assert nothing)."""
    m = _CUT_MARK.search(text)
    return m is not None and len(text[:m.start()].strip(_STRIP + "…—-")) <= CUT_MAX and not text[m.end():].strip(_STRIP)


_AFTERWARDS_NOTE = re.compile(r"[(（][^()（）]*[)）]")  # a bracketed note, as write-ups add after the answer


def _is_retold_non_answer(text: str) -> bool:
    """An answer retold after the interview that reports not knowing ("Honestly I blanked. I told him
    I don't know, I've only ever used what the script had. He moved on."): a non-answer, not talk
    about something else.  Asked, like the hedge, only of answers that state nothing and use none of
    the topic's vocabulary; longer than a hedge (up to RETOLD_MAX), since a retelling adds an excuse
    and what the interviewer did next.
    """
    text = _EMOJI.sub("", text).strip(_STRIP)
    return len(text) <= RETOLD_MAX and _RETOLD_NON_ANSWER.search(text) is not None


# A non-answer said in the interview, in the present tense and in the speaker's own words: "oh um honestly
# i don't know that one", "I have no idea", "I'd have to pass on that one", "这个我真的不太清楚"
_SPOKEN_NON_ANSWER = re.compile(
    r"(?<![a-z])i\s+(?:honestly\s+|really\s+|just\s+|genuinely\s+|actually\s+)?(?:don['\u2019]t|do not|dont)\s+"
    r"(?:really\s+|actually\s+)?(?:know|remember|recall)\b"
    r"|(?<![a-z])i\s+(?:honestly\s+|really\s+)?have\s+(?:no|zero)\s+(?:idea|clue)"
    r"|(?<![a-z])i(?:['\u2019]d| would|['\u2019]ll| will| have to| gotta|['\u2019]m going to| am going to)\s+(?:have to\s+)?(?:pass|skip)\b"
    r"|(?<![a-z])i\s+(?:can['\u2019]t|cannot|can not)\s+answer"
    r"|(?:我|这个我|这块我|这题我|这个)(?:真的|确实|实在|是)?(?:不知道|不清楚|不太清楚|不了解|不太了解|不会|答不上来|没了解过|没接触过|没用过)"
)


def _is_spoken_non_answer(text: str) -> bool:
    """A non-answer said outright, with an excuse around it ("oh um honestly i don't know that one
    i've only used like the default trainer in lightning so i'd have to pass on that one sorry"):
    longer than a hedge, but as much a no-answer.  Asked, like the retold one, only of answers that
    state nothing and use none of the topic's vocabulary, up to RETOLD_MAX; the admission must open
    the answer (within HEDGE_MAX characters), not close a story about something else.
    """
    text = _EMOJI.sub("", text).strip(_STRIP)
    if len(text) > RETOLD_MAX:
        return False
    m = _SPOKEN_NON_ANSWER.search(text)
    return m is not None and m.start() <= HEDGE_MAX


# one of two or more labelled parts, as terse notes set things side by side: "DDP: one process per GPU + all-reduce; DP:
# single process, threads, GPU0 gathers.", "同步：每步等所有人；异步：不等"
_LABELLED_PART = re.compile(r"(?:^|[;；。.\n]\s*)[^\s:;；。.,，]{1,12}(?: [^\s:;；。.,，]{1,12}){0,2}\s*:\s*(?=\S)")


def _is_term_list(doc: Doc) -> bool:
    """True when the answer is a bare list of terms with no claims (labelled parts set side by side are claims)."""
    text = doc.text.strip(_STRIP)
    if not text:
        return False
    if len(_LABELLED_PART.findall(text)) >= 2:
        return False
    if len(_SENTENCE_END.findall(text)) + 1 > 2:
        return False  # three sentences or more: prose, not a list (checked first: it is cheap)
    segments = [s.strip(_STRIP + " ") for s in _LIST_SEP.split(text)]
    segments = [s for s in segments if s]
    if len(segments) < 4:
        return False

    def short(seg: str) -> bool:
        if seg.isascii():
            return len(seg.split()) <= 3
        # Chinese clauses are short too ("比较稳", "但好像"); a term has no function word
        return len(seg) <= 8 and not _ZH_FUNCTION.search(seg)

    short_share = sum(short(s) for s in segments) / len(segments)
    return short_share >= 0.75


_RUN_SEP = re.compile(r"、|,|/|;|\||\n|:|a(?<!\wa)nd\b|和|及")
_ASCII_WORD = re.compile(r"[a-z0-9][a-z0-9.+#_-]*")
LIST_RUN_MIN = 4  # short items in a row that make an enumeration
# the words that open an enumeration inside a clause, and the filler that closes one
_LIST_LEAD = re.compile(
    r"就是|包括|包含|无非是|主要是|主要有|比如|例如|像是|用到了?|用的是|:"
    r"|s(?<![a-z]s)uch as(?![a-z])|l(?<![a-z]l)ike(?![a-z])|i(?<![a-z]i)nclud(?:ing|es)(?![a-z])|e(?<![a-z]e)\.g\.(?![a-z])"
)
_LIST_ANNOUNCE = re.compile(r"以下|如下|下面|几种|几类|几个|(?<![a-z])(?:the following|these|those)(?![a-z])")  # "包括以下几种:" announces the list
_LIST_TAIL = re.compile(r"\s*(?:这些东西|这些吧|这些|之类的|之类|等等|等|什么的|(?<![a-z])(?:and so on|and stuff|etc\.?))\s*$")


def _sentence_bounds(text: str) -> list[tuple[int, int]]:
    ends = [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    return list(zip([0] + ends[:-1], ends))


def _list_runs(text: str, sentences: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Spans of the enumerations in a folded text (or in the given sentences of it):
    LIST_RUN_MIN or more short items in a row between list separators, within one sentence
    ("主要包括以下几种：混合精度训练、梯度压缩、NCCL、NVLink、ZeRO、FSDP、分层 AllReduce")."""
    runs: list[tuple[int, int]] = []
    for start, end in _sentence_bounds(text) if sentences is None else sentences:
        items: list[tuple[int, int]] = []  # the short items of the current run
        pos = start
        for m in [*_RUN_SEP.finditer(text, start, end), None]:
            stop = m.start() if m is not None else end
            seg = text[pos:stop]
            core = seg.strip(_STRIP + " ")
            if core and _is_term(core):
                a = pos + seg.index(core)
                items.append((a, a + len(core)))
            elif core:
                a = pos + seg.index(core)
                # the last item before a trailing filler ("…、hook、bucket 这些吧") still belongs to the run
                if (tail := _LIST_TAIL.search(core)) is not None and tail.start() and _is_term(core[: tail.start()].strip()):
                    items.append((a, a + len(core[: tail.start()].rstrip())))
                if len(items) >= LIST_RUN_MIN:
                    runs.append((items[0][0], items[-1][1]))
                items = []
                # ... and the first one after a lead-in ("DDP的话就是 torchrun、rank、…") starts one
                *_, lead = (None, *_LIST_LEAD.finditer(core))  # the last lead-in
                if lead is not None and (rest := core[lead.end():].strip()) and _is_term(rest) and not _LIST_ANNOUNCE.search(rest):
                    b = a + core.index(rest, lead.end())
                    items = [(b, b + len(rest))]
            pos = m.end() if m is not None else end
        if len(items) >= LIST_RUN_MIN:
            runs.append((items[0][0], items[-1][1]))
    return runs


# an English subject, then a Chinese verb and its object: a clause, however short ("server 存参数", "worker 算梯度")
_SUBJECT_VERB = re.compile(
    r"[a-z0-9][a-z0-9 ._-]*?\s*(?:存(?!储器)|算(?![法力子])|拉|推(?!理|荐)|发|收|切(?!分)|拿|放|管|跑|负责|更新|计算|存储|保存|汇总|聚合|广播|同步)"
    r"(?=\S{2})"  # (with its object: "batch 切分" is a term)
)


def _is_term(seg: str) -> bool:
    """A term rather than a clause: up to three English words, or a short segment (a
    Chinese character counts one, an English word two) with no Chinese function word
    (and not an English subject with a Chinese verb: "server 存参数")."""
    if seg.isascii():
        return len(seg.split()) <= 3
    if _SUBJECT_VERB.match(seg):
        return False
    words = _ASCII_WORD.findall(seg)
    size = len(_ASCII_WORD.sub("", seg).replace(" ", "")) + 2 * len(words)
    return size <= 8 and not _ZH_FUNCTION.search(seg)


def _only_in_lists(
    doc: Doc, credited: list[tuple[int, int]], question: str, checks, plan: "_Plan", compiler, topic: str
) -> bool:
    """Would the answer earn no point at all with its enumerations blanked out?  Then its
    content is a keyword list, however much prose wraps it (a lead-in, "we used all of these").
    ``credited``: the folded ranges that earned points (one clear of every list settles it);
    ``checks``: the topic's key-point patterns with their gate bits, tried as grading does."""
    text = doc.text
    sentences = _sentence_bounds(text)
    starts = [a for a, _ in sentences]
    # first only the sentences the points were found in: one point clear of their lists settles it
    held = sorted({sentences[bisect_right(starts, s) - 1] for s, _ in credited})
    runs = _list_runs(text, held)
    if not runs or any(all(e <= a or b <= s for a, b in runs) for s, e in credited):
        return False
    runs = _list_runs(text)
    chars = list(doc.text)
    for a, b in runs:
        chars[a:b] = " " * (b - a)
    blank = Doc.of("".join(chars), question=question)
    have = blank.satisfied(plan.gates)
    return not any(
        blank.find(p, compiler, topic)
        for p, need, gate in checks
        if need <= have and (gate is None or gate.admits(have))
    )


Clip = list[tuple[int, int]]


def _evidence(doc: Doc, source: str, hit: Hit, clip: Clip | None = None) -> tuple[str, int, int]:
    """The quote of ``hit``. ``clip``: source ranges a quote keeps to when the doc reads pieces of the source out of
    order: the table cell the match ends in (a cell is read after its row label and column header, which stand
    elsewhere), or a picked option read into its stem (the one range: the quote is the option, not the options
    between)."""
    start, end = doc.source_range(hit.ev_start, hit.ev_end)
    if clip:
        last = doc.folded.offsets[max(hit.ev_end - 1, 0)]
        keep = next((r for r in clip if r[0] <= last < r[1]), clip[0] if len(clip) == 1 else None)
        if keep is not None:
            start, end = max(start, keep[0]), min(end, keep[1])
            if start >= end:
                start, end = keep
    return source[start:end], start, end


def _fold_answer(text: str, base: int) -> tuple[Folded, Clip | None]:
    """The answer folded, its comparison tables read cell by cell and its headed lines under their heading
    (``tables``): each cell past the first column after its column header and row label, a sentence of its own; each
    line under a heading ("DataParallel" over "Pros: it's multi-process") after the heading, a line of its own; with
    the source ranges of those cells and lines (None: no table and no heading)."""
    layouts = find_layouts(text)
    if not layouts:
        return fold(text, base), None
    pieces: list[tuple] = []
    pos = 0
    for t in layouts:
        pieces += [(pos, t.start), ("\n", t.start)]
        headed = isinstance(t, Section)
        if headed:
            pieces += [t.heading, ("\n", t.heading[1] - 1)]  # the heading keeps its own line
        for statement in t.statements(text):
            for k, span in enumerate(statement):
                if k:
                    pieces.append((" ", span[0]))
                pieces.append(span)
            pieces.append(("\n" if headed else "。", statement[-1][1] - 1))
        pieces.append(("\n", t.end))
        pos = t.end
    pieces.append((pos, len(text)))
    return fold_pieces(text, pieces, base), [(base + a, base + b) for t in layouts for a, b in t.cells()]


class _Plan:
    """The rubric's patterns with the literal bits each needs (see ``matcher.Gates``),
    built once per rubric so that an answer tries only the patterns it can match."""

    def __init__(self, rubric: LoadedRubric) -> None:
        self.gates = Gates(rubric.compiler)
        gate = self.gates.gate
        r = rubric.rubric
        def checks(patterns) -> list:
            """Each pattern with its required bits and its gate when the gate has more to check:
            most patterns fail on the bits alone, without a call."""
            out = []
            for p in patterns:
                g = gate(p)
                out.append((p, g.need, g if g.alternatives else None))
            return out

        def on(topic: str, checked: list) -> list:
            """The checks of the patterns that apply in answers to ``topic``: ``Doc.find`` returns None at once for a
            pattern limited to other topics (about a third of the calls the gates let through), so it is not tried."""
            return [c for c in checked if c[0].topics is None or topic in c[0].topics]

        def per_topic(claims) -> dict:
            """Per topic, the claims checked in its answers."""
            checked = [(m, checks(m.patterns)) for m in claims]
            return {
                t.id: [(m, on(t.id, c)) for m, c in checked if m.topics is None or t.id in m.topics] for t in r.topics
            }

        self.misconceptions = per_topic(r.misconceptions)
        self.wrong_claims = per_topic(r.wrong_claims)
        self.key_points = {t.id: [(k, on(t.id, checks(k.patterns))) for k in t.key_points] for t in r.topics}


def _doc_over(text: str, spans: list[tuple[int, int]], base: int, question: str | None) -> Doc:
    """A Doc over the spans of ``text`` (at ``base`` in the source) read one after another, each folded character
    mapped back to its own source offset: a picked option read into its stem's question word, a question with the
    answer's fills in its blanks."""
    folded = fold_pieces(text, spans, base)
    return Doc.of(folded.text, base=base, question=question, folded=folded)


def _credit(k, patterns, doc: Doc, have: int, source: str, rubric: LoadedRubric, topic_id: str,
            asserting: list[tuple[int, int]], swapped: list[tuple[int, int]], covered: list[Covered],
            credited: list[tuple[int, int]] | None, clip: Clip | None = None) -> bool:
    """Credit key point ``k`` from the first of its patterns ``doc`` matches (``credited``: where, in the folded text;
    None for a doc other than the answer's; ``clip``: see ``_evidence``); False when none does."""
    for p, need, gate in patterns:
        if not need <= have or (gate is not None and not gate.admits(have)):
            continue
        hit = doc.find(p, rubric.compiler, topic_id)
        if not hit:
            continue
        quote, s, e = _evidence(doc, source, hit, clip)
        if any(s < b and a < e for a, b in asserting):
            continue  # the clauses that assert an error cannot also earn a point
        if any(a <= hit.start < b for a, b in swapped):
            # ... nor can the rest of a sentence that swaps two things: "DataParallel is the multi-process
            # one and all-reduces with NCCL, while DDP drives all the GPUs from one process" earns no DDP point
            continue
        covered.append(Covered(id=k.id, core=k.core, evidence=quote, start=s, end=e))
        if credited is not None:
            credited.append((hit.start, hit.end))
        return True
    return False


def _plan(rubric: LoadedRubric) -> _Plan:
    plan = rubric.memo.get("plan")
    if plan is None:
        plan = rubric.memo["plan"] = _Plan(rubric)
    return plan


# An answer that agrees with what the question puts ("对，是的。", "嗯对，就是这样", "Yes, exactly.", "Right, that's how it
# works."), on the folded text: alone (_AGREEMENT, at most AGREEMENT_MAX characters), or opening the answer (_AGREES_FIRST)
AGREEMENT_MAX = 40
_AGREE_WORD = (
    r"(?:对对对|对对|对的|对啊|对|是的|是啊|是这样的|是这样|没错|确实|yes|yeah|yep|yup|exactly|right|correct|that's right"
    r"|that's correct|that is right|that is correct|absolutely|indeed|of course|definitely"
    # (agreement with a claim the question puts up for judgement: "有人说 X，对吗？" - "同意。"; "Agree?" - "I'd agree with that.")
    r"|同意|我同意|认同|我认同|赞同|我赞同|说得对|说的对|没毛病|可以这么说|i agree|i'd agree|i would agree|agreed|i think so|true"
    r"|(?:i |i'd |i would )?agree with (?:that|this|it|him|her|them|the statement|the claim)"
    # (no fault found with the claim: "Spot the mistake: …" - "I don't see a mistake there.")
    r"|i don't see (?:a|any) mistake|i don't see anything wrong|nothing wrong with (?:it|that)|没有错|挑不出毛病"
    # (or said of the claim's holder or the claim, whole or in the main: "博客说得基本没错", "大体是对的吧")
    r"|(?:他|她|他们|博客|文章|同事|这句话|这个说法|这话|这种说法)?(?:说得|说的|讲得|写得)?(?:基本上?|大体上?|大致|大部分)?"
    r"(?:没错|是对的|正确)"
    # (the claim found sound, or both of its parts: "我觉得说得通", "I'd agree on both counts", "Both halves hold")
    r"|说得通|讲得通|有道理|两点都认同|两点都对|两个都对|两方面都对|(?:i'd |i would )?agree on both counts|both halves hold"
    r"|both (?:parts|halves|points) (?:hold|are right|are true|are correct)"
    # (every part of a claim in several: "这几句话我都同意", "三条都对", "I agree with all of them", "All three are right")
    r"|(?:这|那)?(?:几|两|三|四)?(?:句话?|条|点|个说法|半|部分|个)?我?(?:都|全都|全部)(?:同意|认同|赞同|认(?![为识得])|对)"
    r"|i agree with (?:all|both) of (?:them|these|those|it)|(?:all|both) (?:three|four|of them|of these) (?:are|hold|sound) (?:right|true|correct|fine)"
    r"|yes to (?:both|all|all three|each)(?: of them)?)(?![a-z])"
)
_AGREE_MORE = (
    r"(?:就是|应该是|大概是|基本上?是?)?(?:这样|这个意思|您说的那样|你说的那样|这么回事)(?:的|吧|啊)?"
    r"|(?:that's|that is) (?:it|how it works|right|correct|the idea)|(?:you're|you are) right"
)
_AGREE_LEAD = r"\s*(?:(?:嗯+|呃+|哦|噢|um+|uh+|oh|well)[\s,.。…!]*)?(?:(?:我觉得|我认为|我感觉)[\s,]*)?"
_AGREEMENT = re.compile(_AGREE_LEAD + _AGREE_WORD + r"(?:[\s,.。…!]*(?:" + _AGREE_WORD + "|" + _AGREE_MORE + r"))*[\s,.。…!]*")
_AGREES_FIRST = re.compile(_AGREE_LEAD + _AGREE_WORD + r"(?:吧|啊|呀| there| here)?[\s]*[,.。…!?]")
# A question that asks which of the parts it puts hold ("这段话哪部分成立？", "你买哪条", "Which parts are right?")
_ASKS_WHICH = re.compile(
    r"哪(?:部分|几部分|条|几条|句|几句|点|几点|个说法|几个说法|些)|逐句|逐条|判断|(?<![a-z])(?:mark each|each claim|true or false)(?![a-z])|(?<![a-z])which (?:parts?|ones?|of (?:these|them|those|the)|statements?|claims?|do you|bits?|points?|are|is|hold)(?![a-z])",
    re.IGNORECASE,
)
# A question read as the statement it puts, offsets kept: "?" ends it as "." would, and an A-not-A form states its "A"
_QUESTION_MARKS = str.maketrans({"?": "."})
_A_NOT_A = {"是不是": "确实是", "有没有": "确实有", "会不会": "确实会", "能不能": "确实能", "是否": "就是"}
_A_NOT_A_RE = re.compile("|".join(_A_NOT_A))


# A yes/no question (not one asking what, how or why, which an answer cannot agree with)
_YES_NO = re.compile(
    r"吗|吧|对不对|是不是|有没有|会不会|能不能|是否|对吗|是吗"
    r"|(?<![a-z])(?:is|are|does|do|did|was|were|can|could|would|will|should|has|have|isn't|aren't|doesn't|don't)(?![a-z])"
    r"|(?<![a-z])(?:right|correct|yes|no|true|agree|true or false)\W*$"
)
# Who the question says holds the claim it puts up for judgement ("有人说 DDP 是靠参数服务器同步的，对吗？", "Your teammate
# says async training has no stale gradients. Agree?"): a reporter, yet the claim is the candidate's once they agree with it
_CLAIM_WHO_EN = (
    r"colleague|coworker|co-worker|teammate|engineer|junior|senior|intern|new hire|candidate|friend|manager|boss|lead"
    r"|mentor|professor|blog|blog post|post|article|tutorial|textbook|book|paper|video|course|doc|documentation|wiki"
)
_CLAIM_FRAME = re.compile(
    r"(?:有人|有同事|有个同事|有位同事|一个同事|同事|你同事|你的同事|网上有人|很多人|不少人|有候选人|有个候选人|组里有人|有新人|有个新人"
    r"|有实习生|有个实习生|实习生|新人|你的队友|队友|有篇博客|有的博客|一篇博客|网上|有种说法|有一种说法|有个说法"
    r"|(?:一篇|有篇|有的|这篇|某篇)?(?:博客|文章|帖子|教材|书|资料)(?:里|上|中)?)"
    r"(?:也|会|常|经常)?(?:说|认为|觉得|声称|提到|讲|表示|写道|写|主张|坚持说|的说法是|的观点是|是这么说的)[,:]?"
    # (a saying with no one named: "网上有种说法：…", "有一种常见的说法是…")
    r"|(?:网上|业内|圈里|书上|面经里)?(?:有一种|有种|有个|一种常见的|常见的|流行的)说法(?:是|认为|说)?[,:]?"
    # (who: "someone", "people", or a role or a source with up to three words before it: "my previous manager", "a blog I
    # saw", "the previous intern", "a teammate on your team")
    r"|(?<![a-z])(?:someone|somebody|people|some people|many people|a lot of people|folks"
    r"|(?:a|an|the|my|your|our|his|her|their)(?: [a-z-]+){0,3}? (?:" + _CLAIM_WHO_EN + r")s?)"
    r"(?: (?:i|we) (?:saw|read|found|follow|followed))?(?: on (?:my|your|our|the) team)?"
    r" (?:says|said|say|claims|claimed|claim|thinks|think|believes|believe|believed|argues|argued|argue|told me|told us"
    r"|wrote|writes|insists|insisted|keeps saying|states|stated)(?: that)?[,:]?"
)
# ... asked to be judged: "组里有人说“…”，你怎么看？", "A colleague says …, what do you think?" (a question asking how, yet
# of a claim put up whole)
_JUDGE_TAIL = re.compile(
    r"(?:你怎么看|怎么看|你觉得呢|你认为呢|你觉得怎么样|你怎么想|what do you think|what would you say|thoughts|do you agree"
    r"|how do you see it|what's your take|what is your take|would you say the same)\W*$"
)
_WH = re.compile(r"什么|怎么|为什么|为何|哪|如何|多少|几种|几个|(?<![a-z])(?:what|how|why|which|who|when|where)(?![a-z])")
# ... or the answer put back to the candidate, a yes/no question whatever its words ("所以你的意思是异步除了快，收敛上跟同步没
# 区别？", "So what you're saying is the ring has a master?")
_PARAPHRASE = re.compile(PUT_BACK_WORDS)


GIVEN_MEMO_LIMIT = 20_000  # distinct (question, topic) pairs remembered per rubric


def _given_points(question: str, topic: Topic, rubric: LoadedRubric, plan) -> set[str]:
    """The key points of ``topic`` that the question's own statements make (its questions are void), remembered per
    rubric: archives ask the same questions again and again."""
    memo = rubric.memo.setdefault("given", {})
    key = (question, topic.id)
    got = memo.get(key)
    if got is None:
        got = set()
        qdoc = Doc.of(question)
        have = qdoc.satisfied(plan.gates)
        for k, patterns in plan.key_points[topic.id]:
            for p, need, gate in patterns:
                if not need <= have or (gate is not None and not gate.admits(have)):
                    continue
                if qdoc.find(p, rubric.compiler, topic.id):
                    got.add(k.id)
                    break
        got = frozenset(got)
        if len(memo) < GIVEN_MEMO_LIMIT:
            memo[key] = got
    return set(got)


def _as_statement(doc: Doc) -> Folded:
    """The folded question with each yes/no question in it read as the statement it puts (offsets kept): its "?" ends
    it as "." would, and an A-not-A form states its "A" ("是不是大家先把梯度发给一个主节点" -> "确实是…"). A tag or a
    rhetorical question already states its claim and is kept; a question asking what, how or why puts none."""
    f = doc.folded
    t = list(f.text)
    for a, b in doc.scopes.sentences:
        seg = f.text[a:b]
        if not seg.rstrip().endswith("?") or not doc.scopes.is_void(b - 1):
            continue
        if not _PARAPHRASE.search(seg) and (_WH.search(seg) or not _YES_NO.search(seg)) and not (
            _JUDGE_TAIL.search(seg) and _CLAIM_FRAME.search(seg)
        ):
            continue
        for i in range(a, b):
            if t[i] == "?":
                t[i] = "."
        for m in _A_NOT_A_RE.finditer(seg):
            t[a + m.start():a + m.end()] = _A_NOT_A[m.group()]
    for m in _CLAIM_FRAME.finditer(f.text):  # (the claim put up for judgement stands on its own; see _CLAIM_FRAME)
        t[m.start():m.end()] = " " * (m.end() - m.start())
    # a claim quoted whole and then put up for judgement ("网上有种说法：“数据并行就是…拼起来。”对吗？", 'Someone said: "… at the
    # end of training." Half right?') is no quotation of someone else's once agreed with: its quotation marks go
    for m in _QUOTED_CLAIM.finditer(f.text):
        t[m.start()] = t[m.end() - 1] = " "
    return Folded("".join(t), f.offsets, f.base)


# a quotation ending its sentence ("…拼起来。”", '… of training."'), the question's claim when a yes/no tail follows it
_QUOTED_CLAIM = re.compile(r'[“"「『][^“”"「」『』]{6,400}?[。.!！]?[”"」』](?=\s*[^\s])')


ECHO_MIN = 3  # times an answer must repeat the question's topic words to be about the question
EMPTY_TALK_MIN = 2  # stock phrases of empty talk that make such an answer empty talk on the topic
EMPTY_TALK_THICK = 4  # ... and that make it so with a single echo of the question's topic words


def _mentions_topic(doc: Doc, topic: Topic, rubric: LoadedRubric, question: str) -> bool:
    """Does the answer use the topic's vocabulary beyond the words of the question itself?

    Echoing the question ("分布式训练在我们团队一直是重点方向") or a homonym it
    contains (a CI "流水线" for pipeline parallelism) does not address it.
    """
    asked = fold(question).text
    echoes: set[int] = set()  # where the answer repeats the question's own topic words
    denied = False  # ... one of them the subject of a denial: "参数服务器不是 all-reduce", "Communication isn't free"
    for spec in topic.vocabulary:
        for s, e in doc.occurrences(spec, rubric.compiler):
            if doc.text[s:e] not in asked:
                return True
            echoes.add(s)
            denied = denied or _DENIED_AFTER.match(doc.text, e) is not None
    # an answer that says what the thing asked about is not ("单机多卡不是 CPU 单核多核那回事", "Communication isn't free, it's
    # not something you can ignore") speaks of it, however little it establishes: graded at the floor, not off-topic
    # (not one that waves the topic aside for concrete talk of something else: "召回这块…通信倒不是主要矛盾。我们…recall@200 涨了
    # 大概 3 个点")
    if denied and not _CONCRETE.search(doc.text):
        return True
    # ... though an answer that keeps returning to them, sentence after sentence, in stock phrases of empty
    # talk ("降低通信开销…需要综合考虑各方面因素 … 通信效率得到了显著的提升 … 理论与实践相结合") talks about
    # the question, however emptily: empty talk on the topic, not another subject (a homonym answer, "同步就是
    # 代码一行一行执行 … asyncio", echoes the words too, but in concrete talk of something else)
    # (two echoes are enough in talk thick with stock phrases: "Communication overhead … every situation is
    # different … make or break … careful engineering … reducing communication overhead is about …")
    # (and an answer made of nothing but stock phrases, four or more, may name the topic in one sentence only:
    # "降低通信开销是分布式训练中非常重要的一个环节。…综合考虑…多方面的因素…取得了非常不错的效果")
    stock = _stock_phrases(doc, rubric)
    if stock >= EMPTY_TALK_THICK:
        # (so is an answer made of stock phrases that never names the topic at all: "You set everything up properly,
        # follow the documentation … be methodical and follow best practices … it just works" says nothing about anything)
        return True
    if not echoes:
        return False
    if _praises(doc, echoes, rubric):
        return True
    if len(echoes) < ECHO_MIN - 1:
        return False
    starts = [a for a, _ in doc.scopes.sentences]
    if len({bisect_right(starts, s) for s in echoes}) < 2:
        return False
    return stock >= EMPTY_TALK_MIN + (len(echoes) < ECHO_MIN)


# a denial with the word before it as its subject (see _mentions_topic)
_DENIED_AFTER = re.compile(
    # (the rest of a Chinese noun may stand between: "通信开销不是…" after 通信)
    r"[\u4e00-\u9fff]{0,3}? ?(?:也|并|可|其实|本身|本来)?(?:不是|不算|并非|不属于|不等于|跟[^,。!?;]{1,12}不一样|和[^,。!?;]{1,12}不一样)"
    r"|(?: is| are)? ?(?:not|isn't|aren't|is no|doesn't|does not|don't|do not)\b"
)

_CONCRETE = re.compile(r"[0-9=_]|\(\)")


# an opening of its own that only acknowledges the question: an agreement word, or a filler before the answer proper
_ACKNOWLEDGEMENT = re.compile(
    r"\W*(?:" + _AGREE_WORD + r"|sure|ok|okay|alright|well|so|um+|uh+|hmm+|good question|great question"
    r"|好的?|嗯+|行|可以|没问题|好问题)\W*"
)


def _praises(doc: Doc, echoes: set[int], rubric: LoadedRubric) -> bool:
    """Does the answer open on the very thing asked about and then only praise it, with no figure of any kind?
    ("Ring All-Reduce is a highly efficient and elegant algorithm that is widely adopted across the industry …",
    "DataParallel和DDP都是PyTorch中非常重要的并行训练接口 …"): empty talk on the topic, not another subject."""
    t = doc.text
    sentences = list(doc.scopes.sentences) or [(0, len(t))]
    # (after an opening acknowledgement of its own: "Sure. So DDP is a really powerful framework …")
    while len(sentences) > 1 and _ACKNOWLEDGEMENT.fullmatch(t, *sentences[0]):
        sentences.pop(0)
    first = sentences[0]
    if not any(first[0] <= e < first[1] for e in echoes):
        return False
    if _CONCRETE.search(t):
        return False  # a figure or a piece of code: concrete talk, of this topic or of another
    found = [w for w in _folded_phrases(rubric, "praise") if w and w in t]
    # (a word inside a longer one found is the same word: 重要 in 非常重要)
    return sum(1 for w in found if not any(w != v and w in v for v in found)) >= 2


def _stock_phrases(doc: Doc, rubric: LoadedRubric) -> int:
    """How many of the rubric's stock phrases of empty talk the answer uses."""
    found = [p for p in _folded_phrases(rubric, "empty_talk") if p and p in doc.text]
    # (a phrase inside a longer one found is the same phrase: 综合考虑 in 综合考虑各方面因素)
    return sum(1 for p in found if not any(p != q and p in q for q in found))


def _sentences_of(doc: Doc, hit: Hit) -> tuple[int, int]:
    """The folded range of the sentences a match lies in."""
    a, _ = doc.scopes.sentence_at(hit.start)
    _, b = doc.scopes.sentence_at(hit.end - 1)
    return min(a, hit.start), max(b, hit.end)


def _coverage(points, is_core: dict[str, bool], covered: set[str], sc) -> tuple[float, float]:
    """The coverage score of ``covered`` over ``points`` (core share and curve, depth up to saturation), and the depth
    weight earned."""
    core_w = sum(k.weight for k in points if is_core[k.id])
    depth_w = sum(k.weight for k in points if not is_core[k.id])
    core_got = sum(k.weight for k in points if is_core[k.id] and k.id in covered)
    depth_got = sum(k.weight for k in points if not is_core[k.id] and k.id in covered)
    core_frac = core_got / core_w if core_w else 0.0
    # (a follow-up left with core points only is graded on those alone)
    depth_frac = min(1.0, depth_got / (sc.depth_saturation * depth_w)) if depth_w else core_frac
    return sc.core_share * core_frac ** sc.core_curve + (100 - sc.core_share) * depth_frac, depth_got


def grade_answer(
    qa: QA, transcript: Transcript, rubric: LoadedRubric, lang: str, previous: str | None = None,
    previous_question: str | None = None, said: frozenset[str] = frozenset(),
) -> GradedAnswer:
    """Grade one question of a transcript (``previous``: the topic of the question before it; ``previous_question``:
    that question's text; ``said``: the key points the answers of the run of questions on ``previous`` have made)."""
    r = rubric.rubric
    goal = qa.goal.text if qa.goal else None
    # a multiple-choice question is about what its stem asks ("关于数据并行，下列说法正确的是？"); its options are mostly
    # distractors from other topics, and decide only when the stem names none
    quiz = read_quiz(qa.question.text)
    vote = classify_follow_up(quiz.stem, goal, previous, rubric) if quiz is not None and quiz.options else None
    if vote is None or vote.topic_id is None:
        vote = classify_follow_up(qa.question.text, goal, previous, rubric)
    topic = r.topic(vote.topic_id) if vote.topic_id else None
    answer = qa.answer
    base = dict(
        number=qa.number,
        question=qa.question.text,
        topic=topic.id if topic else None,
        topic_title=topic.title.get(lang) if topic else None,
        answer_start=answer.span.start if answer else None,
        answer_end=answer.span.end if answer else None,
    )
    if topic is None:
        return GradedAnswer(
            **base, status="ungraded", score=None, grade=None, misconceptions=[], covered=[], missing=[],
            notes=[note("ungraded", lang)],
        )
    all_ids = [k.id for k in topic.key_points]
    core_ids = [k.id for k in topic.key_points if k.core]
    base["key_point_text"] = {k.id: k.text.get(lang) for k in topic.key_points}
    folded, cells = _fold_answer(answer.text, answer.span.start) if answer is not None else (None, None)
    # (what the candidate said, without the interviewer breaking in: "不清楚<br>面试官：提示一下，…<br>还是不清楚，抱歉。")
    # (a bare denial written out from the question, read once: "不会。" to "异步训练会有陈旧梯度吗？" is no "I can't")
    denial = denied_statement(qa.question.text, answer.text) if answer is not None and denies(answer.text) else None
    if folded is None or (_is_non_answer(own_words(folded.text), rubric) and denial is None):
        return GradedAnswer(
            **base, status="no-answer", score=0, grade=0, misconceptions=[], covered=[],
            missing=all_ids, missing_core=core_ids,
        )

    source = transcript.text
    doc = Doc.of(answer.text, base=answer.span.start, question=qa.question.text, folded=folded, context=previous_question)

    plan = _plan(rubric)
    have = doc.satisfied(plan.gates)
    swapped: list[tuple[int, int]] = []  # the folded sentences that assert a swap (Misconception.swap)
    # the source ranges of the clauses that assert an error: a quote, from the clause the match ends in at the
    # earliest (a match that takes its subject from the sentence or clause before, "The whole model … sits on that one
    # card. But it is slow because the GPU pushes the images through one by one", "就是多台机器一起训一个模型，训出来的模型会
    # 更准一些", leaves it its points)
    asserting: list[tuple[int, int]] = []

    def asserted(claims, swaps: bool, doc: Doc = doc, have: set[int] = have, clip: Clip | None = cells) -> list[Flag]:
        found: list[Flag] = []
        for m, patterns in claims:
            for p, need, gate in patterns:
                if not need <= have or (gate is not None and not gate.admits(have)):
                    continue  # some term set of the pattern cannot occur in the answer
                hit = doc.find(p, rubric.compiler, topic.id, error=True)
                if hit:
                    quote, s, e = _evidence(doc, source, hit, clip)
                    last, _ = doc.scopes.clause_at(hit.end - 1)
                    # (a quote kept to a cell or an option is where the error is; else from the clause the match ends in)
                    clipped = (s, e) != doc.source_range(hit.ev_start, hit.ev_end)
                    asserting.append((s, e) if clipped else doc.source_range(max(hit.ev_start, last), hit.ev_end))
                    if swaps and m.swap:
                        swapped.append(_sentences_of(doc, hit))
                    found.append(Flag(
                        id=m.id, severity=m.severity, evidence=quote, start=s, end=e,
                        claim=m.claim.get(lang), correction=m.correction.get(lang),
                    ))
                    break
        return found

    flags = asserted(plan.misconceptions[topic.id], swaps=True)
    wrong = asserted(plan.wrong_claims[topic.id], swaps=False)  # other factual errors: they cost like flags, reported apart
    # a written round's choice: the options an answer picks ("选 B", "ACD。") say what the candidate claims, read as an
    # answer to the stem (quoted from the question); a pick of the wrong statement when the stem asks for one rejects it
    choice = read_choice(quiz, answer.text) if quiz is not None else None
    picked: list[tuple[Doc, int, Clip]] = []  # each picked option's doc, its gate bits, its source range
    notes_first: list[str] = []
    if choice is not None and choice.letters:
        assert quiz is not None
        if quiz.negative:
            notes_first = [note("picked-wrong", lang, letters=", ".join(choice.letters))]
        else:
            notes_first = [note("picked", lang, letters=", ".join(choice.letters))]
            for letter in choice.letters:
                # (an option read into its stem holds the stem: words of the question there are not echoes of it)
                spans = quiz.filled(letter)
                odoc = _doc_over(qa.question.text, spans, qa.question.span.start, quiz.stem if len(spans) == 1 else None)
                s, e = quiz.options[letter]
                picked.append((odoc, odoc.satisfied(plan.gates), [(qa.question.span.start + s, qa.question.span.start + e)]))
    elif choice is not None and choice.fills:
        # a fill-in-the-blank item: the question with the answer's words in its blanks is the candidate's statement
        # ("Ring-Allreduce 中每个 worker 发送的数据量约为梯度大小的 ____，与 worker 数 N ____。" filled "N 倍；成正比"),
        # quoted from the fills
        assert quiz is not None
        notes_first = [note("filled", lang)]
        at = answer.span.start
        fdoc = _doc_over(transcript.text, quiz.with_fills(choice.fills, qa.question.span.start, at), 0, None)
        picked.append((fdoc, fdoc.satisfied(plan.gates), [(at + a, at + b) for a, b in choice.fills]))
    if picked:
        own = {f.id for f in (*flags, *wrong)}
        for odoc, ohave, clip in picked:
            got = asserted(plan.misconceptions[topic.id], False, odoc, ohave, clip)
            got_wrong = asserted(plan.wrong_claims[topic.id], False, odoc, ohave, clip)
            flags += [f for f in got if f.id not in own]
            wrong += [f for f in got_wrong if f.id not in own]
            own |= {f.id for f in (*got, *got_wrong)}
    # an answer that only agrees ("对，是的", "Yes, exactly.") makes the claim a leading question puts its own: "DDP 是靠
    # rank 0 做参数服务器来汇总梯度的，对吧？" answered "对" asserts it (the quote is the question's); agreeing to a right
    # claim shows little, and is graded at the floor rather than read as off-topic
    # (a true/false question answered "对" / "True" / "√" is agreed with in the same way: its statement is asserted)
    # (so does a bare echo of the question's own verb: "有。" to "Ring all-reduce 里有中心节点吗？")
    affirmed = choice is not None and choice.affirms is True
    # (several statements judged in turn, bare: "True, true, true." - each part accepted or not, as picked options are)
    in_order = judged_in_order(qa.question.text, answer.text) if choice is None else None
    agreed = in_order is None and (
        (len(doc.text) <= AGREEMENT_MAX and _AGREEMENT.fullmatch(doc.text) is not None)
        or (affirmed and choice is not None and choice.bare)
        or (choice is None and echoes_yes(qa.question.text, answer.text))
    )
    # (so does one that agrees in part and then accepts the rest: "基本对，但是要补充一点：…剩下的说法没什么问题。", "Half right.
    # The servers each own a slice of the parameters, yes. The rest is fine too, I think.")
    partial = choice is None and partly_agrees(answer.text)
    rest = choice is None and accepts_rest(answer.text)
    # (or one that names the halves of a two-part claim it accepts: "First half right. Second half I believe so too", "前半句
    #对…后面那半句我觉得大体也没毛病"; a half rejected or left unnamed is not the candidate's)
    named_halves: list[tuple[int, int]] = []
    if in_order is not None:
        named_halves = in_order
        # (every part accepted asserts the claim whole too: a wrong claim may need words from two of its parts)
        whole = len(in_order) == len(claim_halves(qa.question.text))
        halves = [*in_order, (0, len(qa.question.text))] if whole else in_order
    elif agreed or affirmed or _AGREES_FIRST.match(doc.text):
        halves = [quiz.statement if affirmed and quiz is not None and quiz.statement else (0, len(qa.question.text))]
    elif rest:
        # (the rest accepted after a part named and rejected is the rest only: "第二条不对，剩下的都没问题" does not assert
        # the second statement; a rest after a part said in the candidate's own words is the whole claim)
        named_halves = accepted_halves(qa.question.text, answer.text)
        halves = named_halves or [(0, len(qa.question.text))]
    else:
        halves = named_halves = accepted_halves(qa.question.text, answer.text) if choice is None else []
    # (the parts picked out of several put up for judgement, "Which parts hold?" - "二和三对，一不对", make their points too,
    # as a written round's picked options do; a bare "yes" to a leading question does not)
    # (statements numbered or lettered are put up to be picked from, whether or not the question asks which hold:
    # "同事的笔记里写了四点：A，…；B，…；C，…；D，…" answered "A、B、D我都认。C不对")
    selecting = bool(named_halves) and (
        in_order is not None or _ASKS_WHICH.search(qa.question.text) is not None or parts_marked(qa.question.text)
    )
    if named_halves:
        parts = claim_halves(qa.question.text)
        numbers = ", ".join(str(parts.index(h) + 1) for h in named_halves)
        notes_first = [*notes_first, note("parts", lang, parts=numbers, count=len(parts))]
    for s, e in halves:
        # (the question as the statement it puts: "Ring-Allreduce 是不是大家先把梯度发给一个主节点…？" answered "嗯，是这样的")
        stated, at = qa.question.text[s:e], qa.question.span.start + s
        as_asked = Doc.of(stated, base=at)
        qdoc = Doc.of(stated, base=at, folded=_as_statement(as_asked))
        qhave = qdoc.satisfied(plan.gates)
        if selecting:
            picked.append((qdoc, qhave, [(at, at + len(stated))]))
        own = {f.id for f in (*flags, *wrong)}
        flags += [f for f in asserted(plan.misconceptions[topic.id], False, qdoc, qhave, None) if f.id not in own]
        wrong += [f for f in asserted(plan.wrong_claims[topic.id], False, qdoc, qhave, None) if f.id not in own]
    # a bare denial ("不会。" to "异步训练会有陈旧梯度吗？", "No." to "Is per-GPU traffic constant as you add GPUs?") says
    # the opposite of what the question puts: the errors that opposite makes are the candidate's, quoted from the answer;
    # like a bare agreement it earns no point, and is graded at the floor rather than read as off-topic
    denied = not agreed and choice is None and denial is not None
    if denied:
        sdoc = Doc.of(denial)
        shave = sdoc.satisfied(plan.gates)
        lead = len(answer.text) - len(answer.text.lstrip())
        a0, a1 = answer.span.start + lead, answer.span.start + len(answer.text.rstrip())
        quoted = {"evidence": source[a0:a1], "start": a0, "end": a1}
        own = {f.id for f in (*flags, *wrong)}
        flags += [f.model_copy(update=quoted) for f in asserted(plan.misconceptions[topic.id], False, sdoc, shave, None)
                  if f.id not in own]
        wrong += [f.model_copy(update=quoted) for f in asserted(plan.wrong_claims[topic.id], False, sdoc, shave, None)
                  if f.id not in own]
    errors = [*flags, *wrong]

    covered: list[Covered] = []
    credited: list[tuple[int, int]] = []  # the folded ranges of the matches that earned them
    for k, patterns in plan.key_points[topic.id]:
        if _credit(k, patterns, doc, have, source, rubric, topic.id, asserting, swapped, covered, credited, cells):
            continue
        # (a point a picked option makes is the candidate's too)
        for odoc, ohave, clip in picked:
            if _credit(k, patterns, odoc, ohave, source, rubric, topic.id, asserting, [], covered, None, clip):
                break
    covered_ids = {c.id for c in covered}
    missing = [i for i in all_ids if i not in covered_ids]
    missing_core = [i for i in core_ids if i not in covered_ids]

    # (an answer that agrees in part, "部分对吧，要看具体场景" / "Partly, I guess. It depends.", judges the claim: graded at
    # the floor, not read as off-topic or as no answer)
    if not covered and not errors and not agreed and not denied and not partial and not rest and not named_halves and choice is None:
        # a short admission that earns nothing names the topic's tools at most: "这个我说实话不太熟，平时都是直接调NCCL，
        # 没研究过" (it names NCCL, says nothing of the ring); "I'm not sure, but I think every node talks to a
        # central node" ventures a claim after all
        # (an admission that opens the answer counts whatever topic words it names: "I haven't worked with parameter
        # servers myself, and I don't know enough to answer this one")
        own = own_words(doc.text)
        hedged = _is_hedged_non_answer(own, rubric)
        admits = hedged and not _HEDGE_THEN_CLAIM.search(doc.text)
        # (a write-up's "没答上来" with the right answer looked up afterwards in brackets: "没答上来。（回来查了：同步要等最慢的
        # worker，异步会有 stale gradient。）" is a non-answer; the note is no part of it)
        retold = _is_retold_non_answer(_AFTERWARDS_NOTE.sub("", own)) or _is_cut_before_anything(own)
        if admits or retold or not _mentions_topic(doc, topic, rubric, qa.question.text):
            # "嗯，这个我确实不太清楚，抱歉" / "I blanked. I told him I don't know. He moved on." /
            # "honestly i don't know that one i've only used the default trainer so i'd have to pass"
            if hedged or retold or _is_spoken_non_answer(own):
                return GradedAnswer(
                    **base, status="no-answer", score=0, grade=0, misconceptions=[], covered=[],
                    missing=all_ids, missing_core=core_ids,
                )
            return GradedAnswer(
                **base, status="off-topic", score=0, grade=0, misconceptions=[], covered=[],
                missing=all_ids, missing_core=core_ids,
                notes=[note("off-topic", lang)],
            )

    sc = r.scoring
    notes: list[str] = notes_first
    # a follow-up on the same topic that singles out one or two of its points is graded on those
    # (a complete answer to "那DDP的bucket大小怎么选？" is not a thin answer on communication efficiency)
    asked = asked_points(qa.question.text, topic, rubric) if previous == topic.id else []
    points = topic.key_points
    chain = (
        not asked and previous == topic.id and bool(said) and any(k.id not in said for k in points)
        and (classify(qa.question.text, None, rubric).topic_id != topic.id or puts_back(qa.question.text))
    )
    if asked:
        is_core = {k.id: k.id in asked for k in points}
        missing_core = [i for i in asked if i not in covered_ids]
        notes.append(note("focus", lang, points=", ".join(asked)))
    elif chain:
        # any other follow-up on the same topic is graded on the points the answers before it in the run left out, all
        # alike: after a full account of the ring's two phases, "那卡特别多的时候呢？" answered with the latency of
        # 2(N-1) steps and the slowest link is a complete answer, not a thin one on the ring; points said before are
        # not missing here (so too after a question that puts the answer back or pushes on it, whatever topic it names:
        # "所以你的意思是卡越多，每张卡要发的就越多？" answered with the ring's 2(N-1)/N)
        points = [k for k in points if k.id not in said]
        is_core = {k.id: True for k in points}
        missing = [k.id for k in points if k.id not in covered_ids]
        missing_core = missing
        notes.append(note("chain", lang, points=", ".join(sorted(said))))
    else:
        is_core = {k.id: k.core for k in points}
    # a point the question itself states as its premise ("When a model doesn't fit on one GPU you need model parallelism.
    # What forms are there?") is not missing from an answer that builds on it (one that makes a point of its own)
    # (not when the question puts parts up for the candidate to pick from: those not picked are the candidate's to make)
    given = _given_points(qa.question.text, topic, rubric, plan) - covered_ids if covered and not chain and not selecting else set()
    if given:
        notes.append(note("given", lang, points=", ".join(sorted(given))))
        missing = [i for i in missing if i not in given]
        missing_core = [i for i in missing_core if i not in given]
    coverage, depth_got = _coverage(points, is_core, covered_ids | given, sc)
    if not asked and not chain and not errors and not any(k.core and k.id in covered_ids for k in points):
        # a question that names one or two depth points of its topic by their own words ("流水线并行的气泡是怎么来的？",
        # "数据并行中全局batch变大以后，学习率应该怎么调整？"), answered with all of them, nothing wrong and no core point,
        # is a complete answer to a narrow question, not an empty one on the topic: it is graded on the points it names
        # (not when the answer makes a core point too: "为什么要上分布式训练？" answered with the speed-up alone is thin)
        named = asked_points(qa.question.text, topic, rubric)
        if named and all(i in covered_ids for i in named):
            focused, _ = _coverage(points, {k.id: k.id in named for k in points}, covered_ids, sc)
            if focused > coverage:
                coverage, missing_core = focused, []
                notes.append(note("narrow", lang, points=", ".join(named)))
                asked = named
    score = coverage
    for f in errors:
        score -= getattr(sc.penalties, f.severity)
    severities = {f.severity for f in errors}
    for sev in SEVERITY_ORDER:
        if sev in severities:
            cap = getattr(sc.caps, sev)
            if score > cap:
                notes.append(note("cap", lang, cap=cap, sev=sev))
            score = min(score, cap)
    if _is_term_list(doc) or (
        covered and score > sc.term_list_cap and _only_in_lists(  # (a cap that would change nothing is not looked for)
            doc, credited, qa.question.text, [c for _, ps in plan.key_points[topic.id] for c in ps], plan,
            rubric.compiler, topic.id,
        )
    ):
        if score > sc.term_list_cap:
            notes.append(note("term-list", lang, cap=sc.term_list_cap))
        score = min(score, sc.term_list_cap)
    # one or two core points in talk thick with stock phrases, nothing wrong, no depth, a core point left out:
    # empty talk with a clause of content ("数据并行具有非常重要的意义和作用 … 把数据分给多个计算节点同时处理
    # … 意义重大、作用突出") is graded as empty talk
    if (
        0 < len(covered) <= 2 and not errors and score > sc.empty_talk_cap and missing_core and depth_got == 0
        and _stock_phrases(doc, rubric) >= EMPTY_TALK_MIN
    ):
        notes.append(note("empty-talk", lang, cap=sc.empty_talk_cap))
        score = sc.empty_talk_cap
    # a full answer from someone who says they know it only from reading ("I haven't used it myself, but …",
    # "模型并行我只看过资料，没有真正上手") disclaims the depth of practice that a 5 needs
    if score > sc.secondhand_cap and any(p and p in doc.text for p in _folded_phrases(rubric, "secondhand")):
        notes.append(note("secondhand", lang, cap=sc.secondhand_cap))
        score = sc.secondhand_cap
    if asked and score > sc.pick_cap and len(doc.text.strip(_STRIP + " ()（）")) <= BARE_NAME_MAX:
        # a narrow question answered with the point's name alone ("How do you shrink the pipeline bubble?" -
        # "micro-batches", "Name the two phases." - "reduce-scatter, all-gather") names it without saying what it does:
        # capped as a bare pick is
        notes.append(note("bare-name", lang, cap=sc.pick_cap))
        score = sc.pick_cap
    if in_order is not None and score > sc.pick_cap:
        notes.append(note("pick-cap", lang, cap=sc.pick_cap))
        score = sc.pick_cap
    if choice is not None and choice.letters and choice.bare and score > sc.pick_cap:
        # a bare pick recognises a statement: "B" to a question whose option B is a full account of DDP is thin
        notes.append(note("pick-cap", lang, cap=sc.pick_cap))
        score = sc.pick_cap
    if not covered:
        notes.append(note("no-points", lang))
    if agreed:
        notes.append(note("agreed", lang))
    if denied:
        notes.append(note("denied", lang))
    final = max(0, min(100, _round(score)))
    bare = agreed or denied or (choice is not None and choice.bare)
    if final < sc.attempt_floor and not (bare and errors):
        # an attempt at the topic, however wrong, is not a non-answer (a bare "yes" to a wrong claim is no attempt)
        final = _round(sc.attempt_floor)
        notes.append(note("floor", lang, cap=final))
    return GradedAnswer(
        **base, status="graded", score=final, grade=_round(final / 20),
        misconceptions=flags, wrong_claims=wrong, covered=covered, missing=missing, missing_core=missing_core,
        notes=notes,
    )


def grade(transcript: Transcript, rubric: LoadedRubric | None = None, lang: str | None = None) -> Report:
    """Grade a parsed transcript; ``lang`` overrides the report language."""
    rubric = rubric or load_rubric()
    language = lang or transcript.language
    answers: list[GradedAnswer] = []
    said: set[str] = set()  # the key points made so far in a run of questions on one topic
    for i, qa in enumerate(transcript.questions):
        before = transcript.questions[i - 1].question.text if i else None
        previous = answers[-1].topic if answers else None
        graded = grade_answer(qa, transcript, rubric, language, previous, before, frozenset(said))
        if graded.topic != previous:
            said = set()
        said.update(c.id for c in graded.covered)
        answers.append(graded)
    scored = [a for a in answers if a.status != "ungraded"]
    overall_score = _round(sum(a.score or 0 for a in scored) / len(scored)) if scored else 0
    flags = {s: sum(1 for a in answers for f in a.misconceptions if f.severity == s) for s in SEVERITY_ORDER}
    wrong = {s: sum(1 for a in answers for f in a.wrong_claims if f.severity == s) for s in SEVERITY_ORDER}
    overall = Overall(
        score=overall_score,
        graded=len(scored),
        answered=sum(
            1 for qa, a in zip(transcript.questions, answers)
            if qa.answer and qa.answer.text.strip() and a.status != "no-answer"
        ),
        questions=len(answers),
        grade=_round(overall_score / 20),
        recommendation=recommendation(overall_score, rubric.rubric.scoring.pass_mark),
        flags=flags,
        wrong_claims=wrong,
    )
    original = transcript.verdict.text if transcript.verdict else None
    tone = original_tone(original) if original else None
    contradicted = tone == "praising" and overall.graded > 0 and (
        overall_score < rubric.rubric.scoring.pass_mark or flags["critical"] + wrong["critical"] > 0
    )
    verdict = write_verdict(answers, overall, language, tone, contradicted, original)
    return Report(
        source=transcript.source,
        language=language,
        tool_version=__version__,
        rubric=RubricInfo(id=rubric.id, version=rubric.version, sha256=rubric.sha256),
        role=transcript.role.text if transcript.role else None,
        years=transcript.years.text if transcript.years else None,
        answers=answers,
        overall=overall,
        verdict=verdict,
        original_verdict=original,
        original_verdict_tone=tone,
        verdict_contradicted=contradicted,
    )
