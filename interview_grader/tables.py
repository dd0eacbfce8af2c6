"""Comparison tables inside answers, read cell by cell as the statements they make.

Candidates lay comparisons out as tables: a markdown table ("| | DP | DDP |" over "|---|---|---|") or a plain-text grid
aligned with spaces. Read line by line, a row mixes the columns ("| 梯度同步 | 各卡梯度汇到 GPU0 | NCCL all-reduce |"
holds a DataParallel cell and a DDP cell), and a cell alone has lost its subject. So each cell past the first column is
read as the statement "<column header> <row label> <cell>" ("DataParallel (DP) 梯度同步 各卡梯度汇到 GPU0"), one sentence
per cell, every character of it still mapped to the source (``normalize.fold_pieces``).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

Span = tuple[int, int]

_RULE_LINE = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)+\|?[ \t]*")
_GRID_GAP = re.compile(r"\t+| {2,}|\u3000+")
ALIGN_SLACK = 3  # columns a grid cell may start off its header's
# A cell that only says yes or no of its row's property: "async | stale gradients: no" reads "async no stale gradients"
_YES = frozenset({"yes", "y", "是", "有", "会", "要", "需要", "对", "✓", "✔", "√", "true"})
_NO = frozenset({"no", "n", "none", "否", "无", "没有", "不", "不会", "不需要", "不用", "✗", "✘", "×", "x", "false"})


@dataclass(frozen=True)
class Table:
    """A table found in a text: its region, and per body row the spans of its cells by column (None: empty)."""

    start: int
    end: int
    header: list[Span | None]
    rows: list[list[Span | None]]

    def statements(self, text: str) -> list[list[Span]]:
        """Per cell past the first column of ``text``'s table, the spans read as its statement: column header, row
        label, cell ("DDP" "参数存放" "每个 rank 都有完整模型"); a bare no goes before the row label ("async" "no" "stale
        gradients"), a bare yes is left out."""
        out = []
        for row in self.rows:
            label = row[0] if row else None
            if label is not None and all(c is None for c in row[1:]):
                out.append([label])  # a row left empty still names its label ("| reduce-scatter | | |")
            for j, cell in enumerate(row[1:], start=1):
                if cell is None:
                    continue
                head = self.header[j] if j < len(self.header) else None
                word = text[cell[0]:cell[1]].strip(" .。!！").lower()
                if label is not None and word in _NO:
                    order = (head, cell, label)
                elif label is not None and word in _YES:
                    order = (head, label)
                else:
                    order = (head, label, cell)
                out.append([s for s in order if s is not None])
        if not out:  # only a header over empty rows: its names
            out = [[h] for h in self.header if h is not None]
        return out

    def cells(self) -> list[Span]:
        """The spans of the body cells past the first column (where a quote from the table keeps to)."""
        return [c for row in self.rows for c in row[1:] if c is not None]


def _lines(text: str) -> list[Span]:
    out, pos = [], 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        out.append((pos, pos + len(body)))
        pos += len(line)
    return out


def _strip(text: str, s: int, e: int) -> Span | None:
    while s < e and text[s] in " \t\u3000*":
        s += 1
    while e > s and text[e - 1] in " \t\u3000*":
        e -= 1
    return (s, e) if e > s else None


def _pipe_cells(text: str, s: int, e: int) -> list[Span | None]:
    line = text[s:e]
    a, b = 0, len(line)
    while a < b and line[a] in " \t":
        a += 1
    while b > a and line[b - 1] in " \t":
        b -= 1
    if a < b and line[a] == "|":
        a += 1
    if b > a and line[b - 1] == "|":
        b -= 1
    cells, start = [], a
    for i in range(a, b + 1):
        if i == b or line[i] == "|":
            cells.append(_strip(text, s + start, s + i))
            start = i + 1
    return cells


def _pipe_tables(text: str, lines: list[Span]) -> list[Table]:
    tables, i = [], 0
    while i + 2 < len(lines):
        hs, he = lines[i]
        rs, re_ = lines[i + 1]
        if text.count("|", hs, he) >= 2 and _RULE_LINE.fullmatch(text, rs, re_):
            header = _pipe_cells(text, hs, he)
            rows, j = [], i + 2
            while j < len(lines) and text.count("|", *lines[j]) >= 1 and text[lines[j][0]:lines[j][1]].strip():
                rows.append(_pipe_cells(text, *lines[j]))
                j += 1
            if rows and len(header) >= 2:
                tables.append(Table(hs, lines[j - 1][1], header, rows))
                i = j
                continue
        i += 1
    return tables


def _width(text: str) -> int:
    """Display width: wide (CJK) characters take two columns, as they do where the grid was lined up."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _grid_cells(text: str, s: int, e: int) -> list[tuple[int, Span]]:
    """The cells of a grid line with the display column each starts at."""
    out, pos = [], s
    for m in _GRID_GAP.finditer(text, s, e):
        if m.start() > pos and (span := _strip(text, pos, m.start())):
            out.append((_width(text[s:span[0]]), span))
        pos = m.end()
    if pos < e and (span := _strip(text, pos, e)):
        out.append((_width(text[s:span[0]]), span))
    return out


def _grid_tables(text: str, lines: list[Span], taken: list[Span]) -> list[Table]:
    """Plain-text grids: a header line whose cells sit over the columns of at least two body lines, each with a row
    label at the left and every other cell starting within ALIGN_SLACK of a header cell."""
    tables, i = [], 0
    while i + 2 < len(lines):
        hs, he = lines[i]
        if any(a <= hs < b for a, b in taken) or "|" in text[hs:he]:
            i += 1
            continue
        head = _grid_cells(text, hs, he)
        if len(head) < 2:
            i += 1
            continue
        # (a blank corner: the header's first cell stands over the second column; else it names the row labels' column)
        corner = head[0][0] > ALIGN_SLACK
        data = head if corner else head[1:]
        cols = [c for c, _ in data]
        rows, j = [], i + 1
        while j < len(lines):
            body = _grid_cells(text, *lines[j])
            if len(body) < 2 or body[0][0] > ALIGN_SLACK:
                break
            placed: list[Span | None] = [body[0][1]] + [None] * len(cols)
            ok = True
            for col, span in body[1:]:
                k = min(range(len(cols)), key=lambda n: abs(cols[n] - col))
                if abs(cols[k] - col) > ALIGN_SLACK or placed[k + 1] is not None:
                    ok = False
                    break
                placed[k + 1] = span
            if not ok:
                break
            rows.append(placed)
            j += 1
        if len(rows) >= 2:
            tables.append(Table(hs, lines[j - 1][1], [None if corner else head[0][1], *[s for _, s in data]], rows))
            i = j
            continue
        i += 1
    return tables


def find_tables(text: str) -> list[Table]:
    """The comparison tables in ``text``, in order."""
    if "|" not in text and "  " not in text and "\t" not in text and "\u3000" not in text:
        return []
    lines = _lines(text)
    pipes = _pipe_tables(text, lines) if "|" in text else []
    grids = _grid_tables(text, lines, [(t.start, t.end) for t in pipes])
    return sorted(pipes + grids, key=lambda t: t.start)


# A heading over the lines that follow it: "DataParallel" over "Pros: …" / "Cons: …", "优点：" over a list. Read line by
# line, a line under a heading has lost its subject ("Pros: it's multi-process" says it of DataParallel), so each is read
# after the heading, as the cells of a table are.
_HEADING = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]*)?(?P<bold>\*\*|__)?(?P<name>[^\n|`:：()（）\[\]【】]{1,40}?)(?P=bold)?[ \t]*(?P<colon>[:：])?"
    r"(?:\*\*)?[ \t]*"
)
# a labelled line ("Pros: …", "- 缺点：…"): the label a word, not a time or a bracket
_LABEL_LINE = re.compile(r"[ \t]*(?:[-*•·][ \t]*)?(?:\*\*)?(?P<label>[A-Za-z\u4e00-\u9fff][^\s:：|()（）\[\]]{0,15})(?:\*\*)?[ \t]*[:：]")
_SENTENCE_MARK = re.compile(r"[。!！?？,，;；]|\.(?=\s|$)")
HEADING_WORDS = 5


@dataclass(frozen=True)
class Section:
    """A heading and the lines under it (to a blank line or the next heading)."""

    start: int
    end: int
    heading: Span
    lines: list[Span]

    def statements(self, text: str) -> list[list[Span]]:
        """Each line under the heading, read after it."""
        return [[self.heading, line] for line in self.lines]

    def cells(self) -> list[Span]:
        return list(self.lines)


def _heading(text: str, s: int, e: int, next_line: Span | None, after: Span | None = None) -> Span | None:
    """The name a line holds when it is a heading over the lines after it (``next_line``, ``after``: the two lines after
    it)."""
    m = _HEADING.fullmatch(text, s, e)
    if m is None or next_line is None or not text[next_line[0]:next_line[1]].strip():
        return None
    name = _strip(text, *m.span("name"))
    if name is None or _SENTENCE_MARK.search(text, *name) or text[name[0]:name[1]].startswith("```"):
        return None
    words = text[name[0]:name[1]].split()
    if len(words) > HEADING_WORDS or (len(words) == 1 and len(words[0]) > 24):
        return None
    marked = m.group("colon") or m.group("bold") or text[s:e].lstrip().startswith("#")
    if not marked:
        # a bare name heads only lines with labels of their own ("DataParallel" over "Pros: …" and "Cons: …"), not a
        # chat's lines under one speaker's name
        first = _LABEL_LINE.match(text, *next_line)
        second = _LABEL_LINE.match(text, *after) if after is not None else None
        if first is None or second is None or first.group("label") == second.group("label") or len(words) > 3:
            return None
    return name


def find_sections(text: str, taken: list[Span] = ()) -> list[Section]:
    """The headings in ``text`` with the lines under them, outside the ``taken`` ranges (tables)."""
    if "\n" not in text:
        return []
    lines = _lines(text)
    out, i = [], 0
    while i < len(lines) - 1:
        s, e = lines[i]
        if any(a <= s < b for a, b in taken) or "|" in text[s:e]:
            i += 1
            continue
        name = _heading(text, s, e, lines[i + 1], lines[i + 2] if i + 2 < len(lines) else None)
        if name is None:
            i += 1
            continue
        body, j = [], i + 1
        while j < len(lines):
            ls, le = lines[j]
            if not text[ls:le].strip() or any(a <= ls < b for a, b in taken) or "|" in text[ls:le]:
                break
            if _heading(text, ls, le, *(lines[j + 1:j + 3] + [None, None])[:2]) is not None:
                break
            if (span := _strip(text, ls, le)) is not None:
                body.append(span)
            j += 1
        if body:
            out.append(Section(s, body[-1][1], name, body))
            i = j
        else:
            i += 1
    return out


def find_layouts(text: str) -> list[Table | Section]:
    """The tables and the headed sections of ``text``, in order, none inside another."""
    tables = find_tables(text)
    sections = find_sections(text, [(t.start, t.end) for t in tables])
    return sorted([*tables, *sections], key=lambda x: x.start)
