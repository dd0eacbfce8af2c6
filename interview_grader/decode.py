"""Turn the bytes of a transcript file into text.

Archived transcripts come as UTF-8 (with or without a BOM), as UTF-16 saved by
Windows tools, or as GB18030/GBK from older Chinese systems.  We try, in order:
UTF-8 with BOM, UTF-16 LE/BE with BOM, strict UTF-8, then GB18030 (a superset
of GBK and GB2312).  Binary files and undecodable bytes are rejected with a
``TranscriptError`` that says what was expected, never with a codec traceback.
"""
from __future__ import annotations

import codecs
import os
import re

from .errors import TranscriptError

EXPECTED = "expected UTF-8, GB18030 or UTF-16 text"

# C0 controls other than tab / line feed / vertical tab / form feed / carriage
# return, plus DEL.  A text file has almost none of these.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
# Above this share of control characters the input is treated as binary.
_MAX_CONTROL_RATIO = 0.10


def _too_many_controls(text: str) -> bool:
    controls = len(_CONTROL.findall(text))
    return controls > 0 and controls > _MAX_CONTROL_RATIO * len(text)


def _empty(source: str) -> TranscriptError:
    return TranscriptError("empty file; expected an interview transcript", path=source)


def _undecodable(source: str, offset: int, what: str = "UTF-8, GB18030 or UTF-16") -> TranscriptError:
    return TranscriptError(
        f"cannot decode: not valid {what} (first bad byte at offset {offset})", path=source
    )


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

    if data.startswith(codecs.BOM_UTF8):
        try:
            text, encoding = data[3:].decode("utf-8"), "utf-8-sig"
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
        except UnicodeDecodeError as exc:
            bad = exc.start
            try:
                text, encoding = data.decode("gb18030"), "gb18030"
            except UnicodeDecodeError:
                raise _undecodable(source, bad) from None

    if not text.strip():
        raise _empty(source)
    if _too_many_controls(text):
        raise TranscriptError(
            f"not a text file: too many control characters; {EXPECTED}", path=source
        )
    return text, encoding


def read_text(path: str | os.PathLike[str]) -> tuple[str, str]:
    """Read and decode a transcript file; return ``(text, encoding name)``."""
    source = os.fspath(path)
    try:
        with open(source, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise TranscriptError(f"cannot read file: {reason}", path=source) from None
    return decode_bytes(data, source)
