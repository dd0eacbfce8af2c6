"""Sentences, clauses and assertion scope of a folded text.

A claim counts as asserted only outside these scopes:

* negation: a cue (不, 没有, 并非, 不是, 无需, not, no, never, n't, without, ...)
  negates the rest of its clause, up to a turn such as 而是 / 其实 / but;
* contrast: 不同于 X, 与 X 不同, 而不是 X, unlike X, rather than X,
  instead of X, as opposed to X put X under negation;
* reported belief or a counterfactual: 很多人以为 …, 有人误以为 …, a common
  mistake is to think …, a naive approach …, 如果所有节点都 … voids the claim up to
  the correction (其实 / 实际上 / but / actually);
* questions: a sentence ending in ? / ？ (often the question restated) is void.

Everything works on the folded copy (see ``normalize``), where full-width
punctuation is already half-width and traditional characters simplified.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

# --- segmentation ---------------------------------------------------------

_SENT_END = re.compile(r"[。!?\n]|\.(?=\s|$|[^\x00-\x7f])|…{1,2}")
_CLAUSE_END = re.compile(r"[。!?;\n,:，]|\.(?=\s|$|[^\x00-\x7f])|…{1,2}|(?<=[^\x00-\x7f])、")


def _ranges(text: str, pat: re.Pattern[str]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for m in pat.finditer(text):
        end = m.end()
        if text[start:end].strip():
            out.append((start, end))
        start = end
    if text[start:].strip():
        out.append((start, len(text)))
    return out


# --- scope cues -----------------------------------------------------------

# Chinese negation cues; the longer forms first.  Words that merely contain 不/无/非/没
# (不断, 不同, 非常, 无论, ...) are excluded by _ZH_NOT_CUE.
_ZH_NEG = (
    "并不是|并非|并不|并没有|并没|从来不|从不|绝不|根本不|根本没有|根本没|不再|不是|不需要|不需|不必|不用|不会|不能|"
    "不该|不应|不存在|无需|无须|无法|没有|没|未必|未曾|未|不|非|无"
)
_ZH_NOT_CUE = (
    "并不是没有|不是没有|并非没有|不无|不断|不仅|不只|不但|不同|不少|不错|不久|不过|不管|不论|不得不|不停|不一致|不均|不平衡|不可或缺|"
    "不一样|不止|不光|非常|非得|无论|无关|没错|未来|无数|无限|差不多|不要紧|非对称|无损|不可避免|"
    "要不|是否|非阻塞"
)
_EN_NEG = (
    r"not|no|never|without|neither|nor|none|nothing|cannot|can['\u2019]t|"
    r"[a-z]+n['\u2019]t|no longer|nobody|nowhere"
)
_EN_NOT_CUE = r"not free of|not without|not only|not just|no matter|no doubt|nothing but|not necessarily only"

_NEG_CUE = re.compile(
    rf"(?P<skip>{_ZH_NOT_CUE})|(?P<zh>{_ZH_NEG})|(?<![a-z])(?P<skipen>{_EN_NOT_CUE})(?![a-z])|(?<![a-z])(?P<en>{_EN_NEG})(?![a-z])"
)

# What ends a negation or reported-belief scope inside a sentence.
_TURN = re.compile(
    r"而是|但是|但|其实|实际上|事实上|然而|反而|相反|所以|因此|因为|导致|从而|而(?=[\u4e00-\u9fff])"
    r"|(?<![a-z])(?:but|instead|rather|however|actually|in fact|in reality|whereas|while|so|because|therefore|thus|which)(?![a-z])"
)

# Contrast cues whose object (up to the clause end) is under negation.
_CONTRAST_FWD = re.compile(
    r"不同于|区别于|有别于|相对于|相比于|而不是|而非|(?<![a-z])(?:unlike|rather than|instead of|as opposed to|in contrast to|contrary to|different from|compared with|compared to)(?![a-z])"
)
# 与/和/跟/同 X (完全)不同 / 不一样 / 相反 / 有区别: X is under negation.
_CONTRAST_AROUND = re.compile(
    r"(?:与|和|跟|(?<![不相共协一如])同(?![步时一样]))(?P<x>[^,。!?;:\n]{1,30}?)(?:完全|很|有所|是)?"
    r"(?:不同|不一样|相反|有区别|有所区别|不是一回事|是两回事|不能混为一谈|并不相同|不相同)(?=[,。!?;:\n]|$)"
)

# Reported beliefs, voided up to the correction.
_REPORTED = re.compile(
    r"(?:很多人|有人|不少人|有些人|一些人|许多人|大家|人们|常有人|一般人|新手|初学者)(?:常|都|往往|经常|会|容易)?(?:误|错误地)?(?:以为|认为|觉得|说|理解为|当成)"
    r"|误以为|误认为|误解为|错误地认为|(?:常见的|一个常见的|典型的)?(?:误解|误区|错误观点|错误说法)(?:是|为|就是|:)?"
    r"|(?<![a-z])(?:(?:some|many|most|a lot of) (?:people|engineers|candidates|folks) (?:\w+ )?(?:think|believe|assume|say|claim)"
    r"|(?:it is|it's) (?:often|commonly|widely|sometimes) (?:thought|believed|assumed|said|claimed)"
    r"|a (?:common|frequent|typical) (?:mistake|misconception|misunderstanding|myth|error|belief)(?: is)?"
    r"|(?:people|candidates) (?:often|commonly|sometimes) (?:think|believe|assume|say)"
    r"|(?:the )?myth (?:is )?that|contrary to popular belief"
    r"|a naive (?:approach|implementation|scheme|way|design|solution)|naively|if (?:every(?:one|body)|all (?:the )?(?:workers|nodes|gpus|ranks)))(?![a-z])"
    r"|朴素的做法|最朴素的|最简单粗暴的做法|如果所有|假如所有|如果每个节点都|假如每个节点都"
)


class _Union:
    """A union of half-open ranges as sorted disjoint starts and ends: membership in O(log k)."""

    __slots__ = ("starts", "ends")

    def __init__(self, ranges) -> None:
        merged: list[list[int]] = []
        for a, b in sorted(r for r in ranges if r[0] < r[1]):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def __contains__(self, pos: int) -> bool:
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and pos < self.ends[i]


@dataclass(frozen=True)
class Scopes:
    """Segmentation and non-asserted ranges of one folded text.

    Look-ups are O(log n) (merged scope ranges and sorted cue positions),
    so a long text with many cues stays linear to grade.
    """

    sentences: tuple[tuple[int, int], ...]
    clauses: tuple[tuple[int, int], ...]
    negated: tuple[tuple[int, int, int], ...]  # (cue start, scope start, scope end)
    void: tuple[tuple[int, int], ...]
    _neg: _Union = field(repr=False, compare=False, default_factory=lambda: _Union(()))
    _void: _Union = field(repr=False, compare=False, default_factory=lambda: _Union(()))
    _cues: tuple[int, ...] = field(repr=False, compare=False, default=())  # sorted cue starts
    _cue_ends: tuple[int, ...] = field(repr=False, compare=False, default=())  # scope start of each cue
    _clause_starts: tuple[int, ...] = field(repr=False, compare=False, default=())

    @classmethod
    def build(cls, sentences, clauses, negated, void) -> "Scopes":
        cues = sorted((c, a) for c, a, _ in negated)
        return cls(
            tuple(sentences), tuple(clauses), tuple(sorted(negated)), tuple(sorted(void)),
            _Union((a, b) for _, a, b in negated), _Union(void),
            tuple(c for c, _ in cues), tuple(a for _, a in cues), tuple(a for a, _ in clauses),
        )

    def is_negated(self, start: int, end: int | None = None) -> bool:
        """Is the occurrence [start, end) under negation?

        Either it starts inside a negation scope, or a cue stands inside it
        after its first character ("DDP并不依赖PS" matched as one gap term).
        A cue at the very start ("没有中心节点") is the term's own wording.
        """
        if start in self._neg:
            return True
        end = start + 1 if end is None else end
        i = bisect_right(self._cues, start)
        while i < len(self._cues) and self._cues[i] < end:
            if self._cue_ends[i] < end:
                return True
            i += 1
        return False

    def is_void(self, pos: int) -> bool:
        return pos in self._void

    def clause_at(self, pos: int) -> tuple[int, int]:
        """The clause containing ``pos`` (or an empty range)."""
        return _enclosing(self.clauses, pos, self._clause_starts)


def _enclosing(ranges, pos: int, starts=None) -> tuple[int, int]:
    """The range containing pos, by binary search over the sorted, disjoint ranges."""
    starts = starts if starts is not None else [a for a, _ in ranges]
    i = bisect_right(starts, pos) - 1
    if i >= 0:
        a, b = ranges[i]
        if a <= pos < b:
            return a, b
    return pos, pos


def _scope_end(text: str, start: int, limit: int) -> int:
    m = _TURN.search(text, start, limit)
    return m.start() if m else limit


def analyse(text: str, question: str | None = None) -> Scopes:
    """Segment a folded text and find its negated and void ranges.

    ``question`` (folded) lets a sentence that merely restates the question be
    treated as void.
    """
    sentences = _ranges(text, _SENT_END)
    clauses = _ranges(text, _CLAUSE_END)
    negated: list[tuple[int, int, int]] = []
    void: list[tuple[int, int]] = []
    clause_starts = [a for a, _ in clauses]
    sentence_starts = [a for a, _ in sentences]

    for m in _NEG_CUE.finditer(text):
        if m.lastgroup in ("skip", "skipen"):
            continue
        _, c_end = _enclosing(clauses, m.start(), clause_starts)
        end = _scope_end(text, m.end(), c_end)
        if end > m.end():
            negated.append((m.start(), m.end(), end))

    for m in _CONTRAST_FWD.finditer(text):
        _, c_end = _enclosing(clauses, m.start(), clause_starts)
        end = _scope_end(text, m.end(), c_end)
        if end > m.end():
            negated.append((m.start(), m.end(), end))
    for m in _CONTRAST_AROUND.finditer(text):
        negated.append((m.start(), m.start("x"), m.end("x")))

    for m in _REPORTED.finditer(text):
        _, s_end = _enclosing(sentences, m.start(), sentence_starts)
        end = _scope_end(text, m.end(), s_end)
        void.append((m.start(), max(end, m.end())))

    for a, b in sentences:
        seg = text[a:b].rstrip()
        if seg.endswith("?"):
            void.append((a, b))
        elif question and _restates(text[a:b], question):
            void.append((a, b))

    return Scopes.build(sentences, clauses, negated, void)


def _restates(sentence: str, question: str) -> bool:
    s = sentence.strip(" \t\r\n。.!?;,")
    q = question.strip(" \t\r\n。.!?;,")
    if len(s) < 6 or len(q) < 6:
        return False
    from rapidfuzz import fuzz

    return fuzz.ratio(s, q) >= 85
