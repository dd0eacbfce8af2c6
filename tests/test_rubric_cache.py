"""The per-user cache of compiled rubrics: used when valid, ignored when not."""
from __future__ import annotations

import os
import pickle

import pytest

from conftest import MINI_RUBRIC, ROOT
from interview_grader import grade, parse_transcript, render
from interview_grader.matcher import Compiler
from interview_grader.rubric import cache
from interview_grader.rubric.load import parse_rubric

TEXT = (ROOT / "transcripts" / "zh_weak_sample.txt").read_text(encoding="utf-8")


@pytest.fixture
def cache_in(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", str(d))
    return d


def report_of(loaded) -> str:
    return render(grade(parse_transcript(TEXT, "s.txt"), loaded), "json")


def test_second_load_comes_from_the_cache_and_grades_the_same(cache_in, monkeypatch):
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    first = parse_rubric(text, "mini.yaml")
    entries = list(cache_in.glob("rubric-*.pickle"))
    assert len(entries) == 1 and oct(entries[0].stat().st_mode & 0o777) == "0o600"

    def no_compiling(self, spec):  # a cache hit must not resolve term sets again
        raise AssertionError("compiled although cached")

    monkeypatch.setattr(Compiler, "check", no_compiling)
    second = parse_rubric(text, "mini.yaml")
    assert second.sha256 == first.sha256
    assert report_of(second) == report_of(first)


def test_a_damaged_entry_is_rebuilt(cache_in):
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    first = parse_rubric(text, "mini.yaml")
    (entry,) = cache_in.glob("rubric-*.pickle")
    entry.write_bytes(b"not a pickle")
    again = parse_rubric(text, "mini.yaml")
    assert report_of(again) == report_of(first)


def test_off_disables_it(tmp_path, monkeypatch):
    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", "off")
    assert cache.cache_dir() is None
    parse_rubric(MINI_RUBRIC.read_text(encoding="utf-8"), "mini.yaml")
    assert not list(tmp_path.rglob("rubric-*.pickle"))


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_folder_others_can_write_is_not_trusted(cache_in):
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    parse_rubric(text, "mini.yaml")
    cache_in.chmod(0o777)
    sha = parse_rubric(text, "mini.yaml", use_cache=False).sha256
    assert cache.load(sha) is None


def test_old_entries_are_pruned(cache_in, monkeypatch):
    monkeypatch.setattr(cache, "KEEP", 2)
    base = MINI_RUBRIC.read_text(encoding="utf-8")
    for i in range(4):
        parse_rubric(base.replace('version: "0.1"', f'version: "0.{i + 2}"'), "mini.yaml")
    assert len(list(cache_in.glob("rubric-*.pickle"))) == 2


def test_an_edit_to_the_compiling_code_misses_old_entries(cache_in, monkeypatch):
    """Entries are keyed by the code that compiles a rubric, not only by its text and the
    tool version: after an edit to normalize.py or matcher.py the old entry is not used."""
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    parse_rubric(text, "mini.yaml")
    assert len(list(cache_in.glob("rubric-*.pickle"))) == 1
    assert cache.code_digest() and cache.code_digest() in list(cache_in.glob("rubric-*.pickle"))[0].name
    monkeypatch.setattr(cache, "_code", "edited00code")
    compiled = []
    real_check = Compiler.check
    monkeypatch.setattr(Compiler, "check", lambda self, spec: compiled.append(spec) or real_check(self, spec))
    parse_rubric(text, "mini.yaml")
    assert compiled, "a stale entry was used"
    assert len(list(cache_in.glob("rubric-*.pickle"))) == 2


def test_peek_reads_only_the_header(cache_in):
    """peek gives (id, version) from the small header pickle without unpickling the rubric after it."""
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    sha = parse_rubric(text, "mini.yaml").sha256
    assert cache.peek(sha) == ("mini", "0.1")
    (entry,) = cache_in.glob("rubric-*.pickle")
    with open(entry, "rb") as fh:
        pickle.load(fh)
        header_end = fh.tell()
    entry.write_bytes(entry.read_bytes()[:header_end] + b"garbage where the rubric was")
    assert cache.peek(sha) == ("mini", "0.1")
    assert cache.load(sha) is None


def test_peek_misses(cache_in, monkeypatch):
    text = MINI_RUBRIC.read_text(encoding="utf-8")
    sha = parse_rubric(text, "mini.yaml", use_cache=False).sha256
    assert cache.peek(sha) is None  # no entry
    parse_rubric(text, "mini.yaml")
    (entry,) = cache_in.glob("rubric-*.pickle")
    good = entry.read_bytes()
    for header in (((sha, cache.CACHE_FORMAT - 1), "mini", "0.1"), (("0" * 64, cache.CACHE_FORMAT), "mini", "0.1")):
        entry.write_bytes(pickle.dumps(header) + good)  # an older format, another text's entry
        assert cache.peek(sha) is None and cache.load(sha) is None
    old_layout = pickle.dumps(((sha, cache.CACHE_FORMAT), (1, 2)))  # format 2: (key, value) in one pickle
    for damaged in (b"", b"not a pickle", good[:10], old_layout):
        entry.write_bytes(damaged)
        assert cache.peek(sha) is None and cache.load(sha) is None
    entry.write_bytes(good)
    assert cache.peek(sha) == ("mini", "0.1")
    monkeypatch.setenv("INTERVIEW_GRADER_CACHE", "off")
    assert cache.peek(sha) is None
