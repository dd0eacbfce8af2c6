"""The batch runner: stream inputs through a pool, write outputs in input order, resume.

Flow of one run (``run_batch``)::

    inputs --walk--> Entry(seq, id, bytes) --sha256--> done already? --no--> chunk --pool--> outcome
                                                              |yes                          |
                                                              v                             v
                                                       counted, skipped          results.jsonl / errors.jsonl
                                                                                 (appended in input order)

* **Streaming and bounded**: entries are read lazily, grouped into chunks and
  submitted with at most ``4 * jobs`` chunks in flight; outcomes are consumed
  in input order (head-of-line), so memory stays flat however many inputs.
* **Ordered**: the outputs are the same bytes whatever ``jobs`` is.
* **Resumable**: every journal line carries its key (id + input sha256 +
  rubric sha256); a rerun skips the keys already present and regrades only the
  rest.  See :mod:`.journal` for how partial and out-of-order files are fixed.
* **Robust**: a bad input becomes an ``errors.jsonl`` line; a worker process
  that dies is replaced and its chunk regraded one input at a time, so only
  the input that kills it is set aside (stage ``crash``).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing as mp
import os
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from .. import __version__
from ..errors import GraderError, RubricError, TranscriptError
from ..rubric import cache
from ..rubric.load import LoadedRubric, default_rubric_path, parse_rubric
from . import outputs as out
from .inputs import DEFAULT_MAX_BYTES, Entry, InputSpec, count_entries, iter_entries, shard_of
from .journal import SeqHash, key_hex, record_key
from .worker import grade_chunk, grade_one, init_process

__all__ = [
    "BatchError", "ItemError", "BatchOptions", "BatchResult", "RubricSource", "run_batch", "grade_many",
    "default_jobs", "EXIT_OK", "EXIT_SOME_FAILED",
]

EXIT_OK = 0
EXIT_SOME_FAILED = 3
DEFAULT_CHUNKSIZE = 16
from . import DEFAULT_TIMEOUT  # noqa: E402,F401  (re-exported for callers of run)
CRASH = "the grader process died while grading this input"


class BatchError(GraderError):
    """A bad batch argument or OUTDIR (exit code 2)."""


class ItemError(TranscriptError):
    """One input that could not be graded; ``stage`` says where it failed."""

    def __init__(self, message: str, path: str | None = None, stage: str = "read", retry: bool = False):
        super().__init__(message, path)
        self.stage = stage
        self.retry = retry


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------------
# rubric
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class RubricSource:
    """The rubric text sent to workers and what this process needs to know of it.

    ``loaded`` is the compiled rubric, or None when it was loaded with
    ``compiled=False`` for a process pool: there only the workers grade, and
    not holding it keeps tens of MB (for a large rubric) out of this process.
    """

    text: str
    path: str
    sha256: str
    id: str
    version: str
    loaded: LoadedRubric | None = None

    @classmethod
    def load(cls, rubric: str | os.PathLike[str] | LoadedRubric | None = None,
             compiled: bool = True) -> "RubricSource":
        """Read and validate the rubric; a bad one raises ``RubricError``.

        With ``compiled=False`` a rubric found in the per-user cache is known
        valid from the entry's header alone, and is not unpickled here; one not
        found is validated and compiled in a child process (which stores the
        entry the workers load), so this process never holds the compiler.  A
        ``LoadedRubric`` given by the caller is kept either way.
        """
        if isinstance(rubric, LoadedRubric):
            text = _read_rubric_text(Path(rubric.path), rubric.path)
            if hashlib.sha256(text.encode("utf-8")).hexdigest() != rubric.sha256:
                raise RubricError("rubric file changed since it was loaded; load it again", rubric.path)
            return cls(text, rubric.path, rubric.sha256, rubric.id, rubric.version, rubric)
        p = Path(rubric) if rubric is not None else default_rubric_path()
        shown = str(p)
        text = _read_rubric_text(p, shown)
        if not compiled:
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
            known = cache.peek(sha) or _checked_apart(text, shown)
            if known is not None:
                return cls(text, shown, sha, *known)
        loaded = parse_rubric(text, shown)  # validates; on a cold cache also stores the entry
        return cls(text, shown, loaded.sha256, loaded.id, loaded.version, loaded if compiled else None)


def _check_rubric(text: str, shown: str, cache_dir: str) -> tuple:
    """(In a child process.) Validate and compile the rubric, storing its cache entry in the parent's cache folder
    (a forkserver's child has the environment the server started with): ("ok", id, version), or ("error", message,
    path, line)."""
    os.environ["INTERVIEW_GRADER_CACHE"] = cache_dir
    try:
        loaded = parse_rubric(text, shown)
    except RubricError as exc:
        return ("error", exc.message, exc.path, exc.line)
    return ("ok", loaded.id, loaded.version)


def _checked_apart(text: str, shown: str) -> tuple[str, str] | None:
    """(id, version) of a rubric not in the cache, validated and compiled in a child process, or None if no child
    could run it (the caller then compiles it here).  A process pool's parent only needs to know the rubric is valid:
    compiling it here would keep the compiler's memory (~40 MB for the bundled rubric, which the allocator does not
    give back) in this process for the whole run, beside the workers' own copies."""
    try:
        with ProcessPoolExecutor(max_workers=1, mp_context=_mp_context()) as ex:
            folder = cache.cache_dir()
            got = ex.submit(_check_rubric, text, shown, os.path.abspath(folder) if folder is not None else "off").result()
    except (BrokenProcessPool, OSError, RuntimeError):  # (a script read from stdin cannot start a child, for one)
        return None
    if got[0] == "error":
        raise RubricError(got[1], got[2], got[3])
    return got[1], got[2]


def _read_rubric_text(p: Path, shown: str) -> str:
    # the same reading as rubric.load.load_rubric, so the sha256 is the same
    try:
        return p.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise RubricError(f"cannot read rubric: {exc.strerror or exc}", shown) from None
    except UnicodeDecodeError as exc:
        raise RubricError(f"rubric is not UTF-8 text (byte {exc.start})", shown) from None


# ---------------------------------------------------------------------------
# executors: submit(tasks) -> handle; done(handle); resolve(handle, tasks) -> outcomes
# ---------------------------------------------------------------------------
class InlineExecutor:
    """``-j 1``: grade in this process, no pool."""

    def __init__(self, src: RubricSource, lang: str | None, timeout: float | None):
        if src.loaded is None:
            raise ValueError("grading in this process needs RubricSource.load(..., compiled=True)")
        self.rubric, self.lang, self.timeout = src.loaded, lang, timeout

    def submit(self, tasks):
        fut: Future = Future()
        fut.set_result([grade_one(i, s, d, self.rubric, self.lang, self.timeout) for i, s, d in tasks])
        return fut

    def done(self, handle) -> bool:
        return True

    def resolve(self, handle, tasks):
        return handle.result()

    def close(self, cancel: bool = False) -> None:
        pass


def _mp_context():
    methods = mp.get_all_start_methods()
    if "forkserver" in methods:
        # workers forked from a clean server: safe although this process has
        # threads.  The server preloads nothing (not even __main__, the default)
        # and each worker imports the grader itself: a preloading server holds
        # ~25 MB of modules for the whole run, while the workers' copy-on-write
        # share of them saves only ~4 MB each (refcount updates copy the pages)
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload([])
        return ctx
    return mp.get_context("spawn")


class PoolExecutor:
    """A process pool; the rubric is parsed once per worker by the initializer.

    When a worker dies (segfault, out of memory, killed), the pool is replaced
    and the chunks it held are regraded one input at a time, so only the input
    that kills a worker is set aside.  A pool that dies before grading
    anything, twice in a row, is a broken setup, not a bad input: that raises.
    """

    def __init__(self, jobs: int, src: RubricSource, lang: str | None, timeout: float | None):
        self.jobs = jobs
        self.initargs = (src.text, src.path, src.sha256, lang, timeout)
        self._ex: ProcessPoolExecutor | None = None
        self._gen = 0
        self.crashes = 0
        self._fruitless = 0  # pools in a row that died without a single result

    def _start(self) -> None:
        if self._fruitless >= 2:
            raise BatchError(
                "worker processes die as they start; run with -j 1 to see why "
                "(a script read from stdin cannot start worker processes)"
            )
        self._ex = ProcessPoolExecutor(
            max_workers=self.jobs, mp_context=_mp_context(), initializer=init_process, initargs=self.initargs
        )
        self._gen += 1
        self._fruitless += 1

    def submit(self, tasks):
        if self._ex is None:
            self._start()
        try:
            return (self._ex.submit(grade_chunk, tasks), self._gen)  # type: ignore[union-attr]
        except BrokenProcessPool:
            self._restart_if(self._gen)
            return (self._ex.submit(grade_chunk, tasks), self._gen)  # type: ignore[union-attr]

    def done(self, handle) -> bool:
        return handle[0].done()

    def _restart_if(self, gen: int) -> None:
        if gen == self._gen:  # not yet replaced since this handle's pool broke
            self.crashes += 1
            if self._ex is not None:
                self._ex.shutdown(wait=False, cancel_futures=True)
            self._start()

    def _result(self, handle):
        out = handle[0].result()
        self._fruitless = 0
        return out

    def resolve(self, handle, tasks):
        try:
            return self._result(handle)
        except BrokenProcessPool:
            self._restart_if(handle[1])
        # regrade the chunk one input at a time so only the culprit is set aside
        outcomes = []
        for task in tasks:
            sub = self.submit([task])
            try:
                outcomes += self._result(sub)
            except BrokenProcessPool:
                self._restart_if(sub[1])
                outcomes.append(("error", "crash", CRASH, True))
        return outcomes

    def close(self, cancel: bool = False) -> None:
        if self._ex is not None:
            self._ex.shutdown(wait=not cancel, cancel_futures=cancel)
            self._ex = None


def pooled(jobs: int, dask: Any = None) -> bool:
    """Whether ``make_executor`` grades in other processes (a local pool or a Dask cluster), so this
    process needs no compiled rubric."""
    return dask is not None or jobs > 1


def make_executor(jobs: int, src: RubricSource, lang: str | None, timeout: float | None, dask: Any = None):
    if dask is not None:
        from .dask_runner import DaskExecutor

        return DaskExecutor(dask, src, lang, jobs, timeout)
    if pooled(jobs):
        return PoolExecutor(jobs, src, lang, timeout)
    return InlineExecutor(src, lang, timeout)


# ---------------------------------------------------------------------------
# the ordered, bounded stream
# ---------------------------------------------------------------------------
@dataclass
class _Slot:
    metas: list = field(default_factory=list)  # [(seq, id, sha, outcome or None to grade)]
    tasks: list = field(default_factory=list)  # [(id, sha, data)] for the metas to grade
    handle: Any = None


Decision = Callable[[Entry, "str | None"], "tuple | None"]


def ordered_outcomes(entries: Iterable[Entry], executor, decide: Decision, *, jobs: int,
                     chunksize: int = DEFAULT_CHUNKSIZE, max_waiting: int = 4096
                     ) -> Iterator[tuple[int, str, "str | None", tuple]]:
    """Yield ``(seq, id, input_sha256, outcome)`` for every entry, in entry order.

    ``decide(entry, sha)`` returns an outcome for entries that need no grading
    (read errors, already done) or None to grade them.  Entries are grouped in
    slots; a slot holds up to ``chunksize`` entries to grade (one task for the
    pool) plus the entries decided without grading that came between them.
    Chunk sizes ramp up 1, 2, 4, ... to ``chunksize`` so small batches use
    every worker.  At most ``4 * jobs`` chunks are in flight and at most
    ``max_waiting`` slots wait, so memory is bounded.
    """
    q: deque[_Slot] = deque()
    pending: _Slot | None = None  # the slot being filled (last in q)
    inflight = 0
    max_inflight = max(2, 4 * jobs)
    next_size = 1

    def submit(slot: _Slot) -> None:
        nonlocal inflight, next_size, pending
        if slot.tasks:
            slot.handle = executor.submit(slot.tasks)
            inflight += 1
            next_size = min(chunksize, next_size * 2)
        if slot is pending:
            pending = None

    def ready(slot: _Slot) -> bool:
        if slot is pending:
            return False
        return not slot.tasks or executor.done(slot.handle)

    def pop() -> Iterator[tuple[int, str, "str | None", tuple]]:
        nonlocal inflight
        slot = q[0]
        if slot is pending:
            submit(slot)
        q.popleft()
        graded: Iterator[tuple] = iter(())
        if slot.tasks:
            graded = iter(executor.resolve(slot.handle, slot.tasks))
            inflight -= 1
        for seq, item_id, sha, outcome in slot.metas:
            yield seq, item_id, sha, (outcome if outcome is not None else next(graded))

    for entry in entries:
        sha = hashlib.sha256(entry.data).hexdigest() if entry.data is not None else None
        outcome = decide(entry, sha)
        if pending is None:
            pending = _Slot()
            q.append(pending)
        pending.metas.append((entry.seq, entry.id, sha, outcome))
        if outcome is None:
            pending.tasks.append((entry.id, sha, entry.data))
        if len(pending.tasks) >= next_size or len(pending.metas) >= 256:
            submit(pending)
        while q and ready(q[0]):
            yield from pop()
        while inflight >= max_inflight or len(q) > max_waiting:
            yield from pop()
    while q:
        yield from pop()


# ---------------------------------------------------------------------------
# library: grade_many
# ---------------------------------------------------------------------------
def _report_from_line(line: str):
    from ..report import Report

    rec = json.loads(line)
    rec.pop("id", None)
    rec.pop("input_sha256", None)
    return Report.model_validate(rec)


def _as_entry(seq: int, item: Any, max_bytes: int) -> Entry:
    if isinstance(item, Entry):
        return Entry(seq, item.id, item.data, item.error)
    if isinstance(item, tuple) and len(item) == 2:
        item_id, content = item
        data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else bytes(content)
        return Entry(seq, str(item_id), data, None)
    if isinstance(item, (str, os.PathLike)):
        path = os.fspath(item)
        try:
            with open(path, "rb") as fh:
                data = fh.read(max_bytes + 1)
        except OSError as exc:
            return Entry(seq, path, None, f"cannot read: {exc.strerror or exc}")
        if len(data) > max_bytes:
            return Entry(seq, path, None, f"too large: over {max_bytes} bytes")
        return Entry(seq, path, data, None)
    raise TypeError(f"grade_many: expected a path, an (id, text) pair or an Entry, got {type(item).__name__}")


def grade_many(items: Iterable[Any], *, jobs: int | None = None,
               rubric: str | os.PathLike[str] | LoadedRubric | None = None, lang: str | None = None,
               chunksize: int = DEFAULT_CHUNKSIZE, timeout: float | None = DEFAULT_TIMEOUT,
               max_bytes: int = DEFAULT_MAX_BYTES, dask: Any = None) -> Iterator[tuple[str, Any]]:
    """Grade many transcripts in parallel; yield ``(id, Report | ItemError)`` in input order.

    ``items`` may mix file paths (``str`` or ``Path``; the id is the path),
    ``(id, text_or_bytes)`` pairs and :class:`~.inputs.Entry` objects (from
    :func:`~.inputs.iter_entries`, to grade folders and archives).  It is
    consumed lazily.  ``jobs`` defaults to every core; ``1`` grades in this
    process.  ``dask`` is a scheduler address, ``"local"`` or a
    ``distributed.Client``.  The rubric is checked here (and compiled here
    only when this process grades) and loaded once per worker; a bad rubric
    raises ``RubricError`` before anything is graded.

    Closing the generator early stops the workers.
    """
    n_jobs = jobs or default_jobs()
    src = RubricSource.load(rubric, compiled=not pooled(n_jobs, dask))
    entries = (_as_entry(i, x, max_bytes) for i, x in enumerate(items))

    def decide(entry: Entry, sha: str | None):
        if entry.error is not None:
            return ("error", "read", entry.error, True)
        return None

    executor = make_executor(n_jobs, src, lang, timeout, dask)
    cancel = True
    try:
        for _seq, item_id, _sha, outcome in ordered_outcomes(entries, executor, decide, jobs=n_jobs,
                                                             chunksize=chunksize):
            if outcome[0] == "graded":
                yield item_id, _report_from_line(outcome[1])
            else:
                _, stage, message, retry = outcome
                yield item_id, ItemError(message, item_id, stage, retry)
        cancel = False
    finally:
        executor.close(cancel=cancel)


# ---------------------------------------------------------------------------
# CLI-level: run_batch
# ---------------------------------------------------------------------------
@dataclass
class BatchOptions:
    inputs: Sequence[str]
    outdir: Path
    jobs: int | None = None
    rubric: str | os.PathLike[str] | None = None
    lang: str | None = None
    globs: Sequence[str] = ()
    id_field: str = "id"
    text_field: str = "text"
    max_bytes: int = DEFAULT_MAX_BYTES
    shard: tuple[int, int] | None = None
    chunksize: int = DEFAULT_CHUNKSIZE
    timeout: float | None = DEFAULT_TIMEOUT
    reports: str | None = None
    dask: Any = None

    def spec(self) -> InputSpec:
        outdir = os.path.realpath(self.outdir)
        return InputSpec(
            paths=tuple(os.fspath(p) for p in self.inputs), globs=tuple(self.globs), id_field=self.id_field,
            text_field=self.text_field, max_bytes=self.max_bytes, exclude=(outdir,),
        )

    def selector(self) -> Callable[[str], bool] | None:
        if self.shard is None or self.shard[1] == 1:
            return None
        k, n = self.shard
        return lambda item_id: shard_of(item_id, n) == k

    def count(self) -> int:
        """How many inputs this run (shard) will see; walks names only."""
        return count_entries(self.spec(), self.selector())


@dataclass
class BatchResult:
    outdir: Path
    walked: int = 0  # inputs found (all shards)
    selected: int = 0  # inputs in this shard
    graded: int = 0  # graded by this run
    failed: int = 0  # failed in this run
    skipped: int = 0  # already done by an earlier run
    graded_total: int = 0
    failed_total: int = 0
    dropped: int = 0  # stale journal lines removed (other inputs or rubric)
    truncated: int = 0  # bytes of a torn last line cut off
    crashes: int = 0
    seconds: float = 0.0
    rubric: dict = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        return EXIT_SOME_FAILED if self.failed_total else EXIT_OK


@contextlib.contextmanager
def _locked(outdir: Path):
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory lock
        yield
        return
    fd = os.open(outdir / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BatchError("another batch run is writing to this OUTDIR", str(outdir)) from None
        yield
    finally:
        os.close(fd)


def _prepare_outdir(outdir: Path) -> None:
    if outdir.exists() and not outdir.is_dir():
        raise BatchError("OUTDIR exists and is not a folder", str(outdir))
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BatchError(f"cannot create OUTDIR: {exc.strerror or exc}", str(outdir)) from None


def run_batch(opts: BatchOptions, progress: Callable[[str], None] | None = None,
              notify: Callable[[str], None] | None = None) -> BatchResult:
    """Grade the inputs into ``opts.outdir``, resuming what an earlier run left.

    ``progress(status)`` is called once per input with ``graded``, ``failed``
    or ``skipped``; ``notify(message)`` receives notes for the user.
    Raises ``RubricError`` / ``BatchError`` for bad arguments; lets
    ``KeyboardInterrupt`` through after flushing what was graded.
    """
    t0 = time.monotonic()
    note = notify or (lambda _m: None)
    jobs = opts.jobs or default_jobs()
    src = RubricSource.load(opts.rubric, compiled=not pooled(jobs, opts.dask))
    rsha = src.sha256
    for p in opts.inputs:
        if not os.path.lexists(p):
            raise BatchError("no such file or folder", os.fspath(p))
    outdir = Path(opts.outdir)
    _prepare_outdir(outdir)
    res = BatchResult(outdir=outdir, rubric={"id": src.id, "version": src.version, "sha256": rsha})

    with _locked(outdir):
        out.remove_stale(outdir)
        rj, ej = out.results_journal(outdir), out.errors_journal(outdir)
        done: dict[int, bool] = {}  # key -> graded?
        for key, _rec in rj.scan():
            done[key] = True
        for key, rec in ej.scan():
            if not rec.get("retry") and key not in done:
                done[key] = False
        if rj.truncated or ej.truncated:
            note(f"cut off a partial last line left by an interrupted run ({rj.truncated + ej.truncated} bytes)")
        if done:
            note(f"resuming: {len(done)} inputs already done in {outdir}")

        def decide(entry: Entry, sha: str | None):
            if entry.error is not None:
                return ("error", "read", entry.error, True)
            key = record_key(entry.id, sha, rsha)
            graded = done.get(key)
            if graded is None:
                return None
            return ("done", graded, key)

        stats: dict = {}
        entries = iter_entries(opts.spec(), opts.selector(), stats)
        expect_r, expect_e = SeqHash(), SeqHash()
        index_path = outdir / f".{out.INDEX}.tmp"
        rj.open_append()
        ej.open_append()
        executor = make_executor(jobs, src, opts.lang, opts.timeout, opts.dask)
        cancel = True
        try:
            with open(index_path, "w", encoding="utf-8", newline="") as index:
                for seq, item_id, sha, outcome in ordered_outcomes(
                    entries, executor, decide, jobs=jobs, chunksize=opts.chunksize
                ):
                    kind = outcome[0]
                    if kind == "done":
                        key, graded = outcome[2], outcome[1]
                        status = "graded" if graded else "failed"
                        res.skipped += 1
                        tick = "skipped"
                    elif kind == "graded":
                        key = record_key(item_id, sha, rsha)
                        rj.append(outcome[1], key)
                        status = tick = "graded"
                        res.graded += 1
                    else:
                        _, stage, message, retry = outcome
                        key = record_key(item_id, sha, rsha)
                        ej.append(out.error_line(item_id, sha, rsha, stage, message, retry), key)
                        status = tick = "failed"
                        res.failed += 1
                    if status == "graded":
                        expect_r.add(key)
                        res.graded_total += 1
                    else:
                        expect_e.add(key)
                        res.failed_total += 1
                    res.selected += 1
                    index.write(json.dumps({"seq": seq, "id": item_id, "status": status, "key": key_hex(key)},
                                           ensure_ascii=False, separators=(",", ":")) + "\n")
                    if progress is not None:
                        progress(tick)
            cancel = False
        except OSError as exc:  # inputs' read errors are caught by the walker: this is an output
            raise BatchError(f"cannot write outputs: {exc.strerror or exc}", str(outdir)) from None
        finally:
            executor.close(cancel=cancel)
            rj.close()
            ej.close()
            res.crashes = getattr(executor, "crashes", 0)
        res.walked = stats.get("walked", 0)

        # put the journals in input order with exactly this run's records
        for journal, expect, status in ((rj, expect_r, "graded"), (ej, expect_e, "failed")):
            if journal.dirty or journal.file_seq.digest() != expect.digest():
                before = journal.file_seq.count
                written = journal.rewrite(_index_keys(index_path, status))
                if journal is rj:
                    res.dropped = max(0, before - written)
        if res.dropped:
            note(f"dropped {res.dropped} earlier records of inputs not in this run or graded with another rubric")
        os.replace(index_path, outdir / out.INDEX)
        if out.derived_stale(outdir, opts.reports):
            out.rebuild_derived(outdir, opts.reports)
        out.write_manifest(outdir, _manifest(opts, res, src))
    res.truncated = rj.truncated + ej.truncated
    res.seconds = time.monotonic() - t0
    return res


def _index_keys(index_path: Path, status: str) -> Iterator[int]:
    with open(index_path, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["status"] == status:
                yield int(rec["key"], 16)


def _manifest(opts: BatchOptions, res: BatchResult, src: RubricSource) -> dict:
    """What was run: deterministic (no times, no host names)."""
    return {
        "tool": "interview-grader batch",
        "tool_version": __version__,
        "rubric": res.rubric,
        "inputs": [os.fspath(p) for p in opts.inputs],
        "glob": list(opts.globs),
        "jsonl_fields": {"id": opts.id_field, "text": opts.text_field},
        "max_bytes": opts.max_bytes,
        "lang": opts.lang,
        "shard": f"{opts.shard[0]}/{opts.shard[1]}" if opts.shard else None,
        "complete": True,
        "counts": {
            "walked": res.walked,
            "inputs": res.selected,
            "graded": res.graded_total,
            "failed": res.failed_total,
        },
    }
