"""Merge the OUTDIRs of shard runs into one OUTDIR.

Each shard's ``index.jsonl`` records the position (``seq``) of each of its
inputs in the whole, unsharded input walk, which is the same on every machine.
Merging is a k-way merge by ``seq`` (then by the order the OUTDIRs were given),
streamed in flat memory: the merged ``results.jsonl`` and ``errors.jsonl`` are
byte-identical to those of one run over all the inputs, and the CSVs and
summaries are rebuilt from them.
"""
from __future__ import annotations

import heapq
import json
import os
from pathlib import Path
from typing import Callable, Iterator, Sequence

from .. import __version__
from . import outputs as out
from .journal import atomic_writer
from .run import BatchError, BatchResult

__all__ = ["merge_outdirs"]


def _source(idx: int, outdir: Path) -> Iterator[tuple[int, int, str, str, str, bytes]]:
    """(seq, source index, id, status, key, journal line) in the shard's input order."""
    results = out.results_journal(outdir).raw_lines()
    errors = out.errors_journal(outdir).raw_lines()
    try:
        index = open(outdir / out.INDEX, encoding="utf-8")
    except OSError as exc:
        raise BatchError(f"cannot read {out.INDEX}: {exc.strerror or exc}", str(outdir)) from None
    with index:
        for n, text in enumerate(index, 1):
            try:
                rec = json.loads(text)
                seq, item_id, status, key = int(rec["seq"]), rec["id"], rec["status"], rec["key"]
            except (ValueError, KeyError, TypeError):
                raise BatchError(f"{out.INDEX} line {n} is not valid; rerun the batch there", str(outdir)) from None
            line = next(results if status == "graded" else errors, None)
            if line is None:
                raise BatchError(
                    f"{out.INDEX} lists {item_id!r} but the journals end before it; rerun the batch there",
                    str(outdir),
                )
            try:
                line_id = json.loads(line).get("id")
            except ValueError:
                line_id = None
            if line_id != item_id:
                raise BatchError(
                    f"journals and {out.INDEX} disagree at {item_id!r}; rerun the batch there", str(outdir)
                )
            yield seq, idx, item_id, status, key, line
    if next(results, None) is not None or next(errors, None) is not None:
        raise BatchError(f"journals hold records missing from {out.INDEX}; rerun the batch there", str(outdir))


def merge_outdirs(outdirs: Sequence[Path], target: Path, *, reports: str | None = None, partial: bool = False,
                  notify: Callable[[str], None] | None = None) -> BatchResult:
    """Merge finished batch OUTDIRs (usually shards) into ``target``."""
    note = notify or (lambda _m: None)
    dirs = [Path(d) for d in outdirs]
    if not dirs:
        raise BatchError("merge needs at least one OUTDIR")
    target = Path(target)
    real_target = os.path.realpath(target)
    manifests = []
    for d in dirs:
        if os.path.realpath(d) == real_target:
            raise BatchError("the merge output must not be one of the merged OUTDIRs", str(d))
        m = out.read_manifest(d)
        if m is None or not m.get("complete"):
            raise BatchError(
                f"no finished batch here ({out.MANIFEST} missing); run or resume the batch first", str(d)
            )
        manifests.append(m)
    rubrics = {json.dumps(m.get("rubric"), sort_keys=True) for m in manifests}
    if len(rubrics) > 1:
        raise BatchError("the OUTDIRs were graded with different rubrics; regrade them with one rubric")
    shards = [m.get("shard") for m in manifests]
    if all(shards):
        ns = {s.split("/")[1] for s in shards}
        if len(ns) > 1:
            raise BatchError(f"the OUTDIRs are shards of different splits: {', '.join(shards)}")
        n = int(ns.pop())
        have = {int(s.split("/")[0]) for s in shards}
        missing = [f"{k}/{n}" for k in range(1, n + 1) if k not in have]
        if len(have) != len(shards):
            raise BatchError(f"the same shard is given twice: {', '.join(shards)}")
        if missing and not partial:
            raise BatchError(f"shards missing: {', '.join(missing)} (use --partial to merge what there is)")
        if missing:
            note(f"merging without shards {', '.join(missing)}")

    if target.exists() and not target.is_dir():
        raise BatchError("output exists and is not a folder", str(target))
    target.mkdir(parents=True, exist_ok=True)
    res = BatchResult(outdir=target, rubric=manifests[0].get("rubric") or {})
    dup = 0
    last: tuple[int, str] | None = None
    with atomic_writer(target / out.RESULTS, "wb") as rfh, atomic_writer(target / out.ERRORS, "wb") as efh, \
            atomic_writer(target / out.INDEX) as ifh:
        streams = [_source(i, d) for i, d in enumerate(dirs)]
        for seq, _src, item_id, status, key, line in heapq.merge(*streams, key=lambda t: (t[0], t[1])):
            if last == (seq, item_id):  # the same input in two OUTDIRs: keep the first
                dup += 1
                continue
            last = (seq, item_id)
            (rfh if status == "graded" else efh).write(line)
            ifh.write(json.dumps({"seq": seq, "id": item_id, "status": status, "key": key},
                                 ensure_ascii=False, separators=(",", ":")) + "\n")
            res.selected += 1
            if status == "graded":
                res.graded_total += 1
            else:
                res.failed_total += 1
    if dup:
        note(f"{dup} inputs appeared in more than one OUTDIR; kept the first")
    out.rebuild_derived(target, reports)
    walked = {m.get("counts", {}).get("walked") for m in manifests}
    res.walked = walked.pop() if len(walked) == 1 else res.selected
    out.write_manifest(target, {
        "tool": "interview-grader merge",
        "tool_version": __version__,
        "rubric": res.rubric,
        "inputs": sorted({i for m in manifests for i in m.get("inputs", [])}),
        "merged_from": [m.get("shard") or str(d) for m, d in zip(manifests, dirs)],
        "shard": None,
        "complete": True,
        "counts": {"walked": res.walked, "inputs": res.selected, "graded": res.graded_total,
                   "failed": res.failed_total},
    })
    return res
