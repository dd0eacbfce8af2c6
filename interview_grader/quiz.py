"""Written screening rounds (笔试): multiple-choice and true/false questions, and the choice an answer makes.

A multiple-choice question lists its options under a stem ("关于数据并行，下列说法正确的是？\\nA. …\\nB. …"); an answer
that opens with a letter ("选 B", "b) and also a)", "ACD。", "Uh… A?") picks those options, and what a picked option says
is the candidate's claim, as if they had written it, except when the stem asks for the wrong one ("下列说法错误的是",
"which is NOT true"): then the pick rejects it. The options the answer does not pick are the interviewer's and assert
nothing. A true/false question ("【判断】异步训练没有过期梯度的问题。", "True or false: …") puts one statement; an answer
that opens with "对" / "True" / "√" affirms it, one that opens with "错" / "False" / "×" rejects it (the marker may follow
a lead-in and ask for a correction: "第二题，判断并改正：“…”"). A fill-in-the-blank item ("Ring-Allreduce 分为 ____ 和 ____
两个阶段") answered with the words for its blanks makes the statement the question reads with those words in place.

Everything here works on the raw text (offsets into it), so that the engine can build a ``Doc`` over a picked option's
span of the question and quote it from the source.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# An option's marker at the start of a line, or after a space or the stem's closing mark when the options run on in
# one line ("…正确的是？A. … B. …"): "A." "A、" "A)" "A:" "(A)" "（A）", full-width letters too
_LETTER = "A-Fa-fＡ-Ｆａ-ｆ"
_MARK = re.compile(
    rf"(?:^|(?<=[\s?？:：。>]))[ \t\u3000]*(?:[(（]([{_LETTER}])[)）]|([{_LETTER}])(?:[)）.．、:：]|,(?= )))[ \t\u3000]*(?=\S)", re.M
)
# Options told by number in speech: "哪种：一是训得快，二是模型效果更好，三是…", picked as "第一种" / "第二种吧" / "后者"
_ORDINAL_MARK = re.compile(r"(?<=[：:，,。？?；;\s])([一二三四])是")
_ORDINAL_END = re.compile(r"[，,；;。？?\n]*$")
_ORDINAL_STOP = re.compile(r"[？?。\n]")
_ORDINAL_PICK = re.compile(
    r"\s*(?:(?:嗯+|呃+)[\s,，.…]*)?(?:我?选(?:择)?)?\s*(?:第([一二三四])(?:种|个|项|条|点)?|(前者|后者))(?![一-龥]{0,1}[是])"
)
_ORDINALS = {"一": "A", "二": "B", "三": "C", "四": "D", "前者": "A", "后者": "B"}
# Choices listed in an English question, three or more: "does the traffic go up, stay flat, or go down as you add
# GPUs?", answered with one of them ("Stays flat.", "Goes up. Each GPU …")
# (the middle one, between two commas, is whole; the first and the last take as many words as it has)
_LISTED = re.compile(r"[a-z-]+, ([a-z][a-z-]*(?: [a-z][a-z-]*){0,2}),? or [a-z]", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
# The stem's asking sentence wants the wrong option(s)
_NEGATIVE = re.compile(
    r"错误|不正确|不对|不能|不会|不属于|不是|不包括|不适合|不需要|不可以|有误"
    r"|(?<![a-z])(?:not|incorrect|false|wrong|except|isn't|aren't|doesn't|don't|cannot|can't|won't|untrue)(?![a-z])",
    re.I,
)
_SENTENCE_BREAK = re.compile(r"[。.!！?？\n]\s*")
# The question word of the stem's asking sentence, which a picked option fills; or the closing "是" it follows
_QUESTION_WORD = re.compile(
    r"哪一?[个项种些条点]|什么"
    r"|(?<![a-z])(?:which(?: one)?(?: of (?:these|the following|those|them))?(?: (?:options?|statements?|choices?|ones?))?"
    r"|what)(?![a-z])",
    re.I,
)
_SENTENCE_END = re.compile(r"[。!！?？\n]|\.(?=\s)")
_CLOSING_IS = re.compile(r"[是为][ \t]*(?:[(（][ \t\u3000]*[)）])?[ \t]*[?？:：]?[ \t]*$")

# A true/false question: its marker opens ("【判断】", "判断题：", "True or false:", "(T/F)") or closes ("…，对吗？" is an
# ordinary yes/no question and is left to the engine; "… True or false?") the statement
_TF_OPEN = re.compile(
    r"^\s*(?:[【\[(（]\s*)?(?:判断题?|是非题?|对错题?|判断正误|判断对错|true\s*(?:or|/)\s*false|t\s*/\s*f)"
    r"(?:\s*[】\]）)])?\s*[:：.,，]?\s*",
    re.I,
)
# ... or after a lead-in ("第二题，判断并改正：", "Okay. True or false, and correct it if it's false: "…""): the marker,
# words on correcting it, and a colon; the statement follows, in quotation marks or not
_TF_MARKER = re.compile(
    r"(?:判断(?:题|正误|对错)?(?:并|，|,)?(?:改正|更正|纠正|说明理由)?|true\s*(?:or|/)\s*false(?:[^:：\n\"“]{0,48}?))"
    r"\s*[:：]\s*",
    re.I,
)
_BREAK_TAIL = re.compile(r"(?:\s|<br\s*/?>)+$", re.I)  # what ends an option: space, or an HTML line break
# A blank to fill: underscores, or empty brackets
_BLANK = re.compile(r"_{2,}|＿{2,}|（[ \t\u3000]*）|\([ \t]{2,}\)|【[ \t\u3000]*】")
# The fills an answer opens with: up to its first sentence end, split at the strongest separator that gives one fill
# per blank ("reduce-scatter 和 all-gather；2(N−1)/N", "the model; the data", "Reduce, and then broadcast?")
_FILL_LEAD = re.compile(r"\s*(?:(?:答案?|answer|my answer)\s*(?:是|为|is)?\s*[:：]\s*)?(?:(?:嗯+|呃+|um+|uh+)[\s,，.…]*)?", re.I)
_FILL_END = re.compile(r"[。!！?？\n]|\.(?=\s|$)")
_FILL_SEPARATORS = (
    re.compile(r"\s*[;；]\s*"),
    re.compile(r"\s*[、,，]\s*(?:(?:and then|and|then|以及|然后|再)\s+)?"),
    re.compile(r"\s+(?:and then|then|and)\s+|\s*(?:和|以及|然后|再|→|->)\s*"),
)
_CLAUSE_MARK = re.compile(r"[,，;；:：(（]|\s(?:so|because|since|which|that|i\.e\.)\s")
FILL_MAX = 20  # characters of one fill: longer, it is an explanation rather than the words for a blank
_QUOTED = re.compile(r"[\"“「](.+?)[\"”」]", re.S)
_TF_CLOSE = re.compile(
    r"[\s,，;；:：]*(?:[(（]\s*)?(?:true\s*(?:or|/)\s*false|t\s*/\s*f|对还是错|对或错|是否正确|正确与否)"
    r"(?:\s*[)）])?\s*[?？.。]?\s*$",
    re.I,
)
# An answer's verdict on the statement, opening it
_TF_LEAD = (
    r"^\s*(?:(?:答案?|answer)\s*(?:是|为)?\s*[:：]?\s*)?"
    r"(?:(?:这个|这句|这题)?(?:我觉得|我认为|应该)(?:是)?|i (?:think|believe|would say|'d say)(?: it's| it is| that's)?\s*)?"
)
_TF_TRUE = re.compile(_TF_LEAD + r"(?:true|t|对(?![于比称应齐等象方话接手])|正确|√|✓|✔)(?![a-z])", re.I)
_TF_FALSE = re.compile(_TF_LEAD + r"(?:false|f|错(?![位开过])|错误|不对|不正确|×|✗|✘)(?![a-z])", re.I)

# An answer's pick: an optional lead ("选", "答案是", "I'd go with", "Uh…"), then letters run together ("ACD") or joined
# ("A 和 C", "b) and also a)"), then no letter or digit
_PICK_LEAD = (
    r"^\s*(?:(?:uh+|um+|hmm+|嗯+|呃+|emm+)[\s,，.…]*)?"
    r"(?:(?:答案?|我?选择?|选项|answer|my answer|my pick|i(?:'d| would)? (?:pick|choose|go with|say)|i pick|pick|option)"
    r"\s*(?:是|为|的是|is)?\s*[:：]?\s*)?"
)
_ONE = rf"[(（]?([{_LETTER}])(?:[)）](?![{_LETTER}]))?"
_PICK = re.compile(
    _PICK_LEAD + rf"({_ONE}(?:(?:\s*(?:[,，、/&+]|和|与|及|以及|and also|and|plus)\s*|){_ONE})*)(?![A-Za-z0-9])", re.I
)
# (the letters of the pick, not those of the words joining them: "and" holds an "a" and a "d")
_PICKED_LETTER = re.compile(rf"(?<![a-zａ-ｚ])[{_LETTER}](?![a-zａ-ｚ])")
# what may follow a bare choice: punctuation, a particle, "吧"
_BARE_REST = re.compile(r"[\s。.!！?？,，;；:：…~、吧呀啊吗呢)）]*")


@dataclass(frozen=True)
class Quiz:
    """What a question offers to choose from. Spans are offsets into the question text."""

    options: dict[str, tuple[int, int]]  # letter (upper case) -> the option's text
    stem: str  # the question without its options (what the options answer)
    negative: bool  # the stem asks for the wrong option(s)
    statement: tuple[int, int] | None  # a true/false question's statement
    # where an option fills the stem's asking sentence: (start, end) of its question word ("什么", "which of these") or
    # an empty span after a closing "是" ("主要目的是？"), and the end of the sentence before its question mark
    slot: tuple[int, int, int] | None = None
    blanks: tuple[tuple[int, int], ...] = ()  # a fill-in-the-blank item's blanks ("____")
    ordinal: bool = False  # options told by number ("一是…，二是…"), picked as "第二种"
    listed: bool = False  # choices listed in a sentence ("go up, stay flat, or go down"), picked by saying one

    def with_fills(self, fills: tuple[tuple[int, int], ...], at: int, answer_at: int) -> list[tuple[int, int]]:
        """The source spans that read as the statement the fills make: the question (at offset ``at`` of the source)
        with each blank replaced by its fill from the answer (at ``answer_at``)."""
        out, pos = [], 0
        for (bs, be), (fs, fe) in zip(self.blanks, fills):
            out += [(at + pos, at + bs), (answer_at + fs, answer_at + fe)]
            pos = be
        end = len(self.stem.rstrip())
        return [(a, b) for a, b in [*out, (at + pos, at + end)] if b > a]

    def filled(self, letter: str) -> list[tuple[int, int]]:
        """The question's spans that read as the statement a pick of ``letter`` makes: the stem with the option in its
        question word's place ("Ring-Allreduce 中在环上传递的是什么？" + "训练数据集" -> "…传递的是训练数据集"), or the option
        alone when the stem has no such slot."""
        option = self.options[letter]
        if self.slot is None:
            return [option]
        ws, we, end = self.slot
        return [(0, ws), option, (we, end)]


@dataclass(frozen=True)
class Choice:
    """The choice an answer opens with."""

    letters: tuple[str, ...]  # picked options (upper case); empty for a true/false verdict
    affirms: bool | None  # a true/false verdict: True / False; None for a pick
    end: int  # where the choice ends in the answer text
    bare: bool  # nothing of substance follows it
    fills: tuple[tuple[int, int], ...] = ()  # a fill-in-the-blank answer's fills, one per blank (spans of the answer)


def _upper(letter: str) -> str:
    return unicodedata.normalize("NFKC", letter).upper()


def read_quiz(question: str) -> Quiz | None:
    """The options (A, B, … in order, at least two) or the true/false statement of ``question``; None for an ordinary
    question."""
    marks = [(m.start(), m.end(), _upper(m.group(1) or m.group(2))) for m in _MARK.finditer(question)]
    run: list[tuple[int, int, str]] = []
    for i, (_, _, letter) in enumerate(marks):
        if letter != "A":
            continue
        run = [marks[i]]
        for nxt in marks[i + 1:]:
            if nxt[2] == chr(ord(run[-1][2]) + 1):
                run.append(nxt)
            elif nxt[2] == "A":
                break
        if len(run) >= 2:
            break
        run = []
    if run:
        options: dict[str, tuple[int, int]] = {}
        for j, (_, body, letter) in enumerate(run):
            stop = run[j + 1][0] if j + 1 < len(run) else question.find("\n", body)
            if stop < 0:
                stop = len(question)
            end = body + len(_BREAK_TAIL.sub("", question[body:stop]))
            options[letter] = (body, end)
        last_end = options[run[-1][2]][1]
        stem = (question[:run[0][0]] + " " + question[last_end:]).strip()
        head = question[:run[0][0]]
        return Quiz(options=options, stem=stem, negative=_asks_for_wrong(head), statement=None, slot=_slot(head))
    ordinal = _ordinal_options(question) or _listed_options(question)
    if ordinal is not None:
        return ordinal
    blanks = tuple(m.span() for m in _BLANK.finditer(question))
    if blanks:
        return Quiz(options={}, stem=question, negative=False, statement=None, blanks=blanks)
    m = _TF_MARKER.search(question) or _TF_OPEN.match(question)
    if m and m.end() < len(question):
        q = _QUOTED.match(question, m.end())
        statement = q.span(1) if q else (m.end(), len(question.rstrip()))
        return Quiz(options={}, stem=question, negative=False, statement=statement)
    m = _TF_CLOSE.search(question)
    if m and m.start() > 0:
        return Quiz(options={}, stem=question, negative=False, statement=(0, m.start()))
    return None


def _ordinal_options(question: str) -> Quiz | None:
    """Options told by number ("一是…，二是…"), in order from 一, at least two."""
    marks = [m for m in _ORDINAL_MARK.finditer(question)]
    run = []
    for m in marks:
        if _ORDINALS[m.group(1)] == chr(ord("A") + len(run)):
            run.append(m)
    if len(run) < 2:
        return None
    options: dict[str, tuple[int, int]] = {}
    for j, m in enumerate(run):
        stop = run[j + 1].start() if j + 1 < len(run) else ((x := _ORDINAL_STOP.search(question, m.end())) and x.start())
        stop = stop or len(question)
        body = question[m.end():stop]
        options[_ORDINALS[m.group(1)]] = (m.end(), m.end() + len(_ORDINAL_END.sub("", body)))
    head = question[:run[0].start()]
    stem = (head + " " + question[options[_ORDINALS[run[-1].group(1)]][1]:]).strip()
    return Quiz(options=options, stem=stem, negative=_asks_for_wrong(head), statement=None, slot=_slot(head), ordinal=True)


def _listed_options(question: str) -> Quiz | None:
    """Three or more choices listed in the last sentence of an English question, asked as a question."""
    end = len(question.rstrip())
    if not question[:end].endswith("?"):
        return None
    start = max((m.end() for m in _SENTENCE_END.finditer(question, 0, end - 1)), default=0)
    m = _LISTED.search(question, start, end)
    if m is None:
        return None
    n = len(m.group(1).split())
    before = list(_WORD.finditer(question, start, m.start(1) - 2))[-n:]
    after = list(_WORD.finditer(question, m.end() - 1, end))[:n]
    if len(before) < n or len(after) < n:
        return None
    options = {"A": (before[0].start(), before[-1].end()), "B": m.span(1), "C": (after[0].start(), after[-1].end())}
    # the statement a choice makes: the sentence with the choice in the list's place, up to its question mark
    return Quiz(options=options, stem=question, negative=False, statement=None,
                slot=(options["A"][0], options["C"][1], end - 1), listed=True)


def _asks_for_wrong(head: str) -> bool:
    """Does the last asking sentence of the stem ``head`` ask for the wrong option(s)?"""
    asking = [s for s in _SENTENCE_BREAK.split(head) if s.strip()]
    return bool(asking) and _NEGATIVE.search(asking[-1]) is not None


def _slot(head: str) -> tuple[int, int, int] | None:
    """The slot a picked option fills in the stem ``head`` (see ``Quiz.slot``)."""
    end = len(head.rstrip())
    while end and head[end - 1] in "?？:：":
        end -= 1
    start = max((m.end() for m in _SENTENCE_END.finditer(head, 0, end)), default=0)
    words = list(_QUESTION_WORD.finditer(head, start, end))
    if words:
        return words[-1].start(), words[-1].end(), end
    m = _CLOSING_IS.search(head, start)
    if m:
        return m.start() + 1, m.start() + 1, m.start() + 1
    return None


def read_choice(quiz: Quiz, answer: str) -> Choice | None:
    """The pick or the true/false verdict ``answer`` opens with, if any."""
    if quiz.listed:
        first = _FILL_END.search(answer)
        said = _stems(answer[:first.start() if first else len(answer)])
        for letter, (s, e) in quiz.options.items():
            words = _stems(quiz.stem[s:e])
            if said[:len(words)] == words:
                stop = list(_WORD.finditer(answer))[len(words) - 1].end()  # the end of the choice's last word
                return Choice(letters=(letter,), affirms=None, end=stop, bare=_is_bare(answer, stop))
        return None
    if quiz.ordinal:
        m = _ORDINAL_PICK.match(answer)
        if m is None:
            return None
        letter = _ORDINALS[m.group(1) or m.group(2)]
        if letter not in quiz.options:
            return None
        return Choice(letters=(letter,), affirms=None, end=m.end(), bare=_is_bare(answer, m.end()))
    if quiz.options:
        m = _PICK.match(answer)
        if m is None:
            return None
        letters = tuple(dict.fromkeys(_upper(x) for x in _PICKED_LETTER.findall(m.group(1))))
        if not all(x in quiz.options for x in letters):
            return None
        # "A parameter server keeps …" opens with the article, not option A
        if letters == ("A",) and re.match(r"[ \t]+[a-z]", answer[m.end():]) and not re.search(r"[)）]", m.group(1)):
            return None
        return Choice(letters=letters, affirms=None, end=m.end(), bare=_is_bare(answer, m.end()))
    if quiz.blanks:
        return _read_fills(quiz, answer)
    if quiz.statement is not None:
        for affirms, rx in ((True, _TF_TRUE), (False, _TF_FALSE)):
            m = rx.match(answer)
            if m:
                return Choice(letters=(), affirms=affirms, end=m.end(), bare=_is_bare(answer, m.end()))
    return None


def _read_fills(quiz: Quiz, answer: str) -> Choice | None:
    """The fills for ``quiz``'s blanks an answer opens with (as many as there are blanks), if any."""
    start = _FILL_LEAD.match(answer).end()
    stop = _FILL_END.search(answer, start)
    end = stop.start() if stop else len(answer)
    segment = answer[start:end]
    n = len(quiz.blanks)
    parts: list[tuple[int, int]] | None = None
    if n == 1:
        # one blank: the answer's words up to its first clause mark when they run on ("the training data, so each GPU
        # only has to look at part of the dataset")
        cut = _CLAUSE_MARK.search(segment) if len(segment) > FILL_MAX else None
        parts = [(0, cut.start() if cut else len(segment))]
    else:
        # the strongest separator first; parts still too few are cut further by the weaker ones, in order
        cut = [(0, len(segment))]
        for sep in _FILL_SEPARATORS:
            finer = []
            for a, b in cut:
                pos = a
                for m in sep.finditer(segment, a, b):
                    finer.append((pos, m.start()))
                    pos = m.end()
                finer.append((pos, b))
            if len(finer) > n:
                break
            cut = finer
            if len(cut) == n:
                parts = cut
                break
    if parts is None:
        return None
    fills = []
    for a, b in parts:
        while a < b and segment[a] in " \t\"'“”‘’":
            a += 1
        while b > a and segment[b - 1] in " \t\"'“”‘’?？…":
            b -= 1
        if b <= a or b - a > FILL_MAX:
            return None
        fills.append((start + a, start + b))
    for i, ((bs, _), (fs, fe)) in enumerate(zip(quiz.blanks, fills)):
        # an article the blank already follows is not said twice: "replicates the ____" filled "the model"
        before = quiz.stem[:bs].rstrip().lower()
        word = re.match(r"(?:the|a|an)\s+", answer[fs:fe], re.I)
        if word and before.endswith(" " + word.group().strip().lower()) and fs + word.end() < fe:
            fills[i] = (fs + word.end(), fe)
    return Choice(letters=(), affirms=None, end=end, bare=_is_bare(answer, end), fills=tuple(fills))


def _stems(text: str) -> list[str]:
    """The words of ``text``, lower case, a verb's "-s" / "-es" dropped: "Stays flat" and "stay flat" say the same."""
    out = []
    for w in re.findall(r"[a-z][a-z-]*", text.lower()):
        if w.endswith(("oes", "shes", "ches", "xes", "sses", "zes")):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        out.append(w)
    return out


def _is_bare(answer: str, end: int) -> bool:
    rest = _BARE_REST.match(answer, end)
    return rest is not None and rest.end() == len(answer)
