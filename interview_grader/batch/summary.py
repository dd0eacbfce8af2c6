"""summary.json and summary.md: what a reviewer of a whole archive acts on.

Built in one streaming pass over results.jsonl and errors.jsonl, in memory
bounded by the rubric (per-topic and per-misconception counters and a
101-bucket score histogram), not by the number of transcripts.  Every figure
is computed from integer counts, so the summary of the same results is
byte-identical however the work was split (``-j``, shards, merge).
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

__all__ = ["Summary", "TOP_MISCONCEPTIONS", "PRAISING_BELOW", "MAX_EXAMPLES"]

TOP_MISCONCEPTIONS = 10
PRAISING_BELOW = 50
MAX_EXAMPLES = 20
BUCKETS = [(0, 9), (10, 19), (20, 29), (30, 39), (40, 49), (50, 59), (60, 69), (70, 79), (80, 89), (90, 100)]
_SEV_RANK = {"critical": 0, "major": 1, "minor": 2}


def _ratio(num: int, den: int, digits: int = 4) -> float | None:
    return round(num / den, digits) if den else None


def _mean(total: int, n: int) -> float | None:
    return round(total / n, 1) if n else None


class Summary:
    """Accumulates result and error records; renders JSON and Markdown."""

    def __init__(self) -> None:
        self.graded = 0
        self.hist = [0] * 101
        self.score_sum = 0
        self.recommendations: Counter[str] = Counter()
        self.languages: Counter[str] = Counter()
        self.questions = 0
        self.answer_status: Counter[str] = Counter()
        self.blank = 0  # questions without any answer text (questions - answered)
        self.topics: dict[str, dict[str, Any]] = {}
        self.mis: dict[str, dict[str, Any]] = {}
        self.wrong: dict[str, dict[str, Any]] = {}  # the rubric's other wrong claims, tallied the same way
        self.praising_below = 0
        self.praising_below_ids: list[str] = []
        self.contradicted = 0
        self.tones: Counter[str] = Counter()
        self.rubrics: Counter[tuple[str, str, str]] = Counter()
        self.errors = 0
        self.error_stages: Counter[str] = Counter()
        self.error_examples: list[dict[str, str]] = []

    # -- accumulation ------------------------------------------------------
    def add_result(self, rec: dict[str, Any]) -> None:
        self.graded += 1
        ov = rec["overall"]
        score = int(ov["score"])
        self.hist[max(0, min(100, score))] += 1
        self.score_sum += score
        self.recommendations[ov["recommendation"]] += 1
        self.languages[rec.get("language") or "?"] += 1
        r = rec.get("rubric") or {}
        self.rubrics[(r.get("id", ""), r.get("version", ""), r.get("sha256", ""))] += 1
        self.questions += int(ov["questions"])
        self.blank += int(ov["questions"]) - int(ov["answered"])
        tone = rec.get("original_verdict_tone")
        self.tones[tone or "none"] += 1
        if rec.get("verdict_contradicted"):
            self.contradicted += 1
        if tone == "praising" and score < PRAISING_BELOW:
            self.praising_below += 1
            if len(self.praising_below_ids) < MAX_EXAMPLES:
                self.praising_below_ids.append(rec["id"])
        seen_here: set[str] = set()
        for a in rec["answers"]:
            status = a["status"]
            self.answer_status[status] += 1
            tid = a.get("topic")
            if tid:
                t = self.topics.get(tid)
                if t is None:
                    t = self.topics[tid] = {
                        "title": a.get("topic_title"), "questions": 0, "scored": 0, "score_sum": 0,
                        "no_answer": 0, "off_topic": 0, "flags": 0,
                    }
                t["questions"] += 1
                if status != "ungraded" and a.get("score") is not None:
                    t["scored"] += 1
                    t["score_sum"] += int(a["score"])
                if status == "no-answer":
                    t["no_answer"] += 1
                elif status == "off-topic":
                    t["off_topic"] += 1
                t["flags"] += len(a.get("misconceptions") or ())
            for tally, key in ((self.mis, "misconceptions"), (self.wrong, "wrong_claims")):
                for f in a.get(key) or ():
                    m = tally.get(f["id"])
                    if m is None:
                        m = tally[f["id"]] = {
                            "severity": f["severity"], "count": 0, "transcripts": 0, "claim": f.get("claim"),
                            "correction": f.get("correction"),
                            "example": {"id": rec["id"], "question": a["number"], "quote": f["evidence"]},
                        }
                    m["count"] += 1
                    if f["id"] not in seen_here:
                        m["transcripts"] += 1
                        seen_here.add(f["id"])

    def add_error(self, rec: dict[str, Any]) -> None:
        self.errors += 1
        self.error_stages[rec.get("stage") or "?"] += 1
        if len(self.error_examples) < MAX_EXAMPLES:
            self.error_examples.append({"id": rec["id"], "stage": rec.get("stage"), "error": rec.get("error")})

    # -- figures -----------------------------------------------------------
    def _quantile(self, pct: int) -> int | None:
        """Nearest-rank percentile of the overall scores (integer arithmetic)."""
        if not self.graded:
            return None
        rank = max(1, -(-self.graded * pct // 100))  # ceil(n * pct / 100)
        seen = 0
        for score, n in enumerate(self.hist):
            seen += n
            if seen >= rank:
                return score
        return 100  # pragma: no cover

    def to_dict(self) -> dict[str, Any]:
        n = self.graded
        scores = [s for s, c in enumerate(self.hist) if c]
        answered_topics = sorted(self.topics.items(), key=lambda kv: kv[0])
        def ranked(tally: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
            rows = sorted(tally.items(), key=lambda kv: (-kv[1]["count"], _SEV_RANK.get(kv[1]["severity"], 9), kv[0]))
            return [
                {"id": mid, "severity": m["severity"], "count": m["count"], "transcripts": m["transcripts"],
                 "claim": m["claim"], "correction": m["correction"], "example": m["example"]}
                for mid, m in rows[:TOP_MISCONCEPTIONS]
            ]
        return {
            "inputs": n + self.errors,
            "graded": n,
            "failed": self.errors,
            "failed_by_stage": dict(sorted(self.error_stages.items())),
            "rubrics": [
                {"id": i, "version": v, "sha256": s, "transcripts": c}
                for (i, v, s), c in sorted(self.rubrics.items())
            ],
            "languages": dict(sorted(self.languages.items())),
            "score": {
                "mean": _mean(self.score_sum, n),
                "min": scores[0] if scores else None,
                "p10": self._quantile(10),
                "median": self._quantile(50),
                "p90": self._quantile(90),
                "max": scores[-1] if scores else None,
                "histogram": [
                    {"range": f"{lo}-{hi}", "count": sum(self.hist[lo:hi + 1])} for lo, hi in BUCKETS
                ],
            },
            "recommendations": {
                k: self.recommendations.get(k, 0) for k in ("strong-hire", "hire", "lean-no", "no-hire")
            },
            "topics": [
                {
                    "id": tid,
                    "title": t["title"],
                    "questions": t["questions"],
                    "scored": t["scored"],
                    "mean_score": _mean(t["score_sum"], t["scored"]),
                    "no_answer": t["no_answer"],
                    "off_topic": t["off_topic"],
                    "flags": t["flags"],
                }
                for tid, t in answered_topics
            ],
            "misconceptions": ranked(self.mis),
            "misconceptions_total": {mid: m["count"] for mid, m in sorted(self.mis.items())},
            "wrong_claims": ranked(self.wrong),
            "wrong_claims_total": {mid: m["count"] for mid, m in sorted(self.wrong.items())},
            "unanswered": {
                "questions": self.questions,
                "no_answer": self.answer_status.get("no-answer", 0),
                "rate": _ratio(self.answer_status.get("no-answer", 0), self.questions),
                "blank": self.blank,
                "blank_rate": _ratio(self.blank, self.questions),
            },
            "answer_status": {
                k: self.answer_status.get(k, 0) for k in ("graded", "no-answer", "off-topic", "ungraded")
            },
            "original_verdict_tone": dict(sorted(self.tones.items())),
            "praising_below_50": {
                "count": self.praising_below,
                "threshold": PRAISING_BELOW,
                "examples": self.praising_below_ids,
            },
            "verdict_contradicted": self.contradicted,
            "error_examples": self.error_examples,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    def to_markdown(self) -> str:
        d = self.to_dict()
        out: list[str] = ["# Batch summary", ""]
        out.append(f"- Inputs: **{d['inputs']}** (graded {d['graded']}, failed {d['failed']})")
        if d["failed_by_stage"]:
            stages = ", ".join(f"{k} {v}" for k, v in d["failed_by_stage"].items())
            out.append(f"- Failed by stage: {stages} (details in `errors.jsonl`)")
        for r in d["rubrics"]:
            out.append(f"- Rubric: `{r['id']}` version {r['version']} (sha256 `{r['sha256'][:12]}`)")
        s = d["score"]
        if d["graded"]:
            out.append(
                f"- Overall score: mean **{s['mean']}**, median {s['median']}, "
                f"p10 {s['p10']}, p90 {s['p90']}, min {s['min']}, max {s['max']}"
            )
        u = d["unanswered"]
        if u["questions"]:
            out.append(
                f"- Unanswered questions: **{u['no_answer']} of {u['questions']}** "
                f"({_pct(u['rate'])}; {u['blank']} left blank)"
            )
        p = d["praising_below_50"]
        out.append(
            f"- Transcripts whose original verdict praises yet score below {p['threshold']}: **{p['count']}**"
        )
        out.append("")
        out += ["## Score distribution", "", "| Score | Transcripts | |", "|---|---:|---|"]
        top = max((b["count"] for b in s["histogram"]), default=0)
        for b in s["histogram"]:
            bar = "#" * (round(30 * b["count"] / top) if top else 0)
            out.append(f"| {b['range']} | {b['count']} | {bar} |")
        out.append("")
        rec = d["recommendations"]
        out.append("Recommendations: " + ", ".join(f"{k} {v}" for k, v in rec.items()))
        out.append("")
        out += ["## Mean score per topic", "",
                "| Topic | Questions | Scored | Mean score | No answer | Off topic | Flags |",
                "|---|---:|---:|---:|---:|---:|---:|"]
        for t in d["topics"]:
            title = f"{_md(t['title'])} (`{t['id']}`)" if t["title"] else f"`{t['id']}`"
            mean = "" if t["mean_score"] is None else t["mean_score"]
            out.append(
                f"| {title} | {t['questions']} | {t['scored']} | {mean} | {t['no_answer']} | "
                f"{t['off_topic']} | {t['flags']} |"
            )
        out.append("")
        for key, title, col in (("misconceptions", "Most frequent misconceptions", "Misconception"),
                                ("wrong_claims", "Most frequent other wrong claims", "Wrong claim")):
            if key == "wrong_claims" and not d[key]:
                continue  # (a rubric without wrong claims, or an archive without any: no section)
            out += [f"## {title}", ""]
            if not d[key]:
                out.append("None asserted.")
            else:
                out += [f"| {col} | Severity | Times | Transcripts | Example |", "|---|---|---:|---:|---|"]
                for m in d[key]:
                    ex = m["example"]
                    quote = _md(_clip(ex["quote"], 120))
                    out.append(
                        f"| `{m['id']}`: {_md(m['claim'] or '')} | {m['severity']} | {m['count']} | "
                        f"{m['transcripts']} | “{quote}” ({_md(ex['id'])}, Q{ex['question']}) |"
                    )
            out.append("")
        if p["count"]:
            out += [f"## Praised yet below {p['threshold']}", ""]
            out += [f"- {_md(i)}" for i in p["examples"]]
            if p["count"] > len(p["examples"]):
                out.append(f"- … and {p['count'] - len(p['examples'])} more (see `transcripts.csv`)")
            out.append("")
        if d["error_examples"]:
            out += ["## Failed inputs", "", "| Input | Stage | Reason |", "|---|---|---|"]
            for e in d["error_examples"]:
                out.append(f"| {_md(e['id'])} | {e['stage']} | {_md(_clip(e['error'] or '', 160))} |")
            if d["failed"] > len(d["error_examples"]):
                out.append(f"\n… and {d['failed'] - len(d['error_examples'])} more in `errors.jsonl`.")
            out.append("")
        return "\n".join(out).rstrip("\n") + "\n"


def _pct(r: float | None) -> str:
    return "n/a" if r is None else f"{100 * r:.1f}%"


def _clip(s: str, n: int) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _md(s: str | None) -> str:
    """Escape text for a Markdown table cell."""
    if s is None:
        return ""
    s = " ".join(str(s).split())
    for ch in ("\\", "|", "`", "*", "_", "[", "]", "<", ">"):
        s = s.replace(ch, "\\" + ch)
    return s
