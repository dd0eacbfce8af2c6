"""Calibration against human labels: ``interview-grader eval GOLD.yaml``.

A gold file is a YAML list of transcripts with expert labels per question
(the format of ``../shared/dev/gold.yaml``)::

    - file: interviews/alice.txt          # relative to the gold file
      language: zh
      answers:
        - {q: 1, topic: ring-allreduce, grade: 2, misconceptions: [ring-allreduce-central-node]}
        - {q: 2, topic: ddp-workflow, grade: 0, status: no-answer}
        - {q: 3, topic: null, status: ungraded}
        - {q: 4, topic: parameter-server, grade: 1, misconceptions: [ps-is-model-partitioning],
           also_ok: [independent-training-then-merge]}

``grade`` is 0-5 (BRIEF section 4), ``status`` defaults to ``graded``,
``misconceptions`` must be flagged, ``also_ok`` may be. ``topic`` and
``status`` may be lists of acceptable values.

The metrics: Spearman rank correlation and quadratic weighted kappa between
expert grades and scores (as 0-5 bands), mean absolute error in bands, topic and
status accuracy, flag recall and precision, overall and per misconception.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import GraderError, RubricError
from .report import Report
from .rubric.load import LoadedRubric


class GoldAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    q: int = Field(description="Question number.")
    topic: list[str | None] = Field(default_factory=lambda: [None], description="Acceptable topic ids.")
    grade: int | None = Field(default=None, ge=0, le=5, description="Expert grade 0-5.")
    status: list[str] = Field(default_factory=lambda: ["graded"], description="Acceptable statuses.")
    misconceptions: list[str] = Field(default_factory=list, description="Must be flagged.")
    also_ok: list[str] = Field(default_factory=list, description="May be flagged.")

    @field_validator("topic", "status", mode="before")
    @classmethod
    def _listify(cls, v: Any) -> Any:
        return v if isinstance(v, list) else [v]


class GoldItem(BaseModel):
    model_config = ConfigDict(extra="ignore")

    file: str
    language: str | None = None
    answers: list[GoldAnswer]


def load_gold(path: str | Path) -> list[tuple[Path, GoldItem]]:
    """Read a gold file; each item's path is resolved against the gold file's folder."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise GraderError(f"cannot read gold file: {exc.strerror or exc}", str(p)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise GraderError(f"invalid YAML: {getattr(exc, 'problem', exc)}", str(p), mark.line + 1 if mark else None) from None
    if not isinstance(data, list):
        raise GraderError("expected a list of {file, answers} items", str(p), 1)
    out = []
    for i, raw in enumerate(data):
        try:
            item = GoldItem.model_validate(raw)
        except ValidationError as exc:
            e = exc.errors()[0]
            loc = ".".join(str(x) for x in e["loc"])
            raise GraderError(f"item {i + 1}: {loc}: {e['msg']}", str(p)) from None
        out.append(((p.parent / item.file).resolve(), item))
    return out


# --- statistics (written for this project) ------------------------------------


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        mean_rank = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[order[k]] = mean_rank
        i = j + 1
    return ranks


def _pearson(a: list[float], b: list[float]) -> float:
    n = len(a)
    if n < 2:
        return float("nan")
    ma, mb = sum(a) / n, sum(b) / n
    sa = sum((x - ma) ** 2 for x in a)
    sb = sum((y - mb) ** 2 for y in b)
    if sa == 0 or sb == 0:
        return 0.0
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / math.sqrt(sa * sb)


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho: Pearson correlation of the (tie-averaged) ranks."""
    return _pearson(_ranks(a), _ranks(b))


def quadratic_weighted_kappa(a: list[int], b: list[int], classes: int = 6) -> float:
    """Cohen's kappa with quadratic weights for ratings 0..classes-1."""
    n = len(a)
    if n == 0:
        return float("nan")
    observed = [[0.0] * classes for _ in range(classes)]
    for x, y in zip(a, b):
        observed[x][y] += 1
    row = [sum(observed[i]) for i in range(classes)]
    col = [sum(observed[i][j] for i in range(classes)) for j in range(classes)]
    num = den = 0.0
    for i in range(classes):
        for j in range(classes):
            w = (i - j) ** 2 / (classes - 1) ** 2
            num += w * observed[i][j]
            den += w * row[i] * col[j] / n
    return 1.0 - num / den if den else 1.0


def band(score: float) -> int:
    """A 0-100 score as a 0-5 band for kappa.

    Python's round() (halves to even), as the shared evaluation script bands
    scores, so both tools report the same kappa for the same reports.
    """
    return max(0, min(5, int(round(score / 20))))


# --- evaluation ---------------------------------------------------------------


@dataclass
class FlagStats:
    must: int = 0
    found: int = 0
    flagged: int = 0
    flagged_ok: int = 0
    missed: list[str] = field(default_factory=list)  # "file Q3: quote-less miss"
    wrong: list[str] = field(default_factory=list)  # "file Q3: “evidence”"

    @property
    def recall(self) -> float:
        return self.found / self.must if self.must else float("nan")

    @property
    def precision(self) -> float:
        return self.flagged_ok / self.flagged if self.flagged else float("nan")


@dataclass
class Evaluation:
    rows: list[dict] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    per_flag: dict[str, FlagStats] = field(default_factory=dict)
    metrics: dict[str, float | int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "metrics": self.metrics,
            "misconceptions": {
                k: {
                    "must": v.must, "found": v.found, "flagged": v.flagged, "flagged_ok": v.flagged_ok,
                    "recall": None if math.isnan(v.recall) else round(v.recall, 4),
                    "precision": None if math.isnan(v.precision) else round(v.precision, 4),
                    "missed": v.missed, "wrong": v.wrong,
                }
                for k, v in sorted(self.per_flag.items())
            },
            "answers": self.rows,
            "failures": self.failures,
        }


def evaluate(gold_files: list[str | Path], rubric: LoadedRubric) -> Evaluation:
    """Grade every labelled transcript in-process and compare with the labels."""
    from .api import grade_file

    ev = Evaluation()
    grades: list[int] = []
    scores: list[float] = []
    topic_ok = status_ok = n = 0
    must = found = flagged = flagged_ok = 0
    for gold in gold_files:
        for path, item in load_gold(gold):
            try:
                report: Report = grade_file(path, rubric)
            except RubricError:
                raise
            except GraderError as exc:
                ev.failures.append(str(exc))
                continue
            by_num: dict[int, object] = {}
            for a in report.answers:  # a number written twice: the label means the first
                by_num.setdefault(a.number, a)
            name = item.file
            for ga in item.answers:
                n += 1
                a = by_num.get(ga.q)
                stats_must = set(ga.misconceptions)
                ok_set = stats_must | set(ga.also_ok)
                for mid in stats_must:
                    ev.per_flag.setdefault(mid, FlagStats()).must += 1
                must += len(stats_must)
                if a is None:
                    ev.rows.append({"file": name, "q": ga.q, "missing": True})
                    if ga.grade is not None:
                        grades.append(ga.grade)
                        scores.append(-1.0)
                    for mid in stats_must:
                        ev.per_flag[mid].missed.append(f"{name} Q{ga.q}: question not found")
                    continue
                t_ok = a.topic in ga.topic or (None in ga.topic and a.status == "ungraded")
                s_ok = a.status in ga.status
                topic_ok += t_ok
                status_ok += s_ok
                got = {f.id: f for f in a.misconceptions}
                for mid in stats_must:
                    if mid in got:
                        ev.per_flag[mid].found += 1
                        found += 1
                    else:
                        ev.per_flag[mid].missed.append(f"{name} Q{ga.q}")
                for mid, f in got.items():
                    st = ev.per_flag.setdefault(mid, FlagStats())
                    st.flagged += 1
                    flagged += 1
                    if mid in ok_set:
                        st.flagged_ok += 1
                        flagged_ok += 1
                    else:
                        st.wrong.append(f"{name} Q{ga.q}: “{' '.join(f.evidence.split())}”")
                scored = ga.grade is not None and not (a.status == "ungraded" and "ungraded" in ga.status)
                if scored:
                    grades.append(ga.grade)  # type: ignore[arg-type]
                    scores.append(float(a.score or 0))
                ev.rows.append({
                    "file": name, "q": ga.q, "topic": a.topic, "topic_ok": t_ok, "status": a.status,
                    "status_ok": s_ok, "gold_grade": ga.grade if scored else None, "score": a.score,
                    "missed": sorted(stats_must - set(got)), "extra": sorted(set(got) - ok_set),
                })
    count = len(grades)
    bands = [band(s) if s >= 0 else 0 for s in scores]
    ev.metrics = {
        "answers": count,
        "spearman": spearman(scores, [float(g) for g in grades]) if count > 1 else float("nan"),
        "qwk": quadratic_weighted_kappa(grades, bands) if count else float("nan"),
        "mae_bands": sum(abs(s / 20 - g) for s, g in zip(scores, grades)) / count if count else float("nan"),
        "topic_acc": topic_ok / n if n else float("nan"),
        "status_acc": status_ok / n if n else float("nan"),
        "flag_recall": found / must if must else 1.0,
        "flag_precision": flagged_ok / flagged if flagged else 1.0,
        "failures": len(ev.failures),
    }
    return ev


def metrics_line(ev: Evaluation) -> str:
    parts = []
    for k, v in ev.metrics.items():
        parts.append(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}")
    return " ".join(parts)


# The grid ``eval --tune`` searches: how much of the score core points carry, and how
# steeply the first of them count (1 = linear; lower = the first points say the most).
TUNE_SHARES = (70.0, 75.0, 80.0, 82.0, 85.0, 88.0, 90.0, 95.0)
TUNE_CURVES = (0.5, 0.6, 0.65, 0.7, 0.8, 0.9, 1.0)


@dataclass(frozen=True)
class TuneRow:
    """Agreement with the labels for one pair of scoring values."""

    core_share: float
    core_curve: float
    metrics: dict[str, float | int]
    current: bool  # the rubric's own values


def with_scoring(rubric: LoadedRubric, **changes: float) -> LoadedRubric:
    """The same rubric with other ``scoring`` values, validated like a rubric file's.

    The compiled term sets and derived data are shared: none of them depends on
    ``core_share`` or ``core_curve`` (the only values tuning changes).
    """
    from .rubric.schema import Scoring

    try:
        scoring = Scoring.model_validate({**rubric.rubric.scoring.model_dump(), **changes})
    except ValidationError as exc:
        raise RubricError(f"scoring {changes}: {exc.errors()[0]['msg']}", path=rubric.path) from None
    return LoadedRubric(
        rubric.rubric.model_copy(update={"scoring": scoring}), rubric.compiler, rubric.path, rubric.sha256, rubric.memo
    )


def _tune_key(row: TuneRow) -> tuple:
    m = row.metrics
    nan = lambda v: v if isinstance(v, (int, float)) and not math.isnan(v) else None  # noqa: E731
    mae, qwk, rho = nan(m["mae_bands"]), nan(m["qwk"]), nan(m["spearman"])
    return (
        math.inf if mae is None else round(mae, 4),
        0.0 if qwk is None else -round(qwk, 4),
        0.0 if rho is None else -round(rho, 4),
        abs(row.core_share - 85) + 100 * abs(row.core_curve - 0.8),  # ties: the values nearest the defaults
    )


def tune_scoring(
    gold_files: list[str | Path],
    rubric: LoadedRubric,
    shares: tuple[float, ...] = TUNE_SHARES,
    curves: tuple[float, ...] = TUNE_CURVES,
    progress=None,
) -> list[TuneRow]:
    """Evaluate the labels with every (core_share, core_curve) pair, best first.

    Best is the lowest ``mae_bands`` (how far scores sit from the experts' grades),
    then the highest qwk and Spearman. The rubric's own pair is always included.
    Topics, statuses and flags do not depend on these values; only the scores move.
    ``progress(done, total)`` is called after each pair.
    """
    sc = rubric.rubric.scoring
    pairs = list(dict.fromkeys([(float(sc.core_share), float(sc.core_curve))]
                               + [(float(a), float(b)) for a in shares for b in curves]))
    rows = []
    for i, (share, curve) in enumerate(pairs):
        ev = evaluate(gold_files, with_scoring(rubric, core_share=share, core_curve=curve))
        rows.append(TuneRow(share, curve, ev.metrics, current=i == 0))
        if progress is not None:
            progress(i + 1, len(pairs))
    return sorted(rows, key=_tune_key)

