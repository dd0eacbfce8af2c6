"""Views of a Report.  None of them re-scores: they only lay out the Report."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (only for the annotation: importing this package costs no pydantic)
    from ..report import Report

FORMATS = ("terminal", "json", "markdown", "transcript", "html")


def render(report: Report, fmt: str = "json", source_text: str | None = None, color: bool = False) -> str:
    """Render a report as text in one of ``FORMATS``.

    ``source_text`` (the transcript's decoded text) is needed for the
    ``transcript`` format, which reprints it with the verdict replaced.
    """
    if fmt == "json":
        from .json import to_json

        return to_json(report)
    if fmt == "markdown":
        from .markdown import to_markdown

        return to_markdown(report)
    if fmt == "terminal":
        from .terminal import to_text

        return to_text(report, color=color)
    if fmt == "transcript":
        from .transcript import to_transcript

        if source_text is None:
            raise ValueError("the transcript format needs the source text")
        return to_transcript(report, source_text)
    if fmt == "html":
        from .html import to_html

        return to_html(report, source_text)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
