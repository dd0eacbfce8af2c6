#!/usr/bin/env python3
"""Benchmark ``interview-grader batch``: throughput, peak memory, resume time.

Builds an archive of N varied, seed-sized transcripts (about 8 questions and
5-10 KB each, like ../shared/seed/seed_interview.txt) by recombining the
questions and answers of the samples in transcripts/ (shuffled questions,
shuffled sentences, random headers; deterministic for a given --seed), then:

1. runs ``interview-grader batch ARCHIVE -o OUT -j J -q`` and reports
   transcripts/s and the peak resident memory of the whole process tree
   (the batch process plus its workers, sampled every 50 ms with psutil;
   without psutil, the largest single process from getrusage);
2. runs the same command again (a resume of a finished run: nothing to
   grade) and reports its time as a share of the first run.

Usage::

    python bench/batch_bench.py --n 10000 --jobs 2
    python bench/batch_bench.py --n 50000 --jobs 2            # memory must stay flat
    python bench/batch_bench.py --n 10000 --rubric tests/data/mini_rubric.yaml   # the batch machinery alone
    python bench/batch_bench.py --n 2000 --profile            # where the time goes, per transcript

Targets (2-core machine, issue 4): >= 500 transcripts/s at -j 2 for 10,000;
peak RSS <= 300 MB at 10,000 and at 50,000; resumed run < 10% of the first.
Needs ``psutil`` for the process-tree memory figure (``pip install psutil``).
This is a script, not a test: nothing here is timed in the unit tests.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "transcripts"

ROLES = {
    "zh": ["算法工程师", "数据挖掘工程师", "机器学习工程师", "深度学习平台工程师", "推荐算法工程师", "分布式训练工程师"],
    "en": ["Machine Learning Engineer", "ML Infrastructure Engineer", "Research Engineer", "Data Scientist",
           "GPU Cluster Engineer"],
}
_SENT = re.compile(r"(?<=[。！？!?])|(?<=\.)\s+")


def _blocks():
    """(language, question, goal, answer) from every sample, plus their verdicts."""
    from interview_grader.parse import read_transcript

    qas: dict[str, list] = {"zh": [], "en": []}
    verdicts: dict[str, list] = {"zh": [], "en": []}
    for path in sorted(SAMPLES.glob("*.txt")):
        t = read_transcript(path)
        for qa in t.questions:
            if qa.answer is not None and qa.answer.text.strip():
                qas[t.language].append((qa.question.text, qa.goal.text if qa.goal else None, qa.answer.text))
        if t.verdict is not None:
            verdicts[t.language].append(t.verdict.text)
    return qas, verdicts


def _shuffle_sentences(text: str, rng: random.Random) -> str:
    parts = [p for p in _SENT.split(text) if p and p.strip()]
    if len(parts) > 2 and rng.random() < 0.6:
        head, rest = parts[0], parts[1:]
        rng.shuffle(rest)
        parts = [head] + rest
    sep = "" if any("\u4e00" <= c <= "\u9fff" for c in text[:20]) else " "
    return sep.join(p.strip() for p in parts)


def make_transcript(i: int, rng: random.Random, qas, verdicts, questions: int = 8) -> str:
    lang = "zh" if rng.random() < 0.6 else "en"
    pool = qas[lang]
    # each answer joins two sample answers: seed-sized (the seed is ~10 KB, 8 questions)
    picked = []
    for _ in range(questions):
        q, goal, a = pool[rng.randrange(len(pool))]
        extra = pool[rng.randrange(len(pool))][2]
        picked.append((q, goal, a + ("" if lang == "zh" else " ") + extra))
    years = rng.randint(1, 12)
    if lang == "zh":
        lines = [f"候选人 {i} 的技术面试记录", f"岗位：{rng.choice(ROLES['zh'])} 从业年限：{years}年",
                 "简介：有分布式训练相关经验。", ""]
        for n, (q, goal, a) in enumerate(picked, 1):
            lines.append(f"问题{n}：{q}")
            if goal:
                lines.append(f"考察目标：{goal}")
            lines.append(f"回答：{_shuffle_sentences(a, rng) if rng.random() < 0.9 else '不知道。'}")
            lines.append("")
        lines.append(f"点评：{rng.choice(verdicts['zh'])}")
    else:
        lines = [f"Technical screen #{i}", f"Role: {rng.choice(ROLES['en'])}   Experience: {years} years",
                 "Summary: Has worked on distributed training.", ""]
        for n, (q, goal, a) in enumerate(picked, 1):
            lines.append(f"Q{n}: {q}")
            if goal:
                lines.append(f"Goal: {goal}")
            lines.append(f"A: {_shuffle_sentences(a, rng) if rng.random() < 0.9 else 'I dont know.'}")
            lines.append("")
        lines.append(f"Verdict: {rng.choice(verdicts['en'])}")
    return "\n".join(lines) + "\n"


def build_archive(n: int, fmt: str, where: Path, seed: int) -> tuple[Path, int]:
    qas, verdicts = _blocks()
    rng = random.Random(seed)
    total = 0
    if fmt == "zip":
        path = where / f"bench_{n}.zip"
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
            for i in range(n):
                data = make_transcript(i, rng, qas, verdicts).encode("utf-8")
                total += len(data)
                zf.writestr(f"transcripts/{i // 1000:03d}/t{i:06d}.txt", data)
    elif fmt == "tar.gz":
        path = where / f"bench_{n}.tar.gz"
        with tarfile.open(path, "w:gz", compresslevel=1) as tf:
            for i in range(n):
                data = make_transcript(i, rng, qas, verdicts).encode("utf-8")
                total += len(data)
                info = tarfile.TarInfo(f"transcripts/t{i:06d}.txt")
                info.size = len(data)
                tf.addfile(info, io.BytesIO(data))
    elif fmt == "jsonl":
        path = where / f"bench_{n}.jsonl"
        with open(path, "w", encoding="utf-8") as fh:
            for i in range(n):
                text = make_transcript(i, rng, qas, verdicts)
                total += len(text.encode("utf-8"))
                fh.write(json.dumps({"id": f"t{i:06d}", "text": text}, ensure_ascii=False) + "\n")
    else:
        raise SystemExit(f"unknown --format {fmt}")
    return path, total


class TreeMemory:
    """Peak RSS of a process and all its descendants, sampled in a thread."""

    def __init__(self, pid: int, every: float = 0.05):
        self.pid, self.every = pid, every
        self.peak_sum = 0
        self.peak_one = 0
        self.cpu: dict[int, float] = {}  # pid -> last seen user+system CPU seconds
        self.available = True
        try:
            import psutil  # noqa: F401
        except ImportError:
            self.available = False
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psutil

        try:
            root = psutil.Process(self.pid)
        except psutil.Error:
            return
        while not self._stop.is_set():
            try:
                procs = [root] + root.children(recursive=True)
            except psutil.Error:
                break
            total = 0
            for p in procs:
                try:
                    rss = p.memory_info().rss
                    t = p.cpu_times()
                    self.cpu[p.pid] = t.user + t.system
                except psutil.Error:
                    continue
                total += rss
                self.peak_one = max(self.peak_one, rss)
            self.peak_sum = max(self.peak_sum, total)
            self._stop.wait(self.every)

    def __enter__(self):
        if self.available:
            self._t.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self.available:
            self._t.join()
        return False


def run_batch(archive: Path, out: Path, jobs: int, rubric: str | None, extra: list[str]) -> dict:
    cmd = [sys.executable, "-m", "interview_grader", "batch", str(archive), "-o", str(out), "-j", str(jobs), "-q"]
    if rubric:
        cmd += ["--rubric", rubric]
    cmd += extra
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd)
    with TreeMemory(proc.pid) as mem:
        rc = proc.wait()
    seconds = time.perf_counter() - t0
    if rc not in (0, 3):
        raise SystemExit(f"batch failed with exit code {rc}: {' '.join(cmd)}")
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    children_max = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # bytes on Linux
    return {
        "seconds": seconds, "exit": rc, "graded": summary["graded"], "failed": summary["failed"],
        "cpu_main": mem.cpu.get(proc.pid) if mem.available else None,
        "cpu_others": sum(v for k, v in mem.cpu.items() if k != proc.pid) if mem.available else None,
        "peak_rss_tree": mem.peak_sum if mem.available else None,
        "peak_rss_one": mem.peak_one if mem.available else children_max,
    }


def profile(n: int, rubric: str | None, seed: int) -> None:
    """cProfile of grading n transcripts in this process: where the time goes."""
    import cProfile
    import pstats

    from interview_grader import grade, load_rubric, parse_transcript
    from interview_grader.decode import decode_bytes

    qas, verdicts = _blocks()
    rng = random.Random(seed)
    data = [make_transcript(i, rng, qas, verdicts).encode("utf-8") for i in range(n)]
    loaded = load_rubric(rubric)
    stages = {"decode": 0.0, "parse": 0.0, "grade": 0.0, "json": 0.0}
    for i, d in enumerate(data):
        t0 = time.perf_counter()
        text, enc = decode_bytes(d, str(i))
        t1 = time.perf_counter()
        t = parse_transcript(text, str(i), enc)
        t2 = time.perf_counter()
        r = grade(t, loaded)
        t3 = time.perf_counter()
        r.model_dump_json()
        t4 = time.perf_counter()
        stages["decode"] += t1 - t0
        stages["parse"] += t2 - t1
        stages["grade"] += t3 - t2
        stages["json"] += t4 - t3
    total = sum(stages.values())
    print(f"per transcript ({n}, single process): {1000 * total / n:.2f} ms = "
          + ", ".join(f"{k} {1000 * v / n:.2f} ms ({100 * v / total:.0f}%)" for k, v in stages.items()))
    prof = cProfile.Profile()
    prof.enable()
    for i, d in enumerate(data):
        text, enc = decode_bytes(d, str(i))
        grade(parse_transcript(text, str(i), enc), loaded).model_dump_json()
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("cumulative").print_stats(25)
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10_000, help="transcripts in the archive")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--format", default="zip", choices=["zip", "tar.gz", "jsonl"])
    ap.add_argument("--rubric", default=None, help="rubric YAML (default: the bundled one)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workdir", type=Path, default=None, help="keep the archive and outputs here")
    ap.add_argument("--no-resume", action="store_true", help="skip the resumed run")
    ap.add_argument("--profile", action="store_true", help="profile grading in-process instead")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line too")
    args = ap.parse_args()

    if args.profile:
        profile(args.n, args.rubric, args.seed)
        return
    tmp = None
    if args.workdir is None:
        tmp = tempfile.mkdtemp(prefix="batch_bench_")
        work = Path(tmp)
    else:
        work = args.workdir
        work.mkdir(parents=True, exist_ok=True)
    try:
        t0 = time.perf_counter()
        archive, nbytes = build_archive(args.n, args.format, work, args.seed)
        print(f"built {archive.name}: {args.n} transcripts, {nbytes / args.n / 1024:.1f} KiB each on average, "
              f"{archive.stat().st_size / 2**20:.1f} MiB on disk, in {time.perf_counter() - t0:.1f} s", flush=True)
        out = work / f"out_{args.n}"
        if out.exists():
            shutil.rmtree(out)
        first = run_batch(archive, out, args.jobs, args.rubric, [])
        rate = first["graded"] / first["seconds"]
        mb = lambda b: "n/a" if b is None else f"{b / 2**20:.0f} MB"  # noqa: E731
        print(f"first run:  {first['graded']} graded, {first['failed']} failed in {first['seconds']:.1f} s "
              f"= {rate:.0f} transcripts/s at -j {args.jobs}; peak RSS {mb(first['peak_rss_tree'])} "
              f"(process tree), {mb(first['peak_rss_one'])} (largest process)", flush=True)
        if first["cpu_main"] is not None:
            print(f"CPU per transcript: {1000 * first['cpu_main'] / max(first['graded'], 1):.2f} ms in the main process, "
                  f"{1000 * first['cpu_others'] / max(first['graded'], 1):.2f} ms in the workers", flush=True)
        figures = {"n": args.n, "jobs": args.jobs, "format": args.format, "rubric": args.rubric or "bundled",
                   "first_s": round(first["seconds"], 2), "rate": round(rate, 1),
                   "peak_rss_tree_mb": None if first["peak_rss_tree"] is None else round(first["peak_rss_tree"] / 2**20),
                   "peak_rss_one_mb": round(first["peak_rss_one"] / 2**20),
                   "cpu_main_ms": None if first["cpu_main"] is None else round(1000 * first["cpu_main"] / max(first["graded"], 1), 2),
                   "cpu_workers_ms": None if first["cpu_others"] is None else round(1000 * first["cpu_others"] / max(first["graded"], 1), 2)}
        if not args.no_resume:
            again = run_batch(archive, out, args.jobs, args.rubric, [])
            share = again["seconds"] / first["seconds"]
            print(f"resumed:    nothing to grade, {again['seconds']:.2f} s = {100 * share:.1f}% of the first run; "
                  f"peak RSS {mb(again['peak_rss_tree'])}", flush=True)
            figures.update(resume_s=round(again["seconds"], 2), resume_share=round(share, 4))
        if args.json:
            print(json.dumps(figures))
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
