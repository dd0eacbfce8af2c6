"""The parsed form of one interview transcript.

All offsets are character offsets into ``Transcript.text``, the decoded source
exactly as read (BOM removed, line endings kept), so that
``text[span.start:span.end]`` is always the quoted piece.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Span(BaseModel):
    """A half-open character range [start, end) into the transcript text."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0, description="Offset of the first character.")
    end: int = Field(ge=0, description="Offset one past the last character.")


class Part(BaseModel):
    """A labelled piece of the transcript (role, summary, verdict, ...)."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(description="The value, stripped of surrounding white space.")
    span: Span = Field(description="Where the value stands in the source text.")
    line: int = Field(ge=1, description="1-based line on which the value starts.")


class QA(BaseModel):
    """One numbered question with its optional goal and its (possibly empty) answer."""

    model_config = ConfigDict(frozen=True)

    number: int = Field(ge=1, description="Question number as written (or its order in a dialogue).")
    question: Part = Field(description="The question text.")
    goal: Part | None = Field(default=None, description="The 考察目标 / goal line, when present.")
    answer: Part | None = Field(
        default=None,
        description="The answer text; None when the answer label is missing, empty text when it is blank.",
    )


class Transcript(BaseModel):
    """A whole transcript: header fields, numbered Q&A, and the original verdict."""

    model_config = ConfigDict(frozen=True)

    source: str = Field(description="Path or id the text came from.")
    text: str = Field(description="The decoded source text; every span points into it.")
    encoding: str = Field(default="utf-8", description="Encoding the bytes were decoded with.")
    language: Literal["zh", "en"] = Field(description="Main language of the transcript.")
    format: Literal["labelled", "dialogue"] = Field(
        description="'labelled' for 问题N/Q1 blocks, 'dialogue' for Interviewer:/Candidate: turns."
    )
    title: Part | None = Field(default=None, description="A title line before the intro, if any.")
    intro: Part | None = Field(default=None, description="Intro paragraph before the header fields.")
    role: Part | None = Field(default=None, description="岗位 / Role.")
    years: Part | None = Field(default=None, description="从业年限 / Experience, as written.")
    summary: Part | None = Field(default=None, description="简介 / Summary.")
    verdict: Part | None = Field(default=None, description="The original 点评 / verdict.")
    questions: list[QA] = Field(description="Questions in the order they appear.")
