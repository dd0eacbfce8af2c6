#!/usr/bin/env python3
"""How much of grading the matcher costs, timed without a profiler.

Grades N bench transcripts (the generator of ``batch_bench.py``) in-process
and times, with ``perf_counter`` around the outermost calls only, the
matcher's two entry points (``Doc.find`` with the term-set occurrences it
assembles, ``Doc.satisfied`` with the literal scan) and ``Doc.of`` (fold and
clause / negation analysis).  What is left is parsing, topic choice, the
engine's own loops, the report models and JSON.

The point of it: the time outside the matcher bounds what any faster matcher
(compiled or not) could give.  cProfile inflates small, frequent calls, so
its shares overstate the matcher; this does not.

    python bench/matcher_share.py --n 300
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_bench  # noqa: E402  (the transcript generator)

from interview_grader import matcher  # noqa: E402
from interview_grader.engine import grade  # noqa: E402
from interview_grader.parse import parse_transcript  # noqa: E402
from interview_grader.rubric.load import load_rubric  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300, help="transcripts to grade")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rubric", type=Path, default=None, help="rubric YAML (default: the bundled one)")
    args = ap.parse_args()

    qas, verdicts = batch_bench._blocks()
    rng = random.Random(args.seed)
    texts = [batch_bench.make_transcript(i, rng, qas, verdicts) for i in range(args.n)]
    rubric = load_rubric(args.rubric) if args.rubric else load_rubric()
    for t in texts[:20]:  # warm the caches (compiled rubric, automaton, plans)
        grade(parse_transcript(t), rubric)

    spent = {"find": 0.0, "scan": 0.0, "analyse": 0.0}
    depth = [0]

    def timed(name, fn):
        def wrapper(*a, **k):
            if depth[0]:
                return fn(*a, **k)
            depth[0] += 1
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.perf_counter() - t
                depth[0] -= 1
        return wrapper

    matcher.Doc.find = timed("find", matcher.Doc.find)
    matcher.Doc.satisfied = timed("scan", matcher.Doc.satisfied)
    matcher.Doc.of = classmethod(timed("analyse", matcher.Doc.of.__func__))

    cpu = time.process_time()
    for t in texts:
        grade(parse_transcript(t), rubric).model_dump_json()
    total = (time.process_time() - cpu) / args.n * 1000
    ms = {k: v / args.n * 1000 for k, v in spent.items()}
    rest = total - sum(ms.values())
    print(f"{args.n} transcripts, CPU per transcript: {total:.2f} ms")
    print(f"  matcher: find {ms['find']:.2f} ms + scan {ms['scan']:.2f} ms = {ms['find'] + ms['scan']:.2f} ms "
          f"({(ms['find'] + ms['scan']) / total:.0%})")
    print(f"  fold + analyse: {ms['analyse']:.2f} ms ({ms['analyse'] / total:.0%})")
    print(f"  the rest (parse, topics, engine loops, models, JSON): {rest:.2f} ms ({rest / total:.0%})")
    print(f"  with a matcher that cost nothing: {total - ms['find'] - ms['scan']:.2f} ms, "
          f"at most {2000 / (total - ms['find'] - ms['scan']):.0f} transcripts/s on two ideal cores")


if __name__ == "__main__":
    main()
