#!/usr/bin/env python3
"""Compare the grader's CPU cost at two git revisions, run alternately on this machine.

Shared VMs change speed from minute to minute (here by 30-50%), so figures
taken at different times cannot compare two versions of the code. This runs
both versions in turns, in fresh processes, on the same transcripts and the
same rubric file, and prints the per-transcript CPU time of each run:

    python bench/ab_bench.py 037870f                 # that commit vs the working tree
    python bench/ab_bench.py v0.1 HEAD --rounds 6 --n 300

Each run parses and grades N bench transcripts (made as in batch_bench.py)
and dumps the report JSON, three times, and reports the best of the three in
CPU milliseconds per transcript. A revision is checked out with
``git worktree`` into a temporary folder and imported from there; the rubric
is the working tree's (``--rubric`` to choose), so only the code differs.
"""
from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_TIMER = r"""
import os, pickle, sys, time
os.environ["INTERVIEW_GRADER_CACHE"] = "off"
# A setuptools editable install puts a finder on sys.meta_path that wins over
# PYTHONPATH: drop it, or both runs would time the working tree.
sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")]
import interview_grader
if not interview_grader.__file__.startswith(os.environ["PYTHONPATH"]):
    sys.exit(f"imported {interview_grader.__file__}, not the code under {os.environ['PYTHONPATH']}")
from interview_grader import grade, load_rubric, parse_transcript
texts = pickle.load(open(sys.argv[1], "rb"))
rubric = load_rubric(sys.argv[2])
def run():
    for i, t in enumerate(texts):
        grade(parse_transcript(t, str(i)), rubric).model_dump_json()
run()
best = min(
    (lambda t0: (run(), time.process_time() - t0)[1])(time.process_time()) for _ in range(3)
)
print(f"{1000 * best / len(texts):.2f}")
"""


def corpus(n: int, seed: int) -> list[str]:
    sys.path.insert(0, str(ROOT / "bench"))
    import batch_bench

    qas, verdicts = batch_bench._blocks()
    rng = random.Random(seed)
    return [batch_bench.make_transcript(i, rng, qas, verdicts) for i in range(n)]


def time_once(src: Path, data: Path, rubric: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, "-c", _TIMER, str(data), str(rubric)], env=env, cwd=tempfile.gettempdir(),
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="git revision A")
    ap.add_argument("b", nargs="?", default=None, help="git revision B (default: the working tree)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--n", type=int, default=200, help="transcripts per run")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--rubric", type=Path, default=ROOT / "rubrics" / "distributed_training.yaml")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="ab_bench_") as tmp:
        tmp_path = Path(tmp)
        data = tmp_path / "corpus.pkl"
        data.write_bytes(pickle.dumps(corpus(args.n, args.seed)))
        rubric = tmp_path / "rubric.yaml"
        rubric.write_bytes(args.rubric.read_bytes())
        sides: dict[str, Path] = {}
        worktrees = []
        try:
            for label, rev in (("A", args.a), ("B", args.b)):
                if rev is None:
                    sides[f"{label} (working tree)"] = ROOT
                    continue
                wt = tmp_path / f"wt_{label}"
                subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(wt), rev],
                               check=True, capture_output=True)
                worktrees.append(wt)
                sides[f"{label} ({rev})"] = wt
            times: dict[str, list[float]] = {k: [] for k in sides}
            for r in range(args.rounds):
                for label, src in sides.items():
                    times[label].append(time_once(src, data, rubric))
                print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:.2f} ms" for k, v in times.items()), flush=True)
            for label, v in times.items():
                print(f"{label}: min {min(v):.2f}, median {statistics.median(v):.2f} ms CPU per transcript")
            a, b = (min(v) for v in times.values())
            print(f"B/A = {b / a:.2f} (best runs)")
        finally:
            for wt in worktrees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], capture_output=True)


if __name__ == "__main__":
    main()
