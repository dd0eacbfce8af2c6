"""The fast paths of ``assertion.analyse`` agree with the plain definitions.

``_segments`` (one split for sentences and clauses), the literal-first
negation cue pattern and the length bound that skips rapidfuzz are
optimisations: these check them against the straightforward forms.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interview_grader import assertion as A

ROOT = Path(__file__).resolve().parents[1]

TEXTS = [
    "", " ", "\n", "\n\n", "a\n", "\na", "…", "………", "a……b…c", " 。 ", "x.", ".x", "1.5", "a. b", "v1.2.3 ok.",
    "中、文", "a、b", "、", "\t\n.", "  \n  ", "a\u3000\n", "问题?答案!好;是,的:吗，嗯。", "a\n\n b\n",
    "DDP不依赖参数服务器,而是用all-reduce。", "DDP不断地同步梯度;并不是没有代价。不仅如此,没错!",
    "DDP does not use a parameter server, but it doesn't matter.", "It isn't free: no doubt, not only that.",
    "knot snot cannon nothing but nowhere nobody. Can't, cannot, won't, shouldn’t, isn'tx.",
    "Not free of cost; not without risk; never. Without it, neither nor none.",
    "很多人以为DDP有参数服务器,其实没有。A common mistake is to think so, but no.",
    "与参数服务器不同,DDP对等。unlike ps, rather than a server; instead of that.",
]


def test_segments_are_the_two_range_scans():
    for t in TEXTS:
        assert A._segments(t) == (A._ranges(t, A._SENT_END), A._ranges(t, A._CLAUSE_END)), t


_REFERENCE_NEG = re.compile(
    rf"(?P<skip>{A._ZH_NOT_CUE})|(?P<zh>{A._ZH_NEG})|(?<![a-z])(?P<skipen>{A._EN_NOT_CUE})(?![a-z])"
    rf"|(?<![a-z])(?P<en>{A._EN_NEG})(?![a-z])"
)


@pytest.mark.parametrize("text", TEXTS)
def test_negation_cues_match_the_grouped_pattern(text):
    for t in (text, text.lower()):
        want = [(m.span(), m.lastgroup in ("skip", "skipen")) for m in _REFERENCE_NEG.finditer(t)]
        got = [(m.span(), m.group() in A._NOT_CUES)
               for m in A._neg_cue("n't" in t or "n\u2019t" in t).finditer(t)]
        assert got == want


@pytest.mark.parametrize("question", [
    "DDP是通过参数服务器来同步参数的吗", "DDP是通过参数服务器同步", "Does DDP use a parameter server",
    "does ddp use a parameter server at all, or something else entirely", "abcdef",
])
def test_restatement_bound_never_hides_a_restatement(question):
    texts = [
        "DDP是通过参数服务器来同步参数的。DDP通过参数服务器同步。不是。",
        "does ddp use a parameter server. ddp uses allreduce. abcdefg. abcde f.",
        "does ddp use a parameter server at all, or something else. no.",
    ]
    for text in texts:
        s = A.analyse(text, question)
        want = {(a, b) for a, b in s.sentences
                if text[a:b].rstrip().endswith("?") or A._restates(text[a:b], question)}
        got = {v for v in s.void if v in set(s.sentences)}
        assert got == want


def test_top_level_alternatives_split_only_at_the_top():
    assert A._top_level_alternatives(r"a(b|c)|[|]d|[]|]e|\|f|g") == ["a(b|c)", "[|]d", "[]|]e", r"\|f", "g"]
    assert A._top_level_alternatives(r"(?i)a|b") == ["(?i)a|b"]  # inline flags hold for every alternative
    pieces = A._top_level_alternatives(A._REPORTED.pattern)
    assert len(pieces) > 1 and "|".join(pieces) == A._REPORTED.pattern
    for piece in pieces:
        re.compile(piece)


def test_openings_open_every_match():
    assert A._openings(re.compile("a(?:bc|d)e?|x[yz]|q(?<!\\wq)r*s"), 3) == ["abc", "ad", "qr", "qs", "xy", "xz"]
    assert A._openings(re.compile("(?:ab)?c|[^a]b"), 3) is None  # a negated class may open a match anywhere


REPORTING_TEXTS = [
    "之前有个同事跟我说 ring 里有主节点，这个说法不对。很多人误以为 DDP 靠参数服务器。网上有些图把它画成星形。",
    "I've heard people say the ring has a master. A blog post I read claimed async converges like sync, which is wrong.",
    "some people think ddp uses a parameter server; the idea that it does is a common misconception i hear. "
    "a colleague of mine once said so too, and a common mistake is to think it.",
]


def test_reported_views_are_found_where_their_openings_occur(monkeypatch):
    monkeypatch.setattr(A, "_reported_calls", A.REPORTED_WARMUP)  # past the warm-up: the automaton is used
    samples = [p.read_text(encoding="utf-8").lower() for p in sorted(ROOT.glob("transcripts/*.txt"))]
    for text in TEXTS + REPORTING_TEXTS + samples:
        for t in (text, text.lower()):
            assert [m.span() for m in A._reported(t)] == [m.span() for m in A._REPORTED.finditer(t)]
    assert all(A._reported(t) for t in REPORTING_TEXTS)
