"""Grade on a Dask cluster: ``--dask-scheduler tcp://HOST:8786`` or ``--dask local``.

Needs the optional extra (``pip install 'interview-grader[dask]'``) here and
``interview-grader`` installed on every worker.  The same chunks as the local
pool are submitted as Dask tasks with the same bound on work in flight, and
outcomes are consumed in input order, so the outputs are byte-identical to a
local run.  The rubric text is scattered to the workers once; each worker
process parses it once (cached by its sha256).
"""
from __future__ import annotations

from typing import Any

from .worker import grade_chunk_with

CRASH = "the Dask worker failed while grading this input"


def _missing() -> Exception:
    from .run import BatchError

    return BatchError("the Dask path needs the optional extra: pip install 'interview-grader[dask]'")


class DaskExecutor:
    """Submit chunks to a Dask ``Client``; same interface as the local executors."""

    def __init__(self, target: Any, src, lang: str | None, jobs: int, timeout: float | None = None):
        try:
            from distributed import Client, LocalCluster
        except ImportError:  # pragma: no cover - depends on the environment
            raise _missing() from None
        self.cluster = None
        self.own_client = True
        if isinstance(target, Client):
            self.client = target
            self.own_client = False
        elif target == "local":
            self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, dashboard_address=None)
            self.client = Client(self.cluster)
        else:
            from .run import BatchError

            try:
                self.client = Client(str(target), timeout="30s")
            except (OSError, TimeoutError) as exc:
                raise BatchError(f"cannot reach the Dask scheduler: {exc}", str(target)) from None
        self.args = (src.path, src.sha256, lang, timeout)
        # one copy of the rubric text per worker, not one per task
        self.rubric = self.client.scatter(src.text, broadcast=True, hash=False)
        self.crashes = 0
        self._futures: set = set()

    def submit(self, tasks):
        path, sha, lang, timeout = self.args
        fut = self.client.submit(grade_chunk_with, tasks, self.rubric, path, sha, lang, timeout, pure=False)
        self._futures.add(fut)
        return fut

    def done(self, handle) -> bool:
        return handle.done()

    def resolve(self, handle, tasks):
        try:
            result = handle.result()
            self._futures.discard(handle)
            return result
        except Exception:  # a worker died (KilledWorker) or the task raised
            self._futures.discard(handle)
            self.crashes += 1
        outcomes = []
        for task in tasks:
            sub = self.submit([task])
            try:
                outcomes += sub.result()
            except Exception:
                outcomes.append(("error", "crash", CRASH, True))
            self._futures.discard(sub)
        return outcomes

    def close(self, cancel: bool = False) -> None:
        if cancel and self._futures:
            try:
                self.client.cancel(list(self._futures))
            except Exception:  # pragma: no cover - best effort while shutting down
                pass
        self._futures.clear()
        if self.own_client:
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()
