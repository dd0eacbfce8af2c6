"""Normalised copies of text with a map back to the original offsets.

Matching runs on a folded copy: NFKC (full-width to half-width), traditional to
simplified Chinese, lower case, and hyphens between letters removed
(``All-Reduce`` -> ``allreduce``).  ``Folded.to_source`` maps any position of
the copy back to the original, so evidence is always quoted from the source.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_HYPHENS = frozenset("-\u2010\u2011\u2012\u2013_")
_CJK_LO, _CJK_HI = 0x3400, 0x9FFF


@lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    out = unicodedata.normalize("NFKC", ch).lower()
    return out


_t2s = None


def _to_simplified(text: str) -> str:
    """Traditional -> simplified with OpenCC, loaded on first use."""
    global _t2s
    if _t2s is None:
        import opencc  # lazy: only texts with CJK characters pay for it

        _t2s = opencc.OpenCC("t2s")
    return _t2s.convert(text)


def _has_cjk(text: str) -> bool:
    return any(_CJK_LO <= ord(c) <= _CJK_HI for c in text)


@dataclass(frozen=True)
class Folded:
    """A folded copy of ``source[base:base+len]`` with an offset map."""

    text: str
    offsets: tuple[int, ...]  # offsets[i] = source offset of folded char i; one extra entry for the end
    base: int = 0

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """Map a half-open range of the folded text back to the source."""
        if end <= start:
            pos = self.offsets[start]
            return pos, pos
        return self.offsets[start], self.offsets[end - 1] + 1


def fold(source: str, base: int = 0) -> Folded:
    """Fold ``source`` (which starts at offset ``base`` of some larger text)."""
    chars: list[str] = []
    offs: list[int] = []
    for i, ch in enumerate(source):
        f = _fold_char(ch) if ord(ch) > 127 or ch.isupper() else ch
        for c in f:
            chars.append(c)
            offs.append(base + i)
    # remove hyphens/underscores between two letters: all-reduce -> allreduce
    out_c: list[str] = []
    out_o: list[int] = []
    n = len(chars)
    for j, c in enumerate(chars):
        if (
            c in _HYPHENS
            and 0 < j < n - 1
            and chars[j - 1].isalpha()
            and chars[j + 1].isalpha()
        ):
            continue
        out_c.append(c)
        out_o.append(offs[j])
    text = "".join(out_c)
    if _has_cjk(text):
        simp = _to_simplified(text)
        if len(simp) == len(text):
            text = simp
        else:  # phrase conversion changed length: convert char by char to keep the map
            text = "".join(
                s if len(s := _to_simplified(c)) == 1 else c for c in text
            )
    out_o.append(base + len(source))
    return Folded(text=text, offsets=tuple(out_o), base=base)


def fold_term(term: str) -> str:
    """Fold a rubric term the same way texts are folded."""
    return fold(term).text
