"""A rich table for the terminal (the default view of ``grade``)."""
from __future__ import annotations

import io

from ..report import Report
from .labels import RECOMMENDATION, STATUS, WORDS

_SEV_STYLE = {"critical": "bold red", "major": "red", "minor": "yellow"}


def _score_style(score: int | None) -> str:
    if score is None:
        return "dim"
    if score >= 70:
        return "green"
    if score >= 40:
        return "yellow"
    return "red"


def renderables(report: Report) -> list:
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    lang = report.language
    w = WORDS[lang]
    o = report.overall
    head = Text()
    head.append(f"{w['title']}: {report.source}\n", style="bold")
    if report.role or report.years:
        head.append(f"{w['role']}: {report.role or '-'}   {w['years']}: {report.years or '-'}\n")
    head.append(f"{w['overall']}: ")
    head.append(f"{o.score}/100", style="bold " + _score_style(o.score))
    head.append(f"  ({o.grade}/5, {RECOMMENDATION[lang][o.recommendation]})")

    table = Table(show_lines=False, expand=False)
    table.add_column("#", justify="right")
    table.add_column(w["topic"])
    table.add_column(w["status"])
    table.add_column(w["score"], justify="right")
    table.add_column(w["flags"])
    for a in report.answers:
        flags = Text()
        for i, f in enumerate([*a.misconceptions, *a.wrong_claims]):
            if i:
                flags.append("\n")
            flags.append(f.id, style=_SEV_STYLE[f.severity])
        score = Text("-" if a.score is None else str(a.score), style=_score_style(a.score))
        table.add_row(str(a.number), a.topic or "-", STATUS[lang][a.status], score, flags)

    parts: list = [head, table]
    # why a score is what it is beyond coverage and flags (caps, the floor, second-hand knowledge), one line per answer
    noted = [a for a in report.answers if a.notes]
    if noted:
        notes = Text(f"{w['notes']}:\n", style="bold")
        for a in noted:
            notes.append(f"  Q{a.number}: ", style="dim")
            notes.append(("；" if lang == "zh" else "; ").join(a.notes) + "\n")
        parts.append(notes)
    # the verdict lists every error with its quote and correction, so the table names them only
    # as Text, never as markup: quotes from the transcript may hold "[/]" or "[bold]"
    parts.append(Panel(Text(report.verdict), title=w["verdict"], expand=False))
    return parts


def make_console(**options):
    """A console for views of transcript data: no markup, emoji codes or highlighting read into it."""
    from rich.console import Console

    return Console(highlight=False, emoji=False, markup=False, **options)


def to_text(report: Report, color: bool = False, width: int = 100) -> str:
    buf = io.StringIO()
    console = make_console(file=buf, width=width, force_terminal=color, color_system="standard" if color else None)
    for r in renderables(report):
        console.print(r)
    return buf.getvalue()
