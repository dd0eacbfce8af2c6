"""The fast paths of ``assertion.analyse`` agree with the plain definitions.

``_segments`` (one split for sentences and clauses), the literal-first
negation cue pattern and the length bound that skips rapidfuzz are
optimisations: these check them against the straightforward forms.
"""
from __future__ import annotations

import re

import pytest

from interview_grader import assertion as A

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
