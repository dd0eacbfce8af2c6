"""The original transcript reprinted with its verdict replaced by the new review."""
from __future__ import annotations

import re

from ..report import Report

_VERDICT_LABEL = re.compile(r"(?m)^[ \t]*(?:点评|點評|评价|評價|总结|總結|verdict|assessment|feedback|evaluation|comments?)[ \t]*[:：]", re.IGNORECASE)


def to_transcript(report: Report, source_text: str) -> str:
    label = "点评" if report.language == "zh" else "Verdict"
    colon = "：" if report.language == "zh" else ": "
    new = f"{label}{colon}" + report.verdict.replace("\n", "\n")
    newline = "\r\n" if "\r\n" in source_text else "\n"
    if report.original_verdict is not None:
        matches = list(_VERDICT_LABEL.finditer(source_text))
        if matches:
            start = matches[-1].start()
            return source_text[:start] + new.replace("\n", newline) + newline
    body = source_text.rstrip("\r\n")
    return body + newline + new.replace("\n", newline) + newline
