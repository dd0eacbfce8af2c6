"""The Report: the one canonical artefact every output format is a view of.

Field names and meanings follow the report JSON contract (BRIEF section 5,
``schema_version`` 1); fields beyond the contract are additions.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["graded", "no-answer", "off-topic", "ungraded"]
Tone = Literal["praising", "critical", "neutral"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Flag(_Model):
    """A misconception the answer asserts."""

    id: str = Field(description="Misconception id from the rubric.")
    severity: Literal["critical", "major", "minor"] = Field(description="Severity from the rubric.")
    evidence: str = Field(description="Quoted span of the transcript that asserts it.")
    start: int = Field(description="Offset of the quote in the source text.")
    end: int = Field(description="Offset one past the quote.")
    claim: str = Field(description="The wrong claim, in the report language.")
    correction: str = Field(description="The correct fact, in the report language.")


class Covered(_Model):
    """A key point the answer states."""

    id: str = Field(description="Key point id from the rubric.")
    core: bool = Field(description="True for a core point, false for a depth point.")
    evidence: str = Field(description="Quoted span of the transcript that states it.")
    start: int = Field(description="Offset of the quote in the source text.")
    end: int = Field(description="Offset one past the quote.")


class GradedAnswer(_Model):
    """One question's grading."""

    number: int = Field(description="Question number in the transcript.")
    question: str = Field(description="Question text.")
    topic: str | None = Field(description="Rubric topic id, or null when no topic applies.")
    topic_title: str | None = Field(default=None, description="Topic title in the report language.")
    status: Status = Field(description="graded, no-answer, off-topic or ungraded.")
    score: int | None = Field(description="0-100; null only when ungraded.")
    grade: int | None = Field(description="The score on the 0-5 expert scale (score/20 rounded); null when ungraded.")
    misconceptions: list[Flag] = Field(description="Asserted misconceptions, in rubric order.")
    wrong_claims: list[Flag] = Field(
        default_factory=list,
        description="Other factual errors asserted (rubric wrong_claims, no misconception id), in rubric order.",
    )
    covered: list[Covered] = Field(description="Key points stated, in rubric order.")
    missing: list[str] = Field(description="Key point ids of the topic not stated.")
    missing_core: list[str] = Field(default_factory=list, description="The missing ids that are core points.")
    key_point_text: dict[str, str] = Field(
        default_factory=dict,
        description="Each key point id of the topic with its wording in the report language (for the views).",
    )
    notes: list[str] = Field(default_factory=list, description="Why the score is what it is, beyond coverage and flags.")
    answer_start: int | None = Field(default=None, description="Offset of the answer in the source text.")
    answer_end: int | None = Field(default=None, description="Offset one past the answer.")


class Overall(_Model):
    """Transcript-level figures."""

    score: int = Field(description="Mean score over the questions that map to a topic (no-answer counts 0).")
    graded: int = Field(description="Questions that map to a topic and were scored.")
    answered: int = Field(description="Questions with a non-empty answer.")
    questions: int = Field(description="Questions in the transcript.")
    grade: int = Field(description="Overall score on the 0-5 scale.")
    recommendation: Literal["strong-hire", "hire", "lean-no", "no-hire"] = Field(
        description="Recommendation by score band."
    )
    flags: dict[str, int] = Field(description="Asserted misconceptions counted by severity.")
    wrong_claims: dict[str, int] = Field(
        default_factory=dict,
        description="Other wrong claims (the rubric's wrong_claims, outside the misconception ids) counted by severity.",
    )


class RubricInfo(_Model):
    id: str = Field(description="Rubric id.")
    version: str = Field(description="Rubric version.")
    sha256: str = Field(description="SHA-256 of the rubric file's text.")


class Report(_Model):
    """The graded review of one transcript."""

    schema_version: Literal[1] = Field(default=1, description="Version of this JSON contract.")
    source: str = Field(description="Path or id of the transcript.")
    language: Literal["zh", "en"] = Field(description="Language of the report text.")
    tool_version: str = Field(description="interview-grader version that wrote the report.")
    rubric: RubricInfo = Field(description="Rubric the answers were graded against.")
    role: str | None = Field(default=None, description="岗位 / Role from the transcript header.")
    years: str | None = Field(default=None, description="从业年限 / Experience, as written.")
    answers: list[GradedAnswer] = Field(description="One entry per question, in transcript order.")
    overall: Overall = Field(description="Transcript-level score and counts.")
    verdict: str = Field(description="The replacement review text.")
    original_verdict: str | None = Field(default=None, description="The transcript's own 点评 / verdict.")
    original_verdict_tone: Tone | None = Field(default=None, description="praising, critical or neutral.")
    verdict_contradicted: bool = Field(
        default=False, description="True when the original verdict praises what the evidence does not support."
    )
