"""Read a zip archive's members one by one without loading its whole directory.

``zipfile.ZipFile`` reads the central directory into memory on open: about
600 bytes per member, 600 MB for a million members.  :class:`LazyZip` only
locates the central directory, then :meth:`LazyZip.infos` walks it record by
record, yielding one ``ZipInfo`` at a time; ``LazyZip.open(info)`` reads a
member as usual (local header check, decompression, CRC check), so memory is
flat however many members the archive holds.

The central-directory record layout is that of the ZIP specification
(APPNOTE 4.3.12), with the Zip64 extra field (0x0001) for sizes and offsets
over 4 GiB.  If this Python's ``zipfile`` lacks the end-record helper used
here, :func:`open_zip` falls back to a plain ``ZipFile``.
"""
from __future__ import annotations

import struct
import zipfile
from typing import Iterator

_CD = struct.Struct("<4s4B4HL2L5H2L")  # central directory file header, 46 bytes
_CD_SIG = b"PK\001\002"
_MAX_DIR = 1 << 20  # read the directory in blocks of this size


class LazyZip(zipfile.ZipFile):
    """A read-only ZipFile whose member list is streamed by :meth:`infos`."""

    def _RealGetContents(self) -> None:  # called by ZipFile.__init__ in mode "r"
        fp = self.fp
        try:
            endrec = zipfile._EndRecData(fp)  # type: ignore[attr-defined]
        except OSError:
            raise zipfile.BadZipFile("File is not a zip file") from None
        if not endrec:
            raise zipfile.BadZipFile("File is not a zip file")
        size_cd = endrec[zipfile._ECD_SIZE]  # type: ignore[attr-defined]
        offset_cd = endrec[zipfile._ECD_OFFSET]  # type: ignore[attr-defined]
        self._comment = endrec[zipfile._ECD_COMMENT]  # type: ignore[attr-defined]
        concat = endrec[zipfile._ECD_LOCATION] - size_cd - offset_cd  # type: ignore[attr-defined]
        if endrec[zipfile._ECD_SIGNATURE] == zipfile.stringEndArchive64:  # type: ignore[attr-defined]
            concat -= zipfile.sizeEndCentDir64 + zipfile.sizeEndCentDir64Locator  # type: ignore[attr-defined]
        self.start_dir = offset_cd + concat
        if self.start_dir < 0:
            raise zipfile.BadZipFile("Bad offset for central directory")
        self._cd_size = size_cd
        self._concat = concat

    def infos(self) -> Iterator[zipfile.ZipInfo]:
        """Every member's ZipInfo, in central-directory order, one at a time."""
        pos, end = self.start_dir, self.start_dir + self._cd_size
        buf, buf_at = b"", pos

        def read(n: int) -> bytes:
            nonlocal buf, buf_at
            off = pos - buf_at
            if off + n > len(buf):
                self.fp.seek(pos)  # type: ignore[union-attr]
                buf = self.fp.read(max(n, min(_MAX_DIR, end - pos)))  # type: ignore[union-attr]
                buf_at, off = pos, 0
            return buf[off:off + n]

        while pos < end:
            head = read(_CD.size)
            if len(head) != _CD.size:
                raise zipfile.BadZipFile("Truncated central directory")
            cd = _CD.unpack(head)
            if cd[0] != _CD_SIG:
                raise zipfile.BadZipFile("Bad magic number for central directory")
            (_sig, create_version, create_system, extract_version, reserved, flag_bits, compress_type, t, d, crc,
             compress_size, file_size, n_name, n_extra, n_comment, volume, internal_attr, external_attr,
             header_offset) = cd
            pos += _CD.size
            raw = read(n_name + n_extra + n_comment)
            if len(raw) != n_name + n_extra + n_comment:
                raise zipfile.BadZipFile("Truncated central directory")
            pos += len(raw)
            name = raw[:n_name]
            filename = name.decode("utf-8") if flag_bits & 0x800 else name.decode(self.metadata_encoding or "cp437")
            x = zipfile.ZipInfo(filename)
            x.extra = raw[n_name:n_name + n_extra]
            x.comment = raw[n_name + n_extra:]
            x.create_version, x.create_system, x.extract_version, x.reserved = (
                create_version, create_system, extract_version, reserved)
            x.flag_bits, x.compress_type, x.CRC = flag_bits, compress_type, crc
            x.compress_size, x.file_size = compress_size, file_size
            x.volume, x.internal_attr, x.external_attr = volume, internal_attr, external_attr
            x._raw_time = t  # type: ignore[attr-defined]
            x.date_time = ((d >> 9) + 1980, (d >> 5) & 0xF, d & 0x1F, t >> 11, (t >> 5) & 0x3F, (t & 0x1F) * 2)
            _zip64(x, header_offset)
            x.header_offset += self._concat
            yield x


def _zip64(x: zipfile.ZipInfo, header_offset: int) -> None:
    """Apply the Zip64 extra field: 64-bit sizes and offset replace 0xFFFFFFFF."""
    x.header_offset = header_offset
    extra = x.extra
    i = 0
    while i + 4 <= len(extra):
        tp, ln = struct.unpack("<HH", extra[i:i + 4])
        if tp == 0x0001:
            data = extra[i + 4:i + 4 + ln]
            j = 0
            for field in ("file_size", "compress_size", "header_offset"):
                if getattr(x, field) == 0xFFFFFFFF:
                    if j + 8 > len(data):
                        raise zipfile.BadZipFile("Corrupt Zip64 extra field")
                    setattr(x, field, struct.unpack("<Q", data[j:j + 8])[0])
                    j += 8
            return
        i += 4 + ln


def open_zip(path) -> tuple[zipfile.ZipFile, Iterator[zipfile.ZipInfo]]:
    """Open a zip for reading; return it and an iterator over its members."""
    if hasattr(zipfile, "_EndRecData") and hasattr(zipfile, "_ECD_LOCATION"):
        zf = LazyZip(path)
        return zf, zf.infos()
    zf = zipfile.ZipFile(path)  # pragma: no cover - a Python without the helper
    return zf, iter(zf.infolist())
