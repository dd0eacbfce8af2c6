"""Walk batch inputs: files, folders, .zip / .tar(.gz) archives and .jsonl files.

Everything is streamed: :func:`iter_entries` is a generator that yields one
:class:`Entry` per transcript, in a deterministic order (the order the INPUTs
were given; folders sorted by name, depth first; archive members in archive
order; JSONL lines in file order).  Archive members are read in place and never
extracted to disk.  Only the bytes of the entry being yielded are held.

An input that cannot be read (missing member, corrupt archive, a JSONL line
that is not JSON, a file over ``max_bytes``) still yields an Entry, carrying
``error`` instead of ``data``, so that it lands in ``errors.jsonl`` in its
place and the walk goes on.

Ids are what the user sees in every output: the path as given for files, the
path below the folder for folder members, ``ARCHIVE!MEMBER`` for archive
members and the ``id`` field (or ``FILE:LINE``) for JSONL records.  Ids are
labels, never paths: they are made printable (:func:`clean_id`), repeated ids
get ``#2``, ``#3``... appended, and :func:`safe_filename` is the only way an id
becomes a file name.
"""
from __future__ import annotations

import fnmatch
import hashlib
import heapq
import json
import os
import re
import stat
import struct
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..decode import DEFAULT_MAX_BYTES  # one limit for grade and batch
from .lazyzip import open_zip

__all__ = [
    "Entry",
    "InputSpec",
    "iter_entries",
    "clean_id",
    "safe_filename",
    "parse_shard",
    "shard_of",
    "DEFAULT_MAX_BYTES",
]

ZIP_SUFFIXES = (".zip",)
TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
JSONL_SUFFIXES = (".jsonl", ".ndjson")

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class Entry:
    """One transcript to grade (``data``) or one input that failed (``error``)."""

    seq: int  # 0-based position in the whole (unsharded) input walk
    id: str
    data: bytes | None = None
    error: str | None = None  # why the input could not be read


@dataclass(frozen=True)
class InputSpec:
    """How to walk the inputs."""

    paths: tuple[str, ...]
    globs: tuple[str, ...] = ()
    id_field: str = "id"
    text_field: str = "text"
    max_bytes: int = DEFAULT_MAX_BYTES
    exclude: tuple[str, ...] = ()  # real paths of folders never to walk into (the OUTDIR)


# ---------------------------------------------------------------------------
# ids and file names
# ---------------------------------------------------------------------------
def clean_id(raw: str) -> str:
    """Make an id printable: valid UTF-8, no control characters.

    Undecodable bytes of file names (surrogate escapes) become ``\\xNN``, lone
    surrogates become U+FFFD, control characters become ``\\xNN``.
    """
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        try:
            raw = raw.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:
            raw = raw.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    if _CONTROL.search(raw):
        raw = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", raw)
    return raw or "<empty id>"


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(item_id: str, suffix: str = "", limit: int = 80) -> str:
    """A flat, portable file name for an untrusted id.

    Only ``[A-Za-z0-9._-]`` survive, runs of anything else become ``_``; leading
    dots are dropped (no hidden files, no ``..``); a hash of the full id is
    appended so that distinct ids never share a name.  The result never holds
    a path separator, so joining it to a folder stays inside that folder.
    """
    digest = hashlib.sha256(item_id.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    stem = _UNSAFE.sub("_", item_id).strip("._-")[:limit].strip("._-")
    return f"{stem}-{digest}{suffix}" if stem else f"{digest}{suffix}"


# ---------------------------------------------------------------------------
# sharding
# ---------------------------------------------------------------------------
def parse_shard(text: str) -> tuple[int, int]:
    """Parse ``K/N`` (1 <= K <= N); raise ValueError with a message otherwise."""
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m:
        raise ValueError(f"--shard must look like K/N (e.g. 1/4), got {text!r}")
    k, n = int(m.group(1)), int(m.group(2))
    if n < 1 or not 1 <= k <= n:
        raise ValueError(f"--shard K/N needs 1 <= K <= N, got {text!r}")
    return k, n


def shard_of(item_id: str, n: int) -> int:
    """The 1-based shard of an id: a stable hash, the same on every machine."""
    h = hashlib.sha256(item_id.encode("utf-8")).digest()
    return int.from_bytes(h[:8], "big") % n + 1


# ---------------------------------------------------------------------------
# walking
# ---------------------------------------------------------------------------
def _lower(name: str) -> str:
    return name.lower()


def is_zip(name: str) -> bool:
    return _lower(name).endswith(ZIP_SUFFIXES)


def is_tar(name: str) -> bool:
    return _lower(name).endswith(TAR_SUFFIXES)


def is_jsonl(name: str) -> bool:
    return _lower(name).endswith(JSONL_SUFFIXES)


def _hidden(rel: str) -> bool:
    parts = [p for p in rel.replace("\\", "/").split("/") if p]
    return any(p.startswith(".") and p not in (".", "..") for p in parts) or "__MACOSX" in parts


def _matches(rel: str, globs: Sequence[str]) -> bool:
    if not globs:
        return True
    rel = rel.replace("\\", "/")
    base = rel.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(rel if "/" in g else base, g) for g in globs)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read: {exc.strerror or exc}"
    return f"cannot read: {type(exc).__name__}: {exc}" if str(exc) else f"cannot read: {type(exc).__name__}"


def _too_large(size: int, limit: int) -> str:
    return f"file is {size} bytes, over the limit of {limit} bytes (--max-bytes)"


Load = Callable[[], "tuple[bytes | None, str | None]"]


def _failed(reason: str) -> Load:
    return lambda: (None, reason)


class _Walker:
    """Yields ``(raw id, load)`` pairs in input order.

    ``load()`` returns ``(data, None)`` or ``(None, reason)``; it must be called
    (or not) before the walk advances, because tar members are streamed.
    """

    def __init__(self, spec: InputSpec, names_only: bool = False):
        self.spec = spec
        self.names_only = names_only  # counting: JSONL lines are not parsed (ids are placeholders)

    def walk(self) -> Iterator[tuple[str, Load]]:
        for given in self.spec.paths:
            yield from self._top(given)

    def _top(self, given: str):
        path = Path(given)
        try:
            st = path.stat()
        except OSError as exc:
            yield given, _failed(_reason(exc))
            return
        if stat.S_ISDIR(st.st_mode):
            shown = given.rstrip("/\\") or given
            yield from self._folder(path, shown, "", {(st.st_dev, st.st_ino)})
        else:
            yield from self._file(path, given)

    def _folder(self, folder: Path, shown: str, rel: str, visited: set):
        """Depth first, entries sorted by name: the same order on every file system."""
        try:
            with os.scandir(folder) as it:
                children = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            yield (f"{shown}/{rel}" if rel else shown), _failed(_reason(exc))
            return
        for child in children:
            if child.name.startswith(".") or child.name == "__MACOSX":
                continue
            crel = f"{rel}/{child.name}" if rel else child.name
            item_id = f"{shown}/{crel}"
            try:
                is_dir = child.is_dir()  # follows symlinks; loops are cut below
            except OSError:
                is_dir = False
            if is_dir:
                try:
                    st = child.stat()
                    ident = (st.st_dev, st.st_ino)
                except OSError as exc:
                    yield item_id, _failed(_reason(exc))
                    continue
                if ident in visited or (self.spec.exclude and os.path.realpath(child.path) in self.spec.exclude):
                    continue
                yield from self._folder(Path(child.path), shown, crel, visited | {ident})
            elif is_zip(child.name) or is_tar(child.name) or is_jsonl(child.name):
                yield from self._file(Path(child.path), item_id)
            elif _matches(crel, self.spec.globs):
                yield from self._file(Path(child.path), item_id)

    def _file(self, path: Path, item_id: str):
        name = path.name
        if is_zip(name):
            yield from self._zip(path, item_id)
        elif is_tar(name):
            yield from self._tar(path, item_id)
        elif is_jsonl(name):
            yield from self._jsonl(path, item_id)
        else:
            yield item_id, lambda: self._read_file(path)

    def _read_file(self, path: Path) -> tuple[bytes | None, str | None]:
        limit = self.spec.max_bytes
        try:
            with open(path, "rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                if size > limit:
                    return None, _too_large(size, limit)
                data = fh.read(limit + 1)
        except OSError as exc:
            return None, _reason(exc)
        if len(data) > limit:
            return None, _too_large(len(data), limit)
        return data, None

    def _zip(self, path: Path, shown: str):
        limit = self.spec.max_bytes
        try:
            zf, infos = open_zip(path)  # the member list is streamed, not loaded
        except (OSError, zipfile.BadZipFile, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) else exc
            yield shown, _failed(f"cannot open zip archive: {why}")
            return
        with zf:
            while True:
                try:
                    info = next(infos)
                except StopIteration:
                    break
                except (OSError, zipfile.BadZipFile, UnicodeDecodeError, struct.error) as exc:
                    yield f"{shown}!<rest of archive>", _failed(f"corrupt zip archive: {exc}")
                    break
                if info.is_dir():
                    continue
                member = info.filename
                if _hidden(member) or not _matches(member, self.spec.globs):
                    continue

                def load(info=info) -> tuple[bytes | None, str | None]:
                    if info.file_size > limit:
                        return None, _too_large(info.file_size, limit)
                    try:
                        with zf.open(info) as fh:
                            data = fh.read(limit + 1)
                    except Exception as exc:  # bad CRC, encrypted, unsupported method, truncated
                        return None, _reason(exc)
                    if len(data) > limit:
                        return None, _too_large(len(data), limit)
                    return data, None

                yield f"{shown}!{member}", load

    def _tar(self, path: Path, shown: str):
        import zlib

        limit = self.spec.max_bytes
        try:
            tf = tarfile.open(path, mode="r|*")
        except (OSError, tarfile.TarError, EOFError, zlib.error) as exc:
            why = exc.strerror if isinstance(exc, OSError) else exc
            yield shown, _failed(f"cannot open tar archive: {why}")
            return
        with tf:
            while True:
                try:
                    info = tf.next()
                    tf.members = []  # a stream: keep no member list (flat memory)
                    if info is None:
                        break
                except (OSError, tarfile.TarError, EOFError, zlib.error) as exc:
                    # truncated or corrupt stream: what came before was yielded
                    yield f"{shown}!<rest of archive>", _failed(f"corrupt tar archive: {exc}")
                    break
                if not info.isfile():
                    continue
                member = info.name
                if _hidden(member) or not _matches(member, self.spec.globs):
                    continue

                def load(info=info) -> tuple[bytes | None, str | None]:
                    if info.size > limit:
                        return None, _too_large(info.size, limit)
                    try:
                        fh = tf.extractfile(info)
                        return (fh.read() if fh is not None else b""), None
                    except (OSError, tarfile.TarError, EOFError, zlib.error) as exc:
                        return None, f"corrupt tar archive: {exc}"

                yield f"{shown}!{member}", load

    def _jsonl(self, path: Path, shown: str):
        limit = self.spec.max_bytes
        idf, textf = self.spec.id_field, self.spec.text_field
        try:
            fh = open(path, "rb")
        except OSError as exc:
            yield shown, _failed(_reason(exc))
            return
        with fh:
            lineno = 0
            while True:
                try:
                    raw = fh.readline(limit + 2)
                except OSError as exc:
                    yield f"{shown}:{lineno + 1}", _failed(_reason(exc))
                    return
                if not raw:
                    break
                lineno += 1
                where = f"{shown}:{lineno}"
                if len(raw) > limit and not raw.endswith(b"\n"):
                    while raw and not raw.endswith(b"\n"):  # skip the rest of the line
                        raw = fh.readline(1 << 20)
                    yield where, _failed(f"JSONL line is over the limit of {limit} bytes (--max-bytes)")
                    continue
                if not raw.strip():
                    continue
                if self.names_only:
                    yield where, _failed("not read")
                    continue
                try:
                    record = json.loads(raw)
                except (ValueError, UnicodeDecodeError) as exc:
                    yield where, _failed(f"invalid JSON line: {exc}")
                    continue
                if not isinstance(record, dict):
                    yield where, _failed("invalid JSONL record: expected an object")
                    continue
                rid = record.get(idf)
                if rid is None or rid == "" or isinstance(rid, (dict, list)):
                    item_id = where
                else:
                    item_id = rid if isinstance(rid, str) else json.dumps(rid)
                text = record.get(textf)
                if not isinstance(text, str):
                    what = "missing" if text is None else f"not a string ({type(text).__name__})"
                    yield item_id, _failed(f"JSONL record at {where}: field {textf!r} is {what}")
                    continue
                data = text.encode("utf-8", "surrogatepass")
                if len(data) > limit:
                    yield item_id, _failed(_too_large(len(data), limit))
                    continue
                yield item_id, (lambda data=data: (data, None))


KEY_SIZE = 12  # bytes of an id's hash


def _idkey(s: str) -> bytes:
    return hashlib.blake2b(s.encode("utf-8"), digest_size=KEY_SIZE).digest()


class _KeySet:
    """A set of fixed-size keys in about KEY_SIZE bytes each (a Python set of them costs ~80 bytes a key, ~4 MB at
    50,000 inputs, the part of a batch run's memory that grows with N): the newest keys in a small set, the rest in
    sorted runs of concatenated keys, searched by bisection and merged two by two as they grow (at most
    log2(N / RECENT) runs)."""

    RECENT = 4096

    def __init__(self) -> None:
        self._recent: set[bytes] = set()
        self._runs: list[bytes] = []  # each sorted; sizes strictly decreasing, as the bits of a binary counter

    def __contains__(self, key: bytes) -> bool:
        return key in self._recent or any(self._in_run(run, key) for run in self._runs)

    @staticmethod
    def _in_run(run: bytes, key: bytes) -> bool:
        lo, hi = 0, len(run) // KEY_SIZE
        while lo < hi:
            mid = (lo + hi) // 2
            probe = run[mid * KEY_SIZE:(mid + 1) * KEY_SIZE]
            if probe == key:
                return True
            if probe < key:
                lo = mid + 1
            else:
                hi = mid
        return False

    def add(self, key: bytes) -> None:
        self._recent.add(key)
        if len(self._recent) < self.RECENT:
            return
        run = b"".join(sorted(self._recent))
        self._recent = set()
        while self._runs and len(self._runs[-1]) <= len(run):
            older = self._runs.pop()
            merged = bytearray()  # (streamed: no list of every key while merging)
            for key in heapq.merge(self._keys(older), self._keys(run)):
                merged += key
            run = bytes(merged)
        self._runs.append(run)

    @staticmethod
    def _keys(run: bytes):
        return (run[i:i + KEY_SIZE] for i in range(0, len(run), KEY_SIZE))

    def __len__(self) -> int:
        return len(self._recent) + sum(len(r) for r in self._runs) // KEY_SIZE


class _Unique:
    """Repeated ids get ``#2``, ``#3``... (keeps 12-byte hashes, not the ids)."""

    def __init__(self) -> None:
        self.used = _KeySet()
        self.next: dict[bytes, int] = {}

    def __call__(self, raw: str) -> str:
        k = _idkey(raw)
        if k not in self.used:
            self.used.add(k)
            return raw
        n = self.next.get(k, 1)
        while True:
            n += 1
            cand = f"{raw}#{n}"
            ck = _idkey(cand)
            if ck not in self.used:
                self.used.add(ck)
                self.next[k] = n
                return cand


def iter_entries(spec: InputSpec, select: Callable[[str], bool] | None = None,
                 stats: dict | None = None) -> Iterator[Entry]:
    """Yield every input in order, numbered by ``seq``, with unique printable ids.

    ``select(id)`` (e.g. a shard filter) is applied before any bytes are read:
    entries it rejects are not yielded but still take their ``seq`` number, so
    sequence numbers (and ids) are the same in every shard and in a single run.
    """
    unique = _Unique()
    if stats is not None:
        stats.setdefault("walked", 0)
    for seq, (raw, load) in enumerate(_Walker(spec).walk()):
        if stats is not None:
            stats["walked"] = seq + 1
        uid = unique(clean_id(raw))
        if select is not None and not select(uid):
            continue
        data, error = load()
        yield Entry(seq, uid, data, error)


def count_entries(spec: InputSpec, select: Callable[[str], bool] | None = None) -> int:
    """Count the inputs ``iter_entries`` would yield, without reading their bytes.

    (Tar streams are decompressed to find their members.)
    """
    if select is None:  # no ids needed: JSONL lines are counted, not parsed
        return sum(1 for _ in _Walker(spec, names_only=True).walk())
    unique = _Unique()
    n = 0
    for raw, _load in _Walker(spec).walk():
        uid = unique(clean_id(raw))
        if select is None or select(uid):
            n += 1
    return n


def as_spec(paths: Iterable[str | os.PathLike[str]], **kw) -> InputSpec:
    return InputSpec(paths=tuple(os.fspath(p) for p in paths), **kw)
