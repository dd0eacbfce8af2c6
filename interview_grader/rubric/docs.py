"""A Markdown reference of a rubric: every topic, key point, misconception and other wrong claim.

``interview-grader rubric docs -o docs/rubric.md`` writes it; a test keeps the
committed page equal to what the bundled rubric generates.
"""
from __future__ import annotations

from .load import LoadedRubric


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def rubric_markdown(loaded: LoadedRubric) -> str:
    r = loaded.rubric
    out = [
        f"# Rubric reference: {r.title.en}",
        "",
        f"Generated from `{r.id}` version {r.version} by `interview-grader rubric docs`; do not edit by hand.",
        f"{len(r.topics)} topics, {sum(len(t.key_points) for t in r.topics)} key points, "
        f"{len(r.misconceptions)} misconceptions, {len(r.wrong_claims)} other wrong claims. "
        "The format is described in [rubric-format.md](rubric-format.md).",
        "",
        "## Topics",
        "",
    ]
    for t in r.topics:
        out += [f"### `{t.id}`: {t.title.en} / {t.title.zh}", ""]
        out.append("Example questions: " + "; ".join(f"“{_cell(q)}”" for q in t.question_matches[:3]))
        out += ["", "| key point | kind | weight | fact |", "|---|---|---|---|"]
        for k in t.key_points:
            kind = "core" if k.core else "depth"
            out.append(f"| `{k.id}` | {kind} | {k.weight:g} | {_cell(k.text.en)}<br>{_cell(k.text.zh)} |")
        out.append("")
    sections = [("Misconceptions", r.misconceptions, "")]
    if r.wrong_claims:
        sections.append((
            "Other wrong claims", r.wrong_claims,
            "Factual errors outside the misconception ids: they cost points like a misconception of their "
            "severity and are reported under `wrong_claims`, never as misconceptions.",
        ))
    for title, claims, intro in sections:
        out += [f"## {title}", ""] + ([intro, ""] if intro else [])
        out += ["| id | severity | wrong claim | correction |", "|---|---|---|---|"]
        for m in claims:
            where = f" (checked in: {', '.join(m.topics)})" if m.topics else ""
            out.append(
                f"| `{m.id}` | {m.severity} | {_cell(m.claim.en)}{where}<br>{_cell(m.claim.zh)} | "
                f"{_cell(m.correction.en)}<br>{_cell(m.correction.zh)} |"
            )
        out.append("")
    out.pop()
    sc = r.scoring
    out += [
        "",
        "## Scoring parameters",
        "",
        f"- core share {sc.core_share:g}, depth saturation {sc.depth_saturation:g}",
        f"- penalties: critical {sc.penalties.critical:g}, major {sc.penalties.major:g}, minor {sc.penalties.minor:g}",
        f"- caps: critical {sc.caps.critical:g}, major {sc.caps.major:g}, minor {sc.caps.minor:g}",
        f"- term-list cap {sc.term_list_cap:g}, empty-talk cap {sc.empty_talk_cap:g}, second-hand cap {sc.secondhand_cap:g}, attempt floor {sc.attempt_floor:g}",
        f"- topic threshold {sc.topic_threshold:g}, pass mark {sc.pass_mark:g}",
        "",
    ]
    return "\n".join(out)
