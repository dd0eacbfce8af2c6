"""Run every rule's own examples: the rubric's unit tests, kept with the rules.

A key point must cover each of its ``matches`` and none of its
``non_matches``; likewise a misconception (or other wrong claim) must be asserted
by its ``matches`` and not by its ``non_matches``; each topic's ``question_matches`` must map to
that topic.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..matcher import Doc
from .load import LoadedRubric


@dataclass(frozen=True)
class ExampleFailure:
    rule: str  # "key point ring-no-center", "misconception x", "topic y"
    example: str
    expected: str  # what should have happened

    def __str__(self) -> str:
        return f"{self.rule}: {self.expected}: {self.example!r}"


def rule_hits(patterns, text: str, rubric: LoadedRubric, question: str | None = None, error: bool = False) -> bool:
    """Does any of ``patterns`` hold in ``text`` (read as the answer to ``question``, if given)?  ``error``: they are
    the patterns of an error (see ``Doc.find``)."""
    doc = Doc.of(text, question=question)
    return any(doc.find(p, rubric.compiler, error=error) for p in patterns)


def _check_rule(name: str, rule, verb: str, rubric: LoadedRubric) -> list[ExampleFailure]:
    """A rule must hit each of its ``matches`` and none of its ``non_matches``; likewise its ``asked_matches`` and
    ``asked_non_matches``, each read as the answer to its question, which a rule with an ``asked`` pattern needs."""
    error = verb == "flag"
    fails = [ExampleFailure(name, ex, f"should {verb} it, does not")
             for ex in rule.matches if not rule_hits(rule.patterns, ex, rubric, error=error)]
    fails += [ExampleFailure(name, ex, f"should not {verb} it, does")
              for ex in rule.non_matches if rule_hits(rule.patterns, ex, rubric, error=error)]
    fails += [ExampleFailure(name, f"{ex.question} -> {ex.answer}", f"should {verb} it, does not")
              for ex in rule.asked_matches if not rule_hits(rule.patterns, ex.answer, rubric, ex.question, error)]
    fails += [ExampleFailure(name, f"{ex.question} -> {ex.answer}", f"should not {verb} it, does")
              for ex in rule.asked_non_matches if rule_hits(rule.patterns, ex.answer, rubric, ex.question, error)]
    if any(p.asked or p.not_asked for p in rule.patterns) and not (rule.asked_matches and rule.asked_non_matches):
        fails.append(ExampleFailure(
            name, "", "a pattern with 'asked' needs asked_matches and asked_non_matches examples, none given"
        ))
    return fails


def run_selftest(rubric: LoadedRubric) -> list[ExampleFailure]:
    from ..topics import classify

    fails: list[ExampleFailure] = []
    r = rubric.rubric
    for t in r.topics:
        for q in t.question_matches:
            got = classify(q, None, rubric).topic_id
            if got != t.id:
                fails.append(ExampleFailure(f"topic {t.id}", q, f"should map here, mapped to {got}"))
        for k in t.key_points:
            fails += _check_rule(f"key point {k.id}", k, "cover", rubric)
    for m in r.misconceptions:
        fails += _check_rule(f"misconception {m.id}", m, "flag", rubric)
    for w in r.wrong_claims:
        fails += _check_rule(f"wrong claim {w.id}", w, "flag", rubric)
    return fails
