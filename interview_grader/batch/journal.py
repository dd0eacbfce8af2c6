"""Append-only JSONL journals that survive ``kill -9``: results.jsonl and errors.jsonl.

* Lines are appended whole with ``os.write`` on an ``O_APPEND`` descriptor,
  buffered for at most ``flush_every`` seconds / ``flush_bytes`` bytes; the
  file is ``fsync``-ed at most every ``fsync_every`` seconds and on close.
  A process killed at any moment loses at most the unflushed tail, never a
  line in the middle; a torn last line (power loss, full disk) is cut off by
  :meth:`Journal.open` on the next run.
* :meth:`Journal.open` scans the existing file once: every valid line gives a
  *key* (see :func:`record_key`) that the run uses to skip finished work.
* The run keeps a running hash of the keys it expects, in input order, and of
  the keys actually in the file.  When they differ (inputs added or removed,
  a changed rubric, a duplicate, a corrupt line) :meth:`Journal.rewrite` puts
  the file in input order with exactly the expected lines, atomically.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

__all__ = ["Journal", "record_key", "key_hex", "SeqHash", "atomic_writer"]

_UMASK = os.umask(0o022)
os.umask(_UMASK)
_FILE_MODE = 0o666 & ~_UMASK


def record_key(item_id: str, input_sha: str | None, rubric_sha: str) -> int:
    """The resume key: id + content hash + rubric hash, as a 128-bit int."""
    raw = f"{item_id}\0{input_sha or ''}\0{rubric_sha}".encode("utf-8")
    return int.from_bytes(hashlib.blake2b(raw, digest_size=16).digest(), "big")


def key_hex(key: int) -> str:
    return key.to_bytes(16, "big").hex()


class SeqHash:
    """A running hash of a sequence of keys (order matters)."""

    def __init__(self) -> None:
        self._h = hashlib.blake2b(digest_size=16)
        self.count = 0

    def add(self, key: int) -> None:
        self._h.update(key.to_bytes(16, "big"))
        self.count += 1

    def digest(self) -> bytes:
        return self._h.digest()


class atomic_writer:
    """``with atomic_writer(path) as fh:`` writes a temp file, fsyncs, renames."""

    def __init__(self, path: Path, mode: str = "w", sync: bool = True):
        self.path = Path(path)
        self.mode = mode
        self.sync = sync

    def __enter__(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, self.tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        try:
            os.chmod(self.tmp, _FILE_MODE)  # mkstemp makes 0600; outputs are ordinary files
        except OSError:  # pragma: no cover
            pass
        if "b" in self.mode:
            self.fh = os.fdopen(fd, self.mode)
        else:
            self.fh = os.fdopen(fd, self.mode, encoding="utf-8", newline="")
        return self.fh

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.fh.flush()
            if self.sync:
                os.fsync(self.fh.fileno())
            self.fh.close()
            os.replace(self.tmp, self.path)
        else:
            self.fh.close()
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
        return False


class Journal:
    """One append-only JSONL file."""

    def __init__(self, path: Path, key_of: Callable[[dict], int | None], *,
                 flush_every: float = 0.5, flush_bytes: int = 1 << 18, fsync_every: float = 2.0):
        self.path = Path(path)
        self.key_of = key_of
        self.flush_every = flush_every
        self.flush_bytes = flush_bytes
        self.fsync_every = fsync_every
        self.file_seq = SeqHash()  # keys in the file, in file order
        self.dirty = False  # a corrupt line or a torn tail was found
        self.truncated = 0  # bytes of torn tail cut off
        self._fd: int | None = None
        self._buf: list[bytes] = []
        self._buf_len = 0
        self._last_flush = time.monotonic()
        self._last_fsync = time.monotonic()
        self.appended = 0

    # -- reading -----------------------------------------------------------
    def _lines(self) -> Iterator[tuple[int, bytes]]:
        """(offset, line) for every complete line; remembers where a torn tail starts."""
        self._tail_at: int | None = None
        try:
            fh = open(self.path, "rb")
        except FileNotFoundError:
            return
        with fh:
            offset = 0
            for line in fh:
                if not line.endswith(b"\n"):
                    self._tail_at = offset
                    break
                yield offset, line
                offset += len(line)

    def scan(self) -> Iterator[tuple[int, dict]]:
        """Yield ``(key, record)`` for each valid line; cut a torn last line."""
        for _offset, line in self._lines():
            key = self._parse(line)
            if key is None:
                self.dirty = True
                continue
            self.file_seq.add(key[0])
            yield key
        if self._tail_at is not None:
            size = self.path.stat().st_size
            self.truncated = size - self._tail_at
            with open(self.path, "r+b") as fh:
                fh.truncate(self._tail_at)
                fh.flush()
                os.fsync(fh.fileno())

    def _parse(self, line: bytes) -> tuple[int, dict] | None:
        try:
            rec = json.loads(line)
        except ValueError:
            return None
        if not isinstance(rec, dict):
            return None
        try:
            key = self.key_of(rec)
        except (KeyError, TypeError, AttributeError):
            return None
        return None if key is None else (key, rec)

    def records(self) -> Iterator[dict]:
        """Every valid record, in file order (for rebuilding derived outputs)."""
        for _offset, line in self._lines():
            parsed = self._parse(line)
            if parsed is not None:
                yield parsed[1]

    def raw_lines(self) -> Iterator[bytes]:
        for _offset, line in self._lines():
            yield line

    # -- appending ---------------------------------------------------------
    def open_append(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def append(self, line: str, key: int) -> None:
        data = line.encode("utf-8")
        self._buf.append(data)
        self._buf_len += len(data)
        self.file_seq.add(key)
        self.appended += 1
        if self._buf_len >= self.flush_bytes or time.monotonic() - self._last_flush >= self.flush_every:
            self.flush()

    def flush(self, sync: bool = False) -> None:
        if self._buf and self._fd is not None:
            data = b"".join(self._buf)
            view = memoryview(data)
            while view:
                n = os.write(self._fd, view)
                view = view[n:]
            self._buf.clear()
            self._buf_len = 0
        now = time.monotonic()
        self._last_flush = now
        if self._fd is not None and (sync or now - self._last_fsync >= self.fsync_every):
            os.fsync(self._fd)
            self._last_fsync = now

    def close(self) -> None:
        if self._fd is not None:
            self.flush(sync=True)
            os.close(self._fd)
            self._fd = None

    # -- reordering --------------------------------------------------------
    def rewrite(self, order: Iterable[int]) -> int:
        """Rewrite the file to hold exactly the lines of ``order`` (keys), in that order.

        The last line of a key wins.  Returns the number of lines written.
        Holds one offset per line in memory (only runs when the order is off).
        """
        self.close()
        where: dict[int, tuple[int, int]] = {}
        for offset, line in self._lines():
            parsed = self._parse(line)
            if parsed is not None:
                where[parsed[0]] = (offset, len(line))
        n = 0
        with open(self.path, "rb") as src, atomic_writer(self.path, "wb") as dst:
            for key in order:
                loc = where.get(key)
                if loc is None:
                    raise RuntimeError(f"{self.path}: a record went missing during the run")
                src.seek(loc[0])
                dst.write(src.read(loc[1]))
                n += 1
        self.file_seq = SeqHash()
        return n
