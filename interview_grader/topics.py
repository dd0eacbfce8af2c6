"""Map a question (and its goal line) to the rubric topic it asks about."""
from __future__ import annotations

from dataclasses import dataclass

from .matcher import Doc
from .rubric.load import LoadedRubric

GOAL_FACTOR = 0.75  # a goal line ("考察目标") votes, a little less than the question itself


@dataclass(frozen=True)
class TopicVote:
    topic_id: str | None
    votes: float
    runner_up: str | None = None


MEMO_LIMIT = 20_000  # distinct (question, goal) pairs remembered per rubric


def classify(question: str, goal: str | None, rubric: LoadedRubric) -> TopicVote:
    """Pick the topic with the most cue votes; None below the rubric's threshold.

    Archives ask the same questions again and again, so decisions are
    remembered per rubric (the result depends only on the texts and the rubric).
    """
    memo = rubric.memo.setdefault("topics", {})
    key = (question, goal)
    vote = memo.get(key)
    if vote is None:
        vote = _classify(question, goal, rubric)
        if len(memo) < MEMO_LIMIT:
            memo[key] = vote
    return vote


def _classify(question: str, goal: str | None, rubric: LoadedRubric) -> TopicVote:
    qdoc = Doc.of(question)
    gdoc = Doc.of(goal) if goal else None
    scored: list[tuple[float, float, int, str]] = []
    for order, topic in enumerate(rubric.rubric.topics):
        q_votes = sum(c.weight for c in topic.questions if qdoc.find(c, rubric.compiler))
        g_votes = 0.0
        if gdoc is not None:
            g_votes = GOAL_FACTOR * sum(c.weight for c in topic.questions if gdoc.find(c, rubric.compiler))
        total = q_votes + g_votes
        if total > 0:
            scored.append((total, q_votes, -order, topic.id))
    if not scored:
        return TopicVote(None, 0.0)
    scored.sort(reverse=True)
    best = scored[0]
    runner = scored[1][3] if len(scored) > 1 else None
    if best[0] < rubric.rubric.scoring.topic_threshold:
        return TopicVote(None, best[0], best[3])
    return TopicVote(best[3], best[0], runner)
