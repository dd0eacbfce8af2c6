"""Batch scoring: mixed inputs, ordering across -j, resume after a kill, shards + merge, Dask, hostile names."""
from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import MINI_RUBRIC, ROOT
from interview_grader import Report, RubricError, TranscriptError
from interview_grader.batch import BatchOptions, ItemError, grade_many, run_batch
from interview_grader.batch.inputs import (InputSpec, clean_id, count_entries, iter_entries, parse_shard,
                                           safe_filename, shard_of)
from interview_grader.cli import app

SAMPLES = sorted((ROOT / "transcripts").glob("*.txt"))
OUTPUTS = ["results.jsonl", "errors.jsonl", "index.jsonl", "transcripts.csv", "answers.csv", "summary.json",
           "summary.md"]
runner = CliRunner()

GB_TEXT = "岗位：算法工程师 从业年限：3年\n问题1：请讲讲环形规约？\n回答：每个节点只和相邻节点通信，先做reduce-scatter再做all-gather。\n点评：回答很好。\n"


def cli(*args) -> "object":
    return runner.invoke(app, [str(a) for a in args])


def variant(i: int) -> str:
    """A distinct transcript made from the samples (a different role line)."""
    text = SAMPLES[i % len(SAMPLES)].read_text(encoding="utf-8")
    return text.replace("\n", f"\n<!-- variant {i} -->\n", 1) if i >= len(SAMPLES) else text


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """A folder with good and bad files, a zip, a tar.gz and a JSONL."""
    root = tmp_path_factory.mktemp("mixed")
    folder = root / "folder"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(SAMPLES[0], folder / "a_good.txt")
    shutil.copy(SAMPLES[1], folder / "sub" / "b_good.txt")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (folder / "gb18030.txt").write_bytes(GB_TEXT.encode("gb18030"))
    (folder / "no_questions.txt").write_text("Just some notes about the weather.\nNothing else.\n", encoding="utf-8")
    (folder / ".hidden.txt").write_text("skipped: hidden", encoding="utf-8")
    with zipfile.ZipFile(root / "arch.zip", "w") as zf:
        zf.writestr("z1.txt", variant(10))
        zf.writestr("dir/z2.txt", variant(11))
        zf.writestr("bad.txt", b"\x00\x01\x02" * 100)
    with tarfile.open(root / "arch.tar.gz", "w:gz") as tf:
        for name, i in (("t1.txt", 12), ("deep/t2.txt", 13)):
            data = variant(i).encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    with open(root / "records.jsonl", "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": "j1", "text": variant(14)}, ensure_ascii=False) + "\n")
        fh.write(json.dumps({"id": "j2", "text": variant(15)}, ensure_ascii=False) + "\n")
        fh.write(json.dumps({"id": "j3"}) + "\n")  # no text field
        fh.write("{not json\n")
        fh.write("\n")  # blank lines are skipped
        fh.write(json.dumps({"id": "j1", "text": variant(16)}, ensure_ascii=False) + "\n")  # repeated id
    return root


def mixed_inputs(root: Path) -> list[Path]:
    return [root / "folder", root / "arch.zip", root / "arch.tar.gz", root / "records.jsonl"]


def read_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def outputs_of(outdir: Path) -> dict[str, bytes]:
    return {name: (outdir / name).read_bytes() for name in OUTPUTS}


@pytest.fixture(scope="module")
def mixed_run(mixed, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "j1"
    result = cli("batch", *mixed_inputs(mixed), "-o", out, "-j", "1", "--rubric", MINI_RUBRIC)
    assert result.exit_code == 3, result.output
    return out


# ---------------------------------------------------------------------------
# mixed inputs and counts
# ---------------------------------------------------------------------------
GOOD = 2 + 1 + 2 + 2 + 3  # folder (a, b) + gb18030 + zip + tar + jsonl (j1, j2, j1#2)
BAD = {"empty.txt": "decode", "binary.txt": "decode", "no_questions.txt": "parse", "arch.zip!bad.txt": "decode",
       "j3": "read", "records.jsonl:4": "read"}


def test_mixed_inputs_every_output_counts(mixed_run):
    out = mixed_run
    results = read_lines(out / "results.jsonl")
    errors = read_lines(out / "errors.jsonl")
    assert len(results) == GOOD
    assert len(errors) == len(BAD)
    ids = [r["id"] for r in results]
    assert len(set(ids)) == len(ids)
    assert any(i.endswith("folder/gb18030.txt") for i in ids)  # GB18030 is valid input
    assert any(i.endswith("arch.zip!dir/z2.txt") for i in ids)
    assert any(i.endswith("arch.tar.gz!deep/t2.txt") for i in ids)
    assert ids[-3:] == ["j1", "j2", "j1#2"]
    assert not any(".hidden" in i for i in ids + [e["id"] for e in errors])
    for e in errors:
        name = next(k for k in BAD if e["id"].endswith(k))
        assert e["stage"] == BAD[name], e
        assert e["error"]
    # every result line is the Report JSON plus id and input_sha256
    for r in results:
        body = {k: v for k, v in r.items() if k not in ("id", "input_sha256")}
        assert Report.model_validate(body).source == r["id"]
    csv_rows = (out / "transcripts.csv").read_text(encoding="utf-8").splitlines()
    assert len(csv_rows) == 1 + GOOD
    answers = (out / "answers.csv").read_text(encoding="utf-8").splitlines()
    assert len(answers) == 1 + sum(len(r["answers"]) for r in results)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert (summary["inputs"], summary["graded"], summary["failed"]) == (GOOD + len(BAD), GOOD, len(BAD))
    assert summary["failed_by_stage"] == {"decode": 3, "parse": 1, "read": 2}
    assert sum(b["count"] for b in summary["score"]["histogram"]) == GOOD
    assert summary["unanswered"]["questions"] == sum(len(r["answers"]) for r in results)
    praising_low = sum(1 for r in results if r["original_verdict_tone"] == "praising" and r["overall"]["score"] < 50)
    assert summary["praising_below_50"]["count"] == praising_low
    for m in summary["misconceptions"]:
        assert m["count"] >= 1 and m["example"]["quote"]
    index = read_lines(out / "index.jsonl")
    assert [i["seq"] for i in index] == sorted(i["seq"] for i in index)
    assert len(index) == GOOD + len(BAD)
    md = (out / "summary.md").read_text(encoding="utf-8")
    assert f"**{GOOD + len(BAD)}**" in md and "Mean score per topic" in md


def test_outputs_identical_for_j1_and_j2(mixed, mixed_run, tmp_path):
    out = tmp_path / "j2"
    result = cli("batch", *mixed_inputs(mixed), "-o", out, "-j", "2", "--rubric", MINI_RUBRIC, "--chunksize", "2")
    assert result.exit_code == 3, result.output
    assert outputs_of(out) == outputs_of(mixed_run)


def test_complete_rerun_regrades_nothing(mixed, mixed_run, tmp_path):
    out = tmp_path / "again"
    shutil.copytree(mixed_run, out)
    before = outputs_of(out)
    res = run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=2,
                                 rubric=MINI_RUBRIC))
    assert res.graded == 0
    assert res.skipped == GOOD + len(BAD) - 2  # the two read errors are retried (they have no content)
    assert res.failed == 2
    assert outputs_of(out) == before
    assert res.exit_code == 3


# ---------------------------------------------------------------------------
# resume
# ---------------------------------------------------------------------------
def test_resume_after_torn_journal_equals_uninterrupted(mixed, mixed_run, tmp_path):
    out = tmp_path / "torn"
    shutil.copytree(mixed_run, out)
    full = (out / "results.jsonl").read_bytes()
    lines = full.splitlines(keepends=True)
    keep = b"".join(lines[:4]) + lines[4][: len(lines[4]) // 2]  # 4 whole lines + half a line
    (out / "results.jsonl").write_bytes(keep)
    (out / "errors.jsonl").write_bytes(b"")
    for name in ("transcripts.csv", "summary.json", "index.jsonl", "manifest.json"):
        (out / name).unlink()
    res = run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=1,
                                 rubric=MINI_RUBRIC))
    assert res.truncated > 0
    assert res.graded == GOOD - 4
    assert res.skipped == 4
    assert outputs_of(out) == outputs_of(mixed_run)


def _jsonl_of(n: int, path: Path) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"id": f"t{i:05d}", "text": variant(i)}, ensure_ascii=False) + "\n")
    return path


def test_kill_9_then_resume_equals_uninterrupted(tmp_path):
    src = _jsonl_of(1500, tmp_path / "many.jsonl")
    ref = tmp_path / "ref"
    res = run_batch(BatchOptions(inputs=[str(src)], outdir=ref, jobs=2, rubric=MINI_RUBRIC))
    assert res.graded == 1500
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "interview_grader", "batch", str(src), "-o", str(out), "-j", "2", "-q",
           "--rubric", str(MINI_RUBRIC), "--chunksize", "8"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    journal = out / "results.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if journal.exists() and journal.stat().st_size > 200_000:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the batch finished before it could be killed: " + proc.stderr.read().decode()
    os.killpg(proc.pid, signal.SIGKILL)  # the batch and its workers, like a lost machine
    proc.wait()
    proc.stderr.close()
    n_before = len(journal.read_bytes().splitlines())
    assert 0 < n_before < 1500
    assert not (out / "summary.json").exists()
    res = run_batch(BatchOptions(inputs=[str(src)], outdir=out, jobs=2, rubric=MINI_RUBRIC))
    assert res.skipped >= n_before - 1
    assert res.graded == 1500 - res.skipped
    assert outputs_of(out) == outputs_of(ref)


def test_changed_inputs_and_rubric_are_regraded(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    shutil.copy(SAMPLES[0], a)
    shutil.copy(SAMPLES[1], b)
    out = tmp_path / "out"
    res = run_batch(BatchOptions(inputs=[str(a), str(b)], outdir=out, jobs=1, rubric=MINI_RUBRIC))
    assert (res.graded, res.skipped) == (2, 0)
    b.write_text(variant(99), encoding="utf-8")  # b's content changed
    res = run_batch(BatchOptions(inputs=[str(a), str(b)], outdir=out, jobs=1, rubric=MINI_RUBRIC))
    assert (res.graded, res.skipped) == (1, 1)
    assert len(read_lines(out / "results.jsonl")) == 2  # the old grade of b is gone
    res = run_batch(BatchOptions(inputs=[str(a)], outdir=out, jobs=1, rubric=MINI_RUBRIC))
    assert (res.graded, res.skipped, res.dropped) == (0, 1, 1)
    assert [r["id"] for r in read_lines(out / "results.jsonl")] == [str(a)]
    rubric2 = tmp_path / "rubric2.yaml"
    rubric2.write_text(MINI_RUBRIC.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    res = run_batch(BatchOptions(inputs=[str(a)], outdir=out, jobs=1, rubric=rubric2))
    assert (res.graded, res.skipped) == (1, 0)
    (rec,) = read_lines(out / "results.jsonl")
    assert rec["rubric"]["sha256"] == res.rubric["sha256"]


# ---------------------------------------------------------------------------
# shards and merge
# ---------------------------------------------------------------------------
def test_shards_merged_equal_a_single_run(mixed, mixed_run, tmp_path):
    shards = []
    for k in (1, 2, 3):
        d = tmp_path / f"shard{k}"
        result = cli("batch", *mixed_inputs(mixed), "-o", d, "-j", "1", "--shard", f"{k}/3", "-q",
                     "--rubric", MINI_RUBRIC)
        assert result.exit_code in (0, 3), result.output
        shards.append(d)
    sizes = [len(read_lines(d / "index.jsonl")) for d in shards]
    # every input in exactly one shard (ids hold the random tmp path, so a shard may be empty)
    assert sum(sizes) == GOOD + len(BAD)
    merged = tmp_path / "merged"
    result = cli("merge", *reversed(shards), "-o", merged)
    assert result.exit_code == 3, result.output
    assert outputs_of(merged) == outputs_of(mixed_run)
    # a missing shard is refused unless --partial
    result = cli("merge", shards[0], shards[1], "-o", tmp_path / "m2")
    assert result.exit_code == 2 and "3/3" in result.stderr
    result = cli("merge", shards[0], shards[1], "-o", tmp_path / "m2", "--partial", "-q")
    assert result.exit_code in (0, 3)


def test_shard_assignment_is_stable():
    assert parse_shard("2/4") == (2, 4)
    for bad in ("0/4", "5/4", "x", "1/0"):
        with pytest.raises(ValueError):
            parse_shard(bad)
    # a fixed value: the same on every machine and Python version
    assert [shard_of(f"id{i}", 4) for i in range(8)] == [shard_of(f"id{i}", 4) for i in range(8)]
    assert shard_of("transcripts/zh_weak_sample.txt", 7) == (
        int.from_bytes(__import__("hashlib").sha256(b"transcripts/zh_weak_sample.txt").digest()[:8], "big") % 7 + 1
    )
    assert cli("batch", SAMPLES[0], "-o", "/tmp/never", "--shard", "5/4").exit_code == 2


# ---------------------------------------------------------------------------
# Dask
# ---------------------------------------------------------------------------
def test_dask_local_cluster_equals_local(mixed, mixed_run, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        out = tmp_path / "dask"
        res = run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=2,
                                     rubric=MINI_RUBRIC, dask=client, chunksize=2))
        assert res.graded == GOOD
        assert outputs_of(out) == outputs_of(mixed_run)
        got = list(grade_many([("x", variant(3)), ("y", "no questions here")], rubric=MINI_RUBRIC,
                              dask=cluster.scheduler_address))
        assert [g[0] for g in got] == ["x", "y"]
        assert isinstance(got[0][1], Report) and isinstance(got[1][1], ItemError)


# ---------------------------------------------------------------------------
# hostile names
# ---------------------------------------------------------------------------
def test_hostile_member_names_stay_inside_outdir(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    good = variant(5)
    hostile = ["../../x.txt", "/abs/y.txt", "a/../../../z.txt", "..\\..\\w.txt", "CON", "-rf ..txt"]
    with zipfile.ZipFile(work / "evil.zip", "w") as zf:
        for name in hostile:
            zf.writestr(name, good)
    with tarfile.open(work / "evil.tar.gz", "w:gz") as tf:
        data = good.encode("utf-8")
        for name in ("../../t.txt", "/etc/passwd_x.txt"):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    with open(work / "evil.jsonl", "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": "../../../j.txt", "text": good}) + "\n")
        fh.write(json.dumps({"id": "=cmd|' /C calc'!A0\n\u0000", "text": good}) + "\n")
    out = work / "deep" / "out"
    before = {p for p in tmp_path.rglob("*")}
    result = cli("batch", work / "evil.zip", work / "evil.tar.gz", work / "evil.jsonl", "-o", out, "-j", "1",
                 "--reports", "markdown", "--rubric", MINI_RUBRIC)
    assert result.exit_code == 0, result.output
    created = {p for p in tmp_path.rglob("*")} - before - {out.parent}
    assert created and all(p.resolve().is_relative_to(out.resolve()) for p in created)
    reports = sorted((out / "reports").iterdir())
    assert len(reports) == len(hostile) + 4
    assert all(p.parent == out / "reports" and not p.name.startswith(".") for p in reports)
    ids = [r["id"] for r in read_lines(out / "results.jsonl")]
    assert f"{work / 'evil.zip'}!../../x.txt" in ids
    assert "=cmd|' /C calc'!A0\\x0a\\x00" in ids  # made printable
    csv_text = (out / "transcripts.csv").read_text(encoding="utf-8")
    assert "\n'=cmd" in csv_text  # no formula injection in spreadsheets


def test_safe_names_and_ids():
    for hostile in ("../../x.txt", "/etc/passwd", "..", ".", "", "a/b\\c", "名字.txt", "x" * 500):
        name = safe_filename(hostile, ".md")
        assert "/" not in name and "\\" not in name and not name.startswith(".")
        assert len(name) < 120
    assert safe_filename("a/b") != safe_filename("a_b")
    assert clean_id("a\nb") == "a\\x0ab"
    assert clean_id("bad\udcffname") == "bad\\xffname"
    assert clean_id("") == "<empty id>"


# ---------------------------------------------------------------------------
# library, walking, CLI details
# ---------------------------------------------------------------------------
def test_grade_many_yields_in_order_with_errors(tmp_path):
    items = [SAMPLES[0], ("mem", variant(7)), str(tmp_path / "missing.txt"), ("bin", bytes(range(256)) * 4),
             ("gb", GB_TEXT.encode("gb18030"))] + [(f"v{i}", variant(i)) for i in range(20)]
    got = list(grade_many(items, jobs=2, rubric=MINI_RUBRIC, chunksize=3))
    assert [g[0] for g in got] == [str(SAMPLES[0]), "mem", str(tmp_path / "missing.txt"), "bin", "gb"] + [
        f"v{i}" for i in range(20)]
    kinds = [type(g[1]).__name__ for g in got]
    assert kinds[:5] == ["Report", "Report", "ItemError", "ItemError", "Report"]
    assert isinstance(got[2][1], TranscriptError) and got[2][1].stage == "read"
    assert got[3][1].stage == "decode"
    inline = list(grade_many(items, jobs=1, rubric=MINI_RUBRIC))
    assert [g[1].model_dump_json() for g in got if isinstance(g[1], Report)] == [
        g[1].model_dump_json() for g in inline if isinstance(g[1], Report)]


def test_walk_order_glob_and_count(mixed):
    spec = InputSpec(paths=tuple(str(p) for p in mixed_inputs(mixed)), globs=("*.txt",))
    entries = list(iter_entries(spec))
    assert [e.seq for e in entries] == list(range(len(entries)))
    assert count_entries(spec) == len(entries) == GOOD + len(BAD)
    in_2_of_3 = lambda item_id: shard_of(item_id, 3) == 2  # noqa: E731
    assert count_entries(spec, in_2_of_3) == len(list(iter_entries(spec, in_2_of_3)))
    only_good = InputSpec(paths=(str(mixed / "folder"),), globs=("*good*",))
    assert [Path(e.id).name for e in iter_entries(only_good)] == ["a_good.txt", "b_good.txt"]


def test_bad_arguments_exit_2(tmp_path):
    assert cli("batch", tmp_path / "nope.txt", "-o", tmp_path / "o").exit_code == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    result = cli("batch", SAMPLES[0], "-o", tmp_path / "o", "--rubric", bad)
    assert result.exit_code == 2 and "bad.yaml" in result.stderr
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert cli("batch", SAMPLES[0], "-o", tmp_path / "file", "--rubric", MINI_RUBRIC).exit_code == 2
    assert cli("merge", tmp_path, "-o", tmp_path / "m").exit_code == 2  # not a finished batch


# ---------------------------------------------------------------------------
# the rubric in the parent process
# ---------------------------------------------------------------------------
def _manifest_rubric(outdir: Path) -> dict:
    return json.loads((outdir / "manifest.json").read_text(encoding="utf-8"))["rubric"]


def test_a_pool_run_with_a_warm_cache_never_unpickles_the_rubric_here(mixed, mixed_run, tmp_path, monkeypatch):
    """With a process pool the parent only checks the rubric: the cache entry's header says it is
    valid and gives its id and version, so the compiled rubric (tens of MB) stays out of the parent."""
    from interview_grader.rubric import cache
    from interview_grader.rubric.load import parse_rubric

    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", str(tmp_path / "cache"))
    loaded = parse_rubric(MINI_RUBRIC.read_text(encoding="utf-8"), str(MINI_RUBRIC))  # warms the cache
    peeked = []
    real_peek = cache.peek
    monkeypatch.setattr(cache, "peek", lambda sha: peeked.append(sha) or real_peek(sha))

    def no_unpickling(sha):
        raise AssertionError("the parent of a process pool unpickled the compiled rubric")

    monkeypatch.setattr(cache, "load", no_unpickling)
    out = tmp_path / "j2"
    res = run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=2,
                                 rubric=MINI_RUBRIC, chunksize=2))
    assert peeked and res.graded == GOOD
    assert outputs_of(out) == outputs_of(mixed_run)
    assert _manifest_rubric(out) == _manifest_rubric(mixed_run) == res.rubric
    items = [("a", variant(1)), ("b", variant(2))]
    got = [r.model_dump_json() for _i, r in grade_many(items, jobs=2, rubric=MINI_RUBRIC)]
    assert got == [r.model_dump_json() for _i, r in grade_many(items, jobs=2, rubric=loaded)]  # a caller's own


@pytest.mark.parametrize("where", ["cold", "off"])
def test_a_pool_run_without_a_cache_entry_compiles_the_rubric_here(mixed, mixed_run, tmp_path, monkeypatch, where):
    from interview_grader.rubric import cache

    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", str(tmp_path / "cache") if where == "cold" else "off")
    out = tmp_path / "j2"
    run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=2, rubric=MINI_RUBRIC))
    assert outputs_of(out) == outputs_of(mixed_run)
    assert _manifest_rubric(out) == _manifest_rubric(mixed_run)
    sha = _manifest_rubric(out)["sha256"]
    assert cache.peek(sha) == ((_manifest_rubric(out)["id"], _manifest_rubric(out)["version"])
                               if where == "cold" else None)


def test_a_pool_run_with_a_cold_cache_compiles_the_rubric_in_a_child_process(mixed, mixed_run, tmp_path, monkeypatch):
    """The parent of a process pool never compiles the rubric, not even to fill the cache: a child process validates
    and compiles it (storing the entry the workers load), so the compiler's memory never sits in the parent."""
    import interview_grader.batch.run as run
    from interview_grader.rubric import cache

    def no_compiling(*args, **kwargs):
        raise AssertionError("the parent of a process pool compiled the rubric")

    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(run, "parse_rubric", no_compiling)
    out = tmp_path / "j2"
    res = run_batch(BatchOptions(inputs=[str(p) for p in mixed_inputs(mixed)], outdir=out, jobs=2, rubric=MINI_RUBRIC))
    assert res.graded == GOOD
    assert outputs_of(out) == outputs_of(mixed_run)
    assert cache.peek(_manifest_rubric(out)["sha256"]) == (_manifest_rubric(out)["id"], _manifest_rubric(out)["version"])


def test_a_bad_rubric_fails_the_same_with_or_without_a_pool(tmp_path):
    mini = MINI_RUBRIC.read_text(encoding="utf-8")
    bad = {"syntax.yaml": "id: [unclosed\n", "schema.yaml": mini.replace('version: "0.1"', 'version: ""'),
           "terms.yaml": mini.replace('"@ring|节点|node|梯度|gradient"', '"@nosuch"')}
    for name, text in bad.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "latin1.yaml").write_bytes("id: café\n".encode("latin-1"))
    for name in [*bad, "latin1.yaml", "missing.yaml"]:
        runs = [cli("batch", SAMPLES[0], "-o", tmp_path / f"o{j}", "-j", j, "--rubric", tmp_path / name)
                for j in (1, 2)]
        assert runs[0].exit_code == runs[1].exit_code == 2, name
        assert name in runs[0].stderr and runs[0].stderr == runs[1].stderr, name
        with pytest.raises(RubricError) as inline:
            next(grade_many([("a", variant(1))], jobs=1, rubric=tmp_path / name))
        with pytest.raises(RubricError) as pooled:
            next(grade_many([("a", variant(1))], jobs=2, rubric=tmp_path / name))
        assert str(inline.value) == str(pooled.value), name


def test_quiet_and_messages(tmp_path):
    result = cli("batch", SAMPLES[0], "-o", tmp_path / "q", "-q", "--rubric", MINI_RUBRIC)
    assert result.exit_code == 0 and result.stderr == "" and result.stdout == ""
    result = cli("batch", SAMPLES[0], "-o", tmp_path / "q", "--rubric", MINI_RUBRIC, "--print-summary", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["graded"] == 1  # data on stdout
    assert "1 already done" in result.stderr  # messages on stderr


def test_outdir_inside_input_folder_is_not_walked(tmp_path):
    shutil.copy(SAMPLES[0], tmp_path / "a.txt")
    for _ in range(2):
        res = run_batch(BatchOptions(inputs=[str(tmp_path)], outdir=tmp_path / "out", jobs=1, rubric=MINI_RUBRIC))
        assert res.selected == 1


def test_default_rubric_is_the_bundled_one(tmp_path):
    from interview_grader import RubricError, load_rubric

    try:
        bundled = load_rubric()
    except RubricError as exc:  # being written elsewhere; the option path is tested above
        pytest.skip(f"bundled rubric does not load yet: {exc}")
    res = run_batch(BatchOptions(inputs=[str(SAMPLES[0])], outdir=tmp_path / "d", jobs=1))
    assert res.rubric["sha256"] == bundled.sha256


def _crashy_chunk(chunk):
    """Stands in for the pool's task: a worker dies on any input holding CRASH."""
    from interview_grader.batch.worker import grade_chunk

    if any(b"CRASH" in data for _id, _sha, data in chunk):
        os._exit(1)
    return grade_chunk(chunk)


def test_a_worker_that_dies_sets_aside_only_its_input(tmp_path, monkeypatch):
    from interview_grader.batch import run as run_module

    monkeypatch.setattr(run_module, "grade_chunk", _crashy_chunk)
    items = [(f"v{i}", variant(i)) for i in range(12)]
    items[5] = ("boom", variant(5) + "\nCRASH\n")
    got = list(grade_many(items, jobs=2, rubric=MINI_RUBRIC, chunksize=4))
    assert [g[0] for g in got] == [i for i, _ in items]
    bad = [(i, r) for i, r in got if not isinstance(r, Report)]
    assert len(bad) == 1 and bad[0][0] == "boom" and bad[0][1].stage == "crash"


def test_streamed_zip_directory_matches_zipfile(tmp_path):
    from interview_grader.batch.lazyzip import LazyZip

    path = tmp_path / "odd.zip"
    buf = io.BytesIO()
    buf.write(b"self-extractor stub " * 8)  # data before the archive shifts every offset
    with zipfile.ZipFile(buf, "a") as zf:
        zf.writestr("a.txt", "hello")
        info = zipfile.ZipInfo("名字/b.txt")
        info.comment = b"note"
        with zf.open(info, "w", force_zip64=True) as fh:
            fh.write(b"x" * 1000)
        zf.writestr(zipfile.ZipInfo("dir/"), b"")
        zf.writestr("../../evil.txt", b"e" * 50, compress_type=zipfile.ZIP_DEFLATED)
    path.write_bytes(buf.getvalue())
    ref = zipfile.ZipFile(path)
    with LazyZip(path) as lazy:
        got = list(lazy.infos())
        assert [i.filename for i in got] == [i.filename for i in ref.infolist()]
        for a, b in zip(ref.infolist(), got):
            for f in ("header_offset", "file_size", "compress_size", "CRC", "flag_bits", "date_time", "extra"):
                assert getattr(a, f) == getattr(b, f), f
            assert lazy.open(b).read() == ref.read(a)
    (tmp_path / "broken.zip").write_bytes(path.read_bytes()[:-30])
    entries = list(iter_entries(InputSpec(paths=(str(tmp_path / "broken.zip"),))))
    assert len(entries) == 1 and entries[0].error.startswith("cannot open zip archive")


def test_summary_html_and_linked_html_reviews(tmp_path):
    out = tmp_path / "out"
    src = tmp_path / "in"
    src.mkdir()
    for p in sorted((ROOT / "transcripts").glob("*.txt"))[:2]:
        shutil.copy(p, src / p.name)
    result = runner.invoke(app, ["batch", str(src), "-o", str(out), "-j", "1", "-q", "--html",
                                 "--rubric", str(MINI_RUBRIC)])
    assert result.exit_code == 0, result.output
    page = (out / "summary.html").read_text(encoding="utf-8")
    reviews = sorted((out / "reports").glob("*.html"))
    assert len(reviews) == 2
    for r in reviews:
        assert f'href="reports/{r.name}"' in page  # the dashboard links every review
        assert r.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html>")
    assert "Content-Security-Policy" in page


def test_summary_and_answers_csv_tally_other_wrong_claims(rubric):
    """The rubric's wrong claims get their own tally in summary.json / summary.md and a column in answers.csv."""
    from interview_grader import grade_text
    from interview_grader.batch.outputs import ANSWER_COLUMNS, TRANSCRIPT_COLUMNS, answer_rows, transcript_row
    from interview_grader.batch.summary import Summary

    text = ("问题1：DataParallel和DistributedDataParallel的区别是什么？\n回答：DDP每张卡一个进程，梯度用NCCL做all-reduce。"
            "不过DDP只能在单台机器内部使用，多机就得换成Horovod。\n")
    rec = {"id": "t1", **json.loads(grade_text(text, "t1", rubric=rubric).model_dump_json())}
    summary = Summary()
    summary.add_result(rec)
    d = summary.to_dict()
    assert [m["id"] for m in d["wrong_claims"]] == ["collectives-single-node-only"]
    assert d["wrong_claims_total"] == {"collectives-single-node-only": 1} and d["misconceptions"] == []
    assert d["wrong_claims"][0]["example"]["quote"] in text
    md = summary.to_markdown()
    assert "## Most frequent other wrong claims" in md and "`collectives-single-node-only`" in md
    row = next(answer_rows(rec))
    assert dict(zip(ANSWER_COLUMNS, row))["wrong_claims"] == "collectives-single-node-only"
    trow = dict(zip(TRANSCRIPT_COLUMNS, transcript_row(rec)))
    assert (trow["wrong_claims"], trow["critical"], trow["major"], trow["minor"]) == (1, 0, 0, 0)
    assert "other wrong claims" not in Summary().to_markdown()  # no section for an archive without any
    from interview_grader.render.dashboard import to_dashboard

    html = to_dashboard(d, [], lang="en")
    assert "Other wrong claims" in html and "<code>collectives-single-node-only</code>" in html


def test_the_id_key_set_agrees_with_a_set_across_its_runs(monkeypatch):
    """The parent's set of id hashes keeps ~12 bytes a key in sorted runs; membership must match a plain set's,
    across the recent set, several merged runs and repeated keys."""
    import random

    from interview_grader.batch.inputs import _KeySet, _Unique, _idkey

    monkeypatch.setattr(_KeySet, "RECENT", 8)  # many small runs and merges
    rng = random.Random(7)
    keys = [_idkey(str(rng.randrange(400))) for _ in range(1000)]
    ks, plain = _KeySet(), set()
    for k in keys:
        assert (k in ks) == (k in plain)
        ks.add(k)
        plain.add(k)
        assert len(ks) >= len(plain)  # (a key added twice while still recent is kept once)
    assert all(k in ks for k in plain)
    assert not any(_idkey(f"x{i}") in ks for i in range(200))
    assert len(ks._runs) <= 8  # merged as a binary counter, not one run per flush
    # ... and ids repeated far apart still get their #2, #3
    unique = _Unique()
    names = [f"id{i % 150}" for i in range(450)]
    out = [unique(n) for n in names]
    assert len(set(out)) == len(out)
    assert out[150] == "id0#2" and out[300] == "id0#3"
