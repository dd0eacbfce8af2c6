"""Benchmark one-file grading: start-up wall time of the command, and in-process speed.

    python bench/grade_bench.py                      # the seed, or a bundled sample without ../shared
    python bench/grade_bench.py FILE --runs 10

1. runs ``interview-grader grade FILE -f json`` RUNS times in fresh processes
   and prints min / median / max wall seconds (start-up included: the target
   is under 1 s);
2. grades FILE in-process after one warm-up and prints milliseconds per
   transcript (the figure that bounds batch throughput per core).

A script, not a test: nothing here is timed in the unit tests.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT.parent / "shared" / "seed" / "seed_interview.txt"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=str(SEED if SEED.exists() else ROOT / "transcripts" / "zh_weak_sample.txt"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=200, help="in-process gradings to time")
    args = ap.parse_args()

    walls = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "interview_grader", "grade", args.file, "-f", "json"],
                       check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - t)
    print(f"grade {args.file}: wall s min {min(walls):.3f} median {statistics.median(walls):.3f} max {max(walls):.3f}"
          f" over {args.runs} runs (target < 1 s)")

    from interview_grader import grade, load_rubric, read_transcript

    rubric = load_rubric()
    transcript = read_transcript(args.file)
    grade(transcript, rubric)  # warm-up: automaton, OpenCC, memo
    t = time.process_time()
    for _ in range(args.repeat):
        grade(transcript, rubric)
    ms = (time.process_time() - t) / args.repeat * 1000
    print(f"in-process: {ms:.2f} ms CPU per transcript ({1000 / ms:.0f} transcripts/s per core)")


if __name__ == "__main__":
    main()
