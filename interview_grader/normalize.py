"""Normalised copies of text with a map back to the original offsets.

Matching runs on a folded copy: NFKC (full-width to half-width), traditional to
simplified Chinese, lower case, typographic apostrophes made plain, and hyphens between letters removed
(``All-Reduce`` -> ``allreduce``); text copied out of a PDF is read as written (a word hyphenated across a line
end joined, a page header or footer line dropped, a line wrapped mid-sentence joined with a space).  ``Folded.to_source`` maps any position of
the copy back to the original, so evidence is always quoted from the source.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

# Emoji and pictographs (a regex character class): arrows, technical and miscellaneous
# symbols, dingbats, the emoji planes, and the variation selector and joiner that compose them.
EMOJI = "[\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff\ufe0f\u200d]"

_HYPHENS = frozenset("-\u2010\u2011\u2012\u2013_")
_APOSTROPHES = frozenset("\u2019\u2018\u02bc")  # ’ ‘ ʼ


@lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    """NFKC and lower case; a tab is a space and a carriage return ends a line
    (CRLF becomes two line ends, a lone CR one, as the parser reads them); a
    typographic apostrophe is the plain one ("what’s", "doesn’t" as typed in Word)."""
    if ch in _APOSTROPHES:
        return "'"
    return unicodedata.normalize("NFKC", ch).lower().replace("\t", " ").replace("\r", "\n")


_t2s = None


def _to_simplified(text: str) -> str:
    """Traditional -> simplified with OpenCC, loaded on first use.

    The ``tw2sp`` profile also maps Taiwan usage to mainland usage
    (伺服器 -> 服务器, 資料 -> 数据, 記憶體 -> 内存), which is how the same
    concepts are named in the rubric.
    """
    global _t2s
    if _t2s is None:
        import opencc  # lazy: only texts with CJK characters pay for it

        _t2s = opencc.OpenCC("tw2sp")
    return _t2s.convert(text)


_CHUNK = re.compile(r"[^\s,。!?;:、()\[\]\"'“”‘’]+|.", re.S)


def _align(src: str, dst: str) -> list[int]:
    """For each character of ``dst``, the index of the ``src`` character it came from."""
    from difflib import SequenceMatcher

    # compare with a character-by-character conversion, so only the phrases that
    # changed length differ, not every traditional character
    charwise = "".join(c2 if len(c2 := _to_simplified(c)) == 1 else c for c in src)
    out: list[int] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, charwise, dst, autojunk=False).get_opcodes():
        if op == "equal":
            out.extend(range(i1, i2))
        elif op in ("replace", "insert"):
            span = max(i2 - i1, 1)
            n = j2 - j1
            # spread the n new characters over the replaced ones, first to first and last to last
            out.extend(min(i1 + (k * (span - 1) // (n - 1) if n > 1 else 0), len(src) - 1) for k in range(n))
    return out


def _simplify_mapped(text: str, offs: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Simplify, keeping an offset for every output character.

    Most conversions keep the length; where a phrase changes length
    (記憶體 -> 内存), the characters of that chunk (a run between punctuation)
    are aligned with difflib and the changed phrase is mapped proportionally
    onto its source, so a quote never strays outside the words it came from.
    """
    simp = _to_simplified(text)
    if len(simp) == len(text):
        return simp, offs
    out_c: list[str] = []
    out_o: list[int] = []
    for m in _CHUNK.finditer(text):
        a, b = m.span()
        chunk = text[a:b]
        conv = _to_simplified(chunk) if _CJK.search(chunk) else chunk
        out_c.append(conv)
        if len(conv) == b - a:
            out_o.extend(offs[a:b])
        else:
            out_o.extend(offs[a + j] for j in _align(chunk, conv))
    out_o.append(offs[len(text)])
    return "".join(out_c), out_o


_CJK = re.compile("[\u3400-\u9fff]")


def _has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


@dataclass(frozen=True)
class Folded:
    """A folded copy of ``source[base:base+len]`` with an offset map."""

    text: str
    offsets: Sequence[int]  # offsets[i] = source offset of folded char i; one extra entry for the end
    base: int = 0

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """Map a half-open range of the folded text back to the source."""
        if end <= start:
            pos = self.offsets[start]
            return pos, pos
        return self.offsets[start], self.offsets[end - 1] + 1


class _Table(dict):
    """str.translate table over the folded-character cache (keys are code points)."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        f = _CHAR_CACHE.get(ch)
        if f is None:
            f = _CHAR_CACHE[ch] = _fold_char(ch)
        self[code] = f
        return f


_CHAR_CACHE: dict[str, str] = {}
_TRANSLATE = _Table()
# Deleted from the folded copy: a hyphen or underscore between two letters
# (all-reduce -> allreduce), a space between a Chinese character and a Latin letter or digit (writers
# space "所有 rank 地位对等" as often as "所有rank地位对等"), and a space after a space.
# (each alternative opens with its plain character, the letter before it tested after it, as in "-(?<=[^\W\d_]-)":
# a pattern whose every alternative starts with a literal lets `re` skip to the positions holding a hyphen or a
# space, 3-5x faster on an answer than testing the letter before each character first)
_DELETE = re.compile(
    "|".join(re.escape(h) + rf"(?<=[^\W\d_]{re.escape(h)})(?=[^\W\d_])" for h in "-\u2010\u2011\u2012\u2013_")
    + r"| (?:(?<=[\u4e00-\u9fff] )(?=[a-z0-9])|(?<=[a-z0-9] )(?=[\u4e00-\u9fff])|(?<=  ) *)"
    # (a word hyphenated across a line end, as text copied out of a PDF has it: "re-\nduce-scatter", "synchro-\r\nnous")
    + r"|-(?<=[a-z]-)\n\n?(?=[a-z])"
    # (a page header or footer line between the lines of a page, with the line end after it: "page 2 of 4 · acme ml
    # platform", "— 3 —", "第 3 页"; "(?<![^\n])" after the first character puts it at a line start)
    + r"|p(?<=(?<![^\n])p)age \d+ of \d+[^\n]*\n\n?"
    + r"|[\u2014\u2013-](?<=(?<![^\n])[\u2014\u2013-])[\u2014\u2013-]* ?\d+ ?[\u2014\u2013-]+[ \t]*\n\n?"
    + r"|第(?<=(?<![^\n])第) ?\d+ ?页(?: ?[,/] ?共 ?\d+ ?页)?[ \t]*\n\n?"
)
# ... except the hyphen of the adjective "data-parallel" ("a data-parallel group", "data-parallel training"),
# which becomes a space: deleted, it would spell nn.DataParallel, the module (never hyphenated); not inside
# "distributed-data-parallel", which is the module DDP
_DATA_PARALLEL = re.compile(r"(?<![\w\-\u2010-\u2013])(data)[-\u2010-\u2013](?=parallel)")

# Pinyin input slips in the field's words, typed in a hurry and read as meant: a homophone picked from the
# candidate list (参数服务气 for 参数服务器, 题度 for 梯度, 数据并型 for 数据并行, 近程 for 进程).  Only forms that are
# not words of their own in this field, each the length of the word meant; 结点 is the textbook spelling of 节点.
_IME_SLIPS = {
    "并型": "并行", "并形": "并行", "服务气": "服务器", "参数服务期": "参数服务器", "题度": "梯度", "提度": "梯度",
    "全重": "权重", "分布试": "分布式", "异布": "异步", "同布": "同步", "近程": "进程", "结点": "节点",
    "收练": "收敛", "模形": "模型", "瓶劲": "瓶颈",
}
_IME_SLIP = re.compile("|".join(sorted(_IME_SLIPS, key=len, reverse=True)))

# Written Cantonese (Hong Kong records: "DDP 唔使 parameter server 㗎", "冇中心節點", "佢哋會等齊先 update"): its words are
# read as the Mandarin the rubric is written in, one character for one (so the offsets stand), and only in a text that
# has some word no Mandarin text uses; 係 is 是 there, except in 關係 / 聯係 and the like
_CANTONESE = re.compile("[唔冇嘅咗喺佢哋嚟咩攞嘢諗噉冚㗎嘞啲嗰畀]|係咪|就係|即係|係點|點樣")
_CANTONESE_WORDS = {
    "唔使": "不用", "唔駛": "不用", "係咪": "是否", "點解": "为何", "點樣": "怎样", "幾多": "多少", "成個": "整个",
    "邊個": "哪个", "即係": "就是", "唔該": "谢谢", "乜嘢": "什么", "咩嘢": "什么", "冇咗": "没了",
    "呢個": "这个", "呢啲": "这些", "呢種": "这种", "呢度": "这里", "加埋": "加总", "計完": "算完", "計緊": "在算",
    "嗰": "那", "揀": "选", "返": "回", "住": "着", "緊": "着",
    "唔": "不", "冇": "无", "嘅": "的", "咗": "了", "喺": "在", "佢": "他", "哋": "们", "嚟": "来", "畀": "给",
    "俾": "给", "咩": "啥", "乜": "啥", "攞": "拿", "睇": "看", "嘢": "物", "諗": "想", "啱": "对", "咁": "那", "噉": "这",
    "啲": "些", "冚": "全", "㗎": "的", "嘞": "了",
}
_CANTONESE_WORD = re.compile("|".join(sorted(_CANTONESE_WORDS, key=len, reverse=True)) + "|(?<![關关聯联干體体])係")
assert all(len(k) == len(v) for k, v in _CANTONESE_WORDS.items())


def _from_cantonese(m: re.Match) -> str:
    w = m.group()
    return "是" if w == "係" else _CANTONESE_WORDS[w]
assert all(len(k) == len(v) for k, v in _IME_SLIPS.items())

# A line end inside an English sentence, as a PDF or a scan wraps it: after a letter or a comma on a long line, before
# a lower-case letter or a digit that opens no numbered item (one "\n", or the two a CRLF folds to); or inside a
# Chinese one, between two Han characters (a PDF wraps Chinese anywhere, "参数服\n务器")
_SOFT_WRAP = re.compile(r"(?<=[a-z,;])\n\n?(?=[a-z]|[0-9(](?![0-9]*[.)] ))|(?<=[\u4e00-\u9fff])\n\n?(?=[\u4e00-\u9fff])")
WRAPPED_LINE_MIN = 40  # characters: a line this long that breaks mid-sentence was wrapped, not ended
# Chinese lines hold about half as many characters; and a Chinese line is taken as wrapped only when it has
# punctuation of its own (",", "、", ";", "。", folded): a writer who ends no sentence with punctuation, as in chat,
# ends them with line breaks
WRAPPED_HAN_LINE_MIN = 16
_HAN_PUNCT = (",", "、", ";", "。")


def _join_soft_wraps(text: str, offs: Sequence[int], source: str, base: int) -> tuple[str, Sequence[int]]:
    """Each soft wrap becomes one space, or nothing between Han characters (the offsets of a CRLF's second line
    end are dropped with it)."""
    keep_c: list[str] = []
    keep_o: list[int] = []
    pos = 0
    for m in _SOFT_WRAP.finditer(text):
        a, b = m.span()
        start = text.rfind("\n", 0, a) + 1
        han = text[a - 1] >= "\u4e00"  # (the only non-ASCII character the pattern admits before the line end)
        if han:
            if a - start < WRAPPED_HAN_LINE_MIN or not any(p in text[start:a] for p in _HAN_PUNCT):
                continue  # a short line, or a line of a writer who ends sentences with line breaks
        elif a - start < WRAPPED_LINE_MIN:
            continue  # a short line: a note or a list item of its own
        if b - a == 2 and source[offs[a] - base:offs[a] - base + 2] != "\r\n":
            continue  # a blank line between: a paragraph ends
        if source[offs[b] - base].isupper():
            continue  # (folded to lower case) a capital opens a line of its own: "DDP:", "Question 4"
        keep_c.append(text[pos:a])
        keep_o.extend(offs[pos:a])
        if not han:  # Chinese writes no space between words
            keep_c.append(" ")
            keep_o.append(offs[a])
        pos = b
    if pos == 0:
        return text, offs
    keep_c.append(text[pos:])
    keep_o.extend(offs[pos:len(text) + 1])
    return "".join(keep_c), keep_o


def fold(source: str, base: int = 0) -> Folded:
    """Fold ``source`` (which starts at offset ``base`` of some larger text)."""
    text = source.translate(_TRANSLATE)  # fills _CHAR_CACHE for every character seen
    n = len(source)
    if len(text) != n:
        parts = [_CHAR_CACHE[ch] for ch in source]
    offs: Sequence[int]
    if len(text) == n:
        offs = range(base, base + n + 1)
    else:  # some character folded to several (or none): map each output char to its source char
        lst = [base + i for i, f in enumerate(parts) for _ in f]
        lst.append(base + n)
        offs = lst
    if "parallel" in text and _DATA_PARALLEL.search(text):
        text = _DATA_PARALLEL.sub(r"\1 ", text)  # one character for one: the offsets stand
    deleted = list(_DELETE.finditer(text))  # (one pass: a search first would read the text up to the first twice)
    if deleted:
        keep_c: list[str] = []
        keep_o: list[int] = []
        pos = 0
        for m in deleted:
            keep_c.append(text[pos:m.start()])
            keep_o.extend(offs[pos:m.start()])
            pos = m.end()
        keep_c.append(text[pos:])
        keep_o.extend(offs[pos:len(text)])
        keep_o.append(base + n)
        text = "".join(keep_c)
        offs = keep_o
    if "\n" in text and _SOFT_WRAP.search(text):
        text, offs = _join_soft_wraps(text, offs, source, base)
    if _has_cjk(text):
        if _CANTONESE.search(text):
            text = _CANTONESE_WORD.sub(_from_cantonese, text)  # one character for one: the offsets stand
        text, offs = _simplify_mapped(text, offs)
        if "平行" in text:
            # Taiwan and Hong Kong say 平行 for parallel computing (資料平行, 模型平行, 管線平行) where the
            # mainland, and the rubric, say 并行; OpenCC leaves it (same length: the offsets stand)
            text = text.replace("平行", "并行")
        if _IME_SLIP.search(text):
            text = _IME_SLIP.sub(lambda m: _IME_SLIPS[m.group()], text)  # same length: the offsets stand
    return Folded(text=text, offsets=offs, base=base)


def fold_pieces(source: str, pieces: list[tuple], base: int = 0) -> Folded:
    """Fold pieces of ``source`` read one after another: a span ``(start, end)`` of it, or a literal ``(text, at)`` put
    in between and mapped to offset ``at`` of ``source`` (a space, a full stop). Each folded character keeps its own
    source offset (``base`` added), so a quote from the result is still a slice of the source."""
    texts: list[str] = []
    offsets: list[int] = []
    for a, b in pieces:
        if isinstance(a, str):
            texts.append(a)
            offsets.extend([base + b] * len(a))
        elif b > a:
            f = fold(source[a:b], base + a)
            texts.append(f.text)
            offsets.extend(f.offsets[:-1])
    last = pieces[-1] if pieces else (0, 0)
    offsets.append(base + (last[1] if not isinstance(last[0], str) else last[1]))
    return Folded(text="".join(texts), offsets=offsets, base=base)


@lru_cache(maxsize=None)
def fold_term(term: str) -> str:
    """Fold a rubric term the same way texts are folded."""
    if term.isascii():
        return _DELETE.sub("", _DATA_PARALLEL.sub(r"\1 ", term.lower().replace("\t", " ").replace("\r", "\n")))
    return fold(term).text
