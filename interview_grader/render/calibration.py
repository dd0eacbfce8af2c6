"""Rich tables for ``interview-grader eval``."""
from __future__ import annotations

import math

from ..calibrate import Evaluation, metrics_line


def _fmt(x: float) -> str:
    return "-" if isinstance(x, float) and math.isnan(x) else f"{x:.3f}"


def print_evaluation(ev: Evaluation, show: bool = False) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False, emoji=False, markup=False)  # file names and ids are data
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


def _num(x: float) -> str:
    return f"{x:g}"


def tuning_yaml(best) -> str:
    """The ``scoring`` lines to paste into a rubric for the best row."""
    return f"scoring:\n  core_share: {_num(best.core_share)}\n  core_curve: {_num(best.core_curve)}\n"


def print_tuning(rows, top: int = 10) -> None:
    """The best ``top`` (core_share, core_curve) pairs, the rubric's own pair, and the lines to use."""
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False, emoji=False, markup=False)  # file names and ids are data
    t = Table(title="Scoring values on these labels (best first: lowest mae_bands, then qwk, spearman)")
    for col in ("rank", "core_share", "core_curve", "mae_bands", "qwk", "spearman", ""):
        t.add_column(col, justify="right" if col != "" else "left")
    shown = [(i, r) for i, r in enumerate(rows) if i < top or r.current]
    for i, r in shown:
        m = r.metrics
        t.add_row(str(i + 1), _num(r.core_share), _num(r.core_curve), _fmt(m["mae_bands"]), _fmt(m["qwk"]),
                  _fmt(m["spearman"]), "current" if r.current else "")
    out.print(t)
    best = rows[0]
    if best.current:
        print("The rubric's own values are the best of the grid on these labels.")
    else:
        print("Best on these labels (check them on a second labelled sample before adopting):")
        print(tuning_yaml(best), end="")
