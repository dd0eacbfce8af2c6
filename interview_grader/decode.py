"""Turn the bytes of a transcript file into text.

Archived transcripts come as UTF-8 (with or without a BOM), as UTF-16 saved by
Windows tools, or as GB18030/GBK from older Chinese systems.  We try, in order:
UTF-8 with BOM, UTF-16 LE/BE with BOM, strict UTF-8, then GB18030 (a superset
of GBK and GB2312).  Binary files, UTF-32 and undecodable bytes are rejected with a
``TranscriptError`` that says what was expected, never with a codec traceback.

``read_text`` refuses files over ``max_bytes`` (default ``DEFAULT_MAX_BYTES``,
5 MiB) before reading them: it looks at the size first and never reads more
than ``max_bytes + 1`` bytes, so a huge file or an endless device cannot
exhaust memory.  See docs/reliability.md.
"""
from __future__ import annotations

import codecs
import os
import re

from .errors import TranscriptError

EXPECTED = "expected UTF-8, GB18030 or UTF-16 text"
DEFAULT_MAX_BYTES = 5 * 1024 * 1024

# C0 controls other than tab / line feed / vertical tab / form feed / carriage
# return, plus DEL.  A text file has almost none of these.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
# Above this share of control characters the input is treated as binary.
_MAX_CONTROL_RATIO = 0.10


_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F])


def _too_many_controls(text: str, utf8: bytes | None = None) -> bool:
    """``utf8``, when given, is the UTF-8 encoding of ``text`` (BOM allowed).

    UTF-8 encodes ASCII characters, and only them, as bytes below 0x80, so
    the control characters can be counted on the bytes, much faster than
    with the regex.
    """
    if utf8 is not None:
        controls = len(utf8) - len(utf8.translate(None, _CONTROL_BYTES))
    else:
        controls = len(_CONTROL.findall(text))
    return controls > 0 and controls > _MAX_CONTROL_RATIO * len(text)


def _empty(source: str) -> TranscriptError:
    return TranscriptError("empty file; expected an interview transcript", path=source)


def _undecodable(source: str, offset: int, what: str = "UTF-8, GB18030 or UTF-16") -> TranscriptError:
    return TranscriptError(
        f"cannot decode: not valid {what} (first bad byte at offset {offset})", path=source
    )


def _utf32(data: bytes) -> bool:
    """UTF-32 text: a UTF-32 BOM, or the NUL pattern of BOM-less UTF-32 (BMP text).

    Checked before UTF-16, whose little-endian BOM is a prefix of UTF-32's.
    """
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return True
    if len(data) < 16 or len(data) % 4 or b"\x00\x00" not in data:
        return False
    # Every code point below U+10000 has its high 16 bits zero: two NULs out of four bytes.
    half = len(data) // 2
    for encoding, high in (("utf-32-le", data[2::4] + data[3::4]), ("utf-32-be", data[0::4] + data[1::4])):
        if high.count(0) == half:
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                return False
            return bool(text.strip()) and not _too_many_controls(text)
    return False


def _bomless_utf16(data: bytes) -> str | None:
    """Guess UTF-16 without a BOM from the NUL pattern of mostly-ASCII text."""
    if len(data) < 16 or len(data) % 2:
        return None
    even = data[0::2].count(0)
    odd = data[1::2].count(0)
    pairs = len(data) // 2
    if odd >= 0.3 * pairs and even == 0:
        return "utf-16-le"
    if even >= 0.3 * pairs and odd == 0:
        return "utf-16-be"
    return None


def _decode_utf16(data: bytes, encoding: str, skip: int, source: str) -> str:
    try:
        return data[skip:].decode(encoding)
    except UnicodeDecodeError as exc:
        raise _undecodable(source, exc.start + skip, "UTF-16") from None


def decode_bytes(data: bytes, source: str) -> tuple[str, str]:
    """Decode transcript bytes; return ``(text, encoding name)``.

    The BOM, if any, is removed; line endings are left as they are.  Raises
    ``TranscriptError`` for empty, binary or undecodable input.
    """
    if not data:
        raise _empty(source)

    utf8 = None  # set when ``text`` is the UTF-8 decoding of ``data``
    if _utf32(data):
        raise TranscriptError(f"UTF-32 text is not supported; {EXPECTED}", path=source)
    if data.startswith(codecs.BOM_UTF8):
        try:
            text, encoding = data[3:].decode("utf-8"), "utf-8-sig"
            utf8 = data
        except UnicodeDecodeError as exc:
            raise _undecodable(source, exc.start + 3, "UTF-8") from None
    elif data.startswith(codecs.BOM_UTF16_LE):
        text, encoding = _decode_utf16(data, "utf-16-le", 2, source), "utf-16-le"
    elif data.startswith(codecs.BOM_UTF16_BE):
        text, encoding = _decode_utf16(data, "utf-16-be", 2, source), "utf-16-be"
    elif b"\x00" in data:
        # NUL bytes: binary, unless the NUL pattern is that of UTF-16 text
        # saved without a BOM and it decodes to clean text.
        guess = _bomless_utf16(data)
        text = ""
        if guess is not None:
            try:
                text = data.decode(guess)
            except UnicodeDecodeError:
                text = ""
        if not text or _too_many_controls(text):
            raise TranscriptError(f"not a text file: found NUL bytes; {EXPECTED}", path=source)
        encoding = guess
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
            utf8 = data
        except UnicodeDecodeError as exc:
            bad = exc.start
            try:
                text, encoding = data.decode("gb18030"), "gb18030"
            except UnicodeDecodeError:
                raise _undecodable(source, bad) from None

    if not text or text.isspace():  # same as ``not text.strip()``, without the copy
        raise _empty(source)
    if _too_many_controls(text, utf8):
        raise TranscriptError(
            f"not a text file: too many control characters; {EXPECTED}", path=source
        )
    return text, encoding


# Characters that would break a one-line message or cannot be written as UTF-8:
# C0 controls, DEL, and lone surrogates (undecodable bytes of a file name).
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")


def display_path(path: str | bytes | os.PathLike) -> str:
    """A file name as one line of valid text, for messages and ``Transcript.source``.

    Names are returned unchanged unless they hold control characters or bytes
    that are not valid in the file-system encoding (a GBK-named file on a UTF-8
    system); those are written as escapes (``\\n``, ``\\xff``), so an error
    stays on one line and a report can always be serialised.
    """
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not _UNPRINTABLE.search(name):
        return name

    def escape(m: re.Match[str]) -> str:
        code = ord(m.group())
        if 0xDC80 <= code <= 0xDCFF:  # a byte smuggled in by surrogateescape
            return f"\\x{code - 0xDC00:02x}"
        return m.group().encode("unicode_escape").decode("ascii")

    return _UNPRINTABLE.sub(escape, name)


def _check_limit(max_bytes: int | None) -> None:
    if max_bytes is None:
        return
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
        raise ValueError(f"max_bytes must be a positive integer or None, not {max_bytes!r}")


def _too_large(source: str, size: int | None, limit: int) -> TranscriptError:
    if size is None:  # a pipe or device: we only know it gave more than the limit
        what = f"file is over the limit of {limit} bytes"
    else:
        what = f"file is {size} bytes, over the limit of {limit} bytes"
    return TranscriptError(f"{what} (--max-bytes)", path=source)


def read_bytes(path: str | os.PathLike[str], max_bytes: int | None = DEFAULT_MAX_BYTES) -> bytes:
    """Read a file's bytes, refusing files over ``max_bytes`` (``None``: no limit).

    The size is checked with ``fstat`` before reading, and at most
    ``max_bytes + 1`` bytes are read, so a file that grows meanwhile, a pipe
    or a device such as ``/dev/zero`` is refused without filling memory.
    """
    _check_limit(max_bytes)
    source = display_path(path)
    try:
        with open(path, "rb") as handle:
            if max_bytes is not None:
                size = os.fstat(handle.fileno()).st_size
                if size > max_bytes:
                    raise _too_large(source, size, max_bytes)
            return read_stream(handle, source, max_bytes, what="file")
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise TranscriptError(f"cannot read file: {reason}", path=source) from None


def read_stream(stream, source: str = "<stdin>", max_bytes: int | None = DEFAULT_MAX_BYTES,
                what: str = "input") -> bytes:
    """Read a binary stream (standard input, an open file) to its end, refusing more than ``max_bytes``."""
    _check_limit(max_bytes)
    try:
        data = stream.read() if max_bytes is None else stream.read(max_bytes + 1)
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise TranscriptError(f"cannot read {what}: {reason}", path=source) from None
    if max_bytes is not None and len(data) > max_bytes:
        raise _too_large(source, None, max_bytes)
    return data


def read_text(path: str | os.PathLike[str], max_bytes: int | None = DEFAULT_MAX_BYTES) -> tuple[str, str]:
    """Read and decode a transcript file; return ``(text, encoding name)``."""
    return decode_bytes(read_bytes(path, max_bytes), display_path(path))
