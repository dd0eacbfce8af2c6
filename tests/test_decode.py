"""Byte decoding: BOMs, UTF-8, GB18030, and clear errors for non-text input."""
from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest

from interview_grader.decode import decode_bytes, read_text
from interview_grader.errors import TranscriptError

SHARED = Path(__file__).resolve().parents[2] / "shared"
SAMPLE = "问题1：什么是数据并行？\n回答：每张卡一份完整模型。\n"


def shared_file(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not available: {path}")
    return path


def test_plain_utf8():
    assert decode_bytes(SAMPLE.encode("utf-8"), "x") == (SAMPLE, "utf-8")


def test_utf8_bom_is_stripped():
    text, enc = decode_bytes(codecs.BOM_UTF8 + SAMPLE.encode("utf-8"), "x")
    assert text == SAMPLE
    assert enc == "utf-8-sig"
    assert not text.startswith("\ufeff")


@pytest.mark.parametrize(
    ("bom", "codec"),
    [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")],
)
def test_utf16_with_bom(bom, codec):
    text, enc = decode_bytes(bom + SAMPLE.encode(codec), "x")
    assert text == SAMPLE
    assert enc == codec


def test_python_utf16_codec_output():
    # Python's "utf-16" codec writes a BOM in native order.
    text, enc = decode_bytes(SAMPLE.encode("utf-16"), "x")
    assert text == SAMPLE
    assert enc.startswith("utf-16")


def test_utf16_without_bom_mostly_ascii():
    body = "Q1: What is DDP?\nA: One process per GPU.\n"
    assert decode_bytes(body.encode("utf-16-le"), "x") == (body, "utf-16-le")
    assert decode_bytes(body.encode("utf-16-be"), "x") == (body, "utf-16-be")


def test_gb18030_fallback():
    text, enc = decode_bytes(SAMPLE.encode("gb18030"), "x")
    assert text == SAMPLE
    assert enc == "gb18030"


def test_gbk_bytes_decode_as_gb18030():
    text, enc = decode_bytes("岗位：算法工程师\r\n".encode("gbk"), "x")
    assert text == "岗位：算法工程师\r\n"
    assert enc == "gb18030"


def test_line_endings_are_kept():
    raw = "问题1：甲\r\n回答：乙\r\n"
    assert decode_bytes(raw.encode(), "x")[0] == raw


@pytest.mark.parametrize("data", [b"", b"   \n\t\r\n", codecs.BOM_UTF8, codecs.BOM_UTF8 + b"  \n"])
def test_empty_input(data):
    with pytest.raises(TranscriptError) as err:
        decode_bytes(data, "empty.txt")
    assert err.value.message == "empty file; expected an interview transcript"
    assert err.value.path == "empty.txt"
    assert str(err.value) == "empty.txt: empty file; expected an interview transcript"


def test_nul_bytes_are_binary():
    data = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01"
    with pytest.raises(TranscriptError) as err:
        decode_bytes(data, "img.png")
    assert err.value.message == (
        "not a text file: found NUL bytes; expected UTF-8, GB18030 or UTF-16 text"
    )


def test_control_characters_are_binary():
    with pytest.raises(TranscriptError) as err:
        decode_bytes(b"\x01\x02\x03\x04abc\x05\x06", "x.bin")
    assert err.value.message == (
        "not a text file: too many control characters; expected UTF-8, GB18030 or UTF-16 text"
    )


def test_a_few_control_characters_are_tolerated():
    raw = SAMPLE * 3 + "\x0c\x1b"
    assert decode_bytes(raw.encode(), "x")[0] == raw


def test_undecodable_bytes():
    # 0x80 and 0xFF are valid lead bytes neither in UTF-8 nor in GB18030.
    data = b"Q1: ok\n\x80\x80\xff"
    with pytest.raises(TranscriptError) as err:
        decode_bytes(data, "bad.txt")
    assert err.value.message == (
        "cannot decode: not valid UTF-8, GB18030 or UTF-16 (first bad byte at offset 7)"
    )


def test_invalid_utf16_after_bom():
    data = codecs.BOM_UTF16_LE + "ok".encode("utf-16-le") + b"\x00\xd8"  # lone high surrogate
    with pytest.raises(TranscriptError) as err:
        decode_bytes(data, "x")
    assert err.value.message.startswith("cannot decode: not valid UTF-16 (first bad byte at offset ")


def test_read_text_missing_file(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(TranscriptError) as err:
        read_text(missing)
    assert err.value.message == "cannot read file: No such file or directory"
    assert err.value.path == str(missing)


def test_read_text_directory(tmp_path):
    with pytest.raises(TranscriptError) as err:
        read_text(tmp_path)
    assert err.value.message == "cannot read file: Is a directory"


def test_read_text_roundtrip(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + SAMPLE.encode("utf-16-le"))
    assert read_text(path) == (SAMPLE, "utf-16-le")
    assert read_text(str(path)) == (SAMPLE, "utf-16-le")


def test_shared_gb18030_file():
    text, enc = read_text(shared_file("dev", "dev08_zh_gb18030.txt"))
    assert enc == "gb18030"
    assert "岗位" in text and "问题1" in text


def test_shared_utf8_files():
    text, enc = read_text(shared_file("seed", "seed_interview.txt"))
    assert enc == "utf-8"
    assert text.startswith("我是人工智能助手")
    text, enc = read_text(shared_file("dev", "dev07_zh_variant_crlf.txt"))
    assert enc == "utf-8"
    assert "\r\n" in text


# --------------------------------------------------------------------------
# UTF-32 and the size limit
# --------------------------------------------------------------------------

UTF32 = "UTF-32 text is not supported; expected UTF-8, GB18030 or UTF-16 text"


@pytest.mark.parametrize("codec", ["utf-32", "utf-32-le", "utf-32-be"])
def test_utf32_is_named_not_called_binary(codec):
    # The UTF-32 LE BOM starts with the UTF-16 LE BOM; it must not decode as UTF-16.
    with pytest.raises(TranscriptError) as err:
        decode_bytes(SAMPLE.encode(codec), "u32.txt")
    assert err.value.message == UTF32


def test_nul_filled_file_is_binary_not_utf32():
    with pytest.raises(TranscriptError) as err:
        decode_bytes(b"\x00" * 64, "zeros.bin")
    assert err.value.message.startswith("not a text file: found NUL bytes")


def test_default_limit_is_five_mib():
    from interview_grader.decode import DEFAULT_MAX_BYTES

    assert DEFAULT_MAX_BYTES == 5 * 1024 * 1024


def test_limit_is_inclusive(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(SAMPLE.encode())
    size = len(SAMPLE.encode())
    assert read_text(path, max_bytes=size) == (SAMPLE, "utf-8")
    with pytest.raises(TranscriptError) as err:
        read_text(path, max_bytes=size - 1)
    assert err.value.message == f"file is {size} bytes, over the limit of {size - 1} bytes (--max-bytes)"
    assert err.value.path == str(path)
    assert read_text(path, max_bytes=None) == (SAMPLE, "utf-8")


def test_huge_file_is_refused_from_its_size_without_reading_it(tmp_path, monkeypatch):
    # A sparse 8 GiB file: reading it would take minutes and all the memory.
    path = tmp_path / "huge.txt"
    with open(path, "wb") as fh:
        fh.truncate(8 << 30)
    reads = []
    real_open = open

    class Spy:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)

        def fileno(self):
            return self.handle.fileno()

        def read(self, n=-1):
            reads.append(n)
            return self.handle.read(n)

    monkeypatch.setattr("builtins.open", lambda *a, **k: Spy(real_open(*a, **k)))
    with pytest.raises(TranscriptError) as err:
        read_text(path)
    assert err.value.message == f"file is {8 << 30} bytes, over the limit of 5242880 bytes (--max-bytes)"
    assert reads == []


def test_endless_device_reads_at_most_the_limit(tmp_path):
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero")
    with pytest.raises(TranscriptError) as err:
        read_text(zero, max_bytes=1000)
    assert err.value.message == "file is over the limit of 1000 bytes (--max-bytes)"


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10"])
def test_bad_limit_is_a_programming_error(tmp_path, bad):
    path = tmp_path / "t.txt"
    path.write_bytes(SAMPLE.encode())
    with pytest.raises(ValueError):
        read_text(path, max_bytes=bad)


# --------------------------------------------------------------------------
# File names in messages and reports
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("面试/第1场.txt", "面试/第1场.txt"),
        ("a\nb.txt", "a\\nb.txt"),
        ("a\rb\x1b.txt", "a\\rb\\x1b.txt"),
        (os.fsdecode(b"\xff\xfe.txt"), "\\xff\\xfe.txt"),  # a GBK or Latin-1 name on a UTF-8 system
        (b"\xd6\xd0.txt", "\\xd6\\xd0.txt"),
        (Path("x.txt"), "x.txt"),
    ],
)
def test_display_path(name, shown):
    from interview_grader.decode import display_path

    assert display_path(name) == shown
    assert "\n" not in display_path(name)
    display_path(name).encode("utf-8")  # always writable


def test_error_names_a_file_with_a_line_break_on_one_line(tmp_path):
    path = tmp_path / "a\nb.txt"
    path.write_bytes(b"")
    with pytest.raises(TranscriptError) as err:
        read_text(path)
    assert str(err.value) == f"{tmp_path}/a\\nb.txt: empty file; expected an interview transcript"
