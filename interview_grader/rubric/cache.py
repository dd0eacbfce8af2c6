"""A per-user cache of compiled rubrics, so a process start skips term resolution.

Resolving every term set of the bundled rubric costs about 0.15 s, a large
share of the one-file start-up budget. The resolved rubric is pickled once,
keyed by the rubric text's SHA-256, the tool version, a digest of the modules
that compile it (so an edited folding or matching rule never meets a stale
entry) and ``CACHE_FORMAT``,
and reloaded in a few milliseconds by later processes.

Where: ``$INTERVIEW_GRADER_CACHE``, else ``$XDG_CACHE_HOME/interview-grader``,
else ``~/.cache/interview-grader``; ``INTERVIEW_GRADER_CACHE=off`` disables it.
The folder is created private (0700) and entries are written atomically
(0600). An entry is only read from a folder owned by the current user and not
writable by others; anything unreadable or mismatched is ignored and rebuilt,
so the cache can always be deleted. At most ``KEEP`` entries are kept.

An entry is two pickles in one file: a small header (key, rubric id, version),
then the big (Rubric, Compiler) value.  ``peek`` reads only the header, so a
batch parent that hands grading to worker processes learns the rubric is valid
(an entry is only written for text that compiled) and its id and version
without holding the compiled rubric, tens of MB for a large one.
"""
from __future__ import annotations

import os
import pickle
import stat
import tempfile
from pathlib import Path

CACHE_FORMAT = 4  # 2: automaton values carry the key length; 3: a header pickle before the value; 4: no lexicon memo
KEEP = 16  # entries kept; older ones are removed when a new one is written


def cache_dir() -> Path | None:
    env = os.environ.get("INTERVIEW_GRADER_CACHE")
    if env is not None:
        return None if env.strip().lower() in ("", "0", "off", "no", "false") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "interview-grader"


# the modules whose code decides what a rubric compiles to: a change to any of them (a
# folding rule, a term-set feature) makes old entries stale even at the same tool version
_COMPILING = ("normalize.py", "matcher.py", "rubric/schema.py", "rubric/load.py")
_code: str | None = None


def code_digest() -> str:
    """A short digest of the compiling modules' source ("" where it cannot be read)."""
    global _code
    if _code is None:
        import hashlib

        root = Path(__file__).resolve().parents[1]
        h = hashlib.sha256()
        try:
            for name in _COMPILING:
                h.update((root / name).read_bytes())
            _code = h.hexdigest()[:12]
        except OSError:
            _code = ""
    return _code


def _entry(sha256: str) -> Path | None:
    from .. import __version__

    d = cache_dir()
    if d is None:
        return None
    return d / f"rubric-{sha256[:32]}-{__version__}-{code_digest()}-f{CACHE_FORMAT}.pickle"


def _trusted(folder: Path) -> bool:
    try:
        st = folder.stat()
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return owner_ok and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _read(sha256: str, value: bool):
    """This text's entry: the (Rubric, Compiler) if ``value``, else only the header's (id, version).

    None when there is no entry, or it is stale, foreign or damaged (the next store rebuilds it).
    """
    path = _entry(sha256)
    if path is None or not path.is_file() or not _trusted(path.parent):
        return None
    try:
        with open(path, "rb") as fh:
            key, rubric_id, version = pickle.load(fh)
            if key != (sha256, CACHE_FORMAT):
                return None
            return pickle.load(fh) if value else (rubric_id, version)
    except Exception:
        return None


def peek(sha256: str) -> tuple[str, str] | None:
    """(id, version) of the cached rubric for this text, or None, without unpickling the rubric.

    A hit also means the text is a valid rubric: only text that compiled is stored.
    """
    return _read(sha256, value=False)


def load(sha256: str):
    """The cached (Rubric, Compiler) for this rubric text, or None."""
    return _read(sha256, value=True)


def store(sha256: str, rubric, compiler) -> None:
    """Write the entry; any failure (read-only home, full disk) is ignored."""
    path = _entry(sha256)
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _trusted(path.parent):
            return
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".rubric-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                header = ((sha256, CACHE_FORMAT), rubric.id, rubric.version)
                pickle.dump(header, fh, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump((rubric, compiler), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        entries = sorted(path.parent.glob("rubric-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
    except Exception:
        return
