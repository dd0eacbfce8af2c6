"""The rubric schema: topics, key points, misconceptions, and how to score.

Every model forbids unknown fields and describes each field, so the exported
JSON Schema (``interview-grader rubric schema``) gives editors completion and
hover help for rubric YAML.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

Severity = Literal["critical", "major", "minor"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Bilingual(_Strict):
    """A text given in both report languages."""

    zh: str = Field(min_length=1, description="Chinese text.")
    en: str = Field(min_length=1, description="English text.")

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


class Pattern(_Strict):
    """A claim recognised as terms that co-occur inside one clause or sentence.

    Each entry of ``all`` is a set of alternatives separated by ``|``.  An
    alternative is literal text (folded like the transcript: width, case,
    traditional/simplified, hyphens; ASCII words need a boundary on the left, words of up to 3 letters also on the right), ``@name`` for a lexicon entry, a gap
    ``a..b`` (``a`` then ``b`` later in the same clause, at most 20 characters
    apart), or ``re:<regex>`` matched on the folded text.
    """

    all: list[str] = Field(
        min_length=1,
        description="Term sets that must all occur in the same scope; each is 'alt1|alt2|@lexicon|a..b|re:...'.",
    )
    none: list[str] = Field(
        default_factory=list,
        description=(
            "Term sets of which none may be asserted in the scope (to exclude look-alike sentences); "
            "a negated or contrasted occurrence does not exclude."
        ),
    )
    scope: Literal["clause", "sentence"] = Field(
        default="sentence",
        description="Where the terms must co-occur: one clause (between commas) or one sentence.",
    )
    topics: list[str] | None = Field(
        default=None,
        description=(
            "Use this pattern only in answers to these topic ids, where the subject is implied "
            "(an answer about Ring-Allreduce need not name it in every sentence)."
        ),
    )
    polarity: Literal["asserted", "negated", "any"] = Field(
        default="asserted",
        description=(
            "'asserted': no matched term may stand under negation, contrast or a reported belief; "
            "'negated': the terms occur and at least one is negated (e.g. 'no central node'); "
            "'any': ignore negation."
        ),
    )


class AnswerPattern(Pattern):
    """A pattern over an answer, which may also ask something of the question it answers."""

    asked: list[str] = Field(
        default_factory=list,
        description=(
            "Term sets the question must hold, each 'alt1|alt2|@lexicon' (searched in the question, not the answer): "
            "for a claim that is wrong only of what was asked ('every GPU sends its gradients to a master server' "
            "answering 'How does DDP keep the replicas in sync?'). A rule with such a pattern (or with not_asked) "
            "needs asked_matches and asked_non_matches examples."
        ),
    )
    not_asked: list[str] = Field(
        default_factory=list,
        description=(
            "Term sets none of which the question may hold (a question that names the other side too, 'DDP and a "
            "parameter server: how does each sync?', asks for the description this pattern would flag)."
        ),
    )


class QuestionCue(Pattern):
    """A pattern over the question (and its goal line) that votes for a topic."""

    weight: float = Field(default=1.0, gt=0, description="Votes this cue adds to its topic when it matches.")
    polarity: Literal["asserted", "negated", "any"] = Field(
        default="any", description="Questions are matched regardless of negation by default."
    )


class AskedExample(_Strict):
    """An example answer read as the answer to a question (the self-test of patterns with ``asked``)."""

    question: str = Field(min_length=1, description="The question the example answers.")
    answer: str = Field(min_length=1, description="The example answer.")


class KeyPoint(_Strict):
    """A fact a good answer states, with the phrasings that state it."""

    id: str = Field(pattern=ID_PATTERN, description="Stable id, unique in the rubric; appears in reports.")
    core: bool = Field(description="True for what a solid answer must contain; false for depth points.")
    weight: float = Field(default=1.0, gt=0, description="Relative weight among the topic's core (or depth) points.")
    text: Bilingual = Field(description="The fact, as shown to readers of a report.")
    patterns: list[AnswerPattern] = Field(min_length=1, description="Any one pattern that matches covers the point.")
    matches: list[str] = Field(min_length=1, description="Example sentences that must cover this point (self-test).")
    non_matches: list[str] = Field(
        min_length=1, description="Example sentences that must not cover this point (self-test)."
    )
    asked_matches: list[AskedExample] = Field(
        default_factory=list, description="Answers to their questions that must cover this point (self-test)."
    )
    asked_non_matches: list[AskedExample] = Field(
        default_factory=list, description="Answers to their questions that must not cover this point (self-test)."
    )


class _Claim(_Strict):
    """A wrong claim found where an answer asserts it (the fields misconceptions and other wrong claims share)."""

    severity: Severity = Field(description="How much asserting it costs: critical, major or minor.")
    claim: Bilingual = Field(description="The wrong claim, in a sentence.")
    correction: Bilingual = Field(description="The correct fact shown next to each flag.")
    topics: list[str] | None = Field(
        default=None,
        description="Topic ids whose answers are checked for it; omitted means every graded answer.",
    )
    patterns: list[AnswerPattern] = Field(min_length=1, description="Any one pattern that matches asserts the claim.")
    matches: list[str] = Field(min_length=1, description="Example sentences that assert it (self-test).")
    non_matches: list[str] = Field(
        min_length=1,
        description="Example sentences that must not be flagged: negations, corrections, near misses (self-test).",
    )
    asked_matches: list[AskedExample] = Field(
        default_factory=list, description="Answers to their questions that assert it (self-test)."
    )
    asked_non_matches: list[AskedExample] = Field(
        default_factory=list, description="Answers to their questions that must not be flagged (self-test)."
    )


class Misconception(_Claim):
    """A known wrong claim, flagged only where an answer asserts it."""

    id: str = Field(pattern=ID_PATTERN, description="Stable id (a contract with reports and labels).")
    swap: bool = Field(
        default=False,
        description=(
            "The claim swaps two things (DataParallel's design told as DDP's): the whole sentence that asserts "
            "it earns no key point, since its other half is misattributed too, not only the clauses quoted."
        ),
    )


class WrongClaim(_Claim):
    """A factual error outside the misconception ids ('NCCL only works inside one machine'): it costs points
    like a misconception of its severity and is reported under ``wrong_claims``, never as a misconception."""

    id: str = Field(
        pattern=ID_PATTERN,
        description="Stable id, shown in reports; distinct from every misconception id (not part of that contract).",
    )


class Topic(_Strict):
    """A question topic: how to recognise its questions and what answers should say."""

    id: str = Field(pattern=ID_PATTERN, description="Stable topic id (a contract with reports and labels).")
    title: Bilingual = Field(description="Short name shown in reports.")
    questions: list[QuestionCue] = Field(min_length=1, description="Cues that recognise a question on this topic.")
    question_matches: list[str] = Field(
        min_length=1, description="Example questions that must map to this topic (self-test)."
    )
    vocabulary: list[str] = Field(
        min_length=1,
        description="Term sets showing an answer talks about this topic; an answer with none of them is off-topic.",
    )
    key_points: list[KeyPoint] = Field(min_length=1, description="Core and depth facts of a good answer.")

    @model_validator(mode="after")
    def _has_core(self) -> "Topic":
        if not any(k.core for k in self.key_points):
            raise ValueError(f"topic {self.id!r} has no core key point")
        return self


class Penalties(_Strict):
    """Points subtracted from an answer's score for each asserted misconception."""

    critical: float = Field(default=20, ge=0, le=100, description="Per critical misconception.")
    major: float = Field(default=10, ge=0, le=100, description="Per major misconception.")
    minor: float = Field(default=5, ge=0, le=100, description="Per minor misconception.")


class Caps(_Strict):
    """The highest score an answer can keep once it asserts a misconception of this severity."""

    critical: float = Field(default=25, ge=0, le=100, description="Cap with a critical misconception.")
    major: float = Field(default=45, ge=0, le=100, description="Cap with a major misconception.")
    minor: float = Field(default=75, ge=0, le=100, description="Cap with a minor misconception.")


class Scoring(_Strict):
    """How coverage and misconceptions become a 0-100 score."""

    core_share: float = Field(
        default=85, ge=0, le=100, description="Points available for core key points (the rest is for depth)."
    )
    core_curve: float = Field(
        default=0.8,
        gt=0,
        le=1,
        description=(
            "Exponent applied to the covered share of core weight: below 1 the first core points "
            "count for more than the last (one of three core points earns more than a third)."
        ),
    )
    depth_saturation: float = Field(
        default=0.34, gt=0, le=1, description="Share of the depth weight that earns all the depth points."
    )
    penalties: Penalties = Field(default_factory=Penalties, description="Points lost per misconception.")
    caps: Caps = Field(default_factory=Caps, description="Score ceilings per misconception severity.")
    term_list_cap: float = Field(
        default=20, ge=0, le=100, description="Ceiling for an answer that is only a list of terms."
    )
    empty_talk_cap: float = Field(
        default=20,
        ge=0,
        le=100,
        description=(
            "Ceiling for an answer thick with stock phrases (two or more of `empty_talk`) that "
            "states a core point or two, no depth point and nothing wrong, and leaves a core point out."
        ),
    )
    secondhand_cap: float = Field(
        default=80,
        ge=0,
        le=100,
        description=(
            "Ceiling for an answer whose speaker says they know its subject only second-hand (one of "
            "`secondhand`: 'I haven't used it myself', '只看过资料'): the depth of practice a 5 needs is disclaimed."
        ),
    )
    pick_cap: float = Field(
        default=40,
        ge=0,
        le=100,
        description=(
            "Ceiling for a bare pick in a multiple-choice question ('B', '选 AC'): the picked options' points are "
            "credited, but recognising a right statement shows less than making it (on the expert scale, thin). Also "
            "the ceiling for a narrow question answered with the point's name alone ('micro-batches')."
        ),
    )
    attempt_floor: float = Field(
        default=0,
        ge=0,
        le=100,
        description=(
            "Lowest score of a graded answer: one that takes up the question's topic but states "
            "(almost) nothing correct, or only errors. On the expert scale that is grade 1, and "
            "0 is kept for no answer and off-topic answers. Must not exceed any cap."
        ),
    )
    topic_threshold: float = Field(
        default=2.0, gt=0, description="Votes a topic needs before a question is mapped to it."
    )
    pass_mark: float = Field(default=60, ge=0, le=100, description="Overall score from which a hire is suggested.")

    @model_validator(mode="after")
    def _floor_below_caps(self) -> "Scoring":
        ceilings = {"term_list_cap": self.term_list_cap, "empty_talk_cap": self.empty_talk_cap,
                    "secondhand_cap": self.secondhand_cap, "pick_cap": self.pick_cap, **{f"caps.{k}": v for k, v in self.caps.model_dump().items()}}
        for name, value in ceilings.items():
            if self.attempt_floor > value:
                raise ValueError(f"attempt_floor {self.attempt_floor:g} is above {name} {value:g}")
        return self


class Rubric(_Strict):
    """A grading rubric: lexicon, topics, misconceptions and other wrong claims."""

    id: str = Field(pattern=ID_PATTERN, description="Rubric id recorded in every report.")
    version: str = Field(min_length=1, description="Rubric version recorded in every report.")
    title: Bilingual = Field(description="What the rubric grades.")
    lexicon: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Named term sets usable as '@name' in patterns: each is a list of alternatives.",
    )
    code_switch: dict[str, list[str]] = Field(
        default_factory=dict,
        description=(
            "Chinese terms and the English words code-switched Chinese writes in their place ('模型': ['model'], "
            "'梯度': ['gradient', 'gradients']): every Chinese literal of the rubric also matches with one of these "
            "terms, or all of them, written in English ('负责模型的一部分' finds '负责 model 的一部分'). A variant "
            "keeps a Chinese character, so it never matches plain English."
        ),
    )
    non_answers: list[str] = Field(
        min_length=1,
        description="Whole-answer phrases meaning no answer ('不知道', \"I don't know\", '略').",
    )
    empty_talk: list[str] = Field(
        default_factory=list,
        description=(
            "Stock phrases of empty talk ('综合考虑各方面因素', 'there is no silver bullet'): an answer that keeps "
            "repeating the question's own topic words and uses two of these is empty talk on the topic "
            "(graded, at the floor), not an answer about something else (off-topic)."
        ),
    )
    praise: list[str] = Field(
        default_factory=list,
        description=(
            "Words of praise ('elegant', 'powerful', '非常重要', '高效'): an answer that opens on the question's own "
            "topic words, holds no figure or code, and uses two of these is empty talk on the topic (graded, at "
            "the floor), not an answer about something else (off-topic). Matched as substrings of the folded "
            "answer, so a stem ('scalab') covers its forms."
        ),
    )
    secondhand: list[str] = Field(
        default_factory=list,
        description=(
            "Phrases by which a candidate says they know the subject only from reading, not from doing it "
            "(\"I haven't used it myself\", '只看过资料，没有真正上手'): an answer using one is capped at "
            "`scoring.secondhand_cap`."
        ),
    )
    referents: list[str] = Field(
        default_factory=list,
        description=(
            "Term sets naming the things questions set against each other ('@ddp', '@ps', '数据并行|data "
            "parallel'): in an answer, 前者 / the former and 后者 / the latter stand for the first and the second "
            "of them that its question names, and match as their words do."
        ),
    )
    scoring: Scoring = Field(default_factory=Scoring, description="Scoring parameters.")
    topics: list[Topic] = Field(min_length=1, description="The topics questions are mapped to.")
    misconceptions: list[Misconception] = Field(
        default_factory=list, description="Known wrong claims that answers are checked for."
    )
    wrong_claims: list[WrongClaim] = Field(
        default_factory=list,
        description=(
            "Other factual errors of the domain that lower a score like a misconception of the same severity, "
            "reported apart from the misconceptions."
        ),
    )

    @model_validator(mode="after")
    def _ids_and_refs(self) -> "Rubric":
        for zh, ens in self.code_switch.items():
            if not re.search(r"[\u4e00-\u9fff]", zh):
                raise ValueError(f"code_switch term {zh!r} has no Chinese character")
            if not ens or any(not re.search(r"[A-Za-z]", e) for e in ens):
                raise ValueError(f"code_switch term {zh!r} needs English words in place of it, not {ens!r}")
        seen: set[str] = set()
        topic_ids = {t.id for t in self.topics}
        for t in self.topics:
            if t.id in seen:
                raise ValueError(f"duplicate topic id {t.id!r}")
            seen.add(t.id)
        kp_seen: set[str] = set()
        for t in self.topics:
            for k in t.key_points:
                if k.id in kp_seen:
                    raise ValueError(f"duplicate key point id {k.id!r}")
                kp_seen.add(k.id)
        m_seen: set[str] = set()
        for kind, claims in (("misconception", self.misconceptions), ("wrong claim", self.wrong_claims)):
            for m in claims:
                if m.id in m_seen:
                    raise ValueError(f"duplicate {kind} id {m.id!r}")
                m_seen.add(m.id)
                for tid in m.topics or []:
                    if tid not in topic_ids:
                        raise ValueError(f"{kind} {m.id!r} names unknown topic {tid!r}")
                for p in m.patterns:
                    for tid in p.topics or []:
                        if tid not in topic_ids:
                            raise ValueError(f"{kind} {m.id!r}: a pattern names unknown topic {tid!r}")
        for t in self.topics:
            for k in t.key_points:
                for p in k.patterns:
                    for tid in p.topics or []:
                        if tid not in topic_ids:
                            raise ValueError(f"key point {k.id!r}: a pattern names unknown topic {tid!r}")
        return self

    def topic(self, topic_id: str) -> Topic:
        for t in self.topics:
            if t.id == topic_id:
                return t
        raise KeyError(topic_id)
