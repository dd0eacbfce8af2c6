"""A Markdown review: per answer, what earned points and what cost them."""
from __future__ import annotations

from ..report import Report
from .labels import RECOMMENDATION, SEVERITY, STATUS, WORDS


def _text(text: str) -> str:
    """Transcript text as Markdown text: "<" escaped, so that "<b>" or "<img …>" in an answer is no HTML."""
    return text.replace("<", "\\<")


def _q(text: str) -> str:
    """Inline quote safe for Markdown: one line, no backticks breaking out, no HTML."""
    return _text(" ".join(text.split()).replace("`", "'"))


def to_markdown(report: Report) -> str:
    lang = report.language
    w = WORDS[lang]
    out: list[str] = [f"# {w['title']}: {_q(report.source)}", ""]
    if report.role or report.years:
        out.append(f"- {w['role']}: {_q(report.role or '-')}; {w['years']}: {_q(report.years or '-')}")
    o = report.overall
    out.append(f"- {w['overall']}: **{o.score}/100** ({o.grade}/5), {w['recommendation']}: {RECOMMENDATION[lang][o.recommendation]}")
    out.append(f"- {w['rubric']}: {report.rubric.id} {report.rubric.version} (sha256 {report.rubric.sha256[:12]})")
    out.append("")
    out.append(f"| # | {w['topic']} | {w['status']} | {w['score']} | {w['flags']} |")
    out.append("|---|---|---|---|---|")
    for a in report.answers:
        flags = ", ".join(f.id for f in [*a.misconceptions, *a.wrong_claims]) or "-"
        score = "-" if a.score is None else str(a.score)
        out.append(f"| {a.number} | {a.topic or '-'} | {STATUS[lang][a.status]} | {score} | {flags} |")
    out.append("")
    for a in report.answers:
        score = "-" if a.score is None else f"{a.score}/100"
        out.append(f"## {w['question']} {a.number}: {_q(a.question)}")
        out.append("")
        out.append(f"{w['topic']}: {a.topic_title or '-'} · {w['status']}: {STATUS[lang][a.status]} · {w['score']}: {score}")
        out.append("")
        if a.covered:
            out.append(f"**{w['earned']}**")
            out.append("")
            for c in a.covered:
                kind = w["core"] if c.core else w["depth"]
                label = a.key_point_text.get(c.id, "")
                out.append(f"- ✓ `{c.id}` ({kind}){': ' + label if label else ''} — “{_q(c.evidence)}”")
            out.append("")
        cost = []
        for f in [*a.misconceptions, *a.wrong_claims]:
            cost.append(
                f"- ✗ `{f.id}` ({SEVERITY[lang][f.severity]}): “{_q(f.evidence)}” — {f.claim} "
                f"**{w['correction']}:** {f.correction}"
            )
        if a.status == "graded" and a.missing:
            cost.append(f"- {w['missing']}:")
            for m in a.missing:
                kind = w["core"] if m in a.missing_core else w["depth"]
                label = a.key_point_text.get(m, "")
                cost.append(f"  - `{m}` ({kind}){': ' + label if label else ''}")
        for n in a.notes:
            cost.append(f"- {n}")
        if cost:
            out.append(f"**{w['cost']}**")
            out.append("")
            out.extend(cost)
            out.append("")
    out.append(f"## {w['verdict']}")
    out.append("")
    out.append(_text(report.verdict))
    out.append("")
    if report.original_verdict:
        out.append(f"## {w['original']}")
        out.append("")
        out.append(("> ⚠ " + w["contradicted"] + "\n>\n") if report.verdict_contradicted else "")
        out.append("> " + _q(report.original_verdict))
        out.append("")
    return "\n".join(line for line in out if line is not None).rstrip() + "\n"
