"""Rich tables for ``interview-grader eval``."""
from __future__ import annotations

import math

from ..calibrate import Evaluation, metrics_line


def _fmt(x: float) -> str:
    return "-" if isinstance(x, float) and math.isnan(x) else f"{x:.3f}"


def print_evaluation(ev: Evaluation, show: bool = False) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False)
    if show:
        t = Table(title="Answers")
        for col in ("file", "q", "topic", "status", "gold", "score", "missed", "extra"):
            t.add_column(col)
        for r in ev.rows:
            if r.get("missing"):
                t.add_row(r["file"], str(r["q"]), "MISSING", "", "", "", "", "")
                continue
            t.add_row(
                r["file"], str(r["q"]),
                (r["topic"] or "-") + ("" if r["topic_ok"] else " ✗"),
                r["status"] + ("" if r["status_ok"] else " ✗"),
                "-" if r["gold_grade"] is None else str(r["gold_grade"]),
                "-" if r["score"] is None else str(r["score"]),
                ", ".join(r["missed"]), ", ".join(r["extra"]),
            )
        out.print(t)
    t = Table(title="Misconceptions")
    for col in ("id", "must", "found", "flagged", "recall", "precision", "missed / wrongly flagged"):
        t.add_column(col)
    for mid, st in sorted(ev.per_flag.items()):
        detail = [f"missed {m}" for m in st.missed] + [f"wrong {w}" for w in st.wrong]
        t.add_row(mid, str(st.must), str(st.found), str(st.flagged), _fmt(st.recall), _fmt(st.precision),
                  "\n".join(detail))
    out.print(t)
    m = Table(title="Agreement with the labels")
    m.add_column("metric")
    m.add_column("value", justify="right")
    for k, v in ev.metrics.items():
        m.add_row(k, _fmt(v) if isinstance(v, float) else str(v))
    out.print(m)
    print(metrics_line(ev))
