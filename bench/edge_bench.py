"""Benchmark inputs at the edges: very long lines, runs of blank lines, catastrophic rubric regexes.

    python bench/edge_bench.py              # every case once, against its budget
    python bench/edge_bench.py --runs 3     # best of 3 per case

The unit tests check that these inputs parse and grade *correctly* (tests/test_bad_inputs.py,
tests/test_parse.py, tests/test_redos.py); how *fast* they go is measured here, so that a loaded
machine never fails a test. Each budget is several times what the case costs on this project's
2-vCPU VM; a case far over its budget means matching or parsing has turned superlinear again
(the quadratic matching fixed in 0c6183b took minutes on a 2 MB line).

Prints one line per case (best wall seconds, budget, verdict) and exits 1 when a case is over.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT.parent / "shared" / "seed" / "seed_interview.txt"
MINI_RUBRIC = ROOT / "tests" / "data" / "mini_rubric.yaml"

LONG_BYTES = 2_000_000
LONG_UNITS = {"asserted": "DDP 通过参数服务器同步梯度，", "negated": "DDP 并不依赖参数服务器。"}
CATASTROPHIC = [r"(a+)+$", r"([a-z]+)*$", r"(\w+\s?)+$", r"^(\d+)+$", r"( +)+$"]


def long_line(unit: str) -> str:
    n = LONG_BYTES // len(unit.encode("utf-8")) + 1
    return "问题1：DDP 是怎么同步参数的？\n回答：" + unit * n + "\n问题2：什么是数据并行？\n回答：每张卡一份完整模型。\n"


def cases() -> list[tuple[str, float, Callable[[], object]]]:
    """(name, budget in seconds, the work); inputs are built here, outside the timed call."""
    from interview_grader import RubricError, grade, load_rubric, parse_transcript
    from interview_grader.rubric.load import parse_rubric

    rubric = load_rubric()
    seed = SEED.read_text(encoding="utf-8") if SEED.exists() else (
        ROOT / "transcripts" / "zh_weak_sample.txt").read_text(encoding="utf-8")
    out: list[tuple[str, float, Callable[[], object]]] = [
        ("parse the seed x20", 0.1, lambda: [parse_transcript(seed) for _ in range(20)]),
    ]
    for name, unit in LONG_UNITS.items():
        text = long_line(unit)
        parsed = parse_transcript(text, "long.txt")
        out.append((f"parse a 2 MB line ({name})", 2.0, lambda text=text: parse_transcript(text, "long.txt")))
        out.append((f"grade a 2 MB line ({name})", 10.0, lambda parsed=parsed: grade(parsed, rubric)))
    moderate = "问题1：DDP 是怎么同步参数的？\n回答：" + LONG_UNITS["asserted"] * 600 + "\n"
    out.append(("grade a 20 KB line", 1.0, lambda: grade(parse_transcript(moderate, "long.txt"), rubric)))
    for nl, label in (("\n", "LF"), ("\r", "CR"), ("\r\n", "CRLF")):
        blank = nl * 300_000 + "问题1：甲？" + nl + "回答：乙" + nl * 300_000
        out.append((f"parse 600,000 blank lines ({label})", 3.0, lambda blank=blank: parse_transcript(blank, "t.txt")))
    mini = MINI_RUBRIC.read_text(encoding="utf-8")
    for pattern in CATASTROPHIC:
        text = mini.replace('all: ["相邻|neighbour|neighbor|下一个|next"]', f"all: ['相邻|re:{pattern}']")
        assert text != mini, "the mini rubric changed: update edge_bench.py"

        def reject(text: str = text) -> None:
            try:
                parse_rubric(text, "r.yaml")
            except RubricError:
                return
            raise AssertionError("a catastrophic regex loaded")

        out.append((f"reject the rubric regex {pattern}", 1.0, reject))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=1, help="runs per case; the best is reported")
    args = ap.parse_args()
    over = 0
    for name, budget, work in cases():
        best = float("inf")
        for _ in range(args.runs):
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
        verdict = "ok" if best <= budget else "OVER"
        over += verdict == "OVER"
        print(f"{name:<40} {best:8.3f} s   budget {budget:5.1f} s   {verdict}")
    print(f"{over} case(s) over budget" if over else "all cases within budget")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
