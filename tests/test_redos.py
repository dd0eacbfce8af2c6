"""A rubric regex that backtracks catastrophically is rejected at load (bench/edge_bench.py times the rejection)."""
from __future__ import annotations

import pytest

from conftest import MINI_RUBRIC
from interview_grader import RubricError
from interview_grader.rubric.load import parse_rubric


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"([a-z]+)*$", r"(\w+\s?)+$", r"^(\d+)+$", r"( +)+$"])
def test_catastrophic_regex_is_rejected(pattern):
    text = MINI_RUBRIC.read_text(encoding="utf-8").replace(
        'all: ["相邻|neighbour|neighbor|下一个|next"]', f"all: ['相邻|re:{pattern}']"
    )
    line = next(i for i, l in enumerate(text.splitlines(), 1) if f"re:{pattern}" in l)
    with pytest.raises(RubricError) as exc:
        parse_rubric(text, "r.yaml")
    assert str(exc.value).startswith(f"r.yaml:{line}: topics[0].key_points[0].patterns[0].all[0]: regex ")
    assert "catastrophic backtracking" in str(exc.value)


def test_an_ordinary_regex_loads():
    text = MINI_RUBRIC.read_text(encoding="utf-8").replace(
        'all: ["相邻|neighbour|neighbor|下一个|next"]', r'all: ["相邻|re:neighbou?rs?"]'
    )
    parse_rubric(text, "r.yaml")


def test_long_texts_are_searched_with_a_timeout(monkeypatch):
    """Up to the probe length a regex that passed the probes runs untimed; beyond it, a
    search that overruns REGEX_TIMEOUT is a RubricError naming the regex."""
    from interview_grader import matcher
    from interview_grader.matcher import PROBE_LENGTH, Compiler, Doc

    monkeypatch.setattr(matcher, "REGEX_TIMEOUT", 1e-9)  # every timed search overruns
    c = Compiler({})
    short = Doc.of("12 times the gradient " * (PROBE_LENGTH // 22))
    assert len(short.text) <= PROBE_LENGTH
    assert short.occurrences(r"re:\d+ times the gradient", c)  # untimed: found
    long = Doc.of("12 times the gradient " * (PROBE_LENGTH // 11))
    with pytest.raises(RubricError, match=r"took longer than"):
        long.occurrences(r"re:\d+ times the gradient", c)
